/** Containment of one absolute path in another, by name (no file system access). */

/** True when `abs` is `root` or below it (both already absolute and normalised). */
export function isInside(root: string, abs: string): boolean {
  if (abs === root) return true
  const base = root.endsWith('/') ? root : `${root}/`
  return abs.startsWith(base)
}
