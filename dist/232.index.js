export const id = 232;
export const ids = [232];
export const modules = {

/***/ 915:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   AO: () => (/* binding */ SURVIVAL_COMMANDS),
/* harmony export */   G0: () => (/* binding */ Inputs),
/* harmony export */   Lo: () => (/* binding */ COMMANDS),
/* harmony export */   Uw: () => (/* binding */ State),
/* harmony export */   d$: () => (/* binding */ FAIL_ON),
/* harmony export */   tY: () => (/* binding */ Outputs)
/* harmony export */ });
/** Every input, output and saved-state name of the Action, in one place. */
const Inputs = {
    Command: 'command',
    Manifest: 'manifest',
    Workspace: 'workspace',
    Only: 'only',
    Deep: 'deep',
    Jobs: 'jobs',
    Timeout: 'timeout',
    HmacKey: 'hmac-key',
    TrustedSigners: 'trusted-signers',
    Require: 'require',
    Threshold: 'threshold',
    MinVersion: 'min-version',
    ApproveDigest: 'approve-digest',
    FailOn: 'fail-on',
    Annotations: 'annotations',
    Summary: 'summary',
    Sarif: 'sarif',
    CacheLookup: 'cache-lookup',
    CanaryAt: 'canary-at',
    CanaryVolatile: 'canary-volatile',
    CanaryLargeBytes: 'canary-large-bytes',
    CanaryHome: 'canary-home',
    CanaryKey: 'canary-key',
    Record: 'record'
};
/** Names of the state the main step hands to the post step. */
const State = {
    WriteBack: 'swr-write-back'
};
const Outputs = {
    Status: 'status',
    Healthy: 'healthy',
    Damaged: 'damaged',
    Repaired: 'repaired',
    WipeSignature: 'wipe-signature',
    Report: 'report',
    ReportPath: 'report-path',
    SarifPath: 'sarif-path',
    ManifestDigest: 'manifest-digest',
    ExitCode: 'exit-code',
    Stats: 'stats',
    Canary: 'canary'
};
const COMMANDS = [
    'check',
    'doctor',
    'restore',
    'verify',
    'canary-plant',
    'canary-read',
    'stats'
];
const SURVIVAL_COMMANDS = ['canary-plant', 'canary-read', 'stats'];
const FAIL_ON = ['damage', 'unrepairable', 'never'];


/***/ }),

/***/ 1729:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   K: () => (/* binding */ readInputs)
/* harmony export */ });
/* harmony import */ var _actions_core__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3838);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(6760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var _core_index_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(1924);
/* harmony import */ var _constants_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(915);
/**
 * Typed, strict readers for the Action's inputs. Unknown values are refused with the input named:
 * a typo in `fail-on` must not quietly turn a gate off.
 */




function choice(name, allowed, fallback) {
    const v = _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .getInput */ .V4(name).trim();
    if (v === '')
        return fallback;
    if (!allowed.includes(v))
        throw new _core_index_js__WEBPACK_IMPORTED_MODULE_2__/* .UsageError */ .eb(`input ${name}: "${v}" is not one of ${allowed.join(', ')}`);
    return v;
}
function bool(name, fallback) {
    const v = _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .getInput */ .V4(name).trim().toLowerCase();
    if (v === '')
        return fallback;
    if (v === 'true')
        return true;
    if (v === 'false')
        return false;
    throw new _core_index_js__WEBPACK_IMPORTED_MODULE_2__/* .UsageError */ .eb(`input ${name}: "${v}" is not true or false`);
}
function int(name, min, max) {
    const v = _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .getInput */ .V4(name).trim();
    if (v === '')
        return undefined;
    if (!/^\d+$/.test(v) || Number(v) < min || Number(v) > max)
        throw new _core_index_js__WEBPACK_IMPORTED_MODULE_2__/* .UsageError */ .eb(`input ${name}: "${v}" is not a whole number from ${min} to ${max}`);
    return Number(v);
}
function list(name) {
    return _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .getInput */ .V4(name)
        .split(/[\n,]/)
        .map(s => s.trim())
        .filter(Boolean);
}
/** A canary measures: by default what it finds never fails the job. */
function defaultFailOn(command) {
    if (command === 'doctor' || command === 'restore')
        return 'unrepairable';
    if (_constants_js__WEBPACK_IMPORTED_MODULE_3__/* .SURVIVAL_COMMANDS */ .AO.includes(command))
        return 'never';
    return 'damage';
}
/** `require` and `threshold` together: a threshold the requirement cannot honour is refused. */
function signerPolicy() {
    const require = choice(_constants_js__WEBPACK_IMPORTED_MODULE_3__/* .Inputs */ .G0.Require, ['hmac', 'mldsa', 'both'], 'mldsa');
    const threshold = int(_constants_js__WEBPACK_IMPORTED_MODULE_3__/* .Inputs */ .G0.Threshold, 1, 16);
    const problem = _core_index_js__WEBPACK_IMPORTED_MODULE_2__/* .sign.thresholdProblem */ ._S.thresholdProblem(require, threshold, {
        threshold: `input ${_constants_js__WEBPACK_IMPORTED_MODULE_3__/* .Inputs */ .G0.Threshold}:`,
        require: `${_constants_js__WEBPACK_IMPORTED_MODULE_3__/* .Inputs */ .G0.Require}:`
    });
    if (problem)
        throw new _core_index_js__WEBPACK_IMPORTED_MODULE_2__/* .UsageError */ .eb(problem);
    return { require, threshold };
}
function canaryKey() {
    const v = _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .getInput */ .V4(_constants_js__WEBPACK_IMPORTED_MODULE_3__/* .Inputs */ .G0.CanaryKey).trim() || 'default';
    if (!/^[A-Za-z0-9._-]{1,64}$/.test(v))
        throw new _core_index_js__WEBPACK_IMPORTED_MODULE_2__/* .UsageError */ .eb(`input ${_constants_js__WEBPACK_IMPORTED_MODULE_3__/* .Inputs */ .G0.CanaryKey}: "${v}" must be 1-64 of A-Z a-z 0-9 . _ -`);
    return v;
}
/**
 * A path input: one path. A list (one per line, as for several packages of a monorepo) is refused
 * in one line: each workspace needs outputs, a summary and a status of its own, which a matrix of
 * steps gives and one step's single-valued outputs cannot.
 */
function onePath(name, fallback) {
    const v = _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .getInput */ .V4(name).trim();
    if (/[\r\n]/.test(v))
        throw new _core_index_js__WEBPACK_IMPORTED_MODULE_2__/* .UsageError */ .eb(`input ${name}: one path per step; for several workspaces run the step in a matrix (docs/action.md, "Monorepos")`);
    return v || fallback;
}
function readInputs(env) {
    const command = choice(_constants_js__WEBPACK_IMPORTED_MODULE_3__/* .Inputs */ .G0.Command, _constants_js__WEBPACK_IMPORTED_MODULE_3__/* .COMMANDS */ .Lo, 'check');
    // The manifest path is relative to the workspace input ($GITHUB_WORKSPACE by default); the
    // directory it describes is the one it records (relative to itself), as with the CLI.
    const root = node_path__WEBPACK_IMPORTED_MODULE_1___default().resolve(env.GITHUB_WORKSPACE || process.cwd());
    const base = node_path__WEBPACK_IMPORTED_MODULE_1___default().resolve(root, onePath(_constants_js__WEBPACK_IMPORTED_MODULE_3__/* .Inputs */ .G0.Workspace, '.'));
    const manifest = node_path__WEBPACK_IMPORTED_MODULE_1___default().resolve(base, onePath(_constants_js__WEBPACK_IMPORTED_MODULE_3__/* .Inputs */ .G0.Manifest, '.swr/manifest.json'));
    const workspace = undefined;
    const hmacKey = _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .getInput */ .V4(_constants_js__WEBPACK_IMPORTED_MODULE_3__/* .Inputs */ .G0.HmacKey);
    const approve = _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .getInput */ .V4(_constants_js__WEBPACK_IMPORTED_MODULE_3__/* .Inputs */ .G0.ApproveDigest).trim();
    if (approve && !/^[0-9a-fA-F]{64}$/.test(approve))
        throw new _core_index_js__WEBPACK_IMPORTED_MODULE_2__/* .UsageError */ .eb(`input ${_constants_js__WEBPACK_IMPORTED_MODULE_3__/* .Inputs */ .G0.ApproveDigest}: not a 64-digit hex digest`);
    const sarif = _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .getInput */ .V4(_constants_js__WEBPACK_IMPORTED_MODULE_3__/* .Inputs */ .G0.Sarif).trim();
    return {
        command,
        manifest,
        workspace,
        root,
        only: list(_constants_js__WEBPACK_IMPORTED_MODULE_3__/* .Inputs */ .G0.Only),
        deep: bool(_constants_js__WEBPACK_IMPORTED_MODULE_3__/* .Inputs */ .G0.Deep, false),
        jobs: int(_constants_js__WEBPACK_IMPORTED_MODULE_3__/* .Inputs */ .G0.Jobs, 1, 32),
        timeout: int(_constants_js__WEBPACK_IMPORTED_MODULE_3__/* .Inputs */ .G0.Timeout, 1, 86400),
        hmacKey: hmacKey === '' ? undefined : hmacKey,
        trustedSigners: _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .getInput */ .V4(_constants_js__WEBPACK_IMPORTED_MODULE_3__/* .Inputs */ .G0.TrustedSigners),
        ...signerPolicy(),
        minVersion: int(_constants_js__WEBPACK_IMPORTED_MODULE_3__/* .Inputs */ .G0.MinVersion, 1, Number.MAX_SAFE_INTEGER),
        waiveDigest: approve || undefined,
        failOn: choice(_constants_js__WEBPACK_IMPORTED_MODULE_3__/* .Inputs */ .G0.FailOn, _constants_js__WEBPACK_IMPORTED_MODULE_3__/* .FAIL_ON */ .d$, defaultFailOn(command)),
        annotations: bool(_constants_js__WEBPACK_IMPORTED_MODULE_3__/* .Inputs */ .G0.Annotations, true),
        summary: bool(_constants_js__WEBPACK_IMPORTED_MODULE_3__/* .Inputs */ .G0.Summary, true),
        sarif: sarif ? node_path__WEBPACK_IMPORTED_MODULE_1___default().resolve(base, sarif) : undefined,
        cacheLookup: bool(_constants_js__WEBPACK_IMPORTED_MODULE_3__/* .Inputs */ .G0.CacheLookup, false),
        canaryWorkspace: base,
        canaryAt: list(_constants_js__WEBPACK_IMPORTED_MODULE_3__/* .Inputs */ .G0.CanaryAt),
        canaryVolatile: list(_constants_js__WEBPACK_IMPORTED_MODULE_3__/* .Inputs */ .G0.CanaryVolatile),
        canaryLargeBytes: int(_constants_js__WEBPACK_IMPORTED_MODULE_3__/* .Inputs */ .G0.CanaryLargeBytes, 0, 16 * 1024 * 1024 * 1024),
        canaryHome: bool(_constants_js__WEBPACK_IMPORTED_MODULE_3__/* .Inputs */ .G0.CanaryHome, true),
        canaryKey: canaryKey(),
        record: bool(_constants_js__WEBPACK_IMPORTED_MODULE_3__/* .Inputs */ .G0.Record, false)
    };
}


/***/ }),

