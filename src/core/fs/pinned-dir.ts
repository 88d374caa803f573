/**
 * Directories held open, so that a name below one is resolved through the open directory and not
 * through its path: `/proc/self/fd/N/name`, which Linux resolves through descriptor N whatever the
 * directory's path has become since (Node has no openat). A path checked and then used by name
 * leaves a window in which a parent swapped for a symbolic link sends the call wherever the link
 * points; a name below a pinned directory has no such window. Where /proc does not pin (macOS),
 * `procPins` says so and callers that need the guarantee refuse or re-check instead.
 */
import fs from 'node:fs'
import { bytesOf } from '../walk/byte-names.mjs'

/** Open a directory, never through a link in its last component. */
export const OPEN_DIR = fs.constants.O_RDONLY | fs.constants.O_DIRECTORY | fs.constants.O_NOFOLLOW

let procWorks: boolean | undefined

/** Set to 1, every run takes the path a system without /proc takes (macOS), to test it on Linux. */
export const NO_PROC_FD_VAR = 'SWR_NO_PROC_FD'

/** The shells call this once with their environment: `SWR_NO_PROC_FD=1` turns /proc pinning off. */
export function applyProcFdSetting(env: Readonly<Record<string, string | undefined>>): void {
  if (env[NO_PROC_FD_VAR] === '1') procWorks = false
}

/** True when `/proc/self/fd/N` leads to the directory open as N (checked once per process). */
export function procPins(fd: number): boolean {
  if (procWorks === undefined) {
    try {
      const viaProc = fs.statSync(`/proc/self/fd/${fd}`)
      const held = fs.fstatSync(fd)
      procWorks = viaProc.isDirectory() && viaProc.ino === held.ino && viaProc.dev === held.dev
    } catch {
      procWorks = false
    }
  }
  return procWorks
}

/** `name` (swr's string for a name's bytes, byte-names.mjs) below the directory open as `fd`. */
export function below(fd: number, name: string): Buffer {
  return Buffer.concat([Buffer.from(`/proc/self/fd/${fd}/`), bytesOf(name)])
}

/**
 * The directories from a pinned root down to the one last asked for, each opened below the one
 * before it with O_NOFOLLOW: asking for a sibling or a child reuses the common part, so a walk in
 * tree order opens each directory once and holds at most its depth open. Only where procPins holds.
 */
export class DirChain {
  private readonly open: { rel: string; fd: number }[] = []

  constructor(private readonly rootFd: number) {}

  /**
   * The descriptor of `rel` ("." or a/b/c below the root). Throws the open's error (ELOOP: a
   * component is a symbolic link; ENOTDIR: not a directory; ENOENT: gone). `mkdir`: a missing
   * component is created (0755) below the one before it, and opened the same way.
   */
  dirFd(rel: string, opts: { mkdir?: boolean } = {}): number {
    const segs = rel === '.' ? [] : rel.split('/')
    let keep = 0
    while (
      keep < this.open.length &&
      keep < segs.length &&
      this.open[keep]?.rel === segs.slice(0, keep + 1).join('/')
    )
      keep++
    this.closeFrom(keep)
    for (let i = keep; i < segs.length; i++) {
      const parent = this.open[i - 1]?.fd ?? this.rootFd
      const fd = openDirAt(below(parent, segs[i] as string), opts.mkdir === true)
      this.open.push({ rel: segs.slice(0, i + 1).join('/'), fd })
    }
    return this.open[segs.length - 1]?.fd ?? this.rootFd
  }

  /** Close every directory this chain opened (not the root). */
  close(): void {
    this.closeFrom(0)
  }

  private closeFrom(n: number): void {
    for (const d of this.open.splice(n)) fs.closeSync(d.fd)
  }
}

/**
 * Run `fn` with a chain rooted at `workspace` held open (the workspace itself is the trusted
 * anchor, opened by its path); `noProc` instead where /proc does not pin. Everything is closed
 * after, whatever `fn` does.
 */
export function inPinnedWorkspace<T>(
  workspace: string,
  fn: (chain: DirChain) => T,
  noProc: () => T
): T {
  const rootFd = fs.openSync(workspace, fs.constants.O_RDONLY | fs.constants.O_DIRECTORY)
  const chain = new DirChain(rootFd)
  try {
    return procPins(rootFd) ? fn(chain) : noProc()
  } finally {
    chain.close()
    fs.closeSync(rootFd)
  }
}

/**
 * Open `at` as a directory, never through a link in its last component. `mkdir`: when it is
 * missing, make it (0755) and open it, a few tries in case it goes again in between. Linux answers
 * O_DIRECTORY|O_NOFOLLOW on a symbolic link with ENOTDIR; that is reported as ELOOP.
 */
export function openDirAt(at: string | Buffer, mkdir: boolean): number {
  for (let tries = 0; ; tries++) {
    try {
      return fs.openSync(at, OPEN_DIR)
    } catch (err) {
      const e = err as NodeJS.ErrnoException
      if (e.code === 'ENOTDIR' && fs.lstatSync(at, { throwIfNoEntry: false })?.isSymbolicLink())
        e.code = 'ELOOP'
      if (!mkdir || e.code !== 'ENOENT' || tries > 2) throw e
    }
    try {
      fs.mkdirSync(at, { mode: 0o755 })
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err
    }
  }
}
