/**
 * push, pull and sync status called as use cases, the way the CLI calls them: a real workspace
 * signed with a real HMAC key, a real bare git repository as the store, real sealing. Each call
 * returns a finished result; every refusal throws one SwrError/UsageError and writes nothing.
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { hmacHex } from '../../../__fixtures__/keys.js'
import { hmacPolicy } from '../../../__fixtures__/policy.js'
import { hex64, plantBundle } from '../../../__fixtures__/sync-box.js'
import { add, makeWorkspace, write, type Workspace } from '../../../__fixtures__/workspace.js'
import {
  EXIT,
  type LoadedManifest,
  loadManifest,
  pull,
  type PullOptions,
  push,
  SwrError,
  syncStatus,
  UsageError,
  sync,
  walk
} from '../../../src/core/index.js'

const HMAC = hmacHex('engine-sync')
const SYNC_KEY = hex64('7')
const GH = `ghp_${'Q9w8E7r6T5'.repeat(4)}`

let ws: Workspace
let remote: string
/** A second machine's manifest location: nothing there until a pull writes it. */
let target: string

beforeEach(async () => {
  ws = makeWorkspace()
  remote = path.join(ws.base, 'r.git')
  execFileSync('git', ['init', '--quiet', '--bare', remote])
  target = path.join(ws.base, 'fresh', 'ws', '.swr', 'manifest.json')
  write(ws.root, 'etc/app.conf', 'port = 8080\n')
  write(ws.root, 'src/a.c', 'int a;\n')
  const signed = { ...ws, env: { SWR_HMAC_KEY: HMAC } }
  await add(signed, 'etc/app.conf', '--id', 'conf', '--restore', `fetch --token ${GH}`)
  await add(signed, 'src', '--id', 'src')
})

afterEach(() => ws.cleanup())

function manifest(): LoadedManifest {
  return loadManifest(ws.manifestFile, {})
}

function storeContext(): sync.StoreContext {
  return {
    cwd: ws.root,
    workspace: ws.root,
    env: { PATH: process.env.PATH, HOME: ws.home, GIT_TERMINAL_PROMPT: '0' },
    tmpDir: os.tmpdir(),
    deadlineMs: 20_000,
    requestMs: 10_000
  }
}

function pullOptions(over: Partial<PullOptions> = {}): PullOptions {
  const stateDir = path.join(ws.base, 'state-fresh')
  return {
    target,
    source: { from: [`git:${remote}`], defaultStores: [], name: 'ws' },
    env: {},
    cwd: path.dirname(path.dirname(target)),
    stateDir,
    syncKeyText: SYNC_KEY,
    policyFor: m => hmacPolicy(m, stateDir, HMAC),
    ...over
  }
}

const refs = (): string =>
  execFileSync('git', ['for-each-ref', 'refs/swr'], { cwd: remote, encoding: 'utf8' })

async function refusal(p: Promise<unknown>): Promise<Error> {
  try {
    await p
  } catch (err) {
    return err as Error
  }
  throw new Error('expected a refusal')
}

describe('push', () => {
  it('seals to this machine, stores a copy that reads back, records it and returns the code', async () => {
    const r = await push(manifest(), storeContext(), {
      stores: [`git:${remote}`],
      stateDir: ws.stateDir,
      syncKeyText: SYNC_KEY
    })
    expect(r).toMatchObject({
      kind: 'push',
      ok: true,
      sealed: true,
      recipients: ['this machine'],
      redacted: [],
      name: 'ws',
      manifest: ws.manifestFile
    })
    expect(r.replicas).toEqual([
      { store: `git:${remote}`, ok: true, locator: `git:${remote}#ws`, code: r.code }
    ])
    expect(r.code).toMatch(/^swr1:/)
    const status = await syncStatus(ws.manifestFile, storeContext(), { stateDir: ws.stateDir })
    expect(status).toMatchObject({ kind: 'sync-status', healthy: true })
    expect(status.replicas.map(x => [x.locator, x.health, x.sha256])).toEqual([
      [`git:${remote}#ws`, 'ok', r.sha256]
    ])
  })

  it('refuses to publish in clear unless asked, and then redacts the token it carries', async () => {
    const err = await refusal(
      push(manifest(), storeContext(), { stores: [`git:${remote}`], stateDir: ws.stateDir })
    )
    expect(err).toBeInstanceOf(SwrError)
    expect((err as SwrError).exitCode).toBe(EXIT.UNREPAIRABLE)
    expect(err.message).toMatch(/^push seals every copy and there is no key to seal it to/)
    expect(refs()).toBe('')

    const r = await push(manifest(), storeContext(), {
      stores: [`git:${remote}`],
      stateDir: ws.stateDir,
      plaintextOk: true
    })
    expect(r.sealed).toBe(false)
    expect(r.redacted).toEqual([{ variable: 'GITHUB_TOKEN', preview: 'ghp_…r6T5' }])
    const stored = execFileSync('git', ['cat-file', 'blob', 'refs/swr/ws:bundle.json'], {
      cwd: remote,
      encoding: 'utf8'
    })
    expect(stored).not.toContain(GH)
    expect(stored).toContain('${GITHUB_TOKEN}')
  })

  it('counts a store that fails as a failed replica, not as a thrown error', async () => {
    const r = await push(manifest(), storeContext(), {
      stores: [`git:${path.join(ws.base, 'no-such.git')}`, `git:${remote}`],
      stateDir: ws.stateDir,
      syncKeyText: SYNC_KEY
    })
    expect(r.ok).toBe(false)
    expect(r.replicas.map(x => x.ok)).toEqual([false, true])
    expect(r.code).toBe(r.replicas[1]?.code)
  })
})

