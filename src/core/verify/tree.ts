/**
 * `tree` entries: a directory judged by its sentinels, file-count bounds, a metadata digest and a
 * content digest over every entry. Directories survive while being emptied, so presence says
 * nothing; a sentinel catches a gutted tree, the digests catch one changed byte among thousands,
 * and the index names what changed. Warm checks re-hash only files whose identity changed.
 */
import fs from 'node:fs'
import { shownName } from '../walk/byte-names.mjs'
import { hashFile, type JobResult } from '../walk/hash-kernel.mjs'
import type { HashJob } from '../walk/hash-pool.js'
import { locateInside } from './locate-entry.js'
import { specialDigest, specialKinds } from '../walk/specials.js'
import { diffIndex as diffRaw, type IndexRecord } from '../walk/tree-index.js'
import {
  finding,
  isFinding,
  isPending,
  locateAs,
  num,
  short,
  type Inspection,
  type VerifyContext
} from './verifier.js'
import {
  cacheValue,
  contentDigest,
  ident,
  lazyDigests,
  linkTargets,
  stampOf,
  walkTree,
  type Walked,
  type WalkRecord,
  type WalkResult
} from '../walk/walk.js'
import { digestTreeParallel, walkTreeParallel } from '../walk/walk-strategy.js'
import type { TreeCacheRecord } from '../state/cache.js'
import type { Finding, Shown, TreeDiff, TreeEntry } from '../types.js'

export async function verifyTree(e: TreeEntry, ctx: VerifyContext): Promise<Inspection> {
  const inspection = await inspectTree(e, ctx)
  if (e.expect.special_digest === undefined) return inspection
  if (!isPending(inspection)) return judgeSpecials(e, ctx, inspection)
  return { ...inspection, judge: results => judgeSpecials(e, ctx, inspection.judge(results)) }
}

/**
 * A tree that passed everything else, checked once more for its special files: the digests leave
 * out what a device is (see specials.ts), so this walks the tree again, only for a tree that
 * recorded a special file.
 */
function judgeSpecials(e: TreeEntry, ctx: VerifyContext, f: Finding): Finding {
  if (f.status !== 'OK') return f
  const loc = locateInside(ctx.workspace, e.path)
  if (loc.state !== 'present') return f
  const root = fs.realpathSync(loc.abs)
  const walk = walkTree(root, e.ignore, ctx.exclude)
  const kinds = specialKinds(root, walk.records)
  const digest = specialDigest(walk.records, kinds)
  if (digest === e.expect.special_digest) return f
  const index = ctx.readIndex(e.id, e.expect.index)
  const found: Shown = { ...f.found, ...(digest ? { special: short(digest) } : {}) }
  const files = index ? diffIndex(index, walk.records, kinds).diff : undefined
  const detail = files
    ? `special files differ: ${describeDiff(files)}`
    : `special files differ: digest ${digest ? short(digest) : 'none'} (want ${short(e.expect.special_digest ?? '')}); no usable index to name them`
  const bad = finding(e, 'CORRUPT', 'special', detail, f.recorded, found)
  return files ? { ...bad, files } : bad
}

async function inspectTree(e: TreeEntry, ctx: VerifyContext): Promise<Inspection> {
  const want = e.expect
  const recorded: Shown = {
    type: 'directory',
    ...(want.files !== undefined ? { files: want.files } : {}),
    min_files: want.min_files,
    ...(want.max_files !== undefined ? { max_files: want.max_files } : {}),
    ...(want.meta_digest ? { meta: short(want.meta_digest) } : {})
  }
  const loc = locateAs(e, ctx, recorded, 'directory', st => st.isDirectory(), 'a directory')
  if (isFinding(loc)) return loc
  const root = fs.realpathSync(loc.abs)
  // A warm check computes only the stamp: when it equals the cached one, nothing changed since the
  // cached digests were computed, so the metadata digest is taken from the cache too.
  const cachedTree = ctx.metaOnly || !want.content_digest ? undefined : ctx.cache.tree(e.id)
  const fast = await judgeFromDigest(e, ctx, root, cachedTree, recorded)
  if (fast) return fast
  // A cold content check hashes while it walks, on every core; other checks only walk.
  const hash = !ctx.metaOnly && want.content_digest !== undefined && !cachedTree
  const walked = await walkTreeParallel(root, e.ignore, ctx.exclude, { jobs: ctx.jobs, hash })
  const walk: Walked = lazyDigests(walked, () =>
    cachedTree && walk.stamp === cachedTree.stamp ? cachedTree.metaDigest : undefined
  )
  const found: Shown = { type: 'directory', files: walk.files, meta: short(walk.metaDigest) }
  const early = judgeStructure(e, ctx, root, walk, recorded, found)
  if (ctx.metaOnly || !want.content_digest) {
    return early?.finding ?? finding(e, 'OK', 'ok', okDetail(e, walk, false), recorded, found)
  }
  if (!early && cachedTree && cachedTree.stamp === walk.stamp) {
    return judgeContent(
      e,
      ctx,
      root,
      walk,
      cachedTree.contentDigest,
      undefined,
      recorded,
      found,
      true
    )
  }
  // Even when the structure already failed, hash the files: the report should name every file
  // whose bytes changed, not only the ones that vanished.
  return planContentHash(e, ctx, root, walk, recorded, found, early)
}

