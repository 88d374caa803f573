/**
 * Finding an entry on disk without being led out of the workspace. The parent chain is resolved
 * with realpath and must stay inside the workspace; the entry itself is lstat'ed, never followed.
 * Checking is read-only, so a parent swapped between this call and a read yields a wrong answer at
 * worst, never a write elsewhere (writes in repair use their own descriptor-based checks).
 */
import fs from 'node:fs'
import path from 'node:path'
import { isInside } from '../fs/inside.js'

export type Located =
  | { state: 'present'; abs: string; st: fs.BigIntStats }
  | { state: 'missing'; abs: string; why: string }
  | { state: 'escapes'; abs: string; why: string }

/** Locate `rel` below `root` (an absolute, real directory path). */
export function locateInside(root: string, rel: string): Located {
  const abs = rel === '.' ? root : path.join(root, rel)
  if (rel !== '.') {
    const parent = path.dirname(abs)
    let realParent: string
    try {
      // libc's realpath: the same answer as fs.realpathSync, without one JS lstat per component
      // (a check of 10,000 files spent ~110 ms more in the JS one).
      realParent = fs.realpathSync.native(parent)
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code
      const why = code === 'ENOTDIR' ? 'a parent is not a directory' : 'parent directory absent'
      return { state: 'missing', abs, why }
    }
    if (!isInside(root, realParent)) {
      return { state: 'escapes', abs, why: `parent resolves outside the workspace (${realParent})` }
    }
  }
  try {
    return { state: 'present', abs, st: fs.lstatSync(abs, { bigint: true }) }
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code
    return { state: 'missing', abs, why: code === 'ENOENT' ? 'absent' : `unreadable (${code})` }
  }
}

/** What a non-matching type is, in the words reports use. */
export function typeName(st: fs.Stats | fs.BigIntStats): string {
  if (st.isFile()) return 'file'
  if (st.isDirectory()) return 'directory'
  if (st.isSymbolicLink()) return 'symlink'
  if (st.isFIFO()) return 'fifo'
  if (st.isSocket()) return 'socket'
  return 'device'
}

/** The incremental-cache identity of a file: dev, inode, size, mtime_ns, ctime_ns. */
export function identity(st: fs.BigIntStats): string {
  return `${st.dev}:${st.ino}:${st.size}:${st.mtimeNs}:${st.ctimeNs}`
}
