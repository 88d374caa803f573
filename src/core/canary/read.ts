/**
 * Reading a planting back: each probe compared with the ledger, tallied by class and by location,
 * the ledger marked read, and one record appended to the history (canary reads always record:
 * survival over many runs is the point).
 */
import {
  appendHistory,
  type CanaryRecord,
  type HistoryLimits,
  type Tally
} from '../history/history.js'
import type { RunContext } from '../history/context.js'
import { resolveAnchored, showAnchored, type Anchors } from './anchor.js'
import { inspectProbe, type Attribute, type ProbeOutcome } from './inspect.js'
import { readLedger, writeLedger } from './ledger.js'
import { PROBE_CLASSES, type ProbeClass } from './probes.js'
import { EXIT, SwrError } from '../errors.js'

export type { Tally }
export const CANARY_READ_SCHEMA = 'swr.canary-read/1'

export interface ProbeReading {
  class: ProbeClass
  location: string
  path: string
  outcome: ProbeOutcome
}

export interface CanaryReading {
  schema: typeof CANARY_READ_SCHEMA
  plant_id: string
  planted_at: string
  read_at: string
  planted_by: RunContext
  read_by: RunContext
  /** True when this planting had been read before (a re-read records again). */
  reread: boolean
  totals: Tally
  classes: Partial<Record<ProbeClass, Tally & { attributes: Partial<Record<Attribute, number>> }>>
  locations: Record<string, Tally>
  probes: ProbeReading[]
}

export interface ReadOptions {
  stateDir: string
  anchors: Anchors
  context: RunContext
  now?: Date
  history?: HistoryLimits
}

function tally(): Tally {
  return { intact: 0, altered: 0, lost: 0 }
}

export function readCanaries(opts: ReadOptions): CanaryReading {
  const ledger = readLedger(opts.stateDir)
  if (!ledger)
    throw new SwrError(
      'no canary planting to read: run "swr canary plant" first',
      EXIT.BAD_MANIFEST
    )
  const readAt = (opts.now ?? new Date()).toISOString()
  const reading: CanaryReading = {
    schema: CANARY_READ_SCHEMA,
    plant_id: ledger.plant_id,
    planted_at: ledger.planted_at,
    read_at: readAt,
    planted_by: ledger.context,
    read_by: opts.context,
    reread: ledger.read_at !== undefined,
    totals: tally(),
    classes: {},
    locations: {},
    probes: []
  }
  for (const p of ledger.probes) {
    const outcome = inspectProbe(p, resolveAnchored(p.path, opts.anchors))
    reading.probes.push({
      class: p.class,
      location: p.location,
      path: showAnchored(p.path),
      outcome
    })
    const cls = (reading.classes[p.class] ??= { ...tally(), attributes: {} })
    const loc = (reading.locations[p.location] ??= tally())
    for (const t of [reading.totals, cls, loc]) t[outcome.state]++
    if (outcome.state === 'altered')
      for (const a of outcome.attributes) cls.attributes[a] = (cls.attributes[a] ?? 0) + 1
  }
  // Classes in their canonical order, whatever order the ledger listed probes in.
  reading.classes = Object.fromEntries(
    PROBE_CLASSES.flatMap(c => (reading.classes[c] ? [[c, reading.classes[c]]] : []))
  )
  writeLedger(opts.stateDir, { ...ledger, read_at: ledger.read_at ?? readAt })
  appendHistory(opts.stateDir, canaryRecord(reading), opts.history)
  return reading
}

function canaryRecord(r: CanaryReading): CanaryRecord {
  const strip = (t: Tally): Tally => ({ intact: t.intact, altered: t.altered, lost: t.lost })
  return {
    v: 1,
    kind: 'canary',
    time: r.read_at,
    context: r.read_by,
    plant_id: r.plant_id,
    planted_at: r.planted_at,
    classes: Object.fromEntries(Object.entries(r.classes).map(([k, t]) => [k, strip(t)])),
    locations: r.locations
  }
}
