/**
 * `blob` entries: large files (models, archives) checked by exact byte count and a head/tail digest
 * that reads 2 MiB whatever the size, so a 2 GB model is checked in milliseconds. A truncated
 * download always has the wrong size; the head/tail digest catches a different file of the same
 * size. `--deep` also compares the full sha256 when one was recorded.
 */
import { identity } from './locate-entry.js'
import { lostExec, octal, parseMode } from './mode.js'
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
import type { HashJob } from './hash-pool.js'
import { MIB } from './hash-kernel.mjs'
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
  const fullCached = want.sha256 && ctx.deep ? ctx.cache.file(e.id, key) : undefined
  const jobs: HashJob[] = [{ abs: loc.abs, how: 'headtail', cost: Math.min(size, 2 * MIB) }]
  const wantFull = ctx.deep && want.sha256 !== undefined && fullCached === undefined
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
      let sha = fullCached
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
      return judgeBlobMode(e, mode, recorded, found, sha !== undefined)
    }
  }
}

function judgeBlobMode(
  e: BlobEntry,
  mode: number,
  recorded: Finding['recorded'],
  found: Finding['found'],
  deep: boolean
): Finding {
  if (e.expect.mode && lostExec(parseMode(e.expect.mode), mode)) {
    return finding(
      e,
      'STRIPPED',
      'exec',
      `mode ${octal(mode)}, exec bit lost (want ${e.expect.mode})`,
      recorded,
      found
    )
  }
  const how = deep ? 'size, head/tail and full sha256 match' : 'size and head/tail match'
  return finding(e, 'OK', 'ok', `${num(e.expect.size)} bytes, ${how}`, recorded, found)
}
