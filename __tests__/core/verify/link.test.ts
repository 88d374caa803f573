/**
 * `link` entries against real damage: retargeted, dangling, leading outside the workspace (never
 * followed), replaced by a file, deleted.
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import fs from 'node:fs'
import path from 'node:path'
import {
  add,
  checkJson,
  makeWorkspace,
  write,
  type Workspace
} from '../../../__fixtures__/workspace.js'

let ws: Workspace
let pyTarget: string

beforeEach(async () => {
  ws = makeWorkspace()
  write(ws.root, 'tools/tool.sh', '#!/bin/sh\n', 0o755)
  write(ws.root, 'tools/other.sh', '#!/bin/sh\n', 0o755)
  fs.mkdirSync(path.join(ws.root, 'bin'))
  fs.symlinkSync('../tools/tool.sh', path.join(ws.root, 'bin/tool'))
  pyTarget = write(ws.outside, 'python3', 'not really python\n', 0o755)
  fs.symlinkSync(pyTarget, path.join(ws.root, 'bin/python'))
  await add(ws, 'bin/tool', '--id', 'tool')
  await add(ws, 'bin/python', '--id', 'py', '--tier', '0')
})

afterEach(() => ws.cleanup())

const relink = (rel: string, target: string): void => {
  const abs = path.join(ws.root, rel)
  fs.rmSync(abs)
  fs.symlinkSync(target, abs)
}

describe('link: healthy', () => {
  it('an inside link resolves OK; an outside link is OK "outside", not followed', async () => {
    const c = await checkJson(ws)
    expect(c.code).toBe(0)
    expect(c.get('tool')).toMatchObject({
      kind: 'link',
      status: 'OK',
      reason: 'ok',
      detail: '-> ../tools/tool.sh',
      recorded: { type: 'symlink', target: '../tools/tool.sh' },
      found: { type: 'symlink', target: '../tools/tool.sh' },
      tier: 1
    })
    expect(c.get('py')).toMatchObject({
      status: 'OK',
      reason: 'outside',
      detail: `-> ${pyTarget} (outside the workspace, not followed)`,
      tier: 0
    })
  })

  it('a link chain inside the workspace is followed hop by hop', async () => {
    fs.symlinkSync('tool', path.join(ws.root, 'bin/tool2'))
    await add(ws, 'bin/tool2', '--id', 'tool2')
    expect((await checkJson(ws, '--only', 'tool2')).get('tool2').status).toBe('OK')
    fs.rmSync(path.join(ws.root, 'tools/tool.sh'))
    const f = (await checkJson(ws, '--only', 'tool2')).get('tool2')
    expect(f).toMatchObject({ status: 'BROKENLNK', reason: 'dangling' })
  })
})

describe('link: real damage', () => {
  it('retargeted: CORRUPT target, both targets shown', async () => {
    relink('bin/tool', '../tools/other.sh')
    const c = await checkJson(ws)
    expect(c.code).toBe(1)
    const f = c.get('tool')
    expect(f).toMatchObject({ status: 'CORRUPT', reason: 'target' })
    expect(f.detail).toBe('points to ../tools/other.sh (want ../tools/tool.sh)')
    expect(f.recorded).toEqual({ type: 'symlink', target: '../tools/tool.sh' })
    expect(f.found).toEqual({ type: 'symlink', target: '../tools/other.sh' })
  })

  it('retargeted outside the workspace: CORRUPT target, says outside', async () => {
    relink('bin/tool', '/etc/passwd')
    const f = (await checkJson(ws)).get('tool')
    expect(f).toMatchObject({ status: 'CORRUPT', reason: 'target' })
    expect(f.detail).toBe('points to /etc/passwd, outside the workspace (want ../tools/tool.sh)')
  })

  it('target deleted: BROKENLNK dangling, naming what is absent', async () => {
    fs.rmSync(path.join(ws.root, 'tools/tool.sh'))
    const c = await checkJson(ws)
    const f = c.get('tool')
    expect(f).toMatchObject({ status: 'BROKENLNK', reason: 'dangling' })
    expect(f.detail).toBe('-> ../tools/tool.sh: tools/tool.sh absent')
    expect(f.found).toEqual({ type: 'symlink', target: '../tools/tool.sh' })
    expect(c.code).toBe(1)
  })

  it('a link loop: BROKENLNK, not a hang', async () => {
    // Added while it leads somewhere (add refuses a loop), then turned into one.
    fs.symlinkSync('loop-b', path.join(ws.root, 'bin/loop-a'))
    fs.symlinkSync('../tools/tool.sh', path.join(ws.root, 'bin/loop-b'))
    await add(ws, 'bin/loop-a', '--id', 'loop')
    fs.rmSync(path.join(ws.root, 'bin/loop-b'))
    fs.symlinkSync('loop-a', path.join(ws.root, 'bin/loop-b'))
    const f = (await checkJson(ws, '--only', 'loop')).get('loop')
    expect(f).toMatchObject({ status: 'BROKENLNK', reason: 'dangling' })
    expect(f.detail).toContain('a loop?')
  })

  it('outside target deleted: still OK "outside", because it is never followed', async () => {
    fs.rmSync(pyTarget)
    const f = (await checkJson(ws)).get('py')
    expect(f).toMatchObject({ status: 'OK', reason: 'outside' })
  })

  it('a relative target that climbs out, or runs through a parent link leading out: OK "outside"', async () => {
    fs.symlinkSync('../../outside/missing', path.join(ws.root, 'bin/up'))
    fs.symlinkSync(ws.outside, path.join(ws.root, 'ext'))
    fs.symlinkSync('../ext/nothing-here', path.join(ws.root, 'bin/via'))
    await add(ws, 'bin/up', '--id', 'up')
    await add(ws, 'bin/via', '--id', 'via')
    const c = await checkJson(ws, '--only', 'up', 'via')
    expect(c.get('up')).toMatchObject({ status: 'OK', reason: 'outside' })
    expect(c.get('via')).toMatchObject({ status: 'OK', reason: 'outside' })
  })

  it('replaced by a regular file: TYPE', async () => {
    const abs = path.join(ws.root, 'bin/tool')
    fs.rmSync(abs)
    fs.writeFileSync(abs, '#!/bin/sh\n')
    const f = (await checkJson(ws)).get('tool')
    expect(f).toMatchObject({ status: 'TYPE', reason: 'type' })
    expect(f.detail).toBe('is a file (want a symlink to ../tools/tool.sh)')
    expect(f.recorded).toEqual({ type: 'symlink', target: '../tools/tool.sh' })
    expect(f.found).toEqual({ type: 'file' })
  })

  it('deleted: MISSING absent', async () => {
    fs.rmSync(path.join(ws.root, 'bin/tool'))
    const f = (await checkJson(ws)).get('tool')
    expect(f).toMatchObject({ status: 'MISSING', reason: 'absent', detail: 'link absent' })
    expect(f.found).toEqual({ type: 'none' })
  })
})
