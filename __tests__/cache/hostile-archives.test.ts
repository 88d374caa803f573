/**
 * Hostile cache archives, end to end: a legitimate cache is saved with the real @actions/cache
 * client to the loopback cache service, then its stored blob is replaced by a hand-built archive
 * (absolute and `..` names, links that escape or are written through, device nodes, bombs, wrong
 * bytes, a truncated stream). `swr doctor` (the bundled CLI) must refuse each one with its reason in
 * the report, write nothing outside its private scratch directory (a sentinel tree around the
 * workspace is compared before and after), leave the workspace exactly as it was, and go on to the
 * next restore source (a recipe that logs and fails, so the workspace stays as the archive left it).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals'
import { execFileSync, spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { makeRepo } from '../../__fixtures__/action.js'
import {
  node,
  runCli,
  runStep,
  seed,
  stepCacheEnv,
  snapshotBundles,
  type Bundles,
  type ProcResult
} from '../../__fixtures__/cache-run.js'
import { startCacheServer, type CacheServer } from '../../__fixtures__/cache-server.js'
import { editAndApprove, hmacHex } from '../../__fixtures__/keys.js'
import { pause } from '../../__fixtures__/repair.js'
import { paxRecord, tarBytes, tarZst, zstd, type TarMember } from '../../__fixtures__/tar-build.js'
import {
  add,
  bytes,
  fixtureEnv,
  makeWorkspace,
  write,
  type RunOptions,
  type Workspace
} from '../../__fixtures__/workspace.js'
import { cacheVersion } from '../../src/adapters/cache-service.js'
import type { StepResult } from '../../src/core/restore/runner.js'
import type { RepairReport } from '../../src/core/report/report.js'
import type { Entry } from '../../src/core/types.js'

const KEY = hmacHex('hostile-archives')
const FAIL_RECIPE = 'echo tried >> ../recipe.log; exit 3'
const GOOD = bytes(4096, 7)

type Keyed = RunOptions & { manifestFile: string }

let tmp = ''
let bundles: Bundles
const cleanups: (() => void | Promise<void>)[] = []

beforeAll(() => {
  tmp = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'swr-hostile-')))
  bundles = snapshotBundles(tmp)
})
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()?.()
})
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }))

interface Setup {
  s: CacheServer
  w: Workspace
  keyed: Keyed
  env: Record<string, string>
  scratch: string
}

/** A workspace tracking `models/model.bin` (file) or `models` (tree), sources [cache, failing recipe]. */
async function setup(kind: 'file' | 'tree'): Promise<Setup> {
  const s = await startCacheServer()
  const w = makeWorkspace()
  cleanups.push(
    () => s.close(),
    () => w.cleanup()
  )
  const keyed: Keyed = { ...w, manifestFile: w.manifestFile, env: { SWR_HMAC_KEY: KEY } }
  const scratch = path.join(w.base, 'runner-temp')
  fs.mkdirSync(scratch)
  // The sentinel tree around the workspace.
  write(w.base, 'outside/victim.txt', 'victim\n')
  write(w.home, '.bashrc', '# rc\n')
  write(w.base, 'sentinel.txt', 'sentinel\n')
  if (kind === 'file') {
    write(w.root, 'models/model.bin', GOOD, 0o644)
    await add(keyed, 'models/model.bin', '--id', 'm')
  } else {
    write(w.root, 'models/a.txt', 'alpha\n', 0o644)
    write(w.root, 'models/b.txt', 'bravo\n', 0o644)
    write(w.root, 'models/sub/c.txt', 'charlie\n', 0o644)
    fs.symlinkSync('../../outside', path.join(w.root, 'models/link'))
    await add(keyed, 'models', '--id', 'm', '--kind', 'tree')
  }
  await editAndApprove(keyed, doc => {
    ;(doc.body.entries[0] as Entry).restore = [{ cache: { key: 'models-v1' } }, FAIL_RECIPE]
  })
  const env = { ...s.env, GITHUB_WORKSPACE: w.root, RUNNER_TEMP: scratch }
  return { s, w, keyed, env, scratch }
}

/** Save with the real client in this process (its own temp directory kept apart from swr's). */
function seedAs(
  x: Setup,
  paths: string[],
  key: string,
  extra: Record<string, string> = {}
): Promise<number> {
  const temp = path.join(x.w.base, 'seed-temp')
  fs.mkdirSync(temp, { recursive: true })
  return seed({ ...x.env, RUNNER_TEMP: temp, ...extra }, paths, key)
}

/** Every path below `dir` with its type, mode and content digest (or link target). */
function snapshot(dir: string, skip: (rel: string) => boolean): Map<string, string> {
  const out = new Map<string, string>()
  const visit = (abs: string): void => {
    const rel = path.relative(dir, abs)
    if (rel && skip(rel)) return
    const st = fs.lstatSync(abs)
    if (st.isSymbolicLink()) out.set(rel, `l ${fs.readlinkSync(abs)}`)
    else if (st.isDirectory()) {
      out.set(rel, `d ${st.mode & 0o7777}`)
      for (const n of fs.readdirSync(abs)) visit(path.join(abs, n))
    } else
      out.set(
        rel,
        `f ${st.mode & 0o7777} ${createHash('sha256').update(fs.readFileSync(abs)).digest('hex')}`
      )
  }
  visit(dir)
  return out
}

/** The base directory minus what swr may legitimately write: its state dir and the recipe's log. */
const world = (w: Workspace): Map<string, string> =>
  snapshot(w.base, rel => rel === 'state' || rel === 'recipe.log')

interface Doctor extends ProcResult {
  report: RepairReport
  step: StepResult
}

