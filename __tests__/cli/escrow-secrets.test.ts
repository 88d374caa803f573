/**
 * Escrow and the secret scan through the bundled CLI (dist/cli/index.js) with real credential
 * formats (fake values made at run time, __fixtures__/secret-corpus.ts): `swr add` then
 * `swr escrow`, human and `--json`, embed no credential anywhere (the manifest text, its escrowed
 * bytes inflated, stdout, stderr), while every ordinary config file escrows. A plain `check` never
 * loads the rule set; `escrow` does.
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import fs from 'node:fs'
import path from 'node:path'
import { inflateRawSync } from 'node:zlib'
import { readDoc } from '../../__fixtures__/keys.js'
import { BIN, spawnSwr } from '../../__fixtures__/repair.js'
import { ordinaryCorpus, secretCorpus, type CorpusFile } from '../../__fixtures__/secret-corpus.js'
import {
  makeWorkspace,
  write,
  type RunResult,
  type Workspace
} from '../../__fixtures__/workspace.js'

let ws: Workspace

beforeEach(() => {
  ws = makeWorkspace()
})
afterEach(() => ws.cleanup())

async function swr(args: string[], env: NodeJS.ProcessEnv = {}): Promise<RunResult> {
  const r = await spawnSwr(args, { ...ws, env }).done
  return { code: r.code, stdout: r.stdout, stderr: r.stderr }
}

/** The manifest's text and every escrowed file's bytes, inflated. */
function committed(): string {
  const doc = readDoc(ws.manifestFile)
  const embedded = doc.body.entries.map(e =>
    'escrow' in e && e.escrow
      ? inflateRawSync(Buffer.from(e.escrow.data, 'base64')).toString('latin1')
      : ''
  )
  return [fs.readFileSync(ws.manifestFile, 'utf8'), ...embedded].join('\n')
}

/** The ids of the corpus files whose secrets `text` holds. */
const leaked = (files: CorpusFile[], text: string): string[] =>
  files.filter(f => f.secrets.some(s => text.includes(s))).map(f => f.id)

describe('escrow of a credential corpus through the bundled CLI', () => {
  it('embeds and prints no credential; every ordinary file escrows', async () => {
    const secrets = secretCorpus()
    const ordinary = ordinaryCorpus()
    for (const f of [...secrets, ...ordinary]) write(ws.root, f.rel, f.content, 0o600)
    const outputs: string[] = []
    for (const f of [...secrets, ...ordinary]) {
      const r = await swr(['add', f.rel, '--id', f.id])
      expect({ id: f.id, code: r.code, err: r.stderr }).toEqual({ id: f.id, code: 0, err: '' })
      outputs.push(r.stdout, r.stderr)
    }
    const json = await swr(['escrow', '--json'])
    expect(json.code).toBe(0)
    const doc = JSON.parse(json.stdout) as {
      escrowed: string[]
      skipped: { id: string; why: string }[]
    }
    expect(doc.escrowed.sort()).toEqual(ordinary.map(f => f.id).sort())
    expect(doc.skipped.map(s => s.id).sort()).toEqual(secrets.map(f => f.id).sort())
    for (const s of doc.skipped)
      expect(s.why).toMatch(/ (is a credential by name|holds .*); secrets are tracked by hash/)
    // Again in human form, for its own output (nothing new to escrow: the secrets are refused).
    const human = await swr(['escrow'])
    expect(human.code).toBe(0)
    expect(human.stdout).toMatch(
      /skipped aws-secret-only: .*holds a secret \(.*aws\/AWSSecretAccessKey/
    )
    outputs.push(json.stdout, json.stderr, human.stdout, human.stderr)
    expect(leaked(secrets, committed())).toEqual([])
    expect(leaked(secrets, outputs.join('\n'))).toEqual([])
    // Each ordinary file's escrow restores its exact bytes.
    const entries = readDoc(ws.manifestFile).body.entries
    for (const f of ordinary) {
      const e = entries.find(x => x.id === f.id)
      const data = e && 'escrow' in e ? e.escrow?.data : undefined
      expect([f.id, inflateRawSync(Buffer.from(data ?? '', 'base64')).toString()]).toEqual([
        f.id,
        f.content
      ])
    }
  })

  it('loads the rule set for escrow only: a plain check never does', async () => {
    const chunk = fs
      .readdirSync(path.dirname(BIN))
      .find(
        n =>
          /^\d+\.index\.js$/.test(n) &&
          fs.readFileSync(path.join(path.dirname(BIN), n), 'latin1').includes('secretlint-rule-aws')
      )
    expect(chunk).toBeDefined()
    write(ws.root, 'etc/app.conf', 'port = 8080\n')
    expect((await swr(['add', 'etc/app.conf'])).code).toBe(0)
    const loads = async (args: string[]): Promise<boolean> => {
      const r = await swr(args, { NODE_DEBUG: 'module', SWR_CODE_CACHE: '0' })
      expect({ args, code: r.code }).toEqual({ args, code: 0 })
      return r.stderr.includes(chunk ?? '?')
    }
    expect(await loads(['check'])).toBe(false)
    expect(await loads(['check', '--json'])).toBe(false)
    expect(await loads(['escrow'])).toBe(true)
  })
})
