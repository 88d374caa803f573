/** `swr stats`: survival per canary class, location and manifest entry, from the history. */
import { EXIT, type ExitCode, history as historyApi, canary } from '../../core/index.js'
import type { CliIo } from '../io.js'
import { stateDir, type GlobalOptions, withGlobals } from '../options.js'
import type { Command } from 'commander'
import type { CommandContext } from '../command.js'

export function statsCommand(flags: GlobalOptions, io: CliIo): ExitCode {
  const history = historyApi.readHistory(stateDir(io))
  const stats = historyApi.computeStats(history.records)
  if (flags.json)
    io.stdout.write(JSON.stringify({ ...stats, skipped: history.skipped }, null, 2) + '\n')
  else {
    io.stdout.write(canary.renderStatsText(stats))
    if (history.skipped > 0)
      io.stderr.write(`swr: ${history.skipped} unreadable history lines skipped\n`)
  }
  return EXIT.HEALTHY
}

export function registerStats(program: Command, { io, run }: CommandContext): void {
  withGlobals(program.command('stats'))
    .description(
      'survival per canary class, location and manifest entry from the history, with 95% Wilson intervals'
    )
    .action((flags: GlobalOptions) => run(() => statsCommand(flags, io)))
}
