/**
 * The index's line reader (plain lines read from their bytes, every other line through JSON) and
 * the table a restore extracts against: both read exactly what JSON.parse of each line reads, and
 * refuse what it refuses.
 */
import { createHash } from 'node:crypto'
import { gzipSync } from 'node:zlib'
import { IndexTable } from '../../../src/core/walk/index-table.js'
import {
  eachIndexLineIn,
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
  // 64 characters that decode as hex but are not a sha256 as swr spells it: kept as written.
  { rel: 'd/upper-sum', type: 'f', mode: 0o644, size: 1, extra: SHA.toUpperCase() },
  { rel: 'd/one-upper', type: 'f', mode: 0o644, size: 1, extra: `${SHA.slice(0, 63)}F` },
  { rel: 'd/not-hex', type: 'f', mode: 0o644, size: 1, extra: `${SHA.slice(0, 63)}g` },
  { rel: 'd/short-sum', type: 'f', mode: 0o644, size: 1, extra: SHA.slice(0, 62) },
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

const sha256Of = (s: string) => createHash('sha256').update(s).digest('hex')

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
    // Bytes whose digest the caller checked already are not hashed again: only the count and the
    // bounds are judged (a seal checks each index when it is judged and reads it once more later).
    const elsewhere = { ...ref, sha256: 'b'.repeat(64) }
    expect(parseIndex(bytes, elsewhere, true)).toEqual(records)
    expect((await IndexTable.fromIndex(bytes, elsewhere, true))?.count).toBe(records.length)
    expect(
      await IndexTable.fromIndex(bytes, { ...ref, entries: ref.entries - 1 }, true)
    ).toBeUndefined()
    const tooBig = Buffer.concat([bytes, Buffer.alloc(64 * 1024 * 1024)])
    expect(await IndexTable.fromIndex(tooBig, ref, true)).toBeUndefined()
  })
})

describe('the index read a piece at a time', () => {
  /** Records whose lines are plain and escaped, short and up to thousands of bytes. */
  const many: IndexRecord[] = Array.from({ length: 20_000 }, (_, i) => {
    const name = `pkg${i % 97}/${i % 13 === 0 ? 'quo"te' : 'lib'}/${'n'.repeat(i % 300)}${i}.js`
    return i % 5 === 0
      ? { rel: `pkg${i % 97}/dir${i}`, type: 'd', mode: 0o755, size: 0 }
      : { rel: name, type: 'f', mode: 0o644, size: i, extra: sha256Of(String(i)) }
  })

  test('a large index inflates in pieces, lines split across them, to the same records', async () => {
    const { bytes, ref } = await indexOf(many)
    // Several pieces of input (128 KiB each), so lines cross the inflater's pieces.
    expect(bytes.length).toBeGreaterThan(512 * 1024)
    expect(parseIndex(bytes, ref)).toEqual(many)
    const t = (await IndexTable.fromIndex(bytes, ref)) as IndexTable
    expect(t.count).toBe(many.length)
    expect(t.extraOf(t.slotOf(many[1]!.rel))).toBe(many[1]!.extra)
  })

  test('the text cut anywhere, or fed a byte at a time, reads as the whole', () => {
    const text = Buffer.from(
      HEADER +
        records
          .slice(0, 6)
          .map(r => JSON.stringify([r.rel, r.type, r.mode, r.size, r.extra ?? null]))
          .join('\n') +
        '\n'
    )
    const read = (pieces: Buffer[]) => {
      const out: unknown[] = []
      const ok = eachIndexLineIn(pieces, 6, (...r) => out.push(r))
      return ok ? out : undefined
    }
    const whole = read([text])
    expect(whole).toHaveLength(6)
    for (let k = 0; k <= text.length; k++)
      expect(read([text.subarray(0, k), text.subarray(k)])).toEqual(whole)
    expect(read([...text].map(b => Buffer.from([b])))).toEqual(whole)
    // Without the last newline, and with an empty line between records, as before.
    expect(read([text.subarray(0, text.length - 1)])).toEqual(whole)
    const blank = Buffer.from(text.toString().replace('\n', '\n\n'))
    expect(read([blank.subarray(0, 30), blank.subarray(30)])).toEqual(whole)
  })

  test('a line over the bound is refused when it spans pieces; so is a text over its budget', () => {
    const long = Buffer.from(`${HEADER}["${'x'.repeat(70 * 1024)}","d",493,0,null]\n`)
    const pieces = [long.subarray(0, 1000), long.subarray(1000, 40_000), long.subarray(40_000)]
    expect(eachIndexLineIn(pieces, 1, () => undefined)).toBe(false)
    expect(eachIndexLineIn([long], 1, () => undefined)).toBe(false)
    const ok = Buffer.from(`${HEADER}["a","d",493,0,null]\n`)
    expect(eachIndexLineIn([ok], 1, () => undefined)).toBe(true)
    expect(eachIndexLineIn([ok], 1, () => undefined, ok.length - 1)).toBe(false)
  })

  test('a gzip bomb stops at the budget; a cut stream is refused', async () => {
    // One record claimed, megabytes of blank lines inflated from a few kilobytes.
    const bomb = gzipSync(HEADER + '\n'.repeat(8 << 20) + '["a","d",493,0,null]\n')
    expect(bomb.length).toBeLessThan(64 * 1024)
    expect(parseIndex(bomb, indexRef(bomb, 1))).toBeUndefined()
    expect(await IndexTable.fromIndex(bomb, indexRef(bomb, 1))).toBeUndefined()
    const whole = gzipSync(HEADER + '["a","d",493,0,null]\n')
    const cut = whole.subarray(0, whole.length - 6)
    expect(parseIndex(cut, indexRef(cut, 1))).toBeUndefined()
    expect(parseIndex(whole, indexRef(whole, 1))).toEqual([
      { rel: 'a', type: 'd', mode: 493, size: 0, extra: undefined }
    ])
  })
})
