/**
 * A download reaches the decoder gathered into large pieces (each write to Node's decoder is a
 * round trip to libuv's pool), and an archive that arrives in small pieces reads as it does whole.
 */
import { describe, expect, it } from '@jest/globals'
import { execFileSync } from 'node:child_process'
import { createHash, randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { Gather, unpack } from '../../../src/core/archive/unpack.js'
import { MAPPED_FROM_BYTES, PIECE_BYTES } from '../../../src/core/memory/heap-pieces.js'

/** The pieces Gather pushes, each as pushed (an async iterator would join buffered ones). */
async function piecesOf(chunks: Buffer[], size: number, freed: Buffer[] = []): Promise<Buffer[]> {
  const out: Buffer[] = []
  const gather = new Gather(size, b => void freed.push(b))
  gather.on('data', (piece: Buffer) => void out.push(piece))
  const ended = new Promise(resolve => gather.on('end', resolve))
  Readable.from(chunks, { objectMode: true }).pipe(gather)
  await ended
  return out
}

describe('gathering the download', () => {
  it('copies small chunks into pieces of exactly the size, splitting a chunk where it must, the last one short, no byte lost', async () => {
    const chunks = Array.from({ length: 1000 }, (_, i) => Buffer.alloc(1000, i % 251))
    const freed: Buffer[] = []
    const out = await piecesOf(chunks, 64 * 1024, freed)
    expect(out.slice(0, -1).every(p => p.length === 64 * 1024)).toBe(true)
    expect(out.length).toBe(Math.ceil(1_000_000 / 65_536))
    expect(Buffer.concat(out).equals(Buffer.concat(chunks))).toBe(true)
    expect(freed).toHaveLength(1000)
  })

  it('copies a chunk as large as a piece when something is held: the piece fills, the rest starts the next', async () => {
    const small = Buffer.alloc(100, 1)
    const big = Buffer.alloc(300, 2)
    const out = await piecesOf([small, big, small], 256)
    expect(out.map(p => p.length)).toEqual([256, 244])
    expect(Buffer.concat(out).equals(Buffer.concat([small, big, small]))).toBe(true)
  })

  it('passes a chunk as large as a piece on as it is, and ends with nothing held', async () => {
    const big = Buffer.alloc(300_000, 7)
    const out = await piecesOf([big, Buffer.from('tail')], 256 * 1024)
    expect(out[0]).toBe(big)
    expect(out.map(p => p.length)).toEqual([300_000, 4])
    expect(await piecesOf([], 1024)).toEqual([])
  })

  it('as the download comes: 16 KiB (TLS) and 64 KiB (a socket) pieces joined to 256 KiB, each chunk joined handed to be freed, none passed on', async () => {
    const tls = Array.from({ length: 64 }, () => Buffer.alloc(16 * 1024, 1))
    const socket = Array.from({ length: 8 }, (_, i) => Buffer.alloc(64 * 1024, i))
    const big = Buffer.alloc(300_000, 9)
    const want = Buffer.concat([...tls, ...socket, big])
    const freed: Buffer[] = []
    const out = await piecesOf([...tls, ...socket, big], 256 * 1024, freed)
    expect(out.map(p => p.length)).toEqual([...Array(6).fill(256 * 1024), 300_000])
    expect(Buffer.concat(out).equals(want)).toBe(true)
    // Every chunk copied into a piece, and only those: the large one went on as it was.
    expect(freed).toHaveLength(tls.length + socket.length)
    expect(freed.every((b, i) => b === [...tls, ...socket][i])).toBe(true)
    expect(out.at(-1)).toBe(big)
  })

  it("the restore's pieces, the download's joined and the decoder's output, stay under the size glibc maps", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'swr-unpack-'))
    try {
      const body = randomBytes(3 << 20)
      fs.writeFileSync(path.join(dir, 'big.bin'), body)
      // gzip: Node's own decoder on every Node the tests run (zstd's is Node 24's); one CHUNK.
      const archive = execFileSync('tar', ['-czf', '-', '-C', dir, 'big.bin'], {
        maxBuffer: 1 << 26
      })
      const socket: Buffer[] = []
      for (let i = 0; i < archive.length; i += 64 * 1024)
        socket.push(Buffer.from(archive.subarray(i, i + 64 * 1024)))
      const joined = (await piecesOf(socket, PIECE_BYTES)).slice(0, -1)
      expect(joined.length).toBeGreaterThan(2)
      expect(joined.every(p => p.length === PIECE_BYTES && PIECE_BYTES < MAPPED_FROM_BYTES)).toBe(
        true
      )

      const memories = new Set<number>()
      const h = createHash('sha256')
      await unpack(Readable.from(socket, { objectMode: false }), 'gzip', {
        member: () => ({
          write: c => {
            memories.add(c.buffer.byteLength)
            h.update(c)
          },
          end: () => undefined
        })
      })
      expect(h.digest('hex')).toBe(createHash('sha256').update(body).digest('hex'))
      expect(Math.max(...memories)).toBeLessThan(MAPPED_FROM_BYTES)
      expect(Math.max(...memories)).toBeGreaterThan(192 * 1024)
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })

  it('a zstd tar arriving 1,000 bytes at a time unpacks as the whole one does', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'swr-unpack-'))
    try {
      for (let i = 0; i < 40; i++)
        fs.writeFileSync(
          path.join(dir, `f${i}`),
          createHash('sha256')
            .update(`${i}`)
            .digest('hex')
            .repeat(i * 50)
        )
      const archive = execFileSync('sh', ['-c', `tar -cf - -C "${dir}" . | zstd -q -c`], {
        maxBuffer: 1 << 26
      })
      const seen = async (chunks: Buffer[]) => {
        const got: string[] = []
        await unpack(Readable.from(chunks, { objectMode: false }), 'zstd', {
          member: m => {
            const h = createHash('sha256')
            return {
              write: c => void h.update(c),
              end: () => void got.push(`${m.name} ${h.digest('hex')}`)
            }
          }
        })
        return got
      }
      const pieces = []
      for (let i = 0; i < archive.length; i += 1000) pieces.push(archive.subarray(i, i + 1000))
      const whole = await seen([archive])
      expect(whole).toHaveLength(41) // the 40 files and "."

      expect(await seen(pieces)).toEqual(whole)
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })
})
