/**
 * A cache service that fails the way networks fail, through the bundled steps: an archive whose
 * connection is reset mid-body, cut short of its Content-Length, or stalled after its headers; a
 * lookup answering 503 once, or 500 every time. Each must end in bounded time as a clean miss that
 * says why (nothing placed, no scratch left, the step green unless `fail-on-cache-miss`), and a
 * doctor over many damaged entries must not ask a failing service, or warn about it, once per entry.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { ACTION_YML, makeRepo, NODES, type ActionRepo } from '../../__fixtures__/action.js'
import {
  runStepOn,
  snapshotBundles,
  stepCacheEnv,
  type Bundles,
  type StepRun
} from '../../__fixtures__/cache-run.js'
import {
  startCacheServer,
  type BodyFault,
  type CacheServer
} from '../../__fixtures__/cache-server.js'
import { hmacHex } from '../../__fixtures__/keys.js'
import { add, bytes, write } from '../../__fixtures__/workspace.js'
import { CACHE_YML } from '../../__fixtures__/sealed-cache.js'

const NODE24 = NODES[0]!.bin
const HMAC = 'c'.repeat(64)
const KEY = 'faults-linux-1'

let server: CacheServer
let bundles: Bundles
let tmp: string

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'swr-faults-'))
  bundles = snapshotBundles(tmp)
  server = await startCacheServer()
  // One saved archive (about 1.5 MiB, incompressible) that every fault below is served from.
  const repo = freshRepo()
  for (let i = 0; i < 6; i++) write(repo.root, `deps/blob-${i}.bin`, bytes(256 * 1024, i + 1))
  const main = await step(bundles.cacheMain, repo, CACHE_YML.cache, inputs())
  const post = await step(bundles.cachePost, repo, CACHE_YML.cache, inputs(), {}, main.state)
  if (post.code !== 0 || !/saved them under key/.test(post.stdout))
    throw new Error(`could not save the archive:\n${post.stdout}${post.stderr}`)
}, 180_000)

afterAll(async () => {
  await server.close()
  fs.rmSync(tmp, { recursive: true, force: true })
})

/** A fresh runner: its own workspace, home and RUNNER_TEMP. */
function freshRepo(): ActionRepo {
  return makeRepo()
}

function inputs(extra: Record<string, string> = {}): Record<string, string> {
  return { path: 'deps', key: KEY, 'hmac-key': HMAC, ...extra }
}

function step(
  script: string,
  repo: ActionRepo,
  yml: string,
  inp: Record<string, string>,
  env: Record<string, string> = {},
  st: Record<string, string> = {}
): Promise<StepRun> {
  return runStepOn(NODE24, script, repo, {
    actionYml: yml,
    inputs: inp,
    state: st,
    env: { ...stepCacheEnv(server, repo), ...env }
  })
}

function report(r: StepRun): { outcome: string; reason: string | null } {
  return JSON.parse(r.outputs.report ?? '{}')
}

/** A restore on a fresh runner with `fault` on the archive's body; its step and its time. */
async function restoreWith(
  fault: { mode: BodyFault; at?: number } | undefined,
  env: Record<string, string> = {},
  extra: Record<string, string> = {}
): Promise<{ r: StepRun; ms: number; repo: ActionRepo }> {
  const repo = freshRepo()
  server.setFailures(fault ? { blobBody: fault } : {})
  const t0 = Date.now()
  try {
    const r = await step(bundles.cacheRestore, repo, CACHE_YML.restore, inputs(extra), env)
    return { r, ms: Date.now() - t0, repo }
  } finally {
    server.setFailures({})
  }
}

/** Nothing placed in the workspace, no scratch or staged copy left anywhere. */
function nothingLeft(repo: ActionRepo): void {
  expect(fs.existsSync(path.join(repo.root, 'deps'))).toBe(false)
  expect(fs.readdirSync(repo.runnerTemp).filter(n => n.startsWith('swr-'))).toEqual([])
  expect(fs.readdirSync(repo.root).filter(n => n.startsWith('.swr-new'))).toEqual([])
}

