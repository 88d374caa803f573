/**
 * restore and doctor as one engine call, shared by the CLI and the Action:
 *
 *   check -> plan -> gate -> run the plan (journal, quarantine) -> re-verify -> report
 *
 * Both re-check the whole selection uncached at the end (restore also re-verifies each step as it
 * runs), so damage a recipe did to another entry is seen and named. The
 * caller hears each phase through hooks (to print, group logs, or stay silent) and gets a report
 * that says what happened and which exit code that means.
 */
import path from 'node:path'
import { sealMissing, withSeals } from './seal-entries.js'
import { type SealState } from '../seal/entries.js'
import type { SealingStep } from '../report/report.js'
import {
  reportOf,
  reverifier,
  scratchVerifier,
  verifySelection,
  type Checked
} from './selection.js'
import { repairOutcome } from './outcome.js'
import { diskFull } from '../fs/disk-space.js'
import type { LoadedManifest } from '../manifest/load.js'
import { planRepair, planSteps, type Plan } from '../restore/plan.js'
import type { SourceContext } from '../restore/sources/index.js'
import { runPlan, type StepResult } from '../restore/runner.js'
import {
  type CheckReport,
  type Collateral,
  type RepairOutcome,
  type RepairReport,
  type RepairSection
} from '../report/report.js'
import { decide, gateInput, type GateDecision, type TrustPolicy } from '../sign/gate.js'
import { remember } from '../sign/version-memory.js'
import type { QuarantineLimits } from '../restore/quarantine.js'
import { openJournal, resumeState } from '../state/journal.js'
import type { Finding } from '../types.js'
import { stateKey, type CacheClient } from '../cache-port.js'
import { gitTracking } from '../git/index-file.js'

export type RepairMode = RepairSection['mode']

export interface RepairHooks {
  onCheck?: (before: CheckReport, plan: Plan) => void
  onGate?: (gate: GateDecision) => void
  /** `interrupted`: a run to continue was found; `already`: how many of its entries it repaired. */
  onResume?: (already: number, interrupted: boolean) => void
  onLine?: (id: string, line: string) => void
  onStep?: (r: StepResult) => void
  onFinal?: (final: CheckReport) => void
}

export interface RepairRunOptions {
  mode: RepairMode
  version: string
  stateDir: string
  policy: TrustPolicy
  /** Remember an accepted manifest's version (local runs; not with a digest waiver). */
  rememberAccepted: boolean
  callerEnv: Readonly<Record<string, string | undefined>>
  only?: string[] | undefined
  dryRun?: boolean | undefined
  cache?: boolean | undefined
  jobs?: number | undefined
  /** False: never walk with GNU find (the shells read SWR_NATIVE_WALK). */
  nativeWalk?: boolean | undefined
  timeoutS?: number | undefined
  quarantine?: boolean | undefined
  /** Pruning limits of the quarantine (defaults in quarantine.ts). */
  quarantineLimits?: QuarantineLimits | undefined
  resume?: boolean | undefined
  abort?: AbortSignal | undefined
  /** The Actions cache, when its service is reachable. */
  cacheClient?: CacheClient | undefined
  /** The other stores restore sources may read (restore/sources/source.ts). */
  stores?: Omit<SourceContext['ports'], 'cache'> | undefined
  /**
   * False: leave sealed entries without a seal unsealed (the Action: its state directory ends with
   * the job, so a seal made there would be made again by every run; the cache action seals in CI).
   */
  sealMissing?: boolean | undefined
  hooks?: RepairHooks
}

/**
 * Sealed entries first: resolved against this machine's seals, and those without a seal for their
 * key made (recipe, smoke, seal) when the gate allows the manifest's code.
 */
async function resolveAndSeal(
  loaded: LoadedManifest,
  opts: RepairRunOptions
): Promise<{ m: LoadedManifest; states: SealState[]; sealing: SealingStep[] }> {
  let resolved = await withSeals(loaded, opts.stateDir, opts.policy)
  if (
    opts.dryRun ||
    opts.sealMissing === false ||
    !resolved.states.some(s => s.state === 'unsealed' || s.state === 'damaged')
  )
    return { m: resolved.manifest, states: resolved.states, sealing: [] }
  const gate = await decide(gateInput(loaded), opts.policy)
  const sealing = await sealMissing(loaded, resolved.states, {
    stateDir: opts.stateDir,
    gate,
    policy: opts.policy,
    callerEnv: opts.callerEnv,
    timeoutS: opts.timeoutS,
    abort: opts.abort,
    onLine: opts.hooks?.onLine,
    quarantineLimits: opts.quarantineLimits
  })
  if (sealing.some(s => s.outcome === 'sealed'))
    resolved = await withSeals(loaded, opts.stateDir, opts.policy)
  return { m: resolved.manifest, states: resolved.states, sealing }
}

