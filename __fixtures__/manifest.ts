/**
 * Builders for format-3 manifest documents used by the tests. Every builder returns a document
 * that passes the schema and the rules as is; tests override or break one field at a time.
 */
import fs from 'node:fs'
import path from 'node:path'
import type {
  BlobEntry,
  FileEntry,
  LinkEntry,
  ManifestBody,
  ManifestDocument,
  TreeEntry
} from '../src/core/types.js'

/** A well-formed sha256 (hex) made of one repeated digit, e.g. `sha('a')`. */
export const sha = (digit: string): string => digit.repeat(64)

export const CREATED = '2025-01-01T00:00:00Z'

export function fileEntry(id: string, p: string, overrides: Partial<FileEntry> = {}): FileEntry {
  return {
    id,
    kind: 'file',
    path: p,
    tier: 1,
    needs: [],
    expect: { size: 12, sha256: sha('a'), mode: '0644' },
    ...overrides
  }
}

export function blobEntry(id: string, p: string, overrides: Partial<BlobEntry> = {}): BlobEntry {
  return {
    id,
    kind: 'blob',
    path: p,
    tier: 3,
    needs: [],
    expect: { size: 4096, headtail: sha('b') },
    ...overrides
  }
}

export function treeEntry(id: string, p: string, overrides: Partial<TreeEntry> = {}): TreeEntry {
  return {
    id,
    kind: 'tree',
    path: p,
    tier: 2,
    needs: [],
    ignore: [],
    expect: { sentinels: ['README.md'], min_files: 1 },
    ...overrides
  }
}

export function linkEntry(
  id: string,
  p: string,
  target: string,
  overrides: Partial<LinkEntry> = {}
): LinkEntry {
  return { id, kind: 'link', path: p, tier: 0, needs: [], expect: { target }, ...overrides }
}

/** A valid body with one entry of each kind unless `entries` is overridden. */
export function validBody(overrides: Partial<ManifestBody> = {}): ManifestBody {
  return {
    schema: 3,
    version: 1,
    workspace: '..',
    created: CREATED,
    entries: [
      fileEntry('config', 'etc/config.toml'),
      blobEntry('model', 'data/model.bin'),
      treeEntry('src', 'src'),
      linkEntry('python', 'bin/python', '/usr/bin/python3')
    ],
    ...overrides
  }
}

export function validDoc(overrides: Partial<ManifestBody> = {}): ManifestDocument {
  return { body: validBody(overrides), signatures: [] }
}

/** The text a test writes: two-space JSON, one value per line, so lines are predictable. */
export function manifestText(doc: unknown): string {
  return JSON.stringify(doc, null, 2) + '\n'
}

/** Write `doc` (an object, or raw text/bytes as is) to `<dir>/.swr/manifest.json`; returns that path. */
export function writeManifest(dir: string, doc: unknown): string {
  const file = path.join(dir, '.swr', 'manifest.json')
  fs.mkdirSync(path.dirname(file), { recursive: true })
  const data = typeof doc === 'string' || Buffer.isBuffer(doc) ? doc : manifestText(doc)
  fs.writeFileSync(file, data)
  return file
}

/** 1-based line of the first line of `text` containing `needle` (throws when absent). */
export function lineOf(text: string, needle: string, from = 1): number {
  const lines = text.split('\n')
  for (let i = from - 1; i < lines.length; i++) {
    if (lines[i]?.includes(needle)) return i + 1
  }
  throw new Error(`${needle} not found in text`)
}
