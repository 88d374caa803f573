/**
 * `swr canary plant|read|clean`: measure what this runner, cache or sandbox keeps. Probes go into
 * real locations (see core/canary/locations.ts); the ledger and the history live in the private
 * state directory, locked while a command changes them. The engine's canary use cases do the
 * work (core/engine/canary.ts); this file turns flags into them and prints what they return.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import {
  type CanaryState,
  escapeText as e,
  EXIT,
  type ExitCode,
  loadManifest,
  UsageError,
  canary as canaryApi,
  history as historyApi,
  canary
} from '../../core/index.js'
import type { CliIo } from '../io.js'
import { DEFAULT_LOCK_WAIT_S } from '../lock.js'
import {
  historyLimits,
  manifestLocation,
  stateDir,
  type GlobalOptions,
  collect,
  intOption,
  withGlobals
} from '../options.js'
import type { Command } from 'commander'
import type { CommandContext } from '../command.js'

export interface PlantFlags extends GlobalOptions {
  at?: string[]
  volatile?: string[]
  largeBytes?: number
  home: boolean
  tmp: boolean
  replace?: boolean
}

export interface ReadFlags extends GlobalOptions {
  clean?: boolean
}

/**
 * The workspace probes anchor to: --workspace, else the manifest's workspace when there is one,
 * else the current directory. A canary needs no manifest.
 */
function anchorsFor(flags: GlobalOptions, io: CliIo): canaryApi.Anchors {
  let workspace = flags.workspace ? path.resolve(io.cwd, flags.workspace) : undefined
  if (!workspace) {
    const located = manifestLocation(flags, io)
    workspace =
      located.how !== 'new' && fs.existsSync(located.file)
        ? loadManifest(located.file, { cwd: io.cwd }).workspace
        : io.cwd
  }
  if (!fs.statSync(workspace, { throwIfNoEntry: false })?.isDirectory())
    throw new UsageError(`workspace ${workspace} is not a directory`)
  return canary.canaryAnchors({ workspace, home: io.home, tmp: io.env.TMPDIR || os.tmpdir() })
}

/** The private state directory, locked while a command changes the canary state in it. */
function canaryState(io: CliIo): CanaryState {
  return {
    stateDir: stateDir(io),
    lock: {
      waitMs: DEFAULT_LOCK_WAIT_S * 1000,
      abort: io.abort,
      onWait: holder => void io.stderr.write(`swr: waiting for the canary lock (${holder})\n`)
    }
  }
}

function describePlant(r: canaryApi.PlantResult): string {
  const l = r.ledger
  const lines: string[] = []
  if (r.replaced)
    lines.push(
      `removed ${r.replaced.removed} probes of the previous planting ${r.replaced.plant_id}`
    )
  lines.push(
    `planted canary ${l.plant_id}: ${l.probes.length} probes in ${l.locations.length} locations${l.large_bytes > 0 ? ` (large probe ${l.large_bytes.toLocaleString('en-US')} bytes)` : ''}`
  )
  for (const loc of l.locations) {
    const n = l.probes.filter(p => p.location === loc.id).length
    lines.push(
      `  ${e(loc.id).padEnd(24)} ${String(n).padStart(3)} probes  ${e(canaryApi.abbreviate(canaryApi.showAnchored(loc.dir)))}`
    )
  }
  lines.push('read them after the next wipe, restore or cache round trip with "swr canary read"')
  return lines.join('\n') + '\n'
}

export async function canaryPlant(flags: PlantFlags, io: CliIo): Promise<ExitCode> {
  const anchors = anchorsFor(flags, io)
  const result = await canary.plantCanary(canaryState(io), {
    anchors,
    at: (flags.at ?? []).map(a => path.resolve(io.cwd, a)),
    volatile: flags.volatile ?? [],
    includeHome: flags.home,
    includeTmp: flags.tmp,
    ...(flags.largeBytes !== undefined ? { largeBytes: flags.largeBytes } : {}),
    replace: flags.replace === true,
    context: historyApi.runContext(io.env)
  })
  if (flags.json)
    io.stdout.write(JSON.stringify({ schema: 'swr.canary-plant/1', ...result }, null, 2) + '\n')
  else if (!flags.quiet) io.stdout.write(describePlant(result))
  return EXIT.HEALTHY
}

