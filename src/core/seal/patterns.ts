/**
 * The `path` input as `actions/cache` reads it (`@actions/glob`'s rules): one pattern a line, `~`
 * for the home directory, `*`, `?`, `[...]` within a name, `**` across directories, `!` to exclude.
 * A pattern that matches a directory matches everything below it (implicit descendants), and the
 * last pattern that matches a path decides whether it is in (order matters).
 *
 * Saving expands the patterns on disk into sealed paths: the topmost paths selected, each with the
 * exclusions below it as anchored ignore rules of its tree (so `node_modules` +
 * `!node_modules/.cache` seals node_modules without .cache). Restoring needs no disk: the seal's
 * paths must be selected by the step's own patterns, with exactly the rules they give.
 */
import fs from 'node:fs'
import path from 'node:path'
import picomatch from 'picomatch'
import { UsageError } from '../errors.js'
import { quoted } from '../text/escape.js'
import { ruleProblem } from '../walk/ignore-rules.js'
import { hasControl, type SealLocation } from './locations.js'
import { SEAL_MEMBER } from './write-archive.js'

export interface Where {
  workspace: string
  home: string
}

export interface PathPattern {
  /** The line as written. */
  line: string
  negate: boolean
  /** Written from the home directory (`~`). */
  home: boolean
  /** Written absolute. */
  absolute: boolean
  /** The pattern, resolved to an absolute path. */
  abs: string
  /** No wildcard: the pattern names one path. */
  literal: boolean
  /** The deepest directory the pattern's literal part names (where a glob is walked from). */
  base: string
  segs: string[]
  match(abs: string): boolean
}

const GLOB = /[*?[\]{}]/
const MAX_LINES = 64
/** Most directory entries a save's glob walk looks at. */
const MAX_WALKED = 2_000_000

function parseOne(raw: string, where: Where): PathPattern {
  const negate = raw.startsWith('!')
  const text = negate ? raw.slice(1).trim() : raw
  if (text === '') throw new UsageError(`path ${quoted(raw)}: an empty pattern`)
  if (text.startsWith('~') && text !== '~' && !text.startsWith('~/'))
    throw new UsageError(`path ${quoted(raw)}: only ~/ is expanded`)
  const home = text === '~' || text.startsWith('~/')
  const absolute = path.isAbsolute(text)
  const abs = home
    ? path.join(path.resolve(where.home), text.slice(2))
    : path.resolve(where.workspace, text)
  const segs = abs.split(path.sep).slice(1)
  const literal = !GLOB.test(abs)
  const firstGlob = segs.findIndex(s => GLOB.test(s))
  const base = literal
    ? path.dirname(abs)
    : path.join(path.parse(abs).root, ...segs.slice(0, firstGlob))
  const re = literal ? undefined : picomatch(abs, { dot: true })
  return {
    line: raw,
    negate,
    home,
    absolute,
    abs,
    literal,
    base,
    segs,
    match: re ? p => re(p) : p => p === abs
  }
}

/**
 * A `path` line actions/cache takes and a sealed cache cannot (braces below a cached path): the
 * shell turns it into one warning and a miss or a skipped save, never a failed step.
 */
export class UnsupportedPath extends UsageError {}

/** The patterns of a `path` input (one per line), checked; a UsageError naming the line. */
export function parsePatterns(lines: readonly string[], where: Where): PathPattern[] {
  if (lines.length > MAX_LINES) throw new UsageError(`path: more than ${MAX_LINES} lines`)
  const out: PathPattern[] = []
  for (const line of lines) {
    if (hasControl(line)) throw new UsageError(`path ${quoted(line)}: holds a control character`)
    const p = parseOne(line, where)
    // An exclusion becomes ignore rules of the trees it falls in, which have no braces.
    if (p.negate && /[{}]/.test(p.abs))
      throw new UnsupportedPath(
        `path ${quoted(line)}: braces are not supported in an exclusion below a cached path`
      )
    if (!p.negate && p.literal) wholeProblem(p.abs, line, where)
    out.push(p)
  }
  if (!out.some(p => !p.negate)) throw new UsageError('path: give at least one path to cache')
  return out
}

function wholeProblem(abs: string, line: string, where: Where): void {
  const what =
    abs === path.resolve(where.workspace)
      ? 'the whole workspace'
      : abs === path.parse(abs).root
        ? 'the root'
        : abs === path.resolve(where.home)
          ? 'the whole home directory'
          : undefined
  if (what)
    throw new UsageError(
      `path ${quoted(line)}: a sealed cache holds named directories or files, not ${what}`
    )
}

/** `abs` or a directory above it matches `p` (implicit descendants). */
function covers(p: PathPattern, abs: string): boolean {
  for (let a = abs; ; a = path.dirname(a)) {
    if (p.match(a)) return true
    if (a === path.dirname(a)) return false
  }
}

/** Whether the patterns select `abs`: the last pattern that covers it decides. */
export function selected(patterns: readonly PathPattern[], abs: string): boolean {
  let sel = false
  for (const p of patterns) if (covers(p, abs)) sel = !p.negate
  return sel
}

function segMatch(pat: string, name: string): boolean {
  return GLOB.test(pat) ? picomatch.isMatch(name, pat, { dot: true }) : pat === name
}

/** Whether a pattern may match something below the directory whose segments are `dir`. */
function mayMatchBelow(pat: readonly string[], dir: readonly string[]): boolean {
  for (let i = 0; i < dir.length; i++) {
    const s = pat[i]
    if (s === undefined) return false
    if (s === '**') return true
    if (!segMatch(s, dir[i] as string)) return false
  }
  return pat.length > dir.length
}

