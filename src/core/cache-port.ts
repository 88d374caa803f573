/**
 * The Actions cache as a restore source, seen from the engine: a port the shells fill with the
 * real cache service when it is reachable. The port only finds and streams an archive; it never
 * unpacks one. The engine extracts it itself into a private scratch directory, proves it against
 * the signed manifest while extracting, and only then places it (see restore/scratch.ts), so a
 * partial, stale or poisoned cache can neither pass for the recorded state nor write anywhere.
 */
import { createHash } from 'node:crypto'
import type { Readable } from 'node:stream'
import { canonicalBytes } from './manifest/canonical.js'
import type { LoadedManifest } from './manifest/load.js'
import { resolveEntryPath } from './manifest/paths.js'
import type { Entry } from './types.js'
import type { GrowingFile } from './s3-port.js'

/** A download that delivers no byte for a minute is abandoned. */
export const DEFAULT_STALL_MS = 60_000

/**
 * A store that could not be asked (still failing after its retries): a miss whose reason says so,
 * never "no cache for key", so an outage does not read as a cold miss.
 */
export class StoreUnavailable extends Error {}

export interface CacheHit {
  matchedKey: string
  /** True when the key matched exactly, false for a restore-keys prefix hit. */
  exact: boolean
}

export type ArchiveCompression = 'zstd' | 'gzip'

/** How long a download may go quiet, and how long it may take in all. */
export interface DownloadBounds {
  /** Abandon the download when no byte arrives for this long (ms). */
  stallMs?: number | undefined
  /** Abandon the download when it takes longer than this in all (ms); unset: no bound. */
  totalMs?: number | undefined
  /** What to name the total bound after, e.g. 'SEGMENT_DOWNLOAD_TIMEOUT_MINS'. */
  totalName?: string | undefined
}

/** A cache entry found for a path: not downloaded until `open` is called. */
export interface CacheArchive extends CacheHit {
  compression: ArchiveCompression
  /** The path as the archive names it (relative to the saving job's GITHUB_WORKSPACE, POSIX). */
  prefix: string
  /** The compressed archive as a byte stream (the caller destroys it when done). */
  open(): Promise<Readable>
  /** How long its download may stall and take (the store's settings; defaults otherwise). */
  bounds?: DownloadBounds | undefined
}

export interface CacheClient {
  /** Find the cache saved for `abs`; undefined on a miss or an unreachable service. */
  find(abs: string, key: string, restoreKeys: readonly string[]): Promise<CacheArchive | undefined>
  /** Whether a cache exists for exactly `key`, without downloading it. */
  lookup(abs: string, key: string): Promise<boolean>
  /** Save `abs` under `key`. */
  save(abs: string, key: string): Promise<'saved' | 'exists' | 'failed'>
}

/**
 * The key under which an entry's verified state is saved: its id plus the digest of its signed
 * expectations. Another state of the entry (or another manifest's entry) has another key.
 */
export function stateKey(e: Entry): string {
  const digest = createHash('sha256').update(canonicalBytes(e)).digest('hex')
  return `swr-v1-${e.id}-${digest.slice(0, 32)}`
}

/** Whether an entry's exact expected state is saved in the cache. */
export interface CacheLookup {
  id: string
  key: string
  available: boolean
}

/** Which entries have a cache saved for exactly their expected state (no download). */
export async function lookupSavedStates(
  m: LoadedManifest,
  entries: readonly Entry[],
  cache: CacheClient
): Promise<CacheLookup[]> {
  const out: CacheLookup[] = []
  for (const e of entries) {
    const key = stateKey(e)
    out.push({
      id: e.id,
      key,
      available: await cache.lookup(resolveEntryPath(m.workspace, e.path), key)
    })
  }
  return out
}

/**
 * Hashed into a sealed archive's cache version before the `path` lines: a plain `actions/cache`
 * step with the same key and paths never finds a sealed archive, nor a sealed step a plain one.
 * 3: the seal is a zstd frame (or gzip member) of its own before the body's, which an earlier
 * swr on Node's zstd would read as the whole archive, so the two never meet.
 */
export const SEALED_VERSION_MARKER = 'swr-sealed-cache/3'

/** A sealed archive written to a local file, ready to upload. */
export interface SealedArchiveFile {
  file: string
  size: number
  compression: ArchiveCompression
}

/**
 * A sealed archive whose body is still being written: a store that can send bytes before it has
 * them all (S3's multipart upload) sends the body's as they reach the disk, and the seal's frame
 * (`head`), which goes in front of them but is made last, once `ended` gives it.
 */
export interface LiveSealedArchive extends GrowingFile {
  compression: ArchiveCompression
}

/**
 * The Actions cache as the store of sealed caches: archives saved under a version of the step's
 * `path` lines as written (with swr's own marker, so sealed and plain archives never mix), found by
 * key or restore-keys prefix, downloaded as a stream, never extracted by it.
 */
export interface SealedCacheClient {
  find(
    lines: readonly string[],
    key: string,
    restoreKeys: readonly string[]
  ): Promise<Omit<CacheArchive, 'prefix'> | undefined>
  /** Upload `archive` under `key` and the version of `lines`; 'exists' when the key is taken. */
  save(
    lines: readonly string[],
    key: string,
    archive: SealedArchiveFile
  ): Promise<'saved' | 'exists' | 'failed'>
  /**
   * Whether the object a save of `key` (with these lines, archived with `compression`) would
   * create is there already, told without creating anything (stores that can: a save then skips
   * reading and archiving what it could never store). False when it cannot tell: the save goes
   * on and its upload says what the store says.
   */
  taken?(lines: readonly string[], key: string, compression: ArchiveCompression): Promise<boolean>
  /** `save`, started before the archive is whole (stores that can take it so). */
  saveLive?(
    lines: readonly string[],
    key: string,
    archive: LiveSealedArchive
  ): Promise<'saved' | 'exists' | 'failed'>
}
