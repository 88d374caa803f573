/**
 * Turning the environment and flags into the gate's policy. Secrets come from SWR_HMAC_KEY or the
 * private state directory; trusted signers from the trust store, this machine's own identity,
 * --trusted-signer and SWR_TRUSTED_SIGNERS; never from the workspace. (The signing keys are the
 * engine's edit session's to load, from the same places.)
 */
import fs from 'node:fs'
import { type LoadedManifest, sign } from '../core/index.js'
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

/** This machine's own fingerprint, from the public key written at keygen (no ML-DSA load). */
export function ownFingerprint(dir: string): string | undefined {
  try {
    const line =
      fs.readFileSync(sign.keyPath(dir, OWN_PUBLIC_KEY_FILE), 'utf8').split('\n')[0] ?? ''
    return sign.normalizeFingerprint(line)
  } catch {
    return undefined
  }
}

export function buildPolicy(m: LoadedManifest, flags: TrustFlags, io: CliIo): sign.TrustPolicy {
  const dir = stateDir(io)
  return sign.makePolicy(m, {
    stateDir: dir,
    require: flags.require ?? io.env.SWR_REQUIRE ?? 'any',
    hmacKeyText: io.env.SWR_HMAC_KEY,
    local: true,
    trustedSigners: [
      ...(flags.trustedSigner ?? []),
      ...(io.env.SWR_TRUSTED_SIGNERS ? [io.env.SWR_TRUSTED_SIGNERS] : [])
    ],
    ownFingerprint: ownFingerprint(dir),
    threshold: flags.threshold,
    spell: { threshold: '--threshold', require: '--require' },
    minVersion: flags.minVersion,
    waiveDigest: flags.iTrustThisManifest,
    run: { repository: io.env.GITHUB_REPOSITORY, ref: io.env.GITHUB_REF },
    now: new Date()
  })
}
