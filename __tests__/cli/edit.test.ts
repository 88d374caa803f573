/**
 * Authoring without editing JSON, through the CLI in process on real workspaces and real keys:
 * validation before every write (add, edit, rm, rescan), `swr edit`, `swr rm`, `swr rescan`.
 * Every refusal leaves the manifest byte-identical.
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { Ajv2020 } from 'ajv/dist/2020.js'
import fs from 'node:fs'
import path from 'node:path'
import { Readable } from 'node:stream'
import { ok, readDoc, verifyJson } from '../../__fixtures__/keys.js'
import {
  add,
  checkJson,
  fixtureEnv,
  makeWorkspace,
  run,
  write,
  type Workspace
} from '../../__fixtures__/workspace.js'
import { main } from '../../src/cli/main.js'
import type { Entry, FileEntry, TreeEntry } from '../../src/core/types.js'

let ws: Workspace

beforeEach(() => {
  ws = makeWorkspace()
  write(ws.root, 'bin/build.sh', '#!/bin/sh\necho build\n', 0o755)
  write(ws.root, 'etc/app.conf', 'port = 8080\n', 0o644)
  for (let i = 0; i < 3; i++) write(ws.root, `lib/m${i}.js`, `module ${i}\n`)
})
afterEach(() => ws.cleanup())

const bytes = (): Buffer => fs.readFileSync(ws.manifestFile)
const entry = <T extends Entry = Entry>(id: string): T =>
  readDoc(ws.manifestFile).body.entries.find(e => e.id === id) as T

/** One line on stderr, prefixed as the CLI prefixes errors. */
function oneLine(stderr: string): string {
  const lines = stderr.split('\n').filter(Boolean)
  expect(lines).toHaveLength(1)
  return lines[0] ?? ''
}

/** Run a command that must be refused with `code`, leaving the manifest byte-identical. */
async function refused(code: number, ...args: string[]): Promise<string> {
  const before = bytes()
  const r = await run(args, ws)
  expect(r.code).toBe(code)
  expect(bytes()).toEqual(before)
  return oneLine(r.stderr)
}

async function base(): Promise<void> {
  await add(ws, 'bin/build.sh', '--id', 'build')
  await add(ws, 'etc/app.conf', '--id', 'conf')
  await add(ws, 'lib', '--id', 'lib')
}

describe('validation before writing', () => {
  it('add --needs its own id is refused (exit 4) naming entry and field; no manifest is created', async () => {
    const r = await run(['add', 'bin/build.sh', '--id', 'build', '--needs', 'build'], ws)
    expect(r.code).toBe(4)
    expect(oneLine(r.stderr)).toMatch(/entry "build" field needs names the entry itself/)
    expect(fs.existsSync(ws.manifestFile)).toBe(false)
  })

  it('add --needs its own id on an existing signed manifest leaves it byte-identical', async () => {
    await ok(ws, 'keygen', '--no-mldsa')
    await base()
    const line = await refused(4, 'add', 'bin', '--id', 'bin', '--needs', 'bin')
    expect(line).toContain('entry "bin" field needs')
    expect((await verifyJson(ws)).code).toBe(0)
  })

  it('add --min-files above the files on disk (and --max-files below) is refused', async () => {
    await base()
    write(ws.root, 'src/a.c', 'int a;\n')
    const line = await refused(4, 'add', 'src', '--kind', 'tree', '--min-files', '9')
    expect(line).toContain('entry "src" field expect.min_files: 9 is above the 1 files')
    write(ws.root, 'src/b.c', 'int b;\n')
    expect(await refused(4, 'add', 'src', '--max-files', '1')).toContain('expect.max_files')
    expect((await run(['check'], ws)).code).toBe(0)
  })

  it('add accepts --lock-timeout', async () => {
    const r = await run(['add', 'bin/build.sh', '--lock-timeout', '5', '--quiet'], ws)
    expect(r.code).toBe(0)
  })
})

