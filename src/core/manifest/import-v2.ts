/**
 * Reading the original tool's format-2 manifests. `swr check` accepts one directly and `swr import`
 * writes the converted body as format 3 (unsigned until signed). Escrowed bytes (the original
 * writes `restore: "swr-escrow:<id>"` and the bytes in the entry's `escrow` field, base64 of zlib
 * data, with `escrow_bytes` beside them) become format-3 escrow once they inflate, within bounds,
 * to the recorded size and sha256; smoke timeouts become smoke_timeout_s. Whatever cannot be carried
 * (ldd lists, the old "merkle", upstream URLs, a blob recorded by size alone, unknown fields,
 * escrow that does not match) is left out and named in a note, one per thing.
 */
import os from 'node:os'
import path from 'node:path'
import { createHash } from 'node:crypto'
import { deflateRawSync, inflateSync } from 'node:zlib'
import { ENTRY_ID, pathProblem } from './paths.js'
import type { JsonValue } from './strict-json.js'
import { ManifestError } from '../errors.js'
import { escapeText, QUOTE_MAX, quoted } from '../text/escape.js'
import type { Entry, ManifestDocument, Tier } from '../types.js'

type Obj = { [key: string]: JsonValue }

const isObj = (v: JsonValue | undefined): v is Obj =>
  typeof v === 'object' && v !== null && !Array.isArray(v)

/** True for a format-2 document: top-level `version: 2` with `entries` and no `body`. */
export function isV2Document(value: JsonValue): value is Obj {
  return isObj(value) && value.version === 2 && Array.isArray(value.entries) && !('body' in value)
}

export interface Converted {
  doc: ManifestDocument
  notes: string[]
}

/** Convert a format-2 document; throws ManifestError listing every entry that cannot be read. */
export function convertV2(v2: Obj, file: string, home: string = os.homedir()): Converted {
  const problems: string[] = []
  const notes: string[] = []
  const workspace = typeof v2.workspace === 'string' ? v2.workspace : home
  if (!path.isAbsolute(workspace)) problems.push(`${file}: workspace must be absolute in format 2`)
  if (
    typeof v2.created === 'number' &&
    !(Number.isSafeInteger(v2.created) && Math.abs(v2.created) <= 8.64e12)
  ) {
    problems.push(`${file}: created ${v2.created} is not a unix time in seconds`)
  }
  const created =
    typeof v2.created === 'number' &&
    Number.isSafeInteger(v2.created) &&
    Math.abs(v2.created) <= 8.64e12
      ? new Date(v2.created * 1000).toISOString().replace(/\.\d+Z$/, 'Z')
      : new Date(0).toISOString().replace(/\.\d+Z$/, 'Z')
  for (const k of Object.keys(v2))
    if (!TOP_KEYS.has(k)) notes.push(`field ${quoted(k)} of the document not carried over`)
  const entries: Entry[] = []
  const gone = new Set<string>()
  ;(v2.entries as JsonValue[]).forEach((raw, i) => {
    const where = `${file}: entry #${i + 1}`
    if (!isObj(raw)) return void problems.push(`${where} is not an object`)
    const converted = convertEntry(raw, workspace, where, notes)
    if (typeof converted === 'string') problems.push(converted)
    else if ('leftOut' in converted) gone.add(converted.leftOut)
    else entries.push(converted)
  })
  if (problems.length > 0) throw new ManifestError(problems[0] ?? file, problems)
  dropNeedsOfLeftOut(entries, gone, notes)
  if (v2._sig !== undefined || v2._pksig !== undefined) {
    notes.push(
      'format-2 signatures are not carried over (import checks them with --legacy-key and --legacy-pubkey): sign the converted manifest'
    )
  }
  return {
    doc: { body: { schema: 3, version: 1, workspace, created, entries }, signatures: [] },
    notes
  }
}

const TOP_KEYS = new Set(['version', 'workspace', 'created', 'entries', '_sig', '_pksig'])
const ENTRY_KEYS = new Set([
  'id',
  'path',
  'kind',
  'tier',
  'needs',
  'restore',
  'timeout_s',
  'smoke',
  'smoke_timeout',
  'smoke_timeout_s',
  'fragile',
  'sha256',
  'mode',
  'bytes',
  'headtail',
  'sentinels',
  'ignore_dirs',
  'min_files',
  'escrow',
  'escrow_bytes',
  // Known, and reported where they are read: not carried.
  'ldd',
  'upstream',
  'merkle'
])

