/**
 * The state directory's locks called directly: two holders take turns, a holder in another real
 * process makes a waiter give up after the bounded time with exit 2 and the holder named, a
 * holder killed with SIGKILL (no clean-up) is taken over at once, a note whose pid was reused is
 * stale, one from another host (or an older swr's directory) falls back to the refresh time, a
 * dead holder whose recipe's process group runs keeps the lock until the group ends, a take-over
 * guard left by a killed waiter is cleared, Ctrl-C stops the wait (130), and symlinked spellings
 * of one file share one lock.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import { spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import {
  compileStateModules,
  runModule,
  type Child
} from '../../../__fixtures__/compiled-modules.js'
import { EXIT, SwrError } from '../../../src/core/errors.js'
import {
  canonicalPath,
  holderAlive,
  lockWorkspace,
  startTime,
  type Release
} from '../../../src/core/state/lock.js'

let tmp = ''
let mods = ''
let base = ''
let stateDir = ''
let subject = ''
let n = 0
const children: Child[] = []
const releases: Release[] = []
/** Process groups a test started. */
const groups: number[] = []

beforeAll(() => {
  tmp = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'swr-lock-')))
  mods = compileStateModules(path.join(tmp, 'mods'))
})
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }))

beforeEach(() => {
  base = path.join(tmp, `case-${n++}`)
  stateDir = path.join(base, 'state')
  subject = path.join(base, 'manifest.json')
  fs.mkdirSync(base)
  fs.writeFileSync(subject, '{}')
})
afterEach(async () => {
  for (const c of children.splice(0)) if (c.proc.exitCode === null) c.proc.kill('SIGKILL')
  for (const r of releases.splice(0)) await r()
  for (const g of groups.splice(0)) {
    try {
      process.kill(-g, 'SIGKILL')
    } catch {
      // ended
    }
  }
})

const take = async (opts: Partial<Parameters<typeof lockWorkspace>[0]> = {}): Promise<Release> => {
  const r = await lockWorkspace({ stateDir, subject, waitMs: 5000, ...opts })
  releases.push(r)
  return r
}

/** The lock's files for `subject`, as lock.ts names them: the link and its directory. */
function lockFiles(s = subject): { lock: string; dir: string; key: string } {
  const key = createHash('sha256').update(canonicalPath(s)).digest('hex').slice(0, 32)
  const dir = path.join(stateDir, 'locks')
  return { lock: path.join(dir, `${key}.lock`), dir, key }
}

/** The file beside the lock for the generation `note` names (recipe groups, take-over guard). */
function beside(note: string, ext: 'groups' | 'take'): string {
  const { dir, key } = lockFiles()
  const tag = createHash('sha256').update(note).digest('hex').slice(0, 16)
  return path.join(dir, `${key}.${tag}.${ext}`)
}

/**
 * A lock left behind by a holder that did not clean up: the link with the given note, or without
 * one a directory as an older swr left it.
 */
function leftBehind(note: string | undefined, ageMs = 0): void {
  const { lock, dir } = lockFiles()
  fs.mkdirSync(dir, { recursive: true })
  if (note === undefined) fs.mkdirSync(lock)
  else fs.symlinkSync(note, lock)
  const t = (Date.now() - ageMs) / 1000
  fs.lutimesSync(lock, t, t)
}

const noteOf = (file: string): string => fs.readlinkSync(file)

/** Another process holding the lock on `s` through the compiled lock module, until killed. */
async function holderProcess(s = subject): Promise<Child> {
  const c = runModule(
    mods,
    `import { lockWorkspace } from './core/state/lock.js'
     const [stateDir, subject] = process.argv.slice(1)
     await lockWorkspace({ stateDir, subject, waitMs: 0 })
     console.log('locked ' + process.pid)
     setInterval(() => {}, 1000)`,
    [stateDir, s]
  )
  children.push(c)
  await c.line(/^locked \d+$/)
  return c
}

async function rejection(p: Promise<unknown>): Promise<SwrError> {
  try {
    await p
  } catch (err) {
    expect(err).toBeInstanceOf(SwrError)
    return err as SwrError
  }
  throw new Error('the lock was taken')
}

