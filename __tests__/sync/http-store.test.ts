// The HTTP store against a loopback node:http server that misbehaves on request: 429 with
// Retry-After, 500, a body cut short, a slow body, and a different body than was stored. The store
// retries what may pass (within its deadline), refuses what will not, and a pull fails closed on a
// copy whose hash is not the pinned one.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import fs from 'node:fs'
import { httpStore, retryAfterSeconds } from '../../src/core/sync/http-store.js'
import type { StoreContext } from '../../src/core/sync/store.js'
import {
  dropBundle,
  hex64,
  makeBox,
  syncSchemaErrors,
  write,
  type Box
} from '../../__fixtures__/sync-box.js'

type Trick =
  | { kind: 'status'; status: number; retryAfter?: string }
  | { kind: 'truncate' }
  | { kind: 'slow' }
  | { kind: 'swap' }

interface Store {
  url: string
  objects: Map<string, Buffer>
  tricks: Trick[]
  requests: { method: string; url: string; auth: string | undefined }[]
  close(): Promise<void>
}

async function startStore(): Promise<Store> {
  const objects = new Map<string, Buffer>()
  const tricks: Trick[] = []
  const requests: Store['requests'] = []
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      requests.push({
        method: req.method ?? '',
        url: req.url ?? '',
        auth: req.headers.authorization
      })
      const trick = tricks.shift()
      if (trick?.kind === 'status') {
        res.writeHead(trick.status, trick.retryAfter ? { 'retry-after': trick.retryAfter } : {})
        return res.end('busy')
      }
      const key = req.url ?? ''
      if (req.method === 'PUT') {
        objects.set(key, Buffer.concat(chunks))
        res.writeHead(201)
        return res.end()
      }
      const body = objects.get(key)
      if (!body) {
        res.writeHead(404)
        return res.end()
      }
      if (trick?.kind === 'truncate') {
        res.writeHead(200, { 'content-length': String(body.length) })
        res.write(body.subarray(0, body.length >> 1))
        return setTimeout(() => res.socket?.destroy(), 20)
      }
      if (trick?.kind === 'slow') {
        res.writeHead(200, { 'content-length': String(body.length) })
        res.write(body.subarray(0, 10))
        const t = setTimeout(() => res.end(body.subarray(10)), 10_000)
        res.on('close', () => clearTimeout(t))
        return
      }
      const out = trick?.kind === 'swap' ? Buffer.from(body.toString().replace(/.$/, ' ')) : body
      res.writeHead(200, {
        'content-length': String(out.length),
        'last-modified': new Date(Date.now() - 5000).toUTCString()
      })
      if (req.method === 'HEAD') return res.end()
      res.end(out)
    })
  })
  await new Promise<void>(r => server.listen(0, '127.0.0.1', r))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    objects,
    tricks,
    requests,
    close: () =>
      new Promise(r => {
        server.closeAllConnections()
        server.close(() => r())
      })
  }
}

let store: Store
const notes: string[] = []
const ctx = (over: Partial<StoreContext> = {}): StoreContext => ({
  cwd: os.tmpdir(),
  env: {},
  tmpDir: os.tmpdir(),
  deadlineMs: 5000,
  requestMs: 1000,
  note: l => void notes.push(l),
  ...over
})
const BYTES = Buffer.from(JSON.stringify({ format: 'test', fill: 'x'.repeat(4000) }))

beforeEach(async () => {
  store = await startStore()
  notes.length = 0
})
afterEach(() => store.close())

