/**
 * What a finished run leaves behind: outputs, job summary, annotations, SARIF, the report file
 * (uploaded with the SARIF file as an artifact when the job can: report-artifact.ts), the failure
 * line, and the write-back the post step carries out. Every bound GitHub sets is applied here
 * (limits in core/report/limits.ts).
 */
import * as core from '@actions/core'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import {
  annotationsFor,
  type CacheClient,
  type CheckReport,
  classifyError,
  escapeMarkdown,
  type ExitCode,
  type LoadedManifest,
  outcomeOf,
  renderMarkdown,
  type RepairReport,
  type RunStatus,
  type SignaturesRun,
  toSarif,
  git,
  limits,
  state as stateApi
} from '../core/index.js'
import * as log from './log.js'
import { Outputs, State, type FailOn, type WriteBackState } from './constants.js'
import { cacheReadOnly } from '../adapters/actions-cache.js'
import { type ActionInputs } from './inputs.js'
import { compactReport, damagedIds, idListOutput, repairedIds } from './outputs.js'
import { uploadReport } from './report-artifact.js'

export function failureFor(status: RunStatus, failOn: FailOn): boolean {
  if (failOn === 'never') return false
  if (failOn === 'damage')
    return status === 'damaged' || status === 'unrepairable' || status === 'refused'
  return status === 'unrepairable' || status === 'refused'
}

export async function publish(
  report: CheckReport | RepairReport,
  m: LoadedManifest,
  inputs: ActionInputs,
  runnerTemp: string,
  status: RunStatus,
  exitCode: ExitCode,
  env: NodeJS.ProcessEnv
): Promise<void> {
  const repoRoot = inputs.root
  const manifestUri = path.relative(repoRoot, m.file).split(path.sep).join('/')
  const tag = randomBytes(6).toString('hex')
  const reportPath = path.join(runnerTemp, `swr-report-${tag}.json`)
  stateApi.writeFileAtomic(reportPath, JSON.stringify(report, null, 2) + '\n', { mode: 0o600 })
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
  // Always written: under RUNNER_TEMP unless the sarif input names a path.
  const sarifPath = inputs.sarif ?? path.join(runnerTemp, `swr-${tag}.sarif`)
  fs.mkdirSync(path.dirname(sarifPath), { recursive: true })
  stateApi.writeFileAtomic(
    sarifPath,
    JSON.stringify(toSarif(report, { manifestUri, lines: m.lines, reportPath }), null, 2) + '\n'
  )
  core.setOutput(Outputs.SarifPath, sarifPath)
  // Before the summary, which links it, and the annotations, which count a warning it gives.
  const reportArtifact = await uploadReport(inputs, env, runnerTemp, tag, {
    report: reportPath,
    sarif: sarifPath
  })
  if (inputs.summary) {
    try {
      await log.writeSummary(
        renderMarkdown(report, {
          reportPath,
          reportArtifact,
          // Relative to the repository, as the reader knows it; absolute when it lies outside.
          manifestPath:
            manifestUri.startsWith('../') || path.isAbsolute(manifestUri) ? m.file : manifestUri
        })
      )
    } catch (e) {
      log.warning(`job summary not written: ${e instanceof Error ? e.message : String(e)}`)
    }
  }
  if (inputs.annotations) {
    const tracked = git.trackedPaths(repoRoot)
    const printed = log.annotationsPrinted()
    const annotations = annotationsFor(report, {
      // Room left of GitHub's per-step limits, keeping one error for the step's failure.
      room: {
        error:
          limits.GITHUB_ANNOTATIONS_PER_LEVEL -
          printed.error -
          (failureFor(status, inputs.failOn) ? 1 : 0),
        warning: limits.GITHUB_ANNOTATIONS_PER_LEVEL - printed.warning,
        notice: limits.GITHUB_ANNOTATIONS_PER_LEVEL - printed.notice
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
}

/** `command: verify`: what the gate decided (as `swr verify`): may this manifest's recipes run here? */
export async function publishVerify(result: SignaturesRun, inputs: ActionInputs): Promise<void> {
  const { gate, manifest } = result
  for (const w of gate.warnings) log.warning(w)
  log.info(`signatures: ${gate.reason}`)
  log.info(`swr verify: ${gate.allowed ? 'recipes may run' : 'recipes refused'}`)
  const { status, exitCode: code } = outcomeOf(result)
  core.setOutput(Outputs.Status, status)
  core.setOutput(Outputs.Healthy, String(gate.allowed))
  core.setOutput(Outputs.ExitCode, String(code))
  core.setOutput(
    Outputs.Report,
    JSON.stringify({
      schema: 'swr.action-verify/1',
      status,
      digest: manifest.digest,
      version: manifest.version,
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
      `<sub>manifest digest \`${manifest.digest}\` · version ${manifest.version}</sub>`,
      ''
    ]
    await log.writeSummary(lines.join('\n')).catch(() => undefined)
  }
  if (!gate.allowed && inputs.failOn !== 'never')
    log.setFailed(`swr verify: recipes refused: ${gate.reason}`)
}

/**
 * Hand the entries a recipe healed to the post step, which saves them to the cache after
 * re-verifying them. Nothing is handed over in read-only cache mode or without a cache service.
 */
export function scheduleWriteBack(
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

/**
 * A run that stopped with an error, as classifyError sorts it: a one-line error (bad input, a
 * refusal, a failed write) gets its status and exit code; a bug gets its own (never "refused" or
 * 2), one line, and the stack in the debug log for the report.
 */
export function publishError(caught: unknown): void {
  const c = classifyError(caught)
  core.setOutput(Outputs.Status, c.outcome.status)
  core.setOutput(Outputs.Healthy, 'false')
  core.setOutput(Outputs.ExitCode, String(c.outcome.exitCode))
  if (c.kind !== 'INTERNAL') {
    log.setFailed(`swr: ${c.line}`)
    return
  }
  if (c.stack) log.debug(c.stack)
  log.setFailed(`swr: ${c.line}; this is a bug in swr, please report it`)
}
