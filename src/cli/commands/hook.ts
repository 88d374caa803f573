/**
 * `swr hook print|install [bash|claude-code|codex]`: a turn-start snippet that heals the workspace
 * before an agent's turn: `swr pull --if-missing` (the manifest first, when a wipe took it), then
 * `swr doctor --quiet`. It never holds up the turn: one run at a time (flock; an overlapping turn
 * skips), a hard time limit (timeout), output to a private log, and exit 0 whatever happens. When
 * the workspace stays damaged it prints one line, which an agent sees.
 *
 * `install` writes the script and the target's file only where no file is; an existing file is
 * never changed: the command refuses and prints what to add.
 */
import fs from 'node:fs'
import path from 'node:path'
import type { Command } from 'commander'
import {
  errnoCode,
  escapeText,
  EXIT,
  type ExitCode,
  shellQuote,
  SwrError,
  UsageError,
  state as stateApi
} from '../../core/index.js'
import type { CliIo } from '../io.js'
import { withGlobals, type GlobalOptions } from '../options.js'
import type { CommandContext } from '../command.js'

export const HOOK_TARGETS = ['bash', 'claude-code', 'codex'] as const
type Target = (typeof HOOK_TARGETS)[number]

const DEFAULT_LIMIT_S = 60

export function turnStartScript(): string {
  return `#!/bin/sh
# swr turn start: pull the manifest when a wipe took it, then heal the workspace.
# One run at a time (an overlapping turn skips), at most SWR_HOOK_TIMEOUT seconds
# (default ${DEFAULT_LIMIT_S}), output to a private log; always exits 0.
d="\${XDG_RUNTIME_DIR:-\${TMPDIR:-/tmp}}/swr-hook-$(id -u)"
mkdir -p -m 700 "$d" 2>/dev/null
{ [ -d "$d" ] && [ ! -L "$d" ] && [ -O "$d" ]; } || exit 0
command -v flock >/dev/null 2>&1 && command -v timeout >/dev/null 2>&1 || exit 0
(
  umask 077
  exec 9>>"$d/lock"
  flock -n 9 || exit 0
  timeout -k 5 "\${SWR_HOOK_TIMEOUT:-${DEFAULT_LIMIT_S}}" sh -c '
    swr pull --if-missing --quiet \${SWR_SYNC_CODE:+--code "$SWR_SYNC_CODE"}
    swr doctor --quiet
  ' >"$d/last.log" 2>&1 9>&- ||
    echo "swr: the workspace is not healthy after the turn-start repair; see $d/last.log"
)
exit 0
`
}

function scriptPath(io: CliIo): string {
  const config = io.env.XDG_CONFIG_HOME || path.join(io.home, '.config')
  return path.join(path.resolve(config), 'swr', 'turn-start.sh')
}

/**
 * The script's path as one shell word. The snippets run under sh, bash and agents' shells, so
 * a path needing ANSI-C quoting (a control character) is refused rather than written in a form
 * one of them would read differently.
 */
function quotedScriptPath(io: CliIo): string {
  const word = shellQuote(scriptPath(io))
  if (word.startsWith("$'"))
    throw new UsageError(
      `the hook's path holds a control character (from XDG_CONFIG_HOME or HOME): ${escapeText(scriptPath(io), { max: 200 })}`
    )
  return word
}

function runLine(io: CliIo): string {
  return `sh ${quotedScriptPath(io)}`
}

interface TargetFile {
  file: string
  content: string
  /** What to add by hand when the file exists. */
  addition: string
  /** Whether the existing file already has it. */
  present: (text: string) => boolean
}

function targetFile(target: Target, io: CliIo): TargetFile {
  const line = runLine(io)
  switch (target) {
    case 'bash': {
      const addition = `# swr: heal the workspace at shell start\n[ -r ${quotedScriptPath(io)} ] && ${line}\n`
      return {
        file: path.join(io.home, '.bashrc'),
        content: addition,
        addition,
        present: t => t.includes(scriptPath(io))
      }
    }
    case 'claude-code': {
      const hook = {
        hooks: {
          UserPromptSubmit: [
            { hooks: [{ type: 'command', command: line, timeout: DEFAULT_LIMIT_S + 30 }] }
          ]
        }
      }
      const text = JSON.stringify(hook, null, 2) + '\n'
      return {
        file: path.join(io.cwd, '.claude', 'settings.json'),
        content: text,
        addition: text,
        present: t => t.includes(scriptPath(io))
      }
    }
    case 'codex': {
      const addition = `## Workspace health\n\nAt the start of every turn, run \`${line}\` before anything else: it restores the\nworkspace (swr doctor) and prints one line only when something stayed broken.\n`
      return {
        file: path.join(io.cwd, 'AGENTS.md'),
        content: addition,
        addition,
        present: t => t.includes(scriptPath(io))
      }
    }
  }
}

