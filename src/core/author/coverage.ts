/**
 * Which workspace paths a manifest already tracks: each entry's own path, and everything inside a
 * tracked tree that the tree's ignore rules do not leave out (read exactly as the tree walk reads
 * them, so "tracked" here means "judged by some entry's check").
 */
import { VOLATILE_DIRS } from '../capture/volatile-dirs.js'
import { ignoreMatcher } from '../walk/walk.js'
import type { Entry } from '../types.js'
import { isMetaName } from './scan.js'

export interface Tracker {
  id: string
  /** True when an entry names this very path; false when a tree covers it. */
  exact: boolean
}

export interface Coverage {
  trackedBy(rel: string): Tracker | undefined
  /** Entry paths strictly below directory `rel`, relative to it. */
  trackedBelow(rel: string): string[]
  /**
   * Whether a tree covering `rel` ignores more than volatile and VCS directories: then something
   * below `rel` may be untracked although `rel` itself is tracked.
   */
  mayHideUntracked(rel: string): boolean
}

interface TreeRule {
  id: string
  path: string
  ignored: (rel: string, name: string, isDir?: boolean) => boolean
  custom: boolean
}

/** `rel` relative to the tree at `root`, or undefined when it is not strictly inside. */
function innerOf(root: string, rel: string): string | undefined {
  if (root === '.') return rel === '.' ? undefined : rel
  return rel.startsWith(root + '/') ? rel.slice(root.length + 1) : undefined
}

/** The walk skips a path when any of its prefixes is ignored. */
function ignoredInside(t: TreeRule, inner: string): boolean {
  const segs = inner.split('/')
  return segs.some((name, i) =>
    t.ignored(segs.slice(0, i + 1).join('/'), name, i < segs.length - 1)
  )
}

export function coverageOf(entries: readonly Entry[]): Coverage {
  const exact = new Map(entries.map(e => [e.path, e.id]))
  const trees: TreeRule[] = entries.flatMap(e =>
    e.kind === 'tree'
      ? [
          {
            id: e.id,
            path: e.path,
            ignored: ignoreMatcher(e.ignore),
            custom: e.ignore.some(r => !VOLATILE_DIRS.has(r) && !isMetaName(r))
          }
        ]
      : []
  )
  const covering = (rel: string): TreeRule[] =>
    trees.filter(t => {
      const inner = innerOf(t.path, rel)
      return inner !== undefined && !ignoredInside(t, inner)
    })
  return {
    trackedBy(rel) {
      const id = exact.get(rel)
      if (id !== undefined) return { id, exact: true }
      const tree = covering(rel)[0]
      return tree ? { id: tree.id, exact: false } : undefined
    },
    trackedBelow(rel) {
      return entries.flatMap(e => {
        const inner = innerOf(rel, e.path)
        return inner === undefined ? [] : [inner]
      })
    },
    mayHideUntracked(rel) {
      const own = trees.find(t => t.path === rel)
      return [...(own ? [own] : []), ...covering(rel)].some(t => t.custom)
    }
  }
}
