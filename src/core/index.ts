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
// The use cases, each returning a finished result, and what a result means (status, exit code).
export { check, type CheckRun, type CheckRunOptions } from './engine/check.js'
export {
  repairManifest,
  type RepairHooks,
  type RepairMode,
  type RepairRunOptions
} from './engine/repair.js'
export {
  outcomeOf,
  outcomeOfError,
  repairOutcome,
  RUN_STATUSES,
  type EngineResult,
  type Outcome,
  type RunStatus
} from './engine/outcome.js'
export {
  checkManifest,
  reportOf,
  selectEntries,
  verifySelection,
  type Checked,
  type CheckOptions
} from './engine/selection.js'
export {
  captureEntries,
  captureEntry,
  deriveId,
  pickSentinels,
  BLOB_THRESHOLD,
  type CaptureRequest,
  type Captured
} from './capture/capture.js'
export {
  diagnose,
  wipeSignature,
  adviceFor,
  VOLATILE_DIRS,
  underVolatileDir
} from './diagnose/diagnose.js'
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
export { indexPath } from './walk/tree-index.js'
export * from './types.js'

// What the shells use besides the engine calls above: renderers, stores, keys, helpers.
export { type AuditRow, auditWorkspace } from './author/audit.js'
export { planAutopilot } from './author/autopilot.js'
export { type Target, addCommand, escrowHint, lacksRecipe, recipeHint } from './author/hints.js'
export {
  DEFAULT_MIN_MODEL_BYTES,
  type ModelFile,
  captureModel,
  findModels
} from './author/models.js'
export { PRESETS, type Preset, planPreset, presetNamed } from './author/presets.js'
export {
  type BoundChange,
  applyRetighten,
  planRetighten,
  treesToRetighten
} from './author/retighten.js'
export {
  type ArchiveCompression,
  type CacheArchive,
  type CacheClient,
  lookupSavedStates,
  stateKey
} from './cache-port.js'
export { type Anchors, abbreviate, showAnchored } from './canary/anchor.js'
export { cleanLedger } from './canary/clean.js'
export { ledgerPath, readLedger, removeLedger } from './canary/ledger.js'
export { type PlantResult, plantCanaries } from './canary/plant.js'
export { type CanaryReading, readCanaries } from './canary/read.js'
export { diskError, errnoCode } from './errors.js'
export { ESCROW_MAX_BYTES, captureEscrow } from './capture/escrow.js'
export { trackedPaths } from './git/index-file.js'
export { historyAdvice } from './history/advice.js'
export { runContext } from './history/context.js'
export { type HistoryLimits, appendHistory, checkRecord, readHistory } from './history/history.js'
export { type Stats, computeStats, recentLosses } from './history/stats.js'
export {
  parseLegacyPublicKey,
  verifyLegacyHmac,
  verifyLegacyMldsa
} from './manifest/legacy-signature.js'
export {
  applyEdit,
  boundsProblem,
  diffEntry,
  type EntryEdit,
  type FieldChange
} from './manifest/entry-edit.js'
export { recaptureEntry } from './capture/recapture.js'
export { parseExpiry, parseScope } from './sign/scope-spec.js'
export { parseManifestText, resolveWorkspace, type ParsedManifest } from './manifest/load.js'
export { resolveEntryPath } from './manifest/paths.js'
export { type JsonValue, parseStrictJson } from './manifest/strict-json.js'
export { SymlinkRefusal, linkStaysInside, relativeInside, resolveNoFollow } from './fs/no-follow.js'
export { planRepair, planSteps } from './restore/plan.js'
export { annotationsFor } from './report/annotations.js'
export {
  CANARY_OUTPUT_BYTES,
  GITHUB_ANNOTATIONS_PER_LEVEL,
  ID_LIST_OUTPUT_BYTES,
  outputSize,
  REPORT_OUTPUT_BYTES,
  STATS_OUTPUT_BYTES
} from './report/limits.js'
export { bySeverity } from './report/severity.js'
export { renderCanaryMarkdown, renderCanaryText } from './report/canary.js'
export { escapeMarkdown, escapeText } from './text/escape.js'
export { renderMarkdown } from './report/markdown.js'
export { type RepairReport } from './report/report.js'
export { toSarif } from './report/sarif.js'
export { renderStatsMarkdown, renderStatsText } from './report/survival.js'
export { findingLines, renderCollateral, renderPlan, renderStep } from './report/text.js'
export { type ScratchCopy, scratchCopy } from './archive/scratch-copy.js'
export { type QuarantineLimits } from './restore/quarantine.js'
export { describeResult, minimalEnv, runRecipe } from './exec/recipe.js'
export {
  hasTokenShape,
  makeLineScrubber,
  makeScrubber,
  scrubDeep,
  secretPieces
} from './exec/scrub.js'
export { isSecretPath } from './capture/secrets.js'
export { loadSecretScan, type SecretScan } from './capture/secret-scan.js'
export { shellQuote } from './text/shell-quote.js'
export {
  ALL_SUITE_DEFENSES,
  DEFENCE_PROBES,
  type SuiteDefenses,
  buildScenario,
  runSuite
} from './sign/attack-suite.js'
export { authorizeEdit } from './sign/edit-rules.js'
export {
  decide,
  evaluateSignatures,
  gateInput,
  signaturesHold,
  type GateDecision,
  type SignatureState,
  type TrustPolicy
} from './sign/gate.js'
export { parseHmacKey } from './sign/hmac.js'
export {
  HMAC_KEY_FILE,
  IDENTITY_FILE,
  SYNC_KEY_FILE,
  type KeyFile,
  alreadyExists,
  createKeyFiles,
  keyPath,
  newKey,
  secretKeyFile,
  loadHmacKey,
  loadIdentitySeed,
  loadSyncSeed
} from './sign/keys.js'
export { groupFingerprint, identityFromSeed, normalizeFingerprint } from './sign/mldsa.js'
export { makePolicy, manifestPathInWorkspace, thresholdProblem } from './sign/policy.js'
export { type SigningKeys, cosignDocument, hasSigningKey, signDocument } from './sign/sign.js'
export { addTrusted, readTrustStore, removeTrusted } from './sign/trust.js'
export { recall, remember } from './sign/version-memory.js'
export { runSmokes } from './engine/smoke.js'
export { writeFileAtomic } from './state/atomic.js'
export { makeOwnedTemp } from './state/leftovers.js'
export { lockWorkspace } from './state/lock.js'
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
} from './sync/bundle.js'
export { openStore, storeOfLocator } from './sync/open.js'
export { addPeer, findPeer, loadPeers, removePeer } from './sync/peers.js'
export { makeCode, parseCode, pinMatches } from './sync/recovery-code.js'
export { expand, redact, VARIABLE_NAME } from './sync/redact.js'
export { recordReplicas, replicasOf, type Replica } from './sync/replicas.js'
export { checkName, storeError, type StoreContext, type SyncStore } from './sync/store.js'
export { type Entry, recipesOf, restoreSources } from './types.js'
export { ownPaths, reverifier } from './engine/selection.js'
export { nativeWalkAllowed, NATIVE_WALK_VAR } from './walk/walk-strategy.js'

