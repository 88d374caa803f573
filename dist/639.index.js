export const id = 639;
export const ids = [639];
export const modules = {

/***/ 50639:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  CACHE_REPORT_SCHEMA: () => (/* binding */ CACHE_REPORT_SCHEMA),
  restorePhase: () => (/* binding */ restorePhase),
  savePhase: () => (/* binding */ savePhase)
});

// EXTERNAL MODULE: ./node_modules/@actions/core/lib/core.js + 7 modules
var core = __webpack_require__(33838);
// EXTERNAL MODULE: ./src/adapters/actions-cache.ts + 1 modules
var actions_cache = __webpack_require__(90762);
// EXTERNAL MODULE: ./src/core/index.ts + 183 modules
var src_core = __webpack_require__(21681);
// EXTERNAL MODULE: ./src/action/log.ts
var log = __webpack_require__(58592);
// EXTERNAL MODULE: ./src/action/secrets.ts
var secrets = __webpack_require__(87911);
// EXTERNAL MODULE: ./src/action/inputs.ts
var inputs = __webpack_require__(81729);
// EXTERNAL MODULE: external "node:os"
var external_node_os_ = __webpack_require__(48161);
var external_node_os_default = /*#__PURE__*/__webpack_require__.n(external_node_os_);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(76760);
var external_node_path_default = /*#__PURE__*/__webpack_require__.n(external_node_path_);
;// CONCATENATED MODULE: ./src/action/cache/inputs.ts
/**
 * The cache actions' inputs (cache/action.yml, cache/restore/action.yml, cache/save/action.yml):
 * actions/cache's own, read the way it reads them, plus the seal's. Every bad value is one line
 * naming the input.
 */





