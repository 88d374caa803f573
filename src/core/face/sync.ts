// The `sync` namespace of the engine's face (src/core/index.ts): what only the shells compose.
export {
  type Bundle,
  MAX_BUNDLE_BYTES,
  recipientId,
  syncKeyPrefix,
  syncPublicKey
} from '../sync/bundle.js'

export { addPeer, loadPeers, removePeer } from '../sync/peers.js'

export { type Replica } from '../sync/replicas.js'
export { storeError, type StoreContext, type SyncStore } from '../sync/store.js'
