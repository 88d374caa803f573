/**
 * `swr add --kind tree` takes one of two paths: a tree that splits into enough subtrees is
 * captured through the cold check's walk (walk workers lstat and hash in one pass, the index
 * streamed from their lines); a small tree, or any tree with --jobs 1, is walked inline and its
 * files hashed on the hash pool. Through the bundled CLI, both record the same entry and the same
 * index bytes for a tree holding every kind of entry, and both refuse a file that changes while
 * it is read.
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { gunzipSync } from 'node:zlib'
import { spawnSwr, waitUntil } from '../../__fixtures__/repair.js'
import { growing, makeWorkspace, write, type Workspace } from '../../__fixtures__/workspace.js'
import type { ManifestDocument, TreeEntry } from '../../src/core/types.js'
import { walkTreeParallel } from '../../src/core/walk/walk-strategy.js'

const STACK = /\n\s+at |node:internal/

let ws: Workspace
beforeEach(() => {
  ws = makeWorkspace()
})
afterEach(() => ws.cleanup())

async function swr(...args: string[]) {
  const r = await spawnSwr(args, ws).done
  expect(r.stderr).not.toMatch(STACK)
  return r
}

/** A name's bytes below `dir` (Buffer paths: Node would mangle them as strings). */
const at = (dir: string, ...parts: (string | number[])[]): Buffer =>
  Buffer.concat([Buffer.from(`${dir}/`), ...parts.map(p => Buffer.from(p))])
const CAFE = [0x63, 0x61, 0x66, 0xe9]
const FFFE = [0xff, 0xfe, 0x41]

/** Where the swr files of the tree live: inside it, so they are an excluded nested path. */
const OWN = 'd06/.swr'

/**
 * A tree of `dirs` top-level directories (d06 at least) with files, 0755 files, an empty file,
 * links to a file, to a directory and to nothing, empty directories, FIFOs, names that are not
 * UTF-8, `cache/` directories for a plain-name ignore rule, and swr's own files at OWN.
 */
function variedTree(dirs: number): string {
  const root = path.join(ws.root, 't')
  write(root, 'package.json', '{}\n', 0o644)
  write(root, 'tool', '#!/bin/sh\n', 0o755)
  for (let d = 0; d < dirs; d++) {
    const dir = `d${String(d).padStart(2, '0')}`
    write(root, `${dir}/f0.txt`, `${dir}\n`.repeat(d + 1), 0o644)
    write(root, `${dir}/lib/deep/x.js`, `// ${dir}\n`, 0o600)
    write(root, `${dir}/cache/junk`, 'ignored', 0o644)
  }
  write(root, 'd00/run.sh', '#!/bin/sh\necho hi\n', 0o755)
  fs.symlinkSync('f0.txt', path.join(root, 'd01/link'))
  fs.symlinkSync('d00', path.join(root, 'top-link'))
  fs.symlinkSync('nowhere', path.join(root, 'd02/dangling'))
  fs.mkdirSync(path.join(root, 'empty'))
  fs.mkdirSync(path.join(root, 'd03/void'))
  execFileSync('mkfifo', ['-m', '0644', path.join(root, 'd04/pipe')])
  execFileSync('mkfifo', ['-m', '0600', path.join(root, 'fifo')])
  write(root, 'd05/empty.txt', '', 0o644)
  fs.writeFileSync(at(root, CAFE), 'top')
  fs.writeFileSync(at(root, 'd05/', CAFE), 'below')
  fs.mkdirSync(at(root, FFFE))
  fs.writeFileSync(at(root, FFFE, '/', CAFE), 'deep')
  write(root, `${OWN}/old-notes.txt`, 'swr own dir: never part of the tree')
  return root
}

/** `add` of the tree with `args`; the entry it recorded and its index's bytes. */
async function capture(manifest: string, ...args: string[]) {
  const m = path.join(ws.root, 't', OWN, manifest)
  const r = await swr(
    'add',
    't',
    '--kind',
    'tree',
    '--id',
    't',
    '--quiet',
    '-m',
    m,
    '--workspace',
    ws.root,
    ...args
  )
  expect(r.stderr).toBe('')
  expect(r.code).toBe(0)
  const doc = JSON.parse(fs.readFileSync(m, 'utf8')) as ManifestDocument
  const entry = doc.body.entries[0] as TreeEntry
  const index = fs.readFileSync(path.join(ws.root, 't', OWN, 'trees', 't.index.gz'))
  return { entry, index, manifest: m }
}

