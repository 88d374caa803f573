/**
 * The `swr` command line: argv -> command -> exit code. Every error the user can cause becomes one
 * line on stderr and a documented exit code; only a bug prints more (and asks to be reported).
 */
import { Command, CommanderError } from 'commander'
import {
  classifyBug,
  classifyError,
  escapeText,
  EXIT,
  state,
  type ClassifiedError,
  type ExitCode
} from '../core/index.js'
import { versionLine } from './version.js'
import { commandContext, type Register } from './command.js'
import { registerAdd } from './commands/add.js'
import { registerAttacktest } from './commands/attacktest.js'
import { registerAuthorCommands } from './commands/author/register.js'
import { registerCanary } from './commands/canary.js'
import { registerCheck } from './commands/check.js'
import { registerCompletion } from './commands/completion.js'
import { registerEdit } from './commands/edit.js'
import { registerEscrow } from './commands/escrow.js'
import { registerExportRecipes } from './commands/export-recipes.js'
import { registerImport } from './commands/import.js'
import { registerInit } from './commands/init.js'
import { registerRepair } from './commands/repair.js'
import { registerRescan } from './commands/rescan.js'
import { registerRm } from './commands/rm.js'
import { registerSelftest } from './commands/selftest.js'
import { registerSigning } from './commands/sign.js'
import { registerStats } from './commands/stats.js'
import { registerSync } from './commands/sync.js'
import { registerPeer } from './commands/peer.js'
import { registerHook } from './commands/hook.js'
import { registerTrust } from './commands/trust.js'
import { guardedIo, processIo, type CliIo } from './io.js'

const EXIT_HELP = `
Exit codes:
  0  healthy
  1  damaged
  2  unrepairable or refused (repair commands)
  3  still damaged after repair (repair commands)
  4  bad manifest or bad usage
  70 internal error (a bug in swr; please report it)
  74 a write failed (disk full, quota, I/O error): nothing was replaced
  75 another writer interfered (lock lost, manifest changed underneath): nothing was written
  130 interrupted (SIGINT, SIGTERM or SIGHUP)

Manifest: -m FILE, else $SWR_MANIFEST, else the nearest .swr/manifest.json above the current
directory, else ~/.swr/manifest.json. State (cache, keys, canary ledger, survival history):
$SWR_STATE_DIR, else $XDG_STATE_HOME/swr, else ~/.local/state/swr. The history keeps 1,000
records per file before it rotates ($SWR_HISTORY_LIMIT sets another number). SWR_NATIVE_WALK=0 walks
large trees without GNU find (same digests; for a file system where find misbehaves).`

/**
 * A register function and the top-level names (aliases included) of the commands it adds. A run
 * that names one command registers only that one: registering every command's options was a
 * tenth of a short run's start-up. A test checks these names against what each function adds.
 */
type Registration = readonly [register: Register, names: readonly string[]]

/**
 * The commands by what they are for, in help order. The completion command comes last, so the
 * scripts it prints cover every command before it.
 */
const GROUPS: readonly (readonly [heading: string, commands: readonly Registration[]])[] = [
  ['Verify:', [[registerCheck, ['check', 'why', 'explain']]]],
  [
    'Repair:',
    [
      [registerRepair, ['restore', 'doctor']],
      [registerSelftest, ['selftest']],
      [registerEscrow, ['escrow']],
      [registerExportRecipes, ['export-recipes']]
    ]
  ],
  [
    'Author:',
    [
      [registerInit, ['init']],
      [registerAdd, ['add']],
      [registerEdit, ['edit']],
      [registerRm, ['rm']],
      [registerRescan, ['rescan']],
      [registerImport, ['import']],
      [registerAuthorCommands, ['audit', 'autopilot', 'models', 'retighten', 'preset']]
    ]
  ],
  [
    'Sign:',
    [
      [registerSigning, ['keygen', 'sign', 'verify']],
      [registerTrust, ['trust']],
      [registerAttacktest, ['attacktest']]
    ]
  ],
  [
    'Survival:',
    [
      [registerCanary, ['canary']],
      [registerStats, ['stats']]
    ]
  ],
  [
    'Sync:',
    [
      [registerSync, ['push', 'pull', 'sync']],
      [registerPeer, ['peer']],
      [registerHook, ['hook']]
    ]
  ],
  ['Shell:', [[registerCompletion, ['completion']]]]
]

/**
 * The command a run names, when registering it alone is enough: not for help, the completion
 * scripts (which list every command) or an unknown name (which wants the suggestions). The ids a
 * completion offers (`completion ids`, run at every TAB) need no other command.
 */
export function commandNamed(argv: readonly string[]): string | undefined {
  const name = argv[2]
  if (name === undefined || (name === 'completion' && argv[3] !== 'ids')) return undefined
  return GROUPS.some(([, regs]) => regs.some(([, names]) => names.includes(name)))
    ? name
    : undefined
}

