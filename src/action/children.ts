/**
 * The processes a step leaves behind. The cache client starts tar and zstd for a save and gives
 * them the archive in RUNNER_TEMP; when the step ends early (a save given up at its deadline, or
 * the runner's SIGINT/SIGTERM at a cancel or a timeout, which reach this process only) they would
 * go on writing a partial archive after the step. So at the end, and on those signals, every
 * process below this one is ended. Linux only (read from /proc); elsewhere nothing is done.
 */
import fs from 'node:fs'

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

/** End every process below this one (SIGKILL: they hold nothing worth a clean end). */
export function endChildren(): number {
  const pids = descendants(process.pid)
  for (const pid of pids)
    try {
      process.kill(pid, 'SIGKILL')
    } catch {
      // Gone already.
    }
  return pids.length
}

/** On the runner's SIGINT/SIGTERM: end the children, then this process, as a failed step. */
export function endChildrenOnSignals(): void {
  for (const sig of ['SIGINT', 'SIGTERM'] as const)
    process.once(sig, () => {
      endChildren()
      process.exit(sig === 'SIGINT' ? 130 : 143)
    })
}
