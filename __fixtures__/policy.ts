/**
 * The trust policy an engine test hands a use case, as the CLI's buildPolicy would make it for a
 * machine holding one HMAC key (require hmac; nothing read from a trust store or rollback memory).
 */
import type { LoadedManifest } from '../src/core/manifest/load.js'
import { makePolicy } from '../src/core/sign/policy.js'
import type { TrustPolicy } from '../src/core/sign/gate.js'

export function hmacPolicy(m: LoadedManifest, stateDir: string, hmacKeyText: string): TrustPolicy {
  return makePolicy(m, {
    stateDir,
    require: 'hmac',
    hmacKeyText,
    local: false,
    trustedSigners: [],
    run: {},
    now: new Date()
  })
}
