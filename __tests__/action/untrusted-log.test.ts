/**
 * The Action's log is a command channel: whoever names a file in the workspace, retargets a link
 * or writes a note must not be able to author a workflow command (a spoofed annotation,
 * `::add-mask::` hiding the verdict, `::stop-commands::` silencing swr, `::save-state`), inject
 * Markdown or HTML into the job summary, or leak a secret. The bundled Action runs as the runner
 * runs it, with the hostile names on disk, and its stdout is read the way the runner reads it.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { generateKeyPairSync } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import {
  commit,
  makeRepo,
  NODES,
  runAction,
  snapshotAction,
  type ActionRepo,
  type ActionRun,
  type WorkflowCommand
} from '../../__fixtures__/action.js'
import { editAndApprove, hmacHex } from '../../__fixtures__/keys.js'
import { add, write, type RunOptions } from '../../__fixtures__/workspace.js'
import type { FileEntry } from '../../src/core/types.js'

/** File names the runner would read as commands if they reached a line start. */
const HOSTILE = [
  'x\n::warning title=Spoofed::from a file name',
  'y\r::error title=Spoofed::cr alone',
  'p%0A::notice title=Spoofed::percent',
  'm\n::add-mask::healthy',
  's\n::stop-commands::silenced',
  'v\n::save-state name=swr-write-back::{}'
]
const MARKUP = [
  '<img src=x onerror=alert(1)>',
  'a|b|c',
  '[link](https:',
  'e\x1b[2KOK fake',
  'r\u202eexe.txt'
]
const LINK_TARGET = 't\n::warning title=Spoofed::from a link target'

let repo: ActionRepo
let script = ''
const node = NODES[0]?.bin ?? process.execPath

beforeAll(() => {
  repo = makeRepo()
  script = snapshotAction(repo.base)
})

afterAll(() => repo?.cleanup())

/** Commands swr itself issues; every annotation it makes has a title starting with "swr". */
function authoredBySwr(c: WorkflowCommand): boolean {
  if (['group', 'endgroup', 'debug'].includes(c.command)) return true
  if (['error', 'warning', 'notice'].includes(c.command))
    return (c.props.title ?? c.message).startsWith('swr')
  return false
}

function expectNoForeignCommand(r: ActionRun): void {
  expect(r.commands.filter(c => !authoredBySwr(c))).toEqual([])
  expect(r.allCommands.filter(c => !authoredBySwr(c))).toEqual([])
  expect(r.commands.map(c => c.props.title ?? '').filter(t => /Spoofed/.test(t))).toEqual([])
  // No raw control character reaches a log line, and no line starts a command it did not mean.
  // eslint-disable-next-line no-control-regex
  expect(r.stdout.split('\n').filter(l => /[\r\x1b\u202e]/.test(l))).toEqual([])
}

