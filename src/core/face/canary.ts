// The `canary` namespace of the engine's face (src/core/index.ts): planting, reading and
// recording canaries, and their reports.
export { type Anchors, abbreviate, showAnchored } from '../canary/anchor.js'

export { type PlantResult } from '../canary/plant.js'
export { type CanaryReading } from '../canary/read.js'
export {
  canaryAnchors,
  cleanCanary,
  plantCanary,
  readCanary,
  readCanaryIfPlanted,
  recordSurvival,
  restoreCanaryState,
  survivalStats
} from '../engine/canary.js'
export { renderCanaryMarkdown, renderCanaryText } from '../report/canary.js'
export { renderStatsMarkdown, renderStatsText } from '../report/survival.js'
