/**
 * Untrusted strings on the command line's output: the bundled CLI, run as a child process, with
 * hostile file names and link targets on disk and hostile strings in manifests. A name cannot
 * rewrite the terminal or fake a line, a manifest string with a control character is refused at
 * load in one line, an error line stays bounded whatever the manifest holds, and an exported
 * recipe script cannot be made to run a command that is not a signed recipe.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { runCli, snapshotBundles, type Bundles } from '../../__fixtures__/cache-run.js'
import { hmacHex } from '../../__fixtures__/keys.js'
import {
  fileEntry,
  linkEntry,
  treeEntry,
  validDoc,
  writeManifest
} from '../../__fixtures__/manifest.js'
import { add, makeWorkspace, write, type Workspace } from '../../__fixtures__/workspace.js'
import type { ManifestDocument } from '../../src/core/types.js'

let tmp = ''
let bundles: Bundles
const spaces: Workspace[] = []

beforeAll(() => {
  tmp = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'swr-untrusted-')))
  bundles = snapshotBundles(tmp)
})

afterAll(() => {
  for (const w of spaces) w.cleanup()
  fs.rmSync(tmp, { recursive: true, force: true })
})

function workspace(): Workspace {
  const w = makeWorkspace()
  spaces.push(w)
  return w
}

// eslint-disable-next-line no-control-regex
const RAW_CONTROL = /[\x00-\x09\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/

describe('check and why on hostile names', () => {
  it('show ESC, CR, LF and bidi controls escaped; no line is the name’s own', async () => {
    const w = workspace()
    write(w.root, 'tree/keep.txt', 'kept\n')
    write(w.root, 'target.txt', 'target\n')
    fs.symlinkSync('target.txt', path.join(w.root, 'lnk'))
    await add(w, 'tree', '--kind', 'tree')
    await add(w, 'lnk')
    for (const n of [
      'e\x1b[2K\rOK fake',
      'n\n  OK       fake  entry',
      'b\u202etxt.exe',
      'c\x9b31m'
    ])
      fs.writeFileSync(path.join(w.root, 'tree', n), 'x')
    fs.rmSync(path.join(w.root, 'lnk'))
    fs.symlinkSync('t\x1b]0;title\x07\n  OK', path.join(w.root, 'lnk'))

    const check = await runCli(bundles, ['check'], w)
    expect(check.code).toBe(1)
    expect(check.stdout).not.toMatch(RAW_CONTROL)
    expect(check.stdout).toContain('+ e\\x1b[2K\\rOK fake')
    expect(check.stdout).toContain('+ n\\n  OK       fake  entry')
    expect(check.stdout).toContain('+ b\\u202etxt.exe')
    expect(check.stdout).toContain('+ c\\x9b31m')
    expect(check.stdout).toContain('points to t\\x1b]0;title\\x07\\n  OK')
    // Only swr's own lines start with a status word.
    expect(check.stdout.split('\n').filter(l => /^\s+OK\b/.test(l))).toEqual([])

    const why = await runCli(bundles, ['why'], w)
    expect(why.stdout).not.toMatch(RAW_CONTROL)
    expect(why.stdout).toContain('target=t\\x1b]0;title\\x07\\n  OK')
  })
})

describe('canary paths', () => {
  it('plant, read and stats show a hostile --at directory escaped', async () => {
    const w = workspace()
    const at = path.join(w.outside, 'at\n  OK \x1b[2K\u202e')
    const args = ['--no-home', '--no-tmp', '--large-bytes', '0']
    const plant = await runCli(bundles, ['canary', 'plant', '--at', at, ...args], w)
    expect(plant.code).toBe(0)
    fs.rmSync(at, { recursive: true })
    const read = await runCli(bundles, ['canary', 'read'], w)
    const stats = await runCli(bundles, ['stats'], w)
    for (const r of [plant, read, stats]) {
      expect(r.stdout).not.toMatch(RAW_CONTROL)
      expect(r.stdout.split('\n').filter(l => /^\s+OK\b/.test(l))).toEqual([])
    }
    expect(read.stdout).toContain('at\\n  OK \\x1b[2K\\u202e')
  })
})

/** Write `doc` as the manifest of a fresh workspace and run `check` on it. */
async function checkDoc(doc: ManifestDocument | string, args: string[] = []) {
  const w = workspace()
  const file = writeManifest(w.root, doc)
  const r = await runCli(bundles, ['check', '-m', file, ...args], w)
  return { ...r, file }
}

