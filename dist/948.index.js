export const id = 948;
export const ids = [948];
export const modules = {

/***/ 82948:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  XWing: () => (/* reexport */ XWing)
});

;// CONCATENATED MODULE: ./node_modules/mlkem/esm/src/errors.js
/**
 * The base error class of kyber-ts.
 */
class MlKemError extends Error {
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

;// CONCATENATED MODULE: ./node_modules/mlkem/esm/src/consts.js
/**
 * This implementation is based on https://github.com/antontutoveanu/crystals-kyber-javascript,
 * which was deveploped under the MIT licence below:
 * https://github.com/antontutoveanu/crystals-kyber-javascript/blob/main/LICENSE
 */
const N = 256;
const Q = 3329;
const Q_INV = 62209;
// deno-fmt-ignore
const NTT_ZETAS = [
    2285, 2571, 2970, 1812, 1493, 1422, 287, 202, 3158, 622, 1577, 182, 962,
    2127, 1855, 1468, 573, 2004, 264, 383, 2500, 1458, 1727, 3199, 2648, 1017,
    732, 608, 1787, 411, 3124, 1758, 1223, 652, 2777, 1015, 2036, 1491, 3047,
    1785, 516, 3321, 3009, 2663, 1711, 2167, 126, 1469, 2476, 3239, 3058, 830,
    107, 1908, 3082, 2378, 2931, 961, 1821, 2604, 448, 2264, 677, 2054, 2226,
    430, 555, 843, 2078, 871, 1550, 105, 422, 587, 177, 3094, 3038, 2869, 1574,
    1653, 3083, 778, 1159, 3182, 2552, 1483, 2727, 1119, 1739, 644, 2457, 349,
    418, 329, 3173, 3254, 817, 1097, 603, 610, 1322, 2044, 1864, 384, 2114, 3193,
    1218, 1994, 2455, 220, 2142, 1670, 2144, 1799, 2051, 794, 1819, 2475, 2459,
    478, 3221, 3021, 996, 991, 958, 1869, 1522, 1628,
];
// deno-fmt-ignore
const NTT_ZETAS_INV = [
    1701, 1807, 1460, 2371, 2338, 2333, 308, 108, 2851, 870, 854, 1510, 2535,
    1278, 1530, 1185, 1659, 1187, 3109, 874, 1335, 2111, 136, 1215, 2945, 1465,
    1285, 2007, 2719, 2726, 2232, 2512, 75, 156, 3000, 2911, 2980, 872, 2685,
    1590, 2210, 602, 1846, 777, 147, 2170, 2551, 246, 1676, 1755, 460, 291, 235,
    3152, 2742, 2907, 3224, 1779, 2458, 1251, 2486, 2774, 2899, 1103, 1275, 2652,
    1065, 2881, 725, 1508, 2368, 398, 951, 247, 1421, 3222, 2499, 271, 90, 853,
    1860, 3203, 1162, 1618, 666, 320, 8, 2813, 1544, 282, 1838, 1293, 2314, 552,
    2677, 2106, 1571, 205, 2918, 1542, 2721, 2597, 2312, 681, 130, 1602, 1871,
    829, 2946, 3065, 1325, 2756, 1861, 1474, 1202, 2367, 3147, 1752, 2707, 171,
    3127, 3042, 1907, 1836, 1517, 359, 758, 1441,
];

;// CONCATENATED MODULE: ./node_modules/mlkem/esm/src/sha3/_u64.js
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
const rotlSH = (h, l, s) => (h << s) | (l >>> (32 - s));
const rotlSL = (h, l, s) => (l << s) | (h >>> (32 - s));
// Left rotate for Shift in (32, 64), NOTE: 32 is special case.
const rotlBH = (h, l, s) => (l << (s - 32)) | (h >>> (64 - s));
const rotlBL = (h, l, s) => (h << (s - 32)) | (l >>> (64 - s));
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
    rotlSH,
    rotlSL,
    rotlBH,
    rotlBL,
    add,
    add3L,
    add3H,
    add4L,
    add4H,
    add5H,
    add5L,
};
/* harmony default export */ const _u64 = ((/* unused pure expression or super */ null && (u64)));

;// CONCATENATED MODULE: ./node_modules/mlkem/esm/src/sha3/utils.js
// deno-lint-ignore-file no-explicit-any
/**
 * This file is based on noble-hashes (https://github.com/paulmillr/noble-hashes).
 *
 * noble-hashes - MIT License (c) 2022 Paul Miller (paulmillr.com)
 *
 * The original file is located at:
 * https://github.com/paulmillr/noble-hashes/blob/4e358a46d682adfb005ae6314ec999f2513086b9/src/utils.ts
 */
/**
 * Utilities for hex, bytes, CSPRNG.
 * @module
 */
