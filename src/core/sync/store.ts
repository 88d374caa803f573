/**
 * Where a pushed bundle lives. Every store does three things: `put` bytes and say where they went
 * (a locator: one string that names the store and the copy), `get` the bytes back by locator, and
 * `stat` a locator (reachable, and when it was stored when the store knows). The stores:
 *
 *   git:REMOTE              a remote name, URL or bare repository path; the bundle is a commit on
 *                           refs/swr/NAME (git-store.ts)
 *   http://… / https://…    a URL template taking PUT and serving GET (http-store.ts)
 *   actions                 the GitHub Actions cache (adapters/actions-cache-store.ts)
 *   s3://BUCKET/PREFIX      an S3-compatible bucket; each copy one immutable object (s3-store.ts)
 *
 * Locators and store spellings come from the user, a recovery code or a record on disk: they are
 * parsed strictly here, and nothing in them reaches a shell.
 */
import { EXIT, SwrError, UsageError } from '../errors.js'
import type { S3Objects } from '../s3-port.js'

export interface Fetched {
  bytes: Buffer
  /** When the store says the copy was written, if it says. */
  storedAt?: Date | undefined
}

export interface StatResult {
  reachable: boolean
  storedAt?: Date | undefined
  /** Why it is not reachable (one line). */
  detail?: string | undefined
}

export interface SyncStore {
  /** The store as spelled by the user, for messages. */
  readonly spelling: string
  /** Store `bytes` as `name`; resolves to the locator of the copy. */
  put(bytes: Buffer, meta: { name: string; sha256: string }): Promise<string>
  /** Where a copy named `name` is, when that does not depend on its bytes (pull without a code). */
  locate(name: string): string
  get(locator: string): Promise<Fetched>
  stat(locator: string): Promise<StatResult>
}

/** What stores may use of the outside world (the shells fill it in). */
export interface StoreContext {
  cwd: string
  /** The workspace the copy belongs to: a local git remote inside it is refused. */
  workspace?: string | undefined
  env: NodeJS.ProcessEnv
  /** Private scratch directories are made here. */
  tmpDir: string
  /** Total time one operation may spend, retries included (ms). */
  deadlineMs: number
  /** One request's time limit (ms). */
  requestMs: number
  /** Name of the variable holding the HTTP Authorization header's value. */
  authEnv?: string | undefined
  /** A line for stderr (retries, waits). */
  note?: (line: string) => void
  /** The Actions cache store, when the shell can offer one. */
  actions?: (ctx: StoreContext) => SyncStore
  /** An S3-compatible bucket, when the shell can offer one (loads its client on first use). */
  s3?: (bucket: string) => S3Objects
}

/** Names of copies (a git ref component, a URL path segment). */
export const NAME_RE = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/

export function checkName(name: string): string {
  if (!NAME_RE.test(name) || name.includes('..') || name.endsWith('.lock'))
    throw new UsageError(
      `bad copy name ${JSON.stringify(name.slice(0, 80))}: use 1-64 letters, digits, ".", "_" or "-"`
    )
  return name
}

/** A failure that may pass if tried again later (a 429 or 5xx, a reset connection). */
export class Transient extends Error {
  constructor(
    message: string,
    /** Seconds the store asked to wait (Retry-After). */
    readonly retryAfterS?: number
  ) {
    super(message)
    this.name = 'Transient'
  }
}

export function storeError(spelling: string, why: string): SwrError {
  return new SwrError(`${spelling}: ${why}`, EXIT.UNREPAIRABLE)
}

const sleep = (ms: number): Promise<void> => new Promise(r => setTimeout(r, ms))

/**
 * Run `op` until it succeeds, fails for good, or the deadline passes. A Transient failure is retried
 * after its Retry-After, else after an exponential backoff (0.5 s, 1 s, 2 s, … at most 8 s); a wait
 * that would end past the deadline is not started.
 */
export async function withRetries<T>(
  what: string,
  ctx: Pick<StoreContext, 'deadlineMs' | 'note'>,
  op: () => Promise<T>
): Promise<T> {
  const end = Date.now() + ctx.deadlineMs
  for (let attempt = 0; ; attempt++) {
    try {
      return await op()
    } catch (err) {
      if (!(err instanceof Transient)) throw err
      const backoff = Math.min(8000, 500 * 2 ** attempt)
      const waitMs = err.retryAfterS !== undefined ? err.retryAfterS * 1000 : backoff
      if (Date.now() + waitMs >= end)
        throw new SwrError(
          `${what}: ${err.message}; gave up after ${attempt + 1} attempt${attempt ? 's' : ''} (the ${Math.round(ctx.deadlineMs / 1000)} s limit)`,
          EXIT.UNREPAIRABLE
        )
      ctx.note?.(`${what}: ${err.message}; trying again in ${(waitMs / 1000).toFixed(1)} s`)
      await sleep(waitMs)
    }
  }
}

/** The kind of store a spelling or locator names. */
export function storeKind(spec: string): 'git' | 'http' | 'actions' | 's3' | undefined {
  if (spec.startsWith('git:')) return 'git'
  if (/^https?:\/\//i.test(spec)) return 'http'
  if (spec === 'actions' || spec.startsWith('actions:')) return 'actions'
  if (spec.startsWith('s3://')) return 's3'
  return undefined
}
