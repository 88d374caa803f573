/**
 * Capturing an entry's expectations from disk, now: the healthy state becomes the truth later
 * checks compare with. Uses the same walk, hashing kernel and digests as the verifiers, so a
 * captured entry verifies by construction.
 */
import fs from 'node:fs'
import path from 'node:path'
import { VOLATILE_DIRS, underVolatileDir } from './diagnose.js'
import { UsageError } from './errors.js'
import { ENTRY_ID } from './manifest/paths.js'
import { SECRET_NOTE, secretReason } from './secrets.js'
import { hashAll, type HashJob, type PoolOptions } from './verify/hash-pool.js'
import { hashHeadTail } from './verify/hash-kernel.mjs'
import { hashOffThread } from './hash-off-thread.js'
import { locateInside } from './verify/locate-entry.js'
import { octal } from './verify/mode.js'
import { encodeIndex, indexRef, type IndexRecord } from './verify/tree-index.js'
import { contentDigest, linkTargets, metaDigestOf, walkTree } from './verify/walk.js'
import type { Entry, Kind, Tier, TreeEntry } from './types.js'

/** Files at least this large are tracked as blobs unless a kind is given. */
export const BLOB_THRESHOLD = 64 * 1024 * 1024

/** Build and project files whose presence at a tree's root says what the tree is. */
export const PROJECT_MARKERS = [
  'package.json',
  'CMakeLists.txt',
  'go.mod',
  'Cargo.toml',
  'pyproject.toml',
  'setup.py',
  'Makefile',
  'pom.xml',
  'build.gradle',
  'Gemfile'
]

/** Markers whose presence at a tree's root makes a good sentinel. */
const MARKERS = [...PROJECT_MARKERS, 'SKILL.md', 'README.md']

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

export interface CaptureOptions {
  pool?: PoolOptions
  /** swr's own files (see ownPaths), left out of captured trees. */
  exclude?: ReadonlySet<string>
  /** swr's state directory: a file under it is a secret (see secrets.ts). */
  stateDir?: string
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
  if (taken.has(id)) throw new UsageError(`entry "${id}" already exists in the manifest`)
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
      const d = await hashOffThread(loc.abs, 'full', Number(st.size))
      if ('error' in d) throw new UsageError(`${req.path}: cannot read (${d.error})`)
      return {
        entry: { ...common, kind, expect: { size: d.size, sha256: d.sha256, mode: octal(d.mode) } }
      }
    }
    case 'blob': {
      const ht = hashHeadTail(loc.abs)
      const full = await hashOffThread(loc.abs, 'full', ht.size)
      if ('error' in full) throw new UsageError(`${req.path}: cannot read (${full.error})`)
      return {
        entry: {
          ...common,
          kind,
          expect: { size: ht.size, headtail: ht.sha256, sha256: full.sha256, mode: octal(ht.mode) }
        }
      }
    }
    case 'link':
      return { entry: { ...common, kind, expect: { target: fs.readlinkSync(loc.abs) } } }
    case 'tree':
      return captureTree(fs.realpathSync(loc.abs), req, common, pool, opts.exclude ?? new Set())
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
  exclude: ReadonlySet<string>
): Promise<Captured> {
  const ignore = req.ignore ?? []
  const walk = walkTree(root, ignore, exclude)
  if (walk.unreadable.length > 0) {
    throw new UsageError(
      `${req.path}: cannot read ${walk.unreadable.map(u => `${u.rel} (${u.code})`).join(', ')}`
    )
  }
  const extras = linkTargets(root, walk.records)
  const jobs: HashJob[] = []
  const at: number[] = []
  walk.records.forEach((r, i) => {
    if (r.type === 'f') {
      jobs.push({ abs: path.join(root, r.rel), how: 'full', cost: r.size })
      at.push(i)
    }
  })
  const results = await hashAll(jobs, pool)
  results.forEach((res, k) => {
    if ('error' in res)
      throw new UsageError(
        `${req.path}/${walk.records[at[k] ?? 0]?.rel}: cannot read (${res.error})`
      )
    extras[at[k] ?? 0] = res.sha256
  })
  const records: IndexRecord[] = walk.records.map((r, i) => ({
    rel: r.rel,
    type: r.type,
    mode: r.mode,
    size: r.size,
    extra: extras[i]
  }))
  const index = encodeIndex(records)
  const sentinels =
    req.sentinels ??
    pickSentinels(walk.records.filter(r => r.type === 'f' && r.size > 0).map(r => r.rel))
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
      min_files: req.minFiles ?? walk.files,
      max_files: req.maxFiles ?? walk.files,
      files: walk.files,
      meta_digest: metaDigestOf(walk.records),
      content_digest: contentDigest(walk.records, extras),
      index: indexRef(index, records.length)
    }
  }
  return { entry, index }
}

/** Up to three sentinels: known markers at the root, then the deepest non-empty file. */
export function pickSentinels(files: readonly string[]): string[] {
  const set = new Set(files)
  const picked = MARKERS.filter(m => set.has(m)).slice(0, 2)
  const deepest = [...files]
    .filter(f => !f.split('/').some(s => VOLATILE_DIRS.has(s)))
    .sort((a, b) => b.split('/').length - a.split('/').length || (a < b ? -1 : 1))[0]
  if (deepest && !picked.includes(deepest)) picked.push(deepest)
  return picked
}
