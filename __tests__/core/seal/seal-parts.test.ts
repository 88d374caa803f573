/**
 * A large tree's seal is signed and written in parts (its index's base64 set in from its own
 * bytes, never joined into one more copy): the parts must be, byte for byte, what the plain
 * encoders make of the whole document, and the HMAC over them the HMAC over those bytes.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { canonicalBytes } from '../../../src/core/manifest/canonical.js'
import { makeSeal } from '../../../src/core/seal/make.js'
import {
  encodeSeal,
  encodeSealParts,
  SEAL_PAYLOAD_TYPE,
  sealSigningInput,
  sealSigningParts
} from '../../../src/core/seal/seal.js'
import { signSeal } from '../../../src/core/seal/trust.js'
import { writeSealFrame } from '../../../src/core/seal/write-archive.js'
import { pae } from '../../../src/core/sign/envelope.js'
import { signHmac, verifyHmac } from '../../../src/core/sign/hmac.js'

let tmp: string
const at = new Date('2026-01-05T10:00:00Z')
const key = Buffer.alloc(32, 9)

beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'swr-seal-parts-'))
  const root = path.join(tmp, 'ws', 'node_modules')
  // Enough files that the index's base64 passes the size at which it is spliced in (64 KiB).
  for (let i = 0; i < 2500; i++) {
    const file = path.join(root, `p${i % 13}`, `f${i}.js`)
    fs.mkdirSync(path.dirname(file), { recursive: true })
    fs.writeFileSync(file, `module.exports = ${i}\n`)
  }
})
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }))

async function body() {
  const abs = path.join(tmp, 'ws', 'node_modules')
  return makeSeal({
    key: 'k',
    patterns: ['node_modules'],
    locations: [{ spelling: 'node_modules', abs, member: 'node_modules' }],
    at
  })
}

describe('a seal in parts', () => {
  it('signs and encodes as the whole document does, byte for byte', async () => {
    const b = await body()
    expect(b.paths[0]?.index?.length ?? 0).toBeGreaterThan(64 * 1024)
    const parts = sealSigningParts(b)
    expect(parts.length).toBeGreaterThan(2)
    const whole = pae(SEAL_PAYLOAD_TYPE, canonicalBytes(b))
    expect(Buffer.concat(parts).equals(whole)).toBe(true)
    expect(sealSigningInput(b).equals(whole)).toBe(true)
    expect(signHmac(key, parts)).toEqual(signHmac(key, whole))

    const doc = await signSeal(b, { hmacKey: key })
    expect(verifyHmac(key, whole, doc.signatures[0] as never)).toBe(true)
    const plain = Buffer.from(`${JSON.stringify(doc)}\n`, 'utf8')
    expect(Buffer.concat(encodeSealParts(doc)).equals(plain)).toBe(true)
    expect(encodeSeal(doc).equals(plain)).toBe(true)
  })

  it("writes the seal's frame from its parts as from the joined bytes", async () => {
    const doc = await signSeal(await body(), { hmacKey: key })
    const fromParts = path.join(tmp, 'parts.zst')
    const fromWhole = path.join(tmp, 'whole.zst')
    await writeSealFrame(fromParts, encodeSealParts(doc), 'zstd', at)
    await writeSealFrame(fromWhole, encodeSeal(doc), 'zstd', at)
    const unzstd = (f: string) => execFileSync('zstd', ['-d', '-c', f], { maxBuffer: 1 << 26 })
    const tar = unzstd(fromParts)
    expect(tar.equals(unzstd(fromWhole))).toBe(true)
    // The member's body is the encoded seal.
    const size = parseInt(tar.toString('latin1', 124, 135), 8)
    expect(tar.subarray(512, 512 + size).equals(encodeSeal(doc))).toBe(true)
  })
})
