/**
 * Off-box copies of the recipe book: the signed manifest with its tree indexes, packed into one
 * bundle that `swr push` stores and `swr pull` brings back after a wipe.
 *
 * A bundle is sealed by default: a fresh 256-bit content key encrypts it with AES-256-GCM, and that
 * key is sealed with HPKE (RFC 9180: the X-Wing hybrid post-quantum KEM, ML-KEM-768 + X25519,
 * HKDF-SHA256, AES-256-GCM) once per recipient (this machine's sync key, named peers). A bundle in
 * clear exists only when the user asked for it, and then never carries escrow (see redact.ts).
 * A bundle may also carry the seals of the manifest's sealed entries (seals.ts), so a wiped state
 * directory gets them back with the manifest; a bundle without them (older ones) reads the same.
 * Sealing is not trust: a pulled manifest is still verified (strict parse, schema, signatures
 * through the gate) before anything writes or runs it.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto'
import { EXIT, SwrError } from '../errors.js'
import { VARIABLE_NAME } from './redact.js'

/** The first format: one recipient, the whole bundle sealed with HPKE (still read). */
export const SYNC_FORMAT_V1 = 'swr-sync/1'
export const SYNC_FORMAT = 'swr-sync/2'
const SUITE_NAME = 'HPKE(X-Wing, HKDF-SHA256, AES-256-GCM)'
const SUITE_V2 = `${SUITE_NAME} + AES-256-GCM`
const INFO_V1 = new TextEncoder().encode('swr manifest bundle v1')
const INFO = new TextEncoder().encode('swr manifest bundle v2: content key')
export const MAX_BUNDLE_BYTES = 96 * 1024 * 1024
/** Recipients one bundle may be sealed to (each adds about 1.5 KiB). */
export const MAX_RECIPIENTS = 32
/** Seals one bundle may carry: one per sealed entry, and a manifest holds at most 10,000 entries. */
export const MAX_CARRIED_SEALS = 10_000

/** A sealed entry's seal as it travels: the entry's id and the stored seal file's bytes, base64. */
export interface CarriedSeal {
  id: string
  seal: string
}

export interface Bundle {
  /** The manifest file's exact text (signatures included), or its redacted text. */
  manifest: string
  /** Tree id → the index sidecar's bytes, base64. */
  trees: Record<string, string>
  /** Variables whose `${NAME}` references replaced token shapes (a redacted bundle only). */
  redacted?: string[]
  /** The stored seals of sealed entries, for their keys at push (absent in older bundles). */
  seals?: CarriedSeal[]
}

interface SealedFor {
  /** recipientId of the key (public, to tell "wrong key" from "damaged"). */
  id: string
  enc: string
  /** The content key, sealed to this recipient. */
  key: string
}

type Envelope =
  | { format: typeof SYNC_FORMAT | typeof SYNC_FORMAT_V1; sealed: false; bundle: Bundle }
  | {
      format: typeof SYNC_FORMAT_V1
      sealed: true
      suite: string
      enc: string
      ct: string
      recipient: string
    }
  | {
      format: typeof SYNC_FORMAT
      sealed: true
      suite: string
      recipients: SealedFor[]
      iv: string
      ct: string
    }

async function suite() {
  const [{ CipherSuite, HkdfSha256, Aes256Gcm }, { XWing }] = await Promise.all([
    import('@hpke/core'),
    import('@hpke/hybridkem-x-wing')
  ])
  return new CipherSuite({ kem: new XWing(), kdf: new HkdfSha256(), aead: new Aes256Gcm() })
}

function ab(bytes: Uint8Array): ArrayBuffer {
  return new Uint8Array(bytes).buffer
}

/** The X-Wing public key of a sync seed (what `swr peer mine` prints). */
export async function syncPublicKey(seed: Uint8Array): Promise<Buffer> {
  const s = await suite()
  const kp = await s.kem.deriveKeyPair(ab(seed))
  return Buffer.from(await s.kem.serializePublicKey(kp.publicKey))
}

/** A short, non-secret name of a recipient's public key. */
export function recipientId(publicKey: Uint8Array): string {
  return createHash('sha256')
    .update('swr-sync-recipient\0')
    .update(publicKey)
    .digest('hex')
    .slice(0, 16)
}

/** Length of a serialized X-Wing public key. */
export const PUBLIC_KEY_BYTES = 1216

