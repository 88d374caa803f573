/**
 * A commit's files read from git's object store as data. `git ls-tree` lists what lies at and
 * below one path of a commit (mode, type, object id, size) and `git cat-file --batch` hands back
 * each object's raw bytes. Neither applies attributes, filters, textconv or hooks, neither reads
 * the work tree or the index, and a partial clone's missing object is not fetched (run.ts), so
 * nothing the repository configures runs. Both outputs are read as streams under the caller's
 * bounds: no listing and no object is ever held whole here.
 */
import { runGit, startGit, type GitStream } from './run.js'

export interface GitContext {
  /** Where git runs: the workspace (names are relative to it). */
  cwd: string
  env: Readonly<Record<string, string | undefined>>
  deadlineMs: number
  abort?: AbortSignal | undefined
}

/**
 * One line of `git ls-tree`: `name` relative to the context's directory. No size: `-l` would make
 * ls-tree read every blob, and a partial clone's missing one would end the listing.
 */
export interface TreeItem {
  name: string
  /** git's mode: 0o100644, 0o100755, 0o120000 (link), 0o040000 (tree), 0o160000 (submodule). */
  mode: number
  type: string
  oid: string
}

/** Longest ls-tree record (mode, type, id, a 4,096-byte name) and object header read. */
const MAX_RECORD = 8 * 1024
const OID = /^[0-9a-f]{40}([0-9a-f]{24})?$/

/** A stream read on demand: lines up to a separator, and counted runs of bytes. */
class Pull {
  private buf: Buffer = Buffer.alloc(0)
  constructor(private readonly src: AsyncIterator<Buffer>) {}

  private async more(): Promise<boolean> {
    const r = await this.src.next()
    if (r.done) return false
    this.buf = this.buf.length === 0 ? r.value : Buffer.concat([this.buf, r.value])
    return true
  }

  /** The bytes before the next `sep` (consumed), undefined at a clean end. */
  async until(sep: number): Promise<Buffer | undefined> {
    for (let from = 0; ;) {
      const at = this.buf.indexOf(sep, from)
      if (at >= 0) {
        const line = this.buf.subarray(0, at)
        this.buf = this.buf.subarray(at + 1)
        return line
      }
      if (this.buf.length > MAX_RECORD)
        throw new Error(`git printed a line over ${MAX_RECORD} bytes`)
      from = this.buf.length
      if (!(await this.more())) {
        if (this.buf.length === 0) return undefined
        throw new Error('git output ended mid-line')
      }
    }
  }

  /** The next `n` bytes, chunk by chunk as they arrive. */
  async take(n: number, each: (chunk: Buffer) => void | Promise<void>): Promise<void> {
    while (n > 0) {
      if (this.buf.length === 0 && !(await this.more())) throw new Error('git output ended early')
      const part = this.buf.subarray(0, Math.min(n, this.buf.length))
      this.buf = this.buf.subarray(part.length)
      n -= part.length
      await each(part)
    }
  }
}

/** The commit `rev` names, as a full object id; undefined when it names none (no commit yet). */
export async function commitOf(ctx: GitContext, rev: string): Promise<string | undefined> {
  try {
    const out = await runGit(
      ['rev-parse', '--verify', '--quiet', '--end-of-options', `${rev}^{commit}`],
      {
        cwd: ctx.cwd,
        env: ctx.env,
        deadlineMs: ctx.deadlineMs,
        maxOut: 200
      }
    )
    const id = out.toString('latin1').trim()
    return OID.test(id) ? id : undefined
  } catch (err) {
    // --quiet: a name that resolves to no commit is exit 1 and no words; anything else is said.
    if ((err as Error).message === 'exit 1') return undefined
    throw err
  }
}

/** One short answer of git (a rev-parse or config query); undefined on exit 1 (none). */
async function ask(ctx: GitContext, args: string[]): Promise<string | undefined> {
  try {
    const out = await runGit(args, {
      cwd: ctx.cwd,
      env: ctx.env,
      deadlineMs: ctx.deadlineMs,
      maxOut: 4096
    })
    return out.toString('latin1').trim()
  } catch (err) {
    if ((err as Error).message === 'exit 1') return undefined
    throw err
  }
}

/**
 * Why HEAD names no commit: `unborn` (a branch with nothing committed yet), or `unreadable` with
 * the id HEAD names (the ref is there but its object cannot be read: a removed pack or pack index,
 * a lost object file).
 */
