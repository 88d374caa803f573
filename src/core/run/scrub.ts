/**
 * Scrubbing secrets from recipe output before it is printed or kept: the exact values of the
 * variables an entry marks secret, and token shapes that are secrets wherever they appear.
 */

const TOKEN_SHAPES: RegExp[] = [
  /\bgh[pousr]_[A-Za-z0-9]{36,255}\b/g, // GitHub tokens
  /\bgithub_pat_[A-Za-z0-9_]{22,255}\b/g,
  /\bglpat-[A-Za-z0-9_-]{20,}\b/g, // GitLab
  /\bxox[abposr]-[A-Za-z0-9-]{10,}\b/g, // Slack
  /\b(?:AKIA|ASIA)[A-Z0-9]{16}\b/g, // AWS access key ids
  /\bsk-(?:proj-|ant-)?[A-Za-z0-9_-]{20,}\b/g, // OpenAI / Anthropic style keys
  /\bhf_[A-Za-z0-9]{30,}\b/g, // Hugging Face
  /\bnpm_[A-Za-z0-9]{36}\b/g,
  /\bAIza[0-9A-Za-z_-]{35}\b/g, // Google API keys
  /\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\b/g, // JWTs
  /-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?-----END [A-Z ]*PRIVATE KEY-----/g,
  /(?<=[a-z][a-z0-9+.-]*:\/\/[^:/@\s]+:)[^@\s]+(?=@)/gi // password in a URL
]

export const MASK = '***'

/** True when `text` holds one of the token shapes (escrow refuses such files; see secrets.ts). */
export function hasTokenShape(text: string): boolean {
  // search() ignores the patterns' global state, so the shared regexes stay reusable.
  return TOKEN_SHAPES.some(re => text.search(re) >= 0)
}

export type Scrubber = (text: string) => string

/** A scrubber for these secret values (values shorter than 4 characters are not masked). */
export function makeScrubber(secretValues: readonly string[]): Scrubber {
  const values = [...new Set(secretValues.filter(v => v.length >= 4))].sort(
    (a, b) => b.length - a.length
  )
  return text => {
    let out = text
    for (const v of values) out = out.split(v).join(MASK)
    for (const re of TOKEN_SHAPES) out = out.replace(re, MASK)
    return out
  }
}
