/**
 * Removing exactly what a planting made: each probe only while it is still the kind of thing that
 * was planted (a probe name now holding a user's directory is left alone), then the directories
 * the planting created, deepest first, only when empty.
 */
import fs from 'node:fs'
import path from 'node:path'
import { SymlinkRefusal, resolveNoFollow } from '../fs/no-follow.js'
import { resolveAnchored, showAnchored, type Anchored, type Anchors } from './anchor.js'
import type { Ledger } from './ledger.js'
import type { Probe } from './probes.js'

export interface CleanResult {
  removed: string[]
  kept: { path: string; why: string }[]
}

/**
 * Where an anchored path is, resolved without following a symlink below its anchor (a probe's
 * directory swapped for a link to elsewhere is not acted on); an absolute one (an --at path
 * outside the workspace) must at least sit in a directory that is not a symlink.
 */
function locate(a: Anchored, anchors: Anchors): string {
  if (a.anchor !== 'abs') return resolveNoFollow(anchors[a.anchor], a.rel)
  const abs = resolveAnchored(a, anchors)
  if (fs.lstatSync(path.dirname(abs), { throwIfNoEntry: false })?.isSymbolicLink())
    throw new SymlinkRefusal(path.dirname(abs), 'is a symlink; not following it')
  return abs
}

function plantedKind(p: Probe): 'file' | 'dir' | 'symlink' {
  return p.expect.type === 'hardlink' ? 'file' : p.expect.type
}

function removeIfPlanted(
  abs: string,
  kind: 'file' | 'dir' | 'symlink',
  shown: string,
  out: CleanResult
): void {
  const st = fs.lstatSync(abs, { throwIfNoEntry: false })
  if (!st) return
  const now = st.isSymbolicLink()
    ? 'symlink'
    : st.isDirectory()
      ? 'dir'
      : st.isFile()
        ? 'file'
        : 'other'
  if (now !== kind) {
    out.kept.push({ path: shown, why: `now a ${now}, not the ${kind} that was planted` })
    return
  }
  try {
    if (kind === 'dir') fs.rmdirSync(abs)
    else fs.unlinkSync(abs)
    out.removed.push(shown)
  } catch (e) {
    out.kept.push({ path: shown, why: (e as NodeJS.ErrnoException).code ?? String(e) })
  }
}

export function cleanLedger(ledger: Ledger, anchors: Anchors): CleanResult {
  const out: CleanResult = { removed: [], kept: [] }
  // Links first, then files, then the empty directory a link points at.
  const order = (p: Probe): number =>
    p.expect.type === 'symlink' ? 0 : p.expect.type === 'dir' ? 2 : 1
  for (const p of [...ledger.probes].sort((a, b) => order(a) - order(b))) {
    let abs: string
    try {
      abs = locate(p.path, anchors)
    } catch (e) {
      if (!(e instanceof SymlinkRefusal)) throw e
      out.kept.push({ path: showAnchored(p.path), why: e.message })
      continue
    }
    removeIfPlanted(abs, plantedKind(p), showAnchored(p.path), out)
    if (p.expect.type === 'hardlink') {
      const peer = path.join(path.dirname(abs), p.expect.peer)
      removeIfPlanted(
        peer,
        'file',
        path.join(path.dirname(showAnchored(p.path)), p.expect.peer),
        out
      )
    }
  }
  const dirs = ledger.locations.flatMap(l => l.created)
  for (const d of dirs.reverse()) {
    let abs: string
    try {
      abs = locate(d, anchors)
    } catch (e) {
      if (!(e instanceof SymlinkRefusal)) throw e
      out.kept.push({ path: showAnchored(d) + '/', why: e.message })
      continue
    }
    const st = fs.lstatSync(abs, { throwIfNoEntry: false })
    if (!st?.isDirectory()) continue
    try {
      fs.rmdirSync(abs)
      out.removed.push(showAnchored(d) + '/')
    } catch {
      out.kept.push({
        path: showAnchored(d) + '/',
        why: 'not empty: holds files that were not planted'
      })
    }
  }
  return out
}
