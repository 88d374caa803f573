/** Choosing entries of a manifest by id (`--only`). */
import { UsageError } from '../errors.js'
import type { Entry } from '../types.js'

/** The entries `only` names, in manifest order; an unknown id is a usage error. */
export function selectEntries(
  entries: readonly Entry[],
  only: readonly string[] | undefined
): Entry[] {
  if (!only || only.length === 0) return [...entries]
  const known = new Set(entries.map(e => e.id))
  const unknown = only.filter(id => !known.has(id))
  if (unknown.length > 0)
    throw new UsageError(`--only: no entry with id ${unknown.map(u => `"${u}"`).join(', ')}`)
  const wanted = new Set(only)
  return entries.filter(e => wanted.has(e.id))
}
