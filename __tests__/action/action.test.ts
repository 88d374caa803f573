/**
 * The GitHub Action end to end, run exactly as the runner runs it: the committed bundle
 * (dist/index.js) in a child process with a clean environment, a real git repository as
 * GITHUB_WORKSPACE, INPUT_<NAME> variables for every input of action.yml, and the outputs file,
 * step summary, workflow commands, report file and SARIF file read back afterwards. Manifests are
 * made by the CLI (in process) and signed with a real ML-DSA-87 identity (`swr keygen` in a private
 * state directory) or a real HMAC key (SWR_HMAC_KEY). Every case runs on the runner's Node 24 and
 * on the machine's Node.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import fs from 'node:fs'
import path from 'node:path'
import {
  commit,
  declarationLines,
  makeRepo,
  NODES,
  q,
  readActionYml,
  ROOT,
  runAction,
  sarifValidator,
  snapshotAction,
  trackedFiles,
  type ActionRepo,
  type ActionRun,
  type ActionRunOptions,
  type WorkflowCommand
} from '../../__fixtures__/action.js'
import { Inputs, Outputs } from '../../src/action/constants.js'
import { RUN_STATUSES as STATUSES } from '../../src/core/engine/outcome.js'
import { editAndApprove, editDoc, hmacHex, ok, verifyJson } from '../../__fixtures__/keys.js'
import {
  add,
  makeWorkspace,
  modeOf,
  write,
  type RunOptions,
  type Workspace
} from '../../__fixtures__/workspace.js'

const REPORT_LIMIT = 64 * 1024

/** The signer: a private state directory holding an ML-DSA-87 identity (no HMAC key). */
let signer: Workspace
let fingerprint = ''
let publicKey = ''
/** The bundle the tests run (a snapshot of dist/, taken once). */
let script = ''
let validateSarif: ((doc: unknown) => string[]) | undefined

beforeAll(async () => {
  signer = makeWorkspace()
  script = snapshotAction(signer.base)
  await ok(signer, 'keygen', '--no-hmac')
  const mine = JSON.parse((await ok(signer, 'trust', 'mine', '--json')).stdout) as {
    fingerprint: string
    public_key: string
  }
  fingerprint = mine.fingerprint
  publicKey = mine.public_key
})

afterAll(() => signer?.cleanup())

// ---------------------------------------------------------------------------------------------
// Helpers

/** CLI options on `repo` signing with the ML-DSA identity. */
const mldsa = (repo: ActionRepo): RunOptions & { manifestFile: string } => ({
  ...repo.cli,
  stateDir: signer.stateDir
})
/** CLI options on `repo` signing with an HMAC key only (the repo's own key-less state). */
const hmacOnly = (repo: ActionRepo, key: string): RunOptions & { manifestFile: string } => ({
  ...repo.cli,
  env: { SWR_HMAC_KEY: key }
})

/** Write `rel` in the repository and track it with `swr add` (flags passed through). */
async function track(
  opts: RunOptions,
  repo: ActionRepo,
  rel: string,
  content: string,
  mode: number,
  ...flags: string[]
): Promise<void> {
  write(repo.root, rel, content, mode)
  await add(opts, rel, ...flags)
}

const errors = (r: ActionRun): WorkflowCommand[] => r.commands.filter(c => c.command === 'error')
/** Error annotations placed on a file. */
const fileErrors = (r: ActionRun): WorkflowCommand[] => errors(r).filter(c => c.props.file)
/** The step's failure message (core.setFailed: an error without a location). */
const failures = (r: ActionRun): WorkflowCommand[] => errors(r).filter(c => !c.props.file)

/** What the run printed, for failure messages. */
const log = (r: ActionRun): string =>
  `exit ${r.status}\n--- stdout\n${r.stdout}\n--- stderr\n${r.stderr}\n--- outputs\n${r.outputsText}`

/** The process exit status, with the whole run in the failure message. */
function expectExit(r: ActionRun, code: number): void {
  if (r.status !== code) throw new Error(`want exit status ${code}, got ${log(r)}`)
}

function reportOutput(r: ActionRun): Record<string, unknown> {
  const text = r.outputs.report ?? ''
  expect(Buffer.byteLength(text)).toBeLessThan(REPORT_LIMIT)
  return JSON.parse(text) as Record<string, unknown>
}

function reportFile(r: ActionRun, repo: ActionRepo): Record<string, unknown> {
  const p = r.outputs['report-path'] ?? ''
  expect(path.isAbsolute(p)).toBe(true)
  expect(path.dirname(p)).toBe(repo.runnerTemp)
  expect(fs.existsSync(p)).toBe(true)
  return JSON.parse(fs.readFileSync(p, 'utf8')) as Record<string, unknown>
}

const ids = (json: string | undefined): string[] => (JSON.parse(json ?? 'null') as string[]).sort()

interface Sarif {
  version: string
  runs: {
    results: {
      ruleId: string
      level: string
      locations: {
        physicalLocation: { artifactLocation: { uri: string }; region: { startLine: number } }
        logicalLocations: { name: string }[]
      }[]
    }[]
  }[]
}

function readSarif(file: string): Sarif {
  expect(fs.existsSync(file)).toBe(true)
  const doc = JSON.parse(fs.readFileSync(file, 'utf8')) as Sarif
  validateSarif ??= sarifValidator()
  expect(validateSarif(doc)).toEqual([])
  return doc
}

/** Lines of stdout that are not workflow commands the runner consumes itself. */
function shownLines(r: ActionRun): string[] {
  const consumed = new Set(r.commands.filter(c => c.command === 'add-mask').map(c => c.line))
  return r.stdout.split('\n').filter((_, i) => !consumed.has(i))
}

