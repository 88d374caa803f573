// Large trees' record-less digests (the --meta digest and the warm-cache stamp) come from GNU find
// when this machine has it. Its lines must be the Node walker's, byte for byte and in the same
// order, on every kind of name, type and mode; when they could differ it must step aside.
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { gnuFind, nativeTreeDigest } from '../../../src/core/walk/native/native-walk.js'
import { type TopEntry } from '../../../src/core/walk/walk.js'
import { listTop, metaDigestOf, stampOf, walkTree } from '../../../src/core/walk/walk.js'
import { digestTreeParallel } from '../../../src/core/walk/walk-strategy.js'
import { makeWorkspace, write, type Workspace } from '../../../__fixtures__/workspace.js'

const haveFind = gnuFind() !== undefined
const itFind = haveFind ? it : it.skip

let ws: Workspace
let root: string

/** Top-level directories (enough to split the walk), with hard cases below them. */
function build(): void {
  root = path.join(ws.root, 'tree')
  // Start points reach find through a shell script: quotes, $, `, ; and * must arrive unchanged.
  const names = ['a', 'a-b', 'a.b', 'A', '_x', 'b', 'é', '名前', 'zz', '\ue000', 'sp ace']
  names.push("it's", '$HOME', '`id`', 'a;b', '*', '"q"', '\\')
  for (let d = 0; d < 20; d++) names.push(`pkg-${d}`)
  for (const top of names) {
    write(root, `${top}/index.js`, `// ${top}\n`)
    for (const n of ['a', 'a-b', 'a.b', 'a/b', 'B', 'é', 'ÿ', '\u07ff', '\ue000x', '.hidden'])
      write(root, `${top}/${n}/f`, n)
  }
  write(root, 'a/bin/run', '#!/bin/sh\n', 0o755)
  write(root, 'a/priv', 's', 0o600)
  write(root, 'a/suid', 'x', 0o4755)
  write(root, 'a/none', 'x', 0o000)
  fs.mkdirSync(path.join(root, 'a/sticky'), { mode: 0o1777 })
  fs.chmodSync(path.join(root, 'a/sticky'), 0o1777)
  fs.mkdirSync(path.join(root, 'a/empty'))
  fs.symlinkSync('index.js', path.join(root, 'a/link'))
  fs.symlinkSync('a.b', path.join(root, 'a/dirlink'))
  fs.symlinkSync('nowhere', path.join(root, 'a/dangling'))
  fs.linkSync(path.join(root, 'a/index.js'), path.join(root, 'a/hard'))
  execFileSync('mkfifo', [path.join(root, 'b/fifo')])
  let deep = path.join(root, 'zz')
  for (let i = 0; i < 30; i++) deep = path.join(deep, `d${i}`)
  write(deep, 'leaf', 'deep')
  write(root, 'b/node_modules/pkg/index.js', 'ignored')
  write(root, 'b/x/node_modules/y', 'ignored too')
  write(root, 'top-file', 'top')
}

beforeEach(() => {
  ws = makeWorkspace()
  build()
})
afterEach(() => ws.cleanup())

/** Both walkers' digests (the native one without its raw digest, which the Node walker lacks). */
async function both(kind: 'meta' | 'stamp', ignore: string[] = []) {
  const r = await digestTreeParallel(root, ignore, new Set(), { jobs: 2, kind })
  const node = await digestTreeParallel(root, ignore, new Set(), { jobs: 2, kind, native: false })
  const native = r && { digest: r.digest, files: r.files, unreadable: r.unreadable }
  return { native, node }
}

