/**
 * Keeping the job's secrets out of reach of the recipes this step starts.
 *
 * The runner starts the step with every secret in its environment (`INPUT_HMAC-KEY`,
 * `ACTIONS_RUNTIME_TOKEN`, whatever the workflow put in `env:`), and Linux shows a process's
 * starting environment in `/proc/PID/environ` to every process of the same user: a recipe could
 * read it from its parent. So the step first replaces its own image (`process.execve`, same pid,
 * Node 22.15 and later: the runner's node24) with one whose starting environment holds only what
 * Node needs to start (and two memory settings, below). The rest travels through a private file
 * that the new image reads and removes at once. What is not secret goes back into `process.env`;
 * the secrets (`SECRET_NAMES`) never do: they are kept here and passed as values to what needs them
 * (`withSecrets`), so no child this process starts, through its own code or a library's, inherits
 * them. The same split is made where the re-exec is not available. docs/security.md says what this
 * covers and what not.
 *
 * The hand-over file is named on the command line, which no earlier step can set (an earlier step
 * can set environment variables through GITHUB_ENV), and is accepted only when it is a regular file
 * of this user that nobody else can read, in a directory of this user that nobody else can enter.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

const FLAG = '--swr-handover='
/**
 * What the new image starts with: what Node reads before any code runs, and nothing secret. The
 * Node variables are named one by one: `NODE_AUTH_TOKEN` (setup-node's npm token) is a secret.
 */
const KEEP =
  /^(PATH|HOME|LANG|LC_[A-Z]+|TZ|TMPDIR|SSL_CERT_(FILE|DIR)|NODE_(OPTIONS|EXTRA_CA_CERTS|NO_WARNINGS|DEBUG|ICU_DATA|PATH|V8_COVERAGE|PRESERVE_SYMLINKS|PENDING_DEPRECATION|REDIRECT_WARNINGS|DISABLE_COLORS|USE_ENV_PROXY|COMPILE_CACHE|TLS_REJECT_UNAUTHORIZED))$/
const MAX_BYTES = 16 * 1024 * 1024

/**
 * V8 grows the young generation to fit the allocation rate, up to a bound it sets from the
 * machine's memory: 64 MiB semi-spaces on a 16-24 GiB runner, 128 MiB of RSS that a cache step,
 * whose garbage is short-lived (a stat and a few strings per file), never needs. At 300,000 files
 * the save peaked at 293-298 MiB with it and 211-214 with 16 MiB semi-spaces, the restore at
 * 255-265 against 230-258, neither slower (docs/speed.md). A restore keeps less alive between
 * collections than a save (each member is checked and handed to the writer; a save holds the
 * seal's lines as it goes): with 8 MiB it peaked at 185-200 MiB against 206-228 with 16, and
 * restored the 60,000-file tree in 1.45-1.88 s against 1.54-1.84; the save, given 8, peaked
 * higher (201-208 against 181-195: more of its garbage lived through a collection), so it keeps
 * 16. The runner starts the step without flags; the re-exec is where they can be given. A size
 * the workflow set in NODE_OPTIONS, or Node was started with, is left to decide.
 */
function youngGeneration(restoring: boolean): string {
  return `--max-semi-space-size=${restoring ? 8 : 16}`
}

/**
 * A restore reads its seal first: at 300,000 files tens of MB of dead text that V8 would keep
 * until its old generation next filled, often not before the step ended, while the extraction's
 * memory grew on top. Exposed, the restore collects it once the seal's tables are built
 * (src/core/memory/collect.ts): the step peaked at 171-185 MiB, against 172-197 without.
 */
const EXPOSE_GC = '--expose-gc'

/**
 * glibc serves an allocation from its heap, which it rarely gives back, once a freed mapping as
 * large has raised its threshold (up to 32 MiB): after the seal's few buffers of 10-30 MB each,
 * every large buffer that follows stayed in the step's RSS (the 300,000-file save: 210-212 MiB
 * peak, 183-195 with the threshold fixed at 256 KiB, as fast). The restore's streams make their
 * pieces just under it: src/core/memory/heap-pieces.ts's MAPPED_FROM_BYTES, which must be this
 * (a test holds them together; importing it would load the engine before the re-exec). Set for
 * the re-executed image only, unless the workflow set it: taken out of `process.env` at once, so
 * no child inherits it.
 */
const MALLOC_THRESHOLD = 'MALLOC_MMAP_THRESHOLD_'
export const MALLOC_THRESHOLD_BYTES = String(256 * 1024)

/**
 * The V8 flags the re-executed image starts with, beside `execArgv`: the young generation's bound
 * for the step's `phase` (the cache steps' restores get a smaller one than everything else), and
 * for a restore, `gc` exposed.
 */
export function imageFlags(
  execArgv: readonly string[],
  nodeOptions: string | undefined,
  phase?: unknown
): string[] {
  const given = [...execArgv, ...(nodeOptions ?? '').split(/\s+/)]
  const restoring = phase === 'cache' || phase === 'cache-restore'
  const flags = given.some(a => /^--max[-_]semi[-_]space[-_]size(=|$)/.test(a))
    ? []
    : [youngGeneration(restoring)]
  if (restoring && !given.some(a => /^--expose[-_]gc$/.test(a))) flags.push(EXPOSE_GC)
  return flags
}

