// The `sync` namespace of the engine's face (src/core/index.ts): what only the shells compose.
export {
  type Bundle,
  MAX_BUNDLE_BYTES,
  packPlain,
  packSealed,
  recipientId,
  sha256Hex,
  syncKeyPrefix,
  syncPublicKey,
  unpackBundle
} from '../sync/bundle.js'
export { openStore, storeOfLocator } from '../sync/open.js'
export { addPeer, findPeer, loadPeers, removePeer } from '../sync/peers.js'
export { makeCode, parseCode, pinMatches } from '../sync/recovery-code.js'
export { expand, redact, VARIABLE_NAME } from '../sync/redact.js'
export { recordReplicas, replicasOf, type Replica } from '../sync/replicas.js'
export { checkName, storeError, type StoreContext, type SyncStore } from '../sync/store.js'
