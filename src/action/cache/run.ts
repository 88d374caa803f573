/**
 * The cache actions: a drop-in for actions/cache whose archives carry a seal. `cache` restores in
 * its main step and seals and saves in its post step (only after a job that succeeded, and not
 * after an exact hit); `cache/restore` and `cache/save` are the halves. Outputs are
 * actions/cache's (`cache-hit`, `cache-primary-key`, `cache-matched-key`) plus swr's.
 */
import * as core from '@actions/core'
import {
  actionsSealedCacheClient,
  cacheReadOnly,
  cacheServiceAvailable
} from '../../adapters/actions-cache.js'
import {
  classifyError,
  escapeMarkdown,
  markdownCode,
  seals,
  sign,
  state,
  walk,
  type SealedCacheOptions,
  type SealedRestoreResult,
  sealedCache
} from '../../core/index.js'
import { CacheState } from '../constants.js'
import * as log from '../log.js'
import { keyVariants, maskSecrets } from '../secrets.js'
import { secretInput } from '../inputs.js'
import { readCacheInputs, type CacheInputs } from './inputs.js'
import { s3CacheClient } from './s3.js'

export const CACHE_REPORT_SCHEMA = 'swr.cache-report/1'

const STATE = { primaryKey: CacheState.PrimaryKey, hit: CacheState.Hit } as const

const RUNNER_OS: Record<string, string> = { Linux: 'linux', macOS: 'darwin', Windows: 'win32' }
const RUNNER_ARCH: Record<string, string> = { X64: 'x64', ARM64: 'arm64', X86: 'ia32', ARM: 'arm' }

/** The job's platform as the runner names it (RUNNER_OS, RUNNER_ARCH), else this process's. */
function runnerPlatform(env: NodeJS.ProcessEnv): { os: string; arch: string } {
  return {
    os: RUNNER_OS[env.RUNNER_OS ?? ''] ?? process.platform,
    arch: RUNNER_ARCH[env.RUNNER_ARCH ?? ''] ?? process.arch
  }
}

function options(inputs: CacheInputs, env: NodeJS.ProcessEnv): SealedCacheOptions {
  state.applyProcFdSetting(env)
  return {
    cache: inputs.s3
      ? s3CacheClient(inputs.s3, env, {
          stallSeconds: inputs.stallSeconds,
          onNote: line => log.warning(line)
        })
      : actionsSealedCacheClient({
          env,
          onNote: line => log.warning(line),
          stallSeconds: inputs.stallSeconds,
          uploadChunkSize: inputs.uploadChunkSize
        }),
    patterns: inputs.patterns,
    workspace: inputs.workspace,
    home: inputs.home,
    scratchBase: inputs.scratchBase,
    nativeWalk: walk.nativeWalkAllowed(env),
    platform: runnerPlatform(env),
    crossOs: inputs.crossOs
  }
}

function maskInputs(env: NodeJS.ProcessEnv): void {
  maskSecrets([
    ...keyVariants(secretInput(env, 'hmac-key')),
    ...keyVariants(secretInput(env, 'signing-key'))
  ])
}

async function trusted(inputs: CacheInputs): Promise<Set<string>> {
  const out = new Set(inputs.trusted)
  // A job that signs with a key trusts the seals that key made.
  if (inputs.signingSeed) out.add((await sign.identityFromSeed(inputs.signingSeed)).fingerprint)
  return out
}

function setOutputs(r: SealedRestoreResult, inputs: CacheInputs): void {
  const found = r.outcome === 'hit' || r.outcome === 'stale'
  core.setOutput('cache-hit', r.outcome === 'hit' ? 'true' : 'false')
  core.setOutput('cache-primary-key', r.primaryKey)
  core.setOutput('cache-matched-key', found ? (r.matchedKey ?? '') : '')
  core.setOutput('stale', r.outcome === 'stale' ? 'true' : 'false')
  const damaged = found ? [] : inputs.patterns.filter(p => !p.negate).map(p => p.line)
  core.setOutput('healthy', found ? 'true' : 'false')
  core.setOutput('damaged', JSON.stringify(damaged))
  core.setOutput('wipe-signature', r.wipe)
  core.setOutput(
    'report',
    JSON.stringify({
      schema: CACHE_REPORT_SCHEMA,
      outcome: r.outcome,
      primary_key: r.primaryKey,
      matched_key: r.matchedKey ?? null,
      reason: r.reason ?? null,
      signed_by: r.signedBy,
      restored: r.restored,
      files: r.files,
      bytes: r.bytes,
      ms: r.ms,
      wipe_signature: r.wipe,
      before: r.before.map(f => ({
        path: f.path,
        status: f.status,
        detail: f.detail.slice(0, 500)
      })),
      damaged
    })
  )
}

