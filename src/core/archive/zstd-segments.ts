/**
 * Compressing a stream as independent zstd frames, several at once, with Node's encoder.
 *
 * Why not the system's zstd: a spawned compressor is fed through a 64 KiB pipe that only moves
 * while the event loop turns, so a save that keeps its thread busy reading files starves it and
 * the reading and the compressing take turns. Node's encoder runs each chunk on a libuv thread
 * and needs no pipe. One encoder is single-threaded, so the stream is cut into segments of a few
 * MiB, each ended as a frame of its own, handed in turn to `parallel` encoders that live as long
 * as the stream (a fresh encoder per segment was 0.2-0.3 s slower on a node_modules tree), and
 * the frames are written in order.
 * Consecutive frames are one stream to every zstd reader (RFC 8878 section 3.1: `zstd -d`, `tar`,
 * `@actions/cache`); swr's reader decodes frame by frame (zstd-frames.ts). Each segment starts
 * with an empty window: on a node_modules tar, 16 MiB segments make the archive 1.4% larger
 * than one frame (8 MiB: 2.6%, 32 MiB: 0.6%; 32 MiB segments kept one encoder busy alone).
 */
import { EventEmitter, once } from 'node:events'
import type fs from 'node:fs'
import zlib from 'node:zlib'
import { ZstdFrameSplitter } from './zstd-frames.js'
import { nodeZstd, type ZstdEncoder } from './zstd.js'

/** Input bytes per frame. */
export const SEGMENT_BYTES = 16 << 20

/** Output chunks of the encoder: one trip to a libuv thread per staged input buffer. */
const OUT_CHUNK = 1 << 20

/**
 * Compressed bytes the file may have queued before no more input is taken: on a slow disk the
 * encoders would otherwise run ahead and the archive pile up in memory.
 */
const OUT_QUEUED = 16 << 20

const constants = zlib.constants as Record<string, number>

interface Encoder {
  readonly stream: ZstdEncoder
  /** Where each frame of its output ends: a segment is finished when its frame is. */
  readonly frames: ZstdFrameSplitter
  /** Its segments not yet finished, in order. */
  readonly segments: Segment[]
}

interface Segment {
  readonly encoder: Encoder
  size: number
  /** Compressed bytes not yet written because an earlier segment is still being written. */
  readonly held: Buffer[]
  finished: boolean
}

type Taken = (err?: Error | null) => void

/** True where this Node can compress zstd itself. */
export function segmentedZstdAvailable(): boolean {
  return typeof nodeZstd.createZstdCompress === 'function'
}

/**
 * Takes buffers with a callback each (`taken`: the encoder no longer needs the buffer, so it may
 * be reused) and writes the frames to `out` in order. Emits 'written' (the bytes on disk so far)
 * as the file grows, and 'close' once, when it has ended or stopped; `done` says which.
 */
export class SegmentedZstd extends EventEmitter {
  destroyed = false
  readonly done: Promise<void>
  private readonly encoders: Encoder[] = []
  private turn = 0
  /** Segments not yet fully written to `out`, in order; the first is being written. */
  private readonly open: Segment[] = []
  private current: Segment | undefined
  /** Writes that wait for a segment to finish (at most `parallel` are unfinished at once). */
  private readonly waiting: [Buffer, Taken][] = []
  private ending = false
  private closed = false
  private written = 0
  private settle!: (err?: Error) => void

  constructor(
    private readonly out: fs.WriteStream,
    private readonly parallel: number,
    private readonly segmentBytes = SEGMENT_BYTES
  ) {
    super()
    this.done = new Promise<void>((resolve, reject) => {
      this.settle = err => (err ? reject(err) : resolve())
    })
    // A failure before anyone awaits `done` (the file cannot be created) is not unhandled.
    this.done.catch(() => undefined)
    out.on('error', err => this.stop(err))
    out.on('drain', () => this.pump())
  }

  write(chunk: Buffer, taken: Taken): boolean {
    if (this.destroyed) {
      taken(new Error('the compressor stopped'))
      return false
    }
    this.waiting.push([chunk, taken])
    this.pump()
    return this.waiting.length === 0
  }