async function doctor(x: Setup): Promise<Doctor> {
  const r = await runCli(bundles, ['doctor', '--json', '--no-cache'], x.keyed, x.env)
  let report: RepairReport
  try {
    report = JSON.parse(r.stdout) as RepairReport
  } catch {
    throw new Error(`doctor printed no report (exit ${r.code}):\n${r.stdout}\n${r.stderr}`)
  }
  const step = report.repair.steps.find(st => st.id === 'm')
  if (!step) throw new Error(`no step: ${JSON.stringify(report.repair)}`)
  return { ...r, report, step }
}

/** Seed the legitimate cache of `models...`, then swap its blob for `hostile`. */
async function plant(x: Setup, rel: string, hostile: Buffer): Promise<void> {
  await seedAs(x, [path.join(x.w.root, rel)], 'models-v1')
  x.s.poison('models-v1', hostile)
}

/** Run doctor against the planted archive and check the refusal contract. */
async function refused(x: Setup, reason: RegExp): Promise<Doctor> {
  const before = world(x.w)
  const r = await doctor(x)
  const cache = r.step.attempts.find(a => a.source === 'cache' && a.key === 'models-v1')
  expect(cache).toMatchObject({ outcome: 'not-healed', matchedKey: 'models-v1', exact: true })
  expect(cache?.detail).toMatch(/^cache exact hit rejected: /)
  expect(cache?.detail).toMatch(reason)
  // The next source ran (and failed, as planned), so the workspace is as the refusal left it.
  expect(r.step.attempts.at(-1)).toMatchObject({ source: 'recipe', outcome: 'failed' })
  expect(fs.readFileSync(path.join(x.w.base, 'recipe.log'), 'utf8')).toBe('tried\n')
  // Nothing written anywhere around the workspace, nothing left in scratch.
  expect(world(x.w)).toEqual(before)
  expect(fs.readdirSync(x.scratch)).toEqual([])
  expect(r.stderr).not.toMatch(/^\s+at\s.+:\d+:\d+\)?$/m)
  return r
}

const fileEntry = async (): Promise<Setup> => {
  const x = await setup('file')
  fs.rmSync(path.join(x.w.root, 'models/model.bin'))
  return x
}
const treeEntry = async (): Promise<Setup> => {
  const x = await setup('tree')
  return x
}
/** Damage the tree after the legitimate cache of it was saved. */
const damageTree = (x: Setup): void => fs.rmSync(path.join(x.w.root, 'models/a.txt'))

