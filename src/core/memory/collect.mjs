// A full garbage collection at a phase boundary. Plain JavaScript, so a test runs it on each Node
// as it is (collect.test.ts).

/**
 * Collect now, where a phase just left tens of megabytes dead in V8's old generation and large
 * object space (reading a seal: its JSON text, its index's base64 text, the inflated pieces;
 * ~35 MB at 300,000 files) that V8 would keep until its heap grows enough to start a full
 * collection itself: through the whole extraction that follows, on top of everything it holds.
 * Only where the process was started with `--expose-gc` (the Action's re-executed image:
 * src/action/handover.ts); a no-op anywhere else.
 */
export function collectAfterPhase() {
  const gc = /** @type {{ gc?: unknown }} */ (globalThis).gc
  if (typeof gc === 'function') gc()
}
