/**
 * Writing a sealed cache archive: a POSIX tar whose first member is the seal, then each sealed path
 * member by member from the seal's own records (a tree's index, in its order), so the archive holds
 * what the seal names and nothing else. Compressed with the system's multi-threaded zstd at a
 * fixed path (never one found through PATH), else Node's zstd, else gzip. Plain `tar` extracts it.
 */
import { spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type { Writable } from 'node:stream'
import { once } from 'node:events'
import zlib from 'node:zlib'
import type { ArchiveCompression } from '../cache-port.js'
import type { Entry } from '../types.js'
import type { IndexRecord } from '../walk/tree-index.js'

/** The seal's name in every sealed archive: its first member. */
export const SEAL_MEMBER = '.swr-seal.json'

const ZSTD_PATHS = ['/usr/bin/zstd', '/bin/zstd', '/usr/local/bin/zstd', '/opt/homebrew/bin/zstd']
const FLUSH_BYTES = 1 << 20
const READ_BYTES = 1 << 20
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
  /** A tree's hard links: each later name (relative to the tree) and the earlier name it shares an inode with. */
  links?: ReadonlyMap<string, string> | undefined
}

function paxRecord(k: string, v: string): string {
  const body = ` ${k}=${v}\n`
  let len = Buffer.byteLength(body) + 1
  while (String(len).length + Buffer.byteLength(body) !== len) len++
  return `${len}${body}`
}

function octalField(h: Buffer, at: number, len: number, n: number): void {
  h.write(n.toString(8).padStart(len - 1, '0') + '\0', at, len, 'latin1')
}

function rawHeader(
  name: string,
  flag: string,
  size: number,
  mode: number,
  mtime: number,
  link: string
): Buffer {
  const h = Buffer.alloc(512)
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
  for (const b of h) sum += b
  h.write(sum.toString(8).padStart(6, '0') + '\0 ', 148, 8, 'latin1')
  return h
}

function padding(n: number): Buffer {
  return Buffer.alloc((512 - (n % 512)) % 512)
}

/** A member's header, with a pax header first for a long name or link, or a size over ustar's. */
function header(
  name: string,
  flag: string,
  size: number,
  mode: number,
  mtime: number,
  link = ''
): Buffer[] {
  const pax: string[] = []
  if (Buffer.byteLength(name) >= 100) pax.push(paxRecord('path', name))
  if (Buffer.byteLength(link) >= 100) pax.push(paxRecord('linkpath', link))
  if (size > USTAR_MAX_SIZE) pax.push(paxRecord('size', String(size)))
  const out: Buffer[] = []
  if (pax.length > 0) {
    const body = Buffer.from(pax.join(''), 'utf8')
    out.push(
      rawHeader('././@PaxHeader', 'x', body.length, 0o644, mtime, ''),
      body,
      padding(body.length)
    )
  }
  out.push(rawHeader(name.slice(0, 99), flag, size, mode, mtime, link.slice(0, 99)))
  return out
}

function zstdBinary(): string | undefined {
  return ZSTD_PATHS.find(p => {
    try {
      fs.accessSync(p, fs.constants.X_OK)
      return true
    } catch {
      return false
    }
  })
}

type ZlibWithZstd = typeof zlib & { createZstdCompress?: () => import('node:stream').Duplex }

interface Sink {
  input: Writable
  compression: ArchiveCompression
  done: Promise<void>
  /** Stop: the compressor and the file closed, whatever they were doing. */
  abort(): void
}