/** A repair's outcome with its sealing steps counted: a seal made repairs, a seal not made fails. */
function withSealing(outcome: RepairOutcome, sealing: readonly SealingStep[]): RepairOutcome {
  if (outcome !== 'healthy' && outcome !== 'repaired') return outcome
  if (sealing.some(s => s.outcome === 'refused')) return 'refused'
  if (sealing.some(s => s.outcome !== 'sealed')) return 'unrepairable'
  return sealing.length > 0 ? 'repaired' : outcome
}

export async function repairManifest(
  loaded: LoadedManifest,
  opts: RepairRunOptions
): Promise<RepairReport> {
  const hooks = opts.hooks ?? {}
  const { m, states, sealing } = await resolveAndSeal(loaded, opts)
  const sealedIds = new Set(states.map(s => s.id))
  const verify = (cache: boolean, known?: ReadonlyMap<string, Finding>): Promise<Checked> =>
    verifySelection(m, {
      only: opts.only,
      known,
      cache,
      stateDir: opts.stateDir,
      version: opts.version,
      jobs: opts.jobs,
      nativeWalk: opts.nativeWalk
    })
  const reportFor = (c: Checked): CheckReport =>
    reportOf(m, c, { version: opts.version, command: opts.mode })
  const first = await verify(opts.cache !== false)
  const before = reportFor(first)
  // Read once (the index, as data): the plan shows and the run tries the same git sources.
  const git = gitTracking(m.workspace)
  // A seal that cannot be used is mended by sealing (above), not by a restore source.
  const plan = planRepair(
    m.body.entries,
    first.findings.filter(f => f.status !== 'BADSEAL'),
    {
      savedState: opts.cacheClient !== undefined,
      git
    }
  )
  hooks.onCheck?.(before, plan)
  const finish = (
    entriesOutcome: RepairOutcome,
    steps: StepResult[],
    final: CheckReport,
    gate?: GateDecision,
    harmed: Collateral[] = []
  ): RepairReport => {
    const outcome = withSealing(entriesOutcome, sealing)
    const repair: RepairSection = {
      mode: opts.mode,
      dry_run: opts.dryRun === true,
      before: {
        summary: before.summary,
        signature: before.diagnosis.signature,
        cause: before.diagnosis.cause
      },
      plan: plan.waves,
      ...(gate
        ? { gate: { allowed: gate.allowed, reason: gate.reason, warnings: gate.warnings } }
        : {}),
      steps,
      ...(harmed.length > 0 ? { collateral: harmed } : {}),
      // Sealed entries have seals of their own, kept on this machine: not saved by expectation key.
      write_back: writeBack(m, steps).filter(w => !sealedIds.has(w.id)),
      ...(sealing.length > 0 ? { sealing } : {}),
      outcome,
      exit_code: repairOutcome(outcome).exitCode
    }
    return { ...final, ...(states.length > 0 ? { sealed: states } : {}), repair }
  }
  if (before.verdict === 'healthy') return finish('healthy', [], before)
  if (opts.dryRun) return finish('damaged', [], before)
  const gate = await decide(gateInput(m), opts.policy)
  hooks.onGate?.(gate)
  if (!gate.allowed) return finish('refused', [], before, gate)
  if (opts.rememberAccepted)
    remember(opts.stateDir, m.file, { version: m.body.version, digest: m.digest }, m.body.scope)
  const resumed = opts.resume ? resumeState(opts.stateDir, m.workspace, m.digest) : undefined
  const already = resumed?.repaired ?? new Set<string>()
  if (resumed) hooks.onResume?.(already.size, resumed.interrupted)
  const journal = openJournal(
    opts.stateDir,
    m.workspace,
    m.digest,
    new Date(),
    opts.resume === true
  )
  const reverify = { stateDir: opts.stateDir, jobs: opts.jobs, nativeWalk: opts.nativeWalk }
  const run = await runPlan({
    manifest: m,
    plan,
    gate,
    callerEnv: opts.callerEnv,
    reverify: reverifier(m, reverify),
    reverifyAt: scratchVerifier(m, reverify),
    jobs: opts.jobs ?? 1,
    timeoutS: opts.timeoutS,
    quarantine: opts.quarantine ? { stateDir: opts.stateDir, ...opts.quarantineLimits } : undefined,
    alreadyRepaired: already,
    journal,
    abort: opts.abort,
    ports: { ...opts.stores, cache: opts.cacheClient },
    git,
    onLine: hooks.onLine,
    onStep: hooks.onStep
  })
  const steps = run.steps
  const interrupted = steps.some(s => s.outcome === 'interrupted') || opts.abort?.aborted === true
  if (!interrupted) journal.close()
  // Entries a cache archive or git healed were proven byte by byte as they were extracted, moments
  // ago: the final uncached check takes those findings instead of reading them a second time.
  // So are those escrow, the modes or the link source healed, each re-verified uncached right
  // after, when only such sources wrote and no two entries they touched overlap.
  const codeFree = onlyCodeFreeWrote(steps) && !touchedOverlap(steps, plan)
  const proven = new Map(
    steps.flatMap(s =>
      s.outcome === 'repaired' &&
      s.after !== undefined &&
      (run.proven.has(s.id) || (CODE_FREE.has(s.source) && codeFree))
        ? [[s.id, s.after] as const]
        : []
    )
  )
  // The verdict comes from an uncached check of the whole selection, restore included: a recipe
  // may damage an entry it was not asked to touch, and only a full re-check sees that.
  const final = reportFor(
    interrupted
      ? finalFindings(first, steps, true)
      : finalFindings(await verify(false, proven), steps, false)
  )
  const harmed = collateral(first.findings, final.results, steps)
  hooks.onFinal?.(final)
  const outcome = verdict(final, steps, interrupted, harmed)
  // Steps that failed on a filesystem with no room left say nothing about the entries.
  if (outcome === 'unrepairable' || outcome === 'still-damaged') {
    const full = steps.some(s => s.outcome !== 'repaired') ? diskFull(m.workspace) : undefined
    if (full) throw full
  }
  return finish(outcome, steps, final, gate, harmed)
}

