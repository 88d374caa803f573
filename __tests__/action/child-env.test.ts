/**
 * No child the Action starts holds a secret in its environment: a process an earlier recipe left
 * behind can read any same-user process's starting environment from /proc/PID/environ. The
 * bundled Action runs under strace (every execve with its full environment) in a doctor that runs
 * a recipe and escrows 40 files (so `sync -f` runs), and the cache action's steps the same way;
 * the job's key input, its runtime token and a planted GITHUB_TOKEN must appear in no child's
 * environment. And lint refuses a spawn without an explicit `env`.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { ESLint } from 'eslint'
import { ACTION_YML, makeRepo, NODES, type ActionRepo } from '../../__fixtures__/action.js'
import {
  runStepOn,
  snapshotBundles,
  stepCacheEnv,
  type Bundles
} from '../../__fixtures__/cache-run.js'
import { startCacheServer, type CacheServer } from '../../__fixtures__/cache-server.js'
import { hmacHex } from '../../__fixtures__/keys.js'
import { CACHE_YML } from '../../__fixtures__/sealed-cache.js'
import { hasStrace, tracedNode } from '../../__fixtures__/strace.js'
import { add, run, write } from '../../__fixtures__/workspace.js'

const NODE24 = NODES[0]!.bin
const ROOT = path.resolve(import.meta.dirname, '../..')
const KEY = hmacHex('child-env')
const PLANTED_TOKEN = 'ghs_plantedtokenvalue0123456789abcdefABCDEF'

let server: CacheServer
let bundles: Bundles
let tmp: string

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'swr-child-env-'))
  bundles = snapshotBundles(tmp)
  server = await startCacheServer()
}, 120_000)

afterAll(async () => {
  await server.close()
  fs.rmSync(tmp, { recursive: true, force: true })
})

/** node24 under strace: every execve (with its environment) of the step and its children. */
function traced(name: string): { bin: string; trace: string } {
  return tracedNode(tmp, name, NODE24, ['-v', '-s', '65536', '-e', 'trace=execve'])
}

