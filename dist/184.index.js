export const id = 184;
export const ids = [184];
export const modules = {

/***/ 90915:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   AO: () => (/* binding */ SURVIVAL_COMMANDS),
/* harmony export */   G0: () => (/* binding */ Inputs),
/* harmony export */   Lo: () => (/* binding */ COMMANDS),
/* harmony export */   TK: () => (/* binding */ UPLOAD_REPORT),
/* harmony export */   Uw: () => (/* binding */ State),
/* harmony export */   d$: () => (/* binding */ FAIL_ON),
/* harmony export */   iF: () => (/* binding */ CacheState),
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
    UploadReport: 'upload-report',
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
/**
 * The cache action's saved state: the primary key its main step computed (the post step saves
 * under it, as actions/cache) and whether that key was an exact hit (then nothing is saved).
 */
const CacheState = {
    PrimaryKey: 'swr-cache-primary-key',
    Hit: 'swr-cache-hit'
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
const UPLOAD_REPORT = ['auto', 'true', 'false'];


/***/ }),

/***/ 81729:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Hm: () => (/* binding */ boolInput),
/* harmony export */   Ko: () => (/* binding */ readInputs),
/* harmony export */   YI: () => (/* binding */ emptySecretWarning),
/* harmony export */   jY: () => (/* binding */ secretInput)
/* harmony export */ });
/* unused harmony export NOT_GIVEN */
/* harmony import */ var _actions_core__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(33838);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(76760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var _core_index_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(26319);
/* harmony import */ var _constants_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(90915);
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
/** A true/false input as every action of this repository reads it; '' is `fallback`. */
function boolInput(name, fallback) {
    const v = _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .getInput */ .V4(name).trim().toLowerCase();
    if (v === '')
        return fallback;
    if (v === 'true')
        return true;
    if (v === 'false')
        return false;
    throw new _core_index_js__WEBPACK_IMPORTED_MODULE_2__/* .UsageError */ .eb(`input ${name}: "${v.slice(0, 40)}" is not true or false`);
}
const bool = boolInput;
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
/**
 * A secret input, read from the environment the step passes (the hand-over keeps secrets out of
 * `process.env`, where `core.getInput` looks), trimmed as `core.getInput` trims.
 */
function secretInput(env, name) {
    const v = (env[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`] ?? '').trim();
    return v === NOT_GIVEN ? '' : v;
}
/**
 * What a secret input's action.yml default reads: the runner sets every input, so this is how a
 * left-out input differs from one given as `${{ secrets.X }}` where X is not there ('').
 */
const NOT_GIVEN = '(none)';
/** The one warning for a secret input given but empty; `fellTo` says what the run does instead. */
function emptySecretWarning(env, name, fellTo) {
    const raw = env[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`];
    if (raw === undefined || raw.trim() !== '')
        return undefined;
    return `input ${name} is empty: the secret it names is not there (renamed, not granted to this environment, or a fork or Dependabot run); ${fellTo}`;
}
function readInputs(env) {
    const command = choice(_constants_js__WEBPACK_IMPORTED_MODULE_3__/* .Inputs */ .G0.Command, _constants_js__WEBPACK_IMPORTED_MODULE_3__/* .COMMANDS */ .Lo, 'check');
    // The manifest path is relative to the workspace input ($GITHUB_WORKSPACE by default); the
    // directory it describes is the one it records (relative to itself), as with the CLI.
    const root = node_path__WEBPACK_IMPORTED_MODULE_1___default().resolve(env.GITHUB_WORKSPACE || process.cwd());
    const base = node_path__WEBPACK_IMPORTED_MODULE_1___default().resolve(root, onePath(_constants_js__WEBPACK_IMPORTED_MODULE_3__/* .Inputs */ .G0.Workspace, '.'));
    const manifest = node_path__WEBPACK_IMPORTED_MODULE_1___default().resolve(base, onePath(_constants_js__WEBPACK_IMPORTED_MODULE_3__/* .Inputs */ .G0.Manifest, '.swr/manifest.json'));
    const workspace = undefined;
    const hmacKey = secretInput(env, _constants_js__WEBPACK_IMPORTED_MODULE_3__/* .Inputs */ .G0.HmacKey);
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
        uploadReport: choice(_constants_js__WEBPACK_IMPORTED_MODULE_3__/* .Inputs */ .G0.UploadReport, _constants_js__WEBPACK_IMPORTED_MODULE_3__/* .UPLOAD_REPORT */ .TK, 'auto'),
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

/***/ 36336:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   $i: () => (/* binding */ cacheReadOnly),
/* harmony export */   Vm: () => (/* binding */ actionsCacheClient),
/* harmony export */   jI: () => (/* binding */ cacheServiceAvailable),
/* harmony export */   nV: () => (/* binding */ actionsSealedCacheClient),
/* harmony export */   uZ: () => (/* binding */ withBefore)
/* harmony export */ });
/* unused harmony exports BREAKER_LIMIT, uploadOptions */
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(73024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_os__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(48161);
/* harmony import */ var node_os__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_os__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(76760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_2___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_2__);
/* harmony import */ var _core_index_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(26319);
/* harmony import */ var _cache_service_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(5572);
/* harmony import */ var _toolkit_env_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(28120);
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
    loaded ??= await Promise.all(/* import() */[__webpack_require__.e(790), __webpack_require__.e(420), __webpack_require__.e(151)]).then(__webpack_require__.bind(__webpack_require__, 74151));
    return loaded;
}
/** The client's calls with a private RUNNER_TEMP when none is set, and its log kept in its place. */
function runQuietly(opts) {
    const onRunner = opts.env.GITHUB_ACTIONS === 'true';
    const quietly = async (fn) => {
        // The client reads RUNNER_TEMP from process.env and falls back to /home/actions/temp.
        const temp = process.env.RUNNER_TEMP ? undefined : _core_index_js__WEBPACK_IMPORTED_MODULE_3__/* .state.makeOwnedTemp */ .wk.makeOwnedTemp(node_os__WEBPACK_IMPORTED_MODULE_1___default().tmpdir(), 'swr-cache');
        if (temp)
            process.env.RUNNER_TEMP = temp;
        try {
            return await (0,_toolkit_env_js__WEBPACK_IMPORTED_MODULE_5__/* .withToolkitToken */ .K)(opts.env, () => muted(fn));
        }
        finally {
            if (temp) {
                delete process.env.RUNNER_TEMP;
                node_fs__WEBPACK_IMPORTED_MODULE_0___default().rmSync(temp, { recursive: true, force: true });
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
    return quietly;
}
/**
 * One save: the client reports "already exists" and "unreachable" alike (-1), so the key is looked
 * up first; a reservation refused because another job took the key meanwhile is "exists" too.
 */
async function saveOnce(key, exists, save, note) {
    try {
        if (await exists())
            return 'exists';
        return (await save()) === -1 ? 'failed' : 'saved';
    }
    catch (err) {
        const name = err instanceof Error ? err.name : '';
        if (name === 'ReserveCacheError' || /already exists/i.test(String(err)))
            return 'exists';
        note(`save of ${key} failed`, err);
        return 'failed';
    }
}
/** A save not finished in this long is given up: a hung service must not hold the post step. */
const SAVE_DEADLINE_MS = 30 * 60 * 1000;
/** `SWR_SAVE_TIMEOUT` (seconds), else half an hour. */
function saveDeadlineMs(env) {
    const n = Number(env.SWR_SAVE_TIMEOUT);
    return Number.isFinite(n) && n > 0 ? n * 1000 : SAVE_DEADLINE_MS;
}
/**
 * The save, or 'failed' with one line once the deadline passes. What the client still has under
 * way is dropped with the process at the end of the step (its archiver ended with it, see
 * src/action/children.ts).
 */
async function withDeadline(ms, key, note, save) {
    let timer;
    const late = new Promise(resolve => {
        timer = setTimeout(() => {
            note(`save of ${key}`, `not finished within ${Math.round(ms / 1000)} s (SWR_SAVE_TIMEOUT): given up`);
            resolve('failed');
        }, ms);
        timer.unref();
    });
    try {
        return await Promise.race([save(), late]);
    }
    finally {
        clearTimeout(timer);
    }
}
/** Consecutive failures after which a run stops asking the cache service. */
const BREAKER_LIMIT = 3;
function actionsCacheClient(opts) {
    // Absolute paths: the client resolves relative ones against the process's cwd but archives them
    // relative to GITHUB_WORKSPACE, and the cache version hashes the path strings as given.
    const spell = (abs) => node_path__WEBPACK_IMPORTED_MODULE_2___default().resolve(abs);
    const quietly = runQuietly(opts);
    const service = new _cache_service_js__WEBPACK_IMPORTED_MODULE_4__/* .CacheService */ ._C(opts.env, (0,_cache_service_js__WEBPACK_IMPORTED_MODULE_4__/* .downloadBounds */ .GM)(opts.env, opts.stallSeconds, line => opts.onNote?.(line)));
    // A failing service is asked at most BREAKER_LIMIT times in a row: a doctor over 200 damaged
    // entries then prints three warnings, not 200, and stops waiting on retries it cannot win.
    let failures = 0;
    let skipped = 0;
    const tripped = () => failures >= BREAKER_LIMIT;
    const note = (what, err) => {
        failures++;
        const msg = err instanceof Error ? err.message : String(err);
        opts.onNote?.(tripped()
            ? `cache ${what}: ${msg}; failed ${BREAKER_LIMIT} times in a row: not asked again in this run`
            : `cache ${what}: ${msg}`);
    };
    const guarded = async (miss, fn) => {
        if (tripped()) {
            skipped++;
            return miss;
        }
        return fn();
    };
    return {
        find: (abs, key, restoreKeys) => guarded(undefined, async () => {
            try {
                const found = await service.find(abs, key, restoreKeys);
                failures = 0;
                return found;
            }
            catch (err) {
                note(`restore of ${key} failed`, err);
                return undefined;
            }
        }),
        lookup: (abs, key) => guarded(false, async () => {
            try {
                const saved = await service.has(abs, key);
                failures = 0;
                return saved;
            }
            catch (err) {
                note(`lookup of ${key} failed`, err);
                return false;
            }
        }),
        save: (abs, key) => guarded('failed', () => saveOnce(key, () => service.has(abs, key), async () => quietly(async () => (await client()).saveCache([spell(abs)], key)), note)),
        skippedLine: () => skipped > 0
            ? `cache: not asked for ${skipped} more ${skipped === 1 ? 'entry' : 'entries'} after ${BREAKER_LIMIT} failures in a row`
            : undefined
    };
}
/** Upload tuning as @actions/cache reads it: CACHE_UPLOAD_CHUNK_SIZE (MiB) and CACHE_UPLOAD_CONCURRENCY. */
function uploadOptions(env, chunkBytes) {
    const num = (name) => {
        const raw = env[name]?.trim();
        const n = raw ? Number(raw) : NaN;
        return Number.isFinite(n) && n > 0 ? n : undefined;
    };
    const chunk = num('CACHE_UPLOAD_CHUNK_SIZE');
    const concurrency = num('CACHE_UPLOAD_CONCURRENCY');
    return {
        blockSize: Math.min(UPLOAD_CHUNK_MAX, chunk !== undefined ? Math.round(chunk * 1024 * 1024) : (chunkBytes ?? UPLOAD_CHUNK_DEFAULT)),
        concurrency: Math.min(32, Math.round(concurrency ?? 4))
    };
}
const UPLOAD_CHUNK_DEFAULT = 32 * 1024 * 1024;
const UPLOAD_CHUNK_MAX = 128 * 1024 * 1024;
/**
 * The sealed caches' store: archives found and reserved under the version of the step's `path`
 * lines (cache-service.ts), uploaded to the signed URL with the Azure SDK's block blob client (as
 * @actions/cache uploads), then finalized. Only the v2 cache service takes sealed saves.
 */
function actionsSealedCacheClient(opts) {
    const service = new _cache_service_js__WEBPACK_IMPORTED_MODULE_4__/* .CacheService */ ._C(opts.env, (0,_cache_service_js__WEBPACK_IMPORTED_MODULE_4__/* .downloadBounds */ .GM)(opts.env, opts.stallSeconds, line => opts.onNote?.(line)));
    const note = (what, err) => opts.onNote?.(`cache ${what}: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}`);
    return {
        // An unreachable service throws StoreUnavailable: the restore is a miss that says so.
        find: (lines, key, restoreKeys) => service.findSealed(lines, key, restoreKeys),
        save: async (lines, key, archive) => {
            if (!service.canUpload) {
                opts.onNote?.(`cache save of ${key}: sealed caches are saved to the v2 cache service only (this job has the v1 service, as on GitHub Enterprise Server): not saved`);
                return 'failed';
            }
            const version = (0,_cache_service_js__WEBPACK_IMPORTED_MODULE_4__/* .sealedVersion */ .$Y)(lines, archive.compression);
            return withDeadline(saveDeadlineMs(opts.env), key, note, () => saveOnce(key, async () => (await service.findSealed(lines, key, []))?.matchedKey === key, async () => {
                const url = await service.createEntry(key, version);
                if (url === 'exists')
                    throw new Error('already exists');
                const { BlockBlobClient } = await __webpack_require__.e(/* import() */ 790).then(__webpack_require__.bind(__webpack_require__, 29790));
                const tuning = uploadOptions(opts.env, opts.uploadChunkSize);
                await new BlockBlobClient(url).uploadFile(archive.file, {
                    blockSize: tuning.blockSize,
                    concurrency: tuning.concurrency,
                    maxSingleShotSize: UPLOAD_CHUNK_MAX
                });
                await service.finalizeEntry(key, version, archive.size);
                return 0;
            }, note));
        }
    };
}


/***/ }),

/***/ 5572:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   $Y: () => (/* binding */ sealedVersion),
/* harmony export */   GM: () => (/* binding */ downloadBounds),
/* harmony export */   _C: () => (/* binding */ CacheService)
/* harmony export */ });
/* unused harmony exports cacheVersion, archivePrefix, pathForms */
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(77598);
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_crypto__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(73024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(76760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_2___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_2__);
/* harmony import */ var _core_index_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(26319);




const SERVICE = 'github.actions.results.api.v1.CacheService';
const VERSION_SALT = '1.0';
/** The client's names for the compressions it writes (zstd is always without --long now). */
const METHODS = [
    ['zstd-without-long', 'zstd'],
    ['gzip', 'gzip']
];
/** The cache version @actions/cache computes for `paths` saved with `method` (not on Windows). */
function cacheVersion(paths, method) {
    return (0,node_crypto__WEBPACK_IMPORTED_MODULE_0__.createHash)('sha256')
        .update([...paths, method, VERSION_SALT].join('|'))
        .digest('hex');
}
/** The version a sealed archive of the `path` lines `lines` is saved under. */
function sealedVersion(lines, compression) {
    const method = METHODS.find(([, c]) => c === compression)?.[0] ?? 'gzip';
    return cacheVersion([_core_index_js__WEBPACK_IMPORTED_MODULE_3__/* .sealedCache.SEALED_VERSION_MARKER */ .HR.SEALED_VERSION_MARKER, ...lines], method);
}
/** How the archive names `abs`: relative to the job's workspace (the client's tar -C), POSIX. */
function archivePrefix(abs, env) {
    const ws = env.GITHUB_WORKSPACE || process.cwd();
    return node_path__WEBPACK_IMPORTED_MODULE_2___default().relative(ws, node_path__WEBPACK_IMPORTED_MODULE_2___default().resolve(abs)).split((node_path__WEBPACK_IMPORTED_MODULE_2___default().sep)).join('/') || '.';
}
/** The path spellings whose versions are asked for: absolute, then workspace-relative. */
function pathForms(abs, env) {
    const forms = [node_path__WEBPACK_IMPORTED_MODULE_2___default().resolve(abs), archivePrefix(abs, env)];
    return [...new Set(forms)];
}
/** The cache client compresses with zstd when it finds `zstd` on PATH (as it checks). */
function clientUsesZstd(env) {
    return (env.PATH ?? '')
        .split((node_path__WEBPACK_IMPORTED_MODULE_2___default().delimiter))
        .some(dir => dir !== '' && node_fs__WEBPACK_IMPORTED_MODULE_1___default().existsSync(node_path__WEBPACK_IMPORTED_MODULE_2___default().join(dir, 'zstd')));
}
function isGhes(env) {
    const host = new URL(env.GITHUB_SERVER_URL || 'https://github.com').hostname.toUpperCase();
    return !(host === 'GITHUB.COM' || host.endsWith('.GHE.COM') || host.endsWith('.LOCALHOST'));
}
/** Loaded on first use: most CLI commands never talk to the cache, and the client is large. */
let httpModule;
async function newHttpClient(...args) {
    httpModule ??= Promise.resolve(/* import() */).then(__webpack_require__.bind(__webpack_require__, 44942));
    return new (await httpModule).HttpClient(...args);
}
/** A lookup that gets no answer within this long is tried again (the client's default is 3 min). */
const LOOKUP_TIMEOUT_MS = 10_000;
/** Tries of one lookup: 429, 5xx, resets and timeouts are tried again, with backoff, in ~30 s. */
const LOOKUP_TRIES = 3;
const RETRY_AFTER_MAX_MS = 10_000;
/** Why one lookup failed, and whether another try may help. */
class LookupFailure extends Error {
    detail;
    transient;
    retryAfterMs;
    constructor(detail, transient, retryAfterMs) {
        super(detail);
        this.detail = detail;
        this.transient = transient;
        this.retryAfterMs = retryAfterMs;
    }
}
/**
 * The bounds a job sets on downloads: `stallSeconds` (the `download-stall-timeout` input), else
 * `SWR_DOWNLOAD_STALL_TIMEOUT` (seconds), else a minute; `SEGMENT_DOWNLOAD_TIMEOUT_MINS` (minutes,
 * as actions/cache reads it) bounds the whole download. A value that is not a positive number is
 * named through `onNote` and the default kept.
 */
function downloadBounds(env, stallSeconds, onNote) {
    const positive = (name, unit) => {
        const raw = env[name]?.trim();
        if (!raw)
            return undefined;
        const n = Number(raw);
        if (Number.isFinite(n) && n > 0)
            return Math.round(n * unit);
        onNote?.(`${name}: "${raw.slice(0, 20)}" is not a positive number; ignored`);
        return undefined;
    };
    const stallMs = stallSeconds !== undefined
        ? stallSeconds * 1000
        : (positive('SWR_DOWNLOAD_STALL_TIMEOUT', 1000) ?? _core_index_js__WEBPACK_IMPORTED_MODULE_3__/* .sealedCache.DEFAULT_STALL_MS */ .HR.DEFAULT_STALL_MS);
    const totalMs = positive('SEGMENT_DOWNLOAD_TIMEOUT_MINS', 60_000);
    return totalMs === undefined
        ? { stallMs }
        : { stallMs, totalMs, totalName: 'SEGMENT_DOWNLOAD_TIMEOUT_MINS' };
}
function retryAfterMs(value) {
    const v = Array.isArray(value) ? value[0] : value;
    if (!v)
        return undefined;
    const secs = Number(v);
    const ms = Number.isFinite(secs) ? secs * 1000 : Date.parse(v) - Date.now();
    return Number.isFinite(ms) ? Math.max(0, Math.min(ms, RETRY_AFTER_MAX_MS)) : undefined;
}
/** Network faults another try may get past; a refused connection is a service that is not there. */
const TRANSIENT = new Set(['ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EAI_AGAIN', 'no answer in time']);
/** A network error's one line: its code, never the request's path (a signed URL's signature). */
function networkDetail(err) {
    const e = err;
    if (typeof e?.message === 'string' && e.message.startsWith('Request timeout'))
        return 'no answer in time';
    return e?.code ?? 'network error';
}
class CacheService {
    env;
    bounds;
    sleep;
    httpClient;
    http() {
        this.httpClient ??= newHttpClient('swr', [], { socketTimeout: LOOKUP_TIMEOUT_MS });
        return this.httpClient;
    }
    constructor(env, bounds = downloadBounds(env), sleep = (ms) => new Promise(r => setTimeout(r, ms))) {
        this.env = env;
        this.bounds = bounds;
        this.sleep = sleep;
    }
    get v2() {
        return !isGhes(this.env) && Boolean(this.env.ACTIONS_CACHE_SERVICE_V2);
    }
    auth() {
        return { Authorization: `Bearer ${this.env.ACTIONS_RUNTIME_TOKEN ?? ''}` };
    }
    /**
     * One lookup of `keys` under one version; undefined on a miss. 429, 5xx, resets and timeouts
     * are tried again (Retry-After honoured, bounded); throws sealedCache.StoreUnavailable when they persist.
     */
    async ask(key, restoreKeys, version) {
        for (let attempt = 1;; attempt++) {
            try {
                return await this.askOnce(key, restoreKeys, version);
            }
            catch (err) {
                const detail = networkDetail(err);
                const f = err instanceof LookupFailure ? err : new LookupFailure(detail, TRANSIENT.has(detail));
                if (!f.transient || attempt >= LOOKUP_TRIES)
                    throw new _core_index_js__WEBPACK_IMPORTED_MODULE_3__/* .sealedCache.StoreUnavailable */ .HR.StoreUnavailable(`cache service unavailable: ${f.detail}`);
                await this.sleep(f.retryAfterMs ?? 1000 * 2 ** (attempt - 1) * (0.75 + Math.random() / 2));
            }
        }
    }
    async askOnce(key, restoreKeys, version) {
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
                throw failureOf(res.message);
            const r = parse(body);
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
            throw failureOf(res.message);
        const r = parse(body);
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
                    open: () => this.download(found.url),
                    bounds: this.bounds
                };
            }
        }
        return undefined;
    }
    /**
     * Whether an archive is saved under exactly `key` for `abs` as this machine's cache client saves
     * it (the absolute spelling, zstd when the client finds zstd, else gzip): one lookup, no download.
     */
    async has(abs, key) {
        const method = clientUsesZstd(this.env) ? 'zstd-without-long' : 'gzip';
        const found = await this.ask(key, [], cacheVersion([node_path__WEBPACK_IMPORTED_MODULE_2___default().resolve(abs)], method));
        return found?.matchedKey === key;
    }
    /**
     * The newest sealed archive saved for the `path` lines `lines` (as the step wrote them) under
     * `key` or a restore-keys prefix.
     */
    async findSealed(lines, key, restoreKeys) {
        for (const [, compression] of METHODS) {
            const found = await this.ask(key, restoreKeys, sealedVersion(lines, compression));
            if (!found)
                continue;
            return {
                matchedKey: found.matchedKey,
                exact: found.matchedKey === key,
                compression,
                open: () => this.download(found.url),
                bounds: this.bounds
            };
        }
        return undefined;
    }
    /** Whether this job talks to the v2 cache service (the only one sealed saves go to). */
    get canUpload() {
        return this.v2;
    }
    /** One Twirp call of the v2 cache service; its JSON answer, or an Error naming the status. */
    async twirp(method, body) {
        const url = new URL(`/twirp/${SERVICE}/${method}`, this.env.ACTIONS_RESULTS_URL ?? '').href;
        const res = await (await this.http()).post(url, JSON.stringify(body), {
            ...this.auth(),
            'Content-Type': 'application/json',
            Accept: 'application/json'
        });
        const text = await res.readBody();
        let parsed;
        try {
            parsed = JSON.parse(text);
        }
        catch {
            parsed = undefined;
        }
        return { status: res.message.statusCode ?? 0, body: parsed };
    }
    /**
     * Reserve `key` under `version`: the signed upload URL, or 'exists' when the key is taken
     * (saved before, or being saved by another job).
     */
    async createEntry(key, version) {
        const r = await this.twirp('CreateCacheEntry', { key, version });
        const b = r.body;
        if (r.status === 409)
            return 'exists';
        if (r.status !== 200)
            throw new Error(`the cache service refused the entry: ${r.status}`);
        if (!b?.ok || !b.signed_upload_url)
            return 'exists';
        return b.signed_upload_url;
    }
    async finalizeEntry(key, version, size) {
        const r = await this.twirp('FinalizeCacheEntryUpload', {
            key,
            version,
            size_bytes: String(size)
        });
        const b = r.body;
        if (r.status !== 200 || !b?.ok)
            throw new Error(`the cache service did not finalize the entry: ${r.status}`);
    }
    async download(url) {
        // A signed URL: no token sent to storage, and the URL itself never printed. The socket bound
        // covers a server that never sends the headers; unpack bounds the body.
        const http = await newHttpClient('swr', [], {
            // Past the stall bound, so a stalled body is named by unpack's watch, not as a closed socket.
            socketTimeout: (this.bounds.stallMs ?? _core_index_js__WEBPACK_IMPORTED_MODULE_3__/* .sealedCache.DEFAULT_STALL_MS */ .HR.DEFAULT_STALL_MS) + 5_000
        });
        let res;
        try {
            res = await http.get(url);
        }
        catch (err) {
            throw new Error(`the archive download failed: ${networkDetail(err)}`);
        }
        const status = res.message.statusCode ?? 0;
        if (status !== 200) {
            res.message.resume();
            throw new Error(`the archive download answered ${status}`);
        }
        return res.message;
    }
}
function failureOf(msg) {
    const status = msg.statusCode ?? 0;
    return new LookupFailure(String(status || '?'), status === 429 || status >= 500, retryAfterMs(msg.headers['retry-after']));
}
/** A 200 whose body is not JSON is the service failing, not a miss. */
function parse(body) {
    try {
        return JSON.parse(body);
    }
    catch {
        throw new LookupFailure('an answer that is not JSON', true);
    }
}


/***/ }),

/***/ 28120:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   K: () => (/* binding */ withToolkitToken)
/* harmony export */ });
/**
 * The Actions toolkit's clients read the job's runtime token from `process.env` at call time, and
 * the Action keeps its secrets out of `process.env` (src/action/handover.ts) so that no child
 * inherits them. The token is put there for one client call and taken away after it. What the
 * client starts during the call (the cache client's tar and zstd) does see it: docs/security.md.
 */
const TOKEN = 'ACTIONS_RUNTIME_TOKEN';
/** Run a toolkit call with `env`'s runtime token in `process.env`, removed afterwards. */
async function withToolkitToken(env, fn) {
    const token = env[TOKEN];
    if (token === undefined || process.env[TOKEN] !== undefined)
        return fn();
    process.env[TOKEN] = token;
    try {
        return await fn();
    }
    finally {
        delete process.env[TOKEN];
    }
}


/***/ })

};
