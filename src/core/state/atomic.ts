/**
 * Writes that never leave a half-written file and never clobber what they did not mean to: data
 * goes to a new file with a random name, created exclusively beside the target, fsynced, then
 * renamed over the target.
 */
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

export interface AtomicOptions {
  mode?: number
  /** Refuse (EEXIST) instead of replacing an existing target. */
  exclusive?: boolean
}

/** Write `data` to `file` atomically; the directory must exist. */
export function writeFileAtomic(
  file: string,
  data: string | Uint8Array,
  opts: AtomicOptions = {}
): void {
  const dir = path.dirname(file)
  const tmp = path.join(dir, `.${path.basename(file)}.${randomBytes(8).toString('hex')}.tmp`)
  const flags =
    fs.constants.O_WRONLY | fs.constants.O_CREAT | fs.constants.O_EXCL | fs.constants.O_NOFOLLOW
  const fd = fs.openSync(tmp, flags, opts.mode ?? 0o644)
  try {
    try {
      fs.writeSync(fd, typeof data === 'string' ? Buffer.from(data, 'utf8') : data)
      if (opts.mode !== undefined) fs.fchmodSync(fd, opts.mode)
      fs.fsyncSync(fd)
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
    throw err
  }
}
