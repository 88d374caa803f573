/**
 * Editing rules: no signature laundering. An editing command (add, import, escrow, retighten, ...)
 * may change a signed manifest only when its signature verifies here, or when the user approved
 * the exact loaded content (--approve-digest); then it re-signs. An unsigned manifest stays
 * unsigned after an edit (`swr sign` is the explicit approval), unless this machine remembers
 * accepting a signed version of it: then the missing signatures are treated as stripped.
 */
import { SwrError, EXIT } from '../errors.js'
import type { LoadedManifest } from '../manifest/load.js'
import { ALL_DEFENSES, decide, gateInput, type TrustPolicy } from './gate.js'

export interface EditAuthorization {
  /** Sign the edited manifest with the keys at hand. */
  resign: boolean
  note?: string
}

const HOW_TO_APPROVE =
  'review the manifest (its recipes are code), then approve exactly that content with --approve-digest and the digest that "swr verify" shows'

export async function authorizeEdit(
  m: LoadedManifest,
  policy: TrustPolicy,
  approveDigest: string | undefined
): Promise<EditAuthorization> {
  if (approveDigest !== undefined) {
    if (approveDigest.toLowerCase() !== m.digest) {
      throw new SwrError(
        `--approve-digest does not match the manifest's digest: it changed since it was reviewed`,
        EXIT.UNREPAIRABLE
      )
    }
    return { resign: true, note: `approved digest ${m.digest}` }
  }
  if (m.doc.signatures.length === 0) {
    if (
      policy.remembered &&
      policy.remembered.signed !== false &&
      policy.remembered.digest !== m.digest
    ) {
      throw new SwrError(
        `${m.file}: a signed version of this manifest was accepted here, and this copy is unsigned and different: refusing to edit; ${HOW_TO_APPROVE}`,
        EXIT.UNREPAIRABLE
      )
    }
    return { resign: false, note: 'manifest is unsigned: run "swr sign" to approve it' }
  }
  // Renewing an expired manifest or moving it is an edit like any other: only signatures and rollback count.
  const input = gateInput(m)
  const decision = await decide(
    input,
    { ...policy, require: 'any', waiveDigest: undefined },
    { ...ALL_DEFENSES, expiry: false, scope: false }
  )
  if (!decision.allowed) {
    throw new SwrError(
      `${m.file}: signature does not verify (${decision.reason}): refusing to edit; ${HOW_TO_APPROVE}`,
      EXIT.UNREPAIRABLE
    )
  }
  return { resign: true }
}
