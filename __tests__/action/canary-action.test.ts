/**
 * The Action's survival commands end to end: `canary-plant`, `canary-read` and `stats` run as the
 * runner runs them (the bundled dist/index.js on the runner's node24, in a child process with a
 * clean environment) against the loopback Actions cache service of __fixtures__/cache-server.ts,
 * on real files. Nothing is mocked.
 *
 * One scheduled survival job, as a workflow would run it, on "runners" that are directories of
 * this machine:
 *
 *   job 1: swr canary-plant (canary-at: saved-by-cache)     -> the ledger goes to the Actions cache
 *          the workflow's own cache step saves saved-by-cache (real @actions/cache, in process)
 *   --- a fresh runner: the workspace, HOME, TMPDIR and RUNNER_TEMP are emptied (same paths: the
 *       cache version hashes the path strings, and hosted runners use the same paths every job)
 *   job 2: the workflow's cache step restores saved-by-cache
 *          swr canary-read                                   -> the ledger comes back from the cache
 *          swr canary-plant                                  -> the next planting
 *          the workflow's cache step saves saved-by-cache
 *   --- a fresh runner
 *   job 3: restore, swr canary-read                          -> two reads in the history
 *
 * Only what the cache step saved can survive a fresh runner: the `at:` location keeps its probes,
 * the workspace, deep, home and tmp locations lose theirs.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals'
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { makeRepo, NODES, type ActionRepo } from '../../__fixtures__/action.js'
import {
  runStepOn,
  seed,
  snapshotBundles,
  stepCacheEnv,
  unseed,
  type Bundles,
  type StepRun
} from '../../__fixtures__/cache-run.js'
import { startCacheServer, type CacheServer } from '../../__fixtures__/cache-server.js'
import { PROBE_CLASSES, type ProbeClass } from '../../src/core/canary/probes.js'
import type { Tally } from '../../src/core/history/history.js'
import type { Stats, SurvivalRow } from '../../src/core/history/stats.js'
import { add, write } from '../../__fixtures__/workspace.js'

/** The runner's node24 (action.yml `using: node24`), fetched by scripts/ensure-node24.mjs; the machine's Node where it cannot be had. */
const NODE24 = NODES[0]!.bin
/** The directory the workflow's own cache step saves, relative to the workspace. */
const AT = 'saved-by-cache'
const LARGE = 64 * 1024
/** Locations without an `at:` path: the workspace root, 20 levels deep, $HOME and $TMPDIR. */
const LOST_LOCATIONS = ['workspace', 'deep', 'home', 'tmp']
/** Probes per location: every class, except no large file in `deep`. */
const PER_LOCATION = PROBE_CLASSES.length
const PROBES = 5 * PER_LOCATION - 1

let tmp = ''
let bundles: Bundles
const cleanups: (() => void | Promise<void>)[] = []

beforeAll(() => {
  tmp = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'swr-canary-action-')))
  bundles = snapshotBundles(tmp)
})

afterEach(async () => {
  while (cleanups.length) await cleanups.pop()?.()
})

afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }))

// ---------------------------------------------------------------------------------------------
// Runners and jobs

interface Runner {
  repo: ActionRepo
  /** TMPDIR of every step (never the machine's /tmp: the tmp location plants there). */
  tmpdir: string
  /** Absolute path of the directory the workflow's cache step saves. */
  at: string
}

async function server(): Promise<CacheServer> {
  const s = await startCacheServer()
  cleanups.push(() => s.close())
  return s
}

function runner(): Runner {
  const repo = makeRepo()
  cleanups.push(() => repo.cleanup())
  const tmpdir = path.join(repo.base, 'tmp')
  fs.mkdirSync(tmpdir)
  return { repo, tmpdir, at: path.join(repo.root, AT) }
}

/**
 * A fresh runner at the same paths: the workspace, HOME, TMPDIR and RUNNER_TEMP (so also
 * RUNNER_TEMP/swr-canary-state) are emptied.
 */
function freshRunner(r: Runner): void {
  for (const dir of [r.repo.root, r.repo.home, r.tmpdir, r.repo.runnerTemp]) {
    fs.rmSync(dir, { recursive: true, force: true })
    fs.mkdirSync(dir)
  }
}

const RUN_ID_BASE = 1000

