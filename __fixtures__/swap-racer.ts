/**
 * A racer for hostile-filesystem tests: a child process that swaps the directory at `dir` for a
 * symbolic link to `decoy` (elsewhere) and back, again and again, while the code under test runs.
 * The real directory and the link are parked at `park`-real and `park`-link between swaps.
 */
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import { pause } from './repair.js'

export interface SwapRacer {
  /** Stop the racer and wait until it is stopped. */
  stop: () => Promise<void>
  /** Let it go on. */
  go: () => void
  /** While stopped: the real directory back at `dir` (the link parked). */
  putBack: () => void
  kill: () => void
}

/**
 * `napMs`: the link is held up to `napMs` at a time and the real directory up to 7 times as long,
 * so that some runs see the real directory and some meet the link; 0 swaps as fast as renames go.
 */
export function swapRacer(dir: string, decoy: string, park: string, napMs: number): SwapRacer {
  const real = `${park}-real`
  const link = `${park}-link`
  fs.symlinkSync(decoy, link)
  const racer = spawn(
    process.execPath,
    [
      '-e',
      `const fs = require('fs'); const [d, real, link, napMs] = process.argv.slice(1)
       const step = (a, b) => { try { fs.renameSync(a, b) } catch {} }
       const cell = new Int32Array(new SharedArrayBuffer(4))
       const nap = ms => ms > 0 && Atomics.wait(cell, 0, 0, ms)
       for (const end = Date.now() + 120000; Date.now() < end; ) {
         step(d, real); step(link, d); nap(Math.random() * napMs)
         step(d, link); step(real, d); nap(Math.random() * napMs * 7)
       }`,
      dir,
      real,
      link,
      String(napMs)
    ],
    { stdio: 'ignore' }
  )
  return {
    stop: () => pause(racer.pid as number),
    go: () => void racer.kill('SIGCONT'),
    putBack: () => {
      if (fs.lstatSync(dir, { throwIfNoEntry: false })?.isSymbolicLink()) fs.renameSync(dir, link)
      if (!fs.existsSync(dir)) fs.renameSync(real, dir)
    },
    kill: () => void racer.kill('SIGKILL')
  }
}
