/**
 * What this process last read of each manifest file, so a save never replaces bytes it did not
 * read: if the file changed between the command's read and its write (a writer that ignored the
 * lock, or a lock lost mid-run), the save is refused with EXIT.CONFLICT and nothing is written.
 */
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { EXIT, SwrError } from '../errors.js'

const lastSeen = new Map<string, string>()

const sha = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex')

/** Record the bytes just read from (or written to) `file`. */
export function noteManifestBytes(file: string, bytes: Uint8Array): void {
  lastSeen.set(path.resolve(file), sha(bytes))
}

/** Throw unless `file` holds what this process last read or wrote there (when it read it at all). */
export function assertUnchangedSinceRead(file: string): void {
  const abs = path.resolve(file)
  const seen = lastSeen.get(abs)
  if (seen === undefined) return
  let now: string
  try {
    now = sha(fs.readFileSync(abs))
  } catch {
    now = 'absent'
  }
  if (now !== seen)
    throw new SwrError(
      `${file} changed after this command read it (another writer); nothing was written: run the command again`,
      EXIT.CONFLICT
    )
}
