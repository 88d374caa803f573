#!/usr/bin/env node
/**
 * The fault-injection suite: the bundled CLI (dist/cli/index.js, `npm run bundle` first) against
 * malformed manifests, odd names and file types, full disks at every write point, a stalled lock
 * holder, a dead holder's lock raced for by many waiters, a recipe orphaned by a killed doctor, two
 * manifests of one workspace, recipes that escape their process group, SIGHUP, the state
 * directory removed mid-run, damaged seal files of sealed entries, and cache downloads that break
 * (reset, cut short, stalled) or a cache service that fails. Every class prints what it tried and what failed; the exit
 * status is 1 when anything failed.
 *
 *   node scripts/faults.mjs            # everything (a few minutes)
 *   node scripts/faults.mjs --quick    # a few of each (what npm test runs)
 *   node scripts/faults.mjs --only malformed,enospc --json
 *
 * The full-disk class mounts a small tmpfs and needs root; without it that class is skipped and
 * says so.
 */
import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'

const ROOT = path.resolve(import.meta.dirname, '..')
// SWR_FAULTS_BIN runs the suite against another build (an older release, to compare).
const BIN = process.env.SWR_FAULTS_BIN ?? path.join(ROOT, 'dist', 'cli', 'index.js')
const args = process.argv.slice(2)
const QUICK = args.includes('--quick')
const JSON_OUT = args.includes('--json')
const ONLY = (() => {
  const i = args.indexOf('--only')
  return i >= 0 ? new Set((args[i + 1] ?? '').split(',')) : undefined
})()

const sleep = ms => new Promise(r => setTimeout(r, ms))
const STACK = /\n\s+at .+\(|\n\s+at [^ ]+:\d+:\d+|node:internal|Error: .*\n\s+at /

function log(s) {
  if (!JSON_OUT) process.stdout.write(s + '\n')
}

/** Run the CLI; resolves with code, signal, stdout, stderr and elapsed ms. */
function swr(argv, env, opts = {}) {
  const started = Date.now()
  const child = spawn(process.execPath, [BIN, ...argv], {
    env: { PATH: process.env.PATH, HOME: env.HOME, LANG: 'C.UTF-8', ...env },
    cwd: opts.cwd ?? env.HOME,
    stdio: [opts.stdin ?? 'ignore', 'pipe', 'pipe']
  })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', d => (stdout += d))
  child.stderr.on('data', d => (stderr += d))
  const done = new Promise(resolve =>
    child.on('close', (code, signal) =>
      resolve({ code, signal, stdout, stderr, ms: Date.now() - started })
    )
  )
  return { child, done }
}
const run = (argv, env, opts) => swr(argv, env, opts).done

/** A fresh home with a state directory, a workspace and keys. */
const made = []
async function sandbox(name) {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), `swr-faults-${name}-`))
  made.push(home)
  const ws = path.join(home, 'ws')
  fs.mkdirSync(ws)
  const env = { HOME: home, SWR_STATE_DIR: path.join(home, 'state') }
  const manifest = path.join(ws, '.swr', 'manifest.json')
  return { home, ws, env, manifest }
}

async function keyed(s) {
  const r = await run(['keygen'], s.env)
  if (r.code !== 0) throw new Error(`keygen failed: ${r.stderr}`)
}

/** Run `fns` with at most `n` at once. */
async function pool(items, n, fn) {
  const out = new Array(items.length)
  let next = 0
  await Promise.all(
    Array.from({ length: n }, async () => {
      for (;;) {
        const i = next++
        if (i >= items.length) return
        out[i] = await fn(items[i], i)
      }
    })
  )
  return out
}

/** Processes (not zombies) whose command line contains `needle`. */
function livingWith(needle) {
  const out = []
  for (const p of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(p)) continue
    try {
      const stat = fs.readFileSync(`/proc/${p}/stat`, 'utf8')
      const state = stat.slice(stat.lastIndexOf(')') + 2)[0]
      if (state === 'Z' || state === 'X') continue
      const cmd = fs.readFileSync(`/proc/${p}/cmdline`, 'utf8').replace(/\0/g, ' ')
      if (cmd.includes(needle)) out.push(Number(p))
    } catch {
      // gone
    }
  }
  return out
}

function oneLine(stderr) {
  return stderr.trimEnd().split('\n').length === 1
}

const results = []
function record(cls, tried, failures, notes = []) {
  results.push({
    class: cls,
    tried,
    failed: failures.length,
    failures: failures.slice(0, 10),
    notes
  })
  log(
    `${cls}: ${tried} tried, ${failures.length} failed${notes.length ? ` (${notes.join('; ')})` : ''}`
  )
  for (const f of failures.slice(0, 10)) log(`  FAIL ${f}`)
}

// ---------------------------------------------------------------------------------------------
// Malformed manifests: each must exit 4 with one line, no stack, and leave the file as it was.

async function baseManifest() {
  const s = await sandbox('base')
  await keyed(s)
  fs.writeFileSync(path.join(s.ws, 'a.txt'), 'alpha\n')
  fs.mkdirSync(path.join(s.ws, 'tree'))
  fs.writeFileSync(path.join(s.ws, 'tree', 'x'), 'x\n')
  fs.symlinkSync('a.txt', path.join(s.ws, 'lnk'))
  for (const [p, extra] of [
    ['a.txt', ['--restore', 'echo alpha > a.txt', '--smoke', 'test -s a.txt', '--note', 'n']],
    ['tree', ['--sentinel', 'x', '--restore', 'mkdir -p tree && echo x > tree/x']],
    ['lnk', []]
  ]) {
    const r = await run(['add', '-m', s.manifest, path.join(s.ws, p), ...extra], s.env)
    if (r.code !== 0) throw new Error(`add ${p}: ${r.stderr}`)
  }
  return { s, text: fs.readFileSync(s.manifest, 'utf8') }
}

function leafPaths(v, at = []) {
  const out = [at]
  if (Array.isArray(v)) v.forEach((x, i) => out.push(...leafPaths(x, [...at, i])))
  else if (v && typeof v === 'object')
    for (const [k, x] of Object.entries(v)) out.push(...leafPaths(x, [...at, k]))
  return out
}

function setAt(doc, at, value) {
  const copy = JSON.parse(JSON.stringify(doc))
  if (at.length === 0) return value
  let o = copy
  for (const k of at.slice(0, -1)) o = o[k]
  o[at[at.length - 1]] = value
  return copy
}

function getAt(doc, at) {
  return at.reduce((o, k) => o?.[k], doc)
}

/** Values of another JSON type than `v` (never valid where `v` is required). */
function wrongTypes(v) {
  if (typeof v === 'string') return [7, null, { s: v }, true]
  if (typeof v === 'number') return [String(v), null, 1.5, [v]]
  if (typeof v === 'boolean') return ['true', 0]
  if (Array.isArray(v)) return [{}, 'x', null]
  if (v && typeof v === 'object') return [[], 1]
  return []
}