/** The Action's main step on `r`, as job `job` of the workflow (cache service when `s`). */
function step(
  r: Runner,
  inputs: Record<string, string>,
  s: CacheServer | undefined,
  job: number
): Promise<StepRun> {
  return runStepOn(NODE24, bundles.main, r.repo, {
    inputs,
    env: {
      ...(s ? stepCacheEnv(s, r.repo) : {}),
      TMPDIR: r.tmpdir,
      RUNNER_OS: 'Linux',
      RUNNER_ARCH: 'X64',
      RUNNER_NAME: `runner-${job}`,
      GITHUB_RUN_ID: String(RUN_ID_BASE + job),
      GITHUB_RUN_ATTEMPT: '1',
      GITHUB_WORKFLOW: 'survival',
      GITHUB_JOB: 'canary'
    }
  })
}

/**
 * The cache key family of a canary history, computed here from what the Action documents (one
 * history per repository, canary-key, runner OS and architecture), not taken from src.
 */
function keyPrefix(name: string): string {
  const scope = ['owner/repo', name, 'Linux', 'X64'].join('\0')
  return `swr-canary-v1-${createHash('sha256').update(scope).digest('hex').slice(0, 16)}-`
}

/** Keys the Action saved, in order, with the prefix cut off. */
const savedStates = (s: CacheServer): string[] =>
  s
    .entries()
    .filter(e => e.finalized && e.key.startsWith(keyPrefix('default')))
    .map(e => e.key.slice(keyPrefix('default').length))

const PLANT = {
  command: 'canary-plant',
  'canary-at': AT,
  'canary-large-bytes': String(LARGE),
  'canary-home': 'true'
}

/** The workflow's own cache step saving (or restoring) the `at` directory. */
const userSave = (s: CacheServer, r: Runner, key: string): Promise<number> =>
  seed(stepCacheEnv(s, r.repo), [r.at], key)
const userRestore = (s: CacheServer, r: Runner, key: string): Promise<string | undefined> =>
  unseed(stepCacheEnv(s, r.repo), [r.at], key)

/** Where the step failed or printed something unexpected, everything it said. */
function said(run: StepRun): string {
  return `exit ${run.code}\n--- stdout\n${run.stdout}\n--- stderr\n${run.stderr}`
}

function ok(run: StepRun): StepRun {
  if (run.code !== 0) throw new Error(`the step failed: ${said(run)}`)
  return run
}

const messages = (run: StepRun, command: string): string[] =>
  run.commands.filter(c => c.command === command).map(c => c.message)

// ---------------------------------------------------------------------------------------------
// What the outputs say

interface PlantOutput {
  plant_id: string
  probes: number
  locations: string[]
}

interface ChangedProbe {
  class: ProbeClass
  location: string
  path: string
  outcome: { state: 'altered' | 'lost'; attributes?: string[]; detail?: string }
}

interface ReadOutput {
  schema: string
  plant_id: string
  reread: boolean
  totals: Tally
  classes: Record<string, Tally & { attributes: Record<string, number> }>
  locations: Record<string, Tally>
  changed: ChangedProbe[]
}

const json = <T>(run: StepRun, name: string): T => {
  const text = run.outputs[name]
  if (text === undefined) throw new Error(`no output ${name}: ${said(run)}`)
  return JSON.parse(text) as T
}

/** The stats output: schema, counts, and every row's interval around its rate. */
function statsOf(run: StepRun): Stats {
  const stats = json<Stats>(run, 'stats')
  expect(stats.schema).toBe('swr.stats/1')
  for (const row of [...stats.classes, ...stats.locations, ...stats.entries]) wellFormed(row)
  return stats
}

/** A survival row: counts that add up, and a 95% interval in [0, 1] that holds the rate. */
function wellFormed(row: SurvivalRow): void {
  const problems: string[] = []
  if (!(row.n > 0 && row.survived >= 0 && row.survived <= row.n)) problems.push('bad counts')
  if (row.rate !== row.survived / row.n) problems.push('rate is not survived / n')
  if (!(0 <= row.low && row.low <= row.rate)) problems.push('low is not in [0, rate]')
  if (!(row.rate <= row.high && row.high <= 1)) problems.push('high is not in [rate, 1]')
  if (problems.length > 0)
    throw new Error(`stats row ${row.key}: ${problems.join(', ')}: ${JSON.stringify(row)}`)
}

// ---------------------------------------------------------------------------------------------
// The job summary: the Mermaid chart and the tables

interface Chart {
  title: string
  labels: string[]
  yAxis: { title: string; min: number; max: number }
  values: number[]
}

