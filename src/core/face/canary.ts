// The `canary` namespace of the engine's face (src/core/index.ts): what only the shells compose.
export { type Anchors, abbreviate, showAnchored } from '../canary/anchor.js'
export { cleanLedger } from '../canary/clean.js'
export { ledgerPath, readLedger, removeLedger } from '../canary/ledger.js'
export { type PlantResult, plantCanaries } from '../canary/plant.js'
export { type CanaryReading, readCanaries } from '../canary/read.js'
