/**
 * The per-file index of a tree: a sidecar file beside the manifest (gzip'd JSON lines: relpath,
 * type, mode, size, sha256, link target or a special file's kind). The manifest holds the sidecar's sha256, so the index
 * is as trustworthy as the manifest; with it, a failed tree check names the files that are
 * missing, extra or changed instead of only saying "digest differs".
 */
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { once } from 'node:events'
import { promisify } from 'node:util'
import { createGunzip, createGzip, gunzipSync, gzip } from 'node:zlib'
import { PIECE_BYTES } from '../memory/heap-pieces.js'
import { releaseBuffer } from '../memory/release.mjs'
import { indexLine } from './index-line.mjs'
import { lostExec, octal } from './mode.js'
import type { WalkRecord } from './walk.js'
import type { RecordType } from './walk-format.mjs'
import type { TreeDiff, TreeIndexRef } from '../types.js'

export interface IndexRecord {
  rel: string
  type: RecordType
  mode: number
  size: number
  /** sha256 for files, target for links. */
  extra?: string | undefined
}

const HEADER = JSON.stringify(['swr-tree-index', 1])
const MAX_INDEX_BYTES = 256 * 1024 * 1024
/**
 * Budget per recorded entry, inflated: a line holds a path, type, mode, size and a sha256 or link
 * target (about 130 bytes in a node_modules). The budget is an average, so a few very long names fit;
 * an index beyond it (or beyond MAX_INDEX_BYTES) is not parsed.
 */
const BYTES_PER_ENTRY = 1024
/**
 * Most an index inflates per compressed byte: real ones inflate about 3 times (each file's
 * sha256 hardly compresses), and about 9 for a tree of directories only.
 */
const MAX_RATIO = 64
const SLACK_BYTES = 64 * 1024
/** Longest line parsed (two 4096-character paths, escaped, and the fields). */
const MAX_LINE_BYTES = 64 * 1024

/**
 * The most an index of `entries` records may inflate to. The manifest's count is not trusted
 * either (check reads unsigned manifests), but it is what the walk is compared with, so a
 * larger claim costs no more than the tree it claims would.
 */
export function indexBudget(entries: number): number {
  return Math.min(MAX_INDEX_BYTES, SLACK_BYTES + Math.max(0, entries) * BYTES_PER_ENTRY)
}
const LIST_LIMIT = 20

/** Where the index of tree `id` lives for the manifest at `manifestFile`. */
export function indexPath(manifestFile: string, id: string): string {
  return path.join(path.dirname(manifestFile), 'trees', `${id}.index.gz`)
}

function indexText(records: readonly IndexRecord[]): string {
  const lines = records.map(r => indexLine(r.rel, r.type, r.mode, r.size, r.extra))
  return [HEADER, ...lines].join('\n') + '\n'
}

const gzipAsync = promisify(gzip)

/**
 * The index's bytes (level 6), compressed on the libuv pool: a capture computes its digests
 * meanwhile (a 60,000-file index takes ~300 ms to compress).
 */
export function encodeIndex(records: readonly IndexRecord[]): Promise<Buffer> {
  return gzipAsync(indexText(records), { level: 6 })
}

/** Bytes gathered before they go to the compressor. */
const WRITE_BYTES = 1 << 16

/**
 * encodeIndex from lines that come in walk order, for a walk that never holds its records: the
 * same bytes (deflate's output does not depend on how its input was split). Compressed on the
 * libuv pool as the lines come, so most of it is done when the walk ends.
 */
export class IndexWriter {
  entries = 0
  private pending: Uint8Array[] = []
  private bytes = 0
  // Output in large pieces: fewer callbacks on this thread (the bytes do not depend on it).
  private readonly gz = createGzip({ level: 6, chunkSize: PIECE_BYTES })
  private readonly done: Promise<Buffer>

