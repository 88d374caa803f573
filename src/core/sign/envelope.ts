/**
 * What a signature signs. Signatures never live inside the bytes they sign: the signing input is
 * DSSE's pre-authentication encoding of the canonical (RFC 8785) body, which binds the payload
 * type, and with it the manifest format and the signature-format version:
 *   "DSSEv1" SP len(type) SP type SP len(body) SP body
 */
import { canonicalBytes } from '../manifest/canonical.js'
import type { ManifestBody } from '../types.js'

export const PAYLOAD_TYPE = 'application/vnd.swr.manifest.v3+json'

/** DSSE pre-authentication encoding of `payload` (or of its parts, in order) under `type`. */
export function pae(type: string, payload: Uint8Array | readonly Uint8Array[]): Buffer {
  const parts = payload instanceof Uint8Array ? [payload] : payload
  const length = parts.reduce((n, p) => n + p.length, 0)
  return Buffer.concat([paeHead(type, length), ...parts])
}

/** What comes before a payload of `length` bytes in its pre-authentication encoding. */
export function paeHead(type: string, length: number): Buffer {
  const t = Buffer.from(type, 'utf8')
  return Buffer.from(`DSSEv1 ${t.length} ${type} ${length} `, 'utf8')
}

/** The exact bytes every manifest signature covers. */
export function signingInput(body: ManifestBody, type: string = PAYLOAD_TYPE): Buffer {
  return pae(type, canonicalBytes(body))
}
