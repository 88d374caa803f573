// The `swr` bin's V8 code cache (src/cli/start.cjs), through a copy of the bundled CLI: the cache
// is made on a first run, reused, extended by a new command, and never trusted or written when
// it should not be: a link, a file others can write, another owner, a stale or corrupt cache,
// a path that is a directory, or SWR_CODE_CACHE=0. Every run must answer the same either way.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { copyBundleFiles } from '../../__fixtures__/bundle-copy.js'

const root = path.resolve(import.meta.dirname, '../..')
let tmp: string
let cli: string
let ws: string

beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'swr-code-cache-'))
  ws = path.join(tmp, 'ws')
  fs.mkdirSync(ws)
  // What `--version` reads from the bundle's parent directory.
  fs.copyFileSync(path.join(root, 'dist', 'source-digest.txt'), path.join(tmp, 'source-digest.txt'))
  fs.writeFileSync(path.join(ws, 'run.sh'), '#!/bin/sh\necho ok\n', { mode: 0o755 })
})

afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }))

/** A fresh copy of dist/cli without any cache: each test owns its bundle directory. */
function freshCli(name: string): string {
  const dir = path.join(tmp, name)
  copyBundleFiles(path.join(root, 'dist', 'cli'), dir)
  cli = path.join(dir, 'index.js')
  return dir
}

const cacheFile = (dir: string) =>
  path.join(dir, `swr.js.${process.version}-${process.arch}.v8cache`)

function swr(args: string[], env: NodeJS.ProcessEnv = {}) {
  const r = spawnSync(process.execPath, [cli, ...args], {
    cwd: ws,
    env: { PATH: process.env.PATH, HOME: ws, SWR_STATE_DIR: path.join(ws, '.state'), ...env },
    encoding: 'utf8'
  })
  return { status: r.status, stdout: r.stdout, stderr: r.stderr }
}

/** `swr --version`, which must answer the same whatever the cache holds. */
function expectVersion(env: NodeJS.ProcessEnv = {}) {
  const version = swr(['--version'], env)
  expect(version).toMatchObject({ status: 0, stderr: '' })
  expect(version.stdout).toMatch(/^\d+\.\d+\.\d+ \(source [0-9a-f]{12}\)\n$/)
}

/** The answers every run must give, cache or not. */
function expectWorks(env: NodeJS.ProcessEnv = {}) {
  expectVersion(env)
  const check = swr(['check', '--json'], env)
  expect(check.stderr).toBe('')
  expect(check.status).toBe(0)
  expect((JSON.parse(check.stdout) as { verdict: string }).verdict).toBe('healthy')
}

const leftovers = (dir: string) => fs.readdirSync(dir).filter(f => f.endsWith('.tmp'))

