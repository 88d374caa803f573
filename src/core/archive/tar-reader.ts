/**
 * A push parser for the tar archives the Actions cache holds (POSIX pax as `tar --posix` writes
 * them, plain ustar, and GNU long names). It only reads: every member is handed to a sink that
 * decides where, or whether, its bytes go, so nothing here can write outside what the sink allows.
 * Any malformed header, unknown member type or early end is a Rejected with a one-line reason.
 */
import { Rejected } from './rejected.js'

export type MemberType = 'file' | 'dir' | 'symlink' | 'hardlink' | 'other'

export interface Member {
  name: string
  type: MemberType
  /** The raw type flag, for the report ("character device", "FIFO"). */
  flag: string
  mode: number
  size: number
  linkname: string
}

/**
 * Where a member's bytes go; `write` and `end` may throw a Rejected to stop the archive. An `end`
 * that returns a promise holds the reader there: no later byte is read until it settles (the
 * reader's `blocked`, then `resume`).
 */
export interface MemberSink {
  write(chunk: Buffer): void
  end(): void | Promise<void>
}

export interface TarHandlers {
  /** A sink for the member's body, or undefined to skip it (bodies of non-files are empty anyway). */
  member(m: Member): MemberSink | undefined
  /** Handlers that write in the background: undefined while they can take more, else when they can. */
  room?(): Promise<void> | undefined
  /** Handlers that write in the background: resolves once everything handed over is written. */
  settle?(): Promise<void>
}

const BLOCK = 512
/**
 * Bounds on the extended headers (pax `x`/`g`, GNU `L`/`K`) in front of one member. Real ones are
 * one pax header of a few hundred bytes and ten-odd records (a name of up to PATH_MAX, times,
 * owner); without a bound a few megabytes of compressed headers unpack to gigabytes parsed into
 * a map that is never used.
 */
export const META_LIMITS = {
  /** A name or link target (PATH_MAX on Linux). */
  name: 4096,
  /** All extended-header bodies before one member. */
  bytes: 64 * 1024,
  /** Extended headers before one member. */
  headers: 8,
  /** pax records before one member. */
  records: 128,
  /** All extended-header bodies in the archive: this much plus `perMember` for each member. */
  slack: 1024 * 1024,
  perMember: 4096
} as const
const FLAG_NAMES: Record<string, string> = {
  '3': 'character device',
  '4': 'block device',
  '6': 'FIFO'
}

export function flagName(flag: string): string {
  return FLAG_NAMES[flag] ?? `type ${JSON.stringify(flag)}`
}

function cstr(b: Buffer, start: number, len: number): string {
  return b.toString('utf8', start, fieldEnd(b, start, len))
}

/** Where a header field ends: its first NUL, else its last byte. */
function fieldEnd(b: Buffer, start: number, len: number): number {
  const end = start + len
  for (let i = start; i < end; i++) if (b[i] === 0) return i
  return end
}

/** Space, tab, LF, VT, FF and CR: the padding tar writers put around a number. */
function isPad(c: number): boolean {
  return c === 0x20 || (c >= 0x09 && c <= 0x0d)
}

/**
 * A numeric field, read from its bytes (every header has three, so no string is made): octal
 * digits, padded with spaces or NULs as writers differ ("0000644\0", "   644 \0"), or GNU
 * base-256. Anything else in it is refused.
 */
function octal(b: Buffer, start: number, len: number, what: string): number {
  // GNU base-256: the high bit of the first byte set (sizes of 8 GiB and more).
  if ((b[start] ?? 0) & 0x80) {
    let n = (b[start] ?? 0) & 0x7f
    for (let i = start + 1; i < start + len; i++) n = n * 256 + (b[i] ?? 0)
    if (!Number.isSafeInteger(n)) throw new Rejected(`malformed archive: ${what} out of range`)
    return n
  }
  let from = start
  let end = fieldEnd(b, start, len)
  while (from < end && isPad(b[from] ?? 0)) from++
  while (end > from && isPad(b[end - 1] ?? 0)) end--
  // At most 12 digits (the size field): 8^12 is well within a safe integer.
  let n = 0
  for (let i = from; i < end; i++) {
    const digit = (b[i] ?? 0) - 0x30
    if (digit < 0 || digit > 7) throw new Rejected(`malformed archive: ${what} is not octal`)
    n = n * 8 + digit
  }
  return n
}

/** The header's checksum: the sum of its bytes, the checksum field counted as spaces. */
function checksumOk(h: Buffer): boolean {
  let sum = 8 * 0x20
  for (let i = 0; i < 148; i++) sum += h[i] ?? 0
  for (let i = 156; i < BLOCK; i++) sum += h[i] ?? 0
  return octal(h, 148, 8, 'checksum') === sum
}

