/**
 * Real toolchains' caches through the bundled cache action, each saved by one fresh runner and
 * restored by another (its own workspace, home and temp): cargo's `target/` (hard links included)
 * after which `cargo build --offline` has nothing to do, and a Python virtual environment that
 * imports pip. A toolchain that is not on this machine skips with a note.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { makeRepo, NODES, type ActionRepo } from '../../__fixtures__/action.js'
import {
  runStepOn,
  snapshotBundles,
  stepCacheEnv,
  type Bundles,
  type StepRun
} from '../../__fixtures__/cache-run.js'
import { startCacheServer, type CacheServer } from '../../__fixtures__/cache-server.js'
import { CACHE_YML } from '../../__fixtures__/sealed-cache.js'
import { npmIn, registryReachable } from '../../__fixtures__/npm.js'

const NODE24 = NODES[0]!.bin

let server: CacheServer
let bundles: Bundles
let tmp: string

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'swr-ecosystems-'))
  bundles = snapshotBundles(tmp)
  server = await startCacheServer()
}, 120_000)

afterAll(async () => {
  await server.close()
  fs.rmSync(tmp, { recursive: true, force: true })
})

function has(cmd: string, args: string[], env?: NodeJS.ProcessEnv): boolean {
  try {
    execFileSync(cmd, args, { stdio: 'ignore', ...(env ? { env } : {}) })
    return true
  } catch {
    return false
  }
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

/** Job 1 builds and saves; job 2, on another runner layout, restores. */
async function saveThenRestore(
  inputs: Record<string, string>,
  build: (repo: ActionRepo) => void,
  checkout: (from: ActionRepo, to: ActionRepo) => void
): Promise<{ a: ActionRepo; b: ActionRepo; restored: StepRun }> {
  const a = makeRepo()
  const main = await step(bundles.cacheMain, a, CACHE_YML.cache, inputs)
  expect(main.outputs['cache-hit']).toBe('false')
  build(a)
  const post = await step(bundles.cachePost, a, CACHE_YML.cache, inputs, main.state)
  expect(post.stdout).toMatch(new RegExp(`saved them under key ${inputs.key}`))
  const b = makeRepo()
  checkout(a, b)
  const restored = await step(bundles.cacheRestore, b, CACHE_YML.restore, inputs)
  return { a, b, restored }
}

// rustup's proxies find their toolchains through RUSTUP_HOME, which follows HOME unless set.
const RUSTUP_HOME = process.env.RUSTUP_HOME ?? path.join(os.homedir(), '.rustup')
const cargoEnv = (repo: ActionRepo): NodeJS.ProcessEnv => ({
  PATH: process.env.PATH,
  HOME: repo.home,
  RUSTUP_HOME,
  CARGO_HOME: path.join(repo.home, '.cargo'),
  CARGO_TERM_COLOR: 'never'
})
const CARGO = has('cargo', ['--version'], { ...process.env, RUSTUP_HOME })
if (!CARGO) process.stderr.write('note: cargo is not on this machine: the cargo case is skipped\n')

