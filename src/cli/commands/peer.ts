/**
 * `swr peer add|list|remove|mine`: the machines a pushed copy may be sealed to. `mine` prints this
 * machine's sync public key (to give to others) and its fingerprint (to compare out of band).
 */
import type { Command } from 'commander'
import { EXIT, SwrError, type ExitCode } from '../../core/index.js'
import { loadSyncSeed } from '../../core/sign/keys.js'
import { recipientId, syncPublicKey } from '../../core/sync/bundle.js'
import { addPeer, loadPeers, removePeer } from '../../core/sync/peers.js'
import type { CliIo } from '../io.js'
import { stateDir, type GlobalOptions } from '../options.js'

function print(io: CliIo, flags: GlobalOptions, json: object, text: string): ExitCode {
  io.stdout.write(flags.json ? JSON.stringify(json) + '\n' : text)
  return EXIT.HEALTHY
}

export function registerPeerCommands(
  program: Command,
  io: CliIo,
  done: (code: ExitCode) => void,
  withGlobals: (c: Command) => Command
): void {
  const peer = program
    .command('peer')
    .description('the machines "swr push --to-peer" seals copies to (their sync public keys)')
  withGlobals(peer.command('add'))
    .description('add a peer under a name (never replaces another key under that name)')
    .argument('<name>', 'letters, digits, ".", "_" or "-"')
    .argument('<pubkey>', 'the peer\'s "swr peer mine" key (base64; spaces allowed)')
    .action((name: string, key: string, flags: GlobalOptions) => {
      const { peer: p, added } = addPeer(stateDir(io), name, key)
      done(
        print(
          io,
          flags,
          { schema: 'swr.peer/1', name: p.name, fingerprint: p.fingerprint, added },
          `${added ? 'added' : 'already known:'} peer ${p.name} (fingerprint ${p.fingerprint}); compare it with theirs out of band\n`
        )
      )
    })
  withGlobals(peer.command('list'))
    .description('list peers and their fingerprints')
    .action((flags: GlobalOptions) => {
      const peers = loadPeers(stateDir(io))
      done(
        print(
          io,
          flags,
          {
            schema: 'swr.peers/1',
            peers: peers.map(p => ({ name: p.name, fingerprint: p.fingerprint }))
          },
          peers.length ? peers.map(p => `${p.fingerprint}  ${p.name}\n`).join('') : 'no peers\n'
        )
      )
    })
  withGlobals(peer.command('remove'))
    .description('forget a peer')
    .argument('<name>')
    .action((name: string, flags: GlobalOptions) => {
      const p = removePeer(stateDir(io), name)
      done(
        print(
          io,
          flags,
          { schema: 'swr.peer/1', name: p.name, removed: true },
          `removed peer ${p.name}\n`
        )
      )
    })
  withGlobals(peer.command('mine'))
    .description("print this machine's sync public key (give it to peers) and its fingerprint")
    .action(async (flags: GlobalOptions) => {
      const seed = loadSyncSeed(stateDir(io), io.env.SWR_SYNC_KEY)
      if (!seed)
        throw new SwrError(
          'no sync key: create one with "swr keygen" (or set SWR_SYNC_KEY)',
          EXIT.UNREPAIRABLE
        )
      const pub = await syncPublicKey(seed)
      const key = pub.toString('base64')
      done(
        print(
          io,
          flags,
          { schema: 'swr.peer-key/1', key, fingerprint: recipientId(pub) },
          `fingerprint ${recipientId(pub)}\n${key}\n`
        )
      )
    })
}
