/**
 * Where probes go: the places a runner, cache or sandbox treats differently. The workspace root, a
 * path 20 directories deep (path-length and depth limits), every volatile directory that exists
 * or is asked for (node_modules, build, .cache, ...: the usual exclusions), $HOME, a fresh
 * directory in the temp dir, and every `--at` path (what a cache step saves).
 */
import fs from 'node:fs'
import path from 'node:path'
import { VOLATILE_DIRS } from '../capture/volatile-dirs.js'
import { UsageError } from '../errors.js'
import { relativeInside, resolveNoFollow, SymlinkRefusal } from '../fs/no-follow.js'
import { anchor, showAnchored, type Anchored, type Anchors } from './anchor.js'

export const DEEP_LEVELS = 20

export interface Location {
  /** `workspace`, `deep`, `volatile:NAME`, `home`, `tmp` or `at:PATH`. */
  id: string
  dir: Anchored
  /** Directories this planting created, parents first (removed by clean when empty). */
  created: Anchored[]
}

export interface LocationRequest extends Anchors {
  plantId: string
  /** Absolute paths from --at. */
  at: readonly string[]
  /** Volatile directory names to plant under even when absent (created). */
  volatile: readonly string[]
  includeHome: boolean
  includeTmp: boolean
}

/** A planned location: the absolute directory and how to make it exist. */
export interface PlannedLocation {
  id: string
  abs: string
  make: 'exists' | 'mkdir' | 'deep' | 'mkdtemp'
}

function isRealDir(abs: string): boolean {
  const st = fs.lstatSync(abs, { throwIfNoEntry: false })
  return st?.isDirectory() === true
}

function checkAt(abs: string): void {
  const st = fs.lstatSync(abs, { throwIfNoEntry: false })
  if (!st) return
  if (st.isSymbolicLink())
    throw new UsageError(`--at ${abs}: is a symlink; give the directory it points to`)
  if (!st.isDirectory()) throw new UsageError(`--at ${abs}: is not a directory`)
}

/** An --at path inside the workspace may not pass through a symlink there (the workspace is hostile). */
function insideWorkspaceNoFollow(workspace: string, abs: string, at: string): void {
  const rel = relativeInside(workspace, abs)
  if (rel === undefined || rel === '.') return
  try {
    resolveNoFollow(workspace, rel)
  } catch (e) {
    if (e instanceof SymlinkRefusal) throw new UsageError(`--at ${at}: ${e.message}`)
    throw e
  }
}

export function planLocations(req: LocationRequest): PlannedLocation[] {
  const out: PlannedLocation[] = [
    { id: 'workspace', abs: req.workspace, make: 'exists' },
    { id: 'deep', abs: path.join(req.workspace, `swr-canary-${req.plantId}-deep`), make: 'deep' }
  ]
  const names = new Set(req.volatile)
  for (const name of VOLATILE_DIRS) if (isRealDir(path.join(req.workspace, name))) names.add(name)
  for (const name of [...names].sort()) {
    if (!/^[^/\0]{1,255}$/.test(name) || name === '.' || name === '..')
      throw new UsageError(`--volatile ${JSON.stringify(name)}: give a directory name, not a path`)
    const abs = path.join(req.workspace, name)
    // A probe, the multi-GiB large one included, must never land outside through a planted link.
    if (fs.lstatSync(abs, { throwIfNoEntry: false })?.isSymbolicLink())
      throw new UsageError(
        `--volatile ${JSON.stringify(name)}: ${JSON.stringify(name)} in the workspace is a symlink; not planting through it`
      )
    out.push({ id: `volatile:${name}`, abs, make: isRealDir(abs) ? 'exists' : 'mkdir' })
  }
  if (req.includeHome && isRealDir(req.home))
    out.push({ id: 'home', abs: req.home, make: 'exists' })
  if (req.includeTmp) out.push({ id: 'tmp', abs: req.tmp, make: 'mkdtemp' })
  for (const at of req.at) {
    const abs = path.resolve(at)
    if (abs === path.parse(abs).root)
      throw new UsageError(`--at ${at}: refusing the root directory`)
    checkAt(abs)
    insideWorkspaceNoFollow(req.workspace, abs, at)
    // Named as anchored, so the same directory keeps one history row across runners and paths.
    out.push({
      id: `at:${showAnchored(anchor(abs, req))}`,
      abs,
      make: fs.existsSync(abs) ? 'exists' : 'mkdir'
    })
  }
  // One location per directory: $HOME may be the workspace, an --at path may repeat another.
  const seen = new Set<string>()
  return out.filter(l =>
    l.make === 'mkdtemp' || !seen.has(l.abs) ? (seen.add(l.abs), true) : false
  )
}

/** Make the location exist; returns the directory and what was created, for undo and clean. */
export function materialize(
  loc: PlannedLocation,
  plantId: string,
  anchors: Anchors,
  created: string[]
): { location: Location; abs: string } {
  let dir = loc.abs
  const mine: string[] = []
  switch (loc.make) {
    case 'exists':
      break
    case 'mkdir': {
      const first = fs.mkdirSync(loc.abs, { recursive: true, mode: 0o755 })
      // mkdirSync returns the first directory it made: every level from there down is ours.
      if (first)
        for (let d = loc.abs; ; d = path.dirname(d)) {
          mine.unshift(d)
          if (d === first) break
        }
      break
    }
    case 'deep': {
      fs.mkdirSync(loc.abs, { mode: 0o755 })
      mine.push(loc.abs)
      for (let i = 2; i <= DEEP_LEVELS; i++) {
        dir = path.join(dir, `d${String(i).padStart(2, '0')}`)
        fs.mkdirSync(dir, { mode: 0o755 })
        mine.push(dir)
      }
      break
    }
    case 'mkdtemp':
      // A fresh random directory: never a fixed name in a directory other users share.
      dir = fs.mkdtempSync(path.join(loc.abs, `swr-canary-${plantId}-`))
      mine.push(dir)
      break
  }
  created.push(...mine)
  return {
    location: { id: loc.id, dir: anchor(dir, anchors), created: mine.map(d => anchor(d, anchors)) },
    abs: dir
  }
}