/** Parse one pax body into `out`; `budget` is how many more records it may hold. */
function parsePax(body: Buffer, out: Map<string, string>, budget: number): number {
  let at = 0
  let n = 0
  while (at < body.length) {
    if (++n > budget)
      throw new Rejected(
        `malformed archive: over ${META_LIMITS.records} pax records for one member`
      )
    const space = body.indexOf(0x20, at)
    const len = space === -1 || space - at > 20 ? NaN : Number(body.toString('ascii', at, space))
    if (!Number.isSafeInteger(len) || len <= 0 || at + len > body.length)
      throw new Rejected('malformed archive: bad pax record')
    const rec = body.toString('utf8', space + 1, at + len - 1)
    const eq = rec.indexOf('=')
    if (eq <= 0) throw new Rejected('malformed archive: bad pax record')
    out.set(rec.slice(0, eq), rec.slice(eq + 1))
    at += len
  }
  return n
}

/** "ustar\0" at offset 257: POSIX ustar, whose prefix field extends the name. */
function isPosixMagic(h: Buffer): boolean {
  return (
    h[257] === 0x75 &&
    h[258] === 0x73 &&
    h[259] === 0x74 &&
    h[260] === 0x61 &&
    h[261] === 0x72 &&
    h[262] === 0
  )
}

type State =
  | { kind: 'header' }
  | { kind: 'body'; left: number; pad: number; sink: MemberSink | undefined }
  | { kind: 'meta'; left: number; pad: number; flag: string; parts: Buffer[] }
  | { kind: 'pad'; left: number }
  | { kind: 'end' }

export class TarReader {
  private state: State = { kind: 'header' }
  private partial: Buffer | undefined
  private pax = new Map<string, string>()
  private longName: string | undefined
  private longLink: string | undefined
  private zeroBlocks = 0
  /** Extended headers, their bytes and pax records since the last member. */
  private metaHeaders = 0
  private metaBytes = 0
  private paxRecords = 0
  /** Extended-header bytes and members in the whole archive. */
  private allMetaBytes = 0
  private members = 0
  /** A member's end still settling, and the bytes after it, read once it has. */
  private holding: Promise<void> | undefined
  private held: Buffer | undefined

  constructor(private readonly handlers: TarHandlers) {}

  /** What must settle before the rest of what was written is read (then `resume`); else undefined. */
  get blocked(): Promise<void> | undefined {
    return this.holding
  }

  /** Read on from where a member's end held the reader. */
  resume(): void {
    const rest = this.held
    this.holding = undefined
    this.held = undefined
    if (rest) this.write(rest)
  }

  private ended(sink: MemberSink | undefined): void {
    const settling = sink?.end()
    if (!settling) return
    // Awaited by whoever feeds the reader; never left unheard if nobody does.
    settling.catch(() => undefined)
    this.holding = settling
  }

  /** True once the end-of-archive blocks were read: the rest of the stream is not needed. */
  get done(): boolean {
    return this.state.kind === 'end'
  }

  /** The stream ended: anything but a complete archive is a truncated one. */
  finish(): void {
    if (this.state.kind !== 'end' && !(this.state.kind === 'header' && this.zeroBlocks >= 1))
      throw new Rejected('truncated archive')
  }

  write(chunk: Buffer): void {
    if (this.holding) throw new Error('the tar reader was written to while held')
    const buf = chunk
    let at = 0
    if (this.partial) {
      // Only the rest of the split header is joined (not the whole chunk: that copy was most of
      // the garbage of a large archive).
      const need = BLOCK - this.partial.length
      if (chunk.length < need) {
        this.partial = Buffer.concat([this.partial, chunk])
        return
      }
      const h = Buffer.concat([this.partial, chunk.subarray(0, need)])
      this.partial = undefined
      at = need
      this.header(h)
    }
    while (at < buf.length && this.state.kind !== 'end') {
      if (this.holding) {
        this.held = buf.subarray(at)
        return
      }
      const s = this.state
      if (s.kind === 'header') {
        if (buf.length - at < BLOCK) {
          this.partial = Buffer.from(buf.subarray(at))
          return
        }
        this.header(buf.subarray(at, at + BLOCK))
        at += BLOCK
      } else if (s.kind === 'body') {
        const n = Math.min(s.left, buf.length - at)
        if (n > 0) s.sink?.write(buf.subarray(at, at + n))
        s.left -= n
        at += n
        if (s.left === 0) {
          this.ended(s.sink)
          this.state = s.pad > 0 ? { kind: 'pad', left: s.pad } : { kind: 'header' }
        }
      } else if (s.kind === 'meta') {
        const n = Math.min(s.left, buf.length - at)
        s.parts.push(Buffer.from(buf.subarray(at, at + n)))
        s.left -= n
        at += n
        if (s.left === 0) {
          this.meta(s.flag, Buffer.concat(s.parts))
          this.state = s.pad > 0 ? { kind: 'pad', left: s.pad } : { kind: 'header' }
        }
      } else if (s.kind === 'pad') {
        const n = Math.min(s.left, buf.length - at)
        s.left -= n
        at += n
        if (s.left === 0) this.state = { kind: 'header' }
      }
    }
  }