/***/ 8232:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  run: () => (/* binding */ run)
});

// EXTERNAL MODULE: ./node_modules/@actions/core/lib/core.js + 7 modules
var core = __webpack_require__(3838);
// EXTERNAL MODULE: external "node:os"
var external_node_os_ = __webpack_require__(8161);
var external_node_os_default = /*#__PURE__*/__webpack_require__.n(external_node_os_);
// EXTERNAL MODULE: ./src/core/index.ts + 154 modules
var src_core = __webpack_require__(1924);
;// CONCATENATED MODULE: ./src/version.ts
/** The swr version; a test keeps it equal to package.json's. */
const VERSION = '0.1.0';

// EXTERNAL MODULE: ./src/action/log.ts
var log = __webpack_require__(8592);
// EXTERNAL MODULE: ./src/action/constants.ts
var constants = __webpack_require__(915);
// EXTERNAL MODULE: ./src/adapters/actions-cache.ts + 1 modules
var actions_cache = __webpack_require__(762);
// EXTERNAL MODULE: ./src/action/inputs.ts
var action_inputs = __webpack_require__(1729);
// EXTERNAL MODULE: ./src/action/policy.ts
var action_policy = __webpack_require__(6158);
// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __webpack_require__(7598);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(6760);
var external_node_path_default = /*#__PURE__*/__webpack_require__.n(external_node_path_);
;// CONCATENATED MODULE: ./src/action/outputs.ts
/**
 * The Action's JSON outputs, each within its bound (src/core/report/limits.ts). A list that does
 * not fit keeps its first items (most severe first where order means something) and the document
 * counts what it left out; the full report file (`report-path`) always has everything.
 */

const ACTION_REPORT_SCHEMA = 'swr.action-report/1';
const ACTION_CANARY_SCHEMA = 'swr.action-canary/1';
/**
 * The text of `build(k)` for the largest `k` in 0..max whose output fits `limit`, and that `k`.
 * `build` must grow with `k`; `build(0)` is returned even when it does not fit (a fixed part
 * over the limit is a bug in the caller, not something to hide).
 */
function fitCount(build, max, limit) {
    const whole = build(max);
    if (src_core/* limits.outputSize */.Fy.outputSize(whole) <= limit)
        return { text: whole, k: max };
    let lo = 0;
    let hi = max - 1;
    while (lo < hi) {
        const mid = Math.ceil((lo + hi) / 2);
        if (src_core/* limits.outputSize */.Fy.outputSize(build(mid)) <= limit)
            lo = mid;
        else
            hi = mid - 1;
    }
    return { text: build(lo), k: lo };
}
/** A JSON array of ids within the bound of the `damaged` and `repaired` outputs. */
function idListOutput(ids) {
    const { text, k } = fitCount(n => JSON.stringify(ids.slice(0, n)), ids.length, src_core/* limits.ID_LIST_OUTPUT_BYTES */.Fy.ID_LIST_OUTPUT_BYTES);
    return { text, omitted: ids.length - k };
}
/** The ids still damaged, most severe first (the order the bounded output keeps). */
function damagedIds(report) {
    return (0,src_core/* bySeverity */.Np)(report.results).map(f => f.id);
}
function repairedIds(report) {
    return 'repair' in report
        ? report.repair.steps.filter(s => s.outcome === 'repaired').map(s => s.id)
        : [];
}
/**
 * The `report` output: status, counts, the damaged entries and the repair steps. When both lists
 * do not fit, each keeps the same number of items and `omitted` counts the rest.
 */
