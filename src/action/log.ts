/**
 * The only way the Action writes to its log. The runner reads every stdout line as a possible
 * workflow command (`::warning::`, `::add-mask::`, `::stop-commands::`, `::save-state`), so a line
 * swr prints must never be one that someone else authored: every message is passed through
 * `escapeText` (no CR, LF or other control survives), a line can never start with `::`, and
 * recipe output is printed only inside a `::stop-commands::` window with a random token. The lint
 * configuration forbids `core.info` and friends, `console` and `process.stdout` elsewhere in
 * src/action, so a raw print cannot come back unnoticed.
 */
import * as core from '@actions/core'
import { randomBytes } from 'node:crypto'
import os from 'node:os'
import { escapeText } from '../core/index.js'

/** Longest single log line swr prints; a hostile 10 MB name must not become a 10 MB line. */
export const LINE_MAX = 4096

/** One log line: escaped, bounded, and never read by the runner as a command. */
export function safeLine(text: string): string {
  const line = escapeText(text, { max: LINE_MAX })
  // The runner trims leading whitespace before looking for `::`.
  return /^\s*::/.test(line) ? line.replace('::', '\\x3a:') : line
}

/**
 * A command's message: each of swr's own lines escaped; the runner gets them as one command.
 * `%` is left to @actions/core, which percent-encodes command data and properties itself
 * (encoding it here too would show `%25` where the name has `%`).
 */
function message(text: string): string {
  return text
    .split('\n')
    .map(l => safeLine(l))
    .join('\n')
}

export interface AnnotationProps {
  title?: string
  file?: string
  startLine?: number
}

function props(p: AnnotationProps | undefined): core.AnnotationProperties | undefined {
  if (!p) return undefined
  return {
    ...(p.title !== undefined ? { title: safeLine(p.title) } : {}),
    ...(p.file !== undefined ? { file: safeLine(p.file) } : {}),
    ...(p.startLine !== undefined ? { startLine: p.startLine } : {})
  }
}

/** One line: a newline in `text` is shown as `\n`, never printed. */
export function info(text: string): void {
  core.info(safeLine(text))
}

/** Text from a report renderer (which escapes every untrusted string): one log line per line. */
export function rendered(text: string): void {
  for (const l of text.replace(/\n$/, '').split('\n')) core.info(safeLine(l))
}

/** Annotations printed so far in this step, by level: GitHub shows only a few of each. */
const printed = { error: 0, warning: 0, notice: 0 }

export function annotationsPrinted(): Readonly<typeof printed> {
  return { ...printed }
}

export function warning(text: string, p?: AnnotationProps): void {
  printed.warning++
  core.warning(message(text), props(p))
}

export function error(text: string, p?: AnnotationProps): void {
  printed.error++
  core.error(message(text), props(p))
}

export function notice(text: string, p?: AnnotationProps): void {
  printed.notice++
  core.notice(message(text), props(p))
}

/** Shown only when the run has step debugging on (a stack for a bug report). */
export function debug(text: string): void {
  core.debug(message(text))
}

export function setFailed(text: string): void {
  core.setFailed(message(text))
}

export function startGroup(name: string): void {
  core.startGroup(safeLine(name))
}

export function endGroup(): void {
  core.endGroup()
}

/** Append Markdown built by the report renderers (which escape every untrusted string). */
export async function writeSummary(markdown: string): Promise<void> {
  await core.summary.addRaw(markdown, true).write()
}

/**
 * Recipe output must not act as workflow commands: it is printed inside a stop-commands window
 * with a random token, opened before the first recipe line and closed before swr prints anything
 * of its own (groups, errors, warnings), so swr's own commands still work.
 */
export function makeShield(): { recipeLine: (line: string) => void; own: () => void } {
  let token: string | undefined
  return {
    recipeLine(line) {
      if (!token) {
        token = randomBytes(16).toString('hex')
        process.stdout.write(`::stop-commands::${token}${os.EOL}`)
      }
      // A lone CR is a line break to some readers: keep each recipe line one line.
      process.stdout.write(line.replace(/\r/g, '\\r') + os.EOL)
    },
    own() {
      if (token) process.stdout.write(`::${token}::${os.EOL}`)
      token = undefined
    }
  }
}

/**
 * Resolves once everything written to stdout so far has been handed to the OS. A pipe the runner
 * reads may not keep up, and `process.exit` drops what is still queued: the end of the log, with
 * the annotations and the step's failure, would be lost.
 */
export function flushed(): Promise<void> {
  return new Promise(resolve => process.stdout.write('', () => resolve()))
}