/*! noble-hashes - MIT License (c) 2022 Paul Miller (paulmillr.com) */
/** Checks if something is Uint8Array. Be careful: nodejs Buffer will return true. */
function isBytes(a) {
    return a instanceof Uint8Array ||
        (ArrayBuffer.isView(a) && a.constructor.name === "Uint8Array");
}
/** Asserts something is positive integer. */
function anumber(n, title = "") {
    if (!Number.isSafeInteger(n) || n < 0) {
        const prefix = title && `"${title}" `;
        throw new Error(`${prefix}expected integer >0, got ${n}`);
    }
}
/** Asserts something is Uint8Array. */
function abytes(value, length, title = "") {
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
/** Asserts a hash instance has not been destroyed / finished */
function aexists(instance, checkFinished = true) {
    if (instance.destroyed)
        throw new Error("Hash instance has been destroyed");
    if (checkFinished && instance.finished) {
        throw new Error("Hash#digest() has already been called");
    }
}
/** Asserts output is properly-sized byte array */
function aoutput(out, instance) {
    abytes(out, undefined, "digestInto() output");
    const min = instance.outputLen;
    if (out.length < min) {
        throw new Error('"digestInto() output" expected to be of length >=' + min);
    }
}
/** Cast u8 / u16 / u32 to u32. */
function u32(arr) {
    return new Uint32Array(arr.buffer, arr.byteOffset, Math.floor(arr.byteLength / 4));
}
/** Zeroize a byte array. Warning: JS provides no guarantees. */
function clean(...arrays) {
    for (let i = 0; i < arrays.length; i++) {
        arrays[i].fill(0);
    }
}
/** Is current platform little-endian? Most are. Big-Endian platform: IBM */
const isLE = 
/* @__PURE__ */ (() => new Uint8Array(new Uint32Array([0x11223344]).buffer)[0] === 0x44)();
/** The byte swap operation for uint32 */
function byteSwap(word) {
    return (((word << 24) & 0xff000000) |
        ((word << 8) & 0xff0000) |
        ((word >>> 8) & 0xff00) |
        ((word >>> 24) & 0xff));
}
/** Conditionally byte swap if on a big-endian platform */
const swap8IfBE = (/* unused pure expression or super */ null && (isLE
    ? (n) => n
    : (n) => byteSwap(n)));
/** @deprecated */
const byteSwapIfBE = (/* unused pure expression or super */ null && (swap8IfBE));
/** In place byte swap for Uint32Array */
function byteSwap32(arr) {
    for (let i = 0; i < arr.length; i++) {
        arr[i] = byteSwap(arr[i]);
    }
    return arr;
}
const swap32IfBE = isLE
    ? (u) => u
    : byteSwap32;
// Built-in hex conversion https://caniuse.com/mdn-javascript_builtins_uint8array_fromhex
const hasHexBuiltin = /* @__PURE__ */ (/* unused pure expression or super */ null && ((() => 
// @ts-ignore: to check the existence of the method
typeof Uint8Array.from([]).toHex === "function" &&
    // @ts-ignore: to check the existence of the method
    typeof Uint8Array.fromHex === "function")()));
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
function hexToBytes(hex) {
    if (typeof hex !== "string") {
        throw new Error("hex string expected, got " + typeof hex);
    }
    // @ts-ignore: to check the existence of the method
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
/** Copies several Uint8Arrays into one. */
function concatBytes(...arrays) {
    let sum = 0;
    for (let i = 0; i < arrays.length; i++) {
        const a = arrays[i];
        abytes(a);
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
function createHasher(hashCons, info = {}) {
    const hashC = (msg, opts) => hashCons(opts).update(msg).digest();
    const tmp = hashCons(undefined);
    hashC.outputLen = tmp.outputLen;
    hashC.blockLen = tmp.blockLen;
    hashC.create = (opts) => hashCons(opts);
    Object.assign(hashC, info);
    return Object.freeze(hashC);
}
// 06 09 60 86 48 01 65 03 04 02
const utils_oidNist = (suffix) => ({
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
});

;// CONCATENATED MODULE: ./node_modules/mlkem/esm/src/sha3/sha3.js
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

// prettier-ignore

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
const sha3_256 = /* @__PURE__ */ genKeccak(0x06, 136, 32, 
/* @__PURE__ */ utils_oidNist(0x08));
// /** SHA3-384 hash function. */
// export const sha3_384: CHash = /* @__PURE__ */ genKeccak(
//   0x06,
//   104,
//   48,
//   /* @__PURE__ */ oidNist(0x09),
// );
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
const sha3_shake256 = 
/* @__PURE__ */
genShake(0x1f, 136, 32, /* @__PURE__ */ utils_oidNist(0x0c));
// /** SHAKE128 XOF with 256-bit output (NIST version). */
// export const shake128_32: CHashXOF<Keccak, ShakeOpts> =
//   /* @__PURE__ */
//   genShake(0x1f, 168, 32, /* @__PURE__ */ oidNist(0x0b));
// /** SHAKE256 XOF with 512-bit output (NIST version). */
// export const shake256_64: CHashXOF<Keccak, ShakeOpts> =
//   /* @__PURE__ */
//   genShake(0x1f, 136, 64, /* @__PURE__ */ oidNist(0x0c));

;// CONCATENATED MODULE: ./node_modules/mlkem/esm/src/deps.js


;// CONCATENATED MODULE: ./node_modules/mlkem/esm/_dnt.shims.js
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

;// CONCATENATED MODULE: ./node_modules/mlkem/esm/src/utils.js


function utils_byte(n) {
    return n & 0xFF;
}
function int16(n) {
    return (n << 16) >> 16;
}
function uint16(n) {
    return n & 0xFFFF;
}
function int32(n) {
    return n | 0;
}
// any bit operations to be done in uint32 must have >>> 0
// javascript calculates bitwise in SIGNED 32 bit so you need to convert
function uint32(n) {
    return n >>> 0;
}
/**
 * compares two arrays
 * @returns 1 if they are the same or 0 if not
 */
function constantTimeCompare(x, y) {
    // check array lengths
    if (x.length != y.length) {
        return 0;
    }
    let v = 0;
    for (let i = 0; i < x.length; i++) {
        v |= x[i] ^ y[i];
    }
    // constantTimeByteEq
    let z = (~v) & 0xFF;
    z &= z >> 4;
    z &= z >> 2;
    z &= z >> 1;
    return z & 1;
}
function equalUint8Array(x, y) {
    if (x.length != y.length) {
        return false;
    }
    for (let i = 0; i < x.length; i++) {
        if (x[i] !== y[i]) {
            return false;
        }
    }
    return true;
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
// prf provides a pseudo-random function (PRF) which returns
// a byte array of length `l`, using the provided key and nonce
// to instantiate the PRF's underlying hash function.
function prf(len, seed, nonce) {
    return shake256.create({ dkLen: len }).update(seed).update(new Uint8Array([nonce])).digest();
}
// byteopsLoad24 returns a 32-bit unsigned integer loaded from byte x at offset o.
function byteopsLoad24(x, o = 0) {
    return x[o] | (x[o + 1] << 8) | (x[o + 2] << 16);
}
// byteopsLoad32 returns a 32-bit unsigned integer loaded from byte x at offset o.
function byteopsLoad32(x, o = 0) {
    return (x[o] | (x[o + 1] << 8) | (x[o + 2] << 16) | (x[o + 3] << 24)) >>>
        0;
}

;// CONCATENATED MODULE: ./node_modules/mlkem/esm/src/mlKemBase.js
/**
 * This implementation is based on https://github.com/antontutoveanu/crystals-kyber-javascript,
 * which was deveploped under the MIT licence below:
 * https://github.com/antontutoveanu/crystals-kyber-javascript/blob/main/LICENSE
 */



/**
 * Represents the base class for the ML-KEM key encapsulation mechanism.
 *
 * This class provides the base implementation for the ML-KEM key encapsulation mechanism.
 *
 * @remarks
 *
 * This class is not intended to be used directly. Instead, use one of the subclasses:
 *
 * @example
 *
 * ```ts
 * // Using jsr:
 * import { MlKemBase } from "@dajiaji/mlkem";
 * // Using npm:
 * // import { MlKemBase } from "mlkem"; // or "crystals-kyber-js"
 *
 * class MlKem768 extends MlKemBase {
 *   protected _k = 3;
 *   protected _du = 10;
 *   protected _dv = 4;
 *   protected _eta1 = 2;
 *   protected _eta2 = 2;
 *
 *   constructor() {
 *     super();
 *     this._skSize = 12 * this._k * N / 8;
 *     this._pkSize = this._skSize + 32;
 *     this._compressedUSize = this._k * this._du * N / 8;
 *     this._compressedVSize = this._dv * N / 8;
 *   }
 * }
 *
 * const kyber = new MlKem768();
 * ```
 */
class MlKemBase {
    /**
     * Creates a new instance of the MlKemBase class.
     */
    constructor() {
        Object.defineProperty(this, "_api", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: undefined
        });
        Object.defineProperty(this, "_k", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: 0
        });
        Object.defineProperty(this, "_du", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: 0
        });
        Object.defineProperty(this, "_dv", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: 0
        });
        Object.defineProperty(this, "_eta1", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: 0
        });
        Object.defineProperty(this, "_eta2", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: 0
        });
        Object.defineProperty(this, "_skSize", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: 0
        });
        Object.defineProperty(this, "_pkSize", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: 0
        });
        Object.defineProperty(this, "_compressedUSize", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: 0
        });
        Object.defineProperty(this, "_compressedVSize", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: 0
        });
        // Keccak pool instances (reset before each use)
        Object.defineProperty(this, "_poolG", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: void 0
        });
        Object.defineProperty(this, "_poolH", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: void 0
        });
        Object.defineProperty(this, "_poolKdf", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: void 0
        });
        Object.defineProperty(this, "_poolXof", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: void 0
        });
        Object.defineProperty(this, "_poolPrf1", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: void 0
        });
        Object.defineProperty(this, "_poolPrf2", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: void 0
        });
        // Pre-allocated output buffers
        Object.defineProperty(this, "_bufG", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: new Uint8Array(64)
        });
        Object.defineProperty(this, "_bufH", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: new Uint8Array(32)
        });
        Object.defineProperty(this, "_bufKdf", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: new Uint8Array(32)
        });
        Object.defineProperty(this, "_bufXof", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: new Uint8Array(672)
        });
        Object.defineProperty(this, "_bufPrf1", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: void 0
        });
        Object.defineProperty(this, "_bufPrf2", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: void 0
        });
        Object.defineProperty(this, "_nonceBuf", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: new Uint8Array(1)
        });
        Object.defineProperty(this, "_xofSeed", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: new Uint8Array(34)
        });
        Object.defineProperty(this, "_kBuf", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: void 0
        });
        // Pre-allocated matrix A and noise polyvec slots
        Object.defineProperty(this, "_matrixA", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: void 0
        });
        Object.defineProperty(this, "_noiseVecs", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: void 0
        });
        // Pre-allocated polyvec for polyFromBytes (shared by _encap tHat / _polyvecFromBytes)
        Object.defineProperty(this, "_polyVec", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: void 0
        });
        // Pre-allocated pk validation and ciphertext buffers
        Object.defineProperty(this, "_bufPkCheck", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: void 0
        });
        Object.defineProperty(this, "_bufCt", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: void 0
        });
    }
    _initPool() {
        // sha3_512: blockLen=72, suffix=0x06, outputLen=64
        this._poolG = new Keccak(72, 0x06, 64);
        // sha3_256: blockLen=136, suffix=0x06, outputLen=32
        this._poolH = new Keccak(136, 0x06, 32);
        // shake256: blockLen=136, suffix=0x1f, dkLen=32, enableXOF
        this._poolKdf = new Keccak(136, 0x1f, 32, true);
        // shake128: blockLen=168, suffix=0x1f, dkLen=672, enableXOF
        this._poolXof = new Keccak(168, 0x1f, 672, true);
        // shake256 for prf with eta1
        const prf1Len = this._eta1 * N / 4;
        this._poolPrf1 = new Keccak(136, 0x1f, prf1Len, true);
        this._bufPrf1 = new Uint8Array(prf1Len);
        // shake256 for prf with eta2
        const prf2Len = this._eta2 * N / 4;
        this._poolPrf2 = new Keccak(136, 0x1f, prf2Len, true);
        this._bufPrf2 = new Uint8Array(prf2Len);
        // constant buffer for k parameter
        this._kBuf = new Uint8Array([this._k]);
        // Matrix A: k × k pre-allocated slots
        this._matrixA = new Array(this._k);
        for (let i = 0; i < this._k; i++) {
            this._matrixA[i] = new Array(this._k);
            for (let j = 0; j < this._k; j++) {
                this._matrixA[i][j] = new Int16Array(N);
            }
        }
        // Noise polyvec slots: max 2*k+1 (for encap: r=k, e1=k, e2=1)
        const maxNoise = 2 * this._k + 1;
        this._noiseVecs = new Array(maxNoise);
        for (let i = 0; i < maxNoise; i++) {
            this._noiseVecs[i] = new Int16Array(N);
        }
        // Polyvec for polyFromBytes (shared by _encap tHat / _polyvecFromBytes)
        this._polyVec = new Array(this._k);
        for (let i = 0; i < this._k; i++) {
            this._polyVec[i] = new Int16Array(N);
        }
        // pkCheck and ciphertext buffers
        this._bufPkCheck = new Uint8Array(384 * this._k);
        this._bufCt = new Uint8Array(this._compressedUSize + this._compressedVSize);
    }
    _zeroPool() {
        this._bufG.fill(0);
        this._bufH.fill(0);
        this._bufKdf.fill(0);
        this._bufXof.fill(0);
        this._bufPrf1.fill(0);
        this._bufPrf2.fill(0);
        this._nonceBuf[0] = 0;
        this._xofSeed.fill(0);
        for (let i = 0; i < this._k; i++) {
            for (let j = 0; j < this._k; j++) {
                this._matrixA[i][j].fill(0);
            }
        }
        for (let i = 0; i < this._noiseVecs.length; i++) {
            this._noiseVecs[i].fill(0);
        }
        for (let i = 0; i < this._k; i++) {
            this._polyVec[i].fill(0);
        }
        this._bufPkCheck.fill(0);
        this._bufCt.fill(0);
        // reset() zeros state and resets flags; no need for destroy()
        this._poolG.reset();
        this._poolH.reset();
        this._poolKdf.reset();
        this._poolXof.reset();
        this._poolPrf1.reset();
        this._poolPrf2.reset();
    }
    // Serialize polynomial into byte buffer at offset (eliminates intermediate Uint8Array(384))
    _polyToBytes(out, outOffset, a) {
        let t0, t1;
        for (let i = 0; i < N / 2; i++) {
            // inline subtractQ: a - q if a >= q, else a
            t0 = a[2 * i] - Q;
            t0 += (t0 >> 31) & Q;
            t1 = a[2 * i + 1] - Q;
            t1 += (t1 >> 31) & Q;
            out[outOffset + 3 * i + 0] = utils_byte(t0);
            out[outOffset + 3 * i + 1] = utils_byte(t0 >> 8) | utils_byte(t1 << 4);
            out[outOffset + 3 * i + 2] = utils_byte(t1 >> 4);
        }
    }
    // Deserialize bytes into polynomial (eliminates intermediate Int16Array(N))
    _polyFromBytes(out, a, aOffset) {
        for (let i = 0; i < N / 2; i++) {
            out[2 * i] = int16(((uint16(a[aOffset + 3 * i + 0]) >> 0) |
                (uint16(a[aOffset + 3 * i + 1]) << 8)) & 0xFFF);
            out[2 * i + 1] = int16(((uint16(a[aOffset + 3 * i + 1]) >> 4) |
                (uint16(a[aOffset + 3 * i + 2]) << 4)) & 0xFFF);
        }
    }
    // Hash G: SHA3-512
    _g(a, b) {
        this._poolG.reset();
        this._poolG.updateUnsafe(a);
        if (b !== undefined)
            this._poolG.updateUnsafe(b);
        this._poolG.writeIntoUnsafe(this._bufG);
        return [this._bufG.subarray(0, 32), this._bufG.subarray(32, 64)];
    }
    // Hash H: SHA3-256
    _h(msg) {
        this._poolH.reset();
        this._poolH.updateUnsafe(msg).writeIntoUnsafe(this._bufH);
        return this._bufH;
    }
    // KDF: SHAKE256(dkLen=32)
    _kdf(a, b) {
        this._poolKdf.reset();
        this._poolKdf.updateUnsafe(a);
        if (b !== undefined)
            this._poolKdf.updateUnsafe(b);
        this._poolKdf.writeIntoUnsafe(this._bufKdf);
        return this._bufKdf;
    }
    // XOF: SHAKE128(dkLen=672)
    _xof(seed) {
        this._poolXof.reset();
        this._poolXof.updateUnsafe(seed).writeIntoUnsafe(this._bufXof);
        return this._bufXof;
    }
    // PRF for eta1 noise sampling: SHAKE256(dkLen=eta1*N/4)
    _prf1(sigma, nonce) {
        this._nonceBuf[0] = nonce;
        this._poolPrf1.reset();
        this._poolPrf1.updateUnsafe(sigma).updateUnsafe(this._nonceBuf)
            .writeIntoUnsafe(this._bufPrf1);
        return this._bufPrf1;
    }
    // PRF for eta2 noise sampling: SHAKE256(dkLen=eta2*N/4)
    _prf2(sigma, nonce) {
        this._nonceBuf[0] = nonce;
        this._poolPrf2.reset();
        this._poolPrf2.updateUnsafe(sigma).updateUnsafe(this._nonceBuf)
            .writeIntoUnsafe(this._bufPrf2);
        return this._bufPrf2;
    }
    _generateKeyPairCore() {
        try {
            const rnd = new Uint8Array(64);
            this._api.getRandomValues(rnd);
            return this._deriveKeyPair(rnd);
        }
        finally {
            this._zeroPool();
        }
    }
    _deriveKeyPairCore(seed) {
        try {
            if (seed.byteLength !== 64) {
                throw new Error("seed must be 64 bytes in length");
            }
            return this._deriveKeyPair(seed);
        }
        finally {
            this._zeroPool();
        }
    }
    _encapCore(pk, seed) {
        try {
            // validate key type; the modulo is checked in `_encap`.
            if (pk.length !== 384 * this._k + 32) {
                throw new Error("invalid encapsulation key");
            }
            const m = this._getSeed(seed);
            const [k, r] = this._g(m, this._h(pk));
            this._encap(pk, m, r);
            return [this._bufCt.slice(), k.slice()];
        }
        finally {
            this._zeroPool();
        }
    }
    _decapCore(ct, sk) {
        try {
            // ciphertext type check
            if (ct.byteLength !== this._compressedUSize + this._compressedVSize) {
                throw new Error("Invalid ct size");
            }
            // decapsulation key type check
            if (sk.length !== 768 * this._k + 96) {
                throw new Error("Invalid decapsulation key");
            }
            const sk2 = sk.subarray(0, this._skSize);
            const pk = sk.subarray(this._skSize, this._skSize + this._pkSize);
            const hpk = sk.subarray(this._skSize + this._pkSize, this._skSize + this._pkSize + 32);
            const z = sk.subarray(this._skSize + this._pkSize + 32, this._skSize + this._pkSize + 64);
            const m2 = this._decap(ct, sk2);
            const [k2, r2] = this._g(m2, hpk);
            const kBar = this._kdf(z, ct);
            this._encap(pk, m2, r2);
            return constantTimeCompare(ct, this._bufCt) === 1
                ? k2.slice()
                : kBar.slice();
        }
        finally {
            this._zeroPool();
        }
    }
    /**
     * Sets up the MlKemBase instance by loading the necessary crypto library.
     * If the crypto library is already loaded, this method does nothing.
     * @returns {Promise<void>} A promise that resolves when the setup is complete.
     */
    async _setup() {
        if (this._api !== undefined) {
            return;
        }
        this._api = await loadCrypto();
    }
    /**
     * Returns a Uint8Array seed for cryptographic operations.
     * If no seed is provided, a random seed of length 32 bytes is generated.
     * If a seed is provided, it must be exactly 32 bytes in length.
     *
     * @param seed - Optional seed for cryptographic operations.
     * @returns A Uint8Array seed.
     * @throws Error if the provided seed is not 32 bytes in length.
     */
    _getSeed(seed) {
        if (seed == undefined) {
            const s = new Uint8Array(32);
            this._api.getRandomValues(s);
            return s;
        }
        if (seed.byteLength !== 32) {
            throw new Error("seed must be 32 bytes in length");
        }
        return seed;
    }
    /**
     * Derives a key pair from a given seed.
     *
     * @param seed - The seed used for key derivation.
     * @returns An array containing the public key and secret key.
     */
    _deriveKeyPair(seed) {
        const cpaSeed = seed.subarray(0, 32);
        const z = seed.subarray(32, 64);
        const [pk, skBody] = this._deriveCpaKeyPair(cpaSeed);
        const pkh = this._h(pk);
        const sk = new Uint8Array(this._skSize + this._pkSize + 64);
        sk.set(skBody, 0);
        sk.set(pk, this._skSize);
        sk.set(pkh, this._skSize + this._pkSize);
        sk.set(z, this._skSize + this._pkSize + 32);
        return [pk, sk];
    }
    // indcpaKeyGen generates public and private keys for the CPA-secure
    // public-key encryption scheme underlying ML-KEM.
    /**
     * Derives a CPA key pair using the provided CPA seed.
     *
     * @param cpaSeed - The CPA seed used for key derivation.
     * @returns An array containing the public key and private key.
     */
    _deriveCpaKeyPair(cpaSeed) {
        const [publicSeed, noiseSeed] = this._g(cpaSeed, this._kBuf);
        const a = this._sampleMatrix(publicSeed, false);
        const s = this._sampleNoise1(noiseSeed, 0, this._k);
        const e = this._sampleNoise1(noiseSeed, this._k, this._k);
        // perform number theoretic transform on secret s
        for (let i = 0; i < this._k; i++) {
            s[i] = ntt(s[i]);
            s[i] = reduce(s[i]);
            e[i] = ntt(e[i]);
        }
        // KEY COMPUTATION
        // pk = A*s + e
        const pk = new Array(this._k);
        for (let i = 0; i < this._k; i++) {
            pk[i] = polyToMont(multiply(a[i], s));
            pk[i] = mlKemBase_add(pk[i], e[i]);
            pk[i] = reduce(pk[i]);
        }
        // PUBLIC KEY
        // turn polynomials into byte arrays
        const pubKey = new Uint8Array(this._pkSize);
        for (let i = 0; i < this._k; i++) {
            this._polyToBytes(pubKey, i * 384, pk[i]);
        }
        // append public seed
        pubKey.set(publicSeed, this._skSize);
        // PRIVATE KEY
        // turn polynomials into byte arrays
        const privKey = new Uint8Array(this._skSize);
        for (let i = 0; i < this._k; i++) {
            this._polyToBytes(privKey, i * 384, s[i]);
        }
        return [pubKey, privKey];
    }
    // _encap is the encapsulation function of the CPA-secure
    // public-key encryption scheme underlying ML-KEM.
    /**
     * Encapsulates a message using the ML-KEM encryption scheme.
     *
     * @param pk - The public key.
     * @param msg - The message to be encapsulated.
     * @param seed - The seed used for generating random values.
     * @returns The encapsulated message as a Uint8Array.
     */
    _encap(pk, msg, seed) {
        const tHat = this._polyVec;
        const pkCheck = this._bufPkCheck; // to validate the pk modulo (see input validation at NIST draft 6.2)
        for (let i = 0; i < this._k; i++) {
            this._polyFromBytes(tHat[i], pk, i * 384);
            this._polyToBytes(pkCheck, i * 384, tHat[i]);
        }
        if (!equalUint8Array(pk.subarray(0, pkCheck.length), pkCheck)) {
            throw new Error("invalid encapsulation key");
        }
        const rho = pk.subarray(this._skSize);
        const a = this._sampleMatrix(rho, true);
        const r = this._sampleNoise1(seed, 0, this._k);
        const e1 = this._sampleNoise2(seed, this._k, this._k);
        const e2 = this._sampleNoise2(seed, this._k * 2, 1)[0];
        // perform number theoretic transform on random vector r
        for (let i = 0; i < this._k; i++) {
            r[i] = ntt(r[i]);
            r[i] = reduce(r[i]);
        }
        // u = A*r + e1
        const u = new Array(this._k);
        for (let i = 0; i < this._k; i++) {
            u[i] = multiply(a[i], r);
            u[i] = nttInverse(u[i]);
            u[i] = mlKemBase_add(u[i], e1[i]);
            u[i] = reduce(u[i]);
        }
        // v = tHat*r + e2 + m
        const m = polyFromMsg(msg);
        let v = multiply(tHat, r);
        v = nttInverse(v);
        v = mlKemBase_add(v, e2);
        v = mlKemBase_add(v, m);
        v = reduce(v);
        // compress into pre-allocated ciphertext buffer
        this._compressU(this._bufCt.subarray(0, this._compressedUSize), u);
        this._compressV(this._bufCt.subarray(this._compressedUSize), v);
        return this._bufCt;
    }
    // indcpaDecrypt is the decryption function of the CPA-secure
    // public-key encryption scheme underlying ML-KEM.
    /**
     * Decapsulates the ciphertext using the provided secret key.
     *
     * @param ct - The ciphertext to be decapsulated.
     * @param sk - The secret key used for decapsulation.
     * @returns The decapsulated message as a Uint8Array.
     */
    _decap(ct, sk) {
        // extract ciphertext
        const u = this._decompressU(ct.subarray(0, this._compressedUSize));
        const v = this._decompressV(ct.subarray(this._compressedUSize));
        const privateKeyPolyvec = this._polyvecFromBytes(sk);
        for (let i = 0; i < this._k; i++) {
            u[i] = ntt(u[i]);
        }
        let mp = multiply(privateKeyPolyvec, u);
        mp = nttInverse(mp);
        mp = subtract(v, mp);
        mp = reduce(mp);
        return polyToMsg(mp);
    }
    // generateMatrixA deterministically generates a matrix `A` (or the transpose of `A`)
    // from a seed. Entries of the matrix are polynomials that look uniformly random.
    // Performs rejection sampling on the output of an extendable-output function (XOF).
    /**
     * Generates a sample matrix based on the provided seed and transposition flag.
     *
     * @param seed - The seed used for generating the matrix.
     * @param transposed - A flag indicating whether the matrix should be transposed or not.
     * @returns The generated sample matrix.
     */
    _sampleMatrix(seed, transposed) {
        const a = this._matrixA;
        this._xofSeed.set(seed);
        for (let ctr = 0, i = 0; i < this._k; i++) {
            for (let j = 0; j < this._k; j++) {
                // set if transposed matrix or not
                if (transposed) {
                    this._xofSeed[seed.length] = i;
                    this._xofSeed[seed.length + 1] = j;
                }
                else {
                    this._xofSeed[seed.length] = j;
                    this._xofSeed[seed.length + 1] = i;
                }
                const output = this._xof(this._xofSeed);
                // run rejection sampling directly into pre-allocated matrix slot
                ctr = indcpaRejUniform(a[i][j], 0, output.subarray(0, 504), 504, N);
                while (ctr < N) { // if the polynomial hasnt been filled yet with mod q entries
                    const outputn = output.subarray(504, 672); // take last 168 bytes of byte array from xof
                    ctr += indcpaRejUniform(a[i][j], ctr, outputn, 168, N - ctr);
                }
            }
        }
        return a;
    }
    /**
     * Generates a 2D array of noise samples.
     *
     * @param sigma - The noise parameter.
     * @param offset - The offset value.
     * @param size - The size of the array.
     * @returns The generated 2D array of noise samples.
     */
    _sampleNoise1(sigma, offset, size) {
        const r = new Array(size);
        for (let i = 0; i < size; i++) {
            r[i] = this._noiseVecs[offset + i];
            byteopsCbd(r[i], this._prf1(sigma, offset + i), this._eta1);
        }
        return r;
    }
    /**
     * Generates a 2-dimensional array of noise samples.
     *
     * @param sigma - The noise parameter.
     * @param offset - The offset value.
     * @param size - The size of the array.
     * @returns The generated 2-dimensional array of noise samples.
     */
    _sampleNoise2(sigma, offset, size) {
        const r = new Array(size);
        for (let i = 0; i < size; i++) {
            r[i] = this._noiseVecs[offset + i];
            byteopsCbd(r[i], this._prf2(sigma, offset + i), this._eta2);
        }
        return r;
    }
    // polyvecFromBytes deserializes a vector of polynomials.
    /**
     * Converts a Uint8Array to a 2D array of numbers representing a polynomial vector.
     * Each element in the resulting array represents a polynomial.
     * @param a The Uint8Array to convert.
     * @returns The 2D array of numbers representing the polynomial vector.
     */
    _polyvecFromBytes(a) {
        const r = this._polyVec;
        for (let i = 0; i < this._k; i++) {
            this._polyFromBytes(r[i], a, i * 384);
        }
        return r;
    }
    // compressU lossily compresses and serializes a vector of polynomials.
    /**
     * Compresses the given array of coefficients into a Uint8Array.
     *
     * @param r - The output Uint8Array.
     * @param u - The array of coefficients.
     * @returns The compressed Uint8Array.
     */
    _compressU(r, u) {
        const t = new Array(4);
        for (let rr = 0, i = 0; i < this._k; i++) {
            for (let j = 0; j < N / 4; j++) {
                for (let k = 0; k < 4; k++) {
                    // parse {0,...,3328} to {0,...,1023}
                    t[k] = (((u[i][4 * j + k] << 10) + Q / 2) / Q) &
                        0b1111111111;
                }
                // converts 4 12-bit coefficients {0,...,3328} to 5 8-bit bytes {0,...,255}
                // 48 bits down to 40 bits per block
                r[rr++] = utils_byte(t[0] >> 0);
                r[rr++] = utils_byte((t[0] >> 8) | (t[1] << 2));
                r[rr++] = utils_byte((t[1] >> 6) | (t[2] << 4));
                r[rr++] = utils_byte((t[2] >> 4) | (t[3] << 6));
                r[rr++] = utils_byte(t[3] >> 2);
            }
        }
        return r;
    }
    // compressV lossily compresses and subsequently serializes a polynomial.
    /**
     * Compresses the given array of numbers into a Uint8Array.
     *
     * @param r - The Uint8Array to store the compressed values.
     * @param v - The array of numbers to compress.
     * @returns The compressed Uint8Array.
     */
    _compressV(r, v) {
        // const r = new Uint8Array(128);
        const t = new Uint8Array(8);
        for (let rr = 0, i = 0; i < N / 8; i++) {
            for (let j = 0; j < 8; j++) {
                t[j] = utils_byte(((v[8 * i + j] << 4) + Q / 2) / Q) & 0b1111;
            }
            r[rr++] = t[0] | (t[1] << 4);
            r[rr++] = t[2] | (t[3] << 4);
            r[rr++] = t[4] | (t[5] << 4);
            r[rr++] = t[6] | (t[7] << 4);
        }
        return r;
    }
    // decompressU de-serializes and decompresses a vector of polynomials and
    // represents the approximate inverse of compress1. Since compression is lossy,
    // the results of decompression will may not match the original vector of polynomials.
    /**
     * Decompresses a Uint8Array into a two-dimensional array of numbers.
     *
     * @param a The Uint8Array to decompress.
     * @returns The decompressed two-dimensional array.
     */
    _decompressU(a) {
        const r = new Array(this._k);
        for (let i = 0; i < this._k; i++) {
            r[i] = new Int16Array(N);
        }
        const t = new Array(4);
        for (let aa = 0, i = 0; i < this._k; i++) {
            for (let j = 0; j < N / 4; j++) {
                t[0] = (uint16(a[aa + 0]) >> 0) | (uint16(a[aa + 1]) << 8);
                t[1] = (uint16(a[aa + 1]) >> 2) | (uint16(a[aa + 2]) << 6);
                t[2] = (uint16(a[aa + 2]) >> 4) | (uint16(a[aa + 3]) << 4);
                t[3] = (uint16(a[aa + 3]) >> 6) | (uint16(a[aa + 4]) << 2);
                aa = aa + 5;
                for (let k = 0; k < 4; k++) {
                    r[i][4 * j + k] = int16((((t[k] & 0x3FF) * Q) + 512) >> 10);
                }
            }
        }
        return r;
    }
    // decompressV de-serializes and subsequently decompresses a polynomial,
    // representing the approximate inverse of compress2.
    // Note that compression is lossy, and thus decompression will not match the
    // original input.
    /**
     * Decompresses a Uint8Array into an array of numbers.
     *
     * @param a - The Uint8Array to decompress.
     * @returns An array of numbers.
     */
    _decompressV(a) {
        const r = new Int16Array(N);
        for (let aa = 0, i = 0; i < N / 2; i++, aa++) {
            r[2 * i + 0] = int16((((a[aa] & 15) * Q) + 8) >> 4);
            r[2 * i + 1] = int16((((a[aa] >> 4) * Q) + 8) >> 4);
        }
        return r;
    }
}
// polyToMsg converts a polynomial to a 32-byte message
// and represents the inverse of polyFromMsg.
/**
 * Converts a polynomial to a message represented as a Uint8Array.
 * @param a - The polynomial to convert.
 * @returns The message as a Uint8Array.
 */
