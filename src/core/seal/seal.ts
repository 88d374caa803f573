/**
 * A seal: the expected state of the paths a cache holds, recorded where they were built, keyed by
 * the cache key and signed by the job that built them. It travels as the first member of the cache
 * archive (and, for a sealed manifest entry, in the state directory). Until its signatures hold
 * and its key and paths match the request, every byte of it is attacker-controlled: it is read
 * bounded, parsed strictly, checked against schema/seal-v1.schema.json and the rules below, and it
 * can only ever describe files (never a recipe, a smoke command or an environment).
 */
import { createHash, randomBytes } from 'node:crypto'
import path from 'node:path'
import { canonicalBytes } from '../manifest/canonical.js'
import { pathProblem } from '../manifest/paths.js'
import { parseStrictJson, StrictJsonError } from '../manifest/strict-json.js'
import { pae, paeHead } from '../sign/envelope.js'
import { quoted } from '../text/escape.js'
import type { Entry, Signature, TreeIndexRef } from '../types.js'
import { releaseBuffer } from '../memory/release.mjs'
import { IndexTable } from '../walk/index-table.js'
import { indexHolds, parseIndex, type IndexRecord } from '../walk/tree-index.js'
import { Rejected } from '../archive/rejected.js'
import { validate } from './generated/seal-validator.js'

export const SEAL_SCHEMA = 'swr.seal/1'
/** What the signatures bind besides the body: a seal's signature is never a manifest's. */
export const SEAL_PAYLOAD_TYPE = 'application/vnd.swr.seal.v1+json'
/** A seal of a million-file tree is about 60 MiB (its index); anything larger is refused unread. */
export const SEAL_MAX_BYTES = 128 * 1024 * 1024

export interface SealedPath {
  /** The path as the cache step names it (one line of its `path` input). */
  spelling: string
  /** The path as the archive names it: relative to the saving job's workspace, POSIX. */
  member: string
  /** The expected state, as an entry named by the path's last component. */
  entry: Entry
  /** A tree's index: gzip'd JSON lines, base64. */
  index?: string
  /** A tree's hard links: [a file, the earlier file (index order) it shares an inode with]. */
  links?: [string, string][]
}

export interface SealBody {
  schema: typeof SEAL_SCHEMA
  key: string
  /**
   * A cache step's `path` lines as written (patterns, exclusions): the paths are what they selected
   * where the seal was made. Absent in a sealed manifest entry's seal.
   */
  patterns?: string[]
  paths: SealedPath[]
  made: { at: string; os: string; arch: string; libc?: 'glibc' | 'musl'; run?: string }
}

export interface SealDocument {
  body: SealBody
  signatures: Signature[]
}

/**
 * A seal that passed parsing. Its head (key, paths, entries, signatures) is parsed first; each
 * tree's index is decoded only by `inflateIndexes`, once the head has been judged.
 */
export interface ParsedSeal {
  doc: SealDocument
  /**
   * The sha256 of the seal's exact bytes: a second read of the same archive must match it. Not
   * the bytes themselves: a 300,000-file tree's seal is ~17 MB, held for nothing through a
   * restore that never reads it twice.
   */
  digest: string
  /** Per path, in order: the tree's index records, or undefined for other kinds (or not yet decoded). */
  records: (IndexRecord[] | undefined)[]
  /** True once `inflateIndexes` decoded every index. */
  inflated: boolean
  /**
   * Per path: its index's bytes as `checkIndexDigests` decoded and checked them, held only until
   * the table or the records are made from them (a 300,000-file index is 17 MB of base64,
   * decoded once, not once per use).
   */
  checked: (Buffer | undefined)[]
}

/** The exact bytes every seal signature covers. */
export function sealSigningInput(body: SealBody): Buffer {
  return concatenated(sealSigningParts(body))
}

/**
 * `sealSigningInput` in the parts it is made of, each made here for the caller to free
 * (`releaseParts`): a signature that can take its input in pieces (HMAC) needs no copy of a
 * large tree's index joined into one buffer.
 */
export function sealSigningParts(body: SealBody): Buffer[] {
  const parts = spliced(body, b => canonicalBytes(b).toString('utf8'))
  if (!parts) return [pae(SEAL_PAYLOAD_TYPE, canonicalBytes(body))]
  const length = parts.reduce((n, p) => n + p.length, 0)
  return [paeHead(SEAL_PAYLOAD_TYPE, length), ...parts]
}

/** The seal as written into an archive or the state directory. */
export function encodeSeal(doc: SealDocument): Buffer {
  return concatenated(encodeSealParts(doc))
}

/**
 * `encodeSeal`'s bytes in the parts they are made of, each made here for the caller to free
 * (`releaseParts`): the seal's frame is compressed from them as they are.
 */
export function encodeSealParts(doc: SealDocument): Buffer[] {
  const parts = spliced(doc.body, body => `${JSON.stringify({ ...doc, body })}\n`)
  return parts ?? [Buffer.from(`${JSON.stringify(doc)}\n`, 'utf8')]
}

