/**
 * How an archive's names are spelled in a refusal or a write's failure: as they are when plain,
 * JSON-quoted when they hold anything a one-line report or the Action's log could misread.
 */
import { shown } from '../../../src/core/archive/extract.js'

describe('shown', () => {
  test.each([
    'node_modules/pkg/index.js',
    'with space',
    'ünïcødé 名前',
    'a\u2028b',
    'name:with:colons'
  ])('a plain name stays as it is: %j', name => {
    expect(shown(name)).toBe(name)
  })

  test.each(['new\nline', 'tab\there', 'nul\0', 'del\x7f', 'q"uote', 'back\\slash', '100%'])(
    'anything else is quoted: %j',
    name => {
      expect(shown(name)).toBe(JSON.stringify(name))
    }
  )

  test('a long name is clipped at 200 characters, quoted when the rest of it is not plain', () => {
    expect(shown('a'.repeat(300))).toBe(`${'a'.repeat(200)}…`)
    expect(shown(`${'b'.repeat(250)}\n`)).toBe(`${'b'.repeat(200)}…`)
    expect(shown(`"${'c'.repeat(250)}`)).toBe(JSON.stringify(`"${'c'.repeat(199)}…`))
  })
})
