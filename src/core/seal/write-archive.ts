/**
 * Writing a sealed cache archive: a POSIX tar whose first member is the seal, then each sealed path
 * member by member in the seal's order, so the archive holds what the seal names and nothing
 * else. The body is written (and each tree's files read once) while the seal is made; the seal
 * then goes in front as a compressed frame of its own. Compressed with Node's zstd in frames
 * compressed side by side (zstd-segments.ts), else the system's zstd, else gzip. Plain `tar`
 * extracts it.
 */
import { spawn } from 'node:child_process'
import crypto, { createHash } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import { once } from 'node:events'
import { setImmediate as turn } from 'node:timers/promises'
import zlib from 'node:zlib'
import type { ArchiveCompression } from '../cache-port.js'
import type { Entry } from '../types.js'
import type { IndexRecord } from '../walk/tree-index.js'
import type { TreeArchiver } from '../capture/tree-stream.js'
import { fsPath } from '../walk/byte-names.mjs'
import { sameState } from '../capture/steady.js'
import { toolEnv } from '../exec/child-env.js'
import { zstdBinary } from '../archive/zstd.js'
import { SegmentedZstd, segmentedZstdAvailable } from '../archive/zstd-segments.js'

/** The seal's name in every sealed archive: its first member. */
export const SEAL_MEMBER = '.swr-seal.json'

/** The tar stream goes to the compressor in buffers of this size. */
const STAGE_BYTES = 1 << 20
/** Bytes that may wait for the compressor before the reading waits for it. */
const QUEUED_BYTES = 16 * STAGE_BYTES
const SPARE_STAGES = QUEUED_BYTES / STAGE_BYTES + 1
/** Files (with header room) up to this size are read in one call into the staging buffer. */
const SMALL_BYTES = 256 * 1024
const USTAR_MAX_SIZE = 0o77777777777

/** One sealed path as it goes into the archive. */
export interface ArchiveSource {
  /** Its name in the archive. */
  member: string
  /** Where it is now. */
  abs: string
  entry: Entry
  /** A tree's index records. */
  records?: readonly IndexRecord[] | undefined
}

function paxRecord(k: string, v: string): string {
  const body = ` ${k}=${v}\n`
  let len = Buffer.byteLength(body) + 1
  while (String(len).length + Buffer.byteLength(body) !== len) len++
  return `${len}${body}`
}

/**
 * `n` in octal, zero-padded to `len - 1` digits and a NUL, written as bytes: five such fields a
 * member made as strings were a twentieth of everything a save of small files allocated.
 */
function octalField(h: Buffer, at: number, len: number, n: number): void {
  h[at + len - 1] = 0
  for (let i = at + len - 2; i >= at; i--, n = Math.floor(n / 8)) h[i] = 0x30 + (n % 8)
}

/** A ustar header written into `h` (512 bytes, zeroed). */
function rawHeader(
  h: Buffer,
  name: string,
  flag: string,
  size: number,
  mode: number,
  mtime: number,
  link: string
): Buffer {
  h.write(name, 0, 100, 'utf8')
  octalField(h, 100, 8, mode & 0o7777)
  octalField(h, 108, 8, 0)
  octalField(h, 116, 8, 0)
  octalField(h, 124, 12, size > USTAR_MAX_SIZE ? 0 : size)
  octalField(h, 136, 12, mtime)
  h.write(flag, 156, 1, 'latin1')
  h.write(link, 157, 100, 'utf8')
  h.write('ustar\0', 257, 6, 'latin1')
  h.write('00', 263, 2, 'latin1')
  h.fill(0x20, 148, 156)
  let sum = 0
  for (let i = 0; i < 512; i++) sum += h[i] as number
  octalField(h, 148, 7, sum)
  h[155] = 0x20
  return h
}

function padding(n: number): Buffer {
  return Buffer.alloc((512 - (n % 512)) % 512)
}

/** Names under 100 bytes need no pax record; most are far shorter, so count bytes only then. */
function long(s: string): boolean {
  return s.length >= 34 && Buffer.byteLength(s) >= 100
}

