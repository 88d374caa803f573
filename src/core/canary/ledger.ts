/**
 * The canary ledger: what one planting put where, kept in the private state directory (0600,
 * written atomically). It is the only record of the probes, so reading it is strict: a damaged
 * ledger is an error naming the field, never a silent "everything lost".
 */
import fs from 'node:fs'
import path from 'node:path'
import { EXIT, SwrError } from '../errors.js'
import type { RunContext } from '../history/context.js'
import { writeFileAtomic } from '../state/atomic.js'
import { ensurePrivateDir } from '../state/state-dir.js'
import type { Anchored } from './anchor.js'
import type { Location } from './locations.js'
import { hardlinkPeerName, PROBE_CLASSES, probeName, type Probe } from './probes.js'

export const LEDGER_FORMAT = 'swr-canary-ledger/1'
export const CANARY_DIR = 'canary'
const LEDGER_FILE = 'ledger.json'
const MAX_LEDGER_BYTES = 8 * 1024 * 1024

export interface Ledger {
  format: typeof LEDGER_FORMAT
  plant_id: string
  planted_at: string
  context: RunContext
  large_bytes: number
  locations: Location[]
  probes: Probe[]
  /** Set by the first read: a planting that was read may be replaced by the next one. */
  read_at?: string
}

export function ledgerPath(stateDir: string): string {
  return path.join(stateDir, CANARY_DIR, LEDGER_FILE)
}

export function writeLedger(stateDir: string, ledger: Ledger): void {
  ensurePrivateDir(stateDir, CANARY_DIR)
  writeFileAtomic(ledgerPath(stateDir), JSON.stringify(ledger, null, 1) + '\n', { mode: 0o600 })
}

function bad(file: string, why: string): SwrError {
  return new SwrError(`canary ledger ${file}: ${why}`, EXIT.BAD_MANIFEST)
}

function isAnchored(v: unknown): v is Anchored {
  const a = v as Anchored
  return (
    typeof a === 'object' &&
    a !== null &&
    ['workspace', 'home', 'tmp', 'abs'].includes(a.anchor) &&
    typeof a.rel === 'string' &&
    !a.rel.split('/').includes('..')
  )
}

function checkProbe(
  file: string,
  plantId: string,
  p: Probe,
  i: number,
  locations: Set<string>
): void {
  const where = `probes[${i}]`
  if (!PROBE_CLASSES.includes(p?.class)) throw bad(file, `${where}.class is not a probe class`)
  if (!locations.has(p.location)) throw bad(file, `${where}.location names no location`)
  if (!isAnchored(p.path)) throw bad(file, `${where}.path is not an anchored path`)
  // Clean unlinks what the ledger names: a ledger (say, restored from a poisoned cache) may only
  // name files this planting's naming rule produces, never a user's file.
  if (path.posix.basename(p.path.rel) !== probeName(plantId, p.class))
    throw bad(file, `${where}.path is not a ${p.class} probe of planting ${plantId}`)
  const e = p.expect
  if (
    typeof e !== 'object' ||
    e === null ||
    !['file', 'dir', 'symlink', 'hardlink'].includes(e.type)
  )
    throw bad(file, `${where}.expect.type is not file, dir, symlink or hardlink`)
  if (
    (e.type === 'symlink' || e.type === 'hardlink') &&
    typeof (e.type === 'symlink' ? e.target : e.peer) !== 'string'
  )
    throw bad(file, `${where}.expect has no link target`)
  if (e.type === 'hardlink' && e.peer !== hardlinkPeerName(plantId))
    throw bad(file, `${where}.expect.peer is not this planting's second name`)
  if ((e.type === 'file' || e.type === 'hardlink') && !/^[0-9a-f]{64}$/.test(e.sha256))
    throw bad(file, `${where}.expect.sha256 is not a sha256`)
}

/** The ledger, or undefined when nothing was planted; throws on a damaged ledger. */
export function readLedger(stateDir: string): Ledger | undefined {
  const file = ledgerPath(stateDir)
  const st = fs.lstatSync(file, { throwIfNoEntry: false })
  if (!st) return undefined
  if (!st.isFile()) throw bad(file, 'is not a regular file')
  if (st.size > MAX_LEDGER_BYTES) throw bad(file, `larger than ${MAX_LEDGER_BYTES} bytes`)
  let v: Ledger
  try {
    v = JSON.parse(fs.readFileSync(file, 'utf8')) as Ledger
  } catch (e) {
    throw bad(file, `not JSON (${e instanceof Error ? e.message : String(e)})`)
  }
  if (v?.format !== LEDGER_FORMAT) throw bad(file, `format is not ${LEDGER_FORMAT}`)
  if (typeof v.plant_id !== 'string' || !/^[0-9a-f]{8,32}$/.test(v.plant_id))
    throw bad(file, 'plant_id is not a planting id')
  if (!Array.isArray(v.locations) || !Array.isArray(v.probes))
    throw bad(file, 'locations and probes must be arrays')
  const ids = new Set<string>()
  v.locations.forEach((l, i) => {
    if (
      typeof l?.id !== 'string' ||
      !isAnchored(l.dir) ||
      !Array.isArray(l.created) ||
      !l.created.every(isAnchored)
    )
      throw bad(file, `locations[${i}] is malformed`)
    ids.add(l.id)
  })
  v.probes.forEach((p, i) => checkProbe(file, v.plant_id, p, i, ids))
  return v
}

export function removeLedger(stateDir: string): void {
  fs.rmSync(ledgerPath(stateDir), { force: true })
}
