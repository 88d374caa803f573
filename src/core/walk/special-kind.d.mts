/** Types for special-kind.mjs. */
import type { BigIntStats } from 'node:fs'
export declare function deviceNumbers(rdev: bigint): [bigint, bigint]
export declare function specialKind(st: BigIntStats): string
