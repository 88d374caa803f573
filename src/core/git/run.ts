/**
 * The one way swr runs git. A repository's configuration can name commands (`core.fsmonitor`,
 * hooks, `core.sshCommand`, aliases, pagers) and `.git/config` is a file that a cache restore or
 * an earlier step can write, so git runs here with a fixed configuration laid over whatever the
 * repository says, and with an environment holding only what git needs to reach a remote: never
 * the job's tokens, the HMAC key or a recipe's secrets.
 *
 * A local repository git pushes into or fetches from runs its own receive-pack/upload-pack, which
 * would run the receiving repository's hooks; `localTransport` spells those with the same fixed
 * configuration, so no hook of either side runs.
 */
import { spawn, type ChildProcessByStdio } from 'node:child_process'
import type { Readable, Writable } from 'node:stream'

/** Laid over every configuration git reads: nothing here can make git run a command. */
const FIXED_CONFIG = [
  'core.hooksPath=/dev/null',
  'core.fsmonitor=false',
  'core.untrackedCache=false',
  'core.pager=cat',
  'core.editor=false',
  'core.askPass=',
  'core.alternateRefsCommand=true',
  'diff.external=',
  'protocol.ext.allow=never'
]

/** Variables git may see: locale, home, temp, and how this user reaches remotes. */
const PASSED = new Set([
  'PATH',
  'HOME',
  'LANG',
  'LC_ALL',
  'TMPDIR',
  'XDG_CONFIG_HOME',
  'SSH_AUTH_SOCK',
  'GIT_SSH_COMMAND',
  'HTTP_PROXY',
  'HTTPS_PROXY',
  'NO_PROXY',
  'http_proxy',
  'https_proxy',
  'no_proxy',
  'SSL_CERT_FILE',
  'SSL_CERT_DIR',
  'GIT_SSL_CAINFO'
])

export const configArgs = (): string[] => FIXED_CONFIG.flatMap(c => ['-c', c])

/** The environment git runs with, built from `from` (never inherited whole). */
export function gitEnv(from: Readonly<Record<string, string | undefined>>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {}
  for (const [k, v] of Object.entries(from)) if (v !== undefined && PASSED.has(k)) env[k] = v
  return {
    ...env,
    GIT_TERMINAL_PROMPT: '0',
    GIT_ALLOW_PROTOCOL: 'file:git:http:https:ssh',
    GIT_AUTHOR_NAME: 'swr',
    GIT_AUTHOR_EMAIL: 'swr@localhost',
    GIT_COMMITTER_NAME: 'swr',
    GIT_COMMITTER_EMAIL: 'swr@localhost',
    GIT_SSH_COMMAND: env.GIT_SSH_COMMAND ?? 'ssh -o BatchMode=yes',
    GIT_CONFIG_NOSYSTEM: '1',
    // A partial clone fetches a missing object from its promisor remote on first read: a
    // transport swr did not ask for, configured by the workspace. A missing object stays missing.
    GIT_NO_LAZY_FETCH: '1',
    // refs/replace would let the repository hand back another object than the one named.
    GIT_NO_REPLACE_OBJECTS: '1',
    LC_ALL: 'C'
  }
}

/**
 * `--receive-pack`/`--upload-pack` for a local remote: git starts these through the shell with
 * the repository path appended, and without the caller's `-c` settings (git clears them for the
 * local transport), so they are repeated here.
 */
export function localTransport(): { push: string; fetch: string } {
  const fixed = FIXED_CONFIG.map(c => `-c '${c}'`).join(' ')
  return {
    push: `--receive-pack=git ${fixed} receive-pack`,
    fetch: `--upload-pack=git ${fixed} upload-pack`
  }
}

export interface GitRun {
  cwd: string
  env: Readonly<Record<string, string | undefined>>
  /** The whole run's time limit (ms); git is killed past it. */
  deadlineMs: number
  input?: Buffer | string | undefined
  /** Most bytes of stdout kept; more kills git. */
  maxOut?: number | undefined
}

function spawnGit(
  args: readonly string[],
  opts: Pick<GitRun, 'cwd' | 'env'>
): ChildProcessByStdio<Writable, Readable, Readable> {
  return spawn('git', [...configArgs(), ...args], {
    cwd: opts.cwd,
    env: gitEnv(opts.env),
    stdio: ['pipe', 'pipe', 'pipe']
  })
}

