/**
 * The one way swr writes a string into shell text it generates (exported recipe scripts, the
 * command lines it suggests). The result is a single word on a single line whatever the string
 * holds: a newline in a signed path or a hostile file name can never end a comment or start a
 * command.
 */
import { isControl } from './escape.js'

const PLAIN = /^[A-Za-z0-9_/.,:@%+=-]+$/

function hasControl(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (isControl(s.charCodeAt(i))) return true
  return false
}

const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' }

/**
 * `word` as one shell word: as it is when plainly safe, else single-quoted; a word holding a
 * control or bidi character is ANSI-C quoted (`$'a\nb'`, bash, zsh and POSIX.1-2024 shells), so it
 * still reads back as exactly `word` and never spans two lines.
 */
export function shellQuote(word: string): string {
  if (PLAIN.test(word)) return word
  if (!hasControl(word)) return `'${word.replace(/'/g, `'\\''`)}'`
  let out = ''
  for (const ch of word) {
    const c = ch.codePointAt(0) ?? 0
    if (ch === '\\' || ch === "'") out += `\\${ch}`
    else if (NAMED[ch]) out += NAMED[ch]
    // UTF-8 bytes, not \u escapes: bash decodes \u by the locale, and a C1 control is two bytes.
    else if (isControl(c))
      for (const b of Buffer.from(ch)) out += `\\x${b.toString(16).padStart(2, '0')}`
    else out += ch
  }
  return `$'${out}'`
}
