/**
 * Every kind of restore source through the one contract (restore/sources/): a real signed
 * manifest made by the bundled CLI, real damage, each source offered by the table and attempted
 * with `attemptSource` on the real scratch path (fill -> prove -> place). A cache archive that does
 * not hold what the manifest records is refused with nothing written; git and the cache hand back
 * the finding of their verifying extraction.
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { hmacHex } from '../../../__fixtures__/keys.js'
import { tarZst } from '../../../__fixtures__/tar-build.js'
import {
  add,
  makeWorkspace,
  run,
  write,
  type RunOptions,
  type Workspace
} from '../../../__fixtures__/workspace.js'
import type { CacheArchive, CacheClient } from '../../../src/core/cache-port.js'
import { scratchVerifier } from '../../../src/core/engine/selection.js'
import { loadManifest, type LoadedManifest } from '../../../src/core/manifest/load.js'
import {
  attemptSource,
  sourcesOf,
  type Source,
  type SourceContext
} from '../../../src/core/restore/sources/index.js'
import { gitTracking } from '../../../src/core/git/index-file.js'
import type { Entry } from '../../../src/core/types.js'
import { indexPath, readIndex } from '../../../src/core/walk/tree-index.js'

let ws: Workspace
let keyed: RunOptions & { manifestFile: string }

beforeEach(() => {
  ws = makeWorkspace()
  keyed = { ...ws, env: { SWR_HMAC_KEY: hmacHex('sources-contract') } }
})
afterEach(() => ws.cleanup())

/** The Actions cache's port over a directory of archives named KEY.tzst (a store on disk). */
function directoryCache(dir: string): CacheClient {
  const archive = (key: string, prefix: string): CacheArchive | undefined => {
    const file = path.join(dir, `${key}.tzst`)
    if (!fs.existsSync(file)) return undefined
    return {
      matchedKey: key,
      exact: true,
      compression: 'zstd',
      prefix,
      open: async () => fs.createReadStream(file)
    }
  }
  return {
    find: async (abs: string, key: string) => archive(key, path.relative(ws.root, abs)),
    lookup: async (_abs: string, key: string) => fs.existsSync(path.join(dir, `${key}.tzst`)),
    save: async () => 'failed' as const
  }
}

function context(m: LoadedManifest, cache: CacheClient): SourceContext {
  const verifyAt = scratchVerifier(m, { stateDir: ws.stateDir })
  return {
    workspace: m.workspace,
    restore: {
      scratchBase: ws.outside,
      readIndex: (id, ref) => readIndex(indexPath(m.file, id), ref),
      verifyAt: async (root, e) => (await verifyAt(root, [e]))[0] as never
    },
    gate: { allowed: true, reason: 'signed (test)', signatures: [], warnings: [] },
    callerEnv: { PATH: process.env.PATH },
    shell: m.body.shell,
    timeoutS: () => 30,
    ports: { cache }
  }
}

const entry = (m: LoadedManifest, id: string): Entry =>
  m.body.entries.find(e => e.id === id) as Entry

