/**
 * Saving an edited manifest under the editing rules: when `resign` (an authorised edit of a signed
 * manifest, or a manifest this command created from disk) it is signed with the keys at hand;
 * otherwise it is saved unsigned. Signatures over the old body are dropped either way. `created`
 * makes the write exclusive: a new manifest never replaces one that appeared meanwhile.
 */
import {
  manifestDigest,
  hasSigningKey,
  signDocument,
  recall,
  remember,
  saveManifest,
  type ManifestDocument
} from '../core/index.js'
import type { CliIo } from './io.js'
import { stateDir } from './options.js'
import { signingKeys } from './trust-context.js'

export interface SaveEdited {
  digest: string
  version: number
  signed: boolean
  note?: string
}

export async function saveEdited(
  file: string,
  doc: ManifestDocument,
  how: { resign: boolean; created: boolean; sidecars?: Map<string, Buffer> },
  io: CliIo
): Promise<SaveEdited> {
  const opts = { create: how.created, ...(how.sidecars ? { sidecars: how.sidecars } : {}) }
  const dir = stateDir(io)
  // Versions only go up on this machine, even when an older copy was approved or the file recreated.
  const floor = recall(dir, file, doc.body.scope)?.version ?? 0
  if (how.resign) {
    const keys = await signingKeys(io)
    if (hasSigningKey(keys)) {
      const signed = await signDocument(doc, keys, floor)
      saveManifest(file, signed.doc, opts)
      remember(
        dir,
        file,
        { version: signed.doc.body.version, digest: signed.digest },
        signed.doc.body.scope
      )
      return { digest: signed.digest, version: signed.doc.body.version, signed: true }
    }
  }
  const version =
    how.created && floor === 0 ? doc.body.version : Math.max(doc.body.version, floor) + 1
  const body = { ...doc.body, version }
  saveManifest(file, { ...doc, body, signatures: [] }, opts)
  const digest = manifestDigest(body)
  // An approved edit saved unsigned (no key here) is still what this machine accepted.
  if (how.resign && !how.created)
    remember(dir, file, { version, digest, signed: false }, body.scope)
  const note = how.resign
    ? 'no signing key here: the edited manifest is unsigned; sign it with "swr sign"'
    : undefined
  return { digest, version, signed: false, ...(note ? { note } : {}) }
}
