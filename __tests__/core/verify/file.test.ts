/**
 * `file` entries against real damage: entries are captured with `swr add`, the disk is damaged,
 * and `swr check --json` must name the exact status, reason and the shown forms (sizes with
 * thousands separators, octal modes, 12-digit hashes), never the file's contents.
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { execFileSync } from 'node:child_process'
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

const SECRET = 'SWR-TEST-SECRET-7f3a9c'
const sha = (b: Buffer | string): string => createHash('sha256').update(b).digest('hex')

let ws: Workspace
let big: Buffer

beforeEach(async () => {
  ws = makeWorkspace()
  big = bytes(3_000_000, 7)
  write(ws.root, 'data/big.dat', big, 0o644)
  write(ws.root, 'bin/run.sh', `#!/bin/sh\necho ${SECRET}\n`, 0o755)
  write(ws.root, 'etc/secret.key', `key=${SECRET}\n`, 0o600)
  write(ws.root, 'cfg/app.conf', `password=${SECRET}\n`, 0o644)
  await add(ws, 'data/big.dat', '--id', 'big')
  await add(ws, 'bin/run.sh', '--id', 'run')
  await add(ws, 'etc/secret.key', '--id', 'key')
  await add(ws, 'cfg/app.conf', '--id', 'conf')
})

afterEach(() => ws.cleanup())

describe('file: a healthy workspace', () => {
  it('checks OK with the recorded forms, exit 0', async () => {
    const c = await checkJson(ws)
    expect(c.code).toBe(0)
    expect(c.report.verdict).toBe('healthy')
    const f = c.get('big')
    expect(f).toMatchObject({ kind: 'file', status: 'OK', reason: 'ok', path: 'data/big.dat' })
    expect(f.detail).toBe('3,000,000 bytes, mode 0644')
    expect(f.recorded).toEqual({
      type: 'file',
      size: 3_000_000,
      mode: '0644',
      sha256: sha(big).slice(0, 12)
    })
    expect(c.get('run').recorded.mode).toBe('0755')
    expect(c.get('key').recorded.mode).toBe('0600')
  })
})

describe('file: real damage', () => {
  it('truncated: CORRUPT size with separators and the signed difference', async () => {
    fs.truncateSync(path.join(ws.root, 'data/big.dat'), 1_500_000)
    const c = await checkJson(ws)
    expect(c.code).toBe(1)
    const f = c.get('big')
    expect(f.status).toBe('CORRUPT')
    expect(f.reason).toBe('size')
    expect(f.detail).toBe('1,500,000 bytes (want 3,000,000, -1,500,000)')
    expect(f.recorded).toMatchObject({ type: 'file', size: 3_000_000, mode: '0644' })
    expect(f.recorded.sha256).toMatch(SHORT_HASH)
    expect(f.found).toEqual({ type: 'file', size: 1_500_000, mode: '0644' })
    // Only the damaged entry is damaged.
    expect(c.report.results.filter(r => r.status !== 'OK').map(r => r.id)).toEqual(['big'])
  })

  it('grown: CORRUPT size with a positive difference', async () => {
    fs.appendFileSync(path.join(ws.root, 'cfg/app.conf'), 'x'.repeat(12))
    const f = (await checkJson(ws)).get('conf')
    const want = Buffer.byteLength(`password=${SECRET}\n`)
    expect(f).toMatchObject({ status: 'CORRUPT', reason: 'size' })
    expect(f.detail).toBe(`${want + 12} bytes (want ${want}, +12)`)
  })

  it('one byte flipped at the same size: CORRUPT content with short hashes', async () => {
    const abs = path.join(ws.root, 'data/big.dat')
    flipByte(abs, 1_234_567)
    const now = fs.readFileSync(abs)
    const c = await checkJson(ws)
    const f = c.get('big')
    expect(f.status).toBe('CORRUPT')
    expect(f.reason).toBe('content')
    expect(f.detail).toBe(
      `content changed at the same size (sha256 ${sha(now).slice(0, 12)}, want ${sha(big).slice(0, 12)})`
    )
    expect(f.found).toEqual({
      type: 'file',
      size: 3_000_000,
      mode: '0644',
      sha256: sha(now).slice(0, 12)
    })
    expect(f.recorded.sha256).toBe(sha(big).slice(0, 12))
  })

  it('exec bit lost on a 0755 script: STRIPPED', async () => {
    fs.chmodSync(path.join(ws.root, 'bin/run.sh'), 0o644)
    const c = await checkJson(ws)
    const f = c.get('run')
    expect(f).toMatchObject({ status: 'STRIPPED', reason: 'exec' })
    expect(f.detail).toBe('mode 0644, exec bit lost (want 0755)')
    expect(f.recorded.mode).toBe('0755')
    expect(f.found.mode).toBe('0644')
    expect(f.found.sha256).toMatch(SHORT_HASH)
    expect(c.code).toBe(1)
  })

  it('0600 widened to 0644: CORRUPT mode (not STRIPPED)', async () => {
    fs.chmodSync(path.join(ws.root, 'etc/secret.key'), 0o644)
    const f = (await checkJson(ws)).get('key')
    expect(f).toMatchObject({ status: 'CORRUPT', reason: 'mode' })
    expect(f.detail).toBe('mode 0644 (want 0600)')
    expect(f.recorded.mode).toBe('0600')
    expect(f.found.mode).toBe('0644')
  })

  it('a truncated script that also lost its exec bit is CORRUPT size, not STRIPPED', async () => {
    const abs = path.join(ws.root, 'bin/run.sh')
    fs.truncateSync(abs, 4)
    fs.chmodSync(abs, 0o644)
    const f = (await checkJson(ws)).get('run')
    expect(f).toMatchObject({ status: 'CORRUPT', reason: 'size' })
  })

  it('deleted: MISSING absent', async () => {
    fs.rmSync(path.join(ws.root, 'etc/secret.key'))
    const f = (await checkJson(ws)).get('key')
    expect(f).toMatchObject({ status: 'MISSING', reason: 'absent', detail: 'file absent' })
    expect(f.found).toEqual({ type: 'none' })
    expect(f.recorded).toMatchObject({ type: 'file', mode: '0600' })
  })

  it('parent directory deleted too: MISSING absent', async () => {
    fs.rmSync(path.join(ws.root, 'etc'), { recursive: true })
    const f = (await checkJson(ws)).get('key')
    expect(f).toMatchObject({ status: 'MISSING', reason: 'absent' })
  })

  it('replaced by a directory: TYPE', async () => {
    const abs = path.join(ws.root, 'cfg/app.conf')
    fs.rmSync(abs)
    fs.mkdirSync(abs)
    const f = (await checkJson(ws)).get('conf')
    expect(f).toMatchObject({ status: 'TYPE', reason: 'type' })
    expect(f.detail).toBe('is a directory (want a regular file)')
    expect(f.found).toEqual({ type: 'directory' })
    expect(f.recorded.type).toBe('file')
  })

  it('replaced by a symlink to an identical copy: TYPE (the link is not followed)', async () => {
    const abs = path.join(ws.root, 'cfg/app.conf')
    fs.copyFileSync(abs, path.join(ws.root, 'cfg/copy.conf'))
    fs.rmSync(abs)
    fs.symlinkSync('copy.conf', abs)
    const f = (await checkJson(ws)).get('conf')
    expect(f).toMatchObject({ status: 'TYPE', reason: 'type' })
    expect(f.detail).toBe('is a symlink (want a regular file)')
    expect(f.found).toEqual({ type: 'symlink' })
  })

  it('parent replaced by a symlink outside the workspace: MISSING escapes, nothing read there', async () => {
    // An identical file waits outside: following the parent would (wrongly) report OK.
    const outsideCfg = path.join(ws.outside, 'cfg')
    fs.mkdirSync(outsideCfg)
    fs.copyFileSync(path.join(ws.root, 'cfg/app.conf'), path.join(outsideCfg, 'app.conf'))
    fs.chmodSync(path.join(outsideCfg, 'app.conf'), 0o644)
    fs.rmSync(path.join(ws.root, 'cfg'), { recursive: true })
    fs.symlinkSync(outsideCfg, path.join(ws.root, 'cfg'))
    const c = await checkJson(ws)
    const f = c.get('conf')
    expect(f).toMatchObject({ status: 'MISSING', reason: 'escapes' })
    expect(f.detail).toContain('outside the workspace')
    expect(f.found).toEqual({ type: 'none' })
    expect(c.code).toBe(1)
  })

  it('replaced by a FIFO: TYPE fifo, and the check does not block on it', async () => {
    const abs = path.join(ws.root, 'cfg/app.conf')
    fs.rmSync(abs)
    execFileSync('mkfifo', [abs])
    const f = (await checkJson(ws)).get('conf')
    expect(f).toMatchObject({ status: 'TYPE', reason: 'type', found: { type: 'fifo' } })
  })

  it('never shows file contents, in JSON or in text output', async () => {
    fs.chmodSync(path.join(ws.root, 'bin/run.sh'), 0o644)
    flipByte(path.join(ws.root, 'cfg/app.conf'), 3)
    fs.truncateSync(path.join(ws.root, 'etc/secret.key'), 5)
    const c = await checkJson(ws)
    expect(c.code).toBe(1)
    expect(c.stdout).not.toContain(SECRET)
    expect(c.stdout).not.toContain('password=')
    for (const cmd of [['check', '--all'], ['why']]) {
      const t = await run(cmd, ws)
      expect(t.code).toBe(1)
      expect(t.stdout + t.stderr).not.toContain(SECRET)
    }
  })
})
