// The tree walk's definition, in one place: the order entries are visited in, the type letter and
// mode text each gets, and the lines the recorded digests are computed over. Every walker (the
// inline walk in walk.ts, the walk workers in hash-kernel.mjs, GNU find through native-walk.ts
// and its re-sort in find-lines.ts) takes its order and its lines from here, so a change here
// changes all of them at once. Any change to a line's spelling changes every recorded digest:
// recorded manifests then fail their metadata and content checks. Plain JavaScript so the worker
// kernel can import it without a build (as byte-names.mjs).
//
// Each entry below the tree's root gives one line to each digest:
//   meta:    relpath NUL type NUL size NUL mode LF        (size 0 unless a regular file)
//   content: the meta line's fields, NUL sha256 (files) or link target (links), LF
//   stamp:   relpath NUL type NUL dev:inode:mtime:ctime LF (the incremental-cache key)
// and each special file (TYPE.other: a device, FIFO or socket) one more line to a digest of its own:
//   special: relpath NUL kind LF   ("char 1:3", "block 8:0", "fifo", "socket"; see specials.ts)
// The special lines came later than the other three and are kept apart from them on purpose: a
// device's numbers in the meta or content line would have changed every digest recorded before.
import fs from 'node:fs'
import { fsPath, readListing, readNames } from './byte-names.mjs'

/**
 * Type letters: a regular file, a directory, a symlink, anything else. The first three are GNU
 * find's own -type letters, so its -type tests name them as they are.
 */
export const TYPE = Object.freeze({ file: 'f', dir: 'd', link: 'l', other: 'o' })

/** The letters find can test for, in the order tested (anything else is TYPE.other). */
const FIND_TYPES = [TYPE.file, TYPE.dir, TYPE.link]

/**
 * The type letter of an lstat result (Stats or BigIntStats).
 * @param {import('node:fs').Stats | import('node:fs').BigIntStats} st
 */
export function typeOf(st) {
  if (st.isFile()) return TYPE.file
  if (st.isDirectory()) return TYPE.dir
  if (st.isSymbolicLink()) return TYPE.link
  return TYPE.other
}

/**
 * Visit order among siblings: JavaScript string order (UTF-16 code units, names as byte-names.mjs
 * spells them). `sortNames` is the same order through the default sort, which is the fastest.
 * @param {string} a
 * @param {string} b
 */
export function compareNames(a, b) {
  return a < b ? -1 : a > b ? 1 : 0
}

/**
 * Whether relative path `b` comes after `a` in visit order: depth first, each directory's
 * children in `compareNames` order, which is comparing whole paths with "/" below every other
 * character. A strict order: paths that keep to it are all different.
 * @param {string} a
 * @param {string} b
 */
export function visitedAfter(a, b) {
  const n = Math.min(a.length, b.length)
  let i = 0
  while (i < n && a.charCodeAt(i) === b.charCodeAt(i)) i++
  if (i === n) return a.length < b.length
  const x = a.charCodeAt(i)
  const y = b.charCodeAt(i)
  if (x === 47) return true
  if (y === 47) return false
  return x < y
}

/**
 * Sort sibling names into visit order, in place.
 * @param {string[]} names
 */
export function sortNames(names) {
  return names.sort()
}

const MODE_TEXT = new Map()

/**
 * Permission bits as four octal digits ("0755"); a handful of distinct modes, so cached.
 * @param {number} mode
 */
export function modeText(mode) {
  let t = MODE_TEXT.get(mode)
  if (t === undefined) {
    t = (mode & 0o7777).toString(8).padStart(4, '0')
    MODE_TEXT.set(mode, t)
  }
  return t
}

/**
 * A time in stamp lines, as GNU find's %T@ prints it (seconds, a dot, nine digits of nanoseconds
 * and a zero), so find's lines need no conversion. Another spelling (a time before 1970) only
 * costs a cache miss.
 * @param {bigint} ns
 */
export function stampTime(ns) {
  return stampTimeOf(ns.toString())
}

/**
 * stampTime of a time already spelled in decimal nanoseconds: the walk spells each time once
 * for its cache identity and cuts the stamp's spelling from it (no BigInt arithmetic per entry).
 * @param {string} ns
 */
