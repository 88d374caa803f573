/**
 * A secret input that is given but empty (`hmac-key: ${{ secrets.X }}` where X is not there: a
 * renamed secret, one not granted to an environment, a fork or Dependabot run) never silently
 * lowers what a run requires: the step says so in one warning naming the input and what the
 * requirement fell to, and `require-seal: signed` without any key fails at the start.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { ACTION_YML, makeRepo, NODES, type ActionRepo } from '../../__fixtures__/action.js'
import {
  runStepOn,
  snapshotBundles,
  stepCacheEnv,
  type Bundles,
  type StepRun
} from '../../__fixtures__/cache-run.js'
import { startCacheServer, type CacheServer } from '../../__fixtures__/cache-server.js'
import { CACHE_YML } from '../../__fixtures__/sealed-cache.js'
import { write } from '../../__fixtures__/workspace.js'

const NODE24 = NODES[0]!.bin

let server: CacheServer
let bundles: Bundles
let tmp: string

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'swr-empty-secret-'))
  bundles = snapshotBundles(tmp)
  server = await startCacheServer()
  // An attacker's save: no key, so its seal is unsigned.
  const a = freshRepo()
  const main = await step(bundles.cacheMain, a, CACHE_YML.cache, { path: 'deps', key: 'k-1' })
  write(a.root, 'deps/evil.js', 'evil\n')
  const post = await step(
    bundles.cachePost,
    a,
    CACHE_YML.cache,
    { path: 'deps', key: 'k-1' },
    main.state
  )
  if (!/saved them under key k-1/.test(post.stdout)) throw new Error(post.stdout)
}, 120_000)

afterAll(async () => {
  await server.close()
  fs.rmSync(tmp, { recursive: true, force: true })
})

function freshRepo(): ActionRepo {
  const repo = makeRepo()
  const temp = path.join(tmp, 'runner-temp')
  fs.rmSync(temp, { recursive: true, force: true })
  fs.mkdirSync(temp, { recursive: true })
  return { ...repo, runnerTemp: temp }
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

const warnings = (r: StepRun): string[] =>
  r.stdout.split('\n').filter(l => l.startsWith('::warning::'))

describe('a secret input given but empty', () => {
  it('the cache restore warns, naming the input and what the requirement fell to', async () => {
    const r = await step(bundles.cacheRestore, freshRepo(), CACHE_YML.restore, {
      path: 'deps',
      key: 'k-1',
      'hmac-key': ''
    })
    expect(r.code).toBe(0)
    const w = warnings(r).filter(l => /input hmac-key is empty/.test(l))
    expect(w).toHaveLength(1)
    expect(w[0]).toMatch(
      /the secret it names is not there .*the seal requirement is any: an unsigned seal is restored/
    )
    // What happens then, stated: with no key to judge by, the unsigned seal is restored.
    expect(r.outputs['cache-hit']).toBe('true')
  }, 60_000)

  it('left out, the input warns about nothing', async () => {
    const r = await step(bundles.cacheRestore, freshRepo(), CACHE_YML.restore, {
      path: 'deps',
      key: 'k-1'
    })
    expect(warnings(r).filter(l => /is empty/.test(l))).toEqual([])
  }, 60_000)

  it('require-seal: signed with the key empty fails at the start with one line', async () => {
    const repo = freshRepo()
    const r = await step(bundles.cacheRestore, repo, CACHE_YML.restore, {
      path: 'deps',
      key: 'k-1',
      'hmac-key': '',
      'require-seal': 'signed'
    })
    expect(r.code).not.toBe(0)
    expect(r.stdout).toMatch(/^::error::.*input require-seal: signed needs hmac-key/m)
    expect(fs.existsSync(path.join(repo.root, 'deps'))).toBe(false)
  }, 60_000)

  it('the main action warns when hmac-key is given but empty', async () => {
    const repo = freshRepo()
    fs.cpSync(path.resolve(import.meta.dirname, '../../__fixtures__/action-workspace'), repo.root, {
      recursive: true
    })
    const r = await runStepOn(NODE24, bundles.main, repo, {
      actionYml: ACTION_YML,
      inputs: { command: 'check', 'hmac-key': '' }
    })
    expect(r.code).toBe(0)
    expect(warnings(r).filter(l => /input hmac-key is empty/.test(l))).toHaveLength(1)
  }, 60_000)
})