function compactReport(report, ctx) {
    const damaged = (0,src_core/* bySeverity */.Np)(report.results).map(f => ({
        id: f.id,
        status: f.status,
        reason: f.reason
    }));
    const steps = 'repair' in report
        ? report.repair.steps.map(s => ({ id: s.id, outcome: s.outcome }))
        : undefined;
    const build = (k) => {
        const omitted = {
            damaged: Math.max(0, damaged.length - k),
            steps: Math.max(0, (steps?.length ?? 0) - k)
        };
        const cut = omitted.damaged + omitted.steps > 0;
        return JSON.stringify({
            schema: ACTION_REPORT_SCHEMA,
            status: ctx.status,
            exit_code: ctx.exitCode,
            digest: report.manifest.digest,
            signature: 'repair' in report ? report.repair.before.signature : report.diagnosis.signature,
            summary: report.summary,
            damaged: damaged.slice(0, k),
            ...(steps ? { steps: steps.slice(0, k) } : {}),
            ...(cut ? { truncated: true } : {}),
            omitted: {
                ...omitted,
                damaged_output: ctx.outputsOmitted.damaged,
                repaired_output: ctx.outputsOmitted.repaired
            },
            report_path: ctx.reportPath
        });
    };
    return fitCount(build, Math.max(damaged.length, steps?.length ?? 0), src_core/* limits.REPORT_OUTPUT_BYTES */.Fy.REPORT_OUTPUT_BYTES)
        .text;
}
/**
 * The `stats` output: the survival rows and the last runs. When they do not fit, each list keeps
 * the same number of rows (runs: the newest) and `omitted` counts the rest.
 */
function statsOutput(s) {
    const runs = s.runs.slice(-50);
    const build = (k) => {
        const omitted = {
            classes: Math.max(0, s.classes.length - k),
            locations: Math.max(0, s.locations.length - k),
            entries: Math.max(0, s.entries.length - k),
            runs: Math.max(0, s.runs.length - Math.min(k, runs.length))
        };
        const cut = omitted.classes + omitted.locations + omitted.entries > 0 || k < runs.length;
        return JSON.stringify({
            ...s,
            classes: s.classes.slice(0, k),
            locations: s.locations.slice(0, k),
            entries: s.entries.slice(0, k),
            runs: k === 0 ? [] : runs.slice(-k),
            ...(cut ? { truncated: true } : {}),
            omitted
        });
    };
    const max = Math.max(s.classes.length, s.locations.length, s.entries.length, runs.length);
    return fitCount(build, max, src_core/* limits.STATS_OUTPUT_BYTES */.Fy.STATS_OUTPUT_BYTES).text;
}
/** The `canary` output after `canary-plant`. */
function plantOutput(plantId, probes, locations) {
    const build = (k) => JSON.stringify({
        schema: ACTION_CANARY_SCHEMA,
        plant_id: plantId,
        probes,
        locations: locations.slice(0, k),
        ...(k < locations.length ? { omitted: { locations: locations.length - k } } : {})
    });
    return fitCount(build, locations.length, src_core/* limits.CANARY_OUTPUT_BYTES */.Fy.CANARY_OUTPUT_BYTES).text;
}
/** The `canary` output of `canary-read` when nothing was planted yet. */
function unplantedOutput() {
    return JSON.stringify({ schema: ACTION_CANARY_SCHEMA, planted: false });
}
/**
 * The `canary` output after `canary-read`: the reading without its probe list, plus the probes
 * that did not come back intact (`changed`), as many as fit, with `omitted` counting the rest.
 */
function readingOutput(r) {
    const { probes, ...rest } = r;
    const changed = probes.filter(p => p.outcome.state !== 'intact');
    const locations = Object.entries(r.locations);
    const build = (k) => JSON.stringify({
        ...rest,
        locations: Object.fromEntries(locations.slice(0, k)),
        changed: changed.slice(0, k),
        omitted: {
            changed: Math.max(0, changed.length - k),
            locations: Math.max(0, locations.length - k)
        }
    });
    return fitCount(build, Math.max(changed.length, locations.length), src_core/* limits.CANARY_OUTPUT_BYTES */.Fy.CANARY_OUTPUT_BYTES)
        .text;
}

;// CONCATENATED MODULE: ./src/action/canary.ts
/**
 * The Action's survival commands: `canary-plant`, `canary-read` and `stats`, and `record: true` on
 * a check. The canary ledger and the history live in a state directory that travels through the
 * Actions cache between runs (restored before, saved under a new key after), so one run plants and
 * the next one reads, and every read or recorded check adds to the same history.
 */









/**
 * One fixed path under RUNNER_TEMP: the cache version hashes the path, so every run must name the
 * same one (RUNNER_TEMP is the same on every hosted runner, and private to the job).
 */
