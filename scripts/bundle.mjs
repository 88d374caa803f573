// Rebuilds every committed bundle: the CLI (dist/cli) and, when present, the GitHub Action
// (dist/index.js, which dist/post/index.js starts for the post step). The hash kernel (and the
// name, walk-format and control-character modules it imports) is plain JavaScript that also runs
// as a worker thread, so it and every .mjs it imports are copied, flattened, beside each bundle
// that may start hash workers.
// Rebuilds are byte-identical.
import { execFileSync, spawn } from 'node:child_process'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { asciiOnly, commonJs, fixImportMetaUrl, workerFiles } from './bundle-transforms.mjs'
import { DIGEST_FILE, sourceDigest } from './source-digest.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const nccBin = path.join(root, 'node_modules', '.bin', 'ncc')
const ncc = createRequire(import.meta.url)('@vercel/ncc')

// The CLI is minified (whitespace, comments and local names; function and class names kept):
// it starts at every agent turn, and parsing 1.2 MB of bundle was a fifth of its start-up. It is
// built as CommonJS (swr.js) and started by src/cli/start.cjs, which compiles it with a V8 code
// cache; Node 20 has no code cache for ES modules. The Action's bundles start once per job on a
// fresh runner, where no cache could survive, and stay readable ES modules for those who audit
// what `uses:` runs. All are byte-identical rebuilds of src/, which CI checks.
const bundles = [
  { entry: 'src/cli/index.ts', out: 'dist/cli', cli: true },
  { entry: 'src/action/index.ts', out: 'dist', cli: false }
]

/** The Action's post step: a starter for the main bundle (src/action/post-start.mjs). */
function writePostStarter() {
  const out = path.join(root, 'dist/post')
  clean(out)
  fs.mkdirSync(out, { recursive: true })
  fs.copyFileSync(path.join(root, 'src/action/post-start.mjs'), path.join(out, 'index.js'))
  fs.writeFileSync(path.join(out, 'package.json'), '{\n  "type": "module"\n}\n')
  // The cache actions (cache/, cache/restore/, cache/save/): one starter per step, same bundle.
  const cacheOut = path.join(root, 'dist/cache')
  clean(cacheOut)
  fs.mkdirSync(cacheOut, { recursive: true })
  for (const [from, to] of CACHE_STARTERS)
    fs.copyFileSync(path.join(root, 'src/action/cache', from), path.join(cacheOut, to))
  fs.writeFileSync(path.join(cacheOut, 'package.json'), '{\n  "type": "module"\n}\n')
}

const CACHE_STARTERS = [
  ['start-cache.mjs', 'main.js'],
  ['start-cache-post.mjs', 'post.js'],
  ['start-cache-restore.mjs', 'restore.js'],
  ['start-cache-save.mjs', 'save.js']
]

/** Empties a bundle's directory of files (a code cache there belongs to the old bundle). */
function clean(out) {
  for (const f of fs.existsSync(out) ? fs.readdirSync(out) : []) {
    const p = path.join(out, f)
    if (fs.statSync(p).isFile()) fs.rmSync(p)
  }
}

/** The CLI: ncc's API with ES module output off, then the starter as the bin. */
async function bundleCli(entry, out) {
  const { code, assets } = await ncc(path.join(root, entry), {
    esm: false,
    minify: true,
    license: 'licenses.txt',
    quiet: true,
    // ncc's build cache is keyed by the entry alone, not the options: a cache left by an ES module
    // build of the same entry put `import.meta.url` into this CommonJS bundle. Every build starts
    // from nothing, so a rebuild is byte-identical wherever it runs.
    cache: false
  })
  fs.mkdirSync(out, { recursive: true })
  // The starter wraps the bundle in a function: a hashbang there would be a syntax error.
  const main = commonJs(fixImportMetaUrl(code.replace(/^#![^\n]*\n/, ''), 'swr.js'), 'swr.js')
  fs.writeFileSync(path.join(out, 'swr.js'), asciiOnly(main))
  for (const [name, asset] of Object.entries(assets)) {
    const source = name.endsWith('.js')
      ? commonJs(fixImportMetaUrl(String(asset.source), name), name)
      : asset.source
    fs.mkdirSync(path.dirname(path.join(out, name)), { recursive: true })
    fs.writeFileSync(path.join(out, name), source, { mode: asset.permissions })
  }
  fs.writeFileSync(path.join(out, 'package.json'), '{\n  "type": "commonjs"\n}\n')
  fs.copyFileSync(path.join(root, 'src/cli/start.cjs'), path.join(out, 'index.js'))
  fs.chmodSync(path.join(out, 'index.js'), 0o755)
}

/** One bundle, built and checked, with the hash kernel copied beside it. */
async function build(b) {
  const out = path.join(root, b.out)
  clean(out)
  if (b.cli) await bundleCli(b.entry, out)
  else
    execFileSync(
      nccBin,
      ['build', b.entry, '-o', b.out, '--license', 'licenses.txt', '--quiet', '--no-cache'],
      {
        cwd: root,
        stdio: 'inherit'
      }
    )
  for (const [name, source] of workerFiles(path.join(root, 'src/core/walk/hash-kernel.mjs')))
    fs.writeFileSync(path.join(out, name), source)
  const main = path.join(out, b.cli ? 'swr.js' : 'index.js')
  console.log(
    `bundled ${b.entry} -> ${path.relative(root, main)} (${fs.statSync(main).size} bytes)`
  )
}

/** Build bundle `i` in a process of its own; resolves when it succeeded. */
function buildApart(i) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [fileURLToPath(import.meta.url), '--only', String(i)], {
      cwd: root,
      stdio: 'inherit'
    })
    child.on('error', reject)
    child.on('exit', (code, signal) =>
      code === 0
        ? resolve()
        : reject(new Error(`${bundles[i].entry}: bundling failed (${signal ?? `exit ${code}`})`))
    )
  })
}

// `--only N` is one bundle, in a child of the build below. The bundles are built side by side,
// each in its own process (webpack works on one thread).
const only = process.argv.indexOf('--only')
if (only >= 0) {
  await build(bundles[Number(process.argv[only + 1])])
} else {
  execFileSync(process.execPath, [path.join(root, 'scripts', 'gen-validators.mjs')], {
    stdio: 'inherit'
  })
  const wanted = bundles.flatMap((b, i) => (fs.existsSync(path.join(root, b.entry)) ? [i] : []))
  if (wanted.some(i => !bundles[i].cli)) writePostStarter()
  const results = await Promise.allSettled(wanted.map(buildApart))
  const failed = results.find(r => r.status === 'rejected')
  if (failed) {
    console.error(String(failed.reason.message))
    process.exit(1)
  }
  // What this build was made from: the test setup rebuilds when the tree no longer matches.
  fs.writeFileSync(DIGEST_FILE, sourceDigest() + '\n')
}
