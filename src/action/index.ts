// The Action's entry for both of its steps: hand the job's secrets over out of the process's
// starting environment (handover.ts) before anything else loads, run, let the log reach the
// runner, then end the process (HTTP clients can leave handles open). The post step starts this
// same bundle through dist/post/index.js (src/action/post-start.mjs), which marks the phase
// first: one bundle serves both steps, where two near-identical 2 MB bundles doubled the build.
import { handOver, withSecrets } from './handover.js'

let handedOver: string | undefined
try {
  handOver()
} catch (e) {
  handedOver = e instanceof Error ? e.message : String(e)
}
const log = await import('./log.js')
const children = await import('./children.js')
const phase: unknown = Reflect.get(globalThis, Symbol.for('swr.action.phase'))
// The cache steps' children are the cache client's archivers: they end with the step.
const cacheStep = typeof phase === 'string' && phase.startsWith('cache')
if (cacheStep) children.endChildrenOnSignals()
if (handedOver !== undefined) {
  log.error(handedOver)
  process.exitCode = 1
} else {
  // The secrets travel as values from here on; process.env never holds them again.
  const env = withSecrets(process.env)
  if (cacheStep) {
    const cache = await import('./cache/run.js')
    if (phase === 'cache') await cache.restorePhase(env, { saveAfter: true })
    else if (phase === 'cache-restore') await cache.restorePhase(env, { saveAfter: false })
    else await cache.savePhase(env, { post: phase === 'cache-post' })
  } else
    await (phase === 'post'
      ? (await import('./post.js')).post(env)
      : (await import('./main.js')).run(env))
}
await log.flushed()
// What a save given up at its deadline still had running (the cache client's tar and zstd).
if (cacheStep) children.endChildren()
process.exit(process.exitCode ?? 0)
