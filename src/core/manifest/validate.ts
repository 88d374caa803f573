/**
 * Judging a parsed manifest: the JSON Schema (compiled ahead of time from schema/), then the rules
 * a schema cannot say (unique ids and paths, containment, known `needs`, no cycles). Every problem
 * is collected with its place before anything is refused.
 */
import type { ErrorObject } from 'ajv'
import { validate as schemaValidate } from './generated/manifest-validator.js'
import { innerPathProblem, pathProblem } from './paths.js'
import { ruleSetProblems } from '../walk/ignore-rules.js'
import type { JsonValue } from './strict-json.js'
import type { Entry, ManifestDocument } from '../types.js'
import { isControl, jsonMayHoldControl, quoted } from '../text/escape.js'
import { parseTemplate } from './key-template.js'

export interface Placed {
  /** JSON path → 1-based line, from the strict parser. */
  lines: Map<string, number>
  /** Display name of the file, for messages. */
  file: string
}

/**
 * Every problem with `value` as a manifest document, each naming its line and entry. `source`,
 * the JSON text `value` was read from, lets the look at every string be skipped when no string
 * could hold a control character (most manifests).
 */
export function manifestProblems(value: JsonValue, where: Placed, source?: string): string[] {
  const text = source !== undefined && !jsonMayHoldControl(source) ? [] : textProblems(value, where)
  const rest = schemaValidate(value)
    ? ruleProblems(value as unknown as ManifestDocument, where)
    : schemaProblems(value, schemaValidate.errors ?? [], where)
  return [...new Set([...text, ...rest])]
}

/**
 * Strings that are shell code or a directory (recipes, smoke commands, the shell's argv, the
 * workspace) may hold newlines and tabs, never NUL (no process can receive it). Every other string
 * is a name, path, key, rule or note that ends up on a line of output: no control character
 * (U+0000-U+001F, U+007F-U+009F) and no bidi control, which would let it break or reorder the line.
 */
const CODE_FIELD = [
  /^\/body\/workspace$/,
  /^\/body\/shell\/\d+$/,
  /^\/body\/entries\/\d+\/restore(\/\d+)?$/,
  /^\/body\/entries\/\d+\/smoke$/,
  /^\/body\/sealed\/\d+\/restore(\/\d+)?$/,
  /^\/body\/sealed\/\d+\/smoke$/
]

function badCharacter(s: string, code: boolean): number {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i)
    if (code ? c === 0 : isControl(c)) return i
  }
  return -1
}

function textProblems(doc: JsonValue, where: Placed): string[] {
  const out: string[] = []
  const visit = (v: JsonValue, pointer: string): void => {
    if (out.length >= 50) return
    if (typeof v === 'string') {
      const at = badCharacter(
        v,
        CODE_FIELD.some(re => re.test(pointer))
      )
      if (at >= 0) {
        const c = v.charCodeAt(at).toString(16).toUpperCase().padStart(4, '0')
        out.push(
          v.charCodeAt(at) === 0
            ? `${subject(doc, pointer, where)} contains a NUL byte`
            : `${subject(doc, pointer, where)} contains a control character (U+${c} at character ${at + 1})`
        )
      }
    } else if (Array.isArray(v)) v.forEach((x, i) => visit(x, `${pointer}/${i}`))
    else if (v !== null && typeof v === 'object')
      for (const [k, x] of Object.entries(v))
        visit(x, `${pointer}/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`)
  }
  visit(doc, '')
  return out
}

function jsonPath(pointer: string): string {
  return (
    '$' +
    pointer
      .split('/')
      .slice(1)
      .map(s => s.replace(/~1/g, '/').replace(/~0/g, '~'))
      .map(s =>
        /^\d+$/.test(s)
          ? `[${s}]`
          : /^[A-Za-z_$][\w$]*$/.test(s)
            ? `.${s}`
            : `[${JSON.stringify(s)}]`
      )
      .join('')
  )
}

