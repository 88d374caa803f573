// The S3 store against a real S3 server on loopback (s3rver, behind a proxy that injects faults):
// the AWS SDK's own client, signing and retries, no mocked client. A copy is one immutable object;
// a pull without a code takes the newest; 503 SlowDown is retried by the SDK; denied credentials
// and a missing bucket are one line naming the bucket, never a secret; a copy changed in the
// bucket is refused by the recovery code's pin.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import fs from 'node:fs'
import os from 'node:os'
import { s3Objects, s3SettingsFromEnv } from '../../src/adapters/s3/objects.js'
import { s3Store } from '../../src/core/sync/s3-store.js'
import type { StoreContext } from '../../src/core/sync/store.js'
import { startS3Server, type S3Server } from '../../__fixtures__/s3-server.js'
import {
  dropBundle,
  hex64,
  makeBox,
  syncSchemaErrors,
  write,
  type Box
} from '../../__fixtures__/sync-box.js'

let server: S3Server
const ctx = (env: Record<string, string> = server.env): StoreContext => ({
  cwd: os.tmpdir(),
  env,
  tmpDir: os.tmpdir(),
  deadlineMs: 20_000,
  requestMs: 5000,
  s3: bucket => s3Objects({ ...s3SettingsFromEnv(env, { bucket }), requestMs: 5000 })
})
const BYTES = Buffer.from(JSON.stringify({ format: 'test', fill: 'x'.repeat(4000) }))
const SHA = 'a'.repeat(64)

beforeEach(async () => {
  server = await startS3Server()
})
afterEach(() => server.close())

describe('s3 store', () => {
  it('writes one immutable object per copy and reads the same bytes back', async () => {
    const store = s3Store(`s3://${server.bucket}/fleet/ci`, ctx())
    const locator = await store.put(BYTES, { name: 'ws', sha256: SHA })
    expect(locator).toBe(`s3://${server.bucket}/fleet/ci/ws/${SHA}.swrsync`)
    expect(server.keys()).toEqual([`fleet/ci/ws/${SHA}.swrsync`])
    const got = await store.get(locator)
    expect(got.bytes).toEqual(BYTES)
    expect(got.storedAt).toBeInstanceOf(Date)
    // The same copy pushed again: the object is there already and is not written again.
    const puts = server.requests.filter(r => r.method === 'PUT').length
    expect(await store.put(BYTES, { name: 'ws', sha256: SHA })).toBe(locator)
    expect(server.requests.filter(r => r.method === 'PUT').length).toBe(puts)
    expect(await store.stat(locator)).toMatchObject({ reachable: true })
  })

  it('takes the newest copy under a name when no code says which', async () => {
    const store = s3Store(`s3://${server.bucket}/p`, ctx())
    await store.put(Buffer.from('old'), { name: 'ws', sha256: 'b'.repeat(64) })
    await store.put(Buffer.from('new'), { name: 'ws', sha256: 'c'.repeat(64) })
    const where = store.locate('ws')
    expect(where).toBe(`s3://${server.bucket}/p/ws/`)
    expect((await store.get(where)).bytes.toString()).toBe('new')
  })

  it('retries 503 SlowDown with the SDK and then succeeds', async () => {
    const store = s3Store(`s3://${server.bucket}/p`, ctx())
    server.fail({ status: 503, code: 'SlowDown', times: 2, match: r => r.method === 'PUT' })
    const locator = await store.put(BYTES, { name: 'ws', sha256: SHA })
    expect(server.requests.filter(r => r.method === 'PUT')).toHaveLength(3)
    expect((await store.get(locator)).bytes).toEqual(BYTES)
  })

  it('gives up on a store that keeps throttling with one line naming the bucket', async () => {
    const store = s3Store(`s3://${server.bucket}/p`, ctx())
    server.fail({ status: 503, code: 'SlowDown', times: 100 })
    const err = await store.put(BYTES, { name: 'ws', sha256: SHA }).catch((e: Error) => e)
    expect((err as Error).message).toMatch(
      new RegExp(
        `^s3://${server.bucket}: HEAD p/ws/${SHA}\\.swrsync: the store kept failing \\(HTTP 503\\) after 5 attempts$`
      )
    )
  })

  it('says denied credentials and a missing bucket in one line each, without the secret', async () => {
    const secret = 'wJalrXUtnFEMI-K7MDENG-bPxRfiCYEXAMPLEKEY'
    const bad = {
      ...server.env,
      AWS_ACCESS_KEY_ID: 'AKIAWRONGWRONGWRONG',
      AWS_SECRET_ACCESS_KEY: secret
    }
    const denied = await s3Store(`s3://${server.bucket}/p`, ctx(bad))
      .get(`s3://${server.bucket}/p/ws/`)
      .catch((e: Error) => e)
    expect((denied as Error).message).toMatch(
      /: access denied \(InvalidAccessKeyId\): the credentials may not do this here$/
    )
    expect((denied as Error).message).toContain(`s3://${server.bucket}`)
    expect((denied as Error).message).not.toContain(secret)
    expect((denied as Error).message.split('\n')).toHaveLength(1)

    server.deny()
    const policy = await s3Store(`s3://${server.bucket}/p`, ctx())
      .get(`s3://${server.bucket}/p/ws/`)
      .catch((e: Error) => e)
    expect((policy as Error).message).toMatch(/access denied \(AccessDenied\)/)
    server.deny(false)

    const missing = await s3Store('s3://no-such-bucket/p', ctx())
      .get('s3://no-such-bucket/p/ws/')
      .catch((e: Error) => e)
    expect((missing as Error).message).toBe('s3://no-such-bucket: LIST p/ws/: no such bucket')
  })

  it('refuses bad spellings and locators before any request', async () => {
    expect(() => s3Store('s3://Bad_Bucket/p', ctx())).toThrow(/is not a bucket name/)
    expect(() => s3Store('s3://bkt/a/../b', ctx())).toThrow(/is not a key prefix/)
    expect(() => s3Store('s3://user:pw@bkt/p', ctx())).toThrow(/no query, no credentials/)
    const store = s3Store(`s3://${server.bucket}/p`, ctx())
    await expect(store.get(`s3://${server.bucket}/p/ws/evil.json`)).rejects.toThrow(/bad locator/)
    await expect(store.get('s3://other-bucket/p/ws/')).rejects.toThrow(/another bucket/)
    expect(server.requests).toHaveLength(0)
  })
})

