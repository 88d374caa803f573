/**
 * Terminal output stays bounded however many entries a run touches: `swr add --from`, `swr escrow`
 * and `swr doctor` over 1,200 entries (one of them needing 256 others, the most a manifest allows) print counts and the
 * first few ids, never one line naming them all, through the bundled CLI (dist/cli/index.js); the
 * full lists stay in `--json`.
 */
import { afterEach, beforeEach, expect, it } from '@jest/globals'
import fs from 'node:fs'
import path from 'node:path'
import { hmacHex } from '../../__fixtures__/keys.js'
import { spawnSwr } from '../../__fixtures__/repair.js'
import {
  makeWorkspace,
  write,
  type RunOptions,
  type RunResult,
  type Workspace
} from '../../__fixtures__/workspace.js'

const N = 1200
/** Longest line allowed: a few ids and counts, nowhere near N ids (~9 characters each). */
const MAX_LINE = 400

let ws: Workspace
let opts: Workspace & { env: NodeJS.ProcessEnv }

async function must(args: string[], o: RunOptions = opts): Promise<RunResult> {
  const r = await spawnSwr(args, o).done
  if (r.code !== 0) throw new Error(`swr ${args.join(' ')} failed (${r.code}): ${r.stderr}`)
  return r
}

function longestLine(s: string): number {
  return Math.max(0, ...s.split('\n').map(l => l.length))
}

const ids = Array.from({ length: N }, (_, i) => `id-${i}`)

beforeEach(() => {
  ws = makeWorkspace()
  opts = { ...ws, env: { SWR_HMAC_KEY: hmacHex('bounded-lines') } }
  for (let i = 0; i < N; i++) write(ws.root, `f/file-${i}.txt`, `${i}\n`)
  write(ws.root, 'hub.txt', 'hub\n')
  const lines = ids.map((id, i) => JSON.stringify({ path: `f/file-${i}.txt`, kind: 'file', id }))
  lines.push(JSON.stringify({ path: 'hub.txt', kind: 'file', id: 'hub', needs: ids.slice(0, 256) }))
  fs.writeFileSync(path.join(ws.base, 'list.jsonl'), lines.join('\n') + '\n')
})

afterEach(() => ws.cleanup())

it('add --from, escrow and doctor over 1,200 entries print bounded lines; --json keeps every id', async () => {
  const added = await must(['add', '--from', path.join(ws.base, 'list.jsonl')])
  expect(longestLine(added.stdout)).toBeLessThan(MAX_LINE)
  expect(added.stdout.split('\n').length).toBeLessThan(20)
  expect(added.stdout).toContain('added file "id-0"')
  expect(added.stdout).toContain(
    `... and ${(N + 1 - 10).toLocaleString('en-US')} more entries added`
  )
  const doc = JSON.parse(fs.readFileSync(ws.manifestFile, 'utf8')) as {
    body: { entries: unknown[] }
  }
  expect(doc.body.entries).toHaveLength(N + 1)

  const escrowed = await must(['escrow'])
  expect(longestLine(escrowed.stdout)).toBeLessThan(MAX_LINE)
  expect(escrowed.stdout).toMatch(
    new RegExp(`^escrowed 1,201 file\\(s\\): id-0, id-1, id-2, id-3, id-4 and 1,196 more$`, 'm')
  )
  const again = await must(['escrow', '--json'])
  expect((JSON.parse(again.stdout) as { escrowed: string[] }).escrowed).toHaveLength(N + 1)

  // Everything wiped: the plan's line for hub waits on 256 others.
  fs.rmSync(path.join(ws.root, 'f'), { recursive: true })
  fs.rmSync(path.join(ws.root, 'hub.txt'))
  const healed = await must(['doctor'])
  expect(longestLine(healed.stdout)).toBeLessThan(MAX_LINE)
  expect(healed.stdout).toMatch(
    /tier \d hub <- escrow after id-0, id-1, id-2, id-3, id-4 and 251 more/
  )
  expect(fs.readFileSync(path.join(ws.root, 'hub.txt'), 'utf8')).toBe('hub\n')

  fs.rmSync(path.join(ws.root, 'f'), { recursive: true })
  const json = await spawnSwr(['doctor', '--json', '--dry-run'], opts).done
  const hub = JSON.stringify(JSON.parse(json.stdout))
  expect(hub).toContain(`"id-${N - 1}"`)
})