/** "manifest.json:12: entry "tools" field expect.mode" — the subject of a message. */
function subject(doc: unknown, pointer: string, where: Placed): string {
  const parts = pointer.split('/').slice(1)
  let line: number | undefined
  for (let n = parts.length; n >= 0 && line === undefined; n--) {
    line = where.lines.get(n === 0 ? '$' : jsonPath('/' + parts.slice(0, n).join('/')))
  }
  const loc = `${where.file}${line ? `:${line}` : ''}`
  const m = /^\/body\/(entries|sealed)\/(\d+)(\/.*)?$/.exec(pointer)
  if (m) {
    const list = m[1] === 'sealed' ? 'sealed' : 'entries'
    const entries = (doc as { body?: Record<string, unknown[] | undefined> }).body?.[list]
    const entry = entries?.[Number(m[2])] as { id?: unknown } | undefined
    const kind = list === 'sealed' ? 'sealed entry' : 'entry'
    const name =
      typeof entry?.id === 'string' ? `${kind} ${quoted(entry.id)}` : `${kind} #${Number(m[2]) + 1}`
    const field = (m[3] ?? '').slice(1).replace(/\//g, '.')
    return `${loc}: ${name}${field ? ` field ${field}` : ''}`
  }
  const field = pointer.slice(1).replace(/\//g, '.')
  return `${loc}: ${field ? `field ${field}` : 'document'}`
}

function schemaProblems(doc: unknown, errors: ErrorObject[], where: Placed): string[] {
  const out: string[] = []
  for (const e of errors) {
    // if/then failures only repeat the error found inside the branch.
    if (e.keyword === 'if') continue
    const params = e.params as Record<string, unknown>
    let pointer = e.instancePath
    let text: string
    switch (e.keyword) {
      case 'additionalProperties':
      case 'unevaluatedProperties': {
        const key = String(params.additionalProperty ?? params.unevaluatedProperty)
        pointer = `${pointer}/${key}`
        text = 'is not a known field'
        break
      }
      case 'required':
        pointer = `${pointer}/${String(params.missingProperty)}`
        text = 'is required'
        break
      case 'pattern':
        text = `must match ${String(params.pattern)}`
        break
      case 'enum':
        text = `must be one of ${JSON.stringify(params.allowedValues)}`
        break
      case 'const':
        text = `must be ${JSON.stringify(params.allowedValue)}`
        break
      default:
        text = e.message ?? e.keyword
    }
    const line = `${subject(doc, pointer, where)} ${text}`
    if (!out.includes(line)) out.push(line)
  }
  return out
}

function ruleProblems(doc: ManifestDocument, where: Placed): string[] {
  const out: string[] = []
  const at = (i: number, field?: string): string =>
    subject(doc, `/body/entries/${i}${field ? `/${field}` : ''}`, where)
  const body = doc.body
  for (const key of ['created', 'expires'] as const) {
    const v = body[key]
    if (v !== undefined && !isRealDate(v)) {
      out.push(`${subject(doc, `/body/${key}`, where)} is not a real date: ${v}`)
    }
  }
  const ids = new Map<string, number>()
  const paths = new Map<string, string>()
  body.entries.forEach((e, i) => {
    if (ids.has(e.id)) out.push(`${at(i, 'id')} duplicates entry #${(ids.get(e.id) ?? 0) + 1}`)
    ids.set(e.id, i)
    const problem = pathProblem(e.path)
    if (problem) out.push(`${at(i, 'path')} ${problem}`)
    const other = paths.get(e.path)
    if (other !== undefined) out.push(`${at(i, 'path')} is also the path of entry ${quoted(other)}`)
    paths.set(e.path, e.id)
    out.push(...kindProblems(e).map(p => `${at(i, p.field)} ${p.text}`))
  })
  const sealed = body.sealed ?? []
  const atSealed = (i: number, field?: string): string =>
    subject(doc, `/body/sealed/${i}${field ? `/${field}` : ''}`, where)
  sealed.forEach((e, i) => {
    if (ids.has(e.id)) out.push(`${atSealed(i, 'id')} is also the id of another entry`)
    ids.set(e.id, i)
    const problem = e.path === '.' ? 'is the workspace itself' : pathProblem(e.path)
    if (problem) out.push(`${atSealed(i, 'path')} ${problem}`)
    const other = paths.get(e.path)
    if (other !== undefined)
      out.push(`${atSealed(i, 'path')} is also the path of entry ${quoted(other)}`)
    paths.set(e.path, e.id)
    const template = parseTemplate(e.key)
    if (typeof template === 'string') out.push(`${atSealed(i, 'key')} ${template}`)
    if (e.ignore && e.kind !== 'tree') out.push(`${atSealed(i, 'ignore')} is for trees only`)
    for (const [k, text] of ruleSetProblems(e.ignore ?? []))
      out.push(`${atSealed(i, `ignore/${k}`)} ${text}`)
  })
  const needsOf = (
    list: readonly { id: string; needs: string[] }[],
    place: (i: number, f: string) => string
  ): void =>
    list.forEach((e, i) => {
      for (const need of e.needs) {
        if (need === e.id) out.push(`${place(i, 'needs')} names the entry itself`)
        else if (!ids.has(need))
          out.push(`${place(i, 'needs')} names unknown entry ${quoted(need)}`)
      }
    })
  needsOf(body.entries, at)
  needsOf(sealed, atSealed)
  const cycle = findCycle([...body.entries, ...sealed])
  if (cycle) out.push(`${where.file}: dependency cycle: ${cycle.join(' -> ')}`)
  return out
}

function kindProblems(e: Entry): { field: string; text: string }[] {
  if (e.kind !== 'tree') return []
  const out: { field: string; text: string }[] = []
  e.expect.sentinels.forEach((s, k) => {
    const problem = innerPathProblem(s)
    if (problem) out.push({ field: `expect/sentinels/${k}`, text: problem })
  })
  for (const [k, text] of ruleSetProblems(e.ignore)) out.push({ field: `ignore/${k}`, text })
  if (e.expect.max_files !== undefined && e.expect.min_files > e.expect.max_files) {
    out.push({ field: 'expect/min_files', text: `is above max_files (${e.expect.max_files})` })
  }
  return out
}

/** The first `needs` cycle found, as ids from start back to start, or undefined. Iterative, so a
 * chain of 10,000 entries cannot overflow the stack. */
export function findCycle(
  entries: readonly { id: string; needs: readonly string[] }[]
): string[] | undefined {
  const needs = new Map(entries.map(e => [e.id, e.needs]))
  const state = new Map<string, 'open' | 'done'>()
  for (const start of entries) {
    if (state.has(start.id)) continue
    const trail: string[] = [start.id]
    const cursor: number[] = [0]
    state.set(start.id, 'open')
    while (trail.length > 0) {
      const id = trail[trail.length - 1] as string
      const next = (needs.get(id) ?? [])[cursor[cursor.length - 1] as number]
      if (next === undefined) {
        state.set(id, 'done')
        trail.pop()
        cursor.pop()
        continue
      }
      cursor[cursor.length - 1] = (cursor[cursor.length - 1] as number) + 1
      if (!needs.has(next) || state.get(next) === 'done') continue
      if (state.get(next) === 'open') return [...trail.slice(trail.indexOf(next)), next]
      state.set(next, 'open')
      trail.push(next)
      cursor.push(0)
    }
  }
  return undefined
}

/** True for a timestamp whose fields name a real instant (Date.parse rolls 2026-02-30 over). */
function isRealDate(v: string): boolean {
  const t = Date.parse(v)
  if (Number.isNaN(t)) return false
  return new Date(t).toISOString().slice(0, 19) === v.slice(0, 19)
}
