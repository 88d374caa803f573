// The hashing kernel, shared by the main thread and the hash workers. Plain JavaScript so the same
// file runs as a worker_threads script from src/ (tests) and from dist/ (the bundles) without a
// build step. Synchronous reads into one reused buffer measured 3-6x faster than fs.promises
// here; files are opened with O_NOFOLLOW (a symlink swapped in for a file is an error, never a
// read elsewhere) and O_NONBLOCK (a FIFO planted in a tree cannot hang the check).
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import { isMainThread, parentPort, workerData } from 'node:worker_threads'

export const MIB = 1024 * 1024
const READ_FLAGS = fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW | (fs.constants.O_NONBLOCK ?? 0)

/** @type {Buffer | undefined} */
let shared

function buffer() {
  shared ??= Buffer.allocUnsafe(MIB)
  return shared
}

function notAFile(abs) {
  return Object.assign(new Error(`${abs}: not a regular file`), { code: 'ENOTFILE' })
}

function readFully(fd, buf, length, position) {
  let got = 0
  while (got < length) {
    const n = fs.readSync(fd, buf, got, length - got, position + got)
    if (n === 0) break
    got += n
  }
  return got
}

/**
 * sha256 of a regular file's bytes, with size and mode read from the same descriptor.
 * @param {string} abs
 * @returns {{ sha256: string, size: number, mode: number }}
 */
export function hashFile(abs) {
  const fd = fs.openSync(abs, READ_FLAGS)
  try {
    const st = fs.fstatSync(fd)
    if (!st.isFile()) throw notAFile(abs)
    const h = createHash('sha256')
    const buf = buffer()
    for (;;) {
      const n = fs.readSync(fd, buf, 0, buf.length, null)
      if (n === 0) break
      h.update(n === buf.length ? buf : buf.subarray(0, n))
    }
    return { sha256: h.digest('hex'), size: st.size, mode: st.mode & 0o7777 }
  } finally {
    fs.closeSync(fd)
  }
}

/**
 * The blob head/tail digest: sha256 of the decimal size, the first MiB, and the last MiB when the
 * file is larger than one MiB. Reads at most 2 MiB whatever the file's size.
 * @param {string} abs
 * @returns {{ sha256: string, size: number, mode: number }}
 */
export function hashHeadTail(abs) {
  const fd = fs.openSync(abs, READ_FLAGS)
  try {
    const st = fs.fstatSync(fd)
    if (!st.isFile()) throw notAFile(abs)
    const h = createHash('sha256').update(String(st.size))
    const buf = buffer()
    h.update(buf.subarray(0, readFully(fd, buf, Math.min(MIB, st.size), 0)))
    if (st.size > MIB) h.update(buf.subarray(0, readFully(fd, buf, MIB, st.size - MIB)))
    return { sha256: h.digest('hex'), size: st.size, mode: st.mode & 0o7777 }
  } finally {
    fs.closeSync(fd)
  }
}

/**
 * Run one job; errors come back as their code so one unreadable file never stops the others.
 * @param {string} abs
 * @param {'full' | 'headtail'} how
 */
/**
 * A time in cache stamps, as GNU find's %T@ prints it (seconds, a dot, nine digits of nanoseconds
 * and a zero): the native walker (native-walk.ts) then passes find's lines through unchanged.
 * Another spelling (a time before 1970) only costs a cache miss.
 */
export function stampTime(ns) {
  if (ns < 0n) return `-${-ns}`
  return `${ns / 1000000000n}.${(ns % 1000000000n).toString().padStart(9, '0')}0`
}

export function runJob(abs, how) {
  try {
    return how === 'headtail' ? hashHeadTail(abs) : hashFile(abs)
  } catch (err) {
    return { error: typeof err?.code === 'string' ? err.code : 'EIO' }
  }
}

// Worker loop: claim job indices from a shared counter (largest files were sorted first by the
// pool), post results in batches so 60,000 small files do not cost 60,000 messages.
if (!isMainThread && workerData?.swrHashWorker) {
  const { paths, hows, counter } = workerData
  const next = new Int32Array(counter)
  let batch = []
  for (;;) {
    const i = Atomics.add(next, 0, 1)
    if (i >= paths.length) break
    batch.push([i, runJob(paths[i], hows[i])])
    if (batch.length >= 512) {
      parentPort.postMessage(batch)
      batch = []
    }
  }
  parentPort.postMessage(batch)
  parentPort.postMessage('done')
}

