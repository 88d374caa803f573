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
import { checkManifest, reverifier, scratchVerifier } from './check.js'
import { EXIT, type ExitCode } from './errors.js'
import type { LoadedManifest } from './manifest/load.js'
import { planRepair, type Plan } from './plan.js'
import { runRepair, type StepResult } from './repair.js'
import {
  buildReport,
  type CheckReport,
  type Collateral,
  type RepairOutcome,
  type RepairReport,
  type RepairSection
} from './report/report.js'
import { decide, gateInput, type GateDecision, type TrustPolicy } from './sign/gate.js'
import { remember } from './sign/version-memory.js'
import type { QuarantineLimits } from './quarantine.js'
import { openJournal, resumeState } from './state/journal.js'
import type { Entry, Finding } from './types.js'
import { stateKey, type CacheClient } from './cache-port.js'
import { isProven } from './cache-restore/restore.js'
import { resolveEntryPath } from './manifest/paths.js'
import type { CacheLookup } from './report/report.js'

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
  timeoutS?: number | undefined
  quarantine?: boolean | undefined
  /** Pruning limits of the quarantine (defaults in quarantine.ts). */
  quarantineLimits?: QuarantineLimits | undefined
  resume?: boolean | undefined
  abort?: AbortSignal | undefined
  /** The Actions cache, when its service is reachable. */
  cacheClient?: CacheClient | undefined
  hooks?: RepairHooks
}

export async function repairManifest(
  m: LoadedManifest,
  opts: RepairRunOptions
): Promise<RepairReport> {
  const hooks = opts.hooks ?? {}
  const check = (cache: boolean, known?: ReadonlyMap<string, Finding>): Promise<CheckReport> =>
    checkManifest(m, {
      only: opts.only,
      known,
      cache,
      stateDir: opts.stateDir,
      version: opts.version,
      command: opts.mode,
      jobs: opts.jobs
    })
  const before = await check(opts.cache !== false)
  const plan = planRepair(m.body.entries, before.results)
  hooks.onCheck?.(before, plan)
  const finish = (
    outcome: RepairOutcome,
    code: ExitCode,
    steps: StepResult[],
    final: CheckReport,
    gate?: GateDecision,
    harmed: Collateral[] = []
  ): RepairReport => {
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
      write_back: writeBack(m, steps),
      outcome,
      exit_code: code
    }
    return { ...final, repair }
  }
  if (before.verdict === 'healthy') return finish('healthy', EXIT.HEALTHY, [], before)
  if (opts.dryRun) return finish('damaged', EXIT.DAMAGED, [], before)
  const gate = await decide(gateInput(m), opts.policy)
  hooks.onGate?.(gate)
  if (!gate.allowed) return finish('refused', EXIT.UNREPAIRABLE, [], before, gate)
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
  const steps = await runRepair({
    manifest: m,
    plan,
    gate,
    callerEnv: opts.callerEnv,
    reverify: reverifier(m, opts.stateDir, opts.jobs),
    reverifyAt: scratchVerifier(m, opts.stateDir, opts.jobs),
    jobs: opts.jobs ?? 1,
    timeoutS: opts.timeoutS,
    quarantine: opts.quarantine ? { stateDir: opts.stateDir, ...opts.quarantineLimits } : undefined,
    alreadyRepaired: already,
    journal,
    abort: opts.abort,
    cache: opts.cacheClient,
    onLine: hooks.onLine,
    onStep: hooks.onStep
  })
  const interrupted = steps.some(s => s.outcome === 'interrupted') || opts.abort?.aborted === true
  if (!interrupted) journal.close()
  // Entries a cache archive healed were proven byte by byte as they were extracted, moments ago:
  // the final uncached check takes those findings instead of reading them a second time.
  const proven = new Map(
    steps.flatMap(s =>
      s.outcome === 'repaired' && s.source === 'cache' && isProven(s.after)
        ? [[s.id, s.after as Finding] as const]
        : []
    )
  )
  // The verdict comes from an uncached check of the whole selection, restore included: a recipe
  // may damage an entry it was not asked to touch, and only a full re-check sees that.
  const final = interrupted
    ? merge(before, m, steps, opts, true)
    : merge(await check(false, proven), m, steps, opts, false)
  const harmed = collateral(before, final, steps)
  hooks.onFinal?.(final)
  const [outcome, code] = verdict(final, steps, interrupted, harmed)
  return finish(outcome, code, steps, final, gate, harmed)
}

/**
 * Entries that verified before the repair and do not after it: damage a recipe did on the side.
 * Each is named with the steps that ran before the re-check found it (the likely culprits).
 */
function collateral(before: CheckReport, final: CheckReport, steps: StepResult[]): Collateral[] {
  const wasOk = new Set(before.results.filter(f => f.status === 'OK').map(f => f.id))
  const ran = steps.filter(s => s.outcome !== 'skipped' && s.source === 'recipe').map(s => s.id)
  return final.results
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

/** Which entries have a cache saved for exactly their expected state (no download). */
export async function lookupSavedStates(
  m: LoadedManifest,
  entries: readonly Entry[],
  cache: CacheClient
): Promise<CacheLookup[]> {
  const out: CacheLookup[] = []
  for (const e of entries) {
    const key = stateKey(e)
    out.push({
      id: e.id,
      key,
      available: await cache.lookup(resolveEntryPath(m.workspace, e.path), key)
    })
  }
  return out
}

/**
 * The report of the final state, from `base` (the final check, or the first check when an
 * interruption left no time for one): entries whose step was skipped because a dependency failed
 * are SKIPPED rather than their damage; with `stepFindings`, each step's own re-verification
 * stands for its entry.
 */
function merge(
  base: CheckReport,
  m: LoadedManifest,
  steps: StepResult[],
  opts: RepairRunOptions,
  stepFindings: boolean
): CheckReport {
  const after = new Map(
    stepFindings ? steps.flatMap(s => (s.after ? [[s.id, s.after] as const] : [])) : []
  )
  const skipped = new Map(steps.filter(s => s.outcome === 'skipped').map(s => [s.id, s.detail]))
  if (after.size === 0 && skipped.size === 0) return base
  const findings: Finding[] = base.results.map(f => {
    const a = after.get(f.id)
    if (a) return a
    const why = skipped.get(f.id)
    return why && f.status !== 'OK'
      ? { ...f, status: 'SKIPPED', reason: 'dependency', detail: why }
      : f
  })
  return buildReport({
    command: opts.mode,
    version: opts.version,
    manifest: m,
    findings,
    options: base.options,
    started: new Date(base.timing.started),
    ms: Date.now() - Date.parse(base.timing.started)
  })
}

function verdict(
  final: CheckReport,
  steps: StepResult[],
  interrupted: boolean,
  harmed: readonly Collateral[]
): [RepairOutcome, ExitCode] {
  if (interrupted) return ['interrupted', EXIT.INTERRUPTED]
  if (final.verdict === 'healthy') return ['repaired', EXIT.HEALTHY]
  if (harmed.length > 0 || steps.some(s => s.outcome === 'still-damaged'))
    return ['still-damaged', EXIT.STILL_DAMAGED]
  return ['unrepairable', EXIT.UNREPAIRABLE]
}
