/**
 * What /proc says about a process or a process group, for telling a live lock holder from a dead
 * one. Where /proc is missing (macOS) a start time is unknown and a group is judged by signal 0.
 */
import fs from 'node:fs'

interface ProcStat {
  /** R, S, D, Z (zombie), X (dead), ... */
  state: string
  pgrp: number
  /** Clock ticks since boot. */
  start: string
}

function procStat(pid: number | string): ProcStat | undefined {
  let stat: string
  try {
    stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8')
  } catch {
    return undefined
  }
  // Fields after the command name (which may hold spaces and parentheses): state is the first,
  // pgrp the third, starttime (field 22) the twentieth.
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return { state: f[0] ?? '?', pgrp: Number(f[2]), start: f[19] ?? '' }
}

const running = (st: ProcStat | undefined): boolean =>
  st !== undefined && st.state !== 'Z' && st.state !== 'X'

/** The kernel's start time of a process (clock ticks since boot), where /proc has it. */
export function startTime(pid: number): string | undefined {
  return procStat(pid)?.start || undefined
}

/** Whether process `pid`, started at `start` when that is known, runs now (a zombie does not). */
export function processRuns(pid: number, start: string | undefined): boolean {
  try {
    process.kill(pid, 0)
  } catch (err) {
    // EPERM: alive, under another user.
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false
  }
  const st = procStat(pid)
  if (st === undefined) return true
  return running(st) && !(start && st.start !== start)
}

/**
 * Whether process group `pgid`, whose leader started at `start`, still has a running member. A
 * group of zombies nobody reaps (an orphan's parent is init, which need not reap in a container)
 * answers signal 0 but runs nothing; a leader pid with another start time means the group id was
 * reused after the recorded group ended.
 */
export function groupRuns(pgid: number, start: string | undefined): boolean {
  try {
    process.kill(-pgid, 0)
  } catch (err) {
    // EPERM: a member runs under another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM'
  }
  if (!fs.existsSync('/proc/self/stat')) return true
  const leader = procStat(pgid)
  if (leader && leader.pgrp === pgid) {
    if (start && leader.start !== start) return false
    if (running(leader)) return true
  }
  let pids: string[]
  try {
    pids = fs.readdirSync('/proc').filter(n => /^\d+$/.test(n))
  } catch {
    return true
  }
  return pids.some(p => {
    const st = procStat(p)
    return running(st) && st?.pgrp === pgid
  })
}
