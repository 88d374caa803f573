/**
 * The restore journal: an append-only record of what an interrupted restore already repaired, so
 * `--resume` can continue. One JSON line per event, appended with a single write and fsynced; the
 * events of a batch of steps (the escrow restores of one wave) are appended together, one write
 * and one fsync for all of them. A record lost to a kill before its batch was written only means
 * its entry is judged again on resume: the first check finds it healthy, or restores it again.
 * A journal written for another manifest digest or workspace is ignored.
 */
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { appendRecord, writeFileAtomic } from './atomic.js'
import { ensurePrivateDir } from './state-dir.js'

export interface JournalHeader {
  v: 1
  digest: string
  workspace: string
  started: string
}

export interface JournalEvent {
  id: string
  outcome: string
  at: string
}

export interface Journal {
  file: string
  append: (e: JournalEvent) => void
  /** Append several events with one write and one fsync (nothing for none). */
  appendAll: (events: readonly JournalEvent[]) => void
  /** Mark the restore finished (a finished journal is not resumed). */
  close: () => void
}

function journalPath(stateDir: string, workspace: string): string {
  const key = createHash('sha256').update(path.resolve(workspace)).digest('hex').slice(0, 32)
  return path.join(stateDir, 'journal', `${key}.jsonl`)
}

/** What a journal says about the last restore of this manifest and workspace. */
export interface ResumeState {
  /** A run of this digest started and did not finish (whatever its steps got to). */
  interrupted: boolean
  /** Entries that run repaired: not to be run again. */
  repaired: Set<string>
}

export function resumeState(stateDir: string, workspace: string, digest: string): ResumeState {
  const none: ResumeState = { interrupted: false, repaired: new Set() }
  let lines: string[]
  try {
    lines = fs.readFileSync(journalPath(stateDir, workspace), 'utf8').split('\n').filter(Boolean)
  } catch {
    return none
  }
  let head: Partial<JournalHeader> | null
  try {
    head = JSON.parse(lines[0] ?? '') as Partial<JournalHeader> | null
  } catch {
    // An unreadable header says nothing of which run wrote it: not this one's to resume.
    return none
  }
  if (head?.v !== 1 || head.digest !== digest || head.workspace !== path.resolve(workspace))
    return none
  const repaired = new Set<string>()
  try {
    for (const line of lines.slice(1)) {
      const e = JSON.parse(line) as JournalEvent
      if (e.id === '*' && e.outcome === 'finished') return none
      if (e.outcome === 'repaired') repaired.add(e.id)
    }
  } catch {
    // A torn last line from a killed run: keep what was read before it.
  }
  return { interrupted: true, repaired }
}

export function openJournal(
  stateDir: string,
  workspace: string,
  digest: string,
  now: Date,
  resume: boolean
): Journal {
  ensurePrivateDir(stateDir, 'journal')
  const file = journalPath(stateDir, workspace)
  if (!resume || !resumeState(stateDir, workspace, digest).interrupted) {
    const head: JournalHeader = {
      v: 1,
      digest,
      workspace: path.resolve(workspace),
      started: now.toISOString()
    }
    writeFileAtomic(file, JSON.stringify(head) + '\n', { mode: 0o600 })
  }
  const append = (e: JournalEvent): void => appendRecord(file, JSON.stringify(e) + '\n')
  const appendAll = (events: readonly JournalEvent[]): void => {
    if (events.length > 0) appendRecord(file, events.map(e => JSON.stringify(e) + '\n').join(''))
  }
  return {
    file,
    append,
    appendAll,
    close: () => append({ id: '*', outcome: 'finished', at: new Date().toISOString() })
  }
}
