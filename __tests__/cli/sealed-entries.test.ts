/**
 * Sealed manifest entries through the CLI: the manifest keeps the policy (path, recipe, smoke, key
 * template), `swr doctor` runs the recipe and smoke command and seals what they made, `check`
 * verifies against that seal, a changed lockfile is a new key (unsealed, never damage) that the
 * next doctor seals, and damage to a sealed tree is found and repaired. Hostile key templates and
 * tampered seals through the bundled CLI.
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { spawnSync } from 'node:child_process'
import { ACTION_DIST, makeRepo, NODES, runAction } from '../../__fixtures__/action.js'
import fs from 'node:fs'
import path from 'node:path'
import {
  checkJson,
  makeWorkspace,
  run,
  write,
  type Workspace
} from '../../__fixtures__/workspace.js'

const CLI = path.resolve(import.meta.dirname, '../../dist/cli/index.js')
/** A recipe that "installs" from the lockfile: a tree whose content follows it. */
const RECIPE =
  'rm -rf deps && mkdir -p deps/pkg/bin && cp lock.txt deps/pkg/lock && printf "#!/bin/sh\\necho ok\\n" > deps/pkg/bin/tool && chmod 755 deps/pkg/bin/tool'
const SMOKE = 'deps/pkg/bin/tool'

let ws: Workspace
beforeEach(async () => {
  ws = makeWorkspace()
  write(ws.root, 'lock.txt', 'a@1\n', 0o644)
  expect((await run(['keygen', '--no-mldsa', '--no-sync'], ws)).code).toBe(0)
})
afterEach(() => ws.cleanup())

function bundled(args: string[]): { status: number | null; stdout: string; stderr: string } {
  return spawnSync(process.execPath, [CLI, ...args], {
    cwd: ws.root,
    env: { PATH: process.env.PATH, HOME: ws.home, SWR_STATE_DIR: ws.stateDir, NO_COLOR: '1' },
    encoding: 'utf8'
  })
}

async function addSealed(template = 'deps-{os}-{arch}-{hash:lock.txt}'): Promise<void> {
  const r = await run(
    ['add', 'deps', '--sealed', template, '--restore', RECIPE, '--smoke', SMOKE],
    ws
  )
  expect(r.stderr).toBe('')
  expect(r.code).toBe(0)
  expect((await run(['sign'], ws)).code).toBe(0)
}

const doctor = (): ReturnType<typeof run> => run(['doctor', '--require', 'hmac', '--json'], ws)

