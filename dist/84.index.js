export const id = 84;
export const ids = [84];
export const modules = {

/***/ 9084:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  Xe: () => (/* reexport */ AEAD_USAGES),
  vw: () => (/* reexport */ AeadId),
  uu: () => (/* reexport */ DecapError),
  $7: () => (/* reexport */ DeriveKeyPairError),
  Ug: () => (/* reexport */ errors_DeserializeError),
  gX: () => (/* reexport */ Dhkem),
  wg: () => (/* reexport */ consts_EMPTY),
  Ec: () => (/* reexport */ Ec),
  Wg: () => (/* reexport */ EncapError),
  ze: () => (/* reexport */ ExportError),
  o0: () => (/* reexport */ HkdfSha256Native),
  yb: () => (/* reexport */ HkdfSha384Native),
  d5: () => (/* reexport */ HkdfSha512Native),
  t8: () => (/* reexport */ HpkeError),
  MK: () => (/* reexport */ INFO_LENGTH_LIMIT),
  _W: () => (/* reexport */ INPUT_LENGTH_LIMIT),
  NS: () => (/* reexport */ errors_InvalidParamError),
  xE: () => (/* reexport */ KEM_USAGES),
  jB: () => (/* reexport */ KdfId),
  h: () => (/* reexport */ identifiers_KemId),
  CY: () => (/* reexport */ dhkemPrimitives_LABEL_DKP_PRK),
  Hz: () => (/* reexport */ dhkemPrimitives_LABEL_SK),
  vI: () => (/* reexport */ MINIMUM_PSK_LENGTH),
  Du: () => (/* reexport */ MessageLimitReachedError),
  Kt: () => (/* reexport */ Mode),
  fi: () => (/* reexport */ NativeAlgorithm),
  EM: () => (/* reexport */ errors_NotSupportedError),
  ZE: () => (/* reexport */ OpenError),
  lp: () => (/* reexport */ SealError),
  LV: () => (/* reexport */ errors_SerializeError),
  yI: () => (/* reexport */ ValidationError),
  Bk: () => (/* reexport */ xCryptoKey_XCryptoKey),
  vy: () => (/* reexport */ XCurveDhkemPrimitives),
  rf: () => (/* reexport */ base64UrlToBytes),
  xW: () => (/* reexport */ misc_concat),
  w8: () => (/* reexport */ hmac),
  wH: () => (/* reexport */ misc_i2Osp),
  Di: () => (/* reexport */ misc_isCryptoKeyPair),
  QZ: () => (/* reexport */ loadCrypto),
  zi: () => (/* reexport */ modular_mod),
  EC: () => (/* reexport */ montgomery),
  zH: () => (/* reexport */ pow2),
  sc: () => (/* reexport */ sha256),
  XA: () => (/* reexport */ hkdf_toArrayBuffer),
  Fo: () => (/* reexport */ toUint8Array),
  I8: () => (/* reexport */ xor)
});

// UNUSED EXPORTS: Hybridkem, SUITE_ID_HEADER_KEM, abytes, aexists, anumber, aoutput, clean, copyBytes, createView, hexToBytes, hexToNumber, isDeno, isDenoV1, isLE, kemToKeyGenAlgorithm, loadSubtleCrypto, numberToBigint, sha384, sha3_256, sha3_384, sha3_512, sha512, shake128, shake256, u32

;// CONCATENATED MODULE: ./node_modules/@hpke/common/esm/src/errors.js
/**
 * The base error class of hpke-js.
 * @group Errors
 */
class HpkeError extends Error {
    constructor(e) {
        let message;
        if (e instanceof Error) {
            message = e.message;
        }
        else if (typeof e === "string") {
            message = e;
        }
        else {
            message = "";
        }
        super(message);
        this.name = this.constructor.name;
    }
}
/**
 * Invalid parameter.
 * @group Errors
 */
class errors_InvalidParamError extends HpkeError {
}
/**
 * KEM input or output validation failure.
 * @group Errors
 */
class ValidationError extends HpkeError {
}
/**
 * Public or private key serialization failure.
 * @group Errors
 */
class errors_SerializeError extends HpkeError {
}
/**
 * Public or private key deserialization failure.
 * @group Errors
 */
class errors_DeserializeError extends HpkeError {
}
/**
 * encap() failure.
 * @group Errors
 */
class EncapError extends HpkeError {
}
/**
 * decap() failure.
 * @group Errors
 */
class DecapError extends HpkeError {
}
/**
 * Secret export failure.
 * @group Errors
 */
class ExportError extends HpkeError {
}
/**
 * seal() failure.
 * @group Errors
 */
class SealError extends HpkeError {
}
/**
 * open() failure.
 * @group Errors
 */
class OpenError extends HpkeError {
}
/**
 * Sequence number overflow on the encryption context.
 * @group Errors
 */
class MessageLimitReachedError extends HpkeError {
}
/**
 * Key pair derivation failure.
 * @group Errors
 */
class DeriveKeyPairError extends HpkeError {
}
/**
 * Not supported failure.
 * @group Errors
 */
class errors_NotSupportedError extends HpkeError {
}

;// CONCATENATED MODULE: ./node_modules/@hpke/common/esm/_dnt.shims.js
const dntGlobals = {};
const dntGlobalThis = createMergeProxy(globalThis, dntGlobals);
function createMergeProxy(baseObj, extObj) {
    return new Proxy(baseObj, {
        get(_target, prop, _receiver) {
            if (prop in extObj) {
                return extObj[prop];
            }
            else {
                return baseObj[prop];
            }
        },
        set(_target, prop, value) {
            if (prop in extObj) {
                delete extObj[prop];
            }
            baseObj[prop] = value;
            return true;
        },
        deleteProperty(_target, prop) {
            let success = false;
            if (prop in extObj) {
                delete extObj[prop];
                success = true;
            }
            if (prop in baseObj) {
                delete baseObj[prop];
                success = true;
            }
            return success;
        },
        ownKeys(_target) {
            const baseKeys = Reflect.ownKeys(baseObj);
            const extKeys = Reflect.ownKeys(extObj);
            const extKeysSet = new Set(extKeys);
            return [...baseKeys.filter((k) => !extKeysSet.has(k)), ...extKeys];
        },
        defineProperty(_target, prop, desc) {
            if (prop in extObj) {
                delete extObj[prop];
            }
            Reflect.defineProperty(baseObj, prop, desc);
            return true;
        },
        getOwnPropertyDescriptor(_target, prop) {
            if (prop in extObj) {
                return Reflect.getOwnPropertyDescriptor(extObj, prop);
            }
            else {
                return Reflect.getOwnPropertyDescriptor(baseObj, prop);
            }
        },
        has(_target, prop) {
            return prop in extObj || prop in baseObj;
        },
    });
}

;// CONCATENATED MODULE: ./node_modules/@hpke/common/esm/src/algorithm.js


async function loadSubtleCrypto() {
    if (dntGlobalThis !== undefined && globalThis.crypto !== undefined) {
        // Browsers, Node.js >= v19, Cloudflare Workers, Bun, etc.
        return globalThis.crypto.subtle;
    }
    // Node.js <= v18
    try {
        // @ts-ignore: to ignore "crypto"
        const { webcrypto } = await Promise.resolve(/* import() */).then(__webpack_require__.t.bind(__webpack_require__, 76982, 19)); // node:crypto
        return webcrypto.subtle;
    }
    catch (e) {
        throw new errors_NotSupportedError(e);
    }
}
class NativeAlgorithm {
    constructor() {
        Object.defineProperty(this, "_api", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: undefined
        });
    }
    async _setup() {
        if (this._api !== undefined) {
            return;
        }
        this._api = await loadSubtleCrypto();
    }
}

;// CONCATENATED MODULE: ./node_modules/@hpke/common/esm/src/identifiers.js
/**
 * The supported HPKE modes.
 */
const Mode = {
    Base: 0x00,
    Psk: 0x01,
    Auth: 0x02,
    AuthPsk: 0x03,
};
/**
 * The supported Key Encapsulation Mechanism (KEM) identifiers.
 */
const identifiers_KemId = {
    NotAssigned: 0x0000,
    DhkemP256HkdfSha256: 0x0010,
    DhkemP384HkdfSha384: 0x0011,
    DhkemP521HkdfSha512: 0x0012,
    DhkemSecp256k1HkdfSha256: 0x0013,
    DhkemX25519HkdfSha256: 0x0020,
    DhkemX448HkdfSha512: 0x0021,
    HybridkemX25519Kyber768: 0x0030,
    MlKem512: 0x0040,
    MlKem768: 0x0041,
    MlKem1024: 0x0042,
    XWing: 0x647a,
};
/**
 * The supported Key Derivation Function (KDF) identifiers.
 */
const KdfId = {
    HkdfSha256: 0x0001,
    HkdfSha384: 0x0002,
    HkdfSha512: 0x0003,
    Sha3256: 0x0004,
    Sha3384: 0x0005,
    Sha3512: 0x0006,
    Shake128: 0x0010,
    Shake256: 0x0011,
    TurboShake128: 0x0012,
    TurboShake256: 0x0013,
};
/**
 * The supported Authenticated Encryption with Associated Data (AEAD) identifiers.
 */
const AeadId = {
    Aes128Gcm: 0x0001,
    Aes256Gcm: 0x0002,
    Chacha20Poly1305: 0x0003,
    ExportOnly: 0xFFFF,
};

;// CONCATENATED MODULE: ./node_modules/@hpke/common/esm/src/consts.js
// The input length limit (psk, psk_id, info, exporter_context, ikm).
const INPUT_LENGTH_LIMIT = 8192;
const INFO_LENGTH_LIMIT = 268435456;
// The minimum length of a PSK.
const MINIMUM_PSK_LENGTH = 32;
// b""
const consts_EMPTY = /* @__PURE__ */ new Uint8Array(0);
// Common BigInt constants
const N_0 = 0n;
const N_1 = 1n;
const N_2 = 2n;
const N_7 = 7n;
const N_32 = 32n;
const N_256 = 256n;
const N_0x71 = 0x71n;
const BYTE_TO_BIGINT_256 = /* @__PURE__ */ (() => {
    const out = new Array(256);
    let i = 0;
    let value = 0n;
    while (i < 256) {
        out[i] = value;
        i++;
        value += 1n;
    }
    return out;
})();

;// CONCATENATED MODULE: ./node_modules/@hpke/common/esm/src/interfaces/kemInterface.js
// b"KEM"
const kemInterface_SUITE_ID_HEADER_KEM = /* @__PURE__ */ new Uint8Array([
    75,
    69,
    77,
    0,
    0,
]);

;// CONCATENATED MODULE: ./node_modules/@hpke/common/esm/src/kdfs/hkdf.js




// b"HPKE-v1"
const HPKE_VERSION = /* @__PURE__ */ new Uint8Array([
    72,
    80,
    75,
    69,
    45,
    118,
    49,
]);
function toUint8Array(input) {
    return new Uint8Array(hkdf_toArrayBuffer(input));
}
function hkdf_toArrayBuffer(input) {
    if (input instanceof ArrayBuffer) {
        return input;
    }
    if (ArrayBuffer.isView(input)) {
        return new Uint8Array(input.buffer, input.byteOffset, input.byteLength)
            .slice().buffer;
    }
    return new Uint8Array(input).slice().buffer;
}
class HkdfNative extends NativeAlgorithm {
    constructor() {
        super();
        Object.defineProperty(this, "id", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: KdfId.HkdfSha256
        });
        Object.defineProperty(this, "hashSize", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: 0
        });
        Object.defineProperty(this, "_suiteId", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: consts_EMPTY
        });
        Object.defineProperty(this, "algHash", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: {
                name: "HMAC",
                hash: "SHA-256",
                length: 256,
            }
        });
    }
    init(suiteId) {
        this._suiteId = suiteId;
    }
    buildLabeledIkm(label, ikm) {
        this._checkInit();
        const ret = new Uint8Array(7 + this._suiteId.byteLength + label.byteLength + ikm.byteLength);
        ret.set(HPKE_VERSION, 0);
        ret.set(this._suiteId, 7);
        ret.set(label, 7 + this._suiteId.byteLength);
        ret.set(ikm, 7 + this._suiteId.byteLength + label.byteLength);
        return ret;
    }
    buildLabeledInfo(label, info, len) {
        this._checkInit();
        const ret = new Uint8Array(9 + this._suiteId.byteLength + label.byteLength + info.byteLength);
        ret.set(new Uint8Array([0, len]), 0);
        ret.set(HPKE_VERSION, 2);
        ret.set(this._suiteId, 9);
        ret.set(label, 9 + this._suiteId.byteLength);
        ret.set(info, 9 + this._suiteId.byteLength + label.byteLength);
        return ret;
    }
    async extract(salt, ikm) {
        await this._setup();
        const saltBuf = salt.byteLength === 0
            ? new ArrayBuffer(this.hashSize)
            : hkdf_toArrayBuffer(salt);
        if (saltBuf.byteLength !== this.hashSize) {
            throw new errors_InvalidParamError("The salt length must be the same as the hashSize");
        }
        const ikmBuf = hkdf_toArrayBuffer(ikm);
        const key = await this._api.importKey("raw", saltBuf, this.algHash, false, [
            "sign",
        ]);
        return await this._api.sign("HMAC", key, ikmBuf);
    }
    async expand(prk, info, len) {
        await this._setup();
        const prkBuf = hkdf_toArrayBuffer(prk);
        const key = await this._api.importKey("raw", prkBuf, this.algHash, false, [
            "sign",
        ]);
        const okm = new ArrayBuffer(len);
        const okmBytes = new Uint8Array(okm);
        let prev = consts_EMPTY;
        const mid = toUint8Array(info);
        const tail = new Uint8Array(1);
        if (len > 255 * this.hashSize) {
            throw new Error("Entropy limit reached");
        }
        const tmp = new Uint8Array(this.hashSize + mid.length + 1);
        for (let i = 1, cur = 0; cur < okmBytes.length; i++) {
            tail[0] = i;
            tmp.set(prev, 0);
            tmp.set(mid, prev.length);
            tmp.set(tail, prev.length + mid.length);
            prev = new Uint8Array(await this._api.sign("HMAC", key, tmp.slice(0, prev.length + mid.length + 1)));
            if (okmBytes.length - cur >= prev.length) {
                okmBytes.set(prev, cur);
                cur += prev.length;
            }
            else {
                okmBytes.set(prev.slice(0, okmBytes.length - cur), cur);
                cur += okmBytes.length - cur;
            }
        }
        return okm;
    }
    async extractAndExpand(salt, ikm, info, len) {
        await this._setup();
        const ikmBuf = hkdf_toArrayBuffer(ikm);
        const baseKey = await this._api.importKey("raw", ikmBuf, "HKDF", false, ["deriveBits"]);
        return await this._api.deriveBits({
            name: "HKDF",
            hash: this.algHash.hash,
            salt: hkdf_toArrayBuffer(salt),
            info: hkdf_toArrayBuffer(info),
        }, baseKey, len * 8);
    }
    async labeledExtract(salt, label, ikm) {
        return await this.extract(salt, this.buildLabeledIkm(label, ikm));
    }
    async labeledExpand(prk, label, info, len) {
        return await this.expand(prk, this.buildLabeledInfo(label, info, len), len);
    }
    _checkInit() {
        if (this._suiteId === consts_EMPTY) {
            throw new Error("Not initialized. Call init()");
        }
    }
}
class HkdfSha256Native extends HkdfNative {
    constructor() {
        super(...arguments);
        /** KdfId.HkdfSha256 (0x0001) */
        Object.defineProperty(this, "id", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: KdfId.HkdfSha256
        });
        /** 32 */
        Object.defineProperty(this, "hashSize", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: 32
        });
        /** The parameters for Web Cryptography API */
        Object.defineProperty(this, "algHash", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: {
                name: "HMAC",
                hash: "SHA-256",
                length: 256,
            }
        });
    }
}
class HkdfSha384Native extends HkdfNative {
    constructor() {
        super(...arguments);
        /** KdfId.HkdfSha384 (0x0002) */
        Object.defineProperty(this, "id", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: KdfId.HkdfSha384
        });
        /** 48 */
        Object.defineProperty(this, "hashSize", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: 48
        });
        /** The parameters for Web Cryptography API */
        Object.defineProperty(this, "algHash", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: {
                name: "HMAC",
                hash: "SHA-384",
                length: 384,
            }
        });
    }
}
class HkdfSha512Native extends HkdfNative {
    constructor() {
        super(...arguments);
        /** KdfId.HkdfSha512 (0x0003) */
        Object.defineProperty(this, "id", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: KdfId.HkdfSha512
        });
        /** 64 */
        Object.defineProperty(this, "hashSize", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: 64
        });
        /** The parameters for Web Cryptography API */
        Object.defineProperty(this, "algHash", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: {
                name: "HMAC",
                hash: "SHA-512",
                length: 512,
            }
        });
    }
}

;// CONCATENATED MODULE: ./node_modules/@hpke/common/esm/src/utils/misc.js


const isDenoV1 = () => 
// deno-lint-ignore no-explicit-any
dntShim.dntGlobalThis.process === undefined;
/**
 * Checks whether the runtime is Deno or not (Node.js).
 * @returns boolean - true if the runtime is Deno, false Node.js.
 */
function isDeno() {
    // deno-lint-ignore no-explicit-any
    if (dntShim.dntGlobalThis.process === undefined) {
        return true;
    }
    // deno-lint-ignore no-explicit-any
    return dntShim.dntGlobalThis.process?.versions?.deno !== undefined;
}
/**
 * Checks whetehr the type of input is CryptoKeyPair or not.
 */
