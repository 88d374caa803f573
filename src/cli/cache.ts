/** The Actions cache as the CLI reaches it: only on a runner, its notes on stderr. */
import { actionsCacheClient, cacheServiceAvailable } from '../adapters/actions-cache.js'
import { type CacheClient, restoreSources, type LoadedManifest } from '../core/index.js'
import type { CliIo } from './io.js'

/** The Actions cache when its service is reachable; otherwise cache sources are skipped, said once. */
export function cliCacheClient(m: LoadedManifest, io: CliIo): CacheClient | undefined {
  if (cacheServiceAvailable(io.env)) {
    return actionsCacheClient({
      env: io.env,
      logToStderr: true,
      onNote: line => void io.stderr.write(`swr: ${line}\n`)
    })
  }
  if (m.body.entries.some(e => restoreSources(e).some(s => typeof s !== 'string'))) {
    io.stderr.write(
      'swr: cache sources skipped: no Actions cache service here (ACTIONS_RESULTS_URL and ACTIONS_RUNTIME_TOKEN unset)\n'
    )
  }
  return undefined
}
