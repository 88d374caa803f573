/**
 * Options every command shares, and the typed readers for the others. Values are checked here so a
 * bad flag is a one-line usage error (exit 4) that names the flag.
 */
import { InvalidArgumentError, Option, type Command } from 'commander'
import { locateManifest, UsageError, history, manifests, state } from '../core/index.js'
import type { CliIo } from './io.js'

export interface GlobalOptions {
  manifest?: string
  workspace?: string
  json?: boolean
  color: boolean
  quiet?: boolean
}

export function intOption(name: string, min: number, max: number): (v: string) => number {
  return (v: string) => {
    if (!/^\d+$/.test(v)) throw new InvalidArgumentError(`${name} must be a whole number`)
    const n = Number(v)
    if (n < min || n > max)
      throw new InvalidArgumentError(`${name} must be between ${min} and ${max}`)
    return n
  }
}

export function collect(v: string, prev: string[] | undefined): string[] {
  return [...(prev ?? []), v]
}

export function manifestLocation(g: GlobalOptions, io: CliIo): manifests.Located {
  return locateManifest({ flag: g.manifest, env: io.env.SWR_MANIFEST, cwd: io.cwd, home: io.home })
}

export function stateDir(io: CliIo): string {
  return state.defaultStateDir(io.env, io.home)
}

/** SWR_HISTORY_LIMIT: records kept in the current history file before it rotates. */
export function historyLimits(io: CliIo): history.HistoryLimits {
  const v = io.env.SWR_HISTORY_LIMIT
  if (v === undefined || v === '') return {}
  if (!/^\d+$/.test(v) || Number(v) < 1)
    throw new UsageError('SWR_HISTORY_LIMIT must be a whole number of records (at least 1)')
  return { maxRecords: Number(v) }
}

/** The options every command takes: where the manifest is, and how to print. */
export function withGlobals(cmd: Command): Command {
  return cmd
    .option(
      '-m, --manifest <file>',
      'manifest file (default: $SWR_MANIFEST or the nearest .swr/manifest.json)'
    )
    .option('--workspace <dir>', 'directory the manifest describes (overrides the manifest)')
    .option('--json', 'print a JSON document on stdout and nothing else')
    .option('-q, --quiet', 'print nothing when healthy')
    .option(
      '--no-color',
      'never colour the output (NO_COLOR is honoured too; FORCE_COLOR or CLICOLOR_FORCE colours a pipe)'
    )
}

export function jobsOption(cmd: Command, what = 'hashing threads (default: cores)'): Command {
  return cmd.option('--jobs <n>', what, intOption('--jobs', 1, 32))
}

/** What to check and how hard: shared by check and why. */
export function checkOptions(cmd: Command): Command {
  return jobsOption(
    withGlobals(cmd)
      .option('--only <id...>', 'check only these entries')
      .option('--deep', 'also compare the full sha256 of blobs')
      .option('--meta', 'sizes, modes, types and tree structure only: no content hashing')
      .option('--no-cache', 'ignore the incremental cache and re-hash everything')
  )
}

/** The signature policy: every command that may run manifest code, or judges signatures. */
export function trustOptions(cmd: Command): Command {
  return cmd
    .addOption(
      new Option(
        '--require <kinds>',
        'signatures that must hold before code runs (default: $SWR_REQUIRE or any: here the HMAC key is your own; the Action defaults to mldsa, as any workflow of a repository can read its secrets)'
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
      'distinct trusted ML-DSA signers whose signatures verify, required (default 1; above 1 only with --require mldsa or both)',
      intOption('--threshold', 1, 16)
    )
    .option(
      '--i-trust-this-manifest <digest>',
      'waive the signature requirement for exactly this manifest digest (scope, expiry and floor still apply)'
    )
}

export function lockOption(cmd: Command): Command {
  return cmd.option(
    '--lock-timeout <s>',
    'give up waiting for another run after S seconds (default 300)',
    intOption('--lock-timeout', 0, 86400)
  )
}

/** The editing rules' one escape hatch, spelled the same on every command that writes. */
export function approveOption(cmd: Command, verb = 'edit'): Command {
  return cmd.option(
    '--approve-digest <digest>',
    `${verb} a manifest whose signature does not verify, after reviewing exactly this content`
  )
}