export async function canaryRead(flags: ReadFlags, io: CliIo): Promise<ExitCode> {
  const anchors = anchorsFor(flags, io)
  const { reading, cleaned } = await canary.readCanary(canaryState(io), {
    anchors,
    context: historyApi.runContext(io.env),
    history: historyLimits(io),
    clean: flags.clean
  })
  if (flags.json)
    io.stdout.write(JSON.stringify(cleaned ? { ...reading, cleaned } : reading, null, 2) + '\n')
  else if (!flags.quiet || reading.totals.altered + reading.totals.lost > 0) {
    io.stdout.write(canary.renderCanaryText(reading))
    if (cleaned)
      io.stdout.write(`cleaned: ${cleaned.removed.length} removed, ${cleaned.kept.length} kept\n`)
  }
  return reading.totals.altered + reading.totals.lost === 0 ? EXIT.HEALTHY : EXIT.DAMAGED
}

export async function canaryClean(flags: GlobalOptions, io: CliIo): Promise<ExitCode> {
  const anchors = anchorsFor(flags, io)
  const result = await canary.cleanCanary(canaryState(io), anchors)
  if (flags.json)
    io.stdout.write(
      JSON.stringify(
        { schema: 'swr.canary-clean/1', ...(result ?? { removed: [], kept: [] }) },
        null,
        2
      ) + '\n'
    )
  else if (!flags.quiet) {
    if (!result) io.stdout.write('nothing planted: nothing to clean\n')
    else {
      io.stdout.write(`canary ${result.plant_id}: removed ${result.removed.length} paths\n`)
      for (const k of result.kept) io.stdout.write(`  kept ${e(k.path)}: ${e(k.why)}\n`)
    }
  }
  return EXIT.HEALTHY
}

export function registerCanary(program: Command, { io, run }: CommandContext): void {
  const canary = program
    .command('canary')
    .description('measure what this runner, cache or sandbox keeps: plant probes, read them later')
  withGlobals(canary.command('plant'))
    .description(
      'plant probes (exec bits, private modes, links, hard links, empty dirs, long and non-ASCII names, dotfiles, a large file) in the workspace, a deep path, volatile dirs, $HOME, the temp dir and every --at path; never overwrites a file'
    )
    .option('--at <path>', 'also plant in this directory (repeatable; created if missing)', collect)
    .option(
      '--volatile <name>',
      'also plant under this workspace directory name (repeatable; created if missing; refused when it is a symlink)',
      collect
    )
    .option(
      '--large-bytes <n>',
      'size of the large probe (default 67108864; 0 plants none)',
      intOption('--large-bytes', 0, 16 * 1024 * 1024 * 1024)
    )
    .option('--no-home', 'do not plant in $HOME')
    .option('--no-tmp', 'do not plant in the temp directory')
    .option('--replace', 'discard a planting that was never read (its probes are removed first)')
    .action((flags: PlantFlags) => run(() => canaryPlant(flags, io)))
  withGlobals(canary.command('read'))
    .description(
      'compare every probe with the ledger (intact, altered and how, lost), by class and location; records the result in the history; exit 1 when any probe changed'
    )
    .option('--clean', 'remove the probes and the ledger after reading')
    .action((flags: ReadFlags) => run(() => canaryRead(flags, io)))
  withGlobals(canary.command('clean'))
    .description(
      'remove exactly the planted probes (and the directories the planting created, when empty)'
    )
    .action((flags: GlobalOptions) => run(() => canaryClean(flags, io)))
}
