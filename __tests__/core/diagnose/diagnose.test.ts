/**
 * Wipe signatures from real damage (a workspace captured with `swr add`, damaged on disk, checked
 * with `swr check --json`), plus constructed findings for what a check cannot produce, and the
 * per-entry advice: every damaged status gets a cause and a fix that names the entry.
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import fs from 'node:fs'
import path from 'node:path'
import {
  add,
  bytes,
  checkJson,
  makeWorkspace,
  run,
  write,
  type Workspace
} from '../../../__fixtures__/workspace.js'
import { adviceFor, diagnose, wipeSignature } from '../../../src/core/diagnose/diagnose.js'
import {
  STATUSES,
  WIPE_SIGNATURES,
  type Finding,
  type Kind,
  type Status,
  type Tier,
  type WipeSignature
} from '../../../src/core/types.js'

const MIB = 1024 * 1024

describe('wipe signatures from real damage', () => {
  let ws: Workspace
  const at = (rel: string): string => path.join(ws.root, rel)

  beforeEach(async () => {
    ws = makeWorkspace()
    write(ws.root, 'creds/token', 'tok\n', 0o600)
    write(ws.root, 'tools/py.sh', '#!/bin/sh\n', 0o755)
    fs.mkdirSync(at('shims'))
    fs.symlinkSync('../tools/py.sh', at('shims/python'))
    write(ws.root, 'bin/run.sh', '#!/bin/sh\necho run\n', 0o755)
    write(ws.root, 'etc/app.conf', 'port = 1\n', 0o644)
    write(ws.root, 'src/README.md', '# src\n', 0o644)
    write(ws.root, 'src/gen.sh', '#!/bin/sh\necho gen\n', 0o755)
    write(ws.root, 'src/lib/core.c', 'int main(void){return 0;}\n', 0o644)
    write(ws.root, 'models/a.bin', bytes(MIB + 4096, 1), 0o644)
    write(ws.root, 'models/b.bin', bytes(300_000, 2), 0o644)
    write(ws.root, 'node_modules/left-pad/package.json', '{"name":"left-pad"}\n', 0o644)
    write(ws.root, 'node_modules/left-pad/index.js', 'module.exports = 1\n', 0o644)
    write(ws.root, 'build/app.js', 'console.log(1)\n', 0o644)
    await add(ws, 'creds/token', '--id', 'token', '--tier', '0')
    await add(ws, 'shims/python', '--id', 'python', '--tier', '0')
    await add(ws, 'bin/run.sh', '--id', 'run')
    await add(ws, 'etc/app.conf', '--id', 'conf')
    await add(ws, 'src', '--id', 'src')
    await add(ws, 'models/a.bin', '--id', 'model-a', '--kind', 'blob')
    await add(ws, 'models/b.bin', '--id', 'model-b', '--kind', 'blob')
    await add(ws, 'node_modules/left-pad', '--id', 'left-pad')
    await add(ws, 'build/app.js', '--id', 'app')
  })

  afterEach(() => ws.cleanup())

  /** Check and return the signature, asserting every damaged entry has advice naming it. */
  async function signature(): Promise<{ sig: WipeSignature; damaged: Finding[] }> {
    const c = await checkJson(ws)
    const damaged = c.report.results.filter(r => r.status !== 'OK')
    expect(c.code).toBe(damaged.length > 0 ? 1 : 0)
    const advice = c.report.diagnosis.advice
    expect(advice.map(a => a.id)).toEqual(damaged.map(d => d.id))
    for (const a of advice) {
      expect(a.cause.length).toBeGreaterThan(10)
      expect(a.fix).toContain(a.id)
    }
    expect(c.report.diagnosis.cause.length).toBeGreaterThan(10)
    return { sig: c.report.diagnosis.signature, damaged }
  }

  it('healthy', async () => {
    expect((await signature()).sig).toBe('healthy')
  })

  it('cold-start: every entry deleted', async () => {
    for (const name of fs.readdirSync(ws.root)) {
      if (name !== '.swr') fs.rmSync(at(name), { recursive: true })
    }
    const { sig, damaged } = await signature()
    expect(damaged).toHaveLength(9)
    expect(new Set(damaged.map(d => d.status))).toEqual(new Set(['MISSING']))
    expect(sig).toBe('cold-start')
  })

  it('cold-start: directories kept but every file gone (MISSING and EMPTY)', async () => {
    const files = (dir: string): string[] =>
      fs.readdirSync(dir, { withFileTypes: true }).flatMap(d => {
        const p = path.join(dir, d.name)
        return d.isDirectory() ? (d.name === '.swr' ? [] : files(p)) : [p]
      })
    for (const f of files(ws.root)) fs.rmSync(f)
    const { sig, damaged } = await signature()
    expect(damaged).toHaveLength(9)
    expect(damaged.filter(d => d.status === 'EMPTY').map(d => d.id)).toEqual(['src', 'left-pad'])
    expect(sig).toBe('cold-start')
  })

  it('permission-reset: only exec bits lost (a file and a tree)', async () => {
    fs.chmodSync(at('bin/run.sh'), 0o644)
    fs.chmodSync(at('src/gen.sh'), 0o644)
    fs.chmodSync(at('tools/py.sh'), 0o644) // not an entry itself; the link to it is fine
    const { sig, damaged } = await signature()
    expect(damaged.map(d => [d.id, d.status])).toEqual([
      ['run', 'STRIPPED'],
      ['src', 'STRIPPED']
    ])
    expect(sig).toBe('permission-reset')
  })

  it('credential-loss: only tier-0 entries damaged', async () => {
    fs.rmSync(at('creds/token'))
    fs.rmSync(at('shims/python'))
    fs.symlinkSync('/usr/bin/false', at('shims/python'))
    const { sig, damaged } = await signature()
    expect(damaged.map(d => [d.id, d.status])).toEqual([
      ['token', 'MISSING'],
      ['python', 'CORRUPT']
    ])
    expect(sig).toBe('credential-loss')
  })

  it('exclusion-sweep: damage only under node_modules/ and build/', async () => {
    fs.rmSync(at('node_modules/left-pad'), { recursive: true })
    fs.truncateSync(at('build/app.js'), 3)
    const { sig, damaged } = await signature()
    expect(damaged.map(d => d.id)).toEqual(['left-pad', 'app'])
    expect(sig).toBe('exclusion-sweep')
  })

  it('size-cap-eviction: only blobs truncated or missing', async () => {
    fs.truncateSync(at('models/a.bin'), MIB)
    fs.rmSync(at('models/b.bin'))
    const { sig, damaged } = await signature()
    expect(damaged.map(d => [d.id, d.status, d.reason])).toEqual([
      ['model-a', 'CORRUPT', 'size'],
      ['model-b', 'MISSING', 'absent']
    ])
    expect(sig).toBe('size-cap-eviction')
  })

  it('a blob with different bytes at the same size is not a size-cap eviction', async () => {
    const fd = fs.openSync(at('models/b.bin'), 'r+')
    fs.writeSync(fd, Buffer.from('XYZ'), 0, 3, 0)
    fs.closeSync(fd)
    const { sig } = await signature()
    expect(sig).toBe('local-corruption')
  })

  it('local-corruption: one entry MISSING among healthy ones (not "mixed")', async () => {
    fs.rmSync(at('etc/app.conf'))
    const { sig, damaged } = await signature()
    expect(damaged.map(d => [d.id, d.status])).toEqual([['conf', 'MISSING']])
    expect(sig).toBe('local-corruption')
  })

  it('mixed: several kinds of damage at once', async () => {
    fs.rmSync(at('etc/app.conf'))
    fs.chmodSync(at('bin/run.sh'), 0o644)
    fs.truncateSync(at('models/a.bin'), 10)
    fs.rmSync(at('tools/py.sh'))
    const { sig, damaged } = await signature()
    expect(damaged.map(d => [d.id, d.status])).toEqual([
      ['python', 'BROKENLNK'],
      ['run', 'STRIPPED'],
      ['conf', 'MISSING'],
      ['model-a', 'CORRUPT']
    ])
    expect(sig).toBe('mixed')
  })

  it('every status a check can produce gets a cause and a fix naming the entry', async () => {
    fs.rmSync(at('etc/app.conf')) // MISSING
    fs.chmodSync(at('bin/run.sh'), 0o644) // STRIPPED
    fs.truncateSync(at('models/a.bin'), 10) // CORRUPT
    fs.rmSync(at('tools/py.sh')) // BROKENLNK
    for (const f of ['package.json', 'index.js']) fs.rmSync(at(`node_modules/left-pad/${f}`)) // EMPTY
    fs.rmSync(at('build/app.js'))
    fs.mkdirSync(at('build/app.js')) // TYPE
    const c = await checkJson(ws)
    const byStatus = new Map(c.report.diagnosis.advice.map(a => [a.status, a]))
    expect([...byStatus.keys()].sort()).toEqual(
      ['BROKENLNK', 'CORRUPT', 'EMPTY', 'MISSING', 'STRIPPED', 'TYPE'].sort()
    )
    expect(byStatus.get('STRIPPED')).toEqual({
      id: 'run',
      status: 'STRIPPED',
      cause: expect.stringContaining('exec bits were lost'),
      // No entry here has a recipe, cache source or escrow, but only its mode is wrong: a
      // restore puts the recorded mode back once the bytes are proven.
      fix: 'chmod 0755 bin/run.sh  (or swr restore --only run)',
      restorable: true,
      risk: expect.stringContaining('permission denied')
    })
    expect(byStatus.get('TYPE')?.cause).toContain('(file -> directory)')
    expect(byStatus.get('EMPTY')?.cause).toContain('node_modules/left-pad')
    expect(byStatus.get('CORRUPT')?.cause).toContain('shorter than recorded')
    expect(byStatus.get('MISSING')?.fix).toMatch(
      /^no way back is recorded for conf: restore it by hand, then give the entry a recipe with swr edit conf --restore '<command>' \(or a cache source with --add-source-cache KEY\), or once it is healthy again embed its bytes with swr escrow --only conf$/
    )
  })

  it('a fix names swr restore only for entries with a way back, and a consequence names its root', async () => {
    write(ws.root, 'vendor/jq/jq', '#!/bin/sh\n', 0o755)
    write(ws.root, 'vendor/jq/README', 'jq\n')
    fs.mkdirSync(at('docs'))
    fs.symlinkSync('../vendor/jq/README', at('docs/jq-README'))
    await add(
      ws,
      'vendor/jq',
      '--id',
      'jq',
      '--restore',
      'git clone --depth 1 https://example.invalid/jq vendor/jq'
    )
    await add(ws, 'docs/jq-README', '--id', 'jq-readme', '--kind', 'link')
    write(ws.root, 'bin/jq-wrapper', '#!/bin/sh\nexec vendor/jq/jq "$@"\n', 0o755)
    await add(ws, 'bin/jq-wrapper', '--id', 'jq-wrapper', '--needs', 'jq')
    for (const f of ['jq', 'README']) fs.rmSync(at(`vendor/jq/${f}`))
    fs.rmSync(at('etc/app.conf'))
    const c = await checkJson(ws)
    const advice = new Map(c.report.diagnosis.advice.map(a => [a.id, a]))
    expect(advice.get('jq')).toMatchObject({
      status: 'EMPTY',
      fix: 'swr restore --only jq',
      // What it takes down: the entry that needs it (healthy itself) and the link into it.
      affects: ['jq-readme', 'jq-wrapper'],
      risk: expect.stringMatching(/^builds and tests that read it fail/)
    })
    expect(advice.get('jq-readme')?.affects).toBeUndefined()
    const why = await run(['why'], ws)
    expect(why.stdout).toMatch(/^EMPTY jq .*\n(?: {2}.*\n)*? {2}risk: {5}builds and tests/m)
    expect(why.stdout).toMatch(/^ {2}affects: {2}jq-readme, jq-wrapper$/m)
    expect(advice.get('jq')?.because).toBeUndefined()
    expect(advice.get('jq-readme')).toMatchObject({
      status: 'BROKENLNK',
      because: 'jq',
      cause: expect.stringMatching(/^because vendor\/jq is EMPTY: the link docs\/jq-README/),
      fix: 'repairing jq repairs this too: swr restore --only jq'
    })
    expect(advice.get('conf')?.fix).toMatch(/^no way back is recorded for conf/)
    // Two root causes (jq emptied, conf deleted), not three separate events.
    expect(c.report.diagnosis.signature).toBe('local-corruption')
    expect(advice.get('jq')?.restorable).toBe(true)
    expect(advice.get('conf')?.restorable).toBe(false)
    // The summary sends only the restorable root to swr restore and names the one with no way back.
    const text = await run(['check'], ws)
    expect(text.stdout).toMatch(/^fix: swr restore --only jq {3}\(or: swr doctor\)$/m)
    expect(text.stdout).toMatch(
      /^no way back recorded for 1: conf {2}\(swr why says what to do\)$/m
    )
  })
})

