/**
 * Sealed manifest entries on this machine: each entry's key template expanded here, its seal read
 * from the private state directory (`seals/`, one file per manifest, entry and key), judged, and
 * turned into an ordinary entry with the seal's expectations, so check, doctor and the reports
 * treat it like any other. An entry with no seal for the current key (a fresh machine, a changed
 * lockfile) stays unsealed: `check` says so without calling it damaged, and `doctor` runs its
 * recipe and smoke command and seals the result (engine/seal-entries.ts).
 *
 * A stored seal is judged as strictly as one from a cache archive: its bytes are bounded and
 * parsed strictly, it must be made for this entry's path and kind and the expanded key, and when
 * this machine has keys a signature by one of them that does not hold refuses it.
 */
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { Rejected } from '../archive/rejected.js'
import type { LoadedManifest } from '../manifest/load.js'
import { writeFileAtomic } from '../state/atomic.js'
import { ensurePrivateDir } from '../state/state-dir.js'
import { quoted } from '../text/escape.js'
import type { Entry, Finding, SealedSpec } from '../types.js'
import type { IndexRecord } from '../walk/tree-index.js'
import { expandKey, type Platform } from './key.js'
import {
  encodeSeal,
  inflateIndexes,
  parseSealHead,
  SEAL_MAX_BYTES,
  type ParsedSeal,
  type SealDocument
} from './seal.js'
import { judgeSeal, prepareSealTrust, type SealTrust } from './trust.js'

/**
 * `damaged`: a seal file is there but cannot be read as this entry's seal (not a regular file, over
 * the bound, not a well-formed seal, made for another key, path or kind); doctor moves it into
 * quarantine and seals again. `refused`: a well-formed seal for this entry whose signature by a
 * key this machine trusts does not hold; it is left for its owner. Both are damage (BADSEAL).
 */
export type SealStateKind = 'sealed' | 'unsealed' | 'refused' | 'damaged' | 'unkeyed'

/** How a sealed entry stands on this machine. */
export interface SealState {
  id: string
  /** The expanded key (absent when the template could not be expanded). */
  key?: string | undefined
  state: SealStateKind
  /** One line: who sealed it and when, or why there is no usable seal. */
  detail: string
  signedBy: string[]
}

export interface ResolvedSeals {
  /** The manifest with each sealed entry that has a seal appended to `body.entries`. */
  manifest: LoadedManifest
  states: SealState[]
}

/** Where the seal of `spec` under `key` is kept for the manifest at `manifestFile`. */
export function storedSealFile(
  stateDir: string,
  manifestFile: string,
  id: string,
  key: string
): string {
  const name = createHash('sha256')
    .update(`${path.resolve(manifestFile)}\0${id}\0${key}`)
    .digest('hex')
    .slice(0, 32)
  return path.join(stateDir, 'seals', `${name}.json`)
}

/**
 * Keep a seal (a document just made, or the exact bytes of one already judged); `exclusive`
 * refuses to replace a seal already there (a pulled seal never overwrites this machine's).
 */
export function writeStoredSeal(
  stateDir: string,
  file: string,
  seal: SealDocument | Buffer,
  opts: { exclusive?: boolean } = {}
): void {
  ensurePrivateDir(stateDir, 'seals')
  writeFileAtomic(file, Buffer.isBuffer(seal) ? seal : encodeSeal(seal), {
    mode: 0o600,
    exclusive: opts.exclusive ?? false
  })
}

/** A stored seal's bytes, bounded and never through a link; undefined when there is none. */
export function readStoredSeal(file: string): Buffer | undefined {
  const st = fs.lstatSync(file, { throwIfNoEntry: false })
  if (!st) return undefined
  if (!st.isFile()) throw new Rejected('the stored seal is not a regular file')
  if (st.size > SEAL_MAX_BYTES)
    throw new Rejected(`the stored seal is over ${SEAL_MAX_BYTES} bytes`)
  return fs.readFileSync(file)
}

