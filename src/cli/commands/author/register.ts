/**
 * The authoring helpers on the command line: `audit`, `autopilot`, `models`, `retighten`,
 * `preset`. They are thin shells over core/author: they find the manifest, take its lock before
 * editing, capture through the same path as `swr add`, save under the editing rules (the engine's edit session),
 * and print text or one JSON document. Nothing is written when there is nothing to add or change.
 * The options every editing command takes are wired here once, so they read the same everywhere.
 */
import type { Command } from 'commander'
import { author } from '../../../core/index.js'
import type { CommandContext } from '../../command.js'
import { approveOption, intOption, jobsOption, lockOption, withGlobals } from '../../options.js'
import { auditCommand, DEFAULT_AUDIT_LIMIT, type AuditFlags } from './audit.js'
import { autopilotCommand } from './autopilot.js'
import { modelsCommand, type ModelsFlags } from './models.js'
import { presetCommand, type PresetFlags } from './preset.js'
import { retightenCommand, type RetightenFlags } from './retighten.js'
import type { EditFlags } from './shared.js'

export function registerAuthorCommands(program: Command, { io, run }: CommandContext): void {
  withGlobals(program.command('audit'))
    .description(
      'list untracked files and directories worth protecting, largest first, each with the "swr add" line that tracks it (read-only; volatile directories are skipped)'
    )
    .option(
      '--limit <n>',
      `rows to show (default ${DEFAULT_AUDIT_LIMIT})`,
      intOption('--limit', 1, 1_000_000)
    )
    .action((flags: AuditFlags) => run(() => auditCommand(flags, io)))

  editing(withGlobals(program.command('autopilot')))
    .description(
      'create the manifest if there is none (never overwrites one), then track each top-level source tree, top-level script and large file not yet tracked; trees get marker sentinels and ignore volatile directories'
    )
    .action((flags: EditFlags) => run(() => autopilotCommand(flags, io)))

  editing(withGlobals(program.command('models')))
    .description(
      'list model files (.gguf .safetensors .onnx .bin .pt .pth .ckpt) of any size from --min-mb up, caches included, and whether each is tracked; --apply tracks the untracked ones as tier-3 blobs'
    )
    .option(
      '--min-mb <n>',
      'smallest model to list, in MiB (default 1)',
      intOption('--min-mb', 0, 16 * 1024 * 1024)
    )
    .option(
      '--apply',
      'track every untracked model listed as a blob entry (tier 3): size and head/tail digest, 2 MiB read per model'
    )
    .option(
      '--full-hash',
      'with --apply: also record each full sha256 for "check --deep" (reads every byte)'
    )
    .action((flags: ModelsFlags) => run(() => modelsCommand(flags, io)))

  editing(withGlobals(program.command('retighten')))
    .description(
      'raise loose tree bounds to the file count on disk now, never loosening them (min_files up, max_files down); trees that do not verify now are skipped'
    )
    .option('--only <id...>', 'retighten only these tree entries')
    .action((flags: RetightenFlags) => run(() => retightenCommand(flags, io)))

  editing(withGlobals(program.command('preset')))
    .description(
      `track the setup files of a common sandbox that exist and are not tracked yet, relative to the workspace (meant for ~/.swr/manifest.json describing $HOME); secrets become tier-0 file entries that are never escrowed. Presets: ${author.PRESETS.map(p => p.name).join(', ')}`
    )
    .argument('[name]', 'preset to apply')
    .option('--list', 'list the presets and their paths (with NAME: that preset only)')
    .action((name: string | undefined, flags: PresetFlags) =>
      run(() => presetCommand(name, flags, io))
    )
}

function editing(cmd: Command): Command {
  return lockOption(jobsOption(approveOption(cmd)))
}
