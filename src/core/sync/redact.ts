/**
 * A copy published in clear has its known token shapes (GitHub, GitLab, npm, OpenAI, Hugging Face,
 * Slack, AWS, Google, JWTs, PEM private keys, URL passwords: run/scrub.ts) replaced by `${VAR}`
 * references before it leaves the machine; `pull --expand VAR` fills them back from the environment.
 *
 * Each distinct value gets its own variable (GITHUB_TOKEN, then GITHUB_TOKEN_2, …), never one whose
 * `${NAME}` already appears in the text, so expansion touches exactly what redaction replaced. The
 * values are replaced as they appear in the manifest's JSON text, and filled back JSON-escaped:
 * the expanded text is byte for byte the signed one, so its signatures hold again (and a wrong or
 * missing value is refused by the signature gate, never written).
 *
 * The copy names its own variables, and a planted copy could name any (SECRET_X, AWS_SECRET_...):
 * only the variables the user names on the command line are ever read, and the caller verifies the
 * expanded text's signatures before anything can quote it.
 */
import { NAMED_TOKEN_SHAPES } from '../exec/scrub.js'
import { EXIT, SwrError, UsageError } from '../errors.js'

export interface Redacted {
  text: string
  /** The variables introduced, in order of first use. */
  variables: string[]
  /** variable → a short preview of what it replaced (first and last 4 characters). */
  previews: Record<string, string>
}

function preview(value: string): string {
  return value.length <= 12 ? '…' : `${value.slice(0, 4)}…${value.slice(-4)}`
}

export function redact(text: string): Redacted {
  const byValue = new Map<string, string>()
  const used = new Set<string>()
  const previews: Record<string, string> = {}
  const nameFor = (base: string, value: string): string => {
    const known = byValue.get(value)
    if (known) return known
    let name = base
    for (let n = 2; used.has(name) || text.includes(`\${${name}}`); n++) name = `${base}_${n}`
    used.add(name)
    byValue.set(value, name)
    previews[name] = preview(value)
    return name
  }
  let out = text
  for (const { re, variable } of NAMED_TOKEN_SHAPES)
    out = out.replace(re, (m: string) => `\${${nameFor(variable, m)}}`)
  return { text: out, variables: [...used], previews }
}

/** A variable name as redaction makes them (and a bundle may list). */
export const VARIABLE_NAME = /^[A-Z][A-Z0-9_]{0,63}$/

/**
 * `text` with each `${VAR}` of `variables` (the copy's list) filled from `env`, JSON-escaped. Every
 * one must be in `named` (the user's --expand list), or nothing is read; unset ones are refused.
 * Errors name variables, never values.
 */
export function expand(
  text: string,
  variables: readonly string[],
  named: readonly string[],
  env: NodeJS.ProcessEnv
): string {
  const unnamed = variables.filter(v => !named.includes(v))
  if (unnamed.length > 0)
    throw new SwrError(
      `pulled bundle refused: it was redacted (${variables.join(', ')}): pass --expand with each variable to fill from the environment (not named: ${unnamed.join(', ')})`,
      EXIT.UNREPAIRABLE
    )
  const missing = variables.filter(v => env[v] === undefined || env[v] === '')
  if (missing.length > 0)
    throw new UsageError(
      `pull --expand: ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} not set (the copy was redacted; set ${missing.length === 1 ? 'it' : 'them'} to the original values)`
    )
  let out = text
  for (const v of variables) out = out.split(`\${${v}}`).join(JSON.stringify(env[v]).slice(1, -1))
  return out
}
