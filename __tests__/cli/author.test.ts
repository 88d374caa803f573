/**
 * The authoring helpers through the CLI, in process, on real temporary workspaces: audit,
 * autopilot, models (with a sparse 3 GiB model that takes no disk), retighten (with real HMAC
 * signatures) and preset (with escrow refusing the secrets it tracked).
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import fs from 'node:fs'
import path from 'node:path'
import { editDoc, hmacHex, readDoc, verifyJson } from '../../__fixtures__/keys.js'
import {
  add,
  checkJson,
  flipByte,
  makeWorkspace,
  run,
  write,
  type RunOptions,
  type Workspace
} from '../../__fixtures__/workspace.js'
import { isSecretPath } from '../../src/core/capture/secrets.js'
import type { Entry, TreeEntry } from '../../src/core/types.js'

let ws: Workspace

beforeEach(() => {
  ws = makeWorkspace()
})
afterEach(() => ws.cleanup())

const MIB = 1024 * 1024

/** A file of `size` bytes that occupies almost no disk: a little data at the start and the end. */
function sparse(rel: string, size: number, seed = 'x'): string {
  const abs = path.join(ws.root, rel)
  fs.mkdirSync(path.dirname(abs), { recursive: true })
  const fd = fs.openSync(abs, 'w')
  try {
    fs.writeSync(fd, Buffer.from(`head-${seed}`), 0, undefined, 0)
    fs.ftruncateSync(fd, size)
    const tail = Buffer.from(`tail-${seed}`)
    fs.writeSync(fd, tail, 0, tail.length, size - tail.length)
  } finally {
    fs.closeSync(fd)
  }
  return abs
}

/** Run a command that prints JSON; returns the parsed document (throws with the output otherwise). */
async function json<T>(opts: RunOptions, ...args: string[]): Promise<{ code: number; doc: T }> {
  const r = await run([...args, '--json'], opts)
  try {
    return { code: r.code, doc: JSON.parse(r.stdout) as T }
  } catch {
    throw new Error(
      `swr ${args.join(' ')} --json printed no JSON (exit ${r.code}): ${r.stdout}${r.stderr}`
    )
  }
}

const entries = (): Entry[] => readDoc(ws.manifestFile).body.entries
const entry = (id: string): Entry => {
  const e = entries().find(x => x.id === id)
  if (!e) throw new Error(`no entry ${id}`)
  return e
}
const tree = (id: string): TreeEntry => entry(id) as TreeEntry

/** A bad command line: one line on stderr naming the problem, exit 4. */
async function usageError(opts: RunOptions, ...args: string[]): Promise<string> {
  const r = await run(args, opts)
  expect(r.code).toBe(4)
  expect(r.stdout).toBe('')
  return r.stderr
}

describe('isSecretPath', () => {
  it('names well-known credential files and leaves their public halves and look-alikes alone', () => {
    for (const p of [
      '.ssh/id_ed25519',
      '.ssh/id_work',
      'keys/id_rsa',
      '.netrc',
      '.git-credentials',
      '.claude/.credentials.json',
      '.codex/auth.json',
      '.config/gh/hosts.yml',
      '.aws/credentials',
      '.gnupg/private-keys-v1.d/x.key'
    ])
      expect([p, isSecretPath(p)]).toEqual([p, true])
    for (const p of [
      '.ssh/id_ed25519.pub',
      '.ssh/config',
      '.bashrc',
      'conf/token.ini',
      'models/tokenizer.json',
      'app/.env.example',
      'hosts.yml',
      'auth.json',
      // Often without credentials: judged by content (secret-scan.ts), not by name.
      '.env',
      'app/.env.local',
      '.npmrc',
      '.kube/config',
      '.docker/config.json'
    ])
      expect([p, isSecretPath(p)]).toEqual([p, false])
  })
})

