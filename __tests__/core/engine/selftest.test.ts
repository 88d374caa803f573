/**
 * selftest called as a use case: a real workspace, real recipes in real shells, a real HMAC
 * signature. The gate decides before any recipe runs; each recipe then runs twice in a scratch
 * copy (never the live workspace, HOME in the scratch too) and the result gives a verdict per entry.
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import fs from 'node:fs'
import path from 'node:path'
import { hmacHex } from '../../../__fixtures__/keys.js'
import { hmacPolicy } from '../../../__fixtures__/policy.js'
import {
  add,
  makeWorkspace,
  snapshot,
  write,
  type Workspace
} from '../../../__fixtures__/workspace.js'
import {
  EXIT,
  type LoadedManifest,
  loadManifest,
  selftest,
  type SelftestOptions,
  SwrError,
  sign
} from '../../../src/core/index.js'

const HMAC = hmacHex('engine-selftest')

let ws: Workspace
let signed: Workspace & { env: NodeJS.ProcessEnv }

beforeEach(() => {
  ws = makeWorkspace()
  signed = { ...ws, env: { SWR_HMAC_KEY: HMAC } }
})

afterEach(() => ws.cleanup())

function manifest(): LoadedManifest {
  return loadManifest(ws.manifestFile, {})
}

const policy = (m: LoadedManifest, key = HMAC): sign.TrustPolicy => hmacPolicy(m, ws.stateDir, key)

function options(m: LoadedManifest, over: Partial<SelftestOptions> = {}): SelftestOptions {
  return {
    policy: policy(m),
    stateDir: ws.stateDir,
    tmpDir: ws.base,
    callerEnv: { PATH: process.env.PATH, HOME: ws.home, UNNAMED: 'not-for-recipes' },
    ...over
  }
}

async function refusal(p: Promise<unknown>): Promise<SwrError> {
  try {
    await p
  } catch (err) {
    expect(err).toBeInstanceOf(SwrError)
    return err as SwrError
  }
  throw new Error('expected a refusal')
}

describe('selftest as a use case', () => {
  it('runs each recipe twice in a scratch copy, in plan order, with HOME there and a minimal env', async () => {
    write(ws.root, 'gen/out.txt', 'generated\n')
    write(ws.root, 'bin/tool.sh', '#!/bin/sh\n', 0o755)
    await add(signed, 'bin/tool.sh', '--id', 'tool', '--restore', 'chmod +x bin/tool.sh')
    // Passes only when the variable the entry does not name is absent and HOME is the scratch's.
    await add(
      signed,
      'gen/out.txt',
      '--id',
      'gen',
      '--needs',
      'tool',
      '--restore',
      'test -z "${UNNAMED:-}" && mkdir -p gen && printf "generated\\n" > gen/out.txt && echo ran >> "$HOME/runs.log"'
    )
    const before = snapshot(ws.root)
    const r = await selftest(manifest(), options(manifest()))
    expect(r.kind).toBe('selftest')
    expect(r.gate.allowed).toBe(true)
    expect(r.results.map(x => [x.id, x.passed, x.runs.length])).toEqual([
      ['tool', true, 2],
      ['gen', true, 2]
    ])
    expect(r.results[1]?.runs[0]).toMatch(/^run 1: exit 0 in [\d.]+ s, entry OK$/)
    expect(r.passed).toBe(true)
    expect(snapshot(ws.root)).toEqual(before)
    expect(fs.existsSync(path.join(ws.home, 'runs.log'))).toBe(false)
    // The scratch copy is gone.
    expect(fs.readdirSync(ws.base).filter(n => n.startsWith('swr-selftest'))).toEqual([])
  })

  it('a recipe that breaks its entry on the second run fails; fromScratch needs it to recreate', async () => {
    write(ws.root, 'log.txt', 'line\n')
    write(ws.root, 'bin/tool.sh', '#!/bin/sh\n', 0o755)
    await add(signed, 'log.txt', '--id', 'log', '--restore', 'echo line >> log.txt')
    await add(signed, 'bin/tool.sh', '--id', 'tool', '--restore', 'chmod +x bin/tool.sh')
    const r = await selftest(manifest(), options(manifest(), { only: ['log'] }))
    expect(r.passed).toBe(false)
    expect(r.results[0]?.runs[1]).toMatch(/^run 2: exit 0 .* entry CORRUPT/)
    const fresh = await selftest(manifest(), options(manifest(), { fromScratch: true }))
    expect(fresh.results.find(x => x.id === 'tool')?.passed).toBe(false)
    expect(fs.existsSync(path.join(ws.root, 'bin/tool.sh'))).toBe(true)
  })

  it('leaves out of the scratch copy a symlink that leads outside the workspace, and names it', async () => {
    write(ws.root, 'a.txt', 'a\n')
    write(ws.outside, 'target.txt', 'outside\n')
    fs.symlinkSync(path.join(ws.outside, 'target.txt'), path.join(ws.root, 'escape'))
    await add(signed, 'a.txt', '--id', 'a', '--restore', 'printf "a\\n" > a.txt')
    const r = await selftest(manifest(), options(manifest()))
    expect(r.leftOut).toEqual(['escape'])
    expect(r.passed).toBe(true)
    expect(fs.readFileSync(path.join(ws.outside, 'target.txt'), 'utf8')).toBe('outside\n')
  })

  it('runs nothing when the signature does not hold, and refuses an empty selection', async () => {
    write(ws.root, 'a.txt', 'a\n')
    const marker = path.join(ws.base, 'MARKER')
    await add(signed, 'a.txt', '--id', 'a', '--restore', `touch '${marker}'`)
    const m = manifest()
    const refused = await refusal(
      selftest(m, options(m, { policy: policy(m, hmacHex('another key')) }))
    )
    expect(refused.exitCode).toBe(EXIT.UNREPAIRABLE)
    expect(refused.message).toMatch(/^selftest: refusing to run recipes: /)
    expect(fs.existsSync(marker)).toBe(false)

    const empty = await refusal(selftest(m, options(m, { maxTier: -1 })))
    expect(empty.message).toMatch(/no entry with a restore recipe matches/)
    const allowed = await selftest(m, options(m, { maxTier: -1, allowEmpty: true }))
    expect(allowed).toMatchObject({ results: [], passed: true })
  })
})