/** `"a", "b"` -> ['a', 'b']: every item double-quoted, no quote inside, `, ` between items. */
function quotedList(text: string): string[] {
  const items: string[] = []
  let i = 0
  while (i < text.length) {
    if (text[i] !== '"') throw new Error(`x-axis: item ${items.length + 1} is not quoted: ${text}`)
    const close = text.indexOf('"', i + 1)
    if (close < 0) throw new Error(`x-axis: unterminated quote: ${text}`)
    items.push(text.slice(i + 1, close))
    i = close + 1
    if (i === text.length) break
    if (text.slice(i, i + 2) !== ', ') throw new Error(`x-axis: expected ", " at ${i}: ${text}`)
    i += 2
    if (i === text.length) throw new Error(`x-axis: trailing comma: ${text}`)
  }
  return items
}

/** `1, 2.5` -> [1, 2.5]: plain decimal numbers only. */
function numberList(text: string): number[] {
  return text.split(',').map(t => {
    const s = t.trim()
    if (!/^-?\d+(\.\d+)?$/.test(s)) throw new Error(`line: "${s}" is not a number: ${text}`)
    return Number(s)
  })
}

/**
 * The one ```mermaid block of a summary, checked line by line as an xychart-beta with a title, a
 * category x-axis, a numeric y-axis and one line series: balanced brackets and quotes on every
 * line, no line the checker does not know, and as many labels as values.
 */
function mermaidChart(summary: string): Chart {
  const blocks = [...summary.matchAll(/^```mermaid\n([\s\S]*?)^```$/gm)].map(m => m[1] ?? '')
  expect(blocks).toHaveLength(1)
  const lines = (blocks[0] ?? '').split('\n').filter(l => l.trim() !== '')
  expect(lines[0]).toBe('xychart-beta')
  const chart: Partial<Chart> = {}
  for (const line of lines.slice(1)) {
    const count = (c: string): number => line.split(c).length - 1
    if (count('[') !== count(']') || count('"') % 2 !== 0)
      throw new Error(`unbalanced brackets or quotes: ${line}`)
    let m: RegExpExecArray | null
    if ((m = /^ {4}title "([^"]+)"$/.exec(line))) {
      if (chart.title !== undefined) throw new Error('two titles')
      chart.title = m[1] ?? ''
    } else if ((m = /^ {4}x-axis \[(.*)\]$/.exec(line))) {
      if (chart.labels) throw new Error('two x-axes')
      chart.labels = quotedList(m[1] ?? '')
    } else if ((m = /^ {4}y-axis "([^"]+)" (-?\d+(?:\.\d+)?) --> (-?\d+(?:\.\d+)?)$/.exec(line))) {
      if (chart.yAxis) throw new Error('two y-axes')
      chart.yAxis = { title: m[1] ?? '', min: Number(m[2]), max: Number(m[3]) }
    } else if ((m = /^ {4}line \[(.*)\]$/.exec(line))) {
      if (chart.values) throw new Error('two line series')
      chart.values = numberList(m[1] ?? '')
    } else throw new Error(`not an xychart-beta line: ${JSON.stringify(line)}`)
  }
  const { title, labels, yAxis, values } = chart
  if (!title || !labels || !yAxis || !values)
    throw new Error(`incomplete chart:\n${blocks[0] ?? ''}`)
  expect(yAxis).toEqual({ title: 'survival %', min: 0, max: 100 })
  expect(labels.length).toBe(values.length)
  for (const label of labels) expect(label).toMatch(/^\d\d-\d\d \d\d:\d\d$/)
  for (const v of values) {
    expect(v).toBeGreaterThanOrEqual(0)
    expect(v).toBeLessThanOrEqual(100)
  }
  return { title, labels, yAxis, values }
}

/** The rows of the Markdown table whose header's first cell is `first`, as trimmed cells. */
function table(summary: string, first: string): string[][] {
  const lines = summary.split('\n')
  const head = lines.findIndex(l => l.startsWith(`| ${first} |`))
  if (head < 0) throw new Error(`no table "${first}" in the summary:\n${summary}`)
  expect(lines[head + 1]).toMatch(/^\|( :?-+:? \|)+$/)
  const width = (lines[head] ?? '').split('|').length
  const rows: string[][] = []
  for (const l of lines.slice(head + 2)) {
    if (!l.startsWith('|')) break
    const cells = l.split('|')
    expect(cells.length).toBe(width)
    rows.push(cells.slice(1, -1).map(c => c.trim()))
  }
  return rows
}

const tallyCells = (t: Tally): string[] => [String(t.intact), String(t.altered), String(t.lost)]

