/**
 * A run that names a command registers only that command (start-up), so the names each register
 * function declares must be exactly the commands it adds, and a command registered alone must
 * behave as it does among all the others: the same help, the same parsing. Help, completion and
 * unknown names still see every command.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { Command } from 'commander'
import { makeWorkspace, run, type Workspace } from '../../__fixtures__/workspace.js'
import { commandContext } from '../../src/cli/command.js'
import type { CliIo } from '../../src/cli/io.js'
import { buildProgram, commandNamed, declaredCommands } from '../../src/cli/main.js'

const io = {
  cwd: '/',
  env: {},
  home: '/',
  stdout: { write: () => true },
  stderr: { write: () => true }
} as unknown as CliIo

const namesOf = (program: Command): string[] =>
  program.commands.flatMap(c => [c.name(), ...c.aliases()]).sort()

let ws: Workspace
beforeAll(() => {
  ws = makeWorkspace()
})
afterAll(() => ws.cleanup())

describe('the command index', () => {
  it('each register function adds exactly the names it declares', () => {
    const seen: string[] = []
    for (const { register, names } of declaredCommands()) {
      const program = new Command('swr')
      register(
        program,
        commandContext(io, () => undefined)
      )
      expect(namesOf(program)).toEqual([...names].sort())
      seen.push(...names)
    }
    expect(namesOf(buildProgram(io, () => undefined))).toEqual(seen.sort())
  })

  it('a command registered alone has the help it has among all the others', () => {
    const full = buildProgram(io, () => undefined)
    for (const { names } of declaredCommands()) {
      for (const name of names) {
        const alone = buildProgram(io, () => undefined, name)
        const mine = (p: Command): Command | undefined =>
          p.commands.find(c => c.name() === name || c.aliases().includes(name))
        expect(mine(alone)?.helpInformation()).toBe(mine(full)?.helpInformation())
        expect(namesOf(alone).length).toBeLessThan(namesOf(full).length)
      }
    }
  })

  it('registers everything for help, completion, options first and unknown names', () => {
    const argv = (...a: string[]): string[] => ['node', 'swr', ...a]
    expect(commandNamed(argv('check', '--deep'))).toBe('check')
    expect(commandNamed(argv('explain'))).toBe('explain')
    for (const a of [[], ['help', 'check'], ['completion', 'bash'], ['--help'], ['chek']])
      expect(commandNamed(argv(...a))).toBeUndefined()
  })

  it('through the CLI: a typo still gets its suggestion, and help still lists every group', async () => {
    const typo = await run(['chek'], ws)
    expect(typo.code).toBe(4)
    expect(typo.stderr).toContain('check')
    const help = await run(['--help'], ws)
    for (const heading of ['Verify:', 'Repair:', 'Author:', 'Sign:', 'Survival:', 'Sync:'])
      expect(help.stdout).toContain(heading)
    const one = await run(['help', 'add'], ws)
    expect(one.stdout).toContain('Usage: swr add')
    const alone = await run(['add', '--help'], ws)
    expect(alone.stdout).toBe(one.stdout)
  })
})
