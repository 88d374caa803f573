// Seals of sealed manifest entries travel with push and pull (bundled CLI, a real git remote):
// after a wipe of the manifest and the state directory, pull puts the seal back and check verifies
// the entry against it instead of calling it unsealed. A planted bundle whose carried seal names
// another entry, another path or kind, is malformed, comes twice or was changed after it was
// signed is refused in one line and writes nothing; a seal signed by no trusted key is not written.
// In clear, a seal or tree index holding a token-shaped name is never sent.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import {
  dropBundle,
  hex64,
  makeBox,
  plantBundle,
  syncSchemaErrors,
  write,
  type Box
} from '../../__fixtures__/sync-box.js'
import { fitSeals } from '../../src/core/sync/seals.js'

const KEYS = { SWR_HMAC_KEY: hex64('a'), SWR_SYNC_KEY: hex64('b') }
/** A recipe that "installs" from the lockfile: a tree whose content follows it. */
const RECIPE =
  'rm -rf deps && mkdir -p deps/pkg/bin && cp lock.txt deps/pkg/lock && printf "#!/bin/sh\\necho ok\\n" > deps/pkg/bin/tool && chmod 755 deps/pkg/bin/tool'
const TOKEN_NAME = `ghp_${'A1b2C3d4E5'.repeat(4)}`

interface SealedState {
  id: string
  state: string
}
interface PulledSeal {
  id: string
  key: string
  outcome: string
  detail: string
}

let remote: string
const boxes: Box[] = []
function box(env: NodeJS.ProcessEnv): Box {
  const b = makeBox(env)
  boxes.push(b)
  return b
}
afterAll(() => {
  for (const b of boxes) b.cleanup()
  dropBundle()
})

const git = (args: string[], cwd?: string): string =>
  execFileSync('git', args, { cwd, encoding: 'utf8', env: { ...process.env } })

/** A box whose manifest has the sealed entry `deps` and whose doctor sealed it. */
async function sealedBox(env: NodeJS.ProcessEnv, recipe = RECIPE): Promise<Box> {
  const b = box(env)
  write(b.ws, 'lock.txt', 'a@1\n')
  const add = await b.cli([
    'add',
    'deps',
    '--sealed',
    'deps-{os}-{arch}-{hash:lock.txt}',
    '--restore',
    recipe
  ])
  expect(add.stderr).toBe('')
  expect(add.code).toBe(0)
  const doctor = await b.cli(['doctor', '--require', 'hmac', '--json'])
  expect(JSON.parse(doctor.stdout).repair.sealing[0].outcome).toBe('sealed')
  return b
}

const sealFiles = (b: Box): string[] => {
  const dir = path.join(b.state, 'seals')
  return fs.existsSync(dir) ? fs.readdirSync(dir).filter(n => n.endsWith('.json')) : []
}

async function sealedStates(b: Box): Promise<{ code: number | null; sealed: SealedState[] }> {
  const r = await b.cli(['check', '--json'])
  return { code: r.code, sealed: (JSON.parse(r.stdout) as { sealed: SealedState[] }).sealed }
}

let a: Box
beforeAll(async () => {
  remote = path.join(box({}).base, 'remote.git')
  git(['init', '--quiet', '--bare', remote])
  a = await sealedBox(KEYS)
}, 60_000)

