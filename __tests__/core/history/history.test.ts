/**
 * The survival history and its statistics: Wilson intervals against published values, the
 * bounded and rotated JSON-lines file on a real state directory, survival rows and trends, the
 * Mermaid chart, and the advice `swr why` derives from repeated losses.
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { historyAdvice, isPattern } from '../../../src/core/history/advice.js'
import {
  appendHistory,
  HISTORY_FILE,
  HISTORY_ROTATED,
  readHistory,
  type CanaryRecord,
  type CheckRecord
} from '../../../src/core/history/history.js'
import { computeStats, recentLosses } from '../../../src/core/history/stats.js'
import { wilson } from '../../../src/core/history/wilson.js'
import {
  renderStatsMarkdown,
  renderStatsText,
  survivalChart
} from '../../../src/core/report/survival.js'
import type { Entry, Status } from '../../../src/core/types.js'

let dir: string
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'swr-history-'))
})
afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true })
})

const ctx = { platform: 'linux-x64', runner_os: 'Linux', runner_name: 'r1' }

function time(i: number): string {
  return new Date(Date.UTC(2026, 10, 1, 12) + i * 3_600_000).toISOString()
}

function canary(i: number, classes: Record<string, [number, number, number]>): CanaryRecord {
  const t = Object.fromEntries(
    Object.entries(classes).map(([k, [intact, altered, lost]]) => [k, { intact, altered, lost }])
  )
  return {
    v: 1,
    kind: 'canary',
    time: time(i),
    context: ctx,
    plant_id: 'abcd0123',
    planted_at: time(i - 1),
    classes: t,
    locations: { workspace: { intact: 1, altered: 0, lost: 0 } }
  }
}

function check(i: number, entries: Record<string, Status>): CheckRecord {
  return {
    v: 1,
    kind: 'check',
    time: time(i),
    context: ctx,
    manifest: '/ws/.swr/manifest.json',
    digest: 'd'.repeat(64),
    entries
  }
}

describe('Wilson score interval (95%)', () => {
  // Newcombe (1998), "Two-sided confidence intervals for the single proportion", method 3.
  it.each([
    [81, 263, 0.2553, 0.3662],
    [15, 148, 0.0624, 0.1605],
    [0, 20, 0, 0.1611],
    [1, 29, 0.0061, 0.1718],
    [5, 10, 0.2366, 0.7634],
    [10, 10, 0.7225, 1]
  ])('%i of %i -> [%f, %f]', (k, n, low, high) => {
    const ci = wilson(k, n)
    expect(ci.low).toBeCloseTo(low, 4)
    expect(ci.high).toBeCloseTo(high, 4)
  })

  it('no observations: the whole range; impossible counts are refused', () => {
    expect(wilson(0, 0)).toEqual({ low: 0, high: 1 })
    expect(() => wilson(3, 2)).toThrow(RangeError)
    expect(() => wilson(-1, 2)).toThrow(RangeError)
    expect(() => wilson(0.5, 2)).toThrow(RangeError)
  })

  it('stays inside [0, 1] and contains the rate', () => {
    for (let n = 1; n <= 200; n++)
      for (let k = 0; k <= n; k++) {
        const { low, high } = wilson(k, n)
        expect(low).toBeGreaterThanOrEqual(0)
        expect(high).toBeLessThanOrEqual(1)
        expect(low).toBeLessThanOrEqual(k / n)
        expect(high).toBeGreaterThanOrEqual(k / n)
        if (k === 0) expect(low).toBe(0)
        if (k === n) expect(high).toBe(1)
      }
  })
})

describe('history file', () => {
  it('appends one private JSON line per record and reads them back oldest first', () => {
    appendHistory(dir, check(2, { a: 'OK' }))
    appendHistory(dir, check(1, { a: 'MISSING' }))
    const file = path.join(dir, HISTORY_FILE)
    expect(fs.statSync(file).mode & 0o777).toBe(0o600)
    expect(fs.readFileSync(file, 'utf8').trim().split('\n')).toHaveLength(2)
    const h = readHistory(dir)
    expect(h.records.map(r => r.time)).toEqual([time(1), time(2)])
  })

  it('rotates at the record limit: bounded, and the newest records are kept', () => {
    for (let i = 0; i < 25; i++) appendHistory(dir, check(i, { a: 'OK' }), { maxRecords: 10 })
    const lines = (name: string) =>
      fs.readFileSync(path.join(dir, name), 'utf8').trim().split('\n').length
    // 25 appends with a limit of 10: two rotations; the current file holds the last 5.
    expect(lines(HISTORY_FILE)).toBe(5)
    expect(lines(HISTORY_ROTATED)).toBe(10)
    const h = readHistory(dir)
    expect(h.records).toHaveLength(15)
    expect(h.records[0]!.time).toBe(time(10))
    expect(h.records.at(-1)!.time).toBe(time(24))
    expect(fs.readdirSync(dir).sort()).toEqual([HISTORY_ROTATED, HISTORY_FILE].sort())
  })

  it('rotates at the byte limit too', () => {
    for (let i = 0; i < 6; i++) appendHistory(dir, check(i, { a: 'OK' }), { maxBytes: 600 })
    expect(fs.statSync(path.join(dir, HISTORY_FILE)).size).toBeLessThan(1200)
    expect(fs.existsSync(path.join(dir, HISTORY_ROTATED))).toBe(true)
  })

  it('skips torn and foreign lines instead of failing', () => {
    appendHistory(dir, check(1, { a: 'OK' }))
    fs.appendFileSync(path.join(dir, HISTORY_FILE), '{"v":1,"kind":"check","ti\n[1,2]\n\n')
    appendHistory(dir, check(2, { a: 'OK' }))
    const h = readHistory(dir)
    expect(h.records).toHaveLength(2)
    expect(h.skipped).toBe(2)
  })

  it('an absent history is empty', () => {
    expect(readHistory(path.join(dir, 'none'))).toEqual({ records: [], skipped: 0 })
  })
})

describe('stats', () => {
  const records = [
    canary(1, { script: [2, 0, 0], large: [1, 0, 1] }),
    canary(2, { script: [1, 1, 0], large: [0, 0, 2] }),
    canary(3, { script: [2, 0, 0], large: [2, 0, 0] }),
    check(4, { models: 'MISSING', src: 'OK' }),
    check(5, { models: 'OK', src: 'OK' })
  ]

  it('survival per class with observations, Wilson bounds and the trend newest first', () => {
    const s = computeStats(records)
    expect(s).toMatchObject({
      records: 5,
      canary_runs: 3,
      check_runs: 2,
      first: time(1),
      last: time(5)
    })
    // One observation per reading: 'large' was kept whole in 1 of 3 readings (its 3 of 6 intact
    // probes are detail, not independent trials).
    const large = s.classes.find(r => r.key === 'large')!
    expect(large).toMatchObject({ n: 3, survived: 1, probes: 6, probes_intact: 3, rate: 1 / 3 })
    expect(large.low).toBeCloseTo(wilson(1, 3).low, 12)
    expect(large.high).toBeCloseTo(wilson(1, 3).high, 12)
    expect(large.trend).toEqual(['kept', 'lost', 'partial'])
    const script = s.classes.find(r => r.key === 'script')!
    expect(script).toMatchObject({ n: 3, survived: 2, probes: 6, probes_intact: 5 })
    // Lowest survival first.
    expect(s.classes.map(r => r.key)).toEqual(['large', 'script'])
    expect(s.entries.find(r => r.key === 'models')).toMatchObject({
      n: 2,
      survived: 1,
      trend: ['kept', 'lost']
    })
    expect(s.runs.map(r => [r.kind, r.survival])).toEqual([
      ['canary', 3 / 4],
      ['canary', 1 / 4],
      ['canary', 1],
      ['check', 0.5],
      ['check', 1]
    ])
  })

  it('many probes in one reading narrow nothing: the interval is that of the runs', () => {
    // Two readings of 50 probes each, one all kept and one all lost, are two observations.
    const two = computeStats([canary(1, { file: [50, 0, 0] }), canary(2, { file: [0, 0, 50] })])
    const row = two.classes.find(r => r.key === 'file')!
    expect(row).toMatchObject({ n: 2, survived: 1, probes: 100, probes_intact: 50 })
    expect(row.low).toBeCloseTo(wilson(1, 2).low, 12)
    expect(row.high - row.low).toBeGreaterThan(0.8)
    expect(two.locations.find(r => r.key === 'workspace')).toMatchObject({ n: 2, survived: 2 })
  })

  it('renders text and Markdown with a well-formed Mermaid xychart', () => {
    const s = computeStats(records)
    expect(renderStatsText(s)).toMatch(/large\s+33\.3%\s+\[6\.1, 79\.2\]\s+3\s+✓✗◐/)
    const md = renderStatsMarkdown(s)
    const chart = survivalChart(s)!
    expect(md).toContain(chart)
    const lines = chart.split('\n')
    expect(lines[0]).toBe('```mermaid')
    expect(lines[1]).toBe('xychart-beta')
    expect(lines.at(-1)).toBe('```')
    const xs = /^ {4}x-axis \[(.*)\]$/.exec(lines[3]!)![1]!.split(', ')
    const ys = /^ {4}line \[(.*)\]$/.exec(lines[5]!)![1]!.split(', ').map(Number)
    expect(xs).toEqual(['"11-01 13:00"', '"11-01 14:00"', '"11-01 15:00"'])
    expect(ys).toEqual([75, 25, 100])
    expect(lines[4]).toBe('    y-axis "survival %" 0 --> 100')
  })

  it('without canary runs the chart shows recorded checks', () => {
    const s = computeStats(records.filter(r => r.kind === 'check'))
    expect(survivalChart(s)).toContain('Entries healthy per recorded check')
    expect(survivalChart(computeStats([]))).toBeUndefined()
    expect(renderStatsText(computeStats([]))).toMatch(/no history yet/)
  })
})

describe('why: advice from repeated losses', () => {
  const entry = {
    id: 'cfg',
    kind: 'file',
    path: 'cfg.json',
    tier: 2,
    expect: { size: 10, sha256: 'a'.repeat(64), mode: '0644' }
  } as unknown as Entry

  it('7 of the last 10 recorded checks: says so and suggests a lower tier, a cache source and escrow', () => {
    const statuses: Status[] = [
      'OK',
      'OK',
      'OK',
      'MISSING',
      'MISSING',
      'OK',
      'MISSING',
      'MISSING',
      'MISSING',
      'MISSING',
      'MISSING',
      'OK',
      'MISSING'
    ]
    const recs = statuses.map((st, i) => check(i, { cfg: st }))
    const losses = recentLosses(recs, 'cfg')
    expect(losses).toEqual({ lost: 8, of: 10 })
    expect(recentLosses(recs.slice(0, 12), 'cfg')).toEqual({ lost: 7, of: 10 })
    const text = historyAdvice(entry, recentLosses(recs.slice(0, 12), 'cfg'))!
    expect(text).toMatch(/^damaged in 7 of the last 10 recorded checks/)
    expect(text).toMatch(/lower tier than 2/)
    expect(text).toMatch(/cache source/)
    expect(text).toMatch(/swr escrow --only cfg/)
  })

  it('a single loss is not a pattern', () => {
    expect(isPattern({ lost: 1, of: 10 })).toBe(false)
    expect(isPattern({ lost: 2, of: 10 })).toBe(false)
    expect(isPattern({ lost: 3, of: 10 })).toBe(true)
    expect(historyAdvice(entry, { lost: 1, of: 1 })).toBeUndefined()
  })
})
