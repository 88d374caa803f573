/**
 * An S3-compatible bucket as the engine sees it: four calls on objects under keys, nothing about
 * archives, seals or bundles. The shells fill it with the AWS SDK (adapters/s3/objects.ts); the
 * stores built on it (sync/s3-store.ts for push and pull, adapters/s3/cache.ts for the cache
 * action) decide the object layout. Keys are immutable here: `putIfAbsent` never replaces an
 * object, so a copy once written is the copy every later reader gets.
 */
import type { Readable } from 'node:stream'
import { UsageError } from './errors.js'

export interface S3ObjectInfo {
  key: string
  size: number
  lastModified: Date
}

/**
 * A file still being written, stored with `head` in front of it: its bytes below the last
 * `onGrow` count are final and may be sent; `ended` gives the head and the file's final size, or
 * rejects when the writing stopped (nothing is then stored).
 */
export interface GrowingFile {
  file: string
  onGrow(cb: (written: number) => void): void
  ended: Promise<{ head: Buffer; size: number }>
}

/**
 * What is stored: bytes in memory, a file streamed from disk (multipart above the part size), or
 * a file sent while it grows (multipart once it is large enough).
 */
export type S3Body = { bytes: Buffer } | { file: string; size: number } | { growing: GrowingFile }

export interface S3Objects {
  /** `s3://BUCKET`, for messages. */
  readonly shown: string
  /** Store `body` under `key` unless an object is there already ('exists': nothing written). */
  putIfAbsent(key: string, body: S3Body, meta?: Record<string, string>): Promise<'saved' | 'exists'>
  /**
   * The object as a stream that errors past `maxBytes`; undefined when no object has the key. The
   * caller destroys the stream when done.
   */
  get(
    key: string,
    maxBytes: number
  ): Promise<{ body: Readable; size: number; lastModified?: Date | undefined } | undefined>
  /** The object's size and age, or undefined when there is none. */
  head(key: string): Promise<S3ObjectInfo | undefined>
  /** At most `limit` objects whose keys start with `prefix`, newest first. */
  list(prefix: string, limit: number): Promise<S3ObjectInfo[]>
}

/**
 * A bucket call that failed after the client's own retries: one line naming the bucket and the
 * cause (denied credentials, no such bucket, throttled, unreachable), never a secret.
 */
export class S3Failure extends Error {
  constructor(
    message: string,
    readonly cause_: 'denied' | 'no-bucket' | 'throttled' | 'network' | 'other'
  ) {
    super(message)
    this.name = 'S3Failure'
  }
}

/** Where objects go: the bucket and a key prefix ('' or ending in '/'). */
export interface S3Place {
  bucket: string
  prefix: string
}

/** Bucket names as S3 takes them (3-63 lower-case letters, digits, '.', '-'). */
const BUCKET_RE = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/

export function checkBucket(bucket: string, what: string): string {
  if (!BUCKET_RE.test(bucket) || bucket.includes('..'))
    throw new UsageError(
      `${what}: ${JSON.stringify(bucket.slice(0, 80))} is not a bucket name (3-63 lower-case letters, digits, "." or "-")`
    )
  return bucket
}

/** A key prefix: path segments of printable ASCII, no '.', '..' or empty segment; '' or ending in '/'. */
export function checkPrefix(prefix: string, what: string): string {
  const trimmed = prefix.replace(/^\/+|\/+$/g, '')
  if (trimmed === '') return ''
  const segments = trimmed.split('/')
  if (
    trimmed.length > 256 ||
    segments.some(s => s === '' || s === '.' || s === '..' || !/^[A-Za-z0-9._=+@-]+$/.test(s))
  )
    throw new UsageError(
      `${what}: ${JSON.stringify(prefix.slice(0, 80))} is not a key prefix (segments of letters, digits, ".", "_", "-", "=", "+", "@", joined by "/")`
    )
  return `${trimmed}/`
}

/** `s3://BUCKET[/PATH]` as the bucket and the path after it (no leading '/'). */
export function parseS3Url(spec: string): { bucket: string; path: string } {
  const m = /^s3:\/\/([^/?#@]*)(?:\/([^?#]*))?$/.exec(spec)
  if (!m)
    throw new UsageError(
      `${JSON.stringify(spec.slice(0, 120))}: an S3 store is s3://BUCKET/PREFIX (no query, no credentials)`
    )
  return { bucket: checkBucket(m[1] ?? '', spec.slice(0, 120)), path: m[2] ?? '' }
}
