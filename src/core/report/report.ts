/**
 * The check report: one versioned object that the JSON output prints as is, and that the text,
 * Markdown and SARIF renderers read. Its schema is published in schema/report-v1.schema.json.
 */
import type { SealState } from '../seal/entries.js'
import type { LoadedManifest } from '../manifest/load.js'
import type { Step } from '../restore/plan.js'
import type { StepResult } from '../restore/runner.js'
import type { CacheLookup } from '../cache-port.js'

import { STATUSES, type Diagnosis, type Finding, type Status } from '../types.js'

/** One smoke command's result (engine/smoke.ts runs them). */
export interface SmokeResult {
  id: string
  outcome: 'passed' | 'failed'
  detail: string
  output?: string
}

/** The smoke commands of a check: whether the gate let them run, and each result. */
export interface SmokeSection {
  allowed: boolean
  reason: string
  results: SmokeResult[]
}

export const REPORT_SCHEMA = 'swr.report/1'

export interface CheckReport {
  schema: typeof REPORT_SCHEMA
  command: string
  tool: { name: 'swr'; version: string }
  manifest: { path: string; format: 2 | 3; digest: string; version: number; workspace: string }
  verdict: 'healthy' | 'damaged'
  summary: { entries: number; ok: number; damaged: number; by_status: Record<Status, number> }
  diagnosis: Diagnosis
  results: Finding[]
  options: { deep: boolean; meta_only: boolean; cache: boolean; only: string[] }
  timing: { started: string; ms: number }
  notes: string[]
  /** Present after check --run-smoke. */
  smoke?: SmokeSection
  /** Present after check --cache-lookup: which entries have their exact state saved in the cache. */
  cache_lookup?: CacheLookup[]
  /** Present when the manifest has sealed entries: how each stands on this machine. */
  sealed?: SealState[]
}

export interface ReportInput {
  command: string
  version: string
  manifest: LoadedManifest
  findings: Finding[]
  options: CheckReport['options']
  started: Date
  ms: number
  /** The diagnosis of these findings: made by the diagnose stage, carried here as a value. */
  diagnosis: Diagnosis
}

export function buildReport(input: ReportInput): CheckReport {
  const byStatus = Object.fromEntries(STATUSES.map(s => [s, 0])) as Record<Status, number>
  for (const f of input.findings) byStatus[f.status]++
  const damaged = input.findings.filter(f => f.status !== 'OK').length
  const m = input.manifest
  return {
    schema: REPORT_SCHEMA,
    command: input.command,
    tool: { name: 'swr', version: input.version },
    manifest: {
      path: m.file,
      format: m.format,
      digest: m.digest,
      version: m.body.version,
      workspace: m.workspace
    },
    verdict: damaged === 0 ? 'healthy' : 'damaged',
    summary: {
      entries: input.findings.length,
      ok: input.findings.length - damaged,
      damaged,
      by_status: byStatus
    },
    diagnosis: input.diagnosis,
    results: input.findings,
    options: input.options,
    timing: { started: input.started.toISOString(), ms: Math.round(input.ms) },
    notes: m.notes
  }
}

/** What a restore or doctor run did, attached to the report of the final state. */
/** What sealing one sealed entry did in a repair (engine/seal-entries.ts). */
export interface SealingStep {
  id: string
  key: string
  outcome: 'sealed' | 'recipe-failed' | 'smoke-failed' | 'absent' | 'refused'
  detail: string
}

export interface RepairSection {
  mode: 'restore' | 'doctor'
  dry_run: boolean
  /** The check before repair. */
  before: { summary: CheckReport['summary']; signature: string; cause: string }
  plan: Step[][]
  gate?: { allowed: boolean; reason: string; warnings: string[] }
  steps: StepResult[]
  /** Entries that verified before the repair and not after: damage done on the side. */
  collateral?: Collateral[]
  /** Entries healed by a recipe, to save to the cache under the key of their expectations. */
  write_back: { id: string; key: string }[]
  /** Sealed entries that had no seal for their key: recipe, smoke, seal. */
  sealing?: SealingStep[]
  outcome: RepairOutcome
  exit_code: number
}

export interface Collateral {
  id: string
  status: Status
  detail: string
  /** The recipe steps that ran before the re-check found it damaged. */
  after: string[]
}

export type RepairOutcome =
  'healthy' | 'repaired' | 'damaged' | 'refused' | 'unrepairable' | 'still-damaged' | 'interrupted'

export interface RepairReport extends CheckReport {
  repair: RepairSection
}