// i30 seams: the one control/bidi character set (text/controls.mjs), for the CLI's output guard.
export { CONTROL_CLASS } from './text/controls.mjs'

// Issue 30, sync / selftest / export-recipes slice: those use cases.
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

// Issue 30, edit and signatures slice: the edit session and `swr verify` as use cases.
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
  signatureWords,
  signerWords,
  stateWords,
  verifySignatures,
  type SignaturesOptions,
  type SignaturesRun
} from './engine/signatures.js'
export { withLock, type HeldLockOptions } from './state/lock.js'

// Issue 30, shells slice: one error classification, the write-back and canary use cases.
export { accessError, SWR_ERROR_KINDS, type SwrErrorKind } from './errors.js'
export { classifyBug, classifyError, type ClassifiedError } from './engine/errors.js'
export {
  type HandedOver,
  type SavedEntry,
  type WriteBack,
  type WriteBackOptions,
  savedLine,
  writeBack,
  writeBackHandedOver
} from './engine/write-back.js'
export {
  type CanaryRead,
  type CanaryReadOptions,
  type CanaryState,
  type CanaryStateSource,
  canaryAnchors,
  cleanCanary,
  plantCanary,
  readCanary,
  readCanaryIfPlanted,
  recordSurvival,
  restoreCanaryState,
  survivalStats
} from './engine/canary.js'
