/**
 * The SARIF 2.1.0 shape code scanning reads, from reports made by `buildReport`: one rule per
 * damaged status, one result per damaged entry (most severe first), each pointing at the rule by
 * index and at the manifest line that declares the entry, its message escaped, a fingerprint that
 * stays put between runs; a healthy report has no results.
 */
import { describe, expect, it } from '@jest/globals'
import { fileEntry } from '../../../__fixtures__/manifest.js'
import { finding, RAW_CONTROL, reportFor } from '../../../__fixtures__/report.js'
import { toSarif } from '../../../src/core/report/sarif.js'
import { STATUSES, type Finding } from '../../../src/core/types.js'

interface Rule {
  id: string
  name: string
  shortDescription: { text: string }
  help: { text: string }
  defaultConfiguration: { level: string }
}
interface Result {
  ruleId: string
  ruleIndex: number
  level: string
  message: { text: string }
  locations: {
    physicalLocation: { artifactLocation: { uri: string }; region: { startLine: number } }
    logicalLocations: { name: string; fullyQualifiedName: string; kind: string }[]
  }[]
  partialFingerprints: { swrEntry: string }
  properties: Record<string, unknown>
}
interface Sarif {
  $schema: string
  version: string
  runs: {
    tool: { driver: { name: string; version: string; rules: Rule[] } }
    results: Result[]
    properties: { verdict: string; wipeSignature: string; manifestDigest: string }
  }[]
}

const URI = '.swr/manifest.json'

function sarif(findings: Finding[], lines = new Map<string, number>()): Sarif {
  return toSarif(reportFor(findings), { manifestUri: URI, lines }) as Sarif
}

function run(s: Sarif) {
  expect(s.runs).toHaveLength(1)
  const r = s.runs[0]
  if (!r) throw new Error('no run')
  return r
}

describe('toSarif', () => {
  it('is SARIF 2.1.0 with one rule per damaged status', () => {
    const s = sarif([finding('a', 'OK')])
    expect(s.version).toBe('2.1.0')
    expect(s.$schema).toMatch(/sarif-2\.1\.0/)
    const { tool, results, properties } = run(s)
    expect(tool.driver).toMatchObject({ name: 'swr', version: 'test' })
    expect(tool.driver.rules.map(r => r.id)).toEqual(
      STATUSES.filter(x => x !== 'OK').map(x => `swr/${x}`)
    )
    for (const rule of tool.driver.rules) {
      expect(rule.shortDescription.text).toMatch(/^[A-Z].+\.$/)
      expect(rule.help.text).toMatch(/^[A-Z].+\.$/)
      expect(['error', 'warning', 'note']).toContain(rule.defaultConfiguration.level)
    }
    expect(results).toEqual([])
    expect(properties).toEqual({
      verdict: 'healthy',
      wipeSignature: 'healthy',
      manifestDigest: 'd'.repeat(64)
    })
  })

  it('one result per damaged entry, most severe first, pointing at its rule and declaration line', () => {
    const findings = [
      finding('ok', 'OK'),
      finding('run', 'STRIPPED', { tier: 0 }),
      finding('bad', 'CORRUPT', { tier: 2 }),
      finding('gone', 'MISSING', { tier: 3 }),
      finding('lost', 'MISSING', { tier: 1 })
    ]
    const lines = new Map([
      ['run', 7],
      ['bad', 19],
      ['gone', 31]
    ])
    const { tool, results, properties } = run(sarif(findings, lines))
    expect(properties.verdict).toBe('damaged')
    expect(results.map(r => `${r.ruleId} ${r.locations[0]?.logicalLocations[0]?.name}`)).toEqual([
      'swr/MISSING lost',
      'swr/MISSING gone',
      'swr/CORRUPT bad',
      'swr/STRIPPED run'
    ])
    for (const r of results) {
      expect(tool.driver.rules[r.ruleIndex]?.id).toBe(r.ruleId)
      expect(r.level).toBe(tool.driver.rules[r.ruleIndex]?.defaultConfiguration.level)
      expect(r.locations[0]?.physicalLocation.artifactLocation.uri).toBe(URI)
    }
    expect(results.map(r => r.locations[0]?.physicalLocation.region.startLine)).toEqual([
      1, 31, 19, 7
    ])
    expect(results.map(r => r.level)).toEqual(['error', 'error', 'error', 'warning'])
  })

  it('the message names status, entry, path, detail and the fix; the properties carry the finding', () => {
    const f = finding('conf', 'MISSING', { detail: 'not found', tier: 2 })
    const entries = [fileEntry('conf', 'etc/conf', { restore: 'cp a etc/conf' })]
    const report = reportFor([f], { entries })
    const s = toSarif(report, { manifestUri: URI, lines: new Map() }) as Sarif
    const [r] = run(s).results
    const fix = report.diagnosis.advice[0]?.fix ?? ''
    expect(fix).not.toBe('')
    expect(r?.message.text).toBe(`MISSING conf (etc/conf): not found. Fix: ${fix}`)
    expect(r?.locations[0]?.logicalLocations).toEqual([
      { name: 'conf', fullyQualifiedName: 'file:etc/conf', kind: 'resource' }
    ])
    expect(r?.properties).toEqual({
      tier: 2,
      kind: 'file',
      path: 'etc/conf',
      reason: 'size',
      recorded: f.recorded,
      found: f.found
    })
  })

  it('the fingerprint depends on entry, status and reason only, not on detail or timing', () => {
    const a = run(sarif([finding('x', 'CORRUPT', { detail: '1 byte', reason: 'size' })])).results
    const b = run(sarif([finding('x', 'CORRUPT', { detail: '2 bytes', reason: 'size' })])).results
    const c = run(sarif([finding('x', 'CORRUPT', { reason: 'content' })])).results
    expect(a[0]?.partialFingerprints).toEqual({ swrEntry: 'x/CORRUPT/size' })
    expect(b[0]?.partialFingerprints).toEqual(a[0]?.partialFingerprints)
    expect(c[0]?.partialFingerprints).not.toEqual(a[0]?.partialFingerprints)
  })

  it('escapes hostile paths and details in the message; every damaged entry is there', () => {
    const findings = [
      finding('nl', 'MISSING', { path: 'a\n::error::fake', detail: 'gone\r' }),
      finding('esc', 'CORRUPT', { path: 'e\x1b[2K', detail: 'b\u202etxt.exe' }),
      finding('bytes', 'EMPTY', { path: 'caf\udce9', detail: 'c1 \x9b' })
    ]
    const { results } = run(sarif(findings))
    expect(results.map(r => r.locations[0]?.logicalLocations[0]?.name).sort()).toEqual([
      'bytes',
      'esc',
      'nl'
    ])
    const text = results.map(r => r.message.text).join('\n')
    expect(text).not.toMatch(RAW_CONTROL)
    expect(text).toContain('MISSING nl (a\\n::error::fake): gone\\r')
    expect(text).toContain('CORRUPT esc (e\\x1b[2K): b\\u202etxt.exe')
    expect(text).toContain('EMPTY bytes (caf\\xe9): c1 \\x9b')
    // The properties keep the raw data (JSON escapes it); only the message is for display.
    expect(results.find(r => r.ruleId === 'swr/MISSING')?.properties.path).toBe('a\n::error::fake')
  })
})
