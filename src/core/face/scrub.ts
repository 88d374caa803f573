// The `scrub` namespace of the engine's face (src/core/index.ts): what only the shells compose.
export { describeResult, minimalEnv, runRecipe } from '../exec/recipe.js'
export {
  hasTokenShape,
  makeLineScrubber,
  makeScrubber,
  scrubDeep,
  secretPieces
} from '../exec/scrub.js'