describe('wipe signatures from constructed findings', () => {
  let n = 0
  function f(
    status: Status,
    over: {
      kind?: Kind
      tier?: Tier
      path?: string
      reason?: string
      id?: string
      files?: Finding['files']
      recorded?: Finding['recorded']
      found?: Finding['found']
    } = {}
  ): Finding {
    n++
    const kind = over.kind ?? 'file'
    return {
      id: over.id ?? `e${n}`,
      kind,
      path: over.path ?? `p/e${n}`,
      tier: over.tier ?? 2,
      status,
      reason: over.reason ?? (status === 'OK' ? 'ok' : 'x'),
      detail: '',
      recorded: over.recorded ?? {
        type: kind === 'tree' ? 'directory' : 'file',
        size: 10,
        mode: '0755'
      },
      found: over.found ?? { type: 'file', size: 5, mode: '0644' },
      cached: false,
      ...(over.files ? { files: over.files } : {})
    }
  }
  /** A tree's file diff as the verifier reports it: lists cut at 20, counts whole. */
  function diff(missing: string[], shrunk: number, changed = shrunk): Finding['files'] {
    const cut = <T>(xs: T[]): T[] => xs.slice(0, 20)
    return {
      missing: cut(missing),
      extra: [],
      changed: cut(
        Array.from({ length: changed }, (_, i) => ({ path: `f${i}`, what: 'size 9 -> 0' }))
      ),
      counts: { missing: missing.length, extra: 0, changed, shrunk }
    }
  }

  const cases: [string, Finding[], WipeSignature][] = [
    ['nothing', [], 'healthy'],
    ['all OK', [f('OK'), f('OK')], 'healthy'],
    ['all missing or empty', [f('MISSING'), f('EMPTY', { kind: 'tree' })], 'cold-start'],
    ['one entry, missing (not enough for cold-start)', [f('MISSING')], 'local-corruption'],
    ['all missing but one healthy', [f('MISSING'), f('MISSING'), f('OK')], 'local-corruption'],
    ['all stripped', [f('STRIPPED'), f('STRIPPED'), f('STRIPPED'), f('OK')], 'permission-reset'],
    ['all stripped, every entry', [f('STRIPPED'), f('STRIPPED')], 'permission-reset'],
    [
      'tier 0 only, of several statuses',
      [f('MISSING', { tier: 0 }), f('CORRUPT', { tier: 0 }), f('BROKENLNK', { tier: 0 }), f('OK')],
      'credential-loss'
    ],
    [
      'under volatile directories only',
      [
        f('MISSING', { path: 'node_modules/a' }),
        f('EMPTY', { path: 'web/.next/cache' }),
        f('CORRUPT', { path: 'build/out.js', reason: 'size' }),
        f('OK')
      ],
      'exclusion-sweep'
    ],
    [
      'a volatile-looking name that is not a segment',
      [f('MISSING', { path: 'my_node_modules/a' }), f('OK')],
      'local-corruption'
    ],
    [
      'blobs truncated or missing only',
      [
        f('CORRUPT', { kind: 'blob', reason: 'size' }),
        f('MISSING', { kind: 'blob' }),
        f('CORRUPT', { kind: 'blob', reason: 'size' }),
        f('OK')
      ],
      'size-cap-eviction'
    ],
    [
      'a blob with changed bytes among truncated blobs',
      [
        f('CORRUPT', { kind: 'blob', reason: 'size' }),
        f('CORRUPT', { kind: 'blob', reason: 'headtail' }),
        f('MISSING', { kind: 'blob' }),
        f('OK')
      ],
      'mixed'
    ],
    ['two damaged', [f('MISSING'), f('CORRUPT'), f('OK'), f('OK')], 'local-corruption'],
    ['three unrelated', [f('MISSING'), f('CORRUPT'), f('TYPE'), f('OK')], 'mixed'],
    [
      'a tree 10 files short by count, no index to name them',
      [
        f('CORRUPT', {
          kind: 'tree',
          reason: 'count',
          recorded: { type: 'directory', files: 50 },
          found: { type: 'directory', files: 40 }
        }),
        f('OK')
      ],
      'partial-restore'
    ],
    [
      'a tree with 30 files cut short (more than the list shows)',
      [f('CORRUPT', { kind: 'tree', reason: 'files', files: diff([], 30) }), f('OK')],
      'partial-restore'
    ],
    [
      'a tree with 30 files cut short and one edited: not every change is a cut',
      [f('CORRUPT', { kind: 'tree', reason: 'files', files: diff([], 30, 31) }), f('OK')],
      'local-corruption'
    ],
    [
      'a tree that lost two files: a local deletion',
      [f('CORRUPT', { kind: 'tree', reason: 'files', files: diff(['a', 'b'], 0) }), f('OK')],
      'local-corruption'
    ],
    [
      'a tree that lost only what lay under .venv inside it',
      [
        f('CORRUPT', {
          kind: 'tree',
          path: 'tool',
          reason: 'files',
          files: diff(['.venv/bin/python', '.venv/lib/site.py', '.venv/pyvenv.cfg'], 0)
        }),
        f('OK')
      ],
      'exclusion-sweep'
    ],
    [
      'a tree that lost more under .venv than the list shows: not judged swept',
      [
        f('CORRUPT', {
          kind: 'tree',
          path: 'tool',
          reason: 'files',
          files: diff(
            Array.from({ length: 25 }, (_, i) => `.venv/lib/m${i}.py`),
            0
          )
        }),
        f('OK')
      ],
      'partial-restore'
    ],
    [
      'a tier-0 file edited in place: not a credential loss',
      [f('CORRUPT', { tier: 0, reason: 'content' }), f('OK')],
      'local-corruption'
    ],
    [
      'a tier-0 file cut to 0 bytes: gone',
      [
        f('CORRUPT', {
          tier: 0,
          reason: 'size',
          found: { type: 'file', size: 0, mode: '0600' }
        }),
        f('OK')
      ],
      'credential-loss'
    ],
    [
      'a tree that lost 40 files and an edited file: two events',
      [
        f('CORRUPT', {
          kind: 'tree',
          reason: 'files',
          files: diff(
            Array.from({ length: 40 }, (_, i) => `m${i}.c`),
            0
          )
        }),
        f('CORRUPT', { reason: 'content' }),
        f('OK')
      ],
      'mixed'
    ],
    [
      'SKIPPED is left out of the pattern',
      [f('SKIPPED'), f('MISSING'), f('OK')],
      'local-corruption'
    ]
  ]

  it.each(cases)('%s', (_name, findings, want) => {
    expect(wipeSignature(findings)).toBe(want)
    const d = diagnose(findings)
    expect(d.signature).toBe(want)
    expect(WIPE_SIGNATURES).toContain(d.signature)
    expect(d.cause.length).toBeGreaterThan(10)
  })

  it('every damaged status has a cause and a fix that names the entry id', () => {
    for (const status of STATUSES.filter(s => s !== 'OK')) {
      for (const kind of ['file', 'blob', 'tree', 'link'] as const) {
        const finding = f(status, { kind, id: `id-${status}-${kind}` })
        const a = adviceFor(finding)
        expect(a.id).toBe(finding.id)
        expect(a.status).toBe(status)
        expect([status, kind, a.cause.length > 10]).toEqual([status, kind, true])
        expect(a.fix).toContain(finding.id)
      }
    }
  })

  it('every CORRUPT reason gets a specific cause', () => {
    const reasons = ['size', 'content', 'headtail', 'sentinel', 'files', 'count', 'mode', 'target']
    const causes = reasons.map(reason => adviceFor(f('CORRUPT', { reason })).cause)
    expect(new Set(causes).size).toBe(reasons.length - 1) // content and headtail share one
    expect(adviceFor(f('CORRUPT', { reason: 'unreadable' })).cause.length).toBeGreaterThan(10)
  })

  it('the fix uses the given command; advice lists damaged entries only, in order', () => {
    const findings = [f('OK'), f('MISSING', { id: 'gone' }), f('OK'), f('TYPE', { id: 'kind' })]
    const d = diagnose(findings, 'npx swr restore -m m.json')
    expect(d.advice.map(a => a.id)).toEqual(['gone', 'kind'])
    expect(d.advice[0]?.fix).toBe('npx swr restore -m m.json --only gone')
  })

  it('SKIPPED advice says to fix the dependency first', () => {
    const a = adviceFor(f('SKIPPED', { id: 'later' }))
    expect(a.fix).toBe('fix the dependency first, then swr restore --only later')
  })
})
