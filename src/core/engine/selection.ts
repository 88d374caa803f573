/**
 * Checking a selection of entries: select them, verify them through one hash pool and the
 * incremental cache, and make the report of what was found. Read-only: no recipe, smoke command or ldd runs, and nothing in the
 * workspace is written (the cache lives in the private state directory).
 */
import { canonicalBytes } from '../manifest/canonical.js'
import type { LoadedManifest } from '../manifest/load.js'
import { buildReport, type CheckReport } from '../report/report.js'
import { openCache } from '../state/cache.js'
import { selectEntries } from '../manifest/select.js'
import { verifyEntries } from '../verify/index.js'
import { type VerifyContext } from '../verify/verifier.js'
import { indexPath, readIndex } from '../walk/tree-index.js'
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type { Entry, Finding } from '../types.js'
import { diagnose } from '../diagnose/diagnose.js'
import { gitTracking, type GitTracking } from '../git/index-file.js'

/** The workspace's git index, read at most once and only when asked (a damaged entry). */
function gitOnce(workspace: string): () => GitTracking | undefined {
  let read: { git: GitTracking | undefined } | undefined
  return () => (read ??= { git: gitTracking(workspace) }).git
}

export interface CheckOptions {
  only?: string[] | undefined
  /** Findings already established for some entries (proven while restored): not verified again. */
  known?: ReadonlyMap<string, Finding> | undefined
  deep?: boolean | undefined
  metaOnly?: boolean | undefined
  /** Read the incremental cache (results are saved either way). */
  cache?: boolean | undefined
  jobs?: number | undefined
  /** False: never walk with GNU find (the shells read SWR_NATIVE_WALK). */
  nativeWalk?: boolean | undefined
  stateDir: string
  version: string
  command?: string
  fixCommand?: string
  onProgress?: ((done: number, total: number) => void) | undefined
  /** Nothing hashes after this check in this process: its threads end once the walks are done. */
  lastHashing?: boolean | undefined
}

/**
 * Each entry's canonical digest, once per entry object: a repair checks, re-verifies and
 * re-checks the same loaded entries (never changed in place once loaded), and canonicalising
 * 10,000 escrowed entries took ~140 ms each time.
 */
const digestOfEntry = new WeakMap<Entry, string>()

export function entryDigests(entries: readonly Entry[]): Map<string, string> {
  return new Map(
    entries.map(e => {
      let d = digestOfEntry.get(e)
      if (d === undefined) {
        d = createHash('sha256').update(canonicalBytes(e)).digest('hex')
        digestOfEntry.set(e, d)
      }
      return [e.id, d]
    })
  )
}

/** The verification context for `entries` of `m`: cache, exclusions, index reader. */
export function verifyContext(
  m: LoadedManifest,
  entries: readonly Entry[],
  opts: {
    stateDir: string
    deep?: boolean | undefined
    metaOnly?: boolean | undefined
    cache?: boolean | undefined
    jobs?: number | undefined
    nativeWalk?: boolean | undefined
  }
): VerifyContext {
  return {
    workspace: m.workspace,
    jobs: opts.jobs,
    deep: opts.deep === true,
    metaOnly: opts.metaOnly === true,
    cache: openCache({
      stateDir: opts.stateDir,
      manifestFile: m.file,
      entryDigests: entryDigests(entries),
      read: opts.cache !== false
    }),
    exclude: ownPaths(m.file, opts.stateDir),
    readIndex: (id, ref) => m.sealIndexes?.get(id) ?? readIndex(indexPath(m.file, id), ref),
    nativeWalk: opts.nativeWalk
  }
}

/** What a check of a selection found, before any report is made of it. */
export interface Checked {
  findings: Finding[]
  options: CheckReport['options']
  started: Date
  ms: number
}

