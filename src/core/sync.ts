/**
 * Off-box copies of the recipe book: the signed manifest with its tree indexes, packed into one
 * bundle that `swr push` saves to the Actions cache and `swr pull` brings back after a wipe.
 *
 * A manifest that carries escrowed bytes never leaves the machine in clear: the bundle is sealed
 * with HPKE (RFC 9180) using the X-Wing hybrid post-quantum KEM (ML-KEM-768 + X25519, a registered
 * HPKE KEM), HKDF-SHA256 and AES-256-GCM, to this machine's sync key. Sealing is not trust: a
 * pulled manifest is still verified (strict parse, schema, signatures through the gate) before
 * anything writes or runs it.
 */
import { createHash } from 'node:crypto'
import { EXIT, SwrError } from './errors.js'

export const SYNC_FORMAT = 'swr-sync/1'
const SUITE_NAME = 'HPKE(X-Wing, HKDF-SHA256, AES-256-GCM)'
const INFO = new TextEncoder().encode('swr manifest bundle v1')
export const MAX_BUNDLE_BYTES = 96 * 1024 * 1024

export interface Bundle {
  /** The manifest file's exact text (signatures included). */
  manifest: string
  /** Tree id → the index sidecar's bytes, base64. */
  trees: Record<string, string>
}

type Envelope =
  | { format: typeof SYNC_FORMAT; sealed: false; bundle: Bundle }
  | {
      format: typeof SYNC_FORMAT
      sealed: true
      suite: string
      enc: string
      ct: string
      recipient: string
    }

async function suite() {
  const [{ CipherSuite, HkdfSha256, Aes256Gcm }, { XWing }] = await Promise.all([
    import('@hpke/core'),
    import('@hpke/hybridkem-x-wing')
  ])
  return new CipherSuite({ kem: new XWing(), kdf: new HkdfSha256(), aead: new Aes256Gcm() })
}

/** A short, non-secret name of the recipient key (to tell "wrong key" from "damaged"). */
async function recipientId(seed: Uint8Array): Promise<string> {
  const s = await suite()
  const kp = await s.kem.deriveKeyPair(new Uint8Array(seed).buffer)
  const pub = new Uint8Array(await s.kem.serializePublicKey(kp.publicKey))
  return createHash('sha256').update('swr-sync-recipient\0').update(pub).digest('hex').slice(0, 16)
}

/** Pack, sealing when `seed` is given (always required when the manifest carries escrow). */
export async function packBundle(bundle: Bundle, seed: Uint8Array | undefined): Promise<Buffer> {
  if (!seed)
    return Buffer.from(
      JSON.stringify({ format: SYNC_FORMAT, sealed: false, bundle } satisfies Envelope)
    )
  const s = await suite()
  const kp = await s.kem.deriveKeyPair(new Uint8Array(seed).buffer)
  const sender = await s.createSenderContext({ recipientPublicKey: kp.publicKey, info: INFO })
  const ct = await sender.seal(new TextEncoder().encode(JSON.stringify(bundle)))
  const env: Envelope = {
    format: SYNC_FORMAT,
    sealed: true,
    suite: SUITE_NAME,
    enc: Buffer.from(sender.enc).toString('base64'),
    ct: Buffer.from(ct).toString('base64'),
    recipient: await recipientId(seed)
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
    Object.values(b.trees).every(x => typeof x === 'string')
  )
}

/** Unpack (and open, with `seed`) a bundle; every malformed or unopenable input is a clean refusal. */
export async function unpackBundle(bytes: Buffer, seed: Uint8Array | undefined): Promise<Bundle> {
  if (bytes.length > MAX_BUNDLE_BYTES)
    throw refuse(`${bytes.length} bytes, over the ${MAX_BUNDLE_BYTES}-byte limit`)
  let env: Envelope
  try {
    env = JSON.parse(bytes.toString('utf8')) as Envelope
  } catch {
    throw refuse('not a bundle')
  }
  if (env?.format !== SYNC_FORMAT)
    throw refuse(`unknown format ${String((env as { format?: unknown })?.format)}`)
  if (!env.sealed) {
    if (!isBundle(env.bundle)) throw refuse('malformed bundle')
    return env.bundle
  }
  if (!seed)
    throw refuse(
      'it is sealed and no sync key is available (SWR_SYNC_KEY, or "swr keygen" on the machine that pushed)'
    )
  if (env.suite !== SUITE_NAME) throw refuse(`unknown suite ${env.suite}`)
  if (env.recipient !== (await recipientId(seed))) throw refuse('it is sealed to another sync key')
  let plain: ArrayBuffer
  try {
    const s = await suite()
    const kp = await s.kem.deriveKeyPair(new Uint8Array(seed).buffer)
    const enc = Buffer.from(env.enc, 'base64')
    const recipient = await s.createRecipientContext({
      recipientKey: kp.privateKey,
      enc: new Uint8Array(enc).buffer,
      info: INFO
    })
    plain = await recipient.open(new Uint8Array(Buffer.from(env.ct, 'base64')).buffer)
  } catch {
    throw refuse('it does not open (altered in transit or storage)')
  }
  let bundle: unknown
  try {
    bundle = JSON.parse(new TextDecoder().decode(plain))
  } catch {
    throw refuse('malformed bundle')
  }
  if (!isBundle(bundle)) throw refuse('malformed bundle')
  return bundle
}

/** The cache key family for one manifest: the newest push wins on pull. */
export function syncKeyPrefix(scope: string): string {
  return `swr-manifest-v1-${createHash('sha256').update(scope).digest('hex').slice(0, 16)}-`
}
