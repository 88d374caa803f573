/**
 * The contract every restore source keeps. A kind of source offers sources for an entry (before
 * the manifest's own: the recorded modes, the link, escrow, git, the saved state) or reads one of
 * the manifest's declared restore sources as its own, and attempts one source for one entry.
 * Adding a store is one file in this folder implementing `SourceDef` and one row in index.ts's
 * table; the runner and the repair use case do not change.
 *
 * Sources that write bytes go through restore/scratch.ts (fill -> prove -> place): nothing is
 * written outside scratch before the copy is proven.
 */
import type { CacheClient } from '../../cache-port.js'
import type { RecipeResult } from '../../exec/recipe.js'
import type { S3Objects } from '../../s3-port.js'
import type { GitTracking } from '../../git/index-file.js'
import type { GateDecision } from '../../sign/gate.js'
import type { Entry, Finding, ManifestBody, RestoreSource } from '../../types.js'
import { maskedNote, type EntryRestore, type RestoreContext } from '../scratch.js'

export type Source =
  /** Permission bits only: the recorded modes set on the files whose bytes still verify. */
  | { kind: 'modes' }
  /** A link entry: the recorded link made again (relink.ts). */
  | { kind: 'link' }
  | { kind: 'escrow' }
  /** The entry's path in the commit HEAD names, read from git's object store. */
  | { kind: 'git' }
  /** `savedState`: the key is stateKey(entry), written back after a recipe healed the entry. */
  | { kind: 'cache'; key: string; restoreKeys: string[]; savedState: boolean }
  | { kind: 'recipe'; command: string }
  /** An S3-compatible bucket: the object PREFIX/<state key>.tzst (or .tgz). */
  | { kind: 's3'; url: string }

export type SourceKind = Source['kind']

/** A source of one kind. */
export type SourceOf<K extends SourceKind> = Extract<Source, { kind: K }>

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

/** One try of one source, as the report tells it. */
export interface Attempt {
  source: SourceKind
  outcome: 'healed' | 'not-healed' | 'failed' | 'miss' | 'skipped' | 'interrupted'
  detail: string
  /** Cache attempts: the key asked for, the key that matched, exact or restore-keys prefix hit. */
  key?: string
  matchedKey?: string
  exact?: boolean
}

/** What one attempt did. */
export interface Tried {
  attempt: Attempt
  /** A recipe's run. */
  recipe?: Omit<RecipeResult, 'id'>
  /** The finding of a verifying extraction (scratch.ts): the entry needs no second read. */
  proven?: Finding
}

/**
 * What one archive proven in scratch (scratch.ts `restoreEntry`) made of an attempt: healed, with
 * what the extraction proved and the modes it masked, or not healed with the reason it was
 * refused. `how` names the copy as the report tells it.
 */
export function archiveTried(
  base: Omit<Attempt, 'outcome' | 'detail'>,
  how: string,
  r: EntryRestore
): Tried {
  if (!r.placed)
    return { attempt: { ...base, outcome: 'not-healed', detail: `${how} rejected: ${r.reason}` } }
  return {
    attempt: {
      ...base,
      outcome: 'healed',
      detail: r.masked ? `${how} (${maskedNote(r.masked)})` : how
    },
    ...(r.proven ? { proven: r.proven } : {})
  }
}

/** What a source may use: one bag of stores (`ports`) instead of one field per store. */
export interface SourceContext {
  workspace: string
  /** Scratch, tree indexes and the verifier, for sources that fill scratch. */
  restore: Omit<RestoreContext, 'workspace'>
  gate: GateDecision
  /** Environment recipes and git may draw from. */
  callerEnv: Readonly<Record<string, string | undefined>>
  shell: ManifestBody['shell']
  /** Seconds a recipe or a git read of `entry` may take. */
  timeoutS(entry: Entry): number
  abort?: AbortSignal | undefined
  onLine?: ((id: string, line: string) => void) | undefined
  ports: {
    cache?: CacheClient | undefined
    /** A client for one bucket (the SDK's credential chain), made on first use. */
    s3?: ((bucket: string) => S3Objects) | undefined
  }
}

export interface SourceDef<K extends SourceKind> {
  kind: K
  /** The sources of this kind a restore of `entry` tries before the manifest's own. */
  offered?(entry: Entry, opts: SourceOptions): SourceOf<K>[]
  /** One of the manifest's declared sources, when it is of this kind. */
  declared?(src: RestoreSource): SourceOf<K> | undefined
  attempt(src: SourceOf<K>, entry: Entry, ctx: SourceContext): Promise<Tried>
}
