// Through the bundled CLI (dist/cli/index.js, rebuilt with `npm run bundle`): names that are not
// UTF-8 are walked, digested, indexed and reported (escaped) like any other, by the Node walker,
// its workers and the native find path alike; and `add` refuses what it could only record wrongly
// (a file that changes while it is read, a symlink that leads nowhere).
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import fs from 'node:fs'
import path from 'node:path'
import { spawnSwr, waitUntil } from '../../__fixtures__/repair.js'
import { growing, makeWorkspace, write, type Workspace } from '../../__fixtures__/workspace.js'
import type { CheckReport } from '../../src/core/report/report.js'
import { gnuFind } from '../../src/core/walk/native/native-walk.js'

let ws: Workspace
beforeEach(() => {
  ws = makeWorkspace()
})
afterEach(() => ws.cleanup())

const opts = () => ({ root: ws.root, stateDir: ws.stateDir, home: ws.home })

const swr = (...args: string[]) => spawnSwr(args, opts()).done

async function check(...args: string[]) {
  const r = await swr('check', '--json', ...args)
  return { ...r, report: JSON.parse(r.stdout) as CheckReport }
}

/** A name's bytes below `dir` (Buffer paths: Node would mangle them as strings). */
const at = (dir: string, ...bytes: number[][]): Buffer =>
  Buffer.concat([Buffer.from(`${dir}/`), ...bytes.map(b => Buffer.from(b))])
/** b'caf\xe9' and b'\xff\xfeA': Latin-1 bytes and bytes no UTF-8 text ever holds. */
const CAFE = [0x63, 0x61, 0x66, 0xe9]
const FFFE = [0xff, 0xfe, 0x41]

/**
 * A tree whose files named caf\xe9 (top level and in a subdirectory) are not UTF-8; `dirs`
 * top-level directories of `per` files each decide which walker runs.
 */
function oddTree(dirs: number, per: number): string {
  const root = path.join(ws.root, 't')
  for (let d = 0; d < dirs; d++)
    for (let f = 0; f < per; f++) write(root, `d${d}/f${f}.txt`, `${d}-${f}\n`)
  fs.writeFileSync(at(root, CAFE), 'hello')
  fs.mkdirSync(at(root, FFFE))
  fs.writeFileSync(at(root, FFFE, [0x2f], CAFE), 'deep')
  return root
}

/** One damage: what to do, how to undo it, the name as reported, and the index diff expected. */
interface Damage {
  damage: () => void
  undo: () => void
  shown: string
  files: Record<string, unknown>
  /** A --meta check sees it too (a same-size rewrite changes no metadata). */
  meta: boolean
}

const ONE_CHANGED = { missing: 0, extra: 0, changed: 1, shrunk: 0 }

/** Damage the odd files in turn; every check must name them, escaped. */
async function damageAndCheck(root: string, warm: string[]): Promise<void> {
  expect((await swr('add', 't', '--quiet')).code).toBe(0)
  for (let i = 0; i < 2; i++) expect((await check(...warm)).code).toBe(0)
  const cafe = at(root, CAFE)
  const deep = at(root, FFFE, [0x2f], CAFE)
  const hidden = at(root, [0x64, 0x30], [0x2f, 0x80, 0x1b])
  const damages: Damage[] = [
    {
      damage: () => fs.writeFileSync(cafe, 'jello'),
      undo: () => fs.writeFileSync(cafe, 'hello'),
      shown: 'caf\\xe9',
      files: { changed: [{ path: 'caf\\xe9', what: 'content' }], counts: ONE_CHANGED },
      meta: false
    },
    {
      damage: () => fs.writeFileSync(deep, 'deeper'),
      undo: () => fs.writeFileSync(deep, 'deep'),
      shown: '\\xff\\xfeA/caf\\xe9',
      files: {
        changed: [{ path: '\\xff\\xfeA/caf\\xe9', what: 'size 4 -> 6' }],
        counts: ONE_CHANGED
      },
      meta: true
    },
    {
      damage: () => fs.rmSync(cafe),
      undo: () => fs.writeFileSync(cafe, 'hello'),
      shown: 'caf\\xe9',
      files: { missing: ['caf\\xe9'], counts: { missing: 1, extra: 0, changed: 0, shrunk: 0 } },
      meta: true
    },
    {
      damage: () => fs.writeFileSync(hidden, 'hidden'),
      undo: () => fs.rmSync(hidden),
      shown: 'd0/\\x80\\x1b',
      files: { extra: ['d0/\\x80\\x1b'], counts: { missing: 0, extra: 1, changed: 0, shrunk: 0 } },
      meta: true
    }
  ]
  for (const d of damages) {
    d.damage()
    for (const args of d.meta ? [warm, ['--meta', ...warm]] : [warm]) {
      const r = await check(...args)
      expect(r.code).toBe(1)
      const f = r.report.results[0]!
      expect(f.detail).toContain(d.shown)
      expect(f.files).toMatchObject(d.files)
    }
    d.undo()
  }
  // The text report names what it lists escaped too: no raw control byte, no U+FFFD stand-in.
  damages[3]!.damage()
  const text = await swr('check', '--no-cache')
  expect(text.code).toBe(1)
  expect(text.stdout).toContain('+ d0/\\x80\\x1b')
  expect(text.stdout).not.toContain('\x1b')
  expect(text.stdout).not.toContain('\ufffd')
}