describe('hostile archives for a file entry (models/model.bin)', () => {
  it('an absolute member name is refused', async () => {
    const x = await fileEntry()
    write(x.w.root, 'models/model.bin', GOOD, 0o644)
    await plant(
      x,
      'models/model.bin',
      tarZst([{ name: path.join(x.w.base, 'outside/victim.txt'), data: 'pwned\n' }])
    )
    fs.rmSync(path.join(x.w.root, 'models/model.bin'))
    await refused(x, /absolute member name: \//)
  })

  it('a "../" member is refused', async () => {
    const x = await fileEntry()
    write(x.w.root, 'models/model.bin', GOOD, 0o644)
    await plant(x, 'models/model.bin', tarZst([{ name: '../outside/victim.txt', data: 'pwned\n' }]))
    fs.rmSync(path.join(x.w.root, 'models/model.bin'))
    await refused(x, /member climbs out with "\.\.": \.\.\/outside\/victim\.txt/)
  })

  it('a hard link to a file outside is refused', async () => {
    const x = await fileEntry()
    write(x.w.root, 'models/model.bin', GOOD, 0o644)
    await plant(
      x,
      'models/model.bin',
      tarZst([{ name: 'models/model.bin', type: 'hardlink', target: '../outside/victim.txt' }])
    )
    fs.rmSync(path.join(x.w.root, 'models/model.bin'))
    await refused(x, /hard link out of the entry: models\/model\.bin -> \.\.\/outside\/victim\.txt/)
  })

  it('device nodes and FIFOs are refused', async () => {
    for (const [type, said] of [
      ['fifo', 'FIFO'],
      ['char', 'character device']
    ] as const) {
      const x = await fileEntry()
      write(x.w.root, 'models/model.bin', GOOD, 0o644)
      await plant(x, 'models/model.bin', tarZst([{ name: 'models/model.bin', type }]))
      fs.rmSync(path.join(x.w.root, 'models/model.bin'))
      await refused(x, new RegExp(`${said} member: models/model\\.bin`))
      while (cleanups.length) await cleanups.pop()?.()
    }
  })

  it('an oversized member is refused from its header, before its bytes are read', async () => {
    const x = await fileEntry()
    write(x.w.root, 'models/model.bin', GOOD, 0o644)
    // Declares 8 GiB and carries none of it: only the header is ever looked at.
    await plant(
      x,
      'models/model.bin',
      tarZst([{ name: 'models/model.bin', size: 8 * 1024 ** 3, data: '' }], { noEnd: true })
    )
    fs.rmSync(path.join(x.w.root, 'models/model.bin'))
    await refused(x, /size 8589934592, recorded 4096/)
  })

  it('a symlinked parent in the workspace is not written through, even one that stays inside', async () => {
    const x = await fileEntry()
    write(x.w.root, 'models/model.bin', GOOD, 0o644)
    await seedAs(x, [path.join(x.w.root, 'models/model.bin')], 'models-v1')
    // The legitimate archive, but models/ is now a link (to a directory inside the workspace: one
    // leading out stops every source before the cache is asked, see below).
    fs.rmSync(path.join(x.w.root, 'models'), { recursive: true })
    fs.mkdirSync(path.join(x.w.root, 'elsewhere'))
    fs.symlinkSync('elsewhere', path.join(x.w.root, 'models'))
    await refused(x, /not placed: models is a symbolic link/)
    expect(fs.readdirSync(path.join(x.w.root, 'elsewhere'))).toEqual([])
  })

  it('a truncated archive is refused and nothing of it is placed', async () => {
    const x = await fileEntry()
    write(x.w.root, 'models/model.bin', GOOD, 0o644)
    await seedAs(x, [path.join(x.w.root, 'models/model.bin')], 'models-v1')
    x.s.corrupt('models-v1', 'truncate')
    fs.rmSync(path.join(x.w.root, 'models/model.bin'))
    await refused(x, /truncat|corrupt|size|content differs/)
  })
})

describe('hostile archives for a tree entry (models/, with its signed index)', () => {
  it('a symlink member and then a write through it is refused', async () => {
    const x = await treeEntry()
    await plant(
      x,
      'models',
      tarZst([
        { name: 'models', type: 'dir' },
        { name: 'models/link', type: 'symlink', target: '../../outside' },
        { name: 'models/link/victim.txt', data: 'pwned\n' }
      ])
    )
    damageTree(x)
    await refused(x, /member written through a link: models\/link\/victim\.txt/)
  })

  it('a 100k-member archive stops at its first member outside the index', async () => {
    const x = await treeEntry()
    const many: TarMember[] = [{ name: 'models', type: 'dir' }]
    for (let i = 0; i < 100_000; i++) many.push({ name: `models/f${i}` })
    await plant(x, 'models', tarZst(many))
    damageTree(x)
    const r = await refused(x, /extra file: f0$/)
    expect(r.ms).toBeLessThan(20_000)
  })

  it('an oversized file in place of a recorded one is refused at its header', async () => {
    const x = await treeEntry()
    await plant(
      x,
      'models',
      tarZst([
        { name: 'models', type: 'dir' },
        { name: 'models/a.txt', data: Buffer.alloc(64 * 1024 * 1024) }
      ])
    )
    damageTree(x)
    await refused(x, /a\.txt: size 67108864, recorded 6/)
  })

  it('the right files with the wrong bytes are refused at the first wrong file', async () => {
    const x = await treeEntry()
    // Same names, sizes and modes (a real tar by the real client), one file's bytes changed.
    fs.writeFileSync(path.join(x.w.root, 'models/b.txt'), 'BRAVO\n')
    await seedAs(x, [path.join(x.w.root, 'models')], 'models-v1')
    fs.writeFileSync(path.join(x.w.root, 'models/b.txt'), 'bravo\n')
    damageTree(x)
    await refused(x, /b\.txt: content differs from the recorded sha256/)
  })

  it('an extra file is named', async () => {
    const x = await treeEntry()
    write(x.w.root, 'models/zz-extra.txt', 'extra\n')
    await seedAs(x, [path.join(x.w.root, 'models')], 'models-v1')
    fs.rmSync(path.join(x.w.root, 'models/zz-extra.txt'))
    damageTree(x)
    await refused(x, /extra file: zz-extra\.txt/)
  })

  it('a "../" member inside the tree path is refused', async () => {
    const x = await treeEntry()
    await plant(
      x,
      'models',
      tarZst([
        { name: 'models', type: 'dir' },
        { name: 'models/../../outside/victim.txt', data: 'pwned\n' }
      ])
    )
    damageTree(x)
    await refused(x, /member name with "", "\." or "\.\.": models\/\.\.\/\.\.\/outside/)
  })

  it('a legitimate archive is proven while extracting and placed; the damaged tree is replaced', async () => {
    const x = await treeEntry()
    await seedAs(x, [path.join(x.w.root, 'models')], 'models-v1')
    damageTree(x)
    write(x.w.root, 'models/junk.txt', 'junk\n')
    const r = await doctor(x)
    expect(r.code).toBe(0)
    expect(r.step).toMatchObject({ outcome: 'repaired', source: 'cache' })
    expect(r.step.after?.detail).toMatch(/verified while extracting/)
    expect(r.report.verdict).toBe('healthy')
    // The final check took the extraction's proof instead of reading the placed tree again.
    expect(r.report.results.find(f => f.id === 'm')?.detail).toMatch(/verified while extracting/)
    expect(fs.readFileSync(path.join(x.w.root, 'models/a.txt'), 'utf8')).toBe('alpha\n')
    expect(fs.existsSync(path.join(x.w.root, 'models/junk.txt'))).toBe(false)
    expect(fs.readlinkSync(path.join(x.w.root, 'models/link'))).toBe('../../outside')
    expect(fs.readdirSync(x.w.root).filter(n => n.startsWith('.swr-'))).toEqual([])
    expect(fs.readdirSync(x.scratch)).toEqual([])
    expect(fs.existsSync(path.join(x.w.base, 'recipe.log'))).toBe(false)
  })
})

describe('caches saved by actions/cache with a relative path', () => {
  it('a cache saved with `path: models/model.bin` (as written) is found by a {"cache": …} source', async () => {
    const x = await setup('file')
    const cwd = process.cwd()
    process.chdir(x.w.root)
    try {
      await seedAs(x, ['models/model.bin'], 'models-v1')
    } finally {
      process.chdir(cwd)
    }
    fs.rmSync(path.join(x.w.root, 'models/model.bin'))
    const r = await doctor(x)
    expect(r.code).toBe(0)
    expect(r.step).toMatchObject({ outcome: 'repaired', source: 'cache' })
    expect(r.step.attempts.at(-1)).toMatchObject({
      source: 'cache',
      outcome: 'healed',
      key: 'models-v1',
      exact: true
    })
    expect(fs.readFileSync(path.join(x.w.root, 'models/model.bin'))).toEqual(GOOD)
    expect(fs.existsSync(path.join(x.w.base, 'recipe.log'))).toBe(false)
  })
})

describe('swr pull and the canary state refuse hostile archives in scratch', () => {
  it('pull: a poisoned bundle archive (absolute member, "../" member) is refused; nothing is written', async () => {
    for (const hostile of [
      (w: Workspace) => [{ name: path.join(w.base, 'outside/victim.txt'), data: 'pwned\n' }],
      () => [{ name: '../../../../../../../../../../tmp/pwned-by-swr-test.txt', data: 'pwned\n' }]
    ]) {
      const x = await setup('file')
      // No sync key in this box: a copy in clear (nothing in this manifest is secret).
      const push = await runCli(bundles, ['push', '--json', '--plaintext-ok'], x.keyed, x.env)
      expect(push.code).toBe(0)
      const pushed = JSON.parse(push.stdout) as { replicas: { locator: string }[] }
      const key = pushed.replicas[0]!.locator.slice('actions:'.length)
      x.s.poison(key, tarZst(hostile(x.w)))
      fs.rmSync(path.join(x.w.root, '.swr'), { recursive: true })
      const before = world(x.w)
      // (push's client leaves its own empty temp directory in RUNNER_TEMP: not pull's doing)
      const scratchBefore = fs.readdirSync(x.scratch)
      const pull = await runCli(bundles, ['pull', '--require', 'hmac'], x.keyed, x.env)
      expect(pull.code).toBe(2)
      expect(pull.stderr).toMatch(
        new RegExp(
          `pulled bundle refused: ${key}: (absolute member name|member outside the entry's path)`
        )
      )
      expect(world(x.w)).toEqual(before)
      expect(fs.existsSync(x.w.manifestFile)).toBe(false)
      expect(fs.readdirSync(x.scratch)).toEqual(scratchBefore)
      expect(fs.existsSync('/tmp/pwned-by-swr-test.txt')).toBe(false)
      while (cleanups.length) await cleanups.pop()?.()
    }
  })
})

describe('the Action canary state', () => {
  it('a poisoned canary state archive is refused in scratch; the read starts afresh and writes nothing outside', async () => {
    const s = await startCacheServer()
    const repo = makeRepo()
    cleanups.push(
      () => s.close(),
      () => repo.cleanup()
    )
    write(repo.base, 'outside/victim.txt', 'victim\n')
    const env = { ...stepCacheEnv(s, repo), TMPDIR: path.join(repo.base, 'tmp') }
    fs.mkdirSync(env.TMPDIR)
    const plant = await runStep(bundles.main, repo, {
      inputs: { command: 'canary-plant' },
      env
    })
    expect(plant.code).toBe(0)
    const [saved] = s.entries().filter(e => e.finalized)
    expect(saved?.key).toMatch(/^swr-canary-v1-/)
    s.poison(
      saved?.key ?? '',
      tarZst([
        { name: path.join(repo.base, 'outside/victim.txt'), data: 'pwned\n' },
        { name: '../../outside/victim.txt', data: 'pwned\n' }
      ])
    )
    // A fresh runner: RUNNER_TEMP (and with it the canary state) emptied.
    fs.rmSync(repo.runnerTemp, { recursive: true, force: true })
    fs.mkdirSync(repo.runnerTemp)
    const before = snapshot(
      repo.base,
      rel =>
        rel.startsWith('runner-temp') ||
        rel === 'tmp' ||
        rel.startsWith('tmp/') ||
        rel.startsWith('ws') ||
        rel.startsWith('home')
    )
    const read = await runStep(bundles.main, repo, { inputs: { command: 'canary-read' }, env })
    expect(read.code).toBe(0)
    expect(read.stdout).toMatch(
      new RegExp(`canary state from ${saved?.key ?? ''} refused \\(absolute member name: `)
    )
    expect(JSON.parse(read.outputs.canary ?? '{}')).toEqual({
      schema: 'swr.action-canary/1',
      planted: false
    })
    expect(fs.readFileSync(path.join(repo.base, 'outside/victim.txt'), 'utf8')).toBe('victim\n')
    expect(
      snapshot(
        repo.base,
        rel =>
          rel.startsWith('runner-temp') ||
          rel === 'tmp' ||
          rel.startsWith('tmp/') ||
          rel.startsWith('ws') ||
          rel.startsWith('home')
      )
    ).toEqual(before)
    // Only the fresh state directory is left in RUNNER_TEMP besides the runner's own files.
    expect(fs.readdirSync(repo.runnerTemp).filter(n => !n.startsWith('_cache_'))).toEqual([
      'swr-canary-state'
    ])
  })
})

describe('the CLI outside a runner', () => {
  it('push and doctor keep the client temp files in a private directory and print no workflow commands', async () => {
    const x = await setup('file')
    const tmpdir = path.join(x.w.base, 'tmpdir')
    fs.mkdirSync(tmpdir)
    // No RUNNER_TEMP, no GITHUB_ACTIONS: a terminal on a developer machine with a cache service.
    const env: Record<string, string> = { ...x.env, TMPDIR: tmpdir }
    delete env.RUNNER_TEMP
    const push = await runCli(bundles, ['push', '--plaintext-ok'], x.keyed, env)
    expect(push.code).toBe(0)
    expect(push.stdout).toMatch(/^pushed /)
    const said = push.stdout + push.stderr
    expect(said).not.toMatch(/::(add-mask|debug|warning|error)/)
    expect(said).not.toContain('[command]')
    // The client's archive went to a private temp directory, removed afterwards.
    expect(fs.readdirSync(tmpdir)).toEqual([])
    expect(
      fs.existsSync('/home/actions/temp') && fs.readdirSync('/home/actions/temp').length
    ).toBeFalsy()

    await seedAs(x, [path.join(x.w.root, 'models/model.bin')], 'models-v1')
    fs.rmSync(path.join(x.w.root, 'models/model.bin'))
    const r = await runCli(bundles, ['doctor'], x.keyed, env)
    expect(r.code).toBe(0)
    expect(r.stdout + r.stderr).not.toMatch(/::(add-mask|debug|warning|error)|\[command\]/)
    expect(fs.readdirSync(tmpdir)).toEqual([])
  })
})

describe('gzip caches', () => {
  it('a cache saved where zstd is missing (gzip) is found and proven', async () => {
    const x = await setup('tree')
    // A PATH with tar and gzip but no zstd: the client then compresses with gzip.
    const bin = path.join(x.w.base, 'bin-no-zstd')
    fs.mkdirSync(bin)
    for (const tool of ['tar', 'gzip']) {
      const found = ['/usr/bin', '/bin'].map(d => path.join(d, tool)).find(p => fs.existsSync(p))
      if (!found) throw new Error(`no ${tool}`)
      fs.symlinkSync(found, path.join(bin, tool))
    }
    await seedAs(x, [path.join(x.w.root, 'models')], 'models-v1', { PATH: bin })
    expect(x.s.entries().map(e => e.version)).toEqual([
      cacheVersion([path.join(x.w.root, 'models')], 'gzip')
    ])
    damageTree(x)
    const r = await doctor(x)
    expect(r.code).toBe(0)
    expect(r.step).toMatchObject({ outcome: 'repaired', source: 'cache' })
    expect(r.step.after?.detail).toMatch(/verified while extracting/)
    expect(fs.readFileSync(path.join(x.w.root, 'models/a.txt'), 'utf8')).toBe('alpha\n')
  })
})

/**
 * Archives past the first 512 files are written by a writer thread: the same refusals hold there,
 * a good archive still heals, and a refusal after hundreds of proven files leaves nothing behind.
 */
describe('large trees: the writer-thread path', () => {
  const COUNT = 700
  const name = (i: number): string => `models/f${String(i).padStart(4, '0')}.txt`
  const body = (i: number): string => `file ${i}\n`.repeat(1 + (i % 5))

  async function bigTree(): Promise<Setup> {
    const x = await setup('tree')
    for (let i = 0; i < COUNT; i++) write(x.w.root, name(i), body(i), 0o644)
    // Record the bigger tree: re-capture the entry on purpose (re-signed with the HMAC key).
    const r = await runCli(bundles, ['rescan', 'm'], x.keyed, x.env)
    expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 0, stderr: expect.any(String) })
    return x
  }
  /** The tree as tar members in order, each file's bytes from `data(i)`. */
  function members(data: (i: number) => string, at?: { index: number; member: TarMember }) {
    const out: TarMember[] = [
      { name: 'models', type: 'dir', mode: 0o755 },
      { name: 'models/a.txt', data: 'alpha\n', mode: 0o644 },
      { name: 'models/b.txt', data: 'bravo\n', mode: 0o644 },
      { name: 'models/sub', type: 'dir', mode: 0o755 },
      { name: 'models/sub/c.txt', data: 'charlie\n', mode: 0o644 },
      { name: 'models/link', type: 'symlink', target: '../../outside' }
    ]
    for (let i = 0; i < COUNT; i++) {
      if (at && at.index === i) out.push(at.member)
      out.push({ name: name(i), data: data(i), mode: 0o644 })
    }
    return out
  }

  it('a good archive of 700+ files heals the tree, proven while extracting', async () => {
    const x = await bigTree()
    await seedAs(x, [path.join(x.w.root, 'models')], 'models-v1')
    fs.rmSync(path.join(x.w.root, 'models'), { recursive: true })
    const r = await doctor(x)
    expect(r.step).toMatchObject({ outcome: 'repaired', source: 'cache' })
    expect(fs.readFileSync(path.join(x.w.root, name(COUNT - 1)), 'utf8')).toBe(body(COUNT - 1))
    expect(fs.readdirSync(x.scratch)).toEqual([])
  })

  it('wrong bytes in file 650 are refused there; nothing of the 649 proven files is placed', async () => {
    const x = await bigTree()
    await plant(x, 'models', tarZst(members(i => (i === 650 ? body(i).toUpperCase() : body(i)))))
    damageTree(x)
    await refused(x, new RegExp(`f0650\\.txt: content differs from the recorded sha256`))
  })

  it('a "../" member after 600 good files is refused and writes nothing outside', async () => {
    const x = await bigTree()
    const evil: TarMember = { name: 'models/../../outside/victim.txt', data: 'pwned\n' }
    await plant(x, 'models', tarZst(members(body, { index: 600, member: evil })))
    damageTree(x)
    await refused(x, /member name with "", "\." or "\.\.": models\/\.\.\/\.\.\/outside/)
    expect(fs.readFileSync(path.join(x.w.base, 'outside/victim.txt'), 'utf8')).toBe('victim\n')
  })
})

