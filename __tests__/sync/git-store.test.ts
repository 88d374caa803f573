// swr push / pull / sync status through a real git remote: a bare repository reached by its path
// and by a remote name of the workspace's own repository. The copy lives on refs/swr/NAME only;
// every refusal (wrong key, altered copy, pin mismatch, unsigned manifest, a manifest in place) is
// one line, exit 2 or 4, and writes nothing.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import {
  dropBundle,
  hex64,
  makeBox,
  plantBundle,
  syncSchemaErrors,
  write,
  type Box
} from '../../__fixtures__/sync-box.js'
import { makeCode, parseCode } from '../../src/core/sync/recovery-code.js'

const SECRET = 'escrowed-value-9d1e'
const KEYS = { SWR_HMAC_KEY: hex64('a'), SWR_SYNC_KEY: hex64('b') }
let a: Box
let b: Box
let remote: string
let code: string
let pushedSha: string

const git = (args: string[], cwd?: string): string =>
  execFileSync('git', args, {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, GIT_TERMINAL_PROMPT: '0' }
  })

/** Every code that differs from `good` in one letter of its pin. */
function pinSlips(good: string): string[] {
  const [prefix, pin, ...rest] = good.split(':')
  const out: string[] = []
  for (let i = 0; i < (pin as string).length; i++) {
    if ((pin as string)[i] === '-') continue
    for (const c of 'abcdefghijklmnopqrstuvwxyz234567') {
      if (c === (pin as string)[i]) continue
      const slip = (pin as string).slice(0, i) + c + (pin as string).slice(i + 1)
      out.push([prefix, slip, ...rest].join(':'))
    }
  }
  return out
}

function checksumRefuses(text: string): boolean {
  try {
    parseCode(text)
    return false
  } catch (err) {
    return /checksum word/.test(String(err))
  }
}

/** What a refusal must leave behind on box b: no manifest, no index, nothing under .swr. */
function expectNothingWritten(box: Box): void {
  expect(fs.existsSync(path.join(box.ws, '.swr'))).toBe(false)
}

beforeAll(async () => {
  a = makeBox(KEYS)
  b = makeBox(KEYS)
  remote = path.join(a.base, 'remote.git')
  git(['init', '--quiet', '--bare', remote])
  write(a.ws, 'conf/token.ini', `greeting=${SECRET}\n`)
  write(a.ws, 'src/a.c', 'int a;\n')
  // The workspace is itself a git repository with a remote: push must leave it untouched.
  git(['init', '--quiet', a.ws])
  git(['-C', a.ws, 'remote', 'add', 'backup', remote])
  for (const args of [
    ['add', 'conf/token.ini', '--id', 'token', '--restore', 'true'],
    ['add', 'src', '--id', 'src'],
    ['escrow', '--only', 'token']
  ])
    expect((await a.cli(args)).code).toBe(0)
})
afterAll(() => {
  a.cleanup()
  b.cleanup()
  dropBundle()
})

