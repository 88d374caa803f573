/**
 * The kernel's worker threads, kept for the life of the process. A thread costs 60-110 ms to
 * start (most of it Node compiling its own internals), more than hashing a 459-file tree inline;
 * `swr add --from` capturing 25 entries used to start 24 of them. Now a thread that finishes a
 * task waits for the next one, unreferenced (it never keeps the process alive), and ends after
 * a short idle spell, so a long-lived host (a test runner) does not collect them.
 */
import { Worker } from 'node:worker_threads'

/** How long an idle thread waits for another task before it ends. */
const IDLE_MS = 2000

/** Where the kernel lives next to this module, in src/ and in every bundle alike. */
export function kernelUrl(): URL {
  return new URL('./hash-kernel.mjs', import.meta.url)
}

const live = new Set<Worker>()
const idle: Worker[] = []
const idleTimers = new Map<Worker, NodeJS.Timeout>()
/** Set to 1 by each thread once its kernel has loaded: readable while the main thread is busy,
 * when no 'online' event could have been delivered yet. */
const readyFlags = new Map<Worker, Int32Array>()

function isReady(w: Worker): boolean {
  const flag = readyFlags.get(w)
  return flag !== undefined && Atomics.load(flag, 0) === 1
}

/** Threads that would take a task now without a start-up. */
export function idleKernelThreads(): number {
  return idle.filter(isReady).length
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
  })
  return w
}

/**
 * Start threads in the background until `count` are alive, for a caller with more hashing to
 * come (`add --from`): the work at hand runs inline meanwhile, and the next finds them waiting.
 */
export function warmKernelThreads(count: number): void {
  while (live.size < count) {
    const w = start()
    // A thread that fails to start is simply not there; its exit takes it out of the lists.
    w.on('error', () => undefined)
    giveBack(w)
  }
}

/** A waiting thread, a ready one first; a new one when none waits. */
function take(): Worker {
  const at = idle.findIndex(isReady)
  const w = at >= 0 ? idle.splice(at, 1)[0] : idle.pop()
  if (!w) return start()
  clearTimeout(idleTimers.get(w))
  idleTimers.delete(w)
  w.ref()
  return w
}

function giveBack(w: Worker): void {
  w.unref()
  idle.push(w)
  const timer = setTimeout(() => void w.terminate(), IDLE_MS)
  timer.unref()
  idleTimers.set(w, timer)
}

/**
 * Run one task on one thread. The kernel posts any number of messages, then 'done'; a thread
 * that fails or exits mid-task is not given back.
 */
function runOn(w: Worker, task: object, onMessage: (m: unknown) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const stop = (): void => {
      w.off('message', onMsg)
      w.off('error', onError)
      w.off('exit', onExit)
    }
    const onMsg = (m: unknown): void => {
      if (m !== 'done') return onMessage(m)
      stop()
      giveBack(w)
      resolve()
    }
    const onError = (err: Error): void => {
      stop()
      void w.terminate()
      reject(err)
    }
    const onExit = (code: number): void => {
      stop()
      reject(new Error(`kernel thread exited with code ${code}`))
    }
    w.on('message', onMsg)
    w.on('error', onError)
    w.on('exit', onExit)
    w.postMessage(task)
  })
}

/**
 * Run `task` on `count` threads at once (they share its work through a counter in the task);
 * `onMessage` receives every message but the closing 'done'.
 */
export function onKernelThreads(
  task: object,
  count: number,
  onMessage: (m: unknown) => void
): Promise<void> {
  return Promise.all(
    Array.from({ length: Math.max(1, count) }, () => runOn(take(), task, onMessage))
  ).then(() => undefined)
}
