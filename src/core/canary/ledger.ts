/**
 * The canary ledger: what one planting put where, kept in the private state directory (0600,
 * written atomically). It is the only record of the probes, so reading it is strict: a damaged
 * ledger is an error naming the field, never a silent "everything lost".
 *
 * Clean removes what the ledger names, so the ledger is authenticated before anything acts on it:
 * HMAC-SHA256 over its canonical JSON under a key kept beside it (ledger.key, 32 random bytes,
 * created 0600 with the first planting). A ledger that fails is refused in one line and nothing is
 * removed. The key guards against a ledger written by anything but swr with this state directory;
 * where the state directory itself travels (the Action's cache), it is as strong as that channel,
 * and the name rules below still confine what a ledger may name.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { EXIT, SwrError } from '../errors.js'
import { canonicalBytes } from '../manifest/canonical.js'
import type { RunContext } from '../history/context.js'
import { writeFileAtomic } from '../state/atomic.js'
import { ensurePrivateDir } from '../state/state-dir.js'
import type { Anchored } from './anchor.js'
import type { Location } from './locations.js'
import { hardlinkPeerName, PROBE_CLASSES, probeName, type Probe } from './probes.js'

export const LEDGER_FORMAT = 'swr-canary-ledger/1'
export const CANARY_DIR = 'canary'
const LEDGER_FILE = 'ledger.json'
const KEY_FILE = 'ledger.key'
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
  /** HMAC-SHA256 (hex) of the rest, under the state directory's ledger key. */
  mac?: string
}

export function ledgerPath(stateDir: string): string {
  return path.join(stateDir, CANARY_DIR, LEDGER_FILE)
}

function keyPath(stateDir: string): string {
  return path.join(stateDir, CANARY_DIR, KEY_FILE)
}

/** The ledger key, or undefined when there is none (nothing was planted with this state). */
function readKey(stateDir: string): Buffer | undefined {
  const file = keyPath(stateDir)
  let fd: number
  try {
    fd = fs.openSync(file, fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW)
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw bad(file, `cannot be read (${(e as NodeJS.ErrnoException).code ?? String(e)})`)
  }
  try {
    const buf = Buffer.alloc(128)
    const n = fs.readSync(fd, buf, 0, buf.length, 0)
    const text = buf.subarray(0, n).toString('utf8').trim()
    if (!/^[0-9a-f]{64}$/.test(text)) throw bad(file, 'is not a ledger key (64 hex digits)')
    return Buffer.from(text, 'hex')
  } finally {
    fs.closeSync(fd)
  }
}

/** The key, created on first use (exclusively, 0600: a concurrent creator's key wins). */
function ledgerKey(stateDir: string): Buffer {
  const have = readKey(stateDir)
  if (have) return have
  ensurePrivateDir(stateDir, CANARY_DIR)
  try {
    writeFileAtomic(keyPath(stateDir), randomBytes(32).toString('hex') + '\n', {
      mode: 0o600,
      exclusive: true
    })
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e
  }
  const key = readKey(stateDir)
  if (!key) throw bad(keyPath(stateDir), 'vanished after it was created')
  return key
}

function macOf(key: Buffer, body: Omit<Ledger, 'mac'>): string {
  return createHmac('sha256', key).update(canonicalBytes(body)).digest('hex')
}

export function writeLedger(stateDir: string, ledger: Ledger): void {
  const key = ledgerKey(stateDir)
  const { mac: _old, ...body } = ledger
  const signed = { ...body, mac: macOf(key, body) }
  writeFileAtomic(ledgerPath(stateDir), JSON.stringify(signed, null, 1) + '\n', { mode: 0o600 })
}

/** Throws unless `v` carries the MAC this state directory's key gives it. */
function authenticate(stateDir: string, file: string, v: Ledger): void {
  const refuse = (why: string): SwrError =>
    bad(file, `${why}; nothing was removed (delete the ledger to plant again)`)
  const key = readKey(stateDir)
  if (!key) throw refuse('cannot be authenticated: no ledger key in the state directory')
  if (typeof v.mac !== 'string' || !/^[0-9a-f]{64}$/.test(v.mac))
    throw refuse('fails authentication: it carries no MAC')
  const { mac, ...body } = v
  let want: string
  try {
    want = macOf(key, body)
  } catch {
    throw refuse('fails authentication: it has no canonical form')
  }
  if (!timingSafeEqual(Buffer.from(want, 'hex'), Buffer.from(mac, 'hex')))
    throw refuse('fails authentication: not written by swr with this state directory, or altered')
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

/**
 * Clean removes the directories a location lists as created (when empty), so a location may only
 * list its own directory and that directory's parents, and only where planting creates any: the
 * deep path and the temp directory carry this planting's name, a volatile directory is the named
 * directory of the workspace, --at paths are the caller's; the workspace and home create nothing.
 */
function createdProblem(plantId: string, l: Location): string | undefined {
  const under = (a: Anchored, b: Anchored): boolean =>
    a.anchor === b.anchor && (a.rel === b.rel || b.rel.startsWith(`${a.rel}/`))
  if (!l.created.every(c => under(c, l.dir))) return 'names a directory that is not the location'
  if (l.created.length === 0) return undefined
  const first = l.created[0] as Anchored
  const own = `swr-canary-${plantId}-`
  if (l.id === 'deep')
    return first.anchor === 'workspace' && first.rel === `${own}deep`
      ? undefined
      : 'is not the deep path'
  if (l.id === 'tmp')
    return l.created.length === 1 && path.posix.basename(first.rel).startsWith(own)
      ? undefined
      : "is not this planting's temp directory"
  if (l.id.startsWith('volatile:'))
    return l.created.length === 1 &&
      first.anchor === 'workspace' &&
      first.rel === l.id.slice('volatile:'.length) &&
      !first.rel.includes('/')
      ? undefined
      : 'is not the volatile directory'
  return l.id.startsWith('at:') ? undefined : `lists directories, but ${l.id} creates none`
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
    const why = createdProblem(v.plant_id, l)
    if (why) throw bad(file, `locations[${i}].created ${why}`)
    ids.add(l.id)
  })
  v.probes.forEach((p, i) => checkProbe(file, v.plant_id, p, i, ids))
  // Shape first (errors name the field), then the MAC, before anything acts on the ledger.
  authenticate(stateDir, file, v)
  return v
}

export function removeLedger(stateDir: string): void {
  fs.rmSync(ledgerPath(stateDir), { force: true })
}
