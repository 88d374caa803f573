/** A signed shell recipe of the manifest's, run through the gate (exec/signed-command.ts). */
import { describeResult } from '../../exec/recipe.js'
import { runSignedCommand } from '../../exec/signed-command.js'
import { loadSecretScan } from '../../capture/secret-scan.js'
import type { SourceDef } from './source.js'

export const recipeSource: SourceDef<'recipe'> = {
  kind: 'recipe',
  declared: src => (typeof src === 'string' ? { kind: 'recipe', command: src } : undefined),
  async attempt(src, entry, ctx) {
    const timeoutS = ctx.timeoutS(entry)
    const result = await runSignedCommand(
      {
        entry,
        command: src.command,
        shell: ctx.shell,
        cwd: ctx.workspace,
        timeoutMs: timeoutS * 1000
      },
      {
        gate: ctx.gate,
        callerEnv: ctx.callerEnv,
        secretScan: await loadSecretScan(),
        abort: ctx.abort,
        onLine: ctx.onLine
      }
    )
    const { id: _id, ...recipe } = result
    const how = `recipe ${describeResult(result, timeoutS * 1000)}`
    if (result.interrupted)
      return { recipe, attempt: { source: 'recipe', outcome: 'interrupted', detail: how } }
    if (result.timedOut || result.exitCode !== 0)
      return { recipe, attempt: { source: 'recipe', outcome: 'failed', detail: how } }
    return { recipe, attempt: { source: 'recipe', outcome: 'healed', detail: how } }
  }
}
