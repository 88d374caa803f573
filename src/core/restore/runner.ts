/**
 * Carrying out a repair plan: wave by wave (steps of a wave in parallel up to `jobs`), each step
 * from its sources in the order restore/sources/ gives (escrow, git, the saved state, then the manifest's),
 * each restored entry re-verified at once without the cache. A step whose dependency did not heal is SKIPPED, never attempted. The caller must have
 * asked the gate first; this module refuses to run without an allowed decision.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pLimit from 'p-limit'
import { indexPath, readIndex } from '../walk/tree-index.js'
import { stageEscrow, type StagedEscrow } from './sources/escrow.js'
import { syncFiles } from '../fs/sync.js'
import type { RealDirs } from '../fs/no-follow.js'
import { InternalError } from '../errors.js'
import type { LoadedManifest } from '../manifest/load.js'
import { planSteps, type Plan, type Step, type StepSource } from './plan.js'
import { quarantine, type QuarantineLimits, type QuarantineResult } from './quarantine.js'
import type { RecipeResult } from '../exec/recipe.js'
import { RECIPE_TIMEOUT_S } from '../exec/signed-command.js'
import type { GateDecision } from '../sign/gate.js'
import type { Journal } from '../state/journal.js'
import type { Entry, FileEntry, Finding } from '../types.js'
import {
  attemptSource,
  sourcesOf,
  type Attempt,
  type Source,
  type SourceContext
} from './sources/index.js'
import { escrowFailure } from './sources/escrow.js'
import type { RestoreContext } from './scratch.js'
import { shown } from '../archive/extract.js'
import { parentLinkOutside } from './outside-links.js'
import type { GitTracking } from '../git/index-file.js'

export type { Attempt } from './sources/index.js'

export type StepOutcome =
  | 'repaired'
  | 'still-damaged'
  | 'failed'
  | 'skipped'
  | 'unrepairable'
  | 'interrupted'
  | 'already-repaired'

export interface StepResult {
  id: string
  /** The source that healed the entry, else the first one planned. */
  source: StepSource
  /** Every source tried, in order. */
  attempts: Attempt[]
  outcome: StepOutcome
  detail: string
  recipe?: Omit<RecipeResult, 'id'>
  quarantine?: QuarantineResult
  /** The entry as re-verified after the step. */
  after?: Finding
}

export interface RunPlanOptions {
  manifest: LoadedManifest
  plan: Plan
  gate: GateDecision
  /** Environment recipes may draw PATH, HOME, LANG, TMPDIR and their named variables from. */
  callerEnv: Readonly<Record<string, string | undefined>>
  /** Re-verify entries without the cache. */
  reverify: (entries: Entry[]) => Promise<Finding[]>
  /** Verify entries as they lie below another root (a scratch copy of the workspace), uncached. */
  reverifyAt: (root: string, entries: Entry[]) => Promise<Finding[]>
  jobs?: number
  /** Overrides every entry's timeout_s. */
  timeoutS?: number | undefined
  quarantine?: ({ stateDir: string } & QuarantineLimits) | undefined
  /** Ids an interrupted run already repaired (from the journal). */
  alreadyRepaired?: ReadonlySet<string>
  journal?: Journal | undefined
  /** The stores sources read: the Actions cache when its service is reachable, and others. */
  ports: SourceContext['ports']
  /** The workspace's git index, when it lies in a git work tree: what the git source may offer. */
  git?: GitTracking | undefined
  /** How cache archives are proven in scratch before they are placed (with `cache`). */
  cacheRestore?: Omit<RestoreContext, 'workspace'> | undefined
  abort?: AbortSignal | undefined
  onLine?: ((id: string, line: string) => void) | undefined
  onStep?: ((r: StepResult) => void) | undefined
  now?: () => Date
}

/** The steps' results in plan order, and the findings verifying extractions made (by id). */
export interface PlanRun {
  steps: StepResult[]
  /**
   * Entries a cache archive or git healed, each proven byte by byte as it was extracted: the
   * final check may take these findings instead of reading the entries again.
   */
  proven: ReadonlyMap<string, Finding>
}

