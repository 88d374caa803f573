/**
 * Streaming one compressed cache archive through decompression into the tar reader, stopping the
 * download as soon as the reader refuses a member or has read the end of the archive. zstd is
 * decoded by Node's zlib where it has it (Node 22.15+/24, the Action's runtime; frame by frame),
 * else by the system's `zstd` binary (zstd.ts).
 */
import { spawn } from 'node:child_process'
import { Duplex, type Readable, Transform, type TransformCallback } from 'node:stream'
import zlib from 'node:zlib'
import { type ArchiveCompression, DEFAULT_STALL_MS, type DownloadBounds } from '../cache-port.js'
import { toolEnv } from '../exec/child-env.js'
import { PIECE_BYTES } from '../memory/heap-pieces.js'
import { releaseWhole } from '../memory/release.mjs'
import { Rejected } from './rejected.js'
import { TarReader, type TarHandlers } from './tar-reader.js'
import { ZstdFramesDecoder } from './zstd-frames.js'
import { nodeZstd, zstdBinary } from './zstd.js'

/**
 * Output chunks of ~256 KiB rather than zlib's 16 KiB: a node_modules archive inflates to ~340 MB
 * of tar, and 20,000 chunks' callbacks and reads cost a third more than the decoding itself. Just
 * under the size glibc maps (heap-pieces.ts): each chunk is a new buffer.
 */
const CHUNK = PIECE_BYTES

/**
 * The download reaches the decoder in pieces of ~256 KiB. A TLS socket delivers 16 KiB at
 * a time (a plain one 64 KiB), and each write to Node's decoder is one round trip to libuv's
 * pool: decoding the 44 MB `nm` archive took ~480 ms of CPU fed 16 KiB at a time, ~390 ms fed
 * 64 KiB, ~345 ms fed 256 KiB. The chunks joined are freed at once (`releaseWhole`): left to the
 * collector, those a young collection saw in flight waited for a full one, and joining without
 * freeing cost the 300,000-file restore ~5 MiB of peak memory where freeing them saved ~4.
 */
const GATHER = PIECE_BYTES

/**
 * Copies chunks into pieces of exactly `size` bytes (the last one short), a chunk split across
 * two pieces where it must: a piece neither outgrows the size glibc serves from its heap nor goes
 * on part full. Each chunk copied is handed to `free` (the caller's promise: nothing else keeps
 * the chunks it writes here); a chunk as large as a piece, met with nothing held, passes as it is.
 */
export class Gather extends Transform {
  private piece: Buffer | undefined
  private used = 0

  /** `free`: what each chunk joined is handed to once copied. */
  constructor(
    private readonly size = GATHER,
    private readonly free: (chunk: Buffer) => void = releaseWhole
  ) {
    super()
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    if (this.used === 0 && chunk.length >= this.size) {
      this.push(chunk)
      return done()
    }
    for (let at = 0; at < chunk.length;) {
      this.piece ??= Buffer.allocUnsafeSlow(this.size)
      const n = chunk.copy(this.piece, this.used, at)
      at += n
      this.used += n
      if (this.used === this.size) this.release()
    }
    this.free(chunk)
    done()
  }

  override _flush(done: TransformCallback): void {
    this.release()
    done()
  }

  private release(): void {
    if (!this.piece || this.used === 0) return
    this.push(this.used === this.size ? this.piece : this.piece.subarray(0, this.used))
    this.piece = undefined
    this.used = 0
  }
}

function decompressor(compression: ArchiveCompression): Duplex {
  if (compression === 'gzip') return zlib.createGunzip({ chunkSize: CHUNK })
  const native = nodeZstd.createZstdDecompress
  // Node's decoder stops at a frame's end; a sealed archive has two (zstd-frames.ts).
  if (native) return new ZstdFramesDecoder(() => native({ chunkSize: CHUNK }))
  const bin = zstdBinary()
  if (!bin) throw new Rejected('a zstd archive, and neither Node nor the system has zstd')
  const child = spawn(bin, ['-d', '-c', '-q'], {
    stdio: ['pipe', 'pipe', 'pipe'],
    env: toolEnv()
  })
  let err = ''
  child.stderr.on('data', (c: Buffer) => (err = (err + c.toString('utf8')).slice(-400)))
  const duplex = Duplex.from({ writable: child.stdin, readable: child.stdout })
  child.on('close', code => {
    if (code !== 0 && code !== null)
      duplex.destroy(new Error(err.trim().split('\n').pop() || `zstd exited ${code}`))
  })
  child.stdin.on('error', () => undefined)
  duplex.on('close', () => child.kill())
  return duplex
}

