/** `swr trust add|list|remove|mine`: the local trust store of ML-DSA signers. */
import fs from 'node:fs'
import { EXIT, type ExitCode, SwrError, sign } from '../../core/index.js'
import type { CliIo } from '../io.js'
import { stateDir, type GlobalOptions, withGlobals } from '../options.js'
import { OWN_PUBLIC_KEY_FILE } from '../trust-context.js'
import type { Command } from 'commander'
import type { CommandContext } from '../command.js'

export function trustAdd(fp: string, name: string, flags: GlobalOptions, io: CliIo): ExitCode {
  const s = sign.addTrusted(stateDir(io), fp, name, new Date())
  if (flags.json) io.stdout.write(JSON.stringify({ schema: 'swr.trust/1', added: s }) + '\n')
  else io.stdout.write(`trusted ${s.name}: ${sign.groupFingerprint(s.fingerprint)}\n`)
  return EXIT.HEALTHY
}

export function trustList(flags: GlobalOptions, io: CliIo): ExitCode {
  const signers = sign.readTrustStore(stateDir(io))
  if (flags.json)
    io.stdout.write(JSON.stringify({ schema: 'swr.trust/1', signers }, null, 2) + '\n')
  else if (signers.length === 0)
    io.stdout.write('no trusted signers (this machine trusts its own identity implicitly)\n')
  else
    for (const s of signers)
      io.stdout.write(
        `${s.name.padEnd(20)} ${sign.groupFingerprint(s.fingerprint)}  (added ${s.added})\n`
      )
  return EXIT.HEALTHY
}

export function trustRemove(what: string, flags: GlobalOptions, io: CliIo): ExitCode {
  const removed = sign.removeTrusted(stateDir(io), what)
  if (flags.json) io.stdout.write(JSON.stringify({ schema: 'swr.trust/1', removed }) + '\n')
  else
    for (const s of removed)
      io.stdout.write(`removed ${s.name}: ${sign.groupFingerprint(s.fingerprint)}\n`)
  return EXIT.HEALTHY
}

export function trustMine(flags: GlobalOptions, io: CliIo): ExitCode {
  let text: string
  try {
    text = fs.readFileSync(sign.keyPath(stateDir(io), OWN_PUBLIC_KEY_FILE), 'utf8')
  } catch {
    throw new SwrError('this machine has no ML-DSA identity: run "swr keygen"', EXIT.BAD_MANIFEST)
  }
  const [fp = '', pub = ''] = text.split('\n')
  if (flags.json)
    io.stdout.write(
      JSON.stringify({ schema: 'swr.trust/1', fingerprint: fp, public_key: pub }) + '\n'
    )
  else
    io.stdout.write(
      `fingerprint: ${sign.groupFingerprint(fp)}\npublic key (base64, ${Buffer.from(pub, 'base64').length} bytes):\n${pub}\n`
    )
  return EXIT.HEALTHY
}

export function registerTrust(program: Command, { io, run }: CommandContext): void {
  const trust = program
    .command('trust')
    .description('manage the ML-DSA signers this machine trusts')
  withGlobals(trust.command('add'))
    .description('trust a signer')
    .argument('<fingerprint>', '64 hex digits (spaces allowed)')
    .argument('<name>', 'a name to show for the signer')
    .action((fp: string, name: string, flags: GlobalOptions) =>
      run(() => trustAdd(fp, name, flags, io))
    )
  withGlobals(trust.command('list'))
    .description('list trusted signers')
    .action((flags: GlobalOptions) => run(() => trustList(flags, io)))
  withGlobals(trust.command('remove'))
    .description('stop trusting a signer')
    .argument('<fingerprint-or-name>')
    .action((what: string, flags: GlobalOptions) => run(() => trustRemove(what, flags, io)))
  withGlobals(trust.command('mine'))
    .description("print this machine's fingerprint and public key, to share")
    .action((flags: GlobalOptions) => run(() => trustMine(flags, io)))
}
