/**
 * Planning a repair, purely (no fs, no processes): tier order, `needs` edges that outrank tiers,
 * waves of independent same-tier steps, healthy dependencies left out, and the source of each
 * step (escrow before recipe before nothing).
 */
import { describe, expect, it } from '@jest/globals'
import { blobEntry, fileEntry, linkEntry, treeEntry } from '../../../__fixtures__/manifest.js'
import { stateKey } from '../../../src/core/cache-port.js'
import { planRepair, planSteps, type Plan } from '../../../src/core/restore/plan.js'
import { sourcesOf } from '../../../src/core/restore/sources/index.js'
import type { Entry, Finding, Status } from '../../../src/core/types.js'

/** A finding for `e` with this status (what a check would report). */
function finding(e: Entry, status: Status, detail = `${e.id} is ${status.toLowerCase()}`): Finding {
  return {
    id: e.id,
    kind: e.kind,
    path: e.path,
    tier: e.tier,
    status,
    reason: status === 'OK' ? 'ok' : 'test',
    detail,
    recorded: {},
    found: {},
    cached: false
  }
}

/** Every entry damaged (MISSING) unless named in `healthy`. */
function findings(entries: Entry[], healthy: string[] = []): Finding[] {
  return entries.map(e => finding(e, healthy.includes(e.id) ? 'OK' : 'MISSING'))
}

const ids = (plan: Plan): string[][] => plan.waves.map(w => w.map(s => s.id))
const R = 'true'

describe('order', () => {
  it('runs lower tiers first', () => {
    const entries: Entry[] = [
      fileEntry('build', 'build/out', { tier: 4, restore: R }),
      fileEntry('script', 'bin/run.sh', { tier: 1, restore: R }),
      fileEntry('cred', 'creds/token', { tier: 0, restore: R }),
      treeEntry('src', 'src', { tier: 2, restore: R }),
      blobEntry('model', 'models/m.bin', { tier: 3, restore: R })
    ]
    const plan = planRepair(entries, findings(entries))
    expect(ids(plan)).toEqual([['cred'], ['script'], ['src'], ['model'], ['build']])
    expect(planSteps(plan).map(s => s.tier)).toEqual([0, 1, 2, 3, 4])
  })

  it('a tier-1 entry that needs a tier-2 entry runs after it', () => {
    const entries: Entry[] = [
      fileEntry('tool', 'bin/tool.sh', { tier: 1, needs: ['src'], restore: R }),
      fileEntry('other', 'bin/other.sh', { tier: 1, restore: R }),
      treeEntry('src', 'src', { tier: 2, restore: R }),
      fileEntry('cred', 'creds/token', { tier: 0, restore: R })
    ]
    const plan = planRepair(entries, findings(entries))
    expect(ids(plan)).toEqual([['cred'], ['other'], ['src'], ['tool']])
    const steps = planSteps(plan)
    const at = (id: string): number => steps.findIndex(s => s.id === id)
    expect(at('tool')).toBeGreaterThan(at('src'))
    expect(steps[at('tool')]?.after).toEqual(['src'])
    expect(steps[at('src')]?.after).toEqual([])
  })

  it('follows a chain of needs across tiers, against the tier order', () => {
    // a (tier 0) needs b (tier 3) needs c (tier 4): the chain wins over every tier.
    const entries: Entry[] = [
      linkEntry('a', 'bin/a', 'x', { tier: 0, needs: ['b'], restore: R }),
      blobEntry('b', 'data/b.bin', { tier: 3, needs: ['c'], restore: R }),
      fileEntry('c', 'build/c', { tier: 4, restore: R })
    ]
    expect(ids(planRepair(entries, findings(entries)))).toEqual([['c'], ['b'], ['a']])
  })

  it('a step never comes before any of its damaged dependencies (diamond)', () => {
    const entries: Entry[] = [
      fileEntry('top', 'top', { tier: 0, needs: ['left', 'right'], restore: R }),
      fileEntry('left', 'left', { tier: 1, needs: ['base'], restore: R }),
      fileEntry('right', 'right', { tier: 3, needs: ['base'], restore: R }),
      fileEntry('base', 'base', { tier: 2, restore: R })
    ]
    const plan = planRepair(entries, findings(entries))
    expect(ids(plan)).toEqual([['base'], ['left'], ['right'], ['top']])
    const steps = planSteps(plan)
    for (const s of steps)
      for (const d of s.after)
        expect(steps.findIndex(x => x.id === d)).toBeLessThan(steps.indexOf(s))
    expect(steps.find(s => s.id === 'top')?.after).toEqual(['left', 'right'])
  })
})