describe('a broken download is a clean miss in bounded time', () => {
  it('the stored archive restores when nothing fails (the control)', async () => {
    const { r, repo } = await restoreWith(undefined)
    expect(r.code).toBe(0)
    expect(r.outputs['cache-hit']).toBe('true')
    expect(fs.readdirSync(path.join(repo.root, 'deps'))).toHaveLength(6)
  }, 120_000)

  it.each([
    ['reset mid-body', { mode: 'reset' as const, at: 0.5 }, /download failed: the connection/],
    [
      'cut short of its length',
      { mode: 'short' as const, at: 0.5 },
      /download failed: the connection closed after \d+ of \d+ bytes/
    ]
  ])(
    'a connection %s',
    async (_name, fault, reason) => {
      const { r, ms, repo } = await restoreWith(fault)
      expect(r.code).toBe(0)
      expect(r.outputs['cache-hit']).toBe('false')
      expect(report(r).reason).toMatch(reason)
      expect(ms).toBeLessThan(120_000)
      nothingLeft(repo)
      expect(r.stdout).not.toMatch(/^\s+at\s.+:\d+:\d+\)?$/m)
    },
    150_000
  )

  it('a download that stalls after a quarter of its bytes is abandoned after the stall timeout', async () => {
    const { r, ms, repo } = await restoreWith(
      { mode: 'stall', at: 0.25 },
      {},
      { 'download-stall-timeout': '3' }
    )
    expect(r.code).toBe(0)
    expect(r.outputs['cache-hit']).toBe('false')
    expect(report(r).reason).toMatch(/download failed: stalled: no byte for 3 s after \d+ bytes/)
    expect(ms).toBeGreaterThanOrEqual(3_000)
    expect(ms).toBeLessThan(90_000)
    nothingLeft(repo)
  }, 150_000)

  it('SWR_DOWNLOAD_STALL_TIMEOUT sets the stall bound when the input is not given', async () => {
    const { r, ms } = await restoreWith(
      { mode: 'stall', at: 0.25 },
      { SWR_DOWNLOAD_STALL_TIMEOUT: '2' }
    )
    expect(report(r).reason).toMatch(/stalled: no byte for 2 s/)
    expect(ms).toBeLessThan(60_000)
  }, 150_000)

  it('SEGMENT_DOWNLOAD_TIMEOUT_MINS bounds the whole download, as in actions/cache', async () => {
    const { r, ms, repo } = await restoreWith(
      { mode: 'stall', at: 0.25 },
      { SEGMENT_DOWNLOAD_TIMEOUT_MINS: '0.05', SWR_DOWNLOAD_STALL_TIMEOUT: '600' }
    )
    expect(r.code).toBe(0)
    expect(report(r).reason).toMatch(
      /download failed: took longer than 3 s \(SEGMENT_DOWNLOAD_TIMEOUT_MINS\)/
    )
    expect(ms).toBeLessThan(90_000)
    nothingLeft(repo)
  }, 150_000)

  it('fail-on-cache-miss fails the step on a broken download, with one line', async () => {
    const { r } = await restoreWith(
      { mode: 'reset', at: 0.5 },
      {},
      { 'fail-on-cache-miss': 'true' }
    )
    expect(r.code).not.toBe(0)
    expect(r.stdout).toMatch(/^::error::.*download failed/m)
  }, 150_000)

  it('a bad download-stall-timeout is one line naming the input', async () => {
    const { r } = await restoreWith(undefined, {}, { 'download-stall-timeout': '0' })
    expect(r.code).not.toBe(0)
    expect(r.stdout).toMatch(/input download-stall-timeout: "0" is not a whole number of seconds/)
  }, 60_000)
})

describe('a failing lookup is tried again, and an outage says so', () => {
  it('one 503 on the lookup is tried again: an exact hit', async () => {
    const repo = freshRepo()
    server.setFailures({ GetCacheEntryDownloadURL: { mode: 503, times: 1 } })
    try {
      const r = await step(bundles.cacheRestore, repo, CACHE_YML.restore, inputs())
      expect(r.outputs['cache-hit']).toBe('true')
    } finally {
      server.setFailures({})
    }
  }, 120_000)

  it('a lookup answering 500 every time is a miss whose reason names the outage, not "no cache"', async () => {
    const repo = freshRepo()
    server.setFailures({ GetCacheEntryDownloadURL: 500 })
    try {
      const t0 = Date.now()
      const r = await step(bundles.cacheRestore, repo, CACHE_YML.restore, inputs())
      expect(r.code).toBe(0)
      expect(r.outputs['cache-hit']).toBe('false')
      expect(report(r).reason).toBe('cache service unavailable: 500')
      expect(Date.now() - t0).toBeLessThan(60_000)
    } finally {
      server.setFailures({})
    }
  }, 120_000)
})

describe('doctor over a failing cache service', () => {
  it('200 damaged entries: at most 3 cache warnings, one line for the entries it was not asked for', async () => {
    const repo = freshRepo()
    const key = hmacHex('download-faults')
    const rels: string[] = []
    for (let i = 0; i < 200; i++) rels.push(write(repo.root, `files/f${i}.txt`, `file ${i}\n`))
    await add(
      { ...repo.cli, env: { SWR_HMAC_KEY: key } },
      ...rels.map(r => path.relative(repo.root, r))
    )
    fs.rmSync(path.join(repo.root, 'files'), { recursive: true })
    server.setFailures({ twirp: 500 })
    const asked = server.requests().length
    try {
      const r = await step(bundles.main, repo, ACTION_YML, {
        command: 'doctor',
        'hmac-key': key,
        require: 'hmac'
      })
      const cacheWarnings = r.stdout.split('\n').filter(l => /^::warning::.*cache/i.test(l))
      expect(cacheWarnings.length).toBeGreaterThan(0)
      expect(cacheWarnings.length).toBeLessThanOrEqual(3)
      expect(r.stdout).toMatch(/not asked again in this run/)
      expect(r.stdout).toMatch(/cache: not asked for 19\d more entries after 3 failures in a row/)
      // Three failed lookups, each tried three times: the service was not asked per entry.
      const lookups = server
        .requests()
        .slice(asked)
        .filter(q => q.op === 'GetCacheEntryDownloadURL')
      expect(lookups.length).toBeLessThan(20)
    } finally {
      server.setFailures({})
    }
  }, 180_000)
})

