/**
 * `blob` entries against real damage. The main blob is 3 MiB, so its first and last MiB are
 * different bytes and the middle MiB is read only by `--deep`.
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import {
  add,
  bytes,
  checkJson,
  flipByte,
  makeWorkspace,
  run,
  SHORT_HASH,
  write,
  type Workspace
} from '../../../__fixtures__/workspace.js'

const MIB = 1024 * 1024
const SIZE = 3 * MIB
const short = (h: string): string => h.slice(0, 12)
const sha = (b: Buffer): string => createHash('sha256').update(b).digest('hex')
/** The head/tail digest as documented: sha256(decimal size, first MiB, last MiB). */
function headTail(b: Buffer): string {
  const h = createHash('sha256').update(String(b.length)).update(b.subarray(0, MIB))
  if (b.length > MIB) h.update(b.subarray(b.length - MIB))
  return h.digest('hex')
}

let ws: Workspace
let model: Buffer
let modelAbs: string

beforeEach(async () => {
  ws = makeWorkspace()
  model = bytes(SIZE, 11)
  modelAbs = write(ws.root, 'models/m.bin', model, 0o644)
  write(ws.root, 'tools/runner', bytes(200_000, 12), 0o755)
  write(ws.root, 'models/small.bin', bytes(1000, 13), 0o644)
  await add(ws, 'models/m.bin', '--kind', 'blob', '--id', 'model')
  await add(ws, 'tools/runner', '--kind', 'blob', '--id', 'runner')
  await add(ws, 'models/small.bin', '--kind', 'blob', '--id', 'small')
})

afterEach(() => ws.cleanup())

describe('blob: healthy', () => {
  it('checks OK by size and head/tail, with the recorded forms', async () => {
    const c = await checkJson(ws)
    expect(c.code).toBe(0)
    const f = c.get('model')
    expect(f).toMatchObject({ kind: 'blob', status: 'OK', reason: 'ok', tier: 3 })
    expect(f.detail).toBe('3,145,728 bytes, size, head/tail and full sha256 match')
    expect(f.recorded).toEqual({
      type: 'file',
      size: SIZE,
      headtail: short(headTail(model)),
      mode: '0644'
    })
    expect(f.found).toEqual({ type: 'file', size: SIZE, mode: '0644' })
  })

  it('--deep also compares the full sha256', async () => {
    const c = await checkJson(ws, '--deep')
    expect(c.code).toBe(0)
    expect(c.get('model').detail).toBe('3,145,728 bytes, size, head/tail and full sha256 match')
    expect(c.report.options.deep).toBe(true)
  })

  it('a blob under one MiB is read whole by the head/tail digest', async () => {
    const small = fs.readFileSync(path.join(ws.root, 'models/small.bin'))
    const f = (await checkJson(ws)).get('small')
    expect(f.status).toBe('OK')
    expect(f.recorded.headtail).toBe(short(headTail(small)))
  })
})

