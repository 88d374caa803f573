/**
 * What every authoring scan shares: the names no scan enters (VCS metadata, swr's own directory),
 * sorted directory listings that never throw, a bound on how much of a huge workspace one scan
 * may look at, and ignore rules that name exactly one path.
 */
import fs from 'node:fs'

/** Version-control metadata: changes on every fetch, restored by the VCS, never worth an entry. */
export const VCS_DIRS: ReadonlySet<string> = new Set(['.git', '.hg', '.svn'])

/** swr's own directory beside a manifest. */
export const SWR_DIR = '.swr'

/** A $HOME workspace can hold millions of files: one scan looks at no more than this many. */
export const MAX_SCAN = 200_000

export function isMetaName(name: string): boolean {
  return VCS_DIRS.has(name) || name === SWR_DIR
}

/** Directory entries in the tree walk's order (JavaScript string order); [] when unreadable. */
export function listDir(abs: string): string[] {
  try {
    return fs.readdirSync(abs).sort()
  } catch {
    return []
  }
}

export function lstatOf(abs: string): fs.Stats | undefined {
  try {
    return fs.lstatSync(abs)
  } catch {
    return undefined
  }
}

export function isExecutable(st: fs.Stats): boolean {
  return (st.mode & 0o111) !== 0
}

export interface ScanBudget {
  /** Count one more path; false once the budget is spent. */
  take(): boolean
  readonly exhausted: boolean
}

export function scanBudget(limit = MAX_SCAN): ScanBudget {
  let seen = 0
  return {
    take: () => ++seen <= limit,
    get exhausted() {
      return seen > limit
    }
  }
}

/**
 * An ignore rule matching exactly `inner` (a path relative to the tree): anchored with a leading
 * slash, because a bare name would match at any depth, and with glob characters escaped.
 */
export function literalRule(inner: string): string {
  return '/' + inner.replace(/[\\*?[\]{}()!+@]/g, c => `\\${c}`)
}

/** `rel` joined below `dir` in manifest spelling ("" is the workspace root). */
export function joinRel(dir: string, name: string): string {
  return dir ? `${dir}/${name}` : name
}
