/**
 * Capturing a tree: its digests, counts, sentinels and index. A tree large enough to split is
 * captured through the walk a cold check makes (walk-strategy.ts: the walk workers lstat and hash
 * in one pass on every core), its index streamed from the workers' lines; a small tree, one
 * under glob ignore rules, or any tree with --jobs 1 is walked inline and its files hashed on the
 * hash pool. Both give the same entry and the same index bytes.
 */
import path from 'node:path'
import { UsageError } from '../errors.js'
import { shownName } from '../walk/byte-names.mjs'
import { hashAll, type HashJob, type PoolOptions } from '../walk/hash-pool.js'
import { runJob, type FileDigest, type JobResult } from '../walk/hash-kernel.mjs'
import { specialDigest, specialDigestOf, specialKinds } from '../walk/specials.js'
import { encodeIndex, IndexWriter, type IndexRecord } from '../walk/tree-index.js'
import { TYPE } from '../walk/walk-format.mjs'
import { walkTreeParallel } from '../walk/walk-strategy.js'
import {
  contentDigest,
  linkTargets,
  metaDigestOf,
  type ParallelWalk,
  type WalkRecord,
  type WalkResult
} from '../walk/walk.js'
import { deepUsable, pickSentinels, SentinelPicker } from './sentinels.js'
import { VOLATILE_DIRS } from './volatile-dirs.js'
import { ATTEMPTS, changedWhileRead, sameState, type Moved } from './steady.js'

/** What a capture records of a tree, besides what the request says. */
export interface TreeCapture {
  files: number
  metaDigest: string
  contentDigest: string
  specialDigest: string | undefined
  /** The sentinels picked from the tree (used unless the request names its own). */
  sentinels: string[]
  index: Buffer
  entries: number
}

/** Where the tree is and what it leaves out. */
export interface TreeSource {
  root: string
  /** The tree's manifest path, as messages name it. */
  shown: string
  ignore: readonly string[]
  exclude: ReadonlySet<string>
}

/** A file state that moved while it was read, or the capture. */
type Attempt = { moved: Moved } | { captured: TreeCapture }

/** Capture the tree; one whose files keep changing while they are read is refused. */
export async function captureTreeState(src: TreeSource, pool: PoolOptions): Promise<TreeCapture> {
  for (let attempt = 1; ; attempt++) {
    const writer = new IndexWriter()
    let r: Attempt
    try {
      const walk = await walkTreeParallel(src.root, src.ignore, src.exclude, {
        jobs: pool.jobs,
        hash: true,
        cache: false,
        steady: true,
        capture: { onIndex: (lines, n) => writer.write(lines, n), deepSkip: [...VOLATILE_DIRS] }
      })
      if (walk.unreadable.length > 0) {
        const shown = walk.unreadable.map(u => `${shownName(u.rel)} (${u.code})`)
        throw new UsageError(`${src.shown}: cannot read ${shown.join(', ')}`)
      }
      r = walk.captured ? await fromWorkers(src, walk, writer) : await fromRecords(src, walk, pool)
    } finally {
      // Once ended this stops nothing; otherwise (an inline walk, a refusal) it frees the compressor.
      writer.abort()
    }
    if ('captured' in r) return r.captured
    if (attempt === ATTEMPTS)
      throw changedWhileRead(`${src.shown}/${shownName(r.moved.rel)}`, ...r.moved.sizes)
  }
}

/**
 * The inline walk's records: every file hashed on the hash pool ('stamped': its state read
 * after the last read of its bytes), then the digests and the index from the records.
 */
async function fromRecords(src: TreeSource, walk: WalkResult, pool: PoolOptions): Promise<Attempt> {
  const extras = linkTargets(src.root, walk.records)
  const moved = await hashTreeFiles(src, walk.records, extras, pool)
  if (moved) return { moved }
  // Kept apart from `extras`: the content digest's lines hold nothing for a special file.
  const kinds = specialKinds(src.root, walk.records)
  const records: IndexRecord[] = walk.records.map((r, i) => ({
    rel: r.rel,
    type: r.type,
    mode: r.mode,
    size: r.size,
    extra: extras[i] ?? kinds[i]
  }))
  const indexing = encodeIndex(records)
  // Not awaited before the digests below: a failure there must not leave it rejecting unheard.
  indexing.catch(() => undefined)
  const sentinels = pickSentinels(
    walk.records.filter(r => r.type === TYPE.file && r.size > 0).map(r => r.rel)
  )
  const captured: TreeCapture = {
    files: walk.files,
    metaDigest: metaDigestOf(walk.records),
    contentDigest: contentDigest(walk.records, extras),
    specialDigest: specialDigest(walk.records, kinds),
    sentinels,
    index: await indexing,
    entries: records.length
  }
  return { captured }
}