/** The pax header a member needs first (a long name or link, a size over ustar's), if any. */
function paxHeader(name: string, size: number, mtime: number, link: string): Buffer[] {
  const pax: string[] = []
  if (long(name)) pax.push(paxRecord('path', name))
  if (long(link)) pax.push(paxRecord('linkpath', link))
  if (size > USTAR_MAX_SIZE) pax.push(paxRecord('size', String(size)))
  if (pax.length === 0) return []
  const body = Buffer.from(pax.join(''), 'utf8')
  const h = rawHeader(Buffer.alloc(512), '././@PaxHeader', 'x', body.length, 0o644, mtime, '')
  return [h, body, padding(body.length)]
}

/** A member's header, with its pax header first when it needs one. */
function header(
  name: string,
  flag: string,
  size: number,
  mode: number,
  mtime: number,
  link = ''
): Buffer[] {
  const h = Buffer.alloc(512)
  rawHeader(h, name.slice(0, 99), flag, size, mode, mtime, link.slice(0, 99))
  return [...paxHeader(name, size, mtime, link), h]
}

/** Where staged bytes go: `taken` once the compressor no longer needs the buffer. */
interface ChunkSink {
  write(chunk: Buffer, taken: (err?: Error | null) => void): unknown
  end(): unknown
  readonly destroyed: boolean
  once(event: 'close', listener: () => void): unknown
  off(event: 'close', listener: () => void): unknown
}

interface Sink {
  input: ChunkSink
  compression: ArchiveCompression
  done: Promise<void>
  /** Stop: the compressor and the file closed, whatever they were doing. */
  abort(): void
  /** Where the compressor tells how many bytes are on disk as the file grows. */
  onGrow?: ((cb: (written: number) => void) => void) | undefined
}

/** Frames compressed at once; one libuv thread stays free for the file's own writes. */
const ENCODERS = Math.max(1, Math.min(os.availableParallelism(), 3))

/**
 * The compression an archive written here gets (compressTo's choice, known before it starts): a
 * store can then say whether the object a save would create is there already.
 */
export function archiveCompression(): ArchiveCompression {
  return segmentedZstdAvailable() || zstdBinary() ? 'zstd' : 'gzip'
}

/**
 * A compressor writing `file` (created; `exclusive`: never over anything): Node's zstd in frames
 * compressed side by side (zstd-segments.ts says why not a pipe to the system's zstd), else the
 * system's zstd, else gzip (or gzip when `gzip` says the rest of the archive is).
 */
function compressTo(file: string, opts: { exclusive?: boolean; gzip?: boolean } = {}): Sink {
  const out = fs.createWriteStream(file, { mode: 0o600, flags: opts.exclusive ? 'wx' : 'w' })
  if (!opts.gzip && segmentedZstdAvailable()) {
    const z = new SegmentedZstd(out, ENCODERS)
    return {
      input: z,
      compression: 'zstd',
      done: z.done,
      abort: () => z.destroy(),
      onGrow: cb => z.on('written', cb)
    }
  }
  const outDone = once(out, 'close')
  const bin = opts.gzip ? undefined : zstdBinary()
  if (bin) {
    const child = spawn(bin, ['-T0', '-3', '-q', '-c'], {
      stdio: ['pipe', 'pipe', 'pipe'],
      env: toolEnv()
    })
    let err = ''
    child.stderr.on('data', (c: Buffer) => (err = (err + c.toString('utf8')).slice(-400)))
    child.stdout.pipe(out)
    const exited = new Promise<void>((resolve, reject) => {
      child.on('error', reject)
      child.on('close', code =>
        code === 0
          ? resolve()
          : reject(new Error(err.trim().split('\n').pop() || `zstd exited ${code}`))
      )
    })
    child.stdin.on('error', () => undefined)
    return {
      input: child.stdin,
      compression: 'zstd',
      done: Promise.all([exited, outDone]).then(() => undefined),
      abort: () => {
        child.kill()
        out.destroy()
      }
    }
  }
  const z = zlib.createGzip({ level: 6 })
  z.pipe(out)
  const failed = new Promise<void>((_, reject) => z.on('error', reject))
  return {
    input: z,
    compression: 'gzip',
    done: Promise.race([outDone.then(() => undefined), failed]),
    abort: () => {
      z.destroy()
      out.destroy()
    }
  }
}

