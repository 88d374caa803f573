/**
 * An S3-compatible bucket (AWS S3, MinIO, R2, Ceph, ...) behind the engine's S3Objects port, on the
 * AWS SDK v3: its signing, its retries (standard mode: throttling and 5xx answers and dropped
 * connections are tried again with backoff), its credential chain (the environment's
 * AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, else a profile, web identity, the container or
 * instance role). The SDK is large: it is loaded by a dynamic import on the first call, so no other
 * command parses it.
 *
 * Keys are immutable: a put asks for the key first and sends `If-None-Match: *` with a single PUT
 * and with the completion of a multipart upload, so a store that honours it (S3, MinIO, R2)
 * refuses a second writer that raced past the check. Every failure is one line naming the
 * bucket and the cause by the store's error code, never its message or a credential.
 */
import fs from 'node:fs'
import { Readable, Transform } from 'node:stream'
import type { S3Client } from '@aws-sdk/client-s3'
import { type S3ObjectInfo, type S3Objects, buckets } from '../../core/index.js'
import { putGrowing, WritingStopped } from './growing-upload.js'

export interface S3Settings {
  bucket: string
  /** The region; default AWS_REGION, AWS_DEFAULT_REGION, else us-east-1 (any for MinIO and R2). */
  region?: string | undefined
  /** A store other than AWS (MinIO, R2): its URL; default SWR_S3_ENDPOINT, AWS_ENDPOINT_URL_S3, AWS_ENDPOINT_URL. */
  endpoint?: string | undefined
  /** Bucket in the path, not the host name (MinIO and most self-hosted stores need it). */
  forcePathStyle?: boolean | undefined
  /** Bytes per part of a multipart upload (at least 5 MiB); default SWR_S3_PART_SIZE_MB, else 16 MiB. */
  partSize?: number | undefined
  /** A request's time limit (ms), and how long a download may stay quiet. */
  requestMs?: number | undefined
  /** Tries per request, the first included (the SDK's retries). */
  maxAttempts?: number | undefined
  env: NodeJS.ProcessEnv
}

const MIB = 1024 * 1024
export const MIN_PART_SIZE = 5 * MIB
const DEFAULT_PART_SIZE = 16 * MIB
/** How many keys a listing reads at most (10 pages of 1000). */
const LIST_SCAN_MAX = 10_000

/** The settings the environment gives, under the ones passed. */
export function s3SettingsFromEnv(
  env: NodeJS.ProcessEnv,
  given: Partial<S3Settings> & { bucket: string }
): S3Settings {
  const mb = Number(env.SWR_S3_PART_SIZE_MB)
  const endpoint =
    given.endpoint || env.SWR_S3_ENDPOINT || env.AWS_ENDPOINT_URL_S3 || env.AWS_ENDPOINT_URL
  return {
    ...given,
    env,
    region: given.region || env.AWS_REGION || env.AWS_DEFAULT_REGION || 'us-east-1',
    endpoint: endpoint || undefined,
    forcePathStyle:
      given.forcePathStyle ?? (env.SWR_S3_FORCE_PATH_STYLE ?? '').toLowerCase() === 'true',
    partSize:
      given.partSize ??
      (Number.isInteger(mb) && mb >= 5 && mb <= 512 ? mb * MIB : DEFAULT_PART_SIZE)
  }
}

type Sdk = typeof import('@aws-sdk/client-s3')
type Storage = typeof import('@aws-sdk/lib-storage')
let sdk: Promise<[Sdk, Storage]> | undefined

function loadSdk(): Promise<[Sdk, Storage]> {
  // The SDK warns on stderr about Node versions it will drop; swr says what matters itself.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true'
  sdk ??= Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/lib-storage')])
  return sdk
}

interface SdkError {
  name?: string
  code?: string
  Code?: string
  message?: string
  $metadata?: { httpStatusCode?: number; attempts?: number }
}

const DENIED = new Set([
  'AccessDenied',
  'InvalidAccessKeyId',
  'SignatureDoesNotMatch',
  'ExpiredToken',
  'InvalidToken',
  'TokenRefreshRequired',
  'AllAccessDisabled',
  'AccountProblem',
  'Forbidden'
])
const NETWORK = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'TimeoutError',
  'RequestTimeout'
])

/** A code as printed: letters and digits only (what a store sends is not trusted). */
const codeText = (v: string | undefined): string =>
  (v ?? '').replace(/[^A-Za-z0-9_]/g, '').slice(0, 40)

