/**
 * Checking a manifest: each entry's verifier inspects it, all requested hashing runs through one
 * pool (largest first, across entries), then each verifier judges its results. Read-only: nothing
 * is run and nothing in the workspace is written.
 */
import { verifyBlob } from './blob.js'
import { verifyFile } from './file.js'
import { hashAll, INLINE_BYTES, type PoolOptions } from '../walk/hash-pool.js'
import { endIdleKernelThreads } from '../walk/kernel-threads.js'
import { verifyLink } from './link.js'
import { verifyTree } from './tree.js'
import { isPending, type Inspection, type Pending, type VerifyContext } from './verifier.js'
import type { Entry, Finding } from '../types.js'

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

/**
 * Verify `entries` in manifest order; findings come back in the same order. Files and blobs are
 * inspected first and their hashing starts at once, so it runs while the trees are walked (a
 * 500 MiB blob then hashes on one core while a cold tree walk hashes on the others, instead of
 * after it); what the tree inspections still need hashed goes through the pool afterwards.
 */
export async function verifyEntries(
  entries: readonly Entry[],
  ctx: VerifyContext,
  pool: PoolOptions = {}
): Promise<Finding[]> {
  const inspected = new Array<Inspection>(entries.length)
  entries.forEach((e, i) => {
    if (e.kind !== 'tree') inspected[i] = inspect(e, ctx) as Inspection
  })
  const early = inspected.filter(isPending)
  const earlyJobs = early.flatMap(p => p.jobs)
  // One worker per big file at most: the small ones follow on the same workers, and the cores
  // are wanted by the tree walks meanwhile.
  const big = earlyJobs.filter(j => j.cost >= INLINE_BYTES).length
  const earlyHashed =
    earlyJobs.length > 0
      ? hashAll(earlyJobs, { ...pool, maxWorkers: Math.max(1, big) })
      : Promise.resolve([])
  // Not left unhandled while the trees are walked: it is awaited below.
  earlyHashed.catch(() => undefined)
  for (const [i, e] of entries.entries())
    if (e.kind === 'tree') inspected[i] = await inspect(e, ctx)
  const late = inspected.filter(p => isPending(p) && !early.includes(p)) as Pending[]
  const lateJobs = late.flatMap(p => p.jobs)
  const lateHashed = lateJobs.length > 0 ? await hashAll(lateJobs, pool) : []
  // A thread that ends now ends while a blob may still hash here, not during the exit (~15 ms).
  if (pool.lastHashing) void endIdleKernelThreads()
  const results = [...(await earlyHashed), ...lateHashed]
  let offset = 0
  const judged = new Map<Pending, Finding>()
  for (const p of [...early, ...late]) {
    judged.set(p, p.judge(results.slice(offset, offset + p.jobs.length)))
    offset += p.jobs.length
  }
  ctx.cache.flush()
  return inspected.map(i => (isPending(i) ? (judged.get(i) as Finding) : i))
}
