/** Types for file-writer.mjs (plain JavaScript so it can run as a worker without a build). */
export declare function createFile(
  abs: string,
  bytes: Uint8Array,
  mode: number,
  fixMode: boolean
): void
