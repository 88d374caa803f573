/**
 * Where the paths of a cache step are: each line of its `path` input resolved the way the cache
 * client resolves it (relative to the workspace, `~/` to the home directory, absolute as given),
 * and named in the archive by what the line says (relative to the workspace, POSIX; a `~/` line
 * under `~/`), so the same lines name the same members wherever a job runs. Sealed caches take
 * literal paths: a glob or an exclusion would make the set of paths depend on what is on disk,
 * so the seal could not say which paths it vouches for.
 */
import path from 'node:path'
import { UsageError } from '../errors.js'
import { isControl, quoted } from '../text/escape.js'
import { SEAL_MEMBER } from './write-archive.js'

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

const GLOB = /[*?[\]{}]/
const MAX_PATHS = 64

function resolveOne(line: string, where: { workspace: string; home: string }): string {
  if (line.startsWith('!'))
    throw new UsageError(`path ${quoted(line)}: exclusions are not supported by sealed caches`)
  if (GLOB.test(line))
    throw new UsageError(
      `path ${quoted(line)}: a glob; sealed caches take literal paths (one per line)`
    )
  if (line === '~' || line.startsWith('~/')) return path.resolve(where.home, line.slice(2) || '.')
  if (line.startsWith('~')) throw new UsageError(`path ${quoted(line)}: only ~/ is expanded`)
  return path.resolve(where.workspace, line)
}

/** The paths of a `path` input (one per line), resolved and checked; a UsageError naming the line. */
export function sealLocations(
  lines: readonly string[],
  where: { workspace: string; home: string }
): SealLocation[] {
  if (lines.length === 0) throw new UsageError('path: give at least one path to cache')
  if (lines.length > MAX_PATHS) throw new UsageError(`path: more than ${MAX_PATHS} paths`)
  const out: SealLocation[] = []
  for (const line of lines) {
    if (hasControl(line)) throw new UsageError(`path ${quoted(line)}: holds a control character`)
    const abs = resolveOne(line, where)
    if (
      abs === path.parse(abs).root ||
      abs === path.resolve(where.home) ||
      abs === path.resolve(where.workspace)
    )
      throw new UsageError(
        `path ${quoted(line)}: a sealed cache holds named directories or files, not ${abs === path.resolve(where.workspace) ? 'the whole workspace' : abs === path.parse(abs).root ? 'the root' : 'the whole home directory'}`
      )
    for (const o of out)
      if (
        o.abs === abs ||
        abs.startsWith(`${o.abs}${path.sep}`) ||
        o.abs.startsWith(`${abs}${path.sep}`)
      )
        throw new UsageError(`path ${quoted(line)}: overlaps ${quoted(o.spelling)}`)
    // Named by what the line says, never by where this job's workspace or home lies.
    const member = (
      line === '~' || line.startsWith('~/')
        ? `~/${path.relative(path.resolve(where.home), abs)}`
        : path.relative(where.workspace, abs)
    )
      .split(path.sep)
      .join('/')
    if (member === SEAL_MEMBER)
      throw new UsageError(`path ${quoted(line)}: the name the archive's seal takes`)
    out.push({ spelling: line, abs, member })
  }
  return out
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
