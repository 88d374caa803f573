/**
 * Sealed manifest entries in the use cases: resolve them against this machine's seals before a
 * check or a repair, and, in a repair, make the seals that are missing. An entry without a seal for
 * its current key (a fresh machine, `npm install foo` changed the lockfile) has its recipe run and
 * its smoke command run, as any recipe does only after the signature gate; when both pass, the
 * result is captured, sealed with this machine's keys and kept in the state directory. So the next
 * check verifies against the state this machine built and proved, instead of calling a correct
 * install damaged.
 */
import path from 'node:path'
import { reasonOf } from '../archive/rejected.js'
import { loadSecretScan } from '../capture/secret-scan.js'
import { describeResult } from '../exec/recipe.js'
import { RECIPE_TIMEOUT_S, runSignedCommand } from '../exec/signed-command.js'
import type { LoadedManifest } from '../manifest/load.js'
import {
  resolveSeals,
  storedSealFile,
  writeStoredSeal,
  type ResolvedSeals,
  type SealState
} from '../seal/entries.js'
import { currentPlatform } from '../seal/key.js'
import { quarantineSeal, type QuarantineLimits } from '../restore/quarantine.js'
import { makeSeal } from '../seal/make.js'
import { signSeal, type SealTrust } from '../seal/trust.js'
import { loadHmacKey, loadIdentitySeed } from '../sign/keys.js'
import { identityFromSeed, type Identity } from '../sign/mldsa.js'
import { readTrustStore } from '../sign/trust.js'
import type { GateDecision, TrustPolicy } from '../sign/gate.js'
import { recipesOf, type SealedSpec } from '../types.js'
import type { SealingStep } from '../report/report.js'
import { SMOKE_TIMEOUT_S } from './smoke.js'

async function machineIdentity(stateDir: string): Promise<Identity | undefined> {
  const seed = loadIdentitySeed(stateDir)
  return seed ? identityFromSeed(seed) : undefined
}

/** The seals this machine trusts: its own keys, its trust store, and the run's policy. */
export async function machineTrust(
  stateDir: string,
  policy?: Pick<TrustPolicy, 'hmacKey' | 'trusted'>
): Promise<SealTrust> {
  const trusted = new Set<string>(policy?.trusted ?? [])
  for (const s of readTrustStore(stateDir)) trusted.add(s.fingerprint)
  const own = await machineIdentity(stateDir)
  if (own) trusted.add(own.fingerprint)
  const hmacKey = policy?.hmacKey ?? loadHmacKey(stateDir)?.key
  return { require: 'any', hmacKey, trusted }
}

/** `m` with each sealed entry that has a seal here resolved into an ordinary entry. */
export async function withSeals(
  m: LoadedManifest,
  stateDir: string,
  policy?: Pick<TrustPolicy, 'hmacKey' | 'trusted'>
): Promise<ResolvedSeals> {
  if (!m.body.sealed?.length) return { manifest: m, states: [] }
  return resolveSeals(m, {
    stateDir,
    platform: currentPlatform(),
    trust: await machineTrust(stateDir, policy)
  })
}

export interface SealMissingOptions {
  stateDir: string
  gate: GateDecision
  policy: TrustPolicy
  callerEnv: Readonly<Record<string, string | undefined>>
  timeoutS?: number | undefined
  abort?: AbortSignal | undefined
  onLine?: ((id: string, line: string) => void) | undefined
  now?: Date
  quarantineLimits?: QuarantineLimits | undefined
}

