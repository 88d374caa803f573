/**
 * A canary read for people: totals, a table by class (with the attributes that changed) and by
 * location, then one line per probe that did not come back intact.
 */
import { abbreviate } from '../canary/anchor.js'
import { contextLabel } from '../history/context.js'
import type { CanaryReading, Tally } from '../canary/read.js'
import { CLASS_QUESTION, type ProbeClass } from '../canary/probes.js'
import { escapeMarkdown, escapeText as e, markdownCode } from '../text/escape.js'
import { SURVIVAL_TABLE_ROWS } from './limits.js'

function totals(t: Tally): string {
  const n = t.intact + t.altered + t.lost
  return `${n} probes: ${t.intact} intact, ${t.altered} altered, ${t.lost} lost`
}

function attrs(a: Partial<Record<string, number>>): string {
  return Object.entries(a)
    .map(([k, n]) => `${k} ${n}`)
    .join(', ')
}

function header(r: CanaryReading): string {
  return `canary ${e(r.plant_id)}: planted ${r.planted_at.slice(0, 19)}Z on ${contextLabel(r.planted_by)}, read ${r.read_at.slice(0, 19)}Z on ${contextLabel(r.read_by)}${r.reread ? ' (read before)' : ''}`
}

export function renderCanaryText(r: CanaryReading): string {
  const lines = [header(r), totals(r.totals), '']
  const classes = Object.entries(r.classes) as [ProbeClass, CanaryReading['classes'][ProbeClass]][]
  const cw = Math.max(...classes.map(([c]) => c.length), 5)
  lines.push(
    `${'class'.padEnd(cw + 2)}${'intact'.padStart(7)}${'altered'.padStart(8)}${'lost'.padStart(6)}  changed`
  )
  for (const [c, t] of classes) {
    if (!t) continue
    lines.push(
      `  ${c.padEnd(cw)}${String(t.intact).padStart(7)}${String(t.altered).padStart(8)}${String(t.lost).padStart(6)}  ${attrs(t.attributes)}`
    )
  }
  lines.push('')
  const locs = Object.entries(r.locations)
  const lw = Math.max(...locs.map(([l]) => e(l).length), 8)
  lines.push(
    `${'location'.padEnd(lw + 2)}${'intact'.padStart(7)}${'altered'.padStart(8)}${'lost'.padStart(6)}`
  )
  for (const [l, t] of locs)
    lines.push(
      `  ${e(l).padEnd(lw)}${String(t.intact).padStart(7)}${String(t.altered).padStart(8)}${String(t.lost).padStart(6)}`
    )
  const bad = r.probes.filter(p => p.outcome.state !== 'intact')
  if (bad.length > 0) {
    lines.push('')
    for (const p of bad) {
      const o = p.outcome
      const what = o.state === 'altered' ? `${o.attributes.join(',')}: ${e(o.detail)}` : 'gone'
      lines.push(
        `${o.state.toUpperCase().padEnd(8)} ${p.class.padEnd(cw)}  ${e(p.location)}  ${e(abbreviate(p.path))}  ${what}`
      )
    }
  }
  return lines.join('\n') + '\n'
}

function cell(x: string): string {
  return escapeMarkdown(x)
}

export function renderCanaryMarkdown(r: CanaryReading): string {
  const icon = r.totals.altered + r.totals.lost === 0 ? '✅' : '⚠️'
  const lines = [
    `### ${icon} swr canary: ${totals(r.totals)}`,
    '',
    `<sub>${cell(header(r))}</sub>`,
    '',
    '| probe class | what it tests | intact | altered | lost | changed |',
    '| --- | --- | ---: | ---: | ---: | --- |'
  ]
  for (const [c, t] of Object.entries(r.classes) as [
    ProbeClass,
    Tally & { attributes: Partial<Record<string, number>> }
  ][])
    lines.push(
      `| \`${c}\` | ${CLASS_QUESTION[c]} | ${t.intact} | ${t.altered} | ${t.lost} | ${attrs(t.attributes)} |`
    )
  lines.push('', '| location | intact | altered | lost |', '| --- | ---: | ---: | ---: |')
  const locations = Object.entries(r.locations)
  for (const [l, t] of locations.slice(0, SURVIVAL_TABLE_ROWS))
    lines.push(`| ${markdownCode(l, { max: 256 })} | ${t.intact} | ${t.altered} | ${t.lost} |`)
  if (locations.length > SURVIVAL_TABLE_ROWS)
    lines.push(`| … ${locations.length - SURVIVAL_TABLE_ROWS} more locations | | | |`)
  return lines.join('\n') + '\n'
}