describe('seals travel with push and pull', () => {
  it('after a wipe of the manifest and the state directory, pull brings the seal back and check verifies against it', async () => {
    const push = await a.cli(['push', '--to', `git:${remote}`, '--json'])
    expect(push.stderr).toBe('')
    expect(push.code).toBe(0)
    const pushed = JSON.parse(push.stdout) as { seals: string[]; code: string }
    expect(syncSchemaErrors(pushed)).toEqual([])
    expect(pushed.seals).toEqual(['deps'])
    const [kept] = sealFiles(a)
    const sealBytes = fs.readFileSync(path.join(a.state, 'seals', kept as string))

    // The state directory alone wiped: the entry is unsealed (what pull must undo).
    fs.rmSync(a.state, { recursive: true })
    expect((await sealedStates(a)).sealed).toEqual([
      expect.objectContaining({ id: 'deps', state: 'unsealed' })
    ])
    // Then the manifest too: a fresh sandbox with the workspace's files and the keys.
    fs.rmSync(path.join(a.ws, '.swr'), { recursive: true })

    const pull = await a.cli(['pull', '--code', pushed.code, '--require', 'hmac', '--json'])
    expect(pull.stderr).toBe('')
    expect(pull.code).toBe(0)
    const pulled = JSON.parse(pull.stdout) as { seals: PulledSeal[] }
    expect(syncSchemaErrors(pulled)).toEqual([])
    expect(pulled.seals).toEqual([
      expect.objectContaining({
        id: 'deps',
        outcome: 'written',
        detail: expect.stringMatching(/^signed by hmac /)
      })
    ])
    expect(sealFiles(a)).toEqual([kept])
    expect(fs.readFileSync(path.join(a.state, 'seals', kept as string))).toEqual(sealBytes)
    expect(fs.statSync(path.join(a.state, 'seals', kept as string)).mode & 0o777).toBe(0o600)

    const after = await sealedStates(a)
    expect(after.code).toBe(0)
    expect(after.sealed).toEqual([expect.objectContaining({ id: 'deps', state: 'sealed' })])
    // Verified against the pulled seal: damage to the tree is found.
    fs.chmodSync(path.join(a.ws, 'deps/pkg/bin/tool'), 0o644)
    const damaged = await a.cli(['check', '--json'])
    expect(damaged.code).toBe(1)
    fs.chmodSync(path.join(a.ws, 'deps/pkg/bin/tool'), 0o755)

    // A second pull (the manifest wiped again) keeps the seal that is here.
    fs.rmSync(path.join(a.ws, '.swr'), { recursive: true })
    const again = await a.cli(['pull', '--code', pushed.code, '--require', 'hmac'])
    expect(again.code).toBe(0)
    expect(again.stdout).toMatch(
      /\n {2}seal kept {5}deps \(key deps-[^)]+\): a seal for this key is already here/
    )
  }, 60_000)
})

describe('a planted bundle with hostile seals (bundled CLI)', () => {
  let b: Box
  let manifest: string
  let seal: {
    body: { paths: { spelling: string; entry: { kind: string; expect: object } }[] }
    signatures: unknown[]
  }
  beforeAll(() => {
    b = box(KEYS)
    manifest = fs.readFileSync(a.manifest, 'utf8')
    const [name] = sealFiles(a)
    seal = JSON.parse(fs.readFileSync(path.join(a.state, 'seals', name as string), 'utf8'))
  })

  const b64 = (v: unknown): string =>
    Buffer.from(typeof v === 'string' ? v : JSON.stringify(v)).toString('base64')
  const plant = (seals: unknown): void =>
    plantBundle(
      remote,
      'ws',
      JSON.stringify({
        format: 'swr-sync/2',
        sealed: false,
        bundle: { manifest, trees: {}, seals }
      }),
      b.base
    )
  const pull = (): ReturnType<Box['cli']> =>
    b.cli(['pull', '--from', `git:${remote}`, '--plaintext-ok', '--require', 'hmac', '--json'])
  const edited = (change: (s: typeof seal) => void): typeof seal => {
    const copy = JSON.parse(JSON.stringify(seal)) as typeof seal
    change(copy)
    return copy
  }

  it.each([
    [
      'names another entry',
      () => [{ id: 'other', seal: b64(seal) }],
      /the carried seal of "other": the manifest has no sealed entry of that id/
    ],
    [
      'is made for another path',
      () => [{ id: 'deps', seal: b64(edited(s => (s.body.paths[0]!.spelling = 'lock.txt'))) }],
      /the carried seal of "deps": made for other paths than "deps"/
    ],
    [
      'is not JSON',
      () => [{ id: 'deps', seal: b64('{"body":') }],
      /the carried seal of "deps": the seal is not valid JSON/
    ],
    [
      'is not a seal',
      () => [{ id: 'deps', seal: b64({ body: {}, signatures: [] }) }],
      /the carried seal of "deps": the seal is malformed/
    ],
    [
      'comes twice',
      () => [
        { id: 'deps', seal: b64(seal) },
        { id: 'deps', seal: b64(seal) }
      ],
      /carries 2 seals for 1 sealed entries/
    ],
    [
      'was changed after it was signed',
      () => [
        {
          id: 'deps',
          seal: b64(
            edited(s => ((s.body.paths[0]!.entry.expect as { min_files: number }).min_files = 0))
          )
        }
      ],
      /the carried seal of "deps": the seal was changed after it was signed/
    ],
    ['is not a list of seals', () => 'x', /^swr: pulled bundle refused: malformed bundle\n$/]
  ])('refuses a seal that %s: one line, exit 2, nothing written', async (_what, seals, says) => {
    plant(seals())
    const r = await pull()
    expect(r.stderr).toMatch(/^swr: pulled bundle refused: /)
    expect(r.stderr).toMatch(says)
    expect(r.stderr.trim().split('\n')).toHaveLength(1)
    expect(r.code).toBe(2)
    // --json: the same refusal as the one error document, and nothing else.
    expect(JSON.parse(r.stdout)).toMatchObject({ schema: 'swr.error/1', exit_code: 2 })
    expect(fs.existsSync(path.join(b.ws, '.swr'))).toBe(false)
    expect(fs.existsSync(path.join(b.state, 'seals'))).toBe(false)
  })

  it('writes the manifest but not a seal signed by no key this machine trusts', async () => {
    plant([{ id: 'deps', seal: b64(edited(s => (s.signatures = []))) }])
    const r = await pull()
    expect(r.code).toBe(0)
    const doc = JSON.parse(r.stdout) as { seals: PulledSeal[] }
    expect(syncSchemaErrors(doc)).toEqual([])
    expect(doc.seals).toEqual([
      expect.objectContaining({
        id: 'deps',
        outcome: 'skipped',
        detail: expect.stringMatching(/signed by no key this machine trusts/)
      })
    ])
    expect(fs.existsSync(b.manifest)).toBe(true)
    expect(sealFiles(b)).toEqual([])
    fs.rmSync(path.join(b.ws, '.swr'), { recursive: true })
  })
})

