/**
 * Sealed caches, the use case behind the cache action (and `swr cache`): restore a cache only when
 * every byte matches the seal its producer made, and seal what a job built before saving it.
 *
 * Restore: find the archive by key or restore-keys prefix; read its seal (the first member) and
 * judge it (signatures, the key it was made for, the paths); when a sealed path is already on disk,
 * check it against the seal first and download no more if it holds; otherwise extract every path
 * into private scratch under the seal (each file hashed as it streams), and only then place them.
 * A partial, corrupt, unsealed, re-keyed or poisoned archive is a miss with its reason and nothing
 * written outside scratch. Save: capture the paths into a seal, sign it with the job's keys, write
 * the archive (the seal first, then exactly what it records) and save it under a cache version of
 * the `path` lines as written, so the entry is the same wherever the job runs.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { reasonOf, Rejected } from '../archive/rejected.js'
import { shown } from '../archive/extract.js'
import { unpack } from '../archive/unpack.js'
import {
  type ArchiveCompression,
  type DownloadBounds,
  type SealedCacheClient,
  StoreUnavailable
} from '../cache-port.js'
import { wipeSignature } from '../diagnose/diagnose.js'
import { isInside } from '../fs/inside.js'
import { makeScratch, removeScratch } from '../fs/scratch.js'
import { place } from '../restore/place.js'
import { SealedArchive, SealOnly, scratchDest } from '../seal/archive.js'
import type { SealLocation } from '../seal/locations.js'
import { expandPatterns, locationOf, selected, type PathPattern } from '../seal/patterns.js'
import { ignoreMatcher } from '../walk/ignore-rules.js'
import { makeSeal } from '../seal/make.js'
import {
  ArchiveBody,
  archiveCompression,
  ChangedWhileSaved,
  joinSealed,
  SEAL_MEMBER,
  writeSealFrame
} from '../seal/write-archive.js'
import {
  checkIndexDigests,
  encodeSealParts,
  releaseParts,
  type ParsedSeal,
  type SealBody
} from '../seal/seal.js'
import {
  judgeSeal,
  prepareSealTrust,
  signSeal,
  type SealSigners,
  type SealTrust
} from '../seal/trust.js'
import { sealedEntries, verifySealed, type SealedEntry } from '../seal/verify.js'
import type { Finding, WipeSignature } from '../types.js'
import type { PoolOptions } from '../walk/hash-pool.js'

export interface SealedCacheOptions {
  cache: SealedCacheClient
  /** The step's `path` lines, parsed. */
  patterns: readonly PathPattern[]
  workspace: string
  home: string
  /** A private directory for scratch copies (RUNNER_TEMP). */
  scratchBase: string
  jobs?: number | undefined
  nativeWalk?: boolean | undefined
  /** The platform this job runs on (node's names); default: this process's. */
  platform?: { os: string; arch: string } | undefined
  /** Place a seal made on another os or arch (the cache action's enableCrossOsArchive). */
  crossOs?: boolean | undefined
}

export type RestoreOutcome =
  /** The primary key's archive, verified (restored, or already on disk as sealed). */
  | 'hit'
  /** A restore-keys fallback, verified: the install step should update it. */
  | 'stale'
  /** No archive under the key or any restore key. */
  | 'miss'
  /** An archive was found and refused; nothing was written. */
  | 'refused'

export interface SealedRestoreResult {
  outcome: RestoreOutcome
  primaryKey: string
  /** The key the archive was found under (undefined on a miss). */
  matchedKey?: string | undefined
  /** Why a found archive was refused, or what the miss was. */
  reason?: string | undefined
  /** Who signed the seal, as far as this job can tell. */
  signedBy: string[]
  /** What was on disk before anything was restored (one finding per path; empty when unknown). */
  before: Finding[]
  /** The paths at the end (one finding per path; empty when unknown). */
  after: Finding[]
  /** From what was on disk; `unknown` when no seal could be read to judge it by (a miss, a refusal). */
  wipe: WipeSignature | 'unknown'
  /** True when the archive was downloaded and placed (not only its seal read). */
  restored: boolean
  files: number
  bytes: number
  ms: number
}

/** The `path` lines as the step wrote them: with the compression, all the cache version hashes. */
function pathLines(opts: SealedCacheOptions): string[] {
  return opts.patterns.map(p => p.line)
}

function same(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i])
}

