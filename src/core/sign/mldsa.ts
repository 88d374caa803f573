/**
 * ML-DSA-87 (FIPS 204) signatures with @noble/post-quantum (audited only by its authors: say so
 * when it matters). The module is loaded on first use, so checking an unsigned or HMAC-only
 * manifest never pays for it. The public key travels with the signature; its fingerprint is always
 * recomputed from the key, never read from the document.
 */
import { createHash } from 'node:crypto'
import type { MldsaSignature } from '../types.js'

/**
 * Domain separation: a signature made for one swr purpose never verifies for another (a seal's
 * signature is not a manifest's, whatever bytes it covers).
 */
export const CONTEXTS = {
  manifest: new TextEncoder().encode('swr/manifest-signature/v1'),
  seal: new TextEncoder().encode('swr/seal-signature/v1')
} as const
export type SignaturePurpose = keyof typeof CONTEXTS
export const PUBLIC_KEY_BYTES = 2592
export const SIGNATURE_BYTES = 4627

type MlDsa = typeof import('@noble/post-quantum/ml-dsa.js').ml_dsa87
let loaded: MlDsa | undefined

async function mldsa(): Promise<MlDsa> {
  loaded ??= (await import('@noble/post-quantum/ml-dsa.js')).ml_dsa87
  return loaded
}

/** Full SHA-256 over the algorithm name, a zero byte and the raw public key (hex). */
export function fingerprint(publicKey: Uint8Array): string {
  return createHash('sha256').update('ml-dsa-87\0').update(publicKey).digest('hex')
}

/** "ab12 cd34 ..." for people; `normalizeFingerprint` reads any spacing or case back. */
export function groupFingerprint(fp: string): string {
  return fp.match(/.{1,4}/g)?.join(' ') ?? fp
}

export function normalizeFingerprint(text: string): string | undefined {
  const t = text.replace(/[\s:-]/g, '').toLowerCase()
  return /^[0-9a-f]{64}$/.test(t) ? t : undefined
}

export interface Identity {
  publicKey: Uint8Array
  secretKey: Uint8Array
  fingerprint: string
}

export async function identityFromSeed(seed: Uint8Array): Promise<Identity> {
  const { publicKey, secretKey } = (await mldsa()).keygen(seed)
  return { publicKey, secretKey, fingerprint: fingerprint(publicKey) }
}

export async function signMldsa(
  id: Identity,
  input: Uint8Array,
  purpose: SignaturePurpose = 'manifest'
): Promise<MldsaSignature> {
  const sig = (await mldsa()).sign(input, id.secretKey, { context: CONTEXTS[purpose] })
  return {
    alg: 'ml-dsa-87',
    keyid: id.fingerprint,
    public_key: Buffer.from(id.publicKey).toString('base64'),
    sig: Buffer.from(sig).toString('base64')
  }
}

/** Decoded key and signature, or undefined when either is malformed (never throws). */
export function decodeMldsa(s: MldsaSignature): { publicKey: Buffer; sig: Buffer } | undefined {
  const b64 = /^[A-Za-z0-9+/]+={0,2}$/
  if (!b64.test(s.public_key) || !b64.test(s.sig)) return undefined
  const publicKey = Buffer.from(s.public_key, 'base64')
  const sig = Buffer.from(s.sig, 'base64')
  if (publicKey.length !== PUBLIC_KEY_BYTES || sig.length !== SIGNATURE_BYTES) return undefined
  return { publicKey, sig }
}

/** Load the implementation now, so `verifyMldsaLoaded` can run synchronously (inside a stream). */
export async function loadMldsa(): Promise<void> {
  await mldsa()
}

/** `verifyMldsa` without the wait; only after `loadMldsa()` resolved (else it throws). */
export function verifyMldsaLoaded(
  publicKey: Uint8Array,
  input: Uint8Array,
  sig: Uint8Array,
  purpose: SignaturePurpose
): boolean {
  if (!loaded) throw new Error('ML-DSA is not loaded')
  try {
    return loaded.verify(sig, input, publicKey, { context: CONTEXTS[purpose] })
  } catch {
    return false
  }
}

export async function verifyMldsa(
  publicKey: Uint8Array,
  input: Uint8Array,
  sig: Uint8Array,
  purpose: SignaturePurpose = 'manifest'
): Promise<boolean> {
  try {
    return (await mldsa()).verify(sig, input, publicKey, { context: CONTEXTS[purpose] })
  } catch {
    return false
  }
}
