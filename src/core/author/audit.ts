/**
 * `audit`: what in the workspace is worth protecting and not tracked yet, largest first. Read-only.
 *
 *   walk the workspace, skipping VCS metadata, .swr, swr's own files and volatile directories
 *     tracked path          -> skip (descend only when its tree ignores more than volatile dirs)
 *     untracked directory   -> one `tree` row for all of it, unless entries live below it: then
 *                              descend and judge its children one by one
 *     symlink               -> `link`;  file >= BLOB_THRESHOLD -> `blob`;  executable -> `file`
 *
 * A suggested tree leaves its large files to their own `blob` rows (as init does), so each row's
 * command tracks exactly what the row counts.
 */
import type fs from 'node:fs'
import path from 'node:path'
import { BLOB_THRESHOLD } from '../capture/capture.js'
import { VOLATILE_DIRS } from '../capture/volatile-dirs.js'
import type { Entry, Kind } from '../types.js'
import { coverageOf, type Coverage } from './coverage.js'
import {
  isExecutable,
  isMetaName,
  joinRel,
  listDir,
  literalRule,
  lstatOf,
  scanBudget,
  type ScanBudget
} from './scan.js'

export interface AuditRow {
  kind: Kind
  /** Workspace-relative manifest spelling. */
  path: string
  bytes: number
  files: number
  /** Ignore rules the suggested tree needs (volatile names present, its large files). */
  ignore: string[]
}

export interface AuditResult {
  /** Every candidate, largest first. */
  rows: AuditRow[]
  /** The scan stopped at MAX_SCAN paths: more may be untracked. */
  truncated: boolean
}

interface Scan {
  cov: Coverage
  exclude: ReadonlySet<string>
  budget: ScanBudget
  rows: AuditRow[]
}

export function auditWorkspace(
  workspace: string,
  entries: readonly Entry[],
  exclude: ReadonlySet<string>
): AuditResult {
  const scan: Scan = { cov: coverageOf(entries), exclude, budget: scanBudget(), rows: [] }
  visit(scan, workspace, '')
  scan.rows.sort((a, b) => b.bytes - a.bytes || b.files - a.files || (a.path < b.path ? -1 : 1))
  return { rows: scan.rows, truncated: scan.budget.exhausted }
}

function skipped(scan: Scan, name: string, abs: string): boolean {
  return isMetaName(name) || VOLATILE_DIRS.has(name) || scan.exclude.has(abs)
}

function visit(scan: Scan, absDir: string, relDir: string): void {
  for (const name of listDir(absDir)) {
    if (!scan.budget.take()) return
    const abs = path.join(absDir, name)
    if (skipped(scan, name, abs)) continue
    const rel = joinRel(relDir, name)
    const st = lstatOf(abs)
    if (!st) continue
    if (scan.cov.trackedBy(rel)) {
      if (st.isDirectory() && scan.cov.mayHideUntracked(rel)) visit(scan, abs, rel)
    } else if (st.isDirectory()) {
      if (scan.cov.trackedBelow(rel).length > 0) visit(scan, abs, rel)
      else scan.rows.push(...treeRows(scan, abs, rel))
    } else {
      const row = leafRow(rel, st)
      if (row) scan.rows.push(row)
    }
  }
}

function leafRow(rel: string, st: fs.Stats): AuditRow | undefined {
  const row = (kind: Kind, bytes: number): AuditRow => ({
    kind,
    path: rel,
    bytes,
    files: 1,
    ignore: []
  })
  if (st.isSymbolicLink()) return row('link', 0)
  if (!st.isFile()) return undefined
  if (st.size >= BLOB_THRESHOLD) return row('blob', st.size)
  return isExecutable(st) ? row('file', st.size) : undefined
}

/** A `tree` row for the untracked directory `rel`, and `blob` rows for its large files. */
function treeRows(scan: Scan, absRoot: string, rel: string): AuditRow[] {
  const blobs: AuditRow[] = []
  const names = new Set<string>()
  let files = 0
  let bytes = 0
  const walk = (absDir: string, inner: string): void => {
    for (const name of listDir(absDir)) {
      if (!scan.budget.take()) return
      const abs = path.join(absDir, name)
      if (skipped(scan, name, abs)) {
        if (!scan.exclude.has(abs)) names.add(name)
        continue
      }
      const st = lstatOf(abs)
      const innerRel = joinRel(inner, name)
      if (!st) continue
      if (st.isDirectory()) walk(abs, innerRel)
      else if (st.isFile() && st.size >= BLOB_THRESHOLD) {
        blobs.push({
          kind: 'blob',
          path: `${rel}/${innerRel}`,
          bytes: st.size,
          files: 1,
          ignore: []
        })
      } else {
        files++
        bytes += st.isFile() ? st.size : 0
      }
    }
  }
  walk(absRoot, '')
  const ignore = [
    ...[...names].sort(),
    ...blobs.map(b => literalRule(b.path.slice(rel.length + 1)))
  ]
  return files > 0 ? [{ kind: 'tree', path: rel, bytes, files, ignore }, ...blobs] : blobs
}