function malformedVariants(text) {
  const doc = JSON.parse(text)
  const out = []
  // Truncated at many offsets (never at the end, where only the newline goes).
  const cuts = QUICK ? 6 : 300
  for (let i = 0; i < cuts; i++) {
    const at = 1 + Math.floor(((text.length - 3) * i) / cuts)
    out.push([`truncated at ${at}`, text.slice(0, at)])
  }
  // Every value replaced by one of another type; every object given an unknown key.
  const paths = leafPaths(doc).filter(p => p.length > 0 && p[0] !== '$schema')
  for (const p of QUICK ? paths.filter((_, i) => i % 9 === 0) : paths) {
    const v = getAt(doc, p)
    for (const w of wrongTypes(v))
      out.push([`${p.join('.')} = ${JSON.stringify(w)}`, JSON.stringify(setAt(doc, p, w), null, 2)])
    if (v && typeof v === 'object' && !Array.isArray(v) && p[0] === 'body')
      out.push([
        `${p.join('.')} + unknown key`,
        JSON.stringify(setAt(doc, p, { ...v, zz_unknown: 1 }))
      ])
  }
  const entries = doc.body.entries
  const withEntry = (patch, i = 0) =>
    JSON.stringify(setAt(doc, ['body', 'entries', i], { ...entries[i], ...patch }))
  const syntax = [
    ['empty', ''],
    ['whitespace', '  \n'],
    ['BOM only', '\uFEFF'],
    ['null', 'null'],
    ['array', '[]'],
    ['trailing comma', text.replace(/\n}\s*$/, ',\n}\n')],
    ['line comment', '// c\n' + text],
    ['block comment', '/* c */' + text],
    ['comment with quote then deep', '/*"*/' + '['.repeat(100_000)],
    ['line comment with quote then deep', '//"\n' + '['.repeat(100_000)],
    ['string with brackets then deep', '["\\"[[[[", ' + '['.repeat(100_000)],
    ['mismatched close then deep', '{"a" ' + ']'.repeat(50) + ', "b": ' + '['.repeat(100_000)],
    ['deep objects', '{"a":'.repeat(50_000)],
    ['duplicate body key', text.replace('"body": {', '"body": {"version": 1,')],
    [
      '1e400 version',
      JSON.stringify(setAt(doc, ['body', 'version'], 1)).replace('"version":1', '"version":1e400')
    ],
    ['-0 version', JSON.stringify(doc).replace(/"version":\d+/, '"version":-0')],
    ['float version', JSON.stringify(doc).replace(/"version":\d+/, '"version":2.5')],
    ['lone surrogate', JSON.stringify(doc).replace('"echo alpha', '"\\ud800echo alpha')],
    ['__proto__ key', JSON.stringify(doc).replace('"body":{', '"body":{"__proto__":{},')],
    ['raw control character', JSON.stringify(doc).replace('echo alpha', 'echo\u0001alpha')],
    ['NUL in restore', withEntry({ restore: 'echo a\u0000b' })],
    ['NUL in id', withEntry({ id: 'a\u0000b' })],
    ['NUL in path', withEntry({ path: 'a.txt\u0000x' })],
    ['NUL in workspace', JSON.stringify(setAt(doc, ['body', 'workspace'], '.\u0000x'))],
    ['NUL in shell', JSON.stringify(setAt(doc, ['body', 'shell'], ['bash\u0000', '-c']))],
    ['10 MB id', withEntry({ id: 'i'.repeat(10 * 1024 * 1024) })],
    ['ESC in id', withEntry({ id: 'a\u001b[2Jb' })],
    ['CR in path', withEntry({ path: 'a\rb' })],
    ['absolute path', withEntry({ path: '/etc/passwd' })],
    ['dotdot path', withEntry({ path: '../outside' })],
    ['duplicate ids', JSON.stringify(setAt(doc, ['body', 'entries'], [entries[0], entries[0]]))],
    ['needs itself', withEntry({ needs: [entries[0].id] })],
    ['needs unknown', withEntry({ needs: ['nope'] })],
    ['tier 9', withEntry({ tier: 9 })],
    ['unknown kind', withEntry({ kind: 'socket' })],
    ['schema 99', JSON.stringify(setAt(doc, ['body', 'schema'], 99))],
    ['2001 entries', JSON.stringify(setAt(doc, ['body', 'entries'], Array(200_001).fill(0)))],
    ['trailing data', text + '{}'],
    ['two documents', text + text]
  ]
  out.push(
    ...(QUICK ? syntax.filter((_, i) => i % 4 === 0 || /deep|NUL/.test(syntax[i][0])) : syntax)
  )
  const bytes = out.map(([name, t]) => [name, Buffer.from(t, 'utf8')])
  bytes.push([
    'invalid UTF-8',
    Buffer.concat([
      Buffer.from(text.slice(0, 40)),
      Buffer.from([0xff, 0xfe]),
      Buffer.from(text.slice(40))
    ])
  ])
  bytes.push(['NUL bytes', Buffer.alloc(64)])
  return bytes
}

async function malformed() {
  const { s, text } = await baseManifest()
  const variants = malformedVariants(text)
  const commands = [
    ['check'],
    ['verify'],
    ['doctor', '--dry-run'],
    ['why'],
    ['add', 'a.txt', '--id', 'z'],
    ['sign']
  ]
  const dir = path.join(s.home, 'variants')
  fs.mkdirSync(dir)
  const failures = []
  const accepted = []
  await pool(variants, 2, async ([name, bytes], i) => {
    const file = path.join(s.ws, '.swr', `v${i}.json`)
    fs.writeFileSync(file, bytes)
    const cmd = commands[i % commands.length]
    const r = await run([cmd[0], '-m', file, ...cmd.slice(1)], s.env, { cwd: s.ws })
    const after = fs.readFileSync(file)
    const problems = []
    if (r.code !== 4) problems.push(`exit ${r.code ?? r.signal}`)
    if (!oneLine(r.stderr)) problems.push(`${r.stderr.trimEnd().split('\n').length} lines`)
    if (STACK.test(r.stderr)) problems.push('stack trace')
    if (r.stderr.length > 4096) problems.push(`${r.stderr.length}-byte error`)
    if (!after.equals(bytes)) problems.push('manifest changed')
    // A value swap the schema happens to allow is a valid manifest, not a failure of this class
    // (it must still be handled without a crash: 0, 1, or 2 when a signature refuses it).
    if (problems.length === 1 && [0, 1, 2].includes(r.code) && !/deep|trunc|UTF-8/.test(name))
      accepted.push(`${name} (${cmd[0]} ${r.code})`)
    else if (problems.length)
      failures.push(
        `${name} (${cmd[0]}): ${problems.join(', ')}: ${r.stderr.slice(0, 160).trimEnd()}`
      )
    fs.rmSync(file)
  })
  record('malformed manifests', variants.length, failures, [
    `${variants.length - failures.length - accepted.length} refused with exit 4, one line, no stack, file unchanged`,
    ...(accepted.length
      ? [`${accepted.length} turned out valid: ${accepted.slice(0, 5).join(', ')}`]
      : [])
  ])
}

// ---------------------------------------------------------------------------------------------
// Odd names and file types: add, check and doctor must answer with a documented code, no stack.

