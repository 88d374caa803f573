/**
 * What a command may touch of the outside world, passed in so tests can run commands in-process
 * with their own streams and environment.
 */
import os from 'node:os'

export interface CliIo {
  cwd: string
  env: NodeJS.ProcessEnv
  home: string
  stdout: { write(s: string): unknown; isTTY?: boolean }
  stderr: { write(s: string): unknown; isTTY?: boolean }
  /** Aborted when the user interrupts swr (Ctrl-C, SIGTERM): running recipes are stopped. */
  abort?: AbortSignal
}

/** The real process: its streams, environment, and SIGINT/SIGTERM wired to an abort signal. */
export function processIo(): CliIo {
  const controller = new AbortController()
  const onSignal = (): void => controller.abort()
  // once: a second Ctrl-C falls through to the default handler and ends swr at once.
  process.once('SIGINT', onSignal)
  process.once('SIGTERM', onSignal)
  return {
    cwd: process.cwd(),
    env: process.env,
    home: os.homedir(),
    stdout: process.stdout,
    stderr: process.stderr,
    abort: controller.signal
  }
}

/** Colour only on a terminal, never with NO_COLOR (any value) or --no-color. */
export function useColor(io: CliIo, flag: boolean): boolean {
  return flag && io.stdout.isTTY === true && io.env.NO_COLOR === undefined && io.env.TERM !== 'dumb'
}
