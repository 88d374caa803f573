import { createRequire as __WEBPACK_EXTERNAL_createRequire } from "module";
/******/ var __webpack_modules__ = ({

/***/ 7083:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   Cl: () => (/* binding */ handOver),
/* harmony export */   a9: () => (/* binding */ withSecrets)
/* harmony export */ });
/* unused harmony exports MALLOC_THRESHOLD_BYTES, imageFlags, SECRET_NAMES */
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(73024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__nccwpck_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_os__WEBPACK_IMPORTED_MODULE_1__ = __nccwpck_require__(48161);
/* harmony import */ var node_os__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__nccwpck_require__.n(node_os__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_2__ = __nccwpck_require__(76760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_2___default = /*#__PURE__*/__nccwpck_require__.n(node_path__WEBPACK_IMPORTED_MODULE_2__);
/**
 * Keeping the job's secrets out of reach of the recipes this step starts.
 *
 * The runner starts the step with every secret in its environment (`INPUT_HMAC-KEY`,
 * `ACTIONS_RUNTIME_TOKEN`, whatever the workflow put in `env:`), and Linux shows a process's
 * starting environment in `/proc/PID/environ` to every process of the same user: a recipe could
 * read it from its parent. So the step first replaces its own image (`process.execve`, same pid,
 * Node 22.15 and later: the runner's node24) with one whose starting environment holds only what
 * Node needs to start (and two memory settings, below). The rest travels through a private file
 * that the new image reads and removes at once. What is not secret goes back into `process.env`;
 * the secrets (`SECRET_NAMES`) never do: they are kept here and passed as values to what needs them
 * (`withSecrets`), so no child this process starts, through its own code or a library's, inherits
 * them. The same split is made where the re-exec is not available. docs/security.md says what this
 * covers and what not.
 *
 * The hand-over file is named on the command line, which no earlier step can set (an earlier step
 * can set environment variables through GITHUB_ENV), and is accepted only when it is a regular file
 * of this user that nobody else can read, in a directory of this user that nobody else can enter.
 */



const FLAG = '--swr-handover=';
/**
 * What the new image starts with: what Node reads before any code runs, and nothing secret. The
 * Node variables are named one by one: `NODE_AUTH_TOKEN` (setup-node's npm token) is a secret.
 */
const KEEP = /^(PATH|HOME|LANG|LC_[A-Z]+|TZ|TMPDIR|SSL_CERT_(FILE|DIR)|NODE_(OPTIONS|EXTRA_CA_CERTS|NO_WARNINGS|DEBUG|ICU_DATA|PATH|V8_COVERAGE|PRESERVE_SYMLINKS|PENDING_DEPRECATION|REDIRECT_WARNINGS|DISABLE_COLORS|USE_ENV_PROXY|COMPILE_CACHE|TLS_REJECT_UNAUTHORIZED))$/;
const MAX_BYTES = 16 * 1024 * 1024;
/**
 * V8 grows the young generation to fit the allocation rate, up to a bound it sets from the
 * machine's memory: 64 MiB semi-spaces on a 16-24 GiB runner, 128 MiB of RSS that a cache step,
 * whose garbage is short-lived (a stat and a few strings per file), never needs. At 300,000 files
 * the save peaked at 293-298 MiB with it and 211-214 with 16 MiB semi-spaces, the restore at
 * 255-265 against 230-258, neither slower (docs/speed.md). A restore keeps less alive between
 * collections than a save (each member is checked and handed to the writer; a save holds the
 * seal's lines as it goes): with 8 MiB it peaked at 185-200 MiB against 206-228 with 16, and
 * restored the 60,000-file tree in 1.45-1.88 s against 1.54-1.84; the save, given 8, peaked
 * higher (201-208 against 181-195: more of its garbage lived through a collection), so it keeps
 * 16. The runner starts the step without flags; the re-exec is where they can be given. A size
 * the workflow set in NODE_OPTIONS, or Node was started with, is left to decide.
 */
function youngGeneration(restoring) {
    return `--max-semi-space-size=${restoring ? 8 : 16}`;
}
/**
 * A restore reads its seal first: at 300,000 files tens of MB of dead text that V8 would keep
 * until its old generation next filled, often not before the step ended, while the extraction's
 * memory grew on top. Exposed, the restore collects it once the seal's tables are built
 * (src/core/memory/collect.ts): the step peaked at 171-185 MiB, against 172-197 without.
 */
const EXPOSE_GC = '--expose-gc';
/**
 * glibc serves an allocation from its heap, which it rarely gives back, once a freed mapping as
 * large has raised its threshold (up to 32 MiB): after the seal's few buffers of 10-30 MB each,
 * every large buffer that follows stayed in the step's RSS (the 300,000-file save: 210-212 MiB
 * peak, 183-195 with the threshold fixed at 256 KiB, as fast). The restore's streams make their
 * pieces just under it: src/core/memory/heap-pieces.ts's MAPPED_FROM_BYTES, which must be this
 * (a test holds them together; importing it would load the engine before the re-exec). Set for
 * the re-executed image only, unless the workflow set it: taken out of `process.env` at once, so
 * no child inherits it.
 */
const MALLOC_THRESHOLD = 'MALLOC_MMAP_THRESHOLD_';
const MALLOC_THRESHOLD_BYTES = String(256 * 1024);
/**
 * The V8 flags the re-executed image starts with, beside `execArgv`: the young generation's bound
 * for the step's `phase` (the cache steps' restores get a smaller one than everything else), and
 * for a restore, `gc` exposed.
 */
function imageFlags(execArgv, nodeOptions, phase) {
    const given = [...execArgv, ...(nodeOptions ?? '').split(/\s+/)];
    const restoring = phase === 'cache' || phase === 'cache-restore';
    const flags = given.some(a => /^--max[-_]semi[-_]space[-_]size(=|$)/.test(a))
        ? []
        : [youngGeneration(restoring)];
    if (restoring && !given.some(a => /^--expose[-_]gc$/.test(a)))
        flags.push(EXPOSE_GC);
    return flags;
}
/**
 * The secrets the runner gives every step of this Action: its key inputs and the job's tokens.
 * Values a workflow puts in `env:` are its own; they stay in the environment (docs/security.md).
 */
const SECRET_NAMES = new Set([
    'INPUT_HMAC-KEY',
    'INPUT_SIGNING-KEY',
    'ACTIONS_RUNTIME_TOKEN',
    'ACTIONS_ID_TOKEN_REQUEST_TOKEN',
    'GITHUB_TOKEN'
]);
const kept = {};
/** Take the secrets out of `process.env` into this module (once; later calls find none). */
function keepSecretsApart(from) {
    for (const name of SECRET_NAMES) {
        const v = from[name];
        if (v !== undefined)
            kept[name] = v;
        delete process.env[name];
    }
}
/** `env` with the secrets this step received: the environment the Action's code reads. */
function withSecrets(env) {
    return { ...env, ...kept };
}
/**
 * Run first in the step. Either re-executes this process (and never returns) or returns how the
 * environment stands. Throws with one line when a hand-over file is named but cannot be trusted.
 */
function handOver() {
    const at = process.argv.findIndex(a => a.startsWith(FLAG));
    if (at >= 0) {
        const file = process.argv[at].slice(FLAG.length);
        process.argv.splice(at, 1);
        const received = receive(file);
        for (const [k, v] of Object.entries(received))
            if (!SECRET_NAMES.has(k))
                process.env[k] = v;
        if (!(MALLOC_THRESHOLD in received))
            delete process.env[MALLOC_THRESHOLD];
        keepSecretsApart(received);
        return 'received';
    }
    const execve = process.execve;
    if (typeof execve !== 'function' || process.platform !== 'linux') {
        keepSecretsApart(process.env);
        return 'unavailable';
    }
    const kept = {};
    for (const [k, v] of Object.entries(process.env))
        if (v !== undefined && KEEP.test(k))
            kept[k] = v;
    kept[MALLOC_THRESHOLD] = process.env[MALLOC_THRESHOLD] ?? MALLOC_THRESHOLD_BYTES;
    const file = send(process.env);
    try {
        execve.call(process, process.execPath, [
            process.execPath,
            ...process.execArgv,
            ...imageFlags(process.execArgv, process.env.NODE_OPTIONS, Reflect.get(globalThis, Symbol.for('swr.action.phase'))),
            ...process.argv.slice(1),
            `${FLAG}${file}`
        ], kept);
    }
    catch {
        // Refused (a sandbox without execve): carry on with the environment as it was.
        removeHandOver(file);
    }
    keepSecretsApart(process.env);
    return 'unavailable';
}
function send(env) {
    const base = process.env.RUNNER_TEMP || node_os__WEBPACK_IMPORTED_MODULE_1___default().tmpdir();
    const dir = node_fs__WEBPACK_IMPORTED_MODULE_0___default().mkdtempSync(node_path__WEBPACK_IMPORTED_MODULE_2___default().join(base, 'swr-handover-'));
    const file = node_path__WEBPACK_IMPORTED_MODULE_2___default().join(dir, 'env.json');
    node_fs__WEBPACK_IMPORTED_MODULE_0___default().writeFileSync(file, JSON.stringify(env), { mode: 0o600, flag: 'wx' });
    return file;
}
function removeHandOver(file) {
    node_fs__WEBPACK_IMPORTED_MODULE_0___default().rmSync(file, { force: true });
    node_fs__WEBPACK_IMPORTED_MODULE_0___default().rmSync(node_path__WEBPACK_IMPORTED_MODULE_2___default().dirname(file), { recursive: true, force: true });
}
function private_(st, kind) {
    const own = typeof process.getuid !== 'function' || st.uid === process.getuid();
    const shape = kind === 'file' ? st.isFile() : st.isDirectory();
    return own && shape && (st.mode & 0o077) === 0;
}
function receive(file) {
    const refuse = (why) => {
        throw new Error(`swr: the step's environment hand-over ${why}; nothing was run`);
    };
    const dir = node_fs__WEBPACK_IMPORTED_MODULE_0___default().lstatSync(node_path__WEBPACK_IMPORTED_MODULE_2___default().dirname(file), { throwIfNoEntry: false });
    if (!node_path__WEBPACK_IMPORTED_MODULE_2___default().isAbsolute(file) || !dir || !private_(dir, 'directory'))
        refuse('is not in a private directory');
    let fd;
    try {
        fd = node_fs__WEBPACK_IMPORTED_MODULE_0___default().openSync(file, (node_fs__WEBPACK_IMPORTED_MODULE_0___default().constants).O_RDONLY | (node_fs__WEBPACK_IMPORTED_MODULE_0___default().constants).O_NOFOLLOW);
    }
    catch {
        return refuse('file cannot be opened');
    }
    try {
        const st = node_fs__WEBPACK_IMPORTED_MODULE_0___default().fstatSync(fd);
        if (!private_(st, 'file') || st.size > MAX_BYTES)
            refuse('file is not private');
        let parsed;
        try {
            parsed = JSON.parse(node_fs__WEBPACK_IMPORTED_MODULE_0___default().readFileSync(fd, 'utf8'));
        }
        catch {
            refuse('file is not JSON');
        }
        if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
            refuse('file does not hold an environment');
        const env = {};
        for (const [k, v] of Object.entries(parsed))
            if (typeof v === 'string')
                env[k] = v;
        return env;
    }
    finally {
        node_fs__WEBPACK_IMPORTED_MODULE_0___default().closeSync(fd);
        removeHandOver(file);
    }
}


/***/ }),

/***/ 60218:
/***/ ((module, __unused_webpack___webpack_exports__, __nccwpck_require__) => {

__nccwpck_require__.a(module, async (__webpack_handle_async_dependencies__, __webpack_async_result__) => { try {
/* harmony import */ var _handover_js__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(7083);
// The Action's entry for both of its steps: hand the job's secrets over out of the process's
// starting environment (handover.ts) before anything else loads, run, let the log reach the
// runner, then end the process (HTTP clients can leave handles open). The post step starts this
// same bundle through dist/post/index.js (src/action/post-start.mjs), which marks the phase
// first: one bundle serves both steps, where two near-identical 2 MB bundles doubled the build.

let handedOver;
try {
    (0,_handover_js__WEBPACK_IMPORTED_MODULE_0__/* .handOver */ .Cl)();
}
catch (e) {
    handedOver = e instanceof Error ? e.message : String(e);
}
const log = await Promise.all(/* import() */[__nccwpck_require__.e(92), __nccwpck_require__.e(592)]).then(__nccwpck_require__.bind(__nccwpck_require__, 58592));
const children = await __nccwpck_require__.e(/* import() */ 771).then(__nccwpck_require__.bind(__nccwpck_require__, 98771));
const phase = Reflect.get(globalThis, Symbol.for('swr.action.phase'));
// The cache steps' children are the cache client's archivers: they end with the step.
const cacheStep = typeof phase === 'string' && phase.startsWith('cache');
if (cacheStep)
    children.endChildrenOnSignals();
if (handedOver !== undefined) {
    log.error(handedOver);
    process.exitCode = 1;
}
else {
    // The secrets travel as values from here on; process.env never holds them again.
    const env = (0,_handover_js__WEBPACK_IMPORTED_MODULE_0__/* .withSecrets */ .a9)(process.env);
    if (cacheStep) {
        const cache = await Promise.all(/* import() */[__nccwpck_require__.e(92), __nccwpck_require__.e(592), __nccwpck_require__.e(184), __nccwpck_require__.e(812)]).then(__nccwpck_require__.bind(__nccwpck_require__, 67812));
        if (phase === 'cache')
            await cache.restorePhase(env, { saveAfter: true });
        else if (phase === 'cache-restore')
            await cache.restorePhase(env, { saveAfter: false });
        else
            await cache.savePhase(env, { post: phase === 'cache-post' });
    }
    else
        await (phase === 'post'
            ? (await Promise.all(/* import() */[__nccwpck_require__.e(92), __nccwpck_require__.e(592), __nccwpck_require__.e(184), __nccwpck_require__.e(718)]).then(__nccwpck_require__.bind(__nccwpck_require__, 27718))).post(env)
            : (await Promise.all(/* import() */[__nccwpck_require__.e(92), __nccwpck_require__.e(592), __nccwpck_require__.e(184), __nccwpck_require__.e(988)]).then(__nccwpck_require__.bind(__nccwpck_require__, 36988))).run(env));
}
await log.flushed();
// What a save given up at its deadline still had running (the cache client's tar and zstd).
if (cacheStep)
    children.endChildren();
process.exit(process.exitCode ?? 0);

__webpack_async_result__();
} catch(e) { __webpack_async_result__(e); } }, 1);

/***/ }),

/***/ 42613:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("assert");

/***/ }),

