/**
 * `swr edit ID [field flags]`: change what an author declares about an entry (recipes, cache
 * sources, environment, smoke, needs, tier, note, tree bounds, ignore rules, sentinels) without
 * editing JSON. What was captured from disk stays, except a tree whose ignore rules or sentinels
 * changed: it is captured again so its digests describe the new walk. An editing command: the
 * lock, the editing rules, validation before writing, re-signing only when authorised.
 */
import type { Command } from 'commander'
import {
  type Change,
  type Entry,
  type SealedSpec,
  editManifest,
  EXIT,
  type ExitCode,
  type OpenedManifest,
  UsageError,
  capture,
  manifests,
  walk,
  buckets
} from '../../core/index.js'
import { exclusions } from './author/shared.js'
import { printChanges, savedFields, savedLine } from '../changes.js'
import type { CommandContext } from '../command.js'
import { editSession } from '../edit.js'
import type { CliIo } from '../io.js'
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

export interface EditFlags extends LockFlags {
  approveDigest?: string
  jobs?: number
  restore?: string
  addSourceCache?: string
  addSourceS3?: string
  restoreKey?: string[]
  clearRestore?: boolean
  env?: string[]
  dropEnv?: string[]
  clearEnv?: boolean
  secretEnv?: string[]
  dropSecretEnv?: string[]
  clearSecretEnv?: boolean
  timeout?: number
  clearTimeout?: boolean
  smoke?: string
  clearSmoke?: boolean
  smokeTimeout?: number
  clearSmokeTimeout?: boolean
  needs?: string[]
  dropNeeds?: string[]
  clearNeeds?: boolean
  tier?: number
  note?: string
  clearNote?: boolean
  minFiles?: number
  maxFiles?: number
  clearMaxFiles?: boolean
  ignore?: string[]
  dropIgnore?: string[]
  clearIgnore?: boolean
  sentinel?: string[]
  dropSentinel?: string[]
}

/** The manifest the session opened must exist: edit, rm and rescan never create one. */
export function mustExist(m: OpenedManifest): OpenedManifest {
  if (m.created) throw new UsageError(`${m.file}: no manifest to edit (create one with "swr add")`)
  return m
}

export function entryIndex(m: OpenedManifest, id: string): number {
  const i = m.doc.body.entries.findIndex(e => e.id === id)
  if (i < 0) throw new UsageError(`no entry with id "${id}" in ${m.file}`)
  return i
}

/** `s3://BUCKET[/PREFIX]`, checked and written without a trailing slash. */
function s3SourceUrl(v: string): string {
  const { bucket, path } = buckets.parseS3Url(v)
  const prefix = buckets.checkPrefix(path, `--add-source-s3 ${v.slice(0, 120)}`)
  return `s3://${bucket}${prefix ? `/${prefix.slice(0, -1)}` : ''}`
}

function toEdit(f: EditFlags): manifests.EntryEdit {
  if (f.restoreKey && !f.addSourceCache)
    throw new UsageError('--restore-key: give it with --add-source-cache KEY')
  const list = (add?: string[], drop?: string[], clear?: boolean) =>
    add || drop || clear ? { add, drop, clear } : undefined
  return {
    restore: f.restore,
    addCache: f.addSourceCache
      ? { key: f.addSourceCache, restoreKeys: f.restoreKey ?? [] }
      : undefined,
    addS3: f.addSourceS3 !== undefined ? s3SourceUrl(f.addSourceS3) : undefined,
    clearRestore: f.clearRestore,
    env: list(f.env, f.dropEnv, f.clearEnv),
    secretEnv: list(f.secretEnv, f.dropSecretEnv, f.clearSecretEnv),
    needs: list(f.needs, f.dropNeeds, f.clearNeeds),
    timeout: f.timeout,
    clearTimeout: f.clearTimeout,
    smoke: f.smoke,
    clearSmoke: f.clearSmoke,
    smokeTimeout: f.smokeTimeout,
    clearSmokeTimeout: f.clearSmokeTimeout,
    tier: f.tier,
    note: f.note,
    clearNote: f.clearNote,
    minFiles: f.minFiles,
    maxFiles: f.maxFiles,
    clearMaxFiles: f.clearMaxFiles,
    ignore: list(f.ignore, f.dropIgnore, f.clearIgnore),
    sentinels: list(f.sentinel, f.dropSentinel)
  }
}