async function oddNames() {
  const s = await sandbox('names')
  await keyed(s)
  const w = (rel, data = 'x\n') => fs.writeFileSync(path.join(s.ws, rel), data)
  const names = [
    'new\nline',
    '-dash',
    '--help',
    ' lead space',
    'trail space ',
    'tab\there',
    'esc\u001b[31mred',
    'cr\rname',
    'ünïcödé',
    '日本語',
    'a'.repeat(255),
    '*glob?',
    'back\\slash',
    'quote\'"',
    '$(touch pwned)',
    '.hidden'
  ]
  const made = []
  for (const n of QUICK ? names.filter((_, i) => i % 3 === 0) : names) {
    w(n)
    made.push(n)
  }
  const specials = []
  const mk = (name, fn) => {
    try {
      fn(path.join(s.ws, name))
      specials.push(name)
    } catch {
      // not possible here
    }
  }
  mk('fifo', p => spawnSync('mkfifo', [p]))
  mk('dangling', p => fs.symlinkSync('nowhere', p))
  mk('loop', p => fs.symlinkSync('loop', p))
  mk('devnull', p => fs.symlinkSync('/dev/null', p))
  mk('abs-link', p => fs.symlinkSync('/etc/passwd', p))
  mk('emptydir', p => fs.mkdirSync(p))
  mk('noread', p => {
    fs.writeFileSync(p, 'secret')
    fs.chmodSync(p, 0)
  })
  mk('nodir', p => {
    fs.mkdirSync(p)
    fs.writeFileSync(path.join(p, 'f'), 'f')
    fs.chmodSync(p, 0)
  })
  mk('tree', p => {
    fs.mkdirSync(p)
    for (const n of names) fs.writeFileSync(path.join(p, n), n)
    spawnSync('mkfifo', [path.join(p, 'fifo')])
    fs.symlinkSync('nowhere', path.join(p, 'dangling'))
  })
  const failures = []
  let tried = 0
  const ok = (r, what, allowed) => {
    tried++
    const problems = []
    if (!allowed.includes(r.code)) problems.push(`exit ${r.code ?? r.signal}`)
    if (STACK.test(r.stderr)) problems.push('stack trace')
    if (/internal error/.test(r.stderr)) problems.push('internal error')
    if (problems.length)
      failures.push(`${JSON.stringify(what)}: ${problems.join(', ')}: ${r.stderr.slice(0, 160)}`)
  }
  for (const n of [...made, ...specials]) {
    const r = await run(['add', '-m', s.manifest, '--', path.join(s.ws, n)], s.env, { cwd: s.ws })
    ok(r, `add ${n}`, [0, 4])
  }
  ok(await run(['check', '-m', s.manifest, '--all'], s.env), 'check', [0, 1])
  ok(await run(['check', '-m', s.manifest, '--json'], s.env), 'check --json', [0, 1])
  for (const n of made) fs.rmSync(path.join(s.ws, n), { force: true })
  ok(await run(['check', '-m', s.manifest], s.env), 'check after removal', [1])
  ok(await run(['why', '-m', s.manifest], s.env), 'why', [0, 1])
  ok(await run(['doctor', '-m', s.manifest], s.env), 'doctor', [0, 2, 3])
  const init = await sandbox('names-init')
  spawnSync('cp', ['-a', `${s.ws}/.`, init.ws])
  fs.rmSync(path.join(init.ws, '.swr'), { recursive: true, force: true })
  ok(await run(['init', '-m', init.manifest], init.env, { cwd: init.ws }), 'init', [0, 4])
  fs.chmodSync(path.join(s.ws, 'nodir'), 0o755)
  record('odd names and file types', tried, failures, [
    `${made.length} names, ${specials.length} special files, and a tree of them`
  ])
}

// ---------------------------------------------------------------------------------------------
// A full disk at every write point: each command on a small tmpfs, with 0 to 256 KiB free.

function fillTo(dir, free) {
  const filler = path.join(dir, 'filler')
  fs.rmSync(filler, { force: true })
  const st = fs.statfsSync(dir)
  const avail = st.bavail * st.bsize
  const want = Math.max(0, avail - free)
  const fd = fs.openSync(filler, 'w')
  const chunk = Buffer.alloc(64 * 1024, 1)
  let left = want
  try {
    while (left > 0) {
      const n = fs.writeSync(fd, chunk, 0, Math.min(chunk.length, left))
      left -= n
    }
  } catch {
    // full
  } finally {
    fs.closeSync(fd)
  }
}

function tmpLeft(dir) {
  const out = []
  const walk = d => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name)
      if (e.isDirectory()) walk(p)
      else if (/\.tmp$/.test(e.name)) out.push(p)
    }
  }
  walk(dir)
  return out
}

/**
 * After a keygen stopped by the disk: no key file may be left (a half-made set would make every
 * rerun refuse), and a rerun with the space back must make the whole set.
 */
async function keygenAgain(env) {
  const keys = path.join(env.SWR_STATE_DIR, 'keys')
  const left = fs.existsSync(keys) ? fs.readdirSync(keys) : []
  if (left.length) return [`keygen left ${left.join(', ')}`]
  fs.rmSync(path.join(path.dirname(env.HOME), 'filler'), { force: true })
  const again = await run(['keygen'], env)
  return again.code === 0 ? [] : [`keygen rerun: exit ${again.code}: ${again.stderr.trim()}`]
}

async function enospc() {
  if (process.getuid?.() !== 0) {
    record('full disk', 0, [], ['skipped: mounting a tmpfs needs root'])
    return
  }
  const mnt = fs.mkdtempSync(path.join(os.tmpdir(), 'swr-faults-tmpfs-'))
  const m = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=3m', 'tmpfs', mnt])
  if (m.status !== 0) {
    record('full disk', 0, [], [`skipped: mount failed: ${String(m.stderr).trim()}`])
    return
  }
  const failures = []
  let tried = 0
  let wrote = 0
  let refused74 = 0
  try {
    const home = path.join(mnt, 'home')
    const ws = path.join(home, 'ws')
    const env = { HOME: home, SWR_STATE_DIR: path.join(home, 'state') }
    const manifest = path.join(ws, '.swr', 'manifest.json')
    const reset = async () => {
      fs.rmSync(path.join(mnt, 'filler'), { force: true })
      fs.rmSync(home, { recursive: true, force: true })
      fs.mkdirSync(ws, { recursive: true })
      for (let i = 0; i < 12; i++)
        fs.writeFileSync(path.join(ws, `f${i}`), `file ${i}\n`.repeat(40))
      fs.mkdirSync(path.join(ws, 'dir', 'sub'), { recursive: true })
      fs.writeFileSync(path.join(ws, 'dir', 'x'), 'x')
      // init tracks dir; the "add tree" step adds this one of its own.
      fs.writeFileSync(path.join(ws, 'dir', 'sub', 'y'), 'y')
    }
    const steps = [
      ['keygen', () => ['keygen'], false],
      ['init', () => ['init', '-m', manifest], true],
      [
        'add',
        () => ['add', '-m', manifest, path.join(ws, 'f0'), '--restore', 'echo file > f0'],
        true
      ],
      ['add tree', () => ['add', '-m', manifest, path.join(ws, 'dir', 'sub')], true],
      ['escrow', () => ['escrow', '-m', manifest], true],
      ['sign', () => ['sign', '-m', manifest], true],
      ['check --record', () => ['check', '-m', manifest, '--record'], true],
      ['doctor', () => ['doctor', '-m', manifest, '--quarantine', '--record'], true],
      ['restore', () => ['restore', '-m', manifest], true],
      [
        'canary plant',
        () => [
          'canary',
          'plant',
          '-m',
          manifest,
          '--large-bytes',
          '65536',
          '--no-home',
          '--no-tmp'
        ],
        true
      ],
      ['canary read', () => ['canary', 'read', '-m', manifest], true],
      ['trust add', () => ['trust', 'add', 'ab'.repeat(32), 'friend'], false]
    ]
    const frees = QUICK ? [0, 8192] : [0, 1024, 4096, 8192, 16384, 32768, 65536, 131072, 262144]
    const quickSteps = new Set(['keygen', 'add', 'escrow', 'check --record', 'doctor'])
    const template = fs.mkdtempSync(path.join(os.tmpdir(), 'swr-faults-template-'))
    made.push(template)
    for (const [i, [name, argv, needsManifest]] of steps.entries()) {
      if (QUICK && !quickSteps.has(name)) continue
      // Everything before this step, once, with room to spare; each fill level starts from a copy.
      await reset()
      for (const [, a] of steps.slice(0, i)) await run(a(), env, { cwd: ws })
      if (name === 'doctor' || name === 'restore') fs.rmSync(path.join(ws, 'f0'))
      fs.rmSync(template, { recursive: true, force: true })
      spawnSync('cp', ['-a', home, template])
      for (const free of frees) {
        fs.rmSync(home, { recursive: true, force: true })
        spawnSync('cp', ['-a', template, home])
        const before =
          needsManifest && fs.existsSync(manifest) ? fs.readFileSync(manifest) : undefined
        fillTo(mnt, free)
        const r = await run(argv(), env, { cwd: ws })
        tried++
        const problems = []
        if (r.code === 74) refused74++
        if (r.code === 0) wrote++
        if (r.code === 74 && !/^swr: cannot write .*\((ENOSPC|EDQUOT)\)$/m.test(r.stderr))
          problems.push('no "cannot write" line')
        // Every step here succeeds with room to spare: a full disk is exit 74 or nothing at all,
        // never another failure (a disk error worded as something else exits 1 to 4).
        if (r.code !== 0 && r.code !== 74) problems.push(`exit ${r.code ?? r.signal}`)
        if (STACK.test(r.stderr)) problems.push('stack trace')
        if (/internal error/.test(r.stderr)) problems.push('internal error')
        fs.rmSync(path.join(mnt, 'filler'), { force: true })
        if (before) {
          const after = fs.readFileSync(manifest)
          if (!after.equals(before)) {
            const v = await run(['verify', '-m', manifest], env, { cwd: ws })
            if (v.code === 4) problems.push('manifest damaged')
          }
        }
        if (name === 'keygen' && r.code === 74) problems.push(...(await keygenAgain(env)))
        // A planting stopped by the disk is undone whole, the probe it was writing too.
        if (name === 'canary plant' && r.code === 74) {
          const probes = fs.readdirSync(ws).filter(n => n.includes('swr-canary-'))
          if (probes.length) problems.push(`left ${probes.join(', ')}`)
        }
        const left = tmpLeft(home)
        if (left.length) problems.push(`left ${left.map(p => path.relative(home, p)).join(', ')}`)
        if (problems.length)
          failures.push(
            `${name} with ${free} bytes free: ${problems.join(', ')}: ${r.stderr.trim().split('\n').slice(0, 3).join(' | ').slice(0, 300)}`
          )
      }
    }
  } finally {
    spawnSync('umount', [mnt])
    fs.rmSync(mnt, { recursive: true, force: true })
  }
  record('full disk', tried, failures, [
    `${refused74} stopped with exit 74 and one line, ${wrote} completed; manifest never damaged; keygen never left a key file and its rerun made the set`
  ])
}

