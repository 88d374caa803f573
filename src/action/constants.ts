/** Every input, output and saved-state name of the Action, in one place. */

export const Inputs = {
  Command: 'command',
  Manifest: 'manifest',
  Workspace: 'workspace',
  Only: 'only',
  Deep: 'deep',
  Jobs: 'jobs',
  Timeout: 'timeout',
  HmacKey: 'hmac-key',
  TrustedSigners: 'trusted-signers',
  Require: 'require',
  Threshold: 'threshold',
  MinVersion: 'min-version',
  ApproveDigest: 'approve-digest',
  FailOn: 'fail-on',
  Annotations: 'annotations',
  Summary: 'summary',
  Sarif: 'sarif',
  UploadReport: 'upload-report',
  CacheLookup: 'cache-lookup',
  CanaryAt: 'canary-at',
  CanaryVolatile: 'canary-volatile',
  CanaryLargeBytes: 'canary-large-bytes',
  CanaryHome: 'canary-home',
  CanaryKey: 'canary-key',
  Record: 'record'
} as const

/** Names of the state the main step hands to the post step. */
export const State = {
  WriteBack: 'swr-write-back'
} as const

/**
 * The cache action's saved state: the primary key its main step computed (the post step saves
 * under it, as actions/cache) and whether that key was an exact hit (then nothing is saved).
 */
export const CacheState = {
  PrimaryKey: 'swr-cache-primary-key',
  Hit: 'swr-cache-hit'
} as const

/**
 * What the main step hands to the post step: the signed manifest's digest and the ids of the
 * entries a recipe healed. Nothing else: saved state can be forged by anything that writes to the
 * job's state file or log, so the post step recomputes paths and keys itself.
 */
export interface WriteBackState {
  digest: string
  ids: string[]
}

export const Outputs = {
  Status: 'status',
  Healthy: 'healthy',
  Damaged: 'damaged',
  Repaired: 'repaired',
  WipeSignature: 'wipe-signature',
  Report: 'report',
  ReportPath: 'report-path',
  SarifPath: 'sarif-path',
  ManifestDigest: 'manifest-digest',
  ExitCode: 'exit-code',
  Stats: 'stats',
  Canary: 'canary'
} as const

export const COMMANDS = [
  'check',
  'doctor',
  'restore',
  'verify',
  'canary-plant',
  'canary-read',
  'stats'
] as const
export const SURVIVAL_COMMANDS = ['canary-plant', 'canary-read', 'stats'] as const
export type Command = (typeof COMMANDS)[number]

export const FAIL_ON = ['damage', 'unrepairable', 'never'] as const
export type FailOn = (typeof FAIL_ON)[number]

export const UPLOAD_REPORT = ['auto', 'true', 'false'] as const
export type UploadReport = (typeof UPLOAD_REPORT)[number]
