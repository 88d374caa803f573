#!/usr/bin/env node
/**
 * The `sealed` workload's S3 helper, run as its own process so the bench's synchronous timing loop
 * cannot stall it:
 *
 *   s3-helper.mjs serve <env-file>   s3rver on 127.0.0.1 (a random port, a private directory, the
 *                                    bucket `bench`); writes the environment a client needs as
 *                                    JSON to <env-file>; serves until killed
 *   s3-helper.mjs get <key> <dir>    the anchor of a restore: the AWS SDK's GetObject of <key>,
 *                                    streamed through `zstd -d` into `tar -x -C <dir>`
 *   s3-helper.mjs put <key> <dir>    the anchor of a save: `tar -c node_modules` in <dir> through
 *                                    `zstd -T0 -3` into the SDK's multipart Upload under <key>
 *
 * get and put take the server's environment from the caller (SWR_S3_ENDPOINT, AWS_*).
 */
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'

const BUCKET = 'bench'

async function serve(envFile) {
  const { default: S3rver } = await import('s3rver')
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'swr-bench-s3-'))
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: dir,
    configureBuckets: [{ name: BUCKET }]
  })
  const { port } = await server.run()
  const stop = () =>
    server.close().then(() => {
      fs.rmSync(dir, { recursive: true, force: true })
      process.exit(0)
    })
  process.on('SIGTERM', stop)
  process.on('SIGINT', stop)
  fs.writeFileSync(
    envFile,
    JSON.stringify({
      SWR_S3_ENDPOINT: `http://127.0.0.1:${port}`,
      SWR_S3_FORCE_PATH_STYLE: 'true',
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
      AWS_EC2_METADATA_DISABLED: 'true',
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true'
    })
  )
}

async function s3() {
  const { S3Client } = await import('@aws-sdk/client-s3')
  return new S3Client({
    region: process.env.AWS_REGION,
    endpoint: process.env.SWR_S3_ENDPOINT,
    forcePathStyle: true
  })
}

function child(cmd, args, opts) {
  const p = spawn(cmd, args, { stdio: ['pipe', 'pipe', 'inherit'], ...opts })
  const done = new Promise((resolve, reject) =>
    p.on('close', code => (code === 0 ? resolve() : reject(new Error(`${cmd} exited ${code}`))))
  )
  return { p, done }
}

async function get(key, dir) {
  const { GetObjectCommand } = await import('@aws-sdk/client-s3')
  const r = await (await s3()).send(new GetObjectCommand({ Bucket: BUCKET, Key: key }))
  const unzstd = child('zstd', ['-d', '-q', '-c'])
  const tar = child('tar', ['-x', '-C', dir], { stdio: ['pipe', 'ignore', 'inherit'] })
  unzstd.p.stdout.pipe(tar.p.stdin)
  await Promise.all([pipeline(r.Body, unzstd.p.stdin), unzstd.done, tar.done])
}

async function put(key, dir) {
  const { Upload } = await import('@aws-sdk/lib-storage')
  const tar = child('tar', ['-c', '-C', dir, 'node_modules'], {
    stdio: ['ignore', 'pipe', 'inherit']
  })
  const zstd = child('zstd', ['-T0', '-3', '-q', '-c'])
  tar.p.stdout.pipe(zstd.p.stdin)
  const upload = new Upload({
    client: await s3(),
    params: { Bucket: BUCKET, Key: key, Body: zstd.p.stdout },
    partSize: 16 * 1024 * 1024,
    queueSize: 4
  })
  await Promise.all([upload.done(), tar.done, zstd.done])
}

const [op, a, b] = process.argv.slice(2)
try {
  if (op === 'serve') await serve(a)
  else if (op === 'get') await get(a, b)
  else if (op === 'put') await put(a, b)
  else throw new Error('usage: s3-helper.mjs serve <env-file> | get <key> <dir> | put <key> <dir>')
} catch (err) {
  process.stderr.write(`s3-helper: ${err.message}\n`)
  process.exit(1)
}