/** One line for a failed call: the bucket, what was asked, the cause. */
export function classifyS3Error(err: unknown, shown: string, what: string): buckets.S3Failure {
  if (err instanceof buckets.S3Failure) return err
  const e = (err ?? {}) as SdkError
  // A HEAD answer has no body: the SDK then knows the status only.
  const name = /^Unknown(Error)?$/.test(codeText(e.Code || e.name))
    ? ''
    : codeText(e.Code || e.name)
  const code = codeText(e.code)
  const status = e.$metadata?.httpStatusCode
  const tries = e.$metadata?.attempts ?? 1
  const after = tries > 1 ? ` after ${tries} attempts` : ''
  if (name === 'CredentialsProviderError' || /could not load credentials/i.test(e.message ?? ''))
    return new buckets.S3Failure(
      `${shown}: ${what}: no credentials (AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, a profile, web identity or an instance role)`,
      'denied'
    )
  if (DENIED.has(name) || status === 403)
    return new buckets.S3Failure(
      `${shown}: ${what}: access denied (${name || 'HTTP 403'}): the credentials may not do this here`,
      'denied'
    )
  if (name === 'NoSuchBucket')
    return new buckets.S3Failure(`${shown}: ${what}: no such bucket`, 'no-bucket')
  if (NETWORK.has(code) || NETWORK.has(name))
    return new buckets.S3Failure(
      `${shown}: ${what}: cannot reach the store (${code || name})${after}`,
      'network'
    )
  if (
    name === 'SlowDown' ||
    name === 'ServiceUnavailable' ||
    name === 'InternalError' ||
    status === 429 ||
    (status !== undefined && status >= 500)
  )
    return new buckets.S3Failure(
      `${shown}: ${what}: the store kept failing (${name || 'HTTP'}${status ? ` ${status}` : ''})${after}`,
      'throttled'
    )
  if (/region is missing/i.test(e.message ?? ''))
    return new buckets.S3Failure(`${shown}: ${what}: no region (set AWS_REGION)`, 'other')
  return new buckets.S3Failure(
    `${shown}: ${what} failed (${name || code || 'error'}${status ? `, HTTP ${status}` : ''})`,
    'other'
  )
}

/** A stream that fails once more than `max` bytes have passed. */
function bounded(body: Readable, max: number, shown: string): Readable {
  let seen = 0
  const gate = new Transform({
    transform(chunk: Buffer, _enc, done) {
      seen += chunk.length
      if (seen > max)
        done(new buckets.S3Failure(`${shown}: the object grew past ${max} bytes`, 'other'))
      else done(null, chunk)
    }
  })
  body.on('error', err => gate.destroy(err))
  gate.on('close', () => body.destroy())
  return body.pipe(gate)
}

const SAVED_META = 'swr-saved-ms'

/** `first`, then the file's bytes. */
async function* joined(first: Buffer, file: string): AsyncGenerator<Buffer> {
  yield first
  yield* fs.createReadStream(file) as AsyncIterable<Buffer>
}

