/**
 * The sources a restore of one entry tries, in the order it tries them: the recorded modes first
 * when permission bits are all that is wrong (no byte written, modes.ts), the recorded link for a
 * link entry gone, flattened or retargeted (relink.ts), then escrow (bytes in the manifest, no code), then git when the workspace's git index tracks the entry (bytes already on
 * this machine, no code), then the state saved for exactly the entry's signed expectations when an
 * Actions cache is reachable (a download), then the manifest's own sources in the manifest's order
 * (recipes and declared cache keys). Local before remote, code-free before code: git comes before
 * the saved state because a git miss costs a local lookup of milliseconds where a cache lookup costs
 * a round trip, and both are proven against the same recorded hashes before anything is placed. The plan (what `--dry-run` and the report show), the runner (what it tries) and the
 * diagnosis (whether an entry has a way back) all read this one list, so what is shown is what
 * runs.
 */
import { stateKey } from '../cache-port.js'
import type { GitTracking } from '../git/index-file.js'
import { restoreSources, type Entry } from '../types.js'
import { modesRecorded } from './modes.js'

export type Source =
  /** Permission bits only: the recorded modes set on the files whose bytes still verify. */
  | { kind: 'modes' }
  /** A link entry: the recorded link made again (relink.ts). */
  | { kind: 'link' }
  | { kind: 'escrow' }
  /** The entry's path in the commit HEAD names, read from git's object store (restore/git/). */
  | { kind: 'git' }
  /** `savedState`: the key is stateKey(entry), written back after a recipe healed the entry. */
  | { kind: 'cache'; key: string; restoreKeys: string[]; savedState: boolean }
  | { kind: 'recipe'; command: string }

export type SourceKind = Source['kind']

export interface SourceOptions {
  /** The entry's damage is its permission bits alone (verify/damage.ts). */
  permOnly?: boolean | undefined
  /** A link entry gone, flattened into a file or retargeted (verify/damage.ts). */
  relink?: boolean | undefined
  /** An Actions cache is reachable: the saved state is tried right after escrow. */
  savedState?: boolean | undefined
  /** The workspace's git index (undefined outside a work tree): tracked entries get git. */
  git?: GitTracking | undefined
}

/** Every source a restore of `entry` tries, in order. */
export function sourcesOf(entry: Entry, opts: SourceOptions = {}): Source[] {
  const out: Source[] = opts.permOnly && modesRecorded(entry) ? [{ kind: 'modes' }] : []
  if (opts.relink && entry.kind === 'link') out.push({ kind: 'link' })
  if (entry.kind === 'file' && entry.escrow) out.push({ kind: 'escrow' })
  if (opts.git?.tracks(entry.path, entry.kind === 'tree')) out.push({ kind: 'git' })
  if (opts.savedState)
    out.push({ kind: 'cache', key: stateKey(entry), restoreKeys: [], savedState: true })
  for (const src of restoreSources(entry))
    out.push(
      typeof src === 'string'
        ? { kind: 'recipe', command: src }
        : {
            kind: 'cache',
            key: src.cache.key,
            restoreKeys: src.cache['restore-keys'] ?? [],
            savedState: false
          }
    )
  return out
}

/**
 * Whether `entry` has a way back at all (its modes when only they are wrong, its recorded link,
 * escrow, git or a declared source), cache or not.
 */
export function hasSource(entry: Entry, opts: Omit<SourceOptions, 'savedState'> = {}): boolean {
  return sourcesOf(entry, opts).length > 0
}
