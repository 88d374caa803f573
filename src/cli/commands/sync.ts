/**
 * `swr push` / `swr pull` / `swr sync status`: carry the signed manifest (with its tree indexes)
 * off the machine, to git remotes, HTTP stores and the Actions cache (core/sync/), so a machine
 * whose workspace and home were wiped can recover the recipe book first, from one recovery code.
 * A copy is sealed (HPKE with X-Wing) to this machine's sync key and any named peers; one in clear
 * needs --plaintext-ok, has its tokens redacted and never carries escrow. A pulled manifest is
 * verified through the gate before it is written, and never over an existing file.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Command } from 'commander'
import { actionsCacheStore } from '../../adapters/actions-cache-store.js'
import {
  checkName,
  decide,
  escapeText,
  EXIT,
  expand,
  findPeer,
  gateInput,
  hasTokenShape,
  indexPath,
  loadManifest,
  loadSyncSeed,
  makeCode,
  manifestDigest,
  openStore,
  packPlain,
  packSealed,
  parseCode,
  parseManifestText,
  pinMatches,
  recordReplicas,
  redact,
  replicasOf,
  resolveWorkspace,
  sha256Hex,
  storeOfLocator,
  SwrError,
  signaturesHold,
  syncKeyPrefix,
  syncPublicKey,
  unpackBundle,
  UsageError,
  VARIABLE_NAME,
  writeFileAtomic,
  type Bundle,
  type ExitCode,
  type LoadedManifest,
  type ParsedManifest,
  type Replica,
  type StoreContext
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

/** The copy's default name: the workspace folder's name, which a fresh box recreates alike. */
function defaultName(manifestFile: string): string {
  const base = path
    .basename(path.dirname(path.dirname(path.resolve(manifestFile))))
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^[^A-Za-z0-9]+/, '')
    .replace(/\.\.+/g, '.')
    .slice(0, 64)
  return base && !base.endsWith('.lock') ? base : 'manifest'
}

function storeContext(
  flags: StoreFlags,
  io: CliIo,
  manifestFile: string,
  workspace: string,
  keyTail = 'latest'
): StoreContext {
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
    actions: ctx => actionsCacheStore(ctx, syncKeyPrefix(scopeOf(manifestFile, io)), keyTail)
  }
}

function fromEnvList(v: string | undefined): string[] | undefined {
  const list = v?.split(/\s+/).filter(Boolean)
  return list && list.length > 0 ? list : undefined
}

function message(err: unknown): string {
  return err instanceof Error ? err.message : String(err)
}

interface PushedReplica {
  store: string
  ok: boolean
  locator?: string
  code?: string
  error?: string
}

