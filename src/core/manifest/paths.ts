/**
 * Path rules for manifests: every entry path is workspace-relative POSIX, normalised, NFC, and
 * cannot leave the workspace. One spelling per path, so two entries can't name one file twice.
 */
import path from 'node:path'
import { isControl } from '../text/escape.js'

export const ENTRY_ID = /^[A-Za-z0-9._-]{1,128}$/
const MAX_PATH = 4096

/** Why `p` is not an acceptable manifest path, or undefined when it is. "." means the workspace. */
export function pathProblem(p: string): string | undefined {
  if (p === '.') return undefined
  if (p.length === 0) return 'is empty'
  if (p.length > MAX_PATH) return `is longer than ${MAX_PATH} characters`
  if (p.includes('\0')) return 'contains a NUL byte'
  if (!p.isWellFormed() || p.normalize('NFC') !== p) return 'is not NFC-normalised Unicode'
  if (p.startsWith('/')) return 'is absolute; manifest paths are relative to the workspace'
  for (const seg of p.split('/')) {
    if (seg === '') return 'has an empty segment (double or trailing slash)'
    if (seg === '..') return 'escapes the workspace with ".."'
    if (seg === '.') return 'has a "." segment; write it without'
  }
  return undefined
}

/**
 * Turn what a user typed (relative to `cwd`, or absolute) into the manifest spelling relative to
 * `workspace`. Returns an error string when the path is outside the workspace.
 */
export function toManifestPath(
  input: string,
  cwd: string,
  workspace: string
): { ok: true; path: string } | { ok: false; why: string } {
  const abs = path.resolve(cwd, input.normalize('NFC'))
  const rel = path.relative(workspace, abs)
  if (rel === '') return { ok: true, path: '.' }
  if (rel === '..' || rel.startsWith('../') || path.isAbsolute(rel)) {
    return { ok: false, why: `${input} is outside the workspace ${workspace}` }
  }
  const spelled = rel.split(path.sep).join('/')
  const problem = pathProblem(spelled) ?? controlProblem(spelled)
  return problem ? { ok: false, why: `${input} ${problem}` } : { ok: true, path: spelled }
}

/**
 * A manifest path is printed on lines of output, so the loader refuses one holding a control or
 * bidi character; a path typed to `add` is refused the same way before anything is written.
 */
function controlProblem(p: string): string | undefined {
  for (let i = 0; i < p.length; i++) {
    const c = p.charCodeAt(i)
    if (isControl(c))
      return `contains a control character (U+${c.toString(16).toUpperCase().padStart(4, '0')}): rename it to track it`
  }
  return undefined
}

/** Absolute location of a validated manifest path. */
export function resolveEntryPath(workspace: string, rel: string): string {
  return rel === '.' ? workspace : path.join(workspace, rel)
}

/** Why a sentinel or other tree-relative path is unacceptable (same rules, "." refused). */
export function innerPathProblem(p: string): string | undefined {
  if (p === '.') return 'names the tree itself'
  return pathProblem(p)
}
