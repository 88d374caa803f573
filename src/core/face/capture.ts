// The `capture` namespace of the engine's face (src/core/index.ts): what only the shells compose.
export {
  captureEntries,
  captureEntry,
  deriveId,
  BLOB_THRESHOLD,
  type CaptureRequest,
  type Captured
} from '../capture/capture.js'
export { VOLATILE_DIRS } from '../capture/volatile-dirs.js'
export { ESCROW_MAX_BYTES, captureEscrow } from '../capture/escrow.js'
export { recaptureEntry } from '../capture/recapture.js'
export { isSecretPath } from '../capture/secrets.js'
export { loadSecretScan } from '../capture/secret-scan.js'
export type { SecretScan } from '../exec/scrub.js'
