/**
 * `swr verify` and the Action's `command: verify` as one use case: ask the gate whether this
 * manifest's code may run here and show each signature's state. It returns a finished result
 * (the decision, each signature, the manifest's digest, version and expiry, the requirement it
 * was judged under) that `outcomeOf` turns into a status and exit code and the shells only print.
 * When given a state directory it also remembers an accepted version (never a waived one), so a
 * later rollback to an older copy is refused here; the Action, whose state starts empty, gives none.
 * The words for a signature's state and signer live here so that every line about signatures
 * (verify's listing, co-signing's refusals) says the same thing.
 */
import type { LoadedManifest } from '../manifest/load.js'
import { groupFingerprint } from '../sign/mldsa.js'
import {
  decide,
  gateInput,
  type GateDecision,
  type Requirement,
  type SignatureState,
  type TrustPolicy
} from '../sign/gate.js'
import { remember } from '../sign/version-memory.js'
import { escapeText } from '../text/escape.js'

export interface SignaturesRun {
  kind: 'signatures'
  gate: GateDecision
  /** The requirement the signatures were judged under. */
  require: Requirement
  manifest: {
    file: string
    digest: string
    version: number
    expires?: string | undefined
    /** How many signatures the document carries (the decision may list none when it stopped early). */
    signatures: number
  }
  /** Whether this machine now remembers the version as accepted (its rollback floor). */
  remembered: boolean
}

export interface SignaturesOptions {
  /** The state directory whose rollback memory records an accepted version (the CLI's). */
  rememberIn?: string | undefined
}

export async function verifySignatures(
  m: LoadedManifest,
  policy: TrustPolicy,
  opts: SignaturesOptions = {}
): Promise<SignaturesRun> {
  const gate = await decide(gateInput(m), policy)
  // A waiver is for one run: it never becomes the floor a later copy is judged against.
  const remembered =
    opts.rememberIn !== undefined && gate.allowed && policy.waiveDigest === undefined
  if (remembered)
    remember(opts.rememberIn!, m.file, { version: m.body.version, digest: m.digest }, m.body.scope)
  return {
    kind: 'signatures',
    gate,
    require: policy.require,
    manifest: {
      file: m.file,
      digest: m.digest,
      version: m.body.version,
      expires: m.body.expires,
      signatures: m.doc.signatures.length
    },
    remembered
  }
}

const STATE_TEXT: Record<SignatureState['state'], string> = {
  valid: 'valid',
  invalid: 'invalid',
  untrusted: 'untrusted signer',
  'no-key': 'not checked (no HMAC key here)',
  'other-key': 'not checked (made with another HMAC key, which this machine does not hold)'
}

/** A signature's state in words ("untrusted signer", "not checked (no HMAC key here)"). */
export function stateWords(s: SignatureState): string {
  return STATE_TEXT[s.state]
}

/** Who made a signature: the HMAC key's id (escaped: the document's word) or the ML-DSA fingerprint. */
export function signerWords(s: SignatureState): string {
  return s.alg === 'hmac-sha256'
    ? `hmac-sha256 (key ${escapeText(s.keyid, { max: 64 })})`
    : `ml-dsa-87 ${groupFingerprint(s.fingerprint ?? s.keyid)}`
}

/** "signer: state", as a refusal names a signature. */
export function signatureWords(s: SignatureState): string {
  return `${signerWords(s)}: ${stateWords(s)}`
}
