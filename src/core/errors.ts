/**
 * Exit codes and the few error classes that carry them. Only the shells turn an error into an exit.
 */

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

/** An error meant for the user: one line, a subject, and the exit status it maps to. */
export class SwrError extends Error {
  constructor(
    message: string,
    readonly exitCode: ExitCode
  ) {
    super(message)
    this.name = 'SwrError'
  }
}

/** The manifest is unreadable, malformed or inconsistent. `where` names the file, line or field. */
export class ManifestError extends SwrError {
  constructor(
    message: string,
    readonly problems: string[] = [message]
  ) {
    super(message, EXIT.BAD_MANIFEST)
    this.name = 'ManifestError'
  }
}

/** The command line asked for something that cannot be done. */
export class UsageError extends SwrError {
  constructor(message: string) {
    super(message, EXIT.BAD_MANIFEST)
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
    EXIT.WRITE_FAILED
  )
}

/** Node's fs errors carry a code; this reads it without `any`. */
export function errnoCode(err: unknown): string | undefined {
  if (typeof err === 'object' && err !== null && 'code' in err) {
    const code = (err as { code: unknown }).code
    return typeof code === 'string' ? code : undefined
  }
  return undefined
}
