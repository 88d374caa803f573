/**
 * The wipe-signature classifier against events that runners, caches and sandboxes really cause.
 * One workspace shaped like a real project (credentials and a PATH shim at tier 0, scripts,
 * source and vendored trees, links into them, a node_modules laid out as npm does with package.json
 * files, a nested package and .bin links, an app tree holding its .next cache, build outputs, a
 * committed dist/, models) is captured once with `swr add`; every scenario copies it, damages the
 * copy the way the event does, runs `swr check --json --no-cache`, and states the signature and
 * the status of every damaged entry it expects.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import fs from 'node:fs'
import path from 'node:path'
import {
  add,
  bytes,
  checkJson,
  flipByte,
  makeWorkspace,
  write,
  type Workspace
} from '../../../__fixtures__/workspace.js'
import type { WipeSignature } from '../../../src/core/types.js'

const MIB = 1024 * 1024
let template: Workspace
const copies: Workspace[] = []

beforeAll(async () => {
  template = makeWorkspace()
  const w = (rel: string, content: string | Buffer, mode = 0o644): string =>
    write(template.root, rel, content, mode)
  const link = (target: string, rel: string): void => {
    fs.mkdirSync(path.dirname(path.join(template.root, rel)), { recursive: true })
    fs.symlinkSync(target, path.join(template.root, rel))
  }
  w(
    '.ssh/id_ed25519',
    '-----BEGIN OPENSSH PRIVATE KEY-----\nb3Blbn\n-----END OPENSSH PRIVATE KEY-----\n',
    0o600
  )
  w('.npmrc', '//registry.npmjs.org/:_authToken=npm_0123456789abcdef\n', 0o600)
  w('.local/node-22/bin/node', '#!/bin/sh\necho node\n', 0o755)
  link('../.local/node-22/bin/node', 'shims/node')
  w('scripts/build.sh', '#!/bin/sh\nset -e\nmake\n', 0o755)
  w('scripts/test.sh', '#!/bin/sh\nmake test\n', 0o755)
  w('config/app.toml', 'port = 8080\n')
  w('src/Makefile', 'all:\n\tcc main.c\n')
  w('src/main.c', 'int main(void) { return 0; }\n')
  for (let i = 0; i < 12; i++) w(`src/lib/mod${i}.c`, `int mod${i}(void) { return ${i}; }\n`)
  w('src/gen.sh', '#!/bin/sh\necho gen\n', 0o755)
  // A vendored tool as a release tarball unpacks it.
  w('vendor/jq/jq', '#!/bin/sh\necho jq\n', 0o755)
  w('vendor/jq/README', 'jq vendored\n')
  w('vendor/jq/COPYING', 'MIT\n')
  w('vendor/jq/src/jq.c', 'int jq;\n')
  w('vendor/jq/src/lexer.l', '%%\n')
  w('vendor/jq/src/parser.y', '%%\n')
  w('vendor/jq/src/util.c', 'int util;\n')
  w('vendor/jq/src/util.h', '#pragma once\n')
  w('vendor/jq/tests/run.sh', '#!/bin/sh\n./jq . </dev/null\n', 0o755)
  link('../vendor/jq/README', 'docs/jq-README')
  link('../vendor/jq/jq', 'docs/jq')
  // node_modules as npm lays it out: package.json per package, a nested package under its
  // dependent, .bin links into the packages, a scoped package and the hidden lockfile.
  w('node_modules/.package-lock.json', '{"lockfileVersion":3}\n')
  const pkg = (dir: string, files: Record<string, string>, bins: string[] = []): void => {
    const name = dir.split('node_modules/').pop()!
    w(`node_modules/${dir}/package.json`, `{"name":"${name}","version":"1.0.0"}\n`)
    for (const [f, body] of Object.entries(files)) w(`node_modules/${dir}/${f}`, body)
    for (const b of bins) fs.chmodSync(path.join(template.root, `node_modules/${dir}/${b}`), 0o755)
  }
  const js = (n: string): string => `module.exports = function ${n}() {}\n`
  pkg(
    'eslint',
    {
      'bin/eslint.js': '#!/usr/bin/env node\nrequire("../lib/cli")\n',
      'lib/api.js': js('api'),
      'lib/cli.js': js('cli'),
      'lib/linter.js': js('linter'),
      'lib/options.js': js('options'),
      'lib/config.js': js('config'),
      'README.md': '# eslint\n',
      LICENSE: 'MIT\n'
    },
    ['bin/eslint.js']
  )
  pkg('eslint/node_modules/debug', {
    'index.js': js('debug'),
    'src/node.js': js('node'),
    'src/browser.js': js('browser')
  })
  pkg('eslint/node_modules/ms', { 'index.js': js('ms') })
  pkg(
    'semver',
    {
      'bin/semver.js': '#!/usr/bin/env node\nrequire("../index")\n',
      'index.js': js('semver'),
      'classes/range.js': js('range'),
      'classes/semver.js': js('SemVer'),
      'classes/comparator.js': js('comparator'),
      'functions/parse.js': js('parse'),
      'functions/valid.js': js('valid'),
      'functions/clean.js': js('clean'),
      'functions/inc.js': js('inc'),
      'functions/diff.js': js('diff'),
      'README.md': '# semver\n',
      LICENSE: 'ISC\n'
    },
    ['bin/semver.js']
  )
  pkg('left-pad', { 'index.js': js('leftPad'), 'README.md': '# left-pad\n', LICENSE: 'WTFPL\n' })
  pkg('@types/node', {
    'index.d.ts': 'export {}\n',
    'fs.d.ts': 'declare module "fs" {}\n',
    'path.d.ts': 'declare module "path" {}\n',
    'README.md': '# @types/node\n'
  })
  pkg('chalk', {
    'source/index.js': js('chalk'),
    'source/utilities.js': js('utilities'),
    'readme.md': '# chalk\n',
    license: 'MIT\n'
  })
  pkg('ms', { 'index.js': js('ms2') })
  pkg('lodash', { 'lodash.js': js('lodash'), 'fp.js': js('fp') })
  link('../eslint/bin/eslint.js', 'node_modules/.bin/eslint')
  link('../semver/bin/semver.js', 'node_modules/.bin/semver')
  link('../node_modules/.bin/eslint', 'bin/eslint')
  // A web app tracked whole, with the framework's build cache inside it.
  w('web/package.json', '{"name":"web","private":true}\n')
  w('web/src/app.tsx', 'export const App = () => null\n')
  w('web/src/page.tsx', 'export default function Page() { return null }\n')
  w('web/.next/cache/webpack/client.pack', bytes(3000, 7))
  w('web/.next/cache/webpack/server.pack', bytes(2000, 8))
  w('web/.next/server/page.js', 'module.exports = {}\n')
  w('build/app.o', bytes(4096, 3))
  w('build/app', bytes(8192, 4), 0o755)
  w('dist/index.js', 'console.log("dist")\n')
  w('dist/index.d.ts', 'export {}\n')
  w('models/llama.gguf', bytes(2 * MIB + 512, 5))
  w('models/embed.bin', bytes(MIB + 100, 6))

  const t = template
  await add(t, '.ssh/id_ed25519', '--id', 'ssh-key', '--tier', '0')
  await add(t, '.npmrc', '--id', 'npmrc', '--tier', '0')
  await add(t, 'shims/node', '--id', 'node-shim', '--tier', '0', '--kind', 'link')
  await add(t, 'scripts/build.sh', '--id', 'build-sh')
  await add(t, 'scripts/test.sh', '--id', 'test-sh')
  await add(t, 'config/app.toml', '--id', 'config')
  await add(t, 'src', '--id', 'src', '--tier', '2')
  await add(t, 'vendor/jq', '--id', 'jq', '--tier', '2')
  await add(t, 'docs/jq-README', '--id', 'jq-readme-link', '--kind', 'link')
  await add(t, 'docs/jq', '--id', 'jq-link', '--kind', 'link')
  await add(t, 'node_modules', '--id', 'node-modules', '--tier', '4')
  await add(t, 'bin/eslint', '--id', 'eslint-link', '--kind', 'link')
  await add(t, 'web', '--id', 'web', '--tier', '2')
  await add(t, 'build', '--id', 'build', '--tier', '4')
  await add(t, 'dist', '--id', 'dist', '--tier', '2')
  await add(t, 'models/llama.gguf', '--id', 'llama', '--kind', 'blob', '--tier', '3')
  await add(t, 'models/embed.bin', '--id', 'embed', '--kind', 'blob', '--tier', '3')
  const healthy = await checkJson(t, '--no-cache')
  if (healthy.code !== 0) throw new Error(`template not healthy: ${healthy.stdout}`)
  if (filesUnder(t, 'node_modules').length !== 48) throw new Error('node_modules: want 48 files')
}, 120_000)

afterAll(() => {
  for (const c of copies) c.cleanup()
  template.cleanup()
})

/** A fresh copy of the captured workspace (manifest, tree indexes and all). */
function copy(): Workspace {
  const ws = makeWorkspace()
  fs.rmSync(ws.root, { recursive: true })
  fs.cpSync(template.root, ws.root, { recursive: true, verbatimSymlinks: true })
  copies.push(ws)
  return ws
}

