// `npm run demo`: create a demo workspace in .demo/, record a manifest, damage the workspace the
// ways real runners and sandboxes do, and show `swr check` naming every damage. It runs the
// committed CLI bundle (the tests keep it equal to the source), so it takes seconds, not a build.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const ws = path.join(root, '.demo', 'workspace')
const state = path.join(root, '.demo', 'state')
const swrBin = path.join(root, 'dist', 'cli', 'index.js')
const env = { ...process.env, SWR_STATE_DIR: state }

function step(title) {
  console.log(`\n\x1b[1m== ${title}\x1b[0m`)
}

function swr(...args) {
  console.log(`$ swr ${args.join(' ')}`)
  const r = spawnSync(process.execPath, [swrBin, ...args], { cwd: ws, env, stdio: 'inherit' })
  console.log(`(exit ${r.status})`)
  return r.status
}

function write(rel, content, mode = 0o644) {
  const p = path.join(ws, rel)
  fs.mkdirSync(path.dirname(p), { recursive: true })
  fs.writeFileSync(p, content)
  fs.chmodSync(p, mode)
}

/** Deterministic bytes, so the demo's hashes are the same on every machine. */
function bytes(n, seed) {
  const out = Buffer.alloc(n)
  let x = seed >>> 0 || 1
  for (let i = 0; i < n; i++) {
    x ^= x << 13
    x ^= x >>> 17
    x ^= x << 5
    out[i] = x & 0xff
  }
  return out
}

step('a healthy workspace')
fs.rmSync(path.join(root, '.demo'), { recursive: true, force: true })
fs.mkdirSync(ws, { recursive: true })
write('.shim/npx', '#!/bin/sh\nexec /usr/bin/npx --yes "$@"\n', 0o755)
write('scripts/build.sh', '#!/bin/sh\nset -e\ncc -O2 -o build/app src/main.c\n', 0o755)
write('src/main.c', '#include "util.h"\nint main(void) { return util(); }\n')
write('src/util.h', 'int util(void);\n')
write('src/lib/util.c', 'int util(void) { return 0; }\n')
write('src/CMakeLists.txt', 'project(demo C)\nadd_executable(app main.c lib/util.c)\n')
write('models/tiny.gguf', bytes(3 * 1024 * 1024, 7))
for (let i = 0; i < 40; i++) write(`node_modules/pkg-${i}/index.js`, `module.exports = ${i}\n`)
write('node_modules/pkg-0/package.json', '{"name":"pkg-0"}\n')
fs.symlinkSync('src/main.c', path.join(ws, 'entry.c'))
// What a real workspace restores from (a git remote, a model hub, the npm registry); here a
// pristine copy beside it, so the recipes run offline and for real.
const upstream = path.join(root, '.demo', 'upstream')
fs.cpSync(ws, upstream, { recursive: true, verbatimSymlinks: true })
const up = path.relative(ws, upstream)
console.log(
  `created ${path.relative(process.cwd(), ws)}: a shim, a build script, a source tree, a model, node_modules, a link`
)

step('a signing identity for this machine (recipes are code: only signed manifests run them)')
swr('keygen')

step('record the manifest (expectations captured from disk now)')
swr('add', '.shim/npx', '--id', 'npx-shim', '--tier', '0')
swr('add', 'scripts/build.sh', '--id', 'build-script', '--restore', 'chmod +x scripts/build.sh')
swr(
  'add',
  'src',
  '--id',
  'source',
  '--sentinel',
  'main.c',
  '--sentinel',
  'lib/util.c',
  '--restore',
  `rm -rf src && cp -a ${up}/src src`
)
swr(
  'add',
  'models/tiny.gguf',
  '--id',
  'model',
  '--kind',
  'blob',
  '--restore',
  `cp ${up}/models/tiny.gguf models/tiny.gguf`
)
swr(
  'add',
  'node_modules',
  '--id',
  'deps',
  '--tier',
  '4',
  '--sentinel',
  'pkg-0/package.json',
  '--needs',
  'source',
  '--restore',
  `rm -rf node_modules && cp -a ${up}/node_modules node_modules`
)
swr(
  'add',
  'entry.c',
  '--id',
  'entry-link',
  '--needs',
  'source',
  '--restore',
  'ln -sfn src/main.c entry.c'
)
swr('escrow', '--only', 'npx-shim')
swr('verify')
swr('check', '--all')