function polyToMsg(a) {
    const msg = new Uint8Array(32);
    let t, v;
    for (let i = 0; i < N / 8; i++) {
        for (let j = 0; j < 8; j++) {
            // inline subtractQ: a - q if a >= q, else a
            v = a[8 * i + j] - Q;
            v += (v >> 31) & Q;
            t = (((uint16(v) << 1) + uint16(Q / 2)) /
                uint16(Q)) & 1;
            msg[i] |= utils_byte(t << j);
        }
    }
    return msg;
}
// polyFromMsg converts a 32-byte message to a polynomial.
/**
 * Converts a Uint8Array message to an array of numbers representing a polynomial.
 * Each element in the array is an int16 (0-65535).
 *
 * @param msg - The Uint8Array message to convert.
 * @returns An array of numbers representing the polynomial.
 */
function polyFromMsg(msg) {
    const r = new Int16Array(N); // each element is int16 (0-65535)
    let mask; // int16
    for (let i = 0; i < N / 8; i++) {
        for (let j = 0; j < 8; j++) {
            mask = -1 * int16((msg[i] >> j) & 1);
            r[8 * i + j] = mask & int16((Q + 1) / 2);
        }
    }
    return r;
}
// indcpaRejUniform runs rejection sampling on uniform random bytes
// to generate uniform random integers modulo `Q`.
/**
 * Generates an array of random numbers from a given buffer, rejecting values greater than a specified threshold.
 *
 * @param buf - The input buffer containing random bytes.
 * @param bufl - The length of the input buffer.
 * @param len - The desired length of the output array.
 * @returns An array of random numbers and the actual length of the output array.
 */
