/**
 * Real npm projects for tests: whether the registry answers (the only network tests may use) and
 * an install that runs no package scripts, with its own cache and HOME.
 */
import { execFileSync } from 'node:child_process'

/** The npm registry answers; tests that need real packages are skipped (with a note) when not. */
export function registryReachable(): boolean {
  try {
    execFileSync('npm', ['view', 'ms@2.1.2', 'version'], { timeout: 20_000, stdio: 'pipe' })
    return true
  } catch {
    return false
  }
}

/** `npm ARGS` in `cwd` with no install scripts, audit or funding calls, and its own cache. */
export function npmIn(cwd: string, opts: { cache: string; home: string }, ...args: string[]): void {
  execFileSync(
    'npm',
    [...args, '--ignore-scripts', '--no-audit', '--no-fund', '--cache', opts.cache],
    {
      cwd,
      env: { PATH: process.env.PATH, HOME: opts.home },
      stdio: 'pipe',
      timeout: 180_000
    }
  )
}
