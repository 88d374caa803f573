/**
 * The Actions cache as a restore source, end to end: the real @actions/cache client (real tar and
 * zstd, real uploads and downloads) against the loopback cache service of
 * __fixtures__/cache-server.ts, driven by the bundled CLI (`swr doctor`) and by the Action's main
 * and post steps (dist/index.js, dist/post/index.js) as child processes, on real files.
 *
 * The one entry, models/model.bin (256 KiB, incompressible), declares its sources in order:
 *
 *   [{"cache": {"key": "models-v3", "restore-keys": ["models-"]}}, <recipe>]
 *
 * and the engine tries escrow (none here), then the state saved under stateKey(entry), then those,
 * until the entry re-verifies. The recipe logs to ../recipe.log and copies ../upstream/model.bin,
 * so it fails where there is no upstream copy. Manifests are signed with an HMAC key.
 *
 * Seeding: the adapter hands the client ABSOLUTE paths (the cache version hashes the path strings),
 * so caches are seeded with the same absolute path, and with the same GITHUB_WORKSPACE as the run
 * that restores them (tar archives paths relative to it).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals'
import { Ajv2020 } from 'ajv/dist/2020.js'
import { spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { makeRepo, type ActionRepo } from '../../__fixtures__/action.js'
import {
  runCli,
  runStep,
  seed,
  snapshotBundles,
  stepCacheEnv,
  type Bundles,
  type ProcResult,
  type StepRun
} from '../../__fixtures__/cache-run.js'
import { startCacheServer, type CacheServer } from '../../__fixtures__/cache-server.js'
import { editAndApprove, hmacHex } from '../../__fixtures__/keys.js'
import {
  add,
  bytes,
  flipByte,
  makeWorkspace,
  write,
  type RunOptions,
  type Workspace
} from '../../__fixtures__/workspace.js'
import { State } from '../../src/action/constants.js'
import { stateKey } from '../../src/core/cache-port.js'
import { loadManifest } from '../../src/core/manifest/load.js'
import type { Attempt, StepResult } from '../../src/core/restore/runner.js'
import type { CheckReport, RepairReport } from '../../src/core/report/report.js'
import type { FileEntry, RestoreSource } from '../../src/core/types.js'

const KEY = hmacHex('cache-sources')
const ID = 'model'
const REL = 'models/model.bin'
const SIZE = 256 * 1024
const GOOD = bytes(SIZE, 1)
const STALE = bytes(SIZE, 2)
const EVIL = bytes(SIZE, 3)
const RECIPE =
  'echo ran >> ../recipe.log && mkdir -p models && cp ../upstream/model.bin models/model.bin && chmod 644 models/model.bin'
const DECLARED: RestoreSource = { cache: { key: 'models-v3', 'restore-keys': ['models-'] } }
const REPORT_SCHEMA = path.resolve(import.meta.dirname, '../../schema/report-v1.schema.json')

type Keyed = RunOptions & { manifestFile: string }

let tmp = ''
let bundles: Bundles
const cleanups: (() => void | Promise<void>)[] = []

beforeAll(() => {
  tmp = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'swr-cache-sources-')))
  bundles = snapshotBundles(tmp)
})

afterEach(async () => {
  while (cleanups.length) await cleanups.pop()?.()
})

afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }))

// ---------------------------------------------------------------------------------------------
// Helpers

async function server(): Promise<CacheServer> {
  const s = await startCacheServer()
  cleanups.push(() => s.close())
  return s
}

function workspace(): Workspace {
  const w = makeWorkspace()
  cleanups.push(() => w.cleanup())
  return w
}

function repo(): ActionRepo {
  const r = makeRepo()
  cleanups.push(() => r.cleanup())
  return r
}

const sha256 = (b: Uint8Array): string => createHash('sha256').update(b).digest('hex')
const modelPath = (w: Workspace): string => path.join(w.root, REL)
const recipeRuns = (w: Workspace): number =>
  fs.existsSync(path.join(w.base, 'recipe.log'))
    ? fs.readFileSync(path.join(w.base, 'recipe.log'), 'utf8').split('\n').filter(Boolean).length
    : 0

/**
 * models/model.bin (GOOD) tracked as `model` with `restore` set to `sources`, signed with the HMAC
 * key; the recipe's upstream copy beside the workspace.
 */
