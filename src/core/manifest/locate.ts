/**
 * Where the manifest lives: an explicit flag, then SWR_MANIFEST, then the nearest
 * `.swr/manifest.json` walking up from the current directory (as git finds `.git`), then
 * `~/.swr/manifest.json` describing $HOME (the agent-sandbox case).
 */
import fs from 'node:fs'
import path from 'node:path'

export const MANIFEST_DIR = '.swr'
export const MANIFEST_NAME = 'manifest.json'

export type Located = { file: string; how: 'flag' | 'env' | 'found' | 'home' | 'new' }

export interface LocateInput {
  flag?: string | undefined
  env?: string | undefined
  cwd: string
  home: string
}

/** The manifest a command should read; `how: 'new'` when none exists (where `add` would create one). */
export function locateManifest(input: LocateInput): Located {
  if (input.flag) return { file: path.resolve(input.cwd, input.flag), how: 'flag' }
  if (input.env) return { file: path.resolve(input.cwd, input.env), how: 'env' }
  for (let dir = path.resolve(input.cwd); ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, MANIFEST_DIR, MANIFEST_NAME)
    if (fs.existsSync(candidate)) return { file: candidate, how: 'found' }
    if (dir === path.dirname(dir)) break
  }
  const home = path.join(input.home, MANIFEST_DIR, MANIFEST_NAME)
  if (fs.existsSync(home)) return { file: home, how: 'home' }
  return { file: path.join(path.resolve(input.cwd), MANIFEST_DIR, MANIFEST_NAME), how: 'new' }
}
