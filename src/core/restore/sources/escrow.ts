/**
 * Escrow: a small file's bytes carried in the signed manifest (capture/escrow.ts escrows them),
 * restored only after the inflated bytes match the recorded sha256; the inflate is bounded by the
 * recorded size, so a decompression bomb is refused before anything is written. The runner
 * batches a wave's escrow restores so one sync covers them all (`stageEscrow`, then `commit`).
 *
 * The write never follows a symlink: the parent directories are resolved by no-follow.ts (a
 * symlinked parent is refused, a missing one created), the data goes to a new file with a random
 * name created exclusively with O_NOFOLLOW in the target directory (through a descriptor of it,
 * where /proc pins one: see createIn), is fsynced, gets the recorded mode, and is renamed over
 * the target (a symlink planted at the target is replaced, not followed). The result is hashed
 * again.
 */
import { createHash, randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { inflateRawSync } from 'node:zlib'
import { refuse } from '../../capture/escrow.js'
import { SwrError } from '../../errors.js'
import { resolveNoFollow, SymlinkRefusal, type RealDirs } from '../../fs/no-follow.js'
import { below, OPEN_DIR, procPins } from '../../fs/pinned-dir.js'
import { writeAll } from '../../state/atomic.js'
import type { FileEntry } from '../../types.js'
import { hashFile } from '../../walk/hash-kernel.mjs'
import { parseMode } from '../../walk/mode.js'
import type { SourceDef } from './source.js'

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

const CREATE =
  fs.constants.O_WRONLY | fs.constants.O_CREAT | fs.constants.O_EXCL | fs.constants.O_NOFOLLOW

/**
 * A new file `name` in the directory safeParent resolved, created exclusively, never through a
 * link. Where /proc pins a descriptor it is created below a descriptor of that directory, which
 * must be the one resolved (its device and inode): a parent swapped for a link since it was
 * resolved then cannot send the escrowed bytes out of the workspace, as an open by path would
 * (O_NOFOLLOW guards the last component only). Elsewhere (macOS) by path, as commit re-checks.
 */
function createIn(
  parent: { dir: string; dev: number; ino: number },
  name: string,
  e: FileEntry
): number {
  let dirFd: number
  try {
    dirFd = fs.openSync(parent.dir, OPEN_DIR)
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code
    if (code === 'ENOENT' || code === 'ELOOP' || code === 'ENOTDIR')
      throw refuse(e, 'refused: the target directory was replaced while writing')
    throw err
  }
  try {
    if (!procPins(dirFd)) return fs.openSync(path.join(parent.dir, name), CREATE, 0o600)
    const held = fs.fstatSync(dirFd)
    if (held.dev !== parent.dev || held.ino !== parent.ino)
      throw refuse(e, 'refused: the target directory was replaced while writing')
    return fs.openSync(below(dirFd, name), CREATE, 0o600)
  } finally {
    fs.closeSync(dirFd)
  }
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
  const name = `.${path.posix.basename(e.path)}.swr-${randomHex8()}.tmp`
  const tmp = path.join(parent.dir, name)
  const fd = createIn(parent, name, e)
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

/** An escrow restore's failure as its attempt's detail; anything but a refusal or an fs error is a bug. */
export function escrowFailure(err: unknown): string {
  if (!(err instanceof SwrError) && !(err instanceof Error && 'code' in err)) throw err
  return err instanceof Error ? err.message : String(err)
}

export const escrowSource: SourceDef<'escrow'> = {
  kind: 'escrow',
  offered: entry => (entry.kind === 'file' && entry.escrow ? [{ kind: 'escrow' }] : []),
  async attempt(_src, entry, ctx) {
    if (entry.kind !== 'file')
      return {
        attempt: { source: 'escrow', outcome: 'failed', detail: 'escrow on a non-file entry' }
      }
    try {
      restoreFromEscrow(ctx.workspace, entry)
      return { attempt: { source: 'escrow', outcome: 'healed', detail: 'restored from escrow' } }
    } catch (err) {
      return { attempt: { source: 'escrow', outcome: 'failed', detail: escrowFailure(err) } }
    }
  }
}
