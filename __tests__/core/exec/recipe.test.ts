/**
 * The recipe runner with real shells and real processes: the minimal environment, scrubbing of
 * secret values and token shapes, the process group stopped as a whole (timeout, abort, and
 * whatever a finished recipe left in the background), and the bounded output kept for the report.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import path from 'node:path'
import {
  groupMembers,
  isGone,
  killGroup,
  q,
  waitForPid,
  waitGone,
  waitGroupGone
} from '../../../__fixtures__/repair.js'
import { makeWorkspace, type Workspace } from '../../../__fixtures__/workspace.js'
import {
  describeResult,
  minimalEnv,
  runRecipe,
  type RecipeResult,
  type RecipeSpec,
  type RunHooks
} from '../../../src/core/exec/recipe.js'
import { makeScrubber, MASK } from '../../../src/core/exec/scrub.js'

let ws: Workspace
/** Pids a test started; killed at the end whatever happened, so nothing outlives a failure. */
const started: number[] = []

beforeEach(() => {
  ws = makeWorkspace()
})

afterEach(() => {
  for (const pid of started.splice(0)) {
    killGroup(pid)
    try {
      process.kill(pid, 'SIGKILL')
    } catch {
      // Gone.
    }
  }
  ws.cleanup()
})

const CALLER_ENV = {
  PATH: process.env.PATH ?? '/usr/bin:/bin',
  HOME: '/home/recipe-test',
  LANG: 'C.UTF-8',
  TMPDIR: '/tmp',
  SWR_TEST_SECRET: 'swr-test-secret-value-42',
  UNRELATED: 'unrelated-value'
}

function spec(command: string, over: Partial<RecipeSpec> = {}): RecipeSpec {
  return {
    id: 'r',
    command,
    shell: ['bash', '-c'],
    cwd: ws.root,
    env: minimalEnv(CALLER_ENV, []),
    timeoutMs: 20_000,
    ...over
  }
}

/** Run a recipe, collecting the streamed lines. */
async function recipe(
  command: string,
  over: Partial<RecipeSpec> = {},
  hooks: Partial<RunHooks> = {}
): Promise<RecipeResult & { lines: string[]; elapsed: number }> {
  const lines: string[] = []
  const t = performance.now()
  const r = await runRecipe(spec(command, over), {
    scrub: makeScrubber([]),
    onLine: (_id, line) => lines.push(line),
    ...hooks
  })
  return { ...r, lines, elapsed: performance.now() - t }
}

/** The environment a recipe saw, from the output of `env`. */
function parseEnv(output: string): Record<string, string> {
  const out: Record<string, string> = {}
  for (const line of output.split('\n')) {
    const eq = line.indexOf('=')
    if (eq > 0) out[line.slice(0, eq)] = line.slice(eq + 1)
  }
  return out
}

const pidFile = (): string => path.join(ws.outside, 'pid')