async function tracked(w: Workspace, sources: RestoreSource[]): Promise<Keyed> {
  const keyed: Keyed = { ...w, manifestFile: w.manifestFile, env: { SWR_HMAC_KEY: KEY } }
  write(w.root, REL, GOOD, 0o644)
  write(w.base, 'upstream/model.bin', GOOD, 0o644)
  await add(keyed, REL, '--id', ID)
  await editAndApprove(keyed, doc => {
    ;(doc.body.entries[0] as FileEntry).restore = sources
  })
  return keyed
}

/** The saved-state key of `model` as the engine computes it from the manifest on disk. */
function savedStateKey(manifestFile: string): string {
  const m = loadManifest(manifestFile)
  const e = m.body.entries.find(x => x.id === ID)
  if (!e) throw new Error(`no entry ${ID}`)
  return stateKey(e)
}

/** The server's environment for a CLI on `w`: GITHUB_WORKSPACE at the workspace, as on a runner. */
const cliEnv = (s: CacheServer, w: Workspace): Record<string, string> => ({
  ...s.env,
  GITHUB_WORKSPACE: w.root
})

interface Doctor extends ProcResult {
  report: RepairReport
  step: StepResult
}

/** `swr doctor --json --no-cache` with the bundled CLI, the report parsed. */
async function doctor(keyed: Keyed, env: Record<string, string>): Promise<Doctor> {
  const r = await runCli(bundles, ['doctor', '--json', '--no-cache'], keyed, env)
  let report: RepairReport
  try {
    report = JSON.parse(r.stdout) as RepairReport
  } catch {
    throw new Error(`doctor printed no report (exit ${r.code}):\n${r.stdout}\n${r.stderr}`)
  }
  const step = report.repair.steps.find(s => s.id === ID)
  if (!step) throw new Error(`no step for ${ID}: ${JSON.stringify(report.repair, null, 2)}`)
  return { ...r, report, step }
}

/** Attempts without their free-text detail, for exact comparison. */
const shape = (attempts: Attempt[]): Partial<Attempt>[] =>
  attempts.map(({ detail: _detail, ...rest }) => rest)

/** Lines a person (or the runner's log) sees: workflow-command debug and mask lines dropped. */
const shownLines = (text: string): string[] =>
  text
    .split('\n')
    .filter(l => l !== '' && !l.startsWith('::debug::') && !l.startsWith('::add-mask::'))

const ops = (s: CacheServer): string[] => s.requests().map(r => r.op)
const UPLOADS = ['CreateCacheEntry', 'blob:put', 'blob:block', 'blob:blocklist']

/** The Action's report file (report-path output). */
function reportFile<T>(r: StepRun): T {
  const p = r.outputs['report-path'] ?? ''
  expect(fs.existsSync(p)).toBe(true)
  return JSON.parse(fs.readFileSync(p, 'utf8')) as T
}

const DOCTOR_INPUTS = { command: 'doctor', 'hmac-key': KEY, require: 'hmac' }

// ---------------------------------------------------------------------------------------------

/** The pid of a process killed with SIGKILL and reaped. */
async function deadPid(): Promise<number> {
  const child = spawn('sleep', ['30'])
  await new Promise(r => {
    child.on('exit', r)
    child.kill('SIGKILL')
  })
  return child.pid as number
}

