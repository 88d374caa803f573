/**
 * The extraction's writer thread with real files: past the inline start, files and hard-link
 * copies cross to the thread in batches (paths in one array, numbers in one typed array) and
 * must land in order with their bytes and modes; a failure names the file it stopped at.
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { WriteQueue } from '../../src/core/archive/write-queue.js'

let dir: string

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'swr-wq-'))
})

afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true })
})

/** A whole file handed over at once: staged, filled, committed. */
function create(q: WriteQueue, abs: string, label: string, content: Buffer, mode: number): void {
  q.stage(content.length).set(content)
  q.commit(abs, label, mode, false)
}

describe('WriteQueue', () => {
  it('writes files and hard links through the thread in order, with their modes', async () => {
    const q = new WriteQueue()
    const n = 1500
    for (let i = 0; i < n; i++) {
      const mode = i % 7 === 0 ? 0o755 : 0o644
      create(q, path.join(dir, `f${i}`), `f${i}`, Buffer.from(`file ${i}\n`.repeat(i % 5)), mode)
      // A hard link to a file queued just before it (still in the same batch, or in flight).
      if (i % 100 === 99) q.copy(path.join(dir, `c${i}`), `c${i}`, path.join(dir, `f${i}`), true)
    }
    await q.settle()
    for (let i = 0; i < n; i++) {
      const f = path.join(dir, `f${i}`)
      expect(fs.readFileSync(f, 'utf8')).toBe(`file ${i}\n`.repeat(i % 5))
      expect(fs.statSync(f).mode & 0o777).toBe(i % 7 === 0 ? 0o755 : 0o644)
      if (i % 100 === 99) {
        expect(fs.readFileSync(path.join(dir, `c${i}`), 'utf8')).toBe(`file ${i}\n`.repeat(i % 5))
        expect(fs.statSync(path.join(dir, `c${i}`)).ino).toBe(fs.statSync(f).ino)
      }
    }
    expect(fs.readdirSync(dir)).toHaveLength(n + n / 100)
  })

  it("keeps a file staged across the archive's chunks, reuses returned buffers, and drops a file left uncommitted", async () => {
    const q = new WriteQueue()
    const want = new Map<string, Buffer>()
    for (let i = 0; i < 2000; i++) {
      // Sizes that fill batches unevenly: some files need a fresh batch, a few are over 1 MiB.
      const size = i % 250 === 7 ? 1_500_000 : (i * 7919) % 9000
      const bytes = Buffer.alloc(size, i % 251)
      const view = q.stage(size)
      // The member arrives in pieces; between two of them the unpack loop asks for room.
      const half = Math.floor(size / 2)
      view.set(bytes.subarray(0, half), 0)
      const wait = q.room()
      if (wait) await wait
      view.set(bytes.subarray(half), half)
      if (i % 333 === 5) continue // refused before it ended: never committed, never written
      q.commit(path.join(dir, `s${i}`), `s${i}`, 0o644, false)
      want.set(`s${i}`, bytes)
    }
    await q.settle()
    expect(fs.readdirSync(dir).sort()).toEqual([...want.keys()].sort())
    for (const [name, bytes] of want)
      expect(fs.readFileSync(path.join(dir, name)).equals(bytes)).toBe(true)
  })

  it('sends a part-full batch only to an idle writer, and bounds the memory batches hold, not the bytes they fill', async () => {
    const q = new WriteQueue()
    // Past the inline start, the archive's next chunk is asked for after each small file. No
    // reply is seen before the loop yields, so the writer is busy from the first batch on: that
    // one goes part full (one file), the rest fill to 256 files each before they go, and the
    // queue says wait once 8 buffers of 1 MiB are held (not at 8 MiB of files, never here;
    // and not after 8 batches of one file each).
    let waitedAt = -1
    for (let i = 0; i < 10_000 && waitedAt < 0; i++) {
      create(q, path.join(dir, `t${i}`), `t${i}`, Buffer.from(`${i}\n`), 0o644)
      if (q.room()) waitedAt = i
    }
    // Settled first: a thread left running would keep the test run alive after a failure.
    await q.settle()
    expect(waitedAt).toBe(512 + 1 + 7 * 256 - 1)
    expect(fs.readdirSync(dir)).toHaveLength(waitedAt + 1)
  }, 60_000)

  it('stops at a name taken already and names that file; nothing after it is written', async () => {
    const q = new WriteQueue()
    fs.writeFileSync(path.join(dir, 'f900'), 'there before\n')
    for (let i = 0; i < 1200; i++) {
      if (i === 900) continue
      create(q, path.join(dir, `f${i}`), `f${i}`, Buffer.from(`${i}\n`), 0o644)
    }
    create(q, path.join(dir, 'f900'), 'the taken one', Buffer.from('new\n'), 0o644)
    create(q, path.join(dir, 'after'), 'after', Buffer.from('x'), 0o644)
    await expect(q.settle()).rejects.toThrow(/writing the taken one failed \(EEXIST/)
    expect(fs.readFileSync(path.join(dir, 'f900'), 'utf8')).toBe('there before\n')
    expect(fs.existsSync(path.join(dir, 'after'))).toBe(false)
  })
})
