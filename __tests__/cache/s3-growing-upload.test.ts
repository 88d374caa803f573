/**
 * A file stored while it is still being written, its head (known only at the end) in front: the
 * S3 adapter against a real S3 server on loopback (s3rver behind a fault-injecting proxy), the
 * AWS SDK's own client. Body parts go up as the file grows and part 1 (head and the body's first
 * bytes) last, so the object is byte for byte head + file; a small file is one PUT; a writing
 * that stops, a part the store keeps refusing and a key taken at completion abort the upload and
 * store nothing.
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { s3Objects, s3SettingsFromEnv } from '../../src/adapters/s3/objects.js'
import type { GrowingFile } from '../../src/core/index.js'
import { startS3Server, type S3Server } from '../../__fixtures__/s3-server.js'

const MIB = 1 << 20

let server: S3Server
let dir: string

beforeEach(async () => {
  server = await startS3Server()
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'swr-s3-growing-'))
})
afterEach(async () => {
  await server.close()
  fs.rmSync(dir, { recursive: true, force: true })
})

const objects = (maxAttempts = 3) =>
  s3Objects({
    ...s3SettingsFromEnv(server.env, { bucket: server.bucket }),
    partSize: 5 * MIB,
    requestMs: 10_000,
    maxAttempts
  })

/** A file the test writes a MiB at a time, telling the upload as it grows. */
function growing(name: string) {
  const file = path.join(dir, name)
  fs.writeFileSync(file, '')
  const listeners: ((n: number) => void)[] = []
  let end!: (v: { head: Buffer; size: number }) => void
  let stop!: (err: unknown) => void
  const ended = new Promise<{ head: Buffer; size: number }>((resolve, reject) => {
    end = resolve
    stop = reject
  })
  ended.catch(() => undefined)
  const chunks: Buffer[] = []
  const g: GrowingFile = { file, onGrow: cb => void listeners.push(cb), ended }
  return {
    g,
    async grow(bytes: number) {
      for (let left = bytes; left > 0; left -= MIB) {
        const c = crypto.randomBytes(Math.min(MIB, left))
        chunks.push(c)
        fs.appendFileSync(file, c)
        const size = fs.statSync(file).size
        for (const l of listeners) l(size)
        await new Promise(resolve => setTimeout(resolve, 5))
      }
    },
    body: () => Buffer.concat(chunks),
    end: (head: Buffer) => end({ head, size: fs.statSync(file).size }),
    stop
  }
}

const parts = () =>
  server.requests
    .filter(r => r.method === 'PUT' && /[?&]partNumber=/.test(r.url))
    .map(r => Number(/partNumber=(\d+)/.exec(r.url)?.[1]))
const aborted = () =>
  server.requests.some(r => r.method === 'DELETE' && /[?&]uploadId=/.test(r.url))

/** Wait (a bounded while) until the store has seen `n` part uploads. */
async function partsSeen(n: number): Promise<void> {
  for (let i = 0; i < 400 && parts().length < n; i++) await new Promise(r => setTimeout(r, 10))
}

describe('storing a file while it grows (multipart, head last)', () => {
  it('sends body parts while the file is written and part 1 last: the object is head + file', async () => {
    const w = growing('body')
    const put = objects().putIfAbsent('k/growing', { growing: w.g })
    await w.grow(17 * MIB)
    // Body parts went up before the file ended: [5, 10) and [10, 15) MiB.
    await partsSeen(2)
    expect(parts().slice(0, 2)).toEqual([2, 3])
    const head = Buffer.from('the head, known only at the end\n'.repeat(1000))
    w.end(head)
    expect(await put).toBe('saved')
    // Part 1 (the head and the body's first 5 MiB) went only once the file had ended, beside the
    // last body part.
    expect(parts().slice(2).sort()).toEqual([1, 4])
    expect(server.read('k/growing').equals(Buffer.concat([head, w.body()]))).toBe(true)
    expect(aborted()).toBe(false)
  }, 60_000)

  it('a file that ends small is one PUT of head + file', async () => {
    const w = growing('small')
    const put = objects().putIfAbsent('k/small', { growing: w.g })
    await w.grow(3 * MIB)
    w.end(Buffer.from('head'))
    expect(await put).toBe('saved')
    expect(server.requests.some(r => /[?&]uploads/.test(r.url))).toBe(false)
    expect(server.read('k/small').equals(Buffer.concat([Buffer.from('head'), w.body()]))).toBe(true)
  }, 60_000)

  it('a writing that stops after parts went up: its reason comes back, the upload aborted, nothing stored', async () => {
    const w = growing('stopped')
    const put = objects().putIfAbsent('k/stopped', { growing: w.g })
    await w.grow(12 * MIB)
    await partsSeen(1)
    const why = new Error('node_modules/x changed while it was saved')
    w.stop(why)
    await expect(put).rejects.toBe(why)
    expect(parts().length).toBeGreaterThanOrEqual(1)
    expect(aborted()).toBe(true)
    expect(server.keys()).toEqual([])
  }, 60_000)

  it('a part refused twice is sent again (the SDK retries); refused every time, one line and nothing stored', async () => {
    const isPart = (r: { method: string; url: string }) => /[?&]partNumber=/.test(r.url)
    server.fail({ status: 503, code: 'SlowDown', times: 2, match: isPart })
    const w = growing('retried')
    const put = objects().putIfAbsent('k/retried', { growing: w.g })
    await w.grow(11 * MIB)
    w.end(Buffer.from('h'))
    expect(await put).toBe('saved')
    expect(server.read('k/retried').length).toBe(11 * MIB + 1)

    server.fail({ status: 503, code: 'SlowDown', times: 1000, match: isPart })
    const v = growing('refused')
    const refused = objects(2).putIfAbsent('k/refused', { growing: v.g })
    await v.grow(11 * MIB)
    v.end(Buffer.from('h'))
    const err = (await refused.catch((e: unknown) => e)) as Error
    expect(err.message).toMatch(
      /^s3:\/\/swr-test: PUT k\/refused: the store kept failing \(SlowDown 503\) after 2 attempts$/
    )
    expect(aborted()).toBe(true)
    expect(server.keys()).toEqual(['k/retried'])
  }, 60_000)

  it('a key another writer took before completion: exists, the upload aborted', async () => {
    server.fail({
      status: 412,
      code: 'PreconditionFailed',
      times: 1,
      match: r => r.method === 'POST' && /[?&]uploadId=/.test(r.url)
    })
    const w = growing('raced')
    const put = objects().putIfAbsent('k/raced', { growing: w.g })
    await w.grow(11 * MIB)
    w.end(Buffer.from('h'))
    expect(await put).toBe('exists')
    expect(aborted()).toBe(true)
    expect(server.keys()).toEqual([])
  }, 60_000)
})
