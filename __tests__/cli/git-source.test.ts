/**
 * git as a restore source, through the bundled CLI (dist/cli/index.js) on real repositories made
 * here: a deleted tracked tree comes back from HEAD proven against the recorded hashes; a
 * committed blob that differs from the record is refused and the next source runs; a
 * `.git/config` whose fsmonitor, hooks, alias and a smudge filter would run code runs nothing;
 * a shallow, blob-less clone says "not in git" and fetches nothing.
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { commit, makeRepo, type ActionRepo } from '../../__fixtures__/action.js'
import { editAndApprove, hmacHex } from '../../__fixtures__/keys.js'
import { q, spawnSwr } from '../../__fixtures__/repair.js'
import { add, bytes, modeOf, write, type RunOptions } from '../../__fixtures__/workspace.js'
import type { RepairReport } from '../../src/core/report/report.js'
import type { FileEntry } from '../../src/core/types.js'

const KEY = hmacHex('git-source')

let repo: ActionRepo
let keyed: RunOptions & { manifestFile: string }

beforeEach(() => {
  repo = makeRepo()
  keyed = { ...repo.cli, env: { SWR_HMAC_KEY: KEY } }
})

afterEach(() => repo.cleanup())

/** Plain git in the test's repository, as a user would run it (the planted config is live). */
function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, {
    cwd,
    env: {
      PATH: process.env.PATH,
      HOME: repo.home,
      GIT_CONFIG_NOSYSTEM: '1',
      GIT_AUTHOR_NAME: 't',
      GIT_AUTHOR_EMAIL: 't@t.invalid',
      GIT_COMMITTER_NAME: 't',
      GIT_COMMITTER_EMAIL: 't@t.invalid'
    },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe']
  })
}

/** Plain git whose failure does not matter (a planted hook may make it fail after it ran). */
function gitLoose(cwd: string, ...args: string[]): void {
  try {
    git(cwd, ...args)
  } catch {
    // What counts is whether the planted command ran.
  }
}

/** `swr <mode> --json` through the bundled CLI, with its report. */
async function bundled(
  opts: RunOptions,
  ...args: string[]
): Promise<{ code: number; report: RepairReport; stderr: string }> {
  const r = await spawnSwr([...args, '--json'], opts).done
  try {
    return { code: r.code, report: JSON.parse(r.stdout) as RepairReport, stderr: r.stderr }
  } catch {
    throw new Error(`swr ${args.join(' ')} printed no report (${r.code}): ${r.stdout}${r.stderr}`)
  }
}

const stepOf = (report: RepairReport, id: string) => {
  const s = report.repair.steps.find(x => x.id === id)
  if (!s) throw new Error(`no step for ${id}: ${JSON.stringify(report.repair.steps)}`)
  return s
}

/** A source tree with a subdirectory, an executable, a link and a file git would filter. */
function writeTree(): void {
  write(repo.root, 'src/package.json', '{"name":"x"}\n', 0o644)
  write(repo.root, 'src/index.ts', 'export const a = 1\n', 0o644)
  write(repo.root, 'src/lib/util.ts', 'export const u = 2\n'.repeat(200), 0o644)
  write(repo.root, 'src/bin/run.sh', '#!/bin/sh\necho run\n', 0o755)
  fs.symlinkSync('../index.ts', path.join(repo.root, 'src/lib/entry.ts'))
}

