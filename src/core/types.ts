/**
 * The vocabulary of the engine: manifest entries, what a check finds, and what a diagnosis says.
 * Everything here is plain data so that the CLI, the Action and the reports share one shape.
 */

export const KINDS = ['file', 'blob', 'tree', 'link'] as const
export type Kind = (typeof KINDS)[number]

/** Restore order: 0 credentials/shims, 1 scripts, 2 source trees, 3 large downloads, 4 build outputs. */
export const TIERS = [0, 1, 2, 3, 4] as const
export type Tier = (typeof TIERS)[number]

export const TIER_NAMES: Record<Tier, string> = {
  0: 'credentials and shims',
  1: 'scripts',
  2: 'source trees',
  3: 'large downloads',
  4: 'build outputs'
}

/** Fields every entry kind shares: identity, place, restore policy. */
interface EntryCommon {
  id: string
  /** Workspace-relative POSIX path, normalised and NFC; "." is the workspace itself. */
  path: string
  tier: Tier
  needs: string[]
  /**
   * How to recreate the entry: one shell recipe, or sources tried in order until the entry
   * verifies (recipes and Actions caches). Never run by `check`.
   */
  restore?: string | RestoreSource[]
  timeout_s?: number
  /** Variables passed from the caller's environment to the recipe, besides PATH, HOME, LANG, TMPDIR. */
  env?: string[]
  /** Passed like `env`; their values are scrubbed from output and reports. */
  secret_env?: string[]
  /** Shell command proving the entry works; never run by `check`. */
  smoke?: string
  /** Seconds the smoke command may run (default SMOKE_TIMEOUT_S). */
  smoke_timeout_s?: number
  /** Free text: why this entry is fragile, for `swr why`. */
  note?: string
}

/** An Actions cache to restore an entry from; the entry is re-verified before it counts. */
export interface CacheSource {
  cache: { key: string; 'restore-keys'?: string[] }
}

/**
 * An S3-compatible bucket to restore an entry from: the object PREFIX/<state key>.tzst (or .tgz),
 * the entry's path as an archive, saved there by `swr doctor` after a recipe healed the entry.
 * The state key is a digest of the entry's signed expectations, and the copy is proven against
 * them before it is placed.
 */
export interface S3Source {
  s3: { url: string }
}

export type RestoreSource = string | CacheSource | S3Source

/** An entry's restore sources as a list, whichever form the manifest used. */
export function restoreSources(e: {
  restore?: string | RestoreSource[] | undefined
}): RestoreSource[] {
  if (e.restore === undefined) return []
  return typeof e.restore === 'string' ? [e.restore] : e.restore
}

/** The shell recipes among an entry's restore sources, in order. */
export function recipesOf(e: { restore?: string | RestoreSource[] | undefined }): string[] {
  return restoreSources(e).filter((s): s is string => typeof s === 'string')
}

export interface FileExpect {
  size: number
  sha256: string
  /** Permission bits as four octal digits, e.g. "0755". */
  mode: string
}

export interface BlobExpect {
  size: number
  /** sha256 of (decimal size, first MiB, last MiB): checks a huge file in O(2 MiB). */
  headtail: string
  /** Full sha256, checked only with --deep. */
  sha256?: string
  /** Absent for blobs imported from format 2; then only a lost exec bit cannot be told. */
  mode?: string
}

export interface TreeIndexRef {
  /** sha256 of the sidecar file's bytes, so a swapped index is noticed. */
  sha256: string
  entries: number
}

/**
 * A tree captured by swr has every field. One imported from format 2 has only sentinels and
 * min_files ("loose") until it is captured again; it is checked by those alone and says so.
 */
export interface TreeExpect {
  /** Relative paths inside the tree that must exist and, when files, be non-empty. */
  sentinels: string[]
  min_files: number
  max_files?: number
  /** Non-directory entries seen when the tree was captured. */
  files?: number
  /** Digest of (relpath, type, size, mode) of every entry in walk order. */
  meta_digest?: string
  /** meta_digest's input plus each file's sha256 and each link's target. */
  content_digest?: string
  /**
   * Digest of (relpath, kind) of every special file (device with its numbers, FIFO, socket) in
   * walk order; only when the tree holds one (manifests from before it have none).
   */
  special_digest?: string
  index?: TreeIndexRef
}

export interface LinkExpect {
  target: string
}

export interface Escrow {
  encoding: 'deflate-base64'
  data: string
}

export interface FileEntry extends EntryCommon {
  kind: 'file'
  expect: FileExpect
  /** The file's own bytes, for restoring small files without a recipe. */
  escrow?: Escrow
}
export interface BlobEntry extends EntryCommon {
  kind: 'blob'
  expect: BlobExpect
}
export interface TreeEntry extends EntryCommon {
  kind: 'tree'
  /** Directory names or globs (matched against the path relative to the tree) left out of the walk. */
  ignore: string[]
  expect: TreeExpect
}
export interface LinkEntry extends EntryCommon {
  kind: 'link'
  expect: LinkExpect
}

