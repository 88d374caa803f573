/**
 * Canary probes on real files: plant into temp locations, change one attribute the way a cache,
 * restore or sandbox does, and read it back as its own outcome. Planting never replaces a file and
 * undoes itself on failure; clean removes exactly the probes.
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Anchors } from '../../../src/core/canary/anchor.js'
import { cleanLedger } from '../../../src/core/canary/clean.js'
import { ledgerPath, readLedger } from '../../../src/core/canary/ledger.js'
import { plantCanaries } from '../../../src/core/canary/plant.js'
import { PROBE_CLASSES, probeName, type ProbeClass } from '../../../src/core/canary/probes.js'
import { readCanaries, type CanaryReading } from '../../../src/core/canary/read.js'
import { readHistory } from '../../../src/core/history/history.js'
import { snapshot } from '../../../__fixtures__/workspace.js'

const ctx = { platform: 'test', host: 'test-host' }
let base: string
let anchors: Anchors
let stateDir: string
let cacheDir: string

beforeEach(() => {
  base = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'swr-canary-')))
  anchors = {
    workspace: path.join(base, 'ws'),
    home: path.join(base, 'home'),
    tmp: path.join(base, 'tmp')
  }
  for (const d of Object.values(anchors)) fs.mkdirSync(d)
  stateDir = path.join(base, 'state')
  cacheDir = path.join(base, 'cache-path')
})

afterEach(() => {
  fs.rmSync(base, { recursive: true, force: true })
})

const PLANT_ID = 'c0ffee01'

function plant(extra: Partial<Parameters<typeof plantCanaries>[0]> = {}) {
  return plantCanaries({
    stateDir,
    anchors,
    context: ctx,
    largeBytes: 256 * 1024,
    at: [cacheDir],
    plantId: PLANT_ID,
    ...extra
  })
}

function read(): CanaryReading {
  return readCanaries({ stateDir, anchors, context: ctx })
}

/** The probe of `cls` at `location` in a reading. */
function outcomeOf(r: CanaryReading, cls: ProbeClass, location = 'workspace') {
  const p = r.probes.find(x => x.class === cls && x.location === location)
  if (!p) throw new Error(`no ${cls} probe at ${location}`)
  return p.outcome
}

function at(cls: ProbeClass, dir = anchors.workspace): string {
  return path.join(dir, probeName(PLANT_ID, cls))
}

