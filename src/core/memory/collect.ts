/**
 * A full collection at a phase boundary, where the runtime was started with `--expose-gc` (the
 * Action's restore steps are: src/action/handover.ts). Reading a large seal leaves tens of MB of
 * dead strings in V8's old generation (the seal's text, its parsed document with each index's
 * base64, the canonical form its signatures were checked over), which V8 collects only when the
 * old generation next reaches its limit: at 300,000 files often never before the restore ended,
 * while the extraction's own memory grew on top of it. Without the flag this does nothing.
 */
export function collectGarbage(): boolean {
  const gc = (globalThis as { gc?: () => void }).gc
  if (typeof gc !== 'function') return false
  gc()
  return true
}
