// Trees with many top-level directories are walked (and, cold, hashed) on worker threads; the
// result must be the walk the single-threaded capture made, in the same order, or every check of
// a large tree would fail.
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { hashFile } from '../../../src/core/walk/hash-kernel.mjs'
import {
  walkTree,
  metaDigestOf,
  contentDigest,
  linkTargets,
  cacheValue,
  stampOf
} from '../../../src/core/walk/walk.js'
import { walkTreeParallel } from '../../../src/core/walk/walk-strategy.js'
import { splitTop } from '../../../src/core/walk/walk-workers.js'
import {
  endIdleKernelThreads,
  liveKernelThreads,
  mainThreadHashing
} from '../../../src/core/walk/kernel-threads.js'
import {
  add,
  checkJson,
  flipByte,
  makeWorkspace,
  write,
  type Workspace
} from '../../../__fixtures__/workspace.js'

let ws: Workspace
beforeEach(() => {
  ws = makeWorkspace()
  for (let d = 0; d < 24; d++) {
    for (let f = 0; f < 5; f++)
      write(ws.root, `tree/pkg-${d}/lib/f${f}.js`, `module.exports = ${d * 10 + f}\n`)
    write(
      ws.root,
      `tree/pkg-${d}/package.json`,
      `{"name":"pkg-${d}"}\n`,
      d % 3 === 0 ? 0o755 : 0o644
    )
    fs.symlinkSync('package.json', path.join(ws.root, `tree/pkg-${d}/link`))
  }
  write(ws.root, 'tree/top.txt', 'top\n')
  write(ws.root, 'tree/pkg-1.x/odd-order.txt', 'sorts between pkg-1 and pkg-10\n')
})
afterEach(() => ws.cleanup())