describe('swr doctor (CLI) with cache sources', () => {
  it('an exact hit of the declared key heals the entry; the recipe does not run', async () => {
    const s = await server()
    const w = workspace()
    const keyed = await tracked(w, [DECLARED, RECIPE])
    const env = cliEnv(s, w)
    await seed(env, [modelPath(w)], 'models-v3')
    flipByte(modelPath(w), SIZE / 2)
    // What a run killed while placing here left beside the target, and what a live one holds.
    const dead = await deadPid()
    const models = path.dirname(modelPath(w))
    const left = [`.swr-old-${dead}-${'a'.repeat(16)}`, `.swr-new-${dead}-${'b'.repeat(16)}`]
    for (const n of left) write(path.join(models, n), 'model.bin', 'stale copy')
    const live = path.join(models, `.swr-old-${process.pid}-${'c'.repeat(16)}`)
    fs.writeFileSync(live, 'in use')

    const r = await doctor(keyed, env)
    expect({ code: r.code, outcome: r.report.repair.outcome }).toEqual({
      code: 0,
      outcome: 'repaired'
    })
    expect(r.step).toMatchObject({ outcome: 'repaired', source: 'cache' })
    for (const n of left) expect(fs.existsSync(path.join(models, n))).toBe(false)
    expect(fs.existsSync(live)).toBe(true)
    fs.rmSync(live)
    expect(shape(r.step.attempts)).toEqual([
      { source: 'cache', outcome: 'miss', key: savedStateKey(w.manifestFile) },
      { source: 'cache', outcome: 'healed', key: 'models-v3', matchedKey: 'models-v3', exact: true }
    ])
    expect(recipeRuns(w)).toBe(0)
    expect(sha256(fs.readFileSync(modelPath(w)))).toBe(sha256(GOOD))
    expect(r.report.verdict).toBe('healthy')
    // Healed from a cache, not by code: nothing to write back, nothing uploaded after the seed.
    expect(r.report.repair.write_back).toEqual([])
    expect(ops(s).filter(o => UPLOADS.includes(o))).toEqual(['CreateCacheEntry', 'blob:put'])
  })

  it('a restore-keys prefix hit with stale content is refused while extracting; the recipe heals', async () => {
    const s = await server()
    const w = workspace()
    const keyed = await tracked(w, [DECLARED, RECIPE])
    const env = cliEnv(s, w)
    fs.writeFileSync(modelPath(w), STALE)
    await seed(env, [modelPath(w)], 'models-v2')
    fs.rmSync(modelPath(w))

    const r = await doctor(keyed, env)
    expect(r.code).toBe(0)
    expect(r.report.repair.outcome).toBe('repaired')
    expect(shape(r.step.attempts)).toEqual([
      { source: 'cache', outcome: 'miss', key: savedStateKey(w.manifestFile) },
      {
        source: 'cache',
        outcome: 'not-healed',
        key: 'models-v3',
        matchedKey: 'models-v2',
        exact: false
      },
      { source: 'recipe', outcome: 'healed' }
    ])
    expect(r.step.attempts[1]?.detail).toBe(
      'cache restore-keys prefix hit models-v2 rejected: the file: content differs from the recorded sha256'
    )
    // The report says the recipe healed it.
    expect(r.step).toMatchObject({ outcome: 'repaired', source: 'recipe' })
    expect(r.step.detail).toMatch(/^recipe exit 0/)
    expect(recipeRuns(w)).toBe(1)
    expect(sha256(fs.readFileSync(modelPath(w)))).toBe(sha256(GOOD))
    // Healed by code: the CLI saves the verified state under its saved-state key.
    const key = savedStateKey(w.manifestFile)
    expect(r.report.repair.write_back).toEqual([{ id: ID, key }])
    expect(
      s
        .entries()
        .filter(e => e.finalized)
        .map(e => e.key)
    ).toEqual(['models-v2', key])
  })

  it('a truncated archive is detected (a miss or refused) and the recipe heals', async () => {
    const s = await server()
    const w = workspace()
    const keyed = await tracked(w, [DECLARED, RECIPE])
    const env = cliEnv(s, w)
    await seed(env, [modelPath(w)], 'models-v3')
    s.corrupt('models-v3', 'truncate')
    fs.rmSync(modelPath(w))

    const r = await doctor(keyed, env)
    expect(r.code).toBe(0)
    const declared = r.step.attempts[1]
    expect(declared).toMatchObject({ source: 'cache', key: 'models-v3' })
    expect(['miss', 'not-healed']).toContain(declared?.outcome)
    expect(r.step.attempts[2]).toMatchObject({ source: 'recipe', outcome: 'healed' })
    expect(r.step).toMatchObject({ outcome: 'repaired', source: 'recipe' })
    expect(recipeRuns(w)).toBe(1)
    expect(sha256(fs.readFileSync(modelPath(w)))).toBe(sha256(GOOD))
    // The archive was downloaded and refused by swr's own extractor; the report says why.
    expect(s.requests().some(q => q.op === 'blob:get' && q.status === 200)).toBe(true)
    expect(declared?.outcome).toBe('not-healed')
    expect(declared?.detail).toMatch(/^cache exact hit rejected: (truncated|.*content differs)/)
  })

  it('a poisoned archive under the right key is refused while extracting, and the recipe heals', async () => {
    const s = await server()
    const w = workspace()
    const keyed = await tracked(w, [DECLARED, RECIPE])
    const env = cliEnv(s, w)
    await seed(env, [modelPath(w)], 'models-v3')
    // An archive of the same path with other bytes, stored in place of the right key's blob.
    fs.writeFileSync(modelPath(w), EVIL)
    await seed(env, [modelPath(w)], 'attacker')
    s.poison('models-v3', fs.readFileSync(s.blobPath('attacker')))
    fs.rmSync(modelPath(w))

    const r = await doctor(keyed, env)
    expect(r.code).toBe(0)
    expect(shape(r.step.attempts)).toEqual([
      { source: 'cache', outcome: 'miss', key: savedStateKey(w.manifestFile) },
      {
        source: 'cache',
        outcome: 'not-healed',
        key: 'models-v3',
        matchedKey: 'models-v3',
        exact: true
      },
      { source: 'recipe', outcome: 'healed' }
    ])
    expect(r.step.attempts[1]?.detail).toBe(
      'cache exact hit rejected: the file: content differs from the recorded sha256'
    )
    expect(r.step).toMatchObject({ outcome: 'repaired', source: 'recipe' })
    expect(recipeRuns(w)).toBe(1)
    expect(sha256(fs.readFileSync(modelPath(w)))).toBe(sha256(GOOD))
    expect(r.report.verdict).toBe('healthy')
  })

  it('an unreachable cache service: one line per cache attempt, no stack traces, the recipe heals', async () => {
    const s = await server()
    const w = workspace()
    const keyed = await tracked(w, [DECLARED, RECIPE])
    fs.rmSync(modelPath(w))
    await s.stop()

    const r = await doctor(keyed, cliEnv(s, w))
    expect(r.code).toBe(0)
    expect(shape(r.step.attempts)).toEqual([
      { source: 'cache', outcome: 'miss', key: savedStateKey(w.manifestFile) },
      { source: 'cache', outcome: 'miss', key: 'models-v3' },
      { source: 'recipe', outcome: 'healed' }
    ])
    expect(sha256(fs.readFileSync(modelPath(w)))).toBe(sha256(GOOD))
    // Each request to the dead service is told once, on one line: the two restore attempts, then
    // the write-back's existence check before its save.
    const problems = shownLines(r.stderr).filter(l => /ECONNREFUSED/.test(l))
    const cacheAttempts = r.step.attempts.filter(a => a.source === 'cache').length
    expect(problems).toHaveLength(cacheAttempts + r.report.repair.write_back.length)
    expect(r.stderr).not.toMatch(/^\s+at\s.+:\d+:\d+\)?$/m)
    expect(r.stderr).not.toMatch(/^\w*Error: /m)
    expect(r.ms).toBeLessThan(20_000)
  })

  it('without a cache service: one "cache sources skipped" line, then the recipe heals', async () => {
    const w = workspace()
    const keyed = await tracked(w, [DECLARED, RECIPE])
    fs.rmSync(modelPath(w))

    const r = await doctor(keyed, {})
    expect(r.code).toBe(0)
    const lines = r.stderr.split('\n').filter(Boolean)
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatch(/^swr: cache sources skipped: /)
    expect(r.step).toMatchObject({ outcome: 'repaired', source: 'recipe' })
    expect(r.step.attempts.at(-1)).toMatchObject({ source: 'recipe', outcome: 'healed' })
    // The cache was never asked: its source is reported as skipped, not as a miss of its key.
    for (const a of r.step.attempts.filter(x => x.source === 'cache')) {
      expect(a.outcome).toBe('skipped')
    }
    expect(recipeRuns(w)).toBe(1)
    expect(sha256(fs.readFileSync(modelPath(w)))).toBe(sha256(GOOD))
  })

  it('--dry-run lists the saved state the run would try, where the run tries it; nothing runs', async () => {
    const s = await server()
    const w = workspace()
    const keyed = await tracked(w, [DECLARED, RECIPE])
    fs.rmSync(modelPath(w))
    const key = savedStateKey(w.manifestFile)

    const json = await runCli(
      bundles,
      ['doctor', '--dry-run', '--json', '--no-cache'],
      keyed,
      cliEnv(s, w)
    )
    expect(json.code).toBe(1)
    const report = JSON.parse(json.stdout) as RepairReport
    const validate = new Ajv2020({ allErrors: true, strict: true, strictTypes: false }).compile(
      JSON.parse(fs.readFileSync(REPORT_SCHEMA, 'utf8')) as object
    )
    expect(validate.errors ?? validate(report)).toBe(true)
    expect(report.repair.plan.flat()).toEqual([
      expect.objectContaining({
        id: ID,
        source: 'cache',
        sources: ['cache', 'cache', 'recipe'],
        saved_state: key
      })
    ])
    const text = await runCli(bundles, ['doctor', '--dry-run', '--no-cache'], keyed, cliEnv(s, w))
    expect(text.stdout).toContain(`${ID} <- cache (saved state), cache, recipe`)
    // A dry run asks the cache nothing and runs no recipe.
    expect(ops(s)).toEqual([])
    expect(recipeRuns(w)).toBe(0)
    expect(fs.existsSync(modelPath(w))).toBe(false)

    // Without a cache service the run tries no saved state, and the plan lists none.
    const bare = await runCli(bundles, ['doctor', '--dry-run', '--json', '--no-cache'], keyed, {})
    const step = (JSON.parse(bare.stdout) as RepairReport).repair.plan.flat()[0]
    expect(step).toMatchObject({ source: 'cache', sources: ['cache', 'recipe'] })
    expect(step).not.toHaveProperty('saved_state')
  })
})

