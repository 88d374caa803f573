// The digest of everything a bundle is built from. `npm run bundle` records it in
// dist/source-digest.txt; the test setup compares it with the tree and rebuilds a stale bundle
// first, so no suite that runs dist/ can test yesterday's code.
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
export const DIGEST_FILE = path.join(ROOT, 'dist', 'source-digest.txt')
const INPUTS = ['src', 'schema', 'package-lock.json', 'tsconfig.json', 'tsconfig.build.json']
const SCRIPTS = [
  'scripts/bundle.mjs',
  'scripts/bundle-transforms.mjs',
  'scripts/gen-validators.mjs'
]

function files(p) {
  const st = fs.statSync(p, { throwIfNoEntry: false })
  if (!st) return []
  if (!st.isDirectory()) return [p]
  return fs.readdirSync(p).flatMap(n => files(path.join(p, n)))
}

export function sourceDigest() {
  const all = [...INPUTS, ...SCRIPTS]
    .flatMap(p => files(path.join(ROOT, p)))
    .map(f => path.relative(ROOT, f).split(path.sep).join('/'))
    .sort()
  const h = createHash('sha256')
  for (const rel of all) {
    const content = createHash('sha256')
      .update(fs.readFileSync(path.join(ROOT, rel)))
      .digest('hex')
    h.update(`${rel}\0${content}\n`)
  }
  return h.digest('hex')
}

export function recordedDigest() {
  try {
    return fs.readFileSync(DIGEST_FILE, 'utf8').trim()
  } catch {
    return ''
  }
}
