/**
 * Making many new files durable at once. One fsync per file costs a journal commit each (1.5-3.5
 * ms on an ext4 disk here): 10,000 restored files spent most of their time waiting for them.
 * `sync -f` (syncfs(2), GNU coreutils 8.24 and later) writes back each named file system once,
 * every file staged on it included. Node has no syncfs, so the binary runs, from a fixed path
 * (never PATH) with fixed arguments; where it is missing or fails, each file is fsynced.
 */
import { spawnSync } from 'node:child_process'
import { toolEnv } from '../exec/child-env.js'
import fs from 'node:fs'

const SYNC_PATHS = ['/usr/bin/sync', '/bin/sync']
/** Below this many files one fsync each costs less than starting a process. */
const SYNCFS_FROM = 32

function syncBinary(): string | undefined {
  return SYNC_PATHS.find(p => {
    try {
      return fs.statSync(p).isFile()
    } catch {
      return false
    }
  })
}

/** fsync one file by name, never through a link at its last component. */
function fsyncFile(file: string): void {
  const fd = fs.openSync(file, fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW)
  try {
    fs.fsyncSync(fd)
  } finally {
    fs.closeSync(fd)
  }
}

/**
 * Every file of `files` on disk before this returns: one `sync -f` over one directory per file
 * system (`dirs`: a directory on each device the files lie on), else one fsync per file. Throws
 * what an fsync throws (a full disk, an I/O error).
 */
export function syncFiles(files: readonly string[], dirs: readonly string[]): void {
  if (files.length === 0) return
  const bin = process.platform === 'linux' && files.length >= SYNCFS_FROM ? syncBinary() : undefined
  if (bin) {
    const r = spawnSync(bin, ['-f', '--', ...dirs], {
      stdio: 'ignore',
      timeout: 300_000,
      env: toolEnv()
    })
    if (r.status === 0) return
  }
  for (const f of files) fsyncFile(f)
}
