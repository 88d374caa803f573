/**
 * Moving a proven entry from scratch into the workspace: every parent between the workspace and
 * the target must be a real directory (a link planted in the workspace is refused, not followed),
 * missing parents are created one by one, and the old target is renamed aside before the new one
 * is renamed in, so a failure puts the old one back and a success removes it.
 *
 * Checking the parents and then renaming by path would leave a window in which a parent swapped
 * for a symlink sends the entry wherever the link points. So the parent is pinned: each component
 * is opened with O_DIRECTORY|O_NOFOLLOW below the one before, and every rename names its file as
 * `/proc/self/fd/N/name`, which Linux resolves through the open directory itself, whatever its
 * path has become (Node has no renameat). Where /proc is not there (macOS) the renames go by path
 * and the parent is checked again afterwards: if it is no longer the directory that was checked,
 * the entry is taken back and the restore refused.
 */
import fs from 'node:fs'
import path from 'node:path'
import { reasonOf, Rejected } from '../archive/rejected.js'
import { shown } from '../archive/extract.js'
import { ownedName, sweepDead } from '../state/leftovers.js'
import { OPEN_DIR, openDirAt, procPins } from '../fs/pinned-dir.js'

/** A directory held open; `at(name)` names something in it. */
interface Pinned {
  fd: number
  /** Renames through the descriptor itself, not through the directory's path. */
  pinned: boolean
  at(name: string): string
}

function pinnedAt(fd: number, dirPath: string): Pinned {
  const pinned = procPins(fd)
  return {
    fd,
    pinned,
    at: name => (pinned ? `/proc/self/fd/${fd}/${name}` : path.join(dirPath, name))
  }
}

/** Open `name` below the directory `parent` as a directory, never through a link. */
function openBelow(parent: Pinned, name: string, rel: string): number {
  const refuse = (): never => {
    const st = fs.lstatSync(parent.at(name), { throwIfNoEntry: false })
    throw new Rejected(
      `not placed: ${shown(rel)} ${!st ? 'changed while placing' : st.isSymbolicLink() ? 'is a symbolic link' : 'is not a directory'}`
    )
  }
  try {
    return openDirAt(parent.at(name), true)
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code
    // ENOENT: made or found a moment ago, and moved away since (another process at work).
    if (code === 'ENOTDIR' || code === 'ELOOP' || code === 'ENOENT') refuse()
    throw err
  }
}

/**
 * Open the parent of `target` below `workspace`, creating missing directories one by one; no
 * component may be a link. The caller closes the returned descriptor.
 */
export function pinParent(workspace: string, target: string): Pinned {
  const rel = path.relative(workspace, path.dirname(target))
  if (rel.startsWith('..') || path.isAbsolute(rel))
    throw new Rejected(`the target is outside the workspace: ${shown(target)}`)
  let dir = pinnedAt(
    fs.openSync(workspace, fs.constants.O_RDONLY | fs.constants.O_DIRECTORY),
    workspace
  )
  let at = workspace
  const parts = rel === '' ? [] : rel.split(path.sep)
  try {
    for (let i = 0; i < parts.length; i++) {
      const part = parts[i] as string
      at = path.join(at, part)
      const fd = openBelow(dir, part, parts.slice(0, i + 1).join('/'))
      fs.closeSync(dir.fd)
      dir = pinnedAt(fd, at)
    }
    return dir
  } catch (err) {
    fs.closeSync(dir.fd)
    throw err
  }
}

/** Copy the scratch tree `from` to `name` in `dir`, creating each part inside a pinned directory. */
function copyPinned(from: string, dir: Pinned, name: string): void {
  const st = fs.lstatSync(from)
  const to = dir.at(name)
  if (st.isSymbolicLink()) return fs.symlinkSync(fs.readlinkSync(from), to)
  if (st.isDirectory()) {
    fs.mkdirSync(to, { mode: 0o700 })
    const sub = pinnedAt(fs.openSync(to, OPEN_DIR), to)
    try {
      for (const n of fs.readdirSync(from)) copyPinned(path.join(from, n), sub, n)
      fs.fchmodSync(sub.fd, st.mode & 0o7777)
      fs.futimesSync(sub.fd, st.atime, st.mtime)
    } finally {
      fs.closeSync(sub.fd)
    }
    return
  }
  // COPYFILE_EXCL creates with O_EXCL: never over anything, never through a link.
  fs.copyFileSync(from, to, fs.constants.COPYFILE_EXCL)
  const fd = fs.openSync(to, fs.constants.O_WRONLY | fs.constants.O_NOFOLLOW)
  try {
    fs.fchmodSync(fd, st.mode & 0o7777)
    fs.futimesSync(fd, st.atime, st.mtime)
  } finally {
    fs.closeSync(fd)
  }
}