/**
 * The fast path for large trees: workers digest the tree without building records (the metadata
 * digest for --meta checks, the identity stamp for warm checks). When that shows the structure is
 * as recorded (and, warm, that nothing changed since the cached content digest), the entry is
 * judged from counts, sentinels and digests alone. Otherwise the caller walks the tree fully.
 */
async function judgeFromDigest(
  e: TreeEntry,
  ctx: VerifyContext,
  root: string,
  cachedTree: TreeCacheRecord | undefined,
  recorded: Shown
): Promise<Finding | undefined> {
  const want = e.expect
  const kind = ctx.metaOnly || !want.content_digest ? 'meta' : cachedTree ? 'stamp' : undefined
  if (!kind) return undefined
  const known =
    kind === 'stamp' && cachedTree?.rawStamp
      ? { raw: cachedTree.rawStamp, digest: cachedTree.stamp, files: cachedTree.files }
      : undefined
  const r = await digestTreeParallel(root, e.ignore, ctx.exclude, {
    jobs: ctx.jobs,
    kind,
    // find's lines are trusted only through a digest they must equal: with no recorded metadata
    // digest a --meta check would judge from find's file count alone, so the Node walker counts.
    native: ctx.nativeWalk !== false && (kind === 'stamp' || want.meta_digest !== undefined),
    expectFiles: want.files ?? want.min_files,
    ...(known ? { known } : {})
  })
  if (!r || r.unreadable.length > 0) return undefined
  // The stamp matched through a full re-sort: remember find's raw bytes for the next warm check.
  if (
    kind === 'stamp' &&
    cachedTree &&
    r.raw &&
    r.digest === cachedTree.stamp &&
    r.raw !== cachedTree.rawStamp
  )
    ctx.cache.setTree(e.id, { ...cachedTree, rawStamp: r.raw })
  const metaDigest =
    kind === 'meta' ? r.digest : r.digest === cachedTree?.stamp ? cachedTree.metaDigest : undefined
  if (
    metaDigest === undefined ||
    (want.meta_digest !== undefined && metaDigest !== want.meta_digest)
  )
    return undefined
  let full: WalkResult | undefined
  const records = (): WalkResult => (full ??= walkTree(root, e.ignore, ctx.exclude))
  const walk: Walked = {
    get records() {
      return records().records
    },
    files: r.files,
    unreadable: [],
    metaDigest,
    get stamp() {
      return stampOf(records().records)
    }
  }
  const found: Shown = { type: 'directory', files: r.files, meta: short(metaDigest) }
  if (judgeStructure(e, ctx, root, walk, recorded, found)) return undefined
  if (kind === 'meta') return finding(e, 'OK', 'ok', okDetail(e, walk, false), recorded, found)
  return judgeContent(
    e,
    ctx,
    root,
    walk,
    cachedTree?.contentDigest ?? '',
    undefined,
    recorded,
    found,
    true
  )
}

/** The index diff with every name (and link target) escaped for the report. */
function diffIndex(
  recorded: readonly IndexRecord[],
  now: readonly WalkRecord[],
  nowExtra?: readonly (string | undefined)[]
): ReturnType<typeof diffRaw> {
  const d = diffRaw(recorded, now, nowExtra)
  const { missing, extra, changed, counts } = d.diff
  return {
    ...d,
    diff: {
      missing: missing.map(shownName),
      extra: extra.map(shownName),
      changed: changed.map(c => ({ path: shownName(c.path), what: shownName(c.what) })),
      counts
    }
  }
}

/** One thing wrong with a tree's structure; the finding's detail joins their texts. */
interface Problem {
  kind: 'sentinel' | 'unreadable' | 'count' | 'files' | 'digest'
  text: string
}

/** A structural finding and the problems it was made of. */
interface Structure {
  finding: Finding
  problems: Problem[]
}

/**
 * Fold the per-file content differences into a structural finding: the file list is replaced by
 * one that also names content changes; sentinel and count problems stand as they were.
 */
