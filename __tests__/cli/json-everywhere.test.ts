/**
 * `--json` on every command that takes it: stdout is exactly one JSON document with a `schema`
 * name, whatever the outcome (success, damage, refusal, bad usage), and nothing else. Each
 * command runs twice: on a healthy signed workspace with plausible arguments, and with an
 * argument that must be refused.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import type { Command } from 'commander'
import { add, makeWorkspace, run, write, type Workspace } from '../../__fixtures__/workspace.js'
import { buildProgram } from '../../src/cli/main.js'
import type { CliIo } from '../../src/cli/io.js'

let ws: Workspace

beforeAll(async () => {
  ws = makeWorkspace()
  write(ws.root, 'etc/app.conf', 'port = 8080\n', 0o644)
  write(ws.root, 'bin/run.sh', '#!/bin/sh\necho run\n', 0o755)
  await add(ws, 'etc/app.conf', '--id', 'conf', '--restore', 'true')
  await add(ws, 'bin/run.sh', '--id', 'run')
})
afterAll(() => ws.cleanup())

/** Every command path (`trust add`, `canary read`...) whose options include --json. */
function jsonCommands(): string[][] {
  const io = {
    cwd: '/',
    env: {},
    home: '/',
    stdout: { write: () => 0 },
    stderr: { write: () => 0 }
  }
  const program = buildProgram(io as unknown as CliIo, () => undefined)
  const out: string[][] = []
  const walk = (cmd: Command, path: string[]): void => {
    if (cmd.options.some(o => o.long === '--json')) out.push(path)
    for (const sub of cmd.commands) walk(sub, [...path, sub.name()])
  }
  for (const sub of program.commands) walk(sub, [sub.name()])
  return out
}

/** Plausible arguments for a run that may succeed, by command path. */
const ARGS: Record<string, string[]> = {
  add: ['etc'],
  edit: ['conf', '--note', 'why'],
  rm: ['run'],
  rescan: ['conf', '--dry-run'],
  import: ['no-such-v2.json'],
  'trust add': ['00'.repeat(32), 'someone'],
  'trust remove': ['nobody'],
  preset: ['--list'],
  push: ['--to', 'git:/nonexistent/repo.git'],
  pull: ['--code', 'swr1:not-a-code'],
  'peer add': ['bob', 'not-a-key'],
  'peer remove': ['bob'],
  'hook print': ['bash'],
  'hook install': ['bash'],
  'canary plant': ['--no-home', '--no-tmp', '--large-bytes', '0'],
  attacktest: ['--count', '20'],
  doctor: ['--dry-run'],
  restore: ['--dry-run'],
  selftest: ['--allow-empty', '--max-tier', '0']
}

function expectOneDocument(path: string[], stdout: string): void {
  const text = stdout.trim()
  let doc: unknown
  expect(() => (doc = JSON.parse(text))).not.toThrow()
  expect({ command: path.join(' '), schema: typeof (doc as { schema?: unknown }).schema }).toEqual({
    command: path.join(' '),
    schema: 'string'
  })
}

describe('--json prints one JSON document with a schema, whatever happens', () => {
  const commands = jsonCommands()

  it('finds the commands that take --json', () => {
    expect(commands.map(c => c.join(' '))).toEqual(
      expect.arrayContaining(['check', 'why', 'doctor', 'add', 'edit', 'sign', 'verify', 'stats'])
    )
  })

  for (const path of jsonCommands()) {
    it(`${path.join(' ')} --json`, async () => {
      const ok = await run([...path, ...(ARGS[path.join(' ')] ?? []), '--json'], {
        ...ws,
        env: { HOME: ws.home }
      })
      expectOneDocument(path, ok.stdout)
      const bad = await run([...path, '--json', '--no-such-option'], ws)
      expect(bad.code).toBe(4)
      expectOneDocument(path, bad.stdout)
      expect(JSON.parse(bad.stdout)).toMatchObject({ schema: 'swr.error/1', exit_code: 4 })
    })
  }
})
