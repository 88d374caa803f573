/**
 * Checking paths on disk against a seal, with the same verifiers a manifest's entries use: each
 * sealed path is its entry, rooted at the path's parent directory, with the seal's index as the
 * tree's index. Read-only, and nothing is cached between runs (the paths belong to no manifest).
 */
import path from 'node:path'
import { deriveId } from '../capture/capture.js'
import { memoryCache } from '../state/cache.js'
import type { Entry, Finding } from '../types.js'
import { verifyEntries } from '../verify/index.js'
import type { PoolOptions } from '../walk/hash-pool.js'
import type { IndexTable } from '../walk/index-table.js'
import type { IndexRecord } from '../walk/tree-index.js'
import type { SealLocation } from './locations.js'
import { recordsOf, takeIndexTable, type ParsedSeal } from './seal.js'

/** A sealed path as an entry of its own: a unique id, its last name, where it lies. */
export interface SealedEntry {
  entry: Entry
  /** The directory the entry's path is relative to. */
  root: string
  /** A tree's index records (decoded when first read). */
  readonly records: IndexRecord[] | undefined
  /**
   * A tree's index as a table to extract against, once: the seal lets go of the index when it is
   * made (`takeIndexTable`), and `records` cannot be read after it.
   */
  takeTable(): Promise<IndexTable | undefined>
  location: SealLocation
}

/** The seal's paths as entries, in order; `locations` are the restoring job's own, index-aligned. */
export function sealedEntries(seal: ParsedSeal, locations: readonly SealLocation[]): SealedEntry[] {
  const taken = new Set<string>()
  return seal.doc.body.paths.map((p, i) => {
    const location = locations[i] as SealLocation
    const id = deriveId(location.spelling.replace(/^~\//, ''), taken)
    taken.add(id)
    return {
      entry: { ...p.entry, id, path: path.basename(location.abs) },
      root: path.dirname(location.abs),
      get records() {
        return recordsOf(seal, i)
      },
      takeTable: () => takeIndexTable(seal, i),
      location
    }
  })
}

/** One finding per sealed path, in order. */
export async function verifySealed(
  entries: readonly SealedEntry[],
  opts: {
    jobs?: number | undefined
    pool?: PoolOptions | undefined
    nativeWalk?: boolean | undefined
  }
): Promise<Finding[]> {
  const out: Finding[] = []
  for (const s of entries) {
    const [f] = await verifyEntries(
      [s.entry],
      {
        workspace: s.root,
        jobs: opts.jobs,
        deep: true,
        metaOnly: false,
        cache: memoryCache(),
        exclude: new Set(),
        readIndex: () => s.records,
        nativeWalk: opts.nativeWalk
      },
      opts.pool ?? {}
    )
    out.push({ ...(f as Finding), path: s.location.spelling })
  }
  return out
}