describe('swr edit', () => {
  beforeEach(base)

  it('sets declared fields, prints each change, keeps the captured ones, and re-signs', async () => {
    await ok(ws, 'keygen', '--no-mldsa')
    await ok(ws, 'sign')
    const before = entry<FileEntry>('build')
    const r = await run(
      [
        'edit',
        'build',
        '--restore',
        'cp /golden/build.sh bin/',
        '--env',
        'GOLDEN',
        '--secret-env',
        'TOKEN',
        '--timeout',
        '60',
        '--smoke',
        'bin/build.sh',
        '--needs',
        'conf',
        '--tier',
        '0',
        '--note',
        'the build entry point'
      ],
      ws
    )
    expect(r.code).toBe(0)
    expect(r.stdout).toContain('edited "build":')
    expect(r.stdout).toContain('restore: (none) -> "cp /golden/build.sh bin/"')
    expect(r.stdout).toContain('tier: 1 -> 0')
    expect(r.stdout).toContain('needs: [] -> ["conf"]')
    expect(r.stdout).toMatch(/signed version \d+/)
    const after = entry<FileEntry>('build')
    expect(after).toMatchObject({
      restore: 'cp /golden/build.sh bin/',
      env: ['GOLDEN'],
      secret_env: ['TOKEN'],
      timeout_s: 60,
      smoke: 'bin/build.sh',
      needs: ['conf'],
      tier: 0,
      note: 'the build entry point'
    })
    expect(after.expect).toEqual(before.expect)
    expect((await verifyJson(ws)).code).toBe(0)
    expect((await run(['check'], ws)).code).toBe(0)
  })

  it('--json: one swr.edit/1 document; removal spellings clear what was set', async () => {
    await ok(ws, 'edit', 'build', '--env', 'A', '--env', 'B', '--smoke', 'true', '--needs', 'conf')
    const r = await run(
      ['edit', 'build', '--drop-env', 'A', '--clear-smoke', '--clear-needs', '--json'],
      ws
    )
    expect(r.code).toBe(0)
    const doc = JSON.parse(r.stdout) as {
      schema: string
      entries: { id: string; changes: { field: string; before: unknown; after: unknown }[] }[]
      written: boolean
      signed: boolean
    }
    expect(doc.schema).toBe('swr.edit/1')
    expect(doc.written).toBe(true)
    expect(doc.signed).toBe(false)
    expect(doc.entries[0]?.changes).toEqual(
      expect.arrayContaining([
        { field: 'env', before: ['A', 'B'], after: ['B'] },
        { field: 'smoke', before: 'true', after: undefined },
        { field: 'needs', before: ['conf'], after: [] }
      ])
    )
    expect(entry('build').smoke).toBeUndefined()
    expect(entry('build').env).toEqual(['B'])
  })

  it('--add-source-cache puts a cache before the recipe; --clear-restore removes both', async () => {
    await ok(ws, 'edit', 'lib', '--restore', 'npm ci')
    await ok(ws, 'edit', 'lib', '--add-source-cache', 'lib-v1', '--restore-key', 'lib-')
    expect(entry('lib').restore).toEqual([
      { cache: { key: 'lib-v1', 'restore-keys': ['lib-'] } },
      'npm ci'
    ])
    await ok(ws, 'edit', 'lib', '--restore', 'npm install')
    expect(entry('lib').restore).toEqual([
      { cache: { key: 'lib-v1', 'restore-keys': ['lib-'] } },
      'npm install'
    ])
    await ok(ws, 'edit', 'lib', '--clear-restore')
    expect(entry('lib').restore).toBeUndefined()
  })

  it('refuses what would make a bad manifest (exit 4), byte-identical each time', async () => {
    await ok(ws, 'edit', 'build', '--needs', 'conf')
    expect(await refused(4, 'edit', 'build', '--needs', 'build')).toContain(
      'entry "build" field needs names the entry itself'
    )
    expect(await refused(4, 'edit', 'build', '--needs', 'nope')).toContain(
      'names unknown entry "nope"'
    )
    expect(await refused(4, 'edit', 'conf', '--needs', 'build')).toContain('dependency cycle')
    expect(await refused(4, 'edit', 'lib', '--min-files', '4')).toContain(
      'expect.min_files: 4 is above the 3 files'
    )
    expect(await refused(4, 'edit', 'lib', '--max-files', '2')).toContain('expect.max_files')
    expect(await refused(4, 'edit', 'conf', '--min-files', '1')).toContain('only trees')
    expect(await refused(4, 'edit', 'conf', '--env', 'BAD-NAME')).toContain('field env')
    expect(await refused(4, 'edit', 'nope', '--tier', '1')).toContain('no entry with id "nope"')
    expect(await refused(4, 'edit', 'conf', '--drop-env', 'X')).toContain('--drop-env X')
    expect(await refused(4, 'edit', 'lib', '--sentinel', 'absent.js')).toContain('absent.js')
    expect(await refused(4, 'edit', 'lib', '--restore-key', 'x')).toContain('--add-source-cache')
  })

  it('--ignore captures the tree again; bounds that followed the file count follow it', async () => {
    const r = await run(['edit', 'lib', '--ignore', 'm2.js'], ws)
    expect(r.code).toBe(0)
    expect(r.stdout).toContain('expect.files: 3 -> 2')
    const t = entry<TreeEntry>('lib')
    expect(t.ignore).toEqual(['m2.js'])
    expect(t.expect).toMatchObject({ files: 2, min_files: 2, max_files: 2 })
    fs.rmSync(path.join(ws.root, 'lib/m2.js'))
    expect((await run(['check'], ws)).code).toBe(0)
  })

  it('a tampered signed manifest is refused (exit 2) unless its digest is approved', async () => {
    await ok(ws, 'keygen', '--no-mldsa')
    await ok(ws, 'sign')
    fs.writeFileSync(ws.manifestFile, bytes().toString().replace('"tier": 1', '"tier": 3'))
    expect(await refused(2, 'edit', 'build', '--note', 'x')).toContain('refusing to edit')
    const digest = (await verifyJson(ws)).json.digest
    await ok(ws, 'edit', 'build', '--note', 'x', '--approve-digest', digest)
    expect((await verifyJson(ws)).code).toBe(0)
  })

  it('an edit that changes nothing writes nothing', async () => {
    const before = bytes()
    const r = await run(['edit', 'build', '--tier', '1'], ws)
    expect(r.code).toBe(0)
    expect(r.stdout).toContain('build: unchanged')
    expect(bytes()).toEqual(before)
  })
})

