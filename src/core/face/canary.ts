// The `canary` namespace of the engine's face (src/core/index.ts): what only the shells compose.
export { type Anchors, abbreviate, showAnchored } from '../canary/anchor.js'

export { type PlantResult } from '../canary/plant.js'
export { type CanaryReading } from '../canary/read.js'
