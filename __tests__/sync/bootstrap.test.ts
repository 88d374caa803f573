// The whole point of off-box sync: a sandbox whose HOME, workspace and state are wiped entirely
// comes back from one command (the recovery code, with the key material in the environment) and
// one `swr doctor`: the manifest and the escrowed file byte for byte, the rest by its recipe.
import { afterAll, beforeAll, expect, it } from '@jest/globals'
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { dropBundle, hex64, makeBox, write, type Box } from '../../__fixtures__/sync-box.js'

const KEYS = { SWR_HMAC_KEY: hex64('1'), SWR_SYNC_KEY: hex64('2') }
const SECRET_CONF = Buffer.from([0, 1, 2, 254, 255, 10, 13, 0x22, 0x5c])
let box: Box
let remoteDir: string

beforeAll(() => {
  box = makeBox(KEYS)
  remoteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'swr-remote-'))
  execFileSync('git', ['init', '--quiet', '--bare', path.join(remoteDir, 'r.git')])
})
afterAll(() => {
  box.cleanup()
  fs.rmSync(remoteDir, { recursive: true, force: true })
  dropBundle()
})

it('recovers a totally wiped sandbox from the recovery code and the keys', async () => {
  write(box.ws, 'conf/app.bin', SECRET_CONF)
  write(box.ws, 'tools/run.sh', '#!/bin/sh\necho hi\n')
  fs.chmodSync(path.join(box.ws, 'tools/run.sh'), 0o755)
  const recipe =
    'mkdir -p tools && printf "#!/bin/sh\\necho hi\\n" > tools/run.sh && chmod 755 tools/run.sh'
  for (const args of [
    ['add', 'conf/app.bin', '--id', 'conf', '--tier', '0'],
    ['add', 'tools', '--id', 'tools', '--restore', recipe],
    ['escrow', '--only', 'conf']
  ])
    expect((await box.cli(args)).code).toBe(0)
  const manifest = fs.readFileSync(box.manifest)
  const push = await box.cli(['push', '--to', `git:${path.join(remoteDir, 'r.git')}`])
  expect(push.code).toBe(0)
  const code = /^recovery code: (\S+)$/m.exec(push.stdout)?.[1] ?? ''
  expect(code).toMatch(/^swr1:/)

  box.wipe()
  expect(fs.readdirSync(box.home)).toEqual([])
  expect(fs.readdirSync(box.ws)).toEqual([])
  expect(fs.existsSync(box.state)).toBe(false)

  const pull = await box.cli(['pull', '--code', code, '--require', 'hmac'])
  expect(pull.stderr).toBe('')
  expect(pull.code).toBe(0)
  expect(fs.readFileSync(box.manifest)).toEqual(manifest)

  const doctor = await box.cli(['doctor', '--require', 'hmac'])
  expect(doctor.code).toBe(0)
  expect(fs.readFileSync(path.join(box.ws, 'conf/app.bin'))).toEqual(SECRET_CONF)
  expect(fs.readFileSync(path.join(box.ws, 'tools/run.sh'), 'utf8')).toBe('#!/bin/sh\necho hi\n')
  expect((await box.cli(['check', '--require', 'hmac'])).code).toBe(0)
})