/**
 * One repository and one or more Action runs, made once for the `it`s of a describe block. `setup`
 * builds and damages the repository and returns the runs to make, in order.
 */
function scenario(
  node: string,
  setup: (repo: ActionRepo) => Promise<ActionRunOptions[]>
): { repo: ActionRepo; runs: ActionRun[]; r: ActionRun } {
  const s = { runs: [] as ActionRun[] } as { repo: ActionRepo; runs: ActionRun[]; r: ActionRun }
  beforeAll(async () => {
    s.repo = makeRepo()
    const runs = await setup(s.repo)
    for (const opts of runs) s.runs.push(runAction(node, script, s.repo, opts))
    s.r = s.runs[0] as ActionRun
  })
  afterAll(() => s.repo?.cleanup())
  return s
}

const marker = (repo: ActionRepo): string => path.join(repo.outside, 'recipe-ran')

// ---------------------------------------------------------------------------------------------

describe('action.yml', () => {
  it('runs dist/index.js on node24 and declares exactly the inputs and outputs the code uses', () => {
    const yml = readActionYml()
    expect(yml.runs).toMatchObject({ using: 'node24', main: 'dist/index.js' })
    expect([...yml.inputs.keys()].sort()).toEqual(Object.values(Inputs).sort())
    expect([...yml.outputs.keys()].sort()).toEqual(Object.values(Outputs).sort())
  })

  it('docs/action.md documents every input (with its default) and every output', () => {
    const doc = fs.readFileSync(path.join(ROOT, 'docs', 'action.md'), 'utf8')
    const yml = readActionYml()
    for (const [name, spec] of yml.inputs) {
      const row = doc.split('\n').find(l => l.startsWith(`| \`${name}\` |`))
      expect([name, row !== undefined]).toEqual([name, true])
      if (spec.default)
        expect([name, row]).toEqual([name, expect.stringContaining(`\`${spec.default}\``)])
    }
    for (const name of yml.outputs.keys())
      expect([name, doc.includes(`| \`${name}\` |`)]).toEqual([name, true])
  })
})