describe('canonicalPath', () => {
  it('gives a symlink and its target one spelling, and a relative path its absolute one', () => {
    fs.symlinkSync(subject, path.join(base, 'link.json'))
    expect(canonicalPath(path.join(base, 'link.json'))).toBe(subject)
    expect(canonicalPath(path.relative(process.cwd(), subject))).toBe(subject)
  })

  it('spells a file not created yet through its directory’s real path', () => {
    fs.mkdirSync(path.join(base, 'real'))
    fs.symlinkSync(path.join(base, 'real'), path.join(base, 'via'))
    expect(canonicalPath(path.join(base, 'via', 'new.json'))).toBe(
      path.join(base, 'real', 'new.json')
    )
    expect(canonicalPath(path.join(base, 'none', 'x.json'))).toBe(path.join(base, 'none', 'x.json'))
  })
})

describe('lockWorkspace', () => {
  it('two holders take turns; the second says once whom it waits for', async () => {
    const order: string[] = []
    const first = await take()
    const waits: string[] = []
    const second = take({ onWait: h => waits.push(h) }).then(r => {
      order.push('second locked')
      return r
    })
    await new Promise(r => setTimeout(r, 500))
    order.push('first releases')
    await first()
    await (
      await second
    )()
    expect(order).toEqual(['first releases', 'second locked'])
    expect(waits).toHaveLength(1)
    expect(waits[0]).toMatch(new RegExp(`^pid ${process.pid} host \\S+ .*since \\S+$`))
  })

  it('symlinked spellings of one manifest share one lock', async () => {
    fs.symlinkSync(subject, path.join(base, 'link.json'))
    await take()
    const err = await rejection(take({ subject: path.join(base, 'link.json'), waitMs: 300 }))
    expect(err.exitCode).toBe(EXIT.UNREPAIRABLE)
  })

  it('different subjects do not wait for each other', async () => {
    await take()
    await take({ subject: path.join(base, 'other.json'), waitMs: 0 })
  })

  it('the lock is a link holding its note; releasing removes it and leaves nothing; the locks directory is private', async () => {
    const release = await take()
    const { lock, dir } = lockFiles()
    expect(fs.lstatSync(lock).isSymbolicLink()).toBe(true)
    expect(noteOf(lock)).toMatch(
      new RegExp(`^pid ${process.pid} host \\S+ .*since \\S+ id [0-9a-f]+$`)
    )
    expect(fs.statSync(dir).mode & 0o777).toBe(0o700)
    await release()
    expect(fs.readdirSync(dir)).toEqual([])
  })

  it('a holder in another process: the waiter gives up after the bounded time, exit 2, holder named', async () => {
    const holder = await holderProcess()
    const waits: string[] = []
    const started = Date.now()
    const err = await rejection(take({ waitMs: 700, onWait: h => waits.push(h) }))
    expect(Date.now() - started).toBeGreaterThanOrEqual(700)
    expect(err.exitCode).toBe(EXIT.UNREPAIRABLE)
    expect(err.message).toMatch(
      new RegExp(
        `^${subject.replace(/[.]/g, '\\.')} is locked by another swr run \\(pid ${holder.proc.pid} host \\S+ .*\\); gave up after 1 s$`
      )
    )
    expect(waits).toEqual([expect.stringMatching(new RegExp(`^pid ${holder.proc.pid} `))])
  })

  it('a holder killed without clean-up is taken over at once, not after the stale time', async () => {
    const holder = await holderProcess()
    holder.proc.kill('SIGKILL')
    await holder.exited
    const { lock } = lockFiles()
    expect(noteOf(lock)).toMatch(new RegExp(`^pid ${holder.proc.pid} `))
    const started = Date.now()
    await take({ waitMs: 3000, staleMs: 60_000 })
    expect(Date.now() - started).toBeLessThan(1500)
    expect(noteOf(lock)).toMatch(new RegExp(`^pid ${process.pid} `))
  })

  it('a note whose pid now belongs to another process (another start time) is stale', async () => {
    leftBehind(`pid ${process.pid} host ${os.hostname()} start 1 since 2020-01-01T00:00:00Z\n`)
    await take({ waitMs: 0, staleMs: 60_000 })
  })

  it('a live holder keeps its lock however old its refresh time', async () => {
    const start = startTime(process.pid)
    leftBehind(
      `pid ${process.pid} host ${os.hostname()}${start ? ` start ${start}` : ''} since x\n`,
      3_600_000
    )
    const err = await rejection(take({ waitMs: 300, staleMs: 100 }))
    expect(err.exitCode).toBe(EXIT.UNREPAIRABLE)
  })

  it.each([
    ['a directory an older swr left, without a note', undefined],
    ['a note from another host', 'pid 1 host elsewhere.invalid since x\n']
  ])('%s: waits for the refresh time to pass, then takes over', async (_name, note) => {
    leftBehind(note)
    const waits: string[] = []
    const started = Date.now()
    await take({ waitMs: 5000, staleMs: 600, onWait: h => waits.push(h) })
    expect(Date.now() - started).toBeGreaterThanOrEqual(450)
    expect(waits).toEqual([note === undefined ? 'holder unknown' : note.trim()])
  })

  /** A process group of its own running `sleep`, as a recipe's; killed after the test. */
  function recipeGroup(): number {
    const child = spawn('sleep', ['30'], { detached: true, stdio: 'ignore' })
    child.unref()
    const pgid = child.pid as number
    groups.push(pgid)
    return pgid
  }
  const deadNote = `pid 2147483646 host ${os.hostname()} start 1 since 2020-01-01T00:00:00Z id 0abc`

  it('a dead holder whose recipe still runs in its process group keeps the lock until the group ends', async () => {
    const pgid = recipeGroup()
    leftBehind(deadNote)
    fs.symlinkSync(`${pgid} ${startTime(pgid)}`, beside(deadNote, 'groups'))
    const waits: string[] = []
    const err = await rejection(take({ waitMs: 400, staleMs: 100, onWait: h => waits.push(h) }))
    expect(err.exitCode).toBe(EXIT.UNREPAIRABLE)
    expect(waits).toEqual([
      `pid 2147483646 host ${os.hostname()} start 1 since 2020-01-01T00:00:00Z; gone, but its recipe still runs in process group ${pgid}`
    ])
    const later = take({ waitMs: 5000 })
    await new Promise(r => setTimeout(r, 300))
    expect(noteOf(lockFiles().lock)).toBe(deadNote)
    process.kill(-pgid, 'SIGKILL')
    await later
    expect(noteOf(lockFiles().lock)).toMatch(new RegExp(`^pid ${process.pid} `))
    expect(fs.existsSync(beside(deadNote, 'groups'))).toBe(false)
  })

  it('a recorded group whose leader pid now has another start time (a reused id) holds nothing', async () => {
    const pgid = recipeGroup()
    leftBehind(deadNote)
    fs.symlinkSync(`${pgid} 1`, beside(deadNote, 'groups'))
    await take({ waitMs: 0 })
  })

  it('a take-over guard left by a waiter killed mid-way is cleared; one held by a live process is respected', async () => {
    leftBehind(deadNote)
    const live = `pid ${process.pid} host ${os.hostname()} start ${startTime(process.pid)} since x id 1`
    fs.symlinkSync(live, beside(deadNote, 'take'))
    const err = await rejection(take({ waitMs: 400 }))
    expect(err.exitCode).toBe(EXIT.UNREPAIRABLE)
    expect(noteOf(lockFiles().lock)).toBe(deadNote)
    fs.unlinkSync(beside(deadNote, 'take'))
    fs.symlinkSync(deadNote.replace('id 0abc', 'id 0def'), beside(deadNote, 'take'))
    await take({ waitMs: 2000 })
    expect(fs.readdirSync(lockFiles().dir).filter(n => n.endsWith('.take'))).toEqual([])
  })

  it('an abort signal stops the wait: exit 130, long before the time is up', async () => {
    await take()
    const ac = new AbortController()
    setTimeout(() => ac.abort(), 200)
    const started = Date.now()
    const err = await rejection(take({ waitMs: 10_000, abort: ac.signal }))
    expect(Date.now() - started).toBeLessThan(2000)
    expect(err.exitCode).toBe(EXIT.INTERRUPTED)
    expect(err.message).toBe(`interrupted while waiting for the lock on ${subject}`)
  })

  it('a lock whose file is removed while held is reported through onLost, not thrown', async () => {
    const lost: string[] = []
    await take({ onLost: why => lost.push(why) })
    fs.rmSync(lockFiles().lock)
    const until = Date.now() + 5000
    while (lost.length === 0 && Date.now() < until) await new Promise(r => setTimeout(r, 100))
    expect(lost).toEqual(['its file in the state directory was removed'])
  })
})

describe('holderAlive', () => {
  it('reads a note: this process alive, a dead pid or a reused one not, another host unknown', () => {
    const start = startTime(process.pid)
    const host = os.hostname()
    expect(holderAlive(`pid ${process.pid} host ${host} start ${start} since x`)).toBe(true)
    expect(holderAlive(`pid ${process.pid} host ${host} start 1 since x`)).toBe(false)
    expect(holderAlive(`pid 2147483646 host ${host} since x`)).toBe(false)
    expect(holderAlive(`pid ${process.pid} host elsewhere.invalid since x`)).toBeUndefined()
    expect(holderAlive('garbage')).toBeUndefined()
  })
})
