/**
 * Annotations for pull requests: one per damaged entry, most severe first, on the manifest line
 * that declares it (and on the entry's own file when the repository tracks it, so the annotation
 * shows on that file's diff too). GitHub shows at most 10 errors per step; the rest are counted
 * in one notice instead of vanishing silently.
 */
import type { CheckReport } from './report.js'
import { bySeverity } from './severity.js'
import { escapeText as e } from './escape.js'

export interface Annotation {
  level: 'error' | 'warning' | 'notice'
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
  maxErrors?: number
}

export function annotationsFor(report: CheckReport, ctx: AnnotationContext): Annotation[] {
  const max = ctx.maxErrors ?? 10
  const out: Annotation[] = []
  const left: string[] = []
  for (const f of bySeverity(report.results)) {
    const advice = report.diagnosis.advice.find(a => a.id === f.id)
    const message = `${e(f.detail)}${advice ? `\nCause: ${e(advice.cause)}\nFix: ${e(advice.fix)}` : ''}`
    const title = `swr: ${f.status} ${e(f.id)}`
    const places: Annotation[] = [
      { level: 'error', title, message, file: ctx.manifestUri, startLine: ctx.lines.get(f.id) ?? 1 }
    ]
    const own = f.kind === 'file' || f.kind === 'blob' ? ctx.trackedPath(f.path) : undefined
    if (own) places.push({ level: 'error', title, message, file: own, startLine: 1 })
    if (left.length > 0 || out.length + places.length > max) {
      left.push(`${f.status} ${e(f.id)}`)
      continue
    }
    out.push(...places)
  }
  if (left.length > 0) {
    out.push({
      level: 'notice',
      title: `swr: ${left.length} more damaged entries`,
      message: `${left.join(', ')} (GitHub shows at most ${max} error annotations per step; see the job summary)`
    })
  }
  return out
}