describe('swr audit', () => {
  beforeEach(() => {
    sparse('assets/model.bin', 70 * MIB)
    write(ws.root, 'assets/logo.png', 'p'.repeat(1000))
    write(ws.root, 'src/a.ts', 'a'.repeat(100))
    write(ws.root, 'src/b.ts', 'b'.repeat(100))
    write(ws.root, 'src/node_modules/dep/index.js', 'd'.repeat(5000))
    write(ws.root, 'node_modules/big/index.js', 'n'.repeat(50_000))
    write(ws.root, 'build/out.o', 'o'.repeat(40_000))
    write(ws.root, '.git/HEAD', 'ref: refs/heads/main\n')
    write(ws.root, 'lib/util.c', 'int u;\n'.repeat(1000))
    write(ws.root, 'run.sh', '#!/bin/sh\necho hi\n', 0o755)
    write(ws.root, 'notes.txt', 'plain, not executable\n')
    fs.symlinkSync('src/a.ts', path.join(ws.root, 'current'))
  })

  interface Audit {
    schema: string
    manifest: string | null
    total: number
    candidates: { kind: string; path: string; bytes: number; files: number; command: string }[]
  }

  it('lists untracked candidates largest first, skipping volatile, VCS and tracked paths', async () => {
    await add(ws, 'lib')
    const { code, doc } = await json<Audit>(ws, 'audit')
    expect(code).toBe(0)
    expect(doc.schema).toBe('swr.audit/1')
    expect(doc.manifest).toBe(ws.manifestFile)
    expect(doc.candidates.map(c => [c.kind, c.path, c.bytes, c.files])).toEqual([
      ['blob', 'assets/model.bin', 70 * MIB, 1],
      ['tree', 'assets', 1000, 1],
      ['tree', 'src', 200, 2],
      ['file', 'run.sh', 18, 1],
      ['link', 'current', 0, 1]
    ])
    const byPath = new Map(doc.candidates.map(c => [c.path, c.command]))
    expect(byPath.get('src')).toBe('swr add src --ignore node_modules')
    expect(byPath.get('assets')).toBe('swr add assets --ignore /model.bin')
    expect(byPath.get('assets/model.bin')).toBe('swr add assets/model.bin')
  })

  it('suggests commands that track exactly the row: once run, the row is gone', async () => {
    const first = await json<Audit>(ws, 'audit')
    const cmd = first.doc.candidates.find(c => c.path === 'assets')?.command ?? ''
    await add(ws, ...cmd.split(' ').slice(2))
    const { doc } = await json<Audit>(ws, 'audit')
    const paths = doc.candidates.map(c => c.path)
    expect(paths).not.toContain('assets')
    expect(paths).toContain('assets/model.bin') // the tree ignores it: still untracked
    expect((await checkJson(ws)).code).toBe(0)
  })

  it('honours --limit and says how many more there are', async () => {
    const { doc } = await json<Audit>(ws, 'audit', '--limit', '2')
    expect(doc.candidates.map(c => c.path)).toEqual(['assets/model.bin', 'lib'])
    expect(doc.total).toBe(6)
    const text = await run(['audit', '--limit', '2'], ws)
    expect(text.stdout).toContain('4 more: --limit 6 shows them all')
  })

  it('works without a manifest (nothing tracked, says so) and writes nothing', async () => {
    const r = await run(['audit'], ws)
    expect(r.code).toBe(0)
    expect(r.stdout).toContain(`no manifest found: nothing counts as tracked; scanning ${ws.root}`)
    expect(r.stdout).toContain('swr add lib')
    expect(fs.existsSync(path.join(ws.root, '.swr'))).toBe(false)
  })

  it('refuses a bad --limit with one line and exit 4', async () => {
    expect(await usageError(ws, 'audit', '--limit', '0')).toMatch(/--limit must be between 1/)
  })
})

