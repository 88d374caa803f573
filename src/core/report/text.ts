/**
 * Human output of a check: one aligned, greppable line per entry (status first), the files a tree
 * lost or gained, a summary, the wipe signature and the command that repairs the damage. Colour is
 * the caller's choice (TTY and NO_COLOR are decided in the shell).
 */
import { styleText } from 'node:util'
import type { Step } from '../restore/plan.js'
import type { StepResult } from '../restore/runner.js'
import type { CheckReport, Collateral } from './report.js'
import type { Finding, Status } from '../types.js'
import { escapeText as e } from '../text/escape.js'
import { LINE_IDS, LISTED_LINES } from './limits.js'

export interface TextOptions {
  color: boolean
  /** List healthy entries too. */
  all: boolean
  /**
   * After a repair: the entries this run tried to heal and could not, with the sources tried. The
   * fix then names what failed instead of sending the reader back to the restore that just did.
   */
  tried?: ReadonlyMap<string, readonly string[]>
}

const COLORS: Record<Status, Parameters<typeof styleText>[0]> = {
  OK: 'green',
  MISSING: 'red',
  CORRUPT: 'red',
  STRIPPED: 'yellow',
  EMPTY: 'red',
  BROKENLNK: 'red',
  TYPE: 'red',
  SKIPPED: 'gray',
  SMOKEFAIL: 'red',
  BADSEAL: 'red'
}

function paint(on: boolean, style: Parameters<typeof styleText>[0], s: string): string {
  // Unvalidated: styleText would otherwise judge process.stdout and the environment itself.
  return on ? styleText(style, s, { validateStream: false }) : s
}

function pad(s: string, n: number): string {
  return s.length >= n ? s : s + ' '.repeat(n - s.length)
}

/** The first few ids, escaped, then a count of the rest: one bounded line however many. */
export function fewIds(ids: readonly string[]): string {
  const named = ids
    .slice(0, LINE_IDS)
    .map(id => e(id))
    .join(', ')
  const rest = ids.length - LINE_IDS
  return rest > 0 ? `${named} and ${rest.toLocaleString('en-US')} more` : named
}

/**
 * The first LISTED_LINES of `items`, one line each, then one line counting the rest: a run over
 * 10,000 entries prints a screen, and `--json` lists them all.
 */
export function boundedLines<T>(items: readonly T[], line: (x: T) => string, what: string): string {
  const shown = items.slice(0, LISTED_LINES).map(x => line(x) + '\n')
  const rest = items.length - LISTED_LINES
  if (rest > 0)
    shown.push(`  ... and ${rest.toLocaleString('en-US')} more ${what} (--json lists all)\n`)
  return shown.join('')
}

/** One line per finding: `STATUS   id   path   detail`. */
export function findingLines(findings: readonly Finding[], opts: TextOptions): string[] {
  const idW = Math.min(32, Math.max(2, ...findings.map(f => e(f.id).length)))
  const pathW = Math.min(40, Math.max(4, ...findings.map(f => e(f.path).length)))
  const out: string[] = []
  for (const f of findings) {
    const status = paint(opts.color, COLORS[f.status], pad(f.status, 9))
    const path = e(f.path)
    const p = path.length > pathW ? '…' + path.slice(-(pathW - 1)) : path
    out.push(`  ${status} ${pad(e(f.id), idW)}  ${pad(p, pathW)}  ${e(f.detail)}`)
    if (f.files) {
      const d = f.files
      const more = (shown: number, total: number): string[] =>
        total > shown ? [`      ... ${total - shown} more`] : []
      for (const m of d.missing.slice(0, 5)) out.push(`      - ${e(m)}`)
      out.push(...more(Math.min(5, d.missing.length), d.counts.missing))
      for (const x of d.extra.slice(0, 5)) out.push(`      + ${e(x)}`)
      out.push(...more(Math.min(5, d.extra.length), d.counts.extra))
      for (const c of d.changed.slice(0, 5)) out.push(`      ~ ${e(c.path)} (${e(c.what)})`)
      out.push(...more(Math.min(5, d.changed.length), d.counts.changed))
    }
  }
  return out
}

