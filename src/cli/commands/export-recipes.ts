/**
 * `swr export-recipes`: print every restore recipe as one bash script, in tier and dependency
 * order, for running by hand or in another tool. Exporting code is running code by another name,
 * so the gate decides first.
 */
import {
  selectEntries,
  planRepair,
  planSteps,
  decide,
  gateInput,
  shellQuote,
  EXIT,
  loadManifest,
  recipesOf,
  SwrError,
  type ExitCode
} from '../../core/index.js'
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
  const gate = await decide(gateInput(m), buildPolicy(m, flags, io))
  if (!gate.allowed)
    throw new SwrError(
      `export-recipes: refusing to export recipes: ${gate.reason}`,
      EXIT.UNREPAIRABLE
    )
  const entries = selectEntries(m.body.entries, flags.only).filter(e => recipesOf(e).length > 0)
  const all = entries.map(e => ({
    id: e.id,
    kind: e.kind,
    path: e.path,
    tier: e.tier,
    status: 'MISSING' as const,
    reason: 'export',
    detail: '',
    recorded: {},
    found: {},
    cached: false
  }))
  const lines = [
    '#!/usr/bin/env bash',
    // Every manifest string outside the signed recipes goes through shellQuote: one word, one line.
    `# swr recipes for ${shellQuote(m.file)}`,
    `# manifest digest ${m.digest}, version ${m.body.version}`,
    'set -euo pipefail',
    `cd ${shellQuote(m.workspace)}`
  ]
  const steps = []
  for (const step of planSteps(planRepair(entries, all))) {
    const e = entries.find(x => x.id === step.id)
    if (!e) continue
    steps.push({
      id: e.id,
      kind: e.kind,
      path: e.path,
      tier: e.tier,
      after: step.after,
      recipes: recipesOf(e)
    })
    lines.push(
      '',
      `# tier ${e.tier}: ${shellQuote(e.id)} (${shellQuote(e.path)})${step.after.length ? ` after ${step.after.map(shellQuote).join(', ')}` : ''}`,
      recipesOf(e)
        .map(r => `( ${r}\n)`)
        .join(' ||\n')
    )
  }
  const script = lines.join('\n') + '\n'
  if (flags.json)
    io.stdout.write(
      JSON.stringify(
        {
          schema: 'swr.export-recipes/1',
          manifest: m.file,
          digest: m.digest,
          version: m.body.version,
          steps,
          script
        },
        null,
        2
      ) + '\n'
    )
  else io.stdout.write(script)
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
