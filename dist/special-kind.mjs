// What a special file is (a device and its numbers, a FIFO, a socket), from its lstat. Plain
// JavaScript so the walk workers (hash-kernel.mjs) spell it for the tree index as specials.ts does.

/**
 * A device number's major and minor parts, as the platform packs them into st_rdev.
 * @param {bigint} rdev
 * @returns {[bigint, bigint]}
 */
export function deviceNumbers(rdev) {
  if (process.platform === 'darwin' || process.platform.endsWith('bsd'))
    return [(rdev >> 24n) & 0xffn, rdev & 0xffffffn]
  // glibc's gnu_dev_major/minor: 12 bits of major and 20 of minor, split across the word.
  return [
    ((rdev >> 8n) & 0xfffn) | ((rdev >> 32n) & ~0xfffn),
    (rdev & 0xffn) | ((rdev >> 12n) & ~0xffn)
  ]
}

/**
 * What a special file is: "char 1:3", "block 8:0", "fifo", "socket".
 * @param {import('node:fs').BigIntStats} st
 */
export function specialKind(st) {
  if (st.isCharacterDevice() || st.isBlockDevice()) {
    const [major, minor] = deviceNumbers(st.rdev)
    return `${st.isCharacterDevice() ? 'char' : 'block'} ${major}:${minor}`
  }
  if (st.isFIFO()) return 'fifo'
  if (st.isSocket()) return 'socket'
  return 'other'
}
