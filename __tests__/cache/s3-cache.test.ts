/**
 * The cache action with an S3-compatible bucket as its store (`s3-bucket`, or SWR_CACHE_S3_BUCKET
 * in the runner's environment): the bundled steps on node24 against a real S3 server on loopback
 * (s3rver behind a proxy that injects faults), the AWS SDK's own client. The drop-in cases hold as
 * with the Actions cache (exact hit from another runner layout, restore-keys fallback, globs and
 * exclusions, damage refused), scope is kept (a pull request's save is not restored on main), and
 * a denied credential or a missing bucket is one line and a miss, the step green.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { makeRepo, NODES, type ActionRepo } from '../../__fixtures__/action.js'
import {
  runStepOn,
  snapshotBundles,
  type Bundles,
  type StepRun
} from '../../__fixtures__/cache-run.js'
import { startS3Server, type S3Server } from '../../__fixtures__/s3-server.js'
import { CACHE_YML } from '../../__fixtures__/sealed-cache.js'
import { npmIn, registryReachable } from '../../__fixtures__/npm.js'
import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'

const NODE24 = NODES[0]!.bin
const HMAC = 'c4'.repeat(32)

let server: S3Server
let bundles: Bundles
let tmp: string

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'swr-s3-cache-'))
  bundles = snapshotBundles(tmp)
}, 120_000)

beforeEach(async () => {
  if (server) await server.close()
  server = await startS3Server()
})

afterAll(async () => {
  await server?.close()
  fs.rmSync(tmp, { recursive: true, force: true })
})

function install(root: string, variant = 'v1'): void {
  const nm = path.join(root, 'node_modules')
  for (const pkg of ['ms', 'esbuild']) {
    fs.mkdirSync(path.join(nm, pkg, 'lib'), { recursive: true })
    fs.writeFileSync(path.join(nm, pkg, 'package.json'), JSON.stringify({ name: pkg, variant }))
    fs.writeFileSync(path.join(nm, pkg, 'lib', 'index.js'), `// ${pkg} ${variant}\n`.repeat(400))
  }
  fs.mkdirSync(path.join(nm, '.cache', 'babel'), { recursive: true })
  fs.writeFileSync(path.join(nm, '.cache', 'babel', 'x.json'), `cached ${variant}\n`)
}

interface Run {
  ref?: string
  env?: Record<string, string>
}

function step(
  script: string,
  repo: ActionRepo,
  yml: string,
  inputs: Record<string, string>,
  run: Run = {},
  st: Record<string, string> = {}
): Promise<StepRun> {
  return runStepOn(NODE24, script, repo, {
    actionYml: yml,
    inputs: { 's3-bucket': server.bucket, 's3-prefix': 'fleet', ...inputs },
    state: st,
    env: {
      ...server.env,
      GITHUB_WORKSPACE: repo.root,
      RUNNER_TEMP: repo.runnerTemp,
      GITHUB_REF: run.ref ?? 'refs/heads/main',
      ...(run.env ?? {})
    }
  })
}

async function save(
  repo: ActionRepo,
  inputs: Record<string, string>,
  build: () => void,
  run: Run = {}
): Promise<StepRun> {
  const main = await step(bundles.cacheMain, repo, CACHE_YML.cache, inputs, run)
  expect(main.code).toBe(0)
  build()
  const post = await step(bundles.cachePost, repo, CACHE_YML.cache, inputs, run, main.state)
  expect(post.code).toBe(0)
  return post
}

function warnings(r: StepRun): string[] {
  return r.commands.filter(c => c.command === 'warning').map(c => c.message)
}

/** A runner laid out elsewhere: its workspace deeper, its temp and home apart. */
function otherLayout(): ActionRepo {
  const repo = makeRepo()
  const root = path.join(repo.base, 'actions-runner', '_work', 'p', 'p')
  const home = path.join(repo.base, 'users', 'runner')
  for (const d of [root, home]) fs.mkdirSync(d, { recursive: true })
  return { ...repo, root, home }
}

