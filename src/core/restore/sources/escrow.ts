/**
 * Escrow: a small file's bytes carried in the signed manifest, written beside the target and
 * renamed into place (capture/escrow.ts stages and commits it; the runner batches a wave's
 * escrow restores so one sync covers them all).
 */
import { SwrError } from '../../errors.js'
import { restoreFromEscrow } from '../../capture/escrow.js'
import type { SourceDef } from './source.js'

/** An escrow restore's failure as its attempt's detail; anything but a refusal or an fs error is a bug. */
export function escrowFailure(err: unknown): string {
  if (!(err instanceof SwrError) && !(err instanceof Error && 'code' in err)) throw err
  return err instanceof Error ? err.message : String(err)
}

export const escrowSource: SourceDef<'escrow'> = {
  kind: 'escrow',
  offered: entry => (entry.kind === 'file' && entry.escrow ? [{ kind: 'escrow' }] : []),
  async attempt(_src, entry, ctx) {
    if (entry.kind !== 'file')
      return {
        attempt: { source: 'escrow', outcome: 'failed', detail: 'escrow on a non-file entry' }
      }
    try {
      restoreFromEscrow(ctx.workspace, entry)
      return { attempt: { source: 'escrow', outcome: 'healed', detail: 'restored from escrow' } }
    } catch (err) {
      return { attempt: { source: 'escrow', outcome: 'failed', detail: escrowFailure(err) } }
    }
  }
}