/**
 * The seal's paths where this job has them: each must be selected by the step's own lines, be
 * named in the archive as its spelling says, and leave out exactly what the lines leave out below
 * it (an unsigned seal cannot widen what a restore writes).
 */
function locationsOf(opts: SealedCacheOptions, seal: ParsedSeal): SealLocation[] {
  const where = { workspace: opts.workspace, home: opts.home }
  const whole = new Set([path.resolve(opts.workspace), path.resolve(opts.home)])
  return seal.doc.body.paths.map(p => {
    const loc = locationOf(opts.patterns, p.spelling, where)
    if (
      whole.has(loc.abs) ||
      loc.abs === path.parse(loc.abs).root ||
      !selected(opts.patterns, loc.abs)
    )
      throw new Rejected(`the seal's path ${shown(p.spelling)} is not selected by the path lines`)
    if (loc.member !== p.member.replace(/\/+$/, ''))
      throw new Rejected(
        `the seal's path ${shown(p.spelling)} is named ${shown(p.member)} in the archive, not ${shown(loc.member)}`
      )
    if (p.entry.kind === 'tree' && !same(p.entry.ignore ?? [], loc.ignore ?? []))
      throw new Rejected(
        `the seal's path ${shown(p.spelling)} leaves out ${shown((p.entry.ignore ?? []).join(' ') || 'nothing')}, the path lines ${shown((loc.ignore ?? []).join(' ') || 'nothing')}`
      )
    return loc
  })
}

/** Whether anything the lines may select is on disk (then the seal is read first). */
function somethingOnDisk(opts: SealedCacheOptions): boolean {
  return opts.patterns.some(
    p =>
      !p.negate && fs.lstatSync(p.literal ? p.abs : p.base, { throwIfNoEntry: false }) !== undefined
  )
}

/** The seal's key and paths must be the ones asked for: an archive moved under another key is refused. */
function acceptFor(
  opts: SealedCacheOptions,
  trust: SealTrust,
  matchedKey: string,
  signedBy: string[],
  first?: string
): (seal: ParsedSeal) => SealedEntry[] {
  return seal => {
    if (first !== undefined && first !== seal.digest)
      throw new Rejected('the seal changed between two downloads of the same archive')
    const body = seal.doc.body
    if (body.key !== matchedKey)
      throw new Rejected(
        `the seal was made for key ${shown(body.key)}, not ${shown(matchedKey)} (an archive moved under another key)`
      )
    const made = body.made
    const here = opts.platform ?? { os: os.platform(), arch: os.arch() }
    if (!opts.crossOs && (made.os !== here.os || made.arch !== here.arch))
      throw new Rejected(
        `sealed on ${shown(made.os)}/${shown(made.arch)}${made.libc ? `/${made.libc}` : ''}, this job runs on ${here.os}/${here.arch}: not placed (enableCrossOsArchive: true places it)`
      )
    const have = body.patterns
    if (!have) throw new Rejected('the seal records no path lines (a seal of an earlier format)')
    if (!same(have, pathLines(opts)))
      throw new Rejected(
        `the seal was made for the path lines ${have.map(shown).join(', ')}, not the ones asked for`
      )
    signedBy.splice(0, signedBy.length, ...judgeSeal(seal.doc, trust))
    const locations = locationsOf(opts, seal)
    // Only a seal whose head holds has its indexes checked (digest, bound); each is decoded
    // when it is used: as a table to extract against, as records to check what is on disk.
    return sealedEntries(checkIndexDigests(seal), locations)
  }
}

function missingFindings(entries: readonly SealedEntry[]): Finding[] {
  return entries.map(s => ({
    id: s.entry.id,
    kind: s.entry.kind,
    path: s.location.spelling,
    tier: s.entry.tier,
    status: 'MISSING',
    reason: 'missing',
    detail: 'not on disk',
    recorded: {},
    found: {},
    cached: false
  }))
}

function provenFindings(
  entries: readonly SealedEntry[],
  counts: { files: number; bytes: number }[]
): Finding[] {
  return entries.map((s, i) => ({
    id: s.entry.id,
    kind: s.entry.kind,
    path: s.location.spelling,
    tier: s.entry.tier,
    status: 'OK',
    reason: 'ok',
    detail: `restored from the cache, every byte verified against the seal (${counts[i]?.files ?? 0} files, ${counts[i]?.bytes ?? 0} bytes)`,
    recorded: {},
    found: { files: counts[i]?.files ?? 0, bytes: counts[i]?.bytes ?? 0 },
    cached: false
  }))
}

