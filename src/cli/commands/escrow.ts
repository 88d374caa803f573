/**
 * `swr escrow [--only ID...] [--max-bytes N]`: embed small files in the manifest (deflated, base64)
 * after checking their bytes against the recorded sha256, so they can be restored with no recipe.
 * An editing command: it follows the editing rules and re-signs.
 */
import {
  type Change,
  editManifest,
  escapeText as e,
  EXIT,
  type ExitCode,
  type FileEntry,
  type OpenedManifest,
  selectEntries,
  SwrError,
  UsageError,
  capture,
  textReport
} from '../../core/index.js'
import { editSession } from '../edit.js'
import type { CliIo } from '../io.js'
import { stateDir, approveOption, intOption, lockOption, withGlobals } from '../options.js'
import type { LockFlags } from '../lock.js'
import type { Command } from 'commander'
import type { CommandContext } from '../command.js'

export interface EscrowFlags extends LockFlags {
  only?: string[]
  maxBytes?: number
  approveDigest?: string
}

interface Escrowed {
  done: string[]
  skipped: { id: string; why: string }[]
}

/** Embed the selected files' bytes; refused when none could be (each reason on stderr). */
async function embed(m: OpenedManifest, flags: EscrowFlags, io: CliIo): Promise<Change<Escrowed>> {
  if (m.created) throw new UsageError('no manifest to escrow into: add entries first')
  const selected = selectEntries(m.doc.body.entries, flags.only).filter(
    (e): e is FileEntry => e.kind === 'file'
  )
  const done: string[] = []
  const skipped: { id: string; why: string }[] = []
  for (const e of selected) {
    try {
      e.escrow = await capture.captureEscrow(
        m.workspace,
        e,
        flags.maxBytes ?? capture.ESCROW_MAX_BYTES,
        stateDir(io)
      )
      done.push(e.id)
    } catch (err) {
      if (!(err instanceof SwrError) && !(err instanceof Error && 'code' in err)) throw err
      skipped.push({ id: e.id, why: err.message })
    }
  }
  if (done.length === 0) {
    for (const s of skipped) io.stderr.write(`swr: ${e(s.why)}\n`)
    throw new SwrError('nothing escrowed', EXIT.UNREPAIRABLE)
  }
  return { value: { done, skipped }, save: true }
}

export async function escrowCommand(flags: EscrowFlags, io: CliIo): Promise<ExitCode> {
  const {
    manifest: m,
    saved: edit,
    value: { done, skipped }
  } = await editManifest(editSession(flags, io), m => embed(m, flags, io))
  const saved = edit! // embed always saves, or throws
  if (flags.json) {
    io.stdout.write(
      JSON.stringify(
        {
          schema: 'swr.escrow/1',
          manifest: m.file,
          escrowed: done,
          skipped,
          digest: saved.digest,
          signed: saved.signed
        },
        null,
        2
      ) + '\n'
    )
  } else if (!flags.quiet) {
    io.stdout.write(
      `escrowed ${done.length.toLocaleString('en-US')} file(s): ${textReport.fewIds(done)}\n`
    )
    io.stdout.write(
      textReport.boundedLines(skipped, s => `  skipped ${e(s.id)}: ${e(s.why)}`, 'skipped')
    )
    io.stdout.write(
      saved.signed
        ? `signed version ${saved.version}, digest ${saved.digest}\n`
        : `note: ${saved.note ?? m.note ?? 'unsigned'}\n`
    )
  }
  return EXIT.HEALTHY
}

export function registerEscrow(program: Command, { io, run }: CommandContext): void {
  const cmd = withGlobals(program.command('escrow'))
    .description(
      'embed small files in the manifest (checked against their sha256) so they restore without a recipe'
    )
    .option('--only <id...>', 'escrow only these entries')
    .option(
      '--max-bytes <n>',
      'largest file to escrow (default 262144)',
      intOption('--max-bytes', 1, 1024 * 1024)
    )
  lockOption(approveOption(cmd)).action((flags: EscrowFlags) => run(() => escrowCommand(flags, io)))
}
