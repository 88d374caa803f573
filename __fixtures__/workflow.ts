/**
 * A reader for the YAML the example workflows use, and no more: block maps and sequences by
 * indentation, `|` and `|-` block scalars, quoted and plain scalars (all read as strings), `[a, b]`
 * flow sequences, `{}` and comments. Anything else (anchors, flow maps, multi-line plain scalars)
 * throws with its line number, so an example cannot drift out of what the test reads.
 */

export type Yaml = string | Yaml[] | { [key: string]: Yaml } | null

const indentOf = (l: string): number => l.length - l.trimStart().length
const KEY = /^([A-Za-z0-9_.${}-][^:#'"]*?|'[^']*'|"[^"]*"):(?:\s+(.*))?$/

function fail(n: number, why: string): never {
  throw new Error(`workflow line ${n + 1}: ${why}`)
}

/** The value part of a line without a trailing comment (a `#` after a space, outside quotes). */
function stripComment(v: string): string {
  if (v.startsWith('#')) return ''
  if (v.startsWith("'") || v.startsWith('"')) {
    const end = v.indexOf(v[0] ?? '', 1)
    return end < 0 ? v : v.slice(0, end + 1)
  }
  const hash = v.search(/\s#/)
  return (hash < 0 ? v : v.slice(0, hash)).trim()
}

function scalar(v: string, n: number): Yaml {
  if (v.startsWith("'")) return v.slice(1, -1).replace(/''/g, "'")
  if (v.startsWith('"')) return JSON.parse(v) as string
  if (v === '{}') return {}
  if (v.startsWith('[')) {
    if (!v.endsWith(']')) fail(n, 'unclosed flow sequence')
    const inner = v.slice(1, -1).trim()
    return inner ? inner.split(',').map(x => scalar(x.trim(), n)) : []
  }
  if (/^[&*!{>]/.test(v)) fail(n, `unsupported YAML: ${v}`)
  return v
}

export function parseWorkflow(text: string): Yaml {
  const lines = text.split('\n')
  let i = 0
  const skip = (): void => {
    while (i < lines.length && /^\s*(#.*)?$/.test(lines[i] ?? '')) i++
  }
  const isItem = (t: string): boolean => t === '-' || t.startsWith('- ')

  function block(min: number): Yaml {
    skip()
    const l = lines[i]
    if (l === undefined || indentOf(l) < min) return null
    return isItem(l.trimStart()) ? seq(indentOf(l)) : map(indentOf(l))
  }

  function blockScalar(parent: number, style: string): string {
    const body: string[] = []
    let at = -1
    for (; i < lines.length; i++) {
      const l = lines[i] ?? ''
      if (l.trim() === '') {
        body.push('')
        continue
      }
      if (indentOf(l) <= parent) break
      if (at < 0) at = indentOf(l)
      body.push(l.slice(at))
    }
    while (body.at(-1) === '') body.pop()
    return body.join('\n') + (style.endsWith('-') ? '' : '\n')
  }

  function map(ind: number): { [key: string]: Yaml } {
    const out: { [key: string]: Yaml } = {}
    for (skip(); i < lines.length; skip()) {
      const l = lines[i] ?? ''
      if (indentOf(l) < ind || isItem(l.trimStart())) break
      if (indentOf(l) > ind) fail(i, 'unexpected indentation')
      const m = KEY.exec(l.trim()) ?? fail(i, `not a key: ${l.trim()}`)
      const key = String(scalar(m[1] ?? '', i))
      const rest = stripComment(m[2] ?? '')
      i++
      if (key in out) fail(i - 1, `duplicate key ${key}`)
      if (rest === '') out[key] = block(ind + 1)
      else if (/^[|>][-+]?$/.test(rest)) out[key] = blockScalar(ind, rest)
      else out[key] = scalar(rest, i - 1)
    }
    return out
  }

  function seq(ind: number): Yaml[] {
    const out: Yaml[] = []
    for (skip(); i < lines.length; skip()) {
      const l = lines[i] ?? ''
      if (indentOf(l) !== ind || !isItem(l.trimStart())) break
      const after = l.trimStart().slice(1).trimStart()
      if (after === '') {
        i++
        out.push(block(ind + 1))
        continue
      }
      // The item's first line, re-read at the column where its content starts.
      const at = ind + l.trimStart().indexOf(after)
      lines[i] = ' '.repeat(at) + after
      if (KEY.test(stripComment(after)) || KEY.test(after)) out.push(map(at))
      else {
        out.push(scalar(stripComment(after), i))
        i++
      }
    }
    return out
  }

  const doc = block(0)
  skip()
  if (i < lines.length) fail(i, 'unexpected content')
  return doc
}
