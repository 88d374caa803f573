/**
 * The `swr add --from FILE` format: one entry per line, a JSON object whose keys are add's long
 * option names ("path" for the argument), e.g.
 *   {"path": "bin/build.sh", "restore": "make build", "tier": 1}
 *   {"path": "node_modules", "kind": "tree", "needs": ["lock"], "ignore": [".cache"]}
 * Blank lines and lines starting with # are skipped. Every line is checked before anything is
 * captured: a bad one is refused with its line number and field.
 */
import { KINDS, UsageError, type Kind, escapeText } from '../core/index.js'

export interface AddLine {
  path: string
  id?: string | undefined
  kind?: Kind | undefined
  tier?: number | undefined
  sentinel?: string[] | undefined
  needs?: string[] | undefined
  restore?: string | undefined
  timeout?: number | undefined
  smoke?: string | undefined
  ignore?: string[] | undefined
  note?: string | undefined
  minFiles?: number | undefined
  maxFiles?: number | undefined
  fullHash?: boolean | undefined
}

/** Bounds on the input: as many lines as a manifest holds entries, each of a sane length. */
export const FROM_MAX_BYTES = 16 * 1024 * 1024
const MAX_LINES = 10000

type Reader = (v: unknown, where: string) => unknown

const str: Reader = (v, where) => {
  if (typeof v !== 'string' || v === '')
    throw new UsageError(`${where}: must be a non-empty string`)
  return v
}
const strs: Reader = (v, where) => {
  const list = typeof v === 'string' ? [v] : v
  if (!Array.isArray(list) || list.some(x => typeof x !== 'string' || x === ''))
    throw new UsageError(`${where}: must be a string or a list of strings`)
  return list
}
const int =
  (min: number, max: number): Reader =>
  (v, where) => {
    if (!Number.isSafeInteger(v) || (v as number) < min || (v as number) > max)
      throw new UsageError(`${where}: must be a whole number between ${min} and ${max}`)
    return v
  }
const FIELDS: Record<string, [keyof AddLine, Reader]> = {
  path: ['path', str],
  id: ['id', str],
  kind: [
    'kind',
    (v, where) => {
      if (!(KINDS as readonly unknown[]).includes(v))
        throw new UsageError(`${where}: must be one of ${KINDS.join(', ')}`)
      return v
    }
  ],
  tier: ['tier', int(0, 4)],
  sentinel: ['sentinel', strs],
  needs: ['needs', strs],
  restore: ['restore', str],
  timeout: ['timeout', int(1, 86400)],
  smoke: ['smoke', str],
  ignore: ['ignore', strs],
  note: ['note', (v, where) => (typeof v === 'string' ? v : str(v, where))],
  'min-files': ['minFiles', int(0, Number.MAX_SAFE_INTEGER)],
  'max-files': ['maxFiles', int(0, Number.MAX_SAFE_INTEGER)],
  'full-hash': [
    'fullHash',
    (v, where) => {
      if (typeof v !== 'boolean') throw new UsageError(`${where}: must be true or false`)
      return v
    }
  ]
}

export function parseAddLines(text: string, shown: string): AddLine[] {
  const out: AddLine[] = []
  const lines = text.split('\n')
  lines.forEach((raw, i) => {
    const line = raw.trim()
    if (line === '' || line.startsWith('#')) return
    const at = `${escapeText(shown)}:${i + 1}`
    if (out.length >= MAX_LINES) throw new UsageError(`${at}: more than ${MAX_LINES} entries`)
    let v: unknown
    try {
      v = JSON.parse(line)
    } catch {
      throw new UsageError(`${at}: not a JSON object (one entry per line)`)
    }
    if (v === null || typeof v !== 'object' || Array.isArray(v))
      throw new UsageError(`${at}: not a JSON object (one entry per line)`)
    const entry: Record<string, unknown> = {}
    for (const [k, x] of Object.entries(v)) {
      const field = FIELDS[k]
      if (!field)
        throw new UsageError(
          `${at}: unknown field ${JSON.stringify(escapeText(k, { max: 60 }))} (use add's option names, and "path")`
        )
      entry[field[0]] = field[1](x, `${at}: field ${k}`)
    }
    if (entry.path === undefined) throw new UsageError(`${at}: field path is required`)
    out.push(entry as unknown as AddLine)
  })
  return out
}