// ---------------------------------------------------------------------------------------------
// What the cache round trip keeps, seen independently of swr

interface Seen {
  type: 'file' | 'dir' | 'symlink' | 'other'
  mode: string
  size?: number
  sha256?: string
  target?: string
  /** Names in the same directory that are the same file (hard links). */
  peers?: string[]
  mtime: number
}

/** Every entry below `dir` (relative name -> what lstat and a read say about it). */
function look(dir: string): Record<string, Seen> {
  const out: Record<string, Seen> = {}
  const inodes = new Map<number, string[]>()
  const walk = (rel: string): void => {
    for (const name of fs.readdirSync(path.join(dir, rel)).sort()) {
      const r = rel ? `${rel}/${name}` : name
      const abs = path.join(dir, r)
      const st = fs.lstatSync(abs)
      const type = st.isSymbolicLink()
        ? 'symlink'
        : st.isDirectory()
          ? 'dir'
          : st.isFile()
            ? 'file'
            : 'other'
      const seen: Seen = {
        type,
        mode: (st.mode & 0o7777).toString(8).padStart(4, '0'),
        mtime: Math.floor(st.mtimeMs / 1000)
      }
      if (type === 'file') {
        const data = fs.readFileSync(abs)
        seen.size = data.length
        seen.sha256 = createHash('sha256').update(data).digest('hex')
        inodes.set(st.ino, [...(inodes.get(st.ino) ?? []), r])
      }
      if (type === 'symlink') seen.target = fs.readlinkSync(abs)
      out[r] = seen
      if (type === 'dir') walk(r)
    }
  }
  walk('')
  for (const names of inodes.values())
    if (names.length > 1) for (const n of names) out[n]!.peers = names.filter(x => x !== n)
  return out
}

// ---------------------------------------------------------------------------------------------

