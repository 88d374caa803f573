// One line of a tree index (tree-index.ts): the entry's path, type letter, mode, size and its
// sha256, link target or special kind (null for a directory). Plain JavaScript so the walk
// workers (hash-kernel.mjs) write a capture's index lines as tree-index.ts reads them.

/**
 * @param {string} rel
 * @param {string} type
 * @param {number} mode
 * @param {number} size
 * @param {string | undefined} extra
 */
export function indexLine(rel, type, mode, size, extra) {
  return JSON.stringify([rel, type, mode, size, extra ?? null])
}
