/**
 * The Action's signature policy, built from its inputs alone: the main step and the post step
 * must judge a manifest by the same rules (the post step trusts nothing the main step handed it).
 */
import { type LoadedManifest, sign } from '../core/index.js'
import type { ActionInputs } from './inputs.js'

export function actionPolicy(
  m: LoadedManifest,
  inputs: ActionInputs,
  env: NodeJS.ProcessEnv,
  stateDir: string
): ReturnType<typeof sign.makePolicy> {
  return sign.makePolicy(m, {
    stateDir,
    require: inputs.require,
    threshold: inputs.threshold,
    hmacKeyText: inputs.hmacKey,
    local: false,
    trustedSigners: inputs.trustedSigners ? [inputs.trustedSigners] : [],
    minVersion: inputs.minVersion,
    waiveDigest: inputs.waiveDigest,
    run: { repository: env.GITHUB_REPOSITORY, ref: env.GITHUB_REF },
    now: new Date()
  })
}
