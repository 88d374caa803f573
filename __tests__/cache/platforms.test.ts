/**
 * The sealed cache actions on runners other than Linux, as far as they can be made here: the path a
 * system without /proc takes (macOS: each rename by path, its parent checked again afterwards),
 * forced on Linux with SWR_NO_PROC_FD=1 and traced to show it is the path taken; and Windows, where
 * each step says in one line that it does nothing, the step green, outputs as a miss.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { makeRepo, NODES, type ActionRepo } from '../../__fixtures__/action.js'
import {
  runStepOn,
  snapshotBundles,
  stepCacheEnv,
  type Bundles,
  type StepRun
} from '../../__fixtures__/cache-run.js'
import { startCacheServer, type CacheServer } from '../../__fixtures__/cache-server.js'
import { CACHE_YML } from '../../__fixtures__/sealed-cache.js'
import { hasStrace, tracedNode } from '../../__fixtures__/strace.js'
import { bytes, write } from '../../__fixtures__/workspace.js'

const NODE24 = NODES[0]!.bin
const HMAC = 'd'.repeat(64)

let server: CacheServer
let bundles: Bundles
let tmp: string

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'swr-platforms-'))
  bundles = snapshotBundles(tmp)
  server = await startCacheServer()
}, 120_000)

afterAll(async () => {
  await server.close()
  fs.rmSync(tmp, { recursive: true, force: true })
})

/** A fresh runner; RUNNER_TEMP at one path, emptied first (see sealed-cache.test.ts). */
function freshRepo(): ActionRepo {
  const repo = makeRepo()
  const temp = path.join(tmp, 'runner-temp')
  fs.rmSync(temp, { recursive: true, force: true })
  fs.mkdirSync(temp, { recursive: true })
  return { ...repo, runnerTemp: temp }
}

function step(
  script: string,
  repo: ActionRepo,
  yml: string,
  inputs: Record<string, string>,
  env: Record<string, string> = {},
  st: Record<string, string> = {},
  bin = NODE24
): Promise<StepRun> {
  return runStepOn(bin, script, repo, {
    actionYml: yml,
    inputs: { 'hmac-key': HMAC, ...inputs },
    state: st,
    env: { ...stepCacheEnv(server, repo), ...env }
  })
}

/** The project's files: a nested tree with an executable and a link. */
function build(root: string): void {
  for (let i = 0; i < 20; i++) write(root, `out/lib/m${i}.js`, bytes(2048, i + 1))
  write(root, 'out/bin/tool', '#!/bin/sh\necho tool\n', 0o755)
  fs.symlinkSync('../bin/tool', path.join(root, 'out/lib/tool'))
}

/** node24 under strace, writing every file system call's path to the returned trace. */
function traced(name: string): { bin: string; trace: string } {
  return tracedNode(tmp, name, NODE24, ['-s', '256', '-e', 'trace=%file'])
}

