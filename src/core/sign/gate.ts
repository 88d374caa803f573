/**
 * The gate: the one function that decides whether a manifest's code (restore recipes, smoke
 * commands, exported scripts) may run. Every path that executes manifest content asks it first.
 *
 *   expiry -> scope -> rollback floor -> signatures (per the required kinds) -> allowed
 *
 * Cheap refusals come first; ML-DSA is loaded only when a signature of that kind must be checked.
 * `Defenses` exists so the attack suite can switch each defence off and show that it matters; the
 * shells never pass anything but the default.
 */
import picomatch from 'picomatch'
import { canonicalBytes } from '../manifest/canonical.js'
import type { ManifestBody } from '../types.js'
import { PAYLOAD_TYPE, signingInput } from './envelope.js'
import { type HmacSignature, type Signature } from '../types.js'
import { hmacKeyId, verifyHmac } from './hmac.js'
import { decodeMldsa, fingerprint, verifyMldsa } from './mldsa.js'
import type { Remembered } from './version-memory.js'

export type Requirement = 'any' | 'hmac' | 'mldsa' | 'both'
export const REQUIREMENTS: readonly Requirement[] = ['any', 'hmac', 'mldsa', 'both']

/** Where this run happens, as a manifest's signed scope names it. */
export interface RunPlace {
  repository?: string | undefined
  ref?: string | undefined
  /** The manifest's path relative to the workspace. */
  manifestPath?: string | undefined
}

export interface TrustPolicy {
  /** Which signatures must hold: 'any' = a valid HMAC or enough trusted ML-DSA signers. */
  require: Requirement
  hmacKey?: Buffer | undefined
  trusted: ReadonlySet<string>
  /**
   * Distinct trusted ML-DSA signers needed (default 1): different keys whose signatures verify.
   * HMAC never counts toward it; makePolicy refuses a threshold above 1 unless require is mldsa or both.
   */
  threshold?: number | undefined
  minVersion?: number | undefined
  remembered?: Remembered | undefined
  run: RunPlace
  /** One start time for the whole run. */
  now: Date
  /** `--i-trust-this-manifest DIGEST`: waives the signature requirement for exactly this digest. */
  waiveDigest?: string | undefined
}

export interface Defenses {
  signatures: boolean
  trust: boolean
  fingerprintFromKey: boolean
  payloadType: boolean
  expiry: boolean
  scope: boolean
  rollback: boolean
}

export const ALL_DEFENSES: Readonly<Defenses> = Object.freeze({
  signatures: true,
  trust: true,
  fingerprintFromKey: true,
  payloadType: true,
  expiry: true,
  scope: true,
  rollback: true
})

/**
 * `no-key`: an HMAC signature on a run without an HMAC key; `other-key`: an HMAC signature made
 * with another key than this run's (its keyid says so). Neither can be checked here, and neither
 * counts; only `invalid` means the body or the signature changed since it was signed.
 */
export type SignatureVerdict = 'valid' | 'invalid' | 'untrusted' | 'no-key' | 'other-key'

export interface SignatureState {
  alg: Signature['alg']
  keyid: string
  /** Recomputed from the key (ML-DSA only). */
  fingerprint?: string
  state: SignatureVerdict
}

export interface GateDecision {
  allowed: boolean
  /** One line: why it was allowed or refused. */
  reason: string
  signatures: SignatureState[]
  warnings: string[]
}

export interface GateInput {
  body: ManifestBody
  signatures: readonly Signature[]
  digest: string
}

/** What the gate reads of a loaded manifest. */
export function gateInput(m: {
  doc: { body: ManifestBody; signatures: readonly Signature[] }
  digest: string
}): GateInput {
  // The document as read: a run may extend `m.body` with sealed entries it resolved (seal/entries.ts).
  return { body: m.doc.body, signatures: m.doc.signatures, digest: m.digest }
}