/** A file changed while it was archived: the save is refused, naming it. */
export class ChangedWhileSaved extends Error {
  constructor(readonly member: string) {
    super(`${member} changed while it was saved (it moved while it was read): not saved`)
    this.name = 'ChangedWhileSaved'
  }
}

class CompressorStopped extends Error {
  constructor() {
    super('the compressor stopped')
  }
}

const ZEROS = Buffer.alloc(1024)
const hashOf: ((alg: string, data: Buffer) => string) | undefined = (
  crypto as { hash?: (alg: string, data: Buffer) => string }
).hash

/** Whether a file of `size` bytes is read in one call, with its padding, into the staging buffer. */
function readInOne(size: number, pad: number): boolean {
  return hashOf !== undefined && size + 1 + pad <= SMALL_BYTES
}

/** What reading one file into the archive saw: its sha256 and its state after the last byte. */
interface ReadFile {
  sha256: string
  after: fs.BigIntStats
}

/**
 * The tar stream, staged in 1 MiB buffers: headers are written and small files read straight
 * into the buffer that goes to the compressor (no buffer per member, no copy to join them).
 */
class TarWriter {
  private buf: Buffer = Buffer.allocUnsafe(STAGE_BYTES)
  private pos = 0
  /** Bytes handed to the compressor and not yet taken by it. */
  private queued = 0
  private readonly spare: Buffer[] = []
  private drained: (() => void) | undefined
  constructor(
    private readonly sink: ChunkSink,
    readonly mtime: number
  ) {}

  /** Room for `n` more bytes in the staging buffer (n ≤ its size). */
  private room(n: number): Promise<void> | undefined {
    return this.pos + n > this.buf.length ? this.flush() : undefined
  }

  /** Bytes made elsewhere (a pax header, the end blocks), copied into the stream. */
  async push(...bufs: Buffer[]): Promise<void> {
    for (const b of bufs) {
      let at = 0
      while (at < b.length) {
        if (this.pos === this.buf.length) await this.flush()
        const n = b.copy(this.buf, this.pos, at)
        this.pos += n
        at += n
      }
    }
  }

  /**
   * A member's header (and its pax header when it needs one): written at once when the staging
   * buffer has room, else a promise for when it is (see `file`).
   */
  member(
    name: string,
    flag: string,
    size: number,
    mode: number,
    link = ''
  ): Promise<void> | undefined {
    const pax = paxHeader(name, size, this.mtime, link)
    if (pax.length > 0 || this.pos + 512 > this.buf.length)
      return this.memberLater(pax, name, flag, size, mode, link)
    this.header(name, flag, size, mode, link)
    return undefined
  }

  private async memberLater(
    pax: Buffer[],
    name: string,
    flag: string,
    size: number,
    mode: number,
    link: string
  ): Promise<void> {
    if (pax.length > 0) await this.push(...pax)
    await this.room(512)
    this.header(name, flag, size, mode, link)
  }

  private header(name: string, flag: string, size: number, mode: number, link: string): void {
    const h = this.buf.subarray(this.pos, this.pos + 512).fill(0)
    rawHeader(h, name.slice(0, 99), flag, size, mode, this.mtime, link.slice(0, 99))
    this.pos += 512
  }

  /**
   * The staged bytes go to the compressor. Up to QUEUED_BYTES may wait there (waiting for each
   * megabyte kept the reading and the compressing taking turns; 16 MiB lets two segments
   * compress side by side), and each buffer comes back to be staged into again once taken
   * (fresh memory costs a page fault per 4 KiB to touch).
   */
  async flush(): Promise<void> {
    if (this.pos === 0) return
    const full = this.buf
    const chunk = full.subarray(0, this.pos)
    this.buf = this.spare.pop() ?? Buffer.allocUnsafe(STAGE_BYTES)
    this.pos = 0
    this.queued += chunk.length
    this.sink.write(chunk, () => {
      this.queued -= chunk.length
      if (this.spare.length < SPARE_STAGES) this.spare.push(full)
      if (this.queued <= QUEUED_BYTES / 2) this.drained?.()
    })
    // A turn of the event loop per staged buffer: the encoders' finished chunks (and a pipe's
    // room) are only seen there, and a reading that never yields leaves them idle.
    if (this.queued <= QUEUED_BYTES) return await turn()
    if (this.sink.destroyed) throw new CompressorStopped()
    await new Promise<void>((resolve, reject) => {
      const closed = () => reject(new CompressorStopped())
      this.drained = () => {
        this.drained = undefined
        this.sink.off('close', closed)
        resolve()
      }
      this.sink.once('close', closed)
    })
  }