export async function pushCommand(flags: PushFlags, io: CliIo): Promise<ExitCode> {
  const file = manifestLocation(flags, io).file
  const m = loadManifest(file, { workspace: flags.workspace, cwd: io.cwd })
  if (m.format !== 3) throw new UsageError(`${m.file} is a format-2 manifest: import it first`)
  const name = checkName(flags.name ?? defaultName(m.file))
  const stores = flags.to ?? fromEnvList(io.env.SWR_SYNC_TO) ?? ['actions']
  const trees: Bundle['trees'] = {}
  for (const e of m.body.entries) {
    if (e.kind !== 'tree' || !e.expect.index) continue
    const p = indexPath(m.file, e.id)
    if (fs.existsSync(p)) trees[e.id] = fs.readFileSync(p).toString('base64')
  }
  const seed = loadSyncSeed(stateDir(io), io.env.SWR_SYNC_KEY)
  const peers = (flags.toPeer ?? []).map(n => findPeer(stateDir(io), n))
  const recipients = [...(seed ? [await syncPublicKey(seed)] : []), ...peers.map(p => p.key)]
  const recipientNames = [...(seed ? ['this machine'] : []), ...peers.map(p => p.name)]
  const text = fs.readFileSync(m.file, 'utf8')
  let packed: Buffer
  let redactedVars: string[] = []
  if (recipients.length > 0) {
    packed = await packSealed({ manifest: text, trees }, recipients)
  } else {
    if (m.body.entries.some(e => e.kind === 'file' && e.escrow))
      throw new SwrError(
        'this manifest carries escrowed bytes and is never sent in clear: create a sync key with "swr keygen" (or set SWR_SYNC_KEY), or name a peer with --to-peer',
        EXIT.UNREPAIRABLE
      )
    if (!flags.plaintextOk)
      throw new SwrError(
        'push seals every copy and there is no key to seal it to: create a sync key with "swr keygen" (or set SWR_SYNC_KEY), name a peer with --to-peer, or pass --plaintext-ok to publish it in clear (tokens redacted)',
        EXIT.UNREPAIRABLE
      )
    for (const [id, b64] of Object.entries(trees))
      if (hasTokenShape(Buffer.from(b64, 'base64').toString('latin1')))
        throw new SwrError(
          `the index of tree "${id}" holds a token-shaped name: it is never sent in clear`,
          EXIT.UNREPAIRABLE
        )
    const r = redact(text)
    redactedVars = r.variables
    for (const v of r.variables)
      io.stderr.write(`swr: redacted ${r.previews[v]} -> \${${v}} (pull --expand fills it)\n`)
    packed = packPlain({
      manifest: r.text,
      trees,
      ...(r.variables.length ? { redacted: r.variables } : {})
    })
  }
  const sha256 = sha256Hex(packed)
  const ctx = storeContext(
    flags,
    io,
    m.file,
    m.workspace,
    `v${m.body.version}-${m.digest.slice(0, 16)}`
  )
  const results: PushedReplica[] = []
  const records: Replica[] = []
  for (const spec of stores) {
    try {
      const store = openStore(spec, ctx)
      const locator = await store.put(packed, { name, sha256 })
      // The copy counts once it reads back exactly as sent.
      const back = await store.get(locator)
      if (sha256Hex(back.bytes) !== sha256)
        throw new SwrError(`${spec}: the stored copy reads back different bytes`, EXIT.UNREPAIRABLE)
      const code = makeCode(locator, sha256)
      results.push({ store: spec, ok: true, locator, code })
      records.push({
        store: spec,
        locator,
        sha256,
        bytes: packed.length,
        pushed_at: new Date().toISOString(),
        code,
        sealed: recipients.length > 0
      })
    } catch (err) {
      if (err instanceof UsageError) throw err
      results.push({ store: spec, ok: false, error: message(err) })
    }
  }
  if (records.length > 0) recordReplicas(stateDir(io), m.file, records)
  const code = records[0]?.code
  if (flags.json) {
    io.stdout.write(
      JSON.stringify({
        schema: 'swr.push/2',
        manifest: m.file,
        digest: m.digest,
        version: m.body.version,
        name,
        sealed: recipients.length > 0,
        recipients: recipientNames,
        redacted: redactedVars,
        sha256,
        bytes: packed.length,
        replicas: results,
        code: code ?? null
      }) + '\n'
    )
  } else {
    const how =
      recipients.length > 0
        ? `sealed with HPKE (X-Wing) to ${recipientNames.join(', ')}`
        : `in clear${redactedVars.length ? `, ${redactedVars.length} token${redactedVars.length > 1 ? 's' : ''} redacted` : ''}`
    io.stdout.write(
      `pushed ${m.file} (version ${m.body.version}, digest ${m.digest.slice(0, 16)}), ${how}, sha256 ${sha256.slice(0, 16)}\n`
    )
    for (const r of results)
      io.stdout.write(
        r.ok
          ? `  ok      ${escapeText(r.locator ?? '', { max: 300 })}\n`
          : `  FAILED  ${escapeText(r.error ?? '', { max: 400 })}\n`
      )
    if (code) io.stdout.write(`recovery code: ${escapeText(code, { max: 2100 })}\n`)
  }
  return results.every(r => r.ok) ? EXIT.HEALTHY : EXIT.UNREPAIRABLE
}

interface Source {
  locator: string
  /** The pin the copy must match (a recovery code's, or --sha256). */
  check?: ((sha: string) => boolean) | undefined
}

function sources(flags: PullFlags, io: CliIo, ctx: StoreContext, target: string): Source[] {
  if (flags.code !== undefined) {
    if (flags.from) throw new UsageError('--code names its store: leave out --from')
    const code = parseCode(flags.code)
    return [{ locator: code.locator, check: sha => pinMatches(code, sha) }]
  }
  if (flags.sha256 !== undefined && !/^[0-9a-f]{64}$/i.test(flags.sha256))
    throw new UsageError('--sha256 takes 64 hex digits')
  const pin = flags.sha256?.toLowerCase()
  const name = checkName(flags.name ?? defaultName(target))
  const stores = flags.from ??
    fromEnvList(io.env.SWR_SYNC_FROM) ??
    fromEnvList(io.env.SWR_SYNC_TO) ?? ['actions']
  return stores.map(spec => ({
    locator: openStore(spec, ctx).locate(name),
    check: pin ? sha => sha === pin : undefined
  }))
}