function indcpaRejUniform(out, outOffset, buf, bufl, len) {
    let ctr = 0;
    let val0, val1; // d1, d2 in kyber documentation
    for (let pos = 0; ctr < len && pos + 3 <= bufl;) {
        // compute d1 and d2
        val0 = (uint16((buf[pos]) >> 0) | (uint16(buf[pos + 1]) << 8)) & 0xFFF;
        val1 = (uint16((buf[pos + 1]) >> 4) | (uint16(buf[pos + 2]) << 4)) & 0xFFF;
        // increment input buffer index by 3
        pos = pos + 3;
        // if d1 is less than 3329
        if (val0 < Q) {
            out[outOffset + ctr] = val0;
            ctr = ctr + 1;
        }
        if (ctr < len && val1 < Q) {
            out[outOffset + ctr] = val1;
            ctr = ctr + 1;
        }
    }
    return ctr;
}
// byteopsCbd computes a polynomial with coefficients distributed
// according to a centered binomial distribution with parameter PARAMS_ETA,
// given an array of uniformly random bytes.
/**
 * Converts a Uint8Array buffer to an array of numbers using the CBD operation.
 * @param buf - The input Uint8Array buffer.
 * @param eta - The value used in the CBD operation.
 * @returns An array of numbers obtained from the CBD operation.
 */
function byteopsCbd(out, buf, eta) {
    let t, d;
    let a, b;
    for (let i = 0; i < N / 8; i++) {
        t = byteopsLoad32(buf, 4 * i);
        d = t & 0x55555555;
        d = d + ((t >> 1) & 0x55555555);
        for (let j = 0; j < 8; j++) {
            a = int16((d >> (4 * j + 0)) & 0x3);
            b = int16((d >> (4 * j + eta)) & 0x3);
            out[8 * i + j] = a - b;
        }
    }
}
// ntt performs an inplace number-theoretic transform (NTT) in `Rq`.
// The input is in standard order, the output is in bit-reversed order.
/**
 * Performs the Number Theoretic Transform (NTT) on an array of numbers.
 *
 * @param r - The input array of numbers.
 * @returns The transformed array of numbers.
 */
function ntt(r) {
    // 128, 64, 32, 16, 8, 4, 2
    for (let j = 0, k = 1, l = 128; l >= 2; l >>= 1) {
        // 0,
        for (let start = 0; start < 256; start = j + l) {
            const zeta = NTT_ZETAS[k];
            k = k + 1;
            // for each element in the subsections (128, 64, 32, 16, 8, 4, 2) starting at an offset
            for (j = start; j < start + l; j++) {
                // compute the modular multiplication of the zeta and each element in the subsection
                const t = nttFqMul(zeta, r[j + l]); // t is mod q
                // overwrite each element in the subsection as the opposite subsection element minus t
                r[j + l] = r[j] - t;
                // add t back again to the opposite subsection
                r[j] = r[j] + t;
            }
        }
    }
    return r;
}
// nttFqMul performs multiplication followed by Montgomery reduction
// and returns a 16-bit integer congruent to `a*b*R^{-1} mod Q`.
/**
 * Performs an NTT (Number Theoretic Transform) multiplication on two numbers in Fq.
 * @param a The first number.
 * @param b The second number.
 * @returns The result of the NTT multiplication.
 */
function nttFqMul(a, b) {
    const ab = a * b;
    const u = (Math.imul(ab, Q_INV) << 16) >> 16;
    return (ab - u * Q) >> 16;
}
// reduce applies Barrett reduction to all coefficients of a polynomial.
/**
 * Reduces each element in the given array using the barrett function.
 *
 * @param r - The array to be reduced.
 * @returns The reduced array.
 */
function reduce(r) {
    for (let i = 0; i < N; i++) {
        r[i] = barrett(r[i]);
    }
    return r;
}
// barrett computes a Barrett reduction; given
// a integer `a`, returns a integer congruent to
// `a mod Q` in {0,...,Q}.
/**
 * Performs the Barrett reduction algorithm on the given number.
 *
 * @param a - The number to be reduced.
 * @returns The result of the reduction.
 */
const BARRETT_V = ((1 << 24) + Q / 2) / Q;
function barrett(a) {
    let t = BARRETT_V * a >> 24;
    t = t * Q;
    return a - t;
}
// polyToMont performs the in-place conversion of all coefficients
// of a polynomial from the normal domain to the Montgomery domain.
/**
 * Converts a polynomial to the Montgomery domain.
 *
 * @param r - The polynomial to be converted.
 * @returns The polynomial in the Montgomery domain.
 */
function polyToMont(r) {
    // let f = int16(((uint64(1) << 32)) % uint64(Q));
    const f = 1353; // if Q changes then this needs to be updated
    for (let i = 0; i < N; i++) {
        const a = r[i] * f;
        const u = (Math.imul(a, Q_INV) << 16) >> 16;
        r[i] = (a - u * Q) >> 16;
    }
    return r;
}
// pointwise-multiplies elements of polynomial-vectors
// `a` and `b`, accumulates the results into `r`, and then multiplies by `2^-16`.
/**
 * Multiplies two matrices element-wise and returns the result.
 * @param a - The first matrix.
 * @param b - The second matrix.
 * @returns The resulting matrix after element-wise multiplication.
 */
function multiply(a, b) {
    let r = polyBaseMulMontgomery(a[0], b[0]);
    let t;
    for (let i = 1; i < a.length; i++) {
        t = polyBaseMulMontgomery(a[i], b[i]);
        r = mlKemBase_add(r, t);
    }
    return reduce(r);
}
// polyBaseMulMontgomery performs the multiplication of two polynomials
// in the number-theoretic transform (NTT) domain.
/**
 * Performs polynomial base multiplication in Montgomery domain.
 * @param a - The first polynomial array.
 * @param b - The second polynomial array.
 * @returns The result of the polynomial base multiplication.
 */
function polyBaseMulMontgomery(a, b) {
    for (let i = 0; i < N / 4; i++) {
        const idx = 4 * i;
        const a0 = a[idx], a1 = a[idx + 1], a2 = a[idx + 2], a3 = a[idx + 3];
        const b0 = b[idx], b1 = b[idx + 1], b2 = b[idx + 2], b3 = b[idx + 3];
        const zeta = NTT_ZETAS[64 + i];
        a[idx] = nttFqMul(nttFqMul(a1, b1), zeta) + nttFqMul(a0, b0);
        a[idx + 1] = nttFqMul(a0, b1) + nttFqMul(a1, b0);
        a[idx + 2] = nttFqMul(nttFqMul(a3, b3), -zeta) + nttFqMul(a2, b2);
        a[idx + 3] = nttFqMul(a2, b3) + nttFqMul(a3, b2);
    }
    return a;
}
// adds two polynomials.
/**
 * Adds two arrays element-wise.
 * @param a - The first array.
 * @param b - The second array.
 * @returns The resulting array after element-wise addition.
 */
function mlKemBase_add(a, b) {
    for (let i = 0; i < N; i++) {
        a[i] += b[i];
    }
    return a;
}
// subtracts two polynomials.
/**
 * Subtracts the elements of array b from array a.
 *
 * @param a - The array from which to subtract.
 * @param b - The array to subtract.
 * @returns The resulting array after subtraction.
 */
function subtract(a, b) {
    for (let i = 0; i < N; i++) {
        a[i] -= b[i];
    }
    return a;
}
// nttInverse performs an inplace inverse number-theoretic transform (NTT)
// in `Rq` and multiplication by Montgomery factor 2^16.
// The input is in bit-reversed order, the output is in standard order.
/**
 * Performs the inverse Number Theoretic Transform (NTT) on the given array.
 *
 * @param r - The input array to perform the inverse NTT on.
 * @returns The array after performing the inverse NTT.
 */
function nttInverse(r) {
    let j = 0;
    for (let k = 0, l = 2; l <= 128; l <<= 1) {
        for (let start = 0; start < 256; start = j + l) {
            const zeta = NTT_ZETAS_INV[k];
            k = k + 1;
            for (j = start; j < start + l; j++) {
                const t = r[j];
                r[j] = barrett(t + r[j + l]);
                r[j + l] = t - r[j + l];
                r[j + l] = nttFqMul(zeta, r[j + l]);
            }
        }
    }
    for (j = 0; j < 256; j++) {
        r[j] = nttFqMul(r[j], NTT_ZETAS_INV[127]);
    }
    return r;
}

;// CONCATENATED MODULE: ./node_modules/mlkem/esm/src/mlKem512Base.js
/**
 * This implementation is based on https://github.com/antontutoveanu/crystals-kyber-javascript,
 * which was deveploped under the MIT licence below:
 * https://github.com/antontutoveanu/crystals-kyber-javascript/blob/main/LICENSE
 */



/**
 * Shared base for MlKem512 and MlKem512Impl.
 * Contains parameter configuration and the _sampleNoise1 override.
 */
