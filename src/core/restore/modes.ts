/**
 * The modes source: an entry whose only damage is its permission bits (a restore, artifact or
 * cache round trip that dropped exec bits, a umask) gets the recorded modes back, with no byte
 * written and no code run. Each file is opened without following a link, its bytes are proven
 * against the signed record on that descriptor, and only then is the recorded mode set through
 * the same descriptor (fchmod): a file whose bytes differ keeps its mode, so an edited or
 * swapped file never gains an exec bit from here. Directories are opened the same way and need
 * no proof. Every file or directory acted on is opened below its parent held open (pinned-dir.ts),
 * from the workspace down, never by a path whose parents could be swapped for links in the
 * meantime, and must be the inode a first look saw; in tree order, so a directory that lost its
 * search bit is mended before its children are looked at. Where directories cannot be pinned (no
 * /proc), nothing is set and the step says why.
 */
import fs from 'node:fs'
import path from 'node:path'
import { fsPath, shownName } from '../walk/byte-names.mjs'
import { hashWalkedFd, headTailFd } from '../walk/hash-kernel.mjs'
import { parseMode } from '../walk/mode.js'
import type { IndexRecord } from '../walk/tree-index.js'
import { below, inPinnedWorkspace, OPEN_DIR, type DirChain } from '../fs/pinned-dir.js'
import type { BlobEntry, Entry, FileEntry, TreeEntry, TreeIndexRef } from '../types.js'

const FILE_FLAGS = fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW | (fs.constants.O_NONBLOCK ?? 0)
/** Names a refusal lists; the count says how many more. */
const NAMED = 5

export interface ModesOutcome {
  /** Files and directories whose mode was set. */
  changed: number
  /** Of those, directories. */
  dirs: number
  /** Those left as they were and why, named (escaped for printing), at most NAMED of them. */
  refused: string[]
  refusedCount: number
}

export type ReadIndex = (id: string, ref: TreeIndexRef | undefined) => IndexRecord[] | undefined

/** Whether `entry` records what a mode restore needs: a mode to set and bytes to prove. */
export function modesRecorded(entry: Entry): boolean {
  switch (entry.kind) {
    case 'file':
      return true
    case 'blob':
      return entry.expect.mode !== undefined
    case 'tree':
      return entry.expect.index !== undefined
    case 'link':
      return false
  }
}

/** Put back the recorded modes of `entry` (below `workspace`) whose bytes still verify. */
export function restoreModes(workspace: string, entry: Entry, readIndex: ReadIndex): ModesOutcome {
  const out = new Outcome()
  const none = (): void => out.refuse(entry.path, 'directories cannot be held open here (no /proc)')
  inPinnedWorkspace(
    workspace,
    chain => {
      if (entry.kind === 'tree') treeModes(workspace, chain, entry, readIndex, out)
      else if (entry.kind === 'file' || entry.kind === 'blob') fileMode(chain, entry, out)
      else out.refuse(entry.path, 'a link has no mode of its own')
    },
    none
  )
  return out.done()
}

class Outcome {
  changed = 0
  dirs = 0
  private readonly names: string[] = []
  private count = 0

  refuse(rel: string, why: string): void {
    if (this.names.length < NAMED) this.names.push(`${shownName(rel)} (${why})`)
    this.count++
  }

  done(): ModesOutcome {
    const { changed, dirs } = this
    return { changed, dirs, refused: this.names, refusedCount: this.count }
  }
}

/** The proof a file must pass before its mode is set: its size and digest as recorded. */
interface Proof {
  size: number
  matches: (fd: number) => boolean
}

/** Every byte, as the record's sha256 says. */
function shaProof(size: number, sha256: string | undefined): Proof {
  return { size, matches: fd => hashWalkedFd(fd, size) === sha256 }
}

function proofOf(e: FileEntry | BlobEntry): Proof {
  const size = e.expect.size
  if (e.kind === 'file' || e.expect.sha256 !== undefined) return shaProof(size, e.expect.sha256)
  // As strong as the check that found the damage: the head and tail when no full sha256 is recorded.
  return { size, matches: fd => headTailFd(fd, size) === e.expect.headtail }
}

function fileMode(chain: DirChain, e: FileEntry | BlobEntry, out: Outcome): void {
  if (e.expect.mode === undefined) return out.refuse(e.path, 'no mode recorded')
  const at = pinnedName(chain, e.path)
  if (typeof at === 'string') return out.refuse(e.path, at)
  const why = setProven(at, parseMode(e.expect.mode), proofOf(e))
  if (why === undefined) out.changed++
  else if (why !== SAME) out.refuse(e.path, why)
}

const SAME = 'already as recorded'

/**
 * Open `abs` without following a link, prove it, then set `mode` through the same descriptor.
 * Undefined when set, SAME when it already had the mode, else why it was left alone. `was`: the
 * device and inode an earlier lstat saw, which the opened file must be.
 */
function setProven(
  abs: string | Buffer,
  mode: number,
  proof: Proof,
  was?: { dev: number; ino: number }
): string | undefined {
  let fd: number
  try {
    fd = fs.openSync(abs, FILE_FLAGS)
  } catch (err) {
    return openFailure(err)
  }
  try {
    const st = fs.fstatSync(fd)
    if (!st.isFile()) return 'not a regular file'
    if (was !== undefined && !sameFile(st, was)) return 'changed while looked at'
    if ((st.mode & 0o7777) === mode) return SAME
    if (st.size !== proof.size) return `${st.size} bytes, not the ${proof.size} recorded`
    if (!proof.matches(fd)) return 'its bytes are not the recorded ones'
    fs.fchmodSync(fd, mode)
    return undefined
  } catch (err) {
    return openFailure(err)
  } finally {
    fs.closeSync(fd)
  }
}

