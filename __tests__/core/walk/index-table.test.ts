/**
 * The index's line reader (plain lines read from their bytes, every other line through JSON) and
 * the table a restore extracts against: both read exactly what JSON.parse of each line reads, and
 * refuse what it refuses.
 */
import { gunzipSync, gzipSync } from 'node:zlib'
import { IndexTable } from '../../../src/core/walk/index-table.js'
import {
  encodeIndex,
  IndexLineReader,
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

async function fromText(text: string, entries: number) {
  const bytes = gzipSync(text)
  const ref = indexRef(bytes, entries)
  return { records: parseIndex(bytes, ref), table: await IndexTable.fromIndex(bytes, ref) }
}

const HEADER = '["swr-tree-index",1]\n'

describe('index lines and the index table', () => {
  test('every record reads back the same, plain or escaped, through both readers', async () => {
    const { bytes, ref } = await indexOf(records)
    expect(parseIndex(bytes, ref)).toEqual(records)
    const table = await IndexTable.fromIndex(bytes, ref)
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
    const t = (await IndexTable.fromIndex(bytes, ref)) as IndexTable
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
    const inOrder = (await IndexTable.fromIndex(bytes, ref)) as IndexTable
    expect(walked.map(r => inOrder.memberSlot(r.rel))).toEqual(walked.map((_, i) => i))
    expect(inOrder.memberSlot('a/absent')).toBe(-1)
    const shuffled = [5, 0, 7, 2, 1, 6, 3, 4]
    const other = (await IndexTable.fromIndex(bytes, ref)) as IndexTable
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
    const t = (await IndexTable.fromIndex(bytes, ref)) as IndexTable
    expect(['a', 'b', 'c'].map(rel => t.memberSlot(rel))).toEqual([0, 2, 3])
    expect([t.sizeOf(2), t.extraOf(2)]).toEqual([3, SHA2])
    for (const slot of [0, 2]) t.take(slot)
    expect(t.untaken(5)).toEqual({ names: ['c'], count: 1 })
  })

  test('lines JSON accepts in another spelling are read as JSON reads them', async () => {
    const text =
      HEADER +
      '[ "a", "f", 420, 7, "' +
      SHA +
      '" ]\n' +
      '["b","f",4.2e2,0,null]\n' +
      '["\\u0063","d",493,0,null]\n'
    const { records: recs, table } = await fromText(text, 3)
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
  ])('%s is refused by both readers', async (_what, line) => {
    const { records: recs, table } = await fromText(HEADER + line, 1)
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
      expect(await IndexTable.fromIndex(bytes, bad)).toBeUndefined()
    }
    expect(
      (await fromText('["swr-tree-index",2]\n["a","d",493,0,null]\n', 1)).table
    ).toBeUndefined()
  })

  test('text read in pieces of any size gives the records the whole text gives', async () => {
    const { bytes } = await indexOf(records)
    const text = gunzipSync(bytes)
    const read = (cuts: number[]) => {
      const out: IndexRecord[] = []
      const r = new IndexLineReader(records.length, (rel, type, mode, size, extra) =>
        out.push({ rel, type, mode, size, extra })
      )
      let at = 0
      for (const cut of [...cuts, text.length]) {
        expect(r.feed(text.subarray(at, cut))).toBe(true)
        at = cut
      }
      return r.end() ? out : undefined
    }
    // Every cut point once, then one byte at a time: a line, a name or a character split anywhere.
    for (let cut = 0; cut <= text.length; cut++) expect(read([cut])).toEqual(records)
    expect(read(Array.from({ length: text.length }, (_, i) => i))).toEqual(records)
  })

  test('a line too long, or one record too many, is refused however the pieces fall', () => {
    const long = HEADER + `["${'x'.repeat(70 * 1024)}","f",420,1,null]\n`
    const r = new IndexLineReader(1, () => undefined)
    const text = Buffer.from(long)
    let ok = true
    for (let at = 0; at < text.length && ok; at += 4096) ok = r.feed(text.subarray(at, at + 4096))
    expect(ok && r.end()).toBe(false)
    const extra = new IndexLineReader(1, () => undefined)
    const lines = Buffer.from(HEADER + '["a","d",493,0,null]\n["b","d",493,0,null]\n')
    expect(extra.feed(lines.subarray(0, 30)) && extra.feed(lines.subarray(30)) && extra.end()).toBe(
      false
    )
  })

  test('an index larger than one inflated piece makes the same table as its records', async () => {
    // ~40,000 lines: well over the 256 KiB pieces the inflate hands over.
    const many: IndexRecord[] = Array.from({ length: 40_000 }, (_, i) => ({
      rel: `p${String(i).padStart(6, '0')}/${i % 3 === 0 ? 'ü' : 'f'}${i}.js`,
      type: 'f',
      mode: 0o644,
      size: i,
      extra: i % 2 ? SHA : SHA2
    }))
    const { bytes, ref } = await indexOf(many)
    expect(gunzipSync(bytes).length).toBeGreaterThan(4 * 256 * 1024)
    const t = (await IndexTable.fromIndex(bytes, ref)) as IndexTable
    expect(t.count).toBe(many.length)
    expect(many.map(r => t.memberSlot(r.rel))).toEqual(many.map((_, i) => i))
    for (let i = 0; i < many.length; i += 997)
      expect([t.sizeOf(i), t.extraOf(i)]).toEqual([many[i]?.size, many[i]?.extra])
    // Cut short by its budget: refused, as parseIndex refuses it.
    expect(await IndexTable.fromIndex(bytes, { ...ref, entries: 10 })).toBeUndefined()
  })
})
