/**
 * A loopback stand-in for the GitHub Actions cache service (protocol v2) that the real
 * `@actions/cache` client (6.x) talks to, for tests. Nothing here touches the network beyond
 * 127.0.0.1. With `artifacts: true` it is also the artifact service of the same results host, as
 * the real `@actions/artifact` client (6.x) uses it (see "Artifacts" below).
 *
 * Two halves, on one HTTP server with a random port:
 *
 *   Twirp (JSON, snake_case, `Authorization: Bearer <token>` required):
 *     POST /twirp/github.actions.results.api.v1.CacheService/CreateCacheEntry
 *     POST /twirp/github.actions.results.api.v1.CacheService/FinalizeCacheEntryUpload
 *     POST /twirp/github.actions.results.api.v1.CacheService/GetCacheEntryDownloadURL
 *
 *   Blob storage, path style as the Azure SDK uses for IP hosts (`/<account>/<container>/<blob>`),
 *   authorised only by the signature in the signed URL the Twirp side hands out:
 *     PUT  (x-ms-blob-type: BlockBlob)         Put Blob, 201
 *     PUT  ?comp=block&blockid=<b64>            Put Block, 201
 *     PUT  ?comp=blocklist  (XML <BlockList>)   Put Block List, 201
 *     GET / HEAD  (optional Range / x-ms-range) 200, or 206 + Content-Range, 416 when unsatisfiable
 *
 * Artifacts (`artifacts: true`): the runtime token is then a JWT whose `scp` claim names the
 * workflow run's and job's backend ids (`Actions.Results:<run>:<job>`), which the client decodes
 * and sends back; its signature part is the random secret the server checks.
 *     POST /twirp/github.actions.results.api.v1.ArtifactService/CreateArtifact
 *          (400 for backend ids other than the token's or an empty name, 409 for a name already
 *          used in the run; 200 { ok, signed_upload_url })
 *     POST /twirp/github.actions.results.api.v1.ArtifactService/FinalizeArtifact
 *          (404 nothing created under that name, 412 nothing uploaded, 400 when `size` or the
 *          `sha256:` hash differs from the stored blob; 200 { ok, artifact_id })
 *   and the zip goes to the signed URL as Put Block + Put Block List (the Azure SDK's
 *   uploadStream), on the same blob routes as cache archives. Without `artifacts` the service
 *   answers 404 bad_route, and the default random token is no JWT: the client gives up before
 *   sending anything. What the client (6.2) does with failures: 401/403/404/409/412 and 400 fail at
 *   once; 429/500/502/503/504 are retried 5 times (3 s, then x1.5); a message holding
 *   'insufficient usage' is its UsageError (storage quota).
 *
 * Because the client reads everything from `process.env` at call time, run it in-process inside
 * `withCacheEnv(server.env, fn)` (one call at a time per process), or spawn a child with
 * `env: { ...process.env, ...server.env }`. `captureOutput` swallows the client's stdout noise
 * (`::debug::`, `::add-mask::`, `[command]/usr/bin/tar ...`) and returns it for assertions.
 *
 * Status codes: Twirp 200 (a miss is 200 `{ok:false}`), 400 malformed/invalid_argument (also a
 * size_bytes mismatch at finalize), 401 unauthenticated, 404 bad_route / not_found (finalize
 * without a reservation), 409 already_exists (key+version reserved or saved before), 412
 * failed_precondition (finalize before upload). Blob 201 for the three PUTs, 200/206/416 for reads,
 * 403 AuthenticationFailed (bad or expired sig) / AuthorizationPermissionMismatch (upload URL used
 * to read or the reverse) / AuthorizationFailure (PUT after finalize), 404 BlobNotFound.
 *
 * What the client (6.3) does with them, so failures can be injected without slow tests:
 *  - Twirp: 500/502/503/504 and unparsable bodies are retried 5 times (3 s, then x1.5: ~25-35 s);
 *    other statuses, 'reset' (ECONNRESET) and a stopped server (ECONNREFUSED) fail at once.
 *  - Blob PUT (Azure SDK): 500/503 and 'reset' are retried (4 tries, >= 16 s); 4xx fail at once.
 *  - Blob GET: the client downloads a non-*.blob.core.windows.net URL with a single plain GET
 *    (no HEAD, no ranges, no Azure SDK); 502/503/504 and 'reset' are retried once after 5 s, 500
 *    fails at once, and any status < 500 is taken as the archive body (tar then fails).
 */
import crypto from 'node:crypto'
import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'

const SERVICE = 'github.actions.results.api.v1.CacheService'
const ARTIFACT_SERVICE = 'github.actions.results.api.v1.ArtifactService'
const ACCOUNT = 'devstoreaccount1'
const CONTAINER = 'actions-cache'
const STORAGE_VERSION = '2025-11-05'

/**
 * An HTTP status to answer with, 'reset' to destroy the socket (the client sees ECONNRESET), or
 * 'hang' to read the request and never answer (until the server closes).
 */
