// swr push / pull through the real @actions/cache client and a loopback cache service: an
// escrow-carrying manifest is sealed (HPKE with X-Wing) before it leaves, the stored blob holds
// none of the escrowed bytes in clear, and a pulled manifest is verified before it is written.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { snapshotBundles, runCli, type Bundles } from '../../__fixtures__/cache-run.js'
import { startCacheServer, type CacheServer } from '../../__fixtures__/cache-server.js'
import { hmacHex } from '../../__fixtures__/keys.js'
import { makeWorkspace, write, type Workspace } from '../../__fixtures__/workspace.js'

const SECRET = 'escrowed-secret-value-7f3a9c'
let bundles: Bundles
let snap: string
let server: CacheServer
let ws: Workspace
let env: NodeJS.ProcessEnv

beforeAll(() => {
  snap = fs.mkdtempSync(path.join(os.tmpdir(), 'swr-sync-dist-'))
  bundles = snapshotBundles(snap)
})
afterAll(() => fs.rmSync(snap, { recursive: true, force: true }))

beforeEach(async () => {
  server = await startCacheServer()
  ws = makeWorkspace()
  env = { ...server.env, SWR_HMAC_KEY: hmacHex('sync'), GITHUB_WORKSPACE: ws.root }
  write(ws.root, 'conf/token.ini', `greeting=${SECRET}\n`)
  write(ws.root, 'src/a.c', 'int a;\n')
  write(ws.root, 'src/b.c', 'int b;\n')
  const cli = (...args: string[]) => runCli(bundles, args, ws, env)
  expect((await cli('keygen', '--no-mldsa')).code).toBe(0)
  expect((await cli('add', 'conf/token.ini', '--id', 'token', '--restore', 'true')).code).toBe(0)
  expect((await cli('add', 'src', '--id', 'src')).code).toBe(0)
  expect((await cli('escrow', '--only', 'token')).code).toBe(0)
})
afterEach(async () => {
  await server.close()
  ws.cleanup()
})

/** Every stored cache blob, decompressed and unpacked to text. */
function storedText(): string {
  return server
    .entries()
    .map(e => {
      const blob = server.blobPath(e.key, e.version)
      return execFileSync('bash', ['-c', `zstd -dc '${blob}' | tar -xOP`], {
        encoding: 'utf8',
        maxBuffer: 64 << 20
      })
    })
    .join('\n')
}

describe('swr push / pull', () => {
  it('round-trips an escrow-carrying manifest, sealed: the stored blob has no escrowed bytes in clear', async () => {
    const before = fs.readFileSync(ws.manifestFile)
    const escrowData =
      (
        JSON.parse(before.toString()).body.entries as { id: string; escrow?: { data: string } }[]
      ).find(e => e.id === 'token')?.escrow?.data ?? ''
    expect(escrowData.length).toBeGreaterThan(10)
    const push = await runCli(bundles, ['push', '--json'], ws, env)
    expect(push.code).toBe(0)
    expect(JSON.parse(push.stdout).sealed).toBe(true)
    const stored = storedText()
    expect(stored).toContain('"sealed":true')
    expect(stored).not.toContain(SECRET)
    expect(stored).not.toContain(escrowData)
    expect(stored).not.toContain('conf/token.ini')
    // The workspace, manifest and tree indexes are wiped; the state dir (keys) survives.
    fs.rmSync(path.join(ws.root, '.swr'), { recursive: true })
    fs.rmSync(path.join(ws.root, 'conf'), { recursive: true })
    const pull = await runCli(bundles, ['pull', '--require', 'hmac'], ws, env)
    expect(pull.stderr).not.toMatch(/^swr: /m)
    expect(pull.stderr).not.toMatch(/::debug::/)
    expect(pull.code).toBe(0)
    expect(fs.readFileSync(ws.manifestFile)).toEqual(before)
    const doctor = await runCli(bundles, ['doctor', '--require', 'hmac'], ws, env)
    expect(doctor.code).toBe(0)
    expect(fs.readFileSync(path.join(ws.root, 'conf/token.ini'), 'utf8')).toBe(
      `greeting=${SECRET}\n`
    )
  }, 60_000)

  it('refuses to push escrowed bytes without a sync key', async () => {
    fs.rmSync(path.join(ws.stateDir, 'keys', 'sync.seed'))
    const push = await runCli(bundles, ['push'], ws, env)
    expect(push.code).toBe(2)
    expect(push.stderr).toMatch(/never sent in clear/)
    expect(server.entries()).toHaveLength(0)
  })

  it('a pull with another sync key, a poisoned bundle or an unsigned manifest writes nothing', async () => {
    expect((await runCli(bundles, ['push'], ws, env)).code).toBe(0)
    fs.rmSync(path.join(ws.root, '.swr'), { recursive: true })
    const other = await runCli(bundles, ['pull'], ws, { ...env, SWR_SYNC_KEY: 'ab'.repeat(32) })
    expect(other.code).toBe(2)
    expect(other.stderr).toMatch(/sealed to another sync key/)
    expect(fs.existsSync(ws.manifestFile)).toBe(false)
    // An unsigned manifest (no HMAC key on this run) is refused by the gate, after opening.
    const unsigned = await runCli(bundles, ['pull', '--require', 'hmac'], ws, {
      ...env,
      SWR_HMAC_KEY: 'cd'.repeat(32)
    })
    expect(unsigned.code).toBe(2)
    expect(unsigned.stderr).toMatch(/pulled manifest refused/)
    expect(fs.existsSync(ws.manifestFile)).toBe(false)
    // A bundle altered in storage (one ciphertext byte) does not open.
    const entry = server.entries()[0]
    if (!entry) throw new Error('nothing was pushed')
    const work = fs.mkdtempSync(path.join(os.tmpdir(), 'swr-poison-'))
    const blob = server.blobPath(entry.key, entry.version)
    execFileSync('bash', ['-c', `mkdir -p a/b && cd a/b && zstd -dc '${blob}' | tar -xP`], {
      cwd: work
    })
    const bundleFile = path.join(work, 'swr-sync', 'bundle.json')
    const envelope = JSON.parse(fs.readFileSync(bundleFile, 'utf8')) as { ct: string }
    const ct = Buffer.from(envelope.ct, 'base64')
    ct[ct.length >> 1] = (ct[ct.length >> 1] ?? 0) ^ 1
    envelope.ct = ct.toString('base64')
    fs.writeFileSync(bundleFile, JSON.stringify(envelope))
    execFileSync(
      'bash',
      ['-c', `cd a/b && tar -cP ../../swr-sync | zstd -q -o ../../poisoned.tar.zst`],
      { cwd: work }
    )
    server.poison(entry.key, fs.readFileSync(path.join(work, 'poisoned.tar.zst')))
    fs.rmSync(work, { recursive: true, force: true })
    const poisoned = await runCli(bundles, ['pull'], ws, env)
    expect(poisoned.code).toBe(2)
    expect(poisoned.stderr).toMatch(/does not open/)
    expect(fs.existsSync(ws.manifestFile)).toBe(false)
  }, 60_000)

  it('never pulls over an existing manifest', async () => {
    expect((await runCli(bundles, ['push'], ws, env)).code).toBe(0)
    const before = fs.readFileSync(ws.manifestFile)
    const pull = await runCli(bundles, ['pull'], ws, env)
    expect(pull.code).toBe(4)
    expect(fs.readFileSync(ws.manifestFile)).toEqual(before)
  })
})
