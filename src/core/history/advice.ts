/**
 * What the history says about a damaged entry: an entry lost again and again is not bad luck but
 * a platform that does not keep it, and the fix is structural (restore it earlier, from a cache,
 * or from escrow), not another run of the same recipe.
 */
import type { Entry } from '../types.js'
import { restoreSources } from '../types.js'

export interface LossCount {
  lost: number
  of: number
}

/** Only a pattern is worth a line: at least two losses, and at least 30% of the window. */
export function isPattern(c: LossCount): boolean {
  return c.lost >= 2 && c.lost / c.of >= 0.3
}

export function historyAdvice(e: Entry, c: LossCount): string | undefined {
  if (!isPattern(c)) return undefined
  const ideas: string[] = []
  if (e.tier > 0) ideas.push(`a lower tier than ${e.tier} so it is restored before what needs it`)
  if (!restoreSources(e).some(s => typeof s !== 'string'))
    ideas.push(
      'a cache source ("restore": [{"cache": {...}}, ...]) so it comes back from the Actions cache'
    )
  if (e.kind === 'file' && !e.escrow && e.expect.size <= 256 * 1024)
    ideas.push('escrow ("swr escrow --only ' + e.id + '") so it restores without a recipe')
  const base = `damaged in ${c.lost} of the last ${c.of} recorded checks: this platform does not keep it`
  return ideas.length > 0 ? `${base}; consider ${ideas.join(', or ')}` : base
}
