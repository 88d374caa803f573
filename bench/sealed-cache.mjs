/**
 * The `sealed` workload: the swr cache action against @actions/cache alone, on the nm tree, through
 * the same loopback cache service (bench/cache-helper.mjs serve).
 *
 *   restore  `node dist/cache/restore.js` (the cache/restore step: download the archive, extract it
 *            into scratch checking every member against the seal's index and hashing every byte,
 *            then place) into a fresh workspace, against `restoreCache` (tar -x of the same tree)
 *   save     `node dist/cache/save.js` (the cache/save step: capture the per-file index with every
 *            file hashed, sign it, then `saveCache` with the seal first) under a new key, against
 *            `saveCache` of the same paths under a new key
 *
 * Both sides are child processes started the same way, with the runner's environment (INPUT_*,
 * GITHUB_WORKSPACE, RUNNER_TEMP, GITHUB_OUTPUT, GITHUB_STATE, GITHUB_STEP_SUMMARY); the anchors run
 * the client in bench/cache-helper.mjs. Every round runs all four once, in alternating order; each
 * ratio is the median of the per-round ratios. Clean-up between runs (fresh directories, `sync` of
 * the previous run's writes) is not timed.
 */
import { spawn, spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

const KEY_SAVED = 'bench-sealed-nm'
const ANCHOR_SAVED = 'bench-sealed-nm-anchor'
/** A fixed HMAC key: the restore requires a signed seal (require-seal: signed), as a repository with a secret does. */
const HMAC = 'b3'.repeat(32)

/**
 * The action's bundle (dist/index.js, its chunks and workers, dist/cache/ starters) copied once,
 * so a rebuild during the run cannot change it. Returns the starter paths.
 */
export function snapshotAction(root, into) {
  const dist = path.join(root, 'dist')
  fs.rmSync(into, { recursive: true, force: true })
  fs.mkdirSync(path.join(into, 'cache'), { recursive: true })
  for (const [from, to] of [
    [dist, into],
    [path.join(dist, 'cache'), path.join(into, 'cache')]
  ])
    for (const f of fs.readdirSync(from))
      if (fs.statSync(path.join(from, f)).isFile())
        fs.copyFileSync(path.join(from, f), path.join(to, f))
  return {
    restore: path.join(into, 'cache', 'restore.js'),
    save: path.join(into, 'cache', 'save.js')
  }
}

/**
 * The Node both sides run on: the Action's runtime, Node 24, when scripts/ensure-node24.mjs fetched
 * it (it decodes zstd in-process, as on a runner), else this Node.
 */
export function stepNode(root) {
  const bin = path.join(
    root,
    '.cache',
    'node24',
    'node_modules',
    `node-${process.platform}-${process.arch}`,
    'bin',
    'node'
  )
  const r = fs.existsSync(bin) ? spawnSync(bin, ['--version'], { encoding: 'utf8' }) : undefined
  return r?.status === 0
    ? { bin, version: r.stdout.trim() }
    : { bin: process.execPath, version: process.version }
}

/** A GITHUB_OUTPUT file's values (`name<<DELIMITER` blocks and `name=value` lines). */
export function outputs(file) {
  const out = {}
  const text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : ''
  for (const m of text.matchAll(/^([\w-]+)<<(\S+)\n([\s\S]*?)\n\2$/gm)) out[m[1]] = m[3]
  for (const m of text.matchAll(/^([\w-]+)=(.*)$/gm)) out[m[1]] ??= m[2]
  return out
}

/** The runner's environment for one step of `action` (its INPUT_* with their defaults). */
export function stepEnv(base, dir, inputs) {
  const files = {
    GITHUB_OUTPUT: path.join(dir, 'output'),
    GITHUB_STATE: path.join(dir, 'state'),
    GITHUB_STEP_SUMMARY: path.join(dir, 'summary')
  }
  for (const f of Object.values(files)) fs.writeFileSync(f, '')
  const env = { ...base, ...files }
  for (const [k, v] of Object.entries(inputs)) env[`INPUT_${k.toUpperCase()}`] = v
  return env
}

/** The restore step's inputs (beside `path` and `key`), as the benches run it. */
export const RESTORE_INPUTS = {
  'restore-keys': '',
  'lookup-only': 'false',
  // A miss or a refusal fails the step, so the bench sees it as an error, not a fast run.
  'fail-on-cache-miss': 'true',
  'require-seal': '',
  'trusted-signers': '',
  'hmac-key': HMAC
}
/** The save step's inputs (beside `path` and `key`). */
export const SAVE_INPUTS = { 'hmac-key': HMAC, 'signing-key': '' }

/** The newest stored blob of the loopback service and its size. */
function newestBlob(base) {
  const dir = path.join(base, 'blobs')
  const files = fs.readdirSync(dir).map(f => ({ f, st: fs.statSync(path.join(dir, f)) }))
  files.sort((a, b) => b.st.mtimeMs - a.st.mtimeMs)
  return files[0]?.st.size
}

/**
 * @param ctx helpers from run.mjs: { ROOT, WORK, RUNS, q, run, log, stat, median, ratioOf,
 *   printTable, reportFailure, failures, fmtMs, fmtBytes, ensureWorkload, startCacheService,
 *   BenchError, nmWorkspace, helper }
 */
export function benchSealed(ctx, tools) {
  const { q, run, log, fmtMs, fmtBytes } = ctx
  log('\n== sealed ==')
  const gen = ctx.ensureWorkload('sealed')
  const out = {
    workload: 'sealed',
    dir: path.relative(ctx.ROOT, path.join(ctx.nmWorkspace, 'node_modules')),
    load_at_start: os.loadavg()[0],
    generation: gen,
    rows: []
  }
  if (!tools.swr) return out
  const HOME = path.join(ctx.WORK, 'sealed')
  const trash = path.join(HOME, 'trash')
  if (fs.existsSync(HOME)) {
    const old = path.join(ctx.WORK, `sealed-old-${Date.now()}`)
    fs.renameSync(HOME, old)
    fs.mkdirSync(trash, { recursive: true })
    fs.renameSync(old, path.join(trash, 'previous'))
  }
  fs.mkdirSync(trash, { recursive: true })
  const node = stepNode(ctx.ROOT)
  const action = snapshotAction(ctx.ROOT, path.join(ctx.WORK, 'node_modules', 'swr-action'))
  const service = ctx.startCacheService(HOME)
  try {
    // One RUNNER_TEMP for every step, a sibling of every workspace (the nm workspace and the
    // restores' fresh ones): the seal's absolute spelling is part of the cache version and its
    // name in the archive is relative to the workspace, as on the runners of one image.
    const runnerTemp = path.join(ctx.WORK, 'sealed-tmp')
    fs.rmSync(runnerTemp, { recursive: true, force: true })
    fs.mkdirSync(runnerTemp)
    const base = {
      ...process.env,
      ...service.env,
      GITHUB_ACTIONS: 'true',
      RUNNER_TEMP: runnerTemp,
      NO_COLOR: '1'
    }
    let n = 0
    const fresh = (name, where = HOME) => {
      const d = path.join(where, name)
      if (fs.existsSync(d)) fs.renameSync(d, path.join(trash, `${name}-${n++}`))
      fs.mkdirSync(d)
      return d
    }
    const nm = ctx.nmWorkspace
    const helper = (op, key) => `${q(node.bin)} ${q(ctx.helper)} ${op} ${q(key)} node_modules`
    const swrStep = (script, ws, key, inputs) => {
      const dir = fresh(`step-${path.basename(script, '.js')}`)
      return {
        cmd: `${q(node.bin)} ${q(script)}`,
        opts: {
          cwd: ws,
          env: stepEnv({ ...base, GITHUB_WORKSPACE: ws }, dir, {
            path: 'node_modules',
            key,
            ...inputs
          })
        },
        output: path.join(dir, 'output')
      }
    }
    const anchorOpts = ws => ({ cwd: ws, env: { ...base, GITHUB_WORKSPACE: ws } })
    const setup = (what, cmd, opts, judge) => {
      const r = run(cmd, opts)
      const bad = judge(r)
      if (bad) {
        ctx.reportFailure(what, cmd, r, bad)
        throw new ctx.BenchError(`sealed: ${what} failed (${bad})`)
      }
      return r
    }
    // What each side restores, saved once beforehand: the sealed archive by the save step, the
    // plain one by saveCache, both from the nm workspace.
    const sealedSave = () => {
      let s
      return {
        prep: key => (s = swrStep(action.save, nm, key, SAVE_INPUTS)),
        get cmd() {
          return s.cmd
        },
        get opts() {
          return s.opts
        },
        judge: r =>
          r.status !== 0
            ? `exit code ${r.status}`
            : /swr cache: sealed \d+ files/.test(r.stdout)
              ? phases(r.stdout)
              : `no "sealed ... and saved" line: ${firstWarning(r.stdout)}`
      }
    }
    const once = sealedSave()
    once.prep(KEY_SAVED)
    let r = setup('swr cache/save (seeding)', once.cmd, once.opts, once.judge)
    const sealedSize = newestBlob(service.base)
    log(`  nm sealed and saved in ${fmtMs(r.ms)} ms (${fmtBytes(sealedSize)} archive)`)
    r = setup('saveCache (seeding)', helper('save', ANCHOR_SAVED), anchorOpts(nm), ctx.nativeOk)
    const plainSize = newestBlob(service.base)
    log(`  nm saved by saveCache in ${fmtMs(r.ms)} ms (${fmtBytes(plainSize)} archive)`)
    out.archives = { sealed_bytes: sealedSize, plain_bytes: plainSize }

    let round = 0
    const specs = [
      {
        label: 'restoreCache',
        prep() {
          const ws = fresh('sealed-ws-a', ctx.WORK)
          this.cmd = helper('restore', ANCHOR_SAVED)
          this.opts = anchorOpts(ws)
        },
        judge: ctx.nativeOk
      },
      {
        label: 'swr cache/restore',
        prep() {
          const ws = fresh('sealed-ws-b', ctx.WORK)
          const s = swrStep(action.restore, ws, KEY_SAVED, RESTORE_INPUTS)
          Object.assign(this, s)
        },
        judge(res) {
          if (res.status !== 0) return `exit code ${res.status}: ${firstWarning(res.stdout)}`
          const o = outputs(this.output)
          return o['cache-hit'] === 'true'
            ? null
            : `cache-hit ${o['cache-hit'] ?? 'unset'}: ${firstWarning(res.stdout)}`
        }
      },
      {
        label: 'saveCache',
        prep() {
          this.cmd = helper('save', `bench-sealed-anchor-${round}`)
          this.opts = anchorOpts(nm)
        },
        judge: ctx.nativeOk
      },
      {
        label: 'swr cache/save',
        inner: sealedSave(),
        prep() {
          this.inner.prep(`bench-sealed-save-${round}`)
          this.cmd = this.inner.cmd
          this.opts = this.inner.opts
        },
        judge(res) {
          return this.inner.judge(res)
        }
      }
    ]
    const measured = interleave(ctx, specs, '', 'sealed', r => (round = r))
    if (!measured) return out
    const [ra, rb, sa, sb] = measured
    process.stdout.write('    ')
    log([ra, rb, sa, sb].map(m => `${fmtMs(m.median)} ms`).join(' / '))
    out.measured = { restore_anchor: ra, restore: rb, save_anchor: sa, save: sb }
    const row = (what, m, anchor, anchorName, target) => {
      const ratio = ctx.ratioOf(m, anchor)
      return {
        what,
        ...ctx.stat(m),
        vs: `${anchorName} (per-round, interleaved)`,
        ratio,
        target: `≤${target.toFixed(2)}x`,
        verdict: ratio <= target ? 'PASS' : 'FAIL'
      }
    }
    out.rows = [
      { what: '(a) @actions/cache restoreCache alone', ...ctx.stat(ra) },
      row(
        '(b) swr cache/restore: download, extract + verify every byte, place',
        rb,
        ra,
        '(a)',
        1.0
      ),
      { what: '(c) @actions/cache saveCache alone', ...ctx.stat(sa) },
      // The speed issue's decision (the seal stays inside the one archive): ≤1.25x saveCache.
      row(
        '(d) swr cache/save: each file read once (hashed, archived), sign, save',
        sb,
        sa,
        '(c)',
        1.25
      )
    ]
    const s3 = benchS3(ctx, { fresh, swrStep, action, nm, node, row })
    if (s3) {
      out.rows.push(...s3.rows)
      out.measured_s3 = s3.measured
    }
  } finally {
    service.stop()
  }
  for (const d of ['sealed-ws-a', 'sealed-ws-b', 'sealed-tmp'])
    if (fs.existsSync(path.join(ctx.WORK, d)))
      fs.renameSync(path.join(ctx.WORK, d), path.join(trash, d))
  ctx.printTable('sealed', gen.stats, out.rows)
  log(
    `  anchor: @actions/cache ${ctx.cacheVersion} restoreCache / saveCache of the same node_modules in a child process (bench/cache-helper.mjs),` +
      `\n          same loopback service, both on node ${node.version}; archives ${fmtBytes(out.archives.sealed_bytes)} sealed, ${fmtBytes(out.archives.plain_bytes)} plain`
  )
  // The figures are out: a trash that cannot be emptied (another run's files) is a note, no failure.
  try {
    fs.rmSync(trash, { recursive: true, force: true, maxRetries: 3 })
  } catch (err) {
    log(`  note: ${path.relative(ctx.ROOT, trash)} not emptied (${err.code ?? err.message})`)
  }
  return out
}

/** s3rver on loopback in its own process (bench/s3-helper.mjs serve), or undefined without it. */
function startS3(dir) {
  const helper = path.join(path.dirname(fileURLToPath(import.meta.url)), 's3-helper.mjs')
  const envFile = path.join(dir, 's3-env.json')
  fs.rmSync(envFile, { force: true })
  const child = spawn(process.execPath, [helper, 'serve', envFile], {
    stdio: ['ignore', 'ignore', 'inherit']
  })
  for (let i = 0; i < 300 && !fs.existsSync(envFile); i++)
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 100)
  if (!fs.existsSync(envFile)) {
    child.kill()
    return undefined
  }
  return { env: JSON.parse(fs.readFileSync(envFile, 'utf8')), helper, stop: () => child.kill() }
}