describe('a deleted tracked tree', () => {
  it('comes back from git, proven against the recorded hashes, with no recipe', async () => {
    writeTree()
    // A file whose recorded mode git cannot hold (git keeps only the executable bit).
    write(repo.root, 'conf/private.conf', 'secret-free=1\n', 0o600)
    await add(keyed, 'src', '--id', 'src')
    await add(keyed, 'conf/private.conf', '--id', 'private')
    commit(repo)
    const before = fs.readFileSync(path.join(repo.root, 'src/lib/util.ts'))
    fs.rmSync(path.join(repo.root, 'src'), { recursive: true })
    fs.rmSync(path.join(repo.root, 'conf/private.conf'))

    // The diagnosis knows git is a way back: it sends the user to restore, not to write a recipe.
    const checked = await spawnSwr(['check', '--json'], keyed).done
    const advice = (
      JSON.parse(checked.stdout) as {
        diagnosis: { advice: { id: string; restorable?: boolean }[] }
      }
    ).diagnosis.advice
    expect(advice.find(a => a.id === 'src')?.restorable).toBe(true)
    const dry = await spawnSwr(['doctor', '--dry-run'], keyed).done
    expect(dry.stdout).toMatch(/tier \d src <- git/)

    const r = await bundled(keyed, 'restore')
    expect(r.code).toBe(0)
    expect(r.report.repair.outcome).toBe('repaired')
    const plan = r.report.repair.plan.flat().find(s => s.id === 'src')
    expect(plan?.sources).toEqual(['git'])
    const step = stepOf(r.report, 'src')
    expect(step.source).toBe('git')
    expect(step.attempts).toEqual([expect.objectContaining({ source: 'git', outcome: 'healed' })])
    expect(step.detail).toMatch(/^restored from git HEAD [0-9a-f]{12}$/)
    expect(step.after?.detail).toMatch(/every byte verified while extracting/)
    expect(fs.readFileSync(path.join(repo.root, 'src/lib/util.ts'))).toEqual(before)
    expect(fs.readlinkSync(path.join(repo.root, 'src/lib/entry.ts'))).toBe('../index.ts')
    expect(modeOf(path.join(repo.root, 'src/bin/run.sh'))).toBe(0o755)
    expect(modeOf(path.join(repo.root, 'conf/private.conf'))).toBe(0o600)
    const check = await spawnSwr(['check'], keyed).done
    expect(check.code).toBe(0)
  })
})

describe('a committed blob that differs from the record', () => {
  it('is refused by git; the recipe runs next, or the entry is unrepairable with the reason', async () => {
    const log = path.join(repo.outside, 'log')
    write(repo.root, 'conf/app.conf', 'setting=1\n', 0o644)
    write(repo.root, 'conf/other.conf', 'other=1\n', 0o644)
    await add(keyed, 'conf/app.conf', '--id', 'app')
    await add(keyed, 'conf/other.conf', '--id', 'other')
    await editAndApprove(keyed, doc => {
      const e = doc.body.entries.find(x => x.id === 'app') as FileEntry
      e.restore = `echo recipe >> ${q(log)}; mkdir -p conf; printf 'setting=1\\n' > conf/app.conf`
    })
    // Same size, other bytes: only the sha256 tells them apart.
    write(repo.root, 'conf/app.conf', 'setting=2\n')
    write(repo.root, 'conf/other.conf', 'other=2\n')
    commit(repo)
    fs.rmSync(path.join(repo.root, 'conf'), { recursive: true })

    const r = await bundled(keyed, 'restore')
    const app = stepOf(r.report, 'app')
    expect(app.outcome).toBe('repaired')
    expect(app.source).toBe('recipe')
    expect(app.attempts.map(a => [a.source, a.outcome])).toEqual([
      ['git', 'not-healed'],
      ['recipe', 'healed']
    ])
    expect(app.attempts[0]?.detail).toMatch(
      /^git HEAD [0-9a-f]{12} refused: the file: content differs from the recorded sha256$/
    )
    expect(fs.readFileSync(log, 'utf8')).toBe('recipe\n')
    expect(fs.readFileSync(path.join(repo.root, 'conf/app.conf'), 'utf8')).toBe('setting=1\n')

    const other = stepOf(r.report, 'other')
    expect(other.outcome).toBe('failed')
    expect(other.detail).toMatch(/content differs from the recorded sha256/)
    // Nothing of git's wrong copy was placed.
    expect(fs.existsSync(path.join(repo.root, 'conf/other.conf'))).toBe(false)
    expect(r.report.repair.outcome).toBe('unrepairable')
    expect(r.code).toBe(2)
  })
})

describe('bounds', () => {
  it('a blob over what is held in memory streams to scratch; an oversized one is refused unread', async () => {
    const big = bytes(6 * 1024 * 1024, 3)
    write(repo.root, 'models/weights.bin', big, 0o644)
    write(repo.root, 'conf/small.conf', 'small=1\n', 0o644)
    await add(keyed, 'models/weights.bin', '--id', 'weights', '--kind', 'blob')
    await add(keyed, 'conf/small.conf', '--id', 'small')
    // git holds 32 MiB where 8 bytes are recorded.
    write(repo.root, 'conf/small.conf', bytes(32 * 1024 * 1024, 4))
    commit(repo)
    fs.rmSync(path.join(repo.root, 'models/weights.bin'))
    fs.rmSync(path.join(repo.root, 'conf/small.conf'))

    const r = await bundled(keyed, 'restore')
    expect(stepOf(r.report, 'weights')).toMatchObject({ outcome: 'repaired', source: 'git' })
    expect(fs.readFileSync(path.join(repo.root, 'models/weights.bin')).equals(big)).toBe(true)
    expect(stepOf(r.report, 'small').detail).toMatch(
      /^git HEAD [0-9a-f]{12} refused: size 33554432, recorded 8$/
    )
    expect(fs.existsSync(path.join(repo.root, 'conf/small.conf'))).toBe(false)
  })
})

