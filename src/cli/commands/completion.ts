/**
 * `swr completion bash|zsh|fish`: shell completion generated from the command tree itself, so
 * a new command or option completes without anyone editing a script. Every word the scripts
 * contain comes from swr's own command definitions; each is still quoted for the shell, because a
 * description with a quote or a `$` must stay text.
 *
 * Entry ids come from the manifest at completion time (`swr completion ids`), and that manifest is
 * untrusted text: it is read by the CLI's own loader (strict, schema-checked; one that does not
 * load offers nothing), at most IDS_MAX ids are offered, and only ids that are one plain shell
 * word as they are. The scripts never let the shell expand an offered id (no `compgen -W` over
 * them), so even a word that slipped through would be inserted, not run.
 */
import type { Argument, Command, Option } from 'commander'
import type { CommandContext } from '../command.js'
import { SwrError, EXIT, loadManifest, shellQuote } from '../../core/index.js'
import type { CliIo } from '../io.js'
import { manifestLocation } from '../options.js'

export const SHELLS = ['bash', 'zsh', 'fish'] as const
export type Shell = (typeof SHELLS)[number]

/** At most this many ids are offered: a completion menu, not a listing of a huge manifest. */
export const IDS_MAX = 1000
/** The longest id offered (the manifest's own bound on ids). */
export const ID_MAX_CHARS = 128

/** One command path (`check`, `canary plant`) with what may follow it. */
interface Node {
  path: string[]
  description: string
  options: {
    long: string | undefined
    short: string | undefined
    description: string
    takesValue: boolean
    /** The value names an existing entry (`--only <id...>`, `--needs <id>`); `many`: variadic. */
    id: 'one' | 'many' | undefined
  }[]
  /** A positional argument names existing entries (`swr edit <id>`, `swr rm <id...>`). */
  idArgs: boolean
  subcommands: { name: string; description: string }[]
}

/** `--id` names a new entry; every other option whose value is `<id>` names an existing one. */
function idValue(o: Option): 'one' | 'many' | undefined {
  if (o.long === '--id' || !/[<[]id(\.\.\.)?[>\]]/.test(o.flags)) return undefined
  return o.variadic ? 'many' : 'one'
}

function optionsOf(cmd: Command): Node['options'] {
  return (cmd.options as readonly Option[])
    .filter(o => !o.hidden)
    .map(o => ({
      long: o.long,
      short: o.short,
      description: o.description,
      takesValue: o.required || o.optional,
      id: idValue(o)
    }))
}

function takesIds(cmd: Command): boolean {
  return (cmd.registeredArguments as readonly Argument[]).some(a => a.name() === 'id')
}

/** Every command reachable from the root, aliases included as their own paths. */
function walk(root: Command): Node[] {
  const nodes: Node[] = []
  const visit = (cmd: Command, at: string[]): void => {
    const visible = cmd.commands.filter(c => !(c as Command & { _hidden?: boolean })._hidden)
    nodes.push({
      path: at,
      description: cmd.description(),
      options: optionsOf(cmd),
      idArgs: takesIds(cmd),
      subcommands: visible.flatMap(c =>
        [c.name(), ...c.aliases()].map(name => ({ name, description: c.description() }))
      )
    })
    for (const c of visible) for (const name of [c.name(), ...c.aliases()]) visit(c, [...at, name])
  }
  visit(root, [])
  return nodes
}

