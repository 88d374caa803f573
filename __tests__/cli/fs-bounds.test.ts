/**
 * Filesystem and resource boundaries through the bundled CLI (dist/cli/index.js, as a runner calls
 * it) with the hostile input itself: symlinks planted in the workspace that lead to a sentinel
 * tree outside it (selftest, quarantine, canary plant), a forged canary ledger, an older signed
 * manifest run through a symlinked spelling, a decompression-bomb tree index, catastrophic and
 * over-complex ignore rules, and secrets of every class offered to escrow.
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { createGzip } from 'node:zlib'
import { editDoc, hmacHex, readDoc } from '../../__fixtures__/keys.js'
import { spawnSwr } from '../../__fixtures__/repair.js'
import {
  listAll,
  makeWorkspace,
  snapshot,
  write,
  type RunOptions,
  type RunResult,
  type Workspace
} from '../../__fixtures__/workspace.js'
import type { TreeEntry } from '../../src/core/types.js'

let ws: Workspace
let opts: Workspace & { env: NodeJS.ProcessEnv }
let outsideBefore: string[]

/** The bundled CLI as a child process. */
async function swr(args: string[], o: RunOptions = opts): Promise<RunResult> {
  const r = await spawnSwr(args, o).done
  return { code: r.code, stdout: r.stdout, stderr: r.stderr }
}

async function must(args: string[], o: RunOptions = opts): Promise<RunResult> {
  const r = await swr(args, o)
  if (r.code !== 0) throw new Error(`swr ${args.join(' ')} failed (${r.code}): ${r.stderr}`)
  return r
}

/** Exactly one line on stderr, the CLI's error prefix first. */
function oneLine(stderr: string): string {
  const lines = stderr.split('\n').filter(Boolean)
  expect(lines).toHaveLength(1)
  expect(lines[0]).toMatch(/^swr: /)
  return lines[0] as string
}

const SENTINEL = 'outside the workspace: must never change\n'

beforeEach(() => {
  ws = makeWorkspace()
  opts = { ...ws, env: { SWR_HMAC_KEY: hmacHex('fs-bounds') } }
  write(ws.outside, 'app.conf', SENTINEL)
  write(ws.outside, 'empty-dir/.keep', '')
  fs.rmSync(path.join(ws.outside, 'empty-dir/.keep'))
  outsideBefore = snapshot(ws.outside)
})

afterEach(() => {
  // No test may write, delete or copy anything outside the workspace.
  expect(snapshot(ws.outside)).toEqual(outsideBefore)
  ws.cleanup()
})

