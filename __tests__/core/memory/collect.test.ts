/**
 * A full collection where the runtime exposes one (the Action's restore steps start with
 * --expose-gc), and nothing where it does not.
 */
import { afterEach, describe, expect, it } from '@jest/globals'
import { collectGarbage } from '../../../src/core/memory/collect.js'

const holder = globalThis as { gc?: () => void }
const before = holder.gc

afterEach(() => {
  if (before) holder.gc = before
  else delete holder.gc
})

describe('collectGarbage', () => {
  it('collects where gc is exposed, and says so', () => {
    let calls = 0
    holder.gc = () => void calls++
    expect(collectGarbage()).toBe(true)
    expect(calls).toBe(1)
  })

  it('does nothing where it is not', () => {
    delete holder.gc
    expect(collectGarbage()).toBe(false)
  })
})
