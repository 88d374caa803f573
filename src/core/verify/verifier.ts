/**
 * The interface every kind's verifier implements. Verifying runs in two steps so that all hashing
 * of a manifest shares one worker pool: `inspect` stats the entry and asks for the hashes it needs;
 * `judge` turns their results into a Finding. An entry that needs no hashing answers at once.
 */
import type { BigIntStats } from 'node:fs'
import type { JobResult } from '../walk/hash-kernel.mjs'
import { locateInside, typeName } from './locate-entry.js'
import type { HashJob } from '../walk/hash-pool.js'
import type { HashCache } from '../state/cache.js'
import type { Entry, Finding, Shown, Status, TreeIndexRef } from '../types.js'
import type { IndexRecord } from '../walk/tree-index.js'

export interface VerifyContext {
  /** Absolute, real path of the workspace. */
  workspace: string
  /** Threads for walking and hashing (default: cores). */
  jobs?: number | undefined
  /** Also check full sha256 of blobs. */
  deep: boolean
  /** Sizes, modes, types and tree structure only: no content hashing of files and trees. */
  metaOnly: boolean
  cache: HashCache
  /** swr's own files inside the workspace, left out of every tree walk. */
  exclude: ReadonlySet<string>
  /** Reads a tree's index sidecar, checked against the manifest's digest; undefined when unusable. */
  readIndex: (id: string, ref: TreeIndexRef | undefined) => IndexRecord[] | undefined
  /** False: never walk with GNU find (SWR_NATIVE_WALK=0, read by the shells). */
  nativeWalk?: boolean | undefined
}

export interface Pending {
  jobs: HashJob[]
  judge: (results: JobResult[]) => Finding
}

export type Inspection = Finding | Pending

export type Verifier<E extends Entry> = (
  entry: E,
  ctx: VerifyContext
) => Inspection | Promise<Inspection>

export function isPending(i: Inspection): i is Pending {
  return 'judge' in i
}

/**
 * 1500000 → "1,500,000". By hand, not Intl.NumberFormat: creating a formatter initialises ICU,
 * measured at ~25 ms, a tenth of a whole check of a small workspace.
 */
export function num(n: number): string {
  if (!Number.isSafeInteger(n)) return String(n)
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',')
}
/** Signed difference, "+12" / "-1,500,000". */
export function delta(found: number, wanted: number): string {
  const d = found - wanted
  return `${d > 0 ? '+' : '-'}${num(Math.abs(d))}`
}
/** First 12 hex digits: enough to tell hashes apart in a report, never the whole secret-ish value. */
export function short(hash: string): string {
  return hash.slice(0, 12)
}

export function finding(
  e: Entry,
  status: Status,
  reason: string,
  detail: string,
  recorded: Shown,
  found: Shown,
  cached = false
): Finding {
  return {
    id: e.id,
    kind: e.kind,
    path: e.path,
    tier: e.tier,
    status,
    reason,
    detail,
    recorded,
    found,
    cached
  }
}

export interface Present {
  abs: string
  st: BigIntStats
}

/**
 * The entry on disk when it exists with the wanted type; otherwise the MISSING finding (absent, or
 * a parent leading outside the workspace) or the TYPE finding every verifier starts with.
 */
export function locateAs(
  e: Entry,
  ctx: VerifyContext,
  recorded: Shown,
  noun: string,
  is: (st: BigIntStats) => boolean,
  want: string
): Present | Finding {
  const loc = locateInside(ctx.workspace, e.path)
  if (loc.state !== 'present') {
    const reason = loc.state === 'escapes' ? 'escapes' : 'absent'
    return finding(e, 'MISSING', reason, `${noun} ${loc.why}`, recorded, { type: 'none' })
  }
  if (!is(loc.st)) {
    const t = typeName(loc.st)
    return finding(e, 'TYPE', 'type', `is a ${t} (want ${want})`, recorded, { type: t })
  }
  return { abs: loc.abs, st: loc.st }
}

export function isFinding(x: Present | Finding): x is Finding {
  return 'status' in x
}