describe('canary-plant, the cache step, a fresh runner, canary-read', () => {
  it('the saved directory comes back intact, everything else is lost; status, outputs, summary', async () => {
    const s = await server()
    const r = runner()
    const atId = `at:${AT}`

    // Job 1: plant, then the workflow's cache step saves the `at` directory.
    const plant = ok(await step(r, PLANT, s, 1))
    const planted = json<PlantOutput>(plant, 'canary')
    expect(planted).toEqual({
      schema: 'swr.action-canary/1',
      plant_id: expect.stringMatching(/^[0-9a-f]{8}$/),
      probes: PROBES,
      locations: ['workspace', 'deep', 'home', 'tmp', atId]
    })
    expect(plant.outputs.status).toBe('healthy')
    expect(messages(plant, 'warning')).toEqual([])
    expect(plant.summary).toContain(`swr canary planted: ${PROBES} probes in 5 locations`)
    // No read yet: the stats output is there, with an empty history.
    expect(statsOf(plant)).toMatchObject({ records: 0, canary_runs: 0, runs: [] })
    // The ledger went to the cache: <time>-<run id>-<attempt>-plant-<random>.
    expect(savedStates(s)).toEqual([expect.stringMatching(/^\d{13}-1001-1-plant-[0-9a-f]{6}$/)])
    const before = look(r.at)
    expect(Object.keys(before)).toHaveLength(PER_LOCATION + 1) // the hard-link pair: two names
    await userSave(s, r, 'user-cache-1')

    // Job 2 on a fresh runner: the cache step restores the directory, then swr reads.
    freshRunner(r)
    expect(fs.existsSync(r.at)).toBe(false)
    expect(await userRestore(s, r, 'user-cache-1')).toBe('user-cache-1')
    const after = look(r.at)
    // GNU tar (--posix, as @actions/cache runs it) keeps every attribute a probe checks: types,
    // modes (0755 script, 0600 private, 0755 empty directory), sizes and bytes, the 255-byte and
    // the non-ASCII (NFC) names, the dotfile, both relative symlinks' targets, and the hard-link
    // pair as one file with two names (tar stores the second name as a link to the first); mtimes
    // to the second as well. Here tar runs as root and restores modes as archived; a hosted runner
    // (user `runner`, umask 022) applies the umask, which clears no bit of 0755, 0644 or 0600.
    expect(after).toEqual(before)

    // Damage, but the step passes: fail-on defaults to never for the survival commands.
    const read = await step(r, { command: 'canary-read' }, s, 2)
    expect({ code: read.code, errors: messages(read, 'error') }).toEqual({ code: 0, errors: [] })
    expect(read.outputs.status).toBe('damaged')
    expect(read.outputs['exit-code']).toBe('1')
    expect(read.stdout).toContain(`swr: canary state restored from ${keyPrefix('default')}`)
    expect(savedStates(s)).toEqual([
      expect.stringMatching(/-1001-1-plant-/),
      expect.stringMatching(/^\d{13}-1002-1-read-[0-9a-f]{6}$/)
    ])
    const got = json<ReadOutput>(read, 'canary')
    expect(got).toMatchObject({
      schema: 'swr.canary-read/1',
      plant_id: planted.plant_id,
      reread: false,
      totals: { intact: PER_LOCATION, altered: 0, lost: PROBES - PER_LOCATION }
    })
    expect(got.locations).toEqual({
      workspace: { intact: 0, altered: 0, lost: PER_LOCATION },
      deep: { intact: 0, altered: 0, lost: PER_LOCATION - 1 },
      home: { intact: 0, altered: 0, lost: PER_LOCATION },
      tmp: { intact: 0, altered: 0, lost: PER_LOCATION },
      [atId]: { intact: PER_LOCATION, altered: 0, lost: 0 }
    })
    // Every class survived exactly once: in the `at` directory.
    expect(Object.keys(got.classes)).toEqual([...PROBE_CLASSES])
    for (const c of PROBE_CLASSES)
      expect({ c, ...got.classes[c] }).toEqual({
        c,
        intact: 1,
        altered: 0,
        lost: c === 'large' ? 3 : 4,
        attributes: {}
      })
    expect(got.changed).toHaveLength(PROBES - PER_LOCATION)
    for (const p of got.changed) {
      expect(p.outcome.state).toBe('lost')
      expect(LOST_LOCATIONS).toContain(p.location)
    }

    // The stats output: one read is one observation per class and per location (its probes
    // are the detail), with Wilson intervals.
    const stats = statsOf(read)
    expect(stats).toMatchObject({ records: 1, canary_runs: 1, check_runs: 0, entries: [] })
    expect(stats.classes.map(c => c.key).sort()).toEqual([...PROBE_CLASSES].sort())
    for (const row of stats.classes)
      expect(row).toMatchObject({
        n: 1,
        survived: 0,
        probes: row.key === 'large' ? 4 : 5,
        probes_intact: 1,
        trend: ['partial']
      })
    expect(stats.locations.find(l => l.key === atId)).toMatchObject({
      n: 1,
      survived: 1,
      probes: PER_LOCATION,
      rate: 1,
      trend: ['kept']
    })
    for (const id of LOST_LOCATIONS)
      expect(stats.locations.find(l => l.key === id)).toMatchObject({ survived: 0, rate: 0 })
    expect(stats.runs).toHaveLength(1)
    expect(stats.runs[0]?.survival).toBeCloseTo(PER_LOCATION / PROBES, 12)

    // The job summary: the read's tables, then the survival chart and tables.
    const chart = mermaidChart(read.summary)
    expect(chart.title).toBe('Canary probes intact per run (%)')
    expect(chart.labels).toHaveLength(1)
    expect(chart.values).toEqual([Number(((100 * PER_LOCATION) / PROBES).toFixed(1))])
    expect(read.summary).toContain(
      `swr canary: ${PROBES} probes: ${PER_LOCATION} intact, 0 altered, ${PROBES - PER_LOCATION} lost`
    )
    const classRows = table(read.summary, 'probe class')
    expect(classRows.map(row => row[0])).toEqual(PROBE_CLASSES.map(c => `\`${c}\``))
    for (const row of classRows) {
      const c = (row[0] ?? '').slice(1, -1)
      expect(row.slice(2, 5)).toEqual(tallyCells(got.classes[c]!))
    }
    const locationRows = table(read.summary, 'location')
    expect(locationRows).toHaveLength(5)
    for (const row of locationRows)
      expect(row.slice(1)).toEqual(tallyCells(got.locations[(row[0] ?? '').slice(1, -1)]!))
    expect(
      table(read.summary, 'canary class')
        .map(row => row[0])
        .sort()
    ).toEqual(PROBE_CLASSES.map(c => `\`${c}\``).sort())
    const survivalLocations = table(read.summary, 'canary location')
    expect(survivalLocations.find(row => row[0] === `\`${atId}\``)?.slice(1, 2)).toEqual(['100.0%'])
    expect(survivalLocations).toHaveLength(5)
  })

  it('a second planting and read on the next fresh runner: two runs in the history and the chart', async () => {
    const s = await server()
    const r = runner()

    // Job 1.
    const first = json<PlantOutput>(ok(await step(r, PLANT, s, 1)), 'canary')
    await userSave(s, r, 'user-cache-1')

    // Job 2: restore, read, plant the next canary (the state directory is this job's now), save.
    freshRunner(r)
    expect(await userRestore(s, r, 'user-cache-1')).toBe('user-cache-1')
    const read1 = ok(await step(r, { command: 'canary-read' }, s, 2))
    expect(json<ReadOutput>(read1, 'canary').plant_id).toBe(first.plant_id)
    const plant2 = ok(await step(r, PLANT, s, 2))
    const second = json<PlantOutput>(plant2, 'canary')
    expect(second.plant_id).not.toBe(first.plant_id)
    expect(second.probes).toBe(PROBES)
    expect(plant2.stdout).toMatch(
      new RegExp(`^swr: removed \\d+ probes of the previous planting ${first.plant_id}$`, 'm')
    )
    // The first planting's probes left the saved directory; the second's are there.
    const names = Object.keys(look(r.at))
    expect(names.filter(n => n.includes(first.plant_id))).toEqual([])
    expect(names.filter(n => n.includes(second.plant_id))).toHaveLength(PER_LOCATION + 1)
    // The planting's stats output already holds job 2's read.
    expect(statsOf(plant2).canary_runs).toBe(1)
    await userSave(s, r, 'user-cache-2')

    // Job 3.
    freshRunner(r)
    expect(await userRestore(s, r, 'user-cache-2')).toBe('user-cache-2')
    const read2 = ok(await step(r, { command: 'canary-read' }, s, 3))
    const got = json<ReadOutput>(read2, 'canary')
    expect(got.plant_id).toBe(second.plant_id)
    expect(got.locations[`at:${AT}`]).toEqual({ intact: PER_LOCATION, altered: 0, lost: 0 })

    const stats = statsOf(read2)
    expect(stats).toMatchObject({ records: 2, canary_runs: 2 })
    expect(stats.runs).toHaveLength(2)
    for (const row of stats.classes) {
      expect(row.n).toBe(2)
      expect(row.probes).toBe(row.key === 'large' ? 8 : 10)
      expect(row.trend).toEqual(['partial', 'partial'])
    }
    const chart = mermaidChart(read2.summary)
    expect(chart.labels).toHaveLength(2)
    expect(chart.values).toHaveLength(2)
    const share = Number(((100 * PER_LOCATION) / PROBES).toFixed(1))
    expect(chart.values).toEqual([share, share])
    expect(read2.summary).toContain('2 canary reads')
  })
})

