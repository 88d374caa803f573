/**
 * Reading the original tool's format-2 manifests. `swr check` accepts one directly and `swr import`
 * writes the converted body as format 3 (unsigned until signed). What format 3 cannot carry over
 * (ldd lists, the old metadata "merkle", smoke timeouts) is dropped and reported as a note.
 */
import os from 'node:os'
import path from 'node:path'
import { ENTRY_ID, pathProblem } from './paths.js'
import type { JsonValue } from './strict-json.js'
import { ManifestError } from '../errors.js'
import { escapeText, QUOTE_MAX, quoted } from '../report/escape.js'
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
  const entries: Entry[] = []
  ;(v2.entries as JsonValue[]).forEach((raw, i) => {
    const where = `${file}: entry #${i + 1}`
    if (!isObj(raw)) return void problems.push(`${where} is not an object`)
    const converted = convertEntry(raw, workspace, where, notes)
    if (typeof converted === 'string') problems.push(converted)
    else entries.push(converted)
  })
  if (problems.length > 0) throw new ManifestError(problems[0] ?? file, problems)
  if (v2._sig !== undefined || v2._pksig !== undefined) {
    notes.push('format-2 signatures are not carried over: sign the converted manifest again')
  }
  return {
    doc: { body: { schema: 3, version: 1, workspace, created, entries }, signatures: [] },
    notes
  }
}

function str(v: JsonValue | undefined): string | undefined {
  return typeof v === 'string' ? v : undefined
}
function int(v: JsonValue | undefined): number | undefined {
  return typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 ? v : undefined
}

function convertEntry(raw: Obj, workspace: string, where: string, notes: string[]): Entry | string {
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
    ...(str(raw.fragile) ? { note: str(raw.fragile) as string } : {})
  }
  if (str(raw.restore)?.startsWith('swr-escrow:'))
    notes.push(`${id}: escrow restore is not carried over`)
  if (raw.ldd !== undefined)
    notes.push(`${id}: ldd check dropped (swr never runs ldd during a check)`)
  const kind = str(raw.kind) ?? 'file'
  const sha = str(raw.sha256)
  const mode = str(raw.mode)
  const bytes = int(raw.bytes)
  switch (kind) {
    case 'file':
      if (!sha || !/^[0-9a-f]{64}$/.test(sha)) return `${named}: sha256 missing or malformed`
      if (bytes === undefined) return `${named}: bytes missing`
      if (!mode || !/^0?[0-7]{3,4}$/.test(mode)) return `${named}: mode missing or malformed`
      return {
        ...common,
        kind: 'file',
        expect: { size: bytes, sha256: sha, mode: mode.padStart(4, '0') }
      }
    case 'blob': {
      const headtail = str(raw.headtail)
      if (bytes === undefined) return `${named}: bytes missing`
      if (!headtail || !/^[0-9a-f]{64}$/.test(headtail))
        return `${named}: headtail missing or malformed`
      if (str(raw.upstream))
        notes.push(
          `${id}: upstream ${escapeText(str(raw.upstream) ?? '', { max: QUOTE_MAX })} kept only in the format-2 file`
        )
      return { ...common, kind: 'blob', expect: { size: bytes, headtail } }
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
