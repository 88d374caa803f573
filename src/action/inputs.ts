/**
 * Typed, strict readers for the Action's inputs. Unknown values are refused with the input named:
 * a typo in `fail-on` must not quietly turn a gate off.
 */
import * as core from '@actions/core'
import path from 'node:path'
import { UsageError, sign } from '../core/index.js'
import {
  COMMANDS,
  FAIL_ON,
  Inputs,
  SURVIVAL_COMMANDS,
  type Command,
  type FailOn,
  UPLOAD_REPORT,
  type UploadReport
} from './constants.js'

function choice<T extends string>(name: string, allowed: readonly T[], fallback: T): T {
  const v = core.getInput(name).trim()
  if (v === '') return fallback
  if (!(allowed as readonly string[]).includes(v))
    throw new UsageError(`input ${name}: "${v}" is not one of ${allowed.join(', ')}`)
  return v as T
}

/** A true/false input as every action of this repository reads it; '' is `fallback`. */
export function boolInput(name: string, fallback: boolean): boolean {
  const v = core.getInput(name).trim().toLowerCase()
  if (v === '') return fallback
  if (v === 'true') return true
  if (v === 'false') return false
  throw new UsageError(`input ${name}: "${v.slice(0, 40)}" is not true or false`)
}

const bool = boolInput

function int(name: string, min: number, max: number): number | undefined {
  const v = core.getInput(name).trim()
  if (v === '') return undefined
  if (!/^\d+$/.test(v) || Number(v) < min || Number(v) > max)
    throw new UsageError(`input ${name}: "${v}" is not a whole number from ${min} to ${max}`)
  return Number(v)
}

function list(name: string): string[] {
  return core
    .getInput(name)
    .split(/[\n,]/)
    .map(s => s.trim())
    .filter(Boolean)
}

export interface ActionInputs {
  command: Command
  manifest: string
  /** Never set from inputs: the manifest's own workspace is used (kept for the engine's option). */
  workspace: string | undefined
  /** The repository root ($GITHUB_WORKSPACE): annotations and SARIF paths are relative to it. */
  root: string
  only: string[]
  deep: boolean
  jobs: number | undefined
  timeout: number | undefined
  hmacKey: string | undefined
  trustedSigners: string
  require: 'hmac' | 'mldsa' | 'both'
  /** Distinct trusted ML-DSA signers required (checked against `require` here). */
  threshold: number | undefined
  minVersion: number | undefined
  waiveDigest: string | undefined
  failOn: FailOn
  annotations: boolean
  summary: boolean
  sarif: string | undefined
  /** Upload the full report and the SARIF file as a workflow artifact (auto: when the job can). */
  uploadReport: UploadReport
  cacheLookup: boolean
  /** Where canary probes anchor: the workspace input under $GITHUB_WORKSPACE. */
  canaryWorkspace: string
  canaryAt: string[]
  canaryVolatile: string[]
  canaryLargeBytes: number | undefined
  canaryHome: boolean
  canaryKey: string
  /** check/doctor/restore: add the (first) check's statuses to the survival history. */
  record: boolean
}

/** A canary measures: by default what it finds never fails the job. */
function defaultFailOn(command: Command): FailOn {
  if (command === 'doctor' || command === 'restore') return 'unrepairable'
  if ((SURVIVAL_COMMANDS as readonly string[]).includes(command)) return 'never'
  return 'damage'
}

/** `require` and `threshold` together: a threshold the requirement cannot honour is refused. */
function signerPolicy(): Pick<ActionInputs, 'require' | 'threshold'> {
  const require = choice(Inputs.Require, ['hmac', 'mldsa', 'both'] as const, 'mldsa')
  const threshold = int(Inputs.Threshold, 1, 16)
  const problem = sign.thresholdProblem(require, threshold, {
    threshold: `input ${Inputs.Threshold}:`,
    require: `${Inputs.Require}:`
  })
  if (problem) throw new UsageError(problem)
  return { require, threshold }
}

function canaryKey(): string {
  const v = core.getInput(Inputs.CanaryKey).trim() || 'default'
  if (!/^[A-Za-z0-9._-]{1,64}$/.test(v))
    throw new UsageError(`input ${Inputs.CanaryKey}: "${v}" must be 1-64 of A-Z a-z 0-9 . _ -`)
  return v
}

