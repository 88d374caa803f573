/**
 * The survival commands through the CLI, in-process on real temp workspaces: canary plant, read
 * and clean with their exit codes and JSON; check --record feeding the history; swr why quoting
 * a pattern of losses; swr stats.
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import fs from 'node:fs'
import path from 'node:path'
import {
  add,
  makeWorkspace,
  run,
  write,
  type RunOptions,
  type Workspace
} from '../../__fixtures__/workspace.js'

let ws: Workspace
let opts: RunOptions
let tmp: string

beforeEach(() => {
  ws = makeWorkspace()
  tmp = path.join(ws.base, 'tmp')
  fs.mkdirSync(tmp)
  opts = { ...ws, env: { TMPDIR: tmp } }
})
afterEach(() => ws.cleanup())

function probes(dir: string): string[] {
  return fs.readdirSync(dir).filter(n => n.includes('swr-canary-'))
}

describe('swr canary', () => {
  it('plant, damage, read (exit 1, JSON by class and location), clean removes only probes', async () => {
    fs.mkdirSync(path.join(ws.root, 'node_modules'))
    write(ws.root, 'node_modules/pkg/index.js', 'module.exports = 1\n')
    write(ws.root, 'src/main.c', 'int main(){}\n')
    const cacheDir = path.join(ws.base, 'cache')
    const p = await run(
      ['canary', 'plant', '--large-bytes', '4096', '--at', cacheDir, '--json'],
      opts
    )
    expect(p.stderr).toBe('')
    expect(p.code).toBe(0)
    const planted = JSON.parse(p.stdout)
    expect(planted.schema).toBe('swr.canary-plant/1')
    expect(planted.ledger.locations.map((l: { id: string }) => l.id)).toEqual([
      'workspace',
      'deep',
      'volatile:node_modules',
      'home',
      'tmp',
      `at:${cacheDir}`
    ])
    expect(probes(ws.home).length).toBe(12)

    const clean = await run(['canary', 'read', '--json'], opts)
    expect(clean.code).toBe(0)
    expect(JSON.parse(clean.stdout).totals.lost).toBe(0)

    fs.rmSync(path.join(ws.root, 'node_modules'), { recursive: true })
    for (const n of probes(ws.root))
      if (n.endsWith('-script')) fs.chmodSync(path.join(ws.root, n), 0o644)
    const r = await run(['canary', 'read', '--json'], opts)
    expect(r.code).toBe(1)
    const reading = JSON.parse(r.stdout)
    expect(reading.schema).toBe('swr.canary-read/1')
    expect(reading.reread).toBe(true)
    expect(reading.locations['volatile:node_modules']).toEqual({ intact: 0, altered: 0, lost: 11 })
    expect(reading.classes.script).toMatchObject({ altered: 1, attributes: { 'exec-bit': 1 } })

    const text = await run(['canary', 'read'], opts)
    expect(text.stdout).toMatch(
      /ALTERED\s+script\s+workspace\s+swr-canary-\w+-script\s+exec-bit: mode 0644 \(want 0755\)/
    )
    expect(text.stdout).toMatch(/volatile:node_modules\s+0\s+0\s+11/)

    const c = await run(['canary', 'clean'], opts)
    expect(c.code).toBe(0)
    expect(probes(ws.root)).toEqual([])
    expect(probes(ws.home)).toEqual([])
    expect(fs.readdirSync(tmp)).toEqual([])
    expect(fs.existsSync(cacheDir)).toBe(false)
    expect(fs.readFileSync(path.join(ws.root, 'src/main.c'), 'utf8')).toBe('int main(){}\n')
    // The node_modules the user deleted is not recreated, and nothing is left to clean.
    expect(fs.existsSync(path.join(ws.root, 'node_modules'))).toBe(false)
    expect((await run(['canary', 'clean'], opts)).stdout).toMatch(/nothing planted/)
  })

  it('read --clean reads, then removes the probes and the ledger', async () => {
    await run(['canary', 'plant', '--large-bytes', '0', '--no-home', '--no-tmp'], opts)
    expect(probes(ws.home)).toEqual([])
    const r = await run(['canary', 'read', '--clean', '--json'], opts)
    expect(r.code).toBe(0)
    expect(JSON.parse(r.stdout).cleaned.removed.length).toBeGreaterThan(15)
    expect(probes(ws.root)).toEqual([])
    const again = await run(['canary', 'read'], opts)
    expect(again.code).toBe(4)
    expect(again.stderr).toBe('swr: no canary planting to read: run "swr canary plant" first\n')
  })

  it('bad input is one line and exit 4', async () => {
    const r = await run(['canary', 'plant', '--large-bytes', 'lots'], opts)
    expect(r.code).toBe(4)
    expect(r.stderr).toMatch(/--large-bytes must be a whole number/)
    write(ws.base, 'afile', 'x')
    const at = await run(['canary', 'plant', '--at', path.join(ws.base, 'afile')], opts)
    expect(at.code).toBe(4)
    expect(at.stderr).toBe(`swr: --at ${path.join(ws.base, 'afile')}: is not a directory\n`)
    expect(probes(ws.root)).toEqual([])
    write(ws.root, 'a.txt', 'a')
    await add(ws, 'a.txt')
    const bad = await run(['check', '--record'], {
      ...opts,
      env: { ...opts.env, SWR_HISTORY_LIMIT: 'x' }
    })
    expect(bad.code).toBe(4)
    expect(bad.stderr).toBe(
      'swr: SWR_HISTORY_LIMIT must be a whole number of records (at least 1)\n'
    )
  })
})

describe('history from recorded checks', () => {
  it('check --record feeds stats, and why quotes a pattern of losses', async () => {
    write(ws.root, 'cfg.json', '{"a":1}\n')
    write(ws.root, 'run.sh', '#!/bin/sh\n', 0o755)
    await add(ws, 'cfg.json', '--tier', '3')
    await add(ws, 'run.sh')
    const cfg = path.join(ws.root, 'cfg.json')
    const lossPattern = [true, false, true, true, false, true, true, false, true, true]
    for (const lost of lossPattern) {
      if (lost) fs.rmSync(cfg, { force: true })
      else fs.writeFileSync(cfg, '{"a":1}\n')
      const r = await run(['check', '--record', '--quiet'], opts)
      expect(r.code).toBe(lost ? 1 : 0)
    }
    // Unrecorded checks do not count.
    await run(['check'], opts)
    const s = await run(['stats', '--json'], opts)
    expect(s.code).toBe(0)
    const stats = JSON.parse(s.stdout)
    expect(stats).toMatchObject({ schema: 'swr.stats/1', check_runs: 10, canary_runs: 0 })
    const row = stats.entries.find((r: { key: string }) => r.key === 'cfg.json')
    expect(row).toMatchObject({ n: 10, survived: 3 })
    expect(row.low).toBeLessThan(0.3)
    expect(row.high).toBeGreaterThan(0.3)
    expect(stats.entries.find((r: { key: string }) => r.key === 'run.sh')).toMatchObject({
      n: 10,
      survived: 10
    })

    const why = await run(['why'], opts)
    expect(why.code).toBe(1)
    expect(why.stdout).toMatch(
      /history: {2}damaged in 7 of the last 10 recorded checks: this platform does not keep it; consider a lower tier than 3 .*cache source.*swr escrow --only cfg\.json/
    )
    const text = await run(['stats'], opts)
    expect(text.stdout).toMatch(/manifest entries/)
    expect(text.stdout).toMatch(/cfg\.json\s+30\.0%/)
  })

  it('doctor --record records what survived before any repair', async () => {
    write(ws.root, 'a.txt', 'a')
    write(ws.root, 'b.txt', 'b')
    await add(ws, 'a.txt', 'b.txt')
    fs.rmSync(path.join(ws.root, 'b.txt'))
    const d = await run(['doctor', '--dry-run', '--record', '--quiet'], opts)
    expect(d.code).toBe(1)
    const s = JSON.parse((await run(['stats', '--json'], opts)).stdout)
    expect(s.check_runs).toBe(1)
    expect(s.entries.find((r: { key: string }) => r.key === 'b.txt')).toMatchObject({
      n: 1,
      survived: 0
    })
    expect(s.entries.find((r: { key: string }) => r.key === 'a.txt')).toMatchObject({ survived: 1 })
  })

  it('SWR_HISTORY_LIMIT bounds the history', async () => {
    write(ws.root, 'a.txt', 'a')
    await add(ws, 'a.txt')
    const env = { ...opts.env, SWR_HISTORY_LIMIT: '3' }
    for (let i = 0; i < 8; i++) await run(['check', '--record', '--quiet'], { ...opts, env })
    const s = JSON.parse((await run(['stats', '--json'], opts)).stdout)
    // Two generations of at most three records each.
    expect(s.check_runs).toBe(5)
  })
})
