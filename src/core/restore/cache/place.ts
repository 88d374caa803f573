/**
 * Moving a proven entry from scratch into the workspace: every parent between the workspace and
 * the target must be a real directory (a link planted in the workspace is refused, not followed),
 * missing parents are created one by one, and the old target is renamed aside before the new one
 * is renamed in, so a failure puts the old one back and a success removes it.
 */
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { Rejected } from './rejected.js'
import { shown } from './extract.js'

/** Create or check each parent of `target` below `workspace`; none may be a link. */
export function safeParents(workspace: string, target: string): void {
  const rel = path.relative(workspace, path.dirname(target))
  if (rel.startsWith('..') || path.isAbsolute(rel))
    throw new Rejected(`the target is outside the workspace: ${shown(target)}`)
  let at = workspace
  for (const part of rel === '' ? [] : rel.split(path.sep)) {
    at = path.join(at, part)
    let st: fs.Stats | undefined
    try {
      st = fs.lstatSync(at)
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err
    }
    if (!st) fs.mkdirSync(at, { mode: 0o755 })
    else if (st.isSymbolicLink())
      throw new Rejected(`not placed: ${shown(path.relative(workspace, at))} is a symbolic link`)
    else if (!st.isDirectory())
      throw new Rejected(`not placed: ${shown(path.relative(workspace, at))} is not a directory`)
  }
}

/** Same filesystem: rename. Else copy beside the target first (links kept as links), then rename. */
function stageBeside(from: string, target: string): string {
  const staged = path.join(path.dirname(target), `.swr-new-${randomBytes(6).toString('hex')}`)
  try {
    fs.renameSync(from, staged)
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err
    fs.cpSync(from, staged, { recursive: true, verbatimSymlinks: true, preserveTimestamps: true })
  }
  return staged
}

/** Put `from` (in scratch) at `target` (in the workspace). */
export function place(workspace: string, from: string, target: string): void {
  safeParents(workspace, target)
  const staged = stageBeside(from, target)
  let aside: string | undefined
  try {
    if (fs.existsSync(target) || isLink(target)) {
      aside = path.join(path.dirname(target), `.swr-old-${randomBytes(6).toString('hex')}`)
      fs.renameSync(target, aside)
    }
    fs.renameSync(staged, target)
  } catch (err) {
    if (aside && !fs.existsSync(target)) fs.renameSync(aside, target)
    fs.rmSync(staged, { recursive: true, force: true })
    throw err
  }
  if (aside) fs.rmSync(aside, { recursive: true, force: true })
}

function isLink(p: string): boolean {
  try {
    return fs.lstatSync(p).isSymbolicLink()
  } catch {
    return false
  }
}
