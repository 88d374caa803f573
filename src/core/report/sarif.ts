/**
 * The report as SARIF 2.1.0, for code scanning (`github/codeql-action/upload-sarif`): one rule per
 * status, one result per damaged entry, located at the line of the manifest that declares it.
 */
import { STATUSES, type Status } from '../types.js'
import type { CheckReport } from './report.js'
import { escapeText as e } from './escape.js'
import { bySeverity } from './severity.js'

export interface SarifContext {
  /** The manifest's path relative to the repository root (forward slashes). */
  manifestUri: string
  /** Entry id → declaration line. */
  lines: ReadonlyMap<string, number>
}

const RULE_TEXT: Record<Status, string> = {
  OK: 'The entry verifies.',
  MISSING: 'A tracked entry is missing from the workspace.',
  CORRUPT:
    'A tracked entry differs from what the manifest recorded (size, content, mode, files or target).',
  STRIPPED: 'A tracked entry lost an exec bit it should have.',
  EMPTY: 'A tracked directory survived with no files in it.',
  BROKENLNK: 'A tracked symlink points at something that does not exist.',
  TYPE: 'A tracked entry changed kind (file, directory, symlink).',
  SKIPPED: 'The entry was not repaired because a dependency failed.',
  SMOKEFAIL: "The entry's files verify but its smoke command fails."
}

const LEVEL: Record<Status, 'error' | 'warning' | 'note'> = {
  OK: 'note',
  MISSING: 'error',
  CORRUPT: 'error',
  STRIPPED: 'warning',
  EMPTY: 'error',
  BROKENLNK: 'error',
  TYPE: 'error',
  SKIPPED: 'warning',
  SMOKEFAIL: 'error'
}

export function toSarif(report: CheckReport, ctx: SarifContext): object {
  const rules = STATUSES.filter(s => s !== 'OK').map(s => ({
    id: `swr/${s}`,
    name: s,
    shortDescription: { text: RULE_TEXT[s] },
    defaultConfiguration: { level: LEVEL[s] },
    helpUri: 'https://swr.dev/docs/statuses'
  }))
  const results = bySeverity(report.results).map(f => {
    const advice = report.diagnosis.advice.find(a => a.id === f.id)
    return {
      ruleId: `swr/${f.status}`,
      ruleIndex: rules.findIndex(r => r.name === f.status),
      level: LEVEL[f.status],
      message: {
        text: `${f.status} ${e(f.id)} (${e(f.path)}): ${e(f.detail)}${advice ? `. Fix: ${e(advice.fix)}` : ''}`
      },
      locations: [
        {
          physicalLocation: {
            artifactLocation: { uri: ctx.manifestUri },
            region: { startLine: ctx.lines.get(f.id) ?? 1 }
          },
          logicalLocations: [
            { name: f.id, fullyQualifiedName: `${f.kind}:${f.path}`, kind: 'resource' }
          ]
        }
      ],
      partialFingerprints: { swrEntry: `${f.id}/${f.status}/${f.reason}` },
      properties: {
        tier: f.tier,
        kind: f.kind,
        path: f.path,
        reason: f.reason,
        recorded: f.recorded,
        found: f.found
      }
    }
  })
  return {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'swr',
            version: report.tool.version,
            informationUri: 'https://swr.dev',
            rules
          }
        },
        results,
        properties: {
          verdict: report.verdict,
          wipeSignature: report.diagnosis.signature,
          manifestDigest: report.manifest.digest
        }
      }
    ]
  }
}
