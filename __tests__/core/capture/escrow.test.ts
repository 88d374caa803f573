/**
 * Escrow on a real file system: capture only the recorded bytes, restore exactly those bytes and
 * that mode, never write through a symlink (at the target or in a parent), and refuse escrow data
 * that does not inflate to exactly the recorded size and hash (a decompression bomb included)
 * before anything is written.
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { deflateRawSync } from 'node:zlib'
import { fileEntry } from '../../../__fixtures__/manifest.js'
import {
  bytes,
  listAll,
  makeWorkspace,
  modeOf,
  snapshot,
  write,
  type Workspace
} from '../../../__fixtures__/workspace.js'
import { EXIT, SwrError } from '../../../src/core/errors.js'
import { captureEscrow, ESCROW_MAX_BYTES } from '../../../src/core/capture/escrow.js'
import {
  escrowedBytes,
  restoreFromEscrow,
  stageEscrow
} from '../../../src/core/restore/sources/escrow.js'
import type { RealDirs } from '../../../src/core/fs/no-follow.js'
import type { Escrow, FileEntry } from '../../../src/core/types.js'

let ws: Workspace

beforeEach(() => {
  ws = makeWorkspace()
})

afterEach(() => ws.cleanup())

const sha256 = (b: Uint8Array): string => createHash('sha256').update(b).digest('hex')

/** A file entry recording exactly these bytes and mode. */
function entryFor(rel: string, content: Buffer, mode = '0644', escrow?: Escrow): FileEntry {
  return fileEntry('f', rel, {
    expect: { size: content.length, sha256: sha256(content), mode },
    ...(escrow ? { escrow } : {})
  })
}

const deflated = (b: Buffer): Escrow => ({
  encoding: 'deflate-base64',
  data: deflateRawSync(b).toString('base64')
})

/** Assert `fn` throws the escrow refusal (SwrError, exit 2) and return its message. */
function refusal(fn: () => unknown): string {
  let caught: unknown
  try {
    fn()
  } catch (err) {
    caught = err
  }
  expect(caught).toBeInstanceOf(SwrError)
  expect((caught as SwrError).exitCode).toBe(EXIT.UNREPAIRABLE)
  return (caught as SwrError).message
}

/** The refusal a promise rejects with (as `refusal`). */
async function rejection(p: Promise<unknown>): Promise<string> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e
  )
  return refusal(() => {
    throw err
  })
}

/** Names in `dir` that look like the restore's temporary files. */
const leftovers = (dir: string): string[] =>
  fs.existsSync(dir) ? fs.readdirSync(dir).filter(n => n.includes('.swr-')) : []

describe('captureEscrow', () => {
  it('escrows the recorded bytes as raw deflate in base64', async () => {
    const content = bytes(5000, 3)
    write(ws.root, 'etc/app.bin', content, 0o600)
    const esc = await captureEscrow(ws.root, entryFor('etc/app.bin', content, '0600'))
    expect(esc.encoding).toBe('deflate-base64')
    const e = entryFor('etc/app.bin', content, '0600', esc)
    expect(escrowedBytes(e).equals(content)).toBe(true)
  })

  it('refuses bytes that do not match the recorded sha256 (same size)', async () => {
    const content = Buffer.from('port = 8080\n')
    const e = entryFor('etc/app.conf', content)
    write(ws.root, 'etc/app.conf', 'port = 9090\n')
    expect(await rejection(captureEscrow(ws.root, e))).toMatch(
      /f: escrow refused: the file on disk does not match its recorded sha256/
    )
  })

  it('refuses a file whose size differs from the recorded one', async () => {
    const e = entryFor('etc/app.conf', Buffer.from('port = 8080\n'))
    write(ws.root, 'etc/app.conf', 'port = 8080\nextra\n')
    expect(await rejection(captureEscrow(ws.root, e))).toMatch(/18 bytes on disk, 12 recorded/)
  })

  it('refuses a file over the limit without reading it', async () => {
    const content = bytes(4096, 1)
    write(ws.root, 'big', content)
    expect(await rejection(captureEscrow(ws.root, entryFor('big', content), 1024))).toMatch(
      /4096 bytes is over the 1024-byte limit/
    )
    expect(ESCROW_MAX_BYTES).toBe(256 * 1024)
  })

  it('does not follow a symlink at the path', async () => {
    const secret = Buffer.from('outside secret\n')
    fs.writeFileSync(path.join(ws.outside, 'secret'), secret)
    fs.symlinkSync(path.join(ws.outside, 'secret'), path.join(ws.root, 'link'))
    await expect(captureEscrow(ws.root, entryFor('link', secret))).rejects.toThrow(
      /ELOOP|symbolic/i
    )
  })

  it('refuses a FIFO at the path without blocking on it', async () => {
    execFileSync('mkfifo', [path.join(ws.root, 'pipe')])
    expect(await rejection(captureEscrow(ws.root, entryFor('pipe', Buffer.from('x'))))).toMatch(
      /not a regular file/
    )
  })
})