describe('waves', () => {
  it('groups same-tier entries without edges into one wave, in manifest order', () => {
    const entries: Entry[] = [
      fileEntry('b', 'b', { tier: 1, restore: R }),
      fileEntry('a', 'a', { tier: 1, restore: R }),
      fileEntry('c', 'c', { tier: 1, restore: R }),
      fileEntry('z', 'z', { tier: 2, restore: R })
    ]
    expect(ids(planRepair(entries, findings(entries)))).toEqual([['b', 'a', 'c'], ['z']])
  })

  it('an edge between two same-tier entries splits them into two waves', () => {
    const entries: Entry[] = [
      fileEntry('x', 'x', { tier: 1, restore: R }),
      fileEntry('y', 'y', { tier: 1, restore: R }),
      fileEntry('z', 'z', { tier: 1, needs: ['x'], restore: R })
    ]
    const plan = planRepair(entries, findings(entries))
    expect(ids(plan)).toEqual([['x', 'y'], ['z']])
    expect(plan.waves[1]?.[0]?.after).toEqual(['x'])
  })

  it('a wave never mixes tiers', () => {
    const entries: Entry[] = [
      fileEntry('one', 'one', { tier: 1, restore: R }),
      fileEntry('two', 'two', { tier: 2, restore: R }),
      fileEntry('one-b', 'one-b', { tier: 1, restore: R })
    ]
    const plan = planRepair(entries, findings(entries))
    expect(ids(plan)).toEqual([['one', 'one-b'], ['two']])
    for (const w of plan.waves) expect(new Set(w.map(s => s.tier)).size).toBe(1)
  })
})

describe('what is planned', () => {
  it('a healthy dependency is not in the plan and is not waited for', () => {
    const entries: Entry[] = [
      fileEntry('tool', 'bin/tool.sh', { tier: 1, needs: ['src'], restore: R }),
      treeEntry('src', 'src', { tier: 2, restore: R })
    ]
    const plan = planRepair(entries, findings(entries, ['src']))
    expect(ids(plan)).toEqual([['tool']])
    expect(planSteps(plan)[0]?.after).toEqual([])
  })

  it('healthy and SKIPPED entries are left out; every other status is planned', () => {
    const statuses: Status[] = [
      'OK',
      'MISSING',
      'CORRUPT',
      'STRIPPED',
      'EMPTY',
      'BROKENLNK',
      'TYPE'
    ]
    const entries: Entry[] = [
      ...statuses.map(s => fileEntry(s.toLowerCase(), s.toLowerCase(), { restore: R })),
      fileEntry('skipped', 'skipped', { restore: R })
    ]
    const found = [
      ...statuses.map((s, i) => finding(entries[i] as Entry, s)),
      finding(entries[statuses.length] as Entry, 'SKIPPED')
    ]
    const planned = planSteps(planRepair(entries, found)).map(s => s.id)
    expect(planned).toEqual(['missing', 'corrupt', 'stripped', 'empty', 'brokenlnk', 'type'])
  })

  it('entries without a finding (not checked, e.g. --only) are not planned', () => {
    const entries: Entry[] = [
      fileEntry('a', 'a', { restore: R }),
      fileEntry('b', 'b', { restore: R })
    ]
    const only = [finding(entries[1] as Entry, 'CORRUPT')]
    expect(ids(planRepair(entries, only))).toEqual([['b']])
  })

  it('nothing damaged: an empty plan', () => {
    const entries: Entry[] = [fileEntry('a', 'a', { restore: R })]
    expect(planRepair(entries, findings(entries, ['a'])).waves).toEqual([])
  })

  it('the reason carries the status and detail of the finding', () => {
    const e = fileEntry('conf', 'etc/app.conf', { restore: R })
    const plan = planRepair([e], [finding(e, 'CORRUPT', '12 bytes, sha256 differs')])
    expect(planSteps(plan)[0]).toMatchObject({
      id: 'conf',
      path: 'etc/app.conf',
      tier: 1,
      source: 'recipe',
      after: [],
      reason: 'CORRUPT: 12 bytes, sha256 differs'
    })
  })
})

