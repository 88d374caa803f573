/**
 * The engine's use cases called directly, as both shells call them: `check` (verify, smoke
 * commands behind the gate, one report) and `repairManifest` (check, plan, gate, restore,
 * re-check, one final report), and `outcomeOf`, the one function that turns either result into a
 * status and an exit code. Real files in a temp dir, real recipes, a real HMAC signature.
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import fs from 'node:fs'
import path from 'node:path'
import { add, makeWorkspace, run, write, type Workspace } from '../../../__fixtures__/workspace.js'
import {
  check,
  EXIT,
  type LoadedManifest,
  loadManifest,
  outcomeOf,
  repairManifest,
  sign as signApi
} from '../../../src/core/index.js'
import { outcomeOfError } from '../../../src/core/engine/outcome.js'
import { REPORT_SCHEMA } from '../../../src/core/report/report.js'
import { makePolicy } from '../../../src/core/sign/policy.js'

let ws: Workspace

beforeEach(async () => {
  ws = makeWorkspace()
  write(ws.root, 'etc/app.conf', 'port = 8080\n', 0o644)
  write(ws.root, 'bin/run.sh', '#!/bin/sh\necho run\n', 0o755)
  await add(
    ws,
    'etc/app.conf',
    '--id',
    'conf',
    '--restore',
    "printf 'port = 8080\\n' > etc/app.conf"
  )
  await add(ws, 'bin/run.sh', '--id', 'run', '--smoke', 'test -x bin/run.sh')
})

afterEach(() => ws.cleanup())

function manifest(): LoadedManifest {
  return loadManifest(ws.manifestFile, {})
}

function policy(m: LoadedManifest, signed: boolean): signApi.TrustPolicy {
  return makePolicy(m, {
    stateDir: ws.stateDir,
    require: 'hmac',
    local: signed,
    trustedSigners: [],
    run: {},
    now: new Date()
  })
}

async function signWithHmac(): Promise<void> {
  const keygen = await run(['keygen', '--no-mldsa', '--no-sync'], ws)
  expect(keygen.code).toBe(0)
  const sign = await run(['sign'], ws)
  expect(sign.code).toBe(0)
}

const opts = () => ({ stateDir: ws.stateDir, version: 'test' })

describe('check as a use case', () => {
  it('returns one finished report and outcomeOf says healthy / exit 0', async () => {
    const result = await check(manifest(), opts())
    expect(result.kind).toBe('check')
    expect(result.report.schema).toBe(REPORT_SCHEMA)
    expect(result.report.verdict).toBe('healthy')
    expect(outcomeOf(result)).toEqual({ status: 'healthy', exitCode: EXIT.HEALTHY })
  })

  it('damage: outcomeOf says damaged / exit 1 and the report names the entry', async () => {
    fs.rmSync(path.join(ws.root, 'etc/app.conf'))
    const result = await check(manifest(), opts())
    expect(result.report.results.find(f => f.id === 'conf')?.status).toBe('MISSING')
    expect(outcomeOf(result)).toEqual({ status: 'damaged', exitCode: EXIT.DAMAGED })
  })

  it('smoke commands run only when the gate allows; the report carries them, built once', async () => {
    const unsigned = manifest()
    const refused = await check(unsigned, {
      ...opts(),
      smoke: { policy: policy(unsigned, false), callerEnv: process.env }
    })
    expect(refused.gate?.allowed).toBe(false)
    expect(refused.report.smoke).toMatchObject({ allowed: false, results: [] })
    expect(outcomeOf(refused)).toEqual({ status: 'refused', exitCode: EXIT.UNREPAIRABLE })

    await signWithHmac()
    fs.chmodSync(path.join(ws.root, 'bin/run.sh'), 0o755)
    const signed = manifest()
    const allowed = await check(signed, {
      ...opts(),
      smoke: { policy: policy(signed, true), callerEnv: process.env }
    })
    expect(allowed.gate?.allowed).toBe(true)
    expect(allowed.report.smoke?.results).toEqual([
      expect.objectContaining({ id: 'run', outcome: 'passed' })
    ])
    // The summary and the findings come from the same values: one report, not a rebuilt one.
    expect(allowed.report.summary.ok).toBe(allowed.report.results.length)
  })
})

describe('repair as a use case', () => {
  it('restores a damaged entry, re-checks uncached, and outcomeOf says repaired / exit 0', async () => {
    await signWithHmac()
    fs.writeFileSync(path.join(ws.root, 'etc/app.conf'), 'port = 1\n')
    const m = manifest()
    const report = await repairManifest(m, {
      mode: 'doctor',
      version: 'test',
      stateDir: ws.stateDir,
      policy: policy(m, true),
      rememberAccepted: false,
      callerEnv: process.env
    })
    expect(report.repair.before.summary.damaged).toBe(1)
    expect(report.repair.steps.map(s => [s.id, s.outcome])).toEqual([['conf', 'repaired']])
    expect(report.verdict).toBe('healthy')
    expect(report.repair.exit_code).toBe(EXIT.HEALTHY)
    expect(outcomeOf({ kind: 'repair', report })).toEqual({
      status: 'repaired',
      exitCode: EXIT.HEALTHY
    })
    expect(fs.readFileSync(path.join(ws.root, 'etc/app.conf'), 'utf8')).toBe('port = 8080\n')
  })

  it('an unsigned manifest: nothing runs, refused / exit 2, the workspace untouched', async () => {
    fs.writeFileSync(path.join(ws.root, 'etc/app.conf'), 'port = 1\n')
    const m = manifest()
    const report = await repairManifest(m, {
      mode: 'restore',
      version: 'test',
      stateDir: ws.stateDir,
      policy: policy(m, false),
      rememberAccepted: false,
      callerEnv: process.env
    })
    expect(report.repair.outcome).toBe('refused')
    expect(outcomeOf({ kind: 'repair', report })).toEqual({
      status: 'refused',
      exitCode: EXIT.UNREPAIRABLE
    })
    expect(fs.readFileSync(path.join(ws.root, 'etc/app.conf'), 'utf8')).toBe('port = 1\n')
  })
})

describe('outcomeOfError', () => {
  it('maps a one-line error to invalid, refused or error by its exit code', () => {
    expect(outcomeOfError(EXIT.BAD_MANIFEST).status).toBe('invalid')
    expect(outcomeOfError(EXIT.UNREPAIRABLE).status).toBe('refused')
    for (const code of [EXIT.WRITE_FAILED, EXIT.CONFLICT, EXIT.INTERNAL, EXIT.INTERRUPTED])
      expect(outcomeOfError(code)).toEqual({ status: 'error', exitCode: code })
  })
})
