/**
 * The GitHub Action: a thin shell over the engine. Inputs (inputs.ts) -> the same check /
 * repairManifest / gate calls as the CLI -> outcomeOf -> publish (publish.ts: outputs, job
 * summary, annotations, SARIF, the report file). Secrets are masked first (secrets.ts).
 */
import * as core from '@actions/core'
import os from 'node:os'
import {
  type CheckReport,
  type EngineResult,
  EXIT,
  type ExitCode,
  loadManifest,
  outcomeOf,
  restoreSources,
  verifySignatures,
  capture,
  scrub,
  state,
  walk
} from '../core/index.js'
import { VERSION } from '../version.js'
import * as log from './log.js'
import { Outputs, SURVIVAL_COMMANDS } from './constants.js'
import { actionsCacheClient, cacheServiceAvailable } from '../adapters/actions-cache.js'
import { emptySecretWarning, readInputs } from './inputs.js'
import { actionPolicy } from './policy.js'
import { recordCheckRun, runCanary } from './canary.js'
import { failureFor, publish, publishError, publishVerify, scheduleWriteBack } from './publish.js'
import { checkWithLog, repairWithLog } from './engine-log.js'
import { keyVariants, maskSecrets, secretEnvValues } from './secrets.js'

function isSurvivalCommand(c: string): boolean {
  return (SURVIVAL_COMMANDS as readonly string[]).includes(c)
}

export async function run(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  state.applyProcFdSetting(env)
  let exitCode: ExitCode = EXIT.HEALTHY
  try {
    const inputs = readInputs(env)
    const emptyKey = emptySecretWarning(
      env,
      'hmac-key',
      `no HMAC signature can be checked in this run${inputs.require === 'mldsa' ? '' : ', so no recipe runs'}`
    )
    if (emptyKey) log.warning(`swr: ${emptyKey}`)
    const hmacVariants = keyVariants(inputs.hmacKey)
    maskSecrets(hmacVariants)
    if (isSurvivalCommand(inputs.command)) {
      await runCanary(inputs, env)
      return
    }
    const runnerTemp = env.RUNNER_TEMP || os.tmpdir()
    const stateDir = state.makeOwnedTemp(runnerTemp, 'swr-state')
    const m = loadManifest(inputs.manifest, { workspace: inputs.workspace })
    const secrets = [...hmacVariants, ...secretEnvValues(m, env)]
    maskSecrets(secrets)
    core.setOutput(Outputs.ManifestDigest, m.digest)
    const policy = actionPolicy(m, inputs, env, stateDir)
    const cacheClient = cacheServiceAvailable(env)
      ? actionsCacheClient({ env, onNote: line => log.warning(line) })
      : undefined
    if (
      !cacheClient &&
      (inputs.cacheLookup ||
        m.body.entries.some(e => restoreSources(e).some(x => typeof x !== 'string')))
    ) {
      log.info(
        'swr: cache sources skipped: no Actions cache service in this job (ACTIONS_RESULTS_URL unset)'
      )
    }
    if (inputs.command === 'verify') {
      if (inputs.record) log.warning('swr: record applies to check, doctor and restore: ignored')
      const verified = await verifySignatures(m, policy)
      exitCode = outcomeOf(verified).exitCode
      await publishVerify(verified, inputs)
      return
    }
    let first: CheckReport | undefined
    let result: EngineResult
    if (inputs.command === 'check') {
      result = await checkWithLog(m, {
        only: inputs.only.length ? inputs.only : undefined,
        deep: inputs.deep,
        stateDir,
        version: VERSION,
        command: inputs.command,
        jobs: inputs.jobs,
        nativeWalk: walk.nativeWalkAllowed(env),
        cacheLookup: inputs.cacheLookup ? cacheClient : undefined
      })
      first = result.report
    } else {
      const repaired = await repairWithLog(
        m,
        inputs,
        env,
        stateDir,
        policy,
        cacheClient,
        before => {
          first = before
        }
      )
      result = { kind: 'repair', report: repaired }
      const skipped = cacheClient?.skippedLine()
      if (skipped) log.info(`swr: ${skipped}`)
      scheduleWriteBack(repaired, m, env, cacheClient)
    }
    // What survived, before any repair: the measurement a survival history is for.
    if (inputs.record && first) await recordCheckRun(first, m, inputs, env)
    // Nothing secret reaches the report file, outputs, summary, annotations or SARIF.
    const report = scrub.scrubDeep(
      result.report,
      scrub.makeScrubber(secrets, await capture.loadSecretScan())
    )
    const { status } = outcomeOf(result)
    exitCode = outcomeOf(result).exitCode
    await publish(report, m, inputs, runnerTemp, status, exitCode, env)
    if (failureFor(status, inputs.failOn))
      log.setFailed(
        `swr ${inputs.command}: ${status} (${report.summary.damaged} of ${report.summary.entries} entries damaged; fail-on: ${inputs.failOn})`
      )
  } catch (caught) {
    publishError(caught)
  }
}
