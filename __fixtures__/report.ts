/**
 * Reports built the way the engine builds them (`buildReport`, which diagnoses the findings),
 * from findings a test writes by hand, for the renderers' tests.
 */
import { buildReport, type CheckReport } from '../src/core/report/report.js'
import type { LoadedManifest } from '../src/core/manifest/load.js'
import type { Entry, Finding, Kind, Status } from '../src/core/types.js'
import { fileEntry, validBody } from './manifest.js'
import { diagnose } from '../src/core/diagnose/diagnose.js'

export const WORKSPACE = '/w'
export const MANIFEST_FILE = '/w/.swr/manifest.json'

/** A finding for `id` with `status`; the rest plausible for a file and overridable. */
export function finding(id: string, status: Status, overrides: Partial<Finding> = {}): Finding {
  const ok = status === 'OK'
  return {
    id,
    kind: 'file' as Kind,
    path: `etc/${id}`,
    tier: 1,
    status,
    reason: ok ? 'ok' : 'size',
    detail: ok ? 'verified' : `${status.toLowerCase()} detail of ${id}`,
    recorded: { type: 'file', size: 1500, mode: '0644' },
    found: ok ? { type: 'file', size: 1500, mode: '0644' } : { type: 'none' },
    cached: false,
    ...overrides
  }
}

/** The manifest the findings were checked against: one file entry per finding unless given. */
export function manifestFor(findings: readonly Finding[], entries?: Entry[]): LoadedManifest {
  const body = validBody({ entries: entries ?? findings.map(f => fileEntry(f.id, f.path)) })
  return {
    file: MANIFEST_FILE,
    format: 3,
    doc: { body, signatures: [] },
    body,
    digest: 'd'.repeat(64),
    workspace: WORKSPACE,
    lines: new Map(body.entries.map((e, i) => [e.id, 10 + i * 12])),
    notes: []
  }
}

export function reportFor(
  findings: Finding[],
  opts: { entries?: Entry[]; notes?: string[]; ms?: number } = {}
): CheckReport {
  const manifest = manifestFor(findings, opts.entries)
  manifest.notes = opts.notes ?? []
  return buildReport({
    command: 'check',
    version: 'test',
    manifest,
    findings,
    options: { deep: false, meta_only: false, cache: true, only: [] },
    started: new Date('2025-01-01T00:00:00Z'),
    ms: opts.ms ?? 12,
    diagnosis: diagnose(findings, undefined, manifest.body.entries)
  })
}

/** C0 (but the line feed), DEL, C1 and bidi controls: none may reach the output raw. */
export const RAW_CONTROL =
  // eslint-disable-next-line no-control-regex
  /[\x00-\x09\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/
