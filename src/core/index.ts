/**
 * The swr engine, shared by the CLI and the GitHub Action:
 *
 *   load (strict parse, schema, rules, digest)
 *     -> verify (one verifier per kind; one hash pool; incremental cache)
 *     -> diagnose (wipe signature, cause and fix per entry)
 *     -> report (JSON, text)
 *
 * It prints nothing, exits nowhere and reads no environment: the shells decide all of that.
 */
export {
  captureEntry,
  deriveId,
  pickSentinels,
  BLOB_THRESHOLD,
  type CaptureRequest,
  type Captured
} from './capture.js'
export { checkManifest, selectEntries, type CheckOptions } from './check.js'
export { diagnose, wipeSignature, adviceFor, VOLATILE_DIRS, underVolatileDir } from './diagnose.js'
export {
  EXIT,
  SwrError,
  ManifestError,
  UsageError,
  InternalError,
  type ExitCode
} from './errors.js'
export { loadManifest, type LoadedManifest, type LoadOptions } from './manifest/load.js'
export { locateManifest, MANIFEST_DIR, MANIFEST_NAME, type Located } from './manifest/locate.js'
export { toManifestPath, pathProblem, ENTRY_ID } from './manifest/paths.js'
export { newDocument, saveManifest, serializeDocument, spellWorkspace } from './manifest/write.js'
export { manifestDigest } from './manifest/canonical.js'
export { buildReport, REPORT_SCHEMA, type CheckReport } from './report/report.js'
export { renderCheck, renderWhy, type TextOptions } from './report/text.js'
export { defaultStateDir, ensurePrivateDir } from './state/state-dir.js'
export { indexPath } from './verify/tree-index.js'
export * from './types.js'
