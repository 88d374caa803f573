/**
 * The walk on worker threads: the main thread lists the tree's upper levels (splitTop) and walk
 * workers (hash-kernel.mjs) walk the directories below them, each in walk-format.mjs's order and
 * writing its lines; the results are stitched back here in walk order.
 */
import { createHash } from 'node:crypto'
import { nameOf, readEntries } from './byte-names.mjs'
import { setImmediate as nextTurn } from 'node:timers/promises'
import {
  NO_SHA,
  steadyOrError,
  walkedOrError,
  walkRoot,
  walkRules,
  type WalkTask
} from './hash-kernel.mjs'
import {
  isMainThreadHashing,
  mainThreadHashing,
  onKernelThreads,
  readyKernelThreads
} from './kernel-threads.js'
import { allPlainNames, ignoreMatcher } from './ignore-rules.js'
import { indexLine } from './index-line.mjs'
import { specialKindAt } from './specials.js'
import {
  contentLine,
  eachChild,
  FIELD_SEP,
  LINE_END,
  metaFields,
  stampTimeNs,
  TYPE
} from './walk-format.mjs'
import {
  cacheValue,
  linkTargets,
  metaLine,
  recordOf,
  stampLine,
  updateLines,
  type ParallelWalk,
  type TreeDigestResult,
  type WalkDigests,
  type CaptureFacts,
  type DeepFiles,
  type MovedFile,
  type WalkedEntry,
  type WalkRecord
} from './walk.js'
import { type RecordType } from './walk-format.mjs'

/** The smallest number of top-level subdirectories worth splitting across workers. */
export const MIN_ROOTS = 16

export interface Split {
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
 * such as `src/`, still spreads over every core). When no level reaches `minRoots`, the level
 * with the most roots if it has `enough` of them (a tree of a dozen packages of flat
 * directories: the level below them has none); else undefined, as when a directory here cannot
 * be listed (the inline walk then names it).
 */
export function splitTop(
  root: string,
  ignore: readonly string[],
  exclude: ReadonlySet<string>,
  minRoots = MIN_ROOTS,
  enough = minRoots
): Split | undefined {
  // Workers match plain names only; a glob rule keeps the walk inline (see ignore-rules.ts).
  if (!allPlainNames(ignore)) return undefined
  const rules = { exclude, ignored: ignoreMatcher(ignore) }
  const list = (relDir: string): WalkRecord[] | undefined => {
    const out: WalkRecord[] = []
    try {
      eachChild(relDir ? `${root}/${relDir}` : root, relDir, rules, (_abs, rel, type, st) =>
        out.push(recordOf(rel, type, st))
      )
    } catch {
      return undefined
    }
    return out
  }
  const first = list('')
  if (!first) return undefined
  // `open`: a directory whose entries are listed here (so not a root).
  let level = first.map(rec => ({ rec, open: false }))
  const roots = (): number => level.filter(x => x.rec.type === TYPE.dir && !x.open).length
  // A copy: listing the next level marks this one's directories open.
  let best = { level: level.map(x => ({ ...x })), roots: roots() }
  for (let depth = 1; roots() > 0 && roots() < minRoots && depth < MAX_SPLIT_DEPTH; depth++) {
    // Listing a level lstats every entry in it: not worth it when the listings' types say it
    // holds no more subdirectories than this level has roots (the level would lose).
    if (roots() >= enough && dirsBelow(root, level) <= roots()) break
    const next: typeof level = []
    for (const x of level) {
      next.push(x)
      if (x.rec.type !== TYPE.dir || x.open) continue
      const below = list(x.rec.rel)
      if (!below) return undefined
      x.open = true
      next.push(...below.map(rec => ({ rec, open: false })))
    }
    level = next
    if (roots() > best.roots) best = { level: level.map(x => ({ ...x })), roots: roots() }
  }
  if (roots() < minRoots) {
    if (best.roots < enough) return undefined
    level = best.level
  }
  const split: Split = { top: [], roots: [] }
  for (const { rec, open } of level) {
    const sub =
      rec.type === TYPE.dir && !open
        ? split.roots.push({ abs: `${root}/${rec.rel}`, rel: rec.rel }) - 1
        : -1
    split.top.push({ rec, sub })
  }
  return split
}

/**
 * How many subdirectories the roots of `level` hold, by their listings' types alone (no lstat);
 * Infinity when a root cannot be listed (the level is then listed, and that listing says what is
 * wrong).
 */