function canaryStateDir(env) {
    return external_node_path_default().join(env.RUNNER_TEMP || external_node_os_default().tmpdir(), 'swr-canary-state');
}
/** The key family: one history per repository, canary key, runner OS and architecture. */
function canaryKeyPrefix(env, name) {
    const scope = [
        env.GITHUB_REPOSITORY ?? '',
        name,
        env.RUNNER_OS ?? '',
        env.RUNNER_ARCH ?? ''
    ].join('\0');
    return `swr-canary-v1-${(0,external_node_crypto_.createHash)('sha256').update(scope).digest('hex').slice(0, 16)}-`;
}
async function bringState(inputs, env) {
    const dir = canaryStateDir(env);
    const prefix = canaryKeyPrefix(env, inputs.canaryKey);
    const client = (0,actions_cache/* cacheServiceAvailable */.jI)(env)
        ? (0,actions_cache/* actionsCacheClient */.Vm)({ env, onNote: line => log.warning(line) })
        : undefined;
    // An earlier swr step of this job already holds the newest state: it is used, not restored over.
    const source = await (0,src_core/* restoreCanaryState */.sK)(dir, client, prefix, env.RUNNER_TEMP || external_node_os_default().tmpdir());
    if (source.from === 'no-cache')
        log.warning('swr: no Actions cache service in this job (ACTIONS_RESULTS_URL unset): the canary ledger and history stay on this runner');
    else if (source.from === 'none')
        log.info('swr: no canary state in the cache yet');
    else if (source.from === 'cache')
        log.info(`swr: canary state restored from ${source.key}`);
    // A state that does not parse never reaches RUNNER_TEMP; the run goes on without it, loudly.
    else if (source.from === 'refused')
        log.warning(`swr: canary state from ${source.key} refused (${source.why}): starting afresh`);
    return { dir, client, prefix };
}
async function keepState(t, env, what) {
    if (!t.client)
        return;
    if ((0,actions_cache/* cacheReadOnly */.$i)(env)) {
        log.warning('swr: read-only cache mode: the canary state was not saved for the next run');
        return;
    }
    const key = `${t.prefix}${Date.now()}-${env.GITHUB_RUN_ID ?? 'local'}-${env.GITHUB_RUN_ATTEMPT ?? '1'}-${what}-${(0,external_node_crypto_.randomBytes)(3).toString('hex')}`;
    const saved = await t.client.save(t.dir, key);
    if (saved === 'failed')
        log.warning(`swr: the canary state was not saved (${key})`);
    else
        log.info(`swr: canary state saved as ${key}`);
}
function expandHome(p, home) {
    return p === '~' ? home : p.startsWith('~/') ? external_node_path_default().join(home, p.slice(2)) : p;
}
function anchorsFor(inputs, env) {
    return (0,src_core/* canaryAnchors */.l8)({
        workspace: inputs.canaryWorkspace,
        home: env.HOME || external_node_os_default().homedir(),
        tmp: external_node_os_default().tmpdir()
    });
}
async function summarize(parts, inputs) {
    if (!inputs.summary)
        return;
    try {
        await log.writeSummary(parts.join('\n'));
    }
    catch (e) {
        log.warning(`job summary not written: ${e instanceof Error ? e.message : String(e)}`);
    }
}
function finish(status, stats, inputs, failed) {
    core/* setOutput */.uH(constants/* Outputs */.tY.Status, status);
    core/* setOutput */.uH(constants/* Outputs */.tY.Healthy, String(status === 'healthy'));
    core/* setOutput */.uH(constants/* Outputs */.tY.ExitCode, status === 'healthy' ? '0' : '1');
    core/* setOutput */.uH(constants/* Outputs */.tY.Stats, statsOutput(stats));
    if (status !== 'healthy' && inputs.failOn === 'damage')
        log.setFailed(failed);
}
async function runCanary(inputs, env) {
    const t = await bringState(inputs, env);
    const anchors = anchorsFor(inputs, env);
    const context = src_core/* history.runContext */.b6.runContext(env);
    if (inputs.command === 'canary-plant') {
        const { ledger, replaced } = await (0,src_core/* plantCanary */.wk)({ stateDir: t.dir }, {
            anchors,
            at: inputs.canaryAt.map(a => external_node_path_default().resolve(anchors.workspace, expandHome(a, anchors.home))),
            volatile: inputs.canaryVolatile,
            includeHome: inputs.canaryHome,
            ...(inputs.canaryLargeBytes !== undefined ? { largeBytes: inputs.canaryLargeBytes } : {}),
            // A scheduled job that never read the last planting (a failed run) must still plant.
            replace: true,
            context
        });
        if (replaced)
            log.info(`swr: removed ${replaced.removed} probes of the previous planting ${replaced.plant_id}`);
        log.info(`swr: planted canary ${ledger.plant_id}: ${ledger.probes.length} probes`);
        for (const l of ledger.locations)
            log.info(`  ${l.id}: ${src_core/* canary.showAnchored */.jZ.showAnchored(l.dir)}`);
        core/* setOutput */.uH(constants/* Outputs */.tY.Canary, plantOutput(ledger.plant_id, ledger.probes.length, ledger.locations.map(l => l.id)));
        await keepState(t, env, 'plant');
        const stats = (0,src_core/* survivalStats */.oC)(t.dir);
        await summarize([
            `### 🐤 swr canary planted: ${ledger.probes.length} probes in ${ledger.locations.length} locations`,
            '',
            ...ledger.locations.map(l => `- \`${l.id}\`: \`${src_core/* canary.showAnchored */.jZ.showAnchored(l.dir)}\``),
            '',
            'A later run reads them with `command: canary-read`.',
            ''
        ], inputs);
        finish('healthy', stats, inputs, '');
        return;
    }
    if (inputs.command === 'canary-read') {
        const read = await (0,src_core/* readCanaryIfPlanted */.ad)({ stateDir: t.dir }, { anchors, context });
        if (!read) {
            // The first run of a scheduled survival job has nothing to read yet: not a failure.
            log.warning('swr canary-read: nothing planted yet in this canary history (a first run?): plant with command: canary-plant');
            core/* setOutput */.uH(constants/* Outputs */.tY.Canary, unplantedOutput());
            const stats = (0,src_core/* survivalStats */.oC)(t.dir);
            await summarize(['### swr canary: nothing planted yet', '', (0,src_core/* renderStatsMarkdown */.t_)(stats)], inputs);
            finish('healthy', stats, inputs, '');
            return;
        }
        const { reading } = read;
        log.startGroup('swr: canary read');
        log.rendered((0,src_core/* renderCanaryText */.yf)(reading));
        log.endGroup();
        core/* setOutput */.uH(constants/* Outputs */.tY.Canary, readingOutput(reading));
        await keepState(t, env, 'read');
        const stats = (0,src_core/* survivalStats */.oC)(t.dir);
        await summarize([(0,src_core/* renderCanaryMarkdown */.Iv)(reading), (0,src_core/* renderStatsMarkdown */.t_)(stats)], inputs);
        const changed = reading.totals.altered + reading.totals.lost;
        finish(changed === 0 ? 'healthy' : 'damaged', stats, inputs, `swr canary: ${changed} probes altered or lost`);
        return;
    }
    const stats = (0,src_core/* survivalStats */.oC)(t.dir);
    await summarize(['### swr survival', '', (0,src_core/* renderStatsMarkdown */.t_)(stats)], inputs);
    finish('healthy', stats, inputs, '');
}
/**
 * `record: true`: this run's check (before any repair) joins the survival history of the canary
 * key, so `command: stats` shows per entry how often the runner or the cache kept it.
 */
async function recordCheckRun(report, m, inputs, env) {
    const t = await bringState(inputs, env);
    (0,src_core/* recordSurvival */.My)(t.dir, report, m, src_core/* history.runContext */.b6.runContext(env));
    log.info(`swr: recorded ${report.results.length} entries in the survival history (canary-key ${inputs.canaryKey})`);
    await keepState(t, env, 'check');
}

// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(3024);
var external_node_fs_default = /*#__PURE__*/__webpack_require__.n(external_node_fs_);
;// CONCATENATED MODULE: ./src/action/publish.ts
/**
 * What a finished run leaves behind: outputs, job summary, annotations, SARIF, the report file,
 * the failure line, and the write-back the post step carries out. Every bound GitHub sets is
 * applied here (limits in core/report/limits.ts).
 */