const rm = (ws: Workspace, rel: string): void =>
  fs.rmSync(path.join(ws.root, rel), { recursive: true, force: true })
/** Regular files below `rel` (workspace-relative, sorted). */
const filesUnder = (ws: Workspace, rel: string): string[] =>
  (fs.readdirSync(path.join(ws.root, rel), { recursive: true }) as string[])
    .map(f => path.join(rel, f))
    .filter(f => fs.lstatSync(path.join(ws.root, f)).isFile())
    .sort()
/** Files and links below `rel`: everything a reset that keeps only directories drops. */
const nonDirsUnder = (ws: Workspace, rel: string): string[] =>
  (fs.readdirSync(path.join(ws.root, rel), { recursive: true }) as string[])
    .map(f => path.join(rel, f))
    .filter(f => !f.startsWith('.swr') && !fs.lstatSync(path.join(ws.root, f)).isDirectory())
const cut = (ws: Workspace, rel: string, size: number): void =>
  fs.truncateSync(path.join(ws.root, rel), size)

/** Every entry id, for events that damage them all. */
const ALL = [
  'ssh-key',
  'npmrc',
  'node-shim',
  'build-sh',
  'test-sh',
  'config',
  'src',
  'jq',
  'jq-readme-link',
  'jq-link',
  'node-modules',
  'eslint-link',
  'web',
  'build',
  'dist',
  'llama',
  'embed'
]

