/**
 * Where the paths of a cache step are: each line of its `path` input resolved the way the cache
 * client resolves it (relative to the workspace, `~/` to the home directory, absolute as given),
 * and named the way its archive names it (relative to the workspace, POSIX). Sealed caches take
 * literal paths: a glob or an exclusion would make the set of paths depend on what is on disk,
 * so the seal could not say which paths it vouches for.
 */
import path from 'node:path'
import { UsageError } from '../errors.js'
import { isControl, quoted } from '../text/escape.js'

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

/**
 * The seal's directory while a cache is saved: in the workspace, so that its spelling and archive
 * name are the same on every runner layout. No step path may be it or hold it.
 */
export const SEAL_DIR = '.swr-seal'

const GLOB = /[*?[\]{}]/
const MAX_PATHS = 64

/**
 * A `path` line actions/cache takes and a sealed cache cannot yet (a glob, an exclusion): the
 * shell turns it into one warning and a miss or a skipped save, never a failed step.
 */
export class UnsupportedPath extends UsageError {}

function resolveOne(line: string, where: { workspace: string; home: string }): string {
  if (line.startsWith('!'))
    throw new UnsupportedPath(
      `path ${quoted(line)}: an exclusion; sealed caches take literal paths (one per line)`
    )
  if (GLOB.test(line))
    throw new UnsupportedPath(
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
    const sealDir = path.join(where.workspace, SEAL_DIR)
    if (abs === sealDir || isWithin(abs, sealDir) || isWithin(where.workspace, abs))
      throw new UsageError(
        `path ${quoted(line)}: ${isWithin(where.workspace, abs) ? 'holds the whole workspace' : `${SEAL_DIR} is where the seal is made while saving`}`
      )
    for (const o of out)
      if (
        o.abs === abs ||
        abs.startsWith(`${o.abs}${path.sep}`) ||
        o.abs.startsWith(`${abs}${path.sep}`)
      )
        throw new UsageError(`path ${quoted(line)}: overlaps ${quoted(o.spelling)}`)
    const member = path.relative(where.workspace, abs).split(path.sep).join('/')
    out.push({ spelling: line, abs, member })
  }
  return out
}

/** `inner` is below `outer` (not equal). */
function isWithin(inner: string, outer: string): boolean {
  return (
    inner.startsWith(`${outer}${path.sep}`) || (outer === path.parse(outer).root && inner !== outer)
  )
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
