/**
 * The canary use cases, shared by `swr canary plant|read|clean` and the Action's `canary-plant`,
 * `canary-read`, `stats` and `record: true`. A planting's ledger and the survival history live
 * in one state directory; the CLI keeps it in its private state directory and takes the canary
 * lock while a command changes it, the Action carries it between runs through the cache.
 *
 * Each call returns a finished result the shells print: a planting, a reading (and what a
 * clean removed), a clean, the survival statistics, or how a state carried in the cache came back.
 * The anchors (workspace, home, temp dir) and the run's context are the shells' to give.
 */
import fs from 'node:fs'
import path from 'node:path'
import type { CacheArchive, CacheClient } from '../cache-port.js'
import type { Anchors } from '../canary/anchor.js'
import { cleanLedger, type CleanResult } from '../canary/clean.js'
import { ledgerPath, readLedger, removeLedger } from '../canary/ledger.js'
import { plantCanaries, type PlantOptions, type PlantResult } from '../canary/plant.js'
import { readCanaries, type CanaryReading } from '../canary/read.js'
import { scratchCopy, type ScratchCopy } from '../archive/scratch-copy.js'
import type { RunContext } from '../history/context.js'
import { appendHistory, checkRecord, readHistory, type HistoryLimits } from '../history/history.js'
import { computeStats, type Stats } from '../history/stats.js'
import type { LoadedManifest } from '../manifest/load.js'
import type { CheckReport } from '../report/report.js'
import { ensurePrivateDir } from '../state/state-dir.js'
import { lockWorkspace, type LockOptions } from '../state/lock.js'

/** Where the canary state is, and whether to hold the canary lock while changing it. */
export interface CanaryState {
  stateDir: string
  /** The CLI's state directory is shared by every run on the machine; a job's is not. */
  lock?: Pick<LockOptions, 'waitMs' | 'abort' | 'onWait'> | undefined
}

/** The anchors as real paths (a path that does not resolve stays as given, made absolute). */
export function canaryAnchors(dirs: Anchors): Anchors {
  const real = (p: string): string => {
    try {
      return fs.realpathSync(p)
    } catch {
      return path.resolve(p)
    }
  }
  return { workspace: real(dirs.workspace), home: real(dirs.home), tmp: real(dirs.tmp) }
}

async function locked<T>(state: CanaryState, fn: () => T): Promise<T> {
  if (!state.lock) return fn()
  const release = await lockWorkspace({
    stateDir: state.stateDir,
    subject: ledgerPath(state.stateDir),
    ...state.lock
  })
  try {
    return fn()
  } finally {
    await release()
  }
}

/** Plant probes and write the ledger. */
export function plantCanary(
  state: CanaryState,
  opts: Omit<PlantOptions, 'stateDir'>
): Promise<PlantResult> {
  return locked(state, () => plantCanaries({ ...opts, stateDir: state.stateDir }))
}

export interface CanaryReadOptions {
  anchors: Anchors
  context: RunContext
  history?: HistoryLimits | undefined
  /** Remove the probes and the ledger after reading. */
  clean?: boolean | undefined
}

export interface CanaryRead {
  reading: CanaryReading
  /** What the clean removed and kept, when asked to clean. */
  cleaned?: CleanResult | undefined
}

/**
 * Compare every probe with the ledger and record the reading in the history; clean when asked.
 * Nothing planted is a one-line error (exit 4).
 */
export function readCanary(state: CanaryState, opts: CanaryReadOptions): Promise<CanaryRead> {
  return locked(state, () => readNow(state.stateDir, opts))
}

/**
 * As readCanary, but nothing planted is a result (undefined) rather than an error: the first run
 * of a scheduled survival job has nothing to read yet.
 */
export function readCanaryIfPlanted(
  state: CanaryState,
  opts: CanaryReadOptions
): Promise<CanaryRead | undefined> {
  return locked(state, () =>
    readLedger(state.stateDir) ? readNow(state.stateDir, opts) : undefined
  )
}

