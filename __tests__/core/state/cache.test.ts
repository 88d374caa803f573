/**
 * The incremental hash cache called directly, with stamps taken from real files: a hash is given
 * back only for the same stamp, entry content and manifest; editing one entry forgets only that
 * entry; a corrupt or foreign cache file is ignored, never fatal; a state directory that cannot be
 * written does not fail; files are 0600 in 0700 directories.
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { openCache, type HashCache, type TreeCacheRecord } from '../../../src/core/state/cache.js'
import { identity } from '../../../src/core/verify/locate-entry.js'

let base = ''
let stateDir = ''
let manifestFile = ''

beforeEach(() => {
  base = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'swr-cache-')))
  stateDir = path.join(base, 'state')
  manifestFile = path.join(base, 'ws', '.swr', 'manifest.json')
})
afterEach(() => fs.rmSync(base, { recursive: true, force: true }))

const DIGESTS = { conf: 'd1', run: 'd2', src: 'd3' }

function open(
  digests: Record<string, string> = DIGESTS,
  opts: { read?: boolean; manifest?: string } = {}
): HashCache {
  return openCache({
    stateDir,
    manifestFile: opts.manifest ?? manifestFile,
    entryDigests: new Map(Object.entries(digests)),
    read: opts.read ?? true
  })
}

/** A real file's stamp (dev, inode, size, mtime_ns, ctime_ns), as the verifiers take it. */
function stampOf(rel: string): string {
  return identity(fs.statSync(path.join(base, rel), { bigint: true }))
}

function realFile(rel: string, text: string): string {
  const abs = path.join(base, rel)
  fs.mkdirSync(path.dirname(abs), { recursive: true })
  fs.writeFileSync(abs, text)
  return stampOf(rel)
}

const TREE: TreeCacheRecord = { stamp: 's1', metaDigest: 'm1', contentDigest: 'c1', files: 2 }
const SHA = 'f'.repeat(64)

/** Every file and directory below the state directory with its mode. */
function modes(): string[] {
  const out: string[] = []
  const walk = (d: string): void => {
    for (const n of fs.readdirSync(d).sort()) {
      const p = path.join(d, n)
      const st = fs.lstatSync(p)
      out.push(`${(st.mode & 0o777).toString(8)} ${st.isDirectory() ? 'dir' : 'file'}`)
      if (st.isDirectory()) walk(p)
    }
  }
  walk(stateDir)
  return [...new Set(out)].sort()
}

describe('file hashes', () => {
  it('a hash saved for a stamp comes back for that stamp only, after a reopen', () => {
    const stamp = realFile('ws/conf', 'port = 1\n')
    const c = open()
    expect(c.file('conf', stamp)).toBeUndefined()
    c.setFile('conf', stamp, SHA)
    c.flush()
    const again = open()
    expect(again.file('conf', stamp)).toBe(SHA)
    expect(again.file('run', stamp)).toBeUndefined()
  })

  it('an edit that puts the mtime back still changes the stamp (ctime): no hit', async () => {
    realFile('ws/conf', 'port = 1\n')
    const abs = path.join(base, 'ws/conf')
    fs.utimesSync(abs, 1_700_000_000, 1_700_000_000)
    const stamped = stampOf('ws/conf')
    const c = open()
    c.setFile('conf', stamped, SHA)
    c.flush()
    expect(open().file('conf', stamped)).toBe(SHA)
    // The kernel's clock for ctime is coarse (a few ms): let it move on.
    await new Promise(r => setTimeout(r, 30))
    fs.writeFileSync(abs, 'port = 2\n')
    fs.utimesSync(abs, 1_700_000_000, 1_700_000_000)
    const now = stampOf('ws/conf')
    expect(fs.statSync(abs, { bigint: true }).mtimeNs).toBe(1_700_000_000_000_000_000n)
    expect(fs.statSync(abs).size).toBe(9)
    expect(now).not.toBe(stamped)
    expect(open().file('conf', now)).toBeUndefined()
  })

  it('a changed entry digest forgets that entry only', () => {
    const a = realFile('ws/conf', 'a\n')
    const b = realFile('ws/run.sh', 'b\n')
    const c = open()
    c.setFile('conf', a, SHA)
    c.setFile('run', b, SHA)
    c.flush()
    const edited = open({ ...DIGESTS, conf: 'd1-edited' })
    expect(edited.file('conf', a)).toBeUndefined()
    expect(edited.file('run', b)).toBe(SHA)
  })

  it('an entry no longer in the manifest gives nothing back', () => {
    const a = realFile('ws/conf', 'a\n')
    const c = open()
    c.setFile('conf', a, SHA)
    c.flush()
    expect(open({ run: 'd2' }).file('conf', a)).toBeUndefined()
  })

  it('each manifest has its own cache', () => {
    const a = realFile('ws/conf', 'a\n')
    const c = open()
    c.setFile('conf', a, SHA)
    c.flush()
    expect(open(DIGESTS, { manifest: path.join(base, 'other.json') }).file('conf', a)).toBe(
      undefined
    )
  })

  it('read: false remembers nothing, but what it learns is saved', () => {
    const a = realFile('ws/conf', 'a\n')
    const first = open()
    first.setFile('conf', a, SHA)
    first.flush()
    const blind = open(DIGESTS, { read: false })
    expect(blind.file('conf', a)).toBeUndefined()
    blind.setFile('run', a, SHA)
    blind.flush()
    expect(open().file('run', a)).toBe(SHA)
  })

  it('an id such as __proto__ stays plain data', () => {
    const a = realFile('ws/conf', 'a\n')
    const c = open({ __proto__: 'dp', constructor: 'dc' })
    expect(c.file('__proto__', a)).toBeUndefined()
    expect(c.file('constructor', a)).toBeUndefined()
    c.setFile('__proto__', a, SHA)
    c.flush()
    const again = open({ __proto__: 'dp', constructor: 'dc' })
    expect(again.file('__proto__', a)).toBe(SHA)
    expect(again.file('constructor', a)).toBeUndefined()
  })
})

