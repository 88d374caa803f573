#!/usr/bin/env node
/**
 * A/B bench: the committed CLI bundle of another commit against this tree's dist/cli, on the
 * workloads `npm run bench` generated, round by round under the same load.
 *
 *   npm run bench:ab -- REF            REF: a commit, tag or branch whose dist/cli to compare
 *   BENCH_RUNS=5 npm run bench:ab -- REF
 *
 * For each workload in bench/.work (nm, mixed, blobs, tiny) it times the same swr commands with
 * both bundles, alternating A and B in every round, and prints the medians and B/A. A row is
 * flagged when B is slower than A by more than the spread of A's own runs (noise) and 5%.
 */
import { execFileSync, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
/** The workloads `npm run bench` generated (BENCH_WORK: another checkout's bench/.work). */
const WORK = process.env.BENCH_WORK
  ? path.resolve(process.env.BENCH_WORK)
  : path.join(ROOT, 'bench', '.work')
const MODULES = path.join(WORK, 'node_modules')
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 5) || 5)

const WORKLOADS = {
  nm: path.join(WORK, 'nm'),
  mixed: path.join(WORK, 'mixed'),
  blobs: path.join(WORK, 'blobs'),
  tiny: path.join(WORK, 'tiny')
}
const COMMANDS = [
  ['check'],
  ['check', '--no-cache'],
  ['check', '--meta', '--no-cache'],
  ['check', '--deep', '--no-cache']
]

function fail(message) {
  process.stderr.write(`bench:ab: ${message}\n`)
  process.exit(1)
}

/** The dist/cli of `ref`, extracted from git into bench/.work (no checkout, no build). */
function bundleOf(ref) {
  const dir = path.join(MODULES, 'swr-ab-a')
  fs.rmSync(dir, { recursive: true, force: true })
  fs.mkdirSync(dir, { recursive: true })
  const tar = execFileSync('git', ['-C', ROOT, 'archive', ref, 'dist/cli'], {
    maxBuffer: 512 * 1024 * 1024
  })
  execFileSync('tar', ['-x', '-C', dir, '--strip-components=2'], { input: tar })
  return path.join(dir, 'index.js')
}

/** This tree's dist/cli, copied so a rebuild during the run cannot disturb it. */
function currentBundle() {
  const from = path.join(ROOT, 'dist', 'cli')
  const dir = path.join(MODULES, 'swr-ab-b')
  fs.rmSync(dir, { recursive: true, force: true })
  fs.cpSync(from, dir, { recursive: true })
  return path.join(dir, 'index.js')
}

function time(cli, args, ws, manifest, state) {
  const t0 = process.hrtime.bigint()
  const r = spawnSync(process.execPath, [cli, ...args, '-m', manifest], {
    cwd: ws,
    env: { ...process.env, SWR_STATE_DIR: state, NO_COLOR: '1' },
    stdio: ['ignore', 'ignore', 'pipe']
  })
  const ms = Number(process.hrtime.bigint() - t0) / 1e6
  if (r.status !== 0 && r.status !== 1)
    fail(
      `${path.basename(path.dirname(cli))} ${args.join(' ')}: exit ${r.status}: ${String(r.stderr).split('\n')[0]}`
    )
  return ms
}

const median = xs => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]

function main() {
  const ref = process.argv[2]
  if (!ref) fail('usage: npm run bench:ab -- REF (the commit whose dist/cli is A)')
  const a = bundleOf(ref)
  const b = currentBundle()
  const present = Object.entries(WORKLOADS).filter(([name]) =>
    fs.existsSync(path.join(WORK, 'manifests', `${name}.json`))
  )
  if (present.length === 0) fail('no workloads in bench/.work: run `npm run bench` first')
  console.log(`A = ${ref} (dist/cli), B = this tree (dist/cli); ${RUNS} rounds after a warm-up`)
  console.log('workload  command                                A ms     B ms    B/A   A spread')
  let slower = 0
  for (const [name, ws] of present) {
    const manifest = path.join(WORK, 'manifests', `${name}.json`)
    for (const args of COMMANDS) {
      const states = ['a', 'b'].map(s => path.join(WORK, `state-ab-${s}-${name}`))
      for (const s of states) fs.rmSync(s, { recursive: true, force: true })
      const runs = { a: [], b: [] }
      for (let i = 0; i <= RUNS; i++) {
        // Alternate which goes first, so neither always meets the warmer page cache.
        const order = i % 2 === 0 ? ['a', 'b'] : ['b', 'a']
        for (const k of order) {
          const ms = time(k === 'a' ? a : b, args, ws, manifest, states[k === 'a' ? 0 : 1])
          if (i > 0) runs[k].push(ms)
        }
      }
      const ma = median(runs.a)
      const mb = median(runs.b)
      const spread = (Math.max(...runs.a) - Math.min(...runs.a)) / ma
      const flag = mb / ma > 1 + Math.max(0.05, spread) ? '  SLOWER' : ''
      if (flag) slower++
      console.log(
        `${name.padEnd(9)} ${args.join(' ').padEnd(32)} ${ma.toFixed(0).padStart(8)} ${mb.toFixed(0).padStart(8)} ${(mb / ma).toFixed(2).padStart(6)}   ${(spread * 100).toFixed(0).padStart(3)}%${flag}`
      )
    }
  }
  console.log(slower ? `${slower} row(s) slower beyond noise` : 'no row slower beyond noise')
  return slower ? 1 : 0
}

process.exitCode = main()
