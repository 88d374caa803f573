/**
 * `swr restore` and `swr doctor`: the engine's repairManifest, printed as it goes. Exit 0 healthy
 * or healed, 1 damaged (dry run), 2 unrepairable or refused, 3 still damaged after repair, 130
 * interrupted.
 */
import os from 'node:os'
import { cacheReadOnly } from '../../adapters/actions-cache.js'
import { s3Clients } from '../../adapters/s3/objects.js'
import {
  escapeText,
  type ExitCode,
  type LoadedManifest,
  loadManifest,
  renderCheck,
  refusalOf,
  repairManifest,
  type RepairMode,
  UsageError,
  manifests,
  walk,
  buckets,
  textReport,
  writeBacks
} from '../../core/index.js'
import { VERSION } from '../../version.js'
import { useColor, type CliIo } from '../io.js'
import { withManifestLock, withWorkspaceLock, type LockFlags } from '../lock.js'
import {
  manifestLocation,
  stateDir,
  intOption,
  jobsOption,
  lockOption,
  trustOptions,
  withGlobals
} from '../options.js'
import { buildPolicy, type TrustFlags } from '../trust-context.js'
import { recordCheck } from './check.js'
import { cliCacheClient } from '../cache.js'
import type { Command } from 'commander'
import type { CommandContext } from '../command.js'

export interface RepairFlags extends LockFlags, TrustFlags {
  only?: string[]
  dryRun?: boolean
  timeout?: number
  jobs?: number
  quarantine?: boolean
  resume?: boolean
  cache: boolean
  record?: boolean
}

export function repairCommand(mode: RepairMode, flags: RepairFlags, io: CliIo): Promise<ExitCode> {
  return withManifestLock(flags, io, () => repair(mode, flags, io))
}

async function repair(mode: RepairMode, flags: RepairFlags, io: CliIo): Promise<ExitCode> {
  const say = (s: string): void => {
    if (!flags.json && !flags.quiet) io.stdout.write(s)
  }
  const m = loadManifest(manifestLocation(flags, io).file, {
    workspace: flags.workspace,
    cwd: io.cwd
  })
  return withWorkspaceLock(m.workspace, flags, io, () => repairLocked(mode, m, flags, io, say))
}

async function repairLocked(
  mode: RepairMode,
  m: LoadedManifest,
  flags: RepairFlags,
  io: CliIo,
  say: (s: string) => void
): Promise<ExitCode> {
  const text = { color: useColor(io, flags.color), all: false }
  /** Entries a step of this run failed to heal, and the sources it tried: the re-check says so. */
  const tried = new Map<string, string[]>()
  /** The plan, for wording a refusal by what it would have run. */
  let waves: Parameters<typeof refusalOf>[0] = []
  const cacheClient = cliCacheClient(m, io)
  const s3 = s3Clients(io.env)
  const report = await repairManifest(m, {
    cacheClient,
    stores: { s3 },
    mode,
    version: VERSION,
    stateDir: stateDir(io),
    policy: buildPolicy(m, flags, io),
    rememberAccepted: flags.iTrustThisManifest === undefined,
    callerEnv: io.env,
    only: flags.only,
    dryRun: flags.dryRun,
    cache: flags.cache,
    jobs: flags.jobs,
    nativeWalk: walk.nativeWalkAllowed(io.env),
    timeoutS: flags.timeout,
    quarantine: flags.quarantine,
    quarantineLimits: quarantineLimits(io.env),
    resume: flags.resume,
    abort: io.abort,
    hooks: {
      onCheck: (before, plan) => {
        waves = plan.waves
        // What the platform kept, before anything was repaired.
        if (flags.record) recordCheck(before, m, io)
        // Quiet: 10,000 damaged entries' lines are not worth building only to drop them.
        if (flags.json || flags.quiet) return
        const damaged = before.results.filter(f => f.status !== 'OK')
        say('== check ==\n')
        if (damaged.length > 0) say(textReport.findingLines(damaged, text).join('\n') + '\n')
        say(
          `${before.summary.ok}/${before.summary.entries} healthy${damaged.length ? `, ${damaged.length} damaged (${before.diagnosis.signature})` : ''}\n`
        )
        if (damaged.length > 0) say(`== plan ==\n${textReport.renderPlan(plan.waves, text)}`)
      },
      onGate: gate => {
        for (const w of gate.warnings) io.stderr.write(`swr: warning: ${w}\n`)
        if (gate.allowed) say(`== restore ==   (${gate.reason})\n`)
        else {
          io.stderr.write(`swr: ${refusalOf(waves, gate.reason)}\n`)
          io.stderr.write(
            `swr: review the manifest (${waves.some(w => w.some(st => st.sources.includes('recipe'))) ? 'its recipes are code' : 'its record decides what is placed'}), then sign it ("swr sign") or trust its signer ("swr trust add"); "swr verify" shows its digest\n`
          )
        }
      },
      onResume: (n, interrupted) =>
        say(
          n > 0
            ? `resuming: ${n} entries were repaired by the interrupted run\n`
            : interrupted
              ? 'resuming: the interrupted run repaired no entry yet; its steps run again\n'
              : 'resume: no interrupted restore of this manifest to continue\n'
        ),
      onLine: (id, line) => say(`  [${id}] ${line}\n`),
      onStep: r => {
        if (r.outcome !== 'repaired')
          tried.set(
            r.id,
            r.attempts.length > 0 ? r.attempts.map(a => a.source) : [String(r.source)]
          )
        say(textReport.renderStep(r, text))
      },
      onFinal: final => say(`== re-check ==\n${renderCheck(final, { ...text, tried })}`)
    }
  })
  for (const s of report.repair.sealing ?? [])
    say(`sealed ${escapeText(s.id)}: ${s.outcome}: ${escapeText(s.detail)}\n`)
  if (report.repair.collateral) say(textReport.renderCollateral(report.repair.collateral, text))
  if (cacheClient && report.repair.write_back.length > 0) {
    if (cacheReadOnly(io.env))
      say('cache: read-only mode (ACTIONS_CACHE_MODE=read): healed entries not saved\n')
    else {
      // The final re-check just verified every healed entry: its findings say how they stand.
      const done = await writeBacks.writeBack(
        m,
        report.repair.write_back.map(w => w.id),
        { client: cacheClient, current: { findings: report.results } }
      )
      if ('refused' in done) say(`cache: ${escapeText(done.refused)}: nothing saved\n`)
      else for (const s of done.saved) say(`cache: ${writeBacks.savedLine(s)}\n`)
    }
  }
  if (report.repair.write_back.length > 0) {
    const copies = await buckets.saveS3Copies(
      m,
      report.repair.write_back.map(w => w.id),
      report.results,
      { s3, scratchBase: io.env.RUNNER_TEMP || os.tmpdir() }
    )
    for (const c of copies) say(`s3: ${escapeText(c.id)}: ${escapeText(c.detail)}\n`)
  }
  if (flags.json) io.stdout.write(JSON.stringify(report, null, 2) + '\n')
  return report.repair.exit_code as ExitCode
}