export async function runPlan(opts: RunPlanOptions): Promise<PlanRun> {
  if (!opts.gate.allowed) throw new InternalError('runPlan called without an allowed gate decision')
  const entries = new Map(opts.manifest.body.entries.map(e => [e.id, e]))
  const results = new Map<string, StepResult>()
  const proven = new Map<string, Finding>()
  const ctx = sourceContext(opts)
  const limit = pLimit(Math.max(1, opts.jobs ?? 1))
  const at = (): string => (opts.now?.() ?? new Date()).toISOString()
  for (const wave of opts.plan.waves) {
    const { finished, rest } = await runEscrowBatch(wave, entries, results, opts)
    for (const r of finished) results.set(r.id, r)
    opts.journal?.appendAll(finished.map(r => ({ id: r.id, outcome: r.outcome, at: at() })))
    for (const r of finished) opts.onStep?.(r)
    await Promise.all(
      rest.map(({ step, prior }) =>
        limit(async () => {
          const entry = entries.get(step.id)
          if (!entry) throw new InternalError(`plan names unknown entry ${step.id}`)
          const r = await runStep(step, entry, results, opts, ctx, proven, prior)
          results.set(step.id, r)
          opts.journal?.append({ id: r.id, outcome: r.outcome, at: at() })
          opts.onStep?.(r)
        })
      )
    )
  }
  return { steps: planSteps(opts.plan).map(s => results.get(s.id) as StepResult), proven }
}

/** What a step's escrow source did in a batch, for the step to go on from with its next source. */
interface Prior {
  attempts: Attempt[]
  after?: Finding | undefined
  quarantine?: QuarantineResult | undefined
}

/** The dependency of `step` that did not heal, if any. */
function failedDependency(step: Step, done: ReadonlyMap<string, StepResult>): string | undefined {
  return step.after.find(d => {
    const o = done.get(d)?.outcome
    return o !== 'repaired' && o !== 'already-repaired'
  })
}

/** The result of a step refused because a link above the entry leads out of the workspace. */
function plantedResult(entry: Entry, opts: RunPlanOptions, real: string, known?: RealDirs) {
  const planted = parentLinkOutside(
    opts.manifest.workspace,
    entry.path,
    entry.kind !== 'link',
    real,
    known
  )
  return planted
    ? {
        outcome: 'failed' as const,
        detail: `not restored: ${shown(planted.rel)} is a symbolic link out of the workspace (-> ${shown(planted.target)}); every source would write through it: remove it and run again`,
        attempts: []
      }
    : undefined
}

/**
 * The steps of a wave whose first source is escrow, restored together: each file written beside
 * its target exactly as a lone restore writes it, the batch made durable at once (syncFiles)
 * instead of one fsync each, each renamed into place through its checked parent, and all of them
 * re-verified in one uncached check. A step escrow did not heal goes on with its next source
 * (`rest`, with what escrow did); steps that start with another source, or that a resumed run
 * already repaired, run one by one as before.
 */
