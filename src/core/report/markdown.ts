/**
 * The report as a GitHub job summary (Markdown): the verdict; one line of counts per status, and
 * per status its cause and the one thing to do; the wipe signature, its cause and what to do;
 * then a collapsible table per status (recorded vs found) and one of the repair, and timings.
 * Kept under GitHub's summary limit (limits.ts): each table shows at most SECTION_ROWS rows and a
 * fair share of the byte budget, and a row in place of the rest counts it ("… and N more") and
 * points at the report artifact (or the full report file).
 */
import type { CheckReport, RepairReport } from './report.js'
import { bySeverity } from './severity.js'
import { STATUSES, type Shown, type Status, type WipeSignature } from '../types.js'
import { escapeMarkdown, markdownCode as code, markdownLink } from '../text/escape.js'
import { SUMMARY_BUDGET } from './limits.js'
import { refusalOf } from '../restore/plan.js'

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
  /** The manifest's path as the reader knows it (relative to the repository); else the report's. */
  manifestPath?: string | undefined
}

function isRepair(r: CheckReport): r is RepairReport {
  return 'repair' in r
}

/** A count with thousands separators, the same on every machine. */
export const count = (n: number): string => n.toLocaleString('en-US')

/** Rows of one status's (or the repair's) table before it only counts the rest. */
export const SECTION_ROWS = 200

/**
 * What each damaged status means and the one thing to do about it. A status without a line here
 * (one added later) is still counted and listed, with the generic line.
 */
const STATUS_TEXT: Partial<Record<Status, { cause: string; action: string }>> = {
  MISSING: {
    cause: 'the path is gone (a fresh runner, a cache miss, a clean step)',
    action: 'restore it from escrow, the cache or its recipe'
  },
  CORRUPT: {
    cause: 'the path is there but its content, size or mode differs from the record',
    action: 'restore the recorded bytes from escrow, the cache or its recipe'
  },
  STRIPPED: {
    cause: 'only exec bits were lost (an artifact or cache round trip that drops modes)',
    action: 'put the recorded modes back'
  },
  EMPTY: {
    cause: 'the path is there but empty',
    action: 'restore its content from escrow, the cache or its recipe'
  },
  BROKENLNK: {
    cause: 'a symlink whose target is gone',
    action: 'restore the link or what it points at'
  },
  TYPE: {
    cause: 'another kind of file is in its place (a directory for a file, a file for a link)',
    action: 'move the stranger aside and restore the entry'
  },
  SKIPPED: {
    cause: 'it could not be checked (unreadable, or outside what this run checks)',
    action: 'read the reason in its row and make the path readable'
  },
  SMOKEFAIL: {
    cause: 'it verifies, but its smoke command failed',
    action: 'run its smoke command by hand and fix what it reports'
  }
}
const GENERIC_TEXT = {
  cause: 'the entry does not match its record',
  action: 'see the reason in its row'
}

/** What each wipe signature asks of the reader, beside its cause from the diagnosis. */
const SIGNATURE_ACTION: Partial<Record<WipeSignature, string>> = {
  'cold-start': 'expected on a fresh runner: run `doctor` to restore, and keep a cache source',
  'permission-reset': 'run `doctor` to put the modes back; keep modes in the artifact or cache',
  injection: 'find the step that writes into tracked trees; `doctor` restores the recorded trees',
  'credential-loss': 'restore the credentials from escrow or a secret, then re-run',
  'exclusion-sweep': 'run `doctor`, or stop the snapshot or cache rules excluding these paths',
  'size-cap-eviction': 'run `doctor`, and raise or avoid the size cap that evicted the blobs',
  'partial-restore': 'run `doctor`, and check the restore or download that stopped part-way',
  'local-corruption': 'run `doctor` to restore the damaged entries',
  mixed: 'run `doctor`, then read each status below'
}

