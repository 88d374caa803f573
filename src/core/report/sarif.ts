/**
 * The report as SARIF 2.1.0, for code scanning (`github/codeql-action/upload-sarif`): one rule per
 * status, one result per damaged entry, located at the line of the manifest that declares it.
 */
import { STATUSES, type Status } from '../types.js'
import type { CheckReport } from './report.js'
import { escapeText as e } from '../text/escape.js'
import { bySeverity, LEVEL } from './severity.js'
import { SARIF_RESULTS } from './limits.js'

export interface SarifContext {
  /** The manifest's path relative to the repository root (forward slashes). */
  manifestUri: string
  /** Entry id → declaration line. */
  lines: ReadonlyMap<string, number>
  /** Where the full JSON report is, named when results were left out. */
  reportPath?: string | undefined
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
  SMOKEFAIL: "The entry's files verify but its smoke command fails.",
  BADSEAL:
    "A sealed entry's seal file on this machine cannot be used, so the entry cannot be checked."
}

/** What to do about each status: the rule's help, shown beside every result in code scanning. */
const RULE_HELP: Record<Status, string> = {
  OK: 'Nothing to do.',
  MISSING:
    'Restore the entry: `swr doctor` (or the Action with `command: doctor`) runs its signed restore sources; `swr why` names the cause. If the entry is gone on purpose, take it out of the manifest and sign it again.',
  CORRUPT:
    'The bytes, size, file list or link target changed since the manifest was signed. Restore the entry with `swr doctor`; if the change is intended, record it again with `swr add` and re-sign.',
  STRIPPED:
    'Only the exec bit was lost (a tar, artifact or cache round trip that drops modes). `swr doctor` puts it back; so does `chmod +x` on the path.',
  EMPTY:
    'The directory exists but its files are gone (a cleanup or a partial restore). Restore it with `swr doctor`.',
  BROKENLNK:
    "The link's target is missing: restore the target first (`swr doctor` orders repairs by dependency), or record the new target with `swr add`.",
  TYPE: 'A file became a directory or a link, or the other way round. Remove what is there and restore the entry with `swr doctor`.',
  SKIPPED:
    'The entry was not repaired because an entry it needs failed; fix that one first (see the repair table in the job summary).',
  SMOKEFAIL:
    "The files verify but the entry's smoke command fails: the tool they make up does not run here. Check the smoke command's output in the log.",
  BADSEAL:
    'The seal file kept in the state directory is damaged (cut short, not a seal, not a regular file) or made for another key or path: `swr doctor` moves it into quarantine, runs the recipe and seals again. A seal whose signature does not hold is left for its owner.'
}

export function toSarif(report: CheckReport, ctx: SarifContext): object {
  const rules = STATUSES.filter(s => s !== 'OK').map(s => ({
    id: `swr/${s}`,
    name: s,
    shortDescription: { text: RULE_TEXT[s] },
    fullDescription: { text: `${RULE_TEXT[s]} ${RULE_HELP[s]}` },
    help: { text: RULE_HELP[s], markdown: RULE_HELP[s] },
    defaultConfiguration: { level: LEVEL[s] }
  }))
  const damaged = bySeverity(report.results)
  // Code scanning shows only the most severe results: keep those, count the rest.
  const kept = damaged.slice(0, SARIF_RESULTS)
  const adviceById = new Map(report.diagnosis.advice.map(a => [a.id, a]))
  const results = kept.map(f => {
    const advice = adviceById.get(f.id)
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
            rules
          }
        },
        results,
        properties: {
          verdict: report.verdict,
          wipeSignature: report.diagnosis.signature,
          manifestDigest: report.manifest.digest,
          ...(damaged.length > kept.length
            ? {
                resultsOmitted: damaged.length - kept.length,
                fullReport: ctx.reportPath ?? 'the JSON report'
              }
            : {})
        }
      }
    ]
  }
}
