/**
 * The Action on a 10,000-entry manifest (the most a manifest may hold), run from the bundle as the
 * runner runs it: every output, the job summary, the annotations and the SARIF file stay within
 * GitHub's limits (src/core/report/limits.ts), each says how much it left out, and the full report
 * file has everything. The workspace is damaged two ways: most entries missing (errors), a few
 * with their exec bit stripped (warnings, the SARIF level of STRIPPED). `check` runs in a job
 * with the artifact service (the loopback results service: its summary points at the report
 * artifact it uploaded), `doctor` in one without it (its summary points at the report file; with
 * the service, doctor would first look up a saved state for each of the 10,000 entries).
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import {
  makeRepo,
  NODES,
  parseCommands,
  parseOutputs,
  runAction,
  snapshotAction,
  type ActionRepo,
  type ActionRun
} from '../../__fixtures__/action.js'
import { runStepOn, stepCacheEnv, type StepRun } from '../../__fixtures__/cache-run.js'
import { startCacheServer, type CacheServer } from '../../__fixtures__/cache-server.js'
import { fileEntry, validDoc, writeManifest } from '../../__fixtures__/manifest.js'
import { write } from '../../__fixtures__/workspace.js'
import {
  GITHUB_ANNOTATIONS_PER_LEVEL,
  GITHUB_SUMMARY_BYTES,
  ID_LIST_OUTPUT_BYTES,
  outputSize,
  REPORT_OUTPUT_BYTES,
  SARIF_RESULTS
} from '../../src/core/report/limits.js'

const ENTRIES = 10_000
const STRIPPED = 50
/** swr's outputs together: a quarter of GitHub's 1 MB per job. */
const ALL_OUTPUTS = 256 * 1024

const node = (NODES[0] ?? { bin: process.execPath }).bin
let repo: ActionRepo
let script = ''
let check: ActionRun
let doctor: ActionRun
let runnerTemp = ''
let service: CacheServer | undefined
/** The summary's pointer at the report artifact check uploaded. */
let artifactLink = ''

/** A step run through cache-run.ts (which leaves this process's event loop free) as an ActionRun. */
function asActionRun(r: StepRun): ActionRun {
  const { all, processed, windows } = parseCommands(r.stdout)
  return {
    ...r,
    status: r.code,
    outputNames: parseOutputs(r.outputsText).names,
    allCommands: all,
    commands: processed,
    windows
  }
}

/** Ids near the 128-character maximum, so the lists are as heavy as a manifest can make them. */
const idOf = (i: number): string => `entry-${String(i).padStart(5, '0')}-${'x'.repeat(100)}`

beforeAll(async () => {
  repo = makeRepo()
  // Doctor journals each of the 10,000 steps with an fsync, in its state directory under
  // RUNNER_TEMP: on tmpfs where the machine has one.
  runnerTemp = fs.existsSync('/dev/shm')
    ? fs.mkdtempSync(path.join('/dev/shm', 'swr-runner-temp-'))
    : repo.runnerTemp
  script = snapshotAction(repo.base)
  const content = 'x\n'
  const sha256 = createHash('sha256').update(content).digest('hex')
  const entries = Array.from({ length: ENTRIES }, (_, i) => {
    const stripped = i < STRIPPED
    const p = stripped ? `kept/s${i}.sh` : `gone/f${i}`
    if (stripped) write(repo.root, p, content, 0o644)
    return fileEntry(idOf(i), p, { expect: { size: 2, sha256, mode: '0755' } })
  })
  writeManifest(repo.root, validDoc({ entries }))
  const env = { RUNNER_TEMP: runnerTemp }
  service = await startCacheServer({ artifacts: true })
  check = asActionRun(
    await runStepOn(node, script, repo, {
      inputs: { command: 'check' },
      env: { ...stepCacheEnv(service, repo), ...env, GITHUB_RUN_ID: '77', GITHUB_JOB: 'bounds' }
    })
  )
  const [artifact] = service.artifacts()
  if (artifact)
    artifactLink = `[artifact ${artifact.name}](https://github.com/owner/repo/actions/runs/77/artifacts/${artifact.id})`
  const digest = check.outputs['manifest-digest'] ?? ''
  // The digest approved: the gate lets doctor on; the stripped entries get their modes back, and
  // every other step finds no restore source.
  doctor = runAction(node, script, repo, {
    inputs: { command: 'doctor', 'approve-digest': digest },
    env
  })
}, 120_000)

afterAll(async () => {
  await service?.close()
  repo?.cleanup()
  if (runnerTemp.startsWith('/dev/shm/')) fs.rmSync(runnerTemp, { recursive: true, force: true })
})

const log = (r: ActionRun): string => `exit ${r.status}\n${r.stderr}\n${r.stdout.slice(-2000)}`

interface CompactReport {
  summary: { entries: number; damaged: number }
  damaged: unknown[]
  steps?: unknown[]
  truncated?: boolean
  omitted: { damaged: number; steps: number; damaged_output: number; repaired_output: number }
  report_path: string
}

