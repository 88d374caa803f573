/**
 * Carrying out a repair plan: wave by wave (steps of a wave in parallel up to `jobs`), each step
 * from its source (escrow, then recipe), each restored entry re-verified at once without the
 * cache. A step whose dependency did not heal is SKIPPED, never attempted. The caller must have
 * asked the gate first; this module refuses to run without an allowed decision.
 */
import pLimit from 'p-limit'
import { restoreFromEscrow } from './escrow.js'
import { InternalError, SwrError } from './errors.js'
import type { LoadedManifest } from './manifest/load.js'
import { planSteps, type Plan, type Step } from './plan.js'
import { quarantine, type QuarantineResult } from './quarantine.js'
import { describeResult, minimalEnv, runRecipe, type RecipeResult } from './run/recipe.js'
import { makeScrubber } from './run/scrub.js'
import type { GateDecision } from './sign/gate.js'
import type { Journal } from './state/journal.js'
import type { Entry, Finding } from './types.js'

export type StepOutcome =
  | 'repaired'
  | 'still-damaged'
  | 'failed'
  | 'skipped'
  | 'unrepairable'
  | 'interrupted'
  | 'already-repaired'

export interface StepResult {
  id: string
  source: Step['source']
  outcome: StepOutcome
  detail: string
  recipe?: Omit<RecipeResult, 'id'>
  quarantine?: QuarantineResult
  /** The entry as re-verified after the step. */
  after?: Finding
}

export interface RepairOptions {
  manifest: LoadedManifest
  plan: Plan
  gate: GateDecision
  /** Environment recipes may draw PATH, HOME, LANG, TMPDIR and their named variables from. */
  callerEnv: Readonly<Record<string, string | undefined>>
  /** Re-verify entries without the cache. */
  reverify: (entries: Entry[]) => Promise<Finding[]>
  jobs?: number
  /** Overrides every entry's timeout_s. */
  timeoutS?: number | undefined
  quarantine?: { stateDir: string; maxBytes?: number } | undefined
  /** Ids an interrupted run already repaired (from the journal). */
  alreadyRepaired?: ReadonlySet<string>
  journal?: Journal | undefined
  abort?: AbortSignal | undefined
  onLine?: ((id: string, line: string) => void) | undefined
  onStep?: ((r: StepResult) => void) | undefined
  now?: () => Date
}

const DEFAULT_TIMEOUT_S = 1800
const DEFAULT_SHELL = ['bash', '-c']

export async function runRepair(opts: RepairOptions): Promise<StepResult[]> {
  if (!opts.gate.allowed)
    throw new InternalError('runRepair called without an allowed gate decision')
  const entries = new Map(opts.manifest.body.entries.map(e => [e.id, e]))
  const results = new Map<string, StepResult>()
  const limit = pLimit(Math.max(1, opts.jobs ?? 1))
  for (const wave of opts.plan.waves) {
    await Promise.all(
      wave.map(step =>
        limit(async () => {
          const entry = entries.get(step.id)
          if (!entry) throw new InternalError(`plan names unknown entry ${step.id}`)
          const r = await runStep(step, entry, results, opts)
          results.set(step.id, r)
          opts.journal?.append({
            id: r.id,
            outcome: r.outcome,
            at: (opts.now?.() ?? new Date()).toISOString()
          })
          opts.onStep?.(r)
        })
      )
    )
  }
  return planSteps(opts.plan).map(s => results.get(s.id) as StepResult)
}

async function runStep(
  step: Step,
  entry: Entry,
  done: ReadonlyMap<string, StepResult>,
  opts: RepairOptions
): Promise<StepResult> {
  const base = { id: step.id, source: step.source }
  if (opts.abort?.aborted)
    return { ...base, outcome: 'interrupted', detail: 'not started: interrupted' }
  const failedDep = step.after.find(d => {
    const o = done.get(d)?.outcome
    return o !== 'repaired' && o !== 'already-repaired'
  })
  if (failedDep) return { ...base, outcome: 'skipped', detail: `dependency failed: ${failedDep}` }
  if (opts.alreadyRepaired?.has(step.id)) {
    const [after] = await opts.reverify([entry])
    if (after?.status === 'OK')
      return {
        ...base,
        outcome: 'already-repaired',
        detail: 'repaired by the interrupted run',
        after
      }
  }
  if (step.source === 'none')
    return { ...base, outcome: 'unrepairable', detail: 'no restore recipe and no escrow' }
  const q = opts.quarantine
    ? quarantine(
        opts.manifest.workspace,
        opts.quarantine.stateDir,
        entry,
        opts.now?.() ?? new Date(),
        opts.quarantine.maxBytes
      )
    : undefined
  const withQ = q ? { ...base, quarantine: q } : base
  if (step.source === 'escrow' && entry.kind === 'file') {
    try {
      restoreFromEscrow(opts.manifest.workspace, entry)
    } catch (err) {
      if (!(err instanceof SwrError) && !(err instanceof Error && 'code' in err)) throw err
      return {
        ...withQ,
        outcome: 'failed',
        detail: err instanceof Error ? err.message : String(err)
      }
    }
    return judge(withQ, entry, opts, 'restored from escrow')
  }
  const timeoutS = opts.timeoutS ?? entry.timeout_s ?? DEFAULT_TIMEOUT_S
  const secrets = (entry.secret_env ?? [])
    .map(n => opts.callerEnv[n])
    .filter((v): v is string => v !== undefined)
  const result = await runRecipe(
    {
      id: entry.id,
      command: entry.restore ?? 'false',
      shell: opts.manifest.body.shell ?? DEFAULT_SHELL,
      cwd: opts.manifest.workspace,
      env: minimalEnv(opts.callerEnv, [...(entry.env ?? []), ...(entry.secret_env ?? [])]),
      timeoutMs: timeoutS * 1000
    },
    { abort: opts.abort, onLine: opts.onLine, scrub: makeScrubber(secrets) }
  )
  const { id: _id, ...recipe } = result
  const ran = { ...withQ, recipe }
  const how = describeResult(result, timeoutS * 1000)
  if (result.interrupted) return { ...ran, outcome: 'interrupted', detail: `recipe ${how}` }
  if (result.timedOut || result.exitCode !== 0)
    return { ...ran, outcome: 'failed', detail: `recipe ${how}` }
  return judge(ran, entry, opts, `recipe ${how}`)
}

async function judge(
  r: Omit<StepResult, 'outcome' | 'detail'>,
  entry: Entry,
  opts: RepairOptions,
  how: string
): Promise<StepResult> {
  const [after] = await opts.reverify([entry])
  if (after?.status === 'OK') return { ...r, outcome: 'repaired', detail: how, after }
  return {
    ...r,
    outcome: 'still-damaged',
    detail: `${how}, but still ${after?.status ?? 'damaged'}: ${after?.detail ?? ''}`,
    ...(after ? { after } : {})
  }
}
