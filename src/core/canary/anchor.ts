/**
 * Where a probe lives, said relative to a place that has another absolute path on the next runner:
 * the workspace (GITHUB_WORKSPACE moves between runners and checkouts), the home directory or the
 * temp directory. A ledger planted on one machine and read on another still finds its probes.
 */
import path from 'node:path'

export type AnchorName = 'workspace' | 'home' | 'tmp' | 'abs'

export interface Anchored {
  anchor: AnchorName
  /** POSIX path relative to the anchor ('' for the anchor itself); absolute for 'abs'. */
  rel: string
}

export interface Anchors {
  workspace: string
  home: string
  tmp: string
}

function inside(dir: string, abs: string): string | undefined {
  const rel = path.relative(dir, abs)
  if (rel === '') return ''
  if (rel.startsWith('..') || path.isAbsolute(rel)) return undefined
  return rel.split(path.sep).join('/')
}

/** The workspace first: a workspace inside $HOME is still described by the workspace. */
export function anchor(abs: string, anchors: Anchors): Anchored {
  for (const name of ['workspace', 'home', 'tmp'] as const) {
    const rel = inside(anchors[name], abs)
    if (rel !== undefined) return { anchor: name, rel }
  }
  return { anchor: 'abs', rel: path.resolve(abs) }
}

export function resolveAnchored(a: Anchored, anchors: Anchors): string {
  if (a.anchor === 'abs') return a.rel
  return a.rel === '' ? anchors[a.anchor] : path.join(anchors[a.anchor], ...a.rel.split('/'))
}

/** `~/x`, `$TMPDIR/x`, `x` (workspace) or the absolute path: short and unambiguous in reports. */
export function showAnchored(a: Anchored): string {
  switch (a.anchor) {
    case 'workspace':
      return a.rel === '' ? '.' : a.rel
    case 'home':
      return a.rel === '' ? '~' : `~/${a.rel}`
    case 'tmp':
      return a.rel === '' ? '$TMPDIR' : `$TMPDIR/${a.rel}`
    case 'abs':
      return a.rel
  }
}

/**
 * For tables: a 255-byte probe name or a 20-level path would push every column off the screen,
 * so long names keep their head and byte count, and deep paths their two ends.
 */
export function abbreviate(p: string): string {
  const segs = p
    .split('/')
    .map(seg =>
      Buffer.byteLength(seg) > 60 ? `${seg.slice(0, 40)}…(${Buffer.byteLength(seg)} bytes)` : seg
    )
  return segs.length > 6 ? [...segs.slice(0, 2), '…', ...segs.slice(-2)].join('/') : segs.join('/')
}
