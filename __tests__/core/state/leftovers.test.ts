/**
 * What a killed run leaves behind is cleared by the next run that works in the same directory:
 * names that carry a dead pid go, a live run's stay, names of other shapes stay, a link goes as a
 * link. Checked on the module, then through the bundled CLI and Action on the leftovers of a real
 * process killed with SIGKILL.
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import {
  ATOMIC_TMP,
  makeOwnedTemp,
  ownedName,
  pidAlive,
  SCRATCH,
  sweepDead
} from '../../../src/core/state/leftovers.js'
import { commit, makeRepo, NODES, runAction, snapshotAction } from '../../../__fixtures__/action.js'
import { spawnSwr } from '../../../__fixtures__/repair.js'
import { makeWorkspace, write, type Workspace } from '../../../__fixtures__/workspace.js'

/** The pid of a process that was killed with SIGKILL and reaped. */
async function deadPid(): Promise<number> {
  const child = spawn('sleep', ['30'])
  const pid = child.pid as number
  await new Promise(r => {
    child.on('exit', r)
    child.kill('SIGKILL')
  })
  expect(pidAlive(pid)).toBe(false)
  return pid
}

const hex = (): string => randomBytes(8).toString('hex')

let dir: string
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'swr-leftovers-test-'))
})
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }))

describe('sweepDead', () => {
  it("removes a dead run's files, directories and links, and nothing else", async () => {
    const dead = await deadPid()
    const outside = path.join(dir, 'outside')
    fs.mkdirSync(outside)
    fs.writeFileSync(path.join(outside, 'keep'), 'x')
    const names = {
      deadTmp: `.manifest.json.${dead}-${hex()}.tmp`,
      deadLink: `.cache.${dead}-${hex()}.tmp`,
      deadScratch: `swr-restore-${dead}-${hex()}`,
      liveTmp: `.manifest.json.${process.pid}-${hex()}.tmp`,
      liveScratch: `swr-state-${process.pid}-${hex()}`,
      otherShape: `.manifest.json.${dead}.tmp`,
      notOurs: `build-${dead}-${hex()}`
    }
    fs.writeFileSync(path.join(dir, names.deadTmp), 'partial')
    fs.symlinkSync(outside, path.join(dir, names.deadLink))
    fs.mkdirSync(path.join(dir, names.deadScratch, 'w'), { recursive: true })
    fs.writeFileSync(path.join(dir, names.deadScratch, 'w', 'f'), 'x')
    for (const n of [names.liveTmp, names.otherShape, names.notOurs])
      fs.writeFileSync(path.join(dir, n), 'x')
    fs.mkdirSync(path.join(dir, names.liveScratch))
    expect(sweepDead(dir, [ATOMIC_TMP, SCRATCH])).toBe(3)
    expect(fs.readdirSync(dir).sort()).toEqual(
      [names.liveTmp, names.liveScratch, names.otherShape, names.notOurs, 'outside'].sort()
    )
    expect(fs.readdirSync(outside)).toEqual(['keep'])
  })

  it('names what it makes with this pid, and makes private scratch after sweeping', async () => {
    expect(ownedName('.a.', '.tmp')).toMatch(
      new RegExp(`^\\.a\\.${process.pid}-[0-9a-f]{16}\\.tmp$`)
    )
    const dead = await deadPid()
    fs.mkdirSync(path.join(dir, `swr-git-${dead}-${hex()}`))
    const made = makeOwnedTemp(dir, 'swr-walk')
    expect(fs.statSync(made).mode & 0o777).toBe(0o700)
    expect(fs.readdirSync(dir)).toEqual([path.basename(made)])
  })
})

describe('through the bundled CLI and Action', () => {
  let ws: Workspace
  beforeEach(() => {
    ws = makeWorkspace()
  })
  afterEach(() => ws.cleanup())

  it('a check after a killed run clears its temporary files from the state directory', async () => {
    write(ws.root, 'a.txt', 'a\n')
    expect((await spawnSwr(['add', 'a.txt'], ws).done).code).toBe(0)
    const dead = await deadPid()
    const locks = path.join(ws.stateDir, 'locks')
    fs.mkdirSync(locks, { recursive: true, mode: 0o700 })
    const left = [
      path.join(ws.stateDir, `.history.jsonl.${dead}-${hex()}.tmp`),
      path.join(locks, `.note.${dead}-${hex()}.tmp`)
    ]
    const live = path.join(ws.stateDir, `.history.jsonl.${process.pid}-${hex()}.tmp`)
    for (const f of [...left, live]) fs.writeFileSync(f, 'partial')
    expect((await spawnSwr(['check', '--record'], ws).done).code).toBe(0)
    expect((await spawnSwr(['doctor'], ws).done).code).toBe(0)
    for (const f of left) expect(fs.existsSync(f)).toBe(false)
    expect(fs.existsSync(live)).toBe(true)
  })

  it.each(NODES)(
    'the Action on $name clears scratch a killed run left in RUNNER_TEMP',
    async ({ bin }) => {
      const repo = makeRepo()
      try {
        write(repo.root, 'a.txt', 'a\n')
        expect((await spawnSwr(['add', 'a.txt'], repo).done).code).toBe(0)
        commit(repo)
        const dead = await deadPid()
        const scratch = path.join(repo.runnerTemp, `swr-restore-${dead}-${hex()}`)
        fs.mkdirSync(path.join(scratch, 'w'), { recursive: true })
        fs.writeFileSync(path.join(scratch, 'w', 'big'), Buffer.alloc(4096))
        const r = runAction(bin, snapshotAction(repo.base), repo, { inputs: { command: 'check' } })
        expect(r.outputs.status).toBe('healthy')
        expect(fs.existsSync(scratch)).toBe(false)
      } finally {
        repo.cleanup()
      }
    }
  )
})
