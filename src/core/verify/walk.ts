/**
 * The tree walk and the digests defined over it. Order: depth-first, children by name in JavaScript
 * string order, so no global sort is needed. Symlinks are recorded, never followed. Names are
 * bytes (see byte-names.mjs): lines hold them as the file system does, so a name that is not UTF-8
 * is walked, digested and indexed like any other. Each record contributes one line to each digest:
 *   meta:    relpath NUL type NUL size NUL mode LF         (type f, d, l or o; size 0 unless f)
 *   content: the meta line's fields, NUL sha256 (files) or link target (links), LF
 *   stamp:   relpath NUL type NUL dev:inode:mtime:ctime LF  (the incremental-cache key; times as
 *            GNU find's %T@ prints them, so the native walker's lines need no conversion)
 */
import { createHash, type Hash } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import { Worker } from 'node:worker_threads'
import { bytesOf, fsPath, nameOf, readEntries, readNames, readTarget } from './byte-names.mjs'
import { stampTime, walkedOrError } from './hash-kernel.mjs'
import { kernelUrl } from './hash-pool.js'
import { nativeTreeDigest, type TopEntry } from './native-walk.js'
import path from 'node:path'
import { allPlainNames, ignoreMatcher } from './ignore-rules.js'
import { octal } from './mode.js'

export type RecordType = 'f' | 'd' | 'l' | 'o'

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
  return `${r.dev}:${r.ino}:${r.mtimeNs}:${r.ctimeNs}`
}

export { ignoreMatcher } from './ignore-rules.js'

const MODES = new Map<number, string>()
function modeText(mode: number): string {
  let t = MODES.get(mode)
  if (t === undefined) {
    t = octal(mode)
    MODES.set(mode, t)
  }
  return t
}