const misc_isCryptoKeyPair = (x) => typeof x === "object" &&
    x !== null &&
    typeof x.privateKey === "object" &&
    typeof x.publicKey === "object";
/**
 * Converts integer to octet string. I2OSP implementation.
 */
function misc_i2Osp(n, w) {
    if (w <= 0) {
        throw new Error("i2Osp: too small size");
    }
    if (n >= 256 ** w) {
        throw new Error("i2Osp: too large integer");
    }
    const ret = new Uint8Array(w);
    for (let i = 0; i < w && n; i++) {
        ret[w - (i + 1)] = n % 256;
        n = Math.floor(n / 256);
    }
    return ret;
}
/**
 * Concatenates two Uint8Arrays.
 * @param a Uint8Array
 * @param b Uint8Array
 * @returns Concatenated Uint8Array
 */
function misc_concat(a, b) {
    const ret = new Uint8Array(a.length + b.length);
    ret.set(a, 0);
    ret.set(b, a.length);
    return ret;
}
/**
 * Decodes Base64Url-encoded data.
 * @param v Base64Url-encoded string
 * @returns Uint8Array
 */
function base64UrlToBytes(v) {
    const base64 = v.replace(/-/g, "+").replace(/_/g, "/");
    const byteString = atob(base64);
    const ret = new Uint8Array(byteString.length);
    for (let i = 0; i < byteString.length; i++) {
        ret[i] = byteString.charCodeAt(i);
    }
    return ret;
}
/**
 * Encodes Uint8Array to Base64Url.
 * @param v Uint8Array
 * @returns Base64Url-encoded string
 */
function bytesToBase64Url(v) {
    return btoa(String.fromCharCode(...v))
        .replace(/\+/g, "-")
        .replace(/\//g, "_")
        .replace(/=*$/g, "");
}
/**
 * Decodes hex string to Uint8Array.
 * @param v Hex string
 * @returns Uint8Array
 * @throws Error if the input is not a hex string.
 */
function hexToBytes(v) {
    if (v.length === 0) {
        return new Uint8Array([]);
    }
    const res = v.match(/[\da-f]{2}/gi);
    if (res == null) {
        throw new Error("Not hex string.");
    }
    return new Uint8Array(res.map(function (h) {
        return parseInt(h, 16);
    }));
}
/**
 * Encodes Uint8Array to hex string.
 * @param v Uint8Array
 * @returns Hex string
 */
function bytesToHex(v) {
    return [...v].map((x) => x.toString(16).padStart(2, "0")).join("");
}
/**
 * Converts KemId to KeyAlgorithm.
 * @param kem KemId
 * @returns KeyAlgorithm
 */
function kemToKeyGenAlgorithm(kem) {
    switch (kem) {
        case KemId.DhkemP256HkdfSha256:
            return {
                name: "ECDH",
                namedCurve: "P-256",
            };
        case KemId.DhkemP384HkdfSha384:
            return {
                name: "ECDH",
                namedCurve: "P-384",
            };
        case KemId.DhkemP521HkdfSha512:
            return {
                name: "ECDH",
                namedCurve: "P-521",
            };
        default:
            // case KemId.DhkemX25519HkdfSha256
            return {
                name: "X25519",
            };
    }
}
async function misc_loadSubtleCrypto() {
    if (dntShim.dntGlobalThis !== undefined && globalThis.crypto !== undefined) {
        // Browsers, Node.js >= v19, Cloudflare Workers, Bun, etc.
        return globalThis.crypto.subtle;
    }
    // Node.js <= v18
    try {
        // @ts-ignore: to ignore "crypto"
        const { webcrypto } = await Promise.resolve(/* import() */).then(__webpack_require__.t.bind(__webpack_require__, 76982, 19)); // node:crypto
        return webcrypto.subtle;
    }
    catch (_e) {
        throw new Error("Failed to load SubtleCrypto");
    }
}
async function loadCrypto() {
    if (typeof dntGlobalThis !== "undefined" && globalThis.crypto !== undefined) {
        // Browsers, Node.js >= v19, Cloudflare Workers, Bun, etc.
        return globalThis.crypto;
    }
    // Node.js <= v18
    try {
        // @ts-ignore: to ignore "crypto"
        const { webcrypto } = await Promise.resolve(/* import() */).then(__webpack_require__.t.bind(__webpack_require__, 76982, 19)); // node:crypto
        return webcrypto;
    }
    catch (_e) {
        throw new Error("failed to load Crypto");
    }
}
/**
 * XOR for Uint8Array.
 */
function xor(a, b) {
    if (a.byteLength !== b.byteLength) {
        throw new Error("xor: different length inputs");
    }
    const buf = new Uint8Array(a.byteLength);
    for (let i = 0; i < a.byteLength; i++) {
        buf[i] = a[i] ^ b[i];
    }
    return buf;
}

;// CONCATENATED MODULE: ./node_modules/@hpke/common/esm/src/kems/dhkem.js





// b"eae_prk"
const LABEL_EAE_PRK = /* @__PURE__ */ new Uint8Array([
    101,
    97,
    101,
    95,
    112,
    114,
    107,
]);
// b"shared_secret"
// deno-fmt-ignore
const LABEL_SHARED_SECRET = /* @__PURE__ */ new Uint8Array([
    115, 104, 97, 114, 101, 100, 95, 115, 101, 99,
    114, 101, 116,
]);
function concat3(a, b, c) {
    const ret = new Uint8Array(a.length + b.length + c.length);
    ret.set(a, 0);
    ret.set(b, a.length);
    ret.set(c, a.length + b.length);
    return ret;
}
class Dhkem {
    constructor(id, prim, kdf) {
        Object.defineProperty(this, "id", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: void 0
        });
        Object.defineProperty(this, "secretSize", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: 0
        });
        Object.defineProperty(this, "encSize", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: 0
        });
        Object.defineProperty(this, "publicKeySize", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: 0
        });
        Object.defineProperty(this, "privateKeySize", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: 0
        });
        Object.defineProperty(this, "_prim", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: void 0
        });
        Object.defineProperty(this, "_kdf", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: void 0
        });
        this.id = id;
        this._prim = prim;
        this._kdf = kdf;
        const suiteId = new Uint8Array(kemInterface_SUITE_ID_HEADER_KEM);
        suiteId.set(misc_i2Osp(this.id, 2), 3);
        this._kdf.init(suiteId);
    }
    async serializePublicKey(key) {
        return await this._prim.serializePublicKey(key);
    }
    async deserializePublicKey(key) {
        return await this._prim.deserializePublicKey(hkdf_toArrayBuffer(key));
    }
    async serializePrivateKey(key) {
        return await this._prim.serializePrivateKey(key);
    }
    async deserializePrivateKey(key) {
        return await this._prim.deserializePrivateKey(hkdf_toArrayBuffer(key));
    }
    async importKey(format, key, isPublic = true) {
        return await this._prim.importKey(format, key, isPublic);
    }
    async generateKeyPair() {
        return await this._prim.generateKeyPair();
    }
    async deriveKeyPair(ikm) {
        const rawIkm = hkdf_toArrayBuffer(ikm);
        if (rawIkm.byteLength > INPUT_LENGTH_LIMIT) {
            throw new errors_InvalidParamError("Too long ikm");
        }
        return await this._prim.deriveKeyPair(rawIkm);
    }
    async encap(params) {
        let ke;
        if (params.ekm === undefined) {
            ke = await this.generateKeyPair();
        }
        else if (misc_isCryptoKeyPair(params.ekm)) {
            // params.ekm is only used for testing.
            ke = params.ekm;
        }
        else {
            // params.ekm is only used for testing.
            ke = await this.deriveKeyPair(params.ekm);
        }
        const enc = await this._prim.serializePublicKey(ke.publicKey);
        const pkrm = await this._prim.serializePublicKey(params.recipientPublicKey);
        try {
            let dh;
            if (params.senderKey === undefined) {
                dh = new Uint8Array(await this._prim.dh(ke.privateKey, params.recipientPublicKey));
            }
            else {
                const sks = misc_isCryptoKeyPair(params.senderKey)
                    ? params.senderKey.privateKey
                    : params.senderKey;
                const dh1 = new Uint8Array(await this._prim.dh(ke.privateKey, params.recipientPublicKey));
                const dh2 = new Uint8Array(await this._prim.dh(sks, params.recipientPublicKey));
                dh = misc_concat(dh1, dh2);
            }
            let kemContext;
            if (params.senderKey === undefined) {
                kemContext = misc_concat(new Uint8Array(enc), new Uint8Array(pkrm));
            }
            else {
                const pks = misc_isCryptoKeyPair(params.senderKey)
                    ? params.senderKey.publicKey
                    : await this._prim.derivePublicKey(params.senderKey);
                const pksm = await this._prim.serializePublicKey(pks);
                kemContext = concat3(new Uint8Array(enc), new Uint8Array(pkrm), new Uint8Array(pksm));
            }
            const sharedSecret = await this._generateSharedSecret(dh, kemContext);
            return {
                enc: enc,
                sharedSecret: sharedSecret,
            };
        }
        catch (e) {
            throw new EncapError(e);
        }
    }
    async decap(params) {
        const enc = hkdf_toArrayBuffer(params.enc);
        const pke = await this._prim.deserializePublicKey(enc);
        const skr = misc_isCryptoKeyPair(params.recipientKey)
            ? params.recipientKey.privateKey
            : params.recipientKey;
        const pkr = misc_isCryptoKeyPair(params.recipientKey)
            ? params.recipientKey.publicKey
            : await this._prim.derivePublicKey(params.recipientKey);
        const pkrm = await this._prim.serializePublicKey(pkr);
        try {
            let dh;
            if (params.senderPublicKey === undefined) {
                dh = new Uint8Array(await this._prim.dh(skr, pke));
            }
            else {
                const dh1 = new Uint8Array(await this._prim.dh(skr, pke));
                const dh2 = new Uint8Array(await this._prim.dh(skr, params.senderPublicKey));
                dh = misc_concat(dh1, dh2);
            }
            let kemContext;
            if (params.senderPublicKey === undefined) {
                kemContext = misc_concat(new Uint8Array(enc), new Uint8Array(pkrm));
            }
            else {
                const pksm = await this._prim.serializePublicKey(params.senderPublicKey);
                kemContext = new Uint8Array(enc.byteLength + pkrm.byteLength + pksm.byteLength);
                kemContext.set(new Uint8Array(enc), 0);
                kemContext.set(new Uint8Array(pkrm), enc.byteLength);
                kemContext.set(new Uint8Array(pksm), enc.byteLength + pkrm.byteLength);
            }
            return await this._generateSharedSecret(dh, kemContext);
        }
        catch (e) {
            throw new DecapError(e);
        }
    }
    async _generateSharedSecret(dh, kemContext) {
        const labeledIkm = this._kdf.buildLabeledIkm(LABEL_EAE_PRK, dh);
        const labeledInfo = this._kdf.buildLabeledInfo(LABEL_SHARED_SECRET, kemContext, this.secretSize);
        return await this._kdf.extractAndExpand(consts_EMPTY, labeledIkm, labeledInfo, this.secretSize);
    }
}

;// CONCATENATED MODULE: ./node_modules/@hpke/common/esm/src/interfaces/dhkemPrimitives.js
// The key usages for KEM.
const KEM_USAGES = ["deriveBits"];
// b"dkp_prk"
const dhkemPrimitives_LABEL_DKP_PRK = /* @__PURE__ */ new Uint8Array([
    100,
    107,
    112,
    95,
    112,
    114,
    107,
]);
// b"sk"
const dhkemPrimitives_LABEL_SK = /* @__PURE__ */ new Uint8Array([115, 107]);

;// CONCATENATED MODULE: ./node_modules/@hpke/common/esm/src/utils/bignum.js
/**
 * The minimum inplementation of bignum to derive an EC key pair.
 */
class Bignum {
    constructor(size) {
        Object.defineProperty(this, "_num", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: void 0
        });
        this._num = new Uint8Array(size);
    }
    val() {
        return this._num;
    }
    reset() {
        this._num.fill(0);
    }
    set(src) {
        if (src.length !== this._num.length) {
            throw new Error("Bignum.set: invalid argument");
        }
        this._num.set(src);
    }
    isZero() {
        for (let i = 0; i < this._num.length; i++) {
            if (this._num[i] !== 0) {
                return false;
            }
        }
        return true;
    }
    lessThan(v) {
        if (v.length !== this._num.length) {
            throw new Error("Bignum.lessThan: invalid argument");
        }
        for (let i = 0; i < this._num.length; i++) {
            if (this._num[i] < v[i]) {
                return true;
            }
            if (this._num[i] > v[i]) {
                return false;
            }
        }
        return false;
    }
}

;// CONCATENATED MODULE: ./node_modules/@hpke/common/esm/src/kems/dhkemPrimitives/ec.js