describe('symlink escapes', () => {
  it('selftest --from-scratch neither deletes nor rewrites through a symlink copied from the workspace', async () => {
    write(ws.root, 'cfg/app.conf', 'mine\n')
    write(ws.root, 'data/x.txt', 'x\n')
    const recipe = 'mkdir -p cfg && printf "mine\\n" > cfg/app.conf'
    await must(['add', 'cfg/app.conf', '--id', 'conf', '--restore', recipe])
    await must(['add', 'data/x.txt', '--id', 'x', '--restore', 'printf "x\\n" > data/x.txt'])
    // The workspace is replaced under swr: cfg becomes a link out, data gets a relative one.
    fs.rmSync(path.join(ws.root, 'cfg'), { recursive: true })
    fs.symlinkSync(ws.outside, path.join(ws.root, 'cfg'))
    fs.symlinkSync('../../outside', path.join(ws.root, 'data/up'))
    fs.symlinkSync('sub/../../../outside', path.join(ws.root, 'data/tricky'))
    fs.symlinkSync('x.txt', path.join(ws.root, 'data/fine'))
    const r = await swr(['selftest', '--from-scratch'])
    expect(r.stderr).toContain('left symlink "cfg" out of the scratch copy')
    expect(r.stderr).toContain('left symlink "data/up" out')
    expect(r.stderr).toContain('left symlink "data/tricky" out')
    expect(r.stderr).not.toContain('"data/fine"')
    expect(r.stdout).toContain('2/2 recipes idempotent')
    expect(r.code).toBe(0)
  })

  it('selftest --from-scratch does not remove an entry through a symlinked parent (named, not run)', async () => {
    write(ws.root, 'real/cfg/app.conf', 'mine\n')
    await must(['add', 'real/cfg/app.conf', '--id', 'conf', '--restore', 'true'])
    // A link that stays inside is copied, but the removal still does not pass through it.
    fs.renameSync(path.join(ws.root, 'real'), path.join(ws.root, 'elsewhere'))
    fs.symlinkSync('elsewhere', path.join(ws.root, 'real'))
    const r = await swr(['selftest', '--from-scratch'])
    expect(r.stdout).toContain('not run: real is a symlink; not following it')
    expect(r.code).toBe(3)
  })

  it('a file entry found as a link out of the workspace stops its restore: the recipe never writes through it', async () => {
    write(ws.root, 'bin/tool', 'tool\n')
    await must(['add', 'bin/tool', '--id', 'tool', '--restore', 'printf "tool\\n" > bin/tool'])
    write(ws.root, 'bin/inside', 'x\n')
    await must(['add', 'bin/inside', '--id', 'inside', '--restore', 'printf "x\\n" > bin/inside'])
    fs.rmSync(path.join(ws.root, 'bin/tool'))
    fs.symlinkSync(path.join(ws.outside, 'app.conf'), path.join(ws.root, 'bin/tool'))
    // A dangling link that points inside the workspace is damage a recipe may write through.
    fs.rmSync(path.join(ws.root, 'bin/inside'))
    fs.symlinkSync('inside.real', path.join(ws.root, 'bin/inside'))
    const r = await swr(['doctor', '--json'])
    const steps = (
      JSON.parse(r.stdout) as {
        repair: { steps: { id: string; outcome: string; detail: string }[] }
      }
    ).repair.steps
    const tool = steps.find(s => s.id === 'tool')
    expect(tool?.outcome).toBe('failed')
    expect(tool?.detail).toMatch(/^not restored: bin\/tool is a symbolic link out of the workspace/)
    expect(steps.find(s => s.id === 'inside')?.outcome).not.toBe('failed')
    expect(fs.readFileSync(path.join(ws.outside, 'app.conf'), 'utf8')).toBe(SENTINEL)
  })

  it('--quarantine does not copy through a symlinked parent directory', async () => {
    write(ws.root, 'cfg/app.conf', 'mine\n')
    await must(['add', 'cfg/app.conf', '--id', 'conf', '--restore', 'true'])
    fs.rmSync(path.join(ws.root, 'cfg'), { recursive: true })
    fs.symlinkSync(ws.outside, path.join(ws.root, 'cfg'))
    const r = await swr(['doctor', '--quarantine'])
    expect(r.stdout).toContain('quarantine: not copied: cfg is a symlink; not following it')
    const kept = listAll(path.join(ws.stateDir, 'quarantine')).filter(
      p => fs.lstatSync(p).isFile() && fs.readFileSync(p, 'utf8') === SENTINEL
    )
    expect(kept).toEqual([])
  })

  it('canary plant --volatile NAME refuses a symlinked NAME: no probe, not even the large one, outside', async () => {
    fs.symlinkSync(ws.outside, path.join(ws.root, 'scratch-cache'))
    const before = snapshot(ws.root)
    const r = await swr([
      'canary',
      'plant',
      '--volatile',
      'scratch-cache',
      '--large-bytes',
      String(8 << 20),
      '--no-home',
      '--no-tmp'
    ])
    expect(r.code).toBe(4)
    expect(oneLine(r.stderr)).toContain('"scratch-cache" in the workspace is a symlink')
    expect(snapshot(ws.root)).toEqual(before)
    expect(fs.existsSync(path.join(ws.stateDir, 'canary', 'ledger.json'))).toBe(false)
  })

  it('a volatile directory that exists only as a symlink (node_modules -> outside) gets no probes', async () => {
    fs.symlinkSync(ws.outside, path.join(ws.root, 'node_modules'))
    await must(['canary', 'plant', '--large-bytes', '4096', '--no-home', '--no-tmp'])
    const ledger = JSON.parse(
      fs.readFileSync(path.join(ws.stateDir, 'canary', 'ledger.json'), 'utf8')
    ) as { locations: { id: string }[] }
    expect(ledger.locations.map(l => l.id)).toEqual(['workspace', 'deep'])
    await must(['canary', 'clean'])
  })
})