// ---------------------------------------------------------------------------------------------

describe('the Action with the cache: write-back in the post step, read-only mode, gate mode', () => {
  it('without a cache service, the post step says so, not that no entry was healed', async () => {
    const r = repo()
    await tracked(r, [RECIPE])
    fs.rmSync(modelPath(r))
    const main = await runStep(bundles.main, r, { inputs: DOCTOR_INPUTS, env: {} })
    expect(main.outputs.status).toBe('repaired')
    expect(recipeRuns(r)).toBe(1)
    const post = await runStep(bundles.post, r, {
      inputs: DOCTOR_INPUTS,
      env: {},
      state: main.state
    })
    expect(post.code).toBe(0)
    expect(post.stdout).toContain(
      'swr post: no Actions cache service in this job: nothing is saved'
    )
    expect(post.stdout).not.toContain('no entry was healed')
  })

  it('doctor heals by recipe, the post step saves the state, and a fresh checkout restores it without code', async () => {
    const s = await server()
    const first = repo()
    await tracked(first, [RECIPE])
    const key = savedStateKey(first.manifestFile)
    const manifestText = fs.readFileSync(first.manifestFile)
    fs.rmSync(modelPath(first))

    const main = await runStep(bundles.main, first, {
      inputs: DOCTOR_INPUTS,
      env: stepCacheEnv(s, first)
    })
    expect(main.code).toBe(0)
    expect(main.outputs.status).toBe('repaired')
    expect(recipeRuns(first)).toBe(1)
    expect(main.stateText).toContain(State.WriteBack)
    // Only the digest and the ids: the post step derives the rest from the signed manifest.
    const handed = JSON.parse(main.state[State.WriteBack] ?? '{}') as unknown
    expect(handed).toEqual({ digest: main.outputs['manifest-digest'], ids: [ID] })
    expect(s.entries()).toEqual([]) // the main step saves nothing itself

    const post = await runStep(bundles.post, first, {
      inputs: DOCTOR_INPUTS,
      env: stepCacheEnv(s, first),
      state: main.state
    })
    expect(post.code).toBe(0)
    expect(post.stdout).toContain(`swr post: ${ID} saved as ${key}`)
    expect(key).toMatch(new RegExp(`^swr-v1-${ID}-[0-9a-f]{32}$`))
    expect(s.entries()).toEqual([expect.objectContaining({ key, finalized: true })])

    // A fresh runner: the checkout at the same GITHUB_WORKSPACE path, only the manifest in it,
    // the entry absent, and no upstream copy, so the recipe would fail (cp exits 1).
    fs.rmSync(first.base, { recursive: true, force: true })
    fs.mkdirSync(path.dirname(first.manifestFile), { recursive: true })
    fs.mkdirSync(first.runnerTemp, { recursive: true })
    fs.mkdirSync(first.home, { recursive: true })
    fs.writeFileSync(first.manifestFile, manifestText)
    expect(fs.existsSync(path.join(first.base, 'upstream'))).toBe(false)

    const later = await runStep(bundles.main, first, {
      inputs: DOCTOR_INPUTS,
      env: stepCacheEnv(s, first)
    })
    expect(later.code).toBe(0)
    expect(later.outputs.status).toBe('repaired')
    const report = reportFile<RepairReport>(later)
    const step = report.repair.steps.find(x => x.id === ID)
    expect(step).toMatchObject({ outcome: 'repaired', source: 'cache' })
    expect(shape(step?.attempts ?? [])).toEqual([
      { source: 'cache', outcome: 'healed', key, matchedKey: key, exact: true }
    ])
    expect(recipeRuns(first)).toBe(0)
    expect(sha256(fs.readFileSync(modelPath(first)))).toBe(sha256(GOOD))
    // Healed from the cache: nothing more to save.
    expect(later.stateText).not.toContain(State.WriteBack)
  })

  it('the post step trusts no saved state: a forged hand-over, another digest, a failed gate or a symlinked parent saves nothing', async () => {
    const s = await server()
    const r = repo()
    await tracked(r, [RECIPE])
    fs.rmSync(modelPath(r))
    const env = stepCacheEnv(s, r)
    const main = await runStep(bundles.main, r, { inputs: DOCTOR_INPUTS, env })
    expect(main.outputs.status).toBe('repaired')
    const digest = main.outputs['manifest-digest'] ?? ''
    // What an injected ::save-state once made the post step upload: a directory outside.
    write(r.base, 'home/.ssh/id_ed25519', 'PRIVATE KEY', 0o600)
    const outside = path.join(r.base, 'home')
    const forged: Record<string, string> = {
      'the old shape, naming a directory outside': JSON.stringify({
        manifest: r.manifestFile,
        workspace: outside,
        digest,
        entries: [{ id: ID, key: 'attacker-chosen' }]
      }),
      'an extra field': JSON.stringify({ digest, ids: [ID], workspace: outside }),
      'an id the manifest does not have': JSON.stringify({ digest, ids: ['ssh'] }),
      'another digest': JSON.stringify({ digest: '0'.repeat(64), ids: [ID] }),
      'not JSON': '{"digest":'
    }
    for (const [why, value] of Object.entries(forged)) {
      const post = await runStep(bundles.post, r, {
        inputs: DOCTOR_INPUTS,
        env,
        state: { [State.WriteBack]: value }
      })
      const notices = post.commands.filter(c => c.command === 'notice').map(c => c.message)
      expect({ why, code: post.code, notices: notices.length }).toEqual({
        why,
        code: 0,
        notices: 1
      })
      expect(notices[0]).toMatch(/^swr post: .*: nothing saved$/)
    }
    // The genuine hand-over, but this step's inputs do not let the manifest pass the gate.
    const ungated = await runStep(bundles.post, r, {
      inputs: { command: 'doctor', require: 'hmac' },
      env,
      state: main.state
    })
    expect(ungated.stdout).toContain('does not pass the signature gate: nothing saved')
    // The genuine hand-over, but a parent directory became a symlink since the main step.
    fs.renameSync(path.join(r.root, 'models'), path.join(r.base, 'moved'))
    fs.symlinkSync(path.join(r.base, 'moved'), path.join(r.root, 'models'))
    const swapped = await runStep(bundles.post, r, {
      inputs: DOCTOR_INPUTS,
      env,
      state: main.state
    })
    expect(swapped.stdout).toContain(`entry ${ID}: models is a symlink: nothing saved`)
    expect(ops(s).filter(o => UPLOADS.includes(o))).toEqual([])
    expect(s.entries()).toEqual([])
  })

  it('the signed cache URLs never reach the main step log, also after a recipe printed', async () => {
    const s = await server()
    const r = repo()
    // A recipe tried first that prints and fails, then the declared cache, which heals.
    await tracked(r, ['echo mirror unavailable; exit 1', DECLARED])
    await seed(stepCacheEnv(s, r), [modelPath(r)], 'models-v3')
    fs.rmSync(modelPath(r))

    const main = await runStep(bundles.main, r, {
      inputs: DOCTOR_INPUTS,
      env: stepCacheEnv(s, r)
    })
    expect(main.code).toBe(0)
    expect(main.outputs.status).toBe('repaired')
    const step = reportFile<RepairReport>(main).repair.steps.find(x => x.id === ID)
    expect(step).toMatchObject({ outcome: 'repaired', source: 'cache' })
    expect(shape(step?.attempts ?? []).map(a => `${a.source} ${a.outcome}`)).toEqual([
      'cache miss',
      'recipe failed',
      'cache healed'
    ])
    // swr looks the archive up and downloads it itself: the signed URL (its SAS signature) is
    // never printed, neither in clear nor inside the recipe-output shield.
    expect(main.stdout).not.toMatch(/[?&]sig=/)
    expect(main.stdout).not.toContain('/actions-cache/')
  })

  it('read-only cache mode: nothing handed to the post step, nothing uploaded', async () => {
    const s = await server()
    const r = repo()
    await tracked(r, [DECLARED, RECIPE])
    fs.rmSync(modelPath(r))
    const env = { ...stepCacheEnv(s, r), ACTIONS_CACHE_MODE: 'read' }

    const main = await runStep(bundles.main, r, { inputs: DOCTOR_INPUTS, env })
    expect(main.code).toBe(0)
    expect(main.outputs.status).toBe('repaired')
    expect(recipeRuns(r)).toBe(1)
    expect(main.stateText).toBe('')
    expect(main.stdout).toMatch(/read-only cache mode.*will not be saved/)
    // Restores were still asked for (read mode reads).
    expect(ops(s)).toContain('GetCacheEntryDownloadURL')

    // A post step that got state anyway (say, from a main step run in write mode) still says no.
    const state = {
      [State.WriteBack]: JSON.stringify({ digest: main.outputs['manifest-digest'], ids: [ID] })
    }
    const post = await runStep(bundles.post, r, { inputs: DOCTOR_INPUTS, env, state })
    expect(post.code).toBe(0)
    expect(post.stdout).toContain('read-only cache mode (ACTIONS_CACHE_MODE=read): not saving')
    expect(ops(s).filter(o => UPLOADS.includes(o))).toEqual([])
    expect(s.entries()).toEqual([])
  })

  it('gate mode (check + cache-lookup) reports which entries have their state saved, downloading nothing', async () => {
    const s = await server()
    const r = repo()
    const keyed = await tracked(r, [DECLARED, RECIPE])
    write(r.root, 'models/other.bin', STALE, 0o644)
    await add(keyed, 'models/other.bin', '--id', 'other')
    const m = loadManifest(r.manifestFile)
    const keys = Object.fromEntries(m.body.entries.map(e => [e.id, stateKey(e)]))
    // Only `model` has its exact state saved; `other` has a cache under another key only.
    await seed(stepCacheEnv(s, r), [modelPath(r)], keys[ID] ?? '')
    await seed(stepCacheEnv(s, r), [path.join(r.root, 'models/other.bin')], 'other-v1')
    const before = s.requests().length

    const check = await runStep(bundles.main, r, {
      inputs: { command: 'check', 'cache-lookup': 'true' },
      env: stepCacheEnv(s, r)
    })
    expect(check.code).toBe(0)
    const report = reportFile<CheckReport>(check)
    expect(report.cache_lookup).toEqual([
      { id: ID, key: keys[ID], available: true },
      { id: 'other', key: keys.other, available: false }
    ])
    const asked = s.requests().slice(before)
    expect(asked.map(q => q.op)).toEqual(['GetCacheEntryDownloadURL', 'GetCacheEntryDownloadURL'])
    expect(asked.filter(q => q.op === 'blob:get' || q.op === 'blob:head')).toEqual([])
    expect(check.stateText).toBe('')
    // The report file is the documented swr.report/1 document (docs/action.md: report-path).
    const schema = JSON.parse(fs.readFileSync(REPORT_SCHEMA, 'utf8')) as object
    const validate = new Ajv2020({ allErrors: true, strict: true, strictTypes: false }).compile(
      schema
    )
    const problems = validate(report)
      ? []
      : (validate.errors ?? []).map(
          e => `${e.instancePath || '/'} ${e.message ?? ''} ${JSON.stringify(e.params)}`
        )
    expect(problems).toEqual([])
  })
})
