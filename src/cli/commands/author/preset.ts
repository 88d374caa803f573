/**
 * `swr preset`: preset paths are written relative to $HOME, yet they are resolved under whatever
 * workspace the manifest describes, so a note says so when that workspace is not $HOME. Secrets
 * among the added files are pointed out, because they are tracked by hash only and will never be
 * escrowed. `--list` edits nothing and takes no lock.
 */
import fs from 'node:fs'
import path from 'node:path'
import {
  editManifest,
  EXIT,
  type ExitCode,
  UsageError,
  author,
  capture
} from '../../../core/index.js'
import type { CliIo } from '../../io.js'
import { editSession } from '../../edit.js'
import {
  addCaptured,
  addedLine,
  captureAll,
  createdLine,
  printJson,
  savedJson,
  signedLine,
  type EditFlags
} from './shared.js'

export interface PresetFlags extends EditFlags {
  list?: boolean
}

export async function presetCommand(
  name: string | undefined,
  flags: PresetFlags,
  io: CliIo
): Promise<ExitCode> {
  if (flags.list) return listPresets(name, flags, io)
  if (name === undefined)
    throw new UsageError(
      `preset: name one of ${author.PRESETS.map(p => p.name).join(', ')} (or --list to see their paths)`
    )
  const preset = author.presetNamed(name)
  const {
    manifest: m,
    saved,
    value: { plan, added }
  } = await editManifest(editSession(flags, io), async m => {
    const plan = author.planPreset(m.workspace, preset, m.doc.body.entries)
    const added = await captureAll(m, plan.requests, io, flags.jobs)
    return addCaptured(m, added, { plan, added })
  })
  const home = realOrSelf(io.home)
  const note =
    m.workspace === home
      ? undefined
      : `workspace ${m.workspace} is not $HOME (${io.home}): preset paths were resolved under the workspace`
  const secrets = added.filter(a => capture.isSecretPath(a.entry.path)).map(a => a.entry.id)
  if (flags.json) {
    printJson(io, {
      schema: 'swr.preset/1',
      preset: preset.name,
      manifest: m.file,
      workspace: m.workspace,
      workspace_is_home: note === undefined,
      added: added.map(a => a.entry),
      secrets,
      skipped: plan.skipped,
      absent: plan.absent,
      ...savedJson(saved)
    })
  } else if (!flags.quiet) {
    const out: string[] = note ? [`note: ${note}\n`] : []
    out.push(saved ? createdLine(io, m) : '')
    for (const a of added)
      out.push(
        addedLine(a.entry).replace(
          /\n$/,
          secrets.includes(a.entry.id) ? ', secret: never escrowed\n' : '\n'
        )
      )
    for (const s of plan.skipped) out.push(`skipped ${s.path}: ${s.why}\n`)
    if (!saved)
      out.push(`nothing to add: no path of preset "${preset.name}" exists here untracked\n`)
    else out.push(signedLine(saved, m))
    io.stdout.write(out.join(''))
  }
  return EXIT.HEALTHY
}

function realOrSelf(p: string): string {
  try {
    return fs.realpathSync(p)
  } catch {
    return path.resolve(p)
  }
}

function listPresets(name: string | undefined, flags: PresetFlags, io: CliIo): ExitCode {
  const presets: readonly author.Preset[] =
    name === undefined ? author.PRESETS : [author.presetNamed(name)]
  if (flags.json) {
    printJson(io, {
      schema: 'swr.presets/1',
      presets: presets.map(p => ({
        name: p.name,
        description: p.description,
        paths: p.paths.map(x => ({ path: x, secret: capture.isSecretPath(x.replace(/\*/g, 'x')) }))
      }))
    })
    return EXIT.HEALTHY
  }
  const out: string[] = []
  for (const p of presets) {
    out.push(`${p.name}: ${p.description}\n`)
    for (const x of p.paths)
      out.push(`  ~/${x}${capture.isSecretPath(x.replace(/\*/g, 'x')) ? '  (secret)' : ''}\n`)
  }
  io.stdout.write(out.join(''))
  return EXIT.HEALTHY
}