describe('quarantine pruning', () => {
  async function damagedWithOldCopies(): Promise<{ old: string; recent: string }> {
    write(ws.root, 'etc/app.conf', 'port = 1\n')
    const recipe = 'printf "port = 1\\n" > etc/app.conf'
    await must(['add', 'etc/app.conf', '--id', 'conf', '--restore', recipe])
    write(ws.root, 'etc/app.conf', 'port = 2\n')
    const q = path.join(ws.stateDir, 'quarantine')
    const old = path.join(q, '2020-01-01T00-00-00-000Z-00000000')
    const recent = path.join(q, '2999-01-01T00-00-00-000Z-00000000')
    write(old, 'entry-conf', 'old evidence\n')
    write(recent, 'entry-conf', Buffer.alloc(2 << 20))
    const tenDaysAgo = new Date(Date.now() - 10 * 86_400_000)
    fs.utimesSync(old, tenDaysAgo, tenDaysAgo)
    return { old, recent }
  }

  it('copies older than 7 days go by default; a recent one stays', async () => {
    const { old, recent } = await damagedWithOldCopies()
    const r = await swr(['doctor', '--quarantine'])
    expect(r.code).toBe(0)
    expect(r.stdout).toMatch(/quarantine: kept 9 bytes in .*; pruned 1 older copy \(13 bytes\)/)
    expect(fs.existsSync(old)).toBe(false)
    expect(fs.existsSync(recent)).toBe(true)
  })

  it('SWR_QUARANTINE_MAX_MB bounds the whole quarantine, oldest first, keeping the new copy', async () => {
    const { old, recent } = await damagedWithOldCopies()
    const r = await swr(['doctor', '--quarantine'], {
      ...opts,
      env: { ...opts.env, SWR_QUARANTINE_MAX_MB: '1', SWR_QUARANTINE_KEEP_DAYS: '365' }
    })
    expect(r.code).toBe(0)
    expect(r.stdout).toContain('pruned 2 older copies')
    expect(fs.existsSync(old) || fs.existsSync(recent)).toBe(false)
    const left = fs.readdirSync(path.join(ws.stateDir, 'quarantine'))
    expect(left).toHaveLength(1)
    expect(
      fs.readFileSync(path.join(ws.stateDir, 'quarantine', left[0] as string, 'entry-conf'), 'utf8')
    ).toBe('port = 2\n')
  })
})

describe('quarantine counts disk use and files, not file bytes', () => {
  /** A damaged entry, and a recent earlier copy of `n` empty things (files or directories). */
  async function withEmptyCopy(n: number, kind: 'files' | 'dirs'): Promise<string> {
    write(ws.root, 'etc/app.conf', 'port = 1\n')
    await must([
      'add',
      'etc/app.conf',
      '--id',
      'conf',
      '--restore',
      'printf "port = 1\\n" > etc/app.conf'
    ])
    write(ws.root, 'etc/app.conf', 'port = 2\n')
    const copy = path.join(
      ws.stateDir,
      'quarantine',
      '2999-01-01T00-00-00-000Z-00000000',
      'entry-t'
    )
    fs.mkdirSync(copy, { recursive: true })
    for (let i = 0; i < n; i++)
      if (kind === 'files') fs.writeFileSync(path.join(copy, `f${i}`), '')
      else fs.mkdirSync(path.join(copy, `d${i}`))
    return path.dirname(copy)
  }
  const doctor = (env: Record<string, string>): Promise<RunResult> =>
    swr(['doctor', '--quarantine'], { ...opts, env: { ...opts.env, ...env } })

  it('thousands of empty files count against SWR_QUARANTINE_MAX_FILES', async () => {
    const old = await withEmptyCopy(3000, 'files')
    const r = await doctor({ SWR_QUARANTINE_MAX_FILES: '1000', SWR_QUARANTINE_KEEP_DAYS: '365' })
    expect(r.code).toBe(0)
    expect(r.stdout).toContain('pruned 1 older copy (0 bytes)')
    expect(fs.existsSync(old)).toBe(false)
  })

  it('empty directories count against SWR_QUARANTINE_MAX_MB by the blocks they take', async () => {
    const old = await withEmptyCopy(400, 'dirs')
    const r = await doctor({ SWR_QUARANTINE_MAX_MB: '1', SWR_QUARANTINE_KEEP_DAYS: '365' })
    expect(r.code).toBe(0)
    expect(r.stdout).toContain('pruned 1 older copy (0 bytes)')
    expect(fs.existsSync(old)).toBe(false)
  })
})

