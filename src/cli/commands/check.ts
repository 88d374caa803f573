/** `swr check` and `swr why`: verify read-only, print the findings, exit 0 healthy / 1 damaged. */
import {
  check,
  type CheckOptions,
  type CheckReport,
  type ExitCode,
  type LoadedManifest,
  loadManifest,
  outcomeOf,
  renderCheck,
  history,
  walk,
  textReport
} from '../../core/index.js'
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
  history.appendHistory(
    stateDir(io),
    history.checkRecord(report, m, history.runContext(io.env)),
    historyLimits(io)
  )
}

/** For each damaged entry with a pattern of losses in the history, what to change. */
function historyNotes(report: CheckReport, m: LoadedManifest, io: CliIo): Map<string, string> {
  const records = history
    .readHistory(stateDir(io))
    .records.filter(r => r.kind === 'check' && r.manifest === m.file)
  const notes = new Map<string, string>()
  for (const f of report.results) {
    if (f.status === 'OK') continue
    const entry = m.body.entries.find(e => e.id === f.id)
    const advice = entry && history.historyAdvice(entry, history.recentLosses(records, f.id))
    if (advice) notes.set(f.id, advice)
  }
  return notes
}

function checkOptionsOf(flags: CheckFlags, io: CliIo, command: string): CheckOptions {
  return {
    only: flags.only,
    deep: flags.deep,
    metaOnly: flags.meta,
    cache: flags.cache,
    jobs: flags.jobs,
    nativeWalk: walk.nativeWalkAllowed(io.env),
    stateDir: stateDir(io),
    version: VERSION,
    command
  }
}

async function withProgress<T>(
  flags: CheckFlags,
  io: CliIo,
  fn: (onProgress: (done: number, total: number) => void) => Promise<T>
): Promise<T> {
  const progress = startProgress(io, 'hashing', !flags.json && !flags.quiet)
  try {
    return await fn(progress.update)
  } finally {
    progress.stop()
  }
}

export async function checkCommand(flags: CheckFlags & TrustFlags, io: CliIo): Promise<ExitCode> {
  const m = loadManifest(manifestLocation(flags, io).file, {
    workspace: flags.workspace,
    cwd: io.cwd
  })
  const client = flags.cacheLookup ? cliCacheClient(m, io) : undefined
  if (flags.cacheLookup && !client)
    io.stderr.write(
      'swr: --cache-lookup: no Actions cache service here (ACTIONS_RESULTS_URL and ACTIONS_RUNTIME_TOKEN unset)\n'
    )
  const result = await withProgress(flags, io, onProgress =>
    check(m, {
      ...checkOptionsOf(flags, io, 'check'),
      onProgress,
      // Smoke commands are manifest code: the gate decides, as for recipes.
      smoke: flags.runSmoke
        ? { policy: buildPolicy(m, flags, io), callerEnv: io.env, abort: io.abort }
        : undefined,
      cacheLookup: client
    })
  )
  const { report, gate } = result
  for (const w of gate?.warnings ?? []) io.stderr.write(`swr: warning: ${w}\n`)
  if (gate && !gate.allowed) io.stderr.write(`swr: smoke commands not run: ${gate.reason}\n`)
  if (!flags.json)
    for (const l of report.cache_lookup ?? [])
      io.stdout.write(`cache ${l.available ? 'saved    ' : 'not saved'} ${l.id}  (${l.key})\n`)
  if (flags.record) recordCheck(report, m, io)
  if (flags.json) io.stdout.write(JSON.stringify(report, null, 2) + '\n')
  else if (!flags.quiet || report.verdict !== 'healthy') {
    io.stdout.write(
      renderCheck(report, { color: useColor(io, flags.color), all: flags.all === true })
    )
  }
  return outcomeOf(result).exitCode
}

export async function whyCommand(flags: CheckFlags, io: CliIo): Promise<ExitCode> {
  const manifest = loadManifest(manifestLocation(flags, io).file, {
    workspace: flags.workspace,
    cwd: io.cwd
  })
  const result = await withProgress(flags, io, onProgress =>
    check(manifest, { ...checkOptionsOf(flags, io, 'why'), onProgress })
  )
  const report = result.report
  if (flags.json) {
    io.stdout.write(JSON.stringify(report, null, 2) + '\n')
  } else {
    const notes = new Map(
      manifest.body.entries.flatMap(e => (e.note ? [[e.id, e.note] as const] : []))
    )
    io.stdout.write(
      textReport.renderWhy(
        report,
        { color: useColor(io, flags.color), all: false },
        notes,
        historyNotes(report, manifest, io)
      )
    )
  }
  return outcomeOf(result).exitCode
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
