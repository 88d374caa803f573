/**
 * Hashing many files at once. Small batches run inline (a worker costs 30-50 ms to start); big ones
 * go to one worker per core, each claiming the next job from a shared counter, largest first, so a
 * 2 GB blob and 60,000 small files keep both cores busy to the end.
 */
import os from 'node:os'
import { Worker } from 'node:worker_threads'
import { runJob, type JobResult } from './hash-kernel.mjs'

export interface HashJob {
  abs: string
  how: 'full' | 'headtail'
  /** Expected bytes to read, for ordering and for the inline/worker decision. */
  cost: number
}

export interface PoolOptions {
  /** Worker count; 1 hashes on the main thread. Default: available cores. */
  jobs?: number | undefined
  /** At most this many workers (each costs a start-up); default: as many as `jobs`. */
  maxWorkers?: number | undefined
  /** Called with bytes hashed so far (for progress output). */
  onProgress?: ((done: number, total: number) => void) | undefined
}

export const INLINE_BYTES = 48 * 1024 * 1024
const INLINE_COUNT = 400

/** Where the kernel lives next to this module, in src/ and in every bundle alike. */
export function kernelUrl(): URL {
  return new URL('./hash-kernel.mjs', import.meta.url)
}

/** Hash every job; results are in job order. */
export async function hashAll(
  jobs: readonly HashJob[],
  opts: PoolOptions = {}
): Promise<JobResult[]> {
  const total = jobs.reduce((s, j) => s + j.cost, 0)
  const cores = opts.jobs ?? os.availableParallelism()
  const workers = Math.max(1, Math.min(cores, opts.maxWorkers ?? 32, 32, jobs.length))
  // One big file still goes to a worker: the main thread stays free to run the tree walks that
  // verifyEntries starts meanwhile (and its event loop to keep timers, such as the lock's, alive).
  if (cores <= 1 || (total < INLINE_BYTES && jobs.length < INLINE_COUNT)) {
    let done = 0
    return jobs.map(j => {
      const r = runJob(j.abs, j.how)
      done += j.cost
      opts.onProgress?.(done, total)
      return r
    })
  }
  const order = jobs.map((_, i) => i).sort((a, b) => (jobs[b]?.cost ?? 0) - (jobs[a]?.cost ?? 0))
  const paths = order.map(i => jobs[i]?.abs ?? '')
  const hows = order.map(i => jobs[i]?.how ?? 'full')
  const counter = new SharedArrayBuffer(4)
  const results = new Array<JobResult>(jobs.length)
  let done = 0
  await Promise.all(
    Array.from({ length: workers }, () =>
      runWorker({ swrHashWorker: true, paths, hows, counter }, batch => {
        for (const [k, r] of batch) {
          const original = order[k] ?? 0
          results[original] = r
          done += jobs[original]?.cost ?? 0
        }
        opts.onProgress?.(done, total)
      })
    )
  )
  return results
}

function runWorker(
  workerData: object,
  onBatch: (batch: [number, JobResult][]) => void
): Promise<void> {
  return new Promise((resolve, reject) => {
    const w = new Worker(kernelUrl(), { workerData })
    let finished = false
    w.on('message', (m: unknown) => {
      if (m === 'done') {
        finished = true
        void w.terminate().then(() => resolve())
      } else onBatch(m as [number, JobResult][])
    })
    w.on('error', reject)
    w.on('exit', code => {
      if (!finished) reject(new Error(`hash worker exited with code ${code}`))
    })
  })
}
