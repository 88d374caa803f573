/**
 * Every JSON document swr prints validates against its published schema in schema/: each CLI
 * command run with --json through the bundled CLI (dist/cli/index.js), and each JSON output of the
 * bundled Action (dist/index.js), on a real workspace signed with a real ML-DSA-87 key. Schemas
 * compile in Ajv's strict mode; a document that grows a field its schema does not know fails.
 * The sealed cache action's report and the seal its archive carries are validated the same way.
 * Every document kind the source can print (each `swr.NAME/N` tag in src/) must have a schema and
 * must be validated here by at least one real run, and every schema must be used: a new kind
 * without a schema, or a schema nothing exercises, fails the last test. The runs share one
 * workspace and run in file order.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js'
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import {
  commit,
  makeRepo,
  NODES,
  runAction,
  type ActionRepo,
  type ActionRun
} from '../__fixtures__/action.js'
import {
  runCli,
  runStepOn,
  snapshotBundles,
  stepCacheEnv,
  type Bundles,
  type ProcResult,
  type StepRun
} from '../__fixtures__/cache-run.js'
import { startCacheServer, type CacheServer } from '../__fixtures__/cache-server.js'
import { CACHE_YML, sealMember } from '../__fixtures__/sealed-cache.js'
import { write } from '../__fixtures__/workspace.js'

const SCHEMA_DIR = path.resolve(import.meta.dirname, '../schema')
const SRC_DIR = path.resolve(import.meta.dirname, '../src')
const SCHEMA_FILES = fs.readdirSync(SCHEMA_DIR).filter(f => f.endsWith('.schema.json'))
/** The manifest schema has no `$id`; every manifest names it by this URN, and so do the schemas of documents that carry entries. */
const MANIFEST_URN = 'urn:snapshot-wipe-resilience:schema:manifest-v3.schema.json'
const ajv = new Ajv2020({ allErrors: true, strict: true, strictTypes: false, discriminator: true })
ajv.addSchema(readSchema('manifest-v3.schema.json'), MANIFEST_URN)
const validators = new Map<string, ValidateFunction>()
/** The document kinds (`schema` values, a seal's in its body) and the schema files real runs validated. */
const seenKinds = new Set<string>()
const usedSchemas = new Set<string>()

function readSchema(file: string): object {
  return JSON.parse(fs.readFileSync(path.join(SCHEMA_DIR, file), 'utf8')) as object
}

function validator(file: string): ValidateFunction {
  let v = validators.get(file)
  if (!v) {
    v = file === 'manifest-v3.schema.json' ? ajv.getSchema(MANIFEST_URN) : undefined
    v ??= ajv.compile(readSchema(file))
    validators.set(file, v)
  }
  return v
}

/** Schema errors of `doc` against `file`, one line each ([] when it validates). */
function errors(file: string, doc: unknown): string[] {
  const v = validator(file)
  if (!v(doc)) return (v.errors ?? []).map(e => `${e.instancePath || '/'} ${e.message ?? ''}`)
  const d = doc as { schema?: unknown; body?: { schema?: unknown } }
  const kind = d.schema ?? d.body?.schema
  if (typeof kind === 'string') seenKinds.add(kind)
  usedSchemas.add(file)
  return []
}

