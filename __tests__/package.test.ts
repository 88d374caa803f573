// The published package as a user gets it: `npm pack` of this checkout, installed from the tarball
// into an empty directory with no registry (the bundle carries everything it needs), then the `swr`
// bin run from there on the machine's Node and on the Action's Node 24.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { execFileSync, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { NODES } from '../__fixtures__/action.js'
import { VERSION } from '../src/version.js'

const root = path.resolve(import.meta.dirname, '..')
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'

interface PackResult {
  name: string
  filename: string
  files: { path: string }[]
}

let tmp: string
let packed: PackResult
let bin: string

beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'swr-pack-'))
  // A run first, so this checkout's dist/cli holds a code cache that packing must leave out.
  execFileSync(process.execPath, [path.join(root, 'dist', 'cli', 'index.js'), '--version'], {
    stdio: 'ignore'
  })
  const out = execFileSync(npm, ['pack', '--json', '--pack-destination', tmp], {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore']
  })
  const [first] = JSON.parse(out) as PackResult[]
  if (!first) throw new Error('npm pack printed no package')
  packed = first
  const prefix = path.join(tmp, 'install')
  fs.mkdirSync(prefix)
  // --offline: a package that needed anything from the registry at install time fails here.
  execFileSync(
    npm,
    [
      'install',
      '--offline',
      '--no-audit',
      '--no-fund',
      '--prefix',
      prefix,
      path.join(tmp, packed.filename)
    ],
    {
      cwd: prefix,
      stdio: 'ignore',
      env: { ...process.env, npm_config_cache: path.join(tmp, 'cache') }
    }
  )
  bin = path.join(prefix, 'node_modules', '.bin', 'swr')
}, 120_000)

afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }))

describe('the packed CLI', () => {
  it('is named for what it is and ships the bundles, schemas, action and legal files only', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
      name: string
      dependencies?: Record<string, string>
    }
    expect(packed.name).toBe(pkg.name)
    expect(pkg.name).not.toBe('swr')
    // Everything is bundled into dist/: installing the package fetches nothing.
    expect(pkg.dependencies ?? {}).toEqual({})
    const files = packed.files.map(f => f.path)
    for (const f of [
      'dist/cli/index.js',
      'dist/cli/swr.js',
      'dist/cli/hash-kernel.mjs',
      'dist/cli/walk-format.mjs',
      'dist/index.js',
      'action.yml',
      'schema/manifest-v3.schema.json',
      'LICENSE',
      'README.md',
      'CHANGELOG.md',
      'SECURITY.md'
    ])
      expect(files).toContain(f)
    expect(files.filter(f => /^(src|__tests__|__fixtures__|bench|scripts)\//.test(f))).toEqual([])
    // A code cache is made by each install's own first run, never shipped from the packer's.
    expect(files.filter(f => f.includes('.v8cache'))).toEqual([])
  })

  it('installs offline from the tarball and runs `swr --version` and a check on every Node', () => {
    const ws = fs.mkdtempSync(path.join(tmp, 'ws-'))
    fs.writeFileSync(path.join(ws, 'run.sh'), '#!/bin/sh\necho ok\n', { mode: 0o755 })
    const env = { PATH: process.env.PATH, HOME: ws, SWR_STATE_DIR: path.join(ws, '.state') }
    for (const node of NODES) {
      const run = (args: string[]) =>
        spawnSync(node.bin, [fs.realpathSync(bin), ...args], { cwd: ws, env, encoding: 'utf8' })
      const version = run(['--version'])
      expect({ node: node.name, out: version.stdout.trim(), status: version.status }).toEqual({
        node: node.name,
        out: expect.stringMatching(
          new RegExp(`^${VERSION.replace(/\./g, '\\.')} \\(source [0-9a-f]{12}\\)$`)
        ),
        status: 0
      })
    }
    // The bin itself, as a shell would start it (shebang, exec bit kept through pack and install).
    const add = spawnSync(bin, ['add', 'run.sh'], { cwd: ws, env, encoding: 'utf8' })
    expect(add.stderr).toBe('')
    expect(add.status).toBe(0)
    const check = spawnSync(bin, ['check', '--json'], { cwd: ws, env, encoding: 'utf8' })
    expect(check.status).toBe(0)
    expect((JSON.parse(check.stdout) as { verdict: string }).verdict).toBe('healthy')
    fs.chmodSync(path.join(ws, 'run.sh'), 0o644)
    const damaged = spawnSync(bin, ['check'], { cwd: ws, env, encoding: 'utf8' })
    expect(damaged.status).toBe(1)
    expect(damaged.stdout).toMatch(/STRIPPED/)
  })
})
