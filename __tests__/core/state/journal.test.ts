/**
 * The restore journal called directly: what an interrupted run repaired is resumed, a finished run
 * is not, a journal of another manifest digest or workspace (or one whose header cannot be read)
 * is ignored, a torn last line keeps what came before it, and the files are private.
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { openJournal, resumeState } from '../../../src/core/state/journal.js'

const DIGEST = 'a'.repeat(64)
const OTHER = 'b'.repeat(64)
const NOW = new Date('2025-01-01T00:00:00Z')

let base = ''
let stateDir = ''
let ws = ''

beforeEach(() => {
  base = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'swr-journal-')))
  stateDir = path.join(base, 'state')
  ws = path.join(base, 'ws')
  fs.mkdirSync(ws)
})
afterEach(() => fs.rmSync(base, { recursive: true, force: true }))

const repaired = (id: string) => ({ id, outcome: 'repaired', at: NOW.toISOString() })
const state = (digest = DIGEST, w = ws) => {
  const s = resumeState(stateDir, w, digest)
  return { interrupted: s.interrupted, repaired: [...s.repaired].sort() }
}

describe('resumeState', () => {
  it('no journal: nothing to resume', () => {
    expect(state()).toEqual({ interrupted: false, repaired: [] })
  })

  it('an interrupted run: its repaired entries, not the failed ones', () => {
    const j = openJournal(stateDir, ws, DIGEST, NOW, false)
    j.append(repaired('b'))
    j.append({ id: 'c', outcome: 'failed', at: NOW.toISOString() })
    j.append(repaired('a'))
    expect(state()).toEqual({ interrupted: true, repaired: ['a', 'b'] })
  })

  it('events appended together (a batch of escrow restores) resume like single ones', () => {
    const j = openJournal(stateDir, ws, DIGEST, NOW, false)
    j.appendAll([])
    j.appendAll([
      repaired('b'),
      { id: 'c', outcome: 'failed', at: NOW.toISOString() },
      repaired('a')
    ])
    j.append(repaired('d'))
    expect(state()).toEqual({ interrupted: true, repaired: ['a', 'b', 'd'] })
    expect(fs.readFileSync(j.file, 'utf8').split('\n').filter(Boolean)).toHaveLength(5)
  })

  it('a run that started and repaired nothing yet is still interrupted', () => {
    openJournal(stateDir, ws, DIGEST, NOW, false)
    expect(state()).toEqual({ interrupted: true, repaired: [] })
  })

  it('a finished run is not resumed', () => {
    const j = openJournal(stateDir, ws, DIGEST, NOW, false)
    j.append(repaired('a'))
    j.close()
    expect(state()).toEqual({ interrupted: false, repaired: [] })
  })

  it('a journal of another manifest digest is not resumed', () => {
    const j = openJournal(stateDir, ws, OTHER, NOW, false)
    j.append(repaired('a'))
    expect(state(DIGEST)).toEqual({ interrupted: false, repaired: [] })
    expect(state(OTHER)).toEqual({ interrupted: true, repaired: ['a'] })
  })

  it('each workspace has its own journal; one carried over to another workspace is not resumed', () => {
    const other = path.join(base, 'other')
    fs.mkdirSync(other)
    const mine = openJournal(stateDir, ws, DIGEST, NOW, false)
    mine.append(repaired('a'))
    expect(state(DIGEST, other)).toEqual({ interrupted: false, repaired: [] })
    const theirs = openJournal(stateDir, other, DIGEST, NOW, false)
    expect(theirs.file).not.toBe(mine.file)
    fs.copyFileSync(mine.file, theirs.file)
    expect(state(DIGEST, other)).toEqual({ interrupted: false, repaired: [] })
    expect(state(DIGEST, ws)).toEqual({ interrupted: true, repaired: ['a'] })
  })

  it('the workspace is compared resolved: a relative spelling finds the same journal', () => {
    const j = openJournal(stateDir, ws, DIGEST, NOW, false)
    j.append(repaired('a'))
    expect(state(DIGEST, path.relative(process.cwd(), ws))).toEqual({
      interrupted: true,
      repaired: ['a']
    })
  })

  it('a torn last line (a killed run) keeps the events before it', () => {
    const j = openJournal(stateDir, ws, DIGEST, NOW, false)
    j.append(repaired('a'))
    fs.appendFileSync(j.file, '{"id":"b","outcome":"repai')
    expect(state()).toEqual({ interrupted: true, repaired: ['a'] })
  })

  it.each([
    ['empty', ''],
    ['not JSON', 'garbage\n{"id":"a","outcome":"repaired","at":"x"}\n'],
    ['a header of another version', `{"v":2,"digest":"${DIGEST}"}\n`]
  ])('a journal whose header cannot be read (%s) is ignored', (_name, text) => {
    const j = openJournal(stateDir, ws, DIGEST, NOW, false)
    fs.writeFileSync(j.file, text)
    expect(state()).toEqual({ interrupted: false, repaired: [] })
  })
})

describe('openJournal', () => {
  it('writes a header naming the digest, the workspace and the start; private files', () => {
    const j = openJournal(stateDir, ws, DIGEST, NOW, false)
    const lines = fs.readFileSync(j.file, 'utf8').split('\n')
    expect(JSON.parse(lines[0] ?? '')).toEqual({
      v: 1,
      digest: DIGEST,
      workspace: ws,
      started: NOW.toISOString()
    })
    expect(lines.slice(1)).toEqual([''])
    expect(fs.statSync(j.file).mode & 0o777).toBe(0o600)
    expect(fs.statSync(path.dirname(j.file)).mode & 0o777).toBe(0o700)
    expect(path.dirname(path.dirname(j.file))).toBe(stateDir)
  })

  it('resuming an interrupted run keeps its events; not resuming starts afresh', () => {
    const first = openJournal(stateDir, ws, DIGEST, NOW, false)
    first.append(repaired('a'))
    const resumed = openJournal(stateDir, ws, DIGEST, NOW, true)
    resumed.append(repaired('b'))
    expect(state()).toEqual({ interrupted: true, repaired: ['a', 'b'] })
    openJournal(stateDir, ws, DIGEST, NOW, false)
    expect(state()).toEqual({ interrupted: true, repaired: [] })
  })

  it('resuming after a finished run starts afresh', () => {
    const first = openJournal(stateDir, ws, DIGEST, NOW, false)
    first.append(repaired('a'))
    first.close()
    openJournal(stateDir, ws, DIGEST, NOW, true).append(repaired('b'))
    expect(state()).toEqual({ interrupted: true, repaired: ['b'] })
    expect(fs.readFileSync(first.file, 'utf8').trimEnd().split('\n')).toHaveLength(2)
  })

  it('resuming over a journal of another digest starts afresh for this one', () => {
    openJournal(stateDir, ws, OTHER, NOW, false).append(repaired('a'))
    openJournal(stateDir, ws, DIGEST, NOW, true).append(repaired('b'))
    expect(state(DIGEST)).toEqual({ interrupted: true, repaired: ['b'] })
    expect(state(OTHER)).toEqual({ interrupted: false, repaired: [] })
  })

  it('close appends one "finished" line after the events', () => {
    const j = openJournal(stateDir, ws, DIGEST, NOW, false)
    j.append(repaired('a'))
    j.close()
    const events = fs
      .readFileSync(j.file, 'utf8')
      .trimEnd()
      .split('\n')
      .slice(1)
      .map(l => JSON.parse(l) as { id: string; outcome: string })
    expect(events.map(e => `${e.id} ${e.outcome}`)).toEqual(['a repaired', '* finished'])
  })
})