describe('push and pull through an S3 bucket (bundled CLI)', () => {
  let a: Box
  let b: Box
  beforeAll(async () => {
    const keys = { SWR_HMAC_KEY: hex64('a'), SWR_SYNC_KEY: hex64('b') }
    a = makeBox(keys)
    b = makeBox(keys)
    write(a.ws, 'etc/app.conf', 'a = 1\n')
    expect((await a.cli(['add', 'etc/app.conf', '--id', 'conf'])).code).toBe(0)
  })
  afterAll(() => {
    a.cleanup()
    b.cleanup()
    dropBundle()
  })

  it('pushes a sealed copy, pulls it on a wiped machine by code and by name, and refuses a changed one', async () => {
    const push = await a.cli(['push', '--to', `s3://${server.bucket}/fleet`, '--json'], server.env)
    expect(push.stderr).toBe('')
    expect(push.code).toBe(0)
    const doc = JSON.parse(push.stdout) as { code: string; sha256: string; replicas: unknown[] }
    expect(syncSchemaErrors(doc)).toEqual([])
    const key = `fleet/ws/${doc.sha256}.swrsync`
    expect(server.keys()).toEqual([key])
    expect(doc.code).toMatch(new RegExp(`:s3://${server.bucket}/${key.replace(/\./g, '\\.')}$`))
    expect(doc.code).not.toContain('S3RVER')
    // Sealed: the manifest's text is not in the bucket.
    expect(server.read(key).toString('latin1')).not.toContain('app.conf')

    const status = await a.cli(['sync', 'status'], server.env)
    expect(status.code).toBe(0)
    expect(status.stdout).toContain(`s3://${server.bucket}/${key}`)

    const byCode = await b.cli(['pull', '--code', doc.code, '--require', 'hmac'], server.env)
    expect(byCode.stderr).toBe('')
    expect(byCode.code).toBe(0)
    expect(fs.readFileSync(b.manifest)).toEqual(fs.readFileSync(a.manifest))

    b.wipe()
    const byName = await b.cli(
      ['pull', '--from', `s3://${server.bucket}/fleet`, '--name', 'ws', '--require', 'hmac'],
      server.env
    )
    expect(byName.code).toBe(0)
    expect(fs.readFileSync(b.manifest)).toEqual(fs.readFileSync(a.manifest))

    b.wipe()
    server.tamper(key)
    const changed = await b.cli(['pull', '--code', doc.code], server.env)
    expect(changed.code).toBe(2)
    expect(changed.stderr).toMatch(
      /^swr: pulled bundle refused: s3:\/\/.* is not the pinned one\n$/
    )
    expect(fs.existsSync(b.manifest)).toBe(false)
  })

  it('a push to a bucket that is not there fails in one line and records nothing new', async () => {
    const before = await a.cli(['sync', 'status', '--json'], server.env)
    const push = await a.cli(['push', '--to', 's3://no-such-bucket/fleet'], server.env)
    expect(push.code).toBe(2)
    expect(push.stderr).toBe('')
    expect(push.stdout).toMatch(
      /\n {2}FAILED {2}s3:\/\/no-such-bucket: PUT fleet\/ws\/[0-9a-f]{64}\.swrsync: no such bucket\n/
    )
    expect(push.stdout).not.toContain('recovery code')
    expect((await a.cli(['sync', 'status', '--json'], server.env)).stdout).toBe(before.stdout)
  })
})
