/**
 * One exclusive lock per subject, in the private state directory: the manifest file (serialises
 * doctor/restore and every manifest-editing command; taken before the manifest is read, so keyed
 * by its path) and the workspace (so two manifests describing one directory never run recipes in
 * it at once). A waiting run says so once and gives up after a bounded time.
 *
 * The lock is a symbolic link, `locks/<key>.lock`, whose target is its holder's note ("pid P host
 * H start S since T id R"). symlink(2) creates the link and its note in one step and fails when the
 * link exists, so there is never a lock without its note, and the random id makes each note name
 * one generation of the lock only.
 *
 * Staleness is decided by whether the holder lives, not by how recently it refreshed: a holder on
 * this host whose process is alive (its pid answers signal 0 and its start time is the one it
 * recorded, so a reused pid does not count) keeps the lock however long its event loop is busy. A
 * dead holder whose recipe still runs (its process group, recorded beside the note while a recipe
 * runs) keeps it too, until that group has ended. Only a lock whose note cannot be judged (another
 * host, or a directory left by an older swr) falls back to the refresh time (`staleMs`).
 *
 * Taking over a stale lock is a compare-and-remove that one process wins: a waiter first creates
 * the generation's guard (another link, named after the note, created only if absent), checks
 * that the lock still holds that note, removes it and lets go of the guard; then it competes for
 * the lock like every other waiter. Nothing but the guard's holder can remove a dead holder's lock,
 * so no waiter ever removes a lock another waiter has just taken. Losing the lock anyway (its link
 * removed, as a wipe of the state directory does, or taken over) is reported through `onLost`.
 */