async function runEscrowBatch(
  wave: readonly Step[],
  entries: ReadonlyMap<string, Entry>,
  done: ReadonlyMap<string, StepResult>,
  opts: RunPlanOptions
): Promise<{ finished: StepResult[]; rest: { step: Step; prior?: Prior }[] }> {
  const batch: { step: Step; entry: FileEntry }[] = []
  const rest: { step: Step; prior?: Prior }[] = []
  for (const step of wave) {
    const entry = entries.get(step.id)
    if (!entry) throw new InternalError(`plan names unknown entry ${step.id}`)
    const eligible =
      entry.kind === 'file' &&
      step.source === 'escrow' &&
      !opts.abort?.aborted &&
      !opts.alreadyRepaired?.has(step.id) &&
      failedDependency(step, done) === undefined
    if (eligible) batch.push({ step, entry })
    else rest.push({ step })
  }
  const finished: StepResult[] = []
  if (batch.length === 0) return { finished, rest }
  const ws = opts.manifest.workspace
  const real = fs.realpathSync(ws)
  // Each directory is looked at once for the whole batch; commit re-checks it before each rename.
  const known: RealDirs = new Map()
  const staged: {
    step: Step
    entry: FileEntry
    q: QuarantineResult | undefined
    s: StagedEscrow
  }[] = []
  const failedEscrow = (step: Step, detail: string, q?: QuarantineResult): void => {
    rest.push({
      step,
      prior: { attempts: [{ source: 'escrow', outcome: 'failed', detail }], quarantine: q }
    })
  }
  for (const { step, entry } of batch) {
    const q = opts.quarantine ? safeQuarantine(entry, opts) : undefined
    const planted = plantedResult(entry, opts, real, known)
    if (planted) {
      finished.push({
        id: step.id,
        source: step.source,
        ...planted,
        ...(q ? { quarantine: q } : {})
      })
      continue
    }
    try {
      staged.push({ step, entry, q, s: stageEscrow(ws, entry, { sync: false, known }) })
    } catch (err) {
      failedEscrow(step, escrowFailure(err), q)
    }
  }
  let placed = staged
  try {
    const devs = new Map(staged.map(x => [x.s.dev, path.dirname(x.s.tmp)]))
    syncFiles(
      staged.map(x => x.s.tmp),
      [...devs.values()]
    )
  } catch (err) {
    for (const x of staged) {
      x.s.discard()
      failedEscrow(x.step, escrowFailure(err), x.q)
    }
    placed = []
  }
  const committed: typeof staged = []
  for (const x of placed) {
    try {
      // The re-verification below reads every committed file once: no hash at the rename too.
      x.s.commit({ prove: false })
      committed.push(x)
    } catch (err) {
      failedEscrow(x.step, escrowFailure(err), x.q)
    }
  }
  const after = new Map(
    committed.length > 0
      ? (await opts.reverify(committed.map(x => x.entry))).map(f => [f.id, f])
      : []
  )
  for (const { step, q } of committed) {
    const f = after.get(step.id)
    const attempt: Attempt = { source: 'escrow', outcome: 'healed', detail: 'restored from escrow' }
    if (f?.status === 'OK') {
      finished.push({
        id: step.id,
        source: 'escrow',
        outcome: 'repaired',
        detail: attempt.detail,
        attempts: [attempt],
        after: f,
        ...(q ? { quarantine: q } : {})
      })
      continue
    }
    const detail = `${attempt.detail}, but still ${f?.status ?? 'damaged'}: ${f?.detail ?? ''}`
    rest.push({
      step,
      prior: { attempts: [{ ...attempt, outcome: 'not-healed', detail }], after: f, quarantine: q }
    })
  }
  return { finished, rest }
}

/** Quarantine is evidence-keeping: failing to copy must not stop the repair, only be reported. */
function safeQuarantine(entry: Entry, opts: RunPlanOptions): QuarantineResult | undefined {
  if (!opts.quarantine) return undefined
  try {
    return quarantine(
      opts.manifest.workspace,
      opts.quarantine.stateDir,
      entry,
      opts.now?.() ?? new Date(),
      opts.quarantine
    )
  } catch (err) {
    return {
      skipped: `copy failed: ${err instanceof Error ? ((err as NodeJS.ErrnoException).code ?? err.message) : String(err)}`
    }
  }
}

async function runStep(
  step: Step,
  entry: Entry,
  done: ReadonlyMap<string, StepResult>,
  opts: RunPlanOptions,
  ctx: SourceContext,
  proven: Map<string, Finding>,
  prior?: Prior
): Promise<StepResult> {
  const base = { id: step.id, source: step.source }
  const tryAll = (sources: readonly Source[], from: Prior): Promise<StepResult> =>
    trySources(step, entry, sources, from, opts, ctx, proven)
  if (prior) return tryAll(sourcesOf(entry, srcOpts(opts, step)).slice(1), prior)
  if (opts.abort?.aborted)
    return { ...base, outcome: 'interrupted', detail: 'not started: interrupted', attempts: [] }
  const failedDep = failedDependency(step, done)
  if (failedDep)
    return { ...base, outcome: 'skipped', detail: `dependency failed: ${failedDep}`, attempts: [] }
  if (opts.alreadyRepaired?.has(step.id)) {
    const [after] = await opts.reverify([entry])
    if (after?.status === 'OK')
      return {
        ...base,
        outcome: 'already-repaired',
        detail: 'repaired by the interrupted run',
        after,
        attempts: []
      }
  }
  const sources = sourcesOf(entry, srcOpts(opts, step))
  if (sources.length === 0)
    return {
      ...base,
      outcome: 'unrepairable',
      detail: 'no restore source (recipe, cache, escrow or git)',
      attempts: []
    }
  const q = opts.quarantine ? safeQuarantine(entry, opts) : undefined
  const planted = plantedResult(entry, opts, fs.realpathSync(opts.manifest.workspace))
  if (planted) return { ...base, ...planted, ...(q ? { quarantine: q } : {}) }
  return tryAll(sources, { attempts: [], quarantine: q })
}