function withContentDiff(
  early: Structure,
  e: TreeEntry,
  ctx: VerifyContext,
  walk: Walked,
  shas: (string | undefined)[]
): Finding {
  const f = early.finding
  if (!f.files) return f
  const index = ctx.readIndex(e.id, e.expect.index)
  if (!index) return f
  const d = diffIndex(index, walk.records, shas)
  // Only a content or target change adds anything: mode-only differences were already named.
  if (!d.contentChanged) return f
  const stripped = f.status === 'STRIPPED'
  const kept = early.problems.filter(p => p.kind === 'sentinel' || p.kind === 'count')
  return {
    ...f,
    status: stripped ? 'CORRUPT' : f.status,
    // Modes alone no longer describe it once bytes differ too.
    reason: stripped ? 'content' : f.reason === 'mode' ? 'files' : f.reason,
    files: d.diff,
    detail: [...kept.map(p => p.text), describeDiff(d.diff)].join('; ')
  }
}

/** Everything that needs no hashing: emptiness, sentinels, unreadable parts, counts, metadata. */
function judgeStructure(
  e: TreeEntry,
  ctx: VerifyContext,
  root: string,
  walk: Walked,
  recorded: Shown,
  found: Shown
): Structure | undefined {
  const want = e.expect
  if (walk.files === 0 && (want.files ?? want.min_files) > 0) {
    const detail = `directory holds no files (want ${num(want.files ?? want.min_files)})`
    return { finding: finding(e, 'EMPTY', 'empty', detail, recorded, found), problems: [] }
  }
  const problems: Problem[] = []
  const add = (kind: Problem['kind'], text: string): number => problems.push({ kind, text })
  for (const s of checkSentinels(root, want.sentinels)) add('sentinel', s)
  if (walk.unreadable.length > 0) {
    const shown = walk.unreadable.map(u => `${shownName(u.rel)} (${u.code})`)
    add('unreadable', `unreadable: ${shown.join(', ')}`)
  }
  if (walk.files < want.min_files)
    add('count', `${num(walk.files)} files (want at least ${num(want.min_files)})`)
  if (want.max_files !== undefined && walk.files > want.max_files)
    add('count', `${num(walk.files)} files (want at most ${num(want.max_files)})`)
  let files: TreeDiff | undefined
  let execOnly = false
  let modeOnly = false
  if (want.meta_digest && walk.metaDigest !== want.meta_digest) {
    const index = ctx.readIndex(e.id, want.index)
    if (index) {
      const d = diffIndex(index, walk.records)
      files = d.diff
      execOnly = d.execLossOnly
      modeOnly = d.modeOnly
      add('files', describeDiff(d.diff))
    } else {
      add(
        'digest',
        `metadata digest ${short(walk.metaDigest)} (want ${short(want.meta_digest)}); no usable index to name the files`
      )
    }
  }
  if (problems.length === 0) return undefined
  const alone = problems.length === 1
  const stripped = execOnly && alone
  const sentinel = problems.some(p => p.kind === 'sentinel')
  const reason = stripped
    ? 'exec'
    : sentinel
      ? 'sentinel'
      : modeOnly && alone
        ? 'mode'
        : files
          ? 'files'
          : 'count'
  const detail = problems.map(p => p.text).join('; ')
  const f = finding(e, stripped ? 'STRIPPED' : 'CORRUPT', reason, detail, recorded, found)
  return { finding: files ? { ...f, files } : f, problems }
}

function checkSentinels(root: string, sentinels: readonly string[]): string[] {
  const out: string[] = []
  for (const s of sentinels) {
    const loc = locateInside(root, s)
    if (loc.state !== 'present') out.push(`sentinel missing: ${s}`)
    else if (loc.st.isFile() && loc.st.size === 0n) out.push(`sentinel empty: ${s}`)
  }
  return out
}

export function describeDiff(d: TreeDiff): string {
  const parts: string[] = []
  const list = (xs: string[], total: number): string =>
    xs.slice(0, 3).join(', ') + (total > 3 ? `, ... (+${num(total - 3)})` : '')
  if (d.counts.missing > 0)
    parts.push(`${num(d.counts.missing)} missing: ${list(d.missing, d.counts.missing)}`)
  if (d.counts.extra > 0)
    parts.push(`${num(d.counts.extra)} extra: ${list(d.extra, d.counts.extra)}`)
  if (d.counts.changed > 0) {
    const shown = d.changed.map(c => `${c.path} (${c.what})`)
    parts.push(`${num(d.counts.changed)} changed: ${list(shown, d.counts.changed)}`)
  }
  return parts.join('; ') || 'entries differ'
}

