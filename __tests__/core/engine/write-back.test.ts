/**
 * The write-back use case called as the shells call it: `swr doctor` with the findings of its
 * final re-check, the Action's post step with an untrusted hand-over that must name the checked
 * manifest, pass the gate under the step's own policy and still verify. A real recipe heals, a
 * real HMAC signs; the cache is a directory behind the engine's CacheClient port (the Actions
 * cache service itself is exercised through the bundles in __tests__/cache/cache-sources).
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import fs from 'node:fs'
import path from 'node:path'
import { add, makeWorkspace, run, write, type Workspace } from '../../../__fixtures__/workspace.js'
import {
  type CacheClient,
  type LoadedManifest,
  loadManifest,
  repairManifest,
  type RepairReport,
  sign,
  writeBacks
} from '../../../src/core/index.js'
import { stateKey } from '../../../src/core/cache-port.js'

let ws: Workspace

/** A cache that keeps a copy of each saved path in a directory, one per key. */
function directoryCache(dir: string): CacheClient & { saves: string[] } {
  const saves: string[] = []
  return {
    saves,
    find: () => Promise.resolve(undefined),
    lookup: (_abs, key) => Promise.resolve(fs.existsSync(path.join(dir, key))),
    save: (abs, key) => {
      saves.push(abs)
      const to = path.join(dir, key)
      if (fs.existsSync(to)) return Promise.resolve('exists')
      fs.cpSync(abs, to, { recursive: true, verbatimSymlinks: true })
      return Promise.resolve('saved')
    }
  }
}

beforeEach(async () => {
  ws = makeWorkspace()
  write(ws.root, 'models/m.bin', 'weights\n', 0o644)
  write(ws.root, 'etc/app.conf', 'port = 8080\n', 0o644)
  await add(
    ws,
    'models/m.bin',
    '--id',
    'model',
    '--restore',
    "mkdir -p models && printf 'weights\\n' > models/m.bin"
  )
  await add(ws, 'etc/app.conf', '--id', 'conf')
  expect((await run(['keygen', '--no-mldsa', '--no-sync'], ws)).code).toBe(0)
  expect((await run(['sign'], ws)).code).toBe(0)
})

afterEach(() => ws.cleanup())

function manifest(): LoadedManifest {
  return loadManifest(ws.manifestFile, {})
}

function policy(m: LoadedManifest, local: boolean): ReturnType<typeof sign.makePolicy> {
  return sign.makePolicy(m, {
    stateDir: ws.stateDir,
    require: 'hmac',
    local,
    trustedSigners: [],
    run: {},
    now: new Date()
  })
}

async function healByRecipe(m: LoadedManifest): Promise<RepairReport> {
  fs.rmSync(path.join(ws.root, 'models'), { recursive: true })
  const report = await repairManifest(m, {
    mode: 'doctor',
    version: 'test',
    stateDir: ws.stateDir,
    policy: policy(m, true),
    rememberAccepted: false,
    callerEnv: process.env
  })
  expect(report.repair.write_back.map(w => w.id)).toEqual(['model'])
  return report
}

const entry = (m: LoadedManifest, id: string) => m.body.entries.find(e => e.id === id)!

