/**
 * The report as a GitHub job summary (Markdown): the verdict, the wipe signature and its cause, a
 * table of entries (recorded vs found), the repair plan and what each recipe did, and timings.
 * Kept under GitHub's summary limit (limits.ts): when it would not fit, each table keeps a fair
 * share of rows, and a row in its place counts the rest and points at the full report file.
 */
import type { CheckReport, RepairReport } from './report.js'
import { bySeverity } from './severity.js'
import type { Shown } from '../types.js'
import { escapeMarkdown, markdownCode as code, markdownLink } from '../text/escape.js'
import { SUMMARY_BUDGET } from './limits.js'

/** One cell's text: a hostile 10 MB detail must not take the whole summary. */
const CELL_CHARS = 1024

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
  return escapeMarkdown(s, { max: CELL_CHARS })
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
  /**
   * The workflow artifact holding the full report and the SARIF file: linked from the summary,
   * and the truncation pointer then, since the report path is gone once a hosted job ends.
   */
  reportArtifact?: { name: string; url: string } | undefined
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
  const findings: Section = {
    head: r.results.some(f => f.status !== 'OK')
      ? [
          '| Status | Entry | Path | Tier | Found | Recorded | Now |',
          '|---|---|---|---|---|---|---|'
        ]
      : ['All entries verify.'],
    rows: bySeverity(r.results).map(
      f =>
        `| ${f.status} | ${code(f.id)} | ${code(f.path, { max: CELL_CHARS })} | ${f.tier} | ${cell(f.detail)} | ${cell(shown(f.recorded))} | ${cell(shown(f.found))} |`
    ),
    cut: (n, where) => `| … | ${n} more entries | | | see ${where} | | |`
  }
  const sections = [findings]
  if (isRepair(r) && r.repair.steps.length > 0) {
    const tiers = new Map(r.repair.plan.flat().map(p => [p.id, p.tier]))
    sections.push({
      head: [
        '',
        '#### Repair',
        '',
        '| # | Entry | Tier | Source | Result | Exit | Time |',
        '|---|---|---|---|---|---|---|'
      ],
      rows: r.repair.steps.map((st, i) => {
        const exit = st.recipe
          ? st.recipe.timedOut
            ? 'timeout'
            : String(st.recipe.exitCode ?? st.recipe.signal ?? '')
          : ''
        const time = st.recipe ? `${(st.recipe.ms / 1000).toFixed(1)} s` : ''
        return `| ${i + 1} | ${code(st.id)} | ${tiers.get(st.id) ?? ''} | ${cell(st.source)} | ${st.outcome}: ${cell(st.detail)} | ${exit} | ${time} |`
      }),
      cut: (n, where) => `| … | ${n} more steps | | | see ${where} | | |`
    })
  } else if (isRepair(r) && r.repair.plan.length > 0) {
    sections.push({
      head: ['', '#### Repair plan (not run)', ''],
      rows: r.repair.plan
        .flat()
        .map(
          st =>
            `- tier ${st.tier} ${code(st.id)} from ${cell(st.source)}${st.after.length ? ` after ${cell(st.after.join(', '))}` : ''}`
        ),
      cut: (n, where) => `- … ${n} more steps: see ${where}`
    })
  }
  const artifact = ctx.reportArtifact
    ? markdownLink(`artifact ${ctx.reportArtifact.name}`, ctx.reportArtifact.url)
    : undefined
  const tail = [
    ...(artifact ? ['', `Full report and SARIF: ${artifact}`] : []),
    '',
    `<sub>manifest ${cell(r.manifest.path)} · digest \`${r.manifest.digest.slice(0, 16)}\` · version ${r.manifest.version} · ${r.timing.ms} ms · swr ${r.tool.version}</sub>`
  ]
  const where = artifact ?? (ctx.reportPath ? code(ctx.reportPath) : 'the JSON report')
  return fitSections(head, sections, tail, where, SUMMARY_BUDGET)
}

/** A table (or list) whose rows may be cut to fit; `cut` is the row that stands for the rest. */
export interface Section {
  head: string[]
  rows: string[]
  cut: (n: number, where: string) => string
}

const bytes = (lines: readonly string[]): number =>
  lines.reduce((n, l) => n + Buffer.byteLength(l) + 1, 0)

/**
 * Join the parts within `budget` bytes: the head, the tail and every section's heading always; the
 * rows shared fairly (the smallest sections whole, the rest an equal share each), each cut
 * section ending with a row that counts what it left out and says where to find it.
 */
export function fitSections(
  head: readonly string[],
  sections: readonly Section[],
  tail: readonly string[],
  where: string,
  budget: number
): string {
  const markers = sections.map(s => s.cut(Number.MAX_SAFE_INTEGER, where))
  let room = budget - bytes([...head, ...tail, ...sections.flatMap(s => s.head), ...markers])
  const order = sections.map((s, i) => ({ i, need: bytes(s.rows) })).sort((a, b) => a.need - b.need)
  const share = new Map<number, number>()
  order.forEach(({ i, need }, k) => {
    const fair = Math.max(0, Math.floor(room / (order.length - k)))
    share.set(i, Math.min(need, fair))
    room -= Math.min(need, fair)
  })
  const out = [...head]
  sections.forEach((s, i) => {
    const kept: string[] = []
    let left = share.get(i) ?? 0
    for (const row of s.rows) {
      const n = Buffer.byteLength(row) + 1
      if (n > left) break
      kept.push(row)
      left -= n
    }
    out.push(...s.head, ...kept)
    if (kept.length < s.rows.length) out.push(s.cut(s.rows.length - kept.length, where))
  })
  return [...out, ...tail].join('\n') + '\n'
}
