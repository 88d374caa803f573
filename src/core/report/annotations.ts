/**
 * Annotations for pull requests: one per damaged entry, most severe first, at the level SARIF
 * gives its status, on the manifest line that declares it (and on the entry's own file when the
 * repository tracks it, so the annotation shows on that file's diff too). GitHub shows only a few
 * annotations of each level per step (limits.ts); the entries beyond that are counted in one
 * notice that names the first few and points at the full report, instead of vanishing silently.
 */
import type { CheckReport } from './report.js'
import { bySeverity, LEVEL } from './severity.js'
import type { EntryAdvice } from '../types.js'
import { escapeText } from '../text/escape.js'
import { ANNOTATION_MESSAGE_CHARS, GITHUB_ANNOTATIONS_PER_LEVEL, NOTICE_IDS } from './limits.js'

export type AnnotationLevel = 'error' | 'warning' | 'notice'

export interface Annotation {
  level: AnnotationLevel
  title: string
  message: string
  file?: string
  startLine?: number
}

export interface AnnotationContext {
  manifestUri: string
  lines: ReadonlyMap<string, number>
  /** The entry's path relative to the repository root when git tracks it as a file. */
  trackedPath: (workspacePath: string) => string | undefined
  /** Annotations of each level this step may still show (default: GitHub's per-step limit). */
  room?: Partial<Record<AnnotationLevel, number>>
  /** Where the full JSON report is, for the overflow notice. */
  reportPath?: string | undefined
}

const e = (s: string, max = ANNOTATION_MESSAGE_CHARS): string => escapeText(s, { max })

/**
 * The message's lines: each untrusted piece escaped once, on its own line. The line breaks are
 * swr's and stay real (the printer percent-encodes them as `%0A`); escaping the joined text would
 * show them as a literal `\n`. Shares of the message's budget, so a hostile 10 MB detail can
 * neither exceed it nor crowd out the cause and fix.
 */
function messageOf(detail: string, advice: EntryAdvice | undefined): string {
  if (!advice) return e(detail)
  const quarter = Math.floor(ANNOTATION_MESSAGE_CHARS / 4)
  return [
    e(detail, 2 * quarter),
    `Cause: ${e(advice.cause, quarter)}`,
    `Fix: ${e(advice.fix, quarter)}`
  ].join('\n')
}

function levelOf(status: keyof typeof LEVEL): AnnotationLevel {
  const l = LEVEL[status]
  return l === 'note' ? 'notice' : l
}

export function annotationsFor(report: CheckReport, ctx: AnnotationContext): Annotation[] {
  const room = (l: AnnotationLevel): number =>
    Math.max(0, ctx.room?.[l] ?? GITHUB_ANNOTATIONS_PER_LEVEL)
  // One notice is kept back for the overflow count.
  const left: Record<AnnotationLevel, number> = {
    error: room('error'),
    warning: room('warning'),
    notice: room('notice') - 1
  }
  const out: Annotation[] = []
  const cut: string[] = []
  const adviceById = new Map(report.diagnosis.advice.map(a => [a.id, a]))
  for (const f of bySeverity(report.results)) {
    const level = levelOf(f.status)
    const advice = adviceById.get(f.id)
    const message = messageOf(f.detail, advice)
    const title = `swr: ${f.status} ${e(f.id, 200)}`
    const places: Annotation[] = [
      { level, title, message, file: ctx.manifestUri, startLine: ctx.lines.get(f.id) ?? 1 }
    ]
    const own = f.kind === 'file' || f.kind === 'blob' ? ctx.trackedPath(f.path) : undefined
    if (own) places.push({ level, title, message, file: own, startLine: 1 })
    if (places.length > left[level]) {
      cut.push(`${f.status} ${e(f.id, 200)}`)
      continue
    }
    left[level] -= places.length
    out.push(...places)
  }
  if (cut.length > 0 && room('notice') > 0) out.push(overflowNotice(cut, ctx.reportPath))
  return out
}

/** The entries left unannotated: counted, the first few named, and where to find them all. */
function overflowNotice(cut: readonly string[], reportPath: string | undefined): Annotation {
  const named = cut.slice(0, NOTICE_IDS).join(', ')
  const more = cut.length > NOTICE_IDS ? ` and ${cut.length - NOTICE_IDS} more` : ''
  return {
    level: 'notice',
    title: `swr: ${cut.length} more damaged entries not annotated`,
    message: `${named}${more}. GitHub shows ${GITHUB_ANNOTATIONS_PER_LEVEL} annotations of each level per step; the job summary and the full report${reportPath ? ` (${e(reportPath, 1024)})` : ''} list every entry.`
  }
}
