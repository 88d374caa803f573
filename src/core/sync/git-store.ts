/**
 * A git remote as a store: the bundle becomes the only file (`bundle.json`) of a parentless commit,
 * pushed to `refs/swr/NAME` of the remote (a remote name of the current repository, a URL, or a
 * bare repository's path). The machine's own `git` does the work from a private, temporary bare
 * repository, so no working tree, index or branch of any repository is touched. Each push replaces
 * the ref (the remote keeps the newest bundle only).
 *
 * Locator: `git:REMOTE#NAME`, REMOTE resolved (a remote name becomes its URL, a path becomes
 * absolute) and without any password it held. A bare word is always a remote name; a path is
 * spelled as one (`./origin`, `/srv/x.git`, `file://…`) and may not lie inside the workspace. Only
 * the file, git, http(s) and ssh transports are allowed (never `ext::`), git never prompts, a
 * remote spelled with a leading "-" is refused, and git runs through `git/run.ts`: no hook of the
 * scratch repository or of a local receiving repository runs.
 */
import fs from 'node:fs'
import path from 'node:path'
import { MAX_BUNDLE_BYTES } from './bundle.js'
import {
  checkName,
  storeError,
  type StatResult,
  type StoreContext,
  type SyncStore
} from './store.js'
import { UsageError } from '../errors.js'
import { localTransport, runGit, type GitRun } from '../git/run.js'
import { isInside } from '../fs/inside.js'
import { makeOwnedTemp } from '../state/leftovers.js'

const FILE = 'bundle.json'

/** `git ARGS` through the one git runner: fixed configuration, no secrets, bounded output. */
function git(ctx: StoreContext, args: string[], opts: Partial<GitRun> = {}): Promise<Buffer> {
  const env = { ...ctx.env }
  for (const k of ['GIT_DIR', 'GIT_WORK_TREE', 'GIT_INDEX_FILE', 'GIT_OBJECT_DIRECTORY'])
    delete env[k]
  return runGit(args, { cwd: ctx.cwd, env, deadlineMs: ctx.deadlineMs, ...opts })
}

const URL_RE = /^([a-z][a-z0-9+.-]*):\/\//i
const ALLOWED = new Set(['file', 'git', 'http', 'https', 'ssh'])

/** `REMOTE` as git will be given it, and as the locator records it (no password). */
interface Remote {
  url: string
  shown: string
  /** A repository on this machine: its receive-pack/upload-pack run with swr's fixed configuration. */
  local: boolean
}

function withoutPassword(url: string): string {
  const m = URL_RE.exec(url)
  if (!m) return url
  try {
    const u = new URL(url)
    if (!u.password) return url
    u.password = ''
    return u.toString()
  } catch {
    return url
  }
}

async function resolveRemote(remote: string, ctx: StoreContext): Promise<Remote> {
  if (remote === '' || remote.startsWith('-') || /\p{Cc}/u.test(remote) || remote.length > 2000)
    throw new UsageError(`bad git remote ${JSON.stringify(remote.slice(0, 80))}`)
  const scheme = URL_RE.exec(remote)?.[1]?.toLowerCase()
  if (scheme === 'file') return localRemote(new URL(remote).pathname, remote, ctx)
  if (scheme) {
    if (!ALLOWED.has(scheme))
      throw new UsageError(`git remote: the ${scheme} transport is not allowed`)
    return { url: remote, shown: withoutPassword(remote), local: false }
  }
  if (remote.includes('::')) throw new UsageError('git remote: transport helpers are not allowed')
  // A path is spelled as one (it holds a slash, or starts with "." or "~"); a bare word is always
  // a remote name, never a directory of that name that happens to be in the working directory.
  if (remote.includes('/') || remote.startsWith('.') || remote.startsWith('~'))
    return localRemote(remote, remote, ctx)
  // scp-like user@host:path (a colon before any slash) is ssh.
  if (remote.includes(':')) return { url: remote, shown: remote, local: false }
  let url: string
  try {
    url = (await git(ctx, ['remote', 'get-url', '--', remote])).toString('utf8').trim()
  } catch {
    throw new UsageError(
      `git remote "${remote}": no remote of that name here (spell a path as ./${remote})`
    )
  }
  if (url === remote) throw new UsageError(`git remote "${remote}" resolves to itself`)
  return resolveRemote(url.includes('/') || URL_RE.test(url) ? url : `./${url}`, ctx)
}