describe('canary ledger authentication', () => {
  const ledgerFile = (): string => path.join(ws.stateDir, 'canary', 'ledger.json')
  const plant = (): Promise<RunResult> =>
    must(['canary', 'plant', '--large-bytes', '0', '--no-home', '--no-tmp'])
  const probes = (): string[] => listAll(ws.root).filter(p => p.includes('swr-canary-'))

  it('the ledger key is created 0600 with the first planting, and a genuine ledger cleans', async () => {
    await plant()
    const key = path.join(ws.stateDir, 'canary', 'ledger.key')
    expect(fs.statSync(key).mode & 0o777).toBe(0o600)
    expect(probes().length).toBeGreaterThan(0)
    await must(['canary', 'clean'])
    expect(probes()).toEqual([])
  })

  it('an altered ledger is refused by clean and read in one line, and nothing is removed', async () => {
    await plant()
    const planted = probes()
    const v = JSON.parse(fs.readFileSync(ledgerFile(), 'utf8'))
    v.probes[0].expect.sha256 = 'f'.repeat(64)
    fs.writeFileSync(ledgerFile(), JSON.stringify(v))
    for (const cmd of ['clean', 'read']) {
      const r = await swr(['canary', cmd])
      expect(r.code).toBe(4)
      expect(oneLine(r.stderr)).toContain('fails authentication')
      expect(probes()).toEqual(planted)
    }
  })

  it('a forged ledger naming a user directory as created removes nothing', async () => {
    await plant()
    fs.mkdirSync(path.join(ws.root, 'victim-empty'))
    const planted = probes()
    const v = JSON.parse(fs.readFileSync(ledgerFile(), 'utf8'))
    v.locations[0].created = [{ anchor: 'workspace', rel: 'victim-empty' }]
    fs.writeFileSync(ledgerFile(), JSON.stringify(v))
    const r = await swr(['canary', 'clean'])
    expect(r.code).toBe(4)
    expect(oneLine(r.stderr)).toContain('locations[0].created')
    expect(fs.existsSync(path.join(ws.root, 'victim-empty'))).toBe(true)
    expect(probes()).toEqual(planted)
  })

  it('a ledger forged from scratch (no key in the state directory) is refused', async () => {
    await plant()
    const planted = probes()
    fs.rmSync(path.join(ws.stateDir, 'canary', 'ledger.key'))
    const r = await swr(['canary', 'clean'])
    expect(r.code).toBe(4)
    expect(oneLine(r.stderr)).toContain('no ledger key')
    expect(probes()).toEqual(planted)
  })
})

describe('rollback memory', () => {
  it('an older signed manifest run through a symlinked path is refused', async () => {
    write(ws.root, 'etc/app.conf', 'port = 1\n')
    await must(['add', 'etc/app.conf', '--id', 'conf'])
    const older = fs.readFileSync(ws.manifestFile)
    await must(['sign'])
    expect((await swr(['verify'])).code).toBe(0)
    fs.writeFileSync(ws.manifestFile, older)
    const link = path.join(ws.base, 'link')
    fs.symlinkSync(ws.root, link)
    for (const spelled of [
      path.join(link, '.swr', 'manifest.json'),
      `${ws.root}/.swr/../.swr/manifest.json`
    ]) {
      const r = await swr(['verify', '-m', spelled, '--workspace', ws.root])
      expect(r.code).toBe(2)
      expect(r.stderr + r.stdout).toContain('older than version')
    }
  })

  it('memory written under the old spelled-path key is still honoured', async () => {
    write(ws.root, 'etc/app.conf', 'port = 1\n')
    await must(['add', 'etc/app.conf', '--id', 'conf'])
    const version = readDoc(ws.manifestFile).body.version
    fs.rmSync(path.join(ws.stateDir, 'versions'), { recursive: true, force: true })
    fs.mkdirSync(path.join(ws.stateDir, 'versions'), { recursive: true })
    const key = createHash('sha256').update(ws.manifestFile).digest('hex').slice(0, 32)
    fs.writeFileSync(
      path.join(ws.stateDir, 'versions', `${key}.json`),
      JSON.stringify({ version: version + 5, digest: 'a'.repeat(64) })
    )
    const r = await swr(['verify'])
    expect(r.code).toBe(2)
    expect(r.stderr + r.stdout).toContain(`older than version ${version + 5}`)
  })
})