function failureFor(status, failOn) {
    if (failOn === 'never')
        return false;
    if (failOn === 'damage')
        return status === 'damaged' || status === 'unrepairable' || status === 'refused';
    return status === 'unrepairable' || status === 'refused';
}
async function publish(report, m, inputs, runnerTemp, status, exitCode) {
    const repoRoot = inputs.root;
    const manifestUri = external_node_path_default().relative(repoRoot, m.file).split((external_node_path_default()).sep).join('/');
    const reportPath = external_node_path_default().join(runnerTemp, `swr-report-${(0,external_node_crypto_.randomBytes)(6).toString('hex')}.json`);
    src_core/* state.writeFileAtomic */.dZ.writeFileAtomic(reportPath, JSON.stringify(report, null, 2) + '\n', { mode: 0o600 });
    const damaged = idListOutput(damagedIds(report));
    const repaired = idListOutput(repairedIds(report));
    core/* setOutput */.uH(constants/* Outputs */.tY.Status, status);
    core/* setOutput */.uH(constants/* Outputs */.tY.Healthy, String(report.verdict === 'healthy'));
    core/* setOutput */.uH(constants/* Outputs */.tY.Damaged, damaged.text);
    core/* setOutput */.uH(constants/* Outputs */.tY.Repaired, repaired.text);
    core/* setOutput */.uH(constants/* Outputs */.tY.WipeSignature, 'repair' in report ? report.repair.before.signature : report.diagnosis.signature);
    core/* setOutput */.uH(constants/* Outputs */.tY.ReportPath, reportPath);
    core/* setOutput */.uH(constants/* Outputs */.tY.ExitCode, String(exitCode));
    core/* setOutput */.uH(constants/* Outputs */.tY.Report, compactReport(report, {
        status,
        exitCode,
        reportPath,
        outputsOmitted: { damaged: damaged.omitted, repaired: repaired.omitted }
    }));
    if (damaged.omitted + repaired.omitted > 0)
        log.info(`swr: the damaged and repaired outputs leave out ${damaged.omitted} and ${repaired.omitted} ids; ${reportPath} has them all`);
    if (inputs.summary) {
        try {
            await log.writeSummary((0,src_core/* renderMarkdown */.Gc)(report, { reportPath }));
        }
        catch (e) {
            log.warning(`job summary not written: ${e instanceof Error ? e.message : String(e)}`);
        }
    }
    if (inputs.annotations) {
        const tracked = src_core/* git.trackedPaths */.$Y.trackedPaths(repoRoot);
        const printed = log.annotationsPrinted();
        const annotations = (0,src_core/* annotationsFor */.gX)(report, {
            // Room left of GitHub's per-step limits, keeping one error for the step's failure.
            room: {
                error: src_core/* limits.GITHUB_ANNOTATIONS_PER_LEVEL */.Fy.GITHUB_ANNOTATIONS_PER_LEVEL -
                    printed.error -
                    (failureFor(status, inputs.failOn) ? 1 : 0),
                warning: src_core/* limits.GITHUB_ANNOTATIONS_PER_LEVEL */.Fy.GITHUB_ANNOTATIONS_PER_LEVEL - printed.warning,
                notice: src_core/* limits.GITHUB_ANNOTATIONS_PER_LEVEL */.Fy.GITHUB_ANNOTATIONS_PER_LEVEL - printed.notice
            },
            reportPath,
            manifestUri,
            lines: m.lines,
            trackedPath: p => {
                const rel = external_node_path_default().relative(repoRoot, external_node_path_default().join(m.workspace, p)).split((external_node_path_default()).sep).join('/');
                return tracked.has(rel) ? rel : undefined;
            }
        });
        for (const a of annotations) {
            const props = {
                title: a.title,
                ...(a.file ? { file: a.file } : {}),
                ...(a.startLine ? { startLine: a.startLine } : {})
            };
            if (a.level === 'error')
                log.error(a.message, props);
            else if (a.level === 'warning')
                log.warning(a.message, props);
            else
                log.notice(a.message, props);
        }
    }
    // Always written: under RUNNER_TEMP unless the sarif input names a path.
    const sarifPath = inputs.sarif ?? external_node_path_default().join(runnerTemp, `swr-${(0,external_node_crypto_.randomBytes)(6).toString('hex')}.sarif`);
    external_node_fs_default().mkdirSync(external_node_path_default().dirname(sarifPath), { recursive: true });
    src_core/* state.writeFileAtomic */.dZ.writeFileAtomic(sarifPath, JSON.stringify((0,src_core/* toSarif */.zv)(report, { manifestUri, lines: m.lines, reportPath }), null, 2) + '\n');
    core/* setOutput */.uH(constants/* Outputs */.tY.SarifPath, sarifPath);
}
/** `command: verify`: what the gate decided (as `swr verify`): may this manifest's recipes run here? */
async function publishVerify(result, inputs) {
    const { gate, manifest } = result;
    for (const w of gate.warnings)
        log.warning(w);
    log.info(`signatures: ${gate.reason}`);
    log.info(`swr verify: ${gate.allowed ? 'recipes may run' : 'recipes refused'}`);
    const { status, exitCode: code } = (0,src_core/* outcomeOf */.sG)(result);
    core/* setOutput */.uH(constants/* Outputs */.tY.Status, status);
    core/* setOutput */.uH(constants/* Outputs */.tY.Healthy, String(gate.allowed));
    core/* setOutput */.uH(constants/* Outputs */.tY.ExitCode, String(code));
    core/* setOutput */.uH(constants/* Outputs */.tY.Report, JSON.stringify({
        schema: 'swr.action-verify/1',
        status,
        digest: manifest.digest,
        version: manifest.version,
        allowed: gate.allowed,
        reason: gate.reason,
        signatures: gate.signatures
    }));
    if (inputs.summary) {
        const lines = [
            `### swr verify: ${gate.allowed ? '✅ recipes may run' : '⛔ recipes refused'}`,
            '',
            (0,src_core/* escapeMarkdown */.FV)(gate.reason),
            '',
            `<sub>manifest digest \`${manifest.digest}\` · version ${manifest.version}</sub>`,
            ''
        ];
        await log.writeSummary(lines.join('\n')).catch(() => undefined);
    }
    if (!gate.allowed && inputs.failOn !== 'never')
        log.setFailed(`swr verify: recipes refused: ${gate.reason}`);
}
/**
 * Hand the entries a recipe healed to the post step, which saves them to the cache after
 * re-verifying them. Nothing is handed over in read-only cache mode or without a cache service.
 */
function scheduleWriteBack(r, m, env, cacheClient) {
    if (r.repair.write_back.length === 0)
        return;
    if (!cacheClient)
        return;
    if ((0,actions_cache/* cacheReadOnly */.$i)(env)) {
        log.info('swr: read-only cache mode (ACTIONS_CACHE_MODE=read): healed entries will not be saved');
        return;
    }
    // Only ids and the digest: the post step derives everything else from its inputs and the
    // signed manifest, so a forged state can at most ask it to save fewer entries.
    const state = { digest: m.digest, ids: r.repair.write_back.map(w => w.id) };
    core/* saveState */.LZ(constants/* State */.Uw.WriteBack, JSON.stringify(state));
    log.info(`swr: the post step will save ${r.repair.write_back.length} healed entr${r.repair.write_back.length === 1 ? 'y' : 'ies'} to the cache`);
}
/**
 * A run that stopped with an error, as classifyError sorts it: a one-line error (bad input, a
 * refusal, a failed write) gets its status and exit code; a bug gets its own (never "refused" or
 * 2), one line, and the stack in the debug log for the report.
 */
