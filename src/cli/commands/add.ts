/**
 * `swr add PATH...`: capture entries from disk now. Creates `./.swr/manifest.json` describing the
 * current directory when no manifest exists; never overwrites a manifest that appeared meanwhile.
 */
import fs from 'node:fs'
import path from 'node:path'
import {
  editManifest,
  EXIT,
  type ExitCode,
  type Kind,
  KINDS,
  type OpenedManifest,
  type SealedSpec,
  ownPaths,
  type Tier,
  TIERS,
  UsageError,
  capture as captureApi,
  manifests,
  walk,
  textReport
} from '../../core/index.js'
import { savedLine } from '../changes.js'
import { editSession } from '../edit.js'
import { FROM_MAX_BYTES, parseAddLines, type AddLine } from '../add-from.js'
import type { CliIo } from '../io.js'
import type { Command } from 'commander'
import { Option } from 'commander'
import type { CommandContext } from '../command.js'
import type { LockFlags } from '../lock.js'
import {
  approveOption,
  collect,
  intOption,
  jobsOption,
  lockOption,
  stateDir,
  withGlobals
} from '../options.js'

export interface AddFlags extends LockFlags {
  approveDigest?: string
  id?: string
  kind?: Kind
  tier?: number
  sentinel?: string[]
  needs?: string[]
  restore?: string
  timeout?: number
  smoke?: string
  ignore?: string[]
  note?: string
  minFiles?: number
  maxFiles?: number
  /** False with --no-full-hash. */
  fullHash?: boolean
  jobs?: number
  from?: string
  /** A key template: record a sealed entry (no expectations in the manifest). */
  sealed?: string
}

/**
 * `add --sealed TEMPLATE`: the entry's policy goes into the manifest's `sealed` list, and its
 * expected state into a seal `swr doctor` makes after the recipe and smoke command pass.
 */
async function addSealed(paths: string[], flags: AddFlags, io: CliIo): Promise<ExitCode> {
  if (paths.length !== 1 || flags.from !== undefined)
    throw new UsageError('--sealed records one entry: give one PATH and no --from')
  for (const bad of ['sentinel', 'minFiles', 'maxFiles'] as const)
    if (flags[bad] !== undefined)
      throw new UsageError(
        `--sealed: the seal records what --${bad === 'sentinel' ? 'sentinel' : bad === 'minFiles' ? 'min-files' : 'max-files'} would`
      )
  if (!flags.restore)
    throw new UsageError('--sealed needs --restore: doctor seals the state its recipe makes')
  const kind = flags.kind ?? 'tree'
  if (kind === 'link')
    throw new UsageError('--sealed: a link is fixed by the repository; add it unsealed')
  const restore = flags.restore
  const {
    manifest: m,
    saved,
    value: spec
  } = await editManifest(editSession(flags, io), m => {
    const rel = manifests.toManifestPath(paths[0] as string, io.cwd, m.workspace)
    if (!rel.ok) throw new UsageError(rel.why)
    const all = [...m.doc.body.entries, ...(m.doc.body.sealed ?? [])]
    const dup = all.find(e => e.path === rel.path)
    if (dup) throw new UsageError(`${paths[0]}: already tracked as entry "${dup.id}"`)
    const id = flags.id ?? captureApi.deriveId(rel.path, new Set(all.map(e => e.id)))
    if (all.some(e => e.id === id))
      throw new UsageError(`entry "${id}" already exists in the manifest`)
    const spec: SealedSpec = {
      id,
      kind,
      path: rel.path,
      tier: (flags.tier ?? 4) as Tier,
      needs: flags.needs ?? [],
      key: flags.sealed as string,
      restore,
      ...(flags.timeout !== undefined ? { timeout_s: flags.timeout } : {}),
      ...(flags.smoke !== undefined ? { smoke: flags.smoke } : {}),
      ...(flags.ignore !== undefined ? { ignore: flags.ignore } : {}),
      ...(flags.note !== undefined ? { note: flags.note } : {})
    }
    m.doc.body.sealed = [...(m.doc.body.sealed ?? []), spec]
    return Promise.resolve({ value: spec, save: true })
  })
  if (flags.json)
    io.stdout.write(
      JSON.stringify(
        { schema: 'swr.add/1', manifest: m.file, added: [], sealed: [spec] },
        null,
        2
      ) + '\n'
    )
  else if (!flags.quiet) {
    io.stdout.write(
      `added sealed ${spec.kind} "${spec.id}" (${spec.path}, key ${spec.key}): "swr doctor" runs its recipe${spec.smoke ? ' and smoke command' : ''}, then seals it\n`
    )
    io.stdout.write(savedLine(saved!, m.note))
  }
  return EXIT.HEALTHY
}

