/**
 * `swr check` end to end on a real workspace with all four kinds: cold and warm cache, --no-cache,
 * damage the cache must not hide, exit codes, --only, and what a check may write (only private
 * cache files under SWR_STATE_DIR; never anything in the workspace).
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import fs from 'node:fs'
import path from 'node:path'
import {
  add,
  bytes,
  checkJson,
  flipByte,
  listAll,
  makeWorkspace,
  modeOf,
  run,
  snapshot,
  write,
  type Workspace
} from '../../../__fixtures__/workspace.js'

const MIB = 1024 * 1024
const IDS = ['conf', 'run', 'model', 'proj', 'tool']

let ws: Workspace

beforeEach(async () => {
  ws = makeWorkspace()
  write(ws.root, 'etc/app.conf', 'port = 8080\n', 0o644)
  write(ws.root, 'bin/run.sh', '#!/bin/sh\nexec ./proj/tool.sh\n', 0o755)
  write(ws.root, 'models/m.bin', bytes(3 * MIB, 3), 0o644)
  write(ws.root, 'proj/package.json', '{"name":"proj"}\n', 0o644)
  write(ws.root, 'proj/src/index.js', 'export default 42\n', 0o644)
  write(ws.root, 'proj/tool.sh', '#!/bin/sh\necho tool\n', 0o755)
  fs.symlinkSync('../proj/tool.sh', path.join(ws.root, 'bin/tool'))
  await add(ws, 'etc/app.conf', '--id', 'conf')
  await add(ws, 'bin/run.sh', '--id', 'run')
  await add(ws, 'models/m.bin', '--id', 'model', '--kind', 'blob')
  await add(ws, 'proj', '--id', 'proj')
  await add(ws, 'bin/tool', '--id', 'tool')
})

afterEach(() => ws.cleanup())

const FIXED_TIME = 1_700_000_000 // whole seconds, so utimes restores mtime exactly

/** Edit `abs` and put its mtime back: only ctime (which user space cannot set) tells. */
function editKeepingMtime(abs: string, edit: () => void): void {
  const before = fs.statSync(abs, { bigint: true })
  expect(before.mtimeNs).toBe(BigInt(FIXED_TIME) * 1_000_000_000n)
  edit()
  fs.utimesSync(abs, FIXED_TIME, FIXED_TIME)
  const after = fs.statSync(abs, { bigint: true })
  expect(after.mtimeNs).toBe(before.mtimeNs)
  expect(after.size).toBe(before.size)
}