describe('without /proc (the path macOS takes), forced on Linux', () => {
  it('save, then a fresh runner restores every byte; no name is resolved below /proc/self/fd', async () => {
    const a = freshRepo()
    const inputs = { path: 'out', key: 'noproc-1' }
    const env = { SWR_NO_PROC_FD: '1' }
    const main = await step(bundles.cacheMain, a, CACHE_YML.cache, inputs, env)
    build(a.root)
    const post = await step(bundles.cachePost, a, CACHE_YML.cache, inputs, env, main.state)
    expect(post.stdout).toMatch(/saved them under key noproc-1/)

    const b = freshRepo()
    const t = traced('noproc')
    const trace = t.trace
    const bin = hasStrace ? t.bin : NODE24
    const r = await step(bundles.cacheRestore, b, CACHE_YML.restore, inputs, env, {}, bin)
    expect(r.code).toBe(0)
    expect(r.outputs['cache-hit']).toBe('true')
    expect(fs.readlinkSync(path.join(b.root, 'out/lib/tool'))).toBe('../bin/tool')
    expect(fs.statSync(path.join(b.root, 'out/bin/tool')).mode & 0o777).toBe(0o755)
    for (let i = 0; i < 20; i++)
      expect(fs.readFileSync(path.join(b.root, `out/lib/m${i}.js`))).toEqual(bytes(2048, i + 1))
    if (!hasStrace) {
      process.stderr.write('note: strace is not installed: the path taken is not traced\n')
      return
    }
    const renames = fs
      .readFileSync(trace, 'utf8')
      .split('\n')
      .filter(l => /rename/.test(l))
    expect(renames.some(l => l.includes(b.root))).toBe(true)
    expect(renames.filter(l => l.includes('/proc/self/fd/'))).toEqual([])

    // The control: the same restore without the switch renames through /proc/self/fd.
    const c = freshRepo()
    const t2 = traced('proc')
    const trace2 = t2.trace
    const r2 = await step(bundles.cacheRestore, c, CACHE_YML.restore, inputs, {}, {}, t2.bin)
    expect(r2.outputs['cache-hit']).toBe('true')
    const renames2 = fs
      .readFileSync(trace2, 'utf8')
      .split('\n')
      .filter(l => /rename/.test(l))
    expect(renames2.some(l => l.includes('/proc/self/fd/'))).toBe(true)
  }, 240_000)

  it('a parent planted as a link to outside is refused; nothing is written outside', async () => {
    const a = freshRepo()
    const inputs = { path: 'sub/out', key: 'noproc-link-1' }
    const env = { SWR_NO_PROC_FD: '1' }
    const main = await step(bundles.cacheMain, a, CACHE_YML.cache, inputs, env)
    build(path.join(a.root, 'sub'))
    await step(bundles.cachePost, a, CACHE_YML.cache, inputs, env, main.state)

    const b = freshRepo()
    const outside = path.join(b.base, 'elsewhere')
    fs.mkdirSync(outside)
    fs.symlinkSync(outside, path.join(b.root, 'sub'))
    const r = await step(bundles.cacheRestore, b, CACHE_YML.restore, inputs, env)
    expect(r.code).toBe(0)
    expect(r.outputs['cache-hit']).toBe('false')
    expect(JSON.parse(r.outputs.report ?? '{}').reason).toMatch(/symbolic link/)
    expect(fs.readdirSync(outside)).toEqual([])
  }, 240_000)
})

describe('on Windows', () => {
  it('each cache step says in one line that it does nothing; the step is green, outputs a miss', async () => {
    const repo = freshRepo()
    const env = { RUNNER_OS: 'Windows' }
    const inputs = { path: 'out', key: 'win-1' }
    const asked = server.requests().length
    const main = await step(bundles.cacheMain, repo, CACHE_YML.cache, inputs, env)
    expect(main.code).toBe(0)
    expect(main.outputs['cache-hit']).toBe('false')
    const warnings = main.stdout.split('\n').filter(l => l.startsWith('::warning::'))
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toMatch(/does not run on Windows yet.*runner\.os != 'Windows'/)
    build(repo.root)
    const post = await step(bundles.cachePost, repo, CACHE_YML.cache, inputs, env, main.state)
    expect(post.code).toBe(0)
    expect(post.stdout).not.toMatch(/::warning::/)
    const save = await step(bundles.cacheSave, repo, CACHE_YML.save, inputs, env)
    expect(save.code).toBe(0)
    expect(save.stdout).toMatch(/::warning::.*does not run on Windows yet/)
    expect(server.requests().length).toBe(asked)

    const failing = await step(
      bundles.cacheRestore,
      repo,
      CACHE_YML.restore,
      {
        ...inputs,
        'fail-on-cache-miss': 'true'
      },
      env
    )
    expect(failing.code).not.toBe(0)
  }, 120_000)
})

describe('a seal from another platform', () => {
  const inputs = { path: 'out', key: 'xos-1', 'restore-keys': 'xos-' }
  const mac = { RUNNER_OS: 'macOS', RUNNER_ARCH: 'ARM64' }

  beforeAll(async () => {
    const a = freshRepo()
    const main = await step(bundles.cacheMain, a, CACHE_YML.cache, inputs)
    build(a.root)
    await step(bundles.cachePost, a, CACHE_YML.cache, inputs, {}, main.state)
  }, 120_000)

  it('is not placed on a macOS job, by the exact key or through restore-keys; one line names both', async () => {
    for (const key of ['xos-1', 'xos-2']) {
      const b = freshRepo()
      const r = await step(bundles.cacheRestore, b, CACHE_YML.restore, { ...inputs, key }, mac)
      expect(r.code).toBe(0)
      expect(r.outputs['cache-hit']).toBe('false')
      expect(JSON.parse(r.outputs.report ?? '{}').reason).toMatch(
        /^sealed on linux\/x64(\/(glibc|musl))?, this job runs on darwin\/arm64: not placed \(enableCrossOsArchive: true places it\)$/
      )
      expect(fs.existsSync(path.join(b.root, 'out'))).toBe(false)
    }
  }, 120_000)

  it('is placed with enableCrossOsArchive: true', async () => {
    const b = freshRepo()
    const r = await step(
      bundles.cacheRestore,
      b,
      CACHE_YML.restore,
      { ...inputs, enableCrossOsArchive: 'true' },
      mac
    )
    expect(r.outputs['cache-hit']).toBe('true')
    expect(fs.readFileSync(path.join(b.root, 'out/lib/m0.js'))).toEqual(bytes(2048, 1))
  }, 120_000)
})

