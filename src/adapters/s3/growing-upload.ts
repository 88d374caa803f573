/**
 * Storing a file while it is still being written, with bytes that are only known at the end in
 * front of it (a sealed archive: the body's frames are written first, the seal's frame, made from
 * the same reads, goes before them). One multipart upload: the body's bytes go up as parts 2, 3,
 * ... as soon as they are on disk, and part 1, the head with the body's first bytes, goes last,
 * so the object is byte for byte what the joined file would have been. S3 concatenates parts in
 * their numbers' order, whatever order they arrived in; every part but the last must be at least
 * 5 MiB, which part 1 is by holding back the body's first 5 MiB.
 *
 * A file that ends before a part beyond the held-back bytes was ready is sent as one object
 * (through `whole`), as a finished file would be. Each part is read into memory (the SDK retries a
 * part it holds, never a stream); at most QUEUE body parts are in flight, and part 1 beside them. A failure or a writing that
 * stopped aborts the upload, so no part is left in the bucket.
 */
import fs from 'node:fs'
import type { S3Client } from '@aws-sdk/client-s3'
import type { GrowingFile } from '../../core/index.js'

/** Parts sent at once, as lib-storage's default queue. */
const QUEUE = 4
/** S3's bound on the parts of one upload. */
const MAX_PARTS = 10_000

type Sdk = typeof import('@aws-sdk/client-s3')

export interface GrowingUpload {
  client: S3Client
  sdk: Sdk
  Bucket: string
  Key: string
  Metadata: Record<string, string>
  /** Bytes of each body part; the first part holds `headBytes` of the body. */
  partSize: number
  headBytes: number
  /** Store head and file as one object (the file ended small). */
  whole(head: Buffer, file: string, size: number): Promise<'saved' | 'exists'>
}

interface Part {
  PartNumber: number
  ETag: string
}

/** The writing stopped: nothing is stored, and the caller hears the writer's own reason. */
export class WritingStopped extends Error {
  constructor(readonly reason: unknown) {
    super('the writing stopped')
  }
}

export async function putGrowing(g: GrowingFile, u: GrowingUpload): Promise<'saved' | 'exists'> {
  let written = 0
  let ended: { head: Buffer; size: number } | undefined
  let stopped: unknown
  let wake: (() => void) | undefined
  const poke = () => wake?.()
  g.onGrow(n => ((written = Math.max(written, n)), poke()))
  g.ended.then(
    e => ((ended = e), poke()),
    err => ((stopped = new WritingStopped(err)), poke())
  )
  const nothing = (): Promise<void> => new Promise<void>(resolve => (wake = resolve))

  // Wait until a part beyond the held-back bytes is on disk, or the file ended.
  while (!ended && written < u.headBytes + u.partSize) {
    if (stopped) throw stopped
    await nothing()
  }
  if (stopped) throw stopped
  if (ended && ended.size < u.headBytes + u.partSize) return u.whole(ended.head, g.file, ended.size)

  const created = await u.client.send(
    new u.sdk.CreateMultipartUploadCommand({ Bucket: u.Bucket, Key: u.Key, Metadata: u.Metadata })
  )
  const UploadId = created.UploadId
  if (!UploadId) throw new Error('the store gave no upload id')
  const fd = await fs.promises.open(g.file, 'r')
  const parts: Part[] = []
  const inFlight = new Set<Promise<void>>()
  // A full part's buffer, once the store has it, is read into again: fresh memory costs a page
  // fault per 4 KiB to touch.
  const spare: Buffer[] = []
  let failure: unknown
  const send = (PartNumber: number, Body: Buffer): void => {
    const p = u.client
      .send(
        new u.sdk.UploadPartCommand({ Bucket: u.Bucket, Key: u.Key, UploadId, PartNumber, Body })
      )
      .then(
        r => {
          if (!r.ETag) failure ??= new Error(`the store gave part ${PartNumber} no ETag`)
          else parts.push({ PartNumber, ETag: r.ETag })
          if (Body.length === u.partSize) spare.push(Body)
        },
        err => {
          failure ??= err
        }
      )
      .finally(() => (inFlight.delete(p), poke()))
    inFlight.add(p)
  }
  const read = async (at: number, n: number, into?: Buffer, offset = 0) => {
    into ??= (n === u.partSize ? spare.pop() : undefined) ?? Buffer.allocUnsafe(n)
    const { bytesRead } = await fd.read(into, offset, n, at)
    if (bytesRead !== n) throw new Error(`the file ended ${n - bytesRead} bytes early`)
    return into
  }
  try {
    let next = u.headBytes
    let number = 2
    for (;;) {
      if (failure) throw failure
      if (stopped) throw stopped
      const end = ended ? ended.size : written
      // A full part, or (once the file ended) the rest; never more than a part at a time.
      const n = Math.min(u.partSize, end - next)
      if (n > 0 && (n === u.partSize || ended) && inFlight.size < QUEUE) {
        if (number > MAX_PARTS)
          throw new Error(`over ${MAX_PARTS} parts of ${u.partSize} bytes (set a larger part size)`)
        send(number++, await read(next, n))
        next += n
        continue
      }
      // Every body part sent: part 1 goes up beside the last ones.
      if (ended && next >= ended.size) break
      await nothing()
    }
    const head = ended as { head: Buffer; size: number }
    const first = Buffer.allocUnsafe(head.head.length + u.headBytes)
    head.head.copy(first)
    send(1, await read(0, u.headBytes, first, head.head.length))
    while (inFlight.size > 0) await nothing()
    if (failure) throw failure
    parts.sort((a, b) => a.PartNumber - b.PartNumber)
    await u.client.send(
      new u.sdk.CompleteMultipartUploadCommand({
        Bucket: u.Bucket,
        Key: u.Key,
        UploadId,
        MultipartUpload: { Parts: parts },
        // Keys are immutable: a store that honours it refuses a writer that raced past the check.
        IfNoneMatch: '*'
      })
    )
    return 'saved'
  } catch (err) {
    // Parts still going up would outlive the abort: wait for them first.
    while (inFlight.size > 0) await Promise.allSettled([...inFlight])
    await u.client
      .send(new u.sdk.AbortMultipartUploadCommand({ Bucket: u.Bucket, Key: u.Key, UploadId }))
      .catch(() => undefined)
    throw err
  } finally {
    await fd.close()
  }
}
