/**
 * The git source: an entry restored from the commit HEAD names, read from git's object store as
 * data (`git ls-tree` and `git cat-file --batch` through the one git runner, never `checkout`,
 * `archive` or anything else that applies attributes, filters or hooks, and never into the work
 * tree). Each path is handed to the same extractor a cache archive goes through, in a fresh
 * private scratch directory, so the same proof applies: counts and sizes checked before a byte is
 * read, each file hashed as it is written and compared with the recorded sha256 (a file's expect,
 * a blob's full sha256, a tree's signed index), modes as recorded, links kept inside the entry;
 * what has no per-file record is verified in scratch. Only then is it placed (place.ts). A blob
 * that differs from what was recorded, a path HEAD does not hold, an object a shallow or partial
 * clone lacks (or a full clone lost), an unborn HEAD or one whose commit cannot be read refuses
 * the source in one line, and the next source runs.
 *
 * HEAD, not a commit recorded in the manifest: the recorded hashes are what the bytes must match,
 * so which commit supplies them decides only whether the source can help, never what is placed.
 */
import { shown, type EntryExtractor, type Expectation } from '../../archive/extract.js'
import { Absent, Rejected } from '../../archive/rejected.js'
import type { Member } from '../../archive/tar-reader.js'
import {
  cloneKind,
  commitOf,
  headState,
  listTree,
  ObjectReader,
  type GitContext,
  type TreeItem
} from '../../git/objects.js'
import type { Entry } from '../../types.js'
import { parseMode } from '../../walk/mode.js'
import {
  expectationOf,
  restoreInScratch,
  type EntryRestore,
  type RestoreContext
} from '../scratch.js'

/** Longest link target read from git (Linux's PATH_MAX). */
const MAX_LINK_BYTES = 4096
/** Paths the tree's ignore rules leave out that the listing may hold before it is refused. */
const MAX_SKIPPED = 1_000_000

const DIR = 0o040000
const FILE = 0o100644
const EXEC = 0o100755
const LINK = 0o120000
const SUBMODULE = 0o160000

export interface GitRestoreContext extends RestoreContext {
  git: GitContext
}

export type GitRestore = EntryRestore & { commit?: string }

/** An object this repository does not hold; worded once the kind of clone is known. */
class MissingObject extends Absent {
  constructor(readonly item: TreeItem) {
    super(`not in git: ${shown(item.name)} (object ${item.oid.slice(0, 12)}) is not in this clone`)
  }
}

function notHere(item: TreeItem): MissingObject {
  return new MissingObject(item)
}

/**
 * Why the object is missing, in one line: a shallow or partial clone leaves objects out (a miss;
 * swr does not fetch), while a full clone that lacks one has a damaged object store.
 */
async function missingReason(git: GitContext, item: TreeItem): Promise<Rejected> {
  const what = `${shown(item.name)} (object ${item.oid.slice(0, 12)})`
  const kind = await cloneKind(git).catch(() => undefined)
  if (kind === 'shallow' || kind === 'partial')
    return new Absent(
      `not in git: ${what} is not in this clone (a ${kind} clone); swr does not fetch it`
    )
  return new Rejected(
    `${what} is missing from the object store of this full clone (a lost object file, pack or pack index); swr does not fetch it`
  )
}

function what(mode: number): string {
  return mode === DIR
    ? 'a directory'
    : mode === LINK
      ? 'a link'
      : mode === SUBMODULE
        ? 'a submodule'
        : 'a file'
}

/**
 * With a full sha256 and a mode recorded, a blob is proven like a file while it is written (the
 * cache cannot: its archive is bounded by size only); anything else as the cache source binds it.
 */
function gitExpectation(e: Entry, ctx: RestoreContext): Expectation {
  if (e.kind === 'blob' && e.expect.sha256 && e.expect.mode)
    return {
      kind: 'file',
      size: e.expect.size,
      sha256: e.expect.sha256,
      mode: parseMode(e.expect.mode)
    }
  return expectationOf(e, ctx)
}

/**
 * The mode each path is written with: as recorded where the manifest records it (git keeps only
 * the executable bit, and the recorded mode is what is verified), else git's own.
 */
function recordedModes(e: Entry, want: Expectation): (name: string) => number | undefined {
  if (want.kind === 'file') return () => want.mode
  if (want.kind === 'indexed') {
    const table = want.table
    return name => {
      const slot = table.slotOf(name.slice(e.path.length + 1))
      return slot < 0 ? undefined : table.modeOf(slot)
    }
  }
  const own = e.kind === 'blob' && e.expect.mode ? parseMode(e.expect.mode) : undefined
  return name => (name === e.path ? own : undefined)
}

/**
 * Open `item`'s object: a missing one (cat-file says so, or a partial clone's cat-file stops
 * because it may not fetch it) is not in this clone.
 */
async function openObject(
  objects: ObjectReader,
  item: TreeItem
): Promise<{ type: string; size: number }> {
  const head = await objects.open(item.oid).catch((err: Error) => {
    throw /promisor remote|missing|not a valid object/i.test(err.message) ? notHere(item) : err
  })
  if (head.missing) throw notHere(item)
  return head
}