describe.each(NODES)('the Action on $name', ({ bin }) => {
  describe('healthy workspace, command check', () => {
    let digest = ''
    const s = scenario(bin, async repo => {
      await track(repo.cli, repo, 'bin/build.sh', '#!/bin/sh\necho build\n', 0o755, '--id', 'build')
      await track(repo.cli, repo, 'etc/app.conf', 'port = 8080\n', 0o644, '--id', 'config')
      write(repo.root, 'vendor/lib/a.c', 'int a;\n', 0o644)
      write(repo.root, 'vendor/lib/b.c', 'int b;\n', 0o644)
      await add(repo.cli, 'vendor/lib', '--id', 'lib', '--sentinel', 'a.c')
      commit(repo)
      digest = (await verifyJson(repo.cli)).json.digest
      return [{ inputs: { command: 'check', sarif: 'reports/swr.sarif' } }]
    })

    it('succeeds with status healthy and every output set', () => {
      const { r, repo } = s
      expectExit(r, 0)
      expect(r.stderr).toBe('')
      expect(r.outputs).toMatchObject({
        status: 'healthy',
        healthy: 'true',
        damaged: '[]',
        repaired: '[]',
        'wipe-signature': 'healthy',
        'exit-code': '0',
        'manifest-digest': digest
      })
      // Every output but the survival commands' own (stats, canary: see canary-action.test.ts).
      const survivalOnly = new Set(['stats', 'canary'])
      expect(new Set(r.outputNames)).toEqual(
        new Set([...readActionYml().outputs.keys()].filter(k => !survivalOnly.has(k)))
      )
      expect(reportOutput(r)).toMatchObject({ status: 'healthy', exit_code: 0, damaged: [] })
      expect(reportFile(r, repo)).toMatchObject({
        schema: 'swr.report/1',
        verdict: 'healthy',
        summary: { entries: 3, ok: 3, damaged: 0 }
      })
    })

    it('annotates nothing and runs nothing shielded', () => {
      expect(errors(s.r)).toEqual([])
      expect(s.r.commands.filter(c => c.command === 'warning' || c.command === 'notice')).toEqual(
        []
      )
      expect(s.r.windows).toEqual([])
    })

    it('writes a summary with the verdict', () => {
      expect(s.r.summary).toMatch(/^### swr check: ✅ healthy$/m)
      expect(s.r.summary).toContain('3/3 entries healthy')
      expect(s.r.summary).toContain('All entries verify.')
      expect(s.r.summary).not.toContain('Wipe signature')
    })

    it('writes a valid SARIF file with no results', () => {
      const sarif = readSarif(path.join(s.repo.root, 'reports', 'swr.sarif'))
      expect(sarif.version).toBe('2.1.0')
      expect(sarif.runs[0]?.results).toEqual([])
    })
  })

  describe('damaged and repaired, command doctor, ML-DSA signed and trusted', () => {
    const s = scenario(bin, async repo => {
      const opts = mldsa(repo)
      await track(
        opts,
        repo,
        'bin/build.sh',
        '#!/bin/sh\necho build\n',
        0o755,
        '--id',
        'build',
        '--restore',
        'chmod +x bin/build.sh'
      )
      await track(
        opts,
        repo,
        'etc/app.conf',
        'port = 8080\n',
        0o644,
        '--id',
        'config',
        '--restore',
        "mkdir -p etc && printf 'port = 8080\\n' > etc/app.conf && chmod 644 etc/app.conf"
      )
      await track(opts, repo, 'docs/readme.txt', 'read me\n', 0o644, '--id', 'readme')
      // Kept out of git, so the signed recipes are what repairs them (git would come first).
      write(repo.root, '.gitignore', 'bin/\netc/\n')
      commit(repo)
      fs.chmodSync(path.join(repo.root, 'bin/build.sh'), 0o644)
      fs.rmSync(path.join(repo.root, 'etc/app.conf'))
      return [
        {
          inputs: { command: 'doctor', 'trusted-signers': fingerprint, sarif: 'swr.sarif' }
        }
      ]
    })

    it('repairs both entries: status repaired, exit 0', () => {
      const { r, repo } = s
      expectExit(r, 0)
      expect(r.outputs).toMatchObject({
        status: 'repaired',
        healthy: 'true',
        damaged: '[]',
        'wipe-signature': 'local-corruption',
        'exit-code': '0'
      })
      expect(ids(r.outputs.repaired)).toEqual(['build', 'config'])
      expect(modeOf(path.join(repo.root, 'bin/build.sh'))).toBe(0o755)
      expect(fs.readFileSync(path.join(repo.root, 'etc/app.conf'), 'utf8')).toBe('port = 8080\n')
      const report = reportOutput(r)
      expect(report).toMatchObject({ status: 'repaired', exit_code: 0, damaged: [] })
      expect(report.steps).toEqual(
        expect.arrayContaining([
          { id: 'build', outcome: 'repaired' },
          { id: 'config', outcome: 'repaired' }
        ])
      )
      expect(reportFile(r, repo)).toMatchObject({
        verdict: 'healthy',
        repair: { mode: 'doctor', outcome: 'repaired', exit_code: 0 }
      })
    })

    it('annotates no error and fails nothing', () => {
      expect(errors(s.r)).toEqual([])
      expect(failures(s.r)).toEqual([])
    })

    it('summarises the repair: verdict, wipe signature, one row per repair', () => {
      const md = s.r.summary
      expect(md).toMatch(/^### swr doctor: 🛠️ repaired$/m)
      expect(md).toContain('2 of 2 repairs succeeded, 3/3 healthy now')
      expect(md).toMatch(/^\*\*Wipe signature:\*\* `local-corruption` \(before repair\)/m)
      expect(md).toContain('| # | Entry | Tier | Source | Result | Exit | Time |')
      // Its exec bit alone was lost: the recorded mode is put back before any recipe runs.
      expect(md).toMatch(
        /^\| \d \| `build` \| 1 \| modes \| repaired: recorded mode put back \(bytes proven first\) \| {2}\| {2}\|$/m
      )
      expect(md).toMatch(/^\| \d \| `config` \| \d \| recipe \| repaired: .*\| 0 \|/m)
    })

    it('the wipe signature line in the summary carries its cause, not a dangling colon', () => {
      const line = s.r.summary.split('\n').find(l => l.startsWith('**Wipe signature:**')) ?? ''
      expect(line).toMatch(/\(before repair\): \S/)
    })

    it('writes a valid SARIF file (nothing left to report)', () => {
      expect(readSarif(path.join(s.repo.root, 'swr.sarif')).runs[0]?.results).toEqual([])
    })
  })

  describe('unrepairable: a damaged entry has no recipe', () => {
    let lines = new Map<string, number>()
    const s = scenario(bin, async repo => {
      const opts = mldsa(repo)
      write(repo.root, '.gitignore', 'cache/\n')
      await track(
        opts,
        repo,
        'bin/build.sh',
        '#!/bin/sh\necho build\n',
        0o755,
        '--id',
        'build',
        '--restore',
        'chmod +x bin/build.sh'
      )
      await track(opts, repo, 'docs/notes.txt', 'notes, version 1\n', 0o644, '--id', 'notes')
      await track(opts, repo, 'cache/blob.bin', 'cached bytes\n', 0o644, '--id', 'cache')
      // Committed as version 2: git holds other bytes than the recorded ones and is refused.
      fs.writeFileSync(path.join(repo.root, 'docs/notes.txt'), 'notes, version 2\n')
      commit(repo)
      lines = declarationLines(repo.manifestFile)
      fs.chmodSync(path.join(repo.root, 'bin/build.sh'), 0o644)
      fs.rmSync(path.join(repo.root, 'cache/blob.bin'))
      // trusted-signers also takes the base64 public key.
      return [{ inputs: { command: 'doctor', 'trusted-signers': publicKey, sarif: 'swr.sarif' } }]
    })

    it('the repository tracks the notes file but not the cache', () => {
      expect(trackedFiles(s.repo)).toContain('docs/notes.txt')
      expect(trackedFiles(s.repo)).not.toContain('cache/blob.bin')
    })

    it('status unrepairable, exit-code 2, and the step fails', () => {
      const { r } = s
      expectExit(r, 1)
      expect(r.outputs).toMatchObject({
        status: 'unrepairable',
        healthy: 'false',
        'exit-code': '2'
      })
      expect(ids(r.outputs.damaged)).toEqual(['cache', 'notes'])
      expect(ids(r.outputs.repaired)).toEqual(['build'])
      expect(reportOutput(r)).toMatchObject({ status: 'unrepairable', exit_code: 2 })
      expect(failures(r)).toHaveLength(1)
      expect(failures(r)[0]?.message).toMatch(/^swr doctor: unrepairable/)
    })

    it('annotates each damaged entry on its manifest line, and a tracked file on line 1', () => {
      const got = fileErrors(s.r).map(c => [c.props.file, c.props.line, c.props.title])
      expect(got).toEqual(
        expect.arrayContaining([
          ['.swr/manifest.json', String(lines.get('notes')), 'swr: CORRUPT notes'],
          ['docs/notes.txt', '1', 'swr: CORRUPT notes'],
          ['.swr/manifest.json', String(lines.get('cache')), 'swr: MISSING cache']
        ])
      )
      // The untracked cache file gets no annotation of its own; nothing is absolute.
      expect(got).toHaveLength(3)
      for (const [file] of got) expect(path.isAbsolute(file ?? '')).toBe(false)
    })

    it('summarises the verdict and the entries still damaged', () => {
      expect(s.r.summary).toMatch(/^### swr doctor: ❌ unrepairable$/m)
      expect(s.r.summary).toContain('**2 damaged:** 1 MISSING · 1 CORRUPT')
      expect(s.r.summary).toMatch(
        /^<details><summary>CORRUPT: 1 entry<\/summary>\n\n.*\n.*\n\| `notes` \| `docs\/notes.txt` \|/m
      )
      expect(s.r.summary).toMatch(
        /^<details><summary>MISSING: 1 entry<\/summary>\n\n.*\n.*\n\| `cache` \| `cache\/blob.bin` \|/m
      )
    })

    it('writes a valid SARIF file locating each result on the manifest line', () => {
      const results = readSarif(path.join(s.repo.root, 'swr.sarif')).runs[0]?.results ?? []
      expect(
        results
          .map(x => [
            x.ruleId,
            x.locations[0]?.logicalLocations[0]?.name,
            x.locations[0]?.physicalLocation.artifactLocation.uri,
            x.locations[0]?.physicalLocation.region.startLine
          ])
          .sort()
      ).toEqual(
        [
          ['swr/CORRUPT', 'notes', '.swr/manifest.json', lines.get('notes')],
          ['swr/MISSING', 'cache', '.swr/manifest.json', lines.get('cache')]
        ].sort()
      )
    })
  })

  describe('refused: an unsigned manifest (doctor)', () => {
    const s = scenario(bin, async repo => {
      await track(
        repo.cli,
        repo,
        'bin/tool.sh',
        '#!/bin/sh\n',
        0o755,
        '--id',
        'tool',
        '--restore',
        `touch ${q(marker(repo))}; printf '#!/bin/sh\\n' > bin/tool.sh`
      )
      commit(repo)
      fs.writeFileSync(path.join(repo.root, 'bin/tool.sh'), '') // emptied: only the recipe brings it back
      return [{ inputs: { command: 'doctor', 'trusted-signers': fingerprint } }]
    })

    it('runs no recipe: status refused, exit-code 2, the step fails', () => {
      const { r, repo } = s
      expect(fs.existsSync(marker(repo))).toBe(false)
      expect(fs.readFileSync(path.join(repo.root, 'bin/tool.sh'), 'utf8')).toBe('')
      expectExit(r, 1)
      expect(r.outputs).toMatchObject({
        status: 'refused',
        healthy: 'false',
        damaged: '["tool"]',
        repaired: '[]',
        'exit-code': '2'
      })
      expect(reportOutput(r)).toMatchObject({ status: 'refused', exit_code: 2 })
      expect(r.summary).toMatch(/^### swr doctor: ⛔ refused$/m)
      expect(r.summary).toContain('> No recipe ran: manifest is unsigned')
      expect(failures(r).map(c => c.message)).toEqual(
        expect.arrayContaining([expect.stringMatching(/^swr doctor: refused/)])
      )
    })
  })

  describe('refused: the manifest is scoped to another repository', () => {
    const s = scenario(bin, async repo => {
      const opts = mldsa(repo)
      await track(
        opts,
        repo,
        'bin/tool.sh',
        '#!/bin/sh\n',
        0o755,
        '--id',
        'tool',
        '--restore',
        `touch ${q(marker(repo))}; printf '#!/bin/sh\\n' > bin/tool.sh`
      )
      await editAndApprove(opts, doc => {
        doc.body.scope = { repository: 'someone-else/fork' }
      })
      // Kept out of git, so the control run's repair is the recipe (git would come first).
      write(repo.root, '.gitignore', 'bin/\n')
      commit(repo)
      fs.writeFileSync(path.join(repo.root, 'bin/tool.sh'), '') // emptied: only the recipe brings it back
      const inputs = { command: 'doctor', 'trusted-signers': fingerprint }
      return [
        { inputs, repository: 'owner/repo' },
        // The control: the same signed manifest in the repository it names is repaired.
        { inputs, repository: 'someone-else/fork' }
      ]
    })

    it('refuses in owner/repo and runs nothing', () => {
      const { r } = s
      expectExit(r, 1)
      expect(r.outputs).toMatchObject({ status: 'refused', 'exit-code': '2', repaired: '[]' })
      expect(r.summary).toContain(
        'No recipe ran: manifest is scoped to repository someone-else/fork, this run is owner/repo'
      )
    })

    it('the re-signed manifest is accepted in the repository it names', () => {
      const control = s.runs[1] as ActionRun
      expect(control.outputs).toMatchObject({ status: 'repaired', 'exit-code': '0' })
      expectExit(control, 0)
      expect(fs.existsSync(marker(s.repo))).toBe(true)
    })
  })

  describe('refused: require hmac, the hmac-key input is empty (a fork pull request)', () => {
    const s = scenario(bin, async repo => {
      const opts = hmacOnly(repo, hmacHex('fork-pr'))
      await track(
        opts,
        repo,
        'bin/tool.sh',
        '#!/bin/sh\n',
        0o755,
        '--id',
        'tool',
        '--restore',
        `touch ${q(marker(repo))}; printf '#!/bin/sh\\n' > bin/tool.sh`
      )
      commit(repo)
      fs.writeFileSync(path.join(repo.root, 'bin/tool.sh'), '') // emptied: only the recipe brings it back
      return [{ inputs: { command: 'doctor', require: 'hmac', 'hmac-key': '' } }]
    })

    it('runs nothing: status refused, exit-code 2', () => {
      expect(fs.existsSync(marker(s.repo))).toBe(false)
      expectExit(s.r, 1)
      expect(s.r.outputs).toMatchObject({ status: 'refused', 'exit-code': '2' })
    })

    it('says in one line of the log that hmac-key is empty', () => {
      const said = s.r.stdout.split('\n').filter(l => /hmac-key input is empty/.test(l))
      expect(said).toHaveLength(1)
      expect(said[0]).toContain('fork pull request')
    })

    it('that line is an error annotation the runner processes (not inside stop-commands)', () => {
      const said = s.r.allCommands.find(c => /hmac-key input is empty/.test(c.message))
      expect(said?.command).toBe('error')
      expect(s.r.commands).toContainEqual(said)
    })
  })

  describe('refused: the manifest version is below min-version', () => {
    let version = 0
    const s = scenario(bin, async repo => {
      const opts = mldsa(repo)
      await track(
        opts,
        repo,
        'bin/tool.sh',
        '#!/bin/sh\n',
        0o755,
        '--id',
        'tool',
        '--restore',
        `touch ${q(marker(repo))}; printf '#!/bin/sh\\n' > bin/tool.sh`
      )
      version = (await verifyJson(opts)).json.version
      commit(repo)
      fs.writeFileSync(path.join(repo.root, 'bin/tool.sh'), '') // emptied: only the recipe brings it back
      const inputs = {
        command: 'doctor',
        'trusted-signers': fingerprint,
        'min-version': String(version + 1)
      }
      return [{ inputs }]
    })

    it('runs nothing and names the floor', () => {
      expect(fs.existsSync(marker(s.repo))).toBe(false)
      expectExit(s.r, 1)
      expect(s.r.outputs).toMatchObject({ status: 'refused', 'exit-code': '2' })
      expect(s.r.summary).toContain(`manifest version ${version} is below the floor ${version + 1}`)
    })
  })

  describe('threshold: two distinct trusted ML-DSA signers, and only one has signed', () => {
    const key = hmacHex('threshold')
    const s = scenario(bin, async repo => {
      // Signed with the HMAC key and one ML-DSA identity: one signer, two signatures.
      const opts = { ...mldsa(repo), env: { SWR_HMAC_KEY: key } }
      await track(
        opts,
        repo,
        'bin/tool.sh',
        '#!/bin/sh\n',
        0o755,
        '--id',
        'tool',
        '--restore',
        `touch ${q(marker(repo))}; printf '#!/bin/sh\\n' > bin/tool.sh`
      )
      await ok(opts, 'sign')
      commit(repo)
      fs.writeFileSync(path.join(repo.root, 'bin/tool.sh'), '') // emptied: only the recipe brings it back
      const signers = `${fingerprint}\n${'ab'.repeat(32)}`
      const inputs = { command: 'doctor', 'trusted-signers': signers, 'hmac-key': key }
      return [
        { inputs: { ...inputs, require: 'both', threshold: '2' } },
        { inputs: { ...inputs, require: 'hmac', threshold: '2' } },
        { inputs: { ...inputs, require: 'mldsa', threshold: '17' } }
      ]
    })

    it('require both: the HMAC and one signer do not make two; nothing runs', () => {
      expect(fs.existsSync(marker(s.repo))).toBe(false)
      expectExit(s.r, 1)
      expect(s.r.outputs).toMatchObject({ status: 'refused', 'exit-code': '2', repaired: '[]' })
      expect(s.r.summary).toContain('a valid HMAC and 2 distinct trusted ML-DSA signers required')
    })

    it('require hmac with threshold 2 is an invalid input: one line, exit-code 4', () => {
      for (const r of s.runs.slice(1)) {
        expectExit(r, 1)
        expect(r.outputs).toMatchObject({ status: 'invalid', 'exit-code': '4' })
        expect(errors(r)).toHaveLength(1)
      }
      expect(errors(s.runs[1] as ActionRun)[0]?.message).toContain(
        'input threshold: 2 counts distinct trusted ML-DSA signers, but require: hmac asks for no ML-DSA signature'
      )
      expect(errors(s.runs[2] as ActionRun)[0]?.message).toContain(
        'input threshold: "17" is not a whole number from 1 to 16'
      )
      expect(fs.existsSync(marker(s.repo))).toBe(false)
    })
  })

  describe('bad manifest: invalid JSON', () => {
    const s = scenario(bin, async repo => {
      write(repo.root, 'etc/app.conf', 'port = 8080\n', 0o644)
      write(repo.root, '.swr/manifest.json', '{"body": {"schema": 3,\n')
      commit(repo)
      return [{ inputs: { command: 'check' } }]
    })

    it('fails the step with one line naming the file; exit-code 4', () => {
      const { r } = s
      expectExit(r, 1)
      expect(r.stderr).toBe('')
      expect(r.outputs['exit-code']).toBe('4')
      expect(r.outputs.healthy).toBe('false')
      // Its own status: "refused" means the signature gate declined, which is not what happened.
      expect(r.outputs.status).toBe('invalid')
      expect(STATUSES).toContain(r.outputs.status as (typeof STATUSES)[number])
      expect(errors(r)).toHaveLength(1)
      const message = errors(r)[0]?.message ?? ''
      expect(message).not.toContain('\n')
      expect(message).toContain('.swr/manifest.json')
      expect(message).not.toContain('internal error')
      expect(r.stdout.split('\n').filter(Boolean)).toHaveLength(1)
    })
  })

  describe('a sarif path below a file: an fs error the user can fix, not a bug', () => {
    const s = scenario(bin, async repo => {
      await track(repo.cli, repo, 'etc/app.conf', 'port = 8080\n', 0o644, '--id', 'config')
      commit(repo)
      return [{ inputs: { command: 'check', sarif: 'etc/app.conf/swr.sarif' } }]
    })

    it('fails the step with one line naming the path; status invalid, exit-code 4', () => {
      const { r, repo } = s
      expectExit(r, 1)
      expect(r.outputs).toMatchObject({ status: 'invalid', 'exit-code': '4', healthy: 'false' })
      expect(errors(r)).toHaveLength(1)
      const message = errors(r)[0]?.message ?? ''
      expect(message).toMatch(/^swr: mkdir .*etc\/app\.conf: (ENOTDIR|EEXIST)$/)
      expect(message).not.toContain('internal error')
      expect(fs.readFileSync(path.join(repo.root, 'etc/app.conf'), 'utf8')).toBe('port = 8080\n')
    })
  })

  describe('bad manifest: valid JSON that breaks the schema in two places', () => {
    let line = 0
    const s = scenario(bin, async repo => {
      await track(repo.cli, repo, 'etc/app.conf', 'port = 8080\n', 0o644, '--id', 'config')
      await track(repo.cli, repo, 'etc/other.conf', 'other = 1\n', 0o644, '--id', 'other')
      editDoc(repo.manifestFile, doc => {
        Object.assign(doc.body.entries[0] ?? {}, { bogus: 1 })
        Object.assign(doc.body.entries[1] ?? {}, { tier: 9 })
      })
      // The line of the offending field.
      line =
        fs
          .readFileSync(repo.manifestFile, 'utf8')
          .split('\n')
          .findIndex(l => l.includes('"bogus"')) + 1
      commit(repo)
      return [{ inputs: { command: 'check' } }]
    })

    it('fails the step with one line naming the file, line, entry and field; exit-code 4', () => {
      const { r } = s
      expectExit(r, 1)
      expect(r.outputs['exit-code']).toBe('4')
      expect(r.outputs.status).toBe('invalid')
      expect(errors(r)).toHaveLength(1)
      const message = errors(r)[0]?.message ?? ''
      expect(message).not.toContain('\n')
      expect(message).toMatch(new RegExp(`\\.swr/manifest\\.json:${line}\\b.*"config".*bogus`))
      expect(message).toContain('1 more')
    })
  })

  describe('check with fail-on: never on a damaged workspace', () => {
    const s = scenario(bin, async repo => {
      await track(repo.cli, repo, 'etc/app.conf', 'port = 8080\n', 0o644, '--id', 'config')
      await track(repo.cli, repo, 'etc/other.conf', 'other = 1\n', 0o644, '--id', 'other')
      commit(repo)
      fs.rmSync(path.join(repo.root, 'etc/app.conf'))
      return [{ inputs: { command: 'check', 'fail-on': 'never', sarif: 'swr.sarif' } }]
    })

    it('succeeds with status damaged and exit-code 1', () => {
      const { r } = s
      expectExit(r, 0)
      expect(r.outputs).toMatchObject({
        status: 'damaged',
        healthy: 'false',
        damaged: '["config"]',
        'exit-code': '1'
      })
      expect(failures(r)).toEqual([])
      expect(
        fileErrors(r)
          .map(c => c.props.file)
          .sort()
      ).toEqual(['.swr/manifest.json', 'etc/app.conf'])
      expect(r.summary).toMatch(/^### swr check: ❌ damaged$/m)
      expect(r.summary).toMatch(
        new RegExp(`^\\*\\*Wipe signature:\\*\\* \`${r.outputs['wipe-signature']}\`: \\S`, 'm')
      )
      expect(r.summary).toMatch(/^- \*\*MISSING\*\* \(1\): .+\. To do: restore it/m)
      expect(r.summary).toMatch(/^\| `config` \| `etc\/app.conf` \|/m)
      expect(readSarif(path.join(s.repo.root, 'swr.sarif')).runs[0]?.results).toHaveLength(1)
    })
  })

  describe('recipe output cannot act as a workflow command', () => {
    const s = scenario(bin, async repo => {
      const opts = mldsa(repo)
      const recipe =
        "echo '::error::injected'; echo '::set-output name=x::y'; printf '#!/bin/sh\\n' > bin/tool.sh"
      await track(
        opts,
        repo,
        'bin/tool.sh',
        '#!/bin/sh\n',
        0o755,
        '--id',
        'tool',
        '--restore',
        recipe
      )
      // Kept out of git, so the recipe is what repairs it (git would come first).
      write(repo.root, '.gitignore', 'bin/\n')
      commit(repo)
      fs.writeFileSync(path.join(repo.root, 'bin/tool.sh'), '') // emptied: only the recipe brings it back
      return [{ inputs: { command: 'doctor', 'trusted-signers': fingerprint } }]
    })

    it('the recipe ran and repaired the entry', () => {
      expectExit(s.r, 0)
      expect(s.r.outputs.status).toBe('repaired')
    })

    it('prints it between ::stop-commands::<token> and ::<token>::', () => {
      const lines = s.r.stdout.split('\n')
      for (const needle of ['::error::injected', '::set-output name=x::y']) {
        const at = lines.findIndex(l => l.includes(needle))
        expect(at).toBeGreaterThanOrEqual(0)
        const window = s.r.windows.find(([from, to]) => from < at && at < to)
        expect(window).toBeDefined()
        const [from = 0, to = 0] = window ?? []
        const token = /^::stop-commands::(.+)$/.exec(lines[from] ?? '')?.[1] ?? ''
        expect(token).toMatch(/^[0-9a-f]{32}$/)
        expect(lines[to]).toBe(`::${token}::`)
      }
      expect(s.r.commands.some(c => c.message.includes('injected'))).toBe(false)
      expect(s.r.outputs.x).toBeUndefined()
    })

    it("only the recipe output is shielded: swr's own log groups stay workflow commands", () => {
      const groups = s.r.allCommands.filter(c => c.command === 'group')
      expect(groups.map(c => c.message)).toEqual(
        expect.arrayContaining(['swr: check', 'swr: restore'])
      )
      expect(s.r.commands.filter(c => c.command === 'group')).toEqual(groups)
    })
  })

  describe('the hmac-key secret never reaches a log, output, summary or report', () => {
    const key = hmacHex('action-secret')
    const forms = {
      value: key,
      'value base64': Buffer.from(key).toString('base64'),
      'value base64url': Buffer.from(key).toString('base64url'),
      'key bytes base64': Buffer.from(key, 'hex').toString('base64'),
      'key bytes base64url': Buffer.from(key, 'hex').toString('base64url')
    }
    const s = scenario(bin, async repo => {
      const opts = hmacOnly(repo, key)
      await track(
        opts,
        repo,
        'bin/tool.sh',
        '#!/bin/sh\n',
        0o755,
        '--id',
        'tool',
        '--restore',
        "printf '#!/bin/sh\\n' > bin/tool.sh"
      )
      await track(opts, repo, 'etc/app.conf', 'port = 8080\n', 0o644, '--id', 'config')
      // Kept out of git: the recipe repairs `tool`, nothing repairs `config`.
      write(repo.root, '.gitignore', 'bin/\netc/\n')
      commit(repo)
      fs.writeFileSync(path.join(repo.root, 'bin/tool.sh'), '') // emptied: only the recipe brings it back
      fs.rmSync(path.join(repo.root, 'etc/app.conf'))
      return [
        { inputs: { command: 'doctor', require: 'hmac', 'hmac-key': key, sarif: 'swr.sarif' } }
      ]
    })

    // `tool` has a recipe; `config` has none, so the run ends unrepairable with damage to report
    // (more text in the summary, annotations and report for a secret to leak into).
    it('the key was used: the HMAC-signed manifest let the recipe run', () => {
      expect(s.r.outputs.repaired).toBe('["tool"]')
      expect(s.r.outputs.status).toBe('unrepairable')
    })

    it('masks the value and its encodings with ::add-mask::', () => {
      const masked = s.r.commands.filter(c => c.command === 'add-mask').map(c => c.message)
      expect(masked).toEqual(
        expect.arrayContaining([forms.value, forms['value base64'], forms['key bytes base64']])
      )
    })

    it.each(Object.keys(forms))('prints the %s nowhere', name => {
      const secret = forms[name as keyof typeof forms]
      const { r, repo } = s
      const places: Record<string, string> = {
        stdout: shownLines(r).join('\n'),
        stderr: r.stderr,
        outputs: r.outputsText,
        summary: r.summary,
        report: fs.readFileSync(r.outputs['report-path'] ?? '', 'utf8'),
        sarif: fs.readFileSync(path.join(repo.root, 'swr.sarif'), 'utf8')
      }
      for (const [where, text] of Object.entries(places))
        expect([where, text.includes(secret)]).toEqual([where, false])
    })
  })

  describe('more than 10 damaged entries', () => {
    const n = 12
    const names = Array.from({ length: n }, (_, i) => `f${String(i + 1).padStart(2, '0')}`)
    const s = scenario(bin, async repo => {
      for (const id of names)
        await track(repo.cli, repo, `f/${id}.txt`, `${id}\n`, 0o644, '--id', id)
      commit(repo)
      for (const id of names) fs.rmSync(path.join(repo.root, `f/${id}.txt`))
      return [
        { inputs: { command: 'check', 'fail-on': 'never', sarif: 'swr.sarif' } },
        { inputs: { command: 'check' } }
      ]
    })

    it('reports every damaged entry in the outputs and SARIF', () => {
      expect(ids(s.r.outputs.damaged)).toEqual(names)
      expect(s.r.outputs['wipe-signature']).toBe('cold-start')
      expect(readSarif(path.join(s.repo.root, 'swr.sarif')).runs[0]?.results).toHaveLength(n)
    })

    it('at most 10 error annotations, and one notice counting the rest', () => {
      const errs = errors(s.r)
      expect(errs).toHaveLength(10)
      const annotated = new Set(errs.map(c => (c.props.title ?? '').replace(/^swr: MISSING /, '')))
      const notices = s.r.commands.filter(c => c.command === 'notice')
      expect(notices).toHaveLength(1)
      const rest = names.filter(id => !annotated.has(id))
      expect(rest).toHaveLength(n - annotated.size)
      expect(notices[0]?.props.title).toBe(`swr: ${rest.length} more damaged entries not annotated`)
      for (const id of rest) expect(notices[0]?.message).toContain(`MISSING ${id}`)
    })

    it('when the step fails too, its failure message still fits in the 10 errors', () => {
      const failing = s.runs[1] as ActionRun
      expectExit(failing, 1)
      expect(failures(failing)).toHaveLength(1)
      expect(errors(failing).length).toBeLessThanOrEqual(10)
      expect(failing.commands.filter(c => c.command === 'notice')).toHaveLength(1)
    })
  })

  describe('a manifest below the repository root (a monorepo package)', () => {
    let lines = new Map<string, number>()
    const s = scenario(bin, async repo => {
      const pkg = path.join(repo.root, 'pkg')
      const opts = { ...repo.cli, root: pkg, manifestFile: path.join(pkg, '.swr/manifest.json') }
      write(pkg, 'src/a.txt', 'a\n', 0o644)
      write(pkg, 'src/b.txt', 'b\n', 0o644)
      await add(opts, 'src/a.txt', '--id', 'a')
      await add(opts, 'src/b.txt', '--id', 'b')
      commit(repo)
      lines = declarationLines(opts.manifestFile)
      fs.writeFileSync(path.join(pkg, 'src/a.txt'), 'A\n')
      return [
        { inputs: { command: 'check', workspace: 'pkg', sarif: 'swr.sarif' } },
        { inputs: { command: 'check', manifest: 'pkg/.swr/manifest.json' } }
      ]
    })

    it('with workspace: pkg, annotates with paths relative to the repository root', () => {
      const { r } = s
      expectExit(r, 1)
      expect(r.outputs).toMatchObject({ status: 'damaged', damaged: '["a"]', 'exit-code': '1' })
      expect(fileErrors(r).map(c => [c.props.file, c.props.line, c.props.title])).toEqual([
        ['pkg/.swr/manifest.json', String(lines.get('a')), 'swr: CORRUPT a'],
        ['pkg/src/a.txt', '1', 'swr: CORRUPT a']
      ])
      const results = readSarif(path.join(s.repo.root, 'pkg', 'swr.sarif')).runs[0]?.results ?? []
      expect(
        results.map(x => [
          x.locations[0]?.physicalLocation.artifactLocation.uri,
          x.locations[0]?.physicalLocation.region.startLine
        ])
      ).toEqual([['pkg/.swr/manifest.json', lines.get('a')]])
    })

    it('with only manifest: pkg/.swr/manifest.json, checks the workspace the manifest records', () => {
      // `swr check -m pkg/.swr/manifest.json` in the same checkout finds only `a` damaged: the
      // manifest records its workspace (".." from pkg/.swr), and the CLI honours it.
      const r = s.runs[1] as ActionRun
      expect(r.outputs).toMatchObject({ status: 'damaged', damaged: '["a"]', 'exit-code': '1' })
      expect(r.outputs['wipe-signature']).toBe('local-corruption')
    })
  })

  describe('command verify', () => {
    const s = scenario(bin, async repo => {
      const opts = mldsa(repo)
      await track(
        opts,
        repo,
        'etc/app.conf',
        'port = 8080\n',
        0o644,
        '--id',
        'config',
        '--restore',
        `touch ${q(marker(repo))}`
      )
      commit(repo)
      return [
        { inputs: { command: 'verify', 'trusted-signers': fingerprint } },
        { inputs: { command: 'verify' } }
      ]
    })

    it('a trusted signature on a healthy workspace: status healthy, exit 0', () => {
      expectExit(s.r, 0)
      expect(s.r.outputs).toMatchObject({ status: 'healthy', 'exit-code': '0' })
      expect(s.r.stdout).toContain('signatures: signed: 1 trusted ML-DSA signer(s)')
    })

    it('no trusted signer: refused, exit-code 2, the step fails, nothing ran', () => {
      const r = s.runs[1] as ActionRun
      expectExit(r, 1)
      expect(r.outputs).toMatchObject({ status: 'refused', 'exit-code': '2' })
      expect(fs.existsSync(marker(s.repo))).toBe(false)
    })
  })
  describe('command verify on a damaged workspace', () => {
    let cliExit = -1
    const s = scenario(bin, async repo => {
      const opts = mldsa(repo)
      await track(opts, repo, 'etc/app.conf', 'port = 8080\n', 0o644, '--id', 'config')
      await track(opts, repo, 'etc/other.conf', 'other = 1\n', 0o644, '--id', 'other')
      commit(repo)
      fs.rmSync(path.join(repo.root, 'etc/app.conf'))
      cliExit = (await verifyJson(opts)).code
      return [{ inputs: { command: 'verify', 'trusted-signers': fingerprint } }]
    })

    it('gives the exit code `swr verify` gives (signatures only), and does not fail', () => {
      // action.yml: "verify (signatures only)"; exit-code: "The exit code the swr CLI would give".
      expect(cliExit).toBe(0)
      expect(s.r.outputs['exit-code']).toBe(String(cliExit))
      expectExit(s.r, 0)
    })
  })

  describe('the committed fixture workspace of the CI job (uses: ./)', () => {
    const s = { r: undefined as ActionRun | undefined, tmp: undefined as ActionRepo | undefined }
    beforeAll(() => {
      s.tmp = makeRepo()
      const repo: ActionRepo = { ...s.tmp, root: ROOT }
      s.r = runAction(bin, script, repo, {
        inputs: { command: 'check', workspace: '__fixtures__/action-workspace' }
      })
    })
    afterAll(() => s.tmp?.cleanup())

    it('is healthy, as .github/workflows/ci.yml asserts', () => {
      const r = s.r as ActionRun
      expect([r.outputs.status, r.outputs.healthy, r.outputs['exit-code']]).toEqual([
        'healthy',
        'true',
        '0'
      ])
      expectExit(r, 0)
      expect(JSON.parse(r.outputs.report ?? '')).toMatchObject({
        summary: { entries: 3, ok: 3 }
      })
    })
  })
})
