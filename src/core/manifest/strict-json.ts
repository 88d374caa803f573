/**
 * A strict JSON reader for documents whose bytes are signed. `JSON.parse` keeps the last of two
 * duplicate keys, accepts 1e400 and lone surrogates, and says nothing about where a value was:
 * a reviewer could approve one value while the tool runs another. The tokenizer is jsonc-parser's;
 * this module refuses everything that could read two ways and records the line of each value.
 */
import { createScanner, printParseErrorCode, visit, type ParseErrorCode } from 'jsonc-parser'
import { quoted } from '../text/escape.js'

export interface StrictLimits {
  maxBytes: number
  maxDepth: number
  /** Largest array anywhere in the document (bounds entry and sentinel counts before schema checks). */
  maxArrayLength: number
}

export const DEFAULT_LIMITS: StrictLimits = {
  maxBytes: 64 * 1024 * 1024,
  maxDepth: 32,
  maxArrayLength: 100_000
}

export type JsonValue =
  null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue }

export interface StrictParseResult {
  value: JsonValue
  /** 1-based line of each value, keyed by its JSON path (e.g. `$.body.entries[3]`). */
  lines: Map<string, number>
}

/** Thrown with every problem found; the message is the first one, with its place. */
export class StrictJsonError extends Error {
  constructor(readonly problems: string[]) {
    super(problems[0] ?? 'invalid JSON')
    this.name = 'StrictJsonError'
  }
}

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype'])
// "-0" is refused too: canonical JSON prints it as 0, so two texts would sign alike.
const INTEGER = /^(?:0|-?[1-9][0-9]*)$/

type Container =
  | { kind: 'object'; value: Record<string, JsonValue>; path: string; key?: string | undefined }
  | {
      kind: 'array'
      value: JsonValue[]
      path: string
    }

/**
 * Parse `text` or throw StrictJsonError naming each place (`line:col $.path`). A document the
 * strict reader accepts as it is (the usual case) is read by the engine's own JSON.parse and
 * proven plain by plainJson; anything else, and the lines of a plain one when asked for, come
 * from the strict reader below, so every refusal and every line number is the strict reader's.
 */
export function parseStrictJson(
  text: string,
  limits: StrictLimits = DEFAULT_LIMITS
): StrictParseResult {
  const bytes = Buffer.byteLength(text, 'utf8')
  if (bytes > limits.maxBytes) {
    throw new StrictJsonError([
      `document is ${bytes} bytes, over the ${limits.maxBytes}-byte limit`
    ])
  }
  const plain = plainJson(text, limits)
  if (plain === undefined) return strictParse(text, limits)
  // Lines matter only to a message or an annotation: read for them when first asked.
  return { value: plain.value, lines: lazyMap(() => strictParse(text, limits).lines) }
}

/**
 * A Map whose contents are made on first use. It stands in wherever a Map does (every read goes
 * to the real one), and copying the object that holds it, as `{ ...manifest }` does, makes
 * nothing.
 */
export function lazyMap<K, V>(make: () => Map<K, V>): Map<K, V> {
  let made: Map<K, V> | undefined
  return new Proxy(new Map<K, V>(), {
    get(_target, key) {
      made ??= make()
      const value: unknown = Reflect.get(made, key, made)
      return typeof value === 'function' ? value.bind(made) : value
    }
  })
}

