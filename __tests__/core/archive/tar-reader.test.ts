/**
 * The tar reader on archives GNU tar writes in each of its formats, fed whole and in pieces of
 * every awkward size, and on headers made here byte by byte: numbers padded as different writers
 * pad them, GNU base-256, and the malformed fields it must refuse with a reason.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Rejected } from '../../../src/core/archive/rejected.js'
import { type Member, TarReader } from '../../../src/core/archive/tar-reader.js'

interface Seen {
  name: string
  type: Member['type']
  mode: number
  size: number
  linkname: string
  sha256: string
}

/** Every member the reader hands over, with the sha256 of the body it streamed. */
function read(archive: Buffer, piece: number): Seen[] {
  const seen: Seen[] = []
  const reader = new TarReader({
    member(m) {
      const hash = createHash('sha256')
      const at = seen.push({ ...m, sha256: '' }) - 1
      return {
        write: chunk => void hash.update(chunk),
        end: () => void ((seen[at] as Seen).sha256 = hash.digest('hex'))
      }
    }
  })
  for (let i = 0; i < archive.length && !reader.done; i += piece)
    reader.write(archive.subarray(i, i + piece))
  reader.finish()
  return seen.map(({ name, type, mode, size, linkname, sha256 }) => ({
    name,
    type,
    mode,
    size,
    linkname,
    sha256
  }))
}

let dir: string

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'swr-tar-reader-'))
  const t = path.join(dir, 'tree')
  fs.mkdirSync(path.join(t, 'sub', 'deeper'), { recursive: true })
  fs.writeFileSync(path.join(t, 'empty'), '')
  fs.writeFileSync(path.join(t, 'one-block'), Buffer.alloc(512, 'a'))
  fs.writeFileSync(path.join(t, 'sub', 'odd'), Buffer.alloc(513, 'b'))
  fs.writeFileSync(path.join(t, 'sub', 'deeper', 'big'), Buffer.alloc(70_000, 'c'))
  fs.writeFileSync(path.join(t, 'run.sh'), '#!/bin/sh\n', { mode: 0o755 })
  fs.symlinkSync('sub/odd', path.join(t, 'link'))
  fs.linkSync(path.join(t, 'one-block'), path.join(t, 'hard'))
  // 150 characters: a GNU long name, a pax path, a ustar prefix.
  const long = path.join(t, 'sub', 'l'.repeat(70), 'n'.repeat(70))
  fs.mkdirSync(path.dirname(long))
  fs.writeFileSync(long, 'long\n')
})

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

const sha = (b: Buffer | string) => createHash('sha256').update(b).digest('hex')

describe('the tar reader on archives GNU tar writes', () => {
  for (const format of ['gnu', 'posix', 'ustar']) {
    it(`reads --format=${format} the same in pieces of every size`, () => {
      const archive = execFileSync('tar', [`--format=${format}`, '-cf', '-', '-C', dir, 'tree'], {
        maxBuffer: 1 << 24
      })
      const whole = read(archive, archive.length)
      const byName = new Map(whole.map(m => [m.name, m]))
      const long = `tree/sub/${'l'.repeat(70)}/${'n'.repeat(70)}`
      expect(byName.get(long)).toMatchObject({ type: 'file', size: 5, sha256: sha('long\n') })
      expect(byName.get('tree/sub/deeper/big')).toMatchObject({
        type: 'file',
        size: 70_000,
        mode: fs.statSync(path.join(dir, 'tree/sub/deeper/big')).mode & 0o7777,
        sha256: sha(Buffer.alloc(70_000, 'c'))
      })
      expect(byName.get('tree/sub/odd')?.sha256).toBe(sha(Buffer.alloc(513, 'b')))
      expect(byName.get('tree/empty')).toMatchObject({ type: 'file', size: 0 })
      expect(byName.get('tree/run.sh')?.mode).toBe(0o755)
      expect(byName.get('tree/link')).toMatchObject({ type: 'symlink', linkname: 'sub/odd' })
      // Whichever of the pair tar met first is the file; the other links to it.
      const pair = ['tree/one-block', 'tree/hard'].map(n => byName.get(n))
      expect(pair.map(m => m?.type).sort()).toEqual(['file', 'hardlink'])
      expect(byName.get('tree/sub/deeper')?.type).toBe('dir')
      expect(byName.get('tree')?.type).toBe('dir')
      expect(whole).toHaveLength(12)
      for (const piece of [1, 7, 511, 512, 513, 4096, 65_536])
        expect(read(archive, piece)).toEqual(whole)
    })
  }
})