export function renderCheck(r: CheckReport, opts: TextOptions): string {
  const lines: string[] = []
  const shown = opts.all ? r.results : r.results.filter(f => f.status !== 'OK')
  lines.push(...findingLines(shown, opts))
  const s = r.summary
  const verdict =
    s.damaged === 0
      ? paint(opts.color, 'green', `${s.ok}/${s.entries} healthy`)
      : paint(opts.color, 'red', `${s.ok}/${s.entries} healthy, ${s.damaged} damaged`)
  lines.push(
    `${verdict}  (${r.timing.ms} ms${r.results.some(f => f.cached) ? ', cache used' : ''})`
  )
  if (s.damaged > 0) {
    lines.push(
      `wipe signature: ${paint(opts.color, 'bold', r.diagnosis.signature)}: ${e(r.diagnosis.cause)}`
    )
    const ids = r.results.filter(f => f.status !== 'OK').map(f => e(f.id))
    lines.push(`why: swr why${ids.length <= 3 ? ` --only ${ids.join(' ')}` : ''}`)
    lines.push(...fixLines(r, opts.tried))
  }
  lines.push(...sealedLines(r, opts))
  for (const n of r.notes) lines.push(paint(opts.color, 'gray', `note: ${e(n)}`))
  return lines.join('\n') + '\n'
}

/** Sealed entries with no usable seal here: said (one whose seal cannot be used is also BADSEAL). */
function sealedLines(r: CheckReport, opts: TextOptions): string[] {
  const open = (r.sealed ?? []).filter(s => s.state !== 'sealed')
  return open.map(s =>
    paint(
      opts.color,
      s.state === 'refused' || s.state === 'damaged' ? 'yellow' : 'gray',
      `sealed ${e(s.id)}: ${e(s.detail)}${s.state === 'unsealed' ? ' (swr doctor runs its recipe and smoke command, then seals it)' : ''}`
    )
  )
}

/**
 * The summary's fix: `swr restore` only for root causes that have a way back (their consequences
 * heal with them), and the entries that have none named as such instead of sent to a dead end.
 */
function fixLines(r: CheckReport, tried?: ReadonlyMap<string, readonly string[]>): string[] {
  const all = r.diagnosis.advice.filter(a => a.because === undefined)
  // Seals that cannot be used are mended by doctor (sealing again), not by a restore.
  const reseal = all.filter(a => a.status === 'BADSEAL' && a.restorable !== false).map(a => e(a.id))
  const roots = all.filter(a => a.status !== 'BADSEAL' || a.restorable === false)
  const failed = roots.filter(a => tried?.has(a.id))
  const can = roots.filter(a => a.restorable !== false && !tried?.has(a.id)).map(a => e(a.id))
  const cannot = roots.filter(a => a.restorable === false).map(a => e(a.id))
  const out: string[] = []
  if (reseal.length > 0)
    out.push(
      `fix: swr doctor   (moves the seal${reseal.length === 1 ? '' : 's'} of ${reseal.length <= 3 ? reseal.join(', ') : `${reseal.length} sealed entries`} into quarantine and seals again)`
    )
  if (can.length > 0)
    out.push(
      `fix: swr restore${can.length <= 3 ? ` --only ${can.join(' ')}` : ''}   (or: swr doctor)`
    )
  if (failed.length > 0) {
    const shown = failed.slice(0, 3).map(a => {
      const sources = [...new Set(tried?.get(a.id) ?? [])].map(x => e(x)).join(', ')
      return `${e(a.id)} (${sources || 'no source'})`
    })
    const more = failed.length > 3 ? `, and ${failed.length - 3} more` : ''
    out.push(
      `not healed: ${shown.join(', ')}${more}: each source tried failed (the steps above say why); fix the failing recipe or source, or escrow the entry, then run swr doctor again`
    )
  }
  if (cannot.length > 0) {
    const list = cannot.length <= 5 ? cannot.join(', ') : `${cannot.slice(0, 5).join(', ')}, ...`
    out.push(`no way back recorded for ${cannot.length}: ${list}  (swr why says what to do)`)
  }
  return out
}

export function renderWhy(
  r: CheckReport,
  opts: TextOptions,
  notes: ReadonlyMap<string, string>,
  history: ReadonlyMap<string, string> = new Map()
): string {
  const damaged = r.results.filter(f => f.status !== 'OK')
  if (damaged.length === 0)
    return (
      paint(
        opts.color,
        'green',
        `${r.summary.entries}/${r.summary.entries} healthy: nothing to explain`
      ) + '\n'
    )
  const lines: string[] = [
    `wipe signature: ${paint(opts.color, 'bold', r.diagnosis.signature)}`,
    `  ${e(r.diagnosis.cause)}`,
    ''
  ]
  const adviceById = new Map(r.diagnosis.advice.map(a => [a.id, a]))
  for (const f of damaged) {
    const advice = adviceById.get(f.id)
    lines.push(
      `${paint(opts.color, COLORS[f.status], f.status)} ${e(f.id)}  (${f.kind}, tier ${f.tier}, ${e(f.path)})`
    )
    lines.push(`  found:    ${e(f.detail)}`)
    lines.push(`  recorded: ${show(f.recorded)}`)
    lines.push(`  now:      ${show(f.found)}`)
    if (advice) {
      lines.push(`  cause:    ${e(advice.cause)}`)
      if (advice.risk) lines.push(`  risk:     ${e(advice.risk)}`)
      if (advice.affects) lines.push(`  affects:  ${advice.affects.map(id => e(id)).join(', ')}`)
      lines.push(`  fix:      ${e(advice.fix)}`)
    }
    const note = notes.get(f.id)
    if (note) lines.push(`  note:     ${e(note)}`)
    const past = history.get(f.id)
    if (past) lines.push(`  history:  ${e(past)}`)
    lines.push('')
  }
  return lines.join('\n')
}

