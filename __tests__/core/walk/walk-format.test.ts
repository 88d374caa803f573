// Recorded digests are hashes of the walk's lines: a line spelled differently, or an entry visited
// in another order, by any one walker fails every check of a tree that walker happens to walk.
// The lines and the order are spelled once more here, independently of walk-format.mjs, and every
// walker (inline, walk workers in both their forms, GNU find) must write exactly these bytes.
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { SwrError } from '../../../src/core/errors.js'
import { bytesOf, fsPath, nameOf } from '../../../src/core/walk/byte-names.mjs'
import { gnuFind, nativeTreeDigest } from '../../../src/core/walk/native/native-walk.js'
import {
  compareNames,
  findFormat,
  findPrintArgs,
  metaLine,
  modeText,
  sortNames,
  visitedAfter,
  metaTail,
  stampLine,
  stampTail,
  stampTime,
  stampTimeNs,
  stampTimeOf
} from '../../../src/core/walk/walk-format.mjs'
import {
  contentDigest,
  linkTargets,
  listTop,
  metaDigestOf,
  stampOf,
  walkTree
} from '../../../src/core/walk/walk.js'
import {
  digestTreeParallel,
  NATIVE_WALK_VAR,
  nativeWalkAllowed,
  walkTreeParallel
} from '../../../src/core/walk/walk-strategy.js'
import { makeWorkspace, write, type Workspace } from '../../../__fixtures__/workspace.js'

const itFind = gnuFind() ? it : it.skip

let ws: Workspace
let root: string

/** 18 top-level directories (enough for workers and find) holding every kind of entry. */
function build(): void {
  root = path.join(ws.root, 'tree')
  const tops = ['a', 'B', 'é', '名前', 'sp ace', "it's", '\ue000', '_x', 'z-z', 'z.z']
  for (let d = 0; d < 8; d++) tops.push(`pkg-${d}`)
  for (const top of tops) {
    write(root, `${top}/index.js`, `// ${top}\n`, 0o644)
    for (const n of ['a', 'a-b', 'a.b', 'B', 'é', '\u07ff', '.hidden'])
      write(root, `${top}/${n}/f`, n, 0o644)
  }
  write(root, 'a/run', '#!/bin/sh\n', 0o755)
  write(root, 'a/priv', 's', 0o600)
  write(root, 'a/suid', 'x', 0o4755)
  write(root, 'a/ro', '', 0o444)
  fs.mkdirSync(path.join(root, 'a/sticky'))
  fs.chmodSync(path.join(root, 'a/sticky'), 0o1777)
  fs.mkdirSync(path.join(root, 'B/empty'))
  fs.symlinkSync('index.js', path.join(root, 'a/link'))
  fs.symlinkSync('nowhere', path.join(root, 'a/dangling'))
  fs.linkSync(path.join(root, 'a/index.js'), path.join(root, 'a/hard'))
  execFileSync('mkfifo', [path.join(root, 'B/fifo')])
  // A name that is not UTF-8, among ASCII siblings (where bytes and UTF-16 order agree).
  fs.writeFileSync(Buffer.concat([Buffer.from(`${root}/pkg-1/`), Buffer.from([0xff, 0x41])]), 'x')
  write(root, 'top-file', 'top', 0o640)
  // A link target that is not UTF-8, and a time under one second after the epoch (its stamp is
  // zero-padded: "0.5000000000").
  fs.symlinkSync(Buffer.from([0x74, 0xff]), path.join(root, 'pkg-2/bad-target'))
  fs.utimesSync(path.join(root, 'a/ro'), 0.5, 0.5)
  // Every directory's mode fixed, whatever the umask.
  for (const top of tops) fs.chmodSync(path.join(root, top), 0o755)
}

beforeEach(() => {
  ws = makeWorkspace()
  build()
})
afterEach(() => ws.cleanup())

