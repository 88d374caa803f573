// Rebuilds every committed bundle: the CLI (dist/cli) and, when present, the GitHub Action
// (dist/index.js). The hash kernel (and the name and walk-format modules it imports) is plain
// JavaScript that also runs as a worker thread, so it is copied beside each bundle that may start
// hash workers.
// Rebuilds are byte-identical.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { DIGEST_FILE, sourceDigest } from './source-digest.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const ncc = path.join(root, 'node_modules', '.bin', 'ncc')

execFileSync(process.execPath, [path.join(root, 'scripts', 'gen-validators.mjs')], {
  stdio: 'inherit'
})

// The CLI is minified (whitespace, comments and local names; function and class names kept):
// it starts at every agent turn, and parsing 1.2 MB of bundle was a fifth of its start-up. The
// Action's bundles start once per job and stay readable for those who audit what `uses:` runs.
// Both are byte-identical rebuilds of src/, which CI checks.
const bundles = [
  { entry: 'src/cli/index.ts', out: 'dist/cli', bin: true, minify: true },
  { entry: 'src/action/index.ts', out: 'dist', bin: false, minify: false },
  { entry: 'src/action/post-index.ts', out: 'dist/post', bin: false, minify: false }
]

for (const b of bundles) {
  if (!fs.existsSync(path.join(root, b.entry))) continue
  const out = path.join(root, b.out)
  for (const f of fs.existsSync(out) ? fs.readdirSync(out) : []) {
    const p = path.join(out, f)
    if (fs.statSync(p).isFile()) fs.rmSync(p)
  }
  const args = ['build', b.entry, '-o', b.out, '--license', 'licenses.txt', '--quiet']
  execFileSync(ncc, b.minify ? [...args, '--minify'] : args, { cwd: root, stdio: 'inherit' })
  for (const f of ['hash-kernel.mjs', 'byte-names.mjs', 'walk-format.mjs'])
    fs.copyFileSync(path.join(root, 'src/core/verify', f), path.join(out, f))
  if (b.bin) fs.chmodSync(path.join(out, 'index.js'), 0o755)
  console.log(
    `bundled ${b.entry} -> ${b.out}/index.js (${fs.statSync(path.join(out, 'index.js')).size} bytes)`
  )
}

// What this build was made from: the test setup rebuilds when the tree no longer matches.
fs.writeFileSync(DIGEST_FILE, sourceDigest() + '\n')
