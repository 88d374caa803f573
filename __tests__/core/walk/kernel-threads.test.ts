/**
 * The kernel threads are started once and kept: a second batch of hashing finds them waiting,
 * threads warmed for a batch are seen ready while the main thread never yields, a thread that
 * fails is not given back, and idle threads end on their own. Real threads, real files.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { hashAll, hashOne, INLINE_BYTES, type HashJob } from '../../../src/core/walk/hash-pool.js'
import {
  endIdleKernelThreads,
  idleKernelThreads,
  liveKernelThreads,
  onKernelThreads,
  readyKernelThreads,
  warmKernelThreads
} from '../../../src/core/walk/kernel-threads.js'

let dir: string
const files: { abs: string; sha: string }[] = []

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'swr-threads-'))
  for (let i = 0; i < 40; i++) {
    const abs = path.join(dir, `f${i}`)
    const body = `file ${i}\n`.repeat(i + 1)
    fs.writeFileSync(abs, body)
    files.push({ abs, sha: createHash('sha256').update(body).digest('hex') })
  }
})
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

/** Jobs declared big enough that the pool must use threads (the cost is the caller's hint). */
const threaded = (): HashJob[] => files.map(f => ({ abs: f.abs, how: 'full', cost: INLINE_BYTES }))
const shas = (rs: Awaited<ReturnType<typeof hashAll>>): string[] =>
  rs.map(r => ('sha256' in r ? r.sha256 : r.error))

/** Resolves once `cond` holds, polling each 5 ms; fails the test after 10 s. */
async function until(cond: () => boolean): Promise<void> {
  for (let waited = 0; !cond(); waited += 5) {
    if (waited > 10_000) throw new Error('condition never held')
    await new Promise(r => setTimeout(r, 5))
  }
}

describe('kernel threads', () => {
  it('hashes on threads, and later batches reuse them instead of starting more', async () => {
    // The first batch starts one thread: the main thread hashes beside it while it starts.
    const first = await hashAll(threaded(), { jobs: 2 })
    expect(shas(first)).toEqual(files.map(f => f.sha))
    expect(liveKernelThreads()).toBe(1)
    // The main thread may have hashed every file before that thread had loaded (a busy machine):
    // the second batch is meant to find it ready.
    await until(() => readyKernelThreads() === 1)
    // The second finds it ready, so it is hashed on threads alone: two of them.
    const second = await hashAll(threaded(), { jobs: 2 })
    expect(shas(second)).toEqual(files.map(f => f.sha))
    const started = liveKernelThreads()
    expect(started).toBe(2)
    // A batch ends when every result is in; a thread that came up too late to claim a job hands
    // itself back just after.
    await until(() => idleKernelThreads() === started)
    const third = await hashAll(threaded(), { jobs: 2 })
    expect(shas(third)).toEqual(files.map(f => f.sha))
    expect(liveKernelThreads()).toBe(started)
  })

  it('never runs more threads than cores: tasks at once share them, and all complete', async () => {
    let most = 0
    const watch = (): void => void (most = Math.max(most, liveKernelThreads()))
    const runs = await Promise.all(
      [0, 1, 2, 3].map(() => hashAll(threaded(), { onProgress: watch }))
    )
    for (const r of runs) expect(shas(r)).toEqual(files.map(f => f.sha))
    expect(most).toBeGreaterThan(0)
    expect(most).toBeLessThanOrEqual(os.availableParallelism())
    expect(liveKernelThreads()).toBeLessThanOrEqual(os.availableParallelism())
  })

  it('reports a stamped job with the state after the read, and an unreadable file by its code', async () => {
    const jobs: HashJob[] = [
      { abs: files[3]!.abs, how: 'stamped', cost: INLINE_BYTES },
      { abs: path.join(dir, 'missing'), how: 'full', cost: INLINE_BYTES }
    ]
    const [ok, missing] = await hashAll(jobs, { jobs: 2 })
    const st = fs.statSync(files[3]!.abs, { bigint: true })
    expect(ok).toMatchObject({ sha256: files[3]!.sha, after: { ino: st.ino, size: st.size } })
    expect(missing).toEqual({ error: 'ENOENT' })
  })

  it('a thread whose task fails is not given back', async () => {
    const before = liveKernelThreads()
    await expect(onKernelThreads({ role: 'walk' }, 1, () => undefined)).rejects.toThrow()
    const until = Date.now() + 5000
    while (liveKernelThreads() >= before && Date.now() < until)
      await new Promise(r => setTimeout(r, 20))
    expect(liveKernelThreads()).toBe(before - 1)
  })

  it('a task that cannot be sent fails, and its thread is given back', async () => {
    // From no thread at all: an idle thread whose timer fired (a loaded machine) is still counted
    // until it exits, and the task would start another beside it.
    await endIdleKernelThreads()
    const until = Date.now() + 5000
    while (liveKernelThreads() > 0 && Date.now() < until) await new Promise(r => setTimeout(r, 20))
    const before = liveKernelThreads()
    await expect(
      onKernelThreads({ role: 'hash', bad: () => 1 }, 1, () => undefined)
    ).rejects.toThrow()
    const after = liveKernelThreads()
    expect(after).toBe(Math.max(before, 1))
    // The thread given back takes the next task: no thread is lost or added.
    expect(shas(await hashAll(threaded(), { maxWorkers: 1 }))).toEqual(files.map(f => f.sha))
    expect(liveKernelThreads()).toBe(after)
  })

  it('idle threads end on their own', async () => {
    expect(liveKernelThreads()).toBeGreaterThan(0)
    const until = Date.now() + 8000
    while (liveKernelThreads() > 0 && Date.now() < until) await new Promise(r => setTimeout(r, 50))
    expect(liveKernelThreads()).toBe(0)
  })

  it('hashes one small file without a thread', async () => {
    expect(liveKernelThreads()).toBe(0)
    const r = await hashOne(files[5]!.abs, 10)
    expect('sha256' in r && r.sha256).toBe(files[5]!.sha)
    expect(liveKernelThreads()).toBe(0)
  })

  it('threads warmed for a batch are seen ready while the main thread never yields', () => {
    expect(liveKernelThreads()).toBe(0)
    warmKernelThreads(2)
    expect(liveKernelThreads()).toBe(2)
    expect(idleKernelThreads()).toBe(0)
    const until = Date.now() + 10_000
    // A busy loop: no event could be delivered, only the threads' shared ready flags can say it.
    while (idleKernelThreads() < 2 && Date.now() < until) {
      /* wait */
    }
    expect(idleKernelThreads()).toBe(2)
  })

  it('a task that asks for more threads than cores (--jobs) gets them', async () => {
    const asked = os.availableParallelism() + 1
    let most = 0
    const watch = (): void => void (most = Math.max(most, liveKernelThreads()))
    const r = await hashAll(threaded(), { jobs: asked, onProgress: watch })
    expect(shas(r)).toEqual(files.map(f => f.sha))
    expect(most).toBe(asked)
  })
})