import { createHash, randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { diskError, EXIT, SwrError } from '../errors.js'
import { watchGroups, type RunningGroup } from '../process/groups.js'
import { groupRuns, processRuns, startTime } from '../process/proc.js'
import { ensurePrivateDir } from './state-dir.js'

export { startTime }

export interface LockOptions {
  stateDir: string
  /** What is locked: a file or directory path (canonicalised), or any other key. */
  subject: string
  /** Give up after this long (ms). */
  waitMs: number
  /** Called once when the lock is busy and the run starts waiting. */
  onWait?: (holder: string) => void
  /** A lock whose holder cannot be judged from here is stale once not refreshed for this long. */
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

const REFRESH_MS = 2000
const POLL_MS = 150

interface Paths {
  stateDir: string
  dir: string
  key: string
  lock: string
}

export async function lockWorkspace(opts: LockOptions): Promise<Release> {
  try {
    return await acquire(opts)
  } catch (err) {
    throw lockError(err, opts.subject)
  }
}

export interface HeldLockOptions extends Omit<LockOptions, 'onLost'> {
  /** How the lost-lock line names what was locked (default: the subject). */
  label?: string | undefined
  /** The lock was lost while held: the whole line, said once (stop what runs under it). */
  onLost?: (line: string) => void
}

/**
 * Run `fn` holding the lock on `opts.subject`, released however `fn` ends. A lock lost while held
 * (the state directory wiped mid-run) ends the run with EXIT.CONFLICT and one line, even when what
 * `fn` did next failed for that reason (a journal in a wiped state directory).
 */
export async function withLock<T>(opts: HeldLockOptions, fn: () => Promise<T>): Promise<T> {
  let lost: string | undefined
  const { label, onLost, ...lock } = opts
  const release = await lockWorkspace({
    ...lock,
    onLost: why => {
      lost = `lost the lock on ${label ?? opts.subject}: ${why}`
      onLost?.(lost)
    }
  })
  try {
    let result: T
    try {
      result = await fn()
    } catch (err) {
      if (lost) throw new SwrError(lost, EXIT.CONFLICT)
      throw err
    }
    if (lost) throw new SwrError(lost, EXIT.CONFLICT)
    return result
  } finally {
    await release()
  }
}

async function acquire(opts: LockOptions): Promise<Release> {
  const dir = ensurePrivateDir(opts.stateDir, 'locks')
  const key = createHash('sha256').update(canonicalPath(opts.subject)).digest('hex').slice(0, 32)
  const p: Paths = { stateDir: opts.stateDir, dir, key, lock: path.join(dir, `${key}.lock`) }
  const staleMs = opts.staleMs ?? 10_000
  const note = newNote()
  const deadline = Date.now() + opts.waitMs
  let warned = false
  for (;;) {
    if (create(p, note)) return hold(p, note, opts)
    const seen = look(p.lock)
    // Let go of between our attempt and our look: try again at once.
    if (seen === undefined) continue
    const verdict = judge(p, seen, staleMs)
    if (verdict.stale && removeStale(p, seen, staleMs)) continue
    if (opts.abort?.aborted)
      throw new SwrError(
        `interrupted while waiting for the lock on ${opts.subject}`,
        EXIT.INTERRUPTED
      )
    if (Date.now() >= deadline) {
      throw new SwrError(
        `${opts.subject} is locked by another swr run (${verdict.holder}); gave up after ${Math.round(opts.waitMs / 1000)} s`,
        EXIT.UNREPAIRABLE
      )
    }
    if (!warned) {
      opts.onWait?.(verdict.holder)
      warned = true
    }
    await sleep(POLL_MS)
  }
}

/** Take the lock if it is free: true when this call created it. */
function create(p: Paths, note: string, again = true): boolean {
  try {
    fs.symlinkSync(note, p.lock)
    return true
  } catch (err) {
    if (code(err) === 'EEXIST') return false
    if (code(err) !== 'ENOENT' || !again) throw err
  }
  // The state directory was removed meanwhile: make it again, once.
  ensurePrivateDir(p.stateDir, 'locks')
  return create(p, note, false)
}

/**
 * Hold the lock: keep its refresh time current (for a waiter on another host), record the process
 * groups of the recipes this process runs, notice a lock lost, and let go of it on release or exit
 * (an interrupt ends swr with process.exit).
 */
function hold(p: Paths, note: string, opts: LockOptions): Release {
  const groups = besideNote(p, note, 'groups')
  const unwatch = watchGroups(g => recordGroups(groups, g))
  const timer = setInterval(() => {
    let now: string
    try {
      now = fs.readlinkSync(p.lock)
    } catch (err) {
      if (code(err) === 'ENOENT') lose('its file in the state directory was removed')
      else if (code(err) === 'EINVAL') lose('another process took it over')
      return
    }
    if (now !== note) return lose('another process took it over')
    const t = new Date()
    try {
      fs.lutimesSync(p.lock, t, t)
    } catch {
      // Only a waiter on another host reads the refresh time; the next tick tries again.
    }
  }, REFRESH_MS)
  timer.unref()
  const lose = (why: string): void => {
    clearInterval(timer)
    opts.onLost?.(why)
  }
  let released = false
  const letGo = (): void => {
    if (released) return
    released = true
    clearInterval(timer)
    unwatch()
    process.removeListener('exit', letGo)
    try {
      // The record first: killed between the two, swr leaves a dead note with nothing beside it.
      fs.rmSync(groups, { force: true })
      removeIfStill(p, p.lock, note, Infinity)
    } catch {
      // A lock that cannot be removed (its directory gone) is nothing to let go of.
    }
  }
  process.once('exit', letGo)
  return () => Promise.resolve(letGo())
}

interface Seen {
  /** The holder's note; undefined for a directory left by an older swr. */
  note: string | undefined
  mtimeMs: number
}

/** The lock as it is now, without following it; undefined when there is none. */
function look(file: string): Seen | undefined {
  try {
    const st = fs.lstatSync(file)
    if (!st.isSymbolicLink()) return { note: undefined, mtimeMs: st.mtimeMs }
    return { note: fs.readlinkSync(file), mtimeMs: st.mtimeMs }
  } catch (err) {
    if (code(err) === 'ENOENT') return undefined
    throw err
  }
}

interface Verdict {
  stale: boolean
  /** Who holds it, for a person. */
  holder: string
}

function judge(p: Paths, seen: Seen, staleMs: number): Verdict {
  const shown = seen.note === undefined ? 'holder unknown' : display(seen.note)
  const alive = seen.note === undefined ? undefined : holderAlive(seen.note)
  if (alive === true) return { stale: false, holder: shown }
  if (alive === false) {
    const group = recipeRunning(besideNote(p, seen.note as string, 'groups'))
    if (group === undefined) return { stale: true, holder: shown }
    return {
      stale: false,
      holder: `${shown}; gone, but its recipe still runs in process group ${group}`
    }
  }
  return { stale: Date.now() - seen.mtimeMs >= staleMs, holder: shown }
}

function removeStale(p: Paths, seen: Seen, staleMs: number): boolean {
  if (seen.note === undefined) {
    // A directory an older swr left (its refresh long past): rmdir never removes a link, so a
    // lock taken meanwhile is safe from it.
    try {
      fs.rmdirSync(p.lock)
    } catch {
      return false
    }
    fs.rmSync(path.join(p.dir, `${p.key}.holder`), { force: true })
    return true
  }
  if (!removeIfStill(p, p.lock, seen.note, staleMs)) return false
  fs.rmSync(besideNote(p, seen.note, 'groups'), { force: true })
  return true
}

/**
 * Remove the link `file` if its note is still `note`; true when this call removed it. The guard
 * named after the note is taken first, and only one process can create it: the note's generation
 * cannot be removed by anyone else meanwhile, and the note never comes back once removed, so the
 * check and the removal act on the same generation. A guard whose creator was killed between
 * the two is removed the same way, one level up.
 */
function removeIfStill(p: Paths, file: string, note: string, staleMs: number): boolean {
  const guard = besideNote(p, note, 'take')
  try {
    fs.symlinkSync(newNote(), guard)
  } catch (err) {
    if (code(err) !== 'EEXIST') throw err
    const other = look(guard)
    if (other?.note !== undefined && guardStale(other, staleMs))
      removeIfStill(p, guard, other.note, staleMs)
    return false
  }
  try {
    if (readNote(file) !== note) return false
    fs.unlinkSync(file)
    return true
  } finally {
    fs.rmSync(guard, { force: true })
  }
}

/** A guard is held for a few system calls: one whose creator is gone, or that is old, is left over. */
function guardStale(seen: Seen, staleMs: number): boolean {
  const alive = seen.note === undefined ? undefined : holderAlive(seen.note)
  return alive === false || (alive === undefined && Date.now() - seen.mtimeMs >= staleMs)
}

function readNote(file: string): string | undefined {
  try {
    return fs.readlinkSync(file)
  } catch {
    return undefined
  }
}

/** The file beside the lock that belongs to the generation `note` names. */
function besideNote(p: Paths, note: string, ext: 'groups' | 'take'): string {
  const tag = createHash('sha256').update(note).digest('hex').slice(0, 16)
  return path.join(p.dir, `${p.key}.${tag}.${ext}`)
}

/**
 * Record the running recipe groups as "pgid start,pgid start": a link again, made beside and
 * renamed into place, so the record is whole the moment it exists and costs no fsync (it must be
 * there before a kill of swr can come, and is worth nothing after a reboot).
 */
function recordGroups(file: string, groups: readonly RunningGroup[]): void {
  try {
    if (groups.length === 0) return fs.rmSync(file, { force: true })
    const tmp = `${file}.${randomBytes(6).toString('hex')}.tmp`
    fs.symlinkSync(groups.map(g => `${g.pgid} ${g.start ?? '-'}`).join(','), tmp)
    fs.renameSync(tmp, file)
  } catch {
    // The state directory gone: the refresh reports the lock lost; the recipe must not fail here.
  }
}

/** The first recorded recipe process group that still runs. */
function recipeRunning(file: string): number | undefined {
  for (const entry of readNote(file)?.split(',') ?? []) {
    const m = /^(\d+) (\d+|-)$/.exec(entry)
    if (m && groupRuns(Number(m[1]), m[2] === '-' ? undefined : m[2])) return Number(m[1])
  }
  return undefined
}

let ownStart: string | undefined | null = null

function newNote(): string {
  if (ownStart === null) ownStart = startTime(process.pid)
  const start = ownStart ? ` start ${ownStart}` : ''
  const id = randomBytes(6).toString('hex')
  return `pid ${process.pid} host ${os.hostname()}${start} since ${new Date().toISOString()} id ${id}`
}

/** The note on one line without its generation id, for a person. */
function display(note: string): string {
  return note
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/ id [0-9a-f]+$/, '')
}

/** Whether the process that wrote `note` runs on this host now (undefined: cannot tell). */
export function holderAlive(note: string): boolean | undefined {
  const m = /^pid (\d+) host (\S+)(?: start (\d+))?/.exec(note)
  if (!m || m[2] !== os.hostname()) return undefined
  return processRuns(Number(m[1]), m[3])
}

function code(err: unknown): string | undefined {
  return (err as NodeJS.ErrnoException | undefined)?.code
}

/** Any failure to take the lock as one line naming its subject, never a raw system error. */
function lockError(err: unknown, subject: string): unknown {
  if (err instanceof SwrError) return err
  const disk = diskError(err, `the lock on ${subject}`)
  if (disk) return disk
  // A system error's message names its call and file ("EEXIST: file already exists, mkdir ...").
  const why = (err instanceof Error ? err.message : String(err)).split('\n')[0]
  return new SwrError(`cannot take the lock on ${subject}: ${why}`, EXIT.WRITE_FAILED)
}
