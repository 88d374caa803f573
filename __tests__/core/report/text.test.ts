/**
 * The text renderer the CLI prints, called directly on reports made by `buildReport` (and once on
 * a real check of a temp workspace): every damaged entry is named on its own line, healthy ones
 * only with --all, the summary and the fix name what to run, hostile names (newline, ESC, CSI,
 * bidi, bytes that are not UTF-8) are shown escaped and never break a line, and colour appears
 * only when asked.
 */
import { afterEach, describe, expect, it } from '@jest/globals'
import fs from 'node:fs'
import path from 'node:path'
import { fileEntry, linkEntry, treeEntry } from '../../../__fixtures__/manifest.js'
import { finding, RAW_CONTROL, reportFor } from '../../../__fixtures__/report.js'
import { add, makeWorkspace, write, type Workspace } from '../../../__fixtures__/workspace.js'
import { check } from '../../../src/core/engine/check.js'
import { loadManifest } from '../../../src/core/manifest/load.js'
import type { Step } from '../../../src/core/restore/plan.js'
import type { StepResult } from '../../../src/core/restore/runner.js'
import {
  findingLines,
  renderCheck,
  renderCollateral,
  renderPlan,
  renderStep,
  renderWhy
} from '../../../src/core/report/text.js'
import type { Finding, Status } from '../../../src/core/types.js'

const PLAIN = { color: false, all: false }
const ALL = { color: false, all: true }
const COLOR = { color: true, all: false }
// eslint-disable-next-line no-control-regex
const ESC = /\x1b/
const LONE_SURROGATE = /[\udc00-\udfff]/

