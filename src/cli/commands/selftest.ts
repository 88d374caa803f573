/**
 * `swr selftest [--max-tier N] [--only ID...] [--allow-empty] [--from-scratch]`: prove recipes are
 * idempotent (doctor may run them many times). Each selected recipe runs twice in a scratch copy
 * of the workspace (never the live one), with HOME pointed into the scratch too; after each run
 * the entry must verify. With --from-scratch the entry is removed first, so the recipe must also
 * recreate it from nothing. Recipes are manifest code,
 * so the gate decides first.
 *
 * The scratch copy carries no symlink that could lead outside it (an absolute target, or one that
 * climbs out): those are left out and named, so neither swr nor a recipe writing through one
 * reaches a file outside the scratch copy. Removing an entry resolves its path without following
 * a symlink in any component; an entry behind one fails without running. Exit 0 all pass, 2 refused or a recipe failed, 3 a recipe ran but
 * left its entry damaged.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import {
  recipesOf,
  reverifier,
  selectEntries,
  planRepair,
  planSteps,
  describeResult,
  minimalEnv,
  runRecipe,
  makeLineScrubber,
  loadSecretScan,
  decide,
  gateInput,
  escapeText,
  linkStaysInside,
  relativeInside,
  resolveNoFollow,
  SymlinkRefusal,
  EXIT,
  loadManifest,
  SwrError,
  type ExitCode,
  type LoadedManifest,
  nativeWalkAllowed,
  makeOwnedTemp
} from '../../core/index.js'
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

interface Outcome {
  id: string
  passed: boolean
  runs: string[]
}

export async function selftestCommand(flags: SelftestFlags, io: CliIo): Promise<ExitCode> {
  const live = loadManifest(manifestLocation(flags, io).file, {
    workspace: flags.workspace,
    cwd: io.cwd
  })
  const selected = selectEntries(live.body.entries, flags.only).filter(
    e => recipesOf(e).length > 0 && e.tier <= (flags.maxTier ?? 4)
  )
  if (selected.length === 0 && !flags.allowEmpty) {
    throw new SwrError(
      'selftest: no entry with a restore recipe matches the selection (pass --allow-empty to accept that)',
      EXIT.UNREPAIRABLE
    )
  }
  const gate = await decide(gateInput(live), buildPolicy(live, flags, io))
  if (!gate.allowed)
    throw new SwrError(`selftest: refusing to run recipes: ${gate.reason}`, EXIT.UNREPAIRABLE)
  const scratch = makeOwnedTemp(os.tmpdir(), 'swr-selftest')
  try {
    const ws = path.join(scratch, 'workspace')
    const home = path.join(scratch, 'home')
    const leftOut = scratchCopy(live.workspace, ws)
    for (const l of leftOut)
      io.stderr.write(
        `swr: selftest: left symlink "${escapeText(l)}" out of the scratch copy: it leads outside the workspace\n`
      )
    fs.mkdirSync(home)
    const m: LoadedManifest = { ...live, workspace: fs.realpathSync(ws) }
    const verify = reverifier(m, { stateDir: stateDir(io), nativeWalk: nativeWalkAllowed(io.env) })
    const damaged = selected.map(e => ({
      id: e.id,
      kind: e.kind,
      path: e.path,
      tier: e.tier,
      status: 'MISSING' as const,
      reason: 'selftest',
      detail: 'removed for selftest',
      recorded: {},
      found: {},
      cached: false
    }))
    const order = planSteps(planRepair(selected, damaged)).map(s =>
      selected.find(e => e.id === s.id)
    )
    const outcomes: Outcome[] = []
    for (const e of order) {
      if (!e) continue
      if (flags.fromScratch) {
        try {
          fs.rmSync(resolveNoFollow(m.workspace, e.path), { recursive: true, force: true })
        } catch (err) {
          if (!(err instanceof SymlinkRefusal)) throw err
          outcomes.push({ id: e.id, passed: false, runs: [`not run: ${err.message}`] })
          continue
        }
      }
      const runs: string[] = []
      let passed = true
      for (const round of [1, 2]) {
        const r = await runRecipe(
          {
            id: e.id,
            command: recipesOf(e)[0] ?? 'false',
            shell: m.body.shell ?? ['bash', '-c'],
            cwd: m.workspace,
            env: { ...minimalEnv(io.env, [...(e.env ?? []), ...(e.secret_env ?? [])]), HOME: home },
            timeoutMs: (flags.timeout ?? e.timeout_s ?? 1800) * 1000
          },
          {
            abort: io.abort,
            scrub: makeLineScrubber(
              (e.secret_env ?? []).flatMap(n => io.env[n] ?? []),
              await loadSecretScan()
            )
          }
        )
        const [after] = await verify([e])
        const ok = r.exitCode === 0 && after?.status === 'OK'
        runs.push(
          `run ${round}: ${describeResult(r, (flags.timeout ?? e.timeout_s ?? 1800) * 1000)}, entry ${after?.status ?? '?'}${ok ? '' : `: ${escapeText(after?.detail ?? '')}`}`
        )
        passed &&= ok
      }
      outcomes.push({ id: e.id, passed, runs })
    }
    if (flags.json)
      io.stdout.write(
        JSON.stringify(
          { schema: 'swr.selftest/1', scratch: 'removed', results: outcomes },
          null,
          2
        ) + '\n'
      )
    else {
      for (const o of outcomes)
        io.stdout.write(
          `${o.passed ? 'PASS' : 'FAIL'} ${o.id}\n${o.runs.map(r => `  ${r}\n`).join('')}`
        )
      io.stdout.write(
        `${outcomes.filter(o => o.passed).length}/${outcomes.length} recipes idempotent (run twice in a scratch copy; the live workspace was not touched)\n`
      )
    }
    return outcomes.every(o => o.passed) ? EXIT.HEALTHY : EXIT.STILL_DAMAGED
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true })
  }
}

/** Copy the workspace for selftest, leaving out symlinks that may lead outside it (returned). */
function scratchCopy(from: string, to: string): string[] {
  const root = fs.realpathSync(from)
  const leftOut: string[] = []
  fs.cpSync(root, to, {
    recursive: true,
    verbatimSymlinks: true,
    filter: src => {
      const st = fs.lstatSync(src)
      if (!st.isSymbolicLink() || linkStaysInside(root, src, fs.readlinkSync(src))) return true
      leftOut.push(relativeInside(root, src) ?? src)
      return false
    }
  })
  return leftOut
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