describe('pull', () => {
  it('verifies and writes the manifest and its tree index, never over an existing file', async () => {
    const pushed = await push(manifest(), storeContext(), {
      stores: [`git:${remote}`],
      stateDir: ws.stateDir,
      syncKeyText: SYNC_KEY
    })
    const r = await pull(
      storeContext(),
      pullOptions({ source: { code: pushed.code, defaultStores: [] } })
    )
    expect(r).toMatchObject({
      kind: 'pull',
      status: 'pulled',
      manifest: target,
      sealed: true,
      expanded: [],
      sha256: pushed.sha256,
      digest: pushed.digest
    })
    expect(fs.readFileSync(target)).toEqual(fs.readFileSync(ws.manifestFile))
    expect(fs.readFileSync(walk.indexPath(target, 'src'))).toEqual(
      fs.readFileSync(walk.indexPath(ws.manifestFile, 'src'))
    )

    const again = await refusal(pull(storeContext(), pullOptions()))
    expect(again).toBeInstanceOf(UsageError)
    expect(again.message).toMatch(/already exists: pull never overwrites a manifest/)
    expect(await pull(storeContext(), pullOptions({ ifMissing: true }))).toEqual({
      kind: 'pull',
      status: 'present',
      manifest: target
    })
  })

  it('fills a redacted copy from the named variables, and the signed bytes come back', async () => {
    await push(manifest(), storeContext(), {
      stores: [`git:${remote}`],
      stateDir: ws.stateDir,
      plaintextOk: true
    })
    const r = await pull(
      storeContext(),
      pullOptions({ expand: ['GITHUB_TOKEN'], env: { GITHUB_TOKEN: GH, OTHER: 'x' } })
    )
    expect(r).toMatchObject({ status: 'pulled', sealed: false, expanded: ['GITHUB_TOKEN'] })
    expect(fs.readFileSync(target)).toEqual(fs.readFileSync(ws.manifestFile))
  })

  it('refuses a copy that fails its pin, and one whose signature does not hold: nothing written', async () => {
    await push(manifest(), storeContext(), {
      stores: [`git:${remote}`],
      stateDir: ws.stateDir,
      syncKeyText: SYNC_KEY
    })
    const pinned = await refusal(
      pull(
        storeContext(),
        pullOptions({
          source: { from: [`git:${remote}`], defaultStores: [], name: 'ws', sha256: '0'.repeat(64) }
        })
      )
    )
    expect(pinned.message).toMatch(/is not the pinned one/)
    expect(fs.existsSync(path.dirname(target))).toBe(false)

    const unsigned = await refusal(
      pull(
        storeContext(),
        pullOptions({
          policyFor: m => hmacPolicy(m, ws.stateDir, hmacHex('another key'))
        })
      )
    )
    expect(unsigned).toBeInstanceOf(SwrError)
    expect(unsigned.message).toMatch(/^pulled manifest refused: /)
    expect(fs.existsSync(path.dirname(target))).toBe(false)
  })

  it('names the flag of a conflicting or malformed source', async () => {
    const both = await refusal(
      pull(
        storeContext(),
        pullOptions({ source: { code: 'swr1:x', from: ['actions'], defaultStores: [] } })
      )
    )
    expect(both.message).toBe('--code names its store: leave out --from')
    const hex = await refusal(
      pull(
        storeContext(),
        pullOptions({ source: { from: [`git:${remote}`], defaultStores: [], sha256: 'abc' } })
      )
    )
    expect(hex.message).toBe('--sha256 takes 64 hex digits')
  })
})

describe('sync status', () => {
  it('says mismatch when the stored copy no longer reads back as pushed', async () => {
    await push(manifest(), storeContext(), {
      stores: [`git:${remote}`],
      stateDir: ws.stateDir,
      syncKeyText: SYNC_KEY
    })
    plantBundle(remote, 'ws', '{"other":"bytes"}', ws.base)
    const status = await syncStatus(ws.manifestFile, storeContext(), { stateDir: ws.stateDir })
    expect(status.healthy).toBe(false)
    expect(status.replicas.map(x => x.health)).toEqual(['mismatch'])
  })

  it('is not healthy when nothing was pushed', async () => {
    const status = await syncStatus(ws.manifestFile, storeContext(), { stateDir: ws.stateDir })
    expect(status).toEqual({
      kind: 'sync-status',
      manifest: ws.manifestFile,
      healthy: false,
      replicas: []
    })
  })
})
