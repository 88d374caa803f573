/**
 * Who made an observation: enough of the runner, job and machine to tell the platforms apart
 * when their survival differs. Built from an environment the shell passes in.
 */
import os from 'node:os'

export interface RunContext {
  /** GitHub runner facts when running in Actions. */
  runner_os?: string
  runner_name?: string
  runner_arch?: string
  repository?: string
  workflow?: string
  job?: string
  run_id?: string
  run_attempt?: string
  /** Outside Actions: the host name and platform. */
  host?: string
  platform: string
}

const FROM_ENV: [keyof RunContext, string][] = [
  ['runner_os', 'RUNNER_OS'],
  ['runner_name', 'RUNNER_NAME'],
  ['runner_arch', 'RUNNER_ARCH'],
  ['repository', 'GITHUB_REPOSITORY'],
  ['workflow', 'GITHUB_WORKFLOW'],
  ['job', 'GITHUB_JOB'],
  ['run_id', 'GITHUB_RUN_ID'],
  ['run_attempt', 'GITHUB_RUN_ATTEMPT']
]

export function runContext(env: NodeJS.ProcessEnv): RunContext {
  const ctx: RunContext = { platform: `${process.platform}-${process.arch}` }
  for (const [field, name] of FROM_ENV) {
    const v = env[name]
    if (v) (ctx as unknown as Record<string, string>)[field] = v.slice(0, 200)
  }
  if (!ctx.runner_name) ctx.host = os.hostname().slice(0, 200)
  return ctx
}

/** One short label for tables: `Linux/runner-3`, `host.local`. */
export function contextLabel(ctx: RunContext): string {
  if (ctx.runner_os || ctx.runner_name)
    return [ctx.runner_os, ctx.runner_name].filter(Boolean).join('/')
  return ctx.host ?? ctx.platform
}