/***/ 20181:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("buffer");

/***/ }),

/***/ 35317:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("child_process");

/***/ }),

/***/ 49140:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("constants");

/***/ }),

/***/ 76982:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("crypto");

/***/ }),

/***/ 24434:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("events");

/***/ }),

/***/ 79896:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("fs");

/***/ }),

/***/ 91943:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("fs/promises");

/***/ }),

/***/ 58611:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("http");

/***/ }),

/***/ 65692:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("https");

/***/ }),

/***/ 69278:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("net");

/***/ }),

/***/ 34589:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:assert");

/***/ }),

/***/ 16698:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:async_hooks");

/***/ }),

/***/ 4573:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:buffer");

/***/ }),

/***/ 31421:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:child_process");

/***/ }),

/***/ 37540:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:console");

/***/ }),

/***/ 77598:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:crypto");

/***/ }),

/***/ 53053:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:diagnostics_channel");

/***/ }),

/***/ 40610:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:dns");

/***/ }),

/***/ 78474:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:events");

/***/ }),

/***/ 73024:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:fs");

/***/ }),

/***/ 51455:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:fs/promises");

/***/ }),

/***/ 37067:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:http");

/***/ }),

/***/ 32467:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:http2");

/***/ }),

/***/ 44708:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:https");

/***/ }),