describe('resource bounds', () => {
  /** A gzip stream of the index header and `mib` MiB of well-formed records (a ratio bomb). */
  async function bombIndex(file: string, mib: number): Promise<void> {
    const out = fs.createWriteStream(file)
    const gz = createGzip({ level: 9 })
    gz.pipe(out)
    gz.write(JSON.stringify(['swr-tree-index', 1]) + '\n')
    const line = JSON.stringify(['x', 'f', 420, 1, null]) + '\n'
    const chunk = Buffer.from(line.repeat(Math.floor((1 << 20) / line.length)))
    for (let i = 0; i < mib; i++) {
      if (!gz.write(chunk)) await new Promise(r => gz.once('drain', r))
    }
    await new Promise<void>(r => {
      out.on('finish', () => r())
      gz.end()
    })
  }

  it.each([
    ['the recorded entry count', undefined],
    ['a claimed count of 200,000 entries (the inflate ratio bound)', 200_000]
  ])(
    'a crafted high-ratio tree index is not inflated with %s: check finishes in seconds, exit 1',
    async (_what, claimed) => {
      write(ws.root, 'tree/a.txt', 'a\n')
      write(ws.root, 'tree/b.txt', 'b\n')
      await must(['add', 'tree', '--id', 'tree'])
      const index = path.join(ws.root, '.swr', 'trees', 'tree.index.gz')
      await bombIndex(index, 200)
      const sha = createHash('sha256').update(fs.readFileSync(index)).digest('hex')
      editDoc(ws.manifestFile, doc => {
        const e = doc.body.entries[0] as TreeEntry
        e.expect.index = { sha256: sha, entries: claimed ?? e.expect.index?.entries ?? 2 }
      })
      fs.rmSync(path.join(ws.root, 'tree/b.txt'))
      const t0 = Date.now()
      const r = await swr(['check', '--no-cache'])
      expect(Date.now() - t0).toBeLessThan(5000)
      expect(r.code).toBe(1)
      expect(r.stdout).toContain('no usable index to name the files')
    }
  )

  it('a catastrophic rule for picomatch (+(*a)c) against long names is matched in bounded time', async () => {
    for (let i = 0; i < 50; i++) write(ws.root, `tree/${'a'.repeat(30 + i)}`, `${i}\n`)
    const t0 = Date.now()
    await must([
      'add',
      'tree',
      '--id',
      'tree',
      '--ignore',
      '+(*a)c',
      '--ignore',
      '*a*a*a*a*a*a*a*b'
    ])
    const r = await swr(['check', '--no-cache'])
    expect(Date.now() - t0).toBeLessThan(8000)
    expect(r.code).toBe(0)
  })

  it('an over-complex ignore rule is refused at load: exit 4, one line naming the rule', async () => {
    write(ws.root, 'tree/a', 'a\n')
    await must(['add', 'tree', '--id', 'tree'])
    editDoc(ws.manifestFile, doc => {
      ;(doc.body.entries[0] as TreeEntry).ignore = ['keep', 'a/**/a/**/b']
    })
    const r = await swr(['check'])
    expect(r.code).toBe(4)
    expect(oneLine(r.stderr)).toMatch(/ignore\.1 has more than one "\*\*"/)
  })

  it('ignore rules read as .gitignore: negation re-includes, a trailing slash means directories only', async () => {
    write(ws.root, 'tree/a.txt', 'a\n')
    write(ws.root, 'tree/keep.txt', 'keep\n')
    write(ws.root, 'tree/build/out.o', 'o\n')
    write(ws.root, 'tree/sub/build', 'a file named build\n')
    await must([
      'add',
      'tree',
      '--id',
      'tree',
      '--ignore',
      '*.txt',
      '--ignore',
      '!keep.txt',
      '--ignore',
      'build/'
    ])
    const e = readDoc(ws.manifestFile).body.entries[0] as TreeEntry
    // keep.txt, sub/ and sub/build: a.txt and the build directory are ignored.
    expect(e.expect.files).toBe(2)
    write(ws.root, 'tree/new.txt', 'ignored\n')
    write(ws.root, 'tree/build/more.o', 'ignored\n')
    expect((await swr(['check', '--no-cache'])).code).toBe(0)
    write(ws.root, 'tree/keep.txt', 'changed\n')
    expect((await swr(['check', '--no-cache'])).code).toBe(1)
  })
})

