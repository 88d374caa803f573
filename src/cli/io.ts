/**
 * What a command may touch of the outside world, passed in so tests can run commands in-process
 * with their own streams and environment.
 */
import os from 'node:os'
import { CONTROL_CLASS, EXIT, escapeText } from '../core/index.js'

export interface CliIo {
  cwd: string
  env: NodeJS.ProcessEnv
  home: string
  stdout: { write(s: string): unknown; isTTY?: boolean }
  stderr: { write(s: string): unknown; isTTY?: boolean }
  /** Standard input, for the commands that read it ("add --from -"). */
  stdin?: AsyncIterable<Buffer | string>
  /** Aborted when the user interrupts swr (Ctrl-C, SIGTERM, SIGHUP): running recipes are stopped. */
  abort?: AbortSignal
  /**
   * Stop the run for `message` (a lost lock): a command that starts processes has them stopped
   * through `abort` and ends with the caller's error; any other command ends at once with `code`.
   */
  stop?: (message: string, code: number) => void
  /**
   * Called by a command that starts processes of its own before it starts any: from then on an
   * interrupt aborts `abort` (the command stops its processes, reports, exits 130) instead of
   * ending swr at once.
   */
  ownInterrupt?: () => void
}

/**
 * The real process: its streams, environment, and SIGINT/SIGTERM wired to an abort signal. Any
 * other command stops at once with 130: it starts nothing that could outlive it, its writes are
 * atomic, and what it holds (the workspace lock, a walk's temporary files) is let go by exit
 * handlers. A check of a large tree must not run on for seconds after Ctrl-C.
 */
export function processIo(argv: readonly string[] = process.argv): CliIo {
  const controller = new AbortController()
  let owns = false
  const exitNow = (message: string, code: number): never => {
    // As every error: with --json, stdout still ends with one JSON document.
    if (argv.includes('--json'))
      process.stdout.write(
        JSON.stringify({ schema: 'swr.error/1', error: message, exit_code: code }) + '\n'
      )
    process.stderr.write(`swr: ${message}\n`)
    process.exit(code)
  }
  const onSignal = (): void => {
    if (!owns) exitNow('interrupted', EXIT.INTERRUPTED)
    controller.abort()
  }
  // once: a second Ctrl-C falls through to the default handler and ends swr at once. A closed
  // terminal or a dropped SSH session (SIGHUP) is an interrupt too: recipes are stopped first.
  process.once('SIGINT', onSignal)
  process.once('SIGTERM', onSignal)
  process.once('SIGHUP', onSignal)
  return {
    cwd: process.cwd(),
    env: process.env,
    home: os.homedir(),
    stdout: process.stdout,
    stderr: process.stderr,
    stdin: process.stdin,
    abort: controller.signal,
    stop: (message, code) => {
      if (!owns) exitNow(message, code)
      process.stderr.write(`swr: ${message}; stopping\n`)
      controller.abort()
    },
    ownInterrupt: () => {
      owns = true
    }
  }
}

/** Colour only on a terminal, never with NO_COLOR (any value) or --no-color. */
export function useColor(io: CliIo, flag: boolean): boolean {
  return flag && io.stdout.isTTY === true && io.env.NO_COLOR === undefined && io.env.TERM !== 'dumb'
}

/**
 * A control or bidi character but the line break anywhere in a chunk (the common case has none:
 * pass it through).
 */
const CONTROL = new RegExp(`(?!\\n)[${CONTROL_CLASS}]`)
/** What swr itself writes to a terminal: colour, line erase and carriage return (progress). */
// eslint-disable-next-line no-control-regex
const OWN_TTY = /(\x1b\[[0-9;]*m|\x1b\[K|\r|\n)/

/**
 * A stream that shows every control character visibly (`\x1b`, `\r`, `\u202e`) except the line
 * breaks, and on a terminal swr's own colour and progress sequences. Untrusted strings are
 * escaped where they are formatted; this catches any that were not, so a file name can never
 * move the cursor, erase a line or recolour what follows.
 */
function guarded(stream: CliIo['stdout']): CliIo['stdout'] {
  const tty = stream.isTTY === true
  return {
    ...(stream.isTTY !== undefined ? { isTTY: stream.isTTY } : {}),
    write(s: string) {
      if (typeof s !== 'string' || !CONTROL.test(s)) return stream.write(s)
      const parts = tty ? s.split(OWN_TTY) : s.split(/(\n)/)
      return stream.write(parts.map((p, i) => (i % 2 === 1 ? p : escapeText(p))).join(''))
    }
  }
}

/** `io` with stderr (and stdout, unless it carries JSON) guarded. */
export function guardedIo(io: CliIo, json: boolean): CliIo {
  return { ...io, stdout: json ? io.stdout : guarded(io.stdout), stderr: guarded(io.stderr) }
}