/** The three digests' lines, spelled here: depth first, siblings in JavaScript string order. */
function referenceLines(dir: string) {
  const meta: string[] = []
  const stamp: string[] = []
  const content: string[] = []
  const time = (ns: bigint) => `${ns / 10n ** 9n}.${String(ns % 10n ** 9n).padStart(9, '0')}0`
  const visit = (abs: string, rel: string): void => {
    const names = fs.readdirSync(abs, { encoding: 'buffer' }).map(nameOf)
    names.sort((x, y) => (x < y ? -1 : 1))
    for (const name of names) {
      const r = rel ? `${rel}/${name}` : name
      const p = `${abs}/${name}`
      const st = fs.lstatSync(fsPath(p), { bigint: true })
      const t = st.isFile() ? 'f' : st.isDirectory() ? 'd' : st.isSymbolicLink() ? 'l' : 'o'
      const size = t === 'f' ? st.size : 0n
      const mode = (st.mode & 0o7777n).toString(8).padStart(4, '0')
      const extra =
        t === 'f'
          ? createHash('sha256')
              .update(fs.readFileSync(fsPath(p)))
              .digest('hex')
          : t === 'l'
            ? nameOf(fs.readlinkSync(fsPath(p), { encoding: 'buffer' }))
            : ''
      meta.push(`${r}\0${t}\0${size}\0${mode}\n`)
      stamp.push(`${r}\0${t}\0${st.dev}:${st.ino}:${time(st.mtimeNs)}:${time(st.ctimeNs)}\n`)
      content.push(`${r}\0${t}\0${size}\0${mode}\0${extra}\n`)
      if (t === 'd') visit(p, r)
    }
  }
  visit(dir, '')
  return { meta, stamp, content }
}

const digestOf = (lines: string[]) =>
  createHash('sha256')
    .update(Buffer.concat(lines.map(l => bytesOf(l))))
    .digest('hex')