describe('hostile file names, link targets and notes in the Action', () => {
  let r: ActionRun
  let sarif = ''

  beforeAll(async () => {
    const opts: RunOptions = { ...repo.cli }
    write(repo.root, 'names/keep.txt', 'kept\n', 0o644)
    write(repo.root, 'more/keep.txt', 'kept\n', 0o644)
    write(repo.root, 'markup/keep.txt', 'kept\n', 0o644)
    write(repo.root, 'target.txt', 'target\n', 0o644)
    fs.symlinkSync('target.txt', path.join(repo.root, 'lnk'))
    await add(opts, 'names', '--kind', 'tree')
    await add(opts, 'more', '--kind', 'tree')
    await add(opts, 'markup', '--kind', 'tree')
    await add(opts, 'lnk')
    commit(repo)
    // The damage, written after the capture by whoever controls the workspace.
    // At most five names per tree, so the log lists each of them.
    HOSTILE.forEach((n, i) =>
      fs.writeFileSync(path.join(repo.root, i < 3 ? 'names' : 'more', n), 'x')
    )
    for (const n of MARKUP) fs.writeFileSync(path.join(repo.root, 'markup', n), 'x')
    fs.rmSync(path.join(repo.root, 'lnk'))
    fs.symlinkSync(LINK_TARGET, path.join(repo.root, 'lnk'))
    sarif = path.join(repo.runnerTemp, 'swr.sarif')
    r = runAction(node, script, repo, {
      inputs: { command: 'check', 'fail-on': 'never', sarif }
    })
  })

  it('reports the damage', () => {
    expect(r.status).toBe(0)
    expect(r.outputs.status).toBe('damaged')
    // Most severe first (the order a bounded output keeps).
    expect(JSON.parse(r.outputs.damaged ?? '[]')).toEqual(['lnk', 'markup', 'more', 'names'])
  })

  it('prints no workflow command that swr did not author', () => {
    expectNoForeignCommand(r)
    expect(r.commands.filter(c => c.command === 'add-mask')).toEqual([])
    expect(r.windows).toEqual([])
  })

  it('shows every name and the link target escaped on one line', () => {
    expect(r.stdout).toContain('+ x\\n::warning title=Spoofed::from a file name')
    expect(r.stdout).toContain('+ y\\r::error title=Spoofed::cr alone')
    expect(r.stdout).toContain('+ m\\n::add-mask::healthy')
    expect(r.stdout).toContain('+ e\\x1b[2KOK fake')
    expect(r.stdout).toContain('+ r\\u202eexe.txt')
    expect(r.stdout).toContain('points to t\\n::warning title=Spoofed::from a link target')
  })

  it('keeps annotations one command each, with the names escaped', () => {
    const errors = r.commands.filter(c => c.command === 'error')
    expect(errors.length).toBeGreaterThanOrEqual(3)
    for (const e of errors) {
      // swr's own message lines (detail, cause, fix): none of them is a command.
      for (const line of e.message.split('\n')) expect(line.trimStart()).not.toMatch(/^::/)
    }
    // As the runner decodes it, a name with `%0A` reads as written: text, neither a newline
    // nor double-encoded.
    const names = errors.find(c => c.props.title === 'swr: CORRUPT names')
    expect(names?.message).toContain('p%0A::notice title=Spoofed::percent')
  })

  it('breaks an annotation where swr does, encoded once, and never where a name does', () => {
    const raw = r.stdout.split('\n')
    const names = r.commands.find(c => c.props.title === 'swr: CORRUPT names')
    const line = raw[names?.line ?? -1] ?? ''
    // The runner's raw line: detail, cause and fix separated by `%0A`, not by a literal `\n`.
    expect(line).toMatch(/%0ACause: .*%0AFix: /)
    expect(line).not.toMatch(/\\n(Cause|Fix): /)
    // Decoded, the message is those three lines; the hostile newline in a name stays `\n`
    // inside the detail line.
    const lines = names?.message.split('\n') ?? []
    expect(lines).toHaveLength(3)
    expect(lines[0]).toContain('x\\n::warning title=Spoofed::from a file name')
    expect(lines[1]).toMatch(/^Cause: /)
    expect(lines[2]).toMatch(/^Fix: /)
    // So does the one in a link target.
    const lnk = r.commands.find(c => /^swr: \w+ lnk$/.test(c.props.title ?? ''))
    expect(lnk?.message.split('\n')[0]).toContain(
      'points to t\\n::warning title=Spoofed::from a link target'
    )
    expect(lnk?.message.split('\n')).toHaveLength(3)
    // Every annotation swr makes: no `\n` of swr's own between its lines.
    for (const c of r.commands.filter(x => ['error', 'warning', 'notice'].includes(x.command)))
      expect(raw[c.line]).not.toMatch(/\\n(Cause|Fix): /)
  })

  it('writes a summary where a name is text, never a cell, link or HTML', () => {
    expect(r.summary).not.toMatch(/(?<!\\)<img/)
    expect(r.summary).toContain('\\<img')
    expect(r.summary).not.toMatch(/(?<!\\)\]\(https:/)
    expect(r.summary).not.toContain('\x1b')
    expect(r.summary).not.toMatch(/^::/m)
    const at = r.summary.indexOf('<details><summary>CORRUPT: 4 entries</summary>')
    expect(at).toBeGreaterThan(0)
    const section = r.summary.slice(at, r.summary.indexOf('\n</details>', at))
    const rows = section.split('\n').filter(l => l.startsWith('| `'))
    expect(rows).toHaveLength(4)
    // Six columns in every row: an unescaped | would add cells.
    for (const row of rows) expect(row.split(/(?<!\\)\|/).length).toBe(8)
  })

  it('writes SARIF messages without a raw control character', () => {
    const text = fs.readFileSync(sarif, 'utf8')
    const doc = JSON.parse(text) as { runs: { results: { message: { text: string } }[] }[] }
    const messages = doc.runs[0]?.results.map(x => x.message.text) ?? []
    expect(messages).toHaveLength(4)
    // eslint-disable-next-line no-control-regex
    for (const m of messages) expect(m).not.toMatch(/[\n\r\x1b\u202e]/)
  })
})

