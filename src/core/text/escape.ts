/**
 * Rendering an untrusted string (a file name, link target, manifest id, path or note, recipe
 * text) as part of ONE line of output. Whoever wrote the workspace or the manifest chose these
 * bytes: printed raw, a newline starts a line of their choosing (a workflow command in the
 * Action's log, a fake `OK` line in a terminal), ESC or CSI rewrites the screen, and bidi controls
 * reorder what the reader sees. Every printer passes such strings through `escapeText`.
 */
import { isControl, NON_C0_CLASS } from './controls.mjs'

export { isControl } from './controls.mjs'

const NAMED: Record<number, string> = { 0x09: '\\t', 0x0a: '\\n', 0x0d: '\\r' }

/** The default bound for a manifest string quoted in an error line. */
export const QUOTE_MAX = 200

export interface EscapeOptions {
  /** Longest result, in UTF-16 units, before the rest is replaced by a marker. */
  max?: number
}

/**
 * Whether JSON text could decode to a string holding a control character: it holds one raw (C0
 * ones cannot stand raw in a JSON string), or an escape that could spell one (any `\u`, or a
 * one-letter escape but `\"`, `\\` and `\/`). False lets a reader skip looking at every string.
 */
export function jsonMayHoldControl(text: string): boolean {
  return MAY_HOLD_CONTROL.test(text)
}

const MAY_HOLD_CONTROL = new RegExp(`\\\\[bfnrtu]|[${NON_C0_CLASS}]`)

function hex(code: number, width: number): string {
  return code.toString(16).padStart(width, '0')
}

function visible(code: number): string | undefined {
  if (NAMED[code]) return NAMED[code]
  if (code <= 0xff && isControl(code)) return `\\x${hex(code, 2)}`
  // Above 0xff only the bidi controls are controls.
  if (isControl(code)) return `\\u${hex(code, 4)}`
  return undefined
}

/**
 * A byte of a file name that is not UTF-8 travels as the lone surrogate U+DC00+byte (see
 * verify/byte-names.mjs); shown as `\xNN`, like the name's other unprintable bytes. Half of a real
 * surrogate pair is left alone.
 */
function byteMarker(s: string, i: number): string | undefined {
  const code = s.charCodeAt(i)
  if (code < 0xdc80 || code > 0xdcff) return undefined
  const prev = i > 0 ? s.charCodeAt(i - 1) : 0
  if (prev >= 0xd800 && prev <= 0xdbff) return undefined
  return `\\x${hex(code - 0xdc00, 2)}`
}

/**
 * `s` with every control, DEL, C1 and bidi control shown as a visible escape (`\n`, `\x1b`,
 * `\u202e`), so the result never breaks or rewrites a line. With `max`, a longer result is cut and
 * ends with `…[+N chars]`. Idempotent: escaping twice changes nothing, so a line
 * built from escaped parts may be escaped again by the printer.
 */
export function escapeText(s: string, opts: EscapeOptions = {}): string {
  const max = opts.max ?? Number.POSITIVE_INFINITY
  let out = ''
  let i = 0
  for (; i < s.length; i++) {
    const code = s.charCodeAt(i)
    const piece = visible(code) ?? byteMarker(s, i) ?? s.charAt(i)
    if (out.length + piece.length > max) break
    out += piece
  }
  if (i >= s.length) return out
  // Never leave half a surrogate pair at the cut.
  const last = out.charCodeAt(out.length - 1)
  if (last >= 0xd800 && last <= 0xdbff) {
    out = out.slice(0, -1)
    i--
  }
  return `${out}…[+${s.length - i} chars]`
}

/** A manifest string quoted in a message: escaped, bounded, in double quotes. */
export function quoted(s: string, max = QUOTE_MAX): string {
  return `"${escapeText(s, { max })}"`
}

/**
 * `escapeText`, then the characters Markdown and HTML act on backslash-escaped (CommonMark lets
 * any ASCII punctuation be): in a job summary an untrusted string stays literal text, never a
 * table cell, link, image, emphasis, code span or HTML.
 */
export function escapeMarkdown(s: string, opts: EscapeOptions = {}): string {
  return escapeText(s, opts).replace(/[\\`*_[\]<>&|~!#]/g, '\\$&')
}

/**
 * An untrusted string as a Markdown code span: nothing inside is interpreted, so only a backtick
 * (which would close the span, shown as `\x60`) and `|` (which GitHub's tables split cells on even
 * there, written `\|`) need care.
 */
export function markdownCode(s: string, opts: EscapeOptions = {}): string {
  return '`' + escapeText(s, opts).replace(/`/g, '\\x60').replace(/\|/g, '\\|') + '`'
}

/**
 * A Markdown link to an http(s) URL, its text escaped as `escapeMarkdown` does. The destination
 * is the URL as WHATWG serialises it (no spaces, quotes or angle brackets) with the characters a
 * link destination or a table cell would act on (`(`, `)`, `|`, `[`, `]`, `\`) percent-encoded.
 * Anything that is not an http(s) URL gives the escaped text alone, no link.
 */
export function markdownLink(text: string, url: string): string {
  const label = escapeMarkdown(text)
  let href: URL
  try {
    href = new URL(url)
  } catch {
    return label
  }
  if (href.protocol !== 'https:' && href.protocol !== 'http:') return label
  const dest = href.href.replace(
    /[()|[\]\\]/g,
    c => `%${c.charCodeAt(0).toString(16).toUpperCase()}`
  )
  return `[${label}](${dest})`
}
