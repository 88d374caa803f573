/**
 * `export-recipes` as a use case: every restore recipe of the selection as one bash script, in the
 * order a repair would run them (tiers, then dependencies), for running by hand or in another
 * tool. Exporting code is running code by another name, so the gate decides first and a refused
 * manifest yields no script at all. Returns the steps and the finished script.
 */
import { EXIT, SwrError } from '../errors.js'
import type { LoadedManifest } from '../manifest/load.js'
import { decide, gateInput, type GateDecision, type TrustPolicy } from '../sign/gate.js'
import { restoreOrder } from '../restore/plan.js'
import { shellQuote } from '../text/shell-quote.js'
import { recipesOf, type Entry, type Kind } from '../types.js'
import { selectEntries } from '../manifest/select.js'

export interface ExportRecipesOptions {
  policy: TrustPolicy
  only?: string[] | undefined
}

export interface ExportedStep {
  id: string
  kind: Kind
  path: string
  tier: number
  /** Ids whose recipes come first. */
  after: string[]
  recipes: string[]
}

export interface ExportRecipesRun {
  kind: 'export-recipes'
  gate: GateDecision
  manifest: string
  digest: string
  version: number
  steps: ExportedStep[]
  /** The bash script: a header, then each step's recipes as alternatives (`||`). */
  script: string
}

export async function exportRecipes(
  m: LoadedManifest,
  opts: ExportRecipesOptions
): Promise<ExportRecipesRun> {
  const gate = await decide(gateInput(m), opts.policy)
  if (!gate.allowed)
    throw new SwrError(
      `export-recipes: refusing to export recipes: ${gate.reason}`,
      EXIT.UNREPAIRABLE
    )
  const entries = selectEntries(m.body.entries, opts.only).filter(e => recipesOf(e).length > 0)
  const steps = orderedSteps(entries)
  const lines = [
    '#!/usr/bin/env bash',
    // Every manifest string outside the signed recipes goes through shellQuote: one word, one line.
    `# swr recipes for ${shellQuote(m.file)}`,
    `# manifest digest ${m.digest}, version ${m.body.version}`,
    'set -euo pipefail',
    `cd ${shellQuote(m.workspace)}`
  ]
  for (const s of steps)
    lines.push(
      '',
      `# tier ${s.tier}: ${shellQuote(s.id)} (${shellQuote(s.path)})${s.after.length ? ` after ${s.after.map(shellQuote).join(', ')}` : ''}`,
      s.recipes.map(r => `( ${r}\n)`).join(' ||\n')
    )
  return {
    kind: 'export-recipes',
    gate,
    manifest: m.file,
    digest: m.digest,
    version: m.body.version,
    steps,
    script: lines.join('\n') + '\n'
  }
}

/** The entries as a repair plan orders them, each with the ids it comes after. */
function orderedSteps(entries: readonly Entry[]): ExportedStep[] {
  const byId = new Map(entries.map(e => [e.id, e]))
  return restoreOrder(entries).flatMap(step => {
    const e = byId.get(step.id)
    return e
      ? [
          {
            id: e.id,
            kind: e.kind,
            path: e.path,
            tier: e.tier,
            after: step.after,
            recipes: recipesOf(e)
          }
        ]
      : []
  })
}
