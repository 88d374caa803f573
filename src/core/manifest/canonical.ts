/**
 * The one canonical form of a manifest body (RFC 8785, JCS) and the digest derived from it. Only
 * values from the strict parser reach here, so the text a reviewer read is the text that is hashed.
 */
import { createHash } from 'node:crypto'
import canonicalize from 'canonicalize'
import type { ManifestBody } from '../types.js'
import { InternalError } from '../errors.js'

/** RFC 8785 bytes of `value`. */
export function canonicalBytes(value: unknown): Buffer {
  const text = canonicalize(value)
  if (text === undefined) throw new InternalError('value has no canonical JSON form')
  return Buffer.from(text, 'utf8')
}

/** sha256 (hex) of the canonical body: the manifest digest shown to people and used as cache key. */
export function manifestDigest(body: ManifestBody): string {
  return createHash('sha256').update(canonicalBytes(body)).digest('hex')
}
