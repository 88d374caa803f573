// The attack property: 10,000 generated mutations of a signed manifest (byte flips, field edits,
// duplicated keys, reordered entries, replays, expired and wrong-scope copies, untrusted re-signs,
// fingerprint substitution, stripped signatures, foreign signatures, oversized and deeply nested
// documents, huge escrow) must produce 0 forgeries and 0 crashes. Then each defence is switched
// off in turn and the property must go red: every defence is load-bearing.
import { beforeAll, describe, expect, it } from '@jest/globals'
import { createHash } from 'node:crypto'
import fc from 'fast-check'
import {
  ALL_SUITE_DEFENSES,
  ATTACK_CLASSES,
  attempt,
  buildScenario,
  DEFENCE_PROBES,
  emptyCounts,
  mutate,
  runSuite,
  tally,
  type Scenario,
  type SuiteDefenses
} from '../../../src/core/sign/attack-suite.js'

const seed = (n: number): Uint8Array => createHash('sha256').update(`attack-test-${n}`).digest()
let scenario: Scenario

beforeAll(async () => {
  scenario = await buildScenario(seed)
})

describe('attack property', () => {
  it('the honest manifest is accepted (the oracle is not vacuous)', async () => {
    expect(await attempt(scenario, scenario.honestText)).toBe('accepted-honest')
  })

  it('10,000 generated mutations: 0 forgeries, 0 crashes', async () => {
    const counts = emptyCounts()
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ATTACK_CLASSES),
        fc.nat(),
        fc.nat(),
        async (cls, a, b) => {
          const outcome = await attempt(scenario, await mutate(scenario, { cls, a, b }))
          tally(counts, cls, outcome)
          return outcome !== 'forgery' && outcome !== 'crash'
        }
      ),
      { numRuns: 10_000, seed: Number(process.env.SWR_ATTACK_SEED ?? Date.now() % 2 ** 31) }
    )
    process.stdout.write(
      `attack property: ${counts.attempts} mutations, ${counts.refused} refused, ` +
        `${counts.acceptedHonest} accepted unchanged, ${counts.forgeries} forgeries, ${counts.crashes} crashes\n`
    )
    expect(counts.attempts).toBe(10_000)
    expect(counts.forgeries).toBe(0)
    expect(counts.crashes).toBe(0)
    // Every class was exercised.
    expect(Object.keys(counts.byClass).sort()).toEqual([...ATTACK_CLASSES].sort())
  }, 300_000)
})

describe('each defence is load-bearing', () => {
  let state = 1
  const next = (): number => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0
    return state
  }

  it.each(Object.keys(DEFENCE_PROBES) as (keyof SuiteDefenses)[])(
    'with "%s" switched off the property finds forgeries',
    async defence => {
      const weakened = { ...ALL_SUITE_DEFENSES, [defence]: false }
      const counts = await runSuite(scenario, 40, next, weakened, [DEFENCE_PROBES[defence]])
      expect(counts.forgeries).toBeGreaterThan(0)
      // ...and with every defence on, the same attacks are refused.
      const intact = await runSuite(scenario, 40, next, ALL_SUITE_DEFENSES, [
        DEFENCE_PROBES[defence]
      ])
      expect(intact.forgeries).toBe(0)
      expect(intact.crashes).toBe(0)
    },
    60_000
  )
})
