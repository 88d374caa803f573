/**
 * Running one recipe: a non-login shell in the workspace, in its own process group, with a minimal
 * environment. A timeout, an abort (Ctrl-C of swr) or the end of the recipe stops the whole group,
 * SIGTERM first and SIGKILL after a grace period, so no grandchild (git, curl, cmake) outlives it.
 * A process that left the group (`setsid`) is found by the run token in its environment, stopped
 * and reported; and once the recipe's own process has exited, swr waits at most a grace period
 * for the output pipes such a process may hold open. While the group runs, the locks this process
 * holds record it (`groups.ts`).
 * Output is split into lines, scrubbed, streamed to `onLine`, and kept bounded for the report.
 */
import { spawn } from 'node:child_process'
import { killTagged, newRunToken, RUN_TOKEN_VAR, type EscapedProcess } from './escaped.js'
import { groupEnded, groupStarted } from '../process/groups.js'
import type { Writable } from 'node:stream'
import { lineSplitter, tailKeeper } from './output.js'
import type { Scrubber } from './scrub.js'

export interface RecipeSpec {
  id: string
  command: string
  /** argv before the command, e.g. ["bash", "-c"]. */
  shell: readonly string[]
  cwd: string
  env: Record<string, string>
  timeoutMs: number
  graceMs?: number
}

export interface RecipeResult {
  id: string
  exitCode: number | null
  signal: string | null
  timedOut: boolean
  interrupted: boolean
  ms: number
  /** The scrubbed tail of the output (at most KEEP_BYTES). */
  output: string
  truncated: boolean
  /** Processes that left the recipe's process group and were stopped when it ended. */
  escaped: EscapedProcess[]
  /** Why the recipe could not be started at all. */
  startError?: string
}

export interface RunHooks {
  abort?: AbortSignal | undefined
  onLine?: ((id: string, line: string) => void) | undefined
  scrub: Scrubber
}

const KEEP_BYTES = 64 * 1024
const DEFAULT_GRACE_MS = 3000

export const BASE_ENV_NAMES = ['PATH', 'HOME', 'LANG', 'TMPDIR'] as const

/** PATH, HOME, LANG, TMPDIR and the named variables, taken from `from` when set there. */
export function minimalEnv(
  from: Readonly<Record<string, string | undefined>>,
  names: readonly string[]
): Record<string, string> {
  const env: Record<string, string> = {}
  for (const n of [...BASE_ENV_NAMES, ...names]) {
    const v = from[n]
    if (v !== undefined) env[n] = v
  }
  env.PATH ??= '/usr/local/bin:/usr/bin:/bin'
  return env
}

function killGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal)
  } catch {
    // Already gone.
  }
}

/**
 * The leader's first words: wait for swr's go on fd 3 (end of file, when swr died first, stops
 * here), close it, then become the recipe's shell, or say in one line that it cannot.
 */
const GATE =
  'read -r go <&3 || exit 125; exec 3<&-; command -v "$1" >/dev/null 2>&1 || { echo "cannot start $1: not found" >&2; exit 127; }; exec "$@"'