export type FailureMode = number | 'reset' | 'hang'
/**
 * A failure for every request to a route, or only for the next `times` requests (default: all).
 * `msg` replaces the Twirp error `msg` / Storage error message, e.g. 'insufficient usage' makes
 * the client throw its UsageError.
 */
export type Failure = FailureMode | { mode: FailureMode; times?: number; msg?: string }

/** Injected failures per route; a method-specific entry wins over `twirp`. */
export interface CacheServerFailures {
  /** All three Twirp methods. */
  twirp?: Failure
  CreateCacheEntry?: Failure
  FinalizeCacheEntryUpload?: Failure
  GetCacheEntryDownloadURL?: Failure
  CreateArtifact?: Failure
  FinalizeArtifact?: Failure
  /** Put Blob, Put Block and Put Block List. */
  blobPut?: Failure
  /** Blob GET and HEAD. */
  blobGet?: Failure
  /**
   * A GET whose headers (with the full Content-Length) go out, then only the first `at` share of
   * the body (default a half): 'reset' destroys the connection, 'short' ends it cleanly, 'stall'
   * sends nothing more and keeps it open (until the server closes).
   */
  blobBody?: { mode: BodyFault; at?: number; times?: number }
}

export type BodyFault = 'reset' | 'short' | 'stall'

export interface CacheServerOptions {
  /** Bearer token the Twirp side accepts (default: random). */
  token?: string
  failures?: CacheServerFailures
  /** Lifetime of signed blob URLs (default one hour). */
  signedUrlTtlMs?: number
  /** Also serve the ArtifactService, with a JWT-shaped runtime token (default false). */
  artifacts?: boolean
}

export interface ArtifactInfo {
  id: number
  name: string
  /** Bytes of the stored blob (the zip the client uploaded), 0 before an upload. */
  size: number
  finalized: boolean
  /** The `hash` the client sent to FinalizeArtifact (`sha256:<hex>`), if any. */
  hash: string | undefined
  /** The stored blob, while the server's files exist. */
  blobPath: string
}

export interface CacheEntryInfo {
  id: number
  key: string
  version: string
  /** Bytes of the stored blob now (after any corrupt/poison), 0 before an upload. */
  size: number
  /** `size_bytes` the client sent to FinalizeCacheEntryUpload (0 before). */
  declaredSize: number
  finalized: boolean
}

export interface RequestRecord {
  method: string
  /** Twirp method name, or `blob:<op>` (`put`, `block`, `blocklist`, `get`, `head`). */
  op: string
  status: number | 'reset'
  /** The Range / x-ms-range header of a blob GET/HEAD, if any. */
  range?: string
}

export interface CacheServer {
  /** `http://127.0.0.1:<port>/` (the ACTIONS_RESULTS_URL; trailing slash included). */
  url: string
  /** Everything the client needs: see `startCacheServer`. */
  env: Record<string, string>
  token: string
  /** Temporary directory holding blobs, RUNNER_TEMP and the workspace. */
  base: string
  runnerTemp: string
  /** GITHUB_WORKSPACE: tar archives paths relative to it and extracts into it. */
  workspace: string
  entries(): CacheEntryInfo[]
  /** Artifacts created through the ArtifactService, in order. */
  artifacts(): ArtifactInfo[]
  /** The workflow run and job backend ids the JWT token names (with `artifacts`). */
  backendIds: { run: string; job: string }
  /** The stored archive of the newest finalized entry for `key` (optionally of one version). */
  blobPath(key: string, version?: string): string
  /**
   * Damage the stored archive of `key` in place: 'truncate' keeps the first half, 'flip' inverts
   * 64 bytes in the middle. The recorded Content-MD5 is left as uploaded (storage-level rot).
   */
  corrupt(key: string, how: 'truncate' | 'flip', version?: string): void
  /** Replace the stored archive of `key` with `bytes` (a new legitimately-stored blob). */
  poison(key: string, bytes: Uint8Array, version?: string): void
  /**
   * poison(key, bytes) once the next GET of `key`'s archive has been served whole (a download
   * in ranges is several GETs: the swap follows the first): a store whose object is replaced
   * between two reads of it by one job.
   */
  poisonAfterDownload(key: string, bytes: Uint8Array, version?: string): void
  setFailures(failures: CacheServerFailures): void
  /** Every request served, in order. */
  requests(): RequestRecord[]
  /** Stop listening (connections are refused from now on) but keep the files. */
  stop(): Promise<void>
  /** Stop listening and remove every file. Idempotent. */
  close(): Promise<void>
}

interface Entry {
  id: number
  key: string
  version: string
  blob: string
  finalized: boolean
  finalizeSeq: number
  declaredSize: number
  uploaded: boolean
  etag: string
  lastModified: Date
  createdAt: Date
  md5: string | undefined
}

/**
 * Start the server. `env` sets ACTIONS_CACHE_SERVICE_V2, ACTIONS_RESULTS_URL, ACTIONS_RUNTIME_TOKEN,
 * ACTIONS_CACHE_MODE=write (explicit, so a runner's own mode does not leak in), RUNNER_TEMP,
 * GITHUB_WORKSPACE and GITHUB_SERVER_URL=https://github.com (anything else forces protocol v1).
 */