describe('escrow refuses secrets by name, place and content', () => {
  const PEM = '-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEA\n-----END RSA PRIVATE KEY-----\n'
  const OPENSSH = '-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA\n'
  const PGP = '-----BEGIN PGP PRIVATE KEY BLOCK-----\nlQOYBF\n'
  const TOKEN = `token = ghp_${'A1b2C3d4E5'.repeat(4)}\n`
  const URL_PASSWORD = 'url = https://deploy:s3cr3t-passw0rd@git.example.com/repo\n'
  const secrets: [string, string, string][] = [
    ['.pgpass', 'db:5432:*:app:x\n', 'is a credential by name'],
    ['certs/deploy.pem', 'not even a key\n', 'is a credential by name'],
    ['certs/tls.key', 'opaque\n', 'is a credential by name'],
    ['.cargo/credentials.toml', '[registry]\n', 'is a credential by name'],
    ['.ssh/github_deploy', 'opaque\n', 'is a credential by name'],
    ['.netrc', 'machine x\n', 'is a credential by name'],
    ['notes/key.txt', PEM, 'holds a private key'],
    ['notes/ssh.txt', OPENSSH, 'holds a private key'],
    ['notes/pgp.txt', PGP, 'holds a private key'],
    ['conf/settings.ini', TOKEN, 'holds a token or a password'],
    ['conf/remote.ini', URL_PASSWORD, 'holds a token or a password']
  ]

  it('add records each secret at tier 0 with the secret note, and escrow embeds none of them', async () => {
    for (const [rel, content] of secrets) write(ws.root, rel, content, 0o600)
    write(ws.root, 'etc/app.conf', 'port = 8080\n')
    for (const [rel] of secrets) await must(['add', rel])
    await must(['add', 'etc/app.conf', '--id', 'plain'])
    const entries = readDoc(ws.manifestFile).body.entries
    for (const [rel] of secrets) {
      const e = entries.find(x => x.path === rel)
      expect([rel, e?.tier, e?.note]).toEqual([rel, 0, expect.stringMatching(/^secret: /)])
    }
    expect(entries.find(x => x.id === 'plain')?.tier).toBe(2)
    const r = await swr(['escrow'])
    expect(r.code).toBe(0)
    // The text names the first ten refusals and counts the rest; --json lists every one.
    const named = secrets.filter(([rel, , why]) => r.stdout.includes(`${rel} ${why}`))
    expect(named.length).toBe(Math.min(10, secrets.length))
    if (secrets.length > 10)
      expect(r.stdout).toContain(`... and ${secrets.length - 10} more skipped (--json lists all)`)
    const doc = readDoc(ws.manifestFile)
    expect(doc.body.entries.filter(e => 'escrow' in e && e.escrow).map(e => e.id)).toEqual([
      'plain'
    ])
    const text = fs.readFileSync(ws.manifestFile, 'utf8') + r.stdout + r.stderr
    for (const needle of [
      'MIIEowIBAAKCAQEA',
      'b3BlbnNzaC1rZXktdjEAAAAA',
      'lQOYBF',
      'ghp_',
      's3cr3t'
    ])
      expect(text).not.toContain(needle)
  })

  it("a file under swr's state directory is a secret wherever the workspace is", async () => {
    const inside = { ...opts, stateDir: path.join(ws.root, 'state') }
    write(ws.root, 'state/notes.txt', 'harmless words\n')
    await must(['add', 'state/notes.txt', '--id', 'st'], inside)
    expect(readDoc(ws.manifestFile).body.entries[0]?.tier).toBe(0)
    const r = await swr(['escrow'], inside)
    expect(r.code).toBe(2)
    expect(r.stderr).toContain("state/notes.txt is in swr's state directory")
    expect(readDoc(ws.manifestFile).body.entries[0]).not.toHaveProperty('escrow')
  })
})
