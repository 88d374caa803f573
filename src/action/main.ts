/**
 * The GitHub Action: a thin shell over the engine. Inputs -> the same check / repairManifest /
 * gate calls as the CLI -> outputs, job summary, annotations, SARIF and a report file. Recipe
 * output is shielded from workflow-command injection; the HMAC key and its encodings are masked.
 */
import * as core from '@actions/core'
import { execFileSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import {
  check,
  outcomeOf,
  outcomeOfError,
  type EngineResult,
  type RunStatus,
  repairManifest,
  diskError,
  EXIT,
  SwrError,
  type ExitCode,
  loadManifest,
  type LoadedManifest,
  annotationsFor,
  renderMarkdown,
  escapeMarkdown,
  type CheckReport,
  type RepairReport,
  toSarif,
  findingLines,
  renderPlan,
  renderStep,
  decide,
  gateInput,
  type GateDecision,
  parseHmacKey,
  makePolicy,
  writeFileAtomic,
  makeScrubber,
  scrubDeep,
  secretPieces,
  type CacheClient,
  restoreSources,
  nativeWalkAllowed,
  GITHUB_ANNOTATIONS_PER_LEVEL
} from '../core/index.js'
import { VERSION } from '../version.js'
import * as log from './log.js'
import { Outputs, State, SURVIVAL_COMMANDS, type FailOn, type WriteBackState } from './constants.js'
import {
  actionsCacheClient,
  cacheReadOnly,
  cacheServiceAvailable,
  withBefore
} from '../adapters/actions-cache.js'
import { readInputs, type ActionInputs } from './inputs.js'
import { actionPolicy } from './policy.js'
import { recordCheckRun, runCanary } from './canary.js'
import { compactReport, damagedIds, idListOutput, repairedIds } from './outputs.js'

/** The key and every encoding of it that could reach a log. */
function keyVariants(key: string | undefined): string[] {
  if (!key) return []
  const variants = new Set([key, key.trim()])
  const bytes = parseHmacKey(key)
  if (bytes)
    for (const enc of ['hex', 'base64', 'base64url'] as const) variants.add(bytes.toString(enc))
  for (const enc of ['hex', 'base64', 'base64url'] as const)
    variants.add(Buffer.from(key.trim()).toString(enc))
  return [...variants]
}

/**
 * Mask every secret and every line of it: the runner masks line by line, so a multi-line value (a
 * PEM or OpenSSH key) registered whole is not masked at all.
 */
function maskSecrets(values: readonly string[]): void {
  for (const v of secretPieces(values)) core.setSecret(v)
}

/** The values of every `secret_env` variable the manifest names, as this job has them. */
function secretEnvValues(m: LoadedManifest, env: NodeJS.ProcessEnv): string[] {
  const names = new Set(m.body.entries.flatMap(e => e.secret_env ?? []))
  return [...names].flatMap(n => env[n] ?? [])
}

function trackedFiles(root: string): Set<string> {
  try {
    return new Set(
      execFileSync('git', ['-C', root, 'ls-files', '-z'], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
        maxBuffer: 256 * 1024 * 1024
      })
        .split('\0')
        .filter(Boolean)
    )
  } catch {
    return new Set()
  }
}

function failureFor(status: RunStatus, failOn: FailOn): boolean {
  if (failOn === 'never') return false
  if (failOn === 'damage')
    return status === 'damaged' || status === 'unrepairable' || status === 'refused'
  return status === 'unrepairable' || status === 'refused'
}