describe('environment', () => {
  it('minimalEnv keeps PATH, HOME, LANG, TMPDIR and the named variables only', () => {
    expect(minimalEnv(CALLER_ENV, [])).toEqual({
      PATH: CALLER_ENV.PATH,
      HOME: CALLER_ENV.HOME,
      LANG: CALLER_ENV.LANG,
      TMPDIR: CALLER_ENV.TMPDIR
    })
    expect(minimalEnv(CALLER_ENV, ['SWR_TEST_SECRET', 'NOT_SET']).SWR_TEST_SECRET).toBe(
      CALLER_ENV.SWR_TEST_SECRET
    )
    expect(minimalEnv(CALLER_ENV, ['SWR_TEST_SECRET', 'NOT_SET'])).not.toHaveProperty('NOT_SET')
  })

  it('without PATH in the caller environment, a safe default PATH is given', () => {
    expect(minimalEnv({ HOME: '/h' }, [])).toEqual({
      HOME: '/h',
      PATH: '/usr/local/bin:/usr/bin:/bin'
    })
  })

  it('a caller variable is absent from the recipe unless named; the base four are passed', async () => {
    const r = await recipe('env')
    expect(r.exitCode).toBe(0)
    const seen = parseEnv(r.output)
    expect(seen).not.toHaveProperty('SWR_TEST_SECRET')
    expect(seen).not.toHaveProperty('UNRELATED')
    expect(r.output).not.toContain(CALLER_ENV.SWR_TEST_SECRET)
    expect(seen.PATH).toBe(CALLER_ENV.PATH)
    expect(seen.HOME).toBe(CALLER_ENV.HOME)
    expect(seen.LANG).toBe(CALLER_ENV.LANG)
    expect(seen.TMPDIR).toBe(CALLER_ENV.TMPDIR)
    // The real process environment (jest's) does not leak in either.
    process.env.SWR_TEST_LEAK_CHECK = 'from-the-parent-process'
    try {
      const again = await recipe('env')
      expect(again.output).not.toContain('from-the-parent-process')
    } finally {
      delete process.env.SWR_TEST_LEAK_CHECK
    }
  })

  it('a named variable is passed', async () => {
    const r = await recipe('echo "got=$SWR_TEST_SECRET"', {
      env: minimalEnv(CALLER_ENV, ['SWR_TEST_SECRET'])
    })
    expect(r.lines).toEqual([`got=${CALLER_ENV.SWR_TEST_SECRET}`])
  })

  it('runs in the workspace, through the given shell argv, with the exit code reported', async () => {
    const r = await recipe('pwd; exit 7')
    expect(r.lines).toEqual([ws.root])
    expect(r.exitCode).toBe(7)
    expect(r.signal).toBeNull()
    expect(describeResult(r, 20_000)).toMatch(/^exit 7 in \d+\.\d s$/)
    const sh = await recipe('echo "$0"', { shell: ['sh', '-c'] })
    expect(sh.lines).toEqual(['sh'])
  })

  it('a shell that cannot start is exit 127 with a line saying so', async () => {
    const r = await recipe('true', { shell: [path.join(ws.outside, 'no-such-shell'), '-c'] })
    expect(r.exitCode).toBe(127)
    expect(r.output).toMatch(/cannot start .*no-such-shell/)
  })
})

describe('scrubbing', () => {
  const SECRET = 's3cr3t-value-123'

  it('a secret_env value is masked in every streamed line and in the kept output', async () => {
    const r = await recipe(
      [
        'echo "token is $MY_TOKEN"',
        'echo "$MY_TOKEN"',
        'echo "prefix${MY_TOKEN}suffix twice:$MY_TOKEN"',
        'printf "no newline at the end: %s" "$MY_TOKEN"'
      ].join('\n'),
      { env: { ...minimalEnv(CALLER_ENV, []), MY_TOKEN: SECRET } },
      { scrub: makeScrubber([SECRET]) }
    )
    expect(r.exitCode).toBe(0)
    expect(r.lines).toEqual([
      `token is ${MASK}`,
      MASK,
      `prefix${MASK}suffix twice:${MASK}`,
      `no newline at the end: ${MASK}`
    ])
    expect(r.output).not.toContain(SECRET)
  })

  it('a secret on stderr is masked too', async () => {
    const r = await recipe(
      'echo "error: bad token $MY_TOKEN" >&2; exit 1',
      { env: { ...minimalEnv(CALLER_ENV, []), MY_TOKEN: SECRET } },
      { scrub: makeScrubber([SECRET]) }
    )
    expect(r.exitCode).toBe(1)
    expect(r.lines).toEqual([`error: bad token ${MASK}`])
    expect(r.output).not.toContain(SECRET)
  })

  it('stdout and stderr are split into lines separately: a stderr line cannot cut a stdout line (and its secret) in two', async () => {
    // stdout writes one line in two pieces; a stderr line arrives between them.
    const r = await recipe(
      [
        `printf 'key=%s' "\${MY_TOKEN%%-*}-"`,
        'sleep 0.3',
        'echo warming-up >&2',
        'sleep 0.3',
        `echo "\${MY_TOKEN#*-}"`
      ].join('\n'),
      { env: { ...minimalEnv(CALLER_ENV, []), MY_TOKEN: SECRET } },
      { scrub: makeScrubber([SECRET]) }
    )
    expect(r.exitCode).toBe(0)
    expect(r.output).not.toContain('s3cr3t')
    expect([...r.lines].sort()).toEqual([`key=${MASK}`, 'warming-up'])
  })

  it('token shapes are masked without being declared', async () => {
    const ghp = 'ghp_' + 'A1b2C3d4E5'.repeat(3) + 'xYz789'
    expect(ghp).toHaveLength(40)
    const aws = 'AKIA' + 'ABCDEFGHIJ234567'
    const url = 'https://deploy:hunter2-password@git.example.com/repo.git'
    const r = await recipe(`echo "clone with ${ghp}"; echo "key ${aws}"; echo "${url}"`)
    expect(r.output).not.toContain(ghp)
    expect(r.output).not.toContain('A1b2C3d4E5')
    expect(r.output).not.toContain(aws)
    expect(r.output).not.toContain('hunter2-password')
    expect(r.lines).toEqual([
      `clone with ${MASK}`,
      `key ${MASK}`,
      `https://deploy:${MASK}@git.example.com/repo.git`
    ])
  })
})

