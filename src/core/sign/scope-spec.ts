/**
 * The signed scope and expiry as a signer spells them on the command line:
 *   --scope repo=OWNER/NAME,ref=refs/heads/main,path=.swr/manifest.json   (or "none")
 *   --scope repo=OWNER/NAME --scope ref=refs/heads/main                   (the same as one list)
 *   --expires 30d | 12h | 2w | 2026-12-31 | 2026-12-31T00:00:00Z            (or "never")
 * Each part is checked against what the gate compares it with, so a scope that can never match
 * (a ref without refs/, a path other than the manifest's own) is refused before it is signed.
 */
import picomatch from 'picomatch'
import { UsageError } from '../errors.js'
import type { ManifestScope } from '../types.js'

const REPO = /^[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+$/
const KEYS: Record<string, keyof ManifestScope> = {
  repo: 'repository',
  repository: 'repository',
  ref: 'ref',
  path: 'manifest_path',
  manifest_path: 'manifest_path'
}

/**
 * `specs` (each --scope given, in order) as one scope; undefined for "none". Every part narrows
 * where the manifest may run, so repeated --scope flags add their parts, as a comma does: keeping
 * only the last would silently drop a limit the signer asked for. `ownPath` is the manifest's path
 * relative to its workspace (undefined when it lies outside): `path` alone means that path.
 */
export function parseScope(
  specs: string | readonly string[],
  ownPath: string | undefined
): ManifestScope | undefined {
  const list = typeof specs === 'string' ? [specs] : specs
  if (list.includes('none')) {
    if (list.length > 1)
      throw new UsageError('--scope none removes the scope: give it alone, not beside other parts')
    return undefined
  }
  const scope: ManifestScope = {}
  for (const part of list.flatMap(s => s.split(','))) {
    const eq = part.indexOf('=')
    const name = eq < 0 ? part : part.slice(0, eq)
    const value = eq < 0 ? '' : part.slice(eq + 1)
    const key = KEYS[name.trim()]
    if (!key)
      throw new UsageError(`--scope: unknown part "${name}" (use repo=, ref= and path=, or none)`)
    if (scope[key] !== undefined) throw new UsageError(`--scope: ${name} given twice`)
    scope[key] = checkPart(key, value.trim(), ownPath)
  }
  return scope
}

function checkPart(key: keyof ManifestScope, v: string, ownPath: string | undefined): string {
  switch (key) {
    case 'repository':
      if (!REPO.test(v)) throw new UsageError(`--scope repo=${v}: must be OWNER/NAME`)
      return v
    case 'ref':
      if (!v.startsWith('refs/') || v.length > 256)
        throw new UsageError(
          `--scope ref=${v}: must be a full ref or glob of at most 256 characters, e.g. refs/heads/main or refs/tags/v*`
        )
      try {
        picomatch.makeRe(v, { dot: true })
      } catch {
        throw new UsageError(`--scope ref=${v}: not a valid glob`)
      }
      return v
    case 'manifest_path':
      if (ownPath === undefined)
        throw new UsageError(
          '--scope path: the manifest lies outside its workspace, so no run could match a path scope'
        )
      if (v !== '' && v !== ownPath)
        throw new UsageError(
          `--scope path=${v}: this manifest is read from ${ownPath}; a path scope naming another path never matches`
        )
      return ownPath
  }
}

const UNIT_MS: Record<string, number> = { h: 3600e3, d: 86400e3, w: 7 * 86400e3 }
/** Longest expiry a signer may set: ten years. */
const MAX_MS = 3653 * 86400e3

/** `spec` as an expiry timestamp after `now`; undefined for "never". */
export function parseExpiry(spec: string, now: Date): string | undefined {
  if (spec === 'never') return undefined
  let at: number
  const rel = /^(\d{1,6})([hdw])$/.exec(spec)
  if (rel) at = now.getTime() + Number(rel[1]) * (UNIT_MS[rel[2] as string] as number)
  else if (/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}:\d{2}Z)?$/.test(spec)) {
    const full = spec.length === 10 ? `${spec}T00:00:00Z` : spec
    at = Date.parse(full)
    // Date.parse rolls 2026-02-30 over to March: a real date reads back the same.
    if (Number.isNaN(at) || new Date(at).toISOString().slice(0, 19) !== full.slice(0, 19))
      throw new UsageError(`--expires ${spec}: not a real date`)
  } else
    throw new UsageError(
      `--expires ${spec}: give a duration (12h, 30d, 2w), a date (2026-12-31), a UTC time (2026-12-31T00:00:00Z) or never`
    )
  if (at <= now.getTime()) throw new UsageError(`--expires ${spec}: is not in the future`)
  if (at - now.getTime() > MAX_MS)
    throw new UsageError(`--expires ${spec}: more than ten years away`)
  return new Date(at).toISOString().replace(/\.\d+Z$/, 'Z')
}