/***/ 98995:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:module");

/***/ }),

/***/ 77030:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:net");

/***/ }),

/***/ 48161:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:os");

/***/ }),

/***/ 76760:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:path");

/***/ }),

/***/ 643:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:perf_hooks");

/***/ }),

/***/ 1708:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:process");

/***/ }),

/***/ 41792:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:querystring");

/***/ }),

/***/ 57075:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:stream");

/***/ }),

/***/ 46193:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:string_decoder");

/***/ }),

/***/ 58500:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:timers/promises");

/***/ }),

/***/ 41692:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:tls");

/***/ }),

/***/ 73136:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:url");

/***/ }),

/***/ 57975:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:util");

/***/ }),

/***/ 73429:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:util/types");

/***/ }),

/***/ 75919:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:worker_threads");

/***/ }),

/***/ 38522:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:zlib");

/***/ }),

/***/ 70857:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("os");

/***/ }),

/***/ 16928:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("path");

/***/ }),

/***/ 2203:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("stream");

/***/ }),

/***/ 13193:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("string_decoder");

/***/ }),

/***/ 53557:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("timers");

/***/ }),

/***/ 64756:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("tls");

/***/ }),

/***/ 52018:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("tty");

/***/ }),

/***/ 87016:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("url");

/***/ }),

