/**
 * The wipe-signature classifier against events that runners, caches and sandboxes really cause.
 * One workspace shaped like a real project (credentials and a PATH shim at tier 0, scripts,
 * source and vendored trees, links into them, node_modules, build outputs, a committed dist/,
 * models) is captured once with `swr add`; every scenario copies it, damages the copy the way the
 * event does, runs `swr check --json --no-cache`, and states the signature it expects.
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
} from '../../__fixtures__/workspace.js'
import type { WipeSignature } from '../../src/core/types.js'

const MIB = 1024 * 1024
let template: Workspace
const copies: Workspace[] = []

beforeAll(async () => {
  template = makeWorkspace()
  const w = (rel: string, content: string | Buffer, mode = 0o644): string =>
    write(template.root, rel, content, mode)
  w(
    '.ssh/id_ed25519',
    '-----BEGIN OPENSSH PRIVATE KEY-----\nb3Blbn\n-----END OPENSSH PRIVATE KEY-----\n',
    0o600
  )
  w('.local/node-22/bin/node', '#!/bin/sh\necho node\n', 0o755)
  fs.mkdirSync(path.join(template.root, 'shims'))
  fs.symlinkSync('../.local/node-22/bin/node', path.join(template.root, 'shims/node'))
  w('scripts/build.sh', '#!/bin/sh\nset -e\nmake\n', 0o755)
  w('scripts/test.sh', '#!/bin/sh\nmake test\n', 0o755)
  w('config/app.toml', 'port = 8080\n')
  w('src/Makefile', 'all:\n\tcc main.c\n')
  w('src/main.c', 'int main(void) { return 0; }\n')
  for (let i = 0; i < 12; i++) w(`src/lib/mod${i}.c`, `int mod${i}(void) { return ${i}; }\n`)
  w('src/gen.sh', '#!/bin/sh\necho gen\n', 0o755)
  w('vendor/jq/jq', '#!/bin/sh\necho jq\n', 0o755)
  w('vendor/jq/README', 'jq vendored\n')
  w('vendor/jq/src/jq.c', 'int jq;\n')
  fs.mkdirSync(path.join(template.root, 'docs'))
  fs.symlinkSync('../vendor/jq/README', path.join(template.root, 'docs/jq-README'))
  fs.symlinkSync('../vendor/jq/jq', path.join(template.root, 'docs/jq'))
  for (let i = 0; i < 8; i++) w(`node_modules/pkg${i}/index.js`, `module.exports = ${i}\n`)
  w('node_modules/pkg0/package.json', '{"name":"pkg0"}\n')
  w('node_modules/.bin/eslint', '#!/bin/sh\necho lint\n', 0o755)
  fs.mkdirSync(path.join(template.root, 'bin'))
  fs.symlinkSync('../node_modules/.bin/eslint', path.join(template.root, 'bin/eslint'))
  w('build/app.o', bytes(4096, 3))
  w('build/app', bytes(8192, 4), 0o755)
  w('dist/index.js', 'console.log("dist")\n')
  w('dist/index.d.ts', 'export {}\n')
  w('models/llama.gguf', bytes(2 * MIB + 512, 5))
  w('models/embed.bin', bytes(MIB + 100, 6))

  const t = template
  await add(t, '.ssh/id_ed25519', '--id', 'ssh-key', '--tier', '0')
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
  await add(t, 'build', '--id', 'build', '--tier', '4')
  await add(t, 'dist', '--id', 'dist', '--tier', '2')
  await add(t, 'models/llama.gguf', '--id', 'llama', '--kind', 'blob', '--tier', '3')
  await add(t, 'models/embed.bin', '--id', 'embed', '--kind', 'blob', '--tier', '3')
  const healthy = await checkJson(t, '--no-cache')
  if (healthy.code !== 0) throw new Error(`template not healthy: ${healthy.stdout}`)
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
const filesUnder = (ws: Workspace, rel: string): string[] =>
  (fs.readdirSync(path.join(ws.root, rel), { recursive: true }) as string[])
    .map(f => path.join(rel, f))
    .filter(f => fs.lstatSync(path.join(ws.root, f)).isFile())
    .sort()

type Scenario = [event: string, damage: (ws: Workspace) => void, want: WipeSignature]

const scenarios: Scenario[] = [
  [
    'nothing happened (files touched, bytes kept)',
    ws => {
      const p = path.join(ws.root, 'config/app.toml')
      fs.utimesSync(p, new Date(), new Date())
    },
    'healthy'
  ],
  // Cache misses and fresh machines.
  [
    'cache miss on a fresh runner: nothing came back',
    ws => {
      for (const name of fs.readdirSync(ws.root)) if (name !== '.swr') rm(ws, name)
    },
    'cold-start'
  ],
  [
    'sandbox reset that kept directories but no files',
    ws => {
      for (const f of filesUnder(ws, '.')) if (!f.startsWith('.swr')) rm(ws, f)
      for (const l of ['shims/node', 'docs/jq', 'docs/jq-README', 'bin/eslint']) rm(ws, l)
    },
    'cold-start'
  ],
  // Partial restores.
  [
    'truncated cache archive: src/ came back with half its files',
    ws => {
      for (const f of filesUnder(ws, 'src').filter((_, i) => i % 2 === 0)) rm(ws, f)
    },
    'partial-restore'
  ],
  [
    'truncated cache archive across several entries',
    ws => {
      rm(ws, 'src/lib/mod3.c')
      rm(ws, 'vendor/jq/src/jq.c')
      rm(ws, 'config/app.toml')
    },
    'partial-restore'
  ],
  [
    'a restore that stopped: outputs dropped and a source file lost',
    ws => {
      rm(ws, 'node_modules')
      rm(ws, 'build')
      rm(ws, 'src/lib/mod7.c')
    },
    'partial-restore'
  ],
  // Size caps.
  [
    'size cap evicted both models',
    ws => {
      rm(ws, 'models/llama.gguf')
      rm(ws, 'models/embed.bin')
    },
    'size-cap-eviction'
  ],
  [
    'size cap truncated one model and evicted the other',
    ws => {
      fs.truncateSync(path.join(ws.root, 'models/llama.gguf'), MIB)
      rm(ws, 'models/embed.bin')
    },
    'size-cap-eviction'
  ],
  [
    'an interrupted model download',
    ws => {
      fs.truncateSync(path.join(ws.root, 'models/embed.bin'), 4096)
    },
    'size-cap-eviction'
  ],
  // Permission resets.
  [
    'artifact round trip: every exec bit lost',
    ws => {
      for (const f of ['scripts/build.sh', 'scripts/test.sh', 'src/gen.sh', 'vendor/jq/jq'])
        fs.chmodSync(path.join(ws.root, f), 0o644)
    },
    'permission-reset'
  ],
  [
    'a restore under umask 077: 0644 became 0600',
    ws => {
      fs.chmodSync(path.join(ws.root, 'config/app.toml'), 0o600)
    },
    'permission-reset'
  ],
  [
    'chmod -R: modes rewritten in a tree and on a file',
    ws => {
      for (const f of filesUnder(ws, 'src')) fs.chmodSync(path.join(ws.root, f), 0o600)
      fs.chmodSync(path.join(ws.root, 'config/app.toml'), 0o666)
    },
    'permission-reset'
  ],
  // Exclusion rules.
  [
    '.gitignored outputs dropped: node_modules and build',
    ws => {
      rm(ws, 'node_modules')
      rm(ws, 'build')
    },
    'exclusion-sweep'
  ],
  [
    'node_modules wiped, leaving a link into it dangling',
    ws => {
      rm(ws, 'node_modules')
    },
    'exclusion-sweep'
  ],
  [
    'build/ kept as an empty directory',
    ws => {
      for (const f of filesUnder(ws, 'build')) rm(ws, f)
    },
    'exclusion-sweep'
  ],
  [
    'node_modules partly restored',
    ws => {
      for (const f of filesUnder(ws, 'node_modules').slice(0, 4)) rm(ws, f)
    },
    'exclusion-sweep'
  ],
  // Injection.
  [
    'a file injected into node_modules',
    ws => {
      write(ws.root, 'node_modules/pkg3/postinstall.js', 'require("child_process")\n')
    },
    'injection'
  ],
  [
    'a file injected into src',
    ws => {
      write(ws.root, 'src/lib/backdoor.c', 'void b(void) {}\n')
    },
    'injection'
  ],
  [
    'files injected into two vendored trees',
    ws => {
      write(ws.root, 'vendor/jq/.hook', 'x\n')
      write(ws.root, 'src/.hidden', 'y\n')
    },
    'injection'
  ],
  // Corruption in place.
  [
    'bit rot in one source file',
    ws => flipByte(path.join(ws.root, 'src/main.c'), 4),
    'local-corruption'
  ],
  [
    'bit rot in the head of a model',
    ws => flipByte(path.join(ws.root, 'models/llama.gguf'), 100),
    'local-corruption'
  ],
  [
    'a committed dist/ replaced by a file',
    ws => {
      rm(ws, 'dist')
      write(ws.root, 'dist', 'oops\n')
    },
    'local-corruption'
  ],
  [
    'a byte flip in a committed dist/',
    ws => flipByte(path.join(ws.root, 'dist/index.js'), 2),
    'local-corruption'
  ],
  [
    'a local edit of the config',
    ws => write(ws.root, 'config/app.toml', 'port = 9090\n'),
    'local-corruption'
  ],
  [
    'a script replaced by a directory',
    ws => {
      rm(ws, 'scripts/test.sh')
      fs.mkdirSync(path.join(ws.root, 'scripts/test.sh'))
    },
    'local-corruption'
  ],
  [
    'a model replaced by a larger version',
    ws => {
      fs.appendFileSync(path.join(ws.root, 'models/embed.bin'), bytes(1000, 9))
    },
    'local-corruption'
  ],
  [
    'vendor/jq emptied: the two links into it are its consequences',
    ws => {
      for (const f of filesUnder(ws, 'vendor/jq')) rm(ws, f)
    },
    'local-corruption'
  ],
  [
    'a parent directory replaced by a link leading out',
    ws => {
      rm(ws, 'config')
      fs.symlinkSync(ws.outside, path.join(ws.root, 'config'))
    },
    'local-corruption'
  ],
  // Credentials.
  ['the ssh key did not survive', ws => rm(ws, '.ssh/id_ed25519'), 'credential-loss'],
  [
    'ssh key gone and the node shim retargeted',
    ws => {
      rm(ws, '.ssh/id_ed25519')
      rm(ws, 'shims/node')
      fs.symlinkSync('/usr/bin/true', path.join(ws.root, 'shims/node'))
    },
    'credential-loss'
  ],
  // Several events.
  [
    'exec bits lost, a model truncated and the config deleted',
    ws => {
      fs.chmodSync(path.join(ws.root, 'scripts/build.sh'), 0o644)
      fs.truncateSync(path.join(ws.root, 'models/llama.gguf'), 10)
      rm(ws, 'config/app.toml')
    },
    'mixed'
  ],
  [
    'a file injected while another was deleted',
    ws => {
      write(ws.root, 'src/lib/extra.c', 'int x;\n')
      rm(ws, 'scripts/build.sh')
    },
    'mixed'
  ],
  [
    'bit rot in three places',
    ws => {
      flipByte(path.join(ws.root, 'src/main.c'), 1)
      flipByte(path.join(ws.root, 'vendor/jq/src/jq.c'), 1)
      flipByte(path.join(ws.root, 'dist/index.d.ts'), 1)
    },
    'mixed'
  ]
]

describe('wipe signatures of real runner and sandbox events', () => {
  it('has at least 30 damage scenarios', () => {
    expect(scenarios.filter(s => s[2] !== 'healthy').length).toBeGreaterThanOrEqual(30)
  })

  const cases = scenarios.map(([event, damage, want]) => ({ event, damage, want }))
  it.each(cases)('$event -> $want', async ({ damage, want }) => {
    const ws = copy()
    damage(ws)
    const c = await checkJson(ws, '--no-cache')
    expect(c.stderr).toBe('')
    expect(c.code).toBe(want === 'healthy' ? 0 : 1)
    const got = c.report.diagnosis.signature
    const damaged = c.report.results
      .filter(r => r.status !== 'OK')
      .map(r => `${r.id}:${r.status}:${r.reason}`)
    expect({ signature: got, damaged }).toEqual({ signature: want, damaged })
  })
})