/** SWR_QUARANTINE_KEEP_DAYS, _MAX_MB and _MAX_FILES, when set to a non-negative number. */
function quarantineLimits(env: NodeJS.ProcessEnv): manifests.QuarantineLimits {
  const num = (name: string): number | undefined => {
    const v = env[name]
    if (v === undefined || v === '') return undefined
    const n = Number(v)
    if (!Number.isFinite(n) || n < 0)
      throw new UsageError(`${name}=${v}: give a number of 0 or more`)
    return n
  }
  const days = num('SWR_QUARANTINE_KEEP_DAYS')
  const mb = num('SWR_QUARANTINE_MAX_MB')
  const files = num('SWR_QUARANTINE_MAX_FILES')
  return {
    ...(days !== undefined ? { keepMs: days * 86_400_000 } : {}),
    ...(mb !== undefined ? { totalBytes: mb * 1024 * 1024 } : {}),
    ...(files !== undefined ? { totalFiles: Math.floor(files) } : {})
  }
}

export function registerRepair(program: Command, { io, run }: CommandContext): void {
  for (const mode of ['restore', 'doctor'] as const) {
    const cmd = trustOptions(withGlobals(program.command(mode)))
      .description(
        mode === 'doctor'
          ? 'check, restore the damaged entries in tier and dependency order, re-check everything uncached'
          : 'restore the damaged entries in tier and dependency order, re-verify each, re-check everything uncached'
      )
      .option('--only <id...>', 'consider only these entries')
      .option(
        '--dry-run',
        'print the plan with the reason for each step and run nothing (exit 1 when damaged)'
      )
      .option(
        '--timeout <s>',
        "per-recipe timeout in seconds (overrides each entry's timeout_s)",
        intOption('--timeout', 1, 86400)
      )
    jobsOption(cmd, 'hashing threads, and recipes run in parallel where the plan allows')
      .option(
        '--quarantine',
        'copy each damaged file or tree into the state directory before its recipe runs (copies older than $SWR_QUARANTINE_KEEP_DAYS, default 7, or beyond $SWR_QUARANTINE_MAX_MB on disk, default 1024, or $SWR_QUARANTINE_MAX_FILES files, default 100000, in all, are pruned)'
      )
      .option('--resume', 'continue an interrupted restore of the same manifest and workspace')
      .option(
        '--record',
        'append the first check (what survived, before any repair) to the survival history'
      )
      .option('--no-cache', 'ignore the incremental cache in the first check')
    lockOption(cmd).action((flags: RepairFlags) =>
      run(() => repairCommand(mode, flags, io), { startsProcesses: true })
    )
  }
}
