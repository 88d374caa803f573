/**
 * `swr autopilot`: bring a manifest up to date in one step, safely enough to run again and again.
 * It edits under the manifest lock and never overwrites a manifest that appeared meanwhile; a new
 * manifest is written only when something was added. Tracking only detects a loss, so it ends by
 * naming the entries that have no way back (no recipe, cache source or escrow) and how to add one.
 */
import {
  editManifest,
  type Entry,
  EXIT,
  type ExitCode,
  type OpenedManifest,
  type SavedEdit,
  author,
  capture
} from '../../../core/index.js'
import { editSession } from '../../edit.js'
import type { CliIo } from '../../io.js'
import {
  addCaptured,
  addedLine,
  captureAll,
  createdLine,
  exclusions,
  printJson,
  savedJson,
  signedLine,
  target,
  type EditFlags
} from './shared.js'

export async function autopilotCommand(flags: EditFlags, io: CliIo): Promise<ExitCode> {
  const {
    manifest: m,
    saved,
    value: { plan, added }
  } = await editManifest(editSession(flags, io), async m => {
    const plan = author.planAutopilot(m.workspace, m.doc.body.entries, exclusions(m.file, io))
    const added = await captureAll(m, plan.requests, io, flags.jobs)
    return addCaptured(m, added, { plan, added })
  })
  const missing = saved || !m.created ? m.doc.body.entries.filter(author.lacksRecipe) : []
  const t = target(flags)
  if (flags.json) {
    printJson(io, {
      schema: 'swr.autopilot/1',
      manifest: m.file,
      workspace: m.workspace,
      created: m.created && saved !== undefined,
      added: added.map(a => a.entry),
      skipped: plan.skipped,
      truncated_scan: plan.truncated,
      no_recipe: missing.map(e => ({
        id: e.id,
        kind: e.kind,
        path: e.path,
        escrow: author.escrowHint(e, t) ?? null
      })),
      how_to_add_recipe: author.recipeHint(t),
      ...savedJson(saved)
    })
  } else if (!flags.quiet) {
    io.stdout.write(autopilotText(io, m, added, plan.skipped, saved, missing, t))
  }
  return EXIT.HEALTHY
}

function autopilotText(
  io: CliIo,
  m: OpenedManifest,
  added: readonly capture.Captured[],
  skipped: readonly { path: string; why: string }[],
  saved: SavedEdit | undefined,
  missing: readonly Entry[],
  t: author.Target
): string {
  const out: string[] = [saved ? createdLine(io, m) : '']
  for (const a of added) out.push(addedLine(a.entry))
  for (const s of skipped) out.push(`skipped ${s.path}: ${s.why}\n`)
  if (added.length === 0)
    out.push(
      m.created
        ? `nothing to track in ${m.workspace}; no manifest written\n`
        : 'nothing new to track: every top-level source tree, script and large file is tracked\n'
    )
  if (saved) out.push(signedLine(saved, m))
  if (missing.length > 0) {
    const n = missing.length
    out.push(
      `${n} ${n === 1 ? 'entry has' : 'entries have'} no restore recipe, cache source or escrow:\n`
    )
    for (const e of missing) {
      const esc = author.escrowHint(e, t)
      out.push(`  ${e.id} (${e.kind} ${e.path})${esc ? `: or ${esc}` : ''}\n`)
    }
    out.push(`to add one: ${author.recipeHint(t)}\n`)
  }
  return out.join('')
}