describe('the source contract: every kind, one table, the real scratch path', () => {
  it('modes, link, escrow, git, cache and recipe each heal their entry; a bad archive writes nothing', async () => {
    const git = (...args: string[]): string =>
      execFileSync('git', args, {
        cwd: ws.root,
        encoding: 'utf8',
        env: { PATH: process.env.PATH, HOME: ws.home, GIT_CONFIG_NOSYSTEM: '1' }
      })
    write(ws.root, 'bin/tool', '#!/bin/sh\necho tool\n', 0o755)
    write(ws.root, 'conf/app.json', '{"port": 8080}\n', 0o644)
    write(ws.root, 'src/main.txt', 'tracked by git\n', 0o644)
    write(ws.root, 'data/blob.txt', 'from the cache\n'.repeat(50), 0o644)
    write(ws.root, 'gen/out.txt', 'made by a recipe\n', 0o644)
    fs.symlinkSync('bin/tool', path.join(ws.root, 'current'))
    git('init', '-q')
    git('add', 'src/main.txt')
    git('-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-qm', 'init')
    await add(keyed, 'bin/tool', '--id', 'tool')
    await add(keyed, 'current', '--id', 'current')
    await add(keyed, 'conf/app.json', '--id', 'conf')
    await add(keyed, 'src/main.txt', '--id', 'main')
    await add(keyed, 'data/blob.txt', '--id', 'data')
    await add(
      keyed,
      'gen/out.txt',
      '--id',
      'gen',
      '--restore',
      "printf 'made by a recipe\\n' > gen/out.txt"
    )
    for (const args of [
      ['escrow', '--only', 'conf'],
      ['edit', 'data', '--add-source-cache', 'data-v1']
    ]) {
      const r = await run(args, keyed)
      expect(r.code).toBe(0)
    }
    const m = loadManifest(keyed.manifestFile)
    const store = path.join(ws.outside, 'store')
    fs.mkdirSync(store)
    const good = fs.readFileSync(path.join(ws.root, 'data/blob.txt'))
    fs.writeFileSync(
      path.join(store, 'data-v1.tzst'),
      tarZst([{ name: 'data/blob.txt', data: good, mode: 0o644 }])
    )
    const ctx = context(m, directoryCache(store))

    // The damage each kind heals.
    fs.chmodSync(path.join(ws.root, 'bin/tool'), 0o644)
    fs.rmSync(path.join(ws.root, 'current'))
    for (const f of ['conf/app.json', 'src/main.txt', 'data/blob.txt', 'gen/out.txt'])
      fs.rmSync(path.join(ws.root, f))

    const offered = (id: string, opts = {}): Source[] => sourcesOf(entry(m, id), opts)
    const tracking = gitTracking(ws.root)
    const cases: [string, Source, string][] = [
      ['tool', offered('tool', { permOnly: true })[0] as Source, 'modes'],
      ['current', offered('current', { relink: true })[0] as Source, 'link'],
      ['conf', offered('conf')[0] as Source, 'escrow'],
      ['main', offered('main', { git: tracking })[0] as Source, 'git'],
      ['data', offered('data')[0] as Source, 'cache'],
      ['gen', offered('gen')[0] as Source, 'recipe']
    ]
    const kinds: string[] = []
    for (const [id, src, kind] of cases) {
      expect(src.kind).toBe(kind)
      const tried = await attemptSource(src, entry(m, id), ctx)
      expect([id, tried.attempt.outcome]).toEqual([id, 'healed'])
      kinds.push(src.kind)
      // Git and the cache proved every byte while extracting into scratch.
      if (kind === 'git' || kind === 'cache') expect(tried.proven?.status).toBe('OK')
    }
    expect(kinds.sort()).toEqual(['cache', 'escrow', 'git', 'link', 'modes', 'recipe'])
    expect(fs.statSync(path.join(ws.root, 'bin/tool')).mode & 0o777).toBe(0o755)
    expect(fs.readlinkSync(path.join(ws.root, 'current'))).toBe('bin/tool')
    expect(fs.readFileSync(path.join(ws.root, 'conf/app.json'), 'utf8')).toBe('{"port": 8080}\n')
    expect(fs.readFileSync(path.join(ws.root, 'src/main.txt'), 'utf8')).toBe('tracked by git\n')
    expect(fs.readFileSync(path.join(ws.root, 'data/blob.txt')).equals(good)).toBe(true)
    expect(fs.readFileSync(path.join(ws.root, 'gen/out.txt'), 'utf8')).toBe('made by a recipe\n')

    // An archive whose bytes are not the recorded ones: refused in scratch, nothing placed.
    fs.rmSync(path.join(ws.root, 'data/blob.txt'))
    fs.writeFileSync(
      path.join(store, 'data-v1.tzst'),
      tarZst([{ name: 'data/blob.txt', data: Buffer.from('poisoned\n'), mode: 0o644 }])
    )
    const refused = await attemptSource(offered('data')[0] as Source, entry(m, 'data'), ctx)
    expect(refused.attempt.outcome).toBe('not-healed')
    expect(refused.attempt.detail).toMatch(/rejected/)
    expect(fs.existsSync(path.join(ws.root, 'data/blob.txt'))).toBe(false)
    expect(fs.readdirSync(ws.outside).filter(n => n.startsWith('swr-'))).toEqual([])
  }, 120_000)

  it('the table keeps the order: modes, link, escrow, git, saved state, then the manifest in its own order', () => {
    const e = {
      id: 'x',
      kind: 'file',
      path: 'x',
      tier: 3,
      needs: [],
      expect: { size: 1, sha256: 'a'.repeat(64), mode: '0755' },
      escrow: { encoding: 'deflate-base64', data: '' },
      restore: [{ cache: { key: 'k1' } }, 'make x', { cache: { key: 'k2', 'restore-keys': ['k'] } }]
    } as unknown as Entry
    const git = { tracks: () => true } as never
    const kinds = sourcesOf(e, { permOnly: true, savedState: true, git }).map(s =>
      s.kind === 'cache' ? `cache:${s.key}${s.savedState ? '(saved)' : ''}` : s.kind
    )
    expect(kinds[0]).toBe('modes')
    expect(kinds.slice(1)).toEqual([
      'escrow',
      'git',
      expect.stringMatching(/^cache:.+\(saved\)$/),
      'cache:k1',
      'recipe',
      'cache:k2'
    ])
  })
})