describe('round trip', () => {
  it('restores the exact bytes and mode of a deleted file, creating its parents', async () => {
    const content = bytes(20_000, 7)
    write(ws.root, 'bin/tools/run.sh', content, 0o750)
    const esc = await captureEscrow(ws.root, entryFor('bin/tools/run.sh', content, '0750'))
    fs.rmSync(path.join(ws.root, 'bin'), { recursive: true })
    restoreFromEscrow(ws.root, entryFor('bin/tools/run.sh', content, '0750', esc))
    const abs = path.join(ws.root, 'bin/tools/run.sh')
    expect(fs.readFileSync(abs).equals(content)).toBe(true)
    expect(modeOf(abs)).toBe(0o750)
    expect(fs.lstatSync(abs).isFile()).toBe(true)
    expect(leftovers(path.dirname(abs))).toEqual([])
  })

  it('replaces a corrupted file and its lost mode, whatever the umask', async () => {
    const content = Buffer.from('#!/bin/sh\necho hello\n')
    write(ws.root, 'run.sh', content, 0o755)
    const esc = await captureEscrow(ws.root, entryFor('run.sh', content, '0755'))
    write(ws.root, 'run.sh', 'garbage', 0o600)
    const old = process.umask(0o077)
    try {
      restoreFromEscrow(ws.root, entryFor('run.sh', content, '0755', esc))
    } finally {
      process.umask(old)
    }
    expect(fs.readFileSync(path.join(ws.root, 'run.sh')).equals(content)).toBe(true)
    expect(modeOf(path.join(ws.root, 'run.sh'))).toBe(0o755)
  })

  it('an empty file round-trips', async () => {
    const empty = Buffer.alloc(0)
    write(ws.root, 'empty', empty, 0o644)
    const esc = await captureEscrow(ws.root, entryFor('empty', empty))
    fs.rmSync(path.join(ws.root, 'empty'))
    restoreFromEscrow(ws.root, entryFor('empty', empty, '0644', esc))
    expect(fs.readFileSync(path.join(ws.root, 'empty'))).toHaveLength(0)
  })
})

