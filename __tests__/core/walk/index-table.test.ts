/**
 * The index's line reader (plain lines read from their bytes, every other line through JSON) and
 * the table a restore extracts against: both read exactly what JSON.parse of each line reads, and
 * refuse what it refuses.
 */
import { gzipSync } from 'node:zlib'
import { IndexTable } from '../../../src/core/walk/index-table.js'
import {
  encodeIndex,
  indexRef,
  parseIndex,
  type IndexRecord
} from '../../../src/core/walk/tree-index.js'

const SHA = 'a'.repeat(64)
const SHA2 = '0123456789abcdef'.repeat(4)

const records: IndexRecord[] = [
  { rel: 'd', type: 'd', mode: 0o755, size: 0 },
  { rel: 'd/plain.js', type: 'f', mode: 0o644, size: 12, extra: SHA },
  { rel: 'd/exec', type: 'f', mode: 0o755, size: 0, extra: SHA2 },
  { rel: 'd/quote"name', type: 'f', mode: 0o600, size: 3, extra: SHA },
  { rel: 'd/back\\slash', type: 'f', mode: 0o644, size: 4, extra: SHA2 },
  { rel: 'd/new\nline', type: 'f', mode: 0o644, size: 5, extra: SHA },
  { rel: 'd/tab\tand\u0001ctl', type: 'f', mode: 0o644, size: 6, extra: SHA },
  { rel: 'd/ünïcødé 名前', type: 'f', mode: 0o644, size: 2 ** 40, extra: SHA2 },
  { rel: 'd/link', type: 'l', mode: 0o777, size: 0, extra: '../d/ünïcødé 名前' },
  { rel: 'd/link-quote', type: 'l', mode: 0o777, size: 0, extra: 'a"b' },
  { rel: 'd/fifo', type: 'o', mode: 0o644, size: 0, extra: 'fifo' },
  { rel: 'd/odd-sum', type: 'f', mode: 0o644, size: 1, extra: 'ABCDEF' },
  { rel: 'd/no-sum', type: 'f', mode: 0o644, size: 1 }
]

async function indexOf(recs: readonly IndexRecord[]) {
  const bytes = await encodeIndex(recs)
  return { bytes, ref: indexRef(bytes, recs.length) }
}

function fromText(text: string, entries: number) {
  const bytes = gzipSync(text)
  const ref = indexRef(bytes, entries)
  return { records: parseIndex(bytes, ref), table: IndexTable.fromIndex(bytes, ref) }
}

const HEADER = '["swr-tree-index",1]\n'

