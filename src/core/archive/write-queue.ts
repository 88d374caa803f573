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
/** A batch is sent at this many files or bytes (or when the archive's next chunk is awaited). */
const BATCH_FILES = 256
const BATCH_BYTES = 1024 * 1024
/** Bytes handed over and not yet written. */
const MAX_BYTES = 32 * 1024 * 1024

/**
 * A batch as it crosses to the writer: its paths in one array and three numbers per op in one
 * typed array (moved, not copied), where an array per op made cloning a batch a tenth of a
 * 60,000-file restore's main thread.
 */
export interface Batch {
  /** Per op: its path, and for a copy the path it copies. */
  paths: string[]
  /** Per op: mode, fixMode (1/0) and size; size -1 for a copy. */
  nums: Int32Array
  data: ArrayBuffer
}

interface Sent {
  labels: string[]
  bytes: number
}

type Reply = { done: number } | { failed: number; code: string; message: string }

/** Where the writer lives next to this module, in src/ and in every bundle alike. */
export function writerUrl(): URL {
  return new URL('./file-writer.mjs', import.meta.url)
}

function failedWriting(label: string, code: string, message: string): Rejected {
  return new Rejected(`writing ${label} failed (${code}: ${message.split('\n')[0]})`)
}

export class WriteQueue {
  private inline = 0
  private worker: Worker | undefined
  private paths: string[] = []
  private nums: number[] = []
  private labels: string[] = []
  private parts: Buffer[] = []
  private batchBytes = 0
  private readonly sent: Sent[] = []
  private inFlight = 0
  private failure: Rejected | undefined
  private wake: (() => void) | undefined

  /** Create `abs` holding `content` (O_EXCL: never over anything); `label` names it in a failure. */
  create(abs: string, label: string, content: Buffer, mode: number, fixMode: boolean): void {
    if (this.failure) throw this.failure
    if (!this.worker && this.inline < INLINE_FILES) {
      this.inline++
      return createFile(abs, content, mode, fixMode)
    }
    this.paths.push(abs)
    this.nums.push(mode, fixMode ? 1 : 0, content.length)
    this.labels.push(label)
    this.parts.push(content)
    this.batchBytes += content.length
    if (this.labels.length >= BATCH_FILES || this.batchBytes >= BATCH_BYTES) this.send()
  }

  /** Copy `from` (written earlier, or queued before this) to `abs`; `link`: a hard link to it. */
  copy(abs: string, label: string, from: string, link = false): void {
    if (this.failure) throw this.failure
    // Inline only while nothing waits for the thread: the target may be queued, not yet written.
    if (!this.worker && this.labels.length === 0)
      return link ? fs.linkSync(from, abs) : fs.copyFileSync(from, abs, fs.constants.COPYFILE_EXCL)
    this.paths.push(abs, from)
    this.nums.push(0, 0, link ? -2 : -1)
    this.labels.push(label)
  }

  /** Undefined while there is room; else a promise for when there is (rejects on a failure). */
  room(): Promise<void> | undefined {
    if (this.labels.length > 0) this.send()
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

  private send(): void {
    const w = this.worker ?? this.start()
    // One buffer per batch, moved to the writer rather than copied again.
    const data = new ArrayBuffer(this.batchBytes)
    const view = new Uint8Array(data)
    let at = 0
    for (const p of this.parts) {
      view.set(p, at)
      at += p.length
    }
    const nums = Int32Array.from(this.nums)
    const batch: Batch = { paths: this.paths, nums, data }
    w.postMessage(batch, [data, nums.buffer])
    this.sent.push({ labels: this.labels, bytes: this.batchBytes })
    this.inFlight += this.batchBytes
    this.paths = []
    this.nums = []
    this.labels = []
    this.parts = []
    this.batchBytes = 0
  }

  private start(): Worker {
    const w = new Worker(writerUrl(), { workerData: { swrFileWriter: true } })
    w.on('message', (m: Reply) => {
      const batch = this.sent.shift()
      if (batch) this.inFlight -= batch.bytes
      if ('failed' in m)
        this.failure ??= failedWriting(batch?.labels[m.failed] ?? 'a file', m.code, m.message)
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
