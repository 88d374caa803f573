// The hashing kernel, shared by the main thread and the hash workers. Plain JavaScript so the same
// file runs as a worker_threads script from src/ (tests) and from dist/ (the bundles) without a
// build step. Synchronous reads into one reused buffer measured 3-6x faster than fs.promises
// here; files are opened with O_NOFOLLOW (a symlink swapped in for a file is an error, never a
// read elsewhere) and O_NONBLOCK (a FIFO planted in a tree cannot hang the check).
import crypto, { createHash } from 'node:crypto'
import fs from 'node:fs'
import { isMainThread, parentPort, workerData } from 'node:worker_threads'
import { bytesOf, fsPath, readTarget } from './byte-names.mjs'
import { indexLine } from './index-line.mjs'
import { specialKind } from './special-kind.mjs'
import {
  cacheText,
  contentLine,
  identText,
  metaLine,
  metaLineOf,
  metaTail,
  READ_FLAGS,
  stampLine,
  stampTail,
  TYPE,
  visitTree
} from './walk-format.mjs'

export const MIB = 1024 * 1024

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
 * sha256 of a regular file's bytes, with size and mode read from the same descriptor. `stamped`
 * adds the descriptor's identity and times as they were after the last read, so a caller can tell
 * the bytes belong to the state it saw before (capture's "changed while read" check) without
 * another lstat on its own thread.
 * @param {string} abs
 * @param {boolean} [stamped]
 */
export function hashFile(abs, stamped = false) {
  const { fd, st } = openFile(abs)
  try {
    const buf = buffer()
    const h = createHash('sha256')
    for (;;) {
      const n = fs.readSync(fd, buf, 0, buf.length, null)
      if (n === 0) break
      h.update(n === buf.length ? buf : buf.subarray(0, n))
    }
    return digested(h, fd, st, stamped)
  } finally {
    fs.closeSync(fd)
  }
}

/** A regular file opened for hashing (never through a link, never blocking on a FIFO). */
function openFile(abs) {
  const fd = fs.openSync(fsPath(abs), READ_FLAGS)
  try {
    const st = fs.fstatSync(fd)
    if (!st.isFile()) throw notAFile(abs)
    return { fd, st }
  } catch (err) {
    fs.closeSync(fd)
    throw err
  }
}

/** hashFile's result once every byte went into `h`. */
function digested(h, fd, st, stamped) {
  const out = { sha256: h.digest('hex'), size: st.size, mode: st.mode & 0o7777 }
  if (!stamped) return out
  const after = fs.fstatSync(fd, { bigint: true })
  const { ino, size, mtimeNs, ctimeNs } = after
  return { ...out, after: { ino, size, mtimeNs, ctimeNs } }
}

/**
 * hashFile on the main thread, one read at a time with `turn` awaited after each, reading the
 * next chunk on libuv's threadpool while it hashes this one whenever `spare()` says another core
 * is idle: the copy out of the page cache (~30% of a cached file's time here) then overlaps the
 * hash. Otherwise, or when a core is busy (a tree walk), it reads as hashFile does: a read
 * ahead competes with that core's work and measured slower. Same bytes, same result.
 * @param {string} abs
 * @param {boolean} stamped
 * @param {Buffer} first the buffer for reads made here
 * @param {() => Buffer} second a buffer of the same size for reads ahead (asked for when needed)
 * @param {() => boolean} spare
 * @param {() => Promise<void>} turn
 */
export async function hashFileAhead(abs, stamped, first, second, spare, turn) {
  const { fd, st } = openFile(abs)
  /** @type {Promise<number> | undefined} */
  let ahead
  try {
    const h = createHash('sha256')
    let cur = first
    /** @type {Buffer | undefined} */
    let other
    let at = 0
    for (;;) {
      const n = ahead ? await ahead : fs.readSync(fd, cur, 0, cur.length, at)
      ahead = undefined
      if (n === 0) break
      at += n
      const full = n === cur.length
      let next = cur
      if (full && spare()) {
        other ??= second()
        ahead = readAt(fd, other, at)
        next = other
      }
      h.update(full ? cur : cur.subarray(0, n))
      await turn()
      if (next !== cur) [cur, other] = [next, cur]
    }
    return digested(h, fd, st, stamped)
  } finally {
    // Never close a descriptor a read in flight still uses (its number could be reused).
    await ahead?.catch(() => 0)
    fs.closeSync(fd)
  }
}

function readAt(fd, buf, position) {
  return new Promise((resolve, reject) =>
    fs.read(fd, buf, 0, buf.length, position, (err, n) => (err ? reject(err) : resolve(n)))
  )
}

/** One-shot hashing (Node >= 20.12): no Hash object per file. */
const oneShot = typeof crypto.hash === 'function' ? buf => crypto.hash('sha256', buf) : undefined

/**
 * sha256 of a file the walk has just lstat'ed as a regular file of `size` bytes: no fstat, and a
 * file that fits the buffer is read with one call for one byte more than `size` (two system calls
 * fewer per file than hashFile, measured ~30% less CPU per small file). The lstat already said
 * what it is; O_NOFOLLOW and O_NONBLOCK cover a swap to a link or a FIFO, and reading stops one
 * byte past `size`, so a file swapped or grown since (even an endless device) is read no further
 * than it takes to know its bytes are not the ones the walk described.
 * @param {string} abs
 * @param {number} size
 * @returns {string}
 */
export function hashWalked(abs, size) {
  const fd = fs.openSync(fsPath(abs), READ_FLAGS)
  try {
    return hashWalkedFd(fd, size)
  } finally {
    fs.closeSync(fd)
  }
}

/**
 * hashWalked's reads and hash, on a descriptor open at its start: the sha256 of a file of `size`
 * bytes, read no further than one byte past `size`.
 * @param {number} fd
 * @param {number} size
 * @returns {string}
 */
export function hashWalkedFd(fd, size) {
  const buf = buffer()
  if (size < buf.length) {
    // A regular file reads in full: `size` bytes back means the end, no second call to see it.
    let got = fs.readSync(fd, buf, 0, size + 1, 0)
    while (got > 0 && got < size) {
      const n = fs.readSync(fd, buf, got, size + 1 - got, got)
      if (n === 0) break
      got += n
    }
    const bytes = buf.subarray(0, got)
    return oneShot ? oneShot(bytes) : createHash('sha256').update(bytes).digest('hex')
  }
  const h = createHash('sha256')
  let left = size + 1
  while (left > 0) {
    const n = fs.readSync(fd, buf, 0, Math.min(buf.length, left), null)
    if (n === 0) break
    h.update(n === buf.length ? buf : buf.subarray(0, n))
    left -= n
  }
  return h.digest('hex')
}

/**
 * hashWalked for a capture: the file's state is read from its descriptor once its bytes are, and
 * the hash is trusted only when the identity, size and times the walk's lstat saw (`was`) still
 * hold, so the bytes are those of the state the walk recorded (any write moves ctime). One fstat
 * per file (~1.2 us here) instead of a second walk of the tree. The sha256; `moved` with the
 * size now when the state moved; undefined when the file cannot be read. `opened`: the walk's
 * descriptor of it (left open), whose fstat `was` is.
 * @param {string} abs
 * @param {import('node:fs').BigIntStats | { ino: bigint, size: bigint, mtimeNs: bigint, ctimeNs: bigint }} was
 * @param {number} [opened]
 * @returns {{ sha: string } | { moved: bigint } | undefined}
 */
export function steadyOrError(abs, was, opened) {
  let fd = opened
  try {
    fd ??= fs.openSync(fsPath(abs), READ_FLAGS)
    const sha = hashWalkedFd(fd, Number(was.size))
    const now = fs.fstatSync(fd, { bigint: true })
    const same =
      now.ino === was.ino &&
      now.size === was.size &&
      now.mtimeNs === was.mtimeNs &&
      now.ctimeNs === was.ctimeNs
    return same ? { sha } : { moved: now.size }
  } catch {
    return undefined
  } finally {
    if (fd !== undefined && opened === undefined) fs.closeSync(fd)
  }
}

/**
 * The blob head/tail digest: sha256 of the decimal size, the first MiB, and the last MiB when the
 * file is larger than one MiB. Reads at most 2 MiB whatever the file's size.
 * @param {string} abs
 * @param {Buffer} [buf] at least one MiB (the main thread passes its own)
 * @returns {{ sha256: string, size: number, mode: number }}
 */
export function hashHeadTail(abs, buf = buffer()) {
  const { fd, st } = openFile(abs)
  try {
    return { sha256: headTailFd(fd, st.size, buf), size: st.size, mode: st.mode & 0o7777 }
  } finally {
    fs.closeSync(fd)
  }
}

/**
 * hashHeadTail's digest of a file of `size` bytes, on an open descriptor.
 * @param {number} fd
 * @param {number} size
 * @param {Buffer} [buf]
 * @returns {string}
 */
export function headTailFd(fd, size, buf = buffer()) {
  const h = createHash('sha256').update(String(size))
  h.update(buf.subarray(0, readFully(fd, buf, Math.min(MIB, size), 0)))
  if (size > MIB) h.update(buf.subarray(0, readFully(fd, buf, MIB, size - MIB)))
  return h.digest('hex')
}

/**
 * Run one job; errors come back as their code so one unreadable file never stops the others.
 * @param {string} abs
 * @param {'full' | 'stamped' | 'headtail'} how
 */
export function runJob(abs, how) {
  try {
    return how === 'headtail' ? hashHeadTail(abs) : hashFile(abs, how === 'stamped')
  } catch (err) {
    return { error: typeof err?.code === 'string' ? err.code : 'EIO' }
  }
}

// A hash task: claim job indices from a shared counter (largest files were sorted first by the
// pool), post results in batches so 60,000 small files do not cost 60,000 messages.
function hashTask({ paths, hows, counter }) {
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
}

/**
 * hashWalked (on the walk's descriptor when it opened the file), or undefined when the file
 * cannot be read (it is then reported unreadable).
 */
export function walkedOrError(abs, size, fd) {
  try {
    return fd === undefined ? hashWalked(abs, size) : hashWalkedFd(fd, size)
  } catch {
    return undefined
  }
}

/**
 * Lines written as bytes as they are made: no line's strings outlive the line. (Strings kept
 * until the subtree ended were most of the walk's garbage: its scavenges copied every one of
 * them.) A sink is kept by its thread from one subtree to the next and writes into a buffer of
 * CHUNK bytes: a chunk it fills is handed over whole and uncopied (a new one replaces it), and
 * the last one's few bytes are copied out, so the buffer's pages, once touched, serve the next
 * subtree. A first touch is the dearest thing a walk does on some virtual machines (~20 us a
 * page measured here, where reading and hashing a small file costs ~40 us), and most subtrees
 * of a large tree (a package each) are small: a chunk each, handed over, cost `nm` ~15% more.
 */
class Sink {
  static CHUNK = 1 << 20
  /** A last chunk holding more is handed over too: copying it would touch its size again. */
  static COPIED = 1 << 16
  /** @type {Uint8Array[]} */
  chunks = []
  buf = Buffer.allocUnsafeSlow(Sink.CHUNK)
  pos = 0

  room(n) {
    if (this.pos + n <= this.buf.length) return
    this.chunks.push(new Uint8Array(this.buf.buffer, this.buf.byteOffset, this.pos))
    this.buf = Buffer.allocUnsafeSlow(Math.max(Sink.CHUNK, n))
    this.pos = 0
  }

  /**
   * Text known to be ASCII (numbers, hex, type letters, separators, plain names): written as
   * Latin-1, which for ASCII is the same bytes as UTF-8 and measured 4-7x faster to write here
   * (the encoder need not look for multi-byte characters).
   */
  ascii(s) {
    this.room(s.length)
    this.pos += this.buf.latin1Write(s, this.pos)
  }

  /** Any text, names included: UTF-8, or the bytes a name stands for (byte-names.mjs). */
  text(s) {
    if (!NOT_ASCII.test(s)) this.ascii(s)
    else if (s.isWellFormed()) {
      this.room(s.length * 3)
      this.pos += this.buf.utf8Write(s, this.pos)
    } else {
      const b = bytesOf(s)
      this.room(b.length)
      this.pos += b.copy(this.buf, this.pos)
    }
  }

  /**
   * A line that starts with a path: `rest` is ASCII; `plain` says the path is too (PLAIN), so
   * the whole line is one write.
   */
  line(rel, plain, rest) {
    if (plain) this.ascii(rel + rest)
    else {
      this.text(rel)
      this.ascii(rest)
    }
  }

  /** The bytes written since the last call, each chunk with a buffer of its own; then empty. */
  take() {
    const out = this.chunks
    if (this.pos > Sink.COPIED) {
      out.push(new Uint8Array(this.buf.buffer, this.buf.byteOffset, this.pos))
      this.buf = Buffer.allocUnsafeSlow(Sink.CHUNK)
    } else if (this.pos > 0) {
      out.push(new Uint8Array(this.buf.subarray(0, this.pos)))
    }
    this.reset()
    return out
  }

  /** Forget what was written (a subtree that failed midway leaves nothing for the next). */
  reset() {
    this.chunks = []
    this.pos = 0
  }
}

/** Any code unit outside ASCII (lone surrogates included: the class matches code units). */
const NOT_ASCII = /[\u0080-\uffff]/

/**
 * A path whose bytes are its ASCII characters and that JSON.stringify leaves as it is (no
 * control, quote or backslash): most of any tree's paths. One test per entry lets each of its
 * lines be one write, and its cache entry be spelled without JSON.stringify.
 */
const PLAIN = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/

/** This thread's sinks, one per kind of output, reused by every subtree it walks. */
let sinks

function freshSinks() {
  sinks ??= {
    shas: new Sink(),
    meta: new Sink(),
    stamp: new Sink(),
    content: new Sink(),
    cache: new Sink(),
    index: new Sink()
  }
  for (const sink of Object.values(sinks)) sink.reset()
  return sinks
}

/** A link's target; as walk.ts's linkTargets, an unreadable one reads as empty. */
function targetOrEmpty(abs) {
  try {
    return readTarget(abs)
  } catch {
    return ''
  }
}

/** A sha256 slot of a file that could not be hashed (or of an entry that is not a file). */
export const NO_SHA = '-'.repeat(64)

/**
 * A subtree walked (and, with `hash`, its files hashed) in one pass, returned in a form that
 * crosses to the main thread cheaply and asks nothing more of it than hashing in walk order: the
 * digest lines exactly as walk-format.mjs spells them (meta, stamp and, with `hash`, content),
 * each file's sha256 in a fixed-width column, and the per-file cache entries as a JSON fragment.
 * The lines are also the records: the main thread reads them back (walk-workers.ts) only when a
 * diff needs them, so no per-entry value is kept here. For a capture, `cached` and `stamped`
 * false leave the cache fragment and the stamp lines out (it keeps no cache), `steady` checks that each file held still while it was
 * read (steadyOrError), and `index` adds what CaptureLines keeps. Each number is spelled once per entry
 * (the identity and the stamp share it).
 */
function subtreeLines(rootAbs, rootRel, rules, how) {
  const { hash, cached, steady, stamped } = how
  const { shas, meta, stamp, content, cache, index } = freshSinks()
  const captured = how.index ? new CaptureLines(index, how.deepSkip) : undefined
  const unreadable = []
  let count = 0
  let files = 0
  let failed = 0
  /** With `steady`: the first file whose state moved while it was read, and its sizes. */
  let moved
  const each = (abs, rel, type, st, fd) => {
    const size = type === TYPE.file ? Number(st.size) : 0
    const mode = Number(st.mode & 0o7777n)
    count++
    if (type !== TYPE.dir) files++
    const tail = metaTail(type, size, mode)
    const plain = PLAIN.test(rel)
    meta.line(rel, plain, metaLineOf(tail))
    // Each number spelled once, for the stamp line and the cache identity; a capture needs neither.
    const dev = stamped || cached ? st.dev.toString() : ''
    const ino = stamped || cached ? st.ino.toString() : ''
    const mtime = stamped || cached ? st.mtimeNs.toString() : ''
    const ctime = stamped || cached ? st.ctimeNs.toString() : ''
    if (stamped) stamp.line(rel, plain, stampTail(type, dev, ino, mtime, ctime))
    if (!hash) return void shas.ascii(NO_SHA)
    let extra
    if (type === TYPE.file) {
      const sha = steady ? steadySha(abs, rel, st, fd) : walkedOrError(abs, size, fd)
      shas.ascii(sha ?? NO_SHA)
      content.line(rel, plain, contentLine(tail, sha ?? ''))
      if (sha === undefined) failed++
      else if (cached) {
        const value = cacheText(identText(dev, ino, mtime, ctime), size, sha)
        // The value is ASCII with nothing to escape: JSON.stringify would only add its quotes.
        if (plain) cache.ascii(`,"${rel}":"${value}"`)
        else cache.text(`,${JSON.stringify(rel)}:"${value}"`)
      }
      extra = sha
    } else {
      shas.ascii(NO_SHA)
      if (type === TYPE.link) {
        extra = targetOrEmpty(abs)
        // A link's target is a name too: written as text, whatever the path.
        content.text(rel)
        content.text(contentLine(tail, extra))
      } else content.line(rel, plain, contentLine(tail, ''))
    }
    captured?.entry(rel, type, mode, size, st, extra)
  }
  /** The sha256 when the file held still while read; a file that moved counts as failed. */
  const steadySha = (abs, rel, st, fd) => {
    const r = steadyOrError(abs, st, fd)
    if (r && 'moved' in r) moved ??= { rel, before: st.size, after: r.moved }
    return r && 'sha' in r ? r.sha : undefined
  }
  // A walk that reads every file opens each one the listing says is regular instead of an lstat.
  visitTree(rootAbs, rootRel, rules, each, unreadable, hash)
  return {
    count,
    files,
    failed,
    moved,
    shas: shas.take(),
    meta: meta.take(),
    stamp: stamp.take(),
    content: hash ? content.take() : undefined,
    cache: hash && cached ? cache.take() : undefined,
    ...(captured ? captured.take() : {}),
    unreadable
  }
}

/**
 * What a capture takes from a subtree besides its digest lines: its tree index lines
 * (index-line.mjs, as bytes in `sink`), the kinds of its special files (special-kind.mjs), and
 * its deepest non-empty files outside directories named in `skip`, the first DEEP_KEEP of them
 * in string order, from which the main thread picks the tree's sentinels.
 */
class CaptureLines {
  static DEEP_KEEP = 4
  /** @type {{ rel: string, kind: string }[]} */
  specials = []
  /** @type {string[]} */
  deep = []
  depth = -1
  truncated = false

  /**
   * @param {Sink} sink
   * @param {string[]} skip
   */
  constructor(sink, skip) {
    this.sink = sink
    // One test per path rather than a split: most files of a tree are at its deepest level.
    const names = skip.map(n => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')
    this.skip = names ? new RegExp(`(?:^|/)(?:${names})(?:/|$)`) : undefined
  }

  entry(rel, type, mode, size, st, extra) {
    if (type === TYPE.other) {
      extra = specialKind(st)
      this.specials.push({ rel, kind: extra })
    }
    this.sink.text(indexLine(rel, type, mode, size, extra) + '\n')
    if (type === TYPE.file && size > 0) this.deepFile(rel)
  }

  deepFile(rel) {
    let d = 0
    for (let i = rel.indexOf('/'); i !== -1; i = rel.indexOf('/', i + 1)) d++
    if (d < this.depth) return
    // At a full depth, a path after the last kept one is never kept: no need to test it.
    if (d === this.depth && this.truncated && rel > this.deep[this.deep.length - 1]) return
    if (this.skip?.test(rel)) return
    if (d > this.depth) {
      this.depth = d
      this.deep = []
      this.truncated = false
    }
    // Visit order is string order within a directory only: keep the first few overall.
    this.deep.push(rel)
    if (this.deep.length > CaptureLines.DEEP_KEEP) {
      this.deep.sort()
      this.deep.length = CaptureLines.DEEP_KEEP
      this.truncated = true
    }
  }

  take() {
    return {
      index: this.sink.take(),
      specials: this.specials,
      deepest: { depth: this.depth, rels: this.deep, truncated: this.truncated }
    }
  }
}

/**
 * The digest lines of a subtree as one string, without per-entry records: `meta` lines (relpath,
 * type, size, mode) or `stamp` lines (relpath and identity), as walk-format.mjs spells them.
 */
function subtreeText(rootAbs, rootRel, rules, kind) {
  const chunks = []
  let text = ''
  let files = 0
  const unreadable = []
  const each = (_abs, rel, type, st) => {
    text +=
      kind === 'meta'
        ? metaLine(rel, type, st.size, Number(st.mode & 0o7777n))
        : stampLine(rel, type, st.dev, st.ino, st.mtimeNs, st.ctimeNs)
    if (text.length > 1 << 16) {
      chunks.push(text)
      text = ''
    }
    if (type !== TYPE.dir) files++
  }
  visitTree(rootAbs, rootRel, rules, each, unreadable)
  chunks.push(text)
  return { text: chunks.join(''), files, unreadable }
}

/**
 * A walk task's rules: plain names only (skipped before their lstat); glob rules keep the walk
 * in the main thread.
 */
export function walkRules(task) {
  return { skip: new Set(task.names), exclude: new Set(task.exclude) }
}

/**
 * Root `i` of a walk task, walked here: its text (role 'text') or its lines, and the buffers a
 * thread hands over with it.
 */
export function walkRoot(task, rules, i) {
  const { abs, rel } = task.roots[i]
  if (task.role === 'text') return { out: subtreeText(abs, rel, rules, task.kind), chunks: [] }
  const out = subtreeLines(abs, rel, rules, {
    hash: task.hash,
    cached: task.cache !== false,
    stamped: task.stamp !== false,
    steady: task.steady === true,
    index: task.index === true,
    deepSkip: task.deepSkip ?? []
  })
  const chunks = [
    out.shas,
    out.meta,
    out.stamp,
    out.content ?? [],
    out.cache ?? [],
    out.index ?? []
  ].flat()
  return { out, chunks }
}

// A walk task: claim roots from a shared counter, post each root's result with its index.
function walkTask(task) {
  const rules = walkRules(task)
  const next = new Int32Array(task.counter)
  for (;;) {
    const i = Atomics.add(next, 0, 1)
    if (i >= task.roots.length) break
    const { out, chunks } = walkRoot(task, rules, i)
    parentPort.postMessage(
      [i, out],
      chunks.map(c => c.buffer)
    )
  }
}

// A kernel thread (see kernel-threads.ts) runs one task per message, then says 'done' and waits.
if (!isMainThread && workerData?.swrKernelThread) {
  Atomics.store(new Int32Array(workerData.ready), 0, 1)
  parentPort.on('message', task => {
    if (task.role === 'hash') hashTask(task)
    else walkTask(task)
    parentPort.postMessage('done')
  })
}