describe('a save that cannot finish', () => {
  it('a hung service: the post step gives up at SWR_SAVE_TIMEOUT with one line, green', async () => {
    const repo = freshRepo()
    const main = await step(bundles.cacheMain, repo, CACHE_YML.cache, inputs({ key: 'hung-1' }))
    write(repo.root, 'deps/one.bin', bytes(64 * 1024, 3))
    server.setFailures({ CreateCacheEntry: 'hang' })
    try {
      const t0 = Date.now()
      const post = await step(
        bundles.cachePost,
        repo,
        CACHE_YML.cache,
        inputs({ key: 'hung-1' }),
        { SWR_SAVE_TIMEOUT: '3' },
        main.state
      )
      expect(post.code).toBe(0)
      expect(post.stdout).toMatch(/not finished within 3 s \(SWR_SAVE_TIMEOUT\): given up/)
      expect(Date.now() - t0).toBeLessThan(60_000)
    } finally {
      server.setFailures({})
    }
  }, 120_000)

  it("the runner's SIGTERM while the archive is written ends the step and any compressor it started, and removes the partial archive", async () => {
    const repo = freshRepo()
    const main = await step(bundles.cacheMain, repo, CACHE_YML.cache, inputs({ key: 'killed-1' }))
    for (let i = 0; i < 12; i++) write(repo.root, `deps/big-${i}.bin`, crypto.randomBytes(16 << 20))
    // Archive files in the step's scratch directories under RUNNER_TEMP.
    const partials = (): string[] =>
      fs
        .readdirSync(repo.runnerTemp)
        .map(d => path.join(repo.runnerTemp, d))
        .filter(d => fs.statSync(d, { throwIfNoEntry: false })?.isDirectory())
        .flatMap(d =>
          (fs.existsSync(d) ? fs.readdirSync(d) : [])
            .filter(f => /^cache\./.test(f))
            .map(f => path.join(d, f))
        )
    let stepPid = 0
    let killedWith = ''
    const children: number[] = []
    const watcher = setInterval(() => {
      if (!stepPid || killedWith) return
      const growing = partials().filter(
        f => (fs.statSync(f, { throwIfNoEntry: false })?.size ?? 0) > 0
      )
      if (growing.length === 0) return
      // Node 24 compresses in the step's own process; an older runtime spawns zstd.
      for (const pid of descendantsOf(stepPid))
        if (/^(tar|zstd|zstdmt)$/.test(commOf(pid))) children.push(pid)
      killedWith = growing.join(' ')
      process.kill(stepPid, 'SIGTERM')
    }, 20)
    try {
      const post = await runStepOn(NODE24, bundles.cachePost, repo, {
        actionYml: CACHE_YML.cache,
        inputs: inputs({ key: 'killed-1' }),
        state: main.state,
        env: stepCacheEnv(server, repo),
        onSpawn: pid => (stepPid = pid)
      })
      expect(killedWith).not.toBe('')
      expect(post.code).toBe(143)
      await new Promise(r => setTimeout(r, 200))
      expect(children.filter(pid => fs.existsSync(`/proc/${pid}`) && commOf(pid) !== '')).toEqual(
        []
      )
      // Nor is the partial archive left in RUNNER_TEMP.
      expect(partials()).toEqual([])
      expect(server.entries().filter(e => e.key === 'killed-1' && e.finalized)).toEqual([])
    } finally {
      clearInterval(watcher)
    }
  }, 180_000)
})

function commOf(pid: number): string {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8')
    if (stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z')) return ''
    return fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim()
  } catch {
    return ''
  }
}

function descendantsOf(root: number): number[] {
  const all = fs
    .readdirSync('/proc')
    .filter(n => /^\d+$/.test(n))
    .flatMap(n => {
      try {
        const stat = fs.readFileSync(`/proc/${n}/stat`, 'utf8')
        return [
          { pid: Number(n), ppid: Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) }
        ]
      } catch {
        return []
      }
    })
  const out: number[] = []
  const queue = [root]
  while (queue.length > 0) {
    const p = queue.shift() as number
    for (const s of all)
      if (s.ppid === p) {
        out.push(s.pid)
        queue.push(s.pid)
      }
  }
  return out
}