/** Free parts made by `sealSigningParts` or `encodeSealParts`. */
export function releaseParts(parts: readonly Buffer[]): void {
  for (const p of parts) releaseBuffer(p)
}

/** The parts joined into one buffer, and freed. */
function concatenated(parts: Buffer[]): Buffer {
  if (parts.length === 1) return parts[0] as Buffer
  const out = Buffer.concat(parts)
  releaseParts(parts)
  return out
}

/**
 * `render(body)`'s UTF-8 bytes, in parts, with each tree's index (base64 of up to tens of MB)
 * set in from its own bytes instead of passing through the JSON encoder as a string: base64
 * needs no escaping, so the bytes are the same, where encoding a 17 MB index as a string took
 * ~0.3-0.45 s and as many megabytes again for each copy. Undefined (encode it whole) when the
 * body has no large index, or one holding a character JSON would escape.
 */
function spliced(body: SealBody, render: (b: SealBody) => string): Buffer[] | undefined {
  const indexes = body.paths.map(p => p.index)
  if (!indexes.some(x => x !== undefined && x.length >= SPLICE_MIN)) return undefined
  const bytes = indexes.map(x => (x === undefined ? undefined : unescapedBytes(x)))
  if (bytes.some((b, i) => indexes[i] !== undefined && b === undefined)) return undefined
  const mark = `swr-index-${randomBytes(16).toString('hex')}`
  const paths = body.paths.map((p, i) =>
    p.index === undefined ? p : { ...p, index: `${mark}-${i}` }
  )
  let text = render({ ...body, paths })
  const parts: Buffer[] = []
  for (const [i, b] of bytes.entries()) {
    if (!b) continue
    const at = text.split(`"${mark}-${i}"`)
    if (at.length !== 2) return undefined
    parts.push(Buffer.from(`${at[0]}"`, 'utf8'), b)
    text = `"${at[1]}`
  }
  parts.push(Buffer.from(text, 'utf8'))
  return parts
}

/** Below this, encoding the index as a string costs nothing worth saving. */
const SPLICE_MIN = 64 * 1024

/**
 * `s` as bytes when JSON writes it unescaped (ASCII with no quote, backslash or control
 * character, as base64 is), else undefined. Searched byte by byte in native code: a loop over 17
 * MB in JavaScript took ~120 ms.
 */
function unescapedBytes(s: string): Buffer | undefined {
  if (Buffer.byteLength(s, 'utf8') !== s.length) return undefined
  const b = Buffer.from(s, 'latin1')
  for (let c = 0; c < 32; c++) if (b.includes(c)) return undefined
  return b.includes(34) || b.includes(92) ? undefined : b
}

function schemaLine(): string {
  const e = validate.errors?.[0]
  if (!e) return 'not a seal'
  const at = e.instancePath || '/'
  return `${at}: ${e.message ?? 'invalid'}`.slice(0, 300)
}

/** What a schema cannot say: one name per entry, members that do not overlap, indexes that hold. */
function ruleProblem(doc: SealDocument): string | undefined {
  const members: string[] = []
  for (const [i, p] of doc.body.paths.entries()) {
    const where = `paths[${i}]`
    const e = p.entry
    if (e.path.includes('/') || pathProblem(e.path) !== undefined || e.path === '.')
      return `${where}.entry.path ${quoted(e.path)} must be one name`
    if (e.needs.length > 0) return `${where}.entry.needs must be empty`
    const member = p.member.replace(/\/+$/, '')
    if (member.startsWith('/') || member.split('/').some(c => c === '' || c === '.'))
      return `${where}.member ${quoted(p.member)} is not a relative archive name`
    if (path.posix.basename(member) !== e.path)
      return `${where}.member ${quoted(p.member)} does not end in the entry's name`
    for (const m of members)
      if (m === member || m.startsWith(`${member}/`) || member.startsWith(`${m}/`))
        return `${where}.member ${quoted(p.member)} overlaps another sealed path`
    members.push(member)
    const indexed = e.kind === 'tree' && e.expect.index !== undefined
    if (indexed !== (p.index !== undefined))
      return `${where}.index must be present exactly when the entry records one`
    if (p.links) {
      if (!indexed) return `${where}.links needs a tree with an index`
      const later = new Set<string>()
      for (const [a, b] of p.links) {
        if (
          [a, b].some(r => r.split('/').some(c => c === '' || c === '.' || c === '..')) ||
          a === b
        )
          return `${where}.links holds ${quoted(a)} -> ${quoted(b)}, not two names in the tree`
        if (later.has(a)) return `${where}.links names ${quoted(a)} twice`
        later.add(a)
      }
      if (later.size > (e.kind === 'tree' ? (e.expect.files ?? 0) : 0))
        return `${where}.links holds more links than the tree has files`
    }
  }
  return undefined
}

/**
 * Decode each tree's index, one at a time (each bounded by parseIndex: its digest first, then at
 * most its budget inflated), and check it against the digest its entry records. Call only after
 * the head was judged (key, paths, signatures): an index costs memory and time a refused seal
 * should never get.
 */