describe('stopping the whole process group', () => {
  const SLEEPER = (file: string): string => `sleep 300 & echo $! > ${q(file)}; wait`

  it('a timeout kills the recipe and its grandchild', async () => {
    const t = performance.now()
    const run = recipe(SLEEPER(pidFile()), { timeoutMs: 1000 })
    const pid = await waitForPid(pidFile())
    started.push(pid)
    expect(isGone(pid)).toBe(false)
    const r = await run
    expect(r.timedOut).toBe(true)
    expect(r.interrupted).toBe(false)
    expect(r.exitCode).toBeNull()
    expect(r.signal).toBe('SIGTERM')
    expect(describeResult(r, 1000)).toBe('timed out after 1 s (process group killed)')
    expect(performance.now() - t).toBeLessThan(5000)
    expect(await waitGone(pid, 5000)).toBe(true)
  })

  it('a grandchild that ignores SIGTERM is killed after the grace period', async () => {
    const r = recipe(
      `(trap '' TERM; exec sleep 300) & echo $! > ${q(pidFile())}; trap '' TERM; wait`,
      { timeoutMs: 500, graceMs: 500 }
    )
    const pid = await waitForPid(pidFile())
    started.push(pid)
    const res = await r
    expect(res.timedOut).toBe(true)
    expect(res.signal).toBe('SIGKILL')
    expect(await waitGone(pid, 5000)).toBe(true)
  })

  it('an abort signal stops a running recipe and its grandchild (interrupted)', async () => {
    const ac = new AbortController()
    const run = recipe(SLEEPER(pidFile()), {}, { abort: ac.signal })
    const pid = await waitForPid(pidFile())
    started.push(pid)
    const t = performance.now()
    ac.abort()
    const r = await run
    expect(r.interrupted).toBe(true)
    expect(r.timedOut).toBe(false)
    expect(describeResult(r, 20_000)).toMatch(/^interrupted after/)
    expect(performance.now() - t).toBeLessThan(5000)
    expect(await waitGone(pid, 5000)).toBe(true)
  })

  it('an abort before the start is interrupted at once', async () => {
    const ac = new AbortController()
    ac.abort()
    const r = await recipe('sleep 30', {}, { abort: ac.signal })
    expect(r.interrupted).toBe(true)
    expect(r.ms).toBeLessThan(5000)
  })

  it('background processes left by a finished recipe are killed', async () => {
    const held = path.join(ws.outside, 'held')
    const detached = path.join(ws.outside, 'detached')
    // One keeps the output pipe open, one has let go of it.
    const r = await recipe(
      `sleep 300 & echo $! > ${q(held)}; sleep 300 >/dev/null 2>&1 & echo $! > ${q(detached)}; echo done`
    )
    const a = await waitForPid(held)
    const b = await waitForPid(detached)
    started.push(a, b)
    expect(r.exitCode).toBe(0)
    expect(r.lines).toEqual(['done'])
    expect(await waitGone(a, 5000)).toBe(true)
    expect(await waitGone(b, 5000)).toBe(true)
  })

  it('after a recipe ends, no member of its process group is left running', async () => {
    const leader = path.join(ws.outside, 'leader')
    const r = await recipe(`echo $$ > ${q(leader)}; (sleep 300 &) ; sleep 300 >/dev/null 2>&1 &`)
    const pgid = await waitForPid(leader)
    started.push(pgid)
    expect(r.exitCode).toBe(0)
    expect(await waitGroupGone(pgid, 5000)).toBe(true)
    expect(groupMembers(pgid)).toEqual([])
  })
})

