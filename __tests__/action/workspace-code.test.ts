/**
 * No code from the workspace runs in a swr step, and a recipe cannot read the job's secrets from
 * its parent. Run through the bundled Action as the runner runs it, with the hostile input itself:
 * a `.git/config` whose `core.fsmonitor`, `core.hooksPath` and an alias would run a script (as
 * `git ls-files` would) while the git source reads the repository, and a signed recipe that reads
 * `/proc/$PPID/environ`.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import {
  commit,
  makeRepo,
  NODES,
  runAction,
  snapshotAction,
  type ActionRepo,
  type ActionRun
} from '../../__fixtures__/action.js'
import { editAndApprove, hmacHex } from '../../__fixtures__/keys.js'
import { add, write } from '../../__fixtures__/workspace.js'
import type { FileEntry } from '../../src/core/types.js'

const KEY = hmacHex('workspace-code')
const TOKEN = 'runtime-token-Zq81vXk2'
const WORKFLOW_SECRET = 'workflow-secret-7Yt3pLm0'
/** setup-node puts the npm token in a NODE_ variable. */
const NPM_TOKEN = 'npm-token-Qw93kXz1'

/** Whether `node` can replace its own image (Node 22.15+), which the hand-over needs. */
function hasExecve(node: string): boolean {
  return (
    execFileSync(node, ['-p', 'typeof process.execve'], { encoding: 'utf8' }).trim() === 'function'
  )
}

describe.each(NODES)('on $name', ({ bin }) => {
  let repo: ActionRepo
  let r: ActionRun
  let ran: string
  let environDump: string
  let script: string

  beforeAll(async () => {
    repo = makeRepo()
    script = snapshotAction(repo.base)
    ran = path.join(repo.base, 'workspace-code-ran')
    environDump = path.join(repo.base, 'parent-environ')
    const opts = { ...repo.cli, env: { SWR_HMAC_KEY: KEY } }
    write(repo.root, 'conf/app.conf', 'setting=1\n', 0o644)
    write(repo.root, 'docs/notes.txt', 'notes\n', 0o644)
    write(repo.root, 'docs/guide.txt', 'guide\n', 0o644)
    await add(opts, 'conf/app.conf', '--id', 'conf')
    await add(opts, 'docs/notes.txt', '--id', 'notes')
    await add(opts, 'docs/guide.txt', '--id', 'guide')
    await editAndApprove(opts, doc => {
      const e = doc.body.entries.find(x => x.id === 'conf') as FileEntry
      // The recipe copies its parent's starting environment out, then restores the file.
      e.restore = `tr '\\0' '\\n' < /proc/$PPID/environ > '${environDump}'; printf 'setting=1\\n' > conf/app.conf`
    })
    // git holds other bytes than the recorded ones for these two: the git source refuses them,
    // so the recipe repairs `conf` and nothing repairs `notes`; `guide` comes back from git.
    write(repo.root, 'conf/app.conf', 'setting=2\n')
    write(repo.root, 'docs/notes.txt', 'other\n')
    commit(repo)
    // Planted after the commit, as a cache or artifact restore could plant it.
    const hook = path.join(repo.root, '.git', 'run-me.sh')
    fs.writeFileSync(hook, `#!/bin/sh\nenv > '${ran}'\nexit 0\n`, { mode: 0o755 })
    fs.appendFileSync(
      path.join(repo.root, '.git', 'config'),
      `[core]\n\tfsmonitor = ${hook}\n\thooksPath = .git\n[alias]\n\tls-files = !${hook}\n`
    )
    fs.rmSync(path.join(repo.root, 'conf/app.conf'))
    fs.rmSync(path.join(repo.root, 'docs/notes.txt'))
    fs.rmSync(path.join(repo.root, 'docs/guide.txt'))
    r = runAction(bin, script, repo, {
      inputs: { command: 'doctor', require: 'hmac', 'hmac-key': KEY },
      env: { ACTIONS_RUNTIME_TOKEN: TOKEN, WORKFLOW_SECRET, NODE_AUTH_TOKEN: NPM_TOKEN }
    })
  })

  afterAll(() => repo?.cleanup())

  it('the planted configuration is live: plain git ls-files runs it', () => {
    execFileSync('git', ['ls-files'], {
      cwd: repo.root,
      env: { PATH: process.env.PATH },
      stdio: 'ignore'
    })
    expect(fs.existsSync(ran)).toBe(true)
    fs.rmSync(ran)
  })

  it('repairs from git and annotates the tracked file without running any of it', () => {
    expect(r.outputs.status).toBe('unrepairable')
    expect((JSON.parse(r.outputs.repaired ?? '[]') as string[]).sort()).toEqual(['conf', 'guide'])
    expect(fs.readFileSync(path.join(repo.root, 'docs/guide.txt'), 'utf8')).toBe('guide\n')
    expect(fs.readFileSync(path.join(repo.root, 'conf/app.conf'), 'utf8')).toBe('setting=1\n')
    expect(fs.existsSync(path.join(repo.root, 'docs/notes.txt'))).toBe(false)
    const onFile = r.commands.filter(c => c.command === 'error' && c.props.file)
    expect(onFile.map(c => c.props.file)).toContain('docs/notes.txt')
    expect(fs.existsSync(ran)).toBe(false)
  })

  it("the recipe's parent holds none of the job's secrets in its environment", () => {
    const dumped = fs.readFileSync(environDump, 'utf8')
    expect(dumped).toMatch(/^PATH=/m)
    if (!hasExecve(bin)) {
      // Node before 22.15 cannot re-execute itself: documented, and the secrets are still there.
      expect(dumped).toContain(KEY)
      return
    }
    for (const secret of [KEY, TOKEN, WORKFLOW_SECRET, NPM_TOKEN])
      expect(dumped).not.toContain(secret)
    expect(dumped).not.toMatch(/^(INPUT_|ACTIONS_|GITHUB_)/m)
    // The step still had what it needed: the key verified the manifest, the outputs were written.
    expect(r.outputs['manifest-digest']).toMatch(/^[0-9a-f]{64}$/)
  })

  it('leaves no hand-over file behind', () => {
    const left = fs.readdirSync(repo.runnerTemp).filter(n => n.startsWith('swr-handover-'))
    expect(left).toEqual([])
  })
})
