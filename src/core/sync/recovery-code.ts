/**
 * The recovery code `swr push` prints: everything a fresh machine needs to find one stored copy and
 * to know it is the one that was pushed, in one line a person can type:
 *
 *   swr1:PIN:WORD:LOCATOR
 *
 *   PIN      the first 125 bits of the SHA-256 of the stored bytes, 25 base32 letters in five
 *            groups of five (abcde-fghij-…); a copy whose hash differs is refused
 *   WORD     a checksum word over PIN and LOCATOR: most typing mistakes are caught before any
 *            network access (one in 128 slips through, and is then refused by the PIN or the store)
 *   LOCATOR  where the copy is (store.ts): git:REMOTE#NAME, an http(s) URL, actions:KEY, or an
 *            s3:// object URL
 *
 * The code holds no secret: the bundle is sealed, and opening it needs the sync key.
 */
import { createHash } from 'node:crypto'
import { UsageError } from '../errors.js'
import { storeKind } from './store.js'

export const CODE_PREFIX = 'swr1'
const B32 = 'abcdefghijklmnopqrstuvwxyz234567'
const PIN_CHARS = 25

/** Short, distinct, easy to say and to type. */
const WORDS = (
  'acorn amber anchor apple arrow aspen badge bamboo banjo barley basil beacon berry birch ' +
  'bison blossom bonfire breeze brick bridge brook cabin cactus camel candle canyon carbon cargo ' +
  'cedar cello chalk cherry cider cinder citrus clover cobalt comet copper coral cotton crane ' +
  'crater cricket dahlia delta denim desert dolphin dune eagle ember falcon fern fiddle fjord ' +
  'flint forest fossil garnet geyser ginger glacier granite gravel harbor hazel heron hickory ' +
  'honey island ivory jasper juniper kayak kettle lagoon lantern lemon lilac linen lotus magnet ' +
  'maple marble meadow mesa mint moss nectar nickel nutmeg oasis olive onyx orbit orchid otter ' +
  'oyster paddle pebble pepper pine planet plum prairie quartz quill radish raven reef ribbon ' +
  'river rocket saddle salmon sandal sierra silver spruce summit tundra tulip velvet violet ' +
  'walnut willow zephyr'
).split(' ')

export interface RecoveryCode {
  pin: string
  locator: string
}

function pinOf(sha256Hex: string): string {
  const bytes = Buffer.from(sha256Hex, 'hex')
  let bits = ''
  for (const b of bytes.subarray(0, 16)) bits += b.toString(2).padStart(8, '0')
  let out = ''
  for (let i = 0; i < PIN_CHARS; i++) out += B32[parseInt(bits.slice(i * 5, i * 5 + 5), 2)]
  return out
}

function checkWord(pin: string, locator: string): string {
  const h = createHash('sha256').update(`swr-code\0${pin}\0${locator}`).digest()
  return WORDS[(h[0] ?? 0) & 127] as string
}

function grouped(pin: string): string {
  return pin.match(/.{1,5}/g)?.join('-') ?? pin
}

export function makeCode(locator: string, sha256Hex: string): string {
  const pin = pinOf(sha256Hex)
  return `${CODE_PREFIX}:${grouped(pin)}:${checkWord(pin, locator)}:${locator}`
}

/** Parse a typed code; every mistake is a one-line usage error. */
export function parseCode(text: string): RecoveryCode {
  const code = text.trim()
  const parts = /^([^:]*):([^:]*):([^:]*):(.+)$/s.exec(code)
  if (!parts || parts[1]?.toLowerCase() !== CODE_PREFIX)
    throw new UsageError(`not a recovery code (it starts with "${CODE_PREFIX}:")`)
  const pin = (parts[2] ?? '').toLowerCase().replace(/[-\s]/g, '')
  if (pin.length !== PIN_CHARS || [...pin].some(c => !B32.includes(c)))
    throw new UsageError(`recovery code: the pin has ${PIN_CHARS} letters a-z and digits 2-7`)
  const locator = parts[4] ?? ''
  if (/\p{Cc}/u.test(locator) || locator.length > 2000 || !storeKind(locator))
    throw new UsageError('recovery code: the locator is not a git:, http(s):, actions: or s3: one')
  const word = (parts[3] ?? '').toLowerCase()
  if (word !== checkWord(pin, locator))
    throw new UsageError(
      'recovery code: the checksum word does not match (a typo in the pin, the word or the locator)'
    )
  return { pin, locator }
}

/** Whether bytes with this SHA-256 are the copy the code names. */
export function pinMatches(code: RecoveryCode, sha256Hex: string): boolean {
  return pinOf(sha256Hex) === code.pin
}
