/**
 * The per-file index of a tree: a sidecar file beside the manifest (gzip'd JSON lines: relpath,
 * type, mode, size, sha256 or link target). The manifest holds the sidecar's sha256, so the index
 * is as trustworthy as the manifest; with it, a failed tree check names the files that are
 * missing, extra or changed instead of only saying "digest differs".
 */
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { gunzipSync, gzipSync } from 'node:zlib'
import { lostExec, octal } from './mode.js'
import type { RecordType, WalkRecord } from './walk.js'
import type { TreeDiff, TreeIndexRef } from '../types.js'

export interface IndexRecord {
  rel: string
  type: RecordType
  mode: number
  size: number
  /** sha256 for files, target for links. */
  extra?: string | undefined
}

const HEADER = JSON.stringify(['swr-tree-index', 1])
const MAX_INDEX_BYTES = 256 * 1024 * 1024
const LIST_LIMIT = 20

/** Where the index of tree `id` lives for the manifest at `manifestFile`. */
export function indexPath(manifestFile: string, id: string): string {
  return path.join(path.dirname(manifestFile), 'trees', `${id}.index.gz`)
}

export function encodeIndex(records: readonly IndexRecord[]): Buffer {
  const lines = [
    HEADER,
    ...records.map(r => JSON.stringify([r.rel, r.type, r.mode, r.size, r.extra ?? null]))
  ]
  return gzipSync(lines.join('\n') + '\n', { level: 6 })
}

export function indexRef(bytes: Buffer, entries: number): TreeIndexRef {
  return { sha256: createHash('sha256').update(bytes).digest('hex'), entries }
}

/** Read an index and check it against the manifest; undefined when absent, altered or unreadable. */
export function readIndex(file: string, ref: TreeIndexRef | undefined): IndexRecord[] | undefined {
  if (!ref) return undefined
  try {
    const bytes = fs.readFileSync(file)
    if (createHash('sha256').update(bytes).digest('hex') !== ref.sha256) return undefined
    const text = gunzipSync(bytes, { maxOutputLength: MAX_INDEX_BYTES }).toString('utf8')
    const lines = text.split('\n').filter(Boolean)
    if (lines[0] !== HEADER) return undefined
    return lines.slice(1).map(line => {
      const [rel, type, mode, size, extra] = JSON.parse(line) as [
        string,
        RecordType,
        number,
        number,
        string | null
      ]
      return { rel, type, mode, size, extra: extra ?? undefined }
    })
  } catch {
    return undefined
  }
}

/** Name what differs between the recorded index and what the walk found now. */
export function diffIndex(
  recorded: readonly IndexRecord[],
  now: readonly WalkRecord[],
  nowExtra?: readonly (string | undefined)[]
): { diff: TreeDiff; execLossOnly: boolean; contentChanged: boolean } {
  const before = new Map(recorded.map(r => [r.rel, r]))
  const missing: string[] = []
  const extra: string[] = []
  const changed: { path: string; what: string }[] = []
  const seen = new Set<string>()
  let execLossOnly = true
  let contentChanged = false
  now.forEach((r, i) => {
    seen.add(r.rel)
    const b = before.get(r.rel)
    if (!b) return void extra.push(r.rel)
    const what: string[] = []
    if (b.type !== r.type) what.push(`type ${b.type} -> ${r.type}`)
    else {
      if (r.type === 'f' && b.size !== r.size) what.push(`size ${b.size} -> ${r.size}`)
      if (r.type !== 'l' && b.mode !== r.mode) {
        what.push(`mode ${octal(b.mode)} -> ${octal(r.mode)}`)
        if (!lostExec(b.mode, r.mode)) execLossOnly = false
      }
      const x = nowExtra?.[i]
      if (
        x !== undefined &&
        b.extra !== undefined &&
        x !== b.extra &&
        !(r.type === 'f' && b.size !== r.size)
      ) {
        what.push(r.type === 'l' ? `target ${b.extra} -> ${x}` : 'content')
        contentChanged = true
      }
    }
    if (what.length > 1 || (what.length === 1 && !what[0]?.startsWith('mode ')))
      execLossOnly = false
    if (what.length > 0) changed.push({ path: r.rel, what: what.join(', ') })
  })
  for (const r of recorded) if (!seen.has(r.rel)) missing.push(r.rel)
  const diff = {
    missing: missing.slice(0, LIST_LIMIT),
    extra: extra.slice(0, LIST_LIMIT),
    changed: changed.slice(0, LIST_LIMIT),
    counts: { missing: missing.length, extra: extra.length, changed: changed.length }
  }
  return {
    diff,
    execLossOnly: execLossOnly && missing.length === 0 && extra.length === 0 && changed.length > 0,
    contentChanged
  }
}