describe('the post step', () => {
  it('saves under the primary key the main step computed, not the key input as it reads now', async () => {
    const a = freshRepo()
    const main = await step(bundles.cacheMain, a, CACHE_YML.cache, { path: 'out', key: 'pk-main' })
    build(a.root)
    const post = await step(
      bundles.cachePost,
      a,
      CACHE_YML.cache,
      { path: 'out', key: 'pk-changed' },
      {},
      main.state
    )
    expect(post.stdout).toMatch(/saved them under key pk-main/)
    const hit = await step(bundles.cacheRestore, freshRepo(), CACHE_YML.restore, {
      path: 'out',
      key: 'pk-main'
    })
    expect(hit.outputs['cache-hit']).toBe('true')
    const miss = await step(bundles.cacheRestore, freshRepo(), CACHE_YML.restore, {
      path: 'out',
      key: 'pk-changed'
    })
    expect(miss.outputs['cache-hit']).toBe('false')
    // cache/save takes key as given.
    const b = freshRepo()
    build(b.root)
    const saved = await step(bundles.cacheSave, b, CACHE_YML.save, { path: 'out', key: 'pk-save' })
    expect(saved.stdout).toMatch(/saved them under key pk-save/)
  }, 180_000)
})

describe('hard links', () => {
  it('stay hard links: two names of one file come back as one inode (link count 2)', async () => {
    const a = freshRepo()
    const inputs = { path: 'target', key: 'hardlinks-1' }
    const main = await step(bundles.cacheMain, a, CACHE_YML.cache, inputs)
    write(a.root, 'target/debug/deps/libfoo-1234.rlib', bytes(4096, 7))
    fs.mkdirSync(path.join(a.root, 'target/debug/lib'), { recursive: true })
    fs.linkSync(
      path.join(a.root, 'target/debug/deps/libfoo-1234.rlib'),
      path.join(a.root, 'target/debug/lib/libfoo.rlib')
    )
    const post = await step(bundles.cachePost, a, CACHE_YML.cache, inputs, {}, main.state)
    expect(post.stdout).toMatch(/saved them under key hardlinks-1/)

    const b = freshRepo()
    const r = await step(bundles.cacheRestore, b, CACHE_YML.restore, inputs)
    expect(r.outputs['cache-hit']).toBe('true')
    const one = fs.statSync(path.join(b.root, 'target/debug/deps/libfoo-1234.rlib'))
    const two = fs.statSync(path.join(b.root, 'target/debug/lib/libfoo.rlib'))
    expect(one.ino).toBe(two.ino)
    expect(one.nlink).toBe(2)
    expect(fs.readFileSync(path.join(b.root, 'target/debug/lib/libfoo.rlib'))).toEqual(
      bytes(4096, 7)
    )
  }, 120_000)
})

describe('upload-chunk-size', () => {
  // The client sends archives up to 128 MiB in one request: the chunk size shapes larger ones.
  it('is taken (the save goes through); a bad value is one line naming the input', async () => {
    const a = freshRepo()
    const inputs = { path: 'big', key: 'chunks-1', 'upload-chunk-size': String(1 << 20) }
    const main = await step(bundles.cacheMain, a, CACHE_YML.cache, inputs)
    write(a.root, 'big/blob.bin', bytes(1 << 20, 9))
    const post = await step(bundles.cachePost, a, CACHE_YML.cache, inputs, {}, main.state)
    expect(post.stdout).toMatch(/saved them under key chunks-1/)
    const bad = await step(bundles.cacheSave, a, CACHE_YML.save, {
      path: 'big',
      key: 'chunks-2',
      'upload-chunk-size': '12'
    })
    expect(bad.code).toBe(0)
    expect(bad.stdout).toMatch(/input upload-chunk-size: "12" is not a byte count/)
  }, 120_000)
})