// b"candidate"
// deno-fmt-ignore
const LABEL_CANDIDATE = /* @__PURE__ */ new Uint8Array([
    99, 97, 110, 100, 105, 100, 97, 116, 101,
]);
// the order of the curve being used.
// deno-fmt-ignore
const ORDER_P_256 = /* @__PURE__ */ new Uint8Array([
    0xff, 0xff, 0xff, 0xff, 0x00, 0x00, 0x00, 0x00,
    0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
    0xbc, 0xe6, 0xfa, 0xad, 0xa7, 0x17, 0x9e, 0x84,
    0xf3, 0xb9, 0xca, 0xc2, 0xfc, 0x63, 0x25, 0x51,
]);
// deno-fmt-ignore
const ORDER_P_384 = /* @__PURE__ */ new Uint8Array([
    0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
    0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
    0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
    0xc7, 0x63, 0x4d, 0x81, 0xf4, 0x37, 0x2d, 0xdf,
    0x58, 0x1a, 0x0d, 0xb2, 0x48, 0xb0, 0xa7, 0x7a,
    0xec, 0xec, 0x19, 0x6a, 0xcc, 0xc5, 0x29, 0x73,
]);
// deno-fmt-ignore
const ORDER_P_521 = /* @__PURE__ */ new Uint8Array([
    0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
    0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
    0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
    0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
    0xff, 0xfa, 0x51, 0x86, 0x87, 0x83, 0xbf, 0x2f,
    0x96, 0x6b, 0x7f, 0xcc, 0x01, 0x48, 0xf7, 0x09,
    0xa5, 0xd0, 0x3b, 0xb5, 0xc9, 0xb8, 0x89, 0x9c,
    0x47, 0xae, 0xbb, 0x6f, 0xb7, 0x1e, 0x91, 0x38,
    0x64, 0x09,
]);
// deno-fmt-ignore
const PKCS8_ALG_ID_P_256 = /* @__PURE__ */ new Uint8Array([
    48, 65, 2, 1, 0, 48, 19, 6, 7, 42,
    134, 72, 206, 61, 2, 1, 6, 8, 42, 134,
    72, 206, 61, 3, 1, 7, 4, 39, 48, 37,
    2, 1, 1, 4, 32,
]);
// deno-fmt-ignore
const PKCS8_ALG_ID_P_384 = /* @__PURE__ */ new Uint8Array([
    48, 78, 2, 1, 0, 48, 16, 6, 7, 42,
    134, 72, 206, 61, 2, 1, 6, 5, 43, 129,
    4, 0, 34, 4, 55, 48, 53, 2, 1, 1,
    4, 48,
]);
// deno-fmt-ignore
const PKCS8_ALG_ID_P_521 = /* @__PURE__ */ new Uint8Array([
    48, 96, 2, 1, 0, 48, 16, 6, 7, 42,
    134, 72, 206, 61, 2, 1, 6, 5, 43, 129,
    4, 0, 35, 4, 73, 48, 71, 2, 1, 1,
    4, 66,
]);
const EC_P_256_PARAMS = {
    p: 0xffffffff00000001000000000000000000000000ffffffffffffffffffffffffn,
    b: 0x5ac635d8aa3a93e7b3ebbd55769886bc651d06b0cc53b0f63bce3c3e27d2604bn,
    gx: 0x6b17d1f2e12c4247f8bce6e563a440f277037d812deb33a0f4a13945d898c296n,
    gy: 0x4fe342e2fe1a7f9b8ee7eb4a7c0f9e162bce33576b315ececbb6406837bf51f5n,
    coordinateSize: 32,
};
const EC_P_384_PARAMS = {
    p: 0xfffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffeffffffff0000000000000000ffffffffn,
    b: 0xb3312fa7e23ee7e4988e056be3f82d19181d9c6efe8141120314088f5013875ac656398d8a2ed19d2a85c8edd3ec2aefn,
    gx: 0xaa87ca22be8b05378eb1c71ef320ad746e1d3b628ba79b9859f741e082542a385502f25dbf55296c3a545e3872760ab7n,
    gy: 0x3617de4a96262c6f5d9e98bf9292dc29f8f41dbd289a147ce9da3113b5f0b8c00a60b1ce1d7e819d7a431d7c90ea0e5fn,
    coordinateSize: 48,
};
const EC_P_521_PARAMS = {
    p: (1n << 521n) - 1n,
    b: 0x0051953eb9618e1c9a1f929a21a0b68540eea2da725b99b315f3b8b489918ef109e156193951ec7e937b1652c0bd3bb1bf073573df883d2c34f1ef451fd46b503f00n,
    gx: 0x00c6858e06b70404e9cd9e3ecb662395b4429c648139053fb521f828af606b4d3dbaa14b5e77efe75928fe1dc127a2ffa8de3348b3c1856a429bf97e7e31c2e5bd66n,
    gy: 0x011839296a789a3bc0045c8a5fb42c7d1bd998f54449579b446817afbd17273e662c97ee72995ef42640c550b9013fad0761353c7086a272c24088be94769fd16650n,
    coordinateSize: 66,
};
function mod(a, p) {
    const r = a % p;
    return r >= 0n ? r : r + p;
}
function modPow(base, exponent, p) {
    let result = 1n;
    let b = mod(base, p);
    let e = exponent;
    while (e > 0n) {
        if ((e & 1n) === 1n) {
            result = mod(result * b, p);
        }
        b = mod(b * b, p);
        e >>= 1n;
    }
    return result;
}
function modSqrt(rhs, p) {
    // P-256/P-384/P-521 primes satisfy p % 4 == 3.
    const y = modPow(rhs, (p + 1n) >> 2n, p);
    if (mod(y * y, p) !== mod(rhs, p)) {
        throw new Error("Invalid ECDH point");
    }
    return y;
}
function bytesToBigInt(bytes) {
    let v = 0n;
    for (const b of bytes) {
        v = (v << 8n) | BYTE_TO_BIGINT_256[b];
    }
    return v;
}
function bigIntToBytes(v, len) {
    const out = new Uint8Array(len);
    let n = v;
    for (let i = len - 1; i >= 0; i--) {
        out[i] = Number(n & 0xffn);
        n >>= 8n;
    }
    if (n !== 0n) {
        throw new Error("Invalid coordinate length");
    }
    return out;
}
function buildRawUncompressedPublicKey(x, y, coordinateSize) {
    const out = new Uint8Array(1 + coordinateSize * 2);
    out[0] = 0x04;
    out.set(bigIntToBytes(x, coordinateSize), 1);
    out.set(bigIntToBytes(y, coordinateSize), 1 + coordinateSize);
    return out;
}
class Ec extends NativeAlgorithm {
    constructor(kem, hkdf) {
        super();
        Object.defineProperty(this, "_hkdf", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: void 0
        });
        Object.defineProperty(this, "_alg", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: void 0
        });
        Object.defineProperty(this, "_nPk", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: void 0
        });
        Object.defineProperty(this, "_nSk", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: void 0
        });
        Object.defineProperty(this, "_nDh", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: void 0
        });
        // EC specific arguments for deriving key pair.
        Object.defineProperty(this, "_order", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: void 0
        });
        Object.defineProperty(this, "_bitmask", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: void 0
        });
        Object.defineProperty(this, "_pkcs8AlgId", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: void 0
        });
        Object.defineProperty(this, "_curveParams", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: void 0
        });
        this._hkdf = hkdf;
        switch (kem) {
            case identifiers_KemId.DhkemP256HkdfSha256:
                this._alg = { name: "ECDH", namedCurve: "P-256" };
                this._nPk = 65;
                this._nSk = 32;
                this._nDh = 32;
                this._order = ORDER_P_256;
                this._bitmask = 0xFF;
                this._pkcs8AlgId = PKCS8_ALG_ID_P_256;
                this._curveParams = EC_P_256_PARAMS;
                break;
            case identifiers_KemId.DhkemP384HkdfSha384:
                this._alg = { name: "ECDH", namedCurve: "P-384" };
                this._nPk = 97;
                this._nSk = 48;
                this._nDh = 48;
                this._order = ORDER_P_384;
                this._bitmask = 0xFF;
                this._pkcs8AlgId = PKCS8_ALG_ID_P_384;
                this._curveParams = EC_P_384_PARAMS;
                break;
            default:
                // case KemId.DhkemP521HkdfSha512:
                this._alg = { name: "ECDH", namedCurve: "P-521" };
                this._nPk = 133;
                this._nSk = 66;
                this._nDh = 66;
                this._order = ORDER_P_521;
                this._bitmask = 0x01;
                this._pkcs8AlgId = PKCS8_ALG_ID_P_521;
                this._curveParams = EC_P_521_PARAMS;
                break;
        }
    }
    async serializePublicKey(key) {
        await this._setup();
        try {
            return await this._api.exportKey("raw", key);
        }
        catch (e) {
            throw new errors_SerializeError(e);
        }
    }
    async deserializePublicKey(key) {
        await this._setup();
        try {
            return await this._importRawKey(hkdf_toArrayBuffer(key), true);
        }
        catch (e) {
            throw new errors_DeserializeError(e);
        }
    }
    async serializePrivateKey(key) {
        await this._setup();
        try {
            const jwk = await this._api.exportKey("jwk", key);
            if (!("d" in jwk)) {
                throw new Error("Not private key");
            }
            return base64UrlToBytes(jwk["d"]).buffer;
        }
        catch (e) {
            throw new errors_SerializeError(e);
        }
    }
    async deserializePrivateKey(key) {
        await this._setup();
        try {
            return await this._importRawKey(hkdf_toArrayBuffer(key), false);
        }
        catch (e) {
            throw new errors_DeserializeError(e);
        }
    }
    async importKey(format, key, isPublic) {
        await this._setup();
        try {
            if (format === "raw") {
                return await this._importRawKey(key, isPublic);
            }
            // jwk
            if (key instanceof ArrayBuffer) {
                throw new Error("Invalid jwk key format");
            }
            return await this._importJWK(key, isPublic);
        }
        catch (e) {
            throw new errors_DeserializeError(e);
        }
    }
    async generateKeyPair() {
        await this._setup();
        try {
            return await this._api.generateKey(this._alg, true, KEM_USAGES);
        }
        catch (e) {
            throw new errors_NotSupportedError(e);
        }
    }
    async deriveKeyPair(ikm) {
        await this._setup();
        try {
            const rawIkm = hkdf_toArrayBuffer(ikm);
            const dkpPrk = await this._hkdf.labeledExtract(consts_EMPTY, dhkemPrimitives_LABEL_DKP_PRK, new Uint8Array(rawIkm));
            const bn = new Bignum(this._nSk);
            for (let counter = 0; bn.isZero() || !bn.lessThan(this._order); counter++) {
                if (counter > 255) {
                    throw new Error("Faild to derive a key pair");
                }
                const bytes = new Uint8Array(await this._hkdf.labeledExpand(dkpPrk, LABEL_CANDIDATE, misc_i2Osp(counter, 1), this._nSk));
                bytes[0] = bytes[0] & this._bitmask;
                bn.set(bytes);
            }
            const sk = await this._deserializePkcs8Key(bn.val());
            bn.reset();
            return {
                privateKey: sk,
                publicKey: await this.derivePublicKey(sk),
            };
        }
        catch (e) {
            throw new DeriveKeyPairError(e);
        }
    }
    async derivePublicKey(key) {
        await this._setup();
        try {
            const jwk = await this._api.exportKey("jwk", key);
            delete jwk["d"];
            delete jwk["key_ops"];
            return await this._api.importKey("jwk", jwk, this._alg, true, []);
        }
        catch {
            try {
                // Firefox fails to export JWK from some imported ECDH private keys.
                return await this._derivePublicKeyWithoutJwkExport(key);
            }
            catch (e) {
                throw new errors_DeserializeError(e);
            }
        }
    }
    async dh(sk, pk) {
        try {
            await this._setup();
            const bits = await this._api.deriveBits({
                name: "ECDH",
                public: pk,
            }, sk, this._nDh * 8);
            return bits;
        }
        catch (e) {
            throw new errors_SerializeError(e);
        }
    }
    async _importRawKey(key, isPublic) {
        if (isPublic && key.byteLength !== this._nPk) {
            throw new Error("Invalid public key for the ciphersuite");
        }
        if (!isPublic && key.byteLength !== this._nSk) {
            throw new Error("Invalid private key for the ciphersuite");
        }
        if (isPublic) {
            return await this._api.importKey("raw", key, this._alg, true, []);
        }
        return await this._deserializePkcs8Key(new Uint8Array(key));
    }
    async _importJWK(key, isPublic) {
        if (typeof key.crv === "undefined" || key.crv !== this._alg.namedCurve) {
            throw new Error(`Invalid crv: ${key.crv}`);
        }
        if (isPublic) {
            if (typeof key.d !== "undefined") {
                throw new Error("Invalid key: `d` should not be set");
            }
            return await this._api.importKey("jwk", key, this._alg, true, []);
        }
        if (typeof key.d === "undefined") {
            throw new Error("Invalid key: `d` not found");
        }
        return await this._api.importKey("jwk", key, this._alg, true, KEM_USAGES);
    }
    async _deserializePkcs8Key(k) {
        const pkcs8Key = new Uint8Array(this._pkcs8AlgId.length + k.length);
        pkcs8Key.set(this._pkcs8AlgId, 0);
        pkcs8Key.set(k, this._pkcs8AlgId.length);
        return await this._api.importKey("pkcs8", pkcs8Key, this._alg, true, KEM_USAGES);
    }
    async _derivePublicKeyWithoutJwkExport(key) {
        const basePointRaw = buildRawUncompressedPublicKey(this._curveParams.gx, this._curveParams.gy, this._curveParams.coordinateSize);
        const basePoint = await this._api.importKey("raw", basePointRaw.buffer, this._alg, true, []);
        const xBytes = new Uint8Array(await this._api.deriveBits({
            name: "ECDH",
            public: basePoint,
        }, key, this._nDh * 8));
        const p = this._curveParams.p;
        const x = bytesToBigInt(xBytes);
        const rhs = mod(modPow(x, 3n, p) - 3n * x + this._curveParams.b, p);
        let y = modSqrt(rhs, p);
        // Canonicalize sign so the encoded point is deterministic.
        if ((y & 1n) === 1n) {
            y = p - y;
        }
        const pubRaw = buildRawUncompressedPublicKey(x, y, this._curveParams.coordinateSize);
        return await this._api.importKey("raw", pubRaw.buffer, this._alg, true, []);
    }
}

;// CONCATENATED MODULE: ./node_modules/@hpke/common/esm/src/xCryptoKey.js
class xCryptoKey_XCryptoKey {
    constructor(name, key, type, usages = []) {
        Object.defineProperty(this, "key", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: void 0
        });
        Object.defineProperty(this, "type", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: void 0
        });
        Object.defineProperty(this, "extractable", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: true
        });
        Object.defineProperty(this, "algorithm", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: void 0
        });
        Object.defineProperty(this, "usages", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: void 0
        });
        this.key = key;
        this.type = type;
        this.algorithm = { name: name };
        this.usages = usages;
        if (type === "public") {
            this.usages = [];
        }
    }
}

;// CONCATENATED MODULE: ./node_modules/@hpke/common/esm/src/kems/dhkemPrimitives/xCurve.js






/**
 * Base DhkemPrimitives implementation for Montgomery curves (X25519/X448).
 *
 * Subclasses pass curve-specific parameters (algorithm name, key size, curve)
 * and optionally add extra methods (e.g., raw derive for X25519).
 */
class XCurveDhkemPrimitives {
    constructor(algName, keySize, curve, hkdf) {
        Object.defineProperty(this, "_algName", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: void 0
        });
        Object.defineProperty(this, "_curve", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: void 0
        });
        Object.defineProperty(this, "_hkdf", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: void 0
        });
        Object.defineProperty(this, "_nPk", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: void 0
        });
        Object.defineProperty(this, "_nSk", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: void 0
        });
        this._algName = algName;
        this._nPk = keySize;
        this._nSk = keySize;
        this._curve = curve;
        this._hkdf = hkdf;
    }
    serializePublicKey(key) {
        try {
            return Promise.resolve(key.key.buffer);
        }
        catch (e) {
            return Promise.reject(new errors_SerializeError(e));
        }
    }
    async deserializePublicKey(key) {
        try {
            return await this._importRawKey(hkdf_toArrayBuffer(key), true);
        }
        catch (e) {
            throw new errors_DeserializeError(e);
        }
    }
    serializePrivateKey(key) {
        try {
            return Promise.resolve(key.key.buffer);
        }
        catch (e) {
            return Promise.reject(new errors_SerializeError(e));
        }
    }
    async deserializePrivateKey(key) {
        try {
            return await this._importRawKey(hkdf_toArrayBuffer(key), false);
        }
        catch (e) {
            throw new errors_DeserializeError(e);
        }
    }
    async importKey(format, key, isPublic) {
        try {
            if (format === "raw") {
                return await this._importRawKey(key, isPublic);
            }
            // jwk
            if (key instanceof ArrayBuffer) {
                throw new Error("Invalid jwk key format");
            }
            return await this._importJWK(key, isPublic);
        }
        catch (e) {
            throw new errors_DeserializeError(e);
        }
    }
    async generateKeyPair() {
        try {
            const rawSk = await this._curve.utils.randomSecretKey();
            const sk = new xCryptoKey_XCryptoKey(this._algName, rawSk, "private", KEM_USAGES);
            const pk = await this.derivePublicKey(sk);
            return { publicKey: pk, privateKey: sk };
        }
        catch (e) {
            throw new errors_NotSupportedError(e);
        }
    }
    async deriveKeyPair(ikm) {
        try {
            const rawIkm = hkdf_toArrayBuffer(ikm);
            const dkpPrk = await this._hkdf.labeledExtract(consts_EMPTY.buffer, dhkemPrimitives_LABEL_DKP_PRK, new Uint8Array(rawIkm));
            const rawSk = await this._hkdf.labeledExpand(dkpPrk, dhkemPrimitives_LABEL_SK, consts_EMPTY, this._nSk);
            const sk = new xCryptoKey_XCryptoKey(this._algName, new Uint8Array(rawSk), "private", KEM_USAGES);
            return {
                privateKey: sk,
                publicKey: await this.derivePublicKey(sk),
            };
        }
        catch (e) {
            throw new DeriveKeyPairError(e);
        }
    }
    derivePublicKey(key) {
        try {
            const pk = this._curve.getPublicKey(key.key);
            return Promise.resolve(new xCryptoKey_XCryptoKey(this._algName, pk, "public"));
        }
        catch (e) {
            return Promise.reject(new errors_DeserializeError(e));
        }
    }
    dh(sk, pk) {
        try {
            return Promise.resolve(this._curve.getSharedSecret(sk.key, pk.key).buffer);
        }
        catch (e) {
            return Promise.reject(new errors_SerializeError(e));
        }
    }
    _importRawKey(key, isPublic) {
        return new Promise((resolve, reject) => {
            if (isPublic && key.byteLength !== this._nPk) {
                reject(new Error("Invalid length of the key"));
            }
            if (!isPublic && key.byteLength !== this._nSk) {
                reject(new Error("Invalid length of the key"));
            }
            resolve(new xCryptoKey_XCryptoKey(this._algName, new Uint8Array(key), isPublic ? "public" : "private", isPublic ? [] : KEM_USAGES));
        });
    }
    _importJWK(key, isPublic) {
        return new Promise((resolve, reject) => {
            if (key.kty !== "OKP") {
                reject(new Error(`Invalid kty: ${key.kty}`));
            }
            if (key.crv !== this._algName) {
                reject(new Error(`Invalid crv: ${key.crv}`));
            }
            if (isPublic) {
                if (typeof key.d !== "undefined") {
                    reject(new Error("Invalid key: `d` should not be set"));
                }
                if (typeof key.x !== "string") {
                    reject(new Error("Invalid key: `x` not found"));
                }
                resolve(new xCryptoKey_XCryptoKey(this._algName, base64UrlToBytes(key.x), "public"));
            }
            else {
                if (typeof key.d !== "string") {
                    reject(new Error("Invalid key: `d` not found"));
                }
                resolve(new xCryptoKey_XCryptoKey(this._algName, base64UrlToBytes(key.d), "private", KEM_USAGES));
            }
        });
    }
}

;// CONCATENATED MODULE: ./node_modules/@hpke/common/esm/src/kems/hybridkem.js








