/**
 * Finding and downloading a cache archive from the Actions cache service without the cache
 * client's restore, which extracts with `tar -P` straight into the workspace. Only the lookup and
 * a plain streamed GET of the signed URL happen here; the engine unpacks the stream itself.
 *
 * The service matches a key only under the same "version": sha256 of the path strings as the
 * saving job wrote them, the compression, and a salt, joined by "|" (what @actions/cache computes).
 * swr's own saves pass the absolute path; `actions/cache` steps usually pass the path as written,
 * relative to GITHUB_WORKSPACE. Both spellings of a single path are asked for, zstd before gzip.
 */
import type { HttpClient } from '@actions/http-client'
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { type CacheArchive, type DownloadBounds, manifests, sealedCache } from '../core/index.js'

const SERVICE = 'github.actions.results.api.v1.CacheService'
const VERSION_SALT = '1.0'
/** The client's names for the compressions it writes (zstd is always without --long now). */
const METHODS: [string, manifests.ArchiveCompression][] = [
  ['zstd-without-long', 'zstd'],
  ['gzip', 'gzip']
]

/** The cache version @actions/cache computes for `paths` saved with `method` (not on Windows). */
export function cacheVersion(paths: readonly string[], method: string): string {
  return createHash('sha256')
    .update([...paths, method, VERSION_SALT].join('|'))
    .digest('hex')
}

/** The version a sealed archive of the `path` lines `lines` is saved under. */
export function sealedVersion(
  lines: readonly string[],
  compression: manifests.ArchiveCompression
): string {
  const method = METHODS.find(([, c]) => c === compression)?.[0] ?? 'gzip'
  return cacheVersion([sealedCache.SEALED_VERSION_MARKER, ...lines], method)
}

/** How the archive names `abs`: relative to the job's workspace (the client's tar -C), POSIX. */
export function archivePrefix(abs: string, env: NodeJS.ProcessEnv): string {
  const ws = env.GITHUB_WORKSPACE || process.cwd()
  return path.relative(ws, path.resolve(abs)).split(path.sep).join('/') || '.'
}

/** The path spellings whose versions are asked for: absolute, then workspace-relative. */
export function pathForms(abs: string, env: NodeJS.ProcessEnv): string[] {
  const forms = [path.resolve(abs), archivePrefix(abs, env)]
  return [...new Set(forms)]
}

/** The cache client compresses with zstd when it finds `zstd` on PATH (as it checks). */
function clientUsesZstd(env: NodeJS.ProcessEnv): boolean {
  return (env.PATH ?? '')
    .split(path.delimiter)
    .some(dir => dir !== '' && fs.existsSync(path.join(dir, 'zstd')))
}

function isGhes(env: NodeJS.ProcessEnv): boolean {
  const host = new URL(env.GITHUB_SERVER_URL || 'https://github.com').hostname.toUpperCase()
  return !(host === 'GITHUB.COM' || host.endsWith('.GHE.COM') || host.endsWith('.LOCALHOST'))
}

interface Found {
  matchedKey: string
  url: string
}

/** Loaded on first use: most CLI commands never talk to the cache, and the client is large. */
let httpModule: Promise<typeof import('@actions/http-client')> | undefined
async function newHttpClient(
  ...args: ConstructorParameters<typeof HttpClient>
): Promise<HttpClient> {
  httpModule ??= import('@actions/http-client')
  return new (await httpModule).HttpClient(...args)
}

/** A lookup that gets no answer within this long is tried again (the client's default is 3 min). */
const LOOKUP_TIMEOUT_MS = 10_000
/** Tries of one lookup: 429, 5xx, resets and timeouts are tried again, with backoff, in ~30 s. */
const LOOKUP_TRIES = 3
const RETRY_AFTER_MAX_MS = 10_000

/** Why one lookup failed, and whether another try may help. */
class LookupFailure extends Error {
  constructor(
    readonly detail: string,
    readonly transient: boolean,
    readonly retryAfterMs?: number
  ) {
    super(detail)
  }
}

/**
 * The bounds a job sets on downloads: `stallSeconds` (the `download-stall-timeout` input), else
 * `SWR_DOWNLOAD_STALL_TIMEOUT` (seconds), else a minute; `SEGMENT_DOWNLOAD_TIMEOUT_MINS` (minutes,
 * as actions/cache reads it) bounds the whole download. A value that is not a positive number is
 * named through `onNote` and the default kept.
 */
export function downloadBounds(
  env: NodeJS.ProcessEnv,
  stallSeconds?: number,
  onNote?: (line: string) => void
): DownloadBounds {
  const positive = (name: string, unit: number): number | undefined => {
    const raw = env[name]?.trim()
    if (!raw) return undefined
    const n = Number(raw)
    if (Number.isFinite(n) && n > 0) return Math.round(n * unit)
    onNote?.(`${name}: "${raw.slice(0, 20)}" is not a positive number; ignored`)
    return undefined
  }
  const stallMs =
    stallSeconds !== undefined
      ? stallSeconds * 1000
      : (positive('SWR_DOWNLOAD_STALL_TIMEOUT', 1000) ?? sealedCache.DEFAULT_STALL_MS)
  const totalMs = positive('SEGMENT_DOWNLOAD_TIMEOUT_MINS', 60_000)
  return totalMs === undefined
    ? { stallMs }
    : { stallMs, totalMs, totalName: 'SEGMENT_DOWNLOAD_TIMEOUT_MINS' }
}

