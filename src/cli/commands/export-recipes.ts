/**
 * `swr export-recipes`: print every restore recipe as one bash script, in tier and dependency
 * order, for running by hand or in another tool (engine/export-recipes.ts, which asks the gate
 * first: exporting code is running code by another name).
 */
import { exportRecipes, EXIT, loadManifest, type ExitCode } from '../../core/index.js'
import type { CliIo } from '../io.js'
import { manifestLocation, type GlobalOptions, trustOptions, withGlobals } from '../options.js'
import { buildPolicy, type TrustFlags } from '../trust-context.js'
import type { Command } from 'commander'
import type { CommandContext } from '../command.js'

type ExportFlags = GlobalOptions & TrustFlags & { only?: string[] }

export async function exportRecipesCommand(flags: ExportFlags, io: CliIo): Promise<ExitCode> {
  const m = loadManifest(manifestLocation(flags, io).file, {
    workspace: flags.workspace,
    cwd: io.cwd
  })
  const r = await exportRecipes(m, { policy: buildPolicy(m, flags, io), only: flags.only })
  if (flags.json)
    io.stdout.write(
      JSON.stringify(
        {
          schema: 'swr.export-recipes/1',
          manifest: r.manifest,
          digest: r.digest,
          version: r.version,
          steps: r.steps,
          script: r.script
        },
        null,
        2
      ) + '\n'
    )
  else io.stdout.write(r.script)
  return EXIT.HEALTHY
}

export function registerExportRecipes(program: Command, { io, run }: CommandContext): void {
  trustOptions(withGlobals(program.command('export-recipes')))
    .description(
      'print the restore recipes as one bash script in tier and dependency order (only when signatures allow); --json: the steps and the script as one document'
    )
    .option('--only <id...>', 'export only these entries')
    .action((flags: ExportFlags) => run(() => exportRecipesCommand(flags, io)))
}
