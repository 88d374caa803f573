/**
 * Exit codes and the few error classes that carry them. Only the shells turn an error into an exit.
 */
import { types } from 'node:util'

export const EXIT = {
  HEALTHY: 0,
  DAMAGED: 1,
  UNREPAIRABLE: 2,
  STILL_DAMAGED: 3,
  BAD_MANIFEST: 4,
  /** A bug in swr (sysexits EX_SOFTWARE): never 1 or 2, which mean something about the workspace. */
  INTERNAL: 70,
  /** A write failed (disk full, quota, I/O error): nothing was replaced (sysexits EX_IOERR). */
  WRITE_FAILED: 74,
  /** Another writer interfered: the lock was lost or the manifest changed underneath; nothing was written. */
  CONFLICT: 75,
  INTERRUPTED: 130
} as const
export type ExitCode = (typeof EXIT)[keyof typeof EXIT]

/**
 * What kind of error an SwrError is, for a shell that must decide by more than the exit code:
 * `BAD_MANIFEST` (the manifest cannot be read or is malformed) and `USAGE` (a flag or input) are
 * the two kinds of `INVALID`; `ACCESS` is a file the user can reach or fix (permissions, a vanished
 * path); `WRITE_FAILED` a disk error or a write that could not finish; `CONFLICT` another writer;
 * `REFUSED` swr declining to go on (a signature, a key, a store); `INTERRUPTED` a signal.
 *
 * The field is `kind`, not `code`: much of swr reads `err.code` of any caught error as Node's
 * errno (`ENOENT`, `ENOSPC`) and prints it, and an SwrError must not pass for one.
 */
export const SWR_ERROR_KINDS = [
  'BAD_MANIFEST',
  'USAGE',
  'INVALID',
  'ACCESS',
  'REFUSED',
  'WRITE_FAILED',
  'CONFLICT',
  'INTERRUPTED',
  'FAILED'
] as const
export type SwrErrorKind = (typeof SWR_ERROR_KINDS)[number]

/** The kind an exit code stands for, when the thrower names none. */
function kindOfExit(exitCode: ExitCode): SwrErrorKind {
  switch (exitCode) {
    case EXIT.BAD_MANIFEST:
      return 'INVALID'
    case EXIT.UNREPAIRABLE:
      return 'REFUSED'
    case EXIT.WRITE_FAILED:
      return 'WRITE_FAILED'
    case EXIT.CONFLICT:
      return 'CONFLICT'
    case EXIT.INTERRUPTED:
      return 'INTERRUPTED'
    default:
      return 'FAILED'
  }
}

/** An error meant for the user: one line, a subject, and the exit status it maps to. */
export class SwrError extends Error {
  readonly kind: SwrErrorKind
  constructor(
    message: string,
    readonly exitCode: ExitCode,
    kind?: SwrErrorKind
  ) {
    super(message)
    this.name = 'SwrError'
    this.kind = kind ?? kindOfExit(exitCode)
  }
}

/** The manifest is unreadable, malformed or inconsistent. `where` names the file, line or field. */
export class ManifestError extends SwrError {
  constructor(
    message: string,
    readonly problems: string[] = [message]
  ) {
    super(message, EXIT.BAD_MANIFEST, 'BAD_MANIFEST')
    this.name = 'ManifestError'
  }
}

/** The command line asked for something that cannot be done. */
export class UsageError extends SwrError {
  constructor(message: string) {
    super(message, EXIT.BAD_MANIFEST, 'USAGE')
    this.name = 'UsageError'
  }
}

/** A bug: the shells print it with a request to report it. */
export class InternalError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'InternalError'
  }
}

/** Errors of the disk rather than of swr or its input: a clear line and EXIT.WRITE_FAILED. */
const DISK_CODES = new Set(['ENOSPC', 'EDQUOT', 'EIO', 'EROFS', 'EFBIG'])

const DISK_WORDS: Record<string, string> = {
  ENOSPC: 'no space left on the device',
  EDQUOT: 'disk quota exceeded',
  EIO: 'input/output error',
  EROFS: 'read-only file system',
  EFBIG: 'file too large'
}

/** The error as a one-line SwrError when it is a disk error, else undefined. */
export function diskError(err: unknown, file?: string): SwrError | undefined {
  const code = errnoCode(err)
  if (!code || !DISK_CODES.has(code)) return undefined
  const p = (err as { path?: unknown }).path
  const what = file ?? (typeof p === 'string' ? p : 'to the disk')
  return new SwrError(
    `cannot write ${what}: ${DISK_WORDS[code] ?? code} (${code})`,
    EXIT.WRITE_FAILED,
    'WRITE_FAILED'
  )
}

/**
 * The error as a one-line SwrError when it is a file system error with a path (permissions, a
 * vanished file: something the user can fix), else undefined. Disk errors are diskError's.
 */
export function accessError(err: unknown): SwrError | undefined {
  const code = errnoCode(err)
  // isNativeError: an error made in another realm (a vm context) is no `instanceof Error` here.
  if (!code || !(err instanceof Error || types.isNativeError(err)) || !('path' in err))
    return undefined
  const e = err as NodeJS.ErrnoException
  return new SwrError(`${e.syscall ?? 'access'} ${e.path}: ${code}`, EXIT.BAD_MANIFEST, 'ACCESS')
}

/** Node's fs errors carry a code; this reads it without `any`. */
export function errnoCode(err: unknown): string | undefined {
  if (typeof err === 'object' && err !== null && 'code' in err) {
    const code = (err as { code: unknown }).code
    return typeof code === 'string' ? code : undefined
  }
  return undefined
}