export async function addCommand(paths: string[], flags: AddFlags, io: CliIo): Promise<ExitCode> {
  if (flags.sealed !== undefined) return addSealed(paths, flags, io)
  if (flags.id && paths.length > 1)
    throw new UsageError('--id names one entry: give one PATH with it')
  const {
    manifest: m,
    saved,
    value: added
  } = await editManifest(editSession(flags, io), async m => {
    // Read under the lock: a run waiting on its input (--from -) holds the manifest meanwhile.
    const added = await capture(m, await requests(paths, flags, io), flags, io)
    m.doc.body.entries.push(...added.map(a => a.entry))
    const sidecars = new Map(
      added.flatMap(a => (a.index ? [[walk.indexPath(m.file, a.entry.id), a.index] as const] : []))
    )
    return { value: added, save: true, sidecars }
  })
  if (flags.json) {
    io.stdout.write(
      JSON.stringify(
        { schema: 'swr.add/1', manifest: m.file, added: added.map(a => a.entry) },
        null,
        2
      ) + '\n'
    )
  } else if (!flags.quiet) {
    if (m.created)
      io.stdout.write(
        `created ${path.relative(io.cwd, m.file) || m.file} describing ${m.workspace}\n`
      )
    io.stdout.write(
      textReport.boundedLines(
        added,
        ({ entry }) =>
          `added ${entry.kind} "${entry.id}" (${entry.path}, tier ${entry.tier}${describe(entry)})`,
        'entries added'
      )
    )
    io.stdout.write(savedLine(saved!, m.note))
  }
  return EXIT.HEALTHY
}

/** Capture every requested path as a new entry of `m`; every path is checked before any is read. */
async function capture(
  m: OpenedManifest,
  lines: readonly AddLine[],
  flags: AddFlags,
  io: CliIo
): Promise<captureApi.Captured[]> {
  const taken = new Set(m.doc.body.entries.map(e => e.id))
  const takenPaths = new Map(m.doc.body.entries.map(e => [e.path, e.id]))
  // Every path is checked before anything is read: a bad last line costs no hashing.
  const given = new Set<string>()
  const rels = lines.map(line => {
    const rel = manifests.toManifestPath(line.path, io.cwd, m.workspace)
    if (!rel.ok) throw new UsageError(rel.why)
    const dup = takenPaths.get(rel.path)
    if (dup) throw new UsageError(`${line.path}: already tracked as entry "${dup}"`)
    if (given.has(rel.path)) throw new UsageError(`${line.path}: given twice (one entry per path)`)
    given.add(rel.path)
    return rel.path
  })
  const added = await captureApi.captureEntries(
    m.workspace,
    lines.map((line, i) => ({
      path: rels[i]!,
      id: line.id,
      kind: line.kind,
      tier: line.tier as Tier | undefined,
      needs: line.needs,
      restore: line.restore,
      timeout_s: line.timeout,
      smoke: line.smoke,
      note: line.note,
      sentinels: line.sentinel,
      ignore: line.ignore,
      minFiles: line.minFiles,
      maxFiles: line.maxFiles,
      fullHash: line.fullHash
    })),
    taken,
    {
      pool: { jobs: flags.jobs },
      exclude: ownPaths(m.file, stateDir(io)),
      stateDir: stateDir(io)
    }
  )
  for (const captured of added) {
    const bad = manifests.boundsProblem(captured.entry)
    if (bad) throw new UsageError(`${bad}; nothing was written`)
    taken.add(captured.entry.id)
  }
  const unknownNeeds = lines.flatMap(l => l.needs ?? []).filter(n => !taken.has(n))
  if (unknownNeeds.length > 0)
    throw new UsageError(`--needs: no entry with id ${[...new Set(unknownNeeds)].join(', ')}`)
  return added
}

/** What to capture: PATH arguments with the flags, or the lines of --from (FILE, or - for stdin). */
async function requests(paths: string[], flags: AddFlags, io: CliIo): Promise<AddLine[]> {
  if (flags.from === undefined) {
    if (paths.length === 0) throw new UsageError('give PATH(s) to add, or --from FILE')
    return paths.map(p => ({
      path: p,
      id: flags.id,
      kind: flags.kind,
      tier: flags.tier,
      sentinel: flags.sentinel,
      needs: flags.needs,
      restore: flags.restore,
      timeout: flags.timeout,
      smoke: flags.smoke,
      ignore: flags.ignore,
      note: flags.note,
      minFiles: flags.minFiles,
      maxFiles: flags.maxFiles,
      fullHash: flags.fullHash
    }))
  }
  const given = ENTRY_FLAGS.filter(k => flags[k] !== undefined)
  if (paths.length > 0 || given.length > 0)
    throw new UsageError('--from FILE describes every entry: give no PATH or entry option with it')
  const shown = flags.from === '-' ? '(stdin)' : flags.from
  const text = flags.from === '-' ? await readStdin(io) : readBoundedText(io, flags.from)
  const lines = parseAddLines(text, shown)
  if (lines.length === 0) throw new UsageError(`${shown}: no entries`)
  return lines
}

