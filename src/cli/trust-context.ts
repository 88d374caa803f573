/**
 * Turning the environment and flags into the gate's policy and the signing keys. Secrets come from
 * SWR_HMAC_KEY or the private state directory; trusted signers from the trust store, this machine's
 * own identity, --trusted-signer and SWR_TRUSTED_SIGNERS; never from the workspace.
 */
import fs from 'node:fs'
import path from 'node:path'
import { isInside } from '../core/manifest/paths.js'
import type { LoadedManifest } from '../core/manifest/load.js'
import { REQUIREMENTS, type Requirement, type TrustPolicy } from '../core/sign/gate.js'
import { keyPath, loadHmacKey, loadIdentitySeed } from '../core/sign/keys.js'
import { identityFromSeed, normalizeFingerprint } from '../core/sign/mldsa.js'
import type { SigningKeys } from '../core/sign/sign.js'
import { parseTrustedSigners, readTrustStore } from '../core/sign/trust.js'
import { recall } from '../core/sign/version-memory.js'
import { UsageError } from '../core/errors.js'
import type { CliIo } from './io.js'
import { stateDir } from './options.js'

export const OWN_PUBLIC_KEY_FILE = 'mldsa87.pub'

export interface TrustFlags {
  require?: string
  minVersion?: number
  trustedSigner?: string[]
  threshold?: number
  iTrustThisManifest?: string
}

export function parseRequirement(v: string): Requirement {
  if (!(REQUIREMENTS as readonly string[]).includes(v)) {
    throw new UsageError(`--require must be one of ${REQUIREMENTS.join(', ')} (got "${v}")`)
  }
  return v as Requirement
}

/** This machine's own fingerprint, from the public key written at keygen (no ML-DSA load). */
export function ownFingerprint(dir: string): string | undefined {
  try {
    const line = fs.readFileSync(keyPath(dir, OWN_PUBLIC_KEY_FILE), 'utf8').split('\n')[0] ?? ''
    return normalizeFingerprint(line)
  } catch {
    return undefined
  }
}

export function buildPolicy(m: LoadedManifest, flags: TrustFlags, io: CliIo): TrustPolicy {
  const dir = stateDir(io)
  const trusted = new Set(readTrustStore(dir).map(s => s.fingerprint))
  const own = ownFingerprint(dir)
  if (own) trusted.add(own)
  for (const t of flags.trustedSigner ?? [])
    for (const fp of parseTrustedSigners(t)) trusted.add(fp)
  if (io.env.SWR_TRUSTED_SIGNERS)
    for (const fp of parseTrustedSigners(io.env.SWR_TRUSTED_SIGNERS)) trusted.add(fp)
  const rel = path.relative(m.workspace, m.file)
  return {
    require: parseRequirement(flags.require ?? io.env.SWR_REQUIRE ?? 'any'),
    hmacKey: loadHmacKey(dir, io.env.SWR_HMAC_KEY)?.key,
    trusted,
    threshold: flags.threshold,
    minVersion: flags.minVersion,
    remembered: recall(dir, m.file),
    run: {
      repository: io.env.GITHUB_REPOSITORY,
      ref: io.env.GITHUB_REF,
      manifestPath: isInside(m.workspace, m.file) ? rel.split(path.sep).join('/') : undefined
    },
    now: new Date(),
    approveDigest: flags.iTrustThisManifest
  }
}

/** The keys this machine can sign with (loads ML-DSA only when an identity exists). */
export async function signingKeys(io: CliIo): Promise<SigningKeys> {
  const dir = stateDir(io)
  const hmacKey = loadHmacKey(dir, io.env.SWR_HMAC_KEY)?.key
  const seed = loadIdentitySeed(dir)
  return { hmacKey, identity: seed ? await identityFromSeed(seed) : undefined }
}