describe('sealed entries', () => {
  it('doctor runs the recipe and smoke, seals; check verifies; a lockfile change is unsealed, not damage, and the next doctor seals it', async () => {
    await addSealed()
    const manifest = JSON.parse(fs.readFileSync(ws.manifestFile, 'utf8')) as {
      body: { entries: unknown[]; sealed: { id: string; key: string }[] }
    }
    expect(manifest.body.entries).toEqual([])
    expect(manifest.body.sealed.map(s => s.id)).toEqual(['deps'])

    const before = await checkJson(ws)
    expect(before.code).toBe(0)
    expect(before.report.sealed?.[0]).toMatchObject({ id: 'deps', state: 'unsealed' })
    expect(before.report.verdict).toBe('healthy')

    const first = await doctor()
    const report = JSON.parse(first.stdout) as {
      repair: { outcome: string; sealing: { outcome: string; detail: string }[] }
    }
    expect(report.repair.sealing[0]).toMatchObject({ outcome: 'sealed' })
    expect(report.repair.sealing[0]?.detail).toMatch(/signed by hmac/)
    expect(report.repair.outcome).toBe('repaired')
    expect(first.code).toBe(0)

    const sealed = await checkJson(ws)
    expect(sealed.report.sealed?.[0]).toMatchObject({ state: 'sealed' })
    expect(sealed.get('deps').status).toBe('OK')

    // `npm install foo`: the lockfile and the tree change together. A new key: unsealed, not damage.
    write(ws.root, 'lock.txt', 'a@1\nfoo@2\n', 0o644)
    fs.writeFileSync(path.join(ws.root, 'deps/pkg/lock'), 'a@1\nfoo@2\n')
    const bumped = await checkJson(ws)
    expect(bumped.code).toBe(0)
    expect(bumped.report.sealed?.[0]).toMatchObject({ state: 'unsealed' })
    expect(bumped.report.results.map(f => f.id)).not.toContain('deps')
    const again = await doctor()
    expect(JSON.parse(again.stdout).repair.sealing[0].outcome).toBe('sealed')
    expect((await checkJson(ws)).get('deps').status).toBe('OK')
  }, 60_000)

  it('damage to a sealed tree is found against the seal: modes put back from the seal index, the rest by its recipe', async () => {
    await addSealed()
    await doctor()
    type Repair = { repair: { outcome: string; steps: { id: string; source: string }[] } }
    fs.chmodSync(path.join(ws.root, 'deps/pkg/bin/tool'), 0o644)
    const damaged = await checkJson(ws)
    expect(damaged.code).toBe(1)
    expect(damaged.get('deps').status).toBe('STRIPPED')
    const healed = JSON.parse((await doctor()).stdout) as Repair
    expect(healed.repair.outcome).toBe('repaired')
    expect(healed.repair.steps[0]).toMatchObject({ id: 'deps', source: 'modes' })
    expect(fs.statSync(path.join(ws.root, 'deps/pkg/bin/tool')).mode & 0o777).toBe(0o755)
    fs.writeFileSync(path.join(ws.root, 'deps/pkg/lock'), '')
    const cut = JSON.parse((await doctor()).stdout) as Repair
    expect(cut.repair.outcome).toBe('repaired')
    expect(cut.repair.steps[0]).toMatchObject({ id: 'deps', source: 'recipe' })
    expect(fs.readFileSync(path.join(ws.root, 'deps/pkg/lock'), 'utf8')).toBe('a@1\n')
  }, 60_000)

  it('a failing smoke command seals nothing and says so', async () => {
    const r = await run(
      ['add', 'deps', '--sealed', 'deps-{hash:lock.txt}', '--restore', RECIPE, '--smoke', 'false'],
      ws
    )
    expect(r.code).toBe(0)
    await run(['sign'], ws)
    const d = await doctor()
    const rep = JSON.parse(d.stdout) as {
      repair: { outcome: string; sealing: { outcome: string }[] }
    }
    expect(rep.repair.sealing[0]?.outcome).toBe('smoke-failed')
    expect(rep.repair.outcome).toBe('unrepairable')
    expect((await checkJson(ws)).report.sealed?.[0]).toMatchObject({ state: 'unsealed' })
  }, 60_000)

  it('a manifest whose signature cannot be checked here runs no recipe: refused, nothing sealed', async () => {
    await run(['add', 'deps', '--sealed', 'deps-{hash:lock.txt}', '--restore', 'touch ran'], ws)
    fs.rmSync(path.join(ws.stateDir, 'keys', 'hmac.key'))
    const d = await run(['doctor', '--json'], ws)
    expect(JSON.parse(d.stdout).repair.sealing[0].outcome).toBe('refused')
    expect(fs.existsSync(path.join(ws.root, 'ran'))).toBe(false)
  }, 60_000)
})

describe('editing sealed entries', () => {
  it('edit changes the policy, refuses what the seal records; rm removes it', async () => {
    await addSealed()
    const edited = await run(['edit', 'deps', '--smoke', 'true', '--tier', '3'], ws)
    expect(edited.stderr).toBe('')
    expect(edited.code).toBe(0)
    const doc = JSON.parse(fs.readFileSync(ws.manifestFile, 'utf8')) as {
      body: { sealed?: { id: string; smoke: string; tier: number; key: string; kind: string }[] }
    }
    expect(doc.body.sealed?.[0]).toMatchObject({ smoke: 'true', tier: 3, kind: 'tree' })
    expect(doc.body.sealed?.[0]?.key).toBe('deps-{os}-{arch}-{hash:lock.txt}')
    const bound = await run(['edit', 'deps', '--ignore', 'cache'], ws)
    expect(bound.code).toBe(4)
    expect(bound.stderr).toMatch(
      /is sealed: its bounds, sentinels and ignore rules are recorded by its seal/
    )
    const rm = await run(['rm', 'deps'], ws)
    expect(rm.code).toBe(0)
    expect(rm.stdout).toMatch(/removed tree "deps" \(deps\)/)
    const after = JSON.parse(fs.readFileSync(ws.manifestFile, 'utf8')) as {
      body: { sealed?: unknown }
    }
    expect(after.body.sealed).toBeUndefined()
  }, 60_000)
})

