/** `swr check` and `swr why`: verify read-only, print the findings, exit 0 healthy / 1 damaged. */
import {
  checkManifest,
  EXIT,
  loadManifest,
  renderCheck,
  renderWhy,
  type CheckReport,
  type ExitCode,
  type LoadedManifest
} from '../../core/index.js'
import { VERSION } from '../../version.js'
import type { CliIo } from '../io.js'
import { useColor } from '../io.js'
import { manifestLocation, stateDir, type GlobalOptions } from '../options.js'
import { startProgress } from '../progress.js'

export interface CheckFlags extends GlobalOptions {
  only?: string[]
  deep?: boolean
  meta?: boolean
  cache: boolean
  jobs?: number
  all?: boolean
}

export async function runChecked(
  flags: CheckFlags,
  io: CliIo,
  command: string
): Promise<{ report: CheckReport; manifest: LoadedManifest }> {
  const located = manifestLocation(flags, io)
  const manifest = loadManifest(located.file, { workspace: flags.workspace, cwd: io.cwd })
  const progress = startProgress(io, 'hashing', !flags.json && !flags.quiet)
  try {
    const report = await checkManifest(manifest, {
      only: flags.only,
      deep: flags.deep,
      metaOnly: flags.meta,
      cache: flags.cache,
      jobs: flags.jobs,
      stateDir: stateDir(io),
      version: VERSION,
      command,
      onProgress: progress.update
    })
    return { report, manifest }
  } finally {
    progress.stop()
  }
}

export async function checkCommand(flags: CheckFlags, io: CliIo): Promise<ExitCode> {
  const { report } = await runChecked(flags, io, 'check')
  if (flags.json) io.stdout.write(JSON.stringify(report, null, 2) + '\n')
  else if (!flags.quiet || report.verdict !== 'healthy') {
    io.stdout.write(
      renderCheck(report, { color: useColor(io, flags.color), all: flags.all === true })
    )
  }
  return report.verdict === 'healthy' ? EXIT.HEALTHY : EXIT.DAMAGED
}

export async function whyCommand(flags: CheckFlags, io: CliIo): Promise<ExitCode> {
  const { report, manifest } = await runChecked(flags, io, 'why')
  if (flags.json) {
    io.stdout.write(JSON.stringify(report, null, 2) + '\n')
  } else {
    const notes = new Map(
      manifest.body.entries.flatMap(e => (e.note ? [[e.id, e.note] as const] : []))
    )
    io.stdout.write(renderWhy(report, { color: useColor(io, flags.color), all: false }, notes))
  }
  return report.verdict === 'healthy' ? EXIT.HEALTHY : EXIT.DAMAGED
}
