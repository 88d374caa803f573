/**
 * The real Actions cache behind the engine's CacheClient port, for the Action and for the CLI on a
 * runner. @actions/cache is loaded only when a cache source is actually tried. Its result is never
 * trusted: the engine re-verifies every restored entry against the signed manifest.
 */
import path from 'node:path'
import type { CacheClient, CacheHit } from '../core/cache-port.js'

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
    restore: (abs, key, restoreKeys) => (before(), client.restore(abs, key, restoreKeys)),
    lookup: (abs, key) => (before(), client.lookup(abs, key)),
    save: (abs, key) => (before(), client.save(abs, key))
  }
}

export interface ActionsCacheOptions {
  env: NodeJS.ProcessEnv
  /** Send the client's log lines to stderr (the CLI keeps stdout for its own output). */
  logToStderr?: boolean
  /** One line per problem the client reports (unreachable service, validation errors). */
  onNote?: (line: string) => void
}

type CacheModule = typeof import('@actions/cache')
let loaded: CacheModule | undefined

async function client(): Promise<CacheModule> {
  loaded ??= await import('@actions/cache')
  return loaded
}

export function actionsCacheClient(opts: ActionsCacheOptions): CacheClient {
  // Absolute paths: the client resolves relative ones against the process's cwd but archives them
  // relative to GITHUB_WORKSPACE, and the cache version hashes the path strings as given.
  const spell = (abs: string): string => path.resolve(abs)
  const quietly = async <T>(fn: () => Promise<T>): Promise<T> => {
    if (!opts.logToStderr) return fn()
    const write = process.stdout.write.bind(process.stdout)
    // The client's debug lines only matter when the runner asks for them (RUNNER_DEBUG=1).
    const debug = opts.env.RUNNER_DEBUG === '1'
    process.stdout.write = ((chunk: string | Uint8Array) => {
      const text = typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8')
      const kept = debug
        ? text
        : text
            .split(/(?<=\n)/)
            .filter(l => !l.startsWith('::debug::'))
            .join('')
      return kept ? process.stderr.write(kept) : true
    }) as typeof process.stdout.write
    try {
      return await fn()
    } finally {
      process.stdout.write = write
    }
  }
  const note = (what: string, err: unknown): void =>
    opts.onNote?.(`cache ${what}: ${err instanceof Error ? err.message : String(err)}`)
  return {
    async restore(abs, key, restoreKeys): Promise<CacheHit | undefined> {
      try {
        const cache = await client()
        const matched = await quietly(() => cache.restoreCache([spell(abs)], key, [...restoreKeys]))
        return matched === undefined ? undefined : { matchedKey: matched, exact: matched === key }
      } catch (err) {
        note(`restore of ${key} failed`, err)
        return undefined
      }
    },
    async lookup(abs, key): Promise<boolean> {
      try {
        const cache = await client()
        return (
          (await quietly(() => cache.restoreCache([spell(abs)], key, [], { lookupOnly: true }))) ===
          key
        )
      } catch (err) {
        note(`lookup of ${key} failed`, err)
        return false
      }
    },
    async save(abs, key) {
      try {
        const cache = await client()
        // The client reports "already exists" and "unreachable" alike (-1): ask first.
        const existing = await quietly(() =>
          cache.restoreCache([spell(abs)], key, [], { lookupOnly: true })
        )
        if (existing === key) return 'exists'
        const id = await quietly(() => cache.saveCache([spell(abs)], key))
        return id === -1 ? 'failed' : 'saved'
      } catch (err) {
        const name = err instanceof Error ? err.name : ''
        if (name === 'ReserveCacheError' || /already exists/i.test(String(err))) return 'exists'
        note(`save of ${key} failed`, err)
        return 'failed'
      }
    }
  }
}