describe('names that are not UTF-8', () => {
  it('the Node walker (a small tree) sees them changed, resized, deleted and added', async () => {
    await damageAndCheck(oddTree(2, 3), [])
  })

  it('the walk workers (many top-level directories) see them too', async () => {
    await damageAndCheck(oddTree(20, 2), ['--no-cache'])
  })

  const itFind = gnuFind() ? it : it.skip
  itFind(
    'the native find path (a tree of 1,000 files) agrees with the Node walker on them',
    async () => {
      const root = oddTree(4, 250)
      expect((await swr('add', 't', '--quiet')).code).toBe(0)
      expect((await check()).code).toBe(0)
      expect((await check()).code).toBe(0)
      // The warm check's stamp came from find and matched the Node walker's: its raw bytes were kept.
      const cached = fs
        .readdirSync(ws.stateDir, { recursive: true, encoding: 'utf8' })
        .map(f => path.join(ws.stateDir, f))
        .filter(f => fs.statSync(f).isFile())
        .map(f => fs.readFileSync(f, 'latin1'))
      expect(cached.some(t => t.includes('rawStamp'))).toBe(true)
      // And every damage is named, warm (find's stamp first) and --meta (find's meta digest).
      fs.rmSync(path.join(ws.root, '.swr'), { recursive: true })
      fs.rmSync(ws.stateDir, { recursive: true, force: true })
      await damageAndCheck(root, [])
    },
    60_000
  )
})

describe('add refuses what it could only record wrongly', () => {
  it('a file that keeps growing while it is hashed: exit 4, one line naming it', async () => {
    const big = write(ws.root, 'grows.log', Buffer.alloc(24 * 1024 * 1024, 1))
    write(ws.root, 'tree/a', 'a')
    fs.copyFileSync(big, path.join(ws.root, 'tree/grows.log'))
    for (const [target, named] of [
      ['grows.log', 'grows.log'],
      ['tree', 'tree/grows.log']
    ] as const) {
      const writer = growing(path.join(ws.root, target === 'tree' ? 'tree/grows.log' : target))
      try {
        const size = fs.statSync(path.join(ws.root, named)).size
        await waitUntil(() => fs.statSync(path.join(ws.root, named)).size > size, 5000)
        const r = await swr('add', target, '--kind', target === 'tree' ? 'tree' : 'file')
        expect(r.code).toBe(4)
        expect(r.stderr.trim().split('\n')).toHaveLength(1)
        expect(r.stderr).toContain(`${named}: cannot add: changed while it was read (size `)
      } finally {
        writer.kill('SIGKILL')
      }
      expect(fs.existsSync(ws.manifestFile)).toBe(false)
    }
    // Once nothing writes to it, it is added and verifies.
    expect((await swr('add', 'grows.log', '--kind', 'file', '--quiet')).code).toBe(0)
    expect((await check()).code).toBe(0)
  })

  it('a dangling or looping symlink: exit 4 naming it; a working one is added', async () => {
    fs.symlinkSync('nowhere', path.join(ws.root, 'dangling'))
    fs.symlinkSync('loop-b', path.join(ws.root, 'loop-a'))
    fs.symlinkSync('loop-a', path.join(ws.root, 'loop-b'))
    write(ws.root, 'real', 'r')
    fs.symlinkSync('real', path.join(ws.root, 'good'))
    for (const [name, why] of [
      ['dangling', 'dangling: cannot add: the symlink -> nowhere is broken (nowhere '],
      ['loop-a', 'loop-a: cannot add: the symlink -> loop-b is broken (more than']
    ] as const) {
      const r = await swr('add', name)
      expect(r.code).toBe(4)
      expect(r.stderr.trim().split('\n')).toHaveLength(1)
      expect(r.stderr).toContain(why)
    }
    expect(fs.existsSync(ws.manifestFile)).toBe(false)
    expect((await swr('add', 'good', '--quiet')).code).toBe(0)
    expect((await check()).code).toBe(0)
  })
})