describe('swr rm', () => {
  beforeEach(async () => {
    await base()
    await ok(ws, 'edit', 'build', '--needs', 'conf')
  })

  it('refuses to remove an entry another needs (exit 4, byte-identical)', async () => {
    const line = await refused(4, 'rm', 'conf')
    expect(line).toContain('entry "build" needs "conf"')
    expect(line).toContain('--with-dependents')
  })

  it('--with-dependents removes the dependents too; --json names them all', async () => {
    const r = await run(['rm', 'conf', '--with-dependents', '--json'], ws)
    expect(r.code).toBe(0)
    const doc = JSON.parse(r.stdout) as { schema: string; removed: { id: string }[] }
    expect(doc.schema).toBe('swr.rm/1')
    expect(doc.removed.map(x => x.id).sort()).toEqual(['build', 'conf'])
    expect(readDoc(ws.manifestFile).body.entries.map(e => e.id)).toEqual(['lib'])
  })

  it('removing a tree deletes its index; an unknown id is refused', async () => {
    const index = path.join(ws.root, '.swr/trees/lib.index.gz')
    expect(fs.existsSync(index)).toBe(true)
    await ok(ws, 'rm', 'lib')
    expect(fs.existsSync(index)).toBe(false)
    expect(await refused(4, 'rm', 'lib')).toContain('no entry with id "lib"')
  })
})

describe('swr rescan', () => {
  beforeEach(base)

  it('--dry-run shows size and hash before -> after and writes nothing; then rescan writes', async () => {
    write(ws.root, 'etc/app.conf', 'port = 9090 # moved\n')
    expect((await run(['check'], ws)).code).toBe(1)
    const before = bytes()
    const dry = await run(['rescan', 'conf', '--dry-run'], ws)
    expect(dry.code).toBe(0)
    expect(dry.stdout).toContain('would rescan "conf":')
    expect(dry.stdout).toContain('expect.size: 12 -> 20')
    expect(dry.stdout).toMatch(/expect\.sha256: "[0-9a-f]{64}" -> "[0-9a-f]{64}"/)
    expect(bytes()).toEqual(before)
    const r = await run(['rescan', 'conf', '--json'], ws)
    const doc = JSON.parse(r.stdout) as { schema: string; written: boolean; dry_run: boolean }
    expect(doc).toMatchObject({ schema: 'swr.rescan/1', written: true, dry_run: false })
    expect((await checkJson(ws)).code).toBe(0)
  })

  it('a tree: files and digests before -> after; hand-set bounds kept when they still hold', async () => {
    await ok(ws, 'edit', 'lib', '--min-files', '1', '--max-files', '10')
    write(ws.root, 'lib/m3.js', 'module 3\n')
    const r = await run(['rescan', 'lib'], ws)
    expect(r.code).toBe(0)
    expect(r.stdout).toContain('expect.files: 3 -> 4')
    expect(r.stdout).toContain('expect.content_digest')
    expect(entry<TreeEntry>('lib').expect).toMatchObject({ files: 4, min_files: 1, max_files: 10 })
    expect((await run(['check'], ws)).code).toBe(0)
  })

  it('an escrowed file is escrowed again from its new bytes', async () => {
    await ok(ws, 'keygen', '--no-mldsa')
    await ok(ws, 'sign')
    await ok(ws, 'escrow', '--only', 'conf')
    const old = entry<FileEntry>('conf').escrow?.data
    write(ws.root, 'etc/app.conf', 'port = 7070\n')
    await ok(ws, 'rescan', 'conf')
    const e = entry<FileEntry>('conf')
    expect(e.escrow?.data).toBeDefined()
    expect(e.escrow?.data).not.toBe(old)
    fs.rmSync(path.join(ws.root, 'etc/app.conf'))
    await ok(ws, 'restore')
    expect(fs.readFileSync(path.join(ws.root, 'etc/app.conf'), 'utf8')).toBe('port = 7070\n')
  })
})

