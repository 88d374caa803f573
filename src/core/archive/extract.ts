/**
 * Unpacking one entry's cache archive into a private scratch directory, member by member, under the
 * entry's signed expectations: every name must lie inside the entry's own path (as the cache client
 * archived it, relative to GITHUB_WORKSPACE), nothing is written through a link, nothing but files,
 * directories and in-entry links is created, and counts and sizes are bounded before a byte is
 * read. With a per-file expectation (a file's sha256, a tree's signed index) each file is hashed
 * as it streams out, so a poisoned archive stops at its first wrong member and a good one is proven
 * without being read again.
 */
import crypto, { createHash, type Hash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { linkStaysInside } from '../fs/no-follow.js'
import { octal as modeText } from '../walk/mode.js'
import type { IndexTable } from '../walk/index-table.js'
import { ignoreMatcher } from '../walk/walk.js'
import { Rejected } from './rejected.js'
import { flagName, type Member, type MemberSink, type TarHandlers } from './tar-reader.js'
import { WriteQueue } from './write-queue.js'

/** What the archive must hold, from the signed manifest. */
export type Expectation =
  | { kind: 'file'; size: number; sha256: string; mode: number }
  /** A tree with its signed index: every member checked against its record. */
  | {
      kind: 'indexed'
      table: IndexTable
      ignore: readonly string[]
      /**
       * A seal's hard links (later name -> earlier name, relative): each must come as a hard-link
       * member to exactly that name and is placed as a link; any other hard link is refused.
       */
      links?: ReadonlyMap<string, string> | undefined
    }
  /** Anything else: only the shape and the bounds; the scratch copy is verified afterwards. */
  | {
      kind: 'bounded'
      maxMembers: number
      maxBytes: number
      /** A single file or link, not a directory. */
      single: boolean
    }

export interface ExtractSummary {
  members: number
  bytes: number
  /** True when every byte was checked against a recorded hash while extracting. */
  proven: boolean
  files: number
  /** Members whose setuid, setgid, sticky or world-writable bits were dropped (unsigned modes only). */
  masked: number
}

const LIST = 5
/**
 * The mode bits an unsigned member may carry: setuid, setgid, sticky and world-writable are
 * dropped. A mode the signed manifest records (a file entry, an indexed tree) is kept as signed:
 * it is checked, not taken from the archive.
 */
const UNSIGNED_MODE_BITS = 0o775
/**
 * Files up to this size are held whole, hashed, and only then created (in the background, see
 * write-queue.ts); larger ones are written as they stream.
 */
const HELD_MAX = 4 * 1024 * 1024
/** The process umask (reading it sets it, so it is set straight back); all bits when unknown. */
function currentUmask(): number {
  try {
    const u = process.umask(0o022)
    process.umask(u)
    return u
  } catch {
    return 0o777
  }
}

/** Escape a name from the archive for a one-line report. */
export function shown(name: string): string {
  const clipped = name.length > 200 ? `${name.slice(0, 200)}…` : name
  return NOT_PLAIN.test(clipped) ? JSON.stringify(clipped) : clipped
}

/**
 * What `shown` quotes: a control character, DEL, a quote, a backslash or "%". A test, not a
 * string spread into characters: every extracted file's name is shown for its write's label.
 */
// eslint-disable-next-line no-control-regex -- control characters are what it looks for
const NOT_PLAIN = /[\x00-\x1f\x7f"\\%]/

/** A path component that is empty, "." or "..", anywhere in a relative name. */
const EMPTY_DOT_OR_DOTDOT = /(?:^|\/)\.{0,2}(?:\/|$)/

interface Place {
  rel: string
  abs: string
  /** The member's slot in the signed index, or -1 (no index, or the tree's root). */
  slot: number
}

export class EntryExtractor implements TarHandlers {
  /** The signed index: what each member must be, and which were taken (no per-member map). */
  private readonly table: IndexTable | undefined
  private readonly ignored: ((rel: string, name: string) => boolean) | undefined
  /** Names taken, where no index does it (and the root). */
  private readonly seen = new Set<string>()
  /** Links made from this archive. */
  private readonly links = new Set<string>()
  /** The last parent found clear of every link; forgotten when a link is added. */
  private clearParent: string | undefined
  /** Without an index: each extracted file's sha256 and size, for a hard link to it. */
  private readonly fileHashes = new Map<string, string>()
  private readonly fileSizes = new Map<string, number>()
  private masked = 0
  private linked = 0
  private readonly dirModes: [string, number][] = []
  private members = 0
  private openFd: number | undefined
  private bytes = 0
  private skippedBytes = 0
  private files = 0
  private readonly maxMembers: number
  private readonly maxSkipped: number
  private readonly writes = new WriteQueue()

  /**
   * `prefix`: the entry's path as the archive names it; `dest`: where the entry's root goes in
   * scratch (its parent exists; `dest` itself must not).
   */
  constructor(
    private readonly prefix: string,
    private readonly dest: string,
    private readonly want: Expectation
  ) {
    if (want.kind === 'indexed') {
      this.table = want.table
      // No rules, no matcher: a 60,000-member tree would call one for every prefix of every name.
      this.ignored = want.ignore.length > 0 ? ignoreMatcher(want.ignore) : undefined
      // Ignored members are skipped unwritten; they may not outgrow the tree itself.
      this.maxSkipped = Math.max(64 * 1024 * 1024, Math.ceil(want.table.totalBytes / 10))
      const n = want.table.count
      this.maxMembers = n + 1 + Math.max(1024, Math.ceil(n / 10))
    } else {
      this.maxSkipped = 0
      this.maxMembers = want.kind === 'file' ? 1 : want.maxMembers
    }
  }

  member(m: Member): MemberSink | undefined {
    if (++this.members > this.maxMembers)
      throw new Rejected(`more than ${this.maxMembers} members (the recorded bound)`)
    const rel = this.relOf(m.name)
    if (m.type === 'other') throw new Rejected(`${flagName(m.flag)} member: ${shown(m.name)}`)
    if (m.type === 'hardlink') this.linkTarget(m)
    if (this.table && this.isIgnored(rel)) {
      this.skippedBytes += m.size
      if (this.skippedBytes > this.maxSkipped)
        throw new Rejected(`ignored members over ${this.maxSkipped} bytes`)
      return undefined
    }
    const slot = this.take(rel, m.name)
    this.throughLink(rel, m.name)
    const at: Place = { rel, abs: rel === '' ? this.dest : path.join(this.dest, rel), slot }
    this.checkShape(at, m)
    switch (m.type) {
      case 'dir':
        return this.dir(at, this.unsignedMode(m))
      case 'symlink':
        return this.symlink(at, m)
      case 'hardlink':
        return this.hardlink(at, m)
      default:
        return this.file(at, this.unsignedMode(m))
    }
  }

  /**
   * Whether the member named `name` is one the signed index's ignore rules leave out: a source
   * that can choose what it reads (git) need not read it at all.
   */
  skips(name: string): boolean {
    return this.table !== undefined && this.isIgnored(this.relOf(name))
  }

  /** The member's index slot (-1 without one), refusing a name that came before. */
  private take(rel: string, name: string): number {
    const slot = rel !== '' && this.table ? this.table.memberSlot(rel) : -1
    const again = slot >= 0 ? !this.table?.take(slot) : this.seen.has(rel)
    if (again) throw new Rejected(`duplicate member: ${shown(name)}`)
    // An extra name is refused by checkShape; only the root and unindexed names are kept here.
    if (slot < 0 && (rel === '' || !this.table)) this.seen.add(rel)
    return slot
  }

  /** Without a signed mode to match, the archive's mode loses its dangerous bits. */
  private unsignedMode(m: Member): Member {
    if (this.want.kind !== 'bounded' || (m.mode & ~UNSIGNED_MODE_BITS) === 0) return m
    this.masked++
    return { ...m, mode: m.mode & UNSIGNED_MODE_BITS }
  }

  room(): Promise<void> | undefined {
    return this.writes.room()
  }

  settle(): Promise<void> {
    return this.writes.settle()
  }

  /** Close a file left open by an archive that stopped mid-member. */
  abort(): void {
    if (this.openFd !== undefined) fs.closeSync(this.openFd)
    this.openFd = undefined
  }

  /** After the archive ended: everything recorded arrived; directory modes applied last. */
  finish(): ExtractSummary {
    if (this.table) {
      const missing = this.table.untaken(LIST)
      if (missing.count > 0)
        throw new Rejected(
          `${missing.count} missing: ${missing.names.map(shown).join(', ')}${missing.count > LIST ? ', …' : ''}`
        )
    } else if (!this.seen.has('')) {
      throw new Rejected('the archive does not hold the entry')
    }
    const links = this.want.kind === 'indexed' ? this.want.links : undefined
    if (links && this.linked !== links.size)
      throw new Rejected(
        `${links.size - this.linked} of the seal's hard links came as separate files`
      )
    for (const [abs, mode] of this.dirModes.reverse()) fs.chmodSync(abs, mode)
    return {
      members: this.members,
      bytes: this.bytes,
      proven: this.want.kind !== 'bounded',
      files: this.files,
      masked: this.masked
    }
  }

  private relOf(name: string): string {
    if (name.startsWith('/')) throw new Rejected(`absolute member name: ${shown(name)}`)
    let rel: string
    if (name === this.prefix || name === `${this.prefix}/`) rel = ''
    else if (name.startsWith(`${this.prefix}/`)) rel = name.slice(this.prefix.length + 1)
    else if (name.split('/').includes('..') && !this.prefix.split('/').includes('..'))
      throw new Rejected(`member climbs out with "..": ${shown(name)}`)
    else throw new Rejected(`member outside the entry's path: ${shown(name)}`)
    if (rel.endsWith('/')) rel = rel.replace(/\/+$/, '')
    if (rel !== '' && EMPTY_DOT_OR_DOTDOT.test(rel))
      throw new Rejected(`member name with "", "." or "..": ${shown(name)}`)
    return rel
  }

  private isIgnored(rel: string): boolean {
    if (rel === '' || !this.ignored) return false
    const parts = rel.split('/')
    for (let i = 1; i <= parts.length; i++)
      if (this.ignored(parts.slice(0, i).join('/'), parts[i - 1] ?? '')) return true
    return false
  }

  /** A member below a link created from this archive would be written through that link. */
  private throughLink(rel: string, name: string): void {
    if (this.links.size === 0 || rel === '') return
    // Members come directory by directory: the answer for a parent holds until a link is added.
    const parent = rel.slice(0, Math.max(0, rel.lastIndexOf('/')))
    if (parent === this.clearParent) return
    let at = rel
    for (let cut = at.lastIndexOf('/'); cut > 0; cut = at.lastIndexOf('/')) {
      at = at.slice(0, cut)
      if (this.links.has(at)) throw new Rejected(`member written through a link: ${shown(name)}`)
    }
    if (this.links.has('')) throw new Rejected(`member written through a link: ${shown(name)}`)
    this.clearParent = parent
  }

  private checkShape(at: Place, m: Member): void {
    const w = this.want
    if (w.kind === 'file') {
      if (at.rel !== '' || m.type !== 'file')
        throw new Rejected(`unexpected ${m.type} member: ${shown(m.name)} (the entry is one file)`)
      if (m.size !== w.size) throw new Rejected(`size ${m.size}, recorded ${w.size}`)
      if (m.mode !== w.mode)
        throw new Rejected(`mode ${modeText(m.mode)}, recorded ${modeText(w.mode)}`)
      return
    }
    if (w.kind === 'bounded') {
      if (w.single && at.rel !== '')
        throw new Rejected(`unexpected member: ${shown(m.name)} (the entry is not a directory)`)
      if (this.bytes + m.size > w.maxBytes)
        throw new Rejected(`over ${w.maxBytes} bytes (the recorded bound)`)
      return
    }
    if (at.rel === '') {
      if (m.type !== 'dir') throw new Rejected(`the tree's root is a ${m.type} in the archive`)
      return
    }
    const t = this.table
    if (!t || at.slot < 0)
      throw new Rejected(`extra ${m.type === 'dir' ? 'directory' : m.type}: ${shown(at.rel)}`)
    const type = m.type === 'dir' ? 'd' : m.type === 'symlink' ? 'l' : 'f'
    const recorded = t.typeOf(at.slot)
    if (type !== recorded)
      throw new Rejected(`${shown(at.rel)}: ${m.type} in the archive, recorded as type ${recorded}`)
    if (type === 'f' && m.type === 'file' && m.size !== t.sizeOf(at.slot))
      throw new Rejected(`${shown(at.rel)}: size ${m.size}, recorded ${t.sizeOf(at.slot)}`)
    const mode = t.modeOf(at.slot)
    if (type !== 'l' && m.mode !== mode)
      throw new Rejected(`${shown(at.rel)}: mode ${modeText(m.mode)}, recorded ${modeText(mode)}`)
    if (type === 'l' && m.linkname !== t.extraOf(at.slot))
      throw new Rejected(`${shown(at.rel)}: link target differs from the recorded one`)
  }

  /** Directories known to exist in scratch: one mkdir per directory, not one per member. */
  private readonly made = new Set<string>()
  private readonly umask = currentUmask()

  private ensureParent(abs: string): void {
    const parent = path.dirname(abs)
    if (this.made.has(parent)) return
    // Parents are created here, inside the private scratch directory, never followed links.
    fs.mkdirSync(parent, { recursive: true, mode: 0o700 })
    this.made.add(parent)
  }

  private dir(at: Place, m: Member): undefined {
    this.ensureParent(at.abs)
    fs.mkdirSync(at.abs, { mode: 0o700 })
    this.made.add(at.abs)
    this.dirModes.push([at.abs, at.slot < 0 || !this.table ? m.mode : this.table.modeOf(at.slot)])
    return undefined
  }

  private symlink(at: Place, m: Member): undefined {
    // A directory made for an earlier member's parent cannot turn into a link.
    if (this.made.has(at.abs))
      throw new Rejected(`link in place of a directory: ${shown(m.name)} -> ${shown(m.linkname)}`)
    if ((this.want.kind === 'bounded' || this.want.kind === 'file') && at.rel !== '') {
      // Unindexed: a link may only point inside the entry (a link entry's own target is checked
      // by the verifier on the scratch copy). The rule does not depend on what else the archive
      // holds or in which order: a relative target, ".." only before its first name, not climbing
      // above the entry's root from the link's own directory (a real one: nothing is extracted
      // below a link). Every link obeying it, any chain of them, through links extracted before
      // or after, can only end inside the entry, whereas a ".." after a name ("l/../..") climbs
      // from wherever that name leads.
      if (!linkStaysInside(this.dest, at.abs, m.linkname))
        throw new Rejected(`link escapes the entry: ${shown(m.name)} -> ${shown(m.linkname)}`)
    }
    this.ensureParent(at.abs)
    fs.symlinkSync(m.linkname, at.abs)
    this.links.add(at.rel)
    this.clearParent = undefined
    this.files++
    return undefined
  }

  /** A hard link's target as a path inside the entry; one that leaves it is refused. */
  private linkTarget(m: Member): string {
    try {
      return this.relOf(m.linkname)
    } catch {
      throw new Rejected(`hard link out of the entry: ${shown(m.name)} -> ${shown(m.linkname)}`)
    }
  }

  private hardlink(at: Place, m: Member): MemberSink | undefined {
    const target = this.linkTarget(m)
    const sealed = this.want.kind === 'indexed' ? this.want.links : undefined
    if (sealed && sealed.get(at.rel) !== target)
      throw new Rejected(
        `hard link the seal does not record: ${shown(m.name)} -> ${shown(m.linkname)}`
      )
    const { sum, size } = this.extracted(target)
    if (sum === undefined)
      throw new Rejected(`hard link to no extracted file: ${shown(m.name)} -> ${shown(m.linkname)}`)
    if (this.table && this.table.extraOf(at.slot) !== sum)
      throw new Rejected(`${shown(at.rel)}: content differs from the recorded sha256`)
    if (this.want.kind === 'file') throw new Rejected('a hard link where one file is recorded')
    // The copy writes the target's bytes again: they count like the target's own.
    if (this.want.kind === 'bounded' && this.bytes + size > this.want.maxBytes)
      throw new Rejected(
        `over ${this.want.maxBytes} bytes (the recorded bound, hard-linked copies counted)`
      )
    this.bytes += size
    this.ensureParent(at.abs)
    // A copy, not a link, unless the seal records this link (then both lie inside this tree):
    // the placed tree shares no inode with anything else (made after the target's own write,
    // which may still be queued).
    this.writes.copy(at.abs, shown(at.rel), path.join(this.dest, target), sealed !== undefined)
    if (sealed) this.linked++
    if (!this.table) {
      this.fileHashes.set(at.rel, sum)
      this.fileSizes.set(at.rel, size)
    }
    this.files++
    return undefined
  }

  /**
   * A file extracted before (its sha256 and size), or no sum. With an index, a file slot that was
   * taken holds the recorded sha256: its member ended, so its bytes matched it (else the archive
   * stopped there).
   */
  private extracted(rel: string): { sum: string | undefined; size: number } {
    const t = this.table
    if (!t) return { sum: this.fileHashes.get(rel), size: this.fileSizes.get(rel) ?? 0 }
    const slot = t.slotOf(rel)
    if (slot < 0 || !t.isTaken(slot) || t.typeOf(slot) !== 'f') return { sum: undefined, size: 0 }
    return { sum: t.extraOf(slot), size: t.sizeOf(slot) }
  }

  private file(at: Place, m: Member): MemberSink {
    this.ensureParent(at.abs)
    this.files++
    const want =
      this.want.kind === 'file'
        ? this.want.sha256
        : at.slot >= 0
          ? this.table?.extraOf(at.slot)
          : undefined
    // open() applies the umask: fix the mode only when it took something away (rarely).
    const fixMode = (m.mode & ~this.umask & 0o777) !== m.mode
    return m.size <= HELD_MAX
      ? this.heldFile(at, m, want, fixMode)
      : this.streamedFile(at, m, want, fixMode)
  }

  private judge(at: Place, sum: string, want: string | undefined, size: number): void {
    if (this.want.kind !== 'bounded' && sum !== want)
      throw new Rejected(
        `${at.rel === '' ? 'the file' : shown(at.rel)}: content differs from the recorded sha256`
      )
    if (this.table) return
    this.fileHashes.set(at.rel, sum)
    this.fileSizes.set(at.rel, size)
  }

  /** Held whole: nothing reaches the disk unless every byte matched. */
  private heldFile(at: Place, m: Member, want: string | undefined, fixMode: boolean): MemberSink {
    // Staged straight into the writer's batch: no buffer of its own, no copy.
    const content = this.writes.stage(m.size)
    let filled = 0
    return {
      write: chunk => {
        if (filled + chunk.length > content.length)
          throw new Rejected(`${shown(m.name)}: overlong member`)
        content.set(chunk, filled)
        filled += chunk.length
        this.bytes += chunk.length
      },
      end: () => {
        if (filled !== content.length) throw new Rejected(`${shown(m.name)}: short member`)
        this.judge(at, crypto.hash('sha256', content), want, m.size)
        this.writes.commit(at.abs, shown(at.rel), m.mode, fixMode)
      }
    }
  }

  private streamedFile(
    at: Place,
    m: Member,
    want: string | undefined,
    fixMode: boolean
  ): MemberSink {
    const fd = fs.openSync(
      at.abs,
      fs.constants.O_WRONLY | fs.constants.O_CREAT | fs.constants.O_EXCL | fs.constants.O_NOFOLLOW,
      m.mode & 0o777
    )
    this.openFd = fd
    const hash: Hash = createHash('sha256')
    return {
      write: chunk => {
        this.bytes += chunk.length
        hash.update(chunk)
        let off = 0
        while (off < chunk.length) off += fs.writeSync(fd, chunk, off, chunk.length - off)
      },
      end: () => {
        const sum = hash.digest('hex')
        this.openFd = undefined
        try {
          if (fixMode) fs.fchmodSync(fd, m.mode)
        } finally {
          fs.closeSync(fd)
        }
        this.judge(at, sum, want, m.size)
      }
    }
  }
}
