/**
 * The example workflows in examples/workflows/ are real files, held to the rules a workflow should
 * follow (least-privilege permissions, a concurrency group, current majors of the actions they
 * use, no expression expanded inside a `run:` script, continue-on-error only for fork pull
 * requests), and each swr step in them runs through the bundled Action with its own `with:` inputs
 * on a fixture workspace, giving the status the example is there to show. docs/action.md links
 * each example once.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import fs from 'node:fs'
import path from 'node:path'
import {
  inputVar,
  makeRepo,
  readActionYml,
  ROOT,
  runAction,
  snapshotAction,
  type ActionRepo,
  type ActionRun
} from '../../__fixtures__/action.js'
import { parseWorkflow, type Yaml } from '../../__fixtures__/workflow.js'
import { add, run, write, type RunOptions, type Workspace } from '../../__fixtures__/workspace.js'

const DIR = path.join(ROOT, 'examples', 'workflows')
const SWR = 'OWNER/swr-action@v1'
/** The current major of every action an example may use. */
const MAJORS: Record<string, string> = {
  'actions/checkout': 'v6',
  'actions/setup-node': 'v6',
  'actions/cache': 'v5',
  'actions/cache/restore': 'v5',
  'actions/cache/save': 'v5',
  'actions/upload-artifact': 'v7',
  'OWNER/swr-action/cache': 'v1',
  'github/codeql-action/upload-sarif': 'v4'
}
const FORK_ONLY = '${{ github.event.pull_request.head.repo.fork == true }}'

type Map = { [key: string]: Yaml }
const asMap = (y: Yaml | undefined): Map =>
  y && typeof y === 'object' && !Array.isArray(y) ? y : {}
const asList = (y: Yaml | undefined): Yaml[] => (Array.isArray(y) ? y : [])

interface Step {
  job: string
  step: Map
}

function read(name: string): Map {
  return asMap(parseWorkflow(fs.readFileSync(path.join(DIR, name), 'utf8')))
}

function stepsOf(wf: Map): Step[] {
  return Object.entries(asMap(wf.jobs)).flatMap(([job, spec]) =>
    asList(asMap(spec).steps).map(s => ({ job, step: asMap(s) }))
  )
}

/** The step's `with:` as INPUT values: `vars.X` and `secrets.X` from `ctx`, nothing else. */
function inputsOf(step: Map, ctx: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(asMap(step.with)).map(([k, v]) => [
      k,
      String(v ?? '').replace(/\$\{\{\s*((?:vars|secrets)\.[A-Z_]+)\s*\}\}/g, (_, name: string) => {
        return ctx[name] ?? ''
      })
    ])
  )
}

interface Scenario {
  /** Prepares the repository; returns the values of vars.X and secrets.X. */
  setup: (repo: ActionRepo) => Promise<Record<string, string>>
  /** Per swr step, in order: the status and whether the step fails. */
  expect: { status: string; fails: boolean; check?: (r: ActionRun, repo: ActionRepo) => void }[]
}

async function trackTwo(repo: ActionRepo): Promise<void> {
  write(repo.root, 'etc/app.conf', 'port = 1\n', 0o644)
  write(repo.root, 'bin/run.sh', '#!/bin/sh\n', 0o755)
  await add(
    repo.cli,
    'etc/app.conf',
    '--id',
    'conf',
    '--restore',
    'printf "port = 1\\n" > etc/app.conf'
  )
  await add(repo.cli, 'bin/run.sh', '--id', 'run', '--restore', 'chmod 755 bin/run.sh')
  fs.rmSync(path.join(repo.root, 'etc/app.conf'))
  fs.chmodSync(path.join(repo.root, 'bin/run.sh'), 0o644)
}

async function fingerprint(ws: RunOptions): Promise<string> {
  const r = await run(['trust', 'mine', '--json'], ws)
  return (JSON.parse(r.stdout) as { fingerprint: string }).fingerprint
}

