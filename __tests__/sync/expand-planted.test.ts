/**
 * `pull --expand` and a planted copy in clear, through the bundled CLI: the copy lists the variables
 * it wants filled (SECRET_X here) and places `${SECRET_X}` where a refusal would quote it (a scope
 * the gate names, duplicate ids the parser names). Only variables named on the command line are
 * read, and nothing quotes the filled-in text before a trusted signature holds over it: the value
 * appears in no output, no error and no file, and nothing is written.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { execFileSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { packPlain } from '../../src/core/sync/bundle.js'
import type { ManifestDocument } from '../../src/core/types.js'
import { dropBundle, makeBox, plantBundle, write, type Box } from '../../__fixtures__/sync-box.js'

const SECRET = `hunter2-${randomBytes(12).toString('hex')}`
let remote = ''
let maker: Box
let victim: Box

/** Every file below `dir` whose bytes hold `needle`. */
function filesHolding(dir: string, needle: string): string[] {
  const out: string[] = []
  for (const e of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    const p = path.join(e.parentPath, e.name)
    if (e.isFile() && fs.readFileSync(p).includes(needle)) out.push(p)
  }
  return out
}

/** Plant the maker's manifest, changed by `edit`, as a redacted copy naming SECRET_X. */
function plant(name: string, edit: (doc: ManifestDocument) => void): void {
  const doc = JSON.parse(fs.readFileSync(maker.manifest, 'utf8')) as ManifestDocument
  edit(doc)
  const manifest = JSON.stringify(doc, null, 2) + '\n'
  expect(manifest).toContain('${SECRET_X}')
  const bundle = packPlain({ manifest, trees: {}, redacted: ['SECRET_X'] })
  plantBundle(remote, name, bundle.toString('utf8'), maker.base)
}

beforeAll(async () => {
  maker = makeBox()
  victim = makeBox({ SECRET_X: SECRET, GITHUB_TOKEN: `ghp_${'a'.repeat(36)}` })
  remote = path.join(maker.base, 'r.git')
  execFileSync('git', ['init', '--quiet', '--bare', remote])
  write(maker.ws, 'etc/a.conf', 'x = 1\n')
  expect((await maker.cli(['add', 'etc/a.conf', '--id', 'conf'])).code).toBe(0)
  // The gate would name the repository of a scope: "scoped to repository <value>/x".
  plant('scope', doc => {
    doc.body.scope = { repository: '${SECRET_X}/x' }
  })
  // The parser would name a duplicated id: "duplicate id <value>".
  plant('ids', doc => {
    const e = doc.body.entries[0]
    if (e)
      doc.body.entries = [
        { ...e, id: '${SECRET_X}' },
        { ...e, id: '${SECRET_X}' }
      ]
  })
})
afterAll(() => {
  maker?.cleanup()
  victim?.cleanup()
  dropBundle()
})

/**
 * The refusal once SECRET_X is named: the signature half of the gate (2) for a copy that parses
 * filled in; the stored text's own error (4), quoting the placeholder, for one that does not.
 */
const CASES = [
  { name: 'scope', code: 2, says: 'pulled manifest refused: manifest is unsigned' },
  { name: 'ids', code: 4, says: '${SECRET_X}' }
]

describe.each(CASES)('a planted copy that places ${SECRET_X} ($name)', ({ name, code, says }) => {
  const pull = (...args: string[]) =>
    victim.cli(['pull', '--from', `git:${remote}`, '--name', name, ...args])

  afterAll(() => {
    expect(filesHolding(victim.base, SECRET)).toEqual([])
    expect(fs.existsSync(path.join(victim.ws, '.swr'))).toBe(false)
  })

  it('is refused when the user names other variables: SECRET_X is never read', async () => {
    const r = await pull('--expand', 'GITHUB_TOKEN')
    expect(r.code).toBe(2)
    expect(r.stderr).toBe(
      'swr: pulled bundle refused: it was redacted (SECRET_X): pass --expand with each variable to fill from the environment (not named: SECRET_X)\n'
    )
    expect(r.stdout).toBe('')
  })

  it('named by the user, the value is still quoted by no refusal before a signature holds', async () => {
    for (const extra of [[], ['--json'], ['--require', 'mldsa']]) {
      const r = await pull('--expand', 'SECRET_X', ...extra)
      expect([extra, r.code]).toEqual([extra, code])
      expect(r.stderr).toContain(says)
      expect(`${r.stdout}${r.stderr}`).not.toContain(SECRET)
      expect(`${r.stdout}${r.stderr}`).not.toContain(SECRET.slice(0, 12))
      expect(r.stderr.trim().split('\n')).toHaveLength(1)
    }
  })

  it('--expand without a name, or with one that is not a variable name, is bad usage', async () => {
    for (const args of [['--expand'], ['--expand', 'secret x'], ['--expand', '--plaintext-ok']]) {
      const r = await pull(...args)
      expect([args, r.code]).toEqual([args, 4])
      expect(`${r.stdout}${r.stderr}`).not.toContain(SECRET)
    }
  })
})
