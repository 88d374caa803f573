// Sealing to named peers (swr peer add/list/remove/mine, push --to-peer) and publishing in clear
// (--plaintext-ok): token shapes leave as ${VAR} references, pull --expand fills them back from the
// environment so the signatures hold again, and a copy in clear never carries escrow.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { dropBundle, hex64, makeBox, write, type Box } from '../../__fixtures__/sync-box.js'

const GH = `ghp_${'A1b2C3d4E5'.repeat(4)}`
const PASSWORD = 'hunter2-s3cret'
let remote: string
const boxes: Box[] = []
const box = (env: NodeJS.ProcessEnv): Box => {
  const b = makeBox(env)
  boxes.push(b)
  return b
}

beforeAll(() => {
  const holder = box({})
  remote = path.join(holder.base, 'r.git')
  execFileSync('git', ['init', '--quiet', '--bare', remote])
})
afterAll(() => {
  for (const b of boxes) b.cleanup()
  dropBundle()
})

const codeOf = (stdout: string): string => (JSON.parse(stdout) as { code: string }).code

describe('peers', () => {
  it('seals to a named peer, who opens it; a third machine cannot', async () => {
    const alice = box({ SWR_HMAC_KEY: hex64('a'), SWR_SYNC_KEY: hex64('b') })
    const bob = box({ SWR_HMAC_KEY: hex64('a'), SWR_SYNC_KEY: hex64('c') })
    const eve = box({ SWR_HMAC_KEY: hex64('a'), SWR_SYNC_KEY: hex64('e') })
    const mine = await bob.cli(['peer', 'mine', '--json'])
    expect(mine.code).toBe(0)
    const { key, fingerprint } = JSON.parse(mine.stdout) as { key: string; fingerprint: string }
    const add = await alice.cli(['peer', 'add', 'bob', key.replace(/(.{64})/g, '$1 ')])
    expect(add.code).toBe(0)
    expect(add.stdout).toContain(fingerprint)
    expect((await alice.cli(['peer', 'list'])).stdout).toBe(`${fingerprint}  bob\n`)
    const other = JSON.parse((await eve.cli(['peer', 'mine', '--json'])).stdout) as { key: string }
    const clash = await alice.cli(['peer', 'add', 'bob', other.key])
    expect(clash.code).toBe(4)
    expect(clash.stderr).toMatch(/already has another key/)
    expect((await alice.cli(['peer', 'add', 'bob2', 'bm90IGEga2V5'])).code).toBe(4)

    write(alice.ws, 'etc/a.conf', 'x = 1\n')
    expect((await alice.cli(['add', 'etc/a.conf', '--id', 'conf'])).code).toBe(0)
    const push = await alice.cli(['push', '--to', `git:${remote}`, '--to-peer', 'bob', '--json'])
    expect(push.code).toBe(0)
    expect((JSON.parse(push.stdout) as { recipients: string[] }).recipients).toEqual([
      'this machine',
      'bob'
    ])
    const code = codeOf(push.stdout)
    const got = await bob.cli(['pull', '--code', code, '--require', 'hmac'])
    expect(got.code).toBe(0)
    expect(fs.readFileSync(bob.manifest)).toEqual(fs.readFileSync(alice.manifest))
    const denied = await eve.cli(['pull', '--code', code])
    expect(denied.code).toBe(2)
    expect(denied.stderr).toBe('swr: pulled bundle refused: it is sealed to another sync key\n')
    expect(fs.existsSync(path.join(eve.ws, '.swr'))).toBe(false)
    expect((await alice.cli(['peer', 'remove', 'bob'])).code).toBe(0)
    expect((await alice.cli(['push', '--to', `git:${remote}`, '--to-peer', 'bob'])).code).toBe(4)
  })
})

