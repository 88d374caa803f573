/**
 * A tree's ignore rules, read with .gitignore semantics by the `ignore` package: a rule without a
 * slash matches a name at any depth, one with a slash is anchored to the tree, a trailing slash
 * matches directories only, `!` re-includes (never below an ignored directory: the walk does not
 * enter it), `**` spans directories, `#` starts a comment and `\` escapes. Matching is
 * case-sensitive, as on Linux.
 *
 * Rules are manifest strings (hostile until the gate passes, and `check` reads unsigned
 * manifests), and a glob's match time grows with what it may backtrack over, so a rule set is
 * bounded: at most MAX_GLOB_RULES globs of MAX_RULE_CHARS characters, MAX_WILDCARDS wildcards
 * each and one `**` (two let a match backtrack over every pair of directories: a 2,000-level
 * chain took seconds per rule; within the bounds the worst rule measured under a second for it). Plain names (most rules: node_modules, .git) go through a Set
 * and cost nothing; the parallel and native walks take only those and step aside for globs.
 */
import ignore from 'ignore'
import { UsageError } from '../errors.js'

export const MAX_GLOB_RULES = 16
export const MAX_RULE_CHARS = 128
export const MAX_WILDCARDS = 8

/** A rule that is exactly one name: matched by equality, and by `find -name` in the native walk. */
export function isPlainName(rule: string): boolean {
  // Leading "#" is a comment and trailing blanks are dropped in gitignore: not plain names.
  return /^[^/*?[\]{}!\\#]+$/.test(rule) && rule.trim() === rule
}

/** Why one glob rule is too complex to match in bounded time, or undefined. */
export function ruleProblem(rule: string): string | undefined {
  if (isPlainName(rule)) return undefined
  if (rule.length > MAX_RULE_CHARS) return `is longer than ${MAX_RULE_CHARS} characters`
  const wildcards = rule.match(/[*?[]/g)?.length ?? 0
  if (wildcards > MAX_WILDCARDS) return `has more than ${MAX_WILDCARDS} wildcards`
  // Two "**" (a leading "**/" counts) let a match backtrack over every pair of directories.
  if ((rule.match(/\*\*/g)?.length ?? 0) > 1) return 'has more than one "**"'
  return undefined
}

/** Every problem of a rule set, as [index, text]. */
export function ruleSetProblems(rules: readonly string[]): [number, string][] {
  const out: [number, string][] = []
  rules.forEach((r, i) => {
    const p = ruleProblem(r)
    if (p) out.push([i, p])
  })
  const globs = rules.flatMap((r, i) => (isPlainName(r) ? [] : [i]))
  const over = globs[MAX_GLOB_RULES]
  if (over !== undefined)
    out.push([over, `is one of ${globs.length} glob rules (at most ${MAX_GLOB_RULES})`])
  return out
}

/** True when the rules are all plain names (the fast walks' case). */
export function allPlainNames(rules: readonly string[]): boolean {
  return rules.every(isPlainName)
}

export type IgnoreMatcher = (rel: string, name: string, isDir?: boolean) => boolean

/**
 * The matcher: `rel` is the path relative to the tree, `name` its last segment, `isDir` whether it
 * is a directory (trailing-slash rules match only those). Throws on a rule set over the bounds.
 */
export function ignoreMatcher(rules: readonly string[]): IgnoreMatcher {
  if (rules.length === 0) return () => false
  const problem = ruleSetProblems(rules)[0]
  if (problem)
    throw new UsageError(`ignore rule ${JSON.stringify(rules[problem[0]])} ${problem[1]}`)
  if (allPlainNames(rules)) {
    const names = new Set(rules)
    return (_rel, name) => names.has(name)
  }
  // With a negation anywhere, order matters: every rule goes to the gitignore matcher.
  const negated = rules.some(r => r.startsWith('!'))
  const names = new Set(negated ? [] : rules.filter(isPlainName))
  const ig = ignore({ ignorecase: false }).add(rules.filter(r => !names.has(r)))
  return (rel, name, isDir = false) => names.has(name) || ig.ignores(isDir ? `${rel}/` : rel)
}
