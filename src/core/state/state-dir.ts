/**
 * The private state directory (incremental cache, keys, journals): 0700, outside the workspace by
 * default. `SWR_STATE_DIR`, else `$XDG_STATE_HOME/swr`, else `~/.local/state/swr`. The shells
 * resolve it from the environment and pass it in; the engine never reads the environment.
 */
import fs from 'node:fs'
import path from 'node:path'
import { ATOMIC_TMP, sweepDead } from './leftovers.js'

export function defaultStateDir(env: NodeJS.ProcessEnv, home: string): string {
  if (env.SWR_STATE_DIR) return path.resolve(env.SWR_STATE_DIR)
  if (env.XDG_STATE_HOME) return path.join(path.resolve(env.XDG_STATE_HOME), 'swr')
  return path.join(home, '.local', 'state', 'swr')
}

/**
 * Create `dir` (and `sub`) with private modes, tightening a directory that is too open, and clear
 * the temporary files a killed swr run left in the last of them (callers are about to write there).
 */
export function ensurePrivateDir(dir: string, ...sub: string[]): string {
  let current = dir
  fs.mkdirSync(current, { recursive: true, mode: 0o700 })
  tighten(current)
  for (const s of sub) {
    current = path.join(current, s)
    fs.mkdirSync(current, { recursive: true, mode: 0o700 })
    tighten(current)
  }
  sweepDead(current, [ATOMIC_TMP])
  return current
}

function tighten(dir: string): void {
  const st = fs.lstatSync(dir)
  if (!st.isDirectory()) throw new Error(`${dir} is not a directory`)
  if ((st.mode & 0o077) !== 0) fs.chmodSync(dir, 0o700)
}
