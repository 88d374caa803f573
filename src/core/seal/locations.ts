/**
 * Where the sealed paths of a cache step are: each resolved where this job runs (relative to the
 * workspace, `~/` to the home directory, absolute as given) and named in the archive by what the
 * seal spells (relative to the workspace, POSIX; a `~/` path under `~/`), so the same lines name the
 * same members wherever a job runs. The `path` patterns that give them are in patterns.ts.
 */
import { isControl } from '../text/escape.js'

export interface SealLocation {
  /** As the step names it. */
  spelling: string
  /** Absolute, resolved. */
  abs: string
  /** Its name in the archive. */
  member: string
  /** How to capture it, when the caller knows (a sealed manifest entry); else by what is on disk. */
  kind?: 'file' | 'blob' | 'tree' | undefined
  /** Trees: names or globs left out of the walk. */
  ignore?: string[] | undefined
}

/** Whether `s` holds a control or bidi character (which would break or reorder a log line). */
export function hasControl(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (isControl(s.charCodeAt(i))) return true
  return false
}

/** The lines of a multi-line input: trimmed, empty lines dropped. */
export function inputLines(text: string): string[] {
  return text
    .split('\n')
    .map(l => l.trim())
    .filter(l => l !== '')
}
