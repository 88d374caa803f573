/**
 * The full report and the SARIF file as a workflow artifact, through the bundled Action (dist/) on
 * the runner's node24, against the loopback results service (cache-server.ts with `artifacts`):
 * the real `@actions/artifact` client creates the artifact, uploads the zip to the signed URL and
 * finalizes it; the summary links the artifact's page. When the job cannot upload (no service,
 * GHES, the service refuses, `upload-report: false`) the run says so in one line and its outcome
 * does not change.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals'
import { createHash } from 'node:crypto'
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { makeRepo, NODES, type ActionRepo } from '../../__fixtures__/action.js'
import {
  runStepOn,
  snapshotBundles,
  stepCacheEnv,
  type Bundles,
  type StepRun
} from '../../__fixtures__/cache-run.js'
import {
  startCacheServer,
  type CacheServer,
  type CacheServerFailures
} from '../../__fixtures__/cache-server.js'
import { fileEntry, validDoc, writeManifest } from '../../__fixtures__/manifest.js'
import { write } from '../../__fixtures__/workspace.js'

const node = (NODES[0] ?? { bin: process.execPath }).bin
const ARTIFACT_SERVICE = 'github.actions.results.api.v1.ArtifactService'
const RUN_ID = '987654321'
const JOB = 'integrity'

let tmp = ''
let bundles: Bundles
/** The same bundle without the artifact client's chunk: a run that uploads nothing never reads it. */
let lean: Bundles
const cleanups: (() => Promise<void> | void)[] = []

beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'swr-artifact-'))
  bundles = snapshotBundles(tmp)
  lean = snapshotBundles(path.join(tmp, 'lean'))
  const dir = path.dirname(lean.main)
  const chunks = fs
    .readdirSync(dir)
    .filter(f => f.endsWith('.js'))
    .filter(f => fs.readFileSync(path.join(dir, f), 'utf8').includes(ARTIFACT_SERVICE))
  // One chunk holds the client (its generated Twirp service); the entry and main chunks do not.
  expect(chunks).toHaveLength(1)
  expect(chunks[0]).not.toBe('index.js')
  for (const f of chunks) fs.rmSync(path.join(dir, f))
})

afterEach(async () => {
  for (const c of cleanups.splice(0)) await c()
})

afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }))

/** A committed-looking repository with one healthy entry: every run here should be green. */
function healthyRepo(): ActionRepo {
  const repo = makeRepo()
  cleanups.push(() => repo.cleanup())
  const content = '#!/bin/sh\necho build\n'
  write(repo.root, 'bin/build.sh', content, 0o755)
  const sha256 = createHash('sha256').update(content).digest('hex')
  writeManifest(
    repo.root,
    validDoc({
      entries: [
        fileEntry('build', 'bin/build.sh', {
          expect: { size: Buffer.byteLength(content), sha256, mode: '0755' }
        })
      ]
    })
  )
  return repo
}

async function server(failures?: CacheServerFailures): Promise<CacheServer> {
  const s = await startCacheServer({ artifacts: true, ...(failures ? { failures } : {}) })
  cleanups.push(() => s.close())
  return s
}

/** The runner's variables for a job on github.com that has the results service `s`. */
function jobEnv(s: CacheServer, repo: ActionRepo): Record<string, string> {
  return { ...stepCacheEnv(s, repo), GITHUB_RUN_ID: RUN_ID, GITHUB_JOB: JOB }
}

function step(
  repo: ActionRepo,
  inputs: Record<string, string>,
  env: Record<string, string> = {},
  from: Bundles = bundles
): Promise<StepRun> {
  return runStepOn(node, from.main, repo, { inputs: { command: 'check', ...inputs }, env })
}

const lines = (r: StepRun, re: RegExp): string[] => r.stdout.split('\n').filter(l => re.test(l))
const NOT_UPLOADED = /^swr: report not uploaded as an artifact: /
const warnings = (r: StepRun): string[] =>
  r.commands.filter(c => c.command === 'warning').map(c => c.message)
const green = (r: StepRun): void => {
  if (r.code !== 0) throw new Error(`want exit 0, got ${r.code}\n${r.stderr}\n${r.stdout}`)
  expect(r.outputs.status).toBe('healthy')
}

/** The members of a zip file, by name, read with Info-ZIP's unzip. */
function unzipAll(zip: string): Map<string, Buffer> {
  const names = execFileSync('unzip', ['-Z1', zip], { encoding: 'utf8' })
    .split('\n')
    .filter(Boolean)
  return new Map(names.map(n => [n, execFileSync('unzip', ['-p', zip, n])]))
}