/** `text` without the colour codes the renderer itself writes. */
// eslint-disable-next-line no-control-regex
const unpainted = (text: string): string => text.replace(/\x1b\[\d+m/g, '')

/** Lines that start with a status column: `  STATUS   id ...` (colour removed). */
function statusLines(text: string): string[] {
  return unpainted(text)
    .split('\n')
    .filter(l => /^ {2}[A-Z]+ +\S/.test(l))
}

const literally = (s: string): string => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')

/** A hostile-but-plain check of every status: two healthy entries and one of each damage. */
function mixed(): Finding[] {
  return [
    finding('conf', 'OK'),
    finding('gone', 'MISSING', { detail: 'not found' }),
    finding('bad', 'CORRUPT', { detail: '1,000 bytes (want 1,500, -500)' }),
    finding('run', 'STRIPPED', { detail: 'mode 0644, want 0755' }),
    finding('src', 'EMPTY', { kind: 'tree', path: 'src', detail: 'no files' }),
    finding('py', 'BROKENLNK', { kind: 'link', path: 'bin/py', detail: 'target missing' }),
    finding('dir', 'TYPE', { detail: 'a directory, want a file' }),
    finding('lib', 'OK')
  ]
}

describe('renderCheck', () => {
  it('names every damaged entry on its own line with status, id, path and detail; healthy ones not', () => {
    const findings = mixed()
    const out = renderCheck(reportFor(findings), PLAIN)
    const lines = statusLines(out)
    const damaged = findings.filter(f => f.status !== 'OK')
    expect(lines).toHaveLength(damaged.length)
    for (const [i, f] of damaged.entries()) {
      expect(lines[i]).toMatch(
        new RegExp(`^ {2}${f.status} +${f.id} +${literally(f.path)} +${literally(f.detail)}$`)
      )
    }
    expect(out).not.toMatch(/\bconf\b|\blib\b/)
    expect(out).toContain('2/8 healthy, 6 damaged  (12 ms)')
    expect(out).toMatch(/^wipe signature: \S+: .+$/m)
    // More than three damaged: the hint does not list them all.
    expect(out).toMatch(/^why: swr why$/m)
    expect(out).not.toMatch(ESC)
  })

  it('--all lists the healthy entries too, in report order', () => {
    const findings = mixed()
    const lines = statusLines(renderCheck(reportFor(findings), ALL))
    expect(lines.map(l => l.trim().split(/ +/).slice(0, 2).join(' '))).toEqual(
      findings.map(f => `${f.status} ${f.id}`)
    )
  })

  it('a healthy report is one summary line (and says when the cache was used)', () => {
    const fresh = renderCheck(reportFor([finding('a', 'OK'), finding('b', 'OK')]), PLAIN)
    expect(fresh).toBe('2/2 healthy  (12 ms)\n')
    const cached = renderCheck(
      reportFor([finding('a', 'OK', { cached: true }), finding('b', 'OK')]),
      PLAIN
    )
    expect(cached).toBe('2/2 healthy  (12 ms, cache used)\n')
    expect(statusLines(renderCheck(reportFor([finding('a', 'OK')]), ALL))).toHaveLength(1)
  })

  it('a few damaged: why and fix name them; entries without a way back are said to have none', () => {
    const findings = [finding('conf', 'MISSING'), finding('key', 'CORRUPT'), finding('x', 'OK')]
    const entries = [
      fileEntry('conf', 'etc/conf', { restore: 'cp conf.dist etc/conf' }),
      fileEntry('key', 'etc/key'),
      fileEntry('x', 'etc/x')
    ]
    const out = renderCheck(reportFor(findings, { entries }), PLAIN)
    expect(out).toMatch(/^why: swr why --only conf key$/m)
    expect(out).toMatch(/^fix: swr restore --only conf {3}\(or: swr doctor\)$/m)
    expect(out).toMatch(/^no way back recorded for 1: key {2}\(swr why says what to do\)$/m)
  })

  it('the fix names root causes only: an entry inside a missing tree heals with it', () => {
    const findings = [
      finding('src', 'MISSING', { kind: 'tree', path: 'src' }),
      finding('main', 'MISSING', { path: 'src/main.c' })
    ]
    const entries = [
      treeEntry('src', 'src', { restore: 'git checkout src' }),
      fileEntry('main', 'src/main.c', { restore: 'git checkout src/main.c' })
    ]
    const out = renderCheck(reportFor(findings, { entries }), PLAIN)
    expect(out).toMatch(/^fix: swr restore --only src {3}\(or: swr doctor\)$/m)
    expect(out).toMatch(/^why: swr why --only src main$/m)
  })

  it('notes are printed escaped, one line each', () => {
    const out = renderCheck(reportFor([finding('a', 'OK')], { notes: ['v2 note\nOK fake'] }), PLAIN)
    expect(out).toBe('1/1 healthy  (12 ms)\nnote: v2 note\\nOK fake\n')
  })

  it('hostile names, details and notes are escaped: no raw control, no line of their making', () => {
    const hostile = [
      finding('nl', 'MISSING', { path: 'a\n  OK       fake  entry', detail: 'gone\r\x1b[2K' }),
      finding('esc', 'CORRUPT', { path: 'e\x1b]0;title\x07', detail: 'x\u202eexe.txt' }),
      finding('bytes', 'MISSING', { path: 'caf\udce9/\udcff', detail: 'c1 \x9b31m' }),
      finding('ok', 'OK', { path: 'fine\u2066x' })
    ]
    for (const opts of [PLAIN, ALL, COLOR]) {
      const out = renderCheck(reportFor(hostile, { notes: ['n\x1b[31m'] }), opts)
      expect(unpainted(out)).not.toMatch(RAW_CONTROL)
      expect(out).not.toMatch(LONE_SURROGATE)
      expect(out).not.toMatch(/^ {2}OK +fake/m)
      expect(out).toContain('a\\n  OK       fake  entry')
      expect(out).toContain('gone\\r\\x1b[2K')
      expect(out).toContain('e\\x1b]0;title\\x07')
      expect(out).toContain('x\\u202eexe.txt')
      expect(out).toContain('caf\\xe9/\\xff')
      expect(out).toContain('c1 \\x9b31m')
      expect(out).toContain('note: n\\x1b[31m')
      expect(statusLines(out)).toHaveLength(opts.all ? 4 : 3)
    }
    expect(renderCheck(reportFor(hostile), ALL)).toContain('fine\\u2066x')
  })

  it('colour only when asked: red damage and verdict, green health, nothing without colour', () => {
    const findings = [finding('gone', 'MISSING'), finding('run', 'STRIPPED'), finding('a', 'OK')]
    const plain = renderCheck(reportFor(findings), { color: false, all: true })
    expect(plain).not.toMatch(ESC)
    const painted = renderCheck(reportFor(findings), { color: true, all: true })
    expect(painted).toContain('\x1b[31mMISSING  \x1b[39m gone')
    expect(painted).toContain('\x1b[33mSTRIPPED \x1b[39m run')
    expect(painted).toContain('\x1b[32mOK       \x1b[39m a')
    expect(painted).toContain('\x1b[31m1/3 healthy, 2 damaged\x1b[39m')
    expect(unpainted(painted)).toBe(plain)
    expect(renderCheck(reportFor([finding('a', 'OK')]), COLOR)).toContain(
      '\x1b[32m1/1 healthy\x1b[39m'
    )
  })
})

describe('findingLines', () => {
  it('aligns the columns and cuts a long path from the left', () => {
    const long = 'very/long/path/that/goes/on/and/on/for/a/while/file.txt'
    const lines = findingLines(
      [finding('a', 'MISSING', { path: long }), finding('bbbbbb', 'CORRUPT', { path: 'x' })],
      PLAIN
    )
    expect(lines[0]).toBe(`  MISSING   a       …${long.slice(-39)}  missing detail of a`)
    expect(lines[1]).toBe(`  CORRUPT   bbbbbb  x${' '.repeat(39)}  corrupt detail of bbbbbb`)
  })

  it('a tree lists up to five lost, gained and changed files each, then how many more', () => {
    const names = (p: string, n: number) => Array.from({ length: n }, (_, i) => `${p}${i}`)
    const tree = finding('src', 'CORRUPT', {
      kind: 'tree',
      path: 'src',
      files: {
        missing: names('gone', 7),
        extra: ['new\nline', '\x1b[2Jwipe'],
        changed: [{ path: 'c\u202e', what: 'size\r' }],
        counts: { missing: 7, extra: 2, changed: 40, shrunk: 0 }
      }
    })
    const lines = findingLines([tree], PLAIN)
    expect(lines.slice(1)).toEqual([
      '      - gone0',
      '      - gone1',
      '      - gone2',
      '      - gone3',
      '      - gone4',
      '      ... 2 more',
      '      + new\\nline',
      '      + \\x1b[2Jwipe',
      '      ~ c\\u202e (size\\r)',
      '      ... 39 more'
    ])
  })
})

describe('renderWhy', () => {
  it('healthy: one line', () => {
    expect(renderWhy(reportFor([finding('a', 'OK')]), PLAIN, new Map())).toBe(
      '1/1 healthy: nothing to explain\n'
    )
  })

  it('one block per damaged entry: what was found, recorded and seen now, cause, fix, note, history', () => {
    const findings = [
      finding('src', 'MISSING', { kind: 'tree', path: 'src', tier: 2 }),
      finding('main', 'MISSING', { path: 'src/main.c' }),
      finding('big', 'CORRUPT', {
        recorded: { type: 'file', size: 3_000_000, mode: '0644' },
        found: { type: 'file', size: 1_500_000, mode: 0o644 }
      }),
      finding('fine', 'OK')
    ]
    const entries = [
      treeEntry('src', 'src', { tier: 2, restore: 'git checkout src' }),
      fileEntry('main', 'src/main.c'),
      fileEntry('big', 'etc/big'),
      fileEntry('fine', 'etc/fine')
    ]
    const out = renderWhy(
      reportFor(findings, { entries }),
      PLAIN,
      new Map([['big', 'note\nwith a newline']]),
      new Map([['big', 'damaged 3 times\x1b[0m']])
    )
    const blocks = out.split('\n\n')
    expect(blocks[0]).toMatch(/^wipe signature: \S+\n {2}\S/)
    expect(out).not.toMatch(/\bfine\b/)
    const block = (id: string) => blocks.find(b => b.includes(` ${id}  (`)) ?? ''
    expect(block('src').split('\n')[0]).toBe('MISSING src  (tree, tier 2, src)')
    expect(block('main')).toMatch(/^ {2}cause: {4}because src is MISSING: /m)
    expect(block('main')).toMatch(/^ {2}fix: {6}repairing src repairs this too: /m)
    expect(block('src')).toMatch(/^ {2}affects: {2}main$/m)
    expect(block('big').split('\n').slice(0, 4)).toEqual([
      'CORRUPT big  (file, tier 1, etc/big)',
      '  found:    corrupt detail of big',
      '  recorded: type=file size=3,000,000 mode=0644',
      '  now:      type=file size=1,500,000 mode=420'
    ])
    expect(block('big')).toMatch(/^ {2}fix: {6}no way back is recorded for big: /m)
    expect(block('big')).toContain('  note:     note\\nwith a newline')
    expect(block('big')).toContain('  history:  damaged 3 times\\x1b[0m')
    expect(out).not.toMatch(RAW_CONTROL)
  })

  it('escapes hostile recorded and found values (a link target) and paints only when asked', () => {
    const f = finding('py', 'BROKENLNK', {
      kind: 'link',
      path: 'bin/py\u202e',
      recorded: { type: 'link', target: '/usr/bin/python3' },
      found: { type: 'link', target: '../x\n\x1b[32mOK' }
    })
    const entries = [linkEntry('py', 'bin/py', '/usr/bin/python3')]
    const plain = renderWhy(reportFor([f], { entries }), PLAIN, new Map())
    expect(plain).toContain('BROKENLNK py  (link, tier 1, bin/py\\u202e)')
    expect(plain).toContain('  now:      type=link target=../x\\n\\x1b[32mOK')
    expect(plain).not.toMatch(RAW_CONTROL)
    const painted = renderWhy(reportFor([f], { entries }), COLOR, new Map())
    expect(painted).toContain('\x1b[31mBROKENLNK\x1b[39m py')
    expect(unpainted(painted)).toBe(plain)
  })
})

describe('renderPlan', () => {
  const step = (id: string, o: Partial<Step> = {}): Step => ({
    id,
    path: `etc/${id}`,
    tier: 1,
    source: 'recipe',
    sources: ['recipe'],
    after: [],
    reason: `MISSING: ${id} not found`,
    ...o
  })

  it('nothing to repair', () => {
    expect(renderPlan([], PLAIN)).toBe('nothing to repair\n')
  })

  it('numbers the steps across waves, says what each waits for and which run in parallel', () => {
    const waves = [
      [step('base', { tier: 0, source: 'escrow', sources: ['escrow'] })],
      [step('a', { after: ['base'] }), step('b', { after: ['base'], source: 'none', sources: [] })]
    ]
    expect(renderPlan(waves, PLAIN).split('\n')).toEqual([
      '  [1/3] tier 0 base <- escrow',
      '        MISSING: base not found',
      '  [2/3] tier 1 a <- recipe after base (wave 2, parallel)',
      '        MISSING: a not found',
      '  [3/3] tier 1 b <- no recipe after base (wave 2, parallel)',
      '        MISSING: b not found',
      ''
    ])
    expect(renderPlan(waves, PLAIN)).not.toMatch(ESC)
    expect(renderPlan(waves, COLOR)).toContain('<- \x1b[31mno recipe\x1b[39m after base')
  })

  it('lists every source in the order they are tried, the saved state named', () => {
    const saved = step('m', {
      source: 'escrow',
      sources: ['escrow', 'cache', 'cache', 'recipe'],
      saved_state: 'swr-v1-m-0123'
    })
    const declared = step('d', { source: 'cache', sources: ['cache', 'recipe'] })
    expect(renderPlan([[saved], [declared]], PLAIN).split('\n')).toEqual([
      '  [1/2] tier 1 m <- escrow, cache (saved state), cache, recipe',
      '        MISSING: m not found',
      '  [2/2] tier 1 d <- cache, recipe',
      '        MISSING: d not found',
      ''
    ])
  })

  it('escapes the ids and reasons it quotes', () => {
    const out = renderPlan(
      [[step('x', { reason: 'CORRUPT: name\n[9/9] fake', after: ['d\x1b'] })]],
      PLAIN
    )
    expect(out).toBe(
      '  [1/1] tier 1 x <- recipe after d\\x1b\n        CORRUPT: name\\n[9/9] fake\n'
    )
  })
})

describe('renderStep and renderCollateral', () => {
  const result = (o: Partial<StepResult>): StepResult => ({
    id: 'conf',
    source: 'recipe',
    attempts: [],
    outcome: 'repaired',
    detail: 'verified after the recipe',
    ...o
  })

  it('one line per step, outcome padded, detail escaped', () => {
    expect(renderStep(result({}), PLAIN)).toBe('  repaired       conf  verified after the recipe\n')
    expect(
      renderStep(result({ outcome: 'failed', detail: 'member a\nb\x1b[0m of the archive' }), PLAIN)
    ).toBe('  failed         conf  member a\\nb\\x1b[0m of the archive\n')
    expect(renderStep(result({ outcome: 'failed' }), COLOR)).toBe(
      '  \x1b[31mfailed        \x1b[39m conf  verified after the recipe\n'
    )
  })

  it('says what the quarantine kept or why it kept nothing', () => {
    expect(
      renderStep(result({ quarantine: { copied: '/s/q/entry-conf', bytes: 12 } }), PLAIN)
    ).toContain('\n      quarantine: kept 12 bytes in /s/q/entry-conf\n')
    expect(
      renderStep(
        result({ quarantine: { copied: '/s/q', bytes: 1, pruned: { removed: 1, bytes: 9 } } }),
        PLAIN
      )
    ).toContain('; pruned 1 older copy (9 bytes)\n')
    expect(
      renderStep(
        result({ quarantine: { copied: '/s/q', bytes: 1, pruned: { removed: 3, bytes: 9 } } }),
        PLAIN
      )
    ).toContain('; pruned 3 older copies (9 bytes)\n')
    expect(
      renderStep(result({ quarantine: { skipped: 'not copied: x\ny' } }), PLAIN).split('\n')
    ).toEqual([
      '  repaired       conf  verified after the recipe',
      '      quarantine: not copied: x\\ny',
      ''
    ])
  })

  it('names each entry damaged on the side and the recipes that ran before', () => {
    const out = renderCollateral(
      [
        { id: 'lib', status: 'CORRUPT' as Status, detail: 'size\nchanged', after: ['a\x1b', 'b'] },
        { id: 'x', status: 'MISSING' as Status, detail: 'gone', after: [] }
      ],
      PLAIN
    )
    expect(out.split('\n')).toEqual([
      'collateral lib is CORRUPT after the recipe of a\\x1b, b ran: size\\nchanged',
      'collateral x is MISSING : gone',
      ''
    ])
    expect(renderCollateral([], PLAIN)).toBe('')
    expect(
      renderCollateral([{ id: 'x', status: 'MISSING', detail: 'd', after: [] }], COLOR)
    ).toMatch(
      /^\x1b\[31mcollateral\x1b\[39m x/ // eslint-disable-line no-control-regex
    )
  })
})

describe('a real check of a workspace with hostile names', () => {
  let ws: Workspace | undefined
  afterEach(() => ws?.cleanup())

  it('shows every lost and gained file escaped, the non-UTF-8 byte as \\xNN', async () => {
    ws = makeWorkspace()
    write(ws.root, 'tree/keep.txt', 'kept\n')
    write(ws.root, 'tree/lose.txt', 'lost soon\n')
    write(ws.root, 'conf', 'port = 1\n')
    await add(ws, 'tree', '--kind', 'tree', '--id', 'tree')
    await add(ws, 'conf', '--id', 'conf')
    fs.rmSync(path.join(ws.root, 'tree/lose.txt'))
    fs.rmSync(path.join(ws.root, 'conf'))
    for (const n of ['n\n  OK       conf', 'e\x1b[2K', 'b\u202etxt.exe'])
      fs.writeFileSync(path.join(ws.root, 'tree', n), 'x')
    fs.writeFileSync(
      Buffer.concat([Buffer.from(path.join(ws.root, 'tree') + '/caf'), Buffer.from([0xe9])]),
      'x'
    )
    const { report } = await check(loadManifest(ws.manifestFile), {
      stateDir: ws.stateDir,
      version: 'test'
    })
    const out = renderCheck(report, PLAIN)
    expect(statusLines(out).map(l => l.trim().split(/ +/).slice(0, 2).join(' '))).toEqual([
      'CORRUPT tree',
      'MISSING conf'
    ])
    expect(out).toContain('      - lose.txt\n')
    for (const shown of ['n\\n  OK       conf', 'e\\x1b[2K', 'b\\u202etxt.exe', 'caf\\xe9'])
      expect(out).toContain(`      + ${shown}\n`)
    expect(out).not.toMatch(RAW_CONTROL)
    expect(out).not.toMatch(LONE_SURROGATE)
    expect(out).toContain('0/2 healthy, 2 damaged')
  })
})
