/**
 * Real workspaces for the verifier and check tests: a temporary directory laid out as
 *
 *   <base>/ws        the workspace (manifest at ws/.swr/manifest.json)
 *   <base>/state     SWR_STATE_DIR (the incremental cache)
 *   <base>/home      the home directory the CLI sees (kept empty)
 *   <base>/outside   a place outside the workspace, for links and parents that escape it
 *
 * and an in-process runner for the CLI with captured streams. Nothing here mocks the file system.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { main } from '../src/cli/main.js'
import type { CliIo } from '../src/cli/io.js'
import type { CheckReport } from '../src/core/report/report.js'
import type { Finding } from '../src/core/types.js'

export interface Workspace {
  /** Real absolute path of the temporary directory holding everything below. */
  base: string
  /** The workspace the manifest describes. */
  root: string
  /** SWR_STATE_DIR for every run. */
  stateDir: string
  /** HOME for every run (never written by swr in these tests). */
  home: string
  /** A directory outside the workspace. */
  outside: string
  /** `<root>/.swr/manifest.json` (created by the first `add`). */
  manifestFile: string
  /** Remove everything (restoring permissions first so nothing is left behind). */
  cleanup: () => void
}

export function makeWorkspace(): Workspace {
  const base = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'swr-')))
  const root = path.join(base, 'ws')
  const stateDir = path.join(base, 'state')
  const home = path.join(base, 'home')
  const outside = path.join(base, 'outside')
  for (const d of [root, home, outside]) fs.mkdirSync(d)
  return {
    base,
    root,
    stateDir,
    home,
    outside,
    manifestFile: path.join(root, '.swr', 'manifest.json'),
    cleanup: () => {
      makeRemovable(base)
      fs.rmSync(base, { recursive: true, force: true })
    }
  }
}

/** Give every directory below `dir` owner rwx so rmSync can remove it whatever a test did. */
function makeRemovable(dir: string): void {
  let st: fs.Stats
  try {
    st = fs.lstatSync(dir)
  } catch {
    return
  }
  if (!st.isDirectory()) return
  fs.chmodSync(dir, 0o700)
  for (const name of fs.readdirSync(dir)) makeRemovable(path.join(dir, name))
}

/**
 * Write `content` at `root/rel` (parents created). With `mode`, the file gets exactly that mode
 * (chmod after writing, so the umask does not interfere). Returns the absolute path.
 */
export function write(
  root: string,
  rel: string,
  content: string | Uint8Array,
  mode?: number
): string {
  const abs = path.join(root, rel)
  fs.mkdirSync(path.dirname(abs), { recursive: true })
  fs.writeFileSync(abs, content)
  if (mode !== undefined) fs.chmodSync(abs, mode)
  return abs
}

/** `size` deterministic pseudo-random bytes (different for each seed, no long runs). */
export function bytes(size: number, seed = 1): Buffer {
  const buf = Buffer.allocUnsafe(size)
  let x = (seed * 2654435761) >>> 0 || 1
  for (let i = 0; i < size; i++) {
    x ^= x << 13
    x >>>= 0
    x ^= x >>> 17
    x ^= x << 5
    x >>>= 0
    buf[i] = x & 0xff
  }
  return buf
}

/** Change the byte at `offset` in place (same size); the rest of the file is untouched. */
export function flipByte(abs: string, offset: number): void {
  const fd = fs.openSync(abs, 'r+')
  try {
    const b = Buffer.alloc(1)
    fs.readSync(fd, b, 0, 1, offset)
    b[0] = (b[0] ?? 0) ^ 0xff
    fs.writeSync(fd, b, 0, 1, offset)
  } finally {
    fs.closeSync(fd)
  }
}

export interface RunResult {
  code: number
  stdout: string
  stderr: string
}

/**
 * Where and how a command runs. A `Workspace` is itself valid options (run in its root); spread it
 * to change the directory or add environment: `run(args, { ...ws, cwd: sub })`.
 */
export interface RunOptions {
  /** Workspace root: the default working directory. */
  root: string
  /** SWR_STATE_DIR. */
  stateDir: string
  /** HOME as the CLI sees it. */
  home: string
  /** SWR_MANIFEST, when given. */
  manifestFile?: string
  /** Working directory for the command (default: `root`). */
  cwd?: string
  /** Extra environment, merged over the fixture's. */
  env?: NodeJS.ProcessEnv
}

