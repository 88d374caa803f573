/**
 * What a killed run leaves behind, and who clears it. A run stopped by `kill -9` or a lost runner
 * cannot remove its temporary files (an atomic write's `.NAME.PID-RANDOM.tmp`, a scratch
 * directory, a target moved aside), so every such name carries the process id of the run that
 * made it, and the next run that works in the same directory removes the ones whose process is
 * gone. A live run's files are never touched: its pid answers. A pid reused by an unrelated
 * process only delays the removal until that process ends.
 *
 * Only names of exactly swr's shapes, owned by this user, are removed, and a link is removed as
 * a link, never followed.
 */
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { processRuns } from '../process/proc.js'

/** Whether the maker `pid` runs (a zombie does not; one of another user does). */
export function pidAlive(pid: number): boolean {
  return Number.isSafeInteger(pid) && pid > 0 && processRuns(pid, undefined)
}

/** A fresh name `PREFIX<pid>-<random>SUFFIX` that `sweepDead` can attribute to this process. */
export function ownedName(prefix: string, suffix = ''): string {
  return `${prefix}${process.pid}-${randomBytes(8).toString('hex')}${suffix}`
}

/** The pid in a name made by `ownedName` with this prefix and suffix, if it is one. */
function ownerOf(name: string, prefix: string, suffix: string): number | undefined {
  if (!name.startsWith(prefix) || !name.endsWith(suffix)) return undefined
  const m = /^(\d{1,10})-[0-9a-f]{16}$/.exec(name.slice(prefix.length, name.length - suffix.length))
  return m ? Number(m[1]) : undefined
}

export interface Family {
  /** Names start with this (and may start with "." and hold a basename before it). */
  prefix: string | RegExp
  suffix?: string
}

/**
 * Remove from `dir` every entry of one of `families` whose maker is dead. Returns how many went.
 * A directory that cannot be read is left alone: sweeping is housekeeping, never a failure.
 */
export function sweepDead(dir: string, families: readonly Family[]): number {
  let names: string[]
  try {
    names = fs.readdirSync(dir)
  } catch {
    return 0
  }
  const uid = typeof process.getuid === 'function' ? process.getuid() : undefined
  let removed = 0
  for (const name of names) {
    const pid = families
      .map(f => ownerOf(name, prefixOf(name, f.prefix), f.suffix ?? ''))
      .find(p => p !== undefined)
    if (pid === undefined || pid === process.pid || pidAlive(pid)) continue
    const abs = path.join(dir, name)
    const st = fs.lstatSync(abs, { throwIfNoEntry: false })
    if (!st || (uid !== undefined && st.uid !== uid)) continue
    try {
      fs.rmSync(abs, { recursive: st.isDirectory(), force: true })
      removed++
    } catch {
      // Left for a later run: housekeeping never fails the run.
    }
  }
  return removed
}

/** A fixed prefix as it is; a pattern's match at the start of `name` (or nothing, never a match). */
function prefixOf(name: string, prefix: string | RegExp): string {
  if (typeof prefix === 'string') return prefix
  return prefix.exec(name)?.[0] ?? '\0'
}

/** An atomic write's temporary file: `.BASENAME.PID-RANDOM.tmp`. */
export const ATOMIC_TMP: Family = { prefix: /^\..+?\.(?=\d+-[0-9a-f]{16}\.tmp$)/, suffix: '.tmp' }

/** swr's scratch directories: `swr-WORD-PID-RANDOM`. */
export const SCRATCH: Family = { prefix: /^swr-[a-z]+-(?=\d+-[0-9a-f]{16}$)/ }

/**
 * A private temporary directory `NAME-PID-RANDOM` under `base` (NAME is `swr-WORD`), after
 * clearing every swr scratch directory a dead run left there.
 */
export function makeOwnedTemp(base: string, name: `swr-${string}`): string {
  sweepDead(base, [SCRATCH])
  const dir = path.join(base, ownedName(`${name}-`))
  fs.mkdirSync(dir, { mode: 0o700 })
  return dir
}
