/**
 * The Action's post step: save to the cache each entry that the main step's doctor healed with a
 * recipe, under the key of its signed expectations, after re-verifying it (the build may have
 * changed it since). Skipped, and said so, in read-only cache mode or when nothing was handed over.
 *
 * The saved state is not trusted: anything that can write to the job's log or state file can
 * forge it. It names at most entry ids and the manifest digest; the manifest, workspace, policy,
 * keys and paths come from this step's own inputs and the signed manifest, which must pass the
 * same signature gate as in the main step. Any mismatch saves nothing.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import {
  actionsCacheClient,
  cacheReadOnly,
  cacheServiceAvailable
} from '../adapters/actions-cache.js'
import {
  stateKey,
  reverifier,
  loadManifest,
  ENTRY_ID,
  resolveEntryPath,
  decide,
  gateInput,
  type Entry,
  nativeWalkAllowed,
  makeOwnedTemp
} from '../core/index.js'
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
  if (!ids.every(id => typeof id === 'string' && ENTRY_ID.test(id))) return undefined
  if (new Set(ids).size !== ids.length) return undefined
  return { digest, ids: ids as string[] }
}

/**
 * Why `rel` below `root` cannot be saved, or undefined: every component must be a real directory
 * (no symlink followed) and the entry itself no symlink unless it is a `link` entry.
 */
export function pathRefusal(root: string, e: Entry): string | undefined {
  const parts = path.posix.normalize(e.path).split('/')
  if (path.isAbsolute(e.path) || parts.includes('..')) return 'path leaves the workspace'
  let at = root
  for (const [i, part] of parts.entries()) {
    if (part === '.' || part === '') continue
    at = path.join(at, part)
    let st: fs.Stats
    try {
      st = fs.lstatSync(at)
    } catch {
      return `${parts.slice(0, i + 1).join('/')} is absent`
    }
    const last = i === parts.length - 1
    if (st.isSymbolicLink() && !(last && e.kind === 'link'))
      return `${parts.slice(0, i + 1).join('/')} is a symlink`
    if (!last && !st.isDirectory()) return `${parts.slice(0, i + 1).join('/')} is not a directory`
  }
  return undefined
}

export async function post(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  try {
    const raw = core.getState(State.WriteBack)
    if (!raw) {
      log.info('swr post: nothing to save (no entry was healed by a recipe in this job)')
      return
    }
    if (cacheReadOnly(env)) {
      log.info('swr post: read-only cache mode (ACTIONS_CACHE_MODE=read): not saving')
      return
    }
    if (!cacheServiceAvailable(env)) {
      log.info('swr post: no Actions cache service in this job: not saving')
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
    if (m.digest !== handed.digest) {
      log.notice('swr post: the manifest is not the one the main step checked: nothing saved')
      return
    }
    const stateDir = makeOwnedTemp(env.RUNNER_TEMP || os.tmpdir(), 'swr-post')
    const gate = await decide(gateInput(m), actionPolicy(m, inputs, env, stateDir))
    if (!gate.allowed) {
      log.notice(`swr post: the manifest does not pass the signature gate: nothing saved`)
      return
    }
    const byId = new Map(m.body.entries.map(e => [e.id, e]))
    const entries = handed.ids.map(id => byId.get(id))
    if (entries.some(e => e === undefined)) {
      log.notice(
        'swr post: the saved state names entries the manifest does not have: nothing saved'
      )
      return
    }
    const root = fs.realpathSync(m.workspace)
    const wanted = entries as Entry[]
    for (const e of wanted) {
      const refusal = pathRefusal(root, e)
      if (refusal) {
        log.notice(`swr post: entry ${e.id}: ${refusal}: nothing saved`)
        return
      }
    }
    const findings = await reverifier(m, { stateDir, nativeWalk: nativeWalkAllowed(env) })(wanted)
    const client = actionsCacheClient({ env, onNote: line => log.warning(line) })
    for (const e of wanted) {
      const key = stateKey(e)
      const f = findings.find(x => x.id === e.id)
      if (f?.status !== 'OK') {
        log.info(`swr post: ${e.id} no longer verifies (${f?.status ?? '?'}): not saved`)
        continue
      }
      // The path as the main step names it: the cache version hashes the path string.
      const saved = await client.save(resolveEntryPath(m.workspace, e.path), key)
      log.info(
        `swr post: ${e.id} ${saved === 'saved' ? 'saved as' : saved === 'exists' ? 'already saved as' : 'could not be saved as'} ${key}`
      )
    }
  } catch (err) {
    // A failed save must not fail a job whose doctor succeeded.
    log.warning(`swr post: ${err instanceof Error ? err.message : String(err)}`)
  }
}

/** `post` under the name `@github/local-action` calls: `local-action run . src/action/post.ts .env`. */
export const run = post
