/**
 * Who may seal. A seal is signed with the sealing job's keys (an HMAC secret, an ML-DSA identity)
 * and judged at restore against the keys and signers the restoring job trusts:
 *
 * - `signed`: at least one signature by a trusted key holds. A job without the key (a pull
 *   request, a poisoned step) cannot make a seal that passes.
 * - `any`: a seal must be there and match the archive byte for byte; its signatures are checked
 *   when they name a key this job knows. That catches accidental damage (truncation, a partial or
 *   swapped archive, bit rot), not a writer of the cache who forges a seal.
 *
 * Either way a signature that names a trusted key and does not hold refuses the seal: the body was
 * changed after it was signed. The key and the paths are checked by the caller (restore.ts).
 */
import { releaseBuffer } from '../memory/release.mjs'
import { hmacKeyId, signHmac, verifyHmac } from '../sign/hmac.js'
import {
  decodeMldsa,
  fingerprint,
  loadMldsa,
  signMldsa,
  verifyMldsaLoaded,
  type Identity
} from '../sign/mldsa.js'
import { Rejected } from '../archive/rejected.js'
import type { Signature } from '../types.js'
import {
  releaseParts,
  sealSigningInput,
  sealSigningParts,
  type SealBody,
  type SealDocument
} from './seal.js'

export const SEAL_REQUIREMENTS = ['signed', 'any'] as const
export type SealRequirement = (typeof SEAL_REQUIREMENTS)[number]

/** The keys a job signs its seals with. */
export interface SealSigners {
  hmacKey?: Buffer | undefined
  identity?: Identity | undefined
}

/** What a restoring job trusts. */
export interface SealTrust {
  require: SealRequirement
  hmacKey?: Buffer | undefined
  /** Fingerprints of trusted ML-DSA-87 signers. */
  trusted: ReadonlySet<string>
}

export async function signSeal(body: SealBody, signers: SealSigners): Promise<SealDocument> {
  // In parts: HMAC takes them as they are; only ML-DSA needs them joined (a large tree's index
  // is tens of MB of base64, and each joined copy is one more).
  const parts = sealSigningParts(body)
  const signatures: Signature[] = []
  try {
    if (signers.hmacKey) signatures.push(signHmac(signers.hmacKey, parts))
    if (signers.identity) {
      const input = Buffer.concat(parts)
      try {
        signatures.push(await signMldsa(signers.identity, input, 'seal'))
      } finally {
        releaseBuffer(input)
      }
    }
  } finally {
    releaseParts(parts)
  }
  return { body, signatures }
}

/** Ready to judge seals synchronously (as the archive streams past): ML-DSA loaded when needed. */
export async function prepareSealTrust(trust: SealTrust): Promise<void> {
  if (trust.trusted.size > 0) await loadMldsa()
}

/**
 * Who signed the seal, as far as this job can tell ("hmac a1b2…", "ml-dsa 1234…"); a Rejected
 * when the requirement is not met. Synchronous, after `prepareSealTrust(trust)`.
 */
export function judgeSeal(doc: SealDocument, trust: SealTrust): string[] {
  // Canonicalised only for a signature this job can check: a seal of no known key costs nothing more.
  let signed: Buffer | undefined
  const input = (): Buffer => (signed ??= sealSigningInput(doc.body))
  const by: string[] = []
  for (const s of doc.signatures) {
    if (s.alg === 'hmac-sha256') {
      if (!trust.hmacKey || s.keyid !== hmacKeyId(trust.hmacKey)) continue
      if (!verifyHmac(trust.hmacKey, input(), s))
        throw new Rejected('the seal was changed after it was signed (its HMAC does not hold)')
      by.push(`hmac ${s.keyid}`)
      continue
    }
    const decoded = decodeMldsa(s)
    if (!decoded) continue
    const fp = fingerprint(decoded.publicKey)
    if (!trust.trusted.has(fp)) continue
    if (!verifyMldsaLoaded(decoded.publicKey, input(), decoded.sig, 'seal'))
      throw new Rejected(
        `the seal was changed after it was signed (the ML-DSA signature of ${fp.slice(0, 16)} does not hold)`
      )
    by.push(`ml-dsa ${fp.slice(0, 16)}`)
  }
  if (trust.require === 'signed' && by.length === 0)
    throw new Rejected(
      doc.signatures.length === 0
        ? 'the seal is unsigned, and require-seal is signed'
        : `the seal is signed by no key this job trusts (${doc.signatures.length} signature${doc.signatures.length === 1 ? '' : 's'}), and require-seal is signed`
    )
  return by
}