describe('blob: real damage', () => {
  it('truncated: CORRUPT size, "truncated", sizes with separators', async () => {
    fs.truncateSync(modelAbs, 2 * MIB)
    const c = await checkJson(ws)
    expect(c.code).toBe(1)
    const f = c.get('model')
    expect(f).toMatchObject({ status: 'CORRUPT', reason: 'size' })
    expect(f.detail).toBe('2,097,152 bytes (want 3,145,728, -1,048,576): truncated')
    expect(f.found).toEqual({ type: 'file', size: 2 * MIB, mode: '0644' })
    expect(f.recorded.size).toBe(SIZE)
  })

  it('grown to a sparse 3 GB: CORRUPT size "grown", answered without reading it', async () => {
    fs.truncateSync(modelAbs, 3_000_000_000)
    const t0 = Date.now()
    const f = (await checkJson(ws, '--deep')).get('model')
    expect(Date.now() - t0).toBeLessThan(5000)
    expect(f).toMatchObject({ status: 'CORRUPT', reason: 'size' })
    expect(f.detail).toBe('3,000,000,000 bytes (want 3,145,728, +2,996,854,272): grown')
    expect(f.found.size).toBe(3_000_000_000)
  })

  it('a byte flipped in the first MiB: CORRUPT headtail with short digests', async () => {
    flipByte(modelAbs, 12_345)
    const now = fs.readFileSync(modelAbs)
    const f = (await checkJson(ws)).get('model')
    expect(f).toMatchObject({ status: 'CORRUPT', reason: 'headtail' })
    expect(f.detail).toBe(
      `head/tail digest ${short(headTail(now))} (want ${short(headTail(model))}): different bytes at the same size`
    )
    expect(f.found).toEqual({
      type: 'file',
      size: SIZE,
      mode: '0644',
      headtail: short(headTail(now))
    })
  })

  it('a byte flipped in the last MiB: CORRUPT headtail', async () => {
    flipByte(modelAbs, SIZE - 7)
    const f = (await checkJson(ws)).get('model')
    expect(f).toMatchObject({ status: 'CORRUPT', reason: 'headtail' })
  })

  it('an unchanged blob is not re-hashed on a warm check: the cached full hash answers', async () => {
    const cold = (await checkJson(ws)).get('model')
    expect(cold).toMatchObject({ status: 'OK', cached: false })
    const warm = (await checkJson(ws)).get('model')
    expect(warm).toMatchObject({ status: 'OK', cached: true })
    expect(warm.detail).toBe('3,145,728 bytes, size, head/tail and full sha256 match')
    // --no-cache reads it in full again.
    expect((await checkJson(ws, '--no-cache')).get('model')).toMatchObject({ cached: false })
    // --meta reads no more than head/tail, cache or not: a middle flip is not its business.
    flipByte(modelAbs, SIZE / 2)
    const meta = (await checkJson(ws, '--meta', '--no-cache')).get('model')
    expect(meta).toMatchObject({
      status: 'OK',
      detail: '3,145,728 bytes, size and head/tail match'
    })
  })

  it('a byte flipped in the middle is caught without --deep once the stat stamp changed', async () => {
    // Warm first: the cached stamp is the healthy file's, so the edit must be noticed by its stamp.
    expect((await checkJson(ws)).code).toBe(0)
    flipByte(modelAbs, SIZE / 2)
    const now = fs.readFileSync(modelAbs)
    expect(headTail(now)).toBe(headTail(model))

    const deep = await checkJson(ws)
    expect(deep.code).toBe(1)
    const f = deep.get('model')
    expect(f).toMatchObject({ status: 'CORRUPT', reason: 'content' })
    expect(f.detail).toBe(
      `sha256 ${short(sha(now))} (want ${short(sha(model))}): bytes differ between head and tail`
    )
    expect(f.found.sha256).toBe(short(sha(now)))
    expect(f.found.sha256).toMatch(SHORT_HASH)
  })

  it('a middle flip after a warm --deep check is still found by --deep', async () => {
    expect((await checkJson(ws, '--deep')).code).toBe(0)
    flipByte(modelAbs, SIZE / 2 + 1)
    const f = (await checkJson(ws, '--deep')).get('model')
    expect(f).toMatchObject({ status: 'CORRUPT', reason: 'content', cached: false })
  })

  it('add --no-full-hash records size, mode and head/tail only; check then never reads it in full', async () => {
    write(ws.root, 'models/huge.bin', bytes(3 * 1024 * 1024, 21), 0o644)
    await add(ws, 'models/huge.bin', '--kind', 'blob', '--id', 'huge', '--no-full-hash')
    const doc = JSON.parse(fs.readFileSync(ws.manifestFile, 'utf8')) as {
      body: { entries: { id: string; expect: Record<string, unknown> }[] }
    }
    const e = doc.body.entries.find(x => x.id === 'huge')
    expect(Object.keys(e?.expect ?? {}).sort()).toEqual(['headtail', 'mode', 'size'])
    flipByte(path.join(ws.root, 'models/huge.bin'), 1024 * 1024 + 5)
    expect((await checkJson(ws)).get('huge')).toMatchObject({
      status: 'OK',
      detail: '3,145,728 bytes, size and head/tail match'
    })
    write(ws.root, 'etc/small.txt', 'x\n')
    const refused = await run(['add', 'etc/small.txt', '--no-full-hash'], ws)
    expect(refused.code).toBe(4)
    expect(refused.stderr).toMatch(/--no-full-hash is for blobs/)
  })

  it('a mode change other than a lost exec bit: CORRUPT mode (chmod 600 of a 0644 blob)', async () => {
    fs.chmodSync(modelAbs, 0o600)
    const f = (await checkJson(ws)).get('model')
    expect(f).toMatchObject({ status: 'CORRUPT', reason: 'mode', detail: 'mode 0600 (want 0644)' })
  })

  it('exec bit lost on an executable blob: STRIPPED', async () => {
    fs.chmodSync(path.join(ws.root, 'tools/runner'), 0o644)
    const c = await checkJson(ws)
    const f = c.get('runner')
    expect(f).toMatchObject({ status: 'STRIPPED', reason: 'exec' })
    expect(f.detail).toBe('mode 0644, exec bit lost (want 0755)')
    expect(f.recorded.mode).toBe('0755')
    expect(f.found.mode).toBe('0644')
    expect(c.report.diagnosis.signature).toBe('permission-reset')
  })

  it('deleted: MISSING absent; replaced by a directory: TYPE', async () => {
    fs.rmSync(modelAbs)
    fs.mkdirSync(path.join(ws.root, 'tools/runner.d'))
    fs.rmSync(path.join(ws.root, 'tools/runner'))
    fs.renameSync(path.join(ws.root, 'tools/runner.d'), path.join(ws.root, 'tools/runner'))
    const c = await checkJson(ws)
    expect(c.get('model')).toMatchObject({
      status: 'MISSING',
      reason: 'absent',
      found: { type: 'none' }
    })
    expect(c.get('runner')).toMatchObject({
      status: 'TYPE',
      reason: 'type',
      detail: 'is a directory (want a regular file)'
    })
  })
})
