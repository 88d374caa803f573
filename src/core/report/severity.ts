/** How bad each status is, for ordering reports and annotations (most severe first). */
import type { Finding, Status } from '../types.js'

const RANK: Record<Status, number> = {
  MISSING: 0,
  EMPTY: 1,
  TYPE: 2,
  CORRUPT: 3,
  BROKENLNK: 4,
  SMOKEFAIL: 5,
  STRIPPED: 6,
  BADSEAL: 7,
  SKIPPED: 8,
  OK: 9
}

/** SARIF's level of each status; annotations use the same (`note` is GitHub's `notice`). */
export const LEVEL: Record<Status, 'error' | 'warning' | 'note'> = {
  OK: 'note',
  MISSING: 'error',
  CORRUPT: 'error',
  STRIPPED: 'warning',
  EMPTY: 'error',
  BROKENLNK: 'error',
  TYPE: 'error',
  SKIPPED: 'warning',
  SMOKEFAIL: 'error',
  BADSEAL: 'error'
}

/** Damaged findings, most severe first, then by tier (what blocks the most comes first). */
export function bySeverity(findings: readonly Finding[]): Finding[] {
  return findings
    .filter(f => f.status !== 'OK')
    .sort((a, b) => RANK[a.status] - RANK[b.status] || a.tier - b.tier || (a.id < b.id ? -1 : 1))
}
