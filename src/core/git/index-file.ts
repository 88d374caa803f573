/**
 * The paths git tracks, read from the repository's index file as data. Running `git ls-files`
 * would run the workspace's own configuration (a `core.fsmonitor` there is a command, and
 * `.git/config` is a file that a cache restore or an earlier step can write), inside a step that
 * holds the job's secrets. Reading the index runs nothing.
 *
 * Handled: index versions 2, 3 and 4 (prefix-compressed names), SHA-1 and SHA-256 repositories,
 * sparse directory entries (reported as the directory, with a trailing "/"), a `.git` file that
 * points at the real git directory (worktrees, submodules), and a split index (the shared index's
 * entries are included too: a path it deleted may then count as tracked, which only widens where
 * an annotation may point). Anything that does not parse gives the empty set: tracked paths are
 * an aid to annotations, never a decision.
 */
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

/** A larger index is not read (the Linux kernel's is ~10 MB). */
export const MAX_INDEX_BYTES = 256 * 1024 * 1024
const MAX_POINTER_BYTES = 4096

/** The git directory for a work tree whose top is `top`, or undefined. Never follows `.git` when it is a link. */
function gitDirOf(top: string): string | undefined {
  const dotGit = path.join(top, '.git')
  const st = fs.lstatSync(dotGit, { throwIfNoEntry: false })
  if (!st) return undefined
  if (st.isDirectory()) return dotGit
  if (!st.isFile() || st.size > MAX_POINTER_BYTES) return undefined
  const m = /^gitdir: (.+?)\r?\n?$/.exec(fs.readFileSync(dotGit, 'utf8'))
  return m?.[1] ? path.resolve(top, m[1]) : undefined
}

/** The nearest directory at or above `start` holding `.git`. */
export function workTreeTop(start: string): string | undefined {
  for (let dir = path.resolve(start); ; dir = path.dirname(dir)) {
    if (fs.lstatSync(path.join(dir, '.git'), { throwIfNoEntry: false })) return dir
    if (path.dirname(dir) === dir) return undefined
  }
}

function readBounded(file: string): Buffer | undefined {
  let fd: number
  try {
    fd = fs.openSync(file, fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW)
  } catch {
    return undefined
  }
  try {
    const st = fs.fstatSync(fd)
    if (!st.isFile() || st.size > MAX_INDEX_BYTES) return undefined
    return fs.readFileSync(fd)
  } finally {
    fs.closeSync(fd)
  }
}

/** The repository's hash length, from its configuration read as text (nothing in it runs). */
function hashBytes(gitDir: string): 20 | 32 {
  const commonFile = path.join(gitDir, 'commondir')
  let configDir = gitDir
  const common = fs.lstatSync(commonFile, { throwIfNoEntry: false })
  if (common?.isFile() && common.size < MAX_POINTER_BYTES)
    configDir = path.resolve(gitDir, fs.readFileSync(commonFile, 'utf8').trim())
  const config = readBounded(path.join(configDir, 'config'))
  return config && /^\s*objectformat\s*=\s*sha256\s*$/im.test(config.toString('utf8')) ? 32 : 20
}

/** git's offset varint (index v4 name compression). */
function varint(buf: Buffer, at: number): [value: number, next: number] {
  let c = buf[at++] as number
  let value = c & 127
  while (c & 128) {
    c = buf[at++] as number
    value = ((value + 1) << 7) | (c & 127)
  }
  return [value, at]
}

const ENTRY_FIXED = 40 // ctime, mtime, dev, ino, mode, uid, gid, size: ten 32-bit words
const EXTENDED = 0x4000
const S_IFMT = 0o170000
const S_IFDIR = 0o040000

interface Parsed {
  paths: string[]
  /** The shared index's name, when this index is split. */
  shared?: string
}

