/**
 * Private scratch directories: made fresh (0700) below a base, clearing those a dead run left
 * there, and removed even when what was restored into them took away write permission.
 */
import fs from 'node:fs'
import path from 'node:path'
import { makeOwnedTemp } from '../state/leftovers.js'

/** Make a fresh 0700 scratch directory below `base`, clearing those a dead run left there. */
export function makeScratch(base: string, name: `swr-${string}`): string {
  fs.mkdirSync(base, { recursive: true })
  return makeOwnedTemp(base, name)
}

/** Remove a scratch directory, even one holding directories restored without write permission. */
export function removeScratch(dir: string): void {
  try {
    fs.rmSync(dir, { recursive: true, force: true })
  } catch {
    const open = (d: string): void => {
      fs.chmodSync(d, 0o700)
      for (const ent of fs.readdirSync(d, { withFileTypes: true }))
        if (ent.isDirectory()) open(path.join(d, ent.name))
    }
    open(dir)
    fs.rmSync(dir, { recursive: true, force: true })
  }
}
