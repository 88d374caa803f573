/**
 * The write-back: save to the cache the state of each entry a recipe healed, under the key of its
 * signed expectations, so the next run restores it without running code. `swr doctor` does it at
 * the end of its run; the Action hands the entry ids to its post step, which does it after the
 * build (`writeBackHandedOver`). Both save the same way: the manifest's entries by id, never a
 * path whose directories include a symlink, and only an entry that verifies now.
 *
 * Returns either what became of each entry (saved, already saved, not saved, changed since) or
 * the one reason nothing was saved. The shells print it; the cache service is theirs to give.
 */
import type { CacheClient } from '../cache-port.js'
import { stateKey } from '../cache-port.js'
import fs from 'node:fs'
import path from 'node:path'
import type { LoadedManifest } from '../manifest/load.js'
import { resolveEntryPath } from '../manifest/paths.js'
import { decide, gateInput, type TrustPolicy } from '../sign/gate.js'
import type { Entry, Finding, Status } from '../types.js'
import { reverifier, type ReverifyOptions } from './selection.js'

export interface SavedEntry {
  id: string
  key: string
  /** `changed`: the entry no longer verifies, so its state was not saved. */
  outcome: 'saved' | 'exists' | 'failed' | 'changed'
  /** The entry's status now, when it no longer verifies. */
  status?: Status | undefined
}

export type WriteBack = { saved: SavedEntry[] } | { refused: string }

export interface WriteBackOptions {
  client: CacheClient
  /**
   * How the entries stand now: the findings of a check just made (doctor's final re-check), or
   * a verification now (the post step: the build may have changed them since).
   */
  current: { findings: readonly Finding[] } | { reverify: ReverifyOptions }
}

/** Save the entries `ids` of `m` that verify now. Nothing is saved when one cannot be. */
export async function writeBack(
  m: LoadedManifest,
  ids: readonly string[],
  opts: WriteBackOptions
): Promise<WriteBack> {
  const byId = new Map(m.body.entries.map(e => [e.id, e]))
  const entries = ids.map(id => byId.get(id))
  if (entries.some(e => e === undefined))
    return { refused: 'the saved state names entries the manifest does not have' }
  const wanted = entries as Entry[]
  const root = fs.realpathSync(m.workspace)
  for (const e of wanted) {
    const refusal = pathRefusal(root, e)
    if (refusal) return { refused: `entry ${e.id}: ${refusal}` }
  }
  const findings =
    'findings' in opts.current
      ? opts.current.findings
      : await reverifier(m, opts.current.reverify)(wanted)
  const saved: SavedEntry[] = []
  for (const e of wanted) {
    const key = stateKey(e)
    const f = findings.find(x => x.id === e.id)
    if (f?.status !== 'OK') {
      saved.push({ id: e.id, key, outcome: 'changed', status: f?.status })
      continue
    }
    // The path as the restore names it: the cache version hashes the path string.
    const outcome = await opts.client.save(resolveEntryPath(m.workspace, e.path), key)
    saved.push({ id: e.id, key, outcome })
  }
  return { saved }
}

/** What the Action's main step hands its post step: nothing but a digest and entry ids. */
export interface HandedOver {
  digest: string
  ids: readonly string[]
}

/**
 * The post step's write-back. The hand-over is not trusted (anything that writes to the job's
 * state file can forge it): the manifest must be the one the main step checked and pass the same
 * signature gate under this step's own policy, and the ids must be entries of it.
 */
export async function writeBackHandedOver(
  m: LoadedManifest,
  handed: HandedOver,
  opts: { client: CacheClient; policy: TrustPolicy; reverify: ReverifyOptions }
): Promise<WriteBack> {
  if (m.digest !== handed.digest)
    return { refused: 'the manifest is not the one the main step checked' }
  const gate = await decide(gateInput(m), opts.policy)
  if (!gate.allowed) return { refused: 'the manifest does not pass the signature gate' }
  return writeBack(m, handed.ids, { client: opts.client, current: { reverify: opts.reverify } })
}

/** How a saved entry is told, after the shell's own prefix. */
export function savedLine(s: SavedEntry): string {
  if (s.outcome === 'changed') return `${s.id} no longer verifies (${s.status ?? '?'}): not saved`
  const how =
    s.outcome === 'saved'
      ? 'saved as'
      : s.outcome === 'exists'
        ? 'already saved as'
        : 'could not be saved as'
  return `${s.id} ${how} ${s.key}`
}

/**
 * Why `e` below `root` cannot be saved, or undefined: every component must be a real directory
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
