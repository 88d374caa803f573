/**
 * Which files of a captured tree become its sentinels: project markers at the root, then the
 * deepest non-empty file. Picked one path at a time, so a tree's paths are never all held at once.
 */
import { VOLATILE_DIRS } from './volatile-dirs.js'
import { innerPathProblem } from '../manifest/paths.js'

/** Build and project files whose presence at a tree's root says what the tree is. */
export const PROJECT_MARKERS = [
  'package.json',
  'CMakeLists.txt',
  'go.mod',
  'Cargo.toml',
  'pyproject.toml',
  'setup.py',
  'Makefile',
  'pom.xml',
  'build.gradle',
  'Gemfile'
]

/** Markers whose presence at a tree's root makes a good sentinel. */
const MARKERS = [...PROJECT_MARKERS, 'SKILL.md', 'README.md']
const MARKER_SET = new Set(MARKERS)

/** A sentinel is a manifest path: names that are not (not UTF-8, not NFC) cannot be one. */
const usable = (f: string): boolean => innerPathProblem(f) === undefined

/**
 * Up to three sentinels from the non-empty files given one by one (any order): known markers at
 * the root, then the deepest file. One pass, not a sort (a sort splits each of a large tree's
 * paths at every comparison); a path is split and checked only when it would be the deepest so far.
 */
export class SentinelPicker {
  private readonly markers = new Set<string>()
  private deepest: string | undefined
  /** The depth (slashes) of the deepest file taken so far; -1 before the first. */
  depth = -1

  add(f: string): void {
    if (MARKER_SET.has(f)) this.markers.add(f)
    const d = slashes(f)
    if (d < this.depth || (d === this.depth && this.deepest !== undefined && f > this.deepest))
      return
    if (!deepUsable(f)) return
    this.deepest = f
    this.depth = d
  }

  picked(): string[] {
    const picked = MARKERS.filter(m => this.markers.has(m) && usable(m)).slice(0, 2)
    if (this.deepest && !picked.includes(this.deepest)) picked.push(this.deepest)
    return picked
  }
}

/** Up to three sentinels among `files` (see SentinelPicker). */
export function pickSentinels(files: readonly string[]): string[] {
  const picker = new SentinelPicker()
  for (const f of files) picker.add(f)
  return picker.picked()
}

/** Whether `f` may be the deepest sentinel: a manifest path outside volatile directories. */
export function deepUsable(f: string): boolean {
  return !f.split('/').some(s => VOLATILE_DIRS.has(s)) && usable(f)
}

function slashes(f: string): number {
  let n = 0
  for (let i = f.indexOf('/'); i !== -1; i = f.indexOf('/', i + 1)) n++
  return n
}
