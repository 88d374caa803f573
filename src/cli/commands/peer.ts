/**
 * `swr peer add|list|remove|mine`: the machines a pushed copy may be sealed to. `mine` prints this
 * machine's sync public key (to give to others) and its fingerprint (to compare out of band).
 */
import type { Command } from 'commander'
import { EXIT, type ExitCode, SwrError, sign, sync } from '../../core/index.js'
import type { CliIo } from '../io.js'
import { stateDir, withGlobals, type GlobalOptions } from '../options.js'
import type { CommandContext } from '../command.js'

function print(io: CliIo, flags: GlobalOptions, json: object, text: string): ExitCode {
  io.stdout.write(flags.json ? JSON.stringify(json) + '\n' : text)
  return EXIT.HEALTHY
}

function add(name: string, key: string, flags: GlobalOptions, io: CliIo): ExitCode {
  const { peer: p, added } = sync.addPeer(stateDir(io), name, key)
  return print(
    io,
    flags,
    { schema: 'swr.peer/1', name: p.name, fingerprint: p.fingerprint, added },
    `${added ? 'added' : 'already known:'} peer ${p.name} (fingerprint ${p.fingerprint}); compare it with theirs out of band\n`
  )
}

function list(flags: GlobalOptions, io: CliIo): ExitCode {
  const peers = sync.loadPeers(stateDir(io))
  return print(
    io,
    flags,
    {
      schema: 'swr.peers/1',
      peers: peers.map(p => ({ name: p.name, fingerprint: p.fingerprint }))
    },
    peers.length ? peers.map(p => `${p.fingerprint}  ${p.name}\n`).join('') : 'no peers\n'
  )
}

function remove(name: string, flags: GlobalOptions, io: CliIo): ExitCode {
  const p = sync.removePeer(stateDir(io), name)
  return print(
    io,
    flags,
    { schema: 'swr.peer/1', name: p.name, removed: true },
    `removed peer ${p.name}\n`
  )
}

async function mine(flags: GlobalOptions, io: CliIo): Promise<ExitCode> {
  const seed = sign.loadSyncSeed(stateDir(io), io.env.SWR_SYNC_KEY)
  if (!seed)
    throw new SwrError(
      'no sync key: create one with "swr keygen" (or set SWR_SYNC_KEY)',
      EXIT.UNREPAIRABLE
    )
  const pub = await sync.syncPublicKey(seed)
  const key = pub.toString('base64')
  return print(
    io,
    flags,
    { schema: 'swr.peer-key/1', key, fingerprint: sync.recipientId(pub) },
    `fingerprint ${sync.recipientId(pub)}\n${key}\n`
  )
}

export function registerPeer(program: Command, { io, run }: CommandContext): void {
  const peer = program
    .command('peer')
    .description('the machines "swr push --to-peer" seals copies to (their sync public keys)')
  withGlobals(peer.command('add'))
    .description('add a peer under a name (never replaces another key under that name)')
    .argument('<name>', 'letters, digits, ".", "_" or "-"')
    .argument('<pubkey>', 'the peer\'s "swr peer mine" key (base64; spaces allowed)')
    .action((name: string, key: string, flags: GlobalOptions) =>
      run(() => add(name, key, flags, io))
    )
  withGlobals(peer.command('list'))
    .description('list peers and their fingerprints')
    .action((flags: GlobalOptions) => run(() => list(flags, io)))
  withGlobals(peer.command('remove'))
    .description('forget a peer')
    .argument('<name>')
    .action((name: string, flags: GlobalOptions) => run(() => remove(name, flags, io)))
  withGlobals(peer.command('mine'))
    .description("print this machine's sync public key (give it to peers) and its fingerprint")
    .action((flags: GlobalOptions) => run(() => mine(flags, io)))
}
