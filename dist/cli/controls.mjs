// The one definition of the characters no line of output may carry raw: C0 controls, DEL, C1
// controls and the bidi controls. Raw, a newline starts a line of the writer's choosing (a
// workflow command in the Action's log, a fake `OK` line in a terminal), ESC or CSI rewrites the
// screen, and a bidi control shows text in another order than it is stored. Plain JavaScript
// because the walk's worker threads (walk/byte-names.mjs) import it as well as the TypeScript
// printers; `npm run bundle` copies it beside each bundle with the workers' other files.

/** Bidi controls: ALM, LRM, RLM, LRE..RLO, LRI..PDI. */
export const BIDI_CONTROLS = Object.freeze([
  0x061c, 0x200e, 0x200f, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069
])

const BIDI = new Set(BIDI_CONTROLS)

/**
 * True for C0, DEL, C1 and bidi controls (a UTF-16 code unit).
 * @param {number} code
 * @returns {boolean}
 */
export function isControl(code) {
  return code <= 0x1f || (code >= 0x7f && code <= 0x9f) || BIDI.has(code)
}

/** @param {number} c */
const u = c => `\\u${c.toString(16).padStart(4, '0')}`

/** The controls above C0 (DEL, C1, bidi), as the inside of a RegExp character class. */
export const NON_C0_CLASS = `${u(0x7f)}-${u(0x9f)}${BIDI_CONTROLS.map(u).join('')}`

/** Every control isControl names, as the inside of a RegExp character class. */
export const CONTROL_CLASS = `${u(0)}-${u(0x1f)}${NON_C0_CLASS}`
