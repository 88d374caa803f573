/**
 * From findings to a diagnosis: the wipe signature (what kind of event damaged the workspace) and,
 * for each damaged entry, a plain-language cause and the fix. The first rule that fits wins; the
 * rules are ordered from the most specific pattern to "mixed", and every status has a class.
 */
import path from 'node:path'
import { hasSource } from '../restore/sources/index.js'
import type { GitTracking } from '../git/index-file.js'
import { underVolatileDir } from '../capture/volatile-dirs.js'
import { damageHints, damageOf, type Damage } from '../verify/damage.js'

import type { Diagnosis, Entry, EntryAdvice, Finding, WipeSignature } from '../types.js'

export function isDamaged(f: Finding): boolean {
  return f.status !== 'OK'
}

/**
 * How many files a root cause lost: an entry gone whole or cut short is one loss (one deletion,
 * one cut), a tree that lost part of its files counts each file it lost or got back short.
 */
function filesLost(f: Finding, d: Damage): number {
  if (d === 'gone' || d === 'short') return 1
  if (d !== 'part') return 0
  if (f.files) return f.files.counts.missing + f.files.counts.shrunk
  const fewer = Number(f.recorded.files) - Number(f.found.files)
  return fewer > 0 ? fewer : 1
}

/**
 * Whether an exclusion rule explains a lost root: it lies under a volatile directory (a dangling
 * link by its target). A rule drops such a directory whole, so a tree under one that kept part of
 * its files was cut off instead; a tree elsewhere that lost only what lies under volatile
 * directories inside it (an app's `.next/`, a tool's `node_modules/`) was swept.
 */
function swept(f: Finding, d: Damage): boolean {
  const at = danglingTarget(f) ?? f.path
  if (d === 'gone' || d === 'short') return underVolatileDir(at)
  const files = f.files
  if (d !== 'part' || !files || underVolatileDir(at)) return false
  const { missing, shrunk } = files.counts
  return shrunk === 0 && files.missing.length === missing && files.missing.every(underVolatileDir)
}

/** Where a dangling link leads (workspace-relative), or undefined when it is not a dangling link. */
function danglingTarget(f: Finding): string | undefined {
  if (f.status !== 'BROKENLNK' || typeof f.found.target !== 'string') return undefined
  if (f.found.target.startsWith('/')) return undefined
  const to = path.posix.normalize(path.posix.join(path.posix.dirname(f.path), f.found.target))
  return to.startsWith('../..') || to === '..' ? undefined : to
}

function within(p: string, dir: string): boolean {
  return p === dir || p.startsWith(dir === '.' ? '' : `${dir}/`)
}

/**
 * Which damaged entries are consequences of another's damage, mapped to that root: an entry
 * inside another damaged entry's path, and a dangling link whose target lies in a damaged entry,
 * are what that entry's damage did; counting them again would make one event look like several.
 */
export function consequences(findings: readonly Finding[]): Map<string, Finding> {
  const damaged = findings.filter(f => isDamaged(f) && f.status !== 'SKIPPED')
  const causedBy = (f: Finding, g: Finding): boolean => {
    if (g === f) return false
    if (f.path !== g.path && within(f.path, g.path)) return true
    const target = danglingTarget(f)
    return target !== undefined && within(target, g.path)
  }
  // Only an entry at `p` or at a directory above it can contain `p`: look those up by path
  // instead of comparing every pair (10,000 entries would be 10^8 comparisons).
  const order = new Map(damaged.map((f, i) => [f, i]))
  const atPath = new Map<string, Finding[]>()
  for (const f of damaged) pushTo(atPath, f.path, f)
  const containing = (p: string): Finding[] => {
    const out = [...(atPath.get('.') ?? [])]
    for (let i = p.indexOf('/'); ; i = p.indexOf('/', i + 1)) {
      const dir = i < 0 ? p : p.slice(0, i)
      if (dir !== '.') out.push(...(atPath.get(dir) ?? []))
      if (i < 0) return out
    }
  }
  const out = new Map<string, Finding>()
  for (const f of damaged) {
    const target = danglingTarget(f)
    const candidates = [...containing(f.path), ...(target !== undefined ? containing(target) : [])]
    // The first in check order, as a scan of every entry would find it.
    const root = candidates
      .filter(g => causedBy(f, g) && !causedBy(g, f))
      .sort((a, b) => order.get(a)! - order.get(b)!)[0]
    if (root) out.set(f.id, root)
  }
  // A root is followed to its own root, so every consequence names the first cause.
  for (const [id, root] of out) {
    let r = root
    for (let hops = 0; out.has(r.id) && hops < damaged.length; hops++) r = out.get(r.id)!
    out.set(id, r)
  }
  return out
}

