/**
 * The cache actions' inputs (cache/action.yml, cache/restore/action.yml, cache/save/action.yml):
 * actions/cache's own, read the way it reads them, plus the seal's. Every bad value is one line
 * naming the input.
 */
import * as core from '@actions/core'
import os from 'node:os'
import path from 'node:path'
import { sign, seals, UsageError } from '../../core/index.js'
import { boolInput, emptySecretWarning, secretInput } from '../inputs.js'
import { readS3Inputs, type S3CacheInputs } from './s3.js'

export interface CacheInputs {
  /** The `path` lines, parsed as patterns. */
  patterns: seals.PathPattern[]
  key: string
  restoreKeys: string[]
  lookupOnly: boolean
  failOnCacheMiss: boolean
  require: seals.SealRequirement
  hmacKey: Buffer | undefined
  /** The ML-DSA-87 seed this job signs seals with. */
  signingSeed: Buffer | undefined
  trusted: Set<string>
  workspace: string
  home: string
  scratchBase: string
  /** `upload-chunk-size` in bytes, as actions/cache takes it. */
  uploadChunkSize: number | undefined
  /** enableCrossOsArchive: place a seal made on another os or arch. */
  crossOs: boolean
  /** One line each for secret inputs given but empty (the step prints them). */
  warnings: string[]
  /** `download-stall-timeout` in seconds; undefined: the environment's or the default. */
  stallSeconds: number | undefined
  /** The S3 store (`s3-bucket` or SWR_CACHE_S3_BUCKET); undefined: the Actions cache. */
  s3: S3CacheInputs | undefined
}

const bool = boolInput

/** A positive whole number of seconds, at most an hour; '' is undefined. */
function seconds(name: string): number | undefined {
  const v = core.getInput(name).trim()
  if (v === '') return undefined
  const n = Number(v)
  if (!Number.isInteger(n) || n < 1 || n > 3600)
    throw new UsageError(
      `input ${name}: "${v.slice(0, 40)}" is not a whole number of seconds from 1 to 3600`
    )
  return n
}

/** `upload-chunk-size`: bytes, 1 MiB to 128 MiB (the service's bound on one block). */
function chunkSize(): number | undefined {
  const v = core.getInput('upload-chunk-size').trim()
  if (v === '') return undefined
  const n = Number(v)
  if (!Number.isInteger(n) || n < 1 << 20 || n > 128 << 20)
    throw new UsageError(
      `input upload-chunk-size: "${v.slice(0, 40)}" is not a byte count from 1 MiB to 128 MiB`
    )
  return n
}

const KEY_MAX = 512

function cacheKey(name: string, v: string): string {
  if (v.length > KEY_MAX) throw new UsageError(`input ${name}: longer than ${KEY_MAX} characters`)
  if (v.includes(',')) throw new UsageError(`input ${name}: a key cannot contain commas`)
  if (seals.hasControl(v)) throw new UsageError(`input ${name}: holds a control character`)
  return v
}

function seed(env: NodeJS.ProcessEnv): Buffer | undefined {
  const v = secretInput(env, 'signing-key')
  if (v === '') return undefined
  if (!/^[0-9a-fA-F]{64}$/.test(v))
    throw new UsageError(
      'input signing-key: not an ML-DSA-87 seed (64 hex digits, as `swr keygen` writes)'
    )
  return Buffer.from(v, 'hex')
}

function hmac(env: NodeJS.ProcessEnv): Buffer | undefined {
  const v = secretInput(env, 'hmac-key')
  if (v === '') return undefined
  const key = sign.parseHmacKey(v)
  if (!key) throw new UsageError('input hmac-key: must be 64 hex digits or at least 32 characters')
  return key
}

export function readCacheInputs(
  env: NodeJS.ProcessEnv,
  opts: { keyRequired: boolean }
): CacheInputs {
  const workspace = path.resolve(env.GITHUB_WORKSPACE || process.cwd())
  const home = path.resolve(env.HOME || os.homedir())
  const key = cacheKey('key', core.getInput('key').trim())
  if (key === '' && opts.keyRequired) throw new UsageError('input key: required')
  const patterns = seals.parsePatterns(seals.inputLines(core.getInput('path')), {
    workspace,
    home
  })
  const hmacKey = hmac(env)
  const signingSeed = seed(env)
  const trusted = seals.parseTrustedSigners(core.getInput('trusted-signers'))
  const keyed = hmacKey !== undefined || signingSeed !== undefined || trusted.size > 0
  const req = core.getInput('require-seal').trim() || (keyed ? 'signed' : 'any')
  if (!(seals.SEAL_REQUIREMENTS as readonly string[]).includes(req))
    throw new UsageError(`input require-seal: "${req.slice(0, 40)}" is not signed or any`)
  if (req === 'signed' && !keyed)
    throw new UsageError(
      'input require-seal: signed needs hmac-key, signing-key or trusted-signers to judge signatures by'
    )
  const fellTo = `the seal requirement is ${req}${req === 'any' ? ': an unsigned seal is restored, and seals are saved unsigned' : ''}`
  const warnings = ['hmac-key', 'signing-key'].flatMap(
    n => emptySecretWarning(env, n, fellTo) ?? []
  )
  return {
    warnings,
    patterns,
    key,
    restoreKeys: seals
      .inputLines(core.getInput('restore-keys'))
      .map(k => cacheKey('restore-keys', k)),
    lookupOnly: bool('lookup-only', false),
    crossOs: bool('enableCrossOsArchive', false),
    uploadChunkSize: chunkSize(),
    failOnCacheMiss: bool('fail-on-cache-miss', false),
    require: req as seals.SealRequirement,
    hmacKey,
    signingSeed,
    trusted,
    workspace,
    home,
    scratchBase: path.resolve(env.RUNNER_TEMP || os.tmpdir()),
    stallSeconds: seconds('download-stall-timeout'),
    s3: readS3Inputs(env)
  }
}
