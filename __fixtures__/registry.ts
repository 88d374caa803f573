/** Whether the npm registry answers (the one network a test may use), asked once per process. */
import { execFileSync } from 'node:child_process'

let reachable: boolean | undefined

export function registryReachable(): boolean {
  if (reachable !== undefined) return reachable
  try {
    execFileSync('npm', ['view', 'is-number', 'version'], { stdio: 'ignore', timeout: 20_000 })
    reachable = true
  } catch {
    reachable = false
  }
  return reachable
}

/** npm's environment for a test runner's home: its own cache, no notices, no audit. */
export function npmEnv(home: string): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: home,
    npm_config_cache: `${home}/.npm`,
    npm_config_update_notifier: 'false',
    npm_config_fund: 'false',
    npm_config_audit: 'false'
  }
}