// ---------------------------------------------------------------------------------------------
// A stalled lock holder: SIGSTOP an `add` that holds the lock for longer than the stale time; a
// second `add` waits for it; both entries are in the final manifest.

/**
 * The notes of the locks held now: a lock is a symbolic link whose target is its note (an older
 * build kept a directory and the note in a `.holder` file beside it; both are read, so the suite
 * runs against either).
 */
async function holderNotes(stateDir) {
  const dir = path.join(stateDir, 'locks')
  const notes = []
  let names = []
  try {
    names = fs.readdirSync(dir)
  } catch {
    return []
  }
  for (const n of names) {
    try {
      if (n.endsWith('.holder')) notes.push(fs.readFileSync(path.join(dir, n), 'utf8'))
      else if (n.endsWith('.lock')) notes.push(fs.readlinkSync(path.join(dir, n)))
    } catch {
      // gone, or an older build's directory
    }
  }
  return notes
}

/** Wait until `cond()` holds (polling every `step` ms); false when `ms` passed first. */
async function until(cond, ms, step = 20) {
  const deadline = Date.now() + ms
  while (!(await cond())) {
    if (Date.now() > deadline) return false
    await sleep(step)
  }
  return true
}

async function stalledHolder() {
  const rounds = QUICK ? 1 : 3
  const stopMs = QUICK ? 12_500 : 15_000
  const failures = []
  for (let round = 0; round < rounds; round++) {
    const s = await sandbox('stall')
    await keyed(s)
    fs.writeFileSync(path.join(s.ws, 'seed'), 'seed\n')
    await run(['add', '-m', s.manifest, path.join(s.ws, 'seed')], s.env)
    fs.writeFileSync(path.join(s.ws, 'one'), 'one\n')
    fs.writeFileSync(path.join(s.ws, 'two'), 'two\n')
    // The recipe-less add finishes fast: hold it at the lock by stopping it as soon as it holds.
    const a = swr(['add', '-m', s.manifest, path.join(s.ws, 'one')], s.env)
    let held = false
    for (let i = 0; i < 400 && !held; i++) {
      held = (await holderNotes(s.env.SWR_STATE_DIR)).some(n => n.startsWith(`pid ${a.child.pid} `))
      if (held) a.child.kill('SIGSTOP')
      else await sleep(2)
    }
    if (!held) {
      await a.done
      // The add was quicker than the poll: not a failure of swr; try the round again.
      round--
      continue
    }
    const b = swr(['add', '-m', s.manifest, path.join(s.ws, 'two'), '--json'], s.env)
    await sleep(stopMs)
    const bExited = b.child.exitCode !== null
    a.child.kill('SIGCONT')
    const [ra, rb] = await Promise.all([a.done, b.done])
    const doc = JSON.parse(fs.readFileSync(s.manifest, 'utf8'))
    const ids = doc.body.entries.map(e => e.id).sort()
    const problems = []
    if (bExited) problems.push('the waiting add finished while the holder was stopped')
    if (ra.code !== 0 || rb.code !== 0)
      problems.push(`exits ${ra.code}/${rb.code}: ${ra.stderr}${rb.stderr}`.slice(0, 300))
    if (ids.join(',') !== 'one,seed,two') problems.push(`entries ${ids.join(',')}`)
    if (problems.length) failures.push(`round ${round}: ${problems.join('; ')}`)
  }
  record('stalled lock holder', rounds, failures, [
    `holder stopped ${stopMs / 1000} s (stale time 10 s)`
  ])
}

// ---------------------------------------------------------------------------------------------
// A dead holder's lock raced for: `add --from -` holds the manifest lock while it waits for its
// input, so a holder and its waiters stay put as long as their stdin is open. N waiters (each with
// --lock-timeout) wait; the holder is killed with SIGKILL; exactly one waiter may take the lock
// (it then sits on its input), the others give up at their timeout with exit 2 and one line.

