/**
 * "Changed while read": a hash of no single state of a file can never match, so a capture whose
 * file moved while it was read tries again, and refuses a file that never holds still.
 */
import type fs from 'node:fs'
import { UsageError } from '../errors.js'

/** Tries at capturing a file or tree that keeps changing while it is read, before refusing. */
export const ATTEMPTS = 3

/** The parts of a file's state that must not move while it is hashed. */
export type FileState = Pick<fs.BigIntStats, 'ino' | 'size' | 'mtimeNs' | 'ctimeNs'>

/** What must not move while a file is hashed: a hash of no single state can never match. */
export function sameState(a: FileState | undefined, b: FileState | undefined): boolean {
  return (
    a !== undefined &&
    b !== undefined &&
    a.ino === b.ino &&
    a.size === b.size &&
    a.mtimeNs === b.mtimeNs &&
    a.ctimeNs === b.ctimeNs
  )
}

export function changedWhileRead(
  shown: string,
  before: bigint,
  after: bigint | undefined
): UsageError {
  const sizes = after === undefined ? 'then vanished' : `size ${before} -> ${after}`
  return new UsageError(
    `${shown}: cannot add: changed while it was read (${sizes}, ${ATTEMPTS} tries); add it once nothing writes to it`
  )
}

/** A file whose state moved since the walk saw it, with its size then and now. */
export interface Moved {
  rel: string
  sizes: [bigint, bigint | undefined]
}