function publishError(caught) {
    const c = (0,src_core/* classifyError */.fe)(caught);
    core/* setOutput */.uH(constants/* Outputs */.tY.Status, c.outcome.status);
    core/* setOutput */.uH(constants/* Outputs */.tY.Healthy, 'false');
    core/* setOutput */.uH(constants/* Outputs */.tY.ExitCode, String(c.outcome.exitCode));
    if (c.kind !== 'INTERNAL') {
        log.setFailed(`swr: ${c.line}`);
        return;
    }
    if (c.stack)
        log.debug(c.stack);
    log.setFailed(`swr: ${c.line}; this is a bug in swr, please report it`);
}

;// CONCATENATED MODULE: ./src/action/engine-log.ts
/**
 * The engine's use cases with their phases as log groups: `check` (its findings), and `doctor` /
 * `restore` (check, plan, restore, re-check), recipe output shielded from the runner's command
 * channel.
 */





async function repairWithLog(m, inputs, env, stateDir, policy, cacheClient, onFirstCheck) {
    const mode = inputs.command === 'restore' ? 'restore' : 'doctor';
    const shield = log.makeShield();
    let group = '';
    const open = (name) => {
        shield.own();
        if (group)
            log.endGroup();
        log.startGroup(name);
        group = name;
    };
    try {
        return await (0,src_core/* repairManifest */.Db)(m, {
            // The client prints ::add-mask:: for its signed URLs: never inside the recipe-output shield.
            cacheClient: cacheClient && (0,actions_cache/* withBefore */.uZ)(cacheClient, shield.own),
            mode,
            version: VERSION,
            stateDir,
            policy,
            rememberAccepted: false,
            callerEnv: env,
            only: inputs.only.length ? inputs.only : undefined,
            jobs: inputs.jobs,
            nativeWalk: src_core/* walk.nativeWalkAllowed */.GG.nativeWalkAllowed(env),
            timeoutS: inputs.timeout,
            hooks: {
                onCheck: (before, plan) => {
                    onFirstCheck(before);
                    open('swr: check');
                    for (const l of (0,src_core/* findingLines */.hq)(before.results.filter(f => f.status !== 'OK'), { color: false, all: false }))
                        log.rendered(l);
                    log.info(`${before.summary.ok}/${before.summary.entries} healthy`);
                    if (plan.waves.length > 0) {
                        open('swr: plan');
                        log.rendered((0,src_core/* renderPlan */.EG)(plan.waves, { color: false, all: false }));
                    }
                },
                onGate: (gate) => {
                    shield.own();
                    for (const w of gate.warnings)
                        log.warning(w);
                    if (!gate.allowed) {
                        const noKey = !inputs.hmacKey && (inputs.require === 'hmac' || inputs.require === 'both');
                        log.error(`swr: no recipe ran: ${noKey ? 'the hmac-key input is empty (a fork pull request gets no secrets), so ' : ''}${gate.reason}. The workspace was verified and reported only.`);
                    }
                    else
                        open('swr: restore');
                },
                onLine: (id, line) => shield.recipeLine(`[${id}] ${line}`),
                onStep: r => {
                    shield.own();
                    log.rendered((0,src_core/* renderStep */.zc)(r, { color: false, all: false }));
                },
                onFinal: final => {
                    open('swr: re-check');
                    log.info(`${final.summary.ok}/${final.summary.entries} healthy`);
                }
            }
        });
    }
    finally {
        shield.own();
        if (group)
            log.endGroup();
    }
}
/** `command: check`: the engine's check, its damaged entries and cache lookups in the log. */
async function checkWithLog(m, opts) {
    log.startGroup('swr: check');
    const result = await (0,src_core/* check */.z6)(m, opts);
    for (const l of (0,src_core/* findingLines */.hq)(result.report.results.filter(f => f.status !== 'OK'), { color: false, all: false }))
        log.rendered(l);
    log.endGroup();
    for (const l of result.report.cache_lookup ?? [])
        log.info(`cache ${l.available ? 'saved   ' : 'not saved'} ${l.id} (${l.key})`);
    return result;
}

;// CONCATENATED MODULE: ./src/action/secrets.ts
/**
 * Keeping secrets out of the log: the HMAC key in every encoding that could be printed, and the
 * values of every `secret_env` variable the manifest names, masked line by line.
 */


/** The key and every encoding of it that could reach a log. */
function keyVariants(key) {
    if (!key)
        return [];
    const variants = new Set([key, key.trim()]);
    const bytes = src_core/* sign.parseHmacKey */._S.parseHmacKey(key);
    if (bytes)
        for (const enc of ['hex', 'base64', 'base64url'])
            variants.add(bytes.toString(enc));
    for (const enc of ['hex', 'base64', 'base64url'])
        variants.add(Buffer.from(key.trim()).toString(enc));
    return [...variants];
}
/**
 * Mask every secret and every line of it: the runner masks line by line, so a multi-line value (a
 * PEM or OpenSSH key) registered whole is not masked at all.
 */
function maskSecrets(values) {
    for (const v of src_core/* scrub.secretPieces */._I.secretPieces(values))
        core/* setSecret */.Pq(v);
}
/** The values of every `secret_env` variable the manifest names, as this job has them. */
function secretEnvValues(m, env) {
    const names = new Set(m.body.entries.flatMap(e => e.secret_env ?? []));
    return [...names].flatMap(n => env[n] ?? []);
}

;// CONCATENATED MODULE: ./src/action/main.ts
/**
 * The GitHub Action: a thin shell over the engine. Inputs (inputs.ts) -> the same check /
 * repairManifest / gate calls as the CLI -> outcomeOf -> publish (publish.ts: outputs, job
 * summary, annotations, SARIF, the report file). Secrets are masked first (secrets.ts).
 */













