/**
 * A git remote as a store: the bundle becomes the only file (`bundle.json`) of a parentless commit,
 * pushed to `refs/swr/NAME` of the remote (a remote name of the current repository, a URL, or a
 * bare repository's path). The machine's own `git` does the work from a private, temporary bare
 * repository, so no working tree, index or branch of any repository is touched. Each push replaces
 * the ref (the remote keeps the newest bundle only).
 *
 * Locator: `git:REMOTE#NAME`, REMOTE resolved (a remote name becomes its URL, a path becomes
 * absolute) and without any password it held. Only the file, git, http(s) and ssh transports are
 * allowed (never `ext::`), git never prompts, and a remote spelled with a leading "-" is refused.
 */
import { spawn } from 'node:child_process'
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

const FILE = 'bundle.json'

interface Run {
  input?: Buffer | string | undefined
  maxOut?: number | undefined
  cwd?: string | undefined
}

/** `git ARGS` without a shell; resolves to stdout, rejects with git's last stderr line. */
function git(ctx: StoreContext, args: string[], opts: Run = {}): Promise<Buffer> {
  const maxOut = opts.maxOut ?? 1 << 20
  const env: NodeJS.ProcessEnv = {
    ...ctx.env,
    GIT_TERMINAL_PROMPT: '0',
    GIT_ALLOW_PROTOCOL: 'file:git:http:https:ssh',
    GIT_AUTHOR_NAME: 'swr',
    GIT_AUTHOR_EMAIL: 'swr@localhost',
    GIT_COMMITTER_NAME: 'swr',
    GIT_COMMITTER_EMAIL: 'swr@localhost',
    GIT_SSH_COMMAND: ctx.env.GIT_SSH_COMMAND ?? 'ssh -o BatchMode=yes',
    LC_ALL: 'C'
  }
  for (const k of ['GIT_DIR', 'GIT_WORK_TREE', 'GIT_INDEX_FILE', 'GIT_OBJECT_DIRECTORY'])
    delete env[k]
  return new Promise((resolve, reject) => {
    // No hook of any template or configuration runs in the scratch repository.
    const child = spawn('git', ['-c', 'core.hooksPath=/dev/null', ...args], {
      cwd: opts.cwd ?? ctx.cwd,
      env,
      stdio: ['pipe', 'pipe', 'pipe']
    })
    const out: Buffer[] = []
    let outBytes = 0
    let err = ''
    let failed: Error | undefined
    const timer = setTimeout(() => {
      failed = new Error(`git ${args[0]} took longer than ${Math.round(ctx.deadlineMs / 1000)} s`)
      child.kill('SIGKILL')
    }, ctx.deadlineMs)
    child.stdout.on('data', (c: Buffer) => {
      outBytes += c.length
      if (outBytes > maxOut) {
        failed = new Error(`git ${args[0]} printed more than ${maxOut} bytes`)
        child.kill('SIGKILL')
      } else out.push(c)
    })
    child.stderr.on('data', (c: Buffer) => {
      err = (err + c.toString('utf8')).slice(-4000)
    })
    child.on('error', e =>
      reject(
        new Error(
          (e as NodeJS.ErrnoException).code === 'ENOENT' ? 'git is not installed' : e.message
        )
      )
    )
    child.on('close', code => {
      clearTimeout(timer)
      if (failed) return reject(failed)
      if (code !== 0) {
        const line = err.trim().split('\n').filter(Boolean).pop() ?? `exit ${code}`
        return reject(new Error(line.replace(/\p{Cc}/gu, ' ').slice(0, 300)))
      }
      resolve(Buffer.concat(out))
    })
    child.stdin.on('error', () => undefined)
    child.stdin.end(opts.input ?? '')
  })
}

const URL_RE = /^([a-z][a-z0-9+.-]*):\/\//i
const ALLOWED = new Set(['file', 'git', 'http', 'https', 'ssh'])

/** `REMOTE` as git will be given it, and as the locator records it (no password). */
interface Remote {
  url: string
  shown: string
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
  if (scheme) {
    if (!ALLOWED.has(scheme))
      throw new UsageError(`git remote: the ${scheme} transport is not allowed`)
    return { url: remote, shown: withoutPassword(remote) }
  }
  if (remote.includes('::')) throw new UsageError('git remote: transport helpers are not allowed')
  // scp-like user@host:path (a colon before any slash) is ssh.
  if (/^[^/]*:/.test(remote)) return { url: remote, shown: remote }
  const local = path.resolve(ctx.cwd, remote)
  if (remote.includes('/') || fs.existsSync(local)) return { url: local, shown: local }
  // A remote name of the repository around the working directory.
  let url: string
  try {
    url = (await git(ctx, ['remote', 'get-url', '--', remote])).toString('utf8').trim()
  } catch {
    throw new UsageError(`git remote "${remote}": no such remote here and no such path`)
  }
  if (url === remote) throw new UsageError(`git remote "${remote}" resolves to itself`)
  return resolveRemote(url, ctx)
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
  const dir = fs.mkdtempSync(path.join(ctx.tmpDir, 'swr-git-'))
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
          await g(['push', '--quiet', '--no-verify', remote.url, `+${commit}:refs/swr/${name}`])
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
          await g(['fetch', '--quiet', '--no-tags', remote.url, `+refs/swr/${name}:refs/swr/got`])
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
        const out = await git(ctx, ['ls-remote', remote.url, `refs/swr/${name}`])
        return out.length > 0
          ? { reachable: true }
          : { reachable: false, detail: `no copy named ${name}` }
      } catch (err) {
        return { reachable: false, detail: (err as Error).message }
      }
    }
  }
}