function readNow(dir: string, opts: CanaryReadOptions): CanaryRead {
  const reading = readCanaries({
    stateDir: dir,
    anchors: opts.anchors,
    context: opts.context,
    ...(opts.history ? { history: opts.history } : {})
  })
  if (!opts.clean) return { reading }
  const ledger = readLedger(dir)
  const cleaned = ledger ? cleanLedger(ledger, opts.anchors) : undefined
  removeLedger(dir)
  return { reading, cleaned }
}

/** Remove exactly what the planting made, and its ledger; undefined when nothing is planted. */
export function cleanCanary(
  state: CanaryState,
  anchors: Anchors
): Promise<(CleanResult & { plant_id: string }) | undefined> {
  return locked(state, () => {
    const ledger = readLedger(state.stateDir)
    if (!ledger) return undefined
    const cleaned = cleanLedger(ledger, anchors)
    removeLedger(state.stateDir)
    return { plant_id: ledger.plant_id, ...cleaned }
  })
}

/** Survival per location and entry over the history in `stateDir`. */
export function survivalStats(stateDir: string): Stats {
  return computeStats(readHistory(stateDir).records)
}

/** A check (before any repair: what survived) joins the survival history. */
export function recordSurvival(
  stateDir: string,
  report: CheckReport,
  m: LoadedManifest,
  context: RunContext,
  limits?: HistoryLimits
): void {
  appendHistory(stateDir, checkRecord(report, m, context), limits)
}

/** Bounds of a canary state archive: a ledger, a rotated history and a little more. */
const STATE_MAX_BYTES = 64 * 1024 * 1024
const STATE_MAX_MEMBERS = 64

/** How the canary state came to be in place, for the shell to tell. */
export type CanaryStateSource =
  | { from: 'present' }
  | { from: 'no-cache' }
  | { from: 'none' }
  | { from: 'cache'; key: string }
  | { from: 'refused'; key: string; why: string }

/**
 * Bring the canary state kept in the cache to `dir` (under `prefix`, newest first), unless an
 * earlier step of the job already holds it there. A state that does not prove itself never
 * reaches `dir`: the run goes on with a fresh one. `scratchBase` is where it is unpacked first.
 */
export async function restoreCanaryState(
  dir: string,
  client: CacheClient | undefined,
  prefix: string,
  scratchBase: string
): Promise<CanaryStateSource> {
  if (fs.existsSync(dir)) return { from: 'present' }
  let source: CanaryStateSource = { from: 'no-cache' }
  if (client) {
    const hit = await client.find(dir, prefix, [prefix])
    if (!hit) source = { from: 'none' }
    else {
      const why = await takeState(hit, dir, scratchBase)
      source =
        why === undefined
          ? { from: 'cache', key: hit.matchedKey }
          : { from: 'refused', key: hit.matchedKey, why }
    }
  }
  ensurePrivateDir(dir)
  return source
}

/**
 * Unpack the cached state into scratch, parse the ledger and the history there (which bounds and
 * validates them), and only then move it to `dir`. Returns why it was refused, undefined when
 * taken.
 */
async function takeState(
  hit: CacheArchive,
  dir: string,
  scratchBase: string
): Promise<string | undefined> {
  let copy: ScratchCopy | undefined
  try {
    copy = await scratchCopy(hit, scratchBase, {
      maxMembers: STATE_MAX_MEMBERS,
      maxBytes: STATE_MAX_BYTES
    })
    readLedger(copy.root)
    readHistory(copy.root)
    fs.mkdirSync(path.dirname(dir), { recursive: true })
    fs.renameSync(copy.root, dir)
    fs.chmodSync(dir, 0o700)
    return undefined
  } catch (err) {
    return (err instanceof Error ? err.message : String(err)).split(/[\r\n]/)[0]
  } finally {
    copy?.dispose()
  }
}
