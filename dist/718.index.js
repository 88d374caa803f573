export const id = 718;
export const ids = [718];
export const modules = {

/***/ 96158:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   n: () => (/* binding */ actionPolicy)
/* harmony export */ });
/* harmony import */ var _core_index_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(26319);
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

/***/ 27718:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   parseHandOver: () => (/* binding */ parseHandOver),
/* harmony export */   post: () => (/* binding */ post),
/* harmony export */   run: () => (/* binding */ run)
/* harmony export */ });
/* harmony import */ var node_os__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(48161);
/* harmony import */ var node_os__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_os__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var _adapters_actions_cache_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(36336);
/* harmony import */ var _core_index_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(26319);
/* harmony import */ var _actions_core__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(33838);
/* harmony import */ var _constants_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(90915);
/* harmony import */ var _inputs_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(81729);
/* harmony import */ var _log_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(58592);
/* harmony import */ var _policy_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(96158);
/**
 * The Action's post step: save to the cache each entry that the main step's doctor healed with a
 * recipe, under the key of its signed expectations, after re-verifying it (the build may have
 * changed it since). Skipped, and said so, in read-only cache mode or when nothing was handed over.
 *
 * The saved state is not trusted: anything that can write to the job's log or state file can
 * forge it. It names at most entry ids and the manifest digest; the manifest, workspace, policy,
 * keys and paths come from this step's own inputs and the signed manifest, which must pass the
 * same signature gate as in the main step. Any mismatch saves nothing. The engine's
 * writeBackHandedOver does all of that and the saving; this file reads the hand-over and prints.
 */








/** The hand-over as the main step writes it, or undefined for anything else. */
function parseHandOver(raw) {
    let v;
    try {
        v = JSON.parse(raw);
    }
    catch {
        return undefined;
    }
    if (typeof v !== 'object' || v === null || Array.isArray(v))
        return undefined;
    const { digest, ids, ...rest } = v;
    if (Object.keys(rest).length > 0)
        return undefined;
    if (typeof digest !== 'string' || !/^[0-9a-f]{64}$/.test(digest))
        return undefined;
    if (!Array.isArray(ids) || ids.length === 0)
        return undefined;
    if (!ids.every(id => typeof id === 'string' && _core_index_js__WEBPACK_IMPORTED_MODULE_2__/* .manifests.ENTRY_ID */ .LN.jB.test(id)))
        return undefined;
    if (new Set(ids).size !== ids.length)
        return undefined;
    return { digest, ids: ids };
}
async function post(env = process.env) {
    try {
        // What is true first: without a cache service (or in read-only mode) the main step hands
        // nothing over whatever it healed, so "nothing was healed" would name the wrong cause.
        if (!(0,_adapters_actions_cache_js__WEBPACK_IMPORTED_MODULE_1__/* .cacheServiceAvailable */ .jI)(env)) {
            _log_js__WEBPACK_IMPORTED_MODULE_6__.info('swr post: no Actions cache service in this job: nothing is saved');
            return;
        }
        if ((0,_adapters_actions_cache_js__WEBPACK_IMPORTED_MODULE_1__/* .cacheReadOnly */ .$i)(env)) {
            _log_js__WEBPACK_IMPORTED_MODULE_6__.info('swr post: read-only cache mode (ACTIONS_CACHE_MODE=read): not saving');
            return;
        }
        const raw = _actions_core__WEBPACK_IMPORTED_MODULE_3__/* .getState */ .Gu(_constants_js__WEBPACK_IMPORTED_MODULE_4__/* .State */ .Uw.WriteBack);
        if (!raw) {
            _log_js__WEBPACK_IMPORTED_MODULE_6__.info('swr post: nothing to save (no entry was healed by a recipe in this job)');
            return;
        }
        const handed = parseHandOver(raw);
        if (!handed) {
            _log_js__WEBPACK_IMPORTED_MODULE_6__.notice('swr post: the saved state is not what the main step writes: nothing saved');
            return;
        }
        const inputs = (0,_inputs_js__WEBPACK_IMPORTED_MODULE_5__/* .readInputs */ .Ko)(env);
        if (inputs.command !== 'doctor' && inputs.command !== 'restore') {
            _log_js__WEBPACK_IMPORTED_MODULE_6__.notice(`swr post: command ${inputs.command} heals nothing: nothing saved`);
            return;
        }
        const m = (0,_core_index_js__WEBPACK_IMPORTED_MODULE_2__/* .loadManifest */ .eY)(inputs.manifest, { workspace: inputs.workspace });
        const stateDir = _core_index_js__WEBPACK_IMPORTED_MODULE_2__/* .state.makeOwnedTemp */ .wk.makeOwnedTemp(env.RUNNER_TEMP || node_os__WEBPACK_IMPORTED_MODULE_0___default().tmpdir(), 'swr-post');
        const done = await _core_index_js__WEBPACK_IMPORTED_MODULE_2__/* .writeBacks.writeBackHandedOver */ .y6.writeBackHandedOver(m, handed, {
            client: (0,_adapters_actions_cache_js__WEBPACK_IMPORTED_MODULE_1__/* .actionsCacheClient */ .Vm)({ env, onNote: line => _log_js__WEBPACK_IMPORTED_MODULE_6__.warning(line) }),
            policy: (0,_policy_js__WEBPACK_IMPORTED_MODULE_7__/* .actionPolicy */ .n)(m, inputs, env, stateDir),
            reverify: { stateDir, nativeWalk: _core_index_js__WEBPACK_IMPORTED_MODULE_2__/* .walk.nativeWalkAllowed */ .GG.nativeWalkAllowed(env) }
        });
        if ('refused' in done) {
            _log_js__WEBPACK_IMPORTED_MODULE_6__.notice(`swr post: ${done.refused}: nothing saved`);
            return;
        }
        for (const s of done.saved)
            _log_js__WEBPACK_IMPORTED_MODULE_6__.info(`swr post: ${_core_index_js__WEBPACK_IMPORTED_MODULE_2__/* .writeBacks.savedLine */ .y6.savedLine(s)}`);
    }
    catch (err) {
        // A failed save must not fail a job whose doctor succeeded.
        _log_js__WEBPACK_IMPORTED_MODULE_6__.warning(`swr post: ${err instanceof Error ? err.message : String(err)}`);
    }
}
/** `post` under the name `@github/local-action` calls: `local-action run . src/action/post.ts .env`. */
const run = post;


/***/ })

};
