/**
 * Running a command under the manifest's lock (doctor, restore and every editing command), and
 * doctor/restore under the workspace's lock as well. A lock lost while held (the state directory
 * wiped mid-run) stops the run: at once for a command that starts nothing, after its recipes are
 * stopped for one that does; either way it ends with EXIT.CONFLICT and one line.
 */
import { EXIT, SwrError, lockWorkspace } from '../core/index.js'
import type { CliIo } from './io.js'
import { manifestLocation, stateDir, type GlobalOptions } from './options.js'

export interface LockFlags extends GlobalOptions {
  lockTimeout?: number
  lock?: boolean
}

export const DEFAULT_LOCK_WAIT_S = 300

export async function withManifestLock<T>(
  flags: LockFlags,
  io: CliIo,
  fn: () => Promise<T>
): Promise<T> {
  if (flags.lock === false) return fn()
  return withLock(manifestLocation(flags, io).file, flags, io, fn)
}

/** The workspace's own lock, keyed by its real path: two manifests of one directory take turns. */
export async function withWorkspaceLock<T>(
  workspace: string,
  flags: LockFlags,
  io: CliIo,
  fn: () => Promise<T>
): Promise<T> {
  if (flags.lock === false) return fn()
  return withLock(workspace, flags, io, fn, 'workspace ')
}

async function withLock<T>(
  subject: string,
  flags: LockFlags,
  io: CliIo,
  fn: () => Promise<T>,
  what = ''
): Promise<T> {
  let lost: string | undefined
  const release = await lockWorkspace({
    stateDir: stateDir(io),
    subject,
    waitMs: (flags.lockTimeout ?? DEFAULT_LOCK_WAIT_S) * 1000,
    abort: io.abort,
    onWait: holder =>
      void io.stderr.write(`swr: waiting for the lock on ${what}${subject} (${holder})\n`),
    onLost: why => {
      lost = `lost the lock on ${what}${subject}: ${why}`
      io.stop?.(lost, EXIT.CONFLICT)
    }
  })
  try {
    let result: T
    try {
      result = await fn()
    } catch (err) {
      // What failed after the lock was lost (a journal in a wiped state directory) failed for that.
      if (lost) throw new SwrError(lost, EXIT.CONFLICT)
      throw err
    }
    if (lost) throw new SwrError(lost, EXIT.CONFLICT)
    return result
  } finally {
    await release()
  }
}
