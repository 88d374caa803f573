/**
 * The sealed save's one streamed walk (tree-stream.ts) opens each name its listing calls a
 * regular file instead of lstat'ing it first. Its capture must stay the other capture's, byte for
 * byte, and a name that stops being a regular file between the listing and its open must be
 * taken as what it now is (a link never followed, a directory walked or ignored as one), or left
 * out when gone.
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { captureTreeStreamed, type TreeArchiver } from '../../../src/core/capture/tree-stream.js'
import { captureTreeState, type TreeSource } from '../../../src/core/capture/tree.js'

let dir: string
let root: string

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'swr-tree-stream-'))
  root = path.join(dir, 'tree')
  fs.mkdirSync(path.join(root, 'pkg', 'lib'), { recursive: true })
  for (const n of ['a', 'b', 'c', 'd', 'e', 'f'])
    fs.writeFileSync(path.join(root, n), `${n}\n`.repeat(100))
  fs.writeFileSync(path.join(root, 'pkg', 'lib', 'index.js'), 'module.exports = 1\n')
  fs.writeFileSync(path.join(root, 'pkg', 'run'), '#!/bin/sh\n', { mode: 0o755 })
  fs.writeFileSync(path.join(root, 'pkg', 'skip.log'), 'ignored\n')
  fs.writeFileSync(path.join(root, 'name with "quote" and \\'), 'odd\n')
  fs.symlinkSync('pkg/run', path.join(root, 'link'))
  fs.linkSync(path.join(root, 'pkg', 'run'), path.join(root, 'pkg', 'run-too'))
  fs.writeFileSync(path.join(dir, 'outside'), 'not in the tree\n')
})

afterEach(() => fs.rmSync(dir, { recursive: true, force: true }))

const source = (): TreeSource => ({
  root,
  shown: 'tree',
  ignore: ['*.log', 'gen/'],
  exclude: new Set()
})

/** An archiver that archives nothing, hashing what it is given; `onFile` runs before each read. */
function archiver(onFile: (rel: string) => void = () => undefined): {
  a: TreeArchiver
  seen: string[]
} {
  const seen: string[] = []
  const a: TreeArchiver = {
    root: async () => undefined,
    dir: async rel => void seen.push(`d ${rel}`),
    link: async (rel, target) => void seen.push(`l ${rel} -> ${target}`),
    file: async (rel, abs, st, fd) => {
      onFile(rel)
      seen.push(`f ${rel} ${st.size}`)
      const bytes = fd !== undefined ? readAll(fd, Number(st.size)) : fs.readFileSync(abs)
      return createHash('sha256').update(bytes).digest('hex')
    }
  }
  return { a, seen }
}

function readAll(fd: number, size: number): Buffer {
  const b = Buffer.alloc(size)
  let at = 0
  while (at < size) at += fs.readSync(fd, b, at, size - at, at)
  return b
}

describe('the streamed capture, each listed file opened first', () => {
  it('is the other capture, digests, index and sentinels alike', async () => {
    const { a, seen } = archiver()
    const streamed = await captureTreeStreamed(source(), a)
    const walked = await captureTreeState(source(), { jobs: 1 })
    expect(streamed).toEqual(walked)
    expect(seen).not.toContain('f pkg/skip.log 8')
    expect(seen).toContain('l link -> pkg/run')
  })

  it('takes a name as what it is when opened: a link (not followed), a directory, gone, ignored', async () => {
    const swap = (rel: string) => {
      if (rel !== 'a') return
      // Listed as regular files before 'a' was read; each changes before it is opened.
      fs.rmSync(path.join(root, 'b'))
      fs.symlinkSync('../outside', path.join(root, 'b'))
      fs.rmSync(path.join(root, 'c'))
      fs.mkdirSync(path.join(root, 'c'))
      fs.writeFileSync(path.join(root, 'c', 'inner'), 'inner\n')
      fs.rmSync(path.join(root, 'd'))
      fs.rmSync(path.join(root, 'f'))
      fs.mkdirSync(path.join(root, 'f'))
    }
    const { a, seen } = archiver(swap)
    const streamed = await captureTreeStreamed(source(), a)
    expect(seen).toContain('l b -> ../outside')
    expect(seen).toContain('d c')
    expect(seen).toContain('f c/inner 6')
    expect(seen.find(s => s.split(' ')[1] === 'd')).toBeUndefined()
    expect(seen).toContain('d f')
    // The tree as it is now, captured again: the same, so nothing was read through the link.
    expect(streamed).toEqual(await captureTreeState(source(), { jobs: 1 }))
  })

  it('a directory swapped in under an ignored name is left out, as the walk leaves it', async () => {
    fs.writeFileSync(path.join(root, 'gen'), 'a file named gen\n')
    const swap = (rel: string) => {
      if (rel !== 'a') return
      fs.rmSync(path.join(root, 'gen'))
      fs.mkdirSync(path.join(root, 'gen'))
      fs.writeFileSync(path.join(root, 'gen', 'out.js'), 'generated\n')
    }
    const { a, seen } = archiver(swap)
    const streamed = await captureTreeStreamed(source(), a)
    expect(seen.filter(s => s.includes('gen'))).toEqual([])
    expect(streamed).toEqual(await captureTreeState(source(), { jobs: 1 }))
  })
})