describe('add --from', () => {
  const lines = [
    '# one entry per line',
    '{"path": "bin/build.sh", "id": "build", "restore": "make build", "needs": ["conf"]}',
    '',
    '{"path": "etc/app.conf", "id": "conf", "tier": 0, "note": "the port"}',
    '{"path": "lib", "kind": "tree", "ignore": ["m2.js"], "sentinel": "m0.js"}',
    '{"path": "data.bin", "kind": "blob", "full-hash": false}',
    '{"path": "current", "id": "current"}'
  ]

  beforeEach(() => {
    write(ws.root, 'data.bin', 'blob bytes\n')
    fs.symlinkSync('lib', path.join(ws.root, 'current'))
  })

  it('captures every kind in one run with one signature; needs may name a later line', async () => {
    await ok(ws, 'keygen', '--no-mldsa')
    write(ws.base, 'entries.jsonl', lines.join('\n') + '\n')
    const r = await run(['add', '--from', path.join(ws.base, 'entries.jsonl')], ws)
    expect(r.code).toBe(0)
    expect(r.stdout.match(/^signed version/gm)).toHaveLength(1)
    const doc = readDoc(ws.manifestFile)
    expect(doc.body.entries.map(e => [e.id, e.kind])).toEqual([
      ['build', 'file'],
      ['conf', 'file'],
      ['lib', 'tree'],
      ['data.bin', 'blob'],
      ['current', 'link']
    ])
    expect(entry('build')).toMatchObject({ restore: 'make build', needs: ['conf'] })
    expect(entry<TreeEntry>('lib')).toMatchObject({ ignore: ['m2.js'], expect: { files: 2 } })
    expect(entry('data.bin').expect).not.toHaveProperty('sha256')
    expect((await verifyJson(ws)).code).toBe(0)
    expect((await run(['check'], ws)).code).toBe(0)
  })

  it('reads - from standard input', async () => {
    const out: string[] = []
    const err: string[] = []
    const code = await main(['node', 'swr', 'add', '--from', '-', '--quiet'], {
      cwd: ws.root,
      env: fixtureEnv(ws),
      home: ws.home,
      stdout: { write: (s: string) => out.push(s) },
      stderr: { write: (s: string) => err.push(s) },
      stdin: Readable.from([Buffer.from(lines.slice(0, 4).join('\n'))])
    })
    expect(err.join('')).toBe('')
    expect(code).toBe(0)
    expect(readDoc(ws.manifestFile).body.entries.map(e => e.id)).toEqual(['build', 'conf'])
  })

  it('a bad line is refused with its number and field; nothing is written', async () => {
    await base()
    const cases: [string, string][] = [
      ['{"path": "data.bin", "tier": 9}', 'x.jsonl:2: field tier: must be a whole number'],
      ['{"path": "data.bin", "color": "red"}', 'x.jsonl:2: unknown field "color"'],
      ['["data.bin"]', 'x.jsonl:2: not a JSON object'],
      ['{"id": "d"}', 'x.jsonl:2: field path is required'],
      ['{"path": "data.bin", "id": "d", "needs": ["d"]}', 'entry "d" field needs'],
      ['{"path": "data.bin", "needs": ["ghost"]}', 'no entry with id ghost']
    ]
    for (const [bad, why] of cases) {
      write(ws.root, 'x.jsonl', `{"path": "current"}\n${bad}\n`)
      expect(await refused(4, 'add', '--from', 'x.jsonl')).toContain(why)
    }
    expect(await refused(4, 'add', 'data.bin', '--from', 'x.jsonl')).toContain('--from FILE')
  })

  it('entries captured side by side keep request order: ids, errors and refusals', async () => {
    await base()
    const before = fs.readFileSync(ws.manifestFile)
    const refusedWith = async (body: string[], why: string): Promise<void> => {
      write(ws.root, 'x.jsonl', body.join('\n') + '\n')
      expect(await refused(4, 'add', '--from', 'x.jsonl')).toContain(why)
      expect(fs.readFileSync(ws.manifestFile).equals(before)).toBe(true)
    }
    await refusedWith(['{"path": "data.bin"}', '{"path": "./data.bin"}'], 'given twice')
    await refusedWith(
      ['{"path": "data.bin", "id": "same"}', '{"path": "current", "id": "same"}'],
      'entry "same" already exists'
    )
    // Two lines that fail: the error is the earlier line's, whichever failed first.
    write(ws.root, 'more/m.txt', 'm')
    await refusedWith(
      [
        '{"path": "data.bin"}',
        '{"path": "gone-1"}',
        '{"path": "more", "kind": "tree"}',
        '{"path": "gone-2"}'
      ],
      'gone-1'
    )
    // Derived ids follow the list order, not which capture finished first.
    write(ws.root, 'p/a/x.txt', 'big '.repeat(200_000))
    write(ws.root, 'q/a/x.txt', 'small')
    write(ws.root, 'x.jsonl', '{"path": "p/a/x.txt"}\n{"path": "q/a/x.txt"}\n')
    await ok(ws, 'add', '--from', 'x.jsonl', '--quiet')
    const ids = readDoc(ws.manifestFile).body.entries.map(e => [e.id, e.path])
    expect(ids).toContainEqual(['a-x.txt', 'p/a/x.txt'])
    expect(ids).toContainEqual(['a-x.txt-2', 'q/a/x.txt'])
  })
})

