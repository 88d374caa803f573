/**
 * Faults, through the bundled CLI: one fast representative of each class that
 * `npm run faults` (scripts/faults.mjs) repeats many times. A deeply nested manifest hidden behind
 * a comment, a full disk under an edit, a lock holder stopped past the stale time, a dead holder's
 * lock raced for by many waiters, a recipe orphaned by a killed doctor, two manifests of one
 * workspace, a recipe whose grandchild escapes its process group, SIGHUP, and the state directory
 * removed mid-run.
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { sleep, spawnSwr, q, waitUntil } from '../../__fixtures__/repair.js'
import { makeWorkspace, type Workspace } from '../../__fixtures__/workspace.js'
import type { CliIo } from '../../src/cli/io.js'
import { main } from '../../src/cli/main.js'

const STACK = /\n\s+at |node:internal/

let ws: Workspace
beforeEach(() => {
  ws = makeWorkspace()
})
afterEach(() => ws.cleanup())

async function swr(args: string[], opts: { cwd?: string; env?: NodeJS.ProcessEnv } = {}) {
  return spawnSwr(args, { ...ws, ...opts }).done
}

async function keygen(): Promise<void> {
  const r = await swr(['keygen'])
  expect(r.code).toBe(0)
}

async function track(rel: string, ...flags: string[]): Promise<void> {
  fs.writeFileSync(path.join(ws.root, rel), `${rel}\n`)
  const r = await swr(['add', '-m', ws.manifestFile, path.join(ws.root, rel), ...flags])
  expect(r.stderr).not.toMatch(STACK)
  expect(r.code).toBe(0)
}

/** Processes (not zombies) whose command line contains `needle`. */
function living(needle: string): number[] {
  const out: number[] = []
  for (const p of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(p)) continue
    try {
      const stat = fs.readFileSync(`/proc/${p}/stat`, 'utf8')
      if (/^[ZX]/.test(stat.slice(stat.lastIndexOf(')') + 2))) continue
      if (fs.readFileSync(`/proc/${p}/cmdline`, 'utf8').includes(needle)) out.push(Number(p))
    } catch {
      // gone
    }
  }
  return out
}

/** The notes of the locks held now (a lock is a link whose target is its note). */
function holderNotes(): string[] {
  const dir = path.join(ws.stateDir, 'locks')
  if (!fs.existsSync(dir)) return []
  return fs
    .readdirSync(dir)
    .filter(n => n.endsWith('.lock'))
    .flatMap(n => {
      try {
        return [fs.readlinkSync(path.join(dir, n))]
      } catch {
        return []
      }
    })
}

describe('malformed manifests', () => {
  it.each([
    ['a comment hiding a quote, then 100k brackets', '/*"*/' + '['.repeat(100_000)],
    ['a line comment hiding a quote, then 100k brackets', '//"\n' + '['.repeat(100_000)],
    [
      'a mismatched bracket, then 100k brackets',
      '{"a" ' + ']'.repeat(50) + ', "b": ' + '['.repeat(100_000)
    ],
    ['50k nested objects', '{"a":'.repeat(50_000)],
    ['a truncated document', '{"$schema": "x", "body": {"schema": 3, "entr'],
    ['a lone surrogate', '{"body": "\\ud800"}']
  ])('%s: exit 4, one line, no stack, file unchanged', async (_name, text) => {
    const file = path.join(ws.root, 'bad.json')
    fs.writeFileSync(file, text)
    const r = await swr(['check', '-m', file])
    expect(r.code).toBe(4)
    expect(r.stderr.trimEnd().split('\n')).toHaveLength(1)
    expect(r.stderr).not.toMatch(STACK)
    expect(fs.readFileSync(file, 'utf8')).toBe(text)
  })
})