class Hybridkem {
    constructor(id, a, b, kdf) {
        Object.defineProperty(this, "id", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: KemId.NotAssigned
        });
        Object.defineProperty(this, "name", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: ""
        });
        Object.defineProperty(this, "secretSize", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: 0
        });
        Object.defineProperty(this, "encSize", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: 0
        });
        Object.defineProperty(this, "publicKeySize", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: 0
        });
        Object.defineProperty(this, "privateKeySize", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: 0
        });
        Object.defineProperty(this, "_a", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: void 0
        });
        Object.defineProperty(this, "_b", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: void 0
        });
        Object.defineProperty(this, "_kdf", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: void 0
        });
        this.id = id;
        this._a = a;
        this._b = b;
        this._kdf = kdf;
        const suiteId = new Uint8Array(SUITE_ID_HEADER_KEM);
        suiteId.set(i2Osp(this.id, 2), 3);
        this._kdf.init(suiteId);
    }
    async serializePublicKey(key) {
        try {
            return await this._serializePublicKey(key);
        }
        catch (e) {
            throw new SerializeError(e);
        }
    }
    async deserializePublicKey(key) {
        try {
            return await this._deserializePublicKey(toArrayBuffer(key));
        }
        catch (e) {
            throw new DeserializeError(e);
        }
    }
    async serializePrivateKey(key) {
        try {
            return await this._serializePrivateKey(key);
        }
        catch (e) {
            throw new SerializeError(e);
        }
    }
    async deserializePrivateKey(key) {
        try {
            return await this._deserializePrivateKey(toArrayBuffer(key));
        }
        catch (e) {
            throw new DeserializeError(e);
        }
    }
    async generateKeyPair() {
        const kpA = await this._a.generateKeyPair();
        const kpB = await this._b.generateKeyPair();
        const pkA = await this._a.serializePublicKey(kpA.publicKey);
        const skA = await this._a.serializePrivateKey(kpA.privateKey);
        const pkB = await this._b.serializePublicKey(kpB.publicKey);
        const skB = await this._b.serializePrivateKey(kpB.privateKey);
        return {
            publicKey: await this.deserializePublicKey(concat(new Uint8Array(pkA), new Uint8Array(pkB)).buffer),
            privateKey: await this.deserializePrivateKey(concat(new Uint8Array(skA), new Uint8Array(skB)).buffer),
        };
    }
    async deriveKeyPair(ikm) {
        const rawIkm = toArrayBuffer(ikm);
        const dkpPrk = await this._kdf.labeledExtract(EMPTY.buffer, LABEL_DKP_PRK, new Uint8Array(rawIkm));
        const seed = new Uint8Array(await this._kdf.labeledExpand(dkpPrk, LABEL_SK, EMPTY, 32 + 64));
        const seed1 = seed.slice(0, 32);
        const seed2 = seed.slice(32, 96);
        const kpA = await this._a.deriveKeyPair(seed1.buffer);
        const kpB = await this._b.deriveKeyPair(seed2.buffer);
        const pkA = await this._a.serializePublicKey(kpA.publicKey);
        const skA = await this._a.serializePrivateKey(kpA.privateKey);
        const pkB = await this._b.serializePublicKey(kpB.publicKey);
        const skB = await this._b.serializePrivateKey(kpB.privateKey);
        return {
            publicKey: await this.deserializePublicKey(concat(new Uint8Array(pkA), new Uint8Array(pkB)).buffer),
            privateKey: await this.deserializePrivateKey(concat(new Uint8Array(skA), new Uint8Array(skB)).buffer),
        };
    }
    async importKey(format, key, isPublic = true) {
        if (format !== "raw") {
            throw new NotSupportedError("'jwk' is not supported");
        }
        if (!(key instanceof ArrayBuffer)) {
            throw new InvalidParamError("Invalid type of key");
        }
        if (isPublic) {
            return await this.deserializePublicKey(key);
        }
        return await this.deserializePrivateKey(key);
    }
    async encap(params) {
        let ekmA = undefined;
        let ekmB = undefined;
        if (params.ekm !== undefined && !isCryptoKeyPair(params.ekm)) {
            const ekm = toArrayBuffer(params.ekm);
            if (ekm.byteLength !== 64) {
                throw new InvalidParamError("ekm must be 64 bytes in length");
            }
            ekmA = ekm.slice(0, 32);
            ekmB = ekm.slice(32);
        }
        const pkR = new Uint8Array(await this.serializePublicKey(params.recipientPublicKey));
        const pkRA = await this._a.deserializePublicKey(pkR.slice(0, this._a.publicKeySize).buffer);
        const pkRB = await this._b.deserializePublicKey(pkR.slice(this._a.publicKeySize).buffer);
        const resA = await this._a.encap({ recipientPublicKey: pkRA, ekm: ekmA });
        const resB = await this._b.encap({ recipientPublicKey: pkRB, ekm: ekmB });
        return {
            sharedSecret: concat(new Uint8Array(resA.sharedSecret), new Uint8Array(resB.sharedSecret)).buffer,
            enc: concat(new Uint8Array(resA.enc), new Uint8Array(resB.enc))
                .buffer,
        };
    }
    async decap(params) {
        const enc = toArrayBuffer(params.enc);
        const sk = isCryptoKeyPair(params.recipientKey)
            ? params.recipientKey.privateKey
            : params.recipientKey;
        const skR = new Uint8Array(await this.serializePrivateKey(sk));
        const skRA = await this._a.deserializePrivateKey(skR.slice(0, this._a.privateKeySize).buffer);
        const skRB = await this._b.deserializePrivateKey(skR.slice(this._a.privateKeySize).buffer);
        const ssA = await this._a.decap({
            recipientKey: skRA,
            enc: enc.slice(0, this._a.encSize),
        });
        const ssB = await this._b.decap({
            recipientKey: skRB,
            enc: enc.slice(this._a.encSize),
        });
        return concat(new Uint8Array(ssA), new Uint8Array(ssB))
            .buffer;
    }
    _serializePublicKey(k) {
        return new Promise((resolve, reject) => {
            if (k.type !== "public") {
                reject(new Error("Not public key"));
            }
            if (k.algorithm.name !== this.name) {
                reject(new Error(`Invalid algorithm name: ${k.algorithm.name}`));
            }
            if (k.key.byteLength !== this.publicKeySize) {
                reject(new Error(`Invalid key length: ${k.key.byteLength}`));
            }
            resolve(k.key.buffer);
        });
    }
    _deserializePublicKey(k) {
        return new Promise((resolve, reject) => {
            if (k.byteLength !== this.publicKeySize) {
                reject(new Error(`Invalid key length: ${k.byteLength}`));
            }
            resolve(new XCryptoKey(this.name, new Uint8Array(k), "public"));
        });
    }
    _serializePrivateKey(k) {
        return new Promise((resolve, reject) => {
            if (k.type !== "private") {
                reject(new Error("Not private key"));
            }
            if (k.algorithm.name !== this.name) {
                reject(new Error(`Invalid algorithm name: ${k.algorithm.name}`));
            }
            if (k.key.byteLength !== this.privateKeySize) {
                reject(new Error(`Invalid key length: ${k.key.byteLength}`));
            }
            resolve(k.key.buffer);
        });
    }
    _deserializePrivateKey(k) {
        return new Promise((resolve, reject) => {
            if (k.byteLength !== this.privateKeySize) {
                reject(new Error(`Invalid key length: ${k.byteLength}`));
            }
            resolve(new XCryptoKey(this.name, new Uint8Array(k), "private", ["deriveBits"]));
        });
    }
}

;// CONCATENATED MODULE: ./node_modules/@hpke/common/esm/src/interfaces/aeadEncryptionContext.js
// The key usages for AEAD.
const AEAD_USAGES = ["encrypt", "decrypt"];

;// CONCATENATED MODULE: ./node_modules/@hpke/common/esm/src/utils/noble.js
// deno-lint-ignore-file no-explicit-any
/**
 * This file is based on noble-curves (https://github.com/paulmillr/noble-curves).
 *
 * noble-curves - MIT License (c) 2022 Paul Miller (paulmillr.com)
 *
 * The original file is located at:
 * https://github.com/paulmillr/noble-curves/blob/b9d49d2b41d550571a0c5be443ecb62109fa3373/src/utils.ts
 */
/**
 * Hex, bytes and number utilities.
 * @module
 */


/** Checks if something is Uint8Array. Be careful: nodejs Buffer will return true. */
function isBytes(a) {
    return a instanceof Uint8Array ||
        (ArrayBuffer.isView(a) && a.constructor.name === "Uint8Array");
}
/** Asserts something is positive integer. */
function noble_anumber(n, title = "") {
    if (!Number.isSafeInteger(n) || n < 0) {
        const prefix = title && `"${title}" `;
        throw new Error(`${prefix}expected integer >0, got ${n}`);
    }
}
/** Asserts something is Uint8Array. */
function noble_abytes(value, length, title = "") {
    const bytes = isBytes(value);
    const len = value?.length;
    const needsLen = length !== undefined;
    if (!bytes || (needsLen && len !== length)) {
        const prefix = title && `"${title}" `;
        const ofLen = needsLen ? ` of length ${length}` : "";
        const got = bytes ? `length=${len}` : `type=${typeof value}`;
        throw new Error(prefix + "expected Uint8Array" + ofLen + ", got " + got);
    }
    return value;
}
// ahash function is now imported from ../hash/hash.ts
/** Asserts a hash instance has not been destroyed / finished */
function noble_aexists(instance, checkFinished = true) {
    if (instance.destroyed)
        throw new Error("Hash instance has been destroyed");
    if (checkFinished && instance.finished) {
        throw new Error("Hash#digest() has already been called");
    }
}
/** Asserts output is properly-sized byte array */
function noble_aoutput(out, instance) {
    noble_abytes(out, undefined, "digestInto() output");
    const min = instance.outputLen;
    if (out.length < min) {
        throw new Error('"digestInto() output" expected to be of length >=' + min);
    }
}
// Used in weierstrass, der
function abignumer(n) {
    if (typeof n === "bigint") {
        if (!isPosBig(n))
            throw new Error("positive bigint expected, got " + n);
    }
    else
        noble_anumber(n);
    return n;
}
/** Cast u8 / u16 / u32 to u32. */
function noble_u32(arr) {
    return new Uint32Array(arr.buffer, arr.byteOffset, Math.floor(arr.byteLength / 4));
}
/** Zeroize a byte array. Warning: JS provides no guarantees. */
function noble_clean(...arrays) {
    for (let i = 0; i < arrays.length; i++) {
        arrays[i].fill(0);
    }
}
/** Pre-computed buffer for endianness detection */
const _endianTestBuffer = /* @__PURE__ */ new Uint32Array([0x11223344]);
const _endianTestBytes = /* @__PURE__ */ new Uint8Array(_endianTestBuffer.buffer);
/** Is current platform little-endian? Most are. Big-Endian platform: IBM */
const isLE = /* @__PURE__ */ _endianTestBytes[0] === 0x44;
/** The byte swap operation for uint32 */
function byteSwap(word) {
    return (((word << 24) & 0xff000000) |
        ((word << 8) & 0xff0000) |
        ((word >>> 8) & 0xff00) |
        ((word >>> 24) & 0xff));
}
/** Conditionally byte swap if on a big-endian platform */
function swap8IfBE(n) {
    return isLE ? n : byteSwap(n);
}
/** @deprecated */
const byteSwapIfBE = (/* unused pure expression or super */ null && (swap8IfBE));
/** In place byte swap for Uint32Array */
function byteSwap32(arr) {
    for (let i = 0; i < arr.length; i++) {
        arr[i] = byteSwap(arr[i]);
    }
    return arr;
}
function noble_swap32IfBE(u) {
    return isLE ? u : byteSwap32(u);
}
/** Create DataView of an array for easy byte-level manipulation. */
function createView(arr) {
    return new DataView(arr.buffer, arr.byteOffset, arr.byteLength);
}
/** The rotate right (circular right shift) operation for uint32 */
function rotr(word, shift) {
    return (word << (32 - shift)) | (word >>> shift);
}
// Built-in hex conversion https://caniuse.com/mdn-javascript_builtins_uint8array_fromhex
const hasHexBuiltin = /* @__PURE__ */ (() => 
// @ts-ignore: to use toHex
typeof Uint8Array.from([]).toHex === "function" &&
    // @ts-ignore: to use fromHex
    typeof Uint8Array.fromHex === "function")();
// Array where index 0xf0 (240) is mapped to string 'f0'
const hexes = /* @__PURE__ */ Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, "0"));
const HEX_TO_BIGINT = /* @__PURE__ */ [
    0n,
    1n,
    2n,
    3n,
    4n,
    5n,
    6n,
    7n,
    8n,
    9n,
    10n,
    11n,
    12n,
    13n,
    14n,
    15n,
];
/**
 * Convert byte array to hex string. Uses built-in function, when available.
 * @example bytesToHex(Uint8Array.from([0xca, 0xfe, 0x01, 0x23])) // 'cafe0123'
 */
function noble_bytesToHex(bytes) {
    noble_abytes(bytes);
    // @ts-ignore: to use toHex
    if (hasHexBuiltin)
        return bytes.toHex();
    // pre-caching improves the speed 6x
    let hex = "";
    for (let i = 0; i < bytes.length; i++) {
        hex += hexes[bytes[i]];
    }
    return hex;
}
// We use optimized technique to convert hex string to byte array
const asciis = { _0: 48, _9: 57, A: 65, F: 70, a: 97, f: 102 };
function asciiToBase16(ch) {
    if (ch >= asciis._0 && ch <= asciis._9)
        return ch - asciis._0; // '2' => 50-48
    if (ch >= asciis.A && ch <= asciis.F)
        return ch - (asciis.A - 10); // 'B' => 66-(65-10)
    if (ch >= asciis.a && ch <= asciis.f)
        return ch - (asciis.a - 10); // 'b' => 98-(97-10)
    return;
}
/**
 * Convert hex string to byte array. Uses built-in function, when available.
 * @example hexToBytes('cafe0123') // Uint8Array.from([0xca, 0xfe, 0x01, 0x23])
 */
function noble_hexToBytes(hex) {
    if (typeof hex !== "string") {
        throw new Error("hex string expected, got " + typeof hex);
    }
    // @ts-ignore: to use fromHex
    if (hasHexBuiltin)
        return Uint8Array.fromHex(hex);
    const hl = hex.length;
    const al = hl / 2;
    if (hl % 2) {
        throw new Error("hex string expected, got unpadded hex of length " + hl);
    }
    const array = new Uint8Array(al);
    for (let ai = 0, hi = 0; ai < al; ai++, hi += 2) {
        const n1 = asciiToBase16(hex.charCodeAt(hi));
        const n2 = asciiToBase16(hex.charCodeAt(hi + 1));
        if (n1 === undefined || n2 === undefined) {
            const char = hex[hi] + hex[hi + 1];
            throw new Error('hex string expected, got non-hex character "' + char + '" at index ' +
                hi);
        }
        array[ai] = n1 * 16 + n2; // multiply first octet, e.g. 'a3' => 10*16+3 => 160 + 3 => 163
    }
    return array;
}
/**
 * Converts string to bytes using UTF8 encoding.
 * @example utf8ToBytes('abc') // Uint8Array.from([97, 98, 99])
 */
function utf8ToBytes(str) {
    if (typeof str !== "string")
        throw new Error("string expected");
    return new Uint8Array(new TextEncoder().encode(str)); // https://bugzil.la/1681809
}
/**
 * Converts bytes to string using UTF8 encoding.
 * @example bytesToUtf8(Uint8Array.from([97, 98, 99])) // 'abc'
 */
function bytesToUtf8(bytes) {
    return new TextDecoder().decode(bytes);
}
function numberToHexUnpadded(num) {
    const hex = abignumer(num).toString(16);
    return hex.length & 1 ? "0" + hex : hex;
}
function hexToNumber(hex) {
    if (typeof hex !== "string") {
        throw new Error("hex string expected, got " + typeof hex);
    }
    let out = N_0;
    for (let i = 0; i < hex.length; i++) {
        const n = asciiToBase16(hex.charCodeAt(i));
        if (n === undefined) {
            throw new Error('hex string expected, got non-hex character "' + hex[i] +
                '" at index ' + i);
        }
        out = (out << 4n) | HEX_TO_BIGINT[n];
    }
    return out; // Big Endian
}
function numberToBigint(num) {
    noble_anumber(num, "numberToBigint");
    let n = num;
    let out = N_0;
    let bit = 1n;
    while (n > 0) {
        if (n % 2 === 1)
            out += bit;
        n = Math.floor(n / 2);
        bit <<= 1n;
    }
    return out;
}
// BE: Big Endian, LE: Little Endian
function bytesToNumberBE(bytes) {
    return hexToNumber(noble_bytesToHex(bytes));
}
function bytesToNumberLE(bytes) {
    return hexToNumber(noble_bytesToHex(copyBytes(noble_abytes(bytes)).reverse()));
}
function numberToBytesBE(n, len) {
    noble_anumber(len);
    n = abignumer(n);
    const res = noble_hexToBytes(n.toString(16).padStart(len * 2, "0"));
    if (res.length !== len)
        throw new Error("number too large");
    return res;
}
function numberToBytesLE(n, len) {
    return numberToBytesBE(n, len).reverse();
}
/**
 * Copies Uint8Array. We can't use u8a.slice(), because u8a can be Buffer,
 * and Buffer#slice creates mutable copy. Never use Buffers!
 */
function copyBytes(bytes) {
    return Uint8Array.from(bytes);
}
/** Copies several Uint8Arrays into one. */
function concatBytes(...arrays) {
    let sum = 0;
    for (let i = 0; i < arrays.length; i++) {
        const a = arrays[i];
        noble_abytes(a);
        sum += a.length;
    }
    const res = new Uint8Array(sum);
    for (let i = 0, pad = 0; i < arrays.length; i++) {
        const a = arrays[i];
        res.set(a, pad);
        pad += a.length;
    }
    return res;
}
/**
 * Decodes 7-bit ASCII string to Uint8Array, throws on non-ascii symbols
 * Should be safe to use for things expected to be ASCII.
 * Returns exact same result as utf8ToBytes for ASCII or throws.
 */
function asciiToBytes(ascii) {
    return Uint8Array.from(ascii, (c, i) => {
        const charCode = c.charCodeAt(0);
        if (c.length !== 1 || charCode > 127) {
            throw new Error(`string contains non-ASCII character "${ascii[i]}" with code ${charCode} at position ${i}`);
        }
        return charCode;
    });
}
// Is positive bigint
function isPosBig(n) {
    return typeof n === "bigint" && N_0 <= n;
}
function inRange(n, min, max) {
    return isPosBig(n) && isPosBig(min) && isPosBig(max) && min <= n && n < max;
}
/**
 * Asserts min <= n < max. NOTE: It's < max and not <= max.
 * @example
 * aInRange('x', x, 1n, 256n); // would assume x is in (1n..255n)
 */
