/**
 * Every JSON document swr prints validates against its published schema in schema/: each CLI
 * command run with --json through the bundled CLI (dist/cli/index.js), and each JSON output of the
 * bundled Action (dist/index.js), on a real workspace signed with a real ML-DSA-87 key. Schemas
 * compile in Ajv's strict mode; a document that grows a field its schema does not know fails.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js'
import fs from 'node:fs'
import path from 'node:path'
import {
  commit,
  makeRepo,
  runAction,
  type ActionRepo,
  type ActionRun
} from '../__fixtures__/action.js'
import {
  runCli,
  snapshotBundles,
  type Bundles,
  type ProcResult
} from '../__fixtures__/cache-run.js'
import { write } from '../__fixtures__/workspace.js'

const SCHEMA_DIR = path.resolve(import.meta.dirname, '../schema')
const ajv = new Ajv2020({ allErrors: true, strict: true, strictTypes: false, discriminator: true })
const validators = new Map<string, ValidateFunction>()

function validator(file: string): ValidateFunction {
  let v = validators.get(file)
  if (!v) {
    v = ajv.compile(JSON.parse(fs.readFileSync(path.join(SCHEMA_DIR, file), 'utf8')) as object)
    validators.set(file, v)
  }
  return v
}

/** Schema errors of `doc` against `file`, one line each ([] when it validates). */
function errors(file: string, doc: unknown): string[] {
  const v = validator(file)
  return v(doc) ? [] : (v.errors ?? []).map(e => `${e.instancePath || '/'} ${e.message ?? ''}`)
}

let repo: ActionRepo
let b: Bundles

const cli = (...args: string[]): Promise<ProcResult> => runCli(b, args, repo.cli)
async function json(...args: string[]): Promise<{ code: number | null; doc: unknown }> {
  const r = await cli(...args, '--json')
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
  await cli('keygen', '--no-hmac')
  write(repo.root, 'etc/app.conf', 'port = 1\n', 0o644)
  write(repo.root, 'bin/run.sh', '#!/bin/sh\n', 0o755)
  write(repo.root, 'src/a.c', 'int a;\n', 0o644)
  await cli(
    'add',
    'etc/app.conf',
    '--id',
    'conf',
    '--restore',
    'printf "port = 1\\n" > etc/app.conf'
  )
  await cli('add', 'bin/run.sh', '--id', 'run')
  await cli('add', 'src', '--id', 'src', '--sentinel', 'a.c')
}, 60_000)

afterAll(() => repo?.cleanup())

describe('schema files', () => {
  it.each(fs.readdirSync(SCHEMA_DIR).filter(f => f.endsWith('.schema.json')))(
    '%s compiles in strict mode',
    file => {
      expect(() => validator(file)).not.toThrow()
    }
  )
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