  constructor() {
    const out: Buffer[] = []
    this.gz.on('data', (c: Buffer) => out.push(c))
    // The compressor's pieces, once copied into the index, are freed at once: they are tens of
    // MB at 300,000 files, which V8 would keep until its next full collection.
    this.done = once(this.gz, 'end').then(() => {
      const index = Buffer.concat(out)
      for (const piece of out) releaseBuffer(piece)
      return index
    })
    // Awaited by end(); a writer given up on (abort) must not reject unheard.
    this.done.catch(() => undefined)
    this.gz.write(HEADER + '\n')
  }

  /** Index lines (index-line.mjs), each ending in LF; `entries` counts them. */
  write(lines: readonly (Uint8Array | string)[], entries: number): void {
    // A walk given up on may still hand on what a worker sent meanwhile: it goes nowhere.
    if (this.gz.destroyed) return
    for (const l of lines) {
      const b = typeof l === 'string' ? Buffer.from(l) : l
      this.pending.push(b)
      this.bytes += b.length
    }
    this.entries += entries
    if (this.bytes >= WRITE_BYTES) this.flush()
  }

  /** The index's bytes. */
  end(): Promise<Buffer> {
    this.flush()
    this.gz.end()
    return this.done
  }

  /** One write per WRITE_BYTES: each write to the compressor is a trip to the libuv pool. */
  private flush(): void {
    if (this.bytes > 0) this.gz.write(Buffer.concat(this.pending, this.bytes))
    this.pending = []
    this.bytes = 0
  }

  /** Give up: the compressor stops and its memory goes. */
  abort(): void {
    this.gz.destroy()
  }
}

export function indexRef(bytes: Buffer, entries: number): TreeIndexRef {
  return { sha256: createHash('sha256').update(bytes).digest('hex'), entries }
}

/** Read an index and check it against the manifest; undefined when absent, altered or unreadable. */
export function readIndex(file: string, ref: TreeIndexRef | undefined): IndexRecord[] | undefined {
  if (!ref) return undefined
  try {
    // Bounded before anything is read: the compressed size, from the recorded entry count.
    const st = fs.lstatSync(file)
    if (!st.isFile() || st.size > indexBudget(ref.entries)) return undefined
    return parseIndex(fs.readFileSync(file), ref)
  } catch {
    return undefined
  }
}

/**
 * An index's bytes (wherever they were kept: a sidecar, a seal) checked against `ref`;
 * undefined when altered or unreadable. Bounded before anything is inflated or parsed: compressed
 * size, inflated size (the inflate stops at the budget) and line count, all from the entry count.
 */
export function parseIndex(
  bytes: Buffer,
  ref: TreeIndexRef,
  digestChecked = false
): IndexRecord[] | undefined {
  const out: IndexRecord[] = []
  const ok = eachIndexRecord(
    bytes,
    ref,
    (rel, type, mode, size, extra) => out.push({ rel, type, mode, size, extra }),
    digestChecked
  )
  return ok ? out : undefined
}

/**
 * Room for a gzip member's whole output in one buffer: its trailer's ISIZE (the length mod 2^32;
 * an index is far below that) and a byte more, within the bound. zlib's default 16 KiB pieces,
 * joined at the end, held every byte twice and cost a 300,000-file restore ~0.2 s of copying and
 * first touches. A trailer that says too little costs pieces and a join as before; one that says
 * too much, an allocation up to the bound, untouched beyond what is written (and only for bytes
 * whose recorded digest already held).
 */
function outputRoom(gz: Buffer, bound: number): number {
  const isize = gz.length >= 18 ? gz.readUInt32LE(gz.length - 4) : 0
  return Math.max(64 * 1024, Math.min(bound, isize + 1))
}

/** Whether an index's compressed bytes are within their budget and match `ref`'s digest. */
export function indexHolds(bytes: Buffer, ref: TreeIndexRef): boolean {
  if (bytes.length > indexBudget(ref.entries)) return false
  return createHash('sha256').update(bytes).digest('hex') === ref.sha256
}

