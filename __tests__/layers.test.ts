/**
 * The shape of src/ as the tools see it: no import circle between files (scripts/import-cycles.mjs)
 * nor between the folders of src/core (--folders), and the storeys of the core as ESLint enforces
 * them (eslint.config.js): substrate imports no stage and no engine/, a stage no engine/, only
 * core/index.ts imports engine/, and the core reads no environment and installs no process
 * listener. Each check is also shown to fail on a tree or a line that breaks it.
 */
import { afterAll, describe, expect, it } from '@jest/globals'
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { ESLint } from 'eslint'

const root = path.resolve(import.meta.dirname, '..')
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'swr-layers-'))
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }))

/** Runs the circle finder; its output and whether it found any. */
function cycles(...args: string[]): { out: string; failed: boolean } {
  try {
    const out = execFileSync(process.execPath, ['scripts/import-cycles.mjs', ...args], {
      cwd: root,
      encoding: 'utf8'
    })
    return { out, failed: false }
  } catch (err) {
    return { out: String((err as { stdout: string }).stdout), failed: true }
  }
}

function tree(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(tmp, 'tree-'))
  for (const [rel, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true })
    fs.writeFileSync(path.join(dir, rel), text)
  }
  return dir
}

describe('import circles (scripts/import-cycles.mjs)', () => {
  it('src has no circle between files', () => {
    expect(cycles('src')).toEqual({ out: '', failed: false })
  })

  it('sees a circle between two files, type-only imports included', () => {
    const dir = tree({
      'a.ts': "import { b } from './b.js'\nexport const a = b\n",
      'b.ts': "import type { a } from './a.js'\nexport const b = 1\n"
    })
    const r = cycles(dir)
    expect(r.failed).toBe(true)
    expect(r.out).toContain('a.ts <-> b.ts')
  })

  it('src/core has no circle between folders', () => {
    expect(cycles('--folders', 'src/core')).toEqual({ out: '', failed: false })
  })

  it('sees a circle between folders that no two files close, and names the imports behind it', () => {
    // No file circle: x/one -> y/two, y/three -> x/four. Two folders that lean on each other.
    const dir = tree({
      'x/one.ts': "import { two } from '../y/two.js'\nexport const one = two\n",
      'x/four.ts': 'export const four = 4\n',
      'y/two.ts': 'export const two = 2\n',
      'y/sub/three.mjs': "import { four } from '../../x/four.mjs'\nexport const three = four\n",
      'x/four.mjs': 'export const four = 4\n',
      'z.ts': "import { one } from './x/one.js'\nexport const z = one\n"
    })
    expect(cycles(dir).failed).toBe(false)
    const r = cycles('--folders', dir)
    expect(r.failed).toBe(true)
    expect(r.out.split('\n')).toEqual([
      'folder circle: x <-> y',
      '  x/one.ts -> y/two.ts',
      '  y/sub/three.mjs -> x/four.mjs',
      ''
    ])
  })

  it('--draw prints which folder imports which', () => {
    const dir = tree({
      'a/one.ts': "import { t } from '../types.js'\nexport const one = t\n",
      'b/two.ts': "import { one } from '../a/one.js'\nexport const two = one\n",
      'types.ts': 'export const t = 1\n'
    })
    expect(cycles('--folders', '--draw', dir).out).toBe(
      'a -> types.ts\nb -> a\ntypes.ts -> (nothing)\n'
    )
  })
})

describe('the storeys of src/core (eslint.config.js)', () => {
  const eslint = new ESLint({ cwd: root })
  /** The restricted-import and restricted-property messages ESLint gives `code` at `file`. */
  async function restricted(file: string, code: string): Promise<string[]> {
    const [r] = await eslint.lintText(code, { filePath: path.join(root, 'src/core', file) })
    return (r?.messages ?? [])
      .filter(m => /^no-restricted-(imports|properties)$/.test(m.ruleId ?? ''))
      .map(m => m.message)
  }

  it.each([
    [
      'walk/x.ts',
      "export { octal } from '../restore/plan.js'",
      /substrate .* imports only vocabulary/
    ],
    ['walk/native/x.ts', "export type { Step } from '../../verify/index.js'", /substrate/],
    ['text/x.mjs', "export { check } from '../engine/check.js'", /substrate/],
    ['fs/x.ts', "export { isInside } from '../manifest/paths.js'", /substrate/],
    [
      'report/x.ts',
      "export type { SmokeSection } from '../engine/smoke.js'",
      /a stage never imports engine/
    ],
    ['author/x.ts', "export { selectEntries } from '../engine/selection.js'", /a stage never/],
    [
      'cache-port.ts',
      "export { check } from './engine/check.js'",
      /only the face \(core\/index\.ts, core\/face\/\) imports engine/
    ],
    ['verify/x.ts', "export { x } from '../../cli/io.js'", /the core knows no shell/],
    ['text/x.ts', 'export const home = process.env.HOME', /core reads no environment/],
    ['walk/x.mjs', "process.on('exit', () => {})", /core installs no process listeners/]
  ])('%s: %s is refused', async (file, code, message) => {
    const found = await restricted(file, code)
    expect(found).toEqual([expect.stringMatching(message)])
  })

  it.each([
    ['index.ts', "export { check } from './engine/check.js'"],
    ['engine/x.ts', "export { planRepair } from '../restore/plan.js'"],
    ['restore/x.ts', "export { walk } from '../walk/walk.js'"],
    ['report/x.ts', "export { diagnose } from '../diagnose/diagnose.js'"],
    ['walk/x.ts', "export { escapeText } from '../text/escape.js'"],
    ['archive/x.ts', "export type { CacheArchive } from '../cache-port.js'"]
  ])('%s: %s is allowed', async (file, code) => {
    expect(await restricted(file, code)).toEqual([])
  })
})

describe("the engine's face (src/core/index.ts)", () => {
  it('holds at most sixty values at the top level; the rest are in namespaces', async () => {
    const face = (await import('../src/core/index.js')) as Record<string, unknown>
    const values = Object.keys(face)
    expect(values.length).toBeLessThanOrEqual(60)
    // Each namespace is a module object, not a use case spelled at the top level by another name.
    for (const ns of ['buckets', 'canary', 'sealedCache', 'textReport', 'writeBacks'])
      expect(typeof face[ns]).toBe('object')
  })
})