export type Entry = FileEntry | BlobEntry | TreeEntry | LinkEntry

/**
 * An entry whose expected state is sealed, not committed: the manifest keeps where it is, how to
 * make it and how to prove it works, plus a key template; the expected state itself is a seal made
 * where the path was built, kept in the state directory under the expanded key.
 */
export interface SealedSpec extends EntryCommon {
  kind: 'file' | 'blob' | 'tree'
  /** Key template (see seal/key-template.ts). */
  key: string
  /** Trees: as TreeEntry.ignore. */
  ignore?: string[]
}

/** The signed part of a manifest (format 3). */
export interface ManifestBody {
  schema: 3
  /** Raised on every re-sign; guards against rollback. */
  version: number
  /** The described directory: relative to the manifest file's directory, or absolute. */
  workspace: string
  created: string
  expires?: string
  /** Where the manifest may run; checked against the run before any recipe runs. */
  scope?: ManifestScope
  /** argv that runs a recipe (the recipe is appended); default ["bash", "-c"]. */
  shell?: string[]
  entries: Entry[]
  /** Entries checked against a seal made where they were built, not against this file. */
  sealed?: SealedSpec[]
}

export interface ManifestScope {
  /** owner/name, compared with GITHUB_REPOSITORY. */
  repository?: string
  /** Glob over the full ref (refs/heads/main), compared with GITHUB_REF. */
  ref?: string
  /** The manifest's path relative to the workspace. */
  manifest_path?: string
}

/** A manifest file as stored: the body, and signatures beside it (never inside what they sign). */
/** Signature objects as stored beside the body. `keyid` is a display hint, never trusted. */
export interface HmacSignature {
  alg: 'hmac-sha256'
  keyid: string
  sig: string
}
export interface MldsaSignature {
  alg: 'ml-dsa-87'
  keyid: string
  public_key: string
  sig: string
}
export type Signature = HmacSignature | MldsaSignature

export interface ManifestDocument {
  $schema?: string
  body: ManifestBody
  signatures: Signature[]
}

export const STATUSES = [
  'OK',
  'MISSING',
  'CORRUPT',
  'STRIPPED',
  'EMPTY',
  'BROKENLNK',
  'TYPE',
  'SKIPPED',
  /** The entry verifies but its smoke command failed (only with --run-smoke). */
  'SMOKEFAIL',
  /** A sealed entry whose seal file here cannot be used (damaged, another entry's, refused). */
  'BADSEAL'
] as const
export type Status = (typeof STATUSES)[number]

/** Attribute values as shown to a person: never file contents. */
export type Shown = Record<string, string | number | boolean>

export interface TreeDiff {
  missing: string[]
  extra: string[]
  changed: { path: string; what: string }[]
  /**
   * Totals before the lists above were cut for the report; `shrunk` counts the changed files
   * whose only change is a smaller size (cut short, not edited).
   */
  counts: { missing: number; extra: number; changed: number; shrunk: number }
}

/** What checking one entry found. */
export interface Finding {
  id: string
  kind: Kind
  path: string
  tier: Tier
  status: Status
  /** Machine-readable cause within the status, e.g. "size", "sentinel", "dangling". */
  reason: string
  /** One line for a person, e.g. "1,500,000 bytes (want 3,000,000, -1,500,000)". */
  detail: string
  recorded: Shown
  found: Shown
  files?: TreeDiff
  /** True when the answer came from the incremental cache instead of re-hashing. */
  cached: boolean
}

export const WIPE_SIGNATURES = [
  'healthy',
  'cold-start',
  'permission-reset',
  'injection',
  'credential-loss',
  'exclusion-sweep',
  'size-cap-eviction',
  'partial-restore',
  'local-corruption',
  'mixed'
] as const
export type WipeSignature = (typeof WIPE_SIGNATURES)[number]

export interface EntryAdvice {
  id: string
  status: Status
  cause: string
  fix: string
  /** The damaged entry this damage follows from (a link into it, a path inside it). */
  because?: string
  /** Whether the entry has a way back (escrow, cache source, recipe); absent when unknown. */
  restorable?: boolean
  /** For a root cause: what fails if you build now. */
  risk?: string
  /** For a root cause: the entries that need it or follow from it (links into it, paths inside). */
  affects?: string[]
}

export interface Diagnosis {
  signature: WipeSignature
  /** Plain-language cause of the whole pattern of damage. */
  cause: string
  advice: EntryAdvice[]
}
