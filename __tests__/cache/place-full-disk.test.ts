/**
 * A cache restore into a workspace on a small file system of its own (a real tmpfs), with scratch
 * on another one: the placer copies the proven entry beside its target, the copy runs out of
 * space, and the staged copy is removed (the workspace keeps the space it had), the step's reason
 * says so in one path-free line, and the run goes on to the next source. Needs root to mount a
 * tmpfs; elsewhere the test says it was skipped.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals'
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { runCli, seed, snapshotBundles, type Bundles } from '../../__fixtures__/cache-run.js'
import { startCacheServer } from '../../__fixtures__/cache-server.js'
import { editAndApprove, hmacHex } from '../../__fixtures__/keys.js'
import { add, bytes, makeWorkspace, write } from '../../__fixtures__/workspace.js'
import type { RepairReport } from '../../src/core/report/report.js'
import type { Entry } from '../../src/core/types.js'

const KEY = hmacHex('place-full-disk')
const FAIL_RECIPE = 'exit 3'
/** The workspace's file system, and the model that fills more than what is left of it. */
const FS_BYTES = 2 * 1024 * 1024
const MODEL = bytes(900 * 1024, 5)

let tmp = ''
let bundles: Bundles
const cleanups: (() => void | Promise<void>)[] = []
beforeAll(() => {
  tmp = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'swr-fulldisk-')))
  bundles = snapshotBundles(tmp)
})
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()?.()
})
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }))

const free = (dir: string): number => {
  const st = fs.statfsSync(dir)
  return st.bavail * st.bsize
}

describe('placing across file systems when the workspace is full', () => {
  it('removes the staged copy, says "not enough space in the workspace\'s file system" without paths, and goes on', async () => {
    const s = await startCacheServer()
    const w = makeWorkspace()
    cleanups.push(
      () => s.close(),
      () => w.cleanup()
    )
    const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', `size=${FS_BYTES}`, 'tmpfs', w.root])
    if (mounted.status !== 0)
      return void process.stdout.write('note: mounting a tmpfs needs root; skipped\n')
    cleanups.push(() => void spawnSync('umount', ['-l', w.root]))
    const scratch = path.join(w.base, 'runner-temp')
    fs.mkdirSync(scratch)
    expect(fs.statSync(scratch).dev).not.toBe(fs.statSync(w.root).dev)

    const keyed = { ...w, env: { SWR_HMAC_KEY: KEY } }
    write(w.root, 'models/model.bin', MODEL, 0o644)
    await add(keyed, 'models/model.bin', '--id', 'm')
    await editAndApprove(keyed, doc => {
      ;(doc.body.entries[0] as Entry).restore = [{ cache: { key: 'models-v1' } }, FAIL_RECIPE]
    })
    const env = { ...s.env, GITHUB_WORKSPACE: w.root, RUNNER_TEMP: scratch }
    const seedTemp = path.join(w.base, 'seed-temp')
    fs.mkdirSync(seedTemp)
    await seed(
      { ...env, RUNNER_TEMP: seedTemp },
      [path.join(w.root, 'models/model.bin')],
      'models-v1'
    )
    fs.rmSync(path.join(w.root, 'models/model.bin'))
    // Leave about a third of the model's size free: the copy beside the target cannot complete.
    const filler = free(w.root) - MODEL.length / 3
    fs.writeFileSync(path.join(w.root, 'filler'), Buffer.alloc(Math.max(0, Math.floor(filler))))
    const before = free(w.root)
    expect(before).toBeLessThan(MODEL.length)
    expect(before).toBeGreaterThan(128 * 1024)

    const r = await runCli(bundles, ['doctor', '--json', '--no-cache'], keyed, env)
    let report: RepairReport
    try {
      report = JSON.parse(r.stdout) as RepairReport
    } catch {
      throw new Error(`doctor printed no report (exit ${r.code}):\n${r.stdout}\n${r.stderr}`)
    }
    const step = report.repair.steps.find(st => st.id === 'm')
    const cache = step?.attempts.find(a => a.source === 'cache' && a.key === 'models-v1')
    expect(cache).toMatchObject({ outcome: 'not-healed', exact: true })
    expect(cache?.detail).toMatch(/not enough space in the workspace's file system/)
    expect(cache?.detail).not.toMatch(/\/proc\/self\/fd|runner-temp|swr-restore|\.swr-new-/)
    expect(cache?.detail).not.toContain(w.base)
    // The next source was tried (and fails, as planned): the run went on.
    expect(step?.attempts.at(-1)).toMatchObject({ source: 'recipe', outcome: 'failed' })
    // Nothing staged is left beside the target, the space is back, scratch is empty.
    expect(fs.readdirSync(path.join(w.root, 'models'))).toEqual([])
    expect(free(w.root)).toBeGreaterThanOrEqual(before - 8192)
    expect(fs.readdirSync(scratch)).toEqual([])
    expect(r.stderr).not.toMatch(/^\s+at\s.+:\d+:\d+\)?$/m)
  }, 120_000)
})
