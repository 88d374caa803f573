/**
 * Capturing an entry's expectations from disk, now: the healthy state becomes the truth later
 * checks compare with. Uses the same walk, hashing kernel and digests as the verifiers, so a
 * captured entry verifies by construction.
 */
import fs from 'node:fs'
import pLimit from 'p-limit'
import { UsageError } from '../errors.js'
import { ENTRY_ID } from '../manifest/paths.js'
import { SECRET_NOTE, secretReason } from './secrets.js'
import { shownName } from '../walk/byte-names.mjs'
import { hashOne, type PoolOptions } from '../walk/hash-pool.js'
import { hashHeadTail } from '../walk/hash-kernel.mjs'
import { followInside } from '../verify/link.js'
import { locateInside } from '../verify/locate-entry.js'
import { octal } from '../walk/mode.js'
import { underVolatileDir } from './volatile-dirs.js'
import { ATTEMPTS, changedWhileRead, sameState } from './steady.js'
import { captureTreeState } from './tree.js'
import { captureTreeStreamed, type TreeArchiver } from './tree-stream.js'
import { indexRef } from '../walk/tree-index.js'
import type { Entry, Kind, Tier, TreeEntry } from '../types.js'

/** Files at least this large are tracked as blobs unless a kind is given. */
export const BLOB_THRESHOLD = 64 * 1024 * 1024

export interface CaptureRequest {
  /** Manifest spelling of the path (validated). */
  path: string
  id?: string | undefined
  kind?: Kind | undefined
  tier?: Tier | undefined
  needs?: string[] | undefined
  restore?: string | undefined
  timeout_s?: number | undefined
  smoke?: string | undefined
  note?: string | undefined
  sentinels?: string[] | undefined
  ignore?: string[] | undefined
  minFiles?: number | undefined
  maxFiles?: number | undefined
  /** Blobs: false records size, mode and head/tail only (never read in full by check). */
  fullHash?: boolean | undefined
}

export interface Captured {
  entry: Entry
  /** The tree index sidecar's bytes, to be written beside the manifest. */
  index?: Buffer
}

/** An id for `rel` that matches the id rule and is not in `taken`. */
export function deriveId(rel: string, taken: ReadonlySet<string>): string {
  const base =
    (rel === '.' ? 'workspace' : rel.split('/').slice(-2).join('-'))
      .replace(/[^A-Za-z0-9._-]+/g, '-')
      .replace(/^[.-]+/, '')
      .slice(0, 100) || 'entry'
  let id = base
  for (let n = 2; taken.has(id); n++) id = `${base}-${n}`
  return id
}

/** The refusal of an id the manifest (or an earlier line of the same batch) already has. */
export function idTaken(id: string): UsageError {
  return new UsageError(`entry "${id}" already exists in the manifest`)
}

export interface CaptureOptions {
  pool?: PoolOptions
  /** swr's own files (see ownPaths), left out of captured trees. */
  exclude?: ReadonlySet<string>
  /** swr's state directory: a file under it is a secret (see secrets.ts). */
  stateDir?: string
  /** A tree walked once, each entry archived as it is captured (tree-stream.ts). */
  archiveTree?: TreeArchiver
}

export async function captureEntry(
  workspace: string,
  req: CaptureRequest,
  taken: ReadonlySet<string>,
  opts: CaptureOptions = {}
): Promise<Captured> {
  const pool = opts.pool ?? {}
  const loc = locateInside(workspace, req.path)
  if (loc.state !== 'present') throw new UsageError(`${req.path}: cannot add: ${loc.why}`)
  const st = loc.st
  const kind: Kind =
    req.kind ??
    (st.isSymbolicLink()
      ? 'link'
      : st.isDirectory()
        ? 'tree'
        : Number(st.size) >= BLOB_THRESHOLD
          ? 'blob'
          : 'file')
  const mode = Number(st.mode & 0o7777n)
  const wrongType = (want: string): UsageError =>
    new UsageError(`${req.path}: cannot add as ${kind}: it is not ${want}`)
  if ((kind === 'file' || kind === 'blob') && !st.isFile()) throw wrongType('a regular file')
  if (kind === 'tree' && !st.isDirectory()) throw wrongType('a directory')
  if (kind === 'link' && !st.isSymbolicLink()) throw wrongType('a symlink')
  const id = req.id ?? deriveId(req.path, taken)
  if (!ENTRY_ID.test(id)) throw new UsageError(`--id ${id}: must match ${ENTRY_ID.source}`)
  if (taken.has(id)) throw idTaken(id)
  // A secret is tier 0 by default (its loss is a credential loss) and says why it has no escrow.
  const secret =
    kind === 'file'
      ? secretReason({
          rel: req.path,
          abs: loc.abs,
          ...(opts.stateDir !== undefined ? { stateDir: opts.stateDir } : {})
        })
      : undefined
  const note = req.note ?? (secret !== undefined ? SECRET_NOTE : undefined)
  const common = {
    id,
    path: req.path,
    tier: req.tier ?? (secret !== undefined ? 0 : defaultTier(kind, req.path, mode)),
    needs: req.needs ?? [],
    ...(req.restore !== undefined ? { restore: req.restore } : {}),
    ...(req.timeout_s !== undefined ? { timeout_s: req.timeout_s } : {}),
    ...(req.smoke !== undefined ? { smoke: req.smoke } : {}),
    ...(note !== undefined ? { note } : {})
  }
  switch (kind) {
    case 'file': {
      if (req.fullHash === false)
        throw new UsageError(`${req.path}: --no-full-hash is for blobs (add it with --kind blob)`)
      // Off the main thread when large, so the event loop (lock refresh, signals) stays live.
      const d = await steadily(req.path, loc.abs, async () => {
        const r = await hashOne(loc.abs, Number(st.size))
        if ('error' in r) throw new UsageError(`${req.path}: cannot read (${r.error})`)
        return r
      })
      return {
        entry: { ...common, kind, expect: { size: d.size, sha256: d.sha256, mode: octal(d.mode) } }
      }
    }
    case 'blob': {
      if (req.fullHash === false) {
        const ht = await steadily(req.path, loc.abs, async () => hashHeadTail(loc.abs))
        const expect = { size: ht.size, headtail: ht.sha256, mode: octal(ht.mode) }
        return { entry: { ...common, kind, expect } }
      }
      const { ht, full } = await steadily(req.path, loc.abs, async () => {
        const ht = hashHeadTail(loc.abs)
        const full = await hashOne(loc.abs, ht.size)
        if ('error' in full) throw new UsageError(`${req.path}: cannot read (${full.error})`)
        // Two sizes for one file mean it changed between the two reads: -1 matches no state.
        return { ht, full, size: full.size === ht.size ? ht.size : -1 }
      })
      return {
        entry: {
          ...common,
          kind,
          expect: { size: ht.size, headtail: ht.sha256, sha256: full.sha256, mode: octal(ht.mode) }
        }
      }
    }
    case 'link': {
      const target = fs.readlinkSync(loc.abs)
      // The link verifier's own walk: what it would call BROKENLNK is refused now, not recorded.
      const end = followInside(workspace, loc.abs, target)
      if (end.state === 'dangling')
        throw new UsageError(
          `${req.path}: cannot add: the symlink -> ${shownName(target)} is broken (${shownName(end.why)}); add it once its target exists`
        )
      return { entry: { ...common, kind, expect: { target } } }
    }
    case 'tree':
      return captureTree(fs.realpathSync(loc.abs), req, common, pool, opts)
  }
}