export function stampTimeOf(ns) {
  if (ns.startsWith('-')) return ns
  const t = ns.padStart(10, '0')
  return `${t.slice(0, -9)}.${t.slice(-9)}0`
}

/**
 * The nanoseconds a stamp time spells (stampTimeOf's inverse): the walk workers' lines are read
 * back into records when a diff needs them.
 * @param {string} text
 * @returns {bigint}
 */
export function stampTimeNs(text) {
  if (text.startsWith('-')) return BigInt(text)
  return BigInt(text.slice(0, -1).replace('.', ''))
}

/** What separates a line's fields and ends a line, in the lines and in find's -printf escapes. */
const SEP = '\0'
const END = '\n'
// \000, never \0: GNU find reads up to three octal digits, so "\0" + "0" would be one NUL.
const FIND_SEP = '\\000'
const FIND_END = '\\n'

/** The size field: only a regular file's size is part of the line. */
const sized = (type, size) => (type === TYPE.file ? size : 0)

// The two layouts below are each line's one definition. The Node walkers fill them with values,
// find with its -printf directives for the same values: path %p, size %s, mode %04m (modeText),
// device %D, inode %i, times %T@ and %C@ (stampTime).
const metaLayout = (path, type, size, mode, sep) => `${path}${sep}${type}${sep}${size}${sep}${mode}`
const stampLayout = (path, type, dev, ino, mtime, ctime, sep, end) =>
  `${path}${sep}${type}${sep}${dev}:${ino}:${mtime}:${ctime}${end}`

/**
 * The meta line's fields without its end: the head of the content line too.
 * @param {string} rel
 * @param {string} type
 * @param {number | bigint} size
 * @param {number} mode
 */
export function metaFields(rel, type, size, mode) {
  return metaLayout(rel, type, sized(type, size), modeText(mode), SEP)
}

/**
 * One meta line.
 * @param {string} rel
 * @param {string} type
 * @param {number | bigint} size
 * @param {number} mode
 */
export function metaLine(rel, type, size, mode) {
  return metaFields(rel, type, size, mode) + END
}

/**
 * The meta line of fields metaFields gave.
 * @param {string} fields
 */
export function metaLineOf(fields) {
  return fields + END
}

/**
 * One content line: the meta fields and the file's sha256 or the link's target ('' otherwise).
 * @param {string} fields metaFields of the entry
 * @param {string} extra
 */
export function contentLine(fields, extra) {
  return `${fields}${SEP}${extra}${END}`
}

/**
 * One special line: a special file's path and what it is (specials.ts spells `kind`).
 * @param {string} rel
 * @param {string} kind
 */
export function specialLine(rel, kind) {
  return `${rel}${SEP}${kind}${END}`
}

/**
 * One stamp line.
 * @param {string} rel
 * @param {string} type
 * @param {bigint} dev
 * @param {bigint} ino
 * @param {bigint} mtimeNs
 * @param {bigint} ctimeNs
 */
export function stampLine(rel, type, dev, ino, mtimeNs, ctimeNs) {
  return stampLayout(rel, type, dev, ino, stampTime(mtimeNs), stampTime(ctimeNs), SEP, END)
}

// Every line starts with its path. The walk workers write the path as bytes (a name need not be
// UTF-8) and then the rest of the line, its tail, spelled here as for a path of ''.

/**
 * The meta fields after the path: metaFields of the same values is the path, then this.
 * @param {string} type
 * @param {number} size
 * @param {number} mode
 */
export function metaTail(type, size, mode) {
  return metaFields('', type, size, mode)
}

/**
 * A stamp line after its path, from values spelled in decimal (times in nanoseconds, as
 * identText takes them).
 * @param {string} type
 * @param {string} dev
 * @param {string} ino
 * @param {string} mtimeNs
 * @param {string} ctimeNs
 */
export function stampTail(type, dev, ino, mtimeNs, ctimeNs) {
  return stampLayout('', type, dev, ino, stampTimeOf(mtimeNs), stampTimeOf(ctimeNs), SEP, END)
}

