/** Types for controls.mjs (plain JavaScript so the walk's worker threads can import it). */
export declare const BIDI_CONTROLS: readonly number[]
export declare function isControl(code: number): boolean
export declare const NON_C0_CLASS: string
export declare const CONTROL_CLASS: string
