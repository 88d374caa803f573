/**
 * What this machine pushed, and where: one record per manifest in the private state directory
 * (`sync/replicas.json`), read by `swr sync status` to check each copy's reachability, hash and
 * age. The record is a convenience, not a trust anchor: a pull checks the pin it is given.
 */
import fs from 'node:fs'
import path from 'node:path'
import { errnoCode } from '../errors.js'
import { writeFileAtomic } from '../state/atomic.js'
import { ensurePrivateDir } from '../state/state-dir.js'

export interface Replica {
  store: string
  locator: string
  sha256: string
  bytes: number
  pushed_at: string
  code: string
  sealed: boolean
}

type Record_ = Record<string, Replica[]>

const MAX_MANIFESTS = 200

function file(stateDir: string): string {
  return path.join(stateDir, 'sync', 'replicas.json')
}

function load(stateDir: string): Record_ {
  try {
    const st = fs.lstatSync(file(stateDir))
    if (!st.isFile() || st.size > 4 << 20) return {}
    const doc = JSON.parse(fs.readFileSync(file(stateDir), 'utf8')) as { manifests?: Record_ }
    return doc.manifests && typeof doc.manifests === 'object' ? doc.manifests : {}
  } catch (err) {
    // A missing or damaged record is an empty one: it only lists what to check.
    if (errnoCode(err) === 'ENOENT' || err instanceof SyntaxError) return {}
    throw err
  }
}

export function replicasOf(stateDir: string, manifest: string): Replica[] {
  const list = load(stateDir)[manifest]
  return Array.isArray(list) ? list.filter(r => r && typeof r.locator === 'string') : []
}

/** Replace the record of `manifest` with `replicas` (the newest push). */
export function recordReplicas(stateDir: string, manifest: string, replicas: Replica[]): void {
  const all = load(stateDir)
  delete all[manifest]
  const kept = Object.entries(all).slice(-(MAX_MANIFESTS - 1))
  ensurePrivateDir(stateDir, 'sync')
  const doc = {
    format: 'swr-replicas/1',
    manifests: Object.fromEntries([...kept, [manifest, replicas]])
  }
  writeFileAtomic(file(stateDir), JSON.stringify(doc, null, 2) + '\n', { mode: 0o600 })
}