/** Hash what the per-file cache cannot vouch for, then judge the content digest. */
function planContentHash(
  e: TreeEntry,
  ctx: VerifyContext,
  root: string,
  walk: Walked,
  recorded: Shown,
  found: Shown,
  early: Structure | undefined
): Inspection {
  const pre = walk.pre
  if (!early && pre?.content !== undefined && pre.cacheJson !== undefined && pre.failed === 0) {
    // The workers hashed every file and wrote the digest lines: nothing is left but judging.
    const { content, cacheJson } = pre
    return {
      jobs: [],
      judge: () => {
        ctx.cache.setTreeFilesJson(e.id, cacheJson)
        ctx.cache.setTree(e.id, {
          stamp: walk.stamp,
          metaDigest: walk.metaDigest,
          contentDigest: content,
          files: walk.files
        })
        const shas = content === e.expect.content_digest ? undefined : walkExtras(root, walk)
        return judgeContent(e, ctx, root, walk, content, shas, recorded, found, false)
      }
    }
  }
  const known = ctx.cache.treeFiles(e.id)
  const shas: (string | undefined)[] = linkTargets(root, walk.records)
  const jobs: HashJob[] = []
  const jobIndex: number[] = []
  walk.records.forEach((r, i) => {
    if (r.type !== 'f') return
    const pre = walk.shas?.[i]
    if (pre !== undefined) {
      shas[i] = pre
      return
    }
    const hit = known.get(r.rel)
    const key = `${ident(r)} ${r.size}`
    if (hit && hit.startsWith(key + ' ')) shas[i] = hit.slice(key.length + 1)
    else {
      jobs.push({ abs: `${root}/${r.rel}`, how: 'full', cost: r.size })
      jobIndex.push(i)
    }
  })
  return {
    jobs,
    judge: (results: JobResult[]) => {
      const unreadable: string[] = []
      results.forEach((res, k) => {
        const i = jobIndex[k] ?? 0
        if ('error' in res) unreadable.push(shownName(walk.records[i]?.rel ?? '?'))
        else shas[i] = res.sha256
      })
      const digest = contentDigest(walk.records, shas)
      const files = new Map<string, string>()
      walk.records.forEach((r, i) => {
        if (r.type === 'f' && shas[i]) files.set(r.rel, cacheValue(r, shas[i]))
      })
      ctx.cache.setTreeFiles(e.id, files)
      if (unreadable.length === 0) {
        ctx.cache.setTree(e.id, {
          stamp: walk.stamp,
          metaDigest: walk.metaDigest,
          contentDigest: digest,
          files: walk.files
        })
      }
      if (early) return withContentDiff(early, e, ctx, walk, shas)
      if (unreadable.length > 0) {
        const detail = `unreadable files: ${unreadable.slice(0, 3).join(', ')}${unreadable.length > 3 ? ', ...' : ''}`
        return finding(e, 'CORRUPT', 'unreadable', detail, recorded, found)
      }
      return judgeContent(e, ctx, root, walk, digest, shas, recorded, found, jobs.length === 0)
    }
  }
}

function judgeContent(
  e: TreeEntry,
  ctx: VerifyContext,
  root: string,
  walk: Walked,
  digest: string,
  shas: (string | undefined)[] | undefined,
  recorded: Shown,
  found: Shown,
  cached: boolean
): Finding {
  if (digest === e.expect.content_digest) {
    return finding(e, 'OK', 'ok', okDetail(e, walk, true), recorded, found, cached)
  }
  const index = ctx.readIndex(e.id, e.expect.index)
  let files: TreeDiff | undefined
  let detail = `content digest ${short(digest)} (want ${short(e.expect.content_digest ?? '')}): same names, sizes and modes, different bytes`
  if (index) {
    const extra = shas ?? contentExtras(root, walk)
    files = diffIndex(index, walk.records, extra).diff
    detail = describeDiff(files)
  }
  const f = finding(
    e,
    'CORRUPT',
    'content',
    detail,
    recorded,
    { ...found, content: short(digest) },
    cached
  )
  return files ? { ...f, files } : f
}

/** Link targets and the hashes the walk made, by record index (for a diff). */
function walkExtras(root: string, walk: Walked): (string | undefined)[] {
  const extras = linkTargets(root, walk.records)
  const shas = walk.shas ?? []
  walk.records.forEach((r, i) => {
    if (r.type === 'f') extras[i] = shas[i]
  })
  return extras
}

/** Recompute per-file hashes synchronously (only on a cached mismatch, which is rare). */
function contentExtras(root: string, walk: Walked): (string | undefined)[] {
  const extras = linkTargets(root, walk.records)
  walk.records.forEach((r, i) => {
    if (r.type !== 'f') return
    try {
      extras[i] = hashFile(`${root}/${r.rel}`).sha256
    } catch {
      extras[i] = undefined
    }
  })
  return extras
}

function okDetail(e: TreeEntry, walk: Walked, content: boolean): string {
  const what = content
    ? 'content digest matches'
    : e.expect.meta_digest
      ? 'metadata digest matches'
      : 'loose: sentinels and count only'
  return `${num(walk.files)} files, ${e.expect.sentinels.length} sentinels, ${what}`
}
