export const id = 771;
export const ids = [771];
export const modules = {

/***/ 98771:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   endChildren: () => (/* binding */ endChildren),
/* harmony export */   endChildrenOnSignals: () => (/* binding */ endChildrenOnSignals)
/* harmony export */ });
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(73024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(76760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_1__);
/**
 * The processes a step leaves behind. A save starts zstd (and the cache client tar and zstd for a
 * manifest's cache source) writing an archive in RUNNER_TEMP; when the step ends early (a save given up at its deadline, or
 * the runner's SIGINT/SIGTERM at a cancel or a timeout, which reach this process only) they would
 * go on writing a partial archive after the step. So at the end, and on those signals, every
 * process below this one is ended, and the archive a tar among them was writing is removed when
 * it lies where the cache client puts it (a file named cache.* in a folder of RUNNER_TEMP). Linux
 * only (read from /proc); elsewhere nothing is done.
 */


/** Pids whose parent chain leads to `root`, children before grandchildren. */
function descendants(root) {
    let stats;
    try {
        stats = node_fs__WEBPACK_IMPORTED_MODULE_0___default().readdirSync('/proc')
            .filter(n => /^\d+$/.test(n))
            .flatMap(n => {
            try {
                // The command name is in parentheses and may hold spaces: the fields follow the last ')'.
                const stat = node_fs__WEBPACK_IMPORTED_MODULE_0___default().readFileSync(`/proc/${n}/stat`, 'utf8');
                const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
                return [{ pid: Number(n), ppid }];
            }
            catch {
                return [];
            }
        });
    }
    catch {
        return [];
    }
    const out = [];
    const queue = [root];
    while (queue.length > 0) {
        const parent = queue.shift();
        for (const s of stats)
            if (s.ppid === parent) {
                out.push(s.pid);
                queue.push(s.pid);
            }
    }
    return out;
}
/** The archive `tar -cf FILE` was started to write, when the process is a tar. */
function tarArchive(pid) {
    try {
        const argv = node_fs__WEBPACK_IMPORTED_MODULE_0___default().readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
        if (node_path__WEBPACK_IMPORTED_MODULE_1___default().basename(argv[0] ?? '') !== 'tar')
            return undefined;
        const at = argv.indexOf('-cf');
        const file = at >= 0 ? argv[at + 1] : undefined;
        if (!file)
            return undefined;
        const cwd = node_fs__WEBPACK_IMPORTED_MODULE_0___default().readlinkSync(`/proc/${pid}/cwd`);
        return node_path__WEBPACK_IMPORTED_MODULE_1___default().resolve(cwd, file);
    }
    catch {
        return undefined;
    }
}
/** A partial archive of the cache client's: cache.* directly in a folder of RUNNER_TEMP. */
function isClientArchive(file, runnerTemp) {
    if (!runnerTemp)
        return false;
    return (node_path__WEBPACK_IMPORTED_MODULE_1___default().dirname(node_path__WEBPACK_IMPORTED_MODULE_1___default().dirname(file)) === node_path__WEBPACK_IMPORTED_MODULE_1___default().resolve(runnerTemp) &&
        /^cache\.(tzst|tgz|tar)$/.test(node_path__WEBPACK_IMPORTED_MODULE_1___default().basename(file)));
}
/**
 * End every process below this one (SIGKILL: they hold nothing worth a clean end) and remove the
 * partial archive a tar among them was writing.
 */
function endChildren(runnerTemp = process.env.RUNNER_TEMP) {
    const pids = descendants(process.pid);
    const archives = pids.flatMap(pid => tarArchive(pid) ?? []);
    for (const pid of pids)
        try {
            process.kill(pid, 'SIGKILL');
        }
        catch {
            // Gone already.
        }
    for (const file of archives)
        if (isClientArchive(file, runnerTemp))
            node_fs__WEBPACK_IMPORTED_MODULE_0___default().rmSync(node_path__WEBPACK_IMPORTED_MODULE_1___default().dirname(file), { recursive: true, force: true });
    removeOwnSaveScratch(runnerTemp);
    return pids.length;
}
/**
 * This process's own save scratch (`swr-save-PID-RANDOM` in RUNNER_TEMP: the archive swr was
 * writing or uploading), which a signal leaves no `finally` to remove.
 */
function removeOwnSaveScratch(runnerTemp) {
    if (!runnerTemp)
        return;
    const mine = new RegExp(`^swr-save-${process.pid}-[0-9a-f]{16}$`);
    let names;
    try {
        names = node_fs__WEBPACK_IMPORTED_MODULE_0___default().readdirSync(runnerTemp);
    }
    catch {
        return;
    }
    for (const name of names)
        if (mine.test(name))
            node_fs__WEBPACK_IMPORTED_MODULE_0___default().rmSync(node_path__WEBPACK_IMPORTED_MODULE_1___default().join(runnerTemp, name), { recursive: true, force: true });
}
/** On the runner's SIGINT/SIGTERM: end the children, then this process, as a failed step. */
function endChildrenOnSignals() {
    for (const sig of ['SIGINT', 'SIGTERM'])
        process.once(sig, () => {
            endChildren();
            process.exit(sig === 'SIGINT' ? 130 : 143);
        });
}


/***/ })

};
