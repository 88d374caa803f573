/**
 * releaseBuffer on each Node the tests have (the Action's Node 24 first): a large buffer made here
 * is freed at once where the runtime can detach it, and a buffer that may be a piece of Buffer's
 * shared pool (64 KiB on Node 24), or is small enough to be, is never touched. releaseWhole (for a
 * download's chunks once copied) frees a chunk only when it views the whole of its memory.
 */
import { execFileSync } from 'node:child_process'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { NODES } from '../../../__fixtures__/action.js'

const MODULE = pathToFileURL(path.resolve('src/core/memory/release.mjs')).href

const SCRIPT = `
const { releaseBuffer } = await import(${JSON.stringify(MODULE)})
const big = Buffer.alloc(64 * 1024 * 1024, 1)
const view = big.subarray(0, 16)
const before = process.memoryUsage().arrayBuffers
releaseBuffer(big)
const after = process.memoryUsage().arrayBuffers
const pooled = Buffer.from('a pooled buffer')
const neighbour = Buffer.from('its neighbour in the pool')
releaseBuffer(pooled)
const small = Buffer.alloc(Buffer.poolSize, 2)
releaseBuffer(small)
releaseBuffer(undefined)
console.log(JSON.stringify({
  canDetach: typeof ArrayBuffer.prototype.transfer === 'function',
  freedMiB: Math.round((before - after) / 2 ** 20),
  bigLength: big.length,
  viewLength: view.length,
  pooled: pooled.toString(),
  neighbour: neighbour.toString(),
  small: small.length === Buffer.poolSize && small.every(b => b === 2)
}))
`

describe.each(NODES)('releaseBuffer on $name', ({ bin }) => {
  it('frees a large buffer at once where Node can detach it, and leaves pooled and small ones alone', () => {
    const out = JSON.parse(
      execFileSync(bin, ['--input-type=module', '-e', SCRIPT], { encoding: 'utf8' })
    ) as Record<string, unknown>
    expect(out.pooled).toBe('a pooled buffer')
    expect(out.neighbour).toBe('its neighbour in the pool')
    expect(out.small).toBe(true)
    if (out.canDetach) {
      expect(out.freedMiB).toBe(64)
      expect(out.bigLength).toBe(0)
      expect(out.viewLength).toBe(0)
    } else {
      // Without the means to detach, nothing changes: the buffer stays whole for the collector.
      expect(out.freedMiB).toBe(0)
      expect(out.bigLength).toBe(64 * 1024 * 1024)
    }
  })
})

const WHOLE = `
const { releaseWhole } = await import(${JSON.stringify(MODULE)})
// A socket's chunk: its own memory, viewed whole.
const chunk = Buffer.from(new ArrayBuffer(64 * 1024)).fill(1)
releaseWhole(chunk)
// A view of part of a larger buffer, and one at an offset: other views may share the memory.
const parent = Buffer.alloc(256 * 1024, 2)
const part = parent.subarray(0, 64 * 1024)
const tail = parent.subarray(64 * 1024)
releaseWhole(part)
releaseWhole(tail)
// Pieces of the pool, and a buffer small enough to be one.
const pooled = Buffer.from('a pooled buffer')
const neighbour = Buffer.from('its neighbour in the pool')
releaseWhole(pooled)
const small = Buffer.from(new ArrayBuffer(Buffer.poolSize / 2)).fill(3)
releaseWhole(small)
console.log(JSON.stringify({
  canDetach: typeof ArrayBuffer.prototype.transfer === 'function',
  chunk: chunk.length,
  parent: parent.length === 256 * 1024 && parent.every(b => b === 2),
  pooled: pooled.toString() + '|' + neighbour.toString(),
  small: small.length === Buffer.poolSize / 2 && small.every(b => b === 3)
}))
`

describe.each(NODES)('releaseWhole on $name', ({ bin }) => {
  it('frees a chunk viewed whole, and leaves a part of a buffer, the pool and small ones alone', () => {
    const out = JSON.parse(
      execFileSync(bin, ['--input-type=module', '-e', WHOLE], { encoding: 'utf8' })
    ) as Record<string, unknown>
    expect(out.parent).toBe(true)
    expect(out.pooled).toBe('a pooled buffer|its neighbour in the pool')
    expect(out.small).toBe(true)
    expect(out.chunk).toBe(out.canDetach ? 0 : 64 * 1024)
  })
})