/** Each signature's state under `policy` (no decision). */
export async function evaluateSignatures(
  m: GateInput,
  policy: Pick<TrustPolicy, 'hmacKey' | 'trusted'>,
  defenses: Defenses = ALL_DEFENSES
): Promise<SignatureState[]> {
  const raw = defenses.payloadType ? signingInput(m.body, PAYLOAD_TYPE) : canonicalBytes(m.body)
  const out: SignatureState[] = []
  for (const s of m.signatures) {
    if (s.alg === 'hmac-sha256') {
      out.push({ alg: s.alg, keyid: s.keyid, state: hmacState(s, raw, policy.hmacKey, defenses) })
      continue
    }
    const decoded = decodeMldsa(s)
    if (!decoded) {
      out.push({ alg: s.alg, keyid: s.keyid, state: 'invalid' })
      continue
    }
    const fp = defenses.fingerprintFromKey ? fingerprint(decoded.publicKey) : s.keyid
    const ok = !defenses.signatures || (await verifyMldsa(decoded.publicKey, raw, decoded.sig))
    const trusted = !defenses.trust || policy.trusted.has(fp)
    out.push({
      alg: s.alg,
      keyid: s.keyid,
      fingerprint: fp,
      state: !ok ? 'invalid' : trusted ? 'valid' : 'untrusted'
    })
  }
  return out
}

/**
 * Another machine's HMAC (another keyid) is not checked with this key: it would fail and read as
 * tampering. Its keyid is the signer's word only, so it never makes a signature count: a key that
 * is not this run's cannot make `valid`.
 */
function hmacState(
  s: HmacSignature,
  raw: Uint8Array,
  key: Buffer | undefined,
  defenses: Defenses
): SignatureVerdict {
  if (!key) return 'no-key'
  if (s.keyid !== hmacKeyId(key)) return 'other-key'
  return !defenses.signatures || verifyHmac(key, raw, s) ? 'valid' : 'invalid'
}

/** May this manifest's code run? */
export async function decide(
  m: GateInput,
  policy: TrustPolicy,
  defenses: Defenses = ALL_DEFENSES
): Promise<GateDecision> {
  const refuse = (reason: string, signatures: SignatureState[] = []): GateDecision => ({
    allowed: false,
    reason,
    signatures,
    warnings: []
  })
  const body = m.body
  if (
    defenses.expiry &&
    body.expires !== undefined &&
    !(Date.parse(body.expires) > policy.now.getTime()) // an unreadable date fails closed
  ) {
    return refuse(`manifest expired at ${body.expires}`)
  }
  if (defenses.scope) {
    const scopeProblem = checkScope(body, policy.run)
    if (scopeProblem) return refuse(scopeProblem)
  }
  if (defenses.rollback) {
    const rollback = checkRollback(body.version, m.digest, policy)
    if (rollback) return refuse(rollback)
  }
  if (policy.waiveDigest !== undefined) {
    if (policy.waiveDigest.toLowerCase() !== m.digest) {
      return refuse(`--i-trust-this-manifest names another digest than the manifest's`)
    }
    return {
      allowed: true,
      reason: 'signature requirement waived for this exact digest',
      signatures: await evaluateSignatures(m, policy, defenses),
      warnings: [`signature requirement waived by --i-trust-this-manifest for digest ${m.digest}`]
    }
  }
  // HMAC first: it is cheap, and with require=both a missing HMAC spares the ML-DSA load.
  const states = await evaluateSignatures(m, policy, defenses)
  const hmacOk = states.some(s => s.alg === 'hmac-sha256' && s.state === 'valid')
  const signers = new Set(
    states.filter(s => s.alg === 'ml-dsa-87' && s.state === 'valid').map(s => s.fingerprint)
  )
  const threshold = policy.threshold ?? 1
  const mldsaOk = signers.size >= threshold
  const need = describeNeed(policy.require, threshold)
  const ok =
    policy.require === 'any'
      ? hmacOk || mldsaOk
      : policy.require === 'hmac'
        ? hmacOk
        : policy.require === 'mldsa'
          ? mldsaOk
          : hmacOk && mldsaOk
  if (!ok) return refuse(`${summarise(states)}; ${need} required`, states)
  const by = [
    hmacOk ? 'HMAC' : '',
    mldsaOk ? `${signers.size} trusted ML-DSA signer(s)` : ''
  ].filter(Boolean)
  return { allowed: true, reason: `signed: ${by.join(' and ')}`, signatures: states, warnings: [] }
}

