/**
 * Decoding a zstd stream of several frames with Node's zlib, which stops at the end of the first
 * frame. A sealed archive is two frames (the seal's, then the body's, so the body can be written
 * while its files are hashed and the seal made after), and any archive made by a tool that writes
 * many frames must decode whole too. The frames are found from their headers (RFC 8878: magic,
 * frame header, block headers, checksum), each is fed to a decoder of its own, and the decoded
 * bytes come out in order; skippable frames are passed over as `zstd -d` passes over them.
 */
import { type Duplex, Transform, type TransformCallback } from 'node:stream'

const FRAME_MAGIC = 0xfd2fb528
const SKIPPABLE_MASK = 0xfffffff0
const SKIPPABLE_MAGIC = 0x184d2a50

/** Bytes of one frame, in order; `end` on the piece that holds a frame's last byte. */
export interface FramePiece {
  bytes: Buffer
  skip: boolean
  end: boolean
}

type Wanted = 'magic' | 'descriptor' | 'header' | 'block' | 'checksum' | 'skip-size'

/** Finds frame boundaries in a zstd stream fed in chunks of any size. */
export class ZstdFrameSplitter {
  private wanted: Wanted = 'magic'
  private need = 4
  private head: number[] = []
  /** Bytes to pass through unread: a block's content or a skippable frame's. */
  private through = 0
  private skipping = false
  private lastBlock = false
  private checksum = false

  /** True between frames: the stream may end here. */
  get atBoundary(): boolean {
    return this.wanted === 'magic' && this.head.length === 0 && this.through === 0
  }

  feed(chunk: Buffer): FramePiece[] {
    const pieces: FramePiece[] = []
    let start = 0
    let i = 0
    // Bytes of a magic number not yet whole: held back until it says what kind of frame follows.
    let heldHere = 0
    const cut = (end: boolean) => {
      if (i > start || end)
        pieces.push({ bytes: chunk.subarray(start, i), skip: this.skipping, end })
      start = i
    }
    while (i < chunk.length) {
      if (this.through > 0) {
        const n = Math.min(this.through, chunk.length - i)
        i += n
        this.through -= n
        if (this.through === 0) this.afterThrough(cut)
        continue
      }
      this.head.push(chunk[i++] as number)
      heldHere++
      if (this.head.length < this.need) continue
      const head = this.head
      const carried = head.length - heldHere
      const magic = this.wanted === 'magic'
      this.head = []
      heldHere = 0
      this.onHead(head, cut)
      if (magic && carried > 0)
        pieces.push({ bytes: Buffer.from(head.slice(0, carried)), skip: this.skipping, end: false })
    }
    if (this.wanted === 'magic' && this.head.length > 0) i -= heldHere
    cut(false)
    return pieces.filter(p => p.bytes.length > 0 || p.end)
  }

  private onHead(h: number[], cut: (end: boolean) => void): void {
    switch (this.wanted) {
      case 'magic': {
        const magic = ((h[0]! | (h[1]! << 8) | (h[2]! << 16)) + h[3]! * 0x1000000) >>> 0
        if (magic === FRAME_MAGIC) return this.want('descriptor', 1, false)
        if ((magic & SKIPPABLE_MASK) >>> 0 === SKIPPABLE_MAGIC)
          return this.want('skip-size', 4, true)
        throw new Error('not a zstd frame')
      }
      case 'descriptor': {
        const d = h[0]!
        if ((d & 0x08) !== 0) throw new Error('a zstd frame header with its reserved bit set')
        const fcsFlag = d >> 6
        const single = (d & 0x20) !== 0
        this.checksum = (d & 0x04) !== 0
        const dict = [0, 1, 2, 4][d & 0x03]!
        const fcs = [single ? 1 : 0, 2, 4, 8][fcsFlag]!
        const rest = (single ? 0 : 1) + dict + fcs
        return rest > 0 ? this.want('header', rest, false) : this.want('block', 3, false)
      }
      case 'header':
        return this.want('block', 3, false)
      case 'block': {
        const b = h[0]! | (h[1]! << 8) | (h[2]! << 16)
        this.lastBlock = (b & 1) === 1
        const type = (b >> 1) & 3
        if (type === 3) throw new Error('a zstd block of a reserved type')
        const size = b >>> 3
        this.through = type === 1 ? 1 : size
        if (this.through === 0) this.afterThrough(cut)
        return
      }
      case 'checksum':
        return this.frameEnd(cut)
      case 'skip-size':
        this.through = (h[0]! | (h[1]! << 8) | (h[2]! << 16)) + h[3]! * 0x1000000
        if (this.through === 0) this.frameEnd(cut)
        return
    }
  }

  private afterThrough(cut: (end: boolean) => void): void {
    if (this.skipping) return this.frameEnd(cut)
    if (!this.lastBlock) return this.want('block', 3, false)
    if (this.checksum) return this.want('checksum', 4, false)
    this.frameEnd(cut)
  }

  private frameEnd(cut: (end: boolean) => void): void {
    cut(true)
    this.want('magic', 4, false)
  }

  private want(what: Wanted, n: number, skipping: boolean): void {
    this.wanted = what
    this.need = n
    if (what === 'magic' || what === 'skip-size') this.skipping = skipping
  }
}

/**
 * A decoder of every frame of a zstd stream: `make` gives a decoder of one frame (Node's), used
 * once per frame. Back-pressure holds: a decoder is paused while this stream's reader is full.
 */
export class ZstdFramesDecoder extends Transform {
  private dec: Duplex | undefined
  /** A frame's decoder after its last input, until its output has all been read. */
  private ending: Duplex | undefined
  private readonly split = new ZstdFrameSplitter()

  constructor(private readonly make: () => Duplex) {
    super()
  }

  private decoder(): Duplex {
    if (this.dec) return this.dec
    const d = this.make()
    d.on('data', (c: Buffer) => {
      if (!this.push(c)) d.pause()
    })
    d.on('error', err => this.destroy(err))
    return (this.dec = d)
  }

  override _read(size: number): void {
    this.ending?.resume()
    this.dec?.resume()
    super._read(size)
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    let pieces: FramePiece[]
    try {
      pieces = this.split.feed(chunk)
    } catch (err) {
      return done(err as Error)
    }
    this.feed(pieces, 0, done)
  }

  private feed(pieces: FramePiece[], from: number, done: TransformCallback): void {
    for (let i = from; i < pieces.length; i++) {
      const p = pieces[i]!
      if (p.skip) continue
      const d = this.decoder()
      const room = p.bytes.length === 0 || d.write(p.bytes)
      if (p.end) {
        this.dec = undefined
        this.ending = d
        d.once('end', () => {
          this.ending = undefined
          this.feed(pieces, i + 1, done)
        })
        d.end()
        return
      }
      if (!room) {
        d.once('drain', () => this.feed(pieces, i + 1, done))
        return
      }
    }
    done()
  }

  override _flush(done: TransformCallback): void {
    done(this.split.atBoundary ? undefined : new Error('the zstd stream ends inside a frame'))
  }

  override _destroy(err: Error | null, done: (error: Error | null) => void): void {
    this.ending?.destroy()
    this.dec?.destroy()
    done(err)
  }
}