describe('a job with the artifact service', () => {
  it('uploads the report and SARIF as one artifact, links it from the summary, and says so in one line', async () => {
    const s = await server()
    const repo = healthyRepo()
    const r = await step(repo, {}, jobEnv(s, repo))
    green(r)

    const [artifact, ...more] = s.artifacts()
    expect(more).toEqual([])
    expect(artifact).toMatchObject({
      finalized: true,
      name: expect.stringMatching(/^swr-check-integrity-[0-9a-f]{12}$/)
    })
    const reportPath = r.outputs['report-path'] ?? ''
    const sarifPath = r.outputs['sarif-path'] ?? ''
    // The stored zip holds exactly the two files the step left under RUNNER_TEMP, byte for byte.
    const members = unzipAll(artifact?.blobPath ?? '')
    expect([...members.keys()].sort()).toEqual(
      [path.basename(reportPath), path.basename(sarifPath)].sort()
    )
    expect(members.get(path.basename(reportPath))?.equals(fs.readFileSync(reportPath))).toBe(true)
    expect(members.get(path.basename(sarifPath))?.equals(fs.readFileSync(sarifPath))).toBe(true)
    expect(artifact?.hash).toBe(
      `sha256:${createHash('sha256')
        .update(fs.readFileSync(artifact?.blobPath ?? ''))
        .digest('hex')}`
    )

    const url = `https://github.com/owner/repo/actions/runs/${RUN_ID}/artifacts/${artifact?.id}`
    expect(r.summary).toContain(`Full report and SARIF: [artifact ${artifact?.name}](${url})`)
    expect(lines(r, /^swr: full report and SARIF uploaded/)).toEqual([
      `swr: full report and SARIF uploaded as artifact ${artifact?.name} (id ${artifact?.id}, ${artifact?.size} bytes): ${url}`
    ])
    // The client's progress lines stay out of the log; its mask of the signed URL gets through.
    expect(r.stdout).not.toMatch(/Uploaded bytes|Beginning upload|Finalizing artifact/)
    expect(r.commands.some(c => c.command === 'add-mask')).toBe(true)
    expect(warnings(r)).toEqual([])
    expect(s.requests().map(q => q.op)).toEqual(
      expect.arrayContaining(['CreateArtifact', 'blob:block', 'blob:blocklist', 'FinalizeArtifact'])
    )
  }, 60_000)

  it('upload-report: false asks the service nothing and prints nothing about it', async () => {
    const s = await server()
    const repo = healthyRepo()
    // The bundle without the client's chunk: nothing loads it.
    const r = await step(repo, { 'upload-report': 'false' }, jobEnv(s, repo), lean)
    green(r)
    expect(s.requests()).toEqual([])
    expect(lines(r, /artifact/)).toEqual([])
    expect(r.summary).not.toContain('Full report and SARIF')
  }, 60_000)

  it.each([
    [
      'refuses to create it (403)',
      { CreateArtifact: { mode: 403, msg: 'permission denied' } },
      /\(403\).*permission denied/
    ],
    [
      'is out of storage quota',
      { CreateArtifact: { mode: 403, msg: 'insufficient usage' } },
      /storage quota/
    ],
    [
      'refuses the blob upload (403)',
      { blobPut: { mode: 403, msg: 'This request is not authorized to perform this operation.' } },
      /not authorized to perform this operation/
    ]
  ] as const)(
    'when the service %s: one line, the run stays green, the summary points at the report path',
    async (_what, failures, reason) => {
      const s = await server(failures as CacheServerFailures)
      const repo = healthyRepo()
      const r = await step(repo, {}, jobEnv(s, repo))
      green(r)
      const said = lines(r, NOT_UPLOADED)
      expect(said).toHaveLength(1)
      expect(said[0]).toMatch(reason)
      expect(said[0]).toMatch(/; the report stays at \S+ until the job ends$/)
      expect(said[0]).toContain(r.outputs['report-path'])
      // auto: a line in the log, not a warning on the run's page.
      expect(warnings(r)).toEqual([])
      expect(s.artifacts().filter(a => a.finalized)).toEqual([])
      expect(r.summary).not.toContain('Full report and SARIF')
    },
    60_000
  )

  it('on GHES (another server URL) it does not try: one line, no request', async () => {
    const s = await server()
    const repo = healthyRepo()
    const r = await step(
      repo,
      {},
      {
        ...jobEnv(s, repo),
        GITHUB_SERVER_URL: 'https://ghes.example.invalid'
      }
    )
    green(r)
    expect(lines(r, NOT_UPLOADED)).toEqual([
      expect.stringMatching(/not currently supported on GHES/)
    ])
    expect(s.requests()).toEqual([])
  }, 60_000)
})

describe('a job without the artifact service', () => {
  it('auto: one line in the log saying why and where the report is for now', async () => {
    const repo = healthyRepo()
    const r = await step(repo, {}, {}, lean)
    green(r)
    expect(lines(r, NOT_UPLOADED)).toEqual([
      `swr: report not uploaded as an artifact: this job has no artifact service (ACTIONS_RUNTIME_TOKEN or ACTIONS_RESULTS_URL unset); the report stays at ${r.outputs['report-path']} until the job ends`
    ])
    expect(warnings(r)).toEqual([])
  }, 60_000)

  it('true: the same, as a warning on the run, and the run stays green', async () => {
    const repo = healthyRepo()
    const r = await step(repo, { 'upload-report': 'true' })
    green(r)
    expect(warnings(r)).toEqual([
      expect.stringMatching(
        /^swr: report not uploaded as an artifact: this job has no artifact service/
      )
    ])
  }, 60_000)

  it('an unknown value is refused with the input named: exit-code 4, nothing uploaded', async () => {
    const repo = healthyRepo()
    const r = await step(repo, { 'upload-report': 'always' })
    expect(r.code).toBe(1)
    expect(r.outputs).toMatchObject({ status: 'invalid', 'exit-code': '4' })
    const errors = r.commands.filter(c => c.command === 'error').map(c => c.message)
    expect(errors).toEqual(['swr: input upload-report: "always" is not one of auto, true, false'])
  }, 60_000)
})