  /**
   * A regular file's member, its bytes hashed as they are read (each file is read once: the
   * archive and the seal's sha256 come from the same bytes). A file whose size is not `size`
   * refuses the save with its name. `from` is a path, or a descriptor open for reading that the
   * caller closes.
   */
  file(
    name: string,
    from: fs.PathLike | number,
    size: number,
    mode: number
  ): ReadFile | Promise<ReadFile> {
    // Most files of a dependency tree are a few KiB: header, bytes and padding fit the staging
    // buffer as it is, and the member is written without a promise (a save of 60,000 files
    // allocated ~0.5 GB, a third of it the promises and frames of its per-file awaits).
    const pad = (512 - (size % 512)) % 512
    if (
      typeof from === 'number' &&
      readInOne(size, pad) &&
      this.pos + 512 + size + 1 + pad <= this.buf.length &&
      !long(name)
    ) {
      this.header(name, '0', size, mode, '')
      return this.readSmall(name, from, size, pad)
    }
    return this.fileLater(name, from, size, mode)
  }

  /**
   * A small file's bytes read at `pos`, where there is room for them (its header written): one
   * read into the stream's own buffer and a one-shot hash. Asking for one byte more finds a file
   * that grew.
   */
  private readSmall(name: string, fd: number, size: number, pad: number): ReadFile {
    const at = this.pos
    const n = fs.readSync(fd, this.buf, at, size + 1, null)
    if (n !== size) throw new ChangedWhileSaved(name)
    const sha256 = (hashOf as NonNullable<typeof hashOf>)(
      'sha256',
      this.buf.subarray(at, at + size)
    )
    this.buf.fill(0, at + size, at + size + pad)
    this.pos = at + size + pad
    return { sha256, after: fs.fstatSync(fd, { bigint: true }) }
  }

  private async fileLater(
    name: string,
    from: fs.PathLike | number,
    size: number,
    mode: number
  ): Promise<ReadFile> {
    await this.member(name, '0', size, mode)
    const given = typeof from === 'number'
    const fd = given ? from : fs.openSync(from, fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW)
    const pad = (512 - (size % 512)) % 512
    try {
      if (readInOne(size, pad)) {
        await this.room(size + 1 + pad)
        return this.readSmall(name, fd, size, pad)
      }
      const sha256 = await this.stream(name, fd, size)
      if (pad > 0) await this.push(ZEROS.subarray(0, pad))
      return { sha256, after: fs.fstatSync(fd, { bigint: true }) }
    } finally {
      if (!given) fs.closeSync(fd)
    }
  }

  private async stream(name: string, fd: number, size: number): Promise<string> {
    const hash = createHash('sha256')
    let left = size
    while (left > 0) {
      if (this.buf.length - this.pos < 64 * 1024) await this.flush()
      const want = Math.min(left, this.buf.length - this.pos)
      const n = fs.readSync(fd, this.buf, this.pos, want, null)
      if (n === 0) throw new ChangedWhileSaved(name)
      hash.update(this.buf.subarray(this.pos, this.pos + n))
      this.pos += n
      left -= n
    }
    if (fs.readSync(fd, Buffer.alloc(1), 0, 1, null) !== 0) throw new ChangedWhileSaved(name)
    return hash.digest('hex')
  }
}

/**
 * The body of a sealed archive as it is written: every sealed path's members, in the seal's
 * order, compressed into a file of its own. The seal is made from the same reads and goes in
 * front of it as a frame of its own (`joinSealed`), so the seal stays the archive's first member
 * while every file is read only once.
 */
