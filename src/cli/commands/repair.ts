/**
 * `swr restore` and `swr doctor`: check, plan, ask the gate, run the damaged entries' sources in
 * tier and dependency order, re-verify, report. Doctor re-checks the whole manifest uncached at the
 * end; restore re-verifies what it ran. Exit 0 healthy or healed, 1 damaged (dry run), 2
 * unrepairable or refused, 3 still damaged after repair, 130 interrupted.
 */
import {
  buildReport,
  checkManifest,
  EXIT,
  loadManifest,
  renderCheck,
  type CheckReport,
  type ExitCode,
  type Finding,
  type LoadedManifest
} from '../../core/index.js'
import { reverifier } from '../../core/check.js'
import { planRepair, type Plan } from '../../core/plan.js'
import { runRepair, type StepResult } from '../../core/repair.js'
import type { RepairOutcome, RepairReport, RepairSection } from '../../core/report/report.js'
import { findingLines, renderPlan, renderStep } from '../../core/report/text.js'
import { decide, type GateDecision } from '../../core/sign/gate.js'
import { remember } from '../../core/sign/version-memory.js'
import { openJournal, resumable } from '../../core/state/journal.js'
import { VERSION } from '../../version.js'
import { useColor, type CliIo } from '../io.js'
import { withManifestLock, type LockFlags } from '../lock.js'
import { manifestLocation, stateDir } from '../options.js'
import { buildPolicy, type TrustFlags } from '../trust-context.js'

export interface RepairFlags extends LockFlags, TrustFlags {
  only?: string[]
  dryRun?: boolean
  timeout?: number
  jobs?: number
  quarantine?: boolean
  resume?: boolean
  cache: boolean
}

type Mode = RepairSection['mode']

export function repairCommand(mode: Mode, flags: RepairFlags, io: CliIo): Promise<ExitCode> {
  return withManifestLock(flags, io, () => repair(mode, flags, io))
}

async function repair(mode: Mode, flags: RepairFlags, io: CliIo): Promise<ExitCode> {
  const color = useColor(io, flags.color)
  const say = (s: string): void => {
    if (!flags.json && !flags.quiet) io.stdout.write(s)
  }
  const m = loadManifest(manifestLocation(flags, io).file, {
    workspace: flags.workspace,
    cwd: io.cwd
  })
  const dir = stateDir(io)
  const before = await checkManifest(m, {
    only: flags.only,
    cache: flags.cache,
    stateDir: dir,
    version: VERSION,
    command: mode,
    jobs: flags.jobs
  })
  const damaged = before.results.filter(f => f.status !== 'OK')
  say(`== check ==\n`)
  say(damaged.length > 0 ? findingLines(damaged, { color, all: false }).join('\n') + '\n' : '')
  say(
    `${before.summary.ok}/${before.summary.entries} healthy${damaged.length ? `, ${damaged.length} damaged (${before.diagnosis.signature})` : ''}\n`
  )
  const plan = planRepair(m.body.entries, before.results)
  const finish = (
    outcome: RepairOutcome,
    code: ExitCode,
    steps: StepResult[],
    final: CheckReport,
    gate?: GateDecision
  ): ExitCode => {
    const section: RepairSection = {
      mode,
      dry_run: flags.dryRun === true,
      before: { summary: before.summary, signature: before.diagnosis.signature },
      plan: plan.waves,
      ...(gate
        ? { gate: { allowed: gate.allowed, reason: gate.reason, warnings: gate.warnings } }
        : {}),
      steps,
      outcome,
      exit_code: code
    }
    const report: RepairReport = { ...final, repair: section }
    if (flags.json) io.stdout.write(JSON.stringify(report, null, 2) + '\n')
    return code
  }
  if (damaged.length === 0) return finish('healthy', EXIT.HEALTHY, [], before)
  say(`== plan ==\n${renderPlan(plan.waves, { color, all: false })}`)
  if (flags.dryRun) return finish('damaged', EXIT.DAMAGED, [], before)
  const gate = await decide(
    { body: m.body, signatures: m.doc.signatures, digest: m.digest },
    buildPolicy(m, flags, io)
  )
  for (const w of gate.warnings) io.stderr.write(`swr: warning: ${w}\n`)
  if (!gate.allowed) {
    io.stderr.write(`swr: refusing to run restore recipes: ${gate.reason}\n`)
    io.stderr.write(
      'swr: review the manifest (its recipes are code), then sign it ("swr sign") or trust its signer ("swr trust add"); "swr verify" shows its digest\n'
    )
    return finish('refused', EXIT.UNREPAIRABLE, [], before, gate)
  }
  if (flags.iTrustThisManifest === undefined)
    remember(dir, m.file, { version: m.body.version, digest: m.digest })
  say(`== restore ==   (${gate.reason})\n`)
  const steps = await runPlan(m, plan, gate, flags, io, say)
  const interrupted = steps.some(s => s.outcome === 'interrupted') || io.abort?.aborted === true
  const final =
    mode === 'doctor' && !interrupted
      ? await checkManifest(m, {
          only: flags.only,
          cache: false,
          stateDir: dir,
          version: VERSION,
          command: mode,
          jobs: flags.jobs
        })
      : merge(before, m, steps, mode)
  say(`== re-check ==\n${renderCheck(final, { color, all: false })}`)
  const [outcome, code] = verdict(final, steps, interrupted)
  return finish(outcome, code, steps, final, gate)
}