describe('--json: one document on stdout, errors included', () => {
  const schema = JSON.parse(
    fs.readFileSync(path.resolve(import.meta.dirname, '../../schema/edit-v1.schema.json'), 'utf8')
  ) as object
  const validate = new Ajv2020({ allErrors: true, strict: true, strictTypes: false }).compile(
    schema
  )

  it('edit, rescan (dry run and not) and rm documents match schema/edit-v1.schema.json', async () => {
    await base()
    write(ws.root, 'etc/app.conf', 'port = 1\n')
    const docs = []
    for (const args of [
      ['edit', 'build', '--note', 'n', '--needs', 'conf'],
      ['edit', 'build', '--note', 'n'],
      ['rescan', 'conf', '--dry-run'],
      ['rescan', 'conf'],
      ['rm', 'conf', '--with-dependents']
    ]) {
      const r = await run([...args, '--json'], ws)
      expect(r.code).toBe(0)
      const doc = JSON.parse(r.stdout) as unknown
      expect(validate(doc) ? [] : validate.errors).toEqual([])
      docs.push(doc)
    }
    expect(docs.map(d => (d as { written: boolean }).written)).toEqual([
      true,
      false,
      false,
      true,
      true
    ])
  })

  it('a refusal, an unknown command and a bad option value print swr.error/1', async () => {
    await base()
    for (const [args, code] of [
      [['edit', 'build', '--needs', 'build'], 4],
      [['frobnicate'], 4],
      [['edit', 'build', '--tier', '9'], 4],
      [['rm', 'ghost'], 4]
    ] as const) {
      const r = await run([...args, '--json'], ws)
      expect(r.code).toBe(code)
      const doc = JSON.parse(r.stdout) as { schema: string; exit_code: number; error: string }
      expect(doc).toMatchObject({ schema: 'swr.error/1', exit_code: code })
      expect(doc.error.length).toBeGreaterThan(0)
    }
  })

  it('export-recipes --json prints its steps and the script as one document', async () => {
    await add(ws, 'bin/build.sh', '--id', 'build', '--restore', 'make build')
    await ok(ws, 'keygen', '--no-mldsa')
    await ok(ws, 'sign')
    const r = await run(['export-recipes', '--json'], ws)
    expect(r.code).toBe(0)
    const doc = JSON.parse(r.stdout) as { schema: string; steps: { id: string }[]; script: string }
    expect(doc.schema).toBe('swr.export-recipes/1')
    expect(doc.steps.map(s => s.id)).toEqual(['build'])
    expect(doc.script).toContain('make build')
  })
})