/**
 * A tree recorded without an index or digests (as format 2 imported it): only the shape and the
 * bounds judge its archive, and the verifier then checks the scratch copy by its sentinel alone.
 */
async function looseTree(): Promise<Setup> {
  const x = await setup('tree')
  await editAndApprove(x.keyed, doc => {
    const e = doc.body.entries[0] as Entry & { expect: Record<string, unknown> }
    for (const k of ['index', 'content_digest', 'meta_digest', 'max_files', 'files'])
      delete e.expect[k]
    e.expect.sentinels = ['a.txt']
    e.expect.min_files = 1
  })
  return x
}
/** The loose tree's archive: its root and its sentinel, then `more`. */
const looseMembers = (...more: TarMember[]): TarMember[] => [
  { name: 'models', type: 'dir', mode: 0o755 },
  { name: 'models/a.txt', data: 'alpha\n', mode: 0o644 },
  ...more
]

describe('symlink chains in a tree without an index', () => {
  it('links that chain out of the entry are refused, whatever their order', async () => {
    const cases: [TarMember[], RegExp][] = [
      // Each lexically inside; together: m -> (l = models)/../../.. = above the workspace.
      [
        [
          { name: 'models/x', type: 'dir' },
          { name: 'models/x/y', type: 'dir' },
          { name: 'models/x/y/l', type: 'symlink', target: '../..' },
          { name: 'models/x/y/m', type: 'symlink', target: 'l/../../../outside' }
        ],
        /link escapes the entry: models\/x\/y\/m -> l\/\.\.\/\.\.\/\.\.\/outside$/
      ],
      // m goes through k before k exists; k, extracted later, makes it leave.
      [
        [
          { name: 'models/x/y/m', type: 'symlink', target: 'k/../../../outside' },
          { name: 'models/x/y/k', type: 'symlink', target: '..' }
        ],
        /link escapes the entry: models\/x\/y\/m -> k\/\.\.\/\.\.\/\.\.\/outside$/
      ],
      // A directory made for an earlier member, then a link in its place.
      [
        [
          { name: 'models/x/f.txt', data: 'f\n' },
          { name: 'models/x', type: 'symlink', target: '.' }
        ],
        /link in place of a directory: models\/x -> \.$/
      ]
    ]
    for (const [more, reason] of cases) {
      const x = await looseTree()
      await plant(x, 'models', tarZst(looseMembers(...more)))
      fs.rmSync(path.join(x.w.root, 'models'), { recursive: true })
      await refused(x, reason)
      expect(fs.existsSync(path.join(x.w.root, 'models'))).toBe(false)
      expect(fs.readdirSync(path.join(x.w.base, 'outside'))).toEqual(['victim.txt'])
      while (cleanups.length) await cleanups.pop()?.()
    }
  })

  it('links that stay inside the entry are restored, and unsigned setuid/sticky/world-writable bits are dropped', async () => {
    const x = await looseTree()
    await plant(
      x,
      'models',
      tarZst(
        looseMembers(
          { name: 'models/bin', type: 'dir', mode: 0o1777 },
          { name: 'models/bin/tool', data: '#!/bin/sh\n', mode: 0o6777 },
          { name: 'models/x', type: 'dir' },
          { name: 'models/x/up', type: 'symlink', target: '../bin/tool' }
        )
      )
    )
    fs.rmSync(path.join(x.w.root, 'models'), { recursive: true })
    const before = snapshot(path.join(x.w.base, 'outside'), () => false)
    const r = await doctor(x)
    expect(r.step).toMatchObject({ outcome: 'repaired', source: 'cache' })
    expect(r.step.detail).toMatch(
      /\(setuid, setgid, sticky and world-writable bits dropped from 2 members\)$/
    )
    const mode = (rel: string): number => fs.lstatSync(path.join(x.w.root, rel)).mode & 0o7777
    expect(mode('models/bin')).toBe(0o775)
    expect(mode('models/bin/tool')).toBe(0o775)
    expect(fs.readlinkSync(path.join(x.w.root, 'models/x/up'))).toBe('../bin/tool')
    expect(snapshot(path.join(x.w.base, 'outside'), () => false)).toEqual(before)
  })
})

