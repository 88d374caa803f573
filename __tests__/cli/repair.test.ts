/**
 * `swr restore` and `swr doctor` end to end: real workspaces captured with `swr add`, real damage,
 * manifests signed with an HMAC key (SWR_HMAC_KEY), recipes that are real shell commands leaving
 * traces (a log of ids, pid files, markers). In-process through `run` where no signal is involved;
 * the bundled CLI (dist/cli/index.js) as child processes for SIGTERM, kill -9 and concurrency.
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { editAndApprove, hmacHex, readDoc } from '../../__fixtures__/keys.js'
import {
  filesWithContent,
  groupMembers,
  isGone,
  killGroup,
  linesOf,
  q,
  repairJson,
  spawnSwr,
  waitForPid,
  waitGone,
  sleep,
  waitGroupGone,
  waitUntil
} from '../../__fixtures__/repair.js'
import {
  add,
  checkJson,
  makeWorkspace,
  run,
  write,
  type RunOptions,
  type Workspace
} from '../../__fixtures__/workspace.js'
import { captureEscrow } from '../../src/core/capture/escrow.js'
import { openJournal } from '../../src/core/state/journal.js'
import type { FileEntry } from '../../src/core/types.js'

const KEY = hmacHex('repair-tests')

let ws: Workspace
/** Options for every run: the fixture's workspace with the signing key in the environment. */
let keyed: RunOptions & { manifestFile: string }
/** Process groups and pids a test started; killed at the end whatever happened. */
const started: number[] = []

