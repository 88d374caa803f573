/**
 * Named peers: other machines' sync public keys (X-Wing), so `swr push --to-peer NAME` seals a copy
 * that they can open. Kept in the private state directory (`sync/peers.json`); a key is added once
 * under a name and never silently replaced. Fingerprints (the recipient id) are for checking a key
 * out of band: a key taken on trust is encryption to whoever handed it over.
 */
import fs from 'node:fs'
import path from 'node:path'
import { EXIT, SwrError, UsageError, errnoCode } from '../errors.js'
import { writeFileAtomic } from '../state/atomic.js'
import { ensurePrivateDir } from '../state/state-dir.js'
import { parsePublicKey, recipientId } from './bundle.js'
import { NAME_RE } from './store.js'

const FILE = 'peers.json'
const MAX_PEERS = 256

export interface Peer {
  name: string
  key: Buffer
  fingerprint: string
}

function file(stateDir: string): string {
  return path.join(stateDir, 'sync', FILE)
}

export function loadPeers(stateDir: string): Peer[] {
  let text: string
  try {
    const st = fs.lstatSync(file(stateDir))
    if (!st.isFile() || st.size > 1 << 20)
      throw new SwrError(`${file(stateDir)}: not a regular file under 1 MiB`, EXIT.UNREPAIRABLE)
    text = fs.readFileSync(file(stateDir), 'utf8')
  } catch (err) {
    if (errnoCode(err) === 'ENOENT') return []
    throw err
  }
  let doc: { peers?: Record<string, unknown> }
  try {
    doc = JSON.parse(text) as typeof doc
  } catch {
    throw new SwrError(`${file(stateDir)}: not JSON`, EXIT.UNREPAIRABLE)
  }
  return Object.entries(doc.peers ?? {}).map(([name, v]) => {
    const key = typeof v === 'string' ? parsePublicKey(v) : undefined
    if (!key || !NAME_RE.test(name))
      throw new SwrError(
        `${file(stateDir)}: peer "${name.slice(0, 64)}" is malformed`,
        EXIT.UNREPAIRABLE
      )
    return { name, key, fingerprint: recipientId(key) }
  })
}

function save(stateDir: string, peers: Peer[]): void {
  ensurePrivateDir(stateDir, 'sync')
  const doc = {
    format: 'swr-peers/1',
    peers: Object.fromEntries(peers.map(p => [p.name, p.key.toString('base64')]))
  }
  writeFileAtomic(file(stateDir), JSON.stringify(doc, null, 2) + '\n', { mode: 0o600 })
}

/** Add a peer; the same key under the same name again is a no-op, anything else a refusal. */
export function addPeer(
  stateDir: string,
  name: string,
  keyText: string
): { peer: Peer; added: boolean } {
  if (!NAME_RE.test(name))
    throw new UsageError(
      `bad peer name ${JSON.stringify(name.slice(0, 64))}: use letters, digits, ".", "_" or "-"`
    )
  const key = parsePublicKey(keyText)
  if (!key)
    throw new UsageError('not a sync public key (base64 of 1216 bytes, as "swr peer mine" prints)')
  const peers = loadPeers(stateDir)
  const peer = { name, key, fingerprint: recipientId(key) }
  const same = peers.find(p => p.name === name)
  if (same) {
    if (same.key.equals(key)) return { peer: same, added: false }
    throw new UsageError(`peer "${name}" already has another key: remove it first`)
  }
  if (peers.length >= MAX_PEERS) throw new UsageError(`at most ${MAX_PEERS} peers`)
  save(stateDir, [...peers, peer])
  return { peer, added: true }
}

export function removePeer(stateDir: string, name: string): Peer {
  const peers = loadPeers(stateDir)
  const gone = peers.find(p => p.name === name)
  if (!gone) throw new UsageError(`no peer named "${name.slice(0, 64)}"`)
  save(
    stateDir,
    peers.filter(p => p !== gone)
  )
  return gone
}

export function findPeer(stateDir: string, name: string): Peer {
  const p = loadPeers(stateDir).find(x => x.name === name)
  if (!p) throw new UsageError(`no peer named "${name.slice(0, 64)}" (add it with "swr peer add")`)
  return p
}