  end(): void {
    this.ending = true
    this.pump()
  }

  /** Stop everything; `done` rejects with `err` (or a plain stop). */
  destroy(err?: Error): void {
    this.stop(err ?? new Error('the compressor stopped'))
  }

  /** Write what is in order, give waiting bytes to a segment, end when all is written. */
  private pump(): void {
    if (this.destroyed) return
    while (this.open[0]?.finished) {
      this.open.shift()
      const next = this.open[0]
      if (next) for (const c of next.held.splice(0)) this.put(c)
    }
    while (this.waiting.length > 0 && this.room()) {
      const [chunk, taken] = this.waiting.shift() as [Buffer, Taken]
      const seg = (this.current ??= this.begin())
      seg.encoder.stream.write(chunk, taken)
      seg.size += chunk.length
      if (seg.size >= this.segmentBytes) this.endSegment()
    }
    if (!this.ending || this.waiting.length > 0) return
    if (this.current) this.endSegment()
    if (this.open.length > 0) return
    this.destroyed = true
    for (const e of this.encoders) e.stream.destroy()
    this.out.end()
    once(this.out, 'close').then(
      () => this.finish(),
      (err: Error) => this.finish(err)
    )
  }

  /** The file keeps up, and the current segment or room for a new one takes bytes. */
  private room(): boolean {
    if (this.out.writableLength > OUT_QUEUED) return false
    if (this.current) return true
    return this.open.filter(s => !s.finished).length < this.parallel
  }

  private begin(): Segment {
    const encoder = this.encoderFor(this.turn++ % this.parallel)
    const seg: Segment = { encoder, size: 0, held: [], finished: false }
    encoder.segments.push(seg)
    this.open.push(seg)
    return seg
  }

  /** The frame ends with this segment's bytes; the encoder goes on with a new frame. */
  private endSegment(): void {
    this.current?.encoder.stream.flush(constants.ZSTD_e_end as number)
    this.current = undefined
  }

  private encoderFor(i: number): Encoder {
    const existing = this.encoders[i]
    if (existing) return existing
    // A checksum in every frame, as the `zstd` tool writes one.
    const params = { [constants.ZSTD_c_checksumFlag as number]: 1 }
    const e: Encoder = {
      stream: (nodeZstd.createZstdCompress as NonNullable<typeof nodeZstd.createZstdCompress>)({
        chunkSize: OUT_CHUNK,
        params
      }),
      frames: new ZstdFrameSplitter(),
      segments: []
    }
    e.stream.on('data', (c: Buffer) => this.output(e, c))
    e.stream.on('error', (err: Error) => this.stop(err))
    this.encoders[i] = e
    return e
  }

  /** An encoder's output, cut at its frames' ends into its segments'. */
  private output(e: Encoder, chunk: Buffer): void {
    for (const piece of e.frames.feed(chunk)) {
      const seg = e.segments[0]
      if (!seg) return this.stop(new Error('the compressor wrote a frame it was not asked for'))
      if (this.open[0] === seg) this.put(piece.bytes)
      else seg.held.push(piece.bytes)
      if (piece.end) {
        seg.finished = true
        e.segments.shift()
      }
    }
    this.pump()
  }

  /**
   * Bytes to the file, in order. 'written' tells how many are on disk so far (a store may send
   * them while the rest is compressed).
   */
  private put(bytes: Buffer): void {
    this.out.write(bytes, err => {
      if (err) return
      this.written += bytes.length
      this.emit('written', this.written)
    })
  }

  private stop(err: Error): void {
    if (this.closed) return
    this.destroyed = true
    for (const e of this.encoders) e.stream.destroy()
    for (const [, taken] of this.waiting.splice(0)) taken(err)
    this.out.destroy()
    this.finish(err)
  }

  private finish(err?: Error): void {
    if (this.closed) return
    this.closed = true
    this.settle(err)
    this.emit('close')
  }
}
