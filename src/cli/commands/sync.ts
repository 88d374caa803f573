/**
 * `swr push` / `swr pull` / `swr sync status`: carry the signed manifest (with its tree indexes
 * and its sealed entries' seals) off the machine, to git remotes, HTTP stores and the Actions
 * cache, so a machine whose workspace and home were wiped can recover the recipe book first, from
 * one recovery code. The use cases
 * are engine/sync.ts (sealing, redaction, the pin, the gate on a pulled manifest, never writing
 * over a file); this file turns flags and the environment into their inputs, gives the stores
 * this process's stderr and the Actions cache, and prints what comes back.
 */
import os from 'node:os'
import path from 'node:path'
import type { Command } from 'commander'
import { actionsCacheStore } from '../../adapters/actions-cache-store.js'
import { s3Objects, s3SettingsFromEnv } from '../../adapters/s3/objects.js'
import {
  escapeText,
  EXIT,
  type ExitCode,
  loadManifest,
  pull,
  push,
  pushKeyTail,
  syncStatus,
  UsageError,
  sync as syncApi
} from '../../core/index.js'
import type { CliIo } from '../io.js'
import {
  collect,
  intOption,
  manifestLocation,
  stateDir,
  trustOptions,
  withGlobals,
  type GlobalOptions
} from '../options.js'
import type { CommandContext } from '../command.js'
import { withManifestLock } from '../lock.js'
import { buildPolicy, type TrustFlags } from '../trust-context.js'

export interface StoreFlags extends GlobalOptions {
  name?: string
  authEnv?: string
  timeout?: number
}
export interface PushFlags extends StoreFlags {
  to?: string[]
  toPeer?: string[]
  plaintextOk?: boolean
}
export interface PullFlags extends StoreFlags, TrustFlags {
  from?: string[]
  code?: string
  sha256?: string
  /** Variables to fill a redacted copy from (repeatable, or comma-separated). */
  expand?: string[]
  plaintextOk?: boolean
  ifMissing?: boolean
}

const DEFAULT_TIMEOUT_S = 120

function scopeOf(file: string, io: CliIo): string {
  return io.env.GITHUB_REPOSITORY
    ? `repo:${io.env.GITHUB_REPOSITORY}:${path.basename(path.dirname(file))}/${path.basename(file)}`
    : `file:${path.resolve(file)}`
}

/** What the stores may use of this process: time limits, stderr notes, the Actions cache. */
function storeContext(
  flags: StoreFlags,
  io: CliIo,
  manifestFile: string,
  workspace: string,
  keyTail = 'latest'
): syncApi.StoreContext {
  const deadlineMs = (flags.timeout ?? DEFAULT_TIMEOUT_S) * 1000
  if (flags.authEnv !== undefined && !/^[A-Za-z_][A-Za-z0-9_]{0,127}$/.test(flags.authEnv))
    throw new UsageError('--auth-env takes the name of an environment variable')
  return {
    cwd: io.cwd,
    workspace,
    env: io.env,
    tmpDir: os.tmpdir(),
    deadlineMs,
    requestMs: Math.max(1000, Math.min(30_000, Math.floor(deadlineMs / 3))),
    authEnv: flags.authEnv,
    note: line => void io.stderr.write(`swr: ${escapeText(line, { max: 400 })}\n`),
    actions: ctx =>
      actionsCacheStore(ctx, syncApi.syncKeyPrefix(scopeOf(manifestFile, io)), keyTail),
    // Endpoint, region, path style and credentials from the environment (docs/sync.md).
    s3: bucket =>
      s3Objects({
        ...s3SettingsFromEnv(io.env, { bucket }),
        requestMs: Math.min(60_000, deadlineMs)
      })
  }
}

function fromEnvList(v: string | undefined): string[] | undefined {
  const list = v?.split(/\s+/).filter(Boolean)
  return list && list.length > 0 ? list : undefined
}

