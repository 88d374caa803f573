/**
 * Quarantine: before a recipe runs, copy (never move) the damaged file or tree into the private
 * state directory, so the evidence survives and in-place repairs (`chmod +x`) still find their
 * file. Bounded in size; symlinks are copied as links, never followed. The folder name comes from
 * a prefix and the id (ids cannot contain "/"), so no id can place the copy elsewhere.
 */
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { resolveEntryPath } from './manifest/paths.js'
import { ensurePrivateDir } from './state/state-dir.js'
import type { Entry } from './types.js'

export const QUARANTINE_MAX_BYTES = 256 * 1024 * 1024

export type QuarantineResult = { copied: string; bytes: number } | { skipped: string }

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
  maxBytes = QUARANTINE_MAX_BYTES
): QuarantineResult {
  const abs = resolveEntryPath(workspace, e.path)
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
  return { copied: dest, bytes }
}
