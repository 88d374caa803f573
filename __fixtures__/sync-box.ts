/**
 * Machines for the off-box sync tests: each box is a temporary directory with its own HOME,
 * workspace and state directory (keys, peers, push records), running the bundled CLI as a child
 * process (never blocking this process's event loop, so a loopback HTTP store in the test keeps
 * answering). `wipe()` removes HOME, workspace and state entirely, as a total sandbox wipe does.
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js'
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { node, ROOT, snapshotBundles, type Bundles, type ProcResult } from './cache-run.js'

export interface Box {
  base: string
  home: string
  ws: string
  state: string
  manifest: string
  env: NodeJS.ProcessEnv
  cli(args: string[], env?: NodeJS.ProcessEnv): Promise<ProcResult>
  wipe(): void
  cleanup(): void
}

let bundles: Bundles | undefined
let snap: string | undefined

/** The bundled CLI, copied once per test file (a rebuild cannot pull it from under a test). */
export function cliBundle(): Bundles {
  if (!bundles) {
    snap = fs.mkdtempSync(path.join(os.tmpdir(), 'swr-sync-dist-'))
    bundles = snapshotBundles(snap)
  }
  return bundles
}

export function dropBundle(): void {
  if (snap) fs.rmSync(snap, { recursive: true, force: true })
  bundles = undefined
  snap = undefined
}

export function makeBox(env: NodeJS.ProcessEnv = {}): Box {
  const base = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'swr-box-')))
  const home = path.join(base, 'home')
  const ws = path.join(base, 'ws')
  const state = path.join(base, 'state')
  const make = () => {
    for (const d of [home, ws]) fs.mkdirSync(d, { recursive: true })
  }
  make()
  const box: Box = {
    base,
    home,
    ws,
    state,
    manifest: path.join(ws, '.swr', 'manifest.json'),
    env: {
      PATH: process.env.PATH,
      HOME: home,
      SWR_STATE_DIR: state,
      NO_COLOR: '1',
      TERM: 'dumb',
      TMPDIR: base,
      ...env
    },
    cli: (args, extra = {}) =>
      node(cliBundle().cli, args, { cwd: ws, env: { ...box.env, ...extra }, timeoutMs: 30_000 }),
    wipe: () => {
      for (const d of [home, ws, state]) fs.rmSync(d, { recursive: true, force: true })
      make()
    },
    cleanup: () => fs.rmSync(base, { recursive: true, force: true })
  }
  return box
}

export function write(root: string, rel: string, content: string | Buffer): string {
  const abs = path.join(root, rel)
  fs.mkdirSync(path.dirname(abs), { recursive: true })
  fs.writeFileSync(abs, content)
  return abs
}

/**
 * Store `bundle` (any bytes) at `refs/swr/NAME` of the bare repository `remote`, as "swr push"
 * stores a copy: the one file of a parentless commit, made in a scratch repository under `scratch`.
 */
export function plantBundle(remote: string, name: string, bundle: string, scratch: string): void {
  const work = fs.mkdtempSync(path.join(scratch, 'plant-'))
  const git = (args: string[], input?: string): string =>
    execFileSync('git', ['--git-dir', work, ...args], {
      input,
      encoding: 'utf8',
      env: {
        ...process.env,
        GIT_AUTHOR_NAME: 'x',
        GIT_AUTHOR_EMAIL: 'x@x',
        GIT_COMMITTER_NAME: 'x',
        GIT_COMMITTER_EMAIL: 'x@x'
      }
    }).trim()
  git(['init', '--quiet', '--bare'])
  const blob = git(['hash-object', '-w', '--stdin'], bundle)
  const tree = git(['mktree'], `100644 blob ${blob}\tbundle.json\n`)
  const commit = git(['commit-tree', tree, '-m', 'x'])
  git(['push', '--quiet', remote, `+${commit}:refs/swr/${name}`])
  fs.rmSync(work, { recursive: true, force: true })
}

let validator: ValidateFunction | undefined

/** Schema errors of one sync JSON document (push, pull, sync status) against schema/sync-v1. */
export function syncSchemaErrors(doc: unknown): string[] {
  if (!validator) {
    const file = path.join(ROOT, 'schema', 'sync-v1.schema.json')
    const schema = JSON.parse(fs.readFileSync(file, 'utf8')) as object
    validator = new Ajv2020({ allErrors: true, strict: true, strictTypes: false }).compile(schema)
  }
  return validator(doc)
    ? []
    : (validator.errors ?? []).map(e => `${e.instancePath || '/'} ${e.message ?? ''}`)
}

/** A 64-hex-digit key (HMAC or sync seed) from one character. */
export const hex64 = (c: string): string => c.repeat(64)