describe('a first run, a poisoned state, no history, no cache service', () => {
  it('canary-read with nothing planted anywhere (a first run) warns in one line and passes', async () => {
    const s = await server()
    const r = runner()
    const read = ok(await step(r, { command: 'canary-read' }, s, 1))
    expect(read.stdout).toContain('swr: no canary state in the cache yet')
    expect(messages(read, 'error')).toEqual([])
    const warnings = messages(read, 'warning')
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toMatch(/^swr canary-read: nothing planted yet\b.*command: canary-plant$/)
    expect(warnings[0]).not.toContain('\n')
    expect(read.outputs.status).toBe('healthy')
    expect(json<{ planted: boolean }>(read, 'canary')).toEqual({
      schema: 'swr.action-canary/1',
      planted: false
    })
    expect(statsOf(read)).toMatchObject({ records: 0, canary_runs: 0 })
    expect(read.summary).toContain('nothing planted yet')
    // Nothing was saved: an empty state must not become the newest one in the cache.
    expect(s.entries()).toEqual([])
  })

  it('a ledger from the cache that names a user file: refused in scratch with one warning, the file stays', async () => {
    const s = await server()
    const r = runner()
    const user = path.join(r.repo.root, 'important.txt')
    fs.writeFileSync(user, "the user's own file\n")
    // A read planting whose one "probe" is the user's file: retiring it would unlink the file.
    const state = path.join(r.repo.runnerTemp, 'swr-canary-state')
    fs.mkdirSync(path.join(state, 'canary'), { recursive: true })
    const data = fs.readFileSync(user)
    fs.writeFileSync(
      path.join(state, 'canary', 'ledger.json'),
      JSON.stringify({
        format: 'swr-canary-ledger/1',
        plant_id: '0badc0de',
        planted_at: '2026-01-01T00:00:00.000Z',
        read_at: '2026-01-02T00:00:00.000Z',
        context: { platform: 'linux-x64' },
        large_bytes: 0,
        locations: [{ id: 'workspace', dir: { anchor: 'workspace', rel: '' }, created: [] }],
        probes: [
          {
            class: 'stamp',
            location: 'workspace',
            path: { anchor: 'workspace', rel: 'important.txt' },
            expect: {
              type: 'file',
              mode: '0644',
              size: data.length,
              sha256: createHash('sha256').update(data).digest('hex')
            }
          }
        ]
      })
    )
    await seed(stepCacheEnv(s, r.repo), [state], `${keyPrefix('default')}1-poisoned`)

    for (const command of ['canary-read', 'canary-plant']) {
      // A fresh runner each time: the state comes from the cache, is parsed in scratch, refused.
      fs.rmSync(state, { recursive: true, force: true })
      const run = await step(r, { ...PLANT, command }, s, 1)
      expect({ command, code: run.code }).toEqual({ command, code: 0 })
      const warnings = messages(run, 'warning').filter(w => w.includes('canary state from'))
      expect(warnings).toHaveLength(1)
      expect(warnings[0]).toMatch(
        /^swr: canary state from \S+1-poisoned refused \(canary ledger \S+ledger\.json: probes\[0\]\.path is not a stamp probe of planting 0badc0de\): starting afresh$/
      )
      expect(messages(run, 'error')).toEqual([])
      for (const text of [run.stdout, run.stderr])
        expect(text).not.toMatch(/^\s+at .+:\d+:\d+\)?$/m)
      expect(fs.readFileSync(user, 'utf8')).toBe("the user's own file\n")
    }
    // The read saved nothing; the plant started a fresh history (a new key), the poisoned state
    // was never taken, and the user's file is no probe of it.
    const keys = s.entries().map(e => e.key)
    expect(keys[0]).toBe(`${keyPrefix('default')}1-poisoned`)
    expect(keys.slice(1)).toEqual([expect.stringMatching(/-plant-[0-9a-f]{6}$/)])
    expect(fs.readdirSync(r.repo.root)).toContain('important.txt')
  })

  it('canary-volatile naming a symlink out of the workspace plants nothing, the large probe included', async () => {
    const r = runner()
    const outside = path.join(r.repo.base, 'outside-sentinel')
    fs.mkdirSync(outside)
    fs.symlinkSync(outside, path.join(r.repo.root, 'vcache'))
    const run = await step(
      r,
      { ...PLANT, 'canary-volatile': 'vcache', 'canary-large-bytes': String(8 << 20) },
      undefined,
      1
    )
    expect(run.code).toBe(1)
    const errors = messages(run, 'error')
    expect(errors).toHaveLength(1)
    expect(errors[0]).toContain('"vcache" in the workspace is a symlink; not planting through it')
    expect(fs.readdirSync(outside)).toEqual([])
    expect(fs.readdirSync(r.repo.root)).toEqual(['vcache'])
  })

  it('stats with no history is healthy and says so', async () => {
    const s = await server()
    const r = runner()
    const run = ok(await step(r, { command: 'stats' }, s, 1))
    expect(run.outputs.status).toBe('healthy')
    expect(messages(run, 'error')).toEqual([])
    expect(statsOf(run)).toMatchObject({
      records: 0,
      canary_runs: 0,
      check_runs: 0,
      classes: [],
      locations: [],
      runs: []
    })
    expect(run.summary).toContain('### swr survival')
    expect(run.summary).toContain('No survival history recorded yet')
    expect(run.summary).not.toContain('```mermaid')
  })

  it('record: true on check adds what survived to the history; stats on a later runner shows it per entry', async () => {
    const s = await server()
    const r = runner()
    write(r.repo.root, 'bin/build.sh', '#!/bin/sh\necho build\n', 0o755)
    write(r.repo.root, 'models/weights.bin', 'w'.repeat(4096))
    await add(r.repo, 'bin/build.sh', 'models/weights.bin')
    // What a checkout brings back on a fresh runner: the manifest and the script, not the model.
    const tracked = ['.swr', 'bin'].map(d => ({ d, copy: path.join(r.repo.base, `keep-${d}`) }))
    for (const t of tracked) fs.cpSync(path.join(r.repo.root, t.d), t.copy, { recursive: true })
    const check = (job: number, command = 'check') =>
      step(r, { command, record: 'true', 'fail-on': 'never' }, s, job)

    const first = ok(await check(1))
    expect(first.outputs.status).toBe('healthy')
    expect(first.stdout).toMatch(
      /^swr: recorded 2 entries in the survival history \(canary-key default\)$/m
    )
    expect(savedStates(s)).toEqual([expect.stringMatching(/-1001-1-check-[0-9a-f]{6}$/)])

    freshRunner(r)
    for (const t of tracked) fs.cpSync(t.copy, path.join(r.repo.root, t.d), { recursive: true })
    // doctor records its first check, even when the gate then refuses (the manifest is unsigned).
    const second = ok(await check(2, 'doctor'))
    expect(second.outputs.status).toBe('refused')
    expect(second.stdout).toMatch(/^swr: recorded 2 entries in the survival history/m)

    // A third runner only asks: the history came through the cache, two checks in it.
    freshRunner(r)
    const stats = statsOf(ok(await step(r, { command: 'stats' }, s, 3)))
    expect(stats.check_runs).toBe(2)
    const row = (id: string) => stats.entries.find(e => e.key.endsWith(id))
    expect(row('build.sh')).toMatchObject({ n: 2, survived: 2, rate: 1 })
    expect(row('weights.bin')).toMatchObject({ n: 2, survived: 1, rate: 0.5 })
    // Lowest survival first: the entry this runner does not keep leads the table.
    expect(stats.entries[0]?.key).toMatch(/weights\.bin$/)
  })

  it('without a cache service canary-plant warns that the ledger stays on this runner, and plants', async () => {
    const r = runner()
    const plant = ok(await step(r, PLANT, undefined, 1))
    expect(messages(plant, 'warning')).toEqual([
      expect.stringMatching(
        /^swr: no Actions cache service in this job \(ACTIONS_RESULTS_URL unset\): the canary ledger and history stay on this runner$/
      )
    ])
    const planted = json<PlantOutput>(plant, 'canary')
    expect(planted.probes).toBe(PROBES)
    const ledger = path.join(r.repo.runnerTemp, 'swr-canary-state', 'canary', 'ledger.json')
    expect(fs.existsSync(ledger)).toBe(true)
    expect(Object.keys(look(r.at)).filter(n => n.includes(planted.plant_id))).toHaveLength(
      PER_LOCATION + 1
    )
    // On the same runner, a read finds every probe as planted.
    const read = ok(await step(r, { command: 'canary-read' }, undefined, 1))
    expect(read.outputs.status).toBe('healthy')
    expect(json<ReadOutput>(read, 'canary')).toMatchObject({
      totals: { intact: PROBES, altered: 0, lost: 0 },
      changed: []
    })
    expect(statsOf(read).canary_runs).toBe(1)
    expect(mermaidChart(read.summary).values).toEqual([100])
  })
})

