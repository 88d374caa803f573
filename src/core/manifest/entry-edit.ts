/**
 * Changing an entry's declared fields (recipes, cache sources, environment, smoke, needs, tier,
 * note, tree bounds, ignore rules, sentinels) without touching what was captured from disk, and
 * saying exactly what changed. Pure: the caller loads, validates and saves.
 */
import { UsageError } from '../errors.js'
import {
  restoreSources,
  type CacheSource,
  type Entry,
  type RestoreSource,
  type Tier
} from '../types.js'

/** A list field's edit: clear it, drop named items, then add new ones (in that order). */
export interface ListEdit {
  add?: string[] | undefined
  drop?: string[] | undefined
  clear?: boolean | undefined
}

export interface EntryEdit {
  /** Replaces the entry's recipe(s); cache sources are kept, ahead of it. */
  restore?: string | undefined
  /** Another Actions cache source, tried before the recipe. */
  addCache?: { key: string; restoreKeys: string[] } | undefined
  /** An S3-compatible bucket source (`s3://BUCKET/PREFIX`), tried before the recipes. */
  addS3?: string | undefined
  clearRestore?: boolean | undefined
  env?: ListEdit | undefined
  secretEnv?: ListEdit | undefined
  needs?: ListEdit | undefined
  timeout?: number | undefined
  clearTimeout?: boolean | undefined
  smoke?: string | undefined
  clearSmoke?: boolean | undefined
  smokeTimeout?: number | undefined
  clearSmokeTimeout?: boolean | undefined
  tier?: number | undefined
  note?: string | undefined
  clearNote?: boolean | undefined
  minFiles?: number | undefined
  maxFiles?: number | undefined
  clearMaxFiles?: boolean | undefined
  ignore?: ListEdit | undefined
  sentinels?: ListEdit | undefined
}

/** One field that differs, as dotted path and the two values (undefined: absent). */
export interface FieldChange {
  field: string
  before: unknown
  after: unknown
}

/** Apply `edit` to a copy of `entry`. Throws UsageError naming the flag when it cannot apply. */
export function applyEdit(entry: Entry, edit: EntryEdit): Entry {
  const out = structuredClone(entry) as Entry & Record<string, unknown>
  const treeOnly = (flag: string): void => {
    if (out.kind !== 'tree')
      throw new UsageError(`${flag}: entry "${entry.id}" is a ${entry.kind}; only trees have it`)
  }
  setRestore(out, edit)
  setList(out, 'env', edit.env, '--env', entry.id)
  setList(out, 'secret_env', edit.secretEnv, '--secret-env', entry.id)
  out.needs = editList(out.needs, edit.needs, '--needs', entry.id)
  setScalar(out, 'timeout_s', edit.timeout, edit.clearTimeout)
  setScalar(out, 'smoke', edit.smoke, edit.clearSmoke)
  setScalar(out, 'smoke_timeout_s', edit.smokeTimeout, edit.clearSmokeTimeout || edit.clearSmoke)
  setScalar(out, 'note', edit.note, edit.clearNote)
  if (edit.tier !== undefined) out.tier = edit.tier as Tier
  if (edit.minFiles !== undefined || edit.maxFiles !== undefined || edit.clearMaxFiles) {
    treeOnly(edit.minFiles !== undefined ? '--min-files' : '--max-files')
  }
  if (edit.ignore) treeOnly('--ignore')
  if (edit.sentinels) treeOnly('--sentinel')
  if (out.kind === 'tree') {
    if (edit.minFiles !== undefined) out.expect.min_files = edit.minFiles
    if (edit.clearMaxFiles) delete out.expect.max_files
    if (edit.maxFiles !== undefined) out.expect.max_files = edit.maxFiles
    out.ignore = editList(out.ignore, edit.ignore, '--ignore', entry.id)
    out.expect.sentinels = editList(out.expect.sentinels, edit.sentinels, '--sentinel', entry.id)
  }
  return out
}

/**
 * A tree's recorded file count outside its own bounds fails every check of a healthy tree: refuse
 * it when authoring, naming the bound.
 */
export function boundsProblem(e: Entry): string | undefined {
  if (e.kind !== 'tree' || e.expect.files === undefined) return undefined
  const { files, min_files: min, max_files: max } = e.expect
  if (files < min)
    return `entry "${e.id}" field expect.min_files: ${min} is above the ${files} files the tree holds`
  if (max !== undefined && files > max)
    return `entry "${e.id}" field expect.max_files: ${max} is below the ${files} files the tree holds`
  return undefined
}