describe('extended headers are bounded', () => {
  const model = { name: 'models/model.bin', data: GOOD, mode: 0o644 }
  const pax = (body: string): TarMember => ({ name: 'PaxHeader', type: 'meta', flag: 'x', body })

  it('too many, too large or too long extended headers are refused before they are parsed', async () => {
    const many = Array.from({ length: 200 }, (_, i) => paxRecord(`k${i}`, 'v')).join('')
    const cases: [TarMember[], RegExp][] = [
      [[pax(many), model], /over 128 pax records for one member/],
      [
        [pax(paxRecord('comment', 'x'.repeat(100_000))), model],
        /extended headers over 65536 bytes for one member/
      ],
      [
        [...Array.from({ length: 9 }, () => pax(paxRecord('mtime', '1'))), model],
        /over 8 extended headers for one member/
      ],
      [
        [{ name: '././@LongLink', type: 'meta', flag: 'L', body: 'a'.repeat(8192) }, model],
        /GNU long name of 8192 bytes \(over 4096\)/
      ],
      [[pax(paxRecord('path', `models/${'a/'.repeat(2100)}`)), model], /pax path over 4096 bytes/]
    ]
    for (const [members, reason] of cases) {
      const x = await fileEntry()
      write(x.w.root, 'models/model.bin', GOOD, 0o644)
      await plant(x, 'models/model.bin', tarZst(members))
      fs.rmSync(path.join(x.w.root, 'models/model.bin'))
      await refused(x, reason)
      while (cleanups.length) await cleanups.pop()?.()
    }
  })

  it('a megabyte of compressed pax headers (300 MB unpacked) are refused at once', async () => {
    // 300 headers of a megabyte each: before the bounds, each was parsed into one growing map.
    const body = Array.from({ length: 1 << 14 }, (_, i) => paxRecord(`k${i}`, 'v'.repeat(50))).join(
      ''
    )
    const head = tarBytes([pax(body)], { noEnd: true })
    const bomb = zstd(
      Buffer.concat([...Array.from({ length: 300 }, () => head), tarBytes([model])])
    )
    expect(bomb.length).toBeLessThan(8 * 1024 * 1024)
    const x = await fileEntry()
    write(x.w.root, 'models/model.bin', GOOD, 0o644)
    await plant(x, 'models/model.bin', bomb)
    fs.rmSync(path.join(x.w.root, 'models/model.bin'))
    const r = await refused(x, /extended headers over 65536 bytes for one member/)
    expect(r.ms).toBeLessThan(15_000)
  })
})