function compressTo(file: string): Sink {
  const out = fs.createWriteStream(file, { mode: 0o600 })
  const outDone = once(out, 'close')
  const bin = zstdBinary()
  if (bin) {
    const child = spawn(bin, ['-T0', '-3', '-q', '-c'], {
      stdio: ['pipe', 'pipe', 'pipe'],
      env: {}
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
  const native = (zlib as ZlibWithZstd).createZstdCompress
  const z = native ? native() : zlib.createGzip({ level: 6 })
  z.pipe(out)
  const failed = new Promise<void>((_, reject) => z.on('error', reject))
  return {
    input: z,
    compression: native ? 'zstd' : 'gzip',
    done: Promise.race([outDone.then(() => undefined), failed]),
    abort: () => {
      z.destroy()
      out.destroy()
    }
  }
}

/** A file changed between its seal and its archive: the save is refused, naming it. */
export class ChangedWhileSaved extends Error {
  constructor(readonly member: string) {
    super(`${member} changed while it was saved (its bytes no longer match the seal): not saved`)
    this.name = 'ChangedWhileSaved'
  }
}

class CompressorStopped extends Error {
  constructor() {
    super('the compressor stopped')
  }
}

class TarWriter {
  private pending: Buffer[] = []
  private bytes = 0
  constructor(
    private readonly sink: Writable,
    readonly mtime: number
  ) {}

  push(...bufs: Buffer[]): Promise<void> | undefined {
    for (const b of bufs) {
      this.pending.push(b)
      this.bytes += b.length
    }
    return this.bytes >= FLUSH_BYTES ? this.flush() : undefined
  }

  async flush(): Promise<void> {
    if (this.bytes === 0) return
    const chunk = Buffer.concat(this.pending, this.bytes)
    this.pending = []
    this.bytes = 0
    if (this.sink.write(chunk)) return
    await new Promise<void>((resolve, reject) => {
      const drained = () => {
        this.sink.off('close', closed)
        resolve()
      }
      const closed = () => {
        this.sink.off('drain', drained)
        reject(new CompressorStopped())
      }
      this.sink.once('drain', drained)
      this.sink.once('close', closed)
    })
  }

  /**
   * A regular file's member. Its bytes are hashed as they are read and compared with what the
   * seal records (`sha256`), so a file that changed after it was sealed refuses the save with its
   * name, instead of making an archive that no restore would ever accept.
   */
  async file(
    name: string,
    abs: string,
    size: number,
    mode: number,
    sha256?: string
  ): Promise<void> {
    await this.push(...header(name, '0', size, mode, this.mtime))
    const fd = fs.openSync(abs, fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW)
    const hash = sha256 !== undefined ? createHash('sha256') : undefined
    try {
      if (fs.fstatSync(fd).size !== size) throw new ChangedWhileSaved(name)
      let left = size
      while (left > 0) {
        const buf = Buffer.allocUnsafe(Math.min(left, READ_BYTES))
        const n = fs.readSync(fd, buf, 0, buf.length, null)
        if (n === 0) throw new ChangedWhileSaved(name)
        left -= n
        const chunk = n === buf.length ? buf : buf.subarray(0, n)
        hash?.update(chunk)
        await this.push(chunk)
      }
      if (fs.readSync(fd, Buffer.alloc(1), 0, 1, null) !== 0) throw new ChangedWhileSaved(name)
    } finally {
      fs.closeSync(fd)
    }
    if (hash && hash.digest('hex') !== sha256) throw new ChangedWhileSaved(name)
    await this.push(padding(size))
  }
}

async function writeSource(t: TarWriter, s: ArchiveSource): Promise<void> {
  const e = s.entry
  switch (e.kind) {
    case 'file':
    case 'blob':
      await t.file(
        s.member,
        s.abs,
        e.expect.size,
        e.expect.mode !== undefined ? parseInt(e.expect.mode, 8) : fs.lstatSync(s.abs).mode,
        e.expect.sha256
      )
      return
    case 'link':
      await t.push(...header(s.member, '2', 0, 0o777, t.mtime, e.expect.target))
      return
    case 'tree': {
      const root = fs.lstatSync(s.abs)
      await t.push(...header(`${s.member}/`, '5', 0, root.mode, t.mtime))
      for (const r of s.records ?? []) {
        const name = `${s.member}/${r.rel}`
        if (r.type === 'd') await t.push(...header(`${name}/`, '5', 0, r.mode, t.mtime))
        else if (r.type === 'l')
          await t.push(...header(name, '2', 0, 0o777, t.mtime, r.extra ?? ''))
        else if (r.type === 'f') {
          const first = s.links?.get(r.rel)
          if (first !== undefined)
            await t.push(...header(name, '1', 0, r.mode, t.mtime, `${s.member}/${first}`))
          else await t.file(name, path.join(s.abs, r.rel), r.size, r.mode, r.extra)
        }
      }
    }
  }
}

/**
 * Write the archive of `seal` and `sources` to `file` (created, private). Throws one line when a
 * path changed while it was archived (its seal would not hold).
 */
export async function writeSealedArchive(
  file: string,
  seal: Buffer,
  sources: readonly ArchiveSource[],
  at: Date
): Promise<{ compression: ArchiveCompression; size: number }> {
  return writeArchive(file, seal, sources, at)
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
  return writeArchive(file, undefined, sources, at)
}

async function writeArchive(
  file: string,
  seal: Buffer | undefined,
  sources: readonly ArchiveSource[],
  at: Date
): Promise<{ compression: ArchiveCompression; size: number }> {
  const sink = compressTo(file)
  // A failing compressor must not leave a write waiting for 'drain' forever.
  let failure: unknown
  const watched = sink.done.catch(err => {
    failure = err
    sink.abort()
  })
  const t = new TarWriter(sink.input, Math.floor(at.getTime() / 1000))
  try {
    if (seal)
      await t.push(
        ...header(SEAL_MEMBER, '0', seal.length, 0o600, t.mtime),
        seal,
        padding(seal.length)
      )
    for (const s of sources) await writeSource(t, s)
    await t.push(Buffer.alloc(1024))
    await t.flush()
    sink.input.end()
  } catch (err) {
    sink.abort()
    await watched
    throw err instanceof CompressorStopped ? (failure ?? err) : err
  }
  await watched
  if (failure) throw failure
  return { compression: sink.compression, size: fs.statSync(file).size }
}
