/**
 * The link source end to end: a link entry that is gone, was flattened into a copy by a restore
 * that follows links, or was retargeted gets its recorded link back from `swr doctor` with no
 * recipe. Real workspaces captured with `swr add`, signed with an HMAC key; a directory in the
 * link's place is refused and left alone, and a parent swapped for a link to outside makes
 * nothing there.
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import fs from 'node:fs'
import path from 'node:path'
import { hmacHex, readDoc } from '../../__fixtures__/keys.js'
import { repairJson, spawnSwr } from '../../__fixtures__/repair.js'
import { swapRacer } from '../../__fixtures__/swap-racer.js'
import {
  add,
  checkJson,
  makeWorkspace,
  write,
  type RunOptions,
  type Workspace
} from '../../__fixtures__/workspace.js'
import { restoreLink } from '../../src/core/restore/relink.js'
import type { Entry, LinkEntry } from '../../src/core/types.js'

const KEY = hmacHex('link-repair-tests')

let ws: Workspace
let keyed: RunOptions & { manifestFile: string }

beforeEach(async () => {
  ws = makeWorkspace()
  keyed = { ...ws, env: { SWR_HMAC_KEY: KEY } }
  write(ws.root, 'tools/python3.12', '#!/bin/sh\necho python\n', 0o755)
  fs.mkdirSync(path.join(ws.root, 'bin'))
  fs.symlinkSync('../tools/python3.12', path.join(ws.root, 'bin/python'))
  await add(keyed, 'tools/python3.12', '--id', 'interpreter')
  await add(keyed, 'bin/python', '--id', 'python')
})

afterEach(() => ws.cleanup())

const at = (rel: string): string => path.join(ws.root, rel)

async function doctorHeals(): Promise<void> {
  const r = await repairJson(keyed, 'doctor')
  expect(r.stderr).toBe('')
  expect(r.code).toBe(0)
  const step = r.report.repair.steps.find(s => s.id === 'python')
  expect(step).toMatchObject({ source: 'link', outcome: 'repaired' })
  expect(r.report.repair.plan?.flat().find(s => s.id === 'python')?.sources).toEqual(['link'])
  expect(fs.readlinkSync(at('bin/python'))).toBe('../tools/python3.12')
}

describe('doctor makes a recorded link again, with no recipe', () => {
  it('flattened into a copy of what it pointed at (TYPE)', async () => {
    fs.rmSync(at('bin/python'))
    fs.copyFileSync(at('tools/python3.12'), at('bin/python'))
    expect((await checkJson(keyed)).get('python').status).toBe('TYPE')
    await doctorHeals()
  })

  it('gone with its directory (MISSING): the directory is made again', async () => {
    fs.rmSync(at('bin'), { recursive: true })
    await doctorHeals()
    expect(fs.statSync(at('bin')).mode & 0o777).toBe(0o755)
  })

  it('retargeted (CORRUPT target)', async () => {
    fs.rmSync(at('bin/python'))
    fs.symlinkSync('/usr/bin/env', at('bin/python'))
    expect((await checkJson(keyed)).get('python')).toMatchObject({
      status: 'CORRUPT',
      reason: 'target'
    })
    await doctorHeals()
  })

  it('a directory in its place is refused and left as it is', async () => {
    fs.rmSync(at('bin/python'))
    write(ws.root, 'bin/python/keep.txt', 'mine\n')
    const r = await repairJson(keyed, 'doctor')
    expect(r.code).toBe(2)
    expect(r.report.repair.steps.find(s => s.id === 'python')).toMatchObject({
      source: 'link',
      outcome: 'failed',
      detail: 'no link made: bin/python is a directory; remove it first'
    })
    expect(fs.readFileSync(at('bin/python/keep.txt'), 'utf8')).toBe('mine\n')
  })

  it('a dangling link with the recorded target is not offered the link source', async () => {
    fs.rmSync(at('tools/python3.12'))
    const c = await checkJson(keyed)
    expect(c.get('python').status).toBe('BROKENLNK')
    const r = await repairJson(keyed, 'doctor')
    const step = r.report.repair.plan?.flat().find(s => s.id === 'python')
    expect(step?.sources).toEqual([])
  })
})

describe('restoreLink never makes a link through a swapped parent', () => {
  it('a parent that is a link to outside: nothing is made there', () => {
    const python = (readDoc(ws.manifestFile).body.entries as Entry[]).find(
      e => e.id === 'python'
    ) as LinkEntry
    fs.rmSync(at('bin'), { recursive: true })
    fs.symlinkSync(ws.outside, at('bin'))
    expect(restoreLink(ws.root, python)).toEqual({
      made: false,
      detail: 'no link made: a directory on its path is a symbolic link'
    })
    expect(fs.readdirSync(ws.outside)).toEqual([])
  })
})

describe('a parent swapped for a link while doctor runs (bundled CLI)', () => {
  it('never makes the link outside the workspace', async () => {
    const decoy = path.join(ws.outside, 'decoy')
    fs.mkdirSync(decoy)
    const racer = swapRacer(at('bin'), decoy, path.join(ws.outside, 'bin'), 3)
    try {
      const outcomes = new Map<string, number>()
      const seen = (): boolean =>
        [...outcomes.keys()].some(k => k.startsWith('repaired')) &&
        [...outcomes.keys()].some(k => !k.startsWith('repaired'))
      for (let round = 0; round < 40 && !(round >= 8 && seen()); round++) {
        await racer.stop()
        racer.putBack()
        fs.rmSync(at('bin/python'), { force: true })
        racer.go()
        const run = await spawnSwr(['doctor', '--json', '--no-cache'], keyed).done
        expect(run.stderr).not.toMatch(/^\s+at\s.+:\d+:\d+\)?$/m)
        const report = JSON.parse(run.stdout) as {
          repair?: { steps: { id: string; outcome: string; detail: string }[] }
        }
        const step = report.repair?.steps.find(s => s.id === 'python')
        const said = `${step?.outcome}: ${step?.detail}`
        outcomes.set(said, (outcomes.get(said) ?? 0) + 1)
        await racer.stop()
        expect(fs.readdirSync(decoy)).toEqual([])
        racer.go()
      }
      expect(seen()).toBe(true)
    } finally {
      racer.kill()
    }
  }, 120_000)
})

describe('restoreLink under renames as fast as they go', () => {
  it('500 runs or more: never a link made outside the workspace', async () => {
    const python = (readDoc(ws.manifestFile).body.entries as Entry[]).find(
      e => e.id === 'python'
    ) as LinkEntry
    const decoy = path.join(ws.outside, 'decoy')
    fs.mkdirSync(decoy)
    const racer = swapRacer(at('bin'), decoy, path.join(ws.outside, 'bin'), 0)
    let made = 0
    let refused = 0
    try {
      // At least 500 runs, and on until both outcomes were seen: a loaded
      // machine can go hundreds of runs without the swap landing mid-call.
      for (let i = 0; i < 5000 && (i < 500 || made === 0 || refused === 0); i++) {
        await racer.stop()
        racer.putBack()
        fs.rmSync(at('bin/python'), { force: true })
        racer.go()
        if (restoreLink(ws.root, python).made) made++
        else refused++
        await racer.stop()
        expect(fs.readdirSync(decoy)).toEqual([])
        racer.go()
      }
    } finally {
      racer.kill()
    }
    // The race was run: links were made in some runs and refused in others.
    expect([made > 0, refused > 0]).toEqual([true, true])
  }, 120_000)
})