describe('the walk, defined once', () => {
  it('visitedAfter holds for each walked path and the one before it, and for no pair reversed or equal', () => {
    const rels = walkTree(root, [], new Set()).records.map(r => r.rel)
    expect(rels.length).toBeGreaterThan(100)
    for (let i = 1; i < rels.length; i++) {
      expect([rels[i - 1], rels[i], visitedAfter(rels[i - 1]!, rels[i]!)]).toEqual([
        rels[i - 1],
        rels[i],
        true
      ])
      expect(visitedAfter(rels[i]!, rels[i - 1]!)).toBe(false)
      expect(visitedAfter(rels[i]!, rels[i]!)).toBe(false)
    }
  })

  it('spells lines, modes, times and find formats as recorded digests were made', () => {
    expect(metaLine('a/b', 'f', 10, 0o100755)).toBe('a/b\0f\x0010\x000755\n')
    expect(metaLine('a', 'd', 4096, 0o41777)).toBe('a\0d\x000\x001777\n')
    expect(modeText(0o4755)).toBe('4755')
    expect(stampTime(1_700_000_000_123_456_789n)).toBe('1700000000.1234567890')
    expect(stampTime(5n)).toBe('0.0000000050')
    // The walk workers spell each time once, in decimal nanoseconds, and cut the stamp from it.
    for (const ns of [
      0n,
      5n,
      999_999_999n,
      1_000_000_000n,
      1_700_000_000_000_000_001n,
      -5n,
      -1_500_000_000n
    ]) {
      expect(stampTimeOf(ns.toString())).toBe(stampTime(ns))
      // ...and the main thread reads the nanoseconds back from it.
      expect(stampTimeNs(stampTime(ns))).toBe(ns)
    }
    expect(stampTime(-1_500_000_000n)).toBe('-1500000000')
    // Lines start with their path: a tail is the line of an empty path.
    expect('a/b' + metaTail('f', 10, 0o100755) + '\n').toBe(metaLine('a/b', 'f', 10, 0o100755))
    expect('x' + stampTail('l', '2049', '7', '5', '6')).toBe(stampLine('x', 'l', 2049n, 7n, 5n, 6n))
    expect(stampLine('x', 'l', 2049n, 7n, 5n, 6n)).toBe(
      'x\0l\x002049:7:0.0000000050:0.0000000060\n'
    )
    expect(findFormat('meta', 'f')).toBe('%p\\000f\\000%s\\000%04m\\n')
    expect(findFormat('meta', 'o')).toBe('%p\\000o\\0000\\000%04m\\n')
    expect(findFormat('stamp', 'd')).toBe('%p\\000d\\000%D:%i:%T@:%C@\\n')
    expect(findPrintArgs('meta').filter(a => a === '-type' || a === '-printf')).toHaveLength(7)
    // The comparator and the fast sort are one order.
    const names = ['b', 'B', 'a-b', 'a.b', 'a', 'é', '\ue000', '\u{1f424}', '\udcff', '_', '.x']
    expect(sortNames([...names])).toEqual([...names].sort(compareNames))
  })

  it('every Node walker writes exactly the lines spelled here', async () => {
    const ref = referenceLines(root)
    const want = { meta: digestOf(ref.meta), stamp: digestOf(ref.stamp) }
    const content = digestOf(ref.content)
    // Inline.
    const inline = walkTree(root, [], new Set())
    expect(inline.records.length).toBe(ref.meta.length)
    expect(metaDigestOf(inline.records)).toBe(want.meta)
    expect(stampOf(inline.records)).toBe(want.stamp)
    const extras = linkTargets(root, inline.records).map((x, i) => {
      const r = inline.records[i]!
      if (r.type !== 'f') return x
      return createHash('sha256')
        .update(fs.readFileSync(fsPath(`${root}/${r.rel}`)))
        .digest('hex')
    })
    expect(contentDigest(inline.records, extras)).toBe(content)
    // Walk workers returning their lines and every digest; the records read back from the lines
    // are the inline walk's, field for field, and so are the hashes.
    const cols = await walkTreeParallel(root, [], new Set(), { jobs: 2, hash: true })
    expect(cols.pre).toMatchObject({ ...want, content, failed: 0 })
    expect(cols.records).toEqual(inline.records)
    expect(cols.shas).toEqual(
      extras.map((x, i) => (inline.records[i]!.type === 'f' ? x : undefined))
    )
    // Walk workers returning lines as text.
    for (const kind of ['meta', 'stamp'] as const) {
      const r = await digestTreeParallel(root, [], new Set(), { jobs: 2, kind, native: false })
      expect(r).toEqual({ digest: want[kind], files: inline.files, unreadable: [] })
    }
  })

  itFind('GNU find writes exactly the lines spelled here', async () => {
    const ref = referenceLines(root)
    const top = listTop(root, [], new Set())!
    for (const kind of ['meta', 'stamp'] as const) {
      const r = await nativeTreeDigest(root, top, [], new Set(), kind, 2)
      expect(r?.raw).toMatch(/^[0-9a-f]{64}$/)
      expect(r?.digest).toBe(digestOf(ref[kind]))
    }
  })
})

describe(`${NATIVE_WALK_VAR}`, () => {
  const meta = (native: boolean) =>
    digestTreeParallel(root, [], new Set(), { jobs: 2, kind: 'meta', native })

  itFind('off leaves the digest to the walk workers, with the same result', async () => {
    const native = await meta(nativeWalkAllowed({ [NATIVE_WALK_VAR]: '1' }))
    expect(native?.raw).toBeDefined()
    const workers = await meta(nativeWalkAllowed({ [NATIVE_WALK_VAR]: '0' }))
    expect(workers?.raw).toBeUndefined()
    expect(workers?.digest).toBe(native?.digest)
  })

  it('unset or empty allows it; any other value is refused with exit 4, naming the variable', () => {
    expect(nativeWalkAllowed({})).toBe(true)
    expect(nativeWalkAllowed({ [NATIVE_WALK_VAR]: '' })).toBe(true)
    for (const bad of ['off', 'no', '2']) {
      let err: unknown
      try {
        nativeWalkAllowed({ [NATIVE_WALK_VAR]: bad })
      } catch (e) {
        err = e
      }
      expect(err).toBeInstanceOf(SwrError)
      expect(err).toMatchObject({ exitCode: 4 })
      expect((err as Error).message).toContain(NATIVE_WALK_VAR)
    }
  })
})