export class ArchiveBody {
  private failure: unknown
  private readonly watched: Promise<void>
  private readonly t: TarWriter

  private constructor(
    private readonly sink: Sink,
    at: Date
  ) {
    // A failing compressor must not leave a write waiting for 'drain' forever.
    this.watched = sink.done.catch(err => {
      this.failure = err
      sink.abort()
    })
    this.t = new TarWriter(sink.input, Math.floor(at.getTime() / 1000))
  }

  static open(file: string, at: Date): ArchiveBody {
    return new ArchiveBody(compressTo(file), at)
  }

  get compression(): ArchiveCompression {
    return this.sink.compression
  }

  /**
   * Calls back with the bytes on disk each time the file grows (never fewer than before), so a
   * store can send them while the rest is written; undefined where the compressor cannot tell.
   */
  get onGrow(): ((cb: (written: number) => void) => void) | undefined {
    return this.sink.onGrow
  }

  /** Run `step`, turning a stopped compressor into the compressor's own error. */
  private async guard<T>(step: () => T | Promise<T>): Promise<T> {
    try {
      return await step()
    } catch (err) {
      throw err instanceof CompressorStopped ? (this.failure ?? err) : err
    }
  }

  /**
   * A tree's archiver (capture/tree-stream.ts): its members as the capture walks them, each
   * regular file read once. A file whose state moved since the walk's lstat, or that was not the
   * size it saw, refuses the save with its name. A later name of a hard link is archived as a
   * link to the first and recorded in `links`.
   */
  tree(member: string, links: [string, string][]): TreeArchiver {
    const t = this.t
    const firstOf = new Map<string, { rel: string; sha256: string }>()
    return {
      root: abs => this.guard(() => t.member(`${member}/`, '5', 0, fs.lstatSync(abs).mode)),
      dir: (rel, mode) => this.guard(() => t.member(`${member}/${rel}/`, '5', 0, mode)),
      link: (rel, target) => this.guard(() => t.member(`${member}/${rel}`, '2', 0, 0o777, target)),
      file: (rel, abs, st, fd) => {
        const name = `${member}/${rel}`
        const mode = Number(st.mode & 0o7777n)
        const id = st.nlink > 1n ? `${st.dev}:${st.ino}` : undefined
        const first = id !== undefined ? firstOf.get(id) : undefined
        if (first)
          return this.guard(async () => {
            await t.member(name, '1', 0, mode, `${member}/${first.rel}`)
            links.push([rel, first.rel])
            return first.sha256
          })
        const read = (got: ReadFile): string => {
          if (!sameState(st, got.after)) throw new ChangedWhileSaved(name)
          if (id !== undefined) firstOf.set(id, { rel, sha256: got.sha256 })
          return got.sha256
        }
        const got = t.file(name, fd ?? fsPath(abs), Number(st.size), mode)
        return got instanceof Promise ? this.guard(async () => read(await got)) : read(got)
      }
    }
  }

  /** A file, blob or link path, captured before: each file checked against its recorded sha256. */
  add(s: ArchiveSource): Promise<void> {
    return this.guard(() => writeSource(this.t, s))
  }

  /** The end of the archive: everything written and the file closed. */
  async finish(): Promise<ArchiveCompression> {
    await this.guard(async () => {
      await this.t.push(ZEROS)
      await this.t.flush()
    })
    this.sink.input.end()
    await this.watched
    if (this.failure) throw this.failure
    return this.sink.compression
  }

  /** Stop: the compressor and the file closed (the caller removes the file). */
  async abort(): Promise<void> {
    this.sink.abort()
    await this.watched
  }
}

