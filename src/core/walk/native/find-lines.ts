/**
 * find's output as lines, indexed and re-sorted into the Node walker's order. find prints each
 * directory in readdir order, one start point after another; the walk (walk-format.mjs) visits
 * each directory's children sorted by name, each followed by its own subtree. Everything
 * here works on the bytes as find wrote them: lines are found, compared and copied as bytes and
 * hashed as they are, with no string per line (strings were most of the time, and most of the
 * garbage, when lines were decoded).
 */
import { bytesOf } from '../byte-names.mjs'
import { DIR_BYTE, FIELD_SEP, LINE_END } from '../walk-format.mjs'

/** One top-level directory's lines below it, in walk order, and how many are not directories. */
export interface Subtree {
  bytes: Buffer
  files: number
}

const SLASH = 0x2f

/**
 * Where each line of find's output starts, where its path ends, where its name starts, and where
 * its subtree ends (the next line that is not below it): siblings are then found by jumping, and
 * sorting a directory's children costs in proportion to their number, not their subtrees' size.
 */
export class Lines {
  start: Int32Array<ArrayBuffer>
  nul: Int32Array<ArrayBuffer>
  nameAt: Int32Array<ArrayBuffer>
  end: Int32Array<ArrayBuffer>
  /** A name's first four bytes, big-endian and zero-padded: most sibling comparisons stop here. */
  key: Uint32Array<ArrayBuffer>
  count = 0
  /** The lines whose subtree is still open, and their depths. */
  private readonly open: number[] = []
  private readonly openDepth: number[] = []

  constructor(readonly bytes: Buffer) {
    // Room for lines of 32 bytes on average (a node_modules tree averages ~47): no regrowth.
    const n = Math.max(1024, Math.ceil(bytes.length / 32))
    this.start = new Int32Array(n)
    this.nul = new Int32Array(n)
    this.nameAt = new Int32Array(n)
    this.end = new Int32Array(n)
    this.key = new Uint32Array(n)
  }

  /**
   * False when a line is not `path NUL ...` (a newline inside a name splits one). One pass over
   * the bytes in plain JavaScript: a Buffer.indexOf call per line and per slash cost more than
   * the loop (measured).
   */
  scan(): boolean {
    const b = this.bytes
    const n = b.length
    let s = 0
    let z = -1
    let d = 0
    let last = -1
    for (let i = 0; i < n; i++) {
      const c = b[i]!
      if (c === LINE_END) {
        if (z <= s) return false
        this.push(s, z, d, last + 1)
        s = i + 1
        z = -1
        d = 0
        last = i
      } else if (z === -1) {
        if (c === FIELD_SEP) z = i
        else if (c === SLASH) {
          d++
          last = i
        }
      }
    }
    this.closeTo(0)
    this.start = grown(this.start, this.count + 1)
    this.start[this.count] = s
    return s === n
  }

  private push(s: number, z: number, d: number, nameAt: number): void {
    const k = this.count
    this.closeTo(d)
    if (k === this.start.length) {
      this.start = grown(this.start, k + 1)
      this.nul = grown(this.nul, k + 1)
      this.nameAt = grown(this.nameAt, k + 1)
      this.end = grown(this.end, k + 1)
      const key = new Uint32Array(this.start.length)
      key.set(this.key)
      this.key = key
    }
    this.start[k] = s
    this.nul[k] = z
    this.nameAt[k] = nameAt
    let key = 0
    for (let i = nameAt; i < nameAt + 4; i++) key = key * 256 + (i < z ? this.bytes[i]! : 0)
    this.key[k] = key
    this.open.push(k)
    this.openDepth.push(d)
    this.count++
  }

  /** Ends, at the current line, every open subtree at depth `d` or deeper. */
  private closeTo(d: number): void {
    const open = this.open
    const depth = this.openDepth
    while (open.length > 0 && depth[depth.length - 1]! >= d) {
      depth.pop()
      this.end[open.pop()!] = this.count
    }
  }

