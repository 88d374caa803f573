/**
 * Capturing an entry again after it changed on purpose: new expectations from disk, everything the
 * author declared (recipes, needs, env, note, ignore rules) kept. A tree's sentinels that are gone
 * are dropped (new ones picked when none is left); bounds that followed the old file count follow
 * the new one, and bounds set by hand are kept unless the new count falls outside them.
 */
import fs from 'node:fs'
import { captureEntry, type CaptureOptions, type Captured } from './capture.js'
import type { Entry, TreeEntry } from '../types.js'
import { locateInside } from '../verify/locate-entry.js'

export async function recaptureEntry(
  workspace: string,
  entry: Entry,
  taken: ReadonlySet<string>,
  opts: CaptureOptions,
  /** Keep the entry's sentinels as they are: a missing one is refused, not dropped. */
  how: { exactSentinels?: boolean } = {}
): Promise<Captured> {
  const others = new Set(taken)
  others.delete(entry.id)
  const tree = entry.kind === 'tree' ? entry : undefined
  const c = await captureEntry(
    workspace,
    {
      path: entry.path,
      id: entry.id,
      kind: entry.kind,
      tier: entry.tier,
      ...(tree
        ? {
            ignore: tree.ignore,
            sentinels: how.exactSentinels ? tree.expect.sentinels : liveSentinels(workspace, tree)
          }
        : {}),
      ...(entry.kind === 'blob' ? { fullHash: entry.expect.sha256 !== undefined } : {})
    },
    others,
    opts
  )
  const expect = tree && c.entry.kind === 'tree' ? bounds(tree, c.entry) : c.entry.expect
  const next = { ...entry, expect } as Entry
  return c.index ? { entry: next, index: c.index } : { entry: next }
}

function liveSentinels(workspace: string, tree: TreeEntry): string[] | undefined {
  const root = locateInside(workspace, tree.path)
  if (root.state !== 'present' || !root.st.isDirectory()) return tree.expect.sentinels
  const real = fs.realpathSync(root.abs)
  const live = tree.expect.sentinels.filter(s => {
    const loc = locateInside(real, s)
    return loc.state === 'present' && (!loc.st.isFile() || loc.st.size > 0n)
  })
  return live.length > 0 || tree.expect.sentinels.length === 0 ? live : undefined
}

function bounds(old: TreeEntry, now: TreeEntry): TreeEntry['expect'] {
  const files = now.expect.files ?? 0
  const was = old.expect.files
  const min = was === undefined || old.expect.min_files === was ? files : old.expect.min_files
  const oldMax = old.expect.max_files
  const max = oldMax === undefined || oldMax === was ? files : oldMax
  return { ...now.expect, min_files: Math.min(min, files), max_files: Math.max(max, files) }
}
