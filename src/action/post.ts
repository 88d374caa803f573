/**
 * The Action's post step: save to the cache each entry that the main step's doctor healed with a
 * recipe, under the key of its signed expectations, after re-verifying it (the build may have
 * changed it since). Skipped, and said so, in read-only cache mode or when nothing was handed over.
 */
import * as core from '@actions/core'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import {
  actionsCacheClient,
  cacheReadOnly,
  cacheServiceAvailable
} from '../adapters/actions-cache.js'
import { reverifier } from '../core/check.js'
import { loadManifest } from '../core/manifest/load.js'
import { resolveEntryPath } from '../core/manifest/paths.js'
import { State, type WriteBackState } from './constants.js'

export async function post(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  try {
    const raw = core.getState(State.WriteBack)
    if (!raw) {
      core.info('swr post: nothing to save (no entry was healed by a recipe in this job)')
      return
    }
    if (cacheReadOnly(env)) {
      core.info('swr post: read-only cache mode (ACTIONS_CACHE_MODE=read): not saving')
      return
    }
    if (!cacheServiceAvailable(env)) {
      core.info('swr post: no Actions cache service in this job: not saving')
      return
    }
    const state = JSON.parse(raw) as WriteBackState
    const m = loadManifest(state.manifest, { workspace: state.workspace })
    if (m.digest !== state.digest) {
      core.warning('swr post: the manifest changed since the main step: not saving')
      return
    }
    const stateDir = fs.mkdtempSync(path.join(env.RUNNER_TEMP || os.tmpdir(), 'swr-post-'))
    const entries = m.body.entries.filter(e => state.entries.some(w => w.id === e.id))
    const findings = await reverifier(m, stateDir)(entries)
    const client = actionsCacheClient({ env, onNote: line => core.warning(line) })
    for (const e of entries) {
      const key = state.entries.find(w => w.id === e.id)?.key ?? ''
      const f = findings.find(x => x.id === e.id)
      if (f?.status !== 'OK') {
        core.info(`swr post: ${e.id} no longer verifies (${f?.status ?? '?'}): not saved`)
        continue
      }
      const saved = await client.save(resolveEntryPath(m.workspace, e.path), key)
      core.info(
        `swr post: ${e.id} ${saved === 'saved' ? 'saved as' : saved === 'exists' ? 'already saved as' : 'could not be saved as'} ${key}`
      )
    }
  } catch (err) {
    // A failed save must not fail a job whose doctor succeeded.
    core.warning(`swr post: ${err instanceof Error ? err.message : String(err)}`)
  }
}
