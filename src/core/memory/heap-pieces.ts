/**
 * Where glibc stops serving an allocation from its heap and maps it on its own, as the Action's
 * re-executed image fixes it (src/action/handover.ts; glibc's own threshold starts at 128 KiB and
 * rises as mapped blocks are freed). A mapped block is fresh memory, unmapped again when freed:
 * each 4 KiB of it costs a page fault when first written, every time.
 */
export const MAPPED_FROM_BYTES = 256 * 1024

/**
 * The size of the pieces a stream on a restore's hot path makes for what it passes on (a
 * decoder's output, the download's joined pieces): below MAPPED_FROM_BYTES with room for the
 * allocator's header, so each piece comes from the heap, where a freed one's memory serves the
 * next. Made at 256 KiB, every piece was mapped: the cache action restoring `nm` from S3 took
 * 69,000-110,000 page faults (a fault a 4 KiB page of the 340 MB decoded) against 49,000-55,000.
 */
export const PIECE_BYTES = MAPPED_FROM_BYTES - 1024
