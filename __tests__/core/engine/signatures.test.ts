/**
 * `swr verify`'s use case called directly: the gate's decision with each signature, the manifest
 * it judged, the outcome it means, and the rollback memory it keeps only when asked (the CLI) and
 * never for a waived run. Real manifests in temp directories, real HMAC and ML-DSA signatures.
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import path from 'node:path'
import {
  editManifest,
  type LoadedManifest,
  loadManifest,
  outcomeOf,
  signerWords,
  stateWords,
  verifySignatures,
  capture,
  sign
} from '../../../src/core/index.js'
import { signatureWords } from '../../../src/core/engine/signatures.js'
import type { PolicySources } from '../../../src/core/sign/policy.js'
import { editDoc, hmacHex, seedOf } from '../../../__fixtures__/keys.js'
import { makeWorkspace, write, type Workspace } from '../../../__fixtures__/workspace.js'

let ws: Workspace

beforeEach(() => {
  ws = makeWorkspace()
  write(ws.root, 'etc/app.conf', 'port = 8080\n', 0o644)
})

afterEach(() => ws.cleanup())

function policy(m: LoadedManifest, over: Partial<PolicySources> = {}) {
  return sign.makePolicy(m, {
    stateDir: ws.stateDir,
    require: 'any',
    hmacKeyText: hmacHex('a'),
    local: true,
    trustedSigners: [],
    run: {},
    now: new Date(),
    ...over
  })
}

/** A manifest tracking one file, saved by the engine's edit session (signed when a key is given). */
async function manifest(hmacKeyText?: string): Promise<LoadedManifest> {
  await editManifest(
    {
      located: { file: ws.manifestFile, how: 'flag' },
      cwd: ws.root,
      stateDir: ws.stateDir,
      policy: m => policy(m),
      hmacKeyText
    },
    async m => {
      const added = await capture.captureEntries(m.workspace, [{ path: 'etc/app.conf' }], new Set())
      m.doc.body.entries.push(...added.map(a => a.entry))
      return { value: 0, save: true }
    }
  )
  return loadManifest(ws.manifestFile, { cwd: ws.root })
}

describe('verifySignatures', () => {
  it('refuses an unsigned manifest: no signatures, outcome refused (exit 2), nothing remembered', async () => {
    const m = await manifest()
    const r = await verifySignatures(m, policy(m), { rememberIn: ws.stateDir })
    expect(r.kind).toBe('signatures')
    expect(r.gate).toMatchObject({ allowed: false, signatures: [] })
    expect(r.gate.reason).toMatch(/^manifest is unsigned; /)
    expect(r.manifest).toEqual({
      file: ws.manifestFile,
      digest: m.digest,
      version: m.body.version,
      expires: undefined,
      signatures: 0
    })
    expect(r.remembered).toBe(false)
    expect(outcomeOf(r)).toEqual({ status: 'refused', exitCode: 2 })
    expect(sign.recall(ws.stateDir, ws.manifestFile)).toBeUndefined()
  })

  it('allows a valid HMAC signature and remembers the version only where asked to', async () => {
    const m = await manifest(hmacHex('a'))
    const quiet = path.join(ws.base, 'state-action')
    const action = await verifySignatures(m, policy(m, { stateDir: quiet }))
    expect(action.gate.allowed).toBe(true)
    expect(action.remembered).toBe(false)
    expect(sign.recall(quiet, ws.manifestFile)).toBeUndefined()
    const cli = await verifySignatures(m, policy(m), { rememberIn: ws.stateDir })
    expect(cli).toMatchObject({ remembered: true, require: 'any' })
    expect(cli.gate.signatures.map(s => s.state)).toEqual(['valid'])
    expect(outcomeOf(cli)).toEqual({ status: 'healthy', exitCode: 0 })
    expect(sign.recall(ws.stateDir, ws.manifestFile)).toEqual({
      version: m.body.version,
      digest: m.digest
    })
  })

  it('a waived run is allowed with a warning but never becomes the floor', async () => {
    const m = await manifest()
    const r = await verifySignatures(m, policy(m, { waiveDigest: m.digest }), {
      rememberIn: ws.stateDir
    })
    expect(r.gate.allowed).toBe(true)
    expect(r.gate.warnings).toEqual([expect.stringContaining(m.digest)])
    expect(r.remembered).toBe(false)
    expect(sign.recall(ws.stateDir, ws.manifestFile)).toBeUndefined()
  })

  it('refuses a rollback to a version below what this machine accepted', async () => {
    const m = await manifest(hmacHex('a'))
    sign.remember(ws.stateDir, ws.manifestFile, {
      version: m.body.version + 5,
      digest: 'c'.repeat(64)
    })
    const r = await verifySignatures(m, policy(m), { rememberIn: ws.stateDir })
    expect(r.gate.allowed).toBe(false)
    expect(r.gate.reason).toMatch(/rollback|older|below/i)
    expect(sign.recall(ws.stateDir, ws.manifestFile)?.version).toBe(m.body.version + 5)
  })

  it('names each signature in words: a tampered body, another key, an untrusted signer', async () => {
    sign.createKeyFiles(ws.stateDir, [sign.secretKeyFile(sign.IDENTITY_FILE, seedOf('a'))])
    await manifest(hmacHex('a'))
    editDoc(ws.manifestFile, doc => {
      doc.body.entries[0]!.note = 'hand edit'
    })
    const m = loadManifest(ws.manifestFile, { cwd: ws.root })
    const other = await verifySignatures(
      m,
      policy(m, { stateDir: path.join(ws.base, 'elsewhere'), hmacKeyText: hmacHex('b') })
    )
    expect(other.gate.signatures.map(stateWords)).toEqual([
      'not checked (made with another HMAC key, which this machine does not hold)',
      'invalid'
    ])
    expect(signerWords(other.gate.signatures[0]!)).toMatch(/^hmac-sha256 \(key \S+\)$/)
    expect(signatureWords(other.gate.signatures[1]!)).toMatch(/^ml-dsa-87 [0-9a-f ]+: invalid$/)
    expect(other.manifest.signatures).toBe(2)
  })
})
