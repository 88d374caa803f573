/**
 * How a command joins the program. Each file under commands/ registers its own subcommands,
 * options and handler with `register(program, ctx)`; main.ts only lists the files. A handler runs
 * through `ctx.run`, which records its exit code and, for a command that starts processes of its
 * own (recipes, smoke commands), hands it the interrupt: Ctrl-C then stops those processes and the
 * command reports what was interrupted instead of swr exiting at once.
 */
import type { Command } from 'commander'
import type { ExitCode } from '../core/index.js'
import type { CliIo } from './io.js'

export interface RunOptions {
  /** The handler starts recipes or smoke commands: it must stop them itself on an interrupt. */
  startsProcesses?: boolean
}

export interface CommandContext {
  io: CliIo
  run(handler: () => ExitCode | Promise<ExitCode>, opts?: RunOptions): Promise<void>
}

export type Register = (program: Command, ctx: CommandContext) => void

export function commandContext(io: CliIo, done: (code: ExitCode) => void): CommandContext {
  return {
    io,
    async run(handler, opts = {}) {
      if (opts.startsProcesses) io.ownInterrupt?.()
      done(await handler())
    }
  }
}