/**
 * A path input: one path. A list (one per line, as for several packages of a monorepo) is refused
 * in one line: each workspace needs outputs, a summary and a status of its own, which a matrix of
 * steps gives and one step's single-valued outputs cannot.
 */
function onePath(name: string, fallback: string): string {
  const v = core.getInput(name).trim()
  if (/[\r\n]/.test(v))
    throw new UsageError(
      `input ${name}: one path per step; for several workspaces run the step in a matrix (docs/action.md, "Monorepos")`
    )
  return v || fallback
}

/**
 * A secret input, read from the environment the step passes (the hand-over keeps secrets out of
 * `process.env`, where `core.getInput` looks), trimmed as `core.getInput` trims.
 */
export function secretInput(env: NodeJS.ProcessEnv, name: string): string {
  const v = (env[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`] ?? '').trim()
  return v === NOT_GIVEN ? '' : v
}

/**
 * What a secret input's action.yml default reads: the runner sets every input, so this is how a
 * left-out input differs from one given as `${{ secrets.X }}` where X is not there ('').
 */
export const NOT_GIVEN = '(none)'

/** The one warning for a secret input given but empty; `fellTo` says what the run does instead. */
export function emptySecretWarning(
  env: NodeJS.ProcessEnv,
  name: string,
  fellTo: string
): string | undefined {
  const raw = env[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`]
  if (raw === undefined || raw.trim() !== '') return undefined
  return `input ${name} is empty: the secret it names is not there (renamed, not granted to this environment, or a fork or Dependabot run); ${fellTo}`
}

export function readInputs(env: NodeJS.ProcessEnv): ActionInputs {
  const command = choice(Inputs.Command, COMMANDS, 'check')
  // The manifest path is relative to the workspace input ($GITHUB_WORKSPACE by default); the
  // directory it describes is the one it records (relative to itself), as with the CLI.
  const root = path.resolve(env.GITHUB_WORKSPACE || process.cwd())
  const base = path.resolve(root, onePath(Inputs.Workspace, '.'))
  const manifest = path.resolve(base, onePath(Inputs.Manifest, '.swr/manifest.json'))
  const workspace = undefined
  const hmacKey = secretInput(env, Inputs.HmacKey)
  const approve = core.getInput(Inputs.ApproveDigest).trim()
  if (approve && !/^[0-9a-fA-F]{64}$/.test(approve))
    throw new UsageError(`input ${Inputs.ApproveDigest}: not a 64-digit hex digest`)
  const sarif = core.getInput(Inputs.Sarif).trim()
  return {
    command,
    manifest,
    workspace,
    root,
    only: list(Inputs.Only),
    deep: bool(Inputs.Deep, false),
    jobs: int(Inputs.Jobs, 1, 32),
    timeout: int(Inputs.Timeout, 1, 86400),
    hmacKey: hmacKey === '' ? undefined : hmacKey,
    trustedSigners: core.getInput(Inputs.TrustedSigners),
    ...signerPolicy(),
    minVersion: int(Inputs.MinVersion, 1, Number.MAX_SAFE_INTEGER),
    waiveDigest: approve || undefined,
    failOn: choice(Inputs.FailOn, FAIL_ON, defaultFailOn(command)),
    annotations: bool(Inputs.Annotations, true),
    summary: bool(Inputs.Summary, true),
    sarif: sarif ? path.resolve(base, sarif) : undefined,
    uploadReport: choice(Inputs.UploadReport, UPLOAD_REPORT, 'auto'),
    cacheLookup: bool(Inputs.CacheLookup, false),
    canaryWorkspace: base,
    canaryAt: list(Inputs.CanaryAt),
    canaryVolatile: list(Inputs.CanaryVolatile),
    canaryLargeBytes: int(Inputs.CanaryLargeBytes, 0, 16 * 1024 * 1024 * 1024),
    canaryHome: bool(Inputs.CanaryHome, true),
    canaryKey: canaryKey(),
    record: bool(Inputs.Record, false)
  }
}
