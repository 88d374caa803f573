/**
 * The sealed archive is written in one pass (each file read once: hashed for the seal and archived
 * from the same bytes). Its seal must be byte for byte the seal a capture makes on its own, and
 * the archive (the seal's frame, then the body's) must extract with the system's `tar` and zstd.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { makeSeal } from '../../../src/core/seal/make.js'
import { ArchiveBody, joinSealed, SEAL_MEMBER } from '../../../src/core/seal/write-archive.js'
import type { SealLocation } from '../../../src/core/seal/locations.js'

let tmp: string
const at = new Date('2026-01-05T10:00:00Z')

/** A tree with every kind of member a dependency tree has, and some it rarely has. */
function makeTree(root: string): void {
  const put = (rel: string, data: string | Buffer, mode = 0o644) => {
    fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true })
    fs.writeFileSync(path.join(root, rel), data, { mode })
  }
  put('package.json', '{"name":"x"}')
  put('empty', '')
  put('bin/tool', '#!/bin/sh\necho hi\n', 0o755)
  put('big/blob.bin', Buffer.alloc(3 * 1024 * 1024 + 17, 7))
  put('exactly/1mib', Buffer.alloc(1024 * 1024, 1))
  for (let i = 0; i < 300; i++) put(`lib/d${i % 13}/f${i}.js`, `module.exports = ${i}\n`)
  put('.cache/skip.me', 'not sealed')
  put(`long/${'n'.repeat(120)}/${'m'.repeat(110)}.js`, 'long name\n')
  fs.symlinkSync('../package.json', path.join(root, 'lib/pkg'))
  fs.symlinkSync('x'.repeat(150), path.join(root, 'lib/long-target'))
  fs.linkSync(path.join(root, 'bin/tool'), path.join(root, 'bin/tool-again'))
  fs.linkSync(path.join(root, 'lib/d1/f1.js'), path.join(root, 'lib/d2/hard.js'))
  execFileSync('mkfifo', [path.join(root, 'lib/a-fifo')])
  fs.mkdirSync(path.join(root, 'empty-dir'))
  // A name that is not UTF-8, walked and archived as its bytes.
  fs.writeFileSync(
    Buffer.concat([
      Buffer.from(path.join(root, 'lib/')),
      Buffer.from([0x6e, 0xff, 0x2e, 0x6a, 0x73])
    ]),
    'bytes'
  )
  // Enough directories for a capture to walk on its worker threads.
  for (let d = 0; d < 40; d++)
    for (let f = 0; f < 60; f++) put(`many/p${d}/sub/f${f}.js`, `// ${d} ${f}\n`.repeat(f))
}

beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'swr-one-pass-'))
  makeTree(path.join(tmp, 'ws', 'node_modules'))
  fs.writeFileSync(path.join(tmp, 'ws', 'lock.json'), '{}')
  fs.symlinkSync('lock.json', path.join(tmp, 'ws', 'lock-link'))
})
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }))

function locations(): SealLocation[] {
  const ws = path.join(tmp, 'ws')
  return [
    {
      spelling: 'node_modules',
      abs: path.join(ws, 'node_modules'),
      member: 'node_modules',
      ignore: ['.cache']
    },
    { spelling: 'lock.json', abs: path.join(ws, 'lock.json'), member: 'lock.json' },
    { spelling: 'lock-link', abs: path.join(ws, 'lock-link'), member: 'lock-link' }
  ]
}

async function oneArchive(dir: string): Promise<{ file: string; seal: Buffer; sealJson: string }> {
  fs.mkdirSync(dir, { recursive: true })
  const body = ArchiveBody.open(path.join(dir, 'body'), at)
  const seal = await makeSeal(
    { key: 'k', patterns: ['node_modules'], locations: locations(), at },
    body
  )
  const compression = await body.finish()
  const sealJson = JSON.stringify(seal)
  const file = path.join(dir, 'cache.tzst')
  await joinSealed(file, Buffer.from(sealJson), path.join(dir, 'body'), compression, at)
  expect(compression).toBe('zstd')
  return { file, seal: Buffer.from(sealJson), sealJson }
}

describe('the one-pass sealed archive', () => {
  it('records the same seal, byte for byte, as a capture that writes no archive', async () => {
    const alone = JSON.stringify(
      await makeSeal({ key: 'k', patterns: ['node_modules'], locations: locations(), at })
    )
    const { sealJson } = await oneArchive(path.join(tmp, 'a'))
    expect(sealJson).toBe(alone)
    const links = JSON.parse(sealJson).paths[0].links
    expect(links).toEqual([
      ['bin/tool-again', 'bin/tool'],
      ['lib/d2/hard.js', 'lib/d1/f1.js']
    ])
  })

  it('extracts with tar and zstd: the seal first, every file, hard links as links, nothing ignored', async () => {
    const { file, seal } = await oneArchive(path.join(tmp, 'b'))
    const out = path.join(tmp, 'b', 'out')
    fs.mkdirSync(out)
    const listed = execFileSync('tar', ['--zstd', '-tf', file], { encoding: 'utf8' }).split('\n')
    expect(listed[0]).toBe(SEAL_MEMBER)
    execFileSync('tar', ['--zstd', '-xf', file, '-C', out])
    expect(fs.readFileSync(path.join(out, SEAL_MEMBER)).equals(seal)).toBe(true)
    const src = path.join(tmp, 'ws', 'node_modules')
    const got = path.join(out, 'node_modules')
    for (const rel of [
      'package.json',
      'empty',
      'big/blob.bin',
      'exactly/1mib',
      'lib/d5/f5.js',
      `long/${'n'.repeat(120)}/${'m'.repeat(110)}.js`
    ])
      expect(
        fs.readFileSync(path.join(got, rel)).equals(fs.readFileSync(path.join(src, rel)))
      ).toBe(true)
    expect(fs.statSync(path.join(got, 'bin/tool')).mode & 0o777).toBe(0o755)
    expect(fs.statSync(path.join(got, 'bin/tool')).ino).toBe(
      fs.statSync(path.join(got, 'bin/tool-again')).ino
    )
    expect(fs.statSync(path.join(got, 'lib/d2/hard.js')).nlink).toBe(2)
    expect(fs.readlinkSync(path.join(got, 'lib/pkg'))).toBe('../package.json')
    expect(fs.readlinkSync(path.join(got, 'lib/long-target'))).toBe('x'.repeat(150))
    expect(fs.existsSync(path.join(got, '.cache'))).toBe(false)
    expect(fs.existsSync(path.join(got, 'lib/a-fifo'))).toBe(false)
    expect(fs.statSync(path.join(got, 'empty-dir')).isDirectory()).toBe(true)
    expect(fs.readlinkSync(path.join(out, 'lock-link'))).toBe('lock.json')
    expect(fs.readFileSync(path.join(out, 'lock.json'), 'utf8')).toBe('{}')
  })
})