const ENTRY_FLAGS = [
  'id',
  'kind',
  'tier',
  'sentinel',
  'needs',
  'restore',
  'timeout',
  'smoke',
  'ignore',
  'note',
  'minFiles',
  'maxFiles'
] as const

function readBoundedText(io: CliIo, file: string): string {
  const abs = path.resolve(io.cwd, file)
  const st = fs.statSync(abs, { throwIfNoEntry: false })
  if (!st?.isFile()) throw new UsageError(`--from ${file}: not a regular file`)
  if (st.size > FROM_MAX_BYTES)
    throw new UsageError(`--from ${file}: over the ${FROM_MAX_BYTES}-byte limit`)
  return fs.readFileSync(abs, 'utf8')
}

async function readStdin(io: CliIo): Promise<string> {
  if (!io.stdin) throw new UsageError('--from -: no standard input here')
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of io.stdin) {
    const b = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer)
    size += b.length
    if (size > FROM_MAX_BYTES)
      throw new UsageError(`--from -: over the ${FROM_MAX_BYTES}-byte limit`)
    chunks.push(b)
  }
  return Buffer.concat(chunks).toString('utf8')
}

function describe(e: captureApi.Captured['entry']): string {
  switch (e.kind) {
    case 'file':
      return `, ${e.expect.size.toLocaleString('en-US')} bytes, mode ${e.expect.mode}`
    case 'blob':
      return `, ${e.expect.size.toLocaleString('en-US')} bytes`
    case 'tree':
      return `, ${(e.expect.files ?? 0).toLocaleString('en-US')} files, sentinels: ${e.expect.sentinels.join(', ') || 'none'}`
    case 'link':
      return `, -> ${e.expect.target}`
  }
}

export function registerAdd(program: Command, { io, run }: CommandContext): void {
  const cmd = withGlobals(program.command('add'))
    .description(
      'track PATH(s): capture size, hash, mode, link target or tree digests from disk now'
    )
    .argument('[path...]', 'files, directories or symlinks inside the workspace')
    .option(
      '--from <file>',
      'capture every entry listed in FILE ("-": stdin), one JSON object per line with add\'s option names and "path", in one run, one lock, one signature'
    )
    .option('--id <id>', 'entry id (default: derived from the path)')
    .addOption(
      new Option('--kind <kind>', 'entry kind (default: from what is on disk)').choices([...KINDS])
    )
    .option(
      '--tier <n>',
      `restore tier ${TIERS[0]}-${TIERS[TIERS.length - 1]} (0 credentials, 1 scripts, 2 source, 3 downloads, 4 builds)`,
      intOption('--tier', 0, 4)
    )
    .option(
      '--sentinel <relpath>',
      'tree: a file that must exist and be non-empty (repeatable)',
      collect
    )
    .option(
      '--needs <id>',
      'entry that must be healthy before this one is restored (repeatable)',
      collect
    )
    .option('--restore <cmd>', 'shell recipe that recreates the entry')
    .option('--timeout <s>', 'recipe timeout in seconds', intOption('--timeout', 1, 86400))
    .option('--smoke <cmd>', 'shell command that proves the entry works')
    .option(
      '--ignore <name-or-glob>',
      'tree: leave out of the walk, a .gitignore rule (repeatable)',
      collect
    )
    .option('--note <text>', 'why this entry is fragile (shown by "swr why")')
    .option(
      '--sealed <template>',
      'record a sealed entry: its state is sealed where it is built ("swr doctor" runs --restore and --smoke, then seals), keyed by TEMPLATE, e.g. npm-{os}-{arch}-{hash:package-lock.json}'
    )
    .option(
      '--min-files <n>',
      'tree: fewest files allowed (default: files now)',
      intOption('--min-files', 0, Number.MAX_SAFE_INTEGER)
    )
    .option(
      '--max-files <n>',
      'tree: most files allowed (default: files now)',
      intOption('--max-files', 0, Number.MAX_SAFE_INTEGER)
    )
    .option(
      '--no-full-hash',
      'blob: record size, mode and head/tail only, not the full sha256 (a huge file then never gets read in full by check)'
    )
  lockOption(approveOption(jobsOption(cmd))).action((paths: string[], flags: AddFlags) =>
    run(() => addCommand(paths, flags, io))
  )
}