/** The damaged entries that are causes (SKIPPED entries, a failed dependency's, are not). */
export function rootCauses(findings: readonly Finding[]): Finding[] {
  const caused = consequences(findings)
  return findings.filter(f => isDamaged(f) && f.status !== 'SKIPPED' && !caused.has(f.id))
}

/**
 * Classify the damage in `findings` (all entries of the check, damaged or not) from its root
 * causes: the first row of RULES that fits names the event (docs/checks.md states each row).
 */
export function wipeSignature(findings: readonly Finding[]): WipeSignature {
  const roots = rootCauses(findings).map((f): Root => {
    const d = damageOf(f)
    return { f, d, lost: d === 'gone' || d === 'part' || d === 'short' }
  })
  if (roots.length === 0) return 'healthy'
  const damaged = findings.filter(f => isDamaged(f) && f.status !== 'SKIPPED').length
  const facts = {
    everything: findings.length >= 2 && damaged === findings.length,
    lostFiles: roots.reduce((n, r) => n + filesLost(r.f, r.d), 0)
  }
  return RULES.find(([, fits]) => fits(roots, facts))?.[0] ?? 'mixed'
}

interface Root {
  f: Finding
  d: Damage
  /** Gone, part of a tree lost, or cut short. */
  lost: boolean
}

/** `everything`: every entry (at least two) is damaged; `lostFiles`: summed over the roots. */
type Rule = (roots: readonly Root[], x: { everything: boolean; lostFiles: number }) => boolean

/**
 * The signatures, most specific first; `mixed` when none fits. One or two lost files are as
 * likely a local deletion as a restore that stopped; a restore that stopped loses many.
 */
const RULES: readonly (readonly [WipeSignature, Rule])[] = [
  ['cold-start', (rs, x) => x.everything && rs.every(r => r.d === 'gone')],
  ['permission-reset', rs => rs.every(r => r.d === 'perm')],
  ['injection', rs => rs.every(r => r.d === 'added')],
  // Credentials a snapshot does not keep are gone; an edit of one is a local change.
  [
    'credential-loss',
    rs => rs.every(r => r.f.tier === 0) && rs.some(r => r.d === 'gone' || r.d === 'part')
  ],
  ['exclusion-sweep', rs => rs.every(r => r.lost && swept(r.f, r.d))],
  [
    'size-cap-eviction',
    rs => rs.every(r => r.f.kind === 'blob' && (r.d === 'gone' || r.d === 'short'))
  ],
  ['partial-restore', (rs, x) => rs.every(r => r.lost) && x.lostFiles > 2],
  [
    'local-corruption',
    (rs, x) => rs.length <= 2 && x.lostFiles <= 2 && rs.every(r => r.d !== 'added')
  ]
]