describe('index lines and the index table', () => {
  test('every record reads back the same, plain or escaped, through both readers', async () => {
    const { bytes, ref } = await indexOf(records)
    expect(parseIndex(bytes, ref)).toEqual(records)
    const table = IndexTable.fromIndex(bytes, ref)
    expect(table).toBeDefined()
    const t = table as IndexTable
    expect(t.count).toBe(records.length)
    expect(t.totalBytes).toBe(records.reduce((n, r) => n + (r.type === 'f' ? r.size : 0), 0))
    for (const r of records) {
      const slot = t.slotOf(r.rel)
      expect(slot).toBeGreaterThanOrEqual(0)
      expect([t.typeOf(slot), t.modeOf(slot), t.sizeOf(slot), t.extraOf(slot)]).toEqual([
        r.type,
        r.mode,
        r.size,
        r.extra
      ])
    }
    expect(t.slotOf('d/absent')).toBe(-1)
    // A table of records is the table of their index.
    const direct = IndexTable.fromRecords(records)
    for (const r of records) expect(direct.extraOf(direct.slotOf(r.rel))).toBe(r.extra)
  })

  test('each slot is taken once; what was never taken is listed in record order', async () => {
    const { bytes, ref } = await indexOf(records)
    const t = IndexTable.fromIndex(bytes, ref) as IndexTable
    expect(t.take(t.slotOf('d/exec'))).toBe(true)
    expect(t.take(t.slotOf('d/exec'))).toBe(false)
    expect(t.isTaken(t.slotOf('d/exec'))).toBe(true)
    expect(t.isTaken(t.slotOf('d'))).toBe(false)
    const left = t.untaken(2)
    expect(left).toEqual({ names: ['d', 'd/plain.js'], count: records.length - 1 })
  })

  test('members in the index order are found one after another; any other order finds the same slots', async () => {
    // Walk order: depth first, siblings in string order, so "a/b" before "a-c" and "a.d".
    const walked: IndexRecord[] = ['a', 'a/b', 'a/b/c', 'a-c', 'a.d', 'b', 'b/ä', 'b/z'].map(
      rel => ({
        rel,
        type: 'f',
        mode: 0o644,
        size: 1,
        extra: SHA
      })
    )
    const { bytes, ref } = await indexOf(walked)
    const inOrder = IndexTable.fromIndex(bytes, ref) as IndexTable
    expect(walked.map(r => inOrder.memberSlot(r.rel))).toEqual(walked.map((_, i) => i))
    expect(inOrder.memberSlot('a/absent')).toBe(-1)
    const shuffled = [5, 0, 7, 2, 1, 6, 3, 4]
    const other = IndexTable.fromIndex(bytes, ref) as IndexTable
    expect(shuffled.map(i => other.memberSlot(walked[i]!.rel))).toEqual(shuffled)
    for (const i of [0, 3, 4]) other.take(i)
    expect(other.untaken(3)).toEqual({ names: ['a/b', 'a/b/c', 'b'], count: 5 })
  })

  test('a name twice in an index is one record, the later one, however the members come', async () => {
    const twice: IndexRecord[] = [
      { rel: 'a', type: 'f', mode: 0o644, size: 1, extra: SHA },
      { rel: 'b', type: 'f', mode: 0o644, size: 2, extra: SHA },
      { rel: 'b', type: 'f', mode: 0o600, size: 3, extra: SHA2 },
      { rel: 'c', type: 'f', mode: 0o644, size: 4, extra: SHA }
    ]
    const { bytes, ref } = await indexOf(twice)
    const t = IndexTable.fromIndex(bytes, ref) as IndexTable
    expect(['a', 'b', 'c'].map(rel => t.memberSlot(rel))).toEqual([0, 2, 3])
    expect([t.sizeOf(2), t.extraOf(2)]).toEqual([3, SHA2])
    for (const slot of [0, 2]) t.take(slot)
    expect(t.untaken(5)).toEqual({ names: ['c'], count: 1 })
  })

  test('lines JSON accepts in another spelling are read as JSON reads them', () => {
    const text =
      HEADER +
      '[ "a", "f", 420, 7, "' +
      SHA +
      '" ]\n' +
      '["b","f",4.2e2,0,null]\n' +
      '["\\u0063","d",493,0,null]\n'
    const { records: recs, table } = fromText(text, 3)
    expect(recs).toEqual([
      { rel: 'a', type: 'f', mode: 420, size: 7, extra: SHA },
      { rel: 'b', type: 'f', mode: 420, size: 0, extra: undefined },
      { rel: 'c', type: 'd', mode: 493, size: 0, extra: undefined }
    ])
    expect(table?.slotOf('c')).toBe(2)
    expect(table?.modeOf(1)).toBe(420)
  })

  test.each([
    ['a raw control character in a name', '["a\u0001b","f",420,1,null]\n'],
    ['a raw line feed splitting a record', '["a\nb","f",420,1,null]\n'],
    ['a leading zero', '["a","f",0420,1,null]\n'],
    ['a trailing comma', '["a","f",420,1,null,]\n'],
    ['not JSON at all', '["a","f",420,1,nul]\n'],
    ['an unclosed string', '["a,"f",420,1,null]\n']
  ])('%s is refused by both readers', (_what, line) => {
    const { records: recs, table } = fromText(HEADER + line, 1)
    expect(recs).toBeUndefined()
    expect(table).toBeUndefined()
  })

  test('a count, header or digest that does not hold is refused', async () => {
    const { bytes, ref } = await indexOf(records)
    for (const bad of [
      { ...ref, entries: ref.entries - 1 },
      { ...ref, entries: ref.entries + 1 },
      { ...ref, sha256: 'b'.repeat(64) }
    ]) {
      expect(parseIndex(bytes, bad)).toBeUndefined()
      expect(IndexTable.fromIndex(bytes, bad)).toBeUndefined()
    }
    expect(fromText('["swr-tree-index",2]\n["a","d",493,0,null]\n', 1).table).toBeUndefined()
  })
})