export async function headState(
  ctx: GitContext
): Promise<{ state: 'unborn'; branch?: string } | { state: 'unreadable'; oid: string }> {
  const oid = await ask(ctx, ['rev-parse', '--verify', '--quiet', '--end-of-options', 'HEAD'])
  if (oid && OID.test(oid)) return { state: 'unreadable', oid }
  const ref = await ask(ctx, ['symbolic-ref', '--quiet', 'HEAD'])
  const branch = ref?.replace(/^refs\/heads\//, '')
  return branch ? { state: 'unborn', branch } : { state: 'unborn' }
}

/** What kind of clone the repository is, for naming why an object is not in it. */
export async function cloneKind(ctx: GitContext): Promise<'shallow' | 'partial' | 'full'> {
  if ((await ask(ctx, ['rev-parse', '--is-shallow-repository'])) === 'true') return 'shallow'
  const partial = await ask(ctx, ['config', '--get', 'extensions.partialClone'])
  if (partial) return 'partial'
  const promisor = await ask(ctx, ['config', '--get-regexp', '^remote\\..*\\.promisor$'])
  return promisor && /\btrue$/m.test(promisor) ? 'partial' : 'full'
}

function parseItem(rec: Buffer): TreeItem {
  const tab = rec.indexOf(0x09)
  const head = tab < 0 ? [] : rec.toString('latin1', 0, tab).split(/ +/)
  const [mode, type, oid] = head
  if (head.length !== 3 || !mode || !type || !oid || !OID.test(oid) || !/^[0-7]{6}$/.test(mode))
    throw new Error('git ls-tree printed a record it should not')
  return {
    name: rec.toString('utf8', tab + 1),
    mode: parseInt(mode, 8),
    type,
    oid
  }
}

/**
 * Everything at and below `rel` in commit `commit`, trees included, in git's order (a tree before
 * what it holds). Read one record at a time; the caller stops when it has seen enough.
 */
export async function* listTree(
  ctx: GitContext,
  commit: string,
  rel: string
): AsyncGenerator<TreeItem> {
  const git = startGit(['--literal-pathspecs', 'ls-tree', '-r', '-t', '-z', commit, '--', rel], ctx)
  const pull = new Pull(git.out)
  let finished = false
  try {
    for (let rec = await pull.until(0); rec !== undefined; rec = await pull.until(0))
      yield parseItem(rec)
    finished = true
  } finally {
    if (!finished) git.stop()
    await git.done().catch(err => {
      if (finished) throw err
    })
  }
}

/**
 * git streams a packed blob only when it is over `core.bigFileThreshold` (else it inflates it
 * whole in memory), and maps pack windows up to `core.packedGitLimit`: both kept small here, so
 * git's own memory stays bounded too. (A blob stored as a delta is still rebuilt whole; git packs
 * no blob over its own threshold, 512 MiB by default, as a delta.)
 */
const STREAMING = [
  '-c',
  'core.bigFileThreshold=1m',
  '-c',
  'core.packedGitWindowSize=16m',
  '-c',
  'core.packedGitLimit=64m'
]

/** What `cat-file --batch` said of one object. */
export type ObjectHeader = { missing: true } | { missing: false; type: string; size: number }

/** One `git cat-file --batch` for many objects, asked for one at a time. */
export class ObjectReader {
  private readonly git: GitStream
  private readonly pull: Pull
  /** Bytes of the object opened last that are not read yet (its body and newline). */
  private pending = 0

  constructor(ctx: GitContext) {
    this.git = startGit([...STREAMING, 'cat-file', '--batch'], ctx)
    this.pull = new Pull(this.git.out)
  }

  /** Ask for `oid`; its body must then be read (`body`) or skipped (`skip`) before the next. */
  async open(oid: string): Promise<ObjectHeader> {
    if (this.pending > 0) await this.skip()
    if (!OID.test(oid)) throw new Error('not an object id')
    this.git.send(`${oid}\n`)
    const line = await this.pull.until(0x0a).catch(err => this.gone(err))
    if (line === undefined) return this.gone(new Error('git cat-file ended early'))
    const [id, type, size] = line.toString('latin1').split(' ')
    if (id !== oid) throw new Error('git cat-file answered for another object')
    if (type === 'missing') return { missing: true }
    if (!type || size === undefined || !/^\d{1,15}$/.test(size))
      throw new Error(`git cat-file: ${type ?? 'no answer'}`)
    this.pending = Number(size) + 1
    return { missing: false, type, size: Number(size) }
  }

  /**
   * cat-file stopped answering: git's own last line says why (a partial clone's missing object
   * ends it with "could not fetch … from promisor remote" when fetching is off).
   */
  private async gone(err: unknown): Promise<never> {
    await this.git.done().catch(e => (err = e))
    throw err
  }

  /** The body of the object just opened, chunk by chunk (the caller bounds what it keeps). */
  async body(each: (chunk: Buffer) => void | Promise<void>): Promise<void> {
    const n = this.pending - 1
    this.pending = 0
    await this.pull.take(n, each)
    await this.pull.take(1, () => undefined)
  }

  /** Read past the object just opened. */
  async skip(): Promise<void> {
    const n = this.pending
    this.pending = 0
    await this.pull.take(n, () => undefined)
  }

  /** End the batch (stops git at once: what it still had to say is not wanted). */
  async close(): Promise<void> {
    this.git.stop()
    await this.git.done().catch(() => undefined)
  }
}