describe('cargo', () => {
  const maybe = CARGO ? it : it.skip
  maybe(
    'target/ comes back with its hard links; cargo build --offline has nothing to compile',
    async () => {
      const sources = (root: string): void => {
        fs.mkdirSync(path.join(root, 'src'), { recursive: true })
        fs.writeFileSync(
          path.join(root, 'Cargo.toml'),
          '[package]\nname = "tiny"\nversion = "0.1.0"\nedition = "2021"\n'
        )
        fs.writeFileSync(path.join(root, 'src', 'main.rs'), 'fn main() { println!("tiny"); }\n')
        // As a checkout long ago: older than anything a build makes.
        const old = new Date('2026-01-01T00:00:00Z')
        for (const f of ['Cargo.toml', 'src/main.rs', 'src'])
          fs.utimesSync(path.join(root, f), old, old)
      }
      const { b, restored } = await saveThenRestore(
        { path: '~/.cargo/registry\ntarget', key: 'cargo-1' },
        a => {
          sources(a.root)
          execFileSync('cargo', ['build', '--offline', '-q'], { cwd: a.root, env: cargoEnv(a) })
        },
        (_a, to) => sources(to.root)
      )
      expect(restored.outputs['cache-hit']).toBe('true')
      const bin = path.join(b.root, 'target', 'debug', 'tiny')
      expect(fs.statSync(bin).nlink).toBeGreaterThanOrEqual(2)
      // Nothing to compile: with -v cargo lists each unit it did not build as Fresh.
      const out = execFileSync('sh', ['-c', 'cargo build --offline -v 2>&1'], {
        cwd: b.root,
        env: cargoEnv(b),
        encoding: 'utf8'
      })
      expect(out).toMatch(/Fresh tiny/)
      expect(out).not.toMatch(/Compiling tiny/)
      expect(execFileSync(bin, { encoding: 'utf8' })).toBe('tiny\n')
    },
    180_000
  )
})

const PYTHON = has('python3', ['-c', 'import venv, ensurepip'])
if (!PYTHON) process.stderr.write('note: python3 with venv is not on this machine: skipped\n')

describe('a Python virtual environment', () => {
  const maybe = PYTHON ? it : it.skip
  maybe(
    '.venv comes back and imports pip',
    async () => {
      const { b, restored } = await saveThenRestore(
        { path: '~/.cache/pip\n.venv', key: 'venv-1' },
        a => execFileSync('python3', ['-m', 'venv', '.venv'], { cwd: a.root, stdio: 'ignore' }),
        () => undefined
      )
      expect(restored.outputs['cache-hit']).toBe('true')
      const out = execFileSync(
        path.join(b.root, '.venv', 'bin', 'python'),
        ['-c', 'import pip, sys; print(pip.__name__, sys.prefix)'],
        { encoding: 'utf8', cwd: b.root }
      )
      expect(out.split(' ')[0]).toBe('pip')
    },
    180_000
  )
})

// The Go module cache (0555 directories, 0444 files) is not tried here when go is absent.
if (!has('go', ['version']))
  process.stderr.write('note: go is not on this machine: the Go module cache case is skipped\n')

const NPM = registryReachable()
if (!NPM) process.stderr.write('note: the npm registry is not reachable: the npm case is skipped\n')

describe('npm', () => {
  const maybe = NPM ? it : it.skip
  maybe(
    'node_modules and ~/.npm come back; npm ci --offline installs from the restored cache',
    async () => {
      const manifest = (root: string): void =>
        fs.writeFileSync(
          path.join(root, 'package.json'),
          JSON.stringify({ name: 'tiny', version: '1.0.0', dependencies: { 'is-number': '7.0.0' } })
        )
      const { a, b, restored } = await saveThenRestore(
        { path: 'node_modules\n~/.npm', key: 'npm-1' },
        a => {
          manifest(a.root)
          npmIn(a.root, { cache: path.join(a.home, '.npm'), home: a.home }, 'install')
        },
        (from, to) => {
          manifest(to.root)
          fs.copyFileSync(
            path.join(from.root, 'package-lock.json'),
            path.join(to.root, 'package-lock.json')
          )
        }
      )
      expect(restored.outputs['cache-hit']).toBe('true')
      const entry = path.join('node_modules', 'is-number', 'index.js')
      expect(fs.readFileSync(path.join(b.root, entry))).toEqual(
        fs.readFileSync(path.join(a.root, entry))
      )
      expect(fs.existsSync(path.join(b.home, '.npm', '_cacache'))).toBe(true)
      // npm ci removes node_modules and installs again: offline, only the restored ~/.npm has it.
      npmIn(b.root, { cache: path.join(b.home, '.npm'), home: b.home }, 'ci', '--offline')
      expect(
        execFileSync('node', ['-e', 'console.log(require("is-number")(5))'], {
          cwd: b.root,
          encoding: 'utf8'
        })
      ).toBe('true\n')
    },
    240_000
  )
})