/** The first copy any source yields; a copy that fails its pin is refused outright. */
async function fetchFirst(
  list: Source[],
  ctx: StoreContext
): Promise<{ bytes: Buffer; locator: string }> {
  const misses: string[] = []
  for (const s of list) {
    let bytes: Buffer
    try {
      bytes = (await storeOfLocator(s.locator, ctx).get(s.locator)).bytes
    } catch (err) {
      if (err instanceof UsageError) throw err
      misses.push(message(err))
      continue
    }
    const sha = sha256Hex(bytes)
    if (s.check && !s.check(sha))
      throw new SwrError(
        `pulled bundle refused: ${s.locator} holds bytes whose sha256 (${sha.slice(0, 16)}…) is not the pinned one`,
        EXIT.UNREPAIRABLE
      )
    return { bytes, locator: s.locator }
  }
  throw new SwrError(`pull: no store gave a copy: ${misses.join('; ')}`, EXIT.UNREPAIRABLE)
}

/** The --expand names, each given alone or comma-separated. */
function expandList(given: readonly string[] | undefined): string[] {
  const names = (given ?? []).flatMap(g => g.split(',')).map(s => s.trim())
  const bad = names.find(n => !VARIABLE_NAME.test(n))
  if (bad !== undefined)
    throw new UsageError(
      `--expand ${escapeText(bad, { max: 80 })}: not a variable name a redacted copy uses (GITHUB_TOKEN, URL_PASSWORD, ...)`
    )
  return names
}

function format3(parsed: ParsedManifest): ParsedManifest {
  if (parsed.format !== 3)
    throw new SwrError('pulled bundle refused: not a format-3 manifest', EXIT.UNREPAIRABLE)
  return parsed
}

/**
 * The filled-in text parsed. Its own errors could quote the values, so they are never shown: the
 * stored text's error (which quotes only what the copy holds) is, or a line that names no value.
 */
function parseFilled(filled: string, stored: string): ParsedManifest {
  try {
    return format3(parseManifestText(filled, 'pulled manifest'))
  } catch {
    format3(parseManifestText(stored, 'pulled manifest'))
    throw new SwrError(
      'pulled bundle refused: the copy is not a valid manifest once filled in from the environment (the reason is not shown: it could quote the values)',
      EXIT.UNREPAIRABLE
    )
  }
}

function pulledManifest(
  parsed: ParsedManifest,
  target: string,
  flags: PullFlags,
  io: CliIo
): LoadedManifest {
  return {
    file: target,
    format: 3,
    doc: parsed.doc,
    body: parsed.doc.body,
    digest: manifestDigest(parsed.doc.body),
    workspace: resolveWorkspace(target, parsed.doc.body.workspace, {
      workspace: flags.workspace,
      cwd: io.cwd
    }),
    lines: parsed.lines,
    notes: parsed.notes
  }
}

export async function pullCommand(flags: PullFlags, io: CliIo): Promise<ExitCode> {
  const target = manifestLocation(flags, io).file
  if (fs.existsSync(target)) {
    if (flags.ifMissing) return EXIT.HEALTHY
    throw new UsageError(
      `${target} already exists: pull never overwrites a manifest (pass -m NEW.json)`
    )
  }
  const ctx = storeContext(flags, io, target, path.resolve(io.cwd, flags.workspace ?? '.'))
  const got = await fetchFirst(sources(flags, io, ctx, target), ctx)
  const named = expandList(flags.expand)
  const opened = await unpackBundle(got.bytes, loadSyncSeed(stateDir(io), io.env.SWR_SYNC_KEY), {
    allowPlain: Boolean(flags.plaintextOk || named.length > 0)
  })
  const bundle = opened.bundle
  const redacted = bundle.redacted ?? []
  const text =
    redacted.length > 0 ? expand(bundle.manifest, redacted, named, io.env) : bundle.manifest
  // Verify exactly what will be written, as if it were already in place.
  const m = pulledManifest(
    redacted.length > 0
      ? parseFilled(text, bundle.manifest)
      : format3(parseManifestText(text, 'pulled manifest')),
    target,
    flags,
    io
  )
  const policy = buildPolicy(m, flags, io)
  // Values filled in from the environment are quoted by nothing until a trusted signature holds
  // over them: a planted copy could place ${ANY_VARIABLE} where a refusal would quote it.
  if (redacted.length > 0) {
    const held = await signaturesHold(gateInput(m), policy)
    if (!held.allowed)
      throw new SwrError(`pulled manifest refused: ${held.reason}`, EXIT.UNREPAIRABLE)
  }
  const gate = await decide(gateInput(m), policy)
  if (!gate.allowed)
    throw new SwrError(`pulled manifest refused: ${gate.reason}`, EXIT.UNREPAIRABLE)
  const sidecars = new Map<string, Buffer>()
  for (const e of m.body.entries) {
    if (e.kind !== 'tree' || !e.expect.index) continue
    const bytes = Buffer.from(bundle.trees[e.id] ?? '', 'base64')
    if (sha256Hex(bytes) !== e.expect.index.sha256)
      throw new SwrError(
        `pulled bundle refused: the index of tree "${e.id}" does not match the signed manifest`,
        EXIT.UNREPAIRABLE
      )
    const p = indexPath(target, e.id)
    // An index already there is kept when it is this one, and never replaced when it is not.
    if (fs.existsSync(p)) {
      if (fs.readFileSync(p).equals(bytes)) continue
      throw new UsageError(`${p} already exists with other bytes: pull never overwrites it`)
    }
    sidecars.set(p, bytes)
  }
  fs.mkdirSync(path.dirname(target), { recursive: true })
  for (const [p, bytes] of sidecars) {
    fs.mkdirSync(path.dirname(p), { recursive: true })
    writeFileAtomic(p, bytes, { exclusive: true })
  }
  writeFileAtomic(target, text, { exclusive: true })
  if (flags.json)
    io.stdout.write(
      JSON.stringify({
        schema: 'swr.pull/2',
        manifest: target,
        locator: got.locator,
        sha256: sha256Hex(got.bytes),
        sealed: opened.sealed,
        expanded: bundle.redacted ?? [],
        digest: m.digest,
        version: m.body.version,
        reason: gate.reason
      }) + '\n'
    )
  else if (!flags.quiet)
    io.stdout.write(
      `pulled ${target} (version ${m.body.version}, digest ${m.digest.slice(0, 16)}) from ${escapeText(got.locator, { max: 300 })}; ${gate.reason}\n`
    )
  return EXIT.HEALTHY
}

