/** Types for hash-kernel.mjs (plain JavaScript so it can run as a worker without a build). */
export declare const MIB: number
export interface FileDigest {
  sha256: string
  size: number
  mode: number
}
export type JobResult = FileDigest | { error: string }
export declare function hashFile(abs: string): FileDigest
export declare function hashHeadTail(abs: string): FileDigest
export declare function runJob(abs: string, how: 'full' | 'headtail'): JobResult

export declare function hashWalked(abs: string, size: number): string
export declare function walkedOrError(abs: string, size: number): string | undefined
/** The sha256 column's slot of a record with none. */
export declare const NO_SHA: string
