/**
 * Command lines the authoring commands suggest, spelled so they can be pasted into a POSIX shell
 * as they are: every word that is not plainly safe is single-quoted.
 */
import { ESCROW_MAX_BYTES } from '../capture/escrow.js'
import { isSecretPath } from '../capture/secrets.js'
import { restoreSources, type Entry } from '../types.js'
import { shellQuote } from '../text/shell-quote.js'

export { shellQuote }

export function commandLine(words: readonly string[]): string {
  return words.map(shellQuote).join(' ')
}

/** Where the suggested command must look, when the user pointed this run somewhere explicitly. */
export interface Target {
  manifest?: string | undefined
  workspace?: string | undefined
}

function targetWords(t: Target): string[] {
  return [
    ...(t.manifest ? ['-m', t.manifest] : []),
    ...(t.workspace ? ['--workspace', t.workspace] : [])
  ]
}

/** `swr add PATH --ignore ...` as typed from the current directory. */
export function addCommand(pathArg: string, ignore: readonly string[], t: Target = {}): string {
  return commandLine([
    'swr',
    'add',
    pathArg,
    ...ignore.flatMap(r => ['--ignore', r]),
    ...targetWords(t)
  ])
}

/** An entry that nothing can bring back: no recipe, no cache source, no escrowed bytes. */
export function lacksRecipe(e: Entry): boolean {
  return restoreSources(e).length === 0 && !(e.kind === 'file' && e.escrow)
}

/**
 * How to give a tracked entry a recipe or a cache source: `swr edit`, which validates, follows the
 * editing rules and re-signs when it may, so nobody edits JSON.
 */
export function recipeHint(t: Target = {}): string {
  const words = targetWords(t).map(shellQuote).join(' ')
  const tail = words ? ` ${words}` : ''
  return `swr edit ID --restore '<shell command>'${tail} (or --add-source-cache KEY for an Actions cache)`
}

/** For a small file that is no secret: the escrow command that restores it with no recipe. */
export function escrowHint(e: Entry, t: Target = {}): string | undefined {
  if (e.kind !== 'file' || e.expect.size > ESCROW_MAX_BYTES || isSecretPath(e.path))
    return undefined
  return commandLine(['swr', 'escrow', '--only', e.id, ...targetWords(t)])
}