function retryAfterMs(value: string | string[] | undefined): number | undefined {
  const v = Array.isArray(value) ? value[0] : value
  if (!v) return undefined
  const secs = Number(v)
  const ms = Number.isFinite(secs) ? secs * 1000 : Date.parse(v) - Date.now()
  return Number.isFinite(ms) ? Math.max(0, Math.min(ms, RETRY_AFTER_MAX_MS)) : undefined
}

/** Network faults another try may get past; a refused connection is a service that is not there. */
const TRANSIENT = new Set(['ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EAI_AGAIN', 'no answer in time'])

/** A network error's one line: its code, never the request's path (a signed URL's signature). */
function networkDetail(err: unknown): string {
  const e = err as NodeJS.ErrnoException
  if (typeof e?.message === 'string' && e.message.startsWith('Request timeout'))
    return 'no answer in time'
  return e?.code ?? 'network error'
}

export class CacheService {
  private httpClient: Promise<HttpClient> | undefined
  private http(): Promise<HttpClient> {
    this.httpClient ??= newHttpClient('swr', [], { socketTimeout: LOOKUP_TIMEOUT_MS })
    return this.httpClient
  }

  constructor(
    private readonly env: NodeJS.ProcessEnv,
    private readonly bounds: DownloadBounds = downloadBounds(env),
    private readonly sleep = (ms: number) => new Promise(r => setTimeout(r, ms))
  ) {}

  private get v2(): boolean {
    return !isGhes(this.env) && Boolean(this.env.ACTIONS_CACHE_SERVICE_V2)
  }

  private auth(): Record<string, string> {
    return { Authorization: `Bearer ${this.env.ACTIONS_RUNTIME_TOKEN ?? ''}` }
  }