describe('in clear', () => {
  let pub: Box
  beforeAll(async () => {
    // No sync key and no peer: nothing to seal to.
    pub = box({ SWR_HMAC_KEY: hex64('a') })
    write(pub.ws, 'etc/a.conf', 'x = 1\n')
    const recipe = `curl -H "Authorization: token ${GH}" https://bob:${PASSWORD}@example.com/a.conf -o etc/a.conf`
    expect((await pub.cli(['add', 'etc/a.conf', '--id', 'conf', '--restore', recipe])).code).toBe(0)
  })

  it('is refused without --plaintext-ok', async () => {
    const r = await pub.cli(['push', '--to', `git:${remote}`, '--name', 'pub'])
    expect(r.code).toBe(2)
    expect(r.stderr).toMatch(/^swr: push seals every copy and there is no key to seal it to/)
    expect(
      execFileSync('git', ['for-each-ref', 'refs/swr/pub'], { cwd: remote, encoding: 'utf8' })
    ).toBe('')
  })

  it('leaves with ${VAR} references, and pull --expand restores the signed bytes', async () => {
    const push = await pub.cli([
      'push',
      '--to',
      `git:${remote}`,
      '--name',
      'pub',
      '--plaintext-ok',
      '--json'
    ])
    expect(push.code).toBe(0)
    const doc = JSON.parse(push.stdout) as { sealed: boolean; redacted: string[]; code: string }
    expect(doc.sealed).toBe(false)
    expect(doc.redacted).toEqual(['GITHUB_TOKEN', 'URL_PASSWORD'])
    expect(push.stderr).toMatch(/redacted ghp_…d4E5 -> \$\{GITHUB_TOKEN\}/)
    const stored = execFileSync('git', ['cat-file', 'blob', 'refs/swr/pub:bundle.json'], {
      cwd: remote,
      encoding: 'utf8'
    })
    expect(stored).not.toContain(GH)
    expect(stored).not.toContain(PASSWORD)
    expect(stored).toContain('${GITHUB_TOKEN}')
    expect(stored).toContain('bob:${URL_PASSWORD}@example.com')

    const fresh = box({ SWR_HMAC_KEY: hex64('a') })
    const noExpand = await fresh.cli(['pull', '--code', doc.code, '--plaintext-ok'])
    expect(noExpand.code).toBe(2)
    expect(noExpand.stderr).toMatch(/it was redacted \(GITHUB_TOKEN, URL_PASSWORD\): pass --expand/)
    const expand = ['--expand', 'GITHUB_TOKEN', '--expand', 'URL_PASSWORD']
    const oneNamed = await fresh.cli(['pull', '--code', doc.code, '--expand', 'GITHUB_TOKEN'], {
      GITHUB_TOKEN: GH,
      URL_PASSWORD: PASSWORD
    })
    expect(oneNamed.code).toBe(2)
    expect(oneNamed.stderr).toMatch(/\(not named: URL_PASSWORD\)\n$/)
    const unset = await fresh.cli(['pull', '--code', doc.code, ...expand], { GITHUB_TOKEN: GH })
    expect(unset.code).toBe(4)
    expect(unset.stderr).toBe(
      'swr: pull --expand: URL_PASSWORD is not set (the copy was redacted; set it to the original values)\n'
    )
    const wrong = await fresh.cli(['pull', '--code', doc.code, ...expand, '--require', 'hmac'], {
      GITHUB_TOKEN: GH,
      URL_PASSWORD: 'not-it'
    })
    expect(wrong.code).toBe(2)
    expect(wrong.stderr).toMatch(/^swr: pulled manifest refused/)
    expect(fs.existsSync(path.join(fresh.ws, '.swr'))).toBe(false)
    const ok = await fresh.cli(
      ['pull', '--code', doc.code, '--expand', 'GITHUB_TOKEN,URL_PASSWORD', '--require', 'hmac'],
      {
        GITHUB_TOKEN: GH,
        URL_PASSWORD: PASSWORD
      }
    )
    expect(ok.code).toBe(0)
    expect(fs.readFileSync(fresh.manifest)).toEqual(fs.readFileSync(pub.manifest))
  })

  it('never carries escrow', async () => {
    expect((await pub.cli(['escrow', '--only', 'conf'])).code).toBe(0)
    const r = await pub.cli(['push', '--to', `git:${remote}`, '--name', 'esc', '--plaintext-ok'])
    expect(r.code).toBe(2)
    expect(r.stderr).toMatch(
      /^swr: this manifest carries escrowed bytes and is never sent in clear/
    )
    expect(
      execFileSync('git', ['for-each-ref', 'refs/swr/esc'], { cwd: remote, encoding: 'utf8' })
    ).toBe('')
  })
})
