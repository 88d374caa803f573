/** A link entry gone, flattened into a file or retargeted: the recorded link made again. */
import { restoreLink } from '../relink.js'
import type { SourceDef } from './source.js'

export const linkSource: SourceDef<'link'> = {
  kind: 'link',
  offered: (entry, opts) => (opts.relink && entry.kind === 'link' ? [{ kind: 'link' }] : []),
  async attempt(_src, entry, ctx) {
    if (entry.kind !== 'link')
      return { attempt: { source: 'link', outcome: 'failed', detail: 'not a link entry' } }
    const r = restoreLink(ctx.workspace, entry)
    return { attempt: { source: 'link', outcome: r.made ? 'healed' : 'failed', detail: r.detail } }
  }
}
