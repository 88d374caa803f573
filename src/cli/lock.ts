/** Running a command under the manifest's lock (doctor, restore and every editing command). */
import { lockWorkspace } from '../core/state/lock.js'
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
  const subject = manifestLocation(flags, io).file
  const release = await lockWorkspace({
    stateDir: stateDir(io),
    subject,
    waitMs: (flags.lockTimeout ?? DEFAULT_LOCK_WAIT_S) * 1000,
    abort: io.abort,
    onWait: holder => void io.stderr.write(`swr: waiting for the lock on ${subject} (${holder})\n`)
  })
  try {
    return await fn()
  } finally {
    await release()
  }
}