describe('a full disk', () => {
  let mnt: string | undefined
  afterEach(() => {
    if (mnt) spawnSync('umount', [mnt])
    mnt = undefined
  })

  /** A 1 MiB tmpfs holding a workspace and the state, or undefined where mounting is not allowed. */
  function smallDisk(): string | undefined {
    if (process.getuid?.() !== 0) return undefined
    const dir = path.join(ws.base, 'disk')
    fs.mkdirSync(dir)
    if (spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', dir]).status !== 0)
      return undefined
    mnt = dir
    return dir
  }

  /** Fill the disk, leaving about `leave` bytes free. */
  function fill(dir: string, leave = 0): void {
    const filler = path.join(dir, 'filler')
    fs.rmSync(filler, { force: true })
    const st = fs.statfsSync(dir)
    let left = leave > 0 ? Math.max(0, st.bavail * st.bsize - leave) : Infinity
    const fd = fs.openSync(filler, 'w')
    const chunk = Buffer.alloc(64 * 1024, 1)
    try {
      while (left > 0) left -= fs.writeSync(fd, chunk, 0, Math.min(chunk.length, left))
    } catch {
      // full
    } finally {
      fs.closeSync(fd)
    }
  }

  it('escrow, add and check --record: exit 74 with one line, the manifest untouched, no temporary file left', async () => {
    const disk = smallDisk()
    if (!disk) {
      // Without root there is no tmpfs to fill; the suite (npm run faults) says so too.
      expect(process.getuid?.()).not.toBe(0)
      return
    }
    const root = path.join(disk, 'ws')
    const stateDir = path.join(disk, 'state')
    fs.mkdirSync(root)
    const env = { SWR_STATE_DIR: stateDir }
    const manifest = path.join(root, '.swr', 'manifest.json')
    for (let i = 0; i < 6; i++) fs.writeFileSync(path.join(root, `f${i}`), 'x'.repeat(2000))
    for (let i = 0; i < 6; i++) {
      const r = await swr(['add', '-m', manifest, path.join(root, `f${i}`)], { cwd: root, env })
      expect(r.code).toBe(0)
    }
    const before = fs.readFileSync(manifest)
    // Not tracked yet, so add gets as far as writing (the lock itself writes no data).
    fs.writeFileSync(path.join(root, 'extra'), 'x'.repeat(2000))
    fill(disk)
    for (const args of [
      ['escrow', '-m', manifest],
      ['add', '-m', manifest, path.join(root, 'extra')],
      ['check', '-m', manifest, '--record', '--json']
    ]) {
      const r = await swr(args, { cwd: root, env })
      expect({ args, code: r.code }).toEqual({ args, code: 74 })
      expect(r.stderr).toMatch(/^swr: cannot write .*: no space left on the device \(ENOSPC\)\n$/)
      expect(fs.readFileSync(manifest).equals(before)).toBe(true)
      expect(fs.readdirSync(path.dirname(manifest)).filter(n => n.endsWith('.tmp'))).toEqual([])
      if (args.includes('--json'))
        expect(JSON.parse(r.stdout)).toMatchObject({ schema: 'swr.error/1', exit_code: 74 })
    }
  }, 60_000)

  it('doctor whose recipe fails on the full disk: exit 74 with one line, not "unrepairable"', async () => {
    const disk = smallDisk()
    if (!disk) {
      expect(process.getuid?.()).not.toBe(0)
      return
    }
    const root = path.join(disk, 'ws')
    const stateDir = path.join(disk, 'state')
    fs.mkdirSync(root)
    const env = { SWR_STATE_DIR: stateDir }
    const manifest = path.join(root, '.swr', 'manifest.json')
    expect((await swr(['keygen'], { cwd: root, env })).code).toBe(0)
    fs.writeFileSync(path.join(root, 'big'), 'x'.repeat(64 * 1024))
    const recipe = `head -c ${64 * 1024} /dev/zero | tr '\\0' x > big`
    const added = await swr(['add', '-m', manifest, path.join(root, 'big'), '--restore', recipe], {
      cwd: root,
      env
    })
    expect(added.code).toBe(0)
    fs.rmSync(path.join(root, 'big'))
    fill(disk, 8192)
    const r = await swr(['doctor', '-m', manifest], { cwd: root, env })
    expect(r.stderr).not.toMatch(STACK)
    expect(r.code).toBe(74)
    expect(r.stderr).toMatch(/^swr: cannot write .*: no space left on the device \(ENOSPC\)$/m)
    fs.rmSync(path.join(disk, 'filler'))
    expect((await swr(['doctor', '-m', manifest], { cwd: root, env })).code).toBe(0)
  }, 60_000)

  it('keygen: exit 74 naming the file, no key file left at any fill level, and a rerun succeeds', async () => {
    const disk = smallDisk()
    if (!disk) {
      console.warn('skipped: mounting a tmpfs needs root')
      expect(process.getuid?.()).not.toBe(0)
      return
    }
    const stateDir = path.join(disk, 'state')
    const keys = path.join(stateDir, 'keys')
    const env = { SWR_STATE_DIR: stateDir }
    const named = new Set<string>()
    // tmpfs gives each file a 4 KiB page: these levels stop keygen before each of its files.
    for (const leave of [0, 4096, 8192, 12288, 16384]) {
      fs.rmSync(stateDir, { recursive: true, force: true })
      fill(disk, leave)
      const r = await swr(['keygen'], { cwd: disk, env })
      expect(r.stderr).not.toMatch(STACK)
      if (r.code === 0) continue
      expect({ leave, code: r.code }).toEqual({ leave, code: 74 })
      const m = /^swr: cannot write (.+): no space left on the device \(ENOSPC\)\n$/.exec(r.stderr)
      expect(m).not.toBeNull()
      named.add(path.basename(m?.[1] ?? ''))
      // Nothing new under keys/: no key file, no temporary file.
      expect(fs.existsSync(keys) ? fs.readdirSync(keys) : []).toEqual([])
      fs.rmSync(path.join(disk, 'filler'))
      const again = await swr(['keygen'], { cwd: disk, env })
      expect({ leave, code: again.code, stderr: again.stderr }).toEqual({
        leave,
        code: 0,
        stderr: ''
      })
      expect(fs.readdirSync(keys).sort()).toEqual([
        'hmac.key',
        'mldsa87.pub',
        'mldsa87.seed',
        'sync.seed'
      ])
    }
    // The disk ran out after some files were written, not only before the first one.
    expect(named.size).toBeGreaterThan(1)
  }, 120_000)

  it('canary plant: exit 74 with one "cannot write" line, nothing planted, no ledger', async () => {
    const disk = smallDisk()
    if (!disk) {
      console.warn('skipped: mounting a tmpfs needs root')
      expect(process.getuid?.()).not.toBe(0)
      return
    }
    const root = path.join(disk, 'ws')
    const stateDir = path.join(disk, 'state')
    fs.mkdirSync(root)
    const env = { SWR_STATE_DIR: stateDir }
    const manifest = path.join(root, '.swr', 'manifest.json')
    fs.writeFileSync(path.join(root, 'a'), 'a\n')
    expect(
      (await swr(['add', '-m', manifest, path.join(root, 'a')], { cwd: root, env })).code
    ).toBe(0)
    const before = fs.readdirSync(root).sort()
    const plant = [
      'canary',
      'plant',
      '-m',
      manifest,
      '--large-bytes',
      '65536',
      '--no-home',
      '--no-tmp'
    ]
    // Room for the lock and the first probes, never for the 64 KiB one.
    for (const leave of [8192, 16384, 32768]) {
      fill(disk, leave)
      const r = await swr(plant, { cwd: root, env })
      expect({ leave, code: r.code }).toEqual({ leave, code: 74 })
      expect(r.stderr).toMatch(/^swr: cannot write .*: no space left on the device \(ENOSPC\)\n$/)
      expect(fs.readdirSync(root).sort()).toEqual(before)
      expect(fs.existsSync(path.join(stateDir, 'canary', 'ledger.json'))).toBe(false)
    }
    fs.rmSync(path.join(disk, 'filler'))
    const r = await swr(plant, { cwd: root, env })
    expect(r.code).toBe(0)
  }, 120_000)
})

describe('locks', () => {
  it('a holder stopped longer than the stale time keeps its lock; both edits are kept', async () => {
    await keygen()
    await track('seed')
    fs.writeFileSync(path.join(ws.root, 'one'), 'one\n')
    fs.writeFileSync(path.join(ws.root, 'two'), 'two\n')
    let a = spawnSwr(['add', '-m', ws.manifestFile, path.join(ws.root, 'one')], ws)
    // Stop the first add while it holds the lock (it would finish in a blink otherwise).
    for (let tries = 0; ; tries++) {
      const pid = a.proc.pid
      if (await waitUntil(() => holderNotes().some(n => n.startsWith(`pid ${pid} `)), 5000, 1)) {
        a.proc.kill('SIGSTOP')
        break
      }
      await a.done
      if (tries > 20) throw new Error('never caught the add holding its lock')
      fs.writeFileSync(path.join(ws.root, 'one'), 'one\n')
      a = spawnSwr(
        ['add', '-m', ws.manifestFile, path.join(ws.root, 'one'), '--id', `one${tries}`],
        ws
      )
    }
    const b = spawnSwr(['add', '-m', ws.manifestFile, path.join(ws.root, 'two')], ws)
    await sleep(11_000)
    expect(b.proc.exitCode).toBeNull()
    a.proc.kill('SIGCONT')
    const [ra, rb] = await Promise.all([a.done, b.done])
    expect([ra.code, rb.code]).toEqual([0, 0])
    expect(rb.stderr).toMatch(/waiting for the lock/)
    const ids = (
      JSON.parse(fs.readFileSync(ws.manifestFile, 'utf8')) as {
        body: { entries: { id: string }[] }
      }
    ).body.entries.map(e => e.id)
    expect(ids).toHaveLength(3)
    expect(ids).toContain('two')
  }, 40_000)

  /**
   * One round: `add --from -` holds the lock while it waits for its input; `n` waiters (each its
   * own `add --from -` with --lock-timeout 2) wait for it; the holder is killed with SIGKILL. The
   * waiters that took the lock sit on their input; the others give up at their timeout. Returns
   * how many took it, with every waiter's result.
   */
  async function deadHolderRound(manifest: string, round: number, n: number) {
    const holder = spawnSwr(['add', '-m', manifest, '--from', '-'], { ...ws, stdin: 'pipe' })
    const pid = holder.proc.pid
    const held = await waitUntil(() => holderNotes().some(x => x.startsWith(`pid ${pid} `)), 15_000)
    expect({ held, out: held ? '' : holder.output() }).toEqual({ held: true, out: '' })
    const waiters = Array.from({ length: n }, () =>
      spawnSwr(['add', '-m', manifest, '--from', '-', '--lock-timeout', '2'], {
        ...ws,
        stdin: 'pipe'
      })
    )
    await waitUntil(() => waiters.every(w => /waiting for the lock/.test(w.stderr())), 15_000)
    holder.proc.kill('SIGKILL')
    await holder.done
    await waitUntil(() => waiters.every(w => w.proc.exitCode !== null), 4500)
    const sitting = waiters.filter(w => w.proc.exitCode === null)
    waiters.forEach((w, i) => {
      const file = path.join(ws.root, `r${round}w${i}`)
      fs.writeFileSync(file, `${i}\n`)
      const line = JSON.stringify({ path: file, id: `r${round}w${i}` })
      if (sitting.includes(w)) w.proc.stdin?.end(`${line}\n`)
      else w.proc.stdin?.destroy()
    })
    const results = await Promise.all(waiters.map(w => w.done))
    const won = sitting.map(w => waiters.indexOf(w))
    // A waiter that ended other than by giving up took the lock too (and lost it).
    const took = results.filter((r, i) => won.includes(i) || r.code !== 2).length
    return { took, results, sitting: won }
  }

  it("a dead holder's lock raced for by 6 waiters, 10 rounds: exactly one takes it each round, the rest give up with one line", async () => {
    await keygen()
    await track('seed')
    const rounds = 10
    const counts: number[] = []
    // Two rounds at a time, on two manifests (two locks), to keep the test short.
    for (let r = 0; r < rounds; r += 2) {
      const pair = await Promise.all(
        [r, r + 1].map(round => {
          const m = path.join(ws.root, '.swr', `race${round}.json`)
          fs.copyFileSync(ws.manifestFile, m)
          return deadHolderRound(m, round, 6).then(res => ({ ...res, m, round }))
        })
      )
      for (const { took, results, sitting, m, round } of pair) {
        counts.push(took)
        results.forEach((res, i) => {
          expect(res.stderr).not.toMatch(STACK)
          expect(res.stderr).not.toMatch(/ENOENT|ECOMPROMISED/)
          if (sitting.includes(i)) expect(res.code).toBe(0)
          else {
            expect(res.code).toBe(2)
            expect(res.stderr).toMatch(
              /^swr: .*race\d+\.json is locked by another swr run \(pid \d+ .*\); gave up after 2 s$/m
            )
          }
        })
        const ids = (
          JSON.parse(fs.readFileSync(m, 'utf8')) as { body: { entries: { id: string }[] } }
        ).body.entries.map(e => e.id)
        expect(ids.filter(id => id.startsWith(`r${round}w`))).toHaveLength(sitting.length)
      }
    }
    expect(counts).toEqual(Array(rounds).fill(1))
  }, 90_000)

  it('a recipe orphaned by a doctor killed with SIGKILL: a second doctor waits for it, does not run it again, and takes the lock once it ends', async () => {
    await keygen()
    const log = path.join(ws.base, 'log')
    await track(
      't',
      '--restore',
      `echo "start $$" >> ${q(log)}; sleep 2; echo t > t; echo end >> ${q(log)}`
    )
    fs.rmSync(path.join(ws.root, 't'))
    const lines = (): string[] =>
      fs.existsSync(log) ? fs.readFileSync(log, 'utf8').trim().split('\n') : []
    const first = spawnSwr(['doctor', '-m', ws.manifestFile], ws)
    expect(await waitUntil(() => lines().length > 0, 15_000)).toBe(true)
    first.proc.kill('SIGKILL')
    await first.done
    const pgid = Number(lines()[0]?.split(' ')[1])
    try {
      const second = await swr(['doctor', '-m', ws.manifestFile])
      expect(lines()).toEqual([`start ${pgid}`, 'end'])
      expect(second.stderr).toMatch(
        /waiting for the lock on .*\(pid \d+ .*; gone, but its recipe still runs in process group \d+\)/
      )
      expect(second.stderr).not.toMatch(STACK)
      expect(second.code).toBe(0)
      expect(holderNotes()).toEqual([])
    } finally {
      try {
        process.kill(-pgid, 'SIGKILL')
      } catch {
        // ended
      }
    }
  }, 40_000)

  it('a lock that cannot be taken (locks/ is a file): exit 74, one line naming the manifest and the cause, nothing written', async () => {
    await keygen()
    await track('seed')
    const before = fs.readFileSync(ws.manifestFile)
    fs.rmSync(path.join(ws.stateDir, 'locks'), { recursive: true, force: true })
    fs.writeFileSync(path.join(ws.stateDir, 'locks'), '')
    fs.writeFileSync(path.join(ws.root, 'more'), 'more\n')
    const r = await swr(['add', '-m', ws.manifestFile, path.join(ws.root, 'more')])
    expect(r.code).toBe(74)
    expect(r.stderr).toMatch(
      /^swr: cannot take the lock on \S+manifest\.json: EEXIST: file already exists, mkdir '\S+locks'\n$/
    )
    expect(fs.readFileSync(ws.manifestFile).equals(before)).toBe(true)
  })

  it('two manifests of one workspace never run their recipes at once', async () => {
    await keygen()
    const log = path.join(ws.base, 'log')
    const recipe = `echo start >> ${q(log)}; sleep 1; echo t > t; echo end >> ${q(log)}`
    const other = path.join(ws.base, 'other.json')
    fs.writeFileSync(path.join(ws.root, 't'), 't\n')
    for (const m of [ws.manifestFile, other]) {
      const r = await swr([
        'add',
        '-m',
        m,
        '--workspace',
        ws.root,
        path.join(ws.root, 't'),
        '--restore',
        recipe
      ])
      expect(r.code).toBe(0)
    }
    // Make each doctor see the damage, so each would run its recipe if not serialised.
    fs.writeFileSync(path.join(ws.root, 't'), 'damaged\n')
    const rs = await Promise.all([
      swr(['doctor', '-m', ws.manifestFile]),
      swr(['doctor', '-m', other, '--workspace', ws.root])
    ])
    for (const r of rs) expect(r.code).toBe(0)
    const lines = fs.readFileSync(log, 'utf8').trim().split('\n')
    expect(lines.length % 2).toBe(0)
    for (let i = 0; i < lines.length; i += 2)
      expect(lines.slice(i, i + 2)).toEqual(['start', 'end'])
  }, 30_000)
})

describe('recipes that escape or are interrupted', () => {
  async function damagedWithRecipe(recipe: string): Promise<void> {
    await keygen()
    await track('t', '--restore', recipe)
    fs.rmSync(path.join(ws.root, 't'))
  }

  it('--timeout ends a recipe whose setsid grandchild holds the output pipes, and stops the grandchild', async () => {
    const marker = `swr-escapee-${process.pid}-${Date.now()}`
    await damagedWithRecipe(`setsid bash -c 'exec -a ${marker} sleep 300' & sleep 100`)
    const started = Date.now()
    const r = await swr(['doctor', '-m', ws.manifestFile, '--timeout', '1'])
    expect(Date.now() - started).toBeLessThan(15_000)
    expect(r.code).toBe(2)
    expect(r.stdout).toMatch(
      /timed out after 1 s.*stopped 1 process\(es\) that left its process group \(sleep\)/
    )
    expect(r.stderr).not.toMatch(STACK)
    expect(await waitUntil(() => living(marker).length === 0, 3000)).toBe(true)
    expect(holderNotes()).toEqual([])
  }, 30_000)

  it('SIGHUP stops the recipe and exits 130, letting go of the lock', async () => {
    const marker = `swr-hup-${process.pid}-${Date.now()}`
    await damagedWithRecipe(`exec -a ${marker} sleep 100`)
    const child = spawnSwr(['doctor', '-m', ws.manifestFile], ws)
    expect(await waitUntil(() => living(marker).length > 0, 10_000)).toBe(true)
    child.proc.kill('SIGHUP')
    const r = await child.done
    expect(r.code).toBe(130)
    expect(living(marker)).toEqual([])
    expect(holderNotes()).toEqual([])
  }, 30_000)

  it('the state directory removed mid-run: exit 75 with one clear line, the recipe stopped', async () => {
    const marker = `swr-wipe-${process.pid}-${Date.now()}`
    await damagedWithRecipe(`exec -a ${marker} sleep 100`)
    const child = spawnSwr(['doctor', '-m', ws.manifestFile], ws)
    expect(await waitUntil(() => living(marker).length > 0, 10_000)).toBe(true)
    fs.rmSync(ws.stateDir, { recursive: true, force: true })
    const r = await child.done
    expect(r.code).toBe(75)
    expect(r.stderr).toMatch(
      /^swr: lost the lock on .*: its file in the state directory was removed$/m
    )
    expect(r.stderr).not.toMatch(/ECOMPROMISED|\n\s+at /)
    expect(await waitUntil(() => living(marker).length === 0, 3000)).toBe(true)
  }, 30_000)
})

describe('internal errors', () => {
  it('a bug exits 70 with one line and a request to report it, and --json says 70 too', async () => {
    await track('a')
    const err: string[] = []
    const out: string[] = []
    const io = (json: boolean): CliIo => ({
      cwd: ws.root,
      env: { SWR_STATE_DIR: ws.stateDir },
      home: ws.home,
      // A stream that fails in a way no user input can explain stands in for a bug.
      stdout: {
        write: (s: string) => {
          if (!json || !s.includes('swr.error/1'))
            throw new TypeError('cannot write to a closed log')
          out.push(s)
        }
      },
      stderr: { write: (s: string) => err.push(s) }
    })
    expect(await main(['node', 'swr', 'check', '-m', ws.manifestFile], io(false))).toBe(70)
    expect(err.join('')).toBe(
      'swr: internal error: TypeError: cannot write to a closed log\n' +
        'swr: this is a bug in swr; please report it with the line above (SWR_DEBUG=1 adds the stack)\n'
    )
    expect(await main(['node', 'swr', 'check', '--json', '-m', ws.manifestFile], io(true))).toBe(70)
    expect(JSON.parse(out.join(''))).toMatchObject({ schema: 'swr.error/1', exit_code: 70 })
    const help = await swr(['--help'])
    expect(help.stdout).toMatch(/^ {2}70 internal error/m)
  })
})