const oneLine = (s: string): string[] => s.split('\n').filter(Boolean)

describe('load-time refusal of control characters', () => {
  const withEntry = (e: object): ManifestDocument =>
    validDoc({ entries: [e as ManifestDocument['body']['entries'][number]] })
  const cases: [string, ManifestDocument, RegExp][] = [
    [
      'a path',
      withEntry(fileEntry('f', 'etc/a\nb')),
      /entry "f" field path contains a control character \(U\+000A/
    ],
    [
      'a note',
      withEntry(fileEntry('f', 'etc/a', { note: 'ok\x1b[2K' })),
      /entry "f" field note contains a control character \(U\+001B/
    ],
    [
      'a sentinel',
      withEntry(treeEntry('t', 'src', { expect: { sentinels: ['a\rb'], min_files: 1 } })),
      /entry "t" field expect\.sentinels\.0 contains a control character \(U\+000D/
    ],
    [
      'an ignore rule',
      withEntry(treeEntry('t', 'src', { ignore: ['x\u202e'] })),
      /entry "t" field ignore\.0 contains a control character \(U\+202E/
    ],
    [
      'a link target',
      withEntry(linkEntry('l', 'bin/x', '/usr/bin/x\n::warning::y')),
      /entry "l" field expect\.target contains a control character/
    ],
    [
      'a cache key',
      withEntry(fileEntry('f', 'etc/a', { restore: [{ cache: { key: 'k\x85' } }] })),
      /entry "f" field restore\.0\.cache\.key contains a control character \(U\+0085/
    ],
    [
      'a restore-key',
      withEntry(
        fileEntry('f', 'etc/a', { restore: [{ cache: { key: 'k', 'restore-keys': ['k\x7f'] } }] })
      ),
      /entry "f" field restore\.0\.cache\.restore-keys\.0 contains a control character \(U\+007F/
    ],
    [
      'NUL in a recipe',
      withEntry(fileEntry('f', 'etc/a', { restore: 'echo a\u0000b' })),
      /entry "f" field restore contains a NUL byte/
    ],
    [
      'NUL in a smoke command',
      withEntry(fileEntry('f', 'etc/a', { smoke: 'true\u0000' })),
      /entry "f" field smoke contains a NUL byte/
    ],
    [
      "NUL in the shell's argv",
      validDoc({ shell: ['bash', '-c\u0000'] }),
      /field body\.shell\.1 contains a NUL byte/
    ],
    [
      'NUL in the workspace',
      validDoc({ workspace: '..\u0000' }),
      /field body\.workspace contains a NUL byte/
    ]
  ]
  it.each(cases)(
    'refuses %s: exit 4, one line naming file, entry and field',
    async (_w, doc, re) => {
      const r = await checkDoc(doc)
      expect(r.code).toBe(4)
      expect(oneLine(r.stderr)).toHaveLength(1)
      expect(r.stderr).toMatch(/^swr: .*\.swr\/manifest\.json:\d+: /)
      expect(r.stderr).toMatch(re)
      expect(r.stderr.trimEnd()).not.toMatch(RAW_CONTROL)
    }
  )

  it('add refuses a file whose name holds a control character instead of writing a manifest every later command refuses', async () => {
    const w = workspace()
    for (const name of ['new\nline', 'cr\ronly', 'bidi\u202etxt.exe', 'esc\x1b[2K']) {
      write(w.root, name, 'x\n')
      const r = await runCli(bundles, ['add', name], w)
      expect({ name, code: r.code }).toEqual({ name, code: 4 })
      expect(oneLine(r.stderr)).toHaveLength(1)
      expect(r.stderr).toMatch(
        /contains a control character \(U\+[0-9A-F]{4}\): rename it to track it/
      )
      expect(r.stderr).not.toMatch(RAW_CONTROL)
      expect(fs.existsSync(path.join(w.root, '.swr'))).toBe(false)
    }
  })

  it('accepts newlines and tabs in a recipe (shell code), refusing only NUL there', async () => {
    const r = await checkDoc(
      withEntry(fileEntry('f', 'etc/a', { restore: 'set -e\n\techo one\necho two' }))
    )
    expect(r.code).toBe(1) // damaged (the file is absent), not refused
  })

  it('refuses a format-2 manifest whose path holds a newline, as format 3 would', async () => {
    const w = workspace()
    const v2 = {
      version: 2,
      workspace: w.root,
      entries: [
        { id: 'f', path: 'a\nb', kind: 'file', sha256: 'a'.repeat(64), bytes: 1, mode: '0644' }
      ]
    }
    const r = await checkDoc(JSON.stringify(v2))
    expect(r.code).toBe(4)
    expect(oneLine(r.stderr)).toHaveLength(1)
    expect(r.stderr).toMatch(/entry "f" field path contains a control character \(U\+000A/)
  })
})

describe('error lines stay bounded', () => {
  it('a 1 MB id gives one short line on stderr and in the JSON error', async () => {
    const id = 'x'.repeat(1024 * 1024) + '\x1b[2K'
    const r = await checkDoc(validDoc({ entries: [fileEntry(id, 'etc/a')] }))
    expect(r.code).toBe(4)
    expect(oneLine(r.stderr)).toHaveLength(1)
    expect(r.stderr.length).toBeLessThan(2100)
    expect(r.stderr).toMatch(/…\[\+\d+ chars\]/)
    expect(r.stderr).not.toContain('\x1b')
    const json = await checkDoc(validDoc({ entries: [fileEntry(id, 'etc/a')] }), ['--json'])
    expect(json.code).toBe(4)
    expect(json.stdout.length).toBeLessThan(2200)
    expect(JSON.parse(json.stdout)).toMatchObject({ schema: 'swr.error/1', exit_code: 4 })
  })

  it('a 1 MB unknown key is quoted bounded too', async () => {
    const doc = JSON.stringify({ ...validDoc(), ['k'.repeat(1024 * 1024)]: 1 })
    const r = await checkDoc(doc)
    expect(r.code).toBe(4)
    expect(oneLine(r.stderr)).toHaveLength(1)
    expect(r.stderr.length).toBeLessThan(2100)
  })
})

describe('export-recipes', () => {
  it('quotes the manifest path: a newline in it cannot add a command to the script', async () => {
    const w = workspace()
    const opts = { ...w, env: { SWR_HMAC_KEY: hmacHex('untrusted-text') } }
    // The second line of the script names the manifest, before the script's own `cd`.
    const dir = path.join(w.base, 'm\ntouch PWNED\n#')
    fs.mkdirSync(dir)
    const manifest = path.join(dir, 'manifest.json')
    write(w.root, 'data/a.txt', 'a\n')
    const argsM = ['-m', manifest, '--workspace', w.root]
    await add(
      opts,
      ...argsM,
      'data/a.txt',
      '--id',
      'a',
      '--restore',
      'echo restored > restored.txt'
    )
    const r = await runCli(bundles, ['export-recipes', ...argsM], opts)
    expect(r.code).toBe(0)
    const script = r.stdout
    expect(script).toContain(`# swr recipes for $'${dir.replace(/\n/g, '\\n')}/manifest.json'`)

    const run = fs.mkdtempSync(path.join(tmp, 'run-'))
    fs.writeFileSync(path.join(run, 'recipes.sh'), script)
    const ran = spawnSync('bash', [path.join(run, 'recipes.sh')], { cwd: run, encoding: 'utf8' })
    expect(ran.status).toBe(0)
    expect(fs.existsSync(path.join(run, 'PWNED'))).toBe(false)
    expect(fs.existsSync(path.join(w.root, 'PWNED'))).toBe(false)
    expect(fs.readFileSync(path.join(w.root, 'restored.txt'), 'utf8')).toBe('restored\n')
  })

  it('refuses a manifest whose entry path holds a newline before anything reads it', async () => {
    const doc = validDoc({
      entries: [fileEntry('f', 'a\ntouch PWNED', { restore: 'true' })]
    })
    const r = await checkDoc(doc, ['--json'])
    expect(r.code).toBe(4)
    expect(JSON.parse(r.stdout)).toMatchObject({
      schema: 'swr.error/1',
      error: expect.stringMatching(/entry "f" field path contains a control character \(U\+000A/)
    })
  })
})
