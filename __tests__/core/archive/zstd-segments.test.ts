/**
 * The save's compressor: a stream cut into segments, each a zstd frame of its own, compressed by
 * Node's encoder several at once and written in order. Node's zstd is Node 24's (the Action's
 * runtime), so the module is compiled from source and run there; the frames are then read back by
 * the system's `zstd -d` (as `tar` and `@actions/cache` read an archive) and by swr's own splitter.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { NODES } from '../../../__fixtures__/action.js'
import { compileModules, runModule } from '../../../__fixtures__/compiled-modules.js'
import { ZstdFrameSplitter } from '../../../src/core/archive/zstd-frames.js'

const node24 = NODES.find(n => n.name.startsWith('node24'))?.bin
if (!node24) process.stderr.write('note: zstd-segments tests skipped: Node 24 is not available\n')
const maybe = node24 ? describe : describe.skip

let dir: string
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'swr-zseg-'))
  compileModules(path.join(dir, 'mods'), ['src/core/archive/zstd-segments.ts'])
})
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

/**
 * The child: writes `total` bytes (text and pseudo-random runs) through a SegmentedZstd in chunks
 * of varying size, each chunk staged into one of four buffers that is refilled only once the
 * encoder has taken it (as the tar writer reuses its buffers), and prints what it saw.
 */
const WRITER = `
import fs from 'node:fs'
import crypto from 'node:crypto'
import { SegmentedZstd } from './core/archive/zstd-segments.js'
const [out, plain, total, segment, parallel, stopAt] = process.argv.slice(1)
const input = Buffer.alloc(+total)
for (let i = 0; i < input.length; i += 4096) {
  const piece = (i / 4096) % 3 === 0 ? crypto.randomBytes(4096) : Buffer.from(('line ' + i + ' ').repeat(400))
  piece.copy(input, i)
}
fs.writeFileSync(plain, input)
const z = new SegmentedZstd(fs.createWriteStream(out), +parallel, +segment)
let closes = 0
z.on('close', () => closes++)
const free = [0, 1, 2, 3].map(() => Buffer.alloc(300_000))
let waiting
let taken = 0, chunks = 0, errors = 0
const sizes = [1, 4096, 299_999, 65_536, 123_457, 300_000]
let at = 0
for (let i = 0; at < input.length; i++) {
  if (+stopAt && at >= +stopAt) { z.destroy(new Error('stopped by the test')); break }
  while (free.length === 0) await new Promise(r => (waiting = r))
  const buf = free.pop()
  const n = Math.min(sizes[i % sizes.length], input.length - at)
  input.copy(buf, 0, at, at + n)
  at += n
  chunks++
  z.write(buf.subarray(0, n), err => {
    if (err) errors++
    taken++
    buf.fill(0x5a) // reused at once: a byte the encoder had not read yet would now be wrong
    free.push(buf)
    waiting?.()
  })
  if (i % 7 === 0) await new Promise(r => setImmediate(r))
}
z.end()
let failure = ''
await z.done.catch(err => (failure = err.message))
await new Promise(r => setImmediate(r))
console.log(JSON.stringify({ chunks, taken, errors, closes, failure }))
`

async function write(name: string, total: number, segment: number, parallel: number, stopAt = 0) {
  const out = path.join(dir, `${name}.zst`)
  const plain = path.join(dir, `${name}.bin`)
  const child = runModule(
    path.join(dir, 'mods'),
    WRITER,
    [out, plain, String(total), String(segment), String(parallel), String(stopAt)],
    node24
  )
  const code = await child.exited
  expect(`${code} ${child.output()}`).toMatch(/^0 /)
  const seen = JSON.parse(child.output().trim().split('\n').pop() as string) as {
    chunks: number
    taken: number
    errors: number
    closes: number
    failure: string
  }
  return { out, plain, seen }
}

function frameCount(file: string): number {
  const s = new ZstdFrameSplitter()
  return s.feed(fs.readFileSync(file)).filter(p => p.end).length
}

maybe('SegmentedZstd (Node 24)', () => {
  it('writes frames in order that zstd -d reads as one stream, each input buffer reused as soon as it is taken', async () => {
    const { out, plain, seen } = await write('many', 5_000_000, 400_000, 3)
    expect(seen).toEqual({
      chunks: seen.chunks,
      taken: seen.chunks,
      errors: 0,
      closes: 1,
      failure: ''
    })
    expect(
      execFileSync('zstd', ['-d', '-q', '-c', out], { maxBuffer: 1 << 26 }).equals(
        fs.readFileSync(plain)
      )
    ).toBe(true)
    // Segments end on the first chunk that reaches the size: 5 MB in segments of >= 400 KB.
    const frames = frameCount(out)
    expect(frames).toBeGreaterThanOrEqual(10)
    expect(frames).toBeLessThanOrEqual(13)
    expect(
      execFileSync('zstd', ['-lv', out], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })
    ).toMatch(/XXH64/)
  })

  it('writes one frame for input below a segment, and the same bytes with one encoder', async () => {
    const one = await write('one', 200_000, 1 << 20, 2)
    expect(frameCount(one.out)).toBe(1)
    expect(
      execFileSync('zstd', ['-d', '-q', '-c', one.out]).equals(fs.readFileSync(one.plain))
    ).toBe(true)
    const serial = await write('serial', 3_000_000, 500_000, 1)
    expect(
      execFileSync('zstd', ['-d', '-q', '-c', serial.out], { maxBuffer: 1 << 26 }).equals(
        fs.readFileSync(serial.plain)
      )
    ).toBe(true)
  })

  it('stops when destroyed: done rejects with the reason and close comes once', async () => {
    const { seen } = await write('stopped', 4_000_000, 300_000, 2, 1_500_000)
    expect(seen.failure).toBe('stopped by the test')
    // A buffer an encoder still held is not handed back: nothing is written after a stop.
    expect(seen.taken).toBeLessThanOrEqual(seen.chunks)
    expect(seen.closes).toBe(1)
  })

  it('fails with the file error when the output cannot be written', async () => {
    const child = runModule(
      path.join(dir, 'mods'),
      `import fs from 'node:fs'
       import { SegmentedZstd } from './core/archive/zstd-segments.js'
       const z = new SegmentedZstd(fs.createWriteStream(process.argv[1]), 2, 1000)
       let closes = 0
       z.on('close', () => closes++)
       const got = await new Promise(r => z.write(Buffer.alloc(5000, 1), err => r(err?.code ?? err?.message ?? 'ok')))
       z.end()
       const failure = await z.done.then(() => 'resolved', err => err.code)
       const late = await new Promise(r => z.write(Buffer.alloc(10), err => r(err ? 'refused' : 'taken')))
       console.log(JSON.stringify({ got, failure, late, closes }))`,
      [path.join(dir, 'no-such-dir', 'x.zst')],
      node24
    )
    expect(await child.exited).toBe(0)
    const seen = JSON.parse(child.output().trim().split('\n').pop() as string)
    expect(seen.failure).toBe('ENOENT')
    expect(seen.late).toBe('refused')
    expect(seen.closes).toBe(1)
  })
})
