/**
 * Running a bundled step under strace, for tests that must see what the step's children were
 * started with. The wrapper is a Node script, not a shell script: sh drops environment variables
 * whose names are not identifiers, and the runner's inputs are named like INPUT_HMAC-KEY.
 */
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

/** strace is on this machine. */
export const hasStrace = ((): boolean => {
  try {
    execFileSync('strace', ['-V'], { stdio: 'ignore' })
    return true
  } catch {
    return false
  }
})()

/**
 * An executable at `<dir>/<name>-node` that runs `node` under strace with `straceArgs`, writing to
 * `<dir>/<name>.trace`; use it as the Node binary of a step.
 */
export function tracedNode(
  dir: string,
  name: string,
  node: string,
  straceArgs: string[]
): { bin: string; trace: string } {
  const trace = path.join(dir, `${name}.trace`)
  const bin = path.join(dir, `${name}-node`)
  const argv = JSON.stringify(['-f', '-qq', ...straceArgs, '-o', trace, node])
  const body = [
    `#!${process.execPath}`,
    `const r = require('child_process').spawnSync('strace', ${argv}.concat(process.argv.slice(2)), { stdio: 'inherit', env: process.env })`,
    'process.exit(r.status === null ? 1 : r.status)',
    ''
  ].join('\n')
  fs.writeFileSync(bin, body, { mode: 0o755 })
  return { bin, trace }
}
