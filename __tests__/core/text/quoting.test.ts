/**
 * The two functions every untrusted string passes through before it is printed or written into
 * shell text: escapeText (one log or terminal line) and shellQuote (one shell word). Properties
 * over generated strings, and shellQuote read back by a real bash.
 */
import { describe, expect, it } from '@jest/globals'
import { spawnSync } from 'node:child_process'
import fc from 'fast-check'
import { escapeText, isControl } from '../../../src/core/text/escape.js'
import { shellQuote } from '../../../src/core/text/shell-quote.js'
import { renderCollateral, renderStep } from '../../../src/core/report/text.js'

/** Strings rich in what matters here: controls, bidi, quotes, backslashes, percent, colons. */
const hostile = fc.string({
  unit: fc.oneof(
    fc.constantFrom('\n', '\r', '\t', '\x1b', '\x7f', '\x85', '\x9b', '\u202e', '\u2066', '\u061c'),
    fc.constantFrom("'", '"', '\\', '%', ':', '$', '`', ' ', '!', '*'),
    fc.string({ minLength: 1, maxLength: 1, unit: 'grapheme' })
  ),
  maxLength: 60
})

const hasControl = (s: string): boolean => [...s].some(c => isControl(c.charCodeAt(0)))

describe('escapeText', () => {
  it('leaves no control or bidi character, and escaping twice changes nothing', () => {
    fc.assert(
      fc.property(hostile, s => {
        const once = escapeText(s)
        expect(hasControl(once)).toBe(false)
        expect(escapeText(once)).toBe(once)
      }),
      { numRuns: 2000 }
    )
  })

  it('bounds the result and says how much was cut', () => {
    fc.assert(
      fc.property(hostile, fc.integer({ min: 1, max: 40 }), (s, max) => {
        const out = escapeText(s, { max })
        const marker = /…\[\+(\d+) chars\]$/.exec(out)
        if (escapeText(s).length <= max) expect(out).toBe(escapeText(s))
        else {
          expect(marker).not.toBeNull()
          expect(out.length - (marker?.[0].length ?? 0)).toBeLessThanOrEqual(max)
        }
      }),
      { numRuns: 2000 }
    )
  })

  it('shows the usual suspects the way the docs say', () => {
    expect(escapeText('a\nb\r\x1b[2K\u202e%')).toBe('a\\nb\\r\\x1b[2K\\u202e%')
    expect(escapeText('x'.repeat(10_000_000), { max: 10 })).toBe('xxxxxxxxxx…[+9999990 chars]')
  })
})

describe('shellQuote', () => {
  it('is one line and reads back in bash as exactly the string', () => {
    const samples = fc.sample(
      hostile.filter(s => !s.includes('\0')),
      { numRuns: 300, seed: 12 }
    )
    samples.push('a\ntouch PWNED', "it's", '$(id)', '`id`', '', '-n')
    for (const s of samples) expect(shellQuote(s)).not.toMatch(/[\n\r]/)
    const script = samples.map(s => `printf '%s\\0' ${shellQuote(s)}`).join('\n')
    const r = spawnSync('bash', ['-c', script], { encoding: 'utf8' })
    expect(r.status).toBe(0)
    expect(r.stdout.split('\0').slice(0, -1)).toEqual(samples)
  })
})

describe('step and collateral lines', () => {
  const hostile = 'cache exact hit rejected: extra file: x\n::warning title=Spoofed::y\x1b[2K'
  it('a step detail quoting a cache member name stays one escaped line', () => {
    const line = renderStep(
      { id: 'e', source: 'cache', attempts: [], outcome: 'failed', detail: hostile },
      { color: false, all: false }
    )
    expect(line.split('\n').filter(Boolean)).toHaveLength(1)
    expect(line).toContain('x\\n::warning title=Spoofed::y\\x1b[2K')
  })

  it('a collateral line escapes the finding detail', () => {
    const out = renderCollateral([{ id: 'v', status: 'CORRUPT', detail: hostile, after: ['r'] }], {
      color: false,
      all: false
    })
    expect(out.split('\n').filter(Boolean)).toHaveLength(1)
    expect(out).toContain('after the recipe of r ran: cache exact hit rejected')
  })
})
