/**
 * Creating extracted files on a thread of their own while the archive goes on streaming. Creating
 * tens of thousands of small files is mostly kernel time (open with O_CREAT, write, close); done
 * on the main thread it leaves the decompression, the tar parsing and the hashing waiting. Here a
 * file whose bytes were already proven is handed over whole, in batches, to one writer thread
 * (file-writer.mjs) that creates them back to back, in archive order (so a hard link's copy
 * follows its target). One writer: several only contend for the directory locks and the journal,
 * and the pool's threads would each wait on the main thread between a file's three calls.
 *
 * The archive is fed no further while too many bytes wait, so memory stays bounded whatever it
 * holds. Small extractions never start the thread: their first files are written inline.
 */
import fs from 'node:fs'
import { Worker } from 'node:worker_threads'
import { createFile } from './file-writer.mjs'
import { Rejected } from './rejected.js'

/** Files written inline before the thread is worth its start-up (~30-50 ms). */
const INLINE_FILES = 512
/** A batch is sent at this many files or bytes (or sooner to a writer with nothing to do). */
const BATCH_FILES = 256
const BATCH_BYTES = 1024 * 1024
/**
 * Memory handed over and not yet written back: batch buffers whole, not the bytes their files
 * fill. (Batches sent part full at each of the archive's chunks held ~270 KiB of files each at
 * 300,000 small files, and counting those let ~140 buffers of 1 MiB wait at once.) Eight
 * batches keep the writer busy: restoring 300,000 files into tmpfs, alternating, took 6.4-7.9 s
 * with 8 MiB against 6.5-7.6 s with 32 (and 16 the same as 8), in ~40-60 MiB less peak RSS.
 */
const MAX_BYTES = 8 * 1024 * 1024
/** Batch buffers the writer handed back, kept for the next batches. */
const SPARE_BUFFERS = MAX_BYTES / BATCH_BYTES

/**
 * A batch as it crosses to the writer: its paths in one array and three numbers per op in one
 * typed array (moved, not copied), where an array per op made cloning a batch a tenth of a
 * 60,000-file restore's main thread. `data` holds the files' bytes back to back from offset 0.
 */
export interface Batch {
  /** Per op: its path, and for a copy the path it copies. */
  paths: string[]
  /** Per op: mode, fixMode (1/0) and size; size -1 for a copy, -2 for a hard link. */
  nums: Int32Array
  data: ArrayBuffer
}

interface Sent {
  labels: string[]
  /** The memory it holds: its buffer's size. */
  held: number
}

/** The writer's reply to a batch: the batch's buffer comes back with it, to be filled again. */
type Reply =
  { done: number; data?: ArrayBuffer } | { failed: number; code: string; message: string }

/** Where the writer lives next to this module, in src/ and in every bundle alike. */
export function writerUrl(): URL {
  return new URL('./file-writer.mjs', import.meta.url)
}

function failedWriting(label: string, code: string, message: string): Rejected {
  return new Rejected(`writing ${label} failed (${code}: ${message.split('\n')[0]})`)
}

/**
 * Files are staged straight into the buffer that goes to the writer (`stage`, then `commit`):
 * no buffer per file and no copy into the batch, and the writer hands each batch buffer back to
 * be filled again. Fresh memory costs a page fault per 4 KiB to touch (~20 us here): a buffer a
 * file and a new one a batch had every byte of a restore touch fresh pages twice.
 */
export class WriteQueue {
  private inline = 0
  private worker: Worker | undefined
  private paths: string[] = []
  private nums: number[] = []
  private labels: string[] = []
  /** The batch being filled, and how much of it holds committed files. */
  private buf: Uint8Array | undefined
  private used = 0
  private staged: { view: Uint8Array; inline: boolean } | undefined
  private readonly spare: ArrayBuffer[] = []
  private readonly sent: Sent[] = []
  private inFlight = 0
  private failure: Rejected | undefined
  private wake: (() => void) | undefined

  /**
   * Room for the next file's `size` bytes, to be filled and then committed (or left: the next
   * stage reuses it). Valid until the next `stage`, `commit` or `copy`.
   */
  stage(size: number): Uint8Array {
    if (this.failure) throw this.failure
    if (!this.worker && this.inline < INLINE_FILES) {
      this.staged = { view: Buffer.allocUnsafe(size), inline: true }
      return this.staged.view
    }
    if (!this.buf || this.used + size > this.buf.length) {
      // The batch so far goes (its buffer with it, when it holds any file).
      if (this.labels.length > 0) this.send()
      if (!this.buf || size > this.buf.length) this.buf = this.fresh(size)
    }
    this.staged = { view: this.buf.subarray(this.used, this.used + size), inline: false }
    return this.staged.view
  }

