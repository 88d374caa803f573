// Freeing a large buffer when it is done with, not when V8 next collects its old generation. A
// restore of 300,000 files made ~60 MB of such buffers while reading its seal (the seal's bytes,
// its index decoded, the index's text) and held them dead until a full collection seconds later:
// most of its peak memory. Detaching a buffer's memory (`ArrayBuffer.prototype.transfer`, Node
// 21+: the Action's runtime) frees it at once; on a Node without it this does nothing. Plain
// JavaScript so a test can run it on the Action's runtime as it is.

/**
 * Free `b`'s memory now. Only for a buffer this code made and nothing else views (the caller's
 * promise): every view of its memory reads as empty afterwards. A buffer no larger than Buffer's
 * shared pool may be a piece of it (64 KiB on Node 24, 8 KiB before) and is left alone; so is any
 * memory the runtime will not let go of (it marks its pool so: detaching it throws).
 * @param {Uint8Array | undefined} b
 */
export function releaseBuffer(b) {
  if (!b || !(b.buffer instanceof ArrayBuffer) || b.buffer.byteLength <= Buffer.poolSize) return
  detach(b.buffer)
}

/**
 * Free the memory of `b`, a buffer handed to this code that it has copied and no other code
 * keeps (a download's chunk once joined into a larger piece): only when `b` views the whole of
 * its memory and is too large to be a piece of Buffer's shared pool, so no other view can share
 * it. A download's chunks otherwise wait for a full collection once a young collection has seen
 * them in flight.
 * @param {Uint8Array} b
 */
export function releaseWhole(b) {
  const ab = b.buffer
  if (!(ab instanceof ArrayBuffer) || b.byteOffset !== 0 || b.byteLength !== ab.byteLength) return
  if (ab.byteLength <= Buffer.poolSize / 2) return
  detach(ab)
}

/**
 * Free `ab`'s memory now, where the runtime can (Node 21+).
 * @param {ArrayBuffer} ab
 */
function detach(ab) {
  try {
    ;/** @type {ArrayBuffer & { transfer?: (length?: number) => ArrayBuffer }} */ (ab).transfer?.(0)
  } catch {
    // Not detachable (the runtime's own pool): it stays for the collector, as it would have.
  }
}
