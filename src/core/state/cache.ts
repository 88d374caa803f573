/**
 * The incremental hash cache: lets an unchanged workspace re-check without re-hashing. A cached
 * hash is used only when the file's dev, inode, size, mtime_ns and ctime_ns are all unchanged
 * (ctime cannot be set from user space, so an edit that restores mtime is still noticed), and only
 * for the same manifest file, entry id and entry content (the canonical digest of the entry, so
 * editing one entry does not throw away the hashes of the others). It stores what was observed on
 * disk, never a verdict: the expectations are compared afresh on every check.
 *
 * Files are private (0600 in a 0700 directory) and written atomically; a corrupt or foreign cache
 * file is ignored, never fatal.
 */
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { writeFileAtomic } from './atomic.js'
import { ensurePrivateDir } from './state-dir.js'

export interface TreeCacheRecord {
  stamp: string
  metaDigest: string
  contentDigest: string
  files: number
  /**
   * The native walk's raw digest (find's bytes in readdir order) that gave `stamp`: recorded by
   * the first warm check that matched, so the next ones can skip re-sorting (native-walk.ts).
   */
  rawStamp?: string
}

/** rel → "ident size sha256" for the files of one tree, for partial re-hashing. */
export type TreeFileMap = Map<string, string>

export interface HashCache {
  file(id: string, key: string): string | undefined
  setFile(id: string, key: string, sha256: string): void
  tree(id: string): TreeCacheRecord | undefined
  setTree(id: string, rec: TreeCacheRecord): void
  treeFiles(id: string): TreeFileMap
  setTreeFiles(id: string, files: TreeFileMap): void
  /** The same, as the JSON text of the rel → value object (built by the walk workers). */
  setTreeFilesJson(id: string, json: readonly Uint8Array[]): void
  /** Persist what changed; errors are swallowed (the cache is an optimisation). */
  flush(): void
}

interface Stored {
  v: 1
  files: Record<string, { entry: string; key: string; sha256: string }>
  trees: Record<string, TreeCacheRecord & { entry: string }>
}

/** A cache that remembers nothing (`--no-cache` reads nothing; its results are still saved). */
export function openCache(opts: {
  stateDir: string
  manifestFile: string
  /** Entry id → canonical digest of that entry. */
  entryDigests: Map<string, string>
  read: boolean
}): HashCache {
  const key = createHash('sha256')
    .update(path.resolve(opts.manifestFile))
    .digest('hex')
    .slice(0, 32)
  const dir = path.join(opts.stateDir, 'cache', key)
  const mainFile = path.join(dir, 'entries.json')
  // Maps, not objects: an entry id such as "__proto__" is valid and must stay plain data.
  const raw = opts.read ? readJson(mainFile, isStored) : undefined
  const files = new Map(Object.entries(raw?.files ?? {}))
  const trees = new Map(Object.entries(raw?.trees ?? {}))
  const treeMaps = new Map<string, TreeFileMap>()
  const treeJson = new Map<string, readonly Uint8Array[]>()
  const dirtyMaps = new Set<string>()
  let dirty = false
  const digestOf = (id: string): string => opts.entryDigests.get(id) ?? ''
  // Ids are [A-Za-z0-9._-]; a prefix keeps "." and ".." from naming directories.
  const treeFile = (id: string): string => path.join(dir, `tree-${id}.json`)

  return {
    file(id, k) {
      const rec = files.get(id)
      return rec?.entry === digestOf(id) && rec.key === k && typeof rec.sha256 === 'string'
        ? rec.sha256
        : undefined
    },
    setFile(id, k, sha256) {
      files.set(id, { entry: digestOf(id), key: k, sha256 })
      dirty = true
    },
    tree(id) {
      const rec = trees.get(id)
      return rec?.entry === digestOf(id) && isTreeRecord(rec) ? rec : undefined
    },
    setTree(id, rec) {
      trees.set(id, { ...rec, entry: digestOf(id) })
      dirty = true
    },
    treeFiles(id) {
      let map = treeMaps.get(id)
      const json = treeJson.get(id)
      if (!map && json !== undefined) {
        const files = JSON.parse(Buffer.concat(json).toString('utf8')) as Record<string, string>
        map = new Map(Object.entries(files))
        treeMaps.set(id, map)
      }
      if (!map) {
        const raw = opts.read ? readJson(treeFile(id), isTreeFiles) : undefined
        map = raw && raw.entry === digestOf(id) ? new Map(Object.entries(raw.files)) : new Map()
        treeMaps.set(id, map)
      }
      return map
    },
    setTreeFiles(id, files) {
      treeMaps.set(id, files)
      treeJson.delete(id)
      dirtyMaps.add(id)
    },
    setTreeFilesJson(id, json) {
      treeMaps.delete(id)
      treeJson.set(id, json)
      dirtyMaps.add(id)
    },
    flush() {
      if (!dirty && dirtyMaps.size === 0) return
      try {
        ensurePrivateDir(opts.stateDir, 'cache', key)
        for (const id of dirtyMaps) {
          const json = treeJson.get(id)
          const head = `{"v":1,"entry":${JSON.stringify(digestOf(id))},"files":`
          const body =
            json !== undefined
              ? [Buffer.from(head), ...json, Buffer.from('}')]
              : `${head}${JSON.stringify(Object.fromEntries(treeMaps.get(id) ?? []))}}`
          writeFileAtomic(treeFile(id), body, { mode: 0o600, unlessSame: true })
        }
        if (dirty) {
          const body = { v: 1, files: Object.fromEntries(files), trees: Object.fromEntries(trees) }
          writeFileAtomic(mainFile, JSON.stringify(body), { mode: 0o600, unlessSame: true })
        }
      } catch {
        // A read-only or full state directory must not fail a check.
      }
      dirty = false
      dirtyMaps.clear()
    }
  }
}

