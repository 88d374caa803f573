/**
 * Keeping secrets out of the log: the HMAC key in every encoding that could be printed, and the
 * values of every `secret_env` variable the manifest names, masked line by line.
 */
import * as core from '@actions/core'
import { type LoadedManifest, scrub, sign } from '../core/index.js'

/** The key and every encoding of it that could reach a log. */
export function keyVariants(key: string | undefined): string[] {
  if (!key) return []
  const variants = new Set([key, key.trim()])
  const bytes = sign.parseHmacKey(key)
  if (bytes)
    for (const enc of ['hex', 'base64', 'base64url'] as const) variants.add(bytes.toString(enc))
  for (const enc of ['hex', 'base64', 'base64url'] as const)
    variants.add(Buffer.from(key.trim()).toString(enc))
  return [...variants]
}

/**
 * Mask every secret and every line of it: the runner masks line by line, so a multi-line value (a
 * PEM or OpenSSH key) registered whole is not masked at all.
 */
export function maskSecrets(values: readonly string[]): void {
  for (const v of scrub.secretPieces(values)) core.setSecret(v)
}

/** The values of every `secret_env` variable the manifest names, as this job has them. */
export function secretEnvValues(m: LoadedManifest, env: NodeJS.ProcessEnv): string[] {
  const names = new Set(m.body.entries.flatMap(e => e.secret_env ?? []))
  return [...names].flatMap(n => env[n] ?? [])
}