/** A small object's bytes (a link target), bounded before its body is read. */
async function readSmall(objects: ObjectReader, item: TreeItem, max: number): Promise<Buffer> {
  const head = await openObject(objects, item)
  if (head.size > max) throw new Rejected(`${shown(item.name)}: link target over ${max} bytes`)
  const parts: Buffer[] = []
  await objects.body(c => void parts.push(Buffer.from(c)))
  return Buffer.concat(parts)
}

/** Hand one listed path to the extractor, its body streamed from cat-file. */
async function feedItem(
  item: TreeItem,
  recorded: number | undefined,
  x: EntryExtractor,
  objects: ObjectReader
): Promise<void> {
  const base = { name: item.name, linkname: '', size: 0 }
  switch (item.mode) {
    case DIR:
      x.member({ ...base, type: 'dir', flag: '5', mode: recorded ?? 0o755 })
      return
    case LINK: {
      const target = await readSmall(objects, item, MAX_LINK_BYTES)
      x.member({ ...base, type: 'symlink', flag: '2', mode: 0o777, linkname: target.toString() })
      return
    }
    case FILE:
    case EXEC: {
      const head = await openObject(objects, item)
      if (head.type !== 'blob')
        throw new Rejected(`${shown(item.name)}: git's object is a ${head.type}, not a blob`)
      const m: Member = {
        ...base,
        type: 'file',
        flag: '0',
        size: head.size,
        mode: recorded ?? item.mode & 0o777
      }
      // The extractor checks the name, size and mode against the record before a byte is read.
      const sink = x.member(m)
      if (!sink) return objects.skip()
      await objects.body(async chunk => {
        sink.write(chunk)
        const room = x.room()
        if (room) await room
      })
      sink.end()
      return
    }
    case SUBMODULE:
      throw new Rejected(
        `${shown(item.name)} is a submodule in git: its files are in another repository`
      )
    default:
      throw new Rejected(`${shown(item.name)}: git mode ${item.mode.toString(8)}`)
  }
}

/** An entry that is not a tree must be the same kind of thing in git. */
function sameKind(e: Entry, item: TreeItem): void {
  if (e.kind === 'tree' || item.name !== e.path) return
  const fits = e.kind === 'link' ? item.mode === LINK : item.mode === FILE || item.mode === EXEC
  if (!fits)
    throw new Rejected(`in git ${shown(e.path)} is ${what(item.mode)}, recorded as a ${e.kind}`)
}

/** Whether `name` (as ls-tree prints it) is a directory the entry lies in. */
function isAbove(name: string, rel: string): boolean {
  const dir = name.replace(/\/+$/, '')
  return dir === '.' || rel.startsWith(`${dir}/`)
}

async function feed(
  e: Entry,
  want: Expectation,
  x: EntryExtractor,
  git: GitContext,
  commit: string
): Promise<void> {
  const modeOf = recordedModes(e, want)
  const objects = new ObjectReader(git)
  let found = false
  let skipped = 0
  try {
    for await (const item of listTree(git, commit, e.path)) {
      // `-t` lists the trees on the way to the entry too ("./" for the workspace itself).
      if (isAbove(item.name, e.path)) continue
      if (item.name !== e.path && !item.name.startsWith(`${e.path}/`))
        throw new Rejected(`git listed ${shown(item.name)}, outside the entry`)
      found = true
      sameKind(e, item)
      if (x.skips(item.name)) {
        if (++skipped > MAX_SKIPPED)
          throw new Rejected(`more than ${MAX_SKIPPED} paths in git that the tree ignores`)
        continue
      }
      await feedItem(item, modeOf(item.name), x, objects)
      const room = x.room()
      if (room) await room
    }
  } catch (err) {
    if (err instanceof MissingObject) throw await missingReason(git, err.item)
    throw err instanceof Rejected ? err : new Rejected(`git: ${(err as Error).message}`)
  } finally {
    await objects.close()
  }
  if (!found) throw new Absent(`not in git: HEAD holds no ${shown(e.path)}`)
  await x.settle()
}

/** Restore `e` from the commit HEAD names, proven in scratch before it is placed. */
export async function restoreFromGit(e: Entry, ctx: GitRestoreContext): Promise<GitRestore> {
  if (e.path === '.')
    return { placed: false, absent: true, reason: 'the workspace itself is not taken from git' }
  let commit: string | undefined
  try {
    commit = await commitOf(ctx.git, 'HEAD')
  } catch (err) {
    return { placed: false, reason: `git: ${(err as Error).message}` }
  }
  if (!commit) {
    let head: Awaited<ReturnType<typeof headState>> | undefined
    try {
      head = await headState(ctx.git)
    } catch (err) {
      return { placed: false, reason: `git: ${(err as Error).message}` }
    }
    if (head.state === 'unborn')
      return {
        placed: false,
        absent: true,
        reason: `not in git: HEAD is unborn (nothing committed${head.branch ? ` on ${shown(head.branch)}` : ''} yet)`
      }
    return {
      placed: false,
      reason: `HEAD names commit ${head.oid.slice(0, 12)}, which this repository cannot read (a removed pack or pack index, or a lost object file)`
    }
  }
  const want = gitExpectation(e, ctx)
  const from = `git (HEAD ${commit.slice(0, 12)})`
  const at = commit
  const r = await restoreInScratch(e, ctx, { from, prefix: e.path, want }, x =>
    feed(e, want, x, ctx.git, at)
  )
  return { ...r, commit }
}
