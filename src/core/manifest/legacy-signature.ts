/**
 * Checking the original tool's HMAC signature on a format-2 manifest, so `swr import` can carry
 * trust over. Its signing input was Python's json.dumps(manifest without _sig/_pksig,
 * sort_keys=True, separators=(",", ":"), ensure_ascii=False), and its key the 64 ASCII hex
 * characters of its key file, used as text (not decoded). Its ML-DSA-87 signature (`_pksig`,
 * made with OpenSSL: pure ML-DSA, empty context) covers the same bytes; the signer's public key
 * comes from the user (--legacy-pubkey), never from the manifest.
 */
import { createHmac, timingSafeEqual } from 'node:crypto'
import type { JsonValue } from './strict-json.js'

/** Python's code-point order (JavaScript's default sort compares UTF-16 units). */
function byCodePoint(a: string, b: string): number {
  const x = [...a]
  const y = [...b]
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const d = (x[i]?.codePointAt(0) ?? 0) - (y[i]?.codePointAt(0) ?? 0)
    if (d !== 0) return d
  }
  return x.length - y.length
}

/**
 * json.dumps(v, sort_keys=True, separators=(",", ":"), ensure_ascii=False). JSON.stringify escapes
 * strings exactly as Python does with ensure_ascii=False (quote, backslash, \b\f\n\r\t, other
 * controls as lowercase \u00xx); the strict reader has already refused floats and lone surrogates.
 */
export function pythonCanonical(v: JsonValue): string {
  if (v === null || typeof v !== 'object') return JSON.stringify(v)
  if (Array.isArray(v)) return `[${v.map(pythonCanonical).join(',')}]`
  const keys = Object.keys(v).sort(byCodePoint)
  return `{${keys.map(k => `${JSON.stringify(k)}:${pythonCanonical(v[k] as JsonValue)}`).join(',')}}`
}

export type LegacyVerdict = 'valid' | 'invalid' | 'absent'

function signedText(v2: { [k: string]: JsonValue }): string {
  const body: { [k: string]: JsonValue } = {}
  for (const [k, x] of Object.entries(v2)) if (k !== '_sig' && k !== '_pksig') body[k] = x
  return pythonCanonical(body)
}

const MLDSA87_PUBLIC_KEY_BYTES = 2592
const MLDSA87_SIGNATURE_BYTES = 4627
/** DER prefix of an ML-DSA-87 SubjectPublicKeyInfo (OpenSSL's PEM public key). */
const SPKI_PREFIX = Buffer.from('30820a32300b060960864801650304031303820a2100', 'hex')

/**
 * The original signer's public key from a file: PEM (as OpenSSL writes it), or the raw key in
 * base64 or hex. Undefined when it is none of these.
 */
export function parseLegacyPublicKey(text: string): Buffer | undefined {
  const pem = /-----BEGIN PUBLIC KEY-----([\s\S]*?)-----END PUBLIC KEY-----/.exec(text)
  const compact = (pem ? (pem[1] ?? '') : text).replace(/\s+/g, '')
  const raw = /^[0-9a-fA-F]+$/.test(compact)
    ? Buffer.from(compact, 'hex')
    : Buffer.from(compact, 'base64')
  if (raw.length === MLDSA87_PUBLIC_KEY_BYTES) return raw
  if (
    raw.length === SPKI_PREFIX.length + MLDSA87_PUBLIC_KEY_BYTES &&
    raw.subarray(0, SPKI_PREFIX.length).equals(SPKI_PREFIX)
  )
    return raw.subarray(SPKI_PREFIX.length)
  return undefined
}

/** Check a format-2 document's `_pksig` (its `sig` or `value`, base64 or hex) under `publicKey`. */
export async function verifyLegacyMldsa(
  v2: { [k: string]: JsonValue },
  publicKey: Uint8Array
): Promise<LegacyVerdict> {
  const s = v2._pksig
  if (typeof s !== 'object' || s === null || Array.isArray(s)) return 'absent'
  const text = (s as { sig?: unknown; value?: unknown }).sig ?? (s as { value?: unknown }).value
  if (typeof text !== 'string' || text.length > 2 * MLDSA87_SIGNATURE_BYTES) return 'invalid'
  const sig = /^[0-9a-fA-F]+$/.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64')
  if (sig.length !== MLDSA87_SIGNATURE_BYTES) return 'invalid'
  const { ml_dsa87 } = await import('@noble/post-quantum/ml-dsa.js')
  try {
    const msg = Buffer.from(signedText(v2), 'utf8')
    return ml_dsa87.verify(sig, msg, publicKey) ? 'valid' : 'invalid'
  } catch {
    return 'invalid'
  }
}

/** Check a format-2 document's `_sig` against the original tool's key file text. */
export function verifyLegacyHmac(
  v2: { [k: string]: JsonValue },
  keyFileText: string
): LegacyVerdict {
  const sig = v2._sig
  if (typeof sig !== 'object' || sig === null || Array.isArray(sig)) return 'absent'
  const value = (sig as { value?: unknown }).value
  if (typeof value !== 'string' || !/^[0-9a-fA-F]{64}$/.test(value)) return 'invalid'
  const key = Buffer.from(keyFileText.trim(), 'utf8')
  const want = createHmac('sha256', key).update(signedText(v2), 'utf8').digest()
  return timingSafeEqual(want, Buffer.from(value, 'hex')) ? 'valid' : 'invalid'
}