describe('the CLI code cache', () => {
  beforeAll(() => {
    freshCli('setup')
    const add = swr(['add', 'run.sh'])
    expect(add.stderr).toBe('')
    expect(add.status).toBe(0)
  })

  it('is written by a first run, beside the bundle, readable by all and writable by its owner only', () => {
    const dir = freshCli('first')
    expect(fs.existsSync(cacheFile(dir))).toBe(false)
    expectWorks()
    const st = fs.lstatSync(cacheFile(dir))
    expect(st.isFile()).toBe(true)
    expect(st.mode & 0o777).toBe(0o644)
    expect(st.uid).toBe(fs.statSync(path.join(dir, 'swr.js')).uid)
    expect(leftovers(dir)).toEqual([])
  })

  it('is used, not rewritten, by a command it already covers; a new command adds to it', () => {
    const dir = freshCli('reuse')
    swr(['--version'])
    const first = fs.statSync(cacheFile(dir))
    swr(['--version'])
    // Rewritten means a new file renamed in: a cache V8 rejected would have been rewritten too.
    expect(fs.statSync(cacheFile(dir)).ino).toBe(first.ino)
    expect(swr(['check']).status).toBe(0)
    const second = fs.statSync(cacheFile(dir))
    expect(second.size).toBeGreaterThan(first.size)
    expect(swr(['check']).status).toBe(0)
    expect(fs.statSync(cacheFile(dir)).ino).toBe(second.ino)
  })

  it('is ignored and replaced when it is a link: the link target is neither read nor written', () => {
    const dir = freshCli('link')
    // A cache that would be accepted and kept if it were read through the link.
    swr(['--version'])
    const target = path.join(tmp, 'link-target')
    fs.renameSync(cacheFile(dir), target)
    const planted = fs.readFileSync(target)
    fs.symlinkSync(target, cacheFile(dir))
    expectVersion()
    expect(fs.readFileSync(target).equals(planted)).toBe(true)
    expect(fs.lstatSync(cacheFile(dir)).isFile()).toBe(true)
  })

  it('is ignored and replaced when others may write it', () => {
    const dir = freshCli('writable')
    swr(['--version'])
    fs.chmodSync(cacheFile(dir), 0o666)
    expectVersion()
    // Only a new file renamed in has the mode a cache is written with.
    expect(fs.statSync(cacheFile(dir)).mode & 0o777).toBe(0o644)
  })

  it('is ignored and replaced when another user owns it', () => {
    if (process.getuid?.() !== 0) return // only root can give a file away
    const dir = freshCli('owner')
    swr(['--version'])
    fs.chownSync(cacheFile(dir), 4242, 4242)
    expectVersion()
    expect(fs.statSync(cacheFile(dir)).uid).toBe(0)
  })

  it('is not written by a user other than the bundle owner', () => {
    if (process.getuid?.() !== 0) return // only root can give the bundle away
    const dir = freshCli('not-owner')
    fs.chownSync(path.join(dir, 'swr.js'), 4242, 4242)
    expectWorks()
    expect(fs.existsSync(cacheFile(dir))).toBe(false)
    expect(leftovers(dir)).toEqual([])
  })

  it('is ignored and replaced when the bundle changed since it was made', () => {
    const dir = freshCli('stale')
    swr(['--version'])
    const planted = fs.readFileSync(cacheFile(dir))
    const bundle = path.join(dir, 'swr.js')
    const later = new Date(fs.statSync(bundle).mtimeMs + 5_000)
    fs.utimesSync(bundle, later, later)
    swr(['--version'])
    expect(fs.readFileSync(cacheFile(dir)).equals(planted)).toBe(false)
  })

  it('is rejected and replaced when its bytes are corrupt or cut short, with the same answers', () => {
    const dir = freshCli('corrupt')
    swr(['--version'])
    const good = fs.readFileSync(cacheFile(dir))
    const headEnd = 4 + good.readUInt32LE(0)
    for (const bad of [
      // The right header over V8 data that is noise: V8's own checks must refuse it.
      Buffer.concat([good.subarray(0, headEnd), Buffer.alloc(good.length - headEnd, 0x5a)]),
      good.subarray(0, headEnd + 100),
      good.subarray(0, 3),
      Buffer.concat([Buffer.from([0xff, 0xff, 0xff, 0x7f]), good.subarray(4)])
    ]) {
      fs.writeFileSync(cacheFile(dir), bad)
      expectVersion()
      const now = fs.readFileSync(cacheFile(dir))
      expect(now.equals(bad)).toBe(false)
      expect(now.length).toBeGreaterThan(good.length / 2)
    }
  })

  it('leaves a directory at its path alone, and no temporary file behind', () => {
    const dir = freshCli('dir')
    fs.mkdirSync(cacheFile(dir))
    fs.writeFileSync(path.join(cacheFile(dir), 'keep'), 'x')
    expectWorks()
    expect(fs.readFileSync(path.join(cacheFile(dir), 'keep'), 'utf8')).toBe('x')
    expect(leftovers(dir)).toEqual([])
  })

  it('is neither read nor written with SWR_CODE_CACHE=0', () => {
    const dir = freshCli('off')
    expectWorks({ SWR_CODE_CACHE: '0' })
    expect(fs.existsSync(cacheFile(dir))).toBe(false)
  })

  it('survives eight first runs at once: one whole cache, no temporary files', async () => {
    const dir = freshCli('race')
    const runs = Array.from(
      { length: 8 },
      () =>
        new Promise<number | null>(resolve => {
          const c = spawn(process.execPath, [cli, 'check'], {
            cwd: ws,
            env: { PATH: process.env.PATH, HOME: ws, SWR_STATE_DIR: path.join(ws, '.state') },
            stdio: 'ignore'
          })
          c.on('close', resolve)
        })
    )
    expect(await Promise.all(runs)).toEqual(Array(8).fill(0))
    expect(leftovers(dir)).toEqual([])
    const planted = fs.statSync(cacheFile(dir))
    expect(swr(['check']).status).toBe(0)
    expect(fs.statSync(cacheFile(dir)).ino).toBe(planted.ino)
  })
})