function describe(r: SealedRestoreResult): string {
  const by =
    r.signedBy.length > 0
      ? `signed by ${r.signedBy.join(', ')}`
      : 'unsigned or by no key this job knows'
  switch (r.outcome) {
    case 'miss':
      return `swr cache: miss: ${r.reason ?? 'no cache'}`
    case 'refused':
      return `swr cache: refused the cache under key ${r.matchedKey ?? '?'}: ${r.reason ?? ''}; nothing was written`
    default: {
      const what = r.restored
        ? `restored ${r.files} files (${r.bytes} bytes), every byte verified against the seal (${by})`
        : `already on disk as sealed (${by}); only the seal was downloaded`
      const stale =
        r.outcome === 'stale'
          ? `; STALE: restored from key ${r.matchedKey ?? '?'}, not the primary key ${r.primaryKey}: update it (the post step saves the new state)`
          : ''
      return `swr cache: ${what}${stale}`
    }
  }
}

async function summary(r: SealedRestoreResult): Promise<void> {
  if (r.outcome === 'hit' && r.wipe === 'cold-start') return
  const lines = [
    '### swr cache',
    '',
    `| outcome | primary key | matched key | wipe signature |`,
    '| --- | --- | --- | --- |',
    `| ${r.outcome} | ${markdownCode(r.primaryKey)} | ${markdownCode(r.matchedKey ?? '')} | ${r.wipe} |`
  ]
  if (r.reason) lines.push('', escapeMarkdown(r.reason))
  await log.writeSummary(lines.join('\n') + '\n')
}

/**
 * The one line a Windows job gets: the placer holds directories open below one another and the
 * seal records POSIX modes and links, neither of which Windows has as the runner gives them.
 */
function unsupportedHere(env: NodeJS.ProcessEnv): string | undefined {
  if (process.platform !== 'win32' && env.RUNNER_OS !== 'Windows') return undefined
  return "swr cache: the sealed cache does not run on Windows yet: nothing restored or saved (keep actions/cache there, or add `if: runner.os != 'Windows'`)"
}

/** The main step of `cache` and of `cache/restore`. */
export async function restorePhase(
  env: NodeJS.ProcessEnv,
  opts: { saveAfter: boolean }
): Promise<void> {
  try {
    maskInputs(env)
    const inputs = readCacheInputs(env, { keyRequired: true })
    for (const w of inputs.warnings) log.warning(`swr cache: ${w}`)
    if (opts.saveAfter) core.saveState(STATE.primaryKey, inputs.key)
    const unsupported = unsupportedHere(env)
    if (unsupported) {
      log.warning(unsupported)
      core.setOutput('cache-hit', 'false')
      core.setOutput('cache-primary-key', inputs.key)
      if (inputs.failOnCacheMiss)
        log.setFailed(`swr cache: no usable cache for key ${inputs.key} (fail-on-cache-miss)`)
      return
    }
    if (!inputs.s3 && !cacheServiceAvailable(env)) {
      log.warning('swr cache: no Actions cache service in this job: nothing restored')
      core.setOutput('cache-hit', 'false')
      core.setOutput('cache-primary-key', inputs.key)
      return
    }
    const r = await sealedCache.restoreSealedCache({
      ...options(inputs, env),
      key: inputs.key,
      restoreKeys: inputs.restoreKeys,
      lookupOnly: inputs.lookupOnly,
      trust: { require: inputs.require, hmacKey: inputs.hmacKey, trusted: await trusted(inputs) }
    })
    if (opts.saveAfter) core.saveState(STATE.hit, r.outcome === 'hit' ? 'true' : 'false')
    setOutputs(r, inputs)
    if (r.outcome === 'refused' || r.outcome === 'stale') log.warning(describe(r))
    else log.info(describe(r))
    await summary(r)
    const found = r.outcome === 'hit' || r.outcome === 'stale'
    if (!found && inputs.failOnCacheMiss)
      log.setFailed(
        `swr cache: no usable cache for key ${inputs.key} (fail-on-cache-miss)${r.reason ? `: ${r.reason}` : ''}`
      )
  } catch (err) {
    const c = classifyError(err)
    if (!(err instanceof seals.UnsupportedPath)) return log.setFailed(`swr cache: ${c.line}`)
    // What actions/cache takes and a sealed cache cannot do yet is a miss, not a failed step.
    log.warning(`swr cache: ${c.line}: nothing restored`)
    core.setOutput('cache-hit', 'false')
    core.setOutput('cache-primary-key', core.getInput('key').trim())
    if (core.getInput('fail-on-cache-miss').trim().toLowerCase() === 'true')
      log.setFailed('swr cache: no usable cache (fail-on-cache-miss)')
  }
}