export function renderMarkdown(r: CheckReport, ctx: MarkdownContext = {}): string {
  const outcome = isRepair(r) ? r.repair.outcome : r.verdict
  const head: string[] = []
  const s = r.summary
  const what =
    isRepair(r) && r.repair.steps.length > 0
      ? `${count(r.repair.steps.filter(x => x.outcome === 'repaired').length)} of ${count(r.repair.steps.length)} repairs succeeded, ${count(s.ok)}/${count(s.entries)} healthy now`
      : `${count(s.ok)}/${count(s.entries)} entries healthy`
  head.push(`### swr ${r.command}: ${ICON[outcome] ?? ''} ${outcome}`, '', what, '')
  const damaged = bySeverity(r.results)
  const statuses = STATUSES.filter(st => st !== 'OK')
    .map(st => ({ st, rows: damaged.filter(f => f.status === st) }))
    .filter(x => x.rows.length > 0)
  if (statuses.length > 0) {
    head.push(
      `**${count(damaged.length)} damaged:** ${statuses.map(x => `${count(x.rows.length)} ${x.st}`).join(' · ')}`,
      ''
    )
    // After a repair, what is left is what every source failed to heal: the table below says why.
    const after = isRepair(r) && r.repair.steps.length > 0
    for (const { st, rows } of statuses) {
      const t = STATUS_TEXT[st] ?? GENERIC_TEXT
      const action = after
        ? 'no source healed it: the Repair table below says why; give it a working source'
        : t.action
      head.push(`- **${st}** (${count(rows.length)}): ${t.cause}. To do: ${action}.`)
    }
    head.push('')
  }
  const signature = isRepair(r) ? r.repair.before.signature : r.diagnosis.signature
  if (signature !== 'healthy') {
    const todo = SIGNATURE_ACTION[signature as WipeSignature]
    head.push(
      `**Wipe signature:** \`${signature}\`${isRepair(r) ? ' (before repair)' : ''}: ${cell(isRepair(r) ? r.repair.before.cause : r.diagnosis.cause)}${todo && !isRepair(r) ? ` To do: ${todo}.` : ''}`,
      ''
    )
  }
  if (isRepair(r) && r.repair.gate && !r.repair.gate.allowed) {
    const recipes = r.repair.plan.some(w => w.some(st => st.sources.includes('recipe')))
    head.push(
      `> [!WARNING]`,
      recipes
        ? `> No recipe ran: ${cell(r.repair.gate.reason)}`
        : `> Nothing was restored: ${cell(refusalOf(r.repair.plan, r.repair.gate.reason))}`,
      ''
    )
  }
  const sections: Section[] =
    statuses.length > 0
      ? statuses.map(({ st, rows }) => ({
          head: [
            `<details><summary>${st}: ${count(rows.length)} entr${rows.length === 1 ? 'y' : 'ies'}</summary>`,
            '',
            '| Entry | Path | Tier | Found | Recorded | Now |',
            '|---|---|---|---|---|---|'
          ],
          rows: rows.map(
            f =>
              `| ${code(f.id)} | ${code(f.path, { max: CELL_CHARS })} | ${f.tier} | ${cell(f.detail)} | ${cell(shown(f.recorded))} | ${cell(shown(f.found))} |`
          ),
          cut: (n, where) => `| … and ${count(n)} more ${st} | | | see ${where} | | |`,
          foot: ['', '</details>', '']
        }))
      : [{ head: ['All entries verify.', ''], rows: [], cut: () => '' }]
  if (isRepair(r) && r.repair.steps.length > 0) {
    const tiers = new Map(r.repair.plan.flat().map(p => [p.id, p.tier]))
    sections.push({
      head: [
        `<details><summary>Repair: ${count(r.repair.steps.length)} step${r.repair.steps.length === 1 ? '' : 's'}</summary>`,
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
      cut: (n, where) => `| … | … and ${count(n)} more steps | | | see ${where} | | |`,
      foot: ['', '</details>', '']
    })
  } else if (isRepair(r) && r.repair.plan.length > 0) {
    sections.push({
      head: ['#### Repair plan (not run)', ''],
      rows: r.repair.plan
        .flat()
        .map(
          st =>
            `- tier ${st.tier} ${code(st.id)} from ${cell(st.source)}${st.after.length ? ` after ${cell(st.after.join(', '))}` : ''}`
        ),
      cut: (n, where) => `- … and ${count(n)} more steps: see ${where}`
    })
  }
  const artifact = ctx.reportArtifact
    ? markdownLink(`artifact ${ctx.reportArtifact.name}`, ctx.reportArtifact.url)
    : undefined
  const tail = [
    ...(artifact ? [`Full report and SARIF: ${artifact}`, ''] : []),
    `<sub>manifest ${cell(ctx.manifestPath ?? r.manifest.path)} · digest \`${r.manifest.digest.slice(0, 16)}\` · version ${r.manifest.version} · ${count(r.timing.ms)} ms · swr ${cell(r.tool.version)}</sub>`
  ]
  const where = artifact ?? (ctx.reportPath ? code(ctx.reportPath) : 'the JSON report')
  return fitSections(head, sections, tail, where, SUMMARY_BUDGET, SECTION_ROWS)
}

/** A table (or list) whose rows may be cut to fit; `cut` is the row that stands for the rest. */
export interface Section {
  head: string[]
  rows: string[]
  cut: (n: number, where: string) => string
  /** Lines after the rows (and the cut row): the end of a collapsible section. */
  foot?: string[]
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
  budget: number,
  maxRows = Number.MAX_SAFE_INTEGER
): string {
  const markers = sections.map(s => s.cut(Number.MAX_SAFE_INTEGER, where))
  let room =
    budget -
    bytes([...head, ...tail, ...sections.flatMap(s => [...s.head, ...(s.foot ?? [])]), ...markers])
  const order = sections
    .map((s, i) => ({ i, need: bytes(s.rows.slice(0, maxRows)) }))
    .sort((a, b) => a.need - b.need)
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
      if (n > left || kept.length >= maxRows) break
      kept.push(row)
      left -= n
    }
    out.push(...s.head, ...kept)
    if (kept.length < s.rows.length) out.push(s.cut(s.rows.length - kept.length, where))
    out.push(...(s.foot ?? []))
  })
  return [...out, ...tail].join('\n') + '\n'
}