beforeEach(() => {
  ws = makeWorkspace()
  keyed = { ...ws, env: { SWR_HMAC_KEY: KEY } }
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

const LOG = (): string => path.join(ws.outside, 'log')
const out = (name: string): string => path.join(ws.outside, name)

/** Content of the file entry `id` (at f/<id>.txt). */
const body = (id: string): string => `content of ${id}\n`
const rel = (id: string): string => `f/${id}.txt`

/** A recipe that logs `id` and then recreates f/<id>.txt exactly. */
function fixRecipe(id: string, before = ''): string {
  return `${before}echo ${id} >> ${q(LOG())}; mkdir -p f; printf %s ${q(body(id))} > ${rel(id)}; chmod 644 ${rel(id)}`
}

/** Track f/<id>.txt with `swr add` (signed: the key is present) and the given flags. */
async function track(id: string, ...flags: string[]): Promise<void> {
  write(ws.root, rel(id), body(id), 0o644)
  await add(keyed, rel(id), '--id', id, ...flags)
}

const damage = (id: string): void => fs.rmSync(path.join(ws.root, rel(id)), { force: true })

async function healthy(): Promise<boolean> {
  const c = await checkJson(keyed, '--no-cache')
  return c.report.verdict === 'healthy'
}

describe('restore order, skips, refusals', () => {
  it('runs tiers in order, a tier-1 entry that needs a tier-2 entry after it', async () => {
    await track('t4', '--tier', '4', '--restore', fixRecipe('t4'))
    await track('t2', '--tier', '2', '--restore', fixRecipe('t2'))
    await track('t1', '--tier', '1', '--needs', 't2', '--restore', fixRecipe('t1'))
    await track('t0', '--tier', '0', '--restore', fixRecipe('t0'))
    for (const id of ['t0', 't1', 't2', 't4']) damage(id)
    const r = await run(['restore'], keyed)
    expect(r.stderr).toBe('')
    expect(r.code).toBe(0)
    expect(linesOf(LOG())).toEqual(['t0', 't2', 't1', 't4'])
    expect(await healthy()).toBe(true)
  })

  it('a healthy dependency is not re-run', async () => {
    await track('dep', '--tier', '2', '--restore', fixRecipe('dep'))
    await track('user', '--tier', '1', '--needs', 'dep', '--restore', fixRecipe('user'))
    damage('user')
    const r = await run(['restore'], keyed)
    expect(r.code).toBe(0)
    expect(linesOf(LOG())).toEqual(['user'])
  })

  it('a dependent of a failed recipe is skipped, not attempted: exit 2', async () => {
    const marker = out('dependent-ran')
    await track('dep', '--tier', '2', '--restore', 'echo dep failing; exit 1')
    await track('user', '--tier', '1', '--needs', 'dep', '--restore', `touch ${q(marker)}`)
    damage('dep')
    damage('user')
    const r = await repairJson(keyed, 'restore')
    expect(r.code).toBe(2)
    const steps = Object.fromEntries(r.report.repair.steps.map(s => [s.id, s]))
    expect(steps.dep?.outcome).toBe('failed')
    expect(steps.dep?.detail).toMatch(/exit 1/)
    expect(steps.user?.outcome).toBe('skipped')
    expect(steps.user?.detail).toBe('dependency failed: dep')
    expect(steps.user?.recipe).toBeUndefined()
    expect(fs.existsSync(marker)).toBe(false)
    expect(r.report.repair.outcome).toBe('unrepairable')
    expect(r.report.repair.exit_code).toBe(2)
    expect(r.report.results.find(f => f.id === 'user')?.status).toBe('SKIPPED')
  })

  it('a dependency cycle is refused when the manifest is loaded: exit 4 naming the cycle', async () => {
    const marker = out('cycle-ran')
    const entry = (id: string, needs: string): FileEntry => ({
      id,
      kind: 'file',
      path: rel(id),
      tier: 1,
      needs: [needs],
      restore: `touch ${q(marker)}`,
      expect: { size: 1, sha256: 'a'.repeat(64), mode: '0644' }
    })
    fs.mkdirSync(path.dirname(ws.manifestFile), { recursive: true })
    fs.writeFileSync(
      ws.manifestFile,
      JSON.stringify(
        {
          body: {
            schema: 3,
            version: 1,
            workspace: '..',
            created: '2025-01-01T00:00:00Z',
            entries: [entry('a', 'b'), entry('b', 'a')]
          },
          signatures: []
        },
        null,
        2
      )
    )
    for (const mode of ['restore', 'doctor']) {
      const r = await run([mode], keyed)
      expect(r.code).toBe(4)
      expect(r.stderr).toMatch(/dependency cycle: (a -> b -> a|b -> a -> b)/)
    }
    expect(fs.existsSync(marker)).toBe(false)
  })

  it('a recipe that succeeds without fixing its entry: exit 3, still-damaged', async () => {
    await track('lazy', '--restore', 'echo pretending to fix')
    damage('lazy')
    const r = await repairJson(keyed, 'restore')
    expect(r.code).toBe(3)
    expect(r.report.repair.steps[0]?.outcome).toBe('still-damaged')
    expect(r.report.repair.steps[0]?.detail).toMatch(/exit 0 .*but still MISSING/)
    expect(r.report.repair.outcome).toBe('still-damaged')
    expect(r.report.repair.exit_code).toBe(3)
  })

  it('a recipe that damages another entry: restore and doctor exit 3 and name it as collateral', async () => {
    await track('victim')
    // Heals its own entry, and truncates the victim on the way.
    await track('clumsy', '--restore', fixRecipe('clumsy', `: > ${rel('victim')}; `))
    for (const mode of ['restore', 'doctor'] as const) {
      write(ws.root, rel('victim'), body('victim'), 0o644)
      damage('clumsy')
      const r = await repairJson(keyed, mode)
      expect({ mode, code: r.code }).toEqual({ mode, code: 3 })
      expect(r.report.repair.steps.map(s => [s.id, s.outcome])).toEqual([['clumsy', 'repaired']])
      expect(r.report.repair.outcome).toBe('still-damaged')
      expect(r.report.verdict).toBe('damaged')
      expect(r.report.results.find(f => f.id === 'victim')?.status).toBe('CORRUPT')
      expect(r.report.repair.collateral).toEqual([
        {
          id: 'victim',
          status: 'CORRUPT',
          detail: expect.stringMatching(/^0 bytes/),
          after: ['clumsy']
        }
      ])
    }
    write(ws.root, rel('victim'), body('victim'), 0o644)
    damage('clumsy')
    const text = await run(['restore'], keyed)
    expect(text.code).toBe(3)
    expect(text.stdout).toMatch(
      /^collateral victim is CORRUPT after the recipe of clumsy ran: 0 bytes/m
    )
    expect(text.stdout).not.toMatch(/re-check ==\n.*\d+\/\d+ healthy {2}/)
  })

  it('--resume continues a run that was interrupted before any entry was repaired', async () => {
    await track('again', '--restore', fixRecipe('again'))
    damage('again')
    const digest = (await checkJson(keyed)).report.manifest.digest
    // What an interrupted run leaves: its header and one interrupted step, no "finished" mark.
    const journal = openJournal(keyed.stateDir, ws.root, digest, new Date(), false)
    journal.append({ id: 'again', outcome: 'interrupted', at: new Date().toISOString() })
    const r = await run(['doctor', '--resume'], keyed)
    expect(r.stdout).toContain(
      'resuming: the interrupted run repaired no entry yet; its steps run again'
    )
    expect(r.stdout).not.toContain('no interrupted restore')
    expect(r.code).toBe(0)
    // That run finished: the next --resume has nothing to continue.
    damage('again')
    const again = await run(['doctor', '--resume'], keyed)
    expect(again.stdout).toContain('resume: no interrupted restore of this manifest to continue')
  })

  it('an entry without recipe or escrow is unrepairable: exit 2', async () => {
    await track('bare')
    damage('bare')
    const r = await repairJson(keyed, 'doctor')
    expect(r.code).toBe(2)
    expect(r.report.repair.steps[0]?.outcome).toBe('unrepairable')
    expect(r.report.repair.outcome).toBe('unrepairable')
  })

  it('an unsigned manifest is refused (exit 2) and its recipe does not run', async () => {
    const marker = out('unsigned-ran')
    write(ws.root, rel('x'), body('x'), 0o644)
    await add(ws, rel('x'), '--id', 'x', '--restore', `touch ${q(marker)}; ${fixRecipe('x')}`)
    expect(readDoc(ws.manifestFile).signatures).toEqual([])
    damage('x')
    const plain = await run(['restore'], ws)
    expect(plain.code).toBe(2)
    expect(plain.stderr).toMatch(/refusing to run restore recipes/)
    // A key at hand does not make an unsigned manifest acceptable.
    const withKey = await repairJson(keyed, 'doctor')
    expect(withKey.code).toBe(2)
    expect(withKey.report.repair.outcome).toBe('refused')
    expect(withKey.report.repair.gate?.allowed).toBe(false)
    expect(withKey.report.repair.steps).toEqual([])
    expect(fs.existsSync(marker)).toBe(false)
    expect(fs.existsSync(LOG())).toBe(false)
  })

  it('a manifest edited after signing is refused until re-approved', async () => {
    const marker = out('tampered-ran')
    await track('x', '--restore', fixRecipe('x'))
    const doc = readDoc(ws.manifestFile)
    ;(doc.body.entries[0] as FileEntry).restore = `touch ${q(marker)}`
    fs.writeFileSync(ws.manifestFile, JSON.stringify(doc, null, 2))
    damage('x')
    const r = await run(['doctor'], keyed)
    expect(r.code).toBe(2)
    expect(fs.existsSync(marker)).toBe(false)
  })

  it('--dry-run prints the plan with reasons and runs nothing: exit 1', async () => {
    await track('dep', '--tier', '2', '--restore', fixRecipe('dep'))
    await track('user', '--tier', '1', '--needs', 'dep', '--restore', fixRecipe('user'))
    damage('dep')
    damage('user')
    for (const mode of ['restore', 'doctor']) {
      const r = await run([mode, '--dry-run'], keyed)
      expect(r.code).toBe(1)
      expect(r.stdout).toContain('== plan ==')
      expect(r.stdout).toMatch(/\[1\/2\] tier 2 dep <- recipe/)
      expect(r.stdout).toMatch(/\[2\/2\] tier 1 user <- recipe after dep/)
      expect(r.stdout).toMatch(/MISSING/)
      expect(r.stdout).not.toContain('== restore ==')
    }
    const j = await repairJson(keyed, 'restore', '--dry-run')
    expect(j.code).toBe(1)
    expect(j.report.repair.dry_run).toBe(true)
    expect(j.report.repair.outcome).toBe('damaged')
    expect(j.report.repair.steps).toEqual([])
    expect(j.report.repair.plan.flat().map(s => [s.id, s.reason.split(':')[0]])).toEqual([
      ['dep', 'MISSING'],
      ['user', 'MISSING']
    ])
    expect(fs.existsSync(LOG())).toBe(false)
    expect(fs.existsSync(path.join(ws.root, rel('dep')))).toBe(false)
  })

  it('doctor heals (exit 0); a second doctor reports healthy and runs nothing', async () => {
    await track('a', '--tier', '1', '--restore', fixRecipe('a'))
    await track('b', '--tier', '2', '--restore', fixRecipe('b'))
    damage('a')
    fs.chmodSync(path.join(ws.root, rel('b')), 0o600)
    fs.appendFileSync(path.join(ws.root, rel('b')), 'corrupted')
    const first = await run(['doctor'], keyed)
    expect(first.code).toBe(0)
    expect(first.stdout).toContain('== restore ==')
    expect(first.stdout).toMatch(/repaired\s+a/)
    expect(first.stdout).toMatch(/repaired\s+b/)
    expect(linesOf(LOG())).toEqual(['a', 'b'])
    const second = await run(['doctor'], keyed)
    expect(second.code).toBe(0)
    expect(second.stdout).not.toContain('== restore ==')
    expect(second.stdout).toMatch(/2\/2 healthy/)
    expect(linesOf(LOG())).toEqual(['a', 'b'])
    const j = await repairJson(keyed, 'doctor')
    expect(j.code).toBe(0)
    expect(j.report.repair.outcome).toBe('healthy')
    expect(j.report.repair.steps).toEqual([])
  })

  it('--json: the report has repair.plan, repair.steps and repair.outcome', async () => {
    await track('a', '--tier', '1', '--restore', fixRecipe('a'))
    damage('a')
    const r = await repairJson(keyed, 'doctor')
    expect(r.code).toBe(0)
    expect(r.stderr).toBe('')
    const rep = r.report.repair
    expect(rep.mode).toBe('doctor')
    expect(rep.dry_run).toBe(false)
    expect(rep.plan).toEqual([
      [expect.objectContaining({ id: 'a', source: 'recipe', tier: 1, after: [] })]
    ])
    expect(rep.steps).toHaveLength(1)
    expect(rep.steps[0]).toMatchObject({ id: 'a', source: 'recipe', outcome: 'repaired' })
    expect(rep.steps[0]?.recipe?.exitCode).toBe(0)
    expect(rep.steps[0]?.after?.status).toBe('OK')
    expect(rep.outcome).toBe('repaired')
    expect(rep.exit_code).toBe(0)
    expect(rep.gate?.allowed).toBe(true)
    expect(rep.before.summary.entries).toBe(1)
    expect(r.report.verdict).toBe('healthy')
  })

  it('escrow is used before the recipe', async () => {
    const marker = out('recipe-ran')
    await track('conf', '--restore', `touch ${q(marker)}`)
    const escrow = await captureEscrow(
      ws.root,
      readDoc(keyed.manifestFile).body.entries[0] as FileEntry
    )
    await editAndApprove(keyed, doc => {
      ;(doc.body.entries[0] as FileEntry).escrow = escrow
    })
    damage('conf')
    const r = await repairJson(keyed, 'doctor')
    expect(r.code).toBe(0)
    expect(r.report.repair.steps[0]).toMatchObject({ source: 'escrow', outcome: 'repaired' })
    expect(fs.readFileSync(path.join(ws.root, rel('conf')), 'utf8')).toBe(body('conf'))
    expect(fs.existsSync(marker)).toBe(false)
  })
})

describe('timeouts, secrets, quarantine', () => {
  const sleeper = (pidFile: string): string =>
    `sleep 300 & echo $! > ${q(pidFile)}; wait; ${fixRecipe('slow')}`

  it('--timeout 1: the recipe and its sleeping grandchild are killed; exit 2', async () => {
    const pidFile = out('grandchild')
    await track('slow', '--restore', sleeper(pidFile))
    damage('slow')
    const t = performance.now()
    const running = repairJson(keyed, 'restore', '--timeout', '1')
    const pid = await waitForPid(pidFile)
    started.push(pid)
    const r = await running
    expect(r.code).toBe(2)
    expect(performance.now() - t).toBeLessThan(6000)
    expect(r.report.repair.steps[0]?.outcome).toBe('failed')
    expect(r.report.repair.steps[0]?.detail).toMatch(/timed out after 1 s/)
    expect(r.report.repair.steps[0]?.recipe?.timedOut).toBe(true)
    expect(await waitGone(pid, 5000)).toBe(true)
  })

  it("an entry's own timeout_s applies without --timeout", async () => {
    const pidFile = out('grandchild')
    await track('slow', '--restore', sleeper(pidFile))
    await editAndApprove(keyed, doc => {
      doc.body.entries[0]!.timeout_s = 1
    })
    damage('slow')
    const running = repairJson(keyed, 'doctor')
    const pid = await waitForPid(pidFile)
    started.push(pid)
    const r = await running
    expect(r.code).toBe(2)
    expect(r.report.repair.steps[0]?.recipe?.timedOut).toBe(true)
    expect(await waitGone(pid, 5000)).toBe(true)
  })

  it('a secret_env value is scrubbed and other caller secrets never reach the recipe', async () => {
    const recipe = `echo "token=$MY_TOKEN other=$OTHER_SECRET"; echo "again $MY_TOKEN" >&2; ${fixRecipe('x')}`
    await track('x', '--restore', recipe)
    await editAndApprove(keyed, doc => {
      doc.body.entries[0]!.secret_env = ['MY_TOKEN']
    })
    const env = {
      SWR_HMAC_KEY: KEY,
      MY_TOKEN: 's3cr3t-value-123',
      OTHER_SECRET: 'zzz-leak-999'
    }
    const opts = { ...keyed, env }
    damage('x')
    const text = await run(['doctor'], opts)
    expect(text.code).toBe(0)
    expect(text.stdout).toContain('[x] token=*** other=')
    for (const s of [text.stdout, text.stderr]) {
      expect(s).not.toContain('s3cr3t-value-123')
      expect(s).not.toContain('zzz-leak-999')
    }
    damage('x')
    const j = await repairJson(opts, 'doctor')
    expect(j.code).toBe(0)
    expect(j.stdout).not.toContain('s3cr3t-value-123')
    expect(j.stdout).not.toContain('zzz-leak-999')
    expect(j.report.repair.steps[0]?.recipe?.output).toContain('token=*** other=\n')
    expect(j.report.repair.steps[0]?.recipe?.output).toContain('again ***')
  })

  it('--quarantine of a damaged tree holding a FIFO: the repair still runs (the FIFO is not copied)', async () => {
    write(ws.root, 'src/README.md', '# src\n', 0o644)
    write(ws.root, 'src/main.c', 'int main(void) { return 0; }\n', 0o644)
    await add(keyed, 'src', '--id', 'src', '--restore', `echo src >> ${q(LOG())}; rm -f src/queue`)
    execFileSync('mkfifo', [path.join(ws.root, 'src/queue')])
    const c = await checkJson(keyed)
    expect(c.get('src').status).not.toBe('OK')
    const r = await run(['doctor', '--quarantine'], keyed)
    expect(r.stderr).not.toMatch(/internal error|ERR_FS_CP/)
    expect(r.code).toBe(0)
    expect(r.stdout).toMatch(/repaired\s+src/)
    expect(linesOf(LOG())).toEqual(['src'])
    // The evidence that could be copied is kept.
    expect(
      filesWithContent(path.join(ws.stateDir, 'quarantine'), Buffer.from('# src\n'))
    ).toHaveLength(1)
  })

  it('--quarantine keeps a copy of the damaged file; its mode is put back in place before the recipe', async () => {
    const script = '#!/bin/sh\necho building\n'
    write(ws.root, 'bin/build.sh', script, 0o755)
    await add(keyed, 'bin/build.sh', '--id', 'build', '--restore', 'chmod +x bin/build.sh')
    fs.chmodSync(path.join(ws.root, 'bin/build.sh'), 0o644)
    const c = await checkJson(keyed)
    expect(c.get('build').status).toBe('STRIPPED')
    const r = await repairJson(keyed, 'doctor', '--quarantine')
    expect(r.code).toBe(0)
    const step = r.report.repair.steps[0]
    expect(step).toMatchObject({ outcome: 'repaired', source: 'modes' })
    expect(step?.quarantine).toMatchObject({ bytes: script.length })
    const qdir = path.join(ws.stateDir, 'quarantine')
    const copies = filesWithContent(qdir, Buffer.from(script))
    expect(copies).toHaveLength(1)
    expect(copies[0]).toBe((step?.quarantine as { copied: string }).copied)
    // The copy is the evidence: the damaged (non-executable) file as it was.
    expect(fs.statSync(copies[0] as string).mode & 0o777).toBe(0o644)
    expect(fs.statSync(path.join(ws.root, 'bin/build.sh')).mode & 0o777).toBe(0o755)
  })
})

/** The child of `pid` running the native walk's script (`sh .../walk.sh`), if any. */
function walkShell(pid: number): number | undefined {
  try {
    for (const c of fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ')) {
      if (!/^\d+$/.test(c)) continue
      const argv = fs.readFileSync(`/proc/${c}/cmdline`, 'utf8').split('\0')
      if (argv.some(a => a.endsWith('/walk.sh'))) return Number(c)
    }
  } catch {
    // Gone meanwhile.
  }
  return undefined
}

describe('signals and concurrency (the bundled CLI as child processes)', () => {
  /** A tree that takes the native walk and a while to capture (16 directories, 12,000 files). */
  const bigTree = (): void => {
    for (let d = 0; d < 16; d++)
      for (let f = 0; f < 750; f++) write(ws.root, `tree/d${d}/s${f % 25}/f${f}`, '')
  }

  it('SIGTERM during an add: exit 130, the lock (a link holding its note) gone, the manifest untouched', async () => {
    bigTree()
    write(ws.root, 'first', 'x')
    await add(ws, 'first')
    const before = fs.readFileSync(ws.manifestFile)
    const locks = path.join(ws.stateDir, 'locks')
    const child = spawnSwr(['add', 'tree', '--kind', 'tree'], ws)
    // The lock and its note are one link, there once the lock is swr's.
    const held = (): boolean =>
      fs.existsSync(locks) && fs.readdirSync(locks).some(n => n.endsWith('.lock'))
    expect(await waitUntil(held, 20_000, 1)).toBe(true)
    child.proc.kill('SIGTERM')
    const r = await child.done
    expect(r.code).toBe(130)
    expect(r.stderr).toBe('swr: interrupted\n')
    expect(fs.readdirSync(locks)).toEqual([])
    // Interrupted before its atomic write, the add left the manifest as it was.
    expect(fs.readFileSync(ws.manifestFile)).toEqual(before)
  })

  it("SIGTERM during a check: exit 130 at once; the walk's finds and temporary files are gone", async () => {
    bigTree()
    await add(ws, 'tree', '--kind', 'tree')
    const tmp = path.join(ws.base, 'tmp')
    fs.mkdirSync(tmp)
    const child = spawnSwr(['check', '--meta', '--no-cache', '--json'], {
      ...ws,
      env: { TMPDIR: tmp }
    })
    // The walk's shell is swr's child; its process group holds the finds.
    let sh: number | undefined
    const finding = (): boolean => {
      sh ??= walkShell(child.proc.pid!)
      return sh !== undefined && groupMembers(sh).some(p => p !== sh)
    }
    await waitUntil(finding, 20_000, 1)
    expect(sh).toBeDefined()
    const pgid = sh!
    // Frozen, the finds cannot end on their own: only swr's exit handler can end them.
    process.kill(-pgid, 'SIGSTOP')
    try {
      expect(groupMembers(pgid).filter(p => p !== pgid).length).toBeGreaterThan(0)
      child.proc.kill('SIGTERM')
      const r = await child.done
      expect(r.code).toBe(130)
      expect(r.stderr).toBe('swr: interrupted\n')
      // --json: stdout still holds exactly one document, the error.
      expect(JSON.parse(r.stdout)).toEqual({
        schema: 'swr.error/1',
        error: 'interrupted',
        exit_code: 130
      })
      expect(await waitGroupGone(pgid, 5000)).toBe(true)
      expect(fs.readdirSync(tmp)).toEqual([])
    } finally {
      killGroup(pgid)
    }
  })

  it('SIGTERM of swr mid-recipe: exit 130 and the recipe group is gone', async () => {
    const pidFile = out('recipe-pid')
    await track('slow', '--restore', `echo $$ > ${q(pidFile)}; sleep 30; ${fixRecipe('slow')}`)
    damage('slow')
    const child = spawnSwr(['doctor'], keyed)
    const pgid = await waitForPid(pidFile, 10_000, child.output)
    started.push(pgid)
    expect(isGone(pgid)).toBe(false)
    child.proc.kill('SIGTERM')
    const r = await child.done
    expect(r.code).toBe(130)
    expect(r.stdout).toMatch(/interrupted\s+slow/)
    expect(await waitGroupGone(pgid, 5000)).toBe(true)
    expect(fs.existsSync(LOG())).toBe(false)
  })

  it('--timeout 1 in the real CLI: a grandchild that ignores SIGTERM does not outlive swr', async () => {
    const pidFile = out('stubborn')
    // The shell dies on SIGTERM; its child ignores SIGTERM and has let go of the output pipes.
    await track(
      'slow',
      '--restore',
      `(trap '' TERM; exec sleep 300) >/dev/null 2>&1 & echo $! > ${q(pidFile)}; wait`
    )
    damage('slow')
    const child = spawnSwr(['restore', '--timeout', '1'], keyed)
    const pid = await waitForPid(pidFile, 10_000, child.output)
    started.push(pid)
    const r = await child.done
    expect(r.code).toBe(2)
    expect(await waitGone(pid, 5000)).toBe(true)
  })

  it('kill -9 mid-restore, then --resume: resumes, does not re-run the first entry, ends healthy', async () => {
    const pidFile = out('two-pid')
    const go = out('go')
    await track('one', '--tier', '1', '--restore', fixRecipe('one'))
    await track(
      'two',
      '--tier',
      '2',
      '--restore',
      fixRecipe('two', `echo $$ > ${q(pidFile)}; [ -e ${q(go)} ] || sleep 30; `)
    )
    damage('one')
    damage('two')
    const child = spawnSwr(['restore'], keyed)
    const pgid = await waitForPid(pidFile, 10_000, child.output)
    started.push(pgid)
    expect(linesOf(LOG())).toEqual(['one'])
    child.proc.kill('SIGKILL')
    const killed = await child.done
    expect(killed.signal).toBe('SIGKILL')
    // The orphaned recipe group lives on after kill -9 of swr: end it, and let a re-run be quick.
    killGroup(pgid)
    expect(await waitGroupGone(pgid, 5000)).toBe(true)
    fs.writeFileSync(go, '')
    // The killed run's pid is gone, so its lock is stale at once: the resumed run does not wait.
    const r = await run(['restore', '--resume'], keyed)
    expect(r.code).toBe(0)
    expect(r.stdout).toMatch(/resuming: 1 entr/)
    expect(r.stderr).not.toMatch(/waiting for the lock/)
    expect(linesOf(LOG())).toEqual(['one', 'two'])
    expect(await healthy()).toBe(true)
  }, 40_000)

  it('eight concurrent doctors: all exit 0, the recipe runs once, the manifest is untouched', async () => {
    await track('a', '--restore', fixRecipe('a'))
    await track('b', '--tier', '2', '--restore', fixRecipe('b'))
    damage('a')
    damage('b')
    const manifest = fs.readFileSync(ws.manifestFile)
    const children = Array.from({ length: 8 }, () => spawnSwr(['doctor'], keyed))
    const results = await Promise.all(children.map(c => c.done))
    for (const r of results) {
      expect(r.stderr.replace(/swr: waiting for the lock on .*\n/g, '')).toBe('')
      expect(r.code).toBe(0)
    }
    expect(linesOf(LOG())).toEqual(['a', 'b'])
    expect(results.filter(r => r.stdout.includes('== restore =='))).toHaveLength(1)
    expect(await healthy()).toBe(true)
    expect(fs.readFileSync(ws.manifestFile).equals(manifest)).toBe(true)
  }, 40_000)

  it('the lock holds whatever path names the manifest (a symlink to the workspace)', async () => {
    const pidFile = out('holder')
    await track('slow', '--restore', fixRecipe('slow', `echo $$ > ${q(pidFile)}; sleep 2; `))
    damage('slow')
    const link = path.join(ws.base, 'ws-link')
    fs.symlinkSync(ws.root, link)
    const a = spawnSwr(['doctor'], keyed)
    started.push(await waitForPid(pidFile, 10_000, a.output))
    const b = spawnSwr(['doctor', '-m', path.join(link, '.swr', 'manifest.json')], keyed)
    const [ra, rb] = await Promise.all([a.done, b.done])
    expect(ra.code).toBe(0)
    expect(rb.code).toBe(0)
    // One repair at a time: the second run waited, found the entry healthy and ran nothing.
    expect(linesOf(LOG())).toEqual(['slow'])
    expect(rb.stderr).toMatch(/waiting for the lock/)
  })

  it('SIGTERM while waiting for the lock: swr stops waiting and exits 130', async () => {
    const pidFile = out('holder')
    await track('slow', '--restore', fixRecipe('slow', `echo $$ > ${q(pidFile)}; sleep 30; `))
    damage('slow')
    const holder = spawnSwr(['doctor'], keyed)
    started.push(await waitForPid(pidFile, 10_000, holder.output))
    const waiter = spawnSwr(['doctor'], keyed)
    expect(await waitUntil(() => /waiting for the lock/.test(waiter.stderr()), 10_000)).toBe(true)
    waiter.proc.kill('SIGTERM')
    const t = performance.now()
    const inTime = await Promise.race([waiter.done.then(() => true), sleep(3000).then(() => false)])
    const waited = performance.now() - t
    holder.proc.kill('SIGTERM')
    const [rw, rh] = await Promise.all([waiter.done, holder.done])
    expect(rh.code).toBe(130)
    expect(rw.code).toBe(130)
    expect(inTime).toBe(true)
    expect(waited).toBeLessThan(3000)
    expect(fs.existsSync(LOG())).toBe(false)
  })
})
