// The `sign` namespace of the engine's face (src/core/index.ts): what only the shells compose.
export { parseExpiry, parseScope } from '../sign/scope-spec.js'
export {
  ALL_SUITE_DEFENSES,
  DEFENCE_PROBES,
  type SuiteDefenses,
  buildScenario,
  runSuite
} from '../sign/attack-suite.js'

export { type GateDecision, type SignatureState, type TrustPolicy } from '../sign/gate.js'
export { parseHmacKey } from '../sign/hmac.js'
export {
  HMAC_KEY_FILE,
  IDENTITY_FILE,
  SYNC_KEY_FILE,
  type KeyFile,
  alreadyExists,
  createKeyFiles,
  keyPath,
  newKey,
  secretKeyFile,
  loadSyncSeed
} from '../sign/keys.js'
export { groupFingerprint, identityFromSeed, normalizeFingerprint } from '../sign/mldsa.js'
export { makePolicy, manifestPathInWorkspace, thresholdProblem } from '../sign/policy.js'
export { type SigningKeys } from '../sign/sign.js'
export { addTrusted, readTrustStore, removeTrusted } from '../sign/trust.js'
export { recall, remember } from '../sign/version-memory.js'
