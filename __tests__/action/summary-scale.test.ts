/**
 * The job summary of a cold start at scale, through the bundled Action: 3,000 damaged entries,
 * 1,800 MISSING and 1,200 CORRUPT. It leads with the counts of each status (thousands
 * separators), each status's cause and what to do, and the wipe signature; then one collapsible
 * table per status, each bounded, ending with "… and N more" pointing at the full report; the
 * manifest path relative to the repository; under GitHub's 1 MiB per step. An entry path made to
 * break out of the table, the collapsible section or the log stays literal text.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { createHash } from 'node:crypto'
import {
  makeRepo,
  NODES,
  runAction,
  snapshotAction,
  type ActionRepo,
  type ActionRun
} from '../../__fixtures__/action.js'
import { fileEntry, validDoc, writeManifest } from '../../__fixtures__/manifest.js'
import { write } from '../../__fixtures__/workspace.js'
import { GITHUB_SUMMARY_BYTES } from '../../src/core/report/limits.js'
import { SECTION_ROWS } from '../../src/core/report/markdown.js'

const MISSING = 1800
const CORRUPT = 1200
const HOSTILE = 'gone/x|</details><img src=x onerror=alert(1)>`[a](javascript:1)\n::error::'
const node = (NODES[0] ?? { bin: process.execPath }).bin
let repo: ActionRepo
let r: ActionRun

beforeAll(() => {
  repo = makeRepo()
  const script = snapshotAction(repo.base)
  const sha256 = createHash('sha256').update('x\n').digest('hex')
  const expect = { size: 2, sha256, mode: '0644' }
  const entries = [
    ...Array.from({ length: MISSING - 1 }, (_, i) =>
      fileEntry(`gone-${i}`, `gone/f${i}`, { expect })
    ),
    fileEntry('a-hostile', HOSTILE.replace('\n', ' '), { expect }),
    ...Array.from({ length: CORRUPT }, (_, i) => {
      write(repo.root, `bad/f${i}`, 'y\n', 0o644)
      return fileEntry(`bad-${i}`, `bad/f${i}`, { expect })
    })
  ]
  writeManifest(repo.root, validDoc({ entries }))
  r = runAction(node, script, repo, { inputs: { command: 'check' } })
}, 120_000)

afterAll(() => repo?.cleanup())

describe('the job summary of 3,000 damaged entries', () => {
  it('stays under 1 MiB and leads with the count of each status', () => {
    expect(r.status).toBe(1)
    expect(Buffer.byteLength(r.summary)).toBeLessThan(GITHUB_SUMMARY_BYTES)
    expect(r.summary).toContain('0/3,000 entries healthy')
    expect(r.summary).toContain('**3,000 damaged:** 1,800 MISSING · 1,200 CORRUPT')
    expect(r.summary).toMatch(/^- \*\*MISSING\*\* \(1,800\): .+\. To do: .+\.$/m)
    expect(r.summary).toMatch(/^- \*\*CORRUPT\*\* \(1,200\): .+\. To do: .+\.$/m)
    expect(r.summary).toMatch(/^\*\*Wipe signature:\*\* `\S+`: .+ To do: .+\.$/m)
  })

  it('gives each status a collapsible table, bounded, counting the rest', () => {
    const link = `\`${r.outputs['report-path']}\``
    for (const [status, n] of [
      ['MISSING', MISSING],
      ['CORRUPT', CORRUPT]
    ] as const) {
      const at = r.summary.indexOf(
        `<details><summary>${status}: ${n.toLocaleString('en-US')} entries</summary>`
      )
      expect(at).toBeGreaterThan(0)
      const section = r.summary.slice(at, r.summary.indexOf('</details>\n', at))
      const rows = section.split('\n').filter(l => /^\| `/.test(l))
      expect(rows.length).toBe(SECTION_ROWS)
      const rest = (n - SECTION_ROWS).toLocaleString('en-US')
      expect(section).toContain(`| … and ${rest} more ${status} | | | see ${link} | | |`)
    }
  })

  it('names the manifest relative to the repository', () => {
    expect(r.summary).toMatch(/<sub>manifest \.swr/)
    expect(r.summary).not.toContain(repo.root)
  })

  it('keeps a hostile path literal: one code span, no cell, tag or line of its own', () => {
    const row = r.summary.split('\n').find(l => l.startsWith('| `a-hostile` |')) ?? ''
    // The whole path is one code span (nothing inside is Markdown or HTML), its `|` escaped.
    expect(row).toMatch(/^\| `a-hostile` \| `[^`]*<\/details><img [^`]*` \| 1 \| /)
    expect(row.replace(/\\\|/g, '').split('|')).toHaveLength(8)
    expect(r.summary.match(/^<\/details>$/gm)?.length).toBe(2)
    expect(r.summary).not.toMatch(/^::error::/m)
  })
})

describe('doctor on an unsigned manifest whose plan holds only the modes source', () => {
  let run: ActionRun
  let other: ActionRepo
  beforeAll(() => {
    other = makeRepo()
    const script = snapshotAction(other.base)
    const sha256 = createHash('sha256').update('#!/bin/sh\n').digest('hex')
    write(other.root, 'bin/run.sh', '#!/bin/sh\n', 0o644)
    writeManifest(
      other.root,
      validDoc({
        entries: [fileEntry('run', 'bin/run.sh', { expect: { size: 10, sha256, mode: '0755' } })]
      })
    )
    run = runAction(node, script, other, { inputs: { command: 'doctor' } })
  }, 60_000)
  afterAll(() => other?.cleanup())

  it('is refused a restore, not "recipes", in the log and the summary', () => {
    const text = `${run.stdout}\n${run.summary}`
    expect(text).not.toMatch(/no recipe ran/i)
    expect(run.stdout).toMatch(
      /::error::swr: refusing to restore from a manifest this run does not trust: .+; its modes source runs no manifest code, but places what its record names, so it waits for the signature too\. The workspace was verified and reported only\./
    )
    expect(run.summary).toMatch(/^> Nothing was restored: refusing to restore from a manifest/m)
  })
})
