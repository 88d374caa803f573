// The `sealedCache` namespace of the engine's face (src/core/index.ts): the cache action's use
// cases and the store vocabulary only they need.
export { restoreSealedCache, saveSealedCache } from '../engine/sealed-cache.js'
export { DEFAULT_STALL_MS, SEALED_VERSION_MARKER, StoreUnavailable } from '../cache-port.js'
