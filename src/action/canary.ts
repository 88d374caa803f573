/**
 * The Action's survival commands: `canary-plant`, `canary-read` and `stats`, and `record: true` on
 * a check. The canary ledger and the history live in a state directory that travels through the
 * Actions cache between runs (restored before, saved under a new key after), so one run plants and
 * the next one reads, and every read or recorded check adds to the same history.
 */
import * as core from '@actions/core'
import { createHash, randomBytes } from 'node:crypto'
import os from 'node:os'
import path from 'node:path'
import {
  actionsCacheClient,
  cacheReadOnly,
  cacheServiceAvailable
} from '../adapters/actions-cache.js'
import {
  type CacheClient,
  type CheckReport,
  type LoadedManifest,
  type RunStatus,
  canary,
  history
} from '../core/index.js'
import { Outputs } from './constants.js'
import type { ActionInputs } from './inputs.js'
import * as log from './log.js'
import { plantOutput, readingOutput, statsOutput, unplantedOutput } from './outputs.js'

/**
 * One fixed path under RUNNER_TEMP: the cache version hashes the path, so every run must name the
 * same one (RUNNER_TEMP is the same on every hosted runner, and private to the job).
 */
export function canaryStateDir(env: NodeJS.ProcessEnv): string {
  return path.join(env.RUNNER_TEMP || os.tmpdir(), 'swr-canary-state')
}

/** The key family: one history per repository, canary key, runner OS and architecture. */
export function canaryKeyPrefix(env: NodeJS.ProcessEnv, name: string): string {
  const scope = [
    env.GITHUB_REPOSITORY ?? '',
    name,
    env.RUNNER_OS ?? '',
    env.RUNNER_ARCH ?? ''
  ].join('\0')
  return `swr-canary-v1-${createHash('sha256').update(scope).digest('hex').slice(0, 16)}-`
}

interface Transport {
  dir: string
  client: CacheClient | undefined
  prefix: string
}

async function bringState(inputs: ActionInputs, env: NodeJS.ProcessEnv): Promise<Transport> {
  const dir = canaryStateDir(env)
  const prefix = canaryKeyPrefix(env, inputs.canaryKey)
  const client = cacheServiceAvailable(env)
    ? actionsCacheClient({ env, onNote: line => log.warning(line) })
    : undefined
  // An earlier swr step of this job already holds the newest state: it is used, not restored over.
  const source = await canary.restoreCanaryState(
    dir,
    client,
    prefix,
    env.RUNNER_TEMP || os.tmpdir()
  )
  if (source.from === 'no-cache')
    log.warning(
      'swr: no Actions cache service in this job (ACTIONS_RESULTS_URL unset): the canary ledger and history stay on this runner'
    )
  else if (source.from === 'none') log.info('swr: no canary state in the cache yet')
  else if (source.from === 'cache') log.info(`swr: canary state restored from ${source.key}`)
  // A state that does not parse never reaches RUNNER_TEMP; the run goes on without it, loudly.
  else if (source.from === 'refused')
    log.warning(`swr: canary state from ${source.key} refused (${source.why}): starting afresh`)
  return { dir, client, prefix }
}

async function keepState(t: Transport, env: NodeJS.ProcessEnv, what: string): Promise<void> {
  if (!t.client) return
  if (cacheReadOnly(env)) {
    log.warning('swr: read-only cache mode: the canary state was not saved for the next run')
    return
  }
  const key = `${t.prefix}${Date.now()}-${env.GITHUB_RUN_ID ?? 'local'}-${env.GITHUB_RUN_ATTEMPT ?? '1'}-${what}-${randomBytes(3).toString('hex')}`
  const saved = await t.client.save(t.dir, key)
  if (saved === 'failed') log.warning(`swr: the canary state was not saved (${key})`)
  else log.info(`swr: canary state saved as ${key}`)
}

function expandHome(p: string, home: string): string {
  return p === '~' ? home : p.startsWith('~/') ? path.join(home, p.slice(2)) : p
}

function anchorsFor(inputs: ActionInputs, env: NodeJS.ProcessEnv): canary.Anchors {
  return canary.canaryAnchors({
    workspace: inputs.canaryWorkspace,
    home: env.HOME || os.homedir(),
    tmp: os.tmpdir()
  })
}

async function summarize(parts: string[], inputs: ActionInputs): Promise<void> {
  if (!inputs.summary) return
  try {
    await log.writeSummary(parts.join('\n'))
  } catch (e) {
    log.warning(`job summary not written: ${e instanceof Error ? e.message : String(e)}`)
  }
}