function isSurvivalCommand(c) {
    return constants/* SURVIVAL_COMMANDS */.AO.includes(c);
}
async function run(env = process.env) {
    let exitCode = src_core/* EXIT */.dc.HEALTHY;
    try {
        const inputs = (0,action_inputs/* readInputs */.K)(env);
        const hmacVariants = keyVariants(inputs.hmacKey);
        maskSecrets(hmacVariants);
        if (isSurvivalCommand(inputs.command)) {
            await runCanary(inputs, env);
            return;
        }
        const runnerTemp = env.RUNNER_TEMP || external_node_os_default().tmpdir();
        const stateDir = src_core/* state.makeOwnedTemp */.dZ.makeOwnedTemp(runnerTemp, 'swr-state');
        const m = (0,src_core/* loadManifest */.eY)(inputs.manifest, { workspace: inputs.workspace });
        const secrets = [...hmacVariants, ...secretEnvValues(m, env)];
        maskSecrets(secrets);
        core/* setOutput */.uH(constants/* Outputs */.tY.ManifestDigest, m.digest);
        const policy = (0,action_policy/* actionPolicy */.n)(m, inputs, env, stateDir);
        const cacheClient = (0,actions_cache/* cacheServiceAvailable */.jI)(env)
            ? (0,actions_cache/* actionsCacheClient */.Vm)({ env, onNote: line => log.warning(line) })
            : undefined;
        if (!cacheClient &&
            (inputs.cacheLookup ||
                m.body.entries.some(e => (0,src_core/* restoreSources */.vR)(e).some(x => typeof x !== 'string')))) {
            log.info('swr: cache sources skipped: no Actions cache service in this job (ACTIONS_RESULTS_URL unset)');
        }
        if (inputs.command === 'verify') {
            if (inputs.record)
                log.warning('swr: record applies to check, doctor and restore: ignored');
            const verified = await (0,src_core/* verifySignatures */.fG)(m, policy);
            exitCode = (0,src_core/* outcomeOf */.sG)(verified).exitCode;
            await publishVerify(verified, inputs);
            return;
        }
        let first;
        let result;
        if (inputs.command === 'check') {
            result = await checkWithLog(m, {
                only: inputs.only.length ? inputs.only : undefined,
                deep: inputs.deep,
                stateDir,
                version: VERSION,
                command: inputs.command,
                jobs: inputs.jobs,
                nativeWalk: src_core/* walk.nativeWalkAllowed */.GG.nativeWalkAllowed(env),
                cacheLookup: inputs.cacheLookup ? cacheClient : undefined
            });
            first = result.report;
        }
        else {
            const repaired = await repairWithLog(m, inputs, env, stateDir, policy, cacheClient, before => {
                first = before;
            });
            result = { kind: 'repair', report: repaired };
            scheduleWriteBack(repaired, m, env, cacheClient);
        }
        // What survived, before any repair: the measurement a survival history is for.
        if (inputs.record && first)
            await recordCheckRun(first, m, inputs, env);
        // Nothing secret reaches the report file, outputs, summary, annotations or SARIF.
        const report = src_core/* scrub.scrubDeep */._I.scrubDeep(result.report, src_core/* scrub.makeScrubber */._I.makeScrubber(secrets, await src_core/* capture.loadSecretScan */.Fg.loadSecretScan()));
        const { status } = (0,src_core/* outcomeOf */.sG)(result);
        exitCode = (0,src_core/* outcomeOf */.sG)(result).exitCode;
        await publish(report, m, inputs, runnerTemp, status, exitCode);
        if (failureFor(status, inputs.failOn))
            log.setFailed(`swr ${inputs.command}: ${status} (${report.summary.damaged} of ${report.summary.entries} entries damaged; fail-on: ${inputs.failOn})`);
    }
    catch (caught) {
        publishError(caught);
    }
}


/***/ }),

/***/ 6158:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   n: () => (/* binding */ actionPolicy)
/* harmony export */ });
/* harmony import */ var _core_index_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1924);
/**
 * The Action's signature policy, built from its inputs alone: the main step and the post step
 * must judge a manifest by the same rules (the post step trusts nothing the main step handed it).
 */

function actionPolicy(m, inputs, env, stateDir) {
    return _core_index_js__WEBPACK_IMPORTED_MODULE_0__/* .sign.makePolicy */ ._S.makePolicy(m, {
        stateDir,
        require: inputs.require,
        threshold: inputs.threshold,
        hmacKeyText: inputs.hmacKey,
        local: false,
        trustedSigners: inputs.trustedSigners ? [inputs.trustedSigners] : [],
        minVersion: inputs.minVersion,
        waiveDigest: inputs.waiveDigest,
        run: { repository: env.GITHUB_REPOSITORY, ref: env.GITHUB_REF },
        now: new Date()
    });
}


/***/ }),

/***/ 762:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  Vm: () => (/* binding */ actionsCacheClient),
  $i: () => (/* binding */ cacheReadOnly),
  jI: () => (/* binding */ cacheServiceAvailable),
  uZ: () => (/* binding */ withBefore)
});

// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(3024);
var external_node_fs_default = /*#__PURE__*/__webpack_require__.n(external_node_fs_);
// EXTERNAL MODULE: external "node:os"
var external_node_os_ = __webpack_require__(8161);
var external_node_os_default = /*#__PURE__*/__webpack_require__.n(external_node_os_);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(6760);
var external_node_path_default = /*#__PURE__*/__webpack_require__.n(external_node_path_);
// EXTERNAL MODULE: ./src/core/index.ts + 154 modules
var core = __webpack_require__(1924);
// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __webpack_require__(7598);
;// CONCATENATED MODULE: ./src/adapters/cache-service.ts



const SERVICE = 'github.actions.results.api.v1.CacheService';
const VERSION_SALT = '1.0';
/** The client's names for the compressions it writes (zstd is always without --long now). */
const METHODS = [
    ['zstd-without-long', 'zstd'],
    ['gzip', 'gzip']
];
/** The cache version @actions/cache computes for `paths` saved with `method` (not on Windows). */
function cacheVersion(paths, method) {
    return (0,external_node_crypto_.createHash)('sha256')
        .update([...paths, method, VERSION_SALT].join('|'))
        .digest('hex');
}
/** How the archive names `abs`: relative to the job's workspace (the client's tar -C), POSIX. */
function archivePrefix(abs, env) {
    const ws = env.GITHUB_WORKSPACE || process.cwd();
    return external_node_path_default().relative(ws, external_node_path_default().resolve(abs)).split((external_node_path_default()).sep).join('/') || '.';
}
/** The path spellings whose versions are asked for: absolute, then workspace-relative. */
function pathForms(abs, env) {
    const forms = [external_node_path_default().resolve(abs), archivePrefix(abs, env)];
    return [...new Set(forms)];
}
function isGhes(env) {
    const host = new URL(env.GITHUB_SERVER_URL || 'https://github.com').hostname.toUpperCase();
    return !(host === 'GITHUB.COM' || host.endsWith('.GHE.COM') || host.endsWith('.LOCALHOST'));
}
/** Loaded on first use: most CLI commands never talk to the cache, and the client is large. */
let httpModule;
async function newHttpClient(...args) {
    httpModule ??= Promise.resolve(/* import() */).then(__webpack_require__.bind(__webpack_require__, 4942));
    return new (await httpModule).HttpClient(...args);
}
class CacheService {
    env;
    httpClient;
    http() {
        this.httpClient ??= newHttpClient('swr', [], { allowRetries: true, maxRetries: 2 });
        return this.httpClient;
    }
    constructor(env) {
        this.env = env;
    }
    get v2() {
        return !isGhes(this.env) && Boolean(this.env.ACTIONS_CACHE_SERVICE_V2);
    }
    auth() {
        return { Authorization: `Bearer ${this.env.ACTIONS_RUNTIME_TOKEN ?? ''}` };
    }
    /** One lookup of `keys` under one version; undefined on a miss. Throws when unreachable. */
    async ask(key, restoreKeys, version) {
        if (this.v2) {
            const base = this.env.ACTIONS_RESULTS_URL ?? '';
            const url = new URL(`/twirp/${SERVICE}/GetCacheEntryDownloadURL`, base).href;
            const res = await (await this.http()).post(url, JSON.stringify({ key, restore_keys: restoreKeys, version }), {
                ...this.auth(),
                'Content-Type': 'application/json',
                Accept: 'application/json'
            });
            const body = await res.readBody();
            if (res.message.statusCode !== 200)
                throw new Error(`cache service answered ${res.message.statusCode ?? '?'}`);
            const r = JSON.parse(body);
            return r.ok && r.signed_download_url && r.matched_key
                ? { matchedKey: r.matched_key, url: r.signed_download_url }
                : undefined;
        }
        const base = this.env.ACTIONS_CACHE_URL || this.env.ACTIONS_RESULTS_URL || '';
        const q = `keys=${encodeURIComponent([key, ...restoreKeys].join(','))}&version=${version}`;
        const res = await (await this.http()).get(new URL(`_apis/artifactcache/cache?${q}`, base).href, {
            ...this.auth(),
            Accept: 'application/json;api-version=6.0-preview.1'
        });
        const body = await res.readBody();
        if (res.message.statusCode === 204)
            return undefined;
        if (res.message.statusCode !== 200)
            throw new Error(`cache service answered ${res.message.statusCode ?? '?'}`);
        const r = JSON.parse(body);
        return r.cacheKey && r.archiveLocation
            ? { matchedKey: r.cacheKey, url: r.archiveLocation }
            : undefined;
    }
    /** The newest archive for `key` (or a restore-keys prefix) under any spelling of `abs`. */
    async find(abs, key, restoreKeys) {
        const prefix = archivePrefix(abs, this.env);
        for (const [method, compression] of METHODS) {
            for (const form of pathForms(abs, this.env)) {
                const found = await this.ask(key, restoreKeys, cacheVersion([form], method));
                if (!found)
                    continue;
                return {
                    matchedKey: found.matchedKey,
                    exact: found.matchedKey === key,
                    compression,
                    prefix,
                    open: () => this.download(found.url)
                };
            }
        }
        return undefined;
    }
    async download(url) {
        // A signed URL: no token sent to storage, and the URL itself never printed.
        const res = await (await newHttpClient('swr')).get(url);
        const status = res.message.statusCode ?? 0;
        if (status !== 200) {
            res.message.resume();
            throw new Error(`the archive download answered ${status}`);
        }
        return res.message;
    }
}

