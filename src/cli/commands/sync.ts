/**
 * `swr push` / `swr pull`: carry the signed manifest (with its tree indexes) through the Actions
 * cache, so a runner or sandbox whose workspace was wiped can recover the recipe book first.
 * Escrow-carrying manifests are sealed (HPKE with X-Wing) before they leave the machine; a pulled
 * manifest is verified through the gate before it is written, and never over an existing file.
 */
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { actionsCacheClient, cacheServiceAvailable } from '../../adapters/actions-cache.js'
import {
  manifestDigest,
  parseManifestText,
  resolveWorkspace,
  decide,
  gateInput,
  loadSyncSeed,
  writeFileAtomic,
  scratchCopy,
  type ScratchCopy,
  MAX_BUNDLE_BYTES,
  packBundle,
  syncKeyPrefix,
  unpackBundle,
  type Bundle,
  indexPath,
  EXIT,
  loadManifest,
  SwrError,
  UsageError,
  type ExitCode,
  type LoadedManifest
} from '../../core/index.js'
import type { CliIo } from '../io.js'
import {
  manifestLocation,
  stateDir,
  type GlobalOptions,
  trustOptions,
  withGlobals
} from '../options.js'
import { buildPolicy, type TrustFlags } from '../trust-context.js'
import type { Command } from 'commander'
import type { CommandContext } from '../command.js'
import { withManifestLock } from '../lock.js'

/** One fixed folder: the cache version hashes the path, so push and pull must name the same one. */
function syncDir(): string {
  return path.join(os.tmpdir(), 'swr-sync')
}

function scopeOf(file: string, io: CliIo): string {
  return io.env.GITHUB_REPOSITORY
    ? `repo:${io.env.GITHUB_REPOSITORY}:${path.basename(path.dirname(file))}/${path.basename(file)}`
    : `file:${path.resolve(file)}`
}

function client(io: CliIo) {
  if (!cacheServiceAvailable(io.env)) {
    throw new SwrError(
      'push and pull need the Actions cache service (ACTIONS_RESULTS_URL and ACTIONS_RUNTIME_TOKEN)',
      EXIT.UNREPAIRABLE
    )
  }
  return actionsCacheClient({
    env: io.env,
    logToStderr: true,
    onNote: line => void io.stderr.write(`swr: ${line}\n`)
  })
}

