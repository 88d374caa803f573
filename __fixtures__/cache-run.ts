/**
 * Running swr against the loopback Actions cache service (cache-server.ts) the way a runner does:
 * the bundled CLI and the Action's main and post steps as real child processes.
 *
 * Children are started with `spawn`, never `spawnSync`: the cache server answers from this
 * process's event loop, so a blocked loop would hang the child's first cache request. The bundles
 * run from a snapshot of dist/ taken once (`snapshotBundles`), so a concurrent `npm run bundle`,
 * which deletes and rewrites dist/, cannot pull files from under a running child.
 *
 * The Action's runner files are real files read back afterwards: GITHUB_OUTPUT, GITHUB_STEP_SUMMARY
 * and GITHUB_STATE (what `core.saveState` appends to in the main step; the runner hands it to the
 * post step as `STATE_<name>` variables).
 */
import * as cache from '@actions/cache'
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import {
  inputVar,
  parseCommands,
  parseOutputs,
  readActionYml,
  type ActionRepo,
  type WorkflowCommand
} from './action.js'
import { copyBundleFiles } from './bundle-copy.js'
import { captureOutput, withCacheEnv, type CacheServer } from './cache-server.js'
import { fixtureEnv, type RunOptions } from './workspace.js'

export const ROOT = path.resolve(import.meta.dirname, '..')
const DIST = path.join(ROOT, 'dist')

export interface Bundles {
  /** The CLI (dist/cli/index.js). */
  cli: string
  /** The Action's main step (dist/index.js). */
  main: string
  /** The Action's post step (dist/post/index.js). */
  post: string
  /** The cache actions' steps (dist/cache/: main, post, restore, save). */
  cacheMain: string
  cachePost: string
  cacheRestore: string
  cacheSave: string
}

/**
 * Copy dist/, dist/post/ and dist/cli/ (or those of another build, `from`) below `dir` once,
 * retrying while a rebuild is under way.
 */
export function snapshotBundles(dir: string, from: string = DIST): Bundles {
  const out = path.join(dir, 'dist')
  const b: Bundles = {
    cli: path.join(out, 'cli', 'index.js'),
    main: path.join(out, 'index.js'),
    post: path.join(out, 'post', 'index.js'),
    cacheMain: path.join(out, 'cache', 'main.js'),
    cachePost: path.join(out, 'cache', 'post.js'),
    cacheRestore: path.join(out, 'cache', 'restore.js'),
    cacheSave: path.join(out, 'cache', 'save.js')
  }
  for (let attempt = 0; ; attempt++) {
    try {
      copyBundleFiles(from, out)
      copyBundleFiles(path.join(from, 'post'), path.join(out, 'post'))
      copyBundleFiles(path.join(from, 'cli'), path.join(out, 'cli'))
      copyBundleFiles(path.join(from, 'cache'), path.join(out, 'cache'))
      for (const f of Object.values(b)) if (!fs.existsSync(f)) throw new Error(`${f} is missing`)
      return b
    } catch (err) {
      if (attempt >= 40) throw err
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 250)
    }
  }
}

export interface ProcResult {
  code: number | null
  signal: NodeJS.Signals | null
  stdout: string
  stderr: string
  ms: number
}

/**
 * `node script ...args` as a child process, without blocking this process's event loop (`bin`:
 * another Node binary, e.g. the runner's node24).
 */
export function node(
  script: string,
  args: string[],
  opts: {
    cwd: string
    env: NodeJS.ProcessEnv
    timeoutMs?: number
    bin?: string
    onSpawn?: (pid: number) => void
  }
): Promise<ProcResult> {
  const started = Date.now()
  const proc = spawn(opts.bin ?? process.execPath, [script, ...args], {
    cwd: opts.cwd,
    env: opts.env,
    stdio: ['ignore', 'pipe', 'pipe']
  })
  if (proc.pid !== undefined) opts.onSpawn?.(proc.pid)
  let stdout = ''
  let stderr = ''
  proc.stdout.on('data', (c: Buffer) => (stdout += c.toString('utf8')))
  proc.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')))
  const timer = setTimeout(() => proc.kill('SIGKILL'), opts.timeoutMs ?? 60_000)
  return new Promise((resolve, reject) => {
    proc.on('error', err => {
      clearTimeout(timer)
      reject(err)
    })
    proc.on('close', (code, signal) => {
      clearTimeout(timer)
      resolve({ code, signal, stdout, stderr, ms: Date.now() - started })
    })
  })
}

/** The bundled CLI on a fixture workspace, with `env` (e.g. a cache server's) on top. */
export function runCli(
  bundles: Bundles,
  args: string[],
  opts: RunOptions,
  env: NodeJS.ProcessEnv = {}
): Promise<ProcResult> {
  return node(bundles.cli, args, {
    cwd: opts.cwd ?? opts.root,
    env: {
      PATH: process.env.PATH,
      HOME: opts.home,
      ...fixtureEnv(opts),
      ...opts.env,
      ...env
    }
  })
}