function aInRange(title, n, min, max) {
    // Why min <= n < max and not a (min < n < max) OR b (min <= n <= max)?
    // consider P=256n, min=0n, max=P
    // - a for min=0 would require -1:          `inRange('x', x, -1n, P)`
    // - b would commonly require subtraction:  `inRange('x', x, 0n, P - 1n)`
    // - our way is the cleanest:               `inRange('x', x, 0n, P)
    if (!inRange(n, min, max)) {
        throw new Error("expected valid " + title + ": " + min + " <= n < " + max + ", got " + n);
    }
}
function validateObject(object, fields = {}, optFields = {}) {
    if (!object || typeof object !== "object") {
        throw new Error("expected valid options object");
    }
    function checkField(fieldName, expectedType, isOpt) {
        const val = object[fieldName];
        if (isOpt && val === undefined)
            return;
        const current = typeof val;
        if (current !== expectedType || val === null) {
            throw new Error(`param "${fieldName}" is invalid: expected ${expectedType}, got ${current}`);
        }
    }
    const iter = (f, isOpt) => Object.entries(f).forEach(([k, v]) => checkField(k, v, isOpt));
    iter(fields, false);
    iter(optFields, true);
}
// createHasher function is now exported above with ahash
// /** Cryptographically secure PRNG. Uses internal OS-level `crypto.getRandomValues`. */
// export function randomBytes(bytesLength = 32): Uint8Array {
//   const cr = typeof globalThis != null && (globalThis as any).crypto;
//   if (!cr || typeof cr.getRandomValues !== "function") {
//     throw new Error("crypto.getRandomValues must be defined");
//   }
//   return cr.getRandomValues(new Uint8Array(bytesLength));
// }
/** Cryptographically secure PRNG. Uses internal OS-level `crypto.getRandomValues`. */
async function randomBytesAsync(bytesLength = 32) {
    const api = await loadCrypto();
    const rnd = new Uint8Array(bytesLength);
    api.getRandomValues(rnd);
    return rnd;
}
// 06 09 60 86 48 01 65 03 04 02
function noble_oidNist(suffix) {
    return {
        oid: Uint8Array.from([
            0x06,
            0x09,
            0x60,
            0x86,
            0x48,
            0x01,
            0x65,
            0x03,
            0x04,
            0x02,
            suffix,
        ]),
    };
}

;// CONCATENATED MODULE: ./node_modules/@hpke/common/esm/src/hash/hash.js
/**
 * This file is based on noble-curves (https://github.com/paulmillr/noble-curves).
 *
 * noble-curves - MIT License (c) 2022 Paul Miller (paulmillr.com)
 *
 * The original file is located at:
 * https://github.com/paulmillr/noble-curves/blob/b9d49d2b41d550571a0c5be443ecb62109fa3373/src/utils.ts
 */
/**
 * Hash utilities and type definitions extracted from noble.ts
 * @module
 */

/** Asserts something is hash */
function ahash(h) {
    if (typeof h !== "function" || typeof h.create !== "function") {
        throw new Error("Hash must wrapped by utils.createHasher");
    }
    noble_anumber(h.outputLen);
    noble_anumber(h.blockLen);
}
function hash_createHasher(hashCons, info = {}) {
    const hashFn = (msg, opts) => hashCons(opts).update(msg).digest();
    const tmp = hashCons(undefined);
    const hashC = Object.assign(hashFn, {
        outputLen: tmp.outputLen,
        blockLen: tmp.blockLen,
        create: (opts) => hashCons(opts),
        ...info,
    });
    return Object.freeze(hashC);
}

;// CONCATENATED MODULE: ./node_modules/@hpke/common/esm/src/hash/hmac.js
// deno-lint-ignore-file no-explicit-any
/**
 * This file is based on noble-hashes (https://github.com/paulmillr/noble-hashes).
 *
 * noble-hashes - MIT License (c) 2022 Paul Miller (paulmillr.com)
 *
 * The original file is located at:
 * https://github.com/paulmillr/noble-hashes/blob/2e0c00e1aa134082ba1380bf3afb8b1641f60fed/src/hmac.ts
 */
/**
 * HMAC: RFC2104 message authentication code.
 * @module
 */


class _HMAC {
    constructor(hash, key) {
        Object.defineProperty(this, "oHash", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: void 0
        });
        Object.defineProperty(this, "iHash", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: void 0
        });
        Object.defineProperty(this, "blockLen", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: void 0
        });
        Object.defineProperty(this, "outputLen", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: void 0
        });
        Object.defineProperty(this, "finished", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: false
        });
        Object.defineProperty(this, "destroyed", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: false
        });
        ahash(hash);
        noble_abytes(key, undefined, "key");
        this.iHash = hash.create();
        if (typeof this.iHash.update !== "function") {
            throw new Error("Expected instance of class which extends utils.Hash");
        }
        this.blockLen = this.iHash.blockLen;
        this.outputLen = this.iHash.outputLen;
        const blockLen = this.blockLen;
        const pad = new Uint8Array(blockLen);
        // blockLen can be bigger than outputLen
        pad.set(key.length > blockLen ? hash.create().update(key).digest() : key);
        for (let i = 0; i < pad.length; i++)
            pad[i] ^= 0x36;
        this.iHash.update(pad);
        // By doing update (processing of first block) of outer hash here we can re-use it between multiple calls via clone
        this.oHash = hash.create();
        // Undo internal XOR && apply outer XOR
        for (let i = 0; i < pad.length; i++)
            pad[i] ^= 0x36 ^ 0x5c;
        this.oHash.update(pad);
        noble_clean(pad);
    }
    update(buf) {
        noble_aexists(this);
        this.iHash.update(buf);
        return this;
    }
    digestInto(out) {
        noble_aexists(this);
        noble_abytes(out, this.outputLen, "output");
        this.finished = true;
        this.iHash.digestInto(out);
        this.oHash.update(out);
        this.oHash.digestInto(out);
        this.destroy();
    }
    digest() {
        const out = new Uint8Array(this.oHash.outputLen);
        this.digestInto(out);
        return out;
    }
    _cloneInto(to) {
        // Create new instance without calling constructor since key already in state and we don't know it.
        to ||= Object.create(Object.getPrototypeOf(this), {});
        const { oHash, iHash, finished, destroyed, blockLen, outputLen } = this;
        to = to;
        to.finished = finished;
        to.destroyed = destroyed;
        to.blockLen = blockLen;
        to.outputLen = outputLen;
        to.oHash = oHash._cloneInto(to.oHash);
        to.iHash = iHash._cloneInto(to.iHash);
        return to;
    }
    clone() {
        return this._cloneInto();
    }
    destroy() {
        this.destroyed = true;
        this.oHash.destroy();
        this.iHash.destroy();
    }
}
/**
 * HMAC: RFC2104 message authentication code.
 * @param hash - function that would be used e.g. sha256
 * @param key - message key
 * @param message - message data
 * @example
 * import { hmac } from '@noble/hashes/hmac';
 * import { sha256 } from '@noble/hashes/sha2';
 * const mac1 = hmac(sha256, 'key', 'message');
 */
const hmac = (hash, key, message) => new _HMAC(hash, key).update(message).digest();
hmac.create = (hash, key) => new _HMAC(hash, key);

;// CONCATENATED MODULE: ./node_modules/@hpke/common/esm/src/hash/md.js
// deno-lint-ignore-file no-explicit-any
/**
 * This file is based on noble-hashes (https://github.com/paulmillr/noble-hashes).
 *
 * noble-hashes - MIT License (c) 2022 Paul Miller (paulmillr.com)
 *
 * The original file is located at:
 * https://github.com/paulmillr/noble-hashes/blob/2e0c00e1aa134082ba1380bf3afb8b1641f60fed/src/_md.ts
 */
/**
 * Internal Merkle-Damgard hash utils.
 * @module
 */

/** Choice: a ? b : c */
function Chi(a, b, c) {
    return (a & b) ^ (~a & c);
}
/** Majority function, true if any two inputs is true. */
function Maj(a, b, c) {
    return (a & b) ^ (a & c) ^ (b & c);
}
/**
 * Merkle-Damgard hash construction base class.
 * Could be used to create MD5, RIPEMD, SHA1, SHA2.
 */
class HashMD {
    constructor(blockLen, outputLen, padOffset, isLE) {
        Object.defineProperty(this, "blockLen", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: void 0
        });
        Object.defineProperty(this, "outputLen", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: void 0
        });
        Object.defineProperty(this, "padOffset", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: void 0
        });
        Object.defineProperty(this, "isLE", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: void 0
        });
        // For partial updates less than block size
        Object.defineProperty(this, "buffer", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: void 0
        });
        Object.defineProperty(this, "view", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: void 0
        });
        Object.defineProperty(this, "finished", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: false
        });
        Object.defineProperty(this, "length", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: 0
        });
        Object.defineProperty(this, "pos", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: 0
        });
        Object.defineProperty(this, "destroyed", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: false
        });
        this.blockLen = blockLen;
        this.outputLen = outputLen;
        this.padOffset = padOffset;
        this.isLE = isLE;
        this.buffer = new Uint8Array(blockLen);
        this.view = createView(this.buffer);
    }
    update(data) {
        noble_aexists(this);
        noble_abytes(data);
        const { view, buffer, blockLen } = this;
        const len = data.length;
        for (let pos = 0; pos < len;) {
            const take = Math.min(blockLen - this.pos, len - pos);
            // Fast path: we have at least one block in input, cast it to view and process
            if (take === blockLen) {
                const dataView = createView(data);
                for (; blockLen <= len - pos; pos += blockLen) {
                    this.process(dataView, pos);
                }
                continue;
            }
            buffer.set(data.subarray(pos, pos + take), this.pos);
            this.pos += take;
            pos += take;
            if (this.pos === blockLen) {
                this.process(view, 0);
                this.pos = 0;
            }
        }
        this.length += data.length;
        this.roundClean();
        return this;
    }
    digestInto(out) {
        noble_aexists(this);
        noble_aoutput(out, this);
        this.finished = true;
        // Padding
        // We can avoid allocation of buffer for padding completely if it
        // was previously not allocated here. But it won't change performance.
        const { buffer, view, blockLen, isLE } = this;
        let { pos } = this;
        // append the bit '1' to the message
        buffer[pos++] = 0b10000000;
        noble_clean(this.buffer.subarray(pos));
        // we have less than padOffset left in buffer, so we cannot put length in
        // current block, need process it and pad again
        if (this.padOffset > blockLen - pos) {
            this.process(view, 0);
            pos = 0;
        }
        // Pad until full block byte with zeros
        for (let i = pos; i < blockLen; i++)
            buffer[i] = 0;
        // Note: sha512 requires length to be 128bit integer, but length in JS will overflow before that
        // You need to write around 2 exabytes (u64_max / 8 / (1024**6)) for this to happen.
        // So we just write lowest 64 bits of that value.
        view.setBigUint64(blockLen - 8, numberToBigint(this.length * 8), isLE);
        this.process(view, 0);
        const oview = createView(out);
        const len = this.outputLen;
        // NOTE: we do division by 4 later, which must be fused in single op with modulo by JIT
        if (len % 4)
            throw new Error("_sha2: outputLen must be aligned to 32bit");
        const outLen = len / 4;
        const state = this.get();
        if (outLen > state.length) {
            throw new Error("_sha2: outputLen bigger than state");
        }
        for (let i = 0; i < outLen; i++)
            oview.setUint32(4 * i, state[i], isLE);
    }
    digest() {
        const { buffer, outputLen } = this;
        this.digestInto(buffer);
        const res = buffer.slice(0, outputLen);
        this.destroy();
        return res;
    }
    _cloneInto(to) {
        to ||= new this.constructor();
        to.set(...this.get());
        const { blockLen, buffer, length, finished, destroyed, pos } = this;
        to.destroyed = destroyed;
        to.finished = finished;
        to.length = length;
        to.pos = pos;
        if (length % blockLen)
            to.buffer.set(buffer);
        return to;
    }
    clone() {
        return this._cloneInto();
    }
}
/**
 * Initial SHA-2 state: fractional parts of square roots of first 16 primes 2..53.
 * Check out `test/misc/sha2-gen-iv.js` for recomputation guide.
 */
/** Initial SHA256 state. Bits 0..32 of frac part of sqrt of primes 2..19 */
const SHA256_IV = /* @__PURE__ */ Uint32Array.from([
    0x6a09e667,
    0xbb67ae85,
    0x3c6ef372,
    0xa54ff53a,
    0x510e527f,
    0x9b05688c,
    0x1f83d9ab,
    0x5be0cd19,
]);
/** Initial SHA384 state. Bits 0..64 of frac part of sqrt of primes 23..53 */
const SHA384_IV = /* @__PURE__ */ Uint32Array.from([
    0xcbbb9d5d,
    0xc1059ed8,
    0x629a292a,
    0x367cd507,
    0x9159015a,
    0x3070dd17,
    0x152fecd8,
    0xf70e5939,
    0x67332667,
    0xffc00b31,
    0x8eb44a87,
    0x68581511,
    0xdb0c2e0d,
    0x64f98fa7,
    0x47b5481d,
    0xbefa4fa4,
]);
/** Initial SHA512 state. Bits 0..64 of frac part of sqrt of primes 2..19 */
const SHA512_IV = /* @__PURE__ */ Uint32Array.from([
    0x6a09e667,
    0xf3bcc908,
    0xbb67ae85,
    0x84caa73b,
    0x3c6ef372,
    0xfe94f82b,
    0xa54ff53a,
    0x5f1d36f1,
    0x510e527f,
    0xade682d1,
    0x9b05688c,
    0x2b3e6c1f,
    0x1f83d9ab,
    0xfb41bd6b,
    0x5be0cd19,
    0x137e2179,
]);

;// CONCATENATED MODULE: ./node_modules/@hpke/common/esm/src/hash/u64.js
/**
 * This file is based on noble-hashes (https://github.com/paulmillr/noble-hashes).
 *
 * noble-hashes - MIT License (c) 2022 Paul Miller (paulmillr.com)
 *
 * The original file is located at:
 * https://github.com/paulmillr/noble-hashes/blob/4e358a46d682adfb005ae6314ec999f2513086b9/src/_u64.ts
 */
/**
 * Internal helpers for u64. BigUint64Array is too slow as per 2025, so we implement it using Uint32Array.
 * @todo re-check https://issues.chromium.org/issues/42212588
 * @module
 */
const U32_MASK64 = 0xffffffffn;
const _32n = 32n;
function fromBig(n, le = false) {
    if (le) {
        return { h: Number(n & U32_MASK64), l: Number((n >> _32n) & U32_MASK64) };
    }
    return {
        h: Number((n >> _32n) & U32_MASK64) | 0,
        l: Number(n & U32_MASK64) | 0,
    };
}
function split(lst, le = false) {
    const len = lst.length;
    const Ah = new Uint32Array(len);
    const Al = new Uint32Array(len);
    for (let i = 0; i < len; i++) {
        const { h, l } = fromBig(lst[i], le);
        [Ah[i], Al[i]] = [h, l];
    }
    return [Ah, Al];
}
const toBig = (h, l) => (BigInt(h >>> 0) << _32n) | BigInt(l >>> 0);
// for Shift in [0, 32)
const shrSH = (h, _l, s) => h >>> s;
const shrSL = (h, l, s) => (h << (32 - s)) | (l >>> s);
// Right rotate for Shift in [1, 32)
const rotrSH = (h, l, s) => (h >>> s) | (l << (32 - s));
const rotrSL = (h, l, s) => (h << (32 - s)) | (l >>> s);
// Right rotate for Shift in (32, 64), NOTE: 32 is special case.
const rotrBH = (h, l, s) => (h << (64 - s)) | (l >>> (s - 32));
const rotrBL = (h, l, s) => (h >>> (s - 32)) | (l << (64 - s));
// Right rotate for shift===32 (just swaps l&h)
const rotr32H = (_h, l) => l;
const rotr32L = (h, _l) => h;
// Left rotate for Shift in [1, 32)
const u64_rotlSH = (h, l, s) => (h << s) | (l >>> (32 - s));
const u64_rotlSL = (h, l, s) => (l << s) | (h >>> (32 - s));
// Left rotate for Shift in (32, 64), NOTE: 32 is special case.
const u64_rotlBH = (h, l, s) => (l << (s - 32)) | (h >>> (64 - s));
const u64_rotlBL = (h, l, s) => (h << (s - 32)) | (l >>> (64 - s));
// JS uses 32-bit signed integers for bitwise operations which means we cannot
// simple take carry out of low bit sum by shift, we need to use division.
function add(Ah, Al, Bh, Bl) {
    const l = (Al >>> 0) + (Bl >>> 0);
    return { h: (Ah + Bh + ((l / 2 ** 32) | 0)) | 0, l: l | 0 };
}
// Addition with more than 2 elements
const add3L = (Al, Bl, Cl) => (Al >>> 0) + (Bl >>> 0) + (Cl >>> 0);
const add3H = (low, Ah, Bh, Ch) => (Ah + Bh + Ch + ((low / 2 ** 32) | 0)) | 0;
const add4L = (Al, Bl, Cl, Dl) => (Al >>> 0) + (Bl >>> 0) + (Cl >>> 0) + (Dl >>> 0);
const add4H = (low, Ah, Bh, Ch, Dh) => (Ah + Bh + Ch + Dh + ((low / 2 ** 32) | 0)) | 0;
const add5L = (Al, Bl, Cl, Dl, El) => (Al >>> 0) + (Bl >>> 0) + (Cl >>> 0) + (Dl >>> 0) + (El >>> 0);
const add5H = (low, Ah, Bh, Ch, Dh, Eh) => (Ah + Bh + Ch + Dh + Eh + ((low / 2 ** 32) | 0)) | 0;
// prettier-ignore

