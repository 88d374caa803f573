/**
 * Signatures mean what they say, through the bundled CLI on two machines: boxes with their own
 * HOME and state directory, each having run a full `swr keygen` (HMAC key, ML-DSA identity, sync
 * key). Machine B works on machine A's manifest with -m, as a shared checkout would.
 *
 * - A threshold counts distinct trusted ML-DSA signers whose signatures verify: one HMAC signature
 *   never meets it, so a threshold above 1 under require any or hmac is refused as bad usage, and
 *   the recipe it would have let run does not run.
 * - B co-signs A's manifest although A's HMAC cannot be checked on B; a signature B can check that
 *   does not verify is still refused, and the refusal says what is wrong.
 * - Repeated --scope flags add their parts: a limit given first is not dropped.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import fs from 'node:fs'
import path from 'node:path'
import type { ManifestDocument } from '../../src/core/types.js'
import { readDoc, writeDoc } from '../../__fixtures__/keys.js'
import { dropBundle, makeBox, write, type Box } from '../../__fixtures__/sync-box.js'

let a: Box
let b: Box
let fpA = ''
let fpB = ''
const marker = (): string => path.join(a.base, 'recipe-ran')

async function cli(box: Box, args: string[], env: NodeJS.ProcessEnv = {}) {
  const r = await box.cli(args, env)
  return { ...r, lines: r.stderr.split('\n').filter(Boolean) }
}

async function ok(box: Box, ...args: string[]): Promise<string> {
  const r = await box.cli(args)
  if (r.code !== 0) throw new Error(`swr ${args.join(' ')} failed (${r.code}): ${r.stderr}`)
  return r.stdout
}

async function keygen(box: Box): Promise<string> {
  return (JSON.parse(await ok(box, 'keygen', '--json')) as { mldsa_fingerprint: string })
    .mldsa_fingerprint
}

/** B's view of A's manifest: the same file, B's own keys and trust. */
const onA = (...args: string[]): string[] => [...args, '-m', a.manifest]

interface Verdict {
  allowed: boolean
  reason: string
  signatures: { alg: string; state: string; fingerprint?: string }[]
}
async function verify(box: Box, ...args: string[]): Promise<Verdict & { code: number | null }> {
  const r = await box.cli(['verify', '--json', ...args])
  return { code: r.code, ...(JSON.parse(r.stdout) as Verdict) }
}

const bytes = (): Buffer => fs.readFileSync(a.manifest)

beforeAll(async () => {
  a = makeBox()
  b = makeBox()
  fpA = await keygen(a)
  fpB = await keygen(b)
})
afterAll(() => {
  a?.cleanup()
  b?.cleanup()
  dropBundle()
})

beforeEach(async () => {
  fs.rmSync(path.join(a.ws, '.swr'), { recursive: true, force: true })
  fs.rmSync(marker(), { force: true })
  write(a.ws, 'bin/tool.sh', '#!/bin/sh\n')
  fs.chmodSync(path.join(a.ws, 'bin/tool.sh'), 0o755)
  await ok(
    a,
    'add',
    'bin/tool.sh',
    '--id',
    'tool',
    '--restore',
    `touch '${marker()}'; printf '#!/bin/sh\\n' > bin/tool.sh`
  )
  await ok(a, 'sign')
  // Damaged (emptied, so only the recipe brings it back): what a wrongly met threshold would let run.
  fs.writeFileSync(path.join(a.ws, 'bin/tool.sh'), '')
})
afterEach(async () => {
  await b.cli(['trust', 'remove', 'machine-a'])
})

