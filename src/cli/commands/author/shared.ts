/**
 * Plumbing the authoring commands share, so that they all find the workspace, capture, save and
 * report the same way: a read-only scan falls back to the current directory when there is no
 * manifest, captures go through the same path as `swr add` (ids never collide, swr's own files
 * are never tracked), saves follow the editing rules (the engine's edit session), and every added entry, new
 * manifest and signature is reported in one wording.
 */
import fs from 'node:fs'
import path from 'node:path'
import {
  type Change,
  type Entry,
  escapeText as esc,
  loadManifest,
  type OpenedManifest,
  ownPaths,
  type SavedEdit,
  UsageError,
  author,
  capture as captureApi,
  walk
} from '../../../core/index.js'
import type { CliIo } from '../../io.js'
import type { LockFlags } from '../../lock.js'
import { manifestLocation, stateDir, type GlobalOptions } from '../../options.js'

export interface EditFlags extends LockFlags {
  approveDigest?: string
  jobs?: number
}

export interface View {
  file: string
  workspace: string
  entries: readonly Entry[]
  found: boolean
}

/** The manifest a read-only scan compares with, or none: then nothing is tracked (cwd is scanned). */
export function readView(flags: GlobalOptions, io: CliIo): View {
  const located = manifestLocation(flags, io)
  if (located.how !== 'new' && fs.existsSync(located.file)) {
    const m = loadManifest(located.file, { workspace: flags.workspace, cwd: io.cwd })
    return { file: m.file, workspace: m.workspace, entries: m.body.entries, found: true }
  }
  const dir = path.resolve(io.cwd, flags.workspace ?? '.')
  if (!fs.statSync(dir, { throwIfNoEntry: false })?.isDirectory())
    throw new UsageError(`workspace ${dir} is not a directory`)
  const workspace = fs.realpathSync(dir)
  if (workspace === '/')
    throw new UsageError('workspace "/" is refused: describe a directory, not the whole machine')
  return { file: located.file, workspace, entries: [], found: false }
}

export function shown(io: CliIo, file: string): string {
  return path.relative(io.cwd, file) || file
}

export function target(flags: GlobalOptions): author.Target {
  return { manifest: flags.manifest, workspace: flags.workspace }
}

export function exclusions(file: string, io: CliIo): Set<string> {
  return ownPaths(file, stateDir(io))
}

export async function captureAll(
  m: OpenedManifest,
  requests: readonly captureApi.CaptureRequest[],
  io: CliIo,
  jobs: number | undefined
): Promise<captureApi.Captured[]> {
  const taken = new Set(m.doc.body.entries.map(e => e.id))
  const exclude = exclusions(m.file, io)
  const out: captureApi.Captured[] = []
  for (const req of requests) {
    const c = await captureApi.captureEntry(m.workspace, req, taken, {
      pool: { jobs },
      exclude,
      stateDir: stateDir(io)
    })
    taken.add(c.entry.id)
    out.push(c)
  }
  return out
}

/**
 * Append the captured entries, with their tree indexes; saved under the editing rules only when
 * something was added (a new manifest is then written only when it has entries).
 */
export function addCaptured<T>(
  m: OpenedManifest,
  added: readonly captureApi.Captured[],
  value: T
): Change<T> {
  m.doc.body.entries.push(...added.map(a => a.entry))
  const sidecars = new Map(
    added.flatMap(a => (a.index ? [[walk.indexPath(m.file, a.entry.id), a.index] as const] : []))
  )
  return { value, save: added.length > 0, sidecars }
}

export function signedLine(saved: SavedEdit, m: OpenedManifest): string {
  return saved.signed
    ? `signed version ${saved.version}, digest ${saved.digest}\n`
    : `note: ${saved.note ?? m.note ?? 'manifest is unsigned: run "swr sign" to approve it'}\n`
}

export function savedJson(saved: SavedEdit | undefined): Record<string, unknown> {
  return saved
    ? { written: true, signed: saved.signed, version: saved.version, digest: saved.digest }
    : { written: false }
}

export function printJson(io: CliIo, doc: Record<string, unknown>): void {
  io.stdout.write(JSON.stringify(doc, null, 2) + '\n')
}

export function size(bytes: number): string {
  const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB']
  let v = bytes
  let u = 0
  while (v >= 1024 && u < units.length - 1) {
    v /= 1024
    u++
  }
  return u === 0 ? `${bytes} B` : `${v.toFixed(1)} ${units[u]}`
}

export function count(files: number): string {
  return `${files.toLocaleString('en-US')} ${files === 1 ? 'file' : 'files'}`
}

export function addedLine(e: Entry): string {
  const extra =
    e.kind === 'tree'
      ? `, ${(e.expect.files ?? 0).toLocaleString('en-US')} files, sentinels: ${esc(e.expect.sentinels.join(', ')) || 'none'}`
      : e.kind === 'link'
        ? `, -> ${esc(e.expect.target)}`
        : `, ${e.expect.size.toLocaleString('en-US')} bytes`
  return `added ${e.kind} "${esc(e.id)}" (${esc(e.path)}, tier ${e.tier}${extra})\n`
}

export function createdLine(io: CliIo, m: OpenedManifest): string {
  return m.created ? `created ${shown(io, m.file)} describing ${esc(m.workspace)}\n` : ''
}
