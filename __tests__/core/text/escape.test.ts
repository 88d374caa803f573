/**
 * `jsonMayHoldControl` lets the manifest loader skip looking at every string of a manifest whose
 * text could not decode to a control character. A false "no" would let a newline or a bidi
 * control into a printed line, so it is checked against `isControl` for every character that
 * counts, raw and escaped, and against JSON.stringify for many strings.
 */
import { describe, expect, it } from '@jest/globals'
import { isControl, jsonMayHoldControl } from '../../../src/core/text/escape.js'

const controls = Array.from({ length: 0x2070 }, (_, c) => c).filter(isControl)

describe('jsonMayHoldControl', () => {
  it('says yes for every control character, however the JSON text spells it', () => {
    expect(controls.length).toBeGreaterThan(60)
    for (const c of controls) {
      const ch = String.fromCharCode(c)
      // As JSON.stringify writes it (escaped below U+0020, raw above), and always escaped.
      expect(jsonMayHoldControl(JSON.stringify({ a: `x${ch}y` }))).toBe(true)
      expect(jsonMayHoldControl(`{"a":"\\u${c.toString(16).padStart(4, '0')}"}`)).toBe(true)
    }
    for (const e of ['b', 'f', 'n', 'r', 't']) expect(jsonMayHoldControl(`["\\${e}"]`)).toBe(true)
  })

  it('says no for text that cannot hold one, so the fast path is taken', () => {
    for (const text of [
      '{"a":"b"}',
      '{"a":"x\\"y","b":"x\\\\y","c":"\\/"}',
      '{"name":"é 名前 \u{1f424} \u00a0 \u2028"}',
      '{\n\t"a": [1, 2]\r\n}'
    ])
      expect(jsonMayHoldControl(text)).toBe(false)
  })

  it('never says no for a string JSON.stringify writes with a control character in it', () => {
    let seed = 7
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31)
    const pool = [...controls, 0x41, 0x5c, 0x22, 0x2f, 0xe9, 0x200d, 0x2028, 0xd83d]
    for (let i = 0; i < 3000; i++) {
      const s = Array.from({ length: 1 + (next() % 6) }, () =>
        String.fromCharCode(pool[next() % pool.length]!)
      ).join('')
      const holds = [...s].some(ch => isControl(ch.charCodeAt(0)))
      if (holds) expect(jsonMayHoldControl(JSON.stringify([s]))).toBe(true)
    }
  })
})