describe('kept output', () => {
  const KIB64 = 64 * 1024

  it('a recipe printing 1 MB keeps at most 64 KiB (its tail), truncated, and streams every line', async () => {
    const r = await recipe(
      `for i in $(seq 1 40000); do echo "line $i of the build log......"; done | head -c 1048576; echo; echo LAST-LINE`
    )
    expect(r.exitCode).toBe(0)
    expect(r.truncated).toBe(true)
    expect(Buffer.byteLength(r.output)).toBeLessThanOrEqual(KIB64)
    expect(r.output.length).toBeGreaterThan(KIB64 / 2)
    expect(r.output.endsWith('LAST-LINE\n')).toBe(true)
    expect(r.lines.length).toBeGreaterThan(30_000)
    expect(r.lines[0]).toBe('line 1 of the build log......')
  })

  it('a single 1 MB line without newline is kept bounded too', async () => {
    const r = await recipe(`head -c 1048576 /dev/zero | tr '\\0' a`)
    expect(r.truncated).toBe(true)
    expect(Buffer.byteLength(r.output)).toBeLessThanOrEqual(KIB64)
  })

  it('short output is kept whole, not truncated', async () => {
    const r = await recipe('echo one; echo two >&2; echo three')
    expect(r.truncated).toBe(false)
    expect(r.output.split('\n').filter(Boolean).sort()).toEqual(['one', 'three', 'two'])
  })

  describe('1 MB of multi-byte UTF-8 (progress bars: "━" is 3 bytes)', () => {
    const LINE = 'a' + '━'.repeat(40)
    let r: RecipeResult & { lines: string[]; elapsed: number }
    let out: string

    beforeAll(async () => {
      const tmp = makeWorkspace()
      try {
        const lines: string[] = []
        const t = performance.now()
        const res = await runRecipe(
          {
            id: 'r',
            command: `yes ${q(LINE)} | head -n 8666`, // 8666 x 122 bytes = 1 MB
            shell: ['bash', '-c'],
            cwd: tmp.root,
            env: minimalEnv(CALLER_ENV, []),
            timeoutMs: 60_000
          },
          { scrub: makeScrubber([]), onLine: (_id, l) => lines.push(l) }
        )
        r = { ...res, lines, elapsed: performance.now() - t }
        out = res.output
      } finally {
        tmp.cleanup()
      }
    }, 60_000)

    it('keeps at most 64 KiB of bytes, not 64 Ki UTF-16 code units', () => {
      expect(r.truncated).toBe(true)
      expect(Buffer.byteLength(out)).toBeLessThanOrEqual(KIB64)
    })

    it('never splits a character where the pipe splits its chunks (no U+FFFD)', () => {
      expect(r.lines).toHaveLength(8666)
      expect(r.lines.filter(l => l !== LINE)).toEqual([])
      expect(out).not.toContain('\uFFFD')
    })

    it('takes well under 3 s (keeping the tail must not cost O(64 KiB) per line)', () => {
      expect(r.elapsed).toBeLessThan(3000)
    })
  })
})
