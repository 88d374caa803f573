/**
 * One exclusive lock per manifest (and so per workspace), in the private state directory:
 * serialises doctor/restore and every manifest-editing command. Taken before the manifest is read,
 * which is why it is keyed by the manifest's path rather than by the workspace it names. A waiting run says so once and
 * gives up after a bounded time; a lock left by a dead process goes stale (its holder refreshes it
 * while alive) and is taken over.
 */
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
// Loaded at start-up on purpose: the signal-exit handlers it installs must precede the CLI's own
// SIGINT/SIGTERM handlers, or a signal re-raised by signal-exit ends swr before it can exit 130.
import lockfile from 'proper-lockfile'
import { SwrError, EXIT } from '../errors.js'
import { ensurePrivateDir } from './state-dir.js'

export interface LockOptions {
  stateDir: string
  /** What is locked: the manifest file (known before it is read). */
  subject: string
  /** Give up after this long (ms). */
  waitMs: number
  /** Called once when the lock is busy and the run starts waiting. */
  onWait?: (holder: string) => void
  /** A lock not refreshed for this long belongs to a dead process. */
  staleMs?: number
  /** Stop waiting when aborted (Ctrl-C, SIGTERM). */
  abort?: AbortSignal | undefined
}

/** One spelling per file: symlinked paths to the same manifest must take the same lock. */
function canonicalSubject(subject: string): string {
  const abs = path.resolve(subject)
  try {
    return path.join(fs.realpathSync(path.dirname(abs)), path.basename(abs))
  } catch {
    return abs
  }
}

export type Release = () => Promise<void>

const sleep = (ms: number): Promise<void> => new Promise(r => setTimeout(r, ms))

export async function lockWorkspace(opts: LockOptions): Promise<Release> {
  const dir = ensurePrivateDir(opts.stateDir, 'locks')
  const key = createHash('sha256').update(canonicalSubject(opts.subject)).digest('hex').slice(0, 32)
  const target = path.join(dir, key)
  const info = path.join(dir, `${key}.holder`)
  const deadline = Date.now() + opts.waitMs
  let warned = false
  for (;;) {
    try {
      const release = await lockfile.lock(target, {
        realpath: false,
        lockfilePath: `${target}.lock`,
        stale: opts.staleMs ?? 10_000,
        retries: 0
      })
      fs.writeFileSync(info, `pid ${process.pid} since ${new Date().toISOString()}\n`, {
        mode: 0o600
      })
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

function holder(info: string): string {
  try {
    return fs.readFileSync(info, 'utf8').trim()
  } catch {
    return 'holder unknown'
  }
}
