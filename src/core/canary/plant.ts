/**
 * Planting: decide the locations, create every probe exclusively, and record them in the ledger.
 * All or nothing: when any probe cannot be created, everything this planting made is removed and
 * no ledger is written, so a failed plant leaves the machine as it was.
 */
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { EXIT, SwrError, UsageError, diskError, errnoCode } from '../errors.js'
import type { RunContext } from '../history/context.js'
import { anchor, type Anchors } from './anchor.js'
import { cleanLedger } from './clean.js'
import { LEDGER_FORMAT, readLedger, writeLedger, type Ledger } from './ledger.js'
import { materialize, planLocations, type Location } from './locations.js'
import { plantProbe, plantingOrder, PROBE_CLASSES, type Probe, type ProbeClass } from './probes.js'

export const DEFAULT_LARGE_BYTES = 64 * 1024 * 1024

export interface PlantOptions {
  stateDir: string
  anchors: Anchors
  at?: readonly string[]
  volatile?: readonly string[]
  includeHome?: boolean
  includeTmp?: boolean
  /** Bytes of the large probe; 0 plants none. */
  largeBytes?: number
  context: RunContext
  now?: Date
  /** Replace an unread planting (its probes are removed first). */
  replace?: boolean
  /** Fixed planting id (hex); random by default. */
  plantId?: string
}

export interface PlantResult {
  ledger: Ledger
  /** Probes of a previous, already-read planting that were removed first. */
  replaced?: { plant_id: string; removed: number }
}

/** Locations that only test names and depth: no large file there. */
const NO_LARGE = new Set(['deep'])

function classesFor(loc: Location, largeBytes: number): ProbeClass[] {
  return plantingOrder(
    PROBE_CLASSES.filter(c => c !== 'large' || (largeBytes > 0 && !NO_LARGE.has(loc.id)))
  )
}

function undo(created: string[]): void {
  for (const p of [...created].reverse()) {
    try {
      const st = fs.lstatSync(p)
      if (st.isDirectory()) fs.rmdirSync(p)
      else fs.unlinkSync(p)
    } catch {
      // Already gone, or no longer ours to remove (not empty): leave it.
    }
  }
}

function retire(opts: PlantOptions): PlantResult['replaced'] {
  const old = readLedger(opts.stateDir)
  if (!old) return undefined
  if (!old.read_at && !opts.replace)
    throw new UsageError(
      `a planting (${old.plant_id}, ${old.planted_at}) was never read: run "swr canary read" first, or plant with --replace to discard it`
    )
  const cleaned = cleanLedger(old, opts.anchors)
  return { plant_id: old.plant_id, removed: cleaned.removed.length }
}

export function plantCanaries(opts: PlantOptions): PlantResult {
  const largeBytes = opts.largeBytes ?? DEFAULT_LARGE_BYTES
  const plantId = opts.plantId ?? randomBytes(4).toString('hex')
  // The old planting goes first: it may have created a directory this one would otherwise reuse.
  const replaced = retire(opts)
  const planned = planLocations({
    ...opts.anchors,
    plantId,
    at: opts.at ?? [],
    volatile: opts.volatile ?? [],
    includeHome: opts.includeHome ?? true,
    includeTmp: opts.includeTmp ?? true
  })
  const created: string[] = []
  const locations: Location[] = []
  const probes: Probe[] = []
  try {
    for (const p of planned) {
      const { location: loc, abs: dir } = materialize(p, plantId, opts.anchors, created)
      locations.push(loc)
      for (const cls of classesFor(loc, largeBytes)) {
        const { name, expect } = plantProbe(cls, { plantId, dir, largeBytes, created })
        probes.push({
          class: cls,
          location: loc.id,
          path: anchor(path.join(dir, name), opts.anchors),
          expect
        })
      }
    }
    const ledger: Ledger = {
      format: LEDGER_FORMAT,
      plant_id: plantId,
      planted_at: (opts.now ?? new Date()).toISOString(),
      context: opts.context,
      large_bytes: largeBytes,
      locations,
      probes
    }
    writeLedger(opts.stateDir, ledger)
    return replaced ? { ledger, replaced } : { ledger }
  } catch (err) {
    undo(created)
    if (err instanceof SwrError) throw err
    // A disk error (a directory the disk had no room for) keeps the one line and exit of every
    // write of swr; only the planting's own failures are worded here.
    const disk = diskError(err)
    if (disk) throw disk
    const e = err as NodeJS.ErrnoException
    const code = errnoCode(err)
    throw new SwrError(
      code === 'EEXIST'
        ? `canary plant: ${e.path} already exists: planting never replaces a file (nothing was planted)`
        : `canary plant: ${[e.syscall, e.path].filter(Boolean).join(' ')}: ${code ?? e.message} (nothing was planted)`,
      EXIT.UNREPAIRABLE
    )
  }
}
