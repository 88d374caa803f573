/**
 * Expanding a sealed entry's key template (manifest/key-template.ts) on this machine: the platform
 * as the placeholders spell it, and the hashed workspace files read without leaving the workspace.
 */
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import { parseTemplate } from '../manifest/key-template.js'
import { quoted } from '../text/escape.js'
import { locateInside } from '../verify/locate-entry.js'

export interface Platform {
  os: string
  arch: string
  libc: string
  node: string
}

const MAX_HASHED_BYTES = 256 * 1024 * 1024

/** This machine's platform, as the placeholders spell it. */
export function currentPlatform(): Platform {
  const report = process.report?.getReport() as
    { header?: { glibcVersionRuntime?: string } } | undefined
  const libc =
    process.platform !== 'linux' ? 'none' : report?.header?.glibcVersionRuntime ? 'glibc' : 'musl'
  return {
    os: process.platform,
    arch: process.arch,
    libc,
    node: process.versions.node.split('.')[0] ?? '0'
  }
}

function hashFiles(workspace: string, paths: readonly string[]): string {
  const h = createHash('sha256')
  for (const p of paths) {
    const loc = locateInside(workspace, p)
    if (loc.state !== 'present') throw new Error(`{hash:${p}}: ${loc.why}`)
    if (!loc.st.isFile()) throw new Error(`{hash:${p}}: not a regular file`)
    if (Number(loc.st.size) > MAX_HASHED_BYTES)
      throw new Error(`{hash:${p}}: over ${MAX_HASHED_BYTES} bytes`)
    h.update(`${p}\0${Number(loc.st.size)}\0`).update(fs.readFileSync(loc.abs))
  }
  return h.digest('hex').slice(0, 16)
}

/** The key `template` names here and now; throws one line when a hashed file is not there. */
export function expandKey(template: string, workspace: string, platform: Platform): string {
  const parts = parseTemplate(template)
  if (typeof parts === 'string') throw new Error(`key template ${quoted(template)}: ${parts}`)
  return parts
    .map(p =>
      'literal' in p ? p.literal : 'name' in p ? platform[p.name] : hashFiles(workspace, p.hash)
    )
    .join('')
}