describe('hostile key templates and seals (bundled CLI)', () => {
  it('a template that reads outside the workspace is refused at load, with the field named', async () => {
    for (const [template, why] of [
      ['k-{hash:../../etc/passwd}', /escapes the workspace/],
      ['k-{hash:/etc/passwd}', /absolute/],
      ['k-{env:HOME}', /unknown placeholder/],
      ['k-$(id)', /literal text/]
    ] as const) {
      const r = bundled(['add', 'deps', '--sealed', template, '--restore', 'true'])
      expect(r.status).toBe(4)
      expect(r.stderr.trim().split('\n')).toHaveLength(1)
      expect(r.stderr).toMatch(/sealed entry "deps" field key/)
      expect(r.stderr).toMatch(why)
      expect(r.stderr).not.toMatch(/\n\s+at /)
    }
    expect(fs.existsSync(ws.manifestFile)).toBe(false)
  })

  it('a lockfile that is a link out of the workspace is not read: the entry is unkeyed', async () => {
    const outside = path.join(ws.base, 'secret.txt')
    fs.writeFileSync(outside, 'secret\n')
    fs.rmSync(path.join(ws.root, 'lock.txt'))
    fs.symlinkSync(outside, path.join(ws.root, 'lock.txt'))
    await addSealed('deps-{hash:lock.txt}')
    const r = bundled(['check', '--json'])
    expect(r.status).toBe(0)
    const rep = JSON.parse(r.stdout) as { sealed: { state: string; detail: string }[] }
    expect(rep.sealed[0]).toMatchObject({ state: 'unkeyed' })
    expect(rep.sealed[0]?.detail).toMatch(/not a regular file/)
  }, 60_000)

  it('a seal changed after it was signed is refused, named, and not used', async () => {
    await addSealed()
    await doctor()
    const dir = path.join(ws.stateDir, 'seals')
    const [name] = fs.readdirSync(dir)
    const file = path.join(dir, name as string)
    const doc = JSON.parse(fs.readFileSync(file, 'utf8')) as {
      body: { paths: { entry: { expect: { min_files: number } } }[] }
    }
    doc.body.paths[0]!.entry.expect.min_files = 0
    fs.writeFileSync(file, JSON.stringify(doc))
    const r = bundled(['check', '--json'])
    const rep = JSON.parse(r.stdout) as { sealed: { state: string; detail: string }[] }
    expect(rep.sealed[0]).toMatchObject({ state: 'refused' })
    expect(rep.sealed[0]?.detail).toMatch(/changed after it was signed/)
  }, 60_000)
})

describe('sealed entries in the Action', () => {
  it("doctor reports an entry without a seal and runs nothing for it (the job's state directory would not keep the seal)", async () => {
    const repo = makeRepo()
    try {
      write(repo.root, 'lock.txt', 'a@1\n', 0o644)
      expect((await run(['keygen', '--no-mldsa', '--no-sync'], repo.cli)).code).toBe(0)
      const r = await run(
        ['add', 'deps', '--sealed', 'deps-{hash:lock.txt}', '--restore', 'touch ran'],
        repo.cli
      )
      expect(r.code).toBe(0)
      const key = fs.readFileSync(path.join(repo.stateDir, 'keys', 'hmac.key'), 'utf8').trim()
      const a = runAction(NODES[0]!.bin, path.join(ACTION_DIST, 'index.js'), repo, {
        inputs: { command: 'doctor', require: 'hmac', 'hmac-key': key }
      })
      expect(a.status).toBe(0)
      const report = JSON.parse(fs.readFileSync(a.outputs['report-path']!, 'utf8')) as {
        sealed: { id: string; state: string }[]
      }
      expect(report.sealed).toEqual([expect.objectContaining({ id: 'deps', state: 'unsealed' })])
      expect(fs.existsSync(path.join(repo.root, 'ran'))).toBe(false)
    } finally {
      repo.cleanup()
    }
  }, 60_000)
})
