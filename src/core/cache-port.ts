/**
 * The Actions cache as a restore source, seen from the engine: a port the shells fill with the
 * real @actions/cache client when the cache service is reachable. A restore is only a candidate:
 * the entry is re-verified against the signed manifest before it counts, so a partial, stale or
 * poisoned cache can never pass for the recorded state.
 */
import { createHash } from 'node:crypto'
import { canonicalBytes } from './manifest/canonical.js'
import type { Entry } from './types.js'

export interface CacheHit {
  matchedKey: string
  /** True when the key matched exactly, false for a restore-keys prefix hit. */
  exact: boolean
}

export interface CacheClient {
  /** Restore the cache saved for `abs` into place; undefined on a miss or a failed download. */
  restore(abs: string, key: string, restoreKeys: readonly string[]): Promise<CacheHit | undefined>
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
