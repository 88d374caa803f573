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
import { collectAfterPhase } from '../memory/collect.mjs'
import { releaseBuffer } from '../memory/release.mjs'
import { dropCheckedIndexes, parseSealHead, SEAL_MAX_BYTES, type ParsedSeal } from './seal.js'
import type { SealedEntry } from './verify.js'

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

/**
 * A member that came after the seal in the same piece of the archive, while the seal's tables
 * were still being made: its bytes are held (at most the rest of that one piece: the reading
 * waits for the tables before the next) and handed on, in order, once its route exists.
 */
class EarlyMember implements MemberSink {
  private held: Buffer[] = []
  private ended = false
  private sink: MemberSink | undefined | null = null

  constructor(readonly m: Member) {}

  write(chunk: Buffer): void {
    if (this.sink === null) this.held.push(chunk)
    else this.sink?.write(chunk)
  }

  end(): void {
    if (this.sink === null) this.ended = true
    else this.sink?.end()
  }

  /** From now on its bytes go to `sink` (undefined: skipped), those held first. */
  handTo(sink: MemberSink | undefined): void {
    this.sink = sink
    const held = this.held
    this.held = []
    for (const chunk of held) sink?.write(chunk)
    if (this.ended) sink?.end()
  }
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
  /** The seal's tables being made: members that come meanwhile wait in `early`. */
  private routing: Promise<void> | undefined
  private early: EarlyMember[] = []
  private aborted = false
  /** Why the tables could not be made (an index that does not hold). */
  private failure: unknown

  constructor(private readonly opts: SealedArchiveOptions) {}

  member(m: Member): MemberSink | undefined {
    if (this.members++ === 0) return this.sealMember(m)
    if (!this.seal) throw new Rejected('the archive ended its seal early')
    if (this.failure) throw this.failure
    if (this.routing) {
      const early = new EarlyMember(m)
      this.early.push(early)
      return early
    }
    return this.route(m)
  }

  private route(m: Member): MemberSink | undefined {
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

  private sealEnded(): void {
    const bytes = Buffer.concat(this.sealBytes)
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
    // The tables are made while the reading waits (`room`): each index inflates on libuv's pool.
    this.routing = this.makeRoutes(seal).then(
      () => void (this.routing = undefined),
      (err: unknown) => {
        this.routing = undefined
        this.failure = err
        throw err
      }
    )
    // Thrown again by `room`, `settle`, `member` or `finish`: never left unhandled meanwhile.
    this.routing.catch(() => undefined)
  }

  private async makeRoutes(seal: ParsedSeal): Promise<void> {
    const routes: Route[] = []
    for (const [i, s] of this.entries.entries()) {
      const member = (seal.doc.body.paths[i]?.member ?? '').replace(/\/+$/, '')
      const want = await expectationOf(s, seal.doc.body.paths[i]?.links)
      if (this.aborted) return
      routes.push({ member, extractor: new EntryExtractor(member, this.opts.destOf(i), want) })
    }
    this.routes = routes
    const early = this.early
    this.early = []
    for (const e of early) e.handTo(this.route(e.m))
    // What reading the seal left dead (its text, the index's base64 and inflated pieces) goes
    // now, not at V8's next full collection (300,000 files restored: a peak of 181-196 MiB with
    // this collection, 175-233 without).
    collectAfterPhase()
  }

  room(): Promise<void> | undefined {
    if (this.failure) return Promise.reject(this.failure)
    if (this.routing) return this.routing
    for (const r of this.routes) {
      const wait = r.extractor.room()
      if (wait) return wait
    }
    return undefined
  }

  async settle(): Promise<void> {
    await this.routing
    if (this.failure) throw this.failure
    await Promise.all(this.routes.map(r => r.extractor.settle()))
  }

  abort(): void {
    this.aborted = true
    for (const r of this.routes) r.extractor.abort()
  }

  /** After the archive ended: each path complete; summaries in the seal's order. */
  finish(): ExtractSummary[] {
    if (!this.seal) throw new Rejected('no seal: the archive is empty')
    if (this.failure) throw this.failure
    if (this.routing) throw new Error('finish() before settle(): the routes are still being made')
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