step('damage it the way runners and sandboxes do')
const damage = [
  [
    'chmod -x scripts/build.sh',
    'a restore that drops exec bits',
    () => fs.chmodSync(path.join(ws, 'scripts/build.sh'), 0o644)
  ],
  [
    'truncate models/tiny.gguf to half',
    'an interrupted download / size cap',
    () => fs.truncateSync(path.join(ws, 'models/tiny.gguf'), 1.5 * 1024 * 1024)
  ],
  [
    'rm src/lib/util.c',
    'a gutted source tree whose directory survived',
    () => fs.rmSync(path.join(ws, 'src/lib/util.c'))
  ],
  [
    'flip one byte of src/util.h (same size)',
    'silent corruption that test -f never sees',
    () => {
      const p = path.join(ws, 'src/util.h')
      const b = fs.readFileSync(p)
      b[0] ^= 0x20
      fs.writeFileSync(p, b)
    }
  ],
  [
    'empty node_modules/',
    'an exclusion rule that keeps directories, not contents',
    () => {
      for (const d of fs.readdirSync(path.join(ws, 'node_modules')))
        fs.rmSync(path.join(ws, 'node_modules', d), { recursive: true })
    }
  ],
  ['rm .shim/npx', 'a lost PATH shim (tier 0)', () => fs.rmSync(path.join(ws, '.shim/npx'))],
  [
    'rm src/main.c (entry.c now dangles)',
    'a dangling link',
    () => fs.rmSync(path.join(ws, 'src/main.c'))
  ]
]
for (const [what, why, act] of damage) {
  act()
  console.log(`  ${what.padEnd(42)} # ${why}`)
}

step('swr check names every damage')
const code = swr('check')
step('swr why explains causes and fixes')
swr('why', '--only', 'source', 'model')
step('swr doctor repairs exactly what is broken, in tier and dependency order')
const healed = swr('doctor')

step('tamper with a recipe: nothing runs')
const manifestFile = path.join(ws, '.swr', 'manifest.json')
fs.writeFileSync(
  manifestFile,
  fs.readFileSync(manifestFile, 'utf8').replace('chmod +x scripts/build.sh', 'touch PWNED')
)
fs.chmodSync(path.join(ws, 'scripts/build.sh'), 0o644)
const refused = swr('doctor')
const pwned = fs.existsSync(path.join(ws, 'PWNED'))
step('canaries: what does this "runner" keep? plant probes, wipe the way it does, read them')
const cache = path.join(root, '.demo', 'cache')
swr('canary', 'plant', '--large-bytes', '1048576', '--no-home', '--no-tmp', '--at', cache)
// A "cache round trip" (copied out and back: contents and modes kept, hard links not), a glob
// sweep of node_modules (dotfiles survive `rm -rf node_modules/*`) and a restore that drops exec bits.
const copy = cache + '.restored'
fs.cpSync(cache, copy, { recursive: true, verbatimSymlinks: true })
fs.rmSync(cache, { recursive: true })
fs.renameSync(copy, cache)
for (const d of fs.readdirSync(path.join(ws, 'node_modules')))
  if (!d.startsWith('.')) fs.rmSync(path.join(ws, 'node_modules', d), { recursive: true })
for (const f of fs.readdirSync(ws))
  if (/^swr-canary-.*-script$/.test(f)) fs.chmodSync(path.join(ws, f), 0o644)
console.log('  cache copied out and back; rm -rf node_modules/*; chmod -x on the restored script')
const canary = swr('canary', 'read')
swr('stats')
swr('canary', 'clean')

if (code !== 1 || healed !== 0 || refused !== 2 || pwned || canary !== 1) {
  console.error(
    `demo: expected check 1, doctor 0, tampered doctor 2 with nothing run, canary read 1; got ${code}, ${healed}, ${refused}, ${canary}${pwned ? ', and the tampered recipe ran' : ''}`
  )
  process.exit(1)
}
console.log('\nThe demo workspace is in .demo/workspace; run the commands above there to explore.')