/**
 * The same tree through an S3-compatible bucket (s3rver on loopback): the cache/restore and
 * cache/save steps with `s3-bucket`, against the AWS SDK's GetObject into `zstd -d | tar -x` and
 * `tar -c | zstd` into the SDK's multipart Upload, interleaved round by round.
 */
function benchS3(ctx, { fresh, swrStep, action, nm, node, row }) {
  const { q, run, log } = ctx
  const home = fresh('s3')
  const server = startS3(home)
  if (!server) {
    log('  s3: s3rver did not start: the S3 rows are skipped')
    return undefined
  }
  try {
    const withS3 = st => ({ ...st, opts: { ...st.opts, env: { ...st.opts.env, ...server.env } } })
    const s3Inputs = { 's3-bucket': 'bench', 's3-prefix': '' }
    const helper = (op, key, dir) => `${q(node.bin)} ${q(server.helper)} ${op} ${q(key)} ${q(dir)}`
    const anchorEnv = { ...process.env, ...server.env }
    const saved = withS3(swrStep(action.save, nm, 'bench-s3-nm', { ...SAVE_INPUTS, ...s3Inputs }))
    let r = run(saved.cmd, saved.opts)
    if (r.status !== 0 || !/swr cache: sealed \d+ files/.test(r.stdout)) {
      ctx.failures.push(`sealed s3 seeding: ${firstWarning(r.stdout)}`)
      return undefined
    }
    r = run(helper('put', 'plain-nm.tar.zst', nm), { env: anchorEnv })
    if (r.status !== 0) {
      ctx.failures.push(`sealed s3 anchor seeding: exit ${r.status}`)
      return undefined
    }
    let round = 0
    const specs = [
      {
        label: 'GetObject | zstd -d | tar -x',
        prep() {
          const ws = fresh('s3-ws-a', ctx.WORK)
          this.cmd = helper('get', 'plain-nm.tar.zst', ws)
          this.opts = { env: anchorEnv }
        },
        judge: ctx.nativeOk
      },
      {
        label: 'swr cache/restore (s3)',
        prep() {
          const ws = fresh('s3-ws-b', ctx.WORK)
          Object.assign(
            this,
            withS3(swrStep(action.restore, ws, 'bench-s3-nm', { ...RESTORE_INPUTS, ...s3Inputs }))
          )
        },
        judge(res) {
          if (res.status !== 0) return `exit code ${res.status}: ${firstWarning(res.stdout)}`
          return outputs(this.output)['cache-hit'] === 'true' ? null : firstWarning(res.stdout)
        }
      },
      {
        label: 'tar -c | zstd | Upload',
        prep() {
          this.cmd = helper('put', `plain-${round}.tar.zst`, nm)
          this.opts = { env: anchorEnv }
        },
        judge: ctx.nativeOk
      },
      {
        label: 'swr cache/save (s3)',
        prep() {
          Object.assign(
            this,
            withS3(
              swrStep(action.save, nm, `bench-s3-save-${round}`, { ...SAVE_INPUTS, ...s3Inputs })
            )
          )
        },
        judge: res =>
          res.status === 0 && /swr cache: sealed \d+ files/.test(res.stdout)
            ? phases(res.stdout)
            : `not saved: ${firstWarning(res.stdout)}`
      }
    ]
    const measured = interleave(ctx, specs, 's3: ', 'sealed s3', r => (round = r))
    if (!measured) return undefined
    const [ea, eb, ga, gb] = measured
    return {
      measured: { restore_anchor: ea, restore: eb, save_anchor: ga, save: gb },
      rows: [
        { what: '(e) AWS SDK GetObject | zstd -d | tar -x (loopback S3)', ...ctx.stat(ea) },
        row('(f) swr cache/restore from S3: verify every byte, place', eb, ea, '(e)', 1.0),
        { what: '(g) tar -c | zstd -T0 | AWS SDK multipart Upload', ...ctx.stat(ga) },
        row('(h) swr cache/save to S3: seal, sign, archive, upload', gb, ga, '(g)', 1.25)
      ]
    }
  } finally {
    server.stop()
  }
}