describe('git store', () => {
  it('pushes to a bare repository by path and by remote name, on refs/swr only, and reads it back', async () => {
    const push = await a.cli(['push', '--to', `git:${remote}`, '--to', 'git:backup', '--json'])
    expect(push.stderr).toBe('')
    expect(push.code).toBe(0)
    const doc = JSON.parse(push.stdout) as {
      sealed: boolean
      sha256: string
      code: string
      replicas: { ok: boolean; locator: string }[]
    }
    expect(syncSchemaErrors(doc)).toEqual([])
    expect(doc.sealed).toBe(true)
    expect(doc.replicas.map(r => [r.ok, r.locator])).toEqual([
      [true, `git:${remote}#ws`],
      [true, `git:${remote}#ws`]
    ])
    code = doc.code
    pushedSha = doc.sha256
    expect(git(['for-each-ref', '--format=%(refname)'], remote).trim()).toBe('refs/swr/ws')
    const stored = git(['cat-file', 'blob', 'refs/swr/ws:bundle.json'], remote)
    expect(stored).toContain('"sealed":true')
    expect(stored).not.toContain(SECRET)
    expect(stored).not.toContain('conf/token.ini')
    // The workspace repository gained no commit, branch or ref.
    expect(git(['for-each-ref'], a.ws)).toBe('')
    const status = await a.cli(['sync', 'status', '--json'])
    expect(status.code).toBe(0)
    const st = JSON.parse(status.stdout) as { replicas: { health: string; age_s: number }[] }
    expect(syncSchemaErrors(st)).toEqual([])
    expect(st.replicas.map(r => r.health)).toEqual(['ok', 'ok'])
  })

  it('pulls on an empty machine with the recovery code, byte for byte', async () => {
    const pull = await b.cli(['pull', '--code', code, '--require', 'hmac', '--json'])
    expect(pull.stderr).toBe('')
    expect(pull.code).toBe(0)
    expect(syncSchemaErrors(JSON.parse(pull.stdout))).toEqual([])
    expect(fs.readFileSync(b.manifest)).toEqual(fs.readFileSync(a.manifest))
    const idx = fs.readdirSync(path.join(b.ws, '.swr')).filter(n => n !== 'manifest.json')
    expect(idx.length).toBeGreaterThan(0)
    // A second pull never writes over it.
    const again = await b.cli(['pull', '--code', code])
    expect(again.code).toBe(4)
    expect(again.stderr).toMatch(/^swr: .*already exists: pull never overwrites a manifest/)
    expect(again.stderr.trim().split('\n')).toHaveLength(1)
    expect(fs.readFileSync(b.manifest)).toEqual(fs.readFileSync(a.manifest))
    expect((await b.cli(['pull', '--code', code, '--if-missing'])).code).toBe(0)
    fs.rmSync(path.join(b.ws, '.swr'), { recursive: true })
  })

  it('refuses a mistyped code before any network access', async () => {
    // The check word is 7 bits: one slip in 128 passes it. Take a slip it catches.
    const typo = pinSlips(code).find(t => checksumRefuses(t))
    expect(typo).toBeDefined()
    const r = await b.cli(['pull', '--code', typo as string])
    expect(r.code).toBe(4)
    expect(r.stderr).toMatch(/checksum word does not match/)
    expectNothingWritten(b)
  })

  it('refuses a slip the check word misses by the pin, writing nothing', async () => {
    // The one slip in 128 the word lets through: a well-formed code for another copy's bytes.
    const locator = code.split(':').slice(3).join(':')
    const slipped = makeCode(
      locator,
      pushedSha.replace(/^./, c => (c === '0' ? '1' : '0'))
    )
    expect(checksumRefuses(slipped)).toBe(false)
    const r = await b.cli(['pull', '--code', slipped])
    expect(r.code).toBe(2)
    expect(r.stderr).toMatch(/^swr: pulled bundle refused: .* is not the pinned one\n$/)
    expectNothingWritten(b)
  })

  it('refuses a wrong sync key and an unsigned or untrusted manifest, writing nothing', async () => {
    const wrongKey = await b.cli(['pull', '--code', code], { SWR_SYNC_KEY: hex64('c') })
    expect(wrongKey.code).toBe(2)
    expect(wrongKey.stderr).toMatch(
      /^swr: pulled bundle refused: it is sealed to another sync key\n$/
    )
    expectNothingWritten(b)
    const untrusted = await b.cli(['pull', '--code', code, '--require', 'hmac'], {
      SWR_HMAC_KEY: hex64('d')
    })
    expect(untrusted.code).toBe(2)
    expect(untrusted.stderr).toMatch(/^swr: pulled manifest refused: /)
    expect(untrusted.stderr.trim().split('\n')).toHaveLength(1)
    expectNothingWritten(b)
  })

  it('refuses an altered copy: the pin fails with the code, the seal fails without it', async () => {
    // Replace the stored bundle with one whose ciphertext has one byte changed.
    const env = JSON.parse(git(['cat-file', 'blob', 'refs/swr/ws:bundle.json'], remote)) as {
      ct: string
    }
    const ct = Buffer.from(env.ct, 'base64')
    ct[ct.length >> 1] = (ct[ct.length >> 1] ?? 0) ^ 1
    env.ct = ct.toString('base64')
    plantBundle(remote, 'ws', JSON.stringify(env), a.base)

    const pinned = await b.cli(['pull', '--code', code])
    expect(pinned.code).toBe(2)
    expect(pinned.stderr).toMatch(/^swr: pulled bundle refused: .* is not the pinned one\n$/)
    expectNothingWritten(b)
    const wrongPin = await b.cli([
      'pull',
      '--from',
      `git:${remote}`,
      '--sha256',
      pushedSha.replace(/^./, c => (c === '0' ? '1' : '0'))
    ])
    expect(wrongPin.code).toBe(2)
    expect(wrongPin.stderr).toMatch(/not the pinned one/)
    const unpinned = await b.cli(['pull', '--from', `git:${remote}`])
    expect(unpinned.code).toBe(2)
    expect(unpinned.stderr).toMatch(
      /^swr: pulled bundle refused: it does not open \(altered in transit or storage\)\n$/
    )
    expectNothingWritten(b)

    const status = await a.cli(['sync', 'status', '--json'])
    expect(status.code).toBe(1)
    const st = JSON.parse(status.stdout) as { healthy: boolean; replicas: { health: string }[] }
    expect(syncSchemaErrors(st)).toEqual([])
    expect(st.healthy).toBe(false)
    expect(st.replicas.map(r => r.health)).toEqual(['mismatch', 'mismatch'])
  })

  it('reports an unreachable remote in one line and refuses transports other than file, git, http(s), ssh', async () => {
    const gone = await b.cli(['pull', '--from', `git:${path.join(b.base, 'nowhere.git')}`])
    expect(gone.code).toBe(2)
    expect(gone.stderr.trim().split('\n')).toHaveLength(1)
    expect(gone.stderr).toMatch(/^swr: pull: no store gave a copy: git:/)
    const ext = await a.cli(['push', '--to', 'git:ext::sh -c touch% /tmp/pwned'])
    expect(ext.code).toBe(4)
    expect(ext.stderr).toMatch(/not allowed/)
    const dash = await a.cli(['push', '--to', 'git:--upload-pack=touch /tmp/x'])
    expect(dash.code).toBe(4)
    expectNothingWritten(b)
  })

  describe('no code of a repository runs, and the copy never lands in the workspace', () => {
    /** A bare repository whose every receiving hook, and a hooksPath, would leave `marker`. */
    function hookedRepo(dir: string, marker: string): void {
      git(['init', '--quiet', '--bare', dir])
      const hook = `#!/bin/sh\necho "$0" >> '${marker}'\ncat >/dev/null\nexit 0\n`
      const hooksDir = path.join(dir, 'my-hooks')
      fs.mkdirSync(hooksDir)
      for (const name of [
        'pre-receive',
        'update',
        'post-receive',
        'post-update',
        'reference-transaction'
      ])
        for (const d of [path.join(dir, 'hooks'), hooksDir])
          fs.writeFileSync(path.join(d, name), hook, { mode: 0o755 })
      git(['config', 'core.hooksPath', hooksDir], dir)
    }

    it('a bare word is a remote name, never a directory of that name in the working directory', async () => {
      const marker = path.join(a.base, 'origin-hook-ran')
      hookedRepo(path.join(a.ws, 'origin'), marker)
      const r = await a.cli(['push', '--to', 'git:origin'])
      expect(r.code).toBe(4)
      expect(r.stderr.trim().split('\n')).toHaveLength(1)
      expect(r.stderr).toMatch(/no remote of that name here \(spell a path as \.\/origin\)/)
      expect(fs.existsSync(marker)).toBe(false)
      expect(git(['for-each-ref'], path.join(a.ws, 'origin'))).toBe('')
    })

    it('a path inside the workspace is refused, spelled any way', async () => {
      const marker = path.join(a.base, 'inside-hook-ran')
      hookedRepo(path.join(a.ws, 'inside.git'), marker)
      for (const spelled of [
        './inside.git',
        path.join(a.ws, 'inside.git'),
        `file://${a.ws}/inside.git`
      ]) {
        const r = await a.cli(['push', '--to', `git:${spelled}`])
        expect(r.code).toBe(4)
        expect(r.stderr).toMatch(/is inside the workspace/)
      }
      expect(fs.existsSync(marker)).toBe(false)
    })

    it("pushes to and pulls from a local repository without running its hooks, or the workspace's git configuration", async () => {
      const marker = path.join(a.base, 'outside-hook-ran')
      const hooked = path.join(a.base, 'hooked.git')
      hookedRepo(hooked, marker)
      // The workspace's own configuration would run a command for git (fsmonitor, an alias).
      const planted = path.join(a.base, 'planted.sh')
      fs.writeFileSync(planted, `#!/bin/sh\necho ran >> '${marker}'\n`, { mode: 0o755 })
      git(['-C', a.ws, 'config', 'core.fsmonitor', planted])
      git(['-C', a.ws, 'config', 'alias.remote', `!${planted}`])
      git(['-C', a.ws, 'remote', 'add', 'hooked', hooked])
      try {
        for (const to of [`git:${hooked}`, 'git:hooked']) {
          const r = await a.cli(['push', '--to', to])
          expect(r.stderr).toBe('')
          expect(r.code).toBe(0)
        }
        expect(git(['for-each-ref', '--format=%(refname)'], hooked).trim()).toBe('refs/swr/ws')
        const st = await a.cli(['sync', 'status', '--json'])
        expect(st.code).toBe(0)
        expect(fs.existsSync(marker)).toBe(false)
      } finally {
        git(['-C', a.ws, 'config', '--unset', 'core.fsmonitor'])
        git(['-C', a.ws, 'config', '--unset', 'alias.remote'])
      }
    })
  })
})
