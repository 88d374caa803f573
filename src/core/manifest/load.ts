/**
 * Reading a manifest: bounded read, strict parse, format detection (3, or the original tool's 2),
 * validation, digest, and the workspace it describes. Nothing here runs or writes anything.
 */
import type { IndexRecord } from '../walk/tree-index.js'
import fs from 'node:fs'
import path from 'node:path'
import { manifestDigest } from './canonical.js'
import { convertV2, isV2Document } from './import-v2.js'
import {
  DEFAULT_LIMITS,
  lazyMap,
  parseStrictJson,
  StrictJsonError,
  type JsonValue
} from './strict-json.js'
import { noteManifestBytes } from './read-fingerprint.js'
import { manifestProblems } from './validate.js'
import { errnoCode, ManifestError } from '../errors.js'
import type { Finding, ManifestBody, ManifestDocument } from '../types.js'

export interface LoadedManifest {
  /** Absolute path of the manifest file. */
  file: string
  format: 2 | 3
  doc: ManifestDocument
  body: ManifestBody
  /** sha256 of the canonical body. */
  digest: string
  /** Absolute path of the described workspace (never "/"). */
  workspace: string
  /** Entry id → the line where the entry is declared (for annotations). */
  lines: Map<string, number>
  /** Notes raised while reading (e.g. what a v2 conversion could not carry over). */
  notes: string[]
  /** Indexes of the trees of sealed entries resolved for this run (from their seals). */
  sealIndexes?: ReadonlyMap<string, IndexRecord[]> | undefined
  /** Sealed entries whose seal here cannot be used: their BADSEAL findings, by id. */
  sealDamage?: ReadonlyMap<string, Finding> | undefined
}

export interface LoadOptions {
  /** Overrides the manifest's own workspace (`--workspace`). */
  workspace?: string | undefined
  cwd?: string
}

/** Read and judge the manifest at `file`; throws ManifestError naming every problem. */
export function loadManifest(file: string, opts: LoadOptions = {}): LoadedManifest {
  const abs = path.resolve(opts.cwd ?? process.cwd(), file)
  // Relative to the working directory when it lies below it; otherwise absolute, never `../../x`
  // for a path that was typed absolute.
  const rel = path.relative(opts.cwd ?? process.cwd(), abs)
  const shown =
    rel === '' || rel === '..' || rel.startsWith(`..${path.sep}`) || path.isAbsolute(rel)
      ? abs
      : rel
  const text = readBounded(abs, shown)
  const parsed = parseManifestText(text, shown)
  const { doc, format, notes } = parsed
  const workspace = resolveWorkspace(abs, doc.body.workspace, opts)
  return {
    file: abs,
    format,
    doc,
    body: doc.body,
    digest: manifestDigest(doc.body),
    workspace,
    lines: parsed.lines,
    notes
  }
}

export interface ParsedManifest {
  doc: ManifestDocument
  format: 2 | 3
  /** Entry id → line of its declaration. */
  lines: Map<string, number>
  notes: string[]
}

/** Strict parse, format detection and validation of manifest text; `shown` names it in messages. */
export function parseManifestText(text: string, shown: string): ParsedManifest {
  let parsed
  try {
    parsed = parseStrictJson(text)
  } catch (err) {
    if (err instanceof StrictJsonError) {
      throw new ManifestError(
        `${shown}:${err.problems[0]}`,
        err.problems.map(p => `${shown}:${p}`)
      )
    }
    throw err
  }
  const notes: string[] = []
  let doc: ManifestDocument
  let format: 2 | 3
  if (isV2Document(parsed.value)) {
    const converted = convertV2(parsed.value, shown)
    doc = converted.doc
    notes.push(...converted.notes)
    format = 2
  } else {
    doc = parsed.value as unknown as ManifestDocument
    format = 3
  }
  // A converted format-2 document is not the text: its strings are always looked at.
  const problems = manifestProblems(
    doc as unknown as JsonValue,
    { lines: format === 3 ? parsed.lines : new Map(), file: shown },
    format === 3 ? text : undefined
  )
  if (problems.length > 0) {
    const more = problems.length > 1 ? ` (and ${problems.length - 1} more)` : ''
    throw new ManifestError(`${problems[0]}${more}`, problems)
  }
  // Only annotations ask where an entry is declared: found then, not at every load.
  return { doc, format, notes, lines: lazyMap(() => entryLines(doc, parsed.lines)) }
}

/** Entry id → the line where the entry is declared. */
function entryLines(doc: ManifestDocument, at: Map<string, number>): Map<string, number> {
  const lines = new Map<string, number>()
  doc.body.entries.forEach((e, i) => {
    const line = at.get(`$.body.entries[${i}]`) ?? at.get(`$.entries[${i}]`)
    if (line !== undefined) lines.set(e.id, line)
  })
  return lines
}

function readBounded(abs: string, shown: string): string {
  let fd: number
  try {
    // O_NONBLOCK: a FIFO planted at the manifest path must not hang the tool.
    fd = fs.openSync(abs, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK)
  } catch (err) {
    const code = errnoCode(err)
    if (code === 'ENOENT')
      throw new ManifestError(`${shown}: no such manifest (run "swr init" or "swr add PATH")`)
    throw new ManifestError(`${shown}: cannot open (${code ?? String(err)})`)
  }
  try {
    const st = fs.fstatSync(fd)
    if (!st.isFile()) throw new ManifestError(`${shown}: not a regular file`)
    if (st.size > DEFAULT_LIMITS.maxBytes) {
      throw new ManifestError(
        `${shown}: ${st.size} bytes, over the ${DEFAULT_LIMITS.maxBytes}-byte manifest limit`
      )
    }
    const buf = Buffer.alloc(st.size)
    let got = 0
    while (got < st.size) {
      const n = fs.readSync(fd, buf, got, st.size - got, got)
      if (n === 0) break
      got += n
    }
    noteManifestBytes(abs, buf.subarray(0, got))
    const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true })
    try {
      return decoder.decode(buf.subarray(0, got)).replace(/^\uFEFF/, '')
    } catch {
      throw new ManifestError(`${shown}: not valid UTF-8`)
    }
  } finally {
    fs.closeSync(fd)
  }
}

/** The workspace: `--workspace`, else the manifest's (relative to the manifest's directory). */
export function resolveWorkspace(
  manifestFile: string,
  declared: string,
  opts: LoadOptions
): string {
  const base = opts.workspace
    ? path.resolve(opts.cwd ?? process.cwd(), opts.workspace)
    : path.resolve(path.dirname(manifestFile), declared)
  let real = base
  try {
    real = fs.realpathSync(base)
  } catch {
    // A missing workspace is a finding for the check (everything MISSING), not a load error.
  }
  if (real === '/' || base === '/') {
    throw new ManifestError(`workspace "/" is refused: describe a directory, not the whole machine`)
  }
  return real
}