export async function startCacheServer(opts: CacheServerOptions = {}): Promise<CacheServer> {
  const base = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'swr-cache-')))
  const blobDir = path.join(base, 'blobs')
  const blockDir = path.join(base, 'blocks')
  const runnerTemp = path.join(base, 'runner-temp')
  const workspace = path.join(base, 'workspace')
  for (const d of [blobDir, blockDir, runnerTemp, workspace]) fs.mkdirSync(d)

  const backendIds = { run: crypto.randomUUID(), job: crypto.randomUUID() }
  const token = opts.token ?? (opts.artifacts ? runtimeJwt(backendIds) : randomSecret())
  const signingKey = crypto.randomBytes(32)
  const ttl = opts.signedUrlTtlMs ?? 3600_000
  const entries: Entry[] = []
  /** Artifacts keep their blobs like cache entries: key is the name, version the run's id. */
  const artifacts: (Entry & { hash: string | undefined })[] = []
  const log: RequestRecord[] = []
  let failures: CacheServerFailures = { ...(opts.failures ?? {}) }
  const failureCounts = new Map<keyof CacheServerFailures, number>()
  /** Entries to poison once a download of them has been served (poisonAfterDownload). */
  const afterDownload = new Map<Entry, Uint8Array>()
  let nextId = 1
  let finalizeSeq = 0
  let etagCounter = 0

  const newEtag = (): string =>
    `"0x8DC${(Date.now() * 16 + (etagCounter++ % 16)).toString(16).toUpperCase()}"`

  function takeFailure(
    names: Exclude<keyof CacheServerFailures, 'blobBody'>[]
  ): { mode: FailureMode; msg: string } | undefined {
    for (const name of names) {
      const f = failures[name]
      if (f === undefined) continue
      if (typeof f === 'number' || typeof f === 'string')
        return { mode: f, msg: 'injected failure' }
      const used = failureCounts.get(name) ?? 0
      if (f.times !== undefined && used >= f.times) continue
      failureCounts.set(name, used + 1)
      return { mode: f.mode, msg: f.msg ?? 'injected failure' }
    }
    return undefined
  }

  const sign = (blob: string, sp: string, se: string): string =>
    crypto.createHmac('sha256', signingKey).update(`${sp}\n${se}\n${blob}`).digest('base64')

  let url = ''
  function signedUrl(blob: string, sp: 'cw' | 'r'): string {
    const se = new Date(Date.now() + ttl).toISOString().replace(/\.\d{3}Z$/, 'Z')
    const q = new URLSearchParams({ sv: STORAGE_VERSION, sr: 'b', sp, se, sig: sign(blob, sp, se) })
    return `${url}${ACCOUNT}/${CONTAINER}/${blob}?${q.toString()}`
  }

  const blobFile = (e: Entry): string => path.join(blobDir, e.blob)
  const sizeOf = (e: Entry): number => (e.uploaded ? fs.statSync(blobFile(e)).size : 0)

  function newestFinalized(pred: (e: Entry) => boolean): Entry | undefined {
    let best: Entry | undefined
    for (const e of entries) {
      if (e.finalized && pred(e) && (!best || e.finalizeSeq > best.finalizeSeq)) best = e
    }
    return best
  }

  function entryFor(key: string, version?: string): Entry {
    const e = newestFinalized(
      x => x.key === key && (version === undefined || x.version === version)
    )
    if (!e) throw new Error(`cache-server: no finalized entry for key ${JSON.stringify(key)}`)
    return e
  }

  // ---------------------------------------------------------------- Twirp

  function twirpError(res: http.ServerResponse, status: number, code: string, msg: string): void {
    sendJson(res, status, { code, msg })
  }

  function sendJson(res: http.ServerResponse, status: number, body: unknown): void {
    const text = JSON.stringify(body)
    res.writeHead(status, {
      'Content-Type': 'application/json',
      'Content-Length': Buffer.byteLength(text)
    })
    res.end(text)
  }

  const str = (v: unknown): string => (typeof v === 'string' ? v : '')

  async function handleTwirp(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    service: string,
    method: string
  ): Promise<number> {
    if (req.method !== 'POST') {
      twirpError(res, 404, 'bad_route', `unsupported method ${req.method}`)
      return 404
    }
    const auth = req.headers.authorization ?? ''
    if (auth !== `Bearer ${token}`) {
      twirpError(res, 401, 'unauthenticated', 'invalid or missing runtime token')
      return 401
    }
    const ctype = (req.headers['content-type'] ?? '').split(';')[0]?.trim()
    if (ctype !== 'application/json') {
      twirpError(res, 404, 'bad_route', `unsupported Content-Type ${ctype ?? ''}`)
      return 404
    }
    const raw = await readBody(req, 1 << 20)
    let body: Record<string, unknown>
    try {
      const parsed: unknown = JSON.parse(raw.toString('utf8'))
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error()
      body = parsed as Record<string, unknown>
    } catch {
      twirpError(res, 400, 'malformed', 'the request body is not a JSON object')
      return 400
    }
    if (service === ARTIFACT_SERVICE) return handleArtifact(res, method, body)
    const key = str(body.key)
    const version = str(body.version)
    if (!key || !version) {
      twirpError(res, 400, 'invalid_argument', 'key and version are required')
      return 400
    }

    switch (method) {
      case 'CreateCacheEntry': {
        if (entries.some(e => e.key === key && e.version === version)) {
          twirpError(
            res,
            409,
            'already_exists',
            'cache entry with the same key, version, and scope already exists'
          )
          return 409
        }
        const id = nextId++
        const now = new Date()
        const e: Entry = {
          id,
          key,
          version,
          blob: `${id}-${crypto.randomBytes(6).toString('hex')}`,
          finalized: false,
          finalizeSeq: 0,
          declaredSize: 0,
          uploaded: false,
          etag: newEtag(),
          lastModified: now,
          createdAt: now,
          md5: undefined
        }
        entries.push(e)
        sendJson(res, 200, { ok: true, signed_upload_url: signedUrl(e.blob, 'cw') })
        return 200
      }
      case 'FinalizeCacheEntryUpload': {
        const e = entries.find(x => x.key === key && x.version === version && !x.finalized)
        if (!e) {
          twirpError(res, 404, 'not_found', 'no cache entry reserved for this key and version')
          return 404
        }
        if (!e.uploaded) {
          twirpError(res, 412, 'failed_precondition', 'the cache archive has not been uploaded')
          return 412
        }
        const declared = Number(body.size_bytes ?? 0)
        const actual = sizeOf(e)
        if (declared !== actual) {
          twirpError(
            res,
            400,
            'invalid_argument',
            `size_bytes ${declared} does not match the uploaded ${actual}`
          )
          return 400
        }
        e.finalized = true
        e.finalizeSeq = ++finalizeSeq
        e.declaredSize = declared
        sendJson(res, 200, { ok: true, entry_id: String(e.id) })
        return 200
      }
      case 'GetCacheEntryDownloadURL': {
        const restoreKeys = Array.isArray(body.restore_keys)
          ? body.restore_keys.filter((k): k is string => typeof k === 'string')
          : []
        const sameVersion = (e: Entry): boolean => e.version === version
        // GitHub's documented order: exact key, then prefix of key, then each restore key by
        // prefix; among several matches the most recently saved wins.
        const hit =
          newestFinalized(e => sameVersion(e) && e.key === key) ??
          newestFinalized(e => sameVersion(e) && e.key.startsWith(key)) ??
          restoreKeys.reduce<Entry | undefined>(
            (found, rk) => found ?? newestFinalized(e => sameVersion(e) && e.key.startsWith(rk)),
            undefined
          )
        if (!hit) {
          sendJson(res, 200, { ok: false, signed_download_url: '', matched_key: '' })
          return 200
        }
        sendJson(res, 200, {
          ok: true,
          signed_download_url: signedUrl(hit.blob, 'r'),
          matched_key: hit.key
        })
        return 200
      }
      default:
        twirpError(res, 404, 'bad_route', `no such method ${method}`)
        return 404
    }
  }

  // ---------------------------------------------------------------- ArtifactService

  function handleArtifact(
    res: http.ServerResponse,
    method: string,
    body: Record<string, unknown>
  ): number {
    if (!opts.artifacts) {
      twirpError(res, 404, 'bad_route', `no such service ${ARTIFACT_SERVICE}`)
      return 404
    }
    const name = str(body.name)
    if (
      str(body.workflow_run_backend_id) !== backendIds.run ||
      str(body.workflow_job_run_backend_id) !== backendIds.job
    ) {
      twirpError(res, 400, 'invalid_argument', 'the backend ids are not those of the token')
      return 400
    }
    if (!name) {
      twirpError(res, 400, 'invalid_argument', 'name is required')
      return 400
    }
    switch (method) {
      case 'CreateArtifact': {
        if (artifacts.some(a => a.key === name)) {
          twirpError(res, 409, 'already_exists', 'an artifact with this name already exists')
          return 409
        }
        const id = nextId++
        const now = new Date()
        const a = {
          id,
          key: name,
          version: backendIds.run,
          blob: `artifact-${id}-${crypto.randomBytes(6).toString('hex')}`,
          finalized: false,
          finalizeSeq: 0,
          declaredSize: 0,
          uploaded: false,
          etag: newEtag(),
          lastModified: now,
          createdAt: now,
          md5: undefined,
          hash: undefined
        }
        artifacts.push(a)
        sendJson(res, 200, { ok: true, signed_upload_url: signedUrl(a.blob, 'cw') })
        return 200
      }
      case 'FinalizeArtifact': {
        const a = artifacts.find(x => x.key === name && !x.finalized)
        if (!a) {
          twirpError(res, 404, 'not_found', 'no artifact created under this name')
          return 404
        }
        if (!a.uploaded) {
          twirpError(res, 412, 'failed_precondition', 'the artifact has not been uploaded')
          return 412
        }
        const bytes = fs.readFileSync(blobFile(a))
        const declared = Number(body.size ?? 0)
        const hash = str(body.hash)
        const actual = `sha256:${crypto.createHash('sha256').update(bytes).digest('hex')}`
        if (declared !== bytes.length || (hash && hash !== actual)) {
          twirpError(res, 400, 'invalid_argument', 'size or hash does not match the upload')
          return 400
        }
        a.finalized = true
        a.finalizeSeq = ++finalizeSeq
        a.declaredSize = declared
        a.hash = hash || undefined
        sendJson(res, 200, { ok: true, artifact_id: String(a.id) })
        return 200
      }
      default:
        twirpError(res, 404, 'bad_route', `no such method ${method}`)
        return 404
    }
  }

  // ---------------------------------------------------------------- Blob storage

  function storageHeaders(req: http.IncomingMessage): Record<string, string> {
    const h: Record<string, string> = {
      'x-ms-request-id': crypto.randomUUID(),
      'x-ms-version': STORAGE_VERSION,
      Date: new Date().toUTCString()
    }
    const cid = req.headers['x-ms-client-request-id']
    if (typeof cid === 'string') h['x-ms-client-request-id'] = cid
    return h
  }

  function storageError(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    status: number,
    code: string,
    message: string,
    extra: Record<string, string> = {}
  ): number {
    const headers: Record<string, string> = {
      ...storageHeaders(req),
      'x-ms-error-code': code,
      ...extra
    }
    if (req.method === 'HEAD') {
      res.writeHead(status, headers)
      res.end()
      return status
    }
    const xml =
      `<?xml version="1.0" encoding="utf-8"?><Error><Code>${code}</Code>` +
      `<Message>${escapeXml(message)}\nRequestId:${headers['x-ms-request-id']}\nTime:${new Date().toISOString()}</Message></Error>`
    res.writeHead(status, {
      ...headers,
      'Content-Type': 'application/xml',
      'Content-Length': String(Buffer.byteLength(xml))
    })
    res.end(xml)
    return status
  }

  async function handleBlob(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    blob: string,
    q: URLSearchParams,
    rec: RequestRecord
  ): Promise<number | 'reset'> {
    const isRead = req.method === 'GET' || req.method === 'HEAD'
    const comp = q.get('comp')
    rec.op = isRead
      ? `blob:${req.method === 'GET' ? 'get' : 'head'}`
      : `blob:${comp === 'block' ? 'block' : comp === 'blocklist' ? 'blocklist' : 'put'}`

    const sp = q.get('sp') ?? ''
    const se = q.get('se') ?? ''
    const sig = q.get('sig') ?? ''
    const expected = sign(blob, sp, se)
    if (
      sig.length !== expected.length ||
      !crypto.timingSafeEqual(Buffer.from(sig), Buffer.from(expected))
    ) {
      return storageError(
        req,
        res,
        403,
        'AuthenticationFailed',
        'Server failed to authenticate the request. Make sure the value of Authorization header is formed correctly including the signature.'
      )
    }
    if (!(Date.parse(se) > Date.now())) {
      return storageError(req, res, 403, 'AuthenticationFailed', 'Signed expiry time has passed.')
    }
    if ((isRead && !sp.includes('r')) || (!isRead && !sp.includes('w'))) {
      return storageError(
        req,
        res,
        403,
        'AuthorizationPermissionMismatch',
        'This request is not authorized to perform this operation using this permission.'
      )
    }

    const failure = takeFailure([isRead ? 'blobGet' : 'blobPut'])
    if (failure?.mode === 'hang') {
      req.resume()
      return 'reset'
    }
    if (failure?.mode === 'reset') {
      req.socket.destroy()
      return 'reset'
    }
    if (failure !== undefined) {
      const code = failure.mode >= 500 ? 'InternalError' : 'AuthorizationFailure'
      return storageError(req, res, failure.mode, code, failure.msg)
    }

    const e = entries.find(x => x.blob === blob) ?? artifacts.find(x => x.blob === blob)
    if (!e) return storageError(req, res, 404, 'BlobNotFound', 'The specified blob does not exist.')

    if (isRead) return serveBlob(req, res, e)
    if (req.method !== 'PUT') {
      return storageError(
        req,
        res,
        405,
        'UnsupportedHttpVerb',
        'The resource does not support the verb.'
      )
    }
    if (e.finalized) {
      return storageError(
        req,
        res,
        403,
        'AuthorizationFailure',
        'This request is not authorized to perform this operation (the entry is finalized).'
      )
    }

    if (comp === 'block') {
      const id = q.get('blockid')
      if (!id)
        return storageError(req, res, 400, 'InvalidQueryParameterValue', 'blockid is required.')
      const dir = path.join(blockDir, e.blob)
      fs.mkdirSync(dir, { recursive: true })
      const file = path.join(dir, Buffer.from(id, 'utf8').toString('hex'))
      const md5 = await receiveTo(req, file)
      res.writeHead(201, {
        ...storageHeaders(req),
        'Content-MD5': md5,
        'x-ms-request-server-encrypted': 'true',
        'Content-Length': '0'
      })
      res.end()
      return 201
    }

    if (comp === 'blocklist') {
      const xml = (await readBody(req, 16 << 20)).toString('utf8')
      const ids = [...xml.matchAll(/<(Latest|Committed|Uncommitted)>([^<]*)<\/\1>/g)].map(m =>
        unescapeXml(m[2] ?? '')
      )
      const dir = path.join(blockDir, e.blob)
      const parts = ids.map(id => path.join(dir, Buffer.from(id, 'utf8').toString('hex')))
      const missing = parts.findIndex(p => !fs.existsSync(p))
      if (missing >= 0) {
        return storageError(
          req,
          res,
          400,
          'InvalidBlockList',
          'The specified block list is invalid.'
        )
      }
      const tmp = `${blobFile(e)}.tmp`
      const out = fs.openSync(tmp, 'w')
      try {
        for (const p of parts) fs.writeSync(out, fs.readFileSync(p))
      } finally {
        fs.closeSync(out)
      }
      fs.renameSync(tmp, blobFile(e))
      fs.rmSync(dir, { recursive: true, force: true })
      stored(e, undefined)
      res.writeHead(201, {
        ...storageHeaders(req),
        ETag: e.etag,
        'Last-Modified': e.lastModified.toUTCString(),
        'x-ms-request-server-encrypted': 'true',
        'Content-Length': '0'
      })
      res.end()
      return 201
    }

    if (comp) return storageError(req, res, 400, 'InvalidQueryParameterValue', `comp=${comp}`)
    if (req.headers['x-ms-blob-type'] !== 'BlockBlob') {
      return storageError(
        req,
        res,
        400,
        'MissingRequiredHeader',
        'An HTTP header that is mandatory for this request is not specified: x-ms-blob-type.'
      )
    }
    const tmp = `${blobFile(e)}.tmp`
    const md5 = await receiveTo(req, tmp)
    fs.renameSync(tmp, blobFile(e))
    fs.rmSync(path.join(blockDir, e.blob), { recursive: true, force: true })
    stored(e, md5)
    res.writeHead(201, {
      ...storageHeaders(req),
      ETag: e.etag,
      'Last-Modified': e.lastModified.toUTCString(),
      'Content-MD5': md5,
      'x-ms-request-server-encrypted': 'true',
      'Content-Length': '0'
    })
    res.end()
    return 201
  }

  function stored(e: Entry, md5: string | undefined): void {
    e.uploaded = true
    e.etag = newEtag()
    e.lastModified = new Date()
    e.md5 = md5
  }

  function serveBlob(req: http.IncomingMessage, res: http.ServerResponse, e: Entry): number {
    if (!e.uploaded) {
      return storageError(req, res, 404, 'BlobNotFound', 'The specified blob does not exist.')
    }
    const file = blobFile(e)
    const size = fs.statSync(file).size
    const rangeHeader = headerValue(req.headers['x-ms-range']) ?? headerValue(req.headers.range)
    const common: Record<string, string> = {
      ...storageHeaders(req),
      'Content-Type': 'application/octet-stream',
      ETag: e.etag,
      'Last-Modified': e.lastModified.toUTCString(),
      'Accept-Ranges': 'bytes',
      'x-ms-blob-type': 'BlockBlob',
      'x-ms-creation-time': e.createdAt.toUTCString(),
      'x-ms-lease-status': 'unlocked',
      'x-ms-lease-state': 'available',
      'x-ms-server-encrypted': 'true'
    }
    let start = 0
    let end = size - 1
    let status = 200
    const m = rangeHeader ? /^bytes=(\d+)-(\d*)$/.exec(rangeHeader.trim()) : null
    if (m) {
      start = Number(m[1])
      end = m[2] ? Math.min(Number(m[2]), size - 1) : size - 1
      if (start >= size || end < start) {
        return storageError(
          req,
          res,
          416,
          'InvalidRange',
          'The range specified is invalid for the current size of the resource.',
          { 'Content-Range': `bytes */${size}` }
        )
      }
      status = 206
      common['Content-Range'] = `bytes ${start}-${end}/${size}`
      if (e.md5) common['x-ms-blob-content-md5'] = e.md5
    } else if (e.md5) {
      common['Content-MD5'] = e.md5
    }
    const length = size === 0 ? 0 : end - start + 1
    res.writeHead(status, { ...common, 'Content-Length': String(length) })
    if (req.method === 'HEAD' || length === 0) {
      res.end()
    } else if (takeBodyFault()) {
      const fault = failures.blobBody as { mode: BodyFault; at?: number }
      const bytes = fs.readFileSync(file).subarray(start, end + 1)
      res.write(bytes.subarray(0, Math.floor(bytes.length * (fault.at ?? 0.5))))
      if (fault.mode === 'reset') setTimeout(() => req.socket.destroy(), 50)
      else if (fault.mode === 'short') setTimeout(() => req.socket.end(), 50)
    } else {
      fs.createReadStream(file, { start, end }).pipe(res)
      const then = afterDownload.get(e)
      if (then)
        res.once('finish', () => {
          afterDownload.delete(e)
          replaceBlob(e, then)
        })
    }
    return status
  }

  function replaceBlob(e: Entry, bytes: Uint8Array): void {
    fs.writeFileSync(blobFile(e), bytes)
    stored(e, crypto.createHash('md5').update(bytes).digest('base64'))
  }

  function takeBodyFault(): boolean {
    const f = failures.blobBody
    if (!f) return false
    const used = failureCounts.get('blobBody') ?? 0
    if (f.times !== undefined && used >= f.times) return false
    failureCounts.set('blobBody', used + 1)
    return true
  }

  // ---------------------------------------------------------------- server

  const server = http.createServer((req, res) => {
    const u = new URL(req.url ?? '/', 'http://127.0.0.1')
    const rec: RequestRecord = { method: req.method ?? '', op: 'unknown', status: 0 }
    const range = headerValue(req.headers['x-ms-range']) ?? headerValue(req.headers.range)
    if (range) rec.range = range
    log.push(rec)
    const done = (status: number | 'reset'): void => {
      rec.status = status
    }
    const fail = (err: unknown): void => {
      rec.status = 500
      if (!res.headersSent) {
        sendJson(res, 500, { code: 'internal', msg: String(err) })
      } else {
        res.destroy()
      }
    }

    const twirp = /^\/twirp\/([A-Za-z0-9.]+)\/([A-Za-z]+)$/.exec(u.pathname)
    if (twirp && (twirp[1] === SERVICE || twirp[1] === ARTIFACT_SERVICE)) {
      const service = twirp[1]
      const method = twirp[2] ?? ''
      rec.op = method
      const failure = takeFailure([method as 'twirp', 'twirp'])
      if (failure?.mode === 'hang') {
        req.resume()
        done('reset')
        return
      }
      if (failure?.mode === 'reset') {
        req.socket.destroy()
        done('reset')
        return
      }
      if (failure !== undefined) {
        req.resume()
        twirpError(res, failure.mode, twirpCode(failure.mode), failure.msg)
        done(failure.mode)
        return
      }
      handleTwirp(req, res, service, method).then(done, fail)
      return
    }
    const blobPrefix = `/${ACCOUNT}/${CONTAINER}/`
    if (u.pathname.startsWith(blobPrefix)) {
      const blob = decodeURIComponent(u.pathname.slice(blobPrefix.length))
      handleBlob(req, res, blob, u.searchParams, rec).then(done, fail)
      return
    }
    req.resume()
    sendJson(res, 404, { code: 'bad_route', msg: `no route for ${req.method} ${u.pathname}` })
    done(404)
  })

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })
  const port = (server.address() as AddressInfo).port
  url = `http://127.0.0.1:${port}/`

  let stopped: Promise<void> | undefined
  const stop = (): Promise<void> => {
    stopped ??= new Promise<void>(resolve => {
      server.close(() => resolve())
      server.closeAllConnections()
    })
    return stopped
  }
  let closed = false

  const env: Record<string, string> = {
    ACTIONS_CACHE_SERVICE_V2: 'true',
    ACTIONS_RESULTS_URL: url,
    ACTIONS_RUNTIME_TOKEN: token,
    ACTIONS_CACHE_MODE: 'write',
    RUNNER_TEMP: runnerTemp,
    GITHUB_WORKSPACE: workspace,
    GITHUB_SERVER_URL: 'https://github.com'
  }

  return {
    url,
    env,
    token,
    base,
    runnerTemp,
    workspace,
    backendIds,
    artifacts: () =>
      artifacts.map(a => ({
        id: a.id,
        name: a.key,
        size: sizeOf(a),
        finalized: a.finalized,
        hash: a.hash,
        blobPath: blobFile(a)
      })),
    entries: () =>
      entries.map(e => ({
        id: e.id,
        key: e.key,
        version: e.version,
        size: sizeOf(e),
        declaredSize: e.declaredSize,
        finalized: e.finalized
      })),
    blobPath: (key, version) => blobFile(entryFor(key, version)),
    corrupt: (key, how, version) => {
      const file = blobFile(entryFor(key, version))
      const size = fs.statSync(file).size
      if (how === 'truncate') {
        fs.truncateSync(file, Math.floor(size / 2))
      } else {
        const buf = fs.readFileSync(file)
        const from = Math.floor(size / 2)
        for (let i = from; i < Math.min(size, from + 64); i++) buf[i] = (buf[i] ?? 0) ^ 0xff
        fs.writeFileSync(file, buf)
      }
    },
    poison: (key, bytes, version) => replaceBlob(entryFor(key, version), bytes),
    poisonAfterDownload: (key, bytes, version) => {
      afterDownload.set(entryFor(key, version), bytes)
    },
    setFailures: f => {
      failures = { ...f }
      failureCounts.clear()
    },
    requests: () => log.map(r => ({ ...r })),
    stop,
    close: async () => {
      await stop()
      if (closed) return
      closed = true
      fs.rmSync(base, { recursive: true, force: true })
    }
  }
}