describe('planting', () => {
  it('plants every class in every location and records each in the ledger', () => {
    fs.mkdirSync(path.join(anchors.workspace, 'node_modules'))
    const { ledger } = plant({ volatile: ['build'] })
    const ids = ledger.locations.map(l => l.id)
    expect(ids).toEqual([
      'workspace',
      'deep',
      'volatile:build',
      'volatile:node_modules',
      'home',
      'tmp',
      `at:${cacheDir}`
    ])
    for (const id of ids) {
      const classes = ledger.probes.filter(p => p.location === id).map(p => p.class)
      // The deep path tests names and depth only: no large file there.
      expect(classes.sort()).toEqual(
        PROBE_CLASSES.filter(c => id !== 'deep' || c !== 'large').sort()
      )
    }
    const deep = ledger.locations.find(l => l.id === 'deep')!
    expect(deep.dir.rel.split('/')).toHaveLength(20)
    expect(fs.statSync(at('script')).mode & 0o777).toBe(0o755)
    expect(fs.statSync(at('private')).mode & 0o777).toBe(0o600)
    expect(Buffer.byteLength(probeName(PLANT_ID, 'longname'))).toBe(255)
    expect(fs.readlinkSync(at('symlink'))).toBe(probeName(PLANT_ID, 'stamp'))
    const a = fs.statSync(at('hardlink'))
    expect(a.nlink).toBe(2)
    expect(fs.statSync(at('large')).size).toBe(256 * 1024)
    // The temp location is a fresh random directory, never a fixed name in a shared directory.
    const tmpLoc = ledger.locations.find(l => l.id === 'tmp')!
    expect(tmpLoc.dir.anchor).toBe('tmp')
    expect(tmpLoc.dir.rel).toMatch(/^swr-canary-c0ffee01-.{6}$/)
    // The ledger is private.
    expect(fs.statSync(ledgerPath(stateDir)).mode & 0o777).toBe(0o600)
    expect(fs.statSync(path.dirname(ledgerPath(stateDir))).mode & 0o777).toBe(0o700)
  })

  it('a fresh planting reads back fully intact', () => {
    plant()
    const r = read()
    expect(r.totals.altered + r.totals.lost).toBe(0)
    expect(r.totals.intact).toBe(r.probes.length)
    expect(r.probes.length).toBeGreaterThan(50)
  })

  it('the large probe is incompressible (a compressing cache cannot hide it under its cap)', () => {
    plant()
    const gz = execFileSync('gzip', ['-c', at('large')], { maxBuffer: 1 << 24 })
    expect(gz.length).toBeGreaterThan(0.99 * 256 * 1024)
  })

  it('never overwrites: an existing file at a probe name stops the planting, untouched, and nothing is left behind', () => {
    const victim = at('private')
    fs.writeFileSync(victim, 'user data')
    // Names, kinds, modes and sizes (directory times change when an undone probe comes and goes).
    const shape = () => snapshot(base).map(l => l.split(' ').slice(0, 4).join(' '))
    const before = shape()
    expect(() => plant()).toThrow(
      /already exists: planting never replaces a file \(nothing was planted\)/
    )
    expect(fs.readFileSync(victim, 'utf8')).toBe('user data')
    expect(shape()).toEqual(before)
    expect(fs.existsSync(ledgerPath(stateDir))).toBe(false)
  })

  it('leaves every existing file of the locations as it was', () => {
    fs.mkdirSync(path.join(anchors.workspace, 'src'))
    fs.writeFileSync(path.join(anchors.workspace, 'src', 'a.ts'), 'x')
    fs.writeFileSync(path.join(anchors.home, '.bashrc'), 'export A=1\n')
    const before = snapshot(base)
    plant()
    const after = snapshot(base).filter(l => !/swr-canary-|^state/.test(l))
    // Directory timestamps change when entries are added; the user's files do not.
    const files = (s: string[]) => s.filter(l => /a\.ts|\.bashrc/.test(l))
    expect(files(after)).toEqual(files(before))
  })

  it('refuses to replace a planting that was never read, unless asked', () => {
    plant()
    expect(() => plant({ plantId: 'c0ffee02' })).toThrow(/was never read/)
    const r = plant({ plantId: 'c0ffee02', replace: true })
    expect(r.replaced?.plant_id).toBe(PLANT_ID)
    expect(fs.existsSync(at('stamp'))).toBe(false)
    expect(fs.existsSync(path.join(anchors.workspace, probeName('c0ffee02', 'stamp')))).toBe(true)
  })

  it('after a read, the next planting removes the old probes and plants new ones', () => {
    plant()
    read()
    const r = plant({ plantId: 'c0ffee03' })
    expect(r.replaced?.removed).toBeGreaterThan(50)
    expect(fs.existsSync(at('script'))).toBe(false)
  })
})

