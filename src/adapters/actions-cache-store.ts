/**
 * The GitHub Actions cache as a sync store: the bundle is the only file of a private directory
 * saved under a key of the manifest's key family (`syncKeyPrefix`); a pull without a recovery code
 * takes the newest key of the family. Locator: `actions:KEY`. The archive is unpacked into a
 * private scratch directory under fixed bounds (never into the saved directory, which anyone on
 * the machine could have planted).
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { errnoCode, EXIT, SwrError, archive, state, sync } from '../core/index.js'
import { actionsCacheClient, cacheServiceAvailable } from './actions-cache.js'

/** One fixed folder: the cache version hashes the path, so push and pull must name the same one. */
function syncDir(): string {
  return path.join(os.tmpdir(), 'swr-sync')
}

/** Longer than any one save may take: a folder this old was left by a push that died. */
const SYNC_DIR_STALE_MS = 10 * 60 * 1000
const SYNC_DIR_WAIT_MS = 2 * 60 * 1000

/**
 * Take the fixed folder for one push: created here (never someone else's, never through a link),
 * so two pushes on one machine take turns instead of removing each other's bundle mid-save.
 */
async function claimSyncDir(dir: string): Promise<void> {
  const deadline = Date.now() + SYNC_DIR_WAIT_MS
  for (;;) {
    try {
      fs.mkdirSync(dir, { mode: 0o700 })
      return
    } catch (err) {
      if (errnoCode(err) !== 'EEXIST') throw err
    }
    const st = fs.lstatSync(dir, { throwIfNoEntry: false })
    if (st?.isDirectory() && Date.now() - st.mtimeMs > SYNC_DIR_STALE_MS) {
      fs.rmSync(dir, { recursive: true, force: true })
      continue
    }
    if (Date.now() > deadline)
      throw sync.storeError('actions', `${dir} stayed in use by another push; try again`)
    await new Promise(resolve => setTimeout(resolve, 100))
  }
}

export function actionsCacheStore(
  ctx: sync.StoreContext,
  prefix: string,
  keyTail: string
): sync.SyncStore {
  const client = () => {
    if (!cacheServiceAvailable(ctx.env))
      throw new SwrError(
        'actions: push and pull through the Actions cache need its service (ACTIONS_RESULTS_URL and ACTIONS_RUNTIME_TOKEN)',
        EXIT.UNREPAIRABLE
      )
    return actionsCacheClient({
      env: ctx.env,
      logToStderr: true,
      onNote: line => ctx.note?.(line)
    })
  }
  const keyOf = (locator: string): string => {
    const key = locator.slice('actions:'.length)
    if (!locator.startsWith('actions:') || !key.startsWith('swr-manifest-') || key.length > 200)
      throw sync.storeError('actions', `bad locator ${JSON.stringify(locator.slice(0, 120))}`)
    return key
  }
  return {
    spelling: 'actions',
    async put(bytes) {
      const key = `${prefix}${keyTail}`
      const dir = syncDir()
      await claimSyncDir(dir)
      try {
        state.writeFileAtomic(path.join(dir, 'bundle.json'), bytes, { mode: 0o600 })
        const saved = await client().save(dir, key)
        if (saved === 'failed') throw sync.storeError('actions', `the cache did not take ${key}`)
      } finally {
        fs.rmSync(dir, { recursive: true, force: true })
      }
      return `actions:${key}`
    },
    locate: () => `actions:${prefix}`,
    async get(locator) {
      const key = keyOf(locator)
      const hit = await client().find(syncDir(), key, [key])
      if (!hit) throw sync.storeError('actions', `no pushed manifest in the cache for ${key}`)
      let copy
      try {
        copy = await archive.scratchCopy(hit, ctx.env.RUNNER_TEMP || ctx.tmpDir, {
          maxMembers: 4,
          maxBytes: sync.MAX_BUNDLE_BYTES
        })
      } catch (err) {
        throw new SwrError(
          `pulled bundle refused: ${hit.matchedKey}: ${err instanceof Error ? err.message : String(err)}`,
          EXIT.UNREPAIRABLE
        )
      }
      try {
        const file = path.join(copy.root, 'bundle.json')
        if (!fs.existsSync(file))
          throw new SwrError(
            `pulled bundle refused: ${hit.matchedKey} holds no bundle.json`,
            EXIT.UNREPAIRABLE
          )
        return { bytes: fs.readFileSync(file) }
      } finally {
        copy.dispose()
      }
    },
    async stat(locator) {
      try {
        const key = keyOf(locator)
        return (await client().lookup(syncDir(), key))
          ? { reachable: true }
          : { reachable: false, detail: `no cache for ${key}` }
      } catch (err) {
        return { reachable: false, detail: (err as Error).message }
      }
    }
  }
}
