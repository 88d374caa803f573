/**
 * `swr keygen`, `swr sign`, `swr verify`: key creation, and the flags and printing of the engine's
 * signing (the edit session) and signature (the gate's decision) use cases.
 */
import fs from 'node:fs'
import {
  cosignManifest,
  escapeText,
  EXIT,
  type ExitCode,
  type LoadedManifest,
  loadManifest,
  type ManifestBody,
  type ManifestDocument,
  outcomeOf,
  type SignaturesRun,
  signerWords,
  signManifest,
  stateWords,
  UsageError,
  verifySignatures,
  sign
} from '../../core/index.js'
import type { CliIo } from '../io.js'
import {
  manifestLocation,
  stateDir,
  type GlobalOptions,
  approveOption,
  collect,
  lockOption,
  trustOptions,
  withGlobals
} from '../options.js'
import { buildPolicy, OWN_PUBLIC_KEY_FILE, type TrustFlags } from '../trust-context.js'
import { editSession } from '../edit.js'
import type { Command } from 'commander'
import type { CommandContext } from '../command.js'
import type { LockFlags } from '../lock.js'

export interface KeygenFlags extends GlobalOptions {
  hmac: boolean
  mldsa: boolean
  sync: boolean
}

export async function keygenCommand(flags: KeygenFlags, io: CliIo): Promise<ExitCode> {
  const dir = stateDir(io)
  if (!flags.hmac && !flags.mldsa)
    throw new UsageError('nothing to create: --no-hmac and --no-mldsa together')
  const exists = (name: string): boolean => fs.existsSync(sign.keyPath(dir, name))
  if (flags.mldsa && exists(sign.IDENTITY_FILE))
    throw sign.alreadyExists(sign.keyPath(dir, sign.IDENTITY_FILE))
  if (flags.hmac && !flags.mldsa && exists(sign.HMAC_KEY_FILE))
    throw sign.alreadyExists(sign.keyPath(dir, sign.HMAC_KEY_FILE))
  const made: Record<string, string> = {}
  const identity: sign.KeyFile[] = []
  if (flags.mldsa) {
    const seed = sign.newKey()
    const id = await sign.identityFromSeed(seed)
    identity.push(
      {
        name: OWN_PUBLIC_KEY_FILE,
        text: `${id.fingerprint}\n${Buffer.from(id.publicKey).toString('base64')}\n`,
        public: true
      },
      sign.secretKeyFile(sign.IDENTITY_FILE, seed)
    )
    made.mldsa_fingerprint = id.fingerprint
    made.mldsa_seed = sign.keyPath(dir, sign.IDENTITY_FILE)
  }
  const files: sign.KeyFile[] = []
  if (flags.hmac && !exists(sign.HMAC_KEY_FILE)) {
    files.push(sign.secretKeyFile(sign.HMAC_KEY_FILE, sign.newKey()))
    made.hmac_key = sign.keyPath(dir, sign.HMAC_KEY_FILE)
  }
  if (flags.sync && !exists(sign.SYNC_KEY_FILE)) {
    files.push(sign.secretKeyFile(sign.SYNC_KEY_FILE, sign.newKey()))
    made.sync_key = sign.keyPath(dir, sign.SYNC_KEY_FILE)
  }
  // All or nothing, the identity's seed last: its presence is what makes a rerun refuse, so even
  // a keygen killed while moving files in leaves only files a rerun completes or replaces.
  sign.createKeyFiles(dir, [...files, ...identity])
  if (flags.json)
    io.stdout.write(JSON.stringify({ schema: 'swr.keygen/1', ...made }, null, 2) + '\n')
  else {
    if (made.mldsa_fingerprint) {
      io.stdout.write(
        `ML-DSA-87 identity: ${made.mldsa_seed} (0600)\nfingerprint: ${sign.groupFingerprint(made.mldsa_fingerprint)}\n`
      )
      io.stdout.write(
        'share the fingerprint (swr trust mine prints the public key too); others add it with "swr trust add"\n'
      )
    }
    if (made.hmac_key) io.stdout.write(`HMAC key: ${made.hmac_key} (0600)\n`)
    if (made.sync_key)
      io.stdout.write(`sync key (seals pushed manifests): ${made.sync_key} (0600)\n`)
  }
  return EXIT.HEALTHY
}

export interface SignFlags extends LockFlags, TrustFlags {
  approveDigest?: string
  scope?: string[]
  expires?: string
  cosign?: boolean
}

export async function signCommand(flags: SignFlags, io: CliIo): Promise<ExitCode> {
  const session = editSession(flags, io, flags)
  if (flags.cosign) {
    if (flags.scope !== undefined || flags.expires !== undefined)
      throw new UsageError(
        '--cosign signs the body as it is: give --scope and --expires without it'
      )
    const done = await cosignManifest(session)
    const signers = done.doc.signatures.filter(s => s.alg === 'ml-dsa-87').length
    const by = `co-signed by ML-DSA-87 ${sign.groupFingerprint(done.by.mldsa)} (${signers} ML-DSA signature(s))`
    printSigned(io, flags, done.file, done.doc, done.digest, by)
    return EXIT.HEALTHY
  }
  const done = await signManifest(session, m => bodyWith(m, flags))
  const by = [
    done.by.hmac ? 'HMAC-SHA256' : '',
    done.by.mldsa ? `ML-DSA-87 ${sign.groupFingerprint(done.by.mldsa)}` : ''
  ].filter(Boolean)
  printSigned(io, flags, done.file, done.doc, done.digest, `by ${by.join(' and ')}`)
  return EXIT.HEALTHY
}

