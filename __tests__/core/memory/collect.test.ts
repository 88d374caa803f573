/**
 * collectAfterPhase on each Node the tests have: started with `--expose-gc` (as the Action's
 * re-executed image is) it frees what died in V8's large object space at once; without the flag
 * it does nothing, and throws nothing.
 */
import { execFileSync } from 'node:child_process'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { NODES } from '../../../__fixtures__/action.js'

const MODULE = pathToFileURL(path.resolve('src/core/memory/collect.mjs')).href

// 24 MiB in one object made and dropped, as a seal's 16 MB index text is once its table is made
// (an array: a string made from bytes that large is kept outside V8's heap).
const SCRIPT = `
import v8 from 'node:v8'
const { collectAfterPhase } = await import(${JSON.stringify(MODULE)})
const large = () =>
  v8.getHeapSpaceStatistics().find(s => s.space_name === 'large_object_space').space_used_size
// Made and dropped in a frame that has returned, as a phase's garbage is.
const phase = () => {
  const text = new Array(3 * 1024 * 1024).fill(1.5)
  return text.length > 0 ? large() : 0
}
const held = phase()
collectAfterPhase()
console.log(JSON.stringify({ freedMiB: Math.round((held - large()) / 2 ** 20) }))
`

describe.each(NODES)('collectAfterPhase on $name', ({ bin }) => {
  const run = (flags: string[]) =>
    JSON.parse(
      execFileSync(bin, [...flags, '--input-type=module', '-e', SCRIPT], { encoding: 'utf8' })
    ) as { freedMiB: number }

  it('frees a dropped 24 MiB object at once with --expose-gc', () => {
    expect(run(['--expose-gc']).freedMiB).toBeGreaterThanOrEqual(23)
  })

  it('is a no-op without it', () => {
    expect(run([]).freedMiB).toBe(0)
  })
})