async function runPlan(
  m: LoadedManifest,
  plan: Plan,
  gate: GateDecision,
  flags: RepairFlags,
  io: CliIo,
  say: (s: string) => void
): Promise<StepResult[]> {
  const dir = stateDir(io)
  const already = flags.resume ? resumable(dir, m.workspace, m.digest) : new Set<string>()
  if (flags.resume)
    say(
      already.size > 0
        ? `resuming: ${already.size} entries were repaired by the interrupted run\n`
        : 'resume: no interrupted restore of this manifest to continue\n'
    )
  const journal = openJournal(dir, m.workspace, m.digest, new Date(), flags.resume === true)
  const color = useColor(io, flags.color)
  const steps = await runRepair({
    manifest: m,
    plan,
    gate,
    callerEnv: io.env,
    reverify: reverifier(m, dir, flags.jobs),
    jobs: flags.jobs ?? 1,
    timeoutS: flags.timeout,
    quarantine: flags.quarantine ? { stateDir: dir } : undefined,
    alreadyRepaired: already,
    journal,
    abort: io.abort,
    onLine: (id, line) => say(`  [${id}] ${line}\n`),
    onStep: r => say(renderStep(r, { color, all: false }))
  })
  if (!steps.some(s => s.outcome === 'interrupted')) journal.close()
  return steps
}

/** The report of the final state when only the restored entries were re-verified. */
function merge(
  before: CheckReport,
  m: LoadedManifest,
  steps: StepResult[],
  mode: Mode
): CheckReport {
  const after = new Map(steps.flatMap(s => (s.after ? [[s.id, s.after] as const] : [])))
  const skipped = new Set(steps.filter(s => s.outcome === 'skipped').map(s => s.id))
  const findings: Finding[] = before.results.map(f => {
    const a = after.get(f.id)
    if (a) return a
    if (skipped.has(f.id))
      return {
        ...f,
        status: 'SKIPPED',
        reason: 'dependency',
        detail: steps.find(s => s.id === f.id)?.detail ?? f.detail
      }
    return f
  })
  return buildReport({
    command: mode,
    version: VERSION,
    manifest: m,
    findings,
    options: before.options,
    started: new Date(before.timing.started),
    ms: Date.now() - Date.parse(before.timing.started)
  })
}

function verdict(
  final: CheckReport,
  steps: StepResult[],
  interrupted: boolean
): [RepairOutcome, ExitCode] {
  if (interrupted) return ['interrupted', EXIT.INTERRUPTED]
  if (final.verdict === 'healthy') return ['repaired', EXIT.HEALTHY]
  if (steps.some(s => s.outcome === 'still-damaged')) return ['still-damaged', EXIT.STILL_DAMAGED]
  return ['unrepairable', EXIT.UNREPAIRABLE]
}
