/**
 * Quarantine: before a recipe runs, copy (never move) the damaged file or tree into the private
 * state directory, so the evidence survives and in-place repairs (`chmod +x`) still find their
 * file. Bounded in size; symlinks are copied as links, never followed, and the entry's path is
 * resolved without following a symlink in any component (a symlinked parent is refused, not
 * copied through). The folder name comes from a prefix and the id (ids cannot contain "/"), so no
 * id can place the copy elsewhere.
 *
 * The quarantine is pruned after every copy: copies older than the age limit go, then the oldest
 * others until the whole quarantine fits the size and file-count limits (the copy just made
 * always stays). Size is what the copies take on disk (allocated blocks of every file, directory
 * and link), not their bytes: ten thousand empty files take no bytes but 40 MB of directories and
 * ten thousand inodes.
 */
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { resolveNoFollow, SymlinkRefusal } from '../fs/no-follow.js'
import { ensurePrivateDir } from '../state/state-dir.js'
import type { Entry } from '../types.js'

export const QUARANTINE_MAX_BYTES = 256 * 1024 * 1024
/** Defaults of the pruning limits (SWR_QUARANTINE_KEEP_DAYS, SWR_QUARANTINE_MAX_MB). */
export const QUARANTINE_KEEP_DAYS = 7
export const QUARANTINE_TOTAL_BYTES = 1024 * 1024 * 1024
/** Default of the file-count limit (SWR_QUARANTINE_MAX_FILES): inodes run out before bytes do. */
export const QUARANTINE_TOTAL_FILES = 100_000

export interface QuarantineLimits {
  /** Largest single copy. */
  maxBytes?: number | undefined
  /** Copies older than this many milliseconds are removed. */
  keepMs?: number | undefined
  /** The whole quarantine is kept below this many bytes on disk, oldest copies removed first. */
  totalBytes?: number | undefined
  /** ...and below this many files, directories and links. */
  totalFiles?: number | undefined
}

export interface Pruned {
  removed: number
  bytes: number
}

export type QuarantineResult =
  { copied: string; bytes: number; pruned?: Pruned } | { skipped: string }

interface Usage {
  /** Bytes allocated on disk (a file's size where the filesystem reports no blocks). */
  disk: number
  /** Files, directories and links. */
  files: number
  /** Bytes in regular files: what a report shows. */
  size: number
}

type Cap = Pick<Usage, 'disk' | 'files'>

/** Use of `abs` and everything under it; counting stops once disk or files pass `cap`. */
function usageOf(abs: string, cap: Cap = { disk: Infinity, files: Infinity }): Usage {
  const st = fs.lstatSync(abs)
  const own: Usage = {
    disk: st.blocks !== undefined ? st.blocks * 512 : st.size,
    files: 1,
    size: st.isFile() ? st.size : 0
  }
  if (!st.isDirectory()) return own
  for (const name of fs.readdirSync(abs)) {
    const u = usageOf(path.join(abs, name), cap)
    own.disk += u.disk
    own.files += u.files
    own.size += u.size
    if (own.disk > cap.disk || own.files > cap.files) return own
  }
  return own
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
  const totalFiles = limits.totalFiles ?? QUARANTINE_TOTAL_FILES
  const use = usageOf(abs, { disk: maxBytes, files: totalFiles })
  if (use.disk > maxBytes) return { skipped: `over the ${maxBytes}-byte quarantine limit` }
  if (use.files > totalFiles) return { skipped: `over the ${totalFiles}-file quarantine limit` }
  const bytes = use.size
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
 * Move a seal file that cannot be used (damaged, not a regular file, another entry's) out of the
 * state directory's `seals/` into a quarantine folder of its own (`seal-ID`), as it is: a rename
 * within the state directory, so a link is moved as a link and a directory whole; then prune.
 */
export function quarantineSeal(
  stateDir: string,
  file: string,
  id: string,
  now: Date,
  limits: QuarantineLimits = {}
): { moved: string; pruned?: Pruned } {
  const stamp = now.toISOString().replace(/[:.]/g, '-')
  const dir = ensurePrivateDir(stateDir, 'quarantine', `${stamp}-${randomBytes(4).toString('hex')}`)
  const dest = path.join(dir, `seal-${id}`)
  fs.renameSync(file, dest)
  const pruned = pruneQuarantine(stateDir, now, limits, dir)
  return pruned.removed > 0 ? { moved: dest, pruned } : { moved: dest }
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
  const cap: Cap = {
    disk: limits.totalBytes ?? QUARANTINE_TOTAL_BYTES,
    files: limits.totalFiles ?? QUARANTINE_TOTAL_FILES
  }
  const copies = (fs.existsSync(root) ? fs.readdirSync(root) : [])
    .map(name => {
      const abs = path.join(root, name)
      const st = fs.lstatSync(abs)
      return { abs, isDir: st.isDirectory(), mtimeMs: st.mtimeMs }
    })
    .filter(c => c.isDir && c.abs !== keep)
    .map(c => ({ ...c, use: usageOf(c.abs) }))
    .sort((a, b) => a.mtimeMs - b.mtimeMs)
  const total: Cap = keep ? usageOf(keep) : { disk: 0, files: 0 }
  for (const c of copies) {
    total.disk += c.use.disk
    total.files += c.use.files
  }
  const out: Pruned = { removed: 0, bytes: 0 }
  for (const c of copies) {
    const over = total.disk > cap.disk || total.files > cap.files
    if (now.getTime() - c.mtimeMs <= keepMs && !over) continue
    fs.rmSync(c.abs, { recursive: true, force: true })
    total.disk -= c.use.disk
    total.files -= c.use.files
    out.removed++
    out.bytes += c.use.size
  }
  return out
}