describe('reading: each change is its own outcome', () => {
  beforeEach(() => {
    plant()
  })

  it('chmod -x is an exec-bit change', () => {
    fs.chmodSync(at('script'), 0o644)
    const o = outcomeOf(read(), 'script')
    expect(o).toMatchObject({ state: 'altered', attributes: ['exec-bit'] })
  })

  it('a private file made world-readable is a mode change', () => {
    fs.chmodSync(at('private'), 0o644)
    expect(outcomeOf(read(), 'private')).toMatchObject({ state: 'altered', attributes: ['mode'] })
  })

  it('a content edit at the same size is a content change', () => {
    const f = at('stamp')
    const text = fs.readFileSync(f, 'utf8')
    fs.writeFileSync(f, text.slice(0, -2) + (text.at(-2) === 'a' ? 'b' : 'a') + '\n')
    expect(fs.statSync(f).size).toBe(Buffer.byteLength(text))
    expect(outcomeOf(read(), 'stamp')).toMatchObject({ state: 'altered', attributes: ['content'] })
  })

  it('a retargeted link is a link-target change', () => {
    fs.unlinkSync(at('symlink'))
    fs.symlinkSync(probeName(PLANT_ID, 'dotfile'), at('symlink'))
    expect(outcomeOf(read(), 'symlink')).toMatchObject({
      state: 'altered',
      attributes: ['link-target']
    })
  })

  it('a link replaced by a copy of its target is a type change', () => {
    fs.unlinkSync(at('symlink'))
    fs.copyFileSync(at('stamp'), at('symlink'))
    expect(outcomeOf(read(), 'symlink')).toMatchObject({ state: 'altered', attributes: ['type'] })
  })

  it('a directory link whose directory is gone dangles', () => {
    fs.rmdirSync(at('emptydir'))
    const r = read()
    expect(outcomeOf(r, 'emptydir').state).toBe('lost')
    expect(outcomeOf(r, 'dirlink')).toMatchObject({ state: 'altered', attributes: ['dangling'] })
  })

  it('a hard link broken by a copy is a hardlink change (content intact)', () => {
    const b = path.join(anchors.workspace, `swr-canary-${PLANT_ID}-hardlink-b`)
    fs.unlinkSync(b)
    fs.copyFileSync(at('hardlink'), b)
    expect(outcomeOf(read(), 'hardlink')).toMatchObject({
      state: 'altered',
      attributes: ['hardlink']
    })
  })

  it('a truncated large file is a size change', () => {
    fs.truncateSync(at('large'), 1000)
    const o = outcomeOf(read(), 'large')
    expect(o).toMatchObject({ state: 'altered', attributes: ['size'] })
    expect(o.state === 'altered' && o.detail).toMatch(/1,000 bytes \(want 262,144\)/)
  })

  it('a deleted probe is lost; every other probe stays intact', () => {
    fs.unlinkSync(at('dotfile'))
    const r = read()
    expect(outcomeOf(r, 'dotfile').state).toBe('lost')
    expect(r.totals).toEqual({ intact: r.probes.length - 1, altered: 0, lost: 1 })
  })

  it('an emptied directory loses everything in it, and only there', () => {
    for (const name of fs.readdirSync(cacheDir))
      fs.rmSync(path.join(cacheDir, name), { recursive: true })
    const r = read()
    expect(r.locations[`at:${cacheDir}`]).toEqual({ intact: 0, altered: 0, lost: 11 })
    expect(r.locations.workspace).toEqual({ intact: 11, altered: 0, lost: 0 })
  })

  it('a directory probe replaced by a file is a type change', () => {
    fs.rmdirSync(at('emptydir'))
    fs.writeFileSync(at('emptydir'), '')
    expect(outcomeOf(read(), 'emptydir')).toMatchObject({ state: 'altered', attributes: ['type'] })
  })

  it('groups outcomes by class and location and records one history line per read', () => {
    fs.chmodSync(at('script'), 0o600)
    fs.unlinkSync(at('stamp', anchors.home))
    const r = read()
    expect(r.classes.script).toMatchObject({ altered: 1, attributes: { 'exec-bit': 1 } })
    expect(r.classes.stamp).toMatchObject({ lost: 1 })
    expect(r.locations.home).toMatchObject({ lost: 1 })
    read()
    const h = readHistory(stateDir)
    expect(h.records).toHaveLength(2)
    expect(h.records[0]).toMatchObject({ kind: 'canary', plant_id: PLANT_ID })
    expect(readLedger(stateDir)?.read_at).toBeDefined()
  })

  it('a ledger planted under other absolute paths still finds its probes (anchored paths)', () => {
    // A new runner: the same tree under another base path.
    const moved = base + '-moved'
    fs.renameSync(base, moved)
    try {
      const r = readCanaries({
        stateDir: path.join(moved, 'state'),
        anchors: {
          workspace: path.join(moved, 'ws'),
          home: path.join(moved, 'home'),
          tmp: path.join(moved, 'tmp')
        },
        context: ctx
      })
      // Only the --at path was absolute: it is gone with the old base.
      expect(r.locations.workspace?.intact).toBe(11)
      expect(r.locations.home?.intact).toBe(11)
      expect(r.locations[`at:${cacheDir}`]?.lost).toBe(11)
    } finally {
      fs.renameSync(moved, base)
    }
  })
})

