/**
 * The full report and the SARIF file as a workflow artifact: on a hosted runner RUNNER_TEMP is gone
 * when the job ends, so the summary's "see the report" must point at something that lasts. The
 * `upload-report` input decides (auto: when the job has the results service). Whatever happens,
 * the run's outcome does not change: a report that could not be uploaded is one log line.
 */
import fs from 'node:fs'
import { state } from '../core/index.js'
import { artifactServiceAvailable, uploadArtifact } from '../adapters/actions-artifact.js'
import { type ActionInputs } from './inputs.js'
import * as log from './log.js'

export interface ReportArtifact {
  name: string
  url: string
}

/** An artifact name unique in the run: the job, the command and the report file's own tag. */
export function artifactName(env: NodeJS.ProcessEnv, command: string, tag: string): string {
  const job = (env.GITHUB_JOB ?? '').replace(/[^A-Za-z0-9._-]+/g, '-').slice(0, 64)
  return ['swr', command, job, tag].filter(Boolean).join('-')
}

/**
 * Upload `files` (the report first) when the inputs and the job allow it; the artifact's name and
 * download URL when it was uploaded, else undefined, with one line saying why not.
 */
export async function uploadReport(
  inputs: Pick<ActionInputs, 'uploadReport' | 'command'>,
  env: NodeJS.ProcessEnv,
  runnerTemp: string,
  tag: string,
  files: { report: string; sarif: string }
): Promise<ReportArtifact | undefined> {
  if (inputs.uploadReport === 'false') return undefined
  const stays = `the report stays at ${files.report} until the job ends`
  // Asked for by name and not done: a warning on the run's page; under auto, a line in the log.
  const say = inputs.uploadReport === 'true' ? log.warning : log.info
  if (!artifactServiceAvailable(env)) {
    say(
      `swr: report not uploaded as an artifact: this job has no artifact service (ACTIONS_RUNTIME_TOKEN or ACTIONS_RESULTS_URL unset); ${stays}`
    )
    return undefined
  }
  let scratch: string | undefined
  try {
    scratch = state.makeOwnedTemp(runnerTemp, 'swr-artifact')
    const up = await uploadArtifact({
      name: artifactName(env, inputs.command, tag),
      files: [files.report, files.sarif],
      scratch,
      env,
      onClientNote: line => log.debug(`artifact client: ${line}`)
    })
    if (!up.ok) {
      say(`swr: report not uploaded as an artifact: ${up.reason}; ${stays}`)
      return undefined
    }
    log.info(
      `swr: full report and SARIF uploaded as artifact ${up.name} (id ${up.id}, ${up.bytes} bytes)${up.url ? `: ${up.url}` : ''}`
    )
    return up.url ? { name: up.name, url: up.url } : undefined
  } catch (err) {
    say(
      `swr: report not uploaded as an artifact: ${err instanceof Error ? err.message : String(err)}; ${stays}`
    )
    return undefined
  } finally {
    if (scratch) fs.rmSync(scratch, { recursive: true, force: true })
  }
}
