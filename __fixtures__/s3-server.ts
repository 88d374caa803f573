/**
 * A real S3-compatible server on loopback for tests: s3rver (a Node implementation of the S3 REST
 * API over a directory) on 127.0.0.1 with a random port and a private temporary directory, behind a
 * small loopback proxy that can inject faults. Nothing here reaches past 127.0.0.1.
 *
 * What s3rver does and does not (3.7): buckets, PUT/GET/HEAD/DELETE of objects, ListObjectsV2 with
 * continuation tokens, multipart uploads (CreateMultipartUpload / UploadPart /
 * CompleteMultipartUpload), user metadata, the S3 error codes (NoSuchBucket, NoSuchKey, ...).
 * It checks the access key id of a SigV4 request (an unknown one is 403 InvalidAccessKeyId) but not
 * the signature itself, and it ignores `If-None-Match: *` on PUT (a second PUT replaces the object):
 * the conditional create is tested by the check swr makes before it, see adapters/s3/objects.ts.
 * Its LastModified has whole seconds, as S3's listings do.
 *
 * The proxy answers instead of s3rver when told to: `fail({ status: 503, code: 'SlowDown', times })`
 * for the next `times` requests (optionally only those `match` picks), `deny()` for every request
 * (403 AccessDenied, as a bucket policy refusing the credential). It records every request's
 * method and path so tests can see a multipart upload or the SDK's retries.
 *
 * Credentials: s3rver's built-in account, access key id and secret both `S3RVER`.
 */
import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import S3rver from 's3rver'

export interface S3Fault {
  status: number
  code: string
  times: number
  /** Only requests this picks fail (default: every request). */
  match?: (req: S3Request) => boolean
}

export interface S3Request {
  method: string
  /** The path and query as sent, e.g. `/bucket/key?uploads`. */
  url: string
}

export interface S3Server {
  /** The proxy's URL: what the client is pointed at. */
  endpoint: string
  /** A bucket that exists. */
  bucket: string
  /** What a child process needs to reach the bucket through the proxy (path style, credentials). */
  env: Record<string, string>
  /** Every request the proxy saw, in order. */
  requests: S3Request[]
  fail(f: S3Fault): void
  /** Refuse every request with 403 AccessDenied until `deny(false)`. */
  deny(on?: boolean): void
  /** The keys of the bucket's objects (read from s3rver's directory). */
  keys(): string[]
  /** Change bytes of an object in place (same size): storage that rots, or a writer with the keys. */
  tamper(key: string, at?: number): void
  /** The object's bytes on s3rver's disk. */
  read(key: string): Buffer
  /** Replace an object's bytes on s3rver's disk (a cut-short upload, another entry's archive). */
  write(key: string, bytes: Buffer): void
  close(): Promise<void>
}

const OBJECT_SUFFIX = '._S3rver_object'

function errorXml(code: string, message: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message><RequestId>fault</RequestId></Error>`
}

export async function startS3Server(opts: { bucket?: string } = {}): Promise<S3Server> {
  const bucket = opts.bucket ?? 'swr-test'
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'swr-s3rver-'))
  const backend = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: dir,
    configureBuckets: [{ name: bucket }]
  })
  const { port: backendPort } = (await backend.run()) as AddressInfo
  const faults: S3Fault[] = []
  let denied = false
  const requests: S3Request[] = []

  const proxy = http.createServer((req, res) => {
    const r: S3Request = { method: req.method ?? 'GET', url: req.url ?? '/' }
    requests.push(r)
    const answer = (status: number, code: string) => {
      req.resume()
      const body = req.method === 'HEAD' ? '' : errorXml(code, 'injected by the test server')
      res.writeHead(status, { 'content-type': 'application/xml', connection: 'close' })
      res.end(body)
    }
    if (denied) return answer(403, 'AccessDenied')
    const fault = faults.find(f => f.times > 0 && (!f.match || f.match(r)))
    if (fault) {
      fault.times--
      return answer(fault.status, fault.code)
    }
    const up = http.request(
      {
        host: '127.0.0.1',
        port: backendPort,
        method: req.method,
        path: req.url,
        headers: req.headers
      },
      back => {
        res.writeHead(back.statusCode ?? 502, back.headers)
        back.pipe(res)
      }
    )
    up.on('error', () => res.destroy())
    req.pipe(up)
  })
  await new Promise<void>(resolve => proxy.listen(0, '127.0.0.1', resolve))
  const endpoint = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`
  const file = (key: string) => path.join(dir, bucket, key + OBJECT_SUFFIX)

  return {
    endpoint,
    bucket,
    env: {
      SWR_S3_ENDPOINT: endpoint,
      SWR_S3_FORCE_PATH_STYLE: 'true',
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
      // Nothing from the machine's own AWS set-up may take part.
      AWS_CONFIG_FILE: path.join(dir, 'no-config'),
      AWS_SHARED_CREDENTIALS_FILE: path.join(dir, 'no-credentials'),
      AWS_EC2_METADATA_DISABLED: 'true'
    },
    requests,
    fail: f => void faults.push({ ...f }),
    deny: (on = true) => {
      denied = on
    },
    keys() {
      const out: string[] = []
      const walk = (d: string, rel: string) => {
        for (const e of fs.readdirSync(d, { withFileTypes: true })) {
          const r = rel ? `${rel}/${e.name}` : e.name
          if (e.isDirectory()) walk(path.join(d, e.name), r)
          else if (e.name.endsWith(OBJECT_SUFFIX)) out.push(r.slice(0, -OBJECT_SUFFIX.length))
        }
      }
      if (fs.existsSync(path.join(dir, bucket))) walk(path.join(dir, bucket), '')
      return out.sort()
    },
    tamper(key, at) {
      const bytes = fs.readFileSync(file(key))
      const i = at ?? Math.floor(bytes.length / 2)
      bytes[i] = (bytes[i] ?? 0) ^ 0xff
      fs.writeFileSync(file(key), bytes)
    },
    read: key => fs.readFileSync(file(key)),
    write: (key, bytes) => fs.writeFileSync(file(key), bytes),
    async close() {
      const closed = new Promise<void>(resolve => proxy.close(() => resolve()))
      proxy.closeAllConnections()
      await closed
      await backend.close()
      fs.rmSync(dir, { recursive: true, force: true })
    }
  }
}
