/**
 * Resolving a path below a trusted directory without following a symlink in any component: the
 * rule for every place swr writes, deletes or copies (selftest's scratch copy, quarantine, canary
 * planting and cleaning). Each directory component is lstat'ed and must be a real directory; the
 * last component is returned unresolved, so the caller acts on the name itself (unlink, rmdir,
 * O_NOFOLLOW|O_EXCL create, lstat-guided copy) and never on what a link there points to.
 * A refusal names the component, relative to the trusted directory.
 */
import fs from 'node:fs'
import path from 'node:path'
import { isInside } from './inside.js'

export class SymlinkRefusal extends Error {
  constructor(
    /** The offending component, relative to the trusted directory. */
    readonly component: string,
    why: string
  ) {
    super(`${component} ${why}`)
    this.name = 'SymlinkRefusal'
  }
}

export interface NoFollowOptions {
  /** Create missing directory components (mode 0755, one level at a time, never through a link). */
  mkdir?: boolean
  /** Directories this batch already found real, not looked at again; those found here are added. */
  known?: RealDirs | undefined
}

/**
 * Directories found to be real (not links) while a batch of writes resolved its paths, by
 * absolute path, with the identity each had then: 10,000 files in 300 directories need 300
 * looks, not 10,000 of each ancestor. A writer that skips the look must lstat the directory it
 * writes in and compare the identity (a path through an ancestor replaced by a link since leads
 * to another directory, and is refused).
 */
export type RealDirs = Map<string, { dev: number; ino: number }>

/**
 * The absolute path of `rel` (POSIX, no "..") below `root`, every directory component checked to
 * be a real directory. Missing components end the walk (the path cannot lead anywhere yet)
 * unless `mkdir` creates them. Throws SymlinkRefusal naming a symlinked or non-directory part.
 */
export function resolveNoFollow(root: string, rel: string, opts: NoFollowOptions = {}): string {
  if (rel === '.' || rel === '') return root
  const segs = rel.split('/')
  if (segs.some(s => s === '..' || s === '')) throw new SymlinkRefusal(rel, 'is not a plain path')
  let dir = root
  for (let i = 0; i < segs.length - 1; i++) {
    dir = path.join(dir, segs[i] as string)
    if (opts.known?.has(dir)) continue
    const shown = segs.slice(0, i + 1).join('/')
    let st = fs.lstatSync(dir, { throwIfNoEntry: false })
    if (!st && opts.mkdir) {
      fs.mkdirSync(dir, { mode: 0o755 })
      st = fs.lstatSync(dir)
    }
    if (!st) return path.join(root, ...segs)
    if (st.isSymbolicLink()) throw new SymlinkRefusal(shown, 'is a symlink; not following it')
    if (!st.isDirectory()) throw new SymlinkRefusal(shown, 'is not a directory')
    opts.known?.set(dir, { dev: st.dev, ino: st.ino })
  }
  return path.join(dir, segs[segs.length - 1] as string)
}

/** `abs` (below `root`) as a path relative to it, or undefined when it is not below it. */
export function relativeInside(root: string, abs: string): string | undefined {
  const a = path.resolve(abs)
  if (!isInside(root, a)) return undefined
  return path.relative(root, a).split(path.sep).join('/') || '.'
}

/**
 * True when the symlink at `linkAbs` (whose parents up to `root` are real directories) can only
 * lead to a place below `root`: a relative target whose ".." segments all come first and do not
 * climb above `root`. A ".." after a named segment is judged unsafe, because the name may itself
 * be a link whose parent is elsewhere; an absolute target is unsafe wherever it points.
 */
export function linkStaysInside(root: string, linkAbs: string, target: string): boolean {
  if (target === '' || path.isAbsolute(target) || target.includes('\0')) return false
  const segs = target.split('/').filter(s => s !== '' && s !== '.')
  const firstNamed = segs.findIndex(s => s !== '..')
  const named = firstNamed < 0 ? [] : segs.slice(firstNamed)
  if (named.includes('..')) return false
  return isInside(root, path.resolve(path.dirname(linkAbs), ...segs))
}