export async function pushCommand(flags: PushFlags, io: CliIo): Promise<ExitCode> {
  const m = loadManifest(manifestLocation(flags, io).file, {
    workspace: flags.workspace,
    cwd: io.cwd
  })
  const r = await push(m, storeContext(flags, io, m.file, m.workspace, pushKeyTail(m)), {
    stores: flags.to ?? fromEnvList(io.env.SWR_SYNC_TO) ?? ['actions'],
    name: flags.name,
    peers: flags.toPeer,
    plaintextOk: flags.plaintextOk,
    stateDir: stateDir(io),
    syncKeyText: io.env.SWR_SYNC_KEY
  })
  for (const v of r.redacted)
    io.stderr.write(`swr: redacted ${v.preview} -> \${${v.variable}} (pull --expand fills it)\n`)
  if (flags.json) {
    io.stdout.write(
      JSON.stringify({
        schema: 'swr.push/2',
        manifest: r.manifest,
        digest: r.digest,
        version: r.version,
        name: r.name,
        sealed: r.sealed,
        recipients: r.recipients,
        redacted: r.redacted.map(v => v.variable),
        seals: r.seals,
        sha256: r.sha256,
        bytes: r.bytes,
        replicas: r.replicas,
        code: r.code ?? null
      }) + '\n'
    )
  } else {
    const n = r.redacted.length
    const how = r.sealed
      ? `sealed with HPKE (X-Wing) to ${r.recipients.join(', ')}`
      : `in clear${n ? `, ${n} token${n > 1 ? 's' : ''} redacted` : ''}`
    const s = r.seals.length
    const carried = s ? `, with ${s} seal${s > 1 ? 's' : ''}` : ''
    io.stdout.write(
      `pushed ${r.manifest} (version ${r.version}, digest ${r.digest.slice(0, 16)})${carried}, ${how}, sha256 ${r.sha256.slice(0, 16)}\n`
    )
    for (const x of r.replicas)
      io.stdout.write(
        x.ok
          ? `  ok      ${escapeText(x.locator ?? '', { max: 300 })}\n`
          : `  FAILED  ${escapeText(x.error ?? '', { max: 400 })}\n`
      )
    if (r.code) io.stdout.write(`recovery code: ${escapeText(r.code, { max: 2100 })}\n`)
  }
  return r.ok ? EXIT.HEALTHY : EXIT.UNREPAIRABLE
}

export async function pullCommand(flags: PullFlags, io: CliIo): Promise<ExitCode> {
  const target = manifestLocation(flags, io).file
  const ctx = storeContext(flags, io, target, path.resolve(io.cwd, flags.workspace ?? '.'))
  const r = await pull(ctx, {
    target,
    ifMissing: flags.ifMissing,
    source: {
      code: flags.code,
      from: flags.from,
      defaultStores: fromEnvList(io.env.SWR_SYNC_FROM) ??
        fromEnvList(io.env.SWR_SYNC_TO) ?? ['actions'],
      name: flags.name,
      sha256: flags.sha256
    },
    expand: flags.expand,
    env: io.env,
    plaintextOk: flags.plaintextOk,
    workspace: flags.workspace,
    cwd: io.cwd,
    stateDir: stateDir(io),
    syncKeyText: io.env.SWR_SYNC_KEY,
    policyFor: m => buildPolicy(m, flags, io)
  })
  if (r.status === 'present') return EXIT.HEALTHY
  if (flags.json)
    io.stdout.write(
      JSON.stringify({
        schema: 'swr.pull/2',
        manifest: r.manifest,
        locator: r.locator,
        sha256: r.sha256,
        sealed: r.sealed,
        expanded: r.expanded,
        digest: r.digest,
        version: r.version,
        reason: r.reason,
        seals: r.seals
      }) + '\n'
    )
  else if (!flags.quiet) {
    io.stdout.write(
      `pulled ${r.manifest} (version ${r.version}, digest ${r.digest.slice(0, 16)}) from ${escapeText(r.locator, { max: 300 })}; ${r.reason}\n`
    )
    for (const x of r.seals)
      io.stdout.write(
        `  seal ${x.outcome.padEnd(8)} ${escapeText(x.id, { max: 200 })} (key ${escapeText(x.key, { max: 200 })}): ${escapeText(x.detail, { max: 300 })}\n`
      )
  }
  return EXIT.HEALTHY
}