/** An entry the conversion leaves out (a blob recorded by size alone), by id. */
interface LeftOut {
  leftOut: string
}

/** Dependents of an entry left out lose that edge (and say so) rather than naming nothing. */
function dropNeedsOfLeftOut(entries: Entry[], gone: ReadonlySet<string>, notes: string[]): void {
  for (const e of entries) {
    const lost = e.needs.filter(n => gone.has(n))
    if (lost.length === 0) continue
    e.needs = e.needs.filter(n => !gone.has(n))
    notes.push(`${e.id}: needs ${lost.join(', ')} dropped (not carried over)`)
  }
}

const ESCROW_PREFIX = 'swr-escrow:'
/** Largest escrow carried over: the format-3 escrow limit. */
const ESCROW_MAX = 256 * 1024

/**
 * Format-2 escrow as format-3 escrow: the `escrow` field, base64 of zlib data that inflates
 * (bounded) to exactly the recorded size and sha256. Anything else is a note, never trusted bytes.
 */
function carryEscrow(
  field: JsonValue | undefined,
  id: string,
  expect: { size: number; sha256: string },
  notes: string[]
): { encoding: 'deflate-base64'; data: string } | undefined {
  const fail = (why: string): undefined => void notes.push(`${id}: escrow not carried over: ${why}`)
  if (typeof field !== 'string') return fail('the entry has no escrow field holding its bytes')
  const payload = field.trim()
  if (expect.size > ESCROW_MAX)
    return fail(`${expect.size} bytes is over the ${ESCROW_MAX}-byte limit`)
  if (!/^[A-Za-z0-9+/=\s]+$/.test(payload)) return fail('not base64')
  let bytes: Buffer
  try {
    bytes = inflateSync(Buffer.from(payload, 'base64'), { maxOutputLength: expect.size + 1 })
  } catch {
    return fail(`not zlib data, or inflates to more than the recorded ${expect.size} bytes`)
  }
  if (bytes.length !== expect.size)
    return fail(`inflates to ${bytes.length} bytes, the entry records ${expect.size}`)
  if (createHash('sha256').update(bytes).digest('hex') !== expect.sha256)
    return fail("its bytes do not match the entry's sha256")
  return {
    encoding: 'deflate-base64',
    data: deflateRawSync(bytes, { level: 9 }).toString('base64')
  }
}

function str(v: JsonValue | undefined): string | undefined {
  return typeof v === 'string' ? v : undefined
}
function int(v: JsonValue | undefined): number | undefined {
  return typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 ? v : undefined
}

