/**
 * The escrow restores of one wave run as a batch (written beside their targets, made durable
 * together, renamed in one by one, re-verified in one check), through the bundled CLI with the
 * hostile input itself: in the same wave as dozens of healthy restores, a parent planted as a
 * symlink out of the workspace and one leading inside it are never written through, and a
 * directory where a file belongs is not clobbered by escrow (the entry's recipe, its next source,
 * runs). The journal holds one line per step; no temporary file is left anywhere.
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import fs from 'node:fs'
import path from 'node:path'
import { hmacHex } from '../../__fixtures__/keys.js'
import { spawnSwr } from '../../__fixtures__/repair.js'
import {
  listAll,
  makeWorkspace,
  snapshot,
  write,
  type RunResult,
  type Workspace
} from '../../__fixtures__/workspace.js'

let ws: Workspace
let opts: Workspace & { env: NodeJS.ProcessEnv }

/** More files than the batch needs before it syncs the file system once instead of each file. */
const MANY = 40
const SENTINEL = 'outside the workspace: must never change\n'
const rel = (i: number): string => `data/d${i % 4}/f${String(i).padStart(2, '0')}.txt`
const body = (i: number): string => `file ${i}\n`.repeat(1 + (i % 7))

async function swr(args: string[]): Promise<RunResult> {
  const r = await spawnSwr(args, opts).done
  return { code: r.code, stdout: r.stdout, stderr: r.stderr }
}

async function must(args: string[]): Promise<RunResult> {
  const r = await swr(args)
  if (r.code !== 0) throw new Error(`swr ${args.join(' ')} failed (${r.code}): ${r.stderr}`)
  return r
}

interface Step {
  id: string
  source: string
  outcome: string
  detail: string
  attempts: { source: string; outcome: string; detail: string }[]
}

beforeEach(() => {
  ws = makeWorkspace()
  opts = { ...ws, env: { SWR_HMAC_KEY: hmacHex('heal-batch') } }
  write(ws.outside, 'app.conf', SENTINEL)
})

afterEach(() => ws.cleanup())