describe('check: healthy workspace and the incremental cache', () => {
  it('is healthy cold, healthy warm (from the cache), and healthy with --no-cache', async () => {
    const cold = await checkJson(ws)
    expect(cold.code).toBe(0)
    expect(cold.report.verdict).toBe('healthy')
    expect(cold.report.results.map(r => r.id)).toEqual(IDS)
    expect(cold.report.results.map(r => r.kind)).toEqual(['file', 'file', 'blob', 'tree', 'link'])
    expect(cold.report.results.every(r => r.status === 'OK')).toBe(true)
    expect(cold.report.results.some(r => r.cached)).toBe(false)
    expect(cold.report.summary).toMatchObject({ entries: 5, ok: 5, damaged: 0 })
    expect(cold.report.diagnosis).toEqual({
      signature: 'healthy',
      cause: 'Every entry verifies.',
      advice: []
    })

    const warm = await checkJson(ws)
    expect(warm.code).toBe(0)
    expect(warm.report.verdict).toBe('healthy')
    expect(warm.report.results.some(r => r.cached)).toBe(true)
    const cached = warm.report.results.filter(r => r.cached).map(r => r.id)
    expect(cached).toEqual(expect.arrayContaining(['conf', 'run', 'proj']))

    const fresh = await checkJson(ws, '--no-cache')
    expect(fresh.code).toBe(0)
    expect(fresh.report.verdict).toBe('healthy')
    expect(fresh.report.results.some(r => r.cached)).toBe(false)
    expect(fresh.report.options.cache).toBe(false)
  })

  it('after a warm cache, a same-size byte flip is still found (file, tree and --deep blob)', async () => {
    for (const rel of ['etc/app.conf', 'proj/src/index.js', 'models/m.bin'])
      fs.utimesSync(path.join(ws.root, rel), FIXED_TIME, FIXED_TIME)
    expect((await checkJson(ws, '--deep')).code).toBe(0)
    expect((await checkJson(ws, '--deep')).report.results.some(r => r.cached)).toBe(true)
    editKeepingMtime(path.join(ws.root, 'etc/app.conf'), () =>
      flipByte(path.join(ws.root, 'etc/app.conf'), 0)
    )
    editKeepingMtime(path.join(ws.root, 'proj/src/index.js'), () =>
      flipByte(path.join(ws.root, 'proj/src/index.js'), 5)
    )
    editKeepingMtime(path.join(ws.root, 'models/m.bin'), () =>
      flipByte(path.join(ws.root, 'models/m.bin'), Math.floor(1.5 * MIB))
    )
    const c = await checkJson(ws, '--deep')
    expect(c.code).toBe(1)
    expect(c.get('conf')).toMatchObject({ status: 'CORRUPT', reason: 'content', cached: false })
    expect(c.get('proj')).toMatchObject({ status: 'CORRUPT', reason: 'content' })
    expect(c.get('proj').files?.changed).toEqual([{ path: 'src/index.js', what: 'content' }])
    expect(c.get('model')).toMatchObject({ status: 'CORRUPT', reason: 'content' })
    expect(c.get('run').status).toBe('OK')
    // And the damage stays visible on the next (warm) check.
    const again = await checkJson(ws, '--deep')
    expect(again.get('conf').status).toBe('CORRUPT')
    expect(again.get('proj').status).toBe('CORRUPT')
    expect(again.get('model').status).toBe('CORRUPT')
  })

  it('a file swapped for an identical copy (new inode) re-hashes and still verifies', async () => {
    await checkJson(ws)
    const abs = path.join(ws.root, 'etc/app.conf')
    fs.copyFileSync(abs, abs + '.new')
    fs.renameSync(abs + '.new', abs)
    fs.chmodSync(abs, 0o644)
    const f = (await checkJson(ws)).get('conf')
    expect(f).toMatchObject({ status: 'OK', cached: false })
  })

  it('hashing through the worker pool (over 48 MiB, --jobs 2) finds the same damage', async () => {
    const big = write(ws.root, 'models/big.bin', Buffer.alloc(49 * MIB, 0x5a), 0o644)
    await add(ws, 'models/big.bin', '--id', 'big', '--kind', 'file', '--jobs', '2')
    expect((await checkJson(ws, '--jobs', '2', '--no-cache')).code).toBe(0)
    flipByte(big, 30 * MIB)
    const c = await checkJson(ws, '--jobs', '2')
    expect(c.get('big')).toMatchObject({ status: 'CORRUPT', reason: 'content' })
    expect(c.report.results.filter(r => r.status !== 'OK').map(r => r.id)).toEqual(['big'])
  })
})