describe('the parallel and the inline capture of a tree agree', () => {
  for (const [name, dirs, jobs, parallel] of [
    ['a tree that splits (walk workers)', 20, 4, true],
    ['a tree of few directories on 4 cores (the level with the most subtrees)', 7, 4, true],
    ['the same tree on 8 cores (too few subtrees for 8: inline both ways)', 7, 8, false]
  ] as const) {
    it(`${name}: same entry, same index bytes; check passes`, async () => {
      const root = variedTree(dirs)
      // Which path the default run takes: the workers' walk returns its entries from their lines.
      const own = new Set([path.join(root, OWN)])
      const walk = await walkTreeParallel(root, ['cache'], own, { jobs, hash: true })
      expect(walk.entries !== undefined).toBe(parallel)
      const fast = await capture('a.json', '--ignore', 'cache', '--jobs', String(jobs))
      const inline = await capture('b.json', '--ignore', 'cache', '--jobs', '1')
      expect(fast.entry.expect).toEqual(inline.entry.expect)
      expect(fast.index.equals(inline.index)).toBe(true)
      // What the index holds: every kind, no ignored or excluded path.
      const lines = gunzipSync(fast.index).toString('utf8').trim().split('\n').slice(1)
      const rows = lines.map(l => JSON.parse(l) as [string, string, number, number, unknown])
      const byRel = new Map(rows.map(r => [r[0], r]))
      expect(byRel.get('d01/link')).toEqual(['d01/link', 'l', 0o777, 0, 'f0.txt'])
      expect(byRel.get('d02/dangling')?.[4]).toBe('nowhere')
      expect(byRel.get('d04/pipe')).toEqual(['d04/pipe', 'o', 0o644, 0, 'fifo'])
      expect(byRel.get('fifo')).toEqual(['fifo', 'o', 0o600, 0, 'fifo'])
      expect(byRel.get('empty')).toEqual(['empty', 'd', expect.any(Number), 0, null])
      expect(byRel.get('d00/run.sh')?.[2]).toBe(0o755)
      expect(byRel.get('d05/empty.txt')?.[4]).toMatch(/^[0-9a-f]{64}$/)
      expect(rows.filter(r => r[0].includes('caf')).length).toBe(3)
      expect(rows.some(r => r[0].includes('cache') || r[0].includes('.swr'))).toBe(false)
      expect(fast.entry.expect.special_digest).toMatch(/^[0-9a-f]{64}$/)
      expect(fast.entry.expect.sentinels).toEqual(['package.json', 'd00/lib/deep/x.js'])
      expect(fast.entry.expect.files).toBe(rows.filter(r => r[1] !== 'd').length)
      expect((await swr('check', '-m', fast.manifest, '--no-cache')).code).toBe(0)
    }, 60_000)
  }
})

describe('a file that keeps changing while it is read', () => {
  it('in a tree captured by the walk workers: exit 4, one line naming it, no manifest', async () => {
    const root = variedTree(20)
    // In a subtree (a worker's file) and at the top level (the main thread's own).
    for (const rel of ['d09/lib/grows.log', 'grows.log']) {
      const file = write(root, rel, Buffer.alloc(24 * 1024 * 1024, 1))
      const writer = growing(file)
      try {
        const size = fs.statSync(file).size
        await waitUntil(() => fs.statSync(file).size > size, 5000)
        const r = await swr('add', 't', '--kind', 'tree', '--ignore', 'cache', '--jobs', '4')
        expect(r.code).toBe(4)
        expect(r.stderr.trim().split('\n')).toHaveLength(1)
        expect(r.stderr).toContain(`t/${rel}: cannot add: changed while it was read (size `)
      } finally {
        writer.kill('SIGKILL')
      }
      expect(fs.existsSync(ws.manifestFile)).toBe(false)
      fs.rmSync(file)
    }
  }, 60_000)
})
