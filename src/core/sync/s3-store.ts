/**
 * An S3-compatible bucket as a sync store: `s3://BUCKET/PREFIX`. A push writes the bundle once
 * under `PREFIX/NAME/SHA256.swrsync` (keys are never replaced: the same bytes pushed again find
 * their copy there); the locator is that object's `s3://` URL. A pull without a recovery code
 * takes the newest object under `PREFIX/NAME/` (the locator `s3://BUCKET/PREFIX/NAME/`).
 *
 * Where the store is (endpoint, region, path style) and the credentials come from the environment
 * (adapters/s3/objects.ts), never from the locator, which ends up in the recovery code.
 */
import { EXIT, SwrError, UsageError } from '../errors.js'
import { checkPrefix, parseS3Url, S3Failure, type S3Objects } from '../s3-port.js'
import { MAX_BUNDLE_BYTES } from './bundle.js'
import { checkName, storeError, type StoreContext, type SyncStore } from './store.js'

const SUFFIX = '.swrsync'
const COPY_RE = /^[0-9a-f]{64}\.swrsync$/

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const c of stream) chunks.push(Buffer.from(c as Uint8Array))
  return Buffer.concat(chunks)
}

export function s3Store(spec: string, ctx: StoreContext): SyncStore {
  const { bucket, path } = parseS3Url(spec)
  const prefix = checkPrefix(path, spec.slice(0, 120))
  const shown = `s3://${bucket}/${prefix}`
  if (!ctx.s3) throw new UsageError('S3 stores are not available here')
  const objects: S3Objects = ctx.s3(bucket)
  const fail = (why: string) => storeError(shown, why)
  const wrap = async <T>(fn: () => Promise<T>): Promise<T> => {
    try {
      return await fn()
    } catch (err) {
      // The failure names the bucket and the key already.
      throw err instanceof S3Failure ? new SwrError(err.message, EXIT.UNREPAIRABLE) : err
    }
  }
  /** The key a locator names; a key ending in '/' names the newest copy under it. */
  const keyOf = (locator: string): string => {
    const p = parseS3Url(locator)
    if (p.bucket !== bucket) throw fail(`the locator names another bucket`)
    const folder = p.path.endsWith('/')
    const dir = checkPrefix(folder ? p.path : p.path.replace(/\/[^/]*$/, ''), locator.slice(0, 120))
    if (folder) return dir
    const file = p.path.slice(p.path.lastIndexOf('/') + 1)
    if (!COPY_RE.test(file)) throw fail(`bad locator ${JSON.stringify(locator.slice(0, 120))}`)
    return dir + file
  }
  const newest = async (key: string): Promise<string> => {
    if (!key.endsWith('/')) return key
    const found = (await objects.list(key, 1000)).filter(o => COPY_RE.test(o.key.slice(key.length)))
    if (!found[0]) throw fail(`no copy under ${key}`)
    return found[0].key
  }
  return {
    spelling: shown,
    async put(bytes, meta) {
      const key = `${prefix}${checkName(meta.name)}/${meta.sha256}${SUFFIX}`
      await wrap(() => objects.putIfAbsent(key, { bytes }))
      return `s3://${bucket}/${key}`
    },
    locate: name => `s3://${bucket}/${prefix}${checkName(name)}/`,
    get: locator =>
      wrap(async () => {
        const key = await newest(keyOf(locator))
        const got = await objects.get(key, MAX_BUNDLE_BYTES)
        if (!got) throw fail(`no copy at ${key}`)
        try {
          return { bytes: await readAll(got.body), storedAt: got.lastModified }
        } finally {
          got.body.destroy()
        }
      }),
    async stat(locator) {
      try {
        const key = await wrap(async () => newest(keyOf(locator)))
        const info = await wrap(() => objects.head(key))
        return info
          ? { reachable: true, storedAt: info.lastModified }
          : { reachable: false, detail: `no copy at ${key}` }
      } catch (err) {
        return { reachable: false, detail: (err as Error).message }
      }
    }
  }
}