describe('swr autopilot', () => {
  beforeEach(() => {
    write(ws.root, 'app/package.json', '{"name":"app"}\n')
    write(ws.root, 'app/src/index.ts', 'export const x = 1\n')
    write(ws.root, 'app/node_modules/dep/index.js', 'module.exports = 1\n')
    write(ws.root, 'app/build/out.js', 'built\n')
    write(ws.root, 'tool/Makefile', 'all:\n\tcc main.c\n')
    write(ws.root, 'tool/main.c', 'int main(void) { return 0; }\n')
    write(ws.root, 'node_modules/x/index.js', 'x\n')
    write(ws.root, 'build/out.o', 'o\n')
    write(ws.root, 'docs/readme.txt', 'words\n')
    write(ws.root, 'run.sh', '#!/bin/sh\nmake -C tool\n', 0o755)
  })

  interface Autopilot {
    schema: string
    created: boolean
    added: Entry[]
    skipped: { path: string; why: string }[]
    no_recipe: { id: string; escrow: string | null }[]
    written: boolean
  }

  it('creates a manifest: source trees with marker sentinels, never node_modules or build', async () => {
    const { code, doc } = await json<Autopilot>(ws, 'autopilot')
    expect(code).toBe(0)
    expect(doc.created).toBe(true)
    expect(doc.added.map(e => [e.kind, e.path])).toEqual([
      ['tree', 'app'],
      ['tree', 'tool'],
      ['file', 'run.sh']
    ])
    expect(tree('app').expect.sentinels).toEqual(['package.json', 'src/index.ts'])
    expect(tree('tool').expect.sentinels).toEqual(['Makefile', 'main.c'])
    expect(tree('app').ignore).toEqual(expect.arrayContaining(['node_modules', 'build']))
    expect(tree('app').expect.files).toBe(2)
    expect(entries().some(e => /(^|\/)(node_modules|build)(\/|$)/.test(e.path))).toBe(false)
    expect(doc.skipped).toEqual([{ path: 'docs', why: expect.stringMatching(/no project marker/) }])
    // What the trees ignore may change freely.
    write(ws.root, 'app/node_modules/dep/new.js', 'new\n')
    expect((await checkJson(ws)).code).toBe(0)
  })

  it('is idempotent and never overwrites a curated manifest', async () => {
    await add(ws, 'app', '--id', 'app', '--restore', 'git clone https://example.com/app.git app')
    const curated = entry('app')
    const first = await json<Autopilot>(ws, 'autopilot')
    expect(first.doc.created).toBe(false)
    expect(first.doc.added.map(e => e.path)).toEqual(['tool', 'run.sh'])
    expect(entry('app')).toEqual(curated)
    const bytes = fs.readFileSync(ws.manifestFile)
    const again = await run(['autopilot'], ws)
    expect(again.code).toBe(0)
    expect(again.stdout).toContain('nothing new to track')
    expect(fs.readFileSync(ws.manifestFile).equals(bytes)).toBe(true)
  })

  it('lists the entries that have no restore recipe, with a hint', async () => {
    await add(ws, 'app', '--id', 'app', '--restore', 'git clone https://example.com/app.git app')
    const { doc } = await json<Autopilot>(ws, 'autopilot')
    expect(doc.no_recipe.map(n => n.id)).toEqual(['tool', 'run.sh'])
    expect(doc.no_recipe[1]?.escrow).toBe('swr escrow --only run.sh')
    const text = await run(['autopilot'], ws)
    expect(text.stdout).toContain('2 entries have no restore recipe')
    expect(text.stdout).toContain("to add one: swr edit ID --restore '<shell command>'")
  })

  it('writes nothing when there is nothing to track', async () => {
    const empty = {
      ...ws,
      root: ws.outside,
      manifestFile: path.join(ws.outside, '.swr', 'manifest.json')
    }
    const r = await run(['autopilot'], empty)
    expect(r.code).toBe(0)
    expect(r.stdout).toContain('nothing to track')
    expect(fs.existsSync(path.join(ws.outside, '.swr'))).toBe(false)
  })
})

