/**
 * `swr init`: scan a workspace and write a first manifest: top-level source trees, executable
 * scripts beside them, and large blobs. Volatile directories (node_modules, build, .cache, ...) and
 * VCS metadata are skipped; an existing manifest is never overwritten.
 */
import fs from 'node:fs'
import path from 'node:path'
import {
  editManifest,
  escapeText as e,
  EXIT,
  type ExitCode,
  ownPaths,
  UsageError,
  capture,
  walk as walkApi
} from '../../core/index.js'
import type { CliIo } from '../io.js'
import { stateDir, jobsOption, lockOption, withGlobals } from '../options.js'
import { editSession } from '../edit.js'
import type { Command } from 'commander'
import type { CommandContext } from '../command.js'
import type { LockFlags } from '../lock.js'

const SKIP = new Set(['.git', '.hg', '.svn', '.swr'])
const MAX_SCAN = 200_000

export interface InitFlags extends LockFlags {
  jobs?: number
}

/** What init would track, as capture requests (workspace-relative paths). */
export function scanWorkspace(workspace: string): capture.CaptureRequest[] {
  const requests: capture.CaptureRequest[] = []
  const blobs: string[] = []
  let seen = 0
  const walk = (abs: string, rel: string): void => {
    let names: string[]
    try {
      names = fs.readdirSync(abs).sort()
    } catch {
      return
    }
    for (const name of names) {
      if (++seen > MAX_SCAN) return
      if (SKIP.has(name) || capture.VOLATILE_DIRS.has(name)) continue
      const childRel = rel ? `${rel}/${name}` : name
      const st = fs.lstatSync(path.join(abs, name), { throwIfNoEntry: false })
      if (!st) continue
      if (st.isDirectory()) walk(path.join(abs, name), childRel)
      else if (st.isFile() && st.size >= capture.BLOB_THRESHOLD) blobs.push(childRel)
    }
  }
  walk(workspace, '')
  const top = fs.readdirSync(workspace).sort()
  for (const name of top) {
    if (SKIP.has(name) || capture.VOLATILE_DIRS.has(name)) continue
    const st = fs.lstatSync(path.join(workspace, name))
    if (st.isDirectory() && !name.startsWith('.')) {
      const inside = blobs.filter(b => b.startsWith(name + '/')).map(b => b.slice(name.length + 1))
      requests.push({
        path: name,
        kind: 'tree',
        ignore: [...capture.VOLATILE_DIRS, ...SKIP, ...inside]
      })
    } else if (st.isFile() && (st.mode & 0o111) !== 0 && st.size < capture.BLOB_THRESHOLD) {
      requests.push({ path: name, kind: 'file' })
    }
  }
  for (const b of blobs) requests.push({ path: b, kind: 'blob' })
  return requests
}

export async function initCommand(flags: InitFlags, io: CliIo): Promise<ExitCode> {
  const {
    manifest: m,
    saved,
    value: added
  } = await editManifest(editSession(flags, io), async m => {
    if (!m.created) {
      throw new UsageError(
        `${m.file} already exists: init never overwrites a manifest (use "swr add" to extend it)`
      )
    }
    const requests = scanWorkspace(m.workspace)
    const added = await capture.captureEntries(m.workspace, requests, new Set(), {
      pool: { jobs: flags.jobs },
      exclude: ownPaths(m.file, stateDir(io)),
      stateDir: stateDir(io)
    })
    m.doc.body.entries.push(...added.map(a => a.entry))
    const sidecars = new Map(
      added.flatMap(a =>
        a.index ? [[walkApi.indexPath(m.file, a.entry.id), a.index] as const] : []
      )
    )
    return { value: added, save: true, sidecars }
  })
  if (flags.json) {
    io.stdout.write(
      JSON.stringify(
        { schema: 'swr.init/1', manifest: m.file, added: added.map(a => a.entry) },
        null,
        2
      ) + '\n'
    )
  } else if (!flags.quiet) {
    io.stdout.write(
      `created ${path.relative(io.cwd, m.file) || m.file} describing ${e(m.workspace)}\n`
    )
    for (const { entry } of added)
      io.stdout.write(
        `  ${entry.kind.padEnd(5)} ${e(entry.id)}  (${e(entry.path)}, tier ${entry.tier})\n`
      )
    if (added.length === 0)
      io.stdout.write('  nothing found to track: add entries with "swr add PATH"\n')
    else
      io.stdout.write(
        `${added.length} entries. Add restore recipes with "swr add PATH --restore CMD", then sign.\n`
      )
    io.stdout.write(
      saved?.signed
        ? `signed version ${saved.version}, digest ${saved.digest}\n`
        : 'note: unsigned (no signing key here): run "swr keygen", then "swr sign"\n'
    )
  }
  return EXIT.HEALTHY
}

export function registerInit(program: Command, { io, run }: CommandContext): void {
  lockOption(jobsOption(withGlobals(program.command('init'))))
    .description('scan the workspace and write a first manifest (never overwrites one)')
    .action((flags: InitFlags) => run(() => initCommand(flags, io)))
}
