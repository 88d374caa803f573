/**
 * What an editing command changed, in one wording for edit, rm and rescan: per entry, each field
 * as `before -> after` (text) or the same as data (--json). Manifest strings are untrusted: every
 * value is escaped and bounded before it reaches a line.
 */
import { escapeText, type SavedEdit, manifests } from '../core/index.js'
import type { CliIo } from './io.js'

export interface EntryChanges {
  id: string
  changes: manifests.FieldChange[]
}

const VALUE_MAX = 120

export function showValue(v: unknown): string {
  if (v === undefined) return '(none)'
  if (typeof v === 'number') return v.toLocaleString('en-US')
  return escapeText(typeof v === 'string' ? JSON.stringify(v) : JSON.stringify(v), {
    max: VALUE_MAX
  })
}

export function printChanges(io: CliIo, verb: string, list: readonly EntryChanges[]): void {
  for (const { id, changes } of list) {
    if (changes.length === 0) {
      io.stdout.write(`${escapeText(id)}: unchanged\n`)
      continue
    }
    io.stdout.write(`${verb} "${escapeText(id)}":\n`)
    for (const c of changes)
      io.stdout.write(`  ${c.field}: ${showValue(c.before)} -> ${showValue(c.after)}\n`)
  }
}

/** The closing line every editing command prints: signed, or why not. */
export function savedLine(saved: SavedEdit, note: string | undefined): string {
  return saved.signed
    ? `signed version ${saved.version}, digest ${saved.digest}\n`
    : `note: ${saved.note ?? note ?? 'manifest is unsigned: run "swr sign" to approve it'}\n`
}

export function savedFields(saved: SavedEdit | undefined): Record<string, unknown> {
  return saved
    ? { written: true, signed: saved.signed, version: saved.version, digest: saved.digest }
    : { written: false }
}