/** POSIX single quotes: the only character that needs care inside them is the quote itself. */
function sq(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`
}

/** A description short enough for a completion menu: up to the first clause, at most 70 chars. */
function summary(s: string): string {
  const line = s.split('\n')[0] ?? ''
  const cut = line.search(/[:;(]/)
  const text = (cut > 20 ? line.slice(0, cut) : line).trim()
  if (text.length <= 70) return text
  return text.slice(0, text.lastIndexOf(' ', 67)) + '...'
}

function flagsOf(node: Node): string[] {
  return node.options.flatMap(o => [o.long, o.short].filter((f): f is string => !!f))
}

function valueFlagsOf(node: Node, which: (o: Node['options'][number]) => boolean): string[] {
  return node.options
    .filter(o => o.takesValue && which(o))
    .flatMap(o => [o.long, o.short].filter((f): f is string => !!f))
}

/**
 * bash: the command path (`at`: never `path`, which zsh ties to PATH) is the leading words that name subcommands; after it, options of that
 * command; entry ids after an option that takes ids (or among the values of a variadic one) and
 * for a positional id argument; file names after another option that takes a value and for other
 * positional arguments. Ids are matched against the word typed with `[[ ]]` and added as they
 * are: `compgen -W` would expand `$(...)` in them.
 */
function bash(nodes: Node[]): string {
  const cases = nodes.map(n => {
    const subs = n.subcommands.map(s => s.name).join(' ')
    const flags = [...flagsOf(n), '--help'].join(' ')
    const valued = valueFlagsOf(n, o => !o.id).join(' ')
    const ids = valueFlagsOf(n, o => !!o.id).join(' ')
    const many = valueFlagsOf(n, o => o.id === 'many').join(' ')
    return `    ${sq(n.path.join(' '))}) subs=${sq(subs)}; flags=${sq(flags)}; valued=${sq(valued)}; ids=${sq(ids)}; many=${sq(many)}; idargs=${n.idArgs ? 1 : 0} ;;`
  })
  return `# swr completion for bash: eval "$(swr completion bash)" in ~/.bashrc
_swr_complete() {
  local cur=\${COMP_WORDS[COMP_CWORD]} prev=\${COMP_WORDS[COMP_CWORD-1]}
  local at="" i w subs flags valued ids many idargs next opt="" manifest=""
  for ((i = 1; i < COMP_CWORD; i++)); do
    w=\${COMP_WORDS[i]}
    [[ $w == -* ]] && continue
    next="\${at:+$at }$w"
    _swr_node "$next" || break
    at=$next
  done
  # The last option typed, and a manifest named on the line (ids come from that manifest).
  for ((i = 1; i < COMP_CWORD; i++)); do
    w=\${COMP_WORDS[i]}
    case $w in
      -m | --manifest) manifest=\${COMP_WORDS[i+1]} ;;
      --manifest=*) manifest=\${w#--manifest=} ;;
    esac
    [[ $w == -* ]] && opt=$w
  done
  _swr_node "$at"
  if [[ -n $prev && " $ids " == *" $prev "* ]]; then
    _swr_ids
  elif [[ -n $prev && " $valued " == *" $prev "* ]]; then
    COMPREPLY=($(compgen -f -- "$cur"))
  elif [[ $cur == -* ]]; then
    COMPREPLY=($(compgen -W "$flags" -- "$cur"))
  elif [[ -n $subs ]]; then
    COMPREPLY=($(compgen -W "$subs" -- "$cur"))
  elif [[ ( -n $opt && " $many " == *" $opt "* ) || $idargs == 1 ]]; then
    _swr_ids
  else
    COMPREPLY=($(compgen -f -- "$cur"))
  fi
  return 0
}
_swr_ids() {
  local id args=(completion ids)
  [[ -n $manifest ]] && args+=(--manifest "$manifest")
  COMPREPLY=()
  type compopt &>/dev/null && compopt +o filenames 2>/dev/null
  while IFS= read -r id; do
    [[ $id == "$cur"* ]] && COMPREPLY+=("$id")
  done < <(command swr "\${args[@]}" 2>/dev/null)
}
_swr_node() {
  subs="" flags="" valued="" ids="" many="" idargs=0
  case "$1" in
${cases.join('\n')}
    *) return 1 ;;
  esac
}
complete -o filenames -F _swr_complete swr
`
}

/** zsh: the bash function through zsh's own bash-completion bridge, which ships with zsh. */
function zsh(nodes: Node[]): string {
  return `#compdef swr
