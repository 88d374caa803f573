// Rebuilds every committed bundle: the CLI (dist/cli) and, when present, the GitHub Action
// (dist/index.js). The hash kernel (and the name and walk-format modules it imports) is plain
// JavaScript that also runs as a worker thread, so it is copied beside each bundle that may start
// hash workers.
// Rebuilds are byte-identical.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import * as acorn from 'acorn'
import { DIGEST_FILE, sourceDigest } from './source-digest.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const nccBin = path.join(root, 'node_modules', '.bin', 'ncc')
const ncc = createRequire(import.meta.url)('@vercel/ncc')

execFileSync(process.execPath, [path.join(root, 'scripts', 'gen-validators.mjs')], {
  stdio: 'inherit'
})

// The CLI is minified (whitespace, comments and local names; function and class names kept):
// it starts at every agent turn, and parsing 1.2 MB of bundle was a fifth of its start-up. It is
// built as CommonJS (swr.js) and started by src/cli/start.cjs, which compiles it with a V8 code
// cache; Node 20 has no code cache for ES modules. The Action's bundles start once per job on a
// fresh runner, where no cache could survive, and stay readable ES modules for those who audit
// what `uses:` runs. All are byte-identical rebuilds of src/, which CI checks.
const bundles = [
  { entry: 'src/cli/index.ts', out: 'dist/cli', cli: true },
  { entry: 'src/action/index.ts', out: 'dist', cli: false },
  { entry: 'src/action/post-index.ts', out: 'dist/post', cli: false }
]

/** Empties a bundle's directory of files (a code cache there belongs to the old bundle). */
function clean(out) {
  for (const f of fs.existsSync(out) ? fs.readdirSync(out) : []) {
    const p = path.join(out, f)
    if (fs.statSync(p).isFile()) fs.rmSync(p)
  }
}

/**
 * The bundle with every non-ASCII character written as a \\u escape. V8 keeps an all-ASCII source
 * as a one-byte string: read and scanned at every start, that is ~10 ms less of swr's start-up
 * (median of 25 runs of a 10-entry check). Escapes are placed by token, where they mean the same
 * character: string literals, untagged templates (a tag could see the raw text) and regular
 * expressions; anything else that is not ASCII stops the build.
 */
function asciiOnly(code) {
  const escape = text =>
    text.replace(/[\u0080-\uffff]/g, c => '\\u' + c.charCodeAt(0).toString(16).padStart(4, '0'))
  const out = []
  let at = 0
  const tags = [] // for each open template, whether a tag precedes it
  let prev = null
  for (const tok of acorn.tokenizer(code, { ecmaVersion: 'latest', allowHashBang: true })) {
    const label = tok.type.label
    // A backquote right after a template chunk closes that template; any other opens one.
    if (label === '`' && prev?.type.label === 'template') tags.pop()
    else if (label === '`') tags.push(/^(name|\)|\]|`|this|super)$/.test(prev?.type.label ?? ''))
    const text = code.slice(tok.start, tok.end)
    prev = tok
    if (!/[\u0080-\uffff]/.test(text)) continue
    const tagged = label === 'template' && tags.at(-1) === true
    if (
      !['string', 'template', 'regexp'].includes(label) ||
      tagged ||
      /\\[\u0080-\uffff]/.test(text)
    )
      throw new Error(
        `bundle: non-ASCII text in a ${tagged ? 'tagged template' : label} at ${tok.start}`
      )
    out.push(code.slice(at, tok.start), escape(text))
    at = tok.end
  }
  out.push(code.slice(at))
  const ascii = out.join('')
  if (/[\u0080-\uffff]/.test(ascii)) throw new Error('bundle: non-ASCII text outside any token')
  return ascii
}

/**
 * In CommonJS output ncc writes `import.meta.url` as `require("url").pathToFileURL(__filename)`.
 * A module that declares its own `require` and `__filename` (@azure/storage-common's crc64.js
 * does, to run in ES modules) has them renamed, and the substitution then calls its own
 * still-undefined variable: "crc64_require is not a function" at the first cache save. Such a
 * call is pointed back at the file's own `require` and `__filename`, which name the same file the
 * module's `import.meta.url` would; any other form stops the build.
 */
function fixImportMetaUrl(code, file) {
  return code.replace(
    /\b([A-Za-z_$][\w$]*)\("url"\)\.pathToFileURL\(([A-Za-z_$][\w$]*)\)/g,
    (call, req, filename) => {
      if (req === 'require' && filename === '__filename') return call
      if (req.endsWith('_require') && filename.endsWith('_filename'))
        return 'require("url").pathToFileURL(__filename)'
      throw new Error(`bundle: ${file}: cannot place import.meta.url in ${call}`)
    }
  )
}

/**
 * Every CommonJS file must parse as a script: `import.meta` left in one (as a stale build cache
 * once did) would throw a SyntaxError only when that chunk is first loaded, far from the build.
 */
function commonJs(code, file) {
  try {
    acorn.parse(code, {
      ecmaVersion: 'latest',
      sourceType: 'script',
      allowHashBang: true,
      allowReturnOutsideFunction: true
    })
  } catch (err) {
    throw new Error(`bundle: ${file} is not a CommonJS script: ${err.message}`)
  }
  return code
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

for (const b of bundles) {
  if (!fs.existsSync(path.join(root, b.entry))) continue
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
  for (const f of ['hash-kernel.mjs', 'byte-names.mjs', 'walk-format.mjs'])
    fs.copyFileSync(path.join(root, 'src/core/verify', f), path.join(out, f))
  const main = path.join(out, b.cli ? 'swr.js' : 'index.js')
  console.log(
    `bundled ${b.entry} -> ${path.relative(root, main)} (${fs.statSync(main).size} bytes)`
  )
}

// What this build was made from: the test setup rebuilds when the tree no longer matches.
fs.writeFileSync(DIGEST_FILE, sourceDigest() + '\n')
