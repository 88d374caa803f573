/**
 * Smoke commands (`check --run-smoke`): code from the manifest, so they run only after the gate
 * allows, and start the one way recipes do (exec/signed-command.ts: minimal environment,
 * process-group timeout, scrubbed output). Only entries whose files verify are smoke-tested; a
 * failing smoke turns OK into SMOKEFAIL.
 */
import type { LoadedManifest } from '../manifest/load.js'
import { describeResult } from '../exec/recipe.js'
import { runSignedCommand } from '../exec/signed-command.js'
import { loadSecretScan } from '../capture/secret-scan.js'
import { InternalError } from '../errors.js'
import type { GateDecision } from '../sign/gate.js'
import type { Finding } from '../types.js'
import type { SmokeResult, SmokeSection } from '../report/report.js'

export const SMOKE_TIMEOUT_S = 60

export async function runSmokes(
  m: LoadedManifest,
  findings: Finding[],
  gate: GateDecision,
  callerEnv: Readonly<Record<string, string | undefined>>,
  abort?: AbortSignal
): Promise<{ findings: Finding[]; smoke: SmokeSection }> {
  if (!gate.allowed)
    return { findings, smoke: { allowed: false, reason: gate.reason, results: [] } }
  const entries = new Map(m.body.entries.map(e => [e.id, e]))
  const results: SmokeResult[] = []
  const out: Finding[] = []
  for (const f of findings) {
    const e = entries.get(f.id)
    if (!e) throw new InternalError(`finding for unknown entry ${f.id}`)
    if (f.status !== 'OK' || !e.smoke || abort?.aborted) {
      out.push(f)
      continue
    }
    const timeoutMs = (e.smoke_timeout_s ?? SMOKE_TIMEOUT_S) * 1000
    const r = await runSignedCommand(
      { entry: e, command: e.smoke, shell: m.body.shell, cwd: m.workspace, timeoutMs },
      { gate, callerEnv, secretScan: await loadSecretScan(), abort }
    )
    const detail = `smoke ${describeResult(r, timeoutMs)}`
    const passed = r.exitCode === 0 && !r.timedOut && !r.interrupted
    results.push({
      id: e.id,
      outcome: passed ? 'passed' : 'failed',
      detail,
      ...(passed ? {} : { output: r.output.slice(-4096) })
    })
    out.push(passed ? f : { ...f, status: 'SMOKEFAIL', reason: 'smoke', detail })
  }
  return { findings: out, smoke: { allowed: true, reason: gate.reason, results } }
}