/** Parse one index file; throws on anything malformed. */
export function parseIndex(buf: Buffer, hashLen: 20 | 32): Parsed {
  if (buf.length < 12 + hashLen || buf.toString('latin1', 0, 4) !== 'DIRC')
    throw new Error('not an index')
  const version = buf.readUInt32BE(4)
  if (version < 2 || version > 4) throw new Error(`index version ${version}`)
  const trailer = buf.subarray(buf.length - hashLen)
  const body = buf.subarray(0, buf.length - hashLen)
  // index.skipHash writes a zero trailer; any other trailer must be the body's hash.
  if (trailer.some(b => b !== 0)) {
    const algo = hashLen === 32 ? 'sha256' : 'sha1'
    if (!createHash(algo).update(body).digest().equals(trailer)) throw new Error('bad checksum')
  }
  const count = buf.readUInt32BE(8)
  const paths: string[] = []
  let at = 12
  let prev: Buffer = Buffer.alloc(0)
  for (let i = 0; i < count; i++) {
    const start = at
    const mode = body.readUInt32BE(at + 24)
    at += ENTRY_FIXED + hashLen
    const flags = body.readUInt16BE(at)
    at += 2
    if (flags & EXTENDED) {
      if (version < 3) throw new Error('extended flag in a version 2 index')
      at += 2
    }
    let name: Buffer
    if (version === 4) {
      const [strip, next] = varint(body, at)
      if (strip > prev.length) throw new Error('bad name compression')
      const end = body.indexOf(0, next)
      if (end < 0) throw new Error('unterminated name')
      name = Buffer.concat([prev.subarray(0, prev.length - strip), body.subarray(next, end)])
      at = end + 1
    } else {
      const nul = body.indexOf(0, at)
      if (nul < 0) throw new Error('unterminated name')
      name = body.subarray(at, nul)
      // Entries are padded with 1-8 NULs to a multiple of eight bytes.
      at = start + ((nul - start + 8) & ~7)
    }
    if (at > body.length) throw new Error('entry past the end')
    prev = name
    const p = name.toString('utf8')
    paths.push((mode & S_IFMT) === S_IFDIR && !p.endsWith('/') ? `${p}/` : p)
  }
  return { paths, ...sharedIndexOf(body, at) }
}

/** The split index's `link` extension names the shared index by its hash. */
function sharedIndexOf(body: Buffer, at: number): { shared?: string } {
  while (at + 8 <= body.length) {
    const sig = body.toString('latin1', at, at + 4)
    const size = body.readUInt32BE(at + 4)
    if (sig === 'link' && size >= 20) {
      const len = size >= 32 && size % 32 === 0 ? 32 : 20
      return { shared: body.toString('hex', at + 8, at + 8 + len) }
    }
    at += 8 + size
  }
  return {}
}

/**
 * Paths tracked by the git work tree that holds `root`, relative to `root` with forward slashes
 * (paths outside `root` are left out). Empty when there is no repository or its index cannot be
 * read.
 */
export function trackedPaths(root: string): Set<string> {
  const top = workTreeTop(root)
  const gitDir = top === undefined ? undefined : gitDirOf(top)
  if (top === undefined || gitDir === undefined) return new Set()
  try {
    const hashLen = hashBytes(gitDir)
    const index = readBounded(path.join(gitDir, 'index'))
    if (!index) return new Set()
    const own = parseIndex(index, hashLen)
    let all = own.paths
    if (own.shared && /^[0-9a-f]+$/.test(own.shared)) {
      const shared = readBounded(path.join(gitDir, `sharedindex.${own.shared}`))
      if (shared) all = [...parseIndex(shared, hashLen).paths, ...all]
    }
    const prefix = path.relative(top, path.resolve(root)).split(path.sep).join('/')
    const under = prefix === '' ? '' : `${prefix}/`
    const out = new Set<string>()
    for (const p of all) if (p.startsWith(under)) out.add(p.slice(under.length))
    return out
  } catch {
    return new Set()
  }
}

/** What git's index tracks below a workspace (read as data, see trackedPaths). */
export interface GitTracking {
  /** Whether git tracks `rel` (a directory: anything below it). */
  tracks(rel: string, dir: boolean): boolean
}

/** What the index of the work tree holding `root` tracks; undefined when `root` is in none. */
export function gitTracking(root: string): GitTracking | undefined {
  if (workTreeTop(root) === undefined) return undefined
  const files = new Set<string>()
  const dirs = new Set<string>()
  /** A sparse index keeps a directory outside the sparse cone as one entry: all of it is tracked. */
  const sparse = new Set<string>()
  for (const p of trackedPaths(root)) {
    const rel = p.endsWith('/') ? p.slice(0, -1) : p
    if (p.endsWith('/')) sparse.add(rel)
    else files.add(rel)
    for (let cut = rel.lastIndexOf('/'); cut > 0; cut = rel.lastIndexOf('/', cut - 1))
      dirs.add(rel.slice(0, cut))
  }
  const inSparse = (rel: string): boolean => {
    for (let at = rel; at !== ''; at = at.slice(0, Math.max(0, at.lastIndexOf('/'))))
      if (sparse.has(at)) return true
    return false
  }
  return {
    tracks: (rel, dir) =>
      rel === '.'
        ? files.size + sparse.size > 0
        : (dir ? dirs.has(rel) : files.has(rel)) || inSparse(rel)
  }
}