describe.each([
  ['check', (): ActionRun => check, 1, ENTRIES],
  ['doctor', (): ActionRun => doctor, 2, ENTRIES - STRIPPED]
])('%s on 10,000 damaged entries', (command, get, exit, left) => {
  it('fails the step, with the exit code the CLI would give', () => {
    const r = get()
    if (r.status !== 1) throw new Error(`want the step to fail, got ${log(r)}`)
    expect(r.outputs['exit-code']).toBe(String(exit))
  })

  it('keeps every output within its bound, and all of them within a quarter of the job limit', () => {
    const o = get().outputs
    expect(outputSize(o.report ?? '')).toBeLessThanOrEqual(REPORT_OUTPUT_BYTES)
    expect(outputSize(o.damaged ?? '')).toBeLessThanOrEqual(ID_LIST_OUTPUT_BYTES)
    expect(outputSize(o.repaired ?? '')).toBeLessThanOrEqual(ID_LIST_OUTPUT_BYTES)
    const total = Object.values(o).reduce((n, v) => n + outputSize(v), 0)
    expect(total).toBeLessThanOrEqual(ALL_OUTPUTS)
  })

  it('counts in the report output what each list left out, and names the full report', () => {
    const o = get().outputs
    const report = JSON.parse(o.report ?? '') as CompactReport
    const damaged = JSON.parse(o.damaged ?? '') as string[]
    expect(report.summary).toMatchObject({ entries: ENTRIES, damaged: left })
    expect(report.truncated).toBe(true)
    expect(report.damaged.length + report.omitted.damaged).toBe(left)
    expect(report.omitted.damaged).toBeGreaterThan(0)
    expect(damaged.length + report.omitted.damaged_output).toBe(left)
    expect(report.omitted.damaged_output).toBeGreaterThan(0)
    expect(damaged.every(id => id.startsWith('entry-'))).toBe(true)
    if (command === 'doctor') {
      expect((report.steps ?? []).length + report.omitted.steps).toBe(ENTRIES)
      expect(report.omitted.steps).toBeGreaterThan(0)
      const repaired = JSON.parse(o.repaired ?? '') as string[]
      expect(repaired).toEqual(Array.from({ length: STRIPPED }, (_, i) => idOf(i)))
    }
    expect(report.report_path).toBe(o['report-path'])
    const full = JSON.parse(fs.readFileSync(report.report_path, 'utf8')) as {
      results: unknown[]
      repair?: { steps: unknown[] }
    }
    expect(full.results).toHaveLength(ENTRIES)
    if (command === 'doctor') expect(full.repair?.steps).toHaveLength(ENTRIES)
  })

  it('writes a summary within 80% of 1 MiB that counts the rows it left out and points at the report', () => {
    const r = get()
    expect(Buffer.byteLength(r.summary)).toBeLessThanOrEqual(0.8 * GITHUB_SUMMARY_BYTES)
    // check: the artifact it uploaded; doctor: the report file (no artifact service).
    const where = command === 'doctor' ? `\`${r.outputs['report-path']}\`` : artifactLink
    expect(where).not.toBe('')
    const num = (t: string | undefined): number => Number((t ?? '').replace(/,/g, ''))
    const entries = /^\| … and ([\d,]+) more MISSING \| \| \| see (.+?) \| \| \|$/m.exec(r.summary)
    expect(entries?.[2]).toBe(where)
    const shownEntries = r.summary.split('\n').filter(l => /^\| `entry-/.test(l))
    const stripped = command === 'check' ? STRIPPED : 0
    expect(shownEntries.length + num(entries?.[1])).toBe(left)
    expect(r.summary).toContain(
      `**${left.toLocaleString('en-US')} damaged:** ${(left - stripped).toLocaleString('en-US')} MISSING${stripped ? ` · ${stripped} STRIPPED` : ''}`
    )
    if (command === 'doctor') {
      const steps = /\| … \| … and ([\d,]+) more steps \| \| \| see (.+?) \| \| \|$/m.exec(
        r.summary
      )
      expect(steps?.[2]).toBe(where)
      const shownSteps = r.summary.split('\n').filter(l => /^\| \d+ \| `entry-/.test(l))
      expect(shownSteps.length + num(steps?.[1])).toBe(ENTRIES)
    }
  })

  it('annotates at most what GitHub shows per level, at the SARIF level, and counts the rest', () => {
    const r = get()
    const of = (level: string): typeof r.commands =>
      r.commands.filter(c => c.command === level && c.props.title?.startsWith('swr: '))
    const errors = of('error').filter(c => c.props.file)
    const warnings = of('warning').filter(c => c.props.file)
    const notices = r.commands.filter(c => c.command === 'notice')
    for (const level of ['error', 'warning', 'notice'])
      expect(r.commands.filter(c => c.command === level).length).toBeLessThanOrEqual(
        GITHUB_ANNOTATIONS_PER_LEVEL
      )
    expect(errors.every(c => c.props.title?.startsWith('swr: MISSING'))).toBe(true)
    // Doctor annotates what is left after the repair: the stripped entries were healed.
    if (command === 'check') expect(warnings.length).toBeGreaterThan(0)
    else expect(warnings).toEqual([])
    expect(warnings.every(c => c.props.title?.startsWith('swr: STRIPPED'))).toBe(true)
    expect(notices).toHaveLength(1)
    const notice = notices[0]
    const unannotated = Number(
      /^swr: (\d+) more damaged entries not annotated$/.exec(notice?.props.title ?? '')?.[1]
    )
    expect(unannotated + errors.length + warnings.length).toBe(left)
    expect(notice?.message).toContain(r.outputs['report-path'])
    expect(notice?.message).toMatch(/ and \d+ more\. /)
    expect(notice?.message.length).toBeLessThan(8 * 1024)
  })

  it('writes SARIF under RUNNER_TEMP with the results code scanning shows, counting the rest', () => {
    const r = get()
    const file = r.outputs['sarif-path'] ?? ''
    expect(path.dirname(file)).toBe(runnerTemp)
    const sarif = JSON.parse(fs.readFileSync(file, 'utf8')) as {
      runs: { results: { level: string }[]; properties: Record<string, unknown> }[]
    }
    const run = sarif.runs[0]
    expect(run?.results).toHaveLength(SARIF_RESULTS)
    expect(run?.properties).toMatchObject({
      resultsOmitted: left - SARIF_RESULTS,
      fullReport: r.outputs['report-path']
    })
  })
})
