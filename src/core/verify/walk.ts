/**
 * The tree walk and the digests defined over it. Order: depth-first, children by name in JavaScript
 * string order, so no global sort is needed. Symlinks are recorded, never followed. Each record
 * contributes one line to each digest:
 *   meta:    relpath NUL type NUL size NUL mode LF         (type f, d, l or o; size 0 unless f)
 *   content: the meta line's fields, NUL sha256 (files) or link target (links), LF
 *   stamp:   the meta line's fields plus dev, inode, mtime_ns, ctime_ns (the incremental-cache key)
 */
import { createHash, type Hash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import picomatch from 'picomatch'
import { octal } from './mode.js'

export type RecordType = 'f' | 'd' | 'l' | 'o'

export interface WalkRecord {
  rel: string
  type: RecordType
  size: number
  mode: number
  /** Cache identity: dev:ino:mtime_ns:ctime_ns. */
  ident: string
}

export interface WalkResult {
  records: WalkRecord[]
  files: number
  metaDigest: string
  stamp: string
  /** Directories that could not be read, with their error code. */
  unreadable: { rel: string; code: string }[]
}

/**
 * A matcher for a tree's ignore rules, read as .gitignore reads them: a rule without a slash
 * (`node_modules`, `*.pyc`) matches a name at any depth; a rule with one (`docs/*.tmp`) matches the
 * path relative to the tree.
 */
export function ignoreMatcher(rules: readonly string[]): (rel: string, name: string) => boolean {
  if (rules.length === 0) return () => false
  const names = new Set(rules.filter(r => !/[/*?[\]{}!]/.test(r)))
  const nameGlobs = rules.filter(r => !names.has(r) && !r.includes('/'))
  const pathGlobs = rules.filter(r => r.includes('/')).map(r => r.replace(/^\//, ''))
  const byName = nameGlobs.length > 0 ? picomatch(nameGlobs, { dot: true }) : undefined
  const byPath = pathGlobs.length > 0 ? picomatch(pathGlobs, { dot: true }) : undefined
  return (rel, name) =>
    names.has(name) ||
    (byName !== undefined && byName(name)) ||
    (byPath !== undefined && byPath(rel))
}

export function metaLine(r: Pick<WalkRecord, 'rel' | 'type' | 'size' | 'mode'>): string {
  return `${r.rel}\0${r.type}\0${r.type === 'f' ? r.size : 0}\0${octal(r.mode)}\n`
}

/**
 * Walk the tree at `root` (already known to be a real directory). `exclude` holds absolute paths
 * of swr's own files (state directory, manifest, tree indexes) that are never part of a tree.
 */
export function walkTree(
  root: string,
  ignore: readonly string[],
  exclude: ReadonlySet<string> = new Set()
): WalkResult {
  const ignored = ignoreMatcher(ignore)
  const records: WalkRecord[] = []
  const unreadable: { rel: string; code: string }[] = []
  const meta = createHash('sha256')
  const stamp = createHash('sha256')
  let files = 0
  const visit = (absDir: string, relDir: string): void => {
    let names: string[]
    try {
      names = fs.readdirSync(absDir)
    } catch (err) {
      unreadable.push({ rel: relDir || '.', code: (err as NodeJS.ErrnoException).code ?? 'EIO' })
      return
    }
    names.sort()
    for (const name of names) {
      const rel = relDir ? `${relDir}/${name}` : name
      if (ignored(rel, name)) continue
      const abs = `${absDir}/${name}`
      if (exclude.has(abs)) continue
      let st: fs.BigIntStats
      try {
        st = fs.lstatSync(abs, { bigint: true })
      } catch {
        continue // vanished between readdir and lstat: the same as not there
      }
      const type: RecordType = st.isFile()
        ? 'f'
        : st.isDirectory()
          ? 'd'
          : st.isSymbolicLink()
            ? 'l'
            : 'o'
      const rec: WalkRecord = {
        rel,
        type,
        size: type === 'f' ? Number(st.size) : 0,
        mode: Number(st.mode & 0o7777n),
        ident: `${st.dev}:${st.ino}:${st.mtimeNs}:${st.ctimeNs}`
      }
      records.push(rec)
      const line = metaLine(rec)
      meta.update(line)
      stamp.update(line).update(rec.ident)
      if (type === 'd') visit(abs, rel)
      else files++
    }
  }
  visit(root, '')
  return { records, files, metaDigest: meta.digest('hex'), stamp: stamp.digest('hex'), unreadable }
}

/** The content digest, given each file's sha256 and each link's target (by record index). */
export function contentDigest(
  records: readonly WalkRecord[],
  extra: readonly (string | undefined)[]
): string {
  const h: Hash = createHash('sha256')
  records.forEach((r, i) => {
    h.update(metaLine(r).slice(0, -1)).update(`\0${extra[i] ?? ''}\n`)
  })
  return h.digest('hex')
}

/** Link targets for the link records (readlink never follows). */
export function linkTargets(root: string, records: readonly WalkRecord[]): (string | undefined)[] {
  return records.map(r => {
    if (r.type !== 'l') return undefined
    try {
      return fs.readlinkSync(path.join(root, r.rel))
    } catch {
      return ''
    }
  })
}