/**
 * Apply `edit` to the sealed entry at `i`: its policy (recipes, caches, smoke, env, needs, tier,
 * note, timeouts). What the walk records (bounds, sentinels, ignore rules) is the seal's.
 */
function changeSealed(
  m: OpenedManifest,
  i: number,
  edit: manifests.EntryEdit
): Change<manifests.FieldChange[]> {
  const sealed = m.doc.body.sealed ?? []
  const before = sealed[i] as SealedSpec
  if (
    edit.minFiles !== undefined ||
    edit.maxFiles !== undefined ||
    edit.clearMaxFiles ||
    edit.ignore ||
    edit.sentinels
  )
    throw new UsageError(
      `entry "${before.id}" is sealed: its bounds, sentinels and ignore rules are recorded by its seal; remove it and add it again to change them`
    )
  // The entry editor works on entries: give the policy a placeholder state to carry it through.
  const { key, ignore, kind, ...policy } = before
  const asEntry: Entry = {
    ...policy,
    kind: 'file',
    expect: { size: 0, sha256: '0'.repeat(64), mode: '0644' }
  }
  const edited = manifests.applyEdit(asEntry, edit)
  const changes = manifests.diffEntry(asEntry, edited)
  const { kind: _k, expect: _e, ...editedPolicy } = edited as Extract<Entry, { kind: 'file' }>
  const after: SealedSpec = { ...editedPolicy, kind, key, ...(ignore ? { ignore } : {}) }
  if (changes.length > 0) sealed[i] = after
  return { value: changes, save: changes.length > 0 }
}

/** Apply `edit` to entry `id`, capturing a tree again when its walk or sentinels changed. */
async function changeEntry(
  m: OpenedManifest,
  id: string,
  edit: manifests.EntryEdit,
  flags: EditFlags,
  io: CliIo
): Promise<Change<manifests.FieldChange[]>> {
  const sealedAt = (m.doc.body.sealed ?? []).findIndex(s => s.id === id)
  if (sealedAt >= 0) return changeSealed(m, sealedAt, edit)
  const i = entryIndex(m, id)
  const before = m.doc.body.entries[i]!
  let after = manifests.applyEdit(before, edit)
  const sidecars = new Map<string, Buffer>()
  if (after.kind === 'tree' && (edit.ignore || edit.sentinels)) {
    // New ignore rules change the walk, and new sentinels must exist: capture the tree again.
    const c = await capture.recaptureEntry(
      m.workspace,
      after,
      new Set(),
      { pool: { jobs: flags.jobs }, exclude: exclusions(m.file, io), stateDir: stateDir(io) },
      { exactSentinels: true }
    )
    after = c.entry
    if (c.index) sidecars.set(walk.indexPath(m.file, id), c.index)
  }
  const bad = manifests.boundsProblem(after)
  if (bad) throw new UsageError(`${bad}; nothing was written`)
  const changes = manifests.diffEntry(before, after)
  if (changes.length > 0) m.doc.body.entries[i] = after
  return { value: changes, save: changes.length > 0, sidecars }
}