/** The directory a sealed path is placed from: the workspace, the home directory, or its parent. */
function placeRoot(abs: string, opts: SealedCacheOptions): string {
  if (isInside(opts.workspace, abs)) return opts.workspace
  if (isInside(opts.home, abs)) return opts.home
  fs.mkdirSync(path.dirname(abs), { recursive: true })
  return path.dirname(abs)
}

/**
 * What the step's exclusions leave out below a sealed tree on disk (topmost names, relative): kept
 * as they are when the tree is replaced.
 */
function left(s: SealedEntry): string[] {
  const rules = s.location.ignore ?? []
  if (rules.length === 0 || s.entry.kind !== 'tree') return []
  const st = fs.lstatSync(s.location.abs, { throwIfNoEntry: false })
  if (!st?.isDirectory()) return []
  const ignored = ignoreMatcher(rules)
  const out: string[] = []
  const walk = (dir: string, rel: string): void => {
    for (const d of fs.readdirSync(dir, { withFileTypes: true })) {
      const r = rel ? `${rel}/${d.name}` : d.name
      if (ignored(r, d.name, d.isDirectory())) out.push(r)
      else if (d.isDirectory()) walk(path.join(dir, d.name), r)
    }
  }
  walk(s.location.abs, '')
  return out
}

/** Download, extract into scratch under the seal, prove, place. */
async function extractAndPlace(
  opts: SealedCacheOptions,
  open: () => Promise<import('node:stream').Readable>,
  compression: 'zstd' | 'gzip',
  accept: (seal: ParsedSeal) => SealedEntry[],
  bounds: DownloadBounds | undefined
): Promise<{ entries: SealedEntry[]; counts: { files: number; bytes: number }[] }> {
  const scratch = makeScratch(opts.scratchBase, 'swr-cache')
  try {
    const handler: SealedArchive = new SealedArchive({
      sealMember: SEAL_MEMBER,
      accept,
      sealOnly: false,
      destOf: i => scratchDest(scratch, i, handler.entries[i] as SealedEntry)
    })
    try {
      await unpack(await open(), compression, handler, bounds)
    } finally {
      handler.abort()
    }
    const summaries = handler.finish()
    const entries = handler.entries
    // Blobs and links carry no per-file record: their scratch copies are verified as a whole.
    const unproven = entries
      .map((s, i) => ({ s, i }))
      .filter(({ i }) => summaries[i]?.proven !== true)
    if (unproven.length > 0) {
      const inScratch = unproven.map(({ s, i }) => ({
        ...s,
        root: path.dirname(scratchDest(scratch, i, s))
      }))
      const found = await verifySealed(inScratch, { jobs: opts.jobs, nativeWalk: opts.nativeWalk })
      const bad = found.find(f => f.status !== 'OK')
      if (bad) throw new Rejected(`${shown(bad.path)}: ${bad.status}: ${bad.detail}`)
    }
    for (const [i, s] of entries.entries())
      place(placeRoot(s.location.abs, opts), scratchDest(scratch, i, s), s.location.abs, {
        keep: left(s)
      })
    return {
      entries,
      counts: summaries.map(x => ({ files: x.files, bytes: x.bytes }))
    }
  } finally {
    removeScratch(scratch)
  }
}

