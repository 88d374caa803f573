/** The recorded modes, when permission bits are all that is wrong: no byte written. */
import { describeModes, modesRecorded, restoreModes } from '../modes.js'
import type { SourceDef } from './source.js'

export const modesSource: SourceDef<'modes'> = {
  kind: 'modes',
  offered: (entry, opts) => (opts.permOnly && modesRecorded(entry) ? [{ kind: 'modes' }] : []),
  async attempt(_src, entry, ctx) {
    const r = restoreModes(ctx.workspace, entry, ctx.restore.readIndex)
    // Nothing set and nothing refused: the modes were mended since the check; re-verify.
    const outcome = r.changed === 0 && r.refusedCount > 0 ? 'failed' : 'healed'
    return { attempt: { source: 'modes', outcome, detail: describeModes(entry, r) } }
  }
}
