/**
 * `autopilot`: bring a manifest up to date with init's rules without touching what is already
 * there. Each top-level source tree not yet tracked becomes a `tree` entry whose sentinels are real
 * markers found in it; executable scripts at the top level become `file` entries; large files
 * anywhere outside volatile directories become `blob` entries. Volatile directories
 * (node_modules, build, ...) are never entries, and every new tree ignores them. Running it
 * again adds nothing: everything it would add is then tracked.
 */
import path from 'node:path'
import { BLOB_THRESHOLD, type CaptureRequest } from '../capture/capture.js'
import { PROJECT_MARKERS } from '../capture/sentinels.js'
import { VOLATILE_DIRS } from '../capture/volatile-dirs.js'
import { ignoreMatcher } from '../walk/walk.js'
import type { Entry } from '../types.js'
import { coverageOf, type Coverage } from './coverage.js'
import {
  isExecutable,
  isMetaName,
  joinRel,
  listDir,
  literalRule,
  lstatOf,
  scanBudget,
  SWR_DIR,
  VCS_DIRS,
  type ScanBudget
} from './scan.js'

/** A tree is a source tree when one of these is at its root (the same markers capture prefers). */
export const TREE_MARKERS = PROJECT_MARKERS

const SOURCE_FILE =
  /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs|py|go|rs|c|h|cc|cpp|cxx|hpp|java|kt|swift|rb|cs|zig)$/

export interface AutopilotPlan {
  requests: CaptureRequest[]
  /** Top-level directories left out, and why. */
  skipped: { path: string; why: string }[]
  truncated: boolean
}

interface Ctx {
  workspace: string
  cov: Coverage
  exclude: ReadonlySet<string>
  budget: ScanBudget
}

export function planAutopilot(
  workspace: string,
  entries: readonly Entry[],
  exclude: ReadonlySet<string>
): AutopilotPlan {
  const ctx: Ctx = { workspace, cov: coverageOf(entries), exclude, budget: scanBudget() }
  const blobs = untrackedBlobs(ctx)
  const trees: CaptureRequest[] = []
  const scripts: CaptureRequest[] = []
  const skipped: AutopilotPlan['skipped'] = []
  for (const name of listDir(workspace)) {
    const abs = path.join(workspace, name)
    if (isMetaName(name) || VOLATILE_DIRS.has(name) || exclude.has(abs)) continue
    if (ctx.cov.trackedBy(name)) continue
    const st = lstatOf(abs)
    if (st?.isDirectory() && !name.startsWith('.')) {
      const planned = planTree(ctx, name, blobs)
      if (planned && 'why' in planned) skipped.push({ path: name, why: planned.why })
      else if (planned) trees.push(planned)
    } else if (st?.isFile() && isExecutable(st) && st.size < BLOB_THRESHOLD) {
      scripts.push({ path: name, kind: 'file' })
    }
  }
  const blobRequests = blobs.map((p): CaptureRequest => ({ path: p, kind: 'blob' }))
  return {
    requests: [...trees, ...scripts, ...blobRequests],
    skipped,
    truncated: ctx.budget.exhausted
  }
}

/** Untracked files of at least BLOB_THRESHOLD bytes, outside volatile and VCS directories. */
function untrackedBlobs(ctx: Ctx): string[] {
  const out: string[] = []
  const walk = (absDir: string, relDir: string): void => {
    for (const name of listDir(absDir)) {
      if (!ctx.budget.take()) return
      const abs = path.join(absDir, name)
      if (isMetaName(name) || VOLATILE_DIRS.has(name) || ctx.exclude.has(abs)) continue
      const rel = joinRel(relDir, name)
      const st = lstatOf(abs)
      if (st?.isDirectory()) walk(abs, rel)
      else if (st?.isFile() && st.size >= BLOB_THRESHOLD && !ctx.cov.trackedBy(rel)) out.push(rel)
    }
  }
  walk(ctx.workspace, '')
  return out
}

/**
 * The tree request for top-level directory `name`, why it is not a source tree, or undefined when
 * it holds nothing of its own (empty, or only what other entries and the ignore rules cover).
 */
function planTree(
  ctx: Ctx,
  name: string,
  blobs: readonly string[]
): CaptureRequest | { why: string } | undefined {
  const root = path.join(ctx.workspace, name)
  const inner = [
    ...ctx.cov.trackedBelow(name),
    ...blobs.flatMap(b => (b.startsWith(name + '/') ? [b.slice(name.length + 1)] : []))
  ]
  const ignore = [...VOLATILE_DIRS, ...VCS_DIRS, SWR_DIR, ...inner.sort().map(literalRule)]
  const ignored = ignoreMatcher(ignore)
  const markers = TREE_MARKERS.filter(m => {
    const st = lstatOf(path.join(root, m))
    return st?.isFile() === true && st.size > 0 && !ignored(m, m)
  })
  const { source, anyFile } = firstSourceFile(ctx, root, ignored)
  if (!anyFile) return undefined
  if (markers.length === 0 && source === undefined)
    return { why: 'no project marker or source file in it: add it with "swr add" if it matters' }
  const sentinels = [...new Set([...markers.slice(0, 2), ...(source ? [source] : [])])]
  return { path: name, kind: 'tree', ignore, sentinels }
}

/**
 * The first non-empty source file in the tree walk's order, honouring the tree's ignore rules,
 * and whether the tree holds any file at all.
 */
function firstSourceFile(
  ctx: Ctx,
  root: string,
  ignored: (rel: string, name: string, isDir?: boolean) => boolean
): { source: string | undefined; anyFile: boolean } {
  const budget = scanBudget()
  let anyFile = false
  const walk = (absDir: string, relDir: string): string | undefined => {
    for (const name of listDir(absDir)) {
      const rel = joinRel(relDir, name)
      const abs = path.join(absDir, name)
      if (!budget.take()) return undefined
      if (ctx.exclude.has(abs)) continue
      const st = lstatOf(abs)
      if (ignored(rel, name, st?.isDirectory() === true)) continue
      if (st?.isDirectory()) {
        const found = walk(abs, rel)
        if (found) return found
      } else if (st) {
        anyFile = true
        if (st.isFile() && st.size > 0 && SOURCE_FILE.test(name)) return rel
      }
    }
    return undefined
  }
  const source = walk(root, '')
  return { source, anyFile }
}