/***/ 39023:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("util");

/***/ }),

/***/ 43106:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("zlib");

/***/ })

/******/ });
/************************************************************************/
/******/ // The module cache
/******/ var __webpack_module_cache__ = {};
/******/ 
/******/ // The require function
/******/ function __nccwpck_require__(moduleId) {
/******/ 	// Check if module is in cache
/******/ 	var cachedModule = __webpack_module_cache__[moduleId];
/******/ 	if (cachedModule !== undefined) {
/******/ 		return cachedModule.exports;
/******/ 	}
/******/ 	// Create a new module (and put it into the cache)
/******/ 	var module = __webpack_module_cache__[moduleId] = {
/******/ 		id: moduleId,
/******/ 		loaded: false,
/******/ 		exports: {}
/******/ 	};
/******/ 
/******/ 	// Execute the module function
/******/ 	var threw = true;
/******/ 	try {
/******/ 		__webpack_modules__[moduleId].call(module.exports, module, module.exports, __nccwpck_require__);
/******/ 		threw = false;
/******/ 	} finally {
/******/ 		if(threw) delete __webpack_module_cache__[moduleId];
/******/ 	}
/******/ 
/******/ 	// Flag the module as loaded
/******/ 	module.loaded = true;
/******/ 
/******/ 	// Return the exports of the module
/******/ 	return module.exports;
/******/ }
/******/ 
/******/ // expose the modules object (__webpack_modules__)
/******/ __nccwpck_require__.m = __webpack_modules__;
/******/ 
/************************************************************************/
/******/ /* webpack/runtime/asset-relocator-loader */
/******/ if (typeof __nccwpck_require__ !== 'undefined') __nccwpck_require__.ab = decodeURIComponent(new URL('.', import.meta.url).pathname).slice(import.meta.url.match(/^file:\/\/\/\w:/) ? 1 : 0, -1) + "/";
/******/ 
/******/ /* webpack/runtime/async module */
/******/ (() => {
/******/ 	var webpackQueues = typeof Symbol === "function" ? Symbol("webpack queues") : "__webpack_queues__";
/******/ 	var webpackExports = typeof Symbol === "function" ? Symbol("webpack exports") : "__webpack_exports__";
/******/ 	var webpackError = typeof Symbol === "function" ? Symbol("webpack error") : "__webpack_error__";
/******/ 	var resolveQueue = (queue) => {
/******/ 		if(queue && queue.d < 1) {
/******/ 			queue.d = 1;
/******/ 			queue.forEach((fn) => (fn.r--));
/******/ 			queue.forEach((fn) => (fn.r-- ? fn.r++ : fn()));
/******/ 		}
/******/ 	}
/******/ 	var wrapDeps = (deps) => (deps.map((dep) => {
/******/ 		if(dep !== null && typeof dep === "object") {
/******/ 			if(dep[webpackQueues]) return dep;
/******/ 			if(dep.then) {
/******/ 				var queue = [];
/******/ 				queue.d = 0;
/******/ 				dep.then((r) => {
/******/ 					obj[webpackExports] = r;
/******/ 					resolveQueue(queue);
/******/ 				}, (e) => {
/******/ 					obj[webpackError] = e;
/******/ 					resolveQueue(queue);
/******/ 				});
/******/ 				var obj = {};
/******/ 				obj[webpackQueues] = (fn) => (fn(queue));
/******/ 				return obj;
/******/ 			}
/******/ 		}
/******/ 		var ret = {};
/******/ 		ret[webpackQueues] = x => {};
/******/ 		ret[webpackExports] = dep;
/******/ 		return ret;
/******/ 	}));
/******/ 	__nccwpck_require__.a = (module, body, hasAwait) => {
/******/ 		var queue;
/******/ 		hasAwait && ((queue = []).d = -1);
/******/ 		var depQueues = new Set();
/******/ 		var exports = module.exports;
/******/ 		var currentDeps;
/******/ 		var outerResolve;
/******/ 		var reject;
/******/ 		var promise = new Promise((resolve, rej) => {
/******/ 			reject = rej;
/******/ 			outerResolve = resolve;
/******/ 		});
/******/ 		promise[webpackExports] = exports;
/******/ 		promise[webpackQueues] = (fn) => (queue && fn(queue), depQueues.forEach(fn), promise["catch"](x => {}));
/******/ 		module.exports = promise;
/******/ 		body((deps) => {
/******/ 			currentDeps = wrapDeps(deps);
/******/ 			var fn;
/******/ 			var getResult = () => (currentDeps.map((d) => {
/******/ 				if(d[webpackError]) throw d[webpackError];
/******/ 				return d[webpackExports];
/******/ 			}))
/******/ 			var promise = new Promise((resolve) => {
/******/ 				fn = () => (resolve(getResult));
/******/ 				fn.r = 0;
/******/ 				var fnQueue = (q) => (q !== queue && !depQueues.has(q) && (depQueues.add(q), q && !q.d && (fn.r++, q.push(fn))));
/******/ 				currentDeps.map((dep) => (dep[webpackQueues](fnQueue)));
/******/ 			});
/******/ 			return fn.r ? promise : getResult();
/******/ 		}, (err) => ((err ? reject(promise[webpackError] = err) : outerResolve(exports)), resolveQueue(queue)));
/******/ 		queue && queue.d < 0 && (queue.d = 0);
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/compat get default export */
/******/ (() => {
/******/ 	// getDefaultExport function for compatibility with non-harmony modules
/******/ 	__nccwpck_require__.n = (module) => {
/******/ 		var getter = module && module.__esModule ?
/******/ 			() => (module['default']) :
/******/ 			() => (module);
/******/ 		__nccwpck_require__.d(getter, { a: getter });
/******/ 		return getter;
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/create fake namespace object */
/******/ (() => {
/******/ 	var getProto = Object.getPrototypeOf ? (obj) => (Object.getPrototypeOf(obj)) : (obj) => (obj.__proto__);
/******/ 	var leafPrototypes;
/******/ 	// create a fake namespace object
/******/ 	// mode & 1: value is a module id, require it
/******/ 	// mode & 2: merge all properties of value into the ns
/******/ 	// mode & 4: return value when already ns object
/******/ 	// mode & 16: return value when it's Promise-like
/******/ 	// mode & 8|1: behave like require
/******/ 	__nccwpck_require__.t = function(value, mode) {
/******/ 		if(mode & 1) value = this(value);
/******/ 		if(mode & 8) return value;
/******/ 		if(typeof value === 'object' && value) {
/******/ 			if((mode & 4) && value.__esModule) return value;
/******/ 			if((mode & 16) && typeof value.then === 'function') return value;
/******/ 		}
/******/ 		var ns = Object.create(null);
/******/ 		__nccwpck_require__.r(ns);
/******/ 		var def = {};
/******/ 		leafPrototypes = leafPrototypes || [null, getProto({}), getProto([]), getProto(getProto)];
/******/ 		for(var current = mode & 2 && value; typeof current == 'object' && !~leafPrototypes.indexOf(current); current = getProto(current)) {
/******/ 			Object.getOwnPropertyNames(current).forEach((key) => (def[key] = () => (value[key])));
/******/ 		}
/******/ 		def['default'] = () => (value);
/******/ 		__nccwpck_require__.d(ns, def);
/******/ 		return ns;
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/define property getters */
/******/ (() => {
/******/ 	// define getter functions for harmony exports
/******/ 	__nccwpck_require__.d = (exports, definition) => {
/******/ 		for(var key in definition) {
/******/ 			if(__nccwpck_require__.o(definition, key) && !__nccwpck_require__.o(exports, key)) {
/******/ 				Object.defineProperty(exports, key, { enumerable: true, get: definition[key] });
/******/ 			}
/******/ 		}
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/ensure chunk */
/******/ (() => {
/******/ 	__nccwpck_require__.f = {};
/******/ 	// This file contains only the entry chunk.
/******/ 	// The chunk loading function for additional chunks
/******/ 	__nccwpck_require__.e = (chunkId) => {
/******/ 		return Promise.all(Object.keys(__nccwpck_require__.f).reduce((promises, key) => {
/******/ 			__nccwpck_require__.f[key](chunkId, promises);
/******/ 			return promises;
/******/ 		}, []));
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/get javascript chunk filename */
/******/ (() => {
/******/ 	// This function allow to reference async chunks
/******/ 	__nccwpck_require__.u = (chunkId) => {
/******/ 		// return url for filenames based on template
/******/ 		return "" + chunkId + ".index.js";
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/hasOwnProperty shorthand */
/******/ (() => {
/******/ 	__nccwpck_require__.o = (obj, prop) => (Object.prototype.hasOwnProperty.call(obj, prop))
/******/ })();
/******/ 
/******/ /* webpack/runtime/make namespace object */
/******/ (() => {
/******/ 	// define __esModule on exports
/******/ 	__nccwpck_require__.r = (exports) => {
/******/ 		if(typeof Symbol !== 'undefined' && Symbol.toStringTag) {
/******/ 			Object.defineProperty(exports, Symbol.toStringTag, { value: 'Module' });
/******/ 		}
/******/ 		Object.defineProperty(exports, '__esModule', { value: true });
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/node module decorator */
/******/ (() => {
/******/ 	__nccwpck_require__.nmd = (module) => {
/******/ 		module.paths = [];
/******/ 		if (!module.children) module.children = [];
/******/ 		return module;
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/publicPath */
/******/ (() => {
/******/ 	var scriptUrl;
/******/ 	if (typeof import.meta.url === "string") scriptUrl = import.meta.url
/******/ 	// When supporting browsers where an automatic publicPath is not supported you must specify an output.publicPath manually via configuration
/******/ 	// or pass an empty string ("") and set the __webpack_public_path__ variable from your code to use your own logic.
/******/ 	if (!scriptUrl) throw new Error("Automatic publicPath is not supported in this browser");
/******/ 	scriptUrl = scriptUrl.replace(/#.*$/, "").replace(/\?.*$/, "").replace(/\/[^\/]+$/, "/");
/******/ 	__nccwpck_require__.p = scriptUrl;
/******/ })();
/******/ 
/******/ /* webpack/runtime/import chunk loading */
/******/ (() => {
/******/ 	__nccwpck_require__.b = new URL("./", import.meta.url);
/******/ 	
/******/ 	// object to store loaded and loading chunks
/******/ 	// undefined = chunk not loaded, null = chunk preloaded/prefetched
/******/ 	// [resolve, Promise] = chunk loading, 0 = chunk loaded
/******/ 	var installedChunks = {
/******/ 		792: 0
/******/ 	};
/******/ 	
/******/ 	var installChunk = (data) => {
/******/ 		var {ids, modules, runtime} = data;
/******/ 		// add "modules" to the modules object,
/******/ 		// then flag all "ids" as loaded and fire callback
/******/ 		var moduleId, chunkId, i = 0;
/******/ 		for(moduleId in modules) {
/******/ 			if(__nccwpck_require__.o(modules, moduleId)) {
/******/ 				__nccwpck_require__.m[moduleId] = modules[moduleId];
/******/ 			}
/******/ 		}
/******/ 		if(runtime) runtime(__nccwpck_require__);
/******/ 		for(;i < ids.length; i++) {
/******/ 			chunkId = ids[i];
/******/ 			if(__nccwpck_require__.o(installedChunks, chunkId) && installedChunks[chunkId]) {
/******/ 				installedChunks[chunkId][0]();
/******/ 			}
/******/ 			installedChunks[ids[i]] = 0;
/******/ 		}
/******/ 	
/******/ 	}
/******/ 	
/******/ 	__nccwpck_require__.f.j = (chunkId, promises) => {
/******/ 			// import() chunk loading for javascript
/******/ 			var installedChunkData = __nccwpck_require__.o(installedChunks, chunkId) ? installedChunks[chunkId] : undefined;
/******/ 			if(installedChunkData !== 0) { // 0 means "already installed".
/******/ 	
/******/ 				// a Promise means "currently loading".
/******/ 				if(installedChunkData) {
/******/ 					promises.push(installedChunkData[1]);
/******/ 				} else {
/******/ 					if(true) { // all chunks have JS
/******/ 						// setup Promise in chunk cache
/******/ 						var promise = import("./" + __nccwpck_require__.u(chunkId)).then(installChunk, (e) => {
/******/ 							if(installedChunks[chunkId] !== 0) installedChunks[chunkId] = undefined;
/******/ 							throw e;
/******/ 						});
/******/ 						var promise = Promise.race([promise, new Promise((resolve) => (installedChunkData = installedChunks[chunkId] = [resolve]))])
/******/ 						promises.push(installedChunkData[1] = promise);
/******/ 					}
/******/ 				}
/******/ 			}
/******/ 	};
/******/ 	
/******/ 	// no prefetching
/******/ 	
/******/ 	// no preloaded
/******/ 	
/******/ 	// no external install chunk
/******/ 	
/******/ 	// no on chunks loaded
/******/ })();
/******/ 
/************************************************************************/
/******/ 
/******/ // startup
/******/ // Load entry module and return exports
/******/ // This entry module used 'module' so it can't be inlined
/******/ var __webpack_exports__ = __nccwpck_require__(60218);
/******/ __webpack_exports__ = await __webpack_exports__;
/******/ 