  private header(h: Buffer): void {
    if (h.every(b => b === 0)) {
      if (++this.zeroBlocks >= 2) this.state = { kind: 'end' }
      return
    }
    if (this.zeroBlocks > 0) throw new Rejected('malformed archive: data after an end block')
    if (!checksumOk(h)) throw new Rejected('malformed archive: header checksum mismatch')
    const flag = String.fromCharCode(h[156] || 0x30)
    let size = octal(h, 124, 12, 'size')
    const pad = (BLOCK - (size % BLOCK)) % BLOCK
    if (flag === 'x' || flag === 'g' || flag === 'L' || flag === 'K') {
      this.boundMeta(flag, size)
      this.state = { kind: 'meta', left: size, pad, flag, parts: [] }
      if (size === 0) {
        this.meta(flag, Buffer.alloc(0))
        this.state = { kind: 'header' }
      }
      return
    }
    // POSIX ustar ("ustar\0") splits long names into prefix/name; GNU ("ustar ") uses that field otherwise.
    const posix = isPosixMagic(h)
    const prefix = posix ? cstr(h, 345, 155) : ''
    let name =
      this.pax.get('path') ?? this.longName ?? (prefix ? `${prefix}/` : '') + cstr(h, 0, 100)
    const linkname = this.pax.get('linkpath') ?? this.longLink ?? cstr(h, 157, 100)
    const paxSize = this.pax.get('size')
    if (paxSize !== undefined) {
      size = Number(paxSize)
      if (!/^\d+$/.test(paxSize) || !Number.isSafeInteger(size))
        throw new Rejected('malformed archive: bad pax size')
    }
    if (this.pax.size > 0) this.pax = new Map()
    this.longName = this.longLink = undefined
    this.metaHeaders = this.metaBytes = this.paxRecords = 0
    this.members++
    const type: MemberType =
      flag === '0' || flag === '7'
        ? 'file'
        : flag === '5'
          ? 'dir'
          : flag === '2'
            ? 'symlink'
            : flag === '1'
              ? 'hardlink'
              : 'other'
    if (type === 'dir') name = name.replace(/\/+$/, '')
    const member: Member = {
      name,
      type,
      flag,
      mode: octal(h, 100, 8, 'mode') & 0o7777,
      size: type === 'file' ? size : 0,
      linkname
    }
    const sink = this.handlers.member(member)
    // Only regular files carry a body we read; any other member's declared size is skipped.
    const bodyPad = (BLOCK - (size % BLOCK)) % BLOCK
    if (size === 0) {
      this.ended(sink)
      return
    }
    if (type !== 'file') {
      this.state = { kind: 'pad', left: size + bodyPad }
      return
    }
    this.state = { kind: 'body', left: size, pad: bodyPad, sink }
  }

  /** Refuse an extended header over the bounds before its body is buffered. */
  private boundMeta(flag: string, size: number): void {
    const what = flag === 'L' ? 'GNU long name' : flag === 'K' ? 'GNU long link' : 'pax header'
    if ((flag === 'L' || flag === 'K') && size > META_LIMITS.name + 1)
      throw new Rejected(`malformed archive: ${what} of ${size} bytes (over ${META_LIMITS.name})`)
    if (++this.metaHeaders > META_LIMITS.headers)
      throw new Rejected(
        `malformed archive: over ${META_LIMITS.headers} extended headers for one member`
      )
    this.metaBytes += size
    if (this.metaBytes > META_LIMITS.bytes)
      throw new Rejected(
        `malformed archive: extended headers over ${META_LIMITS.bytes} bytes for one member (${what} of ${size} bytes)`
      )
    this.allMetaBytes += size
    const allowed = META_LIMITS.slack + META_LIMITS.perMember * this.members
    if (this.allMetaBytes > allowed)
      throw new Rejected(
        `malformed archive: extended headers over ${allowed} bytes for ${this.members} members`
      )
  }

  private meta(flag: string, body: Buffer): void {
    if (flag === 'x') {
      this.paxRecords += parsePax(body, this.pax, META_LIMITS.records - this.paxRecords)
      for (const key of ['path', 'linkpath'])
        if (Buffer.byteLength(this.pax.get(key) ?? '') > META_LIMITS.name)
          throw new Rejected(`malformed archive: pax ${key} over ${META_LIMITS.name} bytes`)
    } else if (flag === 'L') this.longName = cstr(body, 0, body.length)
    else if (flag === 'K') this.longLink = cstr(body, 0, body.length)
    // 'g' (global pax) carries nothing swr uses: bounded above, never parsed.
  }
}
