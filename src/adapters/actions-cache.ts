/**
 * The real Actions cache behind the engine's CacheClient port, for the Action and for the CLI on a
 * runner. Restores never go through @actions/cache's restoreCache (it extracts with `tar -P` into
 * the workspace): cache-service.ts finds and streams the archive and the engine unpacks it. The
 * client is loaded only to save and to look up, with a private temp directory when RUNNER_TEMP is
 * unset and its workflow commands kept off a terminal.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import {
  type CacheArchive,
  type CacheClient,
  type SealedCacheClient,
  state
} from '../core/index.js'
import { CacheService, downloadBounds, sealedVersion } from './cache-service.js'
import { withToolkitToken } from './toolkit-env.js'

/** The cache service is reachable from this process (v2 results service, or the v1 cache URL). */
export function cacheServiceAvailable(env: NodeJS.ProcessEnv): boolean {
  return Boolean(env.ACTIONS_RUNTIME_TOKEN && (env.ACTIONS_RESULTS_URL || env.ACTIONS_CACHE_URL))
}

/** Saves are off in read-only cache mode (ACTIONS_CACHE_MODE=read, or none). */
export function cacheReadOnly(env: NodeJS.ProcessEnv): boolean {
  return env.ACTIONS_CACHE_MODE === 'read' || env.ACTIONS_CACHE_MODE === 'none'
}

/** The same client, calling `before` ahead of every request (the Action closes its log shield). */
export function withBefore(client: CacheClient, before: () => void): CacheClient {
  return {
    find: (abs, key, restoreKeys) => (before(), client.find(abs, key, restoreKeys)),
    lookup: (abs, key) => (before(), client.lookup(abs, key)),
    save: (abs, key) => (before(), client.save(abs, key))
  }
}

export interface ActionsCacheOptions {
  env: NodeJS.ProcessEnv
  /**
   * The CLI: the client's log lines go to stderr (stdout is the CLI's own), and outside a runner
   * (GITHUB_ACTIONS unset) they are dropped: workflow commands mean nothing on a terminal.
   */
  logToStderr?: boolean
  /** One line per problem the client reports (unreachable service, validation errors). */
  onNote?: (line: string) => void
  /** The `download-stall-timeout` input, in seconds (else SWR_DOWNLOAD_STALL_TIMEOUT, else 60). */
  stallSeconds?: number | undefined
  /** The `upload-chunk-size` input, in bytes (else the client's CACHE_UPLOAD_CHUNK_SIZE or default). */
  uploadChunkSize?: number | undefined
}

/** A workflow command's message as written (%25, %0D, %0A decoded), on one line. */
function unescapeCommand(msg: string): string {
  return msg
    .replace(/%0D|%0A/gi, ' ')
    .replace(/%25/g, '%')
    .trim()
}

type CacheModule = typeof import('@actions/cache')
let loaded: CacheModule | undefined

async function client(): Promise<CacheModule> {
  loaded ??= await import('@actions/cache')
  return loaded
}

/** The client's calls with a private RUNNER_TEMP when none is set, and its log kept in its place. */
function runQuietly(opts: ActionsCacheOptions): <T>(fn: () => Promise<T>) => Promise<T> {
  const onRunner = opts.env.GITHUB_ACTIONS === 'true'
  const quietly = async <T>(fn: () => Promise<T>): Promise<T> => {
    // The client reads RUNNER_TEMP from process.env and falls back to /home/actions/temp.
    const temp = process.env.RUNNER_TEMP ? undefined : state.makeOwnedTemp(os.tmpdir(), 'swr-cache')
    if (temp) process.env.RUNNER_TEMP = temp
    try {
      return await withToolkitToken(opts.env, () => muted(fn))
    } finally {
      if (temp) {
        delete process.env.RUNNER_TEMP
        fs.rmSync(temp, { recursive: true, force: true })
      }
    }
  }
  const muted = async <T>(fn: () => Promise<T>): Promise<T> => {
    if (!opts.logToStderr) return fn()
    const write = process.stdout.write.bind(process.stdout)
    const stderrWrite = process.stderr.write.bind(process.stderr)
    // The client's debug lines only matter when the runner asks for them (RUNNER_DEBUG=1).
    const debug = opts.env.RUNNER_DEBUG === '1'
    process.stdout.write = ((chunk: string | Uint8Array) => {
      const text = typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8')
      if (!onRunner) {
        // A terminal gets swr's own line for what the client warns about, no workflow commands.
        for (const m of text.matchAll(/^::(?:warning|error)[^:]*::(.*)$/gm))
          opts.onNote?.(`cache: ${unescapeCommand(m[1] ?? '')}`)
        return true
      }
      const kept = debug
        ? text
        : text
            .split(/(?<=\n)/)
            .filter(l => !l.startsWith('::debug::'))
            .join('')
      return kept ? stderrWrite(kept) : true
    }) as typeof process.stdout.write
    try {
      return await fn()
    } finally {
      process.stdout.write = write
    }
  }
  return quietly
}

