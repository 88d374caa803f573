// The `state` namespace of the engine's face (src/core/index.ts): what only the shells compose.
export { defaultStateDir, ensurePrivateDir } from '../state/state-dir.js'
export {
  SymlinkRefusal,
  linkStaysInside,
  relativeInside,
  resolveNoFollow
} from '../fs/no-follow.js'
export { writeFileAtomic } from '../state/atomic.js'
export { makeOwnedTemp } from '../state/leftovers.js'
export { lockWorkspace } from '../state/lock.js'
export { withLock, type HeldLockOptions } from '../state/lock.js'
export { applyProcFdSetting, NO_PROC_FD_VAR } from '../fs/pinned-dir.js'