// prettier-ignore
const u64 = {
    fromBig,
    split,
    toBig,
    shrSH,
    shrSL,
    rotrSH,
    rotrSL,
    rotrBH,
    rotrBL,
    rotr32H,
    rotr32L,
    rotlSH: u64_rotlSH,
    rotlSL: u64_rotlSL,
    rotlBH: u64_rotlBH,
    rotlBL: u64_rotlBL,
    add,
    add3L,
    add3H,
    add4L,
    add4H,
    add5H,
    add5L,
};
/* harmony default export */ const hash_u64 = ((/* unused pure expression or super */ null && (u64)));

;// CONCATENATED MODULE: ./node_modules/@hpke/common/esm/src/hash/sha2.js
/**
 * This file is based on noble-hashes (https://github.com/paulmillr/noble-hashes).
 *
 * noble-hashes - MIT License (c) 2022 Paul Miller (paulmillr.com)
 *
 * The original file is located at:
 * https://github.com/paulmillr/noble-hashes/blob/2e0c00e1aa134082ba1380bf3afb8b1641f60fed/src/sha2.ts
 */
/**
 * SHA2 hash function. A.k.a. sha256, sha384, sha512, sha512_224, sha512_256.
 * SHA256 is the fastest hash implementable in JS, even faster than Blake3.
 * Check out [RFC 4634](https://www.rfc-editor.org/rfc/rfc4634) and
 * [FIPS 180-4](https://nvlpubs.nist.gov/nistpubs/FIPS/NIST.FIPS.180-4.pdf).
 * @module
 */




/**
 * Round constants:
 * First 32 bits of fractional parts of the cube roots of the first 64 primes 2..311)
 */
const SHA256_K = /* @__PURE__ */ Uint32Array.from([
    0x428a2f98,
    0x71374491,
    0xb5c0fbcf,
    0xe9b5dba5,
    0x3956c25b,
    0x59f111f1,
    0x923f82a4,
    0xab1c5ed5,
    0xd807aa98,
    0x12835b01,
    0x243185be,
    0x550c7dc3,
    0x72be5d74,
    0x80deb1fe,
    0x9bdc06a7,
    0xc19bf174,
    0xe49b69c1,
    0xefbe4786,
    0x0fc19dc6,
    0x240ca1cc,
    0x2de92c6f,
    0x4a7484aa,
    0x5cb0a9dc,
    0x76f988da,
    0x983e5152,
    0xa831c66d,
    0xb00327c8,
    0xbf597fc7,
    0xc6e00bf3,
    0xd5a79147,
    0x06ca6351,
    0x14292967,
    0x27b70a85,
    0x2e1b2138,
    0x4d2c6dfc,
    0x53380d13,
    0x650a7354,
    0x766a0abb,
    0x81c2c92e,
    0x92722c85,
    0xa2bfe8a1,
    0xa81a664b,
    0xc24b8b70,
    0xc76c51a3,
    0xd192e819,
    0xd6990624,
    0xf40e3585,
    0x106aa070,
    0x19a4c116,
    0x1e376c08,
    0x2748774c,
    0x34b0bcb5,
    0x391c0cb3,
    0x4ed8aa4a,
    0x5b9cca4f,
    0x682e6ff3,
    0x748f82ee,
    0x78a5636f,
    0x84c87814,
    0x8cc70208,
    0x90befffa,
    0xa4506ceb,
    0xbef9a3f7,
    0xc67178f2,
]);
/** Reusable temporary buffer. "W" comes straight from spec. */
const SHA256_W = /* @__PURE__ */ new Uint32Array(64);
/** Internal 32-byte base SHA2 hash class. */
class SHA2_32B extends HashMD {
    constructor(outputLen) {
        super(64, outputLen, 8, false);
    }
    get() {
        const { A, B, C, D, E, F, G, H } = this;
        return [A, B, C, D, E, F, G, H];
    }
    set(A, B, C, D, E, F, G, H) {
        this.A = A | 0;
        this.B = B | 0;
        this.C = C | 0;
        this.D = D | 0;
        this.E = E | 0;
        this.F = F | 0;
        this.G = G | 0;
        this.H = H | 0;
    }
    process(view, offset) {
        // Extend the first 16 words into the remaining 48 words w[16..63] of the message schedule array
        for (let i = 0; i < 16; i++, offset += 4) {
            SHA256_W[i] = view.getUint32(offset, false);
        }
        for (let i = 16; i < 64; i++) {
            const W15 = SHA256_W[i - 15];
            const W2 = SHA256_W[i - 2];
            const s0 = rotr(W15, 7) ^ rotr(W15, 18) ^ (W15 >>> 3);
            const s1 = rotr(W2, 17) ^ rotr(W2, 19) ^ (W2 >>> 10);
            SHA256_W[i] = (s1 + SHA256_W[i - 7] + s0 + SHA256_W[i - 16]) | 0;
        }
        // Compression function main loop, 64 rounds
        let { A, B, C, D, E, F, G, H } = this;
        for (let i = 0; i < 64; i++) {
            const sigma1 = rotr(E, 6) ^ rotr(E, 11) ^ rotr(E, 25);
            const T1 = (H + sigma1 + Chi(E, F, G) + SHA256_K[i] + SHA256_W[i]) | 0;
            const sigma0 = rotr(A, 2) ^ rotr(A, 13) ^ rotr(A, 22);
            const T2 = (sigma0 + Maj(A, B, C)) | 0;
            H = G;
            G = F;
            F = E;
            E = (D + T1) | 0;
            D = C;
            C = B;
            B = A;
            A = (T1 + T2) | 0;
        }
        // Add the compressed chunk to the current hash value
        A = (A + this.A) | 0;
        B = (B + this.B) | 0;
        C = (C + this.C) | 0;
        D = (D + this.D) | 0;
        E = (E + this.E) | 0;
        F = (F + this.F) | 0;
        G = (G + this.G) | 0;
        H = (H + this.H) | 0;
        this.set(A, B, C, D, E, F, G, H);
    }
    roundClean() {
        noble_clean(SHA256_W);
    }
    destroy() {
        this.set(0, 0, 0, 0, 0, 0, 0, 0);
        noble_clean(this.buffer);
    }
}
/** Internal SHA2-256 hash class. */
class _SHA256 extends SHA2_32B {
    constructor() {
        super(32);
        // We cannot use array here since array allows indexing by variable
        // which means optimizer/compiler cannot use registers.
        Object.defineProperty(this, "A", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: SHA256_IV[0] | 0
        });
        Object.defineProperty(this, "B", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: SHA256_IV[1] | 0
        });
        Object.defineProperty(this, "C", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: SHA256_IV[2] | 0
        });
        Object.defineProperty(this, "D", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: SHA256_IV[3] | 0
        });
        Object.defineProperty(this, "E", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: SHA256_IV[4] | 0
        });
        Object.defineProperty(this, "F", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: SHA256_IV[5] | 0
        });
        Object.defineProperty(this, "G", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: SHA256_IV[6] | 0
        });
        Object.defineProperty(this, "H", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: SHA256_IV[7] | 0
        });
    }
}
// SHA2-512 is slower than sha256 in js because u64 operations are slow.
// Round contants
// First 32 bits of the fractional parts of the cube roots of the first 80 primes 2..409
const K512 = /* @__PURE__ */ (() => split([
    0x428a2f98d728ae22n,
    0x7137449123ef65cdn,
    0xb5c0fbcfec4d3b2fn,
    0xe9b5dba58189dbbcn,
    0x3956c25bf348b538n,
    0x59f111f1b605d019n,
    0x923f82a4af194f9bn,
    0xab1c5ed5da6d8118n,
    0xd807aa98a3030242n,
    0x12835b0145706fben,
    0x243185be4ee4b28cn,
    0x550c7dc3d5ffb4e2n,
    0x72be5d74f27b896fn,
    0x80deb1fe3b1696b1n,
    0x9bdc06a725c71235n,
    0xc19bf174cf692694n,
    0xe49b69c19ef14ad2n,
    0xefbe4786384f25e3n,
    0x0fc19dc68b8cd5b5n,
    0x240ca1cc77ac9c65n,
    0x2de92c6f592b0275n,
    0x4a7484aa6ea6e483n,
    0x5cb0a9dcbd41fbd4n,
    0x76f988da831153b5n,
    0x983e5152ee66dfabn,
    0xa831c66d2db43210n,
    0xb00327c898fb213fn,
    0xbf597fc7beef0ee4n,
    0xc6e00bf33da88fc2n,
    0xd5a79147930aa725n,
    0x06ca6351e003826fn,
    0x142929670a0e6e70n,
    0x27b70a8546d22ffcn,
    0x2e1b21385c26c926n,
    0x4d2c6dfc5ac42aedn,
    0x53380d139d95b3dfn,
    0x650a73548baf63den,
    0x766a0abb3c77b2a8n,
    0x81c2c92e47edaee6n,
    0x92722c851482353bn,
    0xa2bfe8a14cf10364n,
    0xa81a664bbc423001n,
    0xc24b8b70d0f89791n,
    0xc76c51a30654be30n,
    0xd192e819d6ef5218n,
    0xd69906245565a910n,
    0xf40e35855771202an,
    0x106aa07032bbd1b8n,
    0x19a4c116b8d2d0c8n,
    0x1e376c085141ab53n,
    0x2748774cdf8eeb99n,
    0x34b0bcb5e19b48a8n,
    0x391c0cb3c5c95a63n,
    0x4ed8aa4ae3418acbn,
    0x5b9cca4f7763e373n,
    0x682e6ff3d6b2b8a3n,
    0x748f82ee5defb2fcn,
    0x78a5636f43172f60n,
    0x84c87814a1f0ab72n,
    0x8cc702081a6439ecn,
    0x90befffa23631e28n,
    0xa4506cebde82bde9n,
    0xbef9a3f7b2c67915n,
    0xc67178f2e372532bn,
    0xca273eceea26619cn,
    0xd186b8c721c0c207n,
    0xeada7dd6cde0eb1en,
    0xf57d4f7fee6ed178n,
    0x06f067aa72176fban,
    0x0a637dc5a2c898a6n,
    0x113f9804bef90daen,
    0x1b710b35131c471bn,
    0x28db77f523047d84n,
    0x32caab7b40c72493n,
    0x3c9ebe0a15c9bebcn,
    0x431d67c49c100d4cn,
    0x4cc5d4becb3e42b6n,
    0x597f299cfc657e2an,
    0x5fcb6fab3ad6faecn,
    0x6c44198c4a475817n,
]))();
const SHA512_Kh = /* @__PURE__ */ (() => K512[0])();
const SHA512_Kl = /* @__PURE__ */ (() => K512[1])();
// Reusable temporary buffers
const SHA512_W_H = /* @__PURE__ */ new Uint32Array(80);
const SHA512_W_L = /* @__PURE__ */ new Uint32Array(80);
/** Internal 64-byte base SHA2 hash class. */
class SHA2_64B extends HashMD {
    constructor(outputLen) {
        super(128, outputLen, 16, false);
    }
    get() {
        const { Ah, Al, Bh, Bl, Ch, Cl, Dh, Dl, Eh, El, Fh, Fl, Gh, Gl, Hh, Hl } = this;
        return [Ah, Al, Bh, Bl, Ch, Cl, Dh, Dl, Eh, El, Fh, Fl, Gh, Gl, Hh, Hl];
    }
    set(Ah, Al, Bh, Bl, Ch, Cl, Dh, Dl, Eh, El, Fh, Fl, Gh, Gl, Hh, Hl) {
        this.Ah = Ah | 0;
        this.Al = Al | 0;
        this.Bh = Bh | 0;
        this.Bl = Bl | 0;
        this.Ch = Ch | 0;
        this.Cl = Cl | 0;
        this.Dh = Dh | 0;
        this.Dl = Dl | 0;
        this.Eh = Eh | 0;
        this.El = El | 0;
        this.Fh = Fh | 0;
        this.Fl = Fl | 0;
        this.Gh = Gh | 0;
        this.Gl = Gl | 0;
        this.Hh = Hh | 0;
        this.Hl = Hl | 0;
    }
    process(view, offset) {
        // Extend the first 16 words into the remaining 64 words w[16..79] of the message schedule array
        for (let i = 0; i < 16; i++, offset += 4) {
            SHA512_W_H[i] = view.getUint32(offset);
            SHA512_W_L[i] = view.getUint32(offset += 4);
        }
        for (let i = 16; i < 80; i++) {
            // s0 := (w[i-15] rightrotate 1) xor (w[i-15] rightrotate 8) xor (w[i-15] rightshift 7)
            const W15h = SHA512_W_H[i - 15] | 0;
            const W15l = SHA512_W_L[i - 15] | 0;
            const s0h = rotrSH(W15h, W15l, 1) ^ rotrSH(W15h, W15l, 8) ^
                shrSH(W15h, W15l, 7);
            const s0l = rotrSL(W15h, W15l, 1) ^ rotrSL(W15h, W15l, 8) ^
                shrSL(W15h, W15l, 7);
            // s1 := (w[i-2] rightrotate 19) xor (w[i-2] rightrotate 61) xor (w[i-2] rightshift 6)
            const W2h = SHA512_W_H[i - 2] | 0;
            const W2l = SHA512_W_L[i - 2] | 0;
            const s1h = rotrSH(W2h, W2l, 19) ^ rotrBH(W2h, W2l, 61) ^
                shrSH(W2h, W2l, 6);
            const s1l = rotrSL(W2h, W2l, 19) ^ rotrBL(W2h, W2l, 61) ^
                shrSL(W2h, W2l, 6);
            // SHA256_W[i] = s0 + s1 + SHA256_W[i - 7] + SHA256_W[i - 16];
            const SUMl = add4L(s0l, s1l, SHA512_W_L[i - 7], SHA512_W_L[i - 16]);
            const SUMh = add4H(SUMl, s0h, s1h, SHA512_W_H[i - 7], SHA512_W_H[i - 16]);
            SHA512_W_H[i] = SUMh | 0;
            SHA512_W_L[i] = SUMl | 0;
        }
        let { Ah, Al, Bh, Bl, Ch, Cl, Dh, Dl, Eh, El, Fh, Fl, Gh, Gl, Hh, Hl } = this;
        // Compression function main loop, 80 rounds
        for (let i = 0; i < 80; i++) {
            // S1 := (e rightrotate 14) xor (e rightrotate 18) xor (e rightrotate 41)
            const sigma1h = rotrSH(Eh, El, 14) ^ rotrSH(Eh, El, 18) ^
                rotrBH(Eh, El, 41);
            const sigma1l = rotrSL(Eh, El, 14) ^ rotrSL(Eh, El, 18) ^
                rotrBL(Eh, El, 41);
            //const T1 = (H + sigma1 + Chi(E, F, G) + SHA256_K[i] + SHA256_W[i]) | 0;
            const CHIh = (Eh & Fh) ^ (~Eh & Gh);
            const CHIl = (El & Fl) ^ (~El & Gl);
            // T1 = H + sigma1 + Chi(E, F, G) + SHA512_K[i] + SHA512_W[i]
            const T1ll = add5L(Hl, sigma1l, CHIl, SHA512_Kl[i], SHA512_W_L[i]);
            const T1h = add5H(T1ll, Hh, sigma1h, CHIh, SHA512_Kh[i], SHA512_W_H[i]);
            const T1l = T1ll | 0;
            // S0 := (a rightrotate 28) xor (a rightrotate 34) xor (a rightrotate 39)
            const sigma0h = rotrSH(Ah, Al, 28) ^ rotrBH(Ah, Al, 34) ^
                rotrBH(Ah, Al, 39);
            const sigma0l = rotrSL(Ah, Al, 28) ^ rotrBL(Ah, Al, 34) ^
                rotrBL(Ah, Al, 39);
            const MAJh = (Ah & Bh) ^ (Ah & Ch) ^ (Bh & Ch);
            const MAJl = (Al & Bl) ^ (Al & Cl) ^ (Bl & Cl);
            Hh = Gh | 0;
            Hl = Gl | 0;
            Gh = Fh | 0;
            Gl = Fl | 0;
            Fh = Eh | 0;
            Fl = El | 0;
            ({ h: Eh, l: El } = add(Dh | 0, Dl | 0, T1h | 0, T1l | 0));
            Dh = Ch | 0;
            Dl = Cl | 0;
            Ch = Bh | 0;
            Cl = Bl | 0;
            Bh = Ah | 0;
            Bl = Al | 0;
            const All = add3L(T1l, sigma0l, MAJl);
            Ah = add3H(All, T1h, sigma0h, MAJh);
            Al = All | 0;
        }
        // Add the compressed chunk to the current hash value
        ({ h: Ah, l: Al } = add(this.Ah | 0, this.Al | 0, Ah | 0, Al | 0));
        ({ h: Bh, l: Bl } = add(this.Bh | 0, this.Bl | 0, Bh | 0, Bl | 0));
        ({ h: Ch, l: Cl } = add(this.Ch | 0, this.Cl | 0, Ch | 0, Cl | 0));
        ({ h: Dh, l: Dl } = add(this.Dh | 0, this.Dl | 0, Dh | 0, Dl | 0));
        ({ h: Eh, l: El } = add(this.Eh | 0, this.El | 0, Eh | 0, El | 0));
        ({ h: Fh, l: Fl } = add(this.Fh | 0, this.Fl | 0, Fh | 0, Fl | 0));
        ({ h: Gh, l: Gl } = add(this.Gh | 0, this.Gl | 0, Gh | 0, Gl | 0));
        ({ h: Hh, l: Hl } = add(this.Hh | 0, this.Hl | 0, Hh | 0, Hl | 0));
        this.set(Ah, Al, Bh, Bl, Ch, Cl, Dh, Dl, Eh, El, Fh, Fl, Gh, Gl, Hh, Hl);
    }
    roundClean() {
        noble_clean(SHA512_W_H, SHA512_W_L);
    }
    destroy() {
        noble_clean(this.buffer);
        this.set(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
    }
}
/** Internal SHA2-512 hash class. */
class _SHA512 extends SHA2_64B {
    constructor() {
        super(64);
        Object.defineProperty(this, "Ah", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: SHA512_IV[0] | 0
        });
        Object.defineProperty(this, "Al", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: SHA512_IV[1] | 0
        });
        Object.defineProperty(this, "Bh", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: SHA512_IV[2] | 0
        });
        Object.defineProperty(this, "Bl", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: SHA512_IV[3] | 0
        });
        Object.defineProperty(this, "Ch", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: SHA512_IV[4] | 0
        });
        Object.defineProperty(this, "Cl", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: SHA512_IV[5] | 0
        });
        Object.defineProperty(this, "Dh", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: SHA512_IV[6] | 0
        });
        Object.defineProperty(this, "Dl", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: SHA512_IV[7] | 0
        });
        Object.defineProperty(this, "Eh", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: SHA512_IV[8] | 0
        });
        Object.defineProperty(this, "El", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: SHA512_IV[9] | 0
        });
        Object.defineProperty(this, "Fh", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: SHA512_IV[10] | 0
        });
        Object.defineProperty(this, "Fl", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: SHA512_IV[11] | 0
        });
        Object.defineProperty(this, "Gh", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: SHA512_IV[12] | 0
        });
        Object.defineProperty(this, "Gl", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: SHA512_IV[13] | 0
        });
        Object.defineProperty(this, "Hh", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: SHA512_IV[14] | 0
        });
        Object.defineProperty(this, "Hl", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: SHA512_IV[15] | 0
        });
    }
}
class _SHA384 extends SHA2_64B {
    constructor() {
        super(48);
        Object.defineProperty(this, "Ah", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: SHA384_IV[0] | 0
        });
        Object.defineProperty(this, "Al", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: SHA384_IV[1] | 0
        });
        Object.defineProperty(this, "Bh", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: SHA384_IV[2] | 0
        });
        Object.defineProperty(this, "Bl", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: SHA384_IV[3] | 0
        });
        Object.defineProperty(this, "Ch", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: SHA384_IV[4] | 0
        });
        Object.defineProperty(this, "Cl", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: SHA384_IV[5] | 0
        });
        Object.defineProperty(this, "Dh", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: SHA384_IV[6] | 0
        });
        Object.defineProperty(this, "Dl", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: SHA384_IV[7] | 0
        });
        Object.defineProperty(this, "Eh", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: SHA384_IV[8] | 0
        });
        Object.defineProperty(this, "El", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: SHA384_IV[9] | 0
        });
        Object.defineProperty(this, "Fh", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: SHA384_IV[10] | 0
        });
        Object.defineProperty(this, "Fl", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: SHA384_IV[11] | 0
        });
        Object.defineProperty(this, "Gh", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: SHA384_IV[12] | 0
        });
        Object.defineProperty(this, "Gl", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: SHA384_IV[13] | 0
        });
        Object.defineProperty(this, "Hh", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: SHA384_IV[14] | 0
        });
        Object.defineProperty(this, "Hl", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: SHA384_IV[15] | 0
        });
    }
}
/**
 * SHA2-256 hash function from RFC 4634. In JS it's the fastest: even faster than Blake3. Some info:
 *
 * - Trying 2^128 hashes would get 50% chance of collision, using birthday attack.
 * - BTC network is doing 2^70 hashes/sec (2^95 hashes/year) as per 2025.
 * - Each sha256 hash is executing 2^18 bit operations.
 * - Good 2024 ASICs can do 200Th/sec with 3500 watts of power, corresponding to 2^36 hashes/joule.
 */
