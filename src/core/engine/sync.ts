/**
 * push, pull and sync status as use cases: carry the signed manifest (with its tree indexes and
 * the seals of its sealed entries) off the machine, to git remotes, HTTP stores and the Actions
 * cache (sync/), so a machine whose workspace and home were wiped can recover the recipe book
 * first, from one recovery code.
 *
 * - `push` seals a copy (HPKE with X-Wing) to this machine's sync key and any named peers, or,
 *   only when allowed, packs it in clear with its tokens redacted and never with escrow; stores it
 *   in each store, reads each copy back, records the copies that read back intact and returns one
 *   line of outcome per store with the recovery code.
 * - `pull` fetches the first copy a source yields (refusing one that fails its pin), opens it,
 *   fills the variables named for a redacted copy, verifies exactly what would be written through
 *   the gate (and, when values were filled in, a trusted signature over them first), checks each
 *   tree index against the signed manifest, judges each carried seal (sync/seals.ts), and only
 *   then writes, never over an existing file.
 * - `syncStatus` reads each recorded copy back and returns its reachability, hash health and age.
 *
 * The shell supplies the store context (stderr notes, the Actions cache adapter), the trust
 * policy and the store lists it reads from flags or the environment; these functions print
 * nothing and return finished results.
 */
import fs from 'node:fs'
import path from 'node:path'
import { EXIT, SwrError, UsageError } from '../errors.js'
import { type LoadedManifest, parseManifestText, resolveWorkspace } from '../manifest/load.js'
import type { ParsedManifest } from '../manifest/load.js'
import { manifestDigest } from '../manifest/canonical.js'
import { decide, gateInput, signaturesHold, type TrustPolicy } from '../sign/gate.js'
import { loadSyncSeed } from '../sign/keys.js'
import { writeFileAtomic } from '../state/atomic.js'
import { escapeText, quoted } from '../text/escape.js'
import { indexPath, parseIndex } from '../walk/tree-index.js'
import {
  MAX_BUNDLE_BYTES,
  packPlain,
  packSealed,
  sha256Hex,
  syncPublicKey,
  unpackBundle,
  type Bundle,
  type CarriedSeal
} from '../sync/bundle.js'
import { openStore, storeOfLocator } from '../sync/open.js'
import { findPeer } from '../sync/peers.js'
import { makeCode, parseCode, pinMatches } from '../sync/recovery-code.js'
import { expand, redact, VARIABLE_NAME } from '../sync/redact.js'
import { recordReplicas, replicasOf, type Replica } from '../sync/replicas.js'
import { checkName, type StoreContext } from '../sync/store.js'
import {
  fitSeals,
  indexHasTokenShape,
  judgeCarriedSeals,
  sealHasTokenShape,
  sealsToCarry,
  writeCarriedSeals,
  type PulledSeal
} from '../sync/seals.js'
import { machineTrust, withSeals } from './seal-entries.js'

/** Where this machine's sync key comes from: the state directory, or SWR_SYNC_KEY's value. */
export interface SyncKeys {
  stateDir: string
  /** The value of SWR_SYNC_KEY, when set (it wins over the key file). */
  syncKeyText?: string | undefined
}

export interface PushOptions extends SyncKeys {
  /** The stores to put a copy in, as spelled by the user (git:REMOTE, https://…, actions). */
  stores: readonly string[]
  /** The copy's name in git and URL stores (default: the workspace folder's name). */
  name?: string | undefined
  /** Peers (by name, see `swr peer`) to seal the copy to as well. */
  peers?: readonly string[] | undefined
  /** With no key and no peer, publish in clear (tokens redacted). */
  plaintextOk?: boolean | undefined
  now?: () => Date
}

export interface PushedReplica {
  store: string
  ok: boolean
  locator?: string
  code?: string
  error?: string
}

export interface PushRun {
  kind: 'push'
  manifest: string
  digest: string
  version: number
  name: string
  sealed: boolean
  /** Who can open the copy ("this machine", peer names); empty for a copy in clear. */
  recipients: string[]
  /** Variables a copy in clear names in place of its tokens, each with a safe preview. */
  redacted: { variable: string; preview: string }[]
  /** The sealed entries whose seals the copy carries. */
  seals: string[]
  sha256: string
  bytes: number
  replicas: PushedReplica[]
  /** The first stored copy's recovery code. */
  code?: string | undefined
  /** Every store holds a copy that read back intact. */
  ok: boolean
}

/**
 * The store's key tail for this manifest's copies in the Actions cache: version and digest, so a
 * new version is a new entry (the cache never overwrites one).
 */
export function pushKeyTail(m: LoadedManifest): string {
  return `v${m.body.version}-${m.digest.slice(0, 16)}`
}

