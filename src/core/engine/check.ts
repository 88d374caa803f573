/**
 * `check` as a use case: verify the selection, run the smoke commands when asked and the
 * signatures allow, look up saved states in the cache when asked, and make the report once from
 * all of it. Nothing in the workspace is written; smoke commands are the only code that may run.
 */
import { lookupSavedStates, type CacheClient } from '../cache-port.js'
import type { LoadedManifest } from '../manifest/load.js'
import { decide, gateInput, type GateDecision, type TrustPolicy } from '../sign/gate.js'
import { withSeals } from './seal-entries.js'
import { runSmokes } from './smoke.js'
import { type SmokeSection } from '../report/report.js'
import { reportOf, verifySelection, type CheckOptions } from './selection.js'
import { selectEntries } from '../manifest/select.js'
import type { CheckReport } from '../report/report.js'
import type { CacheLookup } from '../cache-port.js'

export interface CheckRunOptions extends CheckOptions {
  /** Run each verified entry's smoke command, when `policy` allows the manifest's code. */
  smoke?:
    | {
        policy: TrustPolicy
        callerEnv: Readonly<Record<string, string | undefined>>
        abort?: AbortSignal | undefined
      }
    | undefined
  /** Report which entries have their exact state saved in this cache (nothing is downloaded). */
  cacheLookup?: CacheClient | undefined
}

export interface CheckRun {
  kind: 'check'
  report: CheckReport
  /** The signature decision, when smoke commands were asked for. */
  gate?: GateDecision | undefined
}

export async function check(loaded: LoadedManifest, opts: CheckRunOptions): Promise<CheckRun> {
  // Sealed entries with a seal here are checked as entries; the others are reported, not damaged.
  const { manifest: m, states } = await withSeals(loaded, opts.stateDir, opts.smoke?.policy)
  // Smoke commands, the cache lookup and the report hash nothing: the threads may end early.
  const checked = await verifySelection(m, { ...opts, lastHashing: true })
  let gate: GateDecision | undefined
  let smoke: SmokeSection | undefined
  if (opts.smoke) {
    gate = await decide(gateInput(m), opts.smoke.policy)
    const smoked = await runSmokes(
      m,
      checked.findings,
      gate,
      opts.smoke.callerEnv,
      opts.smoke.abort
    )
    checked.findings = smoked.findings
    checked.ms = Date.now() - checked.started.getTime()
    smoke = smoked.smoke
  }
  let lookup: CacheLookup[] | undefined
  if (opts.cacheLookup)
    lookup = await lookupSavedStates(m, selectEntries(m.body.entries, opts.only), opts.cacheLookup)
  const report = reportOf(m, checked, opts)
  return {
    kind: 'check',
    report: {
      ...report,
      ...(smoke ? { smoke } : {}),
      ...(lookup ? { cache_lookup: lookup } : {}),
      ...(states.length > 0 ? { sealed: states } : {})
    },
    ...(gate ? { gate } : {})
  }
}