const sha256 = /* @__PURE__ */ hash_createHasher(() => new _SHA256(), 
/* @__PURE__ */ noble_oidNist(0x01));
/** SHA2-512 hash function from RFC 4634. */
const sha512 = /* @__PURE__ */ (/* unused pure expression or super */ null && (createHasher(() => new _SHA512(), 
/* @__PURE__ */ oidNist(0x03))));
/** SHA2-384 hash function from RFC 4634. */
const sha384 = /* @__PURE__ */ (/* unused pure expression or super */ null && (createHasher(() => new _SHA384(), 
/* @__PURE__ */ oidNist(0x02))));

;// CONCATENATED MODULE: ./node_modules/@hpke/common/esm/src/hash/sha3.js
/**
 * This file is based on noble-hashes (https://github.com/paulmillr/noble-hashes).
 *
 * noble-hashes - MIT License (c) 2022 Paul Miller (paulmillr.com)
 *
 * The original file is located at:
 * https://github.com/paulmillr/noble-hashes/blob/4e358a46d682adfb005ae6314ec999f2513086b9/src/sha3.ts
 */
/**
 * SHA3 (keccak) hash function, based on a new "Sponge function" design.
 * Different from older hashes, the internal state is bigger than output size.
 *
 * Check out [FIPS-202](https://nvlpubs.nist.gov/nistpubs/FIPS/NIST.FIPS.202.pdf),
 * [Website](https://keccak.team/keccak.html),
 * [the differences between SHA-3 and Keccak](https://crypto.stackexchange.com/questions/15727/what-are-the-key-differences-between-the-draft-sha-3-standard-and-the-keccak-sub).
 *
 * Check out `sha3-addons` module for cSHAKE, k12, and others.
 * @module
 */



// No __PURE__ annotations in sha3 header:
// EVERYTHING is in fact used on every export.
// Various per round constants calculations
const _0n = 0n;
const _1n = 1n;
const _2n = 2n;
const _7n = 7n;
const _256n = 256n;
const _0x71n = 0x71n;
const SHA3_PI = [];
const SHA3_ROTL = [];
const _SHA3_IOTA = []; // no pure annotation: var is always used
for (let round = 0, R = _1n, x = 1, y = 0; round < 24; round++) {
    // Pi
    [x, y] = [y, (2 * x + 3 * y) % 5];
    SHA3_PI.push(2 * (5 * y + x));
    // Rotational
    SHA3_ROTL.push((((round + 1) * (round + 2)) / 2) % 64);
    // Iota
    let t = _0n;
    for (let j = 0; j < 7; j++) {
        R = ((R << _1n) ^ ((R >> _7n) * _0x71n)) % _256n;
        if (R & _2n)
            t ^= _1n << ((_1n << BigInt(j)) - _1n);
    }
    _SHA3_IOTA.push(t);
}
const IOTAS = split(_SHA3_IOTA, true);
const SHA3_IOTA_H = IOTAS[0];
const SHA3_IOTA_L = IOTAS[1];
// Left rotation (without 0, 32, 64)
const rotlH = (h, l, s) => (s > 32 ? rotlBH(h, l, s) : rotlSH(h, l, s));
const rotlL = (h, l, s) => (s > 32 ? rotlBL(h, l, s) : rotlSL(h, l, s));
/** `keccakf1600` internal function, additionally allows to adjust round count. */
function keccakP(s, rounds = 24, B) {
    if (!B)
        B = new Uint32Array(10);
    // NOTE: all indices are x2 since we store state as u32 instead of u64 (bigints to slow in js)
    for (let round = 24 - rounds; round < 24; round++) {
        // Theta θ
        for (let x = 0; x < 10; x++) {
            B[x] = s[x] ^ s[x + 10] ^ s[x + 20] ^ s[x + 30] ^ s[x + 40];
        }
        // for (let x = 0; x < 10; x += 2) {
        //   const idx1 = (x + 8) % 10;
        //   const idx0 = (x + 2) % 10;
        //   const B0 = B[idx0];
        //   const B1 = B[idx0 + 1];
        //   const Th = rotlH(B0, B1, 1) ^ B[idx1];
        //   const Tl = rotlL(B0, B1, 1) ^ B[idx1 + 1];
        //   for (let y = 0; y < 50; y += 10) {
        //     s[x + y] ^= Th;
        //     s[x + y + 1] ^= Tl;
        //   }
        // }
        { // x=0: idx0=2, idx1=8
            const Th = rotlH(B[2], B[3], 1) ^ B[8];
            const Tl = rotlL(B[2], B[3], 1) ^ B[9];
            s[0] ^= Th;
            s[1] ^= Tl;
            s[10] ^= Th;
            s[11] ^= Tl;
            s[20] ^= Th;
            s[21] ^= Tl;
            s[30] ^= Th;
            s[31] ^= Tl;
            s[40] ^= Th;
            s[41] ^= Tl;
        }
        { // x=2: idx0=4, idx1=0
            const Th = rotlH(B[4], B[5], 1) ^ B[0];
            const Tl = rotlL(B[4], B[5], 1) ^ B[1];
            s[2] ^= Th;
            s[3] ^= Tl;
            s[12] ^= Th;
            s[13] ^= Tl;
            s[22] ^= Th;
            s[23] ^= Tl;
            s[32] ^= Th;
            s[33] ^= Tl;
            s[42] ^= Th;
            s[43] ^= Tl;
        }
        { // x=4: idx0=6, idx1=2
            const Th = rotlH(B[6], B[7], 1) ^ B[2];
            const Tl = rotlL(B[6], B[7], 1) ^ B[3];
            s[4] ^= Th;
            s[5] ^= Tl;
            s[14] ^= Th;
            s[15] ^= Tl;
            s[24] ^= Th;
            s[25] ^= Tl;
            s[34] ^= Th;
            s[35] ^= Tl;
            s[44] ^= Th;
            s[45] ^= Tl;
        }
        { // x=6: idx0=8, idx1=4
            const Th = rotlH(B[8], B[9], 1) ^ B[4];
            const Tl = rotlL(B[8], B[9], 1) ^ B[5];
            s[6] ^= Th;
            s[7] ^= Tl;
            s[16] ^= Th;
            s[17] ^= Tl;
            s[26] ^= Th;
            s[27] ^= Tl;
            s[36] ^= Th;
            s[37] ^= Tl;
            s[46] ^= Th;
            s[47] ^= Tl;
        }
        { // x=8: idx0=0, idx1=6
            const Th = rotlH(B[0], B[1], 1) ^ B[6];
            const Tl = rotlL(B[0], B[1], 1) ^ B[7];
            s[8] ^= Th;
            s[9] ^= Tl;
            s[18] ^= Th;
            s[19] ^= Tl;
            s[28] ^= Th;
            s[29] ^= Tl;
            s[38] ^= Th;
            s[39] ^= Tl;
            s[48] ^= Th;
            s[49] ^= Tl;
        }
        // Rho (ρ) and Pi (π) — fully unrolled
        let curH = s[2];
        let curL = s[3];
        // for (let t = 0; t < 24; t++) {
        //   const shift = SHA3_ROTL[t];
        //   const Th = rotlH(curH, curL, shift);
        //   const Tl = rotlL(curH, curL, shift);
        //   const PI = SHA3_PI[t];
        //   curH = s[PI];
        //   curL = s[PI + 1];
        //   s[PI] = Th;
        //   s[PI + 1] = Tl;
        // }
        let Th, Tl;
        // t=0: shift=1(S), PI=20
        Th = rotlSH(curH, curL, 1);
        Tl = rotlSL(curH, curL, 1);
        curH = s[20];
        curL = s[21];
        s[20] = Th;
        s[21] = Tl;
        // t=1: shift=3(S), PI=14
        Th = rotlSH(curH, curL, 3);
        Tl = rotlSL(curH, curL, 3);
        curH = s[14];
        curL = s[15];
        s[14] = Th;
        s[15] = Tl;
        // t=2: shift=6(S), PI=22
        Th = rotlSH(curH, curL, 6);
        Tl = rotlSL(curH, curL, 6);
        curH = s[22];
        curL = s[23];
        s[22] = Th;
        s[23] = Tl;
        // t=3: shift=10(S), PI=34
        Th = rotlSH(curH, curL, 10);
        Tl = rotlSL(curH, curL, 10);
        curH = s[34];
        curL = s[35];
        s[34] = Th;
        s[35] = Tl;
        // t=4: shift=15(S), PI=36
        Th = rotlSH(curH, curL, 15);
        Tl = rotlSL(curH, curL, 15);
        curH = s[36];
        curL = s[37];
        s[36] = Th;
        s[37] = Tl;
        // t=5: shift=21(S), PI=6
        Th = rotlSH(curH, curL, 21);
        Tl = rotlSL(curH, curL, 21);
        curH = s[6];
        curL = s[7];
        s[6] = Th;
        s[7] = Tl;
        // t=6: shift=28(S), PI=10
        Th = rotlSH(curH, curL, 28);
        Tl = rotlSL(curH, curL, 28);
        curH = s[10];
        curL = s[11];
        s[10] = Th;
        s[11] = Tl;
        // t=7: shift=36(B), PI=32
        Th = rotlBH(curH, curL, 36);
        Tl = rotlBL(curH, curL, 36);
        curH = s[32];
        curL = s[33];
        s[32] = Th;
        s[33] = Tl;
        // t=8: shift=45(B), PI=16
        Th = rotlBH(curH, curL, 45);
        Tl = rotlBL(curH, curL, 45);
        curH = s[16];
        curL = s[17];
        s[16] = Th;
        s[17] = Tl;
        // t=9: shift=55(B), PI=42
        Th = rotlBH(curH, curL, 55);
        Tl = rotlBL(curH, curL, 55);
        curH = s[42];
        curL = s[43];
        s[42] = Th;
        s[43] = Tl;
        // t=10: shift=2(S), PI=48
        Th = rotlSH(curH, curL, 2);
        Tl = rotlSL(curH, curL, 2);
        curH = s[48];
        curL = s[49];
        s[48] = Th;
        s[49] = Tl;
        // t=11: shift=14(S), PI=8
        Th = rotlSH(curH, curL, 14);
        Tl = rotlSL(curH, curL, 14);
        curH = s[8];
        curL = s[9];
        s[8] = Th;
        s[9] = Tl;
        // t=12: shift=27(S), PI=30
        Th = rotlSH(curH, curL, 27);
        Tl = rotlSL(curH, curL, 27);
        curH = s[30];
        curL = s[31];
        s[30] = Th;
        s[31] = Tl;
        // t=13: shift=41(B), PI=46
        Th = rotlBH(curH, curL, 41);
        Tl = rotlBL(curH, curL, 41);
        curH = s[46];
        curL = s[47];
        s[46] = Th;
        s[47] = Tl;
        // t=14: shift=56(B), PI=38
        Th = rotlBH(curH, curL, 56);
        Tl = rotlBL(curH, curL, 56);
        curH = s[38];
        curL = s[39];
        s[38] = Th;
        s[39] = Tl;
        // t=15: shift=8(S), PI=26
        Th = rotlSH(curH, curL, 8);
        Tl = rotlSL(curH, curL, 8);
        curH = s[26];
        curL = s[27];
        s[26] = Th;
        s[27] = Tl;
        // t=16: shift=25(S), PI=24
        Th = rotlSH(curH, curL, 25);
        Tl = rotlSL(curH, curL, 25);
        curH = s[24];
        curL = s[25];
        s[24] = Th;
        s[25] = Tl;
        // t=17: shift=43(B), PI=4
        Th = rotlBH(curH, curL, 43);
        Tl = rotlBL(curH, curL, 43);
        curH = s[4];
        curL = s[5];
        s[4] = Th;
        s[5] = Tl;
        // t=18: shift=62(B), PI=40
        Th = rotlBH(curH, curL, 62);
        Tl = rotlBL(curH, curL, 62);
        curH = s[40];
        curL = s[41];
        s[40] = Th;
        s[41] = Tl;
        // t=19: shift=18(S), PI=28
        Th = rotlSH(curH, curL, 18);
        Tl = rotlSL(curH, curL, 18);
        curH = s[28];
        curL = s[29];
        s[28] = Th;
        s[29] = Tl;
        // t=20: shift=39(B), PI=44
        Th = rotlBH(curH, curL, 39);
        Tl = rotlBL(curH, curL, 39);
        curH = s[44];
        curL = s[45];
        s[44] = Th;
        s[45] = Tl;
        // t=21: shift=61(B), PI=18
        Th = rotlBH(curH, curL, 61);
        Tl = rotlBL(curH, curL, 61);
        curH = s[18];
        curL = s[19];
        s[18] = Th;
        s[19] = Tl;
        // t=22: shift=20(S), PI=12
        Th = rotlSH(curH, curL, 20);
        Tl = rotlSL(curH, curL, 20);
        curH = s[12];
        curL = s[13];
        s[12] = Th;
        s[13] = Tl;
        // t=23: shift=44(B), PI=2
        Th = rotlBH(curH, curL, 44);
        Tl = rotlBL(curH, curL, 44);
        s[2] = Th;
        s[3] = Tl;
        // Chi (χ)
        for (let y = 0; y < 50; y += 10) {
            B[0] = s[y];
            B[1] = s[y + 1];
            B[2] = s[y + 2];
            B[3] = s[y + 3];
            B[4] = s[y + 4];
            B[5] = s[y + 5];
            B[6] = s[y + 6];
            B[7] = s[y + 7];
            B[8] = s[y + 8];
            B[9] = s[y + 9];
            s[y + 0] ^= ~B[2] & B[4];
            s[y + 1] ^= ~B[3] & B[5];
            s[y + 2] ^= ~B[4] & B[6];
            s[y + 3] ^= ~B[5] & B[7];
            s[y + 4] ^= ~B[6] & B[8];
            s[y + 5] ^= ~B[7] & B[9];
            s[y + 6] ^= ~B[8] & B[0];
            s[y + 7] ^= ~B[9] & B[1];
            s[y + 8] ^= ~B[0] & B[2];
            s[y + 9] ^= ~B[1] & B[3];
        }
        // Iota (ι)
        s[0] ^= SHA3_IOTA_H[round];
        s[1] ^= SHA3_IOTA_L[round];
    }
}
/** Keccak sponge function. */
class Keccak {
    // NOTE: we accept arguments in bytes instead of bits here.
    constructor(blockLen, suffix, outputLen, enableXOF = false, rounds = 24) {
        Object.defineProperty(this, "state", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: void 0
        });
        Object.defineProperty(this, "pos", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: 0
        });
        Object.defineProperty(this, "posOut", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: 0
        });
        Object.defineProperty(this, "finished", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: false
        });
        Object.defineProperty(this, "state32", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: void 0
        });
        Object.defineProperty(this, "destroyed", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: false
        });
        Object.defineProperty(this, "_B", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: new Uint32Array(10)
        });
        Object.defineProperty(this, "blockLen", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: void 0
        });
        Object.defineProperty(this, "suffix", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: void 0
        });
        Object.defineProperty(this, "outputLen", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: void 0
        });
        Object.defineProperty(this, "enableXOF", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: false
        });
        Object.defineProperty(this, "rounds", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: void 0
        });
        this.blockLen = blockLen;
        this.suffix = suffix;
        this.outputLen = outputLen;
        this.enableXOF = enableXOF;
        this.rounds = rounds;
        // Can be passed from user as dkLen
        anumber(outputLen, "outputLen");
        // 1600 = 5x5 matrix of 64bit.  1600 bits === 200 bytes
        // 0 < blockLen < 200
        if (!(0 < blockLen && blockLen < 200)) {
            throw new Error("only keccak-f1600 function is supported");
        }
        this.state = new Uint8Array(200);
        this.state32 = u32(this.state);
    }
    clone() {
        return this._cloneInto();
    }
    /** Resets instance to initial (empty) state for reuse. */
    reset() {
        this.state.fill(0);
        this.pos = 0;
        this.posOut = 0;
        this.finished = false;
        this.destroyed = false;
    }
    keccak() {
        swap32IfBE(this.state32);
        keccakP(this.state32, this.rounds, this._B);
        swap32IfBE(this.state32);
        this.posOut = 0;
        this.pos = 0;
    }
    update(data) {
        aexists(this);
        abytes(data);
        return this.updateUnsafe(data);
    }
    /** Like update(), but skips validation. Caller must ensure valid state and input. */
    updateUnsafe(data) {
        const { blockLen, state } = this;
        const len = data.length;
        for (let pos = 0; pos < len;) {
            const take = Math.min(blockLen - this.pos, len - pos);
            for (let i = 0; i < take; i++)
                state[this.pos++] ^= data[pos++];
            if (this.pos === blockLen)
                this.keccak();
        }
        return this;
    }
    finish() {
        if (this.finished)
            return;
        this.finished = true;
        const { state, suffix, pos, blockLen } = this;
        // Do the padding
        state[pos] ^= suffix;
        if ((suffix & 0x80) !== 0 && pos === blockLen - 1)
            this.keccak();
        state[blockLen - 1] ^= 0x80;
        this.keccak();
    }
    writeInto(out) {
        aexists(this, false);
        abytes(out);
        return this.writeIntoUnsafe(out);
    }
    /** Like writeInto(), but skips validation. Caller must ensure valid state and output. */
    writeIntoUnsafe(out) {
        this.finish();
        const bufferOut = this.state;
        const { blockLen } = this;
        for (let pos = 0, len = out.length; pos < len;) {
            if (this.posOut >= blockLen)
                this.keccak();
            const take = Math.min(blockLen - this.posOut, len - pos);
            out.set(bufferOut.subarray(this.posOut, this.posOut + take), pos);
            this.posOut += take;
            pos += take;
        }
        return out;
    }
    xofInto(out) {
        // Sha3/Keccak usage with XOF is probably mistake, only SHAKE instances can do XOF
        if (!this.enableXOF) {
            throw new Error("XOF is not possible for this instance");
        }
        return this.writeInto(out);
    }
    xof(bytes) {
        anumber(bytes);
        return this.xofInto(new Uint8Array(bytes));
    }
    digestInto(out) {
        aoutput(out, this);
        if (this.finished)
            throw new Error("digest() was already called");
        this.writeInto(out);
        this.destroy();
        return out;
    }
    digest() {
        return this.digestInto(new Uint8Array(this.outputLen));
    }
    destroy() {
        this.destroyed = true;
        clean(this.state);
    }
    _cloneInto(to) {
        const { blockLen, suffix, outputLen, rounds, enableXOF } = this;
        to ||= new Keccak(blockLen, suffix, outputLen, enableXOF, rounds);
        to.state32.set(this.state32);
        to.pos = this.pos;
        to.posOut = this.posOut;
        to.finished = this.finished;
        to.rounds = rounds;
        // Suffix can change in cSHAKE
        to.suffix = suffix;
        to.outputLen = outputLen;
        to.enableXOF = enableXOF;
        to.destroyed = this.destroyed;
        return to;
    }
}
const genKeccak = (suffix, blockLen, outputLen, info = {}) => createHasher(() => new Keccak(blockLen, suffix, outputLen), info);
// /** SHA3-224 hash function. */
// export const sha3_224: CHash = /* @__PURE__ */ genKeccak(
//   0x06,
//   144,
//   28,
//   /* @__PURE__ */ oidNist(0x07),
// );
/** SHA3-256 hash function. Different from keccak-256. */
const sha3_256 = /* @__PURE__ */ (/* unused pure expression or super */ null && (genKeccak(0x06, 136, 32, 
/* @__PURE__ */ oidNist(0x08))));
/** SHA3-384 hash function. */
const sha3_384 = /* @__PURE__ */ (/* unused pure expression or super */ null && (genKeccak(0x06, 104, 48, 
/* @__PURE__ */ oidNist(0x09))));
/** SHA3-512 hash function. */
const sha3_512 = /* @__PURE__ */ (/* unused pure expression or super */ null && (genKeccak(0x06, 72, 64, 
/* @__PURE__ */ oidNist(0x0a))));
/** keccak-224 hash function. */
const keccak_224 = /* @__PURE__ */ (/* unused pure expression or super */ null && (genKeccak(0x01, 144, 28)));
/** keccak-256 hash function. Different from SHA3-256. */
const keccak_256 = /* @__PURE__ */ (/* unused pure expression or super */ null && (genKeccak(0x01, 136, 32)));
/** keccak-384 hash function. */
const keccak_384 = /* @__PURE__ */ (/* unused pure expression or super */ null && (genKeccak(0x01, 104, 48)));
/** keccak-512 hash function. */
const keccak_512 = /* @__PURE__ */ (/* unused pure expression or super */ null && (genKeccak(0x01, 72, 64)));
const genShake = (suffix, blockLen, outputLen, info = {}) => createHasher((opts = {}) => new Keccak(blockLen, suffix, opts.dkLen === undefined ? outputLen : opts.dkLen, true), info);
/** SHAKE128 XOF with 128-bit security. */
const shake128 = 
/* @__PURE__ */
(/* unused pure expression or super */ null && (genShake(0x1f, 168, 16, /* @__PURE__ */ oidNist(0x0b))));
/** SHAKE256 XOF with 256-bit security. */
const shake256 = 
/* @__PURE__ */
(/* unused pure expression or super */ null && (genShake(0x1f, 136, 32, /* @__PURE__ */ oidNist(0x0c))));
// /** SHAKE128 XOF with 256-bit output (NIST version). */
// export const shake128_32: CHashXOF<Keccak, ShakeOpts> =
//   /* @__PURE__ */
//   genShake(0x1f, 168, 32, /* @__PURE__ */ oidNist(0x0b));
// /** SHAKE256 XOF with 512-bit output (NIST version). */
// export const shake256_64: CHashXOF<Keccak, ShakeOpts> =
//   /* @__PURE__ */
//   genShake(0x1f, 136, 64, /* @__PURE__ */ oidNist(0x0c));

