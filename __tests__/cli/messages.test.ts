/**
 * Messages that name the right cause, through the bundled CLI: a manifest path typed absolute
 * comes back absolute; after a recipe failed, the re-check names what failed instead of sending
 * the reader to the restore that just ran; an unsigned manifest whose plan holds no recipe is not
 * said to be refused recipes (and its code-free sources still wait for the gate, as documented);
 * colour follows FORCE_COLOR, CLICOLOR_FORCE and a non-empty NO_COLOR; `--require`'s help says
 * why its default differs from the Action's.
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { ROOT } from '../../__fixtures__/action.js'
import { hmacHex } from '../../__fixtures__/keys.js'
import { add, makeWorkspace, modeOf, write, type Workspace } from '../../__fixtures__/workspace.js'

const CLI = path.join(ROOT, 'dist', 'cli', 'index.js')
const KEY = hmacHex('messages')
let ws: Workspace

beforeEach(() => {
  ws = makeWorkspace()
})
afterEach(() => ws.cleanup())

function swr(
  args: string[],
  env: NodeJS.ProcessEnv = {},
  cwd = ws.root
): { status: number | null; stdout: string; stderr: string } {
  return spawnSync(process.execPath, [CLI, ...args], {
    cwd,
    env: { PATH: process.env.PATH, HOME: ws.home, SWR_STATE_DIR: ws.stateDir, ...env },
    encoding: 'utf8'
  })
}

// eslint-disable-next-line no-control-regex -- the escape itself, as a terminal receives it
const ANSI = /\x1b\[/

describe('a manifest path typed absolute', () => {
  it('comes back as typed, not as ../../..', () => {
    const deep = path.join(ws.root, 'a', 'b', 'c', 'd')
    fs.mkdirSync(deep, { recursive: true })
    const r = swr(['check', '-m', '/nonexistent-swr-test/m.json'], { NO_COLOR: '1' }, deep)
    expect(r.status).toBe(4)
    expect(r.stderr).toBe(
      'swr: /nonexistent-swr-test/m.json: no such manifest (run "swr init" or "swr add PATH")\n'
    )
  })
})

describe('doctor after a recipe failed', () => {
  it('names the entry and the failed source instead of suggesting swr restore again', async () => {
    write(ws.root, 'out/app.txt', 'built\n')
    await add(
      { ...ws, env: { SWR_HMAC_KEY: KEY } },
      'out/app.txt',
      '--id',
      'app',
      '--restore',
      'exit 3'
    )
    fs.rmSync(path.join(ws.root, 'out/app.txt'))
    const r = swr(['doctor'], { SWR_HMAC_KEY: KEY, NO_COLOR: '1' })
    expect(r.status).not.toBe(0)
    const recheck = r.stdout.slice(r.stdout.indexOf('== re-check =='))
    expect(recheck).toMatch(/^not healed: app \(recipe\): each source tried failed/m)
    expect(recheck).not.toMatch(/swr restore/)
  })
})

describe('an unsigned manifest whose plan holds no recipe', () => {
  it('is refused for what it is: its code-free sources wait for the gate too', async () => {
    write(ws.root, 'bin/run.sh', '#!/bin/sh\n', 0o755)
    await add(ws, 'bin/run.sh', '--id', 'run')
    fs.chmodSync(path.join(ws.root, 'bin/run.sh'), 0o644)
    const r = swr(['doctor'], { NO_COLOR: '1' })
    expect(r.status).toBe(2)
    expect(r.stderr).not.toMatch(/restore recipes|its recipes are code/)
    expect(r.stderr).toMatch(
      /^swr: refusing to restore from a manifest this run does not trust: .+; its modes source runs no manifest code, but places what its record names, so it waits for the signature too$/m
    )
    // As docs/security.md says: the modes are only as good as the record; nothing was changed.
    expect(modeOf(path.join(ws.root, 'bin/run.sh'))).toBe(0o644)
  })
})

describe('colour', () => {
  beforeEach(async () => {
    write(ws.root, 'a.txt', 'a\n')
    await add(ws, 'a.txt', '--id', 'a')
    fs.rmSync(path.join(ws.root, 'a.txt'))
  })

  it.each([
    [{ FORCE_COLOR: '1' }, true],
    [{ CLICOLOR_FORCE: '1' }, true],
    [{ FORCE_COLOR: '1', NO_COLOR: '1' }, true],
    [{ FORCE_COLOR: '0' }, false],
    [{ CLICOLOR_FORCE: '0' }, false],
    [{}, false]
  ])('into a pipe with %j: colour %s', (env, colour) => {
    const r = swr(['check'], env)
    expect(r.status).toBe(1)
    expect(ANSI.test(r.stdout)).toBe(colour)
  })

  it('--no-color wins over FORCE_COLOR', () => {
    expect(ANSI.test(swr(['check', '--no-color'], { FORCE_COLOR: '1' }).stdout)).toBe(false)
  })

  // A terminal through script(1): an empty NO_COLOR is not set (no-color.org), a non-empty one is.
  const onTty = (noColor: string): string => {
    const r = spawnSync('script', ['-qec', `"${process.execPath}" "${CLI}" check`, '/dev/null'], {
      cwd: ws.root,
      env: {
        PATH: process.env.PATH,
        HOME: ws.home,
        SWR_STATE_DIR: ws.stateDir,
        TERM: 'xterm',
        NO_COLOR: noColor
      },
      encoding: 'utf8'
    })
    return r.stdout
  }
  const haveScript = spawnSync('script', ['--version']).status === 0

  ;(haveScript ? it : it.skip)(
    'on a terminal: an empty NO_COLOR colours, NO_COLOR=1 does not',
    () => {
      expect(onTty('')).toMatch(/MISSING/)
      expect(ANSI.test(onTty(''))).toBe(true)
      expect(ANSI.test(onTty('1'))).toBe(false)
    }
  )
})

describe('--require', () => {
  it("says in its help why its default differs from the Action's", () => {
    const r = swr(['doctor', '--help'], { NO_COLOR: '1' })
    expect(r.stdout.replace(/\s+/g, ' ')).toMatch(
      /--require <kinds>.*default: \$SWR_REQUIRE or any: here the HMAC key is your own; the Action defaults to mldsa/
    )
  })
})
