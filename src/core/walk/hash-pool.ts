/**
 * Hashing many files at once. Work that would take the main thread a moment is hashed inline;
 * bigger work goes to the kernel threads (one per core), each claiming the next job from a shared
 * counter, largest first, so a 2 GB blob and 60,000 small files keep both cores busy to the end.
 */
import os from 'node:os'
import { setImmediate as nextTurn } from 'node:timers/promises'
import {
  hashFileAhead,
  hashHeadTail,
  MIB,
  runJob,
  type HashHow,
  type JobResult
} from './hash-kernel.mjs'
import {
  busyKernelThreads,
  isMainThreadHashing,
  mainThreadHashing,
  onKernelThreads,
  readyKernelThreads,
  warmKernelThreads
} from './kernel-threads.js'

export interface HashJob {
  abs: string
  how: HashHow
  /** Expected bytes to read, for ordering and for the inline/thread decision. */
  cost: number
}

export interface PoolOptions {
  /** Thread count; 1 hashes on the main thread. Default: available cores. */
  jobs?: number | undefined
  /** At most this many threads; default: as many as `jobs`. */
  maxWorkers?: number | undefined
  /** Called with bytes hashed so far (for progress output). */
  onProgress?: ((done: number, total: number) => void) | undefined
  /** More hashing follows in this process (a batch of captures): start the threads now. */
  batch?: boolean | undefined
  /**
   * Nothing hashes after this in this process (a check): threads that fall idle may end at once,
   * while a blob still hashes on the main thread, instead of at the process's exit.
   */
  lastHashing?: boolean | undefined
}

/** A file above this many bytes is never hashed inline when threads may be had. */
export const INLINE_BYTES = 48 * 1024 * 1024

/**
 * What inline hashing costs on the main thread, measured here: ~45 us to open, read and close a
 * small file, ~1 ms per MB of content. A thread that must first start costs 60-110 ms; one
 * already waiting costs a message.
 */
function inlineMs(jobs: readonly HashJob[], total: number): number {
  return jobs.length * 0.045 + total / 1e6
}
const WORTH_STARTING_MS = 100
const WORTH_WAKING_MS = 10

function inline(jobs: readonly HashJob[], total: number, cores: number): boolean {
  if (cores <= 1) return true
  // One big file is never hashed in one go: the pool hashes it, on a thread or on the main
  // thread in steps, so the event loop keeps timers (the lock's) and the walks' messages served.
  if (jobs.some(j => j.cost >= INLINE_BYTES)) return false
  const worth = readyKernelThreads() > 0 ? WORTH_WAKING_MS : WORTH_STARTING_MS
  return inlineMs(jobs, total) < worth
}

/** Hash every job; results are in job order. */
export async function hashAll(
  jobs: readonly HashJob[],
  opts: PoolOptions = {}
): Promise<JobResult[]> {
  const total = jobs.reduce((s, j) => s + j.cost, 0)
  const cores = opts.jobs ?? os.availableParallelism()
  if (opts.batch && cores > 1) warmKernelThreads(Math.min(cores, 32))
  if (inline(jobs, total, cores)) {
    let done = 0
    return jobs.map(j => {
      const r = runJob(j.abs, j.how)
      done += j.cost
      opts.onProgress?.(done, total)
      return r
    })
  }
  const threads = Math.max(1, Math.min(cores, opts.maxWorkers ?? 32, 32, jobs.length))
  const order = jobs.map((_, i) => i).sort((a, b) => (jobs[b]?.cost ?? 0) - (jobs[a]?.cost ?? 0))
  const task = {
    role: 'hash',
    paths: order.map(i => jobs[i]?.abs ?? ''),
    hows: order.map(i => jobs[i]?.how ?? 'full'),
    counter: new SharedArrayBuffer(4)
  }
  const results = new Array<JobResult>(jobs.length)
  let done = 0
  let count = 0
  // While no thread is up yet, the main thread is one of the workers: the largest file starts
  // hashing now instead of after a thread's 60-110 ms start (the main thread is otherwise idle
  // during a check: the tree walks run on threads). What it has not claimed when a thread comes
  // up goes to that thread, so small files do not wait behind a blob; the pool counts the main
  // thread as a core meanwhile, so that thread is the one a tree walk takes next, not one more.
  // A rest worth less than a thread's start (a blob's head/tail, a few small files) follows the
  // largest on the main thread: no thread starts for it, and the blob's reads may go ahead on
  // the idle core.
  const mainJoins = !isMainThreadHashing() && readyKernelThreads() === 0
  const rest = order.slice(1).map(i => jobs[i] as HashJob)
  const restWorthAThread =
    inlineMs(rest, total - (jobs[order[0] ?? 0]?.cost ?? 0)) >= WORTH_STARTING_MS
  const onThreads = !mainJoins ? threads : restWorthAThread ? Math.max(threads - 1, 1) : 0
  let allIn: () => void = () => undefined
  const complete = new Promise<void>(resolve => (allIn = resolve))
  const take = (batch: [number, JobResult][]) => {
    for (const [k, r] of batch) {
      const original = order[k] ?? 0
      results[original] = r
      done += jobs[original]?.cost ?? 0
      if (++count === jobs.length) allIn()
    }
    opts.onProgress?.(done, total)
  }
  const onMain = mainJoins ? hashOnMain(task, take) : Promise.resolve()
  const onPool =
    onThreads > 0
      ? onKernelThreads(task, onThreads, m => take(m as [number, JobResult][]))
      : Promise.resolve()
  // Every result in is the end of the threads' part, even while a thread that came up too late
  // to claim anything is still starting; a failure before that is the caller's. The main thread's
  // part ends when it has let go of its core, so the next pool sees it free.
  onPool.catch(() => undefined)
  await Promise.all([onMain, Promise.race([complete, onPool])])
  return results
}

