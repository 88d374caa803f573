/**
 * Rollback memory: the highest manifest version this machine has accepted for a manifest, and its
 * digest. An older version is a rollback; the same version with another digest is a fork. CI
 * runners start empty, so there the floor comes from the caller (--min-version / an input).
 *
 * Memory is keyed by the manifest's identity, not by how its path was spelled: the real path
 * (symlinks resolved, so `-m` through a link meets the same memory) and, when the signed scope
 * names both repository and manifest path, that scope (so a second checkout of the repository
 * shares it too). Recall takes the highest version under any of the keys; remember writes all of
 * them. Files written under the older spelled-path key are still read (they are the real-path key
 * whenever the path was spelled without a symlink).
 */
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { writeFileAtomic } from '../state/atomic.js'
import { canonicalPath } from '../state/lock.js'
import { ensurePrivateDir } from '../state/state-dir.js'
import type { ManifestScope } from '../types.js'

export interface Remembered {
  version: number
  digest: string
  /** False when this machine accepted it unsigned (an approved edit where no key was at hand). */
  signed?: boolean
}

function keyFile(stateDir: string, identity: string): string {
  const key = createHash('sha256').update(identity).digest('hex').slice(0, 32)
  return path.join(stateDir, 'versions', `${key}.json`)
}

/** Every memory file that speaks for this manifest; the first is the real-path key. */
function memoryFiles(stateDir: string, manifestFile: string, scope?: ManifestScope): string[] {
  const files = [keyFile(stateDir, canonicalPath(manifestFile))]
  if (scope?.repository !== undefined && scope.manifest_path !== undefined)
    files.push(
      keyFile(stateDir, `scope\0${scope.repository.toLowerCase()}\0${scope.manifest_path}`)
    )
  return files
}

function readOne(file: string): Remembered | undefined {
  try {
    const v = JSON.parse(fs.readFileSync(file, 'utf8')) as Remembered
    return Number.isSafeInteger(v.version) && /^[0-9a-f]{64}$/.test(v.digest) ? v : undefined
  } catch {
    return undefined
  }
}

export function recall(
  stateDir: string,
  manifestFile: string,
  scope?: ManifestScope
): Remembered | undefined {
  // The spelled-path key is read too: memory written before keys were real paths.
  const files = [
    ...memoryFiles(stateDir, manifestFile, scope),
    keyFile(stateDir, path.resolve(manifestFile))
  ]
  let best: Remembered | undefined
  for (const f of new Set(files)) {
    const v = readOne(f)
    if (v && (!best || v.version > best.version)) best = v
  }
  return best
}

/** Remember an accepted manifest under each of its keys; never lowers what is remembered. */
export function remember(
  stateDir: string,
  manifestFile: string,
  r: Remembered,
  scope?: ManifestScope
): void {
  const old = recall(stateDir, manifestFile, scope)
  if (old && old.version > r.version) return
  try {
    ensurePrivateDir(stateDir, 'versions')
    for (const f of memoryFiles(stateDir, manifestFile, scope))
      writeFileAtomic(f, JSON.stringify(r) + '\n', { mode: 0o600 })
  } catch {
    // Memory is a second line of defence; failing to write it must not fail the run.
  }
}