/**
 * Watches the download: a network error, a connection closed before the body ended, a stall or the
 * total bound each end it with one `Error` through `fail` (which must tear the pipeline down, since
 * `pipe` neither ends nor destroys its destination when its source fails). Time spent waiting on
 * our own consumer (`hold`) never counts as a stall.
 */
function watchDownload(source: Readable, bounds: DownloadBounds, onFault: (err: Error) => void) {
  let stopped = false
  const fail = (err: Error) => {
    if (!stopped) onFault(err)
  }
  const stallMs = bounds.stallMs ?? DEFAULT_STALL_MS
  const expected = Number(
    (source as { headers?: Record<string, unknown> }).headers?.['content-length']
  )
  let received = 0
  let held = false
  let last = Date.now()
  const timers: NodeJS.Timeout[] = []
  const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`
  const stall = setInterval(
    () => {
      if (!held && Date.now() - last >= stallMs)
        fail(new Error(`stalled: no byte for ${seconds(stallMs)} after ${received} bytes`))
    },
    Math.max(50, Math.min(1000, stallMs / 4))
  )
  timers.push(stall)
  if (bounds.totalMs !== undefined)
    timers.push(
      setTimeout(
        () =>
          fail(
            new Error(
              `took longer than ${seconds(bounds.totalMs as number)}${bounds.totalName ? ` (${bounds.totalName})` : ''}`
            )
          ),
        bounds.totalMs
      )
    )
  const cut = () =>
    `the connection closed after ${received}${Number.isFinite(expected) ? ` of ${expected}` : ''} bytes`
  source.on('data', (c: Buffer) => {
    received += c.length
    last = Date.now()
  })
  source.on('error', e => fail(e.message === 'aborted' ? new Error(cut()) : e))
  source.on('aborted', () => fail(new Error(cut())))
  source.on('close', () => {
    if (!source.readableEnded) fail(new Error(cut()))
  })
  source.on('end', () => {
    if (Number.isFinite(expected) && received < expected) fail(new Error(cut()))
  })
  return {
    progress: () => (last = Date.now()),
    hold: (on: boolean) => ((held = on), (last = Date.now())),
    stop: () => {
      stopped = true
      timers.forEach(t => clearTimeout(t))
    }
  }
}

/** A download fault's one line: the system error's code said once, no addresses. */
function faultLine(err: Error): string {
  const code = (err as NodeJS.ErrnoException).code
  if (code === 'ECONNRESET') return 'the connection was reset'
  if (code === 'ETIMEDOUT') return 'the connection timed out'
  return oneLine(err)
}

/**
 * Feed `source` (compressed) to a tar reader driving `handlers`. Resolves when the archive ended
 * cleanly; rejects with a Rejected naming why not, in bounded time (`bounds`) whatever the network
 * does. The source is destroyed either way, and its chunks are this function's: a chunk joined
 * with others is freed once copied, so no other code may keep them (a download's are nobody's).
 */
export async function unpack(
  source: Readable,
  compression: ArchiveCompression,
  handlers: TarHandlers,
  bounds: DownloadBounds = {}
): Promise<void> {
  const reader = new TarReader(handlers)
  let dec: Duplex | undefined
  const gather = new Gather()
  let sourceError: Error | undefined
  const watch = watchDownload(source, bounds, err => {
    if (sourceError || reader.done) return
    sourceError = err
    source.unpipe()
    source.destroy()
    gather.destroy()
    dec?.destroy(err)
  })
  try {
    dec = decompressor(compression)
    gather.on('error', err => dec?.destroy(err))
    source.pipe(gather).pipe(dec)
    // A wait of our own (a table being built, the writer's room) is no stalled download.
    const waitFor = async (p: Promise<void>): Promise<void> => {
      watch.hold(true)
      await p
      watch.hold(false)
    }
    for await (const chunk of dec as AsyncIterable<Buffer>) {
      watch.progress()
      reader.write(chunk)
      for (let held = reader.blocked; held; held = reader.blocked) {
        await waitFor(held)
        reader.resume()
      }
      if (reader.done) break
      const room = handlers.room?.()
      if (room) await waitFor(room)
    }
    if (!reader.done) {
      if (sourceError) throw new Rejected(`download failed: ${faultLine(sourceError)}`)
      reader.finish()
    }
    await handlers.settle?.()
  } catch (err) {
    if (err instanceof Rejected) throw err
    if (sourceError) throw new Rejected(`download failed: ${faultLine(sourceError)}`)
    throw new Rejected(`truncated or corrupt archive (${oneLine(err)})`)
  } finally {
    watch.stop()
    source.unpipe()
    source.destroy()
    gather.destroy()
    dec?.destroy()
    // Nothing may still be writing into scratch once this returns (the caller removes it).
    await handlers.settle?.().catch(() => undefined)
  }
}

function oneLine(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err)
  return text.split('\n')[0]?.slice(0, 200) ?? ''
}
