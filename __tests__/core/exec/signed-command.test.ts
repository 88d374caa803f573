/**
 * The one way manifest code starts (exec/signed-command.ts), with real shells: nothing without an
 * allowed gate decision; the manifest's shell or bash -c; only the minimal environment and the
 * variables the entry names; the entry's secret values and token shapes scrubbed from the output.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import fs from 'node:fs'
import path from 'node:path'
import { makeWorkspace, type Workspace } from '../../../__fixtures__/workspace.js'
import { loadSecretScan } from '../../../src/core/capture/secret-scan.js'
import { type SecretScan } from '../../../src/core/exec/scrub.js'
import { InternalError } from '../../../src/core/errors.js'
import {
  runSignedCommand,
  type SignedCommand,
  type SignedCommandRun
} from '../../../src/core/exec/signed-command.js'
import { MASK } from '../../../src/core/exec/scrub.js'

const SECRET = 'signed-command-secret-7c1f'
const TOKEN = `ghp_${'Z1y2X3w4V5'.repeat(4)}`
const CALLER_ENV = {
  PATH: process.env.PATH ?? '/usr/bin:/bin',
  HOME: '/home/caller',
  NAMED: 'named-value',
  THE_SECRET: SECRET,
  UNNAMED: 'unnamed-value'
}

let ws: Workspace
let scan: SecretScan

beforeAll(async () => {
  scan = await loadSecretScan()
})
beforeEach(() => {
  ws = makeWorkspace()
})
afterEach(() => ws.cleanup())

function command(cmd: string, over: Partial<SignedCommand> = {}): SignedCommand {
  return {
    entry: { id: 'e', env: ['NAMED'], secret_env: ['THE_SECRET'] },
    command: cmd,
    cwd: ws.root,
    timeoutMs: 20_000,
    ...over
  }
}

const allowed = (): SignedCommandRun => ({
  gate: { allowed: true },
  callerEnv: CALLER_ENV,
  secretScan: scan
})

describe('runSignedCommand', () => {
  it('starts nothing without an allowed gate decision', async () => {
    const marker = path.join(ws.outside, 'ran')
    await expect(
      runSignedCommand(command(`touch '${marker}'`), { ...allowed(), gate: { allowed: false } })
    ).rejects.toBeInstanceOf(InternalError)
    expect(fs.existsSync(marker)).toBe(false)
  })

  it('passes the minimal environment, the names the entry lists, and what the caller sets over it', async () => {
    const r = await runSignedCommand(
      command('echo "named=$NAMED unnamed=${UNNAMED:-absent} home=$HOME"; pwd', {
        setEnv: { HOME: ws.home }
      }),
      allowed()
    )
    expect(r.exitCode).toBe(0)
    expect(r.output).toBe(`named=named-value unnamed=absent home=${ws.home}\n${ws.root}\n`)
  })

  it("scrubs the entry's secret values and token shapes from the output", async () => {
    const lines: string[] = []
    const r = await runSignedCommand(command(`echo "$THE_SECRET"; echo ${TOKEN}`), {
      ...allowed(),
      onLine: (_id, line) => lines.push(line)
    })
    expect(r.output).not.toContain(SECRET)
    expect(r.output).not.toContain(TOKEN)
    expect(lines).toEqual([MASK, MASK])
  })

  it("runs in the manifest's shell when it names one, else bash -c", async () => {
    const bash = await runSignedCommand(command('echo "$0"'), allowed())
    expect(bash.output).toBe('bash\n')
    const sh = await runSignedCommand(command('echo "$0"', { shell: ['sh', '-c'] }), allowed())
    expect(sh.output).toBe('sh\n')
  })

  it('stops the command at its timeout', async () => {
    const r = await runSignedCommand(command('sleep 30', { timeoutMs: 300 }), allowed())
    expect(r.timedOut).toBe(true)
    expect(r.ms).toBeLessThan(10_000)
  })
})