/** The plan decided whether the modes source is offered: what it shows is what runs. */
function srcOpts(opts: RunPlanOptions, step: Step): Parameters<typeof sourcesOf>[1] {
  return {
    savedState: opts.ports.cache !== undefined,
    git: opts.git,
    permOnly: step.sources.includes('modes'),
    relink: step.sources.includes('link')
  }
}

/** Try `sources` in order after what `prior` records, until one heals the entry. */
async function trySources(
  step: Step,
  entry: Entry,
  sources: readonly Source[],
  prior: Prior,
  opts: RunPlanOptions,
  ctx: SourceContext,
  proven: Map<string, Finding>
): Promise<StepResult> {
  const base = { id: step.id, source: step.source }
  const q = prior.quarantine
  const attempts: Attempt[] = [...prior.attempts]
  let recipe: Omit<RecipeResult, 'id'> | undefined
  let after: Finding | undefined = prior.after
  let ranCleanly = false
  for (const src of sources) {
    const tried = await attemptSource(src, entry, ctx)
    if (tried.recipe) recipe = tried.recipe
    if (tried.attempt.outcome === 'interrupted') {
      attempts.push(tried.attempt)
      return {
        ...base,
        outcome: 'interrupted',
        detail: tried.attempt.detail,
        attempts,
        ...(recipe ? { recipe } : {}),
        ...(q ? { quarantine: q } : {})
      }
    }
    if (
      tried.attempt.outcome === 'miss' ||
      tried.attempt.outcome === 'failed' ||
      tried.attempt.outcome === 'skipped' ||
      tried.attempt.outcome === 'not-healed'
    ) {
      // A refused cache archive never reached the workspace: nothing to re-verify.
      attempts.push(tried.attempt)
      continue
    }
    // An archive proven byte by byte while it was extracted needs no second read.
    ;[after] = tried.proven ? [tried.proven] : await opts.reverify([entry])
    const healed = after?.status === 'OK'
    if (healed && tried.proven) proven.set(entry.id, tried.proven)
    ranCleanly ||= src.kind === 'recipe'
    attempts.push({
      ...tried.attempt,
      outcome: healed ? 'healed' : 'not-healed',
      ...(healed
        ? {}
        : {
            detail: `${tried.attempt.detail}, but still ${after?.status ?? 'damaged'}: ${after?.detail ?? ''}`
          })
    })
    if (healed) {
      return {
        id: step.id,
        source: src.kind,
        outcome: 'repaired',
        detail: tried.attempt.detail,
        attempts,
        ...(after ? { after } : {}),
        ...(recipe ? { recipe } : {}),
        ...(q ? { quarantine: q } : {})
      }
    }
  }
  const last = attempts[attempts.length - 1]
  return {
    ...base,
    outcome: ranCleanly ? 'still-damaged' : 'failed',
    detail:
      attempts.length > 1
        ? attempts.map(a => `${a.source}: ${a.detail}`).join('; ')
        : (last?.detail ?? ''),
    attempts,
    ...(after ? { after } : {}),
    ...(recipe ? { recipe } : {}),
    ...(q ? { quarantine: q } : {})
  }
}

/** Scratch below RUNNER_TEMP (private to the job), else the system temp directory. */
function defaultRestore(opts: RunPlanOptions): Omit<RestoreContext, 'workspace'> {
  return {
    scratchBase: opts.callerEnv.RUNNER_TEMP || os.tmpdir(),
    readIndex: (id, ref) =>
      opts.manifest.sealIndexes?.get(id) ?? readIndex(indexPath(opts.manifest.file, id), ref),
    verifyAt: async (root, e) => {
      const [f] = await opts.reverifyAt(root, [e])
      if (!f) throw new InternalError(`no finding for ${e.id}`)
      return f
    }
  }
}

/** What every source of this run may use. */
function sourceContext(opts: RunPlanOptions): SourceContext {
  return {
    workspace: opts.manifest.workspace,
    restore: opts.cacheRestore ?? defaultRestore(opts),
    gate: opts.gate,
    callerEnv: opts.callerEnv,
    shell: opts.manifest.body.shell,
    timeoutS: entry => opts.timeoutS ?? entry.timeout_s ?? RECIPE_TIMEOUT_S,
    abort: opts.abort,
    onLine: opts.onLine,
    ports: opts.ports
  }
}