describe("doctor's write-back: the findings of its final re-check", () => {
  it('saves each healed entry under the key of its signed expectations', async () => {
    const m = manifest()
    const report = await healByRecipe(m)
    const cache = directoryCache(ws.outside)
    const done = await writeBacks.writeBack(
      m,
      report.repair.write_back.map(w => w.id),
      { client: cache, current: { findings: report.results } }
    )
    const key = stateKey(entry(m, 'model'))
    expect(done).toEqual({ saved: [{ id: 'model', key, outcome: 'saved' }] })
    expect(cache.saves).toEqual([path.join(ws.root, 'models/m.bin')])
    expect(fs.readFileSync(path.join(ws.outside, key), 'utf8')).toBe('weights\n')
    expect(writeBacks.savedLine({ id: 'model', key, outcome: 'saved' })).toBe(
      `model saved as ${key}`
    )
    // Saved once: a second write-back finds it there.
    const again = await writeBacks.writeBack(m, ['model'], {
      client: cache,
      current: { findings: report.results }
    })
    expect('saved' in again && writeBacks.savedLine(again.saved[0]!)).toBe(
      `model already saved as ${key}`
    )
  })

  it('an entry that no longer verifies is told and not saved', async () => {
    const m = manifest()
    const report = await healByRecipe(m)
    const findings = report.results.map(f =>
      f.id === 'model' ? { ...f, status: 'CORRUPT' as const } : f
    )
    const cache = directoryCache(ws.outside)
    const done = await writeBacks.writeBack(m, ['model'], { client: cache, current: { findings } })
    expect(done).toEqual({
      saved: [
        { id: 'model', key: stateKey(entry(m, 'model')), outcome: 'changed', status: 'CORRUPT' }
      ]
    })
    expect('saved' in done && writeBacks.savedLine(done.saved[0]!)).toBe(
      'model no longer verifies (CORRUPT): not saved'
    )
    expect(cache.saves).toEqual([])
  })
})

describe("the post step's write-back: an untrusted hand-over", () => {
  const reverify = () => ({ stateDir: ws.stateDir, nativeWalk: false })

  it('the genuine hand-over re-verifies the entry now and saves it', async () => {
    const m = manifest()
    await healByRecipe(m)
    const cache = directoryCache(ws.outside)
    const done = await writeBacks.writeBackHandedOver(
      m,
      { digest: m.digest, ids: ['model'] },
      { client: cache, policy: policy(m, true), reverify: reverify() }
    )
    expect(done).toEqual({
      saved: [{ id: 'model', key: stateKey(entry(m, 'model')), outcome: 'saved' }]
    })
  })

  it('an entry the build changed since the main step is not saved', async () => {
    const m = manifest()
    await healByRecipe(m)
    fs.writeFileSync(path.join(ws.root, 'models/m.bin'), 'poisoned\n')
    const cache = directoryCache(ws.outside)
    const done = await writeBacks.writeBackHandedOver(
      m,
      { digest: m.digest, ids: ['model'] },
      { client: cache, policy: policy(m, true), reverify: reverify() }
    )
    expect('saved' in done && done.saved.map(s => s.outcome)).toEqual(['changed'])
    expect(cache.saves).toEqual([])
  })

  it('another digest, a failed gate, an unknown id or a symlinked parent saves nothing', async () => {
    const m = manifest()
    await healByRecipe(m)
    const cache = directoryCache(ws.outside)
    const handed = { digest: m.digest, ids: ['model'] }
    const opts = { client: cache, policy: policy(m, true), reverify: reverify() }
    expect(
      await writeBacks.writeBackHandedOver(m, { ...handed, digest: '0'.repeat(64) }, opts)
    ).toEqual({
      refused: 'the manifest is not the one the main step checked'
    })
    // Without the local HMAC key the signature does not verify under require: hmac.
    expect(
      await writeBacks.writeBackHandedOver(m, handed, { ...opts, policy: policy(m, false) })
    ).toEqual({
      refused: 'the manifest does not pass the signature gate'
    })
    expect(await writeBacks.writeBackHandedOver(m, { ...handed, ids: ['ssh'] }, opts)).toEqual({
      refused: 'the saved state names entries the manifest does not have'
    })
    // A parent directory swapped for a symlink to a directory outside, holding a secret.
    write(ws.outside, 'moved/m.bin', 'PRIVATE KEY', 0o600)
    fs.rmSync(path.join(ws.root, 'models'), { recursive: true })
    fs.symlinkSync(path.join(ws.outside, 'moved'), path.join(ws.root, 'models'))
    expect(await writeBacks.writeBackHandedOver(m, handed, opts)).toEqual({
      refused: 'entry model: models is a symlink'
    })
    // Nor does doctor's write-back follow it, whatever its findings say.
    const findings = [{ id: 'model', status: 'OK' } as RepairReport['results'][number]]
    expect(
      await writeBacks.writeBack(m, ['model'], { client: cache, current: { findings } })
    ).toEqual({
      refused: 'entry model: models is a symlink'
    })
    expect(cache.saves).toEqual([])
  })
})
