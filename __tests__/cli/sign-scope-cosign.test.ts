/**
 * `swr sign --scope/--expires` (set, checked, removed) and `swr sign --cosign` with real keys: two
 * ML-DSA identities on two machines (two state directories), machine A also holding an HMAC key.
 * A threshold of 2 is met only with both signatures, refused with one, refused after any edit.
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import fs from 'node:fs'
import { ok, otherMachine, readDoc, verifyJson } from '../../__fixtures__/keys.js'
import { add, makeWorkspace, run, write, type Workspace } from '../../__fixtures__/workspace.js'

let ws: Workspace

beforeEach(() => {
  ws = makeWorkspace()
  write(ws.root, 'bin/build.sh', '#!/bin/sh\necho build\n', 0o755)
  write(ws.root, 'etc/app.conf', 'port = 8080\n', 0o644)
})
afterEach(() => ws.cleanup())

const bytes = (): Buffer => fs.readFileSync(ws.manifestFile)

async function keygen(opts: Workspace, ...args: string[]): Promise<string> {
  const r = await ok(opts, 'keygen', '--json', ...args)
  return (JSON.parse(r.stdout) as { mldsa_fingerprint: string }).mldsa_fingerprint
}

async function refusedWith(code: number, opts: Workspace, ...args: string[]): Promise<string> {
  const before = bytes()
  const r = await run(args, opts)
  expect(r.code).toBe(code)
  expect(bytes()).toEqual(before)
  const lines = r.stderr.split('\n').filter(Boolean)
  expect(lines).toHaveLength(1)
  return lines[0] ?? ''
}

describe('sign --scope and --expires', () => {
  beforeEach(async () => {
    await keygen(ws)
    await add(ws, 'bin/build.sh', '--id', 'build', '--restore', 'cp /golden/build.sh bin/')
  })

  it('signs a scope the gate then compares with the run; "none" removes it', async () => {
    const r = await run(['sign', '--scope', 'repo=acme/app,ref=refs/heads/*,path', '--json'], ws)
    expect(r.code).toBe(0)
    const scope = {
      repository: 'acme/app',
      ref: 'refs/heads/*',
      manifest_path: '.swr/manifest.json'
    }
    expect(JSON.parse(r.stdout)).toMatchObject({ schema: 'swr.sign/1', scope })
    expect(readDoc(ws.manifestFile).body.scope).toEqual(scope)
    const inScope = { GITHUB_REPOSITORY: 'acme/app', GITHUB_REF: 'refs/heads/main' }
    expect((await run(['verify'], { ...ws, env: inScope })).code).toBe(0)
    const v = await verifyJson({ ...ws, env: { ...inScope, GITHUB_REPOSITORY: 'acme/other' } })
    expect(v.code).toBe(2)
    expect(v.json.reason).toContain('scoped to repository acme/app')
    await ok({ ...ws, env: inScope }, 'sign', '--scope', 'none')
    expect(readDoc(ws.manifestFile).body.scope).toBeUndefined()
    expect((await run(['verify'], ws)).code).toBe(0)
  })

  it('refuses a scope that could never match, and a bad expiry (exit 4, byte-identical)', async () => {
    expect(await refusedWith(4, ws, 'sign', '--scope', 'repo=acme')).toContain('OWNER/NAME')
    expect(await refusedWith(4, ws, 'sign', '--scope', 'ref=main')).toContain('refs/heads/main')
    expect(await refusedWith(4, ws, 'sign', '--scope', 'path=other/manifest.json')).toContain(
      'read from .swr/manifest.json'
    )
    expect(await refusedWith(4, ws, 'sign', '--scope', 'branch=main')).toContain('unknown part')
    expect(await refusedWith(4, ws, 'sign', '--expires', '2020-01-01')).toContain(
      'not in the future'
    )
    expect(await refusedWith(4, ws, 'sign', '--expires', '2031-02-30')).toContain('not a real date')
    expect(await refusedWith(4, ws, 'sign', '--expires', 'soon')).toContain('30d')
    expect(await refusedWith(4, ws, 'sign', '--expires', '99999w')).toContain('ten years')
  })

  it('--expires 30d sets a date 30 days ahead; "never" removes it', async () => {
    const now = Date.now()
    await ok(ws, 'sign', '--expires', '30d')
    const at = Date.parse(readDoc(ws.manifestFile).body.expires ?? '')
    expect(Math.abs(at - (now + 30 * 86400e3))).toBeLessThan(120e3)
    expect((await run(['verify'], ws)).code).toBe(0)
    const day = `${new Date().getUTCFullYear() + 2}-06-30`
    await ok(ws, 'sign', '--expires', day)
    expect(readDoc(ws.manifestFile).body.expires).toBe(`${day}T00:00:00Z`)
    await ok(ws, 'sign', '--expires', 'never')
    expect(readDoc(ws.manifestFile).body.expires).toBeUndefined()
  })
})

describe('co-signing toward a threshold', () => {
  let fpA: string
  let fpB: string
  let machineB: Workspace
  /** A verifier trusting both signers and asking for two of them. */
  const strict = (): Promise<Awaited<ReturnType<typeof verifyJson>>> =>
    verifyJson(
      otherMachine(ws, ws.base, 'v'),
      '--require',
      'mldsa',
      '--threshold',
      '2',
      '--trusted-signer',
      fpA,
      '--trusted-signer',
      fpB
    )

  beforeEach(async () => {
    fpA = await keygen(ws)
    await add(ws, 'bin/build.sh', '--id', 'build', '--restore', 'cp /golden/build.sh bin/')
    machineB = otherMachine(ws, ws.base, 'b')
    fpB = await keygen(machineB, '--no-hmac', '--no-sync')
    await ok(machineB, 'trust', 'add', fpA, 'machine-a')
  })

  it('one signature is refused; B co-signs the same version; then both are required and met', async () => {
    const one = await strict()
    expect(one.code).toBe(2)
    expect(one.json.reason).toContain('2 distinct trusted ML-DSA signers required')
    const version = readDoc(ws.manifestFile).body.version
    const digest = one.json.digest

    const r = await run(['sign', '--cosign', '--json'], machineB)
    expect(r.code).toBe(0)
    expect(JSON.parse(r.stdout)).toMatchObject({ cosigned: true, version, digest })
    const doc = readDoc(ws.manifestFile)
    expect(doc.body.version).toBe(version)
    expect(doc.signatures.map(s => s.alg)).toEqual(['hmac-sha256', 'ml-dsa-87', 'ml-dsa-87'])

    const two = await strict()
    expect(two.code).toBe(0)
    expect(two.json.reason).toBe('signed: 2 trusted ML-DSA signer(s)')
    // Trusting only one of the two signers is one signer again.
    const onlyA = await verifyJson(
      otherMachine(ws, ws.base, 'w'),
      '--require',
      'mldsa',
      '--threshold',
      '2',
      '--trusted-signer',
      fpA
    )
    expect(onlyA.code).toBe(2)
    // Machine A (HMAC key, trusts itself) with B trusted: HMAC and both signers.
    const both = await verifyJson(
      ws,
      '--require',
      'both',
      '--threshold',
      '2',
      '--trusted-signer',
      fpB
    )
    expect(both.code).toBe(0)
    // Co-signing again replaces B's own signature: still two signers, same version.
    await ok(machineB, 'sign', '--cosign')
    expect(readDoc(ws.manifestFile).signatures).toHaveLength(3)
    expect(readDoc(ws.manifestFile).body.version).toBe(version)
  })

  it('an edit signed again by A alone drops B: refused until B co-signs the new version', async () => {
    await ok(machineB, 'sign', '--cosign')
    expect((await strict()).code).toBe(0)
    await ok(ws, 'edit', 'build', '--note', 'changed')
    expect(readDoc(ws.manifestFile).signatures.filter(s => s.alg === 'ml-dsa-87')).toHaveLength(1)
    expect((await strict()).code).toBe(2)
    await ok(machineB, 'sign', '--cosign')
    expect((await strict()).code).toBe(0)
  })

  it('a hand edit after both signed is refused by the verifier, and B will not co-sign it', async () => {
    await ok(machineB, 'sign', '--cosign')
    fs.writeFileSync(ws.manifestFile, bytes().toString().replace('/golden/', '/evil/'))
    const v = await strict()
    expect(v.code).toBe(2)
    const line = await refusedWith(2, machineB, 'sign', '--cosign')
    expect(line).toContain('does not verify')
  })

  it('cannot co-sign an unsigned manifest, without an identity, or with --scope', async () => {
    const hmacOnly = otherMachine(ws, ws.base, 'h')
    await ok(hmacOnly, 'keygen', '--no-mldsa')
    expect(await refusedWith(2, hmacOnly, 'sign', '--cosign')).toContain('no identity')
    expect(await refusedWith(4, machineB, 'sign', '--cosign', '--expires', '1d')).toContain(
      '--cosign'
    )
  })
})
