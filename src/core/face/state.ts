// The `state` namespace of the engine's face (src/core/index.ts): what only the shells compose.
export { defaultStateDir } from '../state/state-dir.js'

export { writeFileAtomic } from '../state/atomic.js'
export { makeOwnedTemp } from '../state/leftovers.js'

export { withLock, type HeldLockOptions } from '../state/lock.js'
export { applyProcFdSetting } from '../fs/pinned-dir.js'
