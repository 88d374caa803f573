// The `walk` namespace of the engine's face (src/core/index.ts): what only the shells compose.
export { indexPath } from '../walk/tree-index.js'
export { nativeWalkAllowed } from '../walk/walk-strategy.js'
