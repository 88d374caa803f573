/**
 * The edit session called directly: open -> authorise -> change -> save above the rollback floor,
 * sign, remember, under the manifest's lock. Real workspaces in temp directories, real keys
 * (HMAC and ML-DSA-87 from fixed seeds) and real signatures; the CLI tests prove the commands
 * built on it behave as before.
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import fs from 'node:fs'
import path from 'node:path'
import {
  cosignManifest,
  editManifest,
  type EditSession,
  EXIT,
  type LoadedManifest,
  loadManifest,
  type OpenedManifest,
  signManifest,
  SwrError,
  verifySignatures,
  capture,
  sign as signApi
} from '../../../src/core/index.js'
import { editDoc, hmacHex, readDoc, seedOf } from '../../../__fixtures__/keys.js'
import { makeWorkspace, write, type Workspace } from '../../../__fixtures__/workspace.js'

const LEGACY = path.resolve(import.meta.dirname, '../../../__fixtures__/legacy')

let ws: Workspace

beforeEach(() => {
  ws = makeWorkspace()
  write(ws.root, 'etc/app.conf', 'port = 8080\n', 0o644)
  write(ws.root, 'etc/extra.conf', 'extra = 1\n', 0o644)
})

afterEach(() => ws.cleanup())

interface Machine {
  stateDir: string
  hmacKeyText?: string | undefined
  trusted?: string[]
  require?: string
  threshold?: number
  repository?: string
}

/** The policy a machine judges by: its state directory's trust store and keys, plus `trusted`. */
function policyOf(machine: Machine) {
  return (m: LoadedManifest) =>
    signApi.makePolicy(m, {
      stateDir: machine.stateDir,
      require: machine.require ?? 'any',
      hmacKeyText: machine.hmacKeyText,
      local: true,
      trustedSigners: machine.trusted ?? [],
      threshold: machine.threshold,
      run: { repository: machine.repository },
      now: new Date()
    })
}

function session(machine: Machine, over: Partial<EditSession> = {}): EditSession {
  return {
    located: { file: ws.manifestFile, how: 'flag' },
    cwd: ws.root,
    stateDir: machine.stateDir,
    policy: policyOf(machine),
    hmacKeyText: machine.hmacKeyText,
    lock: { waitMs: 5_000 },
    ...over
  }
}

const withHmac: () => Machine = () => ({ stateDir: ws.stateDir, hmacKeyText: hmacHex('a') })

/** A change that tracks `rel` as a new entry. */
async function track(m: OpenedManifest, rel: string, stateDir: string) {
  const taken = new Set(m.doc.body.entries.map(e => e.id))
  const added = await capture.captureEntries(m.workspace, [{ path: rel }], taken, { stateDir })
  m.doc.body.entries.push(...added.map(a => a.entry))
  return { value: added.map(a => a.entry.id), save: true }
}

/** This machine's ML-DSA identity, from a fixed seed; returns its fingerprint. */
async function giveIdentity(stateDir: string, label: string): Promise<string> {
  signApi.createKeyFiles(stateDir, [signApi.secretKeyFile(signApi.IDENTITY_FILE, seedOf(label))])
  return (await signApi.identityFromSeed(seedOf(label))).fingerprint
}

function load(): LoadedManifest {
  return loadManifest(ws.manifestFile, { cwd: ws.root })
}