function finish(
  status: RunStatus,
  stats: history.Stats,
  inputs: ActionInputs,
  failed: string
): void {
  core.setOutput(Outputs.Status, status)
  core.setOutput(Outputs.Healthy, String(status === 'healthy'))
  core.setOutput(Outputs.ExitCode, status === 'healthy' ? '0' : '1')
  core.setOutput(Outputs.Stats, statsOutput(stats))
  if (status !== 'healthy' && inputs.failOn === 'damage') log.setFailed(failed)
}

export async function runCanary(inputs: ActionInputs, env: NodeJS.ProcessEnv): Promise<void> {
  const t = await bringState(inputs, env)
  const anchors = anchorsFor(inputs, env)
  const context = history.runContext(env)
  if (inputs.command === 'canary-plant') {
    const { ledger, replaced } = await canary.plantCanary(
      { stateDir: t.dir },
      {
        anchors,
        at: inputs.canaryAt.map(a => path.resolve(anchors.workspace, expandHome(a, anchors.home))),
        volatile: inputs.canaryVolatile,
        includeHome: inputs.canaryHome,
        ...(inputs.canaryLargeBytes !== undefined ? { largeBytes: inputs.canaryLargeBytes } : {}),
        // A scheduled job that never read the last planting (a failed run) must still plant.
        replace: true,
        context
      }
    )
    if (replaced)
      log.info(
        `swr: removed ${replaced.removed} probes of the previous planting ${replaced.plant_id}`
      )
    log.info(`swr: planted canary ${ledger.plant_id}: ${ledger.probes.length} probes`)
    for (const l of ledger.locations) log.info(`  ${l.id}: ${canary.showAnchored(l.dir)}`)
    core.setOutput(
      Outputs.Canary,
      plantOutput(
        ledger.plant_id,
        ledger.probes.length,
        ledger.locations.map(l => l.id)
      )
    )
    await keepState(t, env, 'plant')
    const stats = canary.survivalStats(t.dir)
    await summarize(
      [
        `### 🐤 swr canary planted: ${ledger.probes.length} probes in ${ledger.locations.length} locations`,
        '',
        ...ledger.locations.map(l => `- \`${l.id}\`: \`${canary.showAnchored(l.dir)}\``),
        '',
        'A later run reads them with `command: canary-read`.',
        ''
      ],
      inputs
    )
    finish('healthy', stats, inputs, '')
    return
  }
  if (inputs.command === 'canary-read') {
    const read = await canary.readCanaryIfPlanted({ stateDir: t.dir }, { anchors, context })
    if (!read) {
      // The first run of a scheduled survival job has nothing to read yet: not a failure.
      log.warning(
        'swr canary-read: nothing planted yet in this canary history (a first run?): plant with command: canary-plant'
      )
      core.setOutput(Outputs.Canary, unplantedOutput())
      const stats = canary.survivalStats(t.dir)
      await summarize(
        ['### swr canary: nothing planted yet', '', canary.renderStatsMarkdown(stats)],
        inputs
      )
      finish('healthy', stats, inputs, '')
      return
    }
    const { reading } = read
    log.startGroup('swr: canary read')
    log.rendered(canary.renderCanaryText(reading))
    log.endGroup()
    core.setOutput(Outputs.Canary, readingOutput(reading))
    await keepState(t, env, 'read')
    const stats = canary.survivalStats(t.dir)
    await summarize(
      [canary.renderCanaryMarkdown(reading), canary.renderStatsMarkdown(stats)],
      inputs
    )
    const changed = reading.totals.altered + reading.totals.lost
    finish(
      changed === 0 ? 'healthy' : 'damaged',
      stats,
      inputs,
      `swr canary: ${changed} probes altered or lost`
    )
    return
  }
  const stats = canary.survivalStats(t.dir)
  await summarize(['### swr survival', '', canary.renderStatsMarkdown(stats)], inputs)
  finish('healthy', stats, inputs, '')
}

/**
 * `record: true`: this run's check (before any repair) joins the survival history of the canary
 * key, so `command: stats` shows per entry how often the runner or the cache kept it.
 */
export async function recordCheckRun(
  report: CheckReport,
  m: LoadedManifest,
  inputs: ActionInputs,
  env: NodeJS.ProcessEnv
): Promise<void> {
  const t = await bringState(inputs, env)
  canary.recordSurvival(t.dir, report, m, history.runContext(env))
  log.info(
    `swr: recorded ${report.results.length} entries in the survival history (canary-key ${inputs.canaryKey})`
  )
  await keepState(t, env, 'check')
}
