/**
 * An HTTP(S) URL template as a store: `push` PUTs the bundle to the template filled in, `pull`
 * GETs it back. Placeholders: `{name}` (the copy's name) and `{sha256}` (the hex SHA-256 of the
 * stored bytes, for content-addressed stores); a template without them is one fixed URL. The
 * locator is the filled-in URL.
 *
 * Credentials never sit in the URL (a URL with a user or password is refused, since the locator
 * ends up in the recovery code): the Authorization header's value is read from the environment
 * variable named by `--auth-env VAR`, at each run. Redirects are not followed. Every request has a
 * time limit and every body a size limit; 429 and 5xx answers, cut-short bodies and timeouts are
 * retried (store.ts) until the operation's deadline.
 */
import { MAX_BUNDLE_BYTES } from './bundle.js'
import {
  checkName,
  storeError,
  Transient,
  withRetries,
  type StatResult,
  type StoreContext,
  type SyncStore
} from './store.js'
import { UsageError } from '../errors.js'

const PLACEHOLDER = /\{([^}]*)\}/g
const KNOWN = new Set(['name', 'sha256'])

function checkUrl(url: string, what: string): URL {
  let u: URL
  try {
    u = new URL(url)
  } catch {
    throw new UsageError(`${what}: not a URL: ${JSON.stringify(url.slice(0, 120))}`)
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:')
    throw new UsageError(`${what}: only http and https URLs are stores`)
  if (u.username || u.password)
    throw new UsageError(
      `${what}: a URL must not hold credentials (they would end up in the recovery code); use --auth-env VAR`
    )
  return u
}

/** The template with its placeholders filled in. */
export function fillTemplate(template: string, values: { name: string; sha256: string }): string {
  const url = template.replace(PLACEHOLDER, (_, key: string) => {
    if (!KNOWN.has(key))
      throw new UsageError(
        `${template.slice(0, 120)}: unknown placeholder {${key}} (use {name} or {sha256})`
      )
    return key === 'name' ? checkName(values.name) : values.sha256
  })
  checkUrl(url, template.slice(0, 120))
  return url
}

/** Retry-After in seconds (delta-seconds or an HTTP date), or undefined. */
export function retryAfterSeconds(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined
  if (/^\d{1,7}$/.test(value.trim())) return Number(value.trim())
  const t = Date.parse(value)
  return Number.isFinite(t) ? Math.max(0, (t - now) / 1000) : undefined
}

function headers(ctx: StoreContext): Record<string, string> {
  const h: Record<string, string> = { 'user-agent': 'swr-sync' }
  if (ctx.authEnv) {
    const v = ctx.env[ctx.authEnv]
    if (v === undefined || v === '')
      throw new UsageError(`--auth-env ${ctx.authEnv}: the variable is not set`)
    if (/[\r\n]/.test(v))
      throw new UsageError(`--auth-env ${ctx.authEnv}: the value holds a line break`)
    h.authorization = v
  }
  return h
}

function transientStatus(status: number): boolean {
  return status === 429 || status === 408 || status >= 500
}

const TRANSIENT_CODES = new Set([
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT'
])

/** A fetch error: a timeout or a reset may pass; a refused connection or a bad URL will not. */
function classify(err: unknown): Error {
  const e = err as Error & { cause?: { code?: string; message?: string } }
  const code = e.cause?.code
  if (e.name === 'TimeoutError' || e.name === 'AbortError')
    return new Transient('no answer within the request time limit')
  const msg = String(e.cause?.message ?? e.message).slice(0, 120)
  if (code && TRANSIENT_CODES.has(code)) return new Transient(`the connection failed: ${msg}`)
  return new Error(`cannot connect (${code ?? msg})`)
}

/** The body, at most `max` bytes, and exactly Content-Length bytes when the server sent one. */
async function readBody(res: Response, max: number): Promise<Buffer> {
  const declared = res.headers.get('content-length')
  if (declared !== null && Number(declared) > max)
    throw new Error(`${declared} bytes, over the ${max}-byte limit`)
  const chunks: Buffer[] = []
  let total = 0
  if (res.body) {
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      total += chunk.length
      if (total > max) throw new Error(`more than the ${max}-byte limit`)
      chunks.push(Buffer.from(chunk))
    }
  }
  if (declared !== null && Number(declared) !== total)
    throw new Transient(`the body was cut short (${total} of ${declared} bytes)`)
  return Buffer.concat(chunks)
}