/** The first warning or error line a step printed (a workflow command), for a failure message. */
/**
 * Run `specs` RUNS times after a warm-up, in alternating order each round (`setRound` tells the
 * specs' `prep` which round it is), each after a `sync` of the previous run's writes. Returns
 * each spec's median, min, max and samples, or undefined after the first failed run (reported).
 */
function interleave(ctx, specs, prefix, name, setRound) {
  const { run, log, fmtMs } = ctx
  process.stdout.write(`  ${prefix}${specs.map(x => x.label).join(' / ')} (interleaved) ... `)
  const samples = specs.map(() => [])
  for (let round = 0; round <= ctx.RUNS; round++) {
    setRound(round)
    const order = specs.map((_, k) => (round % 2 === 0 ? k : specs.length - 1 - k))
    for (const k of order) {
      const sp = specs[k]
      sp.prep()
      // The previous run's writes reach the disk before this one is timed.
      spawnSync('sync')
      const res = run(sp.cmd, sp.opts)
      const bad = sp.judge(res)
      if (bad) {
        log('FAILED')
        ctx.reportFailure(sp.label, sp.cmd, res, bad)
        ctx.failures.push(`${name} ${sp.label}: ${bad}`)
        return undefined
      }
      if (round > 0) samples[k].push(res.ms)
      process.stdout.write(`${round === 0 ? 'warm-up ' : ''}${sp.label} ${fmtMs(res.ms)} ms; `)
    }
  }
  process.stdout.write('\n')
  return specs.map((x, k) => ({
    label: x.label,
    median: ctx.median(samples[k]),
    min: Math.min(...samples[k]),
    max: Math.max(...samples[k]),
    samples: samples[k],
    interleaved: true
  }))
}

/** With BENCH_PHASES=1, where each save's time went, as its own line says (never a failure). */
function phases(stdout) {
  const m = /in (\d+) ms \(([^)]*)\)/.exec(stdout)
  if (process.env.BENCH_PHASES && m) process.stdout.write(`[${m[1]} ms: ${m[2]}] `)
  return null
}

function firstWarning(stdout) {
  const m = /^::(?:warning|error)[^:]*::(.*)$/m.exec(stdout)
  return m ? m[1].replace(/%0A/gi, ' ').slice(0, 300) : 'no warning printed'
}
