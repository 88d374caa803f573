/**
 * `swr audit`: the read-only first look. It works with no manifest at all (then nothing counts as
 * tracked), so it can show what is worth protecting before anything is written, and every row
 * carries the `swr add` line that tracks it, spelled relative to the current directory so it can
 * be pasted as is.
 */
import path from 'node:path'
import { escapeText as e, EXIT, type ExitCode, author } from '../../../core/index.js'
import type { CliIo } from '../../io.js'
import type { GlobalOptions } from '../../options.js'
import { count, exclusions, printJson, readView, shown, size, target, type View } from './shared.js'

export const DEFAULT_AUDIT_LIMIT = 20

export interface AuditFlags extends GlobalOptions {
  limit?: number
}

export function auditCommand(flags: AuditFlags, io: CliIo): ExitCode {
  const view = readView(flags, io)
  const result = author.auditWorkspace(view.workspace, view.entries, exclusions(view.file, io))
  const limit = flags.limit ?? DEFAULT_AUDIT_LIMIT
  const rows = result.rows.slice(0, limit).map(r => withCommand(r, view, io, target(flags)))
  if (flags.json) {
    printJson(io, {
      schema: 'swr.audit/1',
      manifest: view.found ? view.file : null,
      workspace: view.workspace,
      limit,
      total: result.rows.length,
      truncated_scan: result.truncated,
      candidates: rows
    })
    return EXIT.HEALTHY
  }
  if (flags.quiet && rows.length === 0) return EXIT.HEALTHY
  const out: string[] = [
    view.found
      ? `workspace ${e(view.workspace)} (manifest ${shown(io, view.file)}, ${view.entries.length} entries)\n`
      : `no manifest found: nothing counts as tracked; scanning ${e(view.workspace)}\n`
  ]
  for (const r of rows)
    out.push(
      `${r.kind.padEnd(4)} ${size(r.bytes).padStart(10)} ${count(r.files).padStart(13)}  ${e(r.path)}\n     ${e(r.command)}\n`
    )
  if (rows.length === 0) out.push('nothing untracked worth protecting\n')
  if (result.rows.length > rows.length)
    out.push(
      `${result.rows.length - rows.length} more: --limit ${result.rows.length} shows them all\n`
    )
  if (result.truncated) out.push('note: the scan stopped early; the workspace is very large\n')
  io.stdout.write(out.join(''))
  return EXIT.HEALTHY
}

function withCommand(
  r: author.AuditRow,
  view: View,
  io: CliIo,
  t: author.Target
): Omit<author.AuditRow, 'ignore'> & { command: string } {
  const arg = path.relative(io.cwd, path.join(view.workspace, r.path)) || '.'
  return {
    kind: r.kind,
    path: r.path,
    bytes: r.bytes,
    files: r.files,
    command: author.addCommand(arg, r.ignore, t)
  }
}
