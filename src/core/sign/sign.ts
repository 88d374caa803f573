/**
 * Signing a manifest: raise `version`, then sign the new body with every key this machine holds
 * (HMAC and/or ML-DSA). Old signatures are dropped: they covered another body.
 */
import { manifestDigest } from '../manifest/canonical.js'
import type { ManifestDocument } from '../types.js'
import { signingInput } from './envelope.js'
import { type Signature } from '../types.js'
import { signHmac } from './hmac.js'
import { signMldsa, type Identity } from './mldsa.js'

export interface SigningKeys {
  hmacKey?: Buffer | undefined
  identity?: Identity | undefined
}

export function hasSigningKey(keys: SigningKeys): boolean {
  return keys.hmacKey !== undefined || keys.identity !== undefined
}

/** A new document: same entries, a version above both the old one and `floor`, fresh signatures. */
export async function signDocument(
  doc: ManifestDocument,
  keys: SigningKeys,
  /** The highest version already accepted on this machine: signing goes above it. */
  floor = 0
): Promise<{ doc: ManifestDocument; digest: string }> {
  const body = { ...doc.body, version: Math.max(doc.body.version, floor) + 1 }
  const input = signingInput(body)
  const signatures: Signature[] = []
  if (keys.hmacKey) signatures.push(signHmac(keys.hmacKey, input))
  if (keys.identity) signatures.push(await signMldsa(keys.identity, input))
  return { doc: { ...doc, body, signatures }, digest: manifestDigest(body) }
}

/**
 * Co-signing: add this machine's ML-DSA signature to a manifest whose signatures already verify,
 * without changing the body or its version, so distinct signers can meet a threshold.
 */
export async function cosignDocument(
  doc: ManifestDocument,
  identity: Identity
): Promise<ManifestDocument> {
  const sig = await signMldsa(identity, signingInput(doc.body))
  const others = doc.signatures.filter(
    s => !(s.alg === 'ml-dsa-87' && s.keyid === identity.fingerprint)
  )
  return { ...doc, signatures: [...others, sig] }
}
