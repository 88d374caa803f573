/** `swr keygen`, `swr sign`, `swr verify`: key creation, signing under the editing rules, and the gate's view. */
import fs from 'node:fs'
import {
  authorizeEdit,
  decide,
  gateInput,
  alreadyExists,
  createKeyFiles,
  newKey,
  secretKeyFile,
  type KeyFile,
  HMAC_KEY_FILE,
  IDENTITY_FILE,
  keyPath,
  SYNC_KEY_FILE,
  groupFingerprint,
  identityFromSeed,
  hasSigningKey,
  signDocument,
  recall,
  remember,
  EXIT,
  loadManifest,
  saveManifest,
  SwrError,
  UsageError,
  type ExitCode,
  type LoadedManifest,
  type ManifestBody,
  type ManifestDocument,
  type SigningKeys,
  type SignatureState,
  type TrustPolicy,
  cosignDocument,
  escapeText,
  evaluateSignatures,
  manifestPathInWorkspace,
  parseExpiry,
  parseScope
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
import { buildPolicy, OWN_PUBLIC_KEY_FILE, signingKeys, type TrustFlags } from '../trust-context.js'
import type { Command } from 'commander'
import type { CommandContext } from '../command.js'
import { withManifestLock } from '../lock.js'

export interface KeygenFlags extends GlobalOptions {
  hmac: boolean
  mldsa: boolean
  sync: boolean
}

export async function keygenCommand(flags: KeygenFlags, io: CliIo): Promise<ExitCode> {
  const dir = stateDir(io)
  if (!flags.hmac && !flags.mldsa)
    throw new UsageError('nothing to create: --no-hmac and --no-mldsa together')
  const exists = (name: string): boolean => fs.existsSync(keyPath(dir, name))
  if (flags.mldsa && exists(IDENTITY_FILE)) throw alreadyExists(keyPath(dir, IDENTITY_FILE))
  if (flags.hmac && !flags.mldsa && exists(HMAC_KEY_FILE))
    throw alreadyExists(keyPath(dir, HMAC_KEY_FILE))
  const made: Record<string, string> = {}
  const identity: KeyFile[] = []
  if (flags.mldsa) {
    const seed = newKey()
    const id = await identityFromSeed(seed)
    identity.push(
      {
        name: OWN_PUBLIC_KEY_FILE,
        text: `${id.fingerprint}\n${Buffer.from(id.publicKey).toString('base64')}\n`,
        public: true
      },
      secretKeyFile(IDENTITY_FILE, seed)
    )
    made.mldsa_fingerprint = id.fingerprint
    made.mldsa_seed = keyPath(dir, IDENTITY_FILE)
  }
  const files: KeyFile[] = []
  if (flags.hmac && !exists(HMAC_KEY_FILE)) {
    files.push(secretKeyFile(HMAC_KEY_FILE, newKey()))
    made.hmac_key = keyPath(dir, HMAC_KEY_FILE)
  }
  if (flags.sync && !exists(SYNC_KEY_FILE)) {
    files.push(secretKeyFile(SYNC_KEY_FILE, newKey()))
    made.sync_key = keyPath(dir, SYNC_KEY_FILE)
  }
  // All or nothing, the identity's seed last: its presence is what makes a rerun refuse, so even
  // a keygen killed while moving files in leaves only files a rerun completes or replaces.
  createKeyFiles(dir, [...files, ...identity])
  if (flags.json)
    io.stdout.write(JSON.stringify({ schema: 'swr.keygen/1', ...made }, null, 2) + '\n')
  else {
    if (made.mldsa_fingerprint) {
      io.stdout.write(
        `ML-DSA-87 identity: ${made.mldsa_seed} (0600)\nfingerprint: ${groupFingerprint(made.mldsa_fingerprint)}\n`
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

export interface SignFlags extends GlobalOptions, TrustFlags {
  approveDigest?: string
  lockTimeout?: number
  scope?: string[]
  expires?: string
  cosign?: boolean
}

export async function signCommand(flags: SignFlags, io: CliIo): Promise<ExitCode> {
  const m = loadManifest(manifestLocation(flags, io).file, {
    workspace: flags.workspace,
    cwd: io.cwd
  })
  if (m.format !== 3)
    throw new UsageError(`${m.file} is a format-2 manifest: convert it with "swr import" first`)
  if (flags.cosign && (flags.scope !== undefined || flags.expires !== undefined))
    throw new UsageError('--cosign signs the body as it is: give --scope and --expires without it')
  const body = bodyWith(m, flags)
  const keys = await signingKeys(io)
  if (!hasSigningKey(keys))
    throw new SwrError('no signing key: run "swr keygen", or set SWR_HMAC_KEY', EXIT.UNREPAIRABLE)
  const policy = buildPolicy(m, flags, io)
  if (flags.cosign) return cosignCommand(m, keys, policy, flags, io)
  await authorizeEdit(m, policy, flags.approveDigest)
  const floor = Math.max(
    recall(stateDir(io), m.file, m.body.scope)?.version ?? 0,
    recall(stateDir(io), m.file, body.scope)?.version ?? 0
  )
  const signed = await signDocument({ ...m.doc, body }, keys, floor)
  saveManifest(m.file, signed.doc)
  remember(
    stateDir(io),
    m.file,
    { version: signed.doc.body.version, digest: signed.digest },
    signed.doc.body.scope
  )
  const by = [
    keys.hmacKey ? 'HMAC-SHA256' : '',
    keys.identity ? `ML-DSA-87 ${groupFingerprint(keys.identity.fingerprint)}` : ''
  ].filter(Boolean)
  printSigned(io, flags, m.file, signed.doc, signed.digest, `by ${by.join(' and ')}`)
  return EXIT.HEALTHY
}

/** The body to sign: the loaded one, with the scope and expiry the flags set or remove. */
function bodyWith(m: LoadedManifest, flags: SignFlags): ManifestBody {
  const body = { ...m.doc.body }
  if (flags.scope !== undefined) {
    const scope = parseScope(flags.scope, manifestPathInWorkspace(m))
    if (scope) body.scope = scope
    else delete body.scope
  }
  if (flags.expires !== undefined) {
    const expires = parseExpiry(flags.expires, new Date())
    if (expires) body.expires = expires
    else delete body.expires
  }
  return body
}

/**
 * Co-signing: this machine's ML-DSA signature joins the others over the same body and version,
 * so distinct signers can meet a threshold. Only over signatures that verify: one that does not
 * means the body changed since it was signed, and co-signing it would launder the change. Another
 * machine's HMAC cannot be checked here (its key stays there) and is neither counted nor refused;
 * at least one signature must verify and be trusted here, unless --approve-digest names the body.
 */
async function cosignCommand(
  m: LoadedManifest,
  keys: SigningKeys,
  policy: TrustPolicy,
  flags: SignFlags,
  io: CliIo
): Promise<ExitCode> {
  if (!keys.identity)
    throw new SwrError(
      '--cosign adds an ML-DSA signature: this machine has no identity (run "swr keygen")',
      EXIT.UNREPAIRABLE
    )
  if (m.doc.signatures.length === 0)
    throw new SwrError(
      `${m.file}: unsigned: nothing to co-sign; sign it first with "swr sign"`,
      EXIT.UNREPAIRABLE
    )
  const states = await evaluateSignatures(gateInput(m), policy)
  const broken = states.find(s => s.state === 'invalid')
  if (broken)
    throw new SwrError(
      `${m.file}: a ${broken.alg} signature does not verify (the body or that signature changed since it was signed): refusing to co-sign; the manifest must be signed again with "swr sign"`,
      EXIT.UNREPAIRABLE
    )
  if (flags.approveDigest === undefined && !states.some(s => s.state === 'valid'))
    throw new SwrError(
      `${m.file}: no signature on it can be checked and trusted here (${states.map(stateText).join(', ')}): refusing to co-sign; trust its signer first ("swr trust add FP NAME"), or review it and pass --approve-digest`,
      EXIT.UNREPAIRABLE
    )
  // One trusted signature is enough to co-sign; the run's --threshold is for running, not signing.
  await authorizeEdit(m, { ...policy, threshold: 1 }, flags.approveDigest)
  const doc = await cosignDocument(m.doc, keys.identity)
  saveManifest(m.file, doc)
  remember(stateDir(io), m.file, { version: m.body.version, digest: m.digest }, m.body.scope)
  const signers = doc.signatures.filter(s => s.alg === 'ml-dsa-87').length
  printSigned(
    io,
    flags,
    m.file,
    doc,
    m.digest,
    `co-signed by ML-DSA-87 ${groupFingerprint(keys.identity.fingerprint)} (${signers} ML-DSA signature(s))`
  )
  return EXIT.HEALTHY
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

const STATE_TEXT: Record<SignatureState['state'], string> = {
  valid: 'valid',
  invalid: 'invalid',
  untrusted: 'untrusted signer',
  'no-key': 'not checked (no HMAC key here)',
  'other-key': 'not checked (made with another HMAC key, which this machine does not hold)'
}

function signerText(s: SignatureState): string {
  return s.alg === 'hmac-sha256'
    ? `hmac-sha256 (key ${escapeText(s.keyid, { max: 64 })})`
    : `ml-dsa-87 ${groupFingerprint(s.fingerprint ?? s.keyid)}`
}

function stateText(s: SignatureState): string {
  return `${signerText(s)}: ${STATE_TEXT[s.state]}`
}

export async function verifyCommand(
  flags: GlobalOptions & TrustFlags,
  io: CliIo
): Promise<ExitCode> {
  const m = loadManifest(manifestLocation(flags, io).file, {
    workspace: flags.workspace,
    cwd: io.cwd
  })
  const policy = buildPolicy(m, flags, io)
  const decision = await decide(gateInput(m), policy)
  if (decision.allowed && policy.waiveDigest === undefined) {
    remember(stateDir(io), m.file, { version: m.body.version, digest: m.digest }, m.body.scope)
  }
  for (const w of decision.warnings) io.stderr.write(`swr: warning: ${w}\n`)
  if (flags.json) {
    io.stdout.write(
      JSON.stringify(
        {
          schema: 'swr.verify/1',
          manifest: m.file,
          digest: m.digest,
          version: m.body.version,
          require: policy.require,
          allowed: decision.allowed,
          reason: decision.reason,
          signatures: decision.signatures
        },
        null,
        2
      ) + '\n'
    )
  } else {
    io.stdout.write(
      `manifest ${m.file}\n  digest  ${m.digest}\n  version ${m.body.version}${m.body.expires ? `, expires ${m.body.expires}` : ''}\n`
    )
    if (decision.signatures.length === 0 && m.doc.signatures.length === 0)
      io.stdout.write('  signatures: absent\n')
    for (const s of decision.signatures)
      io.stdout.write(`  ${STATE_TEXT[s.state].padEnd(10)} ${signerText(s)}\n`)
    io.stdout.write(
      `${decision.allowed ? 'recipes may run' : 'recipes refused'} (require ${policy.require}): ${decision.reason}\n`
    )
    if (!decision.allowed) {
      io.stdout.write(
        'to approve: review the manifest (its recipes are code); then sign it ("swr sign", with --approve-digest and the digest above when its signatures do not verify), or trust its signer ("swr trust add")\n'
      )
    }
  }
  return decision.allowed ? EXIT.HEALTHY : EXIT.UNREPAIRABLE
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
    .action((flags: SignFlags) =>
      run(() => withManifestLock(flags, io, () => signCommand(flags, io)))
    )

  trustOptions(withGlobals(program.command('verify')))
    .description(
      'show each signature (valid, invalid, untrusted signer, absent), the digest, and whether recipes may run; exit 0 allowed, 2 refused'
    )
    .action((flags: GlobalOptions & TrustFlags) => run(() => verifyCommand(flags, io)))
}