/** The seal must describe exactly this entry: one path, its path and kind, the expanded key. */
export function checkSealFor(seal: ParsedSeal, spec: SealedSpec, key: string): void {
  const body = seal.doc.body
  if (body.key !== key) throw new Rejected(`made for key ${quoted(body.key)}, not ${quoted(key)}`)
  const [p] = body.paths
  if (body.paths.length !== 1 || !p || p.spelling !== spec.path)
    throw new Rejected(`made for other paths than ${quoted(spec.path)}`)
  if (p.entry.kind !== spec.kind)
    throw new Rejected(`records a ${p.entry.kind}, the manifest a ${spec.kind}`)
}

/** The entry a seal makes of a sealed spec: the manifest's policy, the seal's expectations. */
export function sealedEntry(spec: SealedSpec, seal: ParsedSeal): Entry {
  const recorded = seal.doc.body.paths[0]?.entry as Entry
  const { key: _key, ignore, kind: _kind, ...common } = spec
  switch (recorded.kind) {
    case 'tree':
      return { ...common, kind: 'tree', ignore: ignore ?? recorded.ignore, expect: recorded.expect }
    case 'file':
      return { ...common, kind: 'file', expect: recorded.expect }
    case 'blob':
      return { ...common, kind: 'blob', expect: recorded.expect }
    case 'link':
      return { ...common, kind: 'link', expect: recorded.expect }
  }
}

/** The finding of a sealed entry whose seal cannot be used: damage of its own (BADSEAL). */
export function sealFinding(
  spec: SealedSpec,
  state: 'damaged' | 'refused',
  detail: string
): Finding {
  return {
    id: spec.id,
    kind: spec.kind,
    path: spec.path,
    tier: spec.tier,
    status: 'BADSEAL',
    reason: state,
    detail,
    recorded: { seal: 'kept on this machine' },
    found: { seal: state },
    cached: false
  }
}

export interface ResolveOptions {
  stateDir: string
  platform: Platform
  trust: SealTrust
}

/** Resolve every sealed entry of `m` against the seals kept on this machine. */
export async function resolveSeals(
  m: LoadedManifest,
  opts: ResolveOptions
): Promise<ResolvedSeals> {
  const specs = m.body.sealed ?? []
  if (specs.length === 0) return { manifest: m, states: [] }
  await prepareSealTrust(opts.trust)
  const states: SealState[] = []
  const entries: Entry[] = []
  const indexes = new Map<string, IndexRecord[]>()
  const damage = new Map<string, Finding>()
  for (const spec of specs) {
    let key: string
    try {
      key = expandKey(spec.key, m.workspace, opts.platform)
    } catch (err) {
      states.push({ id: spec.id, state: 'unkeyed', detail: (err as Error).message, signedBy: [] })
      continue
    }
    const file = storedSealFile(opts.stateDir, m.file, spec.id, key)
    let stage: 'read' | 'judge' = 'read'
    try {
      const bytes = readStoredSeal(file)
      if (!bytes) {
        states.push({
          id: spec.id,
          key,
          state: 'unsealed',
          detail: `no seal for key ${key} here`,
          signedBy: []
        })
        continue
      }
      const seal = parseSealHead(bytes)
      checkSealFor(seal, spec, key)
      stage = 'judge'
      const signedBy = judgeSeal(seal.doc, opts.trust)
      stage = 'read'
      inflateIndexes(seal)
      entries.push(sealedEntry(spec, seal))
      const records = seal.records[0]
      if (records) indexes.set(spec.id, records)
      const made = seal.doc.body.made
      states.push({
        id: spec.id,
        key,
        state: 'sealed',
        detail: `sealed ${made.at} on ${made.os}/${made.arch}${signedBy.length > 0 ? `, signed by ${signedBy.join(', ')}` : ', unsigned'}`,
        signedBy
      })
    } catch (err) {
      const why = err instanceof Rejected ? err.message : (err as Error).message
      const state = stage === 'judge' ? 'refused' : 'damaged'
      const detail =
        state === 'refused'
          ? `the seal here is refused: ${why}`
          : `the seal here cannot be used: ${why.split('\n')[0]}`
      states.push({ id: spec.id, key, state, detail, signedBy: [] })
      damage.set(spec.id, sealFinding(spec, state, detail))
    }
  }
  const manifest: LoadedManifest = {
    ...m,
    body: { ...m.body, entries: [...m.body.entries, ...entries] },
    sealIndexes: indexes,
    ...(damage.size > 0 ? { sealDamage: damage } : {})
  }
  return { manifest, states }
}
