/**
 * `retighten`: raise loose tree bounds to what is on disk now, never loosening them. A tree's
 * min_files goes up to the current file count when that is higher, and its max_files comes down
 * to the current count when that is lower (or is set when there was none). Only trees that verify
 * right now are touched: a damaged tree's count is the damage, not the truth.
 */
import { UsageError } from '../errors.js'
import { selectEntries } from '../manifest/select.js'
import type { Entry, Finding, TreeEntry } from '../types.js'

export interface BoundChange {
  id: string
  field: 'min_files' | 'max_files'
  /** null: the bound was absent (no upper limit). */
  from: number | null
  to: number
}

export interface RetightenPlan {
  changes: BoundChange[]
  skipped: { id: string; why: string }[]
}

/** The trees `only` names (every tree without it); a named entry that is no tree is bad usage. */
export function treesToRetighten(entries: readonly Entry[], only?: readonly string[]): TreeEntry[] {
  const selected = selectEntries(entries, only)
  const notTrees = only && only.length > 0 ? selected.filter(e => e.kind !== 'tree') : []
  const first = notTrees[0]
  if (first)
    throw new UsageError(
      `--only ${first.id}: a ${first.kind} entry has no file-count bounds (retighten changes trees only)`
    )
  return selected.filter((e): e is TreeEntry => e.kind === 'tree')
}

/** What to change, given each tree's finding from a check made just now. */
export function planRetighten(
  trees: readonly TreeEntry[],
  findings: readonly Finding[]
): RetightenPlan {
  const byId = new Map(findings.map(f => [f.id, f]))
  const plan: RetightenPlan = { changes: [], skipped: [] }
  for (const e of trees) {
    const f = byId.get(e.id)
    const files = f?.found.files
    if (!f || f.status !== 'OK' || typeof files !== 'number') {
      const why = f ? `${f.status}: ${f.detail}` : 'not checked'
      plan.skipped.push({ id: e.id, why: `does not verify now (${why}); repair it first` })
      continue
    }
    plan.changes.push(...boundChanges(e, files))
  }
  return plan
}

function boundChanges(e: TreeEntry, files: number): BoundChange[] {
  const out: BoundChange[] = []
  if (files > e.expect.min_files)
    out.push({ id: e.id, field: 'min_files', from: e.expect.min_files, to: files })
  const max = e.expect.max_files
  if (max === undefined || files < max)
    out.push({
      id: e.id,
      field: 'max_files',
      from: max ?? null,
      to: Math.max(files, e.expect.min_files)
    })
  return out
}

/** Apply `changes` to the entries in place. */
export function applyRetighten(entries: Entry[], changes: readonly BoundChange[]): void {
  const byId = new Map(entries.map(e => [e.id, e]))
  for (const c of changes) {
    const e = byId.get(c.id)
    if (e?.kind === 'tree') e.expect[c.field] = c.to
  }
}