// ---------------------------------------------------------------- in-process helpers

/**
 * Run `fn` with `env` applied to process.env (an undefined value deletes the variable), restoring
 * every touched variable afterwards. The client reads process.env at call time, so calls must not
 * overlap within one process.
 */
export async function withCacheEnv<T>(
  env: Record<string, string | undefined>,
  fn: () => Promise<T>
): Promise<T> {
  const saved = new Map<string, string | undefined>()
  for (const [k, v] of Object.entries(env)) {
    saved.set(k, process.env[k])
    if (v === undefined) delete process.env[k]
    else process.env[k] = v
  }
  try {
    return await fn()
  } finally {
    for (const [k, v] of saved) {
      if (v === undefined) delete process.env[k]
      else process.env[k] = v
    }
  }
}

export interface Captured<T> {
  result: T
  stdout: string
  stderr: string
}

/**
 * Run `fn` with process.stdout/stderr writes captured instead of printed. @actions/core writes
 * workflow commands (`::debug::`, `::warning::`, `::add-mask::`) and @actions/exec echoes tar's
 * command line and output there. If `fn` throws, the output is attached to the error as `output`.
 */
export async function captureOutput<T>(fn: () => Promise<T>): Promise<Captured<T>> {
  const out: string[] = []
  const err: string[] = []
  const origOut = process.stdout.write
  const origErr = process.stderr.write
  const grab =
    (sink: string[]) =>
    (chunk: unknown, ...rest: unknown[]): boolean => {
      sink.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array).toString())
      const cb = rest.find(r => typeof r === 'function') as (() => void) | undefined
      if (cb) cb()
      return true
    }
  process.stdout.write = grab(out) as typeof process.stdout.write
  process.stderr.write = grab(err) as typeof process.stderr.write
  try {
    const result = await fn()
    return { result, stdout: out.join(''), stderr: err.join('') }
  } catch (e) {
    if (e && typeof e === 'object') {
      Object.assign(e, { output: { stdout: out.join(''), stderr: err.join('') } })
    }
    throw e
  } finally {
    process.stdout.write = origOut
    process.stderr.write = origErr
  }
}