describe('check: exit codes and selection', () => {
  it('exits 0 when healthy and 1 when damaged, in text and JSON modes alike', async () => {
    expect((await run(['check'], ws)).code).toBe(0)
    const quiet = await run(['check', '--quiet'], ws)
    expect(quiet).toEqual({ code: 0, stdout: '', stderr: '' })
    fs.rmSync(path.join(ws.root, 'etc/app.conf'))
    const text = await run(['check'], ws)
    expect(text.code).toBe(1)
    expect(text.stdout).toContain('conf')
    expect((await run(['check', '--quiet'], ws)).code).toBe(1)
    const json = await checkJson(ws)
    expect(json.code).toBe(1)
    expect(json.report.verdict).toBe('damaged')
    expect(json.report.summary).toMatchObject({ entries: 5, ok: 4, damaged: 1 })
    expect(json.report.summary.by_status.MISSING).toBe(1)
  })

  it('--only checks just the named entries', async () => {
    fs.rmSync(path.join(ws.root, 'etc/app.conf'))
    const c = await checkJson(ws, '--only', 'run', 'tool')
    expect(c.code).toBe(0)
    expect(c.report.results.map(r => r.id)).toEqual(['run', 'tool'])
    expect(c.report.options.only).toEqual(['run', 'tool'])
  })

  it('--only with an unknown id exits 4 with one line on stderr', async () => {
    const r = await run(['check', '--only', 'nope'], ws)
    expect(r.code).toBe(4)
    expect(r.stdout).toBe('')
    expect(r.stderr).toBe('swr: --only: no entry with id "nope"\n')
    expect(r.stderr.trimEnd().split('\n')).toHaveLength(1)

    const j = await run(['check', '--json', '--only', 'conf', 'nope'], ws)
    expect(j.code).toBe(4)
    expect(JSON.parse(j.stdout)).toEqual({
      schema: 'swr.error/1',
      error: '--only: no entry with id "nope"',
      exit_code: 4
    })
    expect(j.stderr.trimEnd().split('\n')).toHaveLength(1)
  })
})