  /**
   * Byte order of two lines' names (names are unique among siblings: never 0): walk-format.mjs's
   * visit order on the names' bytes, the same order but where native-walk.ts says it is not.
   */
  compareNames(x: number, y: number): number {
    const k = this.key[x]! - this.key[y]!
    if (k !== 0) return k
    const b = this.bytes
    let i = this.nameAt[x]!
    let j = this.nameAt[y]!
    const ie = this.nul[x]!
    const je = this.nul[y]!
    for (; i < ie && j < je; i++, j++) {
      const d = b[i]! - b[j]!
      if (d !== 0) return d
    }
    return ie - i - (je - j)
  }

  /** Both kinds of line carry the type right after the path. */
  isDir(k: number): boolean {
    return this.bytes[this.nul[k]! + 1] === DIR_BYTE
  }

  startsWith(k: number, prefix: Buffer): boolean {
    const b = this.bytes
    const s = this.start[k]!
    if (s + prefix.length > b.length) return false
    for (let i = 0; i < prefix.length; i++) if (b[s + i] !== prefix[i]) return false
    return true
  }
}

/** `a` with room for at least `n` elements (doubling, so pushes stay linear). */
function grown(a: Int32Array<ArrayBuffer>, n: number): Int32Array<ArrayBuffer> {
  if (n <= a.length) return a
  const b = new Int32Array(Math.max(n, a.length * 2))
  b.set(a)
  return b
}

/**
 * Bytes [from, to) of `src` into `out` at `pos`. Most runs are one short line (readdir order is
 * rarely name order): a loop beats Buffer.copy's per-call checks below a few hundred bytes.
 */
function copyRun(src: Buffer, from: number, to: number, out: Buffer, pos: number): number {
  if (to - from > 256) return src.copy(out, pos, from, to)
  for (let i = from; i < to; i++) out[pos++] = src[i]!
  return to - from
}

/**
 * Lines [from, to) of one start point (a preorder walk in readdir order) in the Node walker's
 * order, each directory's children sorted by name, each followed by its own subtree, copied into
 * `out` from `pos`: runs of lines that are already in order are copied at once.
 */
function sortedBlock(l: Lines, from: number, to: number, out: Buffer, pos: number): number {
  let runStart = 0
  let runEnd = 0
  const take = (h: number): void => {
    const s = l.start[h]!
    if (s !== runEnd) {
      pos += copyRun(l.bytes, runStart, runEnd, out, pos)
      runStart = s
    }
    runEnd = l.start[h + 1]!
  }
  // Recursion is as deep as the tree, as in the Node walker.
  const emit = (s: number, e: number): void => {
    const heads: number[] = []
    for (let i = s; i < e; i = l.end[i]!) heads.push(i)
    for (let k = 1; k < heads.length; k++)
      if (l.compareNames(heads[k - 1]!, heads[k]!) > 0) {
        heads.sort((x, y) => l.compareNames(x, y))
        break
      }
    for (const h of heads) {
      take(h)
      emit(h + 1, l.end[h]!)
    }
  }
  emit(from, to)
  return pos + copyRun(l.bytes, runStart, runEnd, out, pos)
}

/** One find's output split among its roots (in order); false when it does not fit. */
export function splitBatch(
  bytes: Buffer,
  batch: readonly number[],
  roots: readonly { rel: string }[],
  texts: Subtree[]
): boolean {
  const l = new Lines(bytes)
  if (!l.scan()) return false
  // One buffer for the whole batch, the same size as find's output: each root gets a slice.
  const out = Buffer.allocUnsafe(bytes.length)
  let pos = 0
  let at = 0
  for (const i of batch) {
    // find walks its start points in order: root i's lines are the next ones under its name.
    const prefix = bytesOf(`${roots[i]!.rel}/`)
    let end = at
    let files = 0
    while (end < l.count && l.startsWith(end, prefix)) end = l.end[end]!
    for (let k = at; k < end; k++) if (!l.isDir(k)) files++
    const next = sortedBlock(l, at, end, out, pos)
    texts[i] = { bytes: out.subarray(pos, next), files }
    pos = next
    at = end
  }
  return at === l.count
}
