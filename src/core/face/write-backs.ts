// The `writeBacks` namespace of the engine's face (src/core/index.ts): writing a healed state
// back to the manifest, and the line that says so.
export { savedLine, writeBack, writeBackHandedOver } from '../engine/write-back.js'
