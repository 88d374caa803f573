/**
 * Which ML-DSA signers this machine trusts. Locally: a trust store in the private state directory
 * (`trust.json`, 0600) plus this machine's own identity. In CI: fingerprints or public keys from an
 * action input, never from files of the checked-out tree.
 */
import fs from 'node:fs'
import path from 'node:path'
import { SwrError, EXIT } from '../errors.js'
import { writeFileAtomic } from '../state/atomic.js'
import { ensurePrivateDir } from '../state/state-dir.js'
import { fingerprint, normalizeFingerprint, PUBLIC_KEY_BYTES } from './mldsa.js'

export interface TrustedSigner {
  fingerprint: string
  name: string
  added: string
}

function storePath(stateDir: string): string {
  return path.join(stateDir, 'trust.json')
}

export function readTrustStore(stateDir: string): TrustedSigner[] {
  let text: string
  try {
    text = fs.readFileSync(storePath(stateDir), 'utf8')
  } catch {
    return []
  }
  try {
    const v = JSON.parse(text) as { v?: number; signers?: TrustedSigner[] }
    if (v.v !== 1 || !Array.isArray(v.signers)) throw new Error('shape')
    return v.signers.filter(
      s => normalizeFingerprint(s.fingerprint) === s.fingerprint && typeof s.name === 'string'
    )
  } catch {
    throw new SwrError(
      `${storePath(stateDir)}: trust store is damaged; fix or remove it`,
      EXIT.UNREPAIRABLE
    )
  }
}

function writeTrustStore(stateDir: string, signers: TrustedSigner[]): void {
  ensurePrivateDir(stateDir)
  writeFileAtomic(storePath(stateDir), JSON.stringify({ v: 1, signers }, null, 2) + '\n', {
    mode: 0o600
  })
}

export function addTrusted(stateDir: string, fp: string, name: string, now: Date): TrustedSigner {
  const norm = normalizeFingerprint(fp)
  if (!norm)
    throw new SwrError(
      `${fp}: not a fingerprint (64 hex digits, spaces allowed)`,
      EXIT.BAD_MANIFEST
    )
  const signers = readTrustStore(stateDir).filter(s => s.fingerprint !== norm)
  const signer = { fingerprint: norm, name, added: now.toISOString() }
  writeTrustStore(stateDir, [...signers, signer])
  return signer
}

/** Remove by fingerprint or name; returns what was removed. */
export function removeTrusted(stateDir: string, what: string): TrustedSigner[] {
  const norm = normalizeFingerprint(what)
  const signers = readTrustStore(stateDir)
  const removed = signers.filter(s => s.fingerprint === norm || s.name === what)
  if (removed.length === 0)
    throw new SwrError(`no trusted signer matches ${what}`, EXIT.BAD_MANIFEST)
  writeTrustStore(
    stateDir,
    signers.filter(s => !removed.includes(s))
  )
  return removed
}

/**
 * Trusted fingerprints from an input: one per line (or comma-separated), each a fingerprint or a
 * base64 public key (whose fingerprint is computed); text after whitespace following a public key,
 * or after "#", is a comment.
 */
export function parseTrustedSigners(text: string): Set<string> {
  const out = new Set<string>()
  for (const raw of text.split(/[\n,]/)) {
    const line = raw.replace(/#.*/, '').trim()
    if (!line) continue
    const fp = normalizeFingerprint(line)
    if (fp) {
      out.add(fp)
      continue
    }
    const token = line.split(/\s+/)[0] ?? ''
    const key = /^[A-Za-z0-9+/]+={0,2}$/.test(token) ? Buffer.from(token, 'base64') : undefined
    if (key && key.length === PUBLIC_KEY_BYTES) out.add(fingerprint(key))
    else
      throw new SwrError(
        `trusted signer "${line.slice(0, 40)}": not a fingerprint or ML-DSA-87 public key`,
        EXIT.BAD_MANIFEST
      )
  }
  return out
}
