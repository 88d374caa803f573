/** Types for byte-names.mjs (plain JavaScript so the worker kernel can import it). */
export declare function nameOf(b: Buffer): string
export declare function bytesOf(s: string): Buffer
export declare function fsPath(s: string): string | Buffer
export declare function readNames(dir: string): string[]
export declare function readListing(dir: string): { names: string[]; files: Set<string> }
export declare function readEntries(dir: string): { name: string; dir: boolean }[]
export declare function readTarget(abs: string): string
export declare function shownName(s: string): string
