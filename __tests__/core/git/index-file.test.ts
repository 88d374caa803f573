/**
 * The tracked-path reader against real repositories made by the machine's git: every index
 * layout git writes (versions 2 to 4, SHA-256, split and sparse indexes, worktrees) must give
 * exactly what `git ls-files` gives, and a damaged index gives nothing rather than a wrong list.
 */
import { describe, expect, it } from '@jest/globals'
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { gitTracking, parseIndex, trackedPaths } from '../../../src/core/git/index-file.js'

const env = {
  PATH: process.env.PATH,
  HOME: os.tmpdir(),
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_CONFIG_GLOBAL: '/dev/null',
  GIT_AUTHOR_NAME: 't',
  GIT_AUTHOR_EMAIL: 't@t.invalid',
  GIT_COMMITTER_NAME: 't',
  GIT_COMMITTER_EMAIL: 't@t.invalid'
}
const git = (cwd: string, ...args: string[]): string =>
  execFileSync('git', args, { cwd, env, encoding: 'utf8' })

function repo(...initArgs: string[]): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'swr-gitidx-'))
  git(root, 'init', '-q', '-b', 'main', ...initArgs)
  const files = [
    'README.md',
    'src/a.ts',
    'src/deep/b.ts',
    'src/deep/c with space.ts',
    'docs/ünïcode.md',
    // Long names: the name is found by its NUL, never by the length field alone.
    Array.from({ length: 3 }, (_, i) => String(i).padEnd(200, 'x')).join('/') + '/long.txt'
  ]
  for (const f of files) {
    fs.mkdirSync(path.join(root, path.dirname(f)), { recursive: true })
    fs.writeFileSync(path.join(root, f), f)
  }
  fs.symlinkSync('a.ts', path.join(root, 'src', 'link'))
  git(root, 'add', '-A')
  git(root, 'commit', '-q', '--no-gpg-sign', '-m', 'x')
  return root
}

const lsFiles = (root: string, ...args: string[]): string[] =>
  git(root, 'ls-files', '-z', ...args)
    .split('\0')
    .filter(Boolean)
    .sort()

const sorted = (s: Set<string>): string[] => [...s].sort()

describe('trackedPaths', () => {
  it.each([['2'], ['3'], ['4']])('reads an index of version %s as git ls-files does', v => {
    const root = repo()
    git(root, 'update-index', '--index-version', v)
    // An intent-to-add entry needs the extended flags of version 3 and up.
    fs.writeFileSync(path.join(root, 'later.txt'), 'later')
    if (v !== '2') git(root, 'add', '-N', 'later.txt')
    expect(sorted(trackedPaths(root))).toEqual(lsFiles(root))
    expect(trackedPaths(root).size).toBeGreaterThanOrEqual(7)
  })

  it('reads a SHA-256 repository', () => {
    const root = repo('--object-format=sha256')
    expect(sorted(trackedPaths(root))).toEqual(lsFiles(root))
  })

  it('reads a split index with its shared index', () => {
    const root = repo()
    git(root, 'update-index', '--split-index')
    fs.writeFileSync(path.join(root, 'new.txt'), 'n')
    git(root, 'add', 'new.txt')
    const got = sorted(trackedPaths(root))
    expect(got).toEqual(expect.arrayContaining(lsFiles(root)))
    expect(got).toContain('new.txt')
  })

  it('reports a sparse directory entry as its directory', () => {
    const root = repo()
    git(root, 'sparse-checkout', 'init', '--cone', '--sparse-index')
    git(root, 'sparse-checkout', 'set', 'src')
    const got = sorted(trackedPaths(root))
    expect(got).toEqual(expect.arrayContaining(['README.md', 'src/a.ts', 'docs/']))
    expect(got).not.toContain('docs/ünïcode.md')
  })

  it('reads a linked worktree through its .git file, and paths below a subdirectory', () => {
    const root = repo()
    const wt = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'swr-gitwt-')), 'wt')
    git(root, 'worktree', 'add', '-q', wt)
    expect(fs.statSync(path.join(wt, '.git')).isFile()).toBe(true)
    expect(sorted(trackedPaths(wt))).toEqual(lsFiles(wt))
    expect(sorted(trackedPaths(path.join(wt, 'src')))).toEqual(lsFiles(path.join(wt, 'src')).sort())
  })

  it('gives nothing for a damaged index, no repository, or a .git that is a link', () => {
    const root = repo()
    const index = path.join(root, '.git', 'index')
    const buf = fs.readFileSync(index)
    buf[40] = (buf[40] as number) ^ 0xff
    fs.writeFileSync(index, buf)
    expect(trackedPaths(root).size).toBe(0)
    expect(() => parseIndex(buf, 20)).toThrow(/checksum/)
    expect(() => parseIndex(Buffer.from('DIRC'), 20)).toThrow()

    const plain = fs.mkdtempSync(path.join(os.tmpdir(), 'swr-nogit-'))
    expect(trackedPaths(plain).size).toBe(0)
    fs.symlinkSync(path.join(repo(), '.git'), path.join(plain, '.git'))
    expect(trackedPaths(plain).size).toBe(0)
  })
})

describe('gitTracking: which entries the git source is offered for', () => {
  it('a file or link at its path, a tree with anything below it, nothing outside a work tree', () => {
    const root = repo()
    const t = gitTracking(root)
    expect(t?.tracks('src/a.ts', false)).toBe(true)
    expect(t?.tracks('src/link', false)).toBe(true)
    expect(t?.tracks('src', true)).toBe(true)
    expect(t?.tracks('src/deep', true)).toBe(true)
    expect(t?.tracks('.', true)).toBe(true)
    expect(t?.tracks('src', false)).toBe(false)
    expect(t?.tracks('src/a', true)).toBe(false)
    expect(t?.tracks('node_modules', true)).toBe(false)
    expect(t?.tracks('untracked.bin', false)).toBe(false)
    // Below a subdirectory: paths relative to it.
    expect(gitTracking(path.join(root, 'src'))?.tracks('deep/b.ts', false)).toBe(true)
    expect(gitTracking(fs.mkdtempSync(path.join(os.tmpdir(), 'swr-nogit-')))).toBeUndefined()
  })

  it('a directory a sparse index keeps whole tracks everything below it', () => {
    const root = repo()
    git(root, 'sparse-checkout', 'set', '--cone', '--sparse-index', 'src')
    const t = gitTracking(root)
    expect(t?.tracks('docs', true)).toBe(true)
    expect(t?.tracks('docs/ünïcode.md', false)).toBe(true)
    expect(t?.tracks('src/deep/b.ts', false)).toBe(true)
  })
})
