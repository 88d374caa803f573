/**
 * `swr import OLD.json`: convert the original tool's format-2 manifest to format 3 and save it where
 * the manifest belongs (-m, SWR_MANIFEST, or ./.swr/manifest.json), never over an existing one.
 * The result is signed with this machine's keys only when the old HMAC signature was checked
 * (--legacy-key FILE) or the converted content was approved (--approve-digest); else it is unsigned.
 */
import fs from 'node:fs'
import path from 'node:path'
import {
  createManifest,
  escapeText,
  EXIT,
  type ExitCode,
  SwrError,
  UsageError,
  manifests
} from '../../core/index.js'
import { editSession } from '../edit.js'
import type { CliIo } from '../io.js'
import { approveOption, lockOption, withGlobals } from '../options.js'
import type { Command } from 'commander'
import type { CommandContext } from '../command.js'
import type { LockFlags } from '../lock.js'

export interface ImportFlags extends LockFlags {
  legacyKey?: string
  approveDigest?: string
  legacyPubkey?: string
}

/** A key or public-key file named on the command line, bounded (key files are small). */
function readKeyFile(io: CliIo, flag: string, file: string): string {
  const abs = path.resolve(io.cwd, file)
  const st = fs.statSync(abs, { throwIfNoEntry: false })
  if (!st?.isFile() || st.size > 64 * 1024)
    throw new UsageError(`${flag} ${file}: not a regular file of at most 64 KiB`)
  return fs.readFileSync(abs, 'utf8')
}

interface Converted {
  old: manifests.ParsedManifest
  trusted: boolean
  why: string
  checked: string[]
}

/** Read and convert OLD, and judge whether the result may be signed here. */
async function convert(oldFile: string, flags: ImportFlags, io: CliIo): Promise<Converted> {
  const abs = path.resolve(io.cwd, oldFile)
  let text: string
  try {
    text = fs.readFileSync(abs, 'utf8')
  } catch {
    throw new UsageError(`${oldFile}: cannot read`)
  }
  const old = manifests.parseManifestText(text, oldFile)
  if (old.format !== 2) throw new UsageError(`${oldFile} is already format 3: nothing to import`)
  const digest = manifests.manifestDigest(old.doc.body)
  let trusted = false
  let why = 'unsigned: review it, then sign it with "swr sign"'
  const v2 = manifests.parseStrictJson(text).value as { [k: string]: manifests.JsonValue }
  const checked: string[] = []
  if (flags.legacyKey !== undefined) {
    const verdict = manifests.verifyLegacyHmac(v2, readKeyFile(io, '--legacy-key', flags.legacyKey))
    if (verdict !== 'valid') {
      throw new SwrError(
        `${oldFile}: format-2 HMAC signature is ${verdict} under ${flags.legacyKey}: refusing to import it as trusted`,
        EXIT.UNREPAIRABLE
      )
    }
    checked.push('HMAC')
  }
  if (flags.legacyPubkey !== undefined) {
    const key = manifests.parseLegacyPublicKey(
      readKeyFile(io, '--legacy-pubkey', flags.legacyPubkey)
    )
    if (!key)
      throw new UsageError(
        `--legacy-pubkey ${flags.legacyPubkey}: not an ML-DSA-87 public key (PEM, or 2592 bytes in base64 or hex)`
      )
    const verdict = await manifests.verifyLegacyMldsa(v2, key)
    if (verdict !== 'valid') {
      throw new SwrError(
        `${oldFile}: format-2 ML-DSA signature (_pksig) is ${verdict} under ${flags.legacyPubkey}: refusing to import it as trusted`,
        EXIT.UNREPAIRABLE
      )
    }
    checked.push('ML-DSA')
  } else if (v2._pksig !== undefined) {
    old.notes.push(
      'the format-2 ML-DSA signature (_pksig) was not checked: give the original public key with --legacy-pubkey FILE'
    )
  }
  if (checked.length > 0) {
    trusted = true
    why = `format-2 ${checked.join(' and ')} signature${checked.length > 1 ? 's' : ''} checked`
  } else if (flags.approveDigest !== undefined) {
    if (flags.approveDigest.toLowerCase() !== digest) {
      throw new SwrError(
        '--approve-digest does not match the converted manifest',
        EXIT.UNREPAIRABLE
      )
    }
    trusted = true
    why = 'approved by digest'
  }
  return { old, trusted, why, checked }
}

export async function importCommand(
  oldFile: string,
  flags: ImportFlags,
  io: CliIo
): Promise<ExitCode> {
  const {
    file: target,
    saved,
    value: { old, why, checked }
  } = await createManifest(editSession(flags, io), async target => {
    const converted = await convert(oldFile, flags, io)
    if (fs.existsSync(target)) {
      throw new UsageError(
        `${target} already exists: import never overwrites a manifest (pass -m NEW.json)`
      )
    }
    return { doc: converted.old.doc, resign: converted.trusted, value: converted }
  })
  if (flags.json) {
    const out = {
      schema: 'swr.import/1',
      manifest: target,
      digest: saved.digest,
      signed: saved.signed,
      entries: old.doc.body.entries.length,
      legacy_signatures_checked: checked,
      notes: old.notes
    }
    io.stdout.write(JSON.stringify(out, null, 2) + '\n')
  } else if (!flags.quiet) {
    io.stdout.write(
      `imported ${old.doc.body.entries.length} entries from ${oldFile} into ${path.relative(io.cwd, target) || target}\n`
    )
    for (const n of old.notes) io.stdout.write(`note: ${escapeText(n)}\n`)
    io.stdout.write(
      saved.signed
        ? `${why}; signed version ${saved.version}, digest ${saved.digest}\n`
        : `${why === 'unsigned: review it, then sign it with "swr sign"' ? why : `${why}, but no signing key here: unsigned`}\n`
    )
  }
  return EXIT.HEALTHY
}

export function registerImport(program: Command, { io, run }: CommandContext): void {
  const cmd = withGlobals(program.command('import'))
    .description(
      "convert the original tool's format-2 manifest to format 3 (unsigned until signed)"
    )
    .argument('<old.json>', 'format-2 manifest')
    .option(
      '--legacy-key <file>',
      "check the old HMAC signature with the original tool's key file; sign the result if it holds"
    )
    .option(
      '--legacy-pubkey <file>',
      "check the old ML-DSA-87 signature (_pksig) with the original signer's public key (PEM, base64 or hex); sign the result if it holds"
    )
  lockOption(approveOption(cmd, 'sign the converted manifest; or')).action(
    (old: string, flags: ImportFlags) => run(() => importCommand(old, flags, io))
  )
}
