/**
 * Key material on this machine, in the private state directory only (never the workspace):
 * `keys/hmac.key` and `keys/mldsa87.seed`, 64 hex digits each, mode 0600. A key file that others
 * can read is refused rather than used.
 */
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { SwrError, EXIT, errnoCode } from '../errors.js'
import { stageFile, type Staged } from '../state/atomic.js'
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

/** Fresh key material: 32 random bytes, written as 64 hex digits. */
export function newKey(): Buffer {
  return randomBytes(32)
}

/** One file of a key set: a secret (0600, never replacing a file) or a public key (replaced). */
export interface KeyFile {
  name: string
  text: string
  public?: boolean
}

export function secretKeyFile(name: string, bytes: Buffer): KeyFile {
  return { name, text: bytes.toString('hex') + '\n' }
}

/**
 * Create a set of key files all or nothing: every file is written and synced under a temporary
 * name first, and only when all of them are on disk are they moved in, in the order given (put
 * the file whose presence makes a rerun refuse last). A failure (a full disk, a key created
 * meanwhile) removes what this call moved in and every temporary file, so no new key file is left
 * and a rerun starts from where this one did. An existing secret key file is never replaced.
 */
export function createKeyFiles(stateDir: string, files: readonly KeyFile[]): void {
  ensurePrivateDir(stateDir, 'keys')
  const staged: Staged[] = []
  const placed: string[] = []
  try {
    for (const f of files)
      staged.push(
        stageFile(keyPath(stateDir, f.name), f.text, {
          mode: f.public ? 0o644 : 0o600,
          exclusive: !f.public
        })
      )
    for (const s of staged) {
      try {
        s.commit()
      } catch (err) {
        // Another keygen got there between our check and now: its key stays, ours goes.
        throw errnoCode(err) === 'EEXIST' ? alreadyExists(s.file) : err
      }
      placed.push(s.file)
    }
  } catch (err) {
    for (const s of staged) s.discard()
    for (const p of placed) fs.rmSync(p, { force: true })
    throw err
  }
}

export function alreadyExists(file: string): SwrError {
  return new SwrError(`${file} already exists: keygen never replaces a key`, EXIT.BAD_MANIFEST)
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
