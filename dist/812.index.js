export const id = 812;
export const ids = [812];
export const modules = {

/***/ 67812:
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
// EXTERNAL MODULE: ./src/adapters/actions-cache.ts
var actions_cache = __webpack_require__(36336);
// EXTERNAL MODULE: ./src/core/index.ts + 206 modules
var src_core = __webpack_require__(26319);
// EXTERNAL MODULE: ./src/action/constants.ts
var constants = __webpack_require__(90915);
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
// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(73024);
var external_node_fs_default = /*#__PURE__*/__webpack_require__.n(external_node_fs_);
// EXTERNAL MODULE: ./src/adapters/cache-service.ts
var cache_service = __webpack_require__(5572);
// EXTERNAL MODULE: external "node:stream"
var external_node_stream_ = __webpack_require__(57075);
;// CONCATENATED MODULE: ./src/adapters/s3/growing-upload.ts
/**
 * Storing a file while it is still being written, with bytes that are only known at the end in
 * front of it (a sealed archive: the body's frames are written first, the seal's frame, made from
 * the same reads, goes before them). One multipart upload: the body's bytes go up as parts 2, 3,
 * ... as soon as they are on disk, and part 1, the head with the body's first bytes, goes last,
 * so the object is byte for byte what the joined file would have been. S3 concatenates parts in
 * their numbers' order, whatever order they arrived in; every part but the last must be at least
 * 5 MiB, which part 1 is by holding back the body's first 5 MiB.
 *
 * A file that ends before a part beyond the held-back bytes was ready is sent as one object
 * (through `whole`), as a finished file would be. Each part is read into memory (the SDK retries a
 * part it holds, never a stream); at most QUEUE body parts are in flight, and part 1 beside them. A failure or a writing that
 * stopped aborts the upload, so no part is left in the bucket.
 */

/** Parts sent at once, as lib-storage's default queue. */
const QUEUE = 4;
/** S3's bound on the parts of one upload. */
const MAX_PARTS = 10_000;
/** The writing stopped: nothing is stored, and the caller hears the writer's own reason. */
class WritingStopped extends Error {
    reason;
    constructor(reason) {
        super('the writing stopped');
        this.reason = reason;
    }
}
async function putGrowing(g, u) {
    let written = 0;
    let ended;
    let stopped;
    let wake;
    const poke = () => wake?.();
    g.onGrow(n => ((written = Math.max(written, n)), poke()));
    g.ended.then(e => ((ended = e), poke()), err => ((stopped = new WritingStopped(err)), poke()));
    const nothing = () => new Promise(resolve => (wake = resolve));
    // Wait until a part beyond the held-back bytes is on disk, or the file ended.
    while (!ended && written < u.headBytes + u.partSize) {
        if (stopped)
            throw stopped;
        await nothing();
    }
    if (stopped)
        throw stopped;
    if (ended && ended.size < u.headBytes + u.partSize)
        return u.whole(ended.head, g.file, ended.size);
    const created = await u.client.send(new u.sdk.CreateMultipartUploadCommand({ Bucket: u.Bucket, Key: u.Key, Metadata: u.Metadata }));
    const UploadId = created.UploadId;
    if (!UploadId)
        throw new Error('the store gave no upload id');
    const fd = await external_node_fs_default().promises.open(g.file, 'r');
    const parts = [];
    const inFlight = new Set();
    // A full part's buffer, once the store has it, is read into again: fresh memory costs a page
    // fault per 4 KiB to touch.
    const spare = [];
    let failure;
    const send = (PartNumber, Body) => {
        const p = u.client
            .send(new u.sdk.UploadPartCommand({ Bucket: u.Bucket, Key: u.Key, UploadId, PartNumber, Body }))
            .then(r => {
            if (!r.ETag)
                failure ??= new Error(`the store gave part ${PartNumber} no ETag`);
            else
                parts.push({ PartNumber, ETag: r.ETag });
            if (Body.length === u.partSize)
                spare.push(Body);
        }, err => {
            failure ??= err;
        })
            .finally(() => (inFlight.delete(p), poke()));
        inFlight.add(p);
    };
    const read = async (at, n, into, offset = 0) => {
        into ??= (n === u.partSize ? spare.pop() : undefined) ?? Buffer.allocUnsafe(n);
        const { bytesRead } = await fd.read(into, offset, n, at);
        if (bytesRead !== n)
            throw new Error(`the file ended ${n - bytesRead} bytes early`);
        return into;
    };
    try {
        let next = u.headBytes;
        let number = 2;
        for (;;) {
            if (failure)
                throw failure;
            if (stopped)
                throw stopped;
            const end = ended ? ended.size : written;
            // A full part, or (once the file ended) the rest; never more than a part at a time.
            const n = Math.min(u.partSize, end - next);
            if (n > 0 && (n === u.partSize || ended) && inFlight.size < QUEUE) {
                if (number > MAX_PARTS)
                    throw new Error(`over ${MAX_PARTS} parts of ${u.partSize} bytes (set a larger part size)`);
                send(number++, await read(next, n));
                next += n;
                continue;
            }
            // Every body part sent: part 1 goes up beside the last ones.
            if (ended && next >= ended.size)
                break;
            await nothing();
        }
        const head = ended;
        const first = Buffer.allocUnsafe(head.head.length + u.headBytes);
        head.head.copy(first);
        send(1, await read(0, u.headBytes, first, head.head.length));
        while (inFlight.size > 0)
            await nothing();
        if (failure)
            throw failure;
        parts.sort((a, b) => a.PartNumber - b.PartNumber);
        await u.client.send(new u.sdk.CompleteMultipartUploadCommand({
            Bucket: u.Bucket,
            Key: u.Key,
            UploadId,
            MultipartUpload: { Parts: parts },
            // Keys are immutable: a store that honours it refuses a writer that raced past the check.
            IfNoneMatch: '*'
        }));
        return 'saved';
    }
    catch (err) {
        // Parts still going up would outlive the abort: wait for them first.
        while (inFlight.size > 0)
            await Promise.allSettled([...inFlight]);
        await u.client
            .send(new u.sdk.AbortMultipartUploadCommand({ Bucket: u.Bucket, Key: u.Key, UploadId }))
            .catch(() => undefined);
        throw err;
    }
    finally {
        await fd.close();
    }
}

;// CONCATENATED MODULE: ./src/adapters/s3/objects.ts
/**
 * An S3-compatible bucket (AWS S3, MinIO, R2, Ceph, ...) behind the engine's S3Objects port, on the
 * AWS SDK v3: its signing, its retries (standard mode: throttling and 5xx answers and dropped
 * connections are tried again with backoff), its credential chain (the environment's
 * AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, else a profile, web identity, the container or
 * instance role). The SDK is large: it is loaded by a dynamic import on the first call, so no other
 * command parses it.
 *
 * Keys are immutable: a put asks for the key first and sends `If-None-Match: *` with a single PUT
 * and with the completion of a multipart upload, so a store that honours it (S3, MinIO, R2)
 * refuses a second writer that raced past the check. Every failure is one line naming the
 * bucket and the cause by the store's error code, never its message or a credential.
 */




const MIB = 1024 * 1024;
const MIN_PART_SIZE = 5 * MIB;
const DEFAULT_PART_SIZE = 16 * MIB;
/** How many keys a listing reads at most (10 pages of 1000). */
const LIST_SCAN_MAX = 10_000;
/** The settings the environment gives, under the ones passed. */
function s3SettingsFromEnv(env, given) {
    const mb = Number(env.SWR_S3_PART_SIZE_MB);
    const endpoint = given.endpoint || env.SWR_S3_ENDPOINT || env.AWS_ENDPOINT_URL_S3 || env.AWS_ENDPOINT_URL;
    return {
        ...given,
        env,
        region: given.region || env.AWS_REGION || env.AWS_DEFAULT_REGION || 'us-east-1',
        endpoint: endpoint || undefined,
        forcePathStyle: given.forcePathStyle ?? (env.SWR_S3_FORCE_PATH_STYLE ?? '').toLowerCase() === 'true',
        partSize: given.partSize ??
            (Number.isInteger(mb) && mb >= 5 && mb <= 512 ? mb * MIB : DEFAULT_PART_SIZE)
    };
}
let sdk;
function loadSdk() {
    // The SDK warns on stderr about Node versions it will drop; swr says what matters itself.
    process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
    sdk ??= Promise.all([__webpack_require__.e(/* import() */ 711).then(__webpack_require__.t.bind(__webpack_require__, 53711, 19)), Promise.all(/* import() */[__webpack_require__.e(711), __webpack_require__.e(358)]).then(__webpack_require__.t.bind(__webpack_require__, 22358, 19))]);
    return sdk;
}
const DENIED = new Set([
    'AccessDenied',
    'InvalidAccessKeyId',
    'SignatureDoesNotMatch',
    'ExpiredToken',
    'InvalidToken',
    'TokenRefreshRequired',
    'AllAccessDisabled',
    'AccountProblem',
    'Forbidden'
]);
const NETWORK = new Set([
    'ECONNREFUSED',
    'ECONNRESET',
    'ENOTFOUND',
    'EAI_AGAIN',
    'ETIMEDOUT',
    'EPIPE',
    'EHOSTUNREACH',
    'ENETUNREACH',
    'TimeoutError',
    'RequestTimeout'
]);
/** A code as printed: letters and digits only (what a store sends is not trusted). */
const codeText = (v) => (v ?? '').replace(/[^A-Za-z0-9_]/g, '').slice(0, 40);
/** One line for a failed call: the bucket, what was asked, the cause. */
function classifyS3Error(err, shown, what) {
    if (err instanceof src_core/* buckets.S3Failure */.K4.S3Failure)
        return err;
    const e = (err ?? {});
    // A HEAD answer has no body: the SDK then knows the status only.
    const name = /^Unknown(Error)?$/.test(codeText(e.Code || e.name))
        ? ''
        : codeText(e.Code || e.name);
    const code = codeText(e.code);
    const status = e.$metadata?.httpStatusCode;
    const tries = e.$metadata?.attempts ?? 1;
    const after = tries > 1 ? ` after ${tries} attempts` : '';
    if (name === 'CredentialsProviderError' || /could not load credentials/i.test(e.message ?? ''))
        return new src_core/* buckets.S3Failure */.K4.S3Failure(`${shown}: ${what}: no credentials (AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, a profile, web identity or an instance role)`, 'denied');
    if (DENIED.has(name) || status === 403)
        return new src_core/* buckets.S3Failure */.K4.S3Failure(`${shown}: ${what}: access denied (${name || 'HTTP 403'}): the credentials may not do this here`, 'denied');
    if (name === 'NoSuchBucket')
        return new src_core/* buckets.S3Failure */.K4.S3Failure(`${shown}: ${what}: no such bucket`, 'no-bucket');
    if (NETWORK.has(code) || NETWORK.has(name))
        return new src_core/* buckets.S3Failure */.K4.S3Failure(`${shown}: ${what}: cannot reach the store (${code || name})${after}`, 'network');
    if (name === 'SlowDown' ||
        name === 'ServiceUnavailable' ||
        name === 'InternalError' ||
        status === 429 ||
        (status !== undefined && status >= 500))
        return new src_core/* buckets.S3Failure */.K4.S3Failure(`${shown}: ${what}: the store kept failing (${name || 'HTTP'}${status ? ` ${status}` : ''})${after}`, 'throttled');
    if (/region is missing/i.test(e.message ?? ''))
        return new src_core/* buckets.S3Failure */.K4.S3Failure(`${shown}: ${what}: no region (set AWS_REGION)`, 'other');
    return new src_core/* buckets.S3Failure */.K4.S3Failure(`${shown}: ${what} failed (${name || code || 'error'}${status ? `, HTTP ${status}` : ''})`, 'other');
}
/** A stream that fails once more than `max` bytes have passed. */
function bounded(body, max, shown) {
    let seen = 0;
    const gate = new external_node_stream_.Transform({
        transform(chunk, _enc, done) {
            seen += chunk.length;
            if (seen > max)
                done(new src_core/* buckets.S3Failure */.K4.S3Failure(`${shown}: the object grew past ${max} bytes`, 'other'));
            else
                done(null, chunk);
        }
    });
    body.on('error', err => gate.destroy(err));
    gate.on('close', () => body.destroy());
    return body.pipe(gate);
}
const SAVED_META = 'swr-saved-ms';
/** `first`, then the file's bytes. */
async function* joined(first, file) {
    yield first;
    yield* external_node_fs_default().createReadStream(file);
}
function s3Objects(settings) {
    const shown = `s3://${settings.bucket}`;
    const Bucket = settings.bucket;
    let client;
    const open = () => (client ??= loadSdk().then(([{ S3Client: Client }]) => {
        const env = settings.env;
        const requestMs = settings.requestMs ?? 60_000;
        return new Client({
            region: settings.region ?? 'us-east-1',
            ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
            forcePathStyle: settings.forcePathStyle ?? false,
            maxAttempts: settings.maxAttempts ?? 5,
            // Explicit keys when this process was given them; else the SDK's chain.
            ...(env.AWS_ACCESS_KEY_ID && env.AWS_SECRET_ACCESS_KEY
                ? {
                    credentials: {
                        accessKeyId: env.AWS_ACCESS_KEY_ID,
                        secretAccessKey: env.AWS_SECRET_ACCESS_KEY,
                        ...(env.AWS_SESSION_TOKEN ? { sessionToken: env.AWS_SESSION_TOKEN } : {})
                    }
                }
                : {}),
            requestHandler: {
                connectionTimeout: Math.min(requestMs, 10_000),
                requestTimeout: requestMs,
                throwOnRequestTimeout: true
            }
        });
    }));
    const call = async (what, fn) => {
        try {
            const [m] = await loadSdk();
            return await fn(await open(), m);
        }
        catch (err) {
            throw classifyS3Error(err, shown, what);
        }
    };
    const notFound = (err) => {
        const e = err;
        return (e?.name === 'NotFound' ||
            e?.name === 'NoSuchKey' ||
            (e?.$metadata?.httpStatusCode === 404 && e?.name !== 'NoSuchBucket'));
    };
    async function head(key) {
        try {
            const [m] = await loadSdk();
            const r = await (await open()).send(new m.HeadObjectCommand({ Bucket, Key: key }));
            const saved = Number(r.Metadata?.[SAVED_META]);
            return {
                key,
                size: r.ContentLength ?? 0,
                lastModified: r.LastModified ?? new Date(0),
                ...(Number.isFinite(saved) ? { savedMs: saved } : {})
            };
        }
        catch (err) {
            if (notFound(err))
                return undefined;
            throw classifyS3Error(err, shown, `HEAD ${key}`);
        }
    }
    return {
        shown,
        head,
        async putIfAbsent(key, body, meta = {}) {
            if (await head(key))
                return 'exists';
            const [m, storage] = await loadSdk();
            const Metadata = { ...meta, [SAVED_META]: String(Date.now()) };
            const partSize = Math.max(MIN_PART_SIZE, settings.partSize ?? DEFAULT_PART_SIZE);
            // One PUT below the part size, parts above it (lib-storage), conditional either way.
            const upload = async (Body, size) => {
                await new storage.Upload({
                    client: await open(),
                    params: { Bucket, Key: key, Body, ContentLength: size, Metadata, IfNoneMatch: '*' },
                    partSize,
                    queueSize: 4,
                    leavePartsOnError: false
                }).done();
                return 'saved';
            };
            try {
                if ('bytes' in body)
                    return await upload(body.bytes, body.bytes.length);
                if ('file' in body)
                    return await upload(external_node_fs_default().createReadStream(body.file), body.size);
                return await putGrowing(body.growing, {
                    client: await open(),
                    sdk: m,
                    Bucket,
                    Key: key,
                    Metadata,
                    partSize,
                    headBytes: MIN_PART_SIZE,
                    whole: (first, file, size) => upload(external_node_stream_.Readable.from(joined(first, file)), first.length + size)
                });
            }
            catch (err) {
                if (err instanceof WritingStopped)
                    throw err.reason;
                const e = err;
                // Another writer took the key between the check and the PUT.
                if (e?.name === 'PreconditionFailed' || e?.$metadata?.httpStatusCode === 412)
                    return 'exists';
                throw classifyS3Error(err, shown, `PUT ${key}`);
            }
        },
        async get(key, maxBytes) {
            let r;
            try {
                const [m] = await loadSdk();
                r = await (await open()).send(new m.GetObjectCommand({ Bucket, Key: key }));
            }
            catch (err) {
                if (notFound(err))
                    return undefined;
                throw classifyS3Error(err, shown, `GET ${key}`);
            }
            const body = r.Body;
            const size = r.ContentLength ?? 0;
            if (!body)
                throw new src_core/* buckets.S3Failure */.K4.S3Failure(`${shown}: GET ${key}: no body`, 'other');
            if (size > maxBytes) {
                body.destroy();
                throw new src_core/* buckets.S3Failure */.K4.S3Failure(`${shown}: GET ${key}: ${size} bytes, over the ${maxBytes}-byte limit`, 'other');
            }
            return { body: bounded(body, maxBytes, shown), size, lastModified: r.LastModified };
        },
        async list(prefix, limit) {
            const found = [];
            let token;
            do {
                const page = await call(`LIST ${prefix}`, (c, m) => c.send(new m.ListObjectsV2Command({
                    Bucket,
                    Prefix: prefix,
                    MaxKeys: 1000,
                    ...(token ? { ContinuationToken: token } : {})
                })));
                for (const o of page.Contents ?? [])
                    if (o.Key && o.Key.startsWith(prefix))
                        found.push({
                            key: o.Key,
                            size: o.Size ?? 0,
                            lastModified: o.LastModified ?? new Date(0)
                        });
                token = page.IsTruncated ? page.NextContinuationToken : undefined;
            } while (token && found.length < LIST_SCAN_MAX);
            found.sort((a, b) => b.lastModified.getTime() - a.lastModified.getTime());
            // Stores keep whole seconds: the newest second's objects are told apart by when swr saved them.
            const top = found.filter(o => o.lastModified.getTime() === found[0]?.lastModified.getTime());
            if (top.length > 1 && top.length <= 16) {
                const saved = new Map();
                for (const o of top)
                    saved.set(o.key, (await head(o.key))?.savedMs ?? 0);
                top.sort((a, b) => (saved.get(b.key) ?? 0) - (saved.get(a.key) ?? 0));
                found.splice(0, top.length, ...top);
            }
            return found.slice(0, limit);
        }
    };
}
/**
 * One client per bucket, made on first use from the environment's settings (endpoint, region,
 * path style, credentials: docs/fleets.md), for the restore sources and copies of a run.
 */
function s3Clients(env) {
    const made = new Map();
    return bucket => {
        let c = made.get(bucket);
        if (!c)
            made.set(bucket, (c = s3Objects(s3SettingsFromEnv(env, { bucket }))));
        return c;
    };
}

// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __webpack_require__(77598);
;// CONCATENATED MODULE: ./src/adapters/s3/sealed-cache.ts
/**
 * An S3-compatible bucket as the store of sealed caches: the same archive and seal as in the
 * Actions cache, the same verification, under an object layout that keeps the Actions cache's
 * rules, which S3 itself does not have:
 *
 *   PREFIX/SCOPE/VERSION/KEY
 *
 * - SCOPE is the git ref the saving run was for (`refs/heads/main`, `refs/pull/7/merge`), written
 *   as one escaped segment. A run reads its own ref's entries, then its base branch's and the
 *   default branch's; it writes only its own. So a pull request never writes what `main`
 *   restores. (Anyone holding the bucket's write credentials can of course write anywhere: the
 *   seal's signature, not the layout, is what a restore trusts.)
 * - VERSION is sha256 of swr's marker, the `path` lines as written and the compression: a step
 *   with other lines, or a plain archive, never meets this one.
 * - KEY is the cache key, each byte outside `A-Za-z0-9._-` escaped, so a restore-keys prefix is a
 *   prefix of the object names it selects, listed newest first.
 *
 * Keys are immutable as in the Actions cache: a save asks first and creates conditionally.
 */


/** The largest archive a restore reads (the Actions cache's per-repository quota is 10 GiB). */
const MAX_ARCHIVE_BYTES = 64 * 1024 ** 3;
/** S3's bound on an object name, in bytes. */
const MAX_OBJECT_KEY = 1024;
/** How many objects a restore-keys prefix looks at. */
const LIST_LIMIT = 1000;
const COMPRESSIONS = ['zstd', 'gzip'];
/** Each byte outside A-Za-z0-9._- as %XX: prefix-preserving, and never a '/' or '..'. */
function escapeSegment(s) {
    let out = '';
    for (const b of Buffer.from(s, 'utf8')) {
        const c = String.fromCharCode(b);
        out +=
            /[A-Za-z0-9_-]/.test(c) || (c === '.' && out !== '')
                ? c
                : `%${b.toString(16).toUpperCase().padStart(2, '0')}`;
    }
    return out;
}
function s3SealedVersion(lines, compression) {
    return (0,external_node_crypto_.createHash)('sha256')
        .update([src_core/* sealedCache.SEALED_VERSION_MARKER */.HR.SEALED_VERSION_MARKER, ...lines, compression].join('|'))
        .digest('hex');
}
function objectDir(prefix, ref, lines, c) {
    return `${prefix}${escapeSegment(ref)}/${s3SealedVersion(lines, c)}/`;
}
/** Where the store failed, as the engine's outage (a miss that says so). */
function unavailable(err) {
    if (err instanceof src_core/* buckets.S3Failure */.K4.S3Failure)
        throw new src_core/* sealedCache.StoreUnavailable */.HR.StoreUnavailable(err.message);
    throw err;
}
function s3SealedCacheClient(opts) {
    const { objects, prefix, scope } = opts;
    const readRefs = [...new Set([scope.write, ...scope.read])];
    const archive = (name, compression, key, exact) => ({
        matchedKey: key,
        exact,
        compression,
        bounds: opts.bounds,
        async open() {
            const got = await objects.get(name, MAX_ARCHIVE_BYTES).catch(unavailable);
            if (!got)
                throw new src_core/* sealedCache.StoreUnavailable */.HR.StoreUnavailable(`${objects.shown}: the object for key ${key} went away`);
            return got.body;
        }
    });
    /** The object a save of `key` creates: in this ref's scope; undefined when S3 cannot name it. */
    const savedName = (lines, key, compression) => {
        const name = objectDir(prefix, scope.write, lines, compression) + escapeSegment(key);
        return Buffer.byteLength(name) > MAX_OBJECT_KEY ? undefined : name;
    };
    const put = async (lines, key, compression, body) => {
        const name = savedName(lines, key, compression);
        if (name === undefined) {
            opts.onNote?.(`cache save: the object name for this key is over ${MAX_OBJECT_KEY} bytes in S3: not saved`);
            return 'failed';
        }
        try {
            return await objects.putIfAbsent(name, body);
        }
        catch (err) {
            // The save itself stopped (a file changed while read): the engine says why.
            if ('growing' in body && !(err instanceof src_core/* buckets.S3Failure */.K4.S3Failure))
                throw err;
            opts.onNote?.(`cache save: ${err instanceof src_core/* buckets.S3Failure */.K4.S3Failure ? err.message : String(err).split('\n')[0]}`);
            return 'failed';
        }
    };
    return {
        async find(lines, key, restoreKeys) {
            try {
                for (const ref of readRefs)
                    for (const c of COMPRESSIONS) {
                        const name = objectDir(prefix, ref, lines, c) + escapeSegment(key);
                        if (await objects.head(name))
                            return archive(name, c, key, true);
                    }
                for (const wanted of restoreKeys)
                    for (const ref of readRefs) {
                        // Newest first across both compressions, as one listing would give them.
                        const found = (await Promise.all(COMPRESSIONS.map(async (c) => {
                            const dir = objectDir(prefix, ref, lines, c);
                            const listed = await objects.list(dir + escapeSegment(wanted), LIST_LIMIT);
                            return listed.map(o => ({ ...o, c, dir }));
                        })))
                            .flat()
                            .sort((a, b) => b.lastModified.getTime() - a.lastModified.getTime())[0];
                        if (!found)
                            continue;
                        const matched = decodeURIComponent(found.key.slice(found.dir.length));
                        return archive(found.key, found.c, matched, matched === key);
                    }
                // A HEAD of a missing bucket reads as a missing object: one listing tells them apart, so a
                // bucket that is not there is an outage that says so, never "no cache for key".
                await objects.list(objectDir(prefix, scope.write, lines, 'zstd') + escapeSegment(key), 1);
                return undefined;
            }
            catch (err) {
                return unavailable(err);
            }
        },
        save: (lines, key, file) => put(lines, key, file.compression, { file: file.file, size: file.size }),
        // The body goes up in parts as it is written, the seal's frame last as the first part.
        saveLive: (lines, key, live) => put(lines, key, live.compression, { growing: live }),
        async taken(lines, key, compression) {
            const name = savedName(lines, key, compression);
            if (name === undefined)
                return false;
            // A HEAD that fails (a denied action, a missing bucket) cannot tell: the save's own upload
            // meets the same failure and says so, as it did before this look.
            return objects.head(name).then(found => found !== undefined, () => false);
        }
    };
}

;// CONCATENATED MODULE: ./src/action/cache/s3.ts
/**
 * The cache actions' S3 store: chosen by the `s3-bucket` input, or by SWR_CACHE_S3_BUCKET in the
 * runner's environment (so a fleet moves every job to its bucket without editing a workflow), and
 * scoped by the run's git refs as the Actions cache scopes its entries (adapters/s3/sealed-cache.ts).
 */






function endpointOf(v) {
    if (v === '')
        return undefined;
    let url;
    try {
        url = new URL(v);
    }
    catch {
        throw new src_core/* UsageError */.eb(`input s3-endpoint: "${v.slice(0, 80)}" is not a URL`);
    }
    if (!/^https?:$/.test(url.protocol) || url.username || url.password || url.search)
        throw new src_core/* UsageError */.eb('input s3-endpoint: an http(s) URL without credentials or a query');
    return url.href;
}
/** The S3 inputs, or undefined when the Actions cache is the store. */
function readS3Inputs(env) {
    const given = core/* getInput */.V4('s3-bucket').trim();
    const bucket = given || (env.SWR_CACHE_S3_BUCKET ?? '').trim();
    if (bucket === '')
        return undefined;
    const what = given ? 'input s3-bucket' : 'SWR_CACHE_S3_BUCKET';
    const style = core/* getInput */.V4('s3-force-path-style').trim().toLowerCase();
    if (style !== '' && style !== 'true' && style !== 'false')
        throw new src_core/* UsageError */.eb(`input s3-force-path-style: "${style.slice(0, 40)}" is not true or false`);
    const region = core/* getInput */.V4('s3-region').trim();
    if (region !== '' && !/^[a-z0-9-]{1,40}$/.test(region))
        throw new src_core/* UsageError */.eb(`input s3-region: "${region.slice(0, 40)}" is not a region name`);
    return {
        bucket: src_core/* buckets.checkBucket */.K4.checkBucket(bucket, what),
        prefix: src_core/* buckets.checkPrefix */.K4.checkPrefix(core/* getInput */.V4('s3-prefix').trim() || (env.SWR_CACHE_S3_PREFIX ?? '').trim(), 'input s3-prefix'),
        region: region || undefined,
        endpoint: endpointOf(core/* getInput */.V4('s3-endpoint').trim()),
        forcePathStyle: style === '' ? undefined : style === 'true'
    };
}
/** The default branch the event names (bounded read), if any. */
function defaultBranch(env) {
    const file = env.GITHUB_EVENT_PATH;
    if (!file)
        return undefined;
    try {
        const st = external_node_fs_default().statSync(file);
        if (!st.isFile() || st.size > 16 * 1024 * 1024)
            return undefined;
        const event = JSON.parse(external_node_fs_default().readFileSync(file, 'utf8'));
        const b = event.repository?.default_branch;
        return typeof b === 'string' && b !== '' ? b : undefined;
    }
    catch {
        return undefined;
    }
}
/**
 * The run's scope as the Actions cache has it: its own ref (written and read first), then its
 * base branch (a pull request) and the default branch (read only).
 */
function s3Scope(env) {
    const own = env.GITHUB_REF || 'refs/unknown';
    const read = [];
    if (env.GITHUB_BASE_REF)
        read.push(`refs/heads/${env.GITHUB_BASE_REF}`);
    const main = defaultBranch(env);
    if (main)
        read.push(`refs/heads/${main}`);
    return { write: own, read };
}
function s3CacheClient(inputs, env, opts) {
    const objects = s3Objects(s3SettingsFromEnv(env, {
        bucket: inputs.bucket,
        region: inputs.region,
        endpoint: inputs.endpoint,
        forcePathStyle: inputs.forcePathStyle
    }));
    return s3SealedCacheClient({
        objects,
        prefix: inputs.prefix,
        scope: s3Scope(env),
        bounds: (0,cache_service/* downloadBounds */.GM)(env, opts.stallSeconds, opts.onNote),
        onNote: opts.onNote
    });
}

;// CONCATENATED MODULE: ./src/action/cache/inputs.ts
/**
 * The cache actions' inputs (cache/action.yml, cache/restore/action.yml, cache/save/action.yml):
 * actions/cache's own, read the way it reads them, plus the seal's. Every bad value is one line
 * naming the input.
 */






const bool = inputs/* boolInput */.Hm;
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
        stallSeconds: seconds('download-stall-timeout'),
        s3: readS3Inputs(env)
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
const STATE = { primaryKey: constants/* CacheState */.iF.PrimaryKey, hit: constants/* CacheState */.iF.Hit };
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
    src_core/* state.applyProcFdSetting */.wk.applyProcFdSetting(env);
    return {
        cache: inputs.s3
            ? s3CacheClient(inputs.s3, env, {
                stallSeconds: inputs.stallSeconds,
                onNote: line => log.warning(line)
            })
            : (0,actions_cache/* actionsSealedCacheClient */.nV)({
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
        if (!inputs.s3 && !(0,actions_cache/* cacheServiceAvailable */.jI)(env)) {
            log.warning('swr cache: no Actions cache service in this job: nothing restored');
            core/* setOutput */.uH('cache-hit', 'false');
            core/* setOutput */.uH('cache-primary-key', inputs.key);
            return;
        }
        const r = await src_core/* sealedCache.restoreSealedCache */.HR.restoreSealedCache({
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
        if (!inputs.s3 && (0,actions_cache/* cacheReadOnly */.$i)(env)) {
            log.info('swr cache: read-only cache mode (ACTIONS_CACHE_MODE): not saving');
            return;
        }
        if (!inputs.s3 && !(0,actions_cache/* cacheServiceAvailable */.jI)(env)) {
            log.warning('swr cache: no Actions cache service in this job: not saving');
            return;
        }
        const identity = inputs.signingSeed
            ? await src_core/* sign.identityFromSeed */._S.identityFromSeed(inputs.signingSeed)
            : undefined;
        const run = [env.GITHUB_REPOSITORY, env.GITHUB_RUN_ID, env.GITHUB_JOB].filter(Boolean).join(' ');
        const r = await src_core/* sealedCache.saveSealedCache */.HR.saveSealedCache({
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
            log.info(`swr cache: sealed ${r.files} files (${by}) and saved them under key ${r.key}${r.phases ? ` in ${r.ms} ms (read and archive ${r.phases.readMs}, seal ${r.phases.sealMs}, upload ${r.phases.uploadMs})` : ''}`);
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
