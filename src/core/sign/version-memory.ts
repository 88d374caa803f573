/**
 * Rollback memory: the highest manifest version this machine has accepted for a manifest file, and
 * its digest. An older version is a rollback; the same version with another digest is a fork. CI
 * runners start empty, so there the floor comes from the caller (--min-version / an input).
 */
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { writeFileAtomic } from '../state/atomic.js'
import { ensurePrivateDir } from '../state/state-dir.js'

export interface Remembered {
  version: number
  digest: string
  /** False when this machine accepted it unsigned (an approved edit where no key was at hand). */
  signed?: boolean
}

function memoryPath(stateDir: string, manifestFile: string): string {
  const key = createHash('sha256').update(path.resolve(manifestFile)).digest('hex').slice(0, 32)
  return path.join(stateDir, 'versions', `${key}.json`)
}

export function recall(stateDir: string, manifestFile: string): Remembered | undefined {
  try {
    const v = JSON.parse(fs.readFileSync(memoryPath(stateDir, manifestFile), 'utf8')) as Remembered
    return Number.isSafeInteger(v.version) && /^[0-9a-f]{64}$/.test(v.digest) ? v : undefined
  } catch {
    return undefined
  }
}

/** Remember an accepted manifest; never lowers what is remembered. */
export function remember(stateDir: string, manifestFile: string, r: Remembered): void {
  const old = recall(stateDir, manifestFile)
  if (old && old.version > r.version) return
  try {
    ensurePrivateDir(stateDir, 'versions')
    writeFileAtomic(memoryPath(stateDir, manifestFile), JSON.stringify(r) + '\n', { mode: 0o600 })
  } catch {
    // Memory is a second line of defence; failing to write it must not fail the run.
  }
}