describe('hard links count towards the byte bound', () => {
  it('the canary state: one 8 MiB file and 16 hard links to it (136 MiB) are refused at the 64 MiB bound', async () => {
    const s = await startCacheServer()
    const repo = makeRepo()
    cleanups.push(
      () => s.close(),
      () => repo.cleanup()
    )
    write(repo.base, 'outside/victim.txt', 'victim\n')
    const env = { ...stepCacheEnv(s, repo), TMPDIR: path.join(repo.base, 'tmp') }
    fs.mkdirSync(env.TMPDIR)
    const plant = await runStep(bundles.main, repo, { inputs: { command: 'canary-plant' }, env })
    expect(plant.code).toBe(0)
    const [saved] = s.entries().filter(e => e.finalized)
    const key = saved?.key ?? ''
    // The state directory as the client archived it (relative to GITHUB_WORKSPACE).
    const listed = execFileSync('tar', ['-t', '--zstd', '-f', s.blobPath(key)], {
      encoding: 'utf8'
    })
    const root = (listed.split('\n')[0] ?? '').replace(/\/$/, '')
    expect(root).toMatch(/swr-canary-state$/)
    const links: TarMember[] = Array.from({ length: 16 }, (_, i) => ({
      name: `${root}/h${i}`,
      type: 'hardlink',
      target: `${root}/big`
    }))
    s.poison(
      key,
      tarZst([
        { name: root, type: 'dir', mode: 0o700 },
        { name: `${root}/big`, data: Buffer.alloc(8 * 1024 * 1024) },
        ...links
      ])
    )
    fs.rmSync(repo.runnerTemp, { recursive: true, force: true })
    fs.mkdirSync(repo.runnerTemp)
    const read = await runStep(bundles.main, repo, { inputs: { command: 'canary-read' }, env })
    expect(read.code).toBe(0)
    expect(read.stdout).toMatch(
      new RegExp(
        `canary state from ${key} refused \\(over 67108864 bytes \\(the recorded bound, hard-linked copies counted\\)`
      )
    )
    expect(fs.readFileSync(path.join(repo.base, 'outside/victim.txt'), 'utf8')).toBe('victim\n')
    expect(fs.readdirSync(repo.runnerTemp).filter(n => !n.startsWith('_cache_'))).toEqual([
      'swr-canary-state'
    ])
    // The fresh state holds what a first read makes, not the archive's copies.
    expect(fs.readdirSync(path.join(repo.runnerTemp, 'swr-canary-state'))).not.toContain('big')
  })
})

