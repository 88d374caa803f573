/** Types for collect.mjs. */
export declare function collectAfterPhase(): void