const CAUSES: Record<WipeSignature, string> = {
  healthy: 'Every entry verifies.',
  'cold-start':
    'Everything is gone: a fresh runner or sandbox, or a snapshot that kept none of the workspace.',
  'permission-reset':
    'Only permission bits changed: a restore, artifact or cache round trip (or a umask) that does not keep modes.',
  injection:
    'Files were added to tracked trees and nothing was lost: an install, build step or restored cache wrote into them.',
  'credential-loss':
    'Only tier-0 entries (credentials, PATH shims) are damaged and some are gone: they live outside what the snapshot keeps.',
  'exclusion-sweep':
    'Everything lost lived under a directory that snapshot or cache rules exclude (node_modules, build, .next, .cache, ...), and went whole.',
  'size-cap-eviction':
    'Only large blobs are gone or cut short: a size cap evicted or truncated them while smaller files survived.',
  'partial-restore':
    'More than two files are missing or cut short while the rest survived and nothing was altered: a restore or copy that stopped part-way (a truncated cache archive, an interrupted download).',
  'local-corruption':
    'One or two entries damaged, at most two files lost, the rest survived: a local edit or deletion, bit rot, or a different build of the same files.',
  mixed:
    'Several kinds of damage at once: more than one event, or a snapshot that kept an arbitrary subset.'
}

/**
 * The diagnosis of a check. With the manifest's entries, each fix names only what can work: the
 * restore command when the entry has a way back (escrow, a cache source or a recipe), the root's
 * restore for a consequence, and otherwise how to give the entry a way back.
 */
export function diagnose(
  findings: readonly Finding[],
  command = 'swr restore',
  entries?: readonly Entry[],
  git?: () => GitTracking | undefined
): Diagnosis {
  const signature = wipeSignature(findings)
  const byId = entries ? new Map(entries.map(e => [e.id, e])) : undefined
  const caused = consequences(findings)
  const needers = neededBy(entries ?? [])
  const consequencesOf = byRoot(caused)
  return {
    signature,
    cause: CAUSES[signature],
    advice: findings.filter(isDamaged).map(f => {
      const root = caused.get(f.id)
      const ways = (x: Finding): Ways => (byId ? waysOf(byId.get(x.id), x, git) : 'unknown')
      const own = adviceFor(f, command, ways(f))
      if (!root) {
        const affects = dependentsOf(f.id, needers, consequencesOf)
        return { ...own, risk: riskOf(f), ...(affects.length > 0 ? { affects } : {}) }
      }
      const rootFix = adviceFor(root, command, ways(root)).fix
      return {
        ...own,
        because: root.id,
        cause: `because ${root.path} is ${root.status}: ${own.cause}`,
        fix: `repairing ${root.id} repairs this too: ${rootFix}`
      }
    })
  }
}

/**
 * What a root cause takes down with it: the entries that `need` it (directly or through others),
 * and its consequences (links into it, entries inside its path). Sorted, each once.
 */
function dependentsOf(
  id: string,
  needers: ReadonlyMap<string, readonly string[]>,
  consequencesOf: ReadonlyMap<string, readonly string[]>
): string[] {
  const out = new Set<string>()
  const queue = [id]
  for (let at = queue.shift(); at !== undefined; at = queue.shift())
    for (const e of needers.get(at) ?? [])
      if (!out.has(e) && e !== id) {
        out.add(e)
        queue.push(e)
      }
  for (const c of consequencesOf.get(id) ?? []) out.add(c)
  return [...out].sort()
}

function pushTo<T>(map: Map<string, T[]>, key: string, value: T): void {
  const list = map.get(key)
  if (list) list.push(value)
  else map.set(key, [value])
}

/** Each entry's direct dependents (the entries whose `needs` name it). */
function neededBy(entries: readonly Entry[]): Map<string, string[]> {
  const out = new Map<string, string[]>()
  for (const e of entries) for (const n of new Set(e.needs)) pushTo(out, n, e.id)
  return out
}

/** Each root's consequences, by root id. */
function byRoot(caused: ReadonlyMap<string, Finding>): Map<string, string[]> {
  const out = new Map<string, string[]>()
  for (const [c, root] of caused) pushTo(out, root.id, c)
  return out
}