function parseTarget(t: string | undefined): Target {
  const target = (t ?? 'bash') as Target
  if (!HOOK_TARGETS.includes(target))
    throw new UsageError(`unknown hook target "${t}": use ${HOOK_TARGETS.join(', ')}`)
  return target
}

/** Create `file` with `content`; 'same' when it already holds exactly that, 'other' when not. */
function createOnce(file: string, content: string, mode: number): 'created' | 'same' | 'other' {
  fs.mkdirSync(path.dirname(file), { recursive: true })
  try {
    stateApi.writeFileAtomic(file, content, { exclusive: true, mode })
    return 'created'
  } catch (err) {
    if (errnoCode(err) !== 'EEXIST') throw err
  }
  const st = fs.lstatSync(file)
  if (!st.isFile()) return 'other'
  return fs.readFileSync(file, 'utf8') === content ? 'same' : 'other'
}

export function hookPrint(t: string | undefined, io: CliIo): ExitCode {
  const target = parseTarget(t)
  if (target === 'bash') io.stdout.write(turnStartScript())
  else io.stdout.write(targetFile(target, io).addition)
  return EXIT.HEALTHY
}

export function hookInstall(t: string | undefined, flags: GlobalOptions, io: CliIo): ExitCode {
  const target = parseTarget(t)
  // Refused before anything is written when the path cannot be written into a snippet.
  const tf = targetFile(target, io)
  const script = scriptPath(io)
  const s = createOnce(script, turnStartScript(), 0o755)
  if (s === 'other')
    throw new SwrError(
      `${script} already exists with other content: it is left as it is (compare it with "swr hook print bash")`,
      EXIT.UNREPAIRABLE
    )
  let state: 'created' | 'present' | 'refused'
  let text: string | undefined
  try {
    text = fs.readFileSync(tf.file, 'utf8')
  } catch (err) {
    if (errnoCode(err) !== 'ENOENT') throw err
  }
  if (text === undefined)
    state = createOnce(tf.file, tf.content, 0o644) === 'created' ? 'created' : 'refused'
  else state = tf.present(text) ? 'present' : 'refused'
  if (flags.json)
    io.stdout.write(
      JSON.stringify({
        schema: 'swr.hook/1',
        target,
        script,
        file: tf.file,
        state,
        addition: tf.addition
      }) + '\n'
    )
  else if (state === 'refused')
    io.stderr.write(
      `swr: ${tf.file} exists and is left as it is; add this to it:\n\n${tf.addition}\n`
    )
  else
    io.stdout.write(
      `${s === 'created' ? 'wrote' : 'kept'} ${script}; ${state === 'created' ? 'wrote' : 'already set up:'} ${tf.file}\n`
    )
  return state === 'refused' ? EXIT.UNREPAIRABLE : EXIT.HEALTHY
}

export function registerHook(program: Command, { io, run }: CommandContext): void {
  const hook = program
    .command('hook')
    .description(
      'a turn-start snippet: pull the manifest if a wipe took it, then "swr doctor", one run at a time and time-limited'
    )
  hook
    .command('print')
    .description(
      'print the snippet (bash: the script; claude-code: the settings.json hook; codex: the AGENTS.md lines)'
    )
    .argument('[target]', HOOK_TARGETS.join(' | '))
    .action((t: string | undefined) => run(() => hookPrint(t, io)))
  withGlobals(hook.command('install'))
    .description(
      'write the script to $XDG_CONFIG_HOME/swr/turn-start.sh and wire it in (~/.bashrc, .claude/settings.json or AGENTS.md) only where no file is; otherwise print what to add (exit 2)'
    )
    .argument('[target]', HOOK_TARGETS.join(' | '))
    .action((t: string | undefined, flags: GlobalOptions) => run(() => hookInstall(t, flags, io)))
}
