/**
 * Scrubbing secrets from recipe output before it is printed or kept: the exact values of the
 * variables an entry marks secret, token shapes that are secrets wherever they appear, and what a
 * secret scan finds (secret-scan.ts: the maintained rule set and swr's own rules).
 */

/** A secret scan's finding (capture/secret-scan.ts): the rule that matched and what to mask. */
export interface SecretFinding {
  /** `swr/assignment`, `aws/AWSSecretAccessKey`: what matched, safe to print. */
  rule: string
  /** The secret strings found, for masking (never printed). */
  values: string[]
}

/** Every secret in `text`; `file` (a manifest path) lets file-type rules apply (.json, .npmrc). */
export type SecretScan = (text: string, file?: string) => SecretFinding[]

/**
 * Token shapes, each with the variable a redacted copy names it by (sync/redact.ts). A private key
 * block comes first, so its base64 lines are never matched piecemeal by a shorter shape.
 */
export const NAMED_TOKEN_SHAPES: readonly { re: RegExp; variable: string }[] = [
  {
    re: /-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?-----END [A-Z ]*PRIVATE KEY-----/g,
    variable: 'PRIVATE_KEY_PEM'
  },
  { re: /\bgh[pousr]_[A-Za-z0-9]{36,255}\b/g, variable: 'GITHUB_TOKEN' },
  { re: /\bgithub_pat_[A-Za-z0-9_]{22,255}\b/g, variable: 'GITHUB_TOKEN' },
  { re: /\bglpat-[A-Za-z0-9_-]{20,}\b/g, variable: 'GITLAB_TOKEN' },
  { re: /\bxox[abposr]-[A-Za-z0-9-]{10,}\b/g, variable: 'SLACK_TOKEN' },
  { re: /\b(?:AKIA|ASIA)[A-Z0-9]{16}\b/g, variable: 'AWS_ACCESS_KEY_ID' },
  // OpenAI / Anthropic style keys
  { re: /\bsk-(?:proj-|ant-)?[A-Za-z0-9_-]{20,}\b/g, variable: 'OPENAI_API_KEY' },
  { re: /\bhf_[A-Za-z0-9]{30,}\b/g, variable: 'HF_TOKEN' },
  { re: /\bnpm_[A-Za-z0-9]{36}\b/g, variable: 'NPM_TOKEN' },
  { re: /\bAIza[0-9A-Za-z_-]{35}\b/g, variable: 'GOOGLE_API_KEY' },
  { re: /\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\b/g, variable: 'JWT' },
  // A password in a URL (scheme://user:PASSWORD@host).
  { re: /(?<=[a-z][a-z0-9+.-]*:\/\/[^:/@\s]+:)[^@\s]+(?=@)/gi, variable: 'URL_PASSWORD' }
]

const TOKEN_SHAPES: RegExp[] = NAMED_TOKEN_SHAPES.map(s => s.re)

export const MASK = '***'

/** True when `text` holds one of the token shapes (escrow refuses such files; see secrets.ts). */
export function hasTokenShape(text: string): boolean {
  // search() ignores the patterns' global state, so the shared regexes stay reusable.
  return TOKEN_SHAPES.some(re => text.search(re) >= 0)
}

export type Scrubber = (text: string) => string

const KEY_BEGIN = /-----BEGIN [A-Z ]*PRIVATE KEY(?: BLOCK)?-----/
const KEY_END = /-----END [A-Z ]*PRIVATE KEY(?: BLOCK)?-----/
/** Lines masked after a private key's BEGIN line with no END (a 16384-bit RSA key has ~170). */
const KEY_LINES = 200

/** Shorter pieces are not masked: masking `a` or `ok` would hide every word. */
const MIN_SECRET = 4

/**
 * What to mask for these secret values: each whole value and, since output is read and masked
 * line by line (recipe output here, the log on the runner), every line of a multi-line value (a
 * PEM or OpenSSH key), trimmed. Longest first, so no piece is masked by a part of it.
 */
export function secretPieces(secretValues: readonly string[]): string[] {
  const pieces = secretValues.flatMap(v => [v, v.trim(), ...v.split(/\r?\n|\r/).map(l => l.trim())])
  return [...new Set(pieces.filter(v => v.length >= MIN_SECRET))].sort(
    (a, b) => b.length - a.length
  )
}

/**
 * A scrubber for these secret values (pieces shorter than 4 characters are not masked) and the
 * token shapes; with `scan` (loadSecretScan()), also every secret the scan finds in what is left.
 */
export function makeScrubber(secretValues: readonly string[], scan?: SecretScan): Scrubber {
  const values = secretPieces(secretValues)
  return text => {
    let out = text
    for (const v of values) out = out.split(v).join(MASK)
    for (const re of TOKEN_SHAPES) out = out.replace(re, MASK)
    if (scan) {
      const found = scan(out).flatMap(f => f.values)
      for (const v of found.sort((a, b) => b.length - a.length)) out = out.split(v).join(MASK)
    }
    return out
  }
}

/**
 * A scrubber for output read a line at a time (recipe and smoke output): the lines of a private
 * key printed after its BEGIN line hold no shape of their own, so they are masked whole until
 * its END line (at most KEY_LINES of them).
 */
export function makeLineScrubber(secretValues: readonly string[], scan?: SecretScan): Scrubber {
  const scrub = makeScrubber(secretValues, scan)
  let keyLines = 0
  return line => {
    if (keyLines > 0) {
      keyLines = KEY_END.test(line) ? 0 : keyLines - 1
      return MASK
    }
    if (KEY_BEGIN.test(line) && !KEY_END.test(line)) keyLines = KEY_LINES
    return scrub(line)
  }
}

/** `value` with every string in it scrubbed (a report before it is written or printed). */
export function scrubDeep<T>(value: T, scrub: Scrubber): T {
  if (typeof value === 'string') return scrub(value) as T
  if (Array.isArray(value)) return value.map(v => scrubDeep(v, scrub) as unknown) as T
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, scrubDeep(v, scrub)])) as T
  return value
}