describe('source selection: escrow > recipe > none', () => {
  const escrow = { encoding: 'deflate-base64' as const, data: 'AwA=' }
  const entries: Entry[] = [
    fileEntry('both', 'both', { restore: R, escrow }),
    fileEntry('escrow-only', 'escrow-only', { escrow }),
    fileEntry('recipe-only', 'recipe-only', { restore: R }),
    fileEntry('neither', 'neither'),
    treeEntry('tree', 'tree', { tier: 1, restore: R }),
    treeEntry('bare-tree', 'bare-tree', { tier: 1 }),
    blobEntry('blob', 'blob', { tier: 1, restore: R }),
    linkEntry('link', 'link', 'target', { tier: 1 })
  ]
  const sources = Object.fromEntries(
    planSteps(planRepair(entries, findings(entries))).map(s => [s.id, s.source])
  )

  it('a file with escrow restores from escrow, even when it also has a recipe', () => {
    expect(sources.both).toBe('escrow')
    expect(sources['escrow-only']).toBe('escrow')
  })

  it('otherwise the recipe, for every kind', () => {
    expect(sources['recipe-only']).toBe('recipe')
    expect(sources.tree).toBe('recipe')
    expect(sources.blob).toBe('recipe')
  })

  it('with neither, the step is planned with source none (reported, not silently dropped)', () => {
    expect(sources.neither).toBe('none')
    expect(sources['bare-tree']).toBe('none')
  })

  it('a link entry that is gone is made again from its record, with no recipe', () => {
    expect(sources.link).toBe('link')
  })
})

describe('every source the runner tries, the saved state included (restore/sources.ts)', () => {
  const escrow = { encoding: 'deflate-base64' as const, data: 'AwA=' }
  const declared = { cache: { key: 'models-v3', 'restore-keys': ['models-'] } }
  const entries: Entry[] = [
    fileEntry('both', 'both', { restore: [declared, R], escrow }),
    fileEntry('recipe-only', 'recipe-only', { restore: R }),
    fileEntry('bare', 'bare'),
    linkEntry('link', 'link', 'target', { tier: 1 })
  ]
  const stepOf = (plan: Plan, id: string) => planSteps(plan).find(s => s.id === id)

  it('without a cache: escrow, then the declared sources in the manifest order', () => {
    const plan = planRepair(entries, findings(entries))
    expect(stepOf(plan, 'both')).toMatchObject({ sources: ['escrow', 'cache', 'recipe'] })
    expect(stepOf(plan, 'both')).not.toHaveProperty('saved_state')
    expect(stepOf(plan, 'recipe-only')?.sources).toEqual(['recipe'])
  })

  it('with a cache: the saved state under stateKey(entry), after escrow and before the rest', () => {
    const plan = planRepair(entries, findings(entries), { savedState: true })
    const both = entries[0] as Entry
    expect(stepOf(plan, 'both')).toMatchObject({
      source: 'escrow',
      sources: ['escrow', 'cache', 'cache', 'recipe'],
      saved_state: stateKey(both)
    })
    expect(stepOf(plan, 'recipe-only')).toMatchObject({
      source: 'cache',
      sources: ['cache', 'recipe'],
      saved_state: stateKey(entries[1] as Entry)
    })
    // The plan lists exactly what the runner will try, in its order.
    for (const e of entries)
      expect(stepOf(plan, e.id)?.sources).toEqual(
        sourcesOf(e, { savedState: true, relink: e.kind === 'link' }).map(s => s.kind)
      )
  })

  it('an entry with no source of its own still gets the saved state when a cache is there', () => {
    const plan = planRepair(entries, findings(entries), { savedState: true })
    expect(stepOf(plan, 'bare')).toMatchObject({ source: 'cache', sources: ['cache'] })
    expect(stepOf(plan, 'link')).toMatchObject({ source: 'link', sources: ['link', 'cache'] })
  })
})

describe('the git source (restore/sources.ts)', () => {
  const escrow = { encoding: 'deflate-base64' as const, data: 'AwA=' }
  const entries: Entry[] = [
    fileEntry('both', 'both', { restore: R, escrow }),
    treeEntry('src', 'src', { restore: R }),
    fileEntry('untracked', 'untracked', { restore: R })
  ]
  const git = { tracks: (rel: string) => rel !== 'untracked' }
  const stepOf = (plan: Plan, id: string) => planSteps(plan).find(s => s.id === id)

  it('comes after escrow and before the saved state and the declared sources', () => {
    const plan = planRepair(entries, findings(entries), { savedState: true, git })
    expect(stepOf(plan, 'both')?.sources).toEqual(['escrow', 'git', 'cache', 'recipe'])
    expect(stepOf(plan, 'src')).toMatchObject({
      source: 'git',
      sources: ['git', 'cache', 'recipe']
    })
    expect(stepOf(plan, 'untracked')?.sources).toEqual(['cache', 'recipe'])
  })

  it('is offered only where the git index tracks the entry', () => {
    const plan = planRepair(entries, findings(entries))
    expect(stepOf(plan, 'src')?.sources).toEqual(['recipe'])
  })
})
