// File names as the file system holds them: bytes, not necessarily UTF-8. Inside swr a name is a
// string: valid UTF-8 decodes as usual (so every existing digest, index and cache key is
// unchanged), and each byte that is not part of a valid UTF-8 sequence becomes the lone surrogate
// U+DC00 + byte, which no valid UTF-8 name can decode to. The mapping is one-to-one, so the
// string sorts, compares and survives JSON (the tree index, the cache) as the name itself, and
// bytesOf() gives the exact bytes back for system calls and digests. Plain JavaScript so the
// worker kernel (hash-kernel.mjs) can import it without a build.
import { isUtf8 } from 'node:buffer'
import fs from 'node:fs'
import { CONTROL_CLASS } from '../text/controls.mjs'

const REPLACEMENT = '\ufffd'

/** The length of the valid UTF-8 sequence at `i`, or 0 when the byte there starts none. */
function sequenceAt(b, i) {
  const c = b[i]
  if (c < 0x80) return 1
  const cont = k => i + k < b.length && (b[i + k] & 0xc0) === 0x80
  if (c >= 0xc2 && c <= 0xdf) return cont(1) ? 2 : 0
  if (c >= 0xe0 && c <= 0xef) {
    if (!cont(1) || !cont(2)) return 0
    const c1 = b[i + 1]
    // Not overlong (E0 needs A0..BF), not a surrogate (ED needs 80..9F).
    if ((c === 0xe0 && c1 < 0xa0) || (c === 0xed && c1 > 0x9f)) return 0
    return 3
  }
  if (c >= 0xf0 && c <= 0xf4) {
    if (!cont(1) || !cont(2) || !cont(3)) return 0
    const c1 = b[i + 1]
    // Not overlong (F0 needs 90..BF), not beyond U+10FFFF (F4 needs 80..8F).
    if ((c === 0xf0 && c1 < 0x90) || (c === 0xf4 && c1 > 0x8f)) return 0
    return 4
  }
  return 0
}

/**
 * A name's bytes as swr's string.
 * @param {Buffer} b
 * @returns {string}
 */
export function nameOf(b) {
  if (isUtf8(b)) return b.toString('utf8')
  let out = ''
  let run = 0
  for (let i = 0; i < b.length;) {
    const n = sequenceAt(b, i)
    if (n > 0) {
      i += n
      continue
    }
    out += b.toString('utf8', run, i) + String.fromCharCode(0xdc00 + b[i])
    i++
    run = i
  }
  return out + b.toString('utf8', run)
}

/** Lone surrogates U+DC80..U+DCFF: the bytes nameOf could not decode (the u flag skips pairs). */
const ESCAPED_BYTE = /[\udc80-\udcff]/u

/**
 * The bytes a string from nameOf stands for (any string: text without escaped bytes is UTF-8).
 * @param {string} s
 * @returns {Buffer}
 */
export function bytesOf(s) {
  if (s.isWellFormed()) return Buffer.from(s)
  const parts = []
  let run = ''
  for (const ch of s) {
    if (ch.length === 1 && ESCAPED_BYTE.test(ch)) {
      parts.push(Buffer.from(run), Buffer.of(ch.charCodeAt(0) - 0xdc00))
      run = ''
    } else run += ch
  }
  parts.push(Buffer.from(run))
  return Buffer.concat(parts)
}

/**
 * A path for fs calls: the string itself when it is plain text, else its bytes.
 * @param {string} s
 * @returns {string | Buffer}
 */
export function fsPath(s) {
  return s.isWellFormed() ? s : bytesOf(s)
}

/**
 * The names in directory `dir`, as nameOf spells them. Listed as strings first (the common case,
 * and the cheapest); only a listing where Node had to substitute U+FFFD is read again as bytes.
 * @param {string} dir
 * @returns {string[]}
 */
export function readNames(dir) {
  const p = fsPath(dir)
  const names = fs.readdirSync(p)
  if (!names.some(n => n.includes(REPLACEMENT))) return names
  return fs.readdirSync(p, { encoding: 'buffer' }).map(nameOf)
}

/**
 * The entries of `dir` (d_type) and their names as nameOf spells them, index-aligned: listed as
 * strings first, read again as bytes only when Node had to substitute U+FFFD.
 * @param {string} dir
 * @returns {{ ents: import('node:fs').Dirent<string | Buffer>[], names: string[] }}
 */
function direntsOf(dir) {
  const p = fsPath(dir)
  const ents = fs.readdirSync(p, { withFileTypes: true })
  if (!ents.some(d => d.name.includes(REPLACEMENT))) return { ents, names: ents.map(d => d.name) }
  const raw = fs.readdirSync(p, { withFileTypes: true, encoding: 'buffer' })
  return { ents: raw, names: raw.map(d => nameOf(d.name)) }
}

/**
 * The names in `dir` as readNames gives them, with those the listing says are regular files
 * (d_type; a file system that does not say leaves them out).
 * @param {string} dir
 * @returns {{ names: string[], files: Set<string> }}
 */
export function readListing(dir) {
  const { ents, names } = direntsOf(dir)
  const files = new Set()
  for (let i = 0; i < ents.length; i++) if (ents[i].isFile()) files.add(names[i])
  return { names, files }
}

/**
 * The entries of `dir` with their listed types (d_type), names as nameOf spells them.
 * @param {string} dir
 * @returns {{ name: string, dir: boolean }[]}
 */
export function readEntries(dir) {
  const { ents, names } = direntsOf(dir)
  return ents.map((d, i) => ({ name: names[i], dir: d.isDirectory() }))
}

/**
 * A link's target, as nameOf spells it (a target is bytes too).
 * @param {string} abs
 * @returns {string}
 */
export function readTarget(abs) {
  return nameOf(fs.readlinkSync(fsPath(abs), { encoding: 'buffer' }))
}

/**
 * A name for reports and logs: each byte that is not UTF-8 as \xNN, the backslash doubled (so
 * the result names exactly one file), and controls shown the way the printers' escapeText shows
 * them (\t \n \r, other C0, DEL and C1 as \xNN, bidi controls as \uNNNN), so what is printed
 * is one line and moves no cursor.
 * @param {string} s
 * @returns {string}
 */
export function shownName(s) {
  return s.replace(SHOWN_ESCAPED, ch => {
    if (ch === '\\') return '\\\\'
    const c = ch.charCodeAt(0)
    if (c >= 0xdc80) return `\\x${(c - 0xdc00).toString(16)}`
    if (c === 0x09) return '\\t'
    if (c === 0x0a) return '\\n'
    if (c === 0x0d) return '\\r'
    if (c <= 0x9f) return `\\x${c.toString(16).padStart(2, '0')}`
    return `\\u${c.toString(16).padStart(4, '0')}`
  })
}

/** What shownName escapes: the backslash, every control (text/controls.mjs), non-UTF-8 bytes. */
const SHOWN_ESCAPED = new RegExp(`[\\\\${CONTROL_CLASS}\\udc80-\\udcff]`, 'gu')