/** The longest the main thread hashes before it lets its event loop run. */
const TURN_MS = 2

// The main thread takes part in one pool at a time (isMainThreadHashing), with its own buffer.
const mainBuffer = Buffer.allocUnsafe(MIB)

/**
 * Claim jobs from the task's counter, as a kernel thread does, and hash them on the main thread
 * one read at a time, letting the event loop run between reads (timers such as the lock's,
 * signals, and the walk threads' messages wait a few milliseconds at most).
 */
async function hashOnMain(
  task: { paths: string[]; hows: HashHow[]; counter: SharedArrayBuffer },
  take: (batch: [number, JobResult][]) => void
): Promise<void> {
  mainThreadHashing(true)
  let since = performance.now()
  const breathe = async () => {
    if (performance.now() - since < TURN_MS) return
    await nextTurn()
    since = performance.now()
  }
  try {
    const next = new Int32Array(task.counter)
    for (;;) {
      const k = Atomics.add(next, 0, 1)
      if (k >= task.paths.length) return
      take([[k, await mainJob(task.paths[k] ?? '', task.hows[k] ?? 'full', breathe)]])
      await breathe()
    }
  } finally {
    mainThreadHashing(false)
  }
}

/** A second buffer for reads ahead, made the first time one is wanted. */
let aheadBuffer: Buffer | undefined
const secondBuffer = (): Buffer => (aheadBuffer ??= Buffer.allocUnsafe(MIB))

/** The cores, read once: asked after every chunk, it was a system call each time. */
let coreCount: number | undefined

/** Whether a core is left over for a read ahead: none is while kernel threads work. */
function coreToSpare(): boolean {
  coreCount ??= os.availableParallelism()
  return coreCount - 1 - busyKernelThreads() > 0
}

/**
 * One job on the main thread, a chunk per turn, in the main thread's own buffers (a head/tail
 * too: the kernel's buffer would be a second megabyte to touch); errors come back as their code
 * (as runJob).
 */
async function mainJob(abs: string, how: HashHow, turn: () => Promise<void>): Promise<JobResult> {
  try {
    if (how === 'headtail') return hashHeadTail(abs, mainBuffer)
    return await hashFileAhead(abs, how === 'stamped', mainBuffer, secondBuffer, coreToSpare, turn)
  } catch (err) {
    const code = (err as { code?: unknown } | null)?.code
    return { error: typeof code === 'string' ? code : 'EIO' }
  }
}

/** One file's full hash; a large one is hashed by the pool (on a thread, or on the main thread
 * in steps), so the event loop, lock refresh and signals included, stays live meanwhile. */
export async function hashOne(abs: string, size: number): Promise<JobResult> {
  const [r] = await hashAll([{ abs, how: 'full', cost: size }], { maxWorkers: 1 })
  return r as JobResult
}
