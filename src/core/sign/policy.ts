/**
 * Building the gate's policy from explicit sources. The CLI passes its environment, flags and the
 * local trust store; the Action passes its inputs (trust never comes from the checked-out tree).
 */
import path from 'node:path'
import { isInside } from '../fs/inside.js'
import type { LoadedManifest } from '../manifest/load.js'
import { UsageError } from '../errors.js'
import { REQUIREMENTS, type Requirement, type RunPlace, type TrustPolicy } from './gate.js'
import { loadHmacKey } from './keys.js'
import { parseTrustedSigners, readTrustStore } from './trust.js'
import { recall } from './version-memory.js'

export interface PolicySources {
  stateDir: string
  require: string
  /** SWR_HMAC_KEY or a secret input; the key file in the state dir is used when absent. */
  hmacKeyText?: string | undefined
  /** Also read the key file, trust store and rollback memory of the state directory. */
  local: boolean
  /** Extra trusted signers: fingerprints or public keys, one per line. */
  trustedSigners: readonly string[]
  /** This machine's own fingerprint, trusted locally. */
  ownFingerprint?: string | undefined
  threshold?: number | undefined
  /** How the shell spells the threshold and requirement options, for the refusal line. */
  spell?: ThresholdSpelling | undefined
  minVersion?: number | undefined
  waiveDigest?: string | undefined
  run: Omit<RunPlace, 'manifestPath'>
  now: Date
}

export function parseRequirement(v: string): Requirement {
  if (!(REQUIREMENTS as readonly string[]).includes(v)) {
    throw new UsageError(`require must be one of ${REQUIREMENTS.join(', ')} (got "${v}")`)
  }
  return v as Requirement
}

export interface ThresholdSpelling {
  threshold: string
  require: string
}

/**
 * Why `threshold` cannot mean what it says under `require`, or undefined when it can. A threshold
 * counts distinct trusted ML-DSA signers whose signatures verify (an HMAC key is shared by everyone
 * who verifies with it, so it tells no signers apart): above 1 it needs a requirement that cannot be
 * met without ML-DSA, mldsa or both. Under any, one HMAC signature would run recipes without them.
 * `spell` names the option and the requirement as the shell spells them (--threshold, input require).
 */
export function thresholdProblem(
  require: Requirement,
  threshold: number | undefined,
  spell: ThresholdSpelling = { threshold: 'threshold', require: 'require' }
): string | undefined {
  if (threshold === undefined || threshold <= 1 || require === 'mldsa' || require === 'both')
    return undefined
  const why =
    require === 'any'
      ? `one HMAC signature alone meets ${spell.require} any`
      : `${spell.require} hmac asks for no ML-DSA signature`
  return `${spell.threshold} ${threshold} counts distinct trusted ML-DSA signers, but ${why}: use ${spell.require} mldsa or both`
}

/** The manifest's path relative to its workspace, as a scope's manifest_path names it. */
export function manifestPathInWorkspace(m: LoadedManifest): string | undefined {
  return isInside(m.workspace, m.file)
    ? path.relative(m.workspace, m.file).split(path.sep).join('/')
    : undefined
}

export function makePolicy(m: LoadedManifest, src: PolicySources): TrustPolicy {
  const trusted = new Set<string>()
  if (src.local) for (const s of readTrustStore(src.stateDir)) trusted.add(s.fingerprint)
  if (src.ownFingerprint) trusted.add(src.ownFingerprint)
  for (const t of src.trustedSigners) for (const fp of parseTrustedSigners(t)) trusted.add(fp)
  const require = parseRequirement(src.require)
  const problem = thresholdProblem(require, src.threshold, src.spell)
  if (problem) throw new UsageError(problem)
  const hmac = src.local ? loadHmacKey(src.stateDir, src.hmacKeyText) : undefined
  return {
    require,
    hmacKey:
      hmac?.key ?? (src.hmacKeyText ? loadHmacKey(src.stateDir, src.hmacKeyText)?.key : undefined),
    trusted,
    threshold: src.threshold,
    minVersion: src.minVersion,
    remembered: src.local ? recall(src.stateDir, m.file, m.body.scope) : undefined,
    run: { ...src.run, manifestPath: manifestPathInWorkspace(m) },
    now: src.now,
    waiveDigest: src.waiveDigest
  }
}