describe('trees', () => {
  it('a tree record and its file map come back while the entry is unchanged', () => {
    const c = open()
    c.setTree('src', TREE)
    c.setTreeFiles('src', new Map([['a.txt', 'i 3 x']]))
    c.flush()
    const again = open()
    expect(again.tree('src')).toMatchObject(TREE)
    expect([...again.treeFiles('src')]).toEqual([['a.txt', 'i 3 x']])
    const edited = open({ ...DIGESTS, src: 'd3-edited' })
    expect(edited.tree('src')).toBeUndefined()
    expect(edited.treeFiles('src').size).toBe(0)
  })

  it('a file map given as JSON text (from the walk workers) is saved the same way', () => {
    const c = open()
    c.setTreeFilesJson('src', [Buffer.from('{"a.txt":'), Buffer.from('"i 3 x"}')])
    expect([...c.treeFiles('src')]).toEqual([['a.txt', 'i 3 x']])
    c.flush()
    expect([...open().treeFiles('src')]).toEqual([['a.txt', 'i 3 x']])
  })
})

describe('a damaged or foreign cache', () => {
  /** The cache directory of this manifest, found after one flush. */
  function cacheDir(): string {
    const c = open()
    c.setFile('conf', 'k', SHA)
    c.setTree('src', TREE)
    c.setTreeFiles('src', new Map([['a', 'b']]))
    c.flush()
    const dirs = fs.readdirSync(path.join(stateDir, 'cache'))
    expect(dirs).toHaveLength(1)
    return path.join(stateDir, 'cache', dirs[0] ?? '')
  }

  it.each([
    ['not JSON', '{"v":1,"files":{"conf":{"ent'],
    ['null', 'null'],
    ['an array', '[1,2]'],
    ['another version', JSON.stringify({ v: 2, files: {}, trees: {} })],
    ['files of the wrong type', JSON.stringify({ v: 1, files: 'x', trees: null })],
    [
      'records of the wrong shape',
      JSON.stringify({ v: 1, files: { conf: null }, trees: { src: 7 } })
    ],
    ['binary', Buffer.from([0xff, 0xfe, 0, 1, 2])]
  ])('entries.json that is %s: ignored, and the next flush writes a good one', (_name, text) => {
    const dir = cacheDir()
    fs.writeFileSync(path.join(dir, 'entries.json'), text)
    const c = open()
    expect(c.file('conf', 'k')).toBeUndefined()
    expect(c.tree('src')).toBeUndefined()
    c.setFile('conf', 'k', SHA)
    c.flush()
    expect(open().file('conf', 'k')).toBe(SHA)
  })

  it('a record of the right entry and stamp but the wrong types is not a hit', () => {
    const stamp = realFile('ws/conf', 'a\n')
    const dir = cacheDir()
    const trees = { src: { entry: 'd3', stamp: 1, metaDigest: 'm', contentDigest: 'c', files: 2 } }
    const files = { conf: { entry: 'd1', key: stamp, sha256: 5 } }
    fs.writeFileSync(path.join(dir, 'entries.json'), JSON.stringify({ v: 1, files, trees }))
    const c = open()
    expect(c.file('conf', stamp)).toBeUndefined()
    expect(c.tree('src')).toBeUndefined()
  })

  it.each([
    ['not JSON', '{"v":1,'],
    ['a file value that is not text', '{"v":1,"entry":"d3","files":{"a":1}}'],
    ['files as an array', '{"v":1,"entry":"d3","files":["a"]}'],
    ['another entry digest', '{"v":1,"entry":"zz","files":{"a":"b"}}']
  ])('a tree file map that is %s: ignored', (_name, text) => {
    const dir = cacheDir()
    fs.writeFileSync(path.join(dir, 'tree-src.json'), text)
    expect(open().treeFiles('src').size).toBe(0)
  })

  it('a state directory that cannot be written does not fail the flush', () => {
    fs.writeFileSync(stateDir, 'a file where the directory should be')
    const c = open()
    c.setFile('conf', 'k', SHA)
    expect(() => c.flush()).not.toThrow()
    expect(fs.readFileSync(stateDir, 'utf8')).toBe('a file where the directory should be')
  })
})

describe('privacy', () => {
  it('files are 0600 in 0700 directories, whatever the umask; an open state directory is tightened', () => {
    fs.mkdirSync(stateDir, { mode: 0o755 })
    fs.chmodSync(stateDir, 0o755)
    const old = process.umask(0)
    try {
      const c = open()
      c.setFile('conf', 'k', SHA)
      c.setTreeFiles('src', new Map([['a', 'b']]))
      c.flush()
    } finally {
      process.umask(old)
    }
    expect(fs.statSync(stateDir).mode & 0o777).toBe(0o700)
    expect(modes()).toEqual(['600 file', '700 dir'])
  })
})
