/**
 * IndexWriter streams a tree index into gzip as lines come: whatever the pieces the lines come
 * in, the bytes are encodeIndex's for the same records (the manifest records their sha256).
 */
import { describe, expect, it } from '@jest/globals'
import { indexLine } from '../../../src/core/walk/index-line.mjs'
import { encodeIndex, IndexWriter, type IndexRecord } from '../../../src/core/walk/tree-index.js'

/** Records of every type, names that are not plain text among them, and enough to fill blocks. */
function records(n: number): IndexRecord[] {
  const out: IndexRecord[] = []
  for (let i = 0; i < n; i++) {
    const dir = `d${i % 97}/\u00e9t\u00e9 "q"\\`
    if (i % 50 === 0) out.push({ rel: dir, type: 'd', mode: 0o755, size: 0 })
    out.push({
      rel: `${dir}/f${i}\ud800.js`,
      type: 'f',
      mode: 0o644,
      size: i,
      extra: `${i}`.repeat(8)
    })
    if (i % 211 === 0) out.push({ rel: `${dir}/l${i}`, type: 'l', mode: 0o777, size: 0, extra: '' })
    if (i % 503 === 0)
      out.push({ rel: `${dir}/p${i}`, type: 'o', mode: 0o600, size: 0, extra: 'fifo' })
  }
  return out
}

describe('IndexWriter', () => {
  it('gives encodeIndex bytes whatever pieces the lines come in', async () => {
    const recs = records(20_000)
    const want = await encodeIndex(recs)
    const lines = recs.map(r => indexLine(r.rel, r.type, r.mode, r.size, r.extra) + '\n')
    let seed = 7
    const next = (): number => (seed = (seed * 1103515245 + 12345) % 2147483648) % 900
    const w = new IndexWriter()
    for (let i = 0; i < lines.length;) {
      const n = Math.min(lines.length - i, next())
      const piece = lines.slice(i, i + n)
      // As strings (this thread's own lines) or as bytes (a worker's), an empty piece now and then.
      w.write(n % 2 === 0 ? piece : [Buffer.from(piece.join(''))], n)
      i += n
    }
    const got = await w.end()
    expect(w.entries).toBe(recs.length)
    expect(got.equals(want)).toBe(true)
  })

  it('takes no more lines once given up on, and throws nothing', async () => {
    const w = new IndexWriter()
    w.abort()
    expect(() => w.write(['["a","f",420,1,null]\n'], 1)).not.toThrow()
    expect(w.entries).toBe(0)
    await new Promise(r => setTimeout(r, 20))
  })
})