async function takeoverRound(s, n, timeoutS) {
  const holder = swr(['add', '-m', s.manifest, '--from', '-'], s.env, { stdin: 'pipe' })
  const pid = holder.child.pid
  const held = await until(
    async () => (await holderNotes(s.env.SWR_STATE_DIR)).some(x => x.startsWith(`pid ${pid} `)),
    15_000
  )
  if (!held) {
    holder.child.kill('SIGKILL')
    return { problems: [`the holder never took the lock: ${(await holder.done).stderr}`] }
  }
  const waiters = Array.from({ length: n }, (_, i) => {
    fs.writeFileSync(path.join(s.ws, `w${i}`), `${i}\n`)
    const w = swr(
      ['add', '-m', s.manifest, '--from', '-', '--lock-timeout', String(timeoutS)],
      s.env,
      { stdin: 'pipe' }
    )
    let err = ''
    w.child.stderr.on('data', d => (err += d))
    w.err = () => err
    return w
  })
  const waiting = await until(
    () => waiters.every(w => /waiting for the lock/.test(w.err())),
    15_000
  )
  holder.child.kill('SIGKILL')
  await holder.done
  // Whoever took the lock sits on its input; everyone else gives up at its timeout.
  await until(() => waiters.every(w => w.child.exitCode !== null), timeoutS * 1000 + 2500, 50)
  const winners = waiters.filter(w => w.child.exitCode === null && w.child.signalCode === null)
  // A waiter that ended other than by giving up (exit 2) took the lock too, and then lost it.
  const took =
    winners.length + waiters.filter(w => w.child.exitCode !== null && w.child.exitCode !== 2).length
  for (const w of winners) {
    const i = waiters.indexOf(w)
    w.child.stdin.end(JSON.stringify({ path: path.join(s.ws, `w${i}`), id: `w${i}` }) + '\n')
  }
  for (const w of waiters) if (!winners.includes(w)) w.child.stdin.destroy()
  const rs = await Promise.all(waiters.map(w => w.done))
  const problems = []
  if (!waiting) problems.push('not every waiter was waiting when the holder was killed')
  if (took !== 1) problems.push(`${took} waiters took the lock`)
  const codes = {}
  rs.forEach((r, i) => {
    const won = winners.includes(waiters[i])
    const key = won ? `won ${r.code}` : String(r.code ?? r.signal)
    codes[key] = (codes[key] ?? 0) + 1
    if (won && r.code !== 0) problems.push(`a winner exited ${r.code}: ${r.stderr.slice(0, 200)}`)
    if (!won && r.code !== 2)
      problems.push(`a waiter exited ${r.code ?? r.signal}: ${r.stderr.trim().slice(-200)}`)
    else if (!won && !/is locked by another swr run .*gave up after/.test(r.stderr))
      problems.push(`a waiter gave up without saying so: ${r.stderr.slice(0, 200)}`)
    if (STACK.test(r.stderr)) problems.push('stack trace')
  })
  return { problems, winners: took, codes }
}

async function takeover() {
  const rounds = QUICK ? 3 : 20
  const n = QUICK ? 4 : 8
  const timeoutS = 3
  const failures = []
  const winnerCounts = {}
  const exitCounts = {}
  for (let round = 0; round < rounds; round++) {
    const s = await sandbox('takeover')
    await keyed(s)
    fs.writeFileSync(path.join(s.ws, 'seed'), 'seed\n')
    await run(['add', '-m', s.manifest, path.join(s.ws, 'seed')], s.env)
    const r = await takeoverRound(s, n, timeoutS)
    winnerCounts[r.winners] = (winnerCounts[r.winners] ?? 0) + 1
    for (const [k, v] of Object.entries(r.codes ?? {})) exitCounts[k] = (exitCounts[k] ?? 0) + v
    if (r.problems.length) failures.push(`round ${round}: ${[...new Set(r.problems)].join('; ')}`)
  }
  const show = o =>
    Object.entries(o)
      .map(([k, v]) => `${k}: ${v}`)
      .join(', ')
  record('dead holder, many waiters', rounds, failures, [
    `${n} waiters a round; rounds by the number of waiters that took the lock (${show(winnerCounts)}); waiter exits (${show(exitCounts)})`
  ])
}

// ---------------------------------------------------------------------------------------------
// A recipe orphaned by a doctor killed with SIGKILL: a second doctor must not start the recipe
// while the orphan runs, and takes the lock once it ends (the orphan repaired the entry).

async function orphanedRecipe() {
  const rounds = QUICK ? 1 : 5
  const failures = []
  const lags = []
  for (let round = 0; round < rounds; round++) {
    const s = await sandbox('orphan')
    const log = path.join(s.home, 'recipe.log')
    await keyed(s)
    fs.writeFileSync(path.join(s.ws, 't'), 'x\n')
    const recipe = `echo "start $$" >> '${log}'; sleep 3; echo x > t; echo "end $(date +%s%3N)" >> '${log}'`
    const a = await run(['add', '-m', s.manifest, path.join(s.ws, 't'), '--restore', recipe], s.env)
    if (a.code !== 0) throw new Error(`add: ${a.stderr}`)
    fs.rmSync(path.join(s.ws, 't'))
    const lines = () => (fs.existsSync(log) ? fs.readFileSync(log, 'utf8').trim().split('\n') : [])
    const first = swr(['doctor', '-m', s.manifest], s.env, { cwd: s.ws })
    const started = await until(() => lines().length > 0, 15_000)
    first.child.kill('SIGKILL')
    await first.done
    const second = await run(['doctor', '-m', s.manifest], s.env, { cwd: s.ws })
    const done = Date.now()
    const got = lines()
    const starts = got.filter(l => l.startsWith('start'))
    const end = got.find(l => l.startsWith('end'))
    const problems = []
    if (!started) problems.push('the recipe never started')
    if (starts.length !== 1) problems.push(`the recipe started ${starts.length} times: ${got}`)
    if (!end) problems.push('the second doctor finished before the orphan')
    else lags.push(done - Number(end.split(' ')[1]))
    if (second.code !== 0) problems.push(`exit ${second.code}: ${second.stderr.slice(0, 200)}`)
    if (!/waiting for the lock/.test(second.stderr)) problems.push('the second doctor never waited')
    if (STACK.test(second.stderr)) problems.push('stack trace')
    for (const l of starts) {
      try {
        process.kill(-Number(l.split(' ')[1]), 'SIGKILL')
      } catch {
        // ended
      }
    }
    if (problems.length) failures.push(`round ${round}: ${problems.join('; ')}`)
  }
  record('recipe orphaned by a killed doctor', rounds, failures, [
    lags.length
      ? `the second doctor ended ${Math.min(...lags)}-${Math.max(...lags)} ms after the orphan`
      : 'no orphan ended'
  ])
}

// ---------------------------------------------------------------------------------------------
// Recipes that must not overlap, escape, or outlive an interrupt.

function recipeLog(s) {
  return path.join(s.home, 'recipe.log')
}

async function signedWithRecipe(name, recipe, extra = []) {
  const s = await sandbox(name)
  await keyed(s)
  fs.writeFileSync(path.join(s.ws, 't'), 'x\n')
  const r = await run(
    ['add', '-m', s.manifest, path.join(s.ws, 't'), '--restore', recipe, ...extra],
    s.env
  )
  if (r.code !== 0) throw new Error(`add: ${r.stderr}`)
  return s
}

async function twoManifests() {
  const rounds = QUICK ? 1 : 5
  const failures = []
  for (let round = 0; round < rounds; round++) {
    const s = await sandbox('two')
    await keyed(s)
    const log = recipeLog(s)
    const recipe = `echo start >> '${log}'; sleep 1; echo x > t; echo end >> '${log}'`
    fs.writeFileSync(path.join(s.ws, 't'), 'x\n')
    const m2 = path.join(s.home, 'other.json')
    for (const m of [s.manifest, m2]) {
      const r = await run(
        ['add', '-m', m, '--workspace', s.ws, path.join(s.ws, 't'), '--restore', recipe],
        s.env,
        { cwd: s.ws }
      )
      if (r.code !== 0) throw new Error(`add: ${r.stderr}`)
    }
    fs.rmSync(path.join(s.ws, 't'))
    const rs = await Promise.all([
      run(['doctor', '-m', s.manifest], s.env, { cwd: s.ws }),
      run(['doctor', '-m', m2, '--workspace', s.ws], s.env, { cwd: s.ws })
    ])
    const lines = fs.readFileSync(log, 'utf8').trim().split('\n')
    const overlapped = lines.some((l, i) => l === 'start' && lines[i + 1] === 'start')
    const problems = []
    if (overlapped) problems.push(`recipes overlapped: ${lines.join(',')}`)
    for (const r of rs) if (r.code !== 0) problems.push(`exit ${r.code}: ${r.stderr.slice(0, 200)}`)
    if (problems.length) failures.push(`round ${round}: ${problems.join('; ')}`)
  }
  record('two manifests, one workspace', rounds, failures)
}