export function runRecipe(spec: RecipeSpec, hooks: RunHooks): Promise<RecipeResult> {
  const started = performance.now()
  const [cmd, ...args] = spec.shell
  const token = newRunToken()
  const unusable = [cmd, ...args, spec.command, spec.cwd, ...Object.entries(spec.env).flat()].find(
    v => v?.includes('\0')
  )
  // spawn() throws on a NUL byte; the validator refuses them at load, and this refuses the rest.
  if (unusable !== undefined)
    return Promise.resolve(
      notStarted(spec, 'a NUL byte in its command, shell, directory or environment')
    )
  return new Promise(resolve => {
    // The group leader waits at a gate (fd 3) and only then becomes the recipe's shell (exec: the
    // same pid, group and start time), so the group is on record before any of the recipe runs.
    const child = spawn(
      '/bin/sh',
      ['-c', GATE, 'swr-recipe', cmd ?? 'bash', ...args, spec.command],
      {
        cwd: spec.cwd,
        env: { ...spec.env, [RUN_TOKEN_VAR]: token },
        detached: true, // its own process group, so the whole group can be stopped
        stdio: ['ignore', 'pipe', 'pipe', 'pipe']
      }
    )
    // The locks this process holds record the group, so that if swr is killed from now on the
    // orphaned recipe keeps them until it ends; a swr killed before this never opens the gate.
    if (child.pid !== undefined) groupStarted(child.pid)
    const gate = child.stdio[3] as Writable | null
    gate?.on('error', () => undefined)
    gate?.end('go\n')
    const kept = tailKeeper(KEEP_BYTES)
    let timedOut = false
    let interrupted = false
    let exited: { code: number | null; signal: string | null } | undefined
    const emit = (line: string): void => {
      const clean = hooks.scrub(line)
      hooks.onLine?.(spec.id, clean)
      kept.add(clean)
    }
    // Each stream is split on its own: interleaved stderr must not cut a stdout line in two.
    const out = lineSplitter(emit, KEEP_BYTES)
    const err = lineSplitter(emit, KEEP_BYTES)
    child.stdout?.on('data', out.push)
    child.stderr?.on('data', err.push)
    const grace = spec.graceMs ?? DEFAULT_GRACE_MS
    let killer: NodeJS.Timeout | undefined
    const stop = (): void => {
      if (child.pid === undefined || killer) return
      killGroup(child.pid, 'SIGTERM')
      killer = setTimeout(() => killGroup(child.pid as number, 'SIGKILL'), grace)
    }
    const timer = setTimeout(() => {
      timedOut = true
      stop()
    }, spec.timeoutMs)
    const onAbort = (): void => {
      interrupted = true
      stop()
    }
    hooks.abort?.addEventListener('abort', onAbort, { once: true })
    if (hooks.abort?.aborted) onAbort()
    let finished = false
    let pipeTimer: NodeJS.Timeout | undefined
    const finish = async (): Promise<void> => {
      if (finished) return
      finished = true
      clearTimeout(timer)
      clearTimeout(pipeTimer)
      // Nothing of the group may outlive the recipe: what ignored SIGTERM gets SIGKILL before we
      // return, not on a timer that a finished swr would never fire.
      if (child.pid !== undefined) {
        await reapGroup(child.pid, grace)
        groupEnded(child.pid)
      }
      if (killer) clearTimeout(killer)
      const escaped = await killTagged(token, Math.min(grace, 1000))
      if (escaped.length > 0)
        emit(
          `swr: stopped ${escaped.length} process(es) that left the recipe's process group: ${escaped
            .map(p => `${p.pid} (${p.name})`)
            .join(', ')}`
        )
      child.stdout?.destroy()
      child.stderr?.destroy()
      hooks.abort?.removeEventListener('abort', onAbort)
      out.end()
      err.end()
      resolve({
        id: spec.id,
        exitCode: exited?.code ?? null,
        signal: exited?.signal ?? null,
        timedOut,
        interrupted,
        ms: Math.round(performance.now() - started),
        output: kept.text(),
        truncated: kept.truncated(),
        escaped
      })
    }
    child.on('error', err => {
      emit(`cannot start ${cmd ?? 'bash'}: ${err.message}`)
      exited = { code: 127, signal: null }
      void finish()
    })
    child.on('exit', (code, signal) => {
      exited = { code, signal }
      // Background processes the recipe left behind go with it (and release the output pipes).
      if (child.pid !== undefined && groupAlive(child.pid)) stop()
      // A process outside the group may hold the pipes open for ever: stop waiting for them.
      pipeTimer = setTimeout(() => void finish(), grace + 500)
    })
    child.on('close', () => void finish())
  })
}

function notStarted(spec: RecipeSpec, why: string): RecipeResult {
  const line = `cannot start: ${why}`
  return {
    id: spec.id,
    exitCode: 127,
    signal: null,
    timedOut: false,
    interrupted: false,
    ms: 0,
    output: `${line}\n`,
    truncated: false,
    escaped: [],
    startError: why
  }
}

function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0)
    return true
  } catch {
    return false
  }
}

/**
 * End the process group: SIGTERM, wait up to `grace` for it to go, then SIGKILL. (A group of
 * zombies that nobody reaps still answers signal 0; SIGKILL is then harmless.)
 */
async function reapGroup(pgid: number, grace: number): Promise<void> {
  if (!groupAlive(pgid)) return
  killGroup(pgid, 'SIGTERM')
  const deadline = Date.now() + grace
  while (groupAlive(pgid) && Date.now() < deadline) await new Promise(r => setTimeout(r, 25))
  killGroup(pgid, 'SIGKILL')
}

/** One line for a person: "exit 0 in 1.2 s", "timed out after 30 s", ... */
export function describeResult(r: RecipeResult, timeoutMs: number): string {
  return describeEnd(r, timeoutMs) + describeEscaped(r.escaped)
}

function describeEnd(r: RecipeResult, timeoutMs: number): string {
  const secs = (r.ms / 1000).toFixed(1)
  if (r.startError) return `not started: ${r.startError}`
  if (r.interrupted) return `interrupted after ${secs} s`
  if (r.timedOut) return `timed out after ${Math.round(timeoutMs / 1000)} s (process group killed)`
  if (r.signal) return `killed by ${r.signal} after ${secs} s`
  return `exit ${r.exitCode ?? '?'} in ${secs} s`
}

function describeEscaped(escaped: readonly EscapedProcess[]): string {
  if (escaped.length === 0) return ''
  const names = [...new Set(escaped.map(p => p.name.replace(/[^\w.+-]/g, '?')))].slice(0, 5)
  return `; stopped ${escaped.length} process(es) that left its process group (${names.join(', ')})`
}