  /**
   * One lookup of `keys` under one version; undefined on a miss. 429, 5xx, resets and timeouts
   * are tried again (Retry-After honoured, bounded); throws sealedCache.StoreUnavailable when they persist.
   */
  private async ask(
    key: string,
    restoreKeys: readonly string[],
    version: string
  ): Promise<Found | undefined> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.askOnce(key, restoreKeys, version)
      } catch (err) {
        const detail = networkDetail(err)
        const f =
          err instanceof LookupFailure ? err : new LookupFailure(detail, TRANSIENT.has(detail))
        if (!f.transient || attempt >= LOOKUP_TRIES)
          throw new sealedCache.StoreUnavailable(`cache service unavailable: ${f.detail}`)
        await this.sleep(f.retryAfterMs ?? 1000 * 2 ** (attempt - 1) * (0.75 + Math.random() / 2))
      }
    }
  }

  private async askOnce(
    key: string,
    restoreKeys: readonly string[],
    version: string
  ): Promise<Found | undefined> {
    if (this.v2) {
      const base = this.env.ACTIONS_RESULTS_URL ?? ''
      const url = new URL(`/twirp/${SERVICE}/GetCacheEntryDownloadURL`, base).href
      const res = await (
        await this.http()
      ).post(url, JSON.stringify({ key, restore_keys: restoreKeys, version }), {
        ...this.auth(),
        'Content-Type': 'application/json',
        Accept: 'application/json'
      })
      const body = await res.readBody()
      if (res.message.statusCode !== 200) throw failureOf(res.message)
      const r = parse(body) as {
        ok?: boolean
        signed_download_url?: string
        matched_key?: string
      }
      return r.ok && r.signed_download_url && r.matched_key
        ? { matchedKey: r.matched_key, url: r.signed_download_url }
        : undefined
    }
    const base = this.env.ACTIONS_CACHE_URL || this.env.ACTIONS_RESULTS_URL || ''
    const q = `keys=${encodeURIComponent([key, ...restoreKeys].join(','))}&version=${version}`
    const res = await (
      await this.http()
    ).get(new URL(`_apis/artifactcache/cache?${q}`, base).href, {
      ...this.auth(),
      Accept: 'application/json;api-version=6.0-preview.1'
    })
    const body = await res.readBody()
    if (res.message.statusCode === 204) return undefined
    if (res.message.statusCode !== 200) throw failureOf(res.message)
    const r = parse(body) as { cacheKey?: string; archiveLocation?: string }
    return r.cacheKey && r.archiveLocation
      ? { matchedKey: r.cacheKey, url: r.archiveLocation }
      : undefined
  }

  /** The newest archive for `key` (or a restore-keys prefix) under any spelling of `abs`. */
  async find(
    abs: string,
    key: string,
    restoreKeys: readonly string[]
  ): Promise<CacheArchive | undefined> {
    const prefix = archivePrefix(abs, this.env)
    for (const [method, compression] of METHODS) {
      for (const form of pathForms(abs, this.env)) {
        const found = await this.ask(key, restoreKeys, cacheVersion([form], method))
        if (!found) continue
        return {
          matchedKey: found.matchedKey,
          exact: found.matchedKey === key,
          compression,
          prefix,
          open: () => this.download(found.url),
          bounds: this.bounds
        }
      }
    }
    return undefined
  }

  /**
   * Whether an archive is saved under exactly `key` for `abs` as this machine's cache client saves
   * it (the absolute spelling, zstd when the client finds zstd, else gzip): one lookup, no download.
   */
  async has(abs: string, key: string): Promise<boolean> {
    const method = clientUsesZstd(this.env) ? 'zstd-without-long' : 'gzip'
    const found = await this.ask(key, [], cacheVersion([path.resolve(abs)], method))
    return found?.matchedKey === key
  }

  /**
   * The newest sealed archive saved for the `path` lines `lines` (as the step wrote them) under
   * `key` or a restore-keys prefix.
   */
  async findSealed(
    lines: readonly string[],
    key: string,
    restoreKeys: readonly string[]
  ): Promise<Omit<CacheArchive, 'prefix'> | undefined> {
    for (const [, compression] of METHODS) {
      const found = await this.ask(key, restoreKeys, sealedVersion(lines, compression))
      if (!found) continue
      return {
        matchedKey: found.matchedKey,
        exact: found.matchedKey === key,
        compression,
        open: () => this.download(found.url),
        bounds: this.bounds
      }
    }
    return undefined
  }

  /** Whether this job talks to the v2 cache service (the only one sealed saves go to). */
  get canUpload(): boolean {
    return this.v2
  }

  /** One Twirp call of the v2 cache service; its JSON answer, or an Error naming the status. */
  private async twirp(method: string, body: unknown): Promise<{ status: number; body: unknown }> {
    const url = new URL(`/twirp/${SERVICE}/${method}`, this.env.ACTIONS_RESULTS_URL ?? '').href
    const res = await (
      await this.http()
    ).post(url, JSON.stringify(body), {
      ...this.auth(),
      'Content-Type': 'application/json',
      Accept: 'application/json'
    })
    const text = await res.readBody()
    let parsed: unknown
    try {
      parsed = JSON.parse(text)
    } catch {
      parsed = undefined
    }
    return { status: res.message.statusCode ?? 0, body: parsed }
  }

  /**
   * Reserve `key` under `version`: the signed upload URL, or 'exists' when the key is taken
   * (saved before, or being saved by another job).
   */
  async createEntry(key: string, version: string): Promise<string | 'exists'> {
    const r = await this.twirp('CreateCacheEntry', { key, version })
    const b = r.body as { ok?: boolean; signed_upload_url?: string; msg?: string } | undefined
    if (r.status === 409) return 'exists'
    if (r.status !== 200) throw new Error(`the cache service refused the entry: ${r.status}`)
    if (!b?.ok || !b.signed_upload_url) return 'exists'
    return b.signed_upload_url
  }

  async finalizeEntry(key: string, version: string, size: number): Promise<void> {
    const r = await this.twirp('FinalizeCacheEntryUpload', {
      key,
      version,
      size_bytes: String(size)
    })
    const b = r.body as { ok?: boolean } | undefined
    if (r.status !== 200 || !b?.ok)
      throw new Error(`the cache service did not finalize the entry: ${r.status}`)
  }

  private async download(url: string): Promise<Readable> {
    // A signed URL: no token sent to storage, and the URL itself never printed. The socket bound
    // covers a server that never sends the headers; unpack bounds the body.
    const http = await newHttpClient('swr', [], {
      // Past the stall bound, so a stalled body is named by unpack's watch, not as a closed socket.
      socketTimeout: (this.bounds.stallMs ?? sealedCache.DEFAULT_STALL_MS) + 5_000
    })
    let res
    try {
      res = await http.get(url)
    } catch (err) {
      throw new Error(`the archive download failed: ${networkDetail(err)}`)
    }
    const status = res.message.statusCode ?? 0
    if (status !== 200) {
      res.message.resume()
      throw new Error(`the archive download answered ${status}`)
    }
    return res.message
  }
}

function failureOf(msg: {
  statusCode?: number | undefined
  headers: Record<string, string | string[] | undefined>
}): LookupFailure {
  const status = msg.statusCode ?? 0
  return new LookupFailure(
    String(status || '?'),
    status === 429 || status >= 500,
    retryAfterMs(msg.headers['retry-after'])
  )
}

/** A 200 whose body is not JSON is the service failing, not a miss. */
function parse(body: string): unknown {
  try {
    return JSON.parse(body)
  } catch {
    throw new LookupFailure('an answer that is not JSON', true)
  }
}
