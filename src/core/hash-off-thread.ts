/**
 * Hashing one large file on a worker thread, with the verifiers' own kernel, so the main thread's
 * event loop stays live meanwhile: a lock holder refreshes its lock, signals are handled. A small
 * file is hashed inline (a worker costs 30-50 ms to start).
 */
import { Worker } from 'node:worker_threads'
import { kernelUrl } from './verify/hash-pool.js'
import { runJob, type JobResult } from './verify/hash-kernel.mjs'

const INLINE_BYTES = 16 * 1024 * 1024

export function hashOffThread(
  abs: string,
  how: 'full' | 'headtail',
  size: number
): Promise<JobResult> {
  if (size < INLINE_BYTES) return Promise.resolve(runJob(abs, how))
  return new Promise((resolve, reject) => {
    const counter = new SharedArrayBuffer(4)
    const w = new Worker(kernelUrl(), {
      workerData: { swrHashWorker: true, paths: [abs], hows: [how], counter }
    })
    let result: JobResult | undefined
    w.on('message', (m: unknown) => {
      if (m === 'done') void w.terminate()
      else for (const [, r] of m as [number, JobResult][]) result = r
    })
    w.on('error', reject)
    w.on('exit', () =>
      result ? resolve(result) : reject(new Error('hash worker ended without a result'))
    )
  })
}