export async function restoreSealedCache(
  opts: SealedCacheOptions & {
    key: string
    restoreKeys: readonly string[]
    trust: SealTrust
    lookupOnly: boolean
  }
): Promise<SealedRestoreResult> {
  const t0 = performance.now()
  const base = {
    primaryKey: opts.key,
    signedBy: [] as string[],
    before: [] as Finding[],
    after: [] as Finding[],
    restored: false,
    files: 0,
    bytes: 0
  }
  const done = (
    r: Partial<SealedRestoreResult> & { outcome: RestoreOutcome }
  ): SealedRestoreResult => ({
    ...base,
    wipe:
      (r.before ?? []).length > 0
        ? wipeSignature(r.before ?? [])
        : somethingOnDisk(opts)
          ? 'unknown'
          : 'cold-start',
    ...r,
    ms: Math.round(performance.now() - t0)
  })
  await prepareSealTrust(opts.trust)
  let found
  try {
    found = await opts.cache.find(pathLines(opts), opts.key, opts.restoreKeys)
  } catch (err) {
    // An outage is a miss that says so: a cold miss and a service down read differently.
    if (err instanceof StoreUnavailable) return done({ outcome: 'miss', reason: err.message })
    throw err
  }
  if (!found) return done({ outcome: 'miss', reason: `no cache for key ${shown(opts.key)}` })
  const matchedKey = found.matchedKey
  const hit: RestoreOutcome = found.exact ? 'hit' : 'stale'
  const signedBy: string[] = []
  base.signedBy = signedBy
  const refused = (err: unknown, before: Finding[] = []): SealedRestoreResult =>
    done({ outcome: 'refused', matchedKey, reason: reasonOf(err), before })
  // Only the seal first: for a lookup, or when something is on disk that may already be sealed.
  let first: ParsedSeal | undefined
  let entries: SealedEntry[] = []
  if (opts.lookupOnly || somethingOnDisk(opts)) {
    const peek = new SealedArchive({
      sealMember: SEAL_MEMBER,
      accept: acceptFor(opts, opts.trust, matchedKey, signedBy),
      sealOnly: true,
      destOf: () => opts.scratchBase
    })
    try {
      await unpack(await found.open(), found.compression, peek, found.bounds)
      throw new Rejected('no seal: the archive is empty')
    } catch (err) {
      if (!(err instanceof SealOnly)) return refused(err)
    }
    first = peek.seal
    entries = peek.entries
    if (opts.lookupOnly) return done({ outcome: hit, matchedKey })
  }
  let before: Finding[] = []
  try {
    // A tree's records are decoded here, first read: an index that does not decode is refused.
    if (first)
      before = await verifySealed(entries, { jobs: opts.jobs, nativeWalk: opts.nativeWalk })
  } catch (err) {
    if (err instanceof Rejected) return refused(err)
    throw err
  }
  if (first && before.every(f => f.status === 'OK'))
    return done({ outcome: hit, matchedKey, before, after: before })
  try {
    const r = await extractAndPlace(
      opts,
      found.open,
      found.compression,
      acceptFor(opts, opts.trust, matchedKey, signedBy, first?.digest),
      found.bounds
    )
    const shownBefore = first ? before : missingFindings(r.entries)
    return done({
      outcome: hit,
      // Nothing of it was on disk: a fresh runner, whatever the paths are called.
      ...(first ? {} : { wipe: 'cold-start' as const }),
      matchedKey,
      before: shownBefore,
      after: provenFindings(r.entries, r.counts),
      restored: true,
      files: r.counts.reduce((n, c) => n + c.files, 0),
      bytes: r.counts.reduce((n, c) => n + c.bytes, 0)
    })
  } catch (err) {
    return refused(err, before)
  }
}

export type SaveOutcome = 'saved' | 'exists' | 'failed' | 'skipped'

export interface SealedSaveResult {
  outcome: SaveOutcome
  key: string
  reason?: string | undefined
  signedBy: string[]
  files: number
  /** Include lines that matched nothing on disk (saved without them). */
  unmatched: string[]
  /**
   * Where a save's time went: reading (walk, and each file read once: hashed and archived),
   * sealing (sign, the seal's frame put in front of the body), uploading.
   */
  phases?: { readMs: number; sealMs: number; uploadMs: number } | undefined
  ms: number
}

