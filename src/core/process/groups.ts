/**
 * The process groups of the recipes this process runs now. The locks it holds record them beside
 * their notes: a holder killed with SIGKILL cannot stop its recipe, which runs on as an orphan in
 * its own process group, and its locks stay held until that group has ended, so no second run
 * starts the same recipe beside it.
 */
import { startTime } from './proc.js'

export interface RunningGroup {
  pgid: number
  /** The leader's start time, so a reused group id is not mistaken for it. */
  start: string | undefined
}

type Listener = (groups: readonly RunningGroup[]) => void

const running = new Map<number, RunningGroup>()
const listeners = new Set<Listener>()

function notify(): void {
  const groups = [...running.values()]
  for (const l of listeners) l(groups)
}

/** A recipe's process group (led by `pgid`) started: called right after the spawn. */
export function groupStarted(pgid: number): void {
  running.set(pgid, { pgid, start: startTime(pgid) })
  notify()
}

/** The group has ended (reaped): called once nothing of it runs. */
export function groupEnded(pgid: number): void {
  if (running.delete(pgid)) notify()
}

/** Call `listener` with the running groups now (when there are any) and at every change. */
export function watchGroups(listener: Listener): () => void {
  listeners.add(listener)
  if (running.size > 0) listener([...running.values()])
  return () => void listeners.delete(listener)
}
