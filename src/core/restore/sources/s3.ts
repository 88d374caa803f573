/**
 * An S3-compatible bucket (AWS S3, MinIO, R2): the entry's copy is the object
 * PREFIX/<state key>.tzst, or .tgz where the saver had no zstd. The state key is a digest of the
 * entry's signed expectations (cache-port.ts), so the name pins what the copy must hold; the copy
 * is streamed into scratch and proven against the manifest (scratch.ts) before it is placed, like
 * a cache archive. `swr doctor` saves the object after a recipe healed the entry.
 */
import { stateKey, type ArchiveCompression } from '../../cache-port.js'
import { checkPrefix, parseS3Url, S3Failure } from '../../s3-port.js'
import { shown } from '../../archive/extract.js'
import { restoreEntry } from '../scratch.js'
import type { Entry } from '../../types.js'
import { archiveTried, type SourceDef } from './source.js'

/** The object names an entry's copy may have under `url`, zstd first. */
export function s3ObjectsFor(
  url: string,
  entry: Entry
): { bucket: string; names: [string, ArchiveCompression][] } {
  const { bucket, path } = parseS3Url(url)
  const base = `${checkPrefix(path, url)}${stateKey(entry)}`
  return {
    bucket,
    names: [
      [`${base}.tzst`, 'zstd'],
      [`${base}.tgz`, 'gzip']
    ]
  }
}

/** The largest copy read: the entry's recorded bytes when it records them, with room for tar. */
function maxBytes(entry: Entry): number {
  const size = entry.kind === 'file' || entry.kind === 'blob' ? entry.expect.size : undefined
  return size !== undefined ? size + 64 * 1024 * 1024 : 64 * 1024 ** 3
}

export const s3Source: SourceDef<'s3'> = {
  kind: 's3',
  declared: src =>
    typeof src !== 'string' && 's3' in src ? { kind: 's3', url: src.s3.url } : undefined,
  async attempt(src, entry, ctx) {
    const base = { source: 's3', key: src.url } as const
    if (!ctx.ports.s3)
      return {
        attempt: { ...base, outcome: 'skipped', detail: `${src.url} skipped: no S3 client here` }
      }
    let where
    try {
      where = s3ObjectsFor(src.url, entry)
    } catch (err) {
      return { attempt: { ...base, outcome: 'failed', detail: (err as Error).message } }
    }
    const objects = ctx.ports.s3(where.bucket)
    for (const [name, compression] of where.names) {
      let got
      try {
        got = await objects.get(name, maxBytes(entry))
      } catch (err) {
        const why = err instanceof S3Failure ? err.message : String(err).split('\n')[0]
        return { attempt: { ...base, outcome: 'failed', detail: why ?? 'error' } }
      }
      if (!got) continue
      const body = got.body
      const how = `s3 ${shown(`${objects.shown}/${name}`)}`
      const r = await restoreEntry(
        entry,
        { matchedKey: name, exact: true, compression, prefix: entry.path, open: async () => body },
        { workspace: ctx.workspace, ...ctx.restore }
      )
      body.destroy()
      return archiveTried(base, how, r)
    }
    return {
      attempt: {
        ...base,
        outcome: 'miss',
        detail: `s3 miss: no copy of ${entry.id}'s state in ${src.url}`
      }
    }
  }
}
