/** Types for hash-kernel.mjs (plain JavaScript so it can run as a worker without a build). */
export declare const MIB: number
export interface FileDigest {
  sha256: string
  size: number
  mode: number
  /** With a 'stamped' job: the file's state after the last read. */
  after?: { ino: bigint; size: bigint; mtimeNs: bigint; ctimeNs: bigint }
}
export type HashHow = 'full' | 'stamped' | 'headtail'

export type JobResult = FileDigest | { error: string }
export declare function hashFile(abs: string, stamped?: boolean): FileDigest
export declare function hashHeadTail(abs: string, buf?: Buffer): FileDigest
export declare function runJob(abs: string, how: HashHow): JobResult
/** hashFile on the main thread, reading ahead on the threadpool while `spare()` holds. */
export declare function hashFileAhead(
  abs: string,
  stamped: boolean,
  first: Buffer,
  second: () => Buffer,
  spare: () => boolean,
  turn: () => Promise<void>
): Promise<FileDigest>
export declare function hashWalked(abs: string, size: number): string
/** hashWalked on a descriptor open at the file's start. */
export declare function hashWalkedFd(fd: number, size: number): string
/** hashHeadTail's digest of a file of `size` bytes, on an open descriptor. */
export declare function headTailFd(fd: number, size: number, buf?: Buffer): string
export declare function walkedOrError(abs: string, size: number, fd?: number): string | undefined
/** hashWalked, trusted only when the file's state after the read is the walk's (`was`). */
export declare function steadyOrError(
  abs: string,
  was: { ino: bigint; size: bigint; mtimeNs: bigint; ctimeNs: bigint },
  opened?: number
): { sha: string } | { moved: bigint } | undefined
/** The sha256 column's slot of a record with none. */
export declare const NO_SHA: string
/** A walk task as walk-workers.ts sends it to the kernel threads. */
export interface WalkTask {
  role: 'walk' | 'text'
  kind?: 'meta' | 'stamp'
  hash?: boolean
  /** With `hash`: false leaves out the per-file cache entries (default true). */
  cache?: boolean
  /** false: no stamp lines (nothing will read the records back; a capture). */
  stamp?: boolean
  /** With `hash`: check that each file held still while it was read (a capture). */
  steady?: boolean
  /** With `hash`: also the tree index lines, special kinds and deepest files (a capture). */
  index?: boolean
  /** With `index`: directory names whose files are never among the deepest. */
  deepSkip?: string[]
  roots: { abs: string; rel: string }[]
  counter: SharedArrayBuffer
  names: string[]
  exclude: string[]
}
export interface WalkRules {
  skip: Set<string>
  exclude: Set<string>
}
export declare function walkRules(task: WalkTask): WalkRules
/** Root `i` of a walk task, walked on the calling thread. */
export declare function walkRoot(
  task: WalkTask,
  rules: WalkRules,
  i: number
): { out: unknown; chunks: Uint8Array[] }
