// The `scrub` namespace of the engine's face (src/core/index.ts): what only the shells compose.

export { makeScrubber, scrubDeep, secretPieces } from '../exec/scrub.js'