// A JSON string token (the text is known to be JSON, so this is its tokenization), and whether
// a colon follows it (then it is a key).
const STRING_TOKEN = /"[^"\\]*(?:\\.[^"\\]*)*"(\s*:)?/g
const NUMBER_TOKEN = /-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/g

/**
 * The value of `text` when it is JSON the strict reader would accept exactly as JSON.parse reads
 * it, else undefined (the strict reader then decides). JSON.parse refuses everything that is not
 * JSON (comments, trailing commas, control characters, trailing data); what it accepts but the
 * strict reader refuses is looked for here: a duplicate key (JSON.parse keeps the last one, so
 * the parsed objects then hold fewer keys than the text spells), a forbidden key, a lone
 * surrogate, a number spelled other than as a plain safe integer, nesting or an array over the
 * limits. Measured ~0.5 ms for a 52-entry manifest where the strict reader takes ~10-13 ms cold.
 */
function plainJson(text: string, limits: StrictLimits): { value: JsonValue } | undefined {
  try {
    const value = JSON.parse(text) as JsonValue
    let keys = 0
    for (const m of text.matchAll(STRING_TOKEN)) if (m[1] !== undefined) keys++
    const outside = text.replace(STRING_TOKEN, '""')
    for (const [n] of outside.matchAll(NUMBER_TOKEN))
      if (!INTEGER.test(n) || !Number.isSafeInteger(Number(n))) return undefined
    return keysIfPlain(value, limits, 1) === keys ? { value } : undefined
  } catch {
    // Not JSON, or too large or deep for the engine's reader: the strict reader says why.
    return undefined
  }
}

/** How many keys `v` holds at every level, or -1 where the strict reader would refuse it. */
function keysIfPlain(v: JsonValue, limits: StrictLimits, depth: number): number {
  if (typeof v === 'string') return v.isWellFormed() ? 0 : -1
  if (v === null || typeof v !== 'object') return 0
  if (depth > limits.maxDepth) return -1
  let keys = 0
  if (Array.isArray(v)) {
    if (v.length > limits.maxArrayLength) return -1
    for (const x of v) {
      const k = keysIfPlain(x, limits, depth + 1)
      if (k < 0) return -1
      keys += k
    }
    return keys
  }
  for (const key of Object.keys(v)) {
    if (!key.isWellFormed() || FORBIDDEN_KEYS.has(key)) return -1
    const k = keysIfPlain(v[key]!, limits, depth + 1)
    if (k < 0) return -1
    keys += k + 1
  }
  return keys
}

/**
 * The strict reader: jsonc-parser's tokens, every problem named with its line and path.
 * Exported so tests can hold the fast path to it.
 */
export function strictParse(
  text: string,
  limits: StrictLimits = DEFAULT_LIMITS
): StrictParseResult {
  // jsonc-parser recurses per nesting level: refuse deep documents before it can overflow the stack.
  const tooDeep = depthProblem(text, limits.maxDepth)
  if (tooDeep) throw new StrictJsonError([tooDeep])
  const problems: string[] = []
  const lines = new Map<string, number>()
  const stack: Container[] = []
  let root: JsonValue | undefined
  let rootSeen = false

  const at = (line: number, col: number, path: string): string => `${line + 1}:${col + 1} ${path}`
  const fail = (msg: string): void => {
    if (problems.length < 50) problems.push(msg)
  }
  const childPath = (): string => {
    const top = stack[stack.length - 1]
    if (!top) return '$'
    if (top.kind === 'array') return `${top.path}[${top.value.length}]`
    return `${top.path}${/^[A-Za-z_$][\w$]*$/.test(top.key ?? '') ? `.${top.key}` : `[${JSON.stringify(top.key)}]`}`
  }
  const place = (value: JsonValue, line: number): void => {
    const top = stack[stack.length - 1]
    const path = childPath()
    lines.set(path, line + 1)
    if (!top) {
      if (rootSeen) return
      root = value
      rootSeen = true
    } else if (top.kind === 'array') {
      if (top.value.length >= limits.maxArrayLength) {
        fail(`${at(line, 0, top.path)}: array longer than ${limits.maxArrayLength} items`)
        return
      }
      top.value.push(value)
    } else if (top.key !== undefined) {
      top.value[top.key] = value
      top.key = undefined
    }
  }
  const open = (c: Container, line: number, col: number): void => {
    if (stack.length >= limits.maxDepth) {
      fail(`${at(line, col, c.path)}: nested deeper than ${limits.maxDepth} levels`)
    }
    stack.push(c)
  }

  // The depth check above bounds the parser's recursion; should it ever miss, a stack overflow
  // is still a refused document and not a crash.
  try {
    visit(
      text,
      {
        onObjectBegin: (_o, _l, line, col) => {
          const value: Record<string, JsonValue> = {}
          const path = childPath()
          place(value, line)
          open({ kind: 'object', value, path }, line, col)
        },
        onObjectProperty: (key, _o, _l, line, col) => {
          const top = stack[stack.length - 1]
          if (!top || top.kind !== 'object') return
          const path = `${top.path}[${JSON.stringify(key)}]`
          if (!key.isWellFormed()) fail(`${at(line, col, top.path)}: key has a lone surrogate`)
          else if (FORBIDDEN_KEYS.has(key))
            fail(`${at(line, col, path)}: key ${quoted(key)} is not allowed`)
          else if (Object.hasOwn(top.value, key))
            fail(`${at(line, col, path)}: duplicate key ${quoted(key)}`)
          top.key = key
        },
        onObjectEnd: () => {
          stack.pop()
        },
        onArrayBegin: (_o, _l, line, col) => {
          const value: JsonValue[] = []
          const path = childPath()
          place(value, line)
          open({ kind: 'array', value, path }, line, col)
        },
        onArrayEnd: () => {
          stack.pop()
        },
        onLiteralValue: (value: unknown, offset, length, line, col) => {
          const path = childPath()
          if (typeof value === 'number') {
            const raw = text.slice(offset, offset + length)
            if (!INTEGER.test(raw) || !Number.isSafeInteger(value)) {
              fail(`${at(line, col, path)}: number ${raw} is not a safe integer`)
            }
          } else if (typeof value === 'string' && !value.isWellFormed()) {
            fail(`${at(line, col, path)}: string has a lone surrogate`)
          }
          place(value as JsonValue, line)
        },
        onComment: (_o, _l, line, col) => fail(`${at(line, col, '$')}: comments are not JSON`),
        onError: (code: ParseErrorCode, _o, _l, line, col) => {
          fail(`${line + 1}:${col + 1}: ${describe(code)}`)
        }
      },
      { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false }
    )
  } catch (err) {
    if (!(err instanceof RangeError)) throw err
    throw new StrictJsonError([`nested too deeply to read (over ${limits.maxDepth} levels)`])
  }
  if (!rootSeen && problems.length === 0) problems.push('1:1: empty document')
  if (problems.length > 0) throw new StrictJsonError(problems)
  return { value: root as JsonValue, lines }
}

/**
 * Where nesting first exceeds `max` levels, if it does. Counted on jsonc-parser's own tokens, so
 * strings and comments (`/*"*\/`) are skipped exactly as the parser skips them. Once a closing
 * bracket does not match, the parser's error recovery may skip brackets this count would pair up,
 * so from there on every opening bracket counts and none closes: an over-count refuses a document
 * that is refused anyway, an under-count would let it overflow the stack.
 */
// jsonc-parser's SyntaxKind is a const enum, which this build cannot read at run time.
const TOKEN = { openBrace: 1, closeBrace: 2, openBracket: 3, closeBracket: 4, eof: 17 } as const

function depthProblem(text: string, max: number): string | undefined {
  const scanner = createScanner(text, false)
  const open: number[] = []
  let broken = false
  let depth = 0
  for (let t: number = scanner.scan(); t !== TOKEN.eof; t = scanner.scan()) {
    if (t === TOKEN.openBrace || t === TOKEN.openBracket) {
      open.push(t)
      if (++depth > max)
        return `${scanner.getTokenStartLine() + 1}:${scanner.getTokenStartCharacter() + 1}: nested deeper than ${max} levels`
    } else if (!broken && (t === TOKEN.closeBrace || t === TOKEN.closeBracket)) {
      const want = t === TOKEN.closeBrace ? TOKEN.openBrace : TOKEN.openBracket
      if (open.pop() === want) depth--
      else broken = true
    }
  }
  return undefined
}

function describe(code: ParseErrorCode): string {
  const name = printParseErrorCode(code)
  const words: Record<string, string> = {
    InvalidSymbol: 'unexpected character (trailing data, or not JSON)',
    EndOfFileExpected: 'trailing data after the document',
    InvalidUnicode: 'invalid \\u escape',
    InvalidEscapeCharacter: 'invalid escape in string',
    UnexpectedEndOfString: 'unterminated string',
    UnexpectedEndOfNumber: 'malformed number',
    UnexpectedEndOfComment: 'comments are not JSON',
    InvalidCommentToken: 'comments are not JSON',
    InvalidNumberFormat: 'malformed number',
    InvalidCharacter: 'control character in string',
    PropertyNameExpected: 'property name expected (trailing comma?)',
    CommaExpected: 'comma expected',
    ColonExpected: 'colon expected',
    ValueExpected: 'value expected',
    CloseBraceExpected: 'closing brace expected',
    CloseBracketExpected: 'closing bracket expected'
  }
  return words[name] ?? name
}
