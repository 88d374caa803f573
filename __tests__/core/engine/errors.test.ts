/**
 * classifyError, the one decision both shells make about a run that stopped with an error: real
 * errors from the real file system and from swr's own loaders, never hand-built errno objects.
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import {
  classifyBug,
  classifyError,
  EXIT,
  loadManifest,
  SwrError,
  UsageError
} from '../../../src/core/index.js'
import { diskError, InternalError } from '../../../src/core/errors.js'

let dir: string

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'swr-errors-'))
})

afterEach(() => fs.rmSync(dir, { recursive: true, force: true }))

function caught(fn: () => unknown): unknown {
  try {
    fn()
  } catch (err) {
    return err
  }
  throw new Error('expected a throw')
}

describe('classifyError', () => {
  it('a manifest that does not parse is invalid, exit 4, its own line, kind BAD_MANIFEST', () => {
    const file = path.join(dir, 'manifest.json')
    fs.writeFileSync(file, '{"body": {"schema": 3,\n')
    const c = classifyError(caught(() => loadManifest(file, {})))
    expect(c).toMatchObject({
      kind: 'BAD_MANIFEST',
      outcome: { status: 'invalid', exitCode: EXIT.BAD_MANIFEST }
    })
    expect(c.line).toContain('manifest.json')
    expect(c.stack).toBeUndefined()
  })

  it('an SwrError keeps its exit code; its kind follows the code unless the thrower names one', () => {
    expect(classifyError(new UsageError('--only: no such entry'))).toEqual({
      kind: 'USAGE',
      outcome: { status: 'invalid', exitCode: EXIT.BAD_MANIFEST },
      line: '--only: no such entry'
    })
    expect(classifyError(new SwrError('refusing', EXIT.UNREPAIRABLE))).toMatchObject({
      kind: 'REFUSED',
      outcome: { status: 'refused', exitCode: 2 }
    })
    expect(classifyError(new SwrError('lost the lock', EXIT.CONFLICT))).toMatchObject({
      kind: 'CONFLICT',
      outcome: { status: 'error', exitCode: 75 }
    })
    expect(classifyError(new SwrError('stopped', EXIT.INTERRUPTED))).toMatchObject({
      kind: 'INTERRUPTED',
      outcome: { status: 'error', exitCode: 130 }
    })
  })

  it('an SwrError carries no `code`, so no errno reader takes it for a system error', () => {
    expect('code' in new SwrError('x', EXIT.WRITE_FAILED)).toBe(false)
  })

  it('a disk error is WRITE_FAILED, exit 74, one line naming the file', () => {
    // The kernel's own ENOSPC where /dev/full exists; the shape of Node's error otherwise.
    const err = fs.existsSync('/dev/full')
      ? caught(() => fs.writeFileSync('/dev/full', 'x'))
      : Object.assign(new Error('ENOSPC: no space left on device, write'), {
          code: 'ENOSPC',
          path: '/dev/full'
        })
    const c = classifyError(err)
    expect(c).toEqual({
      kind: 'WRITE_FAILED',
      outcome: { status: 'error', exitCode: EXIT.WRITE_FAILED },
      line: diskError(err)?.message
    })
    expect(c.line).toMatch(/^cannot write .*: no space left on the device \(ENOSPC\)$/)
  })

  it('a file system error with a path is ACCESS: something the user can fix, exit 4, not a bug', () => {
    const c = classifyError(caught(() => fs.readFileSync(path.join(dir, 'gone'))))
    expect(c).toEqual({
      kind: 'ACCESS',
      outcome: { status: 'invalid', exitCode: EXIT.BAD_MANIFEST },
      line: `open ${path.join(dir, 'gone')}: ENOENT`
    })
  })

  it('anything else is a bug: status error, exit 70 (never 1 or 2), one line, the stack kept', () => {
    const c = classifyError(new TypeError('cannot read x\nof undefined'))
    expect(c.kind).toBe('INTERNAL')
    expect(c.outcome).toEqual({ status: 'error', exitCode: EXIT.INTERNAL })
    expect(c.line).toBe('internal error: TypeError: cannot read x of undefined')
    expect(c.stack).toContain('errors.test')
    expect(classifyError(new InternalError('a plan without waves')).line).toBe(
      'internal error: a plan without waves'
    )
    expect(classifyError('thrown text').line).toBe('internal error: Error: thrown text')
    expect(classifyError(new Error('y'.repeat(1000))).line.length).toBeLessThan(330)
  })

  it('classifyBug makes a bug of anything, a one-line error included', () => {
    expect(classifyBug(new UsageError('bad flag'))).toMatchObject({
      kind: 'INTERNAL',
      outcome: { exitCode: EXIT.INTERNAL },
      line: 'internal error: UsageError: bad flag'
    })
  })
})
