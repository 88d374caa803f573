/**
 * `file` entries: a regular file with an exact size, sha256 and permission mode. Size is compared
 * before hashing (a different size says all a digest would), and the content outranks the mode:
 * a truncated script that also lost its exec bit is CORRUPT, not STRIPPED.
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
import type { FileEntry, Finding } from '../types.js'

export function verifyFile(e: FileEntry, ctx: VerifyContext): Inspection {
  const want = e.expect
  const recorded = { type: 'file', size: want.size, mode: want.mode, sha256: short(want.sha256) }
  const loc = locateAs(e, ctx, recorded, 'file', st => st.isFile(), 'a regular file')
  if (isFinding(loc)) return loc
  const st = loc.st
  const size = Number(st.size)
  const mode = Number(st.mode & 0o7777n)
  const found = { type: 'file', size, mode: octal(mode) }
  if (size !== want.size) {
    const detail = `${num(size)} bytes (want ${num(want.size)}, ${delta(size, want.size)})`
    return finding(e, 'CORRUPT', 'size', detail, recorded, found)
  }
  const judgeContent = (sha256: string | undefined, cached: boolean): Finding => {
    if (sha256 !== undefined && sha256 !== want.sha256) {
      const detail = `content changed at the same size (sha256 ${short(sha256)}, want ${short(want.sha256)})`
      return finding(
        e,
        'CORRUPT',
        'content',
        detail,
        recorded,
        { ...found, sha256: short(sha256) },
        cached
      )
    }
    return judgeMode(e, mode, { ...found, ...(sha256 ? { sha256: short(sha256) } : {}) }, cached)
  }
  if (ctx.metaOnly) return judgeContent(undefined, false)
  const key = identity(st)
  const cached = ctx.cache.file(e.id, key)
  if (cached !== undefined) return judgeContent(cached, true)
  return {
    jobs: [{ abs: loc.abs, how: 'full', cost: size }],
    judge: ([r]) => {
      if (!r || 'error' in r) {
        const code = r && 'error' in r ? r.error : 'EIO'
        return finding(e, 'CORRUPT', 'unreadable', `cannot be read (${code})`, recorded, found)
      }
      if (r.size === size) ctx.cache.setFile(e.id, key, r.sha256)
      return judgeContent(r.sha256, false)
    }
  }
}

function judgeMode(e: FileEntry, mode: number, found: Finding['found'], cached: boolean): Finding {
  const wanted = parseMode(e.expect.mode)
  const recorded = {
    type: 'file',
    size: e.expect.size,
    mode: e.expect.mode,
    sha256: short(e.expect.sha256)
  }
  if (lostExec(wanted, mode)) {
    const detail = `mode ${octal(mode)}, exec bit lost (want ${e.expect.mode})`
    return finding(e, 'STRIPPED', 'exec', detail, recorded, found, cached)
  }
  if (mode !== wanted) {
    const detail = `mode ${octal(mode)} (want ${e.expect.mode})`
    return finding(e, 'CORRUPT', 'mode', detail, recorded, found, cached)
  }
  return finding(
    e,
    'OK',
    'ok',
    `${num(e.expect.size)} bytes, mode ${e.expect.mode}`,
    recorded,
    found,
    cached
  )
}