const read = (root: string, rel: string): string => fs.readFileSync(path.join(root, rel), 'utf8')

describe('the sealed cache in an S3 bucket (bundled action, loopback S3 server)', () => {
  it('saves, then an exact hit from another runner layout restores every byte, exclusions left out', async () => {
    const inputs = {
      path: 'node_modules\n!node_modules/.cache',
      key: 's3-life-1',
      'hmac-key': HMAC
    }
    const a = makeRepo()
    const post = await save(a, inputs, () => install(a.root))
    expect(post.stdout).toMatch(/saved them under key s3-life-1/)
    const keys = server.keys()
    expect(keys).toHaveLength(1)
    expect(keys[0]).toMatch(/^fleet\/refs%2Fheads%2Fmain\/[0-9a-f]{64}\/s3-life-1$/)
    const b = otherLayout()
    const r = await step(bundles.cacheRestore, b, CACHE_YML.restore, inputs)
    expect(r.code).toBe(0)
    expect(r.outputs['cache-hit']).toBe('true')
    expect(read(b.root, 'node_modules/ms/lib/index.js')).toBe(
      read(a.root, 'node_modules/ms/lib/index.js')
    )
    expect(fs.existsSync(path.join(b.root, 'node_modules', '.cache'))).toBe(false)
    expect(warnings(r)).toEqual([])
  }, 120_000)

  it('restore-keys take the newest entry under the prefix; stale, and the install step runs', async () => {
    const a = makeRepo()
    await save(a, { path: 'node_modules', key: 'deps-aaa', 'hmac-key': HMAC }, () =>
      install(a.root, 'old')
    )
    // LastModified has whole seconds: the second save is a second later.
    await new Promise(r => setTimeout(r, 1100))
    const a2 = makeRepo()
    await save(a2, { path: 'node_modules', key: 'deps-bbb', 'hmac-key': HMAC }, () =>
      install(a2.root, 'new')
    )
    const b = makeRepo()
    const r = await step(bundles.cacheRestore, b, CACHE_YML.restore, {
      path: 'node_modules',
      key: 'deps-ccc',
      'restore-keys': 'deps-',
      'hmac-key': HMAC
    })
    expect(r.outputs['cache-hit']).toBe('false')
    expect(r.outputs['cache-matched-key']).toBe('deps-bbb')
    expect(r.outputs.stale).toBe('true')
    expect(read(b.root, 'node_modules/ms/package.json')).toMatch(/"new"/)
  }, 120_000)

  it('**/node_modules of a monorepo, saved and restored; a second save of the key says it exists, reading nothing', async () => {
    const inputs = { path: '**/node_modules', key: 'mono-1', 'hmac-key': HMAC }
    const a = makeRepo()
    await save(a, inputs, () => {
      install(a.root)
      install(path.join(a.root, 'packages', 'web'))
    })
    const again = makeRepo()
    install(again.root, 'other')
    // A save that reads the tree archives it in a scratch directory of RUNNER_TEMP first.
    const made: string[] = []
    const watcher = fs.watch(again.runnerTemp, (_event, name) => made.push(String(name)))
    const second = await step(bundles.cacheSave, again, CACHE_YML.save, inputs).finally(() =>
      watcher.close()
    )
    expect(second.code).toBe(0)
    // Told by a HEAD of the object it would create, before any file of the tree is read.
    expect(second.stdout).toMatch(/exists already: nothing read or sent/)
    expect(made.filter(n => n.startsWith('swr-save'))).toEqual([])
    expect(server.keys()).toHaveLength(1)
    const b = makeRepo()
    const r = await step(bundles.cacheRestore, b, CACHE_YML.restore, inputs)
    expect(r.outputs['cache-hit']).toBe('true')
    expect(read(b.root, 'packages/web/node_modules/ms/package.json')).toMatch(/"v1"/)
    expect(read(b.root, 'node_modules/ms/package.json')).toMatch(/"v1"/)
  }, 120_000)

  it('an archive above the part size goes up in parts while it is written, the seal last, and comes back whole', async () => {
    const inputs = { path: 'node_modules', key: 'big-1', 'hmac-key': HMAC }
    const run = { env: { SWR_S3_PART_SIZE_MB: '5' } }
    const a = makeRepo()
    await save(
      a,
      inputs,
      () => {
        install(a.root)
        // Incompressible: the archive's body stays above the held-back 5 MiB and two parts.
        fs.writeFileSync(
          path.join(a.root, 'node_modules', 'model.bin'),
          crypto.randomBytes(12 << 20)
        )
      },
      run
    )
    expect(server.requests.some(r => r.method === 'POST' && /[?&]uploads/.test(r.url))).toBe(true)
    // A body part went up first; part 1 (the seal's frame and the body's first bytes) only
    // once the archive was whole, beside the last body part.
    const parts = server.requests
      .filter(r => r.method === 'PUT' && /partNumber=/.test(r.url))
      .map(r => Number(/partNumber=(\d+)/.exec(r.url)?.[1]))
    expect(parts.length).toBeGreaterThanOrEqual(3)
    expect(parts[0]).toBe(2)
    expect([...parts].sort((x, y) => x - y)).toEqual(parts.map((_, i) => i + 1))
    const b = makeRepo()
    const r = await step(bundles.cacheRestore, b, CACHE_YML.restore, inputs)
    expect(r.outputs['cache-hit']).toBe('true')
    // Buffer.equals: jest's toEqual walks a 6 MiB buffer byte by byte for seconds.
    const model = (root: string): Buffer =>
      fs.readFileSync(path.join(root, 'node_modules', 'model.bin'))
    expect(model(b.root).equals(model(a.root))).toBe(true)
  }, 120_000)

  it('an object changed in the bucket is refused: nothing placed, one line, the step green', async () => {
    const inputs = { path: 'node_modules', key: 'rot-1', 'hmac-key': HMAC }
    const a = makeRepo()
    await save(a, inputs, () => install(a.root))
    const [key] = server.keys()
    const size = server.read(key as string).length
    server.tamper(key as string, size - 200)
    const b = makeRepo()
    const r = await step(bundles.cacheRestore, b, CACHE_YML.restore, inputs)
    expect(r.code).toBe(0)
    expect(r.outputs['cache-hit']).toBe('false')
    expect(warnings(r).length).toBe(1)
    expect(fs.existsSync(path.join(b.root, 'node_modules'))).toBe(false)
    expect(fs.readdirSync(b.runnerTemp).filter(n => n.startsWith('swr-'))).toEqual([])
  }, 120_000)

  it("keeps the Actions cache's scope: a pull request's save is not restored on main; main's is on the pull request", async () => {
    const inputs = { path: 'node_modules', key: 'scope-1', 'hmac-key': HMAC }
    const pr = { ref: 'refs/pull/7/merge', env: { GITHUB_BASE_REF: 'main' } }
    const a = makeRepo()
    await save(a, inputs, () => install(a.root, 'from-pr'), pr)
    const onMain = makeRepo()
    const r = await step(bundles.cacheRestore, onMain, CACHE_YML.restore, inputs)
    expect(r.outputs['cache-hit']).toBe('false')
    expect(fs.existsSync(path.join(onMain.root, 'node_modules'))).toBe(false)
    const m = makeRepo()
    await save(m, { ...inputs, key: 'scope-2' }, () => install(m.root, 'from-main'))
    const onPr = makeRepo()
    const r2 = await step(
      bundles.cacheRestore,
      onPr,
      CACHE_YML.restore,
      { ...inputs, key: 'scope-2' },
      pr
    )
    expect(r2.outputs['cache-hit']).toBe('true')
    expect(read(onPr.root, 'node_modules/ms/package.json')).toMatch(/from-main/)
  }, 120_000)

  it('SWR_CACHE_S3_BUCKET in the environment selects the bucket without any s3 input', async () => {
    const a = makeRepo()
    const env = { SWR_CACHE_S3_BUCKET: server.bucket }
    const inputs = { path: 'node_modules', key: 'env-1', 's3-bucket': '', 's3-prefix': '' }
    await save(a, inputs, () => install(a.root), { env })
    expect(server.keys()).toEqual([
      expect.stringMatching(/^refs%2Fheads%2Fmain\/[0-9a-f]{64}\/env-1$/)
    ])
    const b = makeRepo()
    const r = await step(bundles.cacheRestore, b, CACHE_YML.restore, inputs, { env })
    expect(r.outputs['cache-hit']).toBe('true')
  }, 120_000)

  it('a denied credential and a missing bucket: one line each, a miss, the step green, no secret shown', async () => {
    const inputs = { path: 'node_modules', key: 'deny-1' }
    const b = makeRepo()
    server.deny()
    const denied = await step(bundles.cacheRestore, b, CACHE_YML.restore, inputs)
    expect(denied.code).toBe(0)
    expect(denied.outputs['cache-hit']).toBe('false')
    const lines = [...warnings(denied), ...denied.stdout.split('\n').filter(l => /s3:\/\//.test(l))]
    expect(lines.join('\n')).toMatch(/denied|AccessDenied/i)
    expect(denied.stdout + denied.stderr).not.toMatch(/S3RVER/)
    expect(denied.stderr).not.toMatch(/^\s+at\s/m)
    server.deny(false)
    const missing = await step(bundles.cacheRestore, b, CACHE_YML.restore, {
      ...inputs,
      's3-bucket': 'no-such-bucket'
    })
    expect(missing.code).toBe(0)
    expect(missing.outputs['cache-hit']).toBe('false')
    expect(missing.stdout).toMatch(/no-such-bucket/)
    const a = makeRepo()
    const post = await save(a, { ...inputs, 's3-bucket': 'no-such-bucket' }, () => install(a.root))
    expect(post.stdout).toMatch(/::warning::.*no-such-bucket/)
    expect(post.stderr).not.toMatch(/^\s+at\s/m)
  }, 120_000)

  it('a bad s3 input is one line naming it, the step failed, nothing written', async () => {
    const b = makeRepo()
    const r = await step(bundles.cacheRestore, b, CACHE_YML.restore, {
      path: 'node_modules',
      key: 'k',
      's3-bucket': 'Bad_Bucket'
    })
    expect(r.code).toBe(1)
    expect(r.stdout).toMatch(/::error::.*s3-bucket/)
    expect(server.keys()).toEqual([])
  }, 60_000)
})

const NPM = registryReachable()
if (!NPM)
  process.stderr.write(
    'note: the npm registry is not reachable: the npm life through S3 is skipped\n'
  )

describe('a real npm project through an S3 bucket', () => {
  const maybe = NPM ? it : it.skip
  maybe(
    'cold miss, intact restore, a dependency bump, a cut-short and a swapped object: no false alarm, no miss',
    async () => {
      const manifest = (root: string, version: string): void =>
        fs.writeFileSync(
          path.join(root, 'package.json'),
          JSON.stringify({ name: 'app', version: '1.0.0', dependencies: { 'is-number': version } })
        )
      const lockHash = (root: string): string =>
        createHash('sha256')
          .update(fs.readFileSync(path.join(root, 'package-lock.json')))
          .digest('hex')
          .slice(0, 16)
      const npm = (repo: ActionRepo, args: string[]): void =>
        npmIn(repo.root, { cache: path.join(repo.home, '.npm'), home: repo.home }, ...args)
      const inputs = (key: string) => ({
        path: 'node_modules\n~/.npm',
        key,
        'restore-keys': 'npm-',
        'hmac-key': HMAC
      })
      const works = (repo: ActionRepo): string =>
        execFileSync('node', ['-e', 'console.log(require("is-number")(7))'], {
          cwd: repo.root,
          encoding: 'utf8'
        })
      // The lock files of both versions, made once (a checkout carries them).
      const locks: Record<string, Buffer> = {}
      for (const v of ['7.0.0', '6.0.0']) {
        const r = makeRepo()
        manifest(r.root, v)
        npm(r, ['install', '--package-lock-only'])
        locks[v] = fs.readFileSync(path.join(r.root, 'package-lock.json'))
      }
      const checkout = (v: string): ActionRepo => {
        const r = makeRepo()
        manifest(r.root, v)
        fs.writeFileSync(path.join(r.root, 'package-lock.json'), locks[v] as Buffer)
        return r
      }
      const outcomes: string[] = []
      const job = async (v: string): Promise<{ repo: ActionRepo; main: StepRun }> => {
        const repo = checkout(v)
        const key = `npm-${lockHash(repo.root)}`
        const main = await step(bundles.cacheMain, repo, CACHE_YML.cache, inputs(key))
        expect(main.code).toBe(0)
        outcomes.push(`${main.outputs['cache-hit']}/${main.outputs.stale ?? ''}`)
        if (main.outputs['cache-hit'] !== 'true') npm(repo, ['ci'])
        expect(works(repo)).toBe('true\n')
        const post = await step(
          bundles.cachePost,
          repo,
          CACHE_YML.cache,
          inputs(key),
          {},
          main.state
        )
        expect(post.code).toBe(0)
        return { repo, main }
      }
      // 1: a cold miss; 2: the same lock, every byte restored; 3: a bump falls back, then saves.
      const cold = await job('7.0.0')
      expect(cold.main.outputs['cache-hit']).toBe('false')
      const intact = await job('7.0.0')
      expect(intact.main.outputs['cache-hit']).toBe('true')
      expect(intact.main.outputs.healthy).toBe('true')
      const bumped = await job('6.0.0')
      expect(bumped.main.outputs.stale).toBe('true')
      expect(server.keys()).toHaveLength(2)
      // 4: the 6.0.0 entry cut short in the bucket, then replaced by the 7.0.0 entry's bytes.
      const [k6, k7] = (() => {
        const six = `npm-${lockHash(checkout('6.0.0').root)}`
        const keys = server.keys()
        const a = keys.find(k => k.endsWith(`/${six}`)) as string
        return [a, keys.find(k => k !== a) as string]
      })()
      const whole = server.read(k6)
      server.write(k6, whole.subarray(0, Math.floor(whole.length * 0.6)))
      const cut = checkout('6.0.0')
      const r1 = await step(bundles.cacheRestore, cut, CACHE_YML.restore, {
        ...inputs(`npm-${lockHash(cut.root)}`),
        'restore-keys': ''
      })
      expect(r1.code).toBe(0)
      expect(r1.outputs['cache-hit']).toBe('false')
      expect(fs.existsSync(path.join(cut.root, 'node_modules'))).toBe(false)
      server.write(k6, server.read(k7))
      const swapped = checkout('6.0.0')
      const r2 = await step(bundles.cacheRestore, swapped, CACHE_YML.restore, {
        ...inputs(`npm-${lockHash(swapped.root)}`),
        'restore-keys': ''
      })
      expect(r2.outputs['cache-hit']).toBe('false')
      expect(warnings(r2).join('\n')).toMatch(/made for key/)
      expect(fs.existsSync(path.join(swapped.root, 'node_modules'))).toBe(false)
      // Every intact entry restored, every damaged one refused: no false alarm, no miss.
      expect(outcomes).toEqual(['false/false', 'true/false', 'false/true'])
    },
    300_000
  )
})
