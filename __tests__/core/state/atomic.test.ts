/**
 * The atomic write helpers called directly: a reader in another process sees the old or the new
 * content, never part of one; a failed write leaves the target as it was and no temporary file;
 * modes are exact whatever the umask; a symlink at the target is replaced, not followed; a full
 * disk (a real 1 MiB tmpfs, where mounting is allowed) becomes one line with exit 74.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { compileStateModules, runModule } from '../../../__fixtures__/compiled-modules.js'
import { EXIT, SwrError } from '../../../src/core/errors.js'
import { appendRecord, asWriteError, writeFileAtomic } from '../../../src/core/state/atomic.js'

let tmp = ''
let mods = ''
let dir = ''
let n = 0

beforeAll(() => {
  tmp = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'swr-atomic-')))
  mods = compileStateModules(path.join(tmp, 'mods'))
})
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }))

beforeEach(() => {
  dir = path.join(tmp, `case-${n++}`)
  fs.mkdirSync(dir)
})

/** What the directory holds, hidden temporary files included. */
const names = (d: string): string[] => fs.readdirSync(d).sort()
const modeOf = (f: string): number => fs.statSync(f).mode & 0o777

describe('writeFileAtomic', () => {
  it('replaces the content, from a string or bytes', () => {
    const f = path.join(dir, 'a.json')
    writeFileAtomic(f, 'one\n')
    expect(fs.readFileSync(f, 'utf8')).toBe('one\n')
    writeFileAtomic(f, Buffer.from([0, 1, 2, 255]))
    expect([...fs.readFileSync(f)]).toEqual([0, 1, 2, 255])
    expect(names(dir)).toEqual(['a.json'])
  })

  it('a reader in another process sees the old or the new content, never part of one', async () => {
    const f = path.join(dir, 'big')
    const size = 256 * 1024
    const contents = ['a', 'b'].map(c => c.repeat(size))
    writeFileAtomic(f, contents[0] ?? '')
    const writer = runModule(
      mods,
      `import { writeFileAtomic } from './core/state/atomic.js'
       const [file, size] = process.argv.slice(1)
       for (let i = 0; i < 40; i++) writeFileAtomic(file, (i % 2 ? 'a' : 'b').repeat(Number(size)))
       console.log('done')`,
      [f, String(size)]
    )
    let done = false
    void writer.exited.then(() => (done = true))
    const seen = new Map<string, number>()
    let reads = 0
    while (!done) {
      for (let i = 0; i < 20; i++) {
        const s = fs.readFileSync(f, 'utf8')
        const what = contents.includes(s) ? s.charAt(0) : `partial ${s.length} bytes`
        seen.set(what, (seen.get(what) ?? 0) + 1)
        reads++
      }
      await new Promise(r => setImmediate(r))
    }
    expect(await writer.exited).toBe(0)
    expect(writer.output()).toBe('done\n')
    expect(reads).toBeGreaterThan(20)
    expect([...seen.keys()].filter(k => k.startsWith('partial'))).toEqual([])
    expect(names(dir)).toEqual(['big'])
  })

  it('gives the file exactly the mode asked for, whatever the umask', () => {
    const old = process.umask(0o077)
    try {
      const f = path.join(dir, 'key')
      writeFileAtomic(f, 'x', { mode: 0o640 })
      expect(modeOf(f)).toBe(0o640)
      writeFileAtomic(f, 'y', { mode: 0o600 })
      expect(modeOf(f)).toBe(0o600)
    } finally {
      process.umask(old)
    }
  })

  it('without a mode, creates 0644 less the umask', () => {
    const old = process.umask(0o022)
    try {
      const f = path.join(dir, 'plain')
      writeFileAtomic(f, 'x')
      expect(modeOf(f)).toBe(0o644)
    } finally {
      process.umask(old)
    }
  })

  it('exclusive: creates an absent target, refuses an existing one and leaves it and nothing else', () => {
    const f = path.join(dir, 'new')
    writeFileAtomic(f, 'first', { exclusive: true })
    expect(fs.readFileSync(f, 'utf8')).toBe('first')
    expect(() => writeFileAtomic(f, 'second', { exclusive: true })).toThrow(
      expect.objectContaining({ code: 'EEXIST' })
    )
    expect(fs.readFileSync(f, 'utf8')).toBe('first')
    expect(names(dir)).toEqual(['new'])
  })

  it('a target that cannot be replaced (a directory) keeps its place and no temporary file is left', () => {
    const f = path.join(dir, 'sub')
    fs.mkdirSync(f)
    fs.writeFileSync(path.join(f, 'inside'), 'kept')
    let err: unknown
    try {
      writeFileAtomic(f, 'data')
    } catch (e) {
      err = e
    }
    // Not a disk error: it travels as is, for the caller to word.
    expect(err).not.toBeInstanceOf(SwrError)
    expect(err).toMatchObject({ code: expect.stringMatching(/^(EISDIR|ENOTEMPTY|EEXIST)$/) })
    expect(names(dir)).toEqual(['sub'])
    expect(fs.readFileSync(path.join(f, 'inside'), 'utf8')).toBe('kept')
  })

  it('a symlink at the target is replaced by the file; what it pointed at is untouched', () => {
    const outside = path.join(dir, 'outside.txt')
    fs.writeFileSync(outside, 'secret')
    const f = path.join(dir, 'manifest.json')
    fs.symlinkSync(outside, f)
    writeFileAtomic(f, 'new')
    expect(fs.lstatSync(f).isFile()).toBe(true)
    expect(fs.readFileSync(f, 'utf8')).toBe('new')
    expect(fs.readFileSync(outside, 'utf8')).toBe('secret')
  })

  it('the directory must exist: a missing parent is an error (ENOENT) and nothing is created', () => {
    const f = path.join(dir, 'no', 'such', 'file')
    expect(() => writeFileAtomic(f, 'x')).toThrow(expect.objectContaining({ code: 'ENOENT' }))
    expect(names(dir)).toEqual([])
  })

  it('a directory reached through a symlink is written in the directory it names; the link stays', () => {
    const real = path.join(dir, 'real')
    fs.mkdirSync(real)
    fs.symlinkSync(real, path.join(dir, 'via'))
    writeFileAtomic(path.join(dir, 'via', 'f'), 'x')
    expect(fs.readFileSync(path.join(real, 'f'), 'utf8')).toBe('x')
    expect(fs.lstatSync(path.join(dir, 'via')).isSymbolicLink()).toBe(true)
    expect(names(real)).toEqual(['f'])
  })
})

