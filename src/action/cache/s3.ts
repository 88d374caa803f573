/**
 * The cache actions' S3 store: chosen by the `s3-bucket` input, or by SWR_CACHE_S3_BUCKET in the
 * runner's environment (so a fleet moves every job to its bucket without editing a workflow), and
 * scoped by the run's git refs as the Actions cache scopes its entries (adapters/s3/sealed-cache.ts).
 */
import * as core from '@actions/core'
import fs from 'node:fs'
import { type SealedCacheClient, UsageError, buckets } from '../../core/index.js'
import { downloadBounds } from '../../adapters/cache-service.js'
import { s3Objects, s3SettingsFromEnv } from '../../adapters/s3/objects.js'
import { s3SealedCacheClient, type S3CacheScope } from '../../adapters/s3/sealed-cache.js'

export interface S3CacheInputs {
  bucket: string
  prefix: string
  region: string | undefined
  endpoint: string | undefined
  forcePathStyle: boolean | undefined
}

function endpointOf(v: string): string | undefined {
  if (v === '') return undefined
  let url: URL
  try {
    url = new URL(v)
  } catch {
    throw new UsageError(`input s3-endpoint: "${v.slice(0, 80)}" is not a URL`)
  }
  if (!/^https?:$/.test(url.protocol) || url.username || url.password || url.search)
    throw new UsageError('input s3-endpoint: an http(s) URL without credentials or a query')
  return url.href
}

/** The S3 inputs, or undefined when the Actions cache is the store. */
export function readS3Inputs(env: NodeJS.ProcessEnv): S3CacheInputs | undefined {
  const given = core.getInput('s3-bucket').trim()
  const bucket = given || (env.SWR_CACHE_S3_BUCKET ?? '').trim()
  if (bucket === '') return undefined
  const what = given ? 'input s3-bucket' : 'SWR_CACHE_S3_BUCKET'
  const style = core.getInput('s3-force-path-style').trim().toLowerCase()
  if (style !== '' && style !== 'true' && style !== 'false')
    throw new UsageError(`input s3-force-path-style: "${style.slice(0, 40)}" is not true or false`)
  const region = core.getInput('s3-region').trim()
  if (region !== '' && !/^[a-z0-9-]{1,40}$/.test(region))
    throw new UsageError(`input s3-region: "${region.slice(0, 40)}" is not a region name`)
  return {
    bucket: buckets.checkBucket(bucket, what),
    prefix: buckets.checkPrefix(
      core.getInput('s3-prefix').trim() || (env.SWR_CACHE_S3_PREFIX ?? '').trim(),
      'input s3-prefix'
    ),
    region: region || undefined,
    endpoint: endpointOf(core.getInput('s3-endpoint').trim()),
    forcePathStyle: style === '' ? undefined : style === 'true'
  }
}

/** The default branch the event names (bounded read), if any. */
function defaultBranch(env: NodeJS.ProcessEnv): string | undefined {
  const file = env.GITHUB_EVENT_PATH
  if (!file) return undefined
  try {
    const st = fs.statSync(file)
    if (!st.isFile() || st.size > 16 * 1024 * 1024) return undefined
    const event = JSON.parse(fs.readFileSync(file, 'utf8')) as {
      repository?: { default_branch?: unknown }
    }
    const b = event.repository?.default_branch
    return typeof b === 'string' && b !== '' ? b : undefined
  } catch {
    return undefined
  }
}

/**
 * The run's scope as the Actions cache has it: its own ref (written and read first), then its
 * base branch (a pull request) and the default branch (read only).
 */
export function s3Scope(env: NodeJS.ProcessEnv): S3CacheScope {
  const own = env.GITHUB_REF || 'refs/unknown'
  const read: string[] = []
  if (env.GITHUB_BASE_REF) read.push(`refs/heads/${env.GITHUB_BASE_REF}`)
  const main = defaultBranch(env)
  if (main) read.push(`refs/heads/${main}`)
  return { write: own, read }
}

export function s3CacheClient(
  inputs: S3CacheInputs,
  env: NodeJS.ProcessEnv,
  opts: { stallSeconds: number | undefined; onNote: (line: string) => void }
): SealedCacheClient {
  const objects = s3Objects(
    s3SettingsFromEnv(env, {
      bucket: inputs.bucket,
      region: inputs.region,
      endpoint: inputs.endpoint,
      forcePathStyle: inputs.forcePathStyle
    })
  )
  return s3SealedCacheClient({
    objects,
    prefix: inputs.prefix,
    scope: s3Scope(env),
    bounds: downloadBounds(env, opts.stallSeconds, opts.onNote),
    onNote: opts.onNote
  })
}
