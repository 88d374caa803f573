/**
 * The engine's face: the one module the CLI, the Action and the adapters import. It holds the use
 * cases and their results, what a result and an error mean, the renderers and the vocabulary at
 * the top level (at most sixty values), and, as namespaces, the pieces only the shells
 * compose (keys and trust, authoring helpers, the sync stores, canary ledgers, history). The
 * engine prints nothing, exits nowhere and reads no environment: the shells decide all of that.
 */

// The use cases (src/core/engine/), each returning a finished result; what a result means
// (status, exit code) and what an error means, each decided in one place.
export { check, type CheckRun, type CheckRunOptions } from './engine/check.js'
export {
  repairManifest,
  type RepairHooks,
  type RepairMode,
  type RepairRunOptions
} from './engine/repair.js'
export { outcomeOf, type EngineResult, type Outcome, type RunStatus } from './engine/outcome.js'
export { checkManifest, type Checked, type CheckOptions } from './engine/selection.js'
export { selectEntries } from './manifest/select.js'
export { ownPaths } from './engine/selection.js'
export {
  exportRecipes,
  type ExportRecipesOptions,
  type ExportRecipesRun,
  type ExportedStep
} from './engine/export-recipes.js'
export {
  selftest,
  type SelftestEntry,
  type SelftestOptions,
  type SelftestRun
} from './engine/selftest.js'
export {
  pull,
  push,
  pushKeyTail,
  syncStatus,
  type PullOptions,
  type PullRun,
  type PullSource,
  type PushedReplica,
  type PushOptions,
  type PushRun,
  type ReplicaStatus,
  type SyncKeys,
  type SyncStatusRun
} from './engine/sync.js'
export {
  cosignManifest,
  createManifest,
  editManifest,
  signManifest,
  type Change,
  type EditSession,
  type Edited,
  type NewManifest,
  type OpenedManifest,
  type SavedEdit,
  type SignedManifest
} from './engine/edit.js'
export {
  signerWords,
  stateWords,
  verifySignatures,
  type SignaturesOptions,
  type SignaturesRun
} from './engine/signatures.js'
export { classifyBug, classifyError, type ClassifiedError } from './engine/errors.js'
export {
  type RestoreOutcome,
  type SaveOutcome,
  type SealedCacheOptions,
  type SealedRestoreResult,
  type SealedSaveResult
} from './engine/sealed-cache.js'
export {
  type HandedOver,
  type SavedEntry,
  type WriteBack,
  type WriteBackOptions
} from './engine/write-back.js'
export { type S3CopySaved } from './engine/s3-copies.js'
export {
  type CanaryRead,
  type CanaryReadOptions,
  type CanaryState,
  type CanaryStateSource
} from './engine/canary.js'

// Errors and exit codes.
export { EXIT, SwrError, UsageError, type ExitCode } from './errors.js'
export { errnoCode } from './errors.js'
export { type SwrErrorKind } from './errors.js'

// Loading a manifest, and the vocabulary of entries, manifests and the cache.
export { loadManifest, type LoadedManifest } from './manifest/load.js'
export { locateManifest } from './manifest/locate.js'
export {
  type ArchiveCompression,
  type CacheArchive,
  type CacheClient,
  type DownloadBounds,
  type LiveSealedArchive,
  type SealedArchiveFile,
  type SealedCacheClient
} from './cache-port.js'
export { type GrowingFile, type S3Body, type S3ObjectInfo, type S3Objects } from './s3-port.js'
export { type Entry, type SealedSpec, restoreSources } from './types.js'
export type * from './types.js'
export { KINDS, TIERS } from './types.js'

// The renderers: reports as text, Markdown, SARIF and annotations; untrusted text escaped and
// quoted by one function each.
export { type CheckReport } from './report/report.js'
export { renderCheck, type TextOptions } from './report/text.js'
export { annotationsFor } from './report/annotations.js'
export { bySeverity } from './report/severity.js'
export { escapeMarkdown, escapeText, markdownCode } from './text/escape.js'
export { renderMarkdown } from './report/markdown.js'
export { type RepairReport } from './report/report.js'
export { toSarif } from './report/sarif.js'
export { refusalOf } from './restore/plan.js'
export { shellQuote } from './text/shell-quote.js'
export { CONTROL_CLASS } from './text/controls.mjs'

// What only the shells compose, by namespace: `sign.makePolicy`, `author.planPreset`, ...
export * as archive from './archive/scratch-copy.js'
export * as author from './face/author.js'
export * as buckets from './face/buckets.js'
export * as canary from './face/canary.js'
export * as capture from './face/capture.js'
export * as git from './git/index-file.js'
export * as history from './face/history.js'
export * as limits from './report/limits.js'
export * as manifests from './face/manifests.js'
export * as scrub from './face/scrub.js'
export * as sealedCache from './face/sealed-cache.js'
export * as seals from './face/seals.js'
export * as sign from './face/sign.js'
export * as state from './face/state.js'
export * as sync from './face/sync.js'
export * as textReport from './face/text-report.js'
export * as walk from './face/walk.js'
export * as writeBacks from './face/write-backs.js'