/**
 * Hash every file of a walk into `extras`; the first file whose state moved since the walk saw it
 * (a hash of no single state) is returned instead of being trusted.
 */
async function hashTreeFiles(
  src: TreeSource,
  records: readonly WalkRecord[],
  extras: (string | undefined)[],
  pool: PoolOptions
): Promise<Moved | undefined> {
  const jobs: HashJob[] = []
  const at: number[] = []
  records.forEach((r, i) => {
    if (r.type === TYPE.file) {
      jobs.push({ abs: path.join(src.root, r.rel), how: 'stamped', cost: r.size })
      at.push(i)
    }
  })
  const results: JobResult[] = await hashAll(jobs, pool)
  for (let k = 0; k < results.length; k++) {
    const res = results[k]!
    const r = records[at[k]!]!
    if ('error' in res)
      throw new UsageError(`${src.shown}/${shownName(r.rel)}: cannot read (${res.error})`)
    const now = res.after
    const then = { ino: r.ino, size: BigInt(r.size), mtimeNs: r.mtimeNs, ctimeNs: r.ctimeNs }
    if (!sameState(then, now) || res.size !== r.size)
      return { rel: r.rel, sizes: [then.size, now?.size] }
    extras[at[k]!] = (res as FileDigest).sha256
  }
  return undefined
}

/**
 * The walk workers' capture: their digests as they are (the check's own), the index lines they
 * wrote (compressed in walk order while they walked), the special files and the sentinels'
 * candidates they found. The workers read each file's state from its descriptor after its bytes
 * ('steady'): a file whose state moved since its lstat is returned, as the hash pool's
 * 'stamped' jobs do for the inline walk.
 */
async function fromWorkers(
  src: TreeSource,
  walk: ParallelWalk,
  writer: IndexWriter
): Promise<Attempt> {
  const { pre, captured: facts } = walk
  if (walk.moved) {
    const { rel, before, after } = walk.moved
    return { moved: { rel, sizes: [before, after] } }
  }
  if (pre!.failed > 0) throw cannotRead(src, firstUnread(walk))
  const captured: TreeCapture = {
    files: walk.files,
    metaDigest: pre!.meta,
    contentDigest: pre!.content!,
    specialDigest: specialDigestOf(facts!.specials),
    sentinels: sentinelsOf(walk),
    index: await writer.end(),
    entries: writer.entries
  }
  return { captured }
}

/** The first file of the walk the workers could not hash. */
function firstUnread(walk: ParallelWalk): string {
  for (const e of walk.entries!()) if (e.type === TYPE.file && e.sha === undefined) return e.rel
  throw new Error('walk: a file failed that no entry names')
}

/**
 * The sentinels from the top level's files and each subtree's deepest. When a subtree's kept
 * candidates were all refused (names that cannot be manifest paths), a file the workers did not
 * keep could be the one: every file is looked at then, from the workers' lines.
 */
function sentinelsOf(walk: ParallelWalk): string[] {
  const facts = walk.captured!
  const picker = new SentinelPicker()
  for (const f of facts.topFiles) picker.add(f)
  for (const d of facts.deepest) for (const f of d.rels) picker.add(f)
  const unsure = facts.deepest.some(
    d =>
      (d.depth > picker.depth || (d.depth === picker.depth && d.truncated)) &&
      !d.rels.some(deepUsable)
  )
  if (!unsure) return picker.picked()
  const all = new SentinelPicker()
  for (const e of walk.entries!()) if (e.type === TYPE.file && e.size > 0) all.add(e.rel)
  return all.picked()
}

/** A file the workers could not hash, named with the reason a read of it gives now. */
function cannotRead(src: TreeSource, rel: string): UsageError {
  const r = runJob(path.join(src.root, rel), 'full')
  const code = 'error' in r ? r.error : 'EIO'
  return new UsageError(`${src.shown}/${shownName(rel)}: cannot read (${code})`)
}
