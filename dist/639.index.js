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
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(76760);
var external_node_path_default = /*#__PURE__*/__webpack_require__.n(external_node_path_);
// EXTERNAL MODULE: ./src/adapters/actions-cache.ts + 1 modules
var actions_cache = __webpack_require__(90762);
// EXTERNAL MODULE: ./src/core/index.ts + 180 modules
var src_core = __webpack_require__(53012);
// EXTERNAL MODULE: ./src/action/log.ts
var log = __webpack_require__(58592);
// EXTERNAL MODULE: ./src/action/secrets.ts
var secrets = __webpack_require__(87911);
// EXTERNAL MODULE: external "node:os"
var external_node_os_ = __webpack_require__(48161);
var external_node_os_default = /*#__PURE__*/__webpack_require__.n(external_node_os_);
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
function seed() {
    const v = core/* getInput */.V4('signing-key').trim();
    if (v === '')
        return undefined;
    if (!/^[0-9a-fA-F]{64}$/.test(v))
        throw new src_core/* UsageError */.eb('input signing-key: not an ML-DSA-87 seed (64 hex digits, as `swr keygen` writes)');
    return Buffer.from(v, 'hex');
}
function hmac() {
    const v = core/* getInput */.V4('hmac-key');
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
    const locations = src_core/* seals.sealLocations */.HN.sealLocations(src_core/* seals.inputLines */.HN.inputLines(core/* getInput */.V4('path')), {
        workspace,
        home
    });
    const hmacKey = hmac();
    const signingSeed = seed();
    const trusted = src_core/* seals.parseTrustedSigners */.HN.parseTrustedSigners(core/* getInput */.V4('trusted-signers'));
    const keyed = hmacKey !== undefined || signingSeed !== undefined || trusted.size > 0;
    const req = core/* getInput */.V4('require-seal').trim() || (keyed ? 'signed' : 'any');
    if (!src_core/* seals.SEAL_REQUIREMENTS */.HN.SEAL_REQUIREMENTS.includes(req))
        throw new src_core/* UsageError */.eb(`input require-seal: "${req.slice(0, 40)}" is not signed or any`);
    if (req === 'signed' && !keyed)
        throw new src_core/* UsageError */.eb('input require-seal: signed needs hmac-key, signing-key or trusted-signers to judge signatures by');
    return {
        locations,
        key,
        restoreKeys: src_core/* seals.inputLines */.HN.inputLines(core/* getInput */.V4('restore-keys'))
            .map(k => cacheKey('restore-keys', k)),
        lookupOnly: bool('lookup-only', false),
        failOnCacheMiss: bool('fail-on-cache-miss', false),
        require: req,
        hmacKey,
        signingSeed,
        trusted,
        workspace,
        home,
        scratchBase: external_node_path_default().resolve(env.RUNNER_TEMP || external_node_os_default().tmpdir())
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
/**
 * Where the seal lies while saving: a fixed name in RUNNER_TEMP, spelt absolute (the cache client
 * refuses ".." in a path), so the cache version is the same for every job of the same runner
 * layout, and named in the archive relative to the workspace, as the client archives it.
 */
function sealFile(workspace, scratchBase) {
    const file = external_node_path_default().join(scratchBase, 'swr-seal', 'seal.json');
    return { file, spelling: file, member: external_node_path_default().relative(workspace, file).split((external_node_path_default()).sep).join('/') };
}
function options(inputs, env) {
    return {
        cache: (0,actions_cache/* actionsSealedCacheClient */.nV)({ env, onNote: line => log.warning(line) }),
        locations: inputs.locations,
        sealFile: sealFile(inputs.workspace, inputs.scratchBase),
        workspace: inputs.workspace,
        home: inputs.home,
        scratchBase: inputs.scratchBase,
        nativeWalk: src_core/* walk.nativeWalkAllowed */.GG.nativeWalkAllowed(env)
    };
}
function maskInputs() {
    (0,secrets/* maskSecrets */.QU)([
        ...(0,secrets/* keyVariants */.yP)(core/* getInput */.V4('hmac-key')),
        ...(0,secrets/* keyVariants */.yP)(core/* getInput */.V4('signing-key'))
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
    const damaged = found ? [] : inputs.locations.map(l => l.spelling);
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
/** The main step of `cache` and of `cache/restore`. */
async function restorePhase(env, opts) {
    try {
        maskInputs();
        const inputs = readCacheInputs(env, { keyRequired: true });
        if (opts.saveAfter)
            core/* saveState */.LZ(STATE.primaryKey, inputs.key);
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
            log.setFailed(`swr cache: no usable cache for key ${inputs.key} (fail-on-cache-miss)`);
    }
    catch (err) {
        const c = (0,src_core/* classifyError */.fe)(err);
        log.setFailed(`swr cache: ${c.line}`);
    }
}
/** The post step of `cache` (after a job that succeeded), and the main step of `cache/save`. */
async function savePhase(env, opts) {
    try {
        maskInputs();
        const inputs = readCacheInputs(env, { keyRequired: true });
        if (opts.post && core/* getState */.Gu(STATE.hit) === 'true') {
            log.info(`swr cache: cache hit on the primary key ${inputs.key}: not saving`);
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
            key: inputs.key,
            signers: { hmacKey: inputs.hmacKey, identity },
            at: new Date(),
            run
        });
        const by = r.signedBy.length > 0 ? `signed by ${r.signedBy.join(', ')}` : 'unsigned';
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
/* harmony import */ var _core_index_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(53012);
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


/***/ }),

/***/ 90762:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  Vm: () => (/* binding */ actionsCacheClient),
  nV: () => (/* binding */ actionsSealedCacheClient),
  $i: () => (/* binding */ cacheReadOnly),
  jI: () => (/* binding */ cacheServiceAvailable),
  uZ: () => (/* binding */ withBefore)
});

// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(73024);
var external_node_fs_default = /*#__PURE__*/__webpack_require__.n(external_node_fs_);
// EXTERNAL MODULE: external "node:os"
var external_node_os_ = __webpack_require__(48161);
var external_node_os_default = /*#__PURE__*/__webpack_require__.n(external_node_os_);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(76760);
var external_node_path_default = /*#__PURE__*/__webpack_require__.n(external_node_path_);
// EXTERNAL MODULE: ./src/core/index.ts + 180 modules
var core = __webpack_require__(53012);
// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __webpack_require__(77598);
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
    httpModule ??= Promise.resolve(/* import() */).then(__webpack_require__.bind(__webpack_require__, 44942));
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
    /**
     * The newest archive saved for exactly `spellings` (a sealed cache: the seal's spelling, then
     * the step's paths, as the saving job passed them to the cache client) under `key` or a prefix.
     */
    async findPaths(spellings, key, restoreKeys) {
        for (const [method, compression] of METHODS) {
            const found = await this.ask(key, restoreKeys, cacheVersion(spellings, method));
            if (!found)
                continue;
            return {
                matchedKey: found.matchedKey,
                exact: found.matchedKey === key,
                compression,
                open: () => this.download(found.url)
            };
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
    loaded ??= await Promise.all(/* import() */[__webpack_require__.e(271), __webpack_require__.e(151)]).then(__webpack_require__.bind(__webpack_require__, 74151));
    return loaded;
}
/** The client's calls with a private RUNNER_TEMP when none is set, and its log kept in its place. */
function runQuietly(opts) {
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
function actionsCacheClient(opts) {
    // Absolute paths: the client resolves relative ones against the process's cwd but archives them
    // relative to GITHUB_WORKSPACE, and the cache version hashes the path strings as given.
    const spell = (abs) => external_node_path_default().resolve(abs);
    const quietly = runQuietly(opts);
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
        save: (abs, key) => saveOnce(key, async () => (await quietly(async () => (await client()).restoreCache([spell(abs)], key, [], { lookupOnly: true }))) === key, async () => quietly(async () => (await client()).saveCache([spell(abs)], key)), note)
    };
}
/**
 * The sealed caches' store: archives found by the version of their exact path spellings, saved by
 * the cache client itself (its tar, compression and upload), relative spellings resolved against
 * the process's working directory, which the cache step sets to the workspace.
 */
function actionsSealedCacheClient(opts) {
    const quietly = runQuietly(opts);
    const service = new CacheService(opts.env);
    const note = (what, err) => opts.onNote?.(`cache ${what}: ${err instanceof Error ? err.message : String(err)}`);
    return {
        async find(spellings, key, restoreKeys) {
            try {
                return await service.findPaths(spellings, key, restoreKeys);
            }
            catch (err) {
                note(`restore of ${key} failed`, err);
                return undefined;
            }
        },
        save: (spellings, key) => saveOnce(key, async () => (await service.findPaths(spellings, key, []))?.matchedKey === key, async () => quietly(async () => (await client()).saveCache([...spellings], key)), note)
    };
}


/***/ })

};