/** The environment every run gets: only what swr reads, pointing into the fixture. */
export function fixtureEnv(opts: RunOptions): NodeJS.ProcessEnv {
  return {
    SWR_STATE_DIR: opts.stateDir,
    ...(opts.manifestFile ? { SWR_MANIFEST: opts.manifestFile } : {}),
    NO_COLOR: '1',
    TERM: 'dumb'
  }
}

/** Run `swr ...args` in-process (`main` from src/cli/main.ts) with captured output. */
export async function run(args: string[], opts: RunOptions): Promise<RunResult> {
  const out: string[] = []
  const err: string[] = []
  const io: CliIo = {
    cwd: opts.cwd ?? opts.root,
    env: { ...fixtureEnv(opts), ...opts.env },
    home: opts.home,
    stdout: { write: (s: string) => out.push(s), isTTY: false },
    stderr: { write: (s: string) => err.push(s), isTTY: false }
  }
  const code = await main(['node', 'swr', ...args], io)
  return { code, stdout: out.join(''), stderr: err.join('') }
}

/** `swr add ...args`; throws (with the CLI's stderr) unless it succeeds. */
export async function add(opts: RunOptions, ...args: string[]): Promise<RunResult> {
  const r = await run(['add', '--quiet', ...args], opts)
  if (r.code !== 0) throw new Error(`swr add ${args.join(' ')} failed (${r.code}): ${r.stderr}`)
  return r
}

export interface CheckJson extends RunResult {
  report: CheckReport
  /** The finding for entry `id` (throws when the report has none). */
  get: (id: string) => Finding
}

/** `swr check --json ...args`, with the report parsed. */
export async function checkJson(opts: RunOptions, ...args: string[]): Promise<CheckJson> {
  const r = await run(['check', '--json', ...args], opts)
  let report: CheckReport
  try {
    report = JSON.parse(r.stdout) as CheckReport
  } catch {
    throw new Error(`check --json printed no report (exit ${r.code}): ${r.stdout}${r.stderr}`)
  }
  return {
    ...r,
    report,
    get: (id: string) => {
      const f = report.results.find(x => x.id === id)
      if (!f) throw new Error(`no finding for ${id} in ${report.results.map(x => x.id).join(', ')}`)
      return f
    }
  }
}

/** Every path below `dir` (relative, sorted) with type, mode, size, mtime and ctime. */
export function snapshot(dir: string): string[] {
  const out: string[] = []
  const visit = (abs: string, rel: string): void => {
    for (const name of fs.readdirSync(abs).sort()) {
      const a = path.join(abs, name)
      const r = rel ? `${rel}/${name}` : name
      const st = fs.lstatSync(a, { bigint: true })
      const type = st.isDirectory() ? 'd' : st.isFile() ? 'f' : st.isSymbolicLink() ? 'l' : 'o'
      out.push(
        `${r} ${type} ${(st.mode & 0o7777n).toString(8)} ${type === 'd' ? 0 : st.size} ${st.mtimeNs} ${st.ctimeNs}`
      )
      if (type === 'd') visit(a, r)
    }
  }
  visit(dir, '')
  return out
}

/** Every path below `dir` (absolute), directories included. */
export function listAll(dir: string): string[] {
  const out: string[] = []
  if (!fs.existsSync(dir)) return out
  for (const name of fs.readdirSync(dir)) {
    const a = path.join(dir, name)
    out.push(a)
    if (fs.lstatSync(a).isDirectory()) out.push(...listAll(a))
  }
  return out
}

/** Permission bits of `abs` (not following a final symlink). */
export function modeOf(abs: string): number {
  return fs.lstatSync(abs).mode & 0o7777
}

/** A 12-hex-digit hash as reports show it. */
export const SHORT_HASH = /^[0-9a-f]{12}$/

/** A writer appending to `file` until stopped (a log, a download in progress). */
export function growing(file: string): ChildProcess {
  return spawn(
    'python3',
    [
      '-c',
      'import sys,time\nf=open(sys.argv[1],"ab",0)\nwhile True:\n f.write(b"x"*4096)\n time.sleep(0.001)',
      file
    ],
    { stdio: 'ignore' }
  )
}