/** Rules (segment lists relative to `root`) that `pat` makes of paths below `root`. */
function below(pat: readonly string[], root: readonly string[]): string[][] {
  if (root.length === 0) return pat.length > 0 ? [[...pat]] : []
  const [p, ...rest] = pat
  if (p === undefined) return []
  if (p === '**') return [...below(rest, root), ...below(pat, root.slice(1))]
  return segMatch(p, root[0] as string) ? below(rest, root.slice(1)) : []
}

function escapeSeg(s: string): string {
  if (GLOB.test(s)) return s
  return s
    .replace(/\\/g, '\\\\')
    .replace(/^([#!])/, '\\$1')
    .replace(/ $/, '\\ ')
}

/**
 * The ignore rules the patterns give a sealed path's tree at `root`: each exclusion below it,
 * anchored to the tree, and each later pattern below it that includes again, negated.
 */
export function rulesFor(patterns: readonly PathPattern[], root: string): string[] {
  const rootSegs = root.split(path.sep).slice(1)
  const rules: string[] = []
  let excluding = false
  for (const p of patterns) {
    const found = below(p.segs, rootSegs)
    if (found.length === 0) continue
    if (p.negate) excluding = true
    else if (!excluding) continue
    for (const segs of found) {
      const text = segs[0] === '**' ? segs.join('/') : `/${segs.map(escapeSeg).join('/')}`
      if (/[{}]/.test(text))
        throw new UnsupportedPath(
          `path ${quoted(p.line)}: braces are not supported below a cached path`
        )
      const problem = ruleProblem(text)
      if (problem)
        throw new UnsupportedPath(`path ${quoted(p.line)}: as an exclusion it ${problem}`)
      const rule = p.negate ? text : `!${text}`
      if (!rules.includes(rule)) rules.push(rule)
    }
  }
  return rules
}

/** How the seal spells a path a pattern matched, and how the archive names it. */
export function spellingOf(
  p: Pick<PathPattern, 'home' | 'absolute'>,
  abs: string,
  where: Where
): string {
  const posix = (s: string) => s.split(path.sep).join('/')
  if (p.home) return `~/${posix(path.relative(path.resolve(where.home), abs))}`
  if (p.absolute) return abs
  return posix(path.relative(path.resolve(where.workspace), abs))
}

/** A sealed path's spelling, resolved where this job runs (as a literal line would be). */
export function resolveSpelling(spelling: string, where: Where): string {
  if (spelling.startsWith('~/')) return path.join(path.resolve(where.home), spelling.slice(2))
  return path.resolve(where.workspace, spelling)
}

export function memberOf(spelling: string, abs: string, where: Where): string {
  if (spelling.startsWith('~/')) return spelling
  return path.relative(path.resolve(where.workspace), abs).split(path.sep).join('/')
}

/** A sealed path of the patterns, where this job has it. */
export function locationOf(
  patterns: readonly PathPattern[],
  spelling: string,
  where: Where
): SealLocation {
  const abs = resolveSpelling(spelling, where)
  const rules = rulesFor(patterns, abs)
  return {
    spelling,
    abs,
    member: memberOf(spelling, abs, where),
    ...(rules.length > 0 ? { ignore: rules } : {})
  }
}

export interface Expanded {
  locations: SealLocation[]
  /** The include lines that matched nothing on disk. */
  unmatched: string[]
}

/** The patterns expanded on disk: the topmost selected paths, in pattern then name order. */
export function expandPatterns(patterns: readonly PathPattern[], where: Where): Expanded {
  const found: { abs: string; p: PathPattern }[] = []
  const unmatched: string[] = []
  let walked = 0
  const whole = new Set([
    path.resolve(where.workspace),
    path.resolve(where.home),
    path.parse(path.resolve(where.workspace)).root
  ])
  for (const p of patterns) {
    if (p.negate) continue
    const before = found.length
    if (p.literal) {
      if (fs.lstatSync(p.abs, { throwIfNoEntry: false })) found.push({ abs: p.abs, p })
    } else {
      const walk = (dir: string, segs: string[]): void => {
        let names: fs.Dirent[]
        try {
          names = fs.readdirSync(dir, { withFileTypes: true })
        } catch {
          return
        }
        names.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
        for (const d of names) {
          if (++walked > MAX_WALKED)
            throw new UsageError(
              `path ${quoted(p.line)}: matches over more than ${MAX_WALKED} entries`
            )
          const abs = path.join(dir, d.name)
          const childSegs = [...segs, d.name]
          if (p.match(abs)) {
            if (!whole.has(abs)) found.push({ abs, p })
          } else if (d.isDirectory() && mayMatchBelow(p.segs, childSegs)) walk(abs, childSegs)
        }
      }
      walk(
        p.base,
        p.base
          .split(path.sep)
          .slice(1)
          .filter(s => s !== '')
      )
    }
    if (found.length === before) unmatched.push(p.line)
  }
  const roots: { abs: string; p: PathPattern }[] = []
  for (const f of found) {
    if (!selected(patterns, f.abs)) continue
    if (roots.some(r => r.abs === f.abs || f.abs.startsWith(`${r.abs}${path.sep}`))) continue
    for (let i = roots.length - 1; i >= 0; i--)
      if ((roots[i] as { abs: string }).abs.startsWith(`${f.abs}${path.sep}`)) roots.splice(i, 1)
    roots.push(f)
  }
  const locations = roots.map(r => {
    const spelling = spellingOf(r.p, r.abs, where)
    const loc = locationOf(patterns, spelling, where)
    if (loc.member === SEAL_MEMBER)
      throw new UsageError(`path ${quoted(r.p.line)}: matches the name the archive's seal takes`)
    return loc
  })
  return { locations, unmatched }
}