export async function editCommand(id: string, flags: EditFlags, io: CliIo): Promise<ExitCode> {
  const edit = toEdit(flags)
  const {
    manifest: m,
    value: changes,
    saved
  } = await editManifest(editSession(flags, io), m =>
    changeEntry(mustExist(m), id, edit, flags, io)
  )
  if (flags.json) {
    io.stdout.write(
      JSON.stringify(
        {
          schema: 'swr.edit/1',
          manifest: m.file,
          entries: [{ id, changes }],
          ...savedFields(saved)
        },
        null,
        2
      ) + '\n'
    )
  } else if (!flags.quiet) {
    printChanges(io, 'edited', [{ id, changes }])
    if (saved) io.stdout.write(savedLine(saved, m.note))
  }
  return EXIT.HEALTHY
}

export function registerEdit(program: Command, { io, run }: CommandContext): void {
  const whole = (name: string) => intOption(name, 0, Number.MAX_SAFE_INTEGER)
  const cmd = withGlobals(program.command('edit'))
    .description(
      "change an entry's declared fields (recipes, caches, env, smoke, needs, tier, note, tree bounds) without editing JSON; prints each change"
    )
    .argument('<id>', 'entry to change')
    .option(
      '--restore <cmd>',
      'shell recipe that recreates the entry (replaces the recipe; cache sources stay ahead of it)'
    )
    .option('--add-source-cache <key>', 'add an Actions cache source, tried before the recipe')
    .option(
      '--add-source-s3 <url>',
      'add an S3-compatible bucket source (s3://BUCKET/PREFIX), tried before the recipe; doctor saves healed entries there'
    )
    .option(
      '--restore-key <prefix>',
      'with --add-source-cache: a fallback key prefix (repeatable)',
      collect
    )
    .option('--clear-restore', 'remove every restore source')
    .option('--env <name>', 'pass this variable to the recipe (repeatable)', collect)
    .option('--drop-env <name>', 'stop passing this variable (repeatable)', collect)
    .option('--clear-env', 'pass no extra variables')
    .option(
      '--secret-env <name>',
      'pass this variable and scrub its value from output (repeatable)',
      collect
    )
    .option('--drop-secret-env <name>', 'stop passing this secret variable (repeatable)', collect)
    .option('--clear-secret-env', 'pass no secret variables')
    .option('--timeout <s>', 'recipe timeout in seconds', intOption('--timeout', 1, 86400))
    .option('--clear-timeout', 'use the default recipe timeout')
    .option('--smoke <cmd>', 'shell command that proves the entry works')
    .option('--clear-smoke', 'remove the smoke command')
    .option(
      '--smoke-timeout <s>',
      'smoke command timeout in seconds (default 60)',
      intOption('--smoke-timeout', 1, 86400)
    )
    .option('--clear-smoke-timeout', 'use the default smoke timeout')
    .option('--needs <id>', 'entry that must be healthy first (repeatable)', collect)
    .option('--drop-needs <id>', 'remove a dependency (repeatable)', collect)
    .option('--clear-needs', 'remove every dependency')
    .option('--tier <n>', 'restore tier 0-4', intOption('--tier', 0, 4))
    .option('--note <text>', 'why this entry is fragile (shown by "swr why")')
    .option('--clear-note', 'remove the note')
    .option('--min-files <n>', 'tree: fewest files allowed', whole('--min-files'))
    .option('--max-files <n>', 'tree: most files allowed', whole('--max-files'))
    .option('--clear-max-files', 'tree: no upper bound')
    .option(
      '--ignore <rule>',
      'tree: leave out of the walk (repeatable; the tree is captured again)',
      collect
    )
    .option(
      '--drop-ignore <rule>',
      'tree: stop ignoring (repeatable; the tree is captured again)',
      collect
    )
    .option('--clear-ignore', 'tree: ignore nothing (the tree is captured again)')
    .option(
      '--sentinel <relpath>',
      'tree: a file that must exist and be non-empty (repeatable)',
      collect
    )
    .option('--drop-sentinel <relpath>', 'tree: no longer a sentinel (repeatable)', collect)
  lockOption(approveOption(jobsOption(cmd))).action((id: string, flags: EditFlags) =>
    run(() => editCommand(id, flags, io))
  )
}
