/**
 * Survival statistics for people: an aligned text table (terminal) and Markdown with a Mermaid
 * `xychart-beta` chart (GitHub renders it in job summaries) of survival over the recorded runs.
 */
import type { Mark, RunPoint, Stats, SurvivalRow } from '../history/stats.js'
import { escapeText, markdownCode } from '../text/escape.js'
import { SURVIVAL_TABLE_ROWS } from './limits.js'

const MARK: Record<Mark, string> = { kept: '✓', partial: '◐', lost: '✗' }
/** Runs shown in the chart: enough to see a trend, few enough for labels to stay legible. */
export const CHART_RUNS = 30

function pct(x: number): string {
  return `${(x * 100).toFixed(1)}%`
}

function interval(r: SurvivalRow): string {
  return `[${(r.low * 100).toFixed(1)}, ${(r.high * 100).toFixed(1)}]`
}

function trend(r: SurvivalRow): string {
  return r.trend.map(m => MARK[m]).join('')
}

function textTable(title: string, rs: readonly SurvivalRow[]): string[] {
  if (rs.length === 0) return []
  const w = Math.max(title.length - 2, ...rs.map(r => escapeText(r.key).length))
  const head = `${title.padEnd(w + 2)}  ${'rate'.padStart(6)}  ${'95% CI'.padEnd(14)}  ${'n'.padStart(5)}  trend (newest first)`
  return [
    head,
    ...rs.map(
      r =>
        `  ${escapeText(r.key).padEnd(w)}  ${pct(r.rate).padStart(6)}  ${interval(r).padEnd(14)}  ${String(r.n).padStart(5)}  ${trend(r)}`
    ),
    ''
  ]
}

function span(s: Stats): string {
  const parts = [`${s.records} record${s.records === 1 ? '' : 's'}`]
  parts.push(`${s.canary_runs} canary read${s.canary_runs === 1 ? '' : 's'}`)
  parts.push(`${s.check_runs} recorded check${s.check_runs === 1 ? '' : 's'}`)
  const when = s.first && s.last ? `, ${s.first.slice(0, 16)}Z .. ${s.last.slice(0, 16)}Z` : ''
  return `${parts[0]} (${parts.slice(1).join(', ')})${when}`
}

export function renderStatsText(s: Stats): string {
  if (s.records === 0)
    return 'no history yet: "swr canary read" records every read; "swr check --record" records checks\n'
  return [
    `survival from ${span(s)}`,
    '',
    ...textTable('canary classes', s.classes),
    ...textTable('canary locations', s.locations),
    ...textTable('manifest entries', s.entries)
  ].join('\n')
}

function mdTable(title: string, rs: readonly SurvivalRow[]): string[] {
  if (rs.length === 0) return []
  return [
    `| ${title} | survival | 95% CI | n | trend (newest first) |`,
    '| --- | ---: | :---: | ---: | --- |',
    ...rs
      .slice(0, SURVIVAL_TABLE_ROWS)
      .map(
        r =>
          `| ${markdownCode(r.key, { max: 256 })} | ${pct(r.rate)} | ${interval(r)} | ${r.n} | ${trend(r)} |`
      ),
    // Rows beyond the bound are counted; `swr stats --json` and the stats output have them.
    ...(rs.length > SURVIVAL_TABLE_ROWS
      ? [`| … ${rs.length - SURVIVAL_TABLE_ROWS} more (see \`swr stats --json\`) | | | | |`]
      : []),
    ''
  ]
}

function axisLabel(p: RunPoint): string {
  // Month-day and time: short enough for 30 labels; quotes are the only character to avoid.
  return p.time.slice(5, 16).replace('T', ' ').replace(/"/g, '')
}

/** A Mermaid xychart-beta of survival per run (canary runs when there are any, else checks). */
export function survivalChart(s: Stats): string | undefined {
  const kind = s.canary_runs > 0 ? 'canary' : 'check'
  const runs = s.runs.filter(r => r.kind === kind).slice(-CHART_RUNS)
  if (runs.length === 0) return undefined
  const title =
    kind === 'canary'
      ? 'Canary probes intact per run (%)'
      : 'Entries healthy per recorded check (%)'
  return [
    '```mermaid',
    'xychart-beta',
    `    title "${title}"`,
    `    x-axis [${runs.map(r => `"${axisLabel(r)}"`).join(', ')}]`,
    '    y-axis "survival %" 0 --> 100',
    `    line [${runs.map(r => (r.survival * 100).toFixed(1)).join(', ')}]`,
    '```'
  ].join('\n')
}

export function renderStatsMarkdown(s: Stats): string {
  if (s.records === 0) return '_No survival history recorded yet._\n'
  const chart = survivalChart(s)
  return [
    `**Survival** from ${span(s)}`,
    '',
    ...(chart ? [chart, ''] : []),
    ...mdTable('canary class', s.classes),
    ...mdTable('canary location', s.locations),
    ...mdTable('manifest entry', s.entries)
  ].join('\n')
}