async function sealOne(
  m: LoadedManifest,
  spec: SealedSpec,
  key: string,
  opts: SealMissingOptions,
  damaged: boolean
): Promise<SealingStep> {
  const step = (outcome: SealingStep['outcome'], detail: string): SealingStep => ({
    id: spec.id,
    key,
    outcome,
    detail
  })
  const run = {
    gate: opts.gate,
    callerEnv: opts.callerEnv,
    secretScan: await loadSecretScan(),
    abort: opts.abort,
    onLine: opts.onLine
  }
  for (const recipe of recipesOf(spec)) {
    const timeoutMs = (opts.timeoutS ?? spec.timeout_s ?? RECIPE_TIMEOUT_S) * 1000
    const r = await runSignedCommand(
      { entry: spec, command: recipe, shell: m.body.shell, cwd: m.workspace, timeoutMs },
      run
    )
    if (r.exitCode !== 0 || r.timedOut || r.interrupted)
      return step('recipe-failed', `recipe ${describeResult(r, timeoutMs)}`)
  }
  if (spec.smoke) {
    const timeoutMs = (spec.smoke_timeout_s ?? SMOKE_TIMEOUT_S) * 1000
    const r = await runSignedCommand(
      { entry: spec, command: spec.smoke, shell: m.body.shell, cwd: m.workspace, timeoutMs },
      run
    )
    if (r.exitCode !== 0 || r.timedOut || r.interrupted)
      return step('smoke-failed', `smoke ${describeResult(r, timeoutMs)}: not sealed`)
  }
  const abs = path.join(m.workspace, spec.path)
  let body
  try {
    body = await makeSeal({
      key,
      locations: [
        { spelling: spec.path, abs, member: spec.path, kind: spec.kind, ignore: spec.ignore }
      ],
      at: opts.now ?? new Date()
    })
  } catch (err) {
    return step('absent', `not sealed: ${(err as Error).message.split('\n')[0]}`)
  }
  const doc = await signSeal(body, {
    hmacKey: opts.policy.hmacKey,
    identity: await machineIdentity(opts.stateDir)
  })
  const file = storedSealFile(opts.stateDir, m.file, spec.id, key)
  // The seal that could not be used goes into quarantine only now: a recipe that fails leaves it
  // in place, still reported as damage, instead of an entry that reads as merely unsealed.
  let moved = ''
  if (damaged) {
    try {
      quarantineSeal(opts.stateDir, file, spec.id, opts.now ?? new Date(), opts.quarantineLimits)
      moved = ' (the damaged seal was moved into quarantine)'
    } catch (err) {
      return step(
        'absent',
        `not sealed: the damaged seal could not be moved aside: ${reasonOf(err)}`
      )
    }
  }
  writeStoredSeal(opts.stateDir, file, doc)
  const by =
    doc.signatures.length > 0
      ? `signed by ${doc.signatures.map(s => (s.alg === 'hmac-sha256' ? 'hmac' : 'ml-dsa')).join(' and ')}`
      : 'unsigned (no key on this machine)'
  return step(
    'sealed',
    `recipe${spec.smoke ? ' and smoke' : ''} passed; sealed for key ${key}, ${by}${moved}`
  )
}

/**
 * Make the seals that are missing (state `unsealed`) or cannot be used (`damaged`: moved into
 * quarantine once the new state is captured), in manifest order, when the gate allows the
 * manifest's code. A seal that is well-formed but refused (a trusted signature on it does not
 * hold) is left as it is and reported: it may be tampered with, and only its owner should replace
 * it.
 */
export async function sealMissing(
  m: LoadedManifest,
  states: readonly SealState[],
  opts: SealMissingOptions
): Promise<SealingStep[]> {
  const specs = new Map((m.body.sealed ?? []).map(s => [s.id, s]))
  const out: SealingStep[] = []
  for (const st of states) {
    const spec = specs.get(st.id)
    if (!spec || (st.state !== 'unsealed' && st.state !== 'damaged') || st.key === undefined)
      continue
    if (!opts.gate.allowed) {
      out.push({
        id: st.id,
        key: st.key,
        outcome: 'refused',
        detail: `not sealed: ${opts.gate.reason}`
      })
      continue
    }
    if (opts.abort?.aborted) break
    out.push(await sealOne(m, spec, st.key, opts, st.state === 'damaged'))
  }
  return out
}