describe('placing while a parent is swapped for a link', () => {
  it('a process swapping models/ for a link to outside in a loop: no run puts anything outside', async () => {
    const x = await setup('file')
    await seedAs(x, [path.join(x.w.root, 'models/model.bin')], 'models-v1')
    fs.rmSync(path.join(x.w.root, 'models/model.bin'))
    const away = path.join(x.w.base, 'outside/elsewhere')
    fs.mkdirSync(away)
    const [d, real, link] = ['models', 'models.real', 'models.link'].map(n =>
      path.join(x.w.root, n)
    )
    fs.symlinkSync(away, link as string)
    // Each step on its own: the loop never sticks, whatever doctor created in between.
    const racer = spawn(
      process.execPath,
      [
        '-e',
        `const fs = require('fs'); const [d, real, link] = process.argv.slice(1)
         const step = (a, b) => { try { fs.renameSync(a, b) } catch {} }
         for (const end = Date.now() + 180000; Date.now() < end; ) {
           step(d, real); step(link, d); step(d, link); step(real, d)
         }`,
        d as string,
        real as string,
        link as string
      ],
      { stdio: 'ignore' }
    )
    cleanups.push(() => void racer.kill('SIGKILL'))
    const outside = (): Map<string, string> => snapshot(path.join(x.w.base, 'outside'), () => false)
    const before = outside()
    const outcomes = new Map<string, number>()
    for (let i = 0; i < 30; i++) {
      const r = await runCli(bundles, ['doctor', '--json', '--no-cache'], x.keyed, x.env)
      expect(r.stderr).not.toMatch(/^\s+at\s.+:\d+:\d+\)?$/m)
      const report = JSON.parse(r.stdout) as RepairReport
      const step = report.repair?.steps.find(s => s.id === 'm')
      const cache = step?.attempts.find(a => a.key === 'models-v1')
      const said = cache
        ? `${cache.outcome}: ${cache.detail}`
        : (step?.detail ?? report.verdict ?? `exit ${r.code}: ${r.stdout}${r.stderr}`.slice(0, 300))
      const shape = said.replace(/\.swr-\w+-\w+|\(-> [^)]*\)/g, '')
      outcomes.set(shape, (outcomes.get(shape) ?? 0) + 1)
      // Paused, the racer leaves things as they are: nothing outside, and the placed copy (in
      // whichever real directory models/ was) is removed for the next run.
      await pause(racer.pid as number)
      expect(outside()).toEqual(before)
      expect(fs.readdirSync(away)).toEqual([])
      for (const dir of [d, real] as string[])
        if (fs.lstatSync(dir, { throwIfNoEntry: false })?.isDirectory())
          fs.rmSync(path.join(dir, 'model.bin'), { force: true })
      racer.kill('SIGCONT')
    }
    racer.kill('SIGKILL')
    // The race was run: the cache archive was placed in some runs and refused in others.
    expect([...outcomes.keys()].some(k => k.startsWith('healed'))).toBe(true)
    expect(outcomes.size).toBeGreaterThan(1)
    // Every refusal says what happened in words: no bare system error ("ENOENT: ..., rename").
    expect([...outcomes.keys()].filter(k => /\bE[A-Z]{2,}\b/.test(k))).toEqual([])
    process.stdout.write(`${JSON.stringify([...outcomes])}\n`)
  })
})