class MlKem512Base extends MlKemBase {
    constructor() {
        super();
        Object.defineProperty(this, "_k", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: 2
        });
        Object.defineProperty(this, "_du", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: 10
        });
        Object.defineProperty(this, "_dv", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: 4
        });
        Object.defineProperty(this, "_eta1", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: 3
        });
        Object.defineProperty(this, "_eta2", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: 2
        });
        this._skSize = 12 * this._k * N / 8;
        this._pkSize = this._skSize + 32;
        this._compressedUSize = this._k * this._du * N / 8;
        this._compressedVSize = this._dv * N / 8;
        this._initPool();
    }
    /**
     * Samples a vector of polynomials from a seed.
     * @internal
     * @param sigma - The seed.
     * @param offset - The offset.
     * @param size - The size.
     * @returns The sampled vector of polynomials.
     */
    _sampleNoise1(sigma, offset, size) {
        const r = new Array(size);
        for (let i = 0; i < size; i++) {
            r[i] = this._noiseVecs[offset + i];
            mlKem512Base_byteopsCbd(r[i], this._prf1(sigma, offset + i), this._eta1);
        }
        return r;
    }
}
/**
 * Performs the byte operations for the Cbd function.
 *
 * @param out - The output array to write into.
 * @param buf - The input buffer.
 * @param eta - The value of eta.
 */
function mlKem512Base_byteopsCbd(out, buf, eta) {
    let t, d;
    let a, b;
    for (let i = 0; i < N / 4; i++) {
        t = byteopsLoad24(buf, 3 * i);
        d = t & 0x00249249;
        d = d + ((t >> 1) & 0x00249249);
        d = d + ((t >> 2) & 0x00249249);
        for (let j = 0; j < 4; j++) {
            a = int16((d >> (6 * j + 0)) & 0x7);
            b = int16((d >> (6 * j + eta)) & 0x7);
            out[4 * i + j] = a - b;
        }
    }
}

;// CONCATENATED MODULE: ./node_modules/mlkem/esm/src/mlKem512.js
/**
 * This implementation is based on https://github.com/antontutoveanu/crystals-kyber-javascript,
 * which was deveploped under the MIT licence below:
 * https://github.com/antontutoveanu/crystals-kyber-javascript/blob/main/LICENSE
 */


/**
 * Represents the MlKem512 class.
 *
 * This class extends the MlKem512Base class and provides specific implementation for MlKem512.
 *
 * @deprecated Use {@link createMlKem512} instead. This async class-based API will be removed in a future release.
 *
 * @remarks
 *
 * MlKem512 is a specific implementation of the ML-KEM key encapsulation mechanism.
 *
 * @example
 *
 * ```ts
 * // Using jsr:
 * import { createMlKem512 } from "@dajiaji/mlkem";
 * // Using npm:
 * // import { createMlKem512 } from "mlkem"; // or "crystals-kyber-js"
 *
 * const recipient = await createMlKem512();
 * const [pkR, skR] = recipient.generateKeyPair();
 *
 * const sender = await createMlKem512();
 * const [ct, ssS] = sender.encap(pkR);
 *
 * const ssR = recipient.decap(ct, skR);
 * // ssS === ssR
 * ```
 */
class MlKem512 extends MlKem512Base {
    /**
     * Constructs a new instance of the MlKem512 class.
     */
    constructor() {
        super();
    }
    /**
     * Generates a keypair [publicKey, privateKey].
     *
     * If an error occurred, throws {@link MlKemError}.
     *
     * @returns A kaypair [publicKey, privateKey].
     * @throws {@link MlKemError}
     */
    async generateKeyPair() {
        await this._setup();
        try {
            return this._generateKeyPairCore();
        }
        catch (e) {
            throw new MlKemError(e);
        }
    }
    /**
     * Derives a keypair [publicKey, privateKey] deterministically from a 64-octet seed.
     *
     * If an error occurred, throws {@link MlKemError}.
     *
     * @param seed A 64-octet seed for the deterministic key generation.
     * @returns A kaypair [publicKey, privateKey].
     * @throws {@link MlKemError}
     */
    async deriveKeyPair(seed) {
        await this._setup();
        try {
            return this._deriveKeyPairCore(seed);
        }
        catch (e) {
            throw new MlKemError(e);
        }
    }
    /**
     * Generates a shared secret from the encapsulated ciphertext and the private key.
     *
     * If an error occurred, throws {@link MlKemError}.
     *
     * @param pk A public key.
     * @param seed An optional 32-octet seed for the deterministic shared secret generation.
     * @returns A ciphertext (encapsulated public key) and a shared secret.
     * @throws {@link MlKemError}
     */
    async encap(pk, seed) {
        await this._setup();
        try {
            return this._encapCore(pk, seed);
        }
        catch (e) {
            throw new MlKemError(e);
        }
    }
    /**
     * Generates a ciphertext for the public key and a shared secret.
     *
     * If an error occurred, throws {@link MlKemError}.
     *
     * @param ct A ciphertext generated by {@link encap}.
     * @param sk A private key.
     * @returns A shared secret.
     * @throws {@link MlKemError}
     */
    async decap(ct, sk) {
        await this._setup();
        try {
            return this._decapCore(ct, sk);
        }
        catch (e) {
            throw new MlKemError(e);
        }
    }
}

;// CONCATENATED MODULE: ./node_modules/mlkem/esm/src/mlKem512Impl.js


/**
 * Synchronous implementation of MlKem512.
 *
 * Use {@link createMlKem512} to create an initialized instance.
 *
 * @example
 *
 * ```ts
 * // Using jsr:
 * import { createMlKem512 } from "@dajiaji/mlkem";
 * // Using npm:
 * // import { createMlKem512 } from "mlkem"; // or "crystals-kyber-js"
 *
 * const recipient = await createMlKem512();
 * const [pkR, skR] = recipient.generateKeyPair();
 *
 * const sender = await createMlKem512();
 * const [ct, ssS] = sender.encap(pkR);
 *
 * const ssR = recipient.decap(ct, skR);
 * // ssS === ssR
 * ```
 */
class MlKem512Impl extends MlKem512Base {
    constructor() {
        super();
    }
    /** Generates a keypair [publicKey, privateKey]. */
    generateKeyPair() {
        try {
            return this._generateKeyPairCore();
        }
        catch (e) {
            throw new MlKemError(e);
        }
    }
    /** Derives a keypair [publicKey, privateKey] deterministically from a 64-octet seed. */
    deriveKeyPair(seed) {
        try {
            return this._deriveKeyPairCore(seed);
        }
        catch (e) {
            throw new MlKemError(e);
        }
    }
    /** Encapsulates: returns [ciphertext, sharedSecret]. */
    encap(pk, seed) {
        try {
            return this._encapCore(pk, seed);
        }
        catch (e) {
            throw new MlKemError(e);
        }
    }
    /** Decapsulates: returns sharedSecret. */
    decap(ct, sk) {
        try {
            return this._decapCore(ct, sk);
        }
        catch (e) {
            throw new MlKemError(e);
        }
    }
    /** @internal */
    static async _create() {
        const impl = new MlKem512Impl();
        await impl._setup();
        return impl;
    }
}
/**
 * Creates a pre-initialized MlKem512 instance with synchronous operations.
 *
 * @returns A promise that resolves to an {@link MlKemInterface} instance.
 *
 * @example
 *
 * ```ts
 * const ctx = await createMlKem512();
 * const [pk, sk] = ctx.generateKeyPair();       // sync
 * const [ct, ssS] = ctx.encap(pk);              // sync
 * const ssR = ctx.decap(ct, sk);                // sync
 * ```
 */
function createMlKem512() {
    return MlKem512Impl._create();
}

;// CONCATENATED MODULE: ./node_modules/mlkem/esm/src/mlKem768.js
/**
 * This implementation is based on https://github.com/antontutoveanu/crystals-kyber-javascript,
 * which was deveploped under the MIT licence below:
 * https://github.com/antontutoveanu/crystals-kyber-javascript/blob/main/LICENSE
 */



/**
 * Represents the MlKem768 class, which extends the MlKemBase class.
 *
 * This class extends the MlKemBase class and provides specific implementation for MlKem768.
 *
 * @deprecated Use {@link createMlKem768} instead. This async class-based API will be removed in a future release.
 *
 * @remarks
 *
 * MlKem768 is a specific implementation of the ML-KEM key encapsulation mechanism.
 *
 * @example
 *
 * ```ts
 * // Using jsr:
 * import { createMlKem768 } from "@dajiaji/mlkem";
 * // Using npm:
 * // import { createMlKem768 } from "mlkem"; // or "crystals-kyber-js"
 *
 * const recipient = await createMlKem768();
 * const [pkR, skR] = recipient.generateKeyPair();
 *
 * const sender = await createMlKem768();
 * const [ct, ssS] = sender.encap(pkR);
 *
 * const ssR = recipient.decap(ct, skR);
 * // ssS === ssR
 * ```
 */
class MlKem768 extends MlKemBase {
    constructor() {
        super();
        Object.defineProperty(this, "_k", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: 3
        });
        Object.defineProperty(this, "_du", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: 10
        });
        Object.defineProperty(this, "_dv", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: 4
        });
        Object.defineProperty(this, "_eta1", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: 2
        });
        Object.defineProperty(this, "_eta2", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: 2
        });
        this._skSize = 12 * this._k * N / 8;
        this._pkSize = this._skSize + 32;
        this._compressedUSize = this._k * this._du * N / 8;
        this._compressedVSize = this._dv * N / 8;
        this._initPool();
    }
    /**
     * Generates a keypair [publicKey, privateKey].
     *
     * If an error occurred, throws {@link MlKemError}.
     *
     * @returns A kaypair [publicKey, privateKey].
     * @throws {@link MlKemError}
     */
    async generateKeyPair() {
        await this._setup();
        try {
            return this._generateKeyPairCore();
        }
        catch (e) {
            throw new MlKemError(e);
        }
    }
    /**
     * Derives a keypair [publicKey, privateKey] deterministically from a 64-octet seed.
     *
     * If an error occurred, throws {@link MlKemError}.
     *
     * @param seed A 64-octet seed for the deterministic key generation.
     * @returns A kaypair [publicKey, privateKey].
     * @throws {@link MlKemError}
     */
    async deriveKeyPair(seed) {
        await this._setup();
        try {
            return this._deriveKeyPairCore(seed);
        }
        catch (e) {
            throw new MlKemError(e);
        }
    }
    /**
     * Generates a shared secret from the encapsulated ciphertext and the private key.
     *
     * If an error occurred, throws {@link MlKemError}.
     *
     * @param pk A public key.
     * @param seed An optional 32-octet seed for the deterministic shared secret generation.
     * @returns A ciphertext (encapsulated public key) and a shared secret.
     * @throws {@link MlKemError}
     */
    async encap(pk, seed) {
        await this._setup();
        try {
            return this._encapCore(pk, seed);
        }
        catch (e) {
            throw new MlKemError(e);
        }
    }
    /**
     * Generates a ciphertext for the public key and a shared secret.
     *
     * If an error occurred, throws {@link MlKemError}.
     *
     * @param ct A ciphertext generated by {@link encap}.
     * @param sk A private key.
     * @returns A shared secret.
     * @throws {@link MlKemError}
     */
    async decap(ct, sk) {
        await this._setup();
        try {
            return this._decapCore(ct, sk);
        }
        catch (e) {
            throw new MlKemError(e);
        }
    }
}

;// CONCATENATED MODULE: ./node_modules/mlkem/esm/src/mlKem768Impl.js



/**
 * Synchronous implementation of MlKem768.
 *
 * Use {@link createMlKem768} to create an initialized instance.
 *
 * @example
 *
 * ```ts
 * // Using jsr:
 * import { createMlKem768 } from "@dajiaji/mlkem";
 * // Using npm:
 * // import { createMlKem768 } from "mlkem"; // or "crystals-kyber-js"
 *
 * const recipient = await createMlKem768();
 * const [pkR, skR] = recipient.generateKeyPair();
 *
 * const sender = await createMlKem768();
 * const [ct, ssS] = sender.encap(pkR);
 *
 * const ssR = recipient.decap(ct, skR);
 * // ssS === ssR
 * ```
 */
