/**
 * A symlink planted above an entry (`bin -> /elsewhere` for the entry `bin/tool`) would carry any
 * restore through it: swr's own writes refuse such a parent, but a recipe's shell follows it and
 * writes outside the workspace. Before any source runs, the entry's parents are looked at: one
 * that is a link leading out of the workspace (or nowhere) stops the entry's restore, naming it.
 *
 * The link is named, not moved: it lies outside the entry, so moving it would change the
 * workspace beyond what the restore is for (untracked paths may rely on it), and only a person can
 * tell a planted link from a setup that needs one. Links that stay inside the workspace are left
 * to the usual rules (swr's writes refuse them, a recipe writes inside the workspace).
 */
import fs from 'node:fs'
import path from 'node:path'
import { isInside } from '../fs/inside.js'
import type { RealDirs } from '../fs/no-follow.js'

export interface OutsideLink {
  /** The link, relative to the workspace. */
  rel: string
  /** What the link holds, as read. */
  target: string
}

/**
 * The first parent of `entryPath` (below `workspace`) that is a link leaving it, if any; with
 * `itself`, the entry's own path too (an entry that is not a link, found as a link leading out: a
 * recipe's `> bin/tool` would write through it). `real`: the workspace's real path, when the caller
 * judges many entries of it. `known`: directories a batch already found real (not looked at again;
 * those found here are added).
 */
export function parentLinkOutside(
  workspace: string,
  entryPath: string,
  itself = false,
  real = fs.realpathSync(workspace),
  known?: RealDirs
): OutsideLink | undefined {
  if (entryPath === '.') return undefined
  const parts = entryPath.split('/')
  let at = workspace
  for (let i = 0; i < parts.length - (itself ? 0 : 1); i++) {
    at = path.join(at, parts[i] as string)
    if (known?.has(at)) continue
    const st = fs.lstatSync(at, { throwIfNoEntry: false })
    if (!st) return undefined
    if (!st.isSymbolicLink()) {
      if (!st.isDirectory()) return undefined
      known?.set(at, { dev: st.dev, ino: st.ino })
      continue
    }
    let resolved: string | undefined
    try {
      resolved = fs.realpathSync(at)
    } catch {
      // A dangling parent cannot be judged; a dangling entry is judged by where it points.
      resolved = i === parts.length - 1 ? danglingTarget(at) : undefined
    }
    if (resolved === undefined || !isInside(real, resolved))
      return { rel: parts.slice(0, i + 1).join('/'), target: targetOf(at) }
  }
  return undefined
}

/** Where a dangling link would lead, its directory resolved (undefined when that fails too). */
function danglingTarget(abs: string): string | undefined {
  try {
    return path.resolve(fs.realpathSync(path.dirname(abs)), fs.readlinkSync(abs))
  } catch {
    return undefined
  }
}

/** The link's target, or a word saying it changed while it was looked at. */
function targetOf(abs: string): string {
  try {
    return fs.readlinkSync(abs)
  } catch {
    return '(changed while read)'
  }
}
