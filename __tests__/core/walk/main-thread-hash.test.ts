/**
 * While no kernel thread is up, the main thread is one of the pool's workers: a big file starts
 * hashing at once instead of after a thread's start, in steps that keep the event loop running,
 * and a tree walk started meanwhile leaves it its core. Runs in its own process (a jest file),
 * so no thread from another test is up. Real threads, real files.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals'
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { hashAll, hashOne, INLINE_BYTES, type HashJob } from '../../../src/core/walk/hash-pool.js'
import {
  endIdleKernelThreads,
  idleKernelThreads,
  isMainThreadHashing,
  liveKernelThreads
} from '../../../src/core/walk/kernel-threads.js'
import { walkTreeParallel } from '../../../src/core/walk/walk-strategy.js'
import { hashFile, hashFileAhead } from '../../../src/core/walk/hash-kernel.mjs'
import { walkTree, contentDigest } from '../../../src/core/walk/walk.js'
import { check, loadManifest, outcomeOf } from '../../../src/core/index.js'
import { add, makeWorkspace } from '../../../__fixtures__/workspace.js'

let dir: string
let big: string
let bigSha: string
const BIG = 192 * 1024 * 1024

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'swr-main-hash-'))
  big = path.join(dir, 'model.bin')
  const chunk = Buffer.alloc(8 * 1024 * 1024)
  for (let i = 0; i < chunk.length; i += 4) chunk.writeUInt32LE((i * 2654435761) >>> 0, i)
  const fd = fs.openSync(big, 'w')
  const h = createHash('sha256')
  for (let n = 0; n < BIG / chunk.length; n++) {
    chunk.writeUInt32LE(n, 0)
    fs.writeSync(fd, chunk)
    h.update(chunk)
  }
  fs.closeSync(fd)
  bigSha = h.digest('hex')
  for (let d = 0; d < 24; d++)
    for (let f = 0; f < 4; f++) {
      fs.mkdirSync(path.join(dir, 'tree', `pkg-${d}`), { recursive: true })
      fs.writeFileSync(path.join(dir, 'tree', `pkg-${d}`, `f${f}.js`), `export default ${d}${f}\n`)
    }
}, 60_000)
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))
/** Resolves once `cond` holds, polling each 5 ms; fails the test after 10 s. */
async function until(cond: () => boolean): Promise<void> {
  for (let waited = 0; !cond(); waited += 5) {
    if (waited > 10_000) throw new Error('condition never held')
    await new Promise(r => setTimeout(r, 5))
  }
}

// Each test starts with no thread up, as a process does: the threads of the last one are ended
// once they are all back and idle.
afterEach(async () => {
  await until(() => idleKernelThreads() === liveKernelThreads())
  await endIdleKernelThreads()
  expect(liveKernelThreads()).toBe(0)
})

