/** `swr check` and `swr why`: verify read-only, print the findings, exit 0 healthy / 1 damaged. */
import {
  buildReport,
  checkManifest,
  EXIT,
  loadManifest,
  renderCheck,
  renderWhy,
  type CheckReport,
  type ExitCode,
  type LoadedManifest
} from '../../core/index.js'
import { decide, gateInput } from '../../core/sign/gate.js'
import { runSmokes } from '../../core/smoke.js'
import { selectEntries } from '../../core/check.js'
import { lookupSavedStates } from '../../core/doctor.js'
import { cliCacheClient } from '../cache.js'
import { VERSION } from '../../version.js'
import { buildPolicy, type TrustFlags } from '../trust-context.js'
import type { CliIo } from '../io.js'
import { useColor } from '../io.js'
import {
  historyLimits,
  manifestLocation,
  stateDir,
  type GlobalOptions,
  checkOptions,
  trustOptions
} from '../options.js'
import { startProgress } from '../progress.js'
import { historyAdvice } from '../../core/history/advice.js'
import { runContext } from '../../core/history/context.js'
import { appendHistory, checkRecord, readHistory } from '../../core/history/history.js'
import { recentLosses } from '../../core/history/stats.js'
import type { Command } from 'commander'
import type { CommandContext } from '../command.js'

export interface CheckFlags extends GlobalOptions {
  cacheLookup?: boolean
  runSmoke?: boolean
  only?: string[]
  deep?: boolean
  meta?: boolean
  cache: boolean
  jobs?: number
  all?: boolean
  record?: boolean
}

/** One history line: this run's status of every entry checked (for "swr stats" and "swr why"). */
export function recordCheck(report: CheckReport, m: LoadedManifest, io: CliIo): void {
  appendHistory(stateDir(io), checkRecord(report, m, runContext(io.env)), historyLimits(io))
}

/** For each damaged entry with a pattern of losses in the history, what to change. */
function historyNotes(report: CheckReport, m: LoadedManifest, io: CliIo): Map<string, string> {
  const records = readHistory(stateDir(io)).records.filter(
    r => r.kind === 'check' && r.manifest === m.file
  )
  const notes = new Map<string, string>()
  for (const f of report.results) {
    if (f.status === 'OK') continue
    const entry = m.body.entries.find(e => e.id === f.id)
    const advice = entry && historyAdvice(entry, recentLosses(records, f.id))
    if (advice) notes.set(f.id, advice)
  }
  return notes
}

export async function runChecked(
  flags: CheckFlags,
  io: CliIo,
  command: string
): Promise<{ report: CheckReport; manifest: LoadedManifest }> {
  const located = manifestLocation(flags, io)
  const manifest = loadManifest(located.file, { workspace: flags.workspace, cwd: io.cwd })
  const progress = startProgress(io, 'hashing', !flags.json && !flags.quiet)
  try {
    const report = await checkManifest(manifest, {
      only: flags.only,
      deep: flags.deep,
      metaOnly: flags.meta,
      cache: flags.cache,
      jobs: flags.jobs,
      stateDir: stateDir(io),
      version: VERSION,
      command,
      onProgress: progress.update
    })
    return { report, manifest }
  } finally {
    progress.stop()
  }
}

export async function checkCommand(flags: CheckFlags & TrustFlags, io: CliIo): Promise<ExitCode> {
  const checked = await runChecked(flags, io, 'check')
  let report: CheckReport = checked.report
  let refused = false
  if (flags.runSmoke) {
    // Smoke commands are manifest code: the gate decides, as for recipes.
    const m = checked.manifest
    const gate = await decide(gateInput(m), buildPolicy(m, flags, io))
    for (const w of gate.warnings) io.stderr.write(`swr: warning: ${w}\n`)
    const smoked = await runSmokes(m, report.results, gate, io.env, io.abort)
    const rebuilt = buildReport({
      command: 'check',
      version: VERSION,
      manifest: m,
      findings: smoked.findings,
      options: report.options,
      started: new Date(report.timing.started),
      ms: Date.now() - Date.parse(report.timing.started)
    })
    report = { ...rebuilt, smoke: smoked.smoke }
    refused = !gate.allowed
    if (refused) io.stderr.write(`swr: smoke commands not run: ${gate.reason}\n`)
  }
  if (flags.cacheLookup) {
    const client = cliCacheClient(checked.manifest, io)
    if (client) {
      const entries = selectEntries(checked.manifest.body.entries, flags.only)
      report = {
        ...report,
        cache_lookup: await lookupSavedStates(checked.manifest, entries, client)
      }
      if (!flags.json) {
        for (const l of report.cache_lookup ?? [])
          io.stdout.write(`cache ${l.available ? 'saved    ' : 'not saved'} ${l.id}  (${l.key})\n`)
      }
    } else
      io.stderr.write(
        'swr: --cache-lookup: no Actions cache service here (ACTIONS_RESULTS_URL and ACTIONS_RUNTIME_TOKEN unset)\n'
      )
  }
  if (flags.record) recordCheck(report, checked.manifest, io)
  if (flags.json) io.stdout.write(JSON.stringify(report, null, 2) + '\n')
  else if (!flags.quiet || report.verdict !== 'healthy') {
    io.stdout.write(
      renderCheck(report, { color: useColor(io, flags.color), all: flags.all === true })
    )
  }
  if (refused) return EXIT.UNREPAIRABLE
  return report.verdict === 'healthy' ? EXIT.HEALTHY : EXIT.DAMAGED
}

export async function whyCommand(flags: CheckFlags, io: CliIo): Promise<ExitCode> {
  const { report, manifest } = await runChecked(flags, io, 'why')
  if (flags.json) {
    io.stdout.write(JSON.stringify(report, null, 2) + '\n')
  } else {
    const notes = new Map(
      manifest.body.entries.flatMap(e => (e.note ? [[e.id, e.note] as const] : []))
    )
    io.stdout.write(
      renderWhy(
        report,
        { color: useColor(io, flags.color), all: false },
        notes,
        historyNotes(report, manifest, io)
      )
    )
  }
  return report.verdict === 'healthy' ? EXIT.HEALTHY : EXIT.DAMAGED
}

export function registerCheck(program: Command, { io, run }: CommandContext): void {
  trustOptions(checkOptions(program.command('check')))
    .description(
      'verify every entry (read-only: never runs recipes or smoke commands); exit 1 when damaged'
    )
    .option('--all', 'list healthy entries too')
    .option(
      '--cache-lookup',
      'report which entries have a cache saved for their exact state (on a runner; downloads nothing)'
    )
    .option('--record', 'append this check to the survival history (see "swr stats" and "swr why")')
    .option(
      '--run-smoke',
      "also run the entries' smoke commands (manifest code: only when its signatures allow)"
    )
    .action((flags: CheckFlags & TrustFlags) =>
      run(() => checkCommand(flags, io), { startsProcesses: flags.runSmoke === true })
    )

  checkOptions(program.command('why'))
    .alias('explain')
    .description('explain each damaged entry: what was found, the likely cause, and the fix')
    .action((flags: CheckFlags) => run(() => whyCommand(flags, io)))
}
