/**
 * The one fill -> prove -> place path of an entry, for every source that writes bytes: a fresh
 * private scratch directory, the source's members streamed into it under the entry's signed
 * expectations (extract.ts), the scratch copy proven (while extracting, or by the verifier when
 * nothing per-file is recorded), and only then placed (place.ts). A refused copy leaves the
 * workspace as it was and says why in one line. `restoreEntry` feeds it a cache archive; the git
 * source feeds it git's objects.
 */
import fs from 'node:fs'
import path from 'node:path'
import type { CacheArchive } from '../cache-port.js'
import { resolveEntryPath } from '../manifest/paths.js'
import type { Entry, Finding, TreeIndexRef } from '../types.js'
import { parseMode } from '../walk/mode.js'
import type { IndexRecord } from '../walk/tree-index.js'
import { EntryExtractor, type Expectation } from '../archive/extract.js'
import { place } from './place.js'
import { Absent, reasonOf, Rejected } from '../archive/rejected.js'
import { makeScratch, removeScratch } from '../fs/scratch.js'
import { unpack } from '../archive/unpack.js'
import { IndexTable } from '../walk/index-table.js'

/** Trees recorded without an index (imported from format 2) have no byte count: this bounds them. */
const LOOSE_TREE_MAX_BYTES = 16 * 1024 * 1024 * 1024
const LOOSE_TREE_MAX_MEMBERS = 2_000_000

export interface RestoreContext {
  workspace: string
  /** A directory private to this job (RUNNER_TEMP, else the system temp directory). */
  scratchBase: string
  readIndex(id: string, ref: TreeIndexRef | undefined): IndexRecord[] | undefined
  /** Verify `e` as it lies below `root` (a scratch copy), uncached. */
  verifyAt(root: string, e: Entry): Promise<Finding>
}

export type EntryRestore =
  | {
      placed: true
      /**
       * The finding of a verifying extraction (every byte checked as it streamed): the final check
       * may take it instead of reading the placed entry again. Undefined when the verifier proved
       * the copy instead.
       */
      proven: Finding | undefined
      members: number
      bytes: number
      /** Members whose unsigned mode lost setuid, setgid, sticky or world-writable bits. */
      masked: number
    }
  | {
      placed: false
      reason: string
      /** The source does not hold the entry at all (a miss rather than a refusal). */
      absent?: true
    }

/** What the scratch copy of `e` must hold, from the signed manifest (and its tree index). */
export function expectationOf(e: Entry, ctx: Pick<RestoreContext, 'readIndex'>): Expectation {
  switch (e.kind) {
    case 'file':
      return {
        kind: 'file',
        size: e.expect.size,
        sha256: e.expect.sha256,
        mode: parseMode(e.expect.mode)
      }
    case 'blob':
      return { kind: 'bounded', maxMembers: 1, maxBytes: e.expect.size, single: true }
    case 'link':
      return { kind: 'bounded', maxMembers: 1, maxBytes: 0, single: true }
    case 'tree': {
      const records = e.expect.index ? ctx.readIndex(e.id, e.expect.index) : undefined
      if (records)
        return { kind: 'indexed', table: IndexTable.fromRecords(records), ignore: e.ignore }
      const files = e.expect.max_files ?? e.expect.files
      return {
        kind: 'bounded',
        // Directories are members too: allow as many again, plus a margin.
        maxMembers: files !== undefined ? files * 2 + 64 : LOOSE_TREE_MAX_MEMBERS,
        maxBytes: LOOSE_TREE_MAX_BYTES,
        single: false
      }
    }
  }
}

function provenFinding(e: Entry, from: string, files: number, bytes: number): Finding {
  const f: Finding = {
    id: e.id,
    kind: e.kind,
    path: e.path,
    tier: e.tier,
    status: 'OK',
    reason: 'ok',
    detail: `restored from ${from}, every byte verified while extracting (${files} files, ${bytes} bytes)`,
    recorded: {},
    found: { files, bytes },
    cached: false
  }
  return f
}

/** How a restore says that modes from the archive were masked. */
export function maskedNote(n: number): string {
  return `setuid, setgid, sticky and world-writable bits dropped from ${n} member${n === 1 ? '' : 's'}`
}

export async function restoreEntry(
  e: Entry,
  archive: CacheArchive,
  ctx: RestoreContext
): Promise<EntryRestore> {
  const want = expectationOf(e, ctx)
  return restoreInScratch(e, ctx, { from: 'the cache', prefix: archive.prefix, want }, async x =>
    unpack(await archive.open(), archive.compression, x, archive.bounds)
  )
}

/** How one source's members reach the extractor. */
export interface ScratchFill {
  /** The source as findings name it ("the cache", "git (HEAD abc123def456)"). */
  from: string
  /** The entry's path as the source names its members. */
  prefix: string
  want: Expectation
}

/**
 * Restore `e` by having `fill` hand its members to an extractor bound by `how.want`, in a fresh
 * private scratch directory; prove the copy, then place it.
 */
export async function restoreInScratch(
  e: Entry,
  ctx: RestoreContext,
  how: ScratchFill,
  fill: (extractor: EntryExtractor) => Promise<void>
): Promise<EntryRestore> {
  const scratch = makeScratch(ctx.scratchBase, 'swr-restore')
  try {
    const root = path.join(scratch, 'w')
    const dest = resolveEntryPath(root, e.path)
    fs.mkdirSync(path.dirname(dest), { recursive: true, mode: 0o700 })
    const extractor = new EntryExtractor(how.prefix, dest, how.want)
    try {
      await fill(extractor)
    } finally {
      extractor.abort()
    }
    const summary = extractor.finish()
    let proven: Finding | undefined
    if (summary.proven) proven = provenFinding(e, how.from, summary.files, summary.bytes)
    else {
      const f = await ctx.verifyAt(root, e)
      if (f.status !== 'OK')
        throw new Rejected(
          `${f.status}: ${f.detail}${summary.masked ? ` (${maskedNote(summary.masked)})` : ''}`
        )
    }
    place(ctx.workspace, dest, resolveEntryPath(ctx.workspace, e.path))
    return {
      placed: true,
      proven,
      members: summary.members,
      bytes: summary.bytes,
      masked: summary.masked
    }
  } catch (err) {
    return {
      placed: false,
      reason: reasonOf(err),
      ...(err instanceof Absent ? { absent: true } : {})
    }
  } finally {
    removeScratch(scratch)
  }
}
