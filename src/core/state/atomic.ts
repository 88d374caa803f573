/**
 * Writes that never leave a half-written file and never clobber what they did not mean to: data
 * goes to a new file with a random name, created exclusively beside the target, written to the last
 * byte, fsynced, its size checked, then renamed over the target. A full disk (or a quota, or an I/O
 * error) removes the new file, leaves the target as it was, and becomes one line with
 * EXIT.WRITE_FAILED.
 */
import fs from 'node:fs'
import path from 'node:path'
import { ownedName } from './leftovers.js'
import { diskError, EXIT, SwrError } from '../errors.js'

export interface AtomicOptions {
  mode?: number
  /** Refuse (EEXIST) instead of replacing an existing target. */
  exclusive?: boolean
  /**
   * Leave the target alone when it already holds exactly these bytes with this mode (a cache
   * rewritten unchanged at every run costs a write, an fsync and a rename for nothing).
   */
  unlessSame?: boolean
}

/**
 * Write every byte of `buf` at the descriptor's position: `write(2)` may write fewer bytes than
 * asked (a nearly full disk, a signal), and the rest must follow, or the error must surface.
 */
export function writeAll(fd: number, buf: Uint8Array): void {
  let off = 0
  while (off < buf.length) {
    const n = fs.writeSync(fd, buf, off, buf.length - off)
    // write(2) returning 0 for a non-empty buffer is a full device that did not say ENOSPC.
    if (n <= 0) throw Object.assign(new Error('short write'), { code: 'ENOSPC' })
    off += n
  }
}

/** `err` as a one-line SwrError when the disk caused it; anything else unchanged. */
export function asWriteError(err: unknown, what: string): unknown {
  return diskError(err, what) ?? err
}

/** Write `data` to `file` atomically; the directory must exist. */
export function writeFileAtomic(
  file: string,
  data: string | Uint8Array | readonly Uint8Array[],
  opts: AtomicOptions = {}
): void {
  const parts = partsOf(data)
  if (opts.unlessSame && holds(file, parts, partsLength(parts), opts.mode)) return
  stageFile(file, parts, opts).commit()
}

/** A file written and synced under a temporary name beside its target, not yet in place. */
export interface Staged {
  readonly file: string
  /** Move it into place (exclusively when staged so); a failure removes the temporary file. */
  commit(): void
  /** Remove the temporary file; the target is left as it was. */
  discard(): void
}

/**
 * The first half of writeFileAtomic: every byte of `data` on disk under a temporary name, so a
 * caller with several files to write can move them in only when all of them were written.
 */
export function stageFile(
  file: string,
  data: string | Uint8Array | readonly Uint8Array[],
  opts: Omit<AtomicOptions, 'unlessSame'> = {}
): Staged {
  const parts = partsOf(data)
  const length = partsLength(parts)
  const dir = path.dirname(file)
  // The name carries this pid, so a later run can clear it if this one is killed mid-write.
  const tmp = path.join(dir, ownedName(`.${path.basename(file)}.`, '.tmp'))
  const flags =
    fs.constants.O_WRONLY | fs.constants.O_CREAT | fs.constants.O_EXCL | fs.constants.O_NOFOLLOW
  let fd: number
  try {
    fd = fs.openSync(tmp, flags, opts.mode ?? 0o644)
  } catch (err) {
    throw asWriteError(err, file)
  }
  try {
    try {
      for (const part of parts) writeAll(fd, part)
      if (opts.mode !== undefined) fs.fchmodSync(fd, opts.mode)
      fs.fsyncSync(fd)
      // The length on disk, not the count we believe we wrote, decides whether it replaces the target.
      const size = fs.fstatSync(fd).size
      if (size !== length)
        throw new SwrError(
          `cannot write ${file}: ${size} of ${length} bytes reached the disk; the original is unchanged`,
          EXIT.WRITE_FAILED
        )
    } finally {
      fs.closeSync(fd)
    }
  } catch (err) {
    fs.rmSync(tmp, { force: true })
    throw asWriteError(err, file)
  }
  return {
    file,
    commit: () => {
      try {
        if (opts.exclusive) {
          // link() fails when the target exists, so a concurrent creator is never overwritten.
          fs.linkSync(tmp, file)
          fs.unlinkSync(tmp)
        } else {
          fs.renameSync(tmp, file)
        }
      } catch (err) {
        fs.rmSync(tmp, { force: true })
        throw asWriteError(err, file)
      }
    },
    discard: () => fs.rmSync(tmp, { force: true })
  }
}

function partsOf(data: string | Uint8Array | readonly Uint8Array[]): readonly Uint8Array[] {
  // Parts are written one after another: a megabyte of cache in pieces is never copied into one.
  return typeof data === 'string' ? [Buffer.from(data, 'utf8')] : isPart(data) ? [data] : data
}

function partsLength(parts: readonly Uint8Array[]): number {
  return parts.reduce((n, p) => n + p.length, 0)
}

function isPart(data: Uint8Array | readonly Uint8Array[]): data is Uint8Array {
  return ArrayBuffer.isView(data)
}

const COMPARE_BYTES = 64 * 1024

/**
 * Whether `file` is a regular file (never followed through a link) of exactly `length` bytes,
 * these `parts` in order, and of `mode` when one is given. Read through one small buffer: the
 * comparison touches no new memory however large the file.
 */
function holds(
  file: string,
  parts: readonly Uint8Array[],
  length: number,
  mode: number | undefined
): boolean {
  let fd: number
  try {
    // O_NONBLOCK: a FIFO planted at the target is looked at, never waited on.
    fd = fs.openSync(
      file,
      fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW | (fs.constants.O_NONBLOCK ?? 0)
    )
  } catch {
    return false
  }
  try {
    const st = fs.fstatSync(fd)
    if (!st.isFile() || st.size !== length) return false
    if (mode !== undefined && (st.mode & 0o7777) !== mode) return false
    const buf = Buffer.allocUnsafe(COMPARE_BYTES)
    let at = 0
    for (const part of parts) {
      for (let off = 0; off < part.length;) {
        const n = fs.readSync(fd, buf, 0, Math.min(buf.length, part.length - off), at)
        if (n <= 0 || Buffer.compare(buf.subarray(0, n), part.subarray(off, off + n)) !== 0)
          return false
        off += n
        at += n
      }
    }
    // Nothing after the last part (the file may have grown since its fstat).
    return fs.readSync(fd, buf, 0, 1, at) === 0
  } catch {
    return false
  } finally {
    fs.closeSync(fd)
  }
}

/**
 * Append one record with a single descriptor: every byte or a one-line error. A record torn by a
 * full disk is cut back off, so the file keeps only whole lines.
 */
export function appendRecord(
  file: string,
  data: string,
  opts: { create?: boolean; mode?: number } = {}
): void {
  const flags =
    fs.constants.O_WRONLY |
    fs.constants.O_APPEND |
    fs.constants.O_NOFOLLOW |
    (opts.create ? fs.constants.O_CREAT : 0)
  let fd: number
  try {
    fd = fs.openSync(file, flags, opts.mode ?? 0o600)
  } catch (err) {
    throw asWriteError(err, file)
  }
  let before = 0
  try {
    before = fs.fstatSync(fd).size
    writeAll(fd, Buffer.from(data, 'utf8'))
    fs.fsyncSync(fd)
  } catch (err) {
    try {
      fs.ftruncateSync(fd, before)
    } catch {
      // The reader skips a torn last line anyway.
    }
    throw asWriteError(err, file)
  } finally {
    fs.closeSync(fd)
  }
}
