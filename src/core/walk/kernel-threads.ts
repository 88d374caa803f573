/**
 * The kernel's worker threads, kept for the life of the process and never more than the cores.
 * A thread costs 60-110 ms to start (most of it Node compiling its own internals), more than
 * hashing a 459-file tree inline; `swr add --from` capturing 25 entries used to start 24 of them,
 * and a check with a blob started one thread for the blob beside one per core for the walk,
 * three threads fighting over two cores.
 *
 * A task asks for up to N threads. It gets the free ones at once; when none is free it waits
 * for the first, and threads that come free later join it: the kernel's tasks share their work
 * through a counter, so a late thread takes what is left (or finds nothing and says so). A blob
 * hashing on one thread therefore delays no walk: the walk starts on the other core and the
 * blob's thread joins it when the blob is done.
 *
 * An idle thread is unreferenced (it never keeps the process alive) and ends after a short idle
 * spell, so a long-lived host (a test runner) does not collect them.
 */
import os from 'node:os'
import { Worker } from 'node:worker_threads'

/** How long an idle thread waits for another task before it ends. */
const IDLE_MS = 2000

/** Where the kernel lives next to this module, in src/ and in every bundle alike. */
export function kernelUrl(): URL {
  return new URL('./hash-kernel.mjs', import.meta.url)
}

interface Task {
  message: object
  onMessage: (m: unknown) => void
  /** Threads it may still take. */
  room: number
  running: number
  resolve: () => void
  reject: (err: unknown) => void
  failed: boolean
}

const live = new Set<Worker>()
const idle: Worker[] = []
const idleTimers = new Map<Worker, NodeJS.Timeout>()
/** Tasks that asked for more threads than they got, oldest first. */
const hungry: Task[] = []
/** Set to 1 by each thread once its kernel has loaded: readable while the main thread is busy,
 * when no 'online' event could have been delivered yet. */
const readyFlags = new Map<Worker, Int32Array>()

/**
 * At most one thread per core, less the one the main thread uses while it hashes: more only
 * share the cores, each with its own start-up. A task that asks for more than the cores
 * (`--jobs 8` where they are undercounted, as under a CPU quota) may raise it for itself.
 */
function cap(asked = 1): number {
  const cores = os.availableParallelism()
  return Math.max(1, asked > cores ? asked : cores - (mainHashing ? 1 : 0))
}

/** Whether the main thread hashes for a pool now (hash-pool.ts): it then uses a core itself. */
let mainHashing = false

export function isMainThreadHashing(): boolean {
  return mainHashing
}

/** The main thread starts or stops hashing; a task left waiting may have its thread now. */
export function mainThreadHashing(on: boolean): void {
  mainHashing = on
  while (!on && hungry.length > 0 && live.size < cap()) feed(start())
}

function isReady(w: Worker): boolean {
  const flag = readyFlags.get(w)
  return flag !== undefined && Atomics.load(flag, 0) === 1
}

/** Threads that would take a task now without a start-up. */
export function idleKernelThreads(): number {
  return idle.filter(isReady).length
}

/** Threads started and loaded, idle or busy: work handed to them waits for no start-up. */
export function readyKernelThreads(): number {
  return [...live].filter(isReady).length
}

/** Threads using a core now: starting, or running a task (not waiting for one). */
export function busyKernelThreads(): number {
  return live.size - idle.length
}

/** Threads alive, busy or not (for tests and the bench). */
export function liveKernelThreads(): number {
  return live.size
}

function start(): Worker {
  const ready = new SharedArrayBuffer(4)
  const w = new Worker(kernelUrl(), { workerData: { swrKernelThread: true, ready } })
  live.add(w)
  readyFlags.set(w, new Int32Array(ready))
  w.once('exit', () => {
    live.delete(w)
    readyFlags.delete(w)
    clearTimeout(idleTimers.get(w))
    idleTimers.delete(w)
    const at = idle.indexOf(w)
    if (at >= 0) idle.splice(at, 1)
    // A task still waiting for a thread must not wait for one that is gone.
    while (hungry.length > 0 && live.size < cap()) feed(start())
  })
  return w
}

/**
 * Start threads in the background until `count` are alive, for a caller with more hashing to
 * come (`add --from`): the work at hand runs inline meanwhile, and the next finds them waiting.
 */