/**
 * One save: the client reports "already exists" and "unreachable" alike (-1), so the key is looked
 * up first; a reservation refused because another job took the key meanwhile is "exists" too.
 */
async function saveOnce(
  key: string,
  exists: () => Promise<boolean>,
  save: () => Promise<number>,
  note: (what: string, err: unknown) => void
): Promise<'saved' | 'exists' | 'failed'> {
  try {
    if (await exists()) return 'exists'
    return (await save()) === -1 ? 'failed' : 'saved'
  } catch (err) {
    const name = err instanceof Error ? err.name : ''
    if (name === 'ReserveCacheError' || /already exists/i.test(String(err))) return 'exists'
    note(`save of ${key} failed`, err)
    return 'failed'
  }
}

/** A save not finished in this long is given up: a hung service must not hold the post step. */
const SAVE_DEADLINE_MS = 30 * 60 * 1000

/** `SWR_SAVE_TIMEOUT` (seconds), else half an hour. */
function saveDeadlineMs(env: NodeJS.ProcessEnv): number {
  const n = Number(env.SWR_SAVE_TIMEOUT)
  return Number.isFinite(n) && n > 0 ? n * 1000 : SAVE_DEADLINE_MS
}

/**
 * The save, or 'failed' with one line once the deadline passes. What the client still has under
 * way is dropped with the process at the end of the step (its archiver ended with it, see
 * src/action/children.ts).
 */
async function withDeadline(
  ms: number,
  key: string,
  note: (what: string, err: unknown) => void,
  save: () => Promise<'saved' | 'exists' | 'failed'>
): Promise<'saved' | 'exists' | 'failed'> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<'failed'>(resolve => {
    timer = setTimeout(() => {
      note(
        `save of ${key}`,
        `not finished within ${Math.round(ms / 1000)} s (SWR_SAVE_TIMEOUT): given up`
      )
      resolve('failed')
    }, ms)
    timer.unref()
  })
  try {
    return await Promise.race([save(), late])
  } finally {
    clearTimeout(timer)
  }
}

/** Consecutive failures after which a run stops asking the cache service. */
export const BREAKER_LIMIT = 3

/** The manifest's cache source, with how many entries it was not asked for once it kept failing. */
export interface BreakerCacheClient extends CacheClient {
  /** One line for the end of the run when the breaker tripped; undefined otherwise. */
  skippedLine(): string | undefined
}

export function actionsCacheClient(opts: ActionsCacheOptions): BreakerCacheClient {
  // Absolute paths: the client resolves relative ones against the process's cwd but archives them
  // relative to GITHUB_WORKSPACE, and the cache version hashes the path strings as given.
  const spell = (abs: string): string => path.resolve(abs)
  const quietly = runQuietly(opts)
  const service = new CacheService(
    opts.env,
    downloadBounds(opts.env, opts.stallSeconds, line => opts.onNote?.(line))
  )
  // A failing service is asked at most BREAKER_LIMIT times in a row: a doctor over 200 damaged
  // entries then prints three warnings, not 200, and stops waiting on retries it cannot win.
  let failures = 0
  let skipped = 0
  const tripped = () => failures >= BREAKER_LIMIT
  const note = (what: string, err: unknown): void => {
    failures++
    const msg = err instanceof Error ? err.message : String(err)
    opts.onNote?.(
      tripped()
        ? `cache ${what}: ${msg}; failed ${BREAKER_LIMIT} times in a row: not asked again in this run`
        : `cache ${what}: ${msg}`
    )
  }
  const guarded = async <T>(miss: T, fn: () => Promise<T>): Promise<T> => {
    if (tripped()) {
      skipped++
      return miss
    }
    return fn()
  }
  return {
    find: (abs, key, restoreKeys) =>
      guarded(undefined, async (): Promise<CacheArchive | undefined> => {
        try {
          const found = await service.find(abs, key, restoreKeys)
          failures = 0
          return found
        } catch (err) {
          note(`restore of ${key} failed`, err)
          return undefined
        }
      }),
    lookup: (abs, key) =>
      guarded(false, async (): Promise<boolean> => {
        try {
          const saved = await service.has(abs, key)
          failures = 0
          return saved
        } catch (err) {
          note(`lookup of ${key} failed`, err)
          return false
        }
      }),
    save: (abs, key) =>
      guarded('failed' as const, () =>
        saveOnce(
          key,
          () => service.has(abs, key),
          async () => quietly(async () => (await client()).saveCache([spell(abs)], key)),
          note
        )
      ),
    skippedLine: () =>
      skipped > 0
        ? `cache: not asked for ${skipped} more ${skipped === 1 ? 'entry' : 'entries'} after ${BREAKER_LIMIT} failures in a row`
        : undefined
  }
}