/** Seal the paths as they are now, sign the seal, and save it with them under `key`. */
export async function saveSealedCache(
  opts: SealedCacheOptions & {
    key: string
    signers: SealSigners
    at: Date
    run?: string | undefined
    pool?: PoolOptions
  }
): Promise<SealedSaveResult> {
  const t0 = performance.now()
  const result = (r: Omit<SealedSaveResult, 'ms' | 'key'>): SealedSaveResult => ({
    key: opts.key,
    ...r,
    ms: Math.round(performance.now() - t0)
  })
  const { locations, unmatched } = expandPatterns(opts.patterns, {
    workspace: opts.workspace,
    home: opts.home
  })
  if (locations.length === 0)
    return result({
      outcome: 'skipped',
      reason: `not saved: ${pathLines(opts).map(shown).join(', ')} matched nothing on disk`,
      signedBy: [],
      files: 0,
      unmatched
    })
  // A key is never overwritten: where the store can tell it is taken, nothing is read for it.
  if (await opts.cache.taken?.(pathLines(opts), opts.key, archiveCompression()))
    return result({
      outcome: 'exists',
      reason: `a cache for key ${shown(opts.key)} exists already: nothing read or sent`,
      signedBy: [],
      files: 0,
      unmatched
    })
  const scratch = makeScratch(opts.scratchBase, 'swr-save')
  let signedBy: string[] = []
  let upload: ArchiveUpload | undefined
  try {
    const archive = ArchiveBody.open(path.join(scratch, 'body'), opts.at)
    upload = startUpload(opts, archive, scratch)
    let body: SealBody
    try {
      body = await makeSeal(
        {
          key: opts.key,
          patterns: pathLines(opts),
          locations,
          at: opts.at,
          run: opts.run,
          pool: opts.pool
        },
        archive
      )
      await archive.finish()
    } catch (err) {
      await archive.abort()
      throw err
    }
    const read = performance.now()
    const doc = await signSeal(body, opts.signers)
    signedBy = doc.signatures.map(s =>
      s.alg === 'hmac-sha256' ? `hmac ${s.keyid}` : `ml-dsa ${s.keyid.slice(0, 16)}`
    )
    // In parts, compressed as they are: a large tree's seal is tens of megabytes.
    const sealParts = encodeSealParts(doc)
    try {
      await upload.seal(sealParts)
    } finally {
      releaseParts(sealParts)
    }
    const sealed = performance.now()
    const outcome = await upload.send()
    upload = undefined
    const phases = {
      readMs: Math.round(read - t0),
      sealMs: Math.round(sealed - read),
      uploadMs: Math.round(performance.now() - sealed)
    }
    const files = body.paths.reduce(
      (n, p) => n + (p.entry.kind === 'tree' ? (p.entry.expect.files ?? 0) : 1),
      0
    )
    return result({
      outcome,
      signedBy,
      files,
      unmatched,
      phases,
      ...(outcome === 'exists'
        ? { reason: `a cache for key ${shown(opts.key)} exists already` }
        : {}),
      ...(outcome === 'failed' ? { reason: 'the cache service did not take the archive' } : {})
    })
  } catch (err) {
    await upload?.abort()
    if (!(err instanceof ChangedWhileSaved)) throw err
    return result({ outcome: 'skipped', reason: err.message, signedBy, files: 0, unmatched })
  } finally {
    removeScratch(scratch)
  }
}

/** Sending the archive: `seal` puts the seal's frame in front of the body, `send` ends the upload. */
interface ArchiveUpload {
  seal(seal: readonly Buffer[]): Promise<void>
  send(): Promise<'saved' | 'exists' | 'failed'>
  /** The save stopped: whatever was sent is dropped. */
  abort(): Promise<void>
}

/**
 * A store that can take the archive before it is whole (S3) is sent the body as it reaches the
 * disk, started now, and the seal's frame last; any other gets the joined archive once it is.
 */
function startUpload(
  opts: SealedCacheOptions & { key: string; at: Date },
  archive: ArchiveBody,
  scratch: string
): ArchiveUpload {
  const lines = pathLines(opts)
  const body = path.join(scratch, 'body')
  const compression = archive.compression
  const live = opts.cache.saveLive?.bind(opts.cache)
  const onGrow = archive.onGrow
  if (!live || !onGrow) {
    let joined: { compression: ArchiveCompression; size: number } | undefined
    const file = path.join(scratch, 'cache.tar')
    return {
      async seal(seal) {
        joined = await joinSealed(file, seal, body, compression, opts.at)
        fs.rmSync(body, { force: true })
      },
      send: () => opts.cache.save(lines, opts.key, { file, ...(joined as typeof joined & {}) }),
      abort: async () => undefined
    }
  }
  let end!: (v: { head: Buffer; size: number }) => void
  let stop!: (err: Error) => void
  const ended = new Promise<{ head: Buffer; size: number }>((resolve, reject) => {
    end = resolve
    stop = reject
  })
  // The store may have answered (the key exists) before the save ends or stops.
  ended.catch(() => undefined)
  const sending = live(lines, opts.key, { compression, file: body, onGrow, ended })
  sending.catch(() => undefined)
  return {
    async seal(seal) {
      const file = path.join(scratch, 'seal')
      await writeSealFrame(file, seal, compression, opts.at)
      end({ head: fs.readFileSync(file), size: fs.statSync(body).size })
    },
    send: () => sending,
    async abort() {
      stop(new Error('the save stopped'))
      await sending.catch(() => undefined)
    }
  }
}