/** Same filesystem: rename. Else copy into the parent first (links kept as links). */
function stageBeside(from: string, dir: Pinned): string {
  const staged = ownedName('.swr-new-')
  try {
    fs.renameSync(from, dir.at(staged))
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err
    try {
      if (dir.pinned) copyPinned(from, dir, staged)
      else
        fs.cpSync(from, dir.at(staged), {
          recursive: true,
          verbatimSymlinks: true,
          preserveTimestamps: true
        })
    } catch (copyErr) {
      // A copy cut short (a full disk) would hold the last free space of the workspace.
      fs.rmSync(dir.at(staged), { recursive: true, force: true })
      throw new Rejected(`not placed: ${reasonOf(copyErr, "the workspace's")}`)
    }
  }
  return staged
}

const LEFT_BESIDE = [{ prefix: '.swr-new-' }, { prefix: '.swr-old-' }]

/**
 * A rename that found its file gone (another process moved it, or the directory it was in,
 * between the look and the move) is a race with that process, said as such; anything else is
 * thrown as it is.
 */
function vanished(err: unknown, rel: string): unknown {
  const code = (err as NodeJS.ErrnoException).code
  return code === 'ENOENT' ? new Rejected(`not placed: ${shown(rel)} changed while placing`) : err
}

function exists(p: string): boolean {
  return fs.lstatSync(p, { throwIfNoEntry: false }) !== undefined
}

/**
 * Without /proc: after renaming by path, is the entry where it was meant to go? The parent's path
 * must still lead, through real directories only, to the directory held open.
 */
function stillThere(workspace: string, target: string, dir: Pinned): boolean {
  try {
    const again = pinParent(workspace, target)
    fs.closeSync(again.fd)
    const held = fs.fstatSync(dir.fd)
    const now = fs.lstatSync(path.dirname(target))
    return now.ino === held.ino && now.dev === held.dev && exists(target)
  } catch {
    return false
  }
}

/**
 * The old target back where it was after a swap that failed. Only the race that failed the swap
 * can fail this too (the old copy moved meanwhile): the swap's failure is the one reported, and
 * what is left beside under its owned name is swept by a later run.
 */
function putBack(dir: Pinned, aside: string, name: string): void {
  try {
    fs.renameSync(dir.at(aside), dir.at(name))
  } catch {
    // Moved on: see above.
  }
}

/** Move `rel` from the old copy into the new one, where its parent is a real directory there. */
function carry(oldRoot: string, newRoot: string, rel: string): void {
  const parts = rel.split('/')
  if (parts.some(p => p === '' || p === '.' || p === '..')) return
  let at = newRoot
  for (const p of parts.slice(0, -1)) {
    at = path.join(at, p)
    if (!fs.lstatSync(at, { throwIfNoEntry: false })?.isDirectory()) return
  }
  const to = path.join(newRoot, rel)
  if (fs.lstatSync(to, { throwIfNoEntry: false })) return
  try {
    fs.renameSync(path.join(oldRoot, rel), to)
  } catch {
    // Gone meanwhile, or not movable: the old copy goes with it.
  }
}

/**
 * Put `from` (in scratch) at `target` (in the workspace). `keep`: paths below the old target
 * (relative, POSIX) that move into the new one as they are (what a cache step leaves out).
 */
export function place(
  workspace: string,
  from: string,
  target: string,
  opts: { keep?: readonly string[] } = {}
): void {
  const dir = pinParent(workspace, target)
  try {
    // What a run killed while placing here left beside its target (the names carry its pid).
    sweepDead(dir.pinned ? `/proc/self/fd/${dir.fd}` : path.dirname(target), LEFT_BESIDE)
    const name = path.basename(target)
    let staged: string
    try {
      staged = stageBeside(from, dir)
    } catch (err) {
      throw vanished(err, path.relative(workspace, target))
    }
    let aside: string | undefined
    try {
      if (exists(dir.at(name))) {
        aside = ownedName('.swr-old-')
        fs.renameSync(dir.at(name), dir.at(aside))
      }
      fs.renameSync(dir.at(staged), dir.at(name))
    } catch (err) {
      if (aside && !exists(dir.at(name))) putBack(dir, aside, name)
      fs.rmSync(dir.at(staged), { recursive: true, force: true })
      throw vanished(err, path.relative(workspace, target))
    }
    if (!dir.pinned && !stillThere(workspace, target, dir)) {
      // The parent was swapped while the renames went by path: take the entry back from wherever
      // the path now leads (the scratch directory is removed by the caller).
      try {
        fs.renameSync(dir.at(name), from)
        if (aside) fs.renameSync(dir.at(aside), dir.at(name))
      } catch {
        // Moved on again: nothing more can be taken back by path.
      }
      throw new Rejected(
        `not placed: a parent of ${shown(path.relative(workspace, target))} changed while placing`
      )
    }
    if (aside) {
      for (const rel of opts.keep ?? []) carry(dir.at(aside), dir.at(name), rel)
      fs.rmSync(dir.at(aside), { recursive: true, force: true })
    }
  } finally {
    fs.closeSync(dir.fd)
  }
}
