/**
 * A seal file of a sealed manifest entry that cannot be used is damage, through the bundled CLI:
 * cut short, random bytes, empty, one byte flipped, another key's seal, a directory or a symlink in
 * its place each make `swr check` exit 1 with the entry BADSEAL and a verdict that is not healthy
 * (with the sealed path deleted too); `swr doctor` moves the file into quarantine, runs the recipe
 * and seals again. A well-formed seal whose signature does not hold is damage that doctor leaves
 * for its owner.
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { makeWorkspace, run, write, type Workspace } from '../../__fixtures__/workspace.js'

const CLI = path.resolve(import.meta.dirname, '../../dist/cli/index.js')
const RECIPE =
  'rm -rf deps && mkdir -p deps/pkg/bin && cp lock.txt deps/pkg/lock && printf "#!/bin/sh\\necho ok\\n" > deps/pkg/bin/tool && chmod 755 deps/pkg/bin/tool'
const SMOKE = 'deps/pkg/bin/tool'

let ws: Workspace
beforeEach(async () => {
  ws = makeWorkspace()
  write(ws.root, 'lock.txt', 'a@1\n', 0o644)
  expect((await run(['keygen', '--no-mldsa', '--no-sync'], ws)).code).toBe(0)
  const r = await run(
    ['add', 'deps', '--sealed', 'deps-{hash:lock.txt}', '--restore', RECIPE, '--smoke', SMOKE],
    ws
  )
  expect(r.code).toBe(0)
  expect((await run(['sign'], ws)).code).toBe(0)
})
afterEach(() => ws.cleanup())

function bundled(args: string[]): { status: number | null; stdout: string; stderr: string } {
  return spawnSync(process.execPath, [CLI, ...args], {
    cwd: ws.root,
    env: { PATH: process.env.PATH, HOME: ws.home, SWR_STATE_DIR: ws.stateDir, NO_COLOR: '1' },
    encoding: 'utf8'
  })
}

const sealsDir = (): string => path.join(ws.stateDir, 'seals')

/** Seal the entry for the current lockfile; the path of its seal file. */
async function sealNow(): Promise<string> {
  const before = new Set(fs.existsSync(sealsDir()) ? fs.readdirSync(sealsDir()) : [])
  const d = await run(['doctor', '--require', 'hmac', '--json'], ws)
  expect(d.code).toBe(0)
  const made = fs.readdirSync(sealsDir()).filter(n => !before.has(n))
  expect(made).toHaveLength(1)
  return path.join(sealsDir(), made[0] as string)
}

/** A seal of the same entry made for another key (another lockfile), as bytes. */
async function otherKeysSeal(): Promise<Buffer> {
  write(ws.root, 'lock.txt', 'a@2\n', 0o644)
  const other = await sealNow()
  const bytes = fs.readFileSync(other)
  write(ws.root, 'lock.txt', 'a@1\n', 0o644)
  return bytes
}

interface Report {
  verdict: string
  results: { id: string; status: string; reason: string; detail: string }[]
  sealed: { id: string; state: string; detail: string }[]
  diagnosis: { advice: { id: string; status: string; fix: string }[] }
}

type Damage = (file: string) => Promise<void> | void

const FORMS: [string, Damage][] = [
  [
    'a truncated seal file',
    f => fs.writeFileSync(f, fs.readFileSync(f).subarray(0, fs.statSync(f).size >> 1))
  ],
  ['random bytes', f => fs.writeFileSync(f, randomBytes(fs.statSync(f).size))],
  ['an empty file', f => fs.writeFileSync(f, '')],
  [
    'one byte flipped',
    f => {
      const b = fs.readFileSync(f)
      b[0] = (b[0] as number) ^ 0x01
      fs.writeFileSync(f, b)
    }
  ],
  ["another key's seal", async f => fs.writeFileSync(f, await otherKeysSeal())],
  [
    'a directory',
    f => {
      fs.rmSync(f)
      fs.mkdirSync(f)
      fs.writeFileSync(path.join(f, 'x'), 'x')
    }
  ],
  [
    'a symlink (to a well-formed seal of another key)',
    async f => {
      const other = path.join(ws.root, 'other-seal.json')
      fs.writeFileSync(other, await otherKeysSeal())
      fs.rmSync(f)
      fs.symlinkSync(other, f)
    }
  ]
]

