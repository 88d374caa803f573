/**
 * Making a seal where the paths were built: each path captured as the entry of its last name (a
 * tree with its full per-file index, a file with its sha256, a link with its target), in the
 * order the step names them. The capture is the same as `swr add`'s, so a seal and a manifest
 * entry of the same tree record the same digests.
 */
import os from 'node:os'
import path from 'node:path'
import { captureEntry } from '../capture/capture.js'
import type { PoolOptions } from '../walk/hash-pool.js'
import type { SealLocation } from './locations.js'
import { SEAL_SCHEMA, type SealBody, type SealedPath } from './seal.js'

export interface SealRequest {
  key: string
  locations: readonly SealLocation[]
  /** When and where, for people reading the seal. */
  at: Date
  run?: string | undefined
  pool?: PoolOptions | undefined
}

async function sealPath(loc: SealLocation, pool: PoolOptions | undefined): Promise<SealedPath> {
  const name = path.basename(loc.abs)
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
    pool ? { pool } : {}
  )
  // A note (a secret file's) is for a manifest's reader; a seal records state only.
  const { note: _note, ...entry } = captured.entry
  return {
    spelling: loc.spelling,
    member: loc.member,
    entry,
    ...(captured.index ? { index: captured.index.toString('base64') } : {})
  }
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

export async function makeSealBody(req: SealRequest): Promise<SealBody> {
  const c = libc()
  const paths: SealedPath[] = []
  // One at a time: each tree's capture already spreads its hashing over every core.
  for (const loc of req.locations) paths.push(await sealPath(loc, req.pool))
  return {
    schema: SEAL_SCHEMA,
    key: req.key,
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
