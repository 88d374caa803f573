/**
 * A restore's extraction is the last reader of a sealed tree's index: the table it extracts
 * against is the whole index, and once it is made the seal holds no copy of the index's text
 * (16 MB at 300,000 files), and a later read of it fails loudly instead of reading nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { makeSeal } from '../../../src/core/seal/make.js'
import {
  checkIndexDigests,
  encodeSeal,
  parseSealHead,
  recordsOf,
  takeIndexTable
} from '../../../src/core/seal/seal.js'
import { signSeal } from '../../../src/core/seal/trust.js'

let tmp: string
const at = new Date('2026-01-05T10:00:00Z')

beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'swr-take-index-'))
  const root = path.join(tmp, 'ws', 'node_modules')
  for (let i = 0; i < 200; i++) {
    const file = path.join(root, `p${i % 7}`, `f${i}.js`)
    fs.mkdirSync(path.dirname(file), { recursive: true })
    fs.writeFileSync(file, `module.exports = ${i}\n`, { mode: i % 5 === 0 ? 0o755 : 0o644 })
  }
  fs.symlinkSync('p1/f1.js', path.join(root, 'main.js'))
})
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }))

async function sealed() {
  const abs = path.join(tmp, 'ws', 'node_modules')
  const body = await makeSeal({
    key: 'k',
    patterns: ['node_modules'],
    locations: [{ spelling: 'node_modules', abs, member: 'node_modules' }],
    at
  })
  const doc = await signSeal(body, { hmacKey: Buffer.alloc(32, 7) })
  return checkIndexDigests(parseSealHead(encodeSeal(doc)))
}

describe('a sealed tree index taken as a table', () => {
  it('holds every record the index has, and the seal lets go of the index text', async () => {
    const records = recordsOf(await sealed(), 0) ?? []
    expect(records.length).toBe(208) // 200 files, 7 directories and the link
    const seal = await sealed()
    expect(typeof seal.doc.body.paths[0]?.index).toBe('string')
    const table = await takeIndexTable(seal, 0)
    if (!table) throw new Error('no table')
    expect(table.count).toBe(records.length)
    for (const r of records) {
      const slot = table.slotOf(r.rel)
      expect([table.typeOf(slot), table.modeOf(slot), table.sizeOf(slot)]).toEqual([
        r.type,
        r.mode,
        r.size
      ])
    }
    expect(seal.doc.body.paths[0]?.index).toBeUndefined()
    expect(() => recordsOf(seal, 0)).toThrow('seal paths[0].index was read after it was let go')
    await expect(takeIndexTable(seal, 0)).rejects.toThrow('read after it was let go')
  })
})