/**
 * find's -printf format for one kind of line and one type letter: the same layout, with find's
 * directives for the values.
 * @param {'meta' | 'stamp'} kind
 * @param {string} type
 */
export function findFormat(kind, type) {
  return kind === 'meta'
    ? metaLayout('%p', type, sized(type, '%s'), '%04m', FIND_SEP) + FIND_END
    : stampLayout('%p', type, '%D', '%i', '%T@', '%C@', FIND_SEP, FIND_END)
}

/**
 * find's expression printing one line per entry: a -type test and -printf for each letter find
 * can test, then TYPE.other for the rest.
 * @param {'meta' | 'stamp'} kind
 * @returns {string[]}
 */
export function findPrintArgs(kind) {
  return [
    ...FIND_TYPES.flatMap((t, i) => [
      ...(i > 0 ? ['-o'] : []),
      '-type',
      t,
      '-printf',
      findFormat(kind, t)
    ]),
    '-o',
    '-printf',
    findFormat(kind, TYPE.other)
  ]
}

/** The bytes find's lines are split on, and the type letter that opens a subtree. */
export const LINE_END = END.charCodeAt(0)
export const FIELD_SEP = SEP.charCodeAt(0)
export const DIR_BYTE = TYPE.dir.charCodeAt(0)

/**
 * An entry's identity in the per-file cache: dev:ino:mtime_ns:ctime_ns (raw nanoseconds).
 * @param {bigint | string} dev
 * @param {bigint | string} ino
 * @param {bigint | string} mtimeNs
 * @param {bigint | string} ctimeNs
 */
export function identText(dev, ino, mtimeNs, ctimeNs) {
  return `${dev}:${ino}:${mtimeNs}:${ctimeNs}`
}

/**
 * A file's value in the per-file cache: its identity, size and sha256.
 * @param {string} ident
 * @param {number} size
 * @param {string} sha256
 */
export function cacheText(ident, size, sha256) {
  return `${ident} ${size} ${sha256}`
}

/**
 * The entries of one directory in visit order, each lstat'ed (never followed): `each` gets its
 * absolute path, its path relative to the tree, its type letter and its BigIntStats. Names in
 * `rules.skip` are left out before their lstat, absolute paths in `rules.exclude` too, and
 * entries `rules.ignored` matches after it. Throws when the directory cannot be listed.
 * @param {string} absDir
 * @param {string} relDir '' for the tree's root
 * @param {WalkRules} rules
 * @param {EachEntry} each
 */
export function eachChild(absDir, relDir, rules, each) {
  inOrder(absDir, relDir, sortNames(readNames(absDir)), rules, each)
}

/**
 * The entries of one directory as eachChild gives them, except that a name the listing says is a
 * regular file (and no rule ignores) is not lstat'ed: `each` gets it with the type TYPE.file and
 * no state, for a walk that reads each file later, one at a time (the sealed save), which looks at
 * it then with lookAtListed.
 * @param {string} absDir
 * @param {string} relDir '' for the tree's root
 * @param {WalkRules} rules
 * @param {(abs: string, rel: string, type: string, st: import('node:fs').BigIntStats | undefined) => void} each
 */
export function eachChildListed(absDir, relDir, rules, each) {
  const { names, files } = readListing(absDir)
  inOrder(absDir, relDir, sortNames(names), rules, each, files, true)
}

function inOrder(absDir, relDir, names, rules, each, files, later = false) {
  const { skip, exclude, ignored } = rules
  for (const name of names) {
    if (skip?.has(name)) continue
    const abs = `${absDir}/${name}`
    if (exclude.has(abs)) continue
    const rel = relDir ? `${relDir}/${name}` : name
    if (files?.has(name) && !ignored?.(rel, name, false)) {
      if (later) {
        each(abs, rel, TYPE.file, undefined)
        continue
      }
      const looked = lookAtListed(abs, rel, name, ignored)
      if (!looked) continue
      try {
        each(abs, rel, looked.type, looked.st, looked.fd)
      } finally {
        if (looked.fd !== undefined) fs.closeSync(looked.fd)
      }
      continue
    }
    const st = fs.lstatSync(fsPath(abs), { bigint: true, throwIfNoEntry: false })
    if (!st) continue // vanished between readdir and lstat: the same as not there
    if (ignored?.(rel, name, st.isDirectory())) continue
    each(abs, rel, typeOf(st), st)
  }
}

