/**
 * The history: one JSON line per observation (a canary read, a recorded check), in the private
 * state directory. Bounded: when the current file reaches its limit it becomes `history.1.jsonl`
 * (replacing the previous generation), so the history never grows without end and the newest
 * records are never the ones dropped. Appends use O_APPEND with one write per record, so
 * concurrent writers interleave whole lines; a line that does not parse is skipped on read.
 */
import fs from 'node:fs'
import path from 'node:path'
import type { Status } from '../types.js'
import { appendRecord } from '../state/atomic.js'
import { ensurePrivateDir } from '../state/state-dir.js'
import type { RunContext } from './context.js'

export const HISTORY_FILE = 'history.jsonl'
export const HISTORY_ROTATED = 'history.1.jsonl'

export interface HistoryLimits {
  /** Records in the current file before it rotates. */
  maxRecords?: number
  /** Bytes in the current file before it rotates. */
  maxBytes?: number
}

export const DEFAULT_LIMITS: Required<HistoryLimits> = {
  maxRecords: 1000,
  maxBytes: 4 * 1024 * 1024
}

export interface Tally {
  intact: number
  altered: number
  lost: number
}

interface RecordBase {
  v: 1
  time: string
  context: RunContext
}

export interface CanaryRecord extends RecordBase {
  kind: 'canary'
  plant_id: string
  planted_at: string
  classes: Record<string, Tally>
  locations: Record<string, Tally>
}

export interface CheckRecord extends RecordBase {
  kind: 'check'
  /** The manifest file checked: entries of different manifests are not mixed. */
  manifest: string
  /** Its digest at the time (an edit keeps the entry's history: ids are stable across versions). */
  digest: string
  entries: Record<string, Status>
}

export type HistoryRecord = CanaryRecord | CheckRecord

/** One check's record: the status of every entry it checked (for stats and `swr why`). */
export function checkRecord(
  report: { timing: { started: string }; results: readonly { id: string; status: Status }[] },
  manifest: { file: string; digest: string },
  context: RunContext
): CheckRecord {
  return {
    v: 1,
    kind: 'check',
    time: report.timing.started,
    context,
    manifest: manifest.file,
    digest: manifest.digest,
    entries: Object.fromEntries(report.results.map(f => [f.id, f.status]))
  }
}

function countLines(file: string): number {
  const buf = fs.readFileSync(file)
  let n = 0
  for (let i = buf.indexOf(10); i !== -1; i = buf.indexOf(10, i + 1)) n++
  return n
}

function rotateIfFull(dir: string, limits: Required<HistoryLimits>): void {
  const file = path.join(dir, HISTORY_FILE)
  const st = fs.lstatSync(file, { throwIfNoEntry: false })
  if (!st) return
  if (st.size < limits.maxBytes && countLines(file) < limits.maxRecords) return
  fs.renameSync(file, path.join(dir, HISTORY_ROTATED))
}

export function appendHistory(
  stateDir: string,
  record: HistoryRecord,
  limits: HistoryLimits = {}
): void {
  const l = { ...DEFAULT_LIMITS, ...limits }
  const dir = ensurePrivateDir(stateDir)
  rotateIfFull(dir, l)
  appendRecord(path.join(dir, HISTORY_FILE), JSON.stringify(record) + '\n', {
    create: true,
    mode: 0o600
  })
}

function isRecord(v: unknown): v is HistoryRecord {
  const r = v as HistoryRecord
  if (typeof r !== 'object' || r === null || r.v !== 1 || typeof r.time !== 'string') return false
  if (Number.isNaN(Date.parse(r.time))) return false
  if (r.kind === 'canary') return typeof r.classes === 'object' && typeof r.locations === 'object'
  if (r.kind === 'check') return typeof r.entries === 'object' && typeof r.manifest === 'string'
  return false
}

export interface History {
  /** Oldest first. */
  records: HistoryRecord[]
  /** Lines that did not parse as records (a torn write, a hand edit). */
  skipped: number
}

export function readHistory(stateDir: string): History {
  const out: History = { records: [], skipped: 0 }
  for (const name of [HISTORY_ROTATED, HISTORY_FILE]) {
    let text: string
    try {
      text = fs.readFileSync(path.join(stateDir, name), 'utf8')
    } catch {
      continue
    }
    for (const line of text.split('\n')) {
      if (!line.trim()) continue
      try {
        const v: unknown = JSON.parse(line)
        if (isRecord(v)) out.records.push(v)
        else out.skipped++
      } catch {
        out.skipped++
      }
    }
  }
  out.records.sort((a, b) => Date.parse(a.time) - Date.parse(b.time))
  return out
}
