/**
 * The digest-line walk of large trees delegated to GNU find, when this machine has it. Measured
 * here on a 60,000-file tree, two find processes (C, fstatat relative to an open directory) emit
 * the lines in about half the time two Node walk workers take: Node's per-entry cost is the lstat
 * binding and its Stats object, not the system call, and a metadata check is nothing but that.
 *
 * The lines are the ones the Node walker (hash-kernel.mjs) writes, in the same order: both take
 * them from walk-format.mjs (find through its -printf formats). find emits each directory in
 * readdir order, and find-lines.ts re-sorts the children by name (piping through
 * sort(1) instead, or sorting in worker threads, were both measured slower: sort cannot start
 * before find ends, and workers cost more to start than they save on two cores). Whenever the
 * result could differ in any way, this returns undefined and the caller walks in Node: no find or
 * /bin/sh at a fixed path, ignore rules other than plain names, an excluded path inside the tree,
 * anything on find's stderr (an unreadable directory: the Node walker names it), a newline in a
 * name, or a top level that find saw differently from the listing that split the work.
 * find prints names as bytes and the Node walker writes them as bytes too (byte-names.mjs), so a
 * name that is not UTF-8 gives the same line both ways. Where the two orders can differ (bytes
 * against JavaScript's UTF-16 order: characters beyond U+FFFF beside U+E000..U+FFFF, or a byte
 * that is not UTF-8 beside either) no test is needed: the digest then differs from the recorded
 * one, and a digest that differs only ever sends the check down its full walk. Equal digests are
 * all the fast path trusts, and find's lines are the tree as it is.
 */
import { spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { bytesOf } from '../byte-names.mjs'
import { allPlainNames } from '../ignore-rules.js'
import { Lines, splitBatch, type Subtree } from './find-lines.js'
import type { TopEntry, TreeDigestResult } from '../walk.js'
import { findPrintArgs } from '../walk-format.mjs'
import { makeOwnedTemp } from '../../state/leftovers.js'

export type LineKind = 'meta' | 'stamp'

/** Only fixed paths: a `find` earlier in PATH is not a walker this process should trust. */
const CANDIDATES = ['/usr/bin/find', '/bin/find']
const SH = '/bin/sh'
const SHA256SUM = '/usr/bin/sha256sum'

/**
 * The find binary to try (with /bin/sh to run it), or undefined. No version probe (a process start
 * costs more than the walk saves on small trees): a find without GNU's -printf fails, says so on
 * stderr, and the Node walker runs.
 */
export function gnuFind(): string | undefined {
  if (process.platform !== 'linux' || !executable(SH)) return undefined
  return CANDIDATES.find(executable)
}

function executable(bin: string): boolean {
  try {
    fs.accessSync(bin, fs.constants.X_OK)
    return true
  } catch {
    return false
  }
}

/**
 * find's expression: names to prune, then walk-format.mjs's -printf per type, so each line is the
 * digest line itself, path relative to the tree (start points are its top-level names). `top`
 * describes the start points themselves (the tree's top level) instead of what lies below them.
 */
function findArgs(kind: LineKind, ignore: readonly string[], top = false): string[] {
  const prune = ignore.flatMap((n, i) => (i === 0 ? ['-name', n] : ['-o', '-name', n]))
  return [
    ...(top ? ['-maxdepth', '0'] : ['-mindepth', '1']),
    ...(prune.length > 0 ? ['(', ...prune, ')', '-prune', '-o'] : []),
    '(',
    ...findPrintArgs(kind),
    ')'
  ]
}

/**
 * What to undo if the process exits mid-walk (an interrupt ends swr with process.exit): one exit
 * listener for every walk in flight.
 */
const atExit = new Set<() => void>()
let listening = false

/** Runs `fn` if the process exits before the returned release is called. */
function untilDone(fn: () => void): () => void {
  if (!listening) {
    // Until the shells run an exit hook of the core, this removes find's temp files on process.exit.
    // eslint-disable-next-line no-restricted-properties
    process.on('exit', () => {
      for (const f of atExit) f()
    })
    listening = true
  }
  atExit.add(fn)
  return () => atExit.delete(fn)
}

/** A word the shell reads back unchanged: any bytes but NUL, single-quoted. */
function shellWord(s: string): string {
  return `'${s.replaceAll("'", `'\\''`)}'`
}

/** Where find's outputs are, and their sha256 digests when sha256sum computed them. */
interface Found {
  outs: string[]
  sums?: string[]
}

/**
 * Runs the finds, or undefined when any failed or complained. One shell runs them side by side:
 * one process start instead of one per find (each start is ~5-10 ms of this process's time, on the
 * critical path). The script is a file in the private directory, so no argument-length limit
 * applies however many start points there are. find writes to files there rather than pipes:
 * measured ~60 ms faster on 60,000 entries (no pipe to drain through the event loop, no socket per
 * child). With `sum`, sha256sum hashes each output beside its find: a warm check whose outputs
 * hash as before never reads them here (reading and hashing 7 MB of stamp lines was ~45 ms of
 * this thread; sha256sum takes ~10 ms per output, on the other core).
 */
function runFinds(
  cwd: string,
  commands: readonly (readonly string[])[],
  dir: string,
  sum: boolean
): Promise<Found | undefined> {
  const outs = commands.map((_, b) => path.join(dir, `${b}.out`))
  const lines = commands.flatMap((argv, b) => {
    const out = shellWord(outs[b]!)
    const find = `${argv.map(shellWord).join(' ')} >${out}`
    const hash = `${SHA256SUM} <${out} >${shellWord(`${outs[b]!}.sum`)}`
    return [sum ? `{ ${find} && ${hash}; } &` : `${find} &`, `p${b}=$!`]
  })
  const waits = commands.map((_, b) => `wait "$p${b}" || s=1`)
  const script = path.join(dir, 'walk.sh')
  const err = path.join(dir, 'err')
  let errFd: number
  try {
    // As bytes: a start point whose name is not UTF-8 must reach find as the name it is.
    const text = ['s=0', ...lines, ...waits, 'exit "$s"', ''].join('\n')
    fs.writeFileSync(script, bytesOf(text), {
      flag: 'wx',
      mode: 0o600
    })
    errFd = fs.openSync(err, 'wx', 0o600)
  } catch {
    return Promise.resolve(undefined)
  }
  return new Promise(resolve => {
    // Its own process group, so an exit mid-walk can end the shell and every find at once.
    const p = spawn(SH, [script], {
      cwd,
      stdio: ['ignore', 'ignore', errFd],
      env: { LC_ALL: 'C', PATH: '/usr/bin:/bin' },
      detached: true
    })
    fs.closeSync(errFd)
    const release = untilDone(() => {
      try {
        if (p.pid) process.kill(-p.pid, 'SIGKILL')
      } catch {
        // Already gone.
      }
    })
    p.on('error', () => {
      release()
      resolve(undefined)
    })
    p.on('exit', code => {
      release()
      // Anything on stderr (an unreadable directory) is a walk the Node walker must describe.
      if (code !== 0 || fs.statSync(err).size > 0) return resolve(undefined)
      if (!sum) return resolve({ outs })
      const sums = outs.map(o => /^[0-9a-f]{64}/.exec(fs.readFileSync(`${o}.sum`, 'latin1'))?.[0])
      resolve(sums.every(x => x !== undefined) ? { outs, sums: sums as string[] } : undefined)
    })
  })
}

/** The raw digest: over each output's sha256, so sha256sum and this process agree on it. */
function rawDigest(sums: readonly string[]): string {
  return createHash('sha256').update(sums.join('\n')).digest('hex')
}

/** The private output directory holds only find's files: no recursive rm (its loader costs ~3 ms). */
function removeFlat(dir: string): void {
  try {
    for (const f of fs.readdirSync(dir)) fs.unlinkSync(path.join(dir, f))
    fs.rmdirSync(dir)
  } catch {
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

/** Where the native walk's digests stop being the Node walker's: it then steps aside. */
function unsupported(
  treeRoot: string,
  top: readonly TopEntry[],
  ignore: readonly string[],
  exclude: ReadonlySet<string>
): boolean {
  if (!allPlainNames(ignore)) return true
  for (const x of exclude) if (x === treeRoot || x.startsWith(treeRoot + '/')) return true
  // A top-level name that find would read as an option or operator is left to the Node walker.
  return top.some(t => /^[-!(),]/.test(t.rel) || t.rel.includes('/'))
}

/**
 * The metadata digest or cache stamp of a tree, from find's lines: one find describes the top
 * level (the start points themselves, in walk order) and one per job walks a share of the
 * top-level directories below them. Undefined when the native walk cannot promise the Node
 * walker's lines. The raw digest (over the sha256 of each of find's outputs as they came) is
 * returned too: when it equals `known.raw`, find printed exactly what it printed when `known` was
 * computed, and the re-sort is skipped.
 */
export async function nativeTreeDigest(
  treeRoot: string,
  top: readonly TopEntry[],
  ignore: readonly string[],
  exclude: ReadonlySet<string>,
  kind: LineKind,
  jobs: number,
  opts: {
    known?: { raw: string; digest: string; files: number } | undefined
    /** Hash the outputs with sha256sum beside find (default: when there is a known digest). */
    sha256sum?: boolean
  } = {}
): Promise<TreeDigestResult | undefined> {
  const known = opts.known
  const bin = gnuFind()
  if (!bin || unsupported(treeRoot, top, ignore, exclude)) return undefined
  const roots = top.filter(t => t.dir)
  // find with no start point would walk "." instead: every command below names at least one.
  if (roots.length === 0) return undefined
  const batches: number[][] = Array.from(
    { length: Math.max(1, Math.min(jobs, roots.length)) },
    () => []
  )
  roots.forEach((_, i) => batches[i % batches.length]!.push(i))
  const args = findArgs(kind, ignore)
  const commands = [
    [bin, ...top.map(t => t.rel), ...findArgs(kind, ignore, true)],
    ...batches.map(batch => [bin, ...batch.map(i => roots[i]!.rel), ...args])
  ]
  const dir = makeOwnedTemp(os.tmpdir(), 'swr-walk')
  const release = untilDone(() => removeFlat(dir))
  try {
    const sum = opts.sha256sum ?? (known !== undefined && executable(SHA256SUM))
    const found = await runFinds(treeRoot, commands, dir, sum)
    if (!found) return undefined
    // The same raw digest as `known`'s: find printed the same bytes, so the tree gives the same.
    const hit = (raw: string): TreeDigestResult | undefined =>
      raw === known?.raw
        ? { digest: known.digest, files: known.files, unreadable: [], raw }
        : undefined
    const summed = found.sums && hit(rawDigest(found.sums))
    if (summed) return summed
    const [topBytes, ...outputs] = found.outs.map(o => fs.readFileSync(o))
    const raw = rawDigest(
      [topBytes!, ...outputs].map(o => createHash('sha256').update(o).digest('hex'))
    )
    const subtrees = new Array<Subtree>(roots.length)
    return (
      hit(raw) ??
      (outputs.every((out, b) => splitBatch(out, batches[b]!, roots, subtrees))
        ? assemble(new Lines(topBytes!), top, subtrees, raw)
        : undefined)
    )
  } finally {
    release()
    removeFlat(dir)
  }
}

/**
 * The digest in walk order: each top-level line, then the subtree below it. Undefined when find's
 * top level is not the listing's (an entry replaced or retyped between the two).
 */
function assemble(
  l: Lines,
  top: readonly TopEntry[],
  subtrees: readonly Subtree[],
  raw: string
): TreeDigestResult | undefined {
  if (!l.scan() || l.count !== top.length) return undefined
  const h = createHash('sha256')
  let files = 0
  let sub = 0
  for (let k = 0; k < top.length; k++) {
    const t = top[k]!
    const name = bytesOf(t.rel)
    const s = l.start[k]!
    if (l.nul[k]! - s !== name.length || !l.startsWith(k, name) || l.isDir(k) !== t.dir)
      return undefined
    h.update(l.bytes.subarray(s, l.start[k + 1]))
    if (!t.dir) {
      files++
      continue
    }
    const below = subtrees[sub++]!
    h.update(below.bytes)
    files += below.files
  }
  return { digest: h.digest('hex'), files, unreadable: [], raw }
}