;// CONCATENATED MODULE: ./src/adapters/actions-cache.ts
/**
 * The real Actions cache behind the engine's CacheClient port, for the Action and for the CLI on a
 * runner. Restores never go through @actions/cache's restoreCache (it extracts with `tar -P` into
 * the workspace): cache-service.ts finds and streams the archive and the engine unpacks it. The
 * client is loaded only to save and to look up, with a private temp directory when RUNNER_TEMP is
 * unset and its workflow commands kept off a terminal.
 */





/** The cache service is reachable from this process (v2 results service, or the v1 cache URL). */
function cacheServiceAvailable(env) {
    return Boolean(env.ACTIONS_RUNTIME_TOKEN && (env.ACTIONS_RESULTS_URL || env.ACTIONS_CACHE_URL));
}
/** Saves are off in read-only cache mode (ACTIONS_CACHE_MODE=read, or none). */
function cacheReadOnly(env) {
    return env.ACTIONS_CACHE_MODE === 'read' || env.ACTIONS_CACHE_MODE === 'none';
}
/** The same client, calling `before` ahead of every request (the Action closes its log shield). */
function withBefore(client, before) {
    return {
        find: (abs, key, restoreKeys) => (before(), client.find(abs, key, restoreKeys)),
        lookup: (abs, key) => (before(), client.lookup(abs, key)),
        save: (abs, key) => (before(), client.save(abs, key))
    };
}
/** A workflow command's message as written (%25, %0D, %0A decoded), on one line. */
function unescapeCommand(msg) {
    return msg
        .replace(/%0D|%0A/gi, ' ')
        .replace(/%25/g, '%')
        .trim();
}
let loaded;
async function client() {
    loaded ??= await __webpack_require__.e(/* import() */ 641).then(__webpack_require__.bind(__webpack_require__, 2641));
    return loaded;
}
function actionsCacheClient(opts) {
    // Absolute paths: the client resolves relative ones against the process's cwd but archives them
    // relative to GITHUB_WORKSPACE, and the cache version hashes the path strings as given.
    const spell = (abs) => external_node_path_default().resolve(abs);
    const onRunner = opts.env.GITHUB_ACTIONS === 'true';
    const quietly = async (fn) => {
        // The client reads RUNNER_TEMP from process.env and falls back to /home/actions/temp.
        const temp = process.env.RUNNER_TEMP ? undefined : core/* state.makeOwnedTemp */.dZ.makeOwnedTemp(external_node_os_default().tmpdir(), 'swr-cache');
        if (temp)
            process.env.RUNNER_TEMP = temp;
        try {
            return await muted(fn);
        }
        finally {
            if (temp) {
                delete process.env.RUNNER_TEMP;
                external_node_fs_default().rmSync(temp, { recursive: true, force: true });
            }
        }
    };
    const muted = async (fn) => {
        if (!opts.logToStderr)
            return fn();
        const write = process.stdout.write.bind(process.stdout);
        const stderrWrite = process.stderr.write.bind(process.stderr);
        // The client's debug lines only matter when the runner asks for them (RUNNER_DEBUG=1).
        const debug = opts.env.RUNNER_DEBUG === '1';
        process.stdout.write = ((chunk) => {
            const text = typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
            if (!onRunner) {
                // A terminal gets swr's own line for what the client warns about, no workflow commands.
                for (const m of text.matchAll(/^::(?:warning|error)[^:]*::(.*)$/gm))
                    opts.onNote?.(`cache: ${unescapeCommand(m[1] ?? '')}`);
                return true;
            }
            const kept = debug
                ? text
                : text
                    .split(/(?<=\n)/)
                    .filter(l => !l.startsWith('::debug::'))
                    .join('');
            return kept ? stderrWrite(kept) : true;
        });
        try {
            return await fn();
        }
        finally {
            process.stdout.write = write;
        }
    };
    const service = new CacheService(opts.env);
    const note = (what, err) => opts.onNote?.(`cache ${what}: ${err instanceof Error ? err.message : String(err)}`);
    return {
        async find(abs, key, restoreKeys) {
            try {
                return await service.find(abs, key, restoreKeys);
            }
            catch (err) {
                note(`restore of ${key} failed`, err);
                return undefined;
            }
        },
        async lookup(abs, key) {
            try {
                const cache = await client();
                return ((await quietly(() => cache.restoreCache([spell(abs)], key, [], { lookupOnly: true }))) ===
                    key);
            }
            catch (err) {
                note(`lookup of ${key} failed`, err);
                return false;
            }
        },
        async save(abs, key) {
            try {
                const cache = await client();
                // The client reports "already exists" and "unreachable" alike (-1): ask first.
                const existing = await quietly(() => cache.restoreCache([spell(abs)], key, [], { lookupOnly: true }));
                if (existing === key)
                    return 'exists';
                const id = await quietly(() => cache.saveCache([spell(abs)], key));
                return id === -1 ? 'failed' : 'saved';
            }
            catch (err) {
                const name = err instanceof Error ? err.name : '';
                if (name === 'ReserveCacheError' || /already exists/i.test(String(err)))
                    return 'exists';
                note(`save of ${key} failed`, err);
                return 'failed';
            }
        }
    };
}


/***/ })

};
