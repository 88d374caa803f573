/**
 * The sources a restore of one entry tries, in the order it tries them: the recorded modes first
 * when permission bits are all that is wrong (no byte written), the recorded link for a link entry
 * gone, flattened or retargeted, then escrow (bytes in the manifest, no code), then git when the
 * workspace's git index tracks the entry (bytes already on this machine, no code), then the state
 * saved for exactly the entry's signed expectations when an Actions cache is reachable (a
 * download), then the manifest's own sources in the manifest's order (recipes and declared cache
 * keys). Local before remote, code-free before code: git comes before the saved state because a
 * git miss costs a local lookup of milliseconds where a cache lookup costs a round trip, and both
 * are proven against the same recorded hashes before anything is placed.
 *
 * The plan (what `--dry-run` and the report show), the runner (what it tries) and the diagnosis
 * (whether an entry has a way back) all read this one table, so what is shown is what runs. A new
 * kind of source is one file in this folder and one row below.
 */
import { restoreSources, type Entry } from '../../types.js'
import { cacheSource } from './cache.js'
import { escrowSource } from './escrow.js'
import { gitSource } from './git.js'
import { linkSource } from './link.js'
import { modesSource } from './modes.js'
import { recipeSource } from './recipe.js'
import { s3Source } from './s3.js'
import type {
  Source,
  SourceContext,
  SourceDef,
  SourceKind,
  SourceOf,
  SourceOptions,
  Tried
} from './source.js'

export type { Attempt, Source, SourceContext, SourceKind, SourceOptions, Tried } from './source.js'

/** Every kind, in the order its offered sources are tried (declared ones keep the manifest's). */
const KINDS: { [K in SourceKind]: SourceDef<K> } = {
  modes: modesSource,
  link: linkSource,
  escrow: escrowSource,
  git: gitSource,
  cache: cacheSource,
  s3: s3Source,
  recipe: recipeSource
}

const ORDER = Object.values(KINDS) as SourceDef<SourceKind>[]

/** Every source a restore of `entry` tries, in order. */
export function sourcesOf(entry: Entry, opts: SourceOptions = {}): Source[] {
  const out: Source[] = ORDER.flatMap(k => k.offered?.(entry, opts) ?? [])
  for (const declared of restoreSources(entry)) {
    const src = ORDER.map(k => k.declared?.(declared)).find(s => s !== undefined)
    if (src) out.push(src)
  }
  return out
}

/**
 * Whether `entry` has a way back at all (its modes when only they are wrong, its recorded link,
 * escrow, git or a declared source), cache or not.
 */
export function hasSource(entry: Entry, opts: Omit<SourceOptions, 'savedState'> = {}): boolean {
  return sourcesOf(entry, opts).length > 0
}

/** One try of `src` for `entry`, by its kind. */
export function attemptSource(src: Source, entry: Entry, ctx: SourceContext): Promise<Tried> {
  const def = KINDS[src.kind] as SourceDef<typeof src.kind>
  return def.attempt(src as SourceOf<typeof src.kind>, entry, ctx)
}
