/**
 * Whether a directory's filesystem has run out of room. A recipe that fails on a full disk fails
 * with its own words ("No space left on device") and exit status, which say nothing swr can read;
 * the repair then asks the filesystem. A run that could not write is exit 74 and one line, as for
 * every write swr makes itself, never "unrepairable" (the entry is repairable with room).
 */
import fs from 'node:fs'
import { EXIT, SwrError } from '../errors.js'

/** Below this much room for unprivileged writes, a failed write is taken to be the disk's doing. */
export const NEARLY_FULL_BYTES = 64 * 1024

/** A one-line error when `dir`'s filesystem has less than NEARLY_FULL_BYTES left, else undefined. */
export function diskFull(dir: string): SwrError | undefined {
  let st: fs.StatsFs
  try {
    st = fs.statfsSync(dir)
  } catch {
    return undefined
  }
  if (st.bavail * st.bsize >= NEARLY_FULL_BYTES) return undefined
  const inodes = st.files > 0 && st.ffree === 0
  return new SwrError(
    `cannot write ${dir}: ${inodes ? 'no free inodes left on the device' : 'no space left on the device'} (ENOSPC)`,
    EXIT.WRITE_FAILED
  )
}