export function inflateIndexes(seal: ParsedSeal): ParsedSeal {
  if (seal.inflated) return seal
  for (const i of seal.doc.body.paths.keys()) recordsOf(seal, i)
  seal.inflated = true
  return seal
}

/**
 * Path i's index bytes and the reference they must match, or undefined for a path without one;
 * `checked` when they are the bytes checkIndexDigests held (their digest is not computed again).
 */
function indexOf(
  seal: ParsedSeal,
  i: number
): { bytes: Buffer; ref: TreeIndexRef; checked: boolean } | undefined {
  const p = seal.doc.body.paths[i]
  if (!p || p.entry.kind !== 'tree' || !p.entry.expect.index) return undefined
  // A parsed seal has the index exactly when its entry records one (ruleProblem): missing now, it
  // was let go for an extraction (`takeIndexTable`), and reading it again is a mistake.
  if (p.index === undefined) throw new Error(`seal paths[${i}].index was read after it was let go`)
  const held = seal.checked[i]
  seal.checked[i] = undefined
  const bytes = held ?? Buffer.from(p.index, 'base64')
  return { bytes, ref: p.entry.expect.index, checked: held !== undefined }
}

function badIndex(i: number): Rejected {
  return new Rejected(`seal paths[${i}].index does not match its recorded digest`)
}

/** Path i's index records, decoded once (bounded as inflateIndexes says); undefined for none. */
export function recordsOf(seal: ParsedSeal, i: number): IndexRecord[] | undefined {
  const have = seal.records[i]
  if (have) return have
  const index = indexOf(seal, i)
  if (!index) return undefined
  const records = parseIndex(index.bytes, index.ref, index.checked)
  releaseBuffer(index.bytes)
  if (!records) throw badIndex(i)
  seal.records[i] = records
  return records
}

/**
 * Each tree's index checked against its recorded digest and compressed bound, nothing inflated:
 * a judged seal whose index does not hold is refused before it is used, even by a lookup.
 */
export function checkIndexDigests(seal: ParsedSeal): ParsedSeal {
  for (const i of seal.doc.body.paths.keys()) {
    const index = indexOf(seal, i)
    if (index && !indexHolds(index.bytes, index.ref)) throw badIndex(i)
    seal.checked[i] = index?.bytes
  }
  return seal
}

/** The checked index bytes a seal holds for its tables, freed: a look at the seal alone makes none. */
export function dropCheckedIndexes(seal: ParsedSeal): void {
  for (const [i, bytes] of seal.checked.entries()) {
    seal.checked[i] = undefined
    releaseBuffer(bytes)
  }
}

/**
 * Path i's index as a table to extract against, straight from the seal's bytes (no records:
 * a 300,000-file tree's records cost ~300 bytes each); undefined for a path without one. An
 * extraction is the index's last reader in a restore, so once the table is made the seal lets go
 * of the index's base64 text (16 MB at 300,000 files, in V8's heap through the whole extraction
 * otherwise); the seal is not encoded or judged again after this.
 */
export async function takeIndexTable(seal: ParsedSeal, i: number): Promise<IndexTable | undefined> {
  const index = indexOf(seal, i)
  if (!index) return undefined
  const have = seal.records[i]
  const table = have
    ? IndexTable.fromRecords(have)
    : await IndexTable.fromIndex(index.bytes, index.ref, index.checked)
  releaseBuffer(index.bytes)
  if (!table) throw badIndex(i)
  delete (seal.doc.body.paths[i] as SealedPath).index
  seal.records[i] = undefined
  return table
}

/** Parse untrusted seal bytes and decode its indexes (for a seal judged already, or not judged). */
export function parseSeal(bytes: Buffer): ParsedSeal {
  return inflateIndexes(parseSealHead(bytes))
}

/**
 * Parse untrusted seal bytes, indexes left compressed; a Rejected with one line when they are not
 * a well-formed seal.
 */
export function parseSealHead(bytes: Buffer): ParsedSeal {
  if (bytes.length > SEAL_MAX_BYTES)
    throw new Rejected(`seal of ${bytes.length} bytes, over the ${SEAL_MAX_BYTES}-byte bound`)
  let value: unknown
  try {
    value = parseStrictJson(bytes.toString('utf8'), {
      maxBytes: SEAL_MAX_BYTES,
      maxDepth: 16,
      maxArrayLength: 100_000
    }).value
  } catch (err) {
    const why = err instanceof StrictJsonError ? err.message : String(err)
    throw new Rejected(`the seal is not valid JSON (${why.split('\n')[0]?.slice(0, 200)})`)
  }
  if (!validate(value)) throw new Rejected(`the seal is malformed: ${schemaLine()}`)
  const doc = value as unknown as SealDocument
  const problem = ruleProblem(doc)
  if (problem) throw new Rejected(`the seal is malformed: ${problem}`)
  const digest = createHash('sha256').update(bytes).digest('hex')
  const none = () => doc.body.paths.map(() => undefined)
  return { doc, digest, records: none(), inflated: false, checked: none() }
}