/** `rel`'s name below its parent held open, or why the parent could not be opened. */
function pinnedName(chain: DirChain, rel: string): Buffer | string {
  const parent = path.posix.dirname(rel)
  try {
    return below(chain.dirFd(parent), path.posix.basename(rel))
  } catch (err) {
    return `its directory ${shownName(parent)}: ${openFailure(err)}`
  }
}

function openFailure(err: unknown): string {
  const code = (err as NodeJS.ErrnoException).code
  if (code === 'ELOOP') return 'a symbolic link now'
  if (code === 'ENOTDIR') return 'not a directory now'
  if (code === 'ENOENT') return 'gone'
  if (typeof code === 'string') return `cannot be opened (${code})`
  throw err
}

/** lstat, with a missing path as undefined and any other failure as its reason. */
function look(at: string | Buffer): fs.Stats | string | undefined {
  try {
    return fs.lstatSync(at, { throwIfNoEntry: false })
  } catch (err) {
    return openFailure(err)
  }
}

/** Why a recorded directory or file is no longer one (its mode would mean nothing), or undefined. */
function changedKind(r: IndexRecord, st: fs.Stats | undefined): string | undefined {
  if (!st) return 'gone'
  if (r.type === 'd' ? st.isDirectory() : st.isFile()) return undefined
  return st.isSymbolicLink()
    ? 'a symbolic link now'
    : `not a ${r.type === 'd' ? 'directory' : 'regular file'} now`
}

function treeModes(
  workspace: string,
  chain: DirChain,
  e: TreeEntry,
  readIndex: ReadIndex,
  out: Outcome
): void {
  const records = readIndex(e.id, e.expect.index)
  if (!records) return out.refuse(e.path, 'its file index is missing or does not verify')
  try {
    chain.dirFd(e.path)
  } catch (err) {
    return out.refuse(e.path, openFailure(err))
  }
  /** Directories refused or gone: nothing below them is looked at (or named again). */
  const skipped = new Set<string>()
  const under = (rel: string): boolean => {
    for (let d = path.posix.dirname(rel); d !== '.'; d = path.posix.dirname(d))
      if (skipped.has(d)) return true
    return false
  }
  for (const r of records) {
    if ((r.type !== 'd' && r.type !== 'f') || under(r.rel)) continue
    const rel = `${e.path === '.' ? '' : `${e.path}/`}${r.rel}`
    const d = differing(workspace, chain, rel, r)
    const why = typeof d === 'string' ? d : r.type === 'd' ? dirMode(d, r) : treeFileMode(d, r)
    if (why === undefined) {
      out.changed++
      if (r.type === 'd') out.dirs++
    } else if (why !== SAME) {
      out.refuse(rel, why)
      if (r.type === 'd') skipped.add(r.rel)
    }
  }
}

/**
 * A recorded directory or file of a tree whose mode differs from the record: its name below its
 * parent held open and what a first look saw; else SAME, or why it cannot be mended. The first
 * look goes by path, because most records of a tree are as recorded and a look below a held
 * directory (/proc/self/fd/N/name) costs the kernel several times more; what it says is never
 * acted on: the file is opened below its held parent and must be the very inode that look saw,
 * so a look through a parent swapped for a link leads to a refusal, never to a mode set.
 */
function differing(
  workspace: string,
  chain: DirChain,
  rel: string,
  r: IndexRecord
): { at: Buffer; st: fs.Stats } | string {
  const st = look(fsPath(`${workspace}/${rel}`))
  if (typeof st === 'string') return st
  const kindNow = changedKind(r, st)
  if (kindNow !== undefined || !st) return kindNow ?? 'gone'
  if ((st.mode & 0o7777) === r.mode) return SAME
  const at = pinnedName(chain, rel)
  return typeof at === 'string' ? at : { at, st }
}

/** One recorded directory of a tree: its mode set through its parent held open. */
function dirMode(d: { at: Buffer; st: fs.Stats }, r: IndexRecord): string | undefined {
  let fd: number
  try {
    fd = fs.openSync(d.at, OPEN_DIR)
  } catch (err) {
    return openFailure(err)
  }
  try {
    if (!sameFile(fs.fstatSync(fd), d.st)) return 'changed while looked at'
    fs.fchmodSync(fd, r.mode)
    return undefined
  } finally {
    fs.closeSync(fd)
  }
}

/** One recorded file of a tree: proven, then its mode set, through its parent held open. */
function treeFileMode(d: { at: Buffer; st: fs.Stats }, r: IndexRecord): string | undefined {
  return setProven(d.at, r.mode, shaProof(r.size, r.extra), d.st)
}

function sameFile(a: fs.Stats, b: { dev: number; ino: number }): boolean {
  return a.dev === b.dev && a.ino === b.ino
}

/** How a step names what the modes source did. */
export function describeModes(entry: Entry, r: ModesOutcome): string {
  const files = r.changed - r.dirs
  const what = [
    files > 0 ? `${files} file${files === 1 ? '' : 's'} (bytes proven first)` : '',
    r.dirs > 0 ? `${r.dirs} director${r.dirs === 1 ? 'y' : 'ies'}` : ''
  ].filter(Boolean)
  const set =
    r.changed === 0
      ? 'no mode put back'
      : entry.kind !== 'tree'
        ? 'recorded mode put back (bytes proven first)'
        : `recorded modes put back on ${what.join(' and ')}`
  // Mended since the check by something else: the re-verification says whether it holds.
  if (r.changed === 0 && r.refusedCount === 0) return 'modes already as recorded'
  if (r.refusedCount === 0) return set
  const more =
    r.refusedCount > r.refused.length ? ` and ${r.refusedCount - r.refused.length} more` : ''
  return `${set}; left as they were: ${r.refused.join(', ')}${more}`
}
