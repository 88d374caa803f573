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
 * One batch (write-queue.ts's Batch): op i is a file (its bytes next in `data`) or, with size -1,
 * a copy of the path that follows its own in `paths` (size -2: a hard link to it).
 * @param {{ paths: string[], nums: Int32Array, data: ArrayBuffer }} batch
 */
function run(batch) {
  if (failed) return
  const data = new Uint8Array(batch.data)
  const paths = batch.paths
  const nums = batch.nums
  let at = 0
  let p = 0
  const ops = nums.length / 3
  for (let i = 0; i < ops; i++) {
    const mode = nums[3 * i] ?? 0
    const size = nums[3 * i + 2] ?? 0
    try {
      const abs = paths[p++] ?? ''
      if (size === -2) fs.linkSync(paths[p++] ?? '', abs)
      else if (size < 0) fs.copyFileSync(paths[p++] ?? '', abs, fs.constants.COPYFILE_EXCL)
      else {
        createFile(abs, data.subarray(at, at + size), mode, nums[3 * i + 1] === 1)
        at += size
      }
    } catch (err) {
      failed = true
      const e = /** @type {NodeJS.ErrnoException} */ (err)
      parentPort?.postMessage({ failed: i, code: e.code ?? 'error', message: String(e.message) })
      return
    }
  }
  // The batch's buffer goes back to be filled again (fresh memory is slow to touch).
  const back = batch.data.byteLength > 0 ? [batch.data] : []
  parentPort?.postMessage({ done: ops, data: batch.data }, back)
}

if (workerData?.swrFileWriter) parentPort?.on('message', run)
