/**
 * `selftest` as a use case: prove recipes are idempotent, since doctor may run them many times.
 * Recipes are manifest code, so the gate decides first. Each selected recipe then runs twice in a
 * scratch copy of the workspace (never the live one), with HOME pointed into the scratch too, and
 * after each run its entry must verify; with `fromScratch` the entry is removed first, so the
 * recipe must also recreate it from nothing. Returns each entry's verdict with a line per run,
 * the symlinks left out of the scratch copy, and whether every recipe passed; the scratch copy is
 * gone when it returns.
 *
 * The scratch copy carries no symlink that could lead outside it (an absolute target, or one that
 * climbs out), so neither swr nor a recipe writing through one reaches a file outside it. Removing
 * an entry resolves its path without following a symlink in any component; an entry behind one
 * fails without running.
 */
import fs from 'node:fs'
import path from 'node:path'
import { EXIT, SwrError } from '../errors.js'
import type { LoadedManifest } from '../manifest/load.js'
import { decide, gateInput, type GateDecision, type TrustPolicy } from '../sign/gate.js'
import { restoreOrder } from '../restore/plan.js'
import { describeResult } from '../exec/recipe.js'
import { RECIPE_TIMEOUT_S, runSignedCommand } from '../exec/signed-command.js'
import { loadSecretScan } from '../capture/secret-scan.js'
import {
  linkStaysInside,
  relativeInside,
  resolveNoFollow,
  SymlinkRefusal
} from '../fs/no-follow.js'
import { makeOwnedTemp } from '../state/leftovers.js'
import { escapeText } from '../text/escape.js'
import { recipesOf, type Entry } from '../types.js'
import { reverifier } from './selection.js'
import { selectEntries } from '../manifest/select.js'

export interface SelftestOptions {
  policy: TrustPolicy
  stateDir: string
  /** Where the scratch copy is made. */
  tmpDir: string
  /** The environment swr was started with (recipes see only what their entry names). */
  callerEnv: Readonly<Record<string, string | undefined>>
  only?: string[] | undefined
  /** Test recipes of tiers up to this one (default 4: all). */
  maxTier?: number | undefined
  /** Succeed when no entry with a recipe matches the selection. */
  allowEmpty?: boolean | undefined
  /** Remove each entry from the scratch copy first: the recipe must recreate it. */
  fromScratch?: boolean | undefined
  /** Overrides every entry's timeout_s. */
  timeoutS?: number | undefined
  /** False: never walk with GNU find. */
  nativeWalk?: boolean | undefined
  abort?: AbortSignal | undefined
}

export interface SelftestEntry {
  id: string
  passed: boolean
  /** One line per run: how the recipe ended and what the entry was after it. */
  runs: string[]
}

export interface SelftestRun {
  kind: 'selftest'
  gate: GateDecision
  /** Symlinks (workspace-relative) left out of the scratch copy: they lead outside it. */
  leftOut: string[]
  results: SelftestEntry[]
  /** Every tested recipe left its entry verifying, twice. */
  passed: boolean
}

export async function selftest(live: LoadedManifest, opts: SelftestOptions): Promise<SelftestRun> {
  const selected = selectEntries(live.body.entries, opts.only).filter(
    e => recipesOf(e).length > 0 && e.tier <= (opts.maxTier ?? 4)
  )
  if (selected.length === 0 && !opts.allowEmpty)
    throw new SwrError(
      'selftest: no entry with a restore recipe matches the selection (pass --allow-empty to accept that)',
      EXIT.UNREPAIRABLE
    )
  const gate = await decide(gateInput(live), opts.policy)
  if (!gate.allowed)
    throw new SwrError(`selftest: refusing to run recipes: ${gate.reason}`, EXIT.UNREPAIRABLE)
  const scratch = makeOwnedTemp(opts.tmpDir, 'swr-selftest')
  try {
    const ws = path.join(scratch, 'workspace')
    const home = path.join(scratch, 'home')
    const leftOut = copyWithoutOutsideLinks(live.workspace, ws)
    fs.mkdirSync(home)
    const m: LoadedManifest = { ...live, workspace: fs.realpathSync(ws) }
    const results: SelftestEntry[] = []
    const round = roundRunner(m, home, gate, opts)
    for (const e of planOrder(selected)) {
      if (opts.fromScratch) {
        try {
          fs.rmSync(resolveNoFollow(m.workspace, e.path), { recursive: true, force: true })
        } catch (err) {
          if (!(err instanceof SymlinkRefusal)) throw err
          results.push({ id: e.id, passed: false, runs: [`not run: ${err.message}`] })
          continue
        }
      }
      const runs = [await round(e, 1), await round(e, 2)]
      results.push({ id: e.id, passed: runs.every(r => r.ok), runs: runs.map(r => r.line) })
    }
    return { kind: 'selftest', gate, leftOut, results, passed: results.every(r => r.passed) }
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true })
  }
}

/** The selected entries in the order a repair would restore them (tiers, then dependencies). */
function planOrder(selected: readonly Entry[]): Entry[] {
  const byId = new Map(selected.map(e => [e.id, e]))
  return restoreOrder(selected).flatMap(s => byId.get(s.id) ?? [])
}

/** One run of an entry's first recipe in the scratch copy, and the entry verified after it. */
function roundRunner(
  m: LoadedManifest,
  home: string,
  gate: GateDecision,
  opts: SelftestOptions
): (e: Entry, round: number) => Promise<{ ok: boolean; line: string }> {
  const verify = reverifier(m, { stateDir: opts.stateDir, nativeWalk: opts.nativeWalk })
  return async (e, round) => {
    const timeoutMs = (opts.timeoutS ?? e.timeout_s ?? RECIPE_TIMEOUT_S) * 1000
    const r = await runSignedCommand(
      {
        entry: e,
        command: recipesOf(e)[0] ?? 'false',
        shell: m.body.shell,
        cwd: m.workspace,
        timeoutMs,
        setEnv: { HOME: home }
      },
      { gate, callerEnv: opts.callerEnv, secretScan: await loadSecretScan(), abort: opts.abort }
    )
    const [after] = await verify([e])
    const ok = r.exitCode === 0 && after?.status === 'OK'
    return {
      ok,
      line: `run ${round}: ${describeResult(r, timeoutMs)}, entry ${after?.status ?? '?'}${ok ? '' : `: ${escapeText(after?.detail ?? '')}`}`
    }
  }
}

/** Copy the workspace, leaving out symlinks that may lead outside it (returned). */
function copyWithoutOutsideLinks(from: string, to: string): string[] {
  const root = fs.realpathSync(from)
  const leftOut: string[] = []
  fs.cpSync(root, to, {
    recursive: true,
    verbatimSymlinks: true,
    filter: src => {
      const st = fs.lstatSync(src)
      if (!st.isSymbolicLink() || linkStaysInside(root, src, fs.readlinkSync(src))) return true
      leftOut.push(relativeInside(root, src) ?? src)
      return false
    }
  })
  return leftOut
}
