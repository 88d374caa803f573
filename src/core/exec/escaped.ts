/**
 * Finding the processes a recipe started that left its process group (`setsid`, a daemonizing
 * server): each recipe runs with a random SWR_RUN_TOKEN in its environment, which children
 * inherit, and /proc tells which processes carry it. Linux only; elsewhere nothing is found.
 * A process that clears its own environment is not found either.
 */
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'

export const RUN_TOKEN_VAR = 'SWR_RUN_TOKEN'

export function newRunToken(): string {
  return randomBytes(16).toString('hex')
}

export interface EscapedProcess {
  pid: number
  /** The command name (escaped for printing by the caller's scrubber). */
  name: string
}

/** Processes other than this one whose environment carries `token`. */
export function findTagged(token: string): EscapedProcess[] {
  const needle = Buffer.from(`${RUN_TOKEN_VAR}=${token}\0`)
  let pids: string[]
  try {
    pids = fs.readdirSync('/proc').filter(n => /^\d+$/.test(n))
  } catch {
    return []
  }
  const out: EscapedProcess[] = []
  for (const p of pids) {
    const pid = Number(p)
    if (pid === process.pid) continue
    try {
      const env = fs.readFileSync(`/proc/${p}/environ`)
      if (!env.includes(needle)) continue
      const name = fs.readFileSync(`/proc/${p}/comm`, 'utf8').trim()
      out.push({ pid, name })
    } catch {
      // Gone, or not ours to read.
    }
  }
  return out
}

const sleep = (ms: number): Promise<void> => new Promise(r => setTimeout(r, ms))

/**
 * Stop every process carrying `token`: SIGTERM, up to `graceMs` to go, then SIGKILL. Returns what
 * was found, for the report.
 */
export async function killTagged(token: string, graceMs: number): Promise<EscapedProcess[]> {
  const found = findTagged(token)
  if (found.length === 0) return found
  const signal = (sig: NodeJS.Signals): void => {
    for (const p of found) {
      try {
        process.kill(p.pid, sig)
      } catch {
        // Already gone.
      }
    }
  }
  signal('SIGTERM')
  const deadline = Date.now() + graceMs
  while (Date.now() < deadline && findTagged(token).length > 0) await sleep(50)
  signal('SIGKILL')
  // A zombie keeps its environ readable until reaped; SIGKILL is enough, do not wait on it.
  return found
}