/**
 * Walking subtrees in a worker, so both cores lstat (and hash) at once. `eachEntry` receives every
 * entry below the root in walk order (children sorted, symlinks never followed).
 */
function visitSubtree(rootAbs, rootRel, rules, eachEntry, unreadable) {
  // Plain names only: glob rules keep the walk in the main thread (ignore-rules.ts).
  const ignored = name => rules.names.has(name)
  const visit = (absDir, relDir) => {
    let names
    try {
      names = fs.readdirSync(absDir)
    } catch (err) {
      unreadable.push({ rel: relDir, code: err?.code ?? 'EIO' })
      return
    }
    names.sort()
    for (const name of names) {
      const rel = `${relDir}/${name}`
      if (ignored(name)) continue
      const abs = `${absDir}/${name}`
      if (rules.exclude.has(abs)) continue
      const st = fs.lstatSync(abs, { bigint: true, throwIfNoEntry: false })
      if (!st) continue
      const type = st.isFile() ? 'f' : st.isDirectory() ? 'd' : st.isSymbolicLink() ? 'l' : 'o'
      eachEntry(abs, rel, type, st)
      if (type === 'd') visit(abs, rel)
    }
  }
  visit(rootAbs, rootRel)
}

/** Records of a subtree as column arrays (and, with `hash`, each file's sha256). */
function subtreeColumns(rootAbs, rootRel, rules, hash) {
  const out = {
    rels: [],
    types: [],
    sizes: [],
    modes: [],
    devs: [],
    inos: [],
    mtimes: [],
    ctimes: [],
    shas: [],
    unreadable: []
  }
  const each = (abs, rel, type, st) => {
    out.rels.push(rel)
    out.types.push(type)
    out.sizes.push(type === 'f' ? Number(st.size) : 0)
    out.modes.push(Number(st.mode & 0o7777n))
    out.devs.push(st.dev)
    out.inos.push(st.ino)
    out.mtimes.push(st.mtimeNs)
    out.ctimes.push(st.ctimeNs)
    let sha = null
    if (hash && type === 'f') {
      const r = runJob(abs, 'full')
      sha = 'error' in r ? null : r.sha256
    }
    out.shas.push(sha)
  }
  visitSubtree(rootAbs, rootRel, rules, each, out.unreadable)
  return out
}

const MODE_TEXT = new Map()
function modeText(mode) {
  let t = MODE_TEXT.get(mode)
  if (t === undefined) {
    t = (mode & 0o7777).toString(8).padStart(4, '0')
    MODE_TEXT.set(mode, t)
  }
  return t
}

/**
 * The digest lines of a subtree as one string, without per-entry records: `meta` lines (relpath,
 * type, size, mode) or `stamp` lines (relpath and identity), exactly as walk.ts spells them.
 */
function subtreeText(rootAbs, rootRel, rules, kind) {
  const chunks = []
  let text = ''
  let files = 0
  const unreadable = []
  const each = (_abs, rel, type, st) => {
    text +=
      kind === 'meta'
        ? `${rel}\0${type}\0${type === 'f' ? st.size : 0}\0${modeText(Number(st.mode))}\n`
        : `${rel}\0${type}\0${st.dev}:${st.ino}:${stampTime(st.mtimeNs)}:${stampTime(st.ctimeNs)}\n`
    if (text.length > 1 << 16) {
      chunks.push(text)
      text = ''
    }
    if (type !== 'd') files++
  }
  visitSubtree(rootAbs, rootRel, rules, each, unreadable)
  chunks.push(text)
  return { text: chunks.join(''), files, unreadable }
}

// Walk workers: claim roots from a shared counter, post each root's result with its index.
if (!isMainThread && (workerData?.swrWalkWorker || workerData?.swrTextWorker)) {
  const { roots, counter, hash, kind, names, exclude } = workerData
  const rules = { names: new Set(names), exclude: new Set(exclude) }
  const next = new Int32Array(counter)
  for (;;) {
    const i = Atomics.add(next, 0, 1)
    if (i >= roots.length) break
    const { abs, rel } = roots[i]
    parentPort.postMessage([
      i,
      workerData.swrTextWorker
        ? subtreeText(abs, rel, rules, kind)
        : subtreeColumns(abs, rel, rules, hash)
    ])
  }
  parentPort.postMessage('done')
}