/** git's last stderr line, one line and bounded, or how it ended. */
function lastLine(err: string, code: number | null): string {
  const line = err.trim().split('\n').filter(Boolean).pop() ?? `exit ${code}`
  return line.replace(/\p{Cc}/gu, ' ').slice(0, 300)
}

/** `git ARGS` without a shell; resolves to stdout, rejects with git's last stderr line. */
export function runGit(args: readonly string[], opts: GitRun): Promise<Buffer> {
  const maxOut = opts.maxOut ?? 1 << 20
  return new Promise((resolve, reject) => {
    const child = spawnGit(args, opts)
    const out: Buffer[] = []
    let outBytes = 0
    let err = ''
    let failed: Error | undefined
    const timer = setTimeout(() => {
      failed = new Error(`git ${args[0]} took longer than ${Math.round(opts.deadlineMs / 1000)} s`)
      child.kill('SIGKILL')
    }, opts.deadlineMs)
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
    child.on('error', e => {
      clearTimeout(timer)
      reject(
        new Error(
          (e as NodeJS.ErrnoException).code === 'ENOENT' ? 'git is not installed' : e.message
        )
      )
    })
    child.on('close', code => {
      clearTimeout(timer)
      if (failed) return reject(failed)
      if (code !== 0) return reject(new Error(lastLine(err, code)))
      resolve(Buffer.concat(out))
    })
    child.stdin.on('error', () => undefined)
    child.stdin.end(opts.input ?? '')
  })
}

/** A git process whose output is read as it comes (never held whole): see `startGit`. */
export interface GitStream {
  /** stdout, pulled: git waits while nothing reads it. */
  out: AsyncIterator<Buffer>
  /** Hand git more input (`git cat-file --batch` answers line by line). */
  send(text: string): void
  /** Close git's input and wait for it: rejects with its last stderr line, a timeout or the abort. */
  done(): Promise<void>
  /** Stop git now (what it printed so far is no longer wanted). */
  stop(): void
}

/**
 * `git ARGS` with its output streamed: for output too large to hold (a tree listing, blob bodies),
 * read through `out` with the reader's own bounds. Same configuration and environment as runGit.
 */
export function startGit(
  args: readonly string[],
  opts: Omit<GitRun, 'input' | 'maxOut'> & { abort?: AbortSignal | undefined }
): GitStream {
  const child = spawnGit(args, opts)
  const name = args.find(a => !a.startsWith('-')) ?? 'git'
  let err = ''
  let failed: Error | undefined
  const kill = (why: Error): void => {
    failed ??= why
    child.kill('SIGKILL')
    // Unread output would keep the pipe, and so the exit, pending: nobody wants it now.
    child.stdout.destroy()
  }
  const timer = setTimeout(
    () => kill(new Error(`git ${name} took longer than ${Math.round(opts.deadlineMs / 1000)} s`)),
    opts.deadlineMs
  )
  const onAbort = (): void => kill(new Error(`git ${name} stopped: interrupted`))
  if (opts.abort?.aborted) onAbort()
  opts.abort?.addEventListener('abort', onAbort, { once: true })
  child.stderr.on('data', (c: Buffer) => (err = (err + c.toString('utf8')).slice(-4000)))
  child.stdin.on('error', () => undefined)
  const closed = new Promise<void>((resolve, reject) => {
    child.on('error', e => {
      failed ??= new Error(
        (e as NodeJS.ErrnoException).code === 'ENOENT' ? 'git is not installed' : e.message
      )
    })
    child.on('close', code => {
      clearTimeout(timer)
      opts.abort?.removeEventListener('abort', onAbort)
      if (failed) reject(failed)
      else if (code !== 0) reject(new Error(lastLine(err, code)))
      else resolve()
    })
  })
  // Whoever stops reading early is not told about the exit; `done` is.
  closed.catch(() => undefined)
  return {
    out: (child.stdout as AsyncIterable<Buffer>)[Symbol.asyncIterator](),
    send: text => void child.stdin.write(text),
    done: () => {
      child.stdin.end()
      return closed
    },
    stop: () => kill(new Error(`git ${name} stopped`))
  }
}