export interface WorkflowCommand {
  command: string
  message: string
}

/** Parse `::command props::message` lines (with %25/%0D/%0A unescaped). */
export function workflowCommands(stdout: string): WorkflowCommand[] {
  const found: WorkflowCommand[] = []
  for (const line of stdout.split(/\r?\n/)) {
    const m = /^::([A-Za-z-]+)(?: [^:]*)?::(.*)$/.exec(line)
    if (!m) continue
    const message = (m[2] ?? '').replace(/%0D/g, '\r').replace(/%0A/g, '\n').replace(/%25/g, '%')
    found.push({ command: m[1] ?? '', message })
  }
  return found
}

// ---------------------------------------------------------------- small helpers

function randomSecret(): string {
  return crypto.randomBytes(24).toString('base64url')
}

/**
 * A runtime token shaped as the runner's: a JWT whose `scp` claim carries the results scope with
 * the run's and job's backend ids. The client only decodes it; the signature part is the secret.
 */
function runtimeJwt(ids: { run: string; job: string }): string {
  const part = (v: object): string => Buffer.from(JSON.stringify(v)).toString('base64url')
  const scp = `Actions.GenericRead:00000000-0000-0000-0000-000000000000 Actions.Results:${ids.run}:${ids.job}`
  return `${part({ typ: 'JWT', alg: 'RS256' })}.${part({ scp })}.${randomSecret()}`
}

