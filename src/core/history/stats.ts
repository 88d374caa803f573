/**
 * Survival statistics from the history: per canary class, per canary location and per manifest
 * entry, the share of runs that kept it whole with its 95% Wilson interval and the number of runs
 * observed (one per reading: probes of one reading are not independent), plus each key's
 * recent trend (newest first) and the survival of every recorded run for charts.
 */
import { contextLabel } from './context.js'
import type { HistoryRecord, Tally } from './history.js'
import { wilson } from './wilson.js'

export const STATS_SCHEMA = 'swr.stats/1'
const TREND_RUNS = 10

/** One run's outcome for a key: all kept, part kept, none kept. */
export type Mark = 'kept' | 'partial' | 'lost'

export interface SurvivalRow {
  key: string
  /**
   * Observations: runs. The probes of one class (or location) in one reading share a runner and
   * an event, so they are one observation, not several: survival is "every probe kept".
   */
  n: number
  survived: number
  /** Probes (or entries) seen over those runs, and how many were intact: detail, not the rate. */
  probes: number
  probes_intact: number
  rate: number
  low: number
  high: number
  /** The last runs' outcomes, newest first. */
  trend: Mark[]
  last_seen: string
}

export interface RunPoint {
  time: string
  kind: 'canary' | 'check'
  /** Share of probes intact, or of entries OK, in this run (0..1). */
  survival: number
  label: string
}

export interface Stats {
  schema: typeof STATS_SCHEMA
  records: number
  canary_runs: number
  check_runs: number
  first?: string
  last?: string
  classes: SurvivalRow[]
  locations: SurvivalRow[]
  entries: SurvivalRow[]
  runs: RunPoint[]
}

interface Acc {
  n: number
  survived: number
  probes: number
  intact: number
  marks: Mark[]
  last: string
}

function mark(survived: number, n: number): Mark {
  return survived === n ? 'kept' : survived === 0 ? 'lost' : 'partial'
}

function observe(
  map: Map<string, Acc>,
  key: string,
  survived: number,
  n: number,
  time: string
): void {
  if (n === 0) return
  const a = map.get(key) ?? { n: 0, survived: 0, probes: 0, intact: 0, marks: [], last: time }
  const m = mark(survived, n)
  a.n += 1
  a.survived += m === 'kept' ? 1 : 0
  a.probes += n
  a.intact += survived
  a.marks.push(m)
  a.last = time
  map.set(key, a)
}

function rows(map: Map<string, Acc>): SurvivalRow[] {
  return (
    [...map]
      .map(([key, a]) => {
        const ci = wilson(a.survived, a.n)
        return {
          key,
          n: a.n,
          survived: a.survived,
          probes: a.probes,
          probes_intact: a.intact,
          rate: a.survived / a.n,
          low: ci.low,
          high: ci.high,
          trend: a.marks.slice(-TREND_RUNS).reverse(),
          last_seen: a.last
        }
      })
      // What needs attention first: lowest survival, then fewest observations, then name.
      .sort((x, y) => x.rate - y.rate || x.n - y.n || x.key.localeCompare(y.key))
  )
}

const total = (t: Tally): number => t.intact + t.altered + t.lost

/** Records must be oldest first (as readHistory returns them). */
export function computeStats(records: readonly HistoryRecord[]): Stats {
  const classes = new Map<string, Acc>()
  const locations = new Map<string, Acc>()
  const entries = new Map<string, Acc>()
  const runs: RunPoint[] = []
  for (const r of records) {
    if (r.kind === 'canary') {
      let kept = 0
      let all = 0
      for (const [k, t] of Object.entries(r.classes)) {
        observe(classes, k, t.intact, total(t), r.time)
        kept += t.intact
        all += total(t)
      }
      for (const [k, t] of Object.entries(r.locations))
        observe(locations, k, t.intact, total(t), r.time)
      if (all > 0)
        runs.push({
          time: r.time,
          kind: 'canary',
          survival: kept / all,
          label: contextLabel(r.context)
        })
    } else {
      const statuses = Object.entries(r.entries)
      for (const [id, status] of statuses) observe(entries, id, status === 'OK' ? 1 : 0, 1, r.time)
      const ok = statuses.filter(([, s]) => s === 'OK').length
      if (statuses.length > 0)
        runs.push({
          time: r.time,
          kind: 'check',
          survival: ok / statuses.length,
          label: contextLabel(r.context)
        })
    }
  }
  const stats: Stats = {
    schema: STATS_SCHEMA,
    records: records.length,
    canary_runs: records.filter(r => r.kind === 'canary').length,
    check_runs: records.filter(r => r.kind === 'check').length,
    classes: rows(classes),
    locations: rows(locations),
    entries: rows(entries),
    runs
  }
  if (records.length > 0) {
    stats.first = records[0]!.time
    stats.last = records[records.length - 1]!.time
  }
  return stats
}

/** How often `id` was damaged in its last `window` recorded checks (for `swr why`). */
export function recentLosses(
  records: readonly HistoryRecord[],
  id: string,
  window = TREND_RUNS
): { lost: number; of: number } {
  const seen = records.flatMap(r => (r.kind === 'check' && id in r.entries ? [r.entries[id]] : []))
  const last = seen.slice(-window)
  return { lost: last.filter(s => s !== 'OK').length, of: last.length }
}
