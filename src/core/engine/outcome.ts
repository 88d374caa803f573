/**
 * The one place a result becomes a status and an exit code. The CLI exits with `exitCode`; the
 * Action publishes `status` as an output and `exitCode` beside it. Both shells call `outcomeOf`
 * (or `outcomeOfError` for a run that stopped with a one-line error), so `swr doctor` and
 * `command: doctor` can never disagree about what a run means.
 */
import { EXIT, type ExitCode } from '../errors.js'
import type { CheckReport, RepairOutcome, RepairReport } from '../report/report.js'
import type { GateDecision } from '../sign/gate.js'

/** What a run means, as the Action's `status` output spells it. */
export const RUN_STATUSES = [
  'healthy',
  'repaired',
  'damaged',
  'unrepairable',
  'refused',
  'invalid',
  'error'
] as const
export type RunStatus = (typeof RUN_STATUSES)[number]

export interface Outcome {
  status: RunStatus
  exitCode: ExitCode
}

/** The finished result of an engine call, tagged with the use case that made it. */
export type EngineResult =
  | { kind: 'check'; report: CheckReport; gate?: GateDecision | undefined }
  | { kind: 'repair'; report: RepairReport }
  | { kind: 'signatures'; gate: GateDecision }

const REPAIR: Record<RepairOutcome, Outcome> = {
  healthy: { status: 'healthy', exitCode: EXIT.HEALTHY },
  repaired: { status: 'repaired', exitCode: EXIT.HEALTHY },
  damaged: { status: 'damaged', exitCode: EXIT.DAMAGED },
  refused: { status: 'refused', exitCode: EXIT.UNREPAIRABLE },
  unrepairable: { status: 'unrepairable', exitCode: EXIT.UNREPAIRABLE },
  'still-damaged': { status: 'unrepairable', exitCode: EXIT.STILL_DAMAGED },
  // Nothing was decided about the workspace: it is as damaged as it was found.
  interrupted: { status: 'damaged', exitCode: EXIT.INTERRUPTED }
}

export function repairOutcome(outcome: RepairOutcome): Outcome {
  return REPAIR[outcome]
}

export function outcomeOf(result: EngineResult): Outcome {
  switch (result.kind) {
    case 'repair':
      return REPAIR[result.report.repair.outcome]
    case 'signatures':
      return result.gate.allowed
        ? { status: 'healthy', exitCode: EXIT.HEALTHY }
        : { status: 'refused', exitCode: EXIT.UNREPAIRABLE }
    case 'check':
      // Smoke commands the signatures did not allow: the check could not say what was asked.
      if (result.gate && !result.gate.allowed)
        return { status: 'refused', exitCode: EXIT.UNREPAIRABLE }
      return result.report.verdict === 'healthy'
        ? { status: 'healthy', exitCode: EXIT.HEALTHY }
        : { status: 'damaged', exitCode: EXIT.DAMAGED }
  }
}

/**
 * A run that stopped with a one-line error: `invalid` for a bad manifest or input (exit 4),
 * `refused` when swr declined to go on (exit 2), `error` when it could not finish (a write failed,
 * another writer interfered, an interrupt, a bug).
 */
export function outcomeOfError(exitCode: ExitCode): Outcome {
  if (exitCode === EXIT.BAD_MANIFEST) return { status: 'invalid', exitCode }
  if (exitCode === EXIT.UNREPAIRABLE) return { status: 'refused', exitCode }
  return { status: 'error', exitCode }
}
