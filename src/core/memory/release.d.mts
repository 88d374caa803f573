/** Types for release.mjs. */
export declare function releaseBuffer(b: Uint8Array | undefined): void
export declare function releaseWhole(b: Uint8Array): void
