/**
 * `tree` entries against real damage: sentinels, emptiness, extra/missing/changed files named
 * through the index, exec-bit loss, `--meta`, ignore rules, FIFOs and links leading outside.
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import {
  add,
  checkJson,
  flipByte,
  makeWorkspace,
  SHORT_HASH,
  write,
  type Workspace
} from '../../../__fixtures__/workspace.js'
import type { ManifestDocument, TreeEntry } from '../../../src/core/types.js'

let ws: Workspace
let proj: string

const FILES: [string, string, number][] = [
  ['package.json', '{"name":"proj"}\n', 0o644],
  ['README.md', '# proj\n', 0o644],
  ['src/index.js', 'export const a = 1\n', 0o644],
  ['src/lib/util.js', 'export const u = 2\n', 0o644],
  ['bin/run.sh', '#!/bin/sh\necho run\n', 0o755],
  ['bin/build.sh', '#!/bin/sh\necho build\n', 0o755],
  ['docs/guide.txt', 'read me first\n', 0o644]
]

function treeEntryOf(id: string): TreeEntry {
  const doc = JSON.parse(fs.readFileSync(ws.manifestFile, 'utf8')) as ManifestDocument
  const e = doc.body.entries.find(x => x.id === id)
  if (e?.kind !== 'tree') throw new Error(`no tree ${id}`)
  return e
}

beforeEach(async () => {
  ws = makeWorkspace()
  proj = path.join(ws.root, 'proj')
  for (const [rel, text, mode] of FILES) write(proj, rel, text, mode)
  await add(ws, 'proj', '--id', 'proj')
})

afterEach(() => ws.cleanup())

describe('tree: capture and a healthy check', () => {
  it('records sentinels, counts and digests, and checks OK', async () => {
    const e = treeEntryOf('proj')
    expect(e.expect.sentinels).toEqual(['package.json', 'README.md', 'src/lib/util.js'])
    expect(e.expect).toMatchObject({ files: 7, min_files: 7, max_files: 7 })
    const c = await checkJson(ws)
    expect(c.code).toBe(0)
    const f = c.get('proj')
    expect(f).toMatchObject({ kind: 'tree', status: 'OK', reason: 'ok', tier: 2 })
    expect(f.detail).toBe('7 files, 3 sentinels, content digest matches')
    expect(f.recorded).toMatchObject({ type: 'directory', files: 7, min_files: 7, max_files: 7 })
    expect(f.recorded.meta).toMatch(SHORT_HASH)
    expect(f.found).toEqual({ type: 'directory', files: 7, meta: f.recorded.meta })
  })
})

describe('tree: real damage', () => {
  it('a sentinel deleted: CORRUPT sentinel, named', async () => {
    fs.rmSync(path.join(proj, 'package.json'))
    const c = await checkJson(ws)
    expect(c.code).toBe(1)
    const f = c.get('proj')
    expect(f).toMatchObject({ status: 'CORRUPT', reason: 'sentinel' })
    expect(f.detail).toContain('sentinel missing: package.json')
    expect(f.files?.missing).toEqual(['package.json'])
  })

  it('a sentinel emptied: CORRUPT sentinel "empty"', async () => {
    fs.truncateSync(path.join(proj, 'README.md'), 0)
    const f = (await checkJson(ws)).get('proj')
    expect(f).toMatchObject({ status: 'CORRUPT', reason: 'sentinel' })
    expect(f.detail).toContain('sentinel empty: README.md')
  })

  it('every file removed, directory kept: EMPTY', async () => {
    for (const name of fs.readdirSync(proj)) fs.rmSync(path.join(proj, name), { recursive: true })
    const f = (await checkJson(ws)).get('proj')
    expect(f).toMatchObject({ status: 'EMPTY', reason: 'empty' })
    expect(f.detail).toBe('directory holds no files (want 7)')
    expect(f.found).toMatchObject({ type: 'directory', files: 0 })
  })

  it('files removed but subdirectories kept: still EMPTY', async () => {
    for (const [rel] of FILES) fs.rmSync(path.join(proj, rel))
    const f = (await checkJson(ws)).get('proj')
    expect(f.status).toBe('EMPTY')
  })

  it('an extra file: CORRUPT, files.extra names it', async () => {
    write(proj, 'src/new.js', 'export const n = 3\n')
    const f = (await checkJson(ws)).get('proj')
    expect(f).toMatchObject({ status: 'CORRUPT', reason: 'files' })
    expect(f.files?.extra).toEqual(['src/new.js'])
    expect(f.files?.missing).toEqual([])
    expect(f.files?.counts).toEqual({ missing: 0, extra: 1, changed: 0, shrunk: 0 })
    expect(f.detail).toContain('1 extra: src/new.js')
    expect(f.detail).toContain('8 files (want at most 7)')
  })

  it('a non-sentinel file deleted: files.missing names it', async () => {
    fs.rmSync(path.join(proj, 'docs/guide.txt'))
    const f = (await checkJson(ws)).get('proj')
    expect(f).toMatchObject({ status: 'CORRUPT', reason: 'files' })
    expect(f.files?.missing).toEqual(['docs/guide.txt'])
    expect(f.files?.extra).toEqual([])
    expect(f.detail).toContain('1 missing: docs/guide.txt')
  })

  it('files cut short are counted apart from other changes (the diagnosis reads them as lost)', async () => {
    fs.truncateSync(path.join(proj, 'docs/guide.txt'), 0)
    fs.truncateSync(path.join(proj, 'src/lib/util.js'), 5)
    fs.appendFileSync(path.join(proj, 'src/index.js'), '// grown\n')
    fs.truncateSync(path.join(proj, 'bin/run.sh'), 3)
    fs.chmodSync(path.join(proj, 'bin/run.sh'), 0o644) // cut and re-moded: not only a cut
    const f = (await checkJson(ws)).get('proj')
    expect(f.files?.counts).toEqual({ missing: 0, extra: 0, changed: 4, shrunk: 2 })
    expect(f.files?.changed).toContainEqual({ path: 'docs/guide.txt', what: 'size 14 -> 0' })
  })

  it('one byte changed at the same size: CORRUPT content, files.changed names it', async () => {
    flipByte(path.join(proj, 'src/index.js'), 3)
    const c = await checkJson(ws)
    const f = c.get('proj')
    expect(f).toMatchObject({ status: 'CORRUPT', reason: 'content' })
    expect(f.files?.changed).toEqual([{ path: 'src/index.js', what: 'content' }])
    expect(f.files?.counts).toEqual({ missing: 0, extra: 0, changed: 1, shrunk: 0 })
    expect(f.detail).toBe('1 changed: src/index.js (content)')
    expect(f.found.content).toMatch(SHORT_HASH)
    // The report names the file, never its bytes.
    expect(c.stdout).not.toContain('export const')
  })

  it('exec bits stripped from every script only: STRIPPED', async () => {
    fs.chmodSync(path.join(proj, 'bin/run.sh'), 0o644)
    fs.chmodSync(path.join(proj, 'bin/build.sh'), 0o644)
    const c = await checkJson(ws)
    const f = c.get('proj')
    expect(f).toMatchObject({ status: 'STRIPPED', reason: 'exec' })
    expect(f.files?.changed).toEqual([
      { path: 'bin/build.sh', what: 'mode 0755 -> 0644' },
      { path: 'bin/run.sh', what: 'mode 0755 -> 0644' }
    ])
    expect(c.report.diagnosis.signature).toBe('permission-reset')
  })

  it('a mode change that is not an exec loss: CORRUPT mode, not STRIPPED', async () => {
    fs.chmodSync(path.join(proj, 'docs/guide.txt'), 0o600)
    const f = (await checkJson(ws)).get('proj')
    expect(f).toMatchObject({ status: 'CORRUPT', reason: 'mode' })
    expect(f.files?.changed).toEqual([{ path: 'docs/guide.txt', what: 'mode 0644 -> 0600' }])
  })

  it('a mode change beside a same-size content edit is not "mode": the bytes changed too', async () => {
    fs.chmodSync(path.join(proj, 'docs/guide.txt'), 0o600)
    flipByte(path.join(proj, 'src/index.js'), 3)
    const f = (await checkJson(ws)).get('proj')
    expect(f).toMatchObject({ status: 'CORRUPT', reason: 'files' })
    expect(f.files?.changed.map(c => c.path).sort()).toEqual(['docs/guide.txt', 'src/index.js'])
  })

  it('exec bits stripped AND a same-size content edit: the content damage is not hidden', async () => {
    // Content outranks mode (as for files): a tree with changed bytes is CORRUPT, not STRIPPED.
    fs.chmodSync(path.join(proj, 'bin/run.sh'), 0o644)
    flipByte(path.join(proj, 'src/index.js'), 3)
    const f = (await checkJson(ws)).get('proj')
    expect(f.status).toBe('CORRUPT')
    expect(f.files?.changed.map(c => c.path)).toContain('src/index.js')
  })

  it('one script loses its exec bit AND changes bytes at the same size: CORRUPT, not STRIPPED', async () => {
    // Same rule, one file: chmod +x would not repair this, so it must not read as a mode loss.
    const abs = path.join(proj, 'bin/run.sh')
    fs.chmodSync(abs, 0o644)
    flipByte(abs, 12)
    const c = await checkJson(ws)
    const f = c.get('proj')
    expect(f.status).toBe('CORRUPT')
    expect(f.files?.changed).toEqual([{ path: 'bin/run.sh', what: 'mode 0755 -> 0644, content' }])
    expect(c.report.diagnosis.signature).not.toBe('permission-reset')
  })

  it('the tree replaced by a file: TYPE', async () => {
    fs.rmSync(proj, { recursive: true })
    fs.writeFileSync(proj, 'not a tree\n')
    const f = (await checkJson(ws)).get('proj')
    expect(f).toMatchObject({ status: 'TYPE', reason: 'type' })
    expect(f.detail).toBe('is a file (want a directory)')
    expect(f.found).toEqual({ type: 'file' })
  })

  it('the tree deleted: MISSING', async () => {
    fs.rmSync(proj, { recursive: true })
    const f = (await checkJson(ws)).get('proj')
    expect(f).toMatchObject({ status: 'MISSING', reason: 'absent', found: { type: 'none' } })
  })
})

describe('tree: --meta', () => {
  it('does not see a same-size edit', async () => {
    flipByte(path.join(proj, 'src/index.js'), 3)
    const c = await checkJson(ws, '--meta')
    expect(c.code).toBe(0)
    expect(c.get('proj')).toMatchObject({ status: 'OK', reason: 'ok' })
    expect(c.get('proj').detail).toBe('7 files, 3 sentinels, metadata digest matches')
    expect(c.report.options.meta_only).toBe(true)
    // ...which a full check does see.
    expect((await checkJson(ws)).get('proj').status).toBe('CORRUPT')
  })

  it('sees a size change and names it', async () => {
    fs.appendFileSync(path.join(proj, 'src/index.js'), '//\n')
    const c = await checkJson(ws, '--meta')
    expect(c.code).toBe(1)
    const f = c.get('proj')
    expect(f).toMatchObject({ status: 'CORRUPT', reason: 'files' })
    expect(f.files?.changed).toEqual([{ path: 'src/index.js', what: 'size 19 -> 22' }])
  })
})

describe('tree: ignore rules', () => {
  it('changes under an ignored name or glob do not fail the check', async () => {
    const app = path.join(ws.root, 'app')
    write(app, 'main.py', 'print(1)\n')
    write(app, 'node_modules/dep/index.js', 'module.exports = 1\n')
    write(app, 'lib/node_modules/x/index.js', 'module.exports = 2\n')
    write(app, 'debug.log', 'started\n')
    await add(ws, 'app', '--id', 'app', '--ignore', 'node_modules', '--ignore', '*.log')
    expect(treeEntryOf('app').expect.files).toBe(1)
    expect((await checkJson(ws, '--only', 'app')).code).toBe(0)

    fs.appendFileSync(path.join(app, 'debug.log'), 'more output\n')
    write(app, 'second.log', 'new log\n')
    fs.rmSync(path.join(app, 'node_modules/dep/index.js'))
    write(app, 'node_modules/other/index.js', 'new dep\n')
    flipByte(path.join(app, 'lib/node_modules/x/index.js'), 0)
    fs.chmodSync(path.join(app, 'lib/node_modules/x/index.js'), 0o700)
    const c = await checkJson(ws, '--only', 'app')
    expect(c.code).toBe(0)
    expect(c.get('app')).toMatchObject({ status: 'OK', reason: 'ok' })

    // A change to a file that is not ignored still fails.
    flipByte(path.join(app, 'main.py'), 0)
    const bad = (await checkJson(ws, '--only', 'app')).get('app')
    expect(bad).toMatchObject({ status: 'CORRUPT', reason: 'content' })
    expect(bad.files?.changed).toEqual([{ path: 'main.py', what: 'content' }])
  })
})

describe('tree: special files and links', () => {
  it('a FIFO planted in the tree does not hang the check', async () => {
    execFileSync('mkfifo', [path.join(proj, 'src/pipe')])
    const t0 = Date.now()
    const f = (await checkJson(ws)).get('proj')
    expect(Date.now() - t0).toBeLessThan(10_000)
    expect(f).toMatchObject({ status: 'CORRUPT', reason: 'files' })
    expect(f.files?.extra).toEqual(['src/pipe'])
  }, 15_000)

  it('a FIFO in place of a file does not hang the check either', async () => {
    const abs = path.join(proj, 'src/index.js')
    fs.rmSync(abs)
    execFileSync('mkfifo', [abs])
    const f = (await checkJson(ws)).get('proj')
    expect(f.status).toBe('CORRUPT')
    expect(f.files?.changed).toEqual([{ path: 'src/index.js', what: 'type f -> o' }])
  }, 15_000)

  it('a FIFO in a tree at capture time is recorded, not read', async () => {
    const dir = path.join(ws.root, 'pipes')
    write(dir, 'README.md', 'pipes\n')
    execFileSync('mkfifo', [path.join(dir, 'fifo')])
    await add(ws, 'pipes', '--id', 'pipes')
    expect((await checkJson(ws, '--only', 'pipes')).get('pipes').status).toBe('OK')
  }, 15_000)

  it('a symlink leading outside is recorded by target and never followed', async () => {
    const linked = path.join(ws.root, 'linked')
    write(linked, 'README.md', 'linked\n')
    write(ws.outside, 'data.txt', 'outside v1\n')
    fs.mkdirSync(path.join(ws.outside, 'dir'))
    write(ws.outside, 'dir/a.txt', 'a\n')
    fs.symlinkSync(path.join(ws.outside, 'data.txt'), path.join(linked, 'ext'))
    fs.symlinkSync(path.join(ws.outside, 'dir'), path.join(linked, 'extdir'))
    await add(ws, 'linked', '--id', 'linked')
    const e = treeEntryOf('linked')
    expect(e.expect.files).toBe(3) // README.md and the two links; nothing behind them

    // What the links point at changes, grows or vanishes: the tree does not notice.
    write(ws.outside, 'data.txt', 'outside v2, longer and different\n')
    write(ws.outside, 'dir/b.txt', 'b\n')
    expect((await checkJson(ws, '--only', 'linked')).get('linked').status).toBe('OK')
    fs.rmSync(path.join(ws.outside, 'data.txt'))
    fs.rmSync(path.join(ws.outside, 'dir'), { recursive: true })
    const gone = (await checkJson(ws, '--only', 'linked', '--no-cache')).get('linked')
    expect(gone).toMatchObject({ status: 'OK', reason: 'ok' })

    // The target itself is part of the content digest.
    fs.rmSync(path.join(linked, 'ext'))
    fs.symlinkSync('/etc/hostname', path.join(linked, 'ext'))
    const f = (await checkJson(ws, '--only', 'linked')).get('linked')
    expect(f).toMatchObject({ status: 'CORRUPT', reason: 'content' })
    expect(f.files?.changed).toEqual([
      { path: 'ext', what: `target ${path.join(ws.outside, 'data.txt')} -> /etc/hostname` }
    ])
  })
})
