/**
 * `swr rescan ID... [--dry-run]`: capture again the expectations of entries that changed on
 * purpose (a new binary, a regenerated tree), printing each change (size, hash, files, digests:
 * before -> after) before writing. Declared fields stay. An escrowed file is escrowed again from
 * its new bytes. With --dry-run nothing is written.
 */
import type { Command } from 'commander'
import {
  editManifest,
  type Entry,
  escapeText,
  EXIT,
  type ExitCode,
  type OpenedManifest,
  SwrError,
  capture,
  manifests,
  walk
} from '../../core/index.js'
import { printChanges, savedFields, savedLine, type EntryChanges } from '../changes.js'
import type { CommandContext } from '../command.js'
import { editSession } from '../edit.js'
import type { CliIo } from '../io.js'
import type { LockFlags } from '../lock.js'
import { approveOption, jobsOption, lockOption, stateDir, withGlobals } from '../options.js'
import { exclusions } from './author/shared.js'
import { entryIndex, mustExist } from './edit.js'

export interface RescanFlags extends LockFlags {
  approveDigest?: string
  jobs?: number
  dryRun?: boolean
}

export async function rescanCommand(
  ids: string[],
  flags: RescanFlags,
  io: CliIo
): Promise<ExitCode> {
  const notes: string[] = []
  const {
    manifest: m,
    saved,
    value: report
  } = await editManifest(editSession(flags, io), async opened => {
    const { report, sidecars } = await recapture(mustExist(opened), ids, flags, io, notes)
    // Each change is shown before anything is written.
    if (!flags.json && !flags.quiet)
      printChanges(io, flags.dryRun ? 'would rescan' : 'rescanned', report)
    const changed = report.some(r => r.changes.length > 0)
    return { value: report, save: changed && !flags.dryRun, sidecars }
  })
  const changed = report.some(r => r.changes.length > 0)
  if (flags.json) {
    io.stdout.write(
      JSON.stringify(
        {
          schema: 'swr.rescan/1',
          manifest: m.file,
          dry_run: flags.dryRun === true,
          entries: report,
          notes,
          ...savedFields(saved)
        },
        null,
        2
      ) + '\n'
    )
  } else if (!flags.quiet) {
    for (const n of notes) io.stdout.write(`note: ${escapeText(n)}\n`)
    if (saved) io.stdout.write(savedLine(saved, m.note))
    else if (flags.dryRun && changed) io.stdout.write('dry run: nothing was written\n')
  }
  return EXIT.HEALTHY
}

/** Capture `ids` again in place, with their new tree indexes and what changed in each. */
async function recapture(
  m: OpenedManifest,
  ids: readonly string[],
  flags: RescanFlags,
  io: CliIo,
  notes: string[]
): Promise<{ report: EntryChanges[]; sidecars: Map<string, Buffer> }> {
  const entries = m.doc.body.entries
  const taken = new Set(entries.map(x => x.id))
  const sidecars = new Map<string, Buffer>()
  const report: EntryChanges[] = []
  for (const id of [...new Set(ids)]) {
    const i = entryIndex(m, id)
    const before = entries[i]!
    const c = await capture.recaptureEntry(m.workspace, before, taken, {
      pool: { jobs: flags.jobs, batch: ids.length > 1 },
      exclude: exclusions(m.file, io),
      stateDir: stateDir(io)
    })
    const after = await reescrow(m.workspace, before, c.entry, io, notes)
    if (c.index) sidecars.set(walk.indexPath(m.file, id), c.index)
    entries[i] = after
    report.push({ id, changes: manifests.diffEntry(before, after) })
  }
  return { report, sidecars }
}

/** Escrowed bytes must be the recorded ones: escrow the new bytes, or drop the escrow and say so. */
async function reescrow(
  workspace: string,
  before: Entry,
  after: Entry,
  io: CliIo,
  notes: string[]
): Promise<Entry> {
  if (after.kind !== 'file' || before.kind !== 'file' || !before.escrow) return after
  if (before.expect.sha256 === after.expect.sha256) return after
  const { escrow: _old, ...rest } = after
  try {
    return {
      ...rest,
      escrow: await capture.captureEscrow(workspace, rest, undefined, stateDir(io))
    }
  } catch (err) {
    if (!(err instanceof SwrError) && !(err instanceof Error && 'code' in err)) throw err
    notes.push(`${after.id}: escrow dropped (${err.message})`)
    return rest
  }
}

export function registerRescan(program: Command, { io, run }: CommandContext): void {
  const cmd = withGlobals(program.command('rescan'))
    .description(
      'capture again entries that changed on purpose; prints each change (before -> after) before writing'
    )
    .argument('<id...>', 'entries to capture again')
    .option('--dry-run', 'show what would change; write nothing')
  lockOption(approveOption(jobsOption(cmd))).action((ids: string[], flags: RescanFlags) =>
    run(() => rescanCommand(ids, flags, io))
  )
}
