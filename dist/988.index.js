export const id = 988;
export const ids = [988];
export const modules = {

/***/ 36988:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  run: () => (/* binding */ run)
});

// EXTERNAL MODULE: ./node_modules/@actions/core/lib/core.js + 7 modules
var core = __webpack_require__(33838);
// EXTERNAL MODULE: external "node:os"
var external_node_os_ = __webpack_require__(48161);
var external_node_os_default = /*#__PURE__*/__webpack_require__.n(external_node_os_);
// EXTERNAL MODULE: ./src/core/index.ts + 206 modules
var src_core = __webpack_require__(26319);
;// CONCATENATED MODULE: ./src/version.ts
/** The swr version; a test keeps it equal to package.json's. */
const VERSION = '0.1.0';

// EXTERNAL MODULE: ./src/action/log.ts
var log = __webpack_require__(58592);
// EXTERNAL MODULE: ./src/action/constants.ts
var constants = __webpack_require__(90915);
// EXTERNAL MODULE: ./src/adapters/actions-cache.ts
var actions_cache = __webpack_require__(36336);
// EXTERNAL MODULE: ./src/action/inputs.ts
var action_inputs = __webpack_require__(81729);
// EXTERNAL MODULE: ./src/action/policy.ts
var action_policy = __webpack_require__(96158);
// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __webpack_require__(77598);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(76760);
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
    const source = await src_core/* canary.restoreCanaryState */.jZ.restoreCanaryState(dir, client, prefix, env.RUNNER_TEMP || external_node_os_default().tmpdir());
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
    return src_core/* canary.canaryAnchors */.jZ.canaryAnchors({
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
        const { ledger, replaced } = await src_core/* canary.plantCanary */.jZ.plantCanary({ stateDir: t.dir }, {
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
        const stats = src_core/* canary.survivalStats */.jZ.survivalStats(t.dir);
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
        const read = await src_core/* canary.readCanaryIfPlanted */.jZ.readCanaryIfPlanted({ stateDir: t.dir }, { anchors, context });
        if (!read) {
            // The first run of a scheduled survival job has nothing to read yet: not a failure.
            log.warning('swr canary-read: nothing planted yet in this canary history (a first run?): plant with command: canary-plant');
            core/* setOutput */.uH(constants/* Outputs */.tY.Canary, unplantedOutput());
            const stats = src_core/* canary.survivalStats */.jZ.survivalStats(t.dir);
            await summarize(['### swr canary: nothing planted yet', '', src_core/* canary.renderStatsMarkdown */.jZ.renderStatsMarkdown(stats)], inputs);
            finish('healthy', stats, inputs, '');
            return;
        }
        const { reading } = read;
        log.startGroup('swr: canary read');
        log.rendered(src_core/* canary.renderCanaryText */.jZ.renderCanaryText(reading));
        log.endGroup();
        core/* setOutput */.uH(constants/* Outputs */.tY.Canary, readingOutput(reading));
        await keepState(t, env, 'read');
        const stats = src_core/* canary.survivalStats */.jZ.survivalStats(t.dir);
        await summarize([src_core/* canary.renderCanaryMarkdown */.jZ.renderCanaryMarkdown(reading), src_core/* canary.renderStatsMarkdown */.jZ.renderStatsMarkdown(stats)], inputs);
        const changed = reading.totals.altered + reading.totals.lost;
        finish(changed === 0 ? 'healthy' : 'damaged', stats, inputs, `swr canary: ${changed} probes altered or lost`);
        return;
    }
    const stats = src_core/* canary.survivalStats */.jZ.survivalStats(t.dir);
    await summarize(['### swr survival', '', src_core/* canary.renderStatsMarkdown */.jZ.renderStatsMarkdown(stats)], inputs);
    finish('healthy', stats, inputs, '');
}
/**
 * `record: true`: this run's check (before any repair) joins the survival history of the canary
 * key, so `command: stats` shows per entry how often the runner or the cache kept it.
 */
async function recordCheckRun(report, m, inputs, env) {
    const t = await bringState(inputs, env);
    src_core/* canary.recordSurvival */.jZ.recordSurvival(t.dir, report, m, src_core/* history.runContext */.b6.runContext(env));
    log.info(`swr: recorded ${report.results.length} entries in the survival history (canary-key ${inputs.canaryKey})`);
    await keepState(t, env, 'check');
}

// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(73024);
var external_node_fs_default = /*#__PURE__*/__webpack_require__.n(external_node_fs_);
// EXTERNAL MODULE: ./src/adapters/toolkit-env.ts
var toolkit_env = __webpack_require__(28120);
;// CONCATENATED MODULE: ./src/adapters/actions-artifact.ts
/**
 * The job's artifact storage, for the Action: the full report and the SARIF file outlive the job
 * only there (RUNNER_TEMP is emptied when a hosted job ends). The toolkit's client
 * (`@actions/artifact`) is loaded only when an upload is made, as a chunk of its own, and every
 * way it can fail (no service, GHES, a refusal, a broken transfer) becomes one line for the log:
 * a report that could not be uploaded never fails the run.
 */



/** The results service the client uploads through is reachable from this process. */
function artifactServiceAvailable(env) {
    return Boolean(env.ACTIONS_RUNTIME_TOKEN && env.ACTIONS_RESULTS_URL);
}
/**
 * Where the artifact can be downloaded: the run's page for it. Undefined when the runner's
 * variables do not make a URL (a run outside GitHub).
 */
function artifactUrl(env, id) {
    const server = env.GITHUB_SERVER_URL || 'https://github.com';
    const repo = env.GITHUB_REPOSITORY ?? '';
    const run = env.GITHUB_RUN_ID ?? '';
    if (!/^[^/\s]+\/[^/\s]+$/.test(repo) || !/^\d+$/.test(run))
        return undefined;
    try {
        const base = new URL(server);
        if (base.protocol !== 'https:' && base.protocol !== 'http:')
            return undefined;
        const [owner = '', name = ''] = repo.split('/');
        const segments = [owner, name, 'actions', 'runs', run, 'artifacts', String(id)];
        return new URL(segments.map(encodeURIComponent).join('/'), `${base.origin}/`).href;
    }
    catch {
        return undefined;
    }
}
let loaded;
async function client() {
    loaded ??= await Promise.all(/* import() */[__webpack_require__.e(790), __webpack_require__.e(420), __webpack_require__.e(888)]).then(__webpack_require__.bind(__webpack_require__, 37888));
    return loaded;
}
/** The first line of an error's message: the client's messages go on for a paragraph. */
function firstLine(err) {
    const text = err instanceof Error ? err.message : String(err);
    return (text.split('\n')[0] ?? '').trim() || 'unknown error';
}
/**
 * The client's own output: `::add-mask::` (the signed upload URL's signature) and `::debug::`
 * lines reach the runner as written; its warnings and errors come back through `onNote` (swr
 * says what failed in its own line); its progress lines are dropped.
 */
async function filtered(fn, onNote) {
    const write = process.stdout.write.bind(process.stdout);
    let partial = '';
    const pass = (line) => {
        if (/^::(add-mask|debug)::/.test(line))
            write(line);
        else if (/^::(warning|error)[^:]*::/.test(line))
            onNote(line.replace(/^::[^:]*::/, ''));
    };
    process.stdout.write = ((chunk, ...rest) => {
        partial += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
        const lines = partial.split(/(?<=\n)/);
        partial = lines.at(-1)?.endsWith('\n') ? '' : (lines.pop() ?? '');
        for (const l of lines)
            pass(l);
        const cb = rest.find(r => typeof r === 'function');
        if (cb)
            cb();
        return true;
    });
    try {
        return await fn();
    }
    finally {
        process.stdout.write = write;
        if (partial)
            pass(`${partial}\n`);
    }
}
/** Upload `files` as one artifact. Never throws: a failure is `{ ok: false, reason }`. */
async function uploadArtifact(req) {
    if (!artifactServiceAvailable(req.env))
        return {
            ok: false,
            reason: 'no artifact service in this job (ACTIONS_RUNTIME_TOKEN or ACTIONS_RESULTS_URL unset)'
        };
    try {
        const names = req.files.map(f => {
            const to = external_node_path_default().join(req.scratch, external_node_path_default().basename(f));
            external_node_fs_default().copyFileSync(f, to, (external_node_fs_default()).constants.COPYFILE_EXCL);
            return to;
        });
        const { DefaultArtifactClient } = await client();
        const up = await filtered(() => (0,toolkit_env/* withToolkitToken */.K)(req.env, () => new DefaultArtifactClient().uploadArtifact(req.name, names, req.scratch)), line => req.onClientNote?.(line));
        if (up.id === undefined || !Number.isSafeInteger(up.id) || up.id <= 0)
            return { ok: false, reason: 'the artifact service returned no artifact id' };
        return {
            ok: true,
            id: up.id,
            name: req.name,
            bytes: up.size ?? 0,
            url: artifactUrl(req.env, up.id)
        };
    }
    catch (err) {
        return { ok: false, reason: firstLine(err) };
    }
}

;// CONCATENATED MODULE: ./src/action/report-artifact.ts
/**
 * The full report and the SARIF file as a workflow artifact: on a hosted runner RUNNER_TEMP is gone
 * when the job ends, so the summary's "see the report" must point at something that lasts. The
 * `upload-report` input decides (auto: when the job has the results service). Whatever happens,
 * the run's outcome does not change: a report that could not be uploaded is one log line.
 */





/** An artifact name unique in the run: the job, the command and the report file's own tag. */
function artifactName(env, command, tag) {
    const job = (env.GITHUB_JOB ?? '').replace(/[^A-Za-z0-9._-]+/g, '-').slice(0, 64);
    return ['swr', command, job, tag].filter(Boolean).join('-');
}
/**
 * Upload `files` (the report first) when the inputs and the job allow it; the artifact's name and
 * download URL when it was uploaded, else undefined, with one line saying why not.
 */
async function uploadReport(inputs, env, runnerTemp, tag, files) {
    if (inputs.uploadReport === 'false')
        return undefined;
    const stays = `the report stays at ${files.report} until the job ends`;
    // Asked for by name and not done: a warning on the run's page; under auto, a line in the log.
    const say = inputs.uploadReport === 'true' ? log.warning : log.info;
    if (!artifactServiceAvailable(env)) {
        say(`swr: report not uploaded as an artifact: this job has no artifact service (ACTIONS_RUNTIME_TOKEN or ACTIONS_RESULTS_URL unset); ${stays}`);
        return undefined;
    }
    let scratch;
    try {
        scratch = src_core/* state.makeOwnedTemp */.wk.makeOwnedTemp(runnerTemp, 'swr-artifact');
        const up = await uploadArtifact({
            name: artifactName(env, inputs.command, tag),
            files: [files.report, files.sarif],
            scratch,
            env,
            onClientNote: line => log.debug(`artifact client: ${line}`)
        });
        if (!up.ok) {
            say(`swr: report not uploaded as an artifact: ${up.reason}; ${stays}`);
            return undefined;
        }
        log.info(`swr: full report and SARIF uploaded as artifact ${up.name} (id ${up.id}, ${up.bytes} bytes)${up.url ? `: ${up.url}` : ''}`);
        return up.url ? { name: up.name, url: up.url } : undefined;
    }
    catch (err) {
        say(`swr: report not uploaded as an artifact: ${err instanceof Error ? err.message : String(err)}; ${stays}`);
        return undefined;
    }
    finally {
        if (scratch)
            external_node_fs_default().rmSync(scratch, { recursive: true, force: true });
    }
}

;// CONCATENATED MODULE: ./src/action/publish.ts
/**
 * What a finished run leaves behind: outputs, job summary, annotations, SARIF, the report file
 * (uploaded with the SARIF file as an artifact when the job can: report-artifact.ts), the failure
 * line, and the write-back the post step carries out. Every bound GitHub sets is applied here
 * (limits in core/report/limits.ts).
 */











function failureFor(status, failOn) {
    if (failOn === 'never')
        return false;
    if (failOn === 'damage')
        return status === 'damaged' || status === 'unrepairable' || status === 'refused';
    return status === 'unrepairable' || status === 'refused';
}
async function publish(report, m, inputs, runnerTemp, status, exitCode, env) {
    const repoRoot = inputs.root;
    const manifestUri = external_node_path_default().relative(repoRoot, m.file).split((external_node_path_default()).sep).join('/');
    const tag = (0,external_node_crypto_.randomBytes)(6).toString('hex');
    const reportPath = external_node_path_default().join(runnerTemp, `swr-report-${tag}.json`);
    src_core/* state.writeFileAtomic */.wk.writeFileAtomic(reportPath, JSON.stringify(report, null, 2) + '\n', { mode: 0o600 });
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
    // Always written: under RUNNER_TEMP unless the sarif input names a path.
    const sarifPath = inputs.sarif ?? external_node_path_default().join(runnerTemp, `swr-${tag}.sarif`);
    external_node_fs_default().mkdirSync(external_node_path_default().dirname(sarifPath), { recursive: true });
    src_core/* state.writeFileAtomic */.wk.writeFileAtomic(sarifPath, JSON.stringify((0,src_core/* toSarif */.zv)(report, { manifestUri, lines: m.lines, reportPath }), null, 2) + '\n');
    core/* setOutput */.uH(constants/* Outputs */.tY.SarifPath, sarifPath);
    // Before the summary, which links it, and the annotations, which count a warning it gives.
    const reportArtifact = await uploadReport(inputs, env, runnerTemp, tag, {
        report: reportPath,
        sarif: sarifPath
    });
    if (inputs.summary) {
        try {
            await log.writeSummary((0,src_core/* renderMarkdown */.Gc)(report, {
                reportPath,
                reportArtifact,
                // Relative to the repository, as the reader knows it; absolute when it lies outside.
                manifestPath: manifestUri.startsWith('../') || external_node_path_default().isAbsolute(manifestUri) ? m.file : manifestUri
            }));
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
    /** The plan, for wording a refusal by what it would have run. */
    let waves = [];
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
            sealMissing: false,
            hooks: {
                onCheck: (before, plan) => {
                    waves = plan.waves;
                    onFirstCheck(before);
                    open('swr: check');
                    for (const l of src_core/* textReport.findingLines */.Mf.findingLines(before.results.filter(f => f.status !== 'OK'), { color: false, all: false }))
                        log.rendered(l);
                    log.info(`${before.summary.ok}/${before.summary.entries} healthy`);
                    if (plan.waves.length > 0) {
                        open('swr: plan');
                        log.rendered(src_core/* textReport.renderPlan */.Mf.renderPlan(plan.waves, { color: false, all: false }));
                    }
                },
                onGate: (gate) => {
                    shield.own();
                    for (const w of gate.warnings)
                        log.warning(w);
                    if (!gate.allowed) {
                        const noKey = !inputs.hmacKey && (inputs.require === 'hmac' || inputs.require === 'both');
                        const why = `${noKey ? 'the hmac-key input is empty (a fork pull request gets no secrets), so ' : ''}${gate.reason}`;
                        const recipes = waves.some(w => w.some(st => st.sources.includes('recipe')));
                        log.error(`swr: ${recipes ? `no recipe ran: ${why}` : (0,src_core/* refusalOf */.Of)(waves, why)}. The workspace was verified and reported only.`);
                    }
                    else
                        open('swr: restore');
                },
                onLine: (id, line) => shield.recipeLine(`[${id}] ${line}`),
                onStep: r => {
                    shield.own();
                    log.rendered(src_core/* textReport.renderStep */.Mf.renderStep(r, { color: false, all: false }));
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
    for (const l of src_core/* textReport.findingLines */.Mf.findingLines(result.report.results.filter(f => f.status !== 'OK'), { color: false, all: false }))
        log.rendered(l);
    log.endGroup();
    for (const l of result.report.cache_lookup ?? [])
        log.info(`cache ${l.available ? 'saved   ' : 'not saved'} ${l.id} (${l.key})`);
    return result;
}

// EXTERNAL MODULE: ./src/action/secrets.ts
var action_secrets = __webpack_require__(87911);
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
    src_core/* state.applyProcFdSetting */.wk.applyProcFdSetting(env);
    let exitCode = src_core/* EXIT */.dc.HEALTHY;
    try {
        const inputs = (0,action_inputs/* readInputs */.Ko)(env);
        const emptyKey = (0,action_inputs/* emptySecretWarning */.YI)(env, 'hmac-key', `no HMAC signature can be checked in this run${inputs.require === 'mldsa' ? '' : ', so no recipe runs'}`);
        if (emptyKey)
            log.warning(`swr: ${emptyKey}`);
        const hmacVariants = (0,action_secrets/* keyVariants */.yP)(inputs.hmacKey);
        (0,action_secrets/* maskSecrets */.QU)(hmacVariants);
        if (isSurvivalCommand(inputs.command)) {
            await runCanary(inputs, env);
            return;
        }
        const runnerTemp = env.RUNNER_TEMP || external_node_os_default().tmpdir();
        const stateDir = src_core/* state.makeOwnedTemp */.wk.makeOwnedTemp(runnerTemp, 'swr-state');
        const m = (0,src_core/* loadManifest */.eY)(inputs.manifest, { workspace: inputs.workspace });
        const secrets = [...hmacVariants, ...(0,action_secrets/* secretEnvValues */.yp)(m, env)];
        (0,action_secrets/* maskSecrets */.QU)(secrets);
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
            const skipped = cacheClient?.skippedLine();
            if (skipped)
                log.info(`swr: ${skipped}`);
            scheduleWriteBack(repaired, m, env, cacheClient);
        }
        // What survived, before any repair: the measurement a survival history is for.
        if (inputs.record && first)
            await recordCheckRun(first, m, inputs, env);
        // Nothing secret reaches the report file, outputs, summary, annotations or SARIF.
        const report = src_core/* scrub.scrubDeep */._I.scrubDeep(result.report, src_core/* scrub.makeScrubber */._I.makeScrubber(secrets, await src_core/* capture.loadSecretScan */.Fg.loadSecretScan()));
        const { status } = (0,src_core/* outcomeOf */.sG)(result);
        exitCode = (0,src_core/* outcomeOf */.sG)(result).exitCode;
        await publish(report, m, inputs, runnerTemp, status, exitCode, env);
        if (failureFor(status, inputs.failOn))
            log.setFailed(`swr ${inputs.command}: ${status} (${report.summary.damaged} of ${report.summary.entries} entries damaged; fail-on: ${inputs.failOn})`);
    }
    catch (caught) {
        publishError(caught);
    }
}


/***/ }),

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

/***/ 87911:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   QU: () => (/* binding */ maskSecrets),
/* harmony export */   yP: () => (/* binding */ keyVariants),
/* harmony export */   yp: () => (/* binding */ secretEnvValues)
/* harmony export */ });
/* harmony import */ var _actions_core__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(33838);
/* harmony import */ var _core_index_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(26319);
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
