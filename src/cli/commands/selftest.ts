/**
 * `swr selftest [--max-tier N] [--only ID...] [--allow-empty] [--from-scratch]`: prove recipes are
 * idempotent (engine/selftest.ts: the gate first, then each selected recipe twice in a scratch
 * copy of the workspace, never the live one, its entry verified after each run). Symlinks that
 * lead outside the workspace are left out of the scratch copy and named here. Exit 0 all pass,
 * 2 refused or a recipe failed, 3 a recipe ran but left its entry damaged.
 */
import os from 'node:os'
import { escapeText, EXIT, type ExitCode, loadManifest, selftest, walk } from '../../core/index.js'
import type { CliIo } from '../io.js'
import {
  manifestLocation,
  stateDir,
  type GlobalOptions,
  intOption,
  trustOptions,
  withGlobals
} from '../options.js'
import { buildPolicy, type TrustFlags } from '../trust-context.js'
import type { Command } from 'commander'
import type { CommandContext } from '../command.js'

export interface SelftestFlags extends GlobalOptions, TrustFlags {
  only?: string[]
  maxTier?: number
  allowEmpty?: boolean
  /** Remove each entry from the scratch copy first: the recipe must recreate it from nothing. */
  fromScratch?: boolean
  timeout?: number
}

export async function selftestCommand(flags: SelftestFlags, io: CliIo): Promise<ExitCode> {
  const m = loadManifest(manifestLocation(flags, io).file, {
    workspace: flags.workspace,
    cwd: io.cwd
  })
  const r = await selftest(m, {
    policy: buildPolicy(m, flags, io),
    stateDir: stateDir(io),
    tmpDir: os.tmpdir(),
    callerEnv: io.env,
    only: flags.only,
    maxTier: flags.maxTier,
    allowEmpty: flags.allowEmpty,
    fromScratch: flags.fromScratch,
    timeoutS: flags.timeout,
    nativeWalk: walk.nativeWalkAllowed(io.env),
    abort: io.abort
  })
  for (const l of r.leftOut)
    io.stderr.write(
      `swr: selftest: left symlink "${escapeText(l)}" out of the scratch copy: it leads outside the workspace\n`
    )
  if (flags.json)
    io.stdout.write(
      JSON.stringify(
        { schema: 'swr.selftest/1', scratch: 'removed', results: r.results },
        null,
        2
      ) + '\n'
    )
  else {
    for (const o of r.results)
      io.stdout.write(
        `${o.passed ? 'PASS' : 'FAIL'} ${o.id}\n${o.runs.map(line => `  ${line}\n`).join('')}`
      )
    io.stdout.write(
      `${r.results.filter(o => o.passed).length}/${r.results.length} recipes idempotent (run twice in a scratch copy; the live workspace was not touched)\n`
    )
  }
  return r.passed ? EXIT.HEALTHY : EXIT.STILL_DAMAGED
}

export function registerSelftest(program: Command, { io, run }: CommandContext): void {
  trustOptions(withGlobals(program.command('selftest')))
    .description(
      'run recipes twice in a scratch copy of the workspace and check both runs leave their entry verifying'
    )
    .option('--only <id...>', 'test only these entries')
    .option('--max-tier <n>', 'test recipes of tiers up to N', intOption('--max-tier', 0, 4))
    .option('--timeout <s>', 'per-recipe timeout in seconds', intOption('--timeout', 1, 86400))
    .option('--allow-empty', 'succeed when nothing matches the selection')
    .option(
      '--from-scratch',
      'remove each entry from the scratch copy first: the recipe must recreate it'
    )
    .action((flags: SelftestFlags) =>
      run(() => selftestCommand(flags, io), { startsProcesses: true })
    )
}