/**
 * `indexHolds`, or only its size bound for bytes whose digest the caller already checked against
 * `ref` (a seal checks every index when it is judged, and reads the same bytes again later).
 */
function admitted(bytes: Buffer, ref: TreeIndexRef, digestChecked: boolean): boolean {
  return digestChecked ? bytes.length <= indexBudget(ref.entries) : indexHolds(bytes, ref)
}

/** One index line's fields, as `indexLine` wrote them. */
export type IndexLineFn = (
  rel: string,
  type: RecordType,
  mode: number,
  size: number,
  extra: string | undefined
) => void

/**
 * An index's records read from its text as it comes, in pieces of any size (the line a piece
 * ends inside is carried to the next, at most MAX_LINE_BYTES of it), without holding its lines.
 * A plain line (no backslash: nothing escaped, so no quote inside a string) is read from its
 * bytes, each name a string of its own (a piece of a line string would keep the whole line
 * alive); any other line goes through JSON.parse.
 */
class IndexLines {
  private lines = 0
  private carried: Buffer | undefined
  private failed = false

  constructor(
    private readonly entries: number,
    private readonly fn: IndexLineFn
  ) {}

  /** The next piece of text; false once the text is no index. */
  feed(piece: Buffer): boolean {
    if (this.failed) return false
    let at = 0
    if (this.carried) {
      const nl = piece.indexOf(10)
      const upTo = nl < 0 ? piece.length : nl
      if (this.carried.length + upTo > MAX_LINE_BYTES) return this.fail()
      const joined = Buffer.concat([this.carried, piece.subarray(0, upTo)])
      if (nl < 0) {
        this.carried = joined
        return true
      }
      this.carried = undefined
      if (!this.readLines(joined, 0, joined.length)) return this.fail()
      at = nl + 1
    }
    const last = piece.lastIndexOf(10)
    if (last >= at && !this.readLines(piece, at, last)) return this.fail()
    const tail = Math.max(at, last + 1)
    if (tail < piece.length) {
      if (piece.length - tail > MAX_LINE_BYTES) return this.fail()
      this.carried = Buffer.from(piece.subarray(tail))
    }
    return true
  }

  /** The text ended: true when it held exactly the header and `entries` records. */
  end(): boolean {
    const rest = this.carried
    this.carried = undefined
    if (rest && !this.failed && !this.readLines(rest, 0, rest.length)) this.fail()
    return !this.failed && this.lines === this.entries + 1
  }

  private fail(): false {
    this.failed = true
    this.carried = undefined
    return false
  }

  /** The lines of `text` from `from` to `to` (a line's end, or the text's). */
  private readLines(text: Buffer, from: number, to: number): boolean {
    let at = from
    let backslash = text.indexOf(92, from)
    try {
      // `to` is a line's newline, or the end of a line that has none.
      while (at <= to) {
        let end = text.indexOf(10, at)
        if (end < 0 || end > to) end = to
        if (end - at > MAX_LINE_BYTES) return false
        if (end > at) {
          if (this.lines === 0) {
            if (text.toString('utf8', at, end) !== HEADER) return false
          } else if (this.lines > this.entries) return false
          else {
            if (backslash >= 0 && backslash < at) backslash = text.indexOf(92, at)
            const plain = backslash < 0 || backslash >= end
            if (!plain || !plainLine(text, at, end, this.fn))
              jsonLine(text.toString('utf8', at, end), this.fn)
          }
          this.lines++
        }
        at = end + 1
      }
    } catch {
      return false
    }
    return true
  }
}

/** The most an index's bytes may inflate to: its records' budget, and MAX_RATIO times its size. */
function inflateBound(bytes: Buffer, ref: TreeIndexRef): number {
  return Math.min(indexBudget(ref.entries), SLACK_BYTES + bytes.length * MAX_RATIO)
}