function dirsBelow(root: string, level: readonly { rec: WalkRecord; open: boolean }[]): number {
  let n = 0
  for (const { rec, open } of level) {
    if (rec.type !== TYPE.dir || open) continue
    try {
      for (const e of readEntries(`${root}/${rec.rel}`)) if (e.dir) n++
    } catch {
      return Infinity
    }
  }
  return n
}

/** A subtree's lines from a walk worker (the Node walker's side of the native walk). */
interface SubtreeText {
  text: string
  files: number
  unreadable: { rel: string; code: string }[]
}

/**
 * The metadata digest or the cache stamp of the tree `split` describes, from walk workers that
 * return each subtree's lines as text, hashed here in walk order (no per-entry records).
 */
export async function digestInWorkers(
  split: Split,
  ignore: readonly string[],
  exclude: ReadonlySet<string>,
  kind: 'meta' | 'stamp',
  jobs: number
): Promise<TreeDigestResult> {
  const line = kind === 'meta' ? metaLine : stampLine
  const texts = await inWorkers<SubtreeText>(
    { role: 'text', kind },
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
    if (rec.type !== TYPE.dir) files++
    const t = sub >= 0 ? texts[sub] : undefined
    if (!t) continue
    updateLines(h, t.text)
    files += t.files
    unreadable.push(...t.unreadable)
  }
  return { digest: h.digest('hex'), files, unreadable }
}

/**
 * The same walk on every core: this thread describes the upper levels `split` listed, workers
 * claim the directories below them one at a time (lstat, and with `hash` also the file hashes, in
 * one pass) and the results are stitched back in walk order. Workers return each subtree's digest
 * lines as bytes, so this thread only hashes them in order; the records are read back from those
 * lines only if something asks for them (a diff).
 */
export async function walkInWorkers(
  root: string,
  split: Split,
  ignore: readonly string[],
  exclude: ReadonlySet<string>,
  opts: {
    hash: boolean
    jobs: number
    cache?: boolean | undefined
    steady?: boolean | undefined
    capture?: CaptureOut | undefined
  }
): Promise<ParallelWalk> {
  const { top, roots } = split
  const cached = opts.cache !== false
  const steady = opts.steady === true
  const capture = opts.hash ? opts.capture : undefined
  const inOrder = capture && new IndexInOrder(top, capture.onIndex)
  let moved: MovedFile | undefined
  const working = walkRootsInWorkers(
    roots,
    ignore,
    exclude,
    {
      hash: opts.hash,
      cache: cached,
      // A capture reads no records back and keeps no cache: it needs no identities.
      stamp: capture === undefined,
      steady,
      index: capture !== undefined,
      deepSkip: [...(capture?.deepSkip ?? [])]
    },
    opts.jobs,
    (i, out) => inOrder?.arrived(i, out)
  )
  /** A top-level file's hash, trusted when it held still while read (a capture). */
  const steadyTop = (rec: WalkRecord): string | undefined => {
    const was = { ...rec, size: BigInt(rec.size) }
    const r = steadyOrError(`${root}/${rec.rel}`, was)
    if (r && 'moved' in r) moved ??= { rel: rec.rel, before: was.size, after: r.moved }
    return r && 'sha' in r ? r.sha : undefined
  }
  // This thread's own entries (lines, and the files' hashes) while the workers walk theirs.
  const own = top.map(({ rec }) => {
    let content: string | undefined
    let sha: string | undefined
    let cachedText: Buffer | undefined
    let index: string | undefined
    let special: string | undefined
    if (opts.hash) {
      let extra: string | undefined
      if (rec.type === TYPE.file) {
        extra = sha = steady ? steadyTop(rec) : walkedOrError(`${root}/${rec.rel}`, rec.size)
        if (sha !== undefined && cached)
          cachedText = Buffer.from(
            `,${JSON.stringify(rec.rel)}:${JSON.stringify(cacheValue(rec, sha))}`
          )
      } else if (rec.type === TYPE.link) extra = linkTargets(root, [rec])[0]
      content = contentLine(metaFields(rec.rel, rec.type, rec.size, rec.mode), extra ?? '')
      if (capture) {
        if (rec.type === TYPE.other) extra = special = specialKindAt(root, rec.rel)
        index = indexLine(rec.rel, rec.type, rec.mode, rec.size, extra) + '\n'
      }
    }
    const lines = { meta: metaLine(rec), stamp: capture ? '' : stampLine(rec), content, index }
    return { ...lines, sha, cached: cachedText, special }
  })
  inOrder?.ready(own.map(o => o.index!))
  const results = await working
  const meta = createHash('sha256')
  const stamp = createHash('sha256')
  const content = createHash('sha256')
  const cache: Uint8Array[] = []
  const topShas = new Map<number, string | undefined>()
  const unreadable: { rel: string; code: string }[] = []
  const found: CaptureFacts = { specials: [], deepest: [], topFiles: [] }
  let files = 0
  let failed = 0
  // The first moved file in walk order: one of this thread's, or the first subtree's that has one.
  let movedAt = moved ? top.findIndex(t => t.rec.rel === moved!.rel) : top.length
  top.forEach(({ rec, sub }, k) => {
    const o = own[k]!
    const r = sub >= 0 ? results[sub] : undefined
    updateLines(meta, o.meta)
    updateLines(stamp, o.stamp)
    if (rec.type !== TYPE.dir) files++
    if (capture) noteCapture(found, rec, o.special, r)
    if (o.content !== undefined) {
      updateLines(content, o.content)
      if (rec.type === TYPE.file) topShas.set(k, o.sha)
      if (rec.type === TYPE.file && o.sha === undefined) failed++
      if (o.cached) cache.push(o.cached)
    }
    if (!r) return
    for (const c of r.meta) meta.update(c)
    for (const c of r.stamp) stamp.update(c)
    for (const c of r.content ?? []) content.update(c)
    // Hashed: nothing reads a subtree's content lines again (the records come from meta and stamp).
    r.content = undefined
    if (r.cache) cache.push(...r.cache)
    files += r.files
    failed += r.failed
    unreadable.push(...r.unreadable)
    if (r.moved && k < movedAt) {
      moved = r.moved
      movedAt = k
    }
  })
  let unpacked: { records: WalkRecord[]; shas: (string | undefined)[] } | undefined
  const unpack = () => {
    // A bug, never an input: a capture's walk keeps no stamp lines to read records from.
    if (capture) throw new Error('walk: a capture walk keeps no records')
    return (unpacked ??= unpackWalk(top, results, topShas))
  }
  // The fragments each start with a comma: the first one's is dropped (copied once, when written).
  const first = cache.findIndex(c => c.length > 0)
  if (first >= 0) cache[first] = cache[first]!.subarray(1)
  const cacheJson = [OPEN, ...cache, CLOSE]
  const hashed = { content: content.digest('hex'), cacheJson }
  const pre: WalkDigests = {
    meta: meta.digest('hex'),
    ...(capture ? {} : { stamp: stamp.digest('hex') }),
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
    ...(opts.hash ? { entries: () => entriesOf(top, results, topShas) } : {}),
    ...(moved ? { moved } : {}),
    ...(capture ? { captured: found } : {}),
    files,
    unreadable,
    pre
  }
}