  /** A batch buffer for a file of `size` bytes: one handed back if it fits, else a new one. */
  private fresh(size: number): Uint8Array {
    if (size > BATCH_BYTES) return new Uint8Array(new ArrayBuffer(size))
    return new Uint8Array(this.spare.pop() ?? new ArrayBuffer(BATCH_BYTES))
  }

  /** The staged bytes become `abs` (O_EXCL: never over anything); `label` names it in a failure. */
  commit(abs: string, label: string, mode: number, fixMode: boolean): void {
    if (this.failure) throw this.failure
    const s = this.staged
    if (!s) throw new Error('nothing staged')
    this.staged = undefined
    if (s.inline) {
      this.inline++
      return createFile(abs, s.view, mode, fixMode)
    }
    this.paths.push(abs)
    this.nums.push(mode, fixMode ? 1 : 0, s.view.length)
    this.labels.push(label)
    this.used += s.view.length
    if (this.labels.length >= BATCH_FILES || this.used >= BATCH_BYTES) this.send()
  }

  /** Copy `from` (written earlier, or queued before this) to `abs`; `link`: a hard link to it. */
  copy(abs: string, label: string, from: string, link = false): void {
    if (this.failure) throw this.failure
    this.staged = undefined
    // Inline only while nothing waits for the thread: the target may be queued, not yet written.
    if (!this.worker && this.labels.length === 0)
      return link ? fs.linkSync(from, abs) : fs.copyFileSync(from, abs, fs.constants.COPYFILE_EXCL)
    this.paths.push(abs, from)
    this.nums.push(0, 0, link ? -2 : -1)
    this.labels.push(label)
  }

  /** Undefined while there is room; else a promise for when there is (rejects on a failure). */
  room(): Promise<void> | undefined {
    this.sendIfIdle()
    if (this.failure) return Promise.reject(this.failure)
    if (this.inFlight < MAX_BYTES) return undefined
    return this.waitForReply().then(() => this.room())
  }

  /** Everything handed over is written (or the writer stopped at a failure, which this rejects with). */
  async settle(): Promise<void> {
    if (this.labels.length > 0 && !this.failure) this.send()
    while (this.sent.length > 0 && !this.failure) await this.waitForReply()
    const w = this.worker
    this.worker = undefined
    if (w) await w.terminate()
    if (this.failure) throw this.failure
  }

  private waitForReply(): Promise<void> {
    return new Promise<void>(resolve => (this.wake = resolve))
  }

  /**
   * A part-full batch goes only to a writer with nothing to do (and never while a file is staged
   * in it: its member goes on in the next chunk); while the writer is busy the batch fills, since
   * a batch holds its whole buffer however few files it carries.
   */
  private sendIfIdle(): void {
    if (this.labels.length > 0 && !this.staged && this.sent.length === 0) this.send()
  }

  /** The ops so far go to the writer with the batch buffer (moved, not copied). */
  private send(): void {
    const w = this.worker ?? this.start()
    const data = this.buf && this.used > 0 ? (this.buf.buffer as ArrayBuffer) : new ArrayBuffer(0)
    if (data.byteLength > 0) this.buf = undefined
    const nums = Int32Array.from(this.nums)
    const batch: Batch = { paths: this.paths, nums, data }
    const held = data.byteLength
    w.postMessage(batch, held > 0 ? [data, nums.buffer] : [nums.buffer])
    this.sent.push({ labels: this.labels, held })
    this.inFlight += held
    this.used = 0
    this.paths = []
    this.nums = []
    this.labels = []
  }

  private start(): Worker {
    const w = new Worker(writerUrl(), { workerData: { swrFileWriter: true } })
    w.on('message', (m: Reply) => {
      const batch = this.sent.shift()
      if (batch) this.inFlight -= batch.held
      if ('failed' in m)
        this.failure ??= failedWriting(batch?.labels[m.failed] ?? 'a file', m.code, m.message)
      else if (m.data?.byteLength === BATCH_BYTES && this.spare.length < SPARE_BUFFERS)
        this.spare.push(m.data)
      if (!this.failure) this.sendIfIdle()
      this.notify()
    })
    const died = (why: string): void => {
      if (this.sent.length > 0) this.failure ??= new Rejected(`the file writer stopped (${why})`)
      this.notify()
    }
    w.on('error', err => died(err.message.split('\n')[0] ?? 'error'))
    w.on('exit', code => died(`exit ${code}`))
    this.worker = w
    return w
  }

  private notify(): void {
    const wake = this.wake
    this.wake = undefined
    wake?.()
  }
}
