// The committed artifacts: the generated schema validator matches the schema, the version matches
// package.json, and the bundled CLI in dist/ runs as a real child process.
import { describe, expect, it } from '@jest/globals'
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import vm from 'node:vm'
import { VERSION } from '../src/version.js'

const root = path.resolve(import.meta.dirname, '..')
const bin = path.join(root, 'dist', 'cli', 'index.js')

function swr(args: string[], cwd: string, env: NodeJS.ProcessEnv = {}) {
  return spawnSync(process.execPath, [bin, ...args], {
    cwd,
    env: { PATH: process.env.PATH, HOME: cwd, ...env },
    encoding: 'utf8'
  })
}

describe('committed artifacts', () => {
  it('the generated validators match their schemas', async () => {
    const gen = (await import(path.join(root, 'scripts', 'gen-validators.mjs'))) as {
      TARGETS: { schema: string; out: string; refs?: string[] }[]
      generate: (schema: string, refs?: string[]) => string
    }
    for (const t of gen.TARGETS) {
      expect(fs.readFileSync(path.join(root, t.out), 'utf8')).toBe(gen.generate(t.schema, t.refs))
    }
  })

  it('src/version.ts matches package.json', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
      version: string
    }
    expect(VERSION).toBe(pkg.version)
  })

  it('package.json bin points at the committed bundle, which has a shebang and exec bit', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
      bin: { swr: string }
    }
    expect(pkg.bin.swr).toBe('dist/cli/index.js')
    expect(fs.readFileSync(bin, 'utf8').startsWith('#!/usr/bin/env node\n')).toBe(true)
    expect(fs.statSync(bin).mode & 0o111).not.toBe(0)
    expect(fs.existsSync(path.join(root, 'dist', 'cli', 'hash-kernel.mjs'))).toBe(true)
  })
})

describe('the bundled CLI (dist/cli/index.js) as a child process', () => {
  it('a closed output pipe (swr attacktest | head -1) ends quietly, without a stack trace', () => {
    const r = spawnSync(
      'bash',
      [
        '-c',
        `set -o pipefail; '${process.execPath}' '${bin}' attacktest --count 20 --seed pipe | head -1`
      ],
      {
        encoding: 'utf8'
      }
    )
    expect(r.stdout).toMatch(/^attack suite \(seed pipe\)/)
    expect(r.stderr).toBe('')
  })

  it('adds, checks healthy, detects damage, and exits with the documented codes', () => {
    const ws = fs.mkdtempSync(path.join(os.tmpdir(), 'swr-dist-'))
    try {
      const env = { SWR_STATE_DIR: path.join(ws, '..', `${path.basename(ws)}-state`) }
      fs.writeFileSync(path.join(ws, 'run.sh'), '#!/bin/sh\necho ok\n', { mode: 0o755 })
      fs.mkdirSync(path.join(ws, 'src'))
      for (let i = 0; i < 600; i++)
        fs.writeFileSync(path.join(ws, 'src', `f${i}.txt`), `file ${i}\n`.repeat(i % 7))
      const digest = fs.readFileSync(path.join(root, 'dist', 'source-digest.txt'), 'utf8').trim()
      expect(swr(['--version'], ws).stdout.trim()).toBe(
        `${VERSION} (source ${digest.slice(0, 12)})`
      )
      const add = swr(['add', 'run.sh', 'src', '--jobs', '2'], ws, env)
      expect(add.stderr).toBe('')
      expect(add.status).toBe(0)
      const healthy = swr(['check', '--json', '--no-cache', '--jobs', '2'], ws, env)
      expect(healthy.status).toBe(0)
      expect(JSON.parse(healthy.stdout).verdict).toBe('healthy')
      fs.chmodSync(path.join(ws, 'run.sh'), 0o644)
      fs.appendFileSync(path.join(ws, 'src', 'f10.txt'), 'more')
      const damaged = swr(['check'], ws, env)
      expect(damaged.status).toBe(1)
      expect(damaged.stdout).toMatch(/STRIPPED\s+run\.sh/)
      expect(damaged.stdout).toMatch(/CORRUPT\s+src/)
      expect(damaged.stdout).toContain('f10.txt')
      const bad = swr(['check', '--jobs', 'many'], ws, env)
      expect(bad.status).toBe(4)
      expect(bad.stderr.split('\n')[0]).toMatch(/--jobs/)
      fs.rmSync(env.SWR_STATE_DIR, { recursive: true, force: true })
    } finally {
      fs.rmSync(ws, { recursive: true, force: true })
    }
  })
})

interface Transforms {
  asciiOnly: (code: string) => string
  fixImportMetaUrl: (code: string, file: string) => string
  commonJs: (code: string, file: string) => string
  workerFiles: (entry: string) => Map<string, string>
}

const transforms = async (): Promise<Transforms> =>
  (await import(path.join(root, 'scripts', 'bundle-transforms.mjs'))) as Transforms

