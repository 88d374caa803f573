/**
 * The engine's use cases with their phases as log groups: `check` (its findings), and `doctor` /
 * `restore` (check, plan, restore, re-check), recipe output shielded from the runner's command
 * channel.
 */
import {
  type CacheClient,
  check,
  type CheckReport,
  type CheckRun,
  type CheckRunOptions,
  type LoadedManifest,
  refusalOf,
  repairManifest,
  type RepairReport,
  sign,
  walk,
  textReport
} from '../core/index.js'
import { VERSION } from '../version.js'
import * as log from './log.js'
import { withBefore } from '../adapters/actions-cache.js'
import { type ActionInputs } from './inputs.js'

export async function repairWithLog(
  m: LoadedManifest,
  inputs: ActionInputs,
  env: NodeJS.ProcessEnv,
  stateDir: string,
  policy: ReturnType<typeof sign.makePolicy>,
  cacheClient: CacheClient | undefined,
  onFirstCheck: (before: CheckReport) => void
): Promise<RepairReport> {
  const mode = inputs.command === 'restore' ? 'restore' : 'doctor'
  const shield = log.makeShield()
  /** The plan, for wording a refusal by what it would have run. */
  let waves: Parameters<typeof refusalOf>[0] = []
  let group = ''
  const open = (name: string): void => {
    shield.own()
    if (group) log.endGroup()
    log.startGroup(name)
    group = name
  }
  try {
    return await repairManifest(m, {
      // The client prints ::add-mask:: for its signed URLs: never inside the recipe-output shield.
      cacheClient: cacheClient && withBefore(cacheClient, shield.own),
      mode,
      version: VERSION,
      stateDir,
      policy,
      rememberAccepted: false,
      callerEnv: env,
      only: inputs.only.length ? inputs.only : undefined,
      jobs: inputs.jobs,
      nativeWalk: walk.nativeWalkAllowed(env),
      timeoutS: inputs.timeout,
      sealMissing: false,
      hooks: {
        onCheck: (before, plan) => {
          waves = plan.waves
          onFirstCheck(before)
          open('swr: check')
          for (const l of textReport.findingLines(
            before.results.filter(f => f.status !== 'OK'),
            { color: false, all: false }
          ))
            log.rendered(l)
          log.info(`${before.summary.ok}/${before.summary.entries} healthy`)
          if (plan.waves.length > 0) {
            open('swr: plan')
            log.rendered(textReport.renderPlan(plan.waves, { color: false, all: false }))
          }
        },
        onGate: (gate: sign.GateDecision) => {
          shield.own()
          for (const w of gate.warnings) log.warning(w)
          if (!gate.allowed) {
            const noKey =
              !inputs.hmacKey && (inputs.require === 'hmac' || inputs.require === 'both')
            const why = `${noKey ? 'the hmac-key input is empty (a fork pull request gets no secrets), so ' : ''}${gate.reason}`
            const recipes = waves.some(w => w.some(st => st.sources.includes('recipe')))
            log.error(
              `swr: ${recipes ? `no recipe ran: ${why}` : refusalOf(waves, why)}. The workspace was verified and reported only.`
            )
          } else open('swr: restore')
        },
        onLine: (id, line) => shield.recipeLine(`[${id}] ${line}`),
        onStep: r => {
          shield.own()
          log.rendered(textReport.renderStep(r, { color: false, all: false }))
        },
        onFinal: final => {
          open('swr: re-check')
          log.info(`${final.summary.ok}/${final.summary.entries} healthy`)
        }
      }
    })
  } finally {
    shield.own()
    if (group) log.endGroup()
  }
}

/** `command: check`: the engine's check, its damaged entries and cache lookups in the log. */
export async function checkWithLog(m: LoadedManifest, opts: CheckRunOptions): Promise<CheckRun> {
  log.startGroup('swr: check')
  const result = await check(m, opts)
  for (const l of textReport.findingLines(
    result.report.results.filter(f => f.status !== 'OK'),
    { color: false, all: false }
  ))
    log.rendered(l)
  log.endGroup()
  for (const l of result.report.cache_lookup ?? [])
    log.info(`cache ${l.available ? 'saved   ' : 'not saved'} ${l.id} (${l.key})`)
  return result
}
