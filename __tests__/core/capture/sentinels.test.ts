/**
 * pickSentinels picks in one pass what a sort used to pick: up to two project markers at the
 * root, then the deepest usable file outside volatile directories (the first by name among the
 * deepest). Checked against that sort on generated trees with ties, volatile directories and
 * names that cannot be manifest paths.
 */
import { describe, expect, it } from '@jest/globals'
import { pickSentinels, PROJECT_MARKERS } from '../../../src/core/capture/sentinels.js'
import { VOLATILE_DIRS } from '../../../src/core/capture/volatile-dirs.js'
import { innerPathProblem } from '../../../src/core/manifest/paths.js'

const MARKERS = ['package.json', 'go.mod', 'Cargo.toml', 'README.md']

/** The sort the one pass replaced. */
function bySort(files: readonly string[]): string[] {
  const usable = files.filter(f => innerPathProblem(f) === undefined)
  const set = new Set(usable)
  const picked = [...PROJECT_MARKERS, 'SKILL.md', 'README.md'].filter(m => set.has(m)).slice(0, 2)
  const deepest = [...usable]
    .filter(f => !f.split('/').some(s => VOLATILE_DIRS.has(s)))
    .sort((a, b) => b.split('/').length - a.split('/').length || (a < b ? -1 : 1))[0]
  if (deepest && !picked.includes(deepest)) picked.push(deepest)
  return picked
}

/** mulberry32: the same trees on every run. */
function rng(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) | 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const volatile = [...VOLATILE_DIRS][0] ?? 'node_modules'
const NAMES = ['a', 'b', 'lib', 'src', 'z', volatile, 'Cafe\u0301', 'x\u0000y', ...MARKERS]

function tree(seed: number): string[] {
  const r = rng(seed)
  const out = new Set<string>()
  for (let i = 0; i < 200; i++) {
    const depth = 1 + Math.floor(r() * 6)
    const parts = Array.from({ length: depth }, () => NAMES[Math.floor(r() * NAMES.length)]!)
    out.add(parts.join('/'))
  }
  return [...out]
}

describe('pickSentinels', () => {
  it('picks what sorting by depth, then by name, picked', () => {
    for (let seed = 1; seed <= 300; seed++) {
      const files = tree(seed)
      expect(pickSentinels(files)).toEqual(bySort(files))
    }
  })

  it('skips volatile directories and unusable names however deep they are', () => {
    const deep = `a/b/c/d/e/f/${volatile}/x.js`
    expect(pickSentinels(['a/b.js', deep, 'a/b/c/Cafe\u0301.js', 'a/b/c.js'])).toEqual(['a/b/c.js'])
  })
})