export async function pushCommand(flags: GlobalOptions, io: CliIo): Promise<ExitCode> {
  const file = manifestLocation(flags, io).file
  const m = loadManifest(file, { workspace: flags.workspace, cwd: io.cwd })
  if (m.format !== 3) throw new UsageError(`${m.file} is a format-2 manifest: import it first`)
  const trees: Bundle['trees'] = {}
  for (const e of m.body.entries) {
    if (e.kind !== 'tree' || !e.expect.index) continue
    const p = indexPath(m.file, e.id)
    if (fs.existsSync(p)) trees[e.id] = fs.readFileSync(p).toString('base64')
  }
  const seed = loadSyncSeed(stateDir(io), io.env.SWR_SYNC_KEY)
  const escrow = m.body.entries.some(e => e.kind === 'file' && e.escrow)
  if (escrow && !seed) {
    throw new SwrError(
      'this manifest carries escrowed bytes and is never sent in clear: create a sync key with "swr keygen" (or set SWR_SYNC_KEY)',
      EXIT.UNREPAIRABLE
    )
  }
  const packed = await packBundle({ manifest: fs.readFileSync(m.file, 'utf8'), trees }, seed)
  const dir = syncDir()
  fs.rmSync(dir, { recursive: true, force: true })
  fs.mkdirSync(dir, { mode: 0o700 })
  writeFileAtomic(path.join(dir, 'bundle.json'), packed, { mode: 0o600 })
  const key = `${syncKeyPrefix(scopeOf(m.file, io))}v${m.body.version}-${m.digest.slice(0, 16)}`
  try {
    const saved = await client(io).save(dir, key)
    if (saved === 'failed')
      throw new SwrError(`push: the cache did not take ${key}`, EXIT.UNREPAIRABLE)
    const how = seed ? 'sealed with HPKE (X-Wing)' : 'unsealed (no escrowed bytes)'
    if (flags.json)
      io.stdout.write(
        JSON.stringify({
          schema: 'swr.push/1',
          key,
          digest: m.digest,
          version: m.body.version,
          sealed: Boolean(seed),
          saved
        }) + '\n'
      )
    else
      io.stdout.write(
        `pushed ${m.file} (version ${m.body.version}, digest ${m.digest.slice(0, 16)}) as ${key}, ${how}${saved === 'exists' ? '; already there' : ''}\n`
      )
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
  return EXIT.HEALTHY
}

export async function pullCommand(flags: GlobalOptions & TrustFlags, io: CliIo): Promise<ExitCode> {
  const target = manifestLocation(flags, io).file
  if (fs.existsSync(target))
    throw new UsageError(
      `${target} already exists: pull never overwrites a manifest (pass -m NEW.json)`
    )
  // The newest push is wanted, so the key is a prefix; the archive is unpacked into a private
  // scratch directory (never into syncDir, which anyone on the machine could have planted).
  const prefix = syncKeyPrefix(scopeOf(target, io))
  const hit = await client(io).find(syncDir(), prefix, [prefix])
  if (!hit)
    throw new SwrError(`pull: no pushed manifest in the cache for ${target}`, EXIT.UNREPAIRABLE)
  let copy: ScratchCopy
  try {
    copy = await scratchCopy(hit, io.env.RUNNER_TEMP || os.tmpdir(), {
      maxMembers: 4,
      maxBytes: MAX_BUNDLE_BYTES
    })
  } catch (err) {
    throw new SwrError(
      `pulled bundle refused: ${hit.matchedKey}: ${err instanceof Error ? err.message : String(err)}`,
      EXIT.UNREPAIRABLE
    )
  }
  try {
    const file = path.join(copy.root, 'bundle.json')
    if (!fs.existsSync(file))
      throw new SwrError(
        `pulled bundle refused: ${hit.matchedKey} holds no bundle.json`,
        EXIT.UNREPAIRABLE
      )
    const bundle = await unpackBundle(
      fs.readFileSync(file),
      loadSyncSeed(stateDir(io), io.env.SWR_SYNC_KEY)
    )
    // Verify exactly what will be written, as if it were already in place.
    const parsed = parseManifestText(bundle.manifest, 'pulled manifest')
    if (parsed.format !== 3)
      throw new SwrError('pulled bundle refused: not a format-3 manifest', EXIT.UNREPAIRABLE)
    const m: LoadedManifest = {
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
    const gate = await decide(gateInput(m), buildPolicy(m, flags, io))
    if (!gate.allowed)
      throw new SwrError(`pulled manifest refused: ${gate.reason}`, EXIT.UNREPAIRABLE)
    const sidecars = new Map<string, Buffer>()
    for (const e of m.body.entries) {
      if (e.kind !== 'tree' || !e.expect.index) continue
      const bytes = Buffer.from(bundle.trees[e.id] ?? '', 'base64')
      if (createHash('sha256').update(bytes).digest('hex') !== e.expect.index.sha256) {
        throw new SwrError(
          `pulled bundle refused: the index of tree "${e.id}" does not match the signed manifest`,
          EXIT.UNREPAIRABLE
        )
      }
      sidecars.set(indexPath(target, e.id), bytes)
    }
    fs.mkdirSync(path.dirname(target), { recursive: true })
    for (const [p, bytes] of sidecars) {
      fs.mkdirSync(path.dirname(p), { recursive: true })
      writeFileAtomic(p, bytes)
    }
    writeFileAtomic(target, bundle.manifest, { exclusive: true })
    if (flags.json)
      io.stdout.write(
        JSON.stringify({
          schema: 'swr.pull/1',
          manifest: target,
          key: hit.matchedKey,
          digest: m.digest,
          version: m.body.version,
          reason: gate.reason
        }) + '\n'
      )
    else
      io.stdout.write(
        `pulled ${target} (version ${m.body.version}, digest ${m.digest.slice(0, 16)}) from ${hit.matchedKey}; ${gate.reason}\n`
      )
    return EXIT.HEALTHY
  } finally {
    copy.dispose()
  }
}

export function registerSync(program: Command, { io, run }: CommandContext): void {
  withGlobals(program.command('push'))
    .description(
      'save the manifest and its tree indexes to the Actions cache (sealed with HPKE/X-Wing when it carries escrow)'
    )
    .action((flags: GlobalOptions) => run(() => pushCommand(flags, io)))

  trustOptions(withGlobals(program.command('pull')))
    .description(
      'restore the newest pushed manifest from the Actions cache, verified before it is written (never over an existing file)'
    )
    .action((flags: GlobalOptions & TrustFlags) =>
      run(() => withManifestLock(flags, io, () => pullCommand(flags, io)))
    )
}
