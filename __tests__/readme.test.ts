/**
 * The README's quick starts, done as a new user would do them: the CLI block run line by line
 * through bash with `swr` as the bundled CLI, and the Action quick start (record with `swr add`,
 * then the workflow's swr step run through the bundled Action) on a real workspace. A README
 * snippet that stops working fails here.
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import {
  ACTION_DIST,
  makeRepo,
  NODES,
  ROOT,
  runAction,
  type ActionRepo
} from '../__fixtures__/action.js'
import { write } from '../__fixtures__/workspace.js'
import {
  runStepOn,
  snapshotBundles,
  stepCacheEnv,
  type StepRun
} from '../__fixtures__/cache-run.js'
import { startCacheServer } from '../__fixtures__/cache-server.js'
import { CACHE_YML } from '../__fixtures__/sealed-cache.js'

const README = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8')
const CLI = path.join(ROOT, 'dist', 'cli', 'index.js')

/** The fenced blocks of `lang` under the heading that starts with `heading`. */
function blocks(heading: string, lang: string): string[] {
  const start = README.indexOf(`## ${heading}`)
  expect(start).toBeGreaterThanOrEqual(0)
  const end = README.indexOf('\n## ', start + 3)
  const section = README.slice(start, end < 0 ? undefined : end)
  return [...section.matchAll(new RegExp('```' + lang + '\\n([\\s\\S]*?)\\n\\s*```', 'g'))].map(m =>
    m[1]!.replace(/^ {3}/gm, '')
  )
}

/** Run `script` in bash with `swr` (and `npx ... swr`) bound to the bundled CLI. */
function bash(script: string, repo: ActionRepo) {
  const prelude = [
    `swr() { "${process.execPath}" "${CLI}" "$@"; }`,
    'npx() { while [ "$1" != swr ]; do shift; done; shift; swr "$@"; }',
    'set -e'
  ].join('\n')
  return spawnSync('bash', ['-c', `${prelude}\n${script}`], {
    cwd: repo.root,
    env: { PATH: process.env.PATH, HOME: repo.home, SWR_STATE_DIR: repo.stateDir, NO_COLOR: '1' },
    encoding: 'utf8'
  })
}

describe('README: size', () => {
  it('stays at most 12 KB: details belong in docs/', () => {
    expect(Buffer.byteLength(README)).toBeLessThanOrEqual(12_000)
  })
})

let repo: ActionRepo
beforeEach(() => {
  repo = makeRepo()
})
afterEach(() => repo.cleanup())

describe('README: five minutes with the CLI', () => {
  it('every swr line of the block runs, on the files it names, ending healthy', () => {
    const [block] = blocks('Five minutes: the CLI', 'sh')
    const script = block!
      .replace(/\\\n\s*/g, '')
      .split('\n')
      .filter(l => l.startsWith('swr '))
      .join('\n')
    expect(script.split('\n').length).toBeGreaterThanOrEqual(7)
    write(repo.root, 'scripts/build.sh', '#!/bin/sh\necho build\n', 0o755)
    write(repo.root, 'models/llama.gguf', 'GGUF model bytes\n', 0o644)
    write(repo.root, 'vendor/llama.cpp/ggml/src/ggml.c', 'int main(void) { return 0; }\n', 0o644)
    const r = bash(script, repo)
    expect({ status: r.status, stderr: r.stderr }).toEqual({
      status: 0,
      stderr: expect.any(String)
    })
    expect(r.stdout).toMatch(/3\/3 healthy/)
  })
})

describe('README: five minutes in GitHub Actions', () => {
  it('records with the step-1 command, and the workflow swr step finds the workspace healthy, then damaged', () => {
    const [step1] = blocks('Five minutes: a manifest gate', 'sh')
    const record = step1!.split('\n').filter(l => l.startsWith('npx '))
    expect(record).toHaveLength(1)
    write(repo.root, 'node_modules/left-pad/index.js', 'module.exports = s => s\n', 0o644)
    write(repo.root, 'models/m.bin', 'weights\n', 0o644)
    const r = bash(record.join('\n'), repo)
    expect(r.status).toBe(0)
    expect(fs.existsSync(path.join(repo.root, '.swr', 'manifest.json'))).toBe(true)

    const [workflow] = blocks('Five minutes: a manifest gate', 'yaml')
    expect(workflow!.trim().split('\n')).toHaveLength(12)
    const step = /uses: OWNER\/swr-action@v1\n\s*with: \{ command: (\w+) \}/.exec(workflow!)
    expect(step?.[1]).toBe('check')
    const script = path.join(ACTION_DIST, 'index.js')
    const node = NODES[0]!.bin
    const healthy = runAction(node, script, repo, { inputs: { command: step![1]! } })
    expect(healthy.outputs.status).toBe('healthy')
    fs.rmSync(path.join(repo.root, 'models', 'm.bin'))
    const damaged = runAction(node, script, repo, { inputs: { command: step![1]! } })
    expect(damaged.status).not.toBe(0)
    expect(damaged.outputs.status).toBe('damaged')
    expect(JSON.parse(damaged.outputs.damaged ?? '[]')).toEqual(['models'])
  })
})