describe('in clear', () => {
  it('a copy in clear carries the seals; a seal or tree index with a token-shaped name is never sent', async () => {
    const c = await sealedBox({ SWR_HMAC_KEY: hex64('a') })
    const plain = await c.cli([
      'push',
      '--to',
      `git:${remote}`,
      '--name',
      'clear',
      '--plaintext-ok',
      '--json'
    ])
    expect(plain.code).toBe(0)
    expect((JSON.parse(plain.stdout) as { seals: string[] }).seals).toEqual(['deps'])
    const stored = JSON.parse(git(['cat-file', 'blob', 'refs/swr/clear:bundle.json'], remote)) as {
      sealed: boolean
      bundle: { seals: { id: string }[] }
    }
    expect(stored.sealed).toBe(false)
    expect(stored.bundle.seals.map(s => s.id)).toEqual(['deps'])

    const refs = (): string => git(['for-each-ref', '--format=%(refname)'], remote)
    const before = refs()
    // A sealed entry whose tree names a token-shaped file.
    const t = await sealedBox(
      { SWR_HMAC_KEY: hex64('a') },
      `mkdir -p deps && touch deps/${TOKEN_NAME}`
    )
    const sealRefused = await t.cli([
      'push',
      '--to',
      `git:${remote}`,
      '--name',
      'tok',
      '--plaintext-ok'
    ])
    expect(sealRefused.code).toBe(2)
    expect(sealRefused.stderr).toBe(
      'swr: the seal of sealed entry "deps" holds a token-shaped name: it is never sent in clear\n'
    )
    // A committed tree whose index names one (judged in the decoded index, not the gzip'd bytes).
    write(t.ws, `src/${TOKEN_NAME}`, 'x\n')
    expect((await t.cli(['add', 'src', '--id', 'src'])).code).toBe(0)
    const indexRefused = await t.cli([
      'push',
      '--to',
      `git:${remote}`,
      '--name',
      'tok',
      '--plaintext-ok'
    ])
    expect(indexRefused.code).toBe(2)
    expect(indexRefused.stderr).toBe(
      'swr: the index of tree "src" holds a token-shaped name: it is never sent in clear\n'
    )
    expect(refs()).toBe(before)
  }, 60_000)
})

describe('the bundle limit', () => {
  it("keeps seals in order while they fit beside the manifest, counting a sealed copy's growth", () => {
    const seals = [
      { id: 'a', seal: 'x'.repeat(100) },
      { id: 'b', seal: 'x'.repeat(1000) },
      { id: 'c', seal: 'x'.repeat(10) }
    ]
    expect(fitSeals(seals, 500, 1500, 1)).toEqual({ kept: [seals[0], seals[2]], left: ['b'] })
    expect(fitSeals(seals, 500, 800, 1)).toEqual({ kept: [seals[0], seals[2]], left: ['b'] })
    // The same room for a sealed copy: every byte costs 4/3 (the bundle is base64'd again).
    expect(fitSeals(seals, 500, 800, 4 / 3)).toEqual({ kept: [seals[2]], left: ['a', 'b'] })
    expect(fitSeals(seals, 1000, 1000, 1)).toEqual({ kept: [], left: ['a', 'b', 'c'] })
  })
})
