/**
 * Writes that never leave a half-written file and never clobber what they did not mean to: data
 * goes to a new file with a random name, created exclusively beside the target, written to the last
 * byte, fsynced, its size checked, then renamed over the target. A full disk (or a quota, or an I/O
 * error) removes the new file, leaves the target as it was, and becomes one line with
 * EXIT.WRITE_FAILED.
 */
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { diskError, EXIT, SwrError } from '../errors.js'

export interface AtomicOptions {
  mode?: number
  /** Refuse (EEXIST) instead of replacing an existing target. */
  exclusive?: boolean
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
  data: string | Uint8Array,
  opts: AtomicOptions = {}
): void {
  const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data
  const dir = path.dirname(file)
  const tmp = path.join(dir, `.${path.basename(file)}.${randomBytes(8).toString('hex')}.tmp`)
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
      writeAll(fd, bytes)
      if (opts.mode !== undefined) fs.fchmodSync(fd, opts.mode)
      fs.fsyncSync(fd)
      // The length on disk, not the count we believe we wrote, decides whether it replaces the target.
      const size = fs.fstatSync(fd).size
      if (size !== bytes.length)
        throw new SwrError(
          `cannot write ${file}: ${size} of ${bytes.length} bytes reached the disk; the original is unchanged`,
          EXIT.WRITE_FAILED
        )
    } finally {
      fs.closeSync(fd)
    }
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
