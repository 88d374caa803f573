/**
 * `blob` entries: large files (models, archives) checked by exact byte count, a head/tail digest
 * that reads 2 MiB whatever the size, and the full sha256 recorded at `add`. The full hash is read
 * whenever the file's stat stamp (dev, inode, size, mtime, ctime) is not the one a previous check
 * cached with a matching hash, so a same-size flip in the middle of a model is caught by default,
 * and an unchanged 2 GB model still costs 2 MiB (`--deep` and `--no-cache` read every blob in
 * full). The mode is compared like a file's.
 */
import { identity } from './locate-entry.js'
import { lostExec, octal, parseMode } from '../walk/mode.js'
import {
  delta,
  finding,
  isFinding,
  locateAs,
  num,
  short,
  type Inspection,
  type VerifyContext
} from './verifier.js'
import type { HashJob } from '../walk/hash-pool.js'
import { MIB } from '../walk/hash-kernel.mjs'
import type { BlobEntry, Finding } from '../types.js'

export function verifyBlob(e: BlobEntry, ctx: VerifyContext): Inspection {
  const want = e.expect
  const recorded = {
    type: 'file',
    size: want.size,
    headtail: short(want.headtail),
    ...(want.mode ? { mode: want.mode } : {})
  }
  const loc = locateAs(e, ctx, recorded, 'blob', st => st.isFile(), 'a regular file')
  if (isFinding(loc)) return loc
  const st = loc.st
  const size = Number(st.size)
  const mode = Number(st.mode & 0o7777n)
  const found = { type: 'file', size, mode: octal(mode) }
  if (size !== want.size) {
    const how = size < want.size ? 'truncated' : 'grown'
    const detail = `${num(size)} bytes (want ${num(want.size)}, ${delta(size, want.size)}): ${how}`
    return finding(e, 'CORRUPT', 'size', detail, recorded, found)
  }
  const key = identity(st)
  // A stamp the cache knows is a file whose bytes were hashed in full since it last changed.
  const fullCached = want.sha256 ? ctx.cache.file(e.id, key) : undefined
  const jobs: HashJob[] = [{ abs: loc.abs, how: 'headtail', cost: Math.min(size, 2 * MIB) }]
  // --meta reads no content beyond the head/tail (what it always read for blobs).
  const wantFull =
    want.sha256 !== undefined && !ctx.metaOnly && (ctx.deep || fullCached === undefined)
  if (wantFull) jobs.push({ abs: loc.abs, how: 'full', cost: size })
  return {
    jobs,
    judge: ([ht, full]) => {
      if (!ht || 'error' in ht) {
        return finding(
          e,
          'CORRUPT',
          'unreadable',
          `cannot be read (${ht && 'error' in ht ? ht.error : 'EIO'})`,
          recorded,
          found
        )
      }
      if (ht.sha256 !== want.headtail) {
        const detail = `head/tail digest ${short(ht.sha256)} (want ${short(want.headtail)}): different bytes at the same size`
        return finding(e, 'CORRUPT', 'headtail', detail, recorded, {
          ...found,
          headtail: short(ht.sha256)
        })
      }
      let sha = wantFull ? undefined : fullCached
      if (wantFull && full && !('error' in full)) {
        sha = full.sha256
        if (full.size === size) ctx.cache.setFile(e.id, key, sha)
      }
      if (want.sha256 && sha !== undefined && sha !== want.sha256) {
        const detail = `sha256 ${short(sha)} (want ${short(want.sha256)}): bytes differ between head and tail`
        return finding(
          e,
          'CORRUPT',
          'content',
          detail,
          recorded,
          { ...found, sha256: short(sha) },
          fullCached !== undefined
        )
      }
      const cached = !wantFull && fullCached !== undefined
      return judgeBlobMode(e, mode, recorded, found, sha !== undefined, cached)
    }
  }
}

function judgeBlobMode(
  e: BlobEntry,
  mode: number,
  recorded: Finding['recorded'],
  found: Finding['found'],
  deep: boolean,
  cached: boolean
): Finding {
  if (e.expect.mode && lostExec(parseMode(e.expect.mode), mode)) {
    return finding(
      e,
      'STRIPPED',
      'exec',
      `mode ${octal(mode)}, exec bit lost (want ${e.expect.mode})`,
      recorded,
      found,
      cached
    )
  }
  if (e.expect.mode && mode !== parseMode(e.expect.mode)) {
    const detail = `mode ${octal(mode)} (want ${e.expect.mode})`
    return finding(e, 'CORRUPT', 'mode', detail, recorded, found, cached)
  }
  const how = deep ? 'size, head/tail and full sha256 match' : 'size and head/tail match'
  return finding(e, 'OK', 'ok', `${num(e.expect.size)} bytes, ${how}`, recorded, found, cached)
}