describe('never through a symlink', () => {
  const content = Buffer.from('token = abc\n')

  it('a symlink planted at the target (pointing outside) is replaced, not followed', () => {
    const victim = path.join(ws.outside, 'victim.txt')
    fs.writeFileSync(victim, 'outside, must not change\n')
    fs.chmodSync(victim, 0o600)
    const before = snapshot(ws.outside)
    fs.mkdirSync(path.join(ws.root, 'etc'))
    fs.symlinkSync(victim, path.join(ws.root, 'etc/token'))
    restoreFromEscrow(ws.root, entryFor('etc/token', content, '0644', deflated(content)))
    const abs = path.join(ws.root, 'etc/token')
    expect(fs.lstatSync(abs).isSymbolicLink()).toBe(false)
    expect(fs.readFileSync(abs).equals(content)).toBe(true)
    expect(fs.readFileSync(victim, 'utf8')).toBe('outside, must not change\n')
    expect(snapshot(ws.outside)).toEqual(before)
  })

  it('a dangling symlink at the target is replaced; nothing is created where it pointed', () => {
    const nowhere = path.join(ws.outside, 'created-through-link')
    fs.symlinkSync(nowhere, path.join(ws.root, 'token'))
    restoreFromEscrow(ws.root, entryFor('token', content, '0644', deflated(content)))
    expect(fs.existsSync(nowhere)).toBe(false)
    expect(fs.readFileSync(path.join(ws.root, 'token')).equals(content)).toBe(true)
  })

  it('a symlinked parent directory is refused and nothing is written outside the workspace', () => {
    const before = snapshot(ws.outside)
    fs.symlinkSync(ws.outside, path.join(ws.root, 'etc'))
    const msg = refusal(() =>
      restoreFromEscrow(ws.root, entryFor('etc/token', content, '0644', deflated(content)))
    )
    expect(msg).toMatch(/etc is a symlink; not following it/)
    expect(snapshot(ws.outside)).toEqual(before)
    expect(listAll(ws.outside)).toEqual([])
  })

  it('a symlinked grandparent is refused too (nothing created below it)', () => {
    fs.mkdirSync(path.join(ws.outside, 'real'))
    const before = snapshot(ws.outside)
    fs.mkdirSync(path.join(ws.root, 'a'))
    fs.symlinkSync(path.join(ws.outside, 'real'), path.join(ws.root, 'a/b'))
    expect(
      refusal(() =>
        restoreFromEscrow(ws.root, entryFor('a/b/c/d.txt', content, '0644', deflated(content)))
      )
    ).toMatch(/a\/b is a symlink/)
    expect(snapshot(ws.outside)).toEqual(before)
  })

  it('a directory at the target is refused and the temporary file removed', () => {
    fs.mkdirSync(path.join(ws.root, 'etc/token'), { recursive: true })
    expect(
      refusal(() =>
        restoreFromEscrow(ws.root, entryFor('etc/token', content, '0644', deflated(content)))
      )
    ).toMatch(/is a directory/)
    expect(leftovers(path.join(ws.root, 'etc'))).toEqual([])
  })
})

describe('a batch that looks at each directory once', () => {
  const content = Buffer.from('token = abc\n')
  const entry = (rel: string): FileEntry => entryFor(rel, content, '0644', deflated(content))

  /** Stage and commit `rel` with the batch's `known` directories. */
  const restore = (rel: string, known: RealDirs): void =>
    stageEscrow(ws.root, entry(rel), { sync: false, known }).commit()

  for (const [what, swapped] of [
    ['the parent', 'a/b'],
    ['a grandparent', 'a']
  ] as const) {
    it(`${what} replaced by a link out of the workspace after the batch looked at it: refused, nothing written outside`, () => {
      const known: RealDirs = new Map()
      restore('a/b/one.txt', known)
      expect(known.has(path.join(ws.root, 'a/b'))).toBe(true)
      // The same shape outside, and the directory swapped for a link to it.
      fs.mkdirSync(path.join(ws.outside, 'a/b'), { recursive: true })
      const target = path.join(ws.outside, swapped)
      const before = snapshot(ws.outside)
      fs.renameSync(path.join(ws.root, swapped), path.join(ws.root, `${swapped}.old`))
      fs.symlinkSync(target, path.join(ws.root, swapped))
      expect(refusal(() => restore('a/b/two.txt', known))).toMatch(
        /the target directory was replaced/
      )
      expect(snapshot(ws.outside)).toEqual(before)
      expect(listAll(ws.outside).filter(p => p.includes('.swr-'))).toEqual([])
    })
  }

  it('a directory the batch already found is not looked at again, and still written into', () => {
    const known: RealDirs = new Map()
    for (const name of ['one', 'two', 'three']) restore(`a/b/${name}.txt`, known)
    expect([...known.keys()].sort()).toEqual([path.join(ws.root, 'a'), path.join(ws.root, 'a/b')])
    for (const name of ['one', 'two', 'three'])
      expect(fs.readFileSync(path.join(ws.root, `a/b/${name}.txt`)).equals(content)).toBe(true)
    expect(leftovers(path.join(ws.root, 'a/b'))).toEqual([])
  })
})