describe('http store', () => {
  it('puts to the filled template and gets the same bytes back, with the stored date', async () => {
    const s = httpStore(`${store.url}/swr/{name}/{sha256}.json`, ctx())
    const loc = await s.put(BYTES, { name: 'box', sha256: 'ab'.repeat(32) })
    expect(loc).toBe(`${store.url}/swr/box/${'ab'.repeat(32)}.json`)
    const got = await s.get(loc)
    expect(got.bytes).toEqual(BYTES)
    expect(got.storedAt?.getTime()).toBeLessThan(Date.now())
    expect((await s.stat(loc)).reachable).toBe(true)
    expect(() => s.locate('box')).toThrow(/recovery code/)
  })

  it('waits as long as Retry-After says, and retries a 500 with backoff', async () => {
    const s = httpStore(`${store.url}/swr/{name}`, ctx())
    const loc = await s.put(BYTES, { name: 'box', sha256: '' })
    store.tricks.push({ kind: 'status', status: 429, retryAfter: '1' })
    store.tricks.push({ kind: 'status', status: 500 })
    const t0 = Date.now()
    expect((await s.get(loc)).bytes).toEqual(BYTES)
    expect(Date.now() - t0).toBeGreaterThanOrEqual(1400)
    expect(notes.join('\n')).toMatch(
      /HTTP 429; trying again in 1\.0 s[\s\S]*HTTP 500; trying again in 1\.0 s/
    )
    expect(retryAfterSeconds(new Date(Date.now() + 3000).toUTCString())).toBeGreaterThan(1)
  })

  it('gives up at once when Retry-After reaches past the deadline, and after the deadline on 5xx', async () => {
    const s = httpStore(`${store.url}/swr/{name}`, ctx({ deadlineMs: 2000 }))
    const loc = await s.put(BYTES, { name: 'box', sha256: '' })
    store.tricks.push({ kind: 'status', status: 429, retryAfter: '3600' })
    const t0 = Date.now()
    await expect(s.get(loc)).rejects.toThrow(/HTTP 429; gave up after 1 attempt/)
    expect(Date.now() - t0).toBeLessThan(1000)
    for (let i = 0; i < 20; i++) store.tricks.push({ kind: 'status', status: 503 })
    await expect(s.get(loc)).rejects.toThrow(
      /HTTP 503; gave up after \d attempts \(the 2 s limit\)/
    )
  })

  it('retries a body cut short, and refuses one that never arrives in time', async () => {
    const s = httpStore(`${store.url}/swr/{name}`, ctx({ deadlineMs: 2500, requestMs: 700 }))
    const loc = await s.put(BYTES, { name: 'box', sha256: '' })
    store.tricks.push({ kind: 'truncate' })
    expect((await s.get(loc)).bytes).toEqual(BYTES)
    expect(notes.join('\n')).toMatch(/cut short/)
    for (let i = 0; i < 5; i++) store.tricks.push({ kind: 'slow' })
    const t0 = Date.now()
    await expect(s.get(loc)).rejects.toThrow(/within the request time limit; gave up/)
    expect(Date.now() - t0).toBeLessThan(4000)
  })

  it('refuses credentials in the URL, unknown placeholders, and a refused connection at once', async () => {
    expect(() => httpStore('https://u:p@store.example/{name}', ctx())).toThrow(/--auth-env/)
    const s = httpStore(`${store.url}/{nope}`, ctx())
    await expect(s.put(BYTES, { name: 'x', sha256: '' })).rejects.toThrow(/unknown placeholder/)
    const gone = await startStore()
    await gone.close()
    const closed = httpStore(`${gone.url}/{name}`, ctx())
    const t0 = Date.now()
    await expect(closed.get(`${gone.url}/x`)).rejects.toThrow(/cannot connect \(ECONNREFUSED\)/)
    expect(Date.now() - t0).toBeLessThan(1000)
  })
})

describe('push and pull through an HTTP store (bundled CLI)', () => {
  let a: Box
  let b: Box
  beforeAll(async () => {
    const keys = { SWR_HMAC_KEY: hex64('a'), SWR_SYNC_KEY: hex64('b'), STORE_AUTH: 'Bearer t0k' }
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

  it('sends the auth header from --auth-env, and a pull fails closed on a different body', async () => {
    const push = await a.cli([
      'push',
      '--to',
      `${store.url}/swr/{name}`,
      '--auth-env',
      'STORE_AUTH',
      '--json'
    ])
    expect(push.code).toBe(0)
    const doc = JSON.parse(push.stdout) as { code: string }
    expect(syncSchemaErrors(doc)).toEqual([])
    expect(store.requests.map(r => [r.method, r.auth])).toEqual([
      ['PUT', 'Bearer t0k'],
      ['GET', 'Bearer t0k']
    ])
    expect(doc.code).not.toContain('t0k')
    expect(fs.readFileSync(a.manifest, 'utf8')).not.toContain('STORE_AUTH')

    store.tricks.push({ kind: 'swap' })
    const swapped = await b.cli(['pull', '--code', doc.code, '--auth-env', 'STORE_AUTH'])
    expect(swapped.code).toBe(2)
    expect(swapped.stderr).toMatch(/^swr: pulled bundle refused: .* is not the pinned one\n$/)
    expect(fs.existsSync(b.manifest)).toBe(false)

    store.tricks.push({ kind: 'status', status: 429, retryAfter: '1' })
    const pull = await b.cli([
      'pull',
      '--code',
      doc.code,
      '--auth-env',
      'STORE_AUTH',
      '--require',
      'hmac'
    ])
    expect(pull.code).toBe(0)
    expect(pull.stderr).toMatch(/HTTP 429; trying again in 1\.0 s/)
    expect(fs.readFileSync(b.manifest)).toEqual(fs.readFileSync(a.manifest))
  })
})
