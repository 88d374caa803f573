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

/** Set and not empty (no-color.org: an empty NO_COLOR is not set). */
const given = (v: string | undefined): v is string => v !== undefined && v !== ''
/** FORCE_COLOR or CLICOLOR_FORCE asking for colour: given, and not `0` (nor `false`). */
const forced = (v: string | undefined): boolean => given(v) && v !== '0' && v !== 'false'

/** FORCE_COLOR or CLICOLOR_FORCE asks for colour whatever the stream is. */
function colourForced(env: NodeJS.ProcessEnv): boolean {
  return forced(env.FORCE_COLOR) || forced(env.CLICOLOR_FORCE)
}

/**
 * Colour, first rule that applies: never with --no-color; always with FORCE_COLOR or
 * CLICOLOR_FORCE (given, not `0`), even into a pipe, as Node itself does; never with NO_COLOR
 * given and not empty, nor with FORCE_COLOR=0; otherwise only on a terminal that is not `dumb`.
 */
export function useColor(io: CliIo, flag: boolean): boolean {
  if (!flag) return false
  if (colourForced(io.env)) return true
  if (given(io.env.NO_COLOR) || given(io.env.FORCE_COLOR)) return false
  return io.stdout.isTTY === true && io.env.TERM !== 'dumb'
}

/**
 * A control or bidi character but the line break anywhere in a chunk (the common case has none:
 * pass it through).
 */
const CONTROL = new RegExp(`(?!\\n)[${CONTROL_CLASS}]`)
/** What swr itself writes to a terminal: colour, line erase and carriage return (progress). */
// eslint-disable-next-line no-control-regex
const OWN_TTY = /(\x1b\[[0-9;]*m|\x1b\[K|\r|\n)/
/** Into a pipe with colour forced (FORCE_COLOR, CLICOLOR_FORCE): colour only, no cursor moves. */
// eslint-disable-next-line no-control-regex
const OWN_COLOUR = /(\x1b\[[0-9;]*m|\n)/

/**
 * A stream that shows every control character visibly (`\x1b`, `\r`, `\u202e`) except the line
 * breaks, and on a terminal swr's own colour and progress sequences. Untrusted strings are
 * escaped where they are formatted; this catches any that were not, so a file name can never
 * move the cursor, erase a line or recolour what follows.
 */
function guarded(stream: CliIo['stdout'], colour: boolean): CliIo['stdout'] {
  const tty = stream.isTTY === true
  return {
    ...(stream.isTTY !== undefined ? { isTTY: stream.isTTY } : {}),
    write(s: string) {
      if (typeof s !== 'string' || !CONTROL.test(s)) return stream.write(s)
      const parts = tty ? s.split(OWN_TTY) : colour ? s.split(OWN_COLOUR) : s.split(/(\n)/)
      return stream.write(parts.map((p, i) => (i % 2 === 1 ? p : escapeText(p))).join(''))
    }
  }
}

/** `io` with stderr (and stdout, unless it carries JSON) guarded. */
export function guardedIo(io: CliIo, json: boolean): CliIo {
  const colour = colourForced(io.env)
  return {
    ...io,
    stdout: json ? io.stdout : guarded(io.stdout, colour),
    stderr: guarded(io.stderr, colour)
  }
}