describe('parallel tree walk', () => {
  it('yields the same records, order and digests as the single-threaded walk', async () => {
    const root = fs.realpathSync(path.join(ws.root, 'tree'))
    // Plain names are matched in the workers; a glob keeps the walk inline (the same records).
    const a = walkTree(root, ['NOTES.md'], new Set())
    const b = await walkTreeParallel(root, ['NOTES.md'], new Set(), { jobs: 2, hash: false })
    const c = await walkTreeParallel(root, ['NOTES.md'], new Set(), { jobs: 2, hash: true })
    const g = await walkTreeParallel(root, ['*.md'], new Set(), { jobs: 2, hash: true })
    expect(g.records.map(r => r.rel)).toEqual(walkTree(root, ['*.md']).records.map(r => r.rel))
    expect(b.records.map(r => r.rel)).toEqual(a.records.map(r => r.rel))
    expect(metaDigestOf(b.records)).toBe(metaDigestOf(a.records))
    expect(c.shas?.filter(Boolean)).toHaveLength(a.records.filter(r => r.type === 'f').length)
    expect(contentDigest(c.records, c.shas ?? [])).toMatch(/^[0-9a-f]{64}$/)
  })

  it('checks a captured tree healthy cold, warm and --meta, and names a same-size edit', async () => {
    await add(ws, 'tree', '--id', 'tree')
    for (const args of [
      ['--no-cache', '--jobs', '2'],
      ['--jobs', '2'],
      ['--meta', '--jobs', '2']
    ]) {
      const c = await checkJson(ws, ...args)
      expect(c.code).toBe(0)
    }
    // The record-less fast paths (--meta digest, warm stamp) fall back to a full walk on change.
    fs.rmSync(path.join(ws.root, 'tree/pkg-5/lib/f1.js'))
    const meta = await checkJson(ws, '--meta', '--jobs', '2')
    expect(meta.code).toBe(1)
    expect(meta.get('tree').files?.missing).toEqual(['pkg-5/lib/f1.js'])
    write(ws.root, 'tree/pkg-5/lib/f1.js', 'module.exports = 51\n')
    expect((await checkJson(ws, '--jobs', '2')).code).toBe(0)
    flipByte(path.join(ws.root, 'tree/pkg-9/lib/f0.js'), 3)
    const warm = await checkJson(ws, '--jobs', '2')
    expect(warm.code).toBe(1)
    expect(warm.get('tree').files?.changed).toEqual([{ path: 'pkg-9/lib/f0.js', what: 'content' }])
    flipByte(path.join(ws.root, 'tree/pkg-9/lib/f0.js'), 3)
    flipByte(path.join(ws.root, 'tree/pkg-17/lib/f3.js'), 2)
    const bad = await checkJson(ws, '--no-cache', '--jobs', '2')
    expect(bad.code).toBe(1)
    expect(bad.get('tree').files?.changed).toEqual([{ path: 'pkg-17/lib/f3.js', what: 'content' }])
  })

  it("reads every record back from the workers' lines, whatever the names and times hold", async () => {
    // Names holding a line end, the stamp's separators, and bytes that are not UTF-8; a time
    // before the epoch (a stamp spelled as raw nanoseconds) and one under a second after it.
    const root = path.join(ws.root, 'odd')
    for (let d = 0; d < 18; d++) write(root, `d${d}/f`, `${d}\n`)
    // One subtree big enough that its threads' line buffers fill (1 MiB of cache lines) and its
    // last chunk is handed over, walked among small ones that reuse the same buffers after it.
    const long = 'n'.repeat(240)
    fs.mkdirSync(path.join(root, 'd9/big'))
    for (let i = 0; i < 2800; i++) fs.writeFileSync(path.join(root, `d9/big/${long}-${i}`), `${i}`)
    write(root, 'd1/new\nline: 1:2', 'nl\n', 0o600)
    write(root, 'd2/\n', 'just a line end\n')
    fs.writeFileSync(
      Buffer.concat([Buffer.from(`${root}/d3/`), Buffer.from([0xff, 0x0a, 0x41])]),
      'x'
    )
    fs.symlinkSync('f', path.join(root, 'd4/link\nto f'))
    // Names JSON must escape (a quote, a backslash, a tab), one outside ASCII, and a link to one:
    // the walk writes plain ASCII names its fast way and these its careful way.
    for (const name of ['say "hi".txt', 'back\\slash.txt', 'tab\there.txt'])
      write(root, `d10/${name}`, `${name}\n`)
    write(root, 'd11/café.txt', 'c\n')
    fs.symlinkSync('café.txt', path.join(root, 'd11/to-café'))
    fs.symlinkSync('\u00e9t\u00e9', path.join(root, 'd11/summer'))
    execFileSync('touch', ['-d', '@-1.5', path.join(root, 'd5/f')])
    fs.utimesSync(path.join(root, 'd6/f'), 0.25, 0.25)
    // A hashing walk opens each name the listing says is a regular file and takes its state from
    // the descriptor: an empty file, one above the read buffer, a hard link and a FIFO (never
    // opened: the listing says what it is) record what the inline walk's lstat records.
    write(root, 'd7/empty', '')
    write(root, 'd7/large', 'L'.repeat(1536 * 1024 + 7))
    fs.linkSync(path.join(root, 'd7/large'), path.join(root, 'd8/hard'))
    execFileSync('mkfifo', [path.join(root, 'd8/fifo')])
    const inline = walkTree(root, [], new Set())
    const workers = await walkTreeParallel(root, [], new Set(), { jobs: 2, hash: true })
    expect(workers.pre).toBeDefined()
    expect(workers.records).toEqual(inline.records)
    expect(workers.records.find(r => r.rel === 'd5/f')?.mtimeNs).toBe(-1_500_000_000n)
    const files = inline.records.map(r =>
      r.type === 'f' ? hashFile(path.join(root, r.rel)).sha256 : undefined
    )
    expect(workers.shas).toEqual(files)
    expect(workers.pre?.stamp).toBe(stampOf(inline.records))
    expect(workers.pre?.meta).toBe(metaDigestOf(inline.records))
    const targets = linkTargets(root, inline.records)
    const extras = files.map((sha, i) => sha ?? targets[i])
    expect(workers.pre?.content).toBe(contentDigest(inline.records, extras))
    // The per-file cache entries: one per file, each the file's identity, size and hash.
    const cache = JSON.parse(Buffer.concat(workers.pre?.cacheJson ?? []).toString()) as Record<
      string,
      string
    >
    const want = Object.fromEntries(
      inline.records.flatMap((r, i) =>
        r.type === 'f' ? [[r.rel, cacheValue(r, files[i] ?? '')]] : []
      )
    )
    expect(cache).toEqual(want)
    // And byte for byte: each entry as JSON.stringify spells it, in walk order.
    const spelled = inline.records.flatMap((r, i) =>
      r.type === 'f'
        ? [`${JSON.stringify(r.rel)}:${JSON.stringify(cacheValue(r, files[i] ?? ''))}`]
        : []
    )
    expect(Buffer.concat(workers.pre?.cacheJson ?? []).toString()).toBe(`{${spelled.join(',')}}`)
  })

  it('with no thread up, the main thread walks beside one thread fewer: the same lines and digests', async () => {
    const root = fs.realpathSync(path.join(ws.root, 'tree'))
    await endIdleKernelThreads()
    for (let t = Date.now(); liveKernelThreads() > 0 && Date.now() - t < 10_000;)
      await new Promise(r => setTimeout(r, 20))
    expect(liveKernelThreads()).toBe(0)
    const joined = await walkTreeParallel(root, [], new Set(), { jobs: 2, hash: true })
    // Two cores asked for: the main thread was one of them, so at most one thread started.
    expect(liveKernelThreads()).toBeLessThanOrEqual(1)
    // The main thread busy hashing: threads only, as before.
    mainThreadHashing(true)
    let threads
    try {
      threads = await walkTreeParallel(root, [], new Set(), { jobs: 2, hash: true })
    } finally {
      mainThreadHashing(false)
    }
    const a = walkTree(root, [], new Set())
    expect(joined.records.map(r => r.rel)).toEqual(a.records.map(r => r.rel))
    expect(joined.pre?.meta).toBe(metaDigestOf(a.records))
    expect(joined.pre?.stamp).toBe(stampOf(a.records))
    const { cacheJson: joinedCache, ...joinedDigests } = joined.pre ?? {}
    const { cacheJson: threadCache, ...threadDigests } = threads.pre ?? {}
    expect(joinedDigests).toEqual(threadDigests)
    expect(Buffer.concat(joinedCache ?? []).toString()).toBe(
      Buffer.concat(threadCache ?? []).toString()
    )
    expect(joined.shas).toEqual(threads.shas)
  })

  it('splits a tree of few top-level directories at the levels below, with the same digests', async () => {
    // src/ holds everything: the main thread lists src/ and src/*/ and shares out what is below.
    const root = path.join(ws.root, 'deep')
    write(root, 'README', 'r\n')
    for (let a = 0; a < 3; a++) {
      write(root, `src/m${a}/index.py`, `# ${a}\n`, a === 1 ? 0o755 : 0o644)
      for (let b = 0; b < 7; b++) write(root, `src/m${a}/p${b}/q/f${b}.py`, `${a}.${b}\n`)
    }
    write(root, 'src/top.py', 'top\n')
    fs.symlinkSync('top.py', path.join(root, 'src/link'))
    fs.mkdirSync(path.join(root, 'src/empty'))
    const a = walkTree(root, [], new Set())
    const c = await walkTreeParallel(root, [], new Set(), { jobs: 2, hash: true })
    expect(c.pre).toBeDefined()
    expect(c.records.map(r => r.rel)).toEqual(a.records.map(r => r.rel))
    expect(c.files).toBe(a.files)
    expect(c.pre?.meta).toBe(metaDigestOf(a.records))
    expect(c.pre?.stamp).toBe(stampOf(a.records))
    const extras = linkTargets(root, a.records).map((x, i) =>
      a.records[i]!.type === 'f' ? hashFile(path.join(root, a.records[i]!.rel)).sha256 : x
    )
    expect(c.pre?.content).toBe(contentDigest(a.records, extras))
    expect(c.shas).toEqual(a.records.map((r, i) => (r.type === 'f' ? extras[i] : undefined)))
    // While the main thread hashes a big file, one thread walks: the top level is split alone,
    // so the main thread walks and hashes nothing below it, and the walk is the same.
    expect(splitTop(root, [], new Set())?.top.map(t => t.rec.rel)).toContain('src/m0/index.py')
    expect(splitTop(root, [], new Set(), 1)?.top.map(t => t.rec.rel)).toEqual(['README', 'src'])
    mainThreadHashing(true)
    let one
    try {
      one = await walkTreeParallel(root, [], new Set(), { jobs: 2, hash: true })
    } finally {
      mainThreadHashing(false)
    }
    expect(one.records.map(r => r.rel)).toEqual(a.records.map(r => r.rel))
    const { cacheJson: oneCache, ...oneDigests } = one.pre ?? {}
    const { cacheJson: cCache, ...cDigests } = c.pre ?? {}
    expect(oneDigests).toEqual(cDigests)
    expect(Buffer.concat(oneCache ?? []).toString()).toBe(Buffer.concat(cCache ?? []).toString())
    expect(one.shas).toEqual(c.shas)
    // And through the CLI: captured inline, checked cold on workers.
    await add(ws, 'deep', '--id', 'deep')
    expect((await checkJson(ws, '--no-cache', '--jobs', '2')).code).toBe(0)
    flipByte(path.join(root, 'src/m2/p6/q/f6.py'), 0)
    const bad = await checkJson(ws, '--no-cache', '--jobs', '2', '--only', 'deep')
    expect(bad.get('deep').files?.changed).toEqual([{ path: 'src/m2/p6/q/f6.py', what: 'content' }])
  })

  it('a hashing walk of a dozen packages of flat directories takes the level with the most roots', async () => {
    // No level reaches MIN_ROOTS: the top has 12 packages, the level below them no directory.
    for (let p = 0; p < 12; p++)
      for (let f = 0; f < 4; f++)
        write(ws.root, `flat/pkg-${p}/f${f}.txt`, `${p}:${f}\n`, f === 0 ? 0o755 : 0o644)
    write(ws.root, 'flat/README', 'top\n')
    fs.symlinkSync('README', path.join(ws.root, 'flat/readme-link'))
    const root = fs.realpathSync(path.join(ws.root, 'flat'))
    expect(splitTop(root, [], new Set())).toBeUndefined()
    const split = splitTop(root, [], new Set(), 16, 4)
    expect(split?.roots.map(r => r.rel)).toEqual(
      Array.from({ length: 12 }, (_, p) => `pkg-${p}`).sort()
    )
    expect(split?.top.map(t => t.rec.rel)).toEqual(
      ['README', ...split!.roots.map(r => r.rel), 'readme-link'].sort()
    )
    // A level below with more roots (still under MIN_ROOTS) is the one taken.
    for (let p = 0; p < 5; p++)
      for (let d = 0; d < 3; d++) write(ws.root, `flat/pkg-${p}/d${d}/x`, 'x\n')
    expect(splitTop(root, [], new Set(), 16, 4)?.roots).toHaveLength(15)
    // As many below as here: this level stays (a tie goes to the level with fewer listings; that
    // it is not listed at all is a saving with the same result, which no count can show).
    fs.rmSync(path.join(root, 'pkg-4'), { recursive: true })
    fs.mkdirSync(path.join(root, 'pkg-4'))
    expect(splitTop(root, [], new Set(), 16, 4)?.roots).toHaveLength(12)
    // Too few anywhere: the inline walk, as before.
    expect(splitTop(root, [], new Set(), 32, 32)).toBeUndefined()
    const a = walkTree(root, [], new Set())
    const c = await walkTreeParallel(root, [], new Set(), { jobs: 2, hash: true })
    expect(c.pre).toBeDefined()
    expect(c.records.map(r => r.rel)).toEqual(a.records.map(r => r.rel))
    expect(c.pre?.meta).toBe(metaDigestOf(a.records))
    expect(c.pre?.stamp).toBe(stampOf(a.records))
    const extras = linkTargets(root, a.records).map((x, i) =>
      a.records[i]!.type === 'f' ? hashFile(path.join(root, a.records[i]!.rel)).sha256 : x
    )
    expect(c.pre?.content).toBe(contentDigest(a.records, extras))
    // A walk that does not hash keeps to MIN_ROOTS: inline, no digests from the workers.
    const m = await walkTreeParallel(root, [], new Set(), { jobs: 2, hash: false })
    expect(m.pre).toBeUndefined()
  })
})