export async function push(
  m: LoadedManifest,
  ctx: StoreContext,
  opts: PushOptions
): Promise<PushRun> {
  if (m.format !== 3) throw new UsageError(`${m.file} is a format-2 manifest: import it first`)
  const name = checkName(opts.name ?? defaultName(m.file))
  const trees = treeIndexes(m)
  const seed = loadSyncSeed(opts.stateDir, opts.syncKeyText)
  const peers = (opts.peers ?? []).map(n => findPeer(opts.stateDir, n))
  const recipients = [...(seed ? [await syncPublicKey(seed)] : []), ...peers.map(p => p.key)]
  const recipientNames = [...(seed ? ['this machine'] : []), ...peers.map(p => p.name)]
  const text = fs.readFileSync(m.file, 'utf8')
  const sealed = recipients.length > 0
  const seals = await carriedSeals(m, text, trees, { ...opts, ctx, sealed })
  const packed = sealed
    ? { bytes: await packSealed({ manifest: text, trees, ...seals }, recipients), redacted: [] }
    : packInClear(m, text, trees, seals.seals ?? [], opts.plaintextOk ?? false)
  const sha256 = sha256Hex(packed.bytes)
  const replicas: PushedReplica[] = []
  const records: Replica[] = []
  for (const spec of opts.stores) {
    try {
      const store = openStore(spec, ctx)
      const locator = await store.put(packed.bytes, { name, sha256 })
      // The copy counts once it reads back exactly as sent.
      const back = await store.get(locator)
      if (sha256Hex(back.bytes) !== sha256)
        throw new SwrError(`${spec}: the stored copy reads back different bytes`, EXIT.UNREPAIRABLE)
      const code = makeCode(locator, sha256)
      replicas.push({ store: spec, ok: true, locator, code })
      records.push({
        store: spec,
        locator,
        sha256,
        bytes: packed.bytes.length,
        pushed_at: (opts.now?.() ?? new Date()).toISOString(),
        code,
        sealed
      })
    } catch (err) {
      if (err instanceof UsageError) throw err
      replicas.push({ store: spec, ok: false, error: message(err) })
    }
  }
  if (records.length > 0) recordReplicas(opts.stateDir, m.file, records)
  return {
    kind: 'push',
    manifest: m.file,
    digest: m.digest,
    version: m.body.version,
    name,
    sealed,
    recipients: recipientNames,
    redacted: packed.redacted,
    seals: (seals.seals ?? []).map(c => c.id),
    sha256,
    bytes: packed.bytes.length,
    replicas,
    code: records[0]?.code,
    ok: replicas.every(r => r.ok)
  }
}

/** The tree indexes the manifest's entries name and that exist, base64. */
function treeIndexes(m: LoadedManifest): Bundle['trees'] {
  const trees: Bundle['trees'] = {}
  for (const e of m.body.entries) {
    if (e.kind !== 'tree' || !e.expect.index) continue
    const p = indexPath(m.file, e.id)
    if (fs.existsSync(p)) trees[e.id] = fs.readFileSync(p).toString('base64')
  }
  return trees
}

/**
 * The seals this machine keeps for the sealed entries' current keys, as many as fit under the
 * bundle limit beside the manifest and its indexes (the manifest comes first: a seal left out is
 * named, and doctor makes it again after a pull).
 */
async function carriedSeals(
  m: LoadedManifest,
  text: string,
  trees: Bundle['trees'],
  opts: { stateDir: string; ctx: StoreContext; sealed: boolean }
): Promise<{ seals?: CarriedSeal[] }> {
  if (!m.body.sealed?.length) return {}
  const { states } = await withSeals(m, opts.stateDir)
  const used = text.length + Object.values(trees).reduce((n, t) => n + t.length, 0)
  const { kept, left } = fitSeals(
    sealsToCarry(m, opts.stateDir, states),
    used,
    MAX_BUNDLE_BYTES - 256 * 1024,
    opts.sealed ? 4 / 3 : 1
  )
  for (const id of left)
    opts.ctx.note?.(
      `the seal of ${quoted(id)} does not fit in the bundle's ${MAX_BUNDLE_BYTES} bytes: left out`
    )
  return kept.length > 0 ? { seals: kept } : {}
}

