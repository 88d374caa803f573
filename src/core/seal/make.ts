/**
 * Making a seal where the paths were built: each path captured as the entry of its last name (a
 * tree with its full per-file index, a file with its sha256, a link with its target), in the
 * order the step names them. The capture is the same as `swr add`'s, so a seal and a manifest
 * entry of the same tree record the same digests.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { releaseBuffer } from '../memory/release.mjs'
import { captureEntry } from '../capture/capture.js'
import type { PoolOptions } from '../walk/hash-pool.js'
import { parseIndex, type IndexRecord } from '../walk/tree-index.js'
import type { Entry } from '../types.js'
import type { SealLocation } from './locations.js'
import { SEAL_SCHEMA, type SealBody, type SealedPath } from './seal.js'
import type { ArchiveBody } from './write-archive.js'

export interface SealRequest {
  key: string
  /** A cache step's `path` lines, recorded with the paths they selected. */
  patterns?: readonly string[] | undefined
  locations: readonly SealLocation[]
  /** When and where, for people reading the seal. */
  at: Date
  run?: string | undefined
  pool?: PoolOptions | undefined
}

/**
 * The tree's hard links: each regular file that shares an inode with an earlier one (index order),
 * with that earlier one. Files that link to something outside the tree are kept as files.
 */
function hardLinks(root: string, records: readonly IndexRecord[]): [string, string][] {
  const first = new Map<string, string>()
  const out: [string, string][] = []
  for (const r of records) {
    if (r.type !== 'f') continue
    const st = fs.lstatSync(path.join(root, r.rel), { throwIfNoEntry: false, bigint: true })
    if (!st || st.nlink < 2n || !st.isFile()) continue
    const id = `${st.dev}:${st.ino}`
    const earlier = first.get(id)
    if (earlier === undefined) first.set(id, r.rel)
    else out.push([r.rel, earlier])
  }
  return out
}

async function sealPath(
  loc: SealLocation,
  pool: PoolOptions | undefined,
  archive: ArchiveBody | undefined
): Promise<SealedPath> {
  const name = path.basename(loc.abs)
  const archivedLinks: [string, string][] = []
  const opts = {
    ...(pool ? { pool } : {}),
    ...(archive ? { archiveTree: archive.tree(loc.member, archivedLinks) } : {})
  }
  const captured = await captureEntry(
    path.dirname(loc.abs),
    {
      path: name,
      id: 'sealed',
      tier: 4,
      ...(loc.kind ? { kind: loc.kind } : {}),
      ...(loc.ignore ? { ignore: loc.ignore } : {})
    },
    new Set(),
    opts
  )
  // A note (a secret file's) is for a manifest's reader; a seal records state only.
  const { note: _note, ...entry } = captured.entry
  let links = archivedLinks
  if (!archive) links = treeLinks(loc, entry, captured.index)
  else if (entry.kind !== 'tree') await archive.add({ member: loc.member, abs: loc.abs, entry })
  const index = captured.index?.toString('base64')
  releaseBuffer(captured.index)
  return {
    spelling: loc.spelling,
    member: loc.member,
    entry,
    ...(index !== undefined ? { index } : {}),
    ...(links.length > 0 ? { links } : {})
  }
}

/** A captured tree's hard links, from its index (a seal made without writing an archive). */
function treeLinks(loc: SealLocation, entry: Entry, index: Buffer | undefined): [string, string][] {
  if (entry.kind !== 'tree' || !index || !entry.expect.index) return []
  const records = parseIndex(index, entry.expect.index)
  if (!records) throw new Error(`${loc.spelling}: its index did not read back`)
  return hardLinks(loc.abs, records)
}

/**
 * A seal's body. With `archive`, every path is archived by the
 * same reads that hash it (a tree's files are read once, by the archive writer) in seal order.
 */
export async function makeSeal(req: SealRequest, archive?: ArchiveBody): Promise<SealBody> {
  const made: SealedPath[] = []
  // One at a time: each tree's capture spreads its hashing over every core, and an archive is
  // written in the seal's order.
  for (const loc of req.locations) made.push(await sealPath(loc, req.pool, archive))
  return bodyOf(req, made)
}

let libcSeen: 'glibc' | 'musl' | undefined | null = null

/** Linux's C library (glibc or musl) as Node reports it; undefined elsewhere. */
export function libc(): 'glibc' | 'musl' | undefined {
  if (libcSeen !== null) return libcSeen
  if (os.platform() !== 'linux') return (libcSeen = undefined)
  const header = (process.report?.getReport() as { header?: { glibcVersionRuntime?: string } })
    ?.header
  return (libcSeen = header?.glibcVersionRuntime ? 'glibc' : 'musl')
}

function bodyOf(req: SealRequest, paths: SealedPath[]): SealBody {
  const c = libc()
  return {
    schema: SEAL_SCHEMA,
    key: req.key,
    ...(req.patterns ? { patterns: [...req.patterns] } : {}),
    paths,
    made: {
      at: req.at.toISOString(),
      os: os.platform(),
      arch: os.arch(),
      ...(c ? { libc: c } : {}),
      ...(req.run ? { run: req.run } : {})
    }
  }
}