class MlKem768Impl extends MlKemBase {
    constructor() {
        super();
        Object.defineProperty(this, "_k", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: 3
        });
        Object.defineProperty(this, "_du", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: 10
        });
        Object.defineProperty(this, "_dv", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: 4
        });
        Object.defineProperty(this, "_eta1", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: 2
        });
        Object.defineProperty(this, "_eta2", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: 2
        });
        this._skSize = 12 * this._k * N / 8;
        this._pkSize = this._skSize + 32;
        this._compressedUSize = this._k * this._du * N / 8;
        this._compressedVSize = this._dv * N / 8;
        this._initPool();
    }
    /** Generates a keypair [publicKey, privateKey]. */
    generateKeyPair() {
        try {
            return this._generateKeyPairCore();
        }
        catch (e) {
            throw new MlKemError(e);
        }
    }
    /** Derives a keypair [publicKey, privateKey] deterministically from a 64-octet seed. */
    deriveKeyPair(seed) {
        try {
            return this._deriveKeyPairCore(seed);
        }
        catch (e) {
            throw new MlKemError(e);
        }
    }
    /** Encapsulates: returns [ciphertext, sharedSecret]. */
    encap(pk, seed) {
        try {
            return this._encapCore(pk, seed);
        }
        catch (e) {
            throw new MlKemError(e);
        }
    }
    /** Decapsulates: returns sharedSecret. */
    decap(ct, sk) {
        try {
            return this._decapCore(ct, sk);
        }
        catch (e) {
            throw new MlKemError(e);
        }
    }
    /** @internal */
    static async _create() {
        const impl = new MlKem768Impl();
        await impl._setup();
        return impl;
    }
}
/**
 * Creates a pre-initialized MlKem768 instance with synchronous operations.
 *
 * @returns A promise that resolves to an {@link MlKemInterface} instance.
 *
 * @example
 *
 * ```ts
 * const ctx = await createMlKem768();
 * const [pk, sk] = ctx.generateKeyPair();       // sync
 * const [ct, ssS] = ctx.encap(pk);              // sync
 * const ssR = ctx.decap(ct, sk);                // sync
 * ```
 */
function createMlKem768() {
    return MlKem768Impl._create();
}

;// CONCATENATED MODULE: ./node_modules/mlkem/esm/src/mlKem1024Base.js
/**
 * This implementation is based on https://github.com/antontutoveanu/crystals-kyber-javascript,
 * which was deveploped under the MIT licence below:
 * https://github.com/antontutoveanu/crystals-kyber-javascript/blob/main/LICENSE
 */



/**
 * Shared base for MlKem1024 and MlKem1024Impl.
 * Contains parameter configuration and compression/decompression overrides.
 */
class MlKem1024Base extends MlKemBase {
    constructor() {
        super();
        Object.defineProperty(this, "_k", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: 4
        });
        Object.defineProperty(this, "_du", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: 11
        });
        Object.defineProperty(this, "_dv", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: 5
        });
        Object.defineProperty(this, "_eta1", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: 2
        });
        Object.defineProperty(this, "_eta2", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: 2
        });
        this._skSize = 12 * this._k * N / 8;
        this._pkSize = this._skSize + 32;
        this._compressedUSize = this._k * this._du * N / 8;
        this._compressedVSize = this._dv * N / 8;
        this._initPool();
    }
    // compressU lossily compresses and serializes a vector of polynomials.
    /**
     * Lossily compresses and serializes a vector of polynomials.
     *
     * @param u - The vector of polynomials to compress.
     * @returns The compressed and serialized data as a Uint8Array.
     */
    _compressU(r, u) {
        const t = new Array(8);
        for (let rr = 0, i = 0; i < this._k; i++) {
            for (let j = 0; j < N / 8; j++) {
                for (let k = 0; k < 8; k++) {
                    t[k] = uint16((((uint32(u[i][8 * j + k]) << 11) + uint32(Q / 2)) /
                        uint32(Q)) & 0x7ff);
                }
                r[rr++] = utils_byte(t[0] >> 0);
                r[rr++] = utils_byte((t[0] >> 8) | (t[1] << 3));
                r[rr++] = utils_byte((t[1] >> 5) | (t[2] << 6));
                r[rr++] = utils_byte(t[2] >> 2);
                r[rr++] = utils_byte((t[2] >> 10) | (t[3] << 1));
                r[rr++] = utils_byte((t[3] >> 7) | (t[4] << 4));
                r[rr++] = utils_byte((t[4] >> 4) | (t[5] << 7));
                r[rr++] = utils_byte(t[5] >> 1);
                r[rr++] = utils_byte((t[5] >> 9) | (t[6] << 2));
                r[rr++] = utils_byte((t[6] >> 6) | (t[7] << 5));
                r[rr++] = utils_byte(t[7] >> 3);
            }
        }
        return r;
    }
    // compressV lossily compresses and subsequently serializes a polynomial.
    /**
     * Lossily compresses and serializes a polynomial.
     *
     * @param r - The output buffer to store the compressed data.
     * @param v - The polynomial to compress.
     * @returns The compressed and serialized data as a Uint8Array.
     */
    _compressV(r, v) {
        const t = new Uint8Array(8);
        for (let rr = 0, i = 0; i < N / 8; i++) {
            for (let j = 0; j < 8; j++) {
                t[j] = utils_byte(((uint32(v[8 * i + j]) << 5) + uint32(Q / 2)) / uint32(Q)) & 31;
            }
            r[rr++] = utils_byte((t[0] >> 0) | (t[1] << 5));
            r[rr++] = utils_byte((t[1] >> 3) | (t[2] << 2) | (t[3] << 7));
            r[rr++] = utils_byte((t[3] >> 1) | (t[4] << 4));
            r[rr++] = utils_byte((t[4] >> 4) | (t[5] << 1) | (t[6] << 6));
            r[rr++] = utils_byte((t[6] >> 2) | (t[7] << 3));
        }
        return r;
    }
    // decompressU de-serializes and decompresses a vector of polynomials and
    // represents the approximate inverse of compress1. Since compression is lossy,
    // the results of decompression will may not match the original vector of polynomials.
    /**
     * Deserializes and decompresses a vector of polynomials.
     * This is the approximate inverse of the `_compressU` method.
     * Since compression is lossy, the decompressed data may not match the original vector of polynomials.
     *
     * @param a - The compressed and serialized data as a Uint8Array.
     * @returns The decompressed vector of polynomials.
     */
    _decompressU(a) {
        const r = new Array(this._k);
        for (let i = 0; i < this._k; i++) {
            r[i] = new Int16Array(N);
        }
        const t = new Array(8);
        for (let aa = 0, i = 0; i < this._k; i++) {
            for (let j = 0; j < N / 8; j++) {
                t[0] = (uint16(a[aa + 0]) >> 0) | (uint16(a[aa + 1]) << 8);
                t[1] = (uint16(a[aa + 1]) >> 3) | (uint16(a[aa + 2]) << 5);
                t[2] = (uint16(a[aa + 2]) >> 6) | (uint16(a[aa + 3]) << 2) |
                    (uint16(a[aa + 4]) << 10);
                t[3] = (uint16(a[aa + 4]) >> 1) | (uint16(a[aa + 5]) << 7);
                t[4] = (uint16(a[aa + 5]) >> 4) | (uint16(a[aa + 6]) << 4);
                t[5] = (uint16(a[aa + 6]) >> 7) | (uint16(a[aa + 7]) << 1) |
                    (uint16(a[aa + 8]) << 9);
                t[6] = (uint16(a[aa + 8]) >> 2) | (uint16(a[aa + 9]) << 6);
                t[7] = (uint16(a[aa + 9]) >> 5) | (uint16(a[aa + 10]) << 3);
                aa = aa + 11;
                for (let k = 0; k < 8; k++) {
                    r[i][8 * j + k] = ((t[k] & 0x7FF) * Q + 1024) >> 11;
                }
            }
        }
        return r;
    }
    // decompressV de-serializes and subsequently decompresses a polynomial,
    // representing the approximate inverse of compress2.
    // Note that compression is lossy, and thus decompression will not match the
    // original input.
    /**
     * Decompresses a given polynomial, representing the approximate inverse of
     * compress2, in Uint8Array into an array of numbers.
     *
     * Note that compression is lossy, and thus decompression will not match the
     * original input.
     *
     * @param a - The Uint8Array to decompress.
     * @returns An array of numbers obtained from the decompression process.
     */
    _decompressV(a) {
        const r = new Int16Array(N);
        const t = new Array(8);
        for (let aa = 0, i = 0; i < N / 8; i++) {
            t[0] = a[aa + 0] >> 0;
            t[1] = (a[aa + 0] >> 5) | (a[aa + 1] << 3);
            t[2] = a[aa + 1] >> 2;
            t[3] = (a[aa + 1] >> 7) | (a[aa + 2] << 1);
            t[4] = (a[aa + 2] >> 4) | (a[aa + 3] << 4);
            t[5] = a[aa + 3] >> 1;
            t[6] = (a[aa + 3] >> 6) | (a[aa + 4] << 2);
            t[7] = a[aa + 4] >> 3;
            aa = aa + 5;
            for (let j = 0; j < 8; j++) {
                r[8 * i + j] = int16((((t[j] & 31) * Q) + 16) >> 5);
            }
        }
        return r;
    }
}

;// CONCATENATED MODULE: ./node_modules/mlkem/esm/src/mlKem1024.js
/**
 * This implementation is based on https://github.com/antontutoveanu/crystals-kyber-javascript,
 * which was deveploped under the MIT licence below:
 * https://github.com/antontutoveanu/crystals-kyber-javascript/blob/main/LICENSE
 */


/**
 * Represents the MlKem1024 class, which extends the MlKem1024Base class.
 *
 * This class extends the MlKem1024Base class and provides specific implementation for MlKem1024.
 *
 * @deprecated Use {@link createMlKem1024} instead. This async class-based API will be removed in a future release.
 *
 * @remarks
 *
 * MlKem1024 is a specific implementation of the ML-KEM key encapsulation mechanism.
 *
 * @example
 *
 * ```ts
 * // Using jsr:
 * import { createMlKem1024 } from "@dajiaji/mlkem";
 * // Using npm:
 * // import { createMlKem1024 } from "mlkem"; // or "crystals-kyber-js"
 *
 * const recipient = await createMlKem1024();
 * const [pkR, skR] = recipient.generateKeyPair();
 *
 * const sender = await createMlKem1024();
 * const [ct, ssS] = sender.encap(pkR);
 *
 * const ssR = recipient.decap(ct, skR);
 * // ssS === ssR
 * ```
 */
class MlKem1024 extends MlKem1024Base {
    /**
     * Constructs a new instance of the MlKem1024 class.
     */
    constructor() {
        super();
    }
    /**
     * Generates a keypair [publicKey, privateKey].
     *
     * If an error occurred, throws {@link MlKemError}.
     *
     * @returns A kaypair [publicKey, privateKey].
     * @throws {@link MlKemError}
     */
    async generateKeyPair() {
        await this._setup();
        try {
            return this._generateKeyPairCore();
        }
        catch (e) {
            throw new MlKemError(e);
        }
    }
    /**
     * Derives a keypair [publicKey, privateKey] deterministically from a 64-octet seed.
     *
     * If an error occurred, throws {@link MlKemError}.
     *
     * @param seed A 64-octet seed for the deterministic key generation.
     * @returns A kaypair [publicKey, privateKey].
     * @throws {@link MlKemError}
     */
    async deriveKeyPair(seed) {
        await this._setup();
        try {
            return this._deriveKeyPairCore(seed);
        }
        catch (e) {
            throw new MlKemError(e);
        }
    }
    /**
     * Generates a shared secret from the encapsulated ciphertext and the private key.
     *
     * If an error occurred, throws {@link MlKemError}.
     *
     * @param pk A public key.
     * @param seed An optional 32-octet seed for the deterministic shared secret generation.
     * @returns A ciphertext (encapsulated public key) and a shared secret.
     * @throws {@link MlKemError}
     */
    async encap(pk, seed) {
        await this._setup();
        try {
            return this._encapCore(pk, seed);
        }
        catch (e) {
            throw new MlKemError(e);
        }
    }
    /**
     * Generates a ciphertext for the public key and a shared secret.
     *
     * If an error occurred, throws {@link MlKemError}.
     *
     * @param ct A ciphertext generated by {@link encap}.
     * @param sk A private key.
     * @returns A shared secret.
     * @throws {@link MlKemError}
     */
    async decap(ct, sk) {
        await this._setup();
        try {
            return this._decapCore(ct, sk);
        }
        catch (e) {
            throw new MlKemError(e);
        }
    }
}