describe('a seal file that cannot be used', () => {
  it.each(FORMS)(
    '%s with the sealed path deleted fails swr check (BADSEAL, exit 1); doctor quarantines it and seals again',
    async (_name, damage) => {
      const file = await sealNow()
      await damage(file)
      fs.rmSync(path.join(ws.root, 'deps'), { recursive: true, force: true })

      const c = bundled(['check', '--json'])
      expect(c.stderr).toBe('')
      expect(c.status).toBe(1)
      const rep = JSON.parse(c.stdout) as Report
      expect(rep.verdict).toBe('damaged')
      expect(rep.sealed[0]).toMatchObject({ id: 'deps', state: 'damaged' })
      expect(rep.results).toEqual([
        expect.objectContaining({ id: 'deps', status: 'BADSEAL', reason: 'damaged' })
      ])
      expect(rep.diagnosis.advice[0]).toMatchObject({ id: 'deps', status: 'BADSEAL' })
      expect(rep.diagnosis.advice[0]?.fix).toMatch(/swr doctor/)

      const text = bundled(['check'])
      expect(text.status).toBe(1)
      expect(text.stdout).toMatch(/BADSEAL/)
      expect(text.stdout).not.toContain(ws.stateDir)
      expect(text.stdout).toMatch(/^fix: swr doctor {3}\(moves the seal of deps into quarantine/m)
      expect(text.stdout).not.toMatch(/no way back|swr restore/)
      const only = bundled(['why', '--only', 'deps'])
      expect(only.stderr).toBe('')
      expect(only.status).toBe(1)
      expect(only.stdout).toMatch(/BADSEAL deps/)

      const why = bundled(['why'])
      expect(why.status).toBe(1)
      expect(why.stdout).toMatch(/cannot be used/)

      const d = bundled(['doctor', '--require', 'hmac', '--json'])
      expect(d.stderr).toBe('')
      const rd = JSON.parse(d.stdout) as Report & {
        repair: { outcome: string; sealing: { outcome: string; detail: string }[] }
      }
      expect(rd.repair.sealing[0]).toMatchObject({ outcome: 'sealed' })
      expect(rd.repair.sealing[0]?.detail).toMatch(/moved into quarantine/)
      expect(rd.repair.outcome).toBe('repaired')
      expect(d.status).toBe(0)
      // The damaged file is kept as it was (a link as a link), in a folder of its own.
      const q = path.join(ws.stateDir, 'quarantine')
      const [folder] = fs.readdirSync(q)
      const kept = path.join(q, folder as string, 'seal-deps')
      expect(fs.lstatSync(kept)).toBeDefined()
      expect(fs.lstatSync(file).isFile()).toBe(true)

      const after = bundled(['check', '--json'])
      expect(after.status).toBe(0)
      const ra = JSON.parse(after.stdout) as Report
      expect(ra.sealed[0]).toMatchObject({ state: 'sealed' })
      expect(ra.results).toEqual([expect.objectContaining({ id: 'deps', status: 'OK' })])
    },
    120_000
  )

  it('a well-formed seal whose signature does not hold is damage that doctor leaves for its owner', async () => {
    const file = await sealNow()
    const doc = JSON.parse(fs.readFileSync(file, 'utf8')) as {
      body: { paths: { entry: { expect: { min_files: number } } }[] }
    }
    doc.body.paths[0]!.entry.expect.min_files = 0
    fs.writeFileSync(file, JSON.stringify(doc))
    const bytes = fs.readFileSync(file)

    const c = bundled(['check', '--json'])
    expect(c.status).toBe(1)
    const rep = JSON.parse(c.stdout) as Report
    expect(rep.verdict).toBe('damaged')
    expect(rep.sealed[0]).toMatchObject({ state: 'refused' })
    expect(rep.results[0]).toMatchObject({ status: 'BADSEAL', reason: 'refused' })

    const d = bundled(['doctor', '--require', 'hmac', '--json'])
    expect(d.status).not.toBe(0)
    expect(fs.readFileSync(file).equals(bytes)).toBe(true)
    expect(fs.existsSync(path.join(ws.stateDir, 'quarantine'))).toBe(false)
  }, 120_000)

  it('a recipe that fails leaves the damaged seal in place: still damage, not unsealed', async () => {
    const file = await sealNow()
    fs.writeFileSync(file, '{')
    // The recipe now makes a tool the smoke command cannot run: nothing is sealed or moved.
    const broken = RECIPE.replace('chmod 755', 'chmod 644')
    expect((await run(['edit', 'deps', '--restore', broken], ws)).code).toBe(0)
    expect((await run(['sign'], ws)).code).toBe(0)
    const d = bundled(['doctor', '--require', 'hmac', '--json'])
    expect(d.status).not.toBe(0)
    expect(fs.readFileSync(file, 'utf8')).toBe('{')
    const c = bundled(['check', '--json'])
    expect(c.status).toBe(1)
    expect((JSON.parse(c.stdout) as Report).results[0]).toMatchObject({ status: 'BADSEAL' })
  }, 120_000)
})
