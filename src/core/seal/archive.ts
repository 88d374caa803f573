/**
 * Reading a sealed cache archive: its first member is the seal, read whole (bounded), parsed and
 * judged before any other member is looked at; every later member is routed to the sealed path it
 * lies under and extracted into private scratch under that path's recorded state (entry by entry,
 * with the extractor every cache restore uses: a tree's members checked against its index and
 * every file hashed as it streams). A member under no sealed path, a second seal, or a seal that
 * does not hold stops the archive with one line.
 */
import path from 'node:path'
import { EntryExtractor, shown, type ExtractSummary, type Expectation } from '../archive/extract.js'
import { Rejected } from '../archive/rejected.js'
import type { Member, MemberSink, TarHandlers } from '../archive/tar-reader.js'
import { expectationOf as entryExpectation } from '../restore/scratch.js'
import { collectGarbage } from '../memory/collect.js'
import { releaseBuffer } from '../memory/release.mjs'
import { dropCheckedIndexes, parseSealHead, SEAL_MAX_BYTES, type ParsedSeal } from './seal.js'
import type { SealedEntry } from './verify.js'

/**
 * A seal at least this large leaves enough dead text behind (several times its size) to collect
 * before the extraction starts; a smaller one's is not worth a full collection (~10-40 ms).
 */
const COLLECT_AFTER_SEAL_BYTES = 8 * 1024 * 1024

/** Thrown after the seal when only the seal was asked for: the download stops there. */
export class SealOnly extends Rejected {
  constructor() {
    super('stopped after the seal')
    this.name = 'SealOnly'
  }
}

/** A sealed path's expectation, as any cache restore of an entry: the seal's index for a tree. */
async function expectationOf(
  s: SealedEntry,
  links: [string, string][] | undefined
): Promise<Expectation> {
  const e = s.entry
  const table = e.kind === 'tree' ? await s.takeTable() : undefined
  // A sealed tree takes exactly the seal's hard links, placed as links; no other.
  if (e.kind !== 'tree' || !table) return entryExpectation(e, { readIndex: () => undefined })
  return { kind: 'indexed', table, ignore: e.ignore, links: new Map(links ?? []) }
}

export interface SealedArchiveOptions {
  /** The seal's name in the archive. */
  sealMember: string
  /** Judge the parsed seal (signatures, key, paths) and map it to entries; throw to refuse. */
  accept(seal: ParsedSeal): SealedEntry[]
  /** Stop after the seal (a lookup, or a look at what is already on disk). */
  sealOnly: boolean
  /** Where sealed path i is extracted to (its parent exists, it does not). */
  destOf(i: number): string
}

interface Route {
  member: string
  extractor: EntryExtractor
}

export class SealedArchive implements TarHandlers {
  seal: ParsedSeal | undefined
  entries: SealedEntry[] = []
  private routes: Route[] = []
  private sealBytes: Buffer[] = []
  private members = 0

  constructor(private readonly opts: SealedArchiveOptions) {}

  member(m: Member): MemberSink | undefined {
    if (this.members++ === 0) return this.sealMember(m)
    if (!this.seal) throw new Rejected('the archive ended its seal early')
    const name = m.name.replace(/\/+$/, '')
    const route = this.routes.find(r => name === r.member || name.startsWith(`${r.member}/`))
    if (!route) throw new Rejected(`member outside the sealed paths: ${shown(m.name)}`)
    return route.extractor.member(m)
  }

  private sealMember(m: Member): MemberSink {
    if (m.name !== this.opts.sealMember || m.type !== 'file')
      throw new Rejected(`no seal: the archive starts with ${shown(m.name)} (an unsealed cache)`)
    if (m.size > SEAL_MAX_BYTES)
      throw new Rejected(`seal of ${m.size} bytes, over the ${SEAL_MAX_BYTES}-byte bound`)
    return {
      write: chunk => void this.sealBytes.push(chunk),
      end: () => this.sealEnded()
    }
  }

  /**
   * The seal parsed and judged at once; its paths' tables are then built (their indexes inflated
   * a piece at a time) before the reader goes on to the next member.
   */
  private sealEnded(): Promise<void> {
    const bytes = Buffer.concat(this.sealBytes)
    const large = bytes.length >= COLLECT_AFTER_SEAL_BYTES
    this.sealBytes = []
    let seal: ParsedSeal
    try {
      seal = parseSealHead(bytes)
    } finally {
      // Parsed into strings and a digest: nothing views these bytes any more.
      releaseBuffer(bytes)
    }
    this.entries = this.opts.accept(seal)
    this.seal = seal
    if (this.opts.sealOnly) {
      dropCheckedIndexes(seal)
      throw new SealOnly()
    }
    return this.route(seal).then(() => void (large && collectGarbage()))
  }

  private async route(seal: ParsedSeal): Promise<void> {
    for (const [i, s] of this.entries.entries()) {
      const member = (seal.doc.body.paths[i]?.member ?? '').replace(/\/+$/, '')
      const expect = await expectationOf(s, seal.doc.body.paths[i]?.links)
      // Routed as it is made, so an abort meanwhile reaches every extractor there is.
      this.routes.push({
        member,
        extractor: new EntryExtractor(member, this.opts.destOf(i), expect)
      })
    }
  }

  room(): Promise<void> | undefined {
    for (const r of this.routes) {
      const wait = r.extractor.room()
      if (wait) return wait
    }
    return undefined
  }

  async settle(): Promise<void> {
    await Promise.all(this.routes.map(r => r.extractor.settle()))
  }

  abort(): void {
    for (const r of this.routes) r.extractor.abort()
  }

  /** After the archive ended: each path complete; summaries in the seal's order. */
  finish(): ExtractSummary[] {
    if (!this.seal) throw new Rejected('no seal: the archive is empty')
    return this.routes.map((r, i) => {
      try {
        return r.extractor.finish()
      } catch (err) {
        if (err instanceof Rejected)
          throw new Rejected(
            `${shown(this.entries[i]?.location.spelling ?? r.member)}: ${err.message}`
          )
        throw err
      }
    })
  }
}

/** Where sealed path i goes in scratch: its own directory, under its own last name. */
export function scratchDest(scratch: string, i: number, s: SealedEntry): string {
  return path.join(scratch, String(i), path.basename(s.location.abs))
}