async function escaped() {
  const kinds = [
    ['--timeout', s => ['doctor', '-m', s.manifest, '--timeout', '2'], null],
    ['SIGTERM', s => ['doctor', '-m', s.manifest], 'SIGTERM'],
    ['SIGINT', s => ['doctor', '-m', s.manifest], 'SIGINT'],
    ['SIGHUP', s => ['doctor', '-m', s.manifest], 'SIGHUP'],
    ['recipe ends, daemon stays', s => ['doctor', '-m', s.manifest], null, true]
  ]
  const rounds = QUICK ? 1 : 4
  const failures = []
  let tried = 0
  const times = []
  for (let round = 0; round < rounds; round++) {
    for (const [name, argv, signal, quick] of kinds) {
      if (QUICK && name === 'SIGINT') continue
      const marker = `swr-faults-${process.pid}-${round}-${name.replace(/\W/g, '')}`
      const recipe = quick
        ? `setsid bash -c 'exec -a ${marker} sleep 300' & sleep 1; echo x > t`
        : `setsid bash -c 'exec -a ${marker} sleep 300' & sleep 100`
      const s = await signedWithRecipe('escape', recipe)
      fs.rmSync(path.join(s.ws, 't'))
      const p = swr(argv(s), s.env, { cwd: s.ws })
      if (signal) {
        await sleep(1500)
        p.child.kill(signal)
      }
      const r = await p.done
      tried++
      times.push(r.ms)
      await sleep(200)
      const alive = livingWith(marker)
      const problems = []
      if (alive.length) problems.push(`${alive.length} escaped process(es) alive`)
      for (const pid of alive) process.kill(pid, 'SIGKILL')
      if (r.ms > 20_000) problems.push(`took ${r.ms} ms`)
      const want = signal ? [130] : quick ? [0] : [3, 2]
      if (!want.includes(r.code)) problems.push(`exit ${r.code ?? r.signal}`)
      if (!/left its process group/.test(r.stdout + r.stderr)) problems.push('not reported')
      if (STACK.test(r.stderr)) problems.push('stack trace')
      const again = await run(['check', '-m', s.manifest], s.env)
      if (again.code === null) problems.push('check after it failed')
      if ((await holderNotes(s.env.SWR_STATE_DIR)).length) problems.push('lock still held')
      if (problems.length)
        failures.push(`${name} round ${round}: ${problems.join(', ')}: ${r.stderr.slice(0, 200)}`)
    }
  }
  record('escaped grandchildren and signals', tried, failures, [
    `slowest run ${(Math.max(...times) / 1000).toFixed(1)} s (recipe asks for 100 s, its escapee for 300 s)`
  ])
}

async function stateRemoved() {
  const rounds = QUICK ? 1 : 4
  const failures = []
  for (let round = 0; round < rounds; round++) {
    for (const what of ['locks', 'state']) {
      const marker = `swr-faults-${process.pid}-${round}-wipe-${what}`
      const s = await signedWithRecipe('wipe', `exec -a ${marker} sleep 100`)
      fs.rmSync(path.join(s.ws, 't'))
      const p = swr(['doctor', '-m', s.manifest], s.env, { cwd: s.ws })
      await sleep(1500)
      fs.rmSync(what === 'locks' ? path.join(s.env.SWR_STATE_DIR, 'locks') : s.env.SWR_STATE_DIR, {
        recursive: true,
        force: true
      })
      const r = await p.done
      await sleep(200)
      const problems = []
      if (r.code !== 75) problems.push(`exit ${r.code ?? r.signal}`)
      if (!/lost the lock/.test(r.stderr)) problems.push('no clear line')
      if (STACK.test(r.stderr) || /ECOMPROMISED/.test(r.stderr))
        problems.push('stack or ECOMPROMISED')
      if (r.ms > 15_000) problems.push(`took ${r.ms} ms`)
      const alive = livingWith(marker)
      if (alive.length) problems.push('recipe orphaned')
      for (const pid of alive) process.kill(pid, 'SIGKILL')
      if (problems.length)
        failures.push(
          `${what} removed, round ${round}: ${problems.join(', ')}: ${r.stderr.slice(0, 200)}`
        )
    }
  }
  record('state directory removed mid-run', rounds * 2, failures)
}

// ---------------------------------------------------------------------------------------------
// Leftovers: `kill -9` at a random moment of a check that rewrites its cache; the next check must
// leave no temporary file of the killed run in the state directory.

/** Temporary files of atomic writes anywhere under `dir`. */
function tmpFiles(dir) {
  const out = []
  const walk = d => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const abs = path.join(d, e.name)
      if (e.isDirectory()) walk(abs)
      else if (/\.tmp$/.test(e.name)) out.push(abs)
    }
  }
  if (fs.existsSync(dir)) walk(dir)
  return out
}

async function leftovers() {
  const rounds = QUICK ? 20 : 160
  const s = await sandbox('leftovers')
  const tree = path.join(s.ws, 'tree')
  for (let i = 0; i < 2000; i++) {
    fs.mkdirSync(path.join(tree, `d${i % 40}`), { recursive: true })
    fs.writeFileSync(path.join(tree, `d${i % 40}`, `f${i}`), `${i}\n`)
  }
  const added = await run(['add', '-m', s.manifest, tree, '--kind', 'tree'], s.env)
  if (added.code !== 0) throw new Error(`add failed: ${added.stderr}`)
  const full = await run(['check', '-m', s.manifest], s.env)
  const failures = []
  let killedMidWrite = 0
  // Half the rounds kill at a random moment; the others the moment a temporary file appears (the
  // cache directories watched), so the kill lands mid-write.
  const cacheDirs = fs
    .readdirSync(path.join(s.env.SWR_STATE_DIR, 'cache'))
    .map(n => path.join(s.env.SWR_STATE_DIR, 'cache', n))
  for (let round = 0; round < rounds; round++) {
    // A touched file makes the check rewrite the tree's cache.
    const t = new Date(Date.now() - round * 1000)
    fs.utimesSync(path.join(tree, 'd0', 'f0'), t, t)
    const p = swr(['check', '-m', s.manifest], s.env)
    const watchers = []
    if (round % 2 === 0) {
      await sleep(Math.floor(Math.random() * Math.max(50, full.ms)))
      p.child.kill('SIGKILL')
    } else
      for (const d of cacheDirs)
        watchers.push(
          fs.watch(d, (_, name) => {
            if (String(name).endsWith('.tmp')) p.child.kill('SIGKILL')
          })
        )
    await p.done
    for (const w of watchers) w.close()
    if (tmpFiles(s.env.SWR_STATE_DIR).length > 0) killedMidWrite++
    const next = await run(['check', '-m', s.manifest], s.env)
    const left = tmpFiles(s.env.SWR_STATE_DIR)
    if (next.code !== 0 || left.length > 0)
      failures.push(`round ${round}: exit ${next.code}, ${left.length} temporary files left`)
  }
  record('leftovers after kill -9 mid-check', rounds, failures, [
    `${killedMidWrite} of ${rounds} kills left a temporary file, every one cleared by the next check`
  ])
}