function convertEntry(
  raw: Obj,
  workspace: string,
  where: string,
  notes: string[]
): Entry | LeftOut | string {
  const id = str(raw.id)
  if (id === undefined || !ENTRY_ID.test(id)) {
    return `${where}: id ${typeof raw.id === 'string' ? quoted(raw.id) : JSON.stringify(raw.id ?? null).slice(0, QUOTE_MAX)} must match ${ENTRY_ID.source}`
  }
  const named = `${where} ("${id}")`
  const rawPath = str(raw.path)
  if (rawPath === undefined || rawPath === '') return `${named}: path is required`
  const rel = path.isAbsolute(rawPath)
    ? path.relative(workspace, rawPath)
    : path.posix.normalize(rawPath)
  const spelled = rel === '' ? '.' : rel.split(path.sep).join('/').replace(/\/+$/, '')
  const problem = pathProblem(spelled)
  if (problem) return `${named}: path ${escapeText(rawPath, { max: QUOTE_MAX })} ${problem}`
  const tierRaw = int(raw.tier) ?? 2
  if (tierRaw > 4) return `${named}: tier ${tierRaw} is not 0..4`
  const needs = Array.isArray(raw.needs)
    ? raw.needs.filter((n): n is string => typeof n === 'string')
    : []
  for (const k of Object.keys(raw))
    if (!ENTRY_KEYS.has(k)) notes.push(`${id}: field ${quoted(k)} not carried over`)
  const smokeTimeout = int(raw.smoke_timeout_s) ?? int(raw.smoke_timeout)
  const common = {
    id,
    path: spelled,
    tier: tierRaw as Tier,
    needs: [...new Set(needs)],
    ...(str(raw.restore) && !str(raw.restore)?.startsWith('swr-escrow:')
      ? { restore: str(raw.restore) as string }
      : {}),
    ...(int(raw.timeout_s)
      ? { timeout_s: Math.min(86400, Math.max(1, int(raw.timeout_s) as number)) }
      : {}),
    ...(str(raw.smoke) ? { smoke: str(raw.smoke) as string } : {}),
    ...(smokeTimeout !== undefined && str(raw.smoke)
      ? { smoke_timeout_s: Math.min(86400, Math.max(1, smokeTimeout)) }
      : {}),
    ...(str(raw.fragile) ? { note: str(raw.fragile) as string } : {})
  }
  // `swr-escrow:<id>` names the entry whose `escrow` field holds the bytes: this one.
  const escrowRef = str(raw.restore)?.startsWith(ESCROW_PREFIX)
    ? (str(raw.restore) as string).slice(ESCROW_PREFIX.length).trim()
    : undefined
  const escrowed = escrowRef !== undefined || raw.escrow !== undefined
  if (escrowRef !== undefined && escrowRef !== id)
    notes.push(
      `${id}: restore ${quoted(ESCROW_PREFIX + escrowRef)} names another entry; this entry's own escrow field is used`
    )
  if (escrowed && (str(raw.kind) ?? 'file') !== 'file')
    notes.push(`${id}: escrow not carried over: only files are escrowed`)
  if (raw.merkle !== undefined)
    notes.push(`${id}: merkle dropped (capture the tree again for its format-3 digests)`)
  if (raw.ldd !== undefined)
    notes.push(`${id}: ldd check dropped (swr never runs ldd during a check)`)
  const kind = str(raw.kind) ?? 'file'
  const sha = str(raw.sha256)
  const mode = str(raw.mode)
  const bytes = int(raw.bytes)
  switch (kind) {
    case 'file': {
      if (!sha || !/^[0-9a-f]{64}$/.test(sha)) return `${named}: sha256 missing or malformed`
      if (bytes === undefined) return `${named}: bytes missing`
      if (!mode || !/^0?[0-7]{3,4}$/.test(mode)) return `${named}: mode missing or malformed`
      const expect = { size: bytes, sha256: sha, mode: mode.padStart(4, '0') }
      const escrow = escrowed ? carryEscrow(raw.escrow, id, expect, notes) : undefined
      return { ...common, kind: 'file', expect, ...(escrow ? { escrow } : {}) }
    }
    case 'blob': {
      const headtail = str(raw.headtail)
      if (bytes === undefined) return `${named}: bytes missing`
      if (headtail === undefined) {
        // Size alone is no format-3 blob: leave the entry out, and say how to track it again.
        notes.push(
          `${id}: blob recorded by size alone (${bytes} bytes) not carried over; track it again with "swr add ${spelled} --kind blob"`
        )
        return { leftOut: id }
      }
      if (!/^[0-9a-f]{64}$/.test(headtail)) return `${named}: headtail malformed`
      if (str(raw.upstream))
        notes.push(
          `${id}: upstream ${escapeText(str(raw.upstream) ?? '', { max: QUOTE_MAX })} kept only in the format-2 file`
        )
      const full = sha && /^[0-9a-f]{64}$/.test(sha) ? { sha256: sha } : {}
      return { ...common, kind: 'blob', expect: { size: bytes, headtail, ...full } }
    }
    case 'tree': {
      const sentinels = Array.isArray(raw.sentinels)
        ? raw.sentinels.filter((s): s is string => typeof s === 'string')
        : []
      const ignore = Array.isArray(raw.ignore_dirs)
        ? [
            ...new Set(
              raw.ignore_dirs.filter((s): s is string => typeof s === 'string' && s.length > 0)
            )
          ]
        : []
      notes.push(
        `${id}: tree has no content digest yet; capture it again with "swr add ${spelled} --kind tree"`
      )
      return {
        ...common,
        kind: 'tree',
        ignore,
        expect: { sentinels, min_files: int(raw.min_files) ?? 1 }
      }
    }
    default:
      return `${named}: kind ${quoted(kind)} is not file, blob or tree`
  }
}
