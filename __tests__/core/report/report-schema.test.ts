/**
 * The JSON report (`swr check --json`, `swr why --json`) validates against the published schema,
 * schema/report-v1.schema.json, for healthy and damaged workspaces alike (every status, tree file
 * lists, cached results, every option). A missing schema file fails the test.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js'
import fs from 'node:fs'
import path from 'node:path'
import {
  add,
  bytes,
  checkJson,
  makeWorkspace,
  run,
  write,
  type Workspace
} from '../../../__fixtures__/workspace.js'
import type { CheckReport } from '../../../src/core/report/report.js'

const SCHEMA = path.resolve(import.meta.dirname, '../../../schema/report-v1.schema.json')

let validate: ValidateFunction | undefined
let ws: Workspace

function errors(report: unknown): string[] {
  if (!validate) throw new Error(`${SCHEMA} is missing or does not compile`)
  return validate(report)
    ? []
    : (validate.errors ?? []).map(e => `${e.instancePath || '/'} ${e.message ?? ''}`)
}

beforeAll(async () => {
  if (fs.existsSync(SCHEMA)) {
    const schema = JSON.parse(fs.readFileSync(SCHEMA, 'utf8')) as object
    validate = new Ajv2020({ allErrors: true, strict: true, strictTypes: false }).compile(schema)
  }
  ws = makeWorkspace()
  write(ws.root, 'etc/app.conf', 'a = 1\n', 0o644)
  write(ws.root, 'bin/run.sh', '#!/bin/sh\n', 0o755)
  write(ws.root, 'models/m.bin', bytes(2 * 1024 * 1024 + 10, 5), 0o644)
  write(ws.root, 'proj/README.md', '# p\n', 0o644)
  write(ws.root, 'proj/src/a.js', 'a\n', 0o644)
  write(ws.root, 'proj/src/b.js', 'b\n', 0o644)
  write(ws.root, 'gone/README.md', '# g\n', 0o644)
  write(ws.root, 'tools/t.sh', '#!/bin/sh\n', 0o755)
  fs.symlinkSync('../tools/t.sh', path.join(ws.root, 'etc/t'))
  write(ws.root, 'data/x.txt', 'x\n', 0o644)
  await add(ws, 'etc/app.conf', '--id', 'conf')
  await add(ws, 'bin/run.sh', '--id', 'run')
  await add(ws, 'models/m.bin', '--id', 'model', '--kind', 'blob')
  await add(ws, 'proj', '--id', 'proj')
  await add(ws, 'gone', '--id', 'gone')
  await add(ws, 'etc/t', '--id', 'tool', '--tier', '0')
  await add(ws, 'data/x.txt', '--id', 'x')
})

afterAll(() => ws.cleanup())

describe('the JSON report matches schema/report-v1.schema.json', () => {
  it('the schema file exists and compiles (Ajv strict mode)', () => {
    expect(fs.existsSync(SCHEMA)).toBe(true)
    expect(validate).toBeDefined()
  })

  it('healthy, cold and warm', async () => {
    const cold = await checkJson(ws)
    expect(cold.code).toBe(0)
    expect(errors(cold.report)).toEqual([])
    const warm = await checkJson(ws, '--deep', '--jobs', '1')
    expect(warm.report.results.some(r => r.cached)).toBe(true)
    expect(errors(warm.report)).toEqual([])
  })

  it('damaged with every status a check produces, and tree file lists', async () => {
    fs.rmSync(path.join(ws.root, 'data/x.txt')) // MISSING
    fs.chmodSync(path.join(ws.root, 'bin/run.sh'), 0o644) // STRIPPED
    fs.truncateSync(path.join(ws.root, 'models/m.bin'), 100) // CORRUPT
    fs.rmSync(path.join(ws.root, 'proj/src/a.js')) // CORRUPT with files
    write(ws.root, 'proj/src/c.js', 'c\n')
    fs.rmSync(path.join(ws.root, 'gone/README.md')) // EMPTY
    fs.rmSync(path.join(ws.root, 'tools/t.sh')) // BROKENLNK
    fs.rmSync(path.join(ws.root, 'etc/app.conf'))
    fs.mkdirSync(path.join(ws.root, 'etc/app.conf')) // TYPE
    const c = await checkJson(ws)
    expect(c.code).toBe(1)
    const statuses = new Set(c.report.results.map(r => r.status))
    expect([...statuses].sort()).toEqual(
      ['BROKENLNK', 'CORRUPT', 'EMPTY', 'MISSING', 'STRIPPED', 'TYPE'].sort()
    )
    expect(c.get('proj').files).toBeDefined()
    expect(errors(c.report)).toEqual([])
    expect(c.report.diagnosis.advice.length).toBe(7)
  })

  it('--meta, --only, --no-cache and `why --json` reports', async () => {
    for (const args of [
      ['check', '--json', '--meta'],
      ['check', '--json', '--only', 'proj', 'tool'],
      ['check', '--json', '--no-cache', '--deep'],
      ['why', '--json']
    ]) {
      const r = await run(args, ws)
      const report = JSON.parse(r.stdout) as CheckReport
      expect([args.join(' '), errors(report)]).toEqual([args.join(' '), []])
    }
  })

  it('rejects a report with a field it does not know (additionalProperties)', async () => {
    const c = await checkJson(ws)
    expect(errors({ ...c.report, extra: 1 })).not.toEqual([])
    const first = c.report.results[0]
    expect(first).toBeDefined()
    expect(errors({ ...c.report, results: [{ ...first, status: 'BROKEN' }] })).not.toEqual([])
  })
})
