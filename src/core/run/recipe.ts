/**
 * Running one recipe: a non-login shell in the workspace, in its own process group, with a minimal
 * environment. A timeout, an abort (Ctrl-C of swr) or the end of the recipe stops the whole group,
 * SIGTERM first and SIGKILL after a grace period, so no grandchild (git, curl, cmake) outlives it.
 * Output is split into lines, scrubbed, streamed to `onLine`, and kept bounded for the report.
 */
import { spawn } from 'node:child_process'
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

export function runRecipe(spec: RecipeSpec, hooks: RunHooks): Promise<RecipeResult> {
  const started = performance.now()
  const [cmd, ...args] = spec.shell
  return new Promise(resolve => {
    const child = spawn(cmd ?? 'bash', [...args, spec.command], {
      cwd: spec.cwd,
      env: spec.env,
      detached: true, // its own process group, so the whole group can be stopped
      stdio: ['ignore', 'pipe', 'pipe']
    })
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
    child.stdout.on('data', out.push)
    child.stderr.on('data', err.push)
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
    const finish = async (): Promise<void> => {
      clearTimeout(timer)
      // Nothing of the group may outlive the recipe: what ignored SIGTERM gets SIGKILL before we
      // return, not on a timer that a finished swr would never fire.
      if (child.pid !== undefined) await reapGroup(child.pid, grace)
      if (killer) clearTimeout(killer)
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
        truncated: kept.truncated()
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
    })
    child.on('close', () => void finish())
  })
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
  const secs = (r.ms / 1000).toFixed(1)
  if (r.interrupted) return `interrupted after ${secs} s`
  if (r.timedOut) return `timed out after ${Math.round(timeoutMs / 1000)} s (process group killed)`
  if (r.signal) return `killed by ${r.signal} after ${secs} s`
  return `exit ${r.exitCode ?? '?'} in ${secs} s`
}
