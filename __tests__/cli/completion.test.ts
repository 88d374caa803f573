// `swr completion SHELL` from the bundled CLI, loaded into the real shells and asked to complete
// real command lines. zsh and fish run where they are installed; without them those cases say so.
// Entry ids come from a real manifest through `swr completion ids`, with `swr` on PATH as a
// one-line shim to the bundled CLI.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileEntry, validDoc, writeManifest } from '../../__fixtures__/manifest.js'

const root = path.resolve(import.meta.dirname, '..', '..')
const bin = path.join(root, 'dist', 'cli', 'index.js')

function swr(args: string[]) {
  return spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8' })
}

/** The bundled CLI run in `cwd` with the fixture's HOME and state directory. */
function swrAt(cwd: string, args: string[]) {
  return spawnSync(process.execPath, [bin, ...args], { ...at(cwd), encoding: 'utf8' })
}

function has(shell: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${shell}`]).status === 0
}

let dir: string
let bashScript: string
/** A directory holding `swr`: a shim that runs the bundled CLI (what the scripts call for ids). */
let shimDir: string
beforeAll(() => {
  bashScript = swr(['completion', 'bash']).stdout
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'swr-completion-'))
  fs.writeFileSync(path.join(dir, 'models.gguf'), '')
  fs.writeFileSync(path.join(dir, 'manifest.json'), '')
  shimDir = path.join(dir, 'bin')
  fs.mkdirSync(shimDir)
  shim(`exec '${process.execPath}' '${bin}' "$@"`)
})
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

/** Make `swr` on the shim PATH run `body` (sh). */
function shim(body: string): void {
  fs.writeFileSync(path.join(shimDir, 'swr'), `#!/bin/sh\n${body}\n`, { mode: 0o755 })
}

/** Where completion runs: the directory and an environment with the shim first on PATH. */
function at(cwd: string): { cwd: string; env: NodeJS.ProcessEnv } {
  return {
    cwd,
    env: {
      PATH: `${shimDir}:${process.env.PATH ?? ''}`,
      HOME: path.join(dir, 'home'),
      SWR_STATE_DIR: path.join(dir, 'state')
    }
  }
}

/** What bash's completion function offers for `line` (the cursor at its end). */
function bashComplete(
  line: string,
  where: { cwd: string; env?: NodeJS.ProcessEnv } = { cwd: dir }
): string[] {
  const words = line.split(' ')
  const program = [
    bashScript,
    `COMP_WORDS=(${words.map(w => `'${w}'`).join(' ')})`,
    `COMP_CWORD=${words.length - 1}`,
    '_swr_complete',
    'printf "%s\\n" "${COMPREPLY[@]}"'
  ].join('\n')
  const r = spawnSync('bash', ['--norc', '-c', program], { ...where, encoding: 'utf8' })
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

  it('refuses an unknown shell with exit 4 and one line', () => {
    const r = swr(['completion', 'tcsh'])
    expect(r.status).toBe(4)
    expect(r.stderr.trim().split('\n')).toHaveLength(1)
    expect(r.stderr).toMatch(/unknown shell "tcsh"/)
  })
})

