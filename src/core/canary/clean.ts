/**
 * Removing exactly what a planting made: each probe only while it is still the kind of thing that
 * was planted (a probe name now holding a user's directory is left alone), then the directories
 * the planting created, deepest first, only when empty.
 */
import fs from 'node:fs'
import path from 'node:path'
import { resolveAnchored, showAnchored, type Anchors } from './anchor.js'
import type { Ledger } from './ledger.js'
import type { Probe } from './probes.js'

export interface CleanResult {
  removed: string[]
  kept: { path: string; why: string }[]
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
    const abs = resolveAnchored(p.path, anchors)
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
    const abs = resolveAnchored(d, anchors)
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
