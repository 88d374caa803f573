/**
 * The tree walk's records and the digests defined over them; the order and the lines are
 * walk-format.mjs's. Symlinks are recorded, never followed. Names are bytes (see byte-names.mjs):
 * lines hold them as the file system does, so a name that is not UTF-8 is walked, digested and
 * indexed like any other. Which walker walks a tree is walk-strategy.ts's choice.
 */
import { createHash, type Hash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { bytesOf, readEntries, readTarget } from './byte-names.mjs'
import { ignoreMatcher } from './ignore-rules.js'
import {
  cacheText,
  compareNames,
  contentLine,
  identText,
  metaFields,
  metaLine as metaLineOf,
  stampLine as stampLineOf,
  TYPE,
  visitTree,
  type RecordType
} from './walk-format.mjs'

export interface WalkRecord {
  rel: string
  type: RecordType
  size: number
  mode: number
  /** Cache identity parts, kept raw: strings are built only when the cache needs them. */
  dev: bigint
  ino: bigint
  mtimeNs: bigint
  ctimeNs: bigint
}

export interface WalkResult {
  records: WalkRecord[]
  files: number
  /** Directories that could not be read, with their error code. */
  unreadable: { rel: string; code: string }[]
}

/** The incremental-cache identity of a walked entry: dev:ino:mtime_ns:ctime_ns. */
export function ident(r: WalkRecord): string {
  return identText(r.dev, r.ino, r.mtimeNs, r.ctimeNs)
}

export { ignoreMatcher } from './ignore-rules.js'

export function metaLine(r: Pick<WalkRecord, 'rel' | 'type' | 'size' | 'mode'>): string {
  return metaLineOf(r.rel, r.type, r.size, r.mode)
}

/** Feed digest lines to a hash: as UTF-8, or as the name bytes they carry when not plain text. */
export function updateLines(h: Hash, text: string): void {
  h.update(text.isWellFormed() ? text : bytesOf(text))
}

/** Hash one line per record, in chunks (one hash update per record costs more than the hash). */
function digestLines(
  records: readonly WalkRecord[],
  line: (r: WalkRecord, i: number) => string
): string {
  const h = createHash('sha256')
  const CHUNK = 2048
  for (let i = 0; i < records.length; i += CHUNK) {
    let text = ''
    const end = Math.min(records.length, i + CHUNK)
    for (let k = i; k < end; k++) text += line(records[k] as WalkRecord, k)
    updateLines(h, text)
  }
  return h.digest('hex')
}

/** The metadata digest: relpath, type, size and mode of every entry in walk order. */
export function metaDigestOf(records: readonly WalkRecord[]): string {
  return digestLines(records, metaLine)
}

/** One stamp line: path and identity. */
export function stampLine(r: WalkRecord): string {
  return stampLineOf(r.rel, r.type, r.dev, r.ino, r.mtimeNs, r.ctimeNs)
}

/**
 * The cache stamp: every entry's path and identity (dev, inode, mtime_ns, ctime_ns). Any change of
 * type, size or mode also changes ctime, so the stamp vouches for the metadata digest too.
 */
export function stampOf(records: readonly WalkRecord[]): string {
  return digestLines(records, stampLine)
}

/** The record of one lstat'ed entry. */
export function recordOf(rel: string, type: RecordType, st: fs.BigIntStats): WalkRecord {
  return {
    rel,
    type,
    size: type === TYPE.file ? Number(st.size) : 0,
    mode: Number(st.mode & 0o7777n),
    dev: st.dev,
    ino: st.ino,
    mtimeNs: st.mtimeNs,
    ctimeNs: st.ctimeNs
  }
}

/**
 * Walk the tree at `root` (already known to be a real directory) in walk-format.mjs's order,
 * collecting one record per entry; digests are computed afterwards, only those the caller needs.
 * `exclude` holds absolute paths of swr's own files (state directory, manifest, tree indexes)
 * that are never part of a tree.
 */
export function walkTree(
  root: string,
  ignore: readonly string[],
  exclude: ReadonlySet<string> = new Set()
): WalkResult {
  const records: WalkRecord[] = []
  const unreadable: { rel: string; code: string }[] = []
  let files = 0
  const rules = { exclude, ignored: ignoreMatcher(ignore) }
  visitTree(
    root,
    '',
    rules,
    (_abs, rel, type, st) => {
      records.push(recordOf(rel, type, st))
      if (type !== TYPE.dir) files++
    },
    unreadable
  )
  return { records, files, unreadable }
}

/** The content digest, given each file's sha256 and each link's target (by record index). */
export function contentDigest(
  records: readonly WalkRecord[],
  extra: readonly (string | undefined)[]
): string {
  return digestLines(records, (r, i) =>
    contentLine(metaFields(r.rel, r.type, r.size, r.mode), extra[i] ?? '')
  )
}

/** Link targets for the link records (readlink never follows). */
export function linkTargets(root: string, records: readonly WalkRecord[]): (string | undefined)[] {
  return records.map(r => (r.type === TYPE.link ? linkTarget(root, r.rel) : undefined))
}

/** The target of the link at `rel` below `root`; '' when it cannot be read. */
function linkTarget(root: string, rel: string): string {
  return linkTargetAt(path.join(root, rel))
}

/** The target of the link at `abs` (readlink never follows); '' when it cannot be read. */
export function linkTargetAt(abs: string): string {
  try {
    return readTarget(abs)
  } catch {
    return ''
  }
}

export interface Walked extends WalkResult {
  /** File hashes made during the walk (cold content checks), by record index. */
  shas?: (string | undefined)[] | undefined
  /** Digests the walk workers already computed (see ParallelWalk). */
  pre?: WalkDigests | undefined
  /** Computed on first use; `knownMeta` supplies it when the cache already vouches for it. */
  readonly metaDigest: string
  readonly stamp: string
}

/** A walk whose digests are computed only if and when something reads them. */
export function lazyDigests(
  walk: WalkResult & { shas?: (string | undefined)[] | undefined; pre?: WalkDigests | undefined },
  knownMeta?: () => string | undefined
): Walked {
  let meta: string | undefined
  let stamp: string | undefined
  // Getters, not a copy: a parallel walk's records are unpacked only when something reads them.
  return {
    get records() {
      return walk.records
    },
    files: walk.files,
    unreadable: walk.unreadable,
    get shas() {
      return walk.shas
    },
    pre: walk.pre,
    get metaDigest() {
      meta ??= walk.pre?.meta ?? knownMeta?.() ?? metaDigestOf(walk.records)
      return meta
    },
    get stamp() {
      stamp ??= walk.pre?.stamp ?? stampOf(walk.records)
      return stamp
    }
  }
}

/**
 * What the walk workers computed besides the records: the metadata digest and stamp, and with
 * `hash` the content digest (valid only when `failed` is 0) and the per-file cache entries as the
 * body of a JSON object.
 */
export interface WalkDigests {
  meta: string
  /** Left out by a capture's walk (it keeps no cache). */
  stamp?: string
  content?: string
  /** UTF-8 JSON text, in pieces. */
  cacheJson?: Uint8Array[]
  /** Files that could not be hashed. */
  failed: number
}

export interface ParallelWalk extends WalkResult {
  /** With `hash`: each file's sha256 by record index (undefined when unreadable or not a file). */
  shas?: (string | undefined)[] | undefined
  /** Set when workers walked: the digests, computed without building a record per entry. */
  pre?: WalkDigests | undefined
  /**
   * Set when workers walked with `hash`: each entry in walk order with its sha256, read back from
   * the workers' lines as it is asked for (no record per entry is built or kept).
   */
  entries?: (() => Iterable<WalkedEntry>) | undefined
  /** With `steady`: the first file, in walk order, whose state moved while it was read. */
  moved?: MovedFile | undefined
  /** With `capture`: what the workers found for it besides the index lines. */
  captured?: CaptureFacts | undefined
}

/** A subtree's deepest non-empty files (depth: slashes in the path), the first few in order. */
export interface DeepFiles {
  depth: number
  rels: string[]
  /** More files of that depth were left out (those after `rels` in string order). */
  truncated: boolean
}

/** What a parallel walk found for a capture (walk-workers.ts's CaptureOut), in walk order. */
export interface CaptureFacts {
  specials: { rel: string; kind: string }[]
  /** Per subtree its deepest files, and the top level's non-empty files (all of them). */
  deepest: DeepFiles[]
  topFiles: string[]
}

/** A file whose state moved between the walk's lstat and the end of its read, and its sizes. */
export interface MovedFile {
  rel: string
  before: bigint
  after: bigint
}

/** One entry of a walk and its file's sha256 (undefined when unreadable or not a file). */
export interface WalkedEntry {
  rel: string
  type: RecordType
  size: number
  mode: number
  sha: string | undefined
}

/** A top-level entry of the tree, typed from its directory listing (no lstat). */
export interface TopEntry {
  rel: string
  dir: boolean
}

/**
 * The top level's names in walk order, typed from the directory listing (the file system's d_type;
 * Node falls back to lstat where it is unknown). Undefined when the root cannot be listed.
 */
export function listTop(
  root: string,
  ignore: readonly string[],
  exclude: ReadonlySet<string>
): TopEntry[] | undefined {
  let entries: { name: string; dir: boolean }[]
  try {
    entries = readEntries(root)
  } catch {
    return undefined
  }
  const ignored = ignoreMatcher(ignore)
  return entries
    .map(d => ({ rel: d.name, dir: d.dir }))
    .filter(t => !ignored(t.rel, t.rel, t.dir) && !exclude.has(`${root}/${t.rel}`))
    .sort((a, b) => compareNames(a.rel, b.rel))
}

export interface TreeDigestResult {
  digest: string
  files: number
  unreadable: { rel: string; code: string }[]
  /** The native walk's raw digest (top-level lines and find's bytes), when find walked. */
  raw?: string
}

/** A file's entry in the per-file cache: its identity, size and sha256. */
export function cacheValue(r: WalkRecord, sha256: string): string {
  return cacheText(ident(r), r.size, sha256)
}