export function metaLine(r: Pick<WalkRecord, 'rel' | 'type' | 'size' | 'mode'>): string {
  return `${r.rel}\0${r.type}\0${r.type === 'f' ? r.size : 0}\0${modeText(r.mode)}\n`
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

/** One stamp line: path and identity (the worker kernel spells it the same way). */
function stampLine(r: WalkRecord): string {
  return `${r.rel}\0${r.type}\0${r.dev}:${r.ino}:${stampTime(r.mtimeNs)}:${stampTime(r.ctimeNs)}\n`
}

/**
 * The cache stamp: every entry's path and identity (dev, inode, mtime_ns, ctime_ns). Any change of
 * type, size or mode also changes ctime, so the stamp vouches for the metadata digest too.
 */
export function stampOf(records: readonly WalkRecord[]): string {
  return digestLines(records, stampLine)
}

/** The record of one lstat'ed entry. */
function recordOf(rel: string, st: fs.BigIntStats): WalkRecord {
  const type: RecordType = st.isFile()
    ? 'f'
    : st.isDirectory()
      ? 'd'
      : st.isSymbolicLink()
        ? 'l'
        : 'o'
  return {
    rel,
    type,
    size: type === 'f' ? Number(st.size) : 0,
    mode: Number(st.mode & 0o7777n),
    dev: st.dev,
    ino: st.ino,
    mtimeNs: st.mtimeNs,
    ctimeNs: st.ctimeNs
  }
}

/**
 * Walk the tree at `root` (already known to be a real directory), collecting one record per entry;
 * digests are computed afterwards, only those the caller needs. `exclude` holds absolute paths of
 * swr's own files (state directory, manifest, tree indexes) that are never part of a tree.
 */
export function walkTree(
  root: string,
  ignore: readonly string[],
  exclude: ReadonlySet<string> = new Set()
): WalkResult {
  const ignored = ignoreMatcher(ignore)
  const records: WalkRecord[] = []
  const unreadable: { rel: string; code: string }[] = []
  let files = 0
  const visit = (absDir: string, relDir: string): void => {
    let names: string[]
    try {
      names = readNames(absDir)
    } catch (err) {
      unreadable.push({ rel: relDir || '.', code: (err as NodeJS.ErrnoException).code ?? 'EIO' })
      return
    }
    names.sort()
    for (const name of names) {
      const rel = relDir ? `${relDir}/${name}` : name
      const abs = `${absDir}/${name}`
      if (exclude.has(abs)) continue
      const st = fs.lstatSync(fsPath(abs), { bigint: true, throwIfNoEntry: false })
      if (!st) continue // vanished between readdir and lstat: the same as not there
      if (ignored(rel, name, st.isDirectory())) continue
      const rec = recordOf(rel, st)
      records.push(rec)
      if (rec.type === 'd') visit(abs, rel)
      else files++
    }
  }
  visit(root, '')
  return { records, files, unreadable }
}

/** The content digest, given each file's sha256 and each link's target (by record index). */
export function contentDigest(
  records: readonly WalkRecord[],
  extra: readonly (string | undefined)[]
): string {
  return digestLines(records, (r, i) => `${metaLine(r).slice(0, -1)}\0${extra[i] ?? ''}\n`)
}

/** Link targets for the link records (readlink never follows). */
export function linkTargets(root: string, records: readonly WalkRecord[]): (string | undefined)[] {
  return records.map(r => {
    if (r.type !== 'l') return undefined
    try {
      return readTarget(path.join(root, r.rel))
    } catch {
      return ''
    }
  })
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

export interface ParallelOptions {
  jobs?: number | undefined
  /** Also hash every regular file while walking (a cold content check). */
  hash: boolean
}

/**
 * What the walk workers computed besides the records: the metadata digest and stamp, and with
 * `hash` the content digest (valid only when `failed` is 0) and the per-file cache entries as the
 * body of a JSON object.
 */
export interface WalkDigests {
  meta: string
  stamp: string
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
}

/** The smallest number of top-level subdirectories worth splitting across workers. */
const MIN_ROOTS = 16
/**
 * The smallest tree (recorded files) worth a find whatever its shape: starting the shell and the
 * finds costs ~15 ms, about what the Node walker spends on 1,000 entries (lstat ~10-15 µs each
 * here, plus the garbage), and find walks the rest at about half Node's cost per entry.
 */
const NATIVE_MIN_FILES = 1000

interface Split {
  /** Entries listed by the main thread, in walk order; `sub` indexes `roots`, else -1. */
  top: { rec: WalkRecord; sub: number }[]
  roots: { abs: string; rel: string }[]
}

/** How many levels below the root the main thread lists, at most, to find enough subdirectories. */
const MAX_SPLIT_DEPTH = 3

/**
 * The tree's upper levels in walk order, listed here, with the directories below them that the
 * workers walk (`roots`). The top level alone when it has enough subdirectories; otherwise each
 * level's subdirectories are listed in turn (a tree of a few directories holding everything,
 * such as `src/`, still spreads over every core). Undefined when even that finds too few, or a
 * directory here cannot be listed (the inline walk then names it).
 */
function splitTop(
  root: string,
  ignore: readonly string[],
  exclude: ReadonlySet<string>
): Split | undefined {
  // Workers match plain names only; a glob rule keeps the walk inline (see ignore-rules.ts).
  if (!allPlainNames(ignore)) return undefined
  const ignored = ignoreMatcher(ignore)
  const list = (relDir: string): WalkRecord[] | undefined => {
    const absDir = relDir ? `${root}/${relDir}` : root
    let names: string[]
    try {
      names = readNames(absDir).sort()
    } catch {
      return undefined
    }
    const out: WalkRecord[] = []
    for (const name of names) {
      const rel = relDir ? `${relDir}/${name}` : name
      const abs = `${absDir}/${name}`
      if (exclude.has(abs)) continue
      const st = fs.lstatSync(fsPath(abs), { bigint: true, throwIfNoEntry: false })
      if (st && !ignored(rel, name, st.isDirectory())) out.push(recordOf(rel, st))
    }
    return out
  }
  const first = list('')
  if (!first) return undefined
  // `open`: a directory whose entries are listed here (so not a root).
  let level = first.map(rec => ({ rec, open: false }))
  const roots = (): number => level.filter(x => x.rec.type === 'd' && !x.open).length
  for (let depth = 1; roots() > 0 && roots() < MIN_ROOTS && depth < MAX_SPLIT_DEPTH; depth++) {
    const next: typeof level = []
    for (const x of level) {
      next.push(x)
      if (x.rec.type !== 'd' || x.open) continue
      const below = list(x.rec.rel)
      if (!below) return undefined
      x.open = true
      next.push(...below.map(rec => ({ rec, open: false })))
    }
    level = next
  }
  if (roots() < MIN_ROOTS) return undefined
  const split: Split = { top: [], roots: [] }
  for (const { rec, open } of level) {
    const sub =
      rec.type === 'd' && !open
        ? split.roots.push({ abs: `${root}/${rec.rel}`, rel: rec.rel }) - 1
        : -1
    split.top.push({ rec, sub })
  }
  return split
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
    .sort((a, b) => (a.rel < b.rel ? -1 : 1))
}

/** A subtree's lines from a walk worker (the Node walker's side of the native walk). */
interface SubtreeText {
  text: string
  files: number
  unreadable: { rel: string; code: string }[]
}

export interface TreeDigestResult {
  digest: string
  files: number
  unreadable: { rel: string; code: string }[]
  /** The native walk's raw digest (top-level lines and find's bytes), when find walked. */
  raw?: string
}

/**
 * The metadata digest or the cache stamp of a large tree without building per-entry records: from
 * GNU find's lines where native-walk.ts can promise the Node walker's, else from walk workers that
 * return each subtree's lines as text, hashed here in walk order. Undefined when the tree is too
 * small or flat for either (the caller walks it inline).
 */
export async function digestTreeParallel(
  root: string,
  ignore: readonly string[],
  exclude: ReadonlySet<string>,
  opts: {
    jobs?: number | undefined
    kind: 'meta' | 'stamp'
    native?: boolean
    /** A raw native digest (see native-walk.ts) known to give `digest` with `files` files. */
    known?: { raw: string; digest: string; files: number }
    /** How many files the tree is expected to hold (its recorded count). */
    expectFiles?: number | undefined
  }
): Promise<TreeDigestResult | undefined> {
  const jobs = Math.min(opts.jobs ?? os.availableParallelism(), 8)
  if (opts.native !== false) {
    // find describes the top level too: only the listing is read here (no lstat per entry).
    const top = listTop(root, ignore, exclude)
    const dirs = top?.filter(t => t.dir).length ?? 0
    if (top && dirs > 0 && (dirs >= MIN_ROOTS || (opts.expectFiles ?? 0) >= NATIVE_MIN_FILES)) {
      const r = await nativeTreeDigest(root, top, ignore, exclude, opts.kind, jobs, {
        known: opts.known
      })
      if (r) return r
    }
  }
  if (jobs < 2) return undefined
  const split = splitTop(root, ignore, exclude)
  if (!split) return undefined
  const line = opts.kind === 'meta' ? metaLine : stampLine
  const texts = await inWorkers<SubtreeText>(
    { swrTextWorker: true, kind: opts.kind },
    split.roots,
    ignore,
    exclude,
    jobs
  )
  const h = createHash('sha256')
  let files = 0
  const unreadable: { rel: string; code: string }[] = []
  for (const { rec, sub } of split.top) {
    updateLines(h, line(rec))
    if (rec.type !== 'd') files++
    const t = sub >= 0 ? texts[sub] : undefined
    if (!t) continue
    updateLines(h, t.text)
    files += t.files
    unreadable.push(...t.unreadable)
  }
  return { digest: h.digest('hex'), files, unreadable }
}

/**
 * The same walk on every core: the main thread reads the top level, workers claim its
 * subdirectories one at a time (lstat, and with `hash` also the file hashes, in one pass) and the
 * results are stitched back in walk order. Workers return each subtree's digest lines as text, so
 * this thread only hashes them in order; the records are unpacked from packed columns only if
 * something asks for them (a diff). Small or flat trees are walked inline.
 */
export async function walkTreeParallel(
  root: string,
  ignore: readonly string[],
  exclude: ReadonlySet<string>,
  opts: ParallelOptions
): Promise<ParallelWalk> {
  const jobs = Math.min(opts.jobs ?? os.availableParallelism(), 8)
  const split = jobs < 2 ? undefined : splitTop(root, ignore, exclude)
  if (!split) return walkTree(root, ignore, exclude)
  const { top, roots } = split
  const working = walkRootsInWorkers(roots, ignore, exclude, opts.hash, jobs)
  // This thread's own entries (lines, and the files' hashes) while the workers walk theirs.
  const own = top.map(({ rec }) => {
    let content: string | undefined
    let sha: string | undefined
    let cached: Buffer | undefined
    if (opts.hash) {
      let extra: string | undefined
      if (rec.type === 'f') {
        extra = sha = walkedOrError(`${root}/${rec.rel}`, rec.size)
        if (sha !== undefined)
          cached = Buffer.from(
            `,${JSON.stringify(rec.rel)}:${JSON.stringify(cacheValue(rec, sha))}`
          )
      } else if (rec.type === 'l') extra = linkTargets(root, [rec])[0]
      content = `${metaLine(rec).slice(0, -1)}\0${extra ?? ''}\n`
    }
    return { meta: metaLine(rec), stamp: stampLine(rec), content, sha, cached }
  })
  const results = await working
  const meta = createHash('sha256')
  const stamp = createHash('sha256')
  const content = createHash('sha256')
  const cache: Uint8Array[] = []
  const topShas = new Map<number, string | undefined>()
  const unreadable: { rel: string; code: string }[] = []
  let files = 0
  let failed = 0
  top.forEach(({ rec, sub }, k) => {
    const o = own[k]!
    updateLines(meta, o.meta)
    updateLines(stamp, o.stamp)
    if (rec.type !== 'd') files++
    if (o.content !== undefined) {
      updateLines(content, o.content)
      if (rec.type === 'f') topShas.set(k, o.sha)
      if (rec.type === 'f' && o.sha === undefined) failed++
      if (o.cached) cache.push(o.cached)
    }
    const r = sub >= 0 ? results[sub] : undefined
    if (!r) return
    meta.update(r.meta)
    stamp.update(r.stamp)
    if (r.content !== undefined) content.update(r.content)
    if (r.cache) cache.push(r.cache)
    files += r.files
    failed += r.failed
    unreadable.push(...r.unreadable)
  })
  let unpacked: { records: WalkRecord[]; shas: (string | undefined)[] } | undefined
  const unpack = () => (unpacked ??= unpackWalk(top, results, topShas))
  // The fragments each start with a comma: the first one's is dropped (copied once, when written).
  const first = cache.findIndex(c => c.length > 0)
  if (first >= 0) cache[first] = cache[first]!.subarray(1)
  const cacheJson = [OPEN, ...cache, CLOSE]
  const hashed = { content: content.digest('hex'), cacheJson }
  const pre: WalkDigests = {
    meta: meta.digest('hex'),
    stamp: stamp.digest('hex'),
    failed,
    ...(opts.hash ? hashed : {})
  }
  return {
    get records() {
      return unpack().records
    },
    get shas() {
      return opts.hash ? unpack().shas : undefined
    },
    files,
    unreadable,
    pre
  }
}

/** A file's entry in the per-file cache: its identity, size and sha256. */
export function cacheValue(r: WalkRecord, sha256: string): string {
  return `${ident(r)} ${r.size} ${sha256}`
}

/** NUL-separated name bytes as names (byte-names.mjs spelling). */
function splitNames(bytes: Uint8Array): string[] {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length)
  const out: string[] = []
  let at = 0
  for (;;) {
    const end = b.indexOf(0, at)
    out.push(nameOf(b.subarray(at, end === -1 ? b.length : end)))
    if (end === -1) return out
    at = end + 1
  }
}

/** The records (and hashes) of a parallel walk, in walk order, from the workers' columns. */
function unpackWalk(
  top: Split['top'],
  results: readonly SubtreeColumns[],
  topShas: ReadonlyMap<number, string | undefined>
): { records: WalkRecord[]; shas: (string | undefined)[] } {
  const records: WalkRecord[] = []
  const shas: (string | undefined)[] = []
  top.forEach(({ rec, sub }, k) => {
    records.push(rec)
    shas.push(topShas.get(k))
    const r = sub >= 0 ? results[sub] : undefined
    if (!r || r.count === 0) return
    const rels = splitNames(r.rels)
    const hex = Buffer.from(r.shas.buffer, r.shas.byteOffset, r.shas.length).toString('latin1')
    for (let i = 0; i < r.count; i++) {
      records.push({
        rel: rels[i]!,
        type: r.types[i] as RecordType,
        size: r.sizes[i]!,
        mode: r.modes[i]!,
        dev: r.devs[i]!,
        ino: r.inos[i]!,
        mtimeNs: r.mtimes[i]!,
        ctimeNs: r.ctimes[i]!
      })
      const sha = hex.slice(i * 64, i * 64 + 64)
      shas.push(sha === NO_SHA ? undefined : sha)
    }
  })
  return { records, shas }
}

/** A subtree from a walk worker (hash-kernel.mjs's subtreeColumns). */
interface SubtreeColumns {
  count: number
  files: number
  failed: number
  /** Names as bytes, joined by NUL (no name holds one). */
  rels: Uint8Array
  /** One type letter per record. */
  types: string
  sizes: Float64Array
  modes: Uint16Array
  devs: BigUint64Array
  inos: BigUint64Array
  mtimes: BigInt64Array
  ctimes: BigInt64Array
  /** 64 ASCII bytes per record: the sha256 in hex, or NO_SHA. */
  shas: Uint8Array
  /** Digest lines, as bytes. */
  meta: Uint8Array
  stamp: Uint8Array
  content?: Uint8Array
  /** `,"rel":"cache value"` per hashed file, as UTF-8. */
  cache?: Uint8Array
  unreadable: { rel: string; code: string }[]
}

const OPEN = Buffer.from('{')
const CLOSE = Buffer.from('}')

/** The sha256 slot of a record with none (hash-kernel.mjs writes the same). */
const NO_SHA = '-'.repeat(64)

function walkRootsInWorkers(
  roots: { abs: string; rel: string }[],
  ignore: readonly string[],
  exclude: ReadonlySet<string>,
  hash: boolean,
  jobs: number
): Promise<SubtreeColumns[]> {
  return inWorkers<SubtreeColumns>({ swrWalkWorker: true, hash }, roots, ignore, exclude, jobs)
}

/** Run the kernel's `role` over `roots` on `jobs` workers; results come back in root order. */
function inWorkers<T>(
  role: Record<string, unknown>,
  roots: { abs: string; rel: string }[],
  ignore: readonly string[],
  exclude: ReadonlySet<string>,
  jobs: number
): Promise<T[]> {
  // Only plain names reach here (splitTop steps aside for globs): the kernel compares names.
  if (!allPlainNames(ignore)) throw new Error('walk workers take plain-name ignore rules only')
  const names = [...ignore]
  const counter = new SharedArrayBuffer(4)
  const results = new Array<T>(roots.length)
  const workerData = {
    ...role,
    roots,
    counter,
    names,
    exclude: [...exclude]
  }
  const one = (): Promise<void> =>
    new Promise((resolve, reject) => {
      const w = new Worker(kernelUrl(), { workerData })
      let finished = false
      w.on('message', (m: unknown) => {
        if (m === 'done') {
          finished = true
          resolve()
        } else {
          const [i, out] = m as [number, T]
          results[i] = out
        }
      })
      w.on('error', reject)
      w.on('exit', code => {
        if (!finished) reject(new Error(`walk worker exited with code ${code}`))
      })
    })
  return Promise.all(Array.from({ length: Math.min(jobs, roots.length) }, one)).then(() => results)
}
