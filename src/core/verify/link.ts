/**
 * `link` entries: a symlink with an exact target. Inside the workspace the chain is followed one
 * hop at a time (each hop contained), so a dangling link is BROKENLNK; a target outside the
 * workspace is never followed, and is reported as such rather than as dangling.
 */
import fs from 'node:fs'
import path from 'node:path'
import { isInside } from '../fs/inside.js'
import { locateInside } from './locate-entry.js'
import { finding, isFinding, locateAs, type Inspection, type VerifyContext } from './verifier.js'
import type { LinkEntry } from '../types.js'

const MAX_HOPS = 40

export function verifyLink(e: LinkEntry, ctx: VerifyContext): Inspection {
  const want = e.expect.target
  const recorded = { type: 'symlink', target: want }
  const loc = locateAs(e, ctx, recorded, 'link', st => st.isSymbolicLink(), `a symlink to ${want}`)
  if (isFinding(loc)) return loc
  const target = fs.readlinkSync(loc.abs)
  const found = { type: 'symlink', target }
  const end = followInside(ctx.workspace, loc.abs, target)
  if (target !== want) {
    const where = end.state === 'outside' ? ', outside the workspace' : ''
    return finding(
      e,
      'CORRUPT',
      'target',
      `points to ${target}${where} (want ${want})`,
      recorded,
      found
    )
  }
  switch (end.state) {
    case 'ok':
      return finding(e, 'OK', 'ok', `-> ${target}`, recorded, found)
    case 'outside':
      return finding(
        e,
        'OK',
        'outside',
        `-> ${target} (outside the workspace, not followed)`,
        recorded,
        found
      )
    case 'dangling':
      return finding(e, 'BROKENLNK', 'dangling', `-> ${target}: ${end.why}`, recorded, found)
  }
}

type End = { state: 'ok' } | { state: 'outside' } | { state: 'dangling'; why: string }

/** Follow `target` from the link at `abs`, one contained hop at a time. */
export function followInside(workspace: string, abs: string, target: string): End {
  let from = abs
  let to = target
  for (let hop = 0; hop < MAX_HOPS; hop++) {
    const next = path.resolve(path.dirname(from), to)
    if (!isInside(workspace, next)) return { state: 'outside' }
    const loc = locateInside(workspace, path.relative(workspace, next) || '.')
    if (loc.state === 'escapes') return { state: 'outside' }
    if (loc.state === 'missing')
      return { state: 'dangling', why: `${path.relative(workspace, next)} ${loc.why}` }
    if (!loc.st.isSymbolicLink()) return { state: 'ok' }
    from = next
    to = fs.readlinkSync(next)
  }
  return { state: 'dangling', why: `more than ${MAX_HOPS} links in a chain (a loop?)` }
}