export function httpStore(template: string, ctx: StoreContext): SyncStore {
  checkUrl(template.replace(PLACEHOLDER, 'x'), template.slice(0, 120))
  const shown = template.slice(0, 200)
  const fail = (why: string) => storeError(shown, why)

  async function request(method: string, url: string, body?: Buffer): Promise<Response> {
    let res: Response
    try {
      res = await fetch(url, {
        method,
        ...(body ? { body } : {}),
        headers: {
          ...headers(ctx),
          ...(body ? { 'content-type': 'application/octet-stream' } : {})
        },
        redirect: 'manual',
        signal: AbortSignal.timeout(ctx.requestMs)
      })
    } catch (err) {
      if (err instanceof UsageError) throw err
      throw classify(err)
    }
    if (transientStatus(res.status)) {
      await res.body?.cancel().catch(() => undefined)
      throw new Transient(`HTTP ${res.status}`, retryAfterSeconds(res.headers.get('retry-after')))
    }
    return res
  }

  return {
    spelling: shown,
    async put(bytes, meta) {
      const url = fillTemplate(template, meta)
      await withRetries(`PUT ${url}`, ctx, async () => {
        const res = await request('PUT', url, bytes)
        await res.body?.cancel().catch(() => undefined)
        if (res.status < 200 || res.status > 299) throw fail(`PUT answered HTTP ${res.status}`)
      }).catch(err => {
        throw err instanceof Transient ? fail(err.message) : err
      })
      return url
    },
    locate(name) {
      if (template.includes('{sha256}'))
        throw new UsageError(
          `${shown}: names each copy by its hash; pull it with the recovery code (--code)`
        )
      return fillTemplate(template, { name, sha256: '' })
    },
    async get(locator) {
      checkUrl(locator, shown)
      return withRetries(`GET ${locator}`, ctx, async () => {
        const res = await request('GET', locator)
        if (res.status === 404) {
          await res.body?.cancel().catch(() => undefined)
          throw fail('no copy there (HTTP 404)')
        }
        if (res.status !== 200) {
          await res.body?.cancel().catch(() => undefined)
          throw fail(`GET answered HTTP ${res.status}`)
        }
        let bytes: Buffer
        try {
          bytes = await readBody(res, MAX_BUNDLE_BYTES)
        } catch (err) {
          if (err instanceof Transient) throw err
          if ((err as Error).name === 'TimeoutError' || (err as Error).name === 'AbortError')
            throw new Transient('the body did not arrive within the request time limit')
          if (/terminated|other side closed/i.test((err as Error).message))
            throw new Transient('the body was cut short')
          throw fail((err as Error).message)
        }
        const lm = Date.parse(res.headers.get('last-modified') ?? '')
        return { bytes, storedAt: Number.isFinite(lm) ? new Date(lm) : undefined }
      })
    },
    async stat(locator): Promise<StatResult> {
      try {
        checkUrl(locator, shown)
        const res = await withRetries(`HEAD ${locator}`, ctx, () => request('HEAD', locator))
        await res.body?.cancel().catch(() => undefined)
        if (res.status !== 200) return { reachable: false, detail: `HTTP ${res.status}` }
        const lm = Date.parse(res.headers.get('last-modified') ?? '')
        return { reachable: true, storedAt: Number.isFinite(lm) ? new Date(lm) : undefined }
      } catch (err) {
        return { reachable: false, detail: (err as Error).message }
      }
    }
  }
}