function bool(name, fallback) {
    const v = core/* getInput */.V4(name).trim().toLowerCase();
    if (v === '')
        return fallback;
    if (v === 'true')
        return true;
    if (v === 'false')
        return false;
    throw new src_core/* UsageError */.eb(`input ${name}: "${v.slice(0, 40)}" is not true or false`);
}
/** A positive whole number of seconds, at most an hour; '' is undefined. */
function seconds(name) {
    const v = core/* getInput */.V4(name).trim();
    if (v === '')
        return undefined;
    const n = Number(v);
    if (!Number.isInteger(n) || n < 1 || n > 3600)
        throw new src_core/* UsageError */.eb(`input ${name}: "${v.slice(0, 40)}" is not a whole number of seconds from 1 to 3600`);
    return n;
}
/** `upload-chunk-size`: bytes, 1 MiB to 128 MiB (the service's bound on one block). */
function chunkSize() {
    const v = core/* getInput */.V4('upload-chunk-size').trim();
    if (v === '')
        return undefined;
    const n = Number(v);
    if (!Number.isInteger(n) || n < 1 << 20 || n > 128 << 20)
        throw new src_core/* UsageError */.eb(`input upload-chunk-size: "${v.slice(0, 40)}" is not a byte count from 1 MiB to 128 MiB`);
    return n;
}
const KEY_MAX = 512;
function cacheKey(name, v) {
    if (v.length > KEY_MAX)
        throw new src_core/* UsageError */.eb(`input ${name}: longer than ${KEY_MAX} characters`);
    if (v.includes(','))
        throw new src_core/* UsageError */.eb(`input ${name}: a key cannot contain commas`);
    if (src_core/* seals.hasControl */.HN.hasControl(v))
        throw new src_core/* UsageError */.eb(`input ${name}: holds a control character`);
    return v;
}
function seed(env) {
    const v = (0,inputs/* secretInput */.jY)(env, 'signing-key');
    if (v === '')
        return undefined;
    if (!/^[0-9a-fA-F]{64}$/.test(v))
        throw new src_core/* UsageError */.eb('input signing-key: not an ML-DSA-87 seed (64 hex digits, as `swr keygen` writes)');
    return Buffer.from(v, 'hex');
}
function hmac(env) {
    const v = (0,inputs/* secretInput */.jY)(env, 'hmac-key');
    if (v === '')
        return undefined;
    const key = src_core/* sign.parseHmacKey */._S.parseHmacKey(v);
    if (!key)
        throw new src_core/* UsageError */.eb('input hmac-key: must be 64 hex digits or at least 32 characters');
    return key;
}
function readCacheInputs(env, opts) {
    const workspace = external_node_path_default().resolve(env.GITHUB_WORKSPACE || process.cwd());
    const home = external_node_path_default().resolve(env.HOME || external_node_os_default().homedir());
    const key = cacheKey('key', core/* getInput */.V4('key').trim());
    if (key === '' && opts.keyRequired)
        throw new src_core/* UsageError */.eb('input key: required');
    const patterns = src_core/* seals.parsePatterns */.HN.parsePatterns(src_core/* seals.inputLines */.HN.inputLines(core/* getInput */.V4('path')), {
        workspace,
        home
    });
    const hmacKey = hmac(env);
    const signingSeed = seed(env);
    const trusted = src_core/* seals.parseTrustedSigners */.HN.parseTrustedSigners(core/* getInput */.V4('trusted-signers'));
    const keyed = hmacKey !== undefined || signingSeed !== undefined || trusted.size > 0;
    const req = core/* getInput */.V4('require-seal').trim() || (keyed ? 'signed' : 'any');
    if (!src_core/* seals.SEAL_REQUIREMENTS */.HN.SEAL_REQUIREMENTS.includes(req))
        throw new src_core/* UsageError */.eb(`input require-seal: "${req.slice(0, 40)}" is not signed or any`);
    if (req === 'signed' && !keyed)
        throw new src_core/* UsageError */.eb('input require-seal: signed needs hmac-key, signing-key or trusted-signers to judge signatures by');
    const fellTo = `the seal requirement is ${req}${req === 'any' ? ': an unsigned seal is restored, and seals are saved unsigned' : ''}`;
    const warnings = ['hmac-key', 'signing-key'].flatMap(n => (0,inputs/* emptySecretWarning */.YI)(env, n, fellTo) ?? []);
    return {
        warnings,
        patterns,
        key,
        restoreKeys: src_core/* seals.inputLines */.HN.inputLines(core/* getInput */.V4('restore-keys'))
            .map(k => cacheKey('restore-keys', k)),
        lookupOnly: bool('lookup-only', false),
        crossOs: bool('enableCrossOsArchive', false),
        uploadChunkSize: chunkSize(),
        failOnCacheMiss: bool('fail-on-cache-miss', false),
        require: req,
        hmacKey,
        signingSeed,
        trusted,
        workspace,
        home,
        scratchBase: external_node_path_default().resolve(env.RUNNER_TEMP || external_node_os_default().tmpdir()),
        stallSeconds: seconds('download-stall-timeout')
    };
}

;// CONCATENATED MODULE: ./src/action/cache/run.ts
/**
 * The cache actions: a drop-in for actions/cache whose archives carry a seal. `cache` restores in
 * its main step and seals and saves in its post step (only after a job that succeeded, and not
 * after an exact hit); `cache/restore` and `cache/save` are the halves. Outputs are
 * actions/cache's (`cache-hit`, `cache-primary-key`, `cache-matched-key`) plus swr's.
 */