/** One ustar header block for a file member, its fields given as the bytes a writer chose. */
function header(fields: { name?: string; mode?: Buffer; size?: Buffer; sum?: number }): Buffer {
  const h = Buffer.alloc(512)
  h.write(fields.name ?? 'f', 0, 'utf8')
  ;(fields.mode ?? Buffer.from('0000644\0')).copy(h, 100)
  h.write('0000000\0', 108)
  h.write('0000000\0', 116)
  ;(fields.size ?? Buffer.from('00000000005\0')).copy(h, 124)
  h.write('00000000000\0', 136)
  h.write('0', 156)
  h.write('ustar\0' + '00', 257, 'latin1')
  let sum = 0
  for (let i = 0; i < 512; i++) sum += i >= 148 && i < 156 ? 32 : (h[i] as number)
  h.write(`${(fields.sum ?? sum).toString(8).padStart(6, '0')}\0 `, 148, 'latin1')
  return h
}

/** A one-member archive: the header, 5 bytes of body in their block, and the end blocks. */
function archiveOf(h: Buffer): Buffer {
  const body = Buffer.alloc(512)
  body.write('hello')
  return Buffer.concat([h, body, Buffer.alloc(1024)])
}

function refusal(archive: Buffer): string {
  try {
    read(archive, 100)
  } catch (err) {
    expect(err).toBeInstanceOf(Rejected)
    return (err as Error).message
  }
  throw new Error('the archive was read')
}

describe('numeric header fields', () => {
  it('are read however a writer pads them: zeros, spaces, NULs, a space before the NUL', () => {
    const padded = [
      ['0000644\0', '00000000005\0'],
      ['    644 ', '          5 '],
      ['644\0\0\0\0\0', '5\0\0\0\0\0\0\0\0\0\0\0'],
      ['000644 \0', '0000000005 \0'],
      ['\t644\n\0\0\0', ' \t5\r\0\0\0\0\0\0\0\0']
    ]
    for (const [mode, size] of padded) {
      const [m] = read(
        archiveOf(
          header({ mode: Buffer.from(mode!, 'latin1'), size: Buffer.from(size!, 'latin1') })
        ),
        512
      )
      expect(m).toMatchObject({ name: 'f', mode: 0o644, size: 5, sha256: sha('hello') })
    }
  })

  it('a GNU base-256 size is read from its bytes (a header that says 8 GiB)', () => {
    const size = Buffer.alloc(12)
    size[0] = 0x80
    size.writeUIntBE(2 ** 33, 6, 6)
    const sizes: number[] = []
    const reader = new TarReader({ member: m => void sizes.push(m.size) })
    reader.write(header({ size }))
    expect(sizes).toEqual([2 ** 33])
  })

  it('a wrong checksum, a digit that is not octal or padding outside ASCII is refused, named', () => {
    expect(refusal(archiveOf(header({ sum: 1234 })))).toBe(
      'malformed archive: header checksum mismatch'
    )
    expect(refusal(archiveOf(header({ size: Buffer.from('0000000008\0', 'latin1') })))).toBe(
      'malformed archive: size is not octal'
    )
    expect(refusal(archiveOf(header({ mode: Buffer.from('0 644\0', 'latin1') })))).toBe(
      'malformed archive: mode is not octal'
    )
    // U+00A0 in UTF-8: a no-break space is not padding.
    expect(refusal(archiveOf(header({ mode: Buffer.from('644\xc2\xa0\0', 'latin1') })))).toBe(
      'malformed archive: mode is not octal'
    )
    expect(refusal(archiveOf(header({ size: Buffer.from('-5\0', 'latin1') })))).toBe(
      'malformed archive: size is not octal'
    )
  })

  it('an empty numeric field is zero', () => {
    const [m] = read(archiveOf(header({ mode: Buffer.alloc(8) })), 512)
    expect(m?.mode).toBe(0)
  })
})

describe("a member's end that settles later", () => {
  it('holds the reader there: no later member is read until it settles, then all are, in order', async () => {
    const archive = execFileSync('tar', ['--format=posix', '-cf', '-', '-C', dir, 'tree'], {
      maxBuffer: 1 << 24
    })
    const whole = read(archive, archive.length)
    const at = whole.findIndex(m => m.type === 'file' && m.size > 0)
    for (const piece of [archive.length, 4096, 511, 1]) {
      const names: string[] = []
      let release: (() => void) | undefined
      const reader = new TarReader({
        member(m) {
          names.push(m.name)
          const first = names.length === at + 1
          return {
            write: () => undefined,
            end: () => (first ? new Promise<void>(r => (release = r)) : undefined)
          }
        }
      })
      for (let i = 0; i < archive.length && !reader.done; i += piece) {
        reader.write(archive.subarray(i, i + piece))
        const held = reader.blocked
        if (!held) continue
        // Held after the member: nothing after it has been read, and writing more is a mistake.
        expect(names).toEqual(whole.slice(0, at + 1).map(m => m.name))
        expect(() => reader.write(Buffer.alloc(512))).toThrow(/held/)
        release?.()
        await held
        reader.resume()
      }
      reader.finish()
      expect(names).toEqual(whole.map(m => m.name))
    }
  })
})
