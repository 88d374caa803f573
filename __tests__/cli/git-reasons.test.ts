/**
 * Why git was passed over, worded for what happened, through the bundled CLI on real repositories
 * made here: an object lost from a full clone is not "a shallow or partial clone"; a removed pack
 * index is not "HEAD names no commit", and an unborn HEAD says it is unborn; the text report of
 * `doctor` shows each reason on the step the recipe then repaired, as `--json` has it.
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { commit, makeRepo, type ActionRepo } from '../../__fixtures__/action.js'
import { editAndApprove, hmacHex } from '../../__fixtures__/keys.js'
import { spawnSwr } from '../../__fixtures__/repair.js'
import { add, write, type RunOptions } from '../../__fixtures__/workspace.js'
import type { RepairReport } from '../../src/core/report/report.js'
import type { FileEntry } from '../../src/core/types.js'

const KEY = hmacHex('git-reasons')
const CONF = 'setting=1\n'

let repo: ActionRepo
let keyed: RunOptions & { manifestFile: string }

beforeEach(async () => {
  repo = makeRepo()
  keyed = { ...repo.cli, env: { SWR_HMAC_KEY: KEY } }
  write(repo.root, 'conf/app.conf', CONF, 0o644)
  await add(keyed, 'conf/app.conf', '--id', 'app')
  await editAndApprove(keyed, doc => {
    ;(doc.body.entries[0] as FileEntry).restore =
      `mkdir -p conf && printf 'setting=1\\n' > conf/app.conf`
  })
})
afterEach(() => repo.cleanup())

function git(...args: string[]): string {
  return execFileSync('git', args, {
    cwd: repo.root,
    env: {
      PATH: process.env.PATH,
      HOME: repo.home,
      GIT_CONFIG_NOSYSTEM: '1',
      GIT_AUTHOR_NAME: 't',
      GIT_AUTHOR_EMAIL: 't@t.invalid',
      GIT_COMMITTER_NAME: 't',
      GIT_COMMITTER_EMAIL: 't@t.invalid'
    },
    encoding: 'utf8'
  })
}

/** `doctor` twice on the same damage: `--json` for the attempts, then text for what a person reads. */
async function doctorBoth(): Promise<{ json: RepairReport; text: string }> {
  const damage = (): void => fs.rmSync(path.join(repo.root, 'conf/app.conf'), { force: true })
  damage()
  const j = await spawnSwr(['doctor', '--json'], keyed).done
  let json: RepairReport
  try {
    json = JSON.parse(j.stdout) as RepairReport
  } catch {
    throw new Error(`doctor printed no report (${j.code}): ${j.stdout}${j.stderr}`)
  }
  expect(j.code).toBe(0)
  damage()
  const t = await spawnSwr(['doctor'], keyed).done
  expect(t.code).toBe(0)
  expect(fs.readFileSync(path.join(repo.root, 'conf/app.conf'), 'utf8')).toBe(CONF)
  return { json, text: t.stdout }
}

function gitAttempt(r: RepairReport): { outcome: string; detail: string } {
  const step = r.repair.steps.find(s => s.id === 'app')
  expect(step).toMatchObject({ outcome: 'repaired', source: 'recipe' })
  const a = step?.attempts.find(x => x.source === 'git')
  expect(step?.attempts.at(-1)).toMatchObject({ source: 'recipe', outcome: 'healed' })
  if (!a) throw new Error(`no git attempt: ${JSON.stringify(step)}`)
  return a
}

describe('why git was passed over', () => {
  it('an object lost from a full clone is named as such, not as a shallow or partial clone', async () => {
    commit(repo)
    const oid = git('rev-parse', 'HEAD:conf/app.conf').trim()
    expect(git('rev-parse', '--is-shallow-repository').trim()).toBe('false')
    fs.rmSync(path.join(repo.root, '.git/objects', oid.slice(0, 2), oid.slice(2)))
    const { json, text } = await doctorBoth()
    const a = gitAttempt(json)
    expect(a.outcome).toBe('not-healed')
    expect(a.detail).toMatch(
      /^git HEAD [0-9a-f]{12} refused: conf\/app\.conf \(object [0-9a-f]{12}\) is missing from the object store of this full clone \(a lost object file, pack or pack index\); swr does not fetch it$/
    )
    expect(a.detail).not.toMatch(/shallow|partial/)
    expect(text).toContain(`passed over git: ${a.detail}`)
  })

  it('a removed pack index is not "HEAD names no commit"', async () => {
    commit(repo)
    git('gc', '-q')
    const pack = path.join(repo.root, '.git/objects/pack')
    const idx = fs.readdirSync(pack).filter(n => n.endsWith('.idx'))
    expect(idx.length).toBeGreaterThan(0)
    for (const n of idx) fs.rmSync(path.join(pack, n))
    const head = git('rev-parse', 'HEAD').trim()
    const { json, text } = await doctorBoth()
    const a = gitAttempt(json)
    expect(a.outcome).toBe('not-healed')
    expect(a.detail).toBe(
      `git refused: HEAD names commit ${head.slice(0, 12)}, which this repository cannot read (a removed pack or pack index, or a lost object file)`
    )
    expect(a.detail).not.toMatch(/names no commit/)
    expect(text).toContain(`passed over git: ${a.detail}`)
  })

  it('an unborn HEAD (files staged, nothing committed) says so', async () => {
    git('init', '-q', '-b', 'main')
    git('add', '-A')
    const { json, text } = await doctorBoth()
    const a = gitAttempt(json)
    expect(a).toMatchObject({
      outcome: 'miss',
      detail: 'git: not in git: HEAD is unborn (nothing committed on main yet)'
    })
    expect(text).toContain(`passed over git: ${a.detail}`)
  })
})
