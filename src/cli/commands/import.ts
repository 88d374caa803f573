/**
 * `swr import OLD.json`: convert the original tool's format-2 manifest to format 3 and save it where
 * the manifest belongs (-m, SWR_MANIFEST, or ./.swr/manifest.json). The result is unsigned; it never
 * overwrites an existing manifest.
 */
import fs from 'node:fs'
import path from 'node:path'
import { EXIT, loadManifest, saveManifest, UsageError, type ExitCode } from '../../core/index.js'
import type { CliIo } from '../io.js'
import { manifestLocation, type GlobalOptions } from '../options.js'

export async function importCommand(
  oldFile: string,
  flags: GlobalOptions,
  io: CliIo
): Promise<ExitCode> {
  const old = loadManifest(oldFile, { cwd: io.cwd })
  if (old.format !== 2) throw new UsageError(`${oldFile} is already format 3: nothing to import`)
  const located = manifestLocation(flags, io)
  const target = located.how === 'new' ? located.file : located.file
  if (fs.existsSync(target))
    throw new UsageError(
      `${target} already exists: import never overwrites a manifest (pass -m NEW.json)`
    )
  saveManifest(target, old.doc, { create: true })
  if (flags.json) {
    io.stdout.write(
      JSON.stringify(
        {
          schema: 'swr.import/1',
          manifest: target,
          digest: old.digest,
          entries: old.body.entries.length,
          notes: old.notes
        },
        null,
        2
      ) + '\n'
    )
  } else if (!flags.quiet) {
    io.stdout.write(
      `imported ${old.body.entries.length} entries from ${oldFile} into ${path.relative(io.cwd, target) || target}\n`
    )
    for (const n of old.notes) io.stdout.write(`note: ${n}\n`)
    io.stdout.write('the imported manifest is unsigned: review it, then sign it\n')
  }
  return EXIT.HEALTHY
}
