#!/usr/bin/env node
/**
 * The bench's JavaScript floor for a content check: the least a Node program can do to walk a tree
 * and SHA-256 every regular file's bytes, with nothing of swr in it (no digest lines, no cache, no
 * records, no manifest). It splits the gap between swr and the C floor (bench/floor.c) in two: what
 * the runtime costs (this program against the C floor) and what swr adds (swr against this).
 *
 * The main thread lists the upper levels until there are enough units to share (a unit is a file
 * to hash or a directory to walk whole), then it and one worker thread per other core claim units
 * from a shared counter, largest files first: each thread walks with readdirSync(withFileTypes),
 * opens each regular file (by its d_type) with O_NOFOLLOW and takes its state from one
 * fstat({ bigint: true }) of the descriptor (swr needs ns times for its cache) instead of an lstat
 * then an open, lstats only what d_type leaves unknown, reads into one reused 1 MiB buffer and
 * hashes with node:crypto (one-shot below a MiB). This was the fastest plain-Node walk-and-hash
 * found: 1.36x the C floor on nm with Node 24 (docs/speed.md). Prints the number of files and
 * bytes hashed and an order-independent fold of the digests, as the C floor does.
 *
 *   node bench/js-floor.mjs DIR [THREADS]
 */
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads'

const FLAGS = fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW | (fs.constants.O_NONBLOCK ?? 0)
const MIB = 1 << 20
/** Units to share before the threads start: enough that none waits on one big subtree. */
const UNITS = 256

const buf = Buffer.allocUnsafe(MIB)
const tally = { files: 0, bytes: 0, fold: 0n }

/** Hash the regular file at `abs`; `size` when known, else from the descriptor's fstat. */
function hashFile(abs, known) {
  const fd = fs.openSync(abs, FLAGS)
  try {
    const size = known ?? Number(fs.fstatSync(fd, { bigint: true }).size)
    let digest
    if (size < MIB) {
      const n = fs.readSync(fd, buf, 0, size + 1, 0)
      digest = crypto.hash('sha256', buf.subarray(0, n), 'buffer')
    } else {
      const h = crypto.createHash('sha256')
      for (let n; (n = fs.readSync(fd, buf, 0, MIB, null)) > 0;) h.update(buf.subarray(0, n))
      digest = h.digest()
    }
    tally.files++
    tally.bytes += size
    tally.fold = (tally.fold + digest.readBigUInt64LE(0)) & 0xffffffffffffffffn
  } finally {
    fs.closeSync(fd)
  }
}

function walk(dir) {
  for (const d of fs.readdirSync(dir, { withFileTypes: true })) {
    const abs = `${dir}/${d.name}`
    if (d.isFile()) hashFile(abs)
    else if (d.isDirectory()) walk(abs)
    else if (!d.isSymbolicLink()) {
      // d_type unknown (some file systems): the lstat says what it is.
      const st = fs.lstatSync(abs, { bigint: true })
      if (st.isDirectory()) walk(abs)
      else if (st.isFile()) hashFile(abs)
    }
  }
}

function runUnit(u) {
  if (u.dir) walk(u.abs)
  else hashFile(u.abs, u.size)
}

function claim(units, counter) {
  const next = new Int32Array(counter)
  for (let i; (i = Atomics.add(next, 0, 1)) < units.length;) runUnit(units[i])
  return { files: tally.files, bytes: tally.bytes, fold: tally.fold }
}

/** Units in the upper levels: directories are expanded breadth-first while there are few. */
function listUnits(root) {
  const units = []
  let dirs = [root]
  while (dirs.length > 0 && units.length + dirs.length < UNITS) {
    const below = []
    for (const dir of dirs)
      for (const d of fs.readdirSync(dir, { withFileTypes: true })) {
        const abs = `${dir}/${d.name}`
        const st = fs.lstatSync(abs)
        if (st.isDirectory()) below.push(abs)
        else if (st.isFile()) units.push({ abs, dir: false, size: st.size })
      }
    dirs = below
  }
  units.sort((a, b) => b.size - a.size)
  return [...units, ...dirs.map(abs => ({ abs, dir: true, size: 0 }))]
}

if (isMainThread) {
  const root = path.resolve(process.argv[2] ?? '.')
  const threads = Math.max(1, Number(process.argv[3]) || os.availableParallelism())
  const units = listUnits(root)
  const counter = new SharedArrayBuffer(4)
  const others = Array.from(
    { length: threads - 1 },
    () =>
      new Promise((resolve, reject) => {
        const w = new Worker(new URL(import.meta.url), { workerData: { units, counter } })
        w.once('message', resolve)
        w.once('error', reject)
      })
  )
  const all = [claim(units, counter), ...(await Promise.all(others))]
  const sum = all.reduce((a, b) => ({
    files: a.files + b.files,
    bytes: a.bytes + b.bytes,
    fold: (a.fold + b.fold) & 0xffffffffffffffffn
  }))
  console.log(
    `${sum.files} files, ${sum.bytes} bytes, fold ${sum.fold.toString(16)}, ${threads} threads`
  )
} else {
  parentPort.postMessage(claim(workerData.units, workerData.counter))
}