/**
 * A name the listing says is a regular file (and no rule ignores as one), looked at with one path
 * lookup: opened and its state taken from the descriptor, where an lstat and then an open took
 * two (~0.5 s of CPU on 60,000 files). The descriptor comes back open for the caller to read and
 * close. A name that is no longer a regular file (a link or a FIFO swapped in, a directory, no
 * read permission) is lstat'ed as any other entry and judged by the rules as what it now is;
 * undefined when it is gone or ignored.
 * @param {string} abs
 * @param {string} rel
 * @param {string} name
 * @param {WalkRules['ignored']} ignored
 * @returns {{ type: string, st: import('node:fs').BigIntStats, fd?: number } | undefined}
 */
export function lookAtListed(abs, rel, name, ignored) {
  const opened = openToRead(abs)
  if (opened === GONE) return undefined
  if (opened && opened.type === TYPE.file) return opened
  if (opened) fs.closeSync(opened.fd)
  const st = fs.lstatSync(fsPath(abs), { bigint: true, throwIfNoEntry: false })
  if (!st) return undefined
  if (ignored?.(rel, name, st.isDirectory())) return undefined
  return { type: typeOf(st), st }
}

/** How files are opened to be read: never through a link, never blocking on a FIFO. */
export const READ_FLAGS =
  fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW | (fs.constants.O_NONBLOCK ?? 0)

/** openToRead's answer for a name that vanished since the listing. */
const GONE = Symbol('gone')

/**
 * `abs` opened to be read, its state and type from the descriptor; GONE when it vanished,
 * undefined when it cannot be opened.
 * @param {string} abs
 * @returns {{ type: string, st: import('node:fs').BigIntStats, fd: number } | typeof GONE | undefined}
 */
function openToRead(abs) {
  let fd
  try {
    fd = fs.openSync(fsPath(abs), READ_FLAGS)
  } catch (err) {
    return err?.code === 'ENOENT' ? GONE : undefined
  }
  try {
    const st = fs.fstatSync(fd, { bigint: true })
    return { type: typeOf(st), st, fd }
  } catch {
    fs.closeSync(fd)
    return undefined
  }
}

/**
 * The walk: depth first, each directory's children in visit order, each followed by its own
 * subtree, so no global sort is needed. Directories that cannot be listed are added to
 * `unreadable` with their error code (the root as '.'). With `open` (a walk that reads every
 * regular file), each name the listing says is a regular file is opened instead of lstat'ed and
 * `each` gets the descriptor too, open at its start and closed when `each` returns; its state is
 * the descriptor's, the same values an lstat gives.
 * @param {string} rootAbs
 * @param {string} rootRel
 * @param {WalkRules} rules
 * @param {EachEntry} each
 * @param {{ rel: string, code: string }[]} unreadable
 * @param {boolean} [open]
 */
export function visitTree(rootAbs, rootRel, rules, each, unreadable, open = false) {
  const visit = (absDir, relDir) => {
    let names
    let files
    try {
      if (open) ({ names, files } = readListing(absDir))
      else names = readNames(absDir)
      sortNames(names)
    } catch (err) {
      unreadable.push({ rel: relDir || '.', code: err?.code ?? 'EIO' })
      return
    }
    inOrder(
      absDir,
      relDir,
      names,
      rules,
      (abs, rel, type, st, fd) => {
        each(abs, rel, type, st, fd)
        if (type === TYPE.dir) visit(abs, rel)
      },
      files
    )
  }
  visit(rootAbs, rootRel)
}

/**
 * @typedef {{ skip?: ReadonlySet<string>, exclude: ReadonlySet<string>,
 *   ignored?: (rel: string, name: string, isDir: boolean) => boolean }} WalkRules
 * @typedef {(abs: string, rel: string, type: string, st: import('node:fs').BigIntStats, fd?: number) => void} EachEntry
 */
