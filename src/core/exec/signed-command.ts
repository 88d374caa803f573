/**
 * The one way swr starts code a manifest carries: a restore recipe (restore runner, selftest) or a
 * smoke command (check --run-smoke). It runs in the manifest's shell (else `bash -c`) in the given
 * directory, with only the minimal environment and the variables its entry names, under a timeout,
 * in its own process group (recipe.ts), and its output is scrubbed of the entry's secret values and
 * of every token shape and secret the scan finds. Keeping it in one place means no caller can start
 * manifest code with more of the environment, or less scrubbing, than the others.
 *
 * It starts nothing without an allowed signature decision: callers hand over the gate's answer,
 * and a refused one here is a bug (an InternalError), never a run.
 */
import { InternalError } from '../errors.js'
import type { Entry } from '../types.js'
import type { SecretScan } from './scrub.js'
import { minimalEnv, runRecipe, type RecipeResult } from './recipe.js'
import { makeLineScrubber } from './scrub.js'

/** The shell a manifest without `shell` runs its code in. */
export const DEFAULT_SHELL: readonly string[] = ['bash', '-c']

/** A recipe's time limit when neither the run nor its entry (`timeout_s`) sets one. */
export const RECIPE_TIMEOUT_S = 1800

export interface SignedCommand {
  /** The entry the code belongs to: its id labels the output; env and secret_env pass through. */
  entry: Pick<Entry, 'id' | 'env' | 'secret_env'>
  command: string
  /** The manifest's `shell` (argv before the command), when it sets one. */
  shell?: readonly string[] | undefined
  cwd: string
  timeoutMs: number
  /** Set over the minimal environment (selftest points HOME into its scratch copy). */
  setEnv?: Readonly<Record<string, string>> | undefined
}

export interface SignedCommandRun {
  /** The gate's decision for the manifest the command comes from. */
  gate: { readonly allowed: boolean }
  /** The environment swr was started with: only the names the entry lists are taken from it. */
  callerEnv: Readonly<Record<string, string | undefined>>
  /** The secret scan (capture/secret-scan.ts), loaded by the caller once. */
  secretScan: SecretScan
  abort?: AbortSignal | undefined
  onLine?: ((id: string, line: string) => void) | undefined
}

export async function runSignedCommand(
  c: SignedCommand,
  run: SignedCommandRun
): Promise<RecipeResult> {
  if (!run.gate.allowed)
    throw new InternalError(`${c.entry.id}: manifest code started without an allowed gate decision`)
  const secretNames = c.entry.secret_env ?? []
  const secrets = secretNames.map(n => run.callerEnv[n]).filter((v): v is string => v !== undefined)
  return runRecipe(
    {
      id: c.entry.id,
      command: c.command,
      shell: c.shell ?? DEFAULT_SHELL,
      cwd: c.cwd,
      env: { ...minimalEnv(run.callerEnv, [...(c.entry.env ?? []), ...secretNames]), ...c.setEnv },
      timeoutMs: c.timeoutMs
    },
    {
      abort: run.abort,
      onLine: run.onLine,
      scrub: makeLineScrubber(secrets, run.secretScan)
    }
  )
}