/** The Twirp error code for an HTTP status (https://twitchtv.github.io/twirp/docs/spec_v7.html). */
function twirpCode(status: number): string {
  const codes: Record<number, string> = {
    400: 'invalid_argument',
    401: 'unauthenticated',
    403: 'permission_denied',
    404: 'not_found',
    408: 'deadline_exceeded',
    409: 'already_exists',
    412: 'failed_precondition',
    429: 'resource_exhausted',
    501: 'unimplemented',
    503: 'unavailable'
  }
  return codes[status] ?? (status >= 500 ? 'internal' : 'unknown')
}

function headerValue(v: string | string[] | undefined): string | undefined {
  return Array.isArray(v) ? v[0] : v
}

async function readBody(req: http.IncomingMessage, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = []
  let total = 0
  for await (const chunk of req) {
    const b = chunk as Buffer
    total += b.length
    if (total > limit) throw new Error(`request body over ${limit} bytes`)
    chunks.push(b)
  }
  return Buffer.concat(chunks)
}

/** Stream the request body into `file`; returns its base64 MD5. */
async function receiveTo(req: http.IncomingMessage, file: string): Promise<string> {
  const md5 = crypto.createHash('md5')
  await pipeline(
    req,
    async function* (source: AsyncIterable<Buffer>) {
      for await (const chunk of source) {
        md5.update(chunk)
        yield chunk
      }
    },
    fs.createWriteStream(file)
  )
  return md5.digest('base64')
}

function escapeXml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}

function unescapeXml(s: string): string {
  return s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&')
}