// ---------------------------------------------------------------------------------------------
// Quarantine on disk: doctors quarantining a tree of empty files under a small cap; what the
// quarantine takes on disk (blocks and files) must stay within the cap plus the newest copy.

function diskUse(dir) {
  let bytes = 0
  let files = 0
  const walk = d => {
    const st = fs.lstatSync(d)
    bytes += st.blocks * 512
    files++
    if (st.isDirectory()) for (const n of fs.readdirSync(d)) walk(path.join(d, n))
  }
  if (fs.existsSync(dir)) walk(dir)
  return { bytes, files }
}

async function quarantineOnDisk() {
  const rounds = QUICK ? 5 : 30
  const s = await sandbox('quarantine')
  await keyed(s)
  const tree = path.join(s.ws, 'empty')
  fs.mkdirSync(tree)
  for (let i = 0; i < 1000; i++) fs.writeFileSync(path.join(tree, `f${i}`), '')
  const recipe = `rm -f empty/extra`
  const added = await run(
    ['add', '-m', s.manifest, tree, '--kind', 'tree', '--restore', recipe],
    s.env
  )
  if (added.code !== 0) throw new Error(`add failed: ${added.stderr}`)
  const env = { ...s.env, SWR_QUARANTINE_MAX_MB: '1', SWR_QUARANTINE_MAX_FILES: '2500' }
  const failures = []
  let peak = { bytes: 0, files: 0 }
  for (let round = 0; round < rounds; round++) {
    fs.writeFileSync(path.join(tree, 'extra'), '')
    const r = await run(['doctor', '--quarantine', '-m', s.manifest], env, { cwd: s.ws })
    const use = diskUse(path.join(s.env.SWR_STATE_DIR, 'quarantine'))
    peak = { bytes: Math.max(peak.bytes, use.bytes), files: Math.max(peak.files, use.files) }
    // The cap, plus the copy just made (which always stays): ~1,002 files, well under 1 MiB.
    if (r.code !== 0)
      failures.push(`round ${round}: doctor exit ${r.code}: ${r.stderr.slice(0, 200)}`)
    else if (use.files > 2500 + 1100 || use.bytes > 2 * 1024 * 1024)
      failures.push(`round ${round}: ${use.files} files, ${use.bytes} bytes on disk`)
  }
  record('quarantine on disk under a 1 MiB / 2,500-file cap', rounds, failures, [
    `peak ${peak.files} files, ${(peak.bytes / 1024).toFixed(0)} KiB on disk after ${rounds} quarantined copies of 1,001 empty files`
  ])
}

// ---------------------------------------------------------------------------------------------
// Load: concurrent editors and doctors on one manifest keep every edit.

async function load() {
  const rounds = QUICK ? 1 : 5
  const n = 8
  const failures = []
  for (let round = 0; round < rounds; round++) {
    const s = await sandbox('load')
    await keyed(s)
    fs.writeFileSync(path.join(s.ws, 'seed'), 'seed\n')
    await run(['add', '-m', s.manifest, path.join(s.ws, 'seed')], s.env)
    for (let i = 0; i < n; i++) fs.writeFileSync(path.join(s.ws, `f${i}`), `${i}\n`)
    const rs = await Promise.all(
      Array.from({ length: n }, (_, i) =>
        run(['add', '-m', s.manifest, path.join(s.ws, `f${i}`)], s.env)
      )
    )
    const ids = JSON.parse(fs.readFileSync(s.manifest, 'utf8')).body.entries.map(e => e.id)
    const bad = rs.filter(r => r.code !== 0)
    if (bad.length || ids.length !== n + 1)
      failures.push(
        `round ${round}: ${bad.length} adds failed, ${ids.length - 1} of ${n} entries kept`
      )
    const docs = await Promise.all(
      Array.from({ length: n }, () => run(['doctor', '-m', s.manifest], s.env))
    )
    if (docs.some(r => r.code !== 0)) failures.push(`round ${round}: a concurrent doctor failed`)
  }
  record('load: 8 concurrent adds and 8 concurrent doctors', rounds, failures, [
    `${rounds * n} concurrent adds, ${rounds * n} concurrent doctors`
  ])
}

/**
 * Seal files of a sealed manifest entry damaged every way a crash, a disk fault or an older
 * version's partial write leaves them (cut at many lengths, random bytes, empty, a byte flipped at
 * many offsets, another key's seal, a directory, a link), with the sealed path deleted: `check`
 * must never call that healthy; a sample is then mended by `doctor` (quarantined, sealed again).
 */
async function damagedSeals() {
  const s = await sandbox('seals')
  await keyed(s)
  fs.writeFileSync(path.join(s.ws, 'lock.txt'), 'a@1\n')
  const recipe =
    'rm -rf deps && mkdir -p deps/bin && cp lock.txt deps/lock && printf "#!/bin/sh\\necho ok\\n" > deps/bin/tool && chmod 755 deps/bin/tool'
  const steps = [
    ['add', '-m', s.manifest, 'deps', '--sealed', 'deps-{hash:lock.txt}', '--restore', recipe],
    ['sign', '-m', s.manifest],
    ['doctor', '-m', s.manifest, '--require', 'hmac']
  ]
  for (const argv of steps) {
    const r = await run(argv, s.env, { cwd: s.ws })
    if (r.code !== 0) throw new Error(`${argv[0]} failed: ${r.stderr}`)
  }
  const dir = path.join(s.env.SWR_STATE_DIR, 'seals')
  const [name] = fs.readdirSync(dir)
  const file = path.join(dir, name)
  const good = fs.readFileSync(file)
  // Another key's seal of the same entry.
  fs.writeFileSync(path.join(s.ws, 'lock.txt'), 'a@2\n')
  await run(['doctor', '-m', s.manifest, '--require', 'hmac'], s.env, { cwd: s.ws })
  const other = fs.readFileSync(
    path.join(
      dir,
      fs.readdirSync(dir).find(n => n !== name)
    )
  )
  fs.writeFileSync(path.join(s.ws, 'lock.txt'), 'a@1\n')
  const n = QUICK ? 6 : 40
  const forms = [
    ['empty', () => fs.writeFileSync(file, '')],
    ["another key's seal", () => fs.writeFileSync(file, other)],
    [
      'a directory',
      () => {
        fs.rmSync(file, { recursive: true, force: true })
        fs.mkdirSync(file)
      }
    ],
    [
      'a link to a good seal',
      () => {
        const target = path.join(s.home, 'good-seal.json')
        fs.writeFileSync(target, good)
        fs.rmSync(file, { recursive: true, force: true })
        fs.symlinkSync(target, file)
      }
    ]
  ]
  for (let i = 0; i < n; i++) {
    const cut = Math.floor((good.length * (i + 0.5)) / n)
    forms.push([`cut to ${cut} bytes`, () => fs.writeFileSync(file, good.subarray(0, cut))])
    forms.push([
      `byte ${cut} flipped`,
      () => {
        const b = Buffer.from(good)
        b[cut] ^= 1 << (i % 8)
        fs.writeFileSync(file, b)
      }
    ])
    forms.push([
      `${cut + 1} random bytes`,
      () =>
        fs.writeFileSync(
          file,
          Buffer.from(Array.from({ length: cut + 1 }, () => (Math.random() * 256) | 0))
        )
    ])
  }
  const failures = []
  let mended = 0
  for (const [i, [what, damage]] of forms.entries()) {
    fs.rmSync(file, { recursive: true, force: true })
    fs.writeFileSync(file, good)
    damage()
    fs.rmSync(path.join(s.ws, 'deps'), { recursive: true, force: true })
    const c = await run(['check', '-m', s.manifest, '--json'], s.env, { cwd: s.ws })
    let verdict
    try {
      verdict = JSON.parse(c.stdout).verdict
    } catch {
      verdict = undefined
    }
    if (c.code !== 1 || verdict !== 'damaged' || STACK.test(c.stderr)) {
      failures.push(`${what}: check exit ${c.code}, verdict ${verdict}: ${c.stderr.slice(0, 200)}`)
      continue
    }
    if (i % 5 !== 0) continue
    const d = await run(['doctor', '-m', s.manifest, '--require', 'hmac'], s.env, { cwd: s.ws })
    const after = await run(['check', '-m', s.manifest], s.env, { cwd: s.ws })
    // A flip that keeps the seal well-formed but breaks its signature is left for its owner.
    if (d.code === 0 && after.code === 0) mended++
    else if (!/refused/.test(d.stdout + d.stderr))
      failures.push(`${what}: doctor exit ${d.code}, then check exit ${after.code}`)
  }
  record('damaged seal files of a sealed entry, its path deleted', forms.length, failures, [
    `${mended} mended by doctor (quarantined and sealed again)`
  ])
}