describe('a threshold counts distinct trusted ML-DSA signers', () => {
  it('--threshold 2 under the default require any is refused (exit 4, one line); the recipe does not run', async () => {
    const before = bytes()
    // A holds the HMAC key: before, its one HMAC signature met "2 signers".
    for (const args of [
      ['doctor', '--threshold', '2'],
      ['doctor', '--threshold', '2', '--require', 'any'],
      ['verify', '--threshold', '2']
    ]) {
      const r = await cli(a, args)
      expect([args, r.code]).toEqual([args, 4])
      expect(r.lines).toEqual([
        'swr: --threshold 2 counts distinct trusted ML-DSA signers, but one HMAC signature alone meets --require any: use --require mldsa or both'
      ])
    }
    // $SWR_REQUIRE is the default the flag would have taken.
    const env = await cli(a, ['doctor', '--threshold', '3'], { SWR_REQUIRE: 'any' })
    expect(env.code).toBe(4)
    expect(env.lines[0]).toContain('--threshold 3 counts distinct trusted ML-DSA signers')
    expect(fs.existsSync(marker())).toBe(false)
    expect(bytes()).toEqual(before)
  })

  it('--threshold 2 with --require hmac is refused; --threshold 1 is the default and accepted', async () => {
    const r = await cli(a, ['doctor', '--threshold', '2', '--require', 'hmac'])
    expect(r.code).toBe(4)
    expect(r.lines).toEqual([
      'swr: --threshold 2 counts distinct trusted ML-DSA signers, but --require hmac asks for no ML-DSA signature: use --require mldsa or both'
    ])
    expect(fs.existsSync(marker())).toBe(false)
    expect((await verify(a, '--threshold', '1', '--require', 'hmac')).code).toBe(0)
    expect((await verify(a, '--threshold', '1')).code).toBe(0)
  })

  it('mldsa and both: one signer (HMAC or not) does not meet 2, and the recipe does not run', async () => {
    for (const require of ['mldsa', 'both']) {
      const r = await cli(a, ['doctor', '--require', require, '--threshold', '2'])
      expect([require, r.code]).toEqual([require, 2])
      expect(fs.existsSync(marker())).toBe(false)
    }
    const v = await verify(a, '--require', 'both', '--threshold', '2')
    expect(v.reason).toContain('a valid HMAC and 2 distinct trusted ML-DSA signers required')
  })

  it('two signatures by one key count once', async () => {
    const doc = readDoc(a.manifest)
    const mine = doc.signatures.find(s => s.alg === 'ml-dsa-87')
    writeDoc(a.manifest, { ...doc, signatures: [...doc.signatures, mine] } as ManifestDocument)
    const v = await verify(a, '--require', 'mldsa', '--threshold', '2')
    expect(v.code).toBe(2)
    expect(v.signatures.filter(s => s.state === 'valid' && s.fingerprint === fpA)).toHaveLength(2)
    const r = await cli(a, ['doctor', '--require', 'mldsa', '--threshold', '2'])
    expect(r.code).toBe(2)
    expect(fs.existsSync(marker())).toBe(false)
  })

  it('a co-signer counts only where it is trusted; with both trusted the recipe runs', async () => {
    await ok(b, 'trust', 'add', fpA, 'machine-a')
    await ok(b, ...onA('sign', '--cosign'))
    const onlyA = await cli(a, ['doctor', '--require', 'mldsa', '--threshold', '2'])
    expect(onlyA.code).toBe(2)
    expect(fs.existsSync(marker())).toBe(false)
    const both = await cli(a, [
      'doctor',
      '--require',
      'both',
      '--threshold',
      '2',
      '--trusted-signer',
      fpB
    ])
    expect(both.code).toBe(0)
    expect(fs.existsSync(marker())).toBe(true)
  })
})