const CACHE_REPORT_SCHEMA = 'swr.cache-report/1';
const STATE = { primaryKey: 'swr-cache-primary-key', hit: 'swr-cache-hit' };
const RUNNER_OS = { Linux: 'linux', macOS: 'darwin', Windows: 'win32' };
const RUNNER_ARCH = { X64: 'x64', ARM64: 'arm64', X86: 'ia32', ARM: 'arm' };
/** The job's platform as the runner names it (RUNNER_OS, RUNNER_ARCH), else this process's. */
function runnerPlatform(env) {
    return {
        os: RUNNER_OS[env.RUNNER_OS ?? ''] ?? process.platform,
        arch: RUNNER_ARCH[env.RUNNER_ARCH ?? ''] ?? process.arch
    };
}
function options(inputs, env) {
    src_core/* state.applyProcFdSetting */.dZ.applyProcFdSetting(env);
    return {
        cache: (0,actions_cache/* actionsSealedCacheClient */.nV)({
            env,
            onNote: line => log.warning(line),
            stallSeconds: inputs.stallSeconds,
            uploadChunkSize: inputs.uploadChunkSize
        }),
        patterns: inputs.patterns,
        workspace: inputs.workspace,
        home: inputs.home,
        scratchBase: inputs.scratchBase,
        nativeWalk: src_core/* walk.nativeWalkAllowed */.GG.nativeWalkAllowed(env),
        platform: runnerPlatform(env),
        crossOs: inputs.crossOs
    };
}
function maskInputs(env) {
    (0,secrets/* maskSecrets */.QU)([
        ...(0,secrets/* keyVariants */.yP)((0,inputs/* secretInput */.jY)(env, 'hmac-key')),
        ...(0,secrets/* keyVariants */.yP)((0,inputs/* secretInput */.jY)(env, 'signing-key'))
    ]);
}
async function trusted(inputs) {
    const out = new Set(inputs.trusted);
    // A job that signs with a key trusts the seals that key made.
    if (inputs.signingSeed)
        out.add((await src_core/* sign.identityFromSeed */._S.identityFromSeed(inputs.signingSeed)).fingerprint);
    return out;
}
function setOutputs(r, inputs) {
    const found = r.outcome === 'hit' || r.outcome === 'stale';
    core/* setOutput */.uH('cache-hit', r.outcome === 'hit' ? 'true' : 'false');
    core/* setOutput */.uH('cache-primary-key', r.primaryKey);
    core/* setOutput */.uH('cache-matched-key', found ? (r.matchedKey ?? '') : '');
    core/* setOutput */.uH('stale', r.outcome === 'stale' ? 'true' : 'false');
    const damaged = found ? [] : inputs.patterns.filter(p => !p.negate).map(p => p.line);
    core/* setOutput */.uH('healthy', found ? 'true' : 'false');
    core/* setOutput */.uH('damaged', JSON.stringify(damaged));
    core/* setOutput */.uH('wipe-signature', r.wipe);
    core/* setOutput */.uH('report', JSON.stringify({
        schema: CACHE_REPORT_SCHEMA,
        outcome: r.outcome,
        primary_key: r.primaryKey,
        matched_key: r.matchedKey ?? null,
        reason: r.reason ?? null,
        signed_by: r.signedBy,
        restored: r.restored,
        files: r.files,
        bytes: r.bytes,
        ms: r.ms,
        wipe_signature: r.wipe,
        before: r.before.map(f => ({
            path: f.path,
            status: f.status,
            detail: f.detail.slice(0, 500)
        })),
        damaged
    }));
}
function describe(r) {
    const by = r.signedBy.length > 0
        ? `signed by ${r.signedBy.join(', ')}`
        : 'unsigned or by no key this job knows';
    switch (r.outcome) {
        case 'miss':
            return `swr cache: miss: ${r.reason ?? 'no cache'}`;
        case 'refused':
            return `swr cache: refused the cache under key ${r.matchedKey ?? '?'}: ${r.reason ?? ''}; nothing was written`;
        default: {
            const what = r.restored
                ? `restored ${r.files} files (${r.bytes} bytes), every byte verified against the seal (${by})`
                : `already on disk as sealed (${by}); only the seal was downloaded`;
            const stale = r.outcome === 'stale'
                ? `; STALE: restored from key ${r.matchedKey ?? '?'}, not the primary key ${r.primaryKey}: update it (the post step saves the new state)`
                : '';
            return `swr cache: ${what}${stale}`;
        }
    }
}
async function summary(r) {
    if (r.outcome === 'hit' && r.wipe === 'cold-start')
        return;
    const lines = [
        '### swr cache',
        '',
        `| outcome | primary key | matched key | wipe signature |`,
        '| --- | --- | --- | --- |',
        `| ${r.outcome} | ${(0,src_core/* markdownCode */.D9)(r.primaryKey)} | ${(0,src_core/* markdownCode */.D9)(r.matchedKey ?? '')} | ${r.wipe} |`
    ];
    if (r.reason)
        lines.push('', (0,src_core/* escapeMarkdown */.FV)(r.reason));
    await log.writeSummary(lines.join('\n') + '\n');
}
/**
 * The one line a Windows job gets: the placer holds directories open below one another and the
 * seal records POSIX modes and links, neither of which Windows has as the runner gives them.
 */
