/** Why a cache archive was refused: one line, ready for the report (names are escaped by the caller). */
export class Rejected extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'Rejected'
  }
}

/** The source does not hold the entry at all: a miss, not a refusal of what it held. */
export class Absent extends Rejected {
  constructor(message: string) {
    super(message)
    this.name = 'Absent'
  }
}

/**
 * One line for a failure, the same in every report: a Rejected's own words; a system error's code
 * and the call's name without the paths Node appends to it ("rename '/scratch/…' -> '/proc/self/fd/19/…'"
 * names scratch and descriptor paths that say nothing to a reader); a full disk said as such, in
 * `fileSystem` ("the workspace's") when the caller knows which.
 */
export function reasonOf(err: unknown, fileSystem = 'its'): string {
  if (err instanceof Rejected) return err.message
  const e = err as NodeJS.ErrnoException
  if (e?.code === 'ENOSPC' || e?.code === 'EDQUOT')
    return `${e.code}: not enough space in ${fileSystem} file system`
  const first = ((e?.message ?? String(err)).split('\n')[0] ?? '').replace(/ '.*$/, '')
  return e?.code && !first.startsWith(`${e.code}:`) ? `${e.code}: ${first}` : first || 'error'
}
