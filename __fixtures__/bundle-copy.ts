// Copies of a built bundle's directory for tests that run it from elsewhere.
import fs from 'node:fs'
import path from 'node:path'

/**
 * Copy the regular files of `from` into `to` (not recursive), leaving out the CLI's code caches:
 * they are keyed to the bundle's inode, so a copy could never use them.
 */
export function copyBundleFiles(from: string, to: string): void {
  fs.mkdirSync(to, { recursive: true })
  for (const name of fs.readdirSync(from)) {
    if (/\.v8cache(\.|$)/.test(name)) continue
    const src = path.join(from, name)
    if (fs.statSync(src).isFile()) fs.copyFileSync(src, path.join(to, name))
  }
}
