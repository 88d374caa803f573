/**
 * Special files in trees: anything but a file, directory or symlink (devices, FIFOs, sockets).
 * The walk's lines give them a type letter and a mode only, so a device swapped for another of
 * the same mode (/dev/zero where /dev/null was) keeps every digest. What each one is, and for a
 * device its numbers, is recorded apart: as the tree index's extra field of the entry, and as a
 * digest over walk-format.mjs's special lines in the manifest (`expect.special_digest`, written
 * only when the tree holds a special file). The walkers never see device numbers: the few special
 * files are lstat'ed again by path, so neither the native walk nor the workers change.
 */
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import { fsPath } from './byte-names.mjs'
import { updateLines } from './walk.js'
import { specialKind } from './special-kind.mjs'
import { specialLine, TYPE } from './walk-format.mjs'
import type { WalkRecord } from './walk.js'

/**
 * The kind of each special record, by record index (undefined for the rest); a special file gone
 * since the walk is 'missing', which matches no recorded kind.
 */
export function specialKinds(root: string, records: readonly WalkRecord[]): (string | undefined)[] {
  return records.map(r => (r.type === TYPE.other ? specialKindAt(root, r.rel) : undefined))
}

/** The kind of the special file at `rel` below `root`, or 'missing' when it is gone. */
export function specialKindAt(root: string, rel: string): string {
  const st = fs.lstatSync(fsPath(`${root}/${rel}`), { bigint: true, throwIfNoEntry: false })
  return st ? specialKind(st) : 'missing'
}

/** The digest of the special lines in walk order, or undefined when there is no special file. */
export function specialDigest(
  records: readonly WalkRecord[],
  kinds: readonly (string | undefined)[]
): string | undefined {
  const specials: { rel: string; kind: string }[] = []
  records.forEach((r, i) => {
    const kind = kinds[i]
    if (kind !== undefined) specials.push({ rel: r.rel, kind })
  })
  return specialDigestOf(specials)
}

/** specialDigest of the special files alone, in walk order. */
export function specialDigestOf(
  specials: readonly { rel: string; kind: string }[]
): string | undefined {
  const text = specials.map(x => specialLine(x.rel, x.kind)).join('')
  if (text === '') return undefined
  const h = createHash('sha256')
  updateLines(h, text)
  return h.digest('hex')
}
