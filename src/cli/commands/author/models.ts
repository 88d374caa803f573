/**
 * `swr models`: model weights are the files most worth tracking and the easiest to miss, since
 * they hide in caches. Listing is read-only and needs no manifest, so it is safe to run anywhere;
 * only --apply takes the lock and edits. An id is derived from the name a model was found under
 * (a Hugging Face snapshot link rather than its content-addressed blob), so it stays readable, and
 * the list printed after --apply already shows the new entries as tracked.
 */
import {
  editManifest,
  escapeText as e,
  EXIT,
  type ExitCode,
  type OpenedManifest,
  type SavedEdit,
  UsageError,
  author,
  capture
} from '../../../core/index.js'
import { editSession } from '../../edit.js'
import type { CliIo } from '../../io.js'
import {
  addCaptured,
  addedLine,
  createdLine,
  exclusions,
  printJson,
  readView,
  savedJson,
  signedLine,
  size,
  type EditFlags
} from './shared.js'

const MIB = 1024 * 1024

export interface ModelsFlags extends EditFlags {
  minMb?: number
  apply?: boolean
  fullHash?: boolean
}

function modelJson(x: author.ModelFile): Record<string, unknown> {
  return {
    path: x.path,
    bytes: x.bytes,
    ...(x.via ? { via: x.via } : {}),
    tracked_by: x.tracked?.id ?? null,
    tracked_as: x.tracked ? (x.tracked.exact ? 'entry' : 'inside tree') : null
  }
}

function modelLine(x: author.ModelFile): string {
  const state = x.tracked
    ? x.tracked.exact
      ? `tracked by "${x.tracked.id}"`
      : `inside tree "${x.tracked.id}"`
    : 'untracked'
  return `${size(x.bytes).padStart(10)}  ${e(x.path)}  ${state}${x.via ? `  (via ${e(x.via)})` : ''}\n`
}

export async function modelsCommand(flags: ModelsFlags, io: CliIo): Promise<ExitCode> {
  const minBytes = flags.minMb === undefined ? author.DEFAULT_MIN_MODEL_BYTES : flags.minMb * MIB
  if (flags.fullHash && !flags.apply) throw new UsageError('--full-hash goes with --apply')
  if (!flags.apply) {
    const view = readView(flags, io)
    const scan = author.findModels(
      view.workspace,
      view.entries,
      exclusions(view.file, io),
      minBytes
    )
    const where = { workspace: view.workspace, manifest: view.found ? view.file : null }
    printModels(io, flags, where, scan, minBytes)
    return EXIT.HEALTHY
  }
  const {
    manifest: m,
    saved,
    value: { scan, added }
  } = await editManifest(editSession(flags, io), async m => {
    const scan = author.findModels(
      m.workspace,
      m.doc.body.entries,
      exclusions(m.file, io),
      minBytes
    )
    const taken = new Set(m.doc.body.entries.map(e => e.id))
    const added: capture.Captured[] = []
    for (const x of scan.models.filter(y => !y.tracked)) {
      const id = capture.deriveId(x.via ?? x.path, taken)
      const opts = { fullHash: flags.fullHash === true, pool: { jobs: flags.jobs } }
      added.push(await author.captureModel(m.workspace, { path: x.path, id }, taken, opts))
      taken.add(id)
    }
    return addCaptured(m, added, { scan, added })
  })
  const now = new Map(added.map(a => [a.entry.path, a.entry.id]))
  const models = scan.models.map(x => {
    const id = now.get(x.path)
    return id === undefined ? x : { ...x, tracked: { id, exact: true } }
  })
  const where = { workspace: m.workspace, manifest: m.file }
  printModels(io, flags, where, { ...scan, models }, minBytes, { added, saved, m })
  return EXIT.HEALTHY
}

function printModels(
  io: CliIo,
  flags: ModelsFlags,
  where: { workspace: string; manifest: string | null },
  scan: ReturnType<typeof author.findModels>,
  minBytes: number,
  applied?: { added: capture.Captured[]; saved: SavedEdit | undefined; m: OpenedManifest }
): void {
  if (flags.json) {
    printJson(io, {
      schema: 'swr.models/1',
      manifest: where.manifest,
      workspace: where.workspace,
      min_bytes: minBytes,
      truncated_scan: scan.truncated,
      models: scan.models.map(modelJson),
      applied: applied !== undefined,
      ...(applied ? { added: applied.added.map(a => a.entry), ...savedJson(applied.saved) } : {})
    })
    return
  }
  if (flags.quiet) return
  const out: string[] = scan.models.map(modelLine)
  if (scan.models.length === 0) out.push(`no model files of ${size(minBytes)} or more\n`)
  const untracked = scan.models.filter(x => !x.tracked).length
  if (!applied && untracked > 0)
    out.push(`${untracked} untracked: "swr models --apply" tracks them as blob entries (tier 3)\n`)
  if (applied) {
    if (applied.saved) out.push(createdLine(io, applied.m))
    for (const a of applied.added) out.push(addedLine(a.entry))
    if (applied.saved) out.push(signedLine(applied.saved, applied.m))
    else out.push('nothing to add: every model listed is tracked\n')
  }
  if (scan.truncated) out.push('note: the scan stopped early; the workspace is very large\n')
  io.stdout.write(out.join(''))
}