interface ReplicaStatus {
  store: string
  locator: string
  reachable: boolean
  health: 'ok' | 'mismatch' | 'unreachable'
  sha256: string
  pushed_at: string
  age_s: number | null
  detail?: string
}

export async function statusCommand(flags: StoreFlags, io: CliIo): Promise<ExitCode> {
  const file = manifestLocation(flags, io).file
  const replicas = replicasOf(stateDir(io), file)
  const ctx = storeContext(flags, io, file, path.resolve(io.cwd, flags.workspace ?? '.'))
  const rows: ReplicaStatus[] = []
  for (const r of replicas) {
    const row: ReplicaStatus = {
      store: r.store,
      locator: r.locator,
      reachable: false,
      health: 'unreachable',
      sha256: r.sha256,
      pushed_at: r.pushed_at,
      age_s: null
    }
    try {
      const store = storeOfLocator(r.locator, ctx)
      const st = await store.stat(r.locator)
      const got = await store.get(r.locator)
      row.reachable = true
      row.health = sha256Hex(got.bytes) === r.sha256 ? 'ok' : 'mismatch'
      const at = got.storedAt ?? st.storedAt ?? new Date(r.pushed_at)
      row.age_s = Number.isFinite(at.getTime())
        ? Math.max(0, Math.round((Date.now() - at.getTime()) / 1000))
        : null
    } catch (err) {
      row.detail = message(err)
    }
    rows.push(row)
  }
  const healthy = rows.length > 0 && rows.every(r => r.health === 'ok')
  if (flags.json)
    io.stdout.write(
      JSON.stringify({ schema: 'swr.sync-status/1', manifest: file, healthy, replicas: rows }) +
        '\n'
    )
  else if (rows.length === 0)
    io.stdout.write(`no copy of ${file} was pushed from this machine (swr push --to STORE)\n`)
  else if (!(flags.quiet && healthy))
    for (const r of rows)
      io.stdout.write(
        `${r.health.padEnd(11)} ${escapeText(r.locator, { max: 300 })}${r.age_s !== null ? `  age ${ageText(r.age_s)}` : ''}${r.detail ? `  ${escapeText(r.detail, { max: 300 })}` : ''}\n`
      )
  return healthy ? EXIT.HEALTHY : EXIT.DAMAGED
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
      "the copy's name in git and URL stores (default: the workspace folder's name)"
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
      'store the manifest and its tree indexes off the machine (git:REMOTE, http(s) URL templates, the Actions cache), sealed with HPKE/X-Wing; each copy is read back and checked, and a recovery code is printed'
    )
    .option(
      '--to <store>',
      'where to store a copy (repeatable): git:REMOTE, https://host/path/{name}, actions (default: $SWR_SYNC_TO, else actions)',
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
      'restore a pushed manifest and its tree indexes, verified (pin, seal, signatures) before anything is written, never over an existing file'
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
