/**
 * Key templates of sealed manifest entries: what a sealed state depends on, spelt small. Literal
 * text ([A-Za-z0-9._+-]) and five placeholders:
 *
 *   {os} {arch}   the platform (linux, darwin; x64, arm64): npm installs per-platform packages
 *   {libc}        glibc or musl on Linux (npm's libc field), none elsewhere
 *   {node}        Node's major version (native modules are built per ABI)
 *   {hash:P,...}  the first 16 hex digits of sha256 over the named workspace files (a lockfile)
 *
 * A template reads nothing outside the workspace: each `hash` path is a relative manifest path,
 * and a file reached through a link that leaves the workspace is refused, not read. Nothing runs.
 */
import { pathProblem } from './paths.js'
import { quoted } from '../text/escape.js'

export type TemplatePart =
  { literal: string } | { name: 'os' | 'arch' | 'libc' | 'node' } | { hash: string[] }

const LITERAL = /^[A-Za-z0-9._+-]*$/

/** The template's parts, or the first problem with it (one line, naming the placeholder). */
export function parseTemplate(t: string): TemplatePart[] | string {
  const parts: TemplatePart[] = []
  let rest = t
  while (rest !== '') {
    const open = rest.indexOf('{')
    const literal = open < 0 ? rest : rest.slice(0, open)
    if (!LITERAL.test(literal))
      return `literal text ${quoted(literal)} may hold only A-Z a-z 0-9 . _ + -`
    if (literal) parts.push({ literal })
    if (open < 0) break
    const close = rest.indexOf('}', open)
    if (close < 0) return 'a { without its }'
    const inner = rest.slice(open + 1, close)
    rest = rest.slice(close + 1)
    if (inner === 'os' || inner === 'arch' || inner === 'libc' || inner === 'node') {
      parts.push({ name: inner })
      continue
    }
    if (!inner.startsWith('hash:'))
      return `unknown placeholder {${quoted(inner).replace(/^"|"$/g, '')}}`
    const paths = inner.slice(5).split(',')
    for (const p of paths) {
      const problem = p === '.' ? 'is the workspace itself' : pathProblem(p)
      if (problem) return `{hash:${p}}: the path ${problem}`
    }
    parts.push({ hash: paths })
  }
  return parts.length > 0 ? parts : 'is empty'
}
