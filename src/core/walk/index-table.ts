/**
 * A tree's signed index held while an archive is extracted against it: one slot per record, the
 * names in one Map and every other field in typed columns (a file's sha256 as 32 bytes), each
 * slot taken at most once. An array of record objects in a Map by name, with a set of the names
 * seen and maps of each file's hash and size beside it, cost ~1.3 KB a file (a 300,000-file
 * restore peaked at 540 MB); the table costs a name, a Map slot and ~46 bytes.
 */
import type { TreeIndexRef } from '../types.js'
import { eachIndexRecordStreamed, type IndexRecord } from './tree-index.js'
import { visitedAfter, type RecordType } from './walk-format.mjs'

const TYPES: readonly RecordType[] = ['f', 'd', 'l', 'o']
const OTHER = 255
const UPPER_HEX = /[A-F]/
const TAKEN = 1
const DIGEST = 2

export class IndexTable {
  /** Per slot, its name. */
  private readonly names: string[]
  /**
   * Name to slot, made only when a name is looked up out of order (see `memberSlot`): at 300,000
   * files building it was ~0.2 s of a restore and ~10 MB held.
   */
  private slots: Map<string, number> | undefined
  /** Every name after the one before it in walk order, so no name is there twice. */
  private ordered = true
  /** The slot after the last one `memberSlot` found. */
  private next = 0
  private readonly types: Uint8Array
  private readonly modes: Uint32Array
  private readonly sizes: Float64Array
  /** A file's sha256, when it is one (32 bytes a slot). */
  private readonly digests: Buffer
  /** Every other extra: link targets, special kinds, a file's extra that is no sha256. */
  private readonly extras = new Map<number, string>()
  /** A type letter the columns have no code for (none that swr writes): kept as read. */
  private readonly otherTypes = new Map<number, RecordType>()
  /** Per slot: TAKEN once a member took it, DIGEST when `digests` holds its sha256. */
  private readonly flags: Uint8Array
  private filled = 0
  /** The recorded bytes of every file. */
  totalBytes = 0

  private constructor(readonly count: number) {
    this.names = new Array<string>(count)
    this.types = new Uint8Array(count)
    this.modes = new Uint32Array(count)
    this.sizes = new Float64Array(count)
    this.digests = Buffer.alloc(count * 32)
    this.flags = new Uint8Array(count)
  }

  static fromRecords(records: readonly IndexRecord[]): IndexTable {
    const t = new IndexTable(records.length)
    for (const r of records) t.add(r.rel, r.type, r.mode, r.size, r.extra)
    return t.filledIn()
  }

  /**
   * The table of an index's compressed bytes, checked against `ref` (digest, bounds, count) as
   * parseIndex checks them, inflated a piece at a time; undefined when they do not hold.
   * `digestChecked`: the caller checked these bytes' digest already (bounds are checked still).
   */
  static async fromIndex(
    bytes: Buffer,
    ref: TreeIndexRef,
    digestChecked = false
  ): Promise<IndexTable | undefined> {
    const t = new IndexTable(ref.entries)
    const ok = await eachIndexRecordStreamed(
      bytes,
      ref,
      (rel, type, mode, size, extra) => t.add(rel, type, mode, size, extra),
      digestChecked
    )
    return ok && t.filled === ref.entries ? t.filledIn() : undefined
  }

  /**
   * An index whose names are not in walk order may hold a name twice: its Map is made at once, so
   * the later record wins as it always did (and `untaken` lists what the Map holds).
   */
  private filledIn(): this {
    if (!this.ordered) this.map()
    return this
  }

  private map(): Map<string, number> {
    if (this.slots) return this.slots
    const slots = new Map<string, number>()
    for (let slot = 0; slot < this.filled; slot++) slots.set(this.names[slot] as string, slot)
    return (this.slots = slots)
  }

  private add(
    rel: string,
    type: RecordType,
    mode: number,
    size: number,
    extra: string | undefined
  ): void {
    const slot = this.filled++
    // A name twice is one record: the later one wins, as a Map of records let it (filledIn).
    this.names[slot] = rel
    if (this.ordered && slot > 0 && !visitedAfter(this.names[slot - 1] as string, rel))
      this.ordered = false
    const code = TYPES.indexOf(type)
    this.types[slot] = code < 0 ? OTHER : code
    if (code < 0) this.otherTypes.set(slot, type)
    this.modes[slot] = mode
    this.sizes[slot] = size
    if (type === 'f') this.totalBytes += size
    if (extra === undefined) return
    if (type === 'f' && this.digestIn(extra, slot)) this.flags[slot] = DIGEST
    else this.extras.set(slot, extra)
  }

  /**
   * Whether `extra` is a sha256 as lower-case hex (/^[0-9a-f]{64}$/), its bytes then in the slot's
   * column. Decoding first and then looking for an upper-case letter is the same test at less than
   * half the cost of the anchored pattern (~120 ms against ~50 for 300,000 records); the bytes a
   * failed decode left are never read (no DIGEST flag).
   */
  private digestIn(extra: string, slot: number): boolean {
    return (
      extra.length === 64 &&
      this.digests.write(extra, slot * 32, 32, 'hex') === 32 &&
      !UPPER_HEX.test(extra)
    )
  }

  /** The slot recorded for `rel`, or -1. */
  slotOf(rel: string): number {
    return this.map().get(rel) ?? -1
  }

  /**
   * `slotOf` for an archive's members, which come in the index's order when the same walk wrote
   * both: the slot after the last one found is tried first (one comparison), the Map only when
   * that is not it.
   */
  memberSlot(rel: string): number {
    const slot = this.ordered && this.names[this.next] === rel ? this.next : this.slotOf(rel)
    if (slot >= 0) this.next = slot + 1
    return slot
  }

  typeOf(slot: number): RecordType {
    return TYPES[this.types[slot] ?? OTHER] ?? (this.otherTypes.get(slot) as RecordType)
  }

  modeOf(slot: number): number {
    return this.modes[slot] ?? 0
  }

  sizeOf(slot: number): number {
    return this.sizes[slot] ?? 0
  }

  /** A file's sha256 (hex), a link's target or a special file's kind; undefined for none. */
  extraOf(slot: number): string | undefined {
    if (((this.flags[slot] ?? 0) & DIGEST) === 0) return this.extras.get(slot)
    return this.digests.toString('hex', slot * 32, slot * 32 + 32)
  }

  /** Take `slot` for a member: false when a member took it already. */
  take(slot: number): boolean {
    const f = this.flags[slot] ?? 0
    if ((f & TAKEN) !== 0) return false
    this.flags[slot] = f | TAKEN
    return true
  }

  isTaken(slot: number): boolean {
    return ((this.flags[slot] ?? 0) & TAKEN) !== 0
  }

  /** The names recorded and never taken, in record order; at most `limit` of them, and how many. */
  untaken(limit: number): { names: string[]; count: number } {
    const names: string[] = []
    let count = 0
    const visit = (rel: string, slot: number): void => {
      if (this.isTaken(slot)) return
      count++
      if (names.length < limit) names.push(rel)
    }
    // In walk order every name is its own slot's; else the Map says which slot a name kept.
    if (this.ordered) for (let slot = 0; slot < this.filled; slot++) visit(this.names[slot]!, slot)
    else for (const [rel, slot] of this.map()) visit(rel, slot)
    return { names, count }
  }
}