describe('escrow data that does not match the record', () => {
  it('a decompression bomb (50 MB of zeros, recorded size 100) is refused before writing', () => {
    const bomb = deflateRawSync(Buffer.alloc(50 * 1024 * 1024), { level: 9 })
    expect(bomb.length).toBeLessThan(100_000)
    const e = fileEntry('f', 'dir/bomb.bin', {
      expect: { size: 100, sha256: sha256(Buffer.alloc(100)), mode: '0644' },
      escrow: { encoding: 'deflate-base64', data: bomb.toString('base64') }
    })
    const t = performance.now()
    const heap = process.memoryUsage().arrayBuffers
    expect(refusal(() => restoreFromEscrow(ws.root, e))).toMatch(
      /inflates to more than the recorded 100 bytes/
    )
    expect(performance.now() - t).toBeLessThan(2000)
    // The bomb was never inflated in full.
    expect(process.memoryUsage().arrayBuffers - heap).toBeLessThan(20 * 1024 * 1024)
    expect(fs.existsSync(path.join(ws.root, 'dir'))).toBe(false)
    expect(listAll(ws.root)).toEqual([])
  })

  it('escrow that inflates to fewer bytes than recorded is refused', () => {
    const content = Buffer.from('hello world\n')
    const e = fileEntry('f', 'hello.txt', {
      expect: { size: 100, sha256: sha256(content), mode: '0644' },
      escrow: deflated(content)
    })
    expect(refusal(() => restoreFromEscrow(ws.root, e))).toMatch(/12 bytes, 100 recorded/)
    expect(fs.existsSync(path.join(ws.root, 'hello.txt'))).toBe(false)
  })

  it('escrow that inflates to more bytes than recorded is refused', () => {
    const content = Buffer.from('hello world, and then some more\n')
    const e = fileEntry('f', 'hello.txt', {
      expect: { size: 5, sha256: sha256(content.subarray(0, 5)), mode: '0644' },
      escrow: deflated(content)
    })
    expect(refusal(() => restoreFromEscrow(ws.root, e))).toMatch(/more than the recorded 5 bytes/)
    expect(fs.existsSync(path.join(ws.root, 'hello.txt'))).toBe(false)
  })

  it('escrow of the right size but other bytes is refused', () => {
    const content = Buffer.from('port = 8080\n')
    const e = fileEntry('f', 'app.conf', {
      expect: { size: content.length, sha256: sha256(content), mode: '0644' },
      escrow: deflated(Buffer.from('port = 6666\n'))
    })
    expect(refusal(() => restoreFromEscrow(ws.root, e))).toMatch(
      /bytes do not match the recorded sha256/
    )
    expect(fs.existsSync(path.join(ws.root, 'app.conf'))).toBe(false)
  })

  it('data that is not deflate is refused; an existing file is left as it was', () => {
    write(ws.root, 'app.conf', 'local edit\n')
    const e = fileEntry('f', 'app.conf', {
      expect: { size: 12, sha256: sha256(Buffer.from('port = 8080\n')), mode: '0644' },
      escrow: {
        encoding: 'deflate-base64',
        data: Buffer.from('not deflate at all').toString('base64')
      }
    })
    expect(refusal(() => restoreFromEscrow(ws.root, e))).toMatch(/escrow refused/)
    expect(fs.readFileSync(path.join(ws.root, 'app.conf'), 'utf8')).toBe('local edit\n')
  })

  it('no escrow at all is refused', () => {
    expect(refusal(() => escrowedBytes(fileEntry('f', 'x')))).toMatch(/f: escrow absent/)
  })
})