describe('co-signing across two machines that each ran keygen', () => {
  it("B co-signs A's manifest: A's HMAC cannot be checked on B and is not taken for a change", async () => {
    await ok(b, 'trust', 'add', fpA, 'machine-a')
    const version = readDoc(a.manifest).body.version
    const seen = await verify(b, ...onA())
    expect(seen.signatures.map(s => s.state)).toEqual(['other-key', 'valid'])
    const text = await b.cli(onA('verify'))
    expect(text.stdout).toContain(
      'not checked (made with another HMAC key, which this machine does not hold)'
    )
    expect(text.stdout).not.toMatch(/\binvalid\b/)

    const r = await cli(b, onA('sign', '--cosign', '--json'))
    expect([r.code, r.lines]).toEqual([0, []])
    expect(JSON.parse(r.stdout)).toMatchObject({ cosigned: true, version })
    const doc = readDoc(a.manifest)
    expect(doc.body.version).toBe(version)
    expect(doc.signatures.map(s => s.alg)).toEqual(['hmac-sha256', 'ml-dsa-87', 'ml-dsa-87'])
    // A's own HMAC still holds on A, beside both signers.
    const onAsMachine = await verify(
      a,
      '--require',
      'both',
      '--threshold',
      '2',
      '--trusted-signer',
      fpB
    )
    expect(onAsMachine.code).toBe(0)
    expect(onAsMachine.reason).toBe('signed: HMAC and 2 trusted ML-DSA signer(s)')
  })

  it('B, not trusting A, is told that nothing on it can be checked and trusted here', async () => {
    const before = bytes()
    const r = await cli(b, onA('sign', '--cosign'))
    expect(r.code).toBe(2)
    expect(r.lines).toHaveLength(1)
    expect(r.lines[0]).toContain('no signature on it can be checked and trusted here')
    expect(r.lines[0]).toContain('made with another HMAC key')
    expect(r.lines[0]).not.toContain('body changed')
    expect(bytes()).toEqual(before)
  })

  it('a body changed after A signed is refused on B, byte-identical', async () => {
    await ok(b, 'trust', 'add', fpA, 'machine-a')
    fs.writeFileSync(a.manifest, bytes().toString().replace('recipe-ran', 'recipe-RAN'))
    const before = bytes()
    const r = await cli(b, onA('sign', '--cosign'))
    expect(r.code).toBe(2)
    expect(r.lines).toHaveLength(1)
    expect(r.lines[0]).toContain('a ml-dsa-87 signature does not verify')
    expect(bytes()).toEqual(before)
  })

  it("an HMAC claiming B's own key that does not verify is refused, not skipped", async () => {
    await ok(b, 'trust', 'add', fpA, 'machine-a')
    // B's key id, read from a manifest B signs itself.
    write(b.ws, 'etc/b.conf', 'b\n')
    await ok(b, 'add', 'etc/b.conf', '--id', 'b')
    await ok(b, 'sign')
    const bKeyid = readDoc(b.manifest).signatures.find(s => s.alg === 'hmac-sha256')?.keyid
    const doc = readDoc(a.manifest)
    writeDoc(a.manifest, {
      ...doc,
      signatures: doc.signatures.map(s =>
        s.alg === 'hmac-sha256' ? { ...s, keyid: bKeyid ?? '' } : s
      )
    })
    const before = bytes()
    const r = await cli(b, onA('sign', '--cosign'))
    expect(r.code).toBe(2)
    expect(r.lines[0]).toContain('a hmac-sha256 signature does not verify')
    expect(bytes()).toEqual(before)
  })
})

describe('sign --scope, repeated', () => {
  it('adds the parts: the repository limit given first still holds', async () => {
    await ok(a, 'sign', '--scope', 'repo=acme/app', '--scope', 'ref=refs/heads/main')
    expect(readDoc(a.manifest).body.scope).toEqual({
      repository: 'acme/app',
      ref: 'refs/heads/main'
    })
    const fork = { GITHUB_REPOSITORY: 'evil/fork', GITHUB_REF: 'refs/heads/main' }
    const r = await cli(a, ['doctor'], fork)
    expect(r.code).toBe(2)
    expect(fs.existsSync(marker())).toBe(false)
    const v = await a.cli(['verify', '--json'], fork)
    expect(JSON.parse(v.stdout)).toMatchObject({
      allowed: false,
      reason: expect.stringContaining('scoped to repository acme/app') as unknown
    })
  })

  it('refuses a part given twice and none beside other parts (exit 4, one line, byte-identical)', async () => {
    const before = bytes()
    for (const [args, says] of [
      [['--scope', 'repo=acme/app', '--scope', 'repo=acme/other'], 'repo given twice'],
      [['--scope', 'none', '--scope', 'repo=acme/app'], '--scope none removes the scope'],
      [['--scope', 'ref=refs/heads/main', '--scope', 'none'], '--scope none removes the scope']
    ] as const) {
      const r = await cli(a, ['sign', ...args])
      expect([args, r.code, r.lines.length]).toEqual([args, 4, 1])
      expect(r.lines[0]).toContain(says)
      expect(bytes()).toEqual(before)
    }
  })
})