const SCENARIOS: Record<string, Scenario> = {
  // Its cache step runs through the bundled cache action in __tests__/cache/sealed-cache.test.ts.
  'sealed-cache.yml': { setup: () => Promise.resolve({}), expect: [] },
  'cache-gate.yml': {
    setup: async repo => (await trackTwo(repo), {}),
    // fail-on: never: the gate reports, the next step reinstalls.
    expect: [
      {
        status: 'damaged',
        fails: false,
        check: r => expect(JSON.parse(r.outputs.damaged ?? '[]')).toEqual(['conf', 'run'])
      }
    ]
  },
  'canary-survival.yml': {
    setup: () => Promise.resolve({}),
    expect: [
      {
        status: 'healthy',
        fails: false,
        check: r => expect(JSON.parse(r.outputs.canary ?? '')).toMatchObject({ planted: false })
      },
      {
        status: 'healthy',
        fails: false,
        check: (r, repo) => {
          const planted = JSON.parse(r.outputs.canary ?? '') as { locations: string[] }
          expect(planted.locations.filter(l => l.startsWith('at:'))).toHaveLength(2)
          expect(fs.existsSync(path.join(repo.root, '.canary-cache'))).toBe(true)
        }
      }
    ]
  },
  'pr-check.yml': {
    setup: async repo => (await trackTwo(repo), {}),
    expect: [
      {
        status: 'damaged',
        fails: true,
        check: (r, repo) => {
          const sarif = r.outputs['sarif-path'] ?? ''
          expect(path.dirname(sarif)).toBe(repo.runnerTemp)
          expect(fs.existsSync(sarif)).toBe(true)
          expect(r.commands.filter(c => c.command === 'error' && c.props.file)).toHaveLength(1)
          expect(r.commands.filter(c => c.command === 'warning' && c.props.file)).toHaveLength(1)
        }
      }
    ]
  },
  'doctor-self-hosted.yml': {
    setup: async repo => {
      await run(['keygen', '--no-hmac'], repo.cli)
      await trackTwo(repo)
      return { 'vars.SWR_TRUSTED_SIGNERS': await fingerprint(repo.cli) }
    },
    expect: [
      {
        status: 'repaired',
        fails: false,
        check: r => expect(JSON.parse(r.outputs.repaired ?? '[]')).toHaveLength(2)
      }
    ]
  }
}

let script = ''
let base: Workspace

beforeAll(() => {
  base = makeRepo()
  script = snapshotAction(base.base)
})

afterAll(() => base?.cleanup())

it('every example has a scenario, and every scenario an example', () => {
  expect(fs.readdirSync(DIR).sort()).toEqual(Object.keys(SCENARIOS).sort())
})

it('docs/action.md links each example exactly once', () => {
  const doc = fs.readFileSync(path.join(ROOT, 'docs', 'action.md'), 'utf8')
  for (const name of Object.keys(SCENARIOS)) {
    const links = doc.split(`](../examples/workflows/${name})`).length - 1
    expect([name, links]).toEqual([name, 1])
  }
})

describe.each(Object.keys(SCENARIOS))('%s', name => {
  const wf = read(name)
  const steps = stepsOf(wf)

  it('grants contents: read at the top and no more than one job needs', () => {
    expect(wf.permissions).toEqual({ contents: 'read' })
    for (const job of Object.values(asMap(wf.jobs))) {
      const extra = Object.entries(asMap(asMap(job).permissions)).filter(
        ([k, v]) => v !== 'read' && k !== 'security-events'
      )
      expect(extra).toEqual([])
    }
  })

  it('has a concurrency group', () => {
    const groups = [wf.concurrency, ...Object.values(asMap(wf.jobs)).map(j => asMap(j).concurrency)]
    expect(groups.some(g => g !== undefined && g !== null)).toBe(true)
  })

  it('uses the current major of every action', () => {
    for (const { step } of steps) {
      if (step.uses === undefined || step.uses === SWR) continue
      const [action = '', ref] = String(step.uses).split('@')
      expect([action, ref]).toEqual([action, MAJORS[action]])
    }
  })

  it('expands no expression inside a run: script (values come in through env:)', () => {
    for (const { step } of steps) if (step.run) expect(String(step.run)).not.toContain('${{')
  })

  it('continues on error only for fork pull requests', () => {
    for (const { step } of steps)
      if (step['continue-on-error'] !== undefined) expect(step['continue-on-error']).toBe(FORK_ONLY)
  })

  describe('its swr steps, run through the bundled Action', () => {
    const scenario = SCENARIOS[name] as Scenario
    const runs: ActionRun[] = []
    let repo: ActionRepo
    beforeAll(async () => {
      repo = makeRepo()
      const ctx = await scenario.setup(repo)
      for (const { step } of steps.filter(s => s.step.uses === SWR))
        runs.push(runAction(process.execPath, script, repo, { inputs: inputsOf(step, ctx) }))
    }, 120_000)
    afterAll(() => repo?.cleanup())

    it('give the status the example shows', () => {
      expect(runs).toHaveLength(scenario.expect.length)
      scenario.expect.forEach((want, k) => {
        const r = runs[k] as ActionRun
        if (r.status !== (want.fails ? 1 : 0))
          throw new Error(`step ${k + 1}: exit ${r.status}\n${r.stdout.slice(-3000)}\n${r.stderr}`)
        expect([k, r.outputs.status]).toEqual([k, want.status])
        want.check?.(r, repo)
      })
    })
  })
})

it('.env.example (for @github/local-action) sets every input of action.yml, and nothing else', () => {
  const text = fs.readFileSync(path.join(ROOT, '.env.example'), 'utf8')
  const names = [...text.matchAll(/^INPUT_([A-Z0-9-]+)=/gm)].map(m => m[1])
  const inputs = [...readActionYml().inputs.keys()].map(n => inputVar(n).slice('INPUT_'.length))
  expect(names.sort()).toEqual(inputs.sort())
  for (const v of ['GITHUB_WORKSPACE', 'RUNNER_TEMP', 'GITHUB_OUTPUT', 'GITHUB_STEP_SUMMARY'])
    expect(text).toMatch(new RegExp(`^${v}=`, 'm'))
})