/** Upload tuning as @actions/cache reads it: CACHE_UPLOAD_CHUNK_SIZE (MiB) and CACHE_UPLOAD_CONCURRENCY. */
export function uploadOptions(
  env: NodeJS.ProcessEnv,
  chunkBytes?: number
): { blockSize: number; concurrency: number } {
  const num = (name: string): number | undefined => {
    const raw = env[name]?.trim()
    const n = raw ? Number(raw) : NaN
    return Number.isFinite(n) && n > 0 ? n : undefined
  }
  const chunk = num('CACHE_UPLOAD_CHUNK_SIZE')
  const concurrency = num('CACHE_UPLOAD_CONCURRENCY')
  return {
    blockSize: Math.min(
      UPLOAD_CHUNK_MAX,
      chunk !== undefined ? Math.round(chunk * 1024 * 1024) : (chunkBytes ?? UPLOAD_CHUNK_DEFAULT)
    ),
    concurrency: Math.min(32, Math.round(concurrency ?? 4))
  }
}

const UPLOAD_CHUNK_DEFAULT = 32 * 1024 * 1024
const UPLOAD_CHUNK_MAX = 128 * 1024 * 1024

/**
 * The sealed caches' store: archives found and reserved under the version of the step's `path`
 * lines (cache-service.ts), uploaded to the signed URL with the Azure SDK's block blob client (as
 * @actions/cache uploads), then finalized. Only the v2 cache service takes sealed saves.
 */
export function actionsSealedCacheClient(
  opts: ActionsCacheOptions & { uploadChunkSize?: number | undefined }
): SealedCacheClient {
  const service = new CacheService(
    opts.env,
    downloadBounds(opts.env, opts.stallSeconds, line => opts.onNote?.(line))
  )
  const note = (what: string, err: unknown): void =>
    opts.onNote?.(
      `cache ${what}: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}`
    )
  return {
    // An unreachable service throws StoreUnavailable: the restore is a miss that says so.
    find: (lines, key, restoreKeys) => service.findSealed(lines, key, restoreKeys),
    save: async (lines, key, archive) => {
      if (!service.canUpload) {
        opts.onNote?.(
          `cache save of ${key}: sealed caches are saved to the v2 cache service only (this job has the v1 service, as on GitHub Enterprise Server): not saved`
        )
        return 'failed'
      }
      const version = sealedVersion(lines, archive.compression)
      return withDeadline(saveDeadlineMs(opts.env), key, note, () =>
        saveOnce(
          key,
          async () => (await service.findSealed(lines, key, []))?.matchedKey === key,
          async () => {
            const url = await service.createEntry(key, version)
            if (url === 'exists') throw new Error('already exists')
            const { BlockBlobClient } = await import('@azure/storage-blob')
            const tuning = uploadOptions(opts.env, opts.uploadChunkSize)
            await new BlockBlobClient(url).uploadFile(archive.file, {
              blockSize: tuning.blockSize,
              concurrency: tuning.concurrency,
              maxSingleShotSize: UPLOAD_CHUNK_MAX
            })
            await service.finalizeEntry(key, version, archive.size)
            return 0
          },
          note
        )
      )
    }
  }
}