;// CONCATENATED MODULE: ./node_modules/mlkem/esm/src/mlKem1024Impl.js


/**
 * Synchronous implementation of MlKem1024.
 *
 * Use {@link createMlKem1024} to create an initialized instance.
 *
 * @example
 *
 * ```ts
 * // Using jsr:
 * import { createMlKem1024 } from "@dajiaji/mlkem";
 * // Using npm:
 * // import { createMlKem1024 } from "mlkem"; // or "crystals-kyber-js"
 *
 * const recipient = await createMlKem1024();
 * const [pkR, skR] = recipient.generateKeyPair();
 *
 * const sender = await createMlKem1024();
 * const [ct, ssS] = sender.encap(pkR);
 *
 * const ssR = recipient.decap(ct, skR);
 * // ssS === ssR
 * ```
 */
class MlKem1024Impl extends MlKem1024Base {
    constructor() {
        super();
    }
    /** Generates a keypair [publicKey, privateKey]. */
    generateKeyPair() {
        try {
            return this._generateKeyPairCore();
        }
        catch (e) {
            throw new MlKemError(e);
        }
    }
    /** Derives a keypair [publicKey, privateKey] deterministically from a 64-octet seed. */
    deriveKeyPair(seed) {
        try {
            return this._deriveKeyPairCore(seed);
        }
        catch (e) {
            throw new MlKemError(e);
        }
    }
    /** Encapsulates: returns [ciphertext, sharedSecret]. */
    encap(pk, seed) {
        try {
            return this._encapCore(pk, seed);
        }
        catch (e) {
            throw new MlKemError(e);
        }
    }
    /** Decapsulates: returns sharedSecret. */
    decap(ct, sk) {
        try {
            return this._decapCore(ct, sk);
        }
        catch (e) {
            throw new MlKemError(e);
        }
    }
    /** @internal */
    static async _create() {
        const impl = new MlKem1024Impl();
        await impl._setup();
        return impl;
    }
}
/**
 * Creates a pre-initialized MlKem1024 instance with synchronous operations.
 *
 * @returns A promise that resolves to an {@link MlKemInterface} instance.
 *
 * @example
 *
 * ```ts
 * const ctx = await createMlKem1024();
 * const [pk, sk] = ctx.generateKeyPair();       // sync
 * const [ct, ssS] = ctx.encap(pk);              // sync
 * const ssR = ctx.decap(ct, sk);                // sync
 * ```
 */
function createMlKem1024() {
    return MlKem1024Impl._create();
}

;// CONCATENATED MODULE: ./node_modules/mlkem/esm/mod.js









// EXTERNAL MODULE: ./node_modules/@hpke/common/esm/mod.js + 26 modules
var mod = __webpack_require__(9084);
;// CONCATENATED MODULE: ./node_modules/@hpke/dhkem-x25519/esm/src/primitives/x25519.js
/**
 * This file is based on noble-curves (https://github.com/paulmillr/noble-curves).
 *
 * noble-curves - MIT License (c) 2022 Paul Miller (paulmillr.com)
 *
 * The original file is located at:
 * https://github.com/paulmillr/noble-curves/blob/b9d49d2b41d550571a0c5be443ecb62109fa3373/src/ed25519.ts
 */
/**
 * ed25519 Twisted Edwards curve with following addons:
 * - X25519 ECDH
 * - Ristretto cofactor elimination
 * - Elligator hash-to-group / point indistinguishability
 * @module
 */
/*! noble-curves - MIT License (c) 2022 Paul Miller (paulmillr.com) */

const x25519_1n = 1n;
const x25519_2n = 2n;
const _3n = 3n;
const _5n = 5n;
// P = 2n**255n - 19n
const ed25519_CURVE_p = 0x7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffedn;
function ed25519_pow_2_252_3(x) {
    const _10n = 10n;
    const _20n = 20n;
    const _40n = 40n;
    const _80n = 80n;
    const P = ed25519_CURVE_p;
    const x2 = (x * x) % P;
    const b2 = (x2 * x) % P; // x^3, 11
    const b4 = ((0,mod/* pow2 */.zH)(b2, x25519_2n, P) * b2) % P; // x^15, 1111
    const b5 = ((0,mod/* pow2 */.zH)(b4, x25519_1n, P) * x) % P; // x^31
    const b10 = ((0,mod/* pow2 */.zH)(b5, _5n, P) * b5) % P;
    const b20 = ((0,mod/* pow2 */.zH)(b10, _10n, P) * b10) % P;
    const b40 = ((0,mod/* pow2 */.zH)(b20, _20n, P) * b20) % P;
    const b80 = ((0,mod/* pow2 */.zH)(b40, _40n, P) * b40) % P;
    const b160 = ((0,mod/* pow2 */.zH)(b80, _80n, P) * b80) % P;
    const b240 = ((0,mod/* pow2 */.zH)(b160, _80n, P) * b80) % P;
    const b250 = ((0,mod/* pow2 */.zH)(b240, _10n, P) * b10) % P;
    const pow_p_5_8 = ((0,mod/* pow2 */.zH)(b250, x25519_2n, P) * x) % P;
    // ^ To pow to (p+3)/8, multiply it by x.
    return { pow_p_5_8, b2 };
}
function adjustScalarBytes(bytes) {
    // Section 5: For X25519, in order to decode 32 random bytes as an integer scalar,
    // set the three least significant bits of the first byte
    bytes[0] &= 248; // 0b1111_1000
    // and the most significant bit of the last to zero,
    bytes[31] &= 127; // 0b0111_1111
    // set the second most significant bit of the last byte to 1
    bytes[31] |= 64; // 0b0100_0000
    return bytes;
}
const x25519 = /* @__PURE__ */ (() => {
    const P = ed25519_CURVE_p;
    return (0,mod/* montgomery */.EC)({
        P,
        type: "x25519",
        powPminus2: (x) => {
            // x^(p-2) aka x^(2^255-21)
            const { pow_p_5_8, b2 } = ed25519_pow_2_252_3(x);
            return (0,mod/* mod */.zi)((0,mod/* pow2 */.zH)(pow_p_5_8, _3n, P) * b2, P);
        },
        adjustScalarBytes,
    });
})();

;// CONCATENATED MODULE: ./node_modules/@hpke/dhkem-x25519/esm/src/hkdfSha256.js

class HkdfSha256 extends mod/* HkdfSha256Native */.o0 {
    async extract(salt, ikm) {
        await this._setup();
        const saltBuf = salt.byteLength === 0
            ? new ArrayBuffer(this.hashSize)
            : (0,mod/* toArrayBuffer */.XA)(salt);
        const ikmBuf = (0,mod/* toArrayBuffer */.XA)(ikm);
        if (saltBuf.byteLength !== this.hashSize) {
            return (0,mod/* hmac */.w8)(mod/* sha256 */.sc, new Uint8Array(saltBuf), new Uint8Array(ikmBuf))
                .buffer;
        }
        const key = await this._api.importKey("raw", saltBuf, this.algHash, false, [
            "sign",
        ]);
        return await this._api.sign("HMAC", key, ikmBuf);
    }
}

;// CONCATENATED MODULE: ./node_modules/@hpke/dhkem-x25519/esm/src/dhkemX25519.js



class X25519 extends mod/* XCurveDhkemPrimitives */.vy {
    constructor(hkdf) {
        super("X25519", 32, x25519, hkdf);
    }
    derive(sk, pk) {
        try {
            return Promise.resolve(this._curve.getSharedSecret(sk, pk));
        }
        catch (e) {
            return Promise.reject(new mod/* SerializeError */.LV(e));
        }
    }
}
/**
 * The DHKEM(X25519, HKDF-SHA256) for HPKE KEM implementing {@link KemInterface}.
 *
 * This class is implemented using
 * {@link https://github.com/paulmillr/noble-curves | @noble/curves}.
 *
 * The instance of this class can be specified to the
 * {@link https://jsr.io/@hpke/core/doc/~/CipherSuiteParams | CipherSuiteParams} as follows:
 *
 * @example Use with `@hpke/core`:
 *
 * ```ts
 * import {
 *   Aes128Gcm,
 *   CipherSuite,
 *   HkdfSha256,
 * } from "@hpke/core";
 * import { DhkemX25519HkdfSha256 } from "@hpke/dhkem-x25519";
 *
 * const suite = new CipherSuite({
 *   kem: new DhkemX25519HkdfSha256(),
 *   kdf: new HkdfSha256(),
 *   aead: new Aes128Gcm(),
 * });
 * ```
 */
class DhkemX25519HkdfSha256 extends mod/* Dhkem */.gX {
    constructor() {
        const kdf = new HkdfSha256();
        super(mod/* KemId */.h.DhkemX25519HkdfSha256, new X25519(kdf), kdf);
        /** KemId.DhkemX25519HkdfSha256 (0x0020) */
        Object.defineProperty(this, "id", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: mod/* KemId */.h.DhkemX25519HkdfSha256
        });
        /** 32 */
        Object.defineProperty(this, "secretSize", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: 32
        });
        /** 32 */
        Object.defineProperty(this, "encSize", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: 32
        });
        /** 32 */
        Object.defineProperty(this, "publicKeySize", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: 32
        });
        /** 32 */
        Object.defineProperty(this, "privateKeySize", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: 32
        });
    }
}

;// CONCATENATED MODULE: ./node_modules/@hpke/dhkem-x25519/esm/mod.js



;// CONCATENATED MODULE: ./node_modules/@hpke/hybridkem-x-wing/esm/src/xWing.js
// @ts-ignore: Unreachable code error


const ALG_NAME = "X-Wing";

// deno-fmt-ignore
const X25519_BASE = new Uint8Array([
    0x09, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
]);
// XWingLabel = concat(
//   "\./",
//   "/^\",
// );
// deno-fmt-ignore
const XWING_LABEL = new Uint8Array([92, 46, 47, 47, 94, 92]);
function combiner(ssM, ssX, ctX, pkX) {
    const ret = new Uint8Array(ssM.length + ssX.length + ctX.length + pkX.length + XWING_LABEL.length);
    ret.set(ssM, 0);
    ret.set(ssX, ssM.length);
    ret.set(ctX, ssM.length + ssX.length);
    ret.set(pkX, ssM.length + ssX.length + ctX.length);
    ret.set(XWING_LABEL, ssM.length + ssX.length + ctX.length + pkX.length);
    return sha3_256.create().update(ret).digest();
}
/**
 * The Hybrid Post-Quantum KEM (X25519, Kyber768).
 *
 * This class is implemented using
 * {@link https://github.com/Argyle-Software/kyber | pqc-kyber }.
 *
 * The instance of this class can be specified to the
 * {@link https://jsr.io/@hpke/core/doc/~/CipherSuiteParams | CipherSuiteParams} as follows:
 *
 * @example Use with `@hpke/core`:
 *
 * ```ts
 * import { Aes128Gcm, CipherSuite, HkdfSha256 } from "@hpke/core";
 * import { XWing } from "@hpke/hybridkem-x-wing";
 * const suite = new CipherSuite({
 *   kem: new XWing(),
 *   kdf: new HkdfSha256(),
 *   aead: new Aes128Gcm(),
 * });
 * ```
 */
