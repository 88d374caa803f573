/**
 * Key material and manifest-editing helpers for the signing tests. Everything is real: seeds are
 * fixed (so failures repeat), keys are derived by the production code, and the CLI helpers run the
 * real commands in-process through `run` from workspace.ts.
 */
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type { SignatureState } from '../src/core/sign/gate.js'
import type { ManifestDocument } from '../src/core/types.js'
import { run, type RunOptions, type RunResult } from './workspace.js'

/** A deterministic 32-byte ML-DSA seed (or HMAC key) named by `label`. */
export function seedOf(label: string): Buffer {
  return createHash('sha256').update(`swr-test-seed:${label}`).digest()
}

/** 64 hex digits: a value SWR_HMAC_KEY accepts. */
export function hmacHex(label: string): string {
  return seedOf(`hmac:${label}`).toString('hex')
}

/** The manifest document as stored on disk. */
export function readDoc(file: string): ManifestDocument {
  return JSON.parse(fs.readFileSync(file, 'utf8')) as ManifestDocument
}

export function writeDoc(file: string, doc: ManifestDocument): void {
  fs.writeFileSync(file, JSON.stringify(doc, null, 2) + '\n')
}

/** Change the stored document in place (a hand edit: signatures are left as they were). */
export function editDoc(file: string, edit: (doc: ManifestDocument) => void): void {
  const doc = readDoc(file)
  edit(doc)
  writeDoc(file, doc)
}

export interface VerifyJson {
  schema: string
  manifest: string
  digest: string
  version: number
  require: string
  allowed: boolean
  reason: string
  signatures: SignatureState[]
}

/** `swr verify --json ...args` with the document parsed (throws when stdout holds none). */
export async function verifyJson(
  opts: RunOptions,
  ...args: string[]
): Promise<RunResult & { json: VerifyJson }> {
  const r = await run(['verify', '--json', ...args], opts)
  try {
    return { ...r, json: JSON.parse(r.stdout) as VerifyJson }
  } catch {
    throw new Error(`verify --json printed no document (exit ${r.code}): ${r.stdout}${r.stderr}`)
  }
}

/** Run a command that must succeed; throws with its output otherwise. */
export async function ok(opts: RunOptions, ...args: string[]): Promise<RunResult> {
  const r = await run(args, opts)
  if (r.code !== 0) throw new Error(`swr ${args.join(' ')} failed (${r.code}): ${r.stderr}`)
  return r
}

/**
 * The approval flow for a body field the CLI has no flag for: edit the JSON by hand (which
 * invalidates the signatures), read the new digest from `verify --json`, and sign exactly that
 * digest with `--approve-digest`. Returns the approved digest.
 */
export async function editAndApprove(
  opts: RunOptions & { manifestFile: string },
  edit: (doc: ManifestDocument) => void
): Promise<string> {
  editDoc(opts.manifestFile, edit)
  const { json } = await verifyJson(opts)
  await ok(opts, 'sign', '--approve-digest', json.digest)
  return json.digest
}

/** Another machine sharing the workspace: the same files, its own private state directory. */
export function otherMachine<T extends RunOptions>(opts: T, base: string, name: string): T {
  return { ...opts, stateDir: path.join(base, `state-${name}`) }
}