describe('swr models', () => {
  const GIB3 = 3 * 1024 * MIB
  const HF = '.cache/huggingface/hub/models--org--tiny'

  interface Models {
    schema: string
    manifest: string | null
    models: { path: string; bytes: number; via?: string; tracked_by: string | null }[]
    added?: Entry[]
    written?: boolean
  }

  beforeEach(() => {
    sparse('models/llama.gguf', GIB3)
    write(ws.root, `${HF}/blobs/0a1b2c`, Buffer.alloc(2 * MIB, 7))
    fs.mkdirSync(path.join(ws.root, `${HF}/snapshots/r1`), { recursive: true })
    fs.symlinkSync('../../blobs/0a1b2c', path.join(ws.root, `${HF}/snapshots/r1/model.safetensors`))
    write(ws.root, 'build/weights.pt', Buffer.alloc(MIB + 1, 1))
    write(ws.root, 'small.onnx', Buffer.alloc(100 * 1024, 2))
    write(ws.root, 'src/data.bin', Buffer.alloc(10, 3))
  })

  it('lists models of any size from the threshold up, caches and build outputs included', async () => {
    const { code, doc } = await json<Models>(ws, 'models')
    expect(code).toBe(0)
    expect(doc.manifest).toBeNull()
    expect(doc.models.map(m => [m.path, m.bytes, m.via ?? null, m.tracked_by])).toEqual([
      ['models/llama.gguf', GIB3, null, null],
      [`${HF}/blobs/0a1b2c`, 2 * MIB, `${HF}/snapshots/r1/model.safetensors`, null],
      ['build/weights.pt', MIB + 1, null, null]
    ])
    const all = await json<Models>(ws, 'models', '--min-mb', '0')
    expect(all.doc.models.map(m => m.path)).toEqual(
      expect.arrayContaining(['small.onnx', 'src/data.bin'])
    )
    expect(fs.existsSync(path.join(ws.root, '.swr'))).toBe(false)
  })

  it('--apply tracks the untracked ones as tier-3 blobs; check passes; a second run adds nothing', async () => {
    await add(ws, 'build/weights.pt', '--id', 'weights')
    const { code, doc } = await json<Models>(ws, 'models', '--apply')
    expect(code).toBe(0)
    expect(doc.added?.map(e => [e.kind, e.path, e.tier])).toEqual([
      ['blob', 'models/llama.gguf', 3],
      ['blob', `${HF}/blobs/0a1b2c`, 3]
    ])
    const llama = entry('models-llama.gguf')
    expect(llama).toMatchObject({ kind: 'blob', expect: { size: GIB3 } })
    expect(llama.expect).not.toHaveProperty('sha256') // 2 MiB read, not 3 GiB
    expect(entry('r1-model.safetensors').path).toBe(`${HF}/blobs/0a1b2c`)
    expect((await checkJson(ws)).code).toBe(0)
    const bytes = fs.readFileSync(ws.manifestFile)
    const again = await json<Models>(ws, 'models', '--apply')
    expect(again.doc.added).toEqual([])
    expect(again.doc.written).toBe(false)
    expect(again.doc.models.every(m => m.tracked_by !== null)).toBe(true)
    expect(fs.readFileSync(ws.manifestFile).equals(bytes)).toBe(true)
  })

  it('--full-hash also records the sha256 that check --deep compares', async () => {
    fs.rmSync(path.join(ws.root, 'models/llama.gguf')) // reading 3 GiB here would only be slow
    const { doc } = await json<Models>(ws, 'models', '--apply', '--full-hash', '--min-mb', '2')
    expect(doc.added?.map(e => e.path)).toEqual([`${HF}/blobs/0a1b2c`])
    expect(entry('r1-model.safetensors').expect).toHaveProperty('sha256')
    expect((await checkJson(ws, '--deep')).code).toBe(0)
  })

  it('refuses a bad --min-mb with exit 4 and writes nothing', async () => {
    expect(await usageError(ws, 'models', '--apply', '--min-mb', 'lots')).toMatch(/--min-mb/)
    expect(await usageError(ws, 'models', '--full-hash')).toMatch(/--full-hash goes with --apply/)
    expect(fs.existsSync(path.join(ws.root, '.swr'))).toBe(false)
  })
})