describe('a multi-line secret in secret_env', () => {
  const KEY = hmacHex('untrusted-log')
  const pem = generateKeyPairSync('rsa', { modulusLength: 2048 })
    .privateKey.export({ type: 'pkcs8', format: 'pem' })
    .toString()
  const body = pem.split('\n').filter(l => l.length >= 16 && !l.startsWith('-----'))
  let r: ActionRun
  let other: ActionRepo

  beforeAll(async () => {
    other = makeRepo()
    const opts = { ...other.cli, env: { SWR_HMAC_KEY: KEY } }
    write(other.root, 'conf/app.conf', 'setting=1\n', 0o644)
    await add(opts, 'conf/app.conf', '--id', 'conf')
    await editAndApprove(opts, doc => {
      const e = doc.body.entries[0] as FileEntry
      e.secret_env = ['DEPLOY_KEY']
      // The recipe echoes the key (stdout and stderr) and then restores the file.
      e.restore =
        'printf "%s\\n" "$DEPLOY_KEY"; printf "%s\\n" "$DEPLOY_KEY" >&2; printf "setting=1\\n" > conf/app.conf'
    })
    // Committed with other bytes: the git source refuses them and the recipe runs.
    write(other.root, 'conf/app.conf', 'setting=2\n')
    commit(other)
    fs.rmSync(path.join(other.root, 'conf/app.conf'))
    r = runAction(node, script, other, {
      inputs: { command: 'doctor', 'hmac-key': KEY, require: 'hmac' },
      env: { DEPLOY_KEY: pem }
    })
  })

  afterAll(() => other?.cleanup())

  it('repairs', () => {
    expect(r.outputs.status).toBe('repaired')
    expect(body.length).toBeGreaterThan(10)
  })

  it('registers every line of the key (and the HMAC key) with the runner before the recipe runs', () => {
    const masked = r.commands.filter(c => c.command === 'add-mask').map(c => c.message)
    for (const line of body) expect(masked).toContain(line)
    expect(masked).toContain(KEY)
    const firstMask = r.commands.find(c => c.command === 'add-mask')?.line ?? Infinity
    const window = r.windows[0]?.[0] ?? Infinity
    expect(firstMask).toBeLessThan(window)
  })

  it('leaves no line of the key, nor the HMAC key, in the log, outputs, summary or report', () => {
    const log = r.stdout
      .split('\n')
      .filter(l => !l.startsWith('::add-mask::'))
      .join('\n')
    const report = fs.readFileSync(r.outputs['report-path'] ?? '', 'utf8')
    for (const [name, text] of Object.entries({
      log,
      stderr: r.stderr,
      outputs: r.outputsText,
      summary: r.summary,
      report
    })) {
      const leaked = [...body, KEY].filter(line => text.includes(line))
      expect({ name, leaked }).toEqual({ name, leaked: [] })
    }
    expect(report).toContain('***')
  })
})
