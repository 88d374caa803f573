/**
 * The locks the CLI takes, spelled from its flags: the manifest's lock (doctor, restore, pull, and
 * every editing command through the engine's edit session) and, for doctor/restore, the
 * workspace's lock as well. A lock lost while held (the state directory wiped mid-run) stops the
 * run: at once for a command that starts nothing, after its recipes are stopped for one that does;
 * either way it ends with EXIT.CONFLICT and one line.
 */
import { EXIT, state } from '../core/index.js'
import type { CliIo } from './io.js'
import { manifestLocation, stateDir, type GlobalOptions } from './options.js'

export interface LockFlags extends GlobalOptions {
  lockTimeout?: number
  lock?: boolean
}

export const DEFAULT_LOCK_WAIT_S = 300

/**
 * How a lock on `label` is held here (the wait, the interrupt, the waiting and lost lines);
 * undefined with --no-lock.
 */
export function lockHolding(
  flags: LockFlags,
  io: CliIo,
  label: string
): Omit<state.HeldLockOptions, 'subject' | 'stateDir'> | undefined {
  if (flags.lock === false) return undefined
  return {
    waitMs: (flags.lockTimeout ?? DEFAULT_LOCK_WAIT_S) * 1000,
    abort: io.abort,
    label,
    onWait: holder => void io.stderr.write(`swr: waiting for the lock on ${label} (${holder})\n`),
    onLost: line => io.stop?.(line, EXIT.CONFLICT)
  }
}

export async function withManifestLock<T>(
  flags: LockFlags,
  io: CliIo,
  fn: () => Promise<T>
): Promise<T> {
  return held(manifestLocation(flags, io).file, flags, io, fn)
}

/** The workspace's own lock, keyed by its real path: two manifests of one directory take turns. */
export async function withWorkspaceLock<T>(
  workspace: string,
  flags: LockFlags,
  io: CliIo,
  fn: () => Promise<T>
): Promise<T> {
  return held(workspace, flags, io, fn, 'workspace ')
}

function held<T>(
  subject: string,
  flags: LockFlags,
  io: CliIo,
  fn: () => Promise<T>,
  what = ''
): Promise<T> {
  const how = lockHolding(flags, io, `${what}${subject}`)
  if (!how) return fn()
  return state.withLock({ ...how, subject, stateDir: stateDir(io) }, fn)
}