export function s3Objects(settings: S3Settings): S3Objects {
  const shown = `s3://${settings.bucket}`
  const Bucket = settings.bucket
  let client: Promise<S3Client> | undefined
  const open = (): Promise<S3Client> =>
    (client ??= loadSdk().then(([{ S3Client: Client }]) => {
      const env = settings.env
      const requestMs = settings.requestMs ?? 60_000
      return new Client({
        region: settings.region ?? 'us-east-1',
        ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
        forcePathStyle: settings.forcePathStyle ?? false,
        maxAttempts: settings.maxAttempts ?? 5,
        // Explicit keys when this process was given them; else the SDK's chain.
        ...(env.AWS_ACCESS_KEY_ID && env.AWS_SECRET_ACCESS_KEY
          ? {
              credentials: {
                accessKeyId: env.AWS_ACCESS_KEY_ID,
                secretAccessKey: env.AWS_SECRET_ACCESS_KEY,
                ...(env.AWS_SESSION_TOKEN ? { sessionToken: env.AWS_SESSION_TOKEN } : {})
              }
            }
          : {}),
        requestHandler: {
          connectionTimeout: Math.min(requestMs, 10_000),
          requestTimeout: requestMs,
          throwOnRequestTimeout: true
        }
      })
    }))
  const call = async <T>(what: string, fn: (c: S3Client, m: Sdk) => Promise<T>): Promise<T> => {
    try {
      const [m] = await loadSdk()
      return await fn(await open(), m)
    } catch (err) {
      throw classifyS3Error(err, shown, what)
    }
  }
  const notFound = (err: unknown): boolean => {
    const e = err as SdkError
    return (
      e?.name === 'NotFound' ||
      e?.name === 'NoSuchKey' ||
      (e?.$metadata?.httpStatusCode === 404 && e?.name !== 'NoSuchBucket')
    )
  }

  async function head(key: string): Promise<(S3ObjectInfo & { savedMs?: number }) | undefined> {
    try {
      const [m] = await loadSdk()
      const r = await (await open()).send(new m.HeadObjectCommand({ Bucket, Key: key }))
      const saved = Number(r.Metadata?.[SAVED_META])
      return {
        key,
        size: r.ContentLength ?? 0,
        lastModified: r.LastModified ?? new Date(0),
        ...(Number.isFinite(saved) ? { savedMs: saved } : {})
      }
    } catch (err) {
      if (notFound(err)) return undefined
      throw classifyS3Error(err, shown, `HEAD ${key}`)
    }
  }

  return {
    shown,
    head,
    async putIfAbsent(key, body, meta = {}) {
      if (await head(key)) return 'exists'
      const [m, storage] = await loadSdk()
      const Metadata = { ...meta, [SAVED_META]: String(Date.now()) }
      const partSize = Math.max(MIN_PART_SIZE, settings.partSize ?? DEFAULT_PART_SIZE)
      // One PUT below the part size, parts above it (lib-storage), conditional either way.
      const upload = async (Body: Buffer | Readable, size: number) => {
        await new storage.Upload({
          client: await open(),
          params: { Bucket, Key: key, Body, ContentLength: size, Metadata, IfNoneMatch: '*' },
          partSize,
          queueSize: 4,
          leavePartsOnError: false
        }).done()
        return 'saved' as const
      }
      try {
        if ('bytes' in body) return await upload(body.bytes, body.bytes.length)
        if ('file' in body) return await upload(fs.createReadStream(body.file), body.size)
        return await putGrowing(body.growing, {
          client: await open(),
          sdk: m,
          Bucket,
          Key: key,
          Metadata,
          partSize,
          headBytes: MIN_PART_SIZE,
          whole: (first, file, size) =>
            upload(Readable.from(joined(first, file)), first.length + size)
        })
      } catch (err) {
        if (err instanceof WritingStopped) throw err.reason
        const e = err as SdkError
        // Another writer took the key between the check and the PUT.
        if (e?.name === 'PreconditionFailed' || e?.$metadata?.httpStatusCode === 412)
          return 'exists'
        throw classifyS3Error(err, shown, `PUT ${key}`)
      }
    },
    async get(key, maxBytes) {
      let r
      try {
        const [m] = await loadSdk()
        r = await (await open()).send(new m.GetObjectCommand({ Bucket, Key: key }))
      } catch (err) {
        if (notFound(err)) return undefined
        throw classifyS3Error(err, shown, `GET ${key}`)
      }
      const body = r.Body as Readable | undefined
      const size = r.ContentLength ?? 0
      if (!body) throw new buckets.S3Failure(`${shown}: GET ${key}: no body`, 'other')
      if (size > maxBytes) {
        body.destroy()
        throw new buckets.S3Failure(
          `${shown}: GET ${key}: ${size} bytes, over the ${maxBytes}-byte limit`,
          'other'
        )
      }
      return { body: bounded(body, maxBytes, shown), size, lastModified: r.LastModified }
    },
    async list(prefix, limit) {
      const found: S3ObjectInfo[] = []
      let token: string | undefined
      do {
        const page = await call(`LIST ${prefix}`, (c, m) =>
          c.send(
            new m.ListObjectsV2Command({
              Bucket,
              Prefix: prefix,
              MaxKeys: 1000,
              ...(token ? { ContinuationToken: token } : {})
            })
          )
        )
        for (const o of page.Contents ?? [])
          if (o.Key && o.Key.startsWith(prefix))
            found.push({
              key: o.Key,
              size: o.Size ?? 0,
              lastModified: o.LastModified ?? new Date(0)
            })
        token = page.IsTruncated ? page.NextContinuationToken : undefined
      } while (token && found.length < LIST_SCAN_MAX)
      found.sort((a, b) => b.lastModified.getTime() - a.lastModified.getTime())
      // Stores keep whole seconds: the newest second's objects are told apart by when swr saved them.
      const top = found.filter(o => o.lastModified.getTime() === found[0]?.lastModified.getTime())
      if (top.length > 1 && top.length <= 16) {
        const saved = new Map<string, number>()
        for (const o of top) saved.set(o.key, (await head(o.key))?.savedMs ?? 0)
        top.sort((a, b) => (saved.get(b.key) ?? 0) - (saved.get(a.key) ?? 0))
        found.splice(0, top.length, ...top)
      }
      return found.slice(0, limit)
    }
  }
}

/**
 * One client per bucket, made on first use from the environment's settings (endpoint, region,
 * path style, credentials: docs/fleets.md), for the restore sources and copies of a run.
 */
export function s3Clients(env: NodeJS.ProcessEnv): (bucket: string) => S3Objects {
  const made = new Map<string, S3Objects>()
  return bucket => {
    let c = made.get(bucket)
    if (!c) made.set(bucket, (c = s3Objects(s3SettingsFromEnv(env, { bucket }))))
    return c
  }
}
