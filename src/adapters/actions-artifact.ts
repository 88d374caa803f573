/**
 * The job's artifact storage, for the Action: the full report and the SARIF file outlive the job
 * only there (RUNNER_TEMP is emptied when a hosted job ends). The toolkit's client
 * (`@actions/artifact`) is loaded only when an upload is made, as a chunk of its own, and every
 * way it can fail (no service, GHES, a refusal, a broken transfer) becomes one line for the log:
 * a report that could not be uploaded never fails the run.
 */
import fs from 'node:fs'
import path from 'node:path'
import { withToolkitToken } from './toolkit-env.js'

/** The results service the client uploads through is reachable from this process. */
export function artifactServiceAvailable(env: NodeJS.ProcessEnv): boolean {
  return Boolean(env.ACTIONS_RUNTIME_TOKEN && env.ACTIONS_RESULTS_URL)
}

export type UploadResult =
  | { ok: true; id: number; name: string; bytes: number; url: string | undefined }
  | { ok: false; reason: string }

export interface UploadRequest {
  /** The artifact's name: unique in the workflow run (the service refuses a second one). */
  name: string
  /** Files to put in the artifact, each under its own base name. */
  files: string[]
  /** A private, empty directory the files are gathered in (the client zips one directory). */
  scratch: string
  env: NodeJS.ProcessEnv
  /** A line the client would have printed as a warning or error (one per call, unescaped). */
  onClientNote?: (line: string) => void
}

/**
 * Where the artifact can be downloaded: the run's page for it. Undefined when the runner's
 * variables do not make a URL (a run outside GitHub).
 */
export function artifactUrl(env: NodeJS.ProcessEnv, id: number): string | undefined {
  const server = env.GITHUB_SERVER_URL || 'https://github.com'
  const repo = env.GITHUB_REPOSITORY ?? ''
  const run = env.GITHUB_RUN_ID ?? ''
  if (!/^[^/\s]+\/[^/\s]+$/.test(repo) || !/^\d+$/.test(run)) return undefined
  try {
    const base = new URL(server)
    if (base.protocol !== 'https:' && base.protocol !== 'http:') return undefined
    const [owner = '', name = ''] = repo.split('/')
    const segments = [owner, name, 'actions', 'runs', run, 'artifacts', String(id)]
    return new URL(segments.map(encodeURIComponent).join('/'), `${base.origin}/`).href
  } catch {
    return undefined
  }
}

type ArtifactModule = typeof import('@actions/artifact')
let loaded: ArtifactModule | undefined

async function client(): Promise<ArtifactModule> {
  loaded ??= await import('@actions/artifact')
  return loaded
}

/** The first line of an error's message: the client's messages go on for a paragraph. */
function firstLine(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err)
  return (text.split('\n')[0] ?? '').trim() || 'unknown error'
}

/**
 * The client's own output: `::add-mask::` (the signed upload URL's signature) and `::debug::`
 * lines reach the runner as written; its warnings and errors come back through `onNote` (swr
 * says what failed in its own line); its progress lines are dropped.
 */
async function filtered<T>(fn: () => Promise<T>, onNote: (line: string) => void): Promise<T> {
  const write = process.stdout.write.bind(process.stdout)
  let partial = ''
  const pass = (line: string): void => {
    if (/^::(add-mask|debug)::/.test(line)) write(line)
    else if (/^::(warning|error)[^:]*::/.test(line)) onNote(line.replace(/^::[^:]*::/, ''))
  }
  process.stdout.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
    partial += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8')
    const lines = partial.split(/(?<=\n)/)
    partial = lines.at(-1)?.endsWith('\n') ? '' : (lines.pop() ?? '')
    for (const l of lines) pass(l)
    const cb = rest.find(r => typeof r === 'function') as (() => void) | undefined
    if (cb) cb()
    return true
  }) as typeof process.stdout.write
  try {
    return await fn()
  } finally {
    process.stdout.write = write
    if (partial) pass(`${partial}\n`)
  }
}

/** Upload `files` as one artifact. Never throws: a failure is `{ ok: false, reason }`. */
export async function uploadArtifact(req: UploadRequest): Promise<UploadResult> {
  if (!artifactServiceAvailable(req.env))
    return {
      ok: false,
      reason: 'no artifact service in this job (ACTIONS_RUNTIME_TOKEN or ACTIONS_RESULTS_URL unset)'
    }
  try {
    const names = req.files.map(f => {
      const to = path.join(req.scratch, path.basename(f))
      fs.copyFileSync(f, to, fs.constants.COPYFILE_EXCL)
      return to
    })
    const { DefaultArtifactClient } = await client()
    const up = await filtered(
      () =>
        withToolkitToken(req.env, () =>
          new DefaultArtifactClient().uploadArtifact(req.name, names, req.scratch)
        ),
      line => req.onClientNote?.(line)
    )
    if (up.id === undefined || !Number.isSafeInteger(up.id) || up.id <= 0)
      return { ok: false, reason: 'the artifact service returned no artifact id' }
    return {
      ok: true,
      id: up.id,
      name: req.name,
      bytes: up.size ?? 0,
      url: artifactUrl(req.env, up.id)
    }
  } catch (err) {
    return { ok: false, reason: firstLine(err) }
  }
}