export type HandOver = 'received' | 'unavailable'

/**
 * The secrets the runner gives every step of this Action: its key inputs and the job's tokens.
 * Values a workflow puts in `env:` are its own; they stay in the environment (docs/security.md).
 */
export const SECRET_NAMES: ReadonlySet<string> = new Set([
  'INPUT_HMAC-KEY',
  'INPUT_SIGNING-KEY',
  'ACTIONS_RUNTIME_TOKEN',
  'ACTIONS_ID_TOKEN_REQUEST_TOKEN',
  'GITHUB_TOKEN'
])

const kept: Record<string, string> = {}

/** Take the secrets out of `process.env` into this module (once; later calls find none). */
function keepSecretsApart(from: Record<string, string | undefined>): void {
  for (const name of SECRET_NAMES) {
    const v = from[name]
    if (v !== undefined) kept[name] = v
    delete process.env[name]
  }
}

/** `env` with the secrets this step received: the environment the Action's code reads. */
export function withSecrets(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return { ...env, ...kept }
}
type Execve = (file: string, args: string[], env: Record<string, string>) => never

/**
 * Run first in the step. Either re-executes this process (and never returns) or returns how the
 * environment stands. Throws with one line when a hand-over file is named but cannot be trusted.
 */
export function handOver(): HandOver {
  const at = process.argv.findIndex(a => a.startsWith(FLAG))
  if (at >= 0) {
    const file = (process.argv[at] as string).slice(FLAG.length)
    process.argv.splice(at, 1)
    const received = receive(file)
    for (const [k, v] of Object.entries(received)) if (!SECRET_NAMES.has(k)) process.env[k] = v
    if (!(MALLOC_THRESHOLD in received)) delete process.env[MALLOC_THRESHOLD]
    keepSecretsApart(received)
    return 'received'
  }
  const execve = (process as { execve?: Execve }).execve
  if (typeof execve !== 'function' || process.platform !== 'linux') {
    keepSecretsApart(process.env)
    return 'unavailable'
  }
  const kept: Record<string, string> = {}
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && KEEP.test(k)) kept[k] = v
  kept[MALLOC_THRESHOLD] = process.env[MALLOC_THRESHOLD] ?? MALLOC_THRESHOLD_BYTES
  const file = send(process.env)
  try {
    execve.call(
      process,
      process.execPath,
      [
        process.execPath,
        ...process.execArgv,
        ...imageFlags(
          process.execArgv,
          process.env.NODE_OPTIONS,
          Reflect.get(globalThis, Symbol.for('swr.action.phase'))
        ),
        ...process.argv.slice(1),
        `${FLAG}${file}`
      ],
      kept
    )
  } catch {
    // Refused (a sandbox without execve): carry on with the environment as it was.
    removeHandOver(file)
  }
  keepSecretsApart(process.env)
  return 'unavailable'
}

function send(env: NodeJS.ProcessEnv): string {
  const base = process.env.RUNNER_TEMP || os.tmpdir()
  const dir = fs.mkdtempSync(path.join(base, 'swr-handover-'))
  const file = path.join(dir, 'env.json')
  fs.writeFileSync(file, JSON.stringify(env), { mode: 0o600, flag: 'wx' })
  return file
}

function removeHandOver(file: string): void {
  fs.rmSync(file, { force: true })
  fs.rmSync(path.dirname(file), { recursive: true, force: true })
}

function private_(st: fs.Stats, kind: 'file' | 'directory'): boolean {
  const own = typeof process.getuid !== 'function' || st.uid === process.getuid()
  const shape = kind === 'file' ? st.isFile() : st.isDirectory()
  return own && shape && (st.mode & 0o077) === 0
}

function receive(file: string): Record<string, string> {
  const refuse = (why: string): never => {
    throw new Error(`swr: the step's environment hand-over ${why}; nothing was run`)
  }
  const dir = fs.lstatSync(path.dirname(file), { throwIfNoEntry: false })
  if (!path.isAbsolute(file) || !dir || !private_(dir, 'directory'))
    refuse('is not in a private directory')
  let fd: number
  try {
    fd = fs.openSync(file, fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW)
  } catch {
    return refuse('file cannot be opened')
  }
  try {
    const st = fs.fstatSync(fd)
    if (!private_(st, 'file') || st.size > MAX_BYTES) refuse('file is not private')
    let parsed: unknown
    try {
      parsed = JSON.parse(fs.readFileSync(fd, 'utf8'))
    } catch {
      refuse('file is not JSON')
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
      refuse('file does not hold an environment')
    const env: Record<string, string> = {}
    for (const [k, v] of Object.entries(parsed as object)) if (typeof v === 'string') env[k] = v
    return env
  } finally {
    fs.closeSync(fd)
    removeHandOver(file)
  }
}
