/** The entry's path in the commit HEAD names, proven in scratch against the recorded hashes. */
import { restoreFromGit } from './git-tree.js'
import type { SourceDef } from './source.js'

export const gitSource: SourceDef<'git'> = {
  kind: 'git',
  offered: (entry, opts) =>
    opts.git?.tracks(entry.path, entry.kind === 'tree') ? [{ kind: 'git' }] : [],
  async attempt(_src, entry, ctx) {
    const r = await restoreFromGit(entry, {
      workspace: ctx.workspace,
      ...ctx.restore,
      git: {
        cwd: ctx.workspace,
        env: ctx.callerEnv,
        deadlineMs: ctx.timeoutS(entry) * 1000,
        abort: ctx.abort
      }
    })
    const how = r.commit ? `git HEAD ${r.commit.slice(0, 12)}` : 'git'
    if (r.placed)
      return {
        attempt: { source: 'git', outcome: 'healed', detail: `restored from ${how}` },
        ...(r.proven ? { proven: r.proven } : {})
      }
    if (ctx.abort?.aborted)
      return { attempt: { source: 'git', outcome: 'interrupted', detail: `${how}: interrupted` } }
    return {
      attempt: {
        source: 'git',
        outcome: r.absent ? 'miss' : 'not-healed',
        detail: `${how}${r.absent ? '' : ' refused'}: ${r.reason}`
      }
    }
  }
}