function unsupportedHere(env) {
    if (process.platform !== 'win32' && env.RUNNER_OS !== 'Windows')
        return undefined;
    return "swr cache: the sealed cache does not run on Windows yet: nothing restored or saved (keep actions/cache there, or add `if: runner.os != 'Windows'`)";
}
/** The main step of `cache` and of `cache/restore`. */
async function restorePhase(env, opts) {
    try {
        maskInputs(env);
        const inputs = readCacheInputs(env, { keyRequired: true });
        for (const w of inputs.warnings)
            log.warning(`swr cache: ${w}`);
        if (opts.saveAfter)
            core/* saveState */.LZ(STATE.primaryKey, inputs.key);
        const unsupported = unsupportedHere(env);
        if (unsupported) {
            log.warning(unsupported);
            core/* setOutput */.uH('cache-hit', 'false');
            core/* setOutput */.uH('cache-primary-key', inputs.key);
            if (inputs.failOnCacheMiss)
                log.setFailed(`swr cache: no usable cache for key ${inputs.key} (fail-on-cache-miss)`);
            return;
        }
        if (!(0,actions_cache/* cacheServiceAvailable */.jI)(env)) {
            log.warning('swr cache: no Actions cache service in this job: nothing restored');
            core/* setOutput */.uH('cache-hit', 'false');
            core/* setOutput */.uH('cache-primary-key', inputs.key);
            return;
        }
        const r = await (0,src_core/* restoreSealedCache */.RI)({
            ...options(inputs, env),
            key: inputs.key,
            restoreKeys: inputs.restoreKeys,
            lookupOnly: inputs.lookupOnly,
            trust: { require: inputs.require, hmacKey: inputs.hmacKey, trusted: await trusted(inputs) }
        });
        if (opts.saveAfter)
            core/* saveState */.LZ(STATE.hit, r.outcome === 'hit' ? 'true' : 'false');
        setOutputs(r, inputs);
        if (r.outcome === 'refused' || r.outcome === 'stale')
            log.warning(describe(r));
        else
            log.info(describe(r));
        await summary(r);
        const found = r.outcome === 'hit' || r.outcome === 'stale';
        if (!found && inputs.failOnCacheMiss)
            log.setFailed(`swr cache: no usable cache for key ${inputs.key} (fail-on-cache-miss)${r.reason ? `: ${r.reason}` : ''}`);
    }
    catch (err) {
        const c = (0,src_core/* classifyError */.fe)(err);
        if (!(err instanceof src_core/* seals.UnsupportedPath */.HN.UnsupportedPath))
            return log.setFailed(`swr cache: ${c.line}`);
        // What actions/cache takes and a sealed cache cannot do yet is a miss, not a failed step.
        log.warning(`swr cache: ${c.line}: nothing restored`);
        core/* setOutput */.uH('cache-hit', 'false');
        core/* setOutput */.uH('cache-primary-key', core/* getInput */.V4('key').trim());
        if (core/* getInput */.V4('fail-on-cache-miss').trim().toLowerCase() === 'true')
            log.setFailed('swr cache: no usable cache (fail-on-cache-miss)');
    }
}
/** The post step of `cache` (after a job that succeeded), and the main step of `cache/save`. */
async function savePhase(env, opts) {
    try {
        maskInputs(env);
        const inputs = readCacheInputs(env, { keyRequired: true });
        // The post step's main step said it already.
        if (!opts.post)
            for (const w of inputs.warnings)
                log.warning(`swr cache: ${w}`);
        // The post step saves under the key the main step computed: the runner evaluates a post
        // step's inputs again, and a key made with hashFiles() can read differently by then.
        const key = (opts.post && core/* getState */.Gu(STATE.primaryKey)) || inputs.key;
        if (opts.post && core/* getState */.Gu(STATE.hit) === 'true') {
            log.info(`swr cache: cache hit on the primary key ${key}: not saving`);
            return;
        }
        // The main step said why already; cache/save says it here.
        if (unsupportedHere(env)) {
            if (!opts.post)
                log.warning(unsupportedHere(env));
            return;
        }
        if ((0,actions_cache/* cacheReadOnly */.$i)(env)) {
            log.info('swr cache: read-only cache mode (ACTIONS_CACHE_MODE): not saving');
            return;
        }
        if (!(0,actions_cache/* cacheServiceAvailable */.jI)(env)) {
            log.warning('swr cache: no Actions cache service in this job: not saving');
            return;
        }
        const identity = inputs.signingSeed
            ? await src_core/* sign.identityFromSeed */._S.identityFromSeed(inputs.signingSeed)
            : undefined;
        const run = [env.GITHUB_REPOSITORY, env.GITHUB_RUN_ID, env.GITHUB_JOB].filter(Boolean).join(' ');
        const r = await (0,src_core/* saveSealedCache */.I2)({
            ...options(inputs, env),
            key,
            signers: { hmacKey: inputs.hmacKey, identity },
            at: new Date(),
            run
        });
        const by = r.signedBy.length > 0 ? `signed by ${r.signedBy.join(', ')}` : 'unsigned';
        if (r.unmatched.length > 0)
            log.warning(`swr cache: path ${r.unmatched.map(l => JSON.stringify(l)).join(', ')} matched nothing: nothing saved for ${r.unmatched.length === 1 ? 'it' : 'them'}`);
        if (r.outcome === 'saved')
            log.info(`swr cache: sealed ${r.files} files (${by}) and saved them under key ${r.key}`);
        else
            log.warning(`swr cache: ${r.reason ?? r.outcome}`);
    }
    catch (err) {
        const c = (0,src_core/* classifyError */.fe)(err);
        // A save that cannot happen never fails the job (as actions/cache's post step).
        log.warning(`swr cache: not saved: ${c.line}`);
    }
}


