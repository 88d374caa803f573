/**
 * An S3-compatible bucket as a manifest entry's restore source, through the bundled CLI against a
 * real S3 server on loopback (s3rver behind a proxy that injects faults): `swr edit --add-source-s3`
 * puts it before the recipe; the first doctor misses, runs the recipe and saves the healed copy
 * under the entry's state key; the next doctor restores from the bucket without running code; a
 * copy changed in the bucket is refused in scratch (the recipe heals instead, nothing placed from
 * it); a denied credential is one line and the recipe still heals.
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import fs from 'node:fs'
import path from 'node:path'
import { hmacHex } from '../../__fixtures__/keys.js'
import { spawnSwr } from '../../__fixtures__/repair.js'
import { startS3Server, type S3Server } from '../../__fixtures__/s3-server.js'
import {
  add,
  makeWorkspace,
  run,
  write,
  type RunOptions,
  type Workspace
} from '../../__fixtures__/workspace.js'

let ws: Workspace
let server: S3Server
let keyed: RunOptions & { manifestFile: string }

beforeEach(async () => {
  ws = makeWorkspace()
  server = await startS3Server()
  keyed = { ...ws, env: { SWR_HMAC_KEY: hmacHex('s3-source'), ...server.env } }
})
afterEach(async () => {
  await server.close()
  ws.cleanup()
})

interface Step {
  id: string
  source: string
  outcome: string
  attempts: { source: string; outcome: string; detail: string }[]
}

describe('an S3 bucket as a restore source (bundled CLI, loopback S3 server)', () => {
  it('misses, heals by recipe and saves; then restores from the bucket; a changed copy is refused', async () => {
    const log = path.join(ws.outside, 'recipe-runs')
    const recipe = (rel: string, body: string): string =>
      `echo ran >> '${log}'; mkdir -p ${path.posix.dirname(rel)}; printf '${body}' > ${rel}; chmod 644 ${rel}`
    write(ws.root, 'build/app.js', 'console.log(1)\n'.repeat(200), 0o644)
    write(ws.root, 'vendor/lib/a.js', 'a\n', 0o644)
    write(ws.root, 'vendor/lib/b.js', 'b\n', 0o644)
    await add(
      keyed,
      'build/app.js',
      '--id',
      'app',
      '--restore',
      recipe('build/app.js', 'console.log(1)\\n'.repeat(200))
    )
    await add(
      keyed,
      'vendor',
      '--id',
      'vendor',
      '--restore',
      `echo ran >> '${log}'; mkdir -p vendor/lib; printf 'a\\n' > vendor/lib/a.js; printf 'b\\n' > vendor/lib/b.js; chmod 644 vendor/lib/*.js; chmod 755 vendor vendor/lib`
    )
    fs.chmodSync(path.join(ws.root, 'vendor'), 0o755)
    fs.chmodSync(path.join(ws.root, 'vendor/lib'), 0o755)
    for (const id of ['app', 'vendor']) {
      const r = await run(['edit', id, '--add-source-s3', `s3://${server.bucket}/fleet/`], keyed)
      expect([r.code, r.stderr]).toEqual([0, ''])
    }
    const runs = (): number =>
      fs.existsSync(log) ? fs.readFileSync(log, 'utf8').split('\n').filter(Boolean).length : 0
    const damage = (): void => {
      fs.rmSync(path.join(ws.root, 'build/app.js'))
      fs.rmSync(path.join(ws.root, 'vendor'), { recursive: true })
    }
    const doctorJson = async (): Promise<Step[]> => {
      const r = await spawnSwr(['doctor', '--json', '--no-cache'], keyed).done
      expect(r.stderr).not.toMatch(/^\s+at\s.+:\d+:\d+\)?$/m)
      expect(r.code).toBe(0)
      return (JSON.parse(r.stdout) as { repair: { steps: Step[] } }).repair.steps
    }

    // 1: the bucket is empty: a miss, the recipe heals, the healed copies are saved.
    damage()
    const first = await spawnSwr(['doctor', '--no-cache'], keyed).done
    expect(first.code).toBe(0)
    expect(runs()).toBe(2)
    expect(first.stdout).toMatch(
      /s3: app: saved as s3:\/\/swr-test\/fleet\/swr-v1-app-[0-9a-f]{32}\.t(zst|gz)/
    )
    expect(first.stdout).toMatch(/s3: vendor: saved as/)
    const keys = server.keys()
    expect(keys).toHaveLength(2)
    expect(keys.every(k => /^fleet\/swr-v1-(app|vendor)-[0-9a-f]{32}\.t(zst|gz)$/.test(k))).toBe(
      true
    )

    // 2: damage again: both come back from the bucket, no recipe runs.
    damage()
    const second = await doctorJson()
    expect(second.map(s => [s.id, s.source, s.outcome])).toEqual([
      ['app', 's3', 'repaired'],
      ['vendor', 's3', 'repaired']
    ])
    expect(runs()).toBe(2)
    expect(fs.readFileSync(path.join(ws.root, 'vendor/lib/b.js'), 'utf8')).toBe('b\n')

    // 3: app's copy changed in the bucket: refused in scratch, the recipe heals it.
    const appKey = keys.find(k => k.includes('-app-')) as string
    server.tamper(appKey)
    damage()
    const third = await doctorJson()
    const app = third.find(s => s.id === 'app') as Step
    expect(app.source).toBe('recipe')
    expect(app.attempts[0]).toMatchObject({ source: 's3', outcome: 'not-healed' })
    expect(app.attempts[0]?.detail).toMatch(/rejected/)
    expect(third.find(s => s.id === 'vendor')?.source).toBe('s3')
    expect(runs()).toBe(3)

    // 4: a denied credential: one line, the recipe still heals.
    server.deny()
    damage()
    const fourth = await doctorJson()
    for (const s of fourth) {
      expect(s.outcome).toBe('repaired')
      expect(s.attempts[0]).toMatchObject({ source: 's3', outcome: 'failed' })
      expect(s.attempts[0]?.detail).toMatch(/^s3:\/\/swr-test: .*denied/i)
      expect(s.attempts[0]?.detail).not.toMatch(/S3RVER/)
    }
    expect(runs()).toBe(5)
  }, 120_000)

  it('a bad bucket URL is one line naming the flag, and the manifest is left as it was', async () => {
    write(ws.root, 'build/app.js', 'x\n', 0o644)
    await add(keyed, 'build/app.js', '--id', 'app')
    const before = fs.readFileSync(keyed.manifestFile)
    for (const bad of [
      's3://Bad_Bucket/x',
      's3://bucket/../up',
      'https://bucket/x',
      's3://user:pw@bucket/x'
    ]) {
      const r = await run(['edit', 'app', '--add-source-s3', bad], keyed)
      // A bad flag value is a usage error: exit 4, as every bad input (docs/cli.md).
      expect(r.code).toBe(4)
      expect(r.stderr.trim().split('\n')).toHaveLength(1)
      expect(r.stderr).toMatch(/s3:\/\//)
      expect(fs.readFileSync(keyed.manifestFile).equals(before)).toBe(true)
    }
  })
})