/** A public key as typed or pasted (base64, spaces and line breaks allowed), or undefined. */
export function parsePublicKey(text: string): Buffer | undefined {
  const clean = text.replace(/\s+/g, '')
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(clean)) return undefined
  const bytes = Buffer.from(clean, 'base64')
  return bytes.length === PUBLIC_KEY_BYTES ? bytes : undefined
}

/** Pack in clear (the caller decided it may: no escrow, tokens redacted). */
export function packPlain(bundle: Bundle): Buffer {
  return Buffer.from(JSON.stringify({ format: SYNC_FORMAT, sealed: false, bundle }))
}

/** Pack sealed to every public key in `recipients` (at least one). */
export async function packSealed(bundle: Bundle, recipients: Uint8Array[]): Promise<Buffer> {
  if (recipients.length === 0 || recipients.length > MAX_RECIPIENTS)
    throw new SwrError(
      `a bundle is sealed to 1 to ${MAX_RECIPIENTS} recipients, not ${recipients.length}`,
      EXIT.BAD_MANIFEST
    )
  const s = await suite()
  const contentKey = randomBytes(32)
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', contentKey, iv)
  cipher.setAAD(Buffer.from(SYNC_FORMAT))
  const ct = Buffer.concat([
    cipher.update(Buffer.from(JSON.stringify(bundle))),
    cipher.final(),
    cipher.getAuthTag()
  ])
  const sealedFor: SealedFor[] = []
  for (const pub of recipients) {
    const sender = await s.createSenderContext({
      recipientPublicKey: await s.kem.deserializePublicKey(ab(pub)),
      info: INFO
    })
    const key = await sender.seal(ab(contentKey), ab(iv))
    sealedFor.push({
      id: recipientId(pub),
      enc: Buffer.from(sender.enc).toString('base64'),
      key: Buffer.from(key).toString('base64')
    })
  }
  contentKey.fill(0)
  const env: Envelope = {
    format: SYNC_FORMAT,
    sealed: true,
    suite: SUITE_V2,
    recipients: sealedFor,
    iv: iv.toString('base64'),
    ct: ct.toString('base64')
  }
  return Buffer.from(JSON.stringify(env))
}

function refuse(why: string): SwrError {
  return new SwrError(`pulled bundle refused: ${why}`, EXIT.UNREPAIRABLE)
}

function isBundle(v: unknown): v is Bundle {
  const b = v as Bundle
  return (
    typeof b === 'object' &&
    b !== null &&
    typeof b.manifest === 'string' &&
    typeof b.trees === 'object' &&
    b.trees !== null &&
    Object.values(b.trees).every(x => typeof x === 'string') &&
    (b.redacted === undefined ||
      (Array.isArray(b.redacted) &&
        b.redacted.length <= 1000 &&
        b.redacted.every(x => typeof x === 'string' && VARIABLE_NAME.test(x)))) &&
    (b.seals === undefined ||
      (Array.isArray(b.seals) &&
        b.seals.length <= MAX_CARRIED_SEALS &&
        b.seals.every(
          c =>
            typeof c === 'object' &&
            c !== null &&
            typeof c.id === 'string' &&
            typeof c.seal === 'string'
        )))
  )
}

function parseBundle(text: string): Bundle {
  let bundle: unknown
  try {
    bundle = JSON.parse(text)
  } catch {
    throw refuse('malformed bundle')
  }
  if (!isBundle(bundle)) throw refuse('malformed bundle')
  return bundle
}

export interface Opened {
  bundle: Bundle
  sealed: boolean
}

/** What an envelope says about itself before it is opened (for `swr sync status`). */
export function envelopeInfo(bytes: Buffer): { sealed: boolean; recipients: string[] } | undefined {
  try {
    const env = JSON.parse(bytes.toString('utf8')) as Envelope
    if (!env.sealed) return { sealed: false, recipients: [] }
    if (env.format === SYNC_FORMAT_V1) return { sealed: true, recipients: [env.recipient] }
    return { sealed: true, recipients: env.recipients.map(r => String(r.id)) }
  } catch {
    return undefined
  }
}

/**
 * Unpack (and open, with `seed`) a bundle; every malformed or unopenable input is a clean refusal.
 * A bundle in clear is accepted only with `allowPlain` (sealed is the default on both ends).
 */
