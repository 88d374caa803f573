/**
 * HMAC-SHA256 signatures: "this machine approved it". Anyone who can verify can forge, so HMAC
 * alone never authorises recipes in CI unless the workflow asks for exactly that. The key comes
 * from SWR_HMAC_KEY, a 0600 key file in the private state directory, or a secret action input:
 * never from the workspace. Comparison is constant-time.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto'
import type { HmacSignature } from '../types.js'

/** Short, non-secret identifier of a key (shown to tell "other key" from "tampered"). */
export function hmacKeyId(key: Uint8Array): string {
  return createHash('sha256').update('swr-hmac-keyid\0').update(key).digest('hex').slice(0, 16)
}

/** The HMAC of `input`, or of its parts in order (the same signature as of them joined). */
export function signHmac(
  key: Uint8Array,
  input: Uint8Array | readonly Uint8Array[]
): HmacSignature {
  const mac = createHmac('sha256', key)
  for (const part of input instanceof Uint8Array ? [input] : input) mac.update(part)
  return { alg: 'hmac-sha256', keyid: hmacKeyId(key), sig: mac.digest('hex') }
}

export function verifyHmac(key: Uint8Array, input: Uint8Array, sig: HmacSignature): boolean {
  if (!/^[0-9a-f]{64}$/.test(sig.sig)) return false
  const want = createHmac('sha256', key).update(input).digest()
  return timingSafeEqual(want, Buffer.from(sig.sig, 'hex'))
}

/** Key bytes from the text of SWR_HMAC_KEY or a key file: 64 hex digits, or at least 32 characters. */
export function parseHmacKey(text: string): Buffer | undefined {
  const t = text.trim()
  if (/^[0-9a-fA-F]{64}$/.test(t)) return Buffer.from(t, 'hex')
  if (t.length >= 32) return Buffer.from(t, 'utf8')
  return undefined
}