/** The post step of `cache` (after a job that succeeded), and the main step of `cache/save`. */
export async function savePhase(env: NodeJS.ProcessEnv, opts: { post: boolean }): Promise<void> {
  try {
    maskInputs(env)
    const inputs = readCacheInputs(env, { keyRequired: true })
    // The post step's main step said it already.
    if (!opts.post) for (const w of inputs.warnings) log.warning(`swr cache: ${w}`)
    // The post step saves under the key the main step computed: the runner evaluates a post
    // step's inputs again, and a key made with hashFiles() can read differently by then.
    const key = (opts.post && core.getState(STATE.primaryKey)) || inputs.key
    if (opts.post && core.getState(STATE.hit) === 'true') {
      log.info(`swr cache: cache hit on the primary key ${key}: not saving`)
      return
    }
    // The main step said why already; cache/save says it here.
    if (unsupportedHere(env)) {
      if (!opts.post) log.warning(unsupportedHere(env) as string)
      return
    }
    if (!inputs.s3 && cacheReadOnly(env)) {
      log.info('swr cache: read-only cache mode (ACTIONS_CACHE_MODE): not saving')
      return
    }
    if (!inputs.s3 && !cacheServiceAvailable(env)) {
      log.warning('swr cache: no Actions cache service in this job: not saving')
      return
    }
    const identity = inputs.signingSeed
      ? await sign.identityFromSeed(inputs.signingSeed)
      : undefined
    const run = [env.GITHUB_REPOSITORY, env.GITHUB_RUN_ID, env.GITHUB_JOB].filter(Boolean).join(' ')
    const r = await sealedCache.saveSealedCache({
      ...options(inputs, env),
      key,
      signers: { hmacKey: inputs.hmacKey, identity },
      at: new Date(),
      run
    })
    const by = r.signedBy.length > 0 ? `signed by ${r.signedBy.join(', ')}` : 'unsigned'
    if (r.unmatched.length > 0)
      log.warning(
        `swr cache: path ${r.unmatched.map(l => JSON.stringify(l)).join(', ')} matched nothing: nothing saved for ${r.unmatched.length === 1 ? 'it' : 'them'}`
      )
    if (r.outcome === 'saved')
      log.info(
        `swr cache: sealed ${r.files} files (${by}) and saved them under key ${r.key}${r.phases ? ` in ${r.ms} ms (read and archive ${r.phases.readMs}, seal ${r.phases.sealMs}, upload ${r.phases.uploadMs})` : ''}`
      )
    else log.warning(`swr cache: ${r.reason ?? r.outcome}`)
  } catch (err) {
    const c = classifyError(err)
    // A save that cannot happen never fails the job (as actions/cache's post step).
    log.warning(`swr cache: not saved: ${c.line}`)
  }
}