/**
 * A cache server's environment for an Action step on `repo`: GITHUB_WORKSPACE and RUNNER_TEMP stay
 * the repository's (the runner sets them; tar archives paths relative to GITHUB_WORKSPACE).
 */
export function stepCacheEnv(server: CacheServer, repo: ActionRepo): Record<string, string> {
  return { ...server.env, GITHUB_WORKSPACE: repo.root, RUNNER_TEMP: repo.runnerTemp }
}

export interface StepRun extends ProcResult {
  outputsText: string
  /** Outputs as the runner reads them. */
  outputs: Record<string, string>
  /** Raw text of the GITHUB_STATE file after the step. */
  stateText: string
  /** Saved state as the runner reads it (name -> value). */
  state: Record<string, string>
  summary: string
  /** The workflow commands the runner acts on. */
  commands: WorkflowCommand[]
}

export interface StepOptions {
  /** Input values by action.yml name; unset inputs get their action.yml default. */
  inputs?: Record<string, string>
  /** Extra environment (a cache server's, ACTIONS_CACHE_MODE, ...). */
  env?: Record<string, string>
  /** State handed to a post step: becomes `STATE_<name>`. */
  state?: Record<string, string>
  /** The action.yml whose input defaults apply (default: the repository's action.yml). */
  actionYml?: string
  /** Called with the step's pid once it started (to signal it, as the runner does). */
  onSpawn?: (pid: number) => void
}

let stepSeq = 0

/** Run one of the Action's bundles as a runner step on `repo` (main or post). */
export function runStep(
  script: string,
  repo: ActionRepo,
  opts: StepOptions = {}
): Promise<StepRun> {
  return runStepOn(process.execPath, script, repo, opts)
}

/**
 * Save `paths` under `key` with the real client in this process, its output swallowed. Returns the
 * cache id (-1 when the client could not save). `env` is usually the server's, possibly with
 * GITHUB_WORKSPACE moved to where a later restore will run (tar paths are relative to it).
 */
export async function seed(
  env: Record<string, string>,
  paths: string[],
  key: string
): Promise<number> {
  const r = await withCacheEnv(env, () => captureOutput(() => cache.saveCache(paths, key)))
  if (r.result === -1) throw new Error(`could not seed ${key}:\n${r.stdout}${r.stderr}`)
  return r.result
}

/**
 * Restore `paths` with the real client in this process, its output swallowed: what a workflow's own
 * `actions/cache` step does before swr runs. Returns the matched key, undefined on a miss. `env` as
 * for `seed` (the same GITHUB_WORKSPACE and path strings as the save, or the version differs).
 */
export async function unseed(
  env: Record<string, string>,
  paths: string[],
  key: string,
  restoreKeys: string[] = []
): Promise<string | undefined> {
  const r = await withCacheEnv(env, () =>
    captureOutput(() => cache.restoreCache(paths, key, restoreKeys))
  )
  return r.result
}

/**
 * `runStep` with another Node binary: the runner runs the Action with its own node24 (action.yml
 * `using: node24`), not with the Node that runs jest.
 */
export async function runStepOn(
  nodeBin: string,
  script: string,
  repo: ActionRepo,
  opts: StepOptions = {}
): Promise<StepRun> {
  const n = ++stepSeq
  const files = {
    output: path.join(repo.runnerTemp, `_cache_output_${n}`),
    summary: path.join(repo.runnerTemp, `_cache_summary_${n}`),
    state: path.join(repo.runnerTemp, `_cache_state_${n}`)
  }
  for (const f of Object.values(files)) fs.writeFileSync(f, '')
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: repo.home,
    GITHUB_WORKSPACE: repo.root,
    RUNNER_TEMP: repo.runnerTemp,
    GITHUB_OUTPUT: files.output,
    GITHUB_STEP_SUMMARY: files.summary,
    GITHUB_STATE: files.state,
    GITHUB_REPOSITORY: 'owner/repo',
    GITHUB_REF: 'refs/heads/main',
    GITHUB_ACTIONS: 'true',
    CI: 'true'
  }
  for (const [name, spec] of readActionYml(opts.actionYml).inputs)
    env[inputVar(name)] = spec.default
  for (const [name, value] of Object.entries(opts.inputs ?? {})) env[inputVar(name)] = value
  for (const [name, value] of Object.entries(opts.state ?? {})) env[`STATE_${name}`] = value
  Object.assign(env, opts.env)
  const r = await node(script, [], {
    cwd: repo.root,
    env,
    bin: nodeBin,
    ...(opts.onSpawn ? { onSpawn: opts.onSpawn } : {})
  })
  const outputsText = fs.readFileSync(files.output, 'utf8')
  const stateText = fs.readFileSync(files.state, 'utf8')
  return {
    ...r,
    outputsText,
    outputs: parseOutputs(outputsText).values,
    stateText,
    state: parseOutputs(stateText).values,
    summary: fs.readFileSync(files.summary, 'utf8'),
    commands: parseCommands(r.stdout).processed
  }
}
