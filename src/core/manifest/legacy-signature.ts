/**
 * Checking the original tool's HMAC signature on a format-2 manifest, so `swr import` can carry
 * trust over. Its signing input was Python's json.dumps(manifest without _sig/_pksig,
 * sort_keys=True, separators=(",", ":"), ensure_ascii=False), and its key the 64 ASCII hex
 * characters of its key file, used as text (not decoded).
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

/** Check a format-2 document's `_sig` against the original tool's key file text. */
export function verifyLegacyHmac(
  v2: { [k: string]: JsonValue },
  keyFileText: string
): LegacyVerdict {
  const sig = v2._sig
  if (typeof sig !== 'object' || sig === null || Array.isArray(sig)) return 'absent'
  const value = (sig as { value?: unknown }).value
  if (typeof value !== 'string' || !/^[0-9a-fA-F]{64}$/.test(value)) return 'invalid'
  const body: { [k: string]: JsonValue } = {}
  for (const [k, x] of Object.entries(v2)) if (k !== '_sig' && k !== '_pksig') body[k] = x
  const key = Buffer.from(keyFileText.trim(), 'utf8')
  const want = createHmac('sha256', key).update(pythonCanonical(body), 'utf8').digest()
  return timingSafeEqual(want, Buffer.from(value, 'hex')) ? 'valid' : 'invalid'
}
