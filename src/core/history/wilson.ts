/**
 * The Wilson score interval for a binomial proportion: unlike the normal approximation it stays
 * inside [0, 1] and does not collapse to zero width at 0 or n successes, which is exactly where
 * survival data lives (a path kept in every one of 6 runs is not "certainly kept").
 */

/** z for a two-sided 95% interval. */
export const Z95 = 1.959963984540054

export interface Interval {
  low: number
  high: number
}

export function wilson(successes: number, n: number, z = Z95): Interval {
  if (
    !Number.isInteger(successes) ||
    !Number.isInteger(n) ||
    n < 0 ||
    successes < 0 ||
    successes > n
  )
    throw new RangeError(`wilson: need 0 <= successes <= n, got ${successes} of ${n}`)
  if (n === 0) return { low: 0, high: 1 }
  const p = successes / n
  const z2 = z * z
  const centre = p + z2 / (2 * n)
  const spread = z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))
  const denom = 1 + z2 / n
  // Clamped to the rate as well as to [0, 1]: at 0 or n successes the formula's bound equals the
  // rate exactly, and floating point must not put it a rounding step on the wrong side.
  return {
    low: successes === 0 ? 0 : Math.max(0, Math.min(p, (centre - spread) / denom)),
    high: successes === n ? 1 : Math.min(1, Math.max(p, (centre + spread) / denom))
  }
}
