/**
 * Saving healed entries to the S3-compatible buckets their manifest names as restore sources
 * (restore/sources/s3.ts): after a recipe healed an entry and the final check verified it, its
 * copy goes to PREFIX/<state key>.tzst, so the next machine restores it from the bucket instead of
 * running the recipe. The archive holds exactly what the entry records, each file checked against
 * its recorded sha256 as it is written; an object already there is kept (copies are immutable).
 */
import path from 'node:path'
import { shown } from '../archive/extract.js'
import { makeScratch, removeScratch } from '../fs/scratch.js'
import type { LoadedManifest } from '../manifest/load.js'
import { resolveEntryPath } from '../manifest/paths.js'
import { s3ObjectsFor } from '../restore/sources/s3.js'
import { S3Failure, type S3Objects } from '../s3-port.js'
import { writeEntryArchive } from '../seal/write-archive.js'
import { restoreSources, type Entry, type Finding } from '../types.js'
import { indexPath, readIndex } from '../walk/tree-index.js'

export interface S3CopySaved {
  id: string
  url: string
  outcome: 'saved' | 'exists' | 'changed' | 'failed'
  detail: string
}

function s3Urls(e: Entry): string[] {
  return restoreSources(e).flatMap(s => (typeof s !== 'string' && 's3' in s ? [s.s3.url] : []))
}

/** Save each healed entry (`ids`, verified OK in `findings`) to every bucket it names. */
export async function saveS3Copies(
  m: LoadedManifest,
  ids: readonly string[],
  findings: readonly Finding[],
  opts: { s3: (bucket: string) => S3Objects; scratchBase: string; at?: Date }
): Promise<S3CopySaved[]> {
  const byId = new Map(m.body.entries.map(e => [e.id, e]))
  const out: S3CopySaved[] = []
  for (const id of ids) {
    const e = byId.get(id)
    if (!e) continue
    for (const url of s3Urls(e)) {
      if (findings.find(f => f.id === id)?.status !== 'OK') {
        out.push({ id, url, outcome: 'changed', detail: 'no longer verifies: not saved' })
        continue
      }
      out.push(await saveOne(m, e, url, opts))
    }
  }
  return out
}

async function saveOne(
  m: LoadedManifest,
  e: Entry,
  url: string,
  opts: { s3: (bucket: string) => S3Objects; scratchBase: string; at?: Date }
): Promise<S3CopySaved> {
  const scratch = makeScratch(opts.scratchBase, 'swr-s3copy')
  try {
    const { bucket, names } = s3ObjectsFor(url, e)
    const file = path.join(scratch, 'copy.tar')
    const records =
      e.kind === 'tree' && e.expect.index
        ? readIndex(indexPath(m.file, e.id), e.expect.index)
        : undefined
    if (e.kind === 'tree' && !records)
      return { id: e.id, url, outcome: 'failed', detail: 'its tree index is not readable here' }
    const archive = await writeEntryArchive(
      file,
      [{ member: e.path, abs: resolveEntryPath(m.workspace, e.path), entry: e, records }],
      opts.at ?? new Date()
    )
    const name = names.find(([, c]) => c === archive.compression)?.[0] as string
    const objects = opts.s3(bucket)
    const outcome = await objects.putIfAbsent(name, { file, size: archive.size })
    return {
      id: e.id,
      url,
      outcome,
      detail: `${outcome === 'saved' ? 'saved as' : 'already saved as'} ${shown(`${objects.shown}/${name}`)}`
    }
  } catch (err) {
    const why = err instanceof S3Failure || err instanceof Error ? err.message : String(err)
    return { id: e.id, url, outcome: 'failed', detail: why.split('\n')[0] ?? 'error' }
  } finally {
    removeScratch(scratch)
  }
}
