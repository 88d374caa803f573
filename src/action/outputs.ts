/**
 * The Action's JSON outputs, each within its bound (src/core/report/limits.ts). A list that does
 * not fit keeps its first items (most severe first where order means something) and the document
 * counts what it left out; the full report file (`report-path`) always has everything.
 */
import {
  bySeverity,
  type CheckReport,
  type RepairReport,
  type RunStatus,
  canary,
  history,
  limits
} from '../core/index.js'

export const ACTION_REPORT_SCHEMA = 'swr.action-report/1'
export const ACTION_CANARY_SCHEMA = 'swr.action-canary/1'

/**
 * The text of `build(k)` for the largest `k` in 0..max whose output fits `limit`, and that `k`.
 * `build` must grow with `k`; `build(0)` is returned even when it does not fit (a fixed part
 * over the limit is a bug in the caller, not something to hide).
 */
export function fitCount(
  build: (k: number) => string,
  max: number,
  limit: number
): { text: string; k: number } {
  const whole = build(max)
  if (limits.outputSize(whole) <= limit) return { text: whole, k: max }
  let lo = 0
  let hi = max - 1
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2)
    if (limits.outputSize(build(mid)) <= limit) lo = mid
    else hi = mid - 1
  }
  return { text: build(lo), k: lo }
}

/** A JSON array of ids within the bound of the `damaged` and `repaired` outputs. */
export function idListOutput(ids: readonly string[]): { text: string; omitted: number } {
  const { text, k } = fitCount(
    n => JSON.stringify(ids.slice(0, n)),
    ids.length,
    limits.ID_LIST_OUTPUT_BYTES
  )
  return { text, omitted: ids.length - k }
}

/** The ids still damaged, most severe first (the order the bounded output keeps). */
export function damagedIds(report: CheckReport): string[] {
  return bySeverity(report.results).map(f => f.id)
}

export function repairedIds(report: CheckReport | RepairReport): string[] {
  return 'repair' in report
    ? report.repair.steps.filter(s => s.outcome === 'repaired').map(s => s.id)
    : []
}

export interface CompactReportContext {
  status: RunStatus
  exitCode: number
  reportPath: string
  /** Ids the `damaged` and `repaired` outputs left out. */
  outputsOmitted: { damaged: number; repaired: number }
}

/**
 * The `report` output: status, counts, the damaged entries and the repair steps. When both lists
 * do not fit, each keeps the same number of items and `omitted` counts the rest.
 */
export function compactReport(
  report: CheckReport | RepairReport,
  ctx: CompactReportContext
): string {
  const damaged = bySeverity(report.results).map(f => ({
    id: f.id,
    status: f.status,
    reason: f.reason
  }))
  const steps =
    'repair' in report
      ? report.repair.steps.map(s => ({ id: s.id, outcome: s.outcome }))
      : undefined
  const build = (k: number): string => {
    const omitted = {
      damaged: Math.max(0, damaged.length - k),
      steps: Math.max(0, (steps?.length ?? 0) - k)
    }
    const cut = omitted.damaged + omitted.steps > 0
    return JSON.stringify({
      schema: ACTION_REPORT_SCHEMA,
      status: ctx.status,
      exit_code: ctx.exitCode,
      digest: report.manifest.digest,
      signature: 'repair' in report ? report.repair.before.signature : report.diagnosis.signature,
      summary: report.summary,
      damaged: damaged.slice(0, k),
      ...(steps ? { steps: steps.slice(0, k) } : {}),
      ...(cut ? { truncated: true } : {}),
      omitted: {
        ...omitted,
        damaged_output: ctx.outputsOmitted.damaged,
        repaired_output: ctx.outputsOmitted.repaired
      },
      report_path: ctx.reportPath
    })
  }
  return fitCount(build, Math.max(damaged.length, steps?.length ?? 0), limits.REPORT_OUTPUT_BYTES)
    .text
}

/**
 * The `stats` output: the survival rows and the last runs. When they do not fit, each list keeps
 * the same number of rows (runs: the newest) and `omitted` counts the rest.
 */
export function statsOutput(s: history.Stats): string {
  const runs = s.runs.slice(-50)
  const build = (k: number): string => {
    const omitted = {
      classes: Math.max(0, s.classes.length - k),
      locations: Math.max(0, s.locations.length - k),
      entries: Math.max(0, s.entries.length - k),
      runs: Math.max(0, s.runs.length - Math.min(k, runs.length))
    }
    const cut = omitted.classes + omitted.locations + omitted.entries > 0 || k < runs.length
    return JSON.stringify({
      ...s,
      classes: s.classes.slice(0, k),
      locations: s.locations.slice(0, k),
      entries: s.entries.slice(0, k),
      runs: k === 0 ? [] : runs.slice(-k),
      ...(cut ? { truncated: true } : {}),
      omitted
    })
  }
  const max = Math.max(s.classes.length, s.locations.length, s.entries.length, runs.length)
  return fitCount(build, max, limits.STATS_OUTPUT_BYTES).text
}

/** The `canary` output after `canary-plant`. */
export function plantOutput(plantId: string, probes: number, locations: readonly string[]): string {
  const build = (k: number): string =>
    JSON.stringify({
      schema: ACTION_CANARY_SCHEMA,
      plant_id: plantId,
      probes,
      locations: locations.slice(0, k),
      ...(k < locations.length ? { omitted: { locations: locations.length - k } } : {})
    })
  return fitCount(build, locations.length, limits.CANARY_OUTPUT_BYTES).text
}

/** The `canary` output of `canary-read` when nothing was planted yet. */
export function unplantedOutput(): string {
  return JSON.stringify({ schema: ACTION_CANARY_SCHEMA, planted: false })
}

/**
 * The `canary` output after `canary-read`: the reading without its probe list, plus the probes
 * that did not come back intact (`changed`), as many as fit, with `omitted` counting the rest.
 */
export function readingOutput(r: canary.CanaryReading): string {
  const { probes, ...rest } = r
  const changed = probes.filter(p => p.outcome.state !== 'intact')
  const locations = Object.entries(r.locations)
  const build = (k: number): string =>
    JSON.stringify({
      ...rest,
      locations: Object.fromEntries(locations.slice(0, k)),
      changed: changed.slice(0, k),
      omitted: {
        changed: Math.max(0, changed.length - k),
        locations: Math.max(0, locations.length - k)
      }
    })
  return fitCount(build, Math.max(changed.length, locations.length), limits.CANARY_OUTPUT_BYTES)
    .text
}