function setScalar(
  out: Record<string, unknown>,
  key: string,
  value: unknown,
  clear: boolean | undefined
): void {
  if (clear) delete out[key]
  if (value !== undefined) out[key] = value
}

function setList(
  out: Record<string, unknown>,
  key: 'env' | 'secret_env',
  edit: ListEdit | undefined,
  flag: string,
  id: string
): void {
  if (!edit) return
  const next = editList((out[key] as string[] | undefined) ?? [], edit, flag, id)
  if (next.length === 0) delete out[key]
  else out[key] = next
}

export function editList(
  current: readonly string[],
  edit: ListEdit | undefined,
  flag: string,
  id: string
): string[] {
  if (!edit) return [...current]
  let next = edit.clear ? [] : [...current]
  for (const d of edit.drop ?? []) {
    if (!next.includes(d))
      throw new UsageError(`--drop-${flag.slice(2)} ${d}: entry "${id}" has no such item`)
    next = next.filter(x => x !== d)
  }
  for (const a of edit.add ?? []) if (!next.includes(a)) next.push(a)
  return next
}

function setRestore(out: Entry, edit: EntryEdit): void {
  if (!edit.clearRestore && edit.restore === undefined && !edit.addCache && !edit.addS3) return
  let sources: RestoreSource[] = edit.clearRestore ? [] : [...restoreSources(out)]
  if (edit.restore !== undefined) {
    sources = [...sources.filter(s => typeof s !== 'string'), edit.restore]
  }
  if (edit.addCache) {
    const key = edit.addCache.key
    if (sources.some(s => typeof s !== 'string' && 'cache' in s && s.cache.key === key))
      throw new UsageError(`--add-source-cache ${key}: entry "${out.id}" already has that cache`)
    const cache: CacheSource = {
      cache: {
        key,
        ...(edit.addCache.restoreKeys.length > 0
          ? { 'restore-keys': edit.addCache.restoreKeys }
          : {})
      }
    }
    // Caches are tried before recipes: restoring a cache is cheaper than rebuilding.
    const firstRecipe = sources.findIndex(s => typeof s === 'string')
    if (firstRecipe < 0) sources.push(cache)
    else sources.splice(firstRecipe, 0, cache)
  }
  if (edit.addS3) {
    const url = edit.addS3
    if (sources.some(s => typeof s !== 'string' && 's3' in s && s.s3.url === url))
      throw new UsageError(`--add-source-s3 ${url}: entry "${out.id}" already has that bucket`)
    const firstRecipe = sources.findIndex(s => typeof s === 'string')
    if (firstRecipe < 0) sources.push({ s3: { url } })
    else sources.splice(firstRecipe, 0, { s3: { url } })
  }
  if (sources.length === 0) delete out.restore
  else if (sources.length === 1 && typeof sources[0] === 'string') out.restore = sources[0]
  else out.restore = sources
}

/** Field-by-field differences between two versions of an entry (`expect` field by field). */
export function diffEntry(before: Entry, after: Entry): FieldChange[] {
  const out: FieldChange[] = []
  const a = before as unknown as Record<string, unknown>
  const b = after as unknown as Record<string, unknown>
  for (const key of unionKeys(a, b)) {
    if (key === 'expect') {
      const ea = a.expect as Record<string, unknown>
      const eb = b.expect as Record<string, unknown>
      for (const k of unionKeys(ea, eb))
        if (!same(ea[k], eb[k])) out.push({ field: `expect.${k}`, before: ea[k], after: eb[k] })
    } else if (!same(a[key], b[key])) {
      out.push({ field: key, before: summarise(key, a[key]), after: summarise(key, b[key]) })
    }
  }
  return out
}

function unionKeys(a: Record<string, unknown>, b: Record<string, unknown>): string[] {
  return [...new Set([...Object.keys(a), ...Object.keys(b)])]
}

function same(x: unknown, y: unknown): boolean {
  return JSON.stringify(x) === JSON.stringify(y)
}

/** Escrowed bytes are long and not for reading: shown by their encoded length. */
function summarise(key: string, v: unknown): unknown {
  if (key !== 'escrow' || v === undefined) return v
  const data = (v as { data?: unknown }).data
  return `${typeof data === 'string' ? data.length : 0} characters escrowed`
}
