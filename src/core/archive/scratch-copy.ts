/**
 * A cache archive of swr's own state (a pulled manifest bundle, the canary state) unpacked into a
 * fresh private scratch directory under fixed bounds, holding nothing but directories and regular
 * files. The caller parses and checks it there, and only then takes what it needs.
 */
import fs from 'node:fs'
import path from 'node:path'
import type { CacheArchive } from '../cache-port.js'
import { EntryExtractor } from './extract.js'
import { makeScratch, removeScratch } from '../fs/scratch.js'
import { Rejected } from './rejected.js'
import { unpack } from './unpack.js'

export interface ScratchCopy {
  /** The archived directory's copy. */
  root: string
  /** Remove the scratch directory and everything in it. */
  dispose(): void
}

function onlyPlain(dir: string): void {
  for (const ent of fs.readdirSync(dir, { withFileTypes: true })) {
    const abs = path.join(dir, ent.name)
    if (ent.isDirectory()) onlyPlain(abs)
    else if (!ent.isFile()) throw new Rejected(`not a regular file: ${ent.name}`)
  }
}

/** Unpack `archive` (the cache of one directory) into scratch; throws a Rejected. */
export async function scratchCopy(
  archive: CacheArchive,
  scratchBase: string,
  bounds: { maxMembers: number; maxBytes: number }
): Promise<ScratchCopy> {
  const dir = makeScratch(scratchBase, 'swr-state')
  const root = path.join(dir, 'w')
  const dispose = (): void => removeScratch(dir)
  try {
    const x = new EntryExtractor(archive.prefix, root, {
      kind: 'bounded',
      ...bounds,
      single: false
    })
    try {
      await unpack(await archive.open(), archive.compression, x, archive.bounds)
    } finally {
      x.abort()
    }
    x.finish()
    if (!fs.lstatSync(root).isDirectory())
      throw new Rejected('the archive does not hold a directory')
    onlyPlain(root)
    return { root, dispose }
  } catch (err) {
    dispose()
    if (err instanceof Rejected) throw err
    throw new Rejected(
      `${(err as NodeJS.ErrnoException).code ?? 'error'}: ${String((err as Error).message).split('\n')[0]}`
    )
  }
}
