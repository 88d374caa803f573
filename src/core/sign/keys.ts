/**
 * Key material on this machine, in the private state directory only (never the workspace):
 * `keys/hmac.key` and `keys/mldsa87.seed`, 64 hex digits each, mode 0600. A key file that others
 * can read is refused rather than used.
 */
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { SwrError, EXIT, errnoCode } from '../errors.js'
import { writeFileAtomic } from '../state/atomic.js'
import { ensurePrivateDir } from '../state/state-dir.js'
import { parseHmacKey } from './hmac.js'

export const HMAC_KEY_FILE = 'hmac.key'
export const IDENTITY_FILE = 'mldsa87.seed'
/** The seed of this machine's X-Wing key, which seals pushed manifests (see sync.ts). */
export const SYNC_KEY_FILE = 'sync.seed'

export function keyPath(stateDir: string, name: string): string {
  return path.join(stateDir, 'keys', name)
}

/** The contents of a private key file, or undefined when it does not exist. */
function readPrivate(file: string): string | undefined {
  let st: fs.Stats
  try {
    st = fs.lstatSync(file)
  } catch (err) {
    if (errnoCode(err) === 'ENOENT') return undefined
    throw err
  }
  if (!st.isFile()) throw new SwrError(`${file}: key file is not a regular file`, EXIT.UNREPAIRABLE)
  if ((st.mode & 0o077) !== 0) {
    const mode = (st.mode & 0o777).toString(8)
    throw new SwrError(
      `${file}: key file is readable by others (mode 0${mode}); run chmod 600 on it`,
      EXIT.UNREPAIRABLE
    )
  }
  return fs.readFileSync(file, 'utf8')
}

export type HmacSource = { key: Buffer; source: 'env' | 'file' | 'input' }

/** SWR_HMAC_KEY (passed in by the shell) wins over the key file. */
export function loadHmacKey(stateDir: string, envValue?: string): HmacSource | undefined {
  if (envValue !== undefined && envValue !== '') {
    const key = parseHmacKey(envValue)
    if (!key)
      throw new SwrError(
        'SWR_HMAC_KEY must be 64 hex digits or at least 32 characters',
        EXIT.BAD_MANIFEST
      )
    return { key, source: 'env' }
  }
  const text = readPrivate(keyPath(stateDir, HMAC_KEY_FILE))
  if (text === undefined) return undefined
  const key = parseHmacKey(text)
  if (!key)
    throw new SwrError(`${keyPath(stateDir, HMAC_KEY_FILE)}: not a valid key`, EXIT.UNREPAIRABLE)
  return { key, source: 'file' }
}

export function loadIdentitySeed(stateDir: string): Buffer | undefined {
  const text = readPrivate(keyPath(stateDir, IDENTITY_FILE))
  if (text === undefined) return undefined
  if (!/^[0-9a-f]{64}\s*$/.test(text))
    throw new SwrError(`${keyPath(stateDir, IDENTITY_FILE)}: not a valid seed`, EXIT.UNREPAIRABLE)
  return Buffer.from(text.trim(), 'hex')
}

/** Create a new random key file; refuses to replace an existing one. */
export function createKeyFile(stateDir: string, name: string): Buffer {
  ensurePrivateDir(stateDir, 'keys')
  const bytes = randomBytes(32)
  try {
    writeFileAtomic(keyPath(stateDir, name), bytes.toString('hex') + '\n', {
      mode: 0o600,
      exclusive: true
    })
  } catch (err) {
    if (errnoCode(err) === 'EEXIST') {
      throw new SwrError(
        `${keyPath(stateDir, name)} already exists: keygen never replaces a key`,
        EXIT.BAD_MANIFEST
      )
    }
    throw err
  }
  return bytes
}

/** The sync key's seed: SWR_SYNC_KEY (64 hex digits) wins over the key file. */
export function loadSyncSeed(stateDir: string, envValue?: string): Buffer | undefined {
  if (envValue !== undefined && envValue !== '') {
    if (!/^[0-9a-fA-F]{64}$/.test(envValue.trim()))
      throw new SwrError('SWR_SYNC_KEY must be 64 hex digits', EXIT.BAD_MANIFEST)
    return Buffer.from(envValue.trim(), 'hex')
  }
  const text = readPrivate(keyPath(stateDir, SYNC_KEY_FILE))
  if (text === undefined) return undefined
  if (!/^[0-9a-f]{64}\s*$/.test(text))
    throw new SwrError(`${keyPath(stateDir, SYNC_KEY_FILE)}: not a valid seed`, EXIT.UNREPAIRABLE)
  return Buffer.from(text.trim(), 'hex')
}
