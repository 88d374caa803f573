/** Permission modes as manifests spell them ("0755") and the exec-bit rule behind STRIPPED. */

/** "0755" from permission bits. */
export function octal(mode: number): string {
  return (mode & 0o7777).toString(8).padStart(4, '0')
}

export function parseMode(text: string): number {
  return parseInt(text, 8) & 0o7777
}

/** True when `found` lacks an exec bit that `wanted` has: what lossy restores do. */
export function lostExec(wanted: number, found: number): boolean {
  return (wanted & 0o111 & ~found) !== 0
}