describe('swr completion: entry ids', () => {
  let ws: string
  beforeAll(() => {
    ws = path.join(dir, 'ws')
    fs.mkdirSync(path.join(ws, 'sub'), { recursive: true })
    // A directory named like an id: an id is offered as an id, not as "src/".
    fs.mkdirSync(path.join(ws, 'src'))
    writeManifest(
      ws,
      validDoc({
        entries: [
          fileEntry('conf', 'etc/app.conf'),
          fileEntry('config-old', 'etc/old.conf'),
          fileEntry('src', 'src/main.c'),
          fileEntry('tools', 'bin/tool')
        ]
      })
    )
  })

  it('completes the ids of the manifest found from the current directory', () => {
    const all = ['conf', 'config-old', 'src', 'tools']
    expect(bashComplete('swr edit ', at(ws))).toEqual(all)
    expect(bashComplete('swr edit con', at(ws))).toEqual(['conf', 'config-old'])
    expect(bashComplete('swr rm conf t', at(ws))).toEqual(['tools'])
    expect(bashComplete('swr rescan s', at(ws))).toEqual(['src'])
    // --only takes several ids; --needs one; from a subdirectory the same manifest is found.
    expect(bashComplete('swr why --only ', at(path.join(ws, 'sub')))).toEqual(all)
    expect(bashComplete('swr check --only conf t', at(ws))).toEqual(['tools'])
    expect(bashComplete('swr doctor --only c', at(ws))).toEqual(['conf', 'config-old'])
    expect(bashComplete('swr edit conf --needs t', at(ws))).toEqual(['tools'])
    // --id names a new entry and a path argument is a file: no ids there.
    expect(bashComplete('swr add --id ', at(ws))).not.toContain('conf')
    expect(bashComplete('swr add s', at(ws))).toEqual(['src', 'sub'])
    // After another option the ids stop.
    expect(bashComplete('swr check --only conf --deep s', at(ws))).toEqual(['src', 'sub'])
  })

  it('reads the manifest named with -m or SWR_MANIFEST, like every command', () => {
    const other = path.join(dir, 'other')
    writeManifest(other, validDoc({ entries: [fileEntry('elsewhere', 'x')] }))
    const file = path.join(other, '.swr', 'manifest.json')
    expect(bashComplete(`swr edit -m ${file} `, at(ws))).toEqual(['elsewhere'])
    expect(bashComplete(`swr check --manifest=${file} --only `, at(ws))).toEqual(['elsewhere'])
    const env = { ...at(ws).env, SWR_MANIFEST: file }
    expect(bashComplete('swr rm ', { cwd: ws, env })).toEqual(['elsewhere'])
    // No manifest anywhere: nothing, and no error on the terminal.
    const none = swrAt(dir, ['completion', 'ids'])
    expect([none.status, none.stdout, none.stderr]).toEqual([0, '', ''])
  })

  it('offers at most 1,000 ids', () => {
    const big = path.join(dir, 'big')
    const entries = Array.from({ length: 1200 }, (_, i) => fileEntry(`e${i}`, `f/${i}`))
    writeManifest(big, validDoc({ entries }))
    const r = swrAt(big, ['completion', 'ids'])
    expect(r.status).toBe(0)
    expect(r.stdout.split('\n').filter(Boolean)).toEqual(entries.slice(0, 1000).map(e => e.id))
  })

  it('a manifest with a hostile id offers nothing and runs nothing', () => {
    const evil = path.join(dir, 'evil')
    const ids = [
      '$(touch pwned1)',
      '`touch pwned2`',
      'a;touch pwned3',
      'x\n$(touch pwned4)',
      'y\x1b]0;t\x07'
    ]
    for (const id of ids) {
      writeManifest(evil, validDoc({ entries: [fileEntry('ok', 'ok'), fileEntry(id, 'p')] }))
      const r = swrAt(evil, ['completion', 'ids'])
      expect([id, r.status, r.stdout, r.stderr]).toEqual([id, 0, '', ''])
      expect(bashComplete('swr edit ', at(evil))).toEqual([])
      expect(bashComplete('swr check --only ', at(evil))).toEqual([])
    }
    expect(fs.readdirSync(evil).filter(n => n.startsWith('pwned'))).toEqual([])
  })

  it('bash inserts an offered word as it is, never expanding it', () => {
    // Whatever the lister printed (here not swr but a stand-in printing hostile words), bash
    // offers it as text: nothing in it runs.
    const words = ['$(touch pwned5)', '`touch pwned6`', '${HOME}', '*']
    const lister = path.join(dir, 'lister')
    fs.writeFileSync(lister, words.join('\n') + '\n')
    shim(`cat '${lister}'`)
    try {
      expect(bashComplete('swr edit ', at(ws))).toEqual([...words].sort())
      expect(bashComplete('swr edit $', at(ws))).toEqual(['$(touch pwned5)', '${HOME}'])
    } finally {
      shim(`exec '${process.execPath}' '${bin}' "$@"`)
    }
    expect(fs.readdirSync(ws).filter(n => n.startsWith('pwned'))).toEqual([])
  })
})

describe('swr completion in other shells', () => {
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

  zshIt('zsh completes entry ids through its bash bridge', () => {
    // zsh's bashcompinit runs the function from its compgen, under `emulate -L sh`.
    const ws = path.join(dir, 'zsh-ws')
    writeManifest(ws, validDoc({ entries: [fileEntry('conf', 'a'), fileEntry('tools', 'b')] }))
    const script = swr(['completion', 'zsh']).stdout
    const call = (words: string[]): string =>
      `COMPREPLY=(); COMP_WORDS=(${words.map(w => `'${w}'`).join(' ')}); COMP_CWORD=${words.length - 1}; _swr_complete; print -l -- "\${COMPREPLY[@]}"; print -- ---`
    const program = `${script}\nf() {\n emulate -L sh\n ${call(['swr', 'edit', 'c'])}\n ${call(['swr', 'check', '--only', 'conf', ''])}\n}\nf`
    const r = spawnSync('zsh', ['-f', '-c', program], {
      ...at(ws),
      env: { ...at(ws).env, ZDOTDIR: dir },
      encoding: 'utf8'
    })
    expect(r.stderr).toBe('')
    expect(r.stdout.split('---\n').map(b => b.split('\n').filter(Boolean).sort())).toEqual([
      ['conf'],
      ['conf', 'tools'],
      []
    ])
  })

  const fishIt = has('fish') ? it : it.skip
  fishIt('fish completes entry ids', () => {
    const ws = path.join(dir, 'fish-ws')
    writeManifest(ws, validDoc({ entries: [fileEntry('conf', 'a'), fileEntry('tools', 'b')] }))
    const file = path.join(dir, 'swr.fish')
    fs.writeFileSync(file, swr(['completion', 'fish']).stdout)
    const r = spawnSync(
      'fish',
      [
        '--no-config',
        '-c',
        `source ${file}; complete -C'swr rm '; complete -C'swr check --only t'`
      ],
      { ...at(ws), encoding: 'utf8' }
    )
    expect(r.stderr).toBe('')
    expect(
      r.stdout
        .split('\n')
        .filter(Boolean)
        .map(l => l.split('\t')[0])
    ).toEqual(['conf', 'tools', 'tools'])
  })

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
})

if (!has('zsh') || !has('fish'))
  console.log('completion tests: zsh or fish not installed here; their cases are skipped')