describe('editManifest: open, change, save, sign, signApi.remember', () => {
  it("starts a manifest where none is, describing the .swr directory's parent, signed and remembered", async () => {
    const machine = withHmac()
    const done = await editManifest(session(machine), m => track(m, 'etc/app.conf', ws.stateDir))
    expect(done.manifest.created).toBe(true)
    expect(done.manifest.workspace).toBe(ws.root)
    expect(done.value).toEqual(['etc-app.conf'])
    expect(done.saved).toMatchObject({ signed: true, version: 2 })
    const m = load()
    expect(m.digest).toBe(done.saved!.digest)
    expect(m.doc.signatures.map(s => s.alg)).toEqual(['hmac-sha256'])
    expect(signApi.recall(ws.stateDir, ws.manifestFile)).toEqual({
      version: 2,
      digest: done.saved!.digest
    })
    const verdict = await verifySignatures(m, policyOf(machine)(m))
    expect(verdict.gate.allowed).toBe(true)
  })

  it('without a key saves unsigned and says why; nothing is remembered for a new manifest', async () => {
    const done = await editManifest(session({ stateDir: ws.stateDir }), m =>
      track(m, 'etc/app.conf', ws.stateDir)
    )
    expect(done.saved).toMatchObject({ signed: false, version: 1 })
    expect(done.saved!.note).toMatch(/no signing key here/)
    expect(readDoc(ws.manifestFile).signatures).toEqual([])
    expect(signApi.recall(ws.stateDir, ws.manifestFile)).toBeUndefined()
  })

  it('writes nothing when the change saves nothing', async () => {
    const machine = withHmac()
    const none = await editManifest(session(machine), m => ({ value: m.created, save: false }))
    expect(none.value).toBe(true)
    expect(none.saved).toBeUndefined()
    expect(fs.existsSync(ws.manifestFile)).toBe(false)
    await editManifest(session(machine), m => track(m, 'etc/app.conf', ws.stateDir))
    const before = fs.readFileSync(ws.manifestFile)
    await editManifest(session(machine), () => ({ value: 0, save: false }))
    expect(fs.readFileSync(ws.manifestFile)).toEqual(before)
  })

  it('refuses to edit a signed manifest whose signature no longer verifies; the change never runs', async () => {
    const machine = withHmac()
    await editManifest(session(machine), m => track(m, 'etc/app.conf', ws.stateDir))
    editDoc(ws.manifestFile, doc => {
      doc.body.entries[0]!.note = 'changed by hand'
    })
    const before = fs.readFileSync(ws.manifestFile)
    let ran = false
    const refused = editManifest(session(machine), m => {
      ran = true
      return track(m, 'etc/extra.conf', ws.stateDir)
    })
    await expect(refused).rejects.toThrow(/signature does not verify .*refusing to edit/)
    await expect(refused).rejects.toMatchObject({ exitCode: EXIT.UNREPAIRABLE })
    expect(ran).toBe(false)
    expect(fs.readFileSync(ws.manifestFile)).toEqual(before)
  })

  it('edits it once the exact content is approved by digest, and signs it again', async () => {
    const machine = withHmac()
    await editManifest(session(machine), m => track(m, 'etc/app.conf', ws.stateDir))
    editDoc(ws.manifestFile, doc => {
      doc.body.entries[0]!.note = 'reviewed'
    })
    const digest = load().digest
    await expect(
      editManifest(session(machine, { approveDigest: '0'.repeat(64) }), m =>
        track(m, 'etc/extra.conf', ws.stateDir)
      )
    ).rejects.toThrow(/--approve-digest does not match/)
    const done = await editManifest(session(machine, { approveDigest: digest }), m =>
      track(m, 'etc/extra.conf', ws.stateDir)
    )
    expect(done.saved!.signed).toBe(true)
    const m = load()
    expect(m.body.entries.map(e => e.note)).toEqual(['reviewed', undefined])
    expect((await verifySignatures(m, policyOf(machine)(m))).gate.allowed).toBe(true)
  })

  it('an unsigned manifest stays unsigned after an edit (signing is the explicit approval)', async () => {
    await editManifest(session({ stateDir: ws.stateDir }), m =>
      track(m, 'etc/app.conf', ws.stateDir)
    )
    const done = await editManifest(session(withHmac()), m =>
      track(m, 'etc/extra.conf', ws.stateDir)
    )
    expect(done.manifest.resign).toBe(false)
    expect(done.manifest.note).toMatch(/unsigned: run "swr sign"/)
    expect(done.saved).toMatchObject({ signed: false, version: 2 })
    expect(readDoc(ws.manifestFile).signatures).toEqual([])
  })

  it('refuses an older copy than the one accepted here, and saves an approved one above that floor', async () => {
    const machine = withHmac()
    await editManifest(session(machine), m => track(m, 'etc/app.conf', ws.stateDir))
    signApi.remember(ws.stateDir, ws.manifestFile, { version: 41, digest: 'a'.repeat(64) })
    await expect(
      editManifest(session(machine), m => track(m, 'etc/extra.conf', ws.stateDir))
    ).rejects.toThrow(/older than version 41 already accepted here/)
    const approved = session(machine, { approveDigest: load().digest })
    const done = await editManifest(approved, m => track(m, 'etc/extra.conf', ws.stateDir))
    expect(done.saved).toMatchObject({ signed: true, version: 42 })
    expect(load().body.version).toBe(42)
    expect(signApi.recall(ws.stateDir, ws.manifestFile)?.version).toBe(42)
  })

  it('writes the sidecars it is given first and removes the dropped ones after the save', async () => {
    const machine = withHmac()
    await editManifest(session(machine), m => track(m, 'etc/app.conf', ws.stateDir))
    const side = path.join(ws.root, '.swr', 'side.bin')
    const stale = path.join(ws.root, '.swr', 'stale.bin')
    fs.writeFileSync(stale, 'old')
    await editManifest(session(machine), m => {
      m.doc.body.entries[0]!.note = 'n'
      return {
        value: 0,
        save: true,
        sidecars: new Map([[side, Buffer.from('new')]]),
        dropped: [stale]
      }
    })
    expect(fs.readFileSync(side, 'utf8')).toBe('new')
    expect(fs.existsSync(stale)).toBe(false)
  })

  it("holds the manifest's lock from open to save: a second session waits, then gives up", async () => {
    const machine = withHmac()
    let release!: () => void
    const gate = new Promise<void>(r => (release = r))
    let entered!: () => void
    const inside = new Promise<void>(r => (entered = r))
    const first = editManifest(session(machine), async m => {
      entered()
      await gate
      return track(m, 'etc/app.conf', ws.stateDir)
    })
    await inside
    const waited: string[] = []
    const second = editManifest(
      session(machine, { lock: { waitMs: 400, onWait: h => void waited.push(h) } }),
      m => track(m, 'etc/extra.conf', ws.stateDir)
    )
    await expect(second).rejects.toThrow(/is locked by another swr run/)
    expect(waited).toHaveLength(1)
    release()
    await first
    expect(load().body.entries.map(e => e.id)).toEqual(['etc-app.conf'])
  })

  it('refuses a format-2 manifest: it must be imported first', async () => {
    fs.mkdirSync(path.dirname(ws.manifestFile))
    fs.copyFileSync(path.join(LEGACY, 'manifest-v2.json'), ws.manifestFile)
    await expect(
      editManifest(session(withHmac(), { workspace: ws.root }), () => ({ value: 0, save: true }))
    ).rejects.toThrow(/format-2 manifest: convert it first with "swr import"/)
  })
})