/** The execve lines after the step's own start (the first line: the runner's environment). */
function childExecs(trace: string): string[] {
  const lines = fs
    .readFileSync(trace, 'utf8')
    .split('\n')
    .filter(l => /execve\(/.test(l) && !/ = -1 /.test(l))
  return lines.slice(1)
}

function secretsIn(line: string, secrets: string[]): string[] {
  return secrets.filter(s => line.includes(s))
}

const describeTraced = hasStrace ? describe : describe.skip
if (!hasStrace)
  process.stderr.write('note: strace is not installed: child environments not traced\n')

describeTraced('no child of the Action holds a secret', () => {
  it('doctor: the re-exec, the recipe and sync start with environments built for them', async () => {
    const repo = makeRepo()
    const cli = { ...repo.cli, env: { SWR_HMAC_KEY: KEY } }
    const lines: object[] = []
    for (let i = 0; i < 40; i++) {
      write(repo.root, `data/f${i}.txt`, `file ${i}\n`)
      lines.push({ path: `data/f${i}.txt`, id: `f${i}` })
    }
    write(repo.root, 'out/built.txt', 'built\n')
    lines.push({
      path: 'out/built.txt',
      id: 'built',
      restore: 'mkdir -p out && printf "built\\n" > out/built.txt'
    })
    const from = path.join(repo.outside, 'from.jsonl')
    fs.writeFileSync(from, lines.map(l => JSON.stringify(l) + '\n').join(''))
    await add(cli, '--from', from)
    const ids = Array.from({ length: 40 }, (_, i) => `f${i}`)
    const escrowed = await run(['escrow', '-q', '--only', ...ids], cli)
    expect(escrowed.code).toBe(0)
    fs.rmSync(path.join(repo.root, 'data'), { recursive: true })
    fs.rmSync(path.join(repo.root, 'out'), { recursive: true })

    const { bin, trace } = traced('doctor')
    const env: Record<string, string> = {
      ...stepCacheEnv(server, repo),
      GITHUB_TOKEN: PLANTED_TOKEN
    }
    const r = await runStepOn(bin, bundles.main, repo, {
      actionYml: ACTION_YML,
      inputs: { command: 'doctor', 'hmac-key': KEY, require: 'hmac' },
      env
    })
    if (r.outputs.status !== 'repaired') throw new Error(r.stdout)
    const secrets = [KEY, env.ACTIONS_RUNTIME_TOKEN as string, PLANTED_TOKEN]
    const execs = childExecs(trace)
    // The test can fail: the re-exec, the recipe's shell and sync were all seen.
    expect(execs.some(l => l.includes('--swr-handover='))).toBe(true)
    // The re-executed image starts with its memory settings (handover.ts), and no child has
    // glibc's threshold from it.
    const image = execs.filter(l => l.includes('--swr-handover='))
    expect(image.every(l => l.includes('"--max-semi-space-size=16"'))).toBe(true)
    expect(image.every(l => l.includes('"MALLOC_MMAP_THRESHOLD_=262144"'))).toBe(true)
    expect(execs.filter(l => !l.includes('--swr-handover=') && /MALLOC_MMAP/.test(l))).toEqual([])
    expect(execs.some(l => /execve\("\/bin\/sh"/.test(l))).toBe(true)
    expect(execs.some(l => /execve\("[^"]*\/sync"/.test(l))).toBe(true)
    expect(execs.filter(l => secretsIn(l, secrets).length > 0)).toEqual([])
  }, 240_000)

  it('the cache action: restore and post start no child with the key, the planted token or the runtime token', async () => {
    const repo: ActionRepo = makeRepo()
    const inputs = { path: 'deps', key: 'child-env-1', 'hmac-key': KEY }
    const env: Record<string, string> = {
      ...stepCacheEnv(server, repo),
      GITHUB_TOKEN: PLANTED_TOKEN
    }
    const main = traced('cache-main')
    const m = await runStepOn(main.bin, bundles.cacheMain, repo, {
      actionYml: CACHE_YML.cache,
      inputs,
      env
    })
    expect(m.code).toBe(0)
    for (let i = 0; i < 10; i++) write(repo.root, `deps/f${i}`, `dep ${i}\n`)
    const post = traced('cache-post')
    const p = await runStepOn(post.bin, bundles.cachePost, repo, {
      actionYml: CACHE_YML.cache,
      inputs,
      env,
      state: m.state
    })
    expect(p.stdout).toMatch(/saved them under key child-env-1/)
    const secrets = [KEY, PLANTED_TOKEN]
    const execs = [...childExecs(main.trace), ...childExecs(post.trace)]
    expect(execs.some(l => l.includes('--swr-handover='))).toBe(true)
    // The restore's image bounds its young generation tighter than the save's (handover.ts).
    const images = (trace: string) => childExecs(trace).filter(l => l.includes('--swr-handover='))
    expect(images(main.trace).length).toBeGreaterThan(0)
    expect(images(main.trace).every(l => l.includes('"--max-semi-space-size=8"'))).toBe(true)
    expect(images(main.trace).every(l => l.includes('"--expose-gc"'))).toBe(true)
    expect(images(post.trace).some(l => l.includes('"--expose-gc"'))).toBe(false)
    expect(images(post.trace).length).toBeGreaterThan(0)
    expect(images(post.trace).every(l => l.includes('"--max-semi-space-size=16"'))).toBe(true)
    expect(execs.filter(l => secretsIn(l, secrets).length > 0)).toEqual([])
    // The runtime token reaches only the archiver the cache client starts during its save
    // (docs/security.md); never the re-exec, never anything else.
    const withToken = execs.filter(l => l.includes(env.ACTIONS_RUNTIME_TOKEN as string))
    for (const l of withToken) expect(l).toMatch(/execve\("[^"]*\/(tar|zstd|zstdmt|sh)"/)
  }, 240_000)
})

describe('lint refuses a spawn without an explicit env', () => {
  it('flags spawn, spawnSync and a namespace execFile without env; passes one with env', async () => {
    const eslint = new ESLint({ cwd: ROOT })
    const code = [
      "import { spawn, spawnSync } from 'node:child_process'",
      "import * as cp from 'node:child_process'",
      "spawn('x', [], { stdio: 'ignore' })",
      "spawnSync('x', [])",
      "cp.execFile('x', [], {})",
      "spawn('x', [], { env: { PATH: '/usr/bin' } })",
      "void /a/.exec('a')",
      ''
    ].join('\n')
    const [res] = await eslint.lintText(code, { filePath: path.join(ROOT, 'src/core/probe.ts') })
    const hits = (res?.messages ?? []).filter(m => m.ruleId === 'swr/spawn-env')
    expect(hits.map(h => h.line)).toEqual([3, 4, 5])
  }, 60_000)
})