/***/ }),

/***/ 87911:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   QU: () => (/* binding */ maskSecrets),
/* harmony export */   yP: () => (/* binding */ keyVariants),
/* harmony export */   yp: () => (/* binding */ secretEnvValues)
/* harmony export */ });
/* harmony import */ var _actions_core__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(33838);
/* harmony import */ var _core_index_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(21681);
/**
 * Keeping secrets out of the log: the HMAC key in every encoding that could be printed, and the
 * values of every `secret_env` variable the manifest names, masked line by line.
 */


/** The key and every encoding of it that could reach a log. */
function keyVariants(key) {
    if (!key)
        return [];
    const variants = new Set([key, key.trim()]);
    const bytes = _core_index_js__WEBPACK_IMPORTED_MODULE_1__/* .sign.parseHmacKey */ ._S.parseHmacKey(key);
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
    for (const v of _core_index_js__WEBPACK_IMPORTED_MODULE_1__/* .scrub.secretPieces */ ._I.secretPieces(values))
        _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .setSecret */ .Pq(v);
}
/** The values of every `secret_env` variable the manifest names, as this job has them. */
function secretEnvValues(m, env) {
    const names = new Set(m.body.entries.flatMap(e => e.secret_env ?? []));
    return [...names].flatMap(n => env[n] ?? []);
}


/***/ })

};
