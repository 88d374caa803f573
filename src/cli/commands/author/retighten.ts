/**
 * `swr retighten`: loose tree bounds let a partial wipe pass unnoticed. New bounds are taken only
 * from trees that verify now (they are checked first, like `swr check`), so a tree that is already
 * damaged never gets its damage written into its bounds. It edits an existing manifest only:
 * there is nothing to tighten in one that is not there yet.
 */
import {
  applyRetighten,
  planRetighten,
  treesToRetighten,
  type BoundChange,
  checkManifest,
  EXIT,
  loadManifest,
  UsageError,
  type ExitCode
} from '../../../core/index.js'
import { VERSION } from '../../../version.js'
import { saveEdited, type SaveEdited } from '../../edit.js'
import type { CliIo } from '../../io.js'
import { withManifestLock } from '../../lock.js'
import { stateDir } from '../../options.js'
import { openForEdit, type OpenedManifest } from '../add.js'
import { printJson, savedJson, signedLine, type EditFlags } from './shared.js'

export interface RetightenFlags extends EditFlags {
  only?: string[]
}

export function retightenCommand(flags: RetightenFlags, io: CliIo): Promise<ExitCode> {
  return withManifestLock(flags, io, async () => {
    const m = await openForEdit(flags, io)
    if (m.created) throw new UsageError(`no manifest at ${m.file}: nothing to retighten`)
    const trees = treesToRetighten(m.doc.body.entries, flags.only)
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
    const plan = planRetighten(trees, findings)
    let saved: SaveEdited | undefined
    if (plan.changes.length > 0) {
      applyRetighten(m.doc.body.entries, plan.changes)
      saved = await saveEdited(m.file, m.doc, { resign: m.resign, created: false }, io)
    }
    if (flags.json) {
      printJson(io, {
        schema: 'swr.retighten/1',
        manifest: m.file,
        trees: trees.length,
        changes: plan.changes,
        skipped: plan.skipped,
        ...savedJson(saved)
      })
    } else if (!flags.quiet) {
      io.stdout.write(retightenText(plan.changes, plan.skipped, saved, m, trees.length))
    }
    return EXIT.HEALTHY
  })
}

function retightenText(
  changes: readonly BoundChange[],
  skipped: readonly { id: string; why: string }[],
  saved: SaveEdited | undefined,
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
