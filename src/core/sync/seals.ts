/**
 * The seals of a manifest's sealed entries, carried in its bundle: `swr push` takes the seal this
 * machine keeps for each sealed entry's current key, and `swr pull` puts them back into the state
 * directory once the manifest passed its checks, so a sandbox whose workspace manifest and state
 * directory were both wiped verifies its sealed entries again instead of calling them unsealed.
 *
 * A carried seal is covered by no manifest signature, and HPKE is not authentication (whoever
 * holds the public sync key can seal a bundle to it), so each one is judged before anything is
 * written: parsed strictly, made for a sealed entry of the pulled manifest (its path and kind),
 * at most one per entry, and signed by a key this machine trusts (a trusted signature that does
 * not hold refuses the pull; one by no trusted key is left out, and doctor seals the entry again).
 * It is kept under its own key and never over a seal already there.
 *
 * In clear, seals travel like the tree indexes (they hold the same kind of names): a seal holding
 * a token-shaped name refuses the push, as a tree index does.
 */
import fs from 'node:fs'
import { Rejected } from '../archive/rejected.js'
import { EXIT, SwrError } from '../errors.js'
import { hasTokenShape } from '../exec/scrub.js'
import type { LoadedManifest } from '../manifest/load.js'
import {
  checkSealFor,
  readStoredSeal,
  storedSealFile,
  writeStoredSeal,
  type SealState
} from '../seal/entries.js'
import { inflateIndexes, parseSeal, parseSealHead } from '../seal/seal.js'
import { judgeSeal, prepareSealTrust, type SealTrust } from '../seal/trust.js'
import { quoted } from '../text/escape.js'
import type { IndexRecord } from '../walk/tree-index.js'
import type { CarriedSeal } from './bundle.js'

/** The seal kept here for each sealed entry that resolved to one (state `sealed`), in order. */
export function sealsToCarry(
  m: LoadedManifest,
  stateDir: string,
  states: readonly SealState[]
): CarriedSeal[] {
  const out: CarriedSeal[] = []
  for (const st of states) {
    if (st.state !== 'sealed' || st.key === undefined) continue
    try {
      const bytes = readStoredSeal(storedSealFile(stateDir, m.file, st.id, st.key))
      if (bytes) out.push({ id: st.id, seal: bytes.toString('base64') })
    } catch {
      // Replaced since it was judged: it stays behind, as a refused seal would.
    }
  }
  return out
}

/**
 * The seals that fit beside `used` bytes of manifest and indexes in `room` bytes, in order; each
 * costs its base64 text times `growth` (a sealed bundle base64-encodes the whole bundle again).
 */
export function fitSeals(
  seals: readonly CarriedSeal[],
  used: number,
  room: number,
  growth: number
): { kept: CarriedSeal[]; left: string[] } {
  const kept: CarriedSeal[] = []
  const left: string[] = []
  let total = used
  for (const c of seals) {
    const cost = c.seal.length + c.id.length + 32
    if ((total + cost) * growth <= room) {
      kept.push(c)
      total += cost
    } else left.push(c.id)
  }
  return { kept, left }
}

const recordHasTokenShape = (r: IndexRecord): boolean =>
  hasTokenShape(r.rel) || (r.extra !== undefined && hasTokenShape(r.extra))

/** True when a tree index names a token-shaped file or link target. */
export function indexHasTokenShape(records: readonly IndexRecord[]): boolean {
  return records.some(recordHasTokenShape)
}

/**
 * True when a carried seal holds a token-shaped string: in its body (key, paths, expectations;
 * signatures and the compressed index left out, which are not names) or in its decoded index.
 */
export function sealHasTokenShape(c: CarriedSeal): boolean {
  const seal = parseSeal(Buffer.from(c.seal, 'base64'))
  const paths = seal.doc.body.paths.map(({ index: _index, ...p }) => p)
  return (
    hasTokenShape(JSON.stringify({ ...seal.doc.body, paths })) ||
    seal.records.some(r => r !== undefined && indexHasTokenShape(r))
  )
}

/** What pull did with one carried seal. */
export interface PulledSeal {
  id: string
  key: string
  outcome: 'written' | 'kept' | 'skipped'
  detail: string
}

/** A judged seal, ready to be written. */
export interface SealWrite {
  file: string
  bytes: Buffer
}

function refuse(why: string): SwrError {
  return new SwrError(`pulled bundle refused: ${why}`, EXIT.UNREPAIRABLE)
}

/**
 * Judge every carried seal against the pulled manifest `m` (already through the gate) before any
 * is written. Throws one line for a seal that is malformed, names no sealed entry, is made for
 * another path or kind, comes twice, or carries a trusted signature that does not hold.
 */
export async function judgeCarriedSeals(
  m: LoadedManifest,
  carried: readonly CarriedSeal[] | undefined,
  stateDir: string,
  trust: SealTrust
): Promise<{ writes: SealWrite[]; outcomes: PulledSeal[] }> {
  const writes: SealWrite[] = []
  const outcomes: PulledSeal[] = []
  if (!carried?.length) return { writes, outcomes }
  const specs = new Map((m.body.sealed ?? []).map(s => [s.id, s]))
  if (carried.length > specs.size)
    throw refuse(`it carries ${carried.length} seals for ${specs.size} sealed entries`)
  await prepareSealTrust(trust)
  const seen = new Set<string>()
  for (const c of carried) {
    const spec = specs.get(c.id)
    const name = `the carried seal of ${quoted(c.id)}`
    if (!spec) throw refuse(`${name}: the manifest has no sealed entry of that id`)
    if (seen.has(c.id)) throw refuse(`${name} comes twice`)
    seen.add(c.id)
    let key: string
    let signedBy: string[]
    const bytes = Buffer.from(c.seal, 'base64')
    try {
      const seal = parseSealHead(bytes)
      key = seal.doc.body.key
      checkSealFor(seal, spec, key)
      signedBy = judgeSeal(seal.doc, { ...trust, require: 'any' })
      inflateIndexes(seal)
    } catch (err) {
      if (!(err instanceof Rejected)) throw err
      throw refuse(`${name}: ${err.message}`)
    }
    const file = storedSealFile(stateDir, m.file, c.id, key)
    const here = (outcome: PulledSeal['outcome'], detail: string): void =>
      void outcomes.push({ id: c.id, key, outcome, detail })
    if (signedBy.length === 0)
      here('skipped', 'signed by no key this machine trusts: not written (doctor seals it again)')
    else if (fs.lstatSync(file, { throwIfNoEntry: false }))
      here('kept', 'a seal for this key is already here: kept, not replaced')
    else {
      writes.push({ file, bytes })
      here('written', `signed by ${signedBy.join(', ')}`)
    }
  }
  return { writes, outcomes }
}

/** Write judged seals, each created exclusively (a seal appearing meanwhile is never replaced). */
export function writeCarriedSeals(stateDir: string, writes: readonly SealWrite[]): void {
  for (const w of writes) writeStoredSeal(stateDir, w.file, w.bytes, { exclusive: true })
}
