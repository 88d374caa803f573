// The `seals` namespace of the engine's face (src/core/index.ts): what only the shells compose.
export { hasControl, inputLines, type SealLocation } from '../seal/locations.js'
export { parsePatterns, type PathPattern, UnsupportedPath } from '../seal/patterns.js'
export { type SealDocument } from '../seal/seal.js'
export {
  SEAL_REQUIREMENTS,
  type SealRequirement,
  type SealSigners,
  type SealTrust
} from '../seal/trust.js'
export { parseTrustedSigners } from '../sign/trust.js'
