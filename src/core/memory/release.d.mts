/** Types for release.mjs. */
export declare function releaseBuffer(b: Uint8Array | undefined): void
