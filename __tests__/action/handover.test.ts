/**
 * The flags the step's re-executed image starts with: a bounded young generation, unless the
 * workflow or Node's own command line already chose one. (That the re-exec carries them is
 * traced in child-env.test.ts.)
 */
import { MALLOC_THRESHOLD_BYTES, imageFlags } from '../../src/action/handover.js'
import { MAPPED_FROM_BYTES, PIECE_BYTES } from '../../src/core/memory/heap-pieces.js'

describe('the re-executed image bounds its young generation', () => {
  it('adds 16 MiB semi-spaces when nothing chose a size', () => {
    expect(imageFlags([], undefined)).toEqual(['--max-semi-space-size=16'])
    expect(imageFlags(['--enable-source-maps'], '--no-warnings')).toEqual([
      '--max-semi-space-size=16'
    ])
  })

  it("gives the cache steps' restores 8 MiB semi-spaces and gc, their saves and the other steps 16", () => {
    const restore = ['--max-semi-space-size=8', '--expose-gc']
    expect(imageFlags([], undefined, 'cache')).toEqual(restore)
    expect(imageFlags([], undefined, 'cache-restore')).toEqual(restore)
    for (const phase of ['cache-post', 'cache-save', 'post', undefined])
      expect(imageFlags([], undefined, phase)).toEqual(['--max-semi-space-size=16'])
    expect(imageFlags([], '--max-semi-space-size=32', 'cache')).toEqual(['--expose-gc'])
    expect(imageFlags(['--expose-gc'], undefined, 'cache')).toEqual(['--max-semi-space-size=8'])
    expect(imageFlags([], '--expose_gc --max_semi_space_size=1', 'cache')).toEqual([])
  })

  it('leaves a size given in NODE_OPTIONS or on the command line, in any spelling', () => {
    expect(imageFlags([], '--no-warnings --max-semi-space-size=64')).toEqual([])
    expect(imageFlags(['--max_semi_space_size=2'], undefined)).toEqual([])
    expect(imageFlags(['--max-semi-space-size', '8'], undefined)).toEqual([])
  })

  it('is not fooled by a neighbouring flag', () => {
    expect(imageFlags(['--max-old-space-size=4096'], '--min-semi-space-size=1')).toEqual([
      '--max-semi-space-size=16'
    ])
  })
})

describe("the re-executed image's malloc threshold", () => {
  it("is where the restore's streams keep their pieces under (heap-pieces.ts)", () => {
    expect(MALLOC_THRESHOLD_BYTES).toBe(String(MAPPED_FROM_BYTES))
    expect(PIECE_BYTES).toBeLessThan(MAPPED_FROM_BYTES - 16)
  })
})
