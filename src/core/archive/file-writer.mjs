// The file-writing thread of a cache extraction (see write-queue.ts). Plain JavaScript so the same
// file runs as a worker_threads script from src/ (tests) and beside every bundle. It only creates
// what the main thread already checked and proved: each file with O_CREAT|O_EXCL|O_NOFOLLOW inside
// the private scratch directory, each hard link's copy with COPYFILE_EXCL. The first failure stops
// it; everything after is dropped.
import fs from 'node:fs'
import { parentPort, workerData } from 'node:worker_threads'

const CREATE =
  fs.constants.O_WRONLY | fs.constants.O_CREAT | fs.constants.O_EXCL | fs.constants.O_NOFOLLOW

/**
 * Create `abs` (never over anything, never through a link) with `bytes`; the main thread calls
 * it too, for the small restores that are not worth a thread.
 * @param {string} abs
 * @param {Uint8Array} bytes
 * @param {number} mode
 * @param {boolean} fixMode
 */
export function createFile(abs, bytes, mode, fixMode) {
  const fd = fs.openSync(abs, CREATE, mode & 0o777)
  try {
    let off = 0
    while (off < bytes.length) off += fs.writeSync(fd, bytes, off, bytes.length - off)
    if (fixMode) fs.fchmodSync(fd, mode)
  } finally {
    fs.closeSync(fd)
  }
}

let failed = false

/**
 * One batch: `ops[i]` is [abs, mode, fixMode, size] for a file (its bytes next in `data`) or
 * [abs, from] for a copy.
 * @param {{ ops: ([string, number, boolean, number] | [string, string])[], data: ArrayBuffer }} batch
 */
function run(batch) {
  if (failed) return
  const data = new Uint8Array(batch.data)
  let at = 0
  for (let i = 0; i < batch.ops.length; i++) {
    const op = batch.ops[i]
    try {
      if (typeof op[1] === 'string') fs.copyFileSync(op[1], op[0], fs.constants.COPYFILE_EXCL)
      else {
        const size = /** @type {number} */ (op[3])
        createFile(op[0], data.subarray(at, at + size), op[1], /** @type {boolean} */ (op[2]))
        at += size
      }
    } catch (err) {
      failed = true
      const e = /** @type {NodeJS.ErrnoException} */ (err)
      parentPort?.postMessage({ failed: i, code: e.code ?? 'error', message: String(e.message) })
      return
    }
  }
  parentPort?.postMessage({ done: batch.ops.length })
}

if (workerData?.swrFileWriter) parentPort?.on('message', run)
