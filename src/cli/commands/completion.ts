/**
 * `swr completion bash|zsh|fish`: shell completion generated from the command tree itself, so
 * a new command or option completes without anyone editing a script. Every word the scripts
 * contain comes from swr's own command definitions; each is still quoted for the shell, because a
 * description with a quote or a `$` must stay text.
 */
import type { Command, Option } from 'commander'
import type { CommandContext } from '../command.js'
import { SwrError, EXIT } from '../../core/index.js'

export const SHELLS = ['bash', 'zsh', 'fish'] as const
export type Shell = (typeof SHELLS)[number]

/** One command path (`check`, `canary plant`) with what may follow it. */
interface Node {
  path: string[]
  description: string
  options: {
    long: string | undefined
    short: string | undefined
    description: string
    takesValue: boolean
  }[]
  subcommands: { name: string; description: string }[]
}

function optionsOf(cmd: Command): Node['options'] {
  return (cmd.options as readonly Option[])
    .filter(o => !o.hidden)
    .map(o => ({
      long: o.long,
      short: o.short,
      description: o.description,
      takesValue: o.required || o.optional
    }))
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

function valueFlagsOf(node: Node): string[] {
  return node.options
    .filter(o => o.takesValue)
    .flatMap(o => [o.long, o.short].filter((f): f is string => !!f))
}

/**
 * bash: the command path is the leading words that name subcommands; after it, options of that
 * command, and file names after an option that takes a value or for positional arguments.
 */
function bash(nodes: Node[]): string {
  const cases = nodes.map(n => {
    const subs = n.subcommands.map(s => s.name).join(' ')
    const flags = [...flagsOf(n), '--help'].join(' ')
    return `    ${sq(n.path.join(' '))}) subs=${sq(subs)}; flags=${sq(flags)}; valued=${sq(valueFlagsOf(n).join(' '))} ;;`
  })
  return `# swr completion for bash: eval "$(swr completion bash)" in ~/.bashrc
_swr_complete() {
  local cur=\${COMP_WORDS[COMP_CWORD]} prev=\${COMP_WORDS[COMP_CWORD-1]}
  local path="" i w subs flags valued next
  for ((i = 1; i < COMP_CWORD; i++)); do
    w=\${COMP_WORDS[i]}
    [[ $w == -* ]] && continue
    next="\${path:+$path }$w"
    _swr_node "$next" || break
    path=$next
  done
  _swr_node "$path"
  if [[ -n $prev && " $valued " == *" $prev "* ]]; then
    COMPREPLY=($(compgen -f -- "$cur"))
  elif [[ $cur == -* ]]; then
    COMPREPLY=($(compgen -W "$flags" -- "$cur"))
  elif [[ -n $subs ]]; then
    COMPREPLY=($(compgen -W "$subs" -- "$cur"))
  else
    COMPREPLY=($(compgen -f -- "$cur"))
  fi
  return 0
}
_swr_node() {
  subs="" flags="" valued=""
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
    for (const o of n.options) {
      const parts = ['complete -c swr -n', when]
      if (o.long) parts.push('-l', sq(o.long.replace(/^--/, '')))
      if (o.short) parts.push('-s', sq(o.short.replace(/^-/, '')))
      if (o.takesValue) parts.push('-r', '-F')
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
        `completion: unknown shell "${shell.slice(0, 20)}" (choose ${SHELLS.join(', ')})`,
        EXIT.BAD_MANIFEST
      )
  }
}

/** Registered last, so the scripts it prints cover every command registered before it. */
export function registerCompletion(program: Command, { io, run }: CommandContext): void {
  program
    .command('completion')
    .description(`print a shell completion script (${SHELLS.join(', ')})`)
    .argument('<shell>', SHELLS.join(' | '))
    .addHelpText(
      'after',
      '\nInstall: eval "$(swr completion bash)" in ~/.bashrc, the same with zsh in ~/.zshrc,\nor swr completion fish | source in ~/.config/fish/config.fish.'
    )
    .action((shell: string) =>
      run(() => {
        io.stdout.write(completionScript(program, shell))
        return EXIT.HEALTHY
      })
    )
}
