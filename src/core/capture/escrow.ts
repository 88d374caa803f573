/**
 * Escrow: small files carried inside the (signed) manifest, so they can be restored without a
 * recipe. Bytes are escrowed only after they match the recorded sha256, and restored only after
 * the inflated bytes match it again; the inflate is bounded by the recorded size, so a
 * decompression bomb is refused before anything is written.
 *
 * The write never follows a symlink: the parent directories are resolved by no-follow.ts (a
 * symlinked parent is refused, a missing one created), the data goes to a new file with a random name created exclusively with O_NOFOLLOW in
 * the target directory, is fsynced, gets the recorded mode, and is renamed over the target (a
 * symlink planted at the target is replaced, not followed). The result is hashed again.
 */
import { createHash, randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { deflateRawSync, inflateRawSync } from 'node:zlib'
import { secretReason } from './secrets.js'
import { loadSecretScan } from './secret-scan.js'
import { SwrError, EXIT } from '../errors.js'
import { resolveEntryPath } from '../manifest/paths.js'
import { resolveNoFollow, SymlinkRefusal, type RealDirs } from '../fs/no-follow.js'
import { hashFile } from '../walk/hash-kernel.mjs'
import { parseMode } from '../walk/mode.js'
import type { Escrow, FileEntry } from '../types.js'
import { writeAll } from '../state/atomic.js'

export const ESCROW_MAX_BYTES = 256 * 1024

function refuse(e: FileEntry, why: string): SwrError {
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

/** The escrowed bytes, checked against the recorded size and sha256 (bounded inflate). */
export function escrowedBytes(e: FileEntry): Buffer {
  if (!e.escrow) throw refuse(e, 'absent')
  let bytes: Buffer
  try {
    bytes = inflateRawSync(Buffer.from(e.escrow.data, 'base64'), {
      maxOutputLength: Math.max(1, e.expect.size)
    })
  } catch {
    throw refuse(
      e,
      `refused: inflates to more than the recorded ${e.expect.size} bytes, or is not deflate data`
    )
  }
  if (bytes.length !== e.expect.size)
    throw refuse(e, `refused: ${bytes.length} bytes, ${e.expect.size} recorded`)
  if (createHash('sha256').update(bytes).digest('hex') !== e.expect.sha256)
    throw refuse(e, 'refused: bytes do not match the recorded sha256')
  return bytes
}

/**
 * Create or check each parent directory below the workspace without following a symlink. Those a
 * batch already found real (`known`) are not looked at again; instead the parent itself must
 * still be the directory the batch found: an ancestor replaced by a link since leads elsewhere,
 * to another directory, and is refused as a link would have been.
 */
function safeParent(
  workspace: string,
  e: FileEntry,
  known?: RealDirs
): { dir: string; dev: number; ino: number } {
  let target: string
  try {
    target = resolveNoFollow(workspace, e.path, { mkdir: true, known })
  } catch (err) {
    if (err instanceof SymlinkRefusal) throw refuse(e, `refused: ${err.message}`)
    throw err
  }
  const dir = path.dirname(target)
  const st = fs.lstatSync(dir)
  const seen = known?.get(dir)
  if (seen && (seen.dev !== st.dev || seen.ino !== st.ino || !st.isDirectory()))
    throw refuse(e, 'refused: the target directory was replaced while writing')
  return { dir, dev: st.dev, ino: st.ino }
}

/** Random bytes for temporary names, drawn 4 KiB at a time: one draw per 512 names, not one each. */
let namePool = Buffer.alloc(0)
let namePoolAt = 0

function randomHex8(): string {
  if (namePoolAt + 8 > namePool.length) {
    namePool = randomBytes(4096)
    namePoolAt = 0
  }
  namePoolAt += 8
  return namePool.toString('hex', namePoolAt - 8, namePoolAt)
}

/**
 * An escrowed file written under a temporary name beside its target, not yet in place; `dev` is
 * the device of its directory (so a batch knows which file systems to sync).
 */
export interface StagedEscrow {
  readonly entry: FileEntry
  readonly tmp: string
  readonly dev: number
  /**
   * Rename it over the target (refused when the directory was replaced), then prove it by
   * hashing it again; `prove: false` for a caller that re-verifies what it committed at once.
   */
  commit(opts?: { prove: boolean }): void
  /** Remove the temporary file; the target is left as it was. */
  discard(): void
}

/**
 * The first half of a restore: the checked bytes in a new file beside the target, created
 * exclusively without following a link, with the recorded mode. `sync: false` leaves it unsynced
 * for a caller that makes a whole batch durable at once before any of it is committed; `known`,
 * the directories that batch already resolved.
 */
export function stageEscrow(
  workspace: string,
  e: FileEntry,
  opts: { sync: boolean; known?: RealDirs } = { sync: true }
): StagedEscrow {
  const bytes = escrowedBytes(e)
  const parent = safeParent(workspace, e, opts.known)
  const target = path.join(parent.dir, path.posix.basename(e.path))
  const tmp = path.join(parent.dir, `.${path.posix.basename(e.path)}.swr-${randomHex8()}.tmp`)
  const flags =
    fs.constants.O_WRONLY | fs.constants.O_CREAT | fs.constants.O_EXCL | fs.constants.O_NOFOLLOW
  const fd = fs.openSync(tmp, flags, 0o600)
  try {
    try {
      writeAll(fd, bytes)
      fs.fchmodSync(fd, parseMode(e.expect.mode))
      if (opts.sync) fs.fsyncSync(fd)
    } finally {
      fs.closeSync(fd)
    }
  } catch (err) {
    fs.rmSync(tmp, { force: true })
    throw err
  }
  const commit = ({ prove } = { prove: true }): void => {
    try {
      const again = fs.lstatSync(parent.dir)
      if (again.dev !== parent.dev || again.ino !== parent.ino || again.isSymbolicLink()) {
        throw refuse(e, 'refused: the target directory was replaced while writing')
      }
      const existing = fs.lstatSync(target, { throwIfNoEntry: false })
      if (existing?.isDirectory())
        throw refuse(e, `refused: ${e.path} is a directory; remove it first`)
      fs.renameSync(tmp, target)
    } catch (err) {
      fs.rmSync(tmp, { force: true })
      throw err
    }
    if (prove && hashFile(target).sha256 !== e.expect.sha256)
      throw refuse(e, 'restored, but the file does not verify')
  }
  return { entry: e, tmp, dev: parent.dev, commit, discard: () => fs.rmSync(tmp, { force: true }) }
}

/** Write the escrowed file into place (see the module comment) and prove it verifies. */
export function restoreFromEscrow(workspace: string, e: FileEntry): void {
  stageEscrow(workspace, e).commit()
}
