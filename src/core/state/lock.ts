/**
 * One exclusive lock per subject, in the private state directory: the manifest file (serialises
 * doctor/restore and every manifest-editing command; taken before the manifest is read, so keyed
 * by its path) and the workspace (so two manifests describing one directory never run recipes in
 * it at once). A waiting run says so once and gives up after a bounded time.
 *
 * Staleness is decided by whether the holder lives, not by how recently it refreshed: a holder on
 * this host whose process is alive (its pid answers signal 0 and its start time is the one it
 * recorded, so a reused pid does not count) keeps the lock however long its event loop is busy.
 * Only a lock without a readable holder note, or held from another host, falls back to the
 * refresh time (`staleMs`). Losing the lock anyway (its file removed, as a wipe of the state
 * directory does, or taken over) is reported through `onLost`, never thrown from a timer.
 */
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
// Loaded at start-up on purpose: the signal-exit handlers it installs must precede the CLI's own
// SIGINT/SIGTERM handlers, or a signal re-raised by signal-exit ends swr before it can exit 130.
import lockfile from 'proper-lockfile'
import { SwrError, EXIT } from '../errors.js'
import { writeFileAtomic } from './atomic.js'
import { ensurePrivateDir } from './state-dir.js'

export interface LockOptions {
  stateDir: string
  /** What is locked: a file or directory path (canonicalised), or any other key. */
  subject: string
  /** Give up after this long (ms). */
  waitMs: number
  /** Called once when the lock is busy and the run starts waiting. */
  onWait?: (holder: string) => void
  /** A lock without a live holder on this host is stale once not refreshed for this long. */
  staleMs?: number
  /** Stop waiting when aborted (Ctrl-C, SIGTERM). */
  abort?: AbortSignal | undefined
  /** The lock was lost while held (its file removed or taken over). */
  onLost?: (why: string) => void
}

/**
 * One spelling per file: symlinked paths to the same manifest must take the same lock (and the
 * same rollback memory). A file not created yet is spelled through its directory's real path.
 */
export function canonicalPath(subject: string): string {
  const abs = path.resolve(subject)
  try {
    return fs.realpathSync(abs)
  } catch {
    try {
      return path.join(fs.realpathSync(path.dirname(abs)), path.basename(abs))
    } catch {
      return abs
    }
  }
}

export type Release = () => Promise<void>

const sleep = (ms: number): Promise<void> => new Promise(r => setTimeout(r, ms))

/** proper-lockfile's own mtime staleness is switched off (a day); this module decides instead. */
const LIBRARY_STALE_MS = 24 * 3600 * 1000
const REFRESH_MS = 2000

export async function lockWorkspace(opts: LockOptions): Promise<Release> {
  const dir = ensurePrivateDir(opts.stateDir, 'locks')
  const key = createHash('sha256').update(canonicalPath(opts.subject)).digest('hex').slice(0, 32)
  const target = path.join(dir, key)
  const lockDir = `${target}.lock`
  const info = path.join(dir, `${key}.holder`)
  const deadline = Date.now() + opts.waitMs
  let warned = false
  for (;;) {
    try {
      const release = await lockfile.lock(target, {
        realpath: false,
        lockfilePath: lockDir,
        stale: LIBRARY_STALE_MS,
        update: REFRESH_MS,
        retries: 0,
        // proper-lockfile overwrites the code with ECOMPROMISED; the message keeps the cause.
        onCompromised: err =>
          opts.onLost?.(
            err.message.includes('ENOENT')
              ? 'its file in the state directory was removed'
              : 'another process took it over'
          )
      })
      try {
        writeFileAtomic(info, holderNote(), { mode: 0o600 })
      } catch (err) {
        await release().catch(() => undefined)
        throw err
      }
      // An interrupt ends swr with process.exit: proper-lockfile lets go of the lock on exit, and
      // the note of who held it goes with it.
      const dropInfo = (): void => fs.rmSync(info, { force: true })
      process.once('exit', dropInfo)
      return async () => {
        process.removeListener('exit', dropInfo)
        dropInfo()
        await release().catch(() => undefined)
      }
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ELOCKED') throw err
    }
    if (takeOverIfStale(lockDir, info, opts.staleMs ?? 10_000)) continue
    if (opts.abort?.aborted)
      throw new SwrError(
        `interrupted while waiting for the lock on ${opts.subject}`,
        EXIT.INTERRUPTED
      )
    if (Date.now() >= deadline) {
      throw new SwrError(
        `${opts.subject} is locked by another swr run (${holder(info)}); gave up after ${Math.round(opts.waitMs / 1000)} s`,
        EXIT.UNREPAIRABLE
      )
    }
    if (!warned) {
      opts.onWait?.(holder(info))
      warned = true
    }
    await sleep(150)
  }
}

function holderNote(): string {
  const start = startTime(process.pid)
  return `pid ${process.pid} host ${os.hostname()}${start ? ` start ${start}` : ''} since ${new Date().toISOString()}\n`
}

/** The kernel's start time of a process (clock ticks since boot), where /proc has it. */
export function startTime(pid: number): string | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8')
    // Fields after the command name (which may hold spaces and parentheses): state is the first,
    // starttime (field 22) the twentieth.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]
  } catch {
    return undefined
  }
}

/** Whether the process that wrote `note` runs on this host now (undefined: cannot tell). */
export function holderAlive(note: string): boolean | undefined {
  const m = /^pid (\d+) host (\S+)(?: start (\d+))?/.exec(note)
  if (!m || m[2] !== os.hostname()) return undefined
  const pid = Number(m[1])
  try {
    process.kill(pid, 0)
  } catch (err) {
    // EPERM: alive, under another user.
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false
  }
  const recorded = m[3]
  const now = recorded ? startTime(pid) : undefined
  return !(recorded && now && now !== recorded)
}

/**
 * Remove a lock whose holder is gone; true when it did. The note is read twice, the second time
 * just before the removal, so a lock taken over by a third run in between is left alone.
 */
function takeOverIfStale(lockDir: string, info: string, staleMs: number): boolean {
  const note = readNote(info)
  const alive = note === undefined ? undefined : holderAlive(note)
  if (alive === true) return false
  if (alive === undefined) {
    const st = fs.statSync(lockDir, { throwIfNoEntry: false })
    if (!st) return true
    if (Date.now() - st.mtimeMs < staleMs) return false
  }
  if (readNote(info) !== note) return false
  try {
    fs.rmdirSync(lockDir)
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') return false
  }
  return true
}

function readNote(info: string): string | undefined {
  try {
    return fs.readFileSync(info, 'utf8')
  } catch {
    return undefined
  }
}

function holder(info: string): string {
  return readNote(info)?.trim() ?? 'holder unknown'
}