describe('escrow restores of one wave, as a batch', () => {
  it('heals the many, refuses the planted links, leaves a directory to the recipe', async () => {
    for (let i = 0; i < MANY; i++) write(ws.root, rel(i), body(i), 0o644)
    write(ws.root, 'cfg/app.conf', 'mine\n', 0o644)
    write(ws.root, 'inner/x.conf', 'inner\n', 0o644)
    write(ws.root, 'busy/b.txt', 'busy\n', 0o644)
    const lines = [
      ...Array.from({ length: MANY }, (_, i) => ({ path: rel(i), id: `f${i}` })),
      { path: 'cfg/app.conf', id: 'cfg' },
      { path: 'inner/x.conf', id: 'inner' },
      {
        path: 'busy/b.txt',
        id: 'busy',
        restore: 'rm -rf busy/b.txt && printf "busy\\n" > busy/b.txt'
      }
    ]
    const from = path.join(ws.outside, 'from.jsonl')
    fs.writeFileSync(from, lines.map(l => JSON.stringify(l) + '\n').join(''))
    await must(['add', '--from', from, '-q'])
    await must(['escrow', '-q'])

    // Everything gone; then the hostile parts planted where files belong.
    fs.rmSync(path.join(ws.root, 'data'), { recursive: true })
    fs.rmSync(path.join(ws.root, 'cfg'), { recursive: true })
    fs.symlinkSync(ws.outside, path.join(ws.root, 'cfg'))
    fs.renameSync(path.join(ws.root, 'inner'), path.join(ws.root, 'elsewhere'))
    fs.rmSync(path.join(ws.root, 'elsewhere/x.conf'))
    fs.symlinkSync('elsewhere', path.join(ws.root, 'inner'))
    fs.rmSync(path.join(ws.root, 'busy/b.txt'))
    write(ws.root, 'busy/b.txt/keep', 'not a file\n')
    const outsideBefore = snapshot(ws.outside)

    const r = await swr(['doctor', '--json'])
    const steps = (JSON.parse(r.stdout) as { repair: { steps: Step[] } }).repair.steps
    const byId = new Map(steps.map(s => [s.id, s]))
    expect(steps).toHaveLength(MANY + 3)
    for (let i = 0; i < MANY; i++) {
      expect(byId.get(`f${i}`)).toMatchObject({ source: 'escrow', outcome: 'repaired' })
      expect(fs.readFileSync(path.join(ws.root, rel(i)), 'utf8')).toBe(body(i))
      expect(fs.statSync(path.join(ws.root, rel(i))).mode & 0o777).toBe(0o644)
    }
    // A parent leading out: refused before any source, nothing written outside.
    expect(byId.get('cfg')?.outcome).toBe('failed')
    expect(byId.get('cfg')?.detail).toMatch(
      /^not restored: cfg is a symbolic link out of the workspace/
    )
    expect(snapshot(ws.outside)).toEqual(outsideBefore)
    // A parent leading inside: escrow never writes through a link.
    expect(byId.get('inner')?.outcome).toBe('failed')
    expect(byId.get('inner')?.detail).toMatch(/inner is a symlink; not following it/)
    expect(fs.readdirSync(path.join(ws.root, 'elsewhere'))).toEqual([])
    // A directory at the target: escrow refuses to replace it, the recipe (next source) heals it.
    expect(byId.get('busy')).toMatchObject({ source: 'recipe', outcome: 'repaired' })
    expect(byId.get('busy')?.attempts.map(a => [a.source, a.outcome])).toEqual([
      ['escrow', 'failed'],
      ['recipe', 'healed']
    ])
    expect(byId.get('busy')?.attempts[0]?.detail).toMatch(/busy\/b\.txt is a directory/)
    expect(r.code).toBe(2)
    // No temporary file of a restore left behind, in the workspace or outside it.
    expect(listAll(ws.root).filter(p => path.basename(p).includes('.swr-'))).toEqual([])
    expect(listAll(ws.outside).filter(p => path.basename(p).includes('.swr-'))).toEqual([])
    // The journal: its header, one line per step (the batch's in one append), the end mark.
    const journals = fs.readdirSync(path.join(ws.stateDir, 'journal'))
    expect(journals).toHaveLength(1)
    const events = fs
      .readFileSync(path.join(ws.stateDir, 'journal', journals[0] as string), 'utf8')
      .split('\n')
      .filter(Boolean)
      .slice(1)
      .map(l => JSON.parse(l) as { id: string; outcome: string })
    expect(
      events
        .filter(e => e.outcome === 'repaired')
        .map(e => e.id)
        .sort()
    ).toEqual([...Array.from({ length: MANY }, (_, i) => `f${i}`), 'busy'].sort())
    expect(events).toHaveLength(MANY + 3 + 1)
    expect(events[events.length - 1]).toMatchObject({ id: '*', outcome: 'finished' })
  })
  it('an escrowed file a later recipe damages is found by the final check, not taken from its batch', async () => {
    for (let i = 0; i < MANY; i++) write(ws.root, rel(i), body(i), 0o644)
    write(ws.root, 'tool/out.txt', 'built\n', 0o644)
    // Heals its own entry and truncates f0, which escrow restored in the wave before.
    const lines = [
      ...Array.from({ length: MANY }, (_, i) => ({ path: rel(i), id: `f${i}` })),
      {
        path: 'tool/out.txt',
        id: 'tool',
        needs: ['f0'],
        restore: `mkdir -p tool && printf "built\\n" > tool/out.txt && : > ${rel(0)}`
      }
    ]
    const from = path.join(ws.outside, 'from.jsonl')
    fs.writeFileSync(from, lines.map(l => JSON.stringify(l) + '\n').join(''))
    await must(['add', '--from', from, '-q'])
    await must(['escrow', '-q', '--only', ...Array.from({ length: MANY }, (_, i) => `f${i}`)])
    fs.rmSync(path.join(ws.root, 'data'), { recursive: true })
    fs.rmSync(path.join(ws.root, 'tool'), { recursive: true })

    const r = await swr(['doctor', '--json'])
    const report = JSON.parse(r.stdout) as {
      verdict: string
      results: { id: string; status: string }[]
      repair: { steps: Step[]; outcome: string }
    }
    const byId = new Map(report.repair.steps.map(s => [s.id, s]))
    expect(byId.get('f0')).toMatchObject({ source: 'escrow', outcome: 'repaired' })
    expect(byId.get('tool')).toMatchObject({ source: 'recipe', outcome: 'repaired' })
    // The batch saw f0 whole; the recipe ran after it, so the verdict comes from a fresh read.
    expect(fs.statSync(path.join(ws.root, rel(0))).size).toBe(0)
    expect(report.results.find(f => f.id === 'f0')?.status).toBe('CORRUPT')
    expect(report.verdict).toBe('damaged')
    expect(r.code).not.toBe(0)
    for (let i = 1; i < MANY; i++)
      expect(report.results.find(f => f.id === `f${i}`)?.status).toBe('OK')
  })
  it('a directory swapped for a link out of the workspace while the batch runs: nothing is written outside', async () => {
    // Enough files that the swap lands while the batch is still creating or renaming them.
    const N = 3000
    const relN = (i: number): string => `data/d${i % 2}/f${String(i).padStart(4, '0')}.txt`
    for (let i = 0; i < N; i++) write(ws.root, relN(i), body(i), 0o644)
    const from = path.join(ws.outside, 'from.jsonl')
    fs.writeFileSync(
      from,
      Array.from(
        { length: N },
        (_, i) => JSON.stringify({ path: relN(i), id: `f${i}` }) + '\n'
      ).join('')
    )
    await must(['add', '--from', from, '-q'])
    await must(['escrow', '-q'])
    fs.rmSync(path.join(ws.root, 'data'), { recursive: true })
    fs.mkdirSync(path.join(ws.outside, 'd1'))
    const outsideBefore = snapshot(ws.outside)

    const run = spawnSwr(['doctor', '--json'], opts)
    // As soon as the batch has made data/d1 (its second file), swap it for a link leading out.
    const d1 = path.join(ws.root, 'data/d1')
    while (!fs.existsSync(d1)) await new Promise(resolve => setImmediate(resolve))
    fs.renameSync(d1, path.join(ws.root, 'data/d1.was'))
    fs.symlinkSync(path.join(ws.outside, 'd1'), d1)
    const r = await run.done

    expect(snapshot(ws.outside)).toEqual(outsideBefore)
    expect(listAll(ws.outside).filter(p => path.basename(p).includes('.swr-'))).toEqual([])
    // A file staged before the swap and refused at its rename stays where the directory went
    // (its removal goes by name, and the name now leads through the link): nowhere else.
    expect(
      listAll(ws.root).filter(p => path.basename(p).includes('.swr-') && !p.includes('/d1.was/'))
    ).toEqual([])
    const steps = (JSON.parse(r.stdout) as { repair: { steps: Step[] } }).repair.steps
    // The files of data/d1 are not healed through the link; those of data/d0 are.
    const d1Steps = steps.filter(s => Number(s.id.slice(1)) % 2 === 1)
    expect(d1Steps.filter(s => s.outcome === 'repaired')).toEqual([])
    expect(steps.filter(s => s.outcome === 'repaired').length).toBe(N / 2)
    expect(r.code).not.toBe(0)
  })
})
