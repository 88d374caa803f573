/**
 * The link source: a link entry that is gone, was flattened into a copy of what it pointed at (a
 * cache or artifact round trip that follows links), or points elsewhere now gets the recorded
 * link back, with no recipe: the link is made under a new random name beside the target and
 * renamed over it, both through the parent directory held open from the workspace down
 * (pinned-dir.ts), so a parent swapped for a link cannot send it elsewhere; missing parents are
 * made the same way. A directory in the link's place is refused, not removed: it may hold what
 * was copied through the link and more. Where directories cannot be pinned (no /proc), nothing
 * is made and the step says why. The target is the signed one; the re-verification that follows
 * judges the result as any check would.
 */
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { bytesOf, shownName } from '../walk/byte-names.mjs'
import { below, inPinnedWorkspace, type DirChain } from '../fs/pinned-dir.js'
import type { LinkEntry } from '../types.js'

/** Make `entry`'s recorded link again; the detail of what was done, or why not (`made: false`). */
export function restoreLink(
  workspace: string,
  entry: LinkEntry
): { made: boolean; detail: string } {
  try {
    return inPinnedWorkspace(
      workspace,
      chain => relinkIn(chain, entry),
      () => ({
        made: false,
        detail: 'no link made: directories cannot be held open here (no /proc)'
      })
    )
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code
    if (typeof code !== 'string') throw err
    return { made: false, detail: `no link made: ${why(code)}` }
  }
}

function relinkIn(chain: DirChain, e: LinkEntry): { made: boolean; detail: string } {
  const parent = chain.dirFd(path.posix.dirname(e.path), { mkdir: true })
  const name = path.posix.basename(e.path)
  const at = below(parent, name)
  const now = fs.lstatSync(at, { throwIfNoEntry: false })
  if (now?.isDirectory())
    return {
      made: false,
      detail: `no link made: ${shownName(e.path)} is a directory; remove it first`
    }
  const tmp = below(parent, `.${name}.swr-${randomBytes(8).toString('hex')}.tmp`)
  fs.symlinkSync(bytesOf(e.expect.target), tmp)
  try {
    fs.renameSync(tmp, at)
  } catch (err) {
    fs.rmSync(tmp, { force: true })
    throw err
  }
  const was = !now ? 'was gone' : now.isSymbolicLink() ? 'pointed elsewhere' : 'was a copy'
  return { made: true, detail: `recorded link made again (it ${was})` }
}

function why(code: string): string {
  switch (code) {
    case 'ELOOP':
      return 'a directory on its path is a symbolic link'
    case 'ENOTDIR':
      return 'a directory on its path is not a directory'
    default:
      return `${code} while making it`
  }
}