async function runRepair(
  m: LoadedManifest,
  inputs: ActionInputs,
  env: NodeJS.ProcessEnv,
  stateDir: string,
  policy: ReturnType<typeof makePolicy>,
  cacheClient: CacheClient | undefined,
  onFirstCheck: (before: CheckReport) => void
): Promise<RepairReport> {
  const mode = inputs.command === 'restore' ? 'restore' : 'doctor'
  const shield = log.makeShield()
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
      nativeWalk: nativeWalkAllowed(env),
      timeoutS: inputs.timeout,
      hooks: {
        onCheck: (before, plan) => {
          onFirstCheck(before)
          open('swr: check')
          for (const l of findingLines(
            before.results.filter(f => f.status !== 'OK'),
            { color: false, all: false }
          ))
            log.rendered(l)
          log.info(`${before.summary.ok}/${before.summary.entries} healthy`)
          if (plan.waves.length > 0) {
            open('swr: plan')
            log.rendered(renderPlan(plan.waves, { color: false, all: false }))
          }
        },
        onGate: (gate: GateDecision) => {
          shield.own()
          for (const w of gate.warnings) log.warning(w)
          if (!gate.allowed) {
            const noKey =
              !inputs.hmacKey && (inputs.require === 'hmac' || inputs.require === 'both')
            log.error(
              `swr: no recipe ran: ${noKey ? 'the hmac-key input is empty (a fork pull request gets no secrets), so ' : ''}${gate.reason}. The workspace was verified and reported only.`
            )
          } else open('swr: restore')
        },
        onLine: (id, line) => shield.recipeLine(`[${id}] ${line}`),
        onStep: r => {
          shield.own()
          log.rendered(renderStep(r, { color: false, all: false }))
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

function isSurvivalCommand(c: string): boolean {
  return (SURVIVAL_COMMANDS as readonly string[]).includes(c)
}

export async function run(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  let exitCode: ExitCode = EXIT.HEALTHY
  try {
    const inputs = readInputs(env)
    const hmacVariants = keyVariants(inputs.hmacKey)
    maskSecrets(hmacVariants)
    if (isSurvivalCommand(inputs.command)) {
      await runCanary(inputs, env)
      return
    }
    const runnerTemp = env.RUNNER_TEMP || os.tmpdir()
    const stateDir = fs.mkdtempSync(path.join(runnerTemp, 'swr-state-'))
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
      exitCode = await runVerify(m, inputs, policy)
      return
    }
    let first: CheckReport | undefined
    let result: EngineResult
    if (inputs.command === 'check') {
      log.startGroup('swr: check')
      result = await check(m, {
        only: inputs.only.length ? inputs.only : undefined,
        deep: inputs.deep,
        stateDir,
        version: VERSION,
        command: inputs.command,
        jobs: inputs.jobs,
        nativeWalk: nativeWalkAllowed(env),
        cacheLookup: inputs.cacheLookup ? cacheClient : undefined
      })
      for (const l of findingLines(
        result.report.results.filter(f => f.status !== 'OK'),
        { color: false, all: false }
      ))
        log.rendered(l)
      log.endGroup()
      first = result.report
      for (const l of result.report.cache_lookup ?? [])
        log.info(`cache ${l.available ? 'saved   ' : 'not saved'} ${l.id} (${l.key})`)
    } else {
      const repaired = await runRepair(m, inputs, env, stateDir, policy, cacheClient, before => {
        first = before
      })
      result = { kind: 'repair', report: repaired }
      scheduleWriteBack(repaired, m, env, cacheClient)
    }
    // What survived, before any repair: the measurement a survival history is for.
    if (inputs.record && first) await recordCheckRun(first, m, inputs, env)
    // Nothing secret reaches the report file, outputs, summary, annotations or SARIF.
    const report = scrubDeep(result.report, makeScrubber(secrets))
    const { status } = outcomeOf(result)
    exitCode = outcomeOf(result).exitCode
    await publish(report, m, inputs, runnerTemp, status, exitCode)
    if (failureFor(status, inputs.failOn))
      log.setFailed(
        `swr ${inputs.command}: ${status} (${report.summary.damaged} of ${report.summary.entries} entries damaged; fail-on: ${inputs.failOn})`
      )
  } catch (caught) {
    const err = caught instanceof SwrError ? caught : (diskError(caught) ?? caught)
    if (err instanceof SwrError) {
      exitCode = err.exitCode
      core.setOutput(Outputs.Status, outcomeOfError(exitCode).status)
      core.setOutput(Outputs.Healthy, 'false')
      core.setOutput(Outputs.ExitCode, String(exitCode))
      log.setFailed(`swr: ${err.message}`)
      return
    }
    // A bug: its own status and exit code (never "refused" or 2), one line, the stack for the report.
    core.setOutput(Outputs.Status, 'error')
    core.setOutput(Outputs.Healthy, 'false')
    core.setOutput(Outputs.ExitCode, String(EXIT.INTERNAL))
    if (err instanceof Error && err.stack) log.debug(err.stack)
    log.setFailed(
      `swr: internal error: ${err instanceof Error ? err.message : String(err)}; this is a bug in swr, please report it`
    )
  }
}

async function publish(
  report: CheckReport | RepairReport,
  m: LoadedManifest,
  inputs: ActionInputs,
  runnerTemp: string,
  status: RunStatus,
  exitCode: ExitCode
): Promise<void> {
  const repoRoot = inputs.root
  const manifestUri = path.relative(repoRoot, m.file).split(path.sep).join('/')
  const reportPath = path.join(runnerTemp, `swr-report-${randomBytes(6).toString('hex')}.json`)
  writeFileAtomic(reportPath, JSON.stringify(report, null, 2) + '\n', { mode: 0o600 })
  const damaged = idListOutput(damagedIds(report))
  const repaired = idListOutput(repairedIds(report))
  core.setOutput(Outputs.Status, status)
  core.setOutput(Outputs.Healthy, String(report.verdict === 'healthy'))
  core.setOutput(Outputs.Damaged, damaged.text)
  core.setOutput(Outputs.Repaired, repaired.text)
  core.setOutput(
    Outputs.WipeSignature,
    'repair' in report ? report.repair.before.signature : report.diagnosis.signature
  )
  core.setOutput(Outputs.ReportPath, reportPath)
  core.setOutput(Outputs.ExitCode, String(exitCode))
  core.setOutput(
    Outputs.Report,
    compactReport(report, {
      status,
      exitCode,
      reportPath,
      outputsOmitted: { damaged: damaged.omitted, repaired: repaired.omitted }
    })
  )
  if (damaged.omitted + repaired.omitted > 0)
    log.info(
      `swr: the damaged and repaired outputs leave out ${damaged.omitted} and ${repaired.omitted} ids; ${reportPath} has them all`
    )
  if (inputs.summary) {
    try {
      await log.writeSummary(renderMarkdown(report, { reportPath }))
    } catch (e) {
      log.warning(`job summary not written: ${e instanceof Error ? e.message : String(e)}`)
    }
  }
  if (inputs.annotations) {
    const tracked = trackedFiles(repoRoot)
    const printed = log.annotationsPrinted()
    const annotations = annotationsFor(report, {
      // Room left of GitHub's per-step limits, keeping one error for the step's failure.
      room: {
        error:
          GITHUB_ANNOTATIONS_PER_LEVEL -
          printed.error -
          (failureFor(status, inputs.failOn) ? 1 : 0),
        warning: GITHUB_ANNOTATIONS_PER_LEVEL - printed.warning,
        notice: GITHUB_ANNOTATIONS_PER_LEVEL - printed.notice
      },
      reportPath,
      manifestUri,
      lines: m.lines,
      trackedPath: p => {
        const rel = path.relative(repoRoot, path.join(m.workspace, p)).split(path.sep).join('/')
        return tracked.has(rel) ? rel : undefined
      }
    })
    for (const a of annotations) {
      const props = {
        title: a.title,
        ...(a.file ? { file: a.file } : {}),
        ...(a.startLine ? { startLine: a.startLine } : {})
      }
      if (a.level === 'error') log.error(a.message, props)
      else if (a.level === 'warning') log.warning(a.message, props)
      else log.notice(a.message, props)
    }
  }
  // Always written: under RUNNER_TEMP unless the sarif input names a path.
  const sarifPath =
    inputs.sarif ?? path.join(runnerTemp, `swr-${randomBytes(6).toString('hex')}.sarif`)
  fs.mkdirSync(path.dirname(sarifPath), { recursive: true })
  writeFileAtomic(
    sarifPath,
    JSON.stringify(toSarif(report, { manifestUri, lines: m.lines, reportPath }), null, 2) + '\n'
  )
  core.setOutput(Outputs.SarifPath, sarifPath)
}

/** `command: verify`: signatures only (as `swr verify`): may this manifest's recipes run here? */
async function runVerify(
  m: LoadedManifest,
  inputs: ActionInputs,
  policy: ReturnType<typeof makePolicy>
): Promise<ExitCode> {
  const gate = await decide(gateInput(m), policy)
  for (const w of gate.warnings) log.warning(w)
  log.info(`signatures: ${gate.reason}`)
  log.info(`swr verify: ${gate.allowed ? 'recipes may run' : 'recipes refused'}`)
  const code = gate.allowed ? EXIT.HEALTHY : EXIT.UNREPAIRABLE
  const status: RunStatus = gate.allowed ? 'healthy' : 'refused'
  core.setOutput(Outputs.Status, status)
  core.setOutput(Outputs.Healthy, String(gate.allowed))
  core.setOutput(Outputs.ExitCode, String(code))
  core.setOutput(
    Outputs.Report,
    JSON.stringify({
      schema: 'swr.action-verify/1',
      status,
      digest: m.digest,
      version: m.body.version,
      allowed: gate.allowed,
      reason: gate.reason,
      signatures: gate.signatures
    })
  )
  if (inputs.summary) {
    const lines = [
      `### swr verify: ${gate.allowed ? '✅ recipes may run' : '⛔ recipes refused'}`,
      '',
      escapeMarkdown(gate.reason),
      '',
      `<sub>manifest digest \`${m.digest}\` · version ${m.body.version}</sub>`,
      ''
    ]
    await log.writeSummary(lines.join('\n')).catch(() => undefined)
  }
  if (!gate.allowed && inputs.failOn !== 'never')
    log.setFailed(`swr verify: recipes refused: ${gate.reason}`)
  return code
}

/**
 * Hand the entries a recipe healed to the post step, which saves them to the cache after
 * re-verifying them. Nothing is handed over in read-only cache mode or without a cache service.
 */
function scheduleWriteBack(
  r: RepairReport,
  m: LoadedManifest,
  env: NodeJS.ProcessEnv,
  cacheClient: CacheClient | undefined
): void {
  if (r.repair.write_back.length === 0) return
  if (!cacheClient) return
  if (cacheReadOnly(env)) {
    log.info(
      'swr: read-only cache mode (ACTIONS_CACHE_MODE=read): healed entries will not be saved'
    )
    return
  }
  // Only ids and the digest: the post step derives everything else from its inputs and the
  // signed manifest, so a forged state can at most ask it to save fewer entries.
  const state: WriteBackState = { digest: m.digest, ids: r.repair.write_back.map(w => w.id) }
  core.saveState(State.WriteBack, JSON.stringify(state))
  log.info(
    `swr: the post step will save ${r.repair.write_back.length} healed entr${r.repair.write_back.length === 1 ? 'y' : 'ies'} to the cache`
  )
}
