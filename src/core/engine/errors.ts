/**
 * What a run that stopped with an error means, decided once for both shells. The CLI prints the
 * line and exits with the outcome's code; the Action publishes the outcome and fails the step with
 * the line. Before this, each shell classified errors by its own rules, and a permission error on
 * a file was bad input to the CLI (exit 4) but a bug to the Action (exit 70).
 *
 * Four kinds, in this order: an SwrError (its own exit code), a disk error (`diskError`: exit 74),
 * a file system error with a path the user can fix (exit 4), and anything else, which is a bug in
 * swr: its own status and EXIT.INTERNAL, never 1 or 2 (those say something about the workspace).
 *
 * `line` is the message without the `swr: ` prefix and not yet escaped: each shell escapes and
 * bounds it for where it prints (a terminal, the runner's log).
 */
import {
  accessError,
  diskError,
  EXIT,
  InternalError,
  SwrError,
  type SwrErrorKind
} from '../errors.js'
import { outcomeOfError, type Outcome } from './outcome.js'

export interface ClassifiedError {
  /** The SwrError's kind, or `INTERNAL` for a bug. */
  kind: SwrErrorKind | 'INTERNAL'
  /** The run's status and exit code. */
  outcome: Outcome
  /** One line for the user (unescaped; the shell escapes and bounds it). */
  line: string
  /** A bug's stack, for a report (never printed unless asked for). */
  stack?: string | undefined
}

/** Longest description of a bug: its class and message, not whatever it dragged along. */
const BUG_MAX = 300

export function classifyError(err: unknown): ClassifiedError {
  const known = err instanceof SwrError ? err : (diskError(err) ?? accessError(err))
  if (known)
    return { kind: known.kind, outcome: outcomeOfError(known.exitCode), line: known.message }
  return classifyBug(err)
}

/**
 * `err` as a bug, whatever it is: for what escaped every handler (an uncaught exception), which
 * no one-line error should.
 */
export function classifyBug(err: unknown): ClassifiedError {
  const e = err instanceof Error ? err : new Error(String(err))
  const what = (e instanceof InternalError ? e.message : `${e.name}: ${e.message}`)
    .replace(/\p{Cc}+/gu, ' ')
    .slice(0, BUG_MAX)
  return {
    kind: 'INTERNAL',
    outcome: outcomeOfError(EXIT.INTERNAL),
    line: `internal error: ${what}`,
    stack: e.stack
  }
}