describe('the main thread as a hashing worker', () => {
  it('hashes a big file itself while no thread is up, and its timers keep running', async () => {
    expect(os.availableParallelism()).toBeGreaterThan(1)
    expect(liveKernelThreads()).toBe(0)
    let ticks = 0
    const timer = setInterval(() => ticks++, 1)
    const hashing = hashOne(big, BIG)
    expect(isMainThreadHashing()).toBe(true)
    const r = await hashing
    clearInterval(timer)
    expect(r).toMatchObject({ sha256: bigSha, size: BIG })
    expect(isMainThreadHashing()).toBe(false)
    // Hashed here: no thread was started for it.
    expect(liveKernelThreads()).toBe(0)
    // A hash that held the main thread to the end would let no 1 ms timer run at all.
    expect(ticks).toBeGreaterThanOrEqual(5)
  })

  it('what it has not claimed goes to a thread that comes up meanwhile: one, not more', async () => {
    expect(liveKernelThreads()).toBe(0)
    const small = Array.from({ length: 20 }, (_, i) => {
      const abs = path.join(dir, `small-${i}`)
      fs.writeFileSync(abs, `small ${i}\n`)
      return { abs, sha: createHash('sha256').update(`small ${i}\n`).digest('hex') }
    })
    const jobs: HashJob[] = [
      { abs: big, how: 'full', cost: BIG },
      ...small.map(f => ({ abs: f.abs, how: 'full' as const, cost: INLINE_BYTES }))
    ]
    const rs = await hashAll(jobs, { jobs: 2 })
    expect(rs.map(r => ('sha256' in r ? r.sha256 : r.error))).toEqual([
      bigSha,
      ...small.map(f => f.sha)
    ])
    // Two workers asked for, the main thread one of them: one thread came up for the rest.
    expect(liveKernelThreads()).toBe(1)
  })

  it("a rest worth less than a thread's start follows the blob here: no thread starts", async () => {
    const small = path.join(dir, 'small-rest')
    fs.writeFileSync(small, 'rest\n')
    const jobs: HashJob[] = [
      { abs: big, how: 'headtail', cost: 2 * 1024 * 1024 },
      { abs: big, how: 'full', cost: BIG },
      { abs: small, how: 'full', cost: 5 }
    ]
    const rs = await hashAll(jobs, { jobs: 2, maxWorkers: 1 })
    expect(rs[1]).toMatchObject({ sha256: bigSha })
    expect(rs[2]).toMatchObject({ sha256: createHash('sha256').update('rest\n').digest('hex') })
    expect(rs[0]).toMatchObject({ size: BIG })
    expect(liveKernelThreads()).toBe(0)
  })

  it('a check ends its idle threads while a blob still hashes, not 2 s later or at the exit', async () => {
    const ws = makeWorkspace()
    try {
      fs.copyFileSync(big, path.join(ws.root, 'model.bin'))
      fs.cpSync(path.join(dir, 'tree'), path.join(ws.root, 'tree'), { recursive: true })
      await add(ws, 'model.bin', '--kind', 'blob', '--id', 'model')
      await add(ws, 'tree', '--id', 'tree')
      const m = loadManifest(ws.manifestFile, {})
      const result = await check(m, {
        stateDir: ws.stateDir,
        version: 'test',
        deep: true,
        cache: false,
        jobs: Math.max(2, os.availableParallelism())
      })
      expect(outcomeOf(result).status).toBe('healthy')
      // Idle threads would otherwise stay for IDLE_MS (2 s) after their last task.
      const t0 = Date.now()
      await until(() => liveKernelThreads() === 0)
      expect(Date.now() - t0).toBeLessThan(1000)
    } finally {
      ws.cleanup()
    }
  }, 60_000)

  it('a tree walked while it hashes takes the other cores, not all of them', async () => {
    const root = fs.realpathSync(path.join(dir, 'tree'))
    const cores = Math.min(os.availableParallelism(), 8)
    const hashing = hashOne(big, BIG)
    const walk = await walkTreeParallel(root, [], new Set(), { jobs: cores, hash: true })
    const r = await hashing
    expect(r).toMatchObject({ sha256: bigSha })
    expect(liveKernelThreads()).toBe(Math.max(1, cores - 1))
    // The walk is the one the single-threaded walker makes, with every file's hash.
    const inline = walkTree(root, [], new Set())
    expect(walk.records.map(x => x.rel)).toEqual(inline.records.map(x => x.rel))
    const shas = inline.records.map(x =>
      x.type === 'f' ? hashFile(path.join(root, x.rel)).sha256 : undefined
    )
    expect(walk.shas).toEqual(shas)
    expect(contentDigest(walk.records, walk.shas ?? [])).toBe(contentDigest(inline.records, shas))
  })

  it('reads ahead only while a core is spare, with the same bytes, result and descriptors', async () => {
    const fds = () => fs.readdirSync('/proc/self/fd').length
    const before = fds()
    const first = Buffer.alloc(1024 * 1024)
    let seconds = 0
    const second = () => (seconds++, Buffer.alloc(1024 * 1024))
    const turn = () => Promise.resolve()
    const want = hashFile(big, true)
    // Never spare, always spare, and spare every other chunk (buffers swap back and forth).
    const spares = [
      () => false,
      () => true,
      (
        (n = 0) =>
        () =>
          n++ % 2 === 0
      )()
    ]
    for (const spare of spares) {
      const got = await hashFileAhead(big, true, first, second, spare, turn)
      expect(got).toEqual(want)
    }
    expect(seconds).toBe(2)
    // A file that does not fill the buffer, an empty one, and what is not a regular file.
    const small = path.join(dir, 'small.bin')
    fs.writeFileSync(small, 'abc')
    const empty = path.join(dir, 'empty.bin')
    fs.writeFileSync(empty, '')
    for (const f of [small, empty])
      expect(await hashFileAhead(f, false, first, second, () => true, turn)).toEqual(hashFile(f))
    const link = path.join(dir, 'link.bin')
    fs.symlinkSync(big, link)
    await expect(hashFileAhead(link, false, first, second, () => true, turn)).rejects.toMatchObject(
      {
        code: 'ELOOP'
      }
    )
    await expect(hashFileAhead(dir, false, first, second, () => true, turn)).rejects.toMatchObject({
      code: expect.stringMatching(/^(EISDIR|ENOTFILE)$/)
    })
    // A turn that fails mid-file leaves no read in flight on a closed descriptor.
    let turns = 0
    const failing = () => (++turns === 3 ? Promise.reject(new Error('stop')) : Promise.resolve())
    await expect(hashFileAhead(big, false, first, second, () => true, failing)).rejects.toThrow(
      'stop'
    )
    expect(fds()).toBe(before)
  })
})