export async function statusCommand(flags: StoreFlags, io: CliIo): Promise<ExitCode> {
  const file = manifestLocation(flags, io).file
  const ctx = storeContext(flags, io, file, path.resolve(io.cwd, flags.workspace ?? '.'))
  const r = await syncStatus(file, ctx, { stateDir: stateDir(io) })
  if (flags.json)
    io.stdout.write(
      JSON.stringify({
        schema: 'swr.sync-status/1',
        manifest: r.manifest,
        healthy: r.healthy,
        replicas: r.replicas
      }) + '\n'
    )
  else if (r.replicas.length === 0)
    io.stdout.write(`no copy of ${file} was pushed from this machine (swr push --to STORE)\n`)
  else if (!(flags.quiet && r.healthy))
    for (const x of r.replicas)
      io.stdout.write(
        `${x.health.padEnd(11)} ${escapeText(x.locator, { max: 300 })}${x.age_s !== null ? `  age ${ageText(x.age_s)}` : ''}${x.detail ? `  ${escapeText(x.detail, { max: 300 })}` : ''}\n`
      )
  return r.healthy ? EXIT.HEALTHY : EXIT.DAMAGED
}

function ageText(s: number): string {
  if (s < 120) return `${s} s`
  if (s < 7200) return `${Math.round(s / 60)} min`
  if (s < 172800) return `${Math.round(s / 3600)} h`
  return `${Math.round(s / 86400)} d`
}

function storeOptions(cmd: Command): Command {
  return cmd
    .option(
      '--name <name>',
      "the copy's name in git, URL and S3 stores (default: the workspace folder's name)"
    )
    .option(
      '--auth-env <var>',
      'send the value of this environment variable as the Authorization header to http(s) stores'
    )
    .option(
      '--timeout <s>',
      `time limit per store, retries included (default ${DEFAULT_TIMEOUT_S})`,
      intOption('--timeout', 1, 3600)
    )
}

export function registerSync(program: Command, { io, run }: CommandContext): void {
  storeOptions(withGlobals(program.command('push')))
    .description(
      "store the manifest, its tree indexes and its sealed entries' seals off the machine (git:REMOTE, http(s) URL templates, S3-compatible buckets, the Actions cache), sealed with HPKE/X-Wing; each copy is read back and checked, and a recovery code is printed"
    )
    .option(
      '--to <store>',
      'where to store a copy (repeatable): git:REMOTE, https://host/path/{name}, s3://bucket/prefix, actions (default: $SWR_SYNC_TO, else actions)',
      collect
    )
    .option('--to-peer <name>', 'also seal to this peer (repeatable; see "swr peer")', collect)
    .option(
      '--plaintext-ok',
      'with no sync key and no peer, publish in clear: token shapes become ${VAR} references; never with escrow'
    )
    .action((flags: PushFlags) => run(() => pushCommand(flags, io)))

  trustOptions(storeOptions(withGlobals(program.command('pull'))))
    .description(
      'restore a pushed manifest, its tree indexes and seals, verified (pin, seal, signatures) before anything is written, never over an existing file'
    )
    .option('--code <code>', 'the recovery code "swr push" printed (swr1:…)')
    .option(
      '--from <store>',
      'stores to try in order (repeatable; default: $SWR_SYNC_FROM, else $SWR_SYNC_TO, else actions)',
      collect
    )
    .option('--sha256 <hex>', 'with --from: the copy must have this sha256')
    .option(
      '--expand <var>',
      'fill the ${VAR} references of a redacted copy from this environment variable (repeatable, or comma-separated); no other variable is read',
      collect
    )
    .option('--plaintext-ok', 'accept a copy stored in clear')
    .option('--if-missing', 'do nothing (exit 0) when the manifest already exists')
    .action((flags: PullFlags) =>
      run(() => withManifestLock(flags, io, () => pullCommand(flags, io)))
    )

  const sync = program.command('sync').description('the copies "swr push" stored')
  storeOptions(withGlobals(sync.command('status')))
    .description(
      "each recorded copy's reachability, hash health and age (exit 0 when every copy reads back intact)"
    )
    .action((flags: StoreFlags) => run(() => statusCommand(flags, io)))
}
