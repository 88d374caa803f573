/**
 * An S3-compatible bucket as the store of sealed caches: the same archive and seal as in the
 * Actions cache, the same verification, under an object layout that keeps the Actions cache's
 * rules, which S3 itself does not have:
 *
 *   PREFIX/SCOPE/VERSION/KEY
 *
 * - SCOPE is the git ref the saving run was for (`refs/heads/main`, `refs/pull/7/merge`), written
 *   as one escaped segment. A run reads its own ref's entries, then its base branch's and the
 *   default branch's; it writes only its own. So a pull request never writes what `main`
 *   restores. (Anyone holding the bucket's write credentials can of course write anywhere: the
 *   seal's signature, not the layout, is what a restore trusts.)
 * - VERSION is sha256 of swr's marker, the `path` lines as written and the compression: a step
 *   with other lines, or a plain archive, never meets this one.
 * - KEY is the cache key, each byte outside `A-Za-z0-9._-` escaped, so a restore-keys prefix is a
 *   prefix of the object names it selects, listed newest first.
 *
 * Keys are immutable as in the Actions cache: a save asks first and creates conditionally.
 */
import { createHash } from 'node:crypto'
import {
  type ArchiveCompression,
  type DownloadBounds,
  type S3Body,
  type S3Objects,
  type SealedCacheClient,
  buckets,
  sealedCache
} from '../../core/index.js'

/** The refs a run reads (its own first) and the one it writes. */
export interface S3CacheScope {
  write: string
  read: readonly string[]
}

export interface S3SealedCacheOptions {
  objects: S3Objects
  /** '' or ending in '/'. */
  prefix: string
  scope: S3CacheScope
  bounds?: DownloadBounds | undefined
  onNote?: ((line: string) => void) | undefined
}

/** The largest archive a restore reads (the Actions cache's per-repository quota is 10 GiB). */
const MAX_ARCHIVE_BYTES = 64 * 1024 ** 3
/** S3's bound on an object name, in bytes. */
const MAX_OBJECT_KEY = 1024
/** How many objects a restore-keys prefix looks at. */
const LIST_LIMIT = 1000
const COMPRESSIONS: readonly ArchiveCompression[] = ['zstd', 'gzip']

/** Each byte outside A-Za-z0-9._- as %XX: prefix-preserving, and never a '/' or '..'. */
export function escapeSegment(s: string): string {
  let out = ''
  for (const b of Buffer.from(s, 'utf8')) {
    const c = String.fromCharCode(b)
    out +=
      /[A-Za-z0-9_-]/.test(c) || (c === '.' && out !== '')
        ? c
        : `%${b.toString(16).toUpperCase().padStart(2, '0')}`
  }
  return out
}

export function s3SealedVersion(lines: readonly string[], compression: ArchiveCompression): string {
  return createHash('sha256')
    .update([sealedCache.SEALED_VERSION_MARKER, ...lines, compression].join('|'))
    .digest('hex')
}

function objectDir(
  prefix: string,
  ref: string,
  lines: readonly string[],
  c: ArchiveCompression
): string {
  return `${prefix}${escapeSegment(ref)}/${s3SealedVersion(lines, c)}/`
}

/** Where the store failed, as the engine's outage (a miss that says so). */
function unavailable(err: unknown): never {
  if (err instanceof buckets.S3Failure) throw new sealedCache.StoreUnavailable(err.message)
  throw err
}

export function s3SealedCacheClient(opts: S3SealedCacheOptions): SealedCacheClient {
  const { objects, prefix, scope } = opts
  const readRefs = [...new Set([scope.write, ...scope.read])]
  const archive = (name: string, compression: ArchiveCompression, key: string, exact: boolean) => ({
    matchedKey: key,
    exact,
    compression,
    bounds: opts.bounds,
    async open() {
      const got = await objects.get(name, MAX_ARCHIVE_BYTES).catch(unavailable)
      if (!got)
        throw new sealedCache.StoreUnavailable(
          `${objects.shown}: the object for key ${key} went away`
        )
      return got.body
    }
  })
  /** The object a save of `key` creates: in this ref's scope; undefined when S3 cannot name it. */
  const savedName = (
    lines: readonly string[],
    key: string,
    compression: ArchiveCompression
  ): string | undefined => {
    const name = objectDir(prefix, scope.write, lines, compression) + escapeSegment(key)
    return Buffer.byteLength(name) > MAX_OBJECT_KEY ? undefined : name
  }
  const put = async (
    lines: readonly string[],
    key: string,
    compression: ArchiveCompression,
    body: S3Body
  ): Promise<'saved' | 'exists' | 'failed'> => {
    const name = savedName(lines, key, compression)
    if (name === undefined) {
      opts.onNote?.(
        `cache save: the object name for this key is over ${MAX_OBJECT_KEY} bytes in S3: not saved`
      )
      return 'failed'
    }
    try {
      return await objects.putIfAbsent(name, body)
    } catch (err) {
      // The save itself stopped (a file changed while read): the engine says why.
      if ('growing' in body && !(err instanceof buckets.S3Failure)) throw err
      opts.onNote?.(
        `cache save: ${err instanceof buckets.S3Failure ? err.message : String(err).split('\n')[0]}`
      )
      return 'failed'
    }
  }
  return {
    async find(lines, key, restoreKeys) {
      try {
        for (const ref of readRefs)
          for (const c of COMPRESSIONS) {
            const name = objectDir(prefix, ref, lines, c) + escapeSegment(key)
            if (await objects.head(name)) return archive(name, c, key, true)
          }
        for (const wanted of restoreKeys)
          for (const ref of readRefs) {
            // Newest first across both compressions, as one listing would give them.
            const found = (
              await Promise.all(
                COMPRESSIONS.map(async c => {
                  const dir = objectDir(prefix, ref, lines, c)
                  const listed = await objects.list(dir + escapeSegment(wanted), LIST_LIMIT)
                  return listed.map(o => ({ ...o, c, dir }))
                })
              )
            )
              .flat()
              .sort((a, b) => b.lastModified.getTime() - a.lastModified.getTime())[0]
            if (!found) continue
            const matched = decodeURIComponent(found.key.slice(found.dir.length))
            return archive(found.key, found.c, matched, matched === key)
          }
        // A HEAD of a missing bucket reads as a missing object: one listing tells them apart, so a
        // bucket that is not there is an outage that says so, never "no cache for key".
        await objects.list(objectDir(prefix, scope.write, lines, 'zstd') + escapeSegment(key), 1)
        return undefined
      } catch (err) {
        return unavailable(err)
      }
    },
    save: (lines, key, file) =>
      put(lines, key, file.compression, { file: file.file, size: file.size }),
    // The body goes up in parts as it is written, the seal's frame last as the first part.
    saveLive: (lines, key, live) => put(lines, key, live.compression, { growing: live }),
    async taken(lines, key, compression) {
      const name = savedName(lines, key, compression)
      if (name === undefined) return false
      // A HEAD that fails (a denied action, a missing bucket) cannot tell: the save's own upload
      // meets the same failure and says so, as it did before this look.
      return objects.head(name).then(
        found => found !== undefined,
        () => false
      )
    }
  }
}