/**
 * Each record of an index's compressed bytes, in order, checked against `ref` and bounded before
 * anything is inflated (their size and digest, then at most `inflateBound` inflated): false when
 * the bytes do not hold, or are no index of exactly `ref.entries` records (header, count, line
 * bound). The text is inflated whole; `eachIndexRecordStreamed` inflates it in pieces.
 */
export function eachIndexRecord(
  bytes: Buffer,
  ref: TreeIndexRef,
  fn: IndexLineFn,
  digestChecked = false
): boolean {
  if (!admitted(bytes, ref, digestChecked)) return false
  const bound = inflateBound(bytes, ref)
  let text: Buffer
  try {
    text = gunzipSync(bytes, { maxOutputLength: bound, chunkSize: outputRoom(bytes, bound) })
  } catch {
    return false
  }
  const ok = eachIndexLineIn([text], ref.entries, fn)
  releaseBuffer(text)
  return ok
}

/**
 * `eachIndexRecord`, the text inflated on a libuv thread a piece at a time as the records are
 * read: a 300,000-file tree's index is ~33 MB of text, which an extraction held whole (beside the
 * seal and the table it was building) at a restore's start, the step's peak.
 */
export async function eachIndexRecordStreamed(
  bytes: Buffer,
  ref: TreeIndexRef,
  fn: IndexLineFn,
  digestChecked = false
): Promise<boolean> {
  if (!admitted(bytes, ref, digestChecked)) return false
  const bound = inflateBound(bytes, ref)
  const lines = new IndexLines(ref.entries, fn)
  const gz = createGunzip({ chunkSize: PIECE_BYTES })
  let read = 0
  try {
    gz.end(bytes)
    for await (const piece of gz as AsyncIterable<Buffer>) {
      read += piece.length
      if (read > bound || !lines.feed(piece)) return false
    }
  } catch {
    return false
  } finally {
    gz.destroy()
  }
  return lines.end()
}

/**
 * Each record of an index's text given in pieces of any size (`eachIndexRecord` has them
 * inflated): false when the text is no index of exactly `entries` records, or longer than `bound`.
 */
export function eachIndexLineIn(
  pieces: Iterable<Buffer>,
  entries: number,
  fn: IndexLineFn,
  bound = Infinity
): boolean {
  const lines = new IndexLines(entries, fn)
  let read = 0
  for (const piece of pieces) {
    read += piece.length
    if (read > bound || !lines.feed(piece)) return false
  }
  return lines.end()
}

const QUOTE = 34
const COMMA = 44

/** `["rel","t",mode,size,null]` or `...,size,"extra"]` read in place; false for any other shape. */
function plainLine(b: Buffer, at: number, end: number, fn: IndexLineFn): boolean {
  if (b[at] !== 91 || b[at + 1] !== QUOTE || b[end - 1] !== 93) return false
  const relEnd = b.indexOf(QUOTE, at + 2)
  if (relEnd < 0 || relEnd + 6 > end || b[relEnd + 1] !== COMMA || b[relEnd + 2] !== QUOTE)
    return false
  const type = b[relEnd + 3] ?? 0
  if (type < 97 || type > 122 || b[relEnd + 4] !== QUOTE || b[relEnd + 5] !== COMMA) return false
  const mode = digits(b, relEnd + 6, end)
  if (!mode) return false
  const size = digits(b, mode.next, end)
  if (!size) return false
  let extra: string | undefined
  const x = size.next
  if (end - x === 5 && b.toString('latin1', x, end - 1) === 'null') extra = undefined
  else if (b[x] === QUOTE && b[end - 2] === QUOTE && end - x >= 3) {
    if (b.indexOf(QUOTE, x + 1) !== end - 2) return false
    extra = b.toString('utf8', x + 1, end - 2)
  } else return false
  // JSON escapes every control character: a raw one makes the line no JSON at all.
  if (hasControl(b, at + 2, relEnd) || (extra !== undefined && hasControl(b, x, end))) return false
  const rel = b.toString('utf8', at + 2, relEnd)
  fn(rel, String.fromCharCode(type) as RecordType, mode.value, size.value, extra)
  return true
}

