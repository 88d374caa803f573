/**
 * Planning a repair, purely: which damaged entries to restore, from which source, in what order.
 * Order is tier first (0 credentials/shims ... 4 build outputs), but a `needs` edge always wins:
 * an entry never runs before a damaged dependency, whatever the tiers. Healthy dependencies are
 * not re-run. Steps that share a tier and have no edges between them form one wave and may run in
 * parallel. No fs, no clock, no processes here.
 */
import type { Entry, Finding, Tier } from '../types.js'
import { damageHints } from '../verify/damage.js'
import { sourcesOf, type SourceKind, type SourceOptions } from './sources/index.js'

export type StepSource = SourceKind | 'none'

export interface Step {
  id: string
  path: string
  tier: Tier
  /** The first source that will be tried ('none' when the entry has no way back). */
  source: StepSource
  /**
   * Every source the restore tries, in order, e.g. ["escrow", "git", "cache", "recipe"], with
   * "modes" or "link" first when they alone can mend it (restore/sources/).
   */
  sources: StepSource[]
  /**
   * With an Actions cache reachable: the key of the state saved for this entry's expectations,
   * tried after escrow and git and before the declared sources (the first "cache" in `sources`).
   */
  saved_state?: string
  /** Damaged dependencies this step waits for (healthy ones are not re-run). */
  after: string[]
  /** Why the step is in the plan: the finding's status and detail. */
  reason: string
}

export interface Plan {
  /** Waves in order; the steps of one wave may run in parallel. */
  waves: Step[][]
}

export function planSteps(plan: Plan): Step[] {
  return plan.waves.flat()
}

/**
 * Every step a repair of all of `entries` would take, in its order (tiers, then dependencies), as
 * if each were missing: what selftest runs and export-recipes writes out.
 */
export function restoreOrder(entries: readonly Entry[]): Step[] {
  const missing: Finding[] = entries.map(e => ({
    id: e.id,
    kind: e.kind,
    path: e.path,
    tier: e.tier,
    status: 'MISSING',
    reason: 'planned',
    detail: '',
    recorded: {},
    found: {},
    cached: false
  }))
  return planSteps(planRepair(entries, missing))
}

/**
 * Plan the repair of every damaged finding (status other than OK and SKIPPED). `savedState`: an
 * Actions cache is reachable, so each step also lists the saved state the runner will try.
 */
export function planRepair(
  entries: readonly Entry[],
  findings: readonly Finding[],
  opts: SourceOptions = {}
): Plan {
  const damaged = new Map(
    findings.filter(f => f.status !== 'OK' && f.status !== 'SKIPPED').map(f => [f.id, f])
  )
  const order = new Map(entries.map((e, i) => [e.id, i]))
  const todo = entries.filter(e => damaged.has(e.id))
  const after = new Map(todo.map(e => [e.id, e.needs.filter(n => damaged.has(n))]))
  const done = new Set<string>()
  const waves: Step[][] = []
  let remaining = todo
  while (remaining.length > 0) {
    const ready = remaining.filter(e => (after.get(e.id) ?? []).every(n => done.has(n)))
    if (ready.length === 0) {
      // Validation refuses cycles before planning; reaching here is a bug, not a user error.
      throw new Error(`plan: no runnable step among ${remaining.map(e => e.id).join(', ')}`)
    }
    const tier = Math.min(...ready.map(e => e.tier))
    const wave = ready
      .filter(e => e.tier === tier)
      .sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0))
      .map((e): Step => {
        const f = damaged.get(e.id) as Finding
        const sources = sourcesOf(e, { ...opts, ...damageHints(f) })
        const saved = sources.find(s => s.kind === 'cache' && s.savedState)
        return {
          id: e.id,
          path: e.path,
          tier: e.tier,
          source: sources[0]?.kind ?? 'none',
          sources: sources.map(s => s.kind),
          ...(saved?.kind === 'cache' ? { saved_state: saved.key } : {}),
          after: after.get(e.id) ?? [],
          reason: `${f.status}: ${f.detail}`
        }
      })
    for (const s of wave) done.add(s.id)
    waves.push(wave)
    remaining = remaining.filter(e => !done.has(e.id))
  }
  return { waves }
}

/**
 * What a refused gate kept from running, worded for the plan at hand. The gate decides the whole
 * repair (docs/security.md): git, escrow, the cache, the modes and the link sources run no
 * manifest code, but what they place is proven against the manifest's record, and an unsigned
 * record could name any bytes or modes. Only a plan with a recipe in it was refused recipes.
 */
export function refusalOf(waves: readonly (readonly Step[])[], reason: string): string {
  const sources = new Set(waves.flat().flatMap(s => s.sources))
  if (sources.has('recipe')) return `refusing to run restore recipes: ${reason}`
  const used = [...sources].filter(s => s !== 'none')
  const one = used.length === 1
  return `refusing to restore from a manifest this run does not trust: ${reason}; its ${used.length > 0 ? used.join(', ') : 'restore'} source${one ? ' runs' : 's run'} no manifest code, but ${one ? 'places' : 'place'} what its record names, so ${one ? 'it waits' : 'they wait'} for the signature too`
}