/** The body to sign: the loaded one, with the scope and expiry the flags set or remove. */
function bodyWith(m: LoadedManifest, flags: SignFlags): ManifestBody {
  const body = { ...m.doc.body }
  if (flags.scope !== undefined) {
    const scope = sign.parseScope(flags.scope, sign.manifestPathInWorkspace(m))
    if (scope) body.scope = scope
    else delete body.scope
  }
  if (flags.expires !== undefined) {
    const expires = sign.parseExpiry(flags.expires, new Date())
    if (expires) body.expires = expires
    else delete body.expires
  }
  return body
}

function printSigned(
  io: CliIo,
  flags: SignFlags,
  file: string,
  doc: ManifestDocument,
  digest: string,
  by: string
): void {
  const { version, scope, expires } = doc.body
  if (flags.json) {
    io.stdout.write(
      JSON.stringify(
        {
          schema: 'swr.sign/1',
          manifest: file,
          version,
          digest,
          cosigned: flags.cosign === true,
          ...(scope ? { scope } : {}),
          ...(expires ? { expires } : {}),
          signatures: doc.signatures.map(s => ({ alg: s.alg, keyid: s.keyid }))
        },
        null,
        2
      ) + '\n'
    )
  } else if (!flags.quiet) {
    const limits = [
      scope ? `scope ${escapeText(JSON.stringify(scope))}` : '',
      expires ? `expires ${expires}` : ''
    ].filter(Boolean)
    io.stdout.write(
      `signed ${file}\n  version ${version}, digest ${digest}${limits.length ? `\n  ${limits.join(', ')}` : ''}\n  ${by}\n`
    )
  }
}

export async function verifyCommand(
  flags: GlobalOptions & TrustFlags,
  io: CliIo
): Promise<ExitCode> {
  const m = loadManifest(manifestLocation(flags, io).file, {
    workspace: flags.workspace,
    cwd: io.cwd
  })
  const result = await verifySignatures(m, buildPolicy(m, flags, io), {
    rememberIn: stateDir(io)
  })
  const { gate, manifest } = result
  for (const w of gate.warnings) io.stderr.write(`swr: warning: ${w}\n`)
  if (flags.json) {
    io.stdout.write(
      JSON.stringify(
        {
          schema: 'swr.verify/1',
          manifest: manifest.file,
          digest: manifest.digest,
          version: manifest.version,
          require: result.require,
          allowed: gate.allowed,
          reason: gate.reason,
          signatures: gate.signatures
        },
        null,
        2
      ) + '\n'
    )
  } else {
    io.stdout.write(verifyText(result))
  }
  return outcomeOf(result).exitCode
}

function verifyText({ gate, manifest, require }: SignaturesRun): string {
  const out = [
    `manifest ${manifest.file}\n  digest  ${manifest.digest}\n  version ${manifest.version}${manifest.expires ? `, expires ${manifest.expires}` : ''}\n`
  ]
  if (gate.signatures.length === 0 && manifest.signatures === 0) out.push('  signatures: absent\n')
  for (const s of gate.signatures) out.push(`  ${stateWords(s).padEnd(10)} ${signerWords(s)}\n`)
  out.push(
    `${gate.allowed ? 'recipes may run' : 'recipes refused'} (require ${require}): ${gate.reason}\n`
  )
  if (!gate.allowed)
    out.push(
      'to approve: review the manifest (its recipes are code); then sign it ("swr sign", with --approve-digest and the digest above when its signatures do not verify), or trust its signer ("swr trust add")\n'
    )
  return out.join('')
}

export function registerSigning(program: Command, { io, run }: CommandContext): void {
  withGlobals(program.command('keygen'))
    .description(
      "create this machine's ML-DSA-87 identity and HMAC key in the private state directory (never replaces a key)"
    )
    .option('--no-hmac', 'do not create an HMAC key')
    .option('--no-mldsa', 'do not create an ML-DSA identity')
    .option(
      '--no-sync',
      'do not create a sync key (it seals manifests that swr push sends off the machine)'
    )
    .action((flags: KeygenFlags) => run(() => keygenCommand(flags, io)))

  lockOption(approveOption(trustOptions(withGlobals(program.command('sign'))), 'sign'))
    .description(
      "raise the version and sign the manifest with every key this machine holds (replacing every signature); --cosign adds this machine's ML-DSA signature to the current version instead"
    )
    .option(
      '--scope <spec>',
      'limit where the manifest may run: repo=OWNER/NAME,ref=GLOB,path[=REL] (path: the manifest\'s own path in the workspace); repeated, the parts add up; "none" removes the scope',
      collect
    )
    .option(
      '--expires <when>',
      'refuse the manifest after: 12h, 30d, 2w, 2026-12-31 or 2026-12-31T00:00:00Z; "never" removes the expiry'
    )
    .option(
      '--cosign',
      "add this machine's ML-DSA signature beside the others: same body, same version (for --threshold N)"
    )
    .action((flags: SignFlags) => run(() => signCommand(flags, io)))

  trustOptions(withGlobals(program.command('verify')))
    .description(
      'show each signature (valid, invalid, untrusted signer, absent), the digest, and whether recipes may run; exit 0 allowed, 2 refused'
    )
    .action((flags: GlobalOptions & TrustFlags) => run(() => verifyCommand(flags, io)))
}
