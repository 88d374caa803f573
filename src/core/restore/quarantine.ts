/**
 * Quarantine: before a recipe runs, copy (never move) the damaged file or tree into the private
 * state directory, so the evidence survives and in-place repairs (`chmod +x`) still find their
 * file. Bounded in size; symlinks are copied as links, never followed, and the entry's path is
 * resolved without following a symlink in any component (a symlinked parent is refused, not
 * copied through). The folder name comes from a prefix and the id (ids cannot contain "/"), so no
 * id can place the copy elsewhere.
 *
 * The quarantine is pruned after every copy: copies older than the age limit go, then the oldest
 * others until the whole quarantine fits the size limit (the copy just made always stays).
 */
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { resolveNoFollow, SymlinkRefusal } from '../no-follow.js'
import { ensurePrivateDir } from '../state/state-dir.js'
import type { Entry } from '../types.js'

export const QUARANTINE_MAX_BYTES = 256 * 1024 * 1024
/** Defaults of the pruning limits (SWR_QUARANTINE_KEEP_DAYS, SWR_QUARANTINE_MAX_MB). */
export const QUARANTINE_KEEP_DAYS = 7
export const QUARANTINE_TOTAL_BYTES = 1024 * 1024 * 1024

export interface QuarantineLimits {
  /** Largest single copy. */
  maxBytes?: number | undefined
  /** Copies older than this many milliseconds are removed. */
  keepMs?: number | undefined
  /** The whole quarantine is kept below this many bytes, oldest copies removed first. */
  totalBytes?: number | undefined
}

export interface Pruned {
  removed: number
  bytes: number
}

export type QuarantineResult =
  { copied: string; bytes: number; pruned?: Pruned } | { skipped: string }

function sizeOf(abs: string, limit: number): number {
  const st = fs.lstatSync(abs)
  if (!st.isDirectory()) return st.isFile() ? st.size : 0
  let total = 0
  for (const name of fs.readdirSync(abs)) {
    total += sizeOf(path.join(abs, name), limit - total)
    if (total > limit) return total
  }
  return total
}

export function quarantine(
  workspace: string,
  stateDir: string,
  e: Entry,
  now: Date,
  limits: QuarantineLimits = {}
): QuarantineResult {
  const maxBytes = limits.maxBytes ?? QUARANTINE_MAX_BYTES
  let abs: string
  try {
    abs = resolveNoFollow(workspace, e.path)
  } catch (err) {
    if (err instanceof SymlinkRefusal) return { skipped: `not copied: ${err.message}` }
    throw err
  }
  if (!fs.lstatSync(abs, { throwIfNoEntry: false })) return { skipped: 'nothing on disk to keep' }
  const bytes = sizeOf(abs, maxBytes)
  if (bytes > maxBytes) return { skipped: `over the ${maxBytes}-byte quarantine limit` }
  const stamp = now.toISOString().replace(/[:.]/g, '-')
  const dir = ensurePrivateDir(stateDir, 'quarantine', `${stamp}-${randomBytes(4).toString('hex')}`)
  const dest = path.join(dir, `entry-${e.id}`)
  fs.cpSync(abs, dest, {
    recursive: true,
    verbatimSymlinks: true,
    errorOnExist: true,
    force: false,
    preserveTimestamps: true
  })
  const pruned = pruneQuarantine(stateDir, now, limits, dir)
  return pruned.removed > 0 ? { copied: dest, bytes, pruned } : { copied: dest, bytes }
}

/**
 * Remove quarantined copies older than `keepMs`, then the oldest until the rest fit `totalBytes`;
 * `keep` (the copy just made) is never removed. Ages come from each copy's folder time.
 */
export function pruneQuarantine(
  stateDir: string,
  now: Date,
  limits: QuarantineLimits = {},
  keep?: string
): Pruned {
  const root = path.join(stateDir, 'quarantine')
  const keepMs = limits.keepMs ?? QUARANTINE_KEEP_DAYS * 86_400_000
  const totalBytes = limits.totalBytes ?? QUARANTINE_TOTAL_BYTES
  const copies = (fs.existsSync(root) ? fs.readdirSync(root) : [])
    .map(name => {
      const abs = path.join(root, name)
      const st = fs.lstatSync(abs)
      return { abs, isDir: st.isDirectory(), mtimeMs: st.mtimeMs }
    })
    .filter(c => c.isDir && c.abs !== keep)
    .map(c => ({ ...c, bytes: sizeOf(c.abs, Number.MAX_SAFE_INTEGER) }))
    .sort((a, b) => a.mtimeMs - b.mtimeMs)
  let total = copies.reduce((n, c) => n + c.bytes, keep ? sizeOf(keep, Number.MAX_SAFE_INTEGER) : 0)
  const out: Pruned = { removed: 0, bytes: 0 }
  for (const c of copies) {
    if (now.getTime() - c.mtimeMs <= keepMs && total <= totalBytes) continue
    fs.rmSync(c.abs, { recursive: true, force: true })
    total -= c.bytes
    out.removed++
    out.bytes += c.bytes
  }
  return out
}