function show(v: Record<string, string | number | boolean>): string {
  return Object.entries(v)
    .map(
      ([k, x]) =>
        `${k}=${typeof x === 'number' && k !== 'mode' ? x.toLocaleString('en-US') : e(String(x))}`
    )
    .join(' ')
}

/** The plan, wave by wave, with the reason for each step. */
export function renderPlan(waves: readonly Step[][], opts: TextOptions): string {
  if (waves.length === 0) return 'nothing to repair\n'
  const lines: string[] = []
  let n = 0
  const total = waves.reduce((s, w) => s + w.length, 0)
  waves.forEach((wave, w) => {
    for (const s of wave) {
      n++
      const src =
        s.sources.length === 0 ? paint(opts.color, 'red', 'no recipe') : sourceList(s).join(', ')
      const after = s.after.length > 0 ? ` after ${fewIds(s.after)}` : ''
      const par = wave.length > 1 ? ` (wave ${w + 1}, parallel)` : ''
      lines.push(`  [${n}/${total}] tier ${s.tier} ${e(s.id)} <- ${src}${after}${par}`)
      lines.push(`        ${e(s.reason)}`)
    }
  })
  return lines.join('\n') + '\n'
}

/** A step's sources as the runner tries them; the saved state is the first cache (restore/sources/). */
function sourceList(s: Step): string[] {
  const saved = s.saved_state === undefined ? -1 : s.sources.indexOf('cache')
  return s.sources.map((k, i) => (i === saved ? 'cache (saved state)' : e(k)))
}

const OUTCOME_STYLE: Record<StepResult['outcome'], Parameters<typeof styleText>[0]> = {
  repaired: 'green',
  'already-repaired': 'green',
  'still-damaged': 'red',
  failed: 'red',
  skipped: 'yellow',
  unrepairable: 'red',
  interrupted: 'yellow'
}

/** Entries a repair damaged on the side, each with the recipes that ran before it was found. */
export function renderCollateral(harmed: readonly Collateral[], opts: TextOptions): string {
  return harmed
    .map(c => {
      const by = c.after.length > 0 ? `after the recipe of ${fewIds(c.after)} ran` : ''
      return `${paint(opts.color, 'red', 'collateral')} ${e(c.id)} is ${c.status} ${by}: ${e(c.detail)}\n`
    })
    .join('')
}

export function renderStep(r: StepResult, opts: TextOptions): string {
  // A step's detail can quote a cache member's name or a recipe's words: escaped like any name.
  const line = `  ${paint(opts.color, OUTCOME_STYLE[r.outcome], r.outcome.padEnd(14))} ${e(r.id)}  ${e(r.detail)}\n`
  return line + passedOver(r) + quarantineLine(r.quarantine)
}

/**
 * Why the sources before the one that healed were passed over (git's miss or refusal, a cache
 * archive refused), as `--json` has them; a plain cache miss is left out. A step that failed
 * already names every attempt in its detail.
 */
function passedOver(r: StepResult): string {
  if (r.outcome !== 'repaired') return ''
  return r.attempts
    .filter(
      a =>
        a.outcome !== 'healed' &&
        a.outcome !== 'skipped' &&
        !(a.source === 'cache' && a.outcome === 'miss')
    )
    .map(a => `      passed over ${a.source}: ${e(a.detail)}\n`)
    .join('')
}

function quarantineLine(q: StepResult['quarantine']): string {
  if (!q) return ''
  if ('skipped' in q) return `      quarantine: ${e(q.skipped)}\n`
  const pruned = q.pruned
    ? `; pruned ${q.pruned.removed} older cop${q.pruned.removed === 1 ? 'y' : 'ies'} (${q.pruned.bytes} bytes)`
    : ''
  return `      quarantine: kept ${q.bytes} bytes in ${q.copied}${pruned}\n`
}