/** A repository on this machine, never inside the workspace (its hooks and objects are the workspace's). */
function localRemote(spelled: string, shown: string, ctx: StoreContext): Remote {
  const home = ctx.env.HOME
  const expanded = spelled.startsWith('~/') && home ? path.join(home, spelled.slice(2)) : spelled
  const abs = path.resolve(ctx.cwd, expanded)
  const real = realPathOrSelf(abs)
  if (ctx.workspace !== undefined) {
    const ws = realPathOrSelf(ctx.workspace)
    if (real === ws || isInside(ws, real))
      throw new UsageError(
        `git remote ${JSON.stringify(shown.slice(0, 200))} is inside the workspace: an off-box copy must live elsewhere`
      )
  }
  return { url: abs, shown: URL_RE.test(shown) ? shown : abs, local: true }
}

function realPathOrSelf(p: string): string {
  try {
    return fs.realpathSync(p)
  } catch {
    return path.resolve(p)
  }
}

/** `git:REMOTE#NAME` → its parts. */
export function parseGitLocator(locator: string): { remote: string; name: string } {
  const body = locator.slice('git:'.length)
  const at = body.lastIndexOf('#')
  if (!locator.startsWith('git:') || at <= 0)
    throw new UsageError(`bad git locator ${JSON.stringify(locator.slice(0, 120))}`)
  return { remote: body.slice(0, at), name: checkName(body.slice(at + 1)) }
}

async function withScratchRepo<T>(
  ctx: StoreContext,
  fn: (gitDir: string) => Promise<T>
): Promise<T> {
  const dir = makeOwnedTemp(ctx.tmpDir, 'swr-git')
  try {
    await git(ctx, ['init', '--bare', '--quiet', dir])
    return await fn(dir)
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

export function gitStore(spelling: string, ctx: StoreContext): SyncStore {
  const remoteSpec = spelling.slice('git:'.length)
  const fail = (why: string) => storeError(spelling, why)
  return {
    spelling,
    async put(bytes, meta) {
      const name = checkName(meta.name)
      const remote = await resolveRemote(remoteSpec, ctx)
      return withScratchRepo(ctx, async dir => {
        const g = (args: string[], input?: Buffer | string) =>
          git(ctx, ['--git-dir', dir, ...args], { input })
        try {
          const blob = (await g(['hash-object', '-w', '--stdin'], bytes)).toString().trim()
          const tree = (await g(['mktree'], `100644 blob ${blob}\t${FILE}\n`)).toString().trim()
          const commit = (
            await g(['commit-tree', tree, '-m', `swr bundle ${name}\n\nsha256 ${meta.sha256}\n`])
          )
            .toString()
            .trim()
          await g([
            'push',
            '--quiet',
            '--no-verify',
            ...(remote.local ? [localTransport().push] : []),
            remote.url,
            `+${commit}:refs/swr/${name}`
          ])
        } catch (err) {
          throw fail(`push failed: ${(err as Error).message}`)
        }
        return `git:${remote.shown}#${name}`
      })
    },
    locate: name => `git:${remoteSpec}#${checkName(name)}`,
    async get(locator) {
      const { remote: r, name } = parseGitLocator(locator)
      const remote = await resolveRemote(r, ctx)
      return withScratchRepo(ctx, async dir => {
        const g = (args: string[], maxOut?: number) =>
          git(ctx, ['--git-dir', dir, ...args], { maxOut })
        try {
          await g([
            'fetch',
            '--quiet',
            '--no-tags',
            ...(remote.local ? [localTransport().fetch] : []),
            remote.url,
            `+refs/swr/${name}:refs/swr/got`
          ])
        } catch (err) {
          const msg = (err as Error).message
          throw fail(
            /couldn't find remote ref/i.test(msg) ? `no copy named ${name}` : `fetch failed: ${msg}`
          )
        }
        let size: number
        try {
          size = Number((await g(['cat-file', '-s', `refs/swr/got:${FILE}`])).toString().trim())
        } catch {
          throw fail(`refs/swr/${name} holds no ${FILE}`)
        }
        if (!(size <= MAX_BUNDLE_BYTES))
          throw fail(`${size} bytes, over the ${MAX_BUNDLE_BYTES}-byte limit`)
        const bytes = await g(['cat-file', 'blob', `refs/swr/got:${FILE}`], MAX_BUNDLE_BYTES)
        const ct = Number((await g(['show', '-s', '--format=%ct', 'refs/swr/got'])).toString())
        return { bytes, storedAt: Number.isFinite(ct) && ct > 0 ? new Date(ct * 1000) : undefined }
      })
    },
    async stat(locator): Promise<StatResult> {
      const { remote: r, name } = parseGitLocator(locator)
      try {
        const remote = await resolveRemote(r, ctx)
        const out = await git(ctx, [
          'ls-remote',
          ...(remote.local ? [localTransport().fetch] : []),
          remote.url,
          `refs/swr/${name}`
        ])
        return out.length > 0
          ? { reachable: true }
          : { reachable: false, detail: `no copy named ${name}` }
      } catch (err) {
        return { reachable: false, detail: (err as Error).message }
      }
    }
  }
}