describe('native walk (GNU find)', () => {
  itFind('is used here, and its meta and stamp digests equal the Node walker’s', async () => {
    expect(
      await nativeTreeDigest(root, listTop(root, [], new Set())!, [], new Set(), 'meta', 2)
    ).toBeDefined()
    for (const kind of ['meta', 'stamp'] as const) {
      const { native, node } = await both(kind)
      expect(native).toEqual(node)
    }
    // And the meta digest is the one a single-threaded capture records.
    const { native } = await both('meta')
    expect(native?.digest).toBe(metaDigestOf(walkTree(root, [], new Set()).records))
  })

  itFind('prunes plain ignored names exactly as the Node walker does', async () => {
    const ignore = ['node_modules', '.hidden']
    const top = listTop(root, ignore, new Set())!
    expect(await nativeTreeDigest(root, top, ignore, new Set(), 'stamp', 2)).toBeDefined()
    for (const kind of ['meta', 'stamp'] as const) {
      const { native, node } = await both(kind, ['node_modules', '.hidden'])
      expect(native).toEqual(node)
    }
  })

  itFind('steps aside when it cannot say the same', async () => {
    const texts = (ignore: string[] = [], exclude = new Set<string>(), top?: TopEntry[]) =>
      nativeTreeDigest(root, top ?? listTop(root, ignore, exclude)!, ignore, exclude, 'meta', 2)
    // Globs are the Node walker's (picomatch semantics).
    expect(await texts(['*.js'])).toBeUndefined()
    // An excluded path (swr's own state) inside the tree.
    expect(await texts([], new Set([path.join(root, 'a/priv')]))).toBeUndefined()
    // A top-level name find would read as an expression.
    write(root, '-delete/f', 'x')
    expect(await texts()).toBeUndefined()
    fs.rmSync(path.join(root, '-delete'), { recursive: true })
    // A listing that find's top level contradicts (an entry retyped since it was listed).
    const listed = listTop(root, [], new Set())!
    const retyped = listed.map(t => (t.rel === 'top-file' ? { ...t, dir: true } : t))
    expect(await texts([], new Set(), retyped)).toBeUndefined()
    expect(await texts([], new Set(), listed)).toBeDefined()
    // A newline inside a name.
    write(root, 'b/new\nline', 'x')
    expect(await texts()).toBeUndefined()
    fs.rmSync(path.join(root, 'b/new\nline'))
    expect(await texts()).toBeDefined()
    // The digests still agree whoever walks: the fallback is the Node walker.
    write(root, 'b/new\nline', 'x')
    const { native, node } = await both('meta')
    expect(native).toEqual(node)
  })

  itFind(
    'names the Node walker orders or reads differently never pass for the recorded digest',
    async () => {
      // Beyond U+FFFF, bytes and UTF-16 units order a name differently from one in U+E000-U+FFFF
      // (a sibling of b/\ue000x): the native digest differs, so the fast path cannot vouch and the
      // check walks in Node. Same for a byte that is not UTF-8 beside b/\ue000x (the Node walker
      // orders it as U+DCFF, below U+E000; find as 0xFF, above 0xEE).
      write(root, 'b/\u{1f424}', 'x')
      let r = await both('meta')
      expect(r.native?.digest).not.toBe(r.node?.digest)
      fs.rmSync(path.join(root, 'b/\u{1f424}'))
      const raw = (dir: string) =>
        Buffer.concat([Buffer.from(path.join(root, dir) + '/'), Buffer.from([0xff, 0x41])])
      fs.writeFileSync(raw('b'), 'x')
      r = await both('meta')
      expect(r.native?.digest).not.toBe(r.node?.digest)
      fs.rmSync(raw('b'))
      r = await both('meta')
      expect(r.native).toEqual(r.node)
      // Where the orders agree, both walkers write the name's bytes and agree on the digest.
      for (const dir of ['b/x', 'zz/d0', 'pkg-1/a']) fs.writeFileSync(raw(dir), 'x')
      fs.mkdirSync(Buffer.concat([Buffer.from(path.join(root, 'zz') + '/'), Buffer.from([0xe9])]))
      for (const kind of ['meta', 'stamp'] as const) {
        r = await both(kind)
        expect(r.native).toEqual(r.node)
      }
      expect(r.native?.files).toBe(r.node!.files)
    }
  )

  itFind(
    'a known raw digest skips the re-sort, and any change to the tree makes it miss',
    async () => {
      const first = await digestTreeParallel(root, [], new Set(), { jobs: 2, kind: 'stamp' })
      expect(first?.raw).toMatch(/^[0-9a-f]{64}$/)
      // A made-up digest proves the shortcut was taken: only the raw bytes were compared.
      const known = { raw: first!.raw!, digest: 'f'.repeat(64), files: 7 }
      const again = await digestTreeParallel(root, [], new Set(), { jobs: 2, kind: 'stamp', known })
      expect(again).toMatchObject({ digest: 'f'.repeat(64), files: 7, raw: first!.raw })
      // sha256sum hashed find's outputs there; hashed here instead, the raw digest is the same.
      const top = listTop(root, [], new Set())!
      for (const sha256sum of [true, false])
        expect(
          await nativeTreeDigest(root, top, [], new Set(), 'stamp', 2, { known, sha256sum })
        ).toMatchObject({ digest: 'f'.repeat(64), raw: first!.raw })
      // A same-size rewrite changes mtime and ctime: the raw bytes differ, the real stamp is computed.
      const f = path.join(root, 'pkg-3/index.js')
      fs.writeFileSync(f, fs.readFileSync(f, 'utf8').replace('3', '4'))
      const after = await digestTreeParallel(root, [], new Set(), { jobs: 2, kind: 'stamp', known })
      expect(after?.digest).not.toBe('f'.repeat(64))
      expect(after?.digest).not.toBe(first?.digest)
      expect(after?.raw).not.toBe(first?.raw)
      const node = await digestTreeParallel(root, [], new Set(), {
        jobs: 2,
        kind: 'stamp',
        native: false
      })
      expect(after?.digest).toBe(node?.digest)
    }
  )

  itFind(
    'walks a large tree of few top-level directories, when its recorded size says so',
    async () => {
      // Two directories, a file and a link at the top: too few to split across Node workers.
      const narrow = path.join(ws.root, 'narrow')
      for (let i = 0; i < 40; i++) write(narrow, `src/d${i % 7}/f${i}.ts`, `${i}`)
      write(narrow, "lib/it's here/x", 'x')
      write(narrow, 'README', 'r')
      fs.symlinkSync('README', path.join(narrow, 'link'))
      const walked = walkTree(narrow, [], new Set()).records
      const top = listTop(narrow, [], new Set())!
      const meta = await nativeTreeDigest(narrow, top, [], new Set(), 'meta', 2)
      expect(meta).toMatchObject({ digest: metaDigestOf(walked), files: 43 })
      const stamp = await nativeTreeDigest(narrow, top, [], new Set(), 'stamp', 2)
      expect(stamp?.digest).toBe(stampOf(walked))
      // Through the tree verifier's entry point: only a tree recorded as large is worth a find.
      const digest = (expectFiles?: number) =>
        digestTreeParallel(narrow, [], new Set(), { kind: 'meta', expectFiles })
      expect(await digest()).toBeUndefined()
      expect(await digest(999)).toBeUndefined()
      expect(await digest(1000)).toMatchObject({ digest: metaDigestOf(walked), files: 43 })
    }
  )

  // Root reads every directory whatever its mode: the case exists only for other users.
  const itUser = process.getuid?.() === 0 ? it.skip : itFind
  itUser('an unreadable directory is left to the Node walker, which names it', async () => {
    fs.chmodSync(path.join(root, 'a/empty'), 0o000)
    const { native, node } = await both('meta')
    expect(native).toEqual(node)
    expect(native?.unreadable).toEqual([{ rel: 'a/empty', code: 'EACCES' }])
  })
})