describe('swr retighten', () => {
  interface Retighten {
    changes: { id: string; field: string; from: number | null; to: number }[]
    skipped: { id: string; why: string }[]
    written: boolean
    signed?: boolean
  }

  beforeEach(() => {
    for (const n of [1, 2, 3, 4]) write(ws.root, `src/f${n}.c`, `int f${n};\n`)
    for (const n of [1, 2]) write(ws.root, `lib/g${n}.c`, `int g${n};\n`)
  })

  /** Make `id` a loose tree, as imported from format 2: sentinels and min_files only. */
  function loosen(id: string, min: number): void {
    editDoc(ws.manifestFile, doc => {
      const e = doc.body.entries.find(x => x.id === id) as TreeEntry
      e.expect = { sentinels: e.expect.sentinels, min_files: min }
    })
  }

  it('raises min_files and lowers max_files to the count on disk', async () => {
    await add(ws, 'src', '--id', 'src', '--min-files', '1', '--max-files', '100')
    const { code, doc } = await json<Retighten>(ws, 'retighten')
    expect(code).toBe(0)
    expect(doc.changes).toEqual([
      { id: 'src', field: 'min_files', from: 1, to: 4 },
      { id: 'src', field: 'max_files', from: 100, to: 4 }
    ])
    expect(tree('src').expect).toMatchObject({ min_files: 4, max_files: 4 })
    expect((await checkJson(ws)).code).toBe(0)
    const text = await run(['retighten'], ws)
    expect(text.stdout).toContain('nothing to tighten')
  })

  it('never loosens: a tree that no longer fits its bounds is skipped, not widened', async () => {
    await add(ws, 'src', '--id', 'src')
    loosen('src', 1)
    write(ws.root, 'src/f5.c', 'int f5;\n')
    const first = await json<Retighten>(ws, 'retighten')
    expect(first.doc.changes).toEqual([
      { id: 'src', field: 'min_files', from: 1, to: 5 },
      { id: 'src', field: 'max_files', from: null, to: 5 }
    ])
    fs.rmSync(path.join(ws.root, 'src/f5.c'))
    fs.rmSync(path.join(ws.root, 'src/f4.c'))
    const bytes = fs.readFileSync(ws.manifestFile)
    const second = await json<Retighten>(ws, 'retighten')
    expect(second.doc.changes).toEqual([])
    expect(second.doc.skipped[0]?.why).toMatch(/CORRUPT: 3 files \(want at least 5\)/)
    expect(fs.readFileSync(ws.manifestFile).equals(bytes)).toBe(true)
  })

  it('skips a damaged tree and tightens the healthy one', async () => {
    await add(ws, 'src', '--id', 'src', '--min-files', '1')
    await add(ws, 'lib', '--id', 'lib', '--min-files', '1')
    flipByte(path.join(ws.root, 'lib/g1.c'), 0)
    const { doc } = await json<Retighten>(ws, 'retighten')
    expect(doc.changes.map(c => c.id)).toEqual(['src'])
    expect(doc.skipped).toEqual([
      {
        id: 'lib',
        why: expect.stringMatching(/^does not verify now \(CORRUPT: .*repair it first$/)
      }
    ])
    expect(tree('lib').expect.min_files).toBe(1)
  })

  it('leaves the manifest byte-identical (not rewritten) when nothing changes', async () => {
    await add(ws, 'src', '--id', 'src')
    const before = fs.statSync(ws.manifestFile)
    const bytes = fs.readFileSync(ws.manifestFile)
    const r = await run(['retighten'], ws)
    expect(r.code).toBe(0)
    expect(r.stdout).toContain('nothing to tighten')
    expect(fs.readFileSync(ws.manifestFile).equals(bytes)).toBe(true)
    expect(fs.statSync(ws.manifestFile).mtimeMs).toBe(before.mtimeMs)
  })

  it('re-signs with the key at hand, and refuses a signed manifest that no longer verifies', async () => {
    const keyed = { ...ws, env: { SWR_HMAC_KEY: hmacHex('author') } }
    await add(keyed, 'src', '--id', 'src', '--min-files', '1')
    await add(keyed, 'lib', '--id', 'lib')
    const signed = await json<Retighten>(keyed, 'retighten', '--only', 'src')
    expect(signed.doc).toMatchObject({ written: true, signed: true })
    expect((await verifyJson(keyed)).json.allowed).toBe(true)

    editDoc(ws.manifestFile, doc => {
      const e = doc.body.entries.find(x => x.id === 'lib') as TreeEntry
      e.expect.min_files = 0
    })
    const bytes = fs.readFileSync(ws.manifestFile)
    const refused = await run(['retighten'], keyed)
    expect(refused.code).toBe(2)
    expect(refused.stderr).toMatch(/signature does not verify.*refusing to edit/)
    expect(fs.readFileSync(ws.manifestFile).equals(bytes)).toBe(true)

    const digest = (await verifyJson(keyed)).json.digest
    const approved = await json<Retighten>(keyed, 'retighten', '--approve-digest', digest)
    expect(approved.doc.changes).toEqual([{ id: 'lib', field: 'min_files', from: 0, to: 2 }])
    expect((await verifyJson(keyed)).json.allowed).toBe(true)
  })

  it('refuses --only naming a non-tree or unknown entry (exit 4)', async () => {
    write(ws.root, 'run.sh', '#!/bin/sh\n', 0o755)
    await add(ws, 'run.sh', '--id', 'run')
    expect(await usageError(ws, 'retighten', '--only', 'run')).toMatch(
      /--only run: a file entry has no file-count bounds/
    )
    expect(await usageError(ws, 'retighten', '--only', 'nope')).toMatch(/no entry with id "nope"/)
  })
})

describe('swr preset', () => {
  interface PresetDoc {
    schema: string
    workspace_is_home: boolean
    added: Entry[]
    secrets: string[]
    skipped: { path: string; why: string }[]
  }

  it('adds only existing, untracked paths; secrets are tier-0 files that escrow refuses', async () => {
    const home = { ...ws, home: ws.root }
    write(ws.root, '.bashrc', 'export EDITOR=vi\n')
    write(ws.root, '.gitconfig', '[user]\n\tname = me\n')
    write(ws.root, '.ssh/config', 'Host *\n', 0o600)
    write(ws.root, '.ssh/id_ed25519', '-----BEGIN OPENSSH PRIVATE KEY-----\n', 0o600)
    write(ws.root, '.ssh/id_ed25519.pub', 'ssh-ed25519 AAAA me\n')
    write(ws.root, '.netrc', 'machine example.com password hunter2\n', 0o600)
    await add(home, '.gitconfig', '--id', 'gitconfig')

    const { code, doc } = await json<PresetDoc>(home, 'preset', 'shell')
    expect(code).toBe(0)
    expect(doc.workspace_is_home).toBe(true)
    expect(doc.added.map(e => e.path)).toEqual([
      '.bashrc',
      '.ssh/config',
      '.ssh/id_ed25519',
      '.ssh/id_ed25519.pub',
      '.netrc'
    ])
    expect(doc.skipped).toEqual([{ path: '.gitconfig', why: 'already tracked by "gitconfig"' }])
    for (const p of ['.ssh/id_ed25519', '.netrc'])
      expect(doc.added.find(e => e.path === p)).toMatchObject({ kind: 'file', tier: 0 })
    expect(doc.secrets).toHaveLength(2)

    const esc = await json<{ escrowed: string[]; skipped: { id: string; why: string }[] }>(
      home,
      'escrow'
    )
    expect(esc.code).toBe(0)
    expect(esc.doc.escrowed).toEqual(['gitconfig', 'bashrc', 'ssh-config', 'ssh-id_ed25519.pub'])
    expect(esc.doc.skipped.map(s => s.id).sort()).toEqual([...doc.secrets].sort())
    expect(esc.doc.skipped[0]?.why).toMatch(/secret.*never escrowed/)
    for (const id of doc.secrets) expect(entry(id)).not.toHaveProperty('escrow')
    const only = await run(['escrow', '--only', doc.secrets[0] ?? ''], home)
    expect(only.code).toBe(2)
  })

  it('tracks agent directories as trees and says when the workspace is not $HOME', async () => {
    write(ws.root, '.claude/settings.json', '{"model":"opus"}\n')
    write(ws.root, '.claude/commands/review.md', 'Review the diff.\n')
    write(ws.root, '.claude/.credentials.json', '{"token":"t"}\n', 0o600)
    write(ws.root, '.claude/projects/p/session.jsonl', '{}\n')
    const r = await run(['preset', 'claude-code'], ws)
    expect(r.code).toBe(0)
    expect(r.stdout).toContain(`note: workspace ${ws.root} is not $HOME (${ws.home})`)
    expect(entries().map(e => [e.kind, e.path, e.tier])).toEqual([
      ['file', '.claude/settings.json', 2],
      ['tree', '.claude/commands', 2],
      ['file', '.claude/.credentials.json', 0]
    ])
    expect((await checkJson(ws)).code).toBe(0)
    const again = await run(['preset', 'claude-code'], ws)
    expect(again.stdout).toContain('nothing to add')
  })

  it('lists presets, and refuses an unknown or missing name with exit 4, writing nothing', async () => {
    const list = await json<{ schema: string; presets: { name: string }[] }>(ws, 'preset', '--list')
    expect(list.doc.presets.map(p => p.name)).toEqual(
      expect.arrayContaining(['shell', 'claude-code', 'codex'])
    )
    expect(await usageError(ws, 'preset', 'vscode')).toMatch(
      /preset "vscode": unknown \(known: shell/
    )
    expect(await usageError(ws, 'preset')).toMatch(/preset: name one of shell/)
    expect(fs.existsSync(path.join(ws.root, '.swr'))).toBe(false)
  })
})