describe("the CLI bundle's build checks (scripts/bundle-transforms.mjs)", () => {
  it('escapes non-ASCII text by token, keeping every value', async () => {
    const { asciiOnly } = await transforms()
    const src = 'const a = "h\u00e9llo \u2603"; const b = `x ${a} \u00fc`; const r = /\u00e9+/u\n'
    const out = asciiOnly(src)
    expect(/[\u0080-\uffff]/.test(out)).toBe(false)
    const values = (code: string) =>
      vm.runInNewContext(`${code}; [a, b, r.test("\u00e9\u00e9"), r.test("e")]`) as unknown[]
    expect(values(out)).toEqual(values(src))
  })

  it('stops on non-ASCII text it cannot escape without changing meaning', async () => {
    const { asciiOnly } = await transforms()
    expect(() => asciiOnly('const s = String.raw`\u00e9`')).toThrow(/tagged template/)
    expect(() => asciiOnly('const \u00e9 = 1')).toThrow(/non-ASCII/)
    expect(() => asciiOnly('// \u00e9\nconst x = 1')).toThrow(/outside any token/)
  })

  it("points a renamed require's import.meta.url back at the module's own file", async () => {
    const { fixImportMetaUrl } = await transforms()
    expect(fixImportMetaUrl('crc64_require("url").pathToFileURL(crc64_filename)', 'x.js')).toBe(
      'require("url").pathToFileURL(__filename)'
    )
    const plain = 'require("url").pathToFileURL(__filename)'
    expect(fixImportMetaUrl(plain, 'x.js')).toBe(plain)
    expect(() => fixImportMetaUrl('load("url").pathToFileURL(where)', 'x.js')).toThrow(
      /x\.js: cannot place import\.meta\.url/
    )
  })

  it('refuses a CommonJS file that only an ES module could run', async () => {
    const { commonJs } = await transforms()
    expect(() => commonJs('module.exports = import.meta.url', '423.index.js')).toThrow(
      /423\.index\.js is not a CommonJS script/
    )
    expect(() => commonJs('export const a = 1', 'a.js')).toThrow(/not a CommonJS script/)
    const ok = '#!/usr/bin/env node\nif (process.argv.length > 9) return\nmodule.exports = 1\n'
    expect(commonJs(ok, 'b.js')).toBe(ok)
  })

  it("flattens a worker's .mjs files for beside the bundle, and stops on what a worker could not load", async () => {
    const { workerFiles } = await transforms()
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'swr-workers-'))
    try {
      const put = (rel: string, text: string): string => {
        fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true })
        fs.writeFileSync(path.join(dir, rel), text)
        return path.join(dir, rel)
      }
      const kernel = put(
        'walk/kernel.mjs',
        "import fs from 'node:fs'\nimport { n } from './names.mjs'\nexport { n, fs }\n"
      )
      put('walk/names.mjs', "import { C } from '../text/controls.mjs'\nexport const n = C\n")
      put('text/controls.mjs', 'export const C = 1\n')
      expect(Object.fromEntries(workerFiles(kernel))).toEqual({
        'kernel.mjs':
          "import fs from 'node:fs'\nimport { n } from './names.mjs'\nexport { n, fs }\n",
        'names.mjs': "import { C } from './controls.mjs'\nexport const n = C\n",
        'controls.mjs': 'export const C = 1\n'
      })
      put('text/controls.mjs', "export { x } from './x.js'\n")
      expect(() => workerFiles(kernel)).toThrow(/imports \.\/x\.js, not a \.mjs file/)
      put('text/controls.mjs', "export { n } from '../other/names.mjs'\n")
      put('other/names.mjs', 'export const n = 2\n')
      expect(() => workerFiles(kernel)).toThrow(/two worker files named names\.mjs/)
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })

  it('the committed bundles carry every file the worker kernel imports, beside them', async () => {
    const { workerFiles } = await transforms()
    const files = workerFiles(path.join(root, 'src/core/walk/hash-kernel.mjs'))
    expect([...files.keys()]).toContain('controls.mjs')
    for (const out of ['dist', 'dist/cli'])
      for (const [name, source] of files)
        expect(fs.readFileSync(path.join(root, out, name), 'utf8')).toBe(source)
  })

  it('the committed CLI bundle passes them: every file a CommonJS script, swr.js all ASCII', async () => {
    const { commonJs } = await transforms()
    const dir = path.join(root, 'dist', 'cli')
    const scripts = fs.readdirSync(dir).filter(f => f.endsWith('.js'))
    expect(scripts).toEqual(expect.arrayContaining(['index.js', 'swr.js']))
    for (const f of scripts) {
      const code = fs.readFileSync(path.join(dir, f), 'utf8')
      expect(() => commonJs(code, f)).not.toThrow()
    }
    expect(/[\u0080-\u00ff]/.test(fs.readFileSync(path.join(dir, 'swr.js'), 'latin1'))).toBe(false)
  })
})