// ---------------------------------------------------------------------------------------------
// Broken downloads and a failing cache service: each doctor must end in bounded time, heal by the
// next source (or by the cache when one more try gets through), print no stack, and leave no
// staged copy. A loopback service answers every lookup with its one archive and serves it with
// the fault of the round.

/** A stand-in for the Actions cache service: every lookup finds `archive`, served with `fault`. */
async function faultyService(archive) {
  const state = { fault: 'none', lookups: 0 }
  const server = http.createServer((req, res) => {
    if (req.url?.includes('GetCacheEntryDownloadURL')) {
      state.lookups++
      req.resume()
      if (state.fault === 'lookup-hang') return
      if (
        state.fault === 'lookup-500' ||
        (state.fault === 'lookup-503-once' && state.lookups === 1)
      ) {
        res.writeHead(state.fault === 'lookup-500' ? 500 : 503).end('{}')
        return
      }
      let body = ''
      req.on('data', c => (body += c))
      req.on('end', () => {
        const { key } = JSON.parse(body)
        const url = `http://127.0.0.1:${server.address().port}/blob`
        res.writeHead(200, { 'Content-Type': 'application/json' })
        res.end(JSON.stringify({ ok: true, signed_download_url: url, matched_key: key }))
      })
      return
    }
    res.writeHead(200, { 'Content-Length': String(archive.length) })
    const cut = { reset: 0.5, short: 0.5, stall: 0.25 }[state.fault]
    if (cut === undefined) return res.end(archive)
    res.write(archive.subarray(0, Math.floor(archive.length * cut)))
    if (state.fault === 'reset') setTimeout(() => req.socket.destroy(), 50)
    if (state.fault === 'short') setTimeout(() => req.socket.end(), 50)
  })
  await new Promise(r => server.listen(0, '127.0.0.1', r))
  return { state, server, url: `http://127.0.0.1:${server.address().port}/` }
}

async function downloads() {
  const s = await sandbox('downloads')
  await keyed(s)
  const data = Buffer.alloc(256 * 1024)
  for (let i = 0; i < data.length; i++) data[i] = (i * 2654435761) >>> 24
  fs.mkdirSync(path.join(s.ws, 'models'))
  fs.writeFileSync(path.join(s.ws, 'models', 'm.bin'), data)
  fs.writeFileSync(path.join(s.home, 'm.bin'), data)
  const recipe = 'cp "$HOME/m.bin" models/m.bin'
  for (const argv of [
    ['add', '-m', s.manifest, 'models/m.bin', '--id', 'm', '--restore', recipe],
    ['sign', '-m', s.manifest]
  ]) {
    const r = await run(argv, s.env, { cwd: s.ws })
    if (r.code !== 0) throw new Error(`${argv[0]} failed: ${r.stderr}`)
  }
  const tar = spawnSync('tar', ['-C', s.ws, '-cf', '-', 'models/m.bin'], { maxBuffer: 1 << 26 })
  const archive = spawnSync('zstd', ['-q', '-c'], { input: tar.stdout, maxBuffer: 1 << 26 }).stdout
  const svc = await faultyService(archive)
  const env = {
    ...s.env,
    ACTIONS_RESULTS_URL: svc.url,
    ACTIONS_RUNTIME_TOKEN: 'faults-token',
    ACTIONS_CACHE_SERVICE_V2: '1',
    GITHUB_WORKSPACE: s.ws,
    SWR_DOWNLOAD_STALL_TIMEOUT: '2'
  }
  const faults = ['none', 'reset', 'short', 'stall', 'lookup-503-once', 'lookup-500']
  if (!QUICK) faults.push('lookup-hang')
  const failures = []
  for (const fault of faults) {
    svc.state.fault = fault
    svc.state.lookups = 0
    fs.rmSync(path.join(s.ws, 'models', 'm.bin'), { force: true })
    const bound = fault === 'lookup-hang' ? 120_000 : 60_000
    // A doctor that hangs on the download is killed at twice its bound and counted as failed.
    const p = swr(['doctor', '-m', s.manifest, '--require', 'hmac', '--no-cache'], env, {
      cwd: s.ws
    })
    const killer = setTimeout(() => p.child.kill('SIGKILL'), 2 * bound)
    const r = await p.done
    clearTimeout(killer)
    const left = fs.readdirSync(path.join(s.ws, 'models')).filter(n => n.startsWith('.swr-'))
    const healed =
      fs.existsSync(path.join(s.ws, 'models', 'm.bin')) &&
      fs.readFileSync(path.join(s.ws, 'models', 'm.bin')).equals(data)
    if (r.code !== 0 || !healed)
      failures.push(`${fault}: exit ${r.code}, healed ${healed}: ${oneLine(r.stderr)}`)
    else if (r.ms > bound) failures.push(`${fault}: took ${r.ms} ms (bound ${bound} ms)`)
    else if (STACK.test(r.stderr)) failures.push(`${fault}: a stack trace: ${oneLine(r.stderr)}`)
    else if (left.length > 0) failures.push(`${fault}: left ${left.join(', ')}`)
  }
  svc.server.closeAllConnections()
  svc.server.close()
  record('downloads', faults.length, failures)
}

const CLASSES = {
  malformed,
  names: oddNames,
  enospc,
  stall: stalledHolder,
  takeover,
  orphan: orphanedRecipe,
  two: twoManifests,
  escaped,
  wipe: stateRemoved,
  leftovers,
  quarantine: quarantineOnDisk,
  seals: damagedSeals,
  downloads,
  load
}

if (!fs.existsSync(BIN)) {
  process.stderr.write(`${BIN} is missing: run "npm run bundle" first\n`)
  process.exit(2)
}
const started = Date.now()
for (const [name, fn] of Object.entries(CLASSES)) {
  if (ONLY && !ONLY.has(name)) continue
  try {
    await fn()
  } catch (err) {
    record(name, 0, [`the suite itself failed: ${err?.stack ?? err}`])
  }
}
for (const d of made) {
  spawnSync('chmod', ['-R', 'u+rwx', d])
  fs.rmSync(d, { recursive: true, force: true })
}
const tried = results.reduce((s, r) => s + r.tried, 0)
const failed = results.reduce((s, r) => s + r.failed, 0)
if (JSON_OUT) process.stdout.write(JSON.stringify({ tried, failed, results }, null, 2) + '\n')
else
  log(
    `\n${tried} faults tried, ${failed} failed, in ${((Date.now() - started) / 1000).toFixed(0)} s`
  )
process.exitCode = failed ? 1 : 0