function hasControl(b: Buffer, from: number, to: number): boolean {
  for (let i = from; i < to; i++) if ((b[i] ?? 0) < 32) return true
  return false
}

/** A run of 1-16 digits ending in a comma (no sign, no leading zero but "0"); undefined else. */
function digits(b: Buffer, at: number, end: number): { value: number; next: number } | undefined {
  let value = 0
  let i = at
  for (; i < end && i - at < 16; i++) {
    const c = b[i] ?? 0
    if (c < 48 || c > 57) break
    value = value * 10 + (c - 48)
  }
  if (i === at || b[i] !== COMMA || (b[at] === 48 && i - at > 1)) return undefined
  return { value, next: i + 1 }
}

function jsonLine(line: string, fn: IndexLineFn): void {
  const [rel, type, mode, size, extra] = JSON.parse(line) as [
    string,
    RecordType,
    number,
    number,
    string | null
  ]
  fn(rel, type, mode, size, extra ?? undefined)
}

/** Name what differs between the recorded index and what the walk found now. */
export function diffIndex(
  recorded: readonly IndexRecord[],
  now: readonly WalkRecord[],
  nowExtra?: readonly (string | undefined)[]
): { diff: TreeDiff; execLossOnly: boolean; modeOnly: boolean; contentChanged: boolean } {
  const before = new Map(recorded.map(r => [r.rel, r]))
  const missing: string[] = []
  const extra: string[] = []
  const changed: { path: string; what: string }[] = []
  const seen = new Set<string>()
  let execLossOnly = true
  let modeOnly = true
  let contentChanged = false
  let shrunk = 0
  now.forEach((r, i) => {
    seen.add(r.rel)
    const b = before.get(r.rel)
    if (!b) return void extra.push(r.rel)
    const what: string[] = []
    if (b.type !== r.type) what.push(`type ${b.type} -> ${r.type}`)
    else {
      if (r.type === 'f' && b.size !== r.size) what.push(`size ${b.size} -> ${r.size}`)
      if (r.type !== 'l' && b.mode !== r.mode) {
        what.push(`mode ${octal(b.mode)} -> ${octal(r.mode)}`)
        if (!lostExec(b.mode, r.mode)) execLossOnly = false
      }
      const x = nowExtra?.[i]
      if (
        x !== undefined &&
        b.extra !== undefined &&
        x !== b.extra &&
        !(r.type === 'f' && b.size !== r.size)
      ) {
        what.push(
          r.type === 'l'
            ? `target ${b.extra} -> ${x}`
            : r.type === 'o'
              ? `${b.extra} -> ${x}`
              : 'content'
        )
        contentChanged = true
      }
    }
    if (what.length > 1 || (what.length === 1 && !what[0]?.startsWith('mode '))) {
      execLossOnly = false
      modeOnly = false
    }
    if (what.length > 0) changed.push({ path: r.rel, what: what.join(', ') })
    // Counted here because the list below is cut: "every change is a cut" needs the whole count.
    if (what.length === 1 && r.type === 'f' && b.type === 'f' && r.size < b.size) shrunk++
  })
  for (const r of recorded) if (!seen.has(r.rel)) missing.push(r.rel)
  const diff = {
    missing: missing.slice(0, LIST_LIMIT),
    extra: extra.slice(0, LIST_LIMIT),
    changed: changed.slice(0, LIST_LIMIT),
    counts: { missing: missing.length, extra: extra.length, changed: changed.length, shrunk }
  }
  return {
    diff,
    execLossOnly: execLossOnly && missing.length === 0 && extra.length === 0 && changed.length > 0,
    modeOnly: modeOnly && missing.length === 0 && extra.length === 0 && changed.length > 0,
    contentChanged
  }
}
