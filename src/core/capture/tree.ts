/**
 * Capturing a tree: its digests, counts, sentinels and index. A tree large enough to split is
 * captured through the walk a cold check makes (walk-strategy.ts: the walk workers lstat and hash
 * in one pass on every core), its index streamed from the workers' lines; a small tree, or one
 * under glob ignore rules, is walked inline and its files hashed on the hash pool. Both give the
 * same entry and the same index bytes.
 */
import path from 'node:path'
import { UsageError } from '../errors.js'
import { shownName } from '../walk/byte-names.mjs'
import { hashAll, type HashJob, type PoolOptions } from '../walk/hash-pool.js'
import { runJob, type FileDigest, type JobResult } from '../walk/hash-kernel.mjs'
import { specialDigest, specialDigestOf, specialKindAt, specialKinds } from '../walk/specials.js'
import { encodeIndex, IndexWriter, type IndexRecord } from '../walk/tree-index.js'
import { TYPE } from '../walk/walk-format.mjs'
import { walkTreeParallel } from '../walk/walk-strategy.js'
import {
  contentDigest,
  linkTarget,
  linkTargets,
  metaDigestOf,
  type ParallelWalk,
  type WalkRecord,
  type WalkResult
} from '../walk/walk.js'
import { pickSentinels, SentinelPicker } from './sentinels.js'
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
    const walk = await walkTreeParallel(src.root, src.ignore, src.exclude, {
      jobs: pool.jobs,
      hash: true,
      cache: false,
      steady: true
    })
    if (walk.unreadable.length > 0) {
      const shown = walk.unreadable.map(u => `${shownName(u.rel)} (${u.code})`)
      throw new UsageError(`${src.shown}: cannot read ${shown.join(', ')}`)
    }
    const r = walk.entries ? await fromLines(src, walk) : await fromRecords(src, walk, pool)
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
 * The walk workers' capture: their digests as they are (the check's own), the index and the
 * sentinels streamed from their lines entry by entry. The workers read each file's state from
 * its descriptor after its bytes ('steady'): a file whose state moved since its lstat is
 * returned, as the hash pool's 'stamped' jobs do for the inline walk.
 */
async function fromLines(src: TreeSource, walk: ParallelWalk): Promise<Attempt> {
  if (walk.moved)
    return { moved: { rel: walk.moved.rel, sizes: [walk.moved.before, walk.moved.after] } }
  const pre = walk.pre!
  const writer = new IndexWriter()
  const picker = new SentinelPicker()
  const specials: { rel: string; kind: string }[] = []
  try {
    for (const e of walk.entries!()) {
      let extra: string | undefined
      if (e.type === TYPE.file) {
        if (e.sha === undefined) throw cannotRead(src, e.rel)
        extra = e.sha
        if (e.size > 0) picker.add(e.rel)
      } else if (e.type === TYPE.link) extra = linkTarget(src.root, e.rel)
      else if (e.type === TYPE.other) {
        extra = specialKindAt(src.root, e.rel)
        specials.push({ rel: e.rel, kind: extra })
      }
      await writer.add({ rel: e.rel, type: e.type, mode: e.mode, size: e.size, extra })
    }
  } catch (err) {
    writer.abort()
    throw err
  }
  const index = await writer.end()
  const captured: TreeCapture = {
    files: walk.files,
    metaDigest: pre.meta,
    contentDigest: pre.content!,
    specialDigest: specialDigestOf(specials),
    sentinels: picker.picked(),
    index,
    entries: writer.entries
  }
  return { captured }
}

/** A file the workers could not hash, named with the reason a read of it gives now. */
function cannotRead(src: TreeSource, rel: string): UsageError {
  const r = runJob(path.join(src.root, rel), 'full')
  const code = 'error' in r ? r.error : 'EIO'
  return new UsageError(`${src.shown}/${shownName(rel)}: cannot read (${code})`)
}