function readJson<T>(file: string, guard: (v: unknown) => v is T): T | undefined {
  try {
    const v: unknown = JSON.parse(fs.readFileSync(file, 'utf8'))
    return guard(v) ? v : undefined
  } catch {
    return undefined
  }
}

function isStored(v: unknown): v is Stored {
  const s = v as Stored
  return (
    typeof s === 'object' &&
    s !== null &&
    s.v === 1 &&
    typeof s.files === 'object' &&
    s.files !== null &&
    typeof s.trees === 'object' &&
    s.trees !== null
  )
}

/** A record read back has the types the verifiers rely on (the file may be foreign). */
function isTreeRecord(r: TreeCacheRecord): boolean {
  return (
    typeof r.stamp === 'string' &&
    typeof r.metaDigest === 'string' &&
    typeof r.contentDigest === 'string' &&
    typeof r.files === 'number' &&
    (r.rawStamp === undefined || typeof r.rawStamp === 'string')
  )
}

function isTreeFiles(v: unknown): v is { v: 1; entry: string; files: Record<string, string> } {
  const s = v as { v: unknown; entry: unknown; files: unknown }
  return (
    typeof s === 'object' &&
    s !== null &&
    s.v === 1 &&
    typeof s.entry === 'string' &&
    typeof s.files === 'object' &&
    s.files !== null &&
    !Array.isArray(s.files) &&
    Object.values(s.files as object).every(x => typeof x === 'string')
  )
}

/**
 * A cache held in memory only, for one run over paths no manifest names (a sealed cache's paths):
 * nothing is read from or written to the state directory.
 */
export function memoryCache(): HashCache {
  const files = new Map<string, string>()
  const trees = new Map<string, TreeCacheRecord>()
  const maps = new Map<string, TreeFileMap>()
  return {
    file: (id, k) => files.get(`${id}\0${k}`),
    setFile: (id, k, sha256) => void files.set(`${id}\0${k}`, sha256),
    tree: id => trees.get(id),
    setTree: (id, rec) => void trees.set(id, rec),
    treeFiles: id => maps.get(id) ?? new Map(),
    setTreeFiles: (id, m) => void maps.set(id, m),
    setTreeFilesJson: (id, json) =>
      void maps.set(
        id,
        new Map(
          Object.entries(JSON.parse(Buffer.concat(json).toString('utf8')) as Record<string, string>)
        )
      ),
    flush: () => undefined
  }
}