/** Sources that write nothing but the entry's own recorded state: no code, no archive. */
const CODE_FREE: ReadonlySet<string> = new Set(['escrow', 'modes', 'link'])

/**
 * True when no step of the run tried anything but escrow, the modes or the link source: then
 * nothing wrote to the workspace after each of them re-verified its entry (a recipe may touch any
 * path, and a cache or git restore of a tree may cover a file entry), so those re-verifications
 * stand in the final check.
 */
function onlyCodeFreeWrote(steps: readonly StepResult[]): boolean {
  return steps.every(s => s.attempts.every(a => CODE_FREE.has(a.source)))
}

/**
 * True when an entry a step tried lies inside (or is) another's: a later step may then have
 * changed what an earlier one re-verified (a tree's modes set on a file entry inside it).
 */
function touchedOverlap(steps: readonly StepResult[], plan: Plan): boolean {
  const pathOf = new Map(planSteps(plan).map(s => [s.id, s.path]))
  const paths = steps.filter(s => s.attempts.length > 0).map(s => pathOf.get(s.id) ?? '.')
  const touched = new Set(paths)
  if (touched.size < paths.length) return true
  return paths.some(p => {
    if (p === '.') return paths.length > 1
    for (let d = path.posix.dirname(p); ; d = path.posix.dirname(d)) {
      if (touched.has(d)) return true
      if (d === '.' || d === '/') return false
    }
  })
}

/**
 * Entries that verified before the repair and do not after it: damage a recipe did on the side.
 * Each is named with the steps that ran before the re-check found it (the likely culprits).
 */
function collateral(
  before: readonly Finding[],
  final: readonly Finding[],
  steps: StepResult[]
): Collateral[] {
  const wasOk = new Set(before.filter(f => f.status === 'OK').map(f => f.id))
  const ran = steps.filter(s => s.outcome !== 'skipped' && s.source === 'recipe').map(s => s.id)
  return final
    .filter(f => wasOk.has(f.id) && f.status !== 'OK' && f.status !== 'SKIPPED')
    .map(f => ({ id: f.id, status: f.status, detail: f.detail, after: ran }))
}

/**
 * Entries a recipe healed and re-verified: their state is worth saving to the cache under the
 * key of their signed expectations, so the next run restores it without running code.
 */
function writeBack(m: LoadedManifest, steps: StepResult[]): { id: string; key: string }[] {
  const entries = new Map(m.body.entries.map(e => [e.id, e]))
  return steps.flatMap(s => {
    const e = entries.get(s.id)
    return s.outcome === 'repaired' && s.source === 'recipe' && e
      ? [{ id: s.id, key: stateKey(e) }]
      : []
  })
}

/**
 * The findings of the final state, from `base` (the final check, or the first check when an
 * interruption left no time for one): entries whose step was skipped because a dependency failed
 * are SKIPPED rather than their damage; with `stepFindings`, each step's own re-verification
 * stands for its entry.
 */
function finalFindings(base: Checked, steps: StepResult[], stepFindings: boolean): Checked {
  const after = new Map(
    stepFindings ? steps.flatMap(s => (s.after ? [[s.id, s.after] as const] : [])) : []
  )
  const skipped = new Map(steps.filter(s => s.outcome === 'skipped').map(s => [s.id, s.detail]))
  const findings: Finding[] = base.findings.map(f => {
    const a = after.get(f.id)
    if (a) return a
    const why = skipped.get(f.id)
    return why && f.status !== 'OK'
      ? { ...f, status: 'SKIPPED', reason: 'dependency', detail: why }
      : f
  })
  return { ...base, findings, ms: Date.now() - base.started.getTime() }
}

function verdict(
  final: CheckReport,
  steps: StepResult[],
  interrupted: boolean,
  harmed: readonly Collateral[]
): RepairOutcome {
  if (interrupted) return 'interrupted'
  if (final.verdict === 'healthy') return 'repaired'
  if (harmed.length > 0 || steps.some(s => s.outcome === 'still-damaged')) return 'still-damaged'
  return 'unrepairable'
}
