/**
 * Frames of a zstd stream found from their headers, whatever pieces the stream comes in, and each
 * decoded by a decoder of its own (here the system's `zstd -d`, a real decoder of one frame at a
 * time; the Action's runtime uses Node's, which the cache action's tests drive on Node 24).
 */
import { describe, expect, it } from '@jest/globals'
import { execFileSync, spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { Duplex, Readable } from 'node:stream'
import { ZstdFrameSplitter, ZstdFramesDecoder } from '../../../src/core/archive/zstd-frames.js'

const zstd = (input: Buffer, ...args: string[]): Buffer =>
  execFileSync('zstd', ['-q', '-c', ...args], { input, maxBuffer: 1 << 28 })

/** A skippable frame (magic 0x184D2A5?), which `zstd -d` passes over. */
function skippable(n: number, nibble = 3): Buffer {
  const b = Buffer.alloc(8 + n, 0xab)
  b.writeUInt32LE(0x184d2a50 + nibble, 0)
  b.writeUInt32LE(n, 4)
  return b
}

function pseudoRandom(n: number, seed: string): Buffer {
  const out: Buffer[] = []
  for (let i = 0; out.length * 32 < n; i++)
    out.push(createHash('sha256').update(`${seed}${i}`).digest())
  return Buffer.concat(out).subarray(0, n)
}

const parts = [
  Buffer.from('a small first frame\n'),
  Buffer.concat([pseudoRandom(300_000, 'x'), Buffer.alloc(700_000, 'z')]),
  Buffer.alloc(0),
  Buffer.from('the last one\n'.repeat(1000))
]

/** Frames of every header shape: with and without checksum, single segment, long window, empty. */
function frames(): Buffer[] {
  return [
    zstd(parts[0]!),
    zstd(parts[1]!, '-T0', '--no-check', '-19', '--long=27'),
    zstd(parts[2]!),
    zstd(parts[3]!, '--check', '-1')
  ]
}

function split(stream: Buffer, size: number): Buffer[] {
  const s = new ZstdFrameSplitter()
  const out: Buffer[] = []
  let cur: Buffer[] = []
  for (let i = 0; i < stream.length; i += size)
    for (const p of s.feed(stream.subarray(i, i + size))) {
      if (!p.skip) cur.push(p.bytes)
      if (p.end && !p.skip) {
        out.push(Buffer.concat(cur))
        cur = []
      }
    }
  expect(s.atBoundary).toBe(true)
  return out
}

/** One frame's decoder: the system's zstd, fed exactly one frame. */
function zstdOneFrame(): Duplex {
  const child = spawn('zstd', ['-d', '-q', '-c'], { stdio: ['pipe', 'pipe', 'inherit'] })
  return Duplex.from({ writable: child.stdin, readable: child.stdout })
}

async function decodeAll(stream: Buffer, size: number): Promise<Buffer> {
  const chunks: Buffer[] = []
  for (let i = 0; i < stream.length; i += size) chunks.push(stream.subarray(i, i + size))
  const dec = Readable.from(chunks).pipe(new ZstdFramesDecoder(zstdOneFrame))
  const out: Buffer[] = []
  for await (const c of dec) out.push(c as Buffer)
  return Buffer.concat(out)
}

describe('zstd frames', () => {
  it('are found whole whatever the chunk size, skippable frames passed over', () => {
    const fs = frames()
    const stream = Buffer.concat([skippable(5), fs[0]!, fs[1]!, skippable(0, 15), fs[2]!, fs[3]!])
    for (const size of [1, 3, 7, 512, 65_536, stream.length])
      expect(split(stream, size)).toEqual(fs)
  })

  it('decode in order, one decoder a frame, as zstd -d decodes the whole stream', async () => {
    const stream = Buffer.concat([...frames(), skippable(100)])
    const whole = execFileSync('zstd', ['-d', '-q', '-c'], { input: stream, maxBuffer: 1 << 28 })
    expect(whole.equals(Buffer.concat(parts))).toBe(true)
    for (const size of [4096, 1 << 20])
      expect((await decodeAll(stream, size)).equals(whole)).toBe(true)
  })

  it('refuse a stream that ends inside a frame, or bytes that are no frame', async () => {
    const stream = Buffer.concat(frames())
    await expect(decodeAll(stream.subarray(0, stream.length - 10), 4096)).rejects.toThrow(
      /ends inside a frame/
    )
    const junk = Buffer.concat([frames()[0]!, Buffer.from('not zstd at all')])
    await expect(decodeAll(junk, 4096)).rejects.toThrow(/not a zstd frame/)
  })
})
