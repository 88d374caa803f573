/**
 * The Action's post step: save to the cache each entry that the main step's doctor healed with a
 * recipe, under the key of its signed expectations, after re-verifying it (the build may have
 * changed it since). Skipped, and said so, in read-only cache mode or when nothing was handed over.
 *
 * The saved state is not trusted: anything that can write to the job's log or state file can
 * forge it. It names at most entry ids and the manifest digest; the manifest, workspace, policy,
 * keys and paths come from this step's own inputs and the signed manifest, which must pass the
 * same signature gate as in the main step. Any mismatch saves nothing. The engine's
 * writeBackHandedOver does all of that and the saving; this file reads the hand-over and prints.
 */
import os from 'node:os'
import {
  actionsCacheClient,
  cacheReadOnly,
  cacheServiceAvailable
} from '../adapters/actions-cache.js'
import { loadManifest, manifests, state, walk, writeBacks } from '../core/index.js'
import * as core from '@actions/core'
import { State, type WriteBackState } from './constants.js'
import { readInputs } from './inputs.js'
import * as log from './log.js'
import { actionPolicy } from './policy.js'

/** The hand-over as the main step writes it, or undefined for anything else. */
export function parseHandOver(raw: string): WriteBackState | undefined {
  let v: unknown
  try {
    v = JSON.parse(raw)
  } catch {
    return undefined
  }
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return undefined
  const { digest, ids, ...rest } = v as Record<string, unknown>
  if (Object.keys(rest).length > 0) return undefined
  if (typeof digest !== 'string' || !/^[0-9a-f]{64}$/.test(digest)) return undefined
  if (!Array.isArray(ids) || ids.length === 0) return undefined
  if (!ids.every(id => typeof id === 'string' && manifests.ENTRY_ID.test(id))) return undefined
  if (new Set(ids).size !== ids.length) return undefined
  return { digest, ids: ids as string[] }
}

export async function post(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  try {
    // What is true first: without a cache service (or in read-only mode) the main step hands
    // nothing over whatever it healed, so "nothing was healed" would name the wrong cause.
    if (!cacheServiceAvailable(env)) {
      log.info('swr post: no Actions cache service in this job: nothing is saved')
      return
    }
    if (cacheReadOnly(env)) {
      log.info('swr post: read-only cache mode (ACTIONS_CACHE_MODE=read): not saving')
      return
    }
    const raw = core.getState(State.WriteBack)
    if (!raw) {
      log.info('swr post: nothing to save (no entry was healed by a recipe in this job)')
      return
    }
    const handed = parseHandOver(raw)
    if (!handed) {
      log.notice('swr post: the saved state is not what the main step writes: nothing saved')
      return
    }
    const inputs = readInputs(env)
    if (inputs.command !== 'doctor' && inputs.command !== 'restore') {
      log.notice(`swr post: command ${inputs.command} heals nothing: nothing saved`)
      return
    }
    const m = loadManifest(inputs.manifest, { workspace: inputs.workspace })
    const stateDir = state.makeOwnedTemp(env.RUNNER_TEMP || os.tmpdir(), 'swr-post')
    const done = await writeBacks.writeBackHandedOver(m, handed, {
      client: actionsCacheClient({ env, onNote: line => log.warning(line) }),
      policy: actionPolicy(m, inputs, env, stateDir),
      reverify: { stateDir, nativeWalk: walk.nativeWalkAllowed(env) }
    })
    if ('refused' in done) {
      log.notice(`swr post: ${done.refused}: nothing saved`)
      return
    }
    for (const s of done.saved) log.info(`swr post: ${writeBacks.savedLine(s)}`)
  } catch (err) {
    // A failed save must not fail a job whose doctor succeeded.
    log.warning(`swr post: ${err instanceof Error ? err.message : String(err)}`)
  }
}

/** `post` under the name `@github/local-action` calls: `local-action run . src/action/post.ts .env`. */
export const run = post
