/**
 * The processes a step leaves behind. A save starts zstd (and the cache client tar and zstd for a
 * manifest's cache source) writing an archive in RUNNER_TEMP; when the step ends early (a save given up at its deadline, or
 * the runner's SIGINT/SIGTERM at a cancel or a timeout, which reach this process only) they would
 * go on writing a partial archive after the step. So at the end, and on those signals, every
 * process below this one is ended, and the archive a tar among them was writing is removed when
 * it lies where the cache client puts it (a file named cache.* in a folder of RUNNER_TEMP). Linux
 * only (read from /proc); elsewhere nothing is done.
 */
import fs from 'node:fs'
import path from 'node:path'

/** Pids whose parent chain leads to `root`, children before grandchildren. */
function descendants(root: number): number[] {
  let stats: { pid: number; ppid: number }[]
  try {
    stats = fs
      .readdirSync('/proc')
      .filter(n => /^\d+$/.test(n))
      .flatMap(n => {
        try {
          // The command name is in parentheses and may hold spaces: the fields follow the last ')'.
          const stat = fs.readFileSync(`/proc/${n}/stat`, 'utf8')
          const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
          return [{ pid: Number(n), ppid }]
        } catch {
          return []
        }
      })
  } catch {
    return []
  }
  const out: number[] = []
  const queue = [root]
  while (queue.length > 0) {
    const parent = queue.shift() as number
    for (const s of stats)
      if (s.ppid === parent) {
        out.push(s.pid)
        queue.push(s.pid)
      }
  }
  return out
}

/** The archive `tar -cf FILE` was started to write, when the process is a tar. */
function tarArchive(pid: number): string | undefined {
  try {
    const argv = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')
    if (path.basename(argv[0] ?? '') !== 'tar') return undefined
    const at = argv.indexOf('-cf')
    const file = at >= 0 ? argv[at + 1] : undefined
    if (!file) return undefined
    const cwd = fs.readlinkSync(`/proc/${pid}/cwd`)
    return path.resolve(cwd, file)
  } catch {
    return undefined
  }
}

/** A partial archive of the cache client's: cache.* directly in a folder of RUNNER_TEMP. */
function isClientArchive(file: string, runnerTemp: string | undefined): boolean {
  if (!runnerTemp) return false
  return (
    path.dirname(path.dirname(file)) === path.resolve(runnerTemp) &&
    /^cache\.(tzst|tgz|tar)$/.test(path.basename(file))
  )
}

/**
 * End every process below this one (SIGKILL: they hold nothing worth a clean end) and remove the
 * partial archive a tar among them was writing.
 */
export function endChildren(runnerTemp: string | undefined = process.env.RUNNER_TEMP): number {
  const pids = descendants(process.pid)
  const archives = pids.flatMap(pid => tarArchive(pid) ?? [])
  for (const pid of pids)
    try {
      process.kill(pid, 'SIGKILL')
    } catch {
      // Gone already.
    }
  for (const file of archives)
    if (isClientArchive(file, runnerTemp))
      fs.rmSync(path.dirname(file), { recursive: true, force: true })
  removeOwnSaveScratch(runnerTemp)
  return pids.length
}

/**
 * This process's own save scratch (`swr-save-PID-RANDOM` in RUNNER_TEMP: the archive swr was
 * writing or uploading), which a signal leaves no `finally` to remove.
 */
function removeOwnSaveScratch(runnerTemp: string | undefined): void {
  if (!runnerTemp) return
  const mine = new RegExp(`^swr-save-${process.pid}-[0-9a-f]{16}$`)
  let names: string[]
  try {
    names = fs.readdirSync(runnerTemp)
  } catch {
    return
  }
  for (const name of names)
    if (mine.test(name)) fs.rmSync(path.join(runnerTemp, name), { recursive: true, force: true })
}

/** On the runner's SIGINT/SIGTERM: end the children, then this process, as a failed step. */
export function endChildrenOnSignals(): void {
  for (const sig of ['SIGINT', 'SIGTERM'] as const)
    process.once(sig, () => {
      endChildren()
      process.exit(sig === 'SIGINT' ? 130 : 143)
    })
}
