/**
 * The private state directory: where it is by default (from the environment the shells pass in),
 * created 0700 whatever the umask, an open one tightened, and a symlink or a file in its place
 * refused rather than followed.
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { defaultStateDir, ensurePrivateDir } from '../../../src/core/state/state-dir.js'

let base = ''
beforeEach(() => {
  base = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'swr-statedir-')))
})
afterEach(() => fs.rmSync(base, { recursive: true, force: true }))

const modeOf = (p: string): number => fs.lstatSync(p).mode & 0o777

describe('defaultStateDir', () => {
  it('SWR_STATE_DIR first (resolved), then XDG_STATE_HOME/swr, then ~/.local/state/swr', () => {
    const rel = path.relative(process.cwd(), path.join(base, 's'))
    expect(defaultStateDir({ SWR_STATE_DIR: rel, XDG_STATE_HOME: '/x' }, '/h')).toBe(
      path.join(base, 's')
    )
    expect(defaultStateDir({ XDG_STATE_HOME: '/x/state' }, '/h')).toBe('/x/state/swr')
    expect(defaultStateDir({ SWR_STATE_DIR: '', XDG_STATE_HOME: '' }, '/h')).toBe(
      '/h/.local/state/swr'
    )
  })
})

describe('ensurePrivateDir', () => {
  it('creates the directory and its subdirectories 0700 whatever the umask', () => {
    const old = process.umask(0)
    let made = ''
    try {
      made = ensurePrivateDir(path.join(base, 'state'), 'cache', 'k')
    } finally {
      process.umask(old)
    }
    expect(made).toBe(path.join(base, 'state', 'cache', 'k'))
    for (const d of ['state', 'state/cache', 'state/cache/k'])
      expect([d, modeOf(path.join(base, d))]).toEqual([d, 0o700])
  })

  it('tightens a directory that is too open, and leaves its files alone', () => {
    const dir = path.join(base, 'state')
    fs.mkdirSync(path.join(dir, 'locks'), { recursive: true })
    fs.chmodSync(dir, 0o755)
    fs.chmodSync(path.join(dir, 'locks'), 0o777)
    fs.writeFileSync(path.join(dir, 'locks', 'f'), 'x', { mode: 0o644 })
    ensurePrivateDir(dir, 'locks')
    expect(modeOf(dir)).toBe(0o700)
    expect(modeOf(path.join(dir, 'locks'))).toBe(0o700)
    expect(modeOf(path.join(dir, 'locks', 'f'))).toBe(0o644)
  })

  it('refuses a symlink where a subdirectory should be, and does not change what it points at', () => {
    const dir = path.join(base, 'state')
    const elsewhere = path.join(base, 'elsewhere')
    fs.mkdirSync(dir)
    fs.mkdirSync(elsewhere, { mode: 0o755 })
    fs.chmodSync(elsewhere, 0o755)
    fs.symlinkSync(elsewhere, path.join(dir, 'cache'))
    expect(() => ensurePrivateDir(dir, 'cache')).toThrow(
      `${path.join(dir, 'cache')} is not a directory`
    )
    expect(modeOf(elsewhere)).toBe(0o755)
  })

  it('refuses a file where the directory should be', () => {
    fs.writeFileSync(path.join(base, 'state'), 'x')
    expect(() => ensurePrivateDir(path.join(base, 'state'))).toThrow()
    expect(fs.readFileSync(path.join(base, 'state'), 'utf8')).toBe('x')
  })
})