async function writeSource(t: TarWriter, s: ArchiveSource): Promise<void> {
  const e = s.entry
  switch (e.kind) {
    case 'file':
    case 'blob': {
      const mode =
        e.expect.mode !== undefined ? parseInt(e.expect.mode, 8) : fs.lstatSync(s.abs).mode
      const got = await t.file(s.member, s.abs, e.expect.size, mode)
      if (e.expect.sha256 !== undefined && got.sha256 !== e.expect.sha256)
        throw new ChangedWhileSaved(s.member)
      return
    }
    case 'link':
      await t.member(s.member, '2', 0, 0o777, e.expect.target)
      return
    case 'tree': {
      const root = fs.lstatSync(s.abs)
      await t.member(`${s.member}/`, '5', 0, root.mode)
      for (const r of s.records ?? []) {
        const name = `${s.member}/${r.rel}`
        if (r.type === 'd') await t.member(`${name}/`, '5', 0, r.mode)
        else if (r.type === 'l') await t.member(name, '2', 0, 0o777, r.extra ?? '')
        else if (r.type === 'f') {
          const got = await t.file(name, fsPath(`${s.abs}/${r.rel}`), r.size, r.mode)
          if (r.extra !== undefined && got.sha256 !== r.extra) throw new ChangedWhileSaved(name)
        }
      }
    }
  }
}

/** A seal is at most a few tens of MiB: a compressor that takes a minute over it is stuck. */
const SEAL_FRAME_MS = 60_000

/**
 * The seal's member compressed as a frame (gzip member) of its own, the way the body was, at
 * `file` (created, private): what goes in front of the body. The seal (one buffer, or the parts
 * `encodeSealParts` made) goes to the compressor as it is, with its header and padding, never
 * joined into one more copy.
 */
export async function writeSealFrame(
  file: string,
  seal: Buffer | readonly Buffer[],
  compression: ArchiveCompression,
  at: Date
): Promise<void> {
  const pieces = Buffer.isBuffer(seal) ? [seal] : seal
  const length = pieces.reduce((n, p) => n + p.length, 0)
  const sink = compressTo(file, { exclusive: true, gzip: compression === 'gzip' })
  if (sink.compression !== compression) {
    sink.abort()
    throw new Error(`the seal would be ${sink.compression}, the body is ${compression}`)
  }
  let late = false
  const stuck = setTimeout(() => ((late = true), sink.abort()), SEAL_FRAME_MS)
  try {
    const mtime = Math.floor(at.getTime() / 1000)
    const pad = (512 - (length % 512)) % 512
    const parts = [
      ...header(SEAL_MEMBER, '0', length, 0o600, mtime),
      ...pieces,
      ZEROS.subarray(0, pad)
    ]
    for (const part of parts)
      await new Promise<void>((resolve, reject) =>
        sink.input.write(part, err => (err ? reject(err) : resolve()))
      )
    sink.input.end()
    await sink.done
  } catch (err) {
    sink.abort()
    if (late) throw new Error(`compressing the seal took over ${SEAL_FRAME_MS / 1000} s`)
    throw err
  } finally {
    clearTimeout(stuck)
  }
}

/**
 * The sealed archive at `file` (created, private): the seal's frame (`writeSealFrame`), then the
 * body's bytes as `ArchiveBody` wrote them. Plain `tar` with zstd or gzip reads the two frames as
 * one stream.
 */
export async function joinSealed(
  file: string,
  seal: Buffer | readonly Buffer[],
  body: string,
  compression: ArchiveCompression,
  at: Date
): Promise<{ compression: ArchiveCompression; size: number }> {
  await writeSealFrame(file, seal, compression, at)
  const out = fs.openSync(file, 'a')
  try {
    const src = fs.openSync(body, 'r')
    try {
      const buf = Buffer.allocUnsafe(4 << 20)
      for (let n; (n = fs.readSync(src, buf, 0, buf.length, null)) > 0;)
        fs.writeSync(out, buf, 0, n)
    } finally {
      fs.closeSync(src)
    }
  } finally {
    fs.closeSync(out)
  }
  return { compression, size: fs.statSync(file).size }
}

/**
 * The archive of manifest entries' copies (an S3 source's object): exactly what each entry
 * records, every file checked against its recorded sha256 as it is written; no seal member.
 */
export async function writeEntryArchive(
  file: string,
  sources: readonly ArchiveSource[],
  at: Date
): Promise<{ compression: ArchiveCompression; size: number }> {
  const body = ArchiveBody.open(file, at)
  try {
    for (const s of sources) await body.add(s)
    const compression = await body.finish()
    return { compression, size: fs.statSync(file).size }
  } catch (err) {
    await body.abort()
    throw err
  }
}
