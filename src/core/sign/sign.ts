/**
 * Signing a manifest: raise `version`, then sign the new body with every key this machine holds
 * (HMAC and/or ML-DSA). Old signatures are dropped: they covered another body.
 */
import { manifestDigest } from '../manifest/canonical.js'
import type { ManifestDocument } from '../types.js'
import { signingInput, type Signature } from './envelope.js'
import { signHmac } from './hmac.js'
import { signMldsa, type Identity } from './mldsa.js'

export interface SigningKeys {
  hmacKey?: Buffer | undefined
  identity?: Identity | undefined
}

export function hasSigningKey(keys: SigningKeys): boolean {
  return keys.hmacKey !== undefined || keys.identity !== undefined
}

/** A new document: same entries, version + 1, fresh signatures. */
export async function signDocument(
  doc: ManifestDocument,
  keys: SigningKeys
): Promise<{ doc: ManifestDocument; digest: string }> {
  const body = { ...doc.body, version: doc.body.version + 1 }
  const input = signingInput(body)
  const signatures: Signature[] = []
  if (keys.hmacKey) signatures.push(signHmac(keys.hmacKey, input))
  if (keys.identity) signatures.push(await signMldsa(keys.identity, input))
  return { doc: { ...doc, body, signatures }, digest: manifestDigest(body) }
}
