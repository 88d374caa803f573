/**
 * `swr attacktest`: run the attack suite against this build (the same classes and oracle as the
 * property test in npm test), then switch each defence off once to show the suite has teeth.
 * Exit 0 when nothing was forged and nothing crashed with every defence on, else 2.
 */
import { createHash, randomBytes } from 'node:crypto'
import { EXIT, type ExitCode, sign } from '../../core/index.js'
import type { CliIo } from '../io.js'
import type { GlobalOptions } from '../options.js'
import type { Command } from 'commander'
import type { CommandContext } from '../command.js'
import { intOption, withGlobals } from '../options.js'

export interface AttackFlags extends GlobalOptions {
  count: number
  seed?: string
}

/** A small deterministic PRNG (xorshift32) seeded from --seed or random bytes. */
function prng(seed: string): () => number {
  let x = createHash('sha256').update(seed).digest().readUInt32LE(0) || 1
  return () => {
    x ^= x << 13
    x ^= x >>> 17
    x ^= x << 5
    return x >>> 0
  }
}

export async function attacktestCommand(flags: AttackFlags, io: CliIo): Promise<ExitCode> {
  const seed = flags.seed ?? randomBytes(8).toString('hex')
  const next = prng(seed)
  const scenario = await sign.buildScenario(n =>
    createHash('sha256').update(`${seed}/${n}`).digest()
  )
  const t0 = performance.now()
  const counts = await sign.runSuite(scenario, flags.count, next)
  const ms = Math.round(performance.now() - t0)
  const probes: Record<string, number> = {}
  for (const [defence, cls] of Object.entries(sign.DEFENCE_PROBES)) {
    const weakened: sign.SuiteDefenses = { ...sign.ALL_SUITE_DEFENSES, [defence]: false }
    probes[defence] = (await sign.runSuite(scenario, 20, next, weakened, [cls])).forgeries
  }
  const ok = counts.forgeries === 0 && counts.crashes === 0
  const toothless = Object.entries(probes)
    .filter(([, n]) => n === 0)
    .map(([d]) => d)
  if (flags.json) {
    io.stdout.write(
      JSON.stringify(
        {
          schema: 'swr.attacktest/1',
          seed,
          ms,
          ...counts,
          defence_probes: probes,
          ok: ok && toothless.length === 0
        },
        null,
        2
      ) + '\n'
    )
  } else {
    io.stdout.write(`attack suite (seed ${seed}): ${counts.attempts} mutations in ${ms} ms\n`)
    io.stdout.write(
      `  refused ${counts.refused}, accepted unchanged ${counts.acceptedHonest}, forgeries ${counts.forgeries}, crashes ${counts.crashes}\n`
    )
    for (const [cls, c] of Object.entries(counts.byClass).sort()) {
      io.stdout.write(
        `  ${cls.padEnd(26)} ${String(c.attempts).padStart(6)} attempts  ${c.forgeries} forged  ${c.crashes} crashed\n`
      )
    }
    io.stdout.write(
      'each defence switched off (forgeries found in 20 targeted attempts; must be > 0):\n'
    )
    for (const [d, n] of Object.entries(probes)) io.stdout.write(`  ${d.padEnd(20)} ${n}\n`)
    io.stdout.write(
      ok && toothless.length === 0
        ? 'PASS\n'
        : `FAIL${toothless.length ? ` (defences with no effect: ${toothless.join(', ')})` : ''}\n`
    )
  }
  return ok && toothless.length === 0 ? EXIT.HEALTHY : EXIT.UNREPAIRABLE
}

export function registerAttacktest(program: Command, { io, run }: CommandContext): void {
  withGlobals(program.command('attacktest'))
    .description(
      'attack a signed manifest with generated forgeries against this build; exit 0 when none succeeds'
    )
    .option(
      '--count <n>',
      'mutations to try (default 10000)',
      intOption('--count', 1, 10_000_000),
      10_000
    )
    .option('--seed <text>', 'repeat a run exactly')
    .action((flags: AttackFlags) => run(() => attacktestCommand(flags, io)))
}