describe('a .git/config that would run code', () => {
  it('runs nothing while the tree is restored from git', async () => {
    writeTree()
    await add(keyed, 'src', '--id', 'src')
    commit(repo)
    const ran = path.join(repo.base, 'workspace-code-ran')
    const hook = path.join(repo.root, '.git', 'run-me.sh')
    fs.writeFileSync(hook, `#!/bin/sh\necho "$0 $*" >> '${ran}'\ncat\n`, { mode: 0o755 })
    // Planted after the commit, as a cache or artifact restore could plant it.
    fs.appendFileSync(
      path.join(repo.root, '.git', 'config'),
      [
        '[core]',
        `\tfsmonitor = ${hook}`,
        '\thooksPath = .git',
        `\tpager = ${hook}`,
        `\tsshCommand = ${hook}`,
        '[alias]',
        `\tcat-file = !${hook}`,
        `\tls-tree = !${hook}`,
        `\tplanted = !${hook}`,
        '[filter "evil"]',
        `\tsmudge = ${hook}`,
        '[diff]',
        `\texternal = ${hook}`,
        ''
      ].join('\n')
    )
    fs.mkdirSync(path.join(repo.root, '.git', 'info'), { recursive: true })
    fs.writeFileSync(path.join(repo.root, '.git', 'info', 'attributes'), '* filter=evil\n')
    fs.copyFileSync(hook, path.join(repo.root, '.git', 'post-checkout'))

    // Live: plain git runs the alias, the fsmonitor and the smudge filter.
    gitLoose(repo.root, 'planted')
    expect(fs.readFileSync(ran, 'utf8')).not.toBe('')
    fs.rmSync(ran)
    gitLoose(repo.root, 'status', '--short')
    expect(fs.existsSync(ran)).toBe(true)
    fs.rmSync(ran)
    fs.rmSync(path.join(repo.root, 'src/index.ts'))
    gitLoose(repo.root, 'checkout', '--', 'src/index.ts')
    expect(fs.existsSync(ran)).toBe(true)
    fs.rmSync(ran)

    fs.rmSync(path.join(repo.root, 'src'), { recursive: true })
    const r = await bundled(keyed, 'doctor')
    expect(r.code).toBe(0)
    expect(stepOf(r.report, 'src').source).toBe('git')
    expect(fs.readFileSync(path.join(repo.root, 'src/index.ts'), 'utf8')).toBe(
      'export const a = 1\n'
    )
    expect(fs.existsSync(ran)).toBe(false)
  })
})

describe('a shallow clone without the blob', () => {
  it('says "not in git" and fetches nothing', async () => {
    writeTree()
    await add(keyed, 'src', '--id', 'src')
    commit(repo)
    git(repo.root, 'config', 'uploadpack.allowFilter', 'true')
    const clone = path.join(repo.base, 'clone')
    git(
      repo.base,
      'clone',
      '-q',
      '--depth=1',
      '--filter=blob:none',
      '--sparse',
      `file://${repo.root}`,
      clone
    )
    git(clone, 'sparse-checkout', 'add', '.swr')
    const oid = git(clone, 'rev-parse', 'HEAD:src/index.ts').trim()
    expect(fs.existsSync(path.join(clone, 'src'))).toBe(false)
    const inClone = { ...keyed, root: clone, manifestFile: path.join(clone, '.swr/manifest.json') }

    const r = await bundled(inClone, 'restore')
    expect(r.report.repair.outcome).toBe('unrepairable')
    const step = stepOf(r.report, 'src')
    expect(step.attempts).toEqual([expect.objectContaining({ source: 'git', outcome: 'miss' })])
    expect(step.detail).toMatch(
      /^git HEAD [0-9a-f]{12}: not in git: src\/\S+ \(object [0-9a-f]{12}\) is not in this clone \(a shallow clone\); swr does not fetch it$/
    )
    expect(fs.existsSync(path.join(clone, 'src'))).toBe(false)
    // Nothing was fetched: the object is still missing.
    expect(() =>
      execFileSync('git', ['cat-file', '-e', oid], {
        cwd: clone,
        env: { PATH: process.env.PATH, GIT_NO_LAZY_FETCH: '1' },
        stdio: 'ignore'
      })
    ).toThrow()
  })
})
