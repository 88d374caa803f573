/**
 * Checking a manifest: each entry's verifier inspects it, all requested hashing runs through one
 * pool (largest first, across entries), then each verifier judges its results. Read-only: nothing
 * is run and nothing in the workspace is written.
 */
import { verifyBlob } from './blob.js'
import { verifyFile } from './file.js'
import { hashAll, type HashJob, type PoolOptions } from './hash-pool.js'
import { verifyLink } from './link.js'
import { verifyTree } from './tree.js'
import { isPending, type Inspection, type Pending, type VerifyContext } from './verifier.js'
import type { Entry, Finding } from '../types.js'

export type { VerifyContext } from './verifier.js'

function inspect(e: Entry, ctx: VerifyContext): Inspection | Promise<Inspection> {
  switch (e.kind) {
    case 'file':
      return verifyFile(e, ctx)
    case 'blob':
      return verifyBlob(e, ctx)
    case 'tree':
      return verifyTree(e, ctx)
    case 'link':
      return verifyLink(e, ctx)
  }
}

/** Verify `entries` in manifest order; findings come back in the same order. */
export async function verifyEntries(
  entries: readonly Entry[],
  ctx: VerifyContext,
  pool: PoolOptions = {}
): Promise<Finding[]> {
  const inspected: Inspection[] = []
  for (const e of entries) inspected.push(await inspect(e, ctx))
  const pending = inspected.filter(isPending)
  const jobs: HashJob[] = pending.flatMap(p => p.jobs)
  const results = jobs.length > 0 ? await hashAll(jobs, pool) : []
  let offset = 0
  const judged = new Map<Pending, Finding>()
  for (const p of pending) {
    judged.set(p, p.judge(results.slice(offset, offset + p.jobs.length)))
    offset += p.jobs.length
  }
  ctx.cache.flush()
  return inspected.map(i => (isPending(i) ? (judged.get(i) as Finding) : i))
}