/** Every `swr.NAME/N` document tag the source can print. */
function sourceKinds(dir: string = SRC_DIR): Set<string> {
  const out = new Set<string>()
  for (const d of fs.readdirSync(dir, { withFileTypes: true })) {
    const abs = path.join(dir, d.name)
    if (d.isDirectory()) for (const k of sourceKinds(abs)) out.add(k)
    else if (/\.(ts|mjs|cjs)$/.test(d.name))
      for (const m of fs.readFileSync(abs, 'utf8').matchAll(/['"`](swr\.[a-z-]+\/[0-9]+)['"`]/g))
        out.add(m[1] ?? '')
  }
  return out
}

/** The `schema` constants a schema file declares, at any depth. */
function declaredKinds(node: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(node)) for (const n of node) declaredKinds(n, out)
  else if (node && typeof node === 'object') {
    const kind = (node as { properties?: { schema?: { const?: unknown } } }).properties?.schema
      ?.const
    if (typeof kind === 'string') out.add(kind)
    for (const v of Object.values(node)) declaredKinds(v, out)
  }
  return out
}

let repo: ActionRepo
let b: Bundles
/** What the set-up printed: `keygen --json` and the first `add --json`. */
let setUp: { keygen: unknown; add: unknown }

const cli = (...args: string[]): Promise<ProcResult> => runCli(b, args, repo.cli)
const json = (...args: string[]): Promise<{ code: number | null; doc: unknown }> =>
  jsonIn(repo.root, ...args)
/** `swr ARGS --json` run in `cwd`, its stdout parsed; outside the workspace, with no SWR_MANIFEST. */
async function jsonIn(
  cwd: string,
  ...args: string[]
): Promise<{ code: number | null; doc: unknown }> {
  const { manifestFile, ...opts } = repo.cli
  const r = await runCli(b, [...args, '--json'], {
    ...opts,
    cwd,
    ...(cwd === repo.root ? { manifestFile } : {})
  })
  try {
    return { code: r.code, doc: JSON.parse(r.stdout) as unknown }
  } catch {
    throw new Error(`swr ${args.join(' ')} --json printed no JSON (exit ${r.code}): ${r.stderr}`)
  }
}

function action(inputs: Record<string, string>): ActionRun {
  return runAction(process.execPath, b.main, repo, { inputs })
}

beforeAll(async () => {
  repo = makeRepo()
  b = snapshotBundles(repo.base)
  const keygen = (await json('keygen', '--no-hmac')).doc
  write(repo.root, 'etc/app.conf', 'port = 1\n', 0o644)
  write(repo.root, 'bin/run.sh', '#!/bin/sh\n', 0o755)
  write(repo.root, 'src/a.c', 'int a;\n', 0o644)
  const add = (
    await json(
      'add',
      'etc/app.conf',
      '--id',
      'conf',
      '--restore',
      'printf "port = 1\\n" > etc/app.conf'
    )
  ).doc
  setUp = { keygen, add }
  await cli('add', 'bin/run.sh', '--id', 'run')
  await cli('add', 'src', '--id', 'src', '--sentinel', 'a.c')
}, 60_000)

afterAll(() => repo?.cleanup())

describe('schema files', () => {
  it.each(SCHEMA_FILES)('%s compiles in strict mode', file => {
    expect(() => validator(file)).not.toThrow()
  })

  it('every document kind the source prints has a schema, and every schema a kind', () => {
    const declared = new Set(SCHEMA_FILES.flatMap(f => [...declaredKinds(readSchema(f))]))
    const printed = sourceKinds()
    expect(printed.size).toBeGreaterThan(30)
    expect([...printed].filter(k => !declared.has(k))).toEqual([])
    expect([...declared].filter(k => !printed.has(k))).toEqual([])
  })
})

describe('the bundled CLI with --json', () => {
  it('check: healthy and damaged reports (swr.report/1)', async () => {
    const healthy = await json('check')
    expect(healthy.code).toBe(0)
    expect(errors('report-v1.schema.json', healthy.doc)).toEqual([])
    fs.rmSync(path.join(repo.root, 'etc/app.conf'))
    fs.chmodSync(path.join(repo.root, 'bin/run.sh'), 0o644)
    const damaged = await json('check')
    expect(damaged.code).toBe(1)
    expect(errors('report-v1.schema.json', damaged.doc)).toEqual([])
  })

  it('doctor: the report with its repair section (swr.report/1)', async () => {
    const r = await json('doctor')
    const doc = r.doc as { repair?: { steps: unknown[] } }
    expect(doc.repair?.steps.length).toBeGreaterThan(0)
    expect(errors('report-v1.schema.json', doc)).toEqual([])
  })

  it('verify (swr.verify/1)', async () => {
    const r = await json('verify')
    expect(r.code).toBe(0)
    expect(errors('verify-v1.schema.json', r.doc)).toEqual([])
  })

  it('trust mine, add, list and remove (swr.trust/1)', async () => {
    const mine = (await json('trust', 'mine')).doc as { fingerprint: string }
    expect(errors('trust-v1.schema.json', mine)).toEqual([])
    for (const args of [
      ['trust', 'add', mine.fingerprint, 'me'],
      ['trust', 'list'],
      ['trust', 'remove', 'me']
    ])
      expect([args, errors('trust-v1.schema.json', (await json(...args)).doc)]).toEqual([args, []])
  })

  it('an error (swr.error/1)', async () => {
    const r = await json('check', '--manifest', 'nowhere.json')
    expect(r.code).toBe(4)
    expect(errors('error-v1.schema.json', r.doc)).toEqual([])
  })

  it('canary plant, canary read and stats (swr.canary-plant/1, swr.canary-read/1, swr.stats/1)', async () => {
    const empty = await json('stats')
    expect(errors('stats-v1.schema.json', empty.doc)).toEqual([])
    const plant = await json('canary', 'plant', '--no-home', '--large-bytes', '0')
    expect(errors('canary-plant-v1.schema.json', plant.doc)).toEqual([])
    // One probe lost, one altered: the reading lists both outcomes.
    for (const name of fs.readdirSync(repo.root)) {
      if (/^swr-canary-.*-stamp$/.test(name)) fs.rmSync(path.join(repo.root, name))
      if (/^swr-canary-.*-script$/.test(name)) fs.chmodSync(path.join(repo.root, name), 0o644)
    }
    const read = await json('canary', 'read')
    expect(read.code).toBe(1)
    const outcomes = (read.doc as { probes: { outcome: { state: string } }[] }).probes.map(
      p => p.outcome.state
    )
    expect(new Set(outcomes)).toEqual(new Set(['intact', 'altered', 'lost']))
    expect(errors('canary-read-v1.schema.json', read.doc)).toEqual([])
    const stats = await json('stats')
    expect((stats.doc as { records: number }).records).toBe(1)
    expect(errors('stats-v1.schema.json', stats.doc)).toEqual([])
  })
})

describe('the bundled Action outputs', () => {
  const out = (r: ActionRun, name: string): unknown => JSON.parse(r.outputs[name] ?? 'null')

  it('report for check (swr.action-report/1) and for verify (swr.action-verify/1)', () => {
    const check = action({ command: 'check', 'fail-on': 'never' })
    expect(errors('action-report-v1.schema.json', out(check, 'report'))).toEqual([])
    const verify = action({ command: 'verify', 'fail-on': 'never' })
    expect(errors('action-verify-v1.schema.json', out(verify, 'report'))).toEqual([])
  })

  it('canary and stats for canary-read, canary-plant, canary-read again (swr.action-canary/1)', () => {
    const canary = { 'canary-home': 'false', 'canary-large-bytes': '0' }
    for (const command of ['canary-read', 'canary-plant', 'canary-read']) {
      const r = action({ command, ...canary })
      expect([command, errors('action-canary-v1.schema.json', out(r, 'canary'))]).toEqual([
        command,
        []
      ])
      expect([command, errors('stats-v1.schema.json', out(r, 'stats'))]).toEqual([command, []])
    }
  })
})

describe('the bundled CLI with --json: every other command', () => {
  /** `swr ARGS --json` in the workspace must exit `code` and print a valid `kind` document. */
  async function valid(
    file: string,
    kind: string,
    code: number,
    ...args: string[]
  ): Promise<Record<string, unknown>> {
    return validIn(repo.root, file, kind, code, ...args)
  }
  async function validIn(
    cwd: string,
    file: string,
    kind: string,
    code: number,
    ...args: string[]
  ): Promise<Record<string, unknown>> {
    const r = await jsonIn(cwd, ...args)
    const doc = r.doc as Record<string, unknown>
    expect({ args, code: r.code, kind: doc.schema, errors: errors(file, doc) }).toEqual({
      args,
      code,
      kind,
      errors: []
    })
    return doc
  }

  it('the manifest itself, keygen and add from the set-up (swr.keygen/1, swr.add/1)', () => {
    expect(errors('manifest-v3.schema.json', readJson(repo.manifestFile))).toEqual([])
    expect(errors('keygen-v1.schema.json', setUp.keygen)).toEqual([])
    expect(errors('add-v1.schema.json', setUp.add)).toEqual([])
    expect(setUp.add).toMatchObject({ schema: 'swr.add/1', added: [{ id: 'conf' }] })
  })

  it('sign, edit, rescan, rm (swr.sign/1, swr.edit/1, swr.rescan/1, swr.rm/1)', async () => {
    const signed = await valid('sign-v1.schema.json', 'swr.sign/1', 0, 'sign', '--expires', '30d')
    expect(signed.expires).toEqual(expect.any(String))
    await valid('edit-v1.schema.json', 'swr.edit/1', 0, 'edit', 'conf', '--note', 'why')
    await valid('edit-v1.schema.json', 'swr.rescan/1', 0, 'rescan', 'conf', '--dry-run')
    write(repo.root, 'tmp/gone.txt', 'x\n')
    await valid('add-v1.schema.json', 'swr.add/1', 0, 'add', 'tmp/gone.txt', '--id', 'gone')
    const rm = await valid('edit-v1.schema.json', 'swr.rm/1', 0, 'rm', 'gone')
    expect(rm.removed).toEqual([{ id: 'gone', kind: 'file', path: 'tmp/gone.txt' }])
  })

  it('escrow, selftest, export-recipes (swr.escrow/1, swr.selftest/1, swr.export-recipes/1)', async () => {
    await valid('escrow-v1.schema.json', 'swr.escrow/1', 0, 'escrow', '--only', 'conf')
    const self = await valid('selftest-v1.schema.json', 'swr.selftest/1', 0, 'selftest')
    expect(self.results).toEqual([expect.objectContaining({ id: 'conf', passed: true })])
    const exported = await valid(
      'export-recipes-v1.schema.json',
      'swr.export-recipes/1',
      0,
      'export-recipes'
    )
    expect(exported.steps).toEqual([expect.objectContaining({ id: 'conf' })])
  })

  it('import, attacktest, hook install (swr.import/1, swr.attacktest/1, swr.hook/1)', async () => {
    const legacy = path.resolve(import.meta.dirname, '../__fixtures__/legacy/manifest-v2.json')
    const imported = path.join(repo.base, 'imported.json')
    await valid('import-v1.schema.json', 'swr.import/1', 0, 'import', legacy, '-m', imported)
    await valid('attacktest-v1.schema.json', 'swr.attacktest/1', 0, 'attacktest', '--count', '20')
    const hook = await valid('hook-v1.schema.json', 'swr.hook/1', 0, 'hook', 'install', 'bash')
    expect(hook.state).toBe('created')
  })

  it('preset, models, retighten, audit (swr.presets/1, swr.preset/1, swr.models/1, swr.retighten/1, swr.audit/1)', async () => {
    await valid('preset-v1.schema.json', 'swr.presets/1', 0, 'preset', '--list')
    write(repo.root, '.profile', 'PATH=$PATH\n')
    const preset = await valid('preset-v1.schema.json', 'swr.preset/1', 0, 'preset', 'shell')
    expect(preset.written).toBe(true)
    write(repo.root, 'weights.gguf', Buffer.alloc(1024 * 1024 + 1, 1))
    const listed = await valid('models-v1.schema.json', 'swr.models/1', 0, 'models')
    expect(listed.models).toEqual([expect.objectContaining({ path: 'weights.gguf' })])
    const applied = await valid('models-v1.schema.json', 'swr.models/1', 0, 'models', '--apply')
    expect(applied).toMatchObject({ applied: true, written: true })
    await valid('retighten-v1.schema.json', 'swr.retighten/1', 0, 'retighten')
    await valid('audit-v1.schema.json', 'swr.audit/1', 0, 'audit')
  })

  it('audit without a manifest, init, autopilot (swr.audit/1, swr.init/1, swr.autopilot/1)', async () => {
    const fresh = path.join(repo.base, 'fresh')
    write(fresh, 'tools/run.sh', '#!/bin/sh\n', 0o755)
    const audit = await validIn(fresh, 'audit-v1.schema.json', 'swr.audit/1', 0, 'audit')
    expect(audit.manifest).toBeNull()
    await validIn(fresh, 'add-v1.schema.json', 'swr.init/1', 0, 'init')
    const other = path.join(repo.base, 'other')
    write(other, 'lib/b.c', 'int b;\n')
    const auto = await validIn(other, 'autopilot-v1.schema.json', 'swr.autopilot/1', 0, 'autopilot')
    expect(auto).toMatchObject({ created: true, written: true })
  })

  it('canary clean and canary read --clean (swr.canary-clean/1, swr.canary-read/1)', async () => {
    const plant = ['canary', 'plant', '--no-home', '--no-tmp', '--large-bytes', '0']
    await valid('canary-plant-v1.schema.json', 'swr.canary-plant/1', 0, ...plant)
    const clean = await valid(
      'canary-clean-v1.schema.json',
      'swr.canary-clean/1',
      0,
      'canary',
      'clean'
    )
    expect((clean.removed as string[]).length).toBeGreaterThan(0)
    const none = await valid(
      'canary-clean-v1.schema.json',
      'swr.canary-clean/1',
      0,
      'canary',
      'clean'
    )
    expect(none).toEqual({ schema: 'swr.canary-clean/1', removed: [], kept: [] })
    await valid('canary-plant-v1.schema.json', 'swr.canary-plant/1', 0, ...plant)
    const read = await valid(
      'canary-read-v1.schema.json',
      'swr.canary-read/1',
      0,
      'canary',
      'read',
      '--clean'
    )
    expect(read.cleaned).toMatchObject({ kept: [] })
  })

  it('peer mine, add, list, remove (swr.peer-key/1, swr.peer/1, swr.peers/1)', async () => {
    const mine = await valid('peer-v1.schema.json', 'swr.peer-key/1', 0, 'peer', 'mine')
    await valid('peer-v1.schema.json', 'swr.peer/1', 0, 'peer', 'add', 'bob', String(mine.key))
    await valid('peer-v1.schema.json', 'swr.peers/1', 0, 'peer', 'list')
    await valid('peer-v1.schema.json', 'swr.peer/1', 0, 'peer', 'remove', 'bob')
  })

  it('push, sync status, pull (swr.push/2, swr.sync-status/1, swr.pull/2)', async () => {
    const remote = path.join(repo.base, 'remote.git')
    execFileSync('git', ['init', '--quiet', '--bare', remote])
    const push = await valid(
      'sync-v1.schema.json',
      'swr.push/2',
      0,
      'push',
      '--to',
      `git:${remote}`
    )
    await valid('sync-v1.schema.json', 'swr.sync-status/1', 0, 'sync', 'status')
    const pulled = path.join(repo.base, 'pulled.json')
    await valid(
      'sync-v1.schema.json',
      'swr.pull/2',
      0,
      'pull',
      '--code',
      String(push.code),
      '-m',
      pulled
    )
  })
})

describe('the bundled sealed cache action', () => {
  let server: CacheServer
  beforeAll(async () => {
    server = await startCacheServer()
  })
  afterAll(() => server?.close())

  /** One step of the `cache` action on the shared repository, as the runner runs it. */
  const cacheStep = (
    script: string,
    inputs: Record<string, string>,
    state: Record<string, string> = {}
  ): Promise<StepRun> =>
    runStepOn(NODES[0]!.bin, script, repo, {
      actionYml: CACHE_YML.cache,
      inputs,
      state,
      env: stepCacheEnv(server, repo)
    })

  it('report on a miss and on a hit (swr.cache-report/1), and the seal saved between (swr.seal/1)', async () => {
    const inputs = { path: 'deps', key: 'deps-1', 'hmac-key': 'a'.repeat(64) }
    const miss = await cacheStep(b.cacheMain, inputs)
    write(repo.root, 'deps/pkg/index.js', 'module.exports = 1\n')
    const post = await cacheStep(b.cachePost, inputs, miss.state)
    expect(post.code).toBe(0)
    const hit = await cacheStep(b.cacheMain, inputs)
    for (const [run, outcome] of [
      [miss, 'miss'],
      [hit, 'hit']
    ] as const) {
      const doc = JSON.parse(run.outputs.report ?? 'null') as { outcome?: string }
      expect([outcome, doc.outcome, errors('cache-report-v1.schema.json', doc)]).toEqual([
        outcome,
        outcome,
        []
      ])
    }
    const seal = JSON.parse(sealMember(server, 'deps-1').toString('utf8')) as unknown
    expect(errors('seal-v1.schema.json', seal)).toEqual([])
  })
})

// Last: the runs above must have covered every kind and used every schema.
describe('coverage', () => {
  it('every document kind the source prints was validated from a real run', () => {
    expect([...sourceKinds()].filter(k => !seenKinds.has(k)).sort()).toEqual([])
  })

  it('every schema file validated at least one real document', () => {
    expect(SCHEMA_FILES.filter(f => !usedSchemas.has(f))).toEqual([])
  })
})

function readJson(file: string): unknown {
  return JSON.parse(fs.readFileSync(file, 'utf8')) as unknown
}

describe('the git source', () => {
  it('restore from git: plan, steps and attempts naming git (swr.report/1)', async () => {
    commit(repo)
    fs.rmSync(path.join(repo.root, 'src'), { recursive: true })
    const r = await json('restore')
    const doc = r.doc as { repair?: { steps: { id: string; source: string }[] } }
    expect(doc.repair?.steps.find(s => s.id === 'src')?.source).toBe('git')
    expect(errors('report-v1.schema.json', doc)).toEqual([])
  })
})
