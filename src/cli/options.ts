/**
 * Options every command shares, and the typed readers for the others. Values are checked here so a
 * bad flag is a one-line usage error (exit 4) that names the flag.
 */
import { InvalidArgumentError } from 'commander'
import { locateManifest, type Located } from '../core/index.js'
import { defaultStateDir } from '../core/index.js'
import type { HistoryLimits } from '../core/history/history.js'
import { UsageError } from '../core/errors.js'
import type { CliIo } from './io.js'

export interface GlobalOptions {
  manifest?: string
  workspace?: string
  json?: boolean
  color: boolean
  quiet?: boolean
}

export function intOption(name: string, min: number, max: number): (v: string) => number {
  return (v: string) => {
    if (!/^\d+$/.test(v)) throw new InvalidArgumentError(`${name} must be a whole number`)
    const n = Number(v)
    if (n < min || n > max)
      throw new InvalidArgumentError(`${name} must be between ${min} and ${max}`)
    return n
  }
}

export function collect(v: string, prev: string[] | undefined): string[] {
  return [...(prev ?? []), v]
}

export function manifestLocation(g: GlobalOptions, io: CliIo): Located {
  return locateManifest({ flag: g.manifest, env: io.env.SWR_MANIFEST, cwd: io.cwd, home: io.home })
}

export function stateDir(io: CliIo): string {
  return defaultStateDir(io.env, io.home)
}

/** SWR_HISTORY_LIMIT: records kept in the current history file before it rotates. */
export function historyLimits(io: CliIo): HistoryLimits {
  const v = io.env.SWR_HISTORY_LIMIT
  if (v === undefined || v === '') return {}
  if (!/^\d+$/.test(v) || Number(v) < 1)
    throw new UsageError('SWR_HISTORY_LIMIT must be a whole number of records (at least 1)')
  return { maxRecords: Number(v) }
}
