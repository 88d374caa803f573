/**
 * Reading a real sealed archive however its bytes are cut into pieces (the whole archive in one
 * piece, 64 KiB, 1,000 bytes: members after the seal in the seal's own piece, members split
 * between pieces), as `unpack` reads it, waiting on `room` after each: the same tree, every file
 * proven. A signed seal whose index does not hold its recorded count refuses the archive with
 * the index named.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { TarReader } from '../../../src/core/archive/tar-reader.js'
import { SealedArchive } from '../../../src/core/seal/archive.js'
import type { SealLocation } from '../../../src/core/seal/locations.js'
import { makeSeal } from '../../../src/core/seal/make.js'
import { checkIndexDigests, encodeSeal, type SealBody } from '../../../src/core/seal/seal.js'
import { signSeal } from '../../../src/core/seal/trust.js'
import { sealedEntries } from '../../../src/core/seal/verify.js'
import { ArchiveBody, joinSealed, SEAL_MEMBER } from '../../../src/core/seal/write-archive.js'

let tmp: string
let n = 0
const at = new Date('2026-01-05T10:00:00Z')
const KEY = Buffer.alloc(32, 9)

beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'swr-sealed-archive-'))
  const root = path.join(tmp, 'ws', 'node_modules')
  for (let i = 0; i < 600; i++) {
    const file = path.join(root, `pkg${i % 23}`, i % 2 ? 'lib' : '', `f${i}.js`)
    fs.mkdirSync(path.dirname(file), { recursive: true })
    fs.writeFileSync(file, `// ${i}\n`.repeat(1 + (i % 40)), { mode: i % 9 ? 0o644 : 0o755 })
  }
  fs.symlinkSync('pkg1/f1.js', path.join(root, 'main.js'))
  fs.writeFileSync(path.join(tmp, 'ws', 'lock.json'), '{"lock":1}')
})
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }))

const locations = (): SealLocation[] => [
  {
    spelling: 'node_modules',
    abs: path.join(tmp, 'ws', 'node_modules'),
    member: 'node_modules'
  },
  { spelling: 'lock.json', abs: path.join(tmp, 'ws', 'lock.json'), member: 'lock.json' }
]

/** The sealed archive's tar, decoded; `edit` may change the seal's body before it is signed. */
async function sealedTar(edit: (body: SealBody) => void = () => undefined): Promise<Buffer> {
  const dir = path.join(tmp, `a${n++}`)
  fs.mkdirSync(dir)
  const body = ArchiveBody.open(path.join(dir, 'body'), at)
  const seal = await makeSeal(
    { key: 'k', patterns: ['node_modules'], locations: locations(), at },
    body
  )
  const compression = await body.finish()
  edit(seal)
  const bytes = encodeSeal(await signSeal(seal, { hmacKey: KEY }))
  const file = path.join(dir, 'cache.tar')
  await joinSealed(file, bytes, path.join(dir, 'body'), compression, at)
  const tool = compression === 'zstd' ? 'zstd' : 'gzip'
  return execFileSync(tool, ['-d', '-c', file], { maxBuffer: 1 << 30 })
}

/**
 * The tar read in pieces of `piece` bytes, as `unpack` reads it: held where a member's end holds
 * the reader (the seal's, while its tables are made), waiting on `room` after each piece.
 */
async function extract(tar: Buffer, piece: number) {
  const scratch = path.join(tmp, `x${n++}`)
  fs.mkdirSync(scratch)
  const handler: SealedArchive = new SealedArchive({
    sealMember: SEAL_MEMBER,
    accept: seal => sealedEntries(checkIndexDigests(seal), locations()),
    sealOnly: false,
    destOf: i => path.join(scratch, String(i))
  })
  const reader = new TarReader(handler)
  try {
    for (let at = 0; at < tar.length && !reader.done; at += piece) {
      reader.write(tar.subarray(at, at + piece))
      for (let held = reader.blocked; held; held = reader.blocked) {
        await held
        reader.resume()
      }
      await handler.room()
    }
    if (!reader.done) reader.finish()
    await handler.settle()
    return { scratch, summaries: handler.finish() }
  } finally {
    handler.abort()
    await handler.settle().catch(() => undefined)
  }
}

function sameTree(a: string, b: string): void {
  const list = (d: string) => fs.readdirSync(d, { recursive: true }).map(String).sort()
  expect(list(b)).toEqual(list(a))
  for (const rel of list(a)) {
    const [sa, sb] = [fs.lstatSync(path.join(a, rel)), fs.lstatSync(path.join(b, rel))]
    expect([rel, sb.mode]).toEqual([rel, sa.mode])
    if (sa.isFile())
      expect(fs.readFileSync(path.join(b, rel))).toEqual(fs.readFileSync(path.join(a, rel)))
    if (sa.isSymbolicLink())
      expect(fs.readlinkSync(path.join(b, rel))).toBe(fs.readlinkSync(path.join(a, rel)))
  }
}

describe('a sealed archive read in pieces', () => {
  it('extracts the same tree whether members come with the seal or after it', async () => {
    const tar = await sealedTar()
    // The whole archive in one piece: every member in the seal's piece; then smaller pieces.
    for (const piece of [tar.length, 65_536, 1_000]) {
      const { scratch, summaries } = await extract(tar, piece)
      expect(summaries.map(s => [s.proven, s.files])).toEqual([
        [true, 601],
        [true, 1]
      ])
      sameTree(path.join(tmp, 'ws', 'node_modules'), path.join(scratch, '0'))
      expect(fs.readFileSync(path.join(scratch, '1'), 'utf8')).toBe('{"lock":1}')
    }
  })

  it('refuses the archive, naming the index, when a table cannot be made from it', async () => {
    // A count the index does not have, signed: its digest holds, its records do not.
    const tar = await sealedTar(body => {
      const e = body.paths[0]?.entry
      if (e?.kind === 'tree' && e.expect.index) e.expect.index.entries += 1
    })
    for (const piece of [tar.length, 65_536])
      await expect(extract(tar, piece)).rejects.toThrow(
        'seal paths[0].index does not match its recorded digest'
      )
  })
})
