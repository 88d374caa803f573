/**
 * Capturing a tree in one streamed walk, each entry handed to an archiver as it is walked (the
 * sealed cache's archive writer, which reads each file once: for the archive and for its sha256).
 * Nothing per entry is kept: the digests are hashed, the index compressed and the sentinels picked
 * as the walk goes, so memory stays flat however many files the tree has. The order, the lines
 * and so every digest and index byte are those of the other captures (tree.ts).
 */
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import { UsageError } from '../errors.js'
import { shownName } from '../walk/byte-names.mjs'
import { ignoreMatcher } from '../walk/ignore-rules.js'
import { indexLine } from '../walk/index-line.mjs'
import { specialDigestOf, specialKindAt } from '../walk/specials.js'
import { IndexWriter } from '../walk/tree-index.js'
import { linkTargetAt, updateLines } from '../walk/walk.js'
import {
  contentLine,
  eachChildListed,
  lookAtListed,
  metaFields,
  metaLineOf,
  TYPE,
  type RecordType
} from '../walk/walk-format.mjs'
import { SentinelPicker } from './sentinels.js'
import type { TreeCapture, TreeSource } from './tree.js'

/** Archives a tree's entries in walk order as a capture walks them. */
export interface TreeArchiver {
  /** The tree's own directory. */
  root(abs: string): Promise<void>
  dir(rel: string, mode: number): Promise<void>
  link(rel: string, target: string): Promise<void>
  /**
   * A regular file, archived, with the sha256 of the bytes archived. Refuses (throws) a file
   * whose state moved since `st` (the walk's lstat, or the fstat of `fd`, the file already open
   * for reading, which the caller closes) or whose size was not `st.size`. The sha256 comes back
   * at once when the file was archived without waiting (most small files), else as a promise.
   */
  file(rel: string, abs: string, st: fs.BigIntStats, fd?: number): string | Promise<string>
}

/** Lines gathered before each digest update (one update per line costs more than the hash). */
const LINES = 2048

/** A child as listed: a regular file by the listing comes with no state, to be opened. */
type Child = [abs: string, rel: string, type: RecordType, st: fs.BigIntStats | undefined]

/** What a child is once looked at: its state, and a regular file's open descriptor. */
type Looked = { type: RecordType; st: fs.BigIntStats; fd?: number } | undefined

class Digests {
  private readonly meta = createHash('sha256')
  private readonly content = createHash('sha256')
  private metaText = ''
  private contentText = ''
  private indexLines: string[] = []
  private lines = 0
  readonly index = new IndexWriter()
  readonly picker = new SentinelPicker()
  readonly specials: { rel: string; kind: string }[] = []
  files = 0
  entries = 0

  add(rel: string, type: RecordType, size: number, mode: number, extra: string | undefined): void {
    const fields = metaFields(rel, type, size, mode)
    this.metaText += metaLineOf(fields)
    // A special file's kind is in its index line, not its content line (specials.ts).
    this.contentText += contentLine(fields, type === TYPE.other ? '' : (extra ?? ''))
    this.indexLines.push(indexLine(rel, type, mode, size, extra) + '\n')
    this.entries++
    if (type !== TYPE.dir) this.files++
    if (type === TYPE.file && size > 0) this.picker.add(rel)
    if (++this.lines >= LINES) this.flush()
  }

  flush(): void {
    updateLines(this.meta, this.metaText)
    updateLines(this.content, this.contentText)
    this.index.write(this.indexLines, this.indexLines.length)
    this.metaText = ''
    this.contentText = ''
    this.indexLines = []
    this.lines = 0
  }

  async end(): Promise<TreeCapture> {
    this.flush()
    return {
      files: this.files,
      metaDigest: this.meta.digest('hex'),
      contentDigest: this.content.digest('hex'),
      specialDigest: specialDigestOf(this.specials),
      sentinels: this.picker.picked(),
      index: await this.index.end(),
      entries: this.entries
    }
  }
}

/** Capture the tree at `src.root`, archiving each entry through `archiver` as it is walked. */
export async function captureTreeStreamed(
  src: TreeSource,
  archiver: TreeArchiver
): Promise<TreeCapture> {
  const rules = { exclude: src.exclude, ignored: ignoreMatcher(src.ignore) }
  const d = new Digests()
  const unreadable: string[] = []
  const visit = async (absDir: string, relDir: string): Promise<void> => {
    const children: Child[] = []
    try {
      eachChildListed(absDir, relDir, rules, (abs, rel, type, st) =>
        children.push([abs, rel, type, st])
      )
    } catch (err) {
      unreadable.push(
        `${shownName(relDir || '.')} (${(err as NodeJS.ErrnoException).code ?? 'EIO'})`
      )
      return
    }
    for (const [abs, rel, listed, listedSt] of children) {
      const looked: Looked = listedSt
        ? { type: listed, st: listedSt }
        : lookAtListed(abs, rel, rel.slice(rel.lastIndexOf('/') + 1), rules.ignored)
      if (!looked) continue
      const { type, st, fd } = looked
      const mode = Number(st.mode & 0o7777n)
      if (type === TYPE.file) {
        try {
          const got = archiver.file(rel, abs, st, fd)
          const sha256 = typeof got === 'string' ? got : await got
          d.add(rel, type, Number(st.size), mode, sha256)
        } finally {
          if (fd !== undefined) fs.closeSync(fd)
        }
      } else if (type === TYPE.link) {
        const target = linkTargetAt(abs)
        await archiver.link(rel, target)
        d.add(rel, type, 0, mode, target)
      } else if (type === TYPE.dir) {
        await archiver.dir(rel, mode)
        d.add(rel, type, 0, mode, undefined)
        await visit(abs, rel)
      } else {
        const kind = specialKindAt(src.root, rel)
        d.specials.push({ rel, kind })
        d.add(rel, type, 0, mode, kind)
      }
    }
  }
  try {
    await archiver.root(src.root)
    await visit(src.root, '')
    if (unreadable.length > 0)
      throw new UsageError(`${src.shown}: cannot read ${unreadable.join(', ')}`)
    return await d.end()
  } finally {
    // Once ended this stops nothing; after a refusal it frees the compressor.
    d.index.abort()
  }
}
