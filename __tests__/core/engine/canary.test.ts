/**
 * The canary use cases called as the shells call them: plant, read (and clean), clean, the
 * survival statistics and a recorded check, under the CLI's canary lock or in a job's own state
 * directory; and the canary state coming back from a cache archive, which must prove itself in
 * scratch before it is placed. Real probes in temp dirs, real zstd archives.
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { tarZst, type TarMember } from '../../../__fixtures__/tar-build.js'
import { add, makeWorkspace, type Workspace } from '../../../__fixtures__/workspace.js'
import {
  type CacheArchive,
  type CacheClient,
  type CanaryState,
  check,
  EXIT,
  loadManifest,
  SwrError,
  canary
} from '../../../src/core/index.js'

let ws: Workspace
let anchors: canary.Anchors

const context = { host: 'test', platform: 'linux' }

beforeEach(() => {
  ws = makeWorkspace()
  anchors = canary.canaryAnchors({ workspace: ws.root, home: ws.home, tmp: ws.outside })
})

afterEach(() => ws.cleanup())

const cli = (): CanaryState => ({ stateDir: ws.stateDir, lock: { waitMs: 2000 } })
const plantOpts = () => ({
  anchors,
  includeHome: false,
  includeTmp: false,
  largeBytes: 0,
  context
})

describe('plant, read, clean', () => {
  it('the anchors are real paths', () => {
    const link = path.join(ws.base, 'ws-link')
    fs.symlinkSync(ws.root, link)
    expect(
      canary.canaryAnchors({ workspace: link, home: ws.home, tmp: ws.outside }).workspace
    ).toBe(ws.root)
  })

  it('a planting reads back intact under the lock, is recorded, and cleans to nothing', async () => {
    const planted = await canary.plantCanary(cli(), plantOpts())
    expect(planted.ledger.probes.length).toBeGreaterThan(0)
    const { reading, cleaned } = await canary.readCanary(cli(), { anchors, context, clean: true })
    expect(reading.plant_id).toBe(planted.ledger.plant_id)
    expect(reading.totals).toMatchObject({ altered: 0, lost: 0 })
    expect(reading.totals.intact).toBe(planted.ledger.probes.length)
    expect(cleaned?.removed.length).toBeGreaterThan(0)
    expect(cleaned?.kept).toEqual([])
    // The reading joined the history; the ledger is gone with the probes.
    expect(canary.survivalStats(ws.stateDir).canary_runs).toBe(1)
    expect(await canary.cleanCanary(cli(), anchors)).toBeUndefined()
  })

  it('a lost probe is counted; clean removes what is left and names the planting', async () => {
    const planted = await canary.plantCanary({ stateDir: ws.stateDir }, plantOpts())
    const probe = planted.ledger.probes.find(p => p.expect.type === 'file')!
    fs.rmSync(path.join(anchors.workspace, probe.path.rel))
    const { reading } = await canary.readCanary({ stateDir: ws.stateDir }, { anchors, context })
    expect(reading.totals.lost).toBeGreaterThan(0)
    const cleaned = await canary.cleanCanary({ stateDir: ws.stateDir }, anchors)
    expect(cleaned?.plant_id).toBe(planted.ledger.plant_id)
  })

  it('nothing planted: canary.readCanary is a one-line error (exit 4), canary.readCanaryIfPlanted a result', async () => {
    const err = await canary.readCanary(cli(), { anchors, context }).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(SwrError)
    expect((err as SwrError).exitCode).toBe(EXIT.BAD_MANIFEST)
    expect(await canary.readCanaryIfPlanted(cli(), { anchors, context })).toBeUndefined()
  })

  it('a check joins the survival history', async () => {
    fs.writeFileSync(path.join(ws.root, 'a.txt'), 'a\n')
    await add(ws, 'a.txt', '--id', 'a')
    const m = loadManifest(ws.manifestFile, {})
    const { report } = await check(m, { stateDir: ws.stateDir, version: 'test' })
    canary.recordSurvival(ws.stateDir, report, m, context)
    expect(canary.survivalStats(ws.stateDir).check_runs).toBe(1)
    expect(canary.survivalStats(ws.stateDir).entries.map(r => r.key)).toEqual(['a'])
  })
})

describe('the canary state carried in the cache', () => {
  /** A cache holding one archive of `members`, found under any key. */
  function cacheOf(members: TarMember[] | undefined): CacheClient {
    const bytes = members && tarZst(members)
    const archive: CacheArchive | undefined = bytes && {
      matchedKey: 'swr-canary-v1-x-1',
      exact: false,
      compression: 'zstd',
      prefix: 'state',
      open: () => Promise.resolve(Readable.from([bytes]))
    }
    return {
      find: () => Promise.resolve(archive),
      lookup: () => Promise.resolve(false),
      save: () => Promise.resolve('failed')
    }
  }

  /** The members of a real state directory, under the archive's prefix. */
  function membersOf(dir: string, rel = ''): TarMember[] {
    const out: TarMember[] = rel ? [] : [{ name: 'state/', type: 'dir', mode: 0o700 }]
    for (const ent of fs.readdirSync(path.join(dir, rel), { withFileTypes: true })) {
      const r = path.posix.join(rel, ent.name)
      if (ent.isDirectory())
        out.push({ name: `state/${r}/`, type: 'dir', mode: 0o700 }, ...membersOf(dir, r))
      else out.push({ name: `state/${r}`, data: fs.readFileSync(path.join(dir, r)), mode: 0o600 })
    }
    return out
  }

  const target = () => path.join(ws.base, 'runner-temp', 'swr-canary-state')

  it('without a cache: a fresh private directory; an existing one is used as it is', async () => {
    expect(await canary.restoreCanaryState(target(), undefined, 'p-', ws.outside)).toEqual({
      from: 'no-cache'
    })
    expect(fs.statSync(target()).mode & 0o777).toBe(0o700)
    expect(await canary.restoreCanaryState(target(), cacheOf([]), 'p-', ws.outside)).toEqual({
      from: 'present'
    })
  })

  it('nothing in the cache yet: a fresh directory', async () => {
    expect(await canary.restoreCanaryState(target(), cacheOf(undefined), 'p-', ws.outside)).toEqual(
      {
        from: 'none'
      }
    )
    expect(fs.readdirSync(target())).toEqual([])
  })

  it('a state that proves itself is placed, and reads back as the planting it holds', async () => {
    const planted = await canary.plantCanary({ stateDir: ws.stateDir }, plantOpts())
    const members = membersOf(ws.stateDir).filter(m => !m.name.startsWith('state/locks'))
    expect(await canary.restoreCanaryState(target(), cacheOf(members), 'p-', ws.outside)).toEqual({
      from: 'cache',
      key: 'swr-canary-v1-x-1'
    })
    const { reading } = await canary.readCanary({ stateDir: target() }, { anchors, context })
    expect(reading.plant_id).toBe(planted.ledger.plant_id)
  })

  it('a ledger that does not parse is refused in scratch and never placed', async () => {
    const source = await canary.restoreCanaryState(
      target(),
      cacheOf([
        { name: 'state/', type: 'dir', mode: 0o700 },
        { name: 'state/canary/', type: 'dir', mode: 0o700 },
        { name: 'state/canary/ledger.json', data: '{"format": "swr-canary-ledger/1",\n' }
      ]),
      'p-',
      ws.outside
    )
    expect(source).toMatchObject({ from: 'refused', key: 'swr-canary-v1-x-1' })
    expect((source as { why: string }).why).not.toContain('\n')
    // A fresh, empty state instead; no scratch left behind.
    expect(fs.readdirSync(target())).toEqual([])
    expect(fs.readdirSync(ws.outside)).toEqual([])
  })

  it('an archive holding a symlink is refused', async () => {
    const source = await canary.restoreCanaryState(
      target(),
      cacheOf([
        { name: 'state/', type: 'dir', mode: 0o700 },
        { name: 'state/history.jsonl', type: 'symlink', target: os.homedir() }
      ]),
      'p-',
      ws.outside
    )
    expect(source.from).toBe('refused')
    expect(fs.readdirSync(target())).toEqual([])
  })
})
