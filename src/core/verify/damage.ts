/**
 * What happened to one entry, read from its finding alone: the class the wipe signatures are built
 * from, and which code-free sources can mend it (the recorded modes when only permission bits
 * changed, the recorded link when a link entry is gone, flattened or retargeted).
 */
import type { Finding } from '../types.js'

/**
 * What happened to one entry, in the terms the signatures are built from: gone whole (deleted,
 * emptied, a file cut to 0 bytes, a link left dangling), part of a tree lost (some files gone or
 * cut short, the rest kept), cut short (a smaller file), only permission bits changed, files added
 * where nothing was lost, or bytes and types altered in place.
 */
export type Damage = 'gone' | 'part' | 'short' | 'perm' | 'added' | 'altered'

export function damageOf(f: Finding): Damage {
  switch (f.status) {
    case 'MISSING':
      // A parent replaced by a link that leads out is a change in place, not a loss.
      return f.reason === 'escapes' ? 'altered' : 'gone'
    case 'EMPTY':
    case 'BROKENLNK':
      return 'gone'
    case 'STRIPPED':
      return 'perm'
    case 'CORRUPT':
      return corruptDamage(f)
    default:
      return 'altered'
  }
}

function corruptDamage(f: Finding): Damage {
  // A tree says 'mode' when every change is a mode change, however long the list it was cut to.
  if (f.reason === 'mode') return 'perm'
  if (f.files) return treeDiffDamage(f.files)
  switch (f.reason) {
    case 'size': {
      const size = Number(f.found.size)
      return size === 0 ? 'gone' : size < Number(f.recorded.size) ? 'short' : 'altered'
    }
    case 'sentinel':
      return 'part'
    case 'count': {
      const want = Number(f.recorded.files ?? f.recorded.min_files)
      return Number(f.found.files) < want ? 'part' : 'added'
    }
    default:
      return 'altered'
  }
}

function treeDiffDamage(d: NonNullable<Finding['files']>): Damage {
  const { missing, extra, changed, shrunk } = d.counts
  if (extra === 0 && changed === shrunk && missing + shrunk > 0) return 'part'
  // A tree whose changes are all mode changes says so in its reason ('exec', 'mode'), above.
  if (changed === 0 && missing === 0 && extra > 0) return 'added'
  return 'altered'
}

/** The code-free sources a finding makes worth offering (restore/sources/). */
export interface DamageHints {
  /** Only permission bits changed: the recorded modes can be put back. */
  permOnly: boolean
  /** A link entry gone, replaced by a file (a restore that flattened it) or retargeted. */
  relink: boolean
}

export function damageHints(f: Finding): DamageHints {
  const relink =
    f.kind === 'link' &&
    ((f.status === 'MISSING' && f.reason !== 'escapes') ||
      f.status === 'TYPE' ||
      (f.status === 'CORRUPT' && f.reason === 'target'))
  return { permOnly: damageOf(f) === 'perm', relink }
}
