/**
 * The sealed cache actions' files as a runner sees them, and the seal a stored archive carries,
 * read back from the loopback cache service with the system's zstd and tar.
 */
import { execFileSync } from 'node:child_process'
import path from 'node:path'
import type { CacheServer } from './cache-server.js'

const ROOT = path.resolve(import.meta.dirname, '..')

/** The action.yml of each sealed cache action (its inputs' defaults). */
export const CACHE_YML = {
  cache: path.join(ROOT, 'cache', 'action.yml'),
  restore: path.join(ROOT, 'cache', 'restore', 'action.yml'),
  save: path.join(ROOT, 'cache', 'save', 'action.yml')
}

/** The seal member of the archive `server` stores under `key`. */
export function sealMember(server: CacheServer, key: string): Buffer {
  const tar = execFileSync('zstd', ['-d', '-c', server.blobPath(key)], { maxBuffer: 1 << 30 })
  return execFileSync('tar', ['-xO', '.swr-seal.json'], {
    input: tar,
    maxBuffer: 1 << 30
  })
}
