/**
 * Helpers for the repair tests: processes (is a pid or a process group still running, wait for a
 * file a recipe writes), the bundled CLI as a real child process, and small shell-quoting and
 * report-parsing utilities. Nothing here mocks anything.
 *
 * "Gone" means not running: either the pid no longer exists (ESRCH) or it is a zombie. A zombie has
 * exited and only waits to be reaped; in a container whose PID 1 does not reap orphans, a killed
 * grandchild stays a zombie forever, so `process.kill(pid, 0)` alone would call it alive.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import type { RepairReport } from '../src/core/report/report.js'
import { fixtureEnv, run, type RunOptions, type RunResult } from './workspace.js'

export const ROOT = path.resolve(import.meta.dirname, '..')
/** The bundled CLI (rebuild with `node scripts/bundle.mjs` when src/ changed). */
export const BIN = path.join(ROOT, 'dist', 'cli', 'index.js')

export const sleep = (ms: number): Promise<void> => new Promise(r => setTimeout(r, ms))

/** The process state letter from /proc/<pid>/stat (R, S, D, Z, ...), or undefined when gone. */
function procState(pid: number): { state: string; pgrp: number } | undefined {
  let stat: string
  try {
    stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8')
  } catch {
    return undefined
  }
  // "pid (comm) state ppid pgrp ...": comm may hold spaces and parentheses, so split after the last ")".
  const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return { state: rest[0] ?? '?', pgrp: Number(rest[2]) }
}

/** True when `pid` is not running: no such process (ESRCH), or a zombie. */
export function isGone(pid: number): boolean {
  try {
    process.kill(pid, 0)
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ESRCH') return true
    throw err
  }
  const st = procState(pid)
  return st === undefined || st.state === 'Z' || st.state === 'X'
}

/**
 * Stop `pid` (SIGSTOP) and wait until the kernel says it is stopped: a racer paused this way
 * makes no further move while a test looks at or resets what it races on.
 */
export async function pause(pid: number, ms = 5000): Promise<void> {
  process.kill(pid, 'SIGSTOP')
  if (!(await waitUntil(() => procState(pid)?.state === 'T', ms, 1)))
    throw new Error(`process ${pid} did not stop within ${ms} ms`)
}

/** Pids of the running (non-zombie) members of process group `pgid`. */
export function groupMembers(pgid: number): number[] {
  const out: number[] = []
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue
    const st = procState(Number(name))
    if (st && st.pgrp === pgid && st.state !== 'Z' && st.state !== 'X') out.push(Number(name))
  }
  return out
}

/** Poll `cond` every `stepMs` until it holds or `ms` passed; returns its last value. */
export async function waitUntil(cond: () => boolean, ms: number, stepMs = 50): Promise<boolean> {
  const deadline = Date.now() + ms
  for (;;) {
    if (cond()) return true
    if (Date.now() >= deadline) return cond()
    await sleep(stepMs)
  }
}

/** Wait until `pid` is gone (see the module comment); true when it is within `ms`. */
export function waitGone(pid: number, ms = 5000): Promise<boolean> {
  return waitUntil(() => isGone(pid), ms)
}

/** Wait until process group `pgid` has no running member; true when it is within `ms`. */
export function waitGroupGone(pgid: number, ms = 5000): Promise<boolean> {
  return waitUntil(() => groupMembers(pgid).length === 0, ms)
}

/**
 * Wait for a file with a whole number in it (a pid a recipe wrote) and return the number. `why`
 * adds context to the error (e.g. the output of the swr run that should have written it).
 */
export async function waitForPid(
  file: string,
  ms = 10_000,
  why: () => string = () => ''
): Promise<number> {
  let pid = NaN
  const ok = await waitUntil(() => {
    try {
      const text = fs.readFileSync(file, 'utf8')
      if (!text.endsWith('\n')) return false
      pid = Number(text.trim())
      return Number.isInteger(pid) && pid > 0
    } catch {
      return false
    }
  }, ms)
  if (!ok) throw new Error(`no pid appeared in ${file} within ${ms} ms${why()}`)
  return pid
}

/** Kill whatever is left of a process group (cleanup after a test that failed half-way). */
export function killGroup(pgid: number): void {
  try {
    process.kill(-pgid, 'SIGKILL')
  } catch {
    // Gone already.
  }
}

/** A string as one single-quoted shell word. */
export function q(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`
}

/** Lines of a file (empty list when it does not exist). */
export function linesOf(file: string): string[] {
  try {
    return fs.readFileSync(file, 'utf8').split('\n').filter(Boolean)
  } catch {
    return []
  }
}

export interface ChildRun {
  proc: ChildProcess
  stdout: () => string
  stderr: () => string
  /** Both streams so far, for error messages. */
  output: () => string
  /** Resolves when the child exits: its exit code (or 128 + signal number) and output. */
  done: Promise<RunResult & { signal: NodeJS.Signals | null }>
}

const SIGNUM: Partial<Record<NodeJS.Signals, number>> = { SIGINT: 2, SIGKILL: 9, SIGTERM: 15 }

/**
 * `node dist/cli/index.js ...args` as a real child process, with the fixture's environment (plus
 * PATH, so recipes find their tools) and working directory; its stdin a pipe when asked
 * (`proc.stdin`), else nothing.
 */
export function spawnSwr(args: string[], opts: RunOptions & { stdin?: 'pipe' }): ChildRun {
  const proc = spawn(process.execPath, [BIN, ...args], {
    cwd: opts.cwd ?? opts.root,
    env: { PATH: process.env.PATH, HOME: opts.home, ...fixtureEnv(opts), ...opts.env },
    stdio: [opts.stdin ?? 'ignore', 'pipe', 'pipe']
  })
  let out = ''
  let err = ''
  proc.stdout?.on('data', (c: Buffer) => (out += c.toString('utf8')))
  proc.stderr?.on('data', (c: Buffer) => (err += c.toString('utf8')))
  const done = new Promise<RunResult & { signal: NodeJS.Signals | null }>(resolve => {
    proc.on('close', (code, signal) =>
      resolve({
        code: code ?? 128 + (signal ? (SIGNUM[signal] ?? 0) : 0),
        signal,
        stdout: out,
        stderr: err
      })
    )
  })
  return {
    proc,
    stdout: () => out,
    stderr: () => err,
    output: () => `\n--- swr stdout ---\n${out}\n--- swr stderr ---\n${err}`,
    done
  }
}

/** `swr <mode> --json ...args` in-process, with the repair report parsed. */
export async function repairJson(
  opts: RunOptions,
  mode: 'restore' | 'doctor',
  ...args: string[]
): Promise<RunResult & { report: RepairReport }> {
  const r = await run([mode, '--json', ...args], opts)
  try {
    return { ...r, report: JSON.parse(r.stdout) as RepairReport }
  } catch {
    throw new Error(`${mode} --json printed no report (exit ${r.code}): ${r.stdout}${r.stderr}`)
  }
}

/** Every file below `dir` (recursively) whose bytes equal `content`. */
export function filesWithContent(dir: string, content: Buffer): string[] {
  const out: string[] = []
  if (!fs.existsSync(dir)) return out
  for (const name of fs.readdirSync(dir)) {
    const abs = path.join(dir, name)
    const st = fs.lstatSync(abs)
    if (st.isDirectory()) out.push(...filesWithContent(abs, content))
    else if (st.isFile() && fs.readFileSync(abs).equals(content)) out.push(abs)
  }
  return out
}
