/**
 * Which walker walks a tree. Every walker gives the same lines in the same order (walk-format.mjs),
 * so the choice is about speed only: GNU find (native-walk.ts) for the record-less digests of a
 * large tree, else walk workers when the tree splits into enough subtrees (walk-workers.ts), else
 * the inline walk (walk.ts). `SWR_NATIVE_WALK=0` turns the find path off (a find that misbehaves
 * on some file system, or to compare the walkers); `1` or unset leaves it on.
 */
import os from 'node:os'
import { isMainThreadHashing } from './kernel-threads.js'
import { EXIT, SwrError } from '../errors.js'
import { nativeTreeDigest } from './native/native-walk.js'
import { listTop, walkTree, type ParallelWalk, type TreeDigestResult } from './walk.js'
import {
  digestInWorkers,
  MIN_ROOTS,
  splitTop,
  walkInWorkers,
  type CaptureOut
} from './walk-workers.js'

/** The variable that turns the native walk off. */
export const NATIVE_WALK_VAR = 'SWR_NATIVE_WALK'

/**
 * The smallest tree (recorded files) worth a find whatever its shape: starting the shell and the
 * finds costs ~15 ms, about what the Node walker spends on 1,000 entries (lstat ~10-15 µs each
 * here, plus the garbage), and find walks the rest at about half Node's cost per entry.
 */
const NATIVE_MIN_FILES = 1000

/** More workers than this cost more to start than they save (the walk is bound by the disk). */
const MAX_JOBS = 8

/** Whether the environment allows the native walk; a value other than 0 or 1 is refused (exit 4). */
export function nativeWalkAllowed(env: Readonly<Record<string, string | undefined>>): boolean {
  const v = env[NATIVE_WALK_VAR]
  if (v === undefined || v === '' || v === '1') return true
  if (v === '0') return false
  throw new SwrError(`${NATIVE_WALK_VAR} must be 0 (no find) or 1 (the default)`, EXIT.BAD_MANIFEST)
}

function jobsOf(jobs: number | undefined): number {
  return Math.min(jobs ?? os.availableParallelism(), MAX_JOBS)
}

/**
 * The metadata digest or the cache stamp of a large tree without building per-entry records: from
 * GNU find's lines where native-walk.ts can promise the Node walker's, else from walk workers.
 * Undefined when the tree is too small or flat for either (the caller walks it inline).
 */
export async function digestTreeParallel(
  root: string,
  ignore: readonly string[],
  exclude: ReadonlySet<string>,
  opts: {
    jobs?: number | undefined
    kind: 'meta' | 'stamp'
    /** false: never find (the caller's reasons, or SWR_NATIVE_WALK=0 as the shells read it). */
    native?: boolean
    /** A raw native digest (see native-walk.ts) known to give `digest` with `files` files. */
    known?: { raw: string; digest: string; files: number }
    /** How many files the tree is expected to hold (its recorded count). */
    expectFiles?: number | undefined
  }
): Promise<TreeDigestResult | undefined> {
  const jobs = jobsOf(opts.jobs)
  if (opts.native !== false) {
    // find describes the top level too: only the listing is read here (no lstat per entry).
    const top = listTop(root, ignore, exclude)
    const dirs = top?.filter(t => t.dir).length ?? 0
    if (top && dirs > 0 && (dirs >= MIN_ROOTS || (opts.expectFiles ?? 0) >= NATIVE_MIN_FILES)) {
      const r = await nativeTreeDigest(root, top, ignore, exclude, opts.kind, jobs, {
        known: opts.known
      })
      if (r) return r
    }
  }
  if (jobs < 2) return undefined
  const split = splitTop(root, ignore, exclude)
  return split && digestInWorkers(split, ignore, exclude, opts.kind, jobs)
}

/**
 * The tree's records (and, with `hash`, its files' hashes and every digest) on every core when it
 * splits into enough subtrees; small or flat trees are walked inline.
 */
export async function walkTreeParallel(
  root: string,
  ignore: readonly string[],
  exclude: ReadonlySet<string>,
  opts: {
    jobs?: number | undefined
    /** Also hash every regular file while walking (a cold content check). */
    hash: boolean
    /** With `hash`: false leaves out the per-file cache entries (a capture keeps none). */
    cache?: boolean
    /** With `hash`: check each file held still while it was read (a capture; see walk.moved). */
    steady?: boolean
    /** With `hash`: the index lines and facts a capture takes (walk-workers.ts). */
    capture?: CaptureOut
  }
): Promise<ParallelWalk> {
  const jobs = jobsOf(opts.jobs)
  // While the main thread hashes it is one of the cores (kernel-threads.ts caps the pool to the
  // rest). Asking only for the rest keeps the walk from waiting for one more thread, which would
  // start when the main thread's hash ends, near the end of most walks, for nothing.
  const threads = isMainThreadHashing() ? Math.max(1, jobs - 1) : jobs
  // The levels listed to find subtrees are walked, and their files hashed, on this thread. One
  // walking thread needs no balance between subtrees: the top level is enough, and a big hash
  // here is not held up by the files of the levels below (~130 on the bench's src/, ~15 ms).
  // A walk that hashes takes fewer subtrees than MIN_ROOTS too, when no level has more: one
  // pass over each file (opened by its listed type, its state from the descriptor) where the
  // inline walk lstats every entry and then hands each file to the hash pool (measured on 10
  // packages of 12 flat directories each: see docs/speed.md).
  const enough = opts.hash ? Math.min(MIN_ROOTS, 2 * jobs) : MIN_ROOTS
  const split =
    jobs < 2 ? undefined : splitTop(root, ignore, exclude, threads > 1 ? MIN_ROOTS : 1, enough)
  if (!split) return walkTree(root, ignore, exclude)
  return walkInWorkers(root, split, ignore, exclude, {
    hash: opts.hash,
    jobs: threads,
    cache: opts.cache,
    steady: opts.steady,
    capture: opts.capture
  })
}