describe('the chart checker itself', () => {
  const chart = (...body: string[]): string =>
    ['### s', '', '```mermaid', 'xychart-beta', ...body, '```', ''].join('\n')
  const good = [
    '    title "Canary probes intact per run (%)"',
    '    x-axis ["11-29 14:01", "11-29 15:02"]',
    '    y-axis "survival %" 0 --> 100',
    '    line [20.4, 100.0]'
  ]

  const refuses = (summary: string): boolean => {
    try {
      mermaidChart(summary)
      return false
    } catch {
      return true
    }
  }

  it('accepts a well-formed chart and refuses each kind of damage', () => {
    expect(mermaidChart(chart(...good)).values).toEqual([20.4, 100])
    const broken: [string, string[]][] = [
      [
        'unbalanced bracket',
        [good[0]!, '    x-axis ["11-29 14:01", "11-29 15:02"', ...good.slice(2)]
      ],
      ['unquoted label', [good[0]!, '    x-axis [11-29 14:01, "11-29 15:02"]', ...good.slice(2)]],
      ['trailing comma', [good[0]!, '    x-axis ["11-29 14:01", ]', ...good.slice(2)]],
      ['count mismatch', [...good.slice(0, 3), '    line [20.4]']],
      ['out of range', [...good.slice(0, 3), '    line [20.4, 100.1]']],
      ['not a number', [...good.slice(0, 3), '    line [20.4, NaN]']],
      ['unknown line', [...good, '    bar [1, 2]']],
      ['missing title', good.slice(1)],
      ['wrong y-axis', [...good.slice(0, 2), '    y-axis "survival %" 0 --> 1', good[3]!]]
    ]
    for (const [what, body] of broken)
      expect({ what, refused: refuses(chart(...body)) }).toEqual({ what, refused: true })
  })
})