/** Verify the selected entries (those in `known` are taken as given), in manifest order. */
export async function verifySelection(m: LoadedManifest, opts: CheckOptions): Promise<Checked> {
  const started = new Date()
  const t0 = performance.now()
  // `--only` may name a sealed entry whose seal cannot be used: it has a finding, not an entry.
  const only = opts.only?.filter(id => !m.sealDamage?.has(id))
  const entries =
    opts.only && opts.only.length > 0 && only?.length === 0
      ? []
      : selectEntries(m.body.entries, only)
  const known = opts.known ?? new Map<string, Finding>()
  const todo = entries.filter(e => !known.has(e.id))
  const fresh = await verifyEntries(todo, verifyContext(m, todo, opts), {
    jobs: opts.jobs,
    onProgress: opts.onProgress,
    lastHashing: opts.lastHashing
  })
  const byId = new Map(fresh.map(f => [f.id, f]))
  const findings = entries.flatMap(e => {
    const f = known.get(e.id) ?? byId.get(e.id)
    return f ? [f] : []
  })
  // Sealed entries whose seal here cannot be used: damage, though there is nothing to verify.
  for (const [id, f] of m.sealDamage ?? [])
    if (!opts.only || opts.only.length === 0 || opts.only.includes(id)) findings.push(f)
  return {
    findings,
    options: {
      deep: opts.deep === true,
      meta_only: opts.metaOnly === true,
      cache: opts.cache !== false,
      only: opts.only ?? []
    },
    started,
    ms: performance.now() - t0
  }
}

/** The report of `checked`, the one place a check's findings become a report. */
export function reportOf(
  m: LoadedManifest,
  checked: Checked,
  opts: Pick<CheckOptions, 'version' | 'command' | 'fixCommand'>
): CheckReport {
  return buildReport({
    command: opts.command ?? 'check',
    version: opts.version,
    manifest: m,
    findings: checked.findings,
    options: checked.options,
    started: checked.started,
    ms: checked.ms,
    diagnosis: diagnose(checked.findings, opts.fixCommand, m.body.entries, gitOnce(m.workspace))
  })
}

export async function checkManifest(m: LoadedManifest, opts: CheckOptions): Promise<CheckReport> {
  return reportOf(m, await verifySelection(m, opts), opts)
}

/** Verify `entries` as if the workspace were `root` (a scratch copy), uncached. */
export function scratchVerifier(
  m: LoadedManifest,
  opts: ReverifyOptions
): (root: string, entries: Entry[]) => Promise<Finding[]> {
  return (root, entries) => reverifier({ ...m, workspace: root }, opts)(entries)
}

export interface ReverifyOptions {
  stateDir: string
  jobs?: number | undefined
  nativeWalk?: boolean | undefined
}

/** Verify `entries` afresh (no cached hashes), as repair does after each step. */
export function reverifier(
  m: LoadedManifest,
  opts: ReverifyOptions
): (entries: Entry[]) => Promise<Finding[]> {
  return entries =>
    verifyEntries(entries, verifyContext(m, entries, { ...opts, cache: false }), {
      jobs: opts.jobs
    })
}

/**
 * swr's own files that may sit inside a workspace (a $HOME workspace holds the default state
 * directory; a tree at "." holds the manifest): never part of what a tree is judged by. Parent
 * directories that hold nothing but the state directory (~/.local/state made for it) go too.
 */
export function ownPaths(manifestFile: string, stateDir: string): Set<string> {
  const real = (p: string): string => {
    try {
      return fs.realpathSync(p)
    } catch {
      return path.resolve(p)
    }
  }
  const dir = real(path.dirname(manifestFile))
  const state = real(stateDir)
  const out = new Set([state, path.join(dir, path.basename(manifestFile)), path.join(dir, 'trees')])
  if (path.basename(dir) === '.swr') out.add(dir)
  for (
    let child = state, parent = path.dirname(state);
    parent !== child;
    child = parent, parent = path.dirname(parent)
  ) {
    let names: string[]
    try {
      names = fs.readdirSync(parent)
    } catch {
      break
    }
    if (names.length !== 1 || names[0] !== path.basename(child)) break
    out.add(parent)
  }
  return out
}