class XWing {
    constructor() {
        Object.defineProperty(this, "id", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: mod/* KemId */.h.XWing
        });
        Object.defineProperty(this, "name", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: ALG_NAME
        });
        Object.defineProperty(this, "secretSize", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: 32
        });
        Object.defineProperty(this, "encSize", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: 1120
        });
        Object.defineProperty(this, "publicKeySize", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: 1216
        });
        Object.defineProperty(this, "privateKeySize", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: 32
        });
        Object.defineProperty(this, "auth", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: false
        });
        Object.defineProperty(this, "_m", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: void 0
        });
        Object.defineProperty(this, "_x25519", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: void 0
        });
        Object.defineProperty(this, "_api", {
            enumerable: true,
            configurable: true,
            writable: true,
            value: undefined
        });
        this._m = new MlKem768();
        this._x25519 = new X25519(new HkdfSha256());
    }
    async serializePublicKey(key) {
        await this._setup();
        try {
            return await this._serializePublicKey(key);
        }
        catch (e) {
            throw new mod/* SerializeError */.LV(e);
        }
    }
    async deserializePublicKey(key) {
        await this._setup();
        try {
            return await this._deserializePublicKey((0,mod/* toArrayBuffer */.XA)(key));
        }
        catch (e) {
            throw new mod/* DeserializeError */.Ug(e);
        }
    }
    async serializePrivateKey(key) {
        await this._setup();
        try {
            return await this._serializePrivateKey(key);
        }
        catch (e) {
            throw new mod/* SerializeError */.LV(e);
        }
    }
    async deserializePrivateKey(key) {
        await this._setup();
        try {
            return await this._deserializePrivateKey((0,mod/* toArrayBuffer */.XA)(key));
        }
        catch (e) {
            throw new mod/* DeserializeError */.Ug(e);
        }
    }
    /**
     * Generates a new key pair.
     *
     * @returns {Promise<CryptoKeyPair>} A promise that resolves with a new key pair.
     */
    async generateKeyPair() {
        await this._setup();
        const sk = new Uint8Array(32);
        try {
            this._api.getRandomValues(sk);
        }
        catch (e) {
            throw new mod/* NotSupportedError */.EM(e);
        }
        try {
            const [_sk, pk] = await this._generateKeyPairDerand(sk);
            const dSk = await this.deserializePrivateKey(sk.buffer);
            const dPk = await this.deserializePublicKey(pk.buffer);
            return { privateKey: dSk, publicKey: dPk };
        }
        catch (e) {
            throw new mod/* DeriveKeyPairError */.$7(e);
        }
    }
    /**
     * Generates a key pair from the secret key.
     * @param sk The secret key.
     * @returns {Promise<CryptoKeyPair>} A promise that resolves with a new key pair.
     * @throws {InvalidParamError} Thrown if the length of the secret key is not 32 bytes.
     * @throws {DeriveKeyPairError} Thrown if the key pair cannot be derived.
     */
    async generateKeyPairDerand(sk) {
        if (sk.byteLength !== 32) {
            throw new mod/* InvalidParamError */.NS("Invalid length of sk");
        }
        try {
            const [_sk, pk] = await this._generateKeyPairDerand(sk);
            const dSk = await this.deserializePrivateKey(sk.buffer);
            const dPk = await this.deserializePublicKey(pk.buffer);
            return { privateKey: dSk, publicKey: dPk };
        }
        catch (e) {
            throw new mod/* DeriveKeyPairError */.$7(e);
        }
    }
    /**
     * Derives a key pair from the input keying material.
     *
     * @param {ArrayBuffer} ikm The input keying material.
     * @returns {Promise<CryptoKeyPair>} A promise that resolves with a new key pair.
     * @throws {DeriveKeyPairError} Thrown if the key pair cannot be derived.
     * @throws {InvalidParamError} Thrown if the length of the IKM is not 32 bytes.
     */
    async deriveKeyPair(ikm) {
        await this._setup();
        try {
            const rawIkm = (0,mod/* toArrayBuffer */.XA)(ikm);
            const sk = sha3_shake256.create({ dkLen: 32 })
                .update(new Uint8Array(rawIkm))
                .digest();
            const [_sk, pk] = await this._generateKeyPairDerand(sk);
            const dSk = await this.deserializePrivateKey(sk.buffer);
            const dPk = await this.deserializePublicKey(pk.buffer);
            return { privateKey: dSk, publicKey: dPk };
        }
        catch (e) {
            throw new mod/* DeriveKeyPairError */.$7(e);
        }
    }
    /**
     * Imports a key from the input.
     * @param format The format of the key. "raw" or "jwk" can be specified.
     * @param key The key to import. If the format is "raw", the key must be an ArrayBuffer. If the format is "jwk", the key must be a JsonWebKey.
     * @param isPublic A boolean indicating whether the key is public or not. The default is true.
     * @returns {Promise<CryptoKey>} A promise that resolves with the imported key.
     * @throws {DeserializeError} Thrown if the key cannot be imported.
     */
    async importKey(format, key, isPublic = true) {
        await this._setup();
        try {
            let ret;
            if (format === "jwk") {
                if (key instanceof ArrayBuffer || key instanceof Uint8Array) {
                    throw new Error("Invalid jwk key format");
                }
                ret = await this._importJWK(key, isPublic);
            }
            else {
                if (key instanceof ArrayBuffer) {
                    ret = new Uint8Array(key);
                }
                else if (key instanceof Uint8Array) {
                    ret = key;
                }
                else {
                    throw new Error("Invalid key format");
                }
            }
            if (isPublic && ret.byteLength !== this.publicKeySize) {
                throw new Error("Invalid length of the key");
            }
            if (!isPublic && ret.byteLength !== this.privateKeySize) {
                throw new Error("Invalid length of the key");
            }
            return new mod/* XCryptoKey */.Bk(ALG_NAME, ret, isPublic ? "public" : "private", isPublic ? [] : mod/* KEM_USAGES */.xE);
        }
        catch (e) {
            throw new mod/* DeserializeError */.Ug(e);
        }
    }
    /**
     * Encapsulates the shared secret and the `ct` (ciphertext) as `enc`.
     * @param params The parameters for encapsulation.
     * @returns {Promise<{ sharedSecret: ArrayBuffer; enc: ArrayBuffer }>} A promise that resolves with the `ss` (shared secret) as `sharedSecret` and the `ct` (ciphertext) as `enc`.
     * @throws {InvalidParamError} Thrown if the length of the `ekm` is not 64 bytes.
     * @throws {EncapError} Thrown if the shared secret cannot be encapsulated.
     */
    async encap(params) {
        let ekm = undefined;
        if (params.ekm !== undefined && !(0,mod/* isCryptoKeyPair */.Di)(params.ekm)) {
            ekm = (0,mod/* toArrayBuffer */.XA)(params.ekm);
            if (ekm.byteLength !== 64) {
                throw new mod/* InvalidParamError */.NS("ekm must be 64 bytes in length");
            }
        }
        await this._setup();
        let ekM = undefined;
        let ekX;
        if (ekm !== undefined) {
            const ek = new Uint8Array(ekm);
            ekM = ek.subarray(0, 32);
            ekX = ek.subarray(32, 64);
        }
        else {
            ekX = new Uint8Array(32);
            try {
                this._api.getRandomValues(ekX);
            }
            catch (e) {
                throw new mod/* NotSupportedError */.EM(e);
            }
        }
        const pk = new Uint8Array(await this.serializePublicKey(params.recipientPublicKey));
        if (pk.byteLength !== 1216) {
            throw new mod/* InvalidParamError */.NS("Invalid length of recipientPublicKey");
        }
        try {
            const pkM = pk.subarray(0, 1184);
            const pkX = pk.subarray(1184, 1216);
            const ctX = await this._x25519.derive(ekX, X25519_BASE);
            const ssX = await this._x25519.derive(ekX, pkX);
            const [ctM, ssM] = await this._m.encap(pkM, ekM);
            return {
                sharedSecret: combiner(ssM, ssX, ctX, pkX).buffer,
                enc: (0,mod/* concat */.xW)(ctM, ctX).buffer,
            };
        }
        catch (e) {
            throw new mod/* EncapError */.Wg(e);
        }
    }
    /**
     * Decapsulates the `ss` (shared secret) from the `enc` and the recipient's private key.
     * The `enc` is the same as the `ct` (ciphertext) resulting from `X-Wing::Encapsulate(),
     * which is executed under the `encap()`.
     * @param params The parameters for decapsulation.
     * @returns {Promise<ArrayBuffer>} A promise that resolves with the shared secret.
     * @throws {InvalidParamError} Thrown if the length of the `enc` is not 1120 bytes.
     * @throws {DecapError} Thrown if the shared secret cannot be decapsulated.
     */
    async decap(params) {
        const enc = (0,mod/* toArrayBuffer */.XA)(params.enc);
        const rSk = (0,mod/* isCryptoKeyPair */.Di)(params.recipientKey)
            ? params.recipientKey.privateKey
            : params.recipientKey;
        if (enc.byteLength !== 1120) {
            throw new mod/* InvalidParamError */.NS("Invalid length of enc");
        }
        const sk = new Uint8Array(await this.serializePrivateKey(rSk));
        if (sk.byteLength !== 32) {
            throw new mod/* InvalidParamError */.NS("Invalid length of recipientKey");
        }
        await this._setup();
        try {
            const [skM, skX, _pkM, pkX] = await this._expandDecapsulationKey(sk);
            const ct = new Uint8Array(enc);
            const ctM = ct.subarray(0, 1088);
            const ctX = ct.subarray(1088);
            const ssM = await this._m.decap(ctM, skM);
            const ssX = await this._x25519.derive(skX, ctX);
            return combiner(ssM, ssX, ctX, pkX).buffer;
        }
        catch (e) {
            throw new mod/* DecapError */.uu(e);
        }
    }
    /**
     * Sets up the MlKemBase instance by loading the necessary crypto library.
     * If the crypto library is already loaded, this method does nothing.
     * @returns {Promise<void>} A promise that resolves when the setup is complete.
     */
    async _setup() {
        if (this._api !== undefined) {
            return;
        }
        this._api = await (0,mod/* loadCrypto */.QZ)();
    }
    /**
     * Generates a key pair from the secret key.
     * @param sk The secret key.
     * @returns {Promise<[Uint8Array, Uint8Array]>} A promise that resolves with the key pair derived from the secret key.
     */
    async _generateKeyPairDerand(sk) {
        const [_skM, _skX, pkM, pkX] = await this._expandDecapsulationKey(sk);
        return [sk, (0,mod/* concat */.xW)(pkM, pkX)];
    }
    /**
     * Expands the decapsulation key.
     * @param sk The secret key.
     * @returns {Promise<[Uint8Array, Uint8Array, Uint8Array, Uint8Array]>} A promise that resolves with the keys derived by expanding the secret key.
     */
    async _expandDecapsulationKey(sk) {
        const expanded = sha3_shake256.create({ dkLen: 96 }).update(sk).digest();
        const [pkM, skM] = await this._m.deriveKeyPair(expanded.subarray(0, 64));
        const skX = expanded.subarray(64, 96);
        const pkX = await this._x25519.derive(skX, X25519_BASE);
        return [skM, skX, pkM, pkX];
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
            resolve(new mod/* XCryptoKey */.Bk(this.name, new Uint8Array(k), "public"));
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
            resolve(new mod/* XCryptoKey */.Bk(this.name, new Uint8Array(k), "private", ["deriveBits"]));
        });
    }
    _importJWK(key, isPublic) {
        return new Promise((resolve, reject) => {
            if (typeof key.kty === "undefined" || key.kty !== "AKP") {
                reject(new Error(`Invalid kty: ${key.kty}`));
            }
            if (typeof key.alg === "undefined" || key.alg !== ALG_NAME) {
                reject(new Error(`Invalid alg: ${key.alg}`));
            }
            if (!isPublic) {
                if (typeof key.priv === "undefined") {
                    reject(new Error("Invalid key: `priv` not found"));
                }
                if (typeof key.key_ops !== "undefined" &&
                    (key.key_ops.length !== 1 || key.key_ops[0] !== "deriveBits")) {
                    reject(new Error("Invalid key: `key_ops` should be ['deriveBits']"));
                }
                resolve((0,mod/* base64UrlToBytes */.rf)(key.priv));
            }
            if (typeof key.priv !== "undefined") {
                reject(new Error("Invalid key: `priv` should not be set"));
            }
            if (typeof key.pub === "undefined") {
                reject(new Error("Invalid key: `pub` not found"));
            }
            if (typeof key.key_ops !== "undefined" && key.key_ops.length > 0) {
                reject(new Error("Invalid key: `key_ops` should not be set"));
            }
            resolve((0,mod/* base64UrlToBytes */.rf)(key.pub));
        });
    }
}

;// CONCATENATED MODULE: ./node_modules/@hpke/hybridkem-x-wing/esm/mod.js



/***/ })

};