# swr completion for zsh: eval "$(swr completion zsh)" in ~/.zshrc
(( $+functions[compdef] )) || { autoload -Uz compinit && compinit }
autoload -U +X bashcompinit && bashcompinit
${bash(nodes).split('\n').slice(1).join('\n')}`
}

/** fish runs the command substitution at completion time, one candidate per line, never expanded. */
const FISH_IDS = sq('(command swr completion ids 2>/dev/null)')

/** fish: one `complete` line per subcommand and option, with its description. */
function fish(nodes: Node[]): string {
  const lines = ['# swr completion for fish: swr completion fish | source']
  for (const n of nodes) {
    // The condition: exactly this path has been typed, and nothing deeper.
    const seen = n.path.map(p => `__fish_seen_subcommand_from ${sq(p)}`)
    const deeper = n.subcommands.length
      ? [`not __fish_seen_subcommand_from ${n.subcommands.map(s => sq(s.name)).join(' ')}`]
      : []
    const cond = n.path.length === 0 ? ['__fish_use_subcommand'] : [...seen, ...deeper]
    const when = sq(cond.join('; and '))
    for (const s of n.subcommands)
      lines.push(`complete -c swr -n ${when} -f -a ${sq(s.name)} -d ${sq(summary(s.description))}`)
    if (n.idArgs) lines.push(`complete -c swr -n ${when} -f -a ${FISH_IDS} -d entry`)
    for (const o of n.options) {
      const parts = ['complete -c swr -n', when]
      if (o.long) parts.push('-l', sq(o.long.replace(/^--/, '')))
      if (o.short) parts.push('-s', sq(o.short.replace(/^-/, '')))
      if (o.id) parts.push('-x', '-a', FISH_IDS)
      else if (o.takesValue) parts.push('-r', '-F')
      parts.push('-d', sq(summary(o.description)))
      lines.push(parts.join(' '))
    }
  }
  return lines.join('\n') + '\n'
}

export function completionScript(program: Command, shell: string): string {
  const nodes = walk(program)
  switch (shell) {
    case 'bash':
      return bash(nodes)
    case 'zsh':
      return zsh(nodes)
    case 'fish':
      return fish(nodes)
    default:
      throw new SwrError(
        `completion: unknown shell "${shell.slice(0, 20)}" (choose ${SHELLS.join(', ')}, or ids)`,
        EXIT.BAD_MANIFEST
      )
  }
}

/**
 * The ids `swr completion ids` offers: those of the manifest the CLI would use from here (-m,
 * SWR_MANIFEST, the nearest .swr/manifest.json, ~/.swr/manifest.json), read by the CLI's loader.
 * Nothing when there is none or it does not load: a TAB prints no error. At most IDS_MAX, each at
 * most ID_MAX_CHARS long and one plain shell word as it is (`shellQuote` leaves it unchanged), so
 * no control character or shell metacharacter is ever offered.
 */
export function completionIds(manifest: string | undefined, io: CliIo): string[] {
  let entries: readonly { id: string }[]
  try {
    const located = manifestLocation({ ...(manifest ? { manifest } : {}), color: false }, io)
    const body = loadManifest(located.file, { cwd: io.cwd }).body
    entries = [...body.entries, ...(body.sealed ?? [])]
  } catch {
    return []
  }
  const out: string[] = []
  for (const { id } of entries) {
    if (out.length >= IDS_MAX) break
    if (id.length <= ID_MAX_CHARS && shellQuote(id) === id) out.push(id)
  }
  return out
}

/** Registered last, so the scripts it prints cover every command registered before it. */
export function registerCompletion(program: Command, { io, run }: CommandContext): void {
  program
    .command('completion')
    .description(
      `print a shell completion script (${SHELLS.join(', ')}), or the entry ids it completes`
    )
    .argument('<shell>', `${SHELLS.join(' | ')} | ids`)
    .option(
      '-m, --manifest <file>',
      'ids: the manifest to read (default: as every command finds it)'
    )
    .addHelpText(
      'after',
      `\nInstall: eval "$(swr completion bash)" in ~/.bashrc, the same with zsh in ~/.zshrc,\nor swr completion fish | source in ~/.config/fish/config.fish.\n\nThe scripts complete entry ids (swr edit, rm, rescan, --only, --needs) by running\n"swr completion ids": the ids of the manifest found from the current directory, one per\nline (at most ${IDS_MAX}, plain words only; nothing when no manifest loads).`
    )
    .action((shell: string, flags: { manifest?: string }) =>
      run(() => {
        if (shell === 'ids') {
          const ids = completionIds(flags.manifest, io)
          io.stdout.write(ids.map(id => `${id}\n`).join(''))
        } else io.stdout.write(completionScript(program, shell))
        return EXIT.HEALTHY
      })
    )
}