/** An event, the damage it does on disk, the signature and the damaged entries as `id STATUS`. */
type Scenario = [
  event: string,
  damage: (ws: Workspace) => void,
  want: WipeSignature,
  damaged: string[]
]

const scenarios: Scenario[] = [
  [
    'nothing happened (files touched, bytes kept)',
    ws => {
      const p = path.join(ws.root, 'config/app.toml')
      fs.utimesSync(p, new Date(), new Date())
    },
    'healthy',
    []
  ],
  // Cache misses and fresh machines.
  [
    'cache miss on a fresh runner: nothing came back',
    ws => {
      for (const name of fs.readdirSync(ws.root)) if (name !== '.swr') rm(ws, name)
    },
    'cold-start',
    ALL.map(id => `${id} MISSING`)
  ],
  [
    'sandbox reset that kept directories but no files',
    ws => {
      for (const f of nonDirsUnder(ws, '.')) rm(ws, f)
    },
    'cold-start',
    ALL.map(
      id =>
        `${id} ${['src', 'jq', 'node-modules', 'web', 'build', 'dist'].includes(id) ? 'EMPTY' : 'MISSING'}`
    )
  ],
  // Partial restores.
  [
    'truncated cache archive: src/ came back with half its files',
    ws => {
      for (const f of filesUnder(ws, 'src').filter((_, i) => i % 2 === 0)) rm(ws, f)
    },
    'partial-restore',
    ['src CORRUPT']
  ],
  [
    'truncated cache archive across several entries',
    ws => {
      rm(ws, 'src/lib/mod3.c')
      rm(ws, 'vendor/jq/src/jq.c')
      rm(ws, 'config/app.toml')
    },
    'partial-restore',
    ['config MISSING', 'src CORRUPT', 'jq CORRUPT']
  ],
  [
    'a restore that stopped: outputs dropped and a source file lost',
    ws => {
      rm(ws, 'node_modules')
      rm(ws, 'build')
      rm(ws, 'src/lib/mod7.c')
    },
    'partial-restore',
    ['src CORRUPT', 'node-modules MISSING', 'eslint-link BROKENLNK', 'build MISSING']
  ],
  [
    'node_modules partly restored: four of its files lost',
    ws => {
      for (const f of filesUnder(ws, 'node_modules').slice(0, 4)) rm(ws, f)
    },
    'partial-restore',
    ['node-modules CORRUPT']
  ],
  [
    'node_modules partly restored: 11 of its 50 files lost across packages',
    ws => {
      for (const f of filesUnder(ws, 'node_modules')
        .filter((_, i) => i % 4 === 1)
        .slice(0, 11))
        rm(ws, f)
    },
    'partial-restore',
    ['node-modules CORRUPT', 'eslint-link BROKENLNK']
  ],
  [
    'node_modules restored with every file cut to 0 bytes',
    ws => {
      for (const f of filesUnder(ws, 'node_modules')) cut(ws, f, 0)
    },
    'partial-restore',
    ['node-modules CORRUPT']
  ],
  [
    'a nested package lost from node_modules',
    ws => rm(ws, 'node_modules/eslint/node_modules/debug'),
    'partial-restore',
    ['node-modules CORRUPT']
  ],
  [
    'three files lost from one tree',
    ws => {
      for (const i of [1, 2, 3]) rm(ws, `src/lib/mod${i}.c`)
    },
    'partial-restore',
    ['src CORRUPT']
  ],
  // Size caps.
  [
    'size cap evicted both models',
    ws => {
      rm(ws, 'models/llama.gguf')
      rm(ws, 'models/embed.bin')
    },
    'size-cap-eviction',
    ['llama MISSING', 'embed MISSING']
  ],
  [
    'size cap truncated one model and evicted the other',
    ws => {
      cut(ws, 'models/llama.gguf', MIB)
      rm(ws, 'models/embed.bin')
    },
    'size-cap-eviction',
    ['llama CORRUPT', 'embed MISSING']
  ],
  [
    'an interrupted model download',
    ws => cut(ws, 'models/embed.bin', 4096),
    'size-cap-eviction',
    ['embed CORRUPT']
  ],
  [
    'a single large blob truncated at a size cap',
    ws => cut(ws, 'models/llama.gguf', MIB),
    'size-cap-eviction',
    ['llama CORRUPT']
  ],
  // Permission resets.
  [
    'artifact round trip: every exec bit lost',
    ws => {
      for (const f of [
        'scripts/build.sh',
        'scripts/test.sh',
        'src/gen.sh',
        'vendor/jq/jq',
        'vendor/jq/tests/run.sh'
      ])
        fs.chmodSync(path.join(ws.root, f), 0o644)
    },
    'permission-reset',
    ['build-sh STRIPPED', 'test-sh STRIPPED', 'src STRIPPED', 'jq STRIPPED']
  ],
  [
    'an exec bit lost on one script',
    ws => fs.chmodSync(path.join(ws.root, 'scripts/test.sh'), 0o644),
    'permission-reset',
    ['test-sh STRIPPED']
  ],
  [
    'a restore under umask 077: 0644 became 0600',
    ws => {
      fs.chmodSync(path.join(ws.root, 'config/app.toml'), 0o600)
    },
    'permission-reset',
    ['config CORRUPT']
  ],
  [
    'chmod -R: modes rewritten in a tree and on a file',
    ws => {
      for (const f of filesUnder(ws, 'src')) fs.chmodSync(path.join(ws.root, f), 0o600)
      fs.chmodSync(path.join(ws.root, 'config/app.toml'), 0o666)
    },
    'permission-reset',
    ['config CORRUPT', 'src CORRUPT']
  ],
  // Exclusion rules.
  [
    '.gitignored outputs dropped: node_modules and build',
    ws => {
      rm(ws, 'node_modules')
      rm(ws, 'build')
    },
    'exclusion-sweep',
    ['node-modules MISSING', 'eslint-link BROKENLNK', 'build MISSING']
  ],
  [
    'node_modules wiped, leaving a link into it dangling',
    ws => {
      rm(ws, 'node_modules')
    },
    'exclusion-sweep',
    ['node-modules MISSING', 'eslint-link BROKENLNK']
  ],
  [
    'build/ kept as an empty directory',
    ws => {
      for (const f of filesUnder(ws, 'build')) rm(ws, f)
    },
    'exclusion-sweep',
    ['build EMPTY']
  ],
  [
    'the .next build cache dropped from inside a tracked app',
    ws => rm(ws, 'web/.next'),
    'exclusion-sweep',
    ['web CORRUPT']
  ],
  // Injection.
  [
    'a file injected into node_modules',
    ws => {
      write(ws.root, 'node_modules/left-pad/postinstall.js', 'require("child_process")\n')
    },
    'injection',
    ['node-modules CORRUPT']
  ],
  [
    'a file injected into src',
    ws => {
      write(ws.root, 'src/lib/backdoor.c', 'void b(void) {}\n')
    },
    'injection',
    ['src CORRUPT']
  ],
  [
    'files injected into two vendored trees',
    ws => {
      write(ws.root, 'vendor/jq/.hook', 'x\n')
      write(ws.root, 'src/.hidden', 'y\n')
    },
    'injection',
    ['src CORRUPT', 'jq CORRUPT']
  ],
  // Local edits, deletions and corruption in place.
  [
    'bit rot in one source file',
    ws => flipByte(path.join(ws.root, 'src/main.c'), 4),
    'local-corruption',
    ['src CORRUPT']
  ],
  [
    'bit rot in the head of a model',
    ws => flipByte(path.join(ws.root, 'models/llama.gguf'), 100),
    'local-corruption',
    ['llama CORRUPT']
  ],
  [
    'a committed dist/ replaced by a file',
    ws => {
      rm(ws, 'dist')
      write(ws.root, 'dist', 'oops\n')
    },
    'local-corruption',
    ['dist TYPE']
  ],
  [
    'a byte flip in a committed dist/',
    ws => flipByte(path.join(ws.root, 'dist/index.js'), 2),
    'local-corruption',
    ['dist CORRUPT']
  ],
  [
    'a local edit of the config',
    ws => write(ws.root, 'config/app.toml', 'port = 9090\n'),
    'local-corruption',
    ['config CORRUPT']
  ],
  [
    'a script replaced by a directory',
    ws => {
      rm(ws, 'scripts/test.sh')
      fs.mkdirSync(path.join(ws.root, 'scripts/test.sh'))
    },
    'local-corruption',
    ['test-sh TYPE']
  ],
  [
    'a model replaced by a larger version',
    ws => {
      fs.appendFileSync(path.join(ws.root, 'models/embed.bin'), bytes(1000, 9))
    },
    'local-corruption',
    ['embed CORRUPT']
  ],
  [
    'vendor/jq emptied: the two links into it are its consequences',
    ws => {
      for (const f of filesUnder(ws, 'vendor/jq')) rm(ws, f)
    },
    'local-corruption',
    ['jq EMPTY', 'jq-readme-link BROKENLNK', 'jq-link BROKENLNK']
  ],
  [
    'a whole vendored tree deleted',
    ws => rm(ws, 'vendor/jq'),
    'local-corruption',
    ['jq MISSING', 'jq-readme-link BROKENLNK', 'jq-link BROKENLNK']
  ],
  [
    'one file deleted from a vendored tree',
    ws => rm(ws, 'vendor/jq/src/util.c'),
    'local-corruption',
    ['jq CORRUPT']
  ],
  [
    'a link left dangling by one deleted file',
    ws => rm(ws, 'vendor/jq/README'),
    'local-corruption',
    ['jq CORRUPT', 'jq-readme-link BROKENLNK']
  ],
  [
    'two files deleted from one tree',
    ws => {
      rm(ws, 'src/lib/mod1.c')
      rm(ws, 'src/lib/mod2.c')
    },
    'local-corruption',
    ['src CORRUPT']
  ],
  [
    'one file of a vendored tree cut to 0 bytes',
    ws => cut(ws, 'vendor/jq/src/util.c', 0),
    'local-corruption',
    ['jq CORRUPT']
  ],
  [
    'a parent directory replaced by a link leading out',
    ws => {
      rm(ws, 'config')
      fs.symlinkSync(ws.outside, path.join(ws.root, 'config'))
    },
    'local-corruption',
    ['config MISSING']
  ],
  [
    'a content edit of a tier-0 file (a rotated token)',
    ws =>
      write(ws.root, '.npmrc', '//registry.npmjs.org/:_authToken=npm_fedcba9876543210\n', 0o600),
    'local-corruption',
    ['npmrc CORRUPT']
  ],
  [
    'a tier-0 file edited shorter',
    ws => write(ws.root, '.npmrc', '//registry.npmjs.org/:_authToken=npm_0\n', 0o600),
    'local-corruption',
    ['npmrc CORRUPT']
  ],
  // Credentials.
  [
    'the ssh key did not survive',
    ws => rm(ws, '.ssh/id_ed25519'),
    'credential-loss',
    ['ssh-key MISSING']
  ],
  [
    'ssh key gone and the node shim retargeted',
    ws => {
      rm(ws, '.ssh/id_ed25519')
      rm(ws, 'shims/node')
      fs.symlinkSync('/usr/bin/true', path.join(ws.root, 'shims/node'))
    },
    'credential-loss',
    ['ssh-key MISSING', 'node-shim CORRUPT']
  ],
  [
    'the ssh key kept as an empty file',
    ws => cut(ws, '.ssh/id_ed25519', 0),
    'credential-loss',
    ['ssh-key CORRUPT']
  ],
  // Several events.
  [
    'exec bits lost, a model truncated and the config deleted',
    ws => {
      fs.chmodSync(path.join(ws.root, 'scripts/build.sh'), 0o644)
      cut(ws, 'models/llama.gguf', 10)
      rm(ws, 'config/app.toml')
    },
    'mixed',
    ['build-sh STRIPPED', 'config MISSING', 'llama CORRUPT']
  ],
  [
    'a file injected while another was deleted',
    ws => {
      write(ws.root, 'src/lib/extra.c', 'int x;\n')
      rm(ws, 'scripts/build.sh')
    },
    'mixed',
    ['build-sh MISSING', 'src CORRUPT']
  ],
  [
    'bit rot in three places',
    ws => {
      flipByte(path.join(ws.root, 'src/main.c'), 1)
      flipByte(path.join(ws.root, 'vendor/jq/src/jq.c'), 1)
      flipByte(path.join(ws.root, 'dist/index.d.ts'), 1)
    },
    'mixed',
    ['src CORRUPT', 'jq CORRUPT', 'dist CORRUPT']
  ],
  [
    'a restore that stopped part-way while the config was edited',
    ws => {
      for (const f of filesUnder(ws, 'src').filter((_, i) => i % 2 === 0)) rm(ws, f)
      write(ws.root, 'config/app.toml', 'port = 9090\n')
    },
    'mixed',
    ['config CORRUPT', 'src CORRUPT']
  ]
]

describe('wipe signatures of real runner and sandbox events', () => {
  it('has at least 45 damage scenarios', () => {
    expect(scenarios.filter(s => s[2] !== 'healthy').length).toBeGreaterThanOrEqual(45)
  })

  const cases = scenarios.map(([event, damage, want, damaged]) => ({
    event,
    damage,
    want,
    damaged
  }))
  it.each(cases)('$event -> $want', async ({ damage, want, damaged }) => {
    const ws = copy()
    damage(ws)
    const c = await checkJson(ws, '--no-cache')
    expect(c.stderr).toBe('')
    expect(c.code).toBe(want === 'healthy' ? 0 : 1)
    const got = {
      signature: c.report.diagnosis.signature,
      damaged: c.report.results.filter(r => r.status !== 'OK').map(r => `${r.id} ${r.status}`)
    }
    expect(got).toEqual({ signature: want, damaged })
  })
})