describe('writeFileAtomic in parts, unless the same', () => {
  const identity = (f: string) => {
    const st = fs.lstatSync(f, { bigint: true })
    return `${st.ino}:${st.mtimeNs}:${st.ctimeNs}`
  }
  const parts = [Buffer.from('{"a":'), Buffer.alloc(200_000, 0x31), Buffer.from('}')]
  const whole = Buffer.concat(parts)

  it('writes parts as one file, and leaves a file that already holds them alone', () => {
    const f = path.join(dir, 'cache.json')
    writeFileAtomic(f, parts, { mode: 0o600, unlessSame: true })
    expect(fs.readFileSync(f).equals(whole)).toBe(true)
    const before = identity(f)
    writeFileAtomic(f, parts, { mode: 0o600, unlessSame: true })
    writeFileAtomic(f, whole, { mode: 0o600, unlessSame: true })
    expect(identity(f)).toBe(before)
    expect(names(dir)).toEqual(['cache.json'])
  })

  it('rewrites on any difference: one byte, a byte more or less, the mode, a link', () => {
    const f = path.join(dir, 'cache.json')
    const rewrites = (setUp: () => void): boolean => {
      writeFileAtomic(f, whole, { mode: 0o600 })
      setUp()
      const before = identity(f)
      writeFileAtomic(f, parts, { mode: 0o600, unlessSame: true })
      expect(fs.readFileSync(f).equals(whole)).toBe(true)
      expect(modeOf(f)).toBe(0o600)
      expect(fs.lstatSync(f).isFile()).toBe(true)
      return identity(f) !== before
    }
    const edit = (fn: (b: Buffer) => Buffer) => () => fs.writeFileSync(f, fn(fs.readFileSync(f)))
    expect(rewrites(() => undefined)).toBe(false)
    expect(rewrites(edit(b => (b.writeUInt8(0x32, 100_000), b)))).toBe(true)
    expect(rewrites(edit(b => b.subarray(0, b.length - 1)))).toBe(true)
    expect(rewrites(edit(b => Buffer.concat([b, Buffer.from(' ')])))).toBe(true)
    expect(rewrites(() => fs.chmodSync(f, 0o644))).toBe(true)
    // A link to a file holding the same bytes is replaced by a file, never read through.
    const other = path.join(dir, 'other.json')
    expect(
      rewrites(() => {
        fs.writeFileSync(other, whole, { mode: 0o600 })
        fs.rmSync(f)
        fs.symlinkSync(other, f)
      })
    ).toBe(true)
    expect(fs.readFileSync(other).equals(whole)).toBe(true)
    // A FIFO at the target is replaced, not waited on.
    expect(
      rewrites(() => {
        fs.rmSync(f)
        expect(spawnSync('mkfifo', [f]).status).toBe(0)
      })
    ).toBe(true)
  })
})

