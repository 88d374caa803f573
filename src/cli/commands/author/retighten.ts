/**
 * `swr retighten`: loose tree bounds let a partial wipe pass unnoticed. New bounds are taken only
 * from trees that verify now (they are checked first, like `swr check`), so a tree that is already
 * damaged never gets its damage written into its bounds. It edits an existing manifest only:
 * there is nothing to tighten in one that is not there yet.
 */
import {
  type Change,
  checkManifest,
  editManifest,
  EXIT,
  type ExitCode,
  loadManifest,
  type OpenedManifest,
  type SavedEdit,
  UsageError,
  author
} from '../../../core/index.js'
import { VERSION } from '../../../version.js'
import { editSession } from '../../edit.js'
import type { CliIo } from '../../io.js'
import { stateDir } from '../../options.js'
import { printJson, savedJson, signedLine, type EditFlags } from './shared.js'

export interface RetightenFlags extends EditFlags {
  only?: string[]
}

/** New bounds from the trees that verify now; the manifest is saved only when one changed. */
async function tighten(
  m: OpenedManifest,
  flags: RetightenFlags,
  io: CliIo
): Promise<Change<{ trees: number; plan: ReturnType<typeof author.planRetighten> }>> {
  if (m.created) throw new UsageError(`no manifest at ${m.file}: nothing to retighten`)
  const trees = author.treesToRetighten(m.doc.body.entries, flags.only)
  const findings =
    trees.length === 0
      ? []
      : (
          await checkManifest(loadManifest(m.file, { workspace: flags.workspace, cwd: io.cwd }), {
            only: trees.map(t => t.id),
            jobs: flags.jobs,
            stateDir: stateDir(io),
            version: VERSION,
            command: 'retighten'
          })
        ).results
  const plan = author.planRetighten(trees, findings)
  if (plan.changes.length > 0) author.applyRetighten(m.doc.body.entries, plan.changes)
  return { value: { trees: trees.length, plan }, save: plan.changes.length > 0 }
}

export async function retightenCommand(flags: RetightenFlags, io: CliIo): Promise<ExitCode> {
  const {
    manifest: m,
    saved,
    value: { trees, plan }
  } = await editManifest(editSession(flags, io), m => tighten(m, flags, io))
  if (flags.json) {
    printJson(io, {
      schema: 'swr.retighten/1',
      manifest: m.file,
      trees,
      changes: plan.changes,
      skipped: plan.skipped,
      ...savedJson(saved)
    })
  } else if (!flags.quiet) {
    io.stdout.write(retightenText(plan.changes, plan.skipped, saved, m, trees))
  }
  return EXIT.HEALTHY
}

function retightenText(
  changes: readonly author.BoundChange[],
  skipped: readonly { id: string; why: string }[],
  saved: SavedEdit | undefined,
  m: OpenedManifest,
  trees: number
): string {
  const out = changes.map(c => `tightened "${c.id}": ${c.field} ${c.from ?? 'none'} -> ${c.to}\n`)
  for (const s of skipped) out.push(`skipped "${s.id}": ${s.why}\n`)
  if (saved) out.push(signedLine(saved, m))
  else
    out.push(
      trees === 0
        ? 'no tree entries: nothing to retighten; manifest unchanged\n'
        : 'nothing to tighten: bounds already match what is on disk; manifest unchanged\n'
    )
  return out.join('')
}