export async function unpackBundle(
  bytes: Buffer,
  seed: Uint8Array | undefined,
  opts: { allowPlain?: boolean } = {}
): Promise<Opened> {
  if (bytes.length > MAX_BUNDLE_BYTES)
    throw refuse(`${bytes.length} bytes, over the ${MAX_BUNDLE_BYTES}-byte limit`)
  let env: Envelope
  try {
    env = JSON.parse(bytes.toString('utf8')) as Envelope
  } catch {
    throw refuse('not a bundle')
  }
  const format = (env as { format?: unknown })?.format
  if (format !== SYNC_FORMAT && format !== SYNC_FORMAT_V1)
    throw refuse(`unknown format ${JSON.stringify(format)?.slice(0, 40)}`)
  if (!env.sealed) {
    if (!isBundle(env.bundle)) throw refuse('malformed bundle')
    if (opts.allowPlain === false)
      throw refuse('it was stored in clear (pass --plaintext-ok to accept it)')
    return { bundle: env.bundle, sealed: false }
  }
  if (!seed)
    throw refuse(
      'it is sealed and no sync key is available (SWR_SYNC_KEY, or "swr keygen" on the machine that pushed)'
    )
  const plain =
    env.format === SYNC_FORMAT_V1 ? await openV1(env, seed) : await openV2(env as V2, seed)
  return { bundle: parseBundle(plain), sealed: true }
}

type V2 = Extract<Envelope, { format: typeof SYNC_FORMAT; sealed: true }>
type V1 = Extract<Envelope, { format: typeof SYNC_FORMAT_V1; sealed: true }>

function b64(v: unknown, what: string): ArrayBuffer {
  if (typeof v !== 'string') throw refuse(`malformed ${what}`)
  return ab(Buffer.from(v, 'base64'))
}

/** This machine's HPKE recipient context for one sealed slot (`enc`: its encapsulated key). */
async function recipientFor(seed: Uint8Array, enc: ArrayBuffer, info: Uint8Array) {
  const s = await suite()
  const kp = await s.kem.deriveKeyPair(ab(seed))
  return s.createRecipientContext({ recipientKey: kp.privateKey, enc, info })
}

async function openV1(env: V1, seed: Uint8Array): Promise<string> {
  if (env.suite !== SUITE_NAME) throw refuse(`unknown suite ${String(env.suite).slice(0, 80)}`)
  if (env.recipient !== recipientId(await syncPublicKey(seed)))
    throw refuse('it is sealed to another sync key')
  try {
    const recipient = await recipientFor(seed, b64(env.enc, 'enc'), INFO_V1)
    return new TextDecoder().decode(await recipient.open(b64(env.ct, 'ciphertext')))
  } catch {
    throw refuse('it does not open (altered in transit or storage)')
  }
}

async function openV2(env: V2, seed: Uint8Array): Promise<string> {
  if (env.suite !== SUITE_V2) throw refuse(`unknown suite ${String(env.suite).slice(0, 80)}`)
  if (!Array.isArray(env.recipients) || env.recipients.length > MAX_RECIPIENTS)
    throw refuse('malformed recipient list')
  const mine = recipientId(await syncPublicKey(seed))
  const slot = env.recipients.find(r => r?.id === mine)
  if (!slot) throw refuse('it is sealed to another sync key')
  const iv = Buffer.from(b64(env.iv, 'iv'))
  const ct = Buffer.from(b64(env.ct, 'ciphertext'))
  if (iv.length !== 12 || ct.length < 16) throw refuse('it does not open (malformed ciphertext)')
  try {
    const recipient = await recipientFor(seed, b64(slot.enc, 'enc'), INFO)
    const contentKey = Buffer.from(await recipient.open(b64(slot.key, 'sealed key'), ab(iv)))
    const decipher = createDecipheriv('aes-256-gcm', contentKey, iv)
    decipher.setAAD(Buffer.from(SYNC_FORMAT))
    decipher.setAuthTag(ct.subarray(ct.length - 16))
    const plain = Buffer.concat([decipher.update(ct.subarray(0, ct.length - 16)), decipher.final()])
    contentKey.fill(0)
    return plain.toString('utf8')
  } catch {
    throw refuse('it does not open (altered in transit or storage)')
  }
}

/** The cache key family for one manifest: the newest push wins on pull. */
export function syncKeyPrefix(scope: string): string {
  return `swr-manifest-v1-${createHash('sha256').update(scope).digest('hex').slice(0, 16)}-`
}

export function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex')
}