/**
 * Each entry of a parallel walk with its hash, in walk order, read back from the workers' lines
 * one subtree at a time: nothing of an entry outlives its turn (a capture streams its index).
 */
function* entriesOf(
  top: Split['top'],
  results: readonly SubtreeLines[],
  topShas: ReadonlyMap<number, string | undefined>
): Generator<WalkedEntry> {
  for (const [k, { rec, sub }] of top.entries()) {
    yield { rel: rec.rel, type: rec.type, size: rec.size, mode: rec.mode, sha: topShas.get(k) }
    const r = sub >= 0 ? results[sub] : undefined
    if (!r || r.count === 0) continue
    const hex = Buffer.concat(r.shas).toString('latin1')
    const meta = Buffer.concat(r.meta)
    let m = 0
    for (let i = 0; i < r.count; i++) {
      const e = metaAt(meta, m)
      m = e.next
      const sha = hex.slice(i * 64, i * 64 + 64)
      yield {
        rel: e.rel,
        type: e.type,
        size: e.size,
        mode: e.mode,
        sha: sha === NO_SHA ? undefined : sha
      }
    }
  }
}

/** The records (and hashes) of a parallel walk, in walk order, read back from the workers' lines. */
function unpackWalk(
  top: Split['top'],
  results: readonly SubtreeLines[],
  topShas: ReadonlyMap<number, string | undefined>
): { records: WalkRecord[]; shas: (string | undefined)[] } {
  const records: WalkRecord[] = []
  const shas: (string | undefined)[] = []
  top.forEach(({ rec, sub }, k) => {
    records.push(rec)
    shas.push(topShas.get(k))
    const r = sub >= 0 ? results[sub] : undefined
    if (!r || r.count === 0) return
    const hex = Buffer.concat(r.shas).toString('latin1')
    recordsOf(Buffer.concat(r.meta), Buffer.concat(r.stamp), r.count).forEach((record, i) => {
      records.push(record)
      const sha = hex.slice(i * 64, i * 64 + 64)
      shas.push(sha === NO_SHA ? undefined : sha)
    })
  })
  return { records, shas }
}

