// The turn-start hook: `swr hook print` gives a valid script, `install` writes only where no file
// is (an existing one is left alone and what to add is printed), and the installed script heals a
// damaged workspace quietly, skips while another turn holds its lock, and always exits 0.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { execFile, spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'
import {
  cliBundle,
  dropBundle,
  hex64,
  makeBox,
  write,
  type Box
} from '../../__fixtures__/sync-box.js'

const run = promisify(execFile)
let box: Box
let script: string

beforeAll(() => {
  box = makeBox({ SWR_HMAC_KEY: hex64('a') })
  // `swr` on PATH is the bundled CLI.
  const bin = path.join(box.base, 'bin')
  write(bin, 'swr', `#!/bin/sh\nexec "${process.execPath}" "${cliBundle().cli}" "$@"\n`)
  fs.chmodSync(path.join(bin, 'swr'), 0o755)
  box.env.PATH = `${bin}:${process.env.PATH ?? ''}`
  box.env.XDG_RUNTIME_DIR = path.join(box.base, 'run')
  fs.mkdirSync(box.env.XDG_RUNTIME_DIR, { mode: 0o700 })
  script = path.join(box.home, '.config', 'swr', 'turn-start.sh')
})
afterAll(() => {
  box.cleanup()
  dropBundle()
})