/** What fails if you build now with this entry as it is, by what the tier says it holds. */
function riskOf(f: Finding): string {
  if (f.status === 'STRIPPED')
    return 'running it fails with "permission denied" (or a shim silently falls through to another binary on PATH).'
  switch (f.tier) {
    case 0:
      return 'commands that need these credentials or shims fail: pushes, publishes, cloud and agent logins, or the wrong tool version runs.'
    case 1:
      return 'the scripts and tools it provides fail to start, and steps that call them fail with a misleading error.'
    case 2:
      return 'builds and tests that read it fail, or worse, build and pass on the wrong source.'
    case 3:
      return 'jobs that load it fail, or run on a truncated or different download.'
    default:
      return 'low: a build output; the next build regenerates it, only slower.'
  }
}

/** Whether an entry can be restored by swr ('unknown' when the caller has no manifest at hand). */
type Ways = 'some' | 'none' | 'unknown'

/** `git` is asked only for an entry with no other way back (it reads the git index). */
function waysOf(e: Entry | undefined, f: Finding, git?: () => GitTracking | undefined): Ways {
  // A seal that cannot be used is mended by sealing again (the entry's recipe); a refused one is not.
  if (f.status === 'BADSEAL') return f.reason === 'damaged' ? 'some' : 'none'
  if (!e) return 'none'
  const hints = damageHints(f)
  return hasSource(e, hints) || (git !== undefined && hasSource(e, { ...hints, git: git() }))
    ? 'some'
    : 'none'
}

const ESCROW_HINT_BYTES = 256 * 1024

/** How to give an entry a way back, for a fix line that would otherwise send the user to a dead end. */
function noWayBack(f: Finding): string {
  const escrow =
    f.kind === 'file' && Number(f.recorded.size) <= ESCROW_HINT_BYTES
      ? `, or once it is healthy again embed its bytes with swr escrow --only ${f.id}`
      : ''
  return `no way back is recorded for ${f.id}: restore it by hand, then give the entry a recipe with swr edit ${f.id} --restore '<command>' (or a cache source with --add-source-cache KEY)${escrow}`
}

/** Cause and fix for one damaged entry. */
export function adviceFor(
  f: Finding,
  command = 'swr restore',
  ways: Ways = 'unknown'
): EntryAdvice {
  const restore = ways === 'none' ? noWayBack(f) : `${command} --only ${f.id}`
  const volatile = underVolatileDir(f.path)
    ? ` ${f.path} is under a directory that caches and snapshots often exclude.`
    : ''
  const chmod = (mode: unknown): string =>
    ways === 'none'
      ? `chmod ${String(mode)} ${f.path}`
      : `chmod ${String(mode)} ${f.path}  (or ${restore})`
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
      f.kind === 'tree' ? restore : chmod(f.recorded.mode ?? '+x')
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
    CORRUPT: [
      corruptCause(f),
      f.reason === 'mode' && f.recorded.mode !== undefined ? chmod(f.recorded.mode) : restore
    ],
    SMOKEFAIL: [
      `the files verify but the smoke command fails: a missing runtime dependency (shared library, interpreter, credential) outside what the manifest tracks.`,
      `run the smoke command by hand to see why, then ${restore}`
    ],
    BADSEAL:
      f.reason === 'refused'
        ? [
            `the seal kept on this machine for ${f.path} was changed after it was signed: it may have been tampered with, so nothing replaces it but its owner.`,
            `if this machine made it, remove the seal file (swr check --json names the key), then swr doctor seals ${f.id} again`
          ]
        : [
            `the seal kept on this machine for ${f.path} cannot be used (cut short or overwritten by a crash, a disk fault or a partial write, or another entry's seal), so ${f.path} is not checked.`,
            `swr doctor: it moves the seal of ${f.id} into quarantine, runs the recipe and seals again`
          ]
  }
  const [cause, fix] = byStatus[f.status]
  return {
    id: f.id,
    status: f.status,
    cause,
    fix,
    ...(ways === 'unknown' ? {} : { restorable: ways === 'some' })
  }
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
    case 'special':
      return 'a special file is not what was recorded: a device swapped for another of the same mode, or a FIFO, socket or device in place of another kind.'
    default:
      return 'the entry no longer matches what was recorded.'
  }
}