/**
 * The signature half of the gate alone: do the signatures the policy requires hold over this exact
 * body? For content nothing may echo before a trusted signer vouched for it (a pulled copy filled
 * in from the environment): expiry, scope and floor quote the body's own strings, so they come
 * after, in a full `decide`. The refusal names signatures by algorithm, state and recomputed
 * fingerprint only.
 */
export async function signaturesHold(m: GateInput, policy: TrustPolicy): Promise<GateDecision> {
  return decide(m, policy, { ...ALL_DEFENSES, expiry: false, scope: false, rollback: false })
}

function describeNeed(r: Requirement, threshold: number): string {
  const ml =
    threshold > 1 ? `${threshold} distinct trusted ML-DSA signers` : 'a trusted ML-DSA signature'
  switch (r) {
    case 'any':
      return `a valid HMAC or ${ml}`
    case 'hmac':
      return 'a valid HMAC signature'
    case 'mldsa':
      return ml
    case 'both':
      return `a valid HMAC and ${ml}`
  }
}

function summarise(states: SignatureState[]): string {
  if (states.length === 0) return 'manifest is unsigned'
  const parts = states.map(s => {
    // An undecodable key has no fingerprint, and its keyid is the document's word: not shown.
    const who =
      s.alg === 'hmac-sha256'
        ? 'HMAC'
        : s.fingerprint
          ? `ML-DSA ${s.fingerprint.slice(0, 16)}`
          : 'ML-DSA (malformed key)'
    if (s.state === 'no-key') return `${who}: no HMAC key on this run`
    if (s.state === 'other-key') return `${who}: made with another key, cannot be checked here`
    return `${who}: ${s.state === 'untrusted' ? 'untrusted signer' : s.state}`
  })
  return parts.join(', ')
}

export function checkScope(body: ManifestBody, run: RunPlace): string | undefined {
  const scope = body.scope
  if (!scope) return undefined
  if (
    scope.repository !== undefined &&
    scope.repository.toLowerCase() !== (run.repository ?? '').toLowerCase()
  ) {
    return `manifest is scoped to repository ${scope.repository}, this run is ${run.repository ?? 'outside any repository (GITHUB_REPOSITORY unset)'}`
  }
  if (
    scope.ref !== undefined &&
    !(run.ref !== undefined && picomatch.isMatch(run.ref, scope.ref, { dot: true }))
  ) {
    return `manifest is scoped to ref ${scope.ref}, this run is ${run.ref ?? 'on no ref (GITHUB_REF unset)'}`
  }
  if (scope.manifest_path !== undefined && scope.manifest_path !== run.manifestPath) {
    return `manifest is scoped to path ${scope.manifest_path}, it was read from ${run.manifestPath ?? 'outside the workspace'}`
  }
  return undefined
}

function checkRollback(version: number, digest: string, policy: TrustPolicy): string | undefined {
  if (policy.minVersion !== undefined && version < policy.minVersion) {
    return `manifest version ${version} is below the floor ${policy.minVersion} (a rollback to an older manifest?)`
  }
  const r = policy.remembered
  if (r && version < r.version) {
    return `manifest version ${version} is older than version ${r.version} already accepted here (a rollback?)`
  }
  if (r && version === r.version && digest !== r.digest) {
    return `manifest version ${version} was accepted here with another digest: the same version must not change`
  }
  return undefined
}
