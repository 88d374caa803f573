// The `author` namespace of the engine's face (src/core/index.ts): what only the shells compose.
export { type AuditRow, auditWorkspace } from '../author/audit.js'
export { planAutopilot } from '../author/autopilot.js'
export { type Target, addCommand, escrowHint, lacksRecipe, recipeHint } from '../author/hints.js'
export {
  DEFAULT_MIN_MODEL_BYTES,
  type ModelFile,
  captureModel,
  findModels
} from '../author/models.js'
export { PRESETS, type Preset, planPreset, presetNamed } from '../author/presets.js'
export {
  type BoundChange,
  applyRetighten,
  planRetighten,
  treesToRetighten
} from '../author/retighten.js'
