/**
 * syncFiles on a real file system: a batch large enough for one `sync -f` and a small one synced
 * file by file both return with every file as written; file by file, a name that is a link is
 * never followed (ELOOP) and a missing file is an error, never a silent success.
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { syncFiles } from '../../../src/core/fs/sync.js'

let dir = ''
beforeEach(() => {
  dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'swr-sync-')))
})
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }))

const files = (n: number): string[] =>
  Array.from({ length: n }, (_, i) => {
    const f = path.join(dir, `f${i}`)
    fs.writeFileSync(f, `file ${i}\n`)
    return f
  })

describe('syncFiles', () => {
  it('a batch synced at once and a small one synced file by file keep every byte', () => {
    const many = files(64)
    syncFiles(many, [dir])
    const few = files(3)
    syncFiles(few, [dir])
    for (const [i, f] of [...many].entries()) expect(fs.readFileSync(f, 'utf8')).toBe(`file ${i}\n`)
    syncFiles([], [])
  })

  it('file by file: a link is not followed, a missing file throws', () => {
    const [target] = files(1)
    const link = path.join(dir, 'link')
    fs.symlinkSync(target as string, link)
    expect(() => syncFiles([link], [dir])).toThrow(expect.objectContaining({ code: 'ELOOP' }))
    expect(() => syncFiles([path.join(dir, 'gone')], [dir])).toThrow(
      expect.objectContaining({ code: 'ENOENT' })
    )
  })
})
