// The `manifests` namespace of the engine's face (src/core/index.ts): what only the shells compose.
export { type LoadOptions } from '../manifest/load.js'
export { type Located } from '../manifest/locate.js'
export { toManifestPath, ENTRY_ID } from '../manifest/paths.js'

export { manifestDigest } from '../manifest/canonical.js'
export { type ArchiveCompression } from '../cache-port.js'
export {
  parseLegacyPublicKey,
  verifyLegacyHmac,
  verifyLegacyMldsa
} from '../manifest/legacy-signature.js'
export {
  applyEdit,
  boundsProblem,
  diffEntry,
  type EntryEdit,
  type FieldChange
} from '../manifest/entry-edit.js'
export { parseManifestText, type ParsedManifest } from '../manifest/load.js'
export { type JsonValue, parseStrictJson } from '../manifest/strict-json.js'
export { type QuarantineLimits } from '../restore/quarantine.js'
