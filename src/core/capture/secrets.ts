/**
 * Which files hold secrets. A secret is tracked by hash only (a tier-0 file entry: its loss is
 * noticed and named) and never escrowed: escrowed bytes travel inside the manifest, which is
 * committed, pushed and shared, and a manifest is not a vault.
 *
 * A file is a secret by where it is (swr's own state directory: its HMAC key, ML-DSA and sync
 * seeds), by name (files that exist to hold a credential: ssh keys, netrc, the logins of git, gh,
 * PyPI, cargo, cloud CLIs and coding agents, `*.pem`, `*.key`), or by content: a PEM, OpenSSH or
 * PGP private-key header, a token shape the recipe-output scrubber masks, or what a secret scan
 * finds (secret-scan.ts). Files that often hold a credential but often do not (`.npmrc`, `.env`,
 * `.envrc`, a kubeconfig, a docker or podman `config.json`/`auth.json`) are judged by content, so
 * one without credentials can be escrowed. `add` judges with swr's own rules (nothing to load);
 * escrow passes the full scan. Content is judged on the file's first SNIFF_BYTES when only a
 * class is wanted, and on every byte escrow would embed.
 */
import fs from 'node:fs'
import path from 'node:path'
import { isInside } from '../fs/inside.js'
import { hasTokenShape } from '../exec/scrub.js'
import { ownSecretScan } from './secret-scan.js'
import { type SecretScan } from '../exec/scrub.js'

/** The note a secret's entry carries when it was added without one. */
export const SECRET_NOTE =
  'secret: tracked by hash only and never escrowed; restore it from where it was issued'

/** Bytes read from the head of a file to judge its content. */
export const SNIFF_BYTES = 64 * 1024

/** File names that are credentials wherever they are. */
const SECRET_NAMES = new Set([
  '.netrc',
  '_netrc',
  '.git-credentials',
  '.pgpass',
  '.pypirc',
  '.vault-token',
  '.credentials.json',
  'oauth_creds.json',
  'credentials.toml',
  'id_rsa',
  'id_dsa',
  'id_ecdsa',
  'id_ed25519',
  'id_ecdsa_sk',
  'id_ed25519_sk'
])

/** Extensions of key and certificate-bundle files. */
const SECRET_EXTENSIONS = /\.(pem|key|p12|pfx|jks|keystore|ppk)$/i

/** Paths (relative, ending a manifest path) that are credentials in one tool's directory. */
const SECRET_SUFFIXES = [
  '.codex/auth.json',
  'gh/hosts.yml',
  '.aws/credentials',
  '.cargo/credentials',
  'gcloud/credentials.db',
  'gcloud/application_default_credentials.json'
]

/** Directories whose every file is secret. */
const SECRET_DIRS = new Set(['.gnupg'])

/** What may sit in ~/.ssh without being a private key. */
const SSH_PUBLIC = new Set(['config', 'known_hosts', 'known_hosts.old', 'authorized_keys'])

/** PEM ("RSA", "EC", "ENCRYPTED", none), OpenSSH and PGP private-key armour. */
const PRIVATE_KEY_HEADER = /-----BEGIN (?:[A-Z0-9]+ ){0,4}PRIVATE KEY(?: BLOCK)?-----/

/** True when `rel` (a manifest path) names a file that must never be escrowed. */
export function isSecretPath(rel: string): boolean {
  const segs = rel.split('/')
  const name = segs[segs.length - 1] ?? ''
  const parent = segs[segs.length - 2]
  if (segs.slice(0, -1).some(s => SECRET_DIRS.has(s))) return true
  if (SECRET_SUFFIXES.some(s => rel === s || rel.endsWith(`/${s}`))) return true
  if (SECRET_NAMES.has(name) || SECRET_EXTENSIONS.test(name)) return true
  // Any key ssh-keygen or a person put into .ssh (id_work, deploy_github); .pub is public.
  return parent === '.ssh' && !name.endsWith('.pub') && !SSH_PUBLIC.has(name)
}

/**
 * Why these bytes are a secret (a private key, a token, what `scan` finds: its rule names, never
 * the value), or undefined. `rel` lets file-type rules apply (dotenv, .npmrc, .json).
 */
export function secretContent(
  bytes: Uint8Array,
  scan: SecretScan = ownSecretScan,
  rel?: string
): string | undefined {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1')
  if (PRIVATE_KEY_HEADER.test(text)) return 'holds a private key'
  if (hasTokenShape(text)) return 'holds a token or a password'
  const rules = [...new Set(scan(text, rel).map(f => f.rule))]
  return rules.length > 0 ? `holds a secret (${rules.join(', ')})` : undefined
}

/** The first `max` bytes of a regular file, read without following a symlink. */
export function readHead(abs: string, max = SNIFF_BYTES): Buffer {
  const fd = fs.openSync(
    abs,
    fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW | fs.constants.O_NONBLOCK
  )
  try {
    if (!fs.fstatSync(fd).isFile()) return Buffer.alloc(0)
    const buf = Buffer.alloc(max)
    let got = 0
    while (got < max) {
      const n = fs.readSync(fd, buf, got, max - got, got)
      if (n === 0) break
      got += n
    }
    return buf.subarray(0, got)
  } finally {
    fs.closeSync(fd)
  }
}

function realOrResolved(p: string): string {
  try {
    return fs.realpathSync(p)
  } catch {
    return path.resolve(p)
  }
}

export interface SecretQuestion {
  /** Manifest path. */
  rel: string
  /** Where it is on disk (for the state-directory and content rules). */
  abs?: string
  /** swr's state directory: every file under it is a secret. */
  stateDir?: string
  /** Bytes already read; otherwise the head of `abs` is read. */
  bytes?: Uint8Array
  /** How content is judged; swr's own rules when not given (escrow passes the full scan). */
  scan?: SecretScan
}

/** Why the file is a secret, in a few words, or undefined when it is not one. */
export function secretReason(q: SecretQuestion): string | undefined {
  if (q.abs && q.stateDir && isInside(realOrResolved(q.stateDir), realOrResolved(q.abs)))
    return "is in swr's state directory"
  if (isSecretPath(q.rel)) return 'is a credential by name'
  let bytes = q.bytes
  if (!bytes && q.abs) {
    try {
      bytes = readHead(q.abs)
    } catch {
      return undefined
    }
  }
  return bytes ? secretContent(bytes, q.scan, q.rel) : undefined
}