describe('swr hook', () => {
  it('prints a script sh accepts, and the snippets for claude-code and codex', async () => {
    const bash = await box.cli(['hook', 'print', 'bash'])
    expect(bash.code).toBe(0)
    expect(bash.stdout).toMatch(/^#!\/bin\/sh\n/)
    expect(bash.stdout).toMatch(/flock -n 9/)
    expect(bash.stdout).toMatch(/timeout -k 5/)
    await run('sh', ['-n', '-c', bash.stdout])
    const claude = await box.cli(['hook', 'print', 'claude-code'])
    const settings = JSON.parse(claude.stdout) as {
      hooks: { UserPromptSubmit: { hooks: { command: string; timeout: number }[] }[] }
    }
    expect(settings.hooks.UserPromptSubmit[0]?.hooks[0]?.command).toBe(`sh ${script}`)
    expect((await box.cli(['hook', 'print', 'codex'])).stdout).toContain(`sh ${script}`)
    expect((await box.cli(['hook', 'print', 'fish'])).code).toBe(4)
  })

  it('installs where no file is, never over an existing one', async () => {
    const first = await box.cli(['hook', 'install', 'bash'])
    expect(first.code).toBe(0)
    expect(fs.readFileSync(script, 'utf8')).toBe((await box.cli(['hook', 'print'])).stdout)
    expect(fs.readFileSync(path.join(box.home, '.bashrc'), 'utf8')).toContain(script)
    const again = await box.cli(['hook', 'install', 'bash'])
    expect(again.code).toBe(0)
    expect(again.stdout).toMatch(/kept .*already set up/)

    const settings = write(box.ws, '.claude/settings.json', '{"model":"x"}\n')
    const refused = await box.cli(['hook', 'install', 'claude-code'])
    expect(refused.code).toBe(2)
    expect(refused.stderr).toMatch(/settings\.json exists and is left as it is; add this to it:/)
    expect(refused.stderr).toContain('UserPromptSubmit')
    expect(fs.readFileSync(settings, 'utf8')).toBe('{"model":"x"}\n')
    const codex = await box.cli(['hook', 'install', 'codex'])
    expect(codex.code).toBe(0)
    expect(fs.readFileSync(path.join(box.ws, 'AGENTS.md'), 'utf8')).toContain(script)

    fs.writeFileSync(script, '# mine\n')
    const clash = await box.cli(['hook', 'install', 'bash'])
    expect(clash.code).toBe(2)
    expect(fs.readFileSync(script, 'utf8')).toBe('# mine\n')
    fs.rmSync(script)
    expect((await box.cli(['hook', 'install', 'bash'])).code).toBe(0)
  })

  it('quotes a hostile XDG_CONFIG_HOME as one word: the snippets run the script, nothing else', async () => {
    const marker = path.join(box.base, 'pwned')
    const ran = path.join(box.base, 'script-ran')
    const home = path.join(box.base, 'hostile-home')
    const config = path.join(
      home,
      `c $(touch ${marker}) \`touch ${marker}\` '"; touch ${marker}; "`
    )
    fs.mkdirSync(config, { recursive: true })
    const ws = path.join(box.base, 'hostile-ws')
    fs.mkdirSync(ws)
    const env = { HOME: home, XDG_CONFIG_HOME: config }
    for (const target of ['bash', 'claude-code']) {
      const r = await run(process.execPath, [cliBundle().cli, 'hook', 'install', target], {
        cwd: ws,
        env: { ...box.env, ...env }
      })
      expect(r.stderr).toBe('')
    }
    const installed = path.join(config, 'swr', 'turn-start.sh')
    fs.writeFileSync(installed, `touch '${ran}'\n`)
    await run('bash', ['-c', fs.readFileSync(path.join(home, '.bashrc'), 'utf8')], { cwd: ws })
    expect(fs.existsSync(ran)).toBe(true)
    fs.rmSync(ran)
    const settings = JSON.parse(
      fs.readFileSync(path.join(ws, '.claude', 'settings.json'), 'utf8')
    ) as { hooks: { UserPromptSubmit: { hooks: { command: string }[] }[] } }
    await run('sh', ['-c', settings.hooks.UserPromptSubmit[0]?.hooks[0]?.command ?? ''], {
      cwd: ws
    })
    expect(fs.existsSync(ran)).toBe(true)
    expect(fs.existsSync(marker)).toBe(false)

    const newline = path.join(box.base, 'nl\nhome')
    const refused = await box.cli(['hook', 'install', 'bash'], {
      HOME: newline,
      XDG_CONFIG_HOME: ''
    })
    expect(refused.code).toBe(4)
    expect(refused.stderr.trim().split('\n')).toHaveLength(1)
    expect(refused.stderr).toMatch(/control character/)
    expect(fs.existsSync(newline)).toBe(false)
  })

  it('heals the workspace quietly, and skips while another run holds the lock', async () => {
    write(box.ws, 'etc/a.conf', 'x = 1\n')
    expect((await box.cli(['add', 'etc/a.conf', '--id', 'conf'])).code).toBe(0)
    expect((await box.cli(['escrow', '--only', 'conf'])).code).toBe(0)
    fs.rmSync(path.join(box.ws, 'etc/a.conf'))
    const opts = { cwd: box.ws, env: box.env }
    const healed = await run('sh', [script], opts)
    expect(healed.stdout).toBe('')
    expect(fs.readFileSync(path.join(box.ws, 'etc/a.conf'), 'utf8')).toBe('x = 1\n')
    const dir = fs.readdirSync(box.env.XDG_RUNTIME_DIR ?? '').find(n => n.startsWith('swr-hook-'))
    const hookDir = path.join(box.env.XDG_RUNTIME_DIR ?? '', dir ?? '')
    expect(fs.statSync(hookDir).mode & 0o777).toBe(0o700)
    expect(fs.statSync(path.join(hookDir, 'last.log')).mode & 0o077).toBe(0)

    // Another turn holds the lock: this one skips at once, leaving the damage for that run.
    fs.rmSync(path.join(box.ws, 'etc/a.conf'))
    const holder = spawn('flock', ['-o', path.join(hookDir, 'lock'), 'sleep', '20'], {
      stdio: 'ignore'
    })
    await new Promise(r => setTimeout(r, 300))
    const t0 = Date.now()
    try {
      await run('sh', [script], opts)
      expect(Date.now() - t0).toBeLessThan(2000)
      expect(fs.existsSync(path.join(box.ws, 'etc/a.conf'))).toBe(false)
    } finally {
      // The lock is free only once the holder is gone: SIGKILL is delivered, not waited for.
      const gone = new Promise(r => holder.once('close', r))
      holder.kill('SIGKILL')
      await gone
    }
    // A damage doctor cannot heal: one line, exit 0, within the time limit.
    fs.rmSync(path.join(box.ws, '.swr', 'manifest.json'))
    write(box.ws, '.swr/manifest.json', '{ not json')
    const broken = await run('sh', [script], {
      ...opts,
      env: { ...box.env, SWR_HOOK_TIMEOUT: '5' }
    })
    expect(broken.stdout).toMatch(
      /^swr: the workspace is not healthy after the turn-start repair; see .*last\.log\n$/
    )
  })
})
