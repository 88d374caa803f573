/**
 * The `swr` command line: argv -> command -> exit code. Every error the user can cause becomes one
 * line on stderr and a documented exit code; only a bug prints more (and asks to be reported).
 */
import { Command, CommanderError, Option } from 'commander'
import { diskError, errnoCode } from '../core/errors.js'
import { EXIT, InternalError, SwrError, TIERS, KINDS, type ExitCode } from '../core/index.js'
import { VERSION } from '../version.js'
import { addCommand } from './commands/add.js'
import { attacktestCommand } from './commands/attacktest.js'
import { registerAuthorCommands } from './commands/author/register.js'
import { checkCommand, whyCommand } from './commands/check.js'
import { completionScript, SHELLS } from './commands/completion.js'
import { canaryClean, canaryPlant, canaryRead } from './commands/canary.js'
import { statsCommand } from './commands/stats.js'
import { escrowCommand } from './commands/escrow.js'
import { exportRecipesCommand } from './commands/export-recipes.js'
import { repairCommand } from './commands/repair.js'
import { selftestCommand } from './commands/selftest.js'
import { importCommand } from './commands/import.js'
import { initCommand } from './commands/init.js'
import { keygenCommand, signCommand, verifyCommand } from './commands/sign.js'
import { registerSyncCommands } from './commands/sync.js'
import { registerPeerCommands } from './commands/peer.js'
import { registerHookCommands } from './commands/hook.js'
import { trustAdd, trustList, trustMine, trustRemove } from './commands/trust.js'
import { guardedIo, processIo, type CliIo } from './io.js'
import { escapeText } from '../core/report/escape.js'
import { withManifestLock } from './lock.js'
import { collect, intOption, type GlobalOptions } from './options.js'

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
records per file before it rotates ($SWR_HISTORY_LIMIT sets another number).`

function withGlobals(cmd: Command): Command {
  return cmd
    .option(
      '-m, --manifest <file>',
      'manifest file (default: $SWR_MANIFEST or the nearest .swr/manifest.json)'
    )
    .option('--workspace <dir>', 'directory the manifest describes (overrides the manifest)')
    .option('--json', 'print a JSON document on stdout and nothing else')
    .option('-q, --quiet', 'print nothing when healthy')
    .option('--no-color', 'never colour the output (NO_COLOR is honoured too)')
}

function checkOptions(cmd: Command): Command {
  return withGlobals(cmd)
    .option('--only <id...>', 'check only these entries')
    .option('--deep', 'also compare the full sha256 of blobs')
    .option('--meta', 'sizes, modes, types and tree structure only: no content hashing')
    .option('--no-cache', 'ignore the incremental cache and re-hash everything')
    .option('--jobs <n>', 'hashing threads (default: cores)', intOption('--jobs', 1, 32))
}

function trustOptions(cmd: Command): Command {
  return cmd
    .addOption(
      new Option(
        '--require <kinds>',
        'signatures that must hold before code runs (default: $SWR_REQUIRE or any)'
      ).choices(['any', 'hmac', 'mldsa', 'both'])
    )
    .option(
      '--min-version <n>',
      'refuse manifests whose version is below N (rollback floor)',
      intOption('--min-version', 1, Number.MAX_SAFE_INTEGER)
    )
    .option(
      '--trusted-signer <fp-or-key>',
      'trust this ML-DSA fingerprint or public key for this run (repeatable; also $SWR_TRUSTED_SIGNERS)',
      collect
    )
    .option(
      '--threshold <n>',
      'distinct trusted ML-DSA signers required (default 1)',
      intOption('--threshold', 1, 16)
    )
    .option(
      '--i-trust-this-manifest <digest>',
      'waive the signature requirement for exactly this manifest digest (scope, expiry and floor still apply)'
    )
}

export function buildProgram(io: CliIo, done: (code: ExitCode) => void): Command {
  const registerCanaryCommands = (program: Command): void => {
    const canary = program
      .command('canary')
      .description(
        'measure what this runner, cache or sandbox keeps: plant probes, read them later'
      )
    withGlobals(canary.command('plant'))
      .description(
        'plant probes (exec bits, private modes, links, hard links, empty dirs, long and non-ASCII names, dotfiles, a large file) in the workspace, a deep path, volatile dirs, $HOME, the temp dir and every --at path; never overwrites a file'
      )
      .option(
        '--at <path>',
        'also plant in this directory (repeatable; created if missing)',
        collect
      )
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
      .action(async (flags: GlobalOptions) => done(await canaryPlant(flags as never, io)))
    withGlobals(canary.command('read'))
      .description(
        'compare every probe with the ledger (intact, altered and how, lost), by class and location; records the result in the history; exit 1 when any probe changed'
      )
      .option('--clean', 'remove the probes and the ledger after reading')
      .action(async (flags: GlobalOptions) => done(await canaryRead(flags as never, io)))
    withGlobals(canary.command('clean'))
      .description(
        'remove exactly the planted probes (and the directories the planting created, when empty)'
      )
      .action(async (flags: GlobalOptions) => done(await canaryClean(flags, io)))
  }

  const program = new Command('swr')
    .description(
      'Snapshot-Wipe Resilience: verify a workspace against a signed manifest and repair exactly what is broken'
    )
    .version(VERSION, '-V, --version')
    .addHelpText('after', EXIT_HELP)
    .showHelpAfterError('(run "swr --help" for usage)')
    .configureOutput({
      writeOut: s => void io.stdout.write(s),
      writeErr: s => void io.stderr.write(s)
    })
    .exitOverride()

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
    .action(async (flags: GlobalOptions & Record<string, unknown>) => {
      done(await checkCommand(flags as never, io))
    })

  checkOptions(program.command('why'))
    .alias('explain')
    .description('explain each damaged entry: what was found, the likely cause, and the fix')
    .action(async (flags: GlobalOptions) => {
      done(await whyCommand(flags as never, io))
    })

  for (const mode of ['restore', 'doctor'] as const) {
    trustOptions(withGlobals(program.command(mode)))
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
      .option(
        '--jobs <n>',
        'hashing threads, and recipes run in parallel where the plan allows',
        intOption('--jobs', 1, 32)
      )
      .option(
        '--quarantine',
        'copy each damaged file or tree into the state directory before its recipe runs (copies older than $SWR_QUARANTINE_KEEP_DAYS, default 7, or beyond $SWR_QUARANTINE_MAX_MB in all, default 1024, are pruned)'
      )
      .option('--resume', 'continue an interrupted restore of the same manifest and workspace')
      .option(
        '--record',
        'append the first check (what survived, before any repair) to the survival history'
      )
      .option('--no-cache', 'ignore the incremental cache in the first check')
      .option(
        '--lock-timeout <s>',
        'give up waiting for another run after S seconds (default 300)',
        intOption('--lock-timeout', 0, 86400)
      )
      .action(async (flags: GlobalOptions) => done(await repairCommand(mode, flags as never, io)))
  }

  withGlobals(program.command('add'))
    .description(
      'track PATH(s): capture size, hash, mode, link target or tree digests from disk now'
    )
    .argument('<path...>', 'files, directories or symlinks inside the workspace')
    .option('--id <id>', 'entry id (default: derived from the path)')
    .addOption(
      new Option('--kind <kind>', 'entry kind (default: from what is on disk)').choices([...KINDS])
    )
    .option(
      '--tier <n>',
      `restore tier ${TIERS[0]}-${TIERS[TIERS.length - 1]} (0 credentials, 1 scripts, 2 source, 3 downloads, 4 builds)`,
      intOption('--tier', 0, 4)
    )
    .option(
      '--sentinel <relpath>',
      'tree: a file that must exist and be non-empty (repeatable)',
      collect
    )
    .option(
      '--needs <id>',
      'entry that must be healthy before this one is restored (repeatable)',
      collect
    )
    .option('--restore <cmd>', 'shell recipe that recreates the entry')
    .option('--timeout <s>', 'recipe timeout in seconds', intOption('--timeout', 1, 86400))
    .option('--smoke <cmd>', 'shell command that proves the entry works')
    .option(
      '--ignore <name-or-glob>',
      'tree: leave out of the walk, a .gitignore rule (repeatable)',
      collect
    )
    .option('--note <text>', 'why this entry is fragile (shown by "swr why")')
    .option(
      '--min-files <n>',
      'tree: fewest files allowed (default: files now)',
      intOption('--min-files', 0, Number.MAX_SAFE_INTEGER)
    )
    .option(
      '--max-files <n>',
      'tree: most files allowed (default: files now)',
      intOption('--max-files', 0, Number.MAX_SAFE_INTEGER)
    )
    .option(
      '--no-full-hash',
      'blob: record size, mode and head/tail only, not the full sha256 (a huge file then never gets read in full by check)'
    )
    .option('--jobs <n>', 'hashing threads (default: cores)', intOption('--jobs', 1, 32))
    .option(
      '--approve-digest <digest>',
      'edit a manifest whose signature does not verify, after reviewing exactly this content'
    )
    .action(async (paths: string[], flags: GlobalOptions) => {
      done(await withManifestLock(flags, io, () => addCommand(paths, flags as never, io)))
    })

  withGlobals(program.command('init'))
    .description('scan the workspace and write a first manifest (never overwrites one)')
    .option('--jobs <n>', 'hashing threads (default: cores)', intOption('--jobs', 1, 32))
    .action(async (flags: GlobalOptions) => {
      done(await withManifestLock(flags, io, () => initCommand(flags as never, io)))
    })

  withGlobals(program.command('import'))
    .description(
      "convert the original tool's format-2 manifest to format 3 (unsigned until signed)"
    )
    .argument('<old.json>', 'format-2 manifest')
    .option(
      '--legacy-key <file>',
      "check the old HMAC signature with the original tool's key file; sign the result if it holds"
    )
    .option(
      '--approve-digest <digest>',
      'sign the converted manifest, after reviewing exactly this content'
    )
    .action(async (old: string, flags: GlobalOptions) => {
      done(await withManifestLock(flags, io, () => importCommand(old, flags as never, io)))
    })

  withGlobals(program.command('escrow'))
    .description(
      'embed small files in the manifest (checked against their sha256) so they restore without a recipe'
    )
    .option('--only <id...>', 'escrow only these entries')
    .option(
      '--max-bytes <n>',
      'largest file to escrow (default 262144)',
      intOption('--max-bytes', 1, 1024 * 1024)
    )
    .option(
      '--approve-digest <digest>',
      'edit a manifest whose signature does not verify, after reviewing exactly this content'
    )
    .option(
      '--lock-timeout <s>',
      'give up waiting for another run after S seconds (default 300)',
      intOption('--lock-timeout', 0, 86400)
    )
    .action(async (flags: GlobalOptions) => done(await escrowCommand(flags as never, io)))

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
    .action(async (flags: GlobalOptions) => done(await selftestCommand(flags as never, io)))

  trustOptions(withGlobals(program.command('export-recipes')))
    .description(
      'print the restore recipes as one bash script in tier and dependency order (only when signatures allow)'
    )
    .option('--only <id...>', 'export only these entries')
    .action(async (flags: GlobalOptions) => done(await exportRecipesCommand(flags as never, io)))

  registerSyncCommands(program, io, done, withGlobals, trustOptions)
  registerPeerCommands(program, io, done, withGlobals)
  registerHookCommands(program, io, done, withGlobals)

  withGlobals(program.command('keygen'))
    .description(
      "create this machine's ML-DSA-87 identity and HMAC key in the private state directory (never replaces a key)"
    )
    .option('--no-hmac', 'do not create an HMAC key')
    .option('--no-mldsa', 'do not create an ML-DSA identity')
    .option(
      '--no-sync',
      'do not create a sync key (it seals manifests that swr push sends off the machine)'
    )
    .action(async (flags: GlobalOptions) => done(await keygenCommand(flags as never, io)))

  trustOptions(withGlobals(program.command('sign')))
    .description('raise the version and sign the manifest with every key this machine holds')
    .option(
      '--approve-digest <digest>',
      'sign a manifest whose signature does not verify, after reviewing exactly this content'
    )
    .action(async (flags: GlobalOptions) =>
      done(await withManifestLock(flags, io, () => signCommand(flags as never, io)))
    )

  trustOptions(withGlobals(program.command('verify')))
    .description(
      'show each signature (valid, invalid, untrusted signer, absent), the digest, and whether recipes may run; exit 0 allowed, 2 refused'
    )
    .action(async (flags: GlobalOptions) => done(await verifyCommand(flags as never, io)))

  withGlobals(program.command('attacktest'))
    .description(
      'attack a signed manifest with generated forgeries against this build; exit 0 when none succeeds'
    )
    .option(
      '--count <n>',
      'mutations to try (default 10000)',
      intOption('--count', 1, 10_000_000),
      10_000
    )
    .option('--seed <text>', 'repeat a run exactly')
    .action(async (flags: GlobalOptions) => done(await attacktestCommand(flags as never, io)))

  registerCanaryCommands(program)

  withGlobals(program.command('stats'))
    .description(
      'survival per canary class, location and manifest entry from the history, with 95% Wilson intervals'
    )
    .action((flags: GlobalOptions) => done(statsCommand(flags, io)))

  const trust = program
    .command('trust')
    .description('manage the ML-DSA signers this machine trusts')
  withGlobals(trust.command('add'))
    .description('trust a signer')
    .argument('<fingerprint>', '64 hex digits (spaces allowed)')
    .argument('<name>', 'a name to show for the signer')
    .action((fp: string, name: string, flags: GlobalOptions) => done(trustAdd(fp, name, flags, io)))
  withGlobals(trust.command('list'))
    .description('list trusted signers')
    .action((flags: GlobalOptions) => done(trustList(flags, io)))
  withGlobals(trust.command('remove'))
    .description('stop trusting a signer')
    .argument('<fingerprint-or-name>')
    .action((what: string, flags: GlobalOptions) => done(trustRemove(what, flags, io)))
  withGlobals(trust.command('mine'))
    .description("print this machine's fingerprint and public key, to share")
    .action((flags: GlobalOptions) => done(trustMine(flags, io)))

  registerAuthorCommands(program, io, done, withGlobals)

  // Last, so the scripts it prints cover every command registered above.
  program
    .command('completion')
    .description(`print a shell completion script (${SHELLS.join(', ')})`)
    .argument('<shell>', SHELLS.join(' | '))
    .addHelpText(
      'after',
      '\nInstall: eval "$(swr completion bash)" in ~/.bashrc, the same with zsh in ~/.zshrc,\nor swr completion fish | source in ~/.config/fish/config.fish.'
    )
    .action((shell: string) => {
      io.stdout.write(completionScript(program, shell))
      done(EXIT.HEALTHY)
    })
  return program
}

/** Run the CLI; resolves to the exit code (the bin entry exits with it). */
export async function main(argv: string[], rawIo: CliIo = processIo()): Promise<number> {
  const io = guardedIo(rawIo, argv.includes('--json'))
  let code: ExitCode | undefined
  const program = buildProgram(io, c => {
    code = c
  })
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
    // Help and version print themselves and exit 0; everything else is bad usage.
    if (err.exitCode === 0) return EXIT.HEALTHY
    return EXIT.BAD_MANIFEST
  }
  const known = err instanceof SwrError ? err : diskError(err)
  if (known) return printError(io, json, known.message, known.exitCode)
  const code = errnoCode(err)
  if (code && err instanceof Error && 'path' in err) {
    // An fs error the user can fix (permissions, a vanished file): one line, no stack.
    const e = err as NodeJS.ErrnoException
    return printError(io, json, `${e.syscall ?? 'access'} ${e.path}: ${code}`, EXIT.BAD_MANIFEST)
  }
  return reportInternal(err, io, json)
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
 * A bug: one line, a request to report it, and EXIT.INTERNAL (never 1 or 2, which say something
 * about the workspace). The stack only with SWR_DEBUG set: it is for the report, not the log.
 */
export function reportInternal(
  err: unknown,
  io: Pick<CliIo, 'env' | 'stdout' | 'stderr'>,
  json: boolean
): number {
  const e = err instanceof Error ? err : new Error(String(err))
  const what = (e instanceof InternalError ? e.message : `${e.name}: ${e.message}`)
    .replace(/\p{Cc}+/gu, ' ')
    .slice(0, 300)
  printError(io, json, `internal error: ${what}`, EXIT.INTERNAL)
  if (io.env.SWR_DEBUG) io.stderr.write(`${e.stack ?? ''}\n`)
  io.stderr.write(
    'swr: this is a bug in swr; please report it with the line above (SWR_DEBUG=1 adds the stack)\n'
  )
  return EXIT.INTERNAL
}
