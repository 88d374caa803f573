// `swr completion SHELL` from the bundled CLI, loaded into the real shells and asked to complete
// real command lines. zsh and fish run where they are installed; without them those cases say so.
import { beforeAll, describe, expect, it } from '@jest/globals'
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..', '..')
const bin = path.join(root, 'dist', 'cli', 'index.js')

function swr(args: string[]) {
  return spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8' })
}

function has(shell: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${shell}`]).status === 0
}

let dir: string
let bashScript: string
beforeAll(() => {
  bashScript = swr(['completion', 'bash']).stdout
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'swr-completion-'))
  fs.writeFileSync(path.join(dir, 'models.gguf'), '')
  fs.writeFileSync(path.join(dir, 'manifest.json'), '')
})

/** What bash's completion function offers for `line` (the cursor at its end). */
function bashComplete(line: string): string[] {
  const words = line.split(' ')
  const program = [
    bashScript,
    `COMP_WORDS=(${words.map(w => `'${w}'`).join(' ')})`,
    `COMP_CWORD=${words.length - 1}`,
    '_swr_complete',
    'printf "%s\\n" "${COMPREPLY[@]}"'
  ].join('\n')
  const r = spawnSync('bash', ['--norc', '-c', program], { cwd: dir, encoding: 'utf8' })
  expect(r.stderr).toBe('')
  return r.stdout.split('\n').filter(Boolean).sort()
}

describe('swr completion', () => {
  it('bash completes commands, subcommands, options and file arguments', () => {
    expect(bashComplete('swr ch')).toEqual(['check'])
    expect(bashComplete('swr canary ')).toEqual(['clean', 'plant', 'read'])
    expect(bashComplete('swr check --run')).toEqual(['--run-smoke'])
    // Options of the command typed, not of others (`--dry-run` belongs to doctor).
    expect(bashComplete('swr check --dry')).toEqual([])
    expect(bashComplete('swr doctor --dry')).toEqual(['--dry-run'])
    // After an option that takes a value, and for positional arguments: file names.
    expect(bashComplete('swr check -m man')).toEqual(['manifest.json'])
    expect(bashComplete('swr add mod')).toEqual(['models.gguf'])
    // A value does not derail the command path.
    expect(bashComplete('swr doctor --only x --qua')).toEqual(['--quarantine'])
  })

  it('covers every command the CLI registers, with no help command left out', () => {
    // The command groups, not the examples after them.
    const help = swr(['--help']).stdout.split('\nExamples:')[0] ?? ''
    const listed = [...help.matchAll(/^ {2}([a-z][a-z-]+)(?:\|[a-z-]+)? /gm)].map(m => m[1])
    expect(listed.length).toBeGreaterThan(20)
    const offered = bashComplete('swr ')
    for (const c of listed) if (c !== 'help') expect(offered).toContain(c)
  })

  const zshIt = has('zsh') ? it : it.skip
  zshIt('zsh loads the script without an error', () => {
    const script = swr(['completion', 'zsh']).stdout
    const r = spawnSync('zsh', ['-f', '-c', `${script}\nwhence -w _swr_complete`], {
      encoding: 'utf8',
      env: { PATH: process.env.PATH, HOME: dir, ZDOTDIR: dir }
    })
    expect(r.stderr).toBe('')
    expect(r.stdout).toMatch(/_swr_complete: function/)
  })

  const fishIt = has('fish') ? it : it.skip
  fishIt('fish completes subcommands and options with descriptions', () => {
    const file = path.join(dir, 'swr.fish')
    fs.writeFileSync(file, swr(['completion', 'fish']).stdout)
    const r = spawnSync(
      'fish',
      [
        '--no-config',
        '-c',
        `source ${file}; complete -C'swr canary p'; complete -C'swr check --ru'`
      ],
      { encoding: 'utf8' }
    )
    expect(r.stderr).toBe('')
    expect(r.stdout).toMatch(/^plant\tplant probes/m)
    expect(r.stdout).toMatch(/^--run-smoke\t/m)
  })

  it('refuses an unknown shell with exit 4 and one line', () => {
    const r = swr(['completion', 'tcsh'])
    expect(r.status).toBe(4)
    expect(r.stderr.trim().split('\n')).toHaveLength(1)
    expect(r.stderr).toMatch(/unknown shell "tcsh"/)
  })
})

if (!has('zsh') || !has('fish'))
  console.log('completion tests: zsh or fish not installed here; their cases are skipped')