describe('signManifest and cosignManifest', () => {
  it('signs with every key here above the floors of the old and the new scope', async () => {
    const machine = withHmac()
    await editManifest(session({ stateDir: ws.stateDir }), m =>
      track(m, 'etc/app.conf', ws.stateDir)
    )
    const fp = await giveIdentity(ws.stateDir, 'a')
    // Another checkout of the same repository accepted version 7 under the scope being added.
    const scope = { repository: 'o/r', manifest_path: '.swr/manifest.json' }
    const elsewhere = path.join(ws.outside, '.swr', 'manifest.json')
    signApi.remember(ws.stateDir, elsewhere, { version: 7, digest: 'b'.repeat(64) }, scope)
    const signed = await signManifest(session(machine), m => ({ ...m.body, scope }))
    expect(signed.by).toEqual({ hmac: true, mldsa: fp })
    expect(signed.doc.body.version).toBe(8)
    const m = load()
    expect(m.digest).toBe(signed.digest)
    expect(m.body.scope).toEqual(scope)
    const here = { ...machine, require: 'both', trusted: [fp], repository: 'o/r' }
    const both = await verifySignatures(m, policyOf(here)(m))
    expect(both.gate.allowed).toBe(true)
    expect(signApi.recall(ws.stateDir, ws.manifestFile, scope)).toEqual({
      version: 8,
      digest: signed.digest
    })
  })

  it('refuses without a key, writing nothing', async () => {
    await editManifest(session({ stateDir: ws.stateDir }), m =>
      track(m, 'etc/app.conf', ws.stateDir)
    )
    const before = fs.readFileSync(ws.manifestFile)
    const refused = signManifest(session({ stateDir: ws.stateDir }), m => m.body)
    await expect(refused).rejects.toThrow(/no signing key/)
    await expect(refused).rejects.toBeInstanceOf(SwrError)
    expect(fs.readFileSync(ws.manifestFile)).toEqual(before)
  })

  it('a second signer co-signs the same body and version; two signers then meet a threshold of 2', async () => {
    const a = { stateDir: ws.stateDir }
    const b = { stateDir: path.join(ws.base, 'state-b') }
    const fpA = await giveIdentity(a.stateDir, 'a')
    const fpB = await giveIdentity(b.stateDir, 'b')
    await editManifest(session(a), m => track(m, 'etc/app.conf', a.stateDir))
    const first = load()
    const cosigned = await cosignManifest(session({ ...b, trusted: [fpA] }))
    expect(cosigned.digest).toBe(first.digest)
    expect(cosigned.doc.body.version).toBe(first.body.version)
    const m = load()
    expect(m.doc.signatures.map(s => s.keyid).sort()).toEqual([fpA, fpB].sort())
    const judge = { stateDir: path.join(ws.base, 'state-c'), require: 'mldsa', threshold: 2 }
    expect(
      (await verifySignatures(m, policyOf({ ...judge, trusted: [fpA, fpB] })(m))).gate.allowed
    ).toBe(true)
    expect(
      (await verifySignatures(m, policyOf({ ...judge, trusted: [fpA] })(m))).gate.allowed
    ).toBe(false)
    expect(signApi.recall(b.stateDir, ws.manifestFile)?.digest).toBe(first.digest)
  })

  it('will not co-sign over a signature that no longer verifies, nor one it cannot trust', async () => {
    const a = { stateDir: ws.stateDir }
    const b = { stateDir: path.join(ws.base, 'state-b') }
    const fpA = await giveIdentity(a.stateDir, 'a')
    await giveIdentity(b.stateDir, 'b')
    await editManifest(session(a), m => track(m, 'etc/app.conf', a.stateDir))
    await expect(cosignManifest(session(b))).rejects.toThrow(
      /no signature on it can be checked and trusted here \(ml-dsa-87 .*: untrusted signer\)/
    )
    editDoc(ws.manifestFile, doc => {
      doc.body.entries[0]!.note = 'slipped in'
    })
    const before = fs.readFileSync(ws.manifestFile)
    await expect(cosignManifest(session({ ...b, trusted: [fpA] }))).rejects.toThrow(
      /a ml-dsa-87 signature does not verify .*refusing to co-sign/
    )
    expect(fs.readFileSync(ws.manifestFile)).toEqual(before)
  })
})