describe('appendRecord', () => {
  it('appends whole records; without create an absent file is an error', () => {
    const f = path.join(dir, 'log.jsonl')
    expect(() => appendRecord(f, 'x\n')).toThrow(expect.objectContaining({ code: 'ENOENT' }))
    appendRecord(f, '{"a":1}\n', { create: true, mode: 0o600 })
    appendRecord(f, '{"b":2}\n')
    expect(fs.readFileSync(f, 'utf8')).toBe('{"a":1}\n{"b":2}\n')
    expect(modeOf(f)).toBe(0o600)
  })

  it('does not append through a symlink', () => {
    const outside = path.join(dir, 'outside')
    fs.writeFileSync(outside, 'keep\n')
    const f = path.join(dir, 'log')
    fs.symlinkSync(outside, f)
    expect(() => appendRecord(f, 'x\n')).toThrow(expect.objectContaining({ code: 'ELOOP' }))
    expect(fs.readFileSync(outside, 'utf8')).toBe('keep\n')
  })
})

describe('disk errors', () => {
  it.each(['ENOSPC', 'EDQUOT', 'EIO', 'EROFS', 'EFBIG'])(
    '%s becomes one line naming the file, exit 74',
    code => {
      const err = asWriteError(Object.assign(new Error(`${code}: x`), { code }), '/s/f.json')
      expect(err).toBeInstanceOf(SwrError)
      expect((err as SwrError).exitCode).toBe(EXIT.WRITE_FAILED)
      expect((err as SwrError).message).toMatch(
        new RegExp(`^cannot write /s/f\\.json: [a-z/ -]+ \\(${code}\\)$`)
      )
    }
  )

  it.each(['EACCES', 'ENOENT', 'EISDIR'])('%s is not a disk error and travels unchanged', code => {
    const original = Object.assign(new Error(code), { code })
    expect(asWriteError(original, '/s/f.json')).toBe(original)
  })

  describe('on a real full disk', () => {
    let disk: string | undefined
    afterEach(() => {
      if (disk) spawnSync('umount', [disk])
      disk = undefined
    })

    /** A 1 MiB tmpfs, or undefined where mounting is not allowed. */
    function smallDisk(): string | undefined {
      if (process.getuid?.() !== 0) return undefined
      const d = path.join(dir, 'disk')
      fs.mkdirSync(d)
      if (spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', d]).status !== 0)
        return undefined
      disk = d
      return d
    }

    /** Fill `d` but for about `leave` bytes. */
    function fill(d: string, leave: number): void {
      const fd = fs.openSync(path.join(d, 'filler'), 'w')
      try {
        for (;;) fs.writeSync(fd, Buffer.alloc(4096, 1))
      } catch {
        // full
      } finally {
        fs.closeSync(fd)
      }
      fs.truncateSync(path.join(d, 'filler'), fs.statSync(path.join(d, 'filler')).size - leave)
    }

    it('writeFileAtomic: exit 74, one line, the target as it was, no temporary file', () => {
      const d = smallDisk()
      if (!d) return expect(process.getuid?.()).not.toBe(0)
      const f = path.join(d, 'manifest.json')
      fs.writeFileSync(f, 'old content\n')
      fill(d, 8192)
      let err: unknown
      try {
        writeFileAtomic(f, Buffer.alloc(64 * 1024, 0x41), { mode: 0o600 })
      } catch (e) {
        err = e
      }
      expect(err).toBeInstanceOf(SwrError)
      expect((err as SwrError).exitCode).toBe(EXIT.WRITE_FAILED)
      expect((err as SwrError).message).toBe(
        `cannot write ${f}: no space left on the device (ENOSPC)`
      )
      expect(fs.readFileSync(f, 'utf8')).toBe('old content\n')
      expect(names(d)).toEqual(['filler', 'manifest.json'])
    })

    it('appendRecord: a record torn by the full disk is cut back off', () => {
      const d = smallDisk()
      if (!d) return expect(process.getuid?.()).not.toBe(0)
      const f = path.join(d, 'journal.jsonl')
      fs.writeFileSync(f, '{"id":"a"}\n')
      fill(d, 8192)
      expect(() => appendRecord(f, `{"id":"${'b'.repeat(64 * 1024)}"}\n`)).toThrow(
        expect.objectContaining({ exitCode: EXIT.WRITE_FAILED })
      )
      expect(fs.readFileSync(f, 'utf8')).toBe('{"id":"a"}\n')
    })
  })
})
