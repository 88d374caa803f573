/**
 * Special files in trees, through the bundled CLI: a device swapped for another of the same mode
 * (and a FIFO swapped for a device) is damage named with both kinds, while the tree's metadata and
 * content digests stay what earlier builds recorded, and a manifest recorded without the special
 * digest keeps verifying as before. Device nodes need root (mknod); elsewhere each case says it
 * was skipped.
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { spawnSwr } from '../../__fixtures__/repair.js'
import { makeWorkspace, type Workspace } from '../../__fixtures__/workspace.js'
import type { CheckReport } from '../../src/core/report/report.js'
import type { ManifestDocument, TreeEntry } from '../../src/core/types.js'

const STACK = /\n\s+at |node:internal/
const ROOT = process.getuid?.() === 0

let ws: Workspace
let tree: string
beforeEach(() => {
  ws = makeWorkspace()
  tree = path.join(ws.root, 't')
  fs.mkdirSync(tree)
  fs.writeFileSync(path.join(tree, 'a'), 'hi\n')
  fs.chmodSync(path.join(tree, 'a'), 0o644)
})
afterEach(() => ws.cleanup())

async function swr(args: string[]) {
  const r = await spawnSwr(args, ws).done
  expect(r.stderr).not.toMatch(STACK)
  return r
}

/** A device node at `rel` in the tree, mode 0666 (mknod; needs root). */
function device(rel: string, kind: 'c' | 'b', major: number, minor: number): void {
  const abs = path.join(tree, rel)
  fs.rmSync(abs, { force: true })
  execFileSync('mknod', ['-m', '0666', abs, kind, String(major), String(minor)])
}

function fifo(rel: string): void {
  const abs = path.join(tree, rel)
  fs.rmSync(abs, { force: true })
  execFileSync('mkfifo', ['-m', '0666', abs])
}

async function addTree(): Promise<TreeEntry> {
  const r = await swr(['add', '-m', ws.manifestFile, tree, '--id', 't'])
  expect(r.code).toBe(0)
  const doc = JSON.parse(fs.readFileSync(ws.manifestFile, 'utf8')) as ManifestDocument
  const e = doc.body.entries.find(x => x.id === 't')
  if (e?.kind !== 'tree') throw new Error('no tree t')
  return e
}

async function check(...flags: string[]) {
  const r = await swr(['check', '--json', '-m', ws.manifestFile, ...flags])
  const report = JSON.parse(r.stdout) as CheckReport
  const f = report.results.find(x => x.id === 't')
  return { code: r.code, f }
}

function skipped(): boolean {
  if (ROOT) return false
  console.warn('skipped: creating device nodes (mknod) needs root')
  return true
}

describe('special files in a tree', () => {
  it('a char device swapped for another of the same mode is damage naming both devices', async () => {
    if (skipped()) return
    device('dev', 'c', 1, 3)
    const e = await addTree()
    expect(e.expect.special_digest).toMatch(/^[0-9a-f]{64}$/)
    expect((await check()).code).toBe(0)
    device('dev', 'c', 1, 5)
    for (const flags of [[], ['--meta'], ['--no-cache']]) {
      const { code, f } = await check(...flags)
      expect({ flags, code }).toEqual({ flags, code: 1 })
      expect(f).toMatchObject({ status: 'CORRUPT', reason: 'special' })
      expect(f?.detail).toBe('special files differ: 1 changed: dev (char 1:3 -> char 1:5)')
      expect(f?.files?.changed).toEqual([{ path: 'dev', what: 'char 1:3 -> char 1:5' }])
    }
    // Back as it was: healthy again.
    device('dev', 'c', 1, 3)
    expect((await check()).code).toBe(0)
  }, 60_000)

  it('a FIFO swapped for a device, and a block device for a char device, are damage too', async () => {
    if (skipped()) return
    fifo('pipe')
    device('dev', 'b', 7, 0)
    await addTree()
    device('pipe', 'c', 1, 3)
    device('dev', 'c', 7, 0)
    const { code, f } = await check()
    expect(code).toBe(1)
    expect(f?.files?.changed).toEqual([
      { path: 'dev', what: 'block 7:0 -> char 7:0' },
      { path: 'pipe', what: 'fifo -> char 1:3' }
    ])
  }, 60_000)

  it('without its index the damage is still found, by digest', async () => {
    if (skipped()) return
    device('dev', 'c', 1, 3)
    await addTree()
    device('dev', 'c', 1, 5)
    fs.rmSync(path.join(ws.root, '.swr', 'trees'), { recursive: true })
    const { code, f } = await check()
    expect(code).toBe(1)
    expect(f?.reason).toBe('special')
    expect(f?.detail).toMatch(
      /^special files differ: digest [0-9a-f]{12} \(want [0-9a-f]{12}\); no usable index to name them$/
    )
  }, 60_000)

  it('the metadata and content digests are the ones recorded before devices were', async () => {
    if (skipped()) return
    device('dev', 'c', 1, 3)
    const e = await addTree()
    // Recorded by the build before special_digest existed, for this same tree.
    expect(e.expect.meta_digest).toBe(
      '31d7fd34289bc27928bd574af20d40790523eb46c731a4a35ae5db2542656b31'
    )
    expect(e.expect.content_digest).toBe(
      '1835ed045d4fc2d7311fc764a2175a5fc04410a4fd7ff1137266cd6454724fd2'
    )
  }, 60_000)

  it('a tree recorded without the special digest is checked as before: a swap passes', async () => {
    if (skipped()) return
    device('dev', 'c', 1, 3)
    await addTree()
    const doc = JSON.parse(fs.readFileSync(ws.manifestFile, 'utf8')) as ManifestDocument
    for (const e of doc.body.entries) if (e.kind === 'tree') delete e.expect.special_digest
    fs.writeFileSync(ws.manifestFile, JSON.stringify(doc, null, 2) + '\n')
    expect((await check()).code).toBe(0)
    device('dev', 'c', 1, 5)
    const { code, f } = await check()
    expect(code).toBe(0)
    expect(f?.status).toBe('OK')
  }, 60_000)
})

describe('a tree without special files', () => {
  it('records no special digest', async () => {
    const e = await addTree()
    expect(e.expect).not.toHaveProperty('special_digest')
  }, 30_000)
})