/**
 * `count` records read back from their meta and stamp lines (walk-format.mjs). A line starts
 * with its path, which holds no NUL, and its other fields hold neither NUL nor LF, so the lines
 * read back unambiguously whatever the names hold.
 */
function recordsOf(meta: Buffer, stamp: Buffer, count: number): WalkRecord[] {
  const out: WalkRecord[] = []
  let m = 0
  let t = 0
  for (let i = 0; i < count; i++) {
    const { rel, type, size, mode, next } = metaAt(meta, m)
    m = next
    // The stamp line repeats the path and the type before the identity.
    const identAt = find(stamp, find(stamp, t, FIELD_SEP) + 1, FIELD_SEP) + 1
    const identEnd = find(stamp, identAt, LINE_END)
    const ident = stamp.toString('latin1', identAt, identEnd)
    t = identEnd + 1
    const [dev = '', ino = '', mtime = '', ctime = ''] = ident.split(':')
    out.push({
      rel,
      type,
      size,
      mode,
      dev: BigInt(dev),
      ino: BigInt(ino),
      mtimeNs: stampTimeNs(mtime),
      ctimeNs: stampTimeNs(ctime)
    })
  }
  return out
}

/** Where the next `end` byte is from `from`: a line cut short is a bug, never a guess. */
function find(b: Buffer, from: number, end: number): number {
  const at = b.indexOf(end, from)
  if (at < 0) throw new Error('walk thread: a digest line ends early')
  return at
}

/** The meta line at `m` (see recordsOf), and where the next one starts. */
function metaAt(
  meta: Buffer,
  m: number
): { rel: string; type: RecordType; size: number; mode: number; next: number } {
  const pathEnd = find(meta, m, FIELD_SEP)
  const typeEnd = find(meta, pathEnd + 1, FIELD_SEP)
  const sizeEnd = find(meta, typeEnd + 1, FIELD_SEP)
  const modeEnd = find(meta, sizeEnd + 1, LINE_END)
  return {
    rel: nameOf(meta.subarray(m, pathEnd)),
    type: meta.toString('latin1', pathEnd + 1, typeEnd) as RecordType,
    size: Number(meta.toString('latin1', typeEnd + 1, sizeEnd)),
    mode: parseInt(meta.toString('latin1', sizeEnd + 1, modeEnd), 8),
    next: modeEnd + 1
  }
}

/** What a capture asks of the walk besides its digests (see CaptureFacts). */
export interface CaptureOut {
  /**
   * Tree index lines (index-line.mjs), each ending in LF, in walk order: called as soon as every
   * entry before them has been (the index is compressed while the walk goes on); `entries`
   * counts the lines.
   */
  onIndex: (lines: readonly (Uint8Array | string)[], entries: number) => void
  /** Directory names whose files are never among the deepest. */
  deepSkip: readonly string[]
}

/**
 * The index lines of a parallel walk handed on in walk order: this thread's own entries, each
 * followed by its subtree once a worker returned it. A subtree's lines are let go once handed on.
 */
class IndexInOrder {
  private next = 0
  private own: readonly string[] | undefined
  private readonly subs: (SubtreeLines | undefined)[] = []

  constructor(
    private readonly top: Split['top'],
    private readonly emit: CaptureOut['onIndex']
  ) {}

  arrived(sub: number, r: SubtreeLines): void {
    this.subs[sub] = r
    this.flush()
  }

  /** This thread's own lines, by top-level entry. */
  ready(own: readonly string[]): void {
    this.own = own
    this.flush()
  }

  private flush(): void {
    if (!this.own) return
    for (; this.next < this.top.length; this.next++) {
      const { sub } = this.top[this.next]!
      const r = sub >= 0 ? this.subs[sub] : undefined
      if (sub >= 0 && !r) return
      this.emit([this.own[this.next]!], 1)
      if (!r) continue
      this.emit(r.index ?? [], r.count)
      r.index = undefined
      this.subs[sub] = undefined
    }
  }
}

/** A top-level entry's and its subtree's share of what a capture is told (CaptureFacts). */
function noteCapture(
  found: CaptureFacts,
  rec: WalkRecord,
  kind: string | undefined,
  r: SubtreeLines | undefined
): void {
  if (kind !== undefined) found.specials.push({ rel: rec.rel, kind })
  if (rec.type === TYPE.file && rec.size > 0) found.topFiles.push(rec.rel)
  if (!r) return
  found.specials.push(...(r.specials ?? []))
  if (r.deepest && r.deepest.depth >= 0) found.deepest.push(r.deepest)
}