describe('clean', () => {
  it('removes exactly the probes and the directories the planting created', () => {
    fs.writeFileSync(path.join(anchors.workspace, 'keep.txt'), 'mine')
    fs.mkdirSync(path.join(anchors.workspace, 'node_modules'))
    fs.writeFileSync(path.join(anchors.workspace, 'node_modules', 'pkg.js'), 'x')
    const before = snapshot(base).filter(l => !l.startsWith('state'))
    const { ledger } = plant()
    // A user file dropped into a created directory keeps that directory.
    fs.writeFileSync(path.join(cacheDir, 'user-file'), 'u')
    const r = cleanLedger(ledger, anchors)
    expect(r.kept).toEqual([
      { path: `${cacheDir}/`, why: 'not empty: holds files that were not planted' }
    ])
    fs.rmSync(path.join(cacheDir, 'user-file'))
    fs.rmdirSync(cacheDir)
    const names = (s: string[]) => s.map(l => l.split(' ')[0])
    expect(names(snapshot(base).filter(l => !l.startsWith('state')))).toEqual(names(before))
  })

  it('leaves a probe name that now holds something else', () => {
    const { ledger } = plant()
    fs.unlinkSync(at('stamp'))
    fs.mkdirSync(at('stamp'))
    fs.writeFileSync(path.join(at('stamp'), 'user'), 'u')
    const r = cleanLedger(ledger, anchors)
    expect(r.kept).toContainEqual({
      path: probeName(PLANT_ID, 'stamp'),
      why: 'now a dir, not the file that was planted'
    })
    expect(fs.readFileSync(path.join(at('stamp'), 'user'), 'utf8')).toBe('u')
  })
})

describe('ledger', () => {
  it('a damaged ledger is an error naming the field, not "everything lost"', () => {
    plant()
    const file = ledgerPath(stateDir)
    const v = JSON.parse(fs.readFileSync(file, 'utf8'))
    v.probes[3].location = 'nowhere'
    fs.writeFileSync(file, JSON.stringify(v))
    expect(() => read()).toThrow(/probes\[3\]\.location names no location/)
    fs.writeFileSync(file, '{"format":')
    expect(() => read()).toThrow(/not JSON/)
  })

  it('a probe path with .. is refused', () => {
    plant()
    const file = ledgerPath(stateDir)
    const v = JSON.parse(fs.readFileSync(file, 'utf8'))
    v.probes[0].path.rel = '../../etc/passwd'
    fs.writeFileSync(file, JSON.stringify(v))
    expect(() => read()).toThrow(/probes\[0\]\.path is not an anchored path/)
  })

  it('a ledger may only name probe files: a user file planted into it is refused, never cleaned', () => {
    plant()
    const victim = path.join(anchors.home, 'important.txt')
    fs.writeFileSync(victim, 'keep')
    const file = ledgerPath(stateDir)
    const v = JSON.parse(fs.readFileSync(file, 'utf8'))
    v.probes[0].path = { anchor: 'home', rel: 'important.txt' }
    fs.writeFileSync(file, JSON.stringify(v))
    expect(() => readLedger(stateDir)).toThrow(
      /probes\[0\]\.path is not a \w+ probe of planting c0ffee01/
    )
    expect(fs.readFileSync(victim, 'utf8')).toBe('keep')
  })

  it('reading with nothing planted says so', () => {
    expect(() => read()).toThrow(/no canary planting to read/)
  })
})