/** A copy in clear: only when asked for, never with escrow, never with a token-shaped name. */
function packInClear(
  m: LoadedManifest,
  text: string,
  trees: Bundle['trees'],
  seals: readonly CarriedSeal[],
  plaintextOk: boolean
): { bytes: Buffer; redacted: { variable: string; preview: string }[] } {
  if (m.body.entries.some(e => e.kind === 'file' && e.escrow))
    throw new SwrError(
      'this manifest carries escrowed bytes and is never sent in clear: create a sync key with "swr keygen" (or set SWR_SYNC_KEY), or name a peer with --to-peer',
      EXIT.UNREPAIRABLE
    )
  if (!plaintextOk)
    throw new SwrError(
      'push seals every copy and there is no key to seal it to: create a sync key with "swr keygen" (or set SWR_SYNC_KEY), name a peer with --to-peer, or pass --plaintext-ok to publish it in clear (tokens redacted)',
      EXIT.UNREPAIRABLE
    )
  // Names are judged in the decoded index (the sidecar is gzip'd); one that does not decode
  // against the manifest cannot be judged, so it does not travel in clear either.
  for (const e of m.body.entries) {
    const b64 = trees[e.id]
    if (e.kind !== 'tree' || !e.expect.index || b64 === undefined) continue
    const records = parseIndex(Buffer.from(b64, 'base64'), e.expect.index)
    if (!records || indexHasTokenShape(records))
      throw new SwrError(
        `the index of tree ${quoted(e.id)} ${records ? 'holds a token-shaped name' : 'does not match the manifest'}: it is never sent in clear`,
        EXIT.UNREPAIRABLE
      )
  }
  for (const c of seals)
    if (sealHasTokenShape(c))
      throw new SwrError(
        `the seal of sealed entry ${quoted(c.id)} holds a token-shaped name: it is never sent in clear`,
        EXIT.UNREPAIRABLE
      )
  const r = redact(text)
  return {
    bytes: packPlain({
      manifest: r.text,
      trees,
      ...(r.variables.length ? { redacted: r.variables } : {}),
      ...(seals.length ? { seals: [...seals] } : {})
    }),
    redacted: r.variables.map(v => ({ variable: v, preview: r.previews[v] ?? '' }))
  }
}

/** Where pull looks for a copy: a recovery code, or the stores and the copy's name. */
export interface PullSource {
  /** A recovery code "swr push" printed (names its store and pins the bytes). */
  code?: string | undefined
  /** Stores named on the command line (--from); not with a code. */
  from?: readonly string[] | undefined
  /** The stores to try when none are named (the shell reads them from the environment). */
  defaultStores: readonly string[]
  /** The copy's name (default: the workspace folder's name of the target). */
  name?: string | undefined
  /** With stores: the sha256 the copy must have (64 hex digits). */
  sha256?: string | undefined
}

export interface PullOptions extends SyncKeys {
  /** The manifest file to write. */
  target: string
  /** Do nothing when the target exists (else that is a usage error). */
  ifMissing?: boolean | undefined
  source: PullSource
  /** Variables to fill a redacted copy from, each alone or comma-separated (as given). */
  expand?: readonly string[] | undefined
  /** Where the expanded variables' values are read (only the names in `expand`). */
  env: Readonly<Record<string, string | undefined>>
  /** Accept a copy stored in clear (naming variables to expand implies it). */
  plaintextOk?: boolean | undefined
  /** The workspace as the user named it (like LoadOptions). */
  workspace?: string | undefined
  cwd: string
  /** The trust policy for the pulled manifest, as if it were already in place. */
  policyFor: (m: LoadedManifest) => TrustPolicy
}

export type PullRun =
  | { kind: 'pull'; status: 'present'; manifest: string }
  | {
      kind: 'pull'
      status: 'pulled'
      manifest: string
      locator: string
      sha256: string
      sealed: boolean
      /** The variables filled in from the environment. */
      expanded: string[]
      digest: string
      version: number
      /** The gate's reason for accepting it. */
      reason: string
      /** What became of each seal the copy carried. */
      seals: PulledSeal[]
    }

export async function pull(ctx: StoreContext, opts: PullOptions): Promise<PullRun> {
  const target = opts.target
  if (fs.existsSync(target)) {
    if (opts.ifMissing) return { kind: 'pull', status: 'present', manifest: target }
    throw new UsageError(
      `${target} already exists: pull never overwrites a manifest (pass -m NEW.json)`
    )
  }
  const got = await fetchFirst(sources(opts.source, ctx, target), ctx)
  const named = expandList(opts.expand)
  const opened = await unpackBundle(got.bytes, loadSyncSeed(opts.stateDir, opts.syncKeyText), {
    allowPlain: Boolean(opts.plaintextOk || named.length > 0)
  })
  const bundle = opened.bundle
  const redacted = bundle.redacted ?? []
  const text =
    redacted.length > 0 ? expand(bundle.manifest, redacted, named, opts.env) : bundle.manifest
  // Verify exactly what will be written, as if it were already in place.
  const m = pulledManifest(
    redacted.length > 0
      ? parseFilled(text, bundle.manifest)
      : format3(parseManifestText(text, 'pulled manifest')),
    opts
  )
  const policy = opts.policyFor(m)
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
  const sidecars = checkedIndexes(m, bundle)
  const seals = await judgeCarriedSeals(
    m,
    bundle.seals,
    opts.stateDir,
    await machineTrust(opts.stateDir, policy)
  )
  fs.mkdirSync(path.dirname(target), { recursive: true })
  for (const [p, bytes] of sidecars) {
    fs.mkdirSync(path.dirname(p), { recursive: true })
    writeFileAtomic(p, bytes, { exclusive: true })
  }
  writeCarriedSeals(opts.stateDir, seals.writes)
  // The manifest last: once it is in place, everything it brought is.
  writeFileAtomic(target, text, { exclusive: true })
  return {
    kind: 'pull',
    status: 'pulled',
    manifest: target,
    locator: got.locator,
    sha256: sha256Hex(got.bytes),
    sealed: opened.sealed,
    expanded: redacted,
    digest: m.digest,
    version: m.body.version,
    reason: gate.reason,
    seals: seals.outcomes
  }
}

