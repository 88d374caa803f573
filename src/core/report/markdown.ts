/**
 * The report as a GitHub job summary (Markdown): the verdict, the wipe signature and its cause, a
 * table of entries (recorded vs found), the repair plan and what each recipe did, and timings.
 * Kept under the 1 MiB summary limit: when it would not fit, rows are cut and the summary points
 * at the full report file.
 */
import type { CheckReport, RepairReport } from './report.js'
import { bySeverity } from './severity.js'
import type { Shown } from '../types.js'
import { escapeMarkdown, markdownCode as code } from './escape.js'

export const SUMMARY_LIMIT = 1024 * 1024
const BUDGET = SUMMARY_LIMIT - 16 * 1024

const ICON: Record<string, string> = {
  healthy: '✅',
  repaired: '🛠️',
  damaged: '❌',
  unrepairable: '❌',
  'still-damaged': '❌',
  refused: '⛔',
  interrupted: '⏹️'
}

/** Untrusted text in a table cell or a line: literal, one line, no Markdown or HTML. */
function cell(s: string): string {
  return escapeMarkdown(s)
}

function shown(v: Shown): string {
  return Object.entries(v)
    .map(
      ([k, x]) =>
        `${k} ${typeof x === 'number' && k !== 'mode' ? x.toLocaleString('en-US') : String(x)}`
    )
    .join(', ')
}

export interface MarkdownContext {
  /** Where the full JSON report was written, for the truncation pointer. */
  reportPath?: string | undefined
}

function isRepair(r: CheckReport): r is RepairReport {
  return 'repair' in r
}

export function renderMarkdown(r: CheckReport, ctx: MarkdownContext = {}): string {
  const outcome = isRepair(r) ? r.repair.outcome : r.verdict
  const head: string[] = []
  const s = r.summary
  const what =
    isRepair(r) && r.repair.steps.length > 0
      ? `${r.repair.steps.filter(x => x.outcome === 'repaired').length} of ${r.repair.steps.length} repairs succeeded, ${s.ok}/${s.entries} healthy now`
      : `${s.ok}/${s.entries} entries healthy`
  head.push(`### swr ${r.command}: ${ICON[outcome] ?? ''} ${outcome}`, '', what, '')
  const signature = isRepair(r) ? r.repair.before.signature : r.diagnosis.signature
  if (signature !== 'healthy') {
    head.push(
      `**Wipe signature:** \`${signature}\`${isRepair(r) ? ' (before repair)' : ''}: ${cell(isRepair(r) ? r.repair.before.cause : r.diagnosis.cause)}`,
      ''
    )
  }
  if (isRepair(r) && r.repair.gate && !r.repair.gate.allowed) {
    head.push(`> [!WARNING]`, `> No recipe ran: ${cell(r.repair.gate.reason)}`, '')
  }
  const rows = bySeverity(r.results).map(
    f =>
      `| ${f.status} | ${code(f.id)} | ${code(f.path)} | ${f.tier} | ${cell(f.detail)} | ${cell(shown(f.recorded))} | ${cell(shown(f.found))} |`
  )
  const table =
    rows.length > 0
      ? [
          '| Status | Entry | Path | Tier | Found | Recorded | Now |',
          '|---|---|---|---|---|---|---|'
        ]
      : []
  const tail: string[] = []
  if (isRepair(r) && r.repair.steps.length > 0) {
    tail.push(
      '',
      '#### Repair',
      '',
      '| # | Entry | Tier | Source | Result | Exit | Time |',
      '|---|---|---|---|---|---|---|'
    )
    const tiers = new Map(r.repair.plan.flat().map(p => [p.id, p.tier]))
    r.repair.steps.forEach((st, i) => {
      const exit = st.recipe
        ? st.recipe.timedOut
          ? 'timeout'
          : String(st.recipe.exitCode ?? st.recipe.signal ?? '')
        : ''
      const time = st.recipe ? `${(st.recipe.ms / 1000).toFixed(1)} s` : ''
      tail.push(
        `| ${i + 1} | ${code(st.id)} | ${tiers.get(st.id) ?? ''} | ${cell(st.source)} | ${st.outcome}: ${cell(st.detail)} | ${exit} | ${time} |`
      )
    })
  } else if (isRepair(r) && r.repair.plan.length > 0) {
    tail.push('', '#### Repair plan (not run)', '')
    for (const st of r.repair.plan.flat())
      tail.push(
        `- tier ${st.tier} ${code(st.id)} from ${cell(st.source)}${st.after.length ? ` after ${cell(st.after.join(', '))}` : ''}`
      )
  }
  tail.push(
    '',
    `<sub>manifest ${cell(r.manifest.path)} · digest \`${r.manifest.digest.slice(0, 16)}\` · version ${r.manifest.version} · ${r.timing.ms} ms · swr ${r.tool.version}</sub>`
  )
  return fit(head, table, rows, tail, ctx)
}

/** Join the parts, cutting table rows (never the head or tail) to stay under the summary limit. */
function fit(
  head: string[],
  table: string[],
  rows: string[],
  tail: string[],
  ctx: MarkdownContext
): string {
  const fixed = Buffer.byteLength([...head, ...table, ...tail].join('\n')) + 512
  const kept: string[] = []
  let used = fixed
  for (const row of rows) {
    const n = Buffer.byteLength(row) + 1
    if (used + n > BUDGET) break
    kept.push(row)
    used += n
  }
  const cut = rows.length - kept.length
  const note =
    cut > 0
      ? [
          `| … | ${cut} more rows | | | see ${ctx.reportPath ? code(ctx.reportPath) : 'the JSON report'} | | |`
        ]
      : []
  const healthyNote = rows.length === 0 ? ['All entries verify.'] : []
  return [...head, ...healthyNote, ...table, ...kept, ...note, ...tail].join('\n') + '\n'
}
