/**
 * `swr --version`: the package version and, for a bundled build, the digest of the source it was
 * built from (dist/source-digest.txt, written by `npm run bundle`). A commit id cannot live in a
 * committed bundle (every commit would change it); the source digest names the exact tree instead
 * and is the same for every build of that tree.
 */
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { VERSION } from '../version.js'

/** The build's source digest, shortened, when this runs from a bundle beside one. */
export function buildId(): string | undefined {
  const here = path.dirname(fileURLToPath(import.meta.url))
  for (const dir of [path.join(here, '..'), here]) {
    try {
      const text = fs.readFileSync(path.join(dir, 'source-digest.txt'), 'utf8').trim()
      if (/^[0-9a-f]{64}$/.test(text)) return text.slice(0, 12)
    } catch {
      // Not a bundled build, or not this directory.
    }
  }
  return undefined
}

export function versionLine(): string {
  const id = buildId()
  return id ? `${VERSION} (source ${id})` : VERSION
}
