/**
 * `swr rm ID...`: stop tracking entries. Refused while another entry needs one of them, unless
 * --with-dependents removes those too (and what needs them, transitively). The removed trees'
 * index files are deleted once the manifest no longer names them.
 */
import type { Command } from 'commander'
import {
  type Change,
  editManifest,
  type Entry,
  escapeText as e,
  EXIT,
  type ExitCode,
  type OpenedManifest,
  UsageError,
  walk
} from '../../core/index.js'
import { savedFields, savedLine } from '../changes.js'
import type { CommandContext } from '../command.js'
import { editSession } from '../edit.js'
import type { CliIo } from '../io.js'
import type { LockFlags } from '../lock.js'
import { approveOption, lockOption, withGlobals } from '../options.js'
import { entryIndex, mustExist } from './edit.js'

export interface RmFlags extends LockFlags {
  approveDigest?: string
  withDependents?: boolean
}

type Tracked = Pick<Entry, 'id' | 'kind' | 'path' | 'needs'>

/** `ids` and, with `follow`, every entry that needs one of them, transitively. */
function closure(
  entries: readonly Tracked[],
  ids: readonly string[],
  follow: boolean
): Set<string> {
  const gone = new Set(ids)
  for (let grew = follow; grew;) {
    grew = false
    for (const x of entries)
      if (!gone.has(x.id) && x.needs.some(n => gone.has(n))) {
        gone.add(x.id)
        grew = true
      }
  }
  return gone
}

/**
 * Drop `ids` (and, with `follow`, their dependents), entries and sealed entries alike, and the
 * index files of removed trees. A sealed entry's seals stay in the state directory (they are
 * keyed to this manifest and entry, and nothing reads them once the entry is gone).
 */
function remove(m: OpenedManifest, ids: readonly string[], follow: boolean): Change<Tracked[]> {
  const body = m.doc.body
  const sealed = body.sealed ?? []
  for (const id of ids) if (!sealed.some(x => x.id === id)) entryIndex(m, id)
  const all: Tracked[] = [...body.entries, ...sealed]
  const gone = closure(all, ids, follow)
  for (const x of all) {
    const need = x.needs.find(n => gone.has(n))
    if (need !== undefined && !gone.has(x.id))
      throw new UsageError(
        `entry "${e(x.id)}" needs "${e(need)}": remove it too with --with-dependents, or drop the dependency with "swr edit ${e(x.id)} --drop-needs ${e(need)}"; nothing was written`
      )
  }
  const removed = all.filter(x => gone.has(x.id))
  body.entries = body.entries.filter(x => !gone.has(x.id))
  if (body.sealed) {
    body.sealed = sealed.filter(x => !gone.has(x.id))
    if (body.sealed.length === 0) delete body.sealed
  }
  // A stale index is harmless, but the saved manifest no longer names it.
  const dropped = removed
    .filter(x => x.kind === 'tree' && !sealed.some(s => s.id === x.id))
    .map(x => walk.indexPath(m.file, x.id))
  return { value: removed, save: true, dropped }
}

export async function rmCommand(ids: string[], flags: RmFlags, io: CliIo): Promise<ExitCode> {
  const {
    manifest: m,
    saved,
    value: removed
  } = await editManifest(editSession(flags, io), m =>
    remove(mustExist(m), ids, flags.withDependents === true)
  )
  if (flags.json) {
    io.stdout.write(
      JSON.stringify(
        {
          schema: 'swr.rm/1',
          manifest: m.file,
          removed: removed.map(x => ({ id: x.id, kind: x.kind, path: x.path })),
          ...savedFields(saved)
        },
        null,
        2
      ) + '\n'
    )
  } else if (!flags.quiet) {
    for (const x of removed)
      io.stdout.write(
        `removed ${x.kind} "${e(x.id)}" (${e(x.path)})${ids.includes(x.id) ? '' : ' (a dependent)'}\n`
      )
    io.stdout.write(savedLine(saved!, m.note))
  }
  return EXIT.HEALTHY
}

export function registerRm(program: Command, { io, run }: CommandContext): void {
  const cmd = withGlobals(program.command('rm'))
    .description('stop tracking entries (refused while another entry needs one of them)')
    .argument('<id...>', 'entries to remove')
    .option('--with-dependents', 'also remove every entry that needs them')
  lockOption(approveOption(cmd)).action((ids: string[], flags: RmFlags) =>
    run(() => rmCommand(ids, flags, io))
  )
}