/** The names each register function declares, by heading (for the test that checks them). */
export function declaredCommands(): { register: Register; names: readonly string[] }[] {
  return GROUPS.flatMap(([, regs]) => regs.map(([register, names]) => ({ register, names })))
}

const EXAMPLES = `
Examples:
  swr add scripts --restore 'git checkout scripts'   track a tree and how to rebuild it
  swr add node_modules --sealed 'npm-{os}-{arch}-{hash:package-lock.json}' --restore 'npm ci'
                                             a tree the lockfile decides: sealed where it is built
  swr check                                  verify everything (exit 1 when damaged)
  swr why                                    what broke, the likely cause, the fix
  swr doctor                                 restore what is damaged, seal what has no seal, re-check
  swr sign && swr verify                     sign with this machine's keys; show the gate
  swr canary plant ... swr canary read       measure what this runner keeps`

/** The program; with `only`, just the command of that name (see commandNamed). */
export function buildProgram(io: CliIo, done: (code: ExitCode) => void, only?: string): Command {
  const program = new Command('swr')
    .description(
      'Snapshot-Wipe Resilience: verify a workspace against a signed manifest and repair exactly what is broken'
    )
    .version(
      versionLine(),
      '-V, --version',
      'print the version and the source digest of this build'
    )
    .addHelpText('after', EXAMPLES + '\n' + EXIT_HELP)
    .showHelpAfterError('(run "swr --help" for usage)')
    .configureOutput({
      writeOut: s => void io.stdout.write(s),
      writeErr: s => void io.stderr.write(s)
    })
    .exitOverride()
  const ctx = commandContext(io, done)
  for (const [heading, regs] of GROUPS) {
    const wanted = only === undefined ? regs : regs.filter(([, names]) => names.includes(only))
    if (wanted.length === 0) continue
    program.commandsGroup(heading)
    for (const [register] of wanted) register(program, ctx)
  }
  return program
}

/** Run the CLI; resolves to the exit code (the bin entry exits with it). */
export async function main(argv: string[], rawIo: CliIo = processIo()): Promise<number> {
  const io = guardedIo(rawIo, argv.includes('--json'))
  state.applyProcFdSetting(io.env)
  let code: ExitCode | undefined
  const program = buildProgram(
    io,
    c => {
      code = c
    },
    commandNamed(argv)
  )
  try {
    if (argv.length <= 2) {
      program.outputHelp()
      return EXIT.BAD_MANIFEST
    }
    await program.parseAsync(argv)
    return code ?? EXIT.HEALTHY
  } catch (err) {
    return reportError(err, io, argv.includes('--json'))
  }
}

/** Longest error line: enough for a file, line, entry, field and reason. */
const ERROR_MAX = 2000

function reportError(err: unknown, io: CliIo, json: boolean): number {
  if (err instanceof CommanderError) {
    // Help and version print themselves and exit 0; everything else is bad usage, which commander
    // has already printed on stderr: with --json, stdout still gets its one document.
    if (err.exitCode === 0) return EXIT.HEALTHY
    if (json) {
      const line = escapeText(err.message.replace(/^error: /, ''), { max: ERROR_MAX })
      io.stdout.write(
        JSON.stringify({ schema: 'swr.error/1', error: line, exit_code: EXIT.BAD_MANIFEST }) + '\n'
      )
    }
    return EXIT.BAD_MANIFEST
  }
  const c = classifyError(err)
  if (c.kind === 'INTERNAL') return reportBug(c, io, json)
  return printError(io, json, c.line, c.outcome.exitCode)
}

function printError(
  io: Pick<CliIo, 'stdout' | 'stderr'>,
  json: boolean,
  message: string,
  code: number
): number {
  // Messages quote manifest strings and paths: one line, bounded, whatever they hold.
  const line = escapeText(message, { max: ERROR_MAX })
  if (json)
    io.stdout.write(JSON.stringify({ schema: 'swr.error/1', error: line, exit_code: code }) + '\n')
  io.stderr.write(`swr: ${line}\n`)
  return code
}

/**
 * What escaped every handler, as a bug: one line, a request to report it, and EXIT.INTERNAL
 * (never 1 or 2, which say something about the workspace).
 */
export function reportInternal(
  err: unknown,
  io: Pick<CliIo, 'env' | 'stdout' | 'stderr'>,
  json: boolean
): number {
  return reportBug(classifyBug(err), io, json)
}

/** A bug's line and request; the stack only with SWR_DEBUG set: it is for the report, not the log. */
function reportBug(
  bug: ClassifiedError,
  io: Pick<CliIo, 'env' | 'stdout' | 'stderr'>,
  json: boolean
): number {
  printError(io, json, bug.line, bug.outcome.exitCode)
  if (io.env.SWR_DEBUG) io.stderr.write(`${bug.stack ?? ''}\n`)
  io.stderr.write(
    'swr: this is a bug in swr; please report it with the line above (SWR_DEBUG=1 adds the stack)\n'
  )
  return bug.outcome.exitCode
}