export function warmKernelThreads(count: number): void {
  endWhenFree = false
  while (live.size < Math.min(count, cap())) {
    const w = start()
    // A thread that fails to start is simply not there; its exit takes it out of the lists.
    w.on('error', () => undefined)
    park(w)
  }
}

/**
 * Set by endIdleKernelThreads until the next task: a thread busy then (hashing, or still starting
 * for a walk the main thread finished without it) ends as soon as it comes free.
 */
let endWhenFree = false

/**
 * End every idle thread now (they would end on their own after IDLE_MS); busy ones end as they
 * come free, unless a task comes first.
 */
export async function endIdleKernelThreads(): Promise<void> {
  endWhenFree = true
  const ending = idle.splice(0)
  for (const w of ending) {
    clearTimeout(idleTimers.get(w))
    idleTimers.delete(w)
  }
  await Promise.all(ending.map(w => w.terminate()))
}

/** A free thread: a waiting one (a ready one first), else a new one while under the cap. */
function take(asked: number): Worker | undefined {
  const at = idle.findIndex(isReady)
  const w = at >= 0 ? idle.splice(at, 1)[0] : idle.pop()
  if (w) {
    clearTimeout(idleTimers.get(w))
    idleTimers.delete(w)
    w.ref()
    return w
  }
  return live.size < cap(asked) ? start() : undefined
}

function park(w: Worker): void {
  w.unref()
  if (endWhenFree) return void w.terminate()
  idle.push(w)
  const timer = setTimeout(() => void w.terminate(), IDLE_MS)
  timer.unref()
  idleTimers.set(w, timer)
}

/** A thread came free: the oldest hungry task takes it, else it waits for the next task. */
function feed(w: Worker): void {
  const task = hungry[0]
  if (!task) return park(w)
  if (--task.room === 0) hungry.shift()
  join(task, w)
}

function settle(task: Task): void {
  if (task.running > 0) return
  // No thread runs it and none may join: the work is done (a joiner found it done, or did it).
  const at = hungry.indexOf(task)
  if (at >= 0) hungry.splice(at, 1)
  if (!task.failed) task.resolve()
}

/**
 * One thread runs the task: the kernel posts any number of messages, then 'done'. A thread that
 * fails or exits mid-task fails the task and is not given back.
 */
function join(task: Task, w: Worker): void {
  task.running++
  const stop = (): void => {
    w.off('message', onMsg)
    w.off('error', onError)
    w.off('exit', onExit)
    task.running--
  }
  const fail = (err: unknown): void => {
    stop()
    if (!task.failed) {
      task.failed = true
      const at = hungry.indexOf(task)
      if (at >= 0) hungry.splice(at, 1)
      task.reject(err)
    }
  }
  const onMsg = (m: unknown): void => {
    if (m !== 'done') {
      if (!task.failed) task.onMessage(m)
      return
    }
    stop()
    settle(task)
    feed(w)
  }
  const onError = (err: Error): void => {
    fail(err)
    void w.terminate()
  }
  const onExit = (code: number): void => fail(new Error(`kernel thread exited with code ${code}`))
  w.on('message', onMsg)
  w.on('error', onError)
  w.on('exit', onExit)
  try {
    w.postMessage(task.message)
  } catch (err) {
    // A task that cannot be sent (a bug: data that does not clone) fails; the thread, untouched,
    // waits for the next one instead of holding the process open.
    fail(err)
    park(w)
  }
}

/**
 * Run `message` on up to `count` threads (they share its work through a counter in the task);
 * `onMessage` receives every message but the closing 'done'. Resolves when the work is done.
 */
export function onKernelThreads(
  message: object,
  count: number,
  onMessage: (m: unknown) => void
): Promise<void> {
  endWhenFree = false
  return new Promise((resolve, reject) => {
    const task: Task = {
      message,
      onMessage,
      room: Math.max(1, count),
      running: 0,
      resolve,
      reject,
      failed: false
    }
    const asked = task.room
    for (let w = take(asked); w !== undefined; w = task.room > 0 ? take(asked) : undefined) {
      task.room--
      join(task, w)
    }
    if (task.room > 0) hungry.push(task)
  })
}