describe('README: the repair path', () => {
  it('keygen, sign, the key as a secret and the doctor step as written: the entry is repaired, not refused', () => {
    const section = blocks('Five minutes: a manifest gate', 'sh')
    const setup = section[1]!
      .split('\n')
      .filter(l => l.startsWith('swr '))
      // The recipe as written downloads; here it writes the same file without the network.
      .map(l => l.replace(/--restore '[^']*'/, `--restore 'printf weights > models/m.bin'`))
    expect(setup).toHaveLength(2)
    write(repo.root, 'models/m.bin', 'weights', 0o644)
    expect(bash('swr add models --kind tree', repo).status).toBe(0)
    const home = spawnSync(
      'bash',
      ['-c', `swr() { "${process.execPath}" "${CLI}" "$@"; }\nset -e\n${setup.join('\n')}`],
      {
        cwd: repo.root,
        env: { PATH: process.env.PATH, HOME: repo.home, NO_COLOR: '1' },
        encoding: 'utf8'
      }
    )
    expect(home.stderr).toBe('')
    expect(home.status).toBe(0)
    const key = fs
      .readFileSync(path.join(repo.home, '.local/state/swr/keys/hmac.key'), 'utf8')
      .trim()
    const yaml = blocks('Five minutes: a manifest gate', 'yaml')[1]!
    const inputs =
      /with: \{ command: (\w+), require: (\w+), hmac-key: "\$\{\{ secrets\.SWR_HMAC_KEY \}\}" \}/.exec(
        yaml
      )
    expect(inputs).not.toBeNull()
    fs.rmSync(path.join(repo.root, 'models', 'm.bin'))
    const r = runAction(NODES[0]!.bin, path.join(ACTION_DIST, 'index.js'), repo, {
      inputs: { command: inputs![1]!, require: inputs![2]!, 'hmac-key': key }
    })
    expect(r.outputs.status).toBe('repaired')
    expect(fs.readFileSync(path.join(repo.root, 'models', 'm.bin'), 'utf8')).toBe('weights')
  })
})

describe('README: five minutes with a sealed cache', () => {
  it("the snippet's cache step, as written: a miss seals after the install, the next job restores every byte", async () => {
    const [snippet] = blocks('Five minutes: a sealed cache', 'yaml')
    expect(snippet).toMatch(/uses: OWNER\/swr-action\/cache@v1/)
    // The `with:` block, with the expressions a runner would fill in.
    const fill = (v: string): string =>
      v
        .replace(/\$\{\{ runner\.os \}\}/g, 'Linux')
        .replace(/\$\{\{ runner\.arch \}\}/g, 'X64')
        .replace(/\$\{\{ hashFiles\('package-lock\.json'\) \}\}/g, 'abc123')
        .replace(/\$\{\{ secrets\.SWR_HMAC_KEY \}\}/g, 'k'.repeat(64))
    const withBlock = snippet!.slice(snippet!.indexOf('with:') + 5, snippet!.indexOf('- if:'))
    const inputs = Object.fromEntries(
      withBlock
        .split('\n')
        .map(l => l.replace(/\s+#.*$/, '').trim())
        .filter(Boolean)
        .map(l => [l.slice(0, l.indexOf(':')), fill(l.slice(l.indexOf(':') + 1).trim())])
    )
    expect(Object.keys(inputs).sort()).toEqual(['hmac-key', 'key', 'path', 'restore-keys'])
    const ifLine = /- if: steps\.deps\.outputs\.cache-hit != 'true'/.test(snippet!)
    expect(ifLine).toBe(true)

    const server = await startCacheServer()
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'swr-readme-cache-'))
    try {
      const bundles = snapshotBundles(tmp)
      const temp = path.join(tmp, 'runner-temp')
      const job = async (install: boolean): Promise<StepRun> => {
        const r = makeRepo()
        fs.rmSync(temp, { recursive: true, force: true })
        fs.mkdirSync(temp)
        const runner = { ...r, runnerTemp: temp }
        const env = stepCacheEnv(server, runner)
        const main = await runStepOn(NODES[0]!.bin, bundles.cacheMain, runner, {
          actionYml: CACHE_YML.cache,
          inputs,
          env
        })
        if (install && main.outputs['cache-hit'] !== 'true')
          write(r.root, 'node_modules/left-pad/index.js', 'module.exports = s => s\n', 0o644)
        await runStepOn(NODES[0]!.bin, bundles.cachePost, runner, {
          actionYml: CACHE_YML.cache,
          inputs,
          env,
          state: main.state
        })
        return main
      }
      const first = await job(true)
      expect(first.outputs['cache-hit']).toBe('false')
      const second = await job(false)
      expect(second.outputs['cache-hit']).toBe('true')
      expect(JSON.parse(second.outputs.report ?? '{}')).toMatchObject({
        outcome: 'hit',
        restored: true
      })
    } finally {
      await server.close()
      fs.rmSync(tmp, { recursive: true, force: true })
    }
  }, 120_000)
})