/**
 * Capture several entries, three at a time: while the files of some hash on the kernel threads,
 * the main thread walks the next (one by one, the main thread waited for every hash). Ids are
 * derived first, in request order, so they never depend on timing; the results come back in
 * request order, and the error is that of the first request, in that order, that failed.
 */
export async function captureEntries(
  workspace: string,
  reqs: readonly CaptureRequest[],
  taken: ReadonlySet<string>,
  opts: CaptureOptions = {}
): Promise<Captured[]> {
  const seen = new Set(taken)
  const named = reqs.map(req => {
    const id = req.id ?? deriveId(req.path, seen)
    const duplicate = seen.has(id)
    seen.add(id)
    return { req: { ...req, id }, duplicate }
  })
  const pool = { ...opts.pool, batch: reqs.length > 1 }
  const limit = pLimit(3)
  const pending = named.map(({ req, duplicate }) =>
    limit(() => {
      if (duplicate) throw idTaken(req.id)
      return captureEntry(workspace, req, taken, { ...opts, pool })
    })
  )
  // Awaited in order below; a later failure must not surface as an unhandled rejection first.
  for (const p of pending) p.catch(() => undefined)
  const out: Captured[] = []
  try {
    for (const p of pending) out.push(await p)
  } finally {
    limit.clearQueue()
  }
  return out
}

/**
 * Hash a file with its state read before and after: a file that grows or is rewritten meanwhile
 * is hashed again, and refused when it never holds still.
 */
async function steadily<T extends { size: number }>(
  shown: string,
  abs: string,
  hash: () => Promise<T>
): Promise<T> {
  let before = fs.lstatSync(abs, { bigint: true })
  let after: fs.BigIntStats | undefined
  for (let attempt = 1; ; attempt++) {
    const r = await hash()
    after = fs.lstatSync(abs, { bigint: true, throwIfNoEntry: false })
    if (sameState(before, after) && BigInt(r.size) === before.size) return r
    if (attempt === ATTEMPTS || !after) throw changedWhileRead(shown, before.size, after?.size)
    before = after
  }
}

function defaultTier(kind: Kind, rel: string, mode: number): Tier {
  if (kind === 'blob') return 3
  if (kind === 'tree') return underVolatileDir(rel) ? 4 : 2
  if (kind === 'link') return 1
  return (mode & 0o111) !== 0 ? 1 : 2
}

async function captureTree(
  root: string,
  req: CaptureRequest,
  common: Omit<TreeEntry, 'kind' | 'ignore' | 'expect'>,
  pool: PoolOptions,
  opts: CaptureOptions
): Promise<Captured> {
  const ignore = req.ignore ?? []
  const exclude = opts.exclude ?? new Set<string>()
  const src = { root, shown: req.path, ignore, exclude }
  const got = opts.archiveTree
    ? await captureTreeStreamed(src, opts.archiveTree)
    : await captureTreeState(src, pool)
  const sentinels = req.sentinels ?? got.sentinels
  for (const s of sentinels) {
    const loc = locateInside(root, s)
    if (loc.state !== 'present') throw new UsageError(`--sentinel ${s}: not found in ${req.path}`)
    if (loc.st.isFile() && loc.st.size === 0n)
      throw new UsageError(`--sentinel ${s}: is empty in ${req.path}`)
  }
  const entry: TreeEntry = {
    ...common,
    kind: 'tree',
    ignore,
    expect: {
      sentinels,
      min_files: req.minFiles ?? got.files,
      max_files: req.maxFiles ?? got.files,
      files: got.files,
      meta_digest: got.metaDigest,
      content_digest: got.contentDigest,
      ...(got.specialDigest !== undefined ? { special_digest: got.specialDigest } : {}),
      index: indexRef(got.index, got.entries)
    }
  }
  return { entry, index: got.index }
}
