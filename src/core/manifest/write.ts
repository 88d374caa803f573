/**
 * Creating and saving manifests. The body is written with a fixed key order so diffs stay small;
 * the file is replaced atomically, and a new manifest never overwrites one that appeared meanwhile.
 */
import fs from 'node:fs'
import path from 'node:path'
import { writeFileAtomic } from '../state/atomic.js'
import { isInside } from '../fs/inside.js'
import { assertUnchangedSinceRead, noteManifestBytes } from './read-fingerprint.js'
import type { JsonValue } from './strict-json.js'
import { manifestProblems } from './validate.js'
import { ManifestError } from '../errors.js'
import type { Entry, ManifestBody, ManifestDocument, SealedSpec } from '../types.js'

export const SCHEMA_URL = 'urn:snapshot-wipe-resilience:schema:manifest-v3.schema.json'

/** The workspace as the manifest records it: relative when the manifest sits inside it. */
export function spellWorkspace(manifestFile: string, workspace: string): string {
  const dir = path.dirname(path.resolve(manifestFile))
  if (isInside(workspace, dir)) return path.relative(dir, workspace) || '.'
  return workspace
}

export function newDocument(manifestFile: string, workspace: string, now: Date): ManifestDocument {
  return {
    $schema: SCHEMA_URL,
    body: {
      schema: 3,
      version: 1,
      workspace: spellWorkspace(manifestFile, workspace),
      created: now.toISOString().replace(/\.\d+Z$/, 'Z'),
      entries: []
    },
    signatures: []
  }
}

const ENTRY_KEYS = [
  'id',
  'kind',
  'path',
  'tier',
  'needs',
  'key',
  'restore',
  'timeout_s',
  'env',
  'secret_env',
  'smoke',
  'smoke_timeout_s',
  'note',
  'ignore',
  'expect',
  'escrow'
]

function orderEntry(e: Entry): Entry {
  const src = e as unknown as Record<string, unknown>
  const out: Record<string, unknown> = {}
  for (const k of ENTRY_KEYS) if (src[k] !== undefined) out[k] = src[k]
  // Fields without a place in the order keep theirs after the known ones: never drop data.
  for (const [k, v] of Object.entries(src)) if (!(k in out) && v !== undefined) out[k] = v
  return out as unknown as Entry
}

export function serializeDocument(doc: ManifestDocument): string {
  const body: ManifestBody = {
    schema: 3,
    version: doc.body.version,
    workspace: doc.body.workspace,
    created: doc.body.created,
    ...(doc.body.expires !== undefined ? { expires: doc.body.expires } : {}),
    ...(doc.body.scope !== undefined ? { scope: doc.body.scope } : {}),
    ...(doc.body.shell !== undefined ? { shell: doc.body.shell } : {}),
    entries: doc.body.entries.map(orderEntry),
    ...(doc.body.sealed !== undefined
      ? {
          sealed: doc.body.sealed.map(
            s => orderEntry(s as unknown as Entry) as unknown as SealedSpec
          )
        }
      : {})
  }
  return (
    JSON.stringify(
      { $schema: doc.$schema ?? SCHEMA_URL, body, signatures: doc.signatures },
      null,
      2
    ) + '\n'
  )
}

export interface SaveOptions {
  /** Fail if the file exists (creating a manifest never clobbers one). */
  create?: boolean
  /** Tree index sidecars to write beside the manifest first: path → bytes. */
  sidecars?: Map<string, Buffer>
}

/**
 * Refuse a document the loader would refuse (schema, ids, needs, cycles, bounds): an edit must
 * never write, let alone sign, a manifest every later command rejects. One line, exit 4.
 */
export function assertWritable(file: string, text: string): void {
  const problems = manifestProblems(
    JSON.parse(text) as JsonValue,
    { lines: new Map(), file: path.basename(file) },
    text
  )
  if (problems.length === 0) return
  const more = problems.length > 1 ? ` (and ${problems.length - 1} more)` : ''
  throw new ManifestError(`${problems[0]}${more}; nothing was written`, problems)
}

export function saveManifest(file: string, doc: ManifestDocument, opts: SaveOptions = {}): void {
  const text = serializeDocument(doc)
  assertWritable(file, text)
  if (!opts.create) assertUnchangedSinceRead(file)
  fs.mkdirSync(path.dirname(file), { recursive: true })
  for (const [p, bytes] of opts.sidecars ?? []) {
    fs.mkdirSync(path.dirname(p), { recursive: true })
    writeFileAtomic(p, bytes)
  }
  const bytes = Buffer.from(text, 'utf8')
  writeFileAtomic(file, bytes, { exclusive: opts.create === true })
  noteManifestBytes(file, bytes)
}
