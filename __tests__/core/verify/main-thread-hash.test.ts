/**
 * While no kernel thread is up, the main thread is one of the pool's workers: a big file starts
 * hashing at once instead of after a thread's start, in steps that keep the event loop running,
 * and a tree walk started meanwhile leaves it its core. Runs in its own process (a jest file),
 * so no thread from another test is up. Real threads, real files.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { hashOne, mainIsHashing } from '../../../src/core/verify/hash-pool.js'
import { liveKernelThreads } from '../../../src/core/verify/kernel-threads.js'
import { walkTreeParallel } from '../../../src/core/verify/walk-strategy.js'
import { hashFile } from '../../../src/core/verify/hash-kernel.mjs'
import { walkTree, contentDigest } from '../../../src/core/verify/walk.js'

let dir: string
let big: string
let bigSha: string
const BIG = 192 * 1024 * 1024

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'swr-main-hash-'))
  big = path.join(dir, 'model.bin')
  const chunk = Buffer.alloc(8 * 1024 * 1024)
  for (let i = 0; i < chunk.length; i += 4) chunk.writeUInt32LE((i * 2654435761) >>> 0, i)
  const fd = fs.openSync(big, 'w')
  const h = createHash('sha256')
  for (let n = 0; n < BIG / chunk.length; n++) {
    chunk.writeUInt32LE(n, 0)
    fs.writeSync(fd, chunk)
    h.update(chunk)
  }
  fs.closeSync(fd)
  bigSha = h.digest('hex')
  for (let d = 0; d < 24; d++)
    for (let f = 0; f < 4; f++) {
      fs.mkdirSync(path.join(dir, 'tree', `pkg-${d}`), { recursive: true })
      fs.writeFileSync(path.join(dir, 'tree', `pkg-${d}`, `f${f}.js`), `export default ${d}${f}\n`)
    }
}, 60_000)
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

describe('the main thread as a hashing worker', () => {
  it('hashes a big file itself while no thread is up, and its timers keep running', async () => {
    expect(os.availableParallelism()).toBeGreaterThan(1)
    expect(liveKernelThreads()).toBe(0)
    let ticks = 0
    const timer = setInterval(() => ticks++, 1)
    const hashing = hashOne(big, BIG)
    expect(mainIsHashing()).toBe(true)
    const r = await hashing
    clearInterval(timer)
    expect(r).toMatchObject({ sha256: bigSha, size: BIG })
    expect(mainIsHashing()).toBe(false)
    // Hashed here: no thread was started for it.
    expect(liveKernelThreads()).toBe(0)
    // A hash that held the main thread to the end would let no 1 ms timer run at all.
    expect(ticks).toBeGreaterThanOrEqual(5)
  })

  it('a tree walked while it hashes takes the other cores, not all of them', async () => {
    const root = fs.realpathSync(path.join(dir, 'tree'))
    const cores = Math.min(os.availableParallelism(), 8)
    const hashing = hashOne(big, BIG)
    const walk = await walkTreeParallel(root, [], new Set(), { jobs: cores, hash: true })
    const r = await hashing
    expect(r).toMatchObject({ sha256: bigSha })
    expect(liveKernelThreads()).toBe(cores - 1)
    // The walk is the one the single-threaded walker makes, with every file's hash.
    const inline = walkTree(root, [], new Set())
    expect(walk.records.map(x => x.rel)).toEqual(inline.records.map(x => x.rel))
    const shas = inline.records.map(x =>
      x.type === 'f' ? hashFile(path.join(root, x.rel)).sha256 : undefined
    )
    expect(walk.shas).toEqual(shas)
    expect(contentDigest(walk.records, walk.shas ?? [])).toBe(contentDigest(inline.records, shas))
  })
})