/** A subtree from a walk worker (hash-kernel.mjs's subtreeLines); bytes come in chunks. */
interface SubtreeLines {
  count: number
  files: number
  failed: number
  /** 64 ASCII bytes per record: the sha256 in hex, or NO_SHA. */
  shas: Uint8Array[]
  /** Digest lines, as bytes (the records are read back from meta and stamp). */
  meta: Uint8Array[]
  stamp: Uint8Array[]
  content?: Uint8Array[] | undefined
  /** `,"rel":"cache value"` per hashed file, as UTF-8. */
  cache?: Uint8Array[]
  /** With `steady`: the subtree's first file that moved while it was read. */
  moved?: MovedFile | undefined
  /** With `index`: the tree index lines (handed on in order, then dropped). */
  index?: Uint8Array[] | undefined
  specials?: { rel: string; kind: string }[]
  deepest?: DeepFiles
  unreadable: { rel: string; code: string }[]
}

const OPEN = Buffer.from('{')
const CLOSE = Buffer.from('}')

function walkRootsInWorkers(
  roots: { abs: string; rel: string }[],
  ignore: readonly string[],
  exclude: ReadonlySet<string>,
  what: {
    hash: boolean
    cache: boolean
    stamp: boolean
    steady: boolean
    index: boolean
    deepSkip: string[]
  },
  jobs: number,
  onResult: (i: number, out: SubtreeLines) => void
): Promise<SubtreeLines[]> {
  return inWorkers<SubtreeLines>({ role: 'walk', ...what }, roots, ignore, exclude, jobs, onResult)
}

/**
 * Run the kernel's `role` over `roots` on `jobs` cores; results come back in root order. While
 * no kernel thread is up and the main thread hashes nothing, the main thread is one of the
 * walkers (as in hash-pool.ts): it claims roots from the same counter from the start instead of
 * idling through a thread's 60-110 ms start, and one thread fewer starts (a thread's start and
 * its heap cost ~2,000 page faults). It lets its event loop run between roots.
 */
async function inWorkers<T>(
  role: Omit<WalkTask, 'roots' | 'counter' | 'names' | 'exclude'>,
  roots: { abs: string; rel: string }[],
  ignore: readonly string[],
  exclude: ReadonlySet<string>,
  jobs: number,
  onResult?: (i: number, out: T) => void
): Promise<T[]> {
  // Only plain names reach here (splitTop steps aside for globs): the kernel compares names.
  if (!allPlainNames(ignore)) throw new Error('walk workers take plain-name ignore rules only')
  const names = [...ignore]
  const counter = new SharedArrayBuffer(4)
  const results = new Array<T>(roots.length)
  const task: WalkTask = { ...role, roots, counter, names, exclude: [...exclude] }
  let filled = 0
  let allIn: () => void = () => undefined
  const complete = new Promise<void>(resolve => (allIn = resolve))
  const put = (i: number, out: T): void => {
    results[i] = out
    onResult?.(i, out)
    if (++filled === roots.length) allIn()
  }
  const mainJoins = jobs > 1 && !isMainThreadHashing() && readyKernelThreads() === 0
  const threads = Math.min(mainJoins ? jobs - 1 : jobs, roots.length)
  // The thread starts first: the main thread's first turn would otherwise delay its start.
  const onPool = onKernelThreads(task, threads, m => put(...(m as [number, T])))
  const onMain = mainJoins ? walkOnMain(task, put) : Promise.resolve()
  // Every root in is the end of the threads' part, even while a thread that came up too late to
  // claim one is still starting; a failure before that is the caller's.
  onPool.catch(() => undefined)
  await Promise.all([onMain, roots.length === 0 ? onPool : Promise.race([complete, onPool])])
  return results
}

/** The longest the main thread walks before it lets its event loop run (one root at least). */
const TURN_MS = 2

/** Claim roots from the task's counter, as a kernel thread does, and walk them here. */
async function walkOnMain<T>(task: WalkTask, put: (i: number, out: T) => void): Promise<void> {
  mainThreadHashing(true)
  try {
    const rules = walkRules(task)
    const next = new Int32Array(task.counter)
    let since = performance.now()
    for (;;) {
      const i = Atomics.add(next, 0, 1)
      if (i >= task.roots.length) return
      put(i, walkRoot(task, rules, i).out as T)
      if (performance.now() - since >= TURN_MS) {
        await nextTurn()
        since = performance.now()
      }
    }
  } finally {
    mainThreadHashing(false)
  }
}
