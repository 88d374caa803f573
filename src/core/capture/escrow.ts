/**
 * Escrow: small files carried inside the (signed) manifest, so they can be restored without a
 * recipe. Bytes are escrowed only after they match the recorded sha256, and restored only after
 * the inflated bytes match it again; the inflate is bounded by the recorded size, so a
 * decompression bomb is refused before anything is written.
 *
 * Writing the bytes back is the escrow restore source's (restore/sources/escrow.ts).
 */
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import { deflateRawSync } from 'node:zlib'
import { secretReason } from './secrets.js'
import { loadSecretScan } from './secret-scan.js'
import { SwrError, EXIT } from '../errors.js'
import { resolveEntryPath } from '../manifest/paths.js'
import type { Escrow, FileEntry } from '../types.js'

export const ESCROW_MAX_BYTES = 256 * 1024

/** An escrow refusal of entry `e`: one line, exit UNREPAIRABLE (also restore/sources/escrow.ts). */
export function refuse(e: FileEntry, why: string): SwrError {
  return new SwrError(`${e.id}: escrow ${why}`, EXIT.UNREPAIRABLE)
}

function secretRefusal(e: FileEntry, why: string): SwrError {
  return refuse(e, `refused: ${e.path} ${why}; secrets are tracked by hash, never escrowed`)
}

/**
 * Escrow the file's current bytes; refuses when they are not the recorded ones, and always for a
 * secret (the manifest is shared and pushed: secrets are tracked by hash only): by name before
 * anything is read, by place (`stateDir`) and by content after: every byte to be embedded passes
 * the full secret scan (the maintained rule set and swr's own rules, secret-scan.ts).
 */
export async function captureEscrow(
  workspace: string,
  e: FileEntry,
  maxBytes = ESCROW_MAX_BYTES,
  stateDir?: string
): Promise<Escrow> {
  const byName = secretReason({ rel: e.path, bytes: new Uint8Array() })
  if (byName) throw secretRefusal(e, byName)
  if (e.expect.size > maxBytes)
    throw refuse(e, `skipped: ${e.expect.size} bytes is over the ${maxBytes}-byte limit`)
  const abs = resolveEntryPath(workspace, e.path)
  const fd = fs.openSync(
    abs,
    fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW | fs.constants.O_NONBLOCK
  )
  let bytes: Buffer
  try {
    const st = fs.fstatSync(fd)
    if (!st.isFile()) throw refuse(e, 'refused: not a regular file')
    if (st.size !== e.expect.size)
      throw refuse(e, `refused: ${st.size} bytes on disk, ${e.expect.size} recorded`)
    bytes = Buffer.alloc(st.size)
    let got = 0
    while (got < st.size) {
      const n = fs.readSync(fd, bytes, got, st.size - got, got)
      if (n === 0) break
      got += n
    }
  } finally {
    fs.closeSync(fd)
  }
  const scan = await loadSecretScan()
  const secret = secretReason({ rel: e.path, abs, bytes, scan, ...(stateDir ? { stateDir } : {}) })
  if (secret) throw secretRefusal(e, secret)
  const sha = createHash('sha256').update(bytes).digest('hex')
  if (sha !== e.expect.sha256)
    throw refuse(e, 'refused: the file on disk does not match its recorded sha256')
  return {
    encoding: 'deflate-base64',
    data: deflateRawSync(bytes, { level: 9 }).toString('base64')
  }
}
