/**
 * The Actions cache: the state saved for exactly the entry's signed expectations (offered when a
 * cache is reachable), and the manifest's declared cache keys. Each archive is proven in scratch
 * (scratch.ts) before anything is placed.
 */
import { stateKey } from '../../cache-port.js'
import { resolveEntryPath } from '../../manifest/paths.js'
import { restoreEntry } from '../scratch.js'
import { archiveTried, type SourceDef } from './source.js'

export const cacheSource: SourceDef<'cache'> = {
  kind: 'cache',
  offered: (entry, opts) =>
    opts.savedState
      ? [{ kind: 'cache', key: stateKey(entry), restoreKeys: [], savedState: true }]
      : [],
  declared: src =>
    typeof src === 'string' || !('cache' in src)
      ? undefined
      : {
          kind: 'cache',
          key: src.cache.key,
          restoreKeys: src.cache['restore-keys'] ?? [],
          savedState: false
        },
  async attempt(src, entry, ctx) {
    const cache = ctx.ports.cache
    if (!cache)
      return {
        attempt: {
          source: 'cache',
          outcome: 'skipped',
          key: src.key,
          detail: `cache ${src.key} skipped: no Actions cache service here`
        }
      }
    const hit = await cache.find(
      resolveEntryPath(ctx.workspace, entry.path),
      src.key,
      src.restoreKeys
    )
    if (!hit)
      return {
        attempt: {
          source: 'cache',
          outcome: 'miss',
          key: src.key,
          detail: `cache miss for ${src.key}${src.savedState ? ' (saved state)' : ''}`
        }
      }
    const how = `cache ${hit.exact ? 'exact hit' : `restore-keys prefix hit ${hit.matchedKey}`}${src.savedState ? ' (saved state)' : ''}`
    const r = await restoreEntry(entry, hit, { workspace: ctx.workspace, ...ctx.restore })
    const base = {
      source: 'cache',
      key: src.key,
      matchedKey: hit.matchedKey,
      exact: hit.exact
    } as const
    return archiveTried(base, how, r)
  }
}