describe('check: what it writes', () => {
  // Setting up the manifest took the workspace lock in the state dir; start each case without it.
  beforeEach(() => fs.rmSync(ws.stateDir, { recursive: true, force: true }))

  it('never writes into the workspace, even when the workspace is damaged', async () => {
    fs.rmSync(path.join(ws.root, 'etc/app.conf'))
    fs.chmodSync(path.join(ws.root, 'bin/run.sh'), 0o644)
    flipByte(path.join(ws.root, 'proj/src/index.js'), 1)
    fs.truncateSync(path.join(ws.root, 'models/m.bin'), MIB)
    const before = snapshot(ws.root)
    const topBefore = fs.readdirSync(ws.base).sort()
    for (const args of [['check', '--json'], ['check', '--deep'], ['check'], ['why']]) {
      expect((await run(args, ws)).code).toBe(1)
    }
    expect(snapshot(ws.root)).toEqual(before)
    expect(fs.readdirSync(ws.base).sort()).toEqual(topBefore.concat('state').sort())
    expect(fs.readdirSync(ws.home)).toEqual([])
    expect(fs.readdirSync(ws.outside)).toEqual([])
  })

  it('writes only its private state dir when the workspace is $HOME (~/.swr) and no state dir is set', async () => {
    // The agent-sandbox case: ~/.swr/manifest.json describes $HOME. The default state directory
    // (~/.local/state/swr) then lies inside the workspace: check may write there (0700) and nowhere else.
    const homeIsWorkspace = {
      root: ws.root,
      stateDir: ws.stateDir,
      home: ws.root,
      env: { SWR_STATE_DIR: undefined, SWR_MANIFEST: undefined }
    }
    const before = snapshot(ws.root)
    const c = await checkJson(homeIsWorkspace)
    expect(c.code).toBe(0)
    expect(c.report.manifest.path).toBe(ws.manifestFile)
    const after = snapshot(ws.root).filter(line => !line.startsWith('.local'))
    expect(after).toEqual(before)
    expect(fs.statSync(path.join(ws.root, '.local/state/swr')).mode & 0o777).toBe(0o700)
  })

  it('...so a tree over all of $HOME stays healthy across repeated checks', async () => {
    const homeIsWorkspace = {
      root: ws.root,
      stateDir: ws.stateDir,
      home: ws.root,
      env: { SWR_STATE_DIR: undefined, SWR_MANIFEST: undefined }
    }
    await add(homeIsWorkspace, '.', '--id', 'home', '--ignore', '.swr')
    expect((await checkJson(homeIsWorkspace, '--only', 'home')).code).toBe(0)
    const second = await checkJson(homeIsWorkspace, '--only', 'home')
    expect(second.get('home').files?.extra ?? []).toEqual([])
    expect(second.code).toBe(0)
  })

  it('writes its cache only under SWR_STATE_DIR, 0700 directories and 0600 files', async () => {
    expect(fs.existsSync(ws.stateDir)).toBe(false)
    await checkJson(ws)
    const all = listAll(ws.stateDir)
    expect(all.length).toBeGreaterThan(0)
    expect(modeOf(ws.stateDir)).toBe(0o700)
    const files = all.filter(p => fs.lstatSync(p).isFile())
    expect(files.length).toBeGreaterThan(0)
    expect(files.every(p => p.startsWith(path.join(ws.stateDir, 'cache') + path.sep))).toBe(true)
    for (const p of all) {
      const st = fs.lstatSync(p)
      expect([p, st.isDirectory() || st.isFile()]).toEqual([p, true])
      expect([p, st.mode & 0o7777]).toEqual([p, st.isDirectory() ? 0o700 : 0o600])
    }
    // No stray temporary files from the atomic writes.
    expect(files.filter(p => p.endsWith('.tmp'))).toEqual([])
  })

  it('tightens a state directory that is too open', async () => {
    fs.mkdirSync(ws.stateDir, { mode: 0o755 })
    fs.chmodSync(ws.stateDir, 0o755)
    await checkJson(ws)
    expect(modeOf(ws.stateDir)).toBe(0o700)
  })

  const GARBAGE: [string, string | Buffer][] = [
    ['random bytes', bytes(300, 99)],
    ['empty', ''],
    ['truncated JSON', '{"v":1,"files":{'],
    ['null', 'null'],
    ['an array', '[1,2,3]'],
    ['wrong version', '{"v":2,"files":{},"trees":{}}'],
    ['null members', '{"v":1,"files":null,"trees":null,"entry":null}'],
    ['wrong member types', '{"v":1,"files":{"conf":7,"run":"x"},"trees":{"proj":"zz"}}'],
    ['wrong tree-file values', '{"v":1,"entry":"x","files":{"src/index.js":5}}'],
    ['prototype keys', '{"v":1,"files":{"__proto__":{"entry":1}},"trees":{"__proto__":null}}']
  ]

  it.each(GARBAGE)('a cache file holding %s is ignored, not fatal', async (_name, garbage) => {
    expect((await checkJson(ws)).code).toBe(0)
    const cacheFiles = listAll(path.join(ws.stateDir, 'cache')).filter(p =>
      fs.lstatSync(p).isFile()
    )
    expect(cacheFiles.length).toBeGreaterThanOrEqual(2)
    for (const p of cacheFiles) fs.writeFileSync(p, garbage)

    const c = await checkJson(ws)
    expect(c.code).toBe(0)
    expect(c.stderr).toBe('')
    expect(c.report.verdict).toBe('healthy')
    expect(c.report.results.some(r => r.cached)).toBe(false)
    // The cache was rewritten: the next check is warm again.
    expect((await checkJson(ws)).report.results.some(r => r.cached)).toBe(true)
    // And damage is still found after the garbage.
    for (const p of cacheFiles) fs.writeFileSync(p, garbage)
    flipByte(path.join(ws.root, 'etc/app.conf'), 2)
    expect((await checkJson(ws)).get('conf').status).toBe('CORRUPT')
  })

  it('a cache folder that is not a directory is ignored, not fatal', async () => {
    fs.mkdirSync(ws.stateDir, { mode: 0o700 })
    fs.writeFileSync(path.join(ws.stateDir, 'cache'), 'not a directory')
    const c = await checkJson(ws)
    expect(c.code).toBe(0)
    expect(c.report.verdict).toBe('healthy')
    expect((await checkJson(ws)).code).toBe(0)
  })
})