interface Source {
  locator: string
  /** The pin the copy must match (a recovery code's, or --sha256). */
  check?: ((sha: string) => boolean) | undefined
}

function sources(src: PullSource, ctx: StoreContext, target: string): Source[] {
  if (src.code !== undefined) {
    if (src.from) throw new UsageError('--code names its store: leave out --from')
    const code = parseCode(src.code)
    return [{ locator: code.locator, check: sha => pinMatches(code, sha) }]
  }
  if (src.sha256 !== undefined && !/^[0-9a-f]{64}$/i.test(src.sha256))
    throw new UsageError('--sha256 takes 64 hex digits')
  const pin = src.sha256?.toLowerCase()
  const name = checkName(src.name ?? defaultName(target))
  return (src.from ?? src.defaultStores).map(spec => ({
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

function pulledManifest(parsed: ParsedManifest, opts: PullOptions): LoadedManifest {
  return {
    file: opts.target,
    format: 3,
    doc: parsed.doc,
    body: parsed.doc.body,
    digest: manifestDigest(parsed.doc.body),
    workspace: resolveWorkspace(opts.target, parsed.doc.body.workspace, {
      workspace: opts.workspace,
      cwd: opts.cwd
    }),
    lines: parsed.lines,
    notes: parsed.notes
  }
}

/**
 * The tree indexes to write beside the manifest, each matching the signed manifest. An index
 * already there is kept when it is this one, and never replaced when it is not.
 */
function checkedIndexes(m: LoadedManifest, bundle: Bundle): Map<string, Buffer> {
  const sidecars = new Map<string, Buffer>()
  for (const e of m.body.entries) {
    if (e.kind !== 'tree' || !e.expect.index) continue
    const bytes = Buffer.from(bundle.trees[e.id] ?? '', 'base64')
    if (sha256Hex(bytes) !== e.expect.index.sha256)
      throw new SwrError(
        `pulled bundle refused: the index of tree "${e.id}" does not match the signed manifest`,
        EXIT.UNREPAIRABLE
      )
    const p = indexPath(m.file, e.id)
    if (fs.existsSync(p)) {
      if (fs.readFileSync(p).equals(bytes)) continue
      throw new UsageError(`${p} already exists with other bytes: pull never overwrites it`)
    }
    sidecars.set(p, bytes)
  }
  return sidecars
}

export interface ReplicaStatus {
  store: string
  locator: string
  reachable: boolean
  health: 'ok' | 'mismatch' | 'unreachable'
  sha256: string
  pushed_at: string
  age_s: number | null
  detail?: string
}

export interface SyncStatusRun {
  kind: 'sync-status'
  manifest: string
  /** At least one copy was recorded and every one reads back intact. */
  healthy: boolean
  replicas: ReplicaStatus[]
}

/** Each copy pushed from this machine for `file`, read back and compared with its record. */
export async function syncStatus(
  file: string,
  ctx: StoreContext,
  opts: { stateDir: string; now?: () => Date }
): Promise<SyncStatusRun> {
  const now = (): number => (opts.now?.() ?? new Date()).getTime()
  const rows: ReplicaStatus[] = []
  for (const r of replicasOf(opts.stateDir, file)) {
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
        ? Math.max(0, Math.round((now() - at.getTime()) / 1000))
        : null
    } catch (err) {
      row.detail = message(err)
    }
    rows.push(row)
  }
  return {
    kind: 'sync-status',
    manifest: file,
    healthy: rows.length > 0 && rows.every(r => r.health === 'ok'),
    replicas: rows
  }
}

/** The copy's default name: the workspace folder's name, which a fresh box recreates alike. */
export function defaultName(manifestFile: string): string {
  const base = path
    .basename(path.dirname(path.dirname(path.resolve(manifestFile))))
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^[^A-Za-z0-9]+/, '')
    .replace(/\.\.+/g, '.')
    .slice(0, 64)
  return base && !base.endsWith('.lock') ? base : 'manifest'
}

function message(err: unknown): string {
  return err instanceof Error ? err.message : String(err)
}