;// CONCATENATED MODULE: ./node_modules/@hpke/common/esm/src/curve/modular.js
/**
 * This file is based on noble-curves (https://github.com/paulmillr/noble-curves).
 *
 * noble-curves - MIT License (c) 2022 Paul Miller (paulmillr.com)
 *
 * The original file is located at:
 * https://github.com/paulmillr/noble-curves/blob/b9d49d2b41d550571a0c5be443ecb62109fa3373/src/abstract/modular.ts
 */
/**
 * Utils for modular division and fields.
 * Field over 11 is a finite (Galois) field is integer number operations `mod 11`.
 * There is no division: it is replaced by modular multiplicative inverse.
 * @module
 */
/*! noble-curves - MIT License (c) 2022 Paul Miller (paulmillr.com) */

// Numbers aren't used in x25519 / x448 builds
// Calculates a modulo b
function modular_mod(a, b) {
    const result = a % b;
    return result >= N_0 ? result : b + result;
}
/** Does `x^(2^power)` mod p. `pow2(30, 4)` == `30^(2^4)` */
function pow2(x, power, modulo) {
    let res = x;
    while (power-- > N_0) {
        res *= res;
        res %= modulo;
    }
    return res;
}

;// CONCATENATED MODULE: ./node_modules/@hpke/common/esm/src/curve/curve.js
/**
 * This file is based on noble-curves (https://github.com/paulmillr/noble-curves).
 *
 * noble-curves - MIT License (c) 2022 Paul Miller (paulmillr.com)
 *
 * The original file is located at:
 * https://github.com/paulmillr/noble-curves/blob/b9d49d2b41d550571a0c5be443ecb62109fa3373/src/abstract/curve.ts
 */
function createKeygen(
// deno-lint-ignore ban-types
randomSecretKey, getPublicKey) {
    return function keygen(seed) {
        const secretKey = randomSecretKey(seed);
        return { secretKey, publicKey: getPublicKey(secretKey) };
    };
}

;// CONCATENATED MODULE: ./node_modules/@hpke/common/esm/src/curve/montgomery.js
/**
 * This file is based on noble-curves (https://github.com/paulmillr/noble-curves).
 *
 * noble-curves - MIT License (c) 2022 Paul Miller (paulmillr.com)
 *
 * The original file is located at:
 * https://github.com/paulmillr/noble-curves/blob/b9d49d2b41d550571a0c5be443ecb62109fa3373/src/abstract/montgomery.ts
 */
/**
 * Montgomery curve methods. It's not really whole montgomery curve,
 * just bunch of very specific methods for X25519 / X448 from
 * [RFC 7748](https://www.rfc-editor.org/rfc/rfc7748)
 * @module
 */
/*! noble-curves - MIT License (c) 2022 Paul Miller (paulmillr.com) */




function validateOpts(curve) {
    validateObject(curve, {
        adjustScalarBytes: "function",
        powPminus2: "function",
    });
    return Object.freeze({ ...curve });
}
function montgomery(curveDef) {
    const CURVE = validateOpts(curveDef);
    const { P, type, adjustScalarBytes, powPminus2, randomBytes: rand } = CURVE;
    const is25519 = type === "x25519";
    if (!is25519 && type !== "x448")
        throw new Error("invalid type");
    const randomBytes_ = rand || randomBytesAsync;
    const montgomeryBits = is25519 ? 255n : 448n;
    const fieldLen = is25519 ? 32 : 56;
    const Gu = is25519 ? 9n : 5n;
    // RFC 7748 #5:
    // The constant a24 is (486662 - 2) / 4 = 121665 for curve25519/X25519 and
    // (156326 - 2) / 4 = 39081 for curve448/X448
    // const a = is25519 ? 156326n : 486662n;
    const a24 = is25519 ? 121665n : 39081n;
    // RFC: x25519 "the resulting integer is of the form 2^254 plus
    // eight times a value between 0 and 2^251 - 1 (inclusive)"
    // x448: "2^447 plus four times a value between 0 and 2^445 - 1 (inclusive)"
    const minScalar = is25519 ? N_2 ** 254n : N_2 ** 447n;
    const maxAdded = is25519 ? 8n * N_2 ** 251n - N_1 : 4n * N_2 ** 445n - N_1;
    const maxScalar = minScalar + maxAdded + N_1; // (inclusive)
    const modP = (n) => modular_mod(n, P);
    const GuBytes = encodeU(Gu);
    function encodeU(u) {
        return numberToBytesLE(modP(u), fieldLen);
    }
    function decodeU(u) {
        const _u = copyBytes(noble_abytes(u, fieldLen, "uCoordinate"));
        // RFC: When receiving such an array, implementations of X25519
        // (but not X448) MUST mask the most significant bit in the final byte.
        if (is25519)
            _u[31] &= 127; // 0b0111_1111
        // RFC: Implementations MUST accept non-canonical values and process them as
        // if they had been reduced modulo the field prime.  The non-canonical
        // values are 2^255 - 19 through 2^255 - 1 for X25519 and 2^448 - 2^224
        // - 1 through 2^448 - 1 for X448.
        return modP(bytesToNumberLE(_u));
    }
    function decodeScalar(scalar) {
        return bytesToNumberLE(adjustScalarBytes(copyBytes(noble_abytes(scalar, fieldLen, "scalar"))));
    }
    function scalarMult(scalar, u) {
        const pu = montgomeryLadder(decodeU(u), decodeScalar(scalar));
        // Some public keys are useless, of low-order. Curve author doesn't think
        // it needs to be validated, but we do it nonetheless.
        // https://cr.yp.to/ecdh.html#validate
        if (pu === N_0)
            throw new Error("invalid private or public key received");
        return encodeU(pu);
    }
    // Computes public key from private. By doing scalar multiplication of base point.
    function scalarMultBase(scalar) {
        return scalarMult(scalar, GuBytes);
    }
    const getPublicKey = scalarMultBase;
    const getSharedSecret = scalarMult;
    // cswap from RFC7748 "example code"
    function cswap(swap, x_2, x_3) {
        // dummy = mask(swap) AND (x_2 XOR x_3)
        // Where mask(swap) is the all-1 or all-0 word of the same length as x_2
        // and x_3, computed, e.g., as mask(swap) = 0 - swap.
        const dummy = modP(swap * (x_2 - x_3));
        x_2 = modP(x_2 - dummy); // x_2 = x_2 XOR dummy
        x_3 = modP(x_3 + dummy); // x_3 = x_3 XOR dummy
        return { x_2, x_3 };
    }
    /**
     * Montgomery x-only multiplication ladder.
     * @param pointU u coordinate (x) on Montgomery Curve 25519
     * @param scalar by which the point would be multiplied
     * @returns new Point on Montgomery curve
     */
    function montgomeryLadder(u, scalar) {
        aInRange("u", u, N_0, P);
        aInRange("scalar", scalar, minScalar, maxScalar);
        const k = scalar;
        const x_1 = u;
        let x_2 = N_1;
        let z_2 = N_0;
        let x_3 = u;
        let z_3 = N_1;
        let swap = N_0;
        for (let t = montgomeryBits - 1n; t >= N_0; t--) {
            const k_t = (k >> t) & N_1;
            swap ^= k_t;
            ({ x_2, x_3 } = cswap(swap, x_2, x_3));
            ({ x_2: z_2, x_3: z_3 } = cswap(swap, z_2, z_3));
            swap = k_t;
            const A = x_2 + z_2;
            const AA = modP(A * A);
            const B = x_2 - z_2;
            const BB = modP(B * B);
            const E = AA - BB;
            const C = x_3 + z_3;
            const D = x_3 - z_3;
            const DA = modP(D * A);
            const CB = modP(C * B);
            const dacb = DA + CB;
            const da_cb = DA - CB;
            x_3 = modP(dacb * dacb);
            z_3 = modP(x_1 * modP(da_cb * da_cb));
            x_2 = modP(AA * BB);
            z_2 = modP(E * (AA + modP(a24 * E)));
        }
        ({ x_2, x_3 } = cswap(swap, x_2, x_3));
        ({ x_2: z_2, x_3: z_3 } = cswap(swap, z_2, z_3));
        const z2 = powPminus2(z_2); // `Fp.pow(x, P - N_2)` is much slower equivalent
        return modP(x_2 * z2); // Return x_2 * (z_2^(p - 2))
    }
    const lengths = {
        secretKey: fieldLen,
        publicKey: fieldLen,
        seed: fieldLen,
    };
    const randomSecretKey = async (seed) => {
        if (seed === undefined) {
            seed = await randomBytes_(fieldLen);
        }
        noble_abytes(seed, lengths.seed, "seed");
        return seed;
    };
    const utils = { randomSecretKey };
    return Object.freeze({
        keygen: createKeygen(randomSecretKey, getPublicKey),
        getSharedSecret,
        getPublicKey,
        scalarMult,
        scalarMultBase,
        utils,
        GuBytes: GuBytes.slice(),
        lengths,
    });
}

;// CONCATENATED MODULE: ./node_modules/@hpke/common/esm/mod.js























/***/ })

};
