/**
 * From findings to a diagnosis: the wipe signature (what kind of event damaged the workspace) and,
 * for each damaged entry, a plain-language cause and the fix. The first rule that fits wins; the
 * rules are ordered from the most specific pattern to "mixed", and every status has a class.
 */
import type { Diagnosis, EntryAdvice, Finding, WipeSignature } from './types.js'

/** Directory names that runners, caches and sandboxes routinely drop or never keep. */
export const VOLATILE_DIRS = new Set([
  '.cache',
  '.next',
  '.npm',
  '.nuxt',
  '.output',
  '.parcel-cache',
  '.pytest_cache',
  '.ruff_cache',
  '.mypy_cache',
  '.svelte-kit',
  '.tox',
  '.nox',
  '.turbo',
  '.venv',
  '.vite',
  '__pycache__',
  'build',
  'coverage',
  'dist',
  'node_modules',
  'out',
  'target'
])

const LOSS = new Set(['MISSING', 'EMPTY', 'CORRUPT', 'BROKENLNK', 'TYPE'])

export function isDamaged(f: Finding): boolean {
  return f.status !== 'OK'
}

export function underVolatileDir(p: string): boolean {
  return p.split('/').some(seg => VOLATILE_DIRS.has(seg))
}

const CAUSES: Record<WipeSignature, string> = {
  healthy: 'Every entry verifies.',
  'cold-start':
    'Everything is gone: a fresh runner or sandbox, or a snapshot that kept none of the workspace.',
  'permission-reset':
    'Only permissions changed: a restore, artifact or cache round trip that does not keep modes dropped exec bits.',
  'credential-loss':
    'Only tier-0 entries (credentials, PATH shims) are damaged: they live outside what the snapshot keeps.',
  'exclusion-sweep':
    'Every damaged path is under a directory that snapshot or cache rules exclude (node_modules, build, .cache, ...).',
  'size-cap-eviction':
    'Only large blobs are damaged: a size cap evicted or truncated them while smaller files survived.',
  'local-corruption':
    'A few entries changed in place while the rest survived: a partial write, an interrupted download or a local edit.',
  mixed:
    'Several kinds of damage at once: more than one event, or a snapshot that kept an arbitrary subset.'
}

/** Classify the damage in `findings` (all entries of the check, damaged or not). */
export function wipeSignature(findings: readonly Finding[]): WipeSignature {
  const damaged = findings.filter(isDamaged).filter(f => f.status !== 'SKIPPED')
  if (damaged.length === 0) return 'healthy'
  const all = (pred: (f: Finding) => boolean): boolean => damaged.every(pred)
  if (
    findings.length >= 2 &&
    damaged.length === findings.length &&
    all(f => f.status === 'MISSING' || f.status === 'EMPTY')
  ) {
    return 'cold-start'
  }
  if (all(f => f.status === 'STRIPPED')) return 'permission-reset'
  if (all(f => f.tier === 0)) return 'credential-loss'
  if (all(f => LOSS.has(f.status) && underVolatileDir(f.path))) return 'exclusion-sweep'
  if (all(f => f.kind === 'blob' && (f.status === 'MISSING' || f.reason === 'size')))
    return 'size-cap-eviction'
  if (damaged.length <= 2) return 'local-corruption'
  return 'mixed'
}

export function diagnose(findings: readonly Finding[], command = 'swr restore'): Diagnosis {
  const signature = wipeSignature(findings)
  return {
    signature,
    cause: CAUSES[signature],
    advice: findings.filter(isDamaged).map(f => adviceFor(f, command))
  }
}

/** Cause and fix for one damaged entry. */
export function adviceFor(f: Finding, command = 'swr restore'): EntryAdvice {
  const restore = `${command} --only ${f.id}`
  const volatile = underVolatileDir(f.path)
    ? ` ${f.path} is under a directory that caches and snapshots often exclude.`
    : ''
  const byStatus: Record<Finding['status'], [string, string]> = {
    OK: ['', ''],
    MISSING: [
      f.reason === 'escapes'
        ? `a parent directory of ${f.path} now leads outside the workspace (replaced by a symlink?); it was not followed.`
        : `${f.path} is gone.${volatile}`,
      restore
    ],
    EMPTY: [
      `the directory ${f.path} survived but its files did not (a snapshot that keeps directories, not contents).${volatile}`,
      restore
    ],
    STRIPPED: [
      `exec bits were lost: a restore, artifact or archive step that does not keep modes.`,
      f.kind === 'tree' ? restore : `chmod ${f.recorded.mode ?? '+x'} ${f.path}  (or ${restore})`
    ],
    BROKENLNK: [`the link ${f.path} points at something that is no longer there.`, restore],
    TYPE: [
      `${f.path} changed kind (${String(f.recorded.type)} -> ${String(f.found.type)}): a restore that follows or flattens links, or a path reused.`,
      restore
    ],
    SKIPPED: [
      'a dependency failed to restore, so this entry was not attempted.',
      `fix the dependency first, then ${restore}`
    ],
    CORRUPT: [corruptCause(f), restore],
    SMOKEFAIL: [
      `the files verify but the smoke command fails: a missing runtime dependency (shared library, interpreter, credential) outside what the manifest tracks.`,
      `run the smoke command by hand to see why, then ${restore}`
    ]
  }
  const [cause, fix] = byStatus[f.status]
  return { id: f.id, status: f.status, cause, fix }
}

function corruptCause(f: Finding): string {
  switch (f.reason) {
    case 'size':
      return Number(f.found.size) < Number(f.recorded.size)
        ? 'the file is shorter than recorded: an interrupted download, a partial cache restore or a size cap.'
        : 'the file is longer than recorded: appended to, or replaced by a different version.'
    case 'content':
    case 'headtail':
      return 'the bytes changed at the same size: a local edit, bit rot, or a different build of the same file.'
    case 'sentinel':
      return 'a sentinel file is missing or empty: the tree was gutted while the directory survived.'
    case 'files':
      return 'files inside the tree were added, removed or changed since it was recorded.'
    case 'count':
      return 'the tree holds a different number of files than recorded.'
    case 'mode':
      return 'permission bits changed (not an exec-bit loss): a umask or restore that rewrites modes.'
    case 'target':
      return 'the link was retargeted.'
    default:
      return 'the entry no longer matches what was recorded.'
  }
}