describe('a symlinked parent planted in the workspace stops every source', () => {
  async function plantedParent(target: (x: Setup) => string): Promise<Setup> {
    const x = await setup('file')
    // A recipe that would write through whatever models/ is.
    await editAndApprove(x.keyed, doc => {
      ;(doc.body.entries[0] as Entry).restore = [
        { cache: { key: 'models-v1' } },
        'cat ../good.bin > models/model.bin'
      ]
    })
    fs.copyFileSync(path.join(x.w.root, 'models/model.bin'), path.join(x.w.base, 'good.bin'))
    await seedAs(x, [path.join(x.w.root, 'models/model.bin')], 'models-v1')
    fs.rmSync(path.join(x.w.root, 'models'), { recursive: true })
    fs.symlinkSync(target(x), path.join(x.w.root, 'models'))
    return x
  }

  it('models -> a directory outside: not restored, the link named; nothing written outside', async () => {
    const x = await plantedParent(x => {
      fs.mkdirSync(path.join(x.w.base, 'outside/elsewhere'))
      return path.join(x.w.base, 'outside/elsewhere')
    })
    const before = world(x.w)
    const r = await doctor(x)
    expect(r.code).not.toBe(0)
    expect(r.step).toMatchObject({ outcome: 'failed', attempts: [] })
    expect(r.step.detail).toBe(
      `not restored: models is a symbolic link out of the workspace (-> ${path.join(x.w.base, 'outside/elsewhere')}); every source would write through it: remove it and run again`
    )
    expect(fs.readdirSync(path.join(x.w.base, 'outside/elsewhere'))).toEqual([])
    expect(world(x.w)).toEqual(before)
    expect(r.stderr).not.toMatch(/^\s+at\s.+:\d+:\d+\)?$/m)
    const text = await runCli(bundles, ['doctor', '--no-cache'], x.keyed, x.env)
    expect(text.stdout).toMatch(
      /failed\s+m\s+not restored: models is a symbolic link out of the workspace/
    )
  })

  it('a dangling link is named too; a link that stays inside the workspace is left to the recipe', async () => {
    const dangling = await plantedParent(x => path.join(x.w.base, 'outside/nothing-yet'))
    const r = await doctor(dangling)
    expect(r.step.detail).toMatch(/^not restored: models is a symbolic link out of the workspace/)
    expect(fs.existsSync(path.join(dangling.w.base, 'outside/nothing-yet'))).toBe(false)
    while (cleanups.length) await cleanups.pop()?.()

    const inside = await plantedParent(x => {
      fs.mkdirSync(path.join(x.w.root, 'real-models'))
      return 'real-models'
    })
    const healed = await doctor(inside)
    const tried = healed.step.attempts.filter(a => a.outcome !== 'miss')
    expect(tried.map(a => [a.source, a.outcome])).toEqual([
      ['cache', 'not-healed'],
      ['recipe', 'healed']
    ])
    expect(tried[0]?.detail).toMatch(/not placed: models is a symbolic link/)
    expect(fs.readFileSync(path.join(inside.w.root, 'real-models/model.bin'))).toEqual(GOOD)
  })
})

describe('placing from another filesystem, and without /proc', () => {
  /** A scratch directory on tmpfs, when that is another filesystem than the workspace's. */
  function otherFs(x: Setup): string | undefined {
    const shm = '/dev/shm'
    if (!fs.existsSync(shm) || fs.statSync(shm).dev === fs.statSync(x.w.root).dev) return undefined
    const dir = fs.mkdtempSync(path.join(shm, 'swr-scratch-'))
    cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }))
    return dir
  }

  /** Does this machine let a test run a process in a mount namespace without /proc? */
  function noProcWrapper(x: Setup): string | undefined {
    try {
      execFileSync('unshare', [
        '--mount',
        '--propagation',
        'private',
        'sh',
        '-c',
        'umount -l /proc'
      ])
    } catch {
      return undefined
    }
    const wrapper = path.join(x.w.base, 'node-without-proc')
    fs.writeFileSync(
      wrapper,
      `#!/bin/sh\nexec unshare --mount --propagation private sh -c 'umount -l /proc && exec "$0" "$@"' ${process.execPath} "$@"\n`,
      { mode: 0o755 }
    )
    return wrapper
  }

  async function treeHealed(x: Setup, bin?: string): Promise<void> {
    const r = bin
      ? await node(bundles.cli, ['doctor', '--json', '--no-cache'], {
          cwd: x.w.root,
          env: {
            PATH: process.env.PATH,
            HOME: x.w.home,
            ...fixtureEnv(x.keyed),
            ...x.keyed.env,
            ...x.env
          },
          bin
        })
      : await runCli(bundles, ['doctor', '--json', '--no-cache'], x.keyed, x.env)
    const report = JSON.parse(r.stdout) as RepairReport
    expect(report.repair?.steps.find(s => s.id === 'm')).toMatchObject({
      outcome: 'repaired',
      source: 'cache'
    })
    expect(report.verdict).toBe('healthy')
    expect(fs.readFileSync(path.join(x.w.root, 'models/sub/c.txt'), 'utf8')).toBe('charlie\n')
    expect(fs.readlinkSync(path.join(x.w.root, 'models/link'))).toBe('../../outside')
    expect(fs.readdirSync(path.join(x.w.root)).filter(n => n.startsWith('.swr-'))).toEqual([])
  }

  it('a tree proven in scratch on another filesystem is copied in through the pinned parent', async () => {
    const x = await treeEntry()
    const scratch = otherFs(x)
    if (!scratch) return void process.stdout.write('note: no second filesystem here; skipped\n')
    await seedAs(x, [path.join(x.w.root, 'models')], 'models-v1')
    fs.rmSync(path.join(x.w.root, 'models'), { recursive: true })
    await treeHealed({ ...x, env: { ...x.env, RUNNER_TEMP: scratch } })
    expect(fs.readdirSync(scratch)).toEqual([])
  })

  it('without /proc the renames go by path and the parent is checked again; same and other filesystem', async () => {
    for (const other of [false, true]) {
      const x = await treeEntry()
      const bin = noProcWrapper(x)
      if (!bin) return void process.stdout.write('note: no mount namespace here; skipped\n')
      const scratch = other ? otherFs(x) : x.scratch
      if (!scratch) continue
      await seedAs(x, [path.join(x.w.root, 'models')], 'models-v1')
      fs.rmSync(path.join(x.w.root, 'models'), { recursive: true })
      await treeHealed({ ...x, env: { ...x.env, RUNNER_TEMP: scratch } }, bin)
      while (cleanups.length) await cleanups.pop()?.()
    }
  })
})
